#include <string.h>
#include "rules_internal.h"

/* The one place that decides what a side may see: everything is public
 * except the other side's hand and the order of the deck. */
void ww_view(const struct ww_state *s, enum ww_side side, struct ww_state *out)
{
	*out = *s;
	memset(out->deck.card, 0, sizeof out->deck.card);
	for (enum ww_side other = WW_AMERICAN; other <= WW_BRITISH; other++)
		if (other != side)
			memset(out->hand[other].card, 0, sizeof out->hand[other].card);
}
