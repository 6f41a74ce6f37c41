/* The HTML part of a report mail: the very lines of the text part, before
 * they are wrapped, laid out as a page (docs/reports.md, "The HTML part").
 * A line at the left margin followed by an indented line is a heading;
 * other lines at the margin are paragraphs; an indented line is a block
 * indented as deep, a "- " item with a bullet; an order block (#orders
 * ... #end) stays as written. The board, when there is one, comes before
 * the first heading. */
#include <stdbool.h>
#include <string.h>
#include "report_html.h"

static const char page_head[] =
	"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	"<title>";
static const char page_body[] =
	"</title>\n</head>\n"
	"<body style=\"font-family: Georgia, 'Times New Roman', serif; max-width: 46em; "
	"margin: 0 auto; padding: 0.5em; line-height: 1.4; color: #222; "
	"overflow-wrap: anywhere;\">\n";

void ww_html_escape(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(s[i], out);
		}
	}
}

struct line {
	const char *text;        /* after the indentation */
	size_t len;              /* without trailing blanks */
	int indent;
};

static const char *line_at(const char *p, const char *end, struct line *l)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	const char *stop = nl ? nl : end;
	l->indent = 0;
	while (p + l->indent < stop && p[l->indent] == ' ')
		l->indent++;
	l->text = p + l->indent;
	l->len = (size_t)(stop - l->text);
	while (l->len && (l->text[l->len - 1] == ' ' || l->text[l->len - 1] == '\r'))
		l->len--;
	return nl ? nl + 1 : end;
}

static bool starts(const struct line *l, const char *word)
{
	size_t n = strlen(word);
	return l->len >= n && !memcmp(l->text, word, n);
}

static void board(FILE *out, const char *cid, bool *shown)
{
	if (!cid || *shown)
		return;
	fputs("<p><img src=\"cid:", out);
	ww_html_escape(out, cid, strlen(cid));
	fputs("\" alt=\"The board as you may see it\" style=\"max-width: 100%; height: auto;\">"
	      "</p>\n", out);
	*shown = true;
}

static void indented(FILE *out, const struct line *l)
{
	bool item = starts(l, "- ");
	fprintf(out, "<div style=\"margin-left: %.1fem;%s\">", l->indent * 0.6,
		item ? " text-indent: -0.8em;" : "");
	size_t skip = item ? 2 : 0;
	if (item)
		fputs("&#8226; ", out);
	if (starts(l, "e.g.  ")) { /* an example order: as it is to be written */
		fputs("e.g. <code>", out);
		skip = 6;
	}
	ww_html_escape(out, l->text + skip, l->len - skip);
	fputs(skip == 6 ? "</code></div>\n" : "</div>\n", out);
}

/* From "#orders" to "#end", as written; returns where it stopped. */
static const char *order_block(FILE *out, const char *p, const char *end)
{
	struct line l;
	fputs("<pre style=\"background: #f4f1e8; padding: 0.5em; white-space: pre-wrap;\">", out);
	for (bool first = true; p < end; first = false) {
		p = line_at(p, end, &l);
		if (!first)
			fputc('\n', out);
		ww_html_escape(out, l.text, l.len);
		if (starts(&l, "#end"))
			break;
	}
	fputs("</pre>\n", out);
	return p;
}

void ww_report_html(FILE *out, const char *title, const char *text, size_t len,
		    const char *board_cid)
{
	const char *p = text, *end = text + len;
	bool shown = false;
	fputs(page_head, out);
	ww_html_escape(out, title, strlen(title));
	fputs(page_body, out);
	while (p < end) {
		struct line l, next = { 0 };
		const char *after = line_at(p, end, &l);
		if (after < end)
			line_at(after, end, &next);
		if (!l.len) {
			p = after;
		} else if (!l.indent && starts(&l, "#orders")) {
			p = order_block(out, p, end);
		} else if (l.indent) {
			indented(out, &l);
			p = after;
		} else if (next.len && next.indent) {
			board(out, board_cid, &shown);
			fputs("<h2 style=\"font-size: 1.15em; margin: 1em 0 0.3em; border-bottom: "
			      "1px solid #bbb;\">", out);
			ww_html_escape(out, l.text, l.len);
			fputs("</h2>\n", out);
			p = after;
		} else {
			fputs("<p style=\"margin: 0.3em 0;\">", out);
			ww_html_escape(out, l.text, l.len);
			fputs("</p>\n", out);
			p = after;
		}
	}
	board(out, board_cid, &shown);
	fputs("</body>\n</html>\n", out);
}
