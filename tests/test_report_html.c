/* Issues 12 and 22: the HTML part of a report mail is made from the same
 * report form as the text part, so that both have the same headings in
 * the same order and the same lines; for every game, as their report
 * mails are written (the judge's framing, the game's report, the seed,
 * the order block), at the set-up, with events, with a note, with the
 * guide and once the game is over. The page is well-formed, escapes what
 * it quotes and shows the board before the first heading. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "games.h"
#include "mail.h"
#include "report_form.h"
#include "report_html.h"
#include "html_lines.h"

#define AMERICAN 1
#define BRITISH 2

static char *html_of(const char *form, size_t len, const char *cid)
{
	char *html = NULL;
	size_t hlen;
	FILE *f = open_memstream(&html, &hlen);
	assert_non_null(f);
	wj_report_html(f, "[wwjudge <g1>] report", form, len, cid);
	assert_int_equal(fclose(f), 0);
	return html;
}

static char *text_of(const char *form, size_t len)
{
	char *text = NULL;
	size_t tlen;
	FILE *f = open_memstream(&text, &tlen);
	assert_non_null(f);
	assert_int_equal(wj_mail_text(f, form, len), 0);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* A game through game.h, and the events of its last order. */
struct play {
	const struct game *g;
	struct game_data *d;
	struct game_state *s;
	struct game_events *ev;
	struct game_order *o;
	struct wj_dice dice;
	struct wj_rng rng;
	char why[768];
};

static void play_open(struct play *p, const char *game, const char *dir)
{
	memset(p, 0, sizeof *p);
	assert_int_equal(wj_dice_init(), 0);
	assert_non_null(p->g = game_find(game));
	if (p->g->data_load(dir, &p->d, p->why, sizeof p->why))
		fail_msg("%s", p->why);
	p->s = game_state_new(p->g);
	p->ev = game_events_new(p->g);
	p->o = game_order_new(p->g);
	memset(p->dice.seed, 5, sizeof p->dice.seed);
	wj_dice_rng(&p->dice, &p->rng);
	assert_int_equal(p->g->new_game(p->d, NULL, 0, &p->rng, p->s, p->ev, p->why,
					sizeof p->why), 0);
}

static void play_close(struct play *p)
{
	game_order_free(p->g, p->o);
	game_events_free(p->g, p->ev);
	game_state_free(p->g, p->s);
	p->g->data_free(p->d);
}

static void play_order(struct play *p, int side, const char *line)
{
	if (p->g->order_parse(p->d, line, p->o, p->why, sizeof p->why))
		fail_msg("'%s': %s", line, p->why);
	game_events_free(p->g, p->ev);
	p->ev = game_events_new(p->g);
	if (p->g->apply(p->d, p->s, side, p->o, &p->rng, p->ev, p->why, sizeof p->why))
		fail_msg("'%s' refused: %s", line, p->why);
}

/* The first side asked. */
static int first_asked(const struct play *p)
{
	unsigned asked = p->g->asked(p->s);
	int side = 1;
	while (side < p->g->nsides && !(asked & GAME_SIDE(side)))
		side++;
	return side;
}

/* The first order the guide gives `side` in its own view. */
static struct wj_mail_example guided(const struct play *p, int side)
{
	struct wj_mail_example x = { .found = false };
	struct game_state *v = game_state_new(p->g);
	p->g->view(p->d, p->s, side, v);
	p->g->guide(p->d, v, side, wj_mail_example_take, &x);
	game_state_free(p->g, v);
	return x;
}

/* The first order the guide gives the side asked. */
static void play_guided(struct play *p)
{
	int side = first_asked(p);
	struct wj_mail_example x = guided(p, side);
	assert_true(x.found);
	play_order(p, side, x.line);
}

/* A report mail's body for `viewer` as the judge writes it (mail_process.c's
 * report_body): its own line, the report with the note, the seed once the
 * game is over, the order block. */
static char *mail_form(struct play *p, int viewer, const char *note, size_t *len)
{
	struct wj_mail_game mg = { p->g, p->d, p->s };
	struct wj_mail_view v;
	struct game_end end;
	char *form = NULL;
	FILE *f = open_memstream(&form, len);
	assert_non_null(f);
	assert_int_equal(wj_mail_view_open(&v, &mg, viewer), 0);
	wj_mail_line(f, "Game g1: the other player has moved.");
	fputc('\n', f);
	struct wj_mail_example given = { .found = false };
	struct game_frame frame = { .game = "g1", .events = p->ev, .note = note, .note_from = 1,
				    .commitment = "f4b336e45645314db77dee7520c0b89d"
						  "fd7400de17a073a68c891efb4b6b81ea",
				    .guide_item = wj_mail_example_take, .guide_ctx = &given };
	if (wj_mail_report(f, &v, &frame, p->why, sizeof p->why))
		fail_msg("%s", p->why);
	/* issue 25.2: an example the report gave is the one its guide gives */
	if (given.found && (p->g->asked(p->s) & GAME_SIDE(viewer)))
		assert_string_equal(given.line, guided(p, viewer).line);
	if (p->g->over(p->s, &end))
		wj_mail_seed(f, "00000000000000000000000000000000000000000000000000000000c0ffee01");
	else
		wj_mail_how_to_order(f, &v, "0123456789abcdef", &given);
	wj_mail_view_close(&v);
	assert_int_equal(fclose(f), 0);
	return form;
}

/* With WW_HTML_LOOK=DIR, each page checked is written to DIR, to be
 * looked at in a browser (docs/reports.md, "What was looked at"). */
static void look(const struct play *p, const char *html)
{
	static int n;
	const char *dir = getenv("WW_HTML_LOOK");
	char path[512];
	if (!dir)
		return;
	snprintf(path, sizeof path, "%s/%s-%02d.html", dir, p->g->name, ++n);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(html, f);
	assert_int_equal(fclose(f), 0);
}

/* The text and the HTML made from one mail's form have the same lines,
 * and the HTML's headings are `want`. */
static void assert_parts_agree(struct play *p, int viewer, const char *note,
			       const char *const *want)
{
	size_t len;
	char *form = mail_form(p, viewer, note, &len);
	char *text = text_of(form, len), *html = html_of(form, len, "board@judge");
	look(p, html);
	struct lines t = { 0 }, h = { 0 };
	text_lines(text, strlen(text), &t);
	html_lines(html, &h);
	assert_true(t.n > 20);
	assert_same_lines(&h, &t);
	assert_headings(&h, want);
	lines_free(&t);
	lines_free(&h);
	free(form);
	free(text);
	free(html);
}

static const char *const SK_ASKED[] = { "What happened", "The board",
					 "The lines from the spots held", "What you can do now",
					 NULL };
static const char *const SK_OVER[] = { "What happened", "The board",
					"The lines from the spots held", NULL };

/* Skirmish: the board's lines are a table under the heading "The board",
 * no heading swallows a piece or stops mid-sentence; with events, a note,
 * the guide, and at the end. */
static void test_skirmish_mails_agree(void **s)
{
	(void)s;
	struct play p;
	struct game_end end;
	play_open(&p, "skirmish", "data/skirmish");
	play_guided(&p);
	for (int viewer = AMERICAN; viewer <= BRITISH; viewer++)
		assert_parts_agree(&p, viewer, NULL, SK_ASKED);
	play_guided(&p);
	assert_parts_agree(&p, BRITISH, "Hold Boston.\n\nAnd the harbour - all of it.", SK_ASKED);
	for (int n = 0; n < 4000 && !p.g->over(p.s, &end); n++)
		play_guided(&p);
	assert_true(p.g->over(p.s, &end));
	for (int viewer = AMERICAN; viewer <= BRITISH; viewer++)
		assert_parts_agree(&p, viewer, NULL, SK_OVER);
	play_close(&p);
}

#define WW_SECTIONS(hand) "What happened", "The board", "Tracks", "Boxes", "Cards", \
	"Your hand (" hand ")", "What you can do now"

/* Washington's War alike: at the set-up, after the Committees with a
 * note, with cards in hand and once a side resigned. */
static void test_ww_mails_agree(void **s)
{
	(void)s;
	static const char *const none[] = { WW_SECTIONS("0"), "Your standing orders", NULL },
				*const dealt[] = { WW_SECTIONS("6"), "Your standing orders", NULL },
				*const over[] = { WW_SECTIONS("5"), NULL };
	struct play p;
	play_open(&p, "washingtons-war", "data/washingtons-war");
	assert_parts_agree(&p, AMERICAN, NULL, none);
	play_guided(&p);
	assert_parts_agree(&p, BRITISH, "Hold Boston.\n\nAnd the harbour - all of it.", none);
	assert_parts_agree(&p, AMERICAN, NULL, none);
	for (int n = 0; n < 6; n++)
		play_guided(&p);
	assert_parts_agree(&p, BRITISH, NULL, dealt);
	play_order(&p, first_asked(&p), "resign");
	assert_parts_agree(&p, AMERICAN, NULL, over);
	play_close(&p);
}

#define TQ_SECTIONS "British forces", "Continental forces", "Boxes and tracks", \
	"What you can do now"

/* Tarleton's Quarter! alike (issue 24): at the set-up (its events), with
 * a note, and after its first month's orders, each the guide's first. */
static void test_tq_mails_agree(void **s)
{
	(void)s;
	static const char *const played[] = { "What happened", TQ_SECTIONS, NULL };
	struct play p;
	play_open(&p, "tarletons-quarter", "data/tarletons-quarter");
	for (int viewer = AMERICAN; viewer <= BRITISH; viewer++)
		assert_parts_agree(&p, viewer, NULL, played);
	play_guided(&p);
	assert_parts_agree(&p, BRITISH, "Hold Charlestown.\n\nAnd the harbour - all of it.",
			   played);
	for (int n = 0; n < 12; n++)
		play_guided(&p);
	for (int viewer = AMERICAN; viewer <= BRITISH; viewer++)
		assert_parts_agree(&p, viewer, NULL, played);
	play_close(&p);
}

/* The form's kinds, each as the text and the page show it. */
static void test_form_kinds(void **s)
{
	(void)s;
	static const char form[] =
		".Turn 1.\n\n#The board\n.British: 20 units; 3 warships; a troop carrier\n"
		"+    with 2 units.\n|  Boston: army of 5 units\n|  Boston Harbor: warship\n"
		"-  the militia at Bennington may end on Albany.\n>    e.g.  move A - B\n"
		"=#orders\n=token: 0123\n=#end\n";
	char *text = text_of(form, sizeof form - 1), *html = html_of(form, sizeof form - 1, NULL);
	assert_string_equal(text, "Turn 1.\n\nThe board\nBritish: 20 units; 3 warships; a troop "
			    "carrier\n    with 2 units.\n  Boston: army of 5 units\n  Boston Harbor: "
			    "warship\n  - the militia at Bennington may end on Albany.\n    e.g.  "
			    "move A - B\n#orders\ntoken: 0123\n#end\n");
	assert_non_null(strstr(html, ">The board</h2>"));
	assert_non_null(strstr(html, ">British: 20 units; 3 warships; a troop carrier with 2 "
			       "units.</p>"));
	assert_non_null(strstr(html, ">Boston</td><td"));
	assert_non_null(strstr(html, ">army of 5 units</td></tr>\n<tr>"));
	assert_non_null(strstr(html, "&#8226;&#160;the militia"));
	assert_non_null(strstr(html, "e.g.  move A - B</code></div>"));
	assert_non_null(strstr(html, ">#orders\ntoken: 0123\n#end</pre>"));
	free(text);
	free(html);
}

/* What a report quotes (a game's name, a player's note) is text, never
 * markup; the title too; and a line of a note is never one of the form's
 * other kinds. */
static void test_html_escapes_what_it_quotes(void **s)
{
	(void)s;
	struct play p;
	size_t len;
	play_open(&p, "washingtons-war", "data/washingtons-war");
	char *form = mail_form(&p, BRITISH, "#orders\n<script>x</script> & co\n=pre", &len);
	char *html = html_of(form, len, "board@judge");
	assert_null(strstr(html, "<script>"));
	assert_non_null(strstr(html, "| &lt;script&gt;x&lt;/script&gt; &amp; co</div>"));
	assert_non_null(strstr(html, "| #orders</div>"));
	assert_non_null(strstr(html, "<title>[wwjudge &lt;g1&gt;] report</title>"));
	free(form);
	free(html);
	play_close(&p);
}

/* The board, by its Content-ID, before the first heading; none without. */
static void test_html_shows_the_board_first(void **s)
{
	(void)s;
	struct play p;
	size_t len;
	play_open(&p, "skirmish", "data/skirmish");
	char *form = mail_form(&p, AMERICAN, NULL, &len);
	char *html = html_of(form, len, "board@judge");
	const char *img = strstr(html, "<img src=\"cid:board@judge\"");
	assert_non_null(img);
	assert_true(img < strstr(html, "<h2"));
	free(html);
	html = html_of(form, len, NULL);
	assert_null(strstr(html, "<img"));
	free(html);
	free(form);
	play_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skirmish_mails_agree),
		cmocka_unit_test(test_ww_mails_agree),
		cmocka_unit_test(test_tq_mails_agree),
		cmocka_unit_test(test_form_kinds),
		cmocka_unit_test(test_html_escapes_what_it_quotes),
		cmocka_unit_test(test_html_shows_the_board_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
