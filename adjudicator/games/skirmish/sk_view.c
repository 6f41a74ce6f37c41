/* What each side may see (seed I.A: a throw is seen by its thrower alone
 * until I.C and I.D reveal it; nobody sees the skirmish deck's order,
 * III.2; a standing order and an order of skirmishes given in advance,
 * III.3, are seen by their side alone) and the stand-in a
 * side's orders are checked on. */
#include <string.h>

#include "sk_internal.h"

void sk_view(const struct sk_data *d, const struct sk_state *s, int viewer,
	     struct sk_state *out)
{
	(void)d;
	*out = *s;
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++) {
		if (side != viewer && !s->revealed[side])
			memset(out->dice[side], 0, sizeof out->dice[side]);
		/* Orders given in advance are their side's alone (docs/rulings.md). */
		if (side != viewer) {
			out->standing[side] = (struct sk_standing){ SK_STANDING_ASK, -1 };
			out->nskirmish_order[side] = 0;
			memset(out->skirmish_order[side], 0, sizeof out->skirmish_order[side]);
		}
	}
	/* The cards drawn are public; the rest of the deck is not. */
	memset(out->deck + s->next, 0, sizeof out->deck - (size_t)s->next);
}

/* The cards not yet drawn, dealt again from the rng. */
static void stand_in_deck(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng)
{
	int left[SK_MAX_CARDS] = { 0 }, n = s->next;
	for (int c = 0; c < d->ncards; c++)
		left[c] = d->cards[c].count;
	for (int i = 0; i < s->next; i++)
		left[s->deck[i]]--;
	for (int c = 0; c < d->ncards; c++)
		for (int k = 0; k < left[c] && n < s->ndeck; k++)
			s->deck[n++] = (uint8_t)c;
	rng->shuffle(rng->ctx, s->next_shuffle, s->deck + s->next, s->ndeck - s->next);
}

void sk_stand_in(const struct sk_data *d, const struct sk_state *s, int side,
		 struct wj_rng *rng, struct sk_state *out)
{
	int other = sk_other(side);
	sk_view(d, s, side, out);
	if (!s->revealed[other])
		for (int i = 0; i < s->ndice[other]; i++)
			out->dice[other][i] = sk_movement_die(d, out, rng);
	stand_in_deck(d, out, rng);
	out->next_roll = s->next_roll;
}
