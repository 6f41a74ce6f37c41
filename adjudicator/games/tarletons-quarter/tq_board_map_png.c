/* Tarleton's Quarter!'s map under the position (tq_board.h): each point
 * of the picture belongs to the nearest area's place, tinted by its
 * colony, the sea off the coast areas; the borders between adjacent
 * areas from tag to tag by kind (a road solid, a plain border dotted, a
 * river a blue bar across); each area's tag with its I.D.; the named
 * points' names, placed clear of every tag, name and panel and nearer
 * their own tag than any other. Everything from map.yaml. */
#include <math.h>   /* M_PI only: no libm */
#include <stdlib.h>
#include <string.h>
#include "tq_board_png.h"

#define CELL 2          /* the land and the sea are found per CELL x CELL pixels */
#define LAND_REACH 95   /* how far an area's land reaches from its place, */
#define COAST_REACH 42  /* and a coast area's, seaward; */
#define INLAND_REACH 75 /* no sea this near an inland area */
#define ID_SIZE 9.5
#define NAME_SIZE 11
/* A name that comes nearer another tag than NAME_MARGIN px more than its
 * own is read as the other's: as bad as meeting a name, per px. */
#define NAME_MARGIN 3
#define MISREAD_WEIGHT 1000

static struct wj_board_box box_of(const int *b)
{
	return (struct wj_board_box){ b[0], b[1], b[2], b[3] };
}

struct wj_board_box tq_board_legend(const struct tq_data *d)
{
	return box_of(d->legend);
}

struct wj_board_box tq_board_panel(const struct tq_data *d)
{
	return box_of(d->panel);
}

uint32_t tq_board_side_colour(enum tq_side side)
{
	return side == TQ_CONTINENTAL ? TQ_C_BLUE : TQ_C_RED;
}

/* 2.0's four colonies, each a tint of the land. */
uint32_t tq_board_colony_tint(enum tq_colony c)
{
	static const uint32_t TINT[TQ_COLONIES] = { 0xf0dcb4, 0xe3ecc9, 0xf3e6a6, 0xdcd6ec };
	return c >= 0 && c < TQ_COLONIES ? TINT[c] : TQ_C_PAPER;
}

/* ---- the land and the sea ---- */

/* A cell's area (the nearest), or -1 the sea, -2 beyond the map: land
 * within an area's reach, a coast area's shorter seaward; and land
 * wherever an inland area is near, so that no sea shows inland between
 * the coast areas. */
static int cell_area(const struct tq_data *d, int cx, int cy)
{
	double x = cx * CELL + CELL / 2.0, y = cy * CELL + CELL / 2.0, best = 1e18, inland = 1e18;
	int a = -1;
	for (int i = 0; i < d->nareas; i++) {
		double dx = d->areas[i].x - x, dy = d->areas[i].y - y, e = dx * dx + dy * dy;
		if (!d->areas[i].on_map)
			continue;
		if (e < best) {
			best = e;
			a = i;
		}
		if (!d->areas[i].coast && e < inland)
			inland = e;
	}
	if (a < 0)
		return -2;
	double reach = d->areas[a].coast ? COAST_REACH : LAND_REACH;
	if (best <= reach * reach || inland <= INLAND_REACH * INLAND_REACH)
		return a;
	return d->areas[a].coast ? -1 : -2;
}

/* A cell's colour: its colony's tint; a colony's edge (on both sides)
 * ink, an area's edge within a colony (on one side, a thinner line) a
 * shade darker, the coast blue. */
static uint32_t cell_colour(const struct tq_data *d, const int *area, int cw, int ch, int cx,
			    int cy)
{
	int a = area[cy * cw + cx];
	if (a < 0)
		return a == -1 ? TQ_C_SEA : TQ_C_PAPER;
	uint32_t c = tq_board_colony_tint(d->areas[a].colony);
	for (int k = 0; k < 4; k++) {
		int nx = cx + (k == 0) - (k == 1), ny = cy + (k == 2) - (k == 3);
		if (nx < 0 || ny < 0 || nx >= cw || ny >= ch)
			continue;
		int b = area[ny * cw + nx];
		if (b >= 0 && d->areas[b].colony != d->areas[a].colony)
			return TQ_C_INK;
		if (b == -1)
			c = TQ_C_RIVER;
		else if (b >= 0 && b != a && (k == 0 || k == 2) && c != TQ_C_RIVER)
			c = TQ_C_CELL_EDGE;
	}
	return c;
}

static int paint_land(const struct tq_data *d, uint32_t *px, int w, int h)
{
	int cw = w / CELL, ch = h / CELL;
	int *area = malloc(sizeof *area * (size_t)cw * (size_t)ch);
	if (!area)
		return -1;
	for (int cy = 0; cy < ch; cy++)
		for (int cx = 0; cx < cw; cx++)
			area[cy * cw + cx] = cell_area(d, cx, cy);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			px[y * w + x] = x / CELL < cw && y / CELL < ch ?
				cell_colour(d, area, cw, ch, x / CELL, y / CELL) : TQ_C_PAPER;
	free(area);
	return 0;
}

/* ---- the borders ---- */

/* A river crossed: a blue bar across the border's middle. */
static void river_bar(cairo_t *cr, const struct tq_area *a, const struct tq_area *b)
{
	double dx = b->x - a->x, dy = b->y - a->y, l = wj_draw_length(dx, dy);
	if (l < 1)
		return;
	double mx = (a->x + b->x) / 2.0, my = (a->y + b->y) / 2.0, ux = -dy / l * 9, uy = dx / l * 9;
	wj_draw_rgb(cr, TQ_C_RIVER);
	cairo_set_line_width(cr, 4);
	cairo_move_to(cr, mx - ux, my - uy);
	cairo_line_to(cr, mx + ux, my + uy);
	cairo_stroke(cr);
}

static void border_line(cairo_t *cr, const struct tq_border *b, const struct tq_area *x,
			const struct tq_area *y)
{
	static const double dots[] = { 2, 4 };
	wj_draw_rgb(cr, b->road ? TQ_C_ROAD : TQ_C_PLAIN);
	cairo_set_line_width(cr, b->road ? 2.6 : 1.6);
	cairo_set_dash(cr, dots, b->road ? 0 : 2, 0);
	cairo_move_to(cr, x->x, x->y);
	cairo_line_to(cr, y->x, y->y);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void borders(cairo_t *cr, const struct tq_data *d)
{
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (int i = 0; i < d->nborders; i++)
		border_line(cr, &d->borders[i], &d->areas[d->borders[i].a],
			    &d->areas[d->borders[i].b]);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	for (int i = 0; i < d->nborders; i++)
		if (d->borders[i].river)
			river_bar(cr, &d->areas[d->borders[i].a], &d->areas[d->borders[i].b]);
}

/* ---- the tags ---- */

static void rounded(cairo_t *cr, double x0, double y0, double w, double h, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x0 + w - r, y0 + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x0 + w - r, y0 + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x0 + r, y0 + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x0 + r, y0 + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

/* A city red, a swamp green, a settlement dark, any other area white;
 * a port's rim blue and thick. */
void tq_board_tag(cairo_t *cr, const struct tq_data *d, int area, double x, double y)
{
	const struct tq_area *a = &d->areas[area];
	uint32_t fill = a->city ? TQ_C_CITY : a->swamp ? TQ_C_SWAMP : a->settlement ? TQ_C_INK : TQ_C_WHITE;
	cairo_new_path(cr);
	rounded(cr, x - TQ_TAG_W / 2.0, y - TQ_TAG_H / 2.0, TQ_TAG_W, TQ_TAG_H, 4);
	wj_draw_rgb(cr, fill);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, a->port ? TQ_C_RIVER : TQ_C_INK);
	cairo_set_line_width(cr, a->port ? 3 : 1.2);
	cairo_stroke(cr);
	wj_draw_font(cr, ID_SIZE, true);
	wj_draw_rgb(cr, fill == TQ_C_WHITE ? TQ_C_INK : TQ_C_WHITE);
	cairo_move_to(cr, x - wj_draw_text_width(cr, a->id) / 2, y + 3.5);
	cairo_show_text(cr, a->id);
}

/* The tag's box, a fort's and a base's badges on its corners and a
 * siege's rim included. */
static struct wj_board_box tag_box(const struct tq_area *a)
{
	return (struct wj_board_box){ a->x - TQ_TAG_W / 2.0 - 4, a->y - TQ_TAG_H / 2.0 - 7,
				      a->x + TQ_TAG_W / 2.0 + 4, a->y + TQ_TAG_H / 2.0 + 4 };
}

/* ---- the names ---- */

/* A city's name bold, a named point that is no settlement (2.0:
 * Norfolk) in italics. */
static void name_font(cairo_t *cr, const struct tq_area *a)
{
	cairo_select_font_face(cr, WJ_BOARD_FONT,
			       a->settlement || a->city ? CAIRO_FONT_SLANT_NORMAL
							: CAIRO_FONT_SLANT_ITALIC,
			       a->city ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, NAME_SIZE);
}

static double crowding(const struct tq_data *d, const struct tq_board_map *m, int own,
		       const struct wj_board_box *b, const int *placed, int nplaced)
{
	struct wj_board_box legend = tq_board_legend(d), panel = tq_board_panel(d);
	double sum = wj_box_overlap(b, &legend) + wj_box_overlap(b, &panel) +
		MISREAD_WEIGHT * tq_board_misread(d, b, own, NAME_MARGIN);
	for (int a = 0; a < d->nareas; a++)
		sum += 100 * wj_box_overlap(b, &m->tag[a]);
	for (int k = 0; k < nplaced; k++)
		sum += 100 * wj_box_overlap(b, &m->name[placed[k]]);
	return sum;
}

/* How far box b is from box t. */
static double box_distance(const struct wj_board_box *b, const struct wj_board_box *t)
{
	double dx = b->x0 > t->x1 ? b->x0 - t->x1 : t->x0 > b->x1 ? t->x0 - b->x1 : 0;
	double dy = b->y0 > t->y1 ? b->y0 - t->y1 : t->y0 > b->y1 ? t->y0 - b->y1 : 0;
	return wj_draw_length(dx, dy);
}

struct wj_board_box tq_board_tag_box(const struct tq_area *a)
{
	return (struct wj_board_box){ a->x - TQ_TAG_W / 2.0, a->y - TQ_TAG_H / 2.0,
				      a->x + TQ_TAG_W / 2.0, a->y + TQ_TAG_H / 2.0 };
}

double tq_board_misread(const struct tq_data *d, const struct wj_board_box *b, int own,
			double margin)
{
	struct wj_board_box t = tq_board_tag_box(&d->areas[own]);
	double mine = box_distance(b, &t), worst = 0;
	for (int a = 0; a < d->nareas; a++) {
		if (a == own || !d->areas[a].on_map)
			continue;
		t = tq_board_tag_box(&d->areas[a]);
		double by = mine + margin - box_distance(b, &t);
		worst = by > worst ? by : worst;
	}
	return worst;
}

/* The places round a tag, `gap` px clear of its edges (above, of its
 * badges too): below, beside, above, then the corners; ax, ay as
 * board_draw.h's. */
static const struct { int sx, sy, ax, ay; } AROUND[] = {
	{ 0, 1, 0, 1 }, { 1, 0, 1, 0 }, { -1, 0, -1, 0 }, { 0, -1, 0, -1 },
	{ 2, 1, 1, 1 }, { -2, 1, -1, 1 }, { 2, -1, 1, -1 }, { -2, -1, -1, -1 },
	{ 1, 1, 1, 1 }, { -1, 1, -1, 1 }, { 1, -1, 1, -1 }, { -1, -1, -1, -1 },
};
#define BADGE_H 7

static struct wj_name_place around(int k, double gap)
{
	double hw = TQ_TAG_W / 2.0, hh = TQ_TAG_H / 2.0, up = hh + BADGE_H + gap;
	int sx = AROUND[k].sx, sy = AROUND[k].sy;
	/* sx 2: the label's edge on the tag's other edge (below or above it) */
	double dx = sx == 2 ? -hw : sx == -2 ? hw : sx * (hw + gap);
	double dy = sy < 0 ? -up : sy * (hh + gap);
	if (sx && sy && abs(sx) == 1)
		dy = sy < 0 ? -hh - gap : hh + gap;
	return (struct wj_name_place){ dx, dy, AROUND[k].ax, AROUND[k].ay };
}

struct wj_board_box tq_board_place(const struct tq_data *d, int area, double w, double h,
				   tq_board_cost *cost, const void *ctx)
{
	static const double GAP[] = { 5, 12, 22, 34, 46, 60, 80 };
	const struct tq_area *a = &d->areas[area];
	struct wj_board_box best = { 0, 0, 0, 0 };
	double least = -1;
	for (size_t g = 0; g < sizeof GAP / sizeof *GAP && least != 0; g++) {
		for (size_t k = 0; k < sizeof AROUND / sizeof *AROUND && least != 0; k++) {
			struct wj_name_place q = around((int)k, GAP[g]);
			struct wj_board_box b = wj_name_box(a->x, a->y, &q, w, h);
			double c = cost(&b, ctx) + (b.x0 < 0 || b.y0 < 0 || b.x1 > d->board_w ||
						    b.y1 > d->board_h ? 1e12 : 0);
			if (least < 0 || c < least) {
				least = c;
				best = b;
			}
		}
	}
	return best;
}

struct naming {
	const struct tq_data *d;
	const struct tq_board_map *m;
	int area;
	const int *placed;
	int nplaced;
};

static double name_cost(const struct wj_board_box *b, const void *ctx)
{
	const struct naming *n = ctx;
	return crowding(n->d, n->m, n->area, b, n->placed, n->nplaced);
}

static void place_name(const struct tq_data *d, struct tq_board_map *m, int a, const int *placed,
		       int nplaced)
{
	struct naming n = { d, m, a, placed, nplaced };
	m->name[a] = tq_board_place(d, a, m->name[a].x1 - m->name[a].x0,
				    m->name[a].y1 - m->name[a].y0, name_cost, &n);
}

/* The named areas, the widest names first (the data's order among equals). */
static int name_order(const struct tq_data *d, const struct tq_board_map *m, int *order)
{
	int n = 0;
	for (int a = 0; a < d->nareas; a++) {
		if (!d->areas[a].on_map || !d->areas[a].name[0])
			continue;
		double w = m->name[a].x1 - m->name[a].x0;
		int k = n++;
		for (; k > 0 && m->name[order[k - 1]].x1 - m->name[order[k - 1]].x0 < w; k--)
			order[k] = order[k - 1];
		order[k] = a;
	}
	return n;
}

/* The ink of a name's one line, centred on x = 0, its baseline y = 0. */
static struct wj_board_box name_ink(cairo_t *cr, const char *name)
{
	cairo_text_extents_t e;
	cairo_text_extents(cr, name, &e);
	return (struct wj_board_box){ -e.x_advance / 2 + e.x_bearing, e.y_bearing,
				      -e.x_advance / 2 + e.x_bearing + e.width,
				      e.y_bearing + e.height };
}

void tq_board_map_place(cairo_t *cr, const struct tq_data *d, struct tq_board_map *m)
{
	int order[TQ_MAX_AREAS];
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_area *ar = &d->areas[a];
		m->tag[a] = tag_box(ar);
		m->mark[a] = (struct wj_board_mark){ ar->x, ar->y, TQ_TAG_H / 2.0 };
		m->name[a] = (struct wj_board_box){ 0, 0, 0, 0 };
		if (!ar->on_map || !ar->name[0])
			continue;
		name_font(cr, ar);
		struct wj_board_box ink = name_ink(cr, ar->name);
		m->name[a].x1 = ink.x1 - ink.x0 + 2 * WJ_NAME_HALO;
		m->name[a].y1 = ink.y1 - ink.y0 + 2 * WJ_NAME_HALO;
	}
	int n = name_order(d, m, order);
	for (int i = 0; i < n; i++)
		place_name(d, m, order[i], order, i);
}

static void names(cairo_t *cr, const struct tq_data *d, const struct tq_board_map *m)
{
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_area *ar = &d->areas[a];
		if (!ar->on_map || !ar->name[0])
			continue;
		name_font(cr, ar);
		struct wj_board_box ink = name_ink(cr, ar->name);
		double x = m->name[a].x0 + WJ_NAME_HALO - ink.x0;
		double y = m->name[a].y0 + WJ_NAME_HALO - ink.y0;
		wj_draw_label(cr, x, y, ar->name, 1, TQ_C_INK, TQ_C_WHITE);
	}
}

int tq_board_map(cairo_surface_t *img, struct tq_board_map *m, const struct tq_data *d)
{
	if (paint_land(d, (uint32_t *)(void *)cairo_image_surface_get_data(img),
		       cairo_image_surface_get_width(img), cairo_image_surface_get_height(img)))
		return -1;
	cairo_surface_mark_dirty(img);
	cairo_t *cr = cairo_create(img);
	borders(cr, d);
	for (int a = 0; a < d->nareas; a++)
		if (d->areas[a].on_map)
			tq_board_tag(cr, d, a, d->areas[a].x, d->areas[a].y);
	tq_board_map_place(cr, d, m);
	names(cr, d, m);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	return rc;
}
