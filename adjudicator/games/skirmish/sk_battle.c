/* Major battles (seed IV.1-IV.5), naval battles (IV.6) and losses. */
#include <stdio.h>
#include <stdlib.h>

#include "sk_internal.h"

static void out_of_game(const struct sk_data *d, struct sk_state *s, int piece,
			struct sk_events *ev)
{
	struct sk_piece *p = &s->pieces[piece];
	sk_event(ev, SK_TO_ALL, "The %s %s at %s is out of the game.", sk_side_name(d, p->side),
		 p->kind == SK_CONTINENTAL_ARMY ? "Continental Army"
		 : p->kind == SK_ARMY	       ? "army"
		 : p->kind == SK_BASIC_UNIT    ? "militia"
		 : p->kind == SK_WARSHIP       ? "warship"
					       : "troop carrier",
		 sk_spot_name(d, p->spot));
	s->lost[p->side] += p->units;
	p->units = 0;
	p->spot = -1;
	if (p->side == SK_BRITISH && p->kind == SK_ARMY)
		s->call.may_call[SK_BRITISH] = true; /* V.1 */
}

/* III.2.A, IV.2.D, IV.3: never more than the piece has; IV.4 out at 0. */
void sk_lose_units(const struct sk_data *d, struct sk_state *s, int piece, int n,
		   struct sk_events *ev)
{
	struct sk_piece *p = &s->pieces[piece];
	if (n > p->units)
		n = p->units;
	if (n >= p->units) {
		out_of_game(d, s, piece, ev);
		return;
	}
	p->units -= n;
	s->lost[p->side] += n;
	sk_event(ev, SK_TO_ALL, "The %s loses %d unit%s; %d left.",
		 sk_side_name(d, p->side), n, n == 1 ? "" : "s", p->units);
}

/* IV.5: the piece that landed moves apart, its owner choosing where; with
 * no empty spot beside (the piece it landed on has the same neighbours)
 * it is out of the game (docs/rulings.md). */
static void move_apart(const struct sk_data *d, struct sk_state *s, int attacker,
		       struct sk_events *ev)
{
	if (sk_can_move_apart(d, s, attacker))
		s->apart_piece = attacker;
	else
		out_of_game(d, s, attacker, ev);
}

/* IV.2: the difference in units added to the stronger's throw; the
 * difference of the corrected throws removed from the lower (IV.2.D),
 * none on a tie (IV.2.E). */
void sk_major_battle(const struct sk_data *d, struct sk_state *s, int attacker, int defender,
		     bool landed, struct wj_rng *rng, struct sk_events *ev)
{
	struct sk_piece *a = &s->pieces[attacker], *b = &s->pieces[defender];
	int diff = abs(a->units - b->units);
	int ta = sk_battle_die(d, s, rng), tb = sk_battle_die(d, s, rng);
	int ca = ta + (a->units > b->units ? diff : 0), cb = tb + (b->units > a->units ? diff : 0);
	sk_fought(s);
	sk_quiet_pair(s, attacker, defender);
	sk_event(ev, SK_TO_ALL, "MAJOR BATTLE at %s: %s %d %s %d for %d, %s %d %s %d for %d.",
		 sk_spot_name(d, b->spot), sk_side_name(d, a->side), a->units,
		 a->units == 1 ? "unit throws" : "units throw", ta, ca, sk_side_name(d, b->side),
		 b->units, b->units == 1 ? "unit throws" : "units throw", tb, cb);
	if (ca == cb) {
		sk_event(ev, SK_TO_ALL, "A tie: neither removes units (IV.2.E).");
	} else {
		int loser = ca < cb ? attacker : defender;
		if (s->pieces[loser].side == SK_BRITISH)
			s->call.may_call[SK_AMERICAN] = true; /* V.2 */
		sk_lose_units(d, s, loser, abs(ca - cb), ev);
	}
	if (landed && a->spot >= 0 && b->spot >= 0)
		move_apart(d, s, attacker, ev);
}

/* IV.6: each throws, the higher wins, a tie throws again; the loser is
 * removed with what it carries. */
bool sk_naval_battle(const struct sk_data *d, struct sk_state *s, int ship, int enemy,
		     struct wj_rng *rng, struct sk_events *ev)
{
	int ta, tb;
	sk_fought(s);
	do {
		ta = sk_battle_die(d, s, rng);
		tb = sk_battle_die(d, s, rng);
		sk_event(ev, SK_TO_ALL, "NAVAL BATTLE at %s: %s throws %d, %s throws %d.",
			 sk_spot_name(d, s->pieces[enemy].spot), sk_side_name(d, s->pieces[ship].side),
			 ta, sk_side_name(d, s->pieces[enemy].side), tb);
	} while (ta == tb);
	out_of_game(d, s, ta > tb ? enemy : ship, ev);
	return ta > tb;
}
