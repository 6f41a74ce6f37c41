/* Tarleton's Quarter!'s set-up (issue 23, seed 001, 17.0-17.4, 4.9) and
 * the position as text: every scenario's starting position as the seed
 * lists it (each test names its section), every SP counted, the rulings
 * of docs/rulings.md, "Tarleton's Quarter!: set-up", the text written, read and written again
 * to the same bytes, and the reader's refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "tq_setup.h"
#include "tq_text.h"
#include "tq_support.h"

static struct tq_state *S;

/* S at the start of scenario name. */
static void set_up(const char *name)
{
	char why[256] = "";
	const struct tq_scenario *sc = tq_scenario_by_name(D, name);
	assert_non_null(sc);
	if (tq_setup(D, sc, 0, S, why, sizeof why))
		fail_msg("%s: %s", name, why);
}

static const struct tq_sps *ready(const char *id, enum tq_side side)
{
	return &S->area[A(id)].side[side].ready;
}

static void assert_on_map(const char *name, const char *id)
{
	const struct tq_leader_state *ls = &S->leader[L(name)];
	if (ls->where != TQ_ON_MAP || ls->area != A(id))
		fail_msg("%s is not on the map in %s (where %d, area %d)", name, id, ls->where,
			 ls->area);
}

static void assert_where(const char *name, enum tq_where where, int arrives)
{
	const struct tq_leader_state *ls = &S->leader[L(name)];
	if (ls->where != where || ls->arrives != arrives)
		fail_msg("%s: where %d arrives %d, not %d and %d", name, ls->where, ls->arrives,
			 where, arrives);
}

/* The magazines of side: exactly one in each area of ids (NULL ended). */
static void assert_magazines(enum tq_side side, const char *const *ids)
{
	int n = 0, total = 0;
	for (; ids[n]; n++)
		assert_int_equal(S->area[A(ids[n])].side[side].inside.magazines, 1);
	for (int a = 0; a < D->nareas; a++)
		total += S->area[a].side[side].inside.magazines;
	assert_int_equal(total, n);
}

struct count {
	int regulars, cavalry, loyalists, militia[TQ_COLONIES], leaders_on_map;
};

/* Every SP of side on the map, and its leaders there. */
static struct count counted(enum tq_side side)
{
	struct count c = { 0 };
	for (int a = 0; a < D->nareas; a++) {
		const struct tq_presence *p = &S->area[a].side[side];
		const struct tq_sps *k[] = { &p->ready, &p->moved, &p->walls };
		for (int i = 0; i < 3; i++) {
			c.regulars += k[i]->regulars + k[i]->french_regulars;
			c.cavalry += k[i]->cavalry + k[i]->french_cavalry;
			c.loyalists += k[i]->loyalists;
			for (int m = 0; m < TQ_COLONIES; m++)
				c.militia[m] += k[i]->militia[m];
		}
	}
	for (int l = 0; l < D->nleaders; l++)
		c.leaders_on_map += D->leaders[l].side == side && S->leader[l].where == TQ_ON_MAP;
	return c;
}

#define COLONY(c) (1u << (c))
#define ALL_FOUR (COLONY(TQ_GEORGIA) | COLONY(TQ_SOUTH_CAROLINA) | COLONY(TQ_NORTH_CAROLINA) | \
		  COLONY(TQ_VIRGINIA))

/* ---- 17.1 December 1778 ---- */

/* 17.0, 17.1: "Place the Major Victory marker with the Continental side
 * showing. Place the turn marker on December of 1778. The weather is
 * clear. Place an "British Invaded" marker on the Georgia colony name." */
static void s17_1_markers(void **state)
{
	(void)state;
	set_up("17.1");
	assert_int_equal(S->month, TQ_MONTH(1778, 12));
	assert_int_equal(S->last_month, TQ_MONTH(1781, 10));
	assert_int_equal(S->major_victory, TQ_CONTINENTAL);
	assert_int_equal(S->weather, TQ_WEATHER_CLEAR);
	assert_int_equal(S->invaded, COLONY(TQ_GEORGIA));
	assert_int_equal(S->kings_peace, 0);
	assert_string_equal(S->scenario, "17.1");
	assert_int_equal(S->reinforcements_from, TQ_MONTH(1779, 1)); /* 18.0: "After December 1778" */
}

/* 17.1.1: "Continental Base of Operations V28 (Richmond). Magazines 1 each
 * at G1, S11, S5, N29, N32, V12. G1 (Savannah) Howe, Huger, Elbert, 12 SP
 * Continental regulars. S11 (Charlestown) Lincoln, Moultrie, Ashe (NC
 * Militia Ldr), 15 SP NC militia." */
static void s17_1_1_continental(void **state)
{
	static const char *const MAGAZINES[] = { "G1", "S11", "S5", "N29", "N32", "V12", NULL };
	struct count c;
	(void)state;
	set_up("17.1");
	assert_int_equal(S->side[TQ_CONTINENTAL].base, A("V28"));
	assert_true(S->area[A("V28")].base[TQ_CONTINENTAL]);
	assert_magazines(TQ_CONTINENTAL, MAGAZINES);
	assert_on_map("Howe", "G1");
	assert_on_map("Huger", "G1");
	assert_on_map("Elbert", "G1");
	assert_int_equal(ready("G1", TQ_CONTINENTAL)->regulars, 12);
	assert_on_map("Lincoln", "S11");
	assert_on_map("Moultrie", "S11");
	assert_on_map("Ashe", "S11");
	assert_int_equal(ready("S11", TQ_CONTINENTAL)->militia[TQ_NORTH_CAROLINA], 15);
	/* every SP counted: 12 regulars, 15 NC militia, six leaders */
	c = counted(TQ_CONTINENTAL);
	assert_int_equal(c.regulars, 12);
	assert_int_equal(c.cavalry, 0);
	assert_int_equal(c.militia[TQ_NORTH_CAROLINA], 15);
	assert_int_equal(c.militia[TQ_GEORGIA] + c.militia[TQ_SOUTH_CAROLINA] +
			 c.militia[TQ_VIRGINIA], 0);
	assert_int_equal(c.leaders_on_map, 6);
	/* 6.3.2: the limit is always six, and six are magazines */
	assert_int_equal(S->side[TQ_CONTINENTAL].available, 0);
}

/* 17.1.2: "G1 (Savannah) Campbell, Cruger, Moncrief, British base of
 * operations, 30 SP British regulars. Campbell is the British
 * Commander-in-Chief until Prevost enters the board." 6.3.1: "British
 * supply units begin in the Available box." */
static void s17_1_2_british(void **state)
{
	struct count c;
	(void)state;
	set_up("17.1");
	assert_on_map("Campbell", "G1");
	assert_on_map("Cruger", "G1");
	assert_on_map("Moncrief", "G1");
	assert_int_equal(S->side[TQ_BRITISH].base, A("G1"));
	assert_true(S->area[A("G1")].base[TQ_BRITISH]);
	assert_int_equal(ready("G1", TQ_BRITISH)->regulars, 30);
	c = counted(TQ_BRITISH);
	assert_int_equal(c.regulars, 30);
	assert_int_equal(c.cavalry + c.loyalists, 0);
	assert_int_equal(c.leaders_on_map, 3);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Campbell"));
	assert_true(S->leader[L("Campbell")].c_in_c);
	/* units.yaml's counter mix: 9 British baggage trains, none on the map */
	assert_int_equal(S->side[TQ_BRITISH].available, 9);
	for (int a = 0; a < D->nareas; a++)
		assert_int_equal(S->area[a].side[TQ_BRITISH].inside.magazines, 0);
}

/* 17.1.3 A, 4.9, 17.1.3 B: the first turn's rules; Charlestown and
 * Savannah settlements in December 1778; Howe and Lincoln both C-in-C,
 * Lincoln the one who stays; nothing to place, so the turn begins. */
static void s17_1_3_first_turn(void **state)
{
	(void)state;
	set_up("17.1");
	assert_true(S->first_turn);
	assert_true(S->disrepair);
	assert_true(S->leader[L("Howe")].c_in_c);
	assert_true(S->leader[L("Lincoln")].c_in_c);
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Lincoln"));
	assert_false(S->leader[L("Huger")].c_in_c);
	assert_int_equal(S->sailors_from, TQ_MONTH(1780, 2)); /* "on and after February 1780" */
	assert_false(S->sailors_used);
	assert_int_equal(S->phase, TQ_SIEGE_RESOLUTION);
	assert_int_equal(S->question, TQ_ASK_NOTHING);
	assert_int_equal(S->asked, 0);
}

/* 18.0: the leaders still to come in 17.1, by the schedule's month; Gates
 * and Greene held for the succession (11.1.3 a). */
static void s18_0_arrivals_17_1(void **state)
{
	(void)state;
	set_up("17.1");
	assert_where("Prevost", TQ_NOT_ARRIVED, TQ_MONTH(1779, 2));
	assert_where("Brown", TQ_NOT_ARRIVED, TQ_MONTH(1779, 2));
	assert_where("Clarke", TQ_NOT_ARRIVED, TQ_MONTH(1779, 1));
	assert_where("Sumner", TQ_NOT_ARRIVED, TQ_MONTH(1779, 1));
	assert_where("D'Estaing", TQ_NOT_ARRIVED, TQ_MONTH(1779, 9));
	assert_where("Cornwallis", TQ_NOT_ARRIVED, TQ_MONTH(1780, 2));
	assert_where("Washington", TQ_NOT_ARRIVED, TQ_MONTH(1781, 9));
	assert_where("Gates", TQ_NOT_ARRIVED, 0);
	assert_where("Greene", TQ_NOT_ARRIVED, 0);
	assert_false(S->leader[L("Prevost")].c_in_c);
}

/* ---- 17.2 February 1780 ---- */

/* 17.2: "Major Victory marker with the British side showing ... February
 * of 1780 ... "rain" ... Reinforcements ... begin with the March 1780
 * turn ... "British Invaded" marker on the Georgia colony name." */
static void s17_2_markers(void **state)
{
	(void)state;
	set_up("17.2");
	assert_int_equal(S->month, TQ_MONTH(1780, 2));
	assert_int_equal(S->last_month, TQ_MONTH(1781, 10));
	assert_int_equal(S->major_victory, TQ_BRITISH);
	assert_int_equal(S->weather, TQ_WEATHER_RAIN);
	assert_int_equal(S->invaded, COLONY(TQ_GEORGIA));
	assert_int_equal(S->reinforcements_from, TQ_MONTH(1780, 3));
	assert_false(S->first_turn);
	assert_false(S->disrepair);      /* 4.9: cities from January 1779 */
	assert_int_equal(S->sailors_from, TQ_MONTH(1780, 2)); /* 17.2.3, its own rule */
}

/* 17.2.1: "British Base Of Operations, Royal Governor Wright, Brown,
 * Clinton, Cornwallis, Ferguson, O'Hara, Tarleton, Webster, Wemyss,
 * Prevost, Cruger, Moncrief, Paterson, Balfour, 100 SP regulars, 8
 * cavalry: G1 (Savannah). The British Leader Campbell is no longer in the
 * game." */
static void s17_2_1_british(void **state)
{
	static const char *const AT_G1[] = { "Brown", "Clinton", "Cornwallis", "Ferguson",
					     "O'Hara", "Tarleton", "Webster", "Wemyss",
					     "Prevost", "Cruger", "Moncrief", "Paterson",
					     "Balfour" };
	int wright = tq_governor_by_name(D, "Wright");
	struct count c;
	(void)state;
	set_up("17.2");
	assert_int_equal(S->side[TQ_BRITISH].base, A("G1"));
	assert_true(wright >= 0);
	assert_int_equal(S->area[A("G1")].governor, wright);
	assert_int_equal(S->governor_area[wright], A("G1"));
	for (size_t i = 0; i < sizeof AT_G1 / sizeof *AT_G1; i++)
		assert_on_map(AT_G1[i], "G1");
	assert_int_equal(ready("G1", TQ_BRITISH)->regulars, 100);
	assert_int_equal(ready("G1", TQ_BRITISH)->cavalry, 8);
	c = counted(TQ_BRITISH);
	assert_int_equal(c.regulars, 100);
	assert_int_equal(c.cavalry, 8);
	assert_int_equal(c.loyalists, 0);
	assert_int_equal(c.leaders_on_map, 13);
	assert_where("Campbell", TQ_GONE, 0);
	assert_int_equal(S->side[TQ_BRITISH].available, 9);
}

/* 11.1.4 b: "Cornwallis is senior to Prevost, and both are outranked by
 * Clinton": all three C-in-C in G1, Clinton commands; without him
 * Cornwallis, then Prevost (tables.yaml's c_in_c_seniority). */
static void s11_1_4_british_c_in_c_17_2(void **state)
{
	(void)state;
	set_up("17.2");
	assert_true(S->leader[L("Prevost")].c_in_c);
	assert_true(S->leader[L("Clinton")].c_in_c);
	assert_true(S->leader[L("Cornwallis")].c_in_c);
	assert_false(S->leader[L("Tarleton")].c_in_c);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Clinton"));
	S->leader[L("Clinton")].where = TQ_GONE;
	assert_int_equal(tq_senior_c_in_c(D, S, TQ_BRITISH), L("Cornwallis"));
	S->leader[L("Cornwallis")].where = TQ_POW;
	assert_int_equal(tq_senior_c_in_c(D, S, TQ_BRITISH), L("Prevost"));
	S->leader[L("Prevost")].where = TQ_GONE;
	assert_int_equal(tq_senior_c_in_c(D, S, TQ_BRITISH), -1);
}

/* 17.2.2: "Leaders no longer in the game: Ashe, Elbert and Howe.
 * Continental Base of Operations V28 (Richmond). Magazines 1 each at S11,
 * S5, S21, N29, N32, V12. G4 (Augusta) Clarke (Ga Mil), 4 SP regulars, 1
 * SP Ga Militia. S5 (Ninety-Six) 5 SP SC Militia. S11 (Charlestown)
 * Lincoln, Moultrie, Huger, 8 SP regulars, 5 SP cavalry. N29
 * (Hillsborough) W. Washington, 41 SP regulars, 3 SP cavalry." */
static void s17_2_2_continental(void **state)
{
	static const char *const MAGAZINES[] = { "S11", "S5", "S21", "N29", "N32", "V12", NULL };
	struct count c;
	(void)state;
	set_up("17.2");
	assert_where("Ashe", TQ_GONE, 0);
	assert_where("Elbert", TQ_GONE, 0);
	assert_where("Howe", TQ_GONE, 0);
	assert_int_equal(S->side[TQ_CONTINENTAL].base, A("V28"));
	assert_magazines(TQ_CONTINENTAL, MAGAZINES);
	assert_on_map("Clarke", "G4");
	assert_int_equal(ready("G4", TQ_CONTINENTAL)->regulars, 4);
	assert_int_equal(ready("G4", TQ_CONTINENTAL)->militia[TQ_GEORGIA], 1);
	assert_int_equal(ready("S5", TQ_CONTINENTAL)->militia[TQ_SOUTH_CAROLINA], 5);
	assert_on_map("Lincoln", "S11");
	assert_on_map("Moultrie", "S11");
	assert_on_map("Huger", "S11");
	assert_int_equal(ready("S11", TQ_CONTINENTAL)->regulars, 8);
	assert_int_equal(ready("S11", TQ_CONTINENTAL)->cavalry, 5);
	assert_on_map("W. Washington", "N29");
	assert_int_equal(ready("N29", TQ_CONTINENTAL)->regulars, 41);
	assert_int_equal(ready("N29", TQ_CONTINENTAL)->cavalry, 3);
	c = counted(TQ_CONTINENTAL);
	assert_int_equal(c.regulars, 4 + 8 + 41);
	assert_int_equal(c.cavalry, 5 + 3);
	assert_int_equal(c.militia[TQ_GEORGIA], 1);
	assert_int_equal(c.militia[TQ_SOUTH_CAROLINA], 5);
	assert_int_equal(c.militia[TQ_NORTH_CAROLINA] + c.militia[TQ_VIRGINIA], 0);
	assert_int_equal(c.leaders_on_map, 5);
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Lincoln"));
	assert_int_equal(S->side[TQ_CONTINENTAL].available, 0);
	/* 18.0 before March 1780 is past: D'Estaing came and went */
	assert_where("D'Estaing", TQ_GONE, 0);
	assert_where("Muehlenberg", TQ_NOT_ARRIVED, TQ_MONTH(1780, 3));
	assert_where("Gates", TQ_NOT_ARRIVED, 0);
}

/* 17.2.2 "Militia Roll": generation for each colony, then attrition but
 * for the 5 SC militia at Ninety-Six, then Stevens, Nelson and Sumner on
 * their colony's militia, the February roll on December's column
 * (10.7.2's invasion_months). The dice come first, so nothing is asked
 * yet: the set-up's run (tq_setup_play.c) rolls, then asks the
 * Continental player (tests/test_tq_setup_play.c). */
static void s17_2_2_militia_roll(void **state)
{
	const struct tq_to_place *tp;
	(void)state;
	set_up("17.2");
	tp = &S->to_place[TQ_CONTINENTAL];
	assert_int_equal(S->phase, TQ_SETUP);
	assert_int_equal(S->step, 0);
	assert_int_equal(S->question, TQ_ASK_NOTHING);
	assert_int_equal(S->asked, 0);
	assert_int_equal(tp->generate, ALL_FOUR);
	assert_int_equal(tp->column, 12);
	assert_true(tp->attrition);
	assert_int_equal(tp->spared_area, A("S5"));
	assert_int_equal(tp->nafter, 3);
	assert_int_equal(tp->after[0], L("Stevens"));
	assert_int_equal(tp->after[1], L("Nelson"));
	assert_int_equal(tp->after[2], L("Sumner"));
	assert_where("Stevens", TQ_NOT_ARRIVED, 0);
	assert_int_equal(tp->nrolls + tp->nleaders + tp->trains + tp->declare, 0);
	assert_int_equal(S->to_place[TQ_BRITISH].declare + S->to_place[TQ_BRITISH].nleaders, 0);
}

/* ---- 17.3 March 1781 ---- */

/* 17.3: Continental Major Victory, March 1781, rain, reinforcements from
 * April 1781, the King's Peace in Georgia, Invaded markers on all four
 * ("... North Carolina and Vir-": Virginia). */
static void s17_3_markers(void **state)
{
	(void)state;
	set_up("17.3");
	assert_int_equal(S->month, TQ_MONTH(1781, 3));
	assert_int_equal(S->last_month, TQ_MONTH(1781, 10));
	assert_int_equal(S->major_victory, TQ_CONTINENTAL);
	assert_int_equal(S->weather, TQ_WEATHER_RAIN);
	assert_int_equal(S->reinforcements_from, TQ_MONTH(1781, 4));
	assert_int_equal(S->kings_peace, COLONY(TQ_GEORGIA));
	assert_int_equal(S->invaded, ALL_FOUR);
	assert_int_equal(S->sailors_from, 0); /* ruling: 17.2.3 not in 17.3 */
}

/* 17.3.1: the Continental set-up, and its special deployment rolls
 * (Muehlenberg and Stevens on Virginia, Pickens and Caswell on North
 * Carolina) instead of the March generation and attrition. */
static void s17_3_1_continental(void **state)
{
	static const char *const MAGAZINES[] = { "N32", "V12", NULL };
	const struct tq_to_place *tp;
	struct count c;
	(void)state;
	set_up("17.3");
	assert_int_equal(S->side[TQ_CONTINENTAL].base, A("V28"));
	assert_magazines(TQ_CONTINENTAL, MAGAZINES);
	/* "The remaining Continental baggage trains are in the Available box":
	 * six (6.3.2) less two */
	assert_int_equal(S->side[TQ_CONTINENTAL].available, 4);
	assert_on_map("Howard", "N30");
	assert_on_map("Greene", "N30");
	assert_on_map("Huger", "N30");
	assert_on_map("Stevens", "N30");
	assert_on_map("Campbell (Va Mil)", "N30");
	assert_int_equal(ready("N30", TQ_CONTINENTAL)->regulars, 13);
	assert_on_map("Caswell", "N32");
	assert_on_map("Muehlenburg", "V2");
	assert_on_map("Duportail", "V18");
	assert_on_map("Nelson", "V18");
	assert_int_equal(ready("V18", TQ_CONTINENTAL)->militia[TQ_VIRGINIA], 2);
	assert_on_map("Lee", "N28");
	assert_on_map("W. Washington", "N28");
	assert_on_map("Pickens", "N28");
	assert_int_equal(ready("N28", TQ_CONTINENTAL)->regulars, 2);
	assert_int_equal(ready("N28", TQ_CONTINENTAL)->cavalry, 1);
	assert_on_map("Clarke", "S3");
	assert_int_equal(ready("S3", TQ_CONTINENTAL)->militia[TQ_SOUTH_CAROLINA], 2);
	assert_on_map("Sumter", "S14");
	assert_int_equal(ready("S14", TQ_CONTINENTAL)->militia[TQ_SOUTH_CAROLINA], 2);
	assert_int_equal(ready("S14", TQ_CONTINENTAL)->militia[TQ_NORTH_CAROLINA], 2);
	assert_on_map("Marion", "S24");
	assert_int_equal(ready("S24", TQ_CONTINENTAL)->militia[TQ_SOUTH_CAROLINA], 3);
	c = counted(TQ_CONTINENTAL);
	assert_int_equal(c.regulars, 13 + 2);
	assert_int_equal(c.cavalry, 1);
	assert_int_equal(c.militia[TQ_SOUTH_CAROLINA], 2 + 2 + 3);
	assert_int_equal(c.militia[TQ_NORTH_CAROLINA], 2);
	assert_int_equal(c.militia[TQ_VIRGINIA], 2);
	assert_int_equal(c.militia[TQ_GEORGIA], 0);
	assert_int_equal(c.leaders_on_map, 15);
	/* the special deployment: its dice are rolled by the set-up's run
	 * before anything is asked */
	tp = &S->to_place[TQ_CONTINENTAL];
	assert_int_equal(S->phase, TQ_SETUP);
	assert_int_equal(S->question, TQ_ASK_NOTHING);
	assert_int_equal(S->asked, 0);
	assert_int_equal(tp->nrolls, 4);
	assert_int_equal(tp->rolls[0], L("Muehlenberg"));
	assert_int_equal(tp->roll_colony[0], TQ_VIRGINIA);
	assert_int_equal(tp->rolls[1], L("Stevens"));
	assert_int_equal(tp->roll_colony[1], TQ_VIRGINIA);
	assert_int_equal(tp->rolls[2], L("Pickens"));
	assert_int_equal(tp->roll_colony[2], TQ_NORTH_CAROLINA);
	assert_int_equal(tp->rolls[3], L("Caswell"));
	assert_int_equal(tp->roll_colony[3], TQ_NORTH_CAROLINA);
	assert_int_equal(tp->column, 3);
	assert_int_equal(tp->generate, 0);
	assert_false(tp->attrition);
	assert_int_equal(S->no_militia_month, TQ_MONTH(1781, 3));
}

/* 17.3: "Leaders not listed in this set up are either no longer in the
 * game or arrive as reinforcements"; 11.2.6: Greene the Continental
 * C-in-C; 11.1.4: Cornwallis the British (Prevost and Clinton withdrawn,
 * 18.0). */
static void s17_3_leaders_not_listed(void **state)
{
	(void)state;
	set_up("17.3");
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Greene"));
	assert_true(S->leader[L("Greene")].c_in_c);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Cornwallis"));
	assert_where("Gates", TQ_GONE, 0);
	assert_where("Prevost", TQ_GONE, 0);
	assert_where("Clinton", TQ_GONE, 0);
	assert_where("Ferguson", TQ_GONE, 0);
	assert_where("De Kalb", TQ_GONE, 0);
	assert_where("Moultrie", TQ_GONE, 0);
	assert_where("Phillips", TQ_NOT_ARRIVED, TQ_MONTH(1781, 4));
	assert_where("Lafayette", TQ_NOT_ARRIVED, TQ_MONTH(1781, 5));
	/* 18.0: "returning if not killed or captured"; Lincoln "if replaced" */
	assert_where("Morgan", TQ_NOT_ARRIVED, TQ_MONTH(1781, 7));
	assert_where("Sumner", TQ_NOT_ARRIVED, TQ_MONTH(1781, 7));
	assert_where("Lincoln", TQ_NOT_ARRIVED, TQ_MONTH(1781, 9));
}

/* 17.3.2: the British set-up, the forts, the magazines, Wright, Wemyss in
 * the POW box, "4 baggage trains in the Available box". */
static void s17_3_2_british(void **state)
{
	static const char *const MAGAZINES[] = { "G1", "S5", "S15", "S21", NULL };
	static const char *const FORTS[] = { "S5", "G4", "S7", "S15", "S21" };
	static const struct {
		const char *id;
		int regulars, cavalry, loyalists;
	} AT[] = {
		{ "N29", 21, 2, 0 }, { "S11", 9, 1, 0 }, { "G1", 6, 0, 0 }, { "N16", 4, 0, 0 },
		{ "S13", 2, 1, 0 },  { "S23", 5, 0, 0 }, { "S5", 4, 0, 0 }, { "G4", 2, 0, 2 },
		{ "S7", 2, 0, 1 },   { "S15", 4, 0, 0 }, { "S21", 9, 0, 0 }, { "V1", 12, 1, 0 },
		{ "S10", 0, 0, 2 },
	};
	int forts = 0;
	struct count c;
	(void)state;
	set_up("17.3");
	assert_on_map("Cornwallis", "N29");
	assert_on_map("Leslie", "N29");
	assert_on_map("O'Hara", "N29");
	assert_on_map("Webster", "N29");
	assert_on_map("Tarleton", "N29");
	assert_on_map("Balfour", "S11");
	assert_on_map("Moncrief", "S11");
	assert_on_map("Cruger", "S5");
	assert_on_map("Brown", "G4");
	assert_on_map("Rawdon", "S21");
	assert_on_map("Arnold", "V1");
	assert_where("Wemyss", TQ_POW, 0);
	assert_int_equal(S->side[TQ_BRITISH].base, A("S11"));
	assert_int_equal(S->area[A("G1")].governor, tq_governor_by_name(D, "Wright"));
	for (size_t i = 0; i < sizeof AT / sizeof *AT; i++) {
		assert_int_equal(ready(AT[i].id, TQ_BRITISH)->regulars, AT[i].regulars);
		assert_int_equal(ready(AT[i].id, TQ_BRITISH)->cavalry, AT[i].cavalry);
		assert_int_equal(ready(AT[i].id, TQ_BRITISH)->loyalists, AT[i].loyalists);
	}
	c = counted(TQ_BRITISH);
	assert_int_equal(c.regulars, 21 + 9 + 6 + 4 + 2 + 5 + 4 + 2 + 2 + 4 + 9 + 12);
	assert_int_equal(c.cavalry, 2 + 1 + 1 + 1);
	assert_int_equal(c.loyalists, 2 + 1 + 2);
	assert_int_equal(c.leaders_on_map, 11);
	assert_magazines(TQ_BRITISH, MAGAZINES);
	for (size_t i = 0; i < sizeof FORTS / sizeof *FORTS; i++) {
		assert_int_equal(S->area[A(FORTS[i])].fort, TQ_FORT);
		assert_int_equal(S->area[A(FORTS[i])].fort_side, TQ_BRITISH);
	}
	for (int a = 0; a < D->nareas; a++)
		forts += S->area[a].fort != TQ_NO_FORT;
	assert_int_equal(forts, 5);
	assert_int_equal(S->side[TQ_BRITISH].available, 4);
}

/* ---- 17.4 Free Deployment ---- */

/* 17.4 (ruling): the start is December 1778, "Start Turn December 1778",
 * the full campaign's; the Major Victory marker Continental, rain as the
 * seed says; 4.9 and the Howe/Lincoln rules in effect, not 17.1.3 A; no
 * colony invaded yet; 17.2.3 from February 1780. */
static void s17_4_start(void **state)
{
	(void)state;
	assert_int_equal(tq_setup_start(D, tq_scenario_by_name(D, "17.4")), TQ_MONTH(1778, 12));
	set_up("17.4");
	assert_int_equal(S->month, TQ_MONTH(1778, 12));
	assert_int_equal(S->last_month, TQ_MONTH(1781, 10));
	assert_int_equal(S->major_victory, TQ_CONTINENTAL);
	assert_int_equal(S->weather, TQ_WEATHER_RAIN);
	assert_int_equal(S->invaded, 0);
	assert_true(S->disrepair);
	assert_false(S->first_turn);
	assert_int_equal(S->sailors_from, TQ_MONTH(1780, 2));
	assert_int_equal(S->reinforcements_from, TQ_MONTH(1779, 1));
	assert_true(S->leader[L("Howe")].c_in_c);
	assert_true(S->leader[L("Lincoln")].c_in_c);
	assert_int_equal(S->side[TQ_CONTINENTAL].c_in_c, L("Lincoln"));
	assert_where("Ashe", TQ_GONE, 0);
	assert_where("Prevost", TQ_NOT_ARRIVED, TQ_MONTH(1779, 2));
}

/* 17.4.1: "First, the British player declares which two colonies ... The
 * American player then sets up his forces, then the British player."
 * 17.4.2: "Elbert, Huger, Howe, Lincoln, Moultrie 9 SP Continental
 * infantry, 6 Continental baggage trains/magazines anywhere in Virginia,
 * North or South Carolina, or Georgia." */
static void s17_4_1_procedure(void **state)
{
	static const char *const FREE[] = { "Elbert", "Huger", "Howe", "Lincoln", "Moultrie" };
	const struct tq_to_place *tp;
	struct count c;
	(void)state;
	set_up("17.4");
	assert_int_equal(S->phase, TQ_SETUP);
	assert_int_equal(S->question, TQ_ASK_SETUP);
	assert_int_equal(S->asked, GAME_SIDE(TQ_BRITISH));
	assert_int_equal(S->to_place[TQ_BRITISH].declare, 2);
	assert_int_equal(S->targets, 0);
	tp = &S->to_place[TQ_CONTINENTAL];
	assert_int_equal(tp->nleaders, 5);
	for (int i = 0; i < 5; i++) {
		assert_int_equal(tp->leaders[i], L(FREE[i]));
		assert_where(FREE[i], TQ_NOT_ARRIVED, 0);
	}
	assert_int_equal(tp->sps.regulars, 9);
	assert_int_equal(tp->sps.cavalry, 0);
	assert_int_equal(tp->trains, 6);
	assert_int_equal(tp->colonies, ALL_FOUR);
	assert_int_equal(S->side[TQ_CONTINENTAL].available, 0);
	/* ruling: the Continental base at V28, as 2.0 and 17.1-17.3 */
	assert_int_equal(S->side[TQ_CONTINENTAL].base, A("V28"));
	c = counted(TQ_CONTINENTAL);
	assert_int_equal(c.regulars + c.cavalry + c.leaders_on_map, 0);
}

/* 17.4.3: "Campbell, Cruger, Moncrief, British base of operations, 30 SP
 * British "At Sea" box". */
static void s17_4_3_british_at_sea(void **state)
{
	struct count c;
	(void)state;
	set_up("17.4");
	assert_int_equal(S->at_sea.regulars, 30);
	assert_int_equal(S->leader[L("Campbell")].where, TQ_AT_SEA_BOX);
	assert_int_equal(S->leader[L("Cruger")].where, TQ_AT_SEA_BOX);
	assert_int_equal(S->leader[L("Moncrief")].where, TQ_AT_SEA_BOX);
	assert_true(S->side[TQ_BRITISH].base_at_sea);
	assert_int_equal(S->side[TQ_BRITISH].base, -1);
	assert_int_equal(S->side[TQ_BRITISH].c_in_c, L("Campbell"));
	c = counted(TQ_BRITISH);
	assert_int_equal(c.regulars + c.cavalry + c.loyalists + c.leaders_on_map, 0);
	assert_int_equal(S->side[TQ_BRITISH].available, 9);
}

/* A set-up that names a leader twice is refused. */
static void setup_refuses_a_leader_twice(void **state)
{
	struct tq_scenario *sc = malloc(sizeof *sc);
	struct tq_placement *pl;
	char why[256] = "";
	(void)state;
	*sc = *tq_scenario_by_name(D, "17.1");
	pl = &sc->setup[TQ_CONTINENTAL].placements[0];
	for (int i = 0; i < sc->setup[TQ_CONTINENTAL].nplacements; i++)
		if (sc->setup[TQ_CONTINENTAL].placements[i].nleaders)
			pl = &sc->setup[TQ_CONTINENTAL].placements[i];
	pl->leaders[pl->nleaders] = pl->leaders[0];
	pl->nleaders++;
	assert_int_equal(tq_setup(D, sc, 0, S, why, sizeof why), -1);
	assert_non_null(strstr(why, "set up twice"));
	*sc = *tq_scenario_by_name(D, "17.1");
	sc->setup[TQ_BRITISH].placements[0].leaders[0] = L("Howe");
	assert_int_equal(tq_setup(D, sc, 0, S, why, sizeof why), -1);
	assert_non_null(strstr(why, "not his"));
	free(sc);
}

/* ---- the text ---- */

static char *text_of(const struct tq_state *s, bool secret, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	assert_non_null(f);
	assert_int_equal(tq_state_write(f, D, s, secret), 0);
	fclose(f);
	return buf;
}

/* Written, read and written again: the same bytes and the same state, in
 * every scenario's set-up, public and secret. */
static void text_round_trip_every_scenario(void **state)
{
	struct tq_state *back = malloc(sizeof *back);
	char why[256] = "";
	(void)state;
	assert_true(D->nscenarios >= 4);
	for (int i = 0; i < D->nscenarios; i++)
		for (int secret = 0; secret < 2; secret++) {
			size_t len, len2;
			char *t, *t2;
			set_up(D->scenarios[i].name);
			t = text_of(S, secret, &len);
			if (tq_state_read(t, len, D, back, secret, why, sizeof why))
				fail_msg("%s: %s", D->scenarios[i].name, why);
			t2 = text_of(back, secret, &len2);
			assert_int_equal(len, len2);
			assert_memory_equal(t, t2, len);
			assert_memory_equal(S, back, sizeof *S);
			free(t), free(t2);
		}
	free(back);
}

/* Only what is not empty is written: 17.1's G2 has nothing; its G1 and
 * Howe are written by I.D. and name. */
static void text_only_what_is_not_empty(void **state)
{
	size_t len;
	char *t;
	(void)state;
	set_up("17.1");
	t = text_of(S, false, &len);
	assert_null(strstr(t, "area G2"));
	assert_non_null(strstr(t, "area G1 british ready: {regulars: 30}\n"));
	assert_non_null(strstr(t, "area S11 continental ready: {militia-nc: 15}\n"));
	assert_non_null(strstr(t, "leader Howe: {at: G1, where: on-map, c-in-c: true}\n"));
	assert_non_null(strstr(t, "month: December 1778\n"));
	free(t);
}

/* The hidden part (standing orders, the endeavour's path) is in the
 * secret text only; the public text reads back with it empty. */
static void text_public_leaves_out_hidden(void **state)
{
	struct tq_state *back = malloc(sizeof *back);
	char why[256] = "";
	size_t len;
	char *t;
	(void)state;
	set_up("17.1");
	S->hidden.standing[TQ_CONTINENTAL].n = 1;
	snprintf(S->hidden.standing[TQ_CONTINENTAL].text[0], TQ_STANDING_TEXT,
		 "retreat before combat, \"always\"");
	S->hidden.endeavor = (struct tq_endeavor){ .active = true, .side = TQ_BRITISH,
						   .leader = (short)L("Campbell"),
						   .at = (short)A("G1"), .mp_left = 4, .npath = 2,
						   .path = { (short)A("G2"), (short)A("G3") },
						   .force = { .regulars = 30 } };
	t = text_of(S, false, &len);
	assert_null(strstr(t, "standing"));
	assert_null(strstr(t, "endeavor"));
	assert_int_equal(tq_state_read(t, len, D, back, false, why, sizeof why), 0);
	assert_int_equal(back->hidden.standing[TQ_CONTINENTAL].n, 0);
	assert_false(back->hidden.endeavor.active);
	assert_int_equal(back->hidden.endeavor.npath, 0);
	/* a hidden line in a public text is refused */
	free(t);
	t = text_of(S, true, &len);
	assert_non_null(strstr(t, "path: [G2, G3]"));
	assert_int_equal(tq_state_read(t, len, D, back, true, why, sizeof why), 0);
	assert_memory_equal(&back->hidden, &S->hidden, sizeof S->hidden);
	assert_int_equal(tq_state_read(t, len, D, back, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "line 3: secret: true"));
	free(t);
	free(back);
}

/* The text with `from` (the first time) changed to `to`, read: -1 and
 * why holding `expect`. */
static void assert_refused(const char *from, const char *to, const char *expect)
{
	struct tq_state *back = malloc(sizeof *back);
	char why[256] = "", *text, *at;
	size_t len;
	char *t = text_of(S, true, &len);
	text = malloc(len + strlen(to) + 1);
	at = strstr(t, from);
	if (!at)
		fail_msg("'%s' is not in the text", from);
	memcpy(text, t, (size_t)(at - t));
	strcpy(text + (at - t), to);
	strcat(text, at + strlen(from));
	if (tq_state_read(text, strlen(text), D, back, true, why, sizeof why) != -1)
		fail_msg("'%s' read", to);
	if (!strstr(why, expect))
		fail_msg("'%s' refused with '%s', not '%s'", to, why, expect);
	free(text), free(t), free(back);
}

/* The reader's refusals: line, what was wrong, what would be accepted. */
static void text_reader_refusals(void **state)
{
	(void)state;
	set_up("17.1");
	assert_refused("area G1 british ready", "area Q99 british ready",
		       "'area ID' or 'area ID SIDE PART' with an area I.D. of the map");
	assert_refused("ready: {regulars: 30}", "ready: {regulars: -3}",
		       "regulars: -3 is negative; a count is 0 to 999");
	assert_refused("leader Cruger:", "leader Campbell:",
		       "leader Campbell: said twice (Campbell has one line)");
	assert_refused("{at: G1, where: on-map, c-in-c: true}\nleader Cruger",
		       "{at: Q7, where: on-map, c-in-c: true}\nleader Cruger",
		       "'Q7' is not an area I.D. of the map");
	assert_refused("month: December 1778", "month: Decembre 1778",
		       "line 5: month: month: 'Decembre 1778' is not a month");
	assert_refused("weather: clear", "weather: snow",
		       "weather: weather: 'snow' is not one of clear, rain, flood, heat");
	assert_refused("leader Cruger: {at: G1, ", "leader Cruger: {",
		       "leader Cruger: 'at: AREA' goes with 'where: on-map'");
	assert_refused("leader Cruger: {at: G1, where: on-map}",
		       "leader Cruger: {at: G1, where: on-map, rank: 3}",
		       "'rank' is not one of a leader's fields (at, where, walls");
	assert_refused("invaded: [Georgia]", "invaded: [Georgia, Georgia]",
		       "'Georgia' is said twice");
	assert_refused("tq-state: 1", "tq-state: 2", "line 2: tq-state: 2 is not 1");
	assert_refused("weather: clear", "colour: red", "'colour' is not a key of the position");
	assert_refused("british: {base: G1,", "british: {base: S11,",
		       "area G1: base: the british Base of Operations");
	assert_refused("first-turn: true", "first-turn: yes", "'yes' is not true or false");
}

/* Every cut of a text, and every byte of it changed to one of a few
 * others, is read or refused: never more (under ASan and UBSan). */
static void text_reader_survives_damage(void **state)
{
	static const char BYTES[] = { '\0', '-', '{', ']', ',', '"', '9', ' ' };
	struct tq_state *back = malloc(sizeof *back);
	char why[256];
	size_t len;
	char *t, *copy;
	(void)state;
	set_up("17.3");
	t = text_of(S, true, &len);
	copy = malloc(len);
	for (size_t cut = 0; cut < len; cut++)
		(void)tq_state_read(t, cut, D, back, true, why, sizeof why);
	for (size_t i = 0; i < len; i += 3)
		for (size_t b = 0; b < sizeof BYTES; b++) {
			memcpy(copy, t, len);
			copy[i] = BYTES[b];
			(void)tq_state_read(copy, len, D, back, true, why, sizeof why);
		}
	/* the undamaged text still reads */
	assert_int_equal(tq_state_read(t, len, D, back, true, why, sizeof why), 0);
	free(copy), free(t), free(back);
}

static int setup_data(void **state)
{
	S = calloc(1, sizeof *S);
	return S ? tq_setup_data(state) : -1;
}

static int teardown_data(void **state)
{
	free(S);
	return tq_teardown_data(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s17_1_markers),
		cmocka_unit_test(s17_1_1_continental),
		cmocka_unit_test(s17_1_2_british),
		cmocka_unit_test(s17_1_3_first_turn),
		cmocka_unit_test(s18_0_arrivals_17_1),
		cmocka_unit_test(s17_2_markers),
		cmocka_unit_test(s17_2_1_british),
		cmocka_unit_test(s11_1_4_british_c_in_c_17_2),
		cmocka_unit_test(s17_2_2_continental),
		cmocka_unit_test(s17_2_2_militia_roll),
		cmocka_unit_test(s17_3_markers),
		cmocka_unit_test(s17_3_1_continental),
		cmocka_unit_test(s17_3_leaders_not_listed),
		cmocka_unit_test(s17_3_2_british),
		cmocka_unit_test(s17_4_start),
		cmocka_unit_test(s17_4_1_procedure),
		cmocka_unit_test(s17_4_3_british_at_sea),
		cmocka_unit_test(setup_refuses_a_leader_twice),
		cmocka_unit_test(text_round_trip_every_scenario),
		cmocka_unit_test(text_only_what_is_not_empty),
		cmocka_unit_test(text_public_leaves_out_hidden),
		cmocka_unit_test(text_reader_refusals),
		cmocka_unit_test(text_reader_survives_damage),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
