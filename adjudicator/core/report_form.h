/* The report form (report_form.c; docs/reports.md, "The report form"): a
 * report, or a whole report mail, as lines that each say what they are.
 * The judge makes both parts of a mail from it: the text, wrapped at 72
 * columns (wj_form_text), and the HTML page (mail/report_html.c). A game
 * writes its report in this form; nothing reads it but these two.
 *
 * A line's first character is its kind; the rest is the line as the text
 * part shows it before wrapping, its indentation included:
 *
 *   #What happened          a heading, at the margin
 *   .  Move 3, the British: a line of text
 *   +  and more words       the line before, continued: a line of its own
 *                           in the text, the same paragraph in the HTML
 *   -  The British move     an item of a list ("  - The British move")
 *   |    Boston: militia    a table row: a term, ": ", what it is
 *   >    e.g.  pass         an order or a command, in code type
 *   =#orders                preformatted: as written, never wrapped
 *                           (an empty line: a blank line)
 *
 * A line of any other first character is a line of text, that character
 * included. */
#ifndef WJ_REPORT_FORM_H
#define WJ_REPORT_FORM_H

#include <stddef.h>
#include <stdio.h>

enum wj_form_kind {
	WJ_FORM_BLANK = ' ',
	WJ_FORM_HEADING = '#',
	WJ_FORM_TEXT = '.',
	WJ_FORM_MORE = '+',
	WJ_FORM_ITEM = '-',
	WJ_FORM_ROW = '|',
	WJ_FORM_CODE = '>',
	WJ_FORM_PRE = '=',
};

struct wj_form_line {
	enum wj_form_kind kind;
	int indent;              /* blanks before the text */
	const char *text;        /* after the indentation */
	size_t len;              /* without trailing blanks */
	size_t term;             /* a row's term: text[0..term-1]; 0 if none */
};

/* The line at p (up to end) into *l; returns where the next begins. */
const char *wj_form_next(const char *p, const char *end, struct wj_form_line *l);

/* The text part: every line as the text shows it, wrapped at `width`
 * columns as tpl_wrap does (a PRE line never). 0, or -1 if writing failed. */
int wj_form_text(FILE *out, const char *form, size_t len, int width);

#endif
