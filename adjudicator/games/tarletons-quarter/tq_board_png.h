/* Tarleton's Quarter!'s board as a picture (cairo), for the board plugin
 * (plugin.h), of what tq_board.h says is on it: the reconstructed map (tq_board_map_png.c: each area a tag
 * at its map.yaml `at`, tinted by colony, the borders between adjacent
 * areas by kind, the named points' names) drawn once per data set, and
 * over it the position (tq_board_png.c: each side's forces with their SP
 * totals and commanding leader, forts, sieges, the Bases of Operations,
 * the date, the weather, what is off the map, a legend). The map is
 * schematic: the seed has none (docs/tarletons-quarter-data.md). Every
 * label is placed clear of the others and nearer its own area than any
 * other. */
#ifndef TQ_BOARD_PNG_H
#define TQ_BOARD_PNG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "board_draw.h"
#include "tq_board.h"

/* An area's tag, its I.D. in it, centred on the area's place. */
#define TQ_TAG_W 26
#define TQ_TAG_H 16

/* Colours, 0xRRGGBB. */
enum {
	TQ_C_INK = 0x1e1a16, TQ_C_PAPER = 0xf4efe1, TQ_C_SEA = 0xbdd5e6, TQ_C_WHITE = 0xffffff,
	TQ_C_RED = 0xb3122b, TQ_C_BLUE = 0x163f91, TQ_C_ROAD = 0x7a4a1c, TQ_C_RIVER = 0x2f78c8,
	TQ_C_PLAIN = 0x8c8677, TQ_C_SWAMP = 0x6b8e3a, TQ_C_CITY = 0x9c2a1a, TQ_C_PANEL = 0xf8f3e3,
	TQ_C_PATH = 0xff8c00, TQ_C_FORT = 0x5b4636, TQ_C_CELL_EDGE = 0xb3aa92,
};

/* The map drawn once per data set (wj_draw_map's head): where each
 * area's tag and name are, for what is drawn over it. */
struct tq_board_map {
	struct wj_board_box tag[TQ_MAX_AREAS];  /* the tag, with its corner badges */
	struct wj_board_box name[TQ_MAX_AREAS]; /* x1 <= x0: the area has no name */
	struct wj_board_mark mark[TQ_MAX_AREAS]; /* the tag as a name's distance sees it */
};

/* tq_board_map_png.c: the map under the position, into a picture of the
 * data's board size; the tags and names placed into *m (0, or -1). */
int tq_board_map(cairo_surface_t *img, struct tq_board_map *m, const struct tq_data *d);
/* The tags and names placed, as tq_board_map draws them, with cr. */
void tq_board_map_place(cairo_t *cr, const struct tq_data *d, struct tq_board_map *m);
/* An area's tag, its badges left out. */
struct wj_board_box tq_board_tag_box(const struct tq_area *a);
/* How much nearer than its own area's tag, less margin px, label b comes
 * to another area's tag: 0 when no reader could take it for another's. */
double tq_board_misread(const struct tq_data *d, const struct wj_board_box *b, int own,
			double margin);
/* Where a label w x h goes beside the area's tag: of the places round
 * the tag, the nearest ring first, the first that costs nothing, else
 * the one that costs least; a place off the picture costs more than any. */
typedef double tq_board_cost(const struct wj_board_box *b, const void *ctx);
struct wj_board_box tq_board_place(const struct tq_data *d, int area, double w, double h,
				   tq_board_cost *cost, const void *ctx);
/* The panels the map keeps clear (map.yaml's board): the legend's and
 * the position's. */
struct wj_board_box tq_board_legend(const struct tq_data *d);
struct wj_board_box tq_board_panel(const struct tq_data *d);
uint32_t tq_board_side_colour(enum tq_side side);
uint32_t tq_board_colony_tint(enum tq_colony c);
/* An area's tag at (x, y): its fill and rim tell the area's kind. */
void tq_board_tag(cairo_t *cr, const struct tq_data *d, int area, double x, double y);

/* The board of view as an 8-bit palette PNG of the data's board size:
 * 0, or -1 with why. */
int tq_board_png(FILE *out, const struct tq_data *d, const struct tq_state *view, char *why,
		 size_t whylen);
/* For tests: every label's box and the area it belongs to (names first,
 * then from first_marker the force markers in tq_board_forces' order),
 * and the tags as marks; 0, or -1. */
struct tq_board_boxes {
	int nlabels, first_marker;
	struct wj_board_box label[TQ_MAX_AREAS + TQ_BOARD_MARKERS];
	int area[TQ_MAX_AREAS + TQ_BOARD_MARKERS];
	/* a marker as near another area's tag as its own is led to its
	 * own by a line in its side's colour */
	bool led[TQ_MAX_AREAS + TQ_BOARD_MARKERS];
	struct wj_board_mark mark[TQ_MAX_AREAS];
	struct wj_board_box tag[TQ_MAX_AREAS];
};
int tq_board_boxes(const struct tq_data *d, const struct tq_state *view,
		   struct tq_board_boxes *b);
#endif
