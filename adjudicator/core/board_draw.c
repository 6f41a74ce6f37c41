/* What every game's board picture draws alike (board_draw.h). */
#include <dlfcn.h>
#include <math.h>   /* M_PI only: no libm */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "board_draw.h"

bool wj_box_meets(const struct wj_board_box *a, const struct wj_board_box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

double wj_box_overlap(const struct wj_board_box *a, const struct wj_board_box *b)
{
	if (!wj_box_meets(a, b))
		return 0;
	double w = (a->x1 < b->x1 ? a->x1 : b->x1) - (a->x0 > b->x0 ? a->x0 : b->x0);
	double h = (a->y1 < b->y1 ? a->y1 : b->y1) - (a->y0 > b->y0 ? a->y0 : b->y0);
	return w * h;
}

/* By Newton's method. */
double wj_draw_length(double dx, double dy)
{
	double d2 = dx * dx + dy * dy, l = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
	for (int i = 0; i < 8 && l > 0; i++)
		l = (l + d2 / l) / 2;
	return l;
}

/* The box's distance from the mark's centre along x and along y. */
static void box_offset(const struct wj_board_box *b, const struct wj_board_mark *m,
		       double *dx, double *dy)
{
	*dx = m->x < b->x0 ? b->x0 - m->x : m->x > b->x1 ? m->x - b->x1 : 0;
	*dy = m->y < b->y0 ? b->y0 - m->y : m->y > b->y1 ? m->y - b->y1 : 0;
}

double wj_box_gap(const struct wj_board_box *b, const struct wj_board_mark *m)
{
	double dx, dy;
	box_offset(b, m, &dx, &dy);
	double gap = wj_draw_length(dx, dy) - m->r;
	return gap > 0 ? gap : 0;
}

/* A lower bound of wj_box_gap(b, m) without its square root: the larger
 * offset is no longer than the length, which the square root gives to
 * within 1e-12 px on a board; 1e-6 is far above that. The names' places
 * ask a gap thousands of times a board, and most marks are far. */
static double gap_at_least(const struct wj_board_box *b, const struct wj_board_mark *m)
{
	double dx, dy;
	box_offset(b, m, &dx, &dy);
	return (dx > dy ? dx : dy) - m->r - 1e-6;
}

bool wj_box_within(const struct wj_board_box *b, const struct wj_board_mark *m, double reach)
{
	return gap_at_least(b, m) <= reach && wj_box_gap(b, m) <= reach;
}

double wj_name_misread(const struct wj_board_box *b, const struct wj_board_mark *marks, int n,
		       int own, double margin)
{
	double mine = wj_box_gap(b, &marks[own]), worst = 0;
	for (int o = 0; o < n; o++) {
		/* a mark at least mine + margin - worst away cannot make it worse */
		if (o == own || gap_at_least(b, &marks[o]) >= mine + margin - worst)
			continue;
		double by = mine + margin - wj_box_gap(b, &marks[o]);
		worst = by > worst ? by : worst;
	}
	return worst;
}

void wj_draw_rgb(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0,
			     (c & 255) / 255.0);
}

void wj_draw_font(cairo_t *cr, double size, bool bold)
{
	cairo_select_font_face(cr, WJ_BOARD_FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

double wj_draw_text_width(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;
	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

void wj_draw_label(cairo_t *cr, double x, double y, const char *s, int align,
		   uint32_t ink, uint32_t halo)
{
	if (align == 1)
		x -= wj_draw_text_width(cr, s) / 2;
	/* the halo: the text itself around the place, 1.5 px out; glyphs
	 * come from cairo's cache, where stroking their outlines would not */
	static const double round[8][2] = {
		{ 1.5, 0 }, { -1.5, 0 }, { 0, 1.5 }, { 0, -1.5 },
		{ 1.06, 1.06 }, { -1.06, 1.06 }, { 1.06, -1.06 }, { -1.06, -1.06 },
	};
	wj_draw_rgb(cr, halo);
	for (int i = 0; i < 8; i++) {
		cairo_move_to(cr, x + round[i][0], y + round[i][1]);
		cairo_show_text(cr, s);
	}
	cairo_move_to(cr, x, y);
	wj_draw_rgb(cr, ink);
	cairo_show_text(cr, s);
}

/* By rotating the user space (no libm). */
void wj_draw_star_path(cairo_t *cr, double x, double y, int points, double r1, double r2)
{
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_move_to(cr, 0, -r1);
	for (int i = 1; i < points * 2; i++) {
		cairo_rotate(cr, M_PI / points);
		cairo_line_to(cr, 0, i % 2 ? -r2 : -r1);
	}
	cairo_close_path(cr);
	cairo_restore(cr);
}

const struct wj_name_place wj_name_places[] = {
	{ 0, 15, 0, 1 }, { 6, 14, -1, 1 }, { -6, 14, 1, 1 }, { 16, 0, 1, 0 },
	{ -16, 0, -1, 0 }, { 0, 28, 0, 1 }, { 14, 12, 1, 1 }, { -14, 12, -1, 1 },
	{ 0, -15, 0, -1 }, { 14, -12, 1, -1 }, { -14, -12, -1, -1 }, { 6, -14, -1, -1 },
	{ -6, -14, 1, -1 }, { 30, 0, 1, 0 }, { -30, 0, -1, 0 }, { 0, 40, 0, 1 },
	{ 0, -28, 0, -1 }, { 16, 26, 1, 1 }, { -16, 26, -1, 1 }, { 16, -26, 1, -1 },
	{ -16, -26, -1, -1 }, { 30, 14, 1, 1 }, { -30, 14, -1, 1 },
	{ 20, 14, 1, 1 }, { -20, 14, -1, 1 }, { 20, -14, 1, -1 }, { -20, -14, -1, -1 },
	{ 40, 0, 1, 0 }, { -40, 0, -1, 0 }, { 30, 28, 1, 1 }, { -30, 28, -1, 1 },
	{ 30, -28, 1, -1 }, { -30, -28, -1, -1 }, { 0, 54, 0, 1 }, { 0, -42, 0, -1 },
};
const int wj_name_nplaces = (int)(sizeof wj_name_places / sizeof *wj_name_places);

struct wj_board_box wj_name_box(double x, double y, const struct wj_name_place *p,
				double w, double h)
{
	x += p->dx - (p->ax < 0 ? w : p->ax == 0 ? w / 2 : 0);
	y += p->dy - (p->ay < 0 ? h : p->ay == 0 ? h / 2 : 0);
	return (struct wj_board_box){ x, y, x + w, y + h };
}

int wj_name_cut(const char *name)
{
	int n = (int)strlen(name), best = 0;
	for (int i = 1; i < n; i++)
		if (name[i] == ' ' && (!best || abs(2 * i - n) < abs(2 * best - n)))
			best = i;
	return best ? best + 1 : 0;
}

int wj_name_split(cairo_t *cr, const char *name)
{
	return wj_draw_text_width(cr, name) <= WJ_NAME_WIDE ? 0 : wj_name_cut(name);
}

void wj_name_line(const char *name, int split, int i, char *out, size_t len)
{
	if (!split)
		snprintf(out, len, "%s", i ? "" : name);
	else
		snprintf(out, len, "%.*s", i ? (int)len : split - 1, name + (i ? split : 0));
}

struct wj_board_box wj_name_ink(cairo_t *cr, const char *name, int split)
{
	struct wj_board_box b = { 1e9, 1e9, -1e9, -1e9 };
	char line[128];
	for (int i = 0; i < (split ? 2 : 1); i++) {
		cairo_text_extents_t e;
		wj_name_line(name, split, i, line, sizeof line);
		cairo_text_extents(cr, line, &e);
		double x0 = -e.x_advance / 2 + e.x_bearing, y0 = i * WJ_NAME_LINE_H + e.y_bearing;
		b.x0 = x0 < b.x0 ? x0 : b.x0;
		b.y0 = y0 < b.y0 ? y0 : b.y0;
		b.x1 = x0 + e.width > b.x1 ? x0 + e.width : b.x1;
		b.y1 = y0 + e.height > b.y1 ? y0 + e.height : b.y1;
	}
	return b;
}

cairo_surface_t *wj_draw_picture(int w, int h, char *err, size_t errlen)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS ||
	    cairo_image_surface_get_stride(img) != w * 4) {
		wj_why(err, errlen, "out of memory for a %dx%d picture", w, h);
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_surface_flush(img);
	return img;
}

/* Fontconfig's configuration is read once a process and let go when it
 * ends: a mail draws a board for each side, and reading it again cost
 * each board after the first about a tenth of its time. cairo's fonts
 * are let go after each board, before the encoder's buffers: a lower
 * peak. */
static void keep_font_config(void)
{
	static bool asked;
	cairo_debug_reset_static_data();
	if (!asked)
		asked = atexit(wj_draw_release_fonts) == 0;
}

cairo_surface_t *wj_draw_done(cairo_surface_t *img, cairo_t *cr, char *err, size_t errlen)
{
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	keep_font_config();
	if (st != CAIRO_STATUS_SUCCESS) {
		wj_why(err, errlen, "drawing the board: %s", cairo_status_to_string(st));
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_surface_flush(img);
	return img;
}

uint32_t *wj_draw_take_pixels(cairo_surface_t *img, char *err, size_t errlen)
{
	if (!img)
		return NULL;
	size_t n = (size_t)cairo_image_surface_get_width(img) *
		   (size_t)cairo_image_surface_get_height(img);
	uint32_t *px = malloc(sizeof *px * n);
	if (px)
		memcpy(px, cairo_image_surface_get_data(img), sizeof *px * n);
	else
		wj_why(err, errlen, "out of memory");
	cairo_surface_destroy(img);
	return px;
}

int wj_draw_write_png(FILE *out, cairo_surface_t *img, int (*encode)(FILE *, const uint32_t *),
		      char *err, size_t errlen)
{
	if (!img)
		return -1;
	int rc = encode(out, (const uint32_t *)(void *)cairo_image_surface_get_data(img));
	if (rc)
		wj_why(err, errlen, "writing the PNG: out of memory or the output failed");
	cairo_surface_destroy(img);
	return rc;
}

int wj_draw_map(cairo_surface_t *img, struct wj_cache_key *k, const char *what, void *head,
		size_t nhead, wj_draw_map_fn *draw, const void *arg)
{
	unsigned char key[WJ_CACHE_KEY_BYTES];
	unsigned char *px = cairo_image_surface_get_data(img);
	size_t npx = (size_t)cairo_image_surface_get_stride(img) *
		     (size_t)cairo_image_surface_get_height(img);
	bool keyed = wj_cache_key_end(k, key) == 0;
	cairo_surface_flush(img);
	if (keyed && !wj_cache_read(what, key, head, nhead, px, npx)) {
		cairo_surface_mark_dirty(img);
		return 0;
	}
	memset(head, 0, nhead); /* no stray padding bytes in the entry */
	if (draw(img, head, arg))
		return -1;
	cairo_surface_flush(img);
	if (keyed)
		wj_cache_write(what, key, head, nhead, px, npx);
	return 0;
}

/* FcFini is looked up rather than linked: fontconfig comes with cairo's
 * toy text API, not as a dependency. It is asked of fontconfig itself,
 * which cairo has loaded: in the wwjudge binary this file is in a plugin
 * loaded RTLD_LOCAL (plugin.h), out of RTLD_DEFAULT's sight. Letting the
 * fonts go also keeps leak checkers quiet. */
void wj_draw_release_fonts(void)
{
	cairo_debug_reset_static_data();
	void *fc = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_NOLOAD);
	if (!fc)
		return;
	void (*fc_fini)(void);
	*(void **)&fc_fini = dlsym(fc, "FcFini");
	if (fc_fini)
		fc_fini();
	dlclose(fc);
}
