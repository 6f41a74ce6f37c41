/* Skirmishes (seed III): which pairs skirmish, in whose order, the
 * skirmish deck and what a card does to the two pieces. */
#include <stdio.h>

#include "sk_internal.h"

/* III.2: the deck of every card's copies, shuffled from the rng; again
 * when used up (docs/rulings.md). */
void sk_build_deck(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		   struct sk_events *ev)
{
	int n = 0;
	for (int c = 0; c < d->ncards; c++)
		for (int k = 0; k < d->cards[c].count && n < SK_MAX_DECK; k++)
			s->deck[n++] = (uint8_t)c;
	rng->shuffle(rng->ctx, s->next_shuffle++, s->deck, n);
	s->ndeck = n;
	s->next = 0;
	sk_event(ev, SK_TO_ALL, "The skirmish cards are shuffled.");
}

void sk_reshuffle_unseen(struct sk_state *s, struct wj_rng *rng)
{
	int rest = s->ndeck - s->next;
	rng->shuffle(rng->ctx, s->next_shuffle++, s->deck + s->next, rest > 0 ? rest : 0);
}

static const struct sk_card *draw(const struct sk_data *d, struct sk_state *s,
				  struct wj_rng *rng, struct sk_events *ev)
{
	if (s->next >= s->ndeck)
		sk_build_deck(d, s, rng, ev);
	return &d->cards[s->deck[s->next++]];
}

/* III.1: opposing land pieces on spots joined by a black line, one of
 * them an army; III.5: not two that have skirmished and not moved. */
static bool may_skirmish(const struct sk_data *d, const struct sk_state *s, int a, int b)
{
	const struct sk_piece *p = &s->pieces[a], *q = &s->pieces[b];
	return p->spot >= 0 && q->spot >= 0 && p->side != q->side && sk_is_land_piece(p->kind) &&
	       sk_is_land_piece(q->kind) && (sk_is_army(p->kind) || sk_is_army(q->kind)) &&
	       sk_joined(d, p->spot, q->spot, SK_LAND_LINE) &&
	       !(s->quiet[a] & (UINT64_C(1) << b));
}

static bool queued(const struct sk_state *s, int a, int b)
{
	for (int i = 0; i < s->nqueue; i++)
		if (s->queue[i].moved == a && s->queue[i].held == b)
			return true;
	return false;
}

/* The pairs of `side`'s pieces with the enemy at `spot` (-1: anywhere). */
static void queue_at(const struct sk_data *d, struct sk_state *s, int side, int spot)
{
	for (int a = 0; a < s->npieces; a++)
		for (int b = 0; b < s->npieces; b++)
			if ((int)s->pieces[a].side == side && (spot < 0 || s->pieces[b].spot == spot) &&
			    may_skirmish(d, s, a, b) && !queued(s, a, b) && s->nqueue < SK_MAX_QUEUE)
				s->queue[s->nqueue++] = (struct sk_pair){ a, b };
}

/* III.3: the mover's order given in advance, then the rest by piece
 * (docs/rulings.md). */
void sk_queue_skirmishes(const struct sk_data *d, struct sk_state *s, int side)
{
	s->nqueue = 0;
	for (int i = 0; i < s->nskirmish_order[side]; i++)
		queue_at(d, s, side, s->skirmish_order[side][i]);
	queue_at(d, s, side, -1);
	s->nskirmish_order[side] = 0;
}

/* III.4: the card's piece of the two. */
static int card_piece(const struct sk_state *s, const struct sk_card *c, struct sk_pair p)
{
	switch (c->who) {
	case SK_WHO_AMERICAN:
		return s->pieces[p.moved].side == SK_AMERICAN ? p.moved : p.held;
	case SK_WHO_BRITISH:
		return s->pieces[p.moved].side == SK_BRITISH ? p.moved : p.held;
	case SK_WHO_HELD:
		return p.held;
	default:
		return p.moved;
	}
}

static void card_move(const struct sk_data *d, struct sk_state *s, int piece, int spots,
		      struct sk_events *ev)
{
	if (sk_can_card_move(d, s, piece, spots)) {
		s->card_piece = piece;
		s->card_spots = spots;
		return;
	}
	sk_event(ev, SK_TO_ALL, "The %s has no move of %d spot%s onto an empty spot: it stays.",
		 sk_side_name(d, s->pieces[piece].side), spots, spots == 1 ? "" : "s");
}

static void play_card(const struct sk_data *d, struct sk_state *s, const struct sk_card *c,
		      struct sk_pair p, struct wj_rng *rng, struct sk_events *ev)
{
	switch (c->effect) {
	case SK_LOSE_A_UNIT:
		sk_lose_units(d, s, card_piece(s, c, p), 1, ev);
		break;
	case SK_MOVE:
		card_move(d, s, card_piece(s, c, p), c->spots, ev);
		break;
	case SK_MAJOR_BATTLE:
		sk_major_battle(d, s, p.moved, p.held, false, rng, ev);
		break;
	case SK_NOTHING:
		break;
	}
}

void sk_next_skirmish(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		      struct sk_events *ev)
{
	struct sk_pair p = s->queue[0];
	char a[SK_EVENT_TEXT], b[SK_EVENT_TEXT];
	s->nqueue--;
	for (int i = 0; i < s->nqueue; i++)
		s->queue[i] = s->queue[i + 1];
	if (!may_skirmish(d, s, p.moved, p.held))
		return;
	sk_quiet_pair(s, p.moved, p.held);
	sk_fought(s);
	const struct sk_card *c = draw(d, s, rng, ev);
	sk_describe(d, s, p.moved, a, sizeof a);
	sk_describe(d, s, p.held, b, sizeof b);
	sk_event(ev, SK_TO_ALL, "SKIRMISH between the %s and the %s: \"%s\" %s", a, b, c->name,
		 c->text);
	play_card(d, s, c, p, rng, ev);
}
