/* For the tests of the HTML part (issue 12): a text's and an HTML page's
 * lines, as both must agree on them, and a check that the page is
 * well-formed. */
#ifndef WW_TEST_HTML_LINES_H
#define WW_TEST_HTML_LINES_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 600

struct lines {
	int n;
	char *v[MAX_LINES];
};

static inline void lines_free(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	l->n = 0;
}

/* A line as both parts must agree on it: blanks collapsed, no bullet, no CR. */
static inline void add_line(struct lines *l, const char *s, size_t n)
{
	char *out = malloc(n + 1);
	size_t o = 0;
	assert_non_null(out);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\r' || (s[i] == ' ' && (o == 0 || out[o - 1] == ' ')))
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

/* The text of every h2, p, div and pre line of the body, entities
 * decoded; checks that every tag is closed in order as it goes. */
static inline void html_lines(const char *html, struct lines *l)
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

/* The same lines in the same order; the first that differs is named. */
static inline void assert_same_lines(const struct lines *got, const struct lines *want)
{
	for (int i = 0; i < want->n && i < got->n; i++)
		if (strcmp(got->v[i], want->v[i]))
			fail_msg("line %d: the HTML has \"%s\", the text \"%s\"", i, got->v[i],
				 want->v[i]);
	assert_int_equal(got->n, want->n);
}

#endif
