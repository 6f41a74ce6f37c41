/* A random legal-play driver: plays complete games from a new game to the
 * end through the engine API alone, choosing at random among legal orders
 * for whoever is to move, and checks after every accepted order what must
 * always hold. Used by tests/test_driver.c and tests/soak.c.
 *
 * The driver's choices come from its own PRNG and the dice from struct
 * wj_dice, both seeded from the game's 64-bit seed, so a seed replays the
 * same game exactly. Header-only: each test program is one .c file. */
#ifndef WW_TEST_DRIVER_H
#define WW_TEST_DRIVER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "dice.h"
#include "order.h"
#include "rules_internal.h"
#include "state.h"

#define DRV_MAX_ORDERS 3000  /* a game that has not ended by then is a failure */
#define DRV_TRIES 64         /* random candidates before the exhaustive search */
#define DRV_NOISE 16         /* one candidate in this many is any order at all */
#define DRV_STANDING 48      /* one step in this many first gives a standing order */

/* What kinds of play the games covered: the orders accepted, then (from
 * "battle" on) what they brought about, read from the events. */
enum drv_kind {
	DRV_COMMITTEES, DRV_FOR_THE_KING, DRV_PASS, DRV_FIRST, DRV_PLAY_PC,
	DRV_EVENT_DECLARATION, DRV_EVENT_FRANKLIN, DRV_EVENT_WAR_ENDS, DRV_EVENT_CAMPAIGN,
	DRV_EVENT_OTHER, DRV_DISCARD, DRV_DISCARD_PC, DRV_DISCARD_REMOVE, DRV_EXCHANGE,
	DRV_DECLARATION, DRV_CONGRESS,
	DRV_PLAY_MOVE, DRV_PLAY_MOVE_SEA, DRV_QUEUE, DRV_QUEUE_MOVE, DRV_REINFORCE,
	DRV_REINFORCE_FRENCH, DRV_MOVE, DRV_MOVE_SEA, DRV_LANDING, DRV_DONE,
	DRV_INTERCEPT, DRV_NO_INTERCEPT, DRV_RETREAT_BEFORE, DRV_STAND,
	DRV_BATTLE_CARD, DRV_BATTLE_DISCARD, DRV_NO_BATTLE_CARD, DRV_RETREAT, DRV_RETREAT_SEA,
	DRV_NAVY, DRV_FRENCH_FORCES, DRV_REMOVE_CU, DRV_REMOVE_PC, DRV_STANDING_ORDER,
	DRV_H_BATTLE, DRV_H_INTERCEPTED, DRV_H_RETREATED_BEFORE, DRV_H_OVERRUN,
	DRV_H_CAPTURED, DRV_H_SURRENDER, DRV_H_DISPERSED, DRV_H_FRANCE, DRV_H_REGULARS,
	DRV_KINDS
};

#define DRV_FIRST_HAPPENING DRV_H_BATTLE

static const char *const drv_kind_name[DRV_KINDS] = {
	"committees", "for-the-king", "pass", "first", "play pc",
	"play declaration", "play franklin", "play war-ends", "play campaign",
	"play other event", "discard", "discard pc", "discard remove", "exchange",
	"declaration answer", "congress answer",
	"play move", "play move by sea", "play queue", "play queue move", "play reinforce",
	"play reinforce french", "move", "move by sea", "landing", "done",
	"intercept", "no intercept", "retreat-before-battle", "stand",
	"battle-card", "battle-discard", "no battle-card", "retreat", "retreat by sea",
	"navy", "french-forces", "remove-cu", "remove-pc", "standing",
	"(battles)", "(interceptions made)", "(retreats before battle made)", "(overruns)",
	"(generals captured)", "(surrenders)", "(Congress dispersed)", "(France in the war)",
	"(Regulars' Advantage lost)",
};

/* What the events of an accepted order say happened (for coverage). */
static const char *const drv_happening_text[DRV_KINDS - DRV_FIRST_HAPPENING] = {
	"Battle in ", " intercepts into ", " retreats before battle to ", " overruns ",
	" is captured", " surrender ", " is dispersed", "France enters the war",
	"lose the Regulars' Advantage",
};

struct drv_move {
	enum ww_side side;
	struct ww_order o;
};

struct drv_game {
	const struct ww_data *d;
	uint64_t seed, prng;
	struct wj_dice dice;
	struct wj_rng rng;
	struct ww_state s;
	struct ww_events ev;
	int max_orders;
	int nmoves;                          /* accepted orders */
	struct drv_move moves[DRV_MAX_ORDERS];
	int kinds[DRV_KINDS];
	long refused;                        /* candidates the engine refused */
	int exhaustive;                      /* times the random candidates all failed */
	int uncounted;                       /* standing orders the move counter left out */
	/* CUs per nation that must be on the map, in the boxes or eliminated:
	 * the set-up's, plus the British turn-track arrivals (8.1.A) and the
	 * American CUs brought from stock (8.2.C). */
	int cu_expected[WW_NATIONS];
	/* When set, every candidate is written (drv_trace_line) and flushed
	 * before it is applied, and "+" after it is accepted, so a crash
	 * leaves the order that caused it on disk. */
	FILE *trace;
	char failure[1024];
	/* A refused order that failed a check (it is not among the moves). */
	struct drv_move culprit;
	bool has_culprit;
};

static inline uint64_t drv_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline int drv_rand(struct drv_game *g, int n)
{
	return n > 0 ? (int)(drv_splitmix(&g->prng) % (uint64_t)n) : 0;
}

/* The dice seed of a game: 32 bytes from its 64-bit seed. */
static inline void drv_dice_seed(uint64_t seed, unsigned char out[WJ_SEED_BYTES])
{
	uint64_t x = seed ^ 0xd1ce5eedd1ce5eedull;
	for (int i = 0; i < WJ_SEED_BYTES; i += 8) {
		uint64_t v = drv_splitmix(&x);
		for (int j = 0; j < 8; j++)
			out[i + j] = (unsigned char)(v >> (8 * j));
	}
}

/* Every CU of a nation the state accounts for: on the map, in the
 * reinforcements box, in the French box, and eliminated. */
static inline int drv_cu_total(const struct ww_data *d, const struct ww_state *s, int nat)
{
	int n = s->cu_reinforcements[nat] + s->cu_eliminated[nat];
	if (nat == WW_NAT_FRENCH)
		n += s->cu_french_box;
	for (int sp = 0; sp < d->nspaces; sp++)
		n += s->space[sp].cu[nat];
	return n;
}

/* A new game (4.0) for `seed`. The events of the set-up stay in g->ev. */
static inline void drv_start(struct drv_game *g, const struct ww_data *d, uint64_t seed)
{
	memset(g, 0, sizeof *g);
	g->d = d;
	g->seed = seed;
	g->prng = seed;
	g->max_orders = DRV_MAX_ORDERS;
	drv_dice_seed(seed, g->dice.seed);
	wj_dice_rng(&g->dice, &g->rng);
	ww_new_game(d, &g->s, &g->rng, &g->ev);
	for (int nat = 0; nat < WW_NATIONS; nat++)
		g->cu_expected[nat] = drv_cu_total(d, &g->s, nat);
}

static inline void drv_end(struct drv_game *g)
{
	ww_events_free(&g->ev);
}

static inline int drv_fail(struct drv_game *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline int drv_fail(struct drv_game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->failure, sizeof g->failure, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- candidate orders ---- */

static inline int drv_legal_spaces(struct drv_game *g, enum ww_side side,
				   enum ww_pc_context how, int colony, int *out)
{
	int n = 0;
	for (int sp = 0; sp < g->d->nspaces; sp++)
		if ((colony < 0 || g->d->spaces[sp].colony == colony) &&
		    ww_pc_can_place(g->d, &g->s, &g->s, side, sp, how))
			out[n++] = sp;
	return n;
}

static inline void drv_add_space(struct ww_order *o, int sp)
{
	if (o->nspaces < WW_ORDER_SPACES)
		o->spaces[o->nspaces++] = sp;
}

/* One legal space per colony of the Thirteen (4.0, 6.34.C.i): at random,
 * or the first legal one when `first` is set. */
static inline void drv_per_colony(struct drv_game *g, enum ww_pc_context how,
				  struct ww_order *o, bool first)
{
	int legal[WW_MAX_SPACES];
	for (int c = 0; c < g->d->ncolonies; c++) {
		if (g->d->colonies[c].is_canada)
			continue;
		int n = drv_legal_spaces(g, WW_AMERICAN, how, c, legal);
		if (n)
			drv_add_space(o, legal[first ? 0 : drv_rand(g, n)]);
	}
}

/* Up to `want` distinct spaces drawn from `from` (n of them). */
static inline void drv_draw_spaces(struct drv_game *g, const int *from, int n, int want,
				   struct ww_order *o)
{
	int pool[WW_MAX_SPACES];
	memcpy(pool, from, (size_t)n * sizeof *pool);
	for (int i = 0; i < want && n > 0; i++) {
		int k = drv_rand(g, n);
		drv_add_space(o, pool[k]);
		pool[k] = pool[--n];
	}
}

static inline void drv_any_space(struct drv_game *g, struct ww_order *o)
{
	int all[WW_MAX_SPACES];
	for (int sp = 0; sp < g->d->nspaces; sp++)
		all[sp] = sp;
	drv_draw_spaces(g, all, g->d->nspaces, 1, o);
}

static inline void drv_ops_pc(struct drv_game *g, enum ww_side side, int c,
			      struct ww_order *o)
{
	int legal[WW_MAX_SPACES];
	int n = drv_legal_spaces(g, side, WW_PC_OPS, -1, legal);
	o->kind = WW_ORD_PLAY_PC;
	o->card = c;
	if (n == 0) {
		/* a plain discard, the way out when no PC can be placed */
		o->kind = WW_ORD_DISCARD;
		o->action = WW_DISCARD_ONLY;
		return;
	}
	drv_draw_spaces(g, legal, n, 1 + drv_rand(g, g->d->cards[c].ops), o);
}

static inline void drv_event_play(struct drv_game *g, enum ww_side side, int c,
				  struct ww_order *o)
{
	int legal[WW_MAX_SPACES];
	o->card = c;
	o->kind = WW_ORD_DISCARD;
	switch (drv_rand(g, 8)) {
	case 0: case 1: case 2:
		o->action = WW_DISCARD_ONLY;
		break;
	case 3: case 4: {
		int n = drv_legal_spaces(g, side, WW_PC_DISCARD, -1, legal);
		o->action = WW_DISCARD_PC;
		if (n)
			drv_draw_spaces(g, legal, n, 1, o);
		else
			drv_any_space(g, o);
		break;
	}
	case 5: case 6: {
		int n = 0;
		for (int sp = 0; sp < g->d->nspaces; sp++)
			if (g->s.space[sp].pc == (int)ww_enemy(side))
				legal[n++] = sp;
		o->action = WW_DISCARD_REMOVE;
		drv_draw_spaces(g, legal, n, 1, o);
		break;
	}
	default:
		o->kind = WW_ORD_PLAY_EVENT; /* refused unless the engine adjudicates it */
		break;
	}
}

/* ---- moves (7.3, 7.5) ---- */

/* A link a general may use (7.4.D: Arnold-only links for Arnold). */
static inline bool drv_link_ok(const struct ww_data *d, int general, const struct ww_link *l)
{
	return !l->arnold_only || (general >= 0 && d->generals[general].can_use_arnold_links);
}

/* Distance in links from each space to the nearest enemy CU of `side`. */
static inline void drv_enemy_distance(struct drv_game *g, enum ww_side side, int *dist)
{
	const struct ww_data *d = g->d;
	int queue[WW_MAX_SPACES], head = 0, tail = 0;
	for (int sp = 0; sp < d->nspaces; sp++) {
		dist[sp] = ww_side_cu(&g->s, sp, ww_enemy(side)) ? 0 : 1000;
		if (!dist[sp])
			queue[tail++] = sp;
	}
	while (head < tail) {
		int at = queue[head++];
		for (int i = 0; i < d->spaces[at].nlinks; i++) {
			int to = d->spaces[at].links[i].to;
			if (dist[to] > dist[at] + 1) {
				dist[to] = dist[at] + 1;
				queue[tail++] = to;
			}
		}
	}
}

/* CUs of `side` in `space` free to move with a general (7.4.E). */
static inline int drv_free_cu(struct drv_game *g, int space, enum ww_side side, bool campaign)
{
	int n = ww_side_cu(&g->s, space, side) - (campaign ? g->s.play.moved_cu[space] : 0);
	return n > 0 ? n : 0;
}

/* A general of `side` on the map who may be activated with `ops` (0: a
 * campaign, any rating, not yet activated by the card), or -1. */
static inline int drv_pick_general(struct drv_game *g, enum ww_side side, int ops)
{
	const struct ww_data *d = g->d;
	int pool[WW_MAX_GENERALS], n = 0;
	for (int k = 0; k < d->ngenerals; k++) {
		if (d->generals[k].side != side || g->s.general_at[k] < 0)
			continue;
		if (ops ? d->generals[k].strategy > ops : (g->s.play.activated & (1u << k)) != 0)
			continue;
		pool[n++] = k;
	}
	return n ? pool[drv_rand(g, n)] : -1;
}

static inline bool drv_is_port(const struct ww_data *d, int sp)
{
	return sp >= 0 && sp < d->nspaces && d->spaces[sp].port;
}

/* 7.5: by sea to a random other port (the engine refuses a lone general
 * stopping beside a lone enemy general, 7.4.A). */
static inline void drv_sea_path(struct drv_game *g, int start, bool alone, struct ww_order *o)
{
	int ports[WW_MAX_SPACES], n = 0;
	for (int sp = 0; sp < g->d->nspaces; sp++)
		if (sp != start && drv_is_port(g->d, sp) && !ww_side_cu(&g->s, sp, WW_AMERICAN) &&
		    g->s.space[sp].pc != WW_AMERICAN)
			ports[n++] = sp;
	(void)alone;
	o->by_sea = true;
	drv_draw_spaces(g, ports, n, 1, o);
}

/* One step of a path: a usable link from `at`, toward the enemy when
 * `toward` (the nearest), else at random; -1 if none. */
static inline int drv_next_space(struct drv_game *g, int general, int at, int back,
				 bool toward, const int *dist, int *cost)
{
	const struct ww_space *sp = &g->d->spaces[at];
	int pool[WW_MAX_LINKS], costs[WW_MAX_LINKS], n = 0, best = -1;
	for (int i = 0; i < sp->nlinks; i++) {
		const struct ww_link *l = &sp->links[i];
		if (!drv_link_ok(g->d, general, l) || (l->to == back && sp->nlinks > 1))
			continue;
		costs[n] = l->wilderness ? 3 : 1;
		pool[n++] = l->to;
		if (best < 0 || dist[l->to] < dist[pool[best]])
			best = n - 1;
	}
	if (!n)
		return -1;
	int k = toward ? best : drv_rand(g, n);
	*cost = costs[k];
	return pool[k];
}

/* A path of 1-5 spaces along the map's links from the general's space,
 * with drops and pickups now and then; it stops where enemy CUs are,
 * unless the army may overrun them (9.7). */
static inline void drv_land_path(struct drv_game *g, enum ww_side side, int general, int start,
				 int army, bool campaign, struct ww_order *o)
{
	int dist[WW_MAX_SPACES];
	drv_enemy_distance(g, side, dist);
	bool toward = drv_rand(g, 3) != 0;
	int len = 1 + drv_rand(g, 5), allowance = side == WW_AMERICAN ? 5 : 4;
	int at = start, back = -1, spent = 0, size = army;
	for (int i = 0; i < len; i++) {
		int cost = 1;
		int to = drv_next_space(g, general, at, back, toward && drv_rand(g, 4), dist, &cost);
		if (to < 0 || (spent + cost > allowance && drv_rand(g, 8)))
			break;
		spent += cost;
		int k = o->nspaces;
		drv_add_space(o, to);
		if (size > 1 && drv_rand(g, 8) == 0) {
			o->drop[k] = (int8_t)(1 + drv_rand(g, size - 1));
			size -= o->drop[k];
		}
		int free = drv_free_cu(g, to, side, campaign);
		if (free && size < 5 && drv_rand(g, 3) == 0) {
			int most = free < 5 - size ? free : 5 - size;
			o->take[k] = (int8_t)(1 + drv_rand(g, most));
			size += o->take[k];
		}
		int enemy = ww_side_cu(&g->s, to, ww_enemy(side));
		bool overrun = enemy == 1 && size >= 4 && ww_general_in(g->d, &g->s, to, ww_enemy(side)) < 0;
		if (enemy && !(overrun && drv_rand(g, 2)))
			break;
		back = at;
		at = to;
	}
	int last = o->nspaces ? o->spaces[o->nspaces - 1] : -1;
	int there = last >= 0 ? ww_general_in(g->d, &g->s, last, side) : -1;
	if (there >= 0 && there != general && drv_rand(g, 2))
		o->keep = drv_rand(g, 2) ? there : general; /* 7.4.C */
}

/* `move G ...` for `side` (kind set by the caller): a general, how many
 * CUs, and a path. `ops` 0 for a campaign activation. */
static inline void drv_move(struct drv_game *g, enum ww_side side, int ops, struct ww_order *o)
{
	int general = drv_pick_general(g, side, ops);
	if (general < 0) {
		general = drv_rand(g, g->d->ngenerals);
		if (g->d->generals[general].side != side)
			general = drv_pick_general(g, side, 0);
	}
	o->general = general;
	if (general < 0)
		return;
	int start = g->s.general_at[general];
	if (start < 0) {
		drv_any_space(g, o);
		return;
	}
	int avail = drv_free_cu(g, start, side, ops == 0);
	int army = avail < 5 ? avail : 5;
	switch (drv_rand(g, 10)) {
	case 0:
		o->cu = 0;
		army = 0;
		break;
	case 1: case 2:
		o->cu = army = army ? 1 + drv_rand(g, army) : 0;
		break;
	default:
		break; /* as many as he may take */
	}
	if (side == WW_BRITISH && drv_is_port(g->d, start) && drv_rand(g, 5) == 0)
		drv_sea_path(g, start, army == 0, o);
	else
		drv_land_path(g, side, general, start, army, ops == 0, o);
}

/* ---- reinforcements (8) ---- */

static inline int drv_box_general(struct drv_game *g, enum ww_side side)
{
	int pool[WW_MAX_GENERALS], n = 0;
	for (int k = 0; k < g->d->ngenerals; k++)
		if (g->d->generals[k].side == side && g->s.general_at[k] == WW_LOC_REINFORCEMENTS)
			pool[n++] = k;
	return n ? pool[drv_rand(g, n)] : -1;
}

static inline void drv_reinforce(struct drv_game *g, enum ww_side side, int c, struct ww_order *o)
{
	const struct ww_data *d = g->d;
	const struct ww_state *s = &g->s;
	enum ww_side enemy = ww_enemy(side);
	int pool[WW_MAX_SPACES], n = 0;
	o->kind = WW_ORD_PLAY_REINFORCE;
	o->card = c;
	o->french = side == WW_AMERICAN && s->cu_reinforcements[WW_NAT_FRENCH] > 0 && drv_rand(g, 2);
	for (int sp = 0; sp < d->nspaces; sp++) {
		if (ww_side_cu(s, sp, enemy) || s->space[sp].pc == (int)enemy)
			continue;
		if ((side == WW_BRITISH || o->french) && !d->spaces[sp].port)
			continue;
		pool[n++] = sp;
	}
	drv_draw_spaces(g, pool, n, 1, o);
	if (o->french)
		return;
	if (drv_rand(g, 3) == 0)
		o->general = drv_box_general(g, side);
	if (side == WW_BRITISH && drv_rand(g, 4) == 0)
		o->cu = drv_rand(g, s->cu_reinforcements[WW_NAT_BRITISH] + 1);
}

/* ---- the impulse ---- */

static inline void drv_ops_card(struct drv_game *g, enum ww_side side, int c, struct ww_order *o)
{
	int ops = g->d->cards[c].ops;
	const struct ww_pile *queue = &g->s.ops_queue[side];
	int r = drv_rand(g, 20);
	o->card = c;
	if (r < 9) {
		o->kind = WW_ORD_PLAY_MOVE;
		drv_move(g, side, ops, o);
	} else if (r < 12) {
		o->kind = WW_ORD_PLAY_QUEUE;
		if (queue->n && drv_rand(g, 2)) {
			int total = ops;
			for (int i = 0; i < queue->n; i++)
				total += g->d->cards[queue->card[i]].ops;
			o->queue_move = true;
			drv_move(g, side, total > 3 ? 3 : total, o);
		}
	} else if (r < 15) {
		drv_reinforce(g, side, c, o);
	} else if (r < 19) {
		drv_ops_pc(g, side, c, o);
	} else {
		o->kind = WW_ORD_DISCARD;
		o->action = WW_DISCARD_ONLY;
	}
}

static inline int drv_campaign_in_hand(struct drv_game *g, enum ww_side side)
{
	const struct ww_pile *hand = &g->s.hand[side];
	for (int i = 0; i < hand->n; i++)
		if (g->d->cards[hand->card[i]].campaign)
			return hand->card[i];
	return 0;
}

static inline void drv_impulse(struct drv_game *g, struct ww_order *o)
{
	enum ww_side side = g->s.to_move;
	const struct ww_pile *hand = &g->s.hand[side];
	int c = hand->card[drv_rand(g, hand->n)];
	const struct ww_card *k = &g->d->cards[c];
	if (g->s.exchange_for == side && g->s.exchange_offer && drv_rand(g, 3) == 0) {
		o->kind = WW_ORD_EXCHANGE; /* 6.32.C */
		o->card = c;
	} else if (k->must_play) {
		o->kind = WW_ORD_PLAY_EVENT; /* 6.34.A */
		o->card = c;
		if (k->special == WW_SPECIAL_DECLARATION && side == WW_AMERICAN)
			drv_per_colony(g, WW_PC_DECLARATION, o, false);
	} else if (k->campaign && drv_rand(g, 5)) {
		o->kind = WW_ORD_PLAY_EVENT; /* 7.2 */
		o->card = c;
	} else if (k->ops) {
		drv_ops_card(g, side, c, o);
	} else {
		drv_event_play(g, side, c, o);
	}
}

/* ---- answers ---- */

/* WW_ASK_CAMPAIGN (7.2): the next activation, a Landing Party, or done. */
static inline void drv_campaign(struct drv_game *g, struct ww_order *o)
{
	enum ww_side side = g->s.to_move;
	int r = drv_rand(g, 10);
	if (r == 0) {
		o->kind = WW_ORD_DONE;
	} else if (r == 1 && side == WW_BRITISH) {
		int ports[WW_MAX_SPACES], n = 0;
		for (int sp = 0; sp < g->d->nspaces; sp++)
			if (drv_is_port(g->d, sp) && !g->d->spaces[sp].fortified &&
			    g->s.space[sp].pc != WW_BRITISH)
				ports[n++] = sp;
		o->kind = WW_ORD_LANDING;
		drv_draw_spaces(g, ports, n, 1, o);
	} else {
		o->kind = WW_ORD_MOVE;
		drv_move(g, side, 0, o);
	}
}

/* WW_ASK_INTERCEPT (7.8): American generals with CUs next to the space. */
static inline void drv_intercept(struct drv_game *g, struct ww_order *o)
{
	const struct ww_data *d = g->d;
	const struct ww_state *s = &g->s;
	int sp = s->mv.at, pool[WW_MAX_GENERALS], n = 0;
	for (int k = 0; k < d->ngenerals; k++) {
		int at = s->general_at[k];
		if (d->generals[k].side != WW_AMERICAN || at < 0 || at == sp ||
		    !ww_side_cu(s, at, WW_AMERICAN))
			continue;
		for (int i = 0; i < d->spaces[at].nlinks; i++)
			if (d->spaces[at].links[i].to == sp && drv_link_ok(d, k, &d->spaces[at].links[i]))
				pool[n++] = k;
	}
	if (!n || drv_rand(g, 3) == 0) {
		o->kind = WW_ORD_NO_INTERCEPT;
		return;
	}
	o->kind = WW_ORD_INTERCEPT;
	for (int want = 1 + drv_rand(g, n < 4 ? n : 4); o->ngenerals < want; ) {
		int i = drv_rand(g, n);
		o->generals[o->ngenerals++] = pool[i];
		pool[i] = pool[--n];
	}
	if (drv_rand(g, 4) == 0)
		o->keep = o->generals[0];
}

/* Adjacent spaces free of the enemy's CUs and PCs (9.61.A, 7.9). */
static inline int drv_open_neighbours(struct drv_game *g, enum ww_side side, int from, int *out)
{
	const struct ww_space *sp = &g->d->spaces[from];
	int n = 0;
	for (int i = 0; i < sp->nlinks; i++) {
		int to = sp->links[i].to;
		if (!ww_side_cu(&g->s, to, ww_enemy(side)) && g->s.space[to].pc != (int)ww_enemy(side))
			out[n++] = to;
	}
	return n;
}

/* 7.9: to an open neighbour (a lone British general there is captured,
 * 7.6.A), or stand. */
static inline void drv_retreat_before(struct drv_game *g, struct ww_order *o)
{
	int pool[WW_MAX_LINKS];
	int n = drv_open_neighbours(g, WW_AMERICAN, g->s.mv.at, pool);
	if (!n || drv_rand(g, 2)) {
		o->kind = WW_ORD_STAND;
		return;
	}
	o->kind = WW_ORD_RETREAT_BEFORE;
	drv_draw_spaces(g, pool, n, 1, o);
}

/* WW_ASK_BATTLE_CARD (9.45): a battle card, an event discarded, or none. */
static inline void drv_battle_card(struct drv_game *g, struct ww_order *o)
{
	enum ww_side side = g->s.to_move;
	const struct ww_pile *hand = &g->s.hand[side];
	int battle[WW_HAND_MAX], events[WW_HAND_MAX], nb = 0, ne = 0;
	for (int i = 0; i < hand->n && i < WW_HAND_MAX; i++) {
		const struct ww_card *k = &g->d->cards[hand->card[i]];
		if (k->battle && (k->flag == WW_FLAG_EITHER || (int)k->flag == (int)side))
			battle[nb++] = hand->card[i];
		if (!k->ops && !k->must_play)
			events[ne++] = hand->card[i];
	}
	int r = drv_rand(g, 3);
	if (r == 0 && nb) {
		o->kind = WW_ORD_BATTLE_CARD;
		o->card = battle[drv_rand(g, nb)];
	} else if (r == 1 && ne) {
		o->kind = WW_ORD_BATTLE_DISCARD;
		o->card = events[drv_rand(g, ne)];
	} else {
		o->kind = WW_ORD_NO_BATTLE_CARD;
	}
}

/* WW_ASK_RETREAT (9.6): an adjacent space, or by sea to a port. */
static inline void drv_retreat(struct drv_game *g, struct ww_order *o)
{
	enum ww_side side = g->s.to_move;
	int pool[WW_MAX_SPACES], n = 0;
	o->kind = WW_ORD_RETREAT;
	if (side == WW_BRITISH && drv_rand(g, 3) == 0) {
		for (int sp = 0; sp < g->d->nspaces; sp++)
			if (drv_is_port(g->d, sp) && sp != g->s.battle.space &&
			    !ww_side_cu(&g->s, sp, WW_AMERICAN) && g->s.space[sp].pc != WW_AMERICAN)
				pool[n++] = sp;
		o->by_sea = true;
	} else {
		n = drv_open_neighbours(g, side, g->s.battle.space, pool);
	}
	drv_draw_spaces(g, pool, n, 1, o);
}

static inline void drv_french_forces(struct drv_game *g, struct ww_order *o)
{
	int pool[WW_MAX_SPACES], n = 0;
	for (int sp = 0; sp < g->d->nspaces; sp++)
		if (ww_french_port_check(g->d, &g->s, sp, NULL, 0) == 0)
			pool[n++] = sp;
	o->kind = WW_ORD_FRENCH_FORCES;
	drv_draw_spaces(g, pool, n, 1, o);
}

/* 12.2.B.iii: one space with two British CUs, or two spaces. */
static inline void drv_european_war(struct drv_game *g, struct ww_order *o)
{
	int pool[WW_MAX_SPACES], n = 0;
	for (int sp = 0; sp < g->d->nspaces; sp++)
		if (g->s.space[sp].cu[WW_NAT_BRITISH])
			pool[n++] = sp;
	o->kind = WW_ORD_REMOVE_CU;
	drv_draw_spaces(g, pool, n, 1 + drv_rand(g, 2), o);
}

/* 7.6.B: removable American PCs, one per colony, as many as are owed. */
static inline void drv_remove_pcs(struct drv_game *g, struct ww_order *o, bool first)
{
	const struct ww_data *d = g->d;
	int order[WW_MAX_COLONIES];
	o->kind = WW_ORD_REMOVE_PC;
	for (int c = 0; c < d->ncolonies; c++)
		order[c] = c;
	for (int c = d->ncolonies - 1; c > 0 && !first; c--) {
		int k = drv_rand(g, c + 1), t = order[c];
		order[c] = order[k];
		order[k] = t;
	}
	for (int i = 0; i < d->ncolonies && o->nspaces < g->s.washington_pcs_to_remove; i++) {
		int pool[WW_MAX_SPACES], n = 0;
		for (int sp = 0; sp < d->nspaces; sp++)
			if (d->spaces[sp].colony == order[i] && g->s.space[sp].pc == WW_AMERICAN &&
			    !ww_american_unit_in(d, &g->s, sp))
				pool[n++] = sp;
		if (n)
			drv_add_space(o, pool[first ? 0 : drv_rand(g, n)]);
	}
}

/* `standing ...`: answers in advance, from either side at any time. */
static inline void drv_standing(struct drv_game *g, struct ww_order *o)
{
	static const enum ww_standing_kind kinds[] = {
		WW_STAND_CLEAR, WW_STAND_CLEAR, WW_STAND_CLEAR, WW_STAND_NEVER_INTERCEPT,
		WW_STAND_ALWAYS_INTERCEPT, WW_STAND_ALWAYS_INTERCEPT,
		WW_STAND_NEVER_RETREAT_BEFORE_BATTLE, WW_STAND_NEVER_EXCHANGE,
		WW_STAND_NEVER_BATTLE_CARD, WW_STAND_FRENCH_LOSSES_FIRST,
		WW_STAND_AMERICAN_LOSSES_FIRST,
	};
	o->kind = WW_ORD_STANDING;
	o->standing = kinds[drv_rand(g, (int)(sizeof kinds / sizeof *kinds))];
	if (o->standing == WW_STAND_ALWAYS_INTERCEPT)
		o->general = drv_rand(g, g->d->ngenerals);
}

/* Any order at all, mostly nonsense: the engine must refuse it and leave
 * the state as it was, or accept it because it happens to be legal. */
static inline void drv_noise(struct drv_game *g, struct ww_order *o)
{
	o->kind = (enum ww_order_kind)(WW_ORD_COMMITTEES + drv_rand(g, WW_ORD_STANDING));
	o->card = drv_rand(g, g->d->ncards + 2);
	o->first = (enum ww_side)drv_rand(g, 3);
	o->action = (enum ww_discard_action)drv_rand(g, 3);
	o->general = drv_rand(g, g->d->ngenerals + 1) - 1;
	o->keep = drv_rand(g, 4) ? -1 : drv_rand(g, g->d->ngenerals);
	o->cu = drv_rand(g, 8) - 1;
	o->by_sea = drv_rand(g, 4) == 0;
	o->french = drv_rand(g, 8) == 0;
	o->queue_move = drv_rand(g, 2);
	o->zone = drv_rand(g, g->d->nzones + 1) - 1;
	o->standing = (enum ww_standing_kind)drv_rand(g, WW_STAND_AMERICAN_LOSSES_FIRST + 1);
	/* none, one, or two generals, perhaps the same one twice: the engine
	 * must refuse what the order language cannot say */
	o->ngenerals = drv_rand(g, 3);
	for (int i = 0; i < o->ngenerals; i++)
		o->generals[i] = drv_rand(g, g->d->ngenerals);
	int n = drv_rand(g, 4);
	/* only what the order language can say: no spaces where it has none */
	if (o->kind == WW_ORD_PASS || o->kind == WW_ORD_FIRST || o->kind == WW_ORD_EXCHANGE ||
	    o->kind == WW_ORD_DONE || o->kind == WW_ORD_NO_INTERCEPT || o->kind == WW_ORD_STAND ||
	    o->kind == WW_ORD_NO_BATTLE_CARD || o->kind == WW_ORD_BATTLE_CARD ||
	    o->kind == WW_ORD_BATTLE_DISCARD || o->kind == WW_ORD_NAVY ||
	    o->kind == WW_ORD_INTERCEPT || o->kind == WW_ORD_STANDING ||
	    (o->kind == WW_ORD_DISCARD && o->action == WW_DISCARD_ONLY))
		n = 0;
	for (int i = 0; i < n; i++) {
		drv_add_space(o, drv_rand(g, g->d->nspaces + 2) - 1);
		o->drop[i] = (int8_t)(drv_rand(g, 6) ? 0 : drv_rand(g, 4));
		o->take[i] = (int8_t)(drv_rand(g, 6) ? 0 : drv_rand(g, 4));
	}
}

static inline void drv_candidate(struct drv_game *g, struct ww_order *o)
{
	int legal[WW_MAX_SPACES];
	ww_order_init(o);
	if (drv_rand(g, DRV_NOISE) == 0) {
		drv_noise(g, o);
		return;
	}
	switch (g->s.prompt) {
	case WW_ASK_COMMITTEES:
		o->kind = WW_ORD_COMMITTEES;
		drv_per_colony(g, WW_PC_COMMITTEES, o, false);
		break;
	case WW_ASK_FOR_THE_KING: {
		int n = drv_legal_spaces(g, WW_BRITISH, WW_PC_FOR_THE_KING, -1, legal);
		o->kind = WW_ORD_FOR_THE_KING;
		drv_draw_spaces(g, legal, n, drv_rand(g, g->d->for_the_king_pcs + 1), o);
		break;
	}
	case WW_ASK_OPENING: {
		int campaign = drv_campaign_in_hand(g, WW_BRITISH);
		if (campaign && drv_rand(g, 2)) { /* 5.3.a */
			o->kind = WW_ORD_PLAY_EVENT;
			o->card = campaign;
			break;
		}
		o->kind = g->s.chooser == WW_BRITISH && drv_rand(g, 2) ? WW_ORD_FIRST : WW_ORD_PASS;
		o->first = (enum ww_side)(WW_AMERICAN + drv_rand(g, 2));
		break;
	}
	case WW_ASK_FIRST_PLAYER:
		o->kind = WW_ORD_FIRST;
		o->first = (enum ww_side)(WW_AMERICAN + drv_rand(g, 2));
		break;
	case WW_ASK_IMPULSE:
		drv_impulse(g, o);
		break;
	case WW_ASK_DECLARATION:
		o->kind = WW_ORD_DECLARATION;
		drv_per_colony(g, WW_PC_DECLARATION, o, false);
		break;
	case WW_ASK_CONGRESS: {
		int n = ww_congress_options(g->d, &g->s, legal);
		o->kind = WW_ORD_CONGRESS;
		drv_draw_spaces(g, legal, n, 1, o);
		break;
	}
	case WW_ASK_CAMPAIGN: drv_campaign(g, o); break;
	case WW_ASK_INTERCEPT: drv_intercept(g, o); break;
	case WW_ASK_RETREAT_BEFORE_BATTLE: drv_retreat_before(g, o); break;
	case WW_ASK_BATTLE_CARD: drv_battle_card(g, o); break;
	case WW_ASK_RETREAT: drv_retreat(g, o); break;
	case WW_ASK_FRENCH_NAVY:
		o->kind = WW_ORD_NAVY;
		o->zone = drv_rand(g, g->d->nzones);
		break;
	case WW_ASK_FRENCH_FORCES: drv_french_forces(g, o); break;
	case WW_ASK_EUROPEAN_WAR: drv_european_war(g, o); break;
	case WW_ASK_WASHINGTON_CAPTURED: drv_remove_pcs(g, o, false); break;
	default:
		o->kind = WW_ORD_PASS;
		break;
	}
}

/* ---- applying and checking ---- */

static inline bool drv_takes_card(int kind)
{
	return kind == WW_ORD_PLAY_PC || kind == WW_ORD_PLAY_EVENT ||
	       kind == WW_ORD_DISCARD || kind == WW_ORD_EXCHANGE ||
	       kind == WW_ORD_PLAY_MOVE || kind == WW_ORD_PLAY_QUEUE ||
	       kind == WW_ORD_PLAY_REINFORCE || kind == WW_ORD_BATTLE_CARD ||
	       kind == WW_ORD_BATTLE_DISCARD;
}

static inline bool drv_is_move(const struct ww_order *o)
{
	return o->kind == WW_ORD_PLAY_MOVE || o->kind == WW_ORD_MOVE ||
	       (o->kind == WW_ORD_PLAY_QUEUE && o->queue_move);
}

/* The raw fields of an order, one line, for the crash trace:
 * side kind card first action general keep cu by_sea french queue_move
 * zone standing ngenerals g0 g1 g2 g3 nspaces then space/drop/take each. */
static inline void drv_trace_line(FILE *f, enum ww_side side, const struct ww_order *o)
{
	fprintf(f, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", side, o->kind,
		o->card, o->first, o->action, o->general, o->keep, o->cu, o->by_sea, o->french,
		o->queue_move, o->zone, o->standing, o->ngenerals, o->generals[0], o->generals[1],
		o->generals[2], o->generals[3], o->nspaces);
	for (int i = 0; i < o->nspaces && i < WW_ORDER_SPACES; i++)
		fprintf(f, " %d %d %d", o->spaces[i], o->drop[i], o->take[i]);
	fputc('\n', f);
}

/* Reads a line written by drv_trace_line; false if it is not one. */
static inline bool drv_trace_read(const char *line, enum ww_side *side, struct ww_order *o)
{
	int v[19], used = 0;
	const char *p = line;
	ww_order_init(o);
	for (int i = 0; i < 19; i++, p += used)
		if (sscanf(p, "%d%n", &v[i], &used) != 1)
			return false;
	if (v[18] < 0 || v[18] > WW_ORDER_SPACES)
		return false;
	*side = (enum ww_side)v[0];
	o->kind = (enum ww_order_kind)v[1];
	o->card = v[2];
	o->first = (enum ww_side)v[3];
	o->action = (enum ww_discard_action)v[4];
	o->general = v[5];
	o->keep = v[6];
	o->cu = v[7];
	o->by_sea = v[8];
	o->french = v[9];
	o->queue_move = v[10];
	o->zone = v[11];
	o->standing = (enum ww_standing_kind)v[12];
	o->ngenerals = v[13];
	for (int i = 0; i < 4; i++)
		o->generals[i] = v[14 + i];
	o->nspaces = v[18];
	for (int i = 0; i < o->nspaces; i++, p += used) {
		int sp, drop, take;
		if (sscanf(p, "%d %d %d%n", &sp, &drop, &take, &used) != 3)
			return false;
		o->spaces[i] = sp;
		o->drop[i] = (int8_t)drop;
		o->take[i] = (int8_t)take;
	}
	return true;
}

static inline bool drv_all_zero(const void *v, size_t n)
{
	const uint8_t *b = v;
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* The hidden-path rule (issue 3): only the mover sees the steps of a move
 * in progress not yet made. */
static inline int drv_check_hidden_path(struct drv_game *g, enum ww_side side,
					const struct ww_state *v)
{
	const struct ww_move *m = &g->s.mv, *seen = &v->mv;
	if (m->general < 0)
		return memcmp(seen, m, sizeof *m) ? drv_fail(g, "the %s view changes a finished move",
							      ww_side_name(side)) : 0;
	bool mover = (int)side == g->s.play.side;
	if (mover ? memcmp(seen, m, sizeof *m) != 0 : seen->nsteps != m->next)
		return drv_fail(g, "the %s view of %s's move shows %d of its %d steps with %d made",
				side ? ww_side_name(side) : "public", g->d->generals[m->general].name,
				seen->nsteps, m->nsteps, m->next);
	for (int i = mover ? WW_PATH_MAX : m->next; i < WW_PATH_MAX; i++)
		if (!drv_all_zero(&seen->path[i], sizeof seen->path[i]))
			return drv_fail(g, "the %s view shows step %d of a move not yet made",
					side ? ww_side_name(side) : "public", i + 1);
	return 0;
}

/* ww_view for each side: the other side's hand keeps its size but shows
 * no card, the deck shows no order, one's own hand is all there, the
 * other side's standing orders and the rest of a move are not seen. */
static inline int drv_check_views(struct drv_game *g)
{
	const struct ww_state *s = &g->s;
	static struct ww_state v; /* large: not on the stack */
	for (int side = WW_NOBODY; side <= WW_BRITISH; side++) {
		ww_view(s, (enum ww_side)side, &v);
		if (v.deck.n != s->deck.n || !drv_all_zero(v.deck.card, sizeof v.deck.card))
			return drv_fail(g, "the %s view shows the order of the deck",
					ww_side_name((enum ww_side)side));
		for (int h = WW_AMERICAN; h <= WW_BRITISH; h++) {
			bool own = h == side;
			if (v.hand[h].n != s->hand[h].n)
				return drv_fail(g, "the %s view gives the %s hand %d cards, not %d",
						ww_side_name((enum ww_side)side),
						ww_side_name((enum ww_side)h), v.hand[h].n, s->hand[h].n);
			if (own ? memcmp(v.hand[h].card, s->hand[h].card, (size_t)s->hand[h].n) != 0
				: !drv_all_zero(v.hand[h].card, sizeof v.hand[h].card))
				return drv_fail(g, "the %s view %s the %s hand",
						ww_side_name((enum ww_side)side),
						own ? "garbles" : "shows", ww_side_name((enum ww_side)h));
			if (!own && !drv_all_zero(&v.standing[h], sizeof v.standing[h]))
				return drv_fail(g, "the %s view shows the %s standing orders",
						ww_side_name((enum ww_side)side),
						ww_side_name((enum ww_side)h));
		}
		if (memcmp(v.space, s->space, sizeof v.space) || v.year != s->year ||
		    v.move != s->move || v.to_move != s->to_move)
			return drv_fail(g, "the %s view changes the public state",
					ww_side_name((enum ww_side)side));
		if (drv_check_hidden_path(g, (enum ww_side)side, &v))
			return -1;
	}
	return 0;
}

static inline int drv_check_end(struct drv_game *g)
{
	const struct ww_state *s = &g->s;
	if (s->phase != WW_PH_GAME_OVER)
		return 0;
	if (s->winner != WW_AMERICAN && s->winner != WW_BRITISH)
		return drv_fail(g, "the game is over with no winner (winner %d)", s->winner);
	if (s->victory == WW_WIN_NONE || s->prompt != WW_ASK_NOTHING)
		return drv_fail(g, "the game is over but victory is %d and the prompt %d",
				s->victory, s->prompt);
	return 0;
}

/* An event (issue 4) may place CUs from stock (Valley Forge, ...): the
 * driver does not know how many, so after a card's event the totals may
 * grow (never shrink). The special events and campaigns add none. */
static inline bool drv_may_add_cus(const struct ww_data *d, const struct ww_order *o)
{
	if (o->card < 1 || o->card > d->ncards)
		return false;
	const struct ww_card *k = &d->cards[o->card];
	return (o->kind == WW_ORD_PLAY_EVENT && k->special == WW_SPECIAL_NONE && !k->campaign) ||
	       o->kind == WW_ORD_BATTLE_CARD;
}

/* CUs conserved across map, boxes and losses (issue 3): the totals move
 * only by the British turn-track arrivals when a turn begins (8.1.A) and
 * by the CUs an American reinforcement brings from stock (8.2.C). */
static inline int drv_check_cus(struct drv_game *g, const struct ww_state *before,
				enum ww_side side, const struct ww_order *o)
{
	const struct ww_data *d = g->d;
	const struct ww_state *s = &g->s;
	int first = before->phase == WW_PH_FOR_THE_KING && s->phase != WW_PH_FOR_THE_KING
		    ? s->year : before->year + 1;
	for (int y = first; y <= s->year && s->phase != WW_PH_FOR_THE_KING; y++)
		if (y - d->first_year >= 0 && y - d->first_year < WW_MAX_YEARS)
			g->cu_expected[WW_NAT_BRITISH] += d->british_reinforcements[y - d->first_year];
	if (o->kind == WW_ORD_PLAY_REINFORCE && side == WW_AMERICAN && !o->french)
		g->cu_expected[WW_NAT_AMERICAN] += d->cards[o->card].ops;
	static const char *const nation[WW_NATIONS] = { "British", "American", "French" };
	bool event = drv_may_add_cus(d, o);
	for (int nat = 0; nat < WW_NATIONS; nat++) {
		int have = drv_cu_total(d, s, nat);
		if (event && have > g->cu_expected[nat])
			g->cu_expected[nat] = have; /* CUs from stock by the event */
		if (have != g->cu_expected[nat])
			return drv_fail(g, "%s CUs not conserved: %d on the map, in the boxes and "
					"eliminated, %d expected (was %d before this order)",
					nation[nat], have, g->cu_expected[nat], drv_cu_total(d, before, nat));
	}
	for (int sp = 0; sp < d->nspaces; sp++)
		for (int nat = 0; nat < WW_NATIONS; nat++)
			if (s->space[sp].cu[nat] > 60)
				return drv_fail(g, "%s holds %d %s CUs (a count gone below 0?)",
						d->spaces[sp].name, s->space[sp].cu[nat], nation[nat]);
	return 0;
}

/* What must hold after every accepted order; `before` is the state the
 * order was applied to. A standing order may leave the move counter. */
static inline int drv_check_accepted_order(struct drv_game *g, const struct ww_state *before,
					   enum ww_side side, const struct ww_order *o)
{
	char why[512] = "";
	char prompt[32]; /* short on purpose: ww_prompt_text must truncate */
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		return drv_fail(g, "invariant broken: %s", why);
	bool standing = o && o->kind == WW_ORD_STANDING;
	if (g->s.move != before->move + 1 && !(standing && g->s.move == before->move))
		return drv_fail(g, "the move counter went from %u to %u", before->move, g->s.move);
	g->uncounted += g->s.move == before->move;
	if (g->s.year < before->year)
		return drv_fail(g, "the year went back from %d to %d", before->year, g->s.year);
	ww_prompt_text(g->d, &g->s, prompt, sizeof prompt);
	if (o && drv_check_cus(g, before, side, o))
		return -1;
	if (drv_check_views(g))
		return -1;
	return drv_check_end(g);
}

static inline int drv_check_accepted(struct drv_game *g, const struct ww_state *before)
{
	return drv_check_accepted_order(g, before, WW_NOBODY, NULL);
}

static inline bool drv_same_move(const struct ww_order *a, const struct ww_order *b)
{
	if (a->general != b->general || a->cu != b->cu || a->by_sea != b->by_sea ||
	    a->keep != b->keep)
		return false;
	for (int i = 0; i < a->nspaces; i++)
		if (a->drop[i] != b->drop[i] || a->take[i] != b->take[i])
			return false;
	return true;
}

/* Do two orders of the same kind say the same, in what the order language
 * can say for that kind? */
static inline bool drv_same_order(const struct ww_order *a, const struct ww_order *b)
{
	if (a->kind != b->kind || a->nspaces != b->nspaces ||
	    memcmp(a->spaces, b->spaces, (size_t)a->nspaces * sizeof *a->spaces))
		return false;
	if (drv_takes_card(a->kind) && a->card != b->card)
		return false;
	switch (a->kind) {
	case WW_ORD_FIRST: return a->first == b->first;
	case WW_ORD_DISCARD: return a->action == b->action;
	case WW_ORD_PLAY_MOVE:
	case WW_ORD_MOVE: return drv_same_move(a, b);
	case WW_ORD_PLAY_QUEUE:
		return a->queue_move == b->queue_move && (!a->queue_move || drv_same_move(a, b));
	case WW_ORD_PLAY_REINFORCE:
		return a->french == b->french && a->general == b->general && a->cu == b->cu;
	case WW_ORD_INTERCEPT:
		return a->ngenerals == b->ngenerals && a->keep == b->keep &&
		       !memcmp(a->generals, b->generals, (size_t)a->ngenerals * sizeof *a->generals);
	case WW_ORD_RETREAT: return a->by_sea == b->by_sea;
	case WW_ORD_NAVY: return a->zone == b->zone;
	case WW_ORD_STANDING:
		return a->standing == b->standing &&
		       (a->standing != WW_STAND_ALWAYS_INTERCEPT || a->general == b->general);
	default: return true;
	}
}

/* An order written by ww_order_format that reads back as the same order:
 * 0, or -1 with what went wrong in `why`. */
static inline int drv_round_trip(const struct ww_data *d, const struct ww_order *o,
				 char *text, size_t len, char *why, size_t whylen)
{
	char err[512];
	struct ww_order back;
	ww_order_format(d, o, text, len);
	if (ww_order_parse(d, text, &back, err, sizeof err)) {
		snprintf(why, whylen, "'%.500s' does not parse back: %.300s", text, err);
		return -1;
	}
	if (!drv_same_order(o, &back)) {
		snprintf(why, whylen, "'%.500s' parses back as a different order", text);
		return -1;
	}
	return 0;
}

/* An accepted order written by ww_order_format reads back as the same
 * order, so the failures saved as `wwjudge order` lines replay. */
static inline int drv_check_text(struct drv_game *g, const struct ww_order *o)
{
	char text[1024], why[900];
	if (drv_round_trip(g->d, o, text, sizeof text, why, sizeof why))
		return drv_fail(g, "%s", why);
	return 0;
}

static inline enum drv_kind drv_event_kind(const struct drv_game *g, const struct ww_order *o)
{
	if (o->card < 1 || o->card > g->d->ncards)
		return DRV_EVENT_OTHER;
	if (g->d->cards[o->card].campaign)
		return DRV_EVENT_CAMPAIGN;
	switch (g->d->cards[o->card].special) {
	case WW_SPECIAL_DECLARATION: return DRV_EVENT_DECLARATION;
	case WW_SPECIAL_FRANKLIN: return DRV_EVENT_FRANKLIN;
	case WW_SPECIAL_WAR_ENDS: return DRV_EVENT_WAR_ENDS;
	default: return DRV_EVENT_OTHER;
	}
}

static inline enum drv_kind drv_kind_of(const struct drv_game *g, const struct ww_order *o)
{
	switch (o->kind) {
	case WW_ORD_COMMITTEES: return DRV_COMMITTEES;
	case WW_ORD_FOR_THE_KING: return DRV_FOR_THE_KING;
	case WW_ORD_PASS: return DRV_PASS;
	case WW_ORD_FIRST: return DRV_FIRST;
	case WW_ORD_PLAY_PC: return DRV_PLAY_PC;
	case WW_ORD_EXCHANGE: return DRV_EXCHANGE;
	case WW_ORD_DECLARATION: return DRV_DECLARATION;
	case WW_ORD_CONGRESS: return DRV_CONGRESS;
	case WW_ORD_DISCARD:
		return o->action == WW_DISCARD_PC ? DRV_DISCARD_PC
			: o->action == WW_DISCARD_REMOVE ? DRV_DISCARD_REMOVE : DRV_DISCARD;
	case WW_ORD_PLAY_MOVE: return o->by_sea ? DRV_PLAY_MOVE_SEA : DRV_PLAY_MOVE;
	case WW_ORD_PLAY_QUEUE: return o->queue_move ? DRV_QUEUE_MOVE : DRV_QUEUE;
	case WW_ORD_PLAY_REINFORCE: return o->french ? DRV_REINFORCE_FRENCH : DRV_REINFORCE;
	case WW_ORD_MOVE: return o->by_sea ? DRV_MOVE_SEA : DRV_MOVE;
	case WW_ORD_LANDING: return DRV_LANDING;
	case WW_ORD_DONE: return DRV_DONE;
	case WW_ORD_INTERCEPT: return DRV_INTERCEPT;
	case WW_ORD_NO_INTERCEPT: return DRV_NO_INTERCEPT;
	case WW_ORD_RETREAT_BEFORE: return DRV_RETREAT_BEFORE;
	case WW_ORD_STAND: return DRV_STAND;
	case WW_ORD_BATTLE_CARD: return DRV_BATTLE_CARD;
	case WW_ORD_BATTLE_DISCARD: return DRV_BATTLE_DISCARD;
	case WW_ORD_NO_BATTLE_CARD: return DRV_NO_BATTLE_CARD;
	case WW_ORD_RETREAT: return o->by_sea ? DRV_RETREAT_SEA : DRV_RETREAT;
	case WW_ORD_NAVY: return DRV_NAVY;
	case WW_ORD_FRENCH_FORCES: return DRV_FRENCH_FORCES;
	case WW_ORD_REMOVE_CU: return DRV_REMOVE_CU;
	case WW_ORD_REMOVE_PC: return DRV_REMOVE_PC;
	case WW_ORD_STANDING: return DRV_STANDING_ORDER;
	default: return drv_event_kind(g, o);
	}
}

/* Counts what the events of an accepted order tell of (battles, ...). */
static inline void drv_count_happenings(struct drv_game *g)
{
	for (int i = 0; i < g->ev.n; i++)
		for (int k = DRV_FIRST_HAPPENING; k < DRV_KINDS; k++)
			if (strstr(g->ev.v[i].text, drv_happening_text[k - DRV_FIRST_HAPPENING]))
				g->kinds[k]++;
}

/* `side` gives an order when it is not asked: the engine must refuse it
 * and leave the state as it was. 0, or -1 with g->failure. */
static inline int drv_try_wrong_side(struct drv_game *g, const struct ww_order *o)
{
	static struct ww_state before;
	char why[768] = "";
	enum ww_side side = ww_enemy(g->s.to_move);
	int mark = g->ev.n;
	if (o->kind == WW_ORD_STANDING) /* either side, at any time */
		return 0;
	memcpy(&before, &g->s, sizeof before);
	if (g->trace) {
		drv_trace_line(g->trace, side, o);
		fflush(g->trace);
	}
	g->culprit = (struct drv_move){ side, *o };
	g->has_culprit = true;
	if (ww_apply(g->d, &g->s, side, o, &g->rng, &g->ev, why, sizeof why) == 0)
		return drv_fail(g, "the %s's order was accepted while the %s is to move",
				ww_side_name(side), ww_side_name(before.to_move));
	if (memcmp(&before, &g->s, sizeof before) || g->ev.n != mark)
		return drv_fail(g, "a refused order changed the state (%s)", why);
	g->has_culprit = false;
	return 0;
}

/* Tries one order by `side`. Returns 1 if accepted (and checked), 0 if
 * refused (and the state checked unchanged), -1 on a failure with
 * g->failure set. */
static inline int drv_try_as(struct drv_game *g, enum ww_side side, const struct ww_order *o)
{
	static struct ww_state before;
	char why[768] = "";
	int mark = g->ev.n;
	memcpy(&before, &g->s, sizeof before);
	if (g->trace) {
		drv_trace_line(g->trace, side, o);
		fflush(g->trace);
	}
	if (ww_apply(g->d, &g->s, side, o, &g->rng, &g->ev, why, sizeof why) != 0) {
		g->refused++;
		g->culprit = (struct drv_move){ side, *o };
		g->has_culprit = true;
		if (memcmp(&before, &g->s, sizeof before) || g->ev.n != mark)
			return drv_fail(g, "a refused order changed the state (%s)", why);
		if (!why[0])
			return drv_fail(g, "an order was refused without a reason");
		g->has_culprit = false;
		return 0;
	}
	if (g->trace) {
		fputs("+\n", g->trace);
		fflush(g->trace);
	}
	if (g->nmoves < DRV_MAX_ORDERS)
		g->moves[g->nmoves++] = (struct drv_move){ side, *o };
	g->kinds[drv_kind_of(g, o)]++;
	drv_count_happenings(g);
	g->ev.n = 0;
	if (drv_check_text(g, o))
		return -1;
	return drv_check_accepted_order(g, &before, side, o) ? -1 : 1;
}

static inline int drv_try(struct drv_game *g, const struct ww_order *o)
{
	return drv_try_as(g, g->s.to_move, o);
}

static inline int drv_try_spaces(struct drv_game *g, struct ww_order *o)
{
	int rc;
	o->nspaces = 0;
	if ((rc = drv_try(g, o)))
		return rc;
	o->nspaces = 1;
	for (int sp = 0; sp < g->d->nspaces; sp++) {
		o->spaces[0] = sp;
		if ((rc = drv_try(g, o)))
			return rc;
	}
	return 0;
}

/* The new orders of the armies, exhaustively: every general one step to
 * every neighbour (alone or with all he may take) or by sea to every port,
 * every landing, reinforcement and answer with one space, every zone, the
 * battle cards in hand, every interceptor alone, the PCs owed. */
static inline int drv_exhaustive_armies(struct drv_game *g, int card)
{
	const struct ww_data *d = g->d;
	struct ww_order o;
	int rc;
	static const enum ww_order_kind one_space[] = {
		WW_ORD_LANDING, WW_ORD_RETREAT_BEFORE, WW_ORD_RETREAT, WW_ORD_FRENCH_FORCES,
		WW_ORD_REMOVE_CU, WW_ORD_PLAY_REINFORCE,
	};
	static const enum ww_order_kind bare[] = {
		WW_ORD_DONE, WW_ORD_NO_INTERCEPT, WW_ORD_STAND, WW_ORD_NO_BATTLE_CARD,
	};
	for (size_t k = 0; k < sizeof bare / sizeof *bare; k++) {
		ww_order_init(&o);
		o.kind = bare[k];
		if ((rc = drv_try(g, &o)))
			return rc;
	}
	for (int kind = WW_ORD_BATTLE_CARD; card && kind <= WW_ORD_BATTLE_DISCARD; kind++) {
		ww_order_init(&o);
		o.kind = (enum ww_order_kind)kind;
		o.card = card;
		if ((rc = drv_try(g, &o)))
			return rc;
	}
	ww_order_init(&o);
	o.kind = WW_ORD_PLAY_QUEUE;
	o.card = card;
	if (card && (rc = drv_try(g, &o)))
		return rc;
	for (size_t k = 0; k < sizeof one_space / sizeof *one_space; k++) {
		for (int variant = 0; variant < 2; variant++) {
			ww_order_init(&o);
			o.kind = one_space[k];
			o.card = card;
			o.by_sea = o.kind == WW_ORD_RETREAT && variant;
			o.french = o.kind == WW_ORD_PLAY_REINFORCE && variant;
			if ((o.kind == WW_ORD_PLAY_REINFORCE && !card) ||
			    (variant && !o.by_sea && !o.french))
				continue;
			if ((rc = drv_try_spaces(g, &o)))
				return rc;
		}
	}
	for (int z = 0; z < d->nzones; z++) {
		ww_order_init(&o);
		o.kind = WW_ORD_NAVY;
		o.zone = z;
		if ((rc = drv_try(g, &o)))
			return rc;
	}
	for (int k = 0; k < d->ngenerals; k++) {
		ww_order_init(&o);
		o.kind = WW_ORD_INTERCEPT;
		o.ngenerals = 1;
		o.generals[0] = k;
		if ((rc = drv_try(g, &o)))
			return rc;
		int at = g->s.general_at[k];
		if (at < 0)
			continue;
		for (int kind = WW_ORD_PLAY_MOVE; kind <= WW_ORD_MOVE; kind++) {
			if ((kind == WW_ORD_PLAY_MOVE || kind == WW_ORD_PLAY_QUEUE) != (card != 0) ||
			    kind == WW_ORD_PLAY_REINFORCE)
				continue;
			for (int i = 0; i <= d->spaces[at].nlinks; i++) {
				for (int cu = -1; cu <= 0; cu++) {
					ww_order_init(&o);
					o.kind = (enum ww_order_kind)kind;
					o.card = card;
					o.queue_move = kind == WW_ORD_PLAY_QUEUE;
					o.general = k;
					o.cu = cu;
					o.nspaces = 1;
					if (i < d->spaces[at].nlinks) {
						o.spaces[0] = d->spaces[at].links[i].to;
					} else if (drv_is_port(d, at)) {
						o.by_sea = true; /* first other port only */
						o.spaces[0] = at == 0 ? 1 : 0;
						for (int p = 0; p < d->nspaces; p++)
							if (p != at && drv_is_port(d, p)) {
								o.spaces[0] = p;
								break;
							}
					} else {
						continue;
					}
					if ((rc = drv_try(g, &o)))
						return rc;
				}
			}
		}
	}
	ww_order_init(&o);
	drv_remove_pcs(g, &o, true);
	return drv_try(g, &o);
}

/* Every kind of order x every card in the hand of the side to move (no
 * other card can be played) x every variant x every space, and one legal
 * space per colony for the orders that name one per colony; then the
 * orders of the armies. Standing orders are left out: they answer nothing. */
static inline int drv_exhaustive(struct drv_game *g)
{
	struct ww_order o;
	struct ww_pile hand = g->s.hand[g->s.to_move];
	int rc;
	g->exhaustive++;
	for (int kind = WW_ORD_COMMITTEES; kind <= WW_ORD_CONGRESS; kind++) {
		int ncards = drv_takes_card(kind) ? hand.n : 1;
		int variants = kind == WW_ORD_FIRST ? 2 : kind == WW_ORD_DISCARD ? 3 : 1;
		for (int i = 0; i < ncards; i++) {
			for (int x = 0; x < variants; x++) {
				ww_order_init(&o);
				o.kind = (enum ww_order_kind)kind;
				o.card = drv_takes_card(kind) ? hand.card[i] : 0;
				o.first = (enum ww_side)(WW_AMERICAN + x);
				o.action = (enum ww_discard_action)x;
				if ((rc = drv_try_spaces(g, &o)))
					return rc;
				if (kind != WW_ORD_COMMITTEES && kind != WW_ORD_DECLARATION &&
				    kind != WW_ORD_PLAY_EVENT)
					continue;
				o.nspaces = 0;
				drv_per_colony(g, kind == WW_ORD_COMMITTEES ? WW_PC_COMMITTEES
					       : WW_PC_DECLARATION, &o, true);
				if ((rc = drv_try(g, &o)))
					return rc;
			}
		}
	}
	if ((rc = drv_exhaustive_armies(g, 0)))
		return rc;
	for (int i = 0; i < hand.n; i++)
		if ((rc = drv_exhaustive_armies(g, hand.card[i])))
			return rc;
	return 0;
}

static inline const char *drv_prompt_name(enum ww_prompt p)
{
	static const char *const names[] = {
		"nothing", "committees", "for-the-king", "opening", "first player",
		"impulse", "declaration", "congress", "campaign", "intercept",
		"retreat before battle", "battle card", "retreat", "French Navy",
		"French forces", "European War", "Washington captured",
	};
	return p <= WW_ASK_WASHINGTON_CAPTURED ? names[p] : "?";
}

/* Now and then either side gives a standing order first. */
static inline int drv_maybe_standing(struct drv_game *g)
{
	struct ww_order o;
	if (drv_rand(g, DRV_STANDING))
		return 0;
	ww_order_init(&o);
	drv_standing(g, &o);
	int rc = drv_try_as(g, (enum ww_side)(WW_AMERICAN + drv_rand(g, 2)), &o);
	return rc < 0 ? -1 : 0;
}

/* One accepted order for whoever is to move. 0, or -1 with g->failure. */
static inline int drv_step(struct drv_game *g)
{
	struct ww_order o;
	if (drv_maybe_standing(g))
		return -1;
	for (int i = 0; i < DRV_TRIES; i++) {
		drv_candidate(g, &o);
		if (i == 0 && drv_try_wrong_side(g, &o))
			return -1;
		int rc = drv_try(g, &o);
		if (rc)
			return rc > 0 ? 0 : -1;
	}
	int rc = drv_exhaustive(g);
	if (rc)
		return rc > 0 ? 0 : -1;
	char text[256];
	ww_prompt_text(g->d, &g->s, text, sizeof text);
	return drv_fail(g, "dead end: no legal order for the %s at the %s prompt, %d, "
			"phase %s (%s)", ww_side_name(g->s.to_move), drv_prompt_name(g->s.prompt),
			g->s.year, ww_phase_name(g->s.phase), text);
}

/* Plays the game to its end. 0, or -1 with g->failure. */
static inline int drv_play(struct drv_game *g)
{
	struct ww_order none;
	char why[256];
	ww_order_init(&none);
	none.kind = WW_ORD_PASS;
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		return drv_fail(g, "invariant broken by the set-up: %s", why);
	g->ev.n = 0;
	while (g->s.phase != WW_PH_GAME_OVER) {
		if (g->nmoves >= g->max_orders)
			return drv_fail(g, "no end after %d orders (%d, %s)", g->nmoves,
					g->s.year, ww_phase_name(g->s.phase));
		if (drv_step(g))
			return -1;
	}
	for (int side = WW_AMERICAN; side <= WW_BRITISH; side++)
		if (ww_apply(g->d, &g->s, (enum ww_side)side, &none, &g->rng, &g->ev,
			     why, sizeof why) == 0)
			return drv_fail(g, "an order was accepted after the game ended");
	return 0;
}

/* The accepted orders as text, one per line: "american: play 12 pc Boston". */
static inline void drv_print_moves(FILE *f, const struct drv_game *g)
{
	char text[1024];
	for (int i = 0; i < g->nmoves; i++) {
		ww_order_format(g->d, &g->moves[i].o, text, sizeof text);
		fprintf(f, "%5d %s: %s\n", i + 1,
			g->moves[i].side == WW_AMERICAN ? "american" : "british", text);
	}
}

#endif
