/* The sequence of play and card plays (rules_game.c) on the real data. */
#include "support.h"
#include "rules_internal.h"

/* One Committee per colony, in the first space where one may go. */
static void committees_line(struct test_game *g, char *line, size_t len)
{
	const struct ww_data *d = g->d;
	snprintf(line, len, "committees ");
	for (int c = 0; c < d->ncolonies; c++) {
		if (d->colonies[c].is_canada)
			continue;
		for (int sp = 0; sp < d->nspaces; sp++) {
			if (d->spaces[sp].colony != c ||
			    !ww_pc_can_place(d, &g->s, &g->s, WW_AMERICAN, sp, WW_PC_COMMITTEES))
				continue;
			strncat(line, d->spaces[sp].name, len - strlen(line) - 1);
			strncat(line, ", ", len - strlen(line) - 1);
			break;
		}
	}
	line[strlen(line) - 2] = 0;
}

static void through_setup(struct test_game *g)
{
	char line[1024];
	committees_line(g, line, sizeof line);
	order_ok(g, WW_AMERICAN, line);
	order_ok(g, WW_BRITISH, "for-the-king");
}

/* to the first impulse of 1775, the American playing first */
static void to_first_impulse(struct test_game *g)
{
	game_start(g);
	through_setup(g);
	order_ok(g, WW_BRITISH, "pass");
	order_ok(g, WW_AMERICAN, "first american");
}

static void test_4_0_setup_from_data(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	const struct ww_data *d = g.d;
	int boston = space(d, "Boston");
	assert_int_equal(g.s.space[boston].cu[WW_NAT_BRITISH], 5);
	assert_int_equal(g.s.space[boston].pc, WW_BRITISH);
	assert_int_equal(g.s.general_at[general(d, "Howe")], boston);
	assert_int_equal(g.s.general_at[general(d, "Washington")], space(d, "Lexington and Concord"));
	assert_int_equal(g.s.congress_at, space(d, "Philadelphia"));
	assert_int_equal(g.s.general_at[general(d, "Burgoyne")], WW_LOC_REINFORCEMENTS);
	assert_int_equal(g.s.general_at[general(d, "Rochambeau")], WW_LOC_FRENCH_BOX);
	assert_int_equal(g.s.cu_french_box, 5);
	assert_int_equal(g.s.french_alliance, 0);
	assert_true(g.s.regulars);
	assert_int_equal(g.s.year, 1775);
	assert_int_equal(g.s.prompt, WW_ASK_COMMITTEES);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	game_end(&g);
}

/* 4.0 and 6.1.E: the Declaration and von Steuben are set aside. */
static void test_6_1_E_two_cards_set_aside(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	assert_int_equal(g.s.set_aside.n, 2);
	assert_int_equal(g.s.deck.n, 108);
	int doi = find_card(g.d, "Declaration", 0, NULL);
	int steuben = find_card(g.d, "Steuben", 0, NULL);
	assert_true(ww_pile_has(&g.s.set_aside, doi));
	assert_true(ww_pile_has(&g.s.set_aside, steuben));
	game_end(&g);
}

static void test_4_0_committees_restrictions(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	order_refused(&g, WW_AMERICAN, "committees Boston", "Boston");
	order_refused(&g, WW_AMERICAN, "committees Quebec", "Canada");
	order_refused(&g, WW_AMERICAN, "committees Springfield, Falmouth", "one PC per colony");
	order_refused(&g, WW_AMERICAN, "committees Springfield", "No Committee");
	order_refused(&g, WW_BRITISH, "for-the-king", "not your move");
	char line[1024];
	committees_line(&g, line, sizeof line);
	order_ok(&g, WW_AMERICAN, line);
	int pcs = 0;
	for (int sp = 0; sp < g.d->nspaces; sp++)
		pcs += g.s.space[sp].pc == WW_AMERICAN;
	assert_int_equal(pcs, 3 + 13); /* set-up PCs + one per colony */
	assert_int_equal(g.s.prompt, WW_ASK_FOR_THE_KING);
	game_end(&g);
}

/* 4.0 For The King within 10.11.B; then 5.1 and 5.2 run by themselves. */
static void test_4_0_for_the_king_then_1775(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	char line[1024];
	committees_line(&g, line, sizeof line);
	order_ok(&g, WW_AMERICAN, line);
	order_refused(&g, WW_BRITISH, "for-the-king Oswego, Fort Stanwix", "");
	order_refused(&g, WW_BRITISH, "for-the-king Oswego, Albany, Saratoga, Concord NH", "up to 3");
	int top[4];
	for (int i = 0; i < 4; i++)
		top[i] = g.s.deck.card[g.s.deck.n - 1 - i];
	order_ok(&g, WW_BRITISH, "for-the-king Oswego");
	assert_int_equal(g.s.space[space(g.d, "Oswego")].pc, WW_BRITISH);
	/* 5.1 */
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], g.d->british_reinforcements[0]);
	/* 5.2: seven each, the American dealt the first card */
	assert_int_equal(g.s.hand[WW_AMERICAN].n, 7);
	assert_int_equal(g.s.hand[WW_BRITISH].n, 7);
	assert_int_equal(g.s.deck.n, 108 - 14);
	assert_int_equal(g.s.hand[WW_AMERICAN].card[0], top[0]);
	assert_int_equal(g.s.hand[WW_BRITISH].card[0], top[1]);
	assert_int_equal(g.s.hand[WW_AMERICAN].card[1], top[2]);
	assert_int_equal(g.s.phase, WW_PH_STRATEGY);
	assert_int_equal(g.s.prompt, WW_ASK_OPENING);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	game_end(&g);
}

/* 5.3: the British may open with a campaign card, else the American
 * chooses who plays first; then impulses alternate. */
static void test_5_3_first_player(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	through_setup(&g);
	order_refused(&g, WW_BRITISH, "first british", "pass");
	order_ok(&g, WW_BRITISH, "pass");
	assert_int_equal(g.s.prompt, WW_ASK_FIRST_PLAYER);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	order_ok(&g, WW_AMERICAN, "first british");
	assert_int_equal(g.s.prompt, WW_ASK_IMPULSE);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	int ops = find_card(g.d, NULL, 1, NULL);
	give(&g, WW_BRITISH, ops);
	order_okf(&g, WW_BRITISH, "discard %d", ops);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	assert_int_equal(g.s.hand[WW_BRITISH].n, 6);
	game_end(&g);
}

/* 5.3.b: after a turn in which the Congress was dispersed, the British
 * choose, and may answer the opening with the choice itself. */
static void test_5_3_b_british_choose_after_dispersal(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	through_setup(&g);
	g.s.chooser = WW_BRITISH;
	order_ok(&g, WW_BRITISH, "first american");
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	assert_int_equal(g.s.prompt, WW_ASK_IMPULSE);
	game_end(&g);
}

/* 10.11.A: an OPS card gives as many PC actions as its value. */
static void test_10_11_A_ops_pc_actions(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int two = ops_card(&g, WW_AMERICAN, 2);
	order_refusedf(&g, WW_AMERICAN, "2 OPS", "play %d pc Norwich, Portsmouth, Concord NH", two);
	order_refusedf(&g, WW_AMERICAN, "", "play %d pc Boston", two);
	int a = -1, b = -1;
	for (int sp = 0; sp < g.d->nspaces && b < 0; sp++) {
		if (!ww_pc_can_place(g.d, &g.s, &g.s, WW_AMERICAN, sp, WW_PC_OPS))
			continue;
		if (a < 0)
			a = sp;
		else
			b = sp;
	}
	order_okf(&g, WW_AMERICAN, "play %d pc %s, %s", two, g.d->spaces[a].name,
		  g.d->spaces[b].name);
	assert_int_equal(g.s.space[a].pc, WW_AMERICAN);
	assert_int_equal(g.s.space[b].pc, WW_AMERICAN);
	assert_true(ww_pile_has(&g.s.discard, two));
	assert_int_equal(g.s.to_move, WW_BRITISH);
	game_end(&g);
}

/* 6.32.C: the British exchange any OPS card for an event the American
 * discarded as his play; the American needs a 2 or 3 OPS card. */
static void test_6_32_C_exchange(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int event = find_card(g.d, "Knox", 0, NULL);
	int one = find_card(g.d, NULL, 1, NULL);
	give(&g, WW_AMERICAN, event);
	give(&g, WW_BRITISH, one);
	order_okf(&g, WW_AMERICAN, "discard %d", event);
	assert_int_equal(g.s.exchange_offer, event);
	assert_int_equal(g.s.exchange_for, WW_BRITISH);
	order_okf(&g, WW_BRITISH, "exchange %d", one);
	assert_true(ww_pile_has(&g.s.hand[WW_BRITISH], event));
	assert_true(ww_pile_has(&g.s.discard, one));
	assert_false(ww_pile_has(&g.s.discard, event));
	assert_int_equal(g.s.hand[WW_BRITISH].n, 7); /* an exchange is not his turn */
	assert_int_equal(g.s.to_move, WW_BRITISH);
	assert_int_equal(g.s.prompt, WW_ASK_IMPULSE);
	order_refusedf(&g, WW_BRITISH, "no discarded event", "exchange %d", one);
	game_end(&g);
}

static void test_6_32_C_american_needs_two_ops(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	through_setup(&g);
	order_ok(&g, WW_BRITISH, "pass");
	order_ok(&g, WW_AMERICAN, "first british");
	int event = find_card(g.d, "Tarleton", 0, NULL);
	int one = find_card(g.d, NULL, 1, NULL);
	int two = find_card(g.d, NULL, 2, NULL);
	give(&g, WW_BRITISH, event);
	give(&g, WW_AMERICAN, one);
	give(&g, WW_AMERICAN, two);
	order_okf(&g, WW_BRITISH, "discard %d", event);
	order_refusedf(&g, WW_AMERICAN, "2 or 3 OPS", "exchange %d", one);
	order_okf(&g, WW_AMERICAN, "exchange %d", two);
	assert_true(ww_pile_has(&g.s.hand[WW_AMERICAN], event));
	game_end(&g);
}

/* Any play other than the exchange declines it (6.32.C: "before he takes
 * his turn"). */
static void test_6_32_C_offer_lapses_after_a_play(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int event = find_card(g.d, "Knox", 0, NULL);
	int one = find_card(g.d, NULL, 1, NULL);
	give(&g, WW_AMERICAN, event);
	give(&g, WW_BRITISH, one);
	char line[64];
	order_okf(&g, WW_AMERICAN, "discard %d", event);
	int other = g.s.hand[WW_BRITISH].card[0] == one ? g.s.hand[WW_BRITISH].card[1]
							: g.s.hand[WW_BRITISH].card[0];
	snprintf(line, sizeof line, "discard %d", other);
	if (g.d->cards[other].must_play)
		snprintf(line, sizeof line, "play %d event", other);
	order(&g, WW_BRITISH, line);
	assert_int_not_equal(g.s.exchange_offer, event);
	game_end(&g);
}

/* 6.34.A: a special event may never be discarded. */
static void test_6_34_A_special_never_discarded(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int franklin = find_card(g.d, "Franklin", 0, NULL);
	give(&g, WW_AMERICAN, franklin);
	order_refusedf(&g, WW_AMERICAN, "6.34.A", "discard %d", franklin);
	order_okf(&g, WW_AMERICAN, "play %d event", franklin);
	assert_int_equal(g.s.french_alliance, 4); /* 6.34.C.ii */
	game_end(&g);
}

/* 6.32.B play note: an OPS card cannot be discarded to act on a PC. */
static void test_6_32_B_ops_discard_takes_no_action(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int one = ops_card(&g, WW_AMERICAN, 1);
	order_refusedf(&g, WW_AMERICAN, "OPS card", "discard %d remove Norfolk", one);
	game_end(&g);
}

/* 6.32.A: each side plays only its own events. */
static void test_6_32_A_enemy_event_only_discarded(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int tarleton = find_card(g.d, "Tarleton", 0, NULL);
	give(&g, WW_AMERICAN, tarleton);
	order_refusedf(&g, WW_AMERICAN, "6.32.A", "play %d event", tarleton);
	game_end(&g);
}

/* 6.34.C.iii: North's Government Falls goes to the War Ends box and the
 * game ends in that year's End Phase (13.2). */
static void test_6_34_C_iii_war_ends(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int w79 = find_card(g.d, "1779", 0, NULL);
	int w80 = find_card(g.d, "1780", 0, NULL);
	give(&g, WW_AMERICAN, w80);
	order_okf(&g, WW_AMERICAN, "play %d event", w80);
	assert_int_equal(g.s.war_ends_card, w80);
	give(&g, WW_BRITISH, w79);
	order_okf(&g, WW_BRITISH, "play %d event", w79);
	assert_int_equal(g.s.war_ends_card, w79);
	assert_true(ww_pile_has(&g.s.discard, w80)); /* the old card is discarded */
	game_end(&g);
}

/* One space per colony where the Declaration may place a PC. */
static void declaration_line(struct test_game *g, char *answer, size_t len)
{
	snprintf(answer, len, "declaration");
	const char *sep = " ";
	for (int col = 0; col < g->d->ncolonies; col++) {
		if (g->d->colonies[col].is_canada)
			continue;
		for (int sp = 0; sp < g->d->nspaces; sp++) {
			if (g->d->spaces[sp].colony == col &&
			    ww_pc_can_place(g->d, &g->s, &g->s, WW_AMERICAN, sp, WW_PC_DECLARATION)) {
				strncat(answer, sep, len - strlen(answer) - 1);
				strncat(answer, g->d->spaces[sp].name, len - strlen(answer) - 1);
				sep = ", ";
				break;
			}
		}
	}
}

/* Gives the simplest legal answer to whatever is asked: plain discards,
 * specials played as events. */
static void simplest_order(struct test_game *g)
{
	enum ww_side side = g->s.to_move;
	char line[1024];
	int options[WW_MAX_SPACES];
	switch (g->s.prompt) {
	case WW_ASK_OPENING:
		order_ok(g, side, "pass");
		return;
	case WW_ASK_FIRST_PLAYER:
		order_ok(g, side, "first american");
		return;
	case WW_ASK_DECLARATION:
		declaration_line(g, line, sizeof line);
		order_ok(g, side, line);
		return;
	case WW_ASK_CONGRESS:
		assert_true(ww_congress_options(g->d, &g->s, options) > 1);
		order_okf(g, side, "congress %s", g->d->spaces[options[0]].name);
		return;
	default:
		routine_play(g, side);
	}
}

/* Plays out the rest of the year with the simplest orders. */
static void finish_year(struct test_game *g)
{
	int year = g->s.year;
	for (int guard = 0; guard < 60 && g->s.year == year && g->s.phase != WW_PH_GAME_OVER; guard++)
		simplest_order(g);
	assert_true(g->s.year != year || g->s.phase == WW_PH_GAME_OVER);
}

/* 5.4 - 5.7, then 5.1/5.2 of the next year, with 6.1.E in 1776. */
static void test_5_7_year_ends_and_1776_begins(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	finish_year(&g);
	assert_int_equal(g.s.year, 1776);
	assert_int_equal(g.s.phase, WW_PH_STRATEGY);
	assert_int_equal(g.s.set_aside.n, 0);
	assert_int_equal(g.s.hand[WW_AMERICAN].n, 7);
	assert_int_equal(g.s.hand[WW_BRITISH].n, 7);
	assert_true(saw_event(&g, "shuffled into the deck (6.1.E)"));
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH],
			 g.d->british_reinforcements[0] + g.d->british_reinforcements[1]);
	game_end(&g);
}

/* 6.34.C.iii: the game ends in the End Phase of the first year that is
 * the War Ends card's year or later, and not before (13.2 decides). */
static void test_13_2_game_ends_in_war_ends_year(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int w79 = find_card(g.d, "1779", 0, NULL);
	give(&g, WW_AMERICAN, w79);
	order_okf(&g, WW_AMERICAN, "play %d event", w79);
	while (g.s.phase != WW_PH_GAME_OVER) {
		int year = g.s.year;
		finish_year(&g);
		if (g.s.phase == WW_PH_GAME_OVER)
			break;
		/* the year ended and the game went on: the box did not say so */
		int boxed = g.s.war_ends_card ? g.d->cards[g.s.war_ends_card].war_ends_year : 9999;
		assert_true(boxed > year);
	}
	assert_int_equal(g.s.victory, WW_WIN_WAR_ENDS);
	assert_true(g.d->cards[g.s.war_ends_card].war_ends_year <= g.s.year);
	assert_int_equal(g.s.to_move, WW_NOBODY);
	assert_true(g.s.winner == WW_AMERICAN || g.s.winner == WW_BRITISH);
	order_refused(&g, WW_AMERICAN, "pass", "game is over");
	game_end(&g);
}

/* The judge's ruling on resignation (docs/rulings.md): either side may
 * resign at any moment, its move or not; the other side wins at once. */
static void test_resign_at_any_moment(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	struct ww_state before = g.s;
	order_ok(&g, WW_BRITISH, "resign");
	assert_int_equal(g.s.phase, WW_PH_GAME_OVER);
	assert_int_equal(g.s.winner, WW_AMERICAN);
	assert_int_equal(g.s.victory, WW_WIN_RESIGNATION);
	assert_int_equal(g.s.to_move, WW_NOBODY);
	assert_int_equal(g.s.prompt, WW_ASK_NOTHING);
	assert_int_equal(g.s.move, before.move + 1);
	assert_true(saw_event(&g, "The British player resigns: American victory"));
	/* the position stands as it was: no die, no card, no piece moved */
	assert_int_equal(g.s.next_roll, before.next_roll);
	assert_memory_equal(g.s.space, before.space, sizeof before.space);
	assert_memory_equal(&g.s.hand, &before.hand, sizeof before.hand);
	order_refused(&g, WW_AMERICAN, "play 1 pc Boston", "game is over");
	order_refused(&g, WW_BRITISH, "resign", "game is over");
	game_end(&g);

	game_start(&g); /* the American, on his own move, before the set-up is done */
	order_ok(&g, WW_AMERICAN, "resign");
	assert_int_equal(g.s.winner, WW_BRITISH);
	assert_int_equal(g.s.victory, WW_WIN_RESIGNATION);
	game_end(&g);
}

/* 6.34.C.i: the Declaration places an American PC in each colony where it
 * can, the American choosing; colonies with one possible space are
 * filled without asking. */
static void test_6_34_C_i_declaration(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	int doi = find_card(g.d, "Declaration", 0, NULL);
	give(&g, WW_BRITISH, doi);
	/* the American plays a card, then the British plays the Declaration */
	routine_play(&g, WW_AMERICAN);
	if (g.s.prompt != WW_ASK_IMPULSE || g.s.to_move != WW_BRITISH)
		skip();
	order_okf(&g, WW_BRITISH, "play %d event", doi);
	assert_int_equal(g.s.prompt, WW_ASK_DECLARATION);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	assert_true(g.s.reshuffle_pending); /* 6.1.B clarification */
	/* leave one colony with several choices unanswered: refused */
	order_refused(&g, WW_AMERICAN, "declaration", "name one of them");
	char answer[1024];
	declaration_line(&g, answer, sizeof answer);
	int before = 0, after = 0;
	for (int sp = 0; sp < g.d->nspaces; sp++)
		before += g.s.space[sp].pc == WW_AMERICAN;
	order_ok(&g, WW_AMERICAN, answer);
	for (int sp = 0; sp < g.d->nspaces; sp++)
		after += g.s.space[sp].pc == WW_AMERICAN;
	assert_int_equal(after - before, 13);
	assert_int_equal(g.s.to_move, WW_AMERICAN); /* the British impulse is over */
	game_end(&g);
}

/* The opponent's view hides his hand and the deck order, nothing else. */
static void test_view_hides_hand_and_deck(void **state)
{
	(void)state;
	struct test_game g;
	to_first_impulse(&g);
	struct ww_state v;
	ww_view(&g.s, WW_BRITISH, &v);
	assert_int_equal(v.hand[WW_AMERICAN].n, 7);
	for (int i = 0; i < 7; i++)
		assert_int_equal(v.hand[WW_AMERICAN].card[i], 0);
	assert_memory_equal(&v.hand[WW_BRITISH], &g.s.hand[WW_BRITISH], sizeof v.hand[0]);
	assert_int_equal(v.deck.n, g.s.deck.n);
	assert_int_equal(v.deck.card[0], 0);
	assert_memory_equal(v.space, g.s.space, sizeof v.space);
	game_end(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_4_0_setup_from_data),
		cmocka_unit_test(test_6_1_E_two_cards_set_aside),
		cmocka_unit_test(test_4_0_committees_restrictions),
		cmocka_unit_test(test_4_0_for_the_king_then_1775),
		cmocka_unit_test(test_5_3_first_player),
		cmocka_unit_test(test_5_3_b_british_choose_after_dispersal),
		cmocka_unit_test(test_10_11_A_ops_pc_actions),
		cmocka_unit_test(test_6_32_C_exchange),
		cmocka_unit_test(test_6_32_C_american_needs_two_ops),
		cmocka_unit_test(test_6_32_C_offer_lapses_after_a_play),
		cmocka_unit_test(test_6_34_A_special_never_discarded),
		cmocka_unit_test(test_6_32_B_ops_discard_takes_no_action),
		cmocka_unit_test(test_6_32_A_enemy_event_only_discarded),
		cmocka_unit_test(test_6_34_C_iii_war_ends),
		cmocka_unit_test(test_5_7_year_ends_and_1776_begins),
		cmocka_unit_test(test_13_2_game_ends_in_war_ends_year),
		cmocka_unit_test(test_resign_at_any_moment),
		cmocka_unit_test(test_6_34_C_i_declaration),
		cmocka_unit_test(test_view_hides_hand_and_deck),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
