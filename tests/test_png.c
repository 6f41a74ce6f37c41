/* The PNG board (issue 6): every position of the corpus draws, the same
 * view gives the same bytes, each space and piece is where it should be
 * in its colour, and the picture is the same for two games the viewer
 * cannot tell apart. */
#include <cairo.h>
#include "support.h"
#include "driver.h"
#include "report_corpus.h"
#include "map_cache.h"

struct png {
	char *bytes;
	size_t len;
};

static void render(const struct position *p, enum ww_side side, struct png *out)
{
	struct ww_state view;
	char err[256] = "";
	ww_view(&p->s, side, &view);
	FILE *f = open_memstream(&out->bytes, &out->len);
	assert_non_null(f);
	int rc = ww_report_png(f, test_data(), &view, side, p->ev.n ? &p->ev : NULL,
			       err, sizeof err);
	fclose(f);
	if (rc)
		fail_msg("%s: the board does not draw: %s", p->name, err);
}

struct reader {
	const struct png *png;
	size_t at;
};

static cairo_status_t read_mem(void *closure, unsigned char *data, unsigned int len)
{
	struct reader *r = closure;
	if (r->png->len - r->at < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->png->bytes + r->at, len);
	r->at += len;
	return CAIRO_STATUS_SUCCESS;
}

static uint32_t pixel(cairo_surface_t *img, int x, int y)
{
	unsigned char *data = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	return *(uint32_t *)(void *)(data + y * stride + 4 * x) & 0xffffff;
}

/* Is (x, y) clear of every other space's marker, pieces and name? */
static bool clear_of_others(const struct ww_data *d, int space, int x, int y)
{
	for (int s = 0; s < d->nspaces; s++) {
		if (s == space)
			continue;
		int dx = x - d->spaces[s].x, dy = y - d->spaces[s].y;
		if (dx > -95 && dx < 80 && dy > -70 && dy < 35)
			return false;
	}
	return true;
}

/* The centre of each space shows its PC (blue, red) or an empty space;
 * each CU stack, general and the Congress shows its colour where no
 * other space's pieces may lie. Returns the number of pieces checked. */
static int check_pixels(const struct position *p, const struct png *png)
{
	const struct ww_data *d = test_data();
	struct reader r = { png, 0 };
	cairo_surface_t *img = cairo_image_surface_create_from_png_stream(read_mem, &r);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(img), WW_BOARD_W);
	assert_int_equal(cairo_image_surface_get_height(img), WW_BOARD_H);
	int checked = 0;
	struct ww_state view;
	ww_view(&p->s, WW_NOBODY, &view);
	for (int s = 0; s < d->nspaces; s++) {
		int x, y;
		ww_board_spot(d, &view, s, WW_PIECE_SPACE, &x, &y);
		uint32_t want = ww_board_colour(d, &view, s, WW_PIECE_SPACE), got = pixel(img, x, y);
		if (got != want)
			fail_msg("%s: %s at (%d, %d) is #%06x, expected #%06x", p->name,
				 d->spaces[s].name, x, y, got, want);
		checked++;
		enum ww_board_piece pieces[] = { WW_PIECE_CU_BRITISH, WW_PIECE_CU_AMERICAN,
						 WW_PIECE_CU_FRENCH, WW_PIECE_GENERAL_BRITISH,
						 WW_PIECE_GENERAL_AMERICAN, WW_PIECE_CONGRESS };
		for (size_t k = 0; k < sizeof pieces / sizeof *pieces; k++) {
			enum ww_board_piece pc = pieces[k];
			bool there = pc == WW_PIECE_GENERAL_BRITISH || pc == WW_PIECE_GENERAL_AMERICAN ?
				ww_board_colour(d, &view, s, pc) != 0 :
				pc == WW_PIECE_CONGRESS ? view.congress_at == s :
				view.space[s].cu[pc - WW_PIECE_CU_BRITISH] > 0;
			if (!there)
				continue;
			ww_board_spot(d, &view, s, pc, &x, &y);
			if (!clear_of_others(d, s, x, y))
				continue;
			want = ww_board_colour(d, &view, s, pc);
			got = pixel(img, x, y);
			if (got != want)
				fail_msg("%s: piece %d of %s at (%d, %d) is #%06x, expected #%06x",
					 p->name, (int)pc, d->spaces[s].name, x, y, got, want);
			checked++;
		}
	}
	cairo_surface_destroy(img);
	return checked;
}

/* Every position draws, twice to the same bytes, with every space and
 * piece in its colour. */
static void every_position_draws_deterministically(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 0, 2, 21, -1 };
	corpus_script(&c, keep, (int)(sizeof keep / sizeof *keep));
	corpus_driver(&c, 5, 60);
	int pieces = 0;
	for (int i = 0; i < c.n; i++) {
		struct png a, b;
		enum ww_side side = i % 3 == 0 ? WW_NOBODY : i % 3 == 1 ? WW_AMERICAN : WW_BRITISH;
		render(&c.v[i], side, &a);
		render(&c.v[i], side, &b);
		assert_true(a.len > 8 && !memcmp(a.bytes, "\x89PNG\r\n\x1a\n", 8));
		if (a.len != b.len || memcmp(a.bytes, b.bytes, a.len))
			fail_msg("%s: two renderings differ", c.v[i].name);
		pieces += check_pixels(&c.v[i], &a);
		free(a.bytes);
		free(b.bytes);
	}
	/* the spaces of every position, and pieces besides */
	assert_true(pieces > c.n * test_data()->nspaces);
	corpus_free(&c);
}

/* The picture changes with the state: a PC placed turns its space's
 * centre from empty to the side's colour. */
static void a_pc_changes_the_picture(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 0, 1 };
	corpus_script(&c, keep, 2);
	struct png a, b;
	render(&c.v[0], WW_NOBODY, &a);
	render(&c.v[1], WW_NOBODY, &b);
	assert_false(a.len == b.len && !memcmp(a.bytes, b.bytes, a.len));
	int concord = space(test_data(), "Concord NH"), x, y;
	ww_board_spot(test_data(), &c.v[0].s, concord, WW_PIECE_SPACE, &x, &y);
	assert_int_equal(ww_board_colour(test_data(), &c.v[0].s, concord, WW_PIECE_SPACE),
			 0xfffdf4);
	assert_int_equal(c.v[1].s.space[concord].pc, WW_AMERICAN);
	check_pixels(&c.v[0], &a);
	check_pixels(&c.v[1], &b);
	free(a.bytes);
	free(b.bytes);
	corpus_free(&c);
}

/* Hidden information: the British hand and the deck's order do not
 * change the American's picture. */
static void the_picture_hides_the_other_hand(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 10 };
	corpus_script(&c, keep, 1);
	static struct position twin;
	twin = c.v[0];
	struct ww_pile *h = &twin.s.hand[WW_BRITISH], *deck = &twin.s.deck;
	for (int i = 0; i < h->n && i < deck->n; i++) {
		uint8_t t = h->card[i];
		h->card[i] = deck->card[deck->n - 1 - i];
		deck->card[deck->n - 1 - i] = t;
	}
	twin.ev = c.v[0].ev;
	struct png a, b;
	render(&c.v[0], WW_AMERICAN, &a);
	render(&twin, WW_AMERICAN, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.bytes, b.bytes, a.len);
	free(a.bytes);
	free(b.bytes);
	corpus_free(&c);
}

static void render_british(const void *arg, char **bytes, size_t *len)
{
	struct png out;
	render(arg, WW_BRITISH, &out);
	*bytes = out.bytes;
	*len = out.len;
}

/* The map under the pieces (the land, the zones' names, the links) comes
 * from the cache once drawn (tests/map_cache.h). */
static void the_map_from_the_cache_draws_the_same(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 10 };
	corpus_script(&c, keep, 1);
	map_cache_draws_the_same(render_british, &c.v[0]);
	corpus_free(&c);
}

static int general_named(const char *name)
{
	for (int g = 0; g < test_data()->ngenerals; g++)
		if (!strcmp(test_data()->generals[g].name, name))
			return g;
	fail_msg("no general %s", name);
	return -1;
}

/* Issue 12: Howe's 5 CU at Worcester were hidden under the American
 * pieces exactly when the American had to decide whether to retreat.
 * Both sides' CUs and generals in one space each show in their colour,
 * for every view. */
static void both_sides_in_one_space_are_visible(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 10 };
	corpus_script(&c, keep, 1);
	const struct ww_data *d = test_data();
	struct ww_state *s = &c.v[0].s;
	for (int sp = 0; sp < d->nspaces; sp++)
		memset(s->space[sp].cu, 0, sizeof s->space[sp].cu);
	for (int g = 0; g < d->ngenerals; g++)
		if (s->general_at[g] >= 0)
			s->general_at[g] = WW_LOC_REINFORCEMENTS;
	int worcester = space(d, "Worcester MA");
	s->space[worcester].cu[WW_NAT_BRITISH] = 5;
	s->space[worcester].cu[WW_NAT_AMERICAN] = 3;
	s->space[worcester].cu[WW_NAT_FRENCH] = 2;
	s->general_at[general_named("Howe")] = (int16_t)worcester;
	s->general_at[general_named("Washington")] = (int16_t)worcester;
	const enum ww_board_piece want[] = { WW_PIECE_CU_BRITISH, WW_PIECE_CU_AMERICAN,
		WW_PIECE_CU_FRENCH, WW_PIECE_GENERAL_BRITISH, WW_PIECE_GENERAL_AMERICAN };
	for (enum ww_side side = WW_NOBODY; side <= WW_BRITISH; side++) {
		struct png a;
		struct ww_state view;
		render(&c.v[0], side, &a);
		ww_view(s, side, &view);
		struct reader r = { &a, 0 };
		cairo_surface_t *img = cairo_image_surface_create_from_png_stream(read_mem, &r);
		for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
			int x, y;
			ww_board_spot(d, &view, worcester, want[k], &x, &y);
			uint32_t colour = ww_board_colour(d, &view, worcester, want[k]);
			assert_int_not_equal(colour, 0);
			if (pixel(img, x, y) != colour)
				fail_msg("side %d: piece %d at Worcester (%d, %d) is #%06x, expected #%06x",
					 (int)side, (int)want[k], x, y, pixel(img, x, y), colour);
		}
		cairo_surface_destroy(img);
		free(a.bytes);
	}
	corpus_free(&c);
}

static bool boxes_meet(const struct wj_board_box *a, const struct wj_board_box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

static bool touch(const struct wj_board_box *a, const struct wj_board_box *b)
{
	struct wj_board_box g = { a->x0 - 1, a->y0 - 1, a->x1 + 1, a->y1 + 1 };
	return boxes_meet(&g, b);
}

/* A drawing problem, said; check_names fails once all are said. */
static int drawing_problems;
#define overlap_problem(...) (print_error(__VA_ARGS__), print_error("\n"), drawing_problems++)

/* Issue 22: every general's plate touches its stack: its space's shape,
 * or a plate of its side in its space that does; and it meets no other
 * space's shape as drawn (its radius, or half the square's side). */
static void check_plates(const struct wj_board_box *shape, const struct wj_board_mark *mark,
			 const struct wj_board_box *piece, const struct ww_board_piece_at *at, int n)
{
	const struct ww_data *d = test_data();
	bool stands[WW_BOARD_PIECES] = { 0 }, more = true;
	while (more) {
		more = false;
		for (int k = 0; k < n; k++) {
			if (stands[k] || (at[k].kind != WW_PIECE_GENERAL_BRITISH &&
					  at[k].kind != WW_PIECE_GENERAL_AMERICAN))
				continue;
			stands[k] = touch(&piece[k], &shape[at[k].space]);
			for (int o = 0; o < n && !stands[k]; o++)
				stands[k] = stands[o] && at[o].space == at[k].space &&
					at[o].kind == at[k].kind && touch(&piece[k], &piece[o]);
			more |= stands[k];
		}
	}
	for (int k = 0; k < n; k++) {
		if (at[k].kind != WW_PIECE_GENERAL_BRITISH && at[k].kind != WW_PIECE_GENERAL_AMERICAN)
			continue;
		if (!stands[k])
			overlap_problem("a general's plate at %s (%.0f, %.0f) does not touch its stack",
				 d->spaces[at[k].space].name, piece[k].x0, piece[k].y0);
		for (int s = 0; s < d->nspaces; s++)
			if (s != at[k].space && wj_box_gap(&piece[k], &mark[s]) <= 0)
				overlap_problem("a general's plate at %s covers %s", d->spaces[at[k].space].name,
					 d->spaces[s].name);
	}
}

/* What a drawn box is, for a failure's message. */
static const char *piece_kind(enum ww_board_piece k)
{
	return k == WW_PIECE_CONGRESS ? "the Congress" :
		k == WW_PIECE_GENERAL_BRITISH || k == WW_PIECE_GENERAL_AMERICAN ? "a plate" :
		"a CU square";
}

/* Issue 22: every CU square stands by its space (within 4 px of its
 * shape, or touching a square of the same space that does) and is
 * nearer its own space than any other, by 4 px. */
static void check_cus(const struct wj_board_mark *mark, const struct wj_board_box *piece,
		      const struct ww_board_piece_at *at, int n)
{
	const struct ww_data *d = test_data();
	bool stands[WW_BOARD_PIECES] = { 0 }, more = true;
	while (more) {
		more = false;
		for (int k = 0; k < n; k++) {
			if (stands[k] || at[k].kind < WW_PIECE_CU_BRITISH ||
			    at[k].kind > WW_PIECE_CU_FRENCH)
				continue;
			stands[k] = wj_box_gap(&piece[k], &mark[at[k].space]) <= 4;
			for (int o = 0; o < n && !stands[k]; o++)
				stands[k] = stands[o] && at[o].space == at[k].space &&
					at[o].kind >= WW_PIECE_CU_BRITISH &&
					at[o].kind <= WW_PIECE_CU_FRENCH && touch(&piece[k], &piece[o]);
			more |= stands[k];
		}
	}
	for (int k = 0; k < n; k++) {
		if (at[k].kind < WW_PIECE_CU_BRITISH || at[k].kind > WW_PIECE_CU_FRENCH)
			continue;
		if (!stands[k])
			overlap_problem("a CU square of %s at (%.0f, %.0f) stands away from its space",
				 d->spaces[at[k].space].name, piece[k].x0, piece[k].y0);
		if (wj_name_misread(&piece[k], mark, d->nspaces, at[k].space, 4) > 0)
			overlap_problem("a CU square of %s at (%.0f, %.0f) is nearer another space",
				 d->spaces[at[k].space].name, piece[k].x0, piece[k].y0);
	}
}

/* Issue 22: nothing drawn on the map meets anything else: no piece
 * (CU square, plate, the Congress) meets or touches another space's
 * shape, a piece of another space or of another kind, a name or the
 * Winter Attrition Line's name; that name meets no space and no name. */
static void check_nothing_meets(const struct wj_board_box *name, const struct wj_board_box *shape,
				const struct wj_board_box *piece,
				const struct ww_board_piece_at *at, int n,
				const struct wj_board_box *label)
{
	const struct ww_data *d = test_data();
	bool labelled = label->x1 > label->x0;
	for (int k = 0; k < n; k++) {
		const char *what = piece_kind(at[k].kind), *where = d->spaces[at[k].space].name;
		for (int s = 0; s < d->nspaces; s++) {
			if (s != at[k].space && touch(&piece[k], &shape[s]))
				overlap_problem("%s of %s (%.0f, %.0f) covers %s", what, where, piece[k].x0,
					 piece[k].y0, d->spaces[s].name);
			if (touch(&piece[k], &name[s]))
				overlap_problem("%s of %s (%.0f, %.0f) covers %s's name", what, where,
					 piece[k].x0, piece[k].y0, d->spaces[s].name);
		}
		for (int o = k + 1; o < n; o++)
			if ((at[o].space != at[k].space || at[o].kind != at[k].kind) &&
			    touch(&piece[k], &piece[o]))
				overlap_problem("%s of %s (%.0f, %.0f) meets %s of %s (%.0f, %.0f)", what, where,
					 piece[k].x0, piece[k].y0, piece_kind(at[o].kind),
					 d->spaces[at[o].space].name, piece[o].x0, piece[o].y0);
		if (labelled && touch(&piece[k], label))
			overlap_problem("%s of %s (%.0f, %.0f) meets the Winter Attrition Line's name", what,
				 where, piece[k].x0, piece[k].y0);
	}
	for (int s = 0; labelled && s < d->nspaces; s++)
		if (boxes_meet(label, &shape[s]) || boxes_meet(label, &name[s]))
			overlap_problem("the Winter Attrition Line's name (%.0f, %.0f)-(%.0f, %.0f) meets %s "
				 "or its name", label->x0, label->y0, label->x1, label->y1,
				 d->spaces[s].name);
}

/* No two names' boxes (text and halo) meet, none meets another space's
 * shape, each is on the picture and next to its space; every piece
 * stands by its space, and nothing meets anything else. */
static void check_names(const struct ww_state *view)
{
	const struct ww_data *d = test_data();
	static struct wj_board_box name[WW_MAX_SPACES], shape[WW_MAX_SPACES],
		piece[WW_BOARD_PIECES], label;
	static struct ww_board_piece_at at[WW_BOARD_PIECES];
	struct wj_board_mark mark[WW_MAX_SPACES];
	int npieces, misread = 0;
	drawing_problems = 0;
	assert_int_equal(ww_board_names(d, view, name, shape, piece, at, &npieces, &label), 0);
	assert_true(label.x1 > label.x0);
	for (int a = 0; a < d->nspaces; a++)
		mark[a] = (struct wj_board_mark){ d->spaces[a].x, d->spaces[a].y,
						  d->spaces[a].fortified ? 17 : 12 };
	for (int a = 0; a < d->nspaces; a++) {
		const struct wj_board_box *b = &name[a];
		/* issue 22: nearer its own space than any other, by a pixel */
		if (wj_name_misread(b, mark, d->nspaces, a, 1) > 0) {
			int o = 0;
			for (int k = 1; k < d->nspaces; k++)
				if (k != a && (o == a || wj_box_gap(b, &mark[k]) < wj_box_gap(b, &mark[o])))
					o = k;
			print_error("%s's name (%.0f, %.0f)-(%.0f, %.0f) is %.1f px from it and %.1f px from %s\n",
				    d->spaces[a].name, b->x0, b->y0, b->x1, b->y1,
				    wj_box_gap(b, &mark[a]), wj_box_gap(b, &mark[o]), d->spaces[o].name);
			misread++;
		}
		assert_true(b->x1 > b->x0 + 10 && b->y1 > b->y0 + 6);
		if (b->x0 < 0 || b->y0 < 0 || b->x1 > WW_BOARD_W || b->y1 > WW_BOARD_H)
			overlap_problem("%s's name is off the picture", d->spaces[a].name);
		double dx = d->spaces[a].x < b->x0 ? b->x0 - d->spaces[a].x :
			d->spaces[a].x > b->x1 ? d->spaces[a].x - b->x1 : 0;
		double dy = d->spaces[a].y < b->y0 ? b->y0 - d->spaces[a].y :
			d->spaces[a].y > b->y1 ? d->spaces[a].y - b->y1 : 0;
		if (dx > 40 || dy > 45)
			overlap_problem("%s's name is %.0f, %.0f px away from it", d->spaces[a].name, dx, dy);
		for (int o = 0; o < d->nspaces; o++) {
			if (o != a && boxes_meet(b, &shape[o]))
				overlap_problem("%s's name covers %s", d->spaces[a].name, d->spaces[o].name);
			if (o > a && boxes_meet(&(struct wj_board_box){ b->x0 - 3, b->y0 - 3, b->x1 + 3,
								  b->y1 + 3 }, &name[o]))
				overlap_problem("%s's name comes within 3 px of %s's", d->spaces[a].name,
						d->spaces[o].name);
		}
	}
	if (misread)
		overlap_problem("%d names are nearer another space than their own", misread);
	check_plates(shape, mark, piece, at, npieces);
	check_cus(mark, piece, at, npieces);
	check_nothing_meets(name, shape, piece, at, npieces, &label);
	if (drawing_problems)
		fail_msg("%d things on the board meet or stand apart", drawing_problems);
}

/* Issue 12: names overlapped in New England and around Philadelphia and
 * Wilmington. On the map alone, no name meets another or a space. */
static void no_name_covers_another_or_a_space(void **state)
{
	(void)state;
	check_names(NULL);
}

/* With WW_BOARD_LOOK=DIR set, the public view of p is written to DIR/file,
 * to be looked at. */
static void look(const struct position *p, const char *file)
{
	const char *dir = getenv("WW_BOARD_LOOK");
	if (!dir)
		return;
	struct png a;
	char path[4096];
	render(p, WW_NOBODY, &a);
	snprintf(path, sizeof path, "%s/%s", dir, file);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fwrite(a.bytes, 1, a.len, f);
	fclose(f);
	free(a.bytes);
}

/* Issue 12: generals' plates hid the names of the spaces above which
 * they stood (Boston's under Greene's at Newport, Portsmouth's under
 * Clinton's at Boston); issue 22: Washington's plate under Worcester
 * touched Boston's CU square. With the pieces of a busy New England (both
 * sides at Worcester, generals at Boston and Newport), nothing meets
 * anything else. */
static void names_keep_clear_of_the_pieces(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 10 };
	corpus_script(&c, keep, 1);
	const struct ww_data *d = test_data();
	struct ww_state *s = &c.v[0].s, view;
	int worcester = space(d, "Worcester MA"), boston = space(d, "Boston MA");
	s->space[worcester].cu[WW_NAT_BRITISH] = 5;
	s->space[worcester].cu[WW_NAT_AMERICAN] = 3;
	s->space[boston].cu[WW_NAT_BRITISH] = 4;
	s->general_at[general_named("Howe")] = (int16_t)worcester;
	s->general_at[general_named("Washington")] = (int16_t)worcester;
	s->general_at[general_named("Clinton")] = (int16_t)boston;
	s->general_at[general_named("Greene")] = (int16_t)space(d, "Newport RI");
	ww_view(s, WW_AMERICAN, &view);
	look(&c.v[0], "ww-new-england.png");
	check_names(&view);
	corpus_free(&c);
}

/* Issue 22: "New Brunswick" stood under New York's square, "New York"
 * above New Brunswick's circle, Clinton's plate by Morristown while he
 * was in Trenton; New York's and New Brunswick's CU squares lay on each
 * other over New Brunswick's name; the Winter Attrition Line's name lay
 * on Williamsburg. In crowded New York, Boston, Philadelphia and the
 * Chesapeake, with generals of both sides: every name is nearer its own
 * space than any other, every plate stands on its stack, every CU square
 * by its space, and nothing meets anything else. With WW_BOARD_LOOK=DIR
 * set, the pictures are written there, to be looked at. (Washington at
 * New Brunswick with Howe at New York finds no free place: docs/reports.md,
 * "What was looked at".) */
static void crowded_places_are_read_right(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 10 };
	corpus_script(&c, keep, 1);
	const struct ww_data *d = test_data();
	struct ww_state *s = &c.v[0].s, view;
	for (int sp = 0; sp < d->nspaces; sp++)
		memset(s->space[sp].cu, 0, sizeof s->space[sp].cu);
	for (int g = 0; g < d->ngenerals; g++)
		if (s->general_at[g] >= 0)
			s->general_at[g] = WW_LOC_REINFORCEMENTS;
	static const struct { const char *where; int british, american, french; } CU[] = {
		{ "New York NY", 6, 0, 0 }, { "New Brunswick NJ", 0, 4, 0 }, { "Trenton NJ", 3, 0, 0 },
		{ "Long Island NY", 2, 0, 0 }, { "Morristown NJ", 0, 2, 0 },
		{ "Philadelphia PA", 0, 3, 0 }, { "Wilmington DE", 2, 0, 0 },
		{ "Boston MA", 5, 0, 0 }, { "Lexington and Concord MA", 0, 3, 0 },
		{ "Worcester MA", 2, 2, 0 }, { "Yorktown VA", 4, 0, 0 },
		{ "Williamsburg VA", 0, 3, 2 }, { "Norfolk VA", 1, 0, 0 }, { "Baltimore MD", 0, 2, 0 },
	};
	static const struct { const char *who, *where; } GEN[] = {
		{ "Clinton", "Trenton NJ" }, { "Howe", "New York NY" },
		{ "Washington", "Morristown NJ" }, { "Greene", "Morristown NJ" },
		{ "Lee", "Philadelphia PA" }, { "Cornwallis", "Yorktown VA" },
		{ "Lafayette", "Williamsburg VA" }, { "Rochambeau", "Williamsburg VA" },
		{ "Carleton", "Boston MA" }, { "Gates", "Lexington and Concord MA" },
		{ "Arnold", "Worcester MA" }, { "Lincoln", "Baltimore MD" },
	};
	for (size_t k = 0; k < sizeof CU / sizeof *CU; k++) {
		int sp = space(d, CU[k].where);
		s->space[sp].cu[WW_NAT_BRITISH] = (uint8_t)CU[k].british;
		s->space[sp].cu[WW_NAT_AMERICAN] = (uint8_t)CU[k].american;
		s->space[sp].cu[WW_NAT_FRENCH] = (uint8_t)CU[k].french;
	}
	for (size_t k = 0; k < sizeof GEN / sizeof *GEN; k++)
		s->general_at[general_named(GEN[k].who)] = (int16_t)space(d, GEN[k].where);
	s->congress_at = (int16_t)space(d, "Philadelphia PA");
	ww_view(s, WW_NOBODY, &view);
	look(&c.v[0], "ww-crowded.png");
	check_names(&view);
	corpus_free(&c);
}

/* The pieces on the map: CU stacks, generals, PCs. */
static int busyness(const struct ww_state *s)
{
	int n = 0;
	for (int sp = 0; sp < test_data()->nspaces; sp++)
		n += (s->space[sp].pc != 0) + (s->space[sp].cu[0] > 0) + (s->space[sp].cu[1] > 0) +
			(s->space[sp].cu[2] > 0);
	for (int g = 0; g < test_data()->ngenerals; g++)
		n += s->general_at[g] >= 0;
	return n;
}

/* Issue 12: a board attachment is at most 120 KB (it was 325 KB), so
 * that a mail with it is about 160 KB of base64: the busiest position of
 * three random games and the end of the scripted one, in every view. */
#define ATTACHMENT_MAX 120000
static void a_busy_board_is_at_most_120_kb(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { -1 };
	corpus_script(&c, keep, 1);
	for (uint64_t seed = 1; seed <= 3; seed++)
		corpus_driver(&c, seed, 10);
	int busiest = 0;
	for (int i = 0; i < c.n; i++)
		if (busyness(&c.v[i].s) > busyness(&c.v[busiest].s))
			busiest = i;
	const int look[] = { 0, busiest };
	for (int k = 0; k < 2; k++) {
		for (enum ww_side side = WW_NOBODY; side <= WW_BRITISH; side++) {
			struct png a;
			render(&c.v[look[k]], side, &a);
			if (a.len > ATTACHMENT_MAX)
				fail_msg("%s, side %d: the board is %zu bytes, over %d", c.v[look[k]].name,
					 (int)side, a.len, ATTACHMENT_MAX);
			check_pixels(&c.v[look[k]], &a);
			free(a.bytes);
		}
	}
	corpus_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_pc_changes_the_picture),
		cmocka_unit_test(the_picture_hides_the_other_hand),
		cmocka_unit_test(every_position_draws_deterministically),
		cmocka_unit_test(the_map_from_the_cache_draws_the_same),
		cmocka_unit_test(a_busy_board_is_at_most_120_kb),
		cmocka_unit_test(both_sides_in_one_space_are_visible),
		cmocka_unit_test(no_name_covers_another_or_a_space),
		cmocka_unit_test(names_keep_clear_of_the_pieces),
		cmocka_unit_test(crowded_places_are_read_right),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
