/* Helpers for engine tests that use the real data set: load it once, run
 * the engine with a fixed seed and forced dice, and arrange hands. */
#ifndef WW_TEST_SUPPORT_H
#define WW_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cmocka.h>

#include "data.h"
#include "dice.h"
#include "order.h"
#include "rules.h"
#include "rules_internal.h"
#include "state.h"
#include "ww_game.h"
#include "ww_text.h"

static struct game_data *support_data;

static inline const struct ww_data *test_data(void)
{
	if (!support_data) {
		const char *dir = getenv("WW_DATA");
		struct wj_data_problems p = { 0 };
		support_data = calloc(1, sizeof *support_data);
		assert_non_null(support_data);
		if (ww_data_load(dir ? dir : "data/washingtons-war", &support_data->ww, &p) != 0) {
			for (int i = 0; i < p.n; i++)
				fprintf(stderr, "%s:%d: %s\n", p.v[i].file, p.v[i].line, p.v[i].message);
			fail_msg("the data set does not load");
		}
	}
	return &support_data->ww;
}

/* The same data, as game.h's (the record's and play's). */
static inline const struct game_data *test_game_data(void)
{
	test_data();
	return support_data;
}

static inline int free_test_data(void **state)
{
	(void)state;
	free(support_data);
	support_data = NULL;
	return 0;
}

/* A game under test: the seeded dice (forced values may be queued), the
 * events of the last orders, and the state. */
struct test_game {
	const struct ww_data *d;
	struct ww_state s;
	struct wj_dice dice;
	struct wj_rng rng;
	struct ww_events ev;
	char why[512];
};

static inline void game_start(struct test_game *g)
{
	memset(g, 0, sizeof *g);
	g->d = test_data();
	assert_int_equal(wj_dice_init(), 0);
	assert_int_equal(wj_seed_from_hex("000102030405060708090a0b0c0d0e0f"
					  "101112131415161718191a1b1c1d1e1f", g->dice.seed), 0);
	wj_dice_rng(&g->dice, &g->rng);
	ww_new_game(g->d, &g->s, &g->rng, &g->ev);
}

static inline void game_end(struct test_game *g)
{
	ww_events_free(&g->ev);
}

static inline void force_dice(struct test_game *g, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		g->dice.forced[g->dice.nforced++] = va_arg(ap, int);
	va_end(ap);
}

/* Parses and applies one order line; returns ww_apply's result. */
static inline int order(struct test_game *g, enum ww_side side, const char *line)
{
	struct ww_order o;
	char err[512];
	if (ww_order_parse(g->d, line, &o, err, sizeof err) != 0)
		fail_msg("order '%s' does not parse: %s", line, err);
	g->why[0] = 0;
	return ww_apply(g->d, &g->s, side, &o, &g->rng, &g->ev, g->why, sizeof g->why);
}

static inline void order_ok(struct test_game *g, enum ww_side side, const char *line)
{
	if (order(g, side, line) != 0)
		fail_msg("order '%s' refused: %s", line, g->why);
	char why[256];
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		fail_msg("after '%s': %s", line, why);
}

/* The order is refused, the state is unchanged, and the reason mentions
 * `needle`. */
static inline void order_refused(struct test_game *g, enum ww_side side, const char *line,
				 const char *needle)
{
	struct ww_state before = g->s;
	if (order(g, side, line) == 0)
		fail_msg("order '%s' was accepted", line);
	assert_memory_equal(&before, &g->s, sizeof before);
	if (!strstr(g->why, needle))
		fail_msg("reason for refusing '%s' is \"%s\", expected it to mention \"%s\"",
			 line, g->why, needle);
}

/* order_ok() and order_refused() with the line given printf-style, as in
 * order_okf(g, side, "discard %d", card). */
static inline void order_okf(struct test_game *g, enum ww_side side, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline void order_okf(struct test_game *g, enum ww_side side, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	order_ok(g, side, line);
}

static inline void order_refusedf(struct test_game *g, enum ww_side side, const char *needle,
				  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static inline void order_refusedf(struct test_game *g, enum ww_side side, const char *needle,
				  const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	order_refused(g, side, line, needle);
}

static inline int space(const struct ww_data *d, const char *name)
{
	int sp = ww_space_by_name(d, name);
	if (sp < 0)
		fail_msg("no space %s in the data", name);
	return sp;
}

static inline int general(const struct ww_data *d, const char *name)
{
	int g = ww_general_by_name(d, name);
	if (g < 0)
		fail_msg("no general %s in the data", name);
	return g;
}

/* The first card whose title contains `words`, or whose OPS value is
 * `ops` when words is NULL, skipping cards in `not_in`. */
static inline int find_card(const struct ww_data *d, const char *words, int ops,
			    const struct ww_pile *not_in)
{
	for (int c = 1; c <= d->ncards; c++) {
		const struct ww_card *k = &d->cards[c];
		if (words ? !strcasestr(k->title, words) : k->ops != ops || k->must_play)
			continue;
		bool skip = false;
		for (int i = 0; not_in && i < not_in->n; i++)
			skip |= not_in->card[i] == c;
		if (!skip)
			return c;
	}
	fail_msg("no card for '%s'/%d OPS", words ? words : "", ops);
	return 0;
}

static inline bool pile_take(struct ww_pile *p, int c)
{
	for (int i = 0; i < p->n; i++) {
		if (p->card[i] != c)
			continue;
		memmove(&p->card[i], &p->card[i + 1], (size_t)(p->n - i - 1));
		p->n--;
		return true;
	}
	return false;
}

/* Moves card c into side's hand from wherever it is, sending the hand's
 * first other card there instead, so the cards still add up. */
static inline void give(struct test_game *g, enum ww_side side, int c)
{
	struct ww_state *s = &g->s;
	struct ww_pile *hand = &s->hand[side];
	for (int i = 0; i < hand->n; i++)
		if (hand->card[i] == c)
			return;
	struct ww_pile *piles[] = { &s->deck, &s->discard, &s->set_aside,
				    &s->hand[3 - side], &s->removed };
	for (size_t i = 0; i < sizeof piles / sizeof *piles; i++) {
		if (!pile_take(piles[i], c))
			continue;
		if (hand->n) {
			piles[i]->card[piles[i]->n++] = hand->card[0];
			memmove(&hand->card[0], &hand->card[1], (size_t)(hand->n - 1));
			hand->n--;
		}
		hand->card[hand->n++] = (uint8_t)c;
		return;
	}
	fail_msg("card #%d is nowhere to be given", c);
}

/* A 1775 Strategy Phase on an empty board, `side` to play: every CU and PC
 * is lifted, generals go to their reinforcements boxes, the Congress is in
 * Philadelphia, and one British CU in Savannah and one American CU in
 * Sunbury keep 13.1 from ending the game. */
static inline void clear_board(struct test_game *g, enum ww_side side)
{
	game_start(g);
	order_ok(g, WW_AMERICAN, "committees Concord NH, Worcester MA, Providence RI, Hartford CT, "
		 "Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, "
		 "Williamsburg VA, Halifax NC, Camden SC, Augusta GA");
	order_ok(g, WW_BRITISH, "for-the-king");
	order_ok(g, WW_BRITISH, "pass");
	order_ok(g, WW_AMERICAN, side == WW_AMERICAN ? "first american" : "first british");
	for (int sp = 0; sp < g->d->nspaces; sp++) {
		memset(g->s.space[sp].cu, 0, sizeof g->s.space[sp].cu);
		g->s.space[sp].pc = WW_NOBODY;
	}
	for (int k = 0; k < g->d->ngenerals; k++)
		if (g->s.general_at[k] >= 0)
			g->s.general_at[k] = WW_LOC_REINFORCEMENTS;
	g->s.congress_at = (int16_t)space(g->d, "Philadelphia");
	g->s.space[space(g->d, "Savannah")].cu[WW_NAT_BRITISH] = 1;
	g->s.space[space(g->d, "Sunbury")].cu[WW_NAT_AMERICAN] = 1;
}

/* It is side's impulse, and side is asked for it. */
static inline void start_impulse(struct test_game *g, enum ww_side side)
{
	g->s.impulse = side;
	g->s.to_move = side;
	g->s.prompt = WW_ASK_IMPULSE;
}

/* Card c into side's hand from the deck or wherever it waits, keeping the
 * rest of the hand (unlike give()). */
static inline void deal_to(struct test_game *g, enum ww_side side, int c)
{
	struct ww_pile *piles[] = { &g->s.deck, &g->s.discard, &g->s.set_aside, &g->s.removed };
	for (size_t i = 0; i < sizeof piles / sizeof *piles; i++) {
		if (pile_take(piles[i], c)) {
			g->s.hand[side].card[g->s.hand[side].n++] = (uint8_t)c;
			return;
		}
	}
	fail_msg("card #%d is not free to deal", c);
}

/* A card of `ops` OPS value put into side's hand (in place of another):
 * the first one the enemy does not hold, so asking twice gives the same
 * card. */
static inline int ops_card(struct test_game *g, enum ww_side side, int ops)
{
	int c = find_card(g->d, NULL, ops, &g->s.hand[ww_enemy(side)]);
	give(g, side, c);
	return c;
}

/* The first card of `ops` OPS value that neither hand nor a Reinforcement
 * Card box holds. */
static inline int free_ops_card(struct test_game *g, int ops)
{
	struct ww_pile not_in = { 0 };
	const struct ww_pile *used[] = {
		&g->s.hand[WW_AMERICAN], &g->s.hand[WW_BRITISH],
		&g->s.reinforcement_cards[WW_AMERICAN], &g->s.reinforcement_cards[WW_BRITISH],
	};
	for (size_t p = 0; p < sizeof used / sizeof *used; p++)
		for (int i = 0; i < used[p]->n; i++)
			not_in.card[not_in.n++] = used[p]->card[i];
	return find_card(g->d, NULL, ops, &not_in);
}

/* Such a card put in side's hand (in place of another): each call gives
 * another card, unlike ops_card(). */
static inline int new_ops_card(struct test_game *g, enum ww_side side, int ops)
{
	int c = free_ops_card(g, ops);
	give(g, side, c);
	return c;
}

/* Side plays a card of `ops` OPS, dealt by ops_card(), for `what` ("move
 * Howe to Trenton", "queue"), and the order is accepted; returns the card. */
static inline int play_ok(struct test_game *g, enum ww_side side, int ops, const char *what)
{
	int c = ops_card(g, side, ops);
	order_okf(g, side, "play %d %s", c, what);
	return c;
}

/* The same play is refused, the reason mentioning `needle`. */
static inline int play_refused(struct test_game *g, enum ww_side side, int ops, const char *what,
			       const char *needle)
{
	int c = ops_card(g, side, ops);
	order_refusedf(g, side, needle, "play %d %s", c, what);
	return c;
}

/* ---- One engine step called directly, bypassing the order parser ---- */

/* A rules_internal.h step: ww_reinforce, ww_french_answer... */
typedef int (*engine_step)(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);

static inline struct ww_ctx game_ctx(struct test_game *g)
{
	struct ww_ctx c = { g->d, &g->s, &g->rng, &g->ev, g->why, sizeof g->why };
	return c;
}

static inline void step_ok(struct test_game *g, engine_step step, enum ww_side side,
			   const struct ww_order *o)
{
	struct ww_ctx c = game_ctx(g);
	g->why[0] = 0;
	if (step(&c, side, o) != 0)
		fail_msg("refused: %s", g->why);
	char why[256];
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		fail_msg("invariant broken: %s", why);
}

/* Refused, the state untouched, the reason mentioning `needle`. */
static inline void step_refused(struct test_game *g, engine_step step, enum ww_side side,
				const struct ww_order *o, const char *needle)
{
	struct ww_state before = g->s;
	struct ww_ctx c = game_ctx(g);
	g->why[0] = 0;
	if (step(&c, side, o) == 0)
		fail_msg("accepted, expected a refusal mentioning \"%s\"", needle);
	assert_memory_equal(&before, &g->s, sizeof before);
	if (!strstr(g->why, needle))
		fail_msg("reason \"%s\" does not mention \"%s\"", g->why, needle);
}

/* The Blockade Zone named `name`. */
static inline int zone(const struct ww_data *d, const char *name)
{
	for (int z = 0; z < d->nzones; z++)
		if (strcmp(d->zones[z].name, name) == 0)
			return z;
	fail_msg("no zone %s in the data", name);
	return -1;
}

/* Both sides keep CUs on the map, so no automatic victory (13.1) ends the
 * game under test: American CUs in Charlotte NC, British in Camden SC. */
static inline void armies_far_away(struct test_game *g)
{
	g->s.space[space(g->d, "Charlotte NC")].cu[WW_NAT_AMERICAN] = 1;
	g->s.space[space(g->d, "Camden SC")].cu[WW_NAT_BRITISH] = 1;
}

/* Side makes the plainest play with the first card of its hand: discards
 * it, or plays its event when the card must be played. */
static inline void routine_play(struct test_game *g, enum ww_side side)
{
	int c = g->s.hand[side].card[0];
	order_okf(g, side, g->d->cards[c].must_play ? "play %d event" : "discard %d", c);
}

static inline bool saw_event(const struct test_game *g, const char *needle)
{
	for (int i = 0; i < g->ev.n; i++)
		if (strstr(g->ev.v[i].text, needle))
			return true;
	return false;
}

#endif
