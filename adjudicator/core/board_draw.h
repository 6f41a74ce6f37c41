/* board_draw.c: what every game's board picture draws alike with cairo:
 * colours, text with a halo, stars, the boxes of names and where a name
 * may go around its spot, and letting the fonts go. Part of the board
 * plugin (plugin.h), with png_palette.c. */
#ifndef WJ_BOARD_DRAW_H
#define WJ_BOARD_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cairo.h>
#include "cache.h"

#define WJ_BOARD_FONT "DejaVu Sans"
/* A name wider than this goes on two lines; the second line this far
 * below the first. */
#define WJ_NAME_WIDE 110
#define WJ_NAME_LINE_H 12
#define WJ_NAME_HALO 1.5

struct wj_board_box { double x0, y0, x1, y1; };

bool wj_box_meets(const struct wj_board_box *a, const struct wj_board_box *b);
/* The area a and b share. */
double wj_box_overlap(const struct wj_board_box *a, const struct wj_board_box *b);

/* A spot's mark as a reader sees it: its centre and how far it reaches. */
struct wj_board_mark { double x, y, r; };
/* How far box b is from mark m: from the box to the centre, less the
 * mark's reach; 0 when they meet. */
double wj_box_gap(const struct wj_board_box *b, const struct wj_board_mark *m);
/* wj_box_gap(b, m) <= reach, the same answer, mostly without its square root. */
bool wj_box_within(const struct wj_board_box *b, const struct wj_board_mark *m, double reach);
/* How much the name in box b, of mark `own` among n marks, comes nearer
 * another mark than `margin` px more than its own: 0 when no reader
 * could take it for another's name. */
double wj_name_misread(const struct wj_board_box *b, const struct wj_board_mark *marks, int n,
		       int own, double margin);
/* The length of (dx, dy), without libm. */
double wj_draw_length(double dx, double dy);

/* Colour c is 0xRRGGBB. */
void wj_draw_rgb(cairo_t *cr, uint32_t c);
void wj_draw_font(cairo_t *cr, double size, bool bold);
double wj_draw_text_width(cairo_t *cr, const char *s);
/* Text with a halo, so it reads on any colour. align: 0 left, 1 centre. */
void wj_draw_label(cairo_t *cr, double x, double y, const char *s, int align,
		   uint32_t ink, uint32_t halo);
/* Points around (x, y) at radii r1, r2 alternately, as a path. */
void wj_draw_star_path(cairo_t *cr, double x, double y, int points, double r1, double r2);

/* A place for a name beside its spot: offset dx, dy from the spot; ax, ay:
 * the name ends (-1), is centred (0) or starts (1) there. wj_name_nplaces
 * of them, below first, then beside, then above. */
struct wj_name_place { double dx, dy; int ax, ay; };
extern const struct wj_name_place wj_name_places[];
extern const int wj_name_nplaces;
/* The box of a name w x h put at place p of the spot at (x, y). */
struct wj_board_box wj_name_box(double x, double y, const struct wj_name_place *p,
				double w, double h);
/* Where a name is cut onto two lines (the start of its second line, at
 * the blank nearest its middle), or 0 when it fits on one (current font). */
int wj_name_split(cairo_t *cr, const char *name);
/* Where a name would be cut onto two lines however wide: 0 with no blank. */
int wj_name_cut(const char *name);
/* Line i (0, 1) of a name split at `split` into out. */
void wj_name_line(const char *name, int split, int i, char *out, size_t len);
/* The ink of the name's lines, centred on x = 0, the first baseline y = 0. */
struct wj_board_box wj_name_ink(cairo_t *cr, const char *name, int split);

/* A w x h picture to draw a board on, its rows packed (stride 4 w) and
 * flushed for its pixels to be written directly; NULL with err. */
cairo_surface_t *wj_draw_picture(int w, int h, char *err, size_t errlen);
/* Ends the drawing cr made on img (cr destroyed, the fonts let go): img,
 * flushed, or NULL with what went wrong in err (img destroyed). */
cairo_surface_t *wj_draw_done(cairo_surface_t *img, cairo_t *cr, char *err, size_t errlen);
/* The pixels of a board drawn into img (0x00RRGGBB, w x h, row by row),
 * copied (malloc'd); NULL with the problem in err when img is NULL or
 * memory runs out. img is destroyed. */
uint32_t *wj_draw_take_pixels(cairo_surface_t *img, char *err, size_t errlen);
/* The board drawn into img written to out by encode (0, or -1 with the
 * problem in err; -1 at once when img is NULL). img is destroyed. */
int wj_draw_write_png(FILE *out, cairo_surface_t *img, int (*encode)(FILE *, const uint32_t *),
		      char *err, size_t errlen);

/* The map under the pieces: what of a board depends on the data alone
 * (the land, the sea, the lines, the names that never move), drawn into
 * img once per data set and program, then read from the data cache
 * (cache.h) under key k (started by the caller, ended here) and `what`:
 * img's pixels and the nhead bytes of head, what the rest of the drawing
 * needs to know of the map. An entry that is missing, not whole or of
 * another key is not read: head is zeroed and draw(img, head, arg)
 * draws the map (0, or -1), which is then kept. 0, or -1 when it cannot
 * be drawn. */
typedef int wj_draw_map_fn(cairo_surface_t *img, void *head, const void *arg);
int wj_draw_map(cairo_surface_t *img, struct wj_cache_key *k, const char *what, void *head,
		size_t nhead, wj_draw_map_fn *draw, const void *arg);

/* cairo and fontconfig keep the fonts they found for the process; a
 * board is drawn once in a while, so they are let go after each. */
void wj_draw_release_fonts(void);

#endif
