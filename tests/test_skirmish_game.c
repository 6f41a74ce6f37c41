/* Skirmish through game.h only (issue 14): the registry, a whole game
 * from the set-up to its end with random orders from the guide, the
 * state text read back after every order, and the hidden throw (I.A)
 * reaching neither the other side's report, guide nor question. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dice.h"
#include "game.h"
#include "games.h"

#define AMERICAN 1
#define BRITISH 2
#define MAX_ORDERS 4000

struct fix {
	const struct game *g;
	struct game_data *d;
	struct ww_dice dice;
	struct ww_rng rng;
	struct game_state *s;
	struct game_events *ev;
	char why[768];
};

static void open_game(struct fix *f, unsigned char seed_byte)
{
	memset(f, 0, sizeof *f);
	assert_int_equal(ww_dice_init(), 0);
	assert_non_null(f->g = game_find("skirmish"));
	assert_int_equal(f->g->data_load("data/skirmish", &f->d, f->why, sizeof f->why), 0);
	assert_non_null(f->s = f->g->state_new());
	assert_non_null(f->ev = f->g->events_new());
	memset(f->dice.seed, seed_byte, sizeof f->dice.seed);
	ww_dice_rng(&f->dice, &f->rng);
	assert_int_equal(f->g->new_game(f->d, NULL, 0, &f->rng, f->s, f->ev, f->why,
					sizeof f->why), 0);
}

static void close_game(struct fix *f)
{
	f->g->state_free(f->s);
	f->g->events_free(f->ev);
	f->g->data_free(f->d);
}

/* The state's text (malloc'd). */
static char *text_of(const struct fix *f, const struct game_state *s, bool secret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_int_equal(f->g->state_write(out, f->d, s, secret), 0);
	fclose(out);
	return buf;
}

/* Reads text back and writes it again: the same text. */
static void assert_text_round_trip(struct fix *f, const char *text)
{
	struct game_state *back = f->g->state_new();
	if (f->g->state_read(text, strlen(text), f->d, back, f->why, sizeof f->why))
		fail_msg("state text refused: %s\n%s", f->why, text);
	char *again = text_of(f, back, strstr(text, "secret: true") != NULL);
	assert_string_equal(again, text);
	free(again);
	f->g->state_free(back);
}

struct examples {
	int n;
	char line[512][512];
};

static void collect(void *ctx, const char *kind, const char *example)
{
	struct examples *e = ctx;
	(void)kind;
	if (e->n < 512)
		snprintf(e->line[e->n++], sizeof e->line[0], "%s", example);
}

static char *report_of(struct fix *f, const struct game_state *s, int viewer)
{
	struct game_state *v = f->g->state_new();
	struct game_frame frame = { .game = "test" };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	f->g->view(f->d, s, viewer, v);
	assert_int_equal(f->g->report(out, f->d, v, viewer, &frame, f->why, sizeof f->why), 0);
	struct examples *e = calloc(1, sizeof *e);
	f->g->guide(f->d, v, viewer, collect, e);
	for (int i = 0; i < e->n; i++)
		fprintf(out, "guide: %s\n", e->line[i]);
	char q[300];
	f->g->question(f->d, v, viewer, q, sizeof q);
	fprintf(out, "question: %s\n", q);
	fclose(out);
	free(e);
	f->g->state_free(v);
	return buf;
}

static void test_registry(void **state)
{
	(void)state;
	const struct game *g = game_find("skirmish");
	assert_non_null(g);
	assert_string_equal(g->title, "Skirmish");
	assert_int_equal(g->nsides, 2);
	assert_string_equal(g->side[AMERICAN].word, "american");
	assert_string_equal(g->side[BRITISH].name, "British");
	assert_null(g->scenarios);
}

static void test_no_scenarios_or_options(void **state)
{
	struct fix f;
	(void)state;
	open_game(&f, 1);
	assert_int_equal(f.g->new_game(f.d, "1781", 0, &f.rng, f.s, f.ev, f.why, sizeof f.why), -1);
	assert_non_null(strstr(f.why, "no scenarios"));
	assert_int_equal(f.g->new_game(f.d, NULL, 1, &f.rng, f.s, f.ev, f.why, sizeof f.why), -1);
	assert_non_null(strstr(f.why, "no optional rules"));
	close_game(&f);
}

/* I.A, I.B: the set-up asks the British to declare, both throws hidden. */
static void test_set_up_asks_the_british_to_declare(void **state)
{
	struct fix f;
	char q[300];
	(void)state;
	open_game(&f, 2);
	assert_int_equal(f.g->asked(f.s), 1u << BRITISH);
	f.g->question(f.d, f.s, BRITISH, q, sizeof q);
	assert_non_null(strstr(q, "I.B"));
	char *pub = text_of(&f, f.s, false), *sec = text_of(&f, f.s, true);
	assert_non_null(strstr(pub, "throw: hidden"));
	assert_null(strstr(sec, "throw: hidden"));
	assert_null(strstr(pub, "rest:"));
	assert_non_null(strstr(sec, "rest:"));
	assert_text_round_trip(&f, pub);
	assert_text_round_trip(&f, sec);
	free(pub);
	free(sec);
	close_game(&f);
}

static uint64_t next_random(uint64_t *r)
{
	uint64_t z = (*r += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* One order of the asked side, a random example of its guide; its text
 * parsed, formatted back the same, and applied. */
static void random_order(struct fix *f, uint64_t *r, struct examples *e, struct game_order *o)
{
	int side = f->g->asked(f->s) & (1u << AMERICAN) ? AMERICAN : BRITISH;
	struct game_state *v = f->g->state_new();
	char line[512];
	f->g->view(f->d, f->s, side, v);
	e->n = 0;
	f->g->guide(f->d, v, side, collect, e);
	f->g->state_free(v);
	int moves = 0;
	while (moves < e->n && strncmp(e->line[moves], "skirmishes", 10))
		moves++;
	if (moves == 0)
		fail_msg("the guide gives the %s nothing to do:\n%s", side == AMERICAN ? "American" : "British", text_of(f, f->s, true));
	const char *pick = e->line[next_random(r) % (uint64_t)moves];
	assert_int_equal(f->g->order_parse(f->d, pick, o, f->why, sizeof f->why), 0);
	f->g->order_format(f->d, o, line, sizeof line);
	assert_string_equal(line, pick);
	if (f->g->apply(f->d, f->s, side, o, &f->rng, f->ev, f->why, sizeof f->why))
		fail_msg("the guide's '%s' refused: %s", pick, f->why);
}

/* A whole game through game.h: after every order the state's texts read
 * back to the same text (the reader checks the invariants: units
 * accounted for, no two armies of a side on a spot, the deck's mix). */
static void play_whole_game(unsigned char seed)
{
	struct fix f;
	struct game_end end;
	uint64_t r = seed;
	struct examples *e = calloc(1, sizeof *e);
	struct game_order *o;
	int n = 0;
	open_game(&f, seed);
	o = f.g->order_new();
	for (; n < MAX_ORDERS && !f.g->over(f.s, &end); n++) {
		assert_int_not_equal(f.g->asked(f.s), 0);
		random_order(&f, &r, e, o);
		for (int secret = 0; secret < 2; secret++) {
			char *text = text_of(&f, f.s, secret);
			assert_text_round_trip(&f, text);
			free(text);
		}
	}
	if (!f.g->over(f.s, &end))
		fail_msg("seed %d: not over after %d orders", seed, n);
	assert_int_equal(f.g->asked(f.s), 0);
	assert_true(end.winner >= 0 && end.winner <= BRITISH);
	assert_non_null(strstr(end.reason, "TO END THE GAME"));
	f.g->order_free(o);
	free(e);
	close_game(&f);
}

static void test_whole_games_through_game_h(void **state)
{
	(void)state;
	for (unsigned char seed = 1; seed <= 4; seed++)
		play_whole_game(seed);
}

/* The same game but for `side`'s throw, each die one face further
 * (0..3, dice.yaml), through the secret state text. */
static struct game_state *other_throw(struct fix *f, const char *side)
{
	char *text = text_of(f, f->s, true), key[64];
	snprintf(key, sizeof key, "%s: {dice: ", side);
	char *at = strstr(text, key);
	assert_non_null(at);
	at = strstr(at, "throw: [");
	assert_non_null(at);
	for (at += 8; *at != ']'; at++)
		if (*at >= '0' && *at <= '3')
			*at = (char)('0' + (*at - '0' + 1) % 4);
	struct game_state *s = f->g->state_new();
	if (f->g->state_read(text, strlen(text), f->d, s, f->why, sizeof f->why))
		fail_msg("%s", f->why);
	free(text);
	return s;
}

/* What `viewer` receives is the same for both states. */
static void assert_same_for(struct fix *f, struct game_state *other, int viewer)
{
	char *a = report_of(f, f->s, viewer), *b = report_of(f, other, viewer);
	assert_string_equal(a, b);
	assert_non_null(strstr(a, "hidden"));
	free(a);
	free(b);
}

/* I.A: the American "does not reveal their numbers to opponent": the
 * British's report, guide and question are byte-identical whatever the
 * American's unrevealed dice (the British declares, I.B). */
static void test_i_a_american_dice_hidden_from_the_british(void **state)
{
	struct fix f;
	(void)state;
	open_game(&f, 3);
	assert_int_equal(f.g->asked(f.s), 1u << BRITISH);
	struct game_state *other = other_throw(&f, "american");
	char *mine = report_of(&f, f.s, AMERICAN), *theirs = report_of(&f, other, AMERICAN);
	assert_string_not_equal(mine, theirs); /* the American sees his own */
	assert_same_for(&f, other, BRITISH);
	free(mine);
	free(theirs);
	f.g->state_free(other);
	close_game(&f);
}

/* I.A, I.C: the British's die stays hidden while the American moves. */
static void test_i_a_british_die_hidden_from_the_american(void **state)
{
	struct fix f;
	struct examples *e = calloc(1, sizeof *e);
	struct game_order *o;
	uint64_t r = 5;
	(void)state;
	open_game(&f, 4);
	o = f.g->order_new();
	random_order(&f, &r, e, o); /* the British declares */
	assert_int_equal(f.g->asked(f.s), 1u << AMERICAN);
	struct game_state *other = other_throw(&f, "british");
	assert_same_for(&f, other, AMERICAN);
	f.g->state_free(other);
	f.g->order_free(o);
	free(e);
	close_game(&f);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_registry),
	cmocka_unit_test(test_no_scenarios_or_options),
	cmocka_unit_test(test_set_up_asks_the_british_to_declare),
	cmocka_unit_test(test_whole_games_through_game_h),
	cmocka_unit_test(test_i_a_american_dice_hidden_from_the_british),
	cmocka_unit_test(test_i_a_british_die_hidden_from_the_american),
};

int main(void)
{
	return cmocka_run_group_tests(tests, NULL, NULL);
}
