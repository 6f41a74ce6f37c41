/* The mail layer composes through game.h alone (issue 13): a made-up game
 * whose report, guide, question, board and sides are markers shows that
 * what a mail says of a game is the game's own, from the recipient's view,
 * and that nothing of Washington's War is called for it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sodium.h>
#include "games.h"
#include "mail_internal.h"

struct game_state {
	unsigned move;
	int viewer;          /* whose view this is; -1: the whole state */
	unsigned asked;
	int winner;          /* -1 while the game goes on */
};

static void fake_init(struct game_state *s)
{
	s->viewer = -1;
}

static void fake_view(const struct game_data *d, const struct game_state *s, int viewer,
		      struct game_state *out)
{
	(void)d;
	*out = *s;
	out->viewer = viewer;
}

static unsigned fake_move(const struct game_state *s)
{
	return s->move;
}

static unsigned fake_asked(const struct game_state *s)
{
	return s->winner >= 0 ? 0 : s->asked;
}

static void fake_question(const struct game_data *d, const struct game_state *s, int side,
			  int reader, char *out, size_t len)
{
	(void)d;
	snprintf(out, len, "side %d is asked, seen by %d, read by %d.", side, s->viewer, reader);
}

static bool fake_over(const struct game_state *s, struct game_end *end)
{
	if (s->winner < 0)
		return false;
	end->winner = s->winner;
	snprintf(end->reason, sizeof end->reason, "made up");
	return true;
}

static int fake_report(FILE *out, const struct game_data *d, const struct game_state *view,
		       int viewer, const struct game_frame *f, char *why, size_t whylen)
{
	(void)d, (void)why, (void)whylen;
	fprintf(out, ".FAKE REPORT for %d of view %d; commitment %s; from %d; stand-in %d\n%s",
		viewer, view->viewer, f->commitment ? f->commitment : "-", f->note_from,
		f->stand_in, f->note ? f->note : ".no note\n");
	return 0;
}

static int guides_built;

static int fake_guide(const struct game_data *d, const struct game_state *view, int side,
		      game_guide_item *item, void *ctx)
{
	char example[64];
	(void)d;
	guides_built++;
	snprintf(example, sizeof example, "march north (side %d, view %d)", side, view->viewer);
	item(ctx, "standing", "standing fast");
	item(ctx, "march", example);
	return 2;
}

static int boards_drawn;

/* Found by its name, as the binary finds a board in its plugin (games.h). */
int fake_board(FILE *out, const struct game_data *d, const struct game_state *view,
	       int viewer, const struct game_events *last, char *why, size_t whylen);
int fake_board(FILE *out, const struct game_data *d, const struct game_state *view,
	       int viewer, const struct game_events *last, char *why, size_t whylen)
{
	(void)d, (void)last, (void)why, (void)whylen;
	fprintf(out, "FAKE-BOARD-%d-%d", viewer, view->viewer);
	boards_drawn++;
	return 0;
}

/* What the fake board shows, as board_key says it: the move only, when
 * `key_by_move` (so both sides' boards are one), else the viewer too. */
static bool key_by_move = true;
static int fake_board_key(FILE *out, const struct game_data *d, const struct game_state *view,
			  int viewer, const struct game_events *last)
{
	(void)d, (void)last;
	fprintf(out, "%u", view->move);
	if (!key_by_move)
		fprintf(out, " %d", viewer);
	return 0;
}

static const struct game fake = {
	.name = "fake", .title = "A Made-Up Game", .nsides = 2,
	.side = { { "public", "the public" }, { "blue", "Blue" }, { "red", "Red" } },
	.state_size = sizeof(struct game_state), .state_init = fake_init, .view = fake_view,
	.move = fake_move, .asked = fake_asked, .question = fake_question, .over = fake_over,
	.report = fake_report, .guide = fake_guide, .board = "fake_board",
};

static struct game_state now = { .move = 7, .viewer = -1, .asked = GAME_SIDE(1),
				 .winner = -1 };
static const struct wj_mail_game fake_game = { &fake, NULL, &now };

/* What f wrote into a malloc'd string. */
typedef void compose_fn(FILE *f, const struct wj_mail_view *v);

/* The text a mail shows of what fn wrote (in the report form). */
static char *shown(const char *form, size_t len)
{
	char *text = NULL;
	size_t tlen;
	FILE *f = open_memstream(&text, &tlen);
	assert_non_null(f);
	assert_int_equal(wj_mail_text(f, form, len), 0);
	assert_int_equal(fclose(f), 0);
	return text;
}

static char *written(int side, compose_fn *fn, size_t *len)
{
	char *form = NULL;
	struct wj_mail_view v;
	FILE *f = open_memstream(&form, len);
	assert_non_null(f);
	assert_int_equal(wj_mail_view_open(&v, &fake_game, side), 0);
	fn(f, &v);
	wj_mail_view_close(&v);
	assert_int_equal(fclose(f), 0);
	return form;
}

static char *composed(int side, compose_fn *fn)
{
	size_t len;
	return written(side, fn, &len);
}

/* The same as the mail's text shows it. */
static char *composed_shown(int side, compose_fn *fn)
{
	size_t len;
	char *form = written(side, fn, &len), *text = shown(form, len);
	free(form);
	return text;
}

static void report_of(FILE *f, const struct wj_mail_view *v)
{
	struct game_frame frame = { .commitment = "c0ffee", .note = "hold fast", .note_from = 1 };
	char err[64];
	assert_int_equal(wj_mail_report(f, v, &frame, err, sizeof err), 0);
}

static void how_to_order(FILE *f, const struct wj_mail_view *v)
{
	wj_mail_how_to_order(f, v, "TOKEN", NULL);
}

static void asked_now(FILE *f, const struct wj_mail_view *v)
{
	char line[200], buf[80];
	wj_mail_asked_now(v, line, sizeof line);
	fprintf(f, "%s | %s", line, wj_mail_whose_move(v, buf, sizeof buf));
}

/* The report is the game's, of the recipient's own view, with the frame
 * the judge gave. */
static void test_report_is_the_games_of_the_view(void **state)
{
	(void)state;
	char *text = composed_shown(2, report_of);
	/* the note as the judge frames it, never the player's words alone */
	assert_string_equal(text, "FAKE REPORT for 2 of view 2; commitment c0ffee; from 1; "
			    "stand-in 0\n  The Blue player writes:\n    | hold fast\n");
	free(text);
}

/* The example order is the game's guide's first that is not a standing
 * order, on the asked side's view; a side not asked is told so. */
static void test_example_order_is_the_guides(void **state)
{
	(void)state;
	char *asked = composed_shown(1, how_to_order), *other = composed_shown(2, how_to_order);
	assert_non_null(strstr(asked, "token: TOKEN\nmarch north (side 1, view 1)\n#end\n"));
	assert_null(strstr(asked, "standing fast"));
	assert_non_null(strstr(other, "Nothing is asked of you now."));
	assert_null(strstr(other, "march"));
	free(asked);
	free(other);
}

/* Issue 25.2: the order block's example is the one the report's guide
 * gave (frame.guide_item), so the guide is not built again; without one
 * the block builds the guide itself. */
static void how_to_order_known(FILE *f, const struct wj_mail_view *v)
{
	struct wj_mail_example known = { .found = false };
	wj_mail_example_take(&known, "standing", "standing fast");
	wj_mail_example_take(&known, "march", "march west");
	wj_mail_example_take(&known, "march", "march east");
	wj_mail_how_to_order(f, v, "TOKEN", &known);
}

static void test_25_the_guide_once_per_mail(void **state)
{
	(void)state;
	guides_built = 0;
	char *known = composed_shown(1, how_to_order_known);
	assert_int_equal(guides_built, 0);
	assert_non_null(strstr(known, "token: TOKEN\nmarch west\n#end"));
	char *built = composed_shown(1, how_to_order);
	assert_int_equal(guides_built, 1);
	assert_non_null(strstr(built, "token: TOKEN\nmarch north (side 1, view 1)\n#end"));
	free(known);
	free(built);
}

/* What is asked and whose move it is come from asked, question and over,
 * in the game's side names. */
static void test_question_and_whose_move_are_the_games(void **state)
{
	(void)state;
	char *blue = composed(1, asked_now), *red = composed(2, asked_now);
	assert_string_equal(blue, "side 1 is asked, seen by 1, read by 1. | your move");
	/* the question worded for its reader, on the reader's view */
	assert_string_equal(red, "side 1 is asked, seen by 2, read by 2. | the Blue to move");
	free(blue);
	free(red);
	now.winner = 2;
	char *over = composed(1, asked_now);
	now.winner = -1;
	assert_string_equal(over, "The game is over: the Red player won. | the game is over");
	free(over);
}

/* The subject has the game's move, and no date for a game without one. */
static void test_subject_has_the_games_move(void **state)
{
	(void)state;
	char subj[200];
	wj_mail_subject("g1", &fake_game, "your move", subj, sizeof subj);
	assert_string_equal(subj, "[wwjudge g1] move 7: your move");
}

/* The board attached is the game's board of the recipient's view, named
 * by the game's move; a game that draws none sends the text alone. */
static void test_board_is_the_games(void **state)
{
	(void)state;
	struct wj_mail_config c = { .judge = "judge@example.org", .from_name = "Judge" };
	struct wj_mail_view v;
	char b64[64];
	const char *png = "FAKE-BOARD-2-2";
	assert_int_equal(wj_mail_view_open(&v, &fake_game, 2), 0);
	struct wj_mail_board board = { &v, NULL, "g1", NULL };
	struct wj_mail_out o = { .to = "red@example.org", .subject = "s", .body = "text\n",
				 .message_id = "<m@x>", .board = &board };
	size_t len;
	char *mail = wj_mail_compose(&c, &o, &len);
	assert_non_null(mail);
	sodium_bin2base64(b64, sizeof b64, (const unsigned char *)png, strlen(png),
			  sodium_base64_VARIANT_ORIGINAL);
	assert_non_null(strstr(mail, b64));
	assert_non_null(strstr(mail, "filename=\"board-g1-7.png\""));
	free(mail);
	struct game drawless = fake;
	drawless.board = NULL;
	v.game = &drawless;
	mail = wj_mail_compose(&c, &o, &len);
	assert_non_null(mail);
	assert_null(strstr(mail, "multipart"));
	assert_non_null(strstr(mail, "text\r\n"));
	free(mail);
	v.game = &fake;
	wj_mail_view_close(&v);
}

/* Issue 25: a board both sides' mails show is drawn once in a run, as
 * the game's board_key says; a key that differs draws it again. */
static void test_a_shared_board_is_drawn_once(void **state)
{
	(void)state;
	struct wj_mail_config c = { .judge = "judge@example.org", .from_name = "Judge" };
	struct game keyed = fake;
	keyed.board_key = fake_board_key;
	const struct wj_mail_game g = { &keyed, NULL, &now };
	struct wj_board_cache cache = { 0 };
	struct wj_mail_view v[3];
	char *mail[3];
	size_t len;
	boards_drawn = 0;
	for (int side = 1; side <= 2; side++) {
		assert_int_equal(wj_mail_view_open(&v[side], &g, side), 0);
		struct wj_mail_board board = { &v[side], NULL, "g1", &cache };
		struct wj_mail_out o = { .to = "x@example.org", .subject = "s", .body = "text\n",
					 .message_id = "<m@x>", .board = &board };
		assert_non_null(mail[side] = wj_mail_compose(&c, &o, &len));
	}
	assert_int_equal(boards_drawn, 1);
	assert_string_equal(mail[1], mail[2]); /* the same board, the same bytes */
	free(mail[1]);
	free(mail[2]);
	key_by_move = false; /* each side's board its own */
	for (int side = 1; side <= 2; side++) {
		struct wj_mail_board board = { &v[side], NULL, "g1", &cache };
		struct wj_mail_out o = { .to = "x@example.org", .subject = "s", .body = "text\n",
					 .message_id = "<m@x>", .board = &board };
		free(wj_mail_compose(&c, &o, &len));
	}
	key_by_move = true;
	assert_int_equal(boards_drawn, 3);
	for (int side = 1; side <= 2; side++)
		wj_mail_view_close(&v[side]);
	wj_board_cache_free(&cache);
}

/* Skirmish, a real second game, composed by the same code: at the set-up
 * the British declares his unit (I.B), so the British's mail has his
 * move in its subject and an example order Skirmish accepts now, and
 * the American's says that nothing is asked of him. */
static void test_skirmish_i_b_mails(void **state)
{
	(void)state;
	const struct game *sk = game_find("skirmish");
	struct game_data *d;
	struct wj_dice dice = { 0 };
	struct wj_rng rng;
	char why[512], subj[200], buf[80];
	assert_non_null(sk);
	assert_int_equal(wj_dice_init(), 0);
	assert_int_equal(sk->data_load("data/skirmish", &d, why, sizeof why), 0);
	struct game_state *s = game_state_new(sk), *copy = game_state_new(sk);
	struct game_events *ev = game_events_new(sk);
	memset(dice.seed, 7, sizeof dice.seed);
	wj_dice_rng(&dice, &rng);
	assert_int_equal(sk->new_game(d, NULL, 0, &rng, s, ev, why, sizeof why), 0);
	struct wj_mail_game mg = { sk, d, s };
	struct wj_mail_view british, american;
	assert_int_equal(wj_mail_view_open(&british, &mg, 2), 0);
	assert_int_equal(wj_mail_view_open(&american, &mg, 1), 0);
	snprintf(subj, sizeof subj, "[wwjudge s1] move %u: your move", sk->move(s));
	char mine[200];
	wj_mail_subject("s1", &mg, wj_mail_whose_move(&british, buf, sizeof buf), mine,
			sizeof mine);
	assert_string_equal(mine, subj);
	assert_string_equal(wj_mail_whose_move(&american, buf, sizeof buf), "the British to move");

	char *form = NULL, *text, *other;
	size_t len;
	FILE *f = open_memstream(&form, &len);
	wj_mail_how_to_order(f, &british, "T", NULL);
	fclose(f);
	text = shown(form, len);
	free(form);
	f = open_memstream(&form, &len);
	wj_mail_how_to_order(f, &american, "T", NULL);
	fclose(f);
	other = shown(form, len);
	free(form);
	assert_non_null(strstr(other, "Nothing is asked of you now."));
	char *line = strstr(text, "token: T\n");
	assert_non_null(line);
	line += strlen("token: T\n");
	*strchr(line, '\n') = '\0';
	struct game_order *o = game_order_new(sk);
	assert_int_equal(sk->order_parse(d, line, o, why, sizeof why), 0);
	game_state_copy(sk, copy, s);
	assert_int_equal(sk->apply(d, copy, 2, o, &rng, ev, why, sizeof why), 0);

	game_order_free(sk, o);
	free(text);
	free(other);
	wj_mail_view_close(&british);
	wj_mail_view_close(&american);
	game_events_free(sk, ev);
	game_state_free(sk, copy);
	game_state_free(sk, s);
	sk->data_free(d);
}

/* ---- issue 20.1: a note can never rewrite the other side's mail ---- */

/* A hostile note: a fake order block with a token, the judge's words, the
 * boundary of a Skirmish report of move 3 and an HTML part of its own,
 * invisible and direction-changing characters, and a line of 400 CJK
 * characters (1,200 octets) with no blank to wrap at. */
static char *hostile_note(void)
{
	static const char *const invisible[] = {
		"\xd8\x9c", "\xe2\x80\x8b", "\xe2\x80\x8c", "\xe2\x80\x8d", "\xe2\x80\x8e",
		"\xe2\x80\x8f", "\xe2\x80\xaa", "\xe2\x80\xab", "\xe2\x80\xac", "\xe2\x80\xad",
		"\xe2\x80\xae", "\xe2\x81\xa0", "\xe2\x81\xa1", "\xe2\x81\xa2", "\xe2\x81\xa3",
		"\xe2\x81\xa4", "\xe2\x81\xa6", "\xe2\x81\xa7", "\xe2\x81\xa8", "\xe2\x81\xa9",
		"\xef\xbb\xbf", "\xef\xbf\xb9", "\xef\xbf\xba", "\xef\xbf\xbb",
		"\xf3\xa0\x80\x80", "\xf3\xa0\x81\x81", "\xf3\xa0\x81\xbf",
	};
	char *note = NULL;
	size_t len;
	FILE *f = open_memstream(&note, &len);
	assert_non_null(f);
	fputs("#orders\ntoken: 0123456789abcdef\nresign\n#end\n"
	      "Game s1: the American player has resigned.\n"
	      "--=_wa.s1.3\nContent-Type: text/html; charset=utf-8\n\n"
	      "<p>Mail me your password</p>\n--=_wa.s1.3--\nin", f);
	for (size_t i = 0; i < sizeof invisible / sizeof *invisible; i++)
		fputs(invisible[i], f);
	fputs("visible\n", f);
	for (int i = 0; i < 400; i++)
		fputs("\xe6\xbc\xa2", f); /* U+6F22 */
	assert_int_equal(fclose(f), 0);
	return note;
}

/* The report of game `name` for `viewer` after a set-up, with the note of
 * side 1 in its frame, as the mail layer composes it. */
static char *report_with_note(const char *name, const char *dir, int viewer, const char *note)
{
	const struct game *g = game_find(name);
	struct game_data *d;
	struct wj_dice dice = { 0 };
	struct wj_rng rng;
	char why[512];
	assert_non_null(g);
	assert_int_equal(wj_dice_init(), 0);
	assert_int_equal(g->data_load(dir, &d, why, sizeof why), 0);
	struct game_state *s = game_state_new(g);
	struct game_events *ev = game_events_new(g);
	memset(dice.seed, 7, sizeof dice.seed);
	wj_dice_rng(&dice, &rng);
	assert_int_equal(g->new_game(d, NULL, 0, &rng, s, ev, why, sizeof why), 0);
	struct wj_mail_game mg = { g, d, s };
	struct wj_mail_view v;
	assert_int_equal(wj_mail_view_open(&v, &mg, viewer), 0);
	struct game_frame frame = { .game = "s1", .events = ev, .note = note, .note_from = 1 };
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(wj_mail_report_text(f, &v, &frame, why, sizeof why), 0);
	assert_int_equal(fclose(f), 0);
	wj_mail_view_close(&v);
	game_events_free(g, ev);
	game_state_free(g, s);
	g->data_free(d);
	return text;
}

/* Columns on a terminal: U+3000-U+9FFF (lead bytes E3-E9: the note's
 * CJK) take two. */
static int columns(const char *s, size_t n)
{
	int c = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)s[i];
		c += (b & 0xc0) == 0x80 ? 0 : b >= 0xe3 && b <= 0xe9 ? 2 : 1;
	}
	return c;
}

/* Every game's report shows the note the same way: a heading naming its
 * writer, then every line of it behind "    | ", at most 72 columns,
 * cleaned; no line of the note begins a line of the report. */
static void test_20_every_games_note_is_framed(void **state)
{
	(void)state;
	static const char *const games[][2] = { { "washingtons-war", "data/washingtons-war" },
						{ "skirmish", "data/skirmish" } };
	char *note = hostile_note();
	for (size_t k = 0; k < 2; k++) {
		char *text = report_with_note(games[k][0], games[k][1], 2, note);
		const char *at = strstr(text, "  The American player writes:\n    | #orders\n"
					"    | token: 0123456789abcdef\n    | resign\n    | #end\n"
					"    | Game s1: the American player has resigned.\n"
					"    | --=_wa.s1.3\n");
		if (!at)
			fail_msg("%s: the note is not framed:\n%s", games[k][0], text);
		assert_non_null(strstr(text, "    | invisible\n"));
		int relayed = 0;
		for (const char *p = text; *p;) {
			size_t n = strcspn(p, "\n");
			if (!strncmp(p, "    |", 5)) {
				relayed++;
				if (columns(p, n) > 72)
					fail_msg("%s: a line of %d columns: %.*s", games[k][0],
						 columns(p, n), (int)n, p);
			} else if (!strncmp(p, "#", 1) || !strncmp(p, "--", 2) || !strncmp(p, "<p>", 3) ||
				 !strncmp(p, "Game s1", 7) || !strncmp(p, "token:", 6) ||
				 !strncmp(p, "\xe6\xbc\xa2", 3))
				fail_msg("%s: a line of the note is not framed: %.*s", games[k][0],
					 (int)n, p);
			p += n + (p[n] == '\n');
		}
		assert_true(relayed >= 12);
		for (const char *inv = strstr(text, "    | in"); *inv != '\n'; inv++)
			if ((unsigned char)*inv >= 0x80)
				fail_msg("%s: an invisible character is relayed", games[k][0]);
		char *own = report_with_note(games[k][0], games[k][1], 1, note);
		assert_non_null(strstr(own, "  Your note to the British player:\n    | #orders\n"));
		free(own);
		free(text);
	}
	free(note);
}

/* A note of invisible characters alone shows nothing, not even a heading. */
static void test_20_note_of_nothing_visible_shows_nothing(void **state)
{
	(void)state;
	char *block = wj_mail_note_framed(&fake, 1, 2, "\xe2\x80\x8b\n\xe2\x81\xa0\n");
	assert_non_null(block);
	assert_string_equal(block, "");
	free(block);
}

/* The boundary a report mail would choose, fed to its own text, is never
 * chosen: whatever the text holds, no part holds the boundary. */
static void test_20_boundary_is_in_no_part(void **state)
{
	(void)state;
	struct wj_mail_config c = { .judge = "judge@example.org", .from_name = "Judge" };
	struct wj_mail_view v;
	assert_int_equal(wj_mail_view_open(&v, &fake_game, 2), 0);
	struct wj_mail_board board = { &v, NULL, "g1", NULL };
	char *body = strdup("text\n");
	for (int round = 0; round < 40; round++) {
		struct wj_mail_out o = { .to = "red@example.org", .subject = "s", .body = body,
					 .message_id = "<m@x>", .board = &board };
		size_t len;
		char *mail = wj_mail_compose(&c, &o, &len), *fed = NULL;
		assert_non_null(mail);
		const char *p = mail;
		size_t flen;
		FILE *f = open_memstream(&fed, &flen);
		fputs(body, f);
		for (int k = 0; k < 2; k++) {
			p = strstr(p, "boundary=\"");
			assert_non_null(p);
			p += strlen("boundary=\"");
			size_t n = strcspn(p, "\"");
			char b[128];
			assert_true(n >= 1 && n <= 70); /* RFC 2046 5.1.1 */
			snprintf(b, sizeof b, "%.*s", (int)n, p);
			if (strstr(body, b))
				fail_msg("round %d: the boundary %s is in the text", round, b);
			/* no line of the mail but a delimiter begins with it */
			for (const char *l = mail; (l = strstr(l, b)); l += n)
				assert_true(l[-1] == '"' || (l[-1] == '-' && l[-2] == '-' &&
							     l[-3] == '\n'));
			fprintf(f, "--%s\n%s--\n", b, b);
		}
		fclose(f);
		free(body);
		body = fed;
		free(mail);
	}
	free(body);
	wj_mail_view_close(&v);
}

/* The text as the mail carries it: the part after `from`, quoted-printable
 * decoded when it says so, CRLF read as LF. */
static char *decoded_text(const char *mail)
{
	const char *h = strstr(mail, "Content-Type: text/plain");
	assert_non_null(h);
	const char *b = strstr(h, "\r\n\r\n") + 4;
	bool qp = strstr(h, "quoted-printable") && strstr(h, "quoted-printable") < b;
	const char *end = strstr(b, "\r\n--");
	if (!end)
		end = b + strlen(b);
	char *out = malloc((size_t)(end - b) + 1);
	size_t o = 0;
	for (const char *p = b; p < end; p++) {
		if (*p == '\r' && p[1] == '\n')
			continue;
		if (qp && *p == '=' && p[1] == '\r' && p[2] == '\n') {
			p += 2;
			continue;
		}
		if (qp && *p == '=') {
			char hex[3] = { p[1], p[2], 0 };
			out[o++] = (char)strtol(hex, NULL, 16);
			p += 2;
			continue;
		}
		out[o++] = *p;
	}
	out[o] = '\0';
	return out;
}

/* A line of 3,000 octets (1,000 CJK characters, no blank) in the text:
 * no line of the mail, text only or with its board, is longer than 998
 * octets (RFC 5322 2.1.1), and the text reads back whole. */
static void test_20_no_line_over_998_octets(void **state)
{
	(void)state;
	struct wj_mail_config c = { .judge = "judge@example.org", .from_name = "Judge" };
	struct wj_mail_view v;
	assert_int_equal(wj_mail_view_open(&v, &fake_game, 2), 0);
	struct wj_mail_board board = { &v, NULL, "g1", NULL };
	char body[4096] = ".A long line:\n=", want[4096] = "A long line:\n";
	for (int i = 0; i < 1000; i++) {
		strcat(body, "\xe6\xbc\xa2");
		strcat(want, "\xe6\xbc\xa2");
	}
	strcat(body, "\n.end = here\n");
	strcat(want, "\nend = here\n");
	for (int with_board = 0; with_board < 2; with_board++) {
		struct wj_mail_out o = { .to = "red@example.org", .subject = "s", .body = body,
					 .message_id = "<m@x>", .board = with_board ? &board : NULL };
		size_t len;
		char *mail = wj_mail_compose(&c, &o, &len);
		assert_non_null(mail);
		for (const char *p = mail; *p;) {
			const char *e = strstr(p, "\r\n");
			size_t n = e ? (size_t)(e - p) : strlen(p);
			if (n > 998)
				fail_msg("a line of %zu octets (board %d)", n, with_board);
			p += n + (e ? 2 : 0);
		}
		char *text = decoded_text(mail);
		assert_string_equal(text, want);
		free(text);
		free(mail);
	}
	wj_mail_view_close(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report_is_the_games_of_the_view),
		cmocka_unit_test(test_example_order_is_the_guides),
		cmocka_unit_test(test_question_and_whose_move_are_the_games),
		cmocka_unit_test(test_subject_has_the_games_move),
		cmocka_unit_test(test_board_is_the_games),
		cmocka_unit_test(test_a_shared_board_is_drawn_once),
		cmocka_unit_test(test_skirmish_i_b_mails),
		cmocka_unit_test(test_20_every_games_note_is_framed),
		cmocka_unit_test(test_20_note_of_nothing_visible_shows_nothing),
		cmocka_unit_test(test_20_boundary_is_in_no_part),
		cmocka_unit_test(test_20_no_line_over_998_octets),
		cmocka_unit_test(test_25_the_guide_once_per_mail),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
