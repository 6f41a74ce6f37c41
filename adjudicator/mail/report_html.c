/* The HTML part of a report mail, made from the same report form as the
 * text part (core/report_form.h; docs/reports.md, "The report form"):
 * a heading is a heading, a line of text a paragraph indented as deep
 * (with the lines that continue it), an item a line with a bullet, the
 * rows that follow each other one table, an order or a command in code
 * type, a preformatted block (an order block) as written. The board,
 * when there is one, comes before the first heading. Inline styles only,
 * as mail clients allow. */
#include <stdbool.h>
#include <string.h>
#include "report_form.h"
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
static const char code_style[] =
	"font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.9em;";

void wj_html_escape(FILE *out, const char *s, size_t n)
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

/* Reads the form one line ahead, so that a line's continuations and a
 * table's rows can be taken with it. */
struct reader {
	const char *p, *end;
	struct wj_form_line line;       /* the line at p, once read */
	bool has;
};

static bool peek(struct reader *r, struct wj_form_line *l)
{
	if (!r->has && r->p < r->end) {
		r->p = wj_form_next(r->p, r->end, &r->line);
		r->has = true;
	}
	if (r->has)
		*l = r->line;
	return r->has;
}

static void take(struct reader *r)
{
	r->has = false;
}

static double em(int indent)
{
	return indent * 0.6;
}

/* `first`'s text, then the text of the lines that continue it, each
 * after a blank. */
static void text_continued(FILE *out, struct reader *r, const char *first, size_t n)
{
	struct wj_form_line l;
	wj_html_escape(out, first, n);
	while (peek(r, &l) && l.kind == WJ_FORM_MORE) {
		fputc(' ', out);
		wj_html_escape(out, l.text, l.len);
		take(r);
	}
}

static void board(FILE *out, const char *cid, bool *shown)
{
	if (!cid || *shown)
		return;
	fputs("<p><img src=\"cid:", out);
	wj_html_escape(out, cid, strlen(cid));
	fputs("\" alt=\"The board as you may see it\" style=\"max-width: 100%; height: auto;\">"
	      "</p>\n", out);
	*shown = true;
}

static void heading(FILE *out, struct reader *r, const struct wj_form_line *l)
{
	fputs("<h2 style=\"font-size: 1.15em; margin: 1em 0 0.3em; border-bottom: "
	      "1px solid #bbb;\">", out);
	text_continued(out, r, l->text, l->len);
	fputs("</h2>\n", out);
}

static void paragraph(FILE *out, struct reader *r, const struct wj_form_line *l)
{
	if (l->indent)
		fprintf(out, "<div style=\"margin: 0.15em 0 0.15em %.1fem;\">", em(l->indent));
	else
		fputs("<p style=\"margin: 0.3em 0;\">", out);
	text_continued(out, r, l->text, l->len);
	fputs(l->indent ? "</div>\n" : "</p>\n", out);
}

static void item(FILE *out, struct reader *r, const struct wj_form_line *l)
{
	fprintf(out, "<div style=\"margin: 0.15em 0 0.15em %.1fem; text-indent: -0.8em;\">"
		"&#8226;&#160;", em(l->indent) + 0.8);
	text_continued(out, r, l->text, l->len);
	fputs("</div>\n", out);
}

/* One table of the rows that follow each other at the same depth: the
 * term in the first cell, what it is in the second. */
static void table(FILE *out, struct reader *r, const struct wj_form_line *first)
{
	struct wj_form_line l = *first;
	fprintf(out, "<table style=\"margin: 0.2em 0 0.2em %.1fem; border-collapse: collapse;\">\n",
		em(first->indent));
	do {
		take(r);
		size_t skip = l.term ? l.term + 2 : 0;
		fputs("<tr>", out);
		if (l.term) {
			fputs("<td style=\"vertical-align: top; padding: 0.1em 0.8em 0.1em 0; "
			      "width: 9em; overflow-wrap: normal; color: #555;\">", out);
			wj_html_escape(out, l.text, l.term);
			fputs("</td><td style=\"vertical-align: top; padding: 0.1em 0;\">", out);
		} else {
			fputs("<td colspan=\"2\" style=\"padding: 0.1em 0;\">", out);
		}
		text_continued(out, r, l.text + skip, l.len - skip);
		fputs("</td></tr>\n", out);
	} while (peek(r, &l) && l.kind == WJ_FORM_ROW && l.indent == first->indent);
	fputs("</table>\n", out);
}

/* The code type inside the line, so that its smaller size does not
 * change the indentation, which is the text's. */
static void code(FILE *out, struct reader *r, const struct wj_form_line *l)
{
	fprintf(out, "<div style=\"margin: 0.15em 0 0.15em %.1fem; white-space: pre-wrap;\">"
		"<code style=\"%s\">", em(l->indent), code_style);
	text_continued(out, r, l->text, l->len);
	fputs("</code></div>\n", out);
}

/* The preformatted lines that follow each other, as written, the first
 * one's indentation a margin (so that a line the page wraps starts where
 * the first does). */
static void preformatted(FILE *out, struct reader *r, const struct wj_form_line *first)
{
	struct wj_form_line l = *first;
	fprintf(out, "<pre style=\"background: #f4f1e8; margin: 0.3em 0 0.3em %.1fem; "
		"padding: 0.5em; white-space: pre-wrap; %s\">", em(first->indent), code_style);
	do {
		take(r);
		if (l.text != first->text)
			fputc('\n', out);
		fprintf(out, "%*s", l.indent > first->indent ? l.indent - first->indent : 0, "");
		wj_html_escape(out, l.text, l.len);
	} while (peek(r, &l) && l.kind == WJ_FORM_PRE);
	fputs("</pre>\n", out);
}

void wj_report_html(FILE *out, const char *title, const char *form, size_t len,
		    const char *board_cid)
{
	struct reader r = { .p = form, .end = form + len };
	struct wj_form_line l;
	bool shown = false;
	fputs(page_head, out);
	wj_html_escape(out, title, strlen(title));
	fputs(page_body, out);
	while (peek(&r, &l)) {
		if (l.kind == WJ_FORM_ROW) {
			table(out, &r, &l);
			continue;
		}
		if (l.kind == WJ_FORM_PRE) {
			preformatted(out, &r, &l);
			continue;
		}
		take(&r);
		switch (l.kind) {
		case WJ_FORM_HEADING:
			board(out, board_cid, &shown);
			heading(out, &r, &l);
			break;
		case WJ_FORM_ITEM: item(out, &r, &l); break;
		case WJ_FORM_CODE: code(out, &r, &l); break;
		case WJ_FORM_TEXT: case WJ_FORM_MORE: paragraph(out, &r, &l); break;
		default: break; /* a blank line */
		}
	}
	board(out, board_cid, &shown);
	fputs("</body>\n</html>\n", out);
}
