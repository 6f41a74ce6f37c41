/* Reports to the players (report_text.c). A report is built only from
 * ww_view(state, recipient): what that side may see, never the state. */
#ifndef WW_REPORT_H
#define WW_REPORT_H

#include <stdio.h>
#include "data.h"
#include "rules.h"
#include "state.h"

#define WW_REPORT_WIDTH 72

/* The plain-text report for `recipient` (WW_NOBODY for the public view):
 * header and what is asked, the recent events that side may see, the
 * board by colony, tracks, boxes, cards, the recipient's hand and the
 * seed commitment. `recent` and `commitment` may be NULL. Returns 0, or
 * -1 if writing failed. */
int ww_report_text(FILE *out, const struct ww_data *d, const struct ww_state *view,
		   enum ww_side recipient, const struct ww_events *recent,
		   const char *commitment);

/* The seed revealed at the end of the game (record.h), for the report's
 * end: with it both players can check every roll and shuffle. */
void ww_report_seed(FILE *out, const char *seed_hex);

/* The events of `ev` that `recipient` may see, one per line, wrapped to
 * the report width. */
void ww_report_events(FILE *out, const struct ww_events *ev, enum ww_side recipient);

/* One paragraph wrapped to the report width, continuation lines indented. */
void ww_report_line(FILE *out, const char *text);

#endif
