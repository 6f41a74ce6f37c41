/* Tarleton's Quarter!'s board (issue 24): a PNG of the data's board size
 * and at most 150 KB, each side's force drawn in its colour beside its
 * area with its SP total and commanding leader (11.1), every label (a
 * named point's name, a force's marker) clear of every other label and
 * tag and nearer its own area than any other, in every scenario's set-up
 * and in a made-up crowded position round Charlestown, Savannah and
 * Virginia's Tidewater; the map from the data cache the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cairo.h>
#include <cmocka.h>

#include "map_cache.h"
#include "tq_board_png.h"
#include "tq_setup.h"
#include "tq_support.h"

static struct tq_state *S;

static void scenario(const char *name)
{
	char why[256];
	const struct tq_scenario *sc = tq_scenario_by_name(D, name);
	assert_non_null(sc);
	if (tq_setup(D, sc, 0, S, why, sizeof why))
		fail_msg("%s: %s", name, why);
}

static void leader_at(const char *name, const char *area, bool walls)
{
	int l = L(name);
	S->leader[l] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)A(area),
						 .walls = walls };
}

/* Round Charlestown, Savannah and Virginia's Tidewater, the map's most
 * crowded places: both sides' forces in neighbouring areas, a British
 * siege of Charlestown (4.3) with its garrison within the walls, forts
 * (4.1) and Bases of Operations. */
static void crowded(void)
{
	static const struct { const char *area; enum tq_side side; short regulars; } F[] = {
		{ "S11", TQ_BRITISH, 40 }, { "S11", TQ_CONTINENTAL, 6 }, { "S8", TQ_BRITISH, 8 },
		{ "S10", TQ_CONTINENTAL, 3 }, { "S12", TQ_CONTINENTAL, 2 }, { "S16", TQ_CONTINENTAL, 5 },
		{ "G1", TQ_BRITISH, 20 }, { "G2", TQ_CONTINENTAL, 4 }, { "S1", TQ_BRITISH, 3 },
		{ "S9", TQ_CONTINENTAL, 2 }, { "V18", TQ_BRITISH, 30 }, { "V19", TQ_CONTINENTAL, 12 },
		{ "V6", TQ_CONTINENTAL, 5 }, { "V1", TQ_BRITISH, 6 }, { "V2", TQ_CONTINENTAL, 2 },
		{ "V17", TQ_CONTINENTAL, 9 }, { "V28", TQ_CONTINENTAL, 4 }, { "V21", TQ_BRITISH, 2 },
	};
	tq_state_empty(D, S);
	S->month = TQ_MONTH(1780, 4);
	for (size_t i = 0; i < sizeof F / sizeof *F; i++)
		S->area[A(F[i].area)].side[F[i].side].ready.regulars = F[i].regulars;
	S->area[A("S11")].side[TQ_CONTINENTAL].walls.regulars = 9;
	S->area[A("S11")].siege = 2;
	S->area[A("S11")].besieger = TQ_BRITISH;
	S->area[A("S11")].fort = TQ_FORT;
	S->area[A("S11")].fort_side = TQ_CONTINENTAL;
	S->area[A("V18")].fort = TQ_BUILDING;
	S->area[A("V18")].fort_side = TQ_BRITISH;
	S->area[A("G1")].base[TQ_BRITISH] = true;
	S->area[A("V28")].base[TQ_CONTINENTAL] = true;
	leader_at("Clinton", "S11", false);
	leader_at("Lincoln", "S11", true);
	leader_at("Prevost", "G1", false);
	leader_at("Cornwallis", "V18", false);
	leader_at("Lafayette", "V19", false);
	leader_at("Tarleton", "S8", false);
	leader_at("Marion", "S12", false);
	S->trail_side = TQ_BRITISH; /* the last endeavour: from S9 by S8 into S11 */
	S->trail[0] = (short)A("S9");
	S->trail[1] = (short)A("S8");
	S->trail[2] = (short)A("S11");
	S->ntrail = 3;
}

/* No label meets another label or any tag, none is off the picture or
 * under a panel, and each is nearer its own area's tag than any other's
 * by a pixel; a force's marker that cannot be is led to its area by a
 * line, and a marker is led only then (no name ever is). */
static int bad;

/* An area's tag, as drawn: TQ_TAG_W x TQ_TAG_H round its place. */
static struct wj_board_box tag_rect(int a)
{
	return (struct wj_board_box){ D->areas[a].x - TQ_TAG_W / 2.0, D->areas[a].y - TQ_TAG_H / 2.0,
				      D->areas[a].x + TQ_TAG_W / 2.0, D->areas[a].y + TQ_TAG_H / 2.0 };
}

static double apart(const struct wj_board_box *b, const struct wj_board_box *t)
{
	double dx = b->x0 > t->x1 ? b->x0 - t->x1 : t->x0 > b->x1 ? t->x0 - b->x1 : 0;
	double dy = b->y0 > t->y1 ? b->y0 - t->y1 : t->y0 > b->y1 ? t->y0 - b->y1 : 0;
	return wj_draw_length(dx, dy);
}

/* The area whose tag is nearest the label, or -1 when two are as near
 * within a pixel. */
static int nearest_tag(const struct wj_board_box *l)
{
	int best = -1;
	double least = 1e9, second = 1e9;
	for (int a = 0; a < D->nareas; a++) {
		struct wj_board_box t = tag_rect(a);
		double g = apart(l, &t);
		if (g < least) {
			second = least;
			least = g;
			best = a;
		} else if (g < second) {
			second = g;
		}
	}
	return second - least >= 1 ? best : -1;
}

static void problem(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	bad++;
}

static void check_labels(const char *what)
{
	static struct tq_board_boxes b;
	assert_int_equal(tq_board_boxes(D, S, &b), 0);
	for (int i = 0; i < b.nlabels; i++) {
		const struct wj_board_box *l = &b.label[i];
		const char *id = D->areas[b.area[i]].id, *kind = i < b.first_marker ? "name" : "force";
		if (nearest_tag(l) != b.area[i] && !b.led[i])
			problem("%s: %s's %s is as near another area", what, id, kind);
		if (b.led[i] && (i < b.first_marker || nearest_tag(l) == b.area[i]))
			problem("%s: %s's %s is led to its area, needlessly", what, id, kind);
		if (l->x0 < 0 || l->y0 < 0 || l->x1 > D->board_w || l->y1 > D->board_h)
			problem("%s: %s's %s is off the picture", what, id, kind);
		struct wj_board_box legend = tq_board_legend(D), panel = tq_board_panel(D);
		if (wj_box_meets(l, &legend) || wj_box_meets(l, &panel))
			problem("%s: %s's %s is under a panel", what, id, kind);
		for (int a = 0; a < D->nareas; a++)
			if (wj_box_meets(l, &b.tag[a]))
				problem("%s: %s's %s covers %s's tag", what, id, kind, D->areas[a].id);
		for (int j = i + 1; j < b.nlabels; j++)
			if (wj_box_meets(l, &b.label[j]))
				problem("%s: %s's %s meets %s's %s", what, id, kind,
					D->areas[b.area[j]].id, j < b.first_marker ? "name" : "force");
	}
}

static void labels_clear_in_every_scenario(void **state)
{
	(void)state;
	bad = 0;
	for (int i = 0; i < D->nscenarios; i++) {
		scenario(D->scenarios[i].name);
		check_labels(D->scenarios[i].name);
	}
	if (bad)
		fail_msg("%d labels misplaced", bad);
}

static void labels_clear_in_a_crowded_position(void **state)
{
	(void)state;
	bad = 0;
	crowded();
	check_labels("crowded");
	if (bad)
		fail_msg("%d labels misplaced", bad);
}

/* No tag meets another: each area's place apart from every other's. */
static void tags_apart(void **state)
{
	(void)state;
	for (int a = 0; a < D->nareas; a++) {
		struct wj_board_box t = tag_rect(a);
		for (int o = a + 1; o < D->nareas; o++) {
			struct wj_board_box u = tag_rect(o);
			if (wj_box_meets(&t, &u))
				fail_msg("%s's tag meets %s's", D->areas[a].id, D->areas[o].id);
		}
	}
}

/* ---- the picture ---- */

struct picture { char *bytes; size_t len; cairo_surface_t *img; };

static void drawn(struct picture *pic)
{
	char why[256] = "", name[] = "/tmp/tq-board-XXXXXX";
	FILE *f = open_memstream(&pic->bytes, &pic->len);
	assert_non_null(f);
	if (tq_board_png(f, D, S, why, sizeof why))
		fail_msg("the board does not draw: %s", why);
	fclose(f);
	int fd = mkstemp(name);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, pic->bytes, pic->len), (ssize_t)pic->len);
	close(fd);
	pic->img = cairo_image_surface_create_from_png(name);
	unlink(name);
	assert_int_equal(cairo_surface_status(pic->img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(pic->img), D->board_w);
	assert_int_equal(cairo_image_surface_get_height(pic->img), D->board_h);
}

static void forget(struct picture *pic)
{
	cairo_surface_destroy(pic->img);
	free(pic->bytes);
	*pic = (struct picture){ 0 };
}

static uint32_t pixel(cairo_surface_t *img, int x, int y)
{
	const unsigned char *row = cairo_image_surface_get_data(img) +
				   (size_t)y * (size_t)cairo_image_surface_get_stride(img);
	return ((const uint32_t *)(const void *)row)[x] & 0xffffff;
}

/* Each force's marker is painted in its side's colour (inside its rim). */
static void forces_in_their_colours(cairo_surface_t *img)
{
	static struct tq_board_boxes b;
	struct tq_board_force f[TQ_BOARD_MARKERS];
	int n = tq_board_forces(D, S, f);
	assert_int_equal(tq_board_boxes(D, S, &b), 0);
	assert_int_equal(b.nlabels - b.first_marker, n);
	for (int i = 0; i < n; i++) {
		const struct wj_board_box *m = &b.label[b.first_marker + i];
		int x = (int)m->x0 + 2, y = (int)((m->y0 + m->y1) / 2);
		if (pixel(img, x, y) != tq_board_side_colour(f[i].side))
			fail_msg("%s's force at (%d, %d) is %06x, not its side's colour",
				 D->areas[f[i].area].id, x, y, pixel(img, x, y));
	}
}

/* Every scenario's set-up draws as a PNG of at most 150 KB, the same
 * position giving the same bytes. */
static void png_of_every_scenario(void **state)
{
	(void)state;
	for (int i = 0; i < D->nscenarios; i++) {
		struct picture a = { 0 }, b = { 0 };
		scenario(D->scenarios[i].name);
		drawn(&a);
		drawn(&b);
		forces_in_their_colours(a.img);
		if (a.len < 20000 || a.len > 150000)
			fail_msg("%s: a PNG of %zu bytes", D->scenarios[i].name, a.len);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.bytes, b.bytes, a.len);
		forget(&a);
		forget(&b);
	}
}

static void png_of_a_crowded_position(void **state)
{
	struct picture a = { 0 };
	(void)state;
	crowded();
	drawn(&a);
	forces_in_their_colours(a.img);
	assert_true(a.len <= 150000);
	/* TQ_BOARD_DUMP=FILE keeps the picture, to look at */
	const char *dump = getenv("TQ_BOARD_DUMP");
	FILE *f = dump ? fopen(dump, "wb") : NULL;
	if (f) {
		fwrite(a.bytes, 1, a.len, f);
		fclose(f);
	}
	forget(&a);
}

/* 11.1: a force's marker gives its SPs, those within the walls counted
 * and said, and its commanding leader, the highest ranking of its side's
 * leaders in the area; a leader alone is a force of 0 SP. */
static void a_force_with_its_sp_total_and_commander(void **state)
{
	struct tq_board_force f[TQ_BOARD_MARKERS];
	char text[128];
	(void)state;
	crowded();
	int n = tq_board_forces(D, S, f), s11b = -1, s11c = -1;
	for (int i = 0; i < n; i++) {
		if (f[i].area == A("S11"))
			*(f[i].side == TQ_BRITISH ? &s11b : &s11c) = i;
		assert_true(f[i].area != A("S12") || f[i].sps == 2);
	}
	assert_true(s11b >= 0 && s11c >= 0);
	tq_board_force_text(D, &f[s11b], text, sizeof text);
	assert_string_equal(text, "40 SP Clinton");
	tq_board_force_text(D, &f[s11c], text, sizeof text);
	assert_string_equal(text, "15 SP (9 in walls) Lincoln");
	/* Cornwallis outranks Tarleton, a colonel (2.0, 11.1) */
	leader_at("Cornwallis", "S8", false);
	n = tq_board_forces(D, S, f);
	for (int i = 0; i < n; i++) {
		if (f[i].area != A("S8"))
			continue;
		tq_board_force_text(D, &f[i], text, sizeof text);
		assert_string_equal(text, "8 SP Cornwallis");
	}
	S->area[A("S8")].side[TQ_BRITISH].ready.regulars = 0;
	n = tq_board_forces(D, S, f);
	for (int i = 0; i < n; i++)
		if (f[i].area == A("S8"))
			tq_board_force_text(D, &f[i], text, sizeof text);
	assert_string_equal(text, "0 SP Cornwallis");
}

/* A force's SP total is drawn: a board with one SP more differs in the
 * marker. */
static void the_sp_total_is_drawn(void **state)
{
	static struct tq_board_boxes b;
	struct picture a = { 0 }, c = { 0 };
	(void)state;
	crowded();
	drawn(&a);
	S->area[A("V19")].side[TQ_CONTINENTAL].ready.regulars++;
	drawn(&c);
	assert_int_equal(tq_board_boxes(D, S, &b), 0);
	int differ = 0;
	for (int i = b.first_marker; i < b.nlabels; i++) {
		if (b.area[i] != A("V19"))
			continue;
		for (int y = (int)b.label[i].y0; y < (int)b.label[i].y1; y++)
			for (int x = (int)b.label[i].x0; x < (int)b.label[i].x1; x++)
				differ += pixel(a.img, x, y) != pixel(c.img, x, y);
	}
	assert_true(differ > 0);
	forget(&a);
	forget(&c);
}

static void crowded_drawn(const void *arg, char **bytes, size_t *len)
{
	struct picture pic = { 0 };
	(void)arg;
	crowded();
	drawn(&pic);
	cairo_surface_destroy(pic.img);
	*bytes = pic.bytes;
	*len = pic.len;
}

static void the_map_from_the_cache_draws_the_same(void **state)
{
	(void)state;
	map_cache_draws_the_same(crowded_drawn, NULL);
}

static char *key_of(const struct tq_state *s)
{
	char *k = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&k, &len);
	assert_non_null(f);
	assert_int_equal(tq_board_key(f, D, s), 0);
	fclose(f);
	return k;
}

/* Issue 24: the last endeavour's path is drawn, tag to tag, and never
 * over a label or a tag: every pixel of every name, marker and tag is
 * the same with it and without it. */
static void the_last_path_is_drawn_clear_of_every_label(void **state)
{
	static struct tq_board_boxes b;
	struct picture with = { 0 }, without = { 0 };
	(void)state;
	crowded();
	assert_int_equal(tq_board_boxes(D, S, &b), 0);
	drawn(&with);
	S->ntrail = 0;
	drawn(&without);
	int w = D->board_w, h = D->board_h, changed = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			changed += pixel(with.img, x, y) != pixel(without.img, x, y);
	if (changed < 100)
		fail_msg("the path changes %d pixels: it is not drawn", changed);
	for (int i = 0; i < b.nlabels + D->nareas; i++) {
		const struct wj_board_box *l = i < b.nlabels ? &b.label[i] : &b.tag[i - b.nlabels];
		for (int y = (int)l->y0; y <= (int)l->y1 && y < h; y++)
			for (int x = (int)l->x0; x <= (int)l->x1 && x < w; x++)
				if (x >= 0 && y >= 0 && pixel(with.img, x, y) != pixel(without.img, x, y))
					fail_msg("the path is drawn over %s's %s at (%d, %d)",
						 D->areas[i < b.nlabels ? b.area[i] : i - b.nlabels].id,
						 i < b.nlabels ? "label" : "tag", x, y);
	}
	forget(&with);
	forget(&without);
}

/* issue 25: the judge draws one board for the views whose keys are the
 * same. A side's standing orders and its endeavour's path are not drawn:
 * the same key; a force's SPs, a fort (4.1), a siege (4.3), the weather
 * are: another key. */
static void the_key_says_what_is_drawn(void **state)
{
	struct tq_state *t = malloc(sizeof *t);
	assert_non_null(t);
	(void)state;
	crowded();
	char *k = key_of(S), *o;
	*t = *S;
	t->hidden.standing[TQ_BRITISH].n = 1;
	snprintf(t->hidden.standing[TQ_BRITISH].text[0], TQ_STANDING_TEXT, "retreat before combat to S8");
	t->hidden.endeavor.npath = 1;
	assert_string_equal(o = key_of(t), k);
	free(o);
	for (int change = 0; change < 5; change++) {
		*t = *S;
		if (change == 0)
			t->area[A("V19")].side[TQ_CONTINENTAL].ready.cavalry++;
		else if (change == 1)
			t->area[A("S13")].fort = TQ_BUILDING;
		else if (change == 2)
			t->area[A("S11")].siege = 1;
		else if (change == 3)
			t->weather = TQ_WEATHER_HEAT;
		else
			t->ntrail = 2; /* the last endeavour's path */
		o = key_of(t);
		if (!strcmp(o, k))
			fail_msg("change %d: the same key", change);
		free(o);
	}
	free(k);
	free(t);
}

/* Data without map.yaml has no board to draw: refused, with why. */
static void no_map_no_board(void **state)
{
	char why[256] = "", *bytes = NULL;
	size_t len = 0;
	(void)state;
	struct tq_data *d = malloc(sizeof *d);
	assert_non_null(d);
	*d = *D;
	d->have_map = false;
	FILE *f = open_memstream(&bytes, &len);
	assert_int_equal(tq_board_png(f, d, S, why, sizeof why), -1);
	fclose(f);
	assert_non_null(strstr(why, "no map"));
	assert_int_equal(len, 0);
	free(bytes);
	free(d);
}

static int setup(void **state)
{
	S = malloc(sizeof *S);
	return S ? tq_setup_data(state) : -1;
}

static int teardown(void **state)
{
	free(S);
	return tq_teardown_data(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tags_apart),
		cmocka_unit_test(labels_clear_in_every_scenario),
		cmocka_unit_test(labels_clear_in_a_crowded_position),
		cmocka_unit_test(a_force_with_its_sp_total_and_commander),
		cmocka_unit_test(png_of_every_scenario),
		cmocka_unit_test(png_of_a_crowded_position),
		cmocka_unit_test(the_sp_total_is_drawn),
		cmocka_unit_test(the_map_from_the_cache_draws_the_same),
		cmocka_unit_test(the_key_says_what_is_drawn),
		cmocka_unit_test(the_last_path_is_drawn_clear_of_every_label),
		cmocka_unit_test(no_map_no_board),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
