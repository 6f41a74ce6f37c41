/* Skirmish's board for the reports: in words (sk_board_words.c, for the
 * text report, a screen reader, a mail client without pictures) and as a
 * PNG picture (sk_board_png.c, in the board plugin wwjudge-png.so with
 * Washington's War's: plugin.h). Both take the data and the pieces on the
 * board, not the rules engine's state, so what they show is what the
 * caller's view holds. docs/skirmish-board.md. */
#ifndef SK_BOARD_WORDS_AND_PNG_H
#define SK_BOARD_WORDS_AND_PNG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "board_draw.h"
#include "sk_data.h"

/* The pieces n of them (at most SK_MAX_PIECES) and the path (npath spots,
 * npath = 0 for none) make sense for d: each piece a side's, on a spot of
 * the board, with units fitting its kind; each step of the path a spot of
 * the board. 0, or -1 with what is wrong, where, and what would do in why. */
int sk_board_check(const struct sk_data *d, const struct sk_piece *pieces, int n,
		   const int *path, int npath, char *why, size_t whylen);

/* Each side's pieces by spot, sorted by the spot's name, after a line of
 * its totals ("British: 20 units in 4 armies; 3 warships; ..."): lines of
 * the report form (core/report_form.h), the totals a line of text and
 * each piece a table row, of at most SK_WORDS_WIDTH characters. 0, or -1 with why
 * (bad pieces, sk_board_check) or out failing. */
#define SK_WORDS_WIDTH 72
int sk_board_words(FILE *out, const struct sk_data *d, const struct sk_piece *pieces, int n,
		   char *why, size_t whylen);

/* The board as an 8-bit palette PNG of SK_BOARD_W x SK_BOARD_H: the
 * spots, stars and lines of d, the pieces in their side's colour with
 * their units, the last move's path (path[0] to path[npath - 1]; npath 0
 * for none), a legend. 0, or -1 with why. */
int sk_board_png(FILE *out, const struct sk_data *d, const struct sk_piece *pieces, int n,
		 const int *path, int npath, char *why, size_t whylen);

/* For the benchmark and tests: the board's pixels (0x00RRGGBB, row by
 * row, malloc'd; NULL with why), and those pixels encoded as
 * sk_board_png encodes them (0, or -1). */
uint32_t *sk_board_pixels(const struct sk_data *d, const struct sk_piece *pieces, int n,
			  const int *path, int npath, char *why, size_t whylen);
int sk_board_encode(FILE *out, const uint32_t *px);

/* For tests: the colour a side's pieces are painted in, and the centre of
 * piece i of pieces[n] as drawn (pieces on one spot are drawn apart). */
uint32_t sk_board_side_colour(enum sk_side side);
void sk_board_piece_xy(const struct sk_data *d, const struct sk_piece *pieces, int n, int i,
		       int *x, int *y);
/* For tests: where each spot's name is drawn (its box, the halo
 * included), each spot's mark and each piece (in pieces' order), and
 * the legend; 0, or -1. */
struct sk_board_boxes {
	struct wj_board_box name[SK_MAX_SPOTS], spot[SK_MAX_SPOTS], piece[SK_MAX_PIECES];
	struct wj_board_box legend;
};
int sk_board_boxes(const struct sk_data *d, const struct sk_piece *pieces, int n,
		   struct sk_board_boxes *b);

#endif
