/* Skirmish's rules engine (issue 14, seed 004): each test asserts what
 * the seed says would happen, named with its place in the seed (I.A ...
 * V.7, END for TO END THE GAME, COMBINING for COMBINING UNITS); the
 * readings of docs/rulings.md ("Skirmish") are tested as RULING. Positions
 * are arranged on the real data/skirmish/ board: the Continental Army and
 * one British army kept far apart, the pieces of the test placed. */
#include "sk_support.h"
#include "sk_text.h"

static const struct sk_data *D;

static int setup(void **state)
{
	(void)state;
	D = skd();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(sk_test_data);
	return 0;
}

/* A board with only the Continental Army at `continental` and a British
 * army at Quebec, far from the test. */
static struct sk_game *cleared(const char *continental, int units)
{
	static struct sk_game g;
	sk_start(&g, 7);
	sk_clear(&g, continental, "Quebec");
	g.s.pieces[at(&g, continental)].units = units;
	return &g;
}

static struct sk_order move(const char *a, const char *b, const char *c)
{
	return sk_spots(SK_ORDER_MOVE, a, b, c, NULL);
}

static struct sk_order apart(const char *to)
{
	struct sk_order o = { .kind = SK_ORDER_APART, .spot = sp(to) };
	return o;
}

static void refused(struct sk_game *g, int side, struct sk_order o, const char *why)
{
	struct sk_state before = g->s;
	assert_int_equal(sk_do(g, side, o), -1);
	if (!strstr(g->why, why))
		fail_msg("refused for '%s', not '%s'", g->why, why);
	assert_memory_equal(&before, &g->s, sizeof before);
	assert_int_equal(g->ev.n, 0);
}

static void accepted(struct sk_game *g, int side, struct sk_order o)
{
	if (sk_do(g, side, o))
		fail_msg("refused: %s", g->why);
}

static int units(const struct sk_game *g, const char *spot)
{
	int i = at(g, spot);
	if (i < 0)
		fail_msg("no piece at %s", spot);
	return g->s.pieces[i].units;
}

/* I.A: the American throws 2 dice, the British 1, each seen by its
 * thrower alone; I.B the British is asked first. */
static void test_I_A_both_throw_each_sees_his_own(void **state)
{
	struct sk_game g;
	(void)state;
	sk_start(&g, 1);
	assert_int_equal(g.s.ndice[SK_AMERICAN], 2);
	assert_int_equal(g.s.ndice[SK_BRITISH], 1);
	assert_false(g.s.revealed[SK_AMERICAN]);
	assert_false(g.s.revealed[SK_BRITISH]);
	int seen = 0;
	for (int i = 0; i < g.ev.n; i++)
		if (strstr(g.ev.e[i].text, "You throw")) {
			assert_true(g.ev.e[i].audience == SK_TO(SK_AMERICAN) ||
				    g.ev.e[i].audience == SK_TO(SK_BRITISH));
			seen |= (int)g.ev.e[i].audience;
		}
	assert_int_equal(seen, SK_TO(SK_AMERICAN) | SK_TO(SK_BRITISH));
	assert_int_equal(sk_asked(&g.s), SK_TO(SK_BRITISH));
	assert_int_equal(g.s.phase, SK_PHASE_DECLARE);
	char q[256], throw[32];
	snprintf(throw, sizeof throw, "Your throw: %d.", g.s.dice[SK_BRITISH][0]);
	sk_question(D, &g.s, SK_BRITISH, q, sizeof q);
	assert_non_null(strstr(q, "declare the piece he will move (I.B)"));
	assert_non_null(strstr(q, throw));
	sk_question(D, &g.s, SK_AMERICAN, q, sizeof q);
	assert_string_equal(q, "Nothing is asked of the American now.");
}

/* I.B, I.C: the British tells which piece he will move before the
 * American moves; then the American's dice are shown to both. */
static void test_I_B_british_declares_before_the_american_moves(void **state)
{
	struct sk_game g;
	(void)state;
	sk_start(&g, 2);
	refused(&g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL), "British is asked to declare");
	struct sk_order d = { .kind = SK_ORDER_DECLARE, .spot = sp("Philadelphia") };
	refused(&g, SK_BRITISH, d, "I.B");
	d.spot = sp("Large Red Dot");
	refused(&g, SK_BRITISH, d, "I.B");
	d.spot = sp("Boston");
	accepted(&g, SK_BRITISH, d);
	assert_int_equal(g.s.declared, at(&g, "Boston"));
	assert_true(g.s.revealed[SK_AMERICAN]);
	assert_false(g.s.revealed[SK_BRITISH]);
	assert_true(sk_said(&g, "The American shows his throw"));
	assert_int_equal(g.ev.e[g.ev.n - 1].audience, SK_TO_ALL);
	assert_int_equal(sk_asked(&g.s) & SK_TO(SK_BRITISH), 0);
}

/* Resignation (docs/rulings.md; the booklet has none): the American
 * concedes while the British is asked to declare: the British wins at
 * once, no piece moves; the state text keeps it; no order comes after. */
static void test_resign_at_any_moment(void **state)
{
	struct sk_game g;
	struct sk_state back;
	char *text = NULL, why[256];
	size_t len = 0;
	(void)state;
	sk_start(&g, 2);
	struct sk_state before = g.s;
	accepted(&g, SK_AMERICAN, (struct sk_order){ .kind = SK_ORDER_RESIGN, .spot = -1 });
	assert_int_equal(g.s.phase, SK_PHASE_OVER);
	assert_int_equal(g.s.winner, SK_BRITISH);
	assert_true(g.s.resigned);
	assert_memory_equal(g.s.pieces, before.pieces, sizeof before.pieces);
	assert_true(sk_said(&g, "The American player resigns: British victory."));
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(sk_state_write(f, D, &g.s, true), 0);
	fclose(f);
	if (sk_state_read(text, len, D, &back, why, sizeof why))
		fail_msg("%s", why);
	assert_true(back.resigned);
	free(text);
	refused(&g, SK_BRITISH, (struct sk_order){ .kind = SK_ORDER_RESIGN, .spot = -1 },
		"the game is over");
}

/* I.B NOTE: a zero is no move, yet the British declares anyway; the next
 * turn then starts with both throwing again. */
static void test_I_B_zero_declares_anyway_and_no_move(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_american_moves(g, 1, 0, "Quebec", 0);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_true(sk_said(g, "The British shows his throw: 0"));
	assert_int_equal(g->s.pieces[at(g, "Quebec")].spot, sp("Quebec"));
	assert_int_equal(g->s.turn, 2);
	assert_int_equal(g->s.phase, SK_PHASE_DECLARE);
}

/* II.1: one die each for two different pieces. */
static void test_II_1_american_moves_two_different_pieces(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Lancaster", 1);
	sk_american_moves(g, 1, 1, "Quebec", 1);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	refused(g, SK_AMERICAN, move("Trenton", "Morristown", NULL), "two different pieces");
	accepted(g, SK_AMERICAN, move("Lancaster", "Pittsburgh", NULL));
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
}

/* II.1 and RULING: a die of N moves exactly N spots (COMBINING 1 and IV.1
 * "by exact count"). */
static void test_II_1_a_die_moves_exactly_its_spots(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_american_moves(g, 2, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL), "exactly");
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", "Morristown"));
	assert_int_equal(at(g, "Morristown"), at(g, "Morristown"));
	assert_true(g->s.pieces[at(g, "Morristown")].kind == SK_CONTINENTAL_ARMY);
}

/* II.2: along the lines only. */
static void test_II_2_along_the_lines(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Lancaster", NULL), "II.2");
}

/* II.3: not back and forth between the same two spots in one turn. */
static void test_II_3_not_back_and_forth(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_american_moves(g, 2, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Trenton", "Philadelphia"), "II.3");
}

/* II.4: land pieces on black spots, never onto the sea. */
static void test_II_4_land_pieces_stay_on_land(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Philadelphia Harbor", NULL), "II.2");
}

/* II.5: through own pieces, not through the enemy. */
static void test_II_5_through_own_pieces_not_the_enemy(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	int militia = sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Trenton", 1);
	sk_american_moves(g, 2, 0, "Quebec", 1);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", "Morristown"));
	g->s.pieces[militia].side = SK_BRITISH;
	g->s.pieces[militia].kind = SK_ARMY;
	g->s.pieces[at(g, "Morristown")].spot = sp("Philadelphia");
	sk_american_moves(g, 2, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Trenton", "Morristown"), "II.5");
}

/* II.6.A: a warship goes harbour to harbour, one spot a leg, through
 * open or friendly harbours only. */
static void test_II_6_A_warship_harbour_to_harbour(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_place(g, SK_BRITISH, SK_WARSHIP, "New York Harbor", 0);
	sk_place(g, SK_AMERICAN, SK_WARSHIP, "Philadelphia Harbor", 0);
	sk_british_moves(g, "New York Harbor", 2);
	refused(g, SK_BRITISH, move("New York Harbor", "Philadelphia Harbor", "Yorktown Harbor"),
		"II.6.A");
	refused(g, SK_BRITISH, move("New York Harbor", "Off Long Island", "Mid Atlantic"), "II.6.A");
	sk_british_moves(g, "New York Harbor", 1);
	accepted(g, SK_BRITISH, move("New York Harbor", "Boston Harbor", NULL));
	assert_int_equal(sk_piece_at(&g->s, sp("Boston Harbor"), SK_BRITISH) >= 0, 1);
}

/* II.6.C: two warships of a side share a harbour; the declared one moves. */
static void test_II_6_C_the_declared_ship_of_two_in_a_harbour_moves(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_place(g, SK_BRITISH, SK_WARSHIP, "New York Harbor", 0);
	int second = sk_place(g, SK_BRITISH, SK_WARSHIP, "New York Harbor", 0);
	sk_british_moves(g, "New York Harbor", 1);
	g->s.declared = second;
	accepted(g, SK_BRITISH, move("New York Harbor", "Boston Harbor", NULL));
	assert_int_equal(g->s.pieces[second].spot, sp("Boston Harbor"));
}

/* II.6.B: city to city along a red line, one spot, when the harbours are
 * open or the mover's. */
static void test_II_6_B_coastal_move_needs_open_harbours(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	int ship = sk_place(g, SK_BRITISH, SK_WARSHIP, "New York Harbor", 0);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "New York City", NULL), "II.6.B");
	g->s.pieces[ship].spot = sp("Boston Harbor");
	accepted(g, SK_AMERICAN, move("Philadelphia", "New York City", NULL));
}

/* II.6.D, IV.6: an American ship landing on a British ship fights; the
 * higher throw wins and the loser is removed. */
static void test_II_6_D_naval_battle(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	int british = sk_place(g, SK_BRITISH, SK_WARSHIP, "New York Harbor", 0);
	int american = sk_place(g, SK_AMERICAN, SK_WARSHIP, "Philadelphia Harbor", 0);
	sk_american_moves(g, 1, 0, "Quebec", 0);
	sk_force(g, 2, 5, 2);
	accepted(g, SK_AMERICAN, move("Philadelphia Harbor", "New York Harbor", NULL));
	assert_true(sk_said(g, "NAVAL BATTLE"));
	assert_int_equal(g->s.pieces[british].spot, -1);
	assert_int_equal(g->s.pieces[american].spot, sp("New York Harbor"));
}

/* IV.6: a tie throws again; no advantage to either ship. */
static void test_IV_6_naval_tie_throws_again(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	int british = sk_place(g, SK_BRITISH, SK_WARSHIP, "New York Harbor", 0);
	int american = sk_place(g, SK_AMERICAN, SK_WARSHIP, "Philadelphia Harbor", 0);
	sk_american_moves(g, 1, 0, "Quebec", 0);
	sk_force(g, 4, 3, 3, 1, 6);
	accepted(g, SK_AMERICAN, move("Philadelphia Harbor", "New York Harbor", NULL));
	assert_int_equal(g->s.pieces[american].spot, -1);
	assert_int_equal(g->s.pieces[british].spot, sp("New York Harbor"));
}

/* II.7: with one army left the American throws one die. */
static void test_II_7_one_army_left_throws_one_die(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_british_moves(g, "Quebec", 1);
	accepted(g, SK_BRITISH, move("Quebec", "Montreal", NULL));
	assert_int_equal(g->s.ndice[SK_AMERICAN], 1);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Augusta", 1);
	sk_british_moves(g, "Montreal", 1);
	accepted(g, SK_BRITISH, move("Montreal", "Quebec", NULL));
	assert_int_equal(g->s.ndice[SK_AMERICAN], 2);
}

/* COMBINING UNITS 1, the seed's example: the Continental Army of 3 lands
 * on a militia by exact count and becomes a 4-unit army. */
static void test_COMBINING_1_militia_joins_the_army(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 3);
	(void)state;
	int militia = sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Trenton", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_int_equal(units(g, "Trenton"), 4);
	assert_int_equal(g->s.pieces[militia].spot, -1);
	assert_int_equal(g->s.lost[SK_AMERICAN], 0);
}

/* RULING (COMBINING 1): militia combines only with an army. */
static void test_COMBINING_1_two_militia_do_not_stack(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 1);
	(void)state;
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Trenton", 1);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Morristown", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Morristown", "Trenton", NULL), "COMBINING UNITS 1");
}

/* COMBINING UNITS 2: no army above 6 units. */
static void test_COMBINING_2_no_more_than_six(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 6);
	(void)state;
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Trenton", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL), "COMBINING UNITS 2");
}

/* COMBINING UNITS 3: two armies that join share their units up to 6 each
 * and separate by one space. */
static void test_COMBINING_3_armies_split_one_space_apart(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 4);
	(void)state;
	int army = sk_place(g, SK_AMERICAN, SK_ARMY, "Trenton", 3);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL), "COMBINING UNITS 3");
	struct sk_order o = move("Philadelphia", "Trenton", NULL);
	o.split = (struct sk_split){ true, false, 7, sp("Morristown") };
	refused(g, SK_AMERICAN, o, "COMBINING UNITS 2, 3");
	o.split = (struct sk_split){ true, false, 6, sp("Valley Forge") };
	refused(g, SK_AMERICAN, o, "one space");
	o.split = (struct sk_split){ true, false, 6, sp("Morristown") };
	accepted(g, SK_AMERICAN, o);
	assert_int_equal(units(g, "Trenton"), 6);
	assert_true(g->s.pieces[at(g, "Trenton")].kind == SK_CONTINENTAL_ARMY);
	assert_int_equal(g->s.pieces[army].spot, sp("Morristown"));
	assert_int_equal(g->s.pieces[army].units, 1);
}

/* COMBINING UNITS 3: a split clause where no two armies of the side
 * meet is refused with the rule, not dropped (issue 20, point 9). */
static void test_COMBINING_3_split_where_no_armies_meet_is_refused(void **state)
{
	struct sk_game *g = cleared("Philadelphia", 4);
	(void)state;
	sk_american_moves(g, 1, 0, "Quebec", 1);
	struct sk_order o = move("Philadelphia", "Trenton", NULL);
	o.split = (struct sk_split){ true, true, 2, sp("Morristown") };
	refused(g, SK_AMERICAN, o, "COMBINING UNITS 3: a split is given only when");
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Trenton", 1);
	refused(g, SK_AMERICAN, o, "a militia there joins the army (COMBINING UNITS 1)");
	o.split.given = false;
	accepted(g, SK_AMERICAN, o);
	assert_int_equal(units(g, "Trenton"), 5);
}

/* A militia two spots from a British army at Morristown moves next to
 * it with a die of 1; the next card is `card`. */
static struct sk_game *militia_next_to_army_after(const char *card, int british_units,
						  int side, const struct sk_order *standing)
{
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", british_units);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Philadelphia", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	if (standing)
		accepted(g, side, *standing);
	sk_next_card(g, card);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	return g;
}

static struct sk_game *militia_next_to_army(const char *card, int british_units)
{
	return militia_next_to_army_after(card, british_units, 0, NULL);
}

/* III.1: a militia and an opposing army on adjacent spots skirmish at
 * the end of the move. */
static void test_III_1_adjacent_militia_and_army_skirmish(void **state)
{
	(void)state;
	int drawn = cleared("Augusta", 1)->s.next;
	struct sk_game *g = militia_next_to_army("Nothing happens", 5);
	assert_true(sk_said(g, "SKIRMISH"));
	assert_int_equal(g->s.next, drawn + 1);
	assert_int_equal(g->s.quiet_moves, 0);
}

/* III.1: no skirmish when the pieces are not adjacent. */
static void test_III_1_no_skirmish_two_spots_away(void **state)
{
	struct sk_game *g = cleared("Augusta", 1);
	(void)state;
	sk_place(g, SK_BRITISH, SK_ARMY, "West Point", 5);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Philadelphia", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_false(sk_said(g, "SKIRMISH"));
}

/* III.2.A: lose a unit, removed at once. */
static void test_III_2_A_a_unit_is_lost(void **state)
{
	(void)state;
	struct sk_game *g = militia_next_to_army("British lose a unit", 5);
	assert_int_equal(units(g, "Morristown"), 4);
	assert_int_equal(g->s.lost[SK_BRITISH], 1);
}

/* III.2.A: losing the top unit defeats the army. */
static void test_III_2_A_the_top_unit_defeats_the_army(void **state)
{
	(void)state;
	struct sk_game *g = militia_next_to_army("British lose a unit", 1);
	assert_int_equal(at(g, "Morristown"), -1);
	assert_true(g->s.call.may_call[SK_BRITISH]); /* V.1 */
}

/* III.2.B, III.4: the card moves one of the two; its owner says where;
 * never onto an enemy, and it starts no new skirmish. */
static void test_III_2_B_the_card_moves_a_piece(void **state)
{
	(void)state;
	struct sk_game *g = militia_next_to_army("Americans fall back", 5);
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_AMERICAN));
	assert_int_equal(g->s.phase, SK_PHASE_CARD_MOVE);
	refused(g, SK_AMERICAN, sk_spots(SK_ORDER_CARD_MOVE, "Trenton", "Morristown", NULL),
		"III.2.B");
	refused(g, SK_AMERICAN, sk_spots(SK_ORDER_CARD_MOVE, "Trenton", "Philadelphia",
					 "Valley Forge", NULL), "exactly 1");
	accepted(g, SK_AMERICAN, sk_spots(SK_ORDER_CARD_MOVE, "Trenton", "Philadelphia", NULL));
	assert_false(sk_said(g, "SKIRMISH"));
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
}

/* III.2.C: a major battle in that same turn. */
static void test_III_2_C_major_battle_the_same_turn(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 3);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Philadelphia", 5);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	sk_next_card(g, "Major battle");
	sk_force(g, 2, 4, 3); /* the mover's 4 + 2 against 3: the British lose 3 */
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_true(sk_said(g, "MAJOR BATTLE"));
	assert_int_equal(at(g, "Morristown"), -1);
	assert_int_equal(g->s.lost[SK_BRITISH], 3);
	assert_true(g->s.call.may_call[SK_AMERICAN]); /* V.2 */
}

/* III.3: the mover picks the order of several skirmishes. */
static void test_III_3_the_mover_picks_the_order(void **state)
{
	(void)state;
	const char *first[2] = { "Wyoming Valley", "Philadelphia" };
	for (int k = 0; k < 2; k++) {
		struct sk_game *g = cleared("Augusta", 1);
		sk_place(g, SK_BRITISH, SK_ARMY, "Philadelphia", 2);
		sk_place(g, SK_BRITISH, SK_ARMY, "Wyoming Valley", 2);
		sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Lancaster", 1);
		sk_american_moves(g, 1, 0, "Quebec", 1);
		sk_next_card(g, "British lose a unit");
		accepted(g, SK_AMERICAN, sk_spots(SK_ORDER_SKIRMISHES, first[k], first[1 - k], NULL));
		accepted(g, SK_AMERICAN, move("Lancaster", "Valley Forge", NULL));
		assert_int_equal(units(g, first[k]), 1);
	}
}

/* III.5: no new skirmish between two pieces until one of them moves. */
static void test_III_5_no_new_skirmish_until_one_moves(void **state)
{
	(void)state;
	struct sk_game *g = militia_next_to_army("Nothing happens", 5);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Lancaster", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	accepted(g, SK_AMERICAN, move("Lancaster", "Pittsburgh", NULL));
	assert_false(sk_said(g, "SKIRMISH"));
	sk_american_moves(g, 1, 0, "Quebec", 1);
	accepted(g, SK_AMERICAN, move("Trenton", "Philadelphia", NULL));
	sk_american_moves(g, 1, 0, "Quebec", 1);
	sk_next_card(g, "Nothing happens");
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_true(sk_said(g, "SKIRMISH"));
}

/* RULING: the deck is reshuffled from the dice when used up. */
static void test_III_2_deck_reshuffled_when_used_up(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 5);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Philadelphia", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	g->s.next = g->s.ndeck;
	uint64_t shuffles = g->s.next_shuffle;
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_true(sk_said(g, "shuffled"));
	assert_int_equal(g->s.next_shuffle, shuffles + 1);
	assert_int_equal(g->s.next, 1);
}

/* The British army of `mine` at Morristown lands on the American army of
 * `theirs` at Trenton with a die of 1; the battle dice are forced. */
static struct sk_game *british_lands_after(int mine, int theirs, enum sk_piece_kind kind,
					   int bthrow, int athrow, const struct sk_order *standing)
{
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", mine);
	sk_place(g, SK_AMERICAN, kind, "Trenton", theirs);
	sk_british_moves(g, "Morristown", 1);
	if (standing)
		accepted(g, SK_BRITISH, *standing);
	sk_force(g, 2, bthrow, athrow);
	accepted(g, SK_BRITISH, move("Morristown", "Trenton", NULL));
	return g;
}

static struct sk_game *british_lands(int mine, int theirs, enum sk_piece_kind kind, int bthrow,
				     int athrow)
{
	return british_lands_after(mine, theirs, kind, bthrow, athrow, NULL);
}

static int british_at(const struct sk_game *g, const char *spot)
{
	int i = sk_piece_at(&g->s, sp(spot), SK_BRITISH);
	return i < 0 ? 0 : g->s.pieces[i].units;
}

static int american_at(const struct sk_game *g, const char *spot)
{
	int i = sk_piece_at(&g->s, sp(spot), SK_AMERICAN);
	return i < 0 ? 0 : g->s.pieces[i].units;
}

/* IV.2, the seed's example: 6 against 3, the British throws 3 (+3 = 6),
 * the American 4: the American removes 2. */
static void test_IV_2_the_seeds_example(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(6, 3, SK_ARMY, 3, 4);
	assert_true(sk_said(g, "British 6 units throw 3 for 6, American 3 units throw 4 for 4"));
	assert_int_equal(american_at(g, "Trenton"), 1);
	assert_int_equal(british_at(g, "Trenton"), 6);
	assert_int_equal(g->s.lost[SK_AMERICAN], 2);
}

/* IV.2, counted in words: one unit is "1 unit", not "1 units" (issue 22.8). */
static void test_IV_2_one_unit_is_one_unit(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(1, 1, SK_ARMY, 2, 3);
	assert_true(sk_said(g, "British 1 unit throws 2 for 2, American 1 unit throws 3 for 3."));
}

/* IV.2.E: a tie removes nothing. */
static void test_IV_2_E_a_tie_removes_nothing(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(4, 3, SK_ARMY, 2, 3);
	assert_int_equal(american_at(g, "Trenton"), 3);
	assert_int_equal(british_at(g, "Trenton"), 4);
}

/* IV.2.D: the lower corrected throw loses, the stronger army too. */
static void test_IV_2_D_the_stronger_can_lose(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(4, 3, SK_ARMY, 1, 5);
	assert_int_equal(british_at(g, "Trenton"), 1);
	assert_int_equal(american_at(g, "Trenton"), 3);
}

/* IV.3: never more than the army has: a militia loses its one unit. */
static void test_IV_3_no_more_than_the_army_has(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(6, 1, SK_BASIC_UNIT, 6, 1);
	assert_int_equal(g->s.lost[SK_AMERICAN], 1);
	assert_int_equal(american_at(g, "Trenton"), 0);
}

/* IV.4: an army with no units left is out of the game. */
static void test_IV_4_an_army_with_no_units_is_out(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(5, 2, SK_ARMY, 4, 1);
	assert_int_equal(american_at(g, "Trenton"), 0);
	assert_true(sk_said(g, "out of the game"));
	assert_int_equal(g->s.apart_piece, -1);
}

/* IV.1: landing on an enemy by exact count is a major battle. RULING:
 * only an army lands on an enemy; a militia may not. */
static void test_IV_1_landing_is_a_major_battle_militia_may_not(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Trenton", 2);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Philadelphia", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL), "IV.1");
	g->s.pieces[at(g, "Philadelphia")].kind = SK_ARMY;
	sk_force(g, 2, 6, 1);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_true(sk_said(g, "MAJOR BATTLE"));
}

/* IV.5: survivors move apart one space; RULING: the one that landed,
 * chosen by its owner; no skirmish results. */
static void test_IV_5_survivors_move_apart(void **state)
{
	(void)state;
	struct sk_game *g = british_lands(6, 3, SK_ARMY, 3, 4);
	assert_int_equal(g->s.phase, SK_PHASE_APART);
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_BRITISH));
	refused(g, SK_BRITISH, apart("Valley Forge"), "IV.5");
	accepted(g, SK_BRITISH, apart("Philadelphia"));
	assert_int_equal(british_at(g, "Philadelphia"), 6);
	assert_int_equal(american_at(g, "Trenton"), 1);
	assert_false(sk_said(g, "SKIRMISH"));
	assert_int_equal(g->s.phase, SK_PHASE_DECLARE);
}

/* The British, having lost an army (V.1), calls for reinforcements
 * instead of his move. */
static void british_calls(struct sk_game *g)
{
	sk_british_moves(g, "Quebec", 1);
	g->s.call.may_call[SK_BRITISH] = true;
	accepted(g, SK_BRITISH, (struct sk_order){ .kind = SK_ORDER_CALL });
}

/* RULING (IV.5): with no empty spot beside, the piece that landed is out. */
static void test_IV_5_no_room_to_move_apart(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	g->s.pieces[at(g, "Quebec")].spot = sp("St. Johns");
	int attacker = at(g, "St. Johns");
	g->s.pieces[attacker].units = 6;
	sk_place(g, SK_BRITISH, SK_ARMY, "Montreal", 2);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Quebec", 2);
	sk_british_moves(g, "St. Johns", 2);
	sk_force(g, 2, 1, 6); /* 1 + 4 against 6: the British lose 1 */
	accepted(g, SK_BRITISH, move("St. Johns", "Montreal", "Quebec"));
	assert_int_equal(g->s.pieces[attacker].spot, -1);
	assert_int_equal(g->s.lost[SK_BRITISH], 6);
	assert_int_equal(american_at(g, "Quebec"), 2);
}

/* III.2.B, III.4: "held": the piece that did not move is moved, asked of
 * its owner, the opponent of the mover. */
static void test_III_2_B_the_held_piece_withdraws(void **state)
{
	(void)state;
	struct sk_game *g = militia_next_to_army("The defender withdraws", 5);
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_BRITISH));
	assert_int_equal(g->s.phase, SK_PHASE_CARD_MOVE);
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_CARD_MOVE, "Morristown", "West Point", "Albany",
					 NULL));
	assert_int_equal(british_at(g, "Albany"), 5);
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
}

/* III.2.A, III.4: "moved": the piece that moved into the skirmish loses. */
static void test_III_2_A_the_mover_loses_a_unit(void **state)
{
	(void)state;
	struct sk_game *g = militia_next_to_army("The attacker loses a unit", 5);
	assert_int_equal(american_at(g, "Trenton"), 0);
	assert_int_equal(british_at(g, "Morristown"), 5);
}

/* RULING (III.2.B): with no path to an empty spot the piece stays. */
static void test_III_2_B_no_path_the_piece_stays(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 5);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Philadelphia", 2);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Valley Forge", 1);
	sk_american_moves(g, 2, 0, "Quebec", 1);
	sk_next_card(g, "Americans fall back");
	accepted(g, SK_AMERICAN, move("Valley Forge", "Philadelphia", "Trenton"));
	assert_true(sk_said(g, "it stays"));
	assert_int_equal(american_at(g, "Trenton"), 1);
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
}

/* V.5: reinforcements landing on an enemy city fight a major battle. */
static void test_V_5_landing_on_an_enemy_is_a_major_battle(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_TROOP_CARRIER, "Large Red Dot", 2);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Philadelphia", 3);
	british_calls(g);
	sk_force(g, 2, 6, 1); /* 6 against 1 + 1: the American loses 3 */
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Philadelphia Harbor", NULL));
	assert_true(sk_said(g, "MAJOR BATTLE"));
	assert_int_equal(american_at(g, "Philadelphia"), 0);
	assert_int_equal(british_at(g, "Philadelphia"), 2);
}

/* V.5: added to a friendly army up to 6, the rest on an empty spot beside. */
static void test_V_5_joining_a_friendly_army_up_to_six(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_TROOP_CARRIER, "Large Red Dot", 2);
	sk_place(g, SK_BRITISH, SK_ARMY, "Boston", 5);
	british_calls(g);
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Boston Harbor", NULL));
	assert_int_equal(british_at(g, "Boston"), 6);
	assert_int_equal(british_at(g, "Portsmouth") + british_at(g, "Worcester") +
				 british_at(g, "Providence"), 1);
}

/* TO END THE GAME A: the Continental Army eliminated, the British wins. */
static void test_END_A_continental_army_eliminated(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Trenton", 2);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 6);
	sk_british_moves(g, "Morristown", 1);
	sk_force(g, 2, 6, 1);
	accepted(g, SK_BRITISH, move("Morristown", "Trenton", NULL));
	int winner = -1;
	char why[128];
	assert_true(sk_over(&g->s, &winner, why, sizeof why));
	assert_int_equal(winner, SK_BRITISH);
	assert_non_null(strstr(why, "TO END THE GAME A"));
	assert_int_equal(sk_asked(&g->s), 0);
	refused(g, SK_AMERICAN, move("Augusta", "Savannah", NULL), "game is over");
}

/* TO END THE GAME B: all the British armies eliminated. */
static void test_END_B_all_british_armies_eliminated(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 6);
	g->s.pieces[at(g, "Quebec")].spot = sp("Trenton");
	g->s.pieces[at(g, "Trenton")].units = 1;
	sk_american_moves(g, 1, 0, "Trenton", 1);
	sk_force(g, 2, 6, 1);
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	int winner = -1;
	assert_true(sk_over(&g->s, &winner, NULL, 0));
	assert_int_equal(winner, SK_AMERICAN);
}

/* TO END THE GAME, NOTE: no skirmish or battle in 10 moves: the side
 * with fewer units surrenders; RULING: as many is a draw. */
static void test_END_NOTE_ten_quiet_moves(void **state)
{
	(void)state;
	for (int k = 0; k < 2; k++) {
		struct sk_game *g = cleared("Philadelphia", 5 + k);
		sk_american_moves(g, 1, 0, "Quebec", 1);
		g->s.quiet_moves = D->quiet_moves - 1;
		accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
		int winner = -1;
		assert_true(sk_over(&g->s, &winner, NULL, 0));
		assert_int_equal(winner, k ? SK_AMERICAN : 0);
	}
}

/* II.1 and RULING: with no legal move a die is passed, and only then. */
static void test_II_1_pass_only_without_a_legal_move(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	refused(g, SK_AMERICAN, (struct sk_order){ .kind = SK_ORDER_PASS }, "has a legal move");
	/* A warship throwing 3 with an enemy warship in the next harbour. */
	sk_place(g, SK_BRITISH, SK_WARSHIP, "Charleston Harbor", 0);
	sk_place(g, SK_AMERICAN, SK_WARSHIP, "Yorktown Harbor", 0);
	sk_british_moves(g, "Charleston Harbor", 3);
	accepted(g, SK_BRITISH, (struct sk_order){ .kind = SK_ORDER_PASS });
	assert_int_equal(g->s.phase, SK_PHASE_DECLARE);
}

/* V.1: the British calls once he has lost an army; the call stops the
 * land moves and his carrier sails. V.7: with no enemy warship left it
 * goes straight to a harbour; V.5 its units land in the city; V.6 it
 * stays as a warship. */
static void test_V_1_british_call_and_V_7_no_warship_left(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	int carrier = sk_place(g, SK_BRITISH, SK_TROOP_CARRIER, "Large Red Dot", 2);
	sk_british_moves(g, "Quebec", 1);
	refused(g, SK_BRITISH, (struct sk_order){ .kind = SK_ORDER_CALL }, "V.1");
	g->s.call.may_call[SK_BRITISH] = true;
	accepted(g, SK_BRITISH, (struct sk_order){ .kind = SK_ORDER_CALL });
	assert_int_equal(g->s.phase, SK_PHASE_SAIL);
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Charleston Harbor", NULL));
	assert_int_equal(british_at(g, "Charleston"), 2);
	assert_true(g->s.pieces[carrier].kind == SK_WARSHIP);
	assert_int_equal(g->s.pieces[carrier].spot, sp("Charleston Harbor"));
}

/* V.2, V.3, V.4: the American calls after winning a major battle; his
 * carrier sails first; a British warship landing on it by exact count
 * fights, and the carrier lost takes its units with it; the victor goes
 * to an empty harbour. */
static void test_V_4_interception_sinks_the_carrier(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	int carrier = sk_place(g, SK_AMERICAN, SK_TROOP_CARRIER, "Large Blue Dot", 4);
	int ship = sk_place(g, SK_BRITISH, SK_WARSHIP, "Yorktown Harbor", 0);
	sk_american_moves(g, 1, 1, "Quebec", 1);
	refused(g, SK_AMERICAN, (struct sk_order){ .kind = SK_ORDER_CALL }, "V.2");
	g->s.call.may_call[SK_AMERICAN] = true;
	sk_force(g, 2, 1, 2);
	accepted(g, SK_AMERICAN, (struct sk_order){ .kind = SK_ORDER_CALL });
	accepted(g, SK_AMERICAN, sk_spots(SK_ORDER_SAIL, "Large Blue Dot", "West Atlantic", NULL));
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_BRITISH));
	sk_force(g, 2, 6, 1);
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Yorktown Harbor", "Off the Virginia Capes",
					 "West Atlantic", NULL));
	assert_int_equal(g->s.pieces[carrier].spot, -1);
	assert_int_equal(g->s.lost[SK_AMERICAN], 4);
	assert_int_equal(D->spots[g->s.pieces[ship].spot].kind, SK_HARBOUR);
	assert_int_equal(g->s.call.side, 0);
}

/* V.4: the warship intercepts "if it can land on the same space, by
 * exact count": a throw of 3 does not stop on the carrier two spots
 * away; three spots that end on it do. */
static void test_V_4_interception_by_exact_count(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	int carrier = sk_place(g, SK_AMERICAN, SK_TROOP_CARRIER, "Large Blue Dot", 4);
	sk_place(g, SK_BRITISH, SK_WARSHIP, "Yorktown Harbor", 0);
	sk_american_moves(g, 1, 1, "Quebec", 1);
	g->s.call.may_call[SK_AMERICAN] = true;
	sk_force(g, 2, 1, 3);
	accepted(g, SK_AMERICAN, (struct sk_order){ .kind = SK_ORDER_CALL });
	accepted(g, SK_AMERICAN, sk_spots(SK_ORDER_SAIL, "Large Blue Dot", "West Atlantic", NULL));
	refused(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Yorktown Harbor", "Off the Virginia Capes",
					"West Atlantic", NULL), "V.4");
	sk_force(g, 2, 6, 1);
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Yorktown Harbor", "Off the Virginia Capes",
					 "Off the Delaware Capes", "West Atlantic", NULL));
	assert_int_equal(g->s.pieces[carrier].spot, -1);
}

/* V.5: the carrier that reaches an open harbour lands its units. */
static void test_V_5_carrier_reaches_a_harbour(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	sk_place(g, SK_BRITISH, SK_TROOP_CARRIER, "Large Red Dot", 2);
	sk_place(g, SK_AMERICAN, SK_WARSHIP, "Charleston Harbor", 0);
	sk_force(g, 1, 2);
	british_calls(g);
	refused(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Gulf of Maine",
					"Boston Harbor", "New York Harbor", NULL), "V.3");
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Gulf of Maine",
					 "Boston Harbor", NULL));
	assert_int_equal(british_at(g, "Boston"), 2);
}

/* V.5 "If the reinforcing ship can get into a harbor ... it has
 * successfully reinforced": a carrier whose throw reaches an open or
 * friendly harbour gets into one; it may not sail on round the open sea
 * and hold the game in the call for ever (docs/rulings.md). */
static void test_V_5_the_carrier_gets_into_a_harbour_when_it_can(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	sk_place(g, SK_BRITISH, SK_TROOP_CARRIER, "Large Red Dot", 2);
	sk_place(g, SK_AMERICAN, SK_WARSHIP, "Charleston Harbor", 0);
	sk_force(g, 1, 2);
	british_calls(g);
	refused(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Mid Atlantic",
					"West Atlantic", NULL), "Boston Harbor");
	refused(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Gulf of Maine", NULL),
		"V.5");
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Off Cape Cod",
					 "Boston Harbor", NULL));
	assert_int_equal(british_at(g, "Boston"), 2);
}

/* With a throw that reaches no harbour the carrier sails on the open sea. */
static void test_V_5_no_harbour_in_reach_the_carrier_sails_on(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Philadelphia", 1);
	int carrier = sk_place(g, SK_BRITISH, SK_TROOP_CARRIER, "Large Red Dot", 2);
	sk_place(g, SK_AMERICAN, SK_WARSHIP, "Charleston Harbor", 0);
	sk_force(g, 2, 1, 1);
	british_calls(g);
	accepted(g, SK_BRITISH, sk_spots(SK_ORDER_SAIL, "Large Red Dot", "Mid Atlantic", NULL));
	assert_int_equal(g->s.pieces[carrier].spot, sp("Mid Atlantic"));
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_AMERICAN));
}

/* Hidden information (I.A): states differing only in a side's unrevealed
 * dice give the other side the same view and the same stand-in. */
static void same_for(struct sk_game *g, int thrower, int viewer)
{
	struct sk_state other = g->s, va, vb, sa, sb;
	struct wj_dice da = { 0 }, db = { 0 };
	struct wj_rng ra, rb;
	other.dice[thrower][0] = other.dice[thrower][0] == 3 ? 1 : 3;
	assert_false(other.revealed[thrower]);
	sk_view(D, &g->s, viewer, &va);
	sk_view(D, &other, viewer, &vb);
	assert_memory_equal(&va, &vb, sizeof va);
	wj_dice_rng(&da, &ra);
	wj_dice_rng(&db, &rb);
	sk_stand_in(D, &g->s, viewer, &ra, &sa);
	sk_stand_in(D, &other, viewer, &rb, &sb);
	assert_memory_equal(&sa, &sb, sizeof sa);
	sk_view(D, &g->s, thrower, &va);
	sk_view(D, &other, thrower, &vb);
	assert_memory_not_equal(&va, &vb, sizeof va);
}

static void test_I_A_hidden_dice_change_nothing_the_other_sees(void **state)
{
	struct sk_game g;
	(void)state;
	sk_start(&g, 3);
	same_for(&g, SK_AMERICAN, SK_BRITISH);
	same_for(&g, SK_BRITISH, SK_AMERICAN);
	same_for(&g, SK_BRITISH, 0);
	struct sk_state deck = g.s, va, vb;
	deck.deck[deck.next] = (uint8_t)((deck.deck[deck.next] + 1) % D->ncards);
	sk_view(D, &g.s, SK_AMERICAN, &va);
	sk_view(D, &deck, SK_AMERICAN, &vb);
	assert_memory_equal(&va, &vb, sizeof va);
}

/* ---- Standing orders (docs/rulings.md, "III.2.B, IV.5 standing orders") ---- */

static struct sk_order standing(enum sk_standing_kind kind, const char *toward)
{
	return (struct sk_order){ .kind = SK_ORDER_STANDING, .spot = -1,
				  .standing = { kind, toward ? sp(toward) : -1 } };
}

/* The audience of the first event saying `text`, 0 when none does. */
static unsigned said_to(const struct sk_game *g, const char *text)
{
	for (int i = 0; i < g->ev.n; i++)
		if (strstr(g->ev.e[i].text, text))
			return g->ev.e[i].audience;
	return 0;
}

/* III.2.B answered in advance: the card moves the British piece, whose
 * owner is asked (III.4 "held"); his standing order toward Albany takes
 * it there, he alone is told, and the American's turn goes on unasked. */
static void test_III_2_B_a_standing_order_answers_the_card(void **state)
{
	(void)state;
	struct sk_order o = standing(SK_STANDING_TOWARD, "Albany");
	struct sk_game *g = militia_next_to_army_after("The defender withdraws", 5, SK_BRITISH, &o);
	assert_int_equal(british_at(g, "Albany"), 5);
	assert_int_equal(british_at(g, "Morristown"), 0);
	assert_int_equal(said_to(g, "Your standing order toward Albany moves the British army "
				 "(5 units) at Morristown as the card says to Albany (III.2.B)"),
			 SK_TO(SK_BRITISH));
	assert_int_equal(said_to(g, "III.2.B: the British army (5 units) at Morristown moves "
				 "Morristown - West Point - Albany"), SK_TO_ALL);
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
	assert_int_equal(g->s.card_piece, -1);
	assert_int_equal(g->s.standing[SK_BRITISH].kind, SK_STANDING_TOWARD); /* it stands */
}

/* III.2.B: the mover's own piece, answered by the mover's standing order;
 * the other side's standing order does not answer for him. */
static void test_III_2_B_only_the_owners_standing_order_answers(void **state)
{
	(void)state;
	struct sk_order o = standing(SK_STANDING_TOWARD, "Baltimore");
	struct sk_game *g = militia_next_to_army_after("Americans fall back", 5, SK_BRITISH, &o);
	assert_int_equal(g->s.phase, SK_PHASE_CARD_MOVE);
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_AMERICAN));
	g = militia_next_to_army_after("Americans fall back", 5, SK_AMERICAN, &o);
	assert_int_equal(american_at(g, "Philadelphia"), 1);
	assert_int_equal(said_to(g, "Your standing order toward Baltimore"), SK_TO(SK_AMERICAN));
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
}

/* RULING: nearest along the black lines, a tie to the spot whose name
 * comes first: toward Saratoga, Albany and Fort Stanwix are one line away
 * (Albany); toward Morristown, New York City and West Point (New York City). */
static void test_III_2_B_standing_toward_a_tie_goes_to_the_first_name(void **state)
{
	(void)state;
	struct sk_order o = standing(SK_STANDING_TOWARD, "Saratoga");
	struct sk_game *g = militia_next_to_army_after("The defender withdraws", 5, SK_BRITISH, &o);
	assert_int_equal(british_at(g, "Albany"), 5);
	o = standing(SK_STANDING_TOWARD, "Morristown");
	g = militia_next_to_army_after("The defender withdraws", 5, SK_BRITISH, &o);
	assert_int_equal(british_at(g, "New York City"), 5);
}

/* RULING: away is the spot farthest from the nearest enemy land piece:
 * with American pieces at Trenton and Augusta, Albany, Fort Stanwix and
 * New Haven tie at 3 lines (Albany); with a militia at Springfield too,
 * Fort Stanwix (3 from Trenton) beats Albany (1 from Springfield). */
static void test_III_2_B_standing_away_from_the_nearest_enemy(void **state)
{
	(void)state;
	struct sk_order o = standing(SK_STANDING_AWAY, NULL);
	struct sk_game *g = militia_next_to_army_after("The defender withdraws", 5, SK_BRITISH, &o);
	assert_int_equal(british_at(g, "Albany"), 5);
	assert_true(sk_said(g, "Your standing order away moves"));

	g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 5);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Philadelphia", 1);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Springfield", 1);
	sk_american_moves(g, 1, 0, "Quebec", 1);
	accepted(g, SK_BRITISH, o);
	sk_next_card(g, "The defender withdraws");
	accepted(g, SK_AMERICAN, move("Philadelphia", "Trenton", NULL));
	assert_int_equal(british_at(g, "Fort Stanwix"), 5);
}

/* III.2.B: with no path to an empty spot the piece stays, standing order
 * or not; the order says nothing. */
static void test_III_2_B_no_path_no_standing_answer(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 5);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Philadelphia", 2);
	sk_place(g, SK_AMERICAN, SK_BASIC_UNIT, "Valley Forge", 1);
	sk_american_moves(g, 2, 0, "Quebec", 1);
	accepted(g, SK_AMERICAN, standing(SK_STANDING_AWAY, NULL));
	sk_next_card(g, "Americans fall back");
	accepted(g, SK_AMERICAN, move("Valley Forge", "Philadelphia", "Trenton"));
	assert_true(sk_said(g, "it stays"));
	assert_false(sk_said(g, "standing order"));
	assert_int_equal(american_at(g, "Trenton"), 1);
}

/* IV.5 answered in advance: the British army that landed on Trenton moves
 * apart to Philadelphia, nearer Baltimore than Morristown is. */
static void test_IV_5_a_standing_order_moves_apart(void **state)
{
	(void)state;
	struct sk_order o = standing(SK_STANDING_TOWARD, "Baltimore");
	struct sk_game *g = british_lands_after(6, 3, SK_ARMY, 3, 4, &o);
	assert_int_equal(british_at(g, "Philadelphia"), 6);
	assert_int_equal(american_at(g, "Trenton"), 1);
	assert_int_equal(said_to(g, "Your standing order toward Baltimore moves the British army "
				 "(6 units) at Trenton apart to Philadelphia (IV.5)"), SK_TO(SK_BRITISH));
	assert_int_equal(said_to(g, "IV.5: the British piece moves apart from Trenton to "
				 "Philadelphia"), SK_TO_ALL);
	assert_int_equal(g->s.apart_piece, -1);
	assert_int_equal(g->s.phase, SK_PHASE_DECLARE);
}

/* IV.5: with no room to move apart the piece is out, the standing order
 * says nothing. */
static void test_IV_5_no_room_no_standing_answer(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	g->s.pieces[at(g, "Quebec")].spot = sp("St. Johns");
	int attacker = at(g, "St. Johns");
	g->s.pieces[attacker].units = 6;
	sk_place(g, SK_BRITISH, SK_ARMY, "Montreal", 2);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Quebec", 2);
	sk_british_moves(g, "St. Johns", 2);
	accepted(g, SK_BRITISH, standing(SK_STANDING_TOWARD, "Boston"));
	sk_force(g, 2, 1, 6);
	accepted(g, SK_BRITISH, move("St. Johns", "Montreal", "Quebec"));
	assert_int_equal(g->s.pieces[attacker].spot, -1);
	assert_false(sk_said(g, "standing order"));
}

/* A standing order is given at any time, asked or not, and only toward a
 * land spot; `standing ask` goes back to being asked (IV.5). */
static void test_IV_5_standing_ask_and_refusals(void **state)
{
	(void)state;
	struct sk_game *g = cleared("Augusta", 1);
	sk_place(g, SK_BRITISH, SK_ARMY, "Morristown", 6);
	sk_place(g, SK_AMERICAN, SK_ARMY, "Trenton", 3);
	sk_british_moves(g, "Morristown", 1);
	refused(g, SK_BRITISH, standing(SK_STANDING_TOWARD, "New York Harbor"),
		"standing toward: New York Harbor is not a land spot");
	refused(g, SK_BRITISH, (struct sk_order){ .kind = SK_ORDER_STANDING,
						  .standing = { (enum sk_standing_kind)7, -1 } },
		"no such standing order");
	accepted(g, SK_AMERICAN, standing(SK_STANDING_AWAY, NULL));
	assert_int_equal(said_to(g, "Your standing order away answers for you"), SK_TO(SK_AMERICAN));
	accepted(g, SK_BRITISH, standing(SK_STANDING_TOWARD, "Baltimore"));
	accepted(g, SK_BRITISH, standing(SK_STANDING_ASK, NULL));
	assert_int_equal(said_to(g, "No standing order"), SK_TO(SK_BRITISH));
	assert_int_equal(g->s.phase, SK_PHASE_BRITISH);
	sk_force(g, 2, 3, 4);
	accepted(g, SK_BRITISH, move("Morristown", "Trenton", NULL));
	assert_int_equal(g->s.phase, SK_PHASE_APART);
	assert_int_equal(sk_asked(&g->s), SK_TO(SK_BRITISH));
}

/* Hidden information: states differing only in the British's standing
 * order give the American and the public the same view and the American
 * the same stand-in; the British's own view and stand-in carry it. */
static void test_standing_orders_hidden_from_the_other_side(void **state)
{
	struct sk_game g;
	struct sk_state other, va, vb, sa, sb;
	(void)state;
	sk_start(&g, 3);
	other = g.s;
	other.standing[SK_BRITISH] = (struct sk_standing){ SK_STANDING_TOWARD, sp("Boston") };
	for (int viewer = 0; viewer <= SK_AMERICAN; viewer++) {
		struct wj_dice da = { 0 }, db = { 0 };
		struct wj_rng ra, rb;
		sk_view(D, &g.s, viewer, &va);
		sk_view(D, &other, viewer, &vb);
		assert_memory_equal(&va, &vb, sizeof va);
		wj_dice_rng(&da, &ra);
		wj_dice_rng(&db, &rb);
		sk_stand_in(D, &g.s, SK_AMERICAN, &ra, &sa);
		sk_stand_in(D, &other, SK_AMERICAN, &rb, &sb);
		assert_memory_equal(&sa, &sb, sizeof sa);
	}
	sk_view(D, &other, SK_BRITISH, &vb);
	assert_int_equal(vb.standing[SK_BRITISH].kind, SK_STANDING_TOWARD);
	assert_int_equal(vb.standing[SK_BRITISH].spot, sp("Boston"));
}

/* III.3 (docs/rulings.md, "III.1, III.3"): a side's order of skirmishes,
 * given in advance, names the enemy pieces it means to be beside; the
 * British gives his with his hidden throw (I.A) in hand. Like a standing
 * order it is its side's alone: the other side's view and stand-in do
 * not change with it. */
static void test_III_3_skirmish_order_hidden_from_the_other_side(void **state)
{
	struct sk_game g;
	struct sk_state other, va, vb, sa, sb;
	(void)state;
	sk_start(&g, 3);
	other = g.s;
	other.nskirmish_order[SK_BRITISH] = 1;
	other.skirmish_order[SK_BRITISH][0] = sp("Philadelphia");
	for (int viewer = 0; viewer <= SK_AMERICAN; viewer++) {
		struct wj_dice da = { 0 }, db = { 0 };
		struct wj_rng ra, rb;
		sk_view(D, &g.s, viewer, &va);
		sk_view(D, &other, viewer, &vb);
		assert_memory_equal(&va, &vb, sizeof va);
		wj_dice_rng(&da, &ra);
		wj_dice_rng(&db, &rb);
		sk_stand_in(D, &g.s, SK_AMERICAN, &ra, &sa);
		sk_stand_in(D, &other, SK_AMERICAN, &rb, &sb);
		assert_memory_equal(&sa, &sb, sizeof sa);
	}
	sk_view(D, &other, SK_BRITISH, &vb);
	assert_int_equal(vb.nskirmish_order[SK_BRITISH], 1);
	assert_int_equal(vb.skirmish_order[SK_BRITISH][0], sp("Philadelphia"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_I_A_both_throw_each_sees_his_own),
		cmocka_unit_test(test_I_A_hidden_dice_change_nothing_the_other_sees),
		cmocka_unit_test(test_I_B_british_declares_before_the_american_moves),
		cmocka_unit_test(test_I_B_zero_declares_anyway_and_no_move),
		cmocka_unit_test(test_resign_at_any_moment),
		cmocka_unit_test(test_II_1_american_moves_two_different_pieces),
		cmocka_unit_test(test_II_1_a_die_moves_exactly_its_spots),
		cmocka_unit_test(test_II_1_pass_only_without_a_legal_move),
		cmocka_unit_test(test_II_2_along_the_lines),
		cmocka_unit_test(test_II_3_not_back_and_forth),
		cmocka_unit_test(test_II_4_land_pieces_stay_on_land),
		cmocka_unit_test(test_II_5_through_own_pieces_not_the_enemy),
		cmocka_unit_test(test_II_6_A_warship_harbour_to_harbour),
		cmocka_unit_test(test_II_6_B_coastal_move_needs_open_harbours),
		cmocka_unit_test(test_II_6_C_the_declared_ship_of_two_in_a_harbour_moves),
		cmocka_unit_test(test_II_6_D_naval_battle),
		cmocka_unit_test(test_II_7_one_army_left_throws_one_die),
		cmocka_unit_test(test_COMBINING_1_militia_joins_the_army),
		cmocka_unit_test(test_COMBINING_1_two_militia_do_not_stack),
		cmocka_unit_test(test_COMBINING_2_no_more_than_six),
		cmocka_unit_test(test_COMBINING_3_armies_split_one_space_apart),
		cmocka_unit_test(test_COMBINING_3_split_where_no_armies_meet_is_refused),
		cmocka_unit_test(test_III_1_adjacent_militia_and_army_skirmish),
		cmocka_unit_test(test_III_1_no_skirmish_two_spots_away),
		cmocka_unit_test(test_III_2_A_a_unit_is_lost),
		cmocka_unit_test(test_III_2_A_the_top_unit_defeats_the_army),
		cmocka_unit_test(test_III_2_B_the_card_moves_a_piece),
		cmocka_unit_test(test_III_2_A_the_mover_loses_a_unit),
		cmocka_unit_test(test_III_2_B_the_held_piece_withdraws),
		cmocka_unit_test(test_III_2_B_no_path_the_piece_stays),
		cmocka_unit_test(test_III_2_C_major_battle_the_same_turn),
		cmocka_unit_test(test_III_2_deck_reshuffled_when_used_up),
		cmocka_unit_test(test_III_3_the_mover_picks_the_order),
		cmocka_unit_test(test_III_3_skirmish_order_hidden_from_the_other_side),
		cmocka_unit_test(test_III_5_no_new_skirmish_until_one_moves),
		cmocka_unit_test(test_IV_1_landing_is_a_major_battle_militia_may_not),
		cmocka_unit_test(test_IV_2_the_seeds_example),
		cmocka_unit_test(test_IV_2_one_unit_is_one_unit),
		cmocka_unit_test(test_IV_2_D_the_stronger_can_lose),
		cmocka_unit_test(test_IV_2_E_a_tie_removes_nothing),
		cmocka_unit_test(test_IV_3_no_more_than_the_army_has),
		cmocka_unit_test(test_IV_4_an_army_with_no_units_is_out),
		cmocka_unit_test(test_IV_5_survivors_move_apart),
		cmocka_unit_test(test_IV_5_no_room_to_move_apart),
		cmocka_unit_test(test_III_2_B_a_standing_order_answers_the_card),
		cmocka_unit_test(test_III_2_B_only_the_owners_standing_order_answers),
		cmocka_unit_test(test_III_2_B_standing_toward_a_tie_goes_to_the_first_name),
		cmocka_unit_test(test_III_2_B_standing_away_from_the_nearest_enemy),
		cmocka_unit_test(test_III_2_B_no_path_no_standing_answer),
		cmocka_unit_test(test_IV_5_a_standing_order_moves_apart),
		cmocka_unit_test(test_IV_5_no_room_no_standing_answer),
		cmocka_unit_test(test_IV_5_standing_ask_and_refusals),
		cmocka_unit_test(test_standing_orders_hidden_from_the_other_side),
		cmocka_unit_test(test_IV_6_naval_tie_throws_again),
		cmocka_unit_test(test_V_1_british_call_and_V_7_no_warship_left),
		cmocka_unit_test(test_V_4_interception_sinks_the_carrier),
		cmocka_unit_test(test_V_4_interception_by_exact_count),
		cmocka_unit_test(test_V_5_carrier_reaches_a_harbour),
		cmocka_unit_test(test_V_5_the_carrier_gets_into_a_harbour_when_it_can),
		cmocka_unit_test(test_V_5_no_harbour_in_reach_the_carrier_sails_on),
		cmocka_unit_test(test_V_5_landing_on_an_enemy_is_a_major_battle),
		cmocka_unit_test(test_V_5_joining_a_friendly_army_up_to_six),
		cmocka_unit_test(test_END_A_continental_army_eliminated),
		cmocka_unit_test(test_END_B_all_british_armies_eliminated),
		cmocka_unit_test(test_END_NOTE_ten_quiet_moves),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
