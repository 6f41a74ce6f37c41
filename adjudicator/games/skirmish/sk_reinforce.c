/* Reinforcements (seed V): the call, the troop carrier's voyage, the
 * interception and the landing. */
#include <stdio.h>

#include "sk_internal.h"

static bool ship_of(const struct sk_state *s, int i, int side)
{
	return (int)s->pieces[i].side == side && s->pieces[i].spot >= 0 &&
	       s->pieces[i].kind == SK_WARSHIP;
}

/* V.3: the warships that may intercept: in a harbour, or the one already
 * sailing. */
static int interceptors(const struct sk_data *d, const struct sk_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->npieces; i++)
		n += ship_of(s, i, side) &&
		     (s->call.warship < 0 ? d->spots[s->pieces[i].spot].kind == SK_HARBOUR
					  : i == s->call.warship);
	return n;
}

static void throw_for(const struct sk_data *d, struct sk_state *s, int side, struct wj_rng *rng,
		      struct sk_events *ev)
{
	s->call.sailing = side;
	s->call.spots = sk_battle_die(d, s, rng);
	sk_event(ev, SK_TO_ALL, "V.3: the %s throws %d for his ship.", sk_side_name(d, side),
		 s->call.spots);
}

/* V.7: the side has a warship left somewhere. */
static bool any_warship(const struct sk_state *s, int side)
{
	for (int i = 0; i < s->npieces; i++)
		if (ship_of(s, i, side))
			return true;
	return false;
}

/* V.3: the carrier's side throws again, unless nobody may intercept. */
static void next_sailor(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
			struct sk_events *ev)
{
	int enemy = sk_other(s->call.side);
	if (s->call.sailing == s->call.side && interceptors(d, s, enemy) > 0)
		throw_for(d, s, enemy, rng, ev);
	else
		throw_for(d, s, s->call.side, rng, ev);
}

int sk_call(const struct sk_data *d, struct sk_state *s, int side, struct wj_rng *rng,
	    struct sk_events *ev, char *why, size_t whylen)
{
	int carrier = -1;
	for (int i = 0; i < s->npieces; i++)
		if ((int)s->pieces[i].side == side && s->pieces[i].kind == SK_TROOP_CARRIER &&
		    s->pieces[i].spot >= 0 && d->spots[s->pieces[i].spot].kind == SK_CARRIER)
			carrier = i;
	if (!s->call.may_call[side])
		return wj_why(why, whylen, side == SK_BRITISH
			      ? "V.1: the British calls for reinforcements once he has lost an army"
			      : "V.2: the American calls for reinforcements once he has won a "
				"major battle on land");
	if (carrier < 0 || s->call.used[side])
		return wj_why(why, whylen, "V: the %s's troop carrier has sailed already",
			      sk_side_name(d, side));
	if (side == SK_AMERICAN && s->moved >= 0)
		return wj_why(why, whylen, "V: the call comes instead of the move, before any piece "
			      "has moved");
	for (int i = 0; i < SK_DICE; i++)
		s->done[side][i] = true;
	s->call.side = side;
	s->call.carrier = carrier;
	s->call.warship = -1;
	s->call.used[side] = true;
	sk_event(ev, SK_TO_ALL, "The %s calls for reinforcements (V).", sk_side_name(d, side));
	if (any_warship(s, sk_other(side))) {
		throw_for(d, s, side, rng, ev);
		return 0;
	}
	s->call.sailing = side;
	s->call.spots = 0;
	sk_event(ev, SK_TO_ALL, "V.7: the %s has no warship left: the carrier goes straight to "
		 "any open harbour, with no throw.", sk_side_name(d, sk_other(side)));
	return 0;
}

/* V.3: up to the die's spots along the sea lines, never back and forth,
 * through no enemy ship; the carrier stops in the first harbour. */
static int check_voyage(const struct sk_data *d, const struct sk_state *s, int side,
			const struct sk_order *o, bool carrier, char *why, size_t whylen)
{
	if (o->nspots < 2 || o->nspots - 1 > s->call.spots)
		return wj_why(why, whylen, "V.3: the ship sails 1 to %d spots (the die)",
			      s->call.spots);
	for (int i = 1; i < o->nspots; i++) {
		int from = o->spots[i - 1], to = o->spots[i];
		if (to < 0 || to >= d->nspots || !sk_joined(d, from, to, SK_SEA_LINE)) {
			char sea[200];
			sk_lines_from(d, from, SK_SEA_LINE, false, sea, sizeof sea);
			return wj_why(why, whylen, "V.3: no sea line from %s to %s; from %s the sea "
				      "lines go to %s", sk_spot_name(d, from), sk_spot_name(d, to),
				      sk_spot_name(d, from), sea);
		}
		if (i >= 2 && to == o->spots[i - 2])
			return wj_why(why, whylen, "II.3: no sailing back and forth to %s",
				      sk_spot_name(d, to));
		if (carrier && d->spots[to].kind == SK_HARBOUR && i < o->nspots - 1)
			return wj_why(why, whylen, "V.5: the carrier stops in the harbour it enters, %s",
				      sk_spot_name(d, to));
		if (!sk_harbour_open(s, to, side))
			return wj_why(why, whylen, "V.5: an enemy warship is at %s",
				      sk_spot_name(d, to));
	}
	return 0;
}

/* A voyage of the carrier's throw, extended from o's last spot, that
 * ends in a harbour it may enter (V.5); found left in o. */
static bool harbour_in_reach(const struct sk_data *d, const struct sk_state *s, int side,
			     struct sk_order *o)
{
	int at = o->spots[o->nspots - 1];
	if (o->nspots >= 2 && d->spots[at].kind == SK_HARBOUR)
		return check_voyage(d, s, side, o, true, NULL, 0) == 0;
	if (o->nspots > s->call.spots)
		return false;
	for (int i = 0; i < d->spots[at].nneighbours; i++) {
		o->spots[o->nspots++] = d->spots[at].neighbours[i].to;
		if (harbour_in_reach(d, s, side, o))
			return true;
		o->nspots--;
	}
	return false;
}

/* V.5: the carrier gets into a harbour when its throw reaches one, so a
 * call cannot be held open for ever on the open sea (docs/rulings.md). */
static int check_gets_in(const struct sk_data *d, const struct sk_state *s, int side,
			 const struct sk_order *o, char *why, size_t whylen)
{
	struct sk_order reach = { .kind = SK_ORDER_SAIL, .nspots = 1, .spots = { o->spots[0] } };
	if (d->spots[o->spots[o->nspots - 1]].kind == SK_HARBOUR ||
	    !harbour_in_reach(d, s, side, &reach))
		return 0;
	return wj_why(why, whylen, "V.5: the carrier gets into a harbour when it can; the throw "
		      "of %d reaches %s", s->call.spots,
		      sk_spot_name(d, reach.spots[reach.nspots - 1]));
}

/* V.4: the warship that won goes to an empty harbour at once (the first
 * in the data; else the first with a ship of its side); so does one still
 * at sea when the call ends (docs/rulings.md). */
static int harbour_for(const struct sk_data *d, const struct sk_state *s, int side)
{
	int friendly = -1;
	for (int h = 0; h < d->nspots; h++) {
		if (d->spots[h].kind != SK_HARBOUR)
			continue;
		if (sk_piece_at(s, h, 0) < 0)
			return h;
		if (friendly < 0 && sk_harbour_open(s, h, side))
			friendly = h;
	}
	return friendly;
}

static void to_harbour(const struct sk_data *d, struct sk_state *s, int ship)
{
	if (ship < 0 || s->pieces[ship].spot < 0 || d->spots[s->pieces[ship].spot].kind == SK_HARBOUR)
		return;
	int h = harbour_for(d, s, (int)s->pieces[ship].side);
	if (h >= 0)
		s->pieces[ship].spot = h;
}

/* V.5: units added to the friendly piece in the city, up to its limit
 * (a militia so joined becomes an army); the number left over. */
static int join_friend(const struct sk_data *d, struct sk_state *s, int there, int units)
{
	struct sk_piece *p = &s->pieces[there];
	int room = d->army_max_units - p->units, add = units < room ? units : room;
	p->units += add;
	if (p->kind == SK_BASIC_UNIT)
		p->kind = SK_ARMY;
	return units - add;
}

/* The first empty spot one black line from the piece, or -1. */
static int empty_beside(const struct sk_data *d, const struct sk_state *s, int piece)
{
	const struct sk_spot *sp = &d->spots[s->pieces[piece].spot];
	for (int i = 0; i < sp->nneighbours; i++)
		if (sk_apart_spot_ok(d, s, piece, sp->neighbours[i].to))
			return sp->neighbours[i].to;
	return -1;
}

/* The landed units as an army of their own at `spot`; -1 (the units
 * lost) when there is no spot or no room in the state. */
static int new_army(const struct sk_data *d, struct sk_state *s, int side, int spot, int units,
		    struct sk_events *ev)
{
	if (spot < 0 || s->npieces >= SK_MAX_PIECES) {
		s->lost[side] += units;
		sk_event(ev, SK_TO_ALL, "No empty spot for them: %d %s %s lost.", units,
			 sk_side_name(d, side), units == 1 ? "unit is" : "units are");
		return -1;
	}
	s->pieces[s->npieces] = (struct sk_piece){ (enum sk_side)side, SK_ARMY, spot, units, 0 };
	return s->npieces++;
}

/* V.5: the units land in the harbour's city: added to a friendly piece
 * there, the rest an army of their own on an empty spot beside; on an
 * enemy, a major battle. V.6: the carrier stays as a warship. */
static void land(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		 struct sk_events *ev)
{
	struct sk_piece *c = &s->pieces[s->call.carrier];
	int city = d->spots[c->spot].city, side = (int)c->side, units = c->units;
	int there = sk_piece_at(s, city, 0);
	c->kind = SK_WARSHIP;
	c->units = 0;
	s->call.side = 0;
	to_harbour(d, s, s->call.warship);
	sk_event(ev, SK_TO_ALL, "V.5: the %s reinforcements, %d unit%s, land at %s.",
		 sk_side_name(d, side), units, units == 1 ? "" : "s", sk_spot_name(d, city));
	if (there >= 0 && (int)s->pieces[there].side == side) {
		units = join_friend(d, s, there, units);
		if (units)
			new_army(d, s, side, empty_beside(d, s, there), units, ev);
		return;
	}
	int army = new_army(d, s, side, city, units, ev);
	if (army >= 0 && there >= 0)
		sk_major_battle(d, s, army, there, true, rng, ev);
}

/* V.4: an interception by exact count is a naval battle. */
static void intercept(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		      struct sk_events *ev)
{
	int ship = s->call.warship;
	if (!sk_naval_battle(d, s, ship, s->call.carrier, rng, ev)) {
		s->call.warship = -1;
		return;
	}
	s->call.side = 0;
	to_harbour(d, s, ship);
}

static int interceptor_at(const struct sk_data *d, const struct sk_state *s, int side, int spot)
{
	if (s->call.warship >= 0)
		return s->pieces[s->call.warship].spot == spot ? s->call.warship : -1;
	for (int i = 0; i < s->npieces; i++)
		if (ship_of(s, i, side) && s->pieces[i].spot == spot &&
		    d->spots[spot].kind == SK_HARBOUR)
			return i;
	return -1;
}

/* V.7: with no enemy warship left the carrier goes to any harbour. */
static bool straight_in(const struct sk_data *d, const struct sk_state *s,
			const struct sk_order *o, int side)
{
	return !any_warship(s, sk_other(side)) && o->nspots == 2 && o->spots[1] >= 0 && o->spots[1] < d->nspots &&
	       d->spots[o->spots[1]].kind == SK_HARBOUR && sk_harbour_open(s, o->spots[1], side);
}

int sk_sail(const struct sk_data *d, struct sk_state *s, int side, const struct sk_order *o,
	    struct wj_rng *rng, struct sk_events *ev, char *why, size_t whylen)
{
	bool carrier = side == s->call.side;
	int ship = carrier ? s->call.carrier : interceptor_at(d, s, side, o->nspots ? o->spots[0] : -1);
	if (ship < 0 || o->spots[0] != s->pieces[ship].spot)
		return wj_why(why, whylen, "V.3: the path starts at the %s's %s", sk_side_name(d, side),
			      carrier ? "troop carrier" : "warship in a harbour (or the one sailing)");
	if (!(carrier && straight_in(d, s, o, side)) &&
	    check_voyage(d, s, side, o, carrier, why, whylen))
		return -1;
	if (carrier && s->call.spots && check_gets_in(d, s, side, o, why, whylen))
		return -1;
	if (!carrier && o->spots[o->nspots - 1] == s->pieces[s->call.carrier].spot &&
	    o->nspots - 1 != s->call.spots)
		return wj_why(why, whylen, "V.4: the warship lands on the troop carrier by exact "
			      "count, %d spots; this voyage has %d", s->call.spots, o->nspots - 1);
	s->pieces[ship].spot = o->spots[o->nspots - 1];
	sk_event(ev, SK_TO_ALL, "V.3: the %s ship sails to %s.", sk_side_name(d, side),
		 sk_spot_name(d, s->pieces[ship].spot));
	if (carrier && d->spots[s->pieces[ship].spot].kind == SK_HARBOUR) {
		land(d, s, rng, ev);
		return 0;
	}
	if (!carrier) {
		s->call.warship = ship;
		if (s->pieces[ship].spot == s->pieces[s->call.carrier].spot)
			intercept(d, s, rng, ev);
	}
	if (s->call.side)
		next_sailor(d, s, rng, ev);
	return 0;
}
