/* For the tests of the HTML part (issues 12 and 22): an HTML page's
 * headings and lines, a check that the page is well-formed, and that its
 * headings and lines are the text part's: every heading of the page one
 * whole line of the text at the margin, every other block of the page
 * one or more whole lines of the text (a paragraph the text wraps), in
 * the same order, nothing left over on either side. */
#ifndef WW_TEST_HTML_LINES_H
#define WW_TEST_HTML_LINES_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 1200

struct lines {
	int n;
	char *v[MAX_LINES];
	bool heading[MAX_LINES];
	int indent[MAX_LINES];       /* a text line's blanks before its text */
};

static inline void lines_free(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	l->n = 0;
}

/* A line as both parts must agree on it: blanks collapsed, no CR, an
 * item's bullet "- " as the text writes it; an empty one is not kept. */
static inline void add_line_as(struct lines *l, const char *s, size_t n, bool heading)
{
	char *out = malloc(n + 1);
	size_t o = 0;
	int indent = 0;
	assert_non_null(out);
	while ((size_t)indent < n && s[indent] == ' ')
		indent++;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\r' || (s[i] == ' ' && (o == 0 || out[o - 1] == ' ')))
			continue;
		out[o++] = s[i];
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	if (!*out || l->n == MAX_LINES) {
		free(out);
		return;
	}
	l->heading[l->n] = heading;
	l->indent[l->n] = indent;
	l->v[l->n++] = out;
}

static inline void add_line(struct lines *l, const char *s, size_t n)
{
	add_line_as(l, s, n, false);
}

static inline void text_lines(const char *text, size_t len, struct lines *l)
{
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		add_line(l, p, (size_t)(stop - p));
		p = nl ? nl + 1 : end;
	}
}

static inline bool is_tag(const char *name, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* The text of every h2, p, div and table row (its cells joined by ": ")
 * of the body, and each line of a pre, entities decoded; checks that
 * every tag is closed in order as it goes. */
static inline void html_lines(const char *html, struct lines *l)
{
	static const char *const voids[] = { "meta", "img", "br", "!DOCTYPE" };
	static const char *const blocks[] = { "h2", "p", "div", "pre", "tr" };
	char stack[32][16], buf[8192];
	int depth = 0, cells = 0;
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
			if (closing) {
				assert_true(depth > 0);
				assert_string_equal(stack[--depth], name);
			} else if (!is_tag(name, voids, sizeof voids / sizeof *voids)) {
				assert_true(depth < 32);
				snprintf(stack[depth++], sizeof stack[0], "%s", name);
			}
			in_body |= !strcmp(name, "body");
			if (!closing && !strcmp(name, "tr"))
				cells = 0;
			if (!closing && !strcmp(name, "td") && cells++ && b + 3 < sizeof buf)
				b += (size_t)snprintf(buf + b, sizeof buf - b, ": ");
			if (closing && in_body && is_tag(name, blocks, sizeof blocks / sizeof *blocks)) {
				add_line_as(l, buf, b, !strcmp(name, "h2"));
				b = 0;
			}
			p = gt;
			continue;
		}
		if (*p == '&') {
			static const struct { const char *e, *c; } ent[] = {
				{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" },
				{ "&quot;", "\"" }, { "&#8226;&#160;", "- " },
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

/* The page's headings and lines are the text's (see the top): the first
 * that is not is named. */
static inline void assert_same_lines(const struct lines *html, const struct lines *text)
{
	int t = 0;
	for (int i = 0; i < html->n; i++) {
		const char *want = html->v[i];
		size_t done = 0, wl = strlen(want);
		int first = t;
		while (done < wl && t < text->n) {
			const char *line = text->v[t];
			size_t n = strlen(line);
			if (done && want[done++] != ' ')
				break;
			if (strncmp(want + done, line, n))
				break;
			done += n;
			t++;
		}
		if (done != wl || t == first)
			fail_msg("the HTML's %s \"%s\" is not whole lines of the text, which has "
				 "\"%s\" there", html->heading[i] ? "heading" : "line", want,
				 first < text->n ? text->v[first] : "(nothing)");
		if (html->heading[i] && (t != first + 1 || text->indent[first]))
			fail_msg("the HTML's heading \"%s\" is not one line of the text at the margin",
				 want);
	}
	if (t != text->n)
		fail_msg("the text's line \"%s\" is not in the HTML", text->v[t]);
}

/* The page's headings are `want` (NULL-terminated), in that order. */
static inline void assert_headings(const struct lines *html, const char *const *want)
{
	int k = 0;
	for (int i = 0; i < html->n; i++) {
		if (!html->heading[i])
			continue;
		if (!want[k])
			fail_msg("a heading too many: \"%s\"", html->v[i]);
		if (strcmp(html->v[i], want[k]))
			fail_msg("heading %d is \"%s\", not \"%s\"", k + 1, html->v[i], want[k]);
		k++;
	}
	if (want[k])
		fail_msg("no heading \"%s\"", want[k]);
}

#endif
