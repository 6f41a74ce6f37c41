/* Moving (seed II) and combining units (COMBINING UNITS 1-3): whether a
 * path is legal for a piece, and carrying it out. A die of N moves a
 * piece exactly N spots (docs/rulings.md, Skirmish). */
#include <stdio.h>
#include <string.h>

#include "sk_internal.h"

typedef int path_check(const struct sk_data *d, const struct sk_state *s, int piece,
		       const int *path, int n, const struct sk_split *split, char *why,
		       size_t whylen);

static int enemy_land_piece_at(const struct sk_state *s, int spot, int side)
{
	for (int i = 0; i < s->npieces; i++)
		if (s->pieces[i].spot == spot && (int)s->pieces[i].side != side &&
		    sk_is_land_piece(s->pieces[i].kind))
			return i;
	return -1;
}

/* A land piece of `side` at `spot` other than `self`, or -1. */
static int own_land_piece_at(const struct sk_state *s, int spot, int side, int self)
{
	for (int i = 0; i < s->npieces; i++)
		if (i != self && s->pieces[i].spot == spot && (int)s->pieces[i].side == side &&
		    sk_is_land_piece(s->pieces[i].kind))
			return i;
	return -1;
}

static bool empty_but(const struct sk_state *s, int spot, int self)
{
	for (int i = 0; i < s->npieces; i++)
		if (i != self && s->pieces[i].spot == spot)
			return false;
	return true;
}

/* II.6.A: harbour to harbour, passing only open or friendly harbours;
 * the last may hold an enemy ship (a naval battle, II.6.D). */
static int warship_leg(const struct sk_data *d, const struct sk_state *s, int side, int from,
		       int to, bool last, char *why, size_t whylen)
{
	if (d->spots[from].kind != SK_HARBOUR || d->spots[to].kind != SK_HARBOUR ||
	    !sk_joined(d, from, to, SK_SEA_LINE)) {
		char sea[200];
		sk_lines_from(d, from, SK_SEA_LINE, true, sea, sizeof sea);
		return wj_why(why, whylen, "II.6.A: a warship moves from harbour to harbour along the "
			      "sea lines; %s to %s is no such leg, and from %s the sea lines "
			      "go to the harbours %s", sk_spot_name(d, from), sk_spot_name(d, to),
			      sk_spot_name(d, from), sea);
	}
	if (!last && !sk_harbour_open(s, to, side))
		return wj_why(why, whylen, "II.6.A: an enemy warship holds %s; a warship passes "
			      "only open or friendly harbours", sk_spot_name(d, to));
	return 0;
}

/* II.2, II.6.B: along a black line, or a red line between coastal cities
 * whose harbours are open or held by the mover's warships; through own
 * pieces only (II.5). */
static int land_leg(const struct sk_data *d, const struct sk_state *s, int side, int from,
		    int to, bool last, char *why, size_t whylen)
{
	if (sk_joined(d, from, to, SK_COASTAL_LINE)) {
		int h[2] = { sk_harbour_of(d, from), sk_harbour_of(d, to) };
		for (int i = 0; i < 2; i++)
			if (h[i] >= 0 && !sk_harbour_open(s, h[i], side))
				return wj_why(why, whylen, "II.6.B: an enemy warship holds %s; a "
					      "coastal move needs open or friendly harbours",
					      sk_spot_name(d, h[i]));
	} else if (!sk_joined(d, from, to, SK_LAND_LINE)) {
		char land[200], coast[120];
		sk_lines_from(d, from, SK_LAND_LINE, false, land, sizeof land);
		sk_lines_from(d, from, SK_COASTAL_LINE, false, coast, sizeof coast);
		return wj_why(why, whylen, "II.2: no line from %s to %s; a land piece moves "
			      "along the black lines or the red coastal lines, and from %s "
			      "the black lines go to %s%s%s", sk_spot_name(d, from),
			      sk_spot_name(d, to), sk_spot_name(d, from), land,
			      strcmp(coast, "none") ? ", the red coastal lines to " : "",
			      strcmp(coast, "none") ? coast : "");
	}
	if (!last && enemy_land_piece_at(s, to, side) >= 0)
		return wj_why(why, whylen, "II.5: the enemy at %s blocks the way; a piece moves "
			      "through its own pieces only", sk_spot_name(d, to));
	return 0;
}

static int check_legs(const struct sk_data *d, const struct sk_state *s, int piece,
		      const int *path, int n, char *why, size_t whylen)
{
	const struct sk_piece *p = &s->pieces[piece];
	for (int i = 1; i < n; i++) {
		bool last = i == n - 1;
		if (i >= 2 && path[i] == path[i - 2])
			return wj_why(why, whylen, "II.3: %s goes back to %s; a piece may not move "
				      "back and forth between the same two spots in one turn",
				      sk_spot_name(d, path[i - 1]), sk_spot_name(d, path[i]));
		int r = p->kind == SK_WARSHIP
				? warship_leg(d, s, p->side, path[i - 1], path[i], last, why, whylen)
				: land_leg(d, s, p->side, path[i - 1], path[i], last, why, whylen);
		if (r)
			return r;
	}
	return 0;
}

/* COMBINING UNITS 3: one of the two armies goes one space, to an empty
 * land spot along a black line. */
static bool apart_ok(const struct sk_data *d, const struct sk_state *s, int spot, int to,
		     int mover)
{
	return to >= 0 && to < d->nspots && sk_joined(d, spot, to, SK_LAND_LINE) &&
	       empty_but(s, to, mover);
}

static bool some_apart_spot(const struct sk_data *d, const struct sk_state *s, int spot,
			    int mover)
{
	for (int i = 0; i < d->spots[spot].nneighbours; i++)
		if (apart_ok(d, s, spot, d->spots[spot].neighbours[i].to, mover))
			return true;
	return false;
}

static int check_split(const struct sk_data *d, const struct sk_state *s, int mover,
		       int other, int spot, const struct sk_split *sp, char *why, size_t whylen)
{
	int total = s->pieces[mover].units + s->pieces[other].units;
	if (!sp)
		return some_apart_spot(d, s, spot, mover) ? 0 : -1;
	if (!sp->given)
		return wj_why(why, whylen, "COMBINING UNITS 3: two armies meet at %s; say which "
			      "army moves apart, how many units the one that stays keeps and the "
			      "spot one space away", sk_spot_name(d, spot));
	int go = total - sp->stay_units;
	if (sp->stay_units < 1 || go < 1 || sp->stay_units > d->army_max_units ||
	    go > d->army_max_units)
		return wj_why(why, whylen, "COMBINING UNITS 2, 3: %d units stay and %d go; each "
			      "of the two armies keeps 1 to %d of their %d units", sp->stay_units,
			      go, d->army_max_units, total);
	if (!apart_ok(d, s, spot, sp->to, mover))
		return wj_why(why, whylen, "COMBINING UNITS 3: the army that goes moves one "
			      "space from %s along a black line to an empty spot; %s is not one",
			      sk_spot_name(d, spot), sk_spot_name(d, sp->to));
	return 0;
}

/* COMBINING UNITS 3: a split clause where no two armies of the side meet
 * says nothing the rules would do, so the move is refused, not carried
 * out without it (docs/rulings.md). */
static int no_split(const struct sk_data *d, int end, const struct sk_split *sp,
		    const char *because, char *why, size_t whylen)
{
	if (!sp || !sp->given)
		return 0;
	return wj_why(why, whylen, "COMBINING UNITS 3: a split is given only when an army's "
		      "move ends on another army of its side; %s, so leave out 'split' from "
		      "the move to %s", because, sk_spot_name(d, end));
}

/* COMBINING UNITS 1, 2 and IV.1: where a land piece may end its move. */
static int check_land_end(const struct sk_data *d, const struct sk_state *s, int piece,
			  int end, const struct sk_split *sp, char *why, size_t whylen)
{
	const struct sk_piece *p = &s->pieces[piece];
	if (enemy_land_piece_at(s, end, p->side) >= 0 && !sk_is_army(p->kind))
		return wj_why(why, whylen, "IV.1: only an army lands on an enemy piece for a "
			      "major battle; the militia may not end its move on %s",
			      sk_spot_name(d, end));
	int own = own_land_piece_at(s, end, p->side, piece);
	if (own < 0)
		return no_split(d, end, sp, enemy_land_piece_at(s, end, p->side) >= 0 ?
				"it ends on an enemy piece (IV.1: a major battle)" :
				"no piece of the side is there", why, whylen);
	if (!sk_is_army(p->kind) && !sk_is_army(s->pieces[own].kind))
		return wj_why(why, whylen, "COMBINING UNITS 1: militia combines only with an "
			      "army; two militia may not end on %s", sk_spot_name(d, end));
	if (sk_is_army(p->kind) && sk_is_army(s->pieces[own].kind))
		return check_split(d, s, piece, own, end, sp, why, whylen);
	if (no_split(d, end, sp, "a militia there joins the army (COMBINING UNITS 1)", why,
		     whylen))
		return -1;
	if (p->units + s->pieces[own].units > d->army_max_units)
		return wj_why(why, whylen, "COMBINING UNITS 2: combining at %s would make an army "
			      "of %d units; an army has at most %d", sk_spot_name(d, end),
			      p->units + s->pieces[own].units, d->army_max_units);
	return 0;
}

/* A die's move: the legs, then the spot it ends on. `sp` NULL: any split
 * (when looking for a legal move). */
static int check_path(const struct sk_data *d, const struct sk_state *s, int piece,
		      const int *path, int n, const struct sk_split *sp, char *why, size_t whylen)
{
	if (check_legs(d, s, piece, path, n, why, whylen))
		return -1;
	if (s->pieces[piece].kind == SK_WARSHIP)
		return no_split(d, path[n - 1], sp, "a warship's move combines no armies (II.6)",
				why, whylen);
	return check_land_end(d, s, piece, path[n - 1], sp, why, whylen);
}

int sk_check_move(const struct sk_data *d, const struct sk_state *s, int piece,
		  const struct sk_order *o, char *why, size_t whylen)
{
	if (s->pieces[piece].kind == SK_TROOP_CARRIER)
		return wj_why(why, whylen, "V.3: a troop carrier moves only in a call for "
			      "reinforcements");
	return check_path(d, s, piece, o->spots, o->nspots, &o->split, why, whylen);
}

/* The first path of `want` legs that `check` takes, ending at `end`
 * (-1: anywhere), left in path. */
static bool some_path(const struct sk_data *d, const struct sk_state *s, int piece, int *path,
		      int n, int want, int end, path_check *check)
{
	if (n == want + 1)
		return (end < 0 || path[n - 1] == end) &&
		       check(d, s, piece, path, n, NULL, NULL, 0) == 0;
	const struct sk_spot *sp = &d->spots[path[n - 1]];
	for (int i = 0; i < sp->nneighbours; i++) {
		path[n] = sp->neighbours[i].to;
		if (some_path(d, s, piece, path, n + 1, want, end, check))
			return true;
	}
	return false;
}

bool sk_can_move(const struct sk_data *d, const struct sk_state *s, int piece, int spots)
{
	int path[SK_MAX_PATH];
	const struct sk_piece *p = &s->pieces[piece];
	if (p->spot < 0 || spots < 1 || spots >= SK_MAX_PATH || p->kind == SK_TROOP_CARRIER)
		return false;
	path[0] = p->spot;
	return some_path(d, s, piece, path, 1, spots, -1, check_path);
}

static int card_path(const struct sk_data *d, const struct sk_state *s, int piece,
		     const int *path, int n, const struct sk_split *sp, char *why, size_t whylen)
{
	(void)sp;
	for (int i = 1; i < n; i++) {
		if (i >= 2 && path[i] == path[i - 2])
			return wj_why(why, whylen, "II.3: %s goes back to %s; no moving back and "
				      "forth", sk_spot_name(d, path[i - 1]), sk_spot_name(d, path[i]));
		if (!sk_joined(d, path[i - 1], path[i], SK_LAND_LINE)) {
			char land[200];
			sk_lines_from(d, path[i - 1], SK_LAND_LINE, false, land, sizeof land);
			return wj_why(why, whylen, "III.2.B: no black line from %s to %s; from %s "
				      "the black lines go to %s", sk_spot_name(d, path[i - 1]),
				      sk_spot_name(d, path[i]), sk_spot_name(d, path[i - 1]), land);
		}
		if (enemy_land_piece_at(s, path[i], s->pieces[piece].side) >= 0)
			return wj_why(why, whylen, "III.2.B: the move may not go onto an enemy "
				      "piece; one is at %s", sk_spot_name(d, path[i]));
	}
	if (!empty_but(s, path[n - 1], piece))
		return wj_why(why, whylen, "III.2.B: a card's move ends on an empty spot; %s is "
			      "not empty", sk_spot_name(d, path[n - 1]));
	return 0;
}

int sk_check_card_path(const struct sk_data *d, const struct sk_state *s, int piece,
		       const int *path, int n, char *why, size_t whylen)
{
	return card_path(d, s, piece, path, n, NULL, why, whylen);
}

bool sk_card_path_to(const struct sk_data *d, const struct sk_state *s, int piece, int spots,
		     int to, int path[SK_MAX_PATH])
{
	if (spots < 1 || spots >= SK_MAX_PATH)
		return false;
	path[0] = s->pieces[piece].spot;
	return some_path(d, s, piece, path, 1, spots, to, card_path);
}

bool sk_can_card_move(const struct sk_data *d, const struct sk_state *s, int piece, int spots)
{
	int path[SK_MAX_PATH];
	return sk_card_path_to(d, s, piece, spots, -1, path);
}

static void combine(const struct sk_data *d, struct sk_state *s, int mover, int own,
		    const struct sk_split *sp, struct sk_events *ev)
{
	struct sk_piece *m = &s->pieces[mover], *o = &s->pieces[own];
	char text[SK_EVENT_TEXT];
	if (sk_is_army(m->kind) && sk_is_army(o->kind)) {
		int total = m->units + o->units;
		struct sk_piece *goer = sp->mover_goes ? m : o, *stay = sp->mover_goes ? o : m;
		stay->units = sp->stay_units;
		goer->units = total - sp->stay_units;
		goer->spot = sp->to;
		sk_moved(s, (int)(goer - s->pieces));
		sk_describe(d, s, (int)(goer - s->pieces), text, sizeof text);
		sk_event(ev, SK_TO_ALL, "COMBINING UNITS 3: the armies split; the %s moves apart.",
			 text);
		return;
	}
	struct sk_piece *army = sk_is_army(m->kind) ? m : o, *militia = army == m ? o : m;
	army->units += militia->units;
	militia->units = 0;
	militia->spot = -1;
	sk_moved(s, (int)(army - s->pieces));
	sk_describe(d, s, (int)(army - s->pieces), text, sizeof text);
	sk_event(ev, SK_TO_ALL, "COMBINING UNITS 1: the militia joins the %s.", text);
}

static void land_arrives(const struct sk_data *d, struct sk_state *s, int piece,
			 const struct sk_split *sp, struct wj_rng *rng, struct sk_events *ev)
{
	int spot = s->pieces[piece].spot;
	int enemy = enemy_land_piece_at(s, spot, s->pieces[piece].side);
	if (enemy >= 0) {
		sk_major_battle(d, s, piece, enemy, true, rng, ev);
		return;
	}
	int own = own_land_piece_at(s, spot, s->pieces[piece].side, piece);
	if (own >= 0)
		combine(d, s, piece, own, sp, ev);
}

/* II.6.D: a warship landing on enemy ships fights them one by one. */
static void ship_arrives(const struct sk_data *d, struct sk_state *s, int piece,
			 struct wj_rng *rng, struct sk_events *ev)
{
	for (int i = 0; i < s->npieces && s->pieces[piece].spot >= 0; i++)
		if (s->pieces[i].spot == s->pieces[piece].spot && s->pieces[i].side != s->pieces[piece].side)
			sk_naval_battle(d, s, piece, i, rng, ev);
}

static void path_text(const struct sk_data *d, const int *path, int n, char *out, size_t len)
{
	size_t at = 0;
	out[0] = 0;
	for (int i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " - " : "",
				       sk_spot_name(d, path[i]));
}

void sk_carry_out_move(const struct sk_data *d, struct sk_state *s, int piece,
		       const struct sk_order *o, struct wj_rng *rng, struct sk_events *ev)
{
	char who[SK_EVENT_TEXT], path[SK_EVENT_TEXT];
	sk_describe(d, s, piece, who, sizeof who);
	path_text(d, o->spots, o->nspots, path, sizeof path);
	sk_event(ev, SK_TO_ALL, "The %s moves %s.", who, path);
	s->pieces[piece].spot = o->spots[o->nspots - 1];
	sk_moved(s, piece);
	if (s->pieces[piece].kind == SK_WARSHIP)
		ship_arrives(d, s, piece, rng, ev);
	else
		land_arrives(d, s, piece, &o->split, rng, ev);
}

void sk_carry_out_card_move(const struct sk_data *d, struct sk_state *s, const int *spots, int n,
			    struct sk_events *ev)
{
	int piece = s->card_piece;
	char who[SK_EVENT_TEXT], path[SK_EVENT_TEXT];
	sk_describe(d, s, piece, who, sizeof who);
	path_text(d, spots, n, path, sizeof path);
	sk_event(ev, SK_TO_ALL, "III.2.B: the %s moves %s.", who, path);
	s->pieces[piece].spot = spots[n - 1];
	sk_moved(s, piece);
	sk_quiet_around(d, s, piece);
	s->card_piece = -1;
}

void sk_carry_out_apart(const struct sk_data *d, struct sk_state *s, int to,
			struct sk_events *ev)
{
	int piece = s->apart_piece;
	sk_event(ev, SK_TO_ALL, "IV.5: the %s piece moves apart from %s to %s.",
		 sk_side_name(d, s->pieces[piece].side), sk_spot_name(d, s->pieces[piece].spot),
		 sk_spot_name(d, to));
	s->pieces[piece].spot = to;
	sk_moved(s, piece);
	sk_quiet_around(d, s, piece);
	s->apart_piece = -1;
}

bool sk_apart_spot_ok(const struct sk_data *d, const struct sk_state *s, int piece, int to)
{
	return apart_ok(d, s, s->pieces[piece].spot, to, piece);
}

bool sk_can_move_apart(const struct sk_data *d, const struct sk_state *s, int piece)
{
	return some_apart_spot(d, s, s->pieces[piece].spot, piece);
}
