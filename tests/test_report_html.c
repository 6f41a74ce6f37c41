/* Issue 12, "An HTML alternative": the HTML part of a report is a well-
 * formed page that carries the same lines as the text part, escapes what
 * it quotes, and shows the board before the first heading. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "report.h"
#include "support.h"

#define MAX_LINES 600

struct lines {
	int n;
	char *v[MAX_LINES];
};

static void lines_free(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	l->n = 0;
}

/* A line as both parts must agree on it: blanks collapsed, no bullet. */
static void add_line(struct lines *l, const char *s, size_t n)
{
	char *out = malloc(n + 1);
	size_t o = 0;
	assert_non_null(out);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = s[i];
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	char *t = out;
	if (!strncmp(t, "- ", 2))
		t += 2;
	if (!*t || l->n == MAX_LINES) {
		free(out);
		return;
	}
	memmove(out, t, strlen(t) + 1);
	l->v[l->n++] = out;
}

static void text_lines(const char *text, size_t len, struct lines *l)
{
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		add_line(l, p, (size_t)(stop - p));
		p = nl ? nl + 1 : end;
	}
}

/* The text of every h2, p, div and pre line of the body, entities
 * decoded; checks that every tag is closed in order as it goes. */
static void html_lines(const char *html, struct lines *l)
{
	static const char *const voids[] = { "meta", "img", "br", "!DOCTYPE" };
	char stack[32][16], buf[4096];
	int depth = 0;
	size_t b = 0;
	bool in_body = false;
	for (const char *p = html; *p; p++) {
		if (*p == '<') {
			const char *gt = strchr(p, '>');
			assert_non_null(gt);
			char name[16];
			bool closing = p[1] == '/';
			size_t n = strcspn(p + 1 + closing, " >");
			assert_true(n < sizeof name);
			memcpy(name, p + 1 + closing, n);
			name[n] = '\0';
			bool is_void = false;
			for (size_t i = 0; i < sizeof voids / sizeof *voids; i++)
				is_void |= !strcmp(name, voids[i]);
			if (closing) {
				assert_true(depth > 0);
				assert_string_equal(stack[--depth], name);
			} else if (!is_void) {
				assert_true(depth < 32);
				snprintf(stack[depth++], sizeof stack[0], "%s", name);
			}
			in_body |= !strcmp(name, "body");
			bool block = !strcmp(name, "h2") || !strcmp(name, "p") ||
				     !strcmp(name, "div") || !strcmp(name, "pre");
			if (closing && block && in_body) {
				add_line(l, buf, b);
				b = 0;
			}
			p = gt;
			continue;
		}
		if (*p == '&') {
			static const struct { const char *e, *c; } ent[] = {
				{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" },
				{ "&quot;", "\"" }, { "&#8226; ", "" },
			};
			size_t i = 0;
			while (i < sizeof ent / sizeof *ent && strncmp(p, ent[i].e, strlen(ent[i].e)))
				i++;
			assert_true(i < sizeof ent / sizeof *ent); /* no stray '&' */
			if (in_body)
				b += (size_t)snprintf(buf + b, sizeof buf - b, "%s", ent[i].c);
			p += strlen(ent[i].e) - 1;
			continue;
		}
		if (*p == '\n' && b && in_body) { /* a line of a <pre> */
			add_line(l, buf, b);
			b = 0;
			continue;
		}
		if (in_body && *p != '\n' && b + 1 < sizeof buf)
			buf[b++] = *p;
	}
	assert_int_equal(depth, 0);
}

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

static void render(struct game *g, enum ww_side side, const char *name, char **text,
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
	struct game g;
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
		for (int i = 0; i < want.n && i < got.n; i++)
			if (strcmp(got.v[i], want.v[i]))
				fail_msg("line %d: the HTML has \"%s\", the text \"%s\"", i,
					 got.v[i], want.v[i]);
		assert_int_equal(got.n, want.n);
		for (int i = 0; i < want.n; i++)
			assert_string_equal(got.v[i], want.v[i]);
		lines_free(&want);
		lines_free(&got);
		free(text);
		free(html);
	}
	game_end(&g);
}

/* What a report quotes (a game's name, a player's note) is text, never
 * markup; the title too. */
static void test_html_escapes_what_it_quotes(void **s)
{
	(void)s;
	struct game g;
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
	struct game g;
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
		cmocka_unit_test(test_html_escapes_what_it_quotes),
		cmocka_unit_test(test_html_shows_the_board_first),
		cmocka_unit_test(test_html_keeps_an_order_block),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
