/* The positions the report tests draw and describe: the scripted game of
 * tests/golden/1776/orders (seed 1776...) at chosen points, each with the
 * events of the order that led there, and points of complete random
 * games from the driver. Include after support.h and driver.h. */
#ifndef WW_TEST_REPORT_CORPUS_H
#define WW_TEST_REPORT_CORPUS_H

#include "report.h"

#define CORPUS_MAX 48
#define SCRIPT_SEED "1776177617761776177617761776177617761776177617761776177617761776"

struct position {
	char name[48];
	struct ww_state s;
	struct ww_events ev;     /* what the last order did (a copy) */
};

struct corpus {
	int n;
	struct position v[CORPUS_MAX];
};

static inline void corpus_keep(struct corpus *c, const char *name, const struct ww_state *s,
			       const struct ww_events *ev)
{
	assert_true(c->n < CORPUS_MAX);
	struct position *p = &c->v[c->n++];
	snprintf(p->name, sizeof p->name, "%s", name);
	p->s = *s;
	memset(&p->ev, 0, sizeof p->ev);
	if (ev && ev->n) {
		p->ev.v = malloc((size_t)ev->n * sizeof *ev->v);
		assert_non_null(p->ev.v);
		memcpy(p->ev.v, ev->v, (size_t)ev->n * sizeof *ev->v);
		p->ev.n = p->ev.cap = ev->n;
	}
}

static inline void corpus_free(struct corpus *c)
{
	for (int i = 0; i < c->n; i++)
		ww_events_free(&c->v[i].ev);
	c->n = 0;
}

static inline bool corpus_wanted(int n, const int *keep, int nkeep)
{
	for (int i = 0; i < nkeep; i++)
		if (keep[i] == n)
			return true;
	return false;
}

/* The scripted game, kept after the orders numbered in `keep` (0: the
 * set-up; -1: the last order). */
static inline void corpus_script(struct corpus *c, const int *keep, int nkeep)
{
	struct test_game g;
	memset(&g, 0, sizeof g);
	g.d = test_data();
	assert_int_equal(wj_dice_init(), 0);
	assert_int_equal(wj_seed_from_hex(SCRIPT_SEED, g.dice.seed), 0);
	wj_dice_rng(&g.dice, &g.rng);
	ww_new_game(g.d, &g.s, &g.rng, &g.ev);
	if (corpus_wanted(0, keep, nkeep))
		corpus_keep(c, "script-000", &g.s, &g.ev);
	FILE *f = fopen("tests/golden/1776/orders", "r");
	assert_non_null(f);
	char line[1024], name[48];
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		char *colon = strchr(line, ':');
		assert_non_null(colon);
		*colon = '\0';
		enum ww_side side = !strncmp(line, "american", 8) ? WW_AMERICAN : WW_BRITISH;
		char *dice = strstr(line, " dice ");
		for (char *p = dice ? dice + 6 : NULL; p && *p; p++)
			if (*p >= '1' && *p <= '6')
				g.dice.forced[g.dice.nforced++] = *p - '0';
		g.ev.n = 0;
		order_ok(&g, side, colon + 2);
		n++;
		if (corpus_wanted(n, keep, nkeep)) {
			snprintf(name, sizeof name, "script-%03d", n);
			corpus_keep(c, name, &g.s, &g.ev);
		}
	}
	fclose(f);
	if (corpus_wanted(-1, keep, nkeep)) {
		snprintf(name, sizeof name, "script-%03d", n);
		corpus_keep(c, name, &g.s, &g.ev);
	}
	game_end(&g);
}

/* A random game of the driver, kept every `every` orders and at its end.
 * The driver knows only the plays it was written for: where it finds no
 * order (a newer kind of play), the game is kept as far as it went. */
static inline void corpus_driver(struct corpus *c, uint64_t seed, int every)
{
	struct drv_game *g = malloc(sizeof *g);
	assert_non_null(g);
	drv_start(g, test_data(), seed);
	char name[48];
	while (g->s.phase != WW_PH_GAME_OVER) {
		g->ev.n = 0;
		if (drv_step(g)) {
			fprintf(stderr, "note: driver game %llu stops after %d orders: %s\n",
				(unsigned long long)seed, g->nmoves, g->failure);
			break;
		}
		if (g->nmoves % every == 0 && c->n < CORPUS_MAX - 1) {
			snprintf(name, sizeof name, "driver-%llu-%03d", (unsigned long long)seed,
				 g->nmoves);
			corpus_keep(c, name, &g->s, &g->ev);
		}
	}
	snprintf(name, sizeof name, "driver-%llu-end", (unsigned long long)seed);
	corpus_keep(c, name, &g->s, &g->ev);
	drv_end(g);
	free(g);
}

/* The text report for `side` as a string (to be freed). */
static inline char *report_string(const struct position *p, enum ww_side side,
				  const char *templates)
{
	struct ww_state view;
	ww_view(&p->s, side, &view);
	struct ww_report r = {
		.d = test_data(), .view = &view, .recipient = side, .game = "test",
		.events = p->ev.n ? &p->ev : NULL,
		.commitment = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
		.seed_hex = p->s.phase == WW_PH_GAME_OVER ? SCRIPT_SEED : NULL,
		.templates = templates,
	};
	char *text = NULL, err[512] = "";
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	int rc = ww_report_write(f, &r, err, sizeof err);
	fclose(f);
	if (rc)
		fail_msg("%s: the report for the %s fails: %s", p->name, ww_side_name(side), err);
	return text;
}

#endif
