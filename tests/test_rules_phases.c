/* The Political Control Phase (10.2, 10.3), winter attrition (11) and
 * victory (13), on small hand-made maps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "minimap.h"

struct world {
	struct ww_data *d;
	struct ww_state s;
	struct ww_events ev;
	struct mm_dice dice;
	struct wj_rng rng;
};

static struct world *world_new(void)
{
	struct world *w = calloc(1, sizeof *w);
	assert_non_null(w);
	w->d = mm_new();
	ww_state_init(&w->s);
	w->rng = mm_rng(&w->dice);
	return w;
}

static void world_free(struct world *w)
{
	ww_events_free(&w->ev);
	free(w->d);
	free(w);
}

static void dice(struct world *w, int n, const int *v)
{
	assert_true(n <= 32);
	for (int i = 0; i < n; i++)
		w->dice.v[i] = v[i];
	w->dice.n = n;
	w->dice.used = 0;
}

static void pc(struct world *w, int space, enum ww_side side)
{
	w->s.space[space].pc = (int8_t)side;
}

static void cu(struct world *w, int space, enum ww_nation nation, int n)
{
	w->s.space[space].cu[nation] = (uint8_t)n;
}

static enum ww_side pc_at(const struct world *w, int space)
{
	return (enum ww_side)w->s.space[space].pc;
}

/* ---- 10.31 American PC isolation ---- */

/* Example 1: A - B - Newport (C), A and B American, C uncontrolled. */
static void test_10_31_example_1_uncontrolled_space(void **state)
{
	(void)state;
	struct world *w = world_new();
	int ri = mm_colony(w->d, "RI", false);
	int a = mm_space(w->d, "A", ri, 0);
	int b = mm_space(w->d, "B", ri, 0);
	int c = mm_space(w->d, "Newport", ri, MM_PORT);
	mm_link(w->d, a, b);
	mm_link(w->d, b, c);
	int howe = mm_general(w->d, "Howe", WW_BRITISH, 0);
	pc(w, a, WW_AMERICAN);
	pc(w, b, WW_AMERICAN);

	w->s.general_at[howe] = (int16_t)c; /* a British general alone is no bar */
	ww_remove_isolated(w->d, &w->s, WW_AMERICAN, &w->ev);
	assert_int_equal(pc_at(w, a), WW_AMERICAN);
	assert_int_equal(pc_at(w, b), WW_AMERICAN);

	cu(w, c, WW_NAT_BRITISH, 1);
	ww_remove_isolated(w->d, &w->s, WW_AMERICAN, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	assert_int_equal(pc_at(w, b), WW_NOBODY);
	assert_true(mm_logged(&w->ev, "American PC in A is isolated and removed"));
	world_free(w);
}

/* Example 2: Newport (C) holds the Congress; British CUs all around. */
static void test_10_31_example_2_congress(void **state)
{
	(void)state;
	struct world *w = world_new();
	int ri = mm_colony(w->d, "RI", false);
	int a = mm_space(w->d, "A", ri, 0);
	int b = mm_space(w->d, "B", ri, 0);
	int c = mm_space(w->d, "Newport", ri, MM_PORT);
	int e = mm_space(w->d, "E", ri, 0);
	mm_link(w->d, a, b);
	mm_link(w->d, b, c);
	mm_link(w->d, a, e);
	mm_link(w->d, c, e);
	pc(w, a, WW_AMERICAN);
	pc(w, b, WW_AMERICAN);
	pc(w, c, WW_AMERICAN);
	cu(w, e, WW_NAT_BRITISH, 2);
	w->s.congress_at = (int16_t)c;
	ww_remove_isolated(w->d, &w->s, WW_AMERICAN, &w->ev);
	assert_int_equal(pc_at(w, a), WW_AMERICAN);
	assert_int_equal(pc_at(w, b), WW_AMERICAN);
	assert_int_equal(pc_at(w, c), WW_AMERICAN);

	w->s.congress_at = WW_LOC_DISPERSED;
	ww_remove_isolated(w->d, &w->s, WW_AMERICAN, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	assert_int_equal(pc_at(w, b), WW_NOBODY);
	assert_int_equal(pc_at(w, c), WW_NOBODY);
	world_free(w);
}

/* Example 3: B - C - A, all American; A holds the American CU. */
struct example3 {
	struct world *w;
	int a, b, c, greene, rochambeau;
};

static struct example3 example3(void)
{
	struct example3 x;
	struct world *w = x.w = world_new();
	int ny = mm_colony(w->d, "NY", false);
	x.a = mm_space(w->d, "A", ny, 0);
	x.b = mm_space(w->d, "B", ny, 0);
	x.c = mm_space(w->d, "C", ny, 0);
	int e = mm_space(w->d, "E", ny, 0);
	mm_link(w->d, x.b, x.c);
	mm_link(w->d, x.c, x.a);
	mm_link(w->d, x.b, e);
	x.greene = mm_general(w->d, "Greene", WW_AMERICAN, 0);
	x.rochambeau = mm_general(w->d, "Rochambeau", WW_AMERICAN, MM_ROCHAMBEAU);
	pc(w, x.a, WW_AMERICAN);
	pc(w, x.b, WW_AMERICAN);
	pc(w, x.c, WW_AMERICAN);
	pc(w, e, WW_BRITISH);
	return x;
}

static bool example3_survives(struct example3 *x)
{
	struct ww_state before = x->w->s;
	ww_remove_isolated(x->w->d, &x->w->s, WW_AMERICAN, &x->w->ev);
	bool kept = pc_at(x->w, x->a) == WW_AMERICAN && pc_at(x->w, x->b) == WW_AMERICAN
		    && pc_at(x->w, x->c) == WW_AMERICAN;
	x->w->s = before;
	return kept;
}

static void test_10_31_example_3_american_cu_or_general(void **state)
{
	(void)state;
	struct example3 x = example3();
	struct world *w = x.w;
	cu(w, x.a, WW_NAT_AMERICAN, 1);
	assert_true(example3_survives(&x));
	cu(w, x.c, WW_NAT_BRITISH, 3); /* the path runs through C all the same */
	assert_true(example3_survives(&x));
	cu(w, x.c, WW_NAT_BRITISH, 0);
	cu(w, x.a, WW_NAT_AMERICAN, 0);
	cu(w, x.a, WW_NAT_FRENCH, 1);
	assert_true(example3_survives(&x));
	cu(w, x.a, WW_NAT_FRENCH, 0);
	w->s.general_at[x.greene] = (int16_t)x.a;
	assert_true(example3_survives(&x));
	w->s.general_at[x.greene] = WW_LOC_REINFORCEMENTS;
	w->s.general_at[x.rochambeau] = (int16_t)x.a;
	assert_true(example3_survives(&x));
	w->s.general_at[x.rochambeau] = WW_LOC_FRENCH_BOX;
	assert_false(example3_survives(&x));
	world_free(w);
}

/* 10.31.B: all three go at once. Removing A first and looking again would
 * let C trace to the now uncontrolled A. */
static void test_10_31_B_isolated_pcs_removed_simultaneously(void **state)
{
	(void)state;
	struct example3 x = example3();
	ww_remove_isolated(x.w->d, &x.w->s, WW_AMERICAN, &x.w->ev);
	assert_int_equal(pc_at(x.w, x.a), WW_NOBODY);
	assert_int_equal(pc_at(x.w, x.b), WW_NOBODY);
	assert_int_equal(pc_at(x.w, x.c), WW_NOBODY);
	world_free(x.w);
}

/* ---- 10.32 British PC isolation ---- */

/* Example 1: A - Hartford (B). */
static void test_10_32_example_1_uncontrolled_space_and_port(void **state)
{
	(void)state;
	struct world *w = world_new();
	int ct = mm_colony(w->d, "CT", false);
	int a = mm_space(w->d, "A", ct, 0);
	int b = mm_space(w->d, "Hartford", ct, 0);
	mm_link(w->d, a, b);
	int greene = mm_general(w->d, "Greene", WW_AMERICAN, 0);
	pc(w, a, WW_BRITISH);
	struct ww_state start = w->s;

	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_BRITISH);

	pc(w, b, WW_AMERICAN);      /* a British controlled port is never isolated */
	w->d->spaces[a].port = true;
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_BRITISH);
	w->d->spaces[a].port = false;
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);

	w->s = start;               /* B uncontrolled but holding American units */
	cu(w, b, WW_NAT_AMERICAN, 1);
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	w->s = start;
	w->s.general_at[greene] = (int16_t)b;
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	w->s = start;
	cu(w, b, WW_NAT_FRENCH, 1);
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	world_free(w);
}

/* Example 2: A, British with a British CU, surrounded by American PCs. */
static void test_10_32_example_2_british_cu(void **state)
{
	(void)state;
	struct world *w = world_new();
	int ny = mm_colony(w->d, "NY", false);
	int a = mm_space(w->d, "A", ny, 0);
	for (int i = 0; i < 3; i++) {
		char name[2] = { (char)('B' + i), 0 };
		int n = mm_space(w->d, name, ny, 0);
		mm_link(w->d, a, n);
		pc(w, n, WW_AMERICAN);
	}
	pc(w, a, WW_BRITISH);
	cu(w, a, WW_NAT_BRITISH, 1);
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_BRITISH);
	cu(w, a, WW_NAT_BRITISH, 0);
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	world_free(w);
}

/* Example 3: A, B British; C, D American; each pair hemmed in by the
 * other. American first: C and D go, then A and B trace to them. */
static void test_10_32_example_3_mutual_isolation(void **state)
{
	(void)state;
	struct world *w = world_new();
	int nj = mm_colony(w->d, "NJ", false);
	int a = mm_space(w->d, "A", nj, 0);
	int b = mm_space(w->d, "B", nj, 0);
	int c = mm_space(w->d, "C", nj, 0);
	int dd = mm_space(w->d, "D", nj, 0);
	mm_link(w->d, a, b);
	mm_link(w->d, c, dd);
	mm_link(w->d, a, c);
	mm_link(w->d, a, dd);
	mm_link(w->d, b, c);
	mm_link(w->d, b, dd);
	pc(w, a, WW_BRITISH);
	pc(w, b, WW_BRITISH);
	pc(w, c, WW_AMERICAN);
	pc(w, dd, WW_AMERICAN);
	struct ww_state start = w->s;

	ww_remove_isolated(w->d, &w->s, WW_AMERICAN, &w->ev);
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, c), WW_NOBODY);
	assert_int_equal(pc_at(w, dd), WW_NOBODY);
	assert_int_equal(pc_at(w, a), WW_BRITISH);
	assert_int_equal(pc_at(w, b), WW_BRITISH);

	w->s = start; /* the order matters: British first would lose A and B */
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, a), WW_NOBODY);
	assert_int_equal(pc_at(w, b), WW_NOBODY);
	world_free(w);
}

/* 10.32.A Note: the path runs through British spaces occupied by American
 * units; and it may end at a British controlled port. */
static void test_10_32_A_path_through_american_occupied_space(void **state)
{
	(void)state;
	struct world *w = world_new();
	int va = mm_colony(w->d, "VA", false);
	int x = mm_space(w->d, "X", va, 0);
	int y = mm_space(w->d, "Y", va, 0);
	int z = mm_space(w->d, "Norfolk", va, MM_PORT);
	int e = mm_space(w->d, "E", va, 0);
	mm_link(w->d, x, y);
	mm_link(w->d, y, z);
	mm_link(w->d, x, e);
	int greene = mm_general(w->d, "Greene", WW_AMERICAN, 0);
	pc(w, x, WW_BRITISH);
	pc(w, y, WW_BRITISH);
	pc(w, z, WW_BRITISH);
	pc(w, e, WW_AMERICAN);
	cu(w, y, WW_NAT_AMERICAN, 4);
	w->s.general_at[greene] = (int16_t)y;
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, x), WW_BRITISH);
	assert_int_equal(pc_at(w, y), WW_BRITISH);
	pc(w, z, WW_AMERICAN);
	ww_remove_isolated(w->d, &w->s, WW_BRITISH, &w->ev);
	assert_int_equal(pc_at(w, x), WW_NOBODY);
	assert_int_equal(pc_at(w, y), WW_NOBODY);
	world_free(w);
}

/* ---- 10.2.1, 10.2.2 ---- */

static void test_10_2_1_congress_options(void **state)
{
	(void)state;
	struct world *w = world_new();
	int can = mm_colony(w->d, "CAN", true);
	int pa = mm_colony(w->d, "PA", false);
	int quebec = mm_space(w->d, "Quebec", can, MM_PORT | MM_FORT);
	int phil = mm_space(w->d, "Philadelphia", pa, MM_PORT | MM_FORT);
	int reading = mm_space(w->d, "Reading", pa, 0);
	int lancaster = mm_space(w->d, "Lancaster", pa, 0);
	int york = mm_space(w->d, "York", pa, 0);
	int pitt = mm_space(w->d, "Pittsburgh", pa, 0);
	int howe = mm_general(w->d, "Howe", WW_BRITISH, 0);
	pc(w, quebec, WW_AMERICAN);     /* Canada: no */
	pc(w, phil, WW_AMERICAN);       /* yes */
	pc(w, reading, WW_AMERICAN);
	cu(w, reading, WW_NAT_BRITISH, 1);           /* British CU: no */
	pc(w, lancaster, WW_AMERICAN);
	w->s.general_at[howe] = (int16_t)lancaster;  /* British general: no */
	(void)york;                     /* uncontrolled: no */
	pc(w, pitt, WW_AMERICAN);
	cu(w, pitt, WW_NAT_AMERICAN, 2);             /* yes */
	int spaces[WW_MAX_SPACES];
	assert_int_equal(ww_congress_options(w->d, &w->s, spaces), 2);
	assert_int_equal(spaces[0], phil);
	assert_int_equal(spaces[1], pitt);
	world_free(w);
}

static void test_10_2_2_armies_place_and_flip(void **state)
{
	(void)state;
	struct world *w = world_new();
	int nj = mm_colony(w->d, "NJ", false);
	int s1 = mm_space(w->d, "Trenton", nj, 0);
	int s2 = mm_space(w->d, "Princeton", nj, 0);
	int s3 = mm_space(w->d, "Morristown", nj, 0);
	int s4 = mm_space(w->d, "New Brunswick", nj, 0);
	int s5 = mm_space(w->d, "Elizabeth", nj, 0);
	int s6 = mm_space(w->d, "Perth Amboy", nj, 0);
	int howe = mm_general(w->d, "Howe", WW_BRITISH, 0);
	int clinton = mm_general(w->d, "Clinton", WW_BRITISH, 0);
	int greene = mm_general(w->d, "Greene", WW_AMERICAN, 0);
	int rochambeau = mm_general(w->d, "Rochambeau", WW_AMERICAN, MM_ROCHAMBEAU);
	/* British Army in an uncontrolled space, far from any British PC */
	w->s.general_at[howe] = (int16_t)s1;
	cu(w, s1, WW_NAT_BRITISH, 3);
	/* British Army on an American PC */
	w->s.general_at[clinton] = (int16_t)s2;
	cu(w, s2, WW_NAT_BRITISH, 1);
	pc(w, s2, WW_AMERICAN);
	/* an American general alone, and CUs alone: nothing */
	w->s.general_at[greene] = (int16_t)s3;
	cu(w, s4, WW_NAT_AMERICAN, 4);
	pc(w, s4, WW_BRITISH);
	/* a French Army counts as American (12.2.C) */
	w->s.general_at[rochambeau] = (int16_t)s5;
	cu(w, s5, WW_NAT_FRENCH, 5);
	pc(w, s5, WW_BRITISH);
	ww_place_army_pcs(w->d, &w->s, &w->ev);
	assert_int_equal(pc_at(w, s1), WW_BRITISH);
	assert_int_equal(pc_at(w, s2), WW_BRITISH);
	assert_int_equal(pc_at(w, s3), WW_NOBODY);
	assert_int_equal(pc_at(w, s4), WW_BRITISH);
	assert_int_equal(pc_at(w, s5), WW_AMERICAN);
	assert_int_equal(pc_at(w, s6), WW_NOBODY);
	assert_true(mm_logged(&w->ev, "British Army places a PC in Trenton"));
	assert_true(mm_logged(&w->ev, "British Army flips the American PC in Princeton"));
	world_free(w);
}

/* ---- 11 Winter attrition ---- */

struct winter {
	struct world *w;
	int reading, brunswick, boston, phil, camden, quebec;
	int washington, greene, rochambeau, howe;
};

static struct winter winter(void)
{
	struct winter x;
	struct world *w = x.w = world_new();
	int can = mm_colony(w->d, "CAN", true);
	int pa = mm_colony(w->d, "PA", false);
	int nj = mm_colony(w->d, "NJ", false);
	int ma = mm_colony(w->d, "MA", false);
	int sc = mm_colony(w->d, "SC", false);
	x.reading = mm_space(w->d, "Reading PA", pa, 0);
	x.brunswick = mm_space(w->d, "New Brunswick NJ", nj, 0);
	x.boston = mm_space(w->d, "Boston MA", ma, MM_PORT | MM_WQ);
	x.phil = mm_space(w->d, "Philadelphia PA", pa, MM_PORT | MM_FORT);
	x.camden = mm_space(w->d, "Camden SC", sc, MM_SOUTH);
	x.quebec = mm_space(w->d, "Quebec", can, MM_PORT | MM_FORT);
	x.washington = mm_general(w->d, "Washington", WW_AMERICAN, MM_WASHINGTON);
	x.greene = mm_general(w->d, "Greene", WW_AMERICAN, 0);
	x.rochambeau = mm_general(w->d, "Rochambeau", WW_AMERICAN, MM_ROCHAMBEAU);
	x.howe = mm_general(w->d, "Howe", WW_BRITISH, 0);
	return x;
}

static void attrition(struct winter *x, int n, const int *v)
{
	dice(x->w, n, v);
	ww_winter_attrition(x->w->d, &x->w->s, &x->w->rng, &x->w->ev);
	assert_int_equal(x->w->dice.used, n); /* every forced die was rolled */
}

static int cu_at(struct winter *x, int space, enum ww_nation nation)
{
	return x->w->s.space[space].cu[nation];
}

/* 11.1 example: 5 British CUs in Reading PA lose 2; 3 CUs lose 1. */
static void test_11_1_reading_example(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.reading, WW_NAT_BRITISH, 5);
	cu(x.w, x.brunswick, WW_NAT_BRITISH, 3);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_BRITISH), 3);
	assert_int_equal(cu_at(&x, x.brunswick, WW_NAT_BRITISH), 2);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_BRITISH], 3);
	assert_true(mm_logged(&x.w->ev, "Winter attrition: Reading PA 5 British CUs, loses 2"));
	world_free(x.w);
}

static void test_11_1_no_british_loss_in_winter_quarters_or_south(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.boston, WW_NAT_BRITISH, 5);
	cu(x.w, x.phil, WW_NAT_BRITISH, 3);
	cu(x.w, x.camden, WW_NAT_BRITISH, 4);
	cu(x.w, x.quebec, WW_NAT_BRITISH, 1);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_BRITISH), 5);
	assert_int_equal(cu_at(&x, x.phil, WW_NAT_BRITISH), 3);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_BRITISH), 4);
	assert_int_equal(cu_at(&x, x.quebec, WW_NAT_BRITISH), 1);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_BRITISH], 0);
	world_free(x.w);
}

static void test_11_1_army_with_one_cu_never_loses(void **state)
{
	(void)state;
	struct winter x = winter();
	x.w->s.general_at[x.howe] = (int16_t)x.reading;
	cu(x.w, x.reading, WW_NAT_BRITISH, 1);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_BRITISH), 1);
	cu(x.w, x.reading, WW_NAT_BRITISH, 2); /* an Army of 2 loses half */
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_BRITISH), 1);
	assert_int_equal(x.w->s.general_at[x.howe], x.reading); /* 11.0 */
	world_free(x.w);
}

/* A lone British CU rolls: 1-3 removed, 4-6 stays; spaces in data order. */
static void test_11_1_lone_british_cu_rolls(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.reading, WW_NAT_BRITISH, 1);
	cu(x.w, x.brunswick, WW_NAT_BRITISH, 1);
	attrition(&x, 2, (int[]){ 3, 4 });
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_BRITISH), 0);
	assert_int_equal(cu_at(&x, x.brunswick, WW_NAT_BRITISH), 1);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_BRITISH], 1);
	assert_int_equal(x.w->s.next_roll, 2);
	int rolls = 0;
	for (int i = 0; i < x.w->ev.n; i++)
		if (x.w->ev.v[i].roll_index >= 0) {
			assert_non_null(strstr(x.w->ev.v[i].text, rolls ? "New Brunswick" : "Reading"));
			assert_int_equal(x.w->ev.v[i].roll, rolls ? 4 : 3);
			assert_true(x.w->ev.v[i].forced);
			rolls++;
		}
	assert_int_equal(rolls, 2);
	world_free(x.w);
}

/* 11.2: half, everywhere, even in winter quarters and south. */
static void test_11_2_american_loses_half_everywhere(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.boston, WW_NAT_AMERICAN, 5);
	cu(x.w, x.camden, WW_NAT_AMERICAN, 4);
	x.w->s.general_at[x.greene] = (int16_t)x.reading;
	cu(x.w, x.reading, WW_NAT_AMERICAN, 3);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_AMERICAN), 3);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_AMERICAN), 2);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_AMERICAN), 2);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_AMERICAN], 5);
	world_free(x.w);
}

static void test_11_2_single_cu_with_general_never_removed(void **state)
{
	(void)state;
	struct winter x = winter();
	x.w->s.general_at[x.greene] = (int16_t)x.reading;
	cu(x.w, x.reading, WW_NAT_AMERICAN, 1);
	x.w->s.general_at[x.rochambeau] = (int16_t)x.brunswick; /* "or French" */
	cu(x.w, x.brunswick, WW_NAT_AMERICAN, 1);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_AMERICAN), 1);
	assert_int_equal(cu_at(&x, x.brunswick, WW_NAT_AMERICAN), 1);
	world_free(x.w);
}

static void test_11_2_lone_american_cu_rolls_even_in_winter_quarters(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.boston, WW_NAT_AMERICAN, 1);
	cu(x.w, x.camden, WW_NAT_AMERICAN, 1);
	attrition(&x, 2, (int[]){ 6, 1 }); /* Boston then Camden, in data order */
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_AMERICAN), 1);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_AMERICAN), 0);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_AMERICAN], 1);
	world_free(x.w);
}

/* 11.2 example: Washington and 6 CUs in Philadelphia: 5 exempt, the sixth
 * rolls as if alone. */
static void test_11_2_washington_example(void **state)
{
	(void)state;
	struct winter x = winter();
	x.w->s.general_at[x.washington] = (int16_t)x.phil;
	cu(x.w, x.phil, WW_NAT_AMERICAN, 6);
	struct ww_state start = x.w->s;
	attrition(&x, 1, (int[]){ 2 });
	assert_int_equal(cu_at(&x, x.phil, WW_NAT_AMERICAN), 5);
	assert_int_equal(x.w->s.general_at[x.washington], x.phil);
	x.w->s = start;
	attrition(&x, 1, (int[]){ 4 });
	assert_int_equal(cu_at(&x, x.phil, WW_NAT_AMERICAN), 6);
	world_free(x.w);
}

static void test_11_2_washington_exempts_up_to_five_when_sheltered(void **state)
{
	(void)state;
	struct winter x = winter();
	x.w->s.general_at[x.washington] = (int16_t)x.boston;
	cu(x.w, x.boston, WW_NAT_AMERICAN, 5);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_AMERICAN), 5);

	x.w->s.general_at[x.washington] = (int16_t)x.camden; /* south: 7 = 5 + 2 */
	cu(x.w, x.boston, WW_NAT_AMERICAN, 0);
	cu(x.w, x.camden, WW_NAT_AMERICAN, 7);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_AMERICAN), 6);

	x.w->s.general_at[x.washington] = (int16_t)x.reading; /* not sheltered */
	cu(x.w, x.camden, WW_NAT_AMERICAN, 0);
	cu(x.w, x.reading, WW_NAT_AMERICAN, 6);
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_AMERICAN), 3);
	world_free(x.w);
}

/* 11.3: with American CUs, French CUs count as American; by default the
 * American CUs are lost first (docs/rulings.md). */
static void test_11_3_french_with_americans_as_american(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.boston, WW_NAT_AMERICAN, 2);
	cu(x.w, x.boston, WW_NAT_FRENCH, 3);   /* 5 in winter quarters: lose 2 */
	cu(x.w, x.camden, WW_NAT_AMERICAN, 1);
	cu(x.w, x.camden, WW_NAT_FRENCH, 3);   /* 4 south: lose 2 */
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_AMERICAN), 0);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_FRENCH), 3);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_AMERICAN), 0);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_FRENCH), 2);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_AMERICAN], 3);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_FRENCH], 1);
	assert_true(mm_logged(&x.w->ev, "Camden SC 1 American and 3 French CUs, "
			      "loses 1 American and 1 French"));
	world_free(x.w);
}

/* 11.3: "the American player determines which CUs are removed": his
 * standing order `french-losses-first` takes the French CUs first. */
static void test_11_3_american_chooses_french_first(void **state)
{
	(void)state;
	struct winter x = winter();
	x.w->s.standing[WW_AMERICAN].french_losses_first = true;
	cu(x.w, x.boston, WW_NAT_AMERICAN, 2);
	cu(x.w, x.boston, WW_NAT_FRENCH, 3);   /* 5 in winter quarters: lose 2 */
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_AMERICAN), 2);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_FRENCH), 1);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_FRENCH], 2);
	world_free(x.w);
}

/* 11.3: French CUs on their own count as British. */
static void test_11_3_french_alone_as_british(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.reading, WW_NAT_FRENCH, 4);
	cu(x.w, x.boston, WW_NAT_FRENCH, 4);
	cu(x.w, x.camden, WW_NAT_FRENCH, 1);
	x.w->s.general_at[x.rochambeau] = (int16_t)x.phil;
	cu(x.w, x.phil, WW_NAT_FRENCH, 5);
	x.w->s.general_at[x.greene] = (int16_t)x.brunswick;
	cu(x.w, x.brunswick, WW_NAT_FRENCH, 1);  /* an Army with 1 CU */
	attrition(&x, 0, NULL);
	assert_int_equal(cu_at(&x, x.reading, WW_NAT_FRENCH), 2);
	assert_int_equal(cu_at(&x, x.boston, WW_NAT_FRENCH), 4);
	assert_int_equal(cu_at(&x, x.camden, WW_NAT_FRENCH), 1);
	assert_int_equal(cu_at(&x, x.phil, WW_NAT_FRENCH), 5);
	assert_int_equal(cu_at(&x, x.brunswick, WW_NAT_FRENCH), 1);
	assert_int_equal(x.w->s.cu_eliminated[WW_NAT_FRENCH], 2);

	x.w->s.general_at[x.greene] = WW_LOC_REINFORCEMENTS; /* alone: rolls */
	attrition(&x, 1, (int[]){ 1 });
	assert_int_equal(cu_at(&x, x.brunswick, WW_NAT_FRENCH), 0);
	world_free(x.w);
}

/* ---- 13 Victory ---- */

static void test_13_1_automatic_victory(void **state)
{
	(void)state;
	struct winter x = winter();
	struct world *w = x.w;
	w->s.cu_reinforcements[WW_NAT_AMERICAN] = 5; /* not on the map */
	cu(w, x.reading, WW_NAT_BRITISH, 2);
	assert_int_equal(ww_automatic_winner(w->d, &w->s), WW_BRITISH);
	cu(w, x.quebec, WW_NAT_FRENCH, 1);              /* French count, in Canada too */
	assert_int_equal(ww_automatic_winner(w->d, &w->s), WW_NOBODY);
	cu(w, x.reading, WW_NAT_BRITISH, 0);
	cu(w, x.quebec, WW_NAT_BRITISH, 3);             /* Canada does not count */
	cu(w, x.quebec, WW_NAT_FRENCH, 0);
	cu(w, x.camden, WW_NAT_AMERICAN, 1);
	assert_int_equal(ww_automatic_winner(w->d, &w->s), WW_AMERICAN);
	cu(w, x.boston, WW_NAT_BRITISH, 1);
	assert_int_equal(ww_automatic_winner(w->d, &w->s), WW_NOBODY);
	world_free(w);
}

/* Both at once (e.g. the last CUs of both sides lost in one winter):
 * Britain, as in 13.2's ties (docs/rulings.md). */
static void test_13_1_both_at_once_goes_to_britain(void **state)
{
	(void)state;
	struct winter x = winter();
	cu(x.w, x.quebec, WW_NAT_BRITISH, 2);
	assert_int_equal(ww_automatic_winner(x.w->d, &x.w->s), WW_BRITISH);
	ww_decide_game_end(x.w->d, &x.w->s, WW_WIN_AUTOMATIC, &x.w->ev);
	assert_int_equal(x.w->s.winner, WW_BRITISH);
	assert_int_equal(x.w->s.victory, WW_WIN_AUTOMATIC);
	assert_int_equal(x.w->s.phase, WW_PH_GAME_OVER);
	world_free(x.w);
}

/* 13 colonies and Canada, one space each (Canada: Quebec and Montreal). */
struct colonies {
	struct world *w;
	int space[13];
	int quebec, montreal;
};

static struct colonies colonies(void)
{
	static const char *codes[13] = { "NH", "MA", "RI", "CT", "NY", "NJ", "PA",
					 "DE", "MD", "VA", "NC", "SC", "GA" };
	struct colonies x;
	struct world *w = x.w = world_new();
	for (int i = 0; i < 13; i++)
		x.space[i] = mm_space(w->d, codes[i], mm_colony(w->d, codes[i], false), 0);
	int can = mm_colony(w->d, "CAN", true);
	x.quebec = mm_space(w->d, "Quebec", can, MM_PORT | MM_FORT);
	x.montreal = mm_space(w->d, "Montreal", can, MM_PORT | MM_FORT);
	mm_control_space(w->d, can, x.quebec);
	mm_control_space(w->d, can, x.montreal);
	return x;
}

/* American PCs in the first `am` colonies, British in the next `br`. */
static enum ww_side game_end(int am, int br, enum ww_side canada)
{
	struct colonies x = colonies();
	struct world *w = x.w;
	for (int i = 0; i < am; i++)
		pc(w, x.space[i], WW_AMERICAN);
	for (int i = am; i < am + br; i++)
		pc(w, x.space[i], WW_BRITISH);
	pc(w, x.quebec, canada);
	pc(w, x.montreal, canada);
	w->s.phase = WW_PH_END;
	w->s.prompt = WW_ASK_IMPULSE;
	w->s.to_move = WW_AMERICAN;
	ww_decide_game_end(w->d, &w->s, WW_WIN_WAR_ENDS, &w->ev);
	int can_am = canada == WW_AMERICAN, can_br = canada == WW_BRITISH;
	assert_int_equal(w->s.colonies_won[WW_AMERICAN], am + can_am);
	assert_int_equal(w->s.colonies_won[WW_BRITISH], br + can_br);
	assert_int_equal(w->s.victory, WW_WIN_WAR_ENDS);
	assert_int_equal(w->s.phase, WW_PH_GAME_OVER);
	assert_int_equal(w->s.prompt, WW_ASK_NOTHING);
	assert_int_equal(w->s.to_move, WW_NOBODY);
	assert_true(mm_logged(&w->ev, "victory"));
	enum ww_side winner = w->s.winner;
	world_free(w);
	return winner;
}

static void test_13_2_game_end_victory(void **state)
{
	(void)state;
	assert_int_equal(game_end(7, 5, WW_NOBODY), WW_AMERICAN);
	assert_int_equal(game_end(7, 0, WW_NOBODY), WW_AMERICAN);
	assert_int_equal(game_end(5, 6, WW_NOBODY), WW_BRITISH);
	assert_int_equal(game_end(1, 5, WW_BRITISH), WW_BRITISH);  /* Canada counts */
	assert_int_equal(game_end(6, 4, WW_AMERICAN), WW_AMERICAN); /* Canada counts */
}

/* 13.2: both achieve victory, or neither: Britain. */
static void test_13_2_tie_goes_to_britain(void **state)
{
	(void)state;
	assert_int_equal(game_end(7, 6, WW_NOBODY), WW_BRITISH); /* both */
	assert_int_equal(game_end(6, 5, WW_NOBODY), WW_BRITISH); /* neither */
	assert_int_equal(game_end(0, 0, WW_NOBODY), WW_BRITISH);
	assert_int_equal(game_end(6, 6, WW_AMERICAN), WW_BRITISH); /* 7 and 6 */
}

/* 10.0.B in 13.2: a colony with equal PCs is nobody's. */
static void test_13_2_tied_colony_is_uncontrolled(void **state)
{
	(void)state;
	struct colonies x = colonies();
	struct world *w = x.w;
	for (int i = 0; i < 7; i++)
		pc(w, x.space[i], WW_AMERICAN);
	int extra = mm_space(w->d, "Concord NH", w->d->spaces[x.space[0]].colony, 0);
	pc(w, extra, WW_BRITISH);
	ww_decide_game_end(w->d, &w->s, WW_WIN_LAST_YEAR, &w->ev);
	assert_int_equal(w->s.colonies_won[WW_AMERICAN], 6);
	assert_int_equal(w->s.winner, WW_BRITISH);
	world_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_10_31_example_1_uncontrolled_space),
		cmocka_unit_test(test_10_31_example_2_congress),
		cmocka_unit_test(test_10_31_example_3_american_cu_or_general),
		cmocka_unit_test(test_10_31_B_isolated_pcs_removed_simultaneously),
		cmocka_unit_test(test_10_32_example_1_uncontrolled_space_and_port),
		cmocka_unit_test(test_10_32_example_2_british_cu),
		cmocka_unit_test(test_10_32_example_3_mutual_isolation),
		cmocka_unit_test(test_10_32_A_path_through_american_occupied_space),
		cmocka_unit_test(test_10_2_1_congress_options),
		cmocka_unit_test(test_10_2_2_armies_place_and_flip),
		cmocka_unit_test(test_11_1_reading_example),
		cmocka_unit_test(test_11_1_no_british_loss_in_winter_quarters_or_south),
		cmocka_unit_test(test_11_1_army_with_one_cu_never_loses),
		cmocka_unit_test(test_11_1_lone_british_cu_rolls),
		cmocka_unit_test(test_11_2_american_loses_half_everywhere),
		cmocka_unit_test(test_11_2_single_cu_with_general_never_removed),
		cmocka_unit_test(test_11_2_lone_american_cu_rolls_even_in_winter_quarters),
		cmocka_unit_test(test_11_2_washington_example),
		cmocka_unit_test(test_11_2_washington_exempts_up_to_five_when_sheltered),
		cmocka_unit_test(test_11_3_french_with_americans_as_american),
		cmocka_unit_test(test_11_3_american_chooses_french_first),
		cmocka_unit_test(test_11_3_french_alone_as_british),
		cmocka_unit_test(test_13_1_automatic_victory),
		cmocka_unit_test(test_13_1_both_at_once_goes_to_britain),
		cmocka_unit_test(test_13_2_game_end_victory),
		cmocka_unit_test(test_13_2_tie_goes_to_britain),
		cmocka_unit_test(test_13_2_tied_colony_is_uncontrolled),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
