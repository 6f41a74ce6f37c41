/* The French Alliance's consequences (12.2, 12.3, 5.5) and the British
 * removal of PCs when Washington is captured (7.6.B), on the real map
 * with a cleared board. */
#include "support.h"
#include "rules_internal.h"

/* A game in the 1778 Strategy Phase with nothing on the map; Rochambeau
 * and the French CUs in the French box. */
static void fresh(struct test_game *g)
{
	game_start(g);
	struct ww_state *s = &g->s;
	memset(s->space, 0, sizeof s->space);
	for (int k = 0; k < g->d->ngenerals; k++)
		if (s->general_at[k] >= 0)
			s->general_at[k] = WW_LOC_REMOVED;
	s->congress_at = WW_LOC_DISPERSED;
	s->year = 1778;
	s->phase = WW_PH_STRATEGY;
	s->prompt = WW_ASK_NOTHING;
}

static int at(struct test_game *g, const char *name)
{
	return space(g->d, name);
}

static int gen(struct test_game *g, const char *name)
{
	return general(g->d, name);
}

static struct ww_order answer(enum ww_order_kind kind, int n, ...)
{
	struct ww_order o;
	ww_order_init(&o);
	o.kind = kind;
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		o.spaces[o.nspaces++] = va_arg(ap, int);
	va_end(ap);
	return o;
}

static struct ww_order navy(int z)
{
	struct ww_order o = answer(WW_ORD_NAVY, 0);
	o.zone = z;
	return o;
}

static void ok(struct test_game *g, enum ww_side side, struct ww_order o)
{
	step_ok(g, ww_french_answer, side, &o);
}

static void refused(struct test_game *g, enum ww_side side, struct ww_order o, const char *needle)
{
	step_refused(g, ww_french_answer, side, &o, needle);
}

static bool enter_war(struct test_game *g)
{
	struct ww_ctx c = game_ctx(g);
	g->s.prompt = WW_ASK_NOTHING; /* as the dispatcher leaves it */
	return ww_french_enter_war(&c);
}

/* ---- the blockade (12.3) ---- */

static void test_12_3_blockaded_ports_are_the_navy_zone_ports(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	const struct ww_data *d = g.d;
	int phila = at(&g, "Philadelphia PA"), wilm = at(&g, "Wilmington DE");
	int ny = at(&g, "New York NY"), reading = at(&g, "Reading PA");
	assert_false(ww_blockaded(d, &g.s, phila)); /* no navy yet */
	g.s.french_in_war = true;
	g.s.french_navy_zone = zone(g.d, "Delaware");
	assert_true(ww_blockaded(d, &g.s, phila));
	assert_true(ww_blockaded(d, &g.s, wilm));
	assert_false(ww_blockaded(d, &g.s, ny));
	assert_false(ww_blockaded(d, &g.s, reading));
	int ports = 0;
	for (int sp = 0; sp < d->nspaces; sp++)
		ports += ww_blockaded(d, &g.s, sp);
	assert_int_equal(ports, 2); /* the table of 12.3: Philadelphia, Wilmington DE */
	g.s.french_navy_away = true; /* d'Estaing (12.3) */
	assert_false(ww_blockaded(d, &g.s, phila));
	game_end(&g);
}

/* ---- France enters the war (12.2.B.i, ii) ---- */

static void test_12_2_B_navy_then_french_forces(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	assert_false(enter_war(&g)); /* France is not in the war */
	g.s.french_in_war = true;
	assert_true(enter_war(&g));
	assert_int_equal(g.s.prompt, WW_ASK_FRENCH_NAVY);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	refused(&g, WW_AMERICAN, navy(g.d->nzones), "Blockade Zone");
	refused(&g, WW_BRITISH, navy(0), "American player");
	ok(&g, WW_AMERICAN, navy(zone(g.d, "Chesapeake")));
	assert_int_equal(g.s.french_navy_zone, zone(g.d, "Chesapeake"));
	assert_true(saw_event(&g, "French Navy enters the Chesapeake"));

	assert_true(enter_war(&g));
	assert_int_equal(g.s.prompt, WW_ASK_FRENCH_FORCES);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	int ny = at(&g, "New York NY"), boston = at(&g, "Boston MA"), albany = at(&g, "Albany NY");
	int yorktown = at(&g, "Yorktown VA"), roch = gen(&g, "Rochambeau");
	g.s.space[ny].pc = WW_BRITISH;
	g.s.space[boston].cu[WW_NAT_BRITISH] = 1;
	refused(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, ny), "British PC");
	refused(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, boston), "British CU");
	refused(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, albany), "not a port");
	refused(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 2, yorktown, yorktown), "one port");
	/* blockaded or not does not matter; an American PC is welcome */
	g.s.space[yorktown].pc = WW_AMERICAN;
	ok(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, yorktown));
	assert_int_equal(g.s.general_at[roch], yorktown);
	assert_int_equal(g.s.space[yorktown].cu[WW_NAT_FRENCH], g.d->french_box_cu);
	assert_int_equal(g.s.cu_french_box, 0);
	assert_false(enter_war(&g)); /* all done */
	refused(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, yorktown), "already entered");
	game_end(&g);
}

static void test_12_2_B_ii_no_free_port_sends_them_to_the_box(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	const struct ww_data *d = g.d;
	g.s.french_in_war = true;
	g.s.french_navy_zone = 0;
	for (int sp = 0; sp < d->nspaces; sp++)
		if (d->spaces[sp].port)
			g.s.space[sp].pc = WW_BRITISH;
	assert_false(enter_war(&g));
	assert_int_equal(g.s.general_at[gen(&g, "Rochambeau")], WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_FRENCH], d->french_box_cu);
	assert_int_equal(g.s.cu_french_box, 0);
	assert_true(saw_event(&g, "American Reinforcements box"));
	assert_false(enter_war(&g));
	game_end(&g);
}

/* 8.2.C applied to Rochambeau's arrival (docs/rulings.md). */
static void test_12_2_B_ii_rochambeau_and_the_general_already_there(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	g.s.french_in_war = true;
	g.s.french_navy_zone = 0;
	int newport = at(&g, "Newport RI"), boston = at(&g, "Boston MA");
	int greene = gen(&g, "Greene"), washington = gen(&g, "Washington");
	int roch = gen(&g, "Rochambeau");
	g.s.general_at[washington] = (int16_t)boston;
	g.s.general_at[greene] = (int16_t)newport;
	g.s.space[newport].cu[WW_NAT_AMERICAN] = 2;
	assert_true(enter_war(&g));
	refused(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, boston), "Washington");
	ok(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, newport));
	assert_int_equal(g.s.general_at[roch], newport);
	assert_int_equal(g.s.general_at[greene], WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.space[newport].cu[WW_NAT_AMERICAN], 2);
	game_end(&g);
}

/* 8.2 Clarification, for the French forces' arrival too. */
static void test_12_2_B_ii_french_forces_capture_a_lone_british_general(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	g.s.french_in_war = true;
	g.s.french_navy_zone = 0;
	int savannah = at(&g, "Savannah GA"), howe = gen(&g, "Howe");
	g.s.general_at[howe] = (int16_t)savannah;
	assert_true(enter_war(&g));
	ok(&g, WW_AMERICAN, answer(WW_ORD_FRENCH_FORCES, 1, savannah));
	assert_int_equal(g.s.general_at[howe], WW_LOC_CAPTURED);
	game_end(&g);
}

/* ---- the French Naval Phase (5.5) ---- */

static void test_5_5_the_american_may_move_the_navy(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	struct ww_ctx c = game_ctx(&g);
	g.s.phase = WW_PH_FRENCH_NAVAL;
	assert_false(ww_french_naval_phase(&c)); /* not in the war */
	g.s.french_in_war = true;
	assert_false(ww_french_naval_phase(&c)); /* never placed: 12.2.B.i places it */
	g.s.french_navy_zone = zone(g.d, "Carolinas");
	assert_true(ww_french_naval_phase(&c));
	assert_int_equal(g.s.prompt, WW_ASK_FRENCH_NAVY);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	ok(&g, WW_AMERICAN, navy(zone(g.d, "Carolinas"))); /* it may stay */
	assert_int_equal(g.s.french_navy_zone, zone(g.d, "Carolinas"));
	assert_true(saw_event(&g, "stays in the Carolinas"));
	ok(&g, WW_AMERICAN, navy(zone(g.d, "St. Lawrence")));
	assert_true(saw_event(&g, "from the Carolinas to the St. Lawrence"));
	/* away after d'Estaing: back in any zone at the next French Naval Phase */
	g.s.french_navy_away = true;
	assert_true(ww_french_naval_phase(&c));
	ok(&g, WW_AMERICAN, navy(zone(g.d, "South Atlantic")));
	assert_false(g.s.french_navy_away);
	assert_int_equal(g.s.french_navy_zone, zone(g.d, "South Atlantic"));
	assert_true(ww_blockaded(g.d, &g.s, at(&g, "Savannah GA")));
	game_end(&g);
}

/* ---- the European War (12.2.B.iii) ---- */

static bool european_war(struct test_game *g)
{
	struct ww_ctx c = game_ctx(g);
	g->s.prompt = WW_ASK_NOTHING;
	g->s.phase = WW_PH_END;
	g->s.french_alliance_now = true;
	return ww_european_war(&c);
}

static void test_12_2_B_iii_british_remove_2_cus(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int ny = at(&g, "New York NY"), phila = at(&g, "Philadelphia PA");
	int quebec = at(&g, "Quebec"), albany = at(&g, "Albany NY");
	g.s.french_in_war = true;
	g.s.french_navy_zone = zone(g.d, "Delaware");
	g.s.space[ny].cu[WW_NAT_BRITISH] = 1;
	g.s.space[phila].cu[WW_NAT_BRITISH] = 3; /* a blockaded port */
	g.s.space[quebec].cu[WW_NAT_BRITISH] = 1;
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 4;
	int gone = g.s.cu_eliminated[WW_NAT_BRITISH];
	assert_true(european_war(&g));
	assert_int_equal(g.s.prompt, WW_ASK_EUROPEAN_WAR);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	assert_int_equal(g.s.european_war_cu, 2);
	refused(&g, WW_AMERICAN, answer(WW_ORD_REMOVE_CU, 1, phila), "British player");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 1, ny), "holds 1 British CU");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 2, ny, albany), "Albany NY holds 0");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 3, ny, phila, quebec), "two spaces");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 0), "two spaces");
	ok(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 2, phila, quebec));
	assert_int_equal(g.s.space[phila].cu[WW_NAT_BRITISH], 2);
	assert_int_equal(g.s.space[quebec].cu[WW_NAT_BRITISH], 0);
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 1);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 4); /* never from the box */
	assert_int_equal(g.s.cu_eliminated[WW_NAT_BRITISH], gone + 2);
	assert_int_equal(g.s.european_war_cu, 0);
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 1, phila), "No CUs are owed");
	game_end(&g);
}

static void test_12_2_B_iii_both_from_one_space(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int ny = at(&g, "New York NY"), boston = at(&g, "Boston MA");
	g.s.space[ny].cu[WW_NAT_BRITISH] = 4;
	g.s.space[boston].cu[WW_NAT_BRITISH] = 1;
	assert_true(european_war(&g));
	ok(&g, WW_BRITISH, answer(WW_ORD_REMOVE_CU, 1, ny));
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 2);
	assert_int_equal(g.s.space[boston].cu[WW_NAT_BRITISH], 1);
	game_end(&g);
}

/* No choice, no question (docs/rulings.md). */
static void test_12_2_B_iii_removal_without_a_choice(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int ny = at(&g, "New York NY"), boston = at(&g, "Boston MA");
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 3;
	assert_false(european_war(&g)); /* none on the map: nothing to remove */
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 3);
	g.s.space[ny].cu[WW_NAT_BRITISH] = 6;
	assert_false(european_war(&g)); /* all in one space */
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 4);
	g.s.space[ny].cu[WW_NAT_BRITISH] = 1;
	g.s.space[boston].cu[WW_NAT_BRITISH] = 1;
	assert_false(european_war(&g)); /* only 2 on the map */
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 0);
	assert_int_equal(g.s.space[boston].cu[WW_NAT_BRITISH], 0);
	assert_int_equal(g.s.european_war_cu, 0);
	assert_int_equal(g.s.prompt, WW_ASK_NOTHING);
	game_end(&g);
}

/* ---- Washington captured (7.6.B) ---- */

static void american_pc(struct test_game *g, const char *name)
{
	g->s.space[at(g, name)].pc = WW_AMERICAN;
}

static void test_7_6_B_five_pcs_one_per_colony(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	const char *pcs[] = { "Albany NY", "Kingston NY", "Trenton NJ", "Reading PA",
			      "Dover DE", "Annapolis MD", "Montreal", "Hartford CT" };
	for (size_t i = 0; i < sizeof pcs / sizeof *pcs; i++)
		american_pc(&g, pcs[i]);
	american_pc(&g, "Boston MA");
	american_pc(&g, "Newport RI");
	american_pc(&g, "Lancaster PA");
	g.s.space[at(&g, "Boston MA")].cu[WW_NAT_FRENCH] = 1;
	g.s.general_at[gen(&g, "Greene")] = (int16_t)at(&g, "Newport RI");
	g.s.congress_at = (int16_t)at(&g, "Lancaster PA");
	g.s.washington_pcs_to_remove = 5;
	int albany = at(&g, "Albany NY"), kingston = at(&g, "Kingston NY");
	int trenton = at(&g, "Trenton NJ"), reading = at(&g, "Reading PA");
	int dover = at(&g, "Dover DE"), montreal = at(&g, "Montreal");
	int boston = at(&g, "Boston MA"), newport = at(&g, "Newport RI");
	int lancaster = at(&g, "Lancaster PA"), ny = at(&g, "New York NY");
	refused(&g, WW_AMERICAN, answer(WW_ORD_REMOVE_PC, 5, albany, trenton, reading, dover,
					 montreal), "British player");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 4, albany, trenton, reading, dover),
		"name 5 spaces");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 5, albany, kingston, reading, dover,
				       montreal), "one PC per colony");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 5, boston, trenton, reading, dover,
				       montreal), "American CU, general or the Continental Congress");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 5, newport, trenton, reading, dover,
				       montreal), "American CU, general");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 5, albany, trenton, lancaster, dover,
				       montreal), "Continental Congress");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 5, ny, trenton, reading, dover,
				       montreal), "no American PC");
	/* Canada counts as a colony: Montreal is one of the five */
	ok(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 5, albany, trenton, reading, dover, montreal));
	assert_int_equal(g.s.space[albany].pc, WW_NOBODY);
	assert_int_equal(g.s.space[montreal].pc, WW_NOBODY);
	assert_int_equal(g.s.space[kingston].pc, WW_AMERICAN);
	assert_int_equal(g.s.space[boston].pc, WW_AMERICAN);
	assert_int_equal(g.s.washington_pcs_to_remove, 0);
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 1, kingston), "No PCs are owed");
	game_end(&g);
}

/* Fewer colonies with a removable PC than owed: as many as possible. */
static void test_7_6_B_fewer_removable_than_owed(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	american_pc(&g, "Albany NY");
	american_pc(&g, "Kingston NY");
	american_pc(&g, "Trenton NJ");
	american_pc(&g, "Boston MA");
	g.s.space[at(&g, "Boston MA")].cu[WW_NAT_AMERICAN] = 2;
	g.s.washington_pcs_to_remove = 5;
	int albany = at(&g, "Albany NY"), trenton = at(&g, "Trenton NJ");
	refused(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 1, albany), "removes 2 American PCs");
	ok(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 2, albany, trenton));
	assert_int_equal(g.s.space[albany].pc, WW_NOBODY);
	assert_int_equal(g.s.space[trenton].pc, WW_NOBODY);
	assert_int_equal(g.s.washington_pcs_to_remove, 0);
	assert_true(saw_event(&g, "Only 2 colonies"));
	game_end(&g);
}

/* The same with one colony only: the event counts in the singular
 * (issue 22.8: "Only 1 colony had", not "1 colonies"). */
static void test_7_6_B_one_removable_colony(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	american_pc(&g, "Albany NY");
	american_pc(&g, "Kingston NY");
	g.s.washington_pcs_to_remove = 5;
	ok(&g, WW_BRITISH, answer(WW_ORD_REMOVE_PC, 1, at(&g, "Albany NY")));
	assert_true(saw_event(&g, "Only 1 colony had an American PC that could be removed"));
	game_end(&g);
}

/* 12.2.B: after the card that brought France in, the American is asked for
 * the Navy, then the port, and the game goes on with the next impulse. */
static void test_12_2_B_entry_questions_end_to_end(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	struct ww_state *s = &g.s;
	armies_far_away(&g);
	int card = find_card(g.d, NULL, 1, NULL);
	deal_to(&g, WW_AMERICAN, card);
	deal_to(&g, WW_BRITISH, find_card(g.d, NULL, 2, NULL));
	s->french_alliance = 9;
	s->french_in_war = true;
	s->french_alliance_now = true;
	start_impulse(&g, WW_AMERICAN);
	order_okf(&g, WW_AMERICAN, "play %d reinforce Albany NY", card);
	assert_int_equal(s->prompt, WW_ASK_FRENCH_NAVY);
	assert_int_equal(s->to_move, WW_AMERICAN);
	order_refused(&g, WW_AMERICAN, "french-forces Yorktown VA", "expected");
	order_ok(&g, WW_AMERICAN, "navy Chesapeake");
	assert_int_equal(s->prompt, WW_ASK_FRENCH_FORCES);
	order_ok(&g, WW_AMERICAN, "french-forces Yorktown VA");
	int yorktown = at(&g, "Yorktown VA");
	assert_int_equal(s->general_at[gen(&g, "Rochambeau")], yorktown);
	assert_int_equal(s->space[yorktown].cu[WW_NAT_FRENCH], g.d->french_box_cu);
	assert_int_equal(s->prompt, WW_ASK_IMPULSE);
	assert_int_equal(s->to_move, WW_BRITISH);
	game_end(&g);
}

/* 7.6.B: the question comes from the capture, the answer ends it. */
static void test_7_6_B_question_end_to_end(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	struct ww_state *s = &g.s;
	armies_far_away(&g);
	int card = find_card(g.d, NULL, 1, NULL);
	deal_to(&g, WW_BRITISH, card);
	deal_to(&g, WW_AMERICAN, find_card(g.d, NULL, 2, NULL));
	int boston = at(&g, "Boston MA");
	s->general_at[gen(&g, "Washington")] = (int16_t)boston;
	american_pc(&g, "Albany NY");
	american_pc(&g, "Trenton NJ");
	american_pc(&g, "Kingston NY");
	s->cu_reinforcements[WW_NAT_BRITISH] = 1;
	start_impulse(&g, WW_BRITISH);
	order_okf(&g, WW_BRITISH, "play %d reinforce Boston MA", card);
	assert_int_equal(s->prompt, WW_ASK_WASHINGTON_CAPTURED);
	assert_int_equal(s->to_move, WW_BRITISH);
	order_refused(&g, WW_BRITISH, "remove-pc Albany NY, Kingston NY", "one PC per colony");
	order_ok(&g, WW_BRITISH, "remove-pc Kingston NY, Trenton NJ");
	assert_int_equal(s->space[at(&g, "Albany NY")].pc, WW_AMERICAN);
	assert_int_equal(s->washington_pcs_to_remove, 0);
	assert_int_equal(s->prompt, WW_ASK_IMPULSE);
	assert_int_equal(s->to_move, WW_AMERICAN);
	game_end(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_12_3_blockaded_ports_are_the_navy_zone_ports),
		cmocka_unit_test(test_12_2_B_navy_then_french_forces),
		cmocka_unit_test(test_12_2_B_ii_no_free_port_sends_them_to_the_box),
		cmocka_unit_test(test_12_2_B_ii_rochambeau_and_the_general_already_there),
		cmocka_unit_test(test_12_2_B_ii_french_forces_capture_a_lone_british_general),
		cmocka_unit_test(test_5_5_the_american_may_move_the_navy),
		cmocka_unit_test(test_12_2_B_iii_british_remove_2_cus),
		cmocka_unit_test(test_12_2_B_iii_both_from_one_space),
		cmocka_unit_test(test_12_2_B_iii_removal_without_a_choice),
		cmocka_unit_test(test_7_6_B_five_pcs_one_per_colony),
		cmocka_unit_test(test_7_6_B_fewer_removable_than_owed),
		cmocka_unit_test(test_7_6_B_one_removable_colony),
		cmocka_unit_test(test_12_2_B_entry_questions_end_to_end),
		cmocka_unit_test(test_7_6_B_question_end_to_end),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
