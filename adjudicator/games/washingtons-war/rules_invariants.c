/* What must hold after every order (the soak test's checks). */
#include <string.h>
#include "rules_internal.h"

static int count_cards(const struct ww_data *d, const struct ww_state *s, char *why, size_t len)
{
	int seen[WW_MAX_CARDS] = { 0 };
	const struct ww_pile *piles[] = {
		&s->deck, &s->discard, &s->removed, &s->set_aside,
		&s->hand[WW_AMERICAN], &s->hand[WW_BRITISH],
		&s->reinforcement_cards[WW_AMERICAN], &s->reinforcement_cards[WW_BRITISH],
		&s->ops_queue[WW_AMERICAN], &s->ops_queue[WW_BRITISH],
	};
	for (size_t i = 0; i < sizeof piles / sizeof *piles; i++)
		for (int j = 0; j < piles[i]->n; j++)
			if (piles[i]->card[j] >= 1 && piles[i]->card[j] <= d->ncards)
				seen[piles[i]->card[j]]++;
	if (s->war_ends_card)
		seen[s->war_ends_card]++;
	for (int c = 1; c <= d->ncards; c++) {
		if (seen[c] != 1) {
			wj_why(why, len, "card #%d is in %d places (cards must add up to %d)",
			       c, seen[c], d->ncards);
			return 1;
		}
	}
	return 0;
}

static int check_space(const struct ww_data *d, const struct ww_state *s, int sp,
		       char *why, size_t len)
{
	int generals[3] = { 0 };
	for (int g = 0; g < d->ngenerals; g++)
		if (s->general_at[g] == sp)
			generals[d->generals[g].side]++;
	const struct ww_space_state *x = &s->space[sp];
	bool american = generals[WW_AMERICAN] || x->cu[WW_NAT_AMERICAN] || x->cu[WW_NAT_FRENCH];
	bool british = generals[WW_BRITISH] || x->cu[WW_NAT_BRITISH];
	bool contested = sp == s->battle.space || (s->mv.general >= 0 && sp == s->mv.at);
	if (!contested && (generals[WW_AMERICAN] > 1 || generals[WW_BRITISH] > 1)) {
		wj_why(why, len, "%s holds two generals of one side (3.0)", d->spaces[sp].name);
		return 1;
	}
	if (american && british && !contested) {
		wj_why(why, len, "%s holds units of both sides outside a battle (3.0)",
		       d->spaces[sp].name);
		return 1;
	}
	if (x->pc != WW_NOBODY && x->pc != WW_AMERICAN && x->pc != WW_BRITISH) {
		wj_why(why, len, "%s has an impossible PC value %d", d->spaces[sp].name, x->pc);
		return 1;
	}
	return 0;
}

int ww_check_invariants(const struct ww_data *d, const struct ww_state *s,
			char *why, size_t whylen)
{
	int broken = count_cards(d, s, why, whylen);
	for (int sp = 0; sp < d->nspaces; sp++)
		broken += check_space(d, s, sp, broken ? NULL : why, whylen);
	if (s->congress_at != WW_LOC_DISPERSED &&
	    (s->congress_at < 0 || s->congress_at >= d->nspaces)) {
		if (!broken)
			wj_why(why, whylen, "the Congress is nowhere (%d)", s->congress_at);
		broken++;
	}
	if ((s->phase == WW_PH_GAME_OVER) != (s->to_move == WW_NOBODY)) {
		if (!broken)
			wj_why(why, whylen, "%s is to move in phase %s", ww_side_name(s->to_move),
			       ww_phase_name(s->phase));
		broken++;
	}
	for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		if (s->hand[side].n > WW_HAND_MAX) {
			if (!broken)
				wj_why(why, whylen, "the %s hand holds %d cards", ww_side_name(side),
				       s->hand[side].n);
			broken++;
		}
	}
	return broken;
}
