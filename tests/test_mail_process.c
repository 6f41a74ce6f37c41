/* `wwjudge process` end to end on a game in a temp dir: an accepted order
 * puts one mail per player in the outbox (own view only: the text inline,
 * the board attached as a PNG); wrong password, forged sender, stale
 * token, duplicates and the size limit change nothing they must not. */
#include <dirent.h>
#include <ftw.h>
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include <cmocka.h>
#include <cairo.h>
#include <sodium.h>
#include "report.h"
#include "mail_game.h"
#include "mail_net.h"
#include "template.h"
#include "html_lines.h"
#include "png_read.h"


static int setup(void **s)
{
	(void)s;
	create_mail_game("from_name = \"Test Judge\"\n");
	return 0;
}

static char *state_text(void)
{
	return slurp("secret/state.yaml");
}

/* ---- a report mail taken apart ---- */

struct parts {
	char *text;                      /* the text part's body, as sent (CRLF) */
	char *html;                      /* the HTML alternative, decoded */
	char png_head[512];              /* the PNG part's headers */
	unsigned char *png;              /* the PNG part, decoded */
	size_t pnglen;
};

static const char *after(const char *hay, const char *needle)
{
	const char *p = strstr(hay, needle);
	if (!p)
		fail_msg("no \"%s\" in the mail", needle);
	return p + strlen(needle);
}

/* 76 columns, CRLF, every line full but the last (RFC 2045 6.8). */
static void check_base64_lines(const char *b64, size_t n)
{
	size_t line = 0;
	for (const char *p = b64; p < b64 + n;) {
		const char *end = strstr(p, "\r\n");
		assert_non_null(end);
		size_t w = (size_t)(end - p);
		assert_true(w > 0 && w <= 76);
		assert_null(memchr(p, '\n', w));
		if (end + 2 < b64 + n && w != 76)
			fail_msg("base64 line %zu is %zu columns, not 76", line + 1, w);
		p = end + 2;
		line++;
	}
	assert_true(line > 0);
}

/* The boundary a Content-Type header at `at` names; its delimiter line. */
static void boundary_at(const char *at, const char *type, char *delim, size_t len)
{
	char head[96];
	snprintf(head, sizeof head, "Content-Type: %s; boundary=\"", type);
	assert_ptr_equal(strstr(at, head), at);
	const char *b = at + strlen(head);
	size_t bl = strcspn(b, "\"");
	assert_true(bl > 0 && bl <= 70);
	snprintf(delim, len, "\r\n--%.*s", (int)bl, b);
}

/* A base64 body up to `end`, decoded (NUL-terminated). */
static unsigned char *base64_body(const char *b64, const char *end, size_t *len)
{
	size_t n = (size_t)(end - b64);
	check_base64_lines(b64, n);
	unsigned char *out = calloc(1, n + 1);
	assert_non_null(out);
	assert_int_equal(sodium_base642bin(out, n, b64, n, "\r\n", len, NULL,
					   sodium_base64_VARIANT_ORIGINAL), 0);
	return out;
}

/* multipart/mixed: a multipart/alternative of the text part and its HTML
 * page, then the board; each boundary the one its header names, the mail
 * ending with the outer closing delimiter. */
static void split(const char *mail, struct parts *p)
{
	char mixed[90], alt[90], text_delim[96];
	size_t hlen;
	memset(p, 0, sizeof *p);
	const char *head_end = strstr(mail, "\r\n\r\n");
	assert_non_null(head_end);
	const char *ct = strstr(mail, "Content-Type: multipart/mixed");
	assert_true(ct && ct < head_end);
	boundary_at(ct, "multipart/mixed", mixed, sizeof mixed);
	const char *t = after(head_end, mixed + 2); /* after the preamble */
	t = after(t, "\r\n");
	boundary_at(t, "multipart/alternative", alt, sizeof alt);
	t = after(after(t, alt), "\r\n");
	assert_ptr_equal(strstr(t, "Content-Type: text/plain; charset=utf-8\r\n"
				   "Content-Transfer-Encoding: 8bit\r\n\r\n"), t);
	t = after(t, "\r\n\r\n");
	snprintf(text_delim, sizeof text_delim, "%s\r\n", alt);
	const char *t_end = strstr(t, text_delim);
	assert_non_null(t_end);
	p->text = strndup(t, (size_t)(t_end - t));
	const char *h = t_end + strlen(text_delim);
	assert_ptr_equal(strstr(h, "Content-Type: text/html; charset=utf-8\r\n"
				   "Content-Transfer-Encoding: base64\r\n\r\n"), h);
	h = after(h, "\r\n\r\n");
	char alt_close[100];
	snprintf(alt_close, sizeof alt_close, "%s--\r\n", alt);
	const char *h_end = strstr(h, alt_close);
	assert_non_null(h_end);
	p->html = (char *)base64_body(h, h_end, &hlen);
	const char *g = after(after(h_end, alt_close), mixed);
	g = after(g, "\r\n");
	const char *g_end = strstr(g, "\r\n\r\n");
	assert_non_null(g_end);
	assert_true((size_t)(g_end - g) < sizeof p->png_head);
	snprintf(p->png_head, sizeof p->png_head, "%.*s", (int)(g_end - g), g);
	char close[100];
	snprintf(close, sizeof close, "%s--\r\n", mixed);
	const char *b64 = g_end + 4, *b64_end = strstr(b64, close);
	assert_non_null(b64_end);
	assert_string_equal(b64_end, close); /* nothing after the closing delimiter */
	/* the last line's CRLF too; the delimiter's own CRLF follows */
	p->png = base64_body(b64, b64_end, &p->pnglen);
}

/* Issues 12 and 22: the HTML page is well-formed, holds the text's
 * lines, its headings Washington's War's sections, each one line of the
 * text; and it shows the attached board by its Content-ID. */
static void check_html(const struct parts *m)
{
	static const char *const sections[] = { "What happened", "The board", "Tracks", "Boxes",
						"Cards", "Your hand (", "What you can do now",
						"Your standing orders" };
	struct lines want = { 0 }, got = { 0 };
	text_lines(m->text, strlen(m->text), &want);
	html_lines(m->html, &got);
	assert_same_lines(&got, &want);
	int k = 0;
	for (int i = 0; i < got.n; i++) {
		while (got.heading[i] && k < 8 && strncmp(got.v[i], sections[k], strlen(sections[k])))
			k++;
		if (got.heading[i] && k == 8)
			fail_msg("a heading that is no section, or out of order: \"%s\"", got.v[i]);
	}
	const char *cid = strstr(m->png_head, "Content-ID: <");
	assert_non_null(cid);
	char img[128];
	snprintf(img, sizeof img, "<img src=\"cid:%.*s\"", (int)strcspn(cid + 13, ">"), cid + 13);
	assert_non_null(strstr(m->html, img));
	lines_free(&want);
	lines_free(&got);
}

static void parts_free(struct parts *p)
{
	free(p->text);
	free(p->html);
	free(p->png);
}

/* The PNG signature, and a picture cairo reads back at the board's size. */
static void check_png(const unsigned char *png, size_t len)
{
	assert_true(len > 8);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	cairo_surface_t *img = png_read(png, len);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(img), WW_BOARD_W);
	assert_int_equal(cairo_image_surface_get_height(img), WW_BOARD_H);
	cairo_surface_destroy(img);
	cairo_debug_reset_static_data();
}

/* What ww_report_png draws for `side`'s view of `s`. */
static unsigned char *board(const struct ww_state *s, enum ww_side side,
			    const struct ww_events *last, size_t *len)
{
	char *png = NULL, err[256] = "";
	struct ww_state view;
	ww_view(s, side, &view);
	FILE *f = open_memstream(&png, len);
	assert_non_null(f);
	if (ww_report_png(f, test_data(), &view, side, last, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(fclose(f), 0);
	return (unsigned char *)png;
}

/* The mail's board is exactly what the renderer draws for that side's view
 * with the orders' events highlighted; without them it would differ. */
static void check_board(const struct parts *m, const struct wj_play *p, enum ww_side side)
{
	size_t len, bare_len;
	unsigned char *want = board(ww_state_of(p->after->state), side, ww_events_of(p->ev), &len);
	unsigned char *bare = board(ww_state_of(p->after->state), side, NULL, &bare_len);
	assert_int_equal(m->pnglen, len);
	assert_memory_equal(m->png, want, len);
	assert_true(bare_len != len || memcmp(bare, want, len) != 0);
	free(want);
	free(bare);
}

/* The game as it is now, and `orders` of `side` applied to it as the
 * judge will apply them (the same seed, so the same dice). */
static struct wj_play *expected_play(enum ww_side side, const char *orders)
{
	static struct wj_game g;
	char err[256];
	wj_game_free(&g);
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	assert_int_equal(wj_record_load(gdir, &g, err, sizeof err), 0);
	struct wj_play *p = calloc(1, sizeof *p);
	assert_non_null(p);
	p->side = side;
	p->orders[p->n++] = orders;
	assert_int_equal(wj_play_apply(test_game_data(), &g, NULL, p), 0);
	return p;
}

static void expected_play_free(struct wj_play *p)
{
	wj_play_free(p);
	free(p);
}

static int mail(const char *from, const char *side, int token_entry, const char *id,
		const char *password, const char *orders)
{
	char token[WJ_TOKEN_HEX], msg[4096];
	wj_move_token(game.seed, !strcmp(side, "american") ? WW_AMERICAN : WW_BRITISH,
		      token_entry, token);
	int n = snprintf(msg, sizeof msg,
			 "From: Player <%s>\r\nTo: judge+g1-%s-%s@example.org\r\n"
			 "Subject: Re: [wwjudge g1] orders\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n"
			 "Message-ID: <%s@players.example>\r\nReferences: <ww.g1.000001.%s@example.org>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n"
			 "Here you are.\r\n\r\n#orders\r\npassword: %s\r\n%s\r\n#end\r\n\r\n-- \r\nme\r\n",
			 from, side, token, id, side, password, orders);
	an_hour_later();
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

/* Wrong password: nothing changes but the log; one reply, to the
 * registered address. */
static void test_1_wrong_password(void **s)
{
	(void)s;
	char *before = state_text();
	assert_int_equal(mail("adams@example.org", "american", 1, "wp", "tea", COMMITTEES), EX_OK);
	char *after = state_text();
	assert_string_equal(before, after);
	assert_int_equal(count("outbox/new"), 1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "To: <adams@example.org>"));
	assert_non_null(strstr(r, "the password is wrong"));
	assert_non_null(strstr(r, "In-Reply-To: <wp@players.example>"));
	assert_null(strstr(r, "tea"));
	/* not a report: text only, no board */
	assert_non_null(strstr(r, "\r\nContent-Type: text/plain; charset=utf-8\r\n"));
	assert_null(strstr(r, "multipart"));
	assert_null(strstr(r, "image/png"));
	free(r);
	free(before);
	free(after);
}

/* Forged From: the reply goes to the registered address, never the forger. */
static void test_2_forged_sender(void **s)
{
	(void)s;
	char *before = state_text();
	assert_int_equal(mail("evil@forger.example", "american", 1, "forged", "liberty",
			      COMMITTEES), EX_OK);
	char *after = state_text();
	assert_string_equal(before, after);
	char *r = slurp("outbox/new/000003.reply-american");
	assert_non_null(strstr(r, "To: <adams@example.org>"));
	assert_null(strstr(r, "To: <evil"));
	assert_non_null(strstr(r, "only its registered address may"));
	free(r);
	free(before);
	free(after);
}

/* Accepted: one mail per player, each its own view, threaded, with the
 * next token in Reply-To; the mail settings move to the new tokens. */
static void test_3_accepted(void **s)
{
	(void)s;
	struct wj_play *p = expected_play(WW_AMERICAN, COMMITTEES);
	assert_int_equal(mail("ADAMS@example.org", "american", 1, "ok1", "liberty", COMMITTEES),
			 EX_OK);
	assert_int_equal(count("outbox/new"), 4);
	char *am = slurp("outbox/new/000004.american");
	char *br = slurp("outbox/new/000004.british");
	char tam[WJ_TOKEN_HEX], tbr[WJ_TOKEN_HEX], want[200];
	wj_move_token(game.seed, WW_AMERICAN, 4, tam);
	wj_move_token(game.seed, WW_BRITISH, 4, tbr);
	snprintf(want, sizeof want, "Reply-To: <judge+g1-american-%s@example.org>", tam);
	assert_non_null(strstr(am, want));
	snprintf(want, sizeof want, "Reply-To: <judge+g1-british-%s@example.org>", tbr);
	assert_non_null(strstr(br, want));
	assert_null(strstr(br, tam)); /* a side's token is only in its own mail */
	assert_null(strstr(am, tbr));
	assert_non_null(strstr(am, "To: <adams@example.org>"));
	assert_non_null(strstr(br, "To: <north@example.com>"));
	assert_non_null(strstr(am, "Subject: [wwjudge g1] 1775 move 1"));
	assert_non_null(strstr(am, "In-Reply-To: <ok1@players.example>"));
	assert_non_null(strstr(am, "Message-ID: <ww.g1.000004.american@example.org>"));
	assert_non_null(strstr(br, "In-Reply-To: <ww.g1.000001.british@example.org>"));
	assert_non_null(strstr(am, "Accepted") || strstr(am, "accepted"));
	struct wj_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	assert_int_equal(wj_record_load(gdir, &g, err, sizeof err), 0);
	assert_int_equal(ww_state_of(g.state)->move, 1);
	wj_game_free(&g);
	struct wj_mail_secret sec;
	assert_int_equal(wj_mail_secret_read(gdir, &game_washingtons_war, &sec, err, sizeof err), 0);
	assert_int_equal(sec.token_entry, 4);

	/* each mail: the report inline, the board of its own view attached */
	struct parts pam, pbr;
	split(am, &pam);
	split(br, &pbr);
	assert_ptr_equal(strstr(pam.text, "Game g1: your orders were accepted:\r\n"), pam.text);
	assert_ptr_equal(strstr(pbr.text, "Game g1: the American player has moved.\r\n"),
			 pbr.text);
	assert_non_null(strstr(pbr.text, "Report for the British player."));
	assert_null(strstr(pbr.text, "\r\n--=_"));
	for (const struct parts *m = &pam; m; m = m == &pam ? &pbr : NULL) {
		assert_string_equal(m->png_head, "Content-Type: image/png; name=\"board-g1-1.png\"\r\n"
				    "Content-Disposition: attachment; filename=\"board-g1-1.png\"\r\n"
				    "Content-ID: <board.g1.1@wwjudge>\r\n"
				    "Content-Transfer-Encoding: base64");
		check_png(m->png, m->pnglen);
		check_html(m);
	}
	check_board(&pbr, p, WW_BRITISH);
	check_board(&pam, p, WW_AMERICAN);
	parts_free(&pam);
	parts_free(&pbr);
	expected_play_free(p);
	free(am);
	free(br);
}

/* The same Message-ID again (other bytes): nothing changes and nothing is
 * logged; the player is told, once, that the mail was processed before
 * (issue 20: not silence). */
static void test_4_duplicate(void **s)
{
	(void)s;
	char *before = state_text();
	int logs = count("log"), out = count("outbox/new");
	assert_int_equal(mail("adams@example.org", "american", 1, "ok1", "liberty", COMMITTEES),
			 EX_OK);
	assert_int_equal(count("log"), logs);
	assert_int_equal(count("outbox/new"), out + 1);
	assert_int_equal(mail("adams@example.org", "american", 1, "ok1", "liberty", COMMITTEES),
			 EX_OK);
	assert_int_equal(count("outbox/new"), out + 1);
	char *after = state_text();
	assert_string_equal(before, after);
	free(before);
	free(after);
}

/* A token of an earlier move: refused, with what has happened since. */
static void test_5_stale_token(void **s)
{
	(void)s;
	char *before = state_text();
	assert_int_equal(mail("north@example.com", "british", 1, "stale", "crown",
			      "for-the-king New York"), EX_OK);
	char *after = state_text();
	assert_string_equal(before, after);
	char *r = slurp("outbox/new/000005.reply-british");
	assert_non_null(strstr(r, "written for an earlier move"));
	assert_non_null(strstr(r, "What has happened since"));
	assert_non_null(strstr(r, "move 1, the American"));
	free(r);
	free(before);
	free(after);
}

/* Issue 13: an earlier token is looked for among the accepted entries
 * GAME/index keeps, not back over the log: with an index that keeps only
 * the last one, the token of entry 1 is refused as older than that. */
static void test_5b_stale_token_looked_for_in_the_index(void **s)
{
	(void)s;
	struct wj_record_index ix;
	char path[PATH_MAX], rel[64];
	assert_int_equal(wj_record_index(gdir, &ix), 0);
	int last = ix.accepted[ix.naccepted - 1], entry = ix.next_entry;
	snprintf(path, sizeof path, "%s/index", gdir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "next_entry: %d\nlast_order: %d %d\naccepted_from: %d\naccepted: %d\n"
		"waiting: %s\n", entry, ix.last_order[WW_AMERICAN], ix.last_order[WW_BRITISH],
		last, last, ix.waiting == (int)GAME_SIDE(WW_AMERICAN) ? "american" : "british");
	fclose(f);
	assert_int_equal(mail("north@example.com", "british", 1, "older", "crown",
			      "for-the-king New York"), EX_OK);
	snprintf(rel, sizeof rel, "outbox/new/%06d.reply-british", entry);
	char *r = slurp(rel);
	assert_non_null(strstr(r, "the token given is not one of this game's last 1 move "));
	assert_null(strstr(r, "written for an earlier move"));
	free(r);
	assert_int_equal(unlink(path), 0); /* the log's own index from here on */
}

/* A refused order: what was understood, what was wrong, what is asked. */
static void test_6_refused_order(void **s)
{
	(void)s;
	assert_int_equal(mail("north@example.com", "british", 4, "bad", "crown",
			      "for-the-king New York\r\nplay 12 pc Bostn"), EX_OK);
	char *r = slurp("outbox/new/000006.reply-british");
	assert_non_null(strstr(r, "What was understood:"));
	assert_non_null(strstr(r, "What was wrong:"));
	assert_non_null(strstr(r, "What is asked now:"));
	free(r);
}

/* The British mail never holds the title of a card in the American hand. */
static void no_american_card(const char *br)
{
	struct wj_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	assert_int_equal(wj_record_load(gdir, &g, err, sizeof err), 0);
	const struct ww_pile *h = &ww_state_of(g.state)->hand[WW_AMERICAN];
	assert_true(h->n > 0);
	for (int i = 0; i < h->n; i++) {
		const char *title = test_data()->cards[h->card[i]].title;
		bool british_too = false;
		for (int j = 0; j < ww_state_of(g.state)->hand[WW_BRITISH].n; j++)
			british_too |= !strcmp(test_data()->cards[ww_state_of(g.state)->hand[WW_BRITISH].card[j]].title,
					       title);
		if (title[0] && !british_too && strstr(br, title))
			fail_msg("the British mail names the American card '%s'", title);
	}
	wj_game_free(&g);
}

/* The bytes of the game's files, but for the mails waiting to be sent. */
static size_t kept_bytes;
static int add_kept(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)f;
	if (type == FTW_F && !strstr(path, "/outbox/new/") && !strstr(path, "/outbox/tmp/"))
		kept_bytes += (size_t)st->st_size;
	return 0;
}

static size_t game_bytes(void)
{
	kept_bytes = 0;
	assert_int_equal(nftw(gdir, add_kept, 16, FTW_PHYS), 0);
	return kept_bytes;
}

static size_t before_6b;

/* The British answer with the token of the American move's mails: accepted;
 * the cards are dealt, and each mail shows only its own hand. */
static void test_6b_british_accepted(void **s)
{
	(void)s;
	before_6b = game_bytes();
	assert_int_equal(mail("north@example.com", "british", 4, "ok2", "crown",
			      "for-the-king New York"), EX_OK);
	char *br = slurp("outbox/new/000007.british");
	char *am = slurp("outbox/new/000007.american");
	no_american_card(br);
	assert_non_null(strstr(br, "In-Reply-To: <ok2@players.example>"));
	assert_non_null(strstr(am, "In-Reply-To: <ww.g1.000004.american@example.org>"));
	free(br);
	free(am);
}

/* Issue 12: a finished game's directory stays under 20 MB. What test
 * 6b's order leaves in it for good once its two reports (each with its
 * board) are sent, as `send` keeps them (wj_outbox_sent, after the
 * server took each), is at most 8000 bytes: 2500 orders, more than a
 * whole game by mail has, stay under 20 MB. Whole mails in outbox/cur
 * were about 450 KB each. */
#define KEPT_PER_ORDER 8000
static void test_6c_an_order_keeps_at_most_8000_bytes(void **s)
{
	(void)s;
	char err[256], rel[64];
	const char *names[] = { "000007.american", "000007.british" };
	for (int i = 0; i < 2; i++) {
		snprintf(rel, sizeof rel, "outbox/new/%s", names[i]);
		char *m = slurp(rel);
		assert_non_null(strstr(m, "Content-Type: image/png"));
		free(m);
		if (wj_outbox_sent(gdir, names[i], err, sizeof err))
			fail_msg("%s", err);
	}
	size_t grew = game_bytes() - before_6b;
	if (grew > KEPT_PER_ORDER)
		fail_msg("one order keeps %zu bytes in the game's directory, over %d", grew,
			 KEPT_PER_ORDER);
	print_message("one order with its two reports keeps %zu bytes\n", grew);
}

static void test_7_size_limit(void **s)
{
	(void)s;
	size_t n = WJ_MAIL_MAX_BYTES + 1;
	char *big = malloc(n);
	assert_non_null(big);
	memset(big, 'a', n);
	int logs = count("log");
	assert_int_equal(wj_mail_process(&cfg, big, n, NULL), EX_DATAERR);
	assert_int_equal(count("log"), logs);
	free(big);
}

/* A mail from adams to the American's Reply-To address with `extra`
 * header lines and no order block. */
static int mail_without_block(const char *id, const char *extra)
{
	char token[WJ_TOKEN_HEX], msg[2048];
	wj_move_token(game.seed, WW_AMERICAN, 1, token);
	int n = snprintf(msg, sizeof msg,
			 "From: John Adams <adams@example.org>\r\nTo: judge+g1-american-%s@example.org\r\n"
			 "Subject: Out of office\r\nDate: Tue, 3 Mar 2026 11:00:00 +0000\r\n"
			 "Message-ID: <%s@players.example>\r\n%s\r\n"
			 "I am away until Monday.\r\n", token, id, extra);
	an_hour_later();
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

/* Issue 11, RFC 3834 2: an out-of-office reply, bulk and list mail and
 * bounces are never answered (an autoresponder that answers the answer
 * would loop); nothing is queued, logged or marked seen. Auto-Submitted:
 * no is a person's mail, and is answered. */
static void test_12_automatic_mail_never_answered(void **s)
{
	(void)s;
	static const char *const automatic[] = {
		"Auto-Submitted: auto-replied\r\n",
		"Auto-Submitted: Auto-Generated (vacation)\r\n",
		"Precedence: bulk\r\n",
		"Precedence: list\r\n",
		"Precedence: junk\r\n",
		"List-Id: players <players.lists.example.org>\r\n",
		"List-Unsubscribe: <mailto:leave@lists.example.org>\r\n",
		"Return-Path: <>\r\n",
		"Return-Path: <MAILER-DAEMON@mx.example.org>\r\n",
		"Return-Path: <postmaster@mx.example.org>\r\n",
		"Return-Path: <owner-players@lists.example.org>\r\n",
		"Return-Path: <players-request@lists.example.org>\r\n",
	};
	int out = count("outbox/new"), logs = count("log");
	for (size_t i = 0; i < sizeof automatic / sizeof *automatic; i++) {
		char id[32];
		snprintf(id, sizeof id, "auto%zu", i);
		assert_int_equal(mail_without_block(id, automatic[i]), EX_OK);
		if (count("outbox/new") != out || count("log") != logs)
			fail_msg("a mail with %s was answered", automatic[i]);
	}
	assert_int_equal(mail_without_block("person", "Auto-Submitted: no\r\n"
					    "Return-Path: <adams@example.org>\r\n"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 1);
	assert_int_equal(count("log"), logs + 1);
}

/* A refused mail from `from` at `at` seconds: with `password` right, an
 * order that is none. */
static int refused_with(long long at, const char *from, const char *id, const char *password)
{
	char token[WJ_TOKEN_HEX], msg[2048];
	wj_move_token(game.seed, WW_AMERICAN, 1, token);
	int n = snprintf(msg, sizeof msg,
			 "From: <%s>\r\nTo: judge+g1-american-%s@example.org\r\nSubject: x\r\n"
			 "Message-ID: <%s@players.example>\r\n\r\n#orders\r\npassword: %s\r\n"
			 "fly to the moon\r\n#end\r\n", from, token, id, password);
	mail_clock(at);
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

/* A mail with the wrong password from `from` at `at` seconds. */
static int refused_at(long long at, const char *from, const char *id)
{
	return refused_with(at, from, id, "tea");
}

/* Issue 11, then issue 20: one answer per side per game per hour to
 * mail that is not the side's own, whoever claims to send it: one to mail
 * from the side's address without its password, one to mail from any
 * other address. A second refusal within the hour is logged (and marked
 * seen) but not answered, from another forger too; an hour later the side
 * is answered again. The state is GAME/answered, committed with the
 * answer. */
static void test_13_one_answer_per_side_per_hour(void **s)
{
	(void)s;
	const long long t = 1900000000;
	int out = count("outbox/new"), logs = count("log");
	assert_int_equal(refused_at(t, "adams@example.org", "cap1"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 1);
	char *answered = slurp("answered");
	assert_non_null(strstr(answered, "1900000000 own american\n"));
	free(answered);
	assert_int_equal(refused_at(t + 10, "ADAMS@example.org", "cap2"), EX_OK);
	assert_int_equal(refused_at(t + 3599, "adams@example.org", "cap3"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 1);
	assert_int_equal(count("log"), logs + 3);
	/* a mail that is not the player's own never marks its Message-ID seen */
	assert_false(wj_record_seen(gdir, "<cap2@players.example>"));
	assert_int_equal(refused_at(t + 20, "eve@forger.example", "cap4"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 2);
	assert_int_equal(refused_at(t + 30, "mallory@forger.example", "cap5"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 2);
	assert_int_equal(refused_at(t + 3600, "adams@example.org", "cap6"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 3);
	answered = slurp("answered");
	assert_non_null(strstr(answered, "1900003600 own american\n"));
	assert_non_null(strstr(answered, "1900000020 answer american\n"));
	assert_null(strstr(answered, "1900000000 own")); /* an hour old: forgotten */
	assert_null(strstr(answered, "@")); /* no sender is kept */
	free(answered);
	/* the player's own mails (address and password) are always answered:
	 * no autoresponder knows the password */
	assert_int_equal(refused_with(t + 3610, "adams@example.org", "own1", "liberty"), EX_OK);
	assert_int_equal(refused_with(t + 3620, "adams@example.org", "own2", "liberty"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 5);
}

/* The name of the last mail in outbox/new (names grow with the entry). */
static void last_mail(char *rel, size_t len)
{
	char path[192], best[64] = "";
	snprintf(path, sizeof path, "%s/outbox/new", gdir);
	DIR *dp = opendir(path);
	assert_non_null(dp);
	for (struct dirent *e; (e = readdir(dp));) /* not "dup-HASH.SIDE" */
		if (isdigit((unsigned char)e->d_name[0]) && strcmp(e->d_name, best) > 0)
			snprintf(best, sizeof best, "%.63s", e->d_name);
	closedir(dp);
	snprintf(rel, len, "outbox/new/%s", best);
}

/* Issue 12: a mail without an order block (empty, or text only) is told
 * that no block was found and how to write one, not that the block has
 * no 'password:' line. */
static void test_14_no_block_says_how_to_write_one(void **s)
{
	(void)s;
	static const char *const bodies[] = { "", "I am away until Monday.\r\n" };
	for (size_t i = 0; i < sizeof bodies / sizeof *bodies; i++) {
		char token[WJ_TOKEN_HEX], msg[2048], rel[96];
		wj_move_token(game.seed, WW_AMERICAN, 1, token);
		int n = snprintf(msg, sizeof msg, "From: <adams@example.org>\r\n"
				 "To: judge+g1-american-%s@example.org\r\nSubject: orders\r\n"
				 "Message-ID: <noblock%zu@players.example>\r\n\r\n%s", token, i,
				 bodies[i]);
		int out = count("outbox/new");
		an_hour_later();
		assert_int_equal(wj_mail_process(&cfg, msg, (size_t)n, NULL), EX_OK);
		assert_int_equal(count("outbox/new"), out + 1);
		last_mail(rel, sizeof rel);
		char *r = slurp(rel);
		assert_non_null(strstr(r, "no order block was found"));
		assert_non_null(strstr(r, "#orders"));
		assert_non_null(strstr(r, "password:"));
		assert_non_null(strstr(r, "#end"));
		assert_null(strstr(r, "no 'password:' line"));
		free(r);
	}
}

/* No game can be named: logged and dropped, no reply (no backscatter). */
static void test_8_no_game_dropped(void **s)
{
	(void)s;
	const char *m = "From: x@spam.example\r\nTo: judge@example.org\r\nSubject: hi\r\n\r\nhello\r\n";
	int out = count("outbox/new");
	assert_int_equal(wj_mail_process(&cfg, m, strlen(m), NULL), EX_OK);
	assert_int_equal(count("outbox/new"), out);
}

/* Paused: refused with a clear reply; the IMAP id is marked seen too. */
static void test_9_paused(void **s)
{
	(void)s;
	char err[256];
	struct wj_mail_secret sec;
	assert_int_equal(wj_mail_secret_read(gdir, &game_washingtons_war, &sec, err, sizeof err), 0);
	sec.paused = true;
	assert_int_equal(wj_mail_secret_write(gdir, &sec, err, sizeof err), 0);
	assert_int_equal(mail("north@example.com", "british", 7, "paused", "crown",
			      "pass"), EX_OK);
	char *r = slurp("outbox/new/000008.reply-british");
	assert_non_null(strstr(r, "paused"));
	free(r);
	sec.paused = false;
	assert_int_equal(wj_mail_secret_write(gdir, &sec, err, sizeof err), 0);
}

/* A second judge whose games directory holds a copy of g1 with another
 * American hand: one card swapped with the top of the deck. */
static char root2[64], gdir2[128];
static struct wj_mail_config cfg2;

static void copy_with_other_american_hand(void)
{
	char cmd[1024], path[192], err[512];
	snprintf(root2, sizeof root2, "/tmp/ww-mail-XXXXXX");
	assert_non_null(mkdtemp(root2));
	snprintf(gdir2, sizeof gdir2, "%s/games/g1", root2);
	snprintf(cmd, sizeof cmd, "mkdir %s/games && cp -a %s %s && sed 's/^games = .*/"
		 "games = games/' %s/wwjudge.conf > %s/wwjudge.conf", root2, gdir, gdir2, root,
		 root2);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof path, "%s/wwjudge.conf", root2);
	if (wj_mail_config_load(path, &cfg2, err, sizeof err))
		fail_msg("%s", err);
	struct wj_game *g = calloc(1, sizeof *g);
	assert_non_null(g);
	g->data = test_game_data();
	assert_int_equal(wj_record_load(gdir2, g, err, sizeof err), 0);
	struct ww_pile *h = &ww_state_of(g->state)->hand[WW_AMERICAN], *deck = &ww_state_of(g->state)->deck;
	assert_true(h->n > 0 && deck->n > 0);
	uint8_t card = h->card[0];
	h->card[0] = deck->card[deck->n - 1];
	deck->card[deck->n - 1] = card;
	snprintf(path, sizeof path, "%s/secret/state.yaml", gdir2);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(ww_state_write_yaml(f, test_data(), ww_state_of(g->state), true), 0);
	assert_int_equal(fclose(f), 0);
	wj_game_free(g);
	free(g);
}

/* Hidden information: the British mail, text and board, is drawn from the
 * British view alone, so another American hand changes not one byte of it
 * (and the same order gives the same bytes, boundary and all, as a
 * replay or a resend must). The American mails do differ: the hands do. */
static void test_10_british_mail_blind_to_american_hand(void **s)
{
	(void)s;
	char err[256];
	copy_with_other_american_hand();
	struct wj_game *g = calloc(1, sizeof *g);
	assert_non_null(g);
	g->data = test_game_data();
	assert_int_equal(wj_record_load(gdir, g, err, sizeof err), 0);
	assert_int_equal(ww_state_of(g->state)->to_move, WW_BRITISH);
	wj_game_free(g);
	free(g);
	assert_int_equal(mail("north@example.com", "british", 7, "blind", "crown", "pass"), EX_OK);
	struct wj_mail_config mine = cfg;
	cfg = cfg2; /* the same mail to the second judge */
	int rc = mail("north@example.com", "british", 7, "blind", "crown", "pass");
	cfg = mine;
	assert_int_equal(rc, EX_OK);
	char *br = slurp("outbox/new/000009.british"), *am = slurp("outbox/new/000009.american");
	char gd[sizeof gdir];
	memcpy(gd, gdir, sizeof gd);
	snprintf(gdir, sizeof gdir, "%s", gdir2);
	char *br2 = slurp("outbox/new/000009.british"), *am2 = slurp("outbox/new/000009.american");
	memcpy(gdir, gd, sizeof gd);
	assert_non_null(strstr(br, "image/png"));
	assert_string_equal(br, br2);
	assert_string_not_equal(am, am2);
	struct parts a, b;
	split(am, &a);
	split(am2, &b);
	assert_string_not_equal(a.text, b.text);
	parts_free(&a);
	parts_free(&b);
	free(br);
	free(br2);
	free(am);
	free(am2);
	snprintf(err, sizeof err, "rm -rf %s", root2);
	assert_int_equal(system(err), 0);
}

/* `board = none` in the config (docs/mail.md): both reports are the text
 * alone, plain text, no attachment; everything else is as with a board. */
static void test_11_board_none_sends_text_only(void **s)
{
	(void)s;
	char path[200], err[256];
	snprintf(path, sizeof path, "%s/text-only.conf", root);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "games = games\njudge = judge@example.org\nboard = none\n");
	fclose(f);
	struct wj_mail_config mine = cfg, text;
	assert_int_equal(wj_mail_config_load(path, &text, err, sizeof err), 0);
	assert_int_equal(text.text_only, 1);
	cfg = text;
	int rc = mail("adams@example.org", "american", 9, "text", "liberty", "first american");
	cfg = mine;
	assert_int_equal(rc, EX_OK);
	char *am = slurp("outbox/new/000010.american"), *br = slurp("outbox/new/000010.british");
	for (char *m = am; m; m = m == am ? br : NULL) {
		assert_non_null(strstr(m, "Content-Type: text/plain; charset=utf-8\r\n"));
		assert_null(strstr(m, "multipart"));
		assert_null(strstr(m, "image/png"));
		assert_non_null(strstr(m, "Report for the "));
	}
	free(am);
	free(br);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "games = games\njudge = judge@example.org\nboard = gif\n");
	fclose(f);
	assert_int_equal(wj_mail_config_load(path, &text, err, sizeof err), -1);
	assert_non_null(strstr(err, "text-only.conf:3: board is png (reports attach the board) "
				    "or none (text only), not gif"));
}

/* Issue 13: the side a mail names is read in the game's words, once the
 * game is loaded (docs/mail.md, "The game, the side, the sender"). An
 * alias names its side and no other: "Britain" from the American's
 * address is refused as a mail for the British side, to the British's
 * address; from the British's address, with his password and token, it
 * is his. A word that is no side of the game is refused with the game's
 * words to the side whose address sent it, and the mail is not read as
 * that side's orders; from no player's address it is dropped unanswered. */
static void test_15_side_words_of_the_game(void **s)
{
	(void)s;
	char rel[96];
	char *before = state_text();
	int out = count("outbox/new"), logs = count("log");
	assert_int_equal(mail("evil@forger.example", "france", 1, "fr0", "liberty", "pass"),
			 EX_OK);
	assert_int_equal(count("outbox/new"), out);
	assert_int_equal(count("log"), logs);

	assert_int_equal(mail("adams@example.org", "france", 1, "fr1", "liberty", "pass"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 1);
	last_mail(rel, sizeof rel);
	assert_non_null(strstr(rel, ".reply-american"));
	char *r = slurp(rel);
	assert_non_null(strstr(r, "To: <adams@example.org>"));
	assert_non_null(strstr(r, "'france' is not a side of this game of Washington's War: "
			       "write american\r\n  or british"));

	assert_int_equal(mail("adams@example.org", "Britain", 1, "br1", "liberty", "pass"),
			 EX_OK);
	last_mail(rel, sizeof rel);
	assert_non_null(strstr(rel, ".reply-british"));
	char *forged = slurp(rel);
	assert_non_null(strstr(forged, "To: <north@example.com>"));
	assert_non_null(strstr(forged, "gave orders for the British side"));

	assert_int_equal(mail("north@example.com", "britain", secret().token_entry, "br2",
			      "crown", "xyzzy"), EX_OK);
	last_mail(rel, sizeof rel);
	assert_non_null(strstr(rel, ".reply-british"));
	char *own = slurp(rel);
	assert_non_null(strstr(own, "To: <north@example.com>"));
	assert_non_null(strstr(own, "'xyzzy' is not an order"));
	assert_null(strstr(own, "registered address"));
	assert_null(strstr(own, "password is wrong"));
	assert_null(strstr(own, "not a token"));
	assert_null(strstr(own, "earlier move"));
	char *after = state_text();
	assert_string_equal(before, after);
	free(r);
	free(forged);
	free(own);
	free(before);
	free(after);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_1_wrong_password),
		cmocka_unit_test(test_2_forged_sender),
		cmocka_unit_test(test_3_accepted),
		cmocka_unit_test(test_4_duplicate),
		cmocka_unit_test(test_5_stale_token),
		cmocka_unit_test(test_6_refused_order),
		cmocka_unit_test(test_6b_british_accepted),
		cmocka_unit_test(test_6c_an_order_keeps_at_most_8000_bytes),
		cmocka_unit_test(test_7_size_limit),
		cmocka_unit_test(test_8_no_game_dropped),
		cmocka_unit_test(test_9_paused),
		cmocka_unit_test(test_10_british_mail_blind_to_american_hand),
		cmocka_unit_test(test_11_board_none_sends_text_only),
		cmocka_unit_test(test_12_automatic_mail_never_answered),
		cmocka_unit_test(test_13_one_answer_per_side_per_hour),
		cmocka_unit_test(test_14_no_block_says_how_to_write_one),
		cmocka_unit_test(test_5b_stale_token_looked_for_in_the_index),
		cmocka_unit_test(test_15_side_words_of_the_game),
	};
	return cmocka_run_group_tests(tests, setup, remove_mail_game);
}
