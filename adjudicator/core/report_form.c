/* The report form (report_form.h): its lines read, and the text part
 * made from them. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "report_form.h"
#include "template.h"

static bool is_kind(char c)
{
	return c && strchr("#.+-|>=", c);
}

/* A row's term ends at its first ": " (none: no term). */
static size_t term_of(const char *text, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (text[i] == ':' && text[i + 1] == ' ')
			return i;
	return 0;
}

const char *wj_form_next(const char *p, const char *end, struct wj_form_line *l)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	const char *stop = nl ? nl : end;
	while (stop > p && (stop[-1] == ' ' || stop[-1] == '\r'))
		stop--;
	l->kind = p == stop ? WJ_FORM_BLANK : is_kind(*p) ? (enum wj_form_kind)*p++ : WJ_FORM_TEXT;
	l->indent = 0;
	while (p + l->indent < stop && p[l->indent] == ' ')
		l->indent++;
	l->text = p + l->indent;
	l->len = (size_t)(stop - l->text);
	l->term = l->kind == WJ_FORM_ROW ? term_of(l->text, l->len) : 0;
	if (l->kind != WJ_FORM_BLANK && !l->len)
		l->kind = WJ_FORM_BLANK;
	return nl ? nl + 1 : end;
}

/* An item's line as the text shows it: "- " after its indentation. */
static int item_line(FILE *out, const struct wj_form_line *l, int width)
{
	size_t n = (size_t)l->indent + 2 + l->len;
	char *line = malloc(n);
	if (!line)
		return -1;
	memset(line, ' ', (size_t)l->indent);
	memcpy(line + l->indent, "- ", 2);
	memcpy(line + l->indent + 2, l->text, l->len);
	int rc = tpl_wrap(out, line, n, width);
	free(line);
	return rc;
}

int wj_form_text(FILE *out, const char *form, size_t len, int width)
{
	const char *p = form, *end = form + len;
	struct wj_form_line l;
	int bad = 0;
	while (p < end && !bad) {
		const char *line = p + is_kind(*p);
		p = wj_form_next(p, end, &l);
		if (l.kind == WJ_FORM_BLANK)
			bad = fputc('\n', out) == EOF;
		else if (l.kind == WJ_FORM_ITEM)
			bad = item_line(out, &l, width);
		else if (l.kind == WJ_FORM_PRE)
			bad = fprintf(out, "%.*s\n", (int)(l.text + l.len - line), line) < 0;
		else
			bad = tpl_wrap(out, line, (size_t)(l.text + l.len - line), width);
	}
	return bad || ferror(out) ? -1 : 0;
}
