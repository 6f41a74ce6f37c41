/* Activation and movement (rule 7) on the real map: the rule book's worked
 * examples and each restriction, with forced dice. */
#include "support.h"
#include "rules_internal.h"

static void put(struct test_game *g, const char *who, const char *where, int cu)
{
	int sp = space(g->d, where);
	if (who) {
		int k = general(g->d, who);
		g->s.general_at[k] = (int16_t)sp;
		int nat = g->d->generals[k].side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN;
		g->s.space[sp].cu[nat] += (uint8_t)cu;
	}
}

static void cu(struct test_game *g, const char *where, int nation, int n)
{
	g->s.space[space(g->d, where)].cu[nation] = (uint8_t)n;
}

static void pc(struct test_game *g, const char *where, enum ww_side side)
{
	g->s.space[space(g->d, where)].pc = (int8_t)side;
}

static int at(struct test_game *g, const char *who)
{
	return g->s.general_at[general(g->d, who)];
}

static int cus(struct test_game *g, const char *where, int nation)
{
	return g->s.space[space(g->d, where)].cu[nation];
}

/* 7.3.C: Gates's march from Ninety Six, dropping and picking up CUs. */
static void test_7_3_C_gates_march(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Gates", "Ninety Six", 4);
	cu(&g, "Charleston", WW_NAT_AMERICAN, 3);
	struct test_game fifth = g;
	/* Savannah holds a British CU in this set-up: clear it for the march */
	cu(&g, "Savannah", WW_NAT_BRITISH, 0);
	cu(&g, "St. Johns", WW_NAT_BRITISH, 1);
	pc(&g, "St. Johns", WW_BRITISH);
	g.s.space[space(g.d, "Boston")].cu[WW_NAT_BRITISH] = 1;
	fifth = g;
	play_ok(&g, WW_AMERICAN, 2, "move Gates to Camden, Eutaw Springs (drop 2), "
		"Charleston (take 3), Savannah");
	assert_int_equal(at(&g, "Gates"), space(g.d, "Savannah"));
	assert_int_equal(cus(&g, "Savannah", WW_NAT_AMERICAN), 5);
	assert_int_equal(cus(&g, "Eutaw Springs", WW_NAT_AMERICAN), 2);
	assert_int_equal(cus(&g, "Charleston", WW_NAT_AMERICAN), 0);
	assert_int_equal(cus(&g, "Ninety Six", WW_NAT_AMERICAN), 0);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	/* "he could optionally continue his move to Augusta or St. Mary's" */
	play_ok(&fifth, WW_AMERICAN, 2, "move Gates to Camden, Eutaw Springs (drop 2), "
		 "Charleston (take 3), Savannah, St. Mary's");
	assert_int_equal(at(&fifth, "Gates"), space(g.d, "St. Mary's"));
	game_end(&g);
}

/* 7.3.A/C: four spaces for the British, five for the Americans, and no
 * fifth space into a battle. */
static void test_7_3_C_five_spaces_american_only(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Ninety Six", 2);
	play_refused(&g, WW_AMERICAN, 1, "move Greene to Camden, Eutaw Springs, Charleston, "
		 "Savannah, Augusta, Ninety Six", "7.3");
	/* Savannah holds a British CU: five spaces into a battle is refused */
	play_refused(&g, WW_AMERICAN, 1, "move Greene to Camden, Eutaw Springs, Georgetown, "
		 "Charleston, Savannah", "may move 4");
	game_end(&g);
}

/* 7.3.D: Fort Detroit to Bassett Town costs 3; Point Pleasant would be 3 more. */
static void test_7_3_D_wilderness_costs_three(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Carleton", "Fort Detroit", 1);
	play_refused(&g, WW_BRITISH, 3, "move Carleton to Bassett Town, Point Pleasant", "costs 6");
	play_ok(&g, WW_BRITISH, 3, "move Carleton to Bassett Town");
	assert_int_equal(at(&g, "Carleton"), space(g.d, "Bassett Town"));
	game_end(&g);
}

/* 7.1.A: the card's value must reach the general's strategy rating. */
static void test_7_1_A_strategy_rating(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Carleton", "Quebec", 2);
	play_refused(&g, WW_BRITISH, 2, "move Carleton to Montreal", "strategy rating of 3");
	game_end(&g);
}

/* 7.1.B: the Operations Queue examples. */
static void test_7_1_B_queue_activates_burgoyne(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Burgoyne", "Albany", 3);
	int a = ops_card(&g, WW_BRITISH, 1);
	int b = find_card(g.d, NULL, 1, &g.s.hand[WW_BRITISH]);
	give(&g, WW_BRITISH, b);
	play_refused(&g, WW_BRITISH, 1, "move Burgoyne to Saratoga", "strategy rating of 2");
	play_ok(&g, WW_BRITISH, 1, "queue");
	assert_int_equal(g.s.ops_queue[WW_BRITISH].n, 1);
	/* the American makes a routine play */
	routine_play(&g, WW_AMERICAN);
	order_okf(&g, WW_BRITISH, "play %d queue move Burgoyne to Saratoga", b);
	assert_int_equal(at(&g, "Burgoyne"), space(g.d, "Saratoga"));
	assert_int_equal(g.s.ops_queue[WW_BRITISH].n, 0);
	assert_true(ww_pile_has(&g.s.discard, a)); /* both cards discarded */
	assert_true(ww_pile_has(&g.s.discard, b));
	game_end(&g);
}

static void test_7_1_B_queue_abandoned_by_another_play(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	int a = ops_card(&g, WW_BRITISH, 1);
	int event = find_card(g.d, "Tarleton", 0, NULL);
	give(&g, WW_BRITISH, event);
	play_ok(&g, WW_BRITISH, 1, "queue");
	routine_play(&g, WW_AMERICAN);
	order_okf(&g, WW_BRITISH, "discard %d", event);
	assert_int_equal(g.s.ops_queue[WW_BRITISH].n, 0);
	assert_true(ww_pile_has(&g.s.discard, a));
	game_end(&g);
}

static void test_7_1_B_queue_starts_with_one_or_two(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	play_refused(&g, WW_BRITISH, 3, "queue", "7.1.B.i");
	game_end(&g);
}

/* 7.8 example: Arnold intercepts on a 1 or 2. */
static void arnold_set_up(struct test_game *g)
{
	clear_board(g, WW_BRITISH);
	put(g, "Howe", "New York", 5);
	put(g, "Arnold", "Morristown", 3);
	pc(g, "New Brunswick", WW_AMERICAN);
}

static void test_7_8_arnold_intercepts(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	assert_int_equal(g.s.prompt, WW_ASK_INTERCEPT);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	assert_int_equal(at(&g, "Howe"), space(g.d, "New Brunswick"));
	/* the British path beyond is hidden from the American */
	struct ww_state v;
	ww_view(&g.s, WW_AMERICAN, &v);
	assert_int_equal(v.mv.nsteps, v.mv.next);
	order_refused(&g, WW_AMERICAN, "intercept Washington", "cannot intercept");
	force_dice(&g, 1, 2);
	order_ok(&g, WW_AMERICAN, "intercept Arnold");
	assert_int_equal(at(&g, "Arnold"), space(g.d, "New Brunswick"));
	assert_int_equal(cus(&g, "New Brunswick", WW_NAT_AMERICAN), 3);
	assert_int_equal(cus(&g, "Morristown", WW_NAT_AMERICAN), 0);
	assert_int_equal(g.s.battle.space, space(g.d, "New Brunswick"));
	assert_true(g.s.battle.intercepted);
	assert_int_equal(g.s.mv.general, -1); /* the British move ends (7.8.C) */
	game_end(&g);
}

static void test_7_8_failed_interception_move_goes_on(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	force_dice(&g, 1, 3);
	order_ok(&g, WW_AMERICAN, "intercept Arnold");
	assert_int_equal(at(&g, "Howe"), space(g.d, "Trenton"));
	assert_int_equal(cus(&g, "Trenton", WW_NAT_BRITISH), 5);
	assert_int_equal(at(&g, "Arnold"), space(g.d, "Morristown"));
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	assert_int_equal(g.s.prompt, WW_ASK_IMPULSE);
	game_end(&g);
}

/* 7.8 example, last sentence, and 7.9.A Reminder: after trying to
 * intercept, Arnold may not retreat before battle during that card. */
static void test_7_9_no_retreat_after_interception_attempt(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Morristown");
	force_dice(&g, 1, 6);
	order_ok(&g, WW_AMERICAN, "intercept Arnold");
	assert_int_equal(g.s.battle.space, space(g.d, "Morristown"));
	assert_false(g.s.battle.intercepted);
	assert_int_not_equal(g.s.prompt, WW_ASK_RETREAT_BEFORE_BATTLE);
	game_end(&g);
}

/* 7.8.B: no interception into a space already holding British CUs. */
static void test_7_8_B_not_into_british_cus(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	cu(&g, "New Brunswick", WW_NAT_BRITISH, 1);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	assert_int_equal(at(&g, "Howe"), space(g.d, "Trenton"));
	game_end(&g);
}

/* 7.9: Washington retreats before battle on agility 2 + 2. */
static void washington_set_up(struct test_game *g)
{
	clear_board(g, WW_BRITISH);
	put(g, "Howe", "New York", 5);
	put(g, "Washington", "Morristown", 5);
	pc(g, "Morristown", WW_AMERICAN);
}

static void test_7_9_washington_retreats_before_battle(void **state)
{
	(void)state;
	struct test_game g;
	washington_set_up(&g);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Morristown");
	assert_int_equal(g.s.prompt, WW_ASK_RETREAT_BEFORE_BATTLE);
	order_refused(&g, WW_AMERICAN, "retreat-before-battle to New Brunswick", "7.9.B");
	force_dice(&g, 1, 4);
	order_ok(&g, WW_AMERICAN, "retreat-before-battle to Easton");
	assert_int_equal(at(&g, "Washington"), space(g.d, "Easton"));
	assert_int_equal(cus(&g, "Easton", WW_NAT_AMERICAN), 5);
	assert_int_equal(at(&g, "Howe"), space(g.d, "Morristown"));
	assert_int_equal(g.s.battle.space, -1);
	assert_int_equal(g.s.space[space(g.d, "Morristown")].pc, WW_AMERICAN);
	game_end(&g);
}

static void test_7_9_failed_retreat_means_battle(void **state)
{
	(void)state;
	struct test_game g;
	washington_set_up(&g);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Morristown");
	force_dice(&g, 1, 5);
	order_ok(&g, WW_AMERICAN, "retreat-before-battle to Easton");
	assert_int_equal(g.s.battle.space, space(g.d, "Morristown"));
	assert_int_equal(at(&g, "Washington"), space(g.d, "Morristown"));
	game_end(&g);
}

/* 7.3.B: a move ends where enemy CUs stand. */
static void test_7_3_B_move_ends_at_enemy(void **state)
{
	(void)state;
	struct test_game g;
	washington_set_up(&g);
	play_refused(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Morristown, Easton", "7.3.B");
	game_end(&g);
}

/* 7.4.A/B: generals moving alone. */
static void test_7_4_generals_alone(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Morristown", 0);
	pc(&g, "New Brunswick", WW_BRITISH);
	play_refused(&g, WW_AMERICAN, 1, "move Greene to New Brunswick", "7.4.B");
	pc(&g, "New Brunswick", WW_NOBODY);
	cu(&g, "New Brunswick", WW_NAT_BRITISH, 1);
	play_refused(&g, WW_AMERICAN, 1, "move Greene to New Brunswick", "7.4.A");
	cu(&g, "New Brunswick", WW_NAT_BRITISH, 0);
	put(&g, "Clinton", "New Brunswick", 0);
	play_refused(&g, WW_AMERICAN, 1, "move Greene to New Brunswick", "not stop");
	/* he may pass through */
	play_ok(&g, WW_AMERICAN, 1, "move Greene to New Brunswick, Trenton");
	assert_int_equal(at(&g, "Clinton"), space(g.d, "New Brunswick"));
	game_end(&g);
}

/* 7.6.A: an army entering a lone enemy general's space captures him and
 * may go on. */
static void test_7_6_A_capture_and_go_on(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "New York", 3);
	put(&g, "Lee", "New Brunswick", 0);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	assert_int_equal(at(&g, "Lee"), WW_LOC_CAPTURED);
	assert_int_equal(at(&g, "Howe"), space(g.d, "Trenton"));
	game_end(&g);
}

/* 7.6.B: Washington captured is removed; the British remove PCs; the
 * French Alliance marker goes back 3. */
static void test_7_6_B_washington_captured(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "New York", 3);
	put(&g, "Washington", "New Brunswick", 0);
	pc(&g, "Hartford", WW_AMERICAN);
	pc(&g, "Albany", WW_AMERICAN);
	g.s.french_alliance = 5;
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick");
	assert_int_equal(at(&g, "Washington"), WW_LOC_REMOVED);
	assert_int_equal(g.s.french_alliance, 2);
	assert_int_equal(g.s.prompt, WW_ASK_WASHINGTON_CAPTURED);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	assert_int_equal(g.s.washington_pcs_to_remove, 2); /* two colonies have one */
	game_end(&g);
}

/* 7.7: a British army entering the Congress's space without American CUs
 * disperses it, and may go on. */
static void test_7_7_congress_dispersed(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "Trenton", 2);
	play_ok(&g, WW_BRITISH, 2, "move Howe to Philadelphia, Lancaster");
	assert_int_equal(g.s.congress_at, WW_LOC_DISPERSED);
	assert_true(g.s.congress_dispersed_this_turn);
	assert_int_equal(at(&g, "Howe"), space(g.d, "Lancaster"));
	game_end(&g);
}

/* 9.7: 4 or 5 CUs overrun a lone enemy CU and go on; an overrun of a
 * British CU moves the French Alliance marker (12.1). */
static void test_9_7_overrun(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Morristown", 4);
	cu(&g, "New Brunswick", WW_NAT_BRITISH, 1);
	play_ok(&g, WW_AMERICAN, 1, "move Greene to New Brunswick, Trenton");
	assert_int_equal(cus(&g, "New Brunswick", WW_NAT_BRITISH), 0);
	assert_int_equal(at(&g, "Greene"), space(g.d, "Trenton"));
	assert_int_equal(g.s.french_alliance, 1);
	assert_int_equal(g.s.cu_eliminated[WW_NAT_BRITISH], 1);
	game_end(&g);
}

/* 9.7 needs 4 or 5 CUs: with 3 the army must stop and fight. */
static void test_9_7_three_cus_fight(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Morristown", 3);
	cu(&g, "New Brunswick", WW_NAT_BRITISH, 1);
	play_refused(&g, WW_AMERICAN, 1, "move Greene to New Brunswick, Trenton", "7.3.B");
	play_ok(&g, WW_AMERICAN, 1, "move Greene to New Brunswick");
	assert_int_equal(g.s.battle.space, space(g.d, "New Brunswick"));
	game_end(&g);
}

/* 7.4.C: two generals of one side meet; never Washington to the box. */
static void test_7_4_C_two_generals(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Morristown", 1);
	put(&g, "Washington", "New Brunswick", 2);
	/* a keep that chooses nothing is refused, not dropped (issue 20, point 9) */
	play_refused(&g, WW_AMERICAN, 1, "move Greene to Easton keep Greene",
		     "no other general of yours is in a space of Greene's path");
	play_refused(&g, WW_AMERICAN, 1, "move Greene to New Brunswick keep Gates",
		     "'keep Gates': the general who stays is Greene or a general of yours");
	play_ok(&g, WW_AMERICAN, 1, "move Greene to New Brunswick keep Greene");
	assert_int_equal(at(&g, "Washington"), space(g.d, "New Brunswick"));
	assert_int_equal(at(&g, "Greene"), WW_LOC_REINFORCEMENTS);
	assert_int_equal(cus(&g, "New Brunswick", WW_NAT_AMERICAN), 3);
	game_end(&g);
}

/* 7.4.D: only Arnold uses the Falmouth-Quebec line. */
static void test_7_4_D_arnold_only(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Falmouth", 1);
	play_refused(&g, WW_AMERICAN, 1, "move Greene to Quebec", "Arnold");
	g.s.general_at[general(g.d, "Greene")] = WW_LOC_REINFORCEMENTS;
	put(&g, "Arnold", "Falmouth", 0);
	play_ok(&g, WW_AMERICAN, 1, "move Arnold to Quebec");
	assert_int_equal(at(&g, "Arnold"), space(g.d, "Quebec"));
	game_end(&g);
}

/* 7.5: naval movement between eligible ports. */
static void test_7_5_naval_movement(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "Boston", 6);
	pc(&g, "New York", WW_AMERICAN);
	play_refused(&g, WW_BRITISH, 2, "move Howe by sea to New York", "7.5");
	pc(&g, "New York", WW_NOBODY);
	play_refused(&g, WW_BRITISH, 2, "move Howe by sea to Reading", "7.5");
	play_ok(&g, WW_BRITISH, 2, "move Howe by sea to New York");
	assert_int_equal(at(&g, "Howe"), space(g.d, "New York"));
	assert_int_equal(cus(&g, "New York", WW_NAT_BRITISH), 5);
	assert_int_equal(cus(&g, "Boston", WW_NAT_BRITISH), 1);
	game_end(&g);
}

/* 5.3.a and 7.2: the British open with a campaign card and make two
 * activations, no CU moving twice (7.4.E). */
static void test_7_2_campaign_opening(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	char line[1024] = "committees Concord NH, Worcester MA, Providence RI, Hartford CT, "
			  "Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, "
			  "Williamsburg VA, Halifax NC, Camden SC, Augusta GA";
	order_ok(&g, WW_AMERICAN, line);
	order_ok(&g, WW_BRITISH, "for-the-king");
	int minor = find_card(g.d, "Minor Campaign", 0, NULL);
	give(&g, WW_BRITISH, minor);
	put(&g, "Clinton", "Quebec", 0);
	g.s.general_at[general(g.d, "Carleton")] = WW_LOC_REINFORCEMENTS;
	order_okf(&g, WW_BRITISH, "play %d event", minor);
	assert_int_equal(g.s.prompt, WW_ASK_CAMPAIGN);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	order_ok(&g, WW_BRITISH, "move Howe with 2 to Portsmouth");
	assert_int_equal(g.s.play.activations_left, 1);
	order_refused(&g, WW_BRITISH, "move Howe to Boston", "already activated");
	order_ok(&g, WW_BRITISH, "move Clinton with 2 to Montreal");
	assert_int_equal(at(&g, "Clinton"), space(g.d, "Montreal"));
	assert_int_equal(g.s.prompt, WW_ASK_IMPULSE);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	game_end(&g);
}

/* 7.2.B: one Landing Party in lieu of an activation, never in a fortified port. */
static void test_7_2_B_landing_party(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	int major = find_card(g.d, "Major Campaign", 0, NULL);
	give(&g, WW_BRITISH, major);
	pc(&g, "Newport", WW_AMERICAN);
	order_okf(&g, WW_BRITISH, "play %d event", major);
	order_refused(&g, WW_BRITISH, "landing Charleston", "7.2.B");
	order_ok(&g, WW_BRITISH, "landing Newport");
	assert_int_equal(g.s.space[space(g.d, "Newport")].pc, WW_BRITISH);
	order_refused(&g, WW_BRITISH, "landing Norfolk", "Only one");
	order_ok(&g, WW_BRITISH, "done");
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	game_end(&g);
}

/* Standing orders answer questions in advance (issue 3), and the other
 * side never sees them. */
static void test_standing_never_intercept(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	/* 7.8: the British are never asked; refused, not kept to do nothing
	 * (issue 20, point 9) */
	order_refused(&g, WW_BRITISH, "standing never-intercept", "7.8");
	order_refused(&g, WW_BRITISH, "standing always-intercept Howe", "7.8");
	order_ok(&g, WW_AMERICAN, "standing never-intercept");
	struct ww_state v;
	ww_view(&g.s, WW_BRITISH, &v);
	assert_false(v.standing[WW_AMERICAN].never_intercept);
	assert_true(g.s.standing[WW_AMERICAN].never_intercept);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	assert_int_equal(at(&g, "Howe"), space(g.d, "Trenton"));
	game_end(&g);
}

static void test_standing_always_intercept(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	order_ok(&g, WW_AMERICAN, "standing always-intercept Arnold");
	force_dice(&g, 1, 1);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	assert_int_equal(g.s.battle.space, space(g.d, "New Brunswick"));
	assert_true(g.s.battle.intercepted);
	game_end(&g);
}

static void test_standing_never_retreat_before_battle(void **state)
{
	(void)state;
	struct test_game g;
	washington_set_up(&g);
	order_refused(&g, WW_BRITISH, "standing never-retreat-before-battle", "7.9");
	order_ok(&g, WW_AMERICAN, "standing never-retreat-before-battle");
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Morristown");
	assert_int_equal(g.s.battle.space, space(g.d, "Morristown"));
	game_end(&g);
}

/* 11.3: only the American sets the mixed-stack attrition choice, and the
 * British never see it. */
static void test_11_3_standing_losses_order(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	order_refused(&g, WW_BRITISH, "standing french-losses-first", "11.3");
	order_ok(&g, WW_AMERICAN, "standing french-losses-first");
	assert_true(g.s.standing[WW_AMERICAN].french_losses_first);
	struct ww_state v;
	ww_view(&g.s, WW_BRITISH, &v);
	assert_false(v.standing[WW_AMERICAN].french_losses_first);
	order_ok(&g, WW_AMERICAN, "standing american-losses-first");
	assert_false(g.s.standing[WW_AMERICAN].french_losses_first);
	game_end(&g);
}

/* Regressions found by the random driver (tests/driver.h). */

/* 7.6.A: an army that retreats before battle into a lone enemy general's
 * space captures him. */
static void test_7_6_A_capture_by_retreat_before_battle(void **state)
{
	(void)state;
	struct test_game g;
	washington_set_up(&g);
	put(&g, "Clinton", "Easton", 0);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Morristown");
	force_dice(&g, 1, 1);
	order_ok(&g, WW_AMERICAN, "retreat-before-battle to Easton");
	assert_int_equal(at(&g, "Clinton"), WW_LOC_CAPTURED);
	assert_int_equal(at(&g, "Washington"), space(g.d, "Easton"));
	game_end(&g);
}

/* 7.6.A: the capture happens as the army enters, before it drops CUs there. */
static void test_7_6_A_capture_before_drop(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "New York", 1);
	put(&g, "Lee", "New Brunswick", 0);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick (drop 1)");
	assert_int_equal(at(&g, "Lee"), WW_LOC_CAPTURED);
	assert_int_equal(cus(&g, "New Brunswick", WW_NAT_BRITISH), 1);
	game_end(&g);
}

/* 7.3.A: a path back through the start cannot pick up the CUs already
 * marching with the general. */
static void test_7_3_A_take_counts_only_cus_left_behind(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "New York", 2);
	play_refused(&g, WW_BRITISH, 2, "move Howe with 2 to New Brunswick, New York (take 1)",
		     "0 may join him");
	play_ok(&g, WW_BRITISH, 2, "move Howe with 1 to New Brunswick, New York (take 1)");
	assert_int_equal(cus(&g, "New York", WW_NAT_BRITISH), 2);
	game_end(&g);
}

/* 7.4.A and 7.5: a general sailing alone may not stop beside an enemy general. */
static void test_7_5_lone_general_by_sea(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	put(&g, "Howe", "Boston", 0);
	put(&g, "Greene", "Barnstable", 0);
	play_refused(&g, WW_BRITISH, 2, "move Howe by sea to Barnstable", "7.4.A");
	game_end(&g);
}

/* 7.4.C: a British army stopped by an interception beside another British
 * general leaves one of them in the box before the battle. */
static void test_7_4_C_before_an_interception_battle(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	put(&g, "Clinton", "New Brunswick", 0);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick");
	force_dice(&g, 1, 1);
	order_ok(&g, WW_AMERICAN, "intercept Arnold");
	assert_int_equal(g.s.battle.space, space(g.d, "New Brunswick"));
	assert_int_equal(at(&g, "Clinton"), WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.battle.general[WW_BRITISH], general(g.d, "Howe"));
	game_end(&g);
}

/* 7.8.E: one attempt per army per card, so a general named twice is refused. */
static void test_7_8_E_general_named_twice(void **state)
{
	(void)state;
	struct test_game g;
	arnold_set_up(&g);
	play_ok(&g, WW_BRITISH, 2, "move Howe to New Brunswick, Trenton");
	/* the parser refuses it too; the engine must not rely on that */
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_INTERCEPT;
	o.generals[0] = o.generals[1] = general(g.d, "Arnold");
	o.ngenerals = 2;
	struct ww_state before = g.s;
	assert_int_equal(ww_apply(g.d, &g.s, WW_AMERICAN, &o, &g.rng, &g.ev, g.why, sizeof g.why), -1);
	assert_non_null(strstr(g.why, "named twice"));
	assert_memory_equal(&before, &g.s, sizeof before);
	o.ngenerals = 0;
	assert_int_equal(ww_apply(g.d, &g.s, WW_AMERICAN, &o, &g.rng, &g.ev, g.why, sizeof g.why), -1);
	game_end(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_7_3_C_gates_march),
		cmocka_unit_test(test_7_3_C_five_spaces_american_only),
		cmocka_unit_test(test_7_3_D_wilderness_costs_three),
		cmocka_unit_test(test_7_1_A_strategy_rating),
		cmocka_unit_test(test_7_1_B_queue_activates_burgoyne),
		cmocka_unit_test(test_7_1_B_queue_abandoned_by_another_play),
		cmocka_unit_test(test_7_1_B_queue_starts_with_one_or_two),
		cmocka_unit_test(test_7_8_arnold_intercepts),
		cmocka_unit_test(test_7_8_failed_interception_move_goes_on),
		cmocka_unit_test(test_7_9_no_retreat_after_interception_attempt),
		cmocka_unit_test(test_7_8_B_not_into_british_cus),
		cmocka_unit_test(test_7_9_washington_retreats_before_battle),
		cmocka_unit_test(test_7_9_failed_retreat_means_battle),
		cmocka_unit_test(test_7_3_B_move_ends_at_enemy),
		cmocka_unit_test(test_7_4_generals_alone),
		cmocka_unit_test(test_7_6_A_capture_and_go_on),
		cmocka_unit_test(test_7_6_B_washington_captured),
		cmocka_unit_test(test_7_7_congress_dispersed),
		cmocka_unit_test(test_9_7_overrun),
		cmocka_unit_test(test_9_7_three_cus_fight),
		cmocka_unit_test(test_7_4_C_two_generals),
		cmocka_unit_test(test_7_4_D_arnold_only),
		cmocka_unit_test(test_7_5_naval_movement),
		cmocka_unit_test(test_7_2_campaign_opening),
		cmocka_unit_test(test_7_2_B_landing_party),
		cmocka_unit_test(test_standing_never_intercept),
		cmocka_unit_test(test_standing_always_intercept),
		cmocka_unit_test(test_standing_never_retreat_before_battle),
		cmocka_unit_test(test_7_6_A_capture_by_retreat_before_battle),
		cmocka_unit_test(test_7_6_A_capture_before_drop),
		cmocka_unit_test(test_7_3_A_take_counts_only_cus_left_behind),
		cmocka_unit_test(test_7_5_lone_general_by_sea),
		cmocka_unit_test(test_7_4_C_before_an_interception_battle),
		cmocka_unit_test(test_7_8_E_general_named_twice),
		cmocka_unit_test(test_11_3_standing_losses_order),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
