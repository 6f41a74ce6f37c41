/* PC placement, flips and removals (10.0, 10.11, 10.12, 6.32, 4.0,
 * 6.34.C.i) on a small hand-made map. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "minimap.h"

struct fixture {
	struct ww_data *d;
	struct ww_state s;
	struct ww_events ev;
	char why[256];
	int quebec, montreal, detroit, oswego, stanwix, albany, newyork;
	int boston, falmouth, springfield, philadelphia, reading;
	int washington, greene, rochambeau, arnold, howe, carleton;
};

/*  Detroit - Montreal - Quebec  (Quebec ... Falmouth: Arnold only)
 *               |
 *            Oswego - Fort Stanwix - Albany - Springfield - Boston - Falmouth
 *                                      |
 *                                   New York - Philadelphia - Reading
 * Ports: Quebec, Montreal, New York, Boston, Falmouth, Philadelphia. */
static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	assert_non_null(f);
	struct ww_data *d = f->d = mm_new();
	int can = mm_colony(d, "CAN", true);
	int ny = mm_colony(d, "NY", false);
	int ma = mm_colony(d, "MA", false);
	int pa = mm_colony(d, "PA", false);
	f->quebec = mm_space(d, "Quebec", can, MM_PORT | MM_FORT);
	f->montreal = mm_space(d, "Montreal", can, MM_PORT | MM_FORT);
	f->detroit = mm_space(d, "Fort Detroit", can, 0);
	mm_control_space(d, can, f->quebec);
	mm_control_space(d, can, f->montreal);
	f->oswego = mm_space(d, "Oswego", ny, 0);
	f->stanwix = mm_space(d, "Fort Stanwix", ny, 0);
	f->albany = mm_space(d, "Albany", ny, 0);
	f->newyork = mm_space(d, "New York", ny, MM_PORT);
	f->boston = mm_space(d, "Boston", ma, MM_PORT | MM_WQ);
	f->falmouth = mm_space(d, "Falmouth", ma, MM_PORT);
	f->springfield = mm_space(d, "Springfield", ma, 0);
	f->philadelphia = mm_space(d, "Philadelphia", pa, MM_PORT | MM_FORT);
	f->reading = mm_space(d, "Reading", pa, 0);
	mm_link(d, f->detroit, f->montreal);
	mm_link(d, f->montreal, f->quebec);
	mm_link(d, f->montreal, f->oswego);
	mm_link(d, f->oswego, f->stanwix);
	mm_link(d, f->stanwix, f->albany);
	mm_link(d, f->albany, f->springfield);
	mm_link(d, f->springfield, f->boston);
	mm_link(d, f->boston, f->falmouth);
	mm_link(d, f->albany, f->newyork);
	mm_link(d, f->newyork, f->philadelphia);
	mm_link(d, f->philadelphia, f->reading);
	mm_arnold_link(d, f->falmouth, f->quebec);
	f->washington = mm_general(d, "Washington", WW_AMERICAN, MM_WASHINGTON);
	f->greene = mm_general(d, "Greene", WW_AMERICAN, 0);
	f->rochambeau = mm_general(d, "Rochambeau", WW_AMERICAN, MM_ROCHAMBEAU);
	f->arnold = mm_general(d, "Arnold", WW_AMERICAN, MM_ARNOLD);
	f->howe = mm_general(d, "Howe", WW_BRITISH, 0);
	f->carleton = mm_general(d, "Carleton", WW_BRITISH, 0);
	ww_state_init(&f->s);
	f->s.congress_at = (int16_t)f->philadelphia;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	ww_events_free(&f->ev);
	free(f->d);
	free(f);
	return 0;
}

static int act(struct fixture *f, enum ww_side side, int space, enum ww_pc_context how)
{
	return ww_pc_action(f->d, &f->s, &f->s, side, space, how, &f->ev,
			    f->why, sizeof f->why);
}

/* A rejected action must leave the state exactly as it was. */
static void rejected(struct fixture *f, enum ww_side side, int space,
		     enum ww_pc_context how)
{
	struct ww_state before = f->s;
	f->why[0] = 0;
	assert_int_equal(act(f, side, space, how), -1);
	assert_memory_equal(&before, &f->s, sizeof before);
	assert_true(f->why[0] != 0);
}

static void test_10_11_A_ii_american_places_where_no_pc_and_no_british_cu(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(act(f, WW_AMERICAN, f->reading, WW_PC_OPS), 0);
	assert_int_equal(f->s.space[f->reading].pc, WW_AMERICAN);
	assert_true(mm_logged(&f->ev, "American PC placed in Reading"));
	/* not adjacent to anything American: the American needs no adjacency */
	assert_int_equal(act(f, WW_AMERICAN, f->detroit, WW_PC_OPS), 0);
	/* a British CU forbids it */
	f->s.space[f->albany].cu[WW_NAT_BRITISH] = 1;
	rejected(f, WW_AMERICAN, f->albany, WW_PC_OPS);
	assert_non_null(strstr(f->why, "10.11.A.ii"));
	/* a British general alone does not */
	f->s.space[f->albany].cu[WW_NAT_BRITISH] = 0;
	f->s.general_at[f->howe] = (int16_t)f->albany;
	assert_int_equal(act(f, WW_AMERICAN, f->albany, WW_PC_OPS), 0);
}

static void test_10_11_A_ii_no_place_where_a_pc_is(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->reading].pc = WW_AMERICAN;
	rejected(f, WW_AMERICAN, f->reading, WW_PC_OPS);
	f->s.space[f->reading].pc = WW_BRITISH;  /* would be a flip: no general */
	rejected(f, WW_AMERICAN, f->reading, WW_PC_OPS);
	assert_false(ww_pc_can_place(f->d, &f->s, &f->s, WW_AMERICAN, f->reading, WW_PC_OPS));
}

static void test_10_11_A_iii_flip_needs_an_american_general(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.space[f->boston].cu[WW_NAT_AMERICAN] = 3; /* CUs are not enough */
	rejected(f, WW_AMERICAN, f->boston, WW_PC_OPS);
	assert_non_null(strstr(f->why, "10.11.A.iii"));
	f->s.space[f->boston].cu[WW_NAT_AMERICAN] = 0;
	f->s.general_at[f->greene] = (int16_t)f->boston; /* no CUs needed */
	assert_int_equal(act(f, WW_AMERICAN, f->boston, WW_PC_OPS), 0);
	assert_int_equal(f->s.space[f->boston].pc, WW_AMERICAN);
	assert_true(mm_logged(&f->ev, "British PC in Boston flipped to American"));
}

static void test_12_2_C_rochambeau_flips_as_an_american_general(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.general_at[f->rochambeau] = (int16_t)f->boston;
	assert_int_equal(act(f, WW_AMERICAN, f->boston, WW_PC_OPS), 0);
	assert_int_equal(f->s.space[f->boston].pc, WW_AMERICAN);
}

static void test_10_11_A_iv_congress_dispersed_flip_but_no_place(void **state)
{
	struct fixture *f = *state;
	f->s.congress_at = WW_LOC_DISPERSED;
	rejected(f, WW_AMERICAN, f->reading, WW_PC_OPS);
	assert_non_null(strstr(f->why, "10.11.A.iv"));
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.general_at[f->greene] = (int16_t)f->boston;
	assert_int_equal(act(f, WW_AMERICAN, f->boston, WW_PC_OPS), 0);
}

static void test_10_11_A_iv_line_mutinies_flip_but_no_place(void **state)
{
	struct fixture *f = *state;
	f->s.no_american_placement = true;
	rejected(f, WW_AMERICAN, f->reading, WW_PC_OPS);
	assert_non_null(strstr(f->why, "Mutinies"));
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.general_at[f->greene] = (int16_t)f->boston;
	assert_int_equal(act(f, WW_AMERICAN, f->boston, WW_PC_OPS), 0);
}

/* Clarification under 10.11.A.iv: a discard may flip, not place. */
static void test_10_11_A_iv_clarification_discard_flips_but_does_not_place(void **state)
{
	struct fixture *f = *state;
	f->s.congress_at = WW_LOC_DISPERSED;
	f->s.space[f->springfield].pc = WW_AMERICAN;
	rejected(f, WW_AMERICAN, f->albany, WW_PC_DISCARD);
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.general_at[f->greene] = (int16_t)f->boston;
	assert_int_equal(act(f, WW_AMERICAN, f->boston, WW_PC_DISCARD), 0);
	f->s.congress_at = (int16_t)f->philadelphia;
	assert_int_equal(act(f, WW_AMERICAN, f->albany, WW_PC_DISCARD), 0);
}

static void test_10_11_B_ii_no_american_unit(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->montreal].pc = WW_BRITISH;
	f->s.space[f->oswego].cu[WW_NAT_AMERICAN] = 1;
	rejected(f, WW_BRITISH, f->oswego, WW_PC_OPS);
	f->s.space[f->oswego].cu[WW_NAT_AMERICAN] = 0;
	f->s.space[f->oswego].cu[WW_NAT_FRENCH] = 1; /* 12.2.C */
	rejected(f, WW_BRITISH, f->oswego, WW_PC_OPS);
	f->s.space[f->oswego].cu[WW_NAT_FRENCH] = 0;
	f->s.general_at[f->greene] = (int16_t)f->oswego;
	rejected(f, WW_BRITISH, f->oswego, WW_PC_OPS);
	f->s.general_at[f->greene] = WW_LOC_REINFORCEMENTS;
	f->s.congress_at = (int16_t)f->oswego;
	rejected(f, WW_BRITISH, f->oswego, WW_PC_OPS);
	f->s.congress_at = (int16_t)f->philadelphia;
	assert_int_equal(act(f, WW_BRITISH, f->oswego, WW_PC_OPS), 0);
	assert_true(mm_logged(&f->ev, "British PC placed in Oswego"));
}

/* 10.11.B.ii example: Montreal, then Oswego, but not Fort Stanwix. */
static void test_10_11_B_no_daisy_chaining(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->montreal].pc = WW_BRITISH;
	struct ww_state start = f->s;
	assert_int_equal(ww_pc_action(f->d, &start, &f->s, WW_BRITISH, f->oswego,
				      WW_PC_OPS, &f->ev, f->why, sizeof f->why), 0);
	struct ww_state before = f->s;
	assert_int_equal(ww_pc_action(f->d, &start, &f->s, WW_BRITISH, f->stanwix,
				      WW_PC_OPS, &f->ev, f->why, sizeof f->why), -1);
	assert_memory_equal(&before, &f->s, sizeof before);
	assert_non_null(strstr(f->why, "daisy"));
	assert_false(ww_pc_can_place(f->d, &start, &f->s, WW_BRITISH, f->stanwix, WW_PC_OPS));
	/* with the next card, Oswego's PC counts */
	start = f->s;
	assert_int_equal(ww_pc_action(f->d, &start, &f->s, WW_BRITISH, f->stanwix,
				      WW_PC_OPS, &f->ev, f->why, sizeof f->why), 0);
}

/* 10.11.B Important: for the British all ports are adjacent. */
static void test_10_11_B_all_ports_adjacent_for_the_british(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->boston].pc = WW_BRITISH;
	assert_true(ww_pc_adjacent(f->d, WW_BRITISH, f->boston, f->philadelphia));
	assert_false(ww_pc_adjacent(f->d, WW_AMERICAN, f->boston, f->philadelphia));
	f->s.congress_at = WW_LOC_DISPERSED;
	rejected(f, WW_BRITISH, f->reading, WW_PC_OPS); /* not a port */
	assert_int_equal(act(f, WW_BRITISH, f->philadelphia, WW_PC_OPS), 0);
	/* the American gets no such adjacency */
	f->s.congress_at = (int16_t)f->reading;
	f->s.space[f->falmouth].pc = WW_AMERICAN;
	rejected(f, WW_AMERICAN, f->newyork, WW_PC_DISCARD);
}

static void test_10_11_B_iii_army_places_and_flips_anywhere(void **state)
{
	struct fixture *f = *state;
	/* no British PC anywhere near */
	f->s.space[f->reading].pc = WW_AMERICAN;
	f->s.general_at[f->howe] = (int16_t)f->reading;
	rejected(f, WW_BRITISH, f->reading, WW_PC_OPS);      /* general alone */
	f->s.general_at[f->howe] = WW_LOC_REINFORCEMENTS;
	f->s.space[f->reading].cu[WW_NAT_BRITISH] = 4;
	rejected(f, WW_BRITISH, f->reading, WW_PC_OPS);      /* CUs alone */
	assert_non_null(strstr(f->why, "10.11.B.iii"));
	f->s.general_at[f->howe] = (int16_t)f->reading;
	assert_int_equal(act(f, WW_BRITISH, f->reading, WW_PC_OPS), 0);
	assert_int_equal(f->s.space[f->reading].pc, WW_BRITISH);
	assert_true(mm_logged(&f->ev, "American PC in Reading flipped to British"));
	f->s.general_at[f->carleton] = (int16_t)f->albany;
	f->s.space[f->albany].cu[WW_NAT_BRITISH] = 1;
	assert_int_equal(act(f, WW_BRITISH, f->albany, WW_PC_OPS), 0);
}

/* 6.32.B.ii, 10.12.B: adjacent to a friendly PC for both sides, even
 * for a British Army. */
static void test_6_32_B_ii_discard_needs_a_friendly_pc_adjacent(void **state)
{
	struct fixture *f = *state;
	rejected(f, WW_AMERICAN, f->albany, WW_PC_DISCARD);
	assert_non_null(strstr(f->why, "6.32.B.ii"));
	f->s.space[f->stanwix].pc = WW_AMERICAN;
	assert_int_equal(act(f, WW_AMERICAN, f->albany, WW_PC_DISCARD), 0);

	f->s.general_at[f->howe] = (int16_t)f->reading;
	f->s.space[f->reading].cu[WW_NAT_BRITISH] = 2;
	rejected(f, WW_BRITISH, f->reading, WW_PC_DISCARD);
	f->s.space[f->reading].pc = WW_AMERICAN;
	rejected(f, WW_BRITISH, f->reading, WW_PC_DISCARD);
	f->s.space[f->philadelphia].pc = WW_BRITISH;
	assert_int_equal(act(f, WW_BRITISH, f->reading, WW_PC_DISCARD), 0);
	assert_int_equal(f->s.space[f->reading].pc, WW_BRITISH);
}

/* 3.0: an Arnold-only line is not adjacency. */
static void test_3_0_arnold_link_is_not_adjacency(void **state)
{
	struct fixture *f = *state;
	assert_false(ww_pc_adjacent(f->d, WW_AMERICAN, f->falmouth, f->quebec));
	f->s.space[f->falmouth].pc = WW_AMERICAN;
	f->s.general_at[f->arnold] = (int16_t)f->falmouth;
	rejected(f, WW_AMERICAN, f->quebec, WW_PC_DISCARD);
}

/* 4.0: one American PC where there is no British playing piece. */
static void test_4_0_committees_no_british_piece(void **state)
{
	struct fixture *f = *state;
	f->s.general_at[f->howe] = (int16_t)f->albany;
	rejected(f, WW_AMERICAN, f->albany, WW_PC_COMMITTEES);
	assert_non_null(strstr(f->why, "4.0"));
	f->s.space[f->newyork].cu[WW_NAT_BRITISH] = 1;
	rejected(f, WW_AMERICAN, f->newyork, WW_PC_COMMITTEES);
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.general_at[f->greene] = (int16_t)f->boston;
	rejected(f, WW_AMERICAN, f->boston, WW_PC_COMMITTEES); /* never a flip */
	assert_int_equal(act(f, WW_AMERICAN, f->stanwix, WW_PC_COMMITTEES), 0);
	rejected(f, WW_BRITISH, f->oswego, WW_PC_COMMITTEES);
}

/* 4.0: For The King, within every restriction of 10.11.B. */
static void test_4_0_for_the_king_within_10_11_B(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->montreal].pc = WW_BRITISH;
	struct ww_state start = f->s;
	assert_true(ww_pc_can_place(f->d, &start, &f->s, WW_BRITISH, f->oswego,
				    WW_PC_FOR_THE_KING));
	assert_true(ww_pc_can_place(f->d, &start, &f->s, WW_BRITISH, f->boston,
				    WW_PC_FOR_THE_KING)); /* a port */
	assert_false(ww_pc_can_place(f->d, &start, &f->s, WW_BRITISH, f->stanwix,
				     WW_PC_FOR_THE_KING));
	f->s.space[f->oswego].cu[WW_NAT_AMERICAN] = 2;
	assert_false(ww_pc_can_place(f->d, &start, &f->s, WW_BRITISH, f->oswego,
				     WW_PC_FOR_THE_KING));
	f->s.space[f->detroit].pc = WW_AMERICAN; /* no flips */
	f->s.general_at[f->carleton] = (int16_t)f->detroit;
	f->s.space[f->detroit].cu[WW_NAT_BRITISH] = 1;
	rejected(f, WW_BRITISH, f->detroit, WW_PC_FOR_THE_KING);
	rejected(f, WW_AMERICAN, f->reading, WW_PC_FOR_THE_KING);
}

/* 6.34.C.i: place per 10.11.A.ii even with the Congress dispersed; no flips. */
static void test_6_34_C_i_declaration_places_only(void **state)
{
	struct fixture *f = *state;
	f->s.congress_at = WW_LOC_DISPERSED;
	f->s.no_american_placement = true;
	assert_int_equal(act(f, WW_AMERICAN, f->reading, WW_PC_DECLARATION), 0);
	f->s.space[f->albany].cu[WW_NAT_BRITISH] = 1;
	rejected(f, WW_AMERICAN, f->albany, WW_PC_DECLARATION);
	f->s.space[f->boston].pc = WW_BRITISH;
	f->s.general_at[f->washington] = (int16_t)f->boston;
	f->s.space[f->boston].cu[WW_NAT_AMERICAN] = 5;
	rejected(f, WW_AMERICAN, f->boston, WW_PC_DECLARATION);
	assert_false(ww_pc_can_place(f->d, &f->s, &f->s, WW_AMERICAN, f->boston,
				     WW_PC_DECLARATION));
}

static int remove_pc(struct fixture *f, enum ww_side side, int space)
{
	return ww_pc_remove(f->d, &f->s, side, space, &f->ev, f->why, sizeof f->why);
}

static void removal_rejected(struct fixture *f, enum ww_side side, int space)
{
	struct ww_state before = f->s;
	assert_int_equal(remove_pc(f, side, space), -1);
	assert_memory_equal(&before, &f->s, sizeof before);
}

/* 6.32.B.iii */
static void test_6_32_B_iii_remove_enemy_pc(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->albany].pc = WW_AMERICAN;
	removal_rejected(f, WW_BRITISH, f->albany);         /* no British PC near */
	f->s.space[f->stanwix].pc = WW_BRITISH;
	f->s.space[f->albany].cu[WW_NAT_AMERICAN] = 1;
	removal_rejected(f, WW_BRITISH, f->albany);         /* enemy CU */
	f->s.space[f->albany].cu[WW_NAT_AMERICAN] = 0;
	f->s.general_at[f->greene] = (int16_t)f->albany;
	removal_rejected(f, WW_BRITISH, f->albany);         /* American general */
	f->s.general_at[f->greene] = WW_LOC_REINFORCEMENTS;
	f->s.congress_at = (int16_t)f->albany;
	removal_rejected(f, WW_BRITISH, f->albany);         /* the Congress */
	f->s.congress_at = WW_LOC_DISPERSED;
	assert_int_equal(remove_pc(f, WW_BRITISH, f->albany), 0);
	assert_int_equal(f->s.space[f->albany].pc, WW_NOBODY);
	assert_true(mm_logged(&f->ev, "American PC removed from Albany"));
	removal_rejected(f, WW_BRITISH, f->albany);         /* nothing left */
}

static void test_6_32_B_iii_british_ports_adjacent_and_american_removal(void **state)
{
	struct fixture *f = *state;
	f->s.congress_at = (int16_t)f->reading;
	f->s.space[f->falmouth].pc = WW_BRITISH;
	f->s.space[f->philadelphia].pc = WW_AMERICAN;
	assert_int_equal(remove_pc(f, WW_BRITISH, f->philadelphia), 0);
	/* the American: a British general alone does not protect the PC,
	 * British CUs do, and (literally) so does an American general */
	f->s.space[f->newyork].pc = WW_AMERICAN;
	f->s.space[f->albany].pc = WW_BRITISH;
	f->s.general_at[f->howe] = (int16_t)f->albany;
	assert_int_equal(remove_pc(f, WW_AMERICAN, f->albany), 0);
	f->s.space[f->albany].pc = WW_BRITISH;
	f->s.space[f->albany].cu[WW_NAT_BRITISH] = 1;
	removal_rejected(f, WW_AMERICAN, f->albany);
	f->s.space[f->albany].cu[WW_NAT_BRITISH] = 0;
	f->s.general_at[f->howe] = WW_LOC_REINFORCEMENTS;
	f->s.general_at[f->greene] = (int16_t)f->albany;
	removal_rejected(f, WW_AMERICAN, f->albany);
	/* and the American gets no port adjacency */
	f->s.general_at[f->greene] = WW_LOC_REINFORCEMENTS;
	f->s.space[f->quebec].pc = WW_BRITISH;
	removal_rejected(f, WW_AMERICAN, f->quebec);
}

/* 10.0.B: majority of PC markers; a tie or none is uncontrolled. */
static void test_10_0_B_colony_majority(void **state)
{
	struct fixture *f = *state;
	int ny = f->d->spaces[f->oswego].colony;
	assert_int_equal(ww_colony_control(f->d, &f->s, ny), WW_NOBODY);
	f->s.space[f->oswego].pc = WW_AMERICAN;
	assert_int_equal(ww_colony_control(f->d, &f->s, ny), WW_AMERICAN);
	f->s.space[f->albany].pc = WW_BRITISH;
	assert_int_equal(ww_colony_control(f->d, &f->s, ny), WW_NOBODY);
	f->s.space[f->newyork].pc = WW_BRITISH;
	assert_int_equal(ww_colony_control(f->d, &f->s, ny), WW_BRITISH);
}

/* 10.0.B: Canada needs Quebec and Montreal; Fort Detroit is irrelevant. */
static void test_10_0_B_canada_needs_quebec_and_montreal(void **state)
{
	struct fixture *f = *state;
	int can = f->d->spaces[f->quebec].colony;
	f->s.space[f->quebec].pc = WW_BRITISH;
	f->s.space[f->detroit].pc = WW_BRITISH;
	assert_int_equal(ww_colony_control(f->d, &f->s, can), WW_NOBODY);
	f->s.space[f->montreal].pc = WW_BRITISH;
	f->s.space[f->detroit].pc = WW_AMERICAN;
	assert_int_equal(ww_colony_control(f->d, &f->s, can), WW_BRITISH);
	f->s.space[f->quebec].pc = WW_AMERICAN;
	assert_int_equal(ww_colony_control(f->d, &f->s, can), WW_NOBODY);
	f->s.space[f->montreal].pc = WW_AMERICAN;
	f->s.space[f->detroit].pc = WW_BRITISH;
	assert_int_equal(ww_colony_control(f->d, &f->s, can), WW_AMERICAN);
}

/* 3.0 Army, American Unit; 12.2.C French count as American. */
static void test_3_0_army_and_units(void **state)
{
	struct fixture *f = *state;
	f->s.space[f->boston].cu[WW_NAT_AMERICAN] = 2;
	f->s.space[f->boston].cu[WW_NAT_FRENCH] = 3;
	assert_int_equal(ww_count_cu(&f->s, f->boston), 5);
	assert_int_equal(ww_side_cu(&f->s, f->boston, WW_AMERICAN), 5);
	assert_int_equal(ww_side_cu(&f->s, f->boston, WW_BRITISH), 0);
	assert_false(ww_has_army(f->d, &f->s, f->boston, WW_AMERICAN));
	f->s.general_at[f->rochambeau] = (int16_t)f->boston;
	assert_int_equal(ww_general_in(f->d, &f->s, f->boston, WW_AMERICAN), f->rochambeau);
	assert_int_equal(ww_general_in(f->d, &f->s, f->boston, WW_BRITISH), -1);
	assert_true(ww_has_army(f->d, &f->s, f->boston, WW_AMERICAN));
	assert_false(ww_american_unit_in(f->d, &f->s, f->reading));
	assert_true(ww_american_unit_in(f->d, &f->s, f->philadelphia)); /* Congress */
	assert_false(ww_british_piece_in(f->d, &f->s, f->reading));
	f->s.space[f->reading].pc = WW_BRITISH;
	assert_true(ww_british_piece_in(f->d, &f->s, f->reading));
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_10_11_A_ii_american_places_where_no_pc_and_no_british_cu),
		T(test_10_11_A_ii_no_place_where_a_pc_is),
		T(test_10_11_A_iii_flip_needs_an_american_general),
		T(test_12_2_C_rochambeau_flips_as_an_american_general),
		T(test_10_11_A_iv_congress_dispersed_flip_but_no_place),
		T(test_10_11_A_iv_line_mutinies_flip_but_no_place),
		T(test_10_11_A_iv_clarification_discard_flips_but_does_not_place),
		T(test_10_11_B_ii_no_american_unit),
		T(test_10_11_B_no_daisy_chaining),
		T(test_10_11_B_all_ports_adjacent_for_the_british),
		T(test_10_11_B_iii_army_places_and_flips_anywhere),
		T(test_6_32_B_ii_discard_needs_a_friendly_pc_adjacent),
		T(test_3_0_arnold_link_is_not_adjacency),
		T(test_4_0_committees_no_british_piece),
		T(test_4_0_for_the_king_within_10_11_B),
		T(test_6_34_C_i_declaration_places_only),
		T(test_6_32_B_iii_remove_enemy_pc),
		T(test_6_32_B_iii_british_ports_adjacent_and_american_removal),
		T(test_10_0_B_colony_majority),
		T(test_10_0_B_canada_needs_quebec_and_montreal),
		T(test_3_0_army_and_units),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
