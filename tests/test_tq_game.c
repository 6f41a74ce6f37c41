/* Tarleton's Quarter! behind game.h (tq_game.c, tq_report.c): the data,
 * a new game of a named scenario, orders refused with the state
 * unchanged, what each side may see, the state text, the ledger and the
 * report, all through the interface the judge uses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games.h"
#include "tq_game.h"
#include "tq_setup.h"
#include "tq_support.h"

static const struct game *G = &game_tarletons_quarter;

static int no_die(void *ctx, uint64_t index, bool *forced)
{
	(void)ctx, (void)index, (void)forced;
	fail_msg("a die was rolled where none should be");
	return 1;
}

static struct wj_rng NO_DICE = { no_die, NULL, NULL };

struct guide_first {
	char example[200];
};

static void take_first(void *ctx, const char *kind, const char *example)
{
	struct guide_first *f = ctx;
	(void)kind;
	if (!f->example[0])
		snprintf(f->example, sizeof f->example, "%s", example);
}

struct fix {
	struct game_data *d;
	struct game_state *s;
	struct game_events *ev;
	char why[400];
};

static void start(struct fix *f, const char *scenario)
{
	memset(f, 0, sizeof *f);
	assert_int_equal(G->data_load(tq_data_dir(), &f->d, f->why, sizeof f->why), 0);
	f->s = game_state_new(G);
	f->ev = game_events_new(G);
	assert_non_null(f->s);
	assert_non_null(f->ev);
	if (G->new_game(f->d, scenario, 0, &NO_DICE, f->s, f->ev, f->why, sizeof f->why))
		fail_msg("new game %s: %s", scenario, f->why);
}

static void stop(struct fix *f)
{
	game_events_free(G, f->ev);
	game_state_free(G, f->s);
	G->data_free(f->d);
}

static char *text_of(const struct game_state *s, const struct game_data *d, bool secret)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_int_equal(G->state_write(out, d, s, secret), 0);
	fclose(out);
	return text;
}

static char *report_of(struct fix *f, int viewer)
{
	char *text = NULL;
	size_t len = 0;
	struct game_state *v = game_state_new(G);
	G->view(f->d, f->s, viewer, v);
	FILE *out = open_memstream(&text, &len);
	struct game_frame frame = { .game = "g1" };
	assert_int_equal(G->report(out, f->d, v, viewer, &frame, f->why, sizeof f->why), 0);
	fclose(out);
	game_state_free(G, v);
	return text;
}

static void data_check_summarises(void **state)
{
	(void)state;
	char summary[200] = "";
	FILE *out = fopen("/dev/null", "w");
	assert_int_equal(G->data_check(out, tq_data_dir(), summary, sizeof summary), 0);
	assert_true(G->data_check(out, "/nonexistent/tq", NULL, 0) > 0);
	fclose(out);
	assert_non_null(strstr(summary, "reconstructed"));
	assert_non_null(strstr(summary, "104 areas"));
}

/* 17.4.1: the free deployment begins with the British declaration; 17.4
 * starts in December 1778 (docs/rulings.md, set-up). */
static void free_deployment_asks_the_british_first_17_4_1(void **state)
{
	(void)state;
	struct fix f;
	char text[300];
	start(&f, "data/tarletons-quarter/scenarios/17.4.yaml");
	assert_int_equal(G->asked(f.s), GAME_SIDE(TQ_BRITISH));
	G->date(f.s, text, sizeof text);
	assert_string_equal(text, "December 1778");
	G->question(f.d, f.s, TQ_BRITISH, TQ_BRITISH, text, sizeof text);
	assert_string_equal(text, "The British: declare the colonies you may invade on the "
			    "first turn (17.4.1): declare COLONY, COLONY.");
	G->question(f.d, f.s, TQ_BRITISH, TQ_CONTINENTAL, text, sizeof text);
	assert_string_equal(text, "Waiting for the British to declare the colonies it may invade.");
	struct guide_first first = { "" };
	G->guide(f.d, f.s, TQ_BRITISH, take_first, &first);
	assert_string_equal(first.example, "declare Georgia, South Carolina");
	struct game_order *o = game_order_new(G);
	assert_int_equal(G->order_parse(f.d, first.example, o, f.why, sizeof f.why), 0);
	assert_int_equal(G->apply(f.d, f.s, TQ_BRITISH, o, &NO_DICE, f.ev, f.why, sizeof f.why), 0);
	game_order_free(G, o);
	G->question(f.d, f.s, TQ_CONTINENTAL, TQ_BRITISH, text, sizeof text);
	assert_string_equal(text, "Waiting for the Continental to set up."); /* 17.4.2 */
	struct game_end end;
	assert_false(G->over(f.s, &end));
	stop(&f);
}

/* 6.5: the militia question says what is still to place, colony by
 * colony; the other side reads only that the Continental places it. */
static void the_militia_asked_says_what_is_due_6_5(void **state)
{
	(void)state;
	struct fix f;
	char text[300];
	start(&f, "data/tarletons-quarter/scenarios/17.4.yaml");
	struct tq_state *s = &f.s->tq;
	memset(&s->to_place, 0, sizeof s->to_place);
	tq_ask(s, TQ_ASK_MILITIA, TQ_CONTINENTAL);
	s->militia_due[TQ_GEORGIA] = 1;
	s->militia_due[TQ_SOUTH_CAROLINA] = 13;
	s->militia_due[TQ_VIRGINIA] = 9;
	G->question(f.d, f.s, TQ_CONTINENTAL, TQ_CONTINENTAL, text, sizeof text);
	assert_string_equal(text, "The Continental: place the militia generated (6.5): 1 Ga, 13 SC "
			    "and 9 Va militia SP to place: place N COLONY militia at AREA, then "
			    "done.");
	G->question(f.d, f.s, TQ_CONTINENTAL, TQ_BRITISH, text, sizeof text);
	assert_string_equal(text, "Waiting for the Continental to place its militia.");
	/* 6.2: every SP placed, a held militia leader is what may be left */
	memset(s->militia_due, 0, sizeof s->militia_due);
	G->question(f.d, f.s, TQ_CONTINENTAL, TQ_CONTINENTAL, text, sizeof text);
	assert_string_equal(text, "The Continental: place the militia generated (6.5): every "
			    "militia SP is placed: place a held militia leader (6.2) with place "
			    "NAME at AREA, if any, then done.");
	stop(&f);
}

static void a_scenario_by_its_name_only(void **state)
{
	(void)state;
	struct fix f;
	memset(&f, 0, sizeof f);
	assert_int_equal(G->data_load(tq_data_dir(), &f.d, f.why, sizeof f.why), 0);
	f.s = game_state_new(G);
	f.ev = game_events_new(G);
	assert_int_equal(G->new_game(f.d, "/tmp/17.9.yaml", 0, &NO_DICE, f.s, f.ev, f.why,
				     sizeof f.why), -1);
	assert_non_null(strstr(f.why, "not '17.9.yaml'"));
	assert_int_equal(G->new_game(f.d, "17.4", 1u << 4, &NO_DICE, f.s, f.ev, f.why,
				     sizeof f.why), -1);
	assert_non_null(strstr(f.why, "16.1-16.4"));
	assert_string_equal(G->options[2].word, "sequestered-estates");
	stop(&f);
}

/* game.h: a refused order leaves the state as it was, and says why. */
static void an_order_not_asked_is_refused_unchanged(void **state)
{
	(void)state;
	struct fix f;
	start(&f, "17.4");
	char *before = text_of(f.s, f.d, true);
	struct game_order *o = game_order_new(G);
	assert_int_equal(G->order_parse(f.d, "pass", o, f.why, sizeof f.why), 0);
	assert_int_equal(G->apply(f.d, f.s, TQ_CONTINENTAL, o, &NO_DICE, f.ev, f.why,
				  sizeof f.why), -1);
	assert_string_equal(f.why, "nothing is asked of the Continental now");
	char *after = text_of(f.s, f.d, true);
	assert_string_equal(before, after);
	assert_int_equal(G->events_count(f.ev), 1); /* the set-up's, nothing more */
	free(before);
	free(after);
	game_order_free(G, o);
	stop(&f);
}

/* The hidden part (tq_state.h): a side's standing orders and the rest of
 * its path are its own; the other side's report and view are the same
 * bytes whatever they are. */
static void the_other_sides_bytes_do_not_change_with_hidden_things(void **state)
{
	(void)state;
	struct fix f;
	start(&f, "17.4");
	char *plain = report_of(&f, TQ_CONTINENTAL), *public = report_of(&f, GAME_PUBLIC);
	struct tq_state *s = &f.s->tq;
	s->hidden.standing[TQ_BRITISH].n = 1;
	snprintf(s->hidden.standing[TQ_BRITISH].text[0], TQ_STANDING_TEXT,
		 "retreat before combat to S21");
	s->hidden.endeavor = (struct tq_endeavor){ .side = TQ_BRITISH, .npath = 2,
						   .path = { (short)A("N28"), (short)A("S21") } };
	char *hidden = report_of(&f, TQ_CONTINENTAL), *public2 = report_of(&f, GAME_PUBLIC);
	assert_string_equal(plain, hidden);
	assert_string_equal(public, public2);
	char *mine = report_of(&f, TQ_BRITISH);
	assert_non_null(strstr(mine, "retreat before combat to S21"));
	struct game_state *v = game_state_new(G);
	G->view(f.d, f.s, TQ_CONTINENTAL, v);
	assert_int_equal(v->tq.hidden.standing[TQ_BRITISH].n, 0);
	assert_int_equal(v->tq.hidden.endeavor.npath, 0);
	char *text = text_of(v, f.d, false), *secret_text = text_of(f.s, f.d, false);
	assert_string_equal(text, secret_text); /* the public text holds none of it */
	free(text);
	free(secret_text);
	game_state_free(G, v);
	free(plain), free(public), free(hidden), free(public2), free(mine);
	stop(&f);
}

static void the_state_text_reads_back(void **state)
{
	(void)state;
	struct fix f;
	start(&f, "17.4");
	char *text = text_of(f.s, f.d, true);
	struct game_state *again = game_state_new(G);
	assert_int_equal(G->state_read(text, strlen(text), f.d, again, true, f.why,
				       sizeof f.why), 0);
	char *back = text_of(again, f.d, true);
	assert_string_equal(text, back);
	assert_int_equal(G->move(again), G->move(f.s));
	/* game.h: blank lines are read past, blanks only too (the record
	 * blanks game.yaml's meta block to spaces before the game reads it) */
	char *spaced = malloc(strlen(text) + 40);
	sprintf(spaced, "          \n\t\n%s", text);
	assert_int_equal(G->state_read(spaced, strlen(spaced), f.d, again, true, f.why,
				       sizeof f.why), 0);
	free(spaced);
	free(text);
	free(back);
	game_state_free(G, again);
	stop(&f);
}

/* The ledger: a side's standing orders, written when they change. */
static void the_ledger_keeps_standing_orders(void **state)
{
	(void)state;
	struct fix f;
	char *text = NULL;
	size_t len = 0;
	start(&f, "17.4");
	struct game_state *after = game_state_new(G);
	game_state_copy(G, after, f.s);
	after->tq.hidden.standing[TQ_CONTINENTAL].n = 1;
	snprintf(after->tq.hidden.standing[TQ_CONTINENTAL].text[0], TQ_STANDING_TEXT, "yes");
	FILE *out = open_memstream(&text, &len);
	G->ledger(out, f.d, f.s, after, TQ_BRITISH, 3);
	fflush(out);
	assert_int_equal(len, 0);
	G->ledger(out, f.d, f.s, after, TQ_CONTINENTAL, 3);
	fclose(out);
	assert_string_equal(text, "- move: 0\n  entry: 3\n  standing:\n    - \"yes\"\n");
	free(text);
	game_state_free(G, after);
	stop(&f);
}

/* The report: what is asked, the set-up's event, and the guide. */
static void the_report_says_what_is_asked(void **state)
{
	(void)state;
	struct fix f;
	start(&f, "17.4");
	char *mine = report_of(&f, TQ_BRITISH), *theirs = report_of(&f, TQ_CONTINENTAL);
	assert_non_null(strstr(mine, ".Tarleton's Quarter!: g1\n"));
	assert_non_null(strstr(mine, "December 1778, the set-up (17.0)"));
	assert_non_null(strstr(mine, "#What you can do now\n.The British: declare"));
	assert_non_null(strstr(theirs, ".Waiting for the British to declare the colonies it may "
			       "invade.\n"));
	assert_non_null(strstr(theirs, "#Continental forces\n"));
	char *public = report_of(&f, GAME_PUBLIC);
	assert_null(strstr(public, "What you can do now"));
	free(public);
	free(mine);
	free(theirs);
	stop(&f);
}

/* The position in words: a counter one or more (17.1.1's magazine at
 * each of the six places), and the guide's own examples. */
static int three(void *ctx, uint64_t index, bool *forced)
{
	(void)ctx, (void)index;
	*forced = false;
	return 3;
}

static void the_report_counts_counters(void **state)
{
	(void)state;
	struct fix f;
	struct wj_rng threes = { three, NULL, NULL };
	start(&f, "17.4");
	if (G->new_game(f.d, "17.1", 0, &threes, f.s, f.ev, f.why, sizeof f.why))
		fail_msg("new game 17.1: %s", f.why);
	char *theirs = report_of(&f, TQ_CONTINENTAL);
	assert_non_null(strstr(theirs, "|  N32 Halifax: within the walls: 1 magazine\n"));
	assert_null(strstr(theirs, "1 magazines"));
	assert_non_null(strstr(theirs, ">    place "));
	free(theirs);
	stop(&f);
}

static int check_of(struct fix *f, char *out, size_t len)
{
	FILE *m = fmemopen(out, len, "w");
	int n = G->state_check(m, f->d, f->s, "state.yaml", -1);
	fclose(m);
	return n;
}

/* verify's check (state_check, tq_invariants.c): every scenario's start
 * holds; each broken rule is named. */
static void the_invariants_hold_and_name_what_breaks(void **state)
{
	(void)state;
	static const char *const scenarios[] = { "17.1", "17.2", "17.3", "17.4" };
	struct fix f;
	char out[2000] = "";
	for (int i = 0; i < 4; i++) {
		struct tq_scenario const *sc = tq_scenario_by_name(D, scenarios[i]);
		memset(&f, 0, sizeof f);
		assert_int_equal(G->data_load(tq_data_dir(), &f.d, f.why, sizeof f.why), 0);
		f.s = game_state_new(G);
		f.ev = game_events_new(G);
		assert_int_equal(tq_setup(&f.d->tq, sc, 0, &f.s->tq, f.why, sizeof f.why), 0);
		if (check_of(&f, out, sizeof out))
			fail_msg("scenario %s: %s", scenarios[i], out);
		stop(&f);
	}
	start(&f, "17.4");
	struct tq_state *s = &f.s->tq;
	s->area[A("S5")].fort = TQ_FORT;                    /* 4.2.1: 16 SPs in a fort */
	s->area[A("S5")].side[TQ_BRITISH].walls.regulars = 16;
	s->area[A("S21")].side[TQ_BRITISH].ready.regulars = 3; /* 4.3: two sides, no siege */
	s->area[A("S21")].side[TQ_CONTINENTAL].moved.cavalry = 1;
	s->area[A("N29")].side[TQ_CONTINENTAL].walls.regulars = 2; /* no walls there */
	s->area[A("N29")].side[TQ_CONTINENTAL].field.trains = 7;  /* 6.3.2 */
	s->side[TQ_BRITISH].expended = -1;
	assert_int_equal(check_of(&f, out, sizeof out), 5);
	assert_non_null(strstr(out, "state.yaml: area S5: 16 SPs in a fort, more than its 15 (4.2.1)"));
	assert_non_null(strstr(out, "area S21: both sides in the field"));
	assert_non_null(strstr(out, "area N29: 2 Continental SPs within walls"));
	assert_non_null(strstr(out, "more than 6 (6.3.2)"));
	assert_non_null(strstr(out, "the British pools or tracks count below zero"));
	stop(&f);
}

/* The state text writes a leader's area with `where: on-map` only: an
 * order leaves no area to a leader off the map, so what is written reads
 * back the same (found by the soak). */
static void a_leader_off_the_map_is_in_no_area(void **state)
{
	(void)state;
	struct fix f;
	start(&f, "17.4");
	int campbell = L("Campbell");
	assert_int_equal(f.s->tq.leader[campbell].where, TQ_AT_SEA_BOX);
	f.s->tq.leader[campbell].area = (short)A("S11"); /* as a step might leave it */
	struct game_order *o = game_order_new(G);
	assert_int_equal(G->order_parse(f.d, "declare Georgia, Virginia", o, f.why, sizeof f.why), 0);
	assert_int_equal(G->apply(f.d, f.s, TQ_BRITISH, o, &NO_DICE, f.ev, f.why, sizeof f.why), 0);
	game_order_free(G, o);
	char *text = text_of(f.s, f.d, true);
	struct game_state *back = game_state_new(G);
	assert_int_equal(G->state_read(text, strlen(text), f.d, back, true, f.why, sizeof f.why), 0);
	assert_memory_equal(&back->tq, &f.s->tq, sizeof back->tq);
	game_state_free(G, back);
	free(text);
	stop(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(data_check_summarises),
		cmocka_unit_test(free_deployment_asks_the_british_first_17_4_1),
		cmocka_unit_test(the_militia_asked_says_what_is_due_6_5),
		cmocka_unit_test(a_scenario_by_its_name_only),
		cmocka_unit_test(an_order_not_asked_is_refused_unchanged),
		cmocka_unit_test(the_other_sides_bytes_do_not_change_with_hidden_things),
		cmocka_unit_test(the_state_text_reads_back),
		cmocka_unit_test(the_ledger_keeps_standing_orders),
		cmocka_unit_test(the_report_says_what_is_asked),
		cmocka_unit_test(the_report_counts_counters),
		cmocka_unit_test(the_invariants_hold_and_name_what_breaks),
		cmocka_unit_test(a_leader_off_the_map_is_in_no_area),
	};
	return cmocka_run_group_tests(tests, tq_setup_data, tq_teardown_data);
}
