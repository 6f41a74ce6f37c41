/* Tarleton's Quarter!'s set-up as played (issue 23, seed 001: 17.2.2,
 * 17.3.1, 17.4.1-17.4.3, with 6.5's generation and 5.1's attrition):
 * tq_setup's position, then the set-up's run and its answers with fixed
 * dice, each test naming the rule it checks and asserting what the seed
 * says happens; the refusals; and the hand-over to the first turn
 * (phase TQ_SIEGE_RESOLUTION). The rulings are in
 * docs/rulings.md, "Tarleton's Quarter!: the set-up as played".
 *
 * The sequence of play (tq_turn.c) is not built in this branch, so where
 * the set-up ends a test calls tq_setup_answer and tq_setup_run itself
 * (what tq_apply and tq_run do in the set-up), and one test shows
 * tq_run going on into the turn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "tq_engine.h"
#include "tq_setup.h"
#include "tq_text.h"
#include "tq_support.h"


static struct run {
	struct tq_state *s;
	struct tq_events *ev;
	struct tq_dice_queue dice;
	struct wj_rng rng;
	struct tq_play p;
	char why[512];
} R;

static struct tq_state *S;

static int run_setup(void **state)
{
	(void)state;
	R.s = calloc(1, sizeof *R.s);
	R.ev = calloc(1, sizeof *R.ev);
	if (!R.s || !R.ev)
		return -1;
	S = R.s;
	return 0;
}

static int run_teardown(void **state)
{
	(void)state;
	free(R.s), free(R.ev);
	R.s = NULL, R.ev = NULL, S = NULL;
	return 0;
}

static int group_setup(void **state)
{
	return tq_setup_data(state) || run_setup(state) ? -1 : 0;
}

static int group_teardown(void **state)
{
	run_teardown(state);
	return tq_teardown_data(state);
}

/* Scenario name's start with the dice given (n faces), nothing run. */
static void start(const char *name, int n, const int *dice)
{
	const struct tq_scenario *sc = tq_scenario_by_name(D, name);
	assert_non_null(sc);
	assert_true(n <= TQ_MAX_QUEUED);
	R.dice = (struct tq_dice_queue){ .n = n };
	if (n)
		memcpy(R.dice.roll, dice, (size_t)n * sizeof *dice);
	R.rng = (struct wj_rng){ .die = tq_queued_die, .ctx = &R.dice };
	memset(R.ev, 0, sizeof *R.ev);
	R.why[0] = 0;
	R.p = (struct tq_play){ D, S, &R.rng, R.ev, R.why, sizeof R.why };
	if (tq_setup(D, sc, 0, S, R.why, sizeof R.why))
		fail_msg("%s: %s", name, R.why);
}

static void assert_all_dice_used(void)
{
	if (R.dice.used != R.dice.n || R.dice.extra)
		fail_msg("%d of %d dice used, %d more asked for", R.dice.used, R.dice.n,
			 R.dice.extra);
}

/* The set-up's run, as tq_run does it while the phase is TQ_SETUP. */
static void run(void)
{
	if (tq_setup_run(&R.p))
		fail_msg("the set-up's run: %s", R.why);
}

static void parse(const char *line, struct tq_order *o)
{
	char why[256] = "";
	if (tq_order_parse(D, line, o, why, sizeof why))
		fail_msg("'%s': %s", line, why);
}

/* An answer as tq_apply gives it in the set-up (without the turn after):
 * accepted, then the run on. */
static void answer(enum tq_side side, const char *line)
{
	struct tq_order o;
	parse(line, &o);
	if (tq_setup_answer(&R.p, side, &o))
		fail_msg("'%s' refused: %s", line, R.why);
	run();
}

/* An answer refused with a reason containing `expect`, the state left as
 * it was (every check comes before any change). */
static void refused(enum tq_side side, const char *line, const char *expect)
{
	struct tq_state *before = malloc(sizeof *before);
	struct tq_order o;
	assert_non_null(before);
	memcpy(before, S, sizeof *S);
	parse(line, &o);
	R.why[0] = 0;
	if (!tq_setup_answer(&R.p, side, &o))
		fail_msg("'%s' accepted; expected refused with '%s'", line, expect);
	if (!strstr(R.why, expect))
		fail_msg("'%s' refused with '%s', not '%s'", line, R.why, expect);
	assert_memory_equal(before, S, sizeof *S);
	free(before);
}

/* An event told contains text. */
static void assert_told(const char *text)
{
	for (int i = 0; i < R.ev->n; i++)
		if (strstr(R.ev->v[i].text, text))
			return;
	for (int i = 0; i < R.ev->n; i++)
		print_message("  event: %s\n", R.ev->v[i].text);
	fail_msg("no event tells '%s'", text);
}

static const struct tq_sps *ready(const char *id)
{
	return &S->area[A(id)].side[TQ_CONTINENTAL].ready;
}

static void assert_on_map(const char *name, const char *id)
{
	const struct tq_leader_state *ls = &S->leader[L(name)];
	if (ls->where != TQ_ON_MAP || ls->area != A(id))
		fail_msg("%s is not on the map in %s (where %d, area %d)", name, id, ls->where,
			 ls->area);
}

static void assert_asked(enum tq_question q, enum tq_side side)
{
	assert_int_equal(S->phase, TQ_SETUP);
	assert_int_equal(S->question, q);
	assert_int_equal(S->asked, GAME_SIDE(side));
}

/* The first turn begins (3.0 A): nothing asked, nothing left to place. */
static void assert_first_turn(void)
{
	assert_int_equal(S->phase, TQ_SIEGE_RESOLUTION);
	assert_int_equal(S->step, 0);
	assert_int_equal(S->question, TQ_ASK_NOTHING);
	assert_int_equal(S->asked, 0);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		const struct tq_to_place *tp = &S->to_place[side];
		assert_int_equal(tp->declare + tp->nleaders + tp->trains + tp->nrolls + tp->nafter, 0);
		assert_int_equal(tp->generate, 0);
		assert_false(tp->attrition);
	}
	assert_told("the first turn begins (3.0 A)");
}

/* ---- 17.4 Free Deployment ---- */

/* 17.4.1: "First, the British player declares which two colonies he may
 * attempt to invade on the first turn": two (tables.yaml's
 * free_deployment declared_colonies), kept in targets; then "The
 * American player then sets up his forces". Through tq_apply: the
 * Continental player is asked next, so the run stops there. */
static void s17_4_1_declare(void **state)
{
	struct tq_order o;
	(void)state;
	start("17.4", 0, NULL);
	assert_asked(TQ_ASK_SETUP, TQ_BRITISH);
	parse("declare Georgia, Virginia", &o);
	if (tq_apply(&R.p, TQ_BRITISH, &o))
		fail_msg("declare: %s", R.why);
	assert_int_equal(S->targets, 1u << TQ_GEORGIA | 1u << TQ_VIRGINIA);
	assert_int_equal(S->to_place[TQ_BRITISH].declare, 0);
	assert_asked(TQ_ASK_SETUP, TQ_CONTINENTAL);
	assert_int_equal(S->moves, 1);
	assert_told("17.4.1: the British player declares Georgia, Virginia");
	assert_told("17.4.2: the Continental player sets up 9 regulars, Elbert, Huger, Howe, "
		    "Lincoln, Moultrie, 6 baggage trains or magazines");
	assert_all_dice_used();
}

/* 17.4.1: "declares which two colonies": one, three, or another answer
 * are refused; the Continental player is not asked yet. */
static void s17_4_1_declare_refusals(void **state)
{
	struct tq_order o;
	(void)state;
	start("17.4", 0, NULL);
	refused(TQ_BRITISH, "declare Georgia", "17.4.1: declare 2 colonies, not 1");
	refused(TQ_BRITISH, "declare Georgia, Virginia, North Carolina",
		"17.4.1: declare 2 colonies, not 3");
	refused(TQ_BRITISH, "place 3 regulars at S11", "17.4.1: first the British player declares");
	refused(TQ_BRITISH, "done", "17.4.1: first the British player declares");
	refused(TQ_CONTINENTAL, "place 3 regulars at S11", "nothing is asked of the Continental");
	parse("place 3 regulars at S11", &o);
	assert_int_equal(tq_apply(&R.p, TQ_CONTINENTAL, &o), -1);
	assert_non_null(strstr(R.why, "nothing is asked of the Continental"));
}

/* 17.4.2: "Elbert, Huger, Howe, Lincoln, Moultrie 9 SP Continental
 * infantry, 6 Continental baggage trains/magazines anywhere in Virginia,
 * North or South Carolina, or Georgia": placed area by area, each piece
 * checked against what is left, then "done" (refused while anything is
 * left); 17.4.3's British pieces are all at sea (tq_setup), so no
 * question: the first turn begins. */
static void s17_4_2_continental_sets_up(void **state)
{
	const struct tq_to_place *tp = &S->to_place[TQ_CONTINENTAL];
	(void)state;
	start("17.4", 0, NULL);
	answer(TQ_BRITISH, "declare South Carolina, Georgia");
	answer(TQ_CONTINENTAL, "place 3 regulars, Lincoln, 2 trains, 1 magazines at S11");
	assert_int_equal(ready("S11")->regulars, 3);
	assert_int_equal(S->area[A("S11")].side[TQ_CONTINENTAL].field.trains, 2);
	assert_int_equal(S->area[A("S11")].side[TQ_CONTINENTAL].inside.magazines, 1);
	assert_on_map("Lincoln", "S11");
	assert_told("17.4.2: the Continental player places 3 regulars, 2 trains, 1 magazine, "
		    "Lincoln at S11");
	assert_true(S->leader[L("Lincoln")].c_in_c); /* 17.1.3 B: still C-in-C */
	assert_int_equal(tp->sps.regulars, 6);
	assert_int_equal(tp->trains, 3);
	assert_int_equal(tp->nleaders, 4);
	assert_asked(TQ_ASK_SETUP, TQ_CONTINENTAL);
	/* "done" with pieces left is refused: the seed leaves none out */
	refused(TQ_CONTINENTAL, "done", "17.4.2: not done: 6 regulars, Elbert, Huger, Howe, "
		"Moultrie, 3 baggage trains or magazines still to place");
	answer(TQ_CONTINENTAL, "place 6 regulars, Howe, Elbert, 1 magazine at G4");
	answer(TQ_CONTINENTAL, "place Huger, 1 train at N29");
	assert_asked(TQ_ASK_SETUP, TQ_CONTINENTAL);
	answer(TQ_CONTINENTAL, "place Moultrie, 1 magazine at V12");
	assert_asked(TQ_ASK_SETUP, TQ_CONTINENTAL); /* all placed: "done" ends it */
	refused(TQ_CONTINENTAL, "place 1 regulars at V12", "17.4.2: 1 regulars to place, but 0");
	answer(TQ_CONTINENTAL, "done");
	assert_int_equal(ready("G4")->regulars, 6);
	assert_on_map("Howe", "G4");
	assert_on_map("Elbert", "G4");
	assert_on_map("Huger", "N29");
	assert_on_map("Moultrie", "V12");
	assert_int_equal(S->area[A("G4")].side[TQ_CONTINENTAL].inside.magazines, 1);
	assert_int_equal(S->area[A("N29")].side[TQ_CONTINENTAL].field.trains, 1);
	assert_int_equal(S->area[A("V12")].side[TQ_CONTINENTAL].inside.magazines, 1);
	assert_told("17.4.2: the Continental set-up is done");
	assert_first_turn();
	/* the declaration stays for the first turn */
	assert_int_equal(S->targets, 1u << TQ_GEORGIA | 1u << TQ_SOUTH_CAROLINA);
	assert_int_equal(S->at_sea.regulars, 30);
	assert_all_dice_used();
}

/* 17.4.2's refusals: more than is left, a leader not to set up, more
 * trains and magazines than the six, nothing, and outside the colonies
 * the set-up allows (a position whose to_place allows Georgia only: the
 * seed's four colonies are the whole map). */
static void s17_4_2_refusals(void **state)
{
	(void)state;
	start("17.4", 0, NULL);
	answer(TQ_BRITISH, "declare Georgia, Virginia");
	refused(TQ_CONTINENTAL, "place 10 regulars at S11",
		"17.4.2: 10 regulars to place, but 9 are left");
	refused(TQ_CONTINENTAL, "place 2 cavalry at S11", "17.4.2: 2 cavalry to place, but 0 are left");
	refused(TQ_CONTINENTAL, "place Greene at S11",
		"17.4.2: Greene is not among the leaders left to set up");
	refused(TQ_CONTINENTAL, "place 4 trains, 3 magazines at S11",
		"17.4.2: 7 baggage trains and magazines to place, but 6 are left");
	refused(TQ_CONTINENTAL, "place 3 NC militia at N29",
		"17.4.2: 3 NC militia to place, but 0 are left");
	refused(TQ_CONTINENTAL, "declare Georgia, Virginia", "17.4.2: set up your pieces");
	answer(TQ_CONTINENTAL, "place 5 regulars, Lincoln at S11");
	refused(TQ_CONTINENTAL, "place 5 regulars at S11",
		"17.4.2: 5 regulars to place, but 4 are left");
	refused(TQ_CONTINENTAL, "place Lincoln at G4",
		"17.4.2: Lincoln is not among the leaders left to set up");
	S->to_place[TQ_CONTINENTAL].colonies = 1u << TQ_GEORGIA;
	refused(TQ_CONTINENTAL, "place 1 regulars at S11",
		"17.4.2: S11 (Charlestown) is not in Georgia, where the set-up goes");
}

/* 17.4: "the Howe/Lincoln C-in-C rules from the historical full campaign
 * game are in effect"; 17.1.3 B: "If, at any point, they occupy the same
 * area, Howe is removed from the board. Lincoln then becomes the sole
 * Continental C-in-C." Set up together, Howe goes at once. */
static void s17_1_3_b_howe_set_up_with_lincoln(void **state)
{
	(void)state;
	start("17.4", 0, NULL);
	answer(TQ_BRITISH, "declare Georgia, Virginia");
	answer(TQ_CONTINENTAL, "place 4 regulars, Lincoln at S11");
	assert_on_map("Lincoln", "S11");
	assert_true(S->leader[L("Howe")].where != TQ_GONE);
	answer(TQ_CONTINENTAL, "place 5 regulars, Howe, Elbert at S11");
	assert_int_equal(S->leader[L("Howe")].where, TQ_GONE);
	assert_false(S->leader[L("Howe")].c_in_c);
	assert_told("17.1.3 B: Howe and Lincoln occupy the same area: Howe is removed from the board");
	assert_on_map("Lincoln", "S11");
	assert_true(S->leader[L("Lincoln")].c_in_c);
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Lincoln"));
	assert_on_map("Elbert", "S11");
	assert_int_equal(S->to_place[TQ_CONTINENTAL].nleaders, 2);
	answer(TQ_CONTINENTAL, "place Huger, Moultrie, 6 trains at G4");
	answer(TQ_CONTINENTAL, "done");
	assert_first_turn();
}

/* The set-up's end hands over to the turn: tq_apply's "done" ends the
 * set-up with the phase TQ_SIEGE_RESOLUTION, and tq_run goes on into
 * tq_turn_run, the first turn's phases, to their first question. */
static void s17_4_hands_over_to_the_turn(void **state)
{
	struct tq_order o;
	(void)state;
	start("17.4", 0, NULL);
	answer(TQ_BRITISH, "declare Georgia, Virginia");
	answer(TQ_CONTINENTAL, "place 5 regulars, Lincoln, Howe, 6 magazines at V28");
	parse("place 4 regulars, Elbert, Huger, Moultrie at V12", &o);
	assert_int_equal(tq_apply(&R.p, TQ_CONTINENTAL, &o), 0);
	parse("done", &o);
	assert_int_equal(tq_apply(&R.p, TQ_CONTINENTAL, &o), 0);
	assert_true(S->phase > TQ_SETUP && S->phase < TQ_OVER);
	assert_true(S->asked != 0);
	assert_told("The set-up is done: the first turn begins (3.0 A)");
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].inside.magazines, 6);
}

/* ---- 17.2 February 1780 ---- */

/* 17.2.2's generation dice, December's column (10.7.2's invasion_months:
 * February uses December), Major Victory British side up: -1 (6.5).
 * Georgia 4-1=3: 2 SP; SC 3-1=2: 5 SP; NC 5-1=4: 11 SP; Va 2-1=1: 9 SP.
 * Then the attrition dice, February's column, -1 (5.1.2): Georgia 1-1=0:
 * 40%; SC 2-1=1: 30%; NC 3-1=2: 20%; Va 1-1=0: 40%. */
static const int DICE_17_2[] = { 4, 3, 5, 2, 1, 2, 3, 1 };

static void place_17_2_militia(void)
{
	answer(TQ_CONTINENTAL, "place 2 Ga militia at G4");
	answer(TQ_CONTINENTAL, "place 3 SC militia at S5");
	answer(TQ_CONTINENTAL, "place 2 SC militia at S11");
	answer(TQ_CONTINENTAL, "place 11 NC militia at N29");
	answer(TQ_CONTINENTAL, "place 5 Va militia at V28");
	answer(TQ_CONTINENTAL, "place 4 Va militia at V12");
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL); /* all placed: "done" rolls on */
	answer(TQ_CONTINENTAL, "done");
}

/* 17.2.2 "Militia Roll Continental militia generation for each colony":
 * the dice first (one per colony, tq_die telling each), then the
 * Continental player asked to place them (6.5). */
static void s17_2_2_generation(void **state)
{
	const struct tq_to_place *tp = &S->to_place[TQ_CONTINENTAL];
	(void)state;
	start("17.2", 4, DICE_17_2);
	run();
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_told("Militia generation, Georgia: the die rolls 4");
	assert_told("Militia generation, South Carolina: the die rolls 3");
	assert_told("Militia generation, North Carolina: the die rolls 5");
	assert_told("Militia generation, Virginia: the die rolls 2");
	assert_told("6.5: Georgia's column under December, modified roll 3: 2 militia SP");
	assert_int_equal(tp->sps.militia[TQ_GEORGIA], 2);
	assert_int_equal(tp->sps.militia[TQ_SOUTH_CAROLINA], 5);
	assert_int_equal(tp->sps.militia[TQ_NORTH_CAROLINA], 11);
	assert_int_equal(tp->sps.militia[TQ_VIRGINIA], 9);
	assert_int_equal(tp->generate, 0);
	assert_all_dice_used();
}

/* 6.5's placing: "in any settlement or city in the colony ... not
 * controlled by the British or under siege": more than is left, Savannah
 * (G1, the British there, 17.2.1), another colony's area, an area
 * without a settlement, a leader now, "done" with militia left. */
static void s17_2_2_militia_refusals(void **state)
{
	(void)state;
	start("17.2", 4, DICE_17_2);
	run();
	refused(TQ_CONTINENTAL, "place 3 Ga militia at G4", "6.5: 3 Ga militia to place, but 2 are left");
	refused(TQ_CONTINENTAL, "place 2 Ga militia at G1",
		"6.5: Ga militia go to a settlement or city of Georgia not British controlled nor "
		"under siege, and G1 (Savannah) is not one");
	refused(TQ_CONTINENTAL, "place 2 Ga militia at S5", "and S5 (Ninety-Six) is not one");
	refused(TQ_CONTINENTAL, "place 2 SC militia at S3", "and S3 is not one");
	refused(TQ_CONTINENTAL, "place 2 Ga militia, Stevens at G4",
		"6.5: only the militia raised are placed now");
	refused(TQ_CONTINENTAL, "place 2 regulars at G4", "6.5: only the militia raised");
	refused(TQ_CONTINENTAL, "done", "6.5: not done: 2 Ga militia, 5 SC militia, 11 NC militia, "
		"9 Va militia still to place");
	refused(TQ_BRITISH, "place 2 Ga militia at G4", "nothing is asked of the British");
	answer(TQ_CONTINENTAL, "place 2 Ga militia at G4");
	refused(TQ_CONTINENTAL, "place 1 Ga militia at G4", "6.5: 1 Ga militia to place, but 0 are left");
}

/* 17.2.2 "After placing militia, roll militia attrition (with the
 * exception of the 5 SC militia at Ninety-Six)": "done" after the last
 * placement rolls it, one die per colony (5.1.1); each area loses its percentage
 * rounded down (5.1.4); at S5 the 5 SC militia set up there are spared
 * and only the 3 placed there since are rolled for (30% of 3: none,
 * where 30% of all 8 would be 2). Then the militia leaders are asked. */
static void s17_2_2_attrition(void **state)
{
	(void)state;
	start("17.2", 8, DICE_17_2);
	run();
	place_17_2_militia();
	assert_told("Militia attrition, Georgia: the die rolls 1");
	assert_told("5.1: Georgia's militia lose 40% in each area");
	assert_int_equal(ready("G4")->militia[TQ_GEORGIA], 2);     /* 3 less 40%: 1 */
	assert_told("5.1.4: G4 (Augusta) loses 1 Ga militia SP of 3");
	assert_int_equal(ready("S5")->militia[TQ_SOUTH_CAROLINA], 8);  /* 5 spared + 3, 30% of 3: 0 */
	assert_int_equal(ready("S11")->militia[TQ_SOUTH_CAROLINA], 2); /* 30% of 2: 0 */
	assert_int_equal(ready("N29")->militia[TQ_NORTH_CAROLINA], 9); /* 20% of 11: 2 */
	assert_int_equal(ready("V28")->militia[TQ_VIRGINIA], 3);       /* 40% of 5: 2 */
	assert_int_equal(ready("V12")->militia[TQ_VIRGINIA], 3);       /* 40% of 4: 1 */
	assert_false(S->to_place[TQ_CONTINENTAL].attrition);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_told("17.2.2: the Continental player places Stevens, Nelson, Sumner");
	assert_all_dice_used();
}

/* The spared 5 are the set-up's, not new militia: with 40% on SC (a 1,
 * 0 after 5.1.2), 6 SC placed at S5 lose 2 of the 6, the 5 stay. */
static void s17_2_2_spared_ninety_six(void **state)
{
	static const int DICE[] = { 4, 4, 5, 2, 1, 1, 3, 1 };
	(void)state;
	start("17.2", 8, DICE);
	run();
	assert_int_equal(S->to_place[TQ_CONTINENTAL].sps.militia[TQ_SOUTH_CAROLINA], 7);
	answer(TQ_CONTINENTAL, "place 2 Ga militia at G4");
	answer(TQ_CONTINENTAL, "place 6 SC militia at S5");
	answer(TQ_CONTINENTAL, "place 1 SC militia at S13");
	answer(TQ_CONTINENTAL, "place 11 NC militia at N29");
	answer(TQ_CONTINENTAL, "place 9 Va militia at V28");
	answer(TQ_CONTINENTAL, "done");
	assert_int_equal(ready("S5")->militia[TQ_SOUTH_CAROLINA], 5 + 6 - 2);
	assert_int_equal(ready("S13")->militia[TQ_SOUTH_CAROLINA], 1); /* 40% of 1: 0 */
	assert_told("5.1.4: S5 (Ninety-Six) loses 2 SC militia SP of 6");
	assert_all_dice_used();
}

/* 17.2.2 "Then place the following militia Leaders on any remaining
 * militia from their colony: Stevens (Va Mil), Nelson (Va Mil), Sumner
 * (NC Mil)": each on an area with his colony's militia; then "done" ends
 * the set-up and the first turn begins. */
static void s17_2_2_militia_leaders(void **state)
{
	(void)state;
	start("17.2", 8, DICE_17_2);
	run();
	place_17_2_militia();
	refused(TQ_CONTINENTAL, "place Sumner at V28",
		"17.2.2: Sumner goes on remaining NC militia, and V28 (Richmond) has none");
	refused(TQ_CONTINENTAL, "place Stevens at S5", "and S5 (Ninety-Six) has none");
	refused(TQ_CONTINENTAL, "place Clarke at G4", "17.2.2: Clarke is not a militia leader to place");
	refused(TQ_CONTINENTAL, "place Stevens, 1 Va militia at V28",
		"17.2.2: place the militia leaders only");
	refused(TQ_CONTINENTAL, "done", "17.2.2: not done: 3 militia leaders still to place");
	answer(TQ_CONTINENTAL, "place Stevens, Nelson at V28");
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_int_equal(S->to_place[TQ_CONTINENTAL].nafter, 1);
	answer(TQ_CONTINENTAL, "place Sumner at N29");
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	refused(TQ_CONTINENTAL, "place Sumner at N29", "Sumner is not a militia leader to place");
	answer(TQ_CONTINENTAL, "done");
	assert_on_map("Stevens", "V28");
	assert_on_map("Nelson", "V28");
	assert_on_map("Sumner", "N29");
	assert_first_turn();
	assert_int_equal(S->month, TQ_MONTH(1780, 2));
	assert_int_equal(S->no_militia_month, 0); /* ruling: February's own step not omitted */
	assert_all_dice_used();
}

/* 6.5: "If all settlements and cities in a colony are British controlled
 * or under siege, no Continental militia for that colony may be placed";
 * then 17.2.2's Sumner (NC Mil) finds no NC militia: he is held for the
 * next militia generation (6.2; ruling). A position with the British in
 * every North Carolina settlement and no Continental there. */
static void s6_5_colony_with_nowhere(void **state)
{
	static const int DICE[] = { 4, 3, 5, 2, 1, 2, 1 };
	(void)state;
	start("17.2", 7, DICE);
	for (int a = 0; a < D->nareas; a++)
		if (D->areas[a].colony == TQ_NORTH_CAROLINA &&
		    (D->areas[a].settlement || D->areas[a].city)) {
			S->area[a].side[TQ_CONTINENTAL].ready = (struct tq_sps){ 0 };
			S->area[a].side[TQ_BRITISH].ready.regulars = 1;
		}
	run();
	assert_told("6.5: every settlement and city of North Carolina is British controlled or "
		    "under siege: its 11 militia SP are not placed");
	assert_int_equal(S->to_place[TQ_CONTINENTAL].sps.militia[TQ_NORTH_CAROLINA], 0);
	refused(TQ_CONTINENTAL, "place 1 NC militia at N29", "6.5: 1 NC militia to place, but 0");
	answer(TQ_CONTINENTAL, "place 2 Ga militia at G4");
	answer(TQ_CONTINENTAL, "place 5 SC militia at S11");
	answer(TQ_CONTINENTAL, "place 9 Va militia at V28");
	answer(TQ_CONTINENTAL, "done");
	/* three attrition dice: no NC militia, no NC die */
	assert_int_equal(S->leader[L("Sumner")].where, TQ_HELD);
	assert_told("17.2.2, 6.2: no NC militia remain: Sumner is held for the next militia "
		    "generation");
	assert_int_equal(S->to_place[TQ_CONTINENTAL].nafter, 2);
	answer(TQ_CONTINENTAL, "place Stevens, Nelson at V28");
	answer(TQ_CONTINENTAL, "done");
	assert_first_turn();
	assert_all_dice_used();
}

/* The state half-way through the set-up (the raised militia waiting in
 * to_place) is written and read back to the same bytes. */
static void s17_2_2_text_half_way(void **state)
{
	struct tq_state *back = malloc(sizeof *back);
	char why[256] = "", *t = NULL;
	size_t len = 0;
	FILE *f;
	(void)state;
	assert_non_null(back);
	start("17.2", 4, DICE_17_2);
	run();
	answer(TQ_CONTINENTAL, "place 1 Ga militia at G4");
	f = open_memstream(&t, &len);
	assert_non_null(f);
	assert_int_equal(tq_state_write(f, D, S, true), 0);
	fclose(f);
	if (tq_state_read(t, len, D, back, true, why, sizeof why))
		fail_msg("%s", why);
	assert_memory_equal(S, back, sizeof *S);
	free(t), free(back);
}

/* ---- 17.3 March 1781 ---- */

/* 17.3.1 "you roll once for each of the asterisked Leaders above. For
 * Muehlenberg and Stevens, roll on the Virginia column. For Pickens and
 * Caswell, roll on the North Carolina column": March's column, the Major
 * Victory marker Continental side up (no -1). Muehlenberg 1: 8 Va at V2;
 * Stevens 6: 16 Va at N30; Pickens 3: 8 NC at N28; Caswell 2: 6 NC at
 * N32; each placed with its leader (ruling). "Both the Continental
 * militia generation and Continental militia attrition steps are
 * omitted": no other die, nothing asked, the first turn begins. */
static void s17_3_1_special_deployment(void **state)
{
	static const int DICE[] = { 1, 6, 3, 2 };
	(void)state;
	start("17.3", 4, DICE);
	run();
	assert_told("Militia generation (17.3.1), Muehlenberg on the Virginia column: the die rolls 1");
	assert_told("Militia generation (17.3.1), Stevens on the Virginia column: the die rolls 6");
	assert_told("Militia generation (17.3.1), Pickens on the North Carolina column: the die "
		    "rolls 3");
	assert_told("Militia generation (17.3.1), Caswell on the North Carolina column: the die "
		    "rolls 2");
	assert_int_equal(ready("V2")->militia[TQ_VIRGINIA], 8);
	assert_int_equal(ready("N30")->militia[TQ_VIRGINIA], 16);
	assert_int_equal(ready("N28")->militia[TQ_NORTH_CAROLINA], 8);
	assert_int_equal(ready("N28")->militia[TQ_SOUTH_CAROLINA], 0); /* Pickens raises NC */
	assert_int_equal(ready("N32")->militia[TQ_NORTH_CAROLINA], 6);
	assert_told("17.3.1: 8 Va militia SP placed with Muehlenberg at V2");
	/* no attrition: the set-up's militia as listed */
	assert_int_equal(ready("V18")->militia[TQ_VIRGINIA], 2);
	assert_int_equal(ready("S24")->militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(S->no_militia_month, TQ_MONTH(1781, 3));
	assert_first_turn();
	assert_all_dice_used();
}

/* 17.3 through the engine: tq_run rolls the special deployment and goes
 * on into the first turn (tq_turn_run) to its first question. */
static void s17_3_1_through_tq_run(void **state)
{
	static const int DICE[] = { 1, 6, 3, 2 };
	(void)state;
	start("17.3", 4, DICE);
	assert_int_equal(tq_run(&R.p), 0);
	assert_int_equal(ready("N32")->militia[TQ_NORTH_CAROLINA], 6);
	assert_told("The set-up is done: the first turn begins (3.0 A)");
	assert_true(S->phase > TQ_SETUP && S->phase < TQ_OVER);
	assert_true(S->asked != 0);
	assert_int_equal(R.dice.used, 4);
}

/* Nothing is asked of anyone once the set-up is over. */
static void setup_answer_after_the_end(void **state)
{
	static const int DICE[] = { 1, 6, 3, 2 };
	(void)state;
	start("17.3", 4, DICE);
	run();
	refused(TQ_CONTINENTAL, "place 1 Va militia at V2", "nothing is asked of the Continental");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s17_4_1_declare),
		cmocka_unit_test(s17_4_1_declare_refusals),
		cmocka_unit_test(s17_4_2_continental_sets_up),
		cmocka_unit_test(s17_4_2_refusals),
		cmocka_unit_test(s17_1_3_b_howe_set_up_with_lincoln),
		cmocka_unit_test(s17_4_hands_over_to_the_turn),
		cmocka_unit_test(s17_2_2_generation),
		cmocka_unit_test(s17_2_2_militia_refusals),
		cmocka_unit_test(s17_2_2_attrition),
		cmocka_unit_test(s17_2_2_spared_ninety_six),
		cmocka_unit_test(s17_2_2_militia_leaders),
		cmocka_unit_test(s6_5_colony_with_nowhere),
		cmocka_unit_test(s17_2_2_text_half_way),
		cmocka_unit_test(s17_3_1_special_deployment),
		cmocka_unit_test(s17_3_1_through_tq_run),
		cmocka_unit_test(setup_answer_after_the_end),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
