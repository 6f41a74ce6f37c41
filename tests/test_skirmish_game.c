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
#include "report_form.h"

#define AMERICAN 1
#define BRITISH 2
#define MAX_ORDERS 4000

struct fix {
	const struct game *g;
	struct game_data *d;
	struct wj_dice dice;
	struct wj_rng rng;
	struct game_state *s;
	struct game_events *ev;
	char why[768];
};

static void open_game(struct fix *f, unsigned char seed_byte)
{
	memset(f, 0, sizeof *f);
	assert_int_equal(wj_dice_init(), 0);
	assert_non_null(f->g = game_find("skirmish"));
	assert_int_equal(f->g->data_load("data/skirmish", &f->d, f->why, sizeof f->why), 0);
	assert_non_null(f->s = game_state_new(f->g));
	assert_non_null(f->ev = game_events_new(f->g));
	memset(f->dice.seed, seed_byte, sizeof f->dice.seed);
	wj_dice_rng(&f->dice, &f->rng);
	assert_int_equal(f->g->new_game(f->d, NULL, 0, &f->rng, f->s, f->ev, f->why,
					sizeof f->why), 0);
}

static void close_game(struct fix *f)
{
	game_state_free(f->g, f->s);
	game_events_free(f->g, f->ev);
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
	struct game_state *back = game_state_new(f->g);
	if (f->g->state_read(text, strlen(text), f->d, back, true, f->why, sizeof f->why))
		fail_msg("state text refused: %s\n%s", f->why, text);
	char *again = text_of(f, back, strstr(text, "secret: true") != NULL);
	assert_string_equal(again, text);
	free(again);
	game_state_free(f->g, back);
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

/* The game's report of view v as the text part shows it (the report
 * form wrapped at 72 columns). */
static void report_text(FILE *out, struct fix *f, const struct game_state *v, int viewer,
			const struct game_frame *frame)
{
	char *form = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&form, &len);
	assert_non_null(m);
	assert_int_equal(f->g->report(m, f->d, v, viewer, frame, f->why, sizeof f->why), 0);
	fclose(m);
	assert_int_equal(wj_form_text(out, form, len, 72), 0);
	free(form);
}

/* What `show --format yaml` prints for `viewer` (game.h's state_show). */
static char *show_of(struct fix *f, const struct game_state *s, int viewer)
{
	struct game_state *v = game_state_new(f->g);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	f->g->view(f->d, s, viewer, v);
	assert_int_equal(f->g->state_show(out, f->d, v, viewer), 0);
	fclose(out);
	game_state_free(f->g, v);
	return buf;
}

/* Everything `viewer` receives: the report, the guide, the question and
 * the state shown for scripts. */
static char *report_of(struct fix *f, const struct game_state *s, int viewer)
{
	struct game_state *v = game_state_new(f->g);
	struct game_frame frame = { .game = "test" };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	f->g->view(f->d, s, viewer, v);
	report_text(out, f, v, viewer, &frame);
	struct examples *e = calloc(1, sizeof *e);
	f->g->guide(f->d, v, viewer, collect, e);
	for (int i = 0; i < e->n; i++)
		fprintf(out, "guide: %s\n", e->line[i]);
	char q[300];
	f->g->question(f->d, v, viewer, viewer, q, sizeof q);
	fprintf(out, "question: %s\n", q);
	char *shown = show_of(f, s, viewer);
	fputs(shown, out);
	free(shown);
	fclose(out);
	free(e);
	game_state_free(f->g, v);
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
	assert_null(g->options);
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
	f.g->question(f.d, f.s, BRITISH, BRITISH, q, sizeof q);
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

/* I.B: the British is asked to declare with his throw. Asked of him, the
 * question gives his throw; read by the American (a refusal or reminder
 * telling him what is asked now), it says who is asked and what for,
 * never "your throw" (the throw is the British's, and hidden, I.A). */
static void test_i_b_the_question_as_the_other_side_reads_it(void **state)
{
	struct fix f;
	char mine[300], theirs[300];
	(void)state;
	open_game(&f, 2);
	struct game_state *v = game_state_new(f.g);
	f.g->view(f.d, f.s, BRITISH, v);
	f.g->question(f.d, v, BRITISH, BRITISH, mine, sizeof mine);
	assert_non_null(strstr(mine, "Your throw:"));
	f.g->view(f.d, f.s, AMERICAN, v);
	f.g->question(f.d, v, BRITISH, AMERICAN, theirs, sizeof theirs);
	assert_non_null(strstr(theirs, "The British is asked"));
	assert_null(strstr(theirs, "throw:"));
	f.g->question(f.d, v, BRITISH, GAME_PUBLIC, theirs, sizeof theirs);
	assert_null(strstr(theirs, "throw:"));
	game_state_free(f.g, v);
	close_game(&f);
}

/* The key of what the board shows (game.h's board_key, issue 25): the
 * same for both sides, whose throws are hidden from each other but not
 * drawn, so one board serves both sides' mails. */
static char *board_key_of(struct fix *f, int viewer)
{
	char *key = NULL;
	size_t len;
	struct game_state *v = game_state_new(f->g);
	f->g->view(f->d, f->s, viewer, v);
	FILE *m = open_memstream(&key, &len);
	assert_int_equal(f->g->board_key(m, f->d, v, viewer, NULL), 0);
	fclose(m);
	game_state_free(f->g, v);
	return key;
}

static void test_the_board_is_the_same_for_both_sides(void **state)
{
	struct fix f;
	(void)state;
	open_game(&f, 2);
	char *british = board_key_of(&f, BRITISH), *american = board_key_of(&f, AMERICAN);
	assert_true(strlen(british) > 0);
	assert_string_equal(british, american);
	free(british);
	free(american);
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
	struct game_state *v = game_state_new(f->g);
	char line[512];
	f->g->view(f->d, f->s, side, v);
	e->n = 0;
	f->g->guide(f->d, v, side, collect, e);
	game_state_free(f->g, v);
	int moves = 0;
	while (moves < e->n && strncmp(e->line[moves], "skirmishes", 10) &&
	       strncmp(e->line[moves], "standing", 8))
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

/* An order of `side` given and accepted. */
static void give(struct fix *f, int side, const char *line, struct game_order *o)
{
	assert_int_equal(f->g->order_parse(f->d, line, o, f->why, sizeof f->why), 0);
	if (f->g->apply(f->d, f->s, side, o, &f->rng, f->ev, f->why, sizeof f->why))
		fail_msg("'%s' refused: %s", line, f->why);
}

/* What the whole games' guides said of the questions (III.2.B, IV.5, V). */
#define GUIDED 4
static const char *const GUIDED_BY[GUIDED] = {
	"The card moves your piece", "moves apart one space", "Your ship may sail to",
	"you may call for reinforcements (V)",
};
static int guided[GUIDED];

/* The report of `viewer` after an order (issue 22): every line within
 * 72 columns, and for the side asked a "What you can do now" whose every
 * example the engine takes now. */
static void assert_report_guides(struct fix *f, int viewer)
{
	struct game_state *v = game_state_new(f->g), *copy = game_state_new(f->g);
	struct game_events *ev = game_events_new(f->g);
	struct game_order *o = game_order_new(f->g);
	struct game_frame frame = { .game = "g", .events = f->ev,
				    .commitment = "0123456789abcdef0123456789abcdef"
						  "0123456789abcdef0123456789abcdef" };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	f->g->view(f->d, f->s, viewer, v);
	report_text(out, f, v, viewer, &frame);
	fclose(out);
	bool asked = viewer != 0 && (f->g->asked(f->s) & (1u << viewer));
	struct game_end end;
	if (viewer != 0 && !f->g->over(f->s, &end) && !strstr(text, "\nWhat you can do now\n"))
		fail_msg("no 'What you can do now' for side %d:\n%s", viewer, text);
	for (int k = 0; asked && k < GUIDED; k++)
		guided[k] += strstr(text, GUIDED_BY[k]) != NULL;
	for (char *l = text, *e; *l; l = e + 1) {
		assert_non_null(e = strchr(l, '\n'));
		*e = '\0';
		if (e - l > 72)
			fail_msg("a line of %d columns: %s\n", (int)(e - l), l);
		const char *eg = strstr(l, "e.g.  ");
		if (!eg || !asked || !strncmp(e + 1, "      ", 6))
			continue; /* a wrapped example: the guide's own test checks it */
		assert_int_equal(f->g->order_parse(f->d, eg + 6, o, f->why, sizeof f->why), 0);
		game_state_copy(f->g, copy, f->s);
		if (f->g->apply(f->d, copy, viewer, o, &f->rng, ev, f->why, sizeof f->why))
			fail_msg("the report's example '%s' is refused: %s", eg + 6, f->why);
	}
	free(text);
	game_order_free(f->g, o);
	game_events_free(f->g, ev);
	game_state_free(f->g, copy);
	game_state_free(f->g, v);
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
	o = game_order_new(f.g);
	if (seed % 2) { /* the card's moves and moving apart answered in advance */
		give(&f, AMERICAN, "standing toward Philadelphia", o);
		give(&f, BRITISH, "standing away", o);
	}
	for (; n < MAX_ORDERS && !f.g->over(f.s, &end); n++) {
		assert_int_not_equal(f.g->asked(f.s), 0);
		random_order(&f, &r, e, o);
		for (int viewer = 0; viewer <= BRITISH; viewer++)
			assert_report_guides(&f, viewer);
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
	game_order_free(f.g, o);
	free(e);
	close_game(&f);
}

static void test_whole_games_through_game_h(void **state)
{
	(void)state;
	for (unsigned char seed = 1; seed <= 4; seed++)
		play_whole_game(seed);
	for (int k = 0; k < GUIDED; k++)
		if (!guided[k])
			fail_msg("no report of the whole games says '%s'", GUIDED_BY[k]);
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
	struct game_state *s = game_state_new(f->g);
	if (f->g->state_read(text, strlen(text), f->d, s, true, f->why, sizeof f->why))
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
	/* the question is the British's: only he is told his throw with it */
	assert_null(strstr(mine, "Your throw"));
	assert_non_null(strstr(mine, "The British is asked to declare"));
	char *british = report_of(&f, f.s, BRITISH);
	assert_non_null(strstr(british, ". Your throw: "));
	free(british);
	free(mine);
	free(theirs);
	game_state_free(f.g, other);
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
	o = game_order_new(f.g);
	random_order(&f, &r, e, o); /* the British declares */
	assert_int_equal(f.g->asked(f.s), 1u << AMERICAN);
	struct game_state *other = other_throw(&f, "british");
	assert_same_for(&f, other, AMERICAN);
	game_state_free(f.g, other);
	game_order_free(f.g, o);
	free(e);
	close_game(&f);
}

/* I.A, III.3: the state shown for scripts (docs/skirmish-state.md) is
 * the public text for anyone, then the viewer's own throw and standing
 * order; the British's bytes do not change with the American's hidden
 * throw, nor the American's with the British's standing order. */
static void test_i_a_show_gives_the_viewer_his_own_throw_only(void **state)
{
	struct fix f;
	struct game_order *o;
	(void)state;
	open_game(&f, 3);
	struct game_state *other = other_throw(&f, "american");
	char *us = show_of(&f, f.s, AMERICAN), *us2 = show_of(&f, other, AMERICAN);
	char *uk = show_of(&f, f.s, BRITISH), *uk2 = show_of(&f, other, BRITISH);
	char *pub = show_of(&f, f.s, 0), *pub2 = show_of(&f, other, 0);
	assert_string_not_equal(us, us2);
	assert_string_equal(uk, uk2);
	assert_string_equal(pub, pub2);
	assert_non_null(strstr(pub, "american: {dice: 2, throw: hidden,"));
	assert_null(strstr(pub, "viewer:"));
	assert_non_null(strstr(us, "viewer: american\nyour-throw: ["));
	assert_non_null(strstr(uk, "viewer: british\nyour-throw: ["));
	assert_non_null(strstr(uk, "american: {dice: 2, throw: hidden,"));
	assert_int_equal(strncmp(uk, pub, strlen(pub)), 0); /* the public text first */
	o = game_order_new(f.g);
	give(&f, BRITISH, "standing toward Philadelphia", o);
	char *uk3 = show_of(&f, f.s, BRITISH), *us3 = show_of(&f, f.s, AMERICAN);
	assert_non_null(strstr(uk3, "your-standing: toward \"Philadelphia\"\n"));
	assert_null(strstr(us3, "Philadelphia\"\n"));
	assert_non_null(strstr(us3, "your-standing: ask\n"));
	free(us), free(us2), free(uk), free(uk2), free(pub), free(pub2), free(uk3), free(us3);
	game_order_free(f.g, o);
	game_state_free(f.g, other);
	close_game(&f);
}

/* The board (game.h's `board`) shows the last move by a die among the
 * events it is given (II): the picture differs from the one without. */
static void test_board_shows_the_last_move(void **state)
{
	struct fix f;
	struct examples *e = calloc(1, sizeof *e);
	struct game_order *o;
	uint64_t r = 11;
	(void)state;
	open_game(&f, 6);
	o = game_order_new(f.g);
	for (int i = 0; i < 3; i++) /* the declaration (I.B), then the American's dice (I.C) */
		random_order(&f, &r, e, o);
	char *with = NULL, *without = NULL;
	size_t lw = 0, lo = 0;
	FILE *a = open_memstream(&with, &lw), *b = open_memstream(&without, &lo);
	assert_int_equal(game_board(f.g, a, f.d, f.s, BRITISH, f.ev, f.why, sizeof f.why), 0);
	assert_int_equal(game_board(f.g, b, f.d, f.s, BRITISH, NULL, f.why, sizeof f.why), 0);
	fclose(a);
	fclose(b);
	assert_true(lw != lo || memcmp(with, without, lw) != 0);
	free(with);
	free(without);
	game_order_free(f.g, o);
	free(e);
	close_game(&f);
}

/* Parses line, formats it: `canonical`. */
static void assert_order(struct fix *f, const char *line, const char *canonical)
{
	struct game_order *o = game_order_new(f->g), *again = game_order_new(f->g);
	char out[512];
	if (f->g->order_parse(f->d, line, o, f->why, sizeof f->why))
		fail_msg("'%s' refused: %s", line, f->why);
	f->g->order_format(f->d, o, out, sizeof out);
	assert_string_equal(out, canonical);
	assert_int_equal(f->g->order_parse(f->d, out, again, f->why, sizeof f->why), 0);
	f->g->order_format(f->d, again, out, sizeof out);
	assert_string_equal(out, canonical);
	assert_true(f->g->order_starts(line));
	game_order_free(f->g, o);
	game_order_free(f->g, again);
}

static void assert_refused(struct fix *f, const char *line, const char *says)
{
	struct game_order *o = game_order_new(f->g);
	assert_int_equal(f->g->order_parse(f->d, line, o, f->why, sizeof f->why), -1);
	if (!strstr(f->why, says))
		fail_msg("'%s' refused with '%s', not '%s'", line, f->why, says);
	game_order_free(f->g, o);
}

static void test_order_language_every_form(void **state)
{
	struct fix f;
	(void)state;
	open_game(&f, 1);
	assert_order(&f, "declare boston", "declare Boston");
	assert_order(&f, "DECLARE  New York Harbor ", "declare New York Harbor");
	assert_order(&f, "move saratoga - albany - west point", "move Saratoga - Albany - West Point");
	assert_order(&f, "move Saratoga-Albany split 4 stay, moved goes to west point",
		     "move Saratoga - Albany split 4 stay, moved goes to West Point");
	assert_order(&f, "move Saratoga - Albany split 2 stay, held goes to Springfield",
		     "move Saratoga - Albany split 2 stay, held goes to Springfield");
	assert_order(&f, "skirmishes Boston, montreal", "skirmishes Boston, Montreal");
	assert_order(&f, "card move Albany - Saratoga", "card move Albany - Saratoga");
	assert_order(&f, "apart to Trenton", "apart Trenton");
	assert_order(&f, "call", "call");
	assert_order(&f, "sail Large Blue Dot - West Atlantic", "sail Large Blue Dot - West Atlantic");
	assert_order(&f, "pass", "pass");
	assert_order(&f, "move St Johns - Montréal", "move St. Johns - Montreal");
	assert_order(&f, "declare new york c", "declare New York City");
	assert_order(&f, "standing toward philadelphia", "standing toward Philadelphia");
	assert_order(&f, "STANDING  Toward  Montréal ", "standing toward Montreal");
	assert_order(&f, "standing away", "standing away");
	assert_order(&f, "standing ask", "standing ask");
	close_game(&f);
}

static void test_order_refusals_say_what_would_do(void **state)
{
	struct fix f;
	(void)state;
	open_game(&f, 1);
	assert_refused(&f, "march Boston - Worcester", "'march' is no order; the orders are: declare");
	assert_refused(&f, "move Saratgoa - Albany", "unknown spot 'Saratgoa'");
	assert_refused(&f, "move Saratgoa - Albany", "did you mean Saratoga?");
	assert_refused(&f, "move New York - Albany", "ambiguous: New York City or New York Harbor");
	assert_refused(&f, "move Saratoga", "at least one spot more, separated by '-'");
	assert_refused(&f, "move Saratoga - Albany split four", "'N stay, moved goes to SPOT'");
	assert_refused(&f, "move Saratoga - Albany split 9 stay, moved goes to Troy", "1 to 6 units");
	assert_refused(&f, "declare", "the spot is missing");
	assert_refused(&f, "declare Boston, Montreal", "one spot only");
	assert_refused(&f, "call now", "nothing may follow it");
	assert_refused(&f, "skirmishes", "the enemy spots are missing");
	assert_refused(&f, "skirmishes Boston,, Montreal", "a spot's name is missing");
	assert_refused(&f, "standing", "standing: '(nothing)' is no standing order; the form is "
		       "standing toward SPOT | standing away | standing ask");
	assert_refused(&f, "standing sideways", "'sideways' is no standing order");
	assert_refused(&f, "standing towards Boston", "'towards Boston' is no standing order");
	assert_refused(&f, "standing toward", "the spot to go toward is missing");
	assert_refused(&f, "standing toward Phladelphia", "did you mean Philadelphia?");
	assert_false(f.g->order_starts("Dear opponent, here is my move"));
	assert_false(f.g->order_starts("passing by"));
	close_game(&f);
}

/* The secret text of the set-up with `from` replaced by `to`: refused
 * with `says`. */
static void assert_text_refused(struct fix *f, const char *from, const char *to, const char *says)
{
	char *text = text_of(f, f->s, true), *at = strstr(text, from);
	assert_non_null(at);
	char *bad = malloc(strlen(text) + strlen(to) + 1);
	sprintf(bad, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	struct game_state *s = game_state_new(f->g);
	assert_int_equal(f->g->state_read(bad, strlen(bad), f->d, s, true, f->why, sizeof f->why), -1);
	if (!strstr(f->why, says))
		fail_msg("refused with '%s', not '%s'", f->why, says);
	free(text);
	free(bad);
	game_state_free(f->g, s);
}

/* The record's ledger for a side (I.A): its throw while unrevealed,
 * nothing for a side whose throw did not change; the move is the turn. */
static void test_i_a_ledger_keeps_the_unrevealed_throw(void **state)
{
	(void)state;
	struct fix f;
	open_game(&f, 9);
	struct game_state *before = game_state_new(f.g);
	assert_int_equal(f.g->move(f.s), 1);
	for (int side = AMERICAN; side <= BRITISH; side++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		f.g->ledger(out, f.d, before, f.s, side, 1);
		f.g->ledger(out, f.d, f.s, f.s, side, 2);
		fclose(out);
		assert_non_null(strstr(buf, "- move: 1\n  entry: 1\n  threw: ["));
		assert_null(strstr(buf, "entry: 2"));
		assert_int_equal(f.g->event_roll(f.ev, 0).index, -1);
		free(buf);
	}
	game_state_free(f.g, before);
	close_game(&f);
}

static void test_state_text_refusals(void **state)
{
	struct fix f;
	(void)state;
	open_game(&f, 1);
	assert_text_refused(&f, "turn: 1", "turn: x", "line 4: a number from 0 to 1000000 expected");
	assert_text_refused(&f, "phase: declare", "phase: lunch", "line 5: one of declare, american");
	assert_text_refused(&f, "\"Boston\"", "\"Bostn\"", "no spot \"Bostn\" on the board");
	assert_text_refused(&f, "units: 5", "units: 6", "units on the board, carried and lost");
	assert_text_refused(&f, "\"Montreal\", units: 5", "\"Large Red Dot\", units: 5",
			    "land pieces stand on land spots");
	assert_text_refused(&f, "declared: -1", "declared: 39", "declared is piece 39");
	assert_text_refused(&f, "phase: declare", "phase: apart", "phase apart: its piece");
	assert_text_refused(&f, "next-roll", "next-roll: 1\nnext-roll", "'next-shuffle: ' expected");
	assert_text_refused(&f, "quiet: []}", "quiet: [99]}", "out of range: 0 to 39");
	assert_text_refused(&f, "standing: {american: ask", "standing: {american: toward \"Boston "
			    "Harbor\"", "standing toward \"Boston Harbor\": a standing order goes "
			    "toward a land spot");
	assert_text_refused(&f, "british: ask}", "british: wait}", "one of ask, toward, away");
	assert_text_refused(&f, "standing: {", "standing: [", "'{american: ' expected");
	assert_text_refused(&f, "standing: {american: ask, british: ask}\n", "",
			    "'standing: ' expected");
	close_game(&f);
}

/* Hidden information (issue 14): a standing order is its side's alone. The
 * American's report, guide and question, and the public state text, are
 * byte-identical whether or not the British has one; the British's own
 * report shows it, and its secret text keeps it. */
static void test_standing_order_hidden_from_the_other_side(void **state)
{
	struct fix f;
	struct game_order *o;
	(void)state;
	open_game(&f, 3);
	o = game_order_new(f.g);
	struct game_state *other = game_state_new(f.g);
	game_state_copy(f.g, other, f.s);
	struct fix g = f;
	g.s = other;
	assert_non_null(g.ev = game_events_new(f.g));
	give(&g, BRITISH, "standing toward Philadelphia", o);
	assert_int_equal(f.g->events_count(g.ev), 1);
	assert_non_null(f.g->event_text(g.ev, 0, BRITISH));
	assert_null(f.g->event_text(g.ev, 0, AMERICAN));
	assert_null(f.g->event_text(g.ev, 0, 0));
	game_events_free(f.g, g.ev);
	for (int viewer = 0; viewer <= AMERICAN; viewer++) {
		char *a = report_of(&f, f.s, viewer), *b = report_of(&f, other, viewer);
		assert_string_equal(a, b);
		free(a);
		free(b);
	}
	char *pa = text_of(&f, f.s, false), *pb = text_of(&f, other, false);
	assert_string_equal(pa, pb);
	char *mine = report_of(&f, other, BRITISH), *secret = text_of(&f, other, true);
	assert_non_null(strstr(mine, "Your standing order: toward Philadelphia"));
	assert_non_null(strstr(mine, "guide: standing ask"));
	assert_non_null(strstr(secret, "standing: {american: ask, british: toward \"Philadelphia\"}"));
	assert_null(strstr(pa, "standing"));
	assert_text_round_trip(&f, secret);
	free(pa);
	free(pb);
	free(mine);
	free(secret);
	game_state_free(f.g, other);
	game_order_free(f.g, o);
	close_game(&f);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_the_board_is_the_same_for_both_sides),
	cmocka_unit_test(test_order_language_every_form),
	cmocka_unit_test(test_order_refusals_say_what_would_do),
	cmocka_unit_test(test_state_text_refusals),
	cmocka_unit_test(test_registry),
	cmocka_unit_test(test_no_scenarios_or_options),
	cmocka_unit_test(test_set_up_asks_the_british_to_declare),
	cmocka_unit_test(test_i_b_the_question_as_the_other_side_reads_it),
	cmocka_unit_test(test_whole_games_through_game_h),
	cmocka_unit_test(test_i_a_american_dice_hidden_from_the_british),
	cmocka_unit_test(test_i_a_british_die_hidden_from_the_american),
	cmocka_unit_test(test_i_a_ledger_keeps_the_unrevealed_throw),
	cmocka_unit_test(test_i_a_show_gives_the_viewer_his_own_throw_only),
	cmocka_unit_test(test_board_shows_the_last_move),
	cmocka_unit_test(test_standing_order_hidden_from_the_other_side),
};

int main(void)
{
	return cmocka_run_group_tests(tests, NULL, NULL);
}
