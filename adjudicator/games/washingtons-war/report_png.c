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
#include "buf.h"
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
 * CUs to the left of the space, the American and the French to its
 * right; the generals' name plates above it, the British ones ending
 * left of its centre, the American ones starting right of it, the first
 * lowest. Where that would lie on another space or its pieces, each
 * goes to the next free place around its space (place_all). */
#define CU_SIZE 18
#define PLATE_H 14

/* Where the view's pieces go (place_all): each CU square's top left
 * corner; where each space's column of plates of each side ends (the
 * British) or starts (the others), and whether it hangs below the space;
 * the Congress's marker's centre. */
struct layout {
	struct spot cu[WW_MAX_SPACES][WW_NATIONS];
	double col_x[WW_MAX_SPACES][3];
	bool below[WW_MAX_SPACES][3];
	struct spot congress;
};

/* The k-th plate of the side's generals: its top, and the x where it
 * starts (American) or ends (British). The first stands on the space's
 * shape and each next on the one before, so that a column of plates
 * touches its stack (issue 22: Clinton's plate at Trenton stood free,
 * nearer Morristown). */
static struct spot plate(const struct ww_data *d, int s, int side, int k,
			 const struct layout *lay)
{
	double y = d->spaces[s].y, reach = d->spaces[s].fortified ? 14 : 11;
	return (struct spot){ lay->col_x[s][side], lay->below[s][side] ?
			      y + reach + k * PLATE_H : y - reach - (k + 1) * PLATE_H };
}

static const struct layout *layout_of(const struct ww_data *d, const struct ww_state *view);

void ww_board_spot(const struct ww_data *d, const struct ww_state *view, int space,
		   enum ww_board_piece p, int *x, int *y)
{
	struct spot s = centre(d, space);
	switch (p) {
	case WW_PIECE_SPACE:
		break;
	case WW_PIECE_CU_BRITISH:
	case WW_PIECE_CU_AMERICAN:
	case WW_PIECE_CU_FRENCH: /* the corner of the nation's square, clear of the count */
		s = layout_of(d, view)->cu[space][p - WW_PIECE_CU_BRITISH];
		s.x += 2;
		s.y += 2;
		break;
	case WW_PIECE_GENERAL_BRITISH:
	case WW_PIECE_GENERAL_AMERICAN: { /* the plate's inner end, clear of the name */
		int side = p == WW_PIECE_GENERAL_BRITISH ? WW_BRITISH : WW_AMERICAN;
		s = plate(d, space, side, 0, layout_of(d, view));
		s.x += p == WW_PIECE_GENERAL_BRITISH ? -2 : 2;
		s.y += PLATE_H / 2.0;
		break;
	}
	case WW_PIECE_CONGRESS:
		s = layout_of(d, view)->congress;
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
	wj_draw_rgb(cr, ink);
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

/* ---- where the pieces and the names go ---- */

/* Everything drawn over the map keeps clear of everything else (issue
 * 22: New York's and New Brunswick's CU squares hid New Brunswick's
 * name, Washington's plate met Boston's square, the Winter Attrition
 * Line's name lay on Williamsburg). Each thing has its places around
 * its space, in order of preference: a CU square beside its space, a
 * column of plates standing on it, a name below, beside or above it
 * (board_draw.h's places), the line's name by the line's west end. In
 * turn (the Congress, the CU squares, the columns, in the data's order
 * of the spaces; then the line's name; then the names, the widest
 * first), each takes the first of its places that meets nothing placed
 * before it, else the least crowded; then each, in the same order,
 * takes the first place that meets nothing at all, until none moves: a
 * thing placed early makes room for one placed later. The same view
 * gives the same places. */
#define NAME_SIZE 11

/* The panels drawn over the map (draw). */
static const struct wj_board_box PANELS[] = {
	{ 10, 10, 450, 160 }, { 1000, 604, 1590, 972 },
};

/* A space's shape (space_shape), its rim included. */
static struct wj_board_box shape_box(const struct ww_data *d, int s)
{
	double r = d->spaces[s].fortified ? 18 : 14;
	return (struct wj_board_box){ d->spaces[s].x - r, d->spaces[s].y - r,
				      d->spaces[s].x + r, d->spaces[s].y + r };
}

/* A thing that comes nearer another space than NAME_MARGIN px more than
 * its own is read as the other's ("New Brunswick" under New York's
 * square, issue 22): as bad as meeting a name, per px. */
#define NAME_MARGIN 2
#define MISREAD_WEIGHT 1000

/* Each space's mark as the names measure from it: its shape's reach
 * (space_shape's radius, or half the square's side). */
static void space_marks(const struct ww_data *d, struct wj_board_mark *m)
{
	for (int s = 0; s < d->nspaces; s++)
		m[s] = (struct wj_board_mark){ d->spaces[s].x, d->spaces[s].y,
					       d->spaces[s].fortified ? 17 : 12 };
}

enum thing_kind { THING_CONGRESS, THING_CU, THING_COLUMN, THING_LABEL, THING_NAME };

struct thing {
	enum thing_kind kind;
	int space;                 /* -1: the line's name */
	int which;                 /* a CU's nation, a column's side */
	int at;                    /* the place it took */
	struct wj_board_box box;   /* its box there */
};

#define MAX_THINGS (WW_MAX_SPACES * (WW_NATIONS + 3) + 2)
#define LABEL "Winter Attrition Line"

/* What the places are worked out from, and the things placed. */
struct plan {
	const struct ww_data *d;
	const struct ww_state *v;
	struct wj_board_mark marks[WW_MAX_SPACES];
	double col_w[WW_MAX_SPACES][3];  /* a column's widest plate */
	double col_w0[WW_MAX_SPACES][3]; /* its first (lowest) plate */
	int col_n[WW_MAX_SPACES][3];
	/* each name on its lines, and on the other lines it may go on (one
	 * for two, two for one): its split, ink and box's size */
	int split[WW_MAX_SPACES][2];
	struct wj_board_box ink[WW_MAX_SPACES][2];
	double name_w[WW_MAX_SPACES][2], name_h[WW_MAX_SPACES][2];
	int line_x, line_y;              /* the line's west end; -1: none */
	cairo_text_extents_t label;
	struct thing t[MAX_THINGS];
	int n;
};

/* The places of a CU square around its space, as its centre's offset
 * from the space's for a round space (a fortified one's are 5 px
 * further out): beside (the British to the left, the others to the
 * right), then below and above on that side, straight below and above,
 * then on the other side; last, one further out, beside a square there. */
static const struct spot CU_PLACES[] = {
	{ 24, 0 }, { 19, 19 }, { 19, -19 }, { 0, 24 }, { 0, -24 },
	{ -19, 19 }, { -19, -19 }, { -24, 0 },
	{ 44, 0 }, { 39, 19 }, { 39, -19 }, { 0, 44 }, { 0, -44 }, { -44, 0 },
};
#define NCU_PLACES (int)(sizeof CU_PLACES / sizeof *CU_PLACES)

/* The top left corner of a CU square at place k of space s, mirrored for
 * the British. The French try one further out first, beside the
 * American's square. */
static struct spot cu_place(const struct ww_data *d, int s, int nation, int k)
{
	if (nation == WW_NAT_FRENCH && k < 2)
		k = k ? 0 : 8;
	struct spot c = centre(d, s), o = CU_PLACES[k];
	double out = d->spaces[s].fortified ? 5 : 0;
	o.x += o.x > 0 ? out : o.x < 0 ? -out : 0;
	o.y += o.y > 0 ? out : o.y < 0 ? -out : 0;
	if (nation == WW_NAT_BRITISH)
		o.x = -o.x;
	return (struct spot){ c.x + o.x - CU_SIZE / 2.0, c.y + o.y - CU_SIZE / 2.0 };
}

static struct wj_board_box cu_square_box(struct spot corner)
{
	return (struct wj_board_box){ corner.x, corner.y, corner.x + CU_SIZE, corner.y + CU_SIZE };
}

/* The Congress's marker on its space's rim (a fortified one's further
 * out): below left, below right, above left, above right. */
static const struct spot CONGRESS_PLACES[] = { { -9, 9 }, { 9, 9 }, { -9, -9 }, { 9, -9 } };
#define NCONGRESS_PLACES (int)(sizeof CONGRESS_PLACES / sizeof *CONGRESS_PLACES)
#define CONGRESS_R 6

static struct wj_board_box congress_box(struct spot c)
{
	double r = CONGRESS_R + 1;
	return (struct wj_board_box){ c.x - r, c.y - r, c.x + r, c.y + r };
}

/* Place k of a column of plates of space s: above the space for even k,
 * below it for odd k; the x where its plates end (the British) or start
 * (the others) from its own place (the British ending left of the
 * centre, the others starting right of it) across the space in steps of
 * 4 px, as long as its first plate still touches the shape. false: no
 * such place. */
static bool column_place(const struct plan *p, int s, int side, int k, struct layout *lay)
{
	double c = p->d->spaces[s].x, slide = (k / 2) * 4.0;
	if (slide > p->col_w0[s][side] + 6)
		return false;
	lay->col_x[s][side] = side == WW_BRITISH ? c - 2 + slide : c + 2 - slide;
	lay->below[s][side] = k & 1;
	return true;
}

/* The box of the column of plates of the side in space s, as lay places it. */
static struct wj_board_box column_box(const struct plan *p, int s, int side,
				      const struct layout *lay)
{
	const struct ww_data *d = p->d;
	double w = p->col_w[s][side];
	int count = p->col_n[s][side];
	bool below = lay->below[s][side];
	struct spot first = plate(d, s, side, 0, lay), last = plate(d, s, side, count - 1, lay);
	double x0 = side == WW_BRITISH ? first.x - w : first.x;
	return (struct wj_board_box){ x0, below ? first.y : last.y, x0 + w,
				      below ? last.y + PLATE_H : first.y + PLATE_H };
}

/* The box of the line's name at place k by the line's west end: left of
 * it, right of it, above and below. */
static bool label_place(const struct plan *p, int k, struct wj_board_box *b,
			struct spot *origin)
{
	static const struct { double dx, dy; bool ends; } at[] = {
		{ -4, 4, true }, { 4, -8, false }, { -4, -8, true }, { -4, 18, true },
		{ 4, 18, false }, { -4, -22, true }, { 4, -22, false }, { -4, 32, true },
		{ 4, 32, false },
	};
	if (k >= (int)(sizeof at / sizeof *at))
		return false;
	const cairo_text_extents_t *e = &p->label;
	origin->x = p->line_x + at[k].dx - (at[k].ends ? e->x_advance : 0);
	origin->y = p->line_y + at[k].dy;
	*b = (struct wj_board_box){ origin->x + e->x_bearing - WJ_NAME_HALO,
				    origin->y + e->y_bearing - WJ_NAME_HALO,
				    origin->x + e->x_bearing + e->width + WJ_NAME_HALO,
				    origin->y + e->y_bearing + e->height + WJ_NAME_HALO };
	return true;
}

/* Thing t at its place k: its box, and where it is in lay (the pieces)
 * or in `origin` (the line's name). false: t has no place k. */
static bool thing_place(const struct plan *p, const struct thing *t, int k,
			struct layout *lay, struct wj_board_box *b, struct spot *origin)
{
	const struct ww_data *d = p->d;
	int s = t->space;
	switch (t->kind) {
	case THING_CONGRESS: {
		if (k >= NCONGRESS_PLACES)
			return false;
		double out = d->spaces[s].fortified ? 1.4 : 1;
		lay->congress = (struct spot){ d->spaces[s].x + CONGRESS_PLACES[k].x * out,
					       d->spaces[s].y + CONGRESS_PLACES[k].y * out };
		*b = congress_box(lay->congress);
		return true;
	}
	case THING_CU:
		if (k >= NCU_PLACES)
			return false;
		lay->cu[s][t->which] = cu_place(d, s, t->which, k);
		*b = cu_square_box(lay->cu[s][t->which]);
		return true;
	case THING_COLUMN:
		if (!column_place(p, s, t->which, k, lay))
			return false;
		*b = column_box(p, s, t->which, lay);
		return true;
	case THING_LABEL:
		return label_place(p, k, b, origin);
	case THING_NAME: {
		int form = k / wj_name_nplaces; /* its lines as cut, then cut otherwise */
		if (form > 1 || (form && p->split[s][1] < 0))
			return false;
		*b = wj_name_box(d->spaces[s].x, d->spaces[s].y, &wj_name_places[k % wj_name_nplaces],
				 p->name_w[s][form], p->name_h[s][form]);
		return true;
	}
	}
	return false;
}

/* A CU square stands by its space: within 4 px of its shape, or beside
 * a square of its space that is. */
static bool cu_stands(const struct plan *p, const struct thing *t, const struct wj_board_box *b)
{
	if (wj_box_within(b, &p->marks[t->space], 4))
		return true;
	struct wj_board_box g = { b->x0 - 3, b->y0 - 3, b->x1 + 3, b->y1 + 3 };
	for (int j = 0; j < p->n; j++)
		if (&p->t[j] != t && p->t[j].kind == THING_CU && p->t[j].space == t->space &&
		    wj_box_meets(&g, &p->t[j].box) && wj_box_within(&p->t[j].box, &p->marks[t->space], 4))
			return true;
	return false;
}

static bool is_piece(const struct thing *t)
{
	return t->kind != THING_NAME && t->kind != THING_LABEL;
}

/* A piece keeps CLEAR px from another space's shape and from any other
 * thing, and a name or the line's name from a piece, so that none seems
 * to touch another (Washington's plate met Boston's square); a name
 * keeps NAME_CLEAR px from another name ("LancasterReading"). A CU
 * square or a column is PIECE_MARGIN px nearer its own space than any
 * other, so that it is not taken for a neighbour's. */
#define CLEAR 2
#define NAME_CLEAR 4
#define PIECE_MARGIN 4

static double clearance(const struct thing *a, const struct thing *b)
{
	return is_piece(a) || is_piece(b) ? CLEAR : a->kind == THING_NAME &&
		b->kind == THING_NAME ? NAME_CLEAR : 0;
}

static double overlap_clear(const struct wj_board_box *a, const struct wj_board_box *b,
			    double clear)
{
	struct wj_board_box g = { a->x0 - clear, a->y0 - clear, a->x1 + clear, a->y1 + clear };
	return wj_box_overlap(&g, b);
}

/* How much thing i at box b meets what it must not: the spaces' shapes
 * (a piece stands on its own), the things placed (the first `upto` but
 * itself and `skip`), the panels and the picture's edge; how much nearer
 * it comes to another space than to its own (a name, a CU square, a
 * column); and a CU square away from its space. */
static double crowding(const struct plan *p, int i, const struct wj_board_box *b, int upto,
		       int skip)
{
	const struct ww_data *d = p->d;
	const struct thing *t = &p->t[i];
	bool piece = is_piece(t);
	/* the Congress's name is wider than its marker, which is by its space */
	bool read = t->kind != THING_LABEL && t->kind != THING_CONGRESS;
	double sum = !read ? 0 : MISREAD_WEIGHT * wj_name_misread(b, p->marks, d->nspaces,
				t->space, piece ? PIECE_MARGIN : NAME_MARGIN);
	for (int o = 0; o < d->nspaces; o++) {
		struct wj_board_box sb = shape_box(d, o);
		if (!piece || o != t->space)
			sum += overlap_clear(b, &sb, piece ? CLEAR : 0) +
				(o != t->space && wj_box_within(b, &p->marks[o], 0)) * 1e4;
	}
	for (int j = 0; j < upto; j++)
		if (j != i && j != skip)
			sum += overlap_clear(b, &p->t[j].box, clearance(t, &p->t[j]));
	for (size_t k = 0; k < sizeof PANELS / sizeof *PANELS; k++)
		sum += wj_box_overlap(b, &PANELS[k]);
	if (b->x0 < 0 || b->y0 < 0 || b->x1 > W || b->y1 > H)
		sum += 1e6;
	if (t->kind == THING_CU && !cu_stands(p, t, b))
		sum += 1e4;
	return sum;
}

/* Thing i at its place k, in the plan and in lay. */
static void put_thing(struct plan *p, int i, int k, struct layout *lay)
{
	struct spot origin;
	p->t[i].at = k;
	thing_place(p, &p->t[i], k, lay, &p->t[i].box, &origin);
}

/* Thing i to the first of its places that meets nothing of the first
 * `upto` things, else the least crowded. Whether it moved. */
static bool place_thing(struct plan *p, int i, int upto, struct layout *lay)
{
	struct wj_board_box b;
	struct spot origin;
	double least = -1;
	int best = 0;
	for (int k = 0; least != 0 && thing_place(p, &p->t[i], k, lay, &b, &origin); k++) {
		double c = crowding(p, i, &b, upto, -1);
		if (least < 0 || c < least) {
			least = c;
			best = k;
		}
	}
	bool moved = best != p->t[i].at;
	put_thing(p, i, best, lay);
	return moved;
}

/* The one thing that thing i would meet at box b, -1 if none or more. */
static int blocker(const struct plan *p, int i, const struct wj_board_box *b)
{
	int found = -1;
	for (int j = 0; j < p->n; j++) {
		if (j == i || overlap_clear(b, &p->t[j].box, clearance(&p->t[i], &p->t[j])) <= 0)
			continue;
		if (found >= 0)
			return -1;
		found = j;
	}
	return found;
}

/* Thing j, which is in thing `for`'s way, to another place that is free,
 * or (up to `depth` more) where the one thing in its way there can move
 * on in turn. Whether it moved. */
static bool move_on(struct plan *p, int j, int for_, int depth, struct layout *lay)
{
	struct wj_board_box b;
	struct spot origin;
	int was = p->t[j].at;
	for (int k = 0; thing_place(p, &p->t[j], k, lay, &b, &origin); k++) {
		if (k == was)
			continue;
		if (crowding(p, j, &b, p->n, -1) == 0) {
			put_thing(p, j, k, lay);
			return true;
		}
		int m = depth > 0 ? blocker(p, j, &b) : -1;
		if (m < 0 || m == for_ || crowding(p, j, &b, p->n, m) > 0)
			continue;
		put_thing(p, j, k, lay);
		if (move_on(p, m, j, depth - 1, lay))
			return true;
		put_thing(p, j, was, lay);
	}
	put_thing(p, j, was, lay);
	return false;
}

/* Room for thing i where one other thing is in its way: at the first of
 * its places where that one can move on (move_on), both go. Whether they
 * did. */
static bool make_room(struct plan *p, int i, struct layout *lay)
{
	struct wj_board_box b;
	struct spot origin;
	int was = p->t[i].at;
	for (int k = 0; thing_place(p, &p->t[i], k, lay, &b, &origin); k++) {
		int j = blocker(p, i, &b);
		if (j < 0 || crowding(p, i, &b, p->n, j) > 0)
			continue;
		put_thing(p, i, k, lay);
		if (move_on(p, j, i, 2, lay))
			return true;
		put_thing(p, i, was, lay);
	}
	put_thing(p, i, was, lay);
	return false;
}

/* The things placed in turn; then each that meets another moves to a
 * free place, or makes room by moving the one in its way, until none
 * moves (a few rounds at most). */
static void place_things(struct plan *p, struct layout *lay)
{
	for (int i = 0; i < p->n; i++)
		place_thing(p, i, i, lay);
	bool moved = true;
	for (int round = 0; moved && round < 8; round++) {
		moved = false;
		for (int i = 0; i < p->n; i++) {
			if (crowding(p, i, &p->t[i].box, p->n, -1) == 0)
				continue;
			moved |= place_thing(p, i, p->n, lay);
			if (crowding(p, i, &p->t[i].box, p->n, -1) > 0)
				moved |= make_room(p, i, lay);
		}
	}
}

static void add_thing(struct plan *p, enum thing_kind kind, int space, int which)
{
	if (p->n < MAX_THINGS)
		p->t[p->n++] = (struct thing){ kind, space, which, -1, { 0, 0, 0, 0 } };
}

/* The widths of each space's columns of plates, its plates counted. */
static void measure_columns(cairo_t *cr, struct plan *p)
{
	const struct ww_data *d = p->d;
	wj_draw_font(cr, 11, true);
	for (int g = 0; g < d->ngenerals; g++) {
		int s = p->v->general_at[g], side = d->generals[g].side;
		if (s < 0 || s >= d->nspaces || (side != WW_AMERICAN && side != WW_BRITISH))
			continue;
		double w = wj_draw_text_width(cr, d->generals[g].name) + 8;
		if (!p->col_n[s][side]++)
			p->col_w0[s][side] = w;
		p->col_w[s][side] = w > p->col_w[s][side] ? w : p->col_w[s][side];
	}
}

/* A plan for the view, with nothing in it yet. */
static void plan_start(cairo_t *cr, struct plan *p, const struct ww_data *d,
		       const struct ww_state *v, struct layout *lay)
{
	memset(p, 0, sizeof *p);
	memset(lay, 0, sizeof *lay);
	p->d = d;
	p->v = v;
	p->line_x = -1;
	space_marks(d, p->marks);
	wj_draw_font(cr, 12, true);
	cairo_text_extents(cr, LABEL, &p->label);
	if (!v)
		return;
	measure_columns(cr, p);
}

/* The view's markers into the plan: the Congress, the CU squares. */
static void add_markers(struct plan *p)
{
	const struct ww_data *d = p->d;
	const struct ww_state *v = p->v;
	if (!v)
		return;
	if (v->congress_at >= 0 && v->congress_at < d->nspaces)
		add_thing(p, THING_CONGRESS, v->congress_at, 0);
	for (int s = 0; s < d->nspaces; s++)
		for (int nat = 0; nat < WW_NATIONS; nat++)
			if (v->space[s].cu[nat])
				add_thing(p, THING_CU, s, nat);
}

/* The view's columns of plates into the plan. */
static void add_columns(struct plan *p)
{
	for (int s = 0; p->v && s < p->d->nspaces; s++)
		for (int side = WW_BRITISH; side >= WW_AMERICAN; side--)
			if (p->col_n[s][side])
				add_thing(p, THING_COLUMN, s, side);
}

/* Every space's name: its box, where its lines' centre and first
 * baseline are (cairo's origin), where its second line starts (0: one
 * line). A name wider than WJ_NAME_WIDE goes on two lines, cut at the blank
 * nearest its middle ("Lexington and / Concord"). With them, where the
 * pieces are and the line's name. */
struct names {
	struct wj_board_box box[WW_MAX_SPACES];
	double x[WW_MAX_SPACES], y[WW_MAX_SPACES];
	int split[WW_MAX_SPACES];
	struct wj_board_box piece[WW_BOARD_PIECES]; /* the view's pieces on the map */
	struct ww_board_piece_at at[WW_BOARD_PIECES];  /* each one's space and kind */
	int npieces;
	struct layout lay;
	bool has_label;
	struct wj_board_box label;  /* the Winter Attrition Line's name */
	struct spot label_at;       /* where its text starts, on its baseline */
};

static void add_piece(struct names *n, int s, enum ww_board_piece kind,
		      struct wj_board_box b)
{
	if (n->npieces >= WW_BOARD_PIECES)
		return;
	n->at[n->npieces] = (struct ww_board_piece_at){ s, kind };
	n->piece[n->npieces++] = b;
}

/* Each piece's box as it is drawn (pieces), for the tests to check. */
static void piece_boxes(cairo_t *cr, const struct plan *p, struct names *n)
{
	const struct ww_data *d = p->d;
	const struct ww_state *v = p->v;
	n->npieces = 0;
	for (int s = 0; v && s < d->nspaces; s++) {
		for (int nat = 0; nat < WW_NATIONS; nat++)
			if (v->space[s].cu[nat])
				add_piece(n, s, WW_PIECE_CU_BRITISH + nat, cu_square_box(n->lay.cu[s][nat]));
		int k[3] = { 0 };
		wj_draw_font(cr, 11, true);
		for (int g = 0; g < d->ngenerals; g++) {
			int side = d->generals[g].side;
			if (v->general_at[g] != s || (side != WW_BRITISH && side != WW_AMERICAN))
				continue;
			struct spot at = plate(d, s, side, k[side]++, &n->lay);
			double w = wj_draw_text_width(cr, d->generals[g].name) + 8;
			double x = side == WW_BRITISH ? at.x - w : at.x;
			add_piece(n, s, side == WW_BRITISH ? WW_PIECE_GENERAL_BRITISH :
				  WW_PIECE_GENERAL_AMERICAN,
				  (struct wj_board_box){ x, at.y, x + w, at.y + PLATE_H });
		}
		if (v->congress_at == s)
			add_piece(n, s, WW_PIECE_CONGRESS, congress_box(n->lay.congress));
	}
}

/* Each name's two ways of lines (its own, and the other: -1 when it has
 * no blank to cut at), its ink and the size of its box for each. */
static void measure_names(cairo_t *cr, struct plan *p)
{
	const struct ww_data *d = p->d;
	char name[WW_NAME_MAX];
	wj_draw_font(cr, NAME_SIZE, true);
	for (int s = 0; s < d->nspaces; s++) {
		short_name(d, s, name, sizeof name);
		int own = wj_name_split(cr, name), cut = wj_name_cut(name);
		p->split[s][0] = own;
		p->split[s][1] = !cut ? -1 : own ? 0 : cut;
		for (int form = 0; form < 2 && p->split[s][form] >= 0; form++) {
			struct wj_board_box e = wj_name_ink(cr, name, p->split[s][form]);
			p->ink[s][form] = e;
			p->name_w[s][form] = e.x1 - e.x0 + 2 * WJ_NAME_HALO;
			p->name_h[s][form] = e.y1 - e.y0 + 2 * WJ_NAME_HALO;
		}
	}
}

/* The names into the plan, the widest first, which have the fewest
 * places to go (the data's order among equals). */
static void add_names(cairo_t *cr, struct plan *p)
{
	const struct ww_data *d = p->d;
	int order[WW_MAX_SPACES];
	measure_names(cr, p);
	for (int s = 0; s < d->nspaces; s++) {
		int k = s;
		for (; k > 0 && p->name_w[order[k - 1]][0] < p->name_w[s][0]; k--)
			order[k] = order[k - 1];
		order[k] = s;
	}
	for (int i = 0; i < d->nspaces; i++)
		add_thing(p, THING_NAME, order[i], 0);
}

/* The pieces, the line's name and the names; (line_x, line_y) is the
 * Winter Attrition Line's west end, line_x -1 for none (2.1.B). */
static int place_all(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		     struct names *n, int line_x, int line_y)
{
	struct plan *p = malloc(sizeof *p);
	if (!p)
		return -1;
	plan_start(cr, p, d, v, &n->lay);
	p->line_x = line_x;
	p->line_y = line_y;
	n->has_label = line_x >= 0;
	add_markers(p);
	if (n->has_label)
		add_thing(p, THING_LABEL, -1, 0);
	add_names(cr, p);
	add_columns(p);
	place_things(p, &n->lay);
	for (int i = 0; i < p->n; i++) {
		const struct thing *t = &p->t[i];
		if (t->kind == THING_LABEL)
			label_place(p, t->at, &n->label, &n->label_at);
		if (t->kind != THING_NAME)
			continue;
		int s = t->space, form = t->at / wj_name_nplaces;
		n->box[s] = t->box;
		n->split[s] = p->split[s][form];
		n->x[s] = t->box.x0 + WJ_NAME_HALO - p->ink[s][form].x0;
		n->y[s] = t->box.y0 + WJ_NAME_HALO - p->ink[s][form].y0;
	}
	piece_boxes(cr, p, n);
	free(p);
	return 0;
}

static void names(cairo_t *cr, const struct ww_data *d, const struct names *n)
{
	char name[WW_NAME_MAX], line[WW_NAME_MAX];
	wj_draw_font(cr, NAME_SIZE, true);
	for (int s = 0; s < d->nspaces; s++) {
		short_name(d, s, name, sizeof name);
		for (int i = 0; i < (n->split[s] ? 2 : 1); i++) {
			wj_name_line(name, n->split[s], i, line, sizeof line);
			wj_draw_label(cr, n->x[s], n->y[s] + i * WJ_NAME_LINE_H, line, 1, INK, 0xffffff);
		}
	}
}

static int map(const struct ww_data *d, cairo_surface_t *img, struct land_marks *m);

/* The Winter Attrition Line's west end on d's land: *x -1 for none. */
static int line_end(const struct ww_data *d, int *x, int *y)
{
	struct land_marks m = { .line_x = -1, .line_y = -1 };
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
	int rc = cairo_surface_status(img) == CAIRO_STATUS_SUCCESS && !map(d, img, &m) ? 0 : -1;
	cairo_surface_destroy(img);
	*x = rc ? -1 : m.line_x;
	*y = m.line_y;
	return rc;
}

/* Everything's place for the view, as the board draws it, into n. */
static int board_places(const struct ww_data *d, const struct ww_state *view, struct names *n)
{
	int x, y;
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(img);
	int rc = line_end(d, &x, &y) || place_all(cr, d, view, n, x, y) ||
		 cairo_status(cr) != CAIRO_STATUS_SUCCESS ? -1 : 0;
	cairo_destroy(cr);
	cairo_surface_destroy(img);
	wj_draw_release_fonts();
	return rc;
}

/* For the tests, which ask where each piece is one at a time: the last
 * view's places, kept. */
static const struct layout *layout_of(const struct ww_data *d, const struct ww_state *view)
{
	static struct ww_state seen;
	static struct names n;
	static const struct ww_data *seen_d;
	if (seen_d == d && !memcmp(&seen, view, sizeof seen))
		return &n.lay;
	if (board_places(d, view, &n))
		memset(&n, 0, sizeof n);
	seen = *view;
	seen_d = d;
	return &n.lay;
}

int ww_board_names(const struct ww_data *d, const struct ww_state *view,
		   struct wj_board_box *name, struct wj_board_box *shape,
		   struct wj_board_box *piece, struct ww_board_piece_at *at, int *npieces,
		   struct wj_board_box *label)
{
	struct names *n = malloc(sizeof *n);
	int rc = n ? board_places(d, view, n) : -1;
	for (int s = 0; !rc && s < d->nspaces; s++) {
		name[s] = n->box[s];
		shape[s] = shape_box(d, s);
	}
	for (int k = 0; !rc && k < n->npieces; k++) {
		piece[k] = n->piece[k];
		if (at)
			at[k] = n->at[k];
	}
	*npieces = rc ? 0 : n->npieces;
	*label = !rc && n->has_label ? n->label : (struct wj_board_box){ 0, 0, 0, 0 };
	free(n);
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
				wj_draw_rgb(cr, ARNOLD);
				cairo_set_dash(cr, dots, 2, 0);
				cairo_set_line_width(cr, 3);
			} else {
				wj_draw_rgb(cr, LINK);
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
static void winter_line_label(cairo_t *cr, const struct names *n)
{
	if (!n->has_label)
		return;
	wj_draw_font(cr, 12, true);
	wj_draw_label(cr, n->label_at.x, n->label_at.y, LABEL, 0, WINTER_LINE, 0xffffff);
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
		wj_draw_star_path(cr, sp->x, sp->y, 8, 17, 11);
	else if (sp->winter_quarters)
		cairo_rectangle(cr, sp->x - 12, sp->y - 12, 24, 24);
	else
		cairo_arc(cr, sp->x, sp->y, 12, 0, 2 * M_PI);
	wj_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, sp->port ? PORT_RIM : INK);
	cairo_set_line_width(cr, sp->port ? 3.5 : 1.5);
	cairo_stroke(cr);
}

/* 3.0: a PC marker, a hexagon in the side's colour. */
static void pc_marker(cairo_t *cr, double x, double y, int side)
{
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_rotate(cr, M_PI / 6);
	wj_draw_star_path(cr, 0, 0, 3, 9, 9);
	cairo_restore(cr);
	wj_draw_rgb(cr, side_colour(side));
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, 0xffffff);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void cu_square(cairo_t *cr, double x, double y, int count, uint32_t fill,
		      uint32_t ink)
{
	char n[8];
	cairo_rectangle(cr, x, y, CU_SIZE, CU_SIZE);
	wj_draw_rgb(cr, fill);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	snprintf(n, sizeof n, "%d", count);
	wj_draw_font(cr, 12, true);
	text(cr, x + CU_SIZE / 2.0 - wj_draw_text_width(cr, n) / 2, y + 13.5, n, ink);
}

/* A general's name plate from x, or, `ending` there, up to x. */
static void general_plate(cairo_t *cr, double x, double y, const char *name, int side,
			  bool ending)
{
	wj_draw_font(cr, 11, true);
	double w = wj_draw_text_width(cr, name) + 8;
	if (ending)
		x -= w;
	cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1, PLATE_H - 1);
	wj_draw_rgb(cr, side == WW_BRITISH ? GEN_BRITISH : GEN_AMERICAN);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, 0xffffff); /* plates one on another stay apart */
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	text(cr, x + 4, y + 11, name, 0xffffff);
}

/* The Continental Congress: a gold disc on its space's rim, over the
 * shape, which the legend names (a name beside it had no room around
 * Philadelphia, issue 22). */
static void congress_marker(cairo_t *cr, double x, double y)
{
	cairo_new_path(cr);
	cairo_arc(cr, x, y, CONGRESS_R, 0, 2 * M_PI);
	wj_draw_rgb(cr, CONGRESS);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
}

static void pieces(cairo_t *cr, const struct ww_data *d, const struct ww_state *v, int s,
		   const struct layout *lay)
{
	static const uint32_t fill[WW_NATIONS] = { CU_BRITISH, CU_AMERICAN, CU_FRENCH };
	static const uint32_t ink[WW_NATIONS] = { 0xffffff, 0xffffff, CU_AMERICAN };
	for (int n = 0; n < WW_NATIONS; n++) {
		if (!v->space[s].cu[n])
			continue;
		cu_square(cr, lay->cu[s][n].x, lay->cu[s][n].y, v->space[s].cu[n], fill[n], ink[n]);
	}
	int k[3] = { 0 };
	for (int g = 0; g < d->ngenerals; g++) {
		int side = d->generals[g].side;
		if (v->general_at[g] != s || (side != WW_BRITISH && side != WW_AMERICAN))
			continue;
		struct spot p = plate(d, s, side, k[side]++, lay);
		general_plate(cr, p.x, p.y, d->generals[g].name, side, side == WW_BRITISH);
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
		wj_draw_rgb(cr, HIGHLIGHT);
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
	wj_draw_rgb(cr, SEA);
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

/* 12.3: each zone's name in the sea off its ports, part of the map. */
static void zone_names(cairo_t *cr, const struct ww_data *d, const struct land_marks *m)
{
	for (int z = 0; z < d->nzones; z++) {
		if (!m->zone[z].shown)
			continue;
		if (m->zone[z].river)
			river(cr, d, z);
		double x = m->zone[z].x, y = m->zone[z].y;
		wj_draw_font(cr, 12, true);
		double w = wj_draw_text_width(cr, d->zones[z].name);
		cairo_rectangle(cr, x - w / 2 - 6, y - 13, w + 12, 18);
		wj_draw_rgb(cr, ZONE_PANEL);
		cairo_fill_preserve(cr);
		wj_draw_rgb(cr, PORT_RIM);
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		text(cr, x - w / 2, y, d->zones[z].name, PORT_RIM);
	}
}

/* Whether a river is drawn among the first `upto` zones: river() leaves
 * the joins round for what is drawn after it. */
static bool river_drawn(const struct land_marks *m, int upto)
{
	for (int z = 0; z < upto && z < WW_MAX_ZONES; z++)
		if (m->zone[z].shown && m->zone[z].river)
			return true;
	return false;
}

/* 12.3: the French Navy under its zone's name, drawn over the map as if
 * right after that name: with the joins the rivers before it left. */
static void french_navy(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
			const struct land_marks *m)
{
	int z = v->french_navy_zone;
	if (z < 0 || z >= d->nzones || !m->zone[z].shown)
		return;
	double x = m->zone[z].x, y = m->zone[z].y;
	cairo_set_line_join(cr, river_drawn(m, z + 1) ? CAIRO_LINE_JOIN_ROUND :
			    CAIRO_LINE_JOIN_MITER);
	wj_draw_font(cr, 12, true);
	double fw = wj_draw_text_width(cr, "French Navy") + 10;
	cairo_rectangle(cr, x - fw / 2, y + 8, fw, 18);
	wj_draw_rgb(cr, CU_FRENCH);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, CU_AMERICAN);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	text(cr, x - fw / 2 + 5, y + 22, "French Navy", CU_AMERICAN);
}

/* ---- tracks and boxes ---- */

static void panel(cairo_t *cr, double x, double y, double w, double h, const char *title)
{
	cairo_rectangle(cr, x, y, w, h);
	wj_draw_rgb(cr, PANEL);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	wj_draw_font(cr, 13, true);
	text(cr, x + 8, y + 17, title, INK);
}

static void track_box(cairo_t *cr, double x, double y, double w, const char *s, bool on,
		      uint32_t colour)
{
	cairo_rectangle(cr, x, y, w, 24);
	wj_draw_rgb(cr, on ? colour : 0xffffff);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	wj_draw_font(cr, 12, on);
	text(cr, x + w / 2 - wj_draw_text_width(cr, s) / 2, y + 17, s, on ? 0xffffff : INK);
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
			wj_draw_font(cr, 9, true);
			wj_draw_label(cr, x + 10 + i * 63 + 29, y + 25, "War Ends", 1, PC_BRITISH, PANEL);
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
		wj_draw_font(cr, 11, true);
		double pw = wj_draw_text_width(cr, d->generals[g].name) + 8;
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
		wj_draw_font(cr, 11, true);
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
	wj_draw_font(cr, 12, false);
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
	wj_draw_font(cr, 24, true);
	text(cr, 22, 42, "Washington's War", INK);
	wj_draw_font(cr, 14, true);
	snprintf(s, sizeof s, "%d  ·  %s  ·  move %u", v->year, ww_phase_name(v->phase),
		 (unsigned)v->move);
	text(cr, 22, 64, s, INK);
	wj_draw_font(cr, 13, false);
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
	congress_marker(cr, 290, 98);
	wj_draw_font(cr, 11, false);
	text(cr, 301, 102, "Continental Congress", INK);
	wj_draw_font(cr, 11, false);
	double lx = 22, ly = 128;
	cairo_new_path(cr);
	cairo_arc(cr, lx + 8, ly, 7, 0, 2 * M_PI);
	wj_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, PORT_RIM);
	cairo_set_line_width(cr, 3);
	cairo_stroke(cr);
	text(cr, lx + 20, ly + 4, "port", INK);
	cairo_rectangle(cr, lx + 60, ly - 7, 14, 14);
	wj_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, INK);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	text(cr, lx + 80, ly + 4, "winter quarters", INK);
	wj_draw_star_path(cr, lx + 178, ly, 8, 9, 6);
	wj_draw_rgb(cr, SPACE_EMPTY);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, INK);
	cairo_stroke(cr);
	text(cr, lx + 191, ly + 4, "fortified", INK);
	double dash[] = { 7, 6 };
	cairo_set_dash(cr, dash, 2, 0);
	wj_draw_rgb(cr, LINK);
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
	wj_draw_font(cr, 10, false);
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

/* Everything over the map (the pieces, the names, the panels), drawn as
 * if the map had been drawn before it with cr: round caps from the
 * links, and the joins the rivers left. */
static void draw(cairo_t *cr, const struct ww_data *d, const struct ww_state *v,
		 enum ww_side recipient, const struct ww_events *last, const struct land_marks *m)
{
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	french_navy(cr, d, v, m);
	cairo_set_line_join(cr, river_drawn(m, d->nzones) ? CAIRO_LINE_JOIN_ROUND :
			    CAIRO_LINE_JOIN_MITER);
	struct names *n = malloc(sizeof *n);
	if (n && place_all(cr, d, v, n, m->line_x, m->line_y)) {
		free(n);
		n = NULL;
	}
	if (n)
		winter_line_label(cr, n);
	last_move(cr, d, recipient, last);
	if (n) {
		names(cr, d, n);
		for (int s = 0; s < d->nspaces; s++)
			pieces(cr, d, v, s, &n->lay);
	}
	for (int s = 0; s < d->nspaces; s++) {
		space_shape(cr, d, s);
		if (v->space[s].pc == WW_AMERICAN || v->space[s].pc == WW_BRITISH)
			pc_marker(cr, d->spaces[s].x, d->spaces[s].y, v->space[s].pc);
	}
	if (n && v->congress_at >= 0 && v->congress_at < d->nspaces)
		congress_marker(cr, n->lay.congress.x, n->lay.congress.y);
	free(n);
	title_panel(cr, d, v, recipient);
	turn_track(cr, d, v, 1000, 604);
	alliance_track(cr, v, 1000, 672);
	boxes(cr, d, v, 1000, 740);
	cards_panel(cr, d, v, 1000, 888);
}

/* The map (wj_draw_map): the land painted, the zones' names and the
 * links; its marks into head. */
static int draw_map(cairo_surface_t *img, void *head, const void *arg)
{
	const struct ww_data *d = arg;
	struct land_marks *m = head;
	struct land l = { .px = (uint32_t *)(void *)cairo_image_surface_get_data(img),
			  .m = { .line_x = -1, .line_y = -1 } };
	if (find_land(d, &l))
		return -1;
	paint_land(d, &l);
	zone_spots(d, &l);
	forget_land(&l); /* the rest of the drawing needs only the marks */
	m->line_x = l.m.line_x;
	m->line_y = l.m.line_y;
	for (int z = 0; z < WW_MAX_ZONES; z++) {
		m->zone[z].shown = l.m.zone[z].shown;
		m->zone[z].river = l.m.zone[z].river;
		m->zone[z].x = l.m.zone[z].x;
		m->zone[z].y = l.m.zone[z].y;
	}
	cairo_surface_mark_dirty(img);
	cairo_t *cr = cairo_create(img);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	zone_names(cr, d, m);
	links(cr, d);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	return rc;
}

/* The map under the pieces into img, with its marks: from the cache
 * (cache.h) when this build has drawn this map before, for it depends on
 * the map's data alone. */
_Static_assert(offsetof(struct ww_data, dir) == 0, "the key skips the data's directory name");
static int map(const struct ww_data *d, cairo_surface_t *img, struct land_marks *m)
{
	struct wj_cache_key k;
	wj_cache_key_start(&k, "map", (const void *)ww_report_png);
	wj_cache_key_add(&k, (const char *)d + sizeof d->dir, sizeof *d - sizeof d->dir);
	return wj_draw_map(img, &k, "map", m, sizeof *m, draw_map, d);
}

/* The board drawn into a picture the caller destroys; NULL, with the
 * problem in err, if it cannot be. */
static cairo_surface_t *board(const struct ww_data *d, const struct ww_state *view,
			      enum ww_side recipient, const struct ww_events *last,
			      char *err, size_t errlen)
{
	struct land_marks m;
	cairo_surface_t *img = wj_draw_picture(W, H, err, errlen);
	if (!img)
		return NULL;
	if (map(d, img, &m)) {
		wj_why(err, errlen, "out of memory for the map of a %dx%d picture", W, H);
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_t *cr = cairo_create(img);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	draw(cr, d, view, recipient, last, &m);
	return wj_draw_done(img, cr, err, errlen);
}

uint32_t *ww_board_pixels(const struct ww_data *d, const struct ww_state *view,
			  enum ww_side recipient, const struct ww_events *last,
			  char *err, size_t errlen)
{
	return wj_draw_take_pixels(board(d, view, recipient, last, err, errlen), err, errlen);
}

int ww_board_encode(FILE *out, const uint32_t *px)
{
	uint32_t fixed[NOWN + NTINT];
	memcpy(fixed, OWN_COLOURS, sizeof OWN_COLOURS);
	memcpy(fixed + NOWN, TINT, sizeof TINT);
	return wj_png_palette_write(out, px, W, H, fixed, NOWN + NTINT);
}

int ww_report_png(FILE *out, const struct ww_data *d, const struct ww_state *view,
		  enum ww_side recipient, const struct ww_events *last,
		  char *err, size_t errlen)
{
	return wj_draw_write_png(out, board(d, view, recipient, last, err, errlen),
				 ww_board_encode, err, errlen);
}

/* game.h's board, which the judge finds by this name (ww_game.c). */
int ww_game_board(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_events *last, char *why, size_t whylen)
{
	return ww_report_png(out, &d->ww, &view->ww, (enum ww_side)viewer,
			     last ? &last->ww : NULL, why, whylen);
}
