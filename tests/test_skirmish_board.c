/* Skirmish's board (issue 14, seed 004): in words, each side's pieces by
 * spot with the seed's totals (SET UP: "a total of 20 red units" and "16
 * blue units"); as a PNG of the stated size, each piece in its side's
 * colour where it is drawn, pieces on one spot apart, the last move's
 * path shown, and the spots' names clear of each other and of every spot.
 * Bad pieces or a bad path are refused with what is wrong, nothing
 * written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cairo.h>
#include <cmocka.h>

#include "report_form.h"
#include "sk_board.h"
#include "data_copy.h"
#include "map_cache.h"

static struct sk_data D;

static int setup_data(void **state)
{
	struct wj_data_problems p = { 0 };
	const char *dir = getenv("SK_DATA");
	(void)state;
	if (sk_data_load(dir ? dir : "data/skirmish", &D, &p)) {
		print_problems(&p);
		return -1;
	}
	return 0;
}

static int spot(const char *name)
{
	int s = sk_spot_by_name(&D, name);
	if (s < 0)
		fail_msg("no spot '%s'", name);
	return s;
}

/* A made-up crowded position round New York and Philadelphia: three
 * British warships in New York's harbour (II.6.C: "two or more of your
 * own ships may stop on a harbor spot"), an American army and a militia
 * on Philadelphia, a troop carrier at sea. */
static int crowded(struct sk_piece *p)
{
	static const struct { enum sk_side side; enum sk_piece_kind kind; const char *spot; int units; } C[] = {
		{ SK_BRITISH, SK_ARMY, "Trenton", 6 }, { SK_BRITISH, SK_ARMY, "New York City", 5 },
		{ SK_BRITISH, SK_ARMY, "Lancaster", 2 }, { SK_AMERICAN, SK_CONTINENTAL_ARMY, "Morristown", 4 },
		{ SK_AMERICAN, SK_BASIC_UNIT, "Philadelphia", 1 }, { SK_AMERICAN, SK_ARMY, "Philadelphia", 3 },
		{ SK_BRITISH, SK_WARSHIP, "New York Harbor", 0 }, { SK_BRITISH, SK_WARSHIP, "New York Harbor", 0 },
		{ SK_BRITISH, SK_WARSHIP, "New York Harbor", 0 }, { SK_AMERICAN, SK_WARSHIP, "Philadelphia Harbor", 0 },
		{ SK_BRITISH, SK_TROOP_CARRIER, "Off New Jersey", 2 }, { SK_AMERICAN, SK_BASIC_UNIT, "Valley Forge", 1 },
		{ SK_AMERICAN, SK_BASIC_UNIT, "Baltimore", 1 }, { SK_AMERICAN, SK_BASIC_UNIT, "West Point", 1 },
	};
	int n = (int)(sizeof C / sizeof *C);
	for (int i = 0; i < n; i++)
		p[i] = (struct sk_piece){ C[i].side, C[i].kind, spot(C[i].spot), C[i].units, 0 };
	return n;
}

/* ---- in words ---- */

struct text { char *s; size_t len; };

/* The words in the report form. */
static int words_form(const struct sk_piece *p, int n, struct text *t, char *why,
		      size_t whylen)
{
	FILE *f = open_memstream(&t->s, &t->len);
	assert_non_null(f);
	int rc = sk_board_words(f, &D, p, n, why, whylen);
	fclose(f);
	return rc;
}

/* The words as the text part shows them. */
static int words(const struct sk_piece *p, int n, struct text *t, char *why, size_t whylen)
{
	struct text form = { 0 };
	int rc = words_form(p, n, &form, why, whylen);
	FILE *f = open_memstream(&t->s, &t->len);
	assert_non_null(f);
	assert_int_equal(wj_form_text(f, form.s, form.len, SK_WORDS_WIDTH), 0);
	fclose(f);
	free(form.s);
	return rc;
}

static void lines_fit(const char *s)
{
	for (const char *l = s; *l; ) {
		const char *e = strchr(l, '\n');
		assert_non_null(e);
		if (e - l > SK_WORDS_WIDTH)
			fail_msg("a line of %d characters: %.*s", (int)(e - l), (int)(e - l), l);
		l = e + 1;
	}
}

/* The units one piece's line says ("army of 5 units", "militia"). */
static int line_units(const char *line)
{
	const char *of = strstr(line, " of ");
	return of ? atoi(of + 4) : strstr(line, ": militia") ? 1 : 0;
}

/* Seed SET UP: every piece of the set-up is listed on its spot, by side,
 * sorted by the spot's name, and the land units add up to the seed's
 * totals: 20 British in 4 armies, 16 American. */
static void words_list_the_setup(void **state)
{
	struct text t = { 0 };
	char why[256] = "";
	(void)state;
	assert_int_equal(words(D.pieces, D.npieces, &t, why, sizeof why), 0);
	lines_fit(t.s);
	const char *british = strstr(t.s, "British: 20 units in 4 armies; 3 warships; "
				      "a troop carrier with 2 units.\n");
	const char *american = strstr(t.s, "American: 16 units in the Continental Army, "
				      "2 armies and 13 militia;\n    1 warship; a troop carrier with 4 units.\n");
	assert_ptr_equal(british, t.s);
	assert_non_null(american);
	int units[SK_SIDES] = { 0 }, listed = 0;
	char last[SK_SIDES][SK_NAME_MAX + 64] = { "", "", "" };
	for (char *l = strtok(t.s, "\n"); l; l = strtok(NULL, "\n")) {
		if (strncmp(l, "  ", 2) || l[2] == ' ')
			continue;
		enum sk_side side = l < american ? SK_BRITISH : SK_AMERICAN;
		int len = (int)(strstr(l, ": ") - l);
		if (strncmp(last[side], l, (size_t)len + 1) > 0)
			fail_msg("'%s' is listed after '%s'", l, last[side]);
		snprintf(last[side], sizeof last[side], "%.*s", len, l);
		units[side] += strstr(l, "troop carrier") ? 0 : line_units(l);
		listed++;
	}
	assert_int_equal(listed, D.npieces);
	assert_int_equal(units[SK_BRITISH], 20);
	assert_int_equal(units[SK_AMERICAN], 16);
	free(t.s);
}

/* Every piece of the set-up has its own line: its spot and its kind, a
 * row of a table in the report form (issue 22: in the HTML part no
 * heading swallows a piece); a side's totals a line of text. */
static void words_name_each_piece(void **state)
{
	static const char *const KIND[] = { "army", "Continental Army", "militia", "warship",
					    "troop carrier" };
	struct text t = { 0 }, form = { 0 };
	char why[256], line[128];
	(void)state;
	assert_int_equal(words(D.pieces, D.npieces, &t, why, sizeof why), 0);
	assert_int_equal(words_form(D.pieces, D.npieces, &form, why, sizeof why), 0);
	for (int i = 0; i < D.npieces; i++) {
		snprintf(line, sizeof line, "\n  %s: %s", D.spots[D.pieces[i].spot].name,
			 KIND[D.pieces[i].kind]);
		if (!strstr(t.s, line))
			fail_msg("no line for piece %d:%s", i, line);
		snprintf(line, sizeof line, "\n|  %s: %s", D.spots[D.pieces[i].spot].name,
			 KIND[D.pieces[i].kind]);
		if (!strstr(form.s, line))
			fail_msg("piece %d is no table row:%s", i, line);
	}
	assert_ptr_equal(strstr(form.s, ".British: 20 units"), form.s);
	assert_non_null(strstr(form.s, "\n.American: 16 units in the Continental Army, 2 armies and "
			       "13 militia;\n+    1 warship; a troop carrier with 4 units.\n|  "));
	free(form.s);
	free(t.s);
}

/* A crowded position: two pieces on one spot each have their line; an
 * army of one unit is "1 unit". */
static void words_of_a_crowded_position(void **state)
{
	struct sk_piece p[SK_MAX_PIECES];
	struct text t = { 0 };
	char why[256];
	(void)state;
	int n = crowded(p);
	assert_int_equal(words(p, n, &t, why, sizeof why), 0);
	lines_fit(t.s);
	assert_non_null(strstr(t.s, "British: 13 units in 3 armies; 3 warships; a troop carrier "
				    "with 2 units.\n"));
	assert_non_null(strstr(t.s, "American: 11 units in the Continental Army, 1 army and 4 "
				    "militia;\n    1 warship.\n"));
	assert_non_null(strstr(t.s, "  New York Harbor: warship\n  New York Harbor: warship\n"
				    "  New York Harbor: warship\n"));
	assert_non_null(strstr(t.s, "  Philadelphia: army of 3 units\n  Philadelphia: militia\n"));
	free(t.s);
}

/* Bad pieces are refused with what is wrong and where; nothing is written. */
static void expect_refused(const struct sk_piece *p, int n, const char *text)
{
	struct text t = { 0 };
	char why[256] = "";
	assert_int_equal(words(p, n, &t, why, sizeof why), -1);
	if (!strstr(why, text))
		fail_msg("'%s' does not say '%s'", why, text);
	assert_int_equal(t.len, 0);
	free(t.s);
}

static void words_refuse_bad_pieces(void **state)
{
	struct sk_piece p[SK_MAX_PIECES];
	(void)state;
	int n = crowded(p);
	p[0].spot = 999;
	expect_refused(p, n, "piece 0 (British army): spot 999 is not on the board (spots 0 to");
	p[0] = (struct sk_piece){ SK_BRITISH, SK_ARMY, spot("Boston Harbor"), 5, 0 };
	expect_refused(p, n, "piece 0 (British army) is on Boston Harbor, a spot of the sea: "
		       "land pieces stand on land spots and cities (II.4)");
	p[0] = (struct sk_piece){ SK_BRITISH, SK_WARSHIP, spot("Boston"), 0, 0 };
	expect_refused(p, n, "piece 0 (British warship) is on Boston, a land spot: ships sail");
	p[0] = (struct sk_piece){ SK_BRITISH, SK_ARMY, spot("Boston"), 7, 0 };
	expect_refused(p, n, "has 7 units: it may have 1 to 6"); /* COMBINING UNITS 2 */
	p[0].units = 5;
	p[4].units = 2;
	expect_refused(p, n, "piece 4 (American militia on Philadelphia) has 2 units: "
		       "it may have 1 to 1");
	p[4].units = 1;
	p[1].side = SK_NOBODY;
	expect_refused(p, n, "piece 1: side 0 is neither American (1) nor British (2)");
	expect_refused(p, -1, "-1 pieces: a board holds 0 to");
}

/* ---- the picture ---- */

struct picture { char *bytes; size_t len; cairo_surface_t *img; };

static int draw(const struct sk_piece *p, int n, const int *path, int npath,
		struct picture *pic, char *why, size_t whylen)
{
	FILE *f = open_memstream(&pic->bytes, &pic->len);
	assert_non_null(f);
	int rc = sk_board_png(f, &D, p, n, path, npath, why, whylen);
	fclose(f);
	return rc;
}

/* Decoded by cairo, as a mail reader would: a valid PNG of the board's size. */
static void decode(struct picture *pic)
{
	char name[] = "/tmp/sk_board_XXXXXX";
	int fd = mkstemp(name);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, pic->bytes, pic->len), (ssize_t)pic->len);
	close(fd);
	pic->img = cairo_image_surface_create_from_png(name);
	unlink(name);
	assert_int_equal(cairo_surface_status(pic->img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(pic->img), SK_BOARD_W);
	assert_int_equal(cairo_image_surface_get_height(pic->img), SK_BOARD_H);
}

static void drawn(const struct sk_piece *p, int n, const int *path, int npath,
		  struct picture *pic)
{
	char why[256] = "";
	if (draw(p, n, path, npath, pic, why, sizeof why))
		fail_msg("the board does not draw: %s", why);
	decode(pic);
}

static void forget(struct picture *pic)
{
	cairo_surface_destroy(pic->img);
	free(pic->bytes);
}

static uint32_t pixel(cairo_surface_t *img, int x, int y)
{
	unsigned char *data = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	return *(uint32_t *)(void *)(data + y * stride + 4 * x) & 0xffffff;
}

/* Each piece shows in its side's colour where it is drawn (seed SET UP:
 * the American Blue, the British Red), and no two pieces are drawn at
 * one place. */
static void pieces_in_their_colours(const struct sk_piece *p, int n, cairo_surface_t *img)
{
	int x[SK_MAX_PIECES], y[SK_MAX_PIECES];
	for (int i = 0; i < n; i++) {
		sk_board_piece_xy(&D, p, n, i, &x[i], &y[i]);
		uint32_t want = sk_board_side_colour(p[i].side), got = pixel(img, x[i], y[i]);
		if (got != want)
			fail_msg("piece %d on %s: %06x at (%d, %d), not %06x", i,
				 D.spots[p[i].spot].name, got, x[i], y[i], want);
		for (int k = 0; k < i; k++)
			if (abs(x[k] - x[i]) < 20 && abs(y[k] - y[i]) < 20)
				fail_msg("pieces %d and %d on %s are drawn on top of each other", k, i,
					 D.spots[p[i].spot].name);
	}
	assert_int_not_equal(sk_board_side_colour(SK_AMERICAN), sk_board_side_colour(SK_BRITISH));
}

/* The set-up (seed SET UP) draws as a PNG of about 100 KB, the same
 * pieces giving the same bytes. */
static void png_of_the_setup(void **state)
{
	struct picture a = { 0 }, b = { 0 };
	(void)state;
	drawn(D.pieces, D.npieces, NULL, 0, &a);
	drawn(D.pieces, D.npieces, NULL, 0, &b);
	pieces_in_their_colours(D.pieces, D.npieces, a.img);
	assert_true(a.len > 20000 && a.len < 150000);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.bytes, b.bytes, a.len);
	forget(&a);
	forget(&b);
}

/* A crowded position: three warships in one harbour and two pieces on
 * one city are drawn apart, each in its colour; the last move's path
 * (New York City, Trenton, Philadelphia) shows between its spots where
 * the board without it does not. */
static void png_of_a_crowded_position(void **state)
{
	struct sk_piece p[SK_MAX_PIECES];
	struct picture with = { 0 }, without = { 0 };
	int path[] = { spot("New York City"), spot("Trenton"), spot("Philadelphia") };
	(void)state;
	int n = crowded(p);
	drawn(p, n, path, 3, &with);
	drawn(p, n, NULL, 0, &without);
	pieces_in_their_colours(p, n, with.img);
	for (int k = 1; k < 3; k++) {
		const struct sk_spot *a = &D.spots[path[k - 1]], *b = &D.spots[path[k]];
		int x = (a->x + b->x) / 2, y = (a->y + b->y) / 2;
		if (pixel(with.img, x, y) == pixel(without.img, x, y))
			fail_msg("the path from %s to %s does not show at (%d, %d)", a->name, b->name, x, y);
	}
	forget(&with);
	forget(&without);
}

static void crowded_drawn(const void *arg, char **bytes, size_t *len)
{
	struct sk_piece p[SK_MAX_PIECES];
	struct picture pic = { 0 };
	int n = crowded(p), path[] = { spot("New York City"), spot("Trenton") };
	char why[256] = "";
	(void)arg;
	if (draw(p, n, path, 2, &pic, why, sizeof why))
		fail_msg("the board does not draw: %s", why);
	*bytes = pic.bytes;
	*len = pic.len;
}

/* The map under the pieces (the land, the sea, the lines) comes from the
 * cache once drawn (tests/map_cache.h). */
static void the_map_from_the_cache_draws_the_same(void **state)
{
	(void)state;
	map_cache_draws_the_same(crowded_drawn, NULL);
}

/* No name's box (its text and halo) meets another name, any spot's mark
 * or the legend; each is on the picture and next to its spot; and with
 * `clear_of_pieces`, none covers a piece. */
static void check_names(const struct sk_piece *p, int n, bool clear_of_pieces)
{
	static struct sk_board_boxes b;
	struct wj_board_mark mark[SK_MAX_SPOTS];
	assert_int_equal(sk_board_boxes(&D, p, n, &b), 0);
	for (int s = 0; s < D.nspots; s++)
		mark[s] = (struct wj_board_mark){ D.spots[s].x, D.spots[s].y,
						  (b.spot[s].x1 - b.spot[s].x0) / 2 };
	/* issue 22: each piece is nearer its own spot than any other */
	for (int i = 0; i < n; i++)
		if (wj_name_misread(&b.piece[i], mark, D.nspots, p[i].spot, 1) > 0)
			fail_msg("piece %d on %s is as near another spot", i, D.spots[p[i].spot].name);
	for (int s = 0; s < D.nspots; s++) {
		const struct wj_board_box *nb = &b.name[s];
		const char *name = D.spots[s].name;
		/* issue 22: nearer its own spot than any other, by a pixel */
		if (wj_name_misread(nb, mark, D.nspots, s, 1) > 0)
			fail_msg("%s's name is %.1f px from it, as near another spot", name,
				 wj_box_gap(nb, &mark[s]));
		assert_true(nb->x1 > nb->x0 + 10 && nb->y1 > nb->y0 + 6);
		if (nb->x0 < 0 || nb->y0 < 0 || nb->x1 > SK_BOARD_W || nb->y1 > SK_BOARD_H)
			fail_msg("%s's name is off the picture", name);
		if (nb->x0 > D.spots[s].x + 40 || nb->x1 < D.spots[s].x - 40 ||
		    nb->y0 > D.spots[s].y + 45 || nb->y1 < D.spots[s].y - 45)
			fail_msg("%s's name is far from its spot", name);
		if (wj_box_meets(nb, &b.legend))
			fail_msg("%s's name is under the legend", name);
		for (int o = 0; o < D.nspots; o++) {
			if (wj_box_meets(nb, &b.spot[o]))
				fail_msg("%s's name covers %s", name, D.spots[o].name);
			if (o > s && wj_box_meets(nb, &b.name[o]))
				fail_msg("%s's name meets %s's", name, D.spots[o].name);
		}
		for (int i = 0; clear_of_pieces && i < n; i++)
			if (wj_box_meets(nb, &b.piece[i]))
				fail_msg("%s's name covers the piece on %s", name, D.spots[p[i].spot].name);
	}
}

/* Round Boston and New York: armies and militia on every spot, ships in
 * both harbours and at sea off them. */
static int crowded_north(struct sk_piece *p)
{
	static const struct { enum sk_side side; enum sk_piece_kind kind; const char *spot; int units; } C[] = {
		{ SK_BRITISH, SK_ARMY, "Boston", 6 }, { SK_AMERICAN, SK_ARMY, "Worcester", 3 },
		{ SK_AMERICAN, SK_BASIC_UNIT, "Providence", 1 }, { SK_AMERICAN, SK_BASIC_UNIT, "Portsmouth", 1 },
		{ SK_AMERICAN, SK_BASIC_UNIT, "Springfield", 1 }, { SK_AMERICAN, SK_BASIC_UNIT, "Hartford", 1 },
		{ SK_BRITISH, SK_ARMY, "New Haven", 2 }, { SK_BRITISH, SK_ARMY, "New York City", 5 },
		{ SK_AMERICAN, SK_CONTINENTAL_ARMY, "West Point", 4 }, { SK_AMERICAN, SK_BASIC_UNIT, "Morristown", 1 },
		{ SK_BRITISH, SK_WARSHIP, "Boston Harbor", 0 }, { SK_BRITISH, SK_WARSHIP, "Boston Harbor", 0 },
		{ SK_BRITISH, SK_WARSHIP, "New York Harbor", 0 }, { SK_BRITISH, SK_WARSHIP, "New York Harbor", 0 },
		{ SK_AMERICAN, SK_WARSHIP, "Off Cape Cod", 0 }, { SK_BRITISH, SK_TROOP_CARRIER, "Off Long Island", 3 },
		{ SK_BRITISH, SK_ARMY, "Albany", 2 }, { SK_AMERICAN, SK_BASIC_UNIT, "Bennington", 1 },
	};
	int n = (int)(sizeof C / sizeof *C);
	for (int i = 0; i < n; i++)
		p[i] = (struct sk_piece){ C[i].side, C[i].kind, spot(C[i].spot), C[i].units, 0 };
	return n;
}

/* With SK_BOARD_LOOK=DIR set, the board of p is written to DIR/file, to
 * be looked at. */
static void look(const struct sk_piece *p, int n, const char *file)
{
	const char *dir = getenv("SK_BOARD_LOOK");
	if (!dir)
		return;
	char path[4096], why[256] = "";
	snprintf(path, sizeof path, "%s/%s", dir, file);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	if (sk_board_png(f, &D, p, n, NULL, 0, why, sizeof why))
		fail_msg("the board does not draw: %s", why);
	fclose(f);
}

static void names_keep_clear(void **state)
{
	struct sk_piece p[SK_MAX_PIECES];
	(void)state;
	check_names(NULL, 0, false);
	check_names(D.pieces, D.npieces, true);
	look(D.pieces, D.npieces, "sk-setup.png");
	int n = crowded(p);
	look(p, n, "sk-crowded.png");
	check_names(p, n, false);
	n = crowded_north(p);
	look(p, n, "sk-north.png");
	check_names(p, n, false);
}

/* A bad path or bad pieces: -1, why says what and where, no PNG written. */
static void png_refuses_bad_input(void **state)
{
	struct picture pic = { 0 };
	char why[256] = "";
	int path[] = { spot("Boston"), 500 };
	(void)state;
	assert_int_equal(draw(D.pieces, D.npieces, path, 2, &pic, why, sizeof why), -1);
	assert_non_null(strstr(why, "the path's step 1 is spot 500, not on the board (spots 0 to"));
	assert_int_equal(pic.len, 0);
	free(pic.bytes);
	struct sk_piece p = { SK_AMERICAN, SK_TROOP_CARRIER, spot("Albany"), 4, 0 };
	pic = (struct picture){ 0 };
	assert_int_equal(draw(&p, 1, NULL, 0, &pic, why, sizeof why), -1);
	assert_non_null(strstr(why, "piece 0 (American troop carrier) is on Albany, a land spot"));
	assert_int_equal(pic.len, 0);
	free(pic.bytes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(words_list_the_setup),
		cmocka_unit_test(words_name_each_piece),
		cmocka_unit_test(words_of_a_crowded_position),
		cmocka_unit_test(words_refuse_bad_pieces),
		cmocka_unit_test(png_of_the_setup),
		cmocka_unit_test(png_of_a_crowded_position),
		cmocka_unit_test(the_map_from_the_cache_draws_the_same),
		cmocka_unit_test(names_keep_clear),
		cmocka_unit_test(png_refuses_bad_input),
	};
	return cmocka_run_group_tests(tests, setup_data, NULL);
}
