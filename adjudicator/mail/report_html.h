/* A report mail's HTML alternative (report_html.c), made from the body's
 * report form (core/report_form.h), as the text part is. */
#ifndef WJ_REPORT_HTML_H
#define WJ_REPORT_HTML_H

#include <stdio.h>

/* s[0..n-1] with & < > " written as HTML entities. */
void wj_html_escape(FILE *out, const char *s, size_t n);
/* A whole HTML page titled `title` from a mail body in the report form:
 * its headings, paragraphs, items, tables, orders and preformatted
 * blocks; with `board_cid`, the board (an image of that Content-ID)
 * before the first heading. */
void wj_report_html(FILE *out, const char *title, const char *form, size_t len,
		    const char *board_cid);

#endif
