/* The board as a picture (cairo): colonies as coloured regions around
 * their spaces, the sea found by flooding from the south-east corner,
 * the lines between spaces, the spaces in their shapes, the pieces, and
 * the tracks and boxes in the sea and the Great Lakes corner. Everything
 * comes from the data and one side's view; the same view gives the same
 * bytes (fixed font family, no clock, png_palette.c's deterministic writer). */
#include <math.h>   /* M_PI only: no libm */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cairo.h>
#include "cache.h"
#include "board_draw.h"
#include "png_palette.h"
#include "report.h"
#include "ww_game.h"

#define W WW_BOARD_W
#define H WW_BOARD_H
#define REACH 62          /* a colony's land around each of its spaces, px */
#define INLAND 96         /* beyond this from every space, the sea may flood (find_land) */

/* Colours, 0xRRGGBB. */
enum {
	SEA = 0x9fc3dc, SEA_DEEP = 0x7fa9c9, WILDERNESS = 0xe9dfc3, COAST = 0x4a6a86,
	BORDER = 0x8a7a5a, INK = 0x2b2118, LINK = 0x6b5a45, ARNOLD = 0x7a3e9d,
	SPACE_EMPTY = 0xfffdf4, PORT_RIM = 0x1f4f7a,
	PC_AMERICAN = 0x2456a6, PC_BRITISH = 0xc8282d,
	CU_BRITISH = 0xb01e23, CU_AMERICAN = 0x1c4587, CU_FRENCH = 0xf4f4ff,
	GEN_BRITISH = 0x7d1418, GEN_AMERICAN = 0x172f5c, CONGRESS = 0xe3b11f,
	HIGHLIGHT = 0xff8c00, WINTER_LINE = 0x3b5bb5, PANEL = 0xf8f3e3, ZONE_PANEL = 0xe8f1f8,
};

/* Soft colony colours, neighbours in the data's order differ. */
static const uint32_t TINT[] = {
	0xe6c79c, 0xc7dcae, 0xf1d39a, 0xd5c2de, 0xb5d6c6, 0xefc1b3, 0xdedda4,
	0xc1cfe6, 0xe8cdb9, 0xcfe3a6, 0xeec5d5, 0xc6e0dc, 0xe3c9a4,
};
#define CANADA_TINT 0xd9d4cc

static uint32_t colony_tint(const struct ww_data *d, int colony)
{
	if (colony < 0 || colony >= d->ncolonies)
		return WILDERNESS;
	if (d->colonies[colony].is_canada)
		return CANADA_TINT;
	return TINT[colony % (int)(sizeof TINT / sizeof *TINT)];
}

/* ---- where things go ---- */

struct spot { double x, y; };

static struct spot centre(const struct ww_data *d, int s)
{
	return (struct spot){ d->spaces[s].x, d->spaces[s].y };
}

/* Each side's pieces have their own place in a space, so that both show
 * when both are there (a battle, an interception: issue 12): the British
 * CUs to the left of the space (further left when the Congress is there),
 * the American and the French to its right; the generals' name plates
 * above it, the British ones ending left of its centre, the American
 * ones starting right of it, the first lowest. */
#define CU_SIZE 18
#define PLATE_H 14

static struct spot cu_box(const struct ww_data *d, const struct ww_state *v, int s, int nation)
{
	struct spot c = centre(d, s);
	double x = nation == WW_NAT_BRITISH ? c.x - 15 - CU_SIZE - (v->congress_at == s ? 20 : 0) :
		c.x + 15 + (nation == WW_NAT_FRENCH) * (CU_SIZE + 2);
	return (struct spot){ x, c.y - CU_SIZE / 2.0 };
}

/* The k-th plate of the side's generals: its top, and the x where it
 * starts (American) or ends (British). The first stands on the space's
 * shape and each next on the one before, so that a column of plates
 * touches its stack (issue 22: Clinton's plate at Trenton stood free,
 * nearer Morristown); a column that would lie on another space or its
 * pieces hangs below the space instead (place_columns). */
/* Whether each space's column of plates of each side hangs below it,
 * and how far right of its own place it is (centred on the space when
 * the other side has none there). */
struct columns {
	bool below[WW_MAX_SPACES][3];
	double shift[WW_MAX_SPACES][3];
};

static struct spot plate(const struct ww_data *d, int s, int side, int k,
			 const struct columns *col)
{
	struct spot c = centre(d, s);
	double reach = d->spaces[s].fortified ? 14 : 11;
	bool below = col->below[s][side];
	return (struct spot){ (side == WW_BRITISH ? c.x - 2 : c.x + 2) + col->shift[s][side],
			      below ? c.y + reach + k * PLATE_H : c.y - reach - (k + 1) * PLATE_H };
}

static void place_columns(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			  struct columns *col);

static struct spot congress_spot(const struct ww_data *d, int s)
{
	struct spot c = centre(d, s);
	return (struct spot){ c.x - 25, c.y };
}

void ww_board_spot(const struct ww_data *d, const struct ww_state *view, int space,
		   enum ww_board_piece p, int *x, int *y)
{
	struct spot s = centre(d, space);
	switch (p) {
	case WW_PIECE_SPACE:
		break;
	case WW_PIECE_CU_BRITISH:
	case WW_PIECE_CU_AMERICAN:
	case WW_PIECE_CU_FRENCH:
		/* the corner of the nation's square, clear of the count */
		s = cu_box(d, view, space, p - WW_PIECE_CU_BRITISH);
		s.x += 2;
		s.y += 2;
		break;
	case WW_PIECE_GENERAL_BRITISH:
	case WW_PIECE_GENERAL_AMERICAN: { /* the plate's inner end, clear of the name */
		int side = p == WW_PIECE_GENERAL_BRITISH ? WW_BRITISH : WW_AMERICAN;
		struct columns col;
		cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
		cairo_t *cr = cairo_create(img);
		place_columns(cr, d, view, &col);
		cairo_destroy(cr);
		cairo_surface_destroy(img);
		ww_draw_release_fonts();
		s = plate(d, space, side, 0, &col);
		s.x += p == WW_PIECE_GENERAL_BRITISH ? -2 : 2;
		s.y += PLATE_H / 2.0;
		break;
	}
	case WW_PIECE_CONGRESS:
		s = congress_spot(d, space);
		break;
	}
	*x = (int)s.x;
	*y = (int)s.y;
}

uint32_t ww_board_colour(const struct ww_data *d, const struct ww_state *view,
			 int space, enum ww_board_piece p)
{
	switch (p) {
	case WW_PIECE_SPACE:
		return view->space[space].pc == WW_AMERICAN ? PC_AMERICAN :
			view->space[space].pc == WW_BRITISH ? PC_BRITISH : SPACE_EMPTY;
	case WW_PIECE_CU_BRITISH: return CU_BRITISH;
	case WW_PIECE_CU_AMERICAN: return CU_AMERICAN;
	case WW_PIECE_CU_FRENCH: return CU_FRENCH;
	case WW_PIECE_GENERAL_BRITISH:
	case WW_PIECE_GENERAL_AMERICAN: {
		int side = p == WW_PIECE_GENERAL_BRITISH ? WW_BRITISH : WW_AMERICAN;
		for (int g = 0; g < d->ngenerals; g++)
			if (view->general_at[g] == space && (int)d->generals[g].side == side)
				return side == WW_BRITISH ? GEN_BRITISH : GEN_AMERICAN;
		return 0;
	}
	case WW_PIECE_CONGRESS: return CONGRESS;
	}
	return 0;
}


/* ---- the land: colony regions, wilderness and sea ---- */

/* The land is one byte a pixel: the number of the nearest space within
 * REACH, whose colony it belongs to, or one of these marks. Far and
 * inland pixels not reached by the sea are the wilderness. It is kept in
 * the top byte of the picture's own pixels, which CAIRO_FORMAT_RGB24
 * leaves unused, until the land is painted: 1.6 MB less at the peak. */
enum {
	LAND_FAR = 255,    /* no space within INLAND */
	LAND_INLAND = 254, /* a space within INLAND, none within REACH */
	LAND_SEA = 253,
};
_Static_assert(WW_MAX_SPACES <= LAND_SEA, "a space's number is below the land's marks");

/* Where a zone's name goes (12.3): in the sea off its ports, or over
 * the river through them. */
struct zone_spot {
	bool shown, river;
	double x, y;
};

/* What the drawing needs of the land once it is painted. */
struct land_marks {
	int line_x, line_y; /* the Winter Attrition Line's west end on land; -1 if none */
	struct zone_spot zone[WW_MAX_ZONES];
};

struct land {
	uint32_t *px;       /* the picture's W * H pixels, the land in bits 24-31 */
	struct land_marks m;
};

static unsigned land_at(const struct land *l, int i)
{
	return l->px[i] >> 24;
}

static void set_land(struct land *l, int i, unsigned v)
{
	l->px[i] = (uint32_t)v << 24 | (l->px[i] & 0xffffffu);
}

static bool is_sea(const struct land *l, int i)
{
	return land_at(l, i) == LAND_SEA;
}

/* The space whose land pixel i is, -1 if none. */
static int owner(const struct land *l, int i)
{
	unsigned v = land_at(l, i);
	return v < LAND_SEA ? (int)v : -1;
}

/* Each pixel's nearest space within INLAND (the first in the data's
 * order among equals): its owner if that is within REACH, else
 * LAND_INLAND; LAND_FAR if none. Row by row, with one row of squared
 * distances; each space visits only the rows of its disc, each row only
 * the span inside it. */
static void nearest_spaces(const struct ww_data *d, struct land *l)
{
	int span[2 * INLAND + 1]; /* the disc's half-width on each row */
	int32_t best[W];
	for (int dy = -INLAND; dy <= INLAND; dy++) {
		int room = INLAND * INLAND - dy * dy, dx = 0;
		while ((dx + 1) * (dx + 1) <= room)
			dx++;
		span[dy + INLAND] = dx;
	}
	uint8_t row[W];
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			row[x] = LAND_FAR;
			best[x] = INT32_MAX;
		}
		for (int s = 0; s < d->nspaces; s++) {
			int cx = d->spaces[s].x, dy = y - d->spaces[s].y;
			if (dy < -INLAND || dy > INLAND)
				continue;
			int dx = span[dy + INLAND];
			int x0 = cx - dx < 0 ? 0 : cx - dx, x1 = cx + dx >= W ? W - 1 : cx + dx;
			for (int x = x0; x <= x1; x++) {
				int32_t d2 = (x - cx) * (x - cx) + dy * dy;
				if (d2 < best[x]) {
					best[x] = d2;
					row[x] = (uint8_t)s;
				}
			}
		}
		for (int x = 0; x < W; x++)
			set_land(l, y * W + x, row[x] != LAND_FAR && best[x] > REACH * REACH ?
				 LAND_INLAND : row[x]);
	}
}

/* The pixels the flood has reached and not yet spread from, first in
 * first out: a ring that grows as the coast does, not the whole picture.
 * Its size is a power of two, so that wrapping round is a mask. */
struct queue {
	int *v;
	size_t cap, head, n;
};

static int push(struct queue *q, int p)
{
	if (q->n == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 4096;
		int *v = malloc(cap * sizeof *v);
		if (!v)
			return -1;
		for (size_t k = 0; k < q->n; k++)
			v[k] = q->v[(q->head + k) & (q->cap - 1)];
		free(q->v);
		*q = (struct queue){ v, cap, 0, q->n };
	}
	q->v[(q->head + q->n++) & (q->cap - 1)] = p;
	return 0;
}

static int pop(struct queue *q)
{
	int p = q->v[q->head];
	q->head = (q->head + 1) & (q->cap - 1);
	q->n--;
	return p;
}

/* Pixel p's four neighbours, -1 off the picture. */
static void neighbours(int p, int next[4])
{
	int x = p % W, y = p / W;
	next[0] = x > 0 ? p - 1 : -1;
	next[1] = x < W - 1 ? p + 1 : -1;
	next[2] = y > 0 ? p - W : -1;
	next[3] = y < H - 1 ? p + W : -1;
}

/* Whether the sea may flood pixel i: land of no space, and, unless
 * `inland`, far from every space. */
static bool floods(const struct land *l, int i, bool inland)
{
	unsigned v = land_at(l, i);
	return v == LAND_FAR || (inland && v == LAND_INLAND);
}

/* Breadth-first from the sea, through pixels it `floods`, for at most
 * `depth` steps (-1: no limit). The first level is the sea's pixels, in
 * order, that have a neighbour to flood: the others could add nothing. */
static int spread(struct land *l, bool inland, int depth)
{
	struct queue q = { 0 };
	int next[4], rc = 0;
	for (int i = 0; i < W * H && !rc; i++) {
		if (!is_sea(l, i))
			continue;
		neighbours(i, next);
		for (int k = 0; k < 4; k++)
			if (next[k] >= 0 && floods(l, next[k], inland)) {
				rc = push(&q, i);
				break;
			}
	}
	for (int level = 0; q.n && level != depth && !rc; level++) {
		for (size_t end = q.n; end > 0 && !rc; end--) {
			neighbours(pop(&q), next);
			for (int k = 0; k < 4 && !rc; k++) {
				if (next[k] < 0 || !floods(l, next[k], inland))
					continue;
				set_land(l, next[k], LAND_SEA);
				rc = push(&q, next[k]);
			}
		}
	}
	free(q.v);
	return rc;
}

/* The sea joins the south-east corner. It floods only what is far from
 * every space (INLAND), so it cannot run up the gaps between colonies,
 * then comes back to the colonies' edge (REACH). What is left is the
 * wilderness. */
static int find_land(const struct ww_data *d, struct land *l)
{
	nearest_spaces(d, l);
	set_land(l, W * H - 1, LAND_SEA);
	if (spread(l, false, -1) || spread(l, true, INLAND - REACH + 8))
		return -1;
	return 0;
}

static uint32_t mix(uint32_t a, uint32_t b, int num, int den)
{
	uint32_t out = 0;
	for (int sh = 0; sh <= 16; sh += 8) {
		int ca = (a >> sh) & 255, cb = (b >> sh) & 255;
		out |= (uint32_t)((ca * (den - num) + cb * num) / den) << sh;
	}
	return out;
}

/* What paint_land needs of each space, in small tables rather than the
 * data's large records: its tint, colony and side of the line. */
struct land_key {
	uint32_t tint[WW_MAX_SPACES];
	int colony[WW_MAX_SPACES];
	bool south[WW_MAX_SPACES];
};

static void land_key(const struct ww_data *d, struct land_key *k)
{
	for (int s = 0; s < d->nspaces; s++) {
		k->colony[s] = d->spaces[s].colony;
		k->tint[s] = colony_tint(d, d->spaces[s].colony);
		k->south[s] = d->spaces[s].south_of_line;
	}
}

/* Pixel i (of some space) is on the line if a pixel within two to its
 * right or below is on the other side of it. */
static bool winter_border(const struct land_key *k, const struct land *l, int i)
{
	bool here = k->south[owner(l, i)];
	int near[] = { i + 1, i + 2, i + W, i + 2 * W, i + W + 1 };
	for (size_t n = 0; n < sizeof near / sizeof *near; n++) {
		int o = owner(l, near[n]);
		if (o >= 0 && k->south[o] != here)
			return true;
	}
	return false;
}

/* deeper further out: a band along the coast */
static uint32_t sea_colour(const struct land *l, int x, int y, int i)
{
	for (int k = 1; k <= 12; k += 4)
		if ((x >= k && !is_sea(l, i - k)) || (y >= k && !is_sea(l, i - k * W)) ||
		    (x + k < W && !is_sea(l, i + k)) || (y + k < H && !is_sea(l, i + k * W)))
			return SEA;
	return SEA_DEEP;
}

/* Paints the land and the sea, and finds where the line's label goes. */
static void paint_land(const struct ww_data *d, struct land *l)
{
	struct land_key k;
	land_key(d, &k);
	for (int y = 0; y < H; y++) {
		uint32_t *row = l->px + y * W;
		for (int x = 0; x < W; x++) {
			int i = y * W + x, o = owner(l, i);
			bool sea = is_sea(l, i);
			uint32_t c = sea ? sea_colour(l, x, y, i) : o >= 0 ? k.tint[o] : WILDERNESS;
			/* borders: the coast, the Winter Attrition Line (2.1.B),
			 * and between colonies */
			if (x + 2 < W && y + 2 < H) {
				int r = i + 1, b = i + W;
				bool line = o >= 0 && winter_border(&k, l, i);
				if (line && !sea && (l->m.line_x < 0 || x < l->m.line_x)) {
					l->m.line_x = x; /* the westernmost, the highest of those */
					l->m.line_y = y;
				}
				if (sea != is_sea(l, r) || sea != is_sea(l, b))
					c = COAST;
				else if (line && (x + y) % 18 < 12)
					c = WINTER_LINE;
				else if (!sea && o >= 0) {
					int orr = owner(l, r), ob = owner(l, b);
					if ((orr >= 0 && k.colony[orr] != k.colony[o]) ||
					    (ob >= 0 && k.colony[ob] != k.colony[o]))
						c = mix(c, BORDER, 3, 4);
				}
			}
			row[x] = (row[x] & 0xff000000u) | c; /* the land stays for what follows */
		}
	}
}

/* The land's bytes back to what cairo expects of RGB24 pixels. */
static void forget_land(struct land *l)
{
	for (int i = 0; i < W * H; i++)
		l->px[i] |= 0xff000000u;
}

/* ---- text ---- */

static void text(cairo_t *cr, double x, double y, const char *s, uint32_t ink)
{
	cairo_move_to(cr, x, y);
	ww_draw_rgb(cr, ink);
	cairo_show_text(cr, s);
}

/* "Boston MA" is shown as "Boston": the colour says the colony. */
static void short_name(const struct ww_data *d, int s, char *out, size_t len)
{
	const char *name = d->spaces[s].name, *code = d->colonies[d->spaces[s].colony].code;
	size_t n = strlen(name), c = strlen(code);
	if (n > c + 1 && name[n - c - 1] == ' ' && !strcmp(name + n - c, code))
		n -= c + 1;
	snprintf(out, len, "%.*s", (int)n, name);
}

/* ---- the spaces' names ---- */

/* Each name goes where its box (the text and its halo) meets no other
 * name, no space's shape and no panel: the first of these places around
 * its space that is free, tried in the data's order of the spaces, so the
 * same map gives the same places. Below first, where the pieces are not;
 * then beside, then above (where the generals' plates are). A name that
 * finds no free place takes the one it overlaps least (board_draw.h's
 * places). */
#define NAME_SIZE 11

/* The panels drawn over the map (draw). */
static const struct ww_board_box PANELS[] = {
	{ 10, 10, 450, 160 }, { 1000, 604, 1590, 972 },
};

/* A space's shape (space_shape), its rim included. */
static struct ww_board_box shape_box(const struct ww_data *d, int s)
{
	double r = d->spaces[s].fortified ? 18 : 14;
	return (struct ww_board_box){ d->spaces[s].x - r, d->spaces[s].y - r,
				      d->spaces[s].x + r, d->spaces[s].y + r };
}

/* How much box b of space s's name meets what it must not: the shapes,
 * the names placed before it, the panels, the picture's edge. */
/* Meeting a piece counts for little: a name keeps clear of the pieces
 * where it can, but rather covers a piece than a name or a space. */
#define PIECE_WEIGHT 1e-6
/* A name that comes nearer another space than NAME_MARGIN px more than
 * its own is read as the other's ("New Brunswick" under New York's
 * square, issue 22): as bad as meeting a name, per px. */
#define NAME_MARGIN 2
#define MISREAD_WEIGHT 1000

/* Each space's mark as the names measure from it: its shape's reach
 * (space_shape's radius, or half the square's side). */
static void space_marks(const struct ww_data *d, struct ww_board_mark *m)
{
	for (int s = 0; s < d->nspaces; s++)
		m[s] = (struct ww_board_mark){ d->spaces[s].x, d->spaces[s].y,
					       d->spaces[s].fortified ? 17 : 12 };
}

static double crowding(const struct ww_data *d, int s, const struct ww_board_box *b,
		       const struct ww_board_mark *marks,
		       const struct ww_board_box *placed, int nplaced,
		       const struct ww_board_box *piece, int npieces)
{
	double sum = MISREAD_WEIGHT * ww_name_misread(b, marks, d->nspaces, s, NAME_MARGIN);
	for (int o = 0; o < npieces; o++)
		sum += PIECE_WEIGHT * ww_box_overlap(b, &piece[o]);
	for (int o = 0; o < d->nspaces; o++) {
		struct ww_board_box sb = shape_box(d, o);
		sum += ww_box_overlap(b, &sb);
	}
	for (int o = 0; o < nplaced; o++)
		sum += ww_box_overlap(b, &placed[o]);
	for (size_t k = 0; k < sizeof PANELS / sizeof *PANELS; k++)
		sum += ww_box_overlap(b, &PANELS[k]);
	if (b->x0 < 0 || b->y0 < 0 || b->x1 > W || b->y1 > H)
		sum += 1e6;
	return sum;
}

/* Every space's name: its box, where its lines' centre and first
 * baseline are (cairo's origin), where its second line starts (0: one
 * line). A name wider than WW_NAME_WIDE goes on two lines, cut at the blank
 * nearest its middle ("Lexington and / Concord"). */
struct names {
	struct ww_board_box box[WW_MAX_SPACES];
	double x[WW_MAX_SPACES], y[WW_MAX_SPACES];
	int split[WW_MAX_SPACES];
	struct ww_board_box piece[WW_BOARD_PIECES]; /* the view's pieces on the map */
	struct ww_board_piece_at at[WW_BOARD_PIECES];  /* each one's space and kind */
	int npieces;
	struct columns col;
};

static void add_piece(struct names *n, int s, enum ww_board_piece kind,
		      double x, double y, double w, double h)
{
	if (n->npieces >= WW_BOARD_PIECES)
		return;
	n->at[n->npieces] = (struct ww_board_piece_at){ s, kind };
	n->piece[n->npieces++] = (struct ww_board_box){ x, y, x + w, y + h };
}

/* The box of the column of `count` plates, the widest w, of the side in
 * space s. */
static struct ww_board_box column_box(const struct ww_data *d, int s, int side,
				      const struct columns *col, double w, int count)
{
	bool below = col->below[s][side];
	struct spot first = plate(d, s, side, 0, col), last = plate(d, s, side, count - 1, col);
	double x0 = side == WW_BRITISH ? first.x - w : first.x;
	return (struct ww_board_box){ x0, below ? first.y : last.y, x0 + w,
				      below ? last.y + PLATE_H : first.y + PLATE_H };
}

/* A space's columns of plates stand above it (the British left, the
 * American right), unless they would lie there on another space, its CUs
 * or the Congress, or on a column placed before them, and less so below.
 * Both go together, so that the space's name has its side free: in the
 * data's order of the spaces, so the same view gives the same places. */
static void place_columns(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			  struct columns *col)
{
	struct ww_board_box placed[2 * WW_MAX_SPACES], cu[WW_MAX_SPACES * (WW_NATIONS + 1)];
	int nplaced = 0, ncu = 0;
	struct ww_board_mark marks[WW_MAX_SPACES];
	space_marks(d, marks);
	memset(col, 0, sizeof *col);
	for (int s = 0; v && s < d->nspaces; s++) {
		for (int nat = 0; nat < WW_NATIONS; nat++) {
			struct spot b = cu_box(d, v, s, nat);
			if (v->space[s].cu[nat])
				cu[ncu++] = (struct ww_board_box){ b.x, b.y, b.x + CU_SIZE, b.y + CU_SIZE };
		}
		struct spot c = congress_spot(d, s);
		if (v->congress_at == s)
			cu[ncu++] = (struct ww_board_box){ c.x - 24, c.y - 21, c.x + 24, c.y + 8 };
	}
	ww_draw_font(cr, 11, true);
	for (int s = 0; v && s < d->nspaces; s++) {
		struct ww_board_box b[4][3];
		double w[3] = { 0 }, cost[4] = { 0 };
		int count[3] = { 0 };
		for (int g = 0; g < d->ngenerals; g++) {
			int side = d->generals[g].side;
			if (v->general_at[g] != s || (side != WW_AMERICAN && side != WW_BRITISH))
				continue;
			double gw = ww_draw_text_width(cr, d->generals[g].name) + 8;
			w[side] = gw > w[side] ? gw : w[side];
			count[side]++;
		}
		/* above, below; then, for one side alone, centred above, below */
		int ways = count[WW_AMERICAN] && count[WW_BRITISH] ? 2 : 4, best = 0;
		for (int way = 0; way < ways; way++) {
			for (int side = WW_AMERICAN; side <= WW_BRITISH; side++) {
				if (!count[side])
					continue;
				col->below[s][side] = way & 1;
				col->shift[s][side] = way < 2 ? 0 :
					side == WW_BRITISH ? w[side] / 2 + 2 : -w[side] / 2 - 2;
				struct ww_board_box *bb = &b[way][side];
				*bb = column_box(d, s, side, col, w[side], count[side]);
				for (int o = 0; o < d->nspaces; o++) {
					struct ww_board_box sb = shape_box(d, o);
					if (o != s)
						cost[way] += 10 * ww_box_overlap(bb, &sb) +
							(ww_box_gap(bb, &marks[o]) <= 0) * 1e4;
				}
				for (int k = 0; k < ncu; k++)
					cost[way] += ww_box_overlap(bb, &cu[k]);
				for (int k = 0; k < nplaced; k++)
					cost[way] += ww_box_overlap(bb, &placed[k]);
				if (bb->y0 < 0 || bb->y1 > H)
					cost[way] += 1e6;
			}
			if (cost[way] < cost[best])
				best = way;
		}
		for (int side = WW_AMERICAN; side <= WW_BRITISH; side++) {
			if (!count[side])
				continue;
			col->below[s][side] = best & 1;
			col->shift[s][side] = best < 2 ? 0 :
				side == WW_BRITISH ? w[side] / 2 + 2 : -w[side] / 2 - 2;
			placed[nplaced++] = b[best][side];
		}
	}
}

/* Where the pieces of the view are drawn (pieces), for the names to keep
 * clear of them; none without a view. */
static void piece_boxes(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			struct names *n)
{
	n->npieces = 0;
	place_columns(cr, d, v, &n->col);
	for (int s = 0; v && s < d->nspaces; s++) {
		for (int nat = 0; nat < WW_NATIONS; nat++) {
			struct spot b = cu_box(d, v, s, nat);
			if (v->space[s].cu[nat])
				add_piece(n, s, WW_PIECE_CU_BRITISH + nat, b.x, b.y, CU_SIZE, CU_SIZE);
		}
		int k[3] = { 0 };
		ww_draw_font(cr, 11, true);
		for (int g = 0; g < d->ngenerals; g++) {
			int side = d->generals[g].side;
			if (v->general_at[g] != s || (side != WW_BRITISH && side != WW_AMERICAN))
				continue;
			struct spot p = plate(d, s, side, k[side]++, &n->col);
			double w = ww_draw_text_width(cr, d->generals[g].name) + 8;
			add_piece(n, s, side == WW_BRITISH ? WW_PIECE_GENERAL_BRITISH :
				  WW_PIECE_GENERAL_AMERICAN, side == WW_BRITISH ? p.x - w : p.x, p.y,
				  w, PLATE_H);
		}
		struct spot c = congress_spot(d, s);
		if (v->congress_at == s) /* the marker and its name above it */
			add_piece(n, s, WW_PIECE_CONGRESS, c.x - 24, c.y - 21, 48, 29);
	}
}

/* The spaces in the order their names are placed: the widest first,
 * which have the fewest places to go (the data's order among equals). */
static void name_order(const struct ww_data *d, const struct names *n, int *order)
{
	for (int i = 0; i < d->nspaces; i++) {
		int s = i, k = i;
		double w = n->box[s].x1 - n->box[s].x0;
		for (; k > 0 && n->box[order[k - 1]].x1 - n->box[order[k - 1]].x0 < w; k--)
			order[k] = order[k - 1];
		order[k] = s;
	}
}

static void place_names(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			struct names *n)
{
	char name[WW_NAME_MAX];
	struct ww_board_box e[WW_MAX_SPACES], placed[WW_MAX_SPACES];
	int order[WW_MAX_SPACES];
	struct ww_board_mark marks[WW_MAX_SPACES];
	space_marks(d, marks);
	piece_boxes(cr, d, v, n);
	ww_draw_font(cr, NAME_SIZE, true);
	for (int s = 0; s < d->nspaces; s++) {
		short_name(d, s, name, sizeof name);
		n->split[s] = ww_name_split(cr, name);
		e[s] = ww_name_ink(cr, name, n->split[s]);
		n->box[s] = (struct ww_board_box){ 0, 0, e[s].x1 - e[s].x0 + 2 * WW_NAME_HALO,
						   e[s].y1 - e[s].y0 + 2 * WW_NAME_HALO };
	}
	name_order(d, n, order);
	for (int i = 0; i < d->nspaces; i++) {
		int s = order[i];
		double w = n->box[s].x1, h = n->box[s].y1, least = -1;
		for (int k = 0; k < ww_name_nplaces && least != 0; k++) {
			struct ww_board_box b = ww_name_box(d->spaces[s].x, d->spaces[s].y, &ww_name_places[k], w, h);
			double c = crowding(d, s, &b, marks, placed, i, n->piece, n->npieces);
			if (least < 0 || c < least) {
				least = c;
				n->box[s] = b;
			}
		}
		placed[i] = n->box[s];
		n->x[s] = n->box[s].x0 + WW_NAME_HALO - e[s].x0;
		n->y[s] = n->box[s].y0 + WW_NAME_HALO - e[s].y0;
	}
}

static void names(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		  struct names *n)
{
	char name[WW_NAME_MAX], line[WW_NAME_MAX];
	place_names(cr, d, v, n);
	for (int s = 0; s < d->nspaces; s++) {
		short_name(d, s, name, sizeof name);
		for (int i = 0; i < (n->split[s] ? 2 : 1); i++) {
			ww_name_line(name, n->split[s], i, line, sizeof line);
			ww_draw_label(cr, n->x[s], n->y[s] + i * WW_NAME_LINE_H, line, 1, INK, 0xffffff);
		}
	}
}

int ww_board_names(const struct ww_data *d, const struct ww_state *view,
		   struct ww_board_box *name, struct ww_board_box *shape,
		   struct ww_board_box *piece, struct ww_board_piece_at *at, int *npieces)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(img);
	struct names *n = malloc(sizeof *n);
	if (n)
		place_names(cr, d, view, n);
	for (int s = 0; n && s < d->nspaces; s++) {
		name[s] = n->box[s];
		shape[s] = shape_box(d, s);
	}
	for (int k = 0; n && k < n->npieces; k++) {
		piece[k] = n->piece[k];
		if (at)
			at[k] = n->at[k];
	}
	*npieces = n ? n->npieces : 0;
	int rc = n && cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	free(n);
	cairo_destroy(cr);
	cairo_surface_destroy(img);
	ww_draw_release_fonts();
	return rc;
}

/* ---- the map ---- */

static void links(cairo_t *cr, const struct ww_data *d)
{
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (int a = 0; a < d->nspaces; a++) {
		for (int k = 0; k < d->spaces[a].nlinks; k++) {
			const struct ww_link *ln = &d->spaces[a].links[k];
			if (ln->to < a)
				continue;
			double dash[] = { 7, 6 }, dots[] = { 2, 5 };
			if (ln->arnold_only) {
				ww_draw_rgb(cr, ARNOLD);
				cairo_set_dash(cr, dots, 2, 0);
				cairo_set_line_width(cr, 3);
			} else {
				ww_draw_rgb(cr, LINK);
				cairo_set_dash(cr, dash, ln->wilderness ? 2 : 0, 0);
				cairo_set_line_width(cr, ln->wilderness ? 2 : 2.5);
			}
			cairo_move_to(cr, d->spaces[a].x, d->spaces[a].y);
			cairo_line_to(cr, d->spaces[ln->to].x, d->spaces[ln->to].y);
			cairo_stroke(cr);
		}
	}
	cairo_set_dash(cr, NULL, 0, 0);
}

/* 2.1.B: the line is painted with the land; its name goes at its west
 * end. */
static void winter_line_label(cairo_t *cr, const struct land *l)
{
	if (l->m.line_x < 0)
		return;
	ww_draw_font(cr, 12, true);
	ww_draw_label(cr, l->m.line_x + 4, l->m.line_y - 8, "Winter Attrition Line", 0, WINTER_LINE, 0xffffff);
}

static uint32_t side_colour(int side)
{
	return side == WW_AMERICAN ? PC_AMERICAN : PC_BRITISH;
}

/* The space's shape (2.1): star fortified, square winter quarters,
 * circle otherwise; a port has a thick sea-blue rim. */
static void space_shape(cairo_t *cr, const struct ww_data *d, int s)
{
	const struct ww_space *sp = &d->spaces[s];
	cairo_new_path(cr);
	if (sp->fortified)
		ww_draw_star_path(cr, sp->x, sp->y, 8, 17, 11);
	else if (sp->winter_quarters)
		cairo_rectangle(cr, sp->x - 12, sp->y - 12, 24, 24);
	else
		cairo_arc(cr, sp->x, sp->y, 12, 0, 2 * M_PI);
	ww_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, sp->port ? PORT_RIM : INK);
	cairo_set_line_width(cr, sp->port ? 3.5 : 1.5);
	cairo_stroke(cr);
}

/* 3.0: a PC marker, a hexagon in the side's colour. */
static void pc_marker(cairo_t *cr, double x, double y, int side)
{
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_rotate(cr, M_PI / 6);
	ww_draw_star_path(cr, 0, 0, 3, 9, 9);
	cairo_restore(cr);
	ww_draw_rgb(cr, side_colour(side));
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, 0xffffff);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void cu_square(cairo_t *cr, double x, double y, int count, uint32_t fill,
		      uint32_t ink)
{
	char n[8];
	cairo_rectangle(cr, x, y, CU_SIZE, CU_SIZE);
	ww_draw_rgb(cr, fill);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	snprintf(n, sizeof n, "%d", count);
	ww_draw_font(cr, 12, true);
	text(cr, x + CU_SIZE / 2.0 - ww_draw_text_width(cr, n) / 2, y + 13.5, n, ink);
}

/* A general's name plate from x, or, `ending` there, up to x. */
static void general_plate(cairo_t *cr, double x, double y, const char *name, int side,
			  bool ending)
{
	ww_draw_font(cr, 11, true);
	double w = ww_draw_text_width(cr, name) + 8;
	if (ending)
		x -= w;
	cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1, PLATE_H - 1);
	ww_draw_rgb(cr, side == WW_BRITISH ? GEN_BRITISH : GEN_AMERICAN);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, 0xffffff); /* plates one on another stay apart */
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	text(cr, x + 4, y + 11, name, 0xffffff);
}

static void congress_marker(cairo_t *cr, double x, double y)
{
	cairo_new_path(cr);
	cairo_arc(cr, x, y, 8, 0, 2 * M_PI);
	ww_draw_rgb(cr, CONGRESS);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	ww_draw_font(cr, 9, true);
	ww_draw_label(cr, x, y - 11, "Congress", 1, INK, 0xffffff);
}

static void pieces(cairo_t *cr, const struct ww_data *d, const struct ww_state *v, int s,
		   const struct columns *col)
{
	static const uint32_t fill[WW_NATIONS] = { CU_BRITISH, CU_AMERICAN, CU_FRENCH };
	static const uint32_t ink[WW_NATIONS] = { 0xffffff, 0xffffff, CU_AMERICAN };
	for (int n = 0; n < WW_NATIONS; n++) {
		if (!v->space[s].cu[n])
			continue;
		struct spot b = cu_box(d, v, s, n);
		cu_square(cr, b.x, b.y, v->space[s].cu[n], fill[n], ink[n]);
	}
	int k[3] = { 0 };
	for (int g = 0; g < d->ngenerals; g++) {
		int side = d->generals[g].side;
		if (v->general_at[g] != s || (side != WW_BRITISH && side != WW_AMERICAN))
			continue;
		struct spot p = plate(d, s, side, k[side]++, col);
		general_plate(cr, p.x, p.y, d->generals[g].name, side, side == WW_BRITISH);
	}
	if (v->congress_at == s) {
		struct spot c = congress_spot(d, s);
		congress_marker(cr, c.x, c.y);
	}
}

/* The spaces named by the last move's events that recipient may see. */
static void last_move(cairo_t *cr, const struct ww_data *d, enum ww_side recipient,
		      const struct ww_events *ev)
{
	for (int s = 0; ev && s < d->nspaces; s++) {
		const char *name = d->spaces[s].name;
		size_t len = strlen(name);
		bool named = false;
		for (int i = 0; i < ev->n && !named; i++) {
			if (!ww_report_sees(&ev->v[i], recipient))
				continue;
			for (const char *p = ev->v[i].text; (p = strstr(p, name)); p += len) {
				char after = p[len];
				if (!(after >= 'a' && after <= 'z') && !(after >= 'A' && after <= 'Z')) {
					named = true;
					break;
				}
			}
		}
		if (!named)
			continue;
		cairo_new_path(cr);
		cairo_arc(cr, d->spaces[s].x, d->spaces[s].y, 21, 0, 2 * M_PI);
		ww_draw_rgb(cr, HIGHLIGHT);
		cairo_set_line_width(cr, 5);
		cairo_stroke(cr);
	}
}

/* ---- the sea: blockade zones, the French Navy ---- */

static int by_x(const void *a, const void *b)
{
	const double *p = a, *q = b;
	return (p[0] > q[0]) - (p[0] < q[0]);
}

/* A river through a zone's ports, west to east, on to the edge. */
static void river(cairo_t *cr, const struct ww_data *d, int z)
{
	double pts[WW_MAX_SPACES][2];
	int n = 0;
	for (int s = 0; s < d->nspaces; s++)
		if (d->spaces[s].port && d->spaces[s].zone == z) {
			pts[n][0] = d->spaces[s].x;
			pts[n][1] = d->spaces[s].y;
			n++;
		}
	qsort(pts, (size_t)n, sizeof pts[0], by_x);
	cairo_new_path(cr);
	cairo_move_to(cr, pts[0][0] - 40, pts[0][1] + 10);
	for (int i = 0; i < n; i++)
		cairo_line_to(cr, pts[i][0], pts[i][1]);
	double dx = n > 1 ? pts[n - 1][0] - pts[0][0] : 1, dy = n > 1 ? pts[n - 1][1] - pts[0][1] : 0;
	double k = (W - pts[n - 1][0]) / (dx > 1 ? dx : 1);
	cairo_line_to(cr, W, pts[n - 1][1] + dy * k);
	ww_draw_rgb(cr, SEA);
	cairo_set_line_width(cr, 9);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
}

/* 12.3: where each zone's name goes: from its ports out to sea,
 * south-east, then a little further; a zone with no sea near its ports
 * is a river, drawn through them. Found while the land is at hand. */
static void zone_spots(const struct ww_data *d, struct land *l)
{
	for (int z = 0; z < d->nzones; z++) {
		double x = 0, y = 0;
		int n = 0;
		for (int s = 0; s < d->nspaces; s++)
			if (d->spaces[s].port && d->spaces[s].zone == z) {
				x += d->spaces[s].x;
				y += d->spaces[s].y;
				n++;
			}
		l->m.zone[z].shown = n > 0;
		if (!n)
			continue;
		x /= n;
		y /= n;
		double sx = x, sy = y;
		int steps = 0;
		while (steps < 120 && sy < H - 30 && !is_sea(l, (int)sy * W + (int)sx)) {
			sx += sx < W - 100 ? 2 : 0;
			sy += sx < W - 100 ? 1.2 : 2;
			steps++;
		}
		l->m.zone[z].river = !is_sea(l, (int)sy * W + (int)sx);
		if (!l->m.zone[z].river) {
			x = sx + 40;
			y = sy + 30;
		} else {
			y -= 20;
		}
		l->m.zone[z].x = x > W - 90 ? W - 90 : x;
		l->m.zone[z].y = y > H - 20 ? H - 20 : y;
	}
}

/* 12.3: each zone's name in the sea off its ports. */
static void zones(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		  const struct land *l)
{
	for (int z = 0; z < d->nzones; z++) {
		if (!l->m.zone[z].shown)
			continue;
		if (l->m.zone[z].river)
			river(cr, d, z);
		double x = l->m.zone[z].x, y = l->m.zone[z].y;
		ww_draw_font(cr, 12, true);
		double w = ww_draw_text_width(cr, d->zones[z].name);
		cairo_rectangle(cr, x - w / 2 - 6, y - 13, w + 12, 18);
		ww_draw_rgb(cr, ZONE_PANEL);
		cairo_fill_preserve(cr);
		ww_draw_rgb(cr, PORT_RIM);
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		text(cr, x - w / 2, y, d->zones[z].name, PORT_RIM);
		if (v->french_navy_zone == z) {
			ww_draw_font(cr, 12, true);
			double fw = ww_draw_text_width(cr, "French Navy") + 10;
			cairo_rectangle(cr, x - fw / 2, y + 8, fw, 18);
			ww_draw_rgb(cr, CU_FRENCH);
			cairo_fill_preserve(cr);
			ww_draw_rgb(cr, CU_AMERICAN);
			cairo_stroke(cr);
			text(cr, x - fw / 2 + 5, y + 22, "French Navy", CU_AMERICAN);
		}
	}
}

/* ---- tracks and boxes ---- */

static void panel(cairo_t *cr, double x, double y, double w, double h, const char *title)
{
	cairo_rectangle(cr, x, y, w, h);
	ww_draw_rgb(cr, PANEL);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	ww_draw_font(cr, 13, true);
	text(cr, x + 8, y + 17, title, INK);
}

static void track_box(cairo_t *cr, double x, double y, double w, const char *s, bool on,
		      uint32_t colour)
{
	cairo_rectangle(cr, x, y, w, 24);
	ww_draw_rgb(cr, on ? colour : 0xffffff);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	ww_draw_font(cr, 12, on);
	text(cr, x + w / 2 - ww_draw_text_width(cr, s) / 2, y + 17, s, on ? 0xffffff : INK);
}

static void turn_track(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		       double x, double y)
{
	int years = d->last_year - d->first_year + 1;
	int we = v->war_ends_card > 0 && v->war_ends_card < WW_MAX_CARDS ?
		d->cards[v->war_ends_card].war_ends_year : 0;
	panel(cr, x, y, 590, 62, "Game Turn");
	for (int i = 0; i < years && i < WW_MAX_YEARS; i++) {
		char s[8];
		snprintf(s, sizeof s, "%d", d->first_year + i);
		track_box(cr, x + 10 + i * 63, y + 28, 58, s, v->year == d->first_year + i, INK);
		if (we == d->first_year + i) {
			ww_draw_font(cr, 9, true);
			ww_draw_label(cr, x + 10 + i * 63 + 29, y + 25, "War Ends", 1, PC_BRITISH, PANEL);
		}
	}
}

static void alliance_track(cairo_t *cr, const struct ww_state *v, double x, double y)
{
	panel(cr, x, y, 590, 62, v->french_in_war ? "French Alliance: France is in the war" :
	      "French Alliance (12.0)");
	for (int i = 0; i <= 9; i++) {
		char s[4];
		snprintf(s, sizeof s, "%d", i);
		track_box(cr, x + 10 + i * 57, y + 28, 52, s, v->french_alliance == i, PC_AMERICAN);
	}
}

/* A box's contents: generals at `where` (of `side`, or all) and CUs. */
static void box_contents(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			 double x, double y, double w, int where, int side, int cu,
			 uint32_t cu_fill, uint32_t cu_ink)
{
	double cx = x + 8, cy = y + 26;
	if (cu) {
		cu_square(cr, cx, cy, cu, cu_fill, cu_ink);
		cx += CU_SIZE + 6;
	}
	for (int g = 0; g < d->ngenerals; g++) {
		if (v->general_at[g] != where || (side && (int)d->generals[g].side != side))
			continue;
		ww_draw_font(cr, 11, true);
		double pw = ww_draw_text_width(cr, d->generals[g].name) + 8;
		if (cx + pw > x + w - 6) {
			cx = x + 8;
			cy += PLATE_H + 4;
		}
		general_plate(cr, cx, cy + 2, d->generals[g].name, d->generals[g].side, false);
		cx += pw + 4;
	}
}

static void boxes(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		  double x, double y)
{
	panel(cr, x, y, 290, 66, "British Reinforcements");
	box_contents(cr, d, v, x, y, 290, WW_LOC_REINFORCEMENTS, WW_BRITISH,
		     v->cu_reinforcements[WW_NAT_BRITISH], CU_BRITISH, 0xffffff);
	panel(cr, x + 300, y, 290, 66, "American Reinforcements");
	box_contents(cr, d, v, x + 300, y, 290, WW_LOC_REINFORCEMENTS, WW_AMERICAN,
		     v->cu_reinforcements[WW_NAT_AMERICAN], CU_AMERICAN, 0xffffff);
	panel(cr, x, y + 74, 290, 66, "French Box");
	box_contents(cr, d, v, x, y + 74, 290, WW_LOC_FRENCH_BOX, 0, v->cu_french_box,
		     CU_FRENCH, CU_AMERICAN);
	if (!v->french_in_war && v->french_navy_zone < 0) {
		ww_draw_font(cr, 11, true);
		text(cr, x + 200, y + 90, "French Navy", CU_AMERICAN);
	}
	panel(cr, x + 300, y + 74, 290, 66, "Captured / Out of the Game");
	box_contents(cr, d, v, x + 300, y + 74, 140, WW_LOC_CAPTURED, 0, 0, 0, 0);
	box_contents(cr, d, v, x + 445, y + 74, 140, WW_LOC_REMOVED, 0, 0, 0, 0);
}

static void cards_panel(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			double x, double y)
{
	char s[160];
	panel(cr, x, y, 590, 84, "Cards and Markers");
	ww_draw_font(cr, 12, false);
	snprintf(s, sizeof s, "Deck %d   Discard %d   American hand %d   British hand %d",
		 v->deck.n, v->discard.n, v->hand[WW_AMERICAN].n, v->hand[WW_BRITISH].n);
	text(cr, x + 10, y + 36, s, INK);
	int top = v->discard.n ? v->discard.card[v->discard.n - 1] : 0;
	if (top && top < WW_MAX_CARDS)
		snprintf(s, sizeof s, "Top of the discard pile: #%d %s", top, d->cards[top].title);
	else
		snprintf(s, sizeof s, "The discard pile is empty");
	text(cr, x + 10, y + 54, s, INK);
	snprintf(s, sizeof s, "British Regulars' Advantage: %s%s",
		 v->regulars ? "in effect" : "gone",
		 v->congress_at == WW_LOC_DISPERSED ? "    Continental Congress dispersed" : "");
	text(cr, x + 10, y + 72, s, INK);
}

static void title_panel(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			enum ww_side recipient)
{
	char s[200];
	panel(cr, 10, 10, 440, 150, "");
	ww_draw_font(cr, 24, true);
	text(cr, 22, 42, "Washington's War", INK);
	ww_draw_font(cr, 14, true);
	snprintf(s, sizeof s, "%d  ·  %s  ·  move %u", v->year, ww_phase_name(v->phase),
		 (unsigned)v->move);
	text(cr, 22, 64, s, INK);
	ww_draw_font(cr, 13, false);
	if (v->phase == WW_PH_GAME_OVER || v->prompt == WW_ASK_NOTHING)
		snprintf(s, sizeof s, "Game over%s%s%s", v->winner ? ": the " : "",
			 v->winner ? ww_side_name(v->winner) : "", v->winner ? " side wins" : "");
	else
		snprintf(s, sizeof s, "%s to move", ww_side_name(v->to_move));
	text(cr, 22, 84, s, v->to_move == WW_BRITISH ? PC_BRITISH : PC_AMERICAN);
	snprintf(s, sizeof s, "%s", recipient == WW_NOBODY ? "Public view" :
		 recipient == WW_AMERICAN ? "As the American player sees it" :
		 "As the British player sees it");
	text(cr, 22, 102, s, INK);
	/* the legend */
	ww_draw_font(cr, 11, false);
	double lx = 22, ly = 128;
	cairo_new_path(cr);
	cairo_arc(cr, lx + 8, ly, 7, 0, 2 * M_PI);
	ww_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, PORT_RIM);
	cairo_set_line_width(cr, 3);
	cairo_stroke(cr);
	text(cr, lx + 20, ly + 4, "port", INK);
	cairo_rectangle(cr, lx + 60, ly - 7, 14, 14);
	ww_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	text(cr, lx + 80, ly + 4, "winter quarters", INK);
	ww_draw_star_path(cr, lx + 178, ly, 8, 9, 6);
	ww_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	ww_draw_rgb(cr, INK);
	cairo_stroke(cr);
	text(cr, lx + 191, ly + 4, "fortified", INK);
	double dash[] = { 7, 6 };
	cairo_set_dash(cr, dash, 2, 0);
	ww_draw_rgb(cr, LINK);
	cairo_set_line_width(cr, 2);
	cairo_move_to(cr, lx + 245, ly);
	cairo_line_to(cr, lx + 275, ly);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	text(cr, lx + 280, ly + 4, "wilderness", INK);
	pc_marker(cr, lx + 350, ly, WW_AMERICAN);
	pc_marker(cr, lx + 372, ly, WW_BRITISH);
	text(cr, lx + 386, ly + 4, "PCs", INK);
	(void)d;
	ww_draw_font(cr, 10, false);
	text(cr, 22, 150, "Map reconstructed from the rule book; positions are approximate.",
	     0x6b5a45);
}

/* ---- the picture ---- */

/* The board's own colours and the colonies' tints: each keeps its place
 * in the palette, so a piece is always painted in exactly its colour
 * (png_palette.h). */
static const uint32_t OWN_COLOURS[] = {
	SEA, SEA_DEEP, WILDERNESS, COAST, BORDER, INK, LINK, ARNOLD, SPACE_EMPTY, PORT_RIM,
	PC_AMERICAN, PC_BRITISH, CU_BRITISH, CU_AMERICAN, CU_FRENCH, GEN_BRITISH,
	GEN_AMERICAN, CONGRESS, HIGHLIGHT, WINTER_LINE, PANEL, CANADA_TINT, ZONE_PANEL, 0xffffff,
};
#define NOWN (int)(sizeof OWN_COLOURS / sizeof *OWN_COLOURS)
#define NTINT (int)(sizeof TINT / sizeof *TINT)

static void draw(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		 enum ww_side recipient, const struct ww_events *last, const struct land *l)
{
	zones(cr, d, v, l);
	links(cr, d);
	winter_line_label(cr, l);
	last_move(cr, d, recipient, last);
	struct names *n = malloc(sizeof *n);
	if (n) {
		names(cr, d, v, n);
		for (int s = 0; s < d->nspaces; s++)
			pieces(cr, d, v, s, &n->col);
		free(n);
	}
	for (int s = 0; s < d->nspaces; s++) {
		space_shape(cr, d, s);
		if (v->space[s].pc == WW_AMERICAN || v->space[s].pc == WW_BRITISH)
			pc_marker(cr, d->spaces[s].x, d->spaces[s].y, v->space[s].pc);
	}
	title_panel(cr, d, v, recipient);
	turn_track(cr, d, v, 1000, 604);
	alliance_track(cr, v, 1000, 672);
	boxes(cr, d, v, 1000, 740);
	cards_panel(cr, d, v, 1000, 888);
}

/* The land painted, with its marks: from the cache (cache.h) when this
 * build has painted this map before, for it depends on the map alone. */
_Static_assert(offsetof(struct ww_data, dir) == 0, "the key skips the data's directory name");
static int painted_land(const struct ww_data *d, struct land *l)
{
	unsigned char key[WW_CACHE_KEY_BYTES];
	struct ww_cache_key k;
	struct land_marks m;
	ww_cache_key_start(&k, "land", (const void *)ww_report_png);
	ww_cache_key_add(&k, (const char *)d + sizeof d->dir, sizeof *d - sizeof d->dir);
	bool keyed = ww_cache_key_end(&k, key) == 0;
	if (keyed && !ww_cache_read("land", key, &m, sizeof m, l->px, sizeof *l->px * W * H)) {
		l->m = m;
		return 0;
	}
	if (find_land(d, l))
		return -1;
	paint_land(d, l);
	zone_spots(d, l);
	forget_land(l); /* the rest of the drawing needs only the marks */
	if (keyed) {
		memset(&m, 0, sizeof m); /* no stray padding bytes in the file */
		m.line_x = l->m.line_x;
		m.line_y = l->m.line_y;
		for (int z = 0; z < WW_MAX_ZONES; z++) {
			m.zone[z].shown = l->m.zone[z].shown;
			m.zone[z].river = l->m.zone[z].river;
			m.zone[z].x = l->m.zone[z].x;
			m.zone[z].y = l->m.zone[z].y;
		}
		ww_cache_write("land", key, &m, sizeof m, l->px, sizeof *l->px * W * H);
	}
	return 0;
}

/* The board drawn into a picture the caller destroys; NULL, with the
 * problem in err, if it cannot be. */
static cairo_surface_t *board(const struct ww_data *d, const struct ww_state *view,
			      enum ww_side recipient, const struct ww_events *last,
			      char *err, size_t errlen)
{
	struct land l = { .m = { .line_x = -1, .line_y = -1 } };
	cairo_surface_t *img = ww_draw_picture(W, H, err, errlen);
	if (!img)
		return NULL;
	l.px = (uint32_t *)(void *)cairo_image_surface_get_data(img);
	if (painted_land(d, &l)) {
		snprintf(err, errlen, "out of memory for the land of a %dx%d picture", W, H);
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_surface_mark_dirty(img);
	cairo_t *cr = cairo_create(img);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	draw(cr, d, view, recipient, last, &l);
	return ww_draw_done(img, cr, err, errlen);
}

uint32_t *ww_board_pixels(const struct ww_data *d, const struct ww_state *view,
			  enum ww_side recipient, const struct ww_events *last,
			  char *err, size_t errlen)
{
	return ww_draw_take_pixels(board(d, view, recipient, last, err, errlen), err, errlen);
}

int ww_board_encode(FILE *out, const uint32_t *px)
{
	uint32_t fixed[NOWN + NTINT];
	memcpy(fixed, OWN_COLOURS, sizeof OWN_COLOURS);
	memcpy(fixed + NOWN, TINT, sizeof TINT);
	return ww_png_palette_write(out, px, W, H, fixed, NOWN + NTINT);
}

int ww_report_png(FILE *out, const struct ww_data *d, const struct ww_state *view,
		  enum ww_side recipient, const struct ww_events *last,
		  char *err, size_t errlen)
{
	return ww_draw_write_png(out, board(d, view, recipient, last, err, errlen),
				 ww_board_encode, err, errlen);
}

/* game.h's board, which the judge finds by this name (ww_game.c). */
int ww_game_board(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_events *last, char *why, size_t whylen)
{
	return ww_report_png(out, &d->ww, &view->ww, (enum ww_side)viewer,
			     last ? &last->ww : NULL, why, whylen);
}
