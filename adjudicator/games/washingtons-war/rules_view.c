#include <stdlib.h>
#include <string.h>
#include "rules_internal.h"

/* The one place that decides what a side may see: everything is public
 * except the other side's hand and standing orders, the order of the
 * deck, and the part of a move not yet made (which only the mover knows).
 * WW_NOBODY gets the public view. */
void ww_view(const struct ww_state *s, enum ww_side side, struct ww_state *out)
{
	*out = *s;
	memset(out->deck.card, 0, sizeof out->deck.card);
	for (enum ww_side other = WW_AMERICAN; other <= WW_BRITISH; other++) {
		if (other == side)
			continue;
		memset(out->hand[other].card, 0, sizeof out->hand[other].card);
		memset(&out->standing[other], 0, sizeof out->standing[other]);
	}
	if (s->mv.general >= 0 && s->play.side != (int8_t)side) {
		struct ww_move *m = &out->mv;
		for (int i = m->next; i < WW_PATH_MAX; i++)
			m->path[i] = (struct ww_step){ 0, 0, 0 };
		m->nsteps = m->next;
		m->keep = -1;
	}
}

static int by_number(const void *a, const void *b)
{
	return *(const uint8_t *)a - *(const uint8_t *)b;
}

/* The other side's hand and the deck, as one pile the side cannot tell
 * apart, put in number order (their real order is hidden too, so the
 * stand-in depends only on which cards are unseen), shuffled and dealt
 * back to the same sizes. */
static void redeal_unseen(const struct ww_state *s, enum ww_side other,
			  struct wj_rng *rng, struct ww_state *out)
{
	uint8_t unseen[2 * WW_MAX_CARDS];
	int n = 0;
	for (int i = 0; i < s->deck.n; i++)
		unseen[n++] = s->deck.card[i];
	for (int i = 0; i < s->hand[other].n; i++)
		unseen[n++] = s->hand[other].card[i];
	qsort(unseen, (size_t)n, 1, by_number);
	rng->shuffle(rng->ctx, s->next_shuffle, unseen, n);
	memcpy(out->deck.card, unseen, (size_t)s->deck.n);
	memcpy(out->hand[other].card, unseen + s->deck.n, (size_t)s->hand[other].n);
}

void ww_view_stand_in(const struct ww_state *s, enum ww_side side, struct wj_rng *rng,
		      struct ww_state *out)
{
	ww_view(s, side, out);
	redeal_unseen(s, side == WW_AMERICAN ? WW_BRITISH : WW_AMERICAN, rng, out);
}
