/* Skirmish's reports for game.h (sk_report.c, sk_guide.c), each built
 * from a view (sk_view) only. */
#ifndef SK_GUIDE_H
#define SK_GUIDE_H

#include <stdio.h>
#include "game.h"
#include "sk_rules.h"

/* The pieces in the game (spot >= 0), in the state's order, into out;
 * how many. */
int sk_on_board(const struct sk_state *s, struct sk_piece out[SK_MAX_PIECES]);
/* The report, in the report form (core/report_form.h): the turn, whose
 * move, the dice the viewer may see, the question, the last events
 * (`last`, the frame's events; NULL: none), the frame's facts, the board
 * in words. */
int sk_report(FILE *out, const struct sk_data *d, const struct sk_state *view, int viewer,
	      const struct game_frame *f, const struct sk_events *last, char *why,
	      size_t whylen);
/* The legal orders of `side`: candidates tried on the engine with
 * stand-in dice, one item per accepted example; how many. */
int sk_guide(const struct sk_data *d, const struct sk_state *view, int side,
	     game_guide_item *item, void *ctx);

/* "What you can do now", for `side` on its own view: for each die the
 * pieces that may move and the spots each may end on, the piece a
 * question moves and where, then the standing orders and the order of
 * skirmishes; every spot and example one the engine accepts now, tried
 * with stand-in dice. Nothing for the public or once the game is over.
 * 0, or -1 when out of memory or out fails. */
int sk_guide_words(FILE *out, const struct sk_data *d, const struct sk_state *view, int side);

#endif
