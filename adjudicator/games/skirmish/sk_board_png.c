/* Skirmish's board as a picture (cairo), for the board plugin (plugin.h):
 * the land and the sea around the spots, the lines in their three kinds,
 * the spots (black land spots, blue dots, the harbours' Red Dots, the
 * carriers' large dots, the blue stars), the last move's path, the
 * pieces in their side's colour with their units, the spots' names placed
 * clear of each other, and a legend. Everything comes from the data and
 * the pieces given; the same pieces give the same bytes. */
#include <math.h>   /* M_PI only: no libm */
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "cache.h"
#include "png_palette.h"
#include "sk_board.h"
#include "sk_game.h"
#include "sk_guide.h"

#define W SK_BOARD_W
#define H SK_BOARD_H
#define NAME_SIZE 11
#define CELL 2            /* the land and the sea are found per CELL x CELL pixels */
#define PIECE_GAP 30      /* between the centres of pieces on one spot */

/* Colours, 0xRRGGBB. */
enum {
	LAND = 0xeee4c8, SEA = 0xbdd5e6, COAST = 0x7c98ae, INK = 0x1e1a16,
	RED_DOT = 0xd32f2f, BLUE_DOT = 0x2f6fc8, STAR = 0x3d7be0, SEA_LINE = 0x6f93bd,
	BRITISH = 0xb3122b, AMERICAN = 0x163f91, CONTINENTAL = 0xe3b11f,
	PATH = 0xff8c00, PANEL = 0xf8f3e3, WHITE = 0xffffff, SEA_INK = 0x1d4f80,
};

/* Each keeps its place in the palette, so a piece is painted in exactly
 * its colour (png_palette.h). */
static const uint32_t OWN_COLOURS[] = {
	LAND, SEA, COAST, INK, RED_DOT, BLUE_DOT, STAR, SEA_LINE, BRITISH, AMERICAN,
	CONTINENTAL, PATH, PANEL, WHITE, SEA_INK,
};
#define NOWN (int)(sizeof OWN_COLOURS / sizeof *OWN_COLOURS)

/* The legend's panel, top left, where the board has no spot. */
static const struct wj_board_box LEGEND = { 12, 12, 470, 420 };

uint32_t sk_board_side_colour(enum sk_side side)
{
	return side == SK_AMERICAN ? AMERICAN : BRITISH;
}

static bool is_land(const struct sk_spot *s)
{
	return s->kind == SK_LAND || s->kind == SK_CITY;
}

/* The carrier's dot is large and in the colour of the side whose troop
 * carrier starts there (seed NAVAL TROOP CARRIERS). */
static uint32_t carrier_colour(const struct sk_data *d, int s)
{
	for (int i = 0; i < d->npieces; i++)
		if (d->pieces[i].spot == s && d->pieces[i].kind == SK_TROOP_CARRIER)
			return d->pieces[i].side == SK_AMERICAN ? BLUE_DOT : RED_DOT;
	return INK;
}

/* How far a spot's mark reaches from its centre. */
static double mark_radius(const struct sk_spot *s)
{
	if (s->star == SK_LARGE_STAR)
		return 18;
	if (s->star == SK_SMALL_STAR)
		return 13;
	return s->kind == SK_CARRIER ? 17 : s->kind == SK_CITY ? 10 : s->kind == SK_HARBOUR ? 9 : 8;
}

static struct wj_board_box spot_box(const struct sk_spot *s)
{
	double r = mark_radius(s);
	return (struct wj_board_box){ s->x - r, s->y - r, s->x + r, s->y + r };
}

/* ---- the land and the sea ---- */

/* A cell is sea when the spot nearest to it is of the sea. */
static bool sea_cell(const struct sk_data *d, int cx, int cy)
{
	double x = cx * CELL + CELL / 2.0, y = cy * CELL + CELL / 2.0, best = 1e18;
	bool sea = false;
	for (int s = 0; s < d->nspots; s++) {
		double dx = d->spots[s].x - x, dy = d->spots[s].y - y, d2 = dx * dx + dy * dy;
		if (d2 < best) {
			best = d2;
			sea = !is_land(&d->spots[s]);
		}
	}
	return sea;
}

static void paint_cell(uint32_t *px, int cx, int cy, uint32_t c)
{
	for (int y = cy * CELL; y < (cy + 1) * CELL; y++)
		for (int x = cx * CELL; x < (cx + 1) * CELL; x++)
			px[y * W + x] = c;
}

/* The land, the sea, and the coast between them. */
static int paint_sea(const struct sk_data *d, uint32_t *px)
{
	enum { CW = W / CELL, CH = H / CELL };
	unsigned char *sea = malloc(CW * CH);
	if (!sea)
		return -1;
	for (int cy = 0; cy < CH; cy++)
		for (int cx = 0; cx < CW; cx++)
			sea[cy * CW + cx] = sea_cell(d, cx, cy);
	for (int cy = 0; cy < CH; cy++) {
		for (int cx = 0; cx < CW; cx++) {
			bool s = sea[cy * CW + cx], coast = false;
			for (int k = -1; k <= 1 && !s; k += 2) {
				coast |= cx + k >= 0 && cx + k < CW && sea[cy * CW + cx + k];
				coast |= cy + k >= 0 && cy + k < CH && sea[(cy + k) * CW + cx];
			}
			paint_cell(px, cx, cy, s ? SEA : coast ? COAST : LAND);
		}
	}
	free(sea);
	return 0;
}

/* ---- the lines and the spots ---- */

/* Black land lines, solid red coastal lines (II.6.B), dashed sea lines. */
static void line_style(cairo_t *cr, enum sk_line_kind k)
{
	static const double dash[] = { 7, 5 };
	wj_draw_rgb(cr, k == SK_LAND_LINE ? INK : k == SK_COASTAL_LINE ? RED_DOT : SEA_LINE);
	cairo_set_line_width(cr, k == SK_COASTAL_LINE ? 3.5 : k == SK_LAND_LINE ? 2 : 1.8);
	cairo_set_dash(cr, dash, k == SK_SEA_LINE ? 2 : 0, 0);
}

static void lines(cairo_t *cr, const struct sk_data *d)
{
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (int i = 0; i < d->nlines; i++) {
		const struct sk_spot *a = &d->spots[d->lines[i].a], *b = &d->spots[d->lines[i].b];
		line_style(cr, d->lines[i].kind);
		cairo_move_to(cr, a->x, a->y);
		cairo_line_to(cr, b->x, b->y);
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);
}

static void dot(cairo_t *cr, double x, double y, double r, uint32_t fill, uint32_t rim)
{
	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	wj_draw_rgb(cr, fill);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, rim);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
}

/* The blue stars where the American set-up stands (seed SET UP): a
 * small star, or a large star in its circle. */
static void star(cairo_t *cr, double x, double y, enum sk_star kind)
{
	if (kind == SK_LARGE_STAR)
		dot(cr, x, y, 17, WHITE, STAR);
	wj_draw_star_path(cr, x, y, 5, kind == SK_LARGE_STAR ? 16 : 12,
			  kind == SK_LARGE_STAR ? 7 : 5);
	wj_draw_rgb(cr, STAR);
	cairo_fill(cr);
}

/* A spot's mark at (x, y); carrier: the colour of a carrier's dot. */
static void mark(cairo_t *cr, const struct sk_spot *sp, double x, double y, uint32_t carrier)
{
	if (sp->star)
		star(cr, x, y, sp->star);
	switch (sp->kind) {
	case SK_LAND:
		dot(cr, x, y, sp->star ? 4.5 : 6.5, INK, WHITE);
		break;
	case SK_CITY: /* a coastal city: a land spot with a red rim, its harbour near */
		dot(cr, x, y, 8.5, INK, RED_DOT);
		break;
	case SK_SEA:
		dot(cr, x, y, 6.5, BLUE_DOT, WHITE);
		break;
	case SK_HARBOUR:
		dot(cr, x, y, 8, RED_DOT, WHITE);
		break;
	case SK_CARRIER:
		dot(cr, x, y, 16, carrier, WHITE);
		break;
	}
}

static void spot_marks(cairo_t *cr, const struct sk_data *d)
{
	for (int s = 0; s < d->nspots; s++)
		mark(cr, &d->spots[s], d->spots[s].x, d->spots[s].y, carrier_colour(d, s));
}

/* ---- the last move ---- */

/* An arrowhead at the middle of the step from a to b, pointing to b. */
static void arrowhead(cairo_t *cr, const struct sk_spot *a, const struct sk_spot *b)
{
	double dx = b->x - a->x, dy = b->y - a->y, l = wj_draw_length(dx, dy);
	if (l < 1)
		return;
	cairo_matrix_t m;
	cairo_matrix_init(&m, dx / l, dy / l, -dy / l, dx / l, (a->x + b->x) / 2.0,
			  (a->y + b->y) / 2.0);
	cairo_save(cr);
	cairo_transform(cr, &m);
	cairo_move_to(cr, 11, 0);
	cairo_line_to(cr, -9, -10);
	cairo_line_to(cr, -9, 10);
	cairo_close_path(cr);
	cairo_restore(cr);
	cairo_fill(cr);
}

/* The path from its first spot to its last: a ring where it starts, an
 * arrowhead along each step, a thick ring where it ends. */
static void path(cairo_t *cr, const struct sk_data *d, const int *steps, int n)
{
	if (n < 1)
		return;
	const struct sk_spot *a = &d->spots[steps[0]], *z = &d->spots[steps[n - 1]];
	wj_draw_rgb(cr, PATH);
	cairo_set_line_width(cr, 7);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_move_to(cr, a->x, a->y);
	for (int k = 1; k < n; k++)
		cairo_line_to(cr, d->spots[steps[k]].x, d->spots[steps[k]].y);
	cairo_stroke(cr);
	for (int k = 1; k < n; k++)
		arrowhead(cr, &d->spots[steps[k - 1]], &d->spots[steps[k]]);
	cairo_set_line_width(cr, 4);
	cairo_new_path(cr);
	cairo_arc(cr, a->x, a->y, 20, 0, 2 * M_PI);
	cairo_stroke(cr);
	cairo_set_line_width(cr, 6);
	cairo_new_path(cr);
	cairo_arc(cr, z->x, z->y, 23, 0, 2 * M_PI);
	cairo_stroke(cr);
}

/* ---- the pieces ---- */

/* Where piece i is drawn: pieces on one spot (warships in a harbour, a
 * militia under an army) side by side, in the order given. */
static void piece_centre(const struct sk_data *d, const struct sk_piece *pieces, int n, int i,
			 double *x, double *y)
{
	int k = 0, m = 0;
	for (int j = 0; j < n; j++) {
		if (pieces[j].spot != pieces[i].spot)
			continue;
		k += j < i;
		m++;
	}
	*x = d->spots[pieces[i].spot].x + (k - (m - 1) / 2.0) * PIECE_GAP;
	*y = d->spots[pieces[i].spot].y;
}

static bool is_ship(enum sk_piece_kind k)
{
	return k == SK_WARSHIP || k == SK_TROOP_CARRIER;
}

/* A piece's outline around its centre. */
static struct wj_board_box piece_box(enum sk_piece_kind k, double x, double y)
{
	if (k == SK_WARSHIP)
		return (struct wj_board_box){ x - 16, y - 16, x + 16, y + 11 };
	if (k == SK_TROOP_CARRIER)
		return (struct wj_board_box){ x - 20, y - 18, x + 20, y + 12 };
	double r = k == SK_BASIC_UNIT ? 12 : 15;
	return (struct wj_board_box){ x - r, y - r, x + r, y + r };
}

void sk_board_piece_xy(const struct sk_data *d, const struct sk_piece *pieces, int n, int i,
		       int *x, int *y)
{
	double cx, cy;
	piece_centre(d, pieces, n, i, &cx, &cy);
	*x = (int)cx;
	*y = (int)cy + (is_ship(pieces[i].kind) ? 6 : -9); /* the hull, or above the number */
}

static void count(cairo_t *cr, double x, double baseline, int units)
{
	char s[16];
	snprintf(s, sizeof s, "%d", units);
	wj_draw_font(cr, 13, true);
	wj_draw_rgb(cr, WHITE);
	cairo_move_to(cr, x - wj_draw_text_width(cr, s) / 2, baseline);
	cairo_show_text(cr, s);
}

static void outline(cairo_t *cr, uint32_t fill, uint32_t rim, double width)
{
	wj_draw_rgb(cr, fill);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, rim);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

/* A militia (basic unit) is a disc; an army, led by its top army unit, a
 * square; the Continental Army a square in a gold rim. */
static void land_piece(cairo_t *cr, const struct sk_piece *p, double x, double y)
{
	uint32_t c = sk_board_side_colour(p->side);
	cairo_new_path(cr);
	if (p->kind == SK_BASIC_UNIT)
		cairo_arc(cr, x, y, 11, 0, 2 * M_PI);
	else
		cairo_rectangle(cr, x - 13.5, y - 13.5, 27, 27);
	outline(cr, c, p->kind == SK_CONTINENTAL_ARMY ? CONTINENTAL : WHITE,
		p->kind == SK_CONTINENTAL_ARMY ? 4 : 1.5);
	count(cr, x, y + 5, p->units);
}

static void hull(cairo_t *cr, double x, double y, double top, double bottom, double h)
{
	cairo_new_path(cr);
	cairo_move_to(cr, x - top, y + 1);
	cairo_line_to(cr, x + top, y + 1);
	cairo_line_to(cr, x + bottom, y + 1 + h);
	cairo_line_to(cr, x - bottom, y + 1 + h);
	cairo_close_path(cr);
}

/* A warship: a hull, a mast and a sail. A troop carrier: a wider hull and
 * a square sail with the units it carries. */
static void ship(cairo_t *cr, const struct sk_piece *p, double x, double y)
{
	uint32_t c = sk_board_side_colour(p->side);
	bool carrier = p->kind == SK_TROOP_CARRIER;
	hull(cr, x, y, carrier ? 19 : 15, carrier ? 13 : 10, carrier ? 10 : 9);
	outline(cr, c, WHITE, 1.5);
	cairo_new_path(cr);
	if (carrier) {
		cairo_rectangle(cr, x - 10, y - 17, 20, 17);
	} else {
		cairo_move_to(cr, x - 1, y - 15);
		cairo_line_to(cr, x - 1, y);
		cairo_line_to(cr, x - 12, y);
		cairo_close_path(cr);
		cairo_move_to(cr, x + 1, y - 11);
		cairo_line_to(cr, x + 1, y);
		cairo_line_to(cr, x + 10, y);
		cairo_close_path(cr);
	}
	outline(cr, c, WHITE, 1.5);
	if (carrier)
		count(cr, x, y - 3.5, p->units);
}

static void piece(cairo_t *cr, const struct sk_piece *p, double x, double y)
{
	if (is_ship(p->kind))
		ship(cr, p, x, y);
	else
		land_piece(cr, p, x, y);
}

static void pieces_drawn(cairo_t *cr, const struct sk_data *d, const struct sk_piece *pieces,
			 int n)
{
	for (int i = 0; i < n; i++) {
		double x, y;
		piece_centre(d, pieces, n, i, &x, &y);
		piece(cr, &pieces[i], x, y);
	}
}

/* ---- the spots' names ---- */

/* Each name goes where its box (the text and its halo) meets no other
 * name, no spot's mark, not the legend and not the picture's edge: the
 * first of board_draw.h's places around its spot that is free, the widest
 * names first (they have the fewest places), so the same board gives the
 * same places. A name keeps clear of the pieces where it can, but rather
 * covers a piece than a name or a spot; one that finds no free place
 * takes the one it overlaps least. */
#define PIECE_WEIGHT 1e-3
/* A name that comes nearer another spot than NAME_MARGIN px more than its
 * own is read as the other's (issue 22): as bad as meeting a name, per px. */
#define NAME_MARGIN 2
#define MISREAD_WEIGHT 1000

struct names {
	struct wj_board_box box[SK_MAX_SPOTS];
	double x[SK_MAX_SPOTS], y[SK_MAX_SPOTS]; /* the first line's centre and baseline */
	int split[SK_MAX_SPOTS];
	struct wj_board_box piece[SK_MAX_PIECES];
	int npieces;
	struct wj_board_mark mark[SK_MAX_SPOTS]; /* the spots' marks, as names measure */
};

static void name_font(cairo_t *cr, const struct sk_spot *s)
{
	wj_draw_font(cr, NAME_SIZE, is_land(s));
}

static double crowding(const struct sk_data *d, const struct names *n, int s,
		       const struct wj_board_box *b, const int *placed, int nplaced)
{
	double sum = wj_box_overlap(b, &LEGEND) +
		MISREAD_WEIGHT * wj_name_misread(b, n->mark, d->nspots, s, NAME_MARGIN);
	for (int k = 0; k < n->npieces; k++)
		sum += PIECE_WEIGHT * wj_box_overlap(b, &n->piece[k]);
	for (int s = 0; s < d->nspots; s++) {
		struct wj_board_box m = spot_box(&d->spots[s]);
		sum += wj_box_overlap(b, &m);
	}
	for (int k = 0; k < nplaced; k++)
		sum += wj_box_overlap(b, &n->box[placed[k]]);
	if (b->x0 < 0 || b->y0 < 0 || b->x1 > W || b->y1 > H)
		sum += 1e6;
	return sum;
}

/* The spots, the widest names first (the data's order among equals). */
static void name_order(const struct sk_data *d, const struct names *n, int *order)
{
	for (int s = 0; s < d->nspots; s++) {
		double w = n->box[s].x1 - n->box[s].x0;
		int k = s;
		for (; k > 0 && n->box[order[k - 1]].x1 - n->box[order[k - 1]].x0 < w; k--)
			order[k] = order[k - 1];
		order[k] = s;
	}
}

static void place_name(const struct sk_data *d, struct names *n, int s, const int *placed,
		       int nplaced)
{
	double w = n->box[s].x1 - n->box[s].x0, h = n->box[s].y1 - n->box[s].y0, least = -1;
	for (int k = 0; k < wj_name_nplaces && least != 0; k++) {
		struct wj_board_box b = wj_name_box(d->spots[s].x, d->spots[s].y,
						    &wj_name_places[k], w, h);
		double c = crowding(d, n, s, &b, placed, nplaced);
		if (least < 0 || c < least) {
			least = c;
			n->box[s] = b;
		}
	}
}

static void place_names(cairo_t *cr, const struct sk_data *d, const struct sk_piece *pieces,
			int np, struct names *n)
{
	struct wj_board_box ink[SK_MAX_SPOTS];
	int order[SK_MAX_SPOTS];
	n->npieces = np;
	for (int i = 0; i < np; i++) {
		double x, y;
		piece_centre(d, pieces, np, i, &x, &y);
		n->piece[i] = piece_box(pieces[i].kind, x, y);
	}
	for (int s = 0; s < d->nspots; s++) {
		n->mark[s] = (struct wj_board_mark){ d->spots[s].x, d->spots[s].y,
						     mark_radius(&d->spots[s]) };
		name_font(cr, &d->spots[s]);
		n->split[s] = wj_name_split(cr, d->spots[s].name);
		ink[s] = wj_name_ink(cr, d->spots[s].name, n->split[s]);
		n->box[s] = (struct wj_board_box){ 0, 0, ink[s].x1 - ink[s].x0 + 2 * WJ_NAME_HALO,
						   ink[s].y1 - ink[s].y0 + 2 * WJ_NAME_HALO };
	}
	name_order(d, n, order);
	for (int i = 0; i < d->nspots; i++) {
		int s = order[i];
		place_name(d, n, s, order, i);
		n->x[s] = n->box[s].x0 + WJ_NAME_HALO - ink[s].x0;
		n->y[s] = n->box[s].y0 + WJ_NAME_HALO - ink[s].y0;
	}
}

static void names(cairo_t *cr, const struct sk_data *d, const struct names *n)
{
	char line[SK_NAME_MAX];
	for (int s = 0; s < d->nspots; s++) {
		name_font(cr, &d->spots[s]);
		for (int i = 0; i < (n->split[s] ? 2 : 1); i++) {
			wj_name_line(d->spots[s].name, n->split[s], i, line, sizeof line);
			wj_draw_label(cr, n->x[s], n->y[s] + i * WJ_NAME_LINE_H, line, 1,
				      is_land(&d->spots[s]) ? INK : SEA_INK, WHITE);
		}
	}
}

/* ---- the legend ---- */

#define ROW 32

static void legend_text(cairo_t *cr, double x, double y, const char *s)
{
	wj_draw_font(cr, 12, false);
	wj_draw_rgb(cr, INK);
	cairo_move_to(cr, x, y + 4.5);
	cairo_show_text(cr, s);
}

static void legend_line(cairo_t *cr, double x, double y, enum sk_line_kind k, bool last_move)
{
	line_style(cr, k);
	if (last_move) {
		wj_draw_rgb(cr, PATH);
		cairo_set_line_width(cr, 7);
	}
	cairo_move_to(cr, x - 14, y);
	cairo_line_to(cr, x + 14, y);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* The spots' marks, each with its words; the carriers' large dots are
 * named as the data names them. */
static void legend_spots(cairo_t *cr, const struct sk_data *d, double x, double y)
{
	static const struct { struct sk_spot spot; const char *words; } MARK[] = {
		{ { .kind = SK_LAND }, "land spot" }, { { .kind = SK_CITY }, "coastal city" },
		{ { .kind = SK_LAND, .star = SK_SMALL_STAR }, "small blue star" },
		{ { .kind = SK_LAND, .star = SK_LARGE_STAR }, "large blue star" },
		{ { .kind = SK_SEA }, "blue dot of the ocean" },
		{ { .kind = SK_HARBOUR }, "harbour's Red Dot" },
	};
	for (size_t k = 0; k < sizeof MARK / sizeof *MARK; k++) {
		double sx = x + (double)(k % 2) * 220, sy = y + (double)(k / 2) * ROW;
		mark(cr, &MARK[k].spot, sx, sy, INK);
		legend_text(cr, sx + 24, sy, MARK[k].words);
	}
	for (int s = 0, k = 0; s < d->nspots && k < 2; s++) {
		if (d->spots[s].kind != SK_CARRIER)
			continue;
		double sx = x + k++ * 220, sy = y + 3 * ROW;
		mark(cr, &d->spots[s], sx, sy, carrier_colour(d, s));
		legend_text(cr, sx + 24, sy, d->spots[s].name);
	}
}

static void legend_lines(cairo_t *cr, double x, double y)
{
	static const char *const WORDS[] = { "land line", "coastal line", "sea line", "the last move" };
	for (int k = 0; k < 4; k++) {
		double sx = x + (k % 2) * 220, sy = y + (k / 2) * ROW;
		legend_line(cr, sx, sy, (enum sk_line_kind)(k < 3 ? k : SK_LAND_LINE), k == 3);
		legend_text(cr, sx + 24, sy, WORDS[k]);
	}
}

/* The pieces in the first side's colour, then each side's colour. */
static void legend_pieces(cairo_t *cr, const struct sk_data *d, double x, double y)
{
	static const struct { struct sk_piece piece; const char *words; } PIECE[] = {
		{ { SK_BRITISH, SK_BASIC_UNIT, 0, 1, 0 }, "militia (basic unit)" },
		{ { SK_BRITISH, SK_ARMY, 0, 5, 0 }, "army and its units" },
		{ { SK_AMERICAN, SK_CONTINENTAL_ARMY, 0, 3, 0 }, "the Continental Army" },
		{ { SK_BRITISH, SK_WARSHIP, 0, 0, 0 }, "warship" },
		{ { SK_AMERICAN, SK_TROOP_CARRIER, 0, 4, 0 }, "troop carrier, its units" },
	};
	char side[2 * SK_NAME_MAX + 8];
	for (size_t k = 0; k < sizeof PIECE / sizeof *PIECE; k++) {
		double sx = x + (double)(k % 2) * 220, sy = y + (double)(k / 2) * (ROW + 6);
		piece(cr, &PIECE[k].piece, sx, sy);
		legend_text(cr, sx + 24, sy, PIECE[k].words);
	}
	for (int k = SK_AMERICAN; k <= SK_BRITISH; k++) {
		double sx = x + (k - SK_AMERICAN) * 220, sy = y + 3 * (ROW + 6);
		cairo_rectangle(cr, sx - 9, sy - 9, 18, 18);
		wj_draw_rgb(cr, sk_board_side_colour((enum sk_side)k));
		cairo_fill(cr);
		snprintf(side, sizeof side, "%s (%s)", d->side_name[k], d->side_colour[k]);
		legend_text(cr, sx + 24, sy, side);
	}
}

static void legend(cairo_t *cr, const struct sk_data *d)
{
	const struct wj_board_box *b = &LEGEND;
	cairo_rectangle(cr, b->x0, b->y0, b->x1 - b->x0, b->y1 - b->y0);
	outline(cr, PANEL, INK, 1);
	wj_draw_font(cr, 22, true);
	wj_draw_rgb(cr, INK);
	cairo_move_to(cr, b->x0 + 16, b->y0 + 34);
	cairo_show_text(cr, d->game);
	legend_spots(cr, d, b->x0 + 30, b->y0 + 62);
	legend_lines(cr, b->x0 + 30, b->y0 + 62 + 4 * ROW);
	legend_pieces(cr, d, b->x0 + 30, b->y0 + 70 + 6 * ROW);
}

/* ---- the picture ---- */

/* Everything over the map, drawn as if the map had been drawn before it
 * with cr: round caps from the lines. */
static void draw(cairo_t *cr, const struct sk_data *d, const struct sk_piece *pieces, int n,
		 const int *steps, int nsteps)
{
	struct names nm;
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	path(cr, d, steps, nsteps);
	spot_marks(cr, d);
	pieces_drawn(cr, d, pieces, n);
	place_names(cr, d, pieces, n, &nm);
	names(cr, d, &nm);
	legend(cr, d);
}

/* The map (wj_draw_map): the land, the sea and the lines. It has no
 * marks, but an entry has a head. */
static int draw_map(cairo_surface_t *img, void *head, const void *arg)
{
	const struct sk_data *d = arg;
	(void)head;
	if (paint_sea(d, (uint32_t *)(void *)cairo_image_surface_get_data(img)))
		return -1;
	cairo_surface_mark_dirty(img);
	cairo_t *cr = cairo_create(img);
	lines(cr, d);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	return rc;
}

/* The map under the pieces into img: from the cache (cache.h) when this
 * build has drawn it for these spots and lines before. */
static int map(const struct sk_data *d, cairo_surface_t *img)
{
	struct wj_cache_key k;
	char head[8];
	wj_cache_key_start(&k, "map", (const void *)sk_board_png);
	wj_cache_key_add(&k, &d->nspots, sizeof d->nspots);
	wj_cache_key_add(&k, d->spots, sizeof *d->spots * (size_t)d->nspots);
	wj_cache_key_add(&k, &d->nlines, sizeof d->nlines);
	wj_cache_key_add(&k, d->lines, sizeof *d->lines * (size_t)d->nlines);
	return wj_draw_map(img, &k, "map", head, sizeof head, draw_map, d);
}

/* The board drawn into a picture the caller destroys; NULL, with the
 * problem in why, if it cannot be. */
static cairo_surface_t *board(const struct sk_data *d, const struct sk_piece *pieces, int n,
			      const int *steps, int nsteps, char *why, size_t whylen)
{
	if (sk_board_check(d, pieces, n, steps, nsteps, why, whylen))
		return NULL;
	cairo_surface_t *img = wj_draw_picture(W, H, why, whylen);
	if (!img)
		return NULL;
	if (map(d, img)) {
		wj_why(why, whylen, "out of memory for the map of a %dx%d picture", W, H);
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_t *cr = cairo_create(img);
	draw(cr, d, pieces, n, steps, nsteps);
	return wj_draw_done(img, cr, why, whylen);
}

uint32_t *sk_board_pixels(const struct sk_data *d, const struct sk_piece *pieces, int n,
			  const int *steps, int nsteps, char *why, size_t whylen)
{
	return wj_draw_take_pixels(board(d, pieces, n, steps, nsteps, why, whylen), why, whylen);
}

int sk_board_encode(FILE *out, const uint32_t *px)
{
	return wj_png_palette_write(out, px, W, H, OWN_COLOURS, NOWN);
}

int sk_board_png(FILE *out, const struct sk_data *d, const struct sk_piece *pieces, int n,
		 const int *steps, int nsteps, char *why, size_t whylen)
{
	return wj_draw_write_png(out, board(d, pieces, n, steps, nsteps, why, whylen),
				 sk_board_encode, why, whylen);
}

int sk_board_boxes(const struct sk_data *d, const struct sk_piece *pieces, int n,
		   struct sk_board_boxes *b)
{
	char why[256];
	struct names nm;
	if (sk_board_check(d, pieces, n, NULL, 0, why, sizeof why))
		return -1;
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(img);
	place_names(cr, d, pieces, n, &nm);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	cairo_surface_destroy(img);
	wj_draw_release_fonts();
	for (int s = 0; s < d->nspots; s++) {
		b->name[s] = nm.box[s];
		b->spot[s] = spot_box(&d->spots[s]);
	}
	memcpy(b->piece, nm.piece, sizeof *nm.piece * (size_t)n);
	b->legend = LEGEND;
	return rc;
}

/* game.h's board, which the judge finds by this name (sk_game.c). */
int sk_game_board(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_events *last, char *why, size_t whylen)
{
	struct sk_piece pieces[SK_MAX_PIECES];
	(void)viewer;
	int n = sk_on_board(&view->sk, pieces);
	return sk_board_png(out, &d->sk, pieces, n, last ? last->sk.path : NULL,
			    last ? last->sk.npath : 0, why, whylen);
}
