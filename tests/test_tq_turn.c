/* Tarleton's Quarter!'s sequence of play (tq_turn.c, seed 001, 3.0 A-G):
 * the phases in order, 8.0's alternation and two passes, the Adjustment
 * Phase, the Attrition Phase's steps with the seed's examples (5.1,
 * 5.4.2), the Reinforcement Phase's (6.3.1, 6.5, 15.4), the month's
 * advance and the game's end (13.1-13.3), driven through tq_run and
 * tq_apply with fixed dice. Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "buf.h"
#include "tq_engine.h"
#include "tq_game.h"
#include "tq_invariants.h"
#include "tq_logistics.h"
#include "tq_setup.h"
#include "tq_text.h"
#include "tq_support.h"


static struct tq_state *S;
static struct tq_events *EV;
static struct tq_dice_queue DICE;
static struct wj_rng RNG;
static char WHY[512];

static struct tq_play play(void)
{
	return (struct tq_play){ D, S, &RNG, EV, WHY, sizeof WHY };
}

/* The dice the engine will throw, in order (0 ends the list). */
static void dice(const int *rolls)
{
	DICE = (struct tq_dice_queue){ 0 };
	for (int i = 0; rolls[i]; i++)
		DICE.roll[DICE.n++] = rolls[i];
}

static void assert_dice_used(void)
{
	if (DICE.used != DICE.n || DICE.extra)
		for (int i = 0; i < EV->n; i++)
			print_message("%s\n", EV->v[i].text);
	if (DICE.used != DICE.n || DICE.extra)
		fail_msg("%d of %d dice used, %d more thrown", DICE.used, DICE.n, DICE.extra);
}

static int set_up_each(void **state)
{
	(void)state;
	S = calloc(1, sizeof *S);
	EV = calloc(1, sizeof *EV);
	DICE = (struct tq_dice_queue){ 0 };
	RNG = (struct wj_rng){ tq_queued_die, NULL, &DICE };
	tq_state_empty(D, S);
	return S && EV ? 0 : -1;
}

static int tear_down_each(void **state)
{
	(void)state;
	free(S);
	free(EV);
	return 0;
}

/* A quiet position at `month`: the bases at S11 and V28 with a few
 * regulars each, no schedule (reinforcements from far on), the phase
 * and step given. */
static void position(int month, enum tq_phase phase, int step)
{
	S->month = month;
	S->last_month = TQ_MONTH(1781, 10);
	S->phase = phase;
	S->step = (short)step;
	S->major_victory = TQ_CONTINENTAL;
	S->reinforcements_from = TQ_MONTH(1790, 1);
	S->side[TQ_BRITISH].base = (short)A("S11");
	S->side[TQ_CONTINENTAL].base = (short)A("V28");
	S->area[A("S11")].base[TQ_BRITISH] = true;
	S->area[A("V28")].base[TQ_CONTINENTAL] = true;
	S->area[A("S11")].side[TQ_BRITISH].ready.regulars = 10;
	S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars = 5;
}

static void run(void)
{
	struct tq_play p = play();
	if (tq_run(&p))
		fail_msg("tq_run: %s", WHY);
}

static void apply_ok(enum tq_side side, const struct tq_order *o)
{
	struct tq_play p = play();
	if (tq_apply(&p, side, o))
		fail_msg("tq_apply: %s", WHY);
}

static void apply_refused(enum tq_side side, const struct tq_order *o, const char *words)
{
	struct tq_play p = play();
	struct tq_state before = *S;
	if (!tq_apply(&p, side, o))
		fail_msg("tq_apply accepted what it should refuse (%s)", words);
	if (!strstr(WHY, words))
		fail_msg("refused with '%s', not saying '%s'", WHY, words);
	*S = before;
}

static void tq_sps_add_test(struct tq_sps *to, const struct tq_sps *x)
{
	to->regulars += x->regulars;
	to->cavalry += x->cavalry;
	to->loyalists += x->loyalists;
	to->french_regulars += x->french_regulars;
	to->french_cavalry += x->french_cavalry;
	for (int c = 0; c < TQ_COLONIES; c++)
		to->militia[c] += x->militia[c];
}

static int tq_sps_total_test(const struct tq_sps *x)
{
	int n = x->regulars + x->cavalry + x->loyalists + x->french_regulars + x->french_cavalry;
	for (int c = 0; c < TQ_COLONIES; c++)
		n += x->militia[c];
	return n;
}

static struct tq_order order(enum tq_order_kind kind)
{
	return (struct tq_order){ .kind = kind, .leader = -1, .at = -1, .governor = -1 };
}

/* A side's standing order, as "standing TEXT" keeps it. */
static void standing(enum tq_side side, const char *text)
{
	struct tq_standing *st = &S->hidden.standing[side];
	snprintf(st->text[st->n++], TQ_STANDING_TEXT, "%s", text);
}

/* The guide's examples for side, one a line. */
static void collect(void *ctx, const char *kind, const char *example)
{
	(void)kind;
	wj_fmt_add(ctx, 2000, "%s\n", example);
}

static bool guide_offers(enum tq_side side, const char *line)
{
	char all[2000] = "", want[200];
	tq_guide(D, S, side, collect, all);
	snprintf(want, sizeof want, "%s\n", line);
	return strstr(all, want) != NULL;
}

static void pass(enum tq_side side)
{
	struct tq_order o = order(TQ_PASS);
	apply_ok(side, &o);
}

/* 3.0 D: both sides are asked at once; each says "done". */
static void logistics_done(void)
{
	struct tq_order done = (struct tq_order){ .kind = TQ_DONE, .leader = -1, .at = -1 };
	if (S->question != TQ_ASK_LOGISTICS || S->asked != ((1u << TQ_BRITISH |
							     1u << TQ_CONTINENTAL)))
		fail_msg("not both asked the logistics (question %d, asked %#x)", S->question,
			 S->asked);
	apply_ok(TQ_BRITISH, &done);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
	assert_false(tq_is_asked(S, TQ_BRITISH));
	apply_ok(TQ_CONTINENTAL, &done);
}

/* The index of the first event containing text after event `from`, or -1. */
static int told(int from, const char *text)
{
	for (int i = from; i < EV->n; i++)
		if (strstr(EV->v[i].text, text))
			return i;
	return -1;
}

static void assert_asked(enum tq_question q, enum tq_side side)
{
	if (S->question != q || !tq_is_asked(S, side))
		fail_msg("asked question %d of %#x, not %d of side %d", S->question, S->asked, q,
			 side);
}

/* ---- 3.0: the phases in order ---- */

/* 3.0 A-F: a month's phases in the seed's order, then the Endeavors
 * Phase asks the British first (8.0); both passing, the Adjustment Phase
 * moves the Turn Marker and the next month runs to its endeavours. */
static void sequence_3_0_phase_order(void **state)
{
	int at = 0;
	const char *phases[] = { "April 1780: the Siege Resolution Phase (3.0 A)", "3.0 B",
				 "3.0 C", "3.0 D", "3.0 E" };
	(void)state;
	position(TQ_MONTH(1780, 3), TQ_ADJUSTMENT, 0);
	run();
	assert_int_equal(S->month, TQ_MONTH(1780, 4));
	logistics_done();
	for (int i = 0; i < 5; i++) {
		int next = told(at, phases[i]);
		if (next < 0)
			fail_msg("no %s after event %d", phases[i], at);
		at = next;
	}
	assert_int_equal(S->phase, TQ_ENDEAVORS);
	assert_asked(TQ_ASK_ENDEAVOR, TQ_BRITISH);
	pass(TQ_BRITISH);
	assert_asked(TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	pass(TQ_CONTINENTAL);
	assert_true(told(at, "April 1780: the Adjustment Phase (3.0 F)") > 0);
	assert_true(told(at, "May 1780: the Siege Resolution Phase (3.0 A)") > 0);
	assert_int_equal(S->month, TQ_MONTH(1780, 5));
	logistics_done();
	assert_int_equal(S->phase, TQ_ENDEAVORS);
	assert_asked(TQ_ASK_ENDEAVOR, TQ_BRITISH);
	assert_dice_used();
}

/* ---- 8.0: the endeavours' alternation ---- */

/* 8.0: "If both players pass consecutively, the Endeavors Phase is
 * over": a pass after an endeavour is not consecutive. */
static void endeavors_8_0_alternation(void **state)
{
	struct tq_play p = play();
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ENDEAVORS, 0);
	run();
	assert_asked(TQ_ASK_ENDEAVOR, TQ_BRITISH);
	pass(TQ_BRITISH);
	assert_int_equal(S->passes, 1);
	/* the Continental endeavour ends (tq_endeavor.c calls this) */
	tq_answered(S);
	tq_turn_endeavor_done(&p, TQ_CONTINENTAL, false);
	assert_int_equal(S->passes, 0);
	run();
	assert_asked(TQ_ASK_ENDEAVOR, TQ_BRITISH);
	pass(TQ_BRITISH);
	assert_int_equal(S->phase, TQ_ENDEAVORS);
	assert_asked(TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	pass(TQ_CONTINENTAL);
	assert_int_equal(S->month, TQ_MONTH(1780, 5));
}

/* 8.0: a side not asked cannot pass. */
static void endeavors_8_0_not_your_turn(void **state)
{
	struct tq_order o = order(TQ_PASS);
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ENDEAVORS, 0);
	run();
	apply_refused(TQ_CONTINENTAL, &o, "nothing is asked");
}

/* ---- 3.0 F: the Adjustment Phase ---- */

/* 3.0 F, 6.4: moved SPs and leaders unmoved, expended trains available,
 * the Turn Marker a month on; the next month begins at 3.0 A. */
static void adjustment_3_0_f(void **state)
{
	struct tq_presence *br = &S->area[A("S11")].side[TQ_BRITISH];
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ADJUSTMENT, 0);
	br->moved.regulars = 4;
	br->moved.cavalry = 2;
	S->leader[L("Tarleton")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							      .area = (short)A("S11"),
							      .moved = true };
	S->side[TQ_BRITISH].expended = 3;
	S->side[TQ_BRITISH].available = 1;
	S->side[TQ_BRITISH].returning[1].regulars = 7;
	S->side[TQ_BRITISH].base_moved = true;
	{
		struct tq_play p = play();
		assert_int_equal(tq_turn_run(&p), 0);
	}
	assert_int_equal(br->ready.regulars, 14);
	assert_int_equal(br->ready.cavalry, 2);
	assert_int_equal(br->moved.regulars, 0);
	assert_false(S->leader[L("Tarleton")].moved);
	assert_int_equal(S->side[TQ_BRITISH].available, 4);
	assert_int_equal(S->side[TQ_BRITISH].expended, 0);
	assert_int_equal(S->month, TQ_MONTH(1780, 5));
	assert_int_equal(S->phase, TQ_SIEGE_RESOLUTION);
	/* 4.7.5's turn track: next month's are this month's now */
	assert_int_equal(S->side[TQ_BRITISH].returning[0].regulars, 7);
	/* 7.1.2: the base removed last month may be placed back */
	assert_false(S->side[TQ_BRITISH].base_moved);
}

/* 10.7.5: the British Invaded marker goes when the colony's last
 * British regulars do (here taken by the withdrawal... or any loss),
 * seen as the next phase begins; Loyalists do not keep it. */
static void invaded_10_7_5_marker_removed(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ADJUSTMENT, 0);
	S->invaded = 1u << TQ_SOUTH_CAROLINA | 1u << TQ_NORTH_CAROLINA;
	S->area[A("N29")].side[TQ_BRITISH].ready.loyalists = 4;
	run();
	assert_int_equal(S->invaded, 1u << TQ_SOUTH_CAROLINA);
	assert_true(told(0, "10.7.5") >= 0);
}

/* ---- 13: the game's end ---- */

/* 13.2: no British SP on the board at the end of a turn. */
static void victory_13_2_no_british(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ADJUSTMENT, 0);
	S->area[A("S11")].side[TQ_BRITISH].ready.regulars = 0;
	run();
	assert_int_equal(S->phase, TQ_OVER);
	assert_int_equal(S->winner, TQ_CONTINENTAL);
	assert_non_null(strstr(S->end_reason, "13.2"));
	assert_int_equal(S->month, TQ_MONTH(1780, 4));
}

/* The data names one Royal Governor (Wright, Georgia); 13.1.1's "the
 * appropriate Royal Governor" of the other colonies is given here, on a
 * copy of the data the test uses in D. */
static struct tq_data *with_governors(void)
{
	struct tq_data *real = D, *d = malloc(sizeof *d);
	assert_non_null(d);
	*d = *real;
	for (int c = TQ_SOUTH_CAROLINA; c < TQ_COLONIES && d->ngovernors < TQ_MAX_GOVERNORS; c++) {
		snprintf(d->governors[d->ngovernors].name, TQ_NAME_MAX, "Governor %d", c);
		d->governors[d->ngovernors++].colony = (enum tq_colony)c;
	}
	D = d;
	return real;
}

static void real_data(struct tq_data *real)
{
	free(D);
	D = real;
}

/* 13.2 (ruling): British SPs in the At Sea box keep the game going. */
static void victory_13_2_at_sea(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ADJUSTMENT, 0);
	S->area[A("S11")].side[TQ_BRITISH].ready.regulars = 0;
	S->at_sea.regulars = 2;
	run();
	assert_int_not_equal(S->phase, TQ_OVER);
	assert_int_equal(S->month, TQ_MONTH(1780, 5));
}

/* Colony c's capital British held with its Royal Governor (13.1). */
static void peace_in(enum tq_colony c)
{
	for (int a = 0; a < D->nareas; a++)
		if ((int)D->areas[a].colony == (int)c &&
		    (D->areas[a].capital || D->areas[a].capital_implied)) {
			S->area[a].side[TQ_BRITISH].ready.regulars = 3;
			for (int g = 0; g < D->ngovernors; g++)
				if (D->governors[g].colony == c)
					S->area[a].governor = (short)g;
		}
}

/* 13.3: the King's Peace in three colonies at the end of any turn. */
static void victory_13_3_three_colonies(void **state)
{
	struct tq_data *real = with_governors();
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ADJUSTMENT, 0);
	peace_in(TQ_GEORGIA);
	peace_in(TQ_SOUTH_CAROLINA);
	peace_in(TQ_NORTH_CAROLINA);
	run();
	assert_int_equal(S->phase, TQ_OVER);
	assert_int_equal(S->winner, TQ_BRITISH);
	assert_non_null(strstr(S->end_reason, "13.3"));
	assert_int_equal(S->kings_peace, 7u);
	real_data(real);
}

/* 13.1, 3.0 G: two colonies are not enough before the end (no game
 * over in April 1780); in October 1781, the last month (17.0), the
 * Endeavors Phase ends in the Special Siege Resolution Phase and the
 * King's Peace in two colonies wins. Continental regulars in a colony
 * undo its peace. */
static void victory_13_1_last_month(void **state)
{
	struct tq_data *real = with_governors();
	(void)state;
	position(TQ_MONTH(1780, 4), TQ_ADJUSTMENT, 0);
	peace_in(TQ_GEORGIA);
	peace_in(TQ_SOUTH_CAROLINA);
	run();
	assert_int_not_equal(S->phase, TQ_OVER);
	tear_down_each(state);
	set_up_each(state);
	position(TQ_MONTH(1781, 10), TQ_ENDEAVORS, 0);
	peace_in(TQ_GEORGIA);
	peace_in(TQ_SOUTH_CAROLINA);
	run();
	pass(TQ_BRITISH);
	pass(TQ_CONTINENTAL);
	assert_true(told(0, "3.0 G") >= 0);
	assert_int_equal(S->phase, TQ_OVER);
	assert_int_equal(S->winner, TQ_BRITISH);
	assert_non_null(strstr(S->end_reason, "13.1"));
	real_data(real);
}

static void victory_13_1_continental_regulars(void **state)
{
	struct tq_data *real = with_governors();
	(void)state;
	position(TQ_MONTH(1781, 10), TQ_ENDEAVORS, 0);
	peace_in(TQ_GEORGIA);
	peace_in(TQ_SOUTH_CAROLINA);
	S->area[A("S5")].side[TQ_CONTINENTAL].ready.regulars = 1;
	run();
	pass(TQ_BRITISH);
	pass(TQ_CONTINENTAL);
	assert_int_equal(S->winner, TQ_CONTINENTAL);
	assert_non_null(strstr(S->end_reason, "13.1"));
	real_data(real);
}

/* ---- B: attrition ---- */

/* Run phase `ph` from where S stands until it asks or is over. */
static void run_phase(enum tq_phase ph)
{
	struct tq_play p = play();
	while (S->phase == ph && !S->asked)
		if (tq_turn_run(&p))
			fail_msg("tq_turn_run: %s", WHY);
}

/* 5.1 example: June, the Major Victory marker British side up, NC rolls
 * 5, less 1: the June-August column's 20%: 10 SP lose 2, 3 SP lose none. */
static void attrition_5_1_example(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 6), TQ_ATTRITION, 0);
	S->major_victory = TQ_BRITISH;
	S->area[A("N29")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA] = 10;
	S->area[A("N32")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA] = 3;
	dice((int[]){ 5, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->area[A("N29")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA], 8);
	assert_int_equal(S->area[A("N32")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA], 3);
	assert_true(told(0, "20%") >= 0);
	assert_int_equal(S->phase, TQ_REINFORCEMENT);
	assert_dice_used();
}

/* 17.3.1: no militia attrition in the month it says. */
static void attrition_17_3_1_no_militia_month(void **state)
{
	(void)state;
	position(TQ_MONTH(1781, 3), TQ_ATTRITION, 0);
	S->no_militia_month = TQ_MONTH(1781, 3);
	S->area[A("N29")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA] = 12;
	/* March: smallpox falls on the largest area, N29's 12 SP: no loss */
	dice((int[]){ 6, 6, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->area[A("N29")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA], 12);
	assert_dice_used();
}

/* An area of colony c with supply level `supply`, not a swamp. */
static int area_with(enum tq_colony c, int supply)
{
	for (int a = 0; a < D->nareas; a++)
		if ((int)D->areas[a].colony == (int)c && D->areas[a].supply == supply &&
		    !D->areas[a].swamp && D->areas[a].on_map)
			return a;
	fail_msg("no area of supply %d", supply);
	return -1;
}

/* The 5.4.2 example's position, foraging's loss of 1 SP to come: 5.1's
 * dice, SC then NC 6 (none go home); foraging's two dice, 2 and 5. */
static struct tq_sps *forage_5_4_2(void)
{
	int a = area_with(TQ_SOUTH_CAROLINA, 6);
	struct tq_sps *co = &S->area[a].side[TQ_CONTINENTAL].ready;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	S->side[TQ_CONTINENTAL].base = -1;
	S->area[A("V28")].base[TQ_CONTINENTAL] = false;
	S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars = 0;
	co->regulars = 4;
	co->militia[TQ_NORTH_CAROLINA] = 7;
	co->militia[TQ_SOUTH_CAROLINA] = 6;
	dice((int[]){ 6, 6, 2, 5, 0 });
	return co;
}

/* 5.4.2 example: in South Carolina on supply level 6, 4 Continental
 * regulars, 7 NC and 6 SC militia: the SC militia ignored, 11 SP forage
 * at double attrition; the loss comes from the regulars or the NC
 * militia, never the SC militia. */
static void supply_5_4_2_example(void **state)
{
	struct tq_sps *co = forage_5_4_2();
	struct tq_order lose = order(TQ_LOSE);
	(void)state;
	run_phase(TQ_ATTRITION);
	assert_true(told(0, "11 SP on supply level 6") >= 0);
	assert_asked(TQ_ASK_LOSSES, TQ_CONTINENTAL);
	assert_int_equal(S->side[TQ_CONTINENTAL].owed, 1);
	lose.sps.militia[TQ_SOUTH_CAROLINA] = 1;
	apply_refused(TQ_CONTINENTAL, &lose, "5.4.2");
	lose.sps.militia[TQ_SOUTH_CAROLINA] = 0;
	lose.sps.regulars = 2;
	apply_refused(TQ_CONTINENTAL, &lose, "takes 1 SP");
	lose.sps.regulars = 0;
	lose.sps.militia[TQ_NORTH_CAROLINA] = 1;
	apply_ok(TQ_CONTINENTAL, &lose);
	assert_int_equal(co->militia[TQ_NORTH_CAROLINA], 6);
	assert_int_equal(co->militia[TQ_SOUTH_CAROLINA], 6);
	assert_int_equal(co->regulars, 4);
	assert_int_not_equal(S->phase, TQ_ATTRITION);
	assert_dice_used();
}

static void assert_both_asked(enum tq_question q)
{
	assert_asked(q, TQ_BRITISH);
	assert_asked(q, TQ_CONTINENTAL);
}

/* The 5.4.2 example's Continental force, and a British force of 8
 * regulars and 3 cavalry foraging in Virginia on supply level 6, far
 * from its base: each loses 1 SP to foraging (5.4.1 c), its own choice. */
static struct tq_sps *forage_both(struct tq_sps **co)
{
	struct tq_sps *br = &S->area[area_with(TQ_VIRGINIA, 6)].side[TQ_BRITISH].ready;
	*co = forage_5_4_2();
	br->regulars = 8;
	br->cavalry = 3;
	dice((int[]){ 6, 6, 2, 5, 2, 5, 0 });
	return br;
}

/* 5.4.1 c, issue 24: both sides' foraging losses are asked at once, each
 * at its own area, and either may answer first: the same position after
 * both answers, whichever came first. */
static void supply_5_4_1_c_both_sides_asked_their_losses_at_once(void **state)
{
	struct tq_sps *co, *br;
	struct tq_state *first = malloc(sizeof *first);
	struct tq_order cavalry = order(TQ_LOSE), militia = order(TQ_LOSE);
	(void)state;
	cavalry.sps.cavalry = 1;
	militia.sps.militia[TQ_NORTH_CAROLINA] = 1;
	br = forage_both(&co);
	run_phase(TQ_ATTRITION);
	assert_both_asked(TQ_ASK_LOSSES);
	assert_int_equal(S->side[TQ_BRITISH].owed, 1);
	assert_int_equal(S->side[TQ_CONTINENTAL].owed, 1);
	apply_ok(TQ_BRITISH, &cavalry);
	assert_asked(TQ_ASK_LOSSES, TQ_CONTINENTAL);
	assert_false(tq_is_asked(S, TQ_BRITISH));
	apply_ok(TQ_CONTINENTAL, &militia);
	assert_int_equal(br->cavalry, 2);
	assert_int_equal(co->militia[TQ_NORTH_CAROLINA], 6);
	assert_int_not_equal(S->phase, TQ_ATTRITION);
	assert_dice_used();
	*first = *S;

	memset(S, 0, sizeof *S);
	tq_state_empty(D, S);
	br = forage_both(&co);
	run_phase(TQ_ATTRITION);
	apply_ok(TQ_CONTINENTAL, &militia);
	assert_asked(TQ_ASK_LOSSES, TQ_BRITISH);
	apply_ok(TQ_BRITISH, &cavalry);
	assert_dice_used();
	assert_memory_equal(S->area, first->area, sizeof S->area);
	assert_int_equal(S->phase, first->phase);
	assert_int_equal(S->question, first->question);
	assert_int_equal(S->asked, first->asked);
	free(first);
}

/* 5.3, issue 24 ("how a side takes its losses" answered in advance): a
 * standing "losses regulars" takes the 5.4.2 example's loss from the
 * regulars, "losses militia" from the NC militia (never the SC militia
 * at home, 5.4.2), with no question asked. */
static void supply_5_3_standing_losses(void **state)
{
	struct tq_sps *co;
	(void)state;
	co = forage_5_4_2();
	standing(TQ_CONTINENTAL, "losses regulars");
	run_phase(TQ_ATTRITION);
	assert_false(S->question == TQ_ASK_LOSSES);
	assert_true(told(0, "Your standing order answers: losses regulars") >= 0);
	assert_int_equal(co->regulars, 3);
	assert_int_equal(co->militia[TQ_NORTH_CAROLINA], 7);
	assert_dice_used();

	memset(S, 0, sizeof *S);
	tq_state_empty(D, S);
	co = forage_5_4_2();
	standing(TQ_CONTINENTAL, "losses militia");
	run_phase(TQ_ATTRITION);
	assert_false(S->question == TQ_ASK_LOSSES);
	assert_int_equal(co->regulars, 4);
	assert_int_equal(co->militia[TQ_NORTH_CAROLINA], 6);
	assert_int_equal(co->militia[TQ_SOUTH_CAROLINA], 6);
	assert_dice_used();
}

/* 5.3, 4.3.3: "losses militia" within the walls of S5 takes the 2 SP
 * from the 2 NC militia, the SC militia being at home (5.4.2); with
 * fewer militia than the loss, the rest from the regulars. */
static void supply_5_3_standing_losses_besieged(void **state)
{
	struct tq_sps *walls = &S->area[A("S5")].side[TQ_CONTINENTAL].walls;
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	S->area[A("S5")].fort = TQ_FORT;
	S->area[A("S5")].siege = 1;
	S->area[A("S5")].besieger = TQ_BRITISH;
	walls->regulars = 4;
	walls->militia[TQ_SOUTH_CAROLINA] = 3;
	walls->militia[TQ_NORTH_CAROLINA] = 1;
	S->area[A("S5")].side[TQ_BRITISH].ready.regulars = 3;
	standing(TQ_CONTINENTAL, "losses militia");
	/* as supply_4_3_3_besieged: the walls' dice 1, 1, 6 take 2 SP */
	dice((int[]){ 6, 6, 6, 1, 1, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_false(S->question == TQ_ASK_LOSSES);
	assert_int_equal(walls->militia[TQ_NORTH_CAROLINA], 0);
	assert_int_equal(walls->regulars, 3);
	assert_int_equal(walls->militia[TQ_SOUTH_CAROLINA], 3);
	assert_dice_used();
}

/* 5.4.1 a: forces within a magazine's reach (the Base of Operations
 * is one) do not forage: no die. */
static void supply_5_4_1_a_magazine(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->phase, TQ_REINFORCEMENT);
	assert_dice_used();
}

/* 5.4.1 b, 5.4.5: a side with trains is asked; a train expended feeds
 * its area (no foraging die), one destroyed goes to the Expended box. */
static void supply_5_4_1_b_expend_and_destroy(void **state)
{
	int a = area_with(TQ_SOUTH_CAROLINA, 6);
	struct tq_presence *co = &S->area[a].side[TQ_CONTINENTAL];
	struct tq_order o = order(TQ_EXPEND);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	S->side[TQ_CONTINENTAL].base = -1;
	S->area[A("V28")].base[TQ_CONTINENTAL] = false;
	S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars = 0;
	co->ready.regulars = 20;
	co->field.trains = 2;
	S->area[A("V28")].side[TQ_CONTINENTAL].field.trains = 1;
	run_phase(TQ_ATTRITION);
	assert_asked(TQ_ASK_SUPPLY, TQ_CONTINENTAL);
	o.at = (short)A("N29");
	apply_refused(TQ_CONTINENTAL, &o, "no Continental SPs");
	o.at = (short)a;
	apply_ok(TQ_CONTINENTAL, &o);
	apply_refused(TQ_CONTINENTAL, &o, "single baggage train");
	o = order(TQ_DESTROY);
	o.at = (short)A("V28");
	o.trains = 1;
	apply_ok(TQ_CONTINENTAL, &o);
	o = order(TQ_DONE);
	apply_ok(TQ_CONTINENTAL, &o);
	/* fed: no foraging die */
	assert_dice_used();
	assert_int_equal(co->field.trains, 1);
	assert_int_equal(co->ready.regulars, 20);
	assert_int_equal(S->side[TQ_CONTINENTAL].expended, 2);
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].field.trains, 0);
}

/* 4.3.3: the besieged without a magazine inside take triple attrition
 * (the SC militia at home not counted, 5.4.2); the besiegers forage. */
static void supply_4_3_3_besieged(void **state)
{
	int a = A("S5");
	struct tq_area_state *as = &S->area[a];
	struct tq_order lose = order(TQ_LOSE);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	as->fort = TQ_FORT;
	as->siege = 1;
	as->besieger = TQ_BRITISH;
	as->side[TQ_CONTINENTAL].walls.regulars = 4;
	as->side[TQ_CONTINENTAL].walls.militia[TQ_SOUTH_CAROLINA] = 3;
	as->side[TQ_CONTINENTAL].walls.militia[TQ_NORTH_CAROLINA] = 2;
	as->side[TQ_BRITISH].ready.regulars = 3;
	as->side[TQ_BRITISH].inside.trains = 0;
	/* 5.1: SC, NC roll 6; the British first: 3 regulars on S5's
	 * supply, one die, 6; the walls: 1, 1, 6 (2 lost of 6 SP) */
	dice((int[]){ 6, 6, 6, 1, 1, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_asked(TQ_ASK_LOSSES, TQ_CONTINENTAL);
	assert_int_equal(S->side[TQ_CONTINENTAL].owed, 2);
	lose.sps.militia[TQ_SOUTH_CAROLINA] = 1;
	lose.sps.regulars = 1;
	apply_refused(TQ_CONTINENTAL, &lose, "5.4.2");
	lose.sps.militia[TQ_SOUTH_CAROLINA] = 0;
	lose.sps.militia[TQ_NORTH_CAROLINA] = 1;
	apply_ok(TQ_CONTINENTAL, &lose);
	assert_int_equal(as->side[TQ_CONTINENTAL].walls.regulars, 3);
	assert_int_equal(as->side[TQ_CONTINENTAL].walls.militia[TQ_NORTH_CAROLINA], 1);
	assert_int_equal(as->side[TQ_CONTINENTAL].walls.militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(as->side[TQ_BRITISH].ready.regulars, 3);
	assert_dice_used();
}

/* Greene and Morgan with 20 Continental regulars and a magazine at N29
 * in December 1780, the largest area (5.3.2 a); the run stops at the
 * supply question after the disease. */
static void smallpox_position(void)
{
	struct tq_presence *co = &S->area[A("N29")].side[TQ_CONTINENTAL];
	position(TQ_MONTH(1780, 12), TQ_ATTRITION, 0);
	co->ready.regulars = 20;
	co->inside.magazines = 1;
	S->leader[L("Greene")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							    .area = (short)A("N29"), .c_in_c = true };
	S->leader[L("Morgan")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							    .area = (short)A("N29") };
}

/* 5.3.2 a, 5.3.3: smallpox rolls triple attrition in the area with the
 * most SPs: 1, 2, 6 take 2 SP (the regulars: not asked) and, a die of 1
 * or 2, one leader of the larger force, the player's choice, to the turn
 * track a month. */
static void disease_5_3_3_smallpox_sick(void **state)
{
	struct tq_order lose = order(TQ_LOSE);
	(void)state;
	smallpox_position();
	dice((int[]){ 1, 2, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->area[A("N29")].side[TQ_CONTINENTAL].ready.regulars, 18);
	assert_asked(TQ_ASK_LOSSES, TQ_CONTINENTAL);
	assert_int_equal(S->side[TQ_CONTINENTAL].sick, 1);
	apply_refused(TQ_CONTINENTAL, &lose, "name 1");
	lose.nleaders = 1;
	lose.leaders[0] = (short)L("Cornwallis");
	apply_refused(TQ_CONTINENTAL, &lose, "not one of your leaders");
	lose.leaders[0] = (short)L("Morgan");
	apply_ok(TQ_CONTINENTAL, &lose);
	assert_int_equal(S->leader[L("Morgan")].where, TQ_TURN_TRACK);
	assert_int_equal(S->leader[L("Morgan")].returns, TQ_MONTH(1781, 1));
	assert_int_equal(S->leader[L("Greene")].where, TQ_ON_MAP);
	assert_asked(TQ_ASK_SUPPLY, TQ_CONTINENTAL);
	assert_dice_used();
}

/* 5.3.3: "If all three dice are 'ones' then one of the player's leaders
 * in the affected area has died (randomly draw one)": a die 5 is no
 * leader of two and is rolled again; 2 draws the second. */
static void disease_5_3_3_smallpox_death(void **state)
{
	int second = L("Greene") > L("Morgan") ? L("Greene") : L("Morgan");
	int first = second == L("Greene") ? L("Morgan") : L("Greene");
	(void)state;
	smallpox_position();
	dice((int[]){ 1, 1, 1, 5, 2, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->area[A("N29")].side[TQ_CONTINENTAL].ready.regulars, 17);
	assert_int_equal(S->leader[second].where, TQ_GONE);
	assert_int_equal(S->leader[first].where, TQ_ON_MAP);
	assert_asked(TQ_ASK_SUPPLY, TQ_CONTINENTAL);
	assert_dice_used();
}

/* 5.3.2 b, 5.3.3: in June, single attrition for a force in a swamp; its
 * 1 takes 1 SP and sickens its only leader (no choice: not asked). */
static void disease_5_3_2_b_malaria(void **state)
{
	int a = -1;
	struct tq_presence *co;
	(void)state;
	for (int x = 0; x < D->nareas && a < 0; x++)
		if (D->areas[x].swamp && D->areas[x].colony == TQ_SOUTH_CAROLINA)
			a = x;
	assert_true(a >= 0);
	co = &S->area[a].side[TQ_CONTINENTAL];
	position(TQ_MONTH(1780, 7), TQ_ATTRITION, 0);
	co->ready.militia[TQ_SOUTH_CAROLINA] = 4;
	S->leader[L("Marion")] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)a };
	/* malaria 1; then 5.1's SC die 6 (none go home) */
	dice((int[]){ 1, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(co->ready.militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(S->leader[L("Marion")].where, TQ_TURN_TRACK);
	assert_int_equal(S->leader[L("Marion")].returns, TQ_MONTH(1780, 8));
	assert_int_equal(S->phase, TQ_REINFORCEMENT);
	assert_dice_used();
}

/* 5.3.1: triple attrition at sea, with one kind of SP the loss is fixed
 * (not asked); with two, the British choose. */
static void attrition_5_3_1_at_sea(void **state)
{
	struct tq_order lose = order(TQ_LOSE);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	S->at_sea.regulars = 5;
	dice((int[]){ 1, 2, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->at_sea.regulars, 3);
	assert_dice_used();
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	S->at_sea.cavalry = 2;
	dice((int[]){ 3, 4, 6, 0 });
	run_phase(TQ_ATTRITION);
	assert_asked(TQ_ASK_LOSSES, TQ_BRITISH);
	lose.sps.cavalry = 1;
	apply_ok(TQ_BRITISH, &lose);
	assert_int_equal(S->at_sea.cavalry, 1);
	assert_int_equal(S->at_sea.regulars, 3);
	assert_dice_used();
}

/* 5.2: with the marker Continental side up the Loyalists roll: May's
 * column, a 1: 50%; 15.3: each POW track loses 1 SP. */
static void attrition_5_2_loyalists_and_15_3_pows(void **state)
{
	struct tq_order done = order(TQ_DONE);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	S->area[A("S11")].side[TQ_BRITISH].ready.loyalists = 5;
	S->side[TQ_BRITISH].pow = 3;
	S->side[TQ_CONTINENTAL].pow = 0;
	dice((int[]){ 1, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(S->area[A("S11")].side[TQ_BRITISH].ready.loyalists, 3);
	assert_int_equal(S->side[TQ_BRITISH].pow, 2);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 0);
	(void)done;
	assert_dice_used();
}

/* ---- C: reinforcement ---- */

/* 6.3.1 example: the British control Savannah, Wilmington and Beaufort:
 * four trains or magazines with the Base; one magazine on the board, so
 * three come from the Available box to the base (6.4). 6.3.2: the
 * Continental limit is six. */
static void reinforcement_6_3_1_baggage_limit(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->area[A("S11")].side[TQ_BRITISH].ready.regulars = 0;
	S->side[TQ_BRITISH].base = (short)A("G1");
	S->area[A("S11")].base[TQ_BRITISH] = false;
	S->area[A("G1")].base[TQ_BRITISH] = true;
	S->area[A("G1")].side[TQ_BRITISH].ready.regulars = 6;
	S->area[A("N16")].side[TQ_BRITISH].ready.regulars = 2;
	S->area[A("N16")].side[TQ_BRITISH].inside.magazines = 1;
	S->area[A("S10")].side[TQ_BRITISH].ready.regulars = 1;
	S->side[TQ_BRITISH].available = 5;
	S->area[A("N29")].side[TQ_CONTINENTAL].inside.magazines = 4;
	S->side[TQ_CONTINENTAL].available = 6;
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->area[A("G1")].side[TQ_BRITISH].field.trains, 3);
	assert_int_equal(S->side[TQ_BRITISH].available, 2);
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].field.trains, 2);
	assert_int_equal(S->side[TQ_CONTINENTAL].available, 4);
	assert_true(told(0, "limit is 4") >= 0);
}

/* 17.1.2: "Campbell is the British Commander-in-Chief until Prevost
 * enters the board": 18.0 brings Prevost to Savannah in February 1779;
 * from then Campbell is a colonel (10.2's limit of 15 SPs) and Prevost
 * the British C-in-C. */
static void reinforcement_17_1_2_campbell_until_prevost(void **state)
{
	(void)state;
	position(TQ_MONTH(1779, 2), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1779, 1);
	S->side[TQ_BRITISH].base = (short)A("G1");
	S->area[A("S11")].base[TQ_BRITISH] = false;
	S->area[A("G1")].base[TQ_BRITISH] = true;
	S->area[A("G1")].side[TQ_BRITISH].ready.regulars = 20;
	S->leader[L("Campbell")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							      .area = (short)A("G1"), .c_in_c = true };
	S->side[TQ_BRITISH].c_in_c = (short)L("Campbell");
	S->leader[L("Prevost")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							     .arrives = TQ_MONTH(1779, 2) };
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->leader[L("Prevost")].where, TQ_ON_MAP);
	assert_false(S->leader[L("Campbell")].c_in_c);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Prevost"));
	assert_true(told(0, "Campbell is no longer Commander-in-Chief: Prevost is on the board "
			 "(17.1.2)") >= 0);
}

/* n areas of Georgia or South Carolina with a supply level of 10 or
 * less, not a city, garrisoned by 1 British SP. */
static void garrisons(int n)
{
	for (int a = 0; a < D->nareas && n > 0; a++)
		if ((D->areas[a].colony == TQ_GEORGIA || D->areas[a].colony == TQ_SOUTH_CAROLINA) &&
		    D->areas[a].on_map && !D->areas[a].city && D->areas[a].supply <= 10 &&
		    !tq_sps_total_test(&S->area[a].side[TQ_BRITISH].ready)) {
			S->area[a].side[TQ_BRITISH].ready.regulars = 1;
			n--;
		}
	assert_int_equal(n, 0);
}

/* 16.3 (optional): from June 1780, one captured train for each six
 * areas (a city's supply over ten counts two): Charlestown, Savannah and
 * two garrisons make six; both cities British held, the British choose
 * where ("done" places none); with Charlestown alone it goes there. */
static void reinforcement_16_3_sequestered(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1780, 7), TQ_REINFORCEMENT, 0);
	S->options = TQ_OPTION_SEQUESTERED;
	S->area[A("G1")].side[TQ_BRITISH].ready.regulars = 3;
	garrisons(2);
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_BRITISH);
	o.at = (short)A("S5");
	o.trains = 1;
	apply_refused(TQ_BRITISH, &o, "16.3");
	o.at = (short)A("G1");
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->area[A("G1")].side[TQ_BRITISH].field.captured, 1);
	tear_down_each(state);
	set_up_each(state);
	position(TQ_MONTH(1780, 7), TQ_REINFORCEMENT, 0);
	S->options = TQ_OPTION_SEQUESTERED;
	garrisons(4);
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->area[A("S11")].side[TQ_BRITISH].field.captured, 1);
	tear_down_each(state);
	set_up_each(state);
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);   /* "After May of 1780" */
	S->options = TQ_OPTION_SEQUESTERED;
	garrisons(4);
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->area[A("S11")].side[TQ_BRITISH].field.captured, 0);
}

/* 6.5 example: June, British major victory: Georgia 1 (0: no militia),
 * SC 4 (3: 6 SP), NC 6 (5: 12 SP), Va 2 (1: 8 SP); 3 SC at Charlestown,
 * 3 SC with Sumter at Ninety-Six. Refused: more than due, a British
 * controlled settlement, a leader without his militia. */
static void reinforcement_6_5_militia_example(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1780, 6), TQ_REINFORCEMENT, 0);
	S->major_victory = TQ_BRITISH;
	S->leader[L("Sumter")] = (struct tq_leader_state){ .where = TQ_HELD };
	dice((int[]){ 1, 4, 6, 2, 0 });
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_int_equal(S->militia_due[TQ_GEORGIA], 0);
	assert_int_equal(S->militia_due[TQ_SOUTH_CAROLINA], 6);
	assert_int_equal(S->militia_due[TQ_NORTH_CAROLINA], 12);
	assert_int_equal(S->militia_due[TQ_VIRGINIA], 8);
	o.at = (short)A("S11");                 /* British held */
	o.sps.militia[TQ_SOUTH_CAROLINA] = 3;
	apply_refused(TQ_CONTINENTAL, &o, "may not appear");
	S->area[A("S11")].side[TQ_BRITISH].ready.regulars = 0;
	S->area[A("S13")].side[TQ_BRITISH].ready.regulars = 10;
	apply_ok(TQ_CONTINENTAL, &o);
	o.at = (short)A("S5");
	o.sps.militia[TQ_SOUTH_CAROLINA] = 4;
	apply_refused(TQ_CONTINENTAL, &o, "to be placed");
	o.sps.militia[TQ_SOUTH_CAROLINA] = 0;
	o.nleaders = 1;
	o.leaders[0] = (short)L("Sumter");
	apply_refused(TQ_CONTINENTAL, &o, "goes onto a force");
	o.sps.militia[TQ_SOUTH_CAROLINA] = 3;
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->leader[L("Sumter")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Sumter")].area, A("S5"));
	o = order(TQ_DONE);
	apply_refused(TQ_CONTINENTAL, &o, "20 militia SP");
	o = order(TQ_PLACE);
	o.at = (short)A("N29");
	o.sps.militia[TQ_NORTH_CAROLINA] = 12;
	apply_ok(TQ_CONTINENTAL, &o);
	o.at = (short)A("V28");
	o.sps.militia[TQ_NORTH_CAROLINA] = 0;
	o.sps.militia[TQ_VIRGINIA] = 8;
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->area[A("S11")].side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(S->area[A("S5")].side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].ready.militia[TQ_VIRGINIA], 8);
	/* everything placed: the run went on to the Logistics Phase */
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
	assert_dice_used();
}

/* 11.1.3 c: "This replacement is done at the beginning of the next month
 * with the next in succession Continental Commander-in-Chief. Simply
 * remove from the game the former C-in-C and place the new one in the
 * same area": Lincoln, beaten in August 1780, gives way to Gates at N29
 * (11.1.3 a: "Lincoln, Gates,"), and is to return in September 1781
 * (18.0: "If Lincoln has been replaced previously"); Gates beaten in turn
 * gives way to Greene, and is out of the game. */
static void adjustment_11_1_3_c_replacement(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 8), TQ_ADJUSTMENT, 0);
	S->leader[L("Gates")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED };
	S->leader[L("Greene")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED };
	S->leader[L("Lincoln")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							     .area = (short)A("N29"),
							     .c_in_c = true, .replaced = true };
	S->side[TQ_CONTINENTAL].c_in_c = (short)L("Lincoln");
	run_phase(TQ_ADJUSTMENT);
	assert_int_equal(S->month, TQ_MONTH(1780, 9));
	assert_int_equal(S->leader[L("Gates")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Gates")].area, A("N29"));
	assert_true(S->leader[L("Gates")].c_in_c);
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Gates"));
	assert_int_equal(S->leader[L("Lincoln")].where, TQ_NOT_ARRIVED);
	assert_int_equal(S->leader[L("Lincoln")].arrives, TQ_MONTH(1781, 9));
	assert_int_equal(S->leader[L("Greene")].where, TQ_NOT_ARRIVED);
	S->phase = TQ_ADJUSTMENT;
	S->leader[L("Gates")].replaced = true;
	run_phase(TQ_ADJUSTMENT);
	assert_int_equal(S->leader[L("Greene")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Greene")].area, A("N29"));
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Greene"));
	assert_int_equal(S->leader[L("Gates")].where, TQ_GONE);
}

/* 14.2.3: "If a French leader is removed due to illness (i.e. placed on
 * the turn track because of disease attrition) he returns to the French
 * Field Force, not the Continental Base of Operations": Rochambeau, sick
 * since last month, comes back to the French SPs at V18, not to V28;
 * with no French SPs on the map he waits. */
static void reinforcement_14_2_3_french_leader_returns(void **state)
{
	(void)state;
	position(TQ_MONTH(1781, 10), TQ_REINFORCEMENT, 0);
	S->leader[L("Rochambeau")] = (struct tq_leader_state){ .where = TQ_TURN_TRACK,
								.returns = TQ_MONTH(1781, 10) };
	S->leader[L("Lafayette")] = (struct tq_leader_state){ .where = TQ_TURN_TRACK,
							       .returns = TQ_MONTH(1781, 10) };
	S->area[A("V18")].side[TQ_CONTINENTAL].ready.french_regulars = 40;
	S->french_on_map = true;
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->leader[L("Rochambeau")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Rochambeau")].area, A("V18"));
	assert_int_equal(S->leader[L("Lafayette")].area, A("V28")); /* not French: the Base */
	tear_down_each(state);
	set_up_each(state);
	position(TQ_MONTH(1781, 10), TQ_REINFORCEMENT, 0);
	S->leader[L("Rochambeau")] = (struct tq_leader_state){ .where = TQ_TURN_TRACK,
								.returns = TQ_MONTH(1781, 10) };
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->leader[L("Rochambeau")].where, TQ_TURN_TRACK);
	assert_int_equal(S->leader[L("Rochambeau")].returns, TQ_MONTH(1781, 11));
}

/* 11.1.3, 6.2: the successor of a C-in-C captured last month arrives at
 * the Base of Operations and takes the command. */
static void reinforcement_11_1_3_successor_arrives(void **state)
{
	(void)state;
	position(TQ_MONTH(1779, 7), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1779, 7);
	S->leader[L("Lincoln")] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[L("Gates")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							   .arrives = TQ_MONTH(1779, 7) };
	S->side[TQ_CONTINENTAL].c_in_c = -1;
	S->side[TQ_BRITISH].c_in_c = -1;
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->leader[L("Gates")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Gates")].area, A("V28"));
	assert_true(S->leader[L("Gates")].c_in_c);
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Gates"));
}

/* 15.2, 5.4.4: militia placed where a British leader stands without SPs
 * enter his area: he is captured ("in an area without any friendly SPs
 * when enemy SP enter that area"), and the Base, the magazine and the
 * train there, with no force to defend them (a leader alone is none:
 * 2.0 "Force"), are the Continentals' captured trains. */
static void reinforcement_15_2_militia_placed_on_a_leader_alone(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1780, 6), TQ_REINFORCEMENT, 0);
	S->major_victory = TQ_BRITISH;
	struct tq_area_state *s11 = &S->area[A("S11")];
	s11->side[TQ_BRITISH].ready.regulars = 0;
	s11->side[TQ_BRITISH].inside.magazines = 1;
	s11->side[TQ_BRITISH].field.trains = 1;
	S->area[A("S13")].side[TQ_BRITISH].ready.regulars = 10;
	S->side[TQ_BRITISH].available = 2;
	S->leader[L("Balfour")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							     .area = (short)A("S11") };
	dice((int[]){ 1, 4, 6, 2, 0 });
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	o.at = (short)A("S11");
	o.sps.militia[TQ_SOUTH_CAROLINA] = 3;
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->leader[L("Balfour")].where, TQ_POW);
	assert_false(s11->base[TQ_BRITISH]);
	assert_int_equal(S->side[TQ_BRITISH].base, -1);
	assert_int_equal(s11->side[TQ_BRITISH].inside.magazines, 0);
	assert_int_equal(s11->side[TQ_BRITISH].field.trains, 0);
	assert_int_equal(s11->side[TQ_CONTINENTAL].field.captured, 3);
	assert_int_equal(S->side[TQ_BRITISH].available, 1);  /* 5.4.4 b */
	assert_int_equal(S->side[TQ_BRITISH].expended, 2);
	assert_dice_used();
}

/* 6.2: outside a generation month a held militia leader may be placed
 * on a force with his colony's militia, or stay held ("done"). */
static void reinforcement_6_2_militia_leader(void **state)
{
	struct tq_order o = order(TQ_PLACE), done = order(TQ_DONE);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[L("Sumter")] = (struct tq_leader_state){ .where = TQ_HELD };
	S->area[A("S5")].side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA] = 3;
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	o.nleaders = 1;
	o.leaders[0] = (short)L("Sumter");
	o.at = (short)A("V28");
	apply_refused(TQ_CONTINENTAL, &o, "SC militia");
	apply_ok(TQ_CONTINENTAL, &done);
	assert_int_equal(S->leader[L("Sumter")].where, TQ_HELD);
	tear_down_each(state);
	set_up_each(state);
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[L("Sumter")] = (struct tq_leader_state){ .where = TQ_HELD };
	S->area[A("S5")].side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA] = 3;
	run_phase(TQ_REINFORCEMENT);
	o.at = (short)A("S5");
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->leader[L("Sumter")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Sumter")].area, A("S5"));
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 6.2: with no militia of his colony on the board, the closest
 * Continental force to his home colony: N29 in North Carolina, not V28
 * in Virginia, for South Carolina's Sumter. */
static void reinforcement_6_2_closest_force(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[L("Sumter")] = (struct tq_leader_state){ .where = TQ_HELD };
	S->area[A("N29")].side[TQ_CONTINENTAL].ready.regulars = 3;
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	o.nleaders = 1;
	o.leaders[0] = (short)L("Sumter");
	o.at = (short)A("V28");
	apply_refused(TQ_CONTINENTAL, &o, "closest");
	o.at = (short)A("N29");
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->leader[L("Sumter")].area, A("N29"));
}

/* 13.1.1: militia placed where the Royal Governor stands alone (no
 * British SPs, so not British controlled) set him aside. */
static void reinforcement_13_1_1_governor_alone(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1780, 6), TQ_REINFORCEMENT, 0);
	S->area[A("G1")].governor = 0;
	S->governor_area[0] = (short)A("G1");
	dice((int[]){ 6, 1, 1, 1, 0 });
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	o.at = (short)A("G1");
	o.sps.militia[TQ_GEORGIA] = 1;
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->area[A("G1")].governor, -1);
	assert_int_equal(S->governor_area[0], -1);
	assert_dice_used();
}

/* Issue 24: "When both sides must answer (... a prisoner exchange),
 * both are asked at once and either may answer first." */
/* The 15.4 example's position at the exchange step: 3 Continental and 6
 * British POWs. */
static void pows_3_and_6(void)
{
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->side[TQ_BRITISH].pow = 3;            /* Continentals held by the British */
	S->side[TQ_CONTINENTAL].pow = 6;        /* British held by the Continentals */
}

/* 15.4 example: 3 Continental and 6 British POWs; both asked at once,
 * both agree: the Continental track to 0, the British to 3, 3 SP
 * regulars at each base (15.4.2). */
static void reinforcement_15_4_exchange_example(void **state)
{
	struct tq_order yes = order(TQ_YES);
	(void)state;
	pows_3_and_6();
	run_phase(TQ_REINFORCEMENT);
	assert_both_asked(TQ_ASK_EXCHANGE);
	/* issue 24: the guide shows the standing order for next time */
	assert_true(guide_offers(TQ_CONTINENTAL, "standing exchange"));
	apply_ok(TQ_BRITISH, &yes);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(S->side[TQ_BRITISH].pow, 0);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 3);
	assert_int_equal(S->area[A("S11")].side[TQ_BRITISH].ready.regulars, 13);
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars, 8);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* The 15.4 example answered by `first`, then the other side: the state
 * after, into *after. */
static void exchange_answered(enum tq_side first, const struct tq_order *a,
			      const struct tq_order *b, struct tq_state *after)
{
	memset(S, 0, sizeof *S);
	tq_state_empty(D, S);
	pows_3_and_6();
	run_phase(TQ_REINFORCEMENT);
	assert_both_asked(TQ_ASK_EXCHANGE);
	apply_ok(first, a);
	apply_ok(tq_other(first), b);
	*after = *S;
}

/* 15.4, issue 24: "either may answer first": the Continental's answer
 * before the British one gives the same state, yes and yes (the
 * exchange) as yes and no (none). */
static void reinforcement_15_4_either_answers_first(void **state)
{
	struct tq_order yes = order(TQ_YES), no = order(TQ_NO);
	struct tq_state *british_first = malloc(sizeof *S), *continental_first = malloc(sizeof *S);
	(void)state;
	assert_non_null(british_first);
	assert_non_null(continental_first);
	exchange_answered(TQ_BRITISH, &yes, &yes, british_first);
	exchange_answered(TQ_CONTINENTAL, &yes, &yes, continental_first);
	assert_int_equal(continental_first->side[TQ_BRITISH].pow, 0);
	assert_memory_equal(british_first, continental_first, sizeof *S);
	exchange_answered(TQ_BRITISH, &no, &yes, british_first);
	exchange_answered(TQ_CONTINENTAL, &yes, &no, continental_first);
	assert_int_equal(continental_first->side[TQ_BRITISH].pow, 3);
	assert_memory_equal(british_first, continental_first, sizeof *S);
	free(british_first);
	free(continental_first);
}

/* 15.4, issue 24: a side that answered is not asked again; the game
 * waits for the other's answer, then goes on. */
static void reinforcement_15_4_answered_not_asked_again(void **state)
{
	struct tq_order yes = order(TQ_YES);
	(void)state;
	pows_3_and_6();
	run_phase(TQ_REINFORCEMENT);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	assert_false(tq_is_asked(S, TQ_CONTINENTAL));
	apply_refused(TQ_CONTINENTAL, &yes, "nothing is asked of the Continental");
	assert_int_equal(S->side[TQ_BRITISH].pow, 3);
	apply_ok(TQ_BRITISH, &yes);
	assert_int_equal(S->side[TQ_BRITISH].pow, 0);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 15.4.1: "If the other player agrees": a side that declines, whenever
 * it answers, exchanges nothing; the other is still asked, and the game
 * goes on once both answered. */
static void reinforcement_15_4_declined(void **state)
{
	struct tq_order yes = order(TQ_YES), no = order(TQ_NO);
	(void)state;
	pows_3_and_6();
	run_phase(TQ_REINFORCEMENT);
	apply_ok(TQ_BRITISH, &no);
	assert_asked(TQ_ASK_EXCHANGE, TQ_CONTINENTAL);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(S->side[TQ_BRITISH].pow, 3);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 6);
	assert_true(told(0, "No prisoners are exchanged this month (15.4.1)") >= 0);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 15.4, issue 24 ("prisoner exchanges accepted or not"): a standing
 * "exchange" answers at once, and only the other side is asked; a
 * standing "no exchange" declines, whatever the other answers. */
static void reinforcement_15_4_standing_order(void **state)
{
	struct tq_order yes = order(TQ_YES);
	(void)state;
	pows_3_and_6();
	standing(TQ_CONTINENTAL, "exchange");
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	assert_false(tq_is_asked(S, TQ_CONTINENTAL));
	assert_true(told(0, "Your standing order answers: exchange") >= 0);
	apply_ok(TQ_BRITISH, &yes);
	assert_int_equal(S->side[TQ_BRITISH].pow, 0);
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars, 8);

	tq_state_empty(D, S);
	pows_3_and_6();
	standing(TQ_BRITISH, "no exchange");
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_EXCHANGE, TQ_CONTINENTAL);
	assert_false(tq_is_asked(S, TQ_BRITISH));
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(S->side[TQ_BRITISH].pow, 3);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* Leaders of side at rank r, up to max, into out: the count. */
static int of_rank(enum tq_side side, int r, int *out, int max)
{
	int n = 0;
	for (int l = 0; l < D->nleaders && n < max; l++)
		if (D->leaders[l].side == side && (int)tq_exchange_rank(D, l) == r &&
		    !D->leaders[l].french && !D->leaders[l].withdrawn)
			out[n++] = l;
	return n;
}

/* 15.5, 15.5.2: leaders rank for rank: the British hold two Continental
 * leaders of a rank, the Continentals one British: one of each returns,
 * the British naming theirs (the holder of the surplus); each at his
 * base. */
static void reinforcement_15_5_leaders(void **state)
{
	struct tq_order yes = order(TQ_YES);
	int co[2], br[1], r;
	(void)state;
	for (r = 0; r < TQ_RANKS; r++)
		if (of_rank(TQ_CONTINENTAL, r, co, 2) == 2 && of_rank(TQ_BRITISH, r, br, 1) == 1)
			break;
	assert_true(r < TQ_RANKS);
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[co[0]] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[co[1]] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[br[0]] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	apply_ok(TQ_BRITISH, &yes);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	assert_false(tq_is_asked(S, TQ_CONTINENTAL)); /* no surplus: nothing to name */
	char q[300], named[120];
	tq_question(D, S, TQ_BRITISH, TQ_BRITISH, q, sizeof q);
	assert_non_null(strstr(q, "name the prisoners you release (15.5.2)"));
	snprintf(named, sizeof named, "yes %s", D->leaders[co[1]].name);
	assert_true(guide_offers(TQ_BRITISH, named));
	assert_false(guide_offers(TQ_BRITISH, "decline"));
	yes.nleaders = 2;
	yes.leaders[0] = (short)co[0];
	yes.leaders[1] = (short)co[1];
	apply_refused(TQ_BRITISH, &yes, "name 1");
	yes.nleaders = 1;
	yes.leaders[0] = (short)br[0];
	apply_refused(TQ_BRITISH, &yes, "not a prisoner of yours");
	yes.leaders[0] = (short)co[1];
	apply_ok(TQ_BRITISH, &yes);
	assert_int_equal(S->leader[co[1]].where, TQ_ON_MAP);
	assert_int_equal(S->leader[co[1]].area, A("V28"));
	assert_int_equal(S->leader[co[0]].where, TQ_POW);
	assert_int_equal(S->leader[br[0]].where, TQ_ON_MAP);
	assert_int_equal(S->leader[br[0]].area, A("S11"));
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 15.5.2: "for those desiring a more flexible and interactive play
 * exchange Leaders on whatever basis is amenable to the parties involved
 * (I'll trade you 2 colonels for 1 general)": the British hold colonels
 * W. Washington and Lee, the Continentals the 1-star O'Hara; no rank
 * matches, yet the exchange is offered, the British propose the trade by
 * name, the Continentals accept, and the three go to their bases. */
static void reinforcement_15_5_2_flexible_trade(void **state)
{
	struct tq_order yes = order(TQ_YES);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[L("W. Washington")] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[L("Lee")] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[L("O'Hara")] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	yes.nleaders = 2;
	yes.leaders[0] = (short)L("W. Washington");
	yes.leaders[1] = (short)L("Lee");
	apply_refused(TQ_BRITISH, &yes, "prisoners of both sides");
	yes.leaders[yes.nleaders++] = (short)L("O'Hara");
	apply_ok(TQ_BRITISH, &yes);
	assert_asked(TQ_ASK_EXCHANGE, TQ_CONTINENTAL);
	apply_ok(TQ_CONTINENTAL, &(struct tq_order){ .kind = TQ_YES, .leader = -1, .at = -1,
						     .governor = -1 });
	assert_int_equal(S->leader[L("W. Washington")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("W. Washington")].area, A("V28"));
	assert_int_equal(S->leader[L("Lee")].area, A("V28"));
	assert_int_equal(S->leader[L("O'Hara")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("O'Hara")].area, A("S11"));
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 15.5.2 with both asked at once: the Continentals agree first, to an
 * exchange; the British then propose the trade, so the Continentals are
 * asked again, to the trade, and agree: the same three go home. */
static void reinforcement_15_5_2_trade_after_a_yes(void **state)
{
	struct tq_order yes = order(TQ_YES), trade = order(TQ_YES);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[L("W. Washington")] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[L("Lee")] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[L("O'Hara")] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	apply_ok(TQ_CONTINENTAL, &yes);
	trade.nleaders = 3;
	trade.leaders[0] = (short)L("W. Washington");
	trade.leaders[1] = (short)L("Lee");
	trade.leaders[2] = (short)L("O'Hara");
	apply_ok(TQ_BRITISH, &trade);
	assert_asked(TQ_ASK_EXCHANGE, TQ_CONTINENTAL);
	assert_false(tq_is_asked(S, TQ_BRITISH));
	assert_int_equal(S->leader[L("O'Hara")].where, TQ_POW);
	apply_refused(TQ_CONTINENTAL, &trade, "proposed already");
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(S->leader[L("W. Washington")].area, A("V28"));
	assert_int_equal(S->leader[L("Lee")].area, A("V28"));
	assert_int_equal(S->leader[L("O'Hara")].area, A("S11"));
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* Ranks r (two Continentals, one British) and q (two British, one
 * Continental): each side holds a surplus at one of them (15.5.2). */
static bool surplus_both(int *co, int *br, int *co1, int *br1)
{
	for (int r = 0; r < TQ_RANKS; r++)
		for (int q = 0; q < TQ_RANKS; q++)
			if (r != q && of_rank(TQ_CONTINENTAL, r, co, 2) == 2 &&
			    of_rank(TQ_BRITISH, r, br1, 1) == 1 && of_rank(TQ_BRITISH, q, br, 2) == 2 &&
			    of_rank(TQ_CONTINENTAL, q, co1, 1) == 1)
				return true;
	return false;
}

/* 15.5.2, issue 24: both holders of a surplus are asked at once to name
 * those they release; either names first, and the leaders go home once
 * both have. */
static void reinforcement_15_5_2_both_choose_at_once(void **state)
{
	struct tq_order yes = order(TQ_YES), name = order(TQ_YES);
	int co[2], br[2], co1[1], br1[1];
	(void)state;
	assert_true(surplus_both(co, br, co1, br1));
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	int pows[] = { co[0], co[1], br[0], br[1], co1[0], br1[0] };
	for (size_t i = 0; i < sizeof pows / sizeof *pows; i++)
		S->leader[pows[i]] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	apply_ok(TQ_BRITISH, &yes);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_both_asked(TQ_ASK_EXCHANGE);
	name.nleaders = 1;
	name.leaders[0] = (short)br[1];
	apply_ok(TQ_CONTINENTAL, &name);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	assert_false(tq_is_asked(S, TQ_CONTINENTAL));
	assert_int_equal(S->leader[br[1]].where, TQ_POW);
	name.leaders[0] = (short)co[1];
	apply_ok(TQ_BRITISH, &name);
	assert_int_equal(S->leader[co[1]].area, A("V28"));
	assert_int_equal(S->leader[co1[0]].area, A("V28"));
	assert_int_equal(S->leader[co[0]].where, TQ_POW);
	assert_int_equal(S->leader[br[1]].area, A("S11"));
	assert_int_equal(S->leader[br1[0]].area, A("S11"));
	assert_int_equal(S->leader[br[0]].where, TQ_POW);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 15.5.2: a trade declined exchanges nobody. */
static void reinforcement_15_5_2_trade_declined(void **state)
{
	struct tq_order yes = order(TQ_YES), no = order(TQ_NO);
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[L("W. Washington")] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[L("O'Hara")] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	yes.nleaders = 2;
	yes.leaders[0] = (short)L("W. Washington");
	yes.leaders[1] = (short)L("O'Hara");
	apply_ok(TQ_BRITISH, &yes);
	apply_ok(TQ_CONTINENTAL, &no);
	assert_int_equal(S->leader[L("W. Washington")].where, TQ_POW);
	assert_false(S->leader[L("W. Washington")].exchanged);
	assert_int_equal(S->leader[L("O'Hara")].where, TQ_POW);
	assert_int_equal(S->question, TQ_ASK_LOGISTICS);
}

/* 15.5.2 (ruling): "yes" naming nobody releases the first of the
 * surplus rank in the data's order. */
static void reinforcement_15_5_2_yes_alone(void **state)
{
	struct tq_order yes = order(TQ_YES);
	int co[2], br[1], r;
	(void)state;
	for (r = 0; r < TQ_RANKS; r++)
		if (of_rank(TQ_CONTINENTAL, r, co, 2) == 2 && of_rank(TQ_BRITISH, r, br, 1) == 1)
			break;
	assert_true(r < TQ_RANKS);
	position(TQ_MONTH(1780, 5), TQ_REINFORCEMENT, 0);
	S->leader[co[0]] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[co[1]] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[br[0]] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	apply_ok(TQ_BRITISH, &yes);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_asked(TQ_ASK_EXCHANGE, TQ_BRITISH);
	apply_ok(TQ_BRITISH, &yes);
	assert_int_equal(S->leader[co[0]].where, TQ_ON_MAP);
	assert_int_equal(S->leader[co[1]].where, TQ_POW);
}

/* 6.1.2: a British leader captured before his withdrawal (one of those
 * 18.0 withdraws by June 1780 for good) is withdrawn when he is
 * exchanged in July 1780, not returned. */
static void reinforcement_6_1_2_withdrawal_after_exchange(void **state)
{
	struct tq_order yes = order(TQ_YES);
	int co[1], br = -1;
	(void)state;
	for (int l = 0; l < D->nleaders && br < 0; l++)
		if (D->leaders[l].side == TQ_BRITISH && D->leaders[l].withdrawn &&
		    D->leaders[l].withdrawn <= TQ_MONTH(1780, 6) && !D->leaders[l].returns &&
		    of_rank(TQ_CONTINENTAL, tq_exchange_rank(D, l), co, 1) == 1)
			br = l;
	assert_true(br >= 0);
	position(TQ_MONTH(1780, 7), TQ_REINFORCEMENT, 0);
	S->leader[br] = (struct tq_leader_state){ .where = TQ_POW };
	S->leader[co[0]] = (struct tq_leader_state){ .where = TQ_POW };
	run_phase(TQ_REINFORCEMENT);
	apply_ok(TQ_BRITISH, &yes);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(S->leader[br].where, TQ_GONE);
	assert_int_equal(S->leader[co[0]].where, TQ_ON_MAP);
}

/* 18.0, 6.2: the schedule's SPs at the base; the monthly Continental
 * regular after December 1778; 6.1: a leader withdrawn and the 40 SP
 * regulars of June 1780 asked of the British (not from a siege). */
static void reinforcement_18_0_june_1780(void **state)
{
	struct tq_order w = order(TQ_WITHDRAW);
	(void)state;
	position(TQ_MONTH(1780, 6), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1780, 3);
	S->area[A("S11")].side[TQ_BRITISH].ready.regulars = 30;
	S->area[A("G1")].side[TQ_BRITISH].ready.regulars = 30;
	S->leader[L("Clinton")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							     .area = (short)A("S11"), .c_in_c = true };
	S->leader[L("Cornwallis")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
								.area = (short)A("S11"),
								.c_in_c = true };
	S->leader[L("Sumter")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							    .arrives = TQ_MONTH(1780, 6) };
	dice((int[]){ 6, 6, 6, 6, 0 });
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->leader[L("Clinton")].where, TQ_GONE);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Cornwallis"));
	assert_asked(TQ_ASK_WITHDRAW, TQ_BRITISH);
	assert_int_equal(S->side[TQ_BRITISH].owed, 40);
	w.at = (short)A("S11");
	w.sps.regulars = 41;
	apply_refused(TQ_BRITISH, &w, "40 SP");
	S->area[A("G1")].siege = 1;
	S->area[A("G1")].besieger = TQ_CONTINENTAL;
	w.at = (short)A("G1");
	w.sps.regulars = 10;
	apply_refused(TQ_BRITISH, &w, "under siege");
	S->area[A("G1")].siege = 0;
	w.sps.regulars = 25;
	apply_ok(TQ_BRITISH, &w);
	assert_int_equal(S->side[TQ_BRITISH].owed, 15);
	w.at = (short)A("S11");
	w.sps.regulars = 15;
	apply_ok(TQ_BRITISH, &w);
	assert_int_equal(S->area[A("S11")].side[TQ_BRITISH].ready.regulars, 15);
	assert_int_equal(S->area[A("G1")].side[TQ_BRITISH].ready.regulars, 5);
	/* the monthly regular (18.0): 5 + 1 at V28 */
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars, 6);
	assert_int_equal(S->leader[L("Sumter")].where, TQ_HELD);
}

/* ---- A: siege resolution (4.7) ---- */

/* A fort at S5 held by the Continentals within its walls (8 regulars,
 * 3 SC militia, Huger, a magazine), besieged by 30 British regulars with
 * Cornwallis at siege level `level`; the British base at G1. */
static void siege_position(int level)
{
	struct tq_area_state *as = &S->area[A("S5")];
	position(TQ_MONTH(1780, 5), TQ_SIEGE_RESOLUTION, 0);
	as->fort = TQ_FORT;
	as->fort_side = TQ_CONTINENTAL;
	as->siege = (short)level;
	as->besieger = TQ_BRITISH;
	as->side[TQ_CONTINENTAL].walls.regulars = 8;
	as->side[TQ_CONTINENTAL].walls.militia[TQ_SOUTH_CAROLINA] = 3;
	as->side[TQ_CONTINENTAL].inside.magazines = 1;
	as->side[TQ_BRITISH].ready.regulars = 30;
	S->leader[L("Huger")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							   .area = (short)A("S5"), .walls = true };
	S->leader[L("Cornwallis")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
								.area = (short)A("S5"),
								.c_in_c = true };
}

/* An area next to a that the British may retreat into (no swamp). */
static int next_to(int a)
{
	for (int i = 0; i < D->areas[a].nborders; i++) {
		const struct tq_border *b = &D->borders[D->areas[a].borders[i]];
		int o = b->a == a ? b->b : b->a;
		if (!D->areas[o].swamp && !b->river)
			return o;
	}
	fail_msg("no area next to %s", D->areas[a].id);
	return -1;
}

/* 4.7.4, 4.7.5: Siege 2: the besieged surrender: Huger and the 8
 * regulars to the turn track four months ahead, the militia
 * eliminated, the magazine a captured train of the British, who lose 1
 * SP for every 10 or fraction of the 11 SP (2); the fort is theirs;
 * the Major Victory marker British side up (11.5). */
static void siege_4_7_5_surrender(void **state)
{
	struct tq_order yes = order(TQ_YES);
	struct tq_area_state *as = &S->area[A("S5")];
	(void)state;
	siege_position(2);
	run();
	assert_asked(TQ_ASK_SURRENDER, TQ_CONTINENTAL);
	assert_int_equal(S->owed_area, A("S5"));
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(as->siege, 0);
	assert_int_equal(tq_sps_total_test(&as->side[TQ_CONTINENTAL].walls), 0);
	assert_int_equal(S->side[TQ_CONTINENTAL].returning[4].regulars, 8);
	assert_int_equal(S->leader[L("Huger")].where, TQ_TURN_TRACK);
	assert_int_equal(S->leader[L("Huger")].returns, TQ_MONTH(1780, 9));
	assert_int_equal(as->side[TQ_BRITISH].field.captured, 1);
	assert_int_equal(as->side[TQ_CONTINENTAL].inside.magazines, 0);
	assert_int_equal(S->side[TQ_CONTINENTAL].expended, 1);
	assert_int_equal(as->side[TQ_BRITISH].ready.regulars, 28);
	assert_int_equal(as->fort, TQ_FORT);
	assert_int_equal(as->fort_side, TQ_BRITISH);
	assert_int_equal(S->major_victory, TQ_BRITISH);
	assert_int_not_equal(S->phase, TQ_SIEGE_RESOLUTION);
}

/* 4.7.2, 4.7.3: Siege 1: not summoned, or summoned and refused, the
 * siege goes on at Siege 2. */
static void siege_4_7_3_summons(void **state)
{
	struct tq_order yes = order(TQ_YES), no = order(TQ_NO);
	(void)state;
	siege_position(1);
	run();
	assert_asked(TQ_ASK_SUMMONS, TQ_BRITISH);
	apply_ok(TQ_BRITISH, &no);
	assert_int_equal(S->area[A("S5")].siege, 2);
	tear_down_each(state);
	set_up_each(state);
	siege_position(1);
	run();
	apply_refused(TQ_BRITISH, &(struct tq_order){ .kind = TQ_DONE, .at = -1 }, "4.7.2");
	apply_ok(TQ_BRITISH, &yes);
	assert_asked(TQ_ASK_SURRENDER, TQ_CONTINENTAL);
	apply_ok(TQ_CONTINENTAL, &no);
	assert_int_equal(S->area[A("S5")].siege, 2);
	assert_int_equal(S->area[A("S5")].side[TQ_CONTINENTAL].walls.regulars, 8);
}

/* 4.7.6 b ii: the assault wins: 6, +2 for 3-1 odds (30 to 8), -1 for
 * Cornwallis's audacity over 3 (11.2.4), against 1: the difference 6
 * taken by 11.2.5 (3 prisoners, 3 eliminated), the 2 regulars left
 * prisoners too: 5 on the British POW track; Huger captured; the fort
 * destroyed; the magazine a captured train; the British lose 1 SP for
 * the 8 SP besieged. */
static void siege_4_7_6_b_ii_assault_won(void **state)
{
	struct tq_order yes = order(TQ_YES), no = order(TQ_NO);
	struct tq_area_state *as = &S->area[A("S5")];
	int before;
	(void)state;
	siege_position(2);
	as->side[TQ_CONTINENTAL].walls.militia[TQ_SOUTH_CAROLINA] = 0;
	run();
	apply_ok(TQ_CONTINENTAL, &no);
	assert_asked(TQ_ASK_ASSAULT, TQ_BRITISH);
	apply_refused(TQ_BRITISH, &yes, "say where");
	yes.at = (short)A("V28");
	apply_refused(TQ_BRITISH, &yes, "adjacent");
	yes.at = (short)next_to(A("S5"));
	before = S->side[TQ_BRITISH].pow;
	dice((int[]){ 6, 1, 0 });
	apply_ok(TQ_BRITISH, &yes);
	assert_dice_used();
	assert_int_equal(as->siege, 0);
	assert_int_equal(as->side[TQ_CONTINENTAL].walls.regulars, 0);
	assert_int_equal(S->side[TQ_BRITISH].pow - before, 5);
	assert_int_equal(S->leader[L("Huger")].where, TQ_POW);
	assert_int_equal(as->fort, TQ_NO_FORT);
	assert_int_equal(as->side[TQ_BRITISH].field.captured, 1);
	assert_int_equal(as->side[TQ_BRITISH].ready.regulars, 29);
	assert_int_equal(S->area[yes.at].side[TQ_BRITISH].ready.regulars, 0);
}

/* 4.7.6 b i: the assault fails (1, +1 for 2-1 odds, -1 for Cornwallis,
 * against 6): the besiegers lose 1 SP for every 10 SP of their own 30
 * (3) and retreat where they said; the besieged keep the place (11.5). */
static void siege_4_7_6_b_i_assault_fails(void **state)
{
	struct tq_order yes = order(TQ_YES), no = order(TQ_NO);
	struct tq_area_state *as = &S->area[A("S5")];
	int to = next_to(A("S5"));
	(void)state;
	siege_position(2);
	S->area[to].side[TQ_BRITISH].inside.magazines = 1;  /* the run stops at 5.4 */
	run();
	apply_ok(TQ_CONTINENTAL, &no);
	yes.at = (short)to;
	/* the assault, then 5.1's die for the SC militia within the walls */
	dice((int[]){ 1, 6, 6, 0 });
	apply_ok(TQ_BRITISH, &yes);
	assert_dice_used();
	assert_int_equal(as->siege, 0);
	assert_int_equal(as->side[TQ_BRITISH].ready.regulars, 0);
	assert_int_equal(S->area[to].side[TQ_BRITISH].ready.regulars, 27);
	assert_int_equal(S->leader[L("Cornwallis")].area, to);
	/* the siege over, the garrison is out of the walls (4.4.4, 4.6) */
	assert_int_equal(as->side[TQ_CONTINENTAL].walls.regulars, 0);
	assert_int_equal(as->side[TQ_CONTINENTAL].ready.regulars, 8);
	assert_false(S->leader[L("Huger")].walls);
	assert_int_equal(S->major_victory, TQ_CONTINENTAL);
}

/* 4.7.6 a: the siege broken: the besiegers lose 1 SP for every ten or
 * fraction of the 11 SP besieged (2) and retreat; the besieged lose
 * nothing. */
static void siege_4_7_6_a_break(void **state)
{
	struct tq_order no = order(TQ_NO);
	struct tq_area_state *as = &S->area[A("S5")];
	int to = next_to(A("S5"));
	(void)state;
	siege_position(2);
	S->area[to].side[TQ_BRITISH].inside.magazines = 1;  /* the run stops at 5.4 */
	run();
	apply_ok(TQ_CONTINENTAL, &no);
	no.at = (short)to;
	dice((int[]){ 6, 0 });                  /* 5.1: the SC militia */
	apply_ok(TQ_BRITISH, &no);
	assert_int_equal(as->siege, 0);
	assert_int_equal(S->area[to].side[TQ_BRITISH].ready.regulars, 28);
	/* nothing lost; the siege over, the garrison is out of the walls */
	assert_int_equal(as->side[TQ_CONTINENTAL].ready.regulars, 8);
	assert_int_equal(as->side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(as->side[TQ_CONTINENTAL].walls.regulars, 0);
	assert_dice_used();
}

/* 3.0 G: in October 1781 the Adjustment Phase is a second Siege
 * Resolution Phase, conducted as Phase A; then the game ends (13.1). */
static void siege_3_0_g_last_month(void **state)
{
	struct tq_order yes = order(TQ_YES);
	(void)state;
	siege_position(2);
	S->month = TQ_MONTH(1781, 10);
	S->phase = TQ_ENDEAVORS;
	run();
	pass(TQ_BRITISH);
	pass(TQ_CONTINENTAL);
	assert_int_equal(S->phase, TQ_SPECIAL_SIEGE);
	assert_asked(TQ_ASK_SURRENDER, TQ_CONTINENTAL);
	apply_ok(TQ_CONTINENTAL, &yes);
	assert_int_equal(S->area[A("S5")].siege, 0);
	assert_int_equal(S->phase, TQ_OVER);
	assert_int_equal(S->winner, TQ_CONTINENTAL);
	assert_int_equal(S->month, TQ_MONTH(1781, 10));
}

/* 4.7.1: the side laying siege to the most summons first. */
static void siege_4_7_1_most_sieges_first(void **state)
{
	struct tq_order no = order(TQ_NO);
	(void)state;
	siege_position(1);
	S->area[A("S7")].fort = TQ_FORT;
	S->area[A("S7")].siege = 1;
	S->area[A("S7")].besieger = TQ_CONTINENTAL;
	S->area[A("S7")].side[TQ_BRITISH].walls.regulars = 2;
	S->area[A("S7")].side[TQ_CONTINENTAL].ready.regulars = 6;
	S->area[A("S21")].fort = TQ_FORT;
	S->area[A("S21")].siege = 1;
	S->area[A("S21")].besieger = TQ_CONTINENTAL;
	S->area[A("S21")].side[TQ_BRITISH].walls.regulars = 2;
	S->area[A("S21")].side[TQ_CONTINENTAL].ready.regulars = 6;
	run();
	assert_asked(TQ_ASK_SUMMONS, TQ_CONTINENTAL);
	apply_ok(TQ_CONTINENTAL, &no);
	assert_asked(TQ_ASK_SUMMONS, TQ_CONTINENTAL);
	apply_ok(TQ_CONTINENTAL, &no);
	assert_asked(TQ_ASK_SUMMONS, TQ_BRITISH);
	assert_int_equal(S->owed_area, A("S5"));
}

/* 4.1.4: attrition leaves 2 British regulars under a build marker: it
 * is removed as the next phase begins. */
static void build_4_1_4_marker_lost_to_attrition(void **state)
{
	struct tq_area_state *as = &S->area[A("S5")];
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 0);
	as->fort = TQ_BUILDING;
	as->fort_side = TQ_BRITISH;
	as->side[TQ_BRITISH].ready.regulars = 3;
	as->side[TQ_BRITISH].inside.magazines = 0;
	/* foraging at S5: 3 SP on 6, one die: 2 takes 1 SP (regulars: not asked) */
	dice((int[]){ 2, 0 });
	run_phase(TQ_ATTRITION);
	assert_int_equal(as->side[TQ_BRITISH].ready.regulars, 2);
	assert_int_equal(as->fort, TQ_NO_FORT);
	assert_dice_used();
}

/* ---- D: logistics and engineering ---- */

/* Run from the start of 3.0 D to its question. */
static void logistics_position(void)
{
	position(TQ_MONTH(1780, 5), TQ_LOGISTICS, 0);
	run();
	assert_asked(TQ_ASK_LOGISTICS, TQ_BRITISH);
	assert_asked(TQ_ASK_LOGISTICS, TQ_CONTINENTAL);
}

static struct tq_order build(enum tq_build what, const char *at)
{
	struct tq_order o = order(TQ_BUILD);
	o.build = what;
	o.at = at ? (short)A(at) : -1;
	return o;
}

/* 4.1.1, 4.1.3: a build marker with 3 SPs of British regulars under it
 * becomes a fort; with 2 it is removed, before the question. */
static void logistics_4_1_1_flip_builds(void **state)
{
	(void)state;
	S->area[A("S5")].fort = TQ_BUILDING;
	S->area[A("S5")].side[TQ_BRITISH].ready.regulars = 3;
	S->area[A("S7")].fort = TQ_BUILDING;
	S->area[A("S7")].side[TQ_BRITISH].ready.regulars = 2;
	logistics_position();
	assert_int_equal(S->area[A("S5")].fort, TQ_FORT);
	assert_int_equal(S->area[A("S5")].fort_side, TQ_BRITISH);
	assert_int_equal(S->area[A("S7")].fort, TQ_NO_FORT);
}

/* 4.1.2: 5 SPs of British regulars, or 3 with an engineer (Moncrief),
 * in a non-city area; 4.1.5: only the British build; 4.8: a fort
 * eliminated by the side controlling its area. */
static void logistics_4_1_2_build_and_4_8_eliminate(void **state)
{
	struct tq_order o = build(TQ_BUILD_FORT, "S5"), d = order(TQ_DESTROY);
	(void)state;
	S->area[A("S5")].side[TQ_BRITISH].ready.regulars = 4;
	S->area[A("S7")].side[TQ_BRITISH].ready.regulars = 3;
	S->area[A("S21")].side[TQ_BRITISH].ready.regulars = 5;
	logistics_position();
	apply_refused(TQ_BRITISH, &o, "4.1.2");
	o = build(TQ_BUILD_FORT, "S11");
	apply_refused(TQ_BRITISH, &o, "non-city");
	o = build(TQ_BUILD_FORT, "S21");
	apply_refused(TQ_CONTINENTAL, &o, "4.1.5");
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->area[A("S21")].fort, TQ_BUILDING);
	apply_refused(TQ_BRITISH, &o, "without one");
	S->leader[L("Moncrief")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							      .area = (short)A("S7") };
	o = build(TQ_BUILD_FORT, "S7");
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->area[A("S7")].fort, TQ_BUILDING);
	d.at = (short)A("S7");
	apply_refused(TQ_CONTINENTAL, &d, "4.8");
	apply_ok(TQ_BRITISH, &d);
	assert_int_equal(S->area[A("S7")].fort, TQ_NO_FORT);
	assert_int_equal(S->phase, TQ_LOGISTICS);
}

/* 7.1.1, 7.1.2: the base removed this turn is placed back the next,
 * the British at a port they control (7.1.3), the Continentals at a
 * Virginia settlement (7.1.4); 10.5.11: not with the French on the map. */
static void logistics_7_1_base(void **state)
{
	struct tq_order o = build(TQ_BUILD_BASE, NULL);
	(void)state;
	logistics_position();
	S->side[TQ_CONTINENTAL].base = -1;      /* off the map since last month */
	S->area[A("V28")].base[TQ_CONTINENTAL] = false;
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->side[TQ_BRITISH].base, -1);
	assert_false(S->area[A("S11")].base[TQ_BRITISH]);
	o = build(TQ_BUILD_BASE, "S11");
	apply_refused(TQ_BRITISH, &o, "7.1.2");
	o = build(TQ_BUILD_BASE, "N29");
	apply_refused(TQ_CONTINENTAL, &o, "7.1.4");
	o = build(TQ_BUILD_BASE, "V28");
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->side[TQ_CONTINENTAL].base, A("V28"));
	/* the next month's logistics (3.0 F clears base_moved: adjustment_3_0_f) */
	S->side[TQ_BRITISH].base_moved = false;
	o = build(TQ_BUILD_BASE, "S13");
	apply_refused(TQ_BRITISH, &o, "7.1.3");
	S->area[A("S13")].side[TQ_BRITISH].ready.regulars = 2;
	S->french_on_map = true;
	apply_refused(TQ_BRITISH, &o, "10.5.11");
	S->french_on_map = false;
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->side[TQ_BRITISH].base, A("S13"));
	assert_true(S->area[A("S13")].base[TQ_BRITISH]);
	o = order(TQ_DONE);
	apply_ok(TQ_BRITISH, &o);
	apply_ok(TQ_CONTINENTAL, &o);
	assert_asked(TQ_ASK_ENDEAVOR, TQ_BRITISH);
}

/* 7.2: trains to magazines and back; captured trains make no magazine. */
static void logistics_7_2_convert(void **state)
{
	struct tq_presence *co = &S->area[A("N29")].side[TQ_CONTINENTAL];
	struct tq_order o = build(TQ_BUILD_MAGAZINE, "N29");
	(void)state;
	co->ready.regulars = 3;
	co->field.trains = 2;
	co->field.captured = 1;
	logistics_position();
	o.trains = 3;
	apply_refused(TQ_CONTINENTAL, &o, "7.2");
	o.trains = 2;
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(co->inside.magazines, 2);
	assert_int_equal(co->field.trains, 0);
	o = build(TQ_BUILD_TRAIN, "N29");
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(co->inside.magazines, 1);
	assert_int_equal(co->field.trains, 1);
	assert_int_equal(co->field.captured, 1);
}

/* 18.0 January 1781: Arnold, 17 SP regulars, 3 cavalry "either port in
 * Virginia": held and placed where the British choose, all together. */
static void reinforcement_18_0_virginia_port(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1781, 1), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1780, 3);
	S->leader[L("Arnold")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							    .arrives = TQ_MONTH(1781, 1) };
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_BRITISH);
	assert_int_equal(S->leader[L("Arnold")].where, TQ_HELD);
	assert_int_equal(S->side[TQ_BRITISH].placing.regulars, 17);
	assert_int_equal(S->side[TQ_BRITISH].placing.cavalry, 3);
	o.at = (short)A("S11");
	o.sps.regulars = 17;
	o.sps.cavalry = 3;
	o.nleaders = 1;
	o.leaders[0] = (short)L("Arnold");
	apply_refused(TQ_BRITISH, &o, "either port in Virginia");
	o.at = (short)A("V1");
	o.sps.regulars = 10;
	apply_refused(TQ_BRITISH, &o, "all at once");
	o.sps.regulars = 17;
	o.nleaders = 0;
	apply_refused(TQ_BRITISH, &o, "leaders arrived");
	o.nleaders = 1;
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->area[A("V1")].side[TQ_BRITISH].ready.regulars, 17);
	assert_int_equal(S->area[A("V1")].side[TQ_BRITISH].ready.cavalry, 3);
	assert_int_equal(S->leader[L("Arnold")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Arnold")].area, A("V1"));
}

/* 6.2: the Continental base off the map: December 1780's Lee, 1 cavalry
 * and 2 regulars arrive at a Virginia area of the north edge; the monthly
 * regular does not arrive. */
static void reinforcement_6_2_north_edge(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	int north = -1;
	(void)state;
	for (int a = 0; a < D->nareas && north < 0; a++)
		if (D->areas[a].north_edge && D->areas[a].colony == TQ_VIRGINIA)
			north = a;
	assert_true(north >= 0);
	position(TQ_MONTH(1780, 12), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1780, 3);
	S->side[TQ_CONTINENTAL].base = -1;
	S->area[A("V28")].base[TQ_CONTINENTAL] = false;
	S->leader[L("Lee")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							 .arrives = TQ_MONTH(1780, 12) };
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_int_equal(S->side[TQ_CONTINENTAL].placing.regulars, 2);
	assert_int_equal(S->side[TQ_CONTINENTAL].placing.cavalry, 1);
	assert_int_equal(S->area[A("V28")].side[TQ_CONTINENTAL].ready.regulars, 5);
	o.at = (short)A("V28");
	o.sps.regulars = 2;
	o.sps.cavalry = 1;
	o.nleaders = 1;
	o.leaders[0] = (short)L("Lee");
	if (!D->areas[A("V28")].north_edge)
		apply_refused(TQ_CONTINENTAL, &o, "north edge");
	o.at = (short)north;
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->area[north].side[TQ_CONTINENTAL].ready.regulars, 2);
	assert_int_equal(S->leader[L("Lee")].area, north);
}

/* 18.0 September 1779: D'Estaing and 40 French SPs at any port area;
 * 10.5.11: the British at sea are eliminated, their leaders with them. */
static void reinforcement_18_0_french(void **state)
{
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	position(TQ_MONTH(1779, 9), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1779, 1);
	S->leader[L("D'Estaing")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							       .arrives = TQ_MONTH(1779, 9) };
	S->at_sea.regulars = 5;
	S->leader[L("Campbell")] = (struct tq_leader_state){ .where = TQ_AT_SEA_BOX };
	dice((int[]){ 6, 6, 6, 6, 0 });        /* 6.5: September's generation */
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_int_equal(S->side[TQ_CONTINENTAL].placing.french_regulars, 40);
	o.at = (short)A("G1");
	o.sps.french_regulars = 40;
	o.nleaders = 1;
	o.leaders[0] = (short)L("D'Estaing");
	apply_ok(TQ_CONTINENTAL, &o);
	assert_true(S->french_on_map);
	assert_int_equal(S->area[A("G1")].side[TQ_CONTINENTAL].ready.french_regulars, 40);
	assert_int_equal(S->at_sea.regulars, 0);
	assert_int_equal(S->leader[L("Campbell")].where, TQ_GONE);
}

/* 6.1, 18.0: Morgan withdrawn in February 1781 returns in July 1781
 * ("returning if not killed or captured"). */
static void reinforcement_6_1_withdrawn_returns(void **state)
{
	(void)state;
	position(TQ_MONTH(1781, 2), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1780, 3);
	S->leader[L("Morgan")] = (struct tq_leader_state){ .where = TQ_ON_MAP,
							    .area = (short)A("V28") };
	run_phase(TQ_REINFORCEMENT);
	assert_int_equal(S->leader[L("Morgan")].where, TQ_NOT_ARRIVED);
	assert_int_equal(S->leader[L("Morgan")].arrives, TQ_MONTH(1781, 7));
}

/* 6.1.3 (ruling): with 10 British regulars on the map outside sieges
 * and 2 more besieged, June 1780's 40 SP take the 10. */
static void reinforcement_6_1_3_shortfall(void **state)
{
	(void)state;
	position(TQ_MONTH(1780, 6), TQ_REINFORCEMENT, 0);
	S->reinforcements_from = TQ_MONTH(1780, 3);
	S->area[A("S5")].siege = 1;
	S->area[A("S5")].besieger = TQ_CONTINENTAL;
	S->area[A("S5")].side[TQ_BRITISH].walls.regulars = 2;
	run_phase(TQ_REINFORCEMENT);
	assert_asked(TQ_ASK_WITHDRAW, TQ_BRITISH);
	assert_int_equal(S->side[TQ_BRITISH].owed, 10);
}

/* ---- 17.1.3 A: the first turn ---- */

/* 17.1.3 A: December 1778: only the militia generation of the
 * Reinforcement Phase, no Attrition or Logistics Phase, then the first
 * British endeavour. */
static void first_turn_17_1_3_a(void **state)
{
	char why[256];
	struct tq_order o = order(TQ_PLACE);
	(void)state;
	if (tq_setup(D, tq_scenario_by_name(D, "17.1"), 0, S, why, sizeof why))
		fail_msg("%s", why);
	assert_true(S->first_turn);
	/* Georgia 6, SC 1, NC 1, Va 1 */
	dice((int[]){ 6, 1, 1, 1, 0 });
	run();
	assert_asked(TQ_ASK_MILITIA, TQ_CONTINENTAL);
	assert_true(told(0, "3.0 B") < 0);
	assert_int_equal(S->militia_due[TQ_GEORGIA], 4);
	/* 17.1.3 A: G1 is still Continental for the generation */
	o.at = (short)A("G1");
	o.sps.militia[TQ_GEORGIA] = 4;
	apply_ok(TQ_CONTINENTAL, &o);
	o.at = (short)A("S11");
	o.sps.militia[TQ_GEORGIA] = 0;
	o.sps.militia[TQ_SOUTH_CAROLINA] = S->militia_due[TQ_SOUTH_CAROLINA];
	apply_ok(TQ_CONTINENTAL, &o);
	o.at = (short)A("N29");
	o.sps.militia[TQ_SOUTH_CAROLINA] = 0;
	o.sps.militia[TQ_NORTH_CAROLINA] = S->militia_due[TQ_NORTH_CAROLINA];
	apply_ok(TQ_CONTINENTAL, &o);
	o.at = (short)A("V28");
	o.sps.militia[TQ_NORTH_CAROLINA] = 0;
	o.sps.militia[TQ_VIRGINIA] = S->militia_due[TQ_VIRGINIA];
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->area[A("G1")].side[TQ_CONTINENTAL].ready.militia[TQ_GEORGIA], 4);
	assert_true(told(0, "3.0 D") < 0);
	assert_int_equal(S->phase, TQ_ENDEAVORS);
	assert_asked(TQ_ASK_ENDEAVOR, TQ_BRITISH);
	assert_true(S->first_turn);
	assert_dice_used();
}

/* ---- a whole campaign, every question answered ---- */

/* A die that cycles 1..6 (the soak's): never runs out. */
static int cycle_die(void *ctx, uint64_t index, bool *forced)
{
	(void)ctx;
	*forced = false;
	return (int)(index * 5 % 6) + 1;
}

/* Take n SPs greedily from x into o's sps (the kinds in order). */
static void greedy(const struct tq_sps *x, int n, struct tq_sps *o)
{
	short *from[] = { (short *)&x->regulars, (short *)&x->cavalry, (short *)&x->loyalists,
			  (short *)&x->french_regulars, (short *)&x->french_cavalry,
			  (short *)&x->militia[0], (short *)&x->militia[1],
			  (short *)&x->militia[2], (short *)&x->militia[3] };
	short *to[] = { &o->regulars, &o->cavalry, &o->loyalists, &o->french_regulars,
			&o->french_cavalry, &o->militia[0], &o->militia[1], &o->militia[2],
			&o->militia[3] };
	for (int i = 0; i < 9 && n > 0; i++) {
		int k = *from[i] < n ? *from[i] : n;
		*to[i] = (short)k;
		n -= k;
	}
}

static void answer_losses(enum tq_side side)
{
	struct tq_order o = order(TQ_LOSE);
	struct tq_sps pool;
	int a = S->side[side].loss_area;
	if (a < 0)
		pool = S->at_sea;
	else
		pool = S->side[side].loss_walls ? S->area[a].side[side].walls :
						  S->area[a].side[side].ready;
	if (S->side[side].loss_forage) {
		pool.french_regulars = pool.french_cavalry = 0;
		if (a >= 0)
			pool.militia[D->areas[a].colony] = 0;
	}
	greedy(&pool, S->side[side].owed, &o.sps);
	for (int l = 0; l < D->nleaders && o.nleaders < S->side[side].sick; l++)
		if (D->leaders[l].side == side && S->leader[l].where == TQ_ON_MAP &&
		    S->leader[l].area == a)
			o.leaders[o.nleaders++] = (short)l;
	apply_ok(side, &o);
}

/* Try o at every area until one is accepted. */
static void apply_somewhere(enum tq_side side, struct tq_order *o)
{
	for (int a = 0; a < D->nareas; a++) {
		struct tq_play p = play();
		struct tq_state before = *S;
		o->at = (short)a;
		if (!tq_apply(&p, side, o))
			return;
		*S = before;
	}
	fail_msg("no area takes the order (%s)", WHY);
}

static void answer_militia(enum tq_side side)
{
	struct tq_order o = order(TQ_PLACE);
	if (tq_sps_total_test(&S->side[side].placing) ||
	    (S->side[side].place_rule && side == TQ_BRITISH)) {
		o.sps = S->side[side].placing;
		for (int l = 0; l < D->nleaders; l++)
			if (S->leader[l].where == TQ_HELD && D->leaders[l].side == side &&
			    D->leaders[l].militia_colony == TQ_NO_COLONY)
				o.leaders[o.nleaders++] = (short)l;
		apply_somewhere(side, &o);
		return;
	}
	for (int c = 0; c < TQ_COLONIES; c++)
		if (S->militia_due[c]) {
			o.sps.militia[c] = S->militia_due[c];
			apply_somewhere(side, &o);
			return;
		}
	o = order(TQ_DONE);
	{
		struct tq_play p = play();
		struct tq_state before = *S;
		if (!tq_apply(&p, side, &o))
			return;
		*S = before;
	}
	o = order(TQ_PLACE);
	for (int l = 0; l < D->nleaders; l++)
		if (S->leader[l].where == TQ_HELD && D->leaders[l].side == side) {
			o.leaders[o.nleaders++] = (short)l;
			apply_somewhere(side, &o);
			return;
		}
	fail_msg("the militia question has nothing to answer");
}

static void answer_withdraw(enum tq_side side)
{
	struct tq_order o = order(TQ_WITHDRAW);
	for (int a = 0; a < D->nareas; a++) {
		int n = S->area[a].side[side].ready.regulars;
		if (n && !S->area[a].siege) {
			o.at = (short)a;
			o.sps.regulars = (short)(n < S->side[side].owed ? n : S->side[side].owed);
			apply_ok(side, &o);
			return;
		}
	}
	fail_msg("nothing to withdraw");
}

/* One answer to whatever is asked of side. */
static void answer(enum tq_side side)
{
	struct tq_order o = order(TQ_DONE);
	switch (S->question) {
	case TQ_ASK_ENDEAVOR: o.kind = TQ_PASS; break;
	case TQ_ASK_LOSSES: answer_losses(side); return;
	case TQ_ASK_MILITIA: answer_militia(side); return;
	case TQ_ASK_WITHDRAW: answer_withdraw(side); return;
	case TQ_ASK_EXCHANGE:
	case TQ_ASK_SUMMONS:
	case TQ_ASK_SURRENDER: o.kind = TQ_NO; break;
	default: break;
	}
	apply_ok(side, &o);
}

/* 17.1.3 A: "If the British lose the battle, any survivors (including
 * their Base of Operations) must retreat to the 'At Sea' box": the
 * campaign below passes every endeavour, Campbell's forced attack too,
 * so it starts as if he had lost it (and nobody is left sharing G1). */
static void british_beaten_to_sea(void)
{
	int g1 = A("G1");
	S->first_attack = false;
	tq_sps_add_test(&S->at_sea, &S->area[g1].side[TQ_BRITISH].ready);
	S->area[g1].side[TQ_BRITISH].ready = (struct tq_sps){ 0 };
	S->area[g1].base[TQ_BRITISH] = false;
	S->side[TQ_BRITISH].base = -1;
	S->side[TQ_BRITISH].base_at_sea = true;
	for (int l = 0; l < D->nleaders; l++)
		if (S->leader[l].where == TQ_ON_MAP && S->leader[l].area == g1 &&
		    D->leaders[l].side == TQ_BRITISH)
			S->leader[l] = (struct tq_leader_state){ .where = TQ_AT_SEA_BOX,
								 .c_in_c = S->leader[l].c_in_c };
}

static void invariants_hold(const char *name, int answers)
{
	char *text = NULL, *line, *save = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);
	assert_non_null(f);
	tq_invariants(f, D, S, name);
	fclose(f);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!strstr(line, "both sides in the field"))
			fail_msg("%s after %d answers: %s", name, answers, line);
	free(text);
}

/* Scenario `name` played to its end with every endeavour passed and
 * every question answered; the set-up's own questions (17.2.2, 17.3.1:
 * tq_setup_play.c's) skipped. The number of answers. */
static int campaign(const char *name)
{
	char why[256];
	int answers = 0;
	RNG = (struct wj_rng){ cycle_die, NULL, NULL };
	if (tq_setup(D, tq_scenario_by_name(D, name), 0, S, why, sizeof why))
		fail_msg("%s", why);
	if (!strcmp(name, "17.1"))
		british_beaten_to_sea();
	if (S->phase == TQ_SETUP) {
		/* the set-up's rolls and placements are test_tq_setup_play's */
		S->phase = TQ_SIEGE_RESOLUTION;
		S->step = 0;
		tq_answered(S);
	}
	run();
	while (S->phase != TQ_OVER && answers < 5000) {
		for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
			if (tq_is_asked(S, (enum tq_side)side)) {
				answer((enum tq_side)side);
				answers++;
				break;
			}
		/* tq_invariants.h: what holds between orders, but for two sides
		 * in one area: 17.1.3 A's and 18.0 February 1779's forced
		 * British attacks never come when every endeavour is passed */
		invariants_hold(name, answers);
		EV->n = 0;
	}
	assert_int_equal(S->phase, TQ_OVER);
	assert_int_equal(S->month, TQ_MONTH(1781, 10));
	assert_non_null(strstr(S->end_reason, "13."));
	return answers;
}

/* 17.0, 17.1-17.3: each campaign runs its turns to the end of October
 * 1781 and a verdict of 13; in the full campaign, with nobody moving,
 * the British hold no capital with a governor: the Continentals win;
 * in 17.3 the King's Peace of Georgia alone is not enough (13.1). */
static void campaigns_17_to_the_end(void **state)
{
	(void)state;
	assert_true(campaign("17.1") > 35 * 4);
	assert_int_equal(S->winner, TQ_CONTINENTAL);
	tear_down_each(state);
	set_up_each(state);
	assert_true(campaign("17.2") > 21 * 4);
	tear_down_each(state);
	set_up_each(state);
	assert_true(campaign("17.3") > 8 * 4);
	assert_int_equal(S->winner, TQ_CONTINENTAL);
}

/* The state's new fields written and read back (tq_text.c). */
static void turn_fields_round_trip(void **state)
{
	char *text = NULL, *again = NULL, why[256];
	size_t n = 0, m = 0;
	struct tq_state *back = calloc(1, sizeof *back);
	FILE *f;
	(void)state;
	position(TQ_MONTH(1780, 5), TQ_ATTRITION, 6);
	strcpy(S->scenario, "17.2");
	S->cursor = 17;
	S->owed_area = -1;
	S->owed_forage = true;
	S->militia_due[TQ_VIRGINIA] = 8;
	S->smallpox_sp = 40;
	S->side[TQ_BRITISH].owed = 3;
	S->side[TQ_BRITISH].nfed = 2;
	S->side[TQ_BRITISH].fed[0] = (short)A("S5");
	S->side[TQ_BRITISH].fed[1] = (short)A("G1");
	S->side[TQ_CONTINENTAL].sick = 1;
	S->side[TQ_BRITISH].placing.regulars = 17;
	S->side[TQ_BRITISH].place_rule = TQ_VIRGINIA_PORT;
	S->owed_walls = true;
	S->retreat_pending = true;
	S->retreat_to = (short)A("S7");
	S->leader[L("Huger")] = (struct tq_leader_state){ .where = TQ_POW, .exchanged = true };
	f = open_memstream(&text, &n);
	tq_state_write(f, D, S, true);
	fclose(f);
	if (tq_state_read(text, n, D, back, true, why, sizeof why))
		fail_msg("%s", why);
	f = open_memstream(&again, &m);
	tq_state_write(f, D, back, true);
	fclose(f);
	assert_string_equal(text, again);
	assert_int_equal(back->side[TQ_BRITISH].fed[1], A("G1"));
	assert_int_equal(back->owed_area, -1);
	assert_int_equal(back->side[TQ_BRITISH].placing.regulars, 17);
	assert_int_equal(back->retreat_to, A("S7"));
	assert_true(back->leader[L("Huger")].exchanged);
	assert_int_equal(back->side[TQ_CONTINENTAL].sick, 1);
	free(text);
	free(again);
	free(back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, set_up_each, tear_down_each)
		T(sequence_3_0_phase_order),
		T(endeavors_8_0_alternation),
		T(endeavors_8_0_not_your_turn),
		T(adjustment_3_0_f),
		T(invaded_10_7_5_marker_removed),
		T(victory_13_2_no_british),
		T(victory_13_2_at_sea),
		T(victory_13_3_three_colonies),
		T(victory_13_1_last_month),
		T(victory_13_1_continental_regulars),
		T(attrition_5_1_example),
		T(attrition_17_3_1_no_militia_month),
		T(supply_5_4_2_example),
		T(supply_5_4_1_a_magazine),
		T(supply_5_4_1_c_both_sides_asked_their_losses_at_once),
		T(supply_5_4_1_b_expend_and_destroy),
		T(supply_4_3_3_besieged),
		T(attrition_5_3_1_at_sea),
		T(disease_5_3_3_smallpox_sick),
		T(disease_5_3_3_smallpox_death),
		T(disease_5_3_2_b_malaria),
		T(attrition_5_2_loyalists_and_15_3_pows),
		T(reinforcement_6_3_1_baggage_limit),
		T(reinforcement_17_1_2_campbell_until_prevost),
		T(reinforcement_6_5_militia_example),
		T(reinforcement_16_3_sequestered),
		T(reinforcement_13_1_1_governor_alone),
		T(reinforcement_15_2_militia_placed_on_a_leader_alone),
		T(adjustment_11_1_3_c_replacement),
		T(reinforcement_11_1_3_successor_arrives),
		T(reinforcement_14_2_3_french_leader_returns),
		T(reinforcement_15_5_2_flexible_trade),
		T(reinforcement_15_5_2_trade_declined),
		T(reinforcement_6_2_militia_leader),
		T(reinforcement_6_2_closest_force),
		T(reinforcement_15_4_exchange_example),
		T(reinforcement_15_4_declined),
		T(supply_5_3_standing_losses),
		T(supply_5_3_standing_losses_besieged),
		T(reinforcement_15_4_either_answers_first),
		T(reinforcement_15_4_answered_not_asked_again),
		T(reinforcement_15_4_standing_order),
		T(reinforcement_15_5_2_trade_after_a_yes),
		T(reinforcement_15_5_2_both_choose_at_once),
		T(reinforcement_18_0_june_1780),
		T(reinforcement_15_5_leaders),
		T(reinforcement_15_5_2_yes_alone),
		T(reinforcement_6_1_2_withdrawal_after_exchange),
		T(siege_4_7_5_surrender),
		T(siege_4_7_3_summons),
		T(siege_4_7_6_b_ii_assault_won),
		T(siege_4_7_6_b_i_assault_fails),
		T(siege_4_7_6_a_break),
		T(siege_3_0_g_last_month),
		T(siege_4_7_1_most_sieges_first),
		T(build_4_1_4_marker_lost_to_attrition),
		T(logistics_4_1_1_flip_builds),
		T(logistics_4_1_2_build_and_4_8_eliminate),
		T(logistics_7_1_base),
		T(logistics_7_2_convert),
		T(reinforcement_18_0_virginia_port),
		T(reinforcement_6_2_north_edge),
		T(reinforcement_18_0_french),
		T(reinforcement_6_1_withdrawn_returns),
		T(reinforcement_6_1_3_shortfall),
		T(first_turn_17_1_3_a),
		T(campaigns_17_to_the_end),
		T(turn_fields_round_trip),
	};
	return cmocka_run_group_tests(tests, tq_setup_data, tq_teardown_data);
}
