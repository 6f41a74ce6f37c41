/* Tarleton's Quarter!'s movement on the map (tq_move.c, seed 001) on the
 * real data/tarletons-quarter/ map: crossings and the weather (10.1.2,
 * 8.3.4), swamps (10.6), a force's allowance (10.1.1, 10.2.3, 8.3.3),
 * paths and their refusals, rank and command (2.0, 11.1, 14.2, 10.2),
 * retreats (11.3, 11.4), a magazine's supply (5.4.1 a) and the map's
 * places (6.2, 6.3.1, 6.5). Each test names its section; the rulings
 * are in docs/rulings.md, "Tarleton's Quarter!: movement". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tq_data.h"
#include "tq_move.h"
#include "tq_support.h"


static struct tq_movers force(enum tq_side side, enum tq_unit_kind k, int n)
{
	struct tq_movers f = { .side = side, .nleaders = 1 };
	f.count[k] = n;
	return f;
}

static struct tq_movers leader_alone(enum tq_side side)
{
	return (struct tq_movers){ .side = side, .nleaders = 1 };
}

/* The areas of out[0..n-1] are exactly the I.D.s listed (any order). */
static void assert_areas(const int *out, int n, const char *const *ids, int nids)
{
	if (n != nids) {
		for (int i = 0; i < n; i++)
			fprintf(stderr, " %s", D->areas[out[i]].id);
		fprintf(stderr, "\n");
		fail_msg("%d areas, %d expected", n, nids);
	}
	for (int i = 0; i < nids; i++) {
		bool found = false;
		for (int j = 0; j < n; j++)
			found |= out[j] == A(ids[i]);
		if (!found)
			fail_msg("%s is missing", ids[i]);
	}
}
#define AREAS(out, n, ...)                                                       \
	do {                                                                     \
		static const char *const ids_[] = { __VA_ARGS__ };               \
		assert_areas(out, n, ids_, (int)(sizeof ids_ / sizeof *ids_));   \
	} while (0)

static struct tq_step crossing(const char *from, const char *to)
{
	struct tq_step s;
	if (!tq_crossing_between(D, A(from), A(to), &s))
		fail_msg("%s and %s are not adjacent", from, to);
	return s;
}

/* ---- 10.1.2: crossings ---- */

/* 10.1.2: the Ogeechee between G1 (Savannah) and G8 is a river crossed by
 * a road: 1 MP (the 2 MP is for a river "that doesn't include a road"),
 * open in rain, closed by flood (8.3.4: "rivers become impassable"). */
static void test_10_1_2_river_with_road_ogeechee(void **state)
{
	struct tq_step s = crossing("G1", "G8");
	(void)state;
	assert_int_equal(s.crossing, TQ_RIVER_WITH_ROAD);
	assert_true(tq_crossing_is_river(s.crossing));
	assert_int_equal(s.cost, 1);
	assert_int_equal(s.corner, -1);
	assert_false(tq_crossing_closed(D, TQ_WEATHER_RAIN, s.crossing));
	assert_true(tq_crossing_closed(D, TQ_WEATHER_FLOOD, s.crossing));
	assert_false(tq_crossing_closed(D, TQ_WEATHER_CLEAR, s.crossing));
	/* the same from either side */
	assert_int_equal(crossing("G8", "G1").cost, 1);
}

/* 10.1.2: "moving into an area across a river boundary that doesn't
 * include a road ... consumes two movement points": the Ogeechee between
 * G2 and G7; rain closes it (10.1.2: "impassable while rain or flood"). */
static void test_10_1_2_river_without_road_costs_two(void **state)
{
	struct tq_step s = crossing("G2", "G7");
	(void)state;
	assert_int_equal(s.crossing, TQ_RIVER_WITHOUT_ROAD);
	assert_int_equal(s.cost, 2);
	assert_true(tq_crossing_closed(D, TQ_WEATHER_RAIN, s.crossing));
	assert_true(tq_crossing_closed(D, TQ_WEATHER_FLOOD, s.crossing));
	assert_false(tq_crossing_closed(D, TQ_WEATHER_HEAT, s.crossing));
}

/* 10.1.2: a road border (G1-G2) and a plain one (G7-G8) cost 1 MP and no
 * weather closes them. */
static void test_10_1_2_road_and_plain_borders(void **state)
{
	struct tq_step r = crossing("G1", "G2"), p = crossing("G7", "G8");
	(void)state;
	assert_int_equal(r.crossing, TQ_ROAD);
	assert_int_equal(p.crossing, TQ_PLAIN);
	assert_int_equal(r.cost, 1);
	assert_int_equal(p.cost, 1);
	assert_false(tq_crossing_is_river(r.crossing));
	for (int w = 0; w < TQ_WEATHERS; w++) {
		assert_false(tq_crossing_closed(D, w, r.crossing));
		assert_false(tq_crossing_closed(D, w, p.crossing));
	}
}

/* 10.1.2: "Where four boundary lines intersect, a player may move across
 * the intersection, but if any of the intersecting boundaries is a river,
 * the intersection is also considered a river ... (Intersections of area
 * boundaries are never crossed by roads.)": G1, G2, G7, G8 meet on the
 * Ogeechee; G1 to G7 and G2 to G8 cross the corner as a river without a
 * road (2 MP, ruling), closed by rain, although G1-G8 has a road. */
static void test_10_1_2_corner_at_a_river(void **state)
{
	struct tq_step s = crossing("G1", "G7"), t = crossing("G8", "G2");
	(void)state;
	assert_int_equal(tq_border_between(D, A("G1"), A("G7")), -1);
	assert_true(s.corner >= 0);
	assert_int_equal(s.border, -1);
	assert_int_equal(s.crossing, TQ_CORNER_WITH_RIVER);
	assert_int_equal(t.crossing, TQ_CORNER_WITH_RIVER);
	assert_int_equal(s.cost, 2);
	assert_true(tq_crossing_is_river(s.crossing));
	assert_true(tq_crossing_closed(D, TQ_WEATHER_RAIN, s.crossing));
	assert_true(tq_crossing_closed(D, TQ_WEATHER_FLOOD, s.crossing));
	assert_false(tq_crossing_closed(D, TQ_WEATHER_CLEAR, s.crossing));
}

/* 10.1.2: a corner none of whose borders is a river (S21, S26, S25, S22
 * at Hanging Rock Creek's head) is crossed as a plain border: 1 MP, open
 * in rain and flood. */
static void test_10_1_2_corner_without_river(void **state)
{
	struct tq_step s = crossing("S21", "S25");
	(void)state;
	assert_true(s.corner >= 0);
	assert_int_equal(s.crossing, TQ_PLAIN);
	assert_int_equal(s.cost, 1);
	assert_false(tq_crossing_closed(D, TQ_WEATHER_RAIN, s.crossing));
	assert_false(tq_crossing_closed(D, TQ_WEATHER_FLOOD, s.crossing));
	assert_true(tq_adjacent(D, A("S26"), A("S22")));
}

/* 2.0: areas are entered from adjacent areas only: G1 (Savannah) and G4
 * (Augusta) share neither a border nor a corner. */
static void test_2_0_not_adjacent(void **state)
{
	struct tq_step s;
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	char why[200];
	(void)state;
	assert_false(tq_crossing_between(D, A("G1"), A("G4"), &s));
	assert_false(tq_adjacent(D, A("G1"), A("G4")));
	assert_false(tq_adjacent(D, A("G1"), A("G1")));
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("G1"), A("G4"), 6, &s, why,
				 sizeof why), -1);
	assert_int_equal(s.refusal, TQ_NOT_ADJACENT);
	assert_string_equal(why, "G4 is not adjacent to G1 (no border or corner between them)");
}

/* Neighbours: G2's borders (G1, G3, G7, S1, S2) and its corner crossing
 * to G8, each with its crossing. */
static void test_neighbours_of_g2(void **state)
{
	struct tq_step ns[32];
	int out[32], n = tq_neighbours(D, A("G2"), ns, 32);
	(void)state;
	for (int i = 0; i < n; i++)
		out[i] = ns[i].to;
	AREAS(out, n, "G1", "G3", "G7", "S1", "S2", "G8");
	for (int i = 0; i < n; i++) {
		if (ns[i].to == A("G8"))
			assert_int_equal(ns[i].crossing, TQ_CORNER_WITH_RIVER);
		if (ns[i].to == A("S2"))
			assert_int_equal(ns[i].crossing, TQ_RIVER_WITHOUT_ROAD);
		if (ns[i].to == A("S1"))
			assert_int_equal(ns[i].crossing, TQ_RIVER_WITH_ROAD);
	}
	/* a short buffer: the count is still the whole */
	assert_int_equal(tq_neighbours(D, A("G2"), ns, 2), 6);
}

/* ---- 10.6: swamps ---- */

/* 10.6: "All British SPs of any kind, all French units and Continental
 * regular SPs may not enter swamp areas except across boundaries that are
 * crossed by a road": S24 (Snow's Island) from S13 (Georgetown) by road,
 * not from S18 across the river without a road. */
static void test_10_6_british_enter_swamp_only_by_road(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 8);
	struct tq_step s;
	char why[200];
	(void)state;
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("S13"), A("S24"), 6, &s, why,
				 sizeof why), 0);
	assert_int_equal(s.cost, 1);
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 6, &s, why,
				 sizeof why), -1);
	assert_int_equal(s.refusal, TQ_SWAMP);
	assert_string_equal(why, "S24 is a swamp, entered by British regulars only across a "
			    "border crossed by a road; from S18 it is a river without a road");
	/* cavalry and Loyalist militia are British SPs "of any kind" */
	f = force(TQ_BRITISH, TQ_BRITISH_CAVALRY, 2);
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 6, &s, NULL, 0), -1);
	f = force(TQ_BRITISH, TQ_LOYALIST_MILITIA, 2);
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 6, &s, why,
				 sizeof why), -1);
	assert_non_null(strstr(why, "entered by Loyalist militia only"));
	/* G9 (the Altamaha): from G8 by road, not from G7 across a plain border */
	f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 8);
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("G8"), A("G9"), 6, &s, NULL, 0), 0);
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("G7"), A("G9"), 6, &s, NULL, 0), -1);
	assert_int_equal(s.refusal, TQ_SWAMP);
}

/* 10.6: French units and Continental regular SPs too; Continental cavalry
 * count as Continental regulars (ruling). */
static void test_10_6_french_and_continental_regulars(void **state)
{
	struct tq_step s;
	const enum tq_unit_kind bound[] = { TQ_CONTINENTAL_REGULAR, TQ_CONTINENTAL_CAVALRY,
					    TQ_FRENCH_REGULAR, TQ_FRENCH_CAVALRY };
	(void)state;
	for (size_t i = 0; i < sizeof bound / sizeof *bound; i++) {
		struct tq_movers f = force(TQ_CONTINENTAL, bound[i], 4);
		assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 6, &s,
					 NULL, 0), -1);
		assert_int_equal(s.refusal, TQ_SWAMP);
		assert_int_equal(tq_step(D, &f, TQ_WEATHER_CLEAR, A("S13"), A("S24"), 6, &s,
					 NULL, 0), 0);
	}
}

/* 10.6 names neither Continental militia (11.3.5's Swamp Foxes), nor
 * leaders, nor baggage trains (rulings): they enter S24 across the river
 * from S18, at its 2 MP; a militia force with one regular SP may not. */
static void test_10_6_militia_leaders_and_trains_enter_freely(void **state)
{
	struct tq_movers m = force(TQ_CONTINENTAL, TQ_CONTINENTAL_MILITIA, 6);
	struct tq_movers l = leader_alone(TQ_BRITISH);
	struct tq_movers b = force(TQ_BRITISH, TQ_BAGGAGE_TRAIN, 1);
	struct tq_step s;
	(void)state;
	b.nleaders = 0;
	assert_int_equal(tq_step(D, &m, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 10, &s, NULL, 0), 0);
	assert_int_equal(s.cost, 2);
	assert_int_equal(tq_step(D, &l, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 12, &s, NULL, 0), 0);
	assert_int_equal(tq_step(D, &b, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 4, &s, NULL, 0), 0);
	assert_int_equal(tq_force_swamp_bound(D, &m), -1);
	m.count[TQ_CONTINENTAL_REGULAR] = 1;
	assert_int_equal(tq_force_swamp_bound(D, &m), TQ_CONTINENTAL_REGULAR);
	assert_int_equal(tq_step(D, &m, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 10, &s, NULL, 0), -1);
	/* a train with British regulars is held by them */
	b.count[TQ_BRITISH_REGULAR] = 5;
	assert_int_equal(tq_step(D, &b, TQ_WEATHER_CLEAR, A("S18"), A("S24"), 4, &s, NULL, 0), -1);
}

/* 10.6 with 10.1.2: a corner is never crossed by a road, so S12 (the
 * Santee delta, a swamp) is never entered by British SPs across its
 * corner from S14; Continental militia may (2 MP, a river corner). */
static void test_10_6_swamp_never_by_corner(void **state)
{
	struct tq_movers b = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 5);
	struct tq_movers m = force(TQ_CONTINENTAL, TQ_CONTINENTAL_MILITIA, 5);
	struct tq_step s;
	(void)state;
	assert_int_equal(tq_step(D, &b, TQ_WEATHER_CLEAR, A("S14"), A("S12"), 6, &s, NULL, 0), -1);
	assert_int_equal(s.refusal, TQ_SWAMP);
	assert_int_equal(tq_step(D, &m, TQ_WEATHER_CLEAR, A("S14"), A("S12"), 10, &s, NULL, 0), 0);
	assert_int_equal(s.crossing, TQ_CORNER_WITH_RIVER);
	assert_int_equal(s.cost, 2);
}

/* ---- 10.1.1, 10.2.3, 8.3.3: the allowance ---- */

/* 10.1.1: "a force with cavalry and a baggage train would move 4
 * movement points (the speed of the baggage train)"; 10.2.3: leaders on
 * their own 12. */
static void test_10_1_1_slowest_component(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_CAVALRY, 3);
	(void)state;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), D->units[TQ_BRITISH_CAVALRY].mp);
	assert_true(D->units[TQ_BRITISH_CAVALRY].mp > 4);
	f.count[TQ_BAGGAGE_TRAIN] = 1;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), 4);
	f = force(TQ_CONTINENTAL, TQ_CONTINENTAL_CAVALRY, 2);
	f.count[TQ_BAGGAGE_TRAIN] = 1;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), 4);
	/* 2.0: Continental militia "move as fast as cavalry" */
	f = force(TQ_CONTINENTAL, TQ_CONTINENTAL_MILITIA, 5);
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), D->units[TQ_CONTINENTAL_CAVALRY].mp);
	/* infantry slow the cavalry */
	f = force(TQ_BRITISH, TQ_BRITISH_CAVALRY, 3);
	f.count[TQ_BRITISH_REGULAR] = 10;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), D->units[TQ_BRITISH_REGULAR].mp);
	/* 10.2.3 */
	f = leader_alone(TQ_CONTINENTAL);
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), 12);
	f.nleaders = 3;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), 12);
	f.nleaders = 0;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), 0);
	/* 8.2: a baggage train moving alone */
	f = force(TQ_CONTINENTAL, TQ_BAGGAGE_TRAIN, 1);
	f.nleaders = 0;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_CLEAR), 4);
}

/* 8.3.3: heat affects movement (terrain_effects' mp_change): each kind's
 * allowance changes, and the slowest changed component sets the force's;
 * rain and flood take no MP. */
static void test_8_3_3_heat_changes_the_allowance(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	const int (*ch)[TQ_UNIT_KINDS] = D->tables.mp_change;
	(void)state;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_HEAT),
			 D->units[TQ_BRITISH_REGULAR].mp + ch[TQ_WEATHER_HEAT][TQ_BRITISH_REGULAR]);
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_HEAT), 4);
	f.count[TQ_BAGGAGE_TRAIN] = 1;
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_HEAT), 3);
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_RAIN), 4);
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_FLOOD), 4);
	f = leader_alone(TQ_BRITISH);
	assert_int_equal(tq_force_mp(D, &f, TQ_WEATHER_HEAT), 12);
}

/* ---- paths ---- */

/* 10.1: a path from G1 (Savannah): across the Ogeechee by the road into
 * G8 (1 MP) and by road into the swamp G9 (1 MP): 2 MP spent. */
static void test_10_1_path_total_cost(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	int path[] = { A("G8"), A("G9") }, spent = -1, failed = 9;
	(void)state;
	assert_int_equal(tq_path(D, &f, TQ_WEATHER_CLEAR, A("G1"), path, 2, 6, &spent, &failed,
				 NULL, 0), 0);
	assert_int_equal(spent, 2);
	assert_int_equal(failed, -1);
	/* G1, G2, then across the Ogeechee without a road into G7: 1 + 2 */
	int p2[] = { A("G2"), A("G7") };
	assert_int_equal(tq_path(D, &f, TQ_WEATHER_CLEAR, A("G1"), p2, 2, 6, &spent, &failed,
				 NULL, 0), 0);
	assert_int_equal(spent, 3);
}

/* 10.1: "within the limits of their movement point allowance": with 2 MP
 * the river without a road (2 MP) after a road (1 MP) is refused at the
 * second step. */
static void test_10_1_path_beyond_the_allowance(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	int path[] = { A("G2"), A("G7") }, spent = -1, failed = -1;
	char why[300];
	(void)state;
	assert_int_equal(tq_path(D, &f, TQ_WEATHER_CLEAR, A("G1"), path, 2, 2, &spent, &failed,
				 why, sizeof why), -1);
	assert_int_equal(failed, 1);
	assert_int_equal(spent, 1);
	assert_string_equal(why, "step 2: G2 to G7 is a river without a road: 2 MP "
			    "needed, 1 left");
}

/* 10.1.2, 8.3.4: rain closes the river without a road; flood closes the
 * Ogeechee even where the road crosses it. */
static void test_10_1_2_path_closed_by_weather(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	int path[] = { A("G2"), A("G7") }, p2[] = { A("G8") }, spent, failed;
	char why[300];
	struct tq_step s;
	(void)state;
	assert_int_equal(tq_path(D, &f, TQ_WEATHER_RAIN, A("G1"), path, 2, 6, &spent, &failed,
				 why, sizeof why), -1);
	assert_int_equal(failed, 1);
	assert_string_equal(why, "step 2: the border between G2 and G7 is a river "
			    "without a road, closed by rain");
	assert_int_equal(tq_path(D, &f, TQ_WEATHER_RAIN, A("G1"), p2, 1, 6, &spent, &failed,
				 NULL, 0), 0);
	assert_int_equal(tq_path(D, &f, TQ_WEATHER_FLOOD, A("G1"), p2, 1, 6, &spent, &failed,
				 why, sizeof why), -1);
	assert_int_equal(failed, 0);
	assert_string_equal(why, "step 1: the border between G1 and G8 is a river "
			    "with a road, closed by flood");
	/* the corner G1-G7 in rain */
	assert_int_equal(tq_step(D, &f, TQ_WEATHER_RAIN, A("G1"), A("G7"), 6, &s, why, sizeof why),
			 -1);
	assert_int_equal(s.refusal, TQ_CLOSED);
	assert_string_equal(why, "the corner between G1 and G7 is a corner of four areas at a "
			    "river, closed by rain");
}

/* 10.6 in a path: G8, G7, then G9 across a plain border: refused at the
 * swamp for British regulars, taken by Continental militia. */
static void test_10_6_path_refused_at_the_swamp(void **state)
{
	struct tq_movers b = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	struct tq_movers m = force(TQ_CONTINENTAL, TQ_CONTINENTAL_MILITIA, 4);
	int path[] = { A("G7"), A("G9") }, spent, failed;
	char why[300];
	(void)state;
	assert_int_equal(tq_path(D, &b, TQ_WEATHER_CLEAR, A("G8"), path, 2, 6, &spent, &failed,
				 why, sizeof why), -1);
	assert_int_equal(failed, 1);
	assert_non_null(strstr(why, "G9 is a swamp, entered by British regulars only across a "
				    "border crossed by a road"));
	assert_int_equal(tq_path(D, &m, TQ_WEATHER_CLEAR, A("G8"), path, 2, 10, &spent, &failed,
				 NULL, 0), 0);
	assert_int_equal(spent, 2);
}

/* ---- 2.0, 11.1, 14.2: rank and command ---- */

static struct tq_ranked R(const char *name, bool c_in_c, int sps)
{
	return (struct tq_ranked){ .leader = L(name), .c_in_c = c_in_c, .sps = sps };
}

static int outranks(struct tq_ranked a, struct tq_ranked b)
{
	int x = tq_outranks(D, &a, &b), y = tq_outranks(D, &b, &a);
	assert_int_equal(x, -y);
	return x;
}

/* 11.1.4 b: "Cornwallis is senior to Prevost, and both are outranked by
 * Clinton", all three Commanders-in-Chief on the board at once. */
static void test_11_1_4_b_clinton_cornwallis_prevost(void **state)
{
	struct tq_ranked ls[] = { R("Prevost", true, 0), R("Cornwallis", true, 0),
				  R("Clinton", true, 0) };
	(void)state;
	assert_true(outranks(ls[2], ls[1]) > 0);
	assert_true(outranks(ls[1], ls[0]) > 0);
	assert_true(outranks(ls[2], ls[0]) > 0);
	assert_int_equal(tq_commander(D, ls, 3), 2);
	assert_int_equal(tq_commander(D, ls, 2), 1);
}

/* 2.0: "Commander-in-Chief (C-in-C), 3-Star General, 2-Star General,
 * 1-Star General, Colonel": Campbell, a colonel, as C-in-C (17.1.2)
 * outranks Leslie (2-star); not C-in-C, he does not. */
static void test_2_0_rank_order(void **state)
{
	(void)state;
	assert_true(outranks(R("Campbell", true, 0), R("Leslie", false, 0)) > 0);
	assert_true(outranks(R("Campbell", false, 0), R("Leslie", false, 0)) < 0);
	assert_true(outranks(R("Leslie", false, 0), R("O'Hara", false, 0)) > 0);   /* 2 > 1 star */
	assert_true(outranks(R("O'Hara", false, 0), R("Tarleton", false, 0)) > 0); /* 1 star > colonel */
	/* two regular colonels are equal: the owner chooses (2.0), the first listed */
	assert_int_equal(outranks(R("Tarleton", false, 0), R("Webster", false, 0)), 0);
	struct tq_ranked ls[] = { R("Webster", false, 0), R("Tarleton", false, 0) };
	assert_int_equal(tq_commander(D, ls, 2), 0);
	assert_int_equal(tq_commander(D, ls, 0), -1);
	/* 11.1.3 b: Washington is superior to any other C-in-C */
	assert_true(outranks(R("Washington", true, 0), R("Greene", true, 0)) > 0);
}

/* 11.1.1: "Regular Leaders outrank Provincial Leaders of the same rank.
 * Thus a regular colonel outranks a Provincial colonel." */
static void test_11_1_1_regular_over_provincial(void **state)
{
	(void)state;
	assert_true(outranks(R("Webster", false, 0), R("Cruger", false, 0)) > 0);
	assert_int_equal(outranks(R("Brown", false, 0), R("Cruger", false, 0)), 0);
	struct tq_ranked ls[] = { R("Cruger", false, 0), R("Brown", false, 0),
				  R("Moncrief", false, 0) };
	assert_int_equal(tq_commander(D, ls, 3), 2);
}

/* 11.1.2: "a regular general outranks a militia general. A militia
 * general, however, outranks a regular colonel": Huger (1-star regular)
 * over Sumner (1-star NC militia) over W. Washington (regular colonel);
 * Caswell (2-star militia) over Huger (1-star). */
static void test_11_1_2_regular_and_militia(void **state)
{
	(void)state;
	assert_true(outranks(R("Huger", false, 0), R("Sumner", false, 0)) > 0);
	assert_true(outranks(R("Sumner", false, 0), R("W. Washington", false, 0)) > 0);
	assert_true(outranks(R("Caswell", false, 0), R("Huger", false, 0)) > 0);
	assert_true(outranks(R("W. Washington", false, 0), R("Clarke", false, 0)) > 0);
}

/* 14.2.1: the French leaders "outrank all other Continental leaders aside
 * from the Continental Commander-in-Chief"; 14.2.2: with the C-in-C,
 * "whoever has the most SPs in the area is the ranking commander" (equal
 * SPs: the C-in-C, ruling). */
static void test_14_2_french_leaders(void **state)
{
	(void)state;
	assert_true(outranks(R("D'Estaing", false, 10), R("De Kalb", false, 40)) > 0);
	assert_true(outranks(R("Rochambeau", false, 10), R("Lafayette", false, 40)) > 0);
	assert_true(outranks(R("D'Estaing", false, 30), R("Lincoln", true, 20)) > 0);
	assert_true(outranks(R("D'Estaing", false, 30), R("Lincoln", true, 40)) < 0);
	assert_true(outranks(R("Rochambeau", false, 25), R("Greene", true, 25)) < 0);
	struct tq_ranked ls[] = { R("Huger", false, 0), R("Lincoln", true, 12),
				  R("D'Estaing", false, 35) };
	assert_int_equal(tq_commander(D, ls, 3), 2);
	ls[2].sps = 5;
	assert_int_equal(tq_commander(D, ls, 3), 1);
}

/* 10.2: colonels 15 SPs, one- or two-star generals 40, C-in-Cs no limit;
 * "Even though Campbell is a Colonel, if he becomes C-in-C, he can move
 * an unlimited number of SPs." */
static void test_10_2_command_limits(void **state)
{
	struct tq_ranked l;
	(void)state;
	l = R("Tarleton", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), 15);
	l = R("Huger", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), 40);
	l = R("Caswell", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), 40);
	l = R("Campbell", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), 15);
	l = R("Campbell", true, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), TQ_UNLIMITED);
	l = R("Cornwallis", true, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), TQ_UNLIMITED);
	l = R("Washington", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), TQ_UNLIMITED);
	/* rulings: a French leader has none (14.2), a 3-star not C-in-C 40 */
	l = R("D'Estaing", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), TQ_UNLIMITED);
	l = R("Clinton", false, 0);
	assert_int_equal(tq_leader_command_limit(D, &l), 40);
}

/* 10.2: "Colonels Limited to activating 15 SPs for movement", refused
 * beyond, with the leader and his limit named. */
static void test_10_2_command_check(void **state)
{
	struct tq_ranked l = R("Tarleton", false, 0);
	char why[200];
	(void)state;
	assert_int_equal(tq_command_check(D, &l, 15, why, sizeof why), 0);
	assert_int_equal(tq_command_check(D, &l, 16, why, sizeof why), -1);
	assert_string_equal(why, "Tarleton, a colonel, activates at most 15 SPs (10.2), not 16");
	l = R("Huger", false, 0);
	assert_int_equal(tq_command_check(D, &l, 40, NULL, 0), 0);
	assert_int_equal(tq_command_check(D, &l, 41, NULL, 0), -1);
	l = R("Campbell", true, 0);
	assert_int_equal(tq_command_check(D, &l, 100, NULL, 0), 0);
}

/* 14.1.1: "These French SPs must always remain together. and are always
 * considered a separate force for movement". */
static void test_14_1_1_french_a_separate_force(void **state)
{
	struct tq_movers f = force(TQ_CONTINENTAL, TQ_FRENCH_REGULAR, 20);
	char why[200];
	(void)state;
	f.count[TQ_FRENCH_CAVALRY] = 2;
	f.count[TQ_BAGGAGE_TRAIN] = 1;
	assert_int_equal(tq_force_check(D, &f, why, sizeof why), 0);
	f.count[TQ_CONTINENTAL_REGULAR] = 5;
	assert_int_equal(tq_force_check(D, &f, why, sizeof why), -1);
	assert_string_equal(why, "the French SPs are always a separate force for movement "
			    "(14.1.1): 22 French SPs with 5 others");
	f = force(TQ_CONTINENTAL, TQ_CONTINENTAL_REGULAR, 5);
	f.count[TQ_CONTINENTAL_MILITIA] = 5;
	assert_int_equal(tq_force_check(D, &f, NULL, 0), 0);
}

/* 10.4.1, 10.4.3: an overrun of 1 to 3 enemy SPs costs 1, 2 or 3 MP;
 * no overrun of 4. */
static void test_10_4_3_overrun_mp(void **state)
{
	(void)state;
	assert_int_equal(tq_overrun_mp(D, 1), 1);
	assert_int_equal(tq_overrun_mp(D, 2), 2);
	assert_int_equal(tq_overrun_mp(D, 3), 3);
	assert_int_equal(tq_overrun_mp(D, 4), -1);
	assert_int_equal(tq_overrun_mp(D, 0), -1);
}

/* 10.7: "If a British force containing regulars enters a colony where
 * previously there were no British regulars, the movement of that force
 * is temporarily halted in the first area of that colony that it moved
 * into": from G1 (Savannah) into S1 with British regulars in Georgia
 * only; not when South Carolina has some (10.7.5), nor for Loyalist
 * militia alone, nor within Georgia. */
static void test_10_7_invasion_halts(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 10);
	unsigned georgia = 1u << TQ_GEORGIA, both = georgia | 1u << TQ_SOUTH_CAROLINA;
	(void)state;
	assert_true(tq_invasion_halts(D, &f, A("G1"), A("S1"), georgia));
	assert_false(tq_invasion_halts(D, &f, A("G1"), A("S1"), both));
	assert_false(tq_invasion_halts(D, &f, A("G1"), A("G2"), georgia));
	f = force(TQ_BRITISH, TQ_LOYALIST_MILITIA, 4);
	assert_false(tq_invasion_halts(D, &f, A("G1"), A("S1"), georgia));
	f.count[TQ_BRITISH_CAVALRY] = 1;
	assert_true(tq_invasion_halts(D, &f, A("G1"), A("S1"), georgia));
}

/* 10.5's example: "Colonel Webster and 10 British SPs in S13 (Georgetown)
 * ... He rolls a 5. Webster and 5 British SPs are placed in the 'At Sea'
 * box. During a British endeavor in March, he decides to land Webster and
 * his force at Norfolk. ... Now that the 'At Sea' box is empty, the
 * British player could embark more units from Georgetown." */
static void test_10_5_example_webster_by_sea(void **state)
{
	char why[200];
	(void)state;
	assert_int_equal(tq_embark_check(D, A("S13"), false, false, 5, 5, 0, 0, why, sizeof why),
			 0);
	assert_int_equal(tq_embark_check(D, A("S13"), false, false, 5, 6, 0, 0, why, sizeof why),
			 -1);
	assert_string_equal(why, "6 SPs and 0 baggage trains count 6 SPs; the dice allow 5 "
			    "(10.5.3, 10.5.4)");
	/* 10.5.8: while Webster is at sea, nobody else embarks */
	assert_int_equal(tq_embark_check(D, A("S13"), false, true, 12, 5, 0, 0, why, sizeof why),
			 -1);
	assert_true(tq_landing_area(D, A("V1")));
	/* the At Sea box empty again */
	assert_int_equal(tq_embark_check(D, A("S13"), false, false, 5, 5, 0, 0, NULL, 0), 0);
}

/* 10.5.4: "Baggage trains count as 3 SPs for this purpose. Magazines
 * cannot be moved by sea"; 10.5.3 a port area; 10.5.11 not with the
 * French Field Force on the board; 10.5.10 no landing where no road. */
static void test_10_5_embarking_and_landing(void **state)
{
	char why[200];
	(void)state;
	assert_int_equal(tq_embark_check(D, A("G1"), false, false, 7, 4, 1, 0, NULL, 0), 0);
	assert_int_equal(tq_embark_check(D, A("G1"), false, false, 6, 4, 1, 0, NULL, 0), -1);
	assert_int_equal(tq_embark_check(D, A("G1"), false, false, 12, 4, 0, 1, why, sizeof why),
			 -1);
	assert_string_equal(why, "magazines cannot be moved by sea (10.5.4)");
	assert_int_equal(tq_embark_check(D, A("G2"), false, false, 12, 4, 0, 0, why, sizeof why),
			 -1);
	assert_string_equal(why, "G2 is no port (10.5.3)");
	assert_int_equal(tq_embark_check(D, A("G1"), true, false, 12, 4, 0, 0, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "10.5.11"));
	assert_false(tq_landing_area(D, A("G2")));   /* no port */
	assert_false(tq_landing_area(D, A("G9")));   /* a coast, no port */
	assert_true(tq_landing_area(D, A("G1")));
}

/* 10.6 in the data: every kind has its `swamps` key, and 10.6's named
 * kinds are bound. */
static void test_10_6_every_kind_in_the_data(void **state)
{
	static const char *const keys[] = { "british_regular", "british_cavalry",
		"loyalist_militia", "continental_regular", "continental_cavalry",
		"continental_militia", "french", "french_cavalry", "baggage_train", "leader_alone" };
	int v;
	(void)state;
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		assert_true(tq_number(D, "swamps", keys[i], &v));
	assert_true(tq_swamp_road_only(D, TQ_BRITISH_REGULAR));
	assert_true(tq_swamp_road_only(D, TQ_LOYALIST_MILITIA));
	assert_true(tq_swamp_road_only(D, TQ_FRENCH_CAVALRY));
	assert_true(tq_swamp_road_only(D, TQ_CONTINENTAL_REGULAR));
	assert_false(tq_swamp_road_only(D, TQ_CONTINENTAL_MILITIA));
}

/* ---- 11.4, 11.3: retreats ---- */

/* 11.4: from G2, British regulars beaten with the enemy in G1 retreat to
 * an adjacent area not occupied by the enemy: G3, G7, S1 and across the
 * corner to G8, not S2 (a swamp across a river without a road: 10.6,
 * ruling). In rain not across a river without a road (G7) nor the river
 * corner (G8); in flood across no river (S1 neither). */
static void test_11_4_retreat_after_combat(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 6);
	bool enemy[TQ_MAX_AREAS] = { false };
	int out[32], n;
	(void)state;
	enemy[A("G1")] = true;
	n = tq_retreat_after(D, &f, TQ_WEATHER_CLEAR, A("G2"), enemy, out, 32);
	AREAS(out, n, "G3", "G7", "S1", "G8");
	n = tq_retreat_after(D, &f, TQ_WEATHER_RAIN, A("G2"), enemy, out, 32);
	AREAS(out, n, "G3", "S1");
	n = tq_retreat_after(D, &f, TQ_WEATHER_FLOOD, A("G2"), enemy, out, 32);
	AREAS(out, n, "G3");
	/* Continental militia may retreat into the swamp S2 */
	f = force(TQ_CONTINENTAL, TQ_CONTINENTAL_MILITIA, 6);
	n = tq_retreat_after(D, &f, TQ_WEATHER_CLEAR, A("G2"), enemy, out, 32);
	AREAS(out, n, "G3", "G7", "S1", "S2", "G8");
}

/* 11.4, 11.4.1: S10 (Beaufort) is bounded by rivers only: in rain only
 * across the road into S9, in flood nowhere (unable to retreat). */
static void test_11_4_unable_to_retreat_in_flood(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 6);
	int out[32], n;
	(void)state;
	n = tq_retreat_after(D, &f, TQ_WEATHER_CLEAR, A("S10"), NULL, out, 32);
	AREAS(out, n, "S8", "S9");
	n = tq_retreat_after(D, &f, TQ_WEATHER_RAIN, A("S10"), NULL, out, 32);
	AREAS(out, n, "S9");
	assert_int_equal(tq_retreat_after(D, &f, TQ_WEATHER_FLOOD, A("S10"), NULL, out, 32), 0);
}

/* 11.3.1: "he may retreat one area that he could legally move into":
 * legal steps (weather, 10.6), not into the enemy (ruling). From S18
 * British regulars: S12 (a swamp by the road across the river), S13, S14,
 * S22, the corner to S17; not S24 (10.6). */
static void test_11_3_1_retreat_before_combat(void **state)
{
	struct tq_movers f = force(TQ_BRITISH, TQ_BRITISH_REGULAR, 6);
	bool enemy[TQ_MAX_AREAS] = { false };
	int out[32], n;
	(void)state;
	n = tq_retreat_before(D, &f, TQ_WEATHER_CLEAR, A("S18"), enemy, out, 32);
	AREAS(out, n, "S12", "S13", "S14", "S22", "S17");
	enemy[A("S13")] = true;
	n = tq_retreat_before(D, &f, TQ_WEATHER_RAIN, A("S18"), enemy, out, 32);
	AREAS(out, n, "S12", "S14", "S22");
}

/* 11.3.5: "If the defending force is commanded by a Continental militia
 * Leader and composed solely of Continental militia SPs, and there is a
 * swamp area adjacent to their area which they can legally enter": from
 * S18 the swamps S24 (across the river without a road) and S12; in rain
 * only S12 (the river there has a road). */
static void test_11_3_5_swamp_foxes(void **state)
{
	struct tq_movers f = force(TQ_CONTINENTAL, TQ_CONTINENTAL_MILITIA, 5);
	int out[32], n;
	(void)state;
	assert_true(tq_swamp_foxes(D, &f, L("Sumter")));
	assert_true(tq_swamp_foxes(D, &f, L("Clarke")));
	assert_false(tq_swamp_foxes(D, &f, L("Huger")));
	n = tq_swamp_fox_areas(D, &f, TQ_WEATHER_CLEAR, A("S18"), NULL, out, 32);
	AREAS(out, n, "S24", "S12");
	n = tq_swamp_fox_areas(D, &f, TQ_WEATHER_RAIN, A("S18"), NULL, out, 32);
	AREAS(out, n, "S12");
	f.count[TQ_CONTINENTAL_REGULAR] = 1;
	assert_false(tq_swamp_foxes(D, &f, L("Sumter")));
	/* with the regular the force is bound by 10.6: S12 by road only */
	n = tq_swamp_fox_areas(D, &f, TQ_WEATHER_CLEAR, A("S18"), NULL, out, 32);
	AREAS(out, n, "S12");
}

/* ---- 5.4.1 a: a magazine's supply ---- */

static int reach(enum tq_side side, enum tq_weather w, const char *at, bool *sup)
{
	return tq_magazine_reach(D, side, w, A(at), sup);
}

/* 5.4.1 a: "A magazine supplies all friendly forces in its own area and
 * up to two areas beyond": from S13 (Georgetown) in clear weather S14 and
 * S22 (two beyond, by S18) are supplied, S26 and S15 (three) are not.
 * "In the case of the British, the supply path ... cannot be traced into
 * or through a swamp area except along a road": the British reach S24
 * and S12 by road and S25 through S24 along the road, but not N10 (no
 * road in), nor S16 or S17 (out of S12 without a road); the
 * Continentals reach N10 and S16. */
static void test_5_4_1_a_magazine_range_and_swamps(void **state)
{
	bool b[TQ_MAX_AREAS], c[TQ_MAX_AREAS];
	int range = 0;
	(void)state;
	assert_true(tq_number(D, "supply", "magazine_range_areas", &range));
	assert_int_equal(range, 2);
	reach(TQ_BRITISH, TQ_WEATHER_CLEAR, "S13", b);
	reach(TQ_CONTINENTAL, TQ_WEATHER_CLEAR, "S13", c);
	const char *both[] = { "S13", "S12", "S18", "S23", "S24", "S11", "S14", "S22", "S25" };
	for (size_t i = 0; i < sizeof both / sizeof *both; i++) {
		assert_true(b[A(both[i])]);
		assert_true(c[A(both[i])]);
	}
	assert_false(b[A("N10")]);
	assert_true(c[A("N10")]);
	assert_false(b[A("S16")]);
	assert_true(c[A("S16")]);
	assert_false(b[A("S26")]);
	assert_false(c[A("S26")]);
	assert_false(c[A("S20")]);
}

/* 5.4.1 a: "cannot be traced across a river boundary without a road
 * during rain, and cannot be traced across any river boundary during
 * flood": from G2 (Ebenezer), G7 lies across the Ogeechee without a road
 * (one area beyond): supplied in clear weather, not in rain (every way in
 * within two areas crosses a river without a road or the river corner);
 * G8 by the road across the Ogeechee from G1 stays supplied in rain, and
 * in flood is cut off, as S1 across the Savannah. */
static void test_5_4_1_a_rain_and_flood(void **state)
{
	bool s[TQ_MAX_AREAS];
	(void)state;
	reach(TQ_CONTINENTAL, TQ_WEATHER_CLEAR, "G2", s);
	assert_true(s[A("G7")]);
	assert_true(s[A("G8")]);
	assert_true(s[A("S1")]);
	reach(TQ_CONTINENTAL, TQ_WEATHER_RAIN, "G2", s);
	assert_false(s[A("G7")]);
	assert_true(s[A("G8")]);
	assert_true(s[A("S1")]);
	reach(TQ_CONTINENTAL, TQ_WEATHER_FLOOD, "G2", s);
	assert_true(s[A("G2")]);
	assert_true(s[A("G1")]);
	assert_true(s[A("G3")]);
	assert_false(s[A("G7")]);
	assert_false(s[A("G8")]);
	assert_false(s[A("S1")]);
}

/* 2.0: "A Base of Operations ... also functions as a magazine": the
 * Continental base at Richmond (V28) reaches its neighbours, and the
 * count is the number of areas supplied. */
static void test_2_0_base_of_operations_as_magazine(void **state)
{
	bool s[TQ_MAX_AREAS];
	int n = reach(TQ_CONTINENTAL, TQ_WEATHER_CLEAR, "V28", s), k = 0;
	(void)state;
	for (int i = 0; i < D->nareas; i++)
		k += s[i];
	assert_int_equal(n, k);
	assert_true(s[A("V28")]);
	assert_true(s[A("V23")]);
}

/* ---- the map's places ---- */

/* 6.3.1, 7.1.3: the ports; 6.5, 7.1.4: a colony's settlements (Savannah
 * a city, 4.9); 6.2: "any Virginia area at the north edge of the map". */
static void test_places(void **state)
{
	int out[TQ_MAX_AREAS], n;
	(void)state;
	n = tq_ports(D, out, TQ_MAX_AREAS);
	AREAS(out, n, "G1", "S10", "S11", "S13", "N16", "N19", "V1", "V18");
	n = tq_settlements(D, TQ_GEORGIA, false, out, TQ_MAX_AREAS);
	AREAS(out, n, "G2", "G4", "G5", "G6", "G8", "G9");
	n = tq_settlements(D, TQ_GEORGIA, true, out, TQ_MAX_AREAS);
	AREAS(out, n, "G1", "G2", "G4", "G5", "G6", "G8", "G9");
	n = tq_north_edge(D, out, TQ_MAX_AREAS);
	AREAS(out, n, "V22", "V24", "V25", "V26", "V27");
	/* 2.0: Norfolk (V1) is a port but not a settlement */
	n = tq_settlements(D, TQ_VIRGINIA, true, out, TQ_MAX_AREAS);
	for (int i = 0; i < n; i++)
		assert_int_not_equal(out[i], A("V1"));
	assert_true(tq_settlements(D, TQ_VIRGINIA, true, out, TQ_MAX_AREAS) > 0);
}

/* 11.4.5, 6.2: "nearest" counted in areas crossed: from G1 (Savannah),
 * G2 and G8 are 1, G7 1 across the corner, G3 2, G4 (Augusta) 2 by G7,
 * G6 3, Yorktown (V18) 14; every area of the map is reachable. */
static void test_11_4_5_distances(void **state)
{
	int dist[TQ_MAX_AREAS];
	(void)state;
	tq_distances(D, A("G1"), dist);
	assert_int_equal(dist[A("G1")], 0);
	assert_int_equal(dist[A("G2")], 1);
	assert_int_equal(dist[A("G8")], 1);
	assert_int_equal(dist[A("G7")], 1);
	assert_int_equal(dist[A("G3")], 2);
	assert_int_equal(dist[A("G4")], 2);
	assert_int_equal(dist[A("G6")], 3);
	assert_int_equal(dist[A("V18")], 14);
	for (int i = 0; i < D->nareas; i++)
		assert_true(dist[i] >= 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_10_1_2_river_with_road_ogeechee),
		cmocka_unit_test(test_10_1_2_river_without_road_costs_two),
		cmocka_unit_test(test_10_1_2_road_and_plain_borders),
		cmocka_unit_test(test_10_1_2_corner_at_a_river),
		cmocka_unit_test(test_10_1_2_corner_without_river),
		cmocka_unit_test(test_2_0_not_adjacent),
		cmocka_unit_test(test_neighbours_of_g2),
		cmocka_unit_test(test_10_6_british_enter_swamp_only_by_road),
		cmocka_unit_test(test_10_6_french_and_continental_regulars),
		cmocka_unit_test(test_10_6_militia_leaders_and_trains_enter_freely),
		cmocka_unit_test(test_10_6_swamp_never_by_corner),
		cmocka_unit_test(test_10_1_1_slowest_component),
		cmocka_unit_test(test_8_3_3_heat_changes_the_allowance),
		cmocka_unit_test(test_10_1_path_total_cost),
		cmocka_unit_test(test_10_1_path_beyond_the_allowance),
		cmocka_unit_test(test_10_1_2_path_closed_by_weather),
		cmocka_unit_test(test_10_6_path_refused_at_the_swamp),
		cmocka_unit_test(test_11_1_4_b_clinton_cornwallis_prevost),
		cmocka_unit_test(test_2_0_rank_order),
		cmocka_unit_test(test_11_1_1_regular_over_provincial),
		cmocka_unit_test(test_11_1_2_regular_and_militia),
		cmocka_unit_test(test_14_2_french_leaders),
		cmocka_unit_test(test_10_2_command_limits),
		cmocka_unit_test(test_10_2_command_check),
		cmocka_unit_test(test_14_1_1_french_a_separate_force),
		cmocka_unit_test(test_10_4_3_overrun_mp),
		cmocka_unit_test(test_10_7_invasion_halts),
		cmocka_unit_test(test_10_5_example_webster_by_sea),
		cmocka_unit_test(test_10_5_embarking_and_landing),
		cmocka_unit_test(test_10_6_every_kind_in_the_data),
		cmocka_unit_test(test_11_4_retreat_after_combat),
		cmocka_unit_test(test_11_4_unable_to_retreat_in_flood),
		cmocka_unit_test(test_11_3_1_retreat_before_combat),
		cmocka_unit_test(test_11_3_5_swamp_foxes),
		cmocka_unit_test(test_5_4_1_a_magazine_range_and_swamps),
		cmocka_unit_test(test_5_4_1_a_rain_and_flood),
		cmocka_unit_test(test_2_0_base_of_operations_as_magazine),
		cmocka_unit_test(test_places),
		cmocka_unit_test(test_11_4_5_distances),
	};
	return cmocka_run_group_tests(tests, tq_setup_data, tq_teardown_data);
}
