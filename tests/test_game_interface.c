/* Washington's War through game.h only (issue 13, "the game interface"):
 * the registry, the data, a new game, orders, the view and the stand-in,
 * the state as text, the question, the end, and the game's own reports.
 * The reference answers of the WW report functions come from
 * game_ww_reference.h; nothing else here knows a WW type. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "dice.h"
#include "game.h"
#include "games.h"
#include "game_ww_reference.h"
#include "report_form.h"

#define AMERICAN 1
#define BRITISH 2
#define SEED "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
#define OTHER_SEED "ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
#define COMMITTEES "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, " \
	"Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, " \
	"Halifax NC, Camden SC, Augusta GA"

struct fix {
	const struct game *g;
	struct game_data *d;
	struct wj_dice dice;
	struct wj_rng rng;
	struct game_state *s;
	struct game_events *ev;
	char why[768];
};

static const char *data_dir(void)
{
	const char *dir = getenv("WW_DATA");
	return dir ? dir : "data/washingtons-war";
}

static void seeded(struct fix *f, const char *hex)
{
	memset(&f->dice, 0, sizeof f->dice);
	assert_int_equal(wj_seed_from_hex(hex, f->dice.seed), 0);
	wj_dice_rng(&f->dice, &f->rng);
}

/* The game found by name, its data loaded, an empty state and events. */
static void open_game(struct fix *f)
{
	memset(f, 0, sizeof *f);
	assert_int_equal(wj_dice_init(), 0);
	assert_non_null(f->g = game_find("washingtons-war"));
	assert_int_equal(f->g->data_load(data_dir(), &f->d, f->why, sizeof f->why), 0);
	assert_non_null(f->s = game_state_new(f->g));
	assert_non_null(f->ev = game_events_new(f->g));
	seeded(f, SEED);
}

/* ... and a new game at the 4.0 set-up. */
static void start(struct fix *f)
{
	open_game(f);
	assert_int_equal(f->g->new_game(f->d, NULL, 0, &f->rng, f->s, f->ev, f->why,
					sizeof f->why), 0);
}

static void close_game(struct fix *f)
{
	game_events_free(f->g, f->ev);
	game_state_free(f->g, f->s);
	f->g->data_free(f->d);
}

/* The state as the game writes it (malloc'd). */
static char *text_of(const struct fix *f, const struct game_state *s, bool secret)
{
	char *out = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&out, &len);
	assert_non_null(m);
	assert_int_equal(f->g->state_write(m, f->d, s, secret), 0);
	fclose(m);
	return out;
}

/* The secret text of view(s, viewer). */
static char *view_text(const struct fix *f, const struct game_state *s, int viewer)
{
	struct game_state *v = game_state_new(f->g);
	assert_non_null(v);
	f->g->view(f->d, s, viewer, v);
	char *t = text_of(f, v, true);
	game_state_free(f->g, v);
	return t;
}

static int order(struct fix *f, int side, const char *line)
{
	struct game_order *o = game_order_new(f->g);
	assert_non_null(o);
	assert_int_equal(f->g->order_parse(f->d, line, o, f->why, sizeof f->why), 0);
	int r = f->g->apply(f->d, f->s, side, o, &f->rng, f->ev, f->why, sizeof f->why);
	game_order_free(f->g, o);
	return r;
}

static void test_registry_and_sides(void **state)
{
	(void)state;
	const struct game *g = game_find("washingtons-war");
	assert_non_null(g);
	assert_ptr_equal(game_at(0), g);
	assert_ptr_equal(game_at(1), game_find("skirmish")); /* the second game, issue 14 */
	assert_ptr_equal(game_at(2), game_find("tarletons-quarter")); /* the third, issue 23 */
	assert_null(game_at(3));
	assert_null(game_find("chess"));
	assert_string_equal(g->title, "Washington's War");
	assert_int_equal(g->nsides, 2);
	assert_string_equal(g->side[AMERICAN].word, "american");
	assert_string_equal(g->side[BRITISH].word, "british");
	assert_string_equal(g->side[BRITISH].name, "British");
	assert_string_not_equal(g->side[GAME_PUBLIC].word, "american");
	assert_string_equal(g->options[0].word, "tournament");
}

/* A side is named by its word or another word the game gives, in any case;
 * a word of no side names GAME_PUBLIC. A game with three sides (as a
 * third game might have) is listed "a, b or c" in messages. */
static void test_side_words(void **state)
{
	(void)state;
	const struct game *ww = game_find("washingtons-war"), *sk = game_find("skirmish");
	assert_int_equal(game_side_of(ww, "American"), AMERICAN);
	assert_int_equal(game_side_of(ww, "britain"), BRITISH);
	assert_int_equal(game_side_of(ww, "public"), GAME_PUBLIC);
	assert_int_equal(game_side_of(ww, "red"), GAME_PUBLIC);
	/* Skirmish's set-up: "the American (Blue) or British (Red) side" */
	assert_int_equal(game_side_of(sk, "RED"), 2);
	assert_int_equal(game_side_of(sk, "blue"), 1);
	char words[64];
	game_side_words(ww, words, sizeof words);
	assert_string_equal(words, "american or british");
	static const char *const plain[] = { "plain", NULL };
	const struct game three = {
		.nsides = 3,
		.side = { { "public", "the public", NULL }, { "british", "British", NULL },
			  { "continental", "Continental", plain }, { "french", "French", NULL } },
	};
	assert_int_equal(game_side_of(&three, "PLAIN"), 2);
	assert_int_equal(game_side_of(&three, "french"), 3);
	game_side_words(&three, words, sizeof words);
	assert_string_equal(words, "british, continental or french");
	game_side_words(&three, words, 12); /* cut short, still a string */
	assert_int_equal(strlen(words), 11);
	game_side_list(&three, "--as ", " or ", words, sizeof words);
	assert_string_equal(words, "--as british, --as continental or --as french");
	game_side_list(ww, "--", " and ", words, sizeof words);
	assert_string_equal(words, "--american and --british");
}

/* `new` makes --WORD and --WORD-password-file of every distinct side word
 * of every game (cli/wwjudge.c): the registry keeps within its room. */
static void test_side_words_of_all_games_fit_new(void **state)
{
	(void)state;
	const char *seen[GAME_SIDE_WORDS_MAX + GAME_MAX_SIDES];
	int n = 0;
	const struct game *g;
	for (int i = 0; (g = game_at(i)); i++)
		for (int s = 1; s <= g->nsides; s++) {
			int k = 0;
			while (k < n && strcmp(seen[k], g->side[s].word))
				k++;
			if (k == n)
				seen[n++] = g->side[s].word;
			assert_true(n <= GAME_SIDE_WORDS_MAX);
		}
	assert_int_equal(n, 3); /* american, british, continental */
}

static void test_data_load_and_check(void **state)
{
	(void)state;
	struct fix f;
	open_game(&f);
	char summary[128] = "";
	FILE *out = fopen("/dev/null", "w");
	assert_int_equal(f.g->data_check(out, data_dir(), summary, sizeof summary), 0);
	assert_int_equal(f.g->data_check(out, "/nonexistent/ww-data", NULL, 0) > 0, 1);
	fclose(out);
	assert_non_null(strstr(summary, "spaces"));
	struct game_data *none = (struct game_data *)&f;
	f.why[0] = '\0';
	assert_int_equal(f.g->data_load("/nonexistent/ww-data", &none, f.why, sizeof f.why), -1);
	assert_null(none);
	assert_non_null(strstr(f.why, "dataset.yaml"));
	close_game(&f);
}

/* 4.0: the set-up asks the American for the Committees of Correspondence. */
static void test_4_0_new_game_asks_the_american(void **state)
{
	(void)state;
	struct fix f;
	char q[512];
	start(&f);
	assert_int_equal(f.g->asked(f.s), GAME_SIDE(AMERICAN));
	f.g->question(f.d, f.s, AMERICAN, AMERICAN, q, sizeof q);
	assert_non_null(strstr(q, "Committees of Correspondence"));
	f.g->question(f.d, f.s, BRITISH, BRITISH, q, sizeof q);
	assert_string_equal(q, "");
	struct game_end end;
	assert_false(f.g->over(f.s, &end));
	close_game(&f);
}

/* The deck comes from the dice stream: same seed, same game; another
 * seed, another deck. */
static void test_new_game_deck_from_the_seed(void **state)
{
	(void)state;
	struct fix f;
	start(&f);
	char *a = text_of(&f, f.s, true);
	assert_int_equal(f.g->new_game(f.d, NULL, 0, &f.rng, f.s, f.ev, f.why, sizeof f.why), 0);
	char *again = text_of(&f, f.s, true);
	seeded(&f, OTHER_SEED);
	assert_int_equal(f.g->new_game(f.d, NULL, 0, &f.rng, f.s, f.ev, f.why, sizeof f.why), 0);
	char *other = text_of(&f, f.s, true);
	assert_string_equal(a, again);
	assert_string_not_equal(a, other);
	free(a);
	free(again);
	free(other);
	close_game(&f);
}

/* 6.34: the tournament option is the game's one option; others refused. */
static void test_new_game_options(void **state)
{
	(void)state;
	struct fix f;
	start(&f);
	char *plain = text_of(&f, f.s, false);
	assert_int_equal(f.g->new_game(f.d, NULL, 1, &f.rng, f.s, f.ev, f.why, sizeof f.why), 0);
	char *tournament = text_of(&f, f.s, false);
	assert_string_not_equal(plain, tournament);
	assert_int_equal(f.g->new_game(f.d, NULL, 2, &f.rng, f.s, f.ev, f.why, sizeof f.why), -1);
	assert_non_null(strstr(f.why, "tournament"));
	free(plain);
	free(tournament);
	close_game(&f);
}

static void test_order_round_trip(void **state)
{
	(void)state;
	struct fix f;
	char once[512], twice[512];
	open_game(&f);
	struct game_order *o = game_order_new(f.g);
	assert_int_equal(f.g->order_parse(f.d, "cc portsmouth nh, worcester ma", o, f.why,
					  sizeof f.why), 0);
	f.g->order_format(f.d, o, once, sizeof once);
	assert_string_equal(once, "committees Portsmouth NH, Worcester MA");
	assert_int_equal(f.g->order_parse(f.d, once, o, f.why, sizeof f.why), 0);
	f.g->order_format(f.d, o, twice, sizeof twice);
	assert_string_equal(once, twice);
	assert_int_equal(f.g->order_parse(f.d, "attack Boston", o, f.why, sizeof f.why), -1);
	assert_non_null(strstr(f.why, "'attack' is not an order"));
	assert_true(f.g->order_starts("committees Boston"));
	assert_false(f.g->order_starts("Thanks for the game"));
	game_order_free(f.g, o);
	close_game(&f);
}

/* 4.0: the Committees of Correspondence placed, the British asked next. */
static void test_4_0_committees_applied(void **state)
{
	(void)state;
	struct fix f;
	char q[512];
	start(&f);
	char *before = text_of(&f, f.s, false);
	int events = f.g->events_count(f.ev);
	assert_int_equal(order(&f, AMERICAN, COMMITTEES), 0);
	char *after = text_of(&f, f.s, false);
	assert_string_not_equal(before, after);
	assert_int_equal(f.g->asked(f.s), GAME_SIDE(BRITISH));
	f.g->question(f.d, f.s, BRITISH, BRITISH, q, sizeof q);
	assert_non_null(strstr(q, "For The King"));
	assert_true(f.g->events_count(f.ev) > events);
	assert_non_null(f.g->event_text(f.ev, f.g->events_count(f.ev) - 1, GAME_PUBLIC));
	free(before);
	free(after);
	close_game(&f);
}

/* A refused order: a clear reason, the state as it was. */
static void test_refused_order_leaves_the_state(void **state)
{
	(void)state;
	struct fix f;
	start(&f);
	char *before = text_of(&f, f.s, true);
	assert_int_equal(order(&f, BRITISH, "for-the-king Boston"), -1);
	assert_non_null(strstr(f.why, "not your move"));
	assert_int_equal(order(&f, AMERICAN, "committees Boston"), -1);
	assert_non_null(strstr(f.why, "Boston"));
	assert_int_equal(order(&f, 3, "pass"), -1);
	assert_non_null(strstr(f.why, "the sides are"));
	char *after = text_of(&f, f.s, true);
	assert_string_equal(before, after);
	free(before);
	free(after);
	close_game(&f);
}

/* A scenario file with the British holding `british` (docs/scenario.md). */
static void scenario(char *path, const char *british)
{
	strcpy(path, "/tmp/ww-game-interface-XXXXXX.yaml");
	int fd = mkstemps(path, 5);
	assert_true(fd >= 0);
	FILE *out = fdopen(fd, "w");
	assert_non_null(out);
	fprintf(out, "year: 1776\nboard:\n  Montreal: {pc: british}\n  Sunbury GA: {american: 1}\n"
		"hands:\n  american: [1, 2]\n  british: %s\n", british);
	fclose(out);
}

/* Two games alike but for the British hand. */
static void two_games(struct fix *a, struct fix *b)
{
	char pa[64], pb[64];
	scenario(pa, "[20, 21]");
	scenario(pb, "[22, 23]");
	open_game(a);
	open_game(b);
	assert_int_equal(a->g->new_game(a->d, pa, 0, &a->rng, a->s, a->ev, a->why,
					sizeof a->why), 0);
	assert_int_equal(b->g->new_game(b->d, pb, 0, &b->rng, b->s, b->ev, b->why,
					sizeof b->why), 0);
	unlink(pa);
	unlink(pb);
}

static void assert_views(struct fix *a, struct fix *b, int viewer, bool equal)
{
	char *va = view_text(a, a->s, viewer), *vb = view_text(b, b->s, viewer);
	if (equal)
		assert_string_equal(va, vb);
	else
		assert_string_not_equal(va, vb);
	free(va);
	free(vb);
}

/* Hidden information: the American and the public see nothing of the
 * British hand; the British sees his own. */
static void test_view_hides_the_other_hand(void **state)
{
	(void)state;
	struct fix a, b;
	two_games(&a, &b);
	char *secret_a = text_of(&a, a.s, true), *secret_b = text_of(&b, b.s, true);
	assert_string_not_equal(secret_a, secret_b);
	assert_views(&a, &b, AMERICAN, true);
	assert_views(&a, &b, GAME_PUBLIC, true);
	assert_views(&a, &b, BRITISH, false);
	free(secret_a);
	free(secret_b);
	close_game(&a);
	close_game(&b);
}

/* The stand-in (docs/rulings.md, "Orders checked before the dice"): the
 * American's view of it is his view of the game, its hidden cards are
 * filled in, and it is the same whatever the British really holds. */
static void test_stand_in(void **state)
{
	(void)state;
	struct fix a, b;
	two_games(&a, &b);
	struct game_state *sa = game_state_new(a.g), *sb = game_state_new(b.g);
	seeded(&a, SEED);
	seeded(&b, SEED);
	a.g->stand_in(a.d, a.s, AMERICAN, &a.rng, sa);
	b.g->stand_in(b.d, b.s, AMERICAN, &b.rng, sb);
	char *ta = text_of(&a, sa, true), *tb = text_of(&b, sb, true);
	char *seen = view_text(&a, a.s, AMERICAN), *seen_in = view_text(&a, sa, AMERICAN);
	assert_string_equal(ta, tb);
	assert_string_equal(seen, seen_in);
	assert_string_not_equal(ta, seen);
	free(ta);
	free(tb);
	free(seen);
	free(seen_in);
	game_state_free(a.g, sa);
	game_state_free(b.g, sb);
	close_game(&a);
	close_game(&b);
}

static void test_state_text_round_trip(void **state)
{
	(void)state;
	struct fix f;
	start(&f);
	assert_int_equal(order(&f, AMERICAN, COMMITTEES), 0);
	char *text = text_of(&f, f.s, true);
	struct game_state *back = game_state_new(f.g);
	assert_int_equal(f.g->state_read(text, strlen(text), f.d, back, true, f.why, sizeof f.why), 0);
	char *again = text_of(&f, back, true);
	assert_string_equal(text, again);
	assert_int_equal(f.g->state_read("year: [", 7, f.d, back, true, f.why, sizeof f.why), -1);
	assert_string_not_equal(f.why, "");
	free(text);
	free(again);
	game_state_free(f.g, back);
	close_game(&f);
}

static void guide_line(void *ctx, const char *kind, const char *example)
{
	fprintf(ctx, "%s: %s\n", kind, example);
}

/* The report and the guide are the game's own: what report.h gives, the
 * report in the report form that the judge shows as that text. */
static void test_report_and_guide_are_the_games(void **state)
{
	(void)state;
	struct fix f;
	char *report = NULL, *guide = NULL;
	size_t rlen = 0, glen = 0;
	start(&f);
	char *text = text_of(&f, f.s, true);
	struct game_state *v = game_state_new(f.g);
	f.g->view(f.d, f.s, AMERICAN, v);
	FILE *out = open_memstream(&report, &rlen);
	struct game_frame frame = { 0 };
	assert_int_equal(f.g->report(out, f.d, v, AMERICAN, &frame, f.why, sizeof f.why), 0);
	fclose(out);
	out = open_memstream(&guide, &glen);
	assert_true(f.g->guide(f.d, v, AMERICAN, guide_line, out) > 0);
	fclose(out);
	char *ref = ref_report(data_dir(), text, AMERICAN), *ref_g = ref_guide(data_dir(), text, AMERICAN);
	char *shown = NULL;
	size_t slen;
	out = open_memstream(&shown, &slen);
	assert_int_equal(wj_form_text(out, report, rlen, WW_REPORT_WIDTH), 0);
	fclose(out);
	assert_true(rlen > 0 && glen > 0);
	assert_string_equal(shown, ref);
	free(shown);
	assert_string_equal(guide, ref_g);
	free(ref);
	free(ref_g);
	free(report);
	free(guide);
	free(text);
	game_state_free(f.g, v);
	close_game(&f);
}

/* The mail's frame reaches the report (issue 13): the log since the
 * viewer's last report is its "what happened", each event as logged; and
 * the date a mail's subject gives is the game's year (the set-up, 4.0,
 * is of 1775). */
static void test_frame_recent_and_date(void **state)
{
	(void)state;
	struct fix f;
	char *report = NULL, date[16];
	size_t rlen = 0;
	start(&f);
	struct game_logged_event e = { "A logged event for the frame.",
				       GAME_SIDE(AMERICAN) | GAME_SIDE(BRITISH) |
				       GAME_SIDE(GAME_PUBLIC), { -1, 0, false } };
	struct game_logged_entry entry = { BRITISH, 1, 1, &e };
	struct game_log recent = { 1, 1, &entry };
	struct game_state *v = game_state_new(f.g);
	f.g->view(f.d, f.s, AMERICAN, v);
	FILE *out = open_memstream(&report, &rlen);
	struct game_frame frame = { .recent = &recent };
	assert_int_equal(f.g->report(out, f.d, v, AMERICAN, &frame, f.why, sizeof f.why), 0);
	fclose(out);
	assert_non_null(strstr(report, "A logged event for the frame."));
	f.g->date(f.s, date, sizeof date);
	assert_string_equal(date, "1775");
	free(report);
	game_state_free(f.g, v);
	close_game(&f);
}

static void test_board_is_a_png(void **state)
{
	(void)state;
	struct fix f;
	char *png = NULL;
	size_t len = 0;
	start(&f);
	struct game_state *v = game_state_new(f.g);
	f.g->view(f.d, f.s, BRITISH, v);
	FILE *out = open_memstream(&png, &len);
	assert_int_equal(game_board(f.g, out, f.d, v, BRITISH, f.ev, f.why, sizeof f.why), 0);
	fclose(out);
	assert_true(len > 8);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	free(png);
	game_state_free(f.g, v);
	close_game(&f);
}

/* show --png's highlight: the log's entry rebuilt as the board reads
 * it, each viewer's events only (`to: both`, `to: american`, `to:
 * nobody`); Skirmish's board takes no move from the log. */
static void test_events_read_for_the_board(void **state)
{
	(void)state;
	struct fix f;
	open_game(&f);
	struct game_logged_event v[] = {
		{ "To both.", GAME_SIDE(0) | GAME_SIDE(AMERICAN) | GAME_SIDE(BRITISH), { -1, 0, 0 } },
		{ "To the American.", GAME_SIDE(AMERICAN), { -1, 0, 0 } },
		{ "To nobody.", 0, { -1, 0, 0 } },
	};
	struct game_logged_entry e = { .side = AMERICAN, .move = 1, .n = 3, .v = v };
	static const int seen[] = { [0] = 1, [AMERICAN] = 2, [BRITISH] = 1 };
	for (int viewer = 0; viewer <= BRITISH; viewer++) {
		struct game_events *ev = game_events_new(f.g);
		assert_int_equal(f.g->events_read(f.d, &e, viewer, ev), 0);
		assert_int_equal(f.g->events_count(ev), seen[viewer]);
		assert_string_equal(f.g->event_text(ev, 0, viewer), "To both.");
		if (viewer == AMERICAN) {
			assert_string_equal(f.g->event_text(ev, 1, AMERICAN), "To the American.");
			assert_null(f.g->event_text(ev, 1, BRITISH));
		}
		game_events_free(f.g, ev);
	}
	assert_null(game_find("skirmish")->events_read);
	close_game(&f);
}

/* The text `ledger` writes for side (malloc'd). */
static char *ledger_of(const struct fix *f, const struct game_state *before,
		       const struct game_state *after, int side, int entry)
{
	char *out = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&out, &len);
	assert_non_null(m);
	f->g->ledger(m, f->d, before, after, side, entry);
	fclose(m);
	return out;
}

/* What the record keeps of an order through game.h (issue 13): its move,
 * each event's die (11.2: a lone American CU rolls in winter attrition,
 * the die from the seed; the British CUs in Camden keep 13.1's automatic
 * victory away) and the hand ledger of the side whose hand changed (the
 * American discarded card 5). */
static void test_11_2_move_rolls_and_ledger(void **state)
{
	(void)state;
	struct fix f;
	char path[64], move_line[32];
	strcpy(path, "/tmp/ww-game-interface-XXXXXX.yaml");
	int fd = mkstemps(path, 5);
	assert_true(fd >= 0);
	FILE *out = fdopen(fd, "w");
	assert_non_null(out);
	fputs("year: 1777\nmove: 40\nboard:\n  Lancaster PA: {american: 1}\n"
	      "  Camden SC: {british: 4}\n"
	      "hands: {american: [5], british: []}\n", out);
	fclose(out);
	open_game(&f);
	assert_int_equal(f.g->new_game(f.d, path, 0, &f.rng, f.s, f.ev, f.why, sizeof f.why), 0);
	unlink(path);
	struct game_state *before = game_state_new(f.g);
	game_state_copy(f.g, before, f.s);
	assert_int_equal(f.g->move(f.s), 40);
	int first = f.g->events_count(f.ev);
	assert_int_equal(order(&f, AMERICAN, "discard 5"), 0);
	unsigned move = f.g->move(f.s);
	char *text = text_of(&f, f.s, true);
	snprintf(move_line, sizeof move_line, "\nmove: %u\n", move);
	assert_true(move > 40);
	assert_non_null(strstr(text, move_line));

	int rolled = 0;
	for (int i = first; i < f.g->events_count(f.ev); i++) {
		struct game_roll r = f.g->event_roll(f.ev, i);
		if (r.index < 0)
			continue;
		rolled++;
		assert_int_equal(r.value, wj_dice_roll(f.dice.seed, (uint64_t)r.index));
		assert_false(r.forced);
	}
	assert_int_equal(rolled, 1);

	char *american = ledger_of(&f, before, f.s, AMERICAN, 7);
	char want[128];
	snprintf(want, sizeof want, "- move: %u\n  entry: 7\n", move);
	assert_non_null(strstr(american, want));
	assert_non_null(strstr(american, "  left:\n    - 5  # "));
	char *unchanged = ledger_of(&f, before, before, AMERICAN, 7);
	assert_string_equal(unchanged, "");
	free(text);
	free(american);
	free(unchanged);
	game_state_free(f.g, before);
	close_game(&f);
}

/* The public text (game.yaml's): what view hides is written as sizes, and
 * read back only as the public text; the secret reader refuses it. */
static void test_state_read_public_text(void **state)
{
	(void)state;
	struct fix f;
	start(&f);
	struct game_state *pub = game_state_new(f.g), *back = game_state_new(f.g);
	f.g->view(f.d, f.s, GAME_PUBLIC, pub);
	char *text = text_of(&f, pub, false);
	assert_int_equal(f.g->state_read(text, strlen(text), f.d, back, false, f.why,
					 sizeof f.why), 0);
	char *again = text_of(&f, back, false);
	assert_string_equal(text, again);
	assert_int_equal(f.g->state_read(text, strlen(text), f.d, back, true, f.why,
					 sizeof f.why), -1);
	assert_non_null(strstr(f.why, "expected a list of card numbers"));
	free(text);
	free(again);
	game_state_free(f.g, pub);
	game_state_free(f.g, back);
	close_game(&f);
}

/* A scenario's hands (docs/scenario.md) are what the ledgers' first items
 * say; another side's items are refused, naming the difference. */
static void test_ledger_check_of_the_hands_dealt(void **state)
{
	(void)state;
	struct fix f;
	char path[64];
	strcpy(path, "/tmp/ww-game-interface-XXXXXX.yaml");
	int fd = mkstemps(path, 5);
	assert_true(fd >= 0);
	FILE *out = fdopen(fd, "w");
	assert_non_null(out);
	fputs("year: 1777\nhands: {american: [5, 6], british: [7]}\n", out);
	fclose(out);
	open_game(&f);
	assert_int_equal(f.g->new_game(f.d, path, 0, &f.rng, f.s, f.ev, f.why, sizeof f.why), 0);
	unlink(path);
	struct game_state *none = game_state_new(f.g);
	char *items = ledger_of(&f, none, f.s, AMERICAN, 1);
	char *british = ledger_of(&f, none, f.s, BRITISH, 1);
	assert_int_equal(f.g->ledger_check(f.d, items, strlen(items), none, f.s, AMERICAN,
					   "secret/ledger-american.yaml", f.why, sizeof f.why), 0);
	assert_int_equal(f.g->ledger_check(f.d, british, strlen(british), none, f.s, AMERICAN,
					   "secret/ledger-american.yaml", f.why, sizeof f.why), -1);
	assert_string_equal(f.why, "the American hand gains #5 #6 on replay, but "
			    "secret/ledger-american.yaml says it gains #7");
	/* nothing changed and no items: agreed */
	assert_int_equal(f.g->ledger_check(f.d, "", 0, f.s, f.s, BRITISH, "x", f.why,
					   sizeof f.why), 0);
	free(items);
	free(british);
	game_state_free(f.g, none);
	close_game(&f);
}

/* A rollback moves the dice counters on (docs/record.md): skip, then next
 * tells them; the data's id is dataset.yaml's. */
static void test_dice_counters_and_data_id(void **state)
{
	(void)state;
	struct fix f;
	uint64_t roll, shuffle;
	start(&f);
	f.g->dice_next(f.s, &roll, &shuffle);
	assert_int_equal(shuffle, 1); /* 4.0: the deck shuffled once */
	f.g->dice_skip(f.s, roll + 5, shuffle + 2);
	uint64_t roll2, shuffle2;
	f.g->dice_next(f.s, &roll2, &shuffle2);
	assert_int_equal(roll2, roll + 5);
	assert_int_equal(shuffle2, shuffle + 2);
	assert_non_null(strstr(f.g->data_id(f.d), "washingtons-war"));
	close_game(&f);
}

/* The end (docs/rulings.md, resign): the British wins, nobody is asked;
 * the end says it was a resignation (the mail's "has resigned"). */
static void test_resignation_ends_the_game(void **state)
{
	(void)state;
	struct fix f;
	struct game_end end = { .resigned = false };
	start(&f);
	assert_int_equal(order(&f, AMERICAN, "resign"), 0);
	assert_true(f.g->over(f.s, &end));
	assert_int_equal(end.winner, BRITISH);
	assert_string_equal(end.reason, "the other side resigned");
	assert_true(end.resigned);
	assert_int_equal(f.g->asked(f.s), 0);
	close_game(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry_and_sides),
		cmocka_unit_test(test_side_words),
		cmocka_unit_test(test_side_words_of_all_games_fit_new),
		cmocka_unit_test(test_data_load_and_check),
		cmocka_unit_test(test_4_0_new_game_asks_the_american),
		cmocka_unit_test(test_new_game_deck_from_the_seed),
		cmocka_unit_test(test_new_game_options),
		cmocka_unit_test(test_order_round_trip),
		cmocka_unit_test(test_4_0_committees_applied),
		cmocka_unit_test(test_refused_order_leaves_the_state),
		cmocka_unit_test(test_view_hides_the_other_hand),
		cmocka_unit_test(test_stand_in),
		cmocka_unit_test(test_state_text_round_trip),
		cmocka_unit_test(test_report_and_guide_are_the_games),
		cmocka_unit_test(test_frame_recent_and_date),
		cmocka_unit_test(test_board_is_a_png),
		cmocka_unit_test(test_events_read_for_the_board),
		cmocka_unit_test(test_resignation_ends_the_game),
		cmocka_unit_test(test_11_2_move_rolls_and_ledger),
		cmocka_unit_test(test_state_read_public_text),
		cmocka_unit_test(test_ledger_check_of_the_hands_dealt),
		cmocka_unit_test(test_dice_counters_and_data_id),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
