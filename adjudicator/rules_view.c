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
