/* Skirmish's random orders for the tests that play whole games
 * (test_skirmish_soak.c, test_play_first_order.c): for the side asked, an
 * order of the kind its question takes, often illegal (a random path, a
 * die it does not hold), from the caller's own PRNG. Header-only. */
#ifndef SK_DRIVER_H
#define SK_DRIVER_H

#include "sk_support.h"

/* A new game (I.A) whose dice are keyed by the game's number. */
static inline void sk_start_game(struct sk_game *g, int game)
{
	memset(g, 0, sizeof *g);
	memcpy(g->dice.seed, &game, sizeof game);
	wj_dice_rng(&g->dice, &g->rng);
	assert_int_equal(sk_new_game(skd(), &g->rng, &g->s, &g->ev), 0);
}

static inline uint64_t sk_next_random(uint64_t *r)
{
	uint64_t z = (*r += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static inline int sk_pick(uint64_t *r, int n)
{
	return n > 0 ? (int)(sk_next_random(r) % (uint64_t)n) : 0;
}

static inline int sk_random_neighbour(uint64_t *r, int spot)
{
	const struct sk_spot *s = &skd()->spots[spot];
	return s->neighbours[sk_pick(r, s->nneighbours)].to;
}

/* A random walk of `legs` spots from `from` into o->spots. */
static inline void sk_walk(uint64_t *r, struct sk_order *o, int from, int legs)
{
	o->nspots = 0;
	o->spots[o->nspots++] = from;
	for (int i = 0; i < legs && o->nspots < SK_MAX_PATH; i++)
		o->spots[o->nspots] = sk_random_neighbour(r, o->spots[o->nspots - 1]), o->nspots++;
}

static inline int sk_random_piece(const struct sk_state *s, uint64_t *r, int side)
{
	int ids[SK_MAX_PIECES], n = 0;
	for (int i = 0; i < s->npieces; i++)
		if ((int)s->pieces[i].side == side && s->pieces[i].spot >= 0)
			ids[n++] = i;
	return n ? ids[sk_pick(r, n)] : -1;
}

static inline bool sk_is_army_kind(enum sk_piece_kind k)
{
	return k == SK_ARMY || k == SK_CONTINENTAL_ARMY;
}

/* Does an army's move of `piece` to `end` meet another army of its side? */
static inline bool sk_armies_meet(const struct sk_state *s, int piece, int end)
{
	if (piece < 0 || !sk_is_army_kind(s->pieces[piece].kind))
		return false;
	for (int i = 0; i < s->npieces; i++)
		if (i != piece && s->pieces[i].side == s->pieces[piece].side &&
		    s->pieces[i].spot == end && sk_is_army_kind(s->pieces[i].kind))
			return true;
	return false;
}

static inline struct sk_order sk_random_move(const struct sk_state *s, uint64_t *r, int side)
{
	struct sk_order o = { .kind = SK_ORDER_MOVE };
	int piece = side == SK_BRITISH ? s->declared : sk_random_piece(s, r, side);
	int die = s->dice[side][sk_pick(r, s->ndice[side])];
	if (sk_pick(r, 12) == 0)
		return (struct sk_order){ .kind = sk_pick(r, 2) ? SK_ORDER_CALL : SK_ORDER_PASS };
	sk_walk(r, &o, s->pieces[piece].spot, die);
	o.split = (struct sk_split){ true, sk_pick(r, 2), 1 + sk_pick(r, 6),
				     sk_random_neighbour(r, o.spots[o.nspots - 1]) };
	/* COMBINING UNITS 3: a split only where two armies of the side meet
	 * (elsewhere it is refused); the same random numbers either way */
	o.split.given = sk_armies_meet(s, piece, o.spots[o.nspots - 1]);
	return o;
}

static inline struct sk_order sk_random_sail(const struct sk_state *s, uint64_t *r, int side)
{
	struct sk_order o = { .kind = SK_ORDER_SAIL };
	int ship = side == s->call.side ? s->call.carrier : s->call.warship;
	if (ship < 0)
		ship = sk_random_piece(s, r, side);
	sk_walk(r, &o, s->pieces[ship].spot, 1 + sk_pick(r, s->call.spots));
	if (side == s->call.side && sk_pick(r, 4) == 0) {
		o.spots[1] = sk_pick(r, skd()->nspots);
		o.nspots = 2;
	}
	return o;
}

static inline struct sk_order sk_random_order(const struct sk_state *s, uint64_t *r, int side)
{
	struct sk_order o = { .kind = SK_ORDER_DECLARE };
	switch (s->phase) {
	case SK_PHASE_DECLARE:
		o.spot = s->pieces[sk_random_piece(s, r, side)].spot;
		return o;
	case SK_PHASE_CARD_MOVE:
		o.kind = SK_ORDER_CARD_MOVE;
		sk_walk(r, &o, s->pieces[s->card_piece].spot, s->card_spots);
		return o;
	case SK_PHASE_APART:
		o.kind = SK_ORDER_APART;
		o.spot = sk_random_neighbour(r, s->pieces[s->apart_piece].spot);
		return o;
	case SK_PHASE_SAIL:
		return sk_random_sail(s, r, side);
	default:
		return sk_random_move(s, r, side);
	}
}

/* What a side may give at any time (III.3, docs/rulings.md "III.2.B, IV.5
 * standing orders"): a standing order, or an order of skirmishes naming
 * enemy pieces. Both stay hidden from the other side. */
static inline struct sk_order sk_random_in_advance(const struct sk_state *s, uint64_t *r,
						   int side)
{
	struct sk_order o = { .kind = SK_ORDER_STANDING, .spot = -1 };
	if (sk_pick(r, 2)) {
		o.standing.kind = (enum sk_standing_kind)sk_pick(r, 3);
		o.standing.spot = o.standing.kind == SK_STANDING_TOWARD ? sk_pick(r, skd()->nspots) : -1;
		return o;
	}
	o.kind = SK_ORDER_SKIRMISHES;
	for (int i = 0, n = 1 + sk_pick(r, 3); i < n; i++) {
		int piece = sk_random_piece(s, r, 3 - side);
		if (piece >= 0)
			o.spots[o.nspots++] = s->pieces[piece].spot;
	}
	return o;
}

#endif
