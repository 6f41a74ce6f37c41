/* Issue 12, "An HTML alternative": the HTML part of a report is a well-
 * formed page that carries the same lines as the text part, escapes what
 * it quotes, and shows the board before the first heading. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "report.h"
#include "report_html.h"
#include "support.h"
#include "template.h"
#include "html_lines.h"

static char *html_of(const char *text, size_t len, const char *cid)
{
	char *html = NULL;
	size_t hlen;
	FILE *f = open_memstream(&html, &hlen);
	assert_non_null(f);
	ww_report_html(f, "[wwjudge <g1>] report", text, len, cid);
	assert_int_equal(fclose(f), 0);
	return html;
}

static void render(struct test_game *g, enum ww_side side, const char *name, char **text,
		   size_t *len)
{
	struct ww_state view;
	char err[512];
	ww_view(&g->s, side, &view);
	struct ww_report r = { .d = g->d, .view = &view, .recipient = side, .game = name,
			       .events = &g->ev, .commitment = "00ff" };
	if (ww_report_render(&r, text, len, err, sizeof err))
		fail_msg("%s", err);
}

/* The same lines, in the same order, for both sides at the start and
 * after the first moves; and the HTML is well-formed (html_lines). */
static void test_html_carries_the_lines_of_the_text(void **s)
{
	(void)s;
	struct test_game g;
	game_start(&g);
	order_ok(&g, WW_AMERICAN, "committees Portsmouth NH, Worcester MA, Providence RI, "
		 "Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, "
		 "Williamsburg VA, Halifax NC, Camden SC, Augusta GA");
	for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		char *text;
		size_t len;
		struct lines want = { 0 }, got = { 0 };
		render(&g, side, "g1", &text, &len);
		char *html = html_of(text, len, NULL);
		text_lines(text, len, &want);
		html_lines(html, &got);
		assert_true(want.n > 40);
		assert_same_lines(&got, &want);
		lines_free(&want);
		lines_free(&got);
		free(text);
		free(html);
	}
	game_end(&g);
}

/* A mail's text is the report wrapped at 72 columns; unwrapped again it
 * gives the report's own lines, which the HTML part shows. */
static void test_unwrap_undoes_the_wrap(void **s)
{
	(void)s;
	struct test_game g;
	game_start(&g);
	order_ok(&g, WW_AMERICAN, "committees Portsmouth NH, Worcester MA, Providence RI, "
		 "Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, "
		 "Williamsburg VA, Halifax NC, Camden SC, Augusta GA");
	for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		char *text, *wrapped = NULL, *unwrapped = NULL;
		size_t len, wlen, ulen;
		struct lines want = { 0 }, got = { 0 };
		render(&g, side, "g1", &text, &len);
		FILE *f = open_memstream(&wrapped, &wlen);
		assert_int_equal(tpl_wrap(f, text, len, WW_REPORT_WIDTH), 0);
		fclose(f);
		assert_non_null(strstr(wrapped, "\n    ")); /* something was wrapped */
		f = open_memstream(&unwrapped, &ulen);
		assert_int_equal(tpl_unwrap(f, wrapped, wlen, WW_REPORT_WIDTH), 0);
		fclose(f);
		text_lines(text, len, &want);
		text_lines(unwrapped, ulen, &got);
		assert_same_lines(&got, &want);
		lines_free(&want);
		lines_free(&got);
		free(text);
		free(wrapped);
		free(unwrapped);
	}
	game_end(&g);
}

/* What a report quotes (a game's name, a player's note) is text, never
 * markup; the title too. */
static void test_html_escapes_what_it_quotes(void **s)
{
	(void)s;
	struct test_game g;
	game_start(&g);
	char *text;
	size_t len;
	render(&g, WW_BRITISH, "<script>x</script> & co", &text, &len);
	char *html = html_of(text, len, "board@judge");
	assert_null(strstr(html, "<script>"));
	assert_non_null(strstr(html, "&lt;script&gt;x&lt;/script&gt; &amp; co"));
	assert_non_null(strstr(html, "<title>[wwjudge &lt;g1&gt;] report</title>"));
	free(text);
	free(html);
	game_end(&g);
}

/* The board, by its Content-ID, before the first heading; none without. */
static void test_html_shows_the_board_first(void **s)
{
	(void)s;
	struct test_game g;
	game_start(&g);
	char *text;
	size_t len;
	render(&g, WW_AMERICAN, "g1", &text, &len);
	char *html = html_of(text, len, "board@judge");
	const char *img = strstr(html, "<img src=\"cid:board@judge\"");
	assert_non_null(img);
	assert_true(img < strstr(html, "<h2"));
	free(html);
	html = html_of(text, len, NULL);
	assert_null(strstr(html, "<img"));
	free(html);
	free(text);
	game_end(&g);
}

/* An order block stays as written, one line per line. */
static void test_html_keeps_an_order_block(void **s)
{
	(void)s;
	static const char mail[] = "To give orders, reply:\n\n#orders\npassword: YOUR PASSWORD\n"
				   "token: 0123\nplay 12 pc Boston MA\n#end\n";
	char *html = html_of(mail, sizeof mail - 1, NULL);
	assert_non_null(strstr(html, ">#orders\npassword: YOUR PASSWORD\ntoken: 0123\n"
			       "play 12 pc Boston MA\n#end</pre>"));
	free(html);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_html_carries_the_lines_of_the_text),
		cmocka_unit_test(test_unwrap_undoes_the_wrap),
		cmocka_unit_test(test_html_escapes_what_it_quotes),
		cmocka_unit_test(test_html_shows_the_board_first),
		cmocka_unit_test(test_html_keeps_an_order_block),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
