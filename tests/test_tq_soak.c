/* Tarleton's Quarter!'s soak: complete random games of every scenario
 * (17.1-17.4) through game.h, with the random player of tq_random.h, the
 * invariants checked after every order (tq_invariants.c, through
 * state_check), the state text read back the same after every order, and
 * the hidden part of each side kept out of the other's view. TQ_SOAK_GAMES
 * games (default 8, two per scenario; `make soak` plays more), game i with
 * seed TQ_SOAK_SEED + i, the optional rules (16.1-16.4) bits (i / 4) % 16;
 * TQ_SOAK_SCENARIO=17.1 plays that scenario only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "tq_random.h"
#include "tq_support.h"

#define MAX_ORDERS 40000

static const struct game *G = &game_tarletons_quarter;
static const char *const SCENARIOS[] = { "17.1", "17.2", "17.3", "17.4" };

struct soak {
	struct game_data *d;
	struct game_state *s, *view;
	struct game_events *ev;
	struct game_order *o;
	struct tq_random pick;
	uint64_t dice;
	struct wj_rng rng;
	int game;
	char why[400];
	char last[TQ_RANDOM_LINE];       /* the last order accepted, and by whom */
	int last_side;
};

/* Roll `index` of game's stream (splitmix64): the same whenever asked,
 * as the judge's dice are. */
static int soak_die(void *ctx, uint64_t index, bool *forced)
{
	struct soak *k = ctx;
	*forced = false;
	return tq_random_die(k->dice, index);
}

static char *text_of(struct soak *k, const struct game_state *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	G->state_write(out, k->d, s, true);
	fclose(out);
	return text;
}

static void fail_with_state(struct soak *k, const char *what)
{
	char *text = text_of(k, k->s);
	for (int i = 0; i < G->events_count(k->ev); i++)
		fprintf(stderr, "event: %s\n", k->ev->tq.v[i].text);
	fprintf(stderr, "%s", text); /* whole: cmocka's message is cut short */
	free(text);
	fail_msg("game %d (scenario %s, seed %d): %s\nafter the %s's \"%s\"", k->game,
		 SCENARIOS[k->game % 4], k->game, what, k->d->tq.side_name[k->last_side], k->last);
}

/* After every order: the invariants, the text read back, the hidden part
 * out of the other side's view. */
static void check(struct soak *k, int side)
{
	char out[2000] = "";
	FILE *m = fmemopen(out, sizeof out, "w");
	int n = G->state_check(m, k->d, k->s, "soak", -1);
	fclose(m);
	if (n)
		fail_with_state(k, out);
	char *text = text_of(k, k->s);
	if (G->state_read(text, strlen(text), k->d, k->view, true, k->why, sizeof k->why))
		fail_with_state(k, k->why);
	if (memcmp(&k->view->tq, &k->s->tq, sizeof k->s->tq)) {
		const unsigned char *a = (const void *)&k->view->tq, *b = (const void *)&k->s->tq;
		size_t at = 0;
		while (a[at] == b[at])
			at++;
		char what[200];
		snprintf(what, sizeof what, "the state text does not read back the same (byte %zu of "
			 "struct tq_state)", at);
		fail_with_state(k, what);
	}
	free(text);
	int other = side == TQ_BRITISH ? TQ_CONTINENTAL : TQ_BRITISH;
	G->view(k->d, k->s, other, k->view);
	const struct tq_hidden *h = &k->view->tq.hidden;
	if (h->standing[side].n || (h->endeavor.side == side && h->endeavor.npath))
		fail_with_state(k, "the other side's view holds a side's hidden part");
}

/* The guide's examples (issue 24), as the side asked reads them. */
struct examples {
	int n, asked_for;             /* all; those answering the question */
	char line[64][TQ_RANDOM_LINE];
};

static void keep_example(void *ctx, const char *kind, const char *example)
{
	struct examples *x = ctx;
	if (strcmp(kind, "standing"))
		x->asked_for++;
	if (x->n < 64)
		snprintf(x->line[x->n++], sizeof x->line[0], "%s", example);
}

/* The guide of the side asked, built on its view: it offers an answer to
 * the question, and the engine takes every example it gives on the real
 * state (docs/tarletons-quarter-orders.md: the guide). Every
 * TQ_SOAK_GUIDE-th order (25 unless set; 0 never). */
static void check_guide(struct soak *k, int side, int n)
{
	const char *every = getenv("TQ_SOAK_GUIDE");
	int step = every ? atoi(every) : 25;
	if (step <= 0 || n % step)
		return;
	static struct examples x;
	x.n = x.asked_for = 0;
	G->guide(k->d, k->view, side, keep_example, &x);
	if (!x.asked_for)
		fail_with_state(k, "the guide offers the side asked no answer");
	struct game_state *copy = game_state_new(G);
	for (int i = 0; i < x.n; i++) {
		game_state_copy(G, copy, k->s);
		k->ev->tq.n = 0;
		if (G->order_parse(k->d, x.line[i], k->o, k->why, sizeof k->why) ||
		    G->apply(k->d, copy, side, k->o, &k->rng, k->ev, k->why, sizeof k->why)) {
			char what[900];
			snprintf(what, sizeof what, "the guide's \"%s\" is refused: %s", x.line[i],
				 k->why);
			game_state_free(G, copy);
			fail_with_state(k, what);
		}
	}
	game_state_free(G, copy);
	k->ev->tq.n = 0;
}

/* One order of the side asked: the first candidate the engine accepts. */
static void play_one(struct soak *k, int n)
{
	unsigned asked = G->asked(k->s);
	int side = asked & GAME_SIDE(TQ_BRITISH) ? TQ_BRITISH : TQ_CONTINENTAL;
	if ((asked & GAME_SIDE(TQ_BRITISH)) && (asked & GAME_SIDE(TQ_CONTINENTAL)))
		side = tq_random_below(&k->pick, 2) ? TQ_BRITISH : TQ_CONTINENTAL;
	G->view(k->d, k->s, side, k->view);
	check_guide(k, side, n);
	tq_random_candidates(&k->d->tq, &k->view->tq, side, &k->pick);
	for (int i = 0; i < k->pick.n; i++) {
		k->ev->tq.n = 0;
		if (G->order_parse(k->d, k->pick.line[i], k->o, k->why, sizeof k->why))
			continue;
		if (G->apply(k->d, k->s, side, k->o, &k->rng, k->ev, k->why, sizeof k->why) == 0) {
			snprintf(k->last, sizeof k->last, "%s", k->pick.line[i]);
			for (int e = 0; getenv("TQ_SOAK_EVENTS") && e < k->ev->tq.n; e++)
				fprintf(stderr, "%s: %s\n", k->last, k->ev->tq.v[e].text);
			k->last_side = side;
			check(k, side);
			return;
		}
		if (getenv("TQ_SOAK_VERBOSE"))
			fprintf(stderr, "refused: %s: %s\n", k->pick.line[i], k->why);
	}
	char what[2000];
	snprintf(what, sizeof what, "no order of the %d tried is accepted for the %s (question "
		 "%d); the last refusal: %s; the first tried: %s", k->pick.n,
		 k->d->tq.side_name[side], (int)k->s->tq.question, k->why, k->pick.line[0]);
	fail_with_state(k, what);
}

static void play_game(struct soak *k)
{
	struct game_end end;
	k->pick.x = 0x9e3779b97f4a7c15ull ^ (uint64_t)(k->game + 1);
	k->dice = 0x2545f4914f6cdd1dull ^ (uint64_t)(k->game + 1) * 0x100000001b3ull;
	k->rng = (struct wj_rng){ soak_die, NULL, k };
	memset(&k->s->tq, 0, sizeof k->s->tq);
	k->ev->tq.n = 0;
	const char *only = getenv("TQ_SOAK_SCENARIO");
	unsigned options = (unsigned)(k->game / 4) % 16; /* 16.1-16.4 in turn */
	if (G->new_game(k->d, only ? only : SCENARIOS[k->game % 4], options, &k->rng, k->s, k->ev,
			k->why, sizeof k->why))
		fail_msg("game %d: new game: %s", k->game, k->why);
	for (int n = 0; !G->over(k->s, &end); n++) {
		if (n == MAX_ORDERS)
			fail_with_state(k, "no end after 40000 orders");
		if (!G->asked(k->s))
			fail_with_state(k, "nothing is asked and the game is not over");
		play_one(k, n);
	}
}

static struct soak k; /* freed by the teardown, also when a game fails */

static void soak(void **state)
{
	(void)state;
	const char *games = getenv("TQ_SOAK_GAMES"), *seed = getenv("TQ_SOAK_SEED");
	int n = games ? atoi(games) : 8, first = seed ? atoi(seed) : 0;
	assert_int_equal(G->data_load(tq_data_dir(), &k.d, k.why, sizeof k.why), 0);
	k.s = game_state_new(G);
	k.view = game_state_new(G);
	k.ev = game_events_new(G);
	k.o = game_order_new(G);
	for (int i = 0; i < n; i++) {
		k.game = first + i;
		play_game(&k);
	}
}

static int soak_teardown(void **state)
{
	(void)state;
	game_order_free(G, k.o);
	game_events_free(G, k.ev);
	game_state_free(G, k.view);
	game_state_free(G, k.s);
	if (k.d)
		G->data_free(k.d);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test_teardown(soak, soak_teardown) };
	return cmocka_run_group_tests(tests, tq_setup_data, tq_teardown_data);
}
