/* Tarleton's Quarter!'s board as a picture (tq_board.h): the map from the
 * data cache (tq_board_map_png.c), and over it the position of a view:
 * each side's forces as a marker in its colour beside their area with
 * their SP total and commanding leader, forts and Bases of Operations as
 * badges on the tags, sieges as rings in the besieger's colour, the
 * last endeavour's path as a line from tag to tag, the endeavour under
 * way ringed; a panel with the date, the phase, the
 * weather and what is off the map; a legend. The same view gives the
 * same bytes. */
#include <math.h>   /* M_PI only: no libm */
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "cache.h"
#include "png_palette.h"
#include "tq_board_png.h"
#include "tq_engine.h"
#include "tq_game.h"
#include "tq_sps.h"

#define MARKER_SIZE 10
#define MARKER_LINE 12   /* a marker's line: its SPs, then its leader */
#define MISREAD_WEIGHT 1000
/* Covering a tag, a name or another marker: per px² */
#define OVERLAP_WEIGHT 1e6
#define MARKER_MARGIN 2

/* Each keeps its place in the palette, so a piece is painted in exactly
 * its colour (png_palette.h). */
static const uint32_t OWN_COLOURS[] = {
	TQ_C_INK, TQ_C_PAPER, TQ_C_SEA, TQ_C_WHITE, TQ_C_RED, TQ_C_BLUE, TQ_C_ROAD, TQ_C_RIVER, TQ_C_PLAIN,
	TQ_C_SWAMP, TQ_C_CITY, TQ_C_PANEL, TQ_C_PATH, TQ_C_FORT, TQ_C_CELL_EDGE,
};
#define NOWN (int)(sizeof OWN_COLOURS / sizeof *OWN_COLOURS)

/* ---- the markers' places ---- */

struct markers {
	int n;
	struct tq_board_force force[TQ_BOARD_MARKERS];
	struct wj_board_box box[TQ_BOARD_MARKERS];
};

struct marking {
	const struct tq_data *d;
	const struct tq_board_map *m;
	const struct markers *k;
	int i;
};

static double marker_cost(const struct wj_board_box *b, const void *ctx)
{
	const struct marking *g = ctx;
	const struct tq_data *d = g->d;
	struct wj_board_box legend = tq_board_legend(d), panel = tq_board_panel(d);
	double sum = wj_box_overlap(b, &legend) + wj_box_overlap(b, &panel) +
		MISREAD_WEIGHT * tq_board_misread(d, b, g->k->force[g->i].area, MARKER_MARGIN);
	for (int a = 0; a < d->nareas; a++)
		sum += OVERLAP_WEIGHT * (wj_box_overlap(b, &g->m->tag[a]) +
					 wj_box_overlap(b, &g->m->name[a]));
	for (int j = 0; j < g->i; j++)
		sum += OVERLAP_WEIGHT * wj_box_overlap(b, &g->k->box[j]);
	return sum;
}

/* The marker's size: its lines and a margin round them. */
static void marker_size(cairo_t *cr, const struct tq_data *d, const struct tq_board_force *f,
			double *w, double *h)
{
	char sps[48];
	const char *leader;
	tq_board_force_lines(d, f, sps, sizeof sps, &leader);
	double a = wj_draw_text_width(cr, sps), b = wj_draw_text_width(cr, leader);
	*w = (a > b ? a : b) + 8;
	*h = leader[0] ? 2 * MARKER_LINE + 4 : MARKER_LINE + 4;
}

/* The widest markers first (they have the fewest places), the forces'
 * order among equals. */
static void place_markers(cairo_t *cr, const struct tq_data *d, const struct tq_state *view,
			  const struct tq_board_map *m, struct markers *k)
{
	double w[TQ_BOARD_MARKERS], h[TQ_BOARD_MARKERS];
	int order[TQ_BOARD_MARKERS];
	struct markers placed;
	k->n = tq_board_forces(d, view, k->force);
	wj_draw_font(cr, MARKER_SIZE, true);
	for (int i = 0; i < k->n; i++) {
		marker_size(cr, d, &k->force[i], &w[i], &h[i]);
		int j = i;
		for (; j > 0 && w[order[j - 1]] < w[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	placed.n = k->n;
	for (int j = 0; j < k->n; j++) {
		struct marking g = { d, m, &placed, j };
		placed.force[j] = k->force[order[j]];
		placed.box[j] = tq_board_place(d, placed.force[j].area, w[order[j]], h[order[j]],
					       marker_cost, &g);
		k->box[order[j]] = placed.box[j];
	}
}

/* Whether marker i is as near another area's tag as its own: then a
 * line leads from it to its own. */
static bool led(const struct tq_data *d, const struct markers *k, int i)
{
	return tq_board_misread(d, &k->box[i], k->force[i].area, 1) > 0;
}

/* From the marker's nearest edge to its area's tag's rim, a dot there:
 * the tag's I.D. stays clear. */
static void leader_line(cairo_t *cr, const struct tq_data *d, const struct markers *k, int i)
{
	const struct wj_board_box *b = &k->box[i];
	const struct tq_area *a = &d->areas[k->force[i].area];
	double x = a->x < b->x0 ? b->x0 : a->x > b->x1 ? b->x1 : a->x;
	double y = a->y < b->y0 ? b->y0 : a->y > b->y1 ? b->y1 : a->y;
	double dx = x - a->x, dy = y - a->y, hw = TQ_TAG_W / 2.0 + 2, hh = TQ_TAG_H / 2.0 + 2;
	double sx = (dx < 0 ? -dx : dx) / hw, sy = (dy < 0 ? -dy : dy) / hh, s = sx > sy ? sx : sy;
	if (s <= 1)
		return;
	wj_draw_rgb(cr, tq_board_side_colour(k->force[i].side));
	cairo_set_line_width(cr, 2);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, a->x + dx / s, a->y + dy / s);
	cairo_stroke(cr);
	cairo_new_path(cr);
	cairo_arc(cr, a->x + dx / s, a->y + dy / s, 2.5, 0, 2 * M_PI);
	cairo_fill(cr);
}

static void markers(cairo_t *cr, const struct tq_data *d, const struct markers *k)
{
	char sps[48];
	const char *leader;
	for (int i = 0; i < k->n; i++)
		if (led(d, k, i))
			leader_line(cr, d, k, i);
	wj_draw_font(cr, MARKER_SIZE, true);
	for (int i = 0; i < k->n; i++) {
		const struct wj_board_box *b = &k->box[i];
		cairo_new_path(cr);
		cairo_rectangle(cr, b->x0 + 0.5, b->y0 + 0.5, b->x1 - b->x0 - 1, b->y1 - b->y0 - 1);
		wj_draw_rgb(cr, tq_board_side_colour(k->force[i].side));
		cairo_fill_preserve(cr);
		wj_draw_rgb(cr, TQ_C_WHITE);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		tq_board_force_lines(d, &k->force[i], sps, sizeof sps, &leader);
		cairo_move_to(cr, b->x0 + 4, b->y0 + MARKER_LINE - 0.5);
		cairo_show_text(cr, sps);
		cairo_move_to(cr, b->x0 + 4, b->y0 + 2 * MARKER_LINE - 0.5);
		cairo_show_text(cr, leader);
	}
}

/* ---- forts, bases, sieges, the endeavour ---- */

static void disc(cairo_t *cr, double x, double y, double r, uint32_t fill, uint32_t rim)
{
	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	wj_draw_rgb(cr, fill);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, rim);
	cairo_set_line_width(cr, 1.2);
	cairo_stroke(cr);
}

/* 4.1: a fort, a four-pointed star in its holder's colour on the tag's
 * top right; one being built hollow. */
static void fort_badge(cairo_t *cr, double x, double y, enum tq_fort fort, enum tq_side side)
{
	wj_draw_star_path(cr, x, y, 4, 6, 3);
	wj_draw_rgb(cr, fort == TQ_FORT ? tq_board_side_colour(side) : TQ_C_WHITE);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, TQ_C_FORT);
	cairo_set_line_width(cr, 1.2);
	cairo_stroke(cr);
}

/* 2.0: a Base of Operations, a "B" disc in its side's colour on the
 * tag's top left. */
static void base_badge(cairo_t *cr, double x, double y, enum tq_side side)
{
	disc(cr, x, y, 5.5, tq_board_side_colour(side), TQ_C_WHITE);
	wj_draw_font(cr, 8, true);
	wj_draw_rgb(cr, TQ_C_WHITE);
	cairo_move_to(cr, x - wj_draw_text_width(cr, "B") / 2, y + 3);
	cairo_show_text(cr, "B");
}

/* 4.3: a siege, a rim round the tag in the besieger's colour: dashed
 * in its first turn, solid after. */
static void siege_rim(cairo_t *cr, double x, double y, int siege, enum tq_side besieger)
{
	static const double dash[] = { 4, 2.5 };
	wj_draw_rgb(cr, tq_board_side_colour(besieger));
	cairo_set_line_width(cr, 3);
	cairo_set_dash(cr, dash, siege > 1 ? 0 : 2, 0);
	cairo_new_path(cr);
	cairo_rectangle(cr, x - TQ_TAG_W / 2.0 - 2.5, y - TQ_TAG_H / 2.0 - 2.5, TQ_TAG_W + 5,
			TQ_TAG_H + 5);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void ring(cairo_t *cr, double x, double y, double r, uint32_t c, double width)
{
	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	wj_draw_rgb(cr, c);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

static void area_badges(cairo_t *cr, const struct tq_data *d, const struct tq_state *s, int a)
{
	const struct tq_area *ar = &d->areas[a];
	const struct tq_area_state *st = &s->area[a];
	double bx = TQ_TAG_W / 2.0 - 3, by = TQ_TAG_H / 2.0 + 1;
	if (st->siege > 0)
		siege_rim(cr, ar->x, ar->y, st->siege, (enum tq_side)st->besieger);
	if (st->fort != TQ_NO_FORT)
		fort_badge(cr, ar->x + bx, ar->y - by, st->fort, (enum tq_side)st->fort_side);
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++)
		if (st->base[side])
			base_badge(cr, ar->x - bx, ar->y - by, (enum tq_side)side);
}

/* The force of the endeavour under way, where it stands (its path is
 * hidden: tq_state.h). */
static void endeavour(cairo_t *cr, const struct tq_data *d, const struct tq_state *s)
{
	const struct tq_endeavor *en = &s->hidden.endeavor;
	if (en->active && en->at >= 0 && en->at < d->nareas)
		ring(cr, d->areas[en->at].x, d->areas[en->at].y, 17, TQ_C_PATH, 3.5);
}

static double magnitude(double v)
{
	return v < 0 ? -v : v;
}

/* How far along a -> b the line leaves a tag of half-size (w, h) about
 * a, with a margin. */
static double off_tag(double dx, double dy, double w, double h)
{
	double tx = dx ? (w + 3) / magnitude(dx) : 1e9, ty = dy ? (h + 3) / magnitude(dy) : 1e9;
	return tx < ty ? tx : ty;
}

/* Nothing is drawn in box b (and a margin) from now on, if the line
 * from (x0, y0) to (x1, y1) could come near it; whole pixels, so that
 * cairo keeps the clip as a region. */
static void keep_clear(cairo_t *cr, const struct tq_data *d, const struct wj_board_box *b,
		       double x0, double y0, double x1, double y1)
{
	double lo_x = x0 < x1 ? x0 : x1, hi_x = x0 < x1 ? x1 : x0;
	double lo_y = y0 < y1 ? y0 : y1, hi_y = y0 < y1 ? y1 : y0;
	if (b->x1 <= b->x0 || b->x1 + 6 < lo_x || b->x0 - 6 > hi_x || b->y1 + 6 < lo_y ||
	    b->y0 - 6 > hi_y)
		return;
	int bx = (int)b->x0 - 2, by = (int)b->y0 - 2, bw = (int)(b->x1 + 3) - bx,
	    bh = (int)(b->y1 + 3) - by;
	cairo_new_path(cr);
	cairo_rectangle(cr, 0, 0, d->board_w, d->board_h);
	cairo_rectangle(cr, bx, by, bw, bh);
	cairo_clip(cr);
}

/* One step of the path, tag to tag, clear of every tag, name and marker;
 * an arrowhead where the path ended. */
static void trail_step(cairo_t *cr, const struct tq_data *d, const struct tq_board_map *m,
		       const struct markers *k, int from, int to, bool last)
{
	const struct tq_area *a = &d->areas[from], *b = &d->areas[to];
	double dx = b->x - a->x, dy = b->y - a->y, w = TQ_TAG_W / 2.0, h = TQ_TAG_H / 2.0;
	double t0 = off_tag(dx, dy, w, h), t1 = 1 - off_tag(dx, dy, w, h);
	if (t0 >= t1)
		return;
	double x0 = a->x + t0 * dx, y0 = a->y + t0 * dy, x1 = a->x + t1 * dx, y1 = a->y + t1 * dy;
	cairo_save(cr);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
	for (int i = 0; i < d->nareas; i++) {
		keep_clear(cr, d, &m->tag[i], x0, y0, x1, y1);
		keep_clear(cr, d, &m->name[i], x0, y0, x1, y1);
	}
	for (int i = 0; i < k->n; i++)
		keep_clear(cr, d, &k->box[i], x0, y0, x1, y1);
	cairo_new_path(cr);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
	double len = wj_draw_length(dx, dy), ux = dx / len, uy = dy / len;
	if (last) {
		cairo_new_path(cr);
		cairo_move_to(cr, x1 + 2 * ux, y1 + 2 * uy);
		cairo_line_to(cr, x1 - 9 * ux + 6 * uy, y1 - 9 * uy - 6 * ux);
		cairo_line_to(cr, x1 - 9 * ux - 6 * uy, y1 - 9 * uy + 6 * ux);
		cairo_close_path(cr);
		cairo_fill(cr);
	}
	cairo_restore(cr);
}

/* The last endeavour's path (tq_state.h's trail). */
static void trail(cairo_t *cr, const struct tq_data *d, const struct tq_state *s,
		  const struct tq_board_map *m, const struct markers *k)
{
	wj_draw_rgb(cr, TQ_C_PATH);
	cairo_set_line_width(cr, 4);
	for (int i = 1; i < s->ntrail; i++)
		if (s->trail[i - 1] != s->trail[i])
			trail_step(cr, d, m, k, s->trail[i - 1], s->trail[i], i == s->ntrail - 1);
}

/* ---- the panel and the legend ---- */

static void panel_box(cairo_t *cr, const struct wj_board_box *b)
{
	cairo_new_path(cr);
	cairo_rectangle(cr, b->x0, b->y0, b->x1 - b->x0, b->y1 - b->y0);
	wj_draw_rgb(cr, TQ_C_PANEL);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, TQ_C_INK);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void text_at(cairo_t *cr, double x, double y, double size, bool bold, const char *s)
{
	wj_draw_font(cr, size, bold);
	wj_draw_rgb(cr, TQ_C_INK);
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

/* "British: base S11 (Charlestown); at sea 5 SP". */
static void side_line(const struct tq_data *d, const struct tq_state *s, int side, char *out,
		      size_t len)
{
	const struct tq_side_state *ss = &s->side[side];
	int n = snprintf(out, len, "%s: base ", d->side_name[side]);
	if (ss->base >= 0 && ss->base < d->nareas)
		n += snprintf(out + n, len - (size_t)n, "%s%s%s%s", d->areas[ss->base].id,
			      d->areas[ss->base].name[0] ? " (" : "", d->areas[ss->base].name,
			      d->areas[ss->base].name[0] ? ")" : "");
	else
		n += snprintf(out + n, len - (size_t)n, "%s", ss->base_at_sea ? "at sea" : "none");
	int sea = side == TQ_BRITISH ? tq_sps_total(&s->at_sea) : 0;
	if (sea && n < (int)len)
		snprintf(out + n, len - (size_t)n, "; at sea %d SP", sea);
}

static void panel(cairo_t *cr, const struct tq_data *d, const struct tq_state *s)
{
	struct wj_board_box box = tq_board_panel(d);
	const struct wj_board_box *b = &box;
	char line[160], month[40];
	panel_box(cr, b);
	text_at(cr, b->x0 + 14, b->y0 + 32, 22, true, d->title);
	tq_month_text(s->month, month, sizeof month);
	text_at(cr, b->x0 + 14, b->y0 + 60, 15, true, month);
	snprintf(line, sizeof line, "%s", tq_phase_name(s->phase));
	text_at(cr, b->x0 + 14, b->y0 + 82, 12, false, line);
	snprintf(line, sizeof line, "Weather: %s", tq_weather_name(s->weather));
	text_at(cr, b->x0 + 14, b->y0 + 108, 14, true, line);
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		side_line(d, s, side, line, sizeof line);
		text_at(cr, b->x0 + 14, b->y0 + 112 + 24 * side, 12, false, line);
	}
	text_at(cr, b->x0 + 14, b->y0 + 190, 10, false,
		"A schematic map, reconstructed: the seed has none");
	text_at(cr, b->x0 + 14, b->y0 + 204, 10, false, "(docs/tarletons-quarter-data.md).");
}

#define ROW 24

static void legend_text(cairo_t *cr, double x, double y, const char *s)
{
	text_at(cr, x, y + 4, 11.5, false, s);
}

/* The tags of the data's first area of each kind, as they are drawn. */
static void legend_tags(cairo_t *cr, const struct tq_data *d, double x, double y)
{
	static const char *const WORDS[] = { "city", "settlement", "swamp", "other area", "port" };
	for (int k = 0, row = 0; k < 5; k++) {
		for (int a = 0; a < d->nareas; a++) {
			const struct tq_area *ar = &d->areas[a];
			bool fits = k == 0 ? ar->city : k == 1 ? ar->settlement && !ar->swamp && !ar->port
				  : k == 2 ? ar->swamp && !ar->port && !ar->settlement
				  : k == 3 ? !ar->city && !ar->settlement && !ar->swamp && !ar->port
				  : ar->port && !ar->city && !ar->settlement;
			if (!ar->on_map || !fits)
				continue;
			double sx = x + (row % 2) * 210, sy = y + (row / 2) * ROW;
			tq_board_tag(cr, d, a, sx, sy);
			legend_text(cr, sx + 20, sy, WORDS[k]);
			row++;
			break;
		}
	}
}

static void legend_border(cairo_t *cr, double x, double y, bool road, bool river)
{
	static const double dots[] = { 2, 4 };
	wj_draw_rgb(cr, road ? TQ_C_ROAD : TQ_C_PLAIN);
	cairo_set_line_width(cr, road ? 2.6 : 1.6);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_dash(cr, dots, road ? 0 : 2, 0);
	cairo_move_to(cr, x - 14, y);
	cairo_line_to(cr, x + 14, y);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	if (river) {
		wj_draw_rgb(cr, TQ_C_RIVER);
		cairo_set_line_width(cr, 4);
		cairo_move_to(cr, x, y - 9);
		cairo_line_to(cr, x, y + 9);
		cairo_stroke(cr);
	}
}

static void legend_borders(cairo_t *cr, double x, double y)
{
	static const char *const WORDS[] = { "border with a road", "plain border",
					     "river with a road", "river, no road" };
	for (int k = 0; k < 4; k++) {
		double sx = x + (k % 2) * 210, sy = y + (k / 2) * ROW;
		legend_border(cr, sx, sy, k % 2 == 0, k >= 2);
		legend_text(cr, sx + 20, sy, WORDS[k]);
	}
}

static void swatch(cairo_t *cr, double x, double y, uint32_t c)
{
	cairo_new_path(cr);
	cairo_rectangle(cr, x - 12, y - 8, 24, 16);
	wj_draw_rgb(cr, c);
	cairo_fill_preserve(cr);
	wj_draw_rgb(cr, TQ_C_INK);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void legend_path(cairo_t *cr, double x, double y)
{
	wj_draw_rgb(cr, TQ_C_PATH);
	cairo_set_line_width(cr, 4);
	cairo_new_path(cr);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x + 18, y);
	cairo_stroke(cr);
	cairo_new_path(cr);
	cairo_move_to(cr, x + 28, y);
	cairo_line_to(cr, x + 18, y - 6);
	cairo_line_to(cr, x + 18, y + 6);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void legend_colonies(cairo_t *cr, const struct tq_data *d, double x, double y)
{
	for (int c = 0; c < TQ_COLONIES; c++) {
		double sx = x + (c % 2) * 210, sy = y + (c / 2) * ROW;
		swatch(cr, sx, sy, tq_board_colony_tint((enum tq_colony)c));
		legend_text(cr, sx + 20, sy, d->colony_name[c]);
	}
	swatch(cr, x, y + 2 * ROW, TQ_C_SEA);
	legend_text(cr, x + 20, y + 2 * ROW, "the sea");
	legend_path(cr, x + 210 - 14, y + 2 * ROW);
	legend_text(cr, x + 210 + 20, y + 2 * ROW, "last endeavour's path");
}

static void legend_markers(cairo_t *cr, const struct tq_data *d, double x, double y)
{
	char words[TQ_NAME_MAX + 40];
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		double sy = y + (side - 1) * ROW;
		cairo_new_path(cr);
		cairo_rectangle(cr, x - 14, y - 8 + (side - 1) * ROW, 28, 16);
		wj_draw_rgb(cr, tq_board_side_colour((enum tq_side)side));
		cairo_fill(cr);
		snprintf(words, sizeof words, "%s force: SPs, commander", d->side_name[side]);
		legend_text(cr, x + 20, sy, words);
	}
	fort_badge(cr, x, y + 2 * ROW, TQ_FORT, TQ_BRITISH);
	legend_text(cr, x + 20, y + 2 * ROW, "fort (its holder's colour)");
	fort_badge(cr, x + 210, y + 2 * ROW, TQ_BUILDING, TQ_BRITISH);
	legend_text(cr, x + 230, y + 2 * ROW, "fort being built");
	base_badge(cr, x, y + 3 * ROW, TQ_BRITISH);
	legend_text(cr, x + 20, y + 3 * ROW, "Base of Operations");
	siege_rim(cr, x + 210, y + 3 * ROW, 1, TQ_BRITISH);
	legend_text(cr, x + 230, y + 3 * ROW, "siege: 1st turn");
	siege_rim(cr, x + 210, y + 4 * ROW + 6, 2, TQ_BRITISH);
	legend_text(cr, x + 230, y + 4 * ROW + 6, "later");
	ring(cr, x, y + 4 * ROW + 6, 11, TQ_C_PATH, 3.5);
	legend_text(cr, x + 20, y + 4 * ROW + 6, "endeavour under way");
}

static void legend(cairo_t *cr, const struct tq_data *d)
{
	struct wj_board_box box = tq_board_legend(d);
	const struct wj_board_box *b = &box;
	panel_box(cr, b);
	text_at(cr, b->x0 + 14, b->y0 + 24, 15, true, "Legend");
	legend_tags(cr, d, b->x0 + 28, b->y0 + 46);
	legend_text(cr, b->x0 + 14, b->y0 + 46 + 3 * ROW - 4,
		    "Name beside its area; bold a city, italic no settlement");
	legend_borders(cr, b->x0 + 28, b->y0 + 46 + 4 * ROW);
	legend_colonies(cr, d, b->x0 + 28, b->y0 + 46 + 6 * ROW + 4);
	legend_markers(cr, d, b->x0 + 28, b->y0 + 46 + 9 * ROW + 8);
}

/* ---- the picture ---- */

static void draw(cairo_t *cr, const struct tq_data *d, const struct tq_state *s,
		 const struct tq_board_map *m)
{
	struct markers k;
	for (int a = 0; a < d->nareas; a++)
		if (d->areas[a].on_map)
			area_badges(cr, d, s, a);
	place_markers(cr, d, s, m, &k);
	trail(cr, d, s, m, &k);
	endeavour(cr, d, s);
	markers(cr, d, &k);
	panel(cr, d, s);
	legend(cr, d);
}

static int draw_map(cairo_surface_t *img, void *head, const void *arg)
{
	return tq_board_map(img, head, arg);
}

/* The map under the position into img, and where its tags and names
 * are: from the cache (cache.h) when this build has drawn it for these
 * areas and borders before. */
static int map(const struct tq_data *d, cairo_surface_t *img, struct tq_board_map *m)
{
	struct wj_cache_key k;
	wj_cache_key_start(&k, "map", (const void *)tq_board_png);
	wj_cache_key_add(&k, &d->nareas, sizeof d->nareas);
	wj_cache_key_add(&k, d->areas, sizeof *d->areas * (size_t)d->nareas);
	wj_cache_key_add(&k, &d->nborders, sizeof d->nborders);
	wj_cache_key_add(&k, d->borders, sizeof *d->borders * (size_t)d->nborders);
	wj_cache_key_add(&k, &d->board_w, sizeof d->board_w);
	wj_cache_key_add(&k, &d->board_h, sizeof d->board_h);
	return wj_draw_map(img, &k, "map", m, sizeof *m, draw_map, d);
}

static cairo_surface_t *board(const struct tq_data *d, const struct tq_state *view, char *why,
			      size_t whylen)
{
	if (!d->have_map) {
		wj_why(why, whylen, "%s's data has no map (map.yaml)", d->title);
		return NULL;
	}
	cairo_surface_t *img = wj_draw_picture(d->board_w, d->board_h, why, whylen);
	struct tq_board_map *m = malloc(sizeof *m);
	if (!img || !m || map(d, img, m)) {
		if (img)
			wj_why(why, whylen, "out of memory for the map of a %dx%d picture",
			       d->board_w, d->board_h);
		cairo_surface_destroy(img);
		free(m);
		return NULL;
	}
	cairo_t *cr = cairo_create(img);
	draw(cr, d, view, m);
	free(m);
	return wj_draw_done(img, cr, why, whylen);
}

/* As wj_draw_write_png, the board's size the data's. */
int tq_board_png(FILE *out, const struct tq_data *d, const struct tq_state *view, char *why,
		 size_t whylen)
{
	cairo_surface_t *img = board(d, view, why, whylen);
	if (!img)
		return -1;
	int rc = wj_png_palette_write(out, (const uint32_t *)(void *)cairo_image_surface_get_data(img),
				      d->board_w, d->board_h, OWN_COLOURS, NOWN);
	if (rc)
		wj_why(why, whylen, "writing the PNG: out of memory or the output failed");
	cairo_surface_destroy(img);
	return rc;
}

int tq_board_boxes(const struct tq_data *d, const struct tq_state *view,
		   struct tq_board_boxes *b)
{
	struct tq_board_map *m = malloc(sizeof *m);
	struct markers *k = malloc(sizeof *k);
	if (!m || !k) {
		free(m);
		free(k);
		return -1;
	}
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(img);
	tq_board_map_place(cr, d, m);
	place_markers(cr, d, view, m, k);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	cairo_surface_destroy(img);
	wj_draw_release_fonts();
	b->nlabels = 0;
	memset(b->led, 0, sizeof b->led);
	for (int a = 0; a < d->nareas; a++) {
		b->mark[a] = m->mark[a];
		b->tag[a] = m->tag[a];
		if (m->name[a].x1 > m->name[a].x0) {
			b->label[b->nlabels] = m->name[a];
			b->area[b->nlabels++] = a;
		}
	}
	b->first_marker = b->nlabels;
	for (int i = 0; i < k->n; i++) {
		b->led[b->nlabels] = led(d, k, i);
		b->label[b->nlabels] = k->box[i];
		b->area[b->nlabels++] = k->force[i].area;
	}
	free(m);
	free(k);
	return rc;
}

/* game.h's board, which the judge finds by this name (tq_game.c). */
int tq_game_board(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_events *last, char *why, size_t whylen)
{
	(void)viewer;
	(void)last;
	return tq_board_png(out, &d->tq, &view->tq, why, whylen);
}
