/* Tarleton's Quarter!'s endeavour (issue 23, seed 001, 8.0-11.5): one
 * force activation driven through tq_apply from its order to its end, on
 * hand-made positions of the real map and leaders, with fixed dice. Each
 * test names the rule it checks and asserts what the seed says happens:
 * activation (8.1), the random events (8.3), the path and its refusals
 * (10.1, 10.2), a battle with the seed's worked numbers (11.2.3, 11.2.4,
 * 11.2.5), retreat before and after combat (11.3, 11.4), standing orders,
 * and the hidden path (the other side reads the same bytes whatever the
 * rest of the path). Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tq_engine.h"
#include "tq_endeavor.h"
#include "tq_logistics.h"
#include "tq_setup.h"
#include "tq_text.h"
#include "tq_support.h"

static struct tq_state *S;
static struct tq_events *EV;
static struct tq_dice_queue DICE = { .fill = 6 };
static struct wj_rng RNG = { .die = tq_queued_die, .ctx = &DICE };
static char WHY[512];

static void dice(int n, const int *v)
{
	DICE = (struct tq_dice_queue){ .n = n, .fill = 6 };
	memcpy(DICE.roll, v, sizeof *v * (size_t)n);
}
#define DICE(...) dice((int)(sizeof((int[]){ __VA_ARGS__ }) / sizeof(int)), (int[]){ __VA_ARGS__ })

static void all_dice_used(void)
{
	if (DICE.used != DICE.n || DICE.extra)
		fail_msg("%d of %d dice used, %d more asked for", DICE.used, DICE.n, DICE.extra);
}

static struct tq_play play(void)
{
	return (struct tq_play){ .d = D, .s = S, .rng = &RNG, .ev = EV, .why = WHY,
				 .whylen = sizeof WHY };
}

/* A position in the Endeavors Phase of March 1781 (weather clear),
 * nothing on the map, the British asked for an endeavour. */
static void fresh(int month)
{
	tq_state_empty(D, S);
	S->month = month;
	S->last_month = TQ_MONTH(1781, 10);
	snprintf(S->scenario, sizeof S->scenario, "17.3");
	S->phase = TQ_ENDEAVORS;
	S->weather = TQ_WEATHER_CLEAR;
	S->major_victory = TQ_CONTINENTAL;
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	memset(EV, 0, sizeof *EV);
}

static void put(enum tq_side side, const char *id, int regulars, int cavalry)
{
	struct tq_sps *x = &S->area[A(id)].side[side].ready;
	x->regulars = (short)(x->regulars + regulars);
	x->cavalry = (short)(x->cavalry + cavalry);
}

static void leader(const char *name, const char *id)
{
	S->leader[L(name)] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)A(id) };
}

/* Cornwallis with `regulars` at N29 (Hillsborough), Lee with 3 next to
 * him at N28. */
static void cornwallis_facing_lee(int regulars)
{
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", regulars, 0);
	leader("Lee", "N28");
	put(TQ_CONTINENTAL, "N28", 3, 0);
}

static struct tq_order activate(const char *name, int regulars, const char *const *path)
{
	struct tq_order o = { .kind = TQ_ACTIVATE, .leader = (short)L(name), .at = -1,
			      .governor = -1 };
	o.sps.regulars = (short)regulars;
	for (; path && *path; path++)
		o.path[o.npath++] = (short)A(*path);
	return o;
}
#define PATH(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* tq_apply: 0, or -1 and WHY. Until the sequence of play (tq_turn.c) is
 * built, tq_turn_endeavor_done does nothing, and the run after an
 * endeavour's end stops at tq_turn_run's "not built yet" or at tq_run's
 * "made no step": either, with no endeavour under way, is the
 * endeavour's end here. */
static int apply(enum tq_side side, const struct tq_order *o)
{
	struct tq_play p = play();
	WHY[0] = '\0';
	int r = tq_apply(&p, side, o);
	if (r < 0 && !S->hidden.endeavor.active &&
	    (strstr(WHY, "sequence of play is not built yet") || strstr(WHY, "made no step")))
		return 0;
	return r;
}

static void apply_ok(enum tq_side side, const struct tq_order *o)
{
	if (apply(side, o))
		fail_msg("refused: %s", WHY);
}

static void standing(enum tq_side side, const char *text)
{
	struct tq_order o = { .kind = TQ_STANDING, .leader = -1, .at = -1, .governor = -1 };
	snprintf(o.standing, sizeof o.standing, "%s", text);
	apply_ok(side, &o);
}

static bool told(const char *text)
{
	for (int i = 0; i < EV->n; i++)
		if (strstr(EV->v[i].text, text))
			return true;
	return false;
}

static void assert_told(const char *text)
{
	if (!told(text)) {
		for (int i = 0; i < EV->n; i++)
			print_message("  %s\n", EV->v[i].text);
		fail_msg("no event says '%s'", text);
	}
}

static const struct tq_sps *ready(const char *id, enum tq_side side)
{
	return &S->area[A(id)].side[side].ready;
}

static const struct tq_sps *moved(const char *id, enum tq_side side)
{
	return &S->area[A(id)].side[side].moved;
}

/* ---- 8.1 activation, 8.3 random events, 10.1 the move ---- */

/* 8.1.1: "If the die roll is higher, the Leader ... is flipped to its
 * 'moved' side without doing anything. The Leader remains stacked with
 * the SPs". 8.3.2: the event happens anyway: March's 6 is rain. */
static void s8_1_1_activation_fails_on_a_high_die(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 21, 0);
	assert_int_equal(D->leaders[L("Cornwallis")].counter.audacity, 5);
	DICE(6);
	struct tq_order o = activate("Cornwallis", 10, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_true(S->leader[L("Cornwallis")].moved);
	assert_int_equal(S->leader[L("Cornwallis")].area, A("N29"));
	assert_int_equal(moved("N29", TQ_BRITISH)->regulars, 10);
	assert_int_equal(ready("N29", TQ_BRITISH)->regulars, 11);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 0);
	assert_int_equal(S->weather, TQ_WEATHER_RAIN); /* 8.3.2, 8.3.3 */
	assert_false(S->hidden.endeavor.active);
	assert_told("fails to activate");
}

/* 8.1.1, 10.1: a die equal to the audacity activates; the force enters
 * the path's areas and ends "moved" there (8.1.1, 10.1); March's 5 is
 * rain, which closes no road. */
static void s8_1_1_activation_and_the_move(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	leader("Tarleton", "N29");
	put(TQ_BRITISH, "N29", 21, 2);
	DICE(5);
	struct tq_order o = activate("Cornwallis", 21, PATH("N28", "N30"));
	o.sps.cavalry = 2;
	o.leaders[o.nleaders++] = (short)L("Tarleton");
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(moved("N30", TQ_BRITISH)->regulars, 21);
	assert_int_equal(moved("N30", TQ_BRITISH)->cavalry, 2);
	assert_int_equal(ready("N29", TQ_BRITISH)->regulars, 0);
	assert_int_equal(S->leader[L("Tarleton")].area, A("N30"));
	assert_true(S->leader[L("Tarleton")].moved);
	assert_true(S->leader[L("Cornwallis")].moved);
	assert_int_equal(S->weather, TQ_WEATHER_RAIN);
	assert_false(S->hidden.endeavor.active);
	/* 8.0: the endeavour over, the Continental player's turn (tq_turn.c) */
	assert_int_equal(S->question, TQ_ASK_ENDEAVOR);
	assert_true(tq_is_asked(S, TQ_CONTINENTAL));
}

/* 8.3.3: June's 3 is heat (tables.yaml); 8.3.4: rain on rain floods. */
static void s8_3_heat_and_flood(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 6));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 5, 0);
	DICE(3);
	struct tq_order o = activate("Cornwallis", 5, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->weather, TQ_WEATHER_HEAT);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 5);

	fresh(TQ_MONTH(1781, 3));
	S->weather = TQ_WEATHER_RAIN;
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 5, 0);
	DICE(5);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->weather, TQ_WEATHER_FLOOD);
	assert_told("flood");

	/* March's 2 is no event: the weather clears (tables.yaml's
	 * weather_state, docs/rulings.md 8.3.4) */
	fresh(TQ_MONTH(1781, 3));
	S->weather = TQ_WEATHER_FLOOD;
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 5, 0);
	DICE(2);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("Endeavour random event: none");
	assert_int_equal(S->weather, TQ_WEATHER_CLEAR);
}

/* 8.3.4, 10.1.2: the random event floods the rivers after the order was
 * checked: the path across the Dan (N31 to V12, a river with a road, open
 * in rain) is closed by the flood, and the force stops in N31. */
static void s8_3_4_flood_stops_the_path_at_the_river(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->weather = TQ_WEATHER_RAIN;
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 10, 0);
	DICE(5);
	struct tq_order o = activate("Cornwallis", 10, PATH("N31", "V12"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->weather, TQ_WEATHER_FLOOD);
	assert_int_equal(moved("N31", TQ_BRITISH)->regulars, 10);
	assert_int_equal(moved("V12", TQ_BRITISH)->regulars, 0);
	assert_false(S->hidden.endeavor.active);
	/* the reason is the mover's; everyone reads only where it stopped */
	for (int i = 0; i < EV->n; i++)
		if (strstr(EV->v[i].text, "V12"))
			assert_int_equal(EV->v[i].audience, TQ_TO(TQ_BRITISH));
	assert_told("force stops in N31");
}

/* 8.3.5: a 1, the die again, a second 1: 1d6 Loyalist SPs the British
 * place in a settlement of Georgia or the Carolinas without Continental
 * forces (asked, then answered); then the activated force moves. */
static void s8_3_5_loyalist_uprising(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 5, 0);
	put(TQ_CONTINENTAL, "S5", 3, 0);
	DICE(1, 1, 4);
	struct tq_order o = activate("Cornwallis", 5, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->question, TQ_ASK_UPRISING);
	assert_true(tq_is_asked(S, TQ_BRITISH));
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 0); /* 8.3.2: before the move */
	struct tq_order rise = { .kind = TQ_CHOOSE, .leader = -1, .at = (short)A("S5"),
				 .governor = -1 };
	assert_int_equal(apply(TQ_BRITISH, &rise), -1); /* Continentals in S5 */
	rise.at = (short)A("S21");
	apply_ok(TQ_BRITISH, &rise);
	assert_int_equal(ready("S21", TQ_BRITISH)->loyalists, 4);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 5);
	assert_int_equal(S->weather, TQ_WEATHER_CLEAR);

	/* a second die that is no 1: no uprising */
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 5, 0);
	DICE(1, 2);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("No Loyalist uprising");
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 5);
}

/* ---- refusals before any die (8.0, 10.1, 10.2) ---- */

static void assert_refused(const struct tq_order *o, const char *why)
{
	uint64_t before = S->next_roll;
	DICE(1);
	assert_int_equal(apply(tq_is_asked(S, TQ_BRITISH) ? TQ_BRITISH : TQ_CONTINENTAL, o), -1);
	if (!strstr(WHY, why))
		fail_msg("refused for '%s', not '%s'", WHY, why);
	assert_int_equal(S->next_roll, before); /* no die rolled */
	assert_int_equal(DICE.used, 0);
}

/* 10.2.3: "Leaders moving on their own (without SPs or baggage trains)
 * have a movement allowance of twelve movement points"; 5.4.4 a, b: the
 * enemy's baggage train and magazine where no enemy force defends them
 * are captured, and the move goes on. */
static void s10_2_3_leader_alone_and_5_4_4_captures(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Tarleton", "N29");
	put(TQ_BRITISH, "N29", 3, 0);
	S->area[A("N28")].side[TQ_CONTINENTAL].field.trains = 1;
	S->area[A("N28")].side[TQ_CONTINENTAL].inside.magazines = 1;
	S->side[TQ_CONTINENTAL].available = 2;
	struct tq_order o = activate("Tarleton", 0, PATH("N28", "N9", "N12", "N29", "N34", "N29",
							"N28", "N9", "N12", "N29", "N34", "N29", "N28"));
	o.alone = true;
	DICE(1);
	assert_refused(&o, "path"); /* 13 MP */
	o.npath = 12;
	DICE(2);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->leader[L("Tarleton")].area, A("N29"));
	assert_true(S->leader[L("Tarleton")].moved);
	assert_int_equal(ready("N29", TQ_BRITISH)->regulars, 3); /* he took nobody */
	assert_int_equal(S->area[A("N28")].side[TQ_CONTINENTAL].field.trains, 0);
	assert_int_equal(S->area[A("N28")].side[TQ_CONTINENTAL].inside.magazines, 0);
	assert_int_equal(S->area[A("N28")].side[TQ_BRITISH].field.captured, 2);
	assert_int_equal(S->side[TQ_CONTINENTAL].expended, 2); /* the train; a magazine's */
	assert_int_equal(S->side[TQ_CONTINENTAL].available, 1);
}

/* 15.2: leaders "in an area without any friendly SPs when enemy SP enter
 * that area, are captured" (a retreat before combat first, 11.3: "or a
 * Leader alone"). */
static void s15_2_leader_alone_captured(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 10, 0);
	leader("Howard", "N28");
	standing(TQ_CONTINENTAL, "stand");
	DICE(2);
	struct tq_order o = activate("Cornwallis", 10, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->leader[L("Howard")].where, TQ_POW);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 10);
	assert_false(S->hidden.endeavor.active);
}

/* 9.1: "A moving force may drop off Leaders and SP once during their
 * movement": Cornwallis leaves 6 regulars, a train and Tarleton at N28
 * and goes on to N30 with the rest; they stay "moved" at N28. What is
 * not of the force, the activating leader, or an area off the path, is
 * refused before the die. */
static void s9_1_detachment(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	leader("Tarleton", "N29");
	put(TQ_BRITISH, "N29", 21, 0);
	S->area[A("N29")].side[TQ_BRITISH].field.trains = 1;
	struct tq_order o = activate("Cornwallis", 21, PATH("N28", "N30"));
	o.trains = 1;
	o.leaders[o.nleaders++] = (short)L("Tarleton");
	o.detach = (struct tq_detachment){ .given = true, .at = (short)A("N28"), .trains = 1,
					   .nleaders = 1 };
	o.detach.sps.regulars = 22;
	o.detach.leaders[0] = (short)L("Tarleton");
	assert_refused(&o, "the force's own SPs");
	o.detach.sps.regulars = 6;
	o.detach.at = (short)A("N31");
	assert_refused(&o, "an area of the path");
	o.detach.at = (short)A("N28");
	o.detach.leaders[0] = (short)L("Cornwallis");
	assert_refused(&o, "moves on with it");
	o.detach.leaders[0] = (short)L("Tarleton");
	DICE(5);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("leaves a detachment in N28");
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 6);
	assert_int_equal(S->area[A("N28")].side[TQ_BRITISH].field.trains, 1);
	assert_int_equal(S->area[A("N28")].side[TQ_BRITISH].field.trains_moved, 1);
	assert_int_equal(S->leader[L("Tarleton")].area, A("N28"));
	assert_true(S->leader[L("Tarleton")].moved);
	assert_int_equal(moved("N30", TQ_BRITISH)->regulars, 15);
	assert_int_equal(S->area[A("N30")].side[TQ_BRITISH].field.trains, 0);
	assert_int_equal(S->leader[L("Cornwallis")].area, A("N30"));
	assert_false(S->hidden.endeavor.active);
}

/* 10.2: "C-in-Cs ... must always command the largest stack": from
 * Cornwallis's 40 at N29, Leslie may take 20 but not 21; Cornwallis may
 * not go with 19 leaving 21, nor drop 16 of his 30 on the way (9.1). */
static void s10_2_c_in_c_commands_the_largest_stack(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	leader("Leslie", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 40, 0);
	struct tq_order o = activate("Leslie", 21, PATH("N28"));
	assert_refused(&o, "commands the largest stack (10.2): 21 SPs would go from N29 and 19");
	o = activate("Cornwallis", 19, PATH("N28"));
	assert_refused(&o, "commands the largest stack (10.2)");
	o = activate("Cornwallis", 30, PATH("N28", "N30"));
	o.detach = (struct tq_detachment){ .given = true, .at = (short)A("N28") };
	o.detach.sps.regulars = 16;
	assert_refused(&o, "his detachment may not be larger");
	o = activate("Leslie", 20, PATH("N28"));
	DICE(2);
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 20);
}

/* 11.1.3: "When a Continental Commander-in-Chief dies or is captured, he
 * is replaced by the next C-in-C in succession" (a: "Lincoln, Gates,"):
 * Lincoln, alone at N28, is taken (15.2), and Gates is to come next
 * month. */
static void s11_1_3_succession_after_capture(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1780, 3));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 10, 0);
	leader("Lincoln", "N28");
	S->leader[L("Lincoln")].c_in_c = true;
	S->side[TQ_CONTINENTAL].c_in_c = (short)L("Lincoln");
	S->leader[L("Gates")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED };
	S->leader[L("Greene")] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED };
	standing(TQ_CONTINENTAL, "stand");
	DICE(2);
	struct tq_order o = activate("Cornwallis", 10, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->leader[L("Lincoln")].where, TQ_POW);
	assert_int_equal(S->leader[L("Gates")].where, TQ_NOT_ARRIVED);
	assert_int_equal(S->leader[L("Gates")].arrives, TQ_MONTH(1780, 4));
	assert_int_equal(S->leader[L("Greene")].arrives, 0);
	assert_told("Gates, next in the succession");
}

/* 10.2: "Colonels Limited to activating 15 SPs"; 3-star not C-in-C: 40. */
static void s10_2_command_limits(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Tarleton", "N29");
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 45, 0);
	struct tq_order o = activate("Tarleton", 16, PATH("N28"));
	assert_refused(&o, "at most 15");
	o = activate("Cornwallis", 41, PATH("N28"));
	assert_refused(&o, "at most 40");
	/* 10.2's C-in-C: no limit */
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	DICE(2);
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 41);
}

/* 8.0, 10.1, 10.2.2, 11.1: what the order may not ask, refused with its
 * reason before the die. */
static void s8_0_refusals(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->weather = TQ_WEATHER_RAIN;
	leader("Cornwallis", "N29");
	leader("Tarleton", "N29");
	leader("Webster", "N9");
	put(TQ_BRITISH, "N29", 10, 0);
	put(TQ_BRITISH, "N9", 5, 0);
	struct tq_order o = activate("Cornwallis", 11, PATH("N28"));
	assert_refused(&o, "not so many SPs");
	o = activate("Cornwallis", 5, PATH("N30"));
	assert_refused(&o, "not adjacent");
	o = activate("Webster", 5, PATH("N8")); /* the Pee Dee, no road: rain closes it */
	assert_refused(&o, "closed by rain");
	o = activate("Tarleton", 5, PATH("N28"));
	o.leaders[o.nleaders++] = (short)L("Cornwallis");
	assert_refused(&o, "outranks");
	o = activate("Cornwallis", 5, PATH("N28"));
	o.at = (short)A("N28");
	assert_refused(&o, "is in N29");
	o = activate("Cornwallis", 5, PATH("N28", "N9", "N8", "N10", "N11", "N12", "N28"));
	assert_refused(&o, "path");
	S->leader[L("Cornwallis")].moved = true;
	o = activate("Cornwallis", 5, PATH("N28"));
	assert_refused(&o, "moved this month");
	o = activate("Cornwallis", 5, PATH("N28"));
	assert_int_equal(apply(TQ_CONTINENTAL, &o), -1); /* nothing asked of them */
}

/* ---- 11.2 a battle ---- */

/* 11.2.3's example "30 SPs attacking divided by 6 SPs defending = 5 ...
 * The attacker thus would add 4 to his die roll"; 11.2.4's High Total
 * "1 SP for every ten (or fraction of ten)", Low Total "plus the
 * difference"; 11.2.5: half of the lower roller's regulars, rounded up,
 * are POWs; 11.5. The defender, no leader, cannot retreat before combat
 * (11.3 "if led by a Leader") and is destroyed. */
static void s11_2_3_battle_five_to_one(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 30, 0);
	put(TQ_CONTINENTAL, "N28", 6, 0);
	standing(TQ_BRITISH, "no bayonets");
	/* activation 2; surprise 1 + 5/2 = 3 < 6: none; winner: attacker
	 * 3 + 4 (5-1) + 2 (tactical) = 9, defender 6: the attacker wins;
	 * casualties: attacker 4 + 4 + 1 (won) - 1 (audacity 5 > 3) = 8,
	 * defender 2: difference 6. */
	DICE(2, 1, 3, 6, 4, 2);
	struct tq_order o = activate("Cornwallis", 30, PATH("N28", "N30"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("The attacker totals 9, the defender 6");
	assert_told("Casualties: the attacker totals 8, the defender 2");
	/* 1 SP for the 6 of the defender; 3 (30 SPs) + 6 = 9, all 6 lost */
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 29);
	assert_int_equal(ready("N28", TQ_CONTINENTAL)->regulars, 0);
	assert_int_equal(S->side[TQ_BRITISH].pow, 3);          /* 11.2.5: half of 6 */
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 0);      /* the higher roller's are killed */
	assert_int_equal(S->major_victory, TQ_BRITISH);        /* 11.5: both 5 or more */
	assert_int_equal(moved("N30", TQ_BRITISH)->regulars, 0); /* 10.3: combat ends it */
	assert_false(S->hidden.endeavor.active);
}

/* 11.1.3 c: "A Continental Commander-in-Chief (except Howe or
 * Washington) may be replaced if he is in command (uses his tactical
 * rating) and loses a major battle": Lincoln, in command of 8 at N28,
 * beaten by Cornwallis's 30, is marked for next month's replacement;
 * Washington in his place is not. */
static void c_in_c_beaten(const char *who)
{
	fresh(TQ_MONTH(1781, 9));
	leader("Cornwallis", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 30, 0);
	leader(who, "N28");
	S->leader[L(who)].c_in_c = true;
	S->side[TQ_CONTINENTAL].c_in_c = (short)L(who);
	put(TQ_CONTINENTAL, "N28", 8, 0);
	standing(TQ_BRITISH, "no bayonets");
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_CONTINENTAL, "retreat to N30");
	DICE(2, 1, 6, 1, 4, 5);
	struct tq_order o = activate("Cornwallis", 30, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->major_victory, TQ_BRITISH);
}

static void s11_1_3_c_beaten_c_in_c_marked(void **state)
{
	(void)state;
	c_in_c_beaten("Lincoln");
	assert_true(S->leader[L("Lincoln")].replaced);
	assert_told("Lincoln lost a major battle in command");
	c_in_c_beaten("Washington");
	assert_false(S->leader[L("Washington")].replaced);
	assert_false(told("lost a major battle"));
}

/* The attacker's total of the battle told (11.2.3), or -1. */
static int attacker_total(void)
{
	int t;
	for (int i = 0; i < EV->n; i++) {
		const char *at = strstr(EV->v[i].text, "The attacker totals ");
		if (at && sscanf(at, "The attacker totals %d", &t) == 1)
			return t;
	}
	return -1;
}

/* Morgan attacks N29's 4 British regulars with 6 NC militia and 2
 * regulars at N28, with the optional rules `options`; his total. */
static int morgan_attacks(unsigned options)
{
	fresh(TQ_MONTH(1781, 3));
	S->options = options;
	leader("Morgan", "N28");
	put(TQ_CONTINENTAL, "N28", 2, 0);
	S->area[A("N28")].side[TQ_CONTINENTAL].ready.militia[TQ_NORTH_CAROLINA] = 6;
	put(TQ_BRITISH, "N29", 4, 0);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	DICE(2, 1, 3, 3, 4, 4);
	struct tq_order o = activate("Morgan", 2, PATH("N29"));
	o.sps.militia[TQ_NORTH_CAROLINA] = 6;
	apply_ok(TQ_CONTINENTAL, &o);
	return attacker_total();
}

/* 16.1 (optional): "If General Morgan is the ranking Continental Leader
 * in combat (but not final assault) the -1 die roll modifier for a force
 * which is more than half militia does not apply": the same battle, one
 * more to Morgan's total with the rule in play. */
static void s16_1_morgan(void **state)
{
	(void)state;
	int without = morgan_attacks(0);
	int with = morgan_attacks(TQ_OPTION_MORGAN);
	assert_true(without > 0);
	assert_int_equal(with, without + 1);
}

/* 16.2 (optional): Sumter "may never enter an area with a Continental
 * regular general or Commander-in-Chief, nor can he be moved by any
 * activated regular officer of those ranks". */
static void s16_2_sumter(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->options = TQ_OPTION_SUMTER;
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	leader("Sumter", "N28");
	leader("Huger", "N28");
	leader("Greene", "N30");
	S->leader[L("Greene")].c_in_c = true;
	S->side[TQ_CONTINENTAL].c_in_c = (short)L("Greene");
	put(TQ_CONTINENTAL, "N28", 4, 0);
	struct tq_order o = activate("Huger", 4, PATH("N31"));
	o.leaders[o.nleaders++] = (short)L("Sumter");
	assert_refused(&o, "Sumter may not be moved by Huger");
	o = activate("Sumter", 4, PATH("N30"));
	assert_refused(&o, "Greene is in N30");
	S->options = 0;
	DICE(2);
	apply_ok(TQ_CONTINENTAL, &o); /* without the rule he may */
	assert_int_equal(S->leader[L("Sumter")].area, A("N30"));
}

/* 16.4 (optional): "all British Leaders may recruit 2 SP of Loyalist
 * militia per successful endeavor from May to December of 1780": Rawdon
 * at Camden (S21), no mobilizer and no governor, raises 2 with the rule
 * in play (the Major Victory marker British side up), 1 without. */
static int rawdon_recruits(unsigned options)
{
	fresh(TQ_MONTH(1780, 7));
	S->options = options;
	S->major_victory = TQ_BRITISH;
	leader("Rawdon", "S21");
	put(TQ_BRITISH, "S21", 5, 0);
	struct tq_order o = { .kind = TQ_RECRUIT, .leader = (short)L("Rawdon"), .at = -1,
			      .governor = -1 };
	apply_ok(TQ_BRITISH, &o);
	return ready("S21", TQ_BRITISH)->loyalists;
}

static void s16_4_russia_merchant(void **state)
{
	(void)state;
	assert_int_equal(rawdon_recruits(0), 1);
	assert_int_equal(rawdon_recruits(TQ_OPTION_RUSSIA_MERCHANT), 2);
}

/* 11.2.4's example: "In a battle with 42 SPs vs 40 SPs, the lower total
 * would lose 4 SPs plus 5 SP, for a total of 9 SPs"; 11.2.5: "the 9 SPs
 * lost may be 4 regular SP and 5 militia SPs", and half of the 4 regulars
 * are POWs. The British attack with 21 regulars and 21 Loyalists, lose,
 * and retreat where their standing order says (11.4). */
static void s11_2_4_battle_forty_two_against_forty(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 21, 0);
	S->area[A("N29")].side[TQ_BRITISH].ready.loyalists = 21;
	leader("Greene", "N28");
	put(TQ_CONTINENTAL, "N28", 40, 0);
	put(TQ_CONTINENTAL, "N12", 1, 0);
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_BRITISH, "retreat to N12");   /* the enemy's: unusable */
	standing(TQ_BRITISH, "retreat to N29");
	/* activation 5 (March: rain; the road N29-N28 is open); surprise 1:
	 * none; winner: attacker 1 + 0 (42-40 is 1-1) + 2 - 1 (half
	 * militia) = 2, defender 6 + 3 = 9: the defender wins; casualties:
	 * attacker 3 + 0 - 1 (audacity 5) - 1 (militia) = 1, defender 5 + 1
	 * (won) = 6: the attacker is lower by 5. */
	DICE(5, 1, 1, 6, 3, 5);
	struct tq_order o = activate("Cornwallis", 21, PATH("N28"));
	o.sps.loyalists = 21;
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->question, TQ_ASK_BAYONETS); /* 11.2.1: no standing order */
	assert_true(tq_is_asked(S, TQ_BRITISH));
	struct tq_order no = { .kind = TQ_NO, .leader = -1, .at = -1, .governor = -1 };
	apply_ok(TQ_BRITISH, &no);
	all_dice_used();
	assert_told("The attacker totals 2, the defender 9");
	assert_told("Casualties: the attacker totals 1, the defender 6");
	/* the lower: 4 (40 SPs) + 5 = 9; 11.2.5: the odd SP is the owner's
	 * to place, so he is asked; 3 regulars and 6 Loyalists is no even
	 * split */
	assert_int_equal(S->question, TQ_ASK_CASUALTIES);
	assert_true(tq_is_asked(S, TQ_BRITISH));
	assert_false(tq_is_asked(S, TQ_CONTINENTAL)); /* 5 regulars: no choice */
	assert_int_equal(ready("N28", TQ_CONTINENTAL)->regulars, 35);
	struct tq_order lose = { .kind = TQ_LOSE, .leader = -1, .at = -1, .governor = -1 };
	lose.sps.regulars = 3, lose.sps.loyalists = 6;
	assert_int_equal(apply(TQ_BRITISH, &lose), -1);
	lose.sps.regulars = 4, lose.sps.loyalists = 5;
	apply_ok(TQ_BRITISH, &lose);
	/* "the 9 SPs lost may be 4 regular SP and 5 militia SPs"; 2 POWs */
	assert_int_equal(moved("N29", TQ_BRITISH)->regulars, 17);
	assert_int_equal(moved("N29", TQ_BRITISH)->loyalists, 16);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 2);
	/* the higher: 5 (42 SPs, the fraction counts) */
	assert_int_equal(ready("N28", TQ_CONTINENTAL)->regulars, 35);
	assert_int_equal(S->side[TQ_BRITISH].pow, 0);
	assert_int_equal(S->leader[L("Cornwallis")].area, A("N29"));
	assert_int_equal(S->major_victory, TQ_CONTINENTAL);
	assert_false(S->hidden.endeavor.active);
}

/* 11.4: without a standing order the loser is asked where; an area the
 * enemy holds is refused. */
static void s11_4_retreat_asked(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 30, 0);
	leader("Lee", "N28");
	put(TQ_CONTINENTAL, "N28", 6, 0);
	put(TQ_CONTINENTAL, "N30", 1, 0);
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_BRITISH, "bayonets");
	/* surprise 1 + 2 + 1 (bayonets) = 4: none; attacker 1 + 4 + 2 = 7,
	 * defender 6 + 2 = 8: the defender wins; casualties: attacker 6 + 4
	 * - 3 (bayonets without surprise) - 1 = 6, defender 6 + 1 - 1 = 6:
	 * a tie, 1 SP each (11.2.4). */
	DICE(2, 1, 1, 6, 6, 6);
	struct tq_order o = activate("Cornwallis", 30, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->question, TQ_ASK_RETREAT);
	assert_true(tq_is_asked(S, TQ_BRITISH));
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 29);
	assert_int_equal(ready("N28", TQ_CONTINENTAL)->regulars, 5);
	struct tq_order r = { .kind = TQ_RETREAT, .leader = -1, .at = (short)A("N30"),
			      .governor = -1 };
	assert_int_equal(apply(TQ_BRITISH, &r), -1); /* 11.4: the enemy is in N30 */
	r.at = (short)A("N9");
	apply_ok(TQ_BRITISH, &r);
	assert_int_equal(moved("N9", TQ_BRITISH)->regulars, 29);
	assert_int_equal(S->leader[L("Cornwallis")].area, A("N9"));
	assert_false(S->hidden.endeavor.active);
}

/* A standing order is read as the order language reads an answer: an
 * area by its I.D., its named point or a unique beginning of either; a
 * line that answers no question is refused, and nothing is kept. */
static void standing_orders_read_as_the_order_language(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	standing(TQ_CONTINENTAL, "retreat before combat to hillsb");
	assert_told("Standing order kept, hidden from your opponent: retreat before combat to "
		    "hillsb");
	standing(TQ_BRITISH, "no surrender");
	struct tq_order o = { .kind = TQ_STANDING, .leader = -1, .at = -1, .governor = -1 };
	snprintf(o.standing, sizeof o.standing, "retreat before combat to Nowhere");
	assert_int_equal(apply(TQ_CONTINENTAL, &o), -1);
	assert_non_null(strstr(WHY, "is no standing order"));
	assert_int_equal(S->hidden.standing[TQ_CONTINENTAL].n, 1);
	assert_int_equal(S->hidden.standing[TQ_BRITISH].n, 1);
	/* cleared, nothing of them is left (the state text's one form) */
	static const struct tq_standing none;
	standing(TQ_CONTINENTAL, "clear");
	assert_memory_equal(&S->hidden.standing[TQ_CONTINENTAL], &none, sizeof none);
}

/* 11.2.5: a standing order takes the owner's choice: "casualties
 * regulars" puts the odd SP on the regulars (foot before horse). */
static void s11_2_5_standing_casualties(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 21, 0);
	S->area[A("N29")].side[TQ_BRITISH].ready.loyalists = 21;
	leader("Greene", "N28");
	put(TQ_CONTINENTAL, "N28", 40, 0);
	put(TQ_CONTINENTAL, "N12", 1, 0);
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_BRITISH, "no bayonets");
	standing(TQ_BRITISH, "casualties regulars");
	standing(TQ_BRITISH, "retreat to N29");
	DICE(5, 1, 1, 6, 3, 5); /* as the 11.2.4 example above */
	struct tq_order o = activate("Cornwallis", 21, PATH("N28"));
	o.sps.loyalists = 21;
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(moved("N29", TQ_BRITISH)->regulars, 16);
	assert_int_equal(moved("N29", TQ_BRITISH)->loyalists, 17);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 3); /* half of 5, up */
	assert_false(S->hidden.endeavor.active);
}

/* 11.4.1: a force that cannot retreat; 11.4.5: its leader rolls his
 * tactical rating or is captured; 11.2.6: "In the event that either
 * Cornwallis or Greene are removed from the board, the player may choose
 * any friendly general on the board to become Commander-in-Chief". */
static void s11_4_5_captured_c_in_c_and_a_new_one(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N28");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N28", 5, 0);
	leader("Leslie", "S21");
	leader("Tarleton", "S21");
	put(TQ_BRITISH, "S21", 5, 0);
	leader("Greene", "N30");
	S->leader[L("Greene")].c_in_c = true;
	S->side[TQ_CONTINENTAL].c_in_c = (short)L("Greene");
	put(TQ_CONTINENTAL, "N30", 31, 0);
	const char *around[] = { "N9", "N12", "N29", "N31" };
	for (int i = 0; i < 4; i++)
		put(TQ_CONTINENTAL, around[i], 1, 0);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	standing(TQ_BRITISH, "stand");
	/* activation 2; surprise 1 + 1: none; 30 against 5 is 6-1: 6 + 5 + 3
	 * = 14 against 1 + 2 = 3; casualties 2 + 5 + 1 = 8 against 2 - 1 =
	 * 1: the British lose all 5 (3 + 7), the Continentals 1; Cornwallis,
	 * hemmed in, rolls a 6 over his tactical 2 and is captured */
	DICE(2, 1, 6, 1, 2, 2, 6);
	struct tq_order o = activate("Greene", 30, PATH("N28"));
	apply_ok(TQ_CONTINENTAL, &o);
	all_dice_used();
	assert_told("cannot retreat");
	assert_int_equal(S->leader[L("Cornwallis")].where, TQ_POW);
	assert_int_equal(S->question, TQ_ASK_C_IN_C);
	assert_true(tq_is_asked(S, TQ_BRITISH));
	struct tq_order c = { .kind = TQ_CHOOSE, .leader = (short)L("Tarleton"), .at = -1,
			      .governor = -1 };
	assert_int_equal(apply(TQ_BRITISH, &c), -1); /* a colonel */
	c.leader = (short)L("Leslie");
	apply_ok(TQ_BRITISH, &c);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Leslie"));
	assert_true(S->leader[L("Leslie")].c_in_c);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 3); /* half of 5, up */
	assert_int_equal(moved("N28", TQ_CONTINENTAL)->regulars, 29);
	assert_false(S->hidden.endeavor.active);
}

/* ---- 11.3 retreat before combat ---- */

/* 11.3.1: asked of the defender; a die at or under the tactical rating of
 * its highest ranking leader and it retreats (11.3.2: all of it); 11.3.3:
 * the attacker moves on, even into the area it retreated to. */
static void s11_3_retreat_before_combat(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	put(TQ_BRITISH, "N29", 21, 0);
	leader("Lee", "N28");
	put(TQ_CONTINENTAL, "N28", 2, 1);
	assert_int_equal(D->leaders[L("Lee")].counter.tactical, 2);
	DICE(2);
	struct tq_order o = activate("Cornwallis", 20, PATH("N28", "N9"));
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->question, TQ_ASK_RETREAT_BEFORE);
	assert_true(tq_is_asked(S, TQ_CONTINENTAL));
	struct tq_order r = { .kind = TQ_RETREAT, .before = true, .leader = -1,
			      .at = (short)A("N29"), .governor = -1 };
	assert_int_equal(apply(TQ_CONTINENTAL, &r), -1); /* not where the British are... */
	r.at = (short)A("N9");
	DICE(2);
	apply_ok(TQ_CONTINENTAL, &r);
	/* ...they retreat to N9; the British follow (11.3.3) and are asked again */
	assert_int_equal(ready("N9", TQ_CONTINENTAL)->regulars, 2);
	assert_int_equal(ready("N9", TQ_CONTINENTAL)->cavalry, 1);
	assert_int_equal(S->leader[L("Lee")].area, A("N9"));
	assert_int_equal(moved("N9", TQ_BRITISH)->regulars, 20);
	assert_int_equal(S->question, TQ_ASK_RETREAT_BEFORE);
	/* a failed roll (10.4.6): 20 against 3 is 6-1, an overrun (10.4.1):
	 * the 3 SPs are eliminated, the British lose nothing (10.4.5) and pay
	 * 3 MP (10.4.3); Lee rolls as 11.4.5 (10.4.7): a 1, under his
	 * tactical 2, and he escapes to the nearest friendly force */
	put(TQ_CONTINENTAL, "N31", 1, 0);
	r.at = (short)A("N11");
	DICE(3, 1);
	apply_ok(TQ_CONTINENTAL, &r);
	all_dice_used();
	assert_told("fail to retreat before combat");
	assert_told("overrun 3");
	assert_false(told("Battle of N9"));
	assert_int_equal(tq_sps_total(ready("N9", TQ_CONTINENTAL)), 0);
	assert_int_equal(moved("N9", TQ_BRITISH)->regulars, 20);
	assert_int_equal(S->leader[L("Lee")].area, A("N31"));
	assert_int_equal(S->side[TQ_BRITISH].pow, 0);
	assert_false(S->hidden.endeavor.active);
}

/* 10.4.1: "the moving force has enough SPs to achieve an attack odds of
 * at least 6-1"; 10.4.2: "A force that has Tarleton as its commanding
 * Leader only requires a 5-1"; 10.4.4: an overrun costing more MP than
 * are left halts the force. */
static void s10_4_overrun_and_tarleton(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Tarleton", "N29");
	put(TQ_BRITISH, "N29", 10, 5);
	put(TQ_CONTINENTAL, "N28", 3, 0);
	/* Tarleton, 15 against 3: 5-1, overrun; British cavalry 10 MP: 1 to
	 * enter, 3 to overrun, 1 on to N9 */
	DICE(2);
	struct tq_order o = activate("Tarleton", 10, PATH("N28", "N9"));
	o.sps.cavalry = 5;
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("overrun 3");
	assert_int_equal(moved("N9", TQ_BRITISH)->regulars, 10);
	assert_int_equal(tq_sps_total(ready("N28", TQ_CONTINENTAL)), 0);

	/* Webster, a colonel too, 15 against 3 (5-1): no overrun, a battle */
	fresh(TQ_MONTH(1781, 3));
	leader("Webster", "N29");
	put(TQ_BRITISH, "N29", 15, 0);
	put(TQ_CONTINENTAL, "N28", 3, 0);
	standing(TQ_BRITISH, "no bayonets");
	DICE(2, 1, 6, 1, 6, 6);
	o = activate("Webster", 15, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_false(told("overrun"));
	assert_told("Battle of N28");

	/* 10.4.4: 6 MP of regulars, 4 spent on the way (N12 - N29 - N34 -
	 * N29 - N28), the overrun of 3 SPs costs 3: the force halts there */
	fresh(TQ_MONTH(1781, 3));
	leader("Tarleton", "N12");
	put(TQ_BRITISH, "N12", 15, 0);
	put(TQ_CONTINENTAL, "N28", 3, 0);
	DICE(2);
	o = activate("Tarleton", 15, PATH("N29", "N34", "N29", "N28", "N9"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("overrun 3");
	assert_told("halts (10.4.4)");
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 15);
	assert_int_equal(moved("N9", TQ_BRITISH)->regulars, 0);
}

/* 11.3: a standing order answers the question in advance; the first
 * usable one is taken. */
static void s11_3_standing_retreat_before(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	cornwallis_facing_lee(21);
	standing(TQ_CONTINENTAL, "retreat before combat to N29");   /* the enemy's: unusable */
	standing(TQ_CONTINENTAL, "retreat before combat to N31");
	DICE(2, 1);
	struct tq_order o = activate("Cornwallis", 20, PATH("N28"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(ready("N31", TQ_CONTINENTAL)->regulars, 3);
	assert_int_equal(moved("N28", TQ_BRITISH)->regulars, 20);
	assert_false(S->hidden.endeavor.active);
}

/* 17.1.3 A: "Campbell is automatically activated for this first endeavor
 * (no die roll required and no random event generated). The British must
 * attack the Continental forces in G1 in that first endeavor. ... If the
 * British lose the battle, any survivors (including their Base of
 * Operations) must retreat to the 'At Sea' box." */
static void s17_1_3_a_campbell_first_endeavor(void **state)
{
	char why[256];
	(void)state;
	if (tq_setup(D, tq_scenario_by_name(D, "17.1"), 0, S, why, sizeof why))
		fail_msg("%s", why);
	memset(EV, 0, sizeof *EV);
	S->phase = TQ_ENDEAVORS;
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	struct tq_order o = activate("Cruger", 5, NULL);
	assert_refused(&o, "17.1.3 A");
	o = activate("Campbell", 0, PATH("G2"));
	o.all = true;
	assert_refused(&o, "the enemy is in G1");
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_BRITISH, "no bayonets");
	/* no activation die; surprise 1 + 4/2 = 3: none; 30 against 12 is
	 * 2-1: attacker 1 + 1 + 2 = 4, defender (Howe, tactical 0) 6: the
	 * Continentals win; casualties: attacker 3 + 1 - 1 (audacity 4) = 3,
	 * defender 3 + 1 (won) = 4: the British lose 2 (12 SPs) + 1, two of
	 * them prisoners; the Continentals 3 (30 SPs). */
	DICE(1, 1, 6, 3, 3);
	o = activate("Campbell", 0, NULL);
	o.all = true;
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("without a die");
	assert_false(told("Endeavour random event"));
	assert_int_equal(S->at_sea.regulars, 27);
	assert_int_equal(S->side[TQ_CONTINENTAL].pow, 2);
	assert_int_equal(ready("G1", TQ_CONTINENTAL)->regulars, 9);
	assert_int_equal(S->leader[L("Campbell")].where, TQ_AT_SEA_BOX);
	assert_int_equal(S->leader[L("Cruger")].where, TQ_AT_SEA_BOX);
	assert_true(S->side[TQ_BRITISH].base_at_sea);
	assert_int_equal(S->side[TQ_BRITISH].base, -1);
	assert_int_equal(tq_sps_total(moved("G1", TQ_BRITISH)), 0);
	assert_false(S->hidden.endeavor.active);
}

/* 11.3.5: "If the defending force is commanded by a Continental militia
 * Leader and composed solely of Continental militia SPs, and there is a
 * swamp area adjacent ... the Continental player may automatically
 * retreat the force into the swamp area without having to make a
 * retreat die roll check". */
static void s11_3_5_swamp_foxes(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Webster", "N15");
	put(TQ_BRITISH, "N15", 10, 0);
	put(TQ_BRITISH, "S11", 5, 0); /* South Carolina is invaded already (10.7) */
	leader("Marion", "S23");
	S->area[A("S23")].side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA] = 3;
	standing(TQ_CONTINENTAL, "retreat before combat to N10");
	DICE(2);
	struct tq_order o = activate("Webster", 10, PATH("S23"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used(); /* the activation die only */
	assert_told("Swamp Foxes");
	assert_int_equal(ready("N10", TQ_CONTINENTAL)->militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(S->leader[L("Marion")].area, A("N10"));
	assert_int_equal(moved("S23", TQ_BRITISH)->regulars, 10);
	assert_false(S->hidden.endeavor.active);
}

/* 10.7: "If a British force containing regulars enters a colony where
 * previously there were no British regulars, the movement of that force
 * is temporarily halted in the first area of that colony"; 10.7.1,
 * 10.7.2: militia generated on the month's column; placed by the
 * Continental player (6.5's question); 10.7.4: then the force goes on. */
static void s10_7_invasion(void **state)
{
	char why[256];
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	leader("Webster", "N15");
	put(TQ_BRITISH, "N15", 10, 0);
	DICE(2, 6);
	struct tq_order o = activate("Webster", 10, PATH("S23", "S13"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("The British invade South Carolina");
	assert_true(S->invaded & (1u << TQ_SOUTH_CAROLINA));
	int sp = 0;
	assert_int_equal(tq_militia_generated(D, S->month, TQ_SOUTH_CAROLINA, 6, true, &sp, why,
					      sizeof why), 0);
	assert_true(sp > 0);
	assert_int_equal(S->question, TQ_ASK_MILITIA);
	assert_true(tq_is_asked(S, TQ_CONTINENTAL));
	assert_int_equal(S->militia_due[TQ_SOUTH_CAROLINA], sp); /* 6.5's answer places them */
	assert_int_equal(moved("S23", TQ_BRITISH)->regulars, 10);
	assert_int_equal(S->hidden.endeavor.npath, 1);
	/* the militia placed (tq_turn.c's answer, done by hand here) in the
	 * next area of the path: the force goes on into them and fights */
	S->area[A("S13")].side[TQ_CONTINENTAL].ready.militia[TQ_SOUTH_CAROLINA] = (short)sp;
	S->militia_due[TQ_SOUTH_CAROLINA] = 0;
	tq_answered(S);
	struct tq_play p = play();
	DICE(1, 1, 6, 2, 6);
	standing(TQ_BRITISH, "no bayonets");
	int r = tq_run(&p);
	if (r && S->hidden.endeavor.active)
		fail_msg("%s", WHY);
	all_dice_used();
	assert_told("Battle of S13");
}

/* 17.2.3: "Once per game, the instant that a British (not Loyalist
 * militia) force of any kind is adjacent to S11 (Charlestown), the
 * Continental player receives 12 SP SC militia in Charlestown. ... This
 * force of 12 SP may not move". */
static void s17_2_3_charlestown_sailors(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1780, 3));
	S->sailors_from = TQ_MONTH(1780, 2);
	leader("Lincoln", "S11");
	put(TQ_CONTINENTAL, "S11", 8, 0);
	leader("Clinton", "S10");
	put(TQ_BRITISH, "S10", 10, 0);
	int around = -1;
	for (int a = 0; a < D->nareas && around < 0; a++)
		if (a != A("S11") && a != A("S10") && tq_adjacent(D, a, A("S11")) &&
		    tq_adjacent(D, a, A("S10")) && !D->areas[a].swamp)
			around = a;
	if (around < 0)
		skip();
	DICE(2);
	struct tq_order o = activate("Clinton", 10, NULL);
	o.path[o.npath++] = (short)around;
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("17.2.3");
	assert_int_equal(ready("S11", TQ_CONTINENTAL)->militia[TQ_SOUTH_CAROLINA], 12);
	assert_true(S->area[A("S11")].sailors);
	assert_true(S->sailors_used);
	/* they may not move */
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	o = activate("Lincoln", 0, PATH("S10"));
	o.sps.militia[TQ_SOUTH_CAROLINA] = 12;
	DICE(1);
	assert_int_equal(apply(TQ_CONTINENTAL, &o), -1);
	assert_non_null(strstr(WHY, "17.2.3"));
}

/* ---- 4.2, 4.3 walls and sieges ---- */

/* Camden (S21) with Rawdon, 9 British regulars and a fort (17.3.2); the
 * Continentals come from S26 with Greene, the British asked. */
static void camden(int regulars)
{
	fresh(TQ_MONTH(1781, 4));
	leader("Rawdon", "S21");
	put(TQ_BRITISH, "S21", 9, 0);
	S->area[A("S21")].fort = TQ_FORT;
	S->area[A("S21")].fort_side = TQ_BRITISH;
	leader("Greene", "S26");
	S->leader[L("Greene")].c_in_c = true;
	S->side[TQ_CONTINENTAL].c_in_c = (short)L("Greene");
	put(TQ_CONTINENTAL, "S26", regulars, 0);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
}

/* 4.2.3: "An attacker must have at least a 2-1 SP ratio advantage in SPs
 * to enter an area with a garrisoned fort": 17 against 9 is 1-1, and the
 * force stops before Camden (why told to the mover alone). */
static void s4_2_3_odds_to_enter_a_fort(void **state)
{
	(void)state;
	camden(17);
	DICE(2);
	struct tq_order o = activate("Greene", 17, PATH("S21"));
	apply_ok(TQ_CONTINENTAL, &o);
	all_dice_used();
	assert_int_equal(moved("S26", TQ_CONTINENTAL)->regulars, 17);
	assert_int_equal(moved("S21", TQ_CONTINENTAL)->regulars, 0);
	for (int i = 0; i < EV->n; i++)
		if (strstr(EV->v[i].text, "4.2.3"))
			assert_int_equal(EV->v[i].audience, TQ_TO(TQ_CONTINENTAL));
	assert_false(S->hidden.endeavor.active);
}

/* 4.2.4: the defender chooses who stands outside (asked); all within,
 * no battle; 4.3: the attacker keeps the 2-1 odds and is asked to lay
 * siege; 4.3.1: Siege Level 1, both sides in the area (9.0). */
static void s4_2_4_walls_and_s4_3_siege(void **state)
{
	(void)state;
	camden(30);
	DICE(2);
	struct tq_order o = activate("Greene", 30, PATH("S21"));
	apply_ok(TQ_CONTINENTAL, &o);
	all_dice_used();
	assert_int_equal(S->question, TQ_ASK_WALLS);
	assert_true(tq_is_asked(S, TQ_BRITISH));
	struct tq_order out = { .kind = TQ_OUTSIDE, .leader = -1, .at = -1, .governor = -1 };
	out.sps.regulars = 10; /* more than there are */
	assert_int_equal(apply(TQ_BRITISH, &out), -1);
	out.sps.regulars = 0;
	apply_ok(TQ_BRITISH, &out);
	assert_int_equal(S->area[A("S21")].side[TQ_BRITISH].walls.regulars, 9);
	assert_true(S->leader[L("Rawdon")].walls);
	assert_int_equal(S->question, TQ_ASK_SIEGE);
	assert_true(tq_is_asked(S, TQ_CONTINENTAL));
	apply_ok(TQ_CONTINENTAL, &(struct tq_order){ .kind = TQ_YES, .leader = -1, .at = -1,
						     .governor = -1 });
	assert_int_equal(S->area[A("S21")].siege, 1);
	assert_int_equal(S->area[A("S21")].besieger, TQ_CONTINENTAL);
	assert_int_equal(moved("S21", TQ_CONTINENTAL)->regulars, 30);
	assert_int_equal(S->area[A("S21")].side[TQ_BRITISH].walls.regulars, 9);
	assert_false(S->hidden.endeavor.active);
}

/* 4.2.1: a fort holds 15 SPs, so of 20 at least 5 stand outside; with
 * standing orders ("inside all" cannot be kept, "outside all" can) the
 * battle is fought outside; 4.3 "no siege": the attacker leaves, and the
 * garrison comes out. */
static void s4_2_1_fort_room_and_standing_walls(void **state)
{
	(void)state;
	camden(40);
	put(TQ_BRITISH, "S21", 11, 0);
	standing(TQ_BRITISH, "inside all");
	standing(TQ_BRITISH, "outside all");
	standing(TQ_BRITISH, "stand");
	/* activation 2; 40 against 20 has the 2-1 to enter; all stand
	 * outside, and stand (the standing orders); surprise 1; 2-1:
	 * attacker 6 + 1 + 3 (Greene) = 10, defender 1 + 2 (Rawdon) = 3;
	 * casualties: attacker 6 + 1 + 1 (won) = 8, defender 6 - 1 (audacity
	 * 4) = 5: the British lose 4 (40 SPs) + 3, the Continentals 2 */
	DICE(2, 1, 6, 1, 6, 6);
	struct tq_order o = activate("Greene", 40, PATH("S21"));
	apply_ok(TQ_CONTINENTAL, &o);
	all_dice_used();
	assert_told("Battle of S21");
	assert_int_equal(S->area[A("S21")].side[TQ_BRITISH].walls.regulars, 0);
	assert_int_equal(ready("S21", TQ_BRITISH)->regulars, 13);
	assert_int_equal(moved("S21", TQ_CONTINENTAL)->regulars, 38);
	assert_int_equal(S->question, TQ_ASK_RETREAT);
	assert_true(tq_is_asked(S, TQ_BRITISH));
	apply_ok(TQ_BRITISH, &(struct tq_order){ .kind = TQ_RETREAT, .leader = -1,
						 .at = (short)A("S22"), .governor = -1 });
	assert_int_equal(ready("S22", TQ_BRITISH)->regulars, 13);
	assert_int_equal(S->area[A("S21")].siege, 0); /* nobody within: no siege */
	assert_false(S->hidden.endeavor.active);
}

/* 4.2.5: "If the attackers eliminate or retreat all the defender's
 * outside forces, they can lay siege. Alternatively, the defending player
 * may retreat his force into the city or fort if there is room": the 13
 * British left fit the fort's 15; the Continentals lay siege (a standing
 * order each). */
static void s4_2_5_retreat_into_the_walls(void **state)
{
	(void)state;
	camden(40);
	put(TQ_BRITISH, "S21", 11, 0);
	standing(TQ_BRITISH, "outside all");
	standing(TQ_BRITISH, "stand");
	standing(TQ_BRITISH, "retreat to S21");
	standing(TQ_CONTINENTAL, "siege");
	DICE(2, 1, 6, 1, 6, 6); /* as s4_2_1 above */
	struct tq_order o = activate("Greene", 40, PATH("S21"));
	apply_ok(TQ_CONTINENTAL, &o);
	all_dice_used();
	assert_told("within the walls of S21 (4.2.5)");
	assert_int_equal(S->area[A("S21")].side[TQ_BRITISH].walls.regulars, 13);
	assert_int_equal(ready("S21", TQ_BRITISH)->regulars, 0);
	assert_true(S->leader[L("Rawdon")].walls);
	assert_int_equal(S->area[A("S21")].siege, 1);
	assert_int_equal(S->area[A("S21")].besieger, TQ_CONTINENTAL);
	assert_false(S->hidden.endeavor.active);
}

/* 4.3 "no siege": the attacker who has driven off the field leaves the
 * area (9.0: only a siege keeps both sides in one area), and the
 * garrison comes out of the walls. */
static void s4_3_no_siege(void **state)
{
	(void)state;
	camden(30);
	standing(TQ_BRITISH, "inside all");
	standing(TQ_CONTINENTAL, "no siege");
	standing(TQ_CONTINENTAL, "retreat to S22");
	DICE(2);
	struct tq_order o = activate("Greene", 30, PATH("S21"));
	apply_ok(TQ_CONTINENTAL, &o);
	all_dice_used();
	assert_told("do not lay siege");
	assert_int_equal(moved("S22", TQ_CONTINENTAL)->regulars, 30);
	assert_int_equal(S->area[A("S21")].siege, 0);
	assert_int_equal(ready("S21", TQ_BRITISH)->regulars, 9);
	assert_int_equal(S->area[A("S21")].side[TQ_BRITISH].walls.regulars, 0);
	assert_false(S->leader[L("Rawdon")].walls);
	assert_false(S->hidden.endeavor.active);
}

/* 4.4: "The owner of the fortification may attempt to break the siege by
 * moving in a force from outside the area into it"; 4.4.2: "If this
 * relieving force eliminates or retreats the besiegers, the siege is
 * broken"; 4.4.4: the marker is removed. */
static void s4_4_relief_of_a_siege(void **state)
{
	(void)state;
	camden(20);
	S->area[A("S21")].side[TQ_BRITISH].walls = *ready("S21", TQ_BRITISH);
	S->area[A("S21")].side[TQ_BRITISH].ready = (struct tq_sps){ 0 };
	S->leader[L("Rawdon")].walls = true;
	S->area[A("S21")].side[TQ_CONTINENTAL].moved.regulars = 20;
	S->area[A("S26")].side[TQ_CONTINENTAL].ready.regulars = 0;
	S->leader[L("Greene")].area = (short)A("S21");
	S->area[A("S21")].siege = 1;
	S->area[A("S21")].besieger = TQ_CONTINENTAL;
	leader("Cornwallis", "S20");
	put(TQ_BRITISH, "S20", 20, 0);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_CONTINENTAL, "retreat to S22");
	standing(TQ_BRITISH, "no bayonets");
	/* activation 2; no surprise; 1-1: 6 + 2 = 8 against 1 + 3 = 4, the
	 * British win; casualties 3 + 1 - 1 (audacity 5) - 1 (across the
	 * Wateree) = 2, and 3: the British lose 2 + 1, the Continentals 2 */
	DICE(2, 1, 6, 1, 3, 3);
	struct tq_order o = activate("Cornwallis", 20, PATH("S21"));
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("Battle of S21");
	assert_int_equal(moved("S22", TQ_CONTINENTAL)->regulars, 18);
	assert_int_equal(S->area[A("S21")].siege, 0);
	assert_told("The siege of S21 is over");
	assert_int_equal(ready("S21", TQ_BRITISH)->regulars, 9); /* the garrison out */
	assert_false(S->leader[L("Rawdon")].walls);
	assert_false(S->hidden.endeavor.active);
}

/* Camden (S21) besieged: Rawdon and 9 British within the fort, Greene
 * and 20 Continentals outside; the British asked. */
static void camden_besieged(void)
{
	camden(20);
	S->area[A("S21")].side[TQ_BRITISH].walls = *ready("S21", TQ_BRITISH);
	S->area[A("S21")].side[TQ_BRITISH].ready = (struct tq_sps){ 0 };
	S->leader[L("Rawdon")].walls = true;
	S->area[A("S21")].side[TQ_CONTINENTAL].moved.regulars = 20;
	S->area[A("S26")].side[TQ_CONTINENTAL].ready.regulars = 0;
	S->leader[L("Greene")].area = (short)A("S21");
	S->area[A("S21")].siege = 1;
	S->area[A("S21")].besieger = TQ_CONTINENTAL;
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	standing(TQ_CONTINENTAL, "retreat to S22");
	standing(TQ_BRITISH, "no bayonets");
}

/* 4.5: "A besieged force may Sally (i.e. exit the city or fort) to fight
 * a battle with a besieging [force]"; 4.5.2 "If the Sallying force loses,
 * it must retreat back into the city or fort". Rawdon's sally from
 * Camden is beaten, and his force goes back within the walls; the siege
 * goes on. A besieged leader may not march away. */
static void s4_5_sally_beaten_back(void **state)
{
	(void)state;
	camden_besieged();
	struct tq_order o = activate("Rawdon", 9, PATH("S22"));
	assert_refused(&o, "only sallies");
	DICE(2, 1, 1, 6, 3, 3);
	o = activate("Rawdon", 9, NULL);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("Battle of S21");
	assert_told("The sally is beaten back (4.5.2)");
	assert_true(S->leader[L("Rawdon")].walls);
	assert_true(S->leader[L("Rawdon")].moved);
	assert_int_equal(tq_sps_total(moved("S21", TQ_BRITISH)), 0);
	assert_true(S->area[A("S21")].side[TQ_BRITISH].walls.regulars > 0);
	assert_int_equal(S->area[A("S21")].siege, 1);
	assert_false(S->hidden.endeavor.active);
}

/* 4.5.1: "If the besieging force is eliminated or retreated ... the
 * siege is broken": Rawdon's sally wins, Greene's besiegers retreat to
 * S22, and the siege of Camden is over. */
static void s4_5_1_sally_breaks_the_siege(void **state)
{
	(void)state;
	camden_besieged();
	DICE(2, 1, 6, 1, 3, 3);
	struct tq_order o = activate("Rawdon", 9, NULL);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_told("the British win");
	assert_true(moved("S22", TQ_CONTINENTAL)->regulars > 0);
	assert_told("The siege of S21 is over");
	assert_int_equal(S->area[A("S21")].siege, 0);
	assert_false(S->leader[L("Rawdon")].walls);
	assert_false(S->hidden.endeavor.active);
}

/* ---- 8.2, 13.1.1, 12.1, 10.5: the other endeavours ---- */

static struct tq_order order(enum tq_order_kind kind)
{
	return (struct tq_order){ .kind = kind, .leader = -1, .at = -1, .governor = -1 };
}

/* 8.2: "Individual baggage trains do not have to activate to move, nor
 * does moving an individual baggage train trigger an endeavor random
 * event roll. At the end of its move, place a 'moved' marker on the
 * baggage train." The weather "remains that way". */
static void s8_2_baggage_train_alone(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->weather = TQ_WEATHER_RAIN;
	S->area[A("N29")].side[TQ_BRITISH].field.trains = 1;
	put(TQ_CONTINENTAL, "N12", 1, 0);
	DICE(1);
	struct tq_order o = order(TQ_MOVE_TRAIN);
	o.at = (short)A("N29");
	o.path[o.npath++] = (short)A("N12");
	assert_int_equal(apply(TQ_BRITISH, &o), -1); /* the enemy's area */
	o.npath = 0;
	o.path[o.npath++] = (short)A("N28");
	o.path[o.npath++] = (short)A("N9");
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(DICE.used, 0);
	assert_int_equal(S->area[A("N9")].side[TQ_BRITISH].field.trains, 1);
	assert_int_equal(S->area[A("N9")].side[TQ_BRITISH].field.trains_moved, 1);
	assert_int_equal(S->area[A("N29")].side[TQ_BRITISH].field.trains, 0);
	assert_int_equal(S->weather, TQ_WEATHER_RAIN);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	o.at = (short)A("N9");
	o.npath = 1;
	o.path[0] = (short)A("N28");
	assert_int_equal(apply(TQ_BRITISH, &o), -1); /* moved already */
	assert_non_null(strstr(WHY, "unmoved"));
}

/* 13.1.1: "The player may use an endeavor to place the appropriate Royal
 * Governor in the area that contains the colonial capital. No activation
 * or random event roll is performed"; 13.1: control first. */
static void s13_1_1_royal_governor(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	int wright = tq_governor_by_name(D, "Wright");
	assert_true(wright >= 0);
	put(TQ_BRITISH, "G1", 6, 0);
	put(TQ_CONTINENTAL, "G1", 1, 0);
	struct tq_order o = order(TQ_PLACE_GOVERNOR);
	o.governor = (short)wright;
	DICE(1);
	assert_int_equal(apply(TQ_BRITISH, &o), -1);
	assert_non_null(strstr(WHY, "control"));
	S->area[A("G1")].side[TQ_CONTINENTAL].ready.regulars = 0;
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(DICE.used, 0);
	assert_int_equal(S->governor_area[wright], A("G1"));
	assert_int_equal(S->area[A("G1")].governor, wright);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	assert_int_equal(apply(TQ_BRITISH, &o), -1); /* on the board already */
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_CONTINENTAL);
	assert_int_equal(apply(TQ_CONTINENTAL, &o), -1); /* a British endeavour */
}

/* 12.1: "A British leader in an area with a settlement or city that is
 * not adjacent to (or contains) any Continental forces may use an
 * endeavor to place 1 SP of Loyalist militia in the area"; 12.2: Brown
 * or Ferguson place 2; 12.2.1: -1 with the marker Continental. */
static void s12_1_loyalist_recruitment(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->major_victory = TQ_BRITISH;
	leader("Ferguson", "S21");
	leader("Webster", "S21");
	struct tq_order o = order(TQ_RECRUIT);
	o.leader = (short)L("Ferguson");
	DICE(1);
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(ready("S21", TQ_BRITISH)->loyalists, 2);
	assert_true(S->leader[L("Ferguson")].moved);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	S->major_victory = TQ_CONTINENTAL;
	o.leader = (short)L("Webster");
	assert_int_equal(apply(TQ_BRITISH, &o), -1); /* 1 - 1: none (12.2.1) */
	S->major_victory = TQ_BRITISH;
	put(TQ_CONTINENTAL, "S22", 1, 0);
	assert_int_equal(apply(TQ_BRITISH, &o), -1); /* Continentals next to S21 */
	S->area[A("S22")].side[TQ_CONTINENTAL].ready.regulars = 0;
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(ready("S21", TQ_BRITISH)->loyalists, 3);
	assert_int_equal(DICE.used, 0);
}

/* 10.5's example: "The British player has Colonel Webster and 10 British
 * SPs in S13 (Georgetown) ... He rolls a 5. Webster and 5 British SPs are
 * placed in the 'At Sea' box. During a British endeavor in March, he
 * decides to land Webster and his force at Norfolk. The force lands
 * unopposed, no random event is rolled, and Webster is flipped to his
 * 'moved' side." */
static void s10_5_example_webster_by_sea(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 2));
	leader("Webster", "S13");
	put(TQ_BRITISH, "S13", 10, 0);
	struct tq_order o = order(TQ_EMBARK);
	o.at = (short)A("S13");
	o.sps.regulars = 10;
	o.leaders[o.nleaders++] = (short)L("Webster");
	DICE(2, 3);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	assert_int_equal(S->at_sea.regulars, 5);
	assert_int_equal(ready("S13", TQ_BRITISH)->regulars, 5);
	assert_int_equal(S->leader[L("Webster")].where, TQ_AT_SEA_BOX);
	tq_ask(S, TQ_ASK_ENDEAVOR, TQ_BRITISH);
	o.sps.regulars = 5;
	o.nleaders = 0;
	assert_int_equal(apply(TQ_BRITISH, &o), -1); /* 10.5.8: some at sea */
	struct tq_order land = order(TQ_LAND);
	land.at = (short)A("V1");
	assert_refused(&land, "lands the next turn (10.5.7)"); /* February still */
	S->month = TQ_MONTH(1781, 3);
	DICE(1);
	apply_ok(TQ_BRITISH, &land);
	assert_int_equal(DICE.used, 0);
	assert_int_equal(moved("V1", TQ_BRITISH)->regulars, 5);
	assert_int_equal(S->leader[L("Webster")].where, TQ_ON_MAP);
	assert_int_equal(S->leader[L("Webster")].area, A("V1"));
	assert_true(S->leader[L("Webster")].moved);
	assert_int_equal(tq_sps_total(&S->at_sea), 0);
	assert_false(S->hidden.endeavor.active);
}

/* 10.5.10: "If a British force lands in an enemy occupied area, they must
 * ... fight any defenders ... If they lose the battle, the surviving
 * forces are returned to the 'At Sea' box"; 11.2.4: -1 "by sea". */
static void s10_5_10_amphibious_landing_lost(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->at_sea.regulars = 12;
	S->leader[L("Arnold")] = (struct tq_leader_state){ .where = TQ_AT_SEA_BOX };
	leader("Lafayette", "V1");
	put(TQ_CONTINENTAL, "V1", 12, 0);
	standing(TQ_CONTINENTAL, "stand");
	standing(TQ_BRITISH, "no bayonets");
	/* surprise 1; 1-1: attacker 1 + 2 (Arnold) = 3, defender 6 + 2 = 8;
	 * casualties: attacker 6 - 1 (audacity 5) - 1 (by sea) = 4, defender
	 * 6 + 1 (won) - 1 (audacity 4) = 6: the British lose 2 + 2 */
	DICE(1, 1, 6, 6, 6);
	struct tq_order land = order(TQ_LAND);
	land.at = (short)A("V1");
	apply_ok(TQ_BRITISH, &land);
	all_dice_used();
	assert_told("The attacker totals 3, the defender 8");
	assert_told("Casualties: the attacker totals 4, the defender 6");
	assert_int_equal(S->at_sea.regulars, 8);
	assert_int_equal(S->leader[L("Arnold")].where, TQ_AT_SEA_BOX);
	assert_int_equal(tq_sps_total(moved("V1", TQ_BRITISH)), 0);
	assert_int_equal(ready("V1", TQ_CONTINENTAL)->regulars, 10);
	assert_false(S->hidden.endeavor.active);
	assert_int_equal(S->embarked, S->month); /* "moved": no landing again this turn */

	/* SPs without a leader land; the defender retreats before combat
	 * (11.3), and the landed force stays, "moved" (10.5.9) */
	fresh(TQ_MONTH(1781, 3));
	S->at_sea.regulars = 6;
	leader("Lafayette", "V1");
	put(TQ_CONTINENTAL, "V1", 2, 0);
	standing(TQ_CONTINENTAL, "retreat before combat to V2");
	DICE(1);
	apply_ok(TQ_BRITISH, &land);
	all_dice_used();
	assert_int_equal(ready("V2", TQ_CONTINENTAL)->regulars, 2);
	assert_int_equal(moved("V1", TQ_BRITISH)->regulars, 6);
	assert_told("The British force stops in V1");
	assert_false(S->hidden.endeavor.active);
}

/* ---- hidden things ---- */

/* Issue 23, "Playable": the rest of the path and the standing orders are
 * the mover's; the other side's events (audience TQ_TO_ALL or
 * TQ_TO(continental)) are the same bytes whatever they are. */
static int public_events(struct tq_told *out)
{
	int n = 0;
	for (int i = 0; i < EV->n; i++)
		if (EV->v[i].audience & (TQ_TO_ALL | TQ_TO(TQ_CONTINENTAL)))
			out[n++] = EV->v[i];
	return n;
}

static void hidden_run(const char *const *path, const char *order, struct tq_told *out, int *n)
{
	fresh(TQ_MONTH(1781, 3));
	leader("Cornwallis", "N29");
	S->leader[L("Cornwallis")].c_in_c = true;
	S->side[TQ_BRITISH].c_in_c = (short)L("Cornwallis");
	put(TQ_BRITISH, "N29", 30, 0);
	put(TQ_CONTINENTAL, "N28", 6, 0);
	standing(TQ_BRITISH, "no bayonets");
	if (order)
		standing(TQ_BRITISH, order);
	DICE(2, 1, 3, 6, 4, 2);
	struct tq_order o = activate("Cornwallis", 30, path);
	apply_ok(TQ_BRITISH, &o);
	all_dice_used();
	*n = public_events(out);
}

static void hidden_path_and_standing_orders(void **state)
{
	static struct tq_told a[TQ_MAX_EVENTS], b[TQ_MAX_EVENTS];
	int na, nb;
	(void)state;
	hidden_run(PATH("N28", "N9", "N8"), NULL, a, &na);
	assert_told("N9 - N8");                      /* the mover was told his path */
	hidden_run(PATH("N28", "N30", "N31"), "retreat to N12", b, &nb);
	assert_int_equal(na, nb);
	for (int i = 0; i < na; i++) {
		assert_string_equal(a[i].text, b[i].text);
		assert_int_equal(a[i].audience, b[i].audience);
	}
	for (int i = 0; i < nb; i++)
		assert_null(strstr(b[i].text, "N31"));
}

/* The state in the middle of an endeavour (the stage, the hidden path,
 * the standing orders) is written and read back to the same state, and
 * the run goes on from what was read. */
static char *text_of(const struct tq_state *s, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	assert_non_null(f);
	assert_int_equal(tq_state_write(f, D, s, true), 0);
	fclose(f);
	return buf;
}

static void text_round_trip_mid_endeavor(void **state)
{
	struct tq_state *back = malloc(sizeof *back);
	char why[256] = "";
	size_t len, len2;
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	cornwallis_facing_lee(21);
	standing(TQ_BRITISH, "bayonets");
	DICE(2);
	struct tq_order o = activate("Cornwallis", 20, PATH("N28", "N9", "N11"));
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->question, TQ_ASK_RETREAT_BEFORE);
	assert_int_equal(S->hidden.endeavor.npath, 2);
	char *t = text_of(S, &len);
	if (tq_state_read(t, len, D, back, true, why, sizeof why))
		fail_msg("%s", why);
	char *t2 = text_of(back, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(t, t2, len);
	assert_memory_equal(S, back, sizeof *S);
	free(t), free(t2), free(back);
}

/* Issue 24, 10.1: the board highlights the last endeavour's path: the
 * area its force set out from and each it entered, as both sides read
 * them told; the part of a path never entered (the flood closed the
 * Dan: 8.3.4) is not in it, and the public state keeps it. A force that
 * fails to activate (8.1.1) sets out from nowhere: its path is its area. */
static void s10_1_the_last_endeavours_path_for_the_board(void **state)
{
	struct tq_state *back = malloc(sizeof *back);
	char why[256] = "";
	size_t len;
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	S->weather = TQ_WEATHER_RAIN;
	cornwallis_facing_lee(10);
	DICE(5);
	struct tq_order o = activate("Cornwallis", 10, PATH("N31", "V12"));
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->trail_side, TQ_BRITISH);
	assert_int_equal(S->ntrail, 2);
	assert_int_equal(S->trail[0], A("N29"));
	assert_int_equal(S->trail[1], A("N31"));
	char *t = text_of(S, &len);
	if (tq_state_read(t, len, D, back, true, why, sizeof why))
		fail_msg("%s", why);
	assert_int_equal(back->ntrail, 2);
	assert_memory_equal(back->trail, S->trail, sizeof S->trail);
	assert_int_equal(back->trail_side, TQ_BRITISH);
	free(t);
	assert_true(tq_is_asked(S, TQ_CONTINENTAL));
	DICE(6);
	o = activate("Lee", 3, PATH("N29"));
	apply_ok(TQ_CONTINENTAL, &o);
	assert_told("fails to activate");
	assert_int_equal(S->trail_side, TQ_CONTINENTAL);
	assert_int_equal(S->ntrail, 1);
	assert_int_equal(S->trail[0], A("N28"));
	free(back);
}

/* Resignation (docs/rulings.md; the seed has none): the British concede
 * in the middle of their own endeavour, while the Continental is asked:
 * the Continental wins at once, no piece moves and no die is rolled; a
 * game over takes no more orders. */
static void resign_at_any_moment(void **state)
{
	struct tq_state *before = malloc(sizeof *before);
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	cornwallis_facing_lee(21);
	DICE(2);
	struct tq_order o = activate("Cornwallis", 20, PATH("N28", "N9"));
	apply_ok(TQ_BRITISH, &o);
	assert_int_equal(S->question, TQ_ASK_RETREAT_BEFORE);
	*before = *S;
	struct tq_order resign = { .kind = TQ_RESIGN, .leader = -1, .at = -1, .governor = -1 };
	apply_ok(TQ_BRITISH, &resign);
	all_dice_used();
	assert_int_equal(S->phase, TQ_OVER);
	assert_int_equal(S->winner, TQ_CONTINENTAL);
	assert_true(S->resigned);
	assert_int_equal(S->asked, 0);
	assert_memory_equal(S->area, before->area, sizeof S->area);
	assert_told("The British player resigns: Continental victory.");
	assert_int_equal(apply(TQ_CONTINENTAL, &resign), -1);
	free(before);
}

/* A standing order is told to its side alone, and one no question reads
 * is refused. */
static void standing_orders_are_hidden(void **state)
{
	(void)state;
	fresh(TQ_MONTH(1781, 3));
	standing(TQ_CONTINENTAL, "retreat before combat to S21");
	assert_int_equal(EV->n, 1);
	assert_int_equal(EV->v[0].audience, TQ_TO(TQ_CONTINENTAL));
	assert_int_equal(S->hidden.standing[TQ_CONTINENTAL].n, 1);
	assert_int_equal(S->moves, 0);
	struct tq_order o = { .kind = TQ_STANDING, .leader = -1, .at = -1, .governor = -1 };
	snprintf(o.standing, sizeof o.standing, "retreat before combat to nowhere");
	assert_int_equal(apply(TQ_CONTINENTAL, &o), -1);
	snprintf(o.standing, sizeof o.standing, "clear");
	apply_ok(TQ_CONTINENTAL, &o);
	assert_int_equal(S->hidden.standing[TQ_CONTINENTAL].n, 0);
}

/* 11.2.6: leader casualties read the data's names (tables.yaml). */
static void data_leader_rules(void **state)
{
	int v = 0;
	(void)state;
	assert_true(tq_number(D, "c_in_c_chosen", "Greene", &v) && v == 1);
	assert_true(tq_number(D, "clinton_cornwallis", "Cornwallis", &v) && v == 2);
	assert_true(tq_number(D, "overrun_leaders", "Tarleton", &v) && v == 1);
}

static int group_setup(void **state)
{
	S = calloc(1, sizeof *S);
	EV = calloc(1, sizeof *EV);
	return S && EV ? tq_setup_data(state) : -1;
}

static int group_teardown(void **state)
{
	free(S);
	free(EV);
	return tq_teardown_data(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(data_leader_rules),
		cmocka_unit_test(s8_1_1_activation_fails_on_a_high_die),
		cmocka_unit_test(s8_1_1_activation_and_the_move),
		cmocka_unit_test(s10_1_the_last_endeavours_path_for_the_board),
		cmocka_unit_test(resign_at_any_moment),
		cmocka_unit_test(s8_3_heat_and_flood),
		cmocka_unit_test(s8_3_4_flood_stops_the_path_at_the_river),
		cmocka_unit_test(s8_3_5_loyalist_uprising),
		cmocka_unit_test(s10_2_command_limits),
		cmocka_unit_test(s10_2_3_leader_alone_and_5_4_4_captures),
		cmocka_unit_test(s15_2_leader_alone_captured),
		cmocka_unit_test(s9_1_detachment),
		cmocka_unit_test(s11_1_3_succession_after_capture),
		cmocka_unit_test(s16_1_morgan),
		cmocka_unit_test(s16_2_sumter),
		cmocka_unit_test(s16_4_russia_merchant),
		cmocka_unit_test(s4_5_sally_beaten_back),
		cmocka_unit_test(s4_5_1_sally_breaks_the_siege),
		cmocka_unit_test(s11_1_3_c_beaten_c_in_c_marked),
		cmocka_unit_test(s10_2_c_in_c_commands_the_largest_stack),
		cmocka_unit_test(s8_0_refusals),
		cmocka_unit_test(s11_2_3_battle_five_to_one),
		cmocka_unit_test(s11_2_4_battle_forty_two_against_forty),
		cmocka_unit_test(s11_4_retreat_asked),
		cmocka_unit_test(s11_2_5_standing_casualties),
		cmocka_unit_test(standing_orders_read_as_the_order_language),
		cmocka_unit_test(s11_4_5_captured_c_in_c_and_a_new_one),
		cmocka_unit_test(s11_3_retreat_before_combat),
		cmocka_unit_test(s11_3_standing_retreat_before),
		cmocka_unit_test(s10_4_overrun_and_tarleton),
		cmocka_unit_test(s11_3_5_swamp_foxes),
		cmocka_unit_test(s10_7_invasion),
		cmocka_unit_test(s17_2_3_charlestown_sailors),
		cmocka_unit_test(s17_1_3_a_campbell_first_endeavor),
		cmocka_unit_test(s4_2_3_odds_to_enter_a_fort),
		cmocka_unit_test(s4_2_4_walls_and_s4_3_siege),
		cmocka_unit_test(s4_2_1_fort_room_and_standing_walls),
		cmocka_unit_test(s4_2_5_retreat_into_the_walls),
		cmocka_unit_test(s4_3_no_siege),
		cmocka_unit_test(s4_4_relief_of_a_siege),
		cmocka_unit_test(s8_2_baggage_train_alone),
		cmocka_unit_test(s13_1_1_royal_governor),
		cmocka_unit_test(s12_1_loyalist_recruitment),
		cmocka_unit_test(s10_5_example_webster_by_sea),
		cmocka_unit_test(s10_5_10_amphibious_landing_lost),
		cmocka_unit_test(hidden_path_and_standing_orders),
		cmocka_unit_test(standing_orders_are_hidden),
		cmocka_unit_test(text_round_trip_mid_endeavor),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
