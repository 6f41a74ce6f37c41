/* Reinforcements (8.1, 8.2) and the French forces held in the American
 * Reinforcements box (12.2.B.ii), on the real map with a cleared board. */
#include "support.h"
#include "rules_internal.h"

/* A game in the 1776 Strategy Phase with nothing on the map; the boxes
 * keep the 4.0 generals. */
static void fresh(struct test_game *g)
{
	game_start(g);
	struct ww_state *s = &g->s;
	memset(s->space, 0, sizeof s->space);
	for (int k = 0; k < g->d->ngenerals; k++)
		if (s->general_at[k] >= 0)
			s->general_at[k] = WW_LOC_REMOVED;
	s->congress_at = WW_LOC_DISPERSED;
	s->year = 1776;
	s->phase = WW_PH_STRATEGY;
	memset(s->cu_reinforcements, 0, sizeof s->cu_reinforcements);
}

static int at(struct test_game *g, const char *name)
{
	return space(g->d, name);
}

static int gen(struct test_game *g, const char *name)
{
	return general(g->d, name);
}

static struct ww_order reinforce(int card, int sp, int gnrl, int cu)
{
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_PLAY_REINFORCE;
	o.card = card;
	o.nspaces = 1;
	o.spaces[0] = sp;
	o.general = gnrl;
	o.cu = cu;
	return o;
}

static void ok(struct test_game *g, enum ww_side side, struct ww_order o)
{
	step_ok(g, ww_reinforce, side, &o);
}

/* Refused, the state untouched, the reason mentioning `needle`. */
static void refused(struct test_game *g, enum ww_side side, struct ww_order o, const char *needle)
{
	step_refused(g, ww_reinforce, side, &o, needle);
}

/* ---- British (8.1) ---- */

static void test_8_1_B_british_once_per_turn(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 6;
	int ny = at(&g, "New York NY"), card = new_ops_card(&g, WW_BRITISH, 1);
	int hand = g.s.hand[WW_BRITISH].n;
	ok(&g, WW_BRITISH, reinforce(card, ny, -1, 2));
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 2);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 4);
	/* 8.1.B: the card (any OPS value) goes to the Reinforcement Card box */
	assert_int_equal(g.s.hand[WW_BRITISH].n, hand - 1);
	assert_false(ww_pile_has(&g.s.hand[WW_BRITISH], card));
	assert_true(ww_pile_has(&g.s.reinforcement_cards[WW_BRITISH], card));
	assert_int_equal(g.s.last_card[WW_BRITISH], card);
	assert_true(saw_event(&g, "2 British CUs arrive in New York NY"));
	refused(&g, WW_BRITISH, reinforce(new_ops_card(&g, WW_BRITISH, 3), ny, -1, 2),
		"once per turn");
	game_end(&g);
}

static void test_8_1_C_british_port_without_american_cu_or_pc(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 3;
	int card = new_ops_card(&g, WW_BRITISH, 2);
	int albany = at(&g, "Albany NY"), ny = at(&g, "New York NY");
	int boston = at(&g, "Boston MA"), norfolk = at(&g, "Norfolk VA");
	refused(&g, WW_BRITISH, reinforce(card, albany, -1, -1), "not a port");
	g.s.space[ny].pc = WW_AMERICAN;
	refused(&g, WW_BRITISH, reinforce(card, ny, -1, -1), "American PC");
	g.s.space[boston].cu[WW_NAT_AMERICAN] = 1;
	refused(&g, WW_BRITISH, reinforce(card, boston, -1, -1), "American CU");
	g.s.space[norfolk].cu[WW_NAT_FRENCH] = 1; /* 12.2.C: French CUs are American */
	refused(&g, WW_BRITISH, reinforce(card, norfolk, -1, -1), "American CU");
	/* a British PC or British CUs there are no obstacle */
	int phila = at(&g, "Philadelphia PA");
	g.s.space[phila].pc = WW_BRITISH;
	g.s.space[phila].cu[WW_NAT_BRITISH] = 1;
	ok(&g, WW_BRITISH, reinforce(card, phila, -1, -1));
	assert_int_equal(g.s.space[phila].cu[WW_NAT_BRITISH], 4);
	game_end(&g);
}

static void test_12_3_no_british_reinforcements_in_a_blockaded_port(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 3;
	int card = new_ops_card(&g, WW_BRITISH, 1);
	int li = at(&g, "Long Island NY"), charleston = at(&g, "Charleston SC");
	g.s.french_in_war = true;
	g.s.french_navy_zone = zone(g.d, "Long Island Sound");
	refused(&g, WW_BRITISH, reinforce(card, li, -1, -1), "Blockade Zone");
	/* after d'Estaing the navy is off the map: no blockade (12.3) */
	g.s.french_navy_away = true;
	ok(&g, WW_BRITISH, reinforce(card, li, -1, 1));
	assert_int_equal(g.s.space[li].cu[WW_NAT_BRITISH], 1);
	/* another zone was never blockaded */
	g.s.french_navy_away = false;
	g.s.reinforcement_cards[WW_BRITISH].n = 0; /* a new turn */
	ww_pile_put(&g.s.discard, card);
	ok(&g, WW_BRITISH, reinforce(new_ops_card(&g, WW_BRITISH, 1), charleston, -1, -1));
	assert_int_equal(g.s.space[charleston].cu[WW_NAT_BRITISH], 2);
	game_end(&g);
}

static void test_8_1_C_how_many_cus(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int ny = at(&g, "New York NY"), card = new_ops_card(&g, WW_BRITISH, 1);
	refused(&g, WW_BRITISH, reinforce(card, ny, -1, -1), "Nothing would arrive");
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 7;
	refused(&g, WW_BRITISH, reinforce(card, ny, -1, 8), "Only 7 British CUs");
	refused(&g, WW_BRITISH, reinforce(card, ny, -1, 0), "Nothing would arrive");
	/* Clarification: more than 5, added to the CUs already there */
	g.s.space[ny].cu[WW_NAT_BRITISH] = 3;
	ok(&g, WW_BRITISH, reinforce(card, ny, -1, -1));
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 10);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 0);
	game_end(&g);
}

static void test_8_1_C_new_general_sends_the_old_one_to_the_box(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int ny = at(&g, "New York NY"), card = new_ops_card(&g, WW_BRITISH, 2);
	int howe = gen(&g, "Howe"), clinton = gen(&g, "Clinton"), arnold = gen(&g, "Arnold");
	g.s.general_at[howe] = (int16_t)ny;
	g.s.space[ny].cu[WW_NAT_BRITISH] = 2;
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 1;
	refused(&g, WW_BRITISH, reinforce(card, ny, arnold, 0), "not one of the British generals");
	refused(&g, WW_BRITISH, reinforce(card, ny, howe, 0), "not in the British Reinforcements box");
	/* a general alone is enough (8.1.C "may, but need not" bring CUs) */
	ok(&g, WW_BRITISH, reinforce(card, ny, clinton, 0));
	assert_int_equal(g.s.general_at[clinton], ny);
	assert_int_equal(g.s.general_at[howe], WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 1);
	assert_int_equal(g.s.space[ny].cu[WW_NAT_BRITISH], 2);
	game_end(&g);
}

/* ---- American (8.2) ---- */

static void test_8_2_B_american_twice_per_turn(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int albany = at(&g, "Albany NY"), trenton = at(&g, "Trenton NJ");
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 1), albany, -1, -1));
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 2), trenton, -1, -1));
	assert_int_equal(g.s.reinforcement_cards[WW_AMERICAN].n, 2);
	refused(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 3), albany, -1, -1),
		"twice per turn");
	game_end(&g);
}

static void test_8_2_C_cus_from_stock_equal_the_ops(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int albany = at(&g, "Albany NY"), card = new_ops_card(&g, WW_AMERICAN, 3);
	refused(&g, WW_AMERICAN, reinforce(card, albany, -1, 2), "exactly 3 American CUs");
	g.s.space[albany].pc = WW_BRITISH;
	refused(&g, WW_AMERICAN, reinforce(card, albany, -1, -1), "British PC");
	g.s.space[albany].pc = WW_NOBODY;
	g.s.space[albany].cu[WW_NAT_BRITISH] = 1;
	refused(&g, WW_AMERICAN, reinforce(card, albany, -1, -1), "British CU");
	g.s.space[albany].cu[WW_NAT_BRITISH] = 0;
	/* any space, port or not, with an American PC or none */
	g.s.space[albany].pc = WW_AMERICAN;
	g.s.space[albany].cu[WW_NAT_AMERICAN] = 4;
	ok(&g, WW_AMERICAN, reinforce(card, albany, -1, 3));
	assert_int_equal(g.s.space[albany].cu[WW_NAT_AMERICAN], 7);
	assert_true(saw_event(&g, "3 American CUs arrive in Albany NY"));
	game_end(&g);
}

static void test_8_2_C_new_general_takes_the_place_of_the_old(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int albany = at(&g, "Albany NY");
	int greene = gen(&g, "Greene"), gates = gen(&g, "Gates"), howe = gen(&g, "Howe");
	g.s.general_at[greene] = (int16_t)albany;
	g.s.space[albany].cu[WW_NAT_AMERICAN] = 1;
	refused(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 1), albany, howe, -1),
		"not one of the American generals");
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 1), albany, gates, -1));
	assert_int_equal(g.s.general_at[gates], albany);
	assert_int_equal(g.s.general_at[greene], WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.space[albany].cu[WW_NAT_AMERICAN], 2);
	/* the replaced general may come back in the same turn */
	int trenton = at(&g, "Trenton NJ");
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 2), trenton, greene, -1));
	assert_int_equal(g.s.general_at[greene], trenton);
	assert_int_equal(g.s.space[trenton].cu[WW_NAT_AMERICAN], 2);
	game_end(&g);
}

static void test_8_2_C_washington_is_never_replaced(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int phila = at(&g, "Philadelphia PA");
	int washington = gen(&g, "Washington"), gates = gen(&g, "Gates");
	g.s.general_at[washington] = (int16_t)phila;
	g.s.space[phila].cu[WW_NAT_AMERICAN] = 2;
	refused(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 2), phila, gates, -1),
		"never sent to the Reinforcements box");
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 2), phila, -1, -1));
	assert_int_equal(g.s.general_at[washington], phila);
	assert_int_equal(g.s.general_at[gates], WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.space[phila].cu[WW_NAT_AMERICAN], 4);
	game_end(&g);
}

static void test_8_2_clarification_reinforcements_capture_a_lone_general(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int trenton = at(&g, "Trenton NJ"), ny = at(&g, "New York NY");
	int howe = gen(&g, "Howe"), greene = gen(&g, "Greene"), clinton = gen(&g, "Clinton");
	g.s.general_at[howe] = (int16_t)trenton;
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 1), trenton, -1, -1));
	assert_int_equal(g.s.general_at[howe], WW_LOC_CAPTURED);
	assert_int_equal(g.s.space[trenton].cu[WW_NAT_AMERICAN], 1);
	/* the British likewise; a general alone captures nobody */
	g.s.general_at[greene] = (int16_t)ny;
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 2;
	refused(&g, WW_BRITISH, reinforce(new_ops_card(&g, WW_BRITISH, 1), ny, clinton, 0),
		"cannot capture");
	ok(&g, WW_BRITISH, reinforce(new_ops_card(&g, WW_BRITISH, 1), ny, clinton, 1));
	assert_int_equal(g.s.general_at[greene], WW_LOC_CAPTURED);
	assert_int_equal(g.s.general_at[clinton], ny);
	game_end(&g);
}

/* 7.6.B through 8.2's clarification: Washington alone in a port. */
static void test_8_2_clarification_washington_captured_by_reinforcements(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int boston = at(&g, "Boston MA"), washington = gen(&g, "Washington");
	g.s.general_at[washington] = (int16_t)boston;
	g.s.space[at(&g, "Albany NY")].pc = WW_AMERICAN;
	g.s.space[at(&g, "Trenton NJ")].pc = WW_AMERICAN;
	g.s.french_alliance = 5;
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 2;
	ok(&g, WW_BRITISH, reinforce(new_ops_card(&g, WW_BRITISH, 1), boston, -1, -1));
	assert_int_equal(g.s.general_at[washington], WW_LOC_REMOVED);
	assert_int_equal(g.s.washington_pcs_to_remove, 2);
	assert_int_equal(g.s.french_alliance, 2);
	assert_int_equal(g.s.space[boston].cu[WW_NAT_BRITISH], 2);
	game_end(&g);
}

/* ---- the French forces held in the box (12.2.B.ii) ---- */

static void hold_french(struct test_game *g)
{
	g->s.french_in_war = true;
	g->s.cu_french_box = 0;
	g->s.cu_reinforcements[WW_NAT_FRENCH] = 5;
	g->s.general_at[gen(g, "Rochambeau")] = WW_LOC_REINFORCEMENTS;
}

static struct ww_order french(int card, int sp)
{
	struct ww_order o = reinforce(card, sp, -1, -1);
	o.french = true;
	return o;
}

static void test_12_2_B_ii_french_forces_come_on_all_together(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	int card = new_ops_card(&g, WW_AMERICAN, 1), roch = gen(&g, "Rochambeau");
	int newport = at(&g, "Newport RI"), albany = at(&g, "Albany NY");
	refused(&g, WW_AMERICAN, french(card, newport), "No French forces wait");
	hold_french(&g);
	refused(&g, WW_BRITISH, french(new_ops_card(&g, WW_BRITISH, 1), newport),
		"Only the American");
	refused(&g, WW_AMERICAN, reinforce(card, albany, roch, -1), "reinforce french");
	refused(&g, WW_AMERICAN, french(card, albany), "not a port");
	g.s.space[newport].pc = WW_BRITISH;
	refused(&g, WW_AMERICAN, french(card, newport), "British PC");
	g.s.space[newport].pc = WW_NOBODY;
	struct ww_order some = french(card, newport);
	some.cu = 3;
	refused(&g, WW_AMERICAN, some, "all together");
	/* a blockaded port is no obstacle for the French */
	g.s.french_navy_zone = zone(g.d, "New England");
	ok(&g, WW_AMERICAN, french(card, newport));
	assert_int_equal(g.s.general_at[roch], newport);
	assert_int_equal(g.s.space[newport].cu[WW_NAT_FRENCH], 5);
	assert_int_equal(g.s.space[newport].cu[WW_NAT_AMERICAN], 0);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_FRENCH], 0);
	assert_true(ww_pile_has(&g.s.reinforcement_cards[WW_AMERICAN], card));
	game_end(&g);
}

static void test_12_2_B_ii_french_reinforcement_counts_as_one_of_two(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	hold_french(&g);
	int albany = at(&g, "Albany NY"), newport = at(&g, "Newport RI");
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 1), albany, -1, -1));
	ok(&g, WW_AMERICAN, reinforce(new_ops_card(&g, WW_AMERICAN, 1), albany, -1, -1));
	refused(&g, WW_AMERICAN, french(new_ops_card(&g, WW_AMERICAN, 3), newport),
		"twice per turn");
	game_end(&g);
}

/* Through the order language and the dispatcher: the card leaves the hand,
 * the next impulse follows. */
static void test_8_reinforce_orders_end_to_end(void **state)
{
	(void)state;
	struct test_game g;
	fresh(&g);
	struct ww_state *s = &g.s;
	armies_far_away(&g);
	s->cu_reinforcements[WW_NAT_BRITISH] = 4;
	int bc = free_ops_card(&g, 2);
	deal_to(&g, WW_BRITISH, bc);
	int bc2 = free_ops_card(&g, 1);
	deal_to(&g, WW_BRITISH, bc2);
	int ac = free_ops_card(&g, 3);
	deal_to(&g, WW_AMERICAN, ac);
	deal_to(&g, WW_AMERICAN, free_ops_card(&g, 1));
	start_impulse(&g, WW_BRITISH);
	order_okf(&g, WW_BRITISH, "play %d reinforce New York NY Clinton 3", bc);
	int ny = at(&g, "New York NY"), albany = at(&g, "Albany NY");
	assert_int_equal(s->space[ny].cu[WW_NAT_BRITISH], 3);
	assert_int_equal(s->general_at[gen(&g, "Clinton")], ny);
	assert_int_equal(s->to_move, WW_AMERICAN);
	assert_int_equal(s->prompt, WW_ASK_IMPULSE);
	order_okf(&g, WW_AMERICAN, "play %d reinforce Albany NY Gates", ac);
	assert_int_equal(s->space[albany].cu[WW_NAT_AMERICAN], 3);
	assert_int_equal(s->general_at[gen(&g, "Gates")], albany);
	assert_int_equal(s->to_move, WW_BRITISH);
	order_refusedf(&g, WW_BRITISH, "once per turn", "play %d reinforce New York NY", bc2);
	game_end(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_8_1_B_british_once_per_turn),
		cmocka_unit_test(test_8_1_C_british_port_without_american_cu_or_pc),
		cmocka_unit_test(test_12_3_no_british_reinforcements_in_a_blockaded_port),
		cmocka_unit_test(test_8_1_C_how_many_cus),
		cmocka_unit_test(test_8_1_C_new_general_sends_the_old_one_to_the_box),
		cmocka_unit_test(test_8_2_B_american_twice_per_turn),
		cmocka_unit_test(test_8_2_C_cus_from_stock_equal_the_ops),
		cmocka_unit_test(test_8_2_C_new_general_takes_the_place_of_the_old),
		cmocka_unit_test(test_8_2_C_washington_is_never_replaced),
		cmocka_unit_test(test_8_2_clarification_reinforcements_capture_a_lone_general),
		cmocka_unit_test(test_8_2_clarification_washington_captured_by_reinforcements),
		cmocka_unit_test(test_12_2_B_ii_french_forces_come_on_all_together),
		cmocka_unit_test(test_12_2_B_ii_french_reinforcement_counts_as_one_of_two),
		cmocka_unit_test(test_8_reinforce_orders_end_to_end),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
