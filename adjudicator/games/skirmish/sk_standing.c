/* Standing orders (docs/rulings.md, "III.2.B, IV.5 standing orders"): a
 * side's answer, given in advance, to the two questions asked of it in
 * the middle of the other side's move: where a card moves its piece
 * (III.2.B) and where its piece moves apart after a battle (IV.5). */
#include <stdio.h>
#include <string.h>

#include "sk_internal.h"

#define FAR SK_MAX_SPOTS        /* farther than any spot: none of the sources is reachable */

void sk_standing_text(const struct sk_data *d, const struct sk_standing *st, char *out,
		      size_t len)
{
	if (st->kind == SK_STANDING_TOWARD)
		snprintf(out, len, "toward %s", sk_spot_name(d, st->spot));
	else
		snprintf(out, len, "%s", st->kind == SK_STANDING_AWAY ? "away" : "ask");
}

int sk_give_standing(const struct sk_data *d, struct sk_state *s, int side,
		     const struct sk_order *o, struct sk_events *ev, char *why, size_t whylen)
{
	struct sk_standing st = { o->standing.kind, -1 };
	char text[64];
	if ((unsigned)st.kind > SK_STANDING_AWAY)
		return wj_why(why, whylen, "no such standing order: toward SPOT, away or ask");
	if (st.kind == SK_STANDING_TOWARD) {
		st.spot = o->standing.spot;
		if (st.spot < 0 || st.spot >= d->nspots || !sk_on_land(d, st.spot))
			return wj_why(why, whylen, "standing toward: %s is not a land spot; a card's "
				      "move and moving apart end on land (III.2.B, IV.5): name a "
				      "black spot or a coastal city",
				      st.spot < 0 || st.spot >= d->nspots ? "?" : sk_spot_name(d, st.spot));
	}
	s->standing[side] = st;
	sk_standing_text(d, &st, text, sizeof text);
	if (st.kind == SK_STANDING_ASK)
		sk_event(ev, SK_TO(side), "No standing order: you will be asked where a card moves "
			 "your piece (III.2.B) and where it moves apart (IV.5).");
	else
		sk_event(ev, SK_TO(side), "Your standing order %s answers for you where a card moves "
			 "your piece (III.2.B) and where it moves apart (IV.5).", text);
	return 0;
}

/* Black-line legs from the nearest of the spots `from` to every spot;
 * FAR where none is reachable. */
static void distances(const struct sk_data *d, const int *from, int nfrom, int dist[SK_MAX_SPOTS])
{
	int queue[SK_MAX_SPOTS], head = 0, tail = 0;
	for (int i = 0; i < d->nspots; i++)
		dist[i] = FAR;
	for (int i = 0; i < nfrom; i++)
		if (dist[from[i]] == FAR) {
			dist[from[i]] = 0;
			queue[tail++] = from[i];
		}
	while (head < tail) {
		const struct sk_spot *at = &d->spots[queue[head]];
		int next = dist[queue[head++]] + 1;
		for (int k = 0; k < at->nneighbours; k++) {
			int to = at->neighbours[k].to;
			if (at->neighbours[k].kind == SK_LAND_LINE && dist[to] == FAR) {
				dist[to] = next;
				queue[tail++] = to;
			}
		}
	}
}

/* TOWARD: legs from its spot; AWAY: legs from the nearest enemy land piece. */
static void standing_distances(const struct sk_data *d, const struct sk_state *s, int side,
			       int dist[SK_MAX_SPOTS])
{
	const struct sk_standing *st = &s->standing[side];
	int from[SK_MAX_PIECES], n = 0;
	if (st->kind == SK_STANDING_TOWARD) {
		distances(d, &st->spot, 1, dist);
		return;
	}
	for (int i = 0; i < s->npieces; i++)
		if ((int)s->pieces[i].side != side && s->pieces[i].spot >= 0 &&
		    sk_is_land_piece(s->pieces[i].kind))
			from[n++] = s->pieces[i].spot;
	distances(d, from, n, dist);
}

/* May the question's piece end at `to`? The card's path to it in path. */
static bool may_end(const struct sk_data *d, const struct sk_state *s, int to,
		    int path[SK_MAX_PATH])
{
	if (s->apart_piece >= 0)
		return sk_apart_spot_ok(d, s, s->apart_piece, to);
	return sk_card_path_to(d, s, s->card_piece, s->card_spots, to, path);
}

/* Is `to` better for the standing order than `best`? Nearer (TOWARD) or
 * farther (AWAY); on a tie, the spot whose name comes first. */
static bool better(const struct sk_data *d, const struct sk_standing *st,
		   const int dist[SK_MAX_SPOTS], int to, int best)
{
	if (best < 0)
		return true;
	if (dist[to] != dist[best])
		return st->kind == SK_STANDING_TOWARD ? dist[to] < dist[best] : dist[to] > dist[best];
	return strcmp(d->spots[to].name, d->spots[best].name) < 0;
}

/* The spot the standing order picks among the legal ones, or -1. */
static int standing_pick(const struct sk_data *d, const struct sk_state *s, int side)
{
	int dist[SK_MAX_SPOTS], path[SK_MAX_PATH], best = -1;
	standing_distances(d, s, side, dist);
	for (int to = 0; to < d->nspots; to++)
		if (may_end(d, s, to, path) && better(d, &s->standing[side], dist, to, best))
			best = to;
	return best;
}

bool sk_standing_answers(const struct sk_data *d, struct sk_state *s, struct sk_events *ev)
{
	bool apart = s->apart_piece >= 0;
	int piece = apart ? s->apart_piece : s->card_piece, side = s->pieces[piece].side;
	int path[SK_MAX_PATH], to;
	char order[64], who[SK_EVENT_TEXT];
	if (s->standing[side].kind == SK_STANDING_ASK || (to = standing_pick(d, s, side)) < 0)
		return false;
	sk_standing_text(d, &s->standing[side], order, sizeof order);
	sk_describe(d, s, piece, who, sizeof who);
	sk_event(ev, SK_TO(side), "Your standing order %s moves the %s %s to %s (%s).", order,
		 who, apart ? "apart" : "as the card says", sk_spot_name(d, to),
		 apart ? "IV.5" : "III.2.B");
	if (apart) {
		sk_carry_out_apart(d, s, to, ev);
	} else {
		may_end(d, s, to, path);
		sk_carry_out_card_move(d, s, path, s->card_spots + 1, ev);
	}
	return true;
}
