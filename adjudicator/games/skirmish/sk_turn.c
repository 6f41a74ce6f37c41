/* The turn (seed I.A-D) by mail, the end of the game (TO END THE GAME)
 * and what is asked of whom. One order of a side is applied at a time;
 * sk_advance then runs the game on until a side must answer. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "sk_internal.h"

static void finish(struct sk_state *s, int winner, const char *reason)
{
	s->phase = SK_PHASE_OVER;
	s->winner = winner;
	snprintf(s->end_reason, sizeof s->end_reason, "%s", reason);
}

/* TO END THE GAME A and B. */
static bool decided(struct sk_state *s)
{
	bool continental = false;
	int british_armies = 0;
	for (int i = 0; i < s->npieces; i++) {
		const struct sk_piece *p = &s->pieces[i];
		continental |= p->kind == SK_CONTINENTAL_ARMY && p->spot >= 0;
		british_armies += p->side == SK_BRITISH && p->kind == SK_ARMY && p->spot >= 0;
	}
	if (!continental)
		finish(s, SK_BRITISH, "TO END THE GAME A: the Continental Army is eliminated");
	else if (!british_armies)
		finish(s, SK_AMERICAN, "TO END THE GAME B: all the British armies are eliminated");
	return !continental || !british_armies;
}

/* TO END THE GAME, NOTE: after the quiet moves the side with fewer units
 * surrenders; with as many, the game is drawn (docs/rulings.md). */
static void surrender(const struct sk_data *d, struct sk_state *s)
{
	int a = sk_units_on_board(s, SK_AMERICAN), b = sk_units_on_board(s, SK_BRITISH);
	char why[128];
	wj_why(why, sizeof why, "TO END THE GAME, NOTE: no skirmish or battle in %d moves; "
		 "American %d unit%s, British %d", d->quiet_moves, a, a == 1 ? "" : "s", b);
	finish(s, a == b ? 0 : a > b ? SK_AMERICAN : SK_BRITISH, why);
}

static void end_move(const struct sk_data *d, struct sk_state *s)
{
	s->quiet_moves = s->quiet_moves < 0 ? 0 : s->quiet_moves + 1;
	if (s->quiet_moves >= d->quiet_moves)
		surrender(d, s);
}

static void dice_text(const struct sk_state *s, int side, char *out, size_t len)
{
	if (s->ndice[side] == 2)
		snprintf(out, len, "%d and %d", s->dice[side][0], s->dice[side][1]);
	else
		snprintf(out, len, "%d", s->dice[side][0]);
}

/* I.A: both throw, each seeing only his own; II.7 the American throws one
 * die when he has one army left. */
static void start_turn(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		       struct sk_events *ev)
{
	char text[32];
	s->turn++;
	s->step = SK_PHASE_DECLARE;
	s->declared = s->moved = -1;
	s->ndice[SK_AMERICAN] = sk_armies(s, SK_AMERICAN) <= 1 ? 1 : d->movement_dice[SK_AMERICAN];
	s->ndice[SK_BRITISH] = d->movement_dice[SK_BRITISH];
	sk_event(ev, SK_TO_ALL, "Turn %d: both sides throw their movement dice (I.A).", s->turn);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++) {
		if (s->ndice[side] > SK_DICE)
			s->ndice[side] = SK_DICE;
		for (int i = 0; i < SK_DICE; i++) {
			s->dice[side][i] = i < s->ndice[side] ? sk_movement_die(d, s, rng) : 0;
			s->done[side][i] = false;
		}
		s->revealed[side] = false;
		dice_text(s, side, text, sizeof text);
		sk_event(ev, SK_TO(side), "You throw %s.", text);
	}
}

/* I.C, I.D: the thrower shows his dice; a zero is no move. */
static void reveal(const struct sk_data *d, struct sk_state *s, int side, struct sk_events *ev)
{
	char text[32];
	s->revealed[side] = true;
	for (int i = 0; i < SK_DICE; i++)
		s->done[side][i] = i >= s->ndice[side] || s->dice[side][i] == 0;
	dice_text(s, side, text, sizeof text);
	sk_event(ev, SK_TO_ALL, "The %s shows his throw: %s.", sk_side_name(d, side), text);
}

static bool dice_left(const struct sk_state *s, int side)
{
	for (int i = 0; i < s->ndice[side]; i++)
		if (!s->done[side][i])
			return true;
	return false;
}

/* The turn's next step; true when a side is asked. */
static bool step_waits(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		       struct sk_events *ev)
{
	switch (s->step) {
	case SK_PHASE_AMERICAN:
		if (dice_left(s, SK_AMERICAN))
			break;
		end_move(d, s);
		s->step = SK_PHASE_BRITISH;
		reveal(d, s, SK_BRITISH, ev);
		return false;
	case SK_PHASE_BRITISH:
		if ((s->declared < 0 || s->pieces[s->declared].spot < 0) && dice_left(s, SK_BRITISH)) {
			sk_event(ev, SK_TO_ALL, "The British's declared piece is out of the game: "
				 "no move (I.D).");
			s->done[SK_BRITISH][0] = true;
		}
		if (dice_left(s, SK_BRITISH))
			break;
		end_move(d, s);
		if (s->phase != SK_PHASE_OVER)
			start_turn(d, s, rng, ev);
		return false;
	default:
		break;
	}
	s->phase = s->step;
	return true;
}

void sk_advance(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		struct sk_events *ev)
{
	for (;;) {
		if (s->phase == SK_PHASE_OVER || decided(s)) {
			s->phase = SK_PHASE_OVER;
			return;
		}
		if (s->apart_piece >= 0 || s->card_piece >= 0) {
			if (sk_standing_answers(d, s, ev))
				continue;
			s->phase = s->apart_piece >= 0 ? SK_PHASE_APART : SK_PHASE_CARD_MOVE;
			return;
		}
		if (s->nqueue > 0) {
			sk_next_skirmish(d, s, rng, ev);
			continue;
		}
		if (s->call.side) {
			s->phase = SK_PHASE_SAIL;
			return;
		}
		if (step_waits(d, s, rng, ev))
			return;
	}
}

int sk_new_game(const struct sk_data *d, struct wj_rng *rng, struct sk_state *s,
		struct sk_events *ev)
{
	if (d->npieces < 1 || d->npieces > SK_MAX_PIECES || d->ncards < 1)
		return -1;
	memset(s, 0, sizeof *s);
	s->npieces = d->npieces;
	memcpy(s->pieces, d->pieces, sizeof d->pieces[0] * (size_t)d->npieces);
	s->card_piece = s->apart_piece = -1;
	s->call.carrier = s->call.warship = -1;
	for (int side = 0; side < SK_SIDES; side++)
		s->standing[side] = (struct sk_standing){ SK_STANDING_ASK, -1 };
	sk_build_deck(d, s, rng, ev);
	start_turn(d, s, rng, ev);
	sk_advance(d, s, rng, ev);
	return 0;
}

unsigned sk_asked(const struct sk_state *s)
{
	switch (s->phase) {
	case SK_PHASE_DECLARE:
	case SK_PHASE_BRITISH:
		return SK_TO(SK_BRITISH);
	case SK_PHASE_AMERICAN:
		return SK_TO(SK_AMERICAN);
	case SK_PHASE_CARD_MOVE:
		return SK_TO(s->pieces[s->card_piece].side);
	case SK_PHASE_APART:
		return SK_TO(s->pieces[s->apart_piece].side);
	case SK_PHASE_SAIL:
		return SK_TO(s->call.sailing);
	default:
		return 0;
	}
}

bool sk_over(const struct sk_state *s, int *winner, char *reason, size_t len)
{
	if (s->phase != SK_PHASE_OVER)
		return false;
	if (winner)
		*winner = s->winner;
	if (reason && len)
		snprintf(reason, len, "%s", s->end_reason);
	return true;
}

/* I.B: any of the British's pieces but his troop carrier, even on a zero. */
static int declare(const struct sk_data *d, struct sk_state *s, const struct sk_order *o,
		   struct sk_events *ev, char *why, size_t whylen)
{
	int piece = o->spot >= 0 && o->spot < d->nspots ? sk_piece_at(s, o->spot, SK_BRITISH) : -1;
	if (piece < 0 || s->pieces[piece].kind == SK_TROOP_CARRIER)
		return wj_why(why, whylen, "I.B: the British names one of his armies or warships "
			      "by its spot; he has none at %s", sk_spot_name(d, o->spot));
	char text[SK_EVENT_TEXT];
	s->declared = piece;
	sk_describe(d, s, piece, text, sizeof text);
	sk_event(ev, SK_TO_ALL, "The British will move the %s (I.B).", text);
	s->step = SK_PHASE_AMERICAN;
	reveal(d, s, SK_AMERICAN, ev);
	return 0;
}

/* II.1: the undone die a move of `legs` spots uses, or -1. */
static int die_for(const struct sk_state *s, int side, int legs)
{
	for (int i = 0; i < s->ndice[side]; i++)
		if (!s->done[side][i] && s->dice[side][i] == legs)
			return i;
	return -1;
}

static int check_mover(const struct sk_data *d, const struct sk_state *s, int side, int piece,
		       int legs, char *why, size_t whylen)
{
	char text[SK_EVENT_TEXT];
	if (side == SK_BRITISH && piece != s->declared) {
		sk_describe(d, s, s->declared, text, sizeof text);
		return wj_why(why, whylen, "I.D: the British moves the piece he declared, the %s",
			      text);
	}
	if (piece == s->moved)
		return wj_why(why, whylen, "II.1: the American moves two different pieces, one "
			      "for each die; the one at %s has moved", sk_spot_name(d, s->pieces[piece].spot));
	if (die_for(s, side, legs) < 0) {
		dice_text(s, side, text, sizeof text);
		return wj_why(why, whylen, "II.1: a die moves a piece exactly its number of spots; "
			      "this path has %d, the %s's dice are %s", legs, sk_side_name(d, side),
			      text);
	}
	return 0;
}

/* The piece the path starts from: the declared one, or one not moved
 * yet, when a side's warships share a harbour (II.6.C). */
static int mover_at(const struct sk_state *s, int spot, int side)
{
	if (side == SK_BRITISH && s->declared >= 0 && s->pieces[s->declared].spot == spot)
		return s->declared;
	for (int i = 0; i < s->npieces; i++)
		if (i != s->moved && (int)s->pieces[i].side == side && s->pieces[i].spot == spot)
			return i;
	return sk_piece_at(s, spot, side);
}

static int die_move(const struct sk_data *d, struct sk_state *s, int side,
		    const struct sk_order *o, struct wj_rng *rng, struct sk_events *ev,
		    char *why, size_t whylen)
{
	if (o->nspots < 2 || o->nspots > SK_MAX_PATH)
		return wj_why(why, whylen, "II.1: a move names the piece's spot and the 1 to 3 "
			      "spots it goes through, in order");
	for (int i = 0; i < o->nspots; i++)
		if (o->spots[i] < 0 || o->spots[i] >= d->nspots)
			return wj_why(why, whylen, "II: spot %d of the path is not on the board", i + 1);
	int piece = mover_at(s, o->spots[0], side);
	if (piece < 0)
		return wj_why(why, whylen, "II: the %s has no piece at %s", sk_side_name(d, side),
			      sk_spot_name(d, o->spots[0]));
	if (check_mover(d, s, side, piece, o->nspots - 1, why, whylen) ||
	    sk_check_move(d, s, piece, o, why, whylen))
		return -1;
	s->done[side][die_for(s, side, o->nspots - 1)] = true;
	if (side == SK_AMERICAN)
		s->moved = piece;
	sk_carry_out_move(d, s, piece, o, rng, ev);
	sk_queue_skirmishes(d, s, side);
	if (ev) {
		ev->npath = o->nspots;
		memcpy(ev->path, o->spots, (size_t)o->nspots * sizeof *ev->path);
	}
	return 0;
}

/* The pieces a side may move now with a die (I.D, II.1). */
static bool may_move(const struct sk_state *s, int side, int piece)
{
	const struct sk_piece *p = &s->pieces[piece];
	if ((int)p->side != side || p->spot < 0)
		return false;
	return side == SK_BRITISH ? piece == s->declared : piece != s->moved;
}

/* No legal move for a die: the die is passed (docs/rulings.md). */
static int pass(const struct sk_data *d, struct sk_state *s, int side, struct sk_events *ev,
		char *why, size_t whylen)
{
	for (int i = 0; i < s->ndice[side]; i++)
		for (int p = 0; p < s->npieces && !s->done[side][i]; p++)
			if (may_move(s, side, p) && sk_can_move(d, s, p, s->dice[side][i]))
				return wj_why(why, whylen, "II.1: the die of %d has a legal move (the "
					      "piece at %s); pass only when none has",
					      s->dice[side][i], sk_spot_name(d, s->pieces[p].spot));
	for (int i = 0; i < SK_DICE; i++)
		s->done[side][i] = true;
	sk_event(ev, SK_TO_ALL, "The %s has no legal move and passes.", sk_side_name(d, side));
	return 0;
}

static int card_move(const struct sk_data *d, struct sk_state *s, const struct sk_order *o,
		     struct sk_events *ev, char *why, size_t whylen)
{
	int piece = s->card_piece;
	if (o->nspots - 1 != s->card_spots || o->spots[0] != s->pieces[piece].spot)
		return wj_why(why, whylen, "III.2.B: the card moves the piece at %s exactly %d "
			      "spot%s: the path starts there", sk_spot_name(d, s->pieces[piece].spot),
			      s->card_spots, s->card_spots == 1 ? "" : "s");
	for (int i = 1; i < o->nspots; i++)
		if (o->spots[i] < 0 || o->spots[i] >= d->nspots)
			return wj_why(why, whylen, "III.2.B: spot %d of the path is not on the board",
				      i + 1);
	if (sk_check_card_path(d, s, piece, o->spots, o->nspots, why, whylen))
		return -1;
	sk_carry_out_card_move(d, s, o->spots, o->nspots, ev);
	return 0;
}

static int move_apart(const struct sk_data *d, struct sk_state *s, const struct sk_order *o,
		      struct sk_events *ev, char *why, size_t whylen)
{
	int piece = s->apart_piece;
	if (!sk_apart_spot_ok(d, s, piece, o->spot))
		return wj_why(why, whylen, "IV.5: the piece at %s moves apart one space, along a "
			      "black line to an empty spot; %s is not one",
			      sk_spot_name(d, s->pieces[piece].spot), sk_spot_name(d, o->spot));
	sk_carry_out_apart(d, s, o->spot, ev);
	return 0;
}

/* III.3: the order of the side's next skirmishes, given in advance. */
static int skirmish_order(const struct sk_data *d, struct sk_state *s, int side,
			  const struct sk_order *o, char *why, size_t whylen)
{
	if (o->nspots < 1 || o->nspots > SK_MAX_QUEUE)
		return wj_why(why, whylen, "III.3: name 1 to %d enemy spots, the first skirmish "
			      "first", SK_MAX_QUEUE);
	for (int i = 0; i < o->nspots; i++)
		if (o->spots[i] < 0 || o->spots[i] >= d->nspots ||
		    sk_piece_at(s, o->spots[i], sk_other(side)) < 0)
			return wj_why(why, whylen, "III.3: no enemy piece at %s to skirmish with",
				      sk_spot_name(d, o->spots[i]));
	s->nskirmish_order[side] = o->nspots;
	memcpy(s->skirmish_order[side], o->spots, sizeof o->spots[0] * (size_t)o->nspots);
	return 0;
}

static const char *const ASKED_FOR[] = {
	[SK_PHASE_DECLARE] = "to declare the piece he will move (I.B)",
	[SK_PHASE_AMERICAN] = "to move, one piece for each die (I.C)",
	[SK_PHASE_BRITISH] = "to move his declared piece (I.D)",
	[SK_PHASE_CARD_MOVE] = "to move his piece as the skirmish card says (III.2.B)",
	[SK_PHASE_APART] = "to move his piece apart after the battle (IV.5)",
	[SK_PHASE_SAIL] = "to sail his ship (V.3)",
	[SK_PHASE_OVER] = "nothing: the game is over",
};

static const enum sk_phase ACCEPTED_IN[] = {
	[SK_ORDER_DECLARE] = SK_PHASE_DECLARE,  [SK_ORDER_MOVE] = SK_PHASE_AMERICAN,
	[SK_ORDER_CARD_MOVE] = SK_PHASE_CARD_MOVE, [SK_ORDER_APART] = SK_PHASE_APART,
	[SK_ORDER_CALL] = SK_PHASE_AMERICAN,    [SK_ORDER_SAIL] = SK_PHASE_SAIL,
	[SK_ORDER_PASS] = SK_PHASE_AMERICAN,
};

/* Is the order one the question of the phase takes? A move, pass or call
 * answers either side's move. */
static bool answers(enum sk_order_kind kind, enum sk_phase phase)
{
	enum sk_phase want = ACCEPTED_IN[kind];
	if (want == SK_PHASE_AMERICAN)
		return phase == SK_PHASE_AMERICAN || phase == SK_PHASE_BRITISH;
	return want == phase;
}

/* A player concedes, asked or not (docs/rulings.md, "Resignation"): the
 * other side wins at once; no piece moves and no die is rolled. */
static int resign(const struct sk_data *d, struct sk_state *s, int side, struct sk_events *ev)
{
	int winner = side == SK_AMERICAN ? SK_BRITISH : SK_AMERICAN;
	char reason[80];
	snprintf(reason, sizeof reason, "the %s player resigned", sk_side_name(d, side));
	finish(s, winner, reason);
	s->resigned = true;
	sk_event(ev, SK_TO_ALL, "The %s player resigns: %s victory.", sk_side_name(d, side),
		 sk_side_name(d, winner));
	return 0;
}

static int dispatch(const struct sk_data *d, struct sk_state *s, int side,
		    const struct sk_order *o, struct wj_rng *rng, struct sk_events *ev,
		    char *why, size_t whylen)
{
	if (o->kind == SK_ORDER_RESIGN)
		return resign(d, s, side, ev);
	if (o->kind == SK_ORDER_SKIRMISHES)
		return skirmish_order(d, s, side, o, why, whylen);
	if (o->kind == SK_ORDER_STANDING)
		return sk_give_standing(d, s, side, o, ev, why, whylen);
	if (!(sk_asked(s) & SK_TO(side)) || !answers(o->kind, s->phase)) {
		int asked = sk_asked(s) & SK_TO(SK_AMERICAN) ? SK_AMERICAN : SK_BRITISH;
		return wj_why(why, whylen, "not now: the %s is asked %s", sk_side_name(d, asked),
			      ASKED_FOR[s->phase]);
	}
	switch (o->kind) {
	case SK_ORDER_DECLARE:
		return declare(d, s, o, ev, why, whylen);
	case SK_ORDER_MOVE:
		return die_move(d, s, side, o, rng, ev, why, whylen);
	case SK_ORDER_PASS:
		return pass(d, s, side, ev, why, whylen);
	case SK_ORDER_CARD_MOVE:
		return card_move(d, s, o, ev, why, whylen);
	case SK_ORDER_APART:
		return move_apart(d, s, o, ev, why, whylen);
	case SK_ORDER_CALL:
		return sk_call(d, s, side, rng, ev, why, whylen);
	default:
		return sk_sail(d, s, side, o, rng, ev, why, whylen);
	}
}

int sk_apply(const struct sk_data *d, struct sk_state *s, int side, const struct sk_order *o,
	     struct wj_rng *rng, struct sk_events *ev, char *why, size_t whylen)
{
	if (side != SK_AMERICAN && side != SK_BRITISH)
		return wj_why(why, whylen, "no side %d: the sides are 1 (American) and 2 (British)",
			      side);
	if (s->phase == SK_PHASE_OVER)
		return wj_why(why, whylen, "the game is over: %s", s->end_reason);
	if ((unsigned)o->kind > SK_ORDER_RESIGN || o->nspots < 0 || o->nspots > SK_MAX_QUEUE)
		return wj_why(why, whylen, "no such order");
	struct sk_state before = *s;
	int nev = ev ? ev->n : 0, npath = ev ? ev->npath : 0;
	if (dispatch(d, s, side, o, rng, ev, why, whylen)) {
		*s = before;
		if (ev) {
			ev->n = nev;
			ev->npath = npath;
		}
		return -1;
	}
	sk_advance(d, s, rng, ev);
	return 0;
}

/* What the asked side needs to answer: his own throw, the piece and how
 * far it goes. */
static void question_detail(const struct sk_data *d, const struct sk_state *s, int side,
			    char *out, size_t len)
{
	char text[32];
	switch (s->phase) {
	case SK_PHASE_CARD_MOVE:
		snprintf(out, len, " The piece at %s moves exactly %d spot%s.",
			 sk_spot_name(d, s->pieces[s->card_piece].spot), s->card_spots,
			 s->card_spots == 1 ? "" : "s");
		break;
	case SK_PHASE_APART:
		snprintf(out, len, " The piece at %s moves one space to an empty spot.",
			 sk_spot_name(d, s->pieces[s->apart_piece].spot));
		break;
	case SK_PHASE_SAIL:
		if (s->call.spots)
			snprintf(out, len, " The ship sails up to %d spots.", s->call.spots);
		else
			snprintf(out, len, " The carrier goes straight to any open harbour (V.7).");
		break;
	default:
		dice_text(s, side, text, sizeof text);
		if (s->phase == SK_PHASE_DECLARE && s->dice[side][0] == 0)
			snprintf(out, len, " Your throw: 0. A 0 moves nothing (I, NOTE), but you "
				 "declare a piece anyway, so as not to reveal your throw (I.B).");
		else if (s->ndice[side] == 2 && (s->dice[side][0] == 0) != (s->dice[side][1] == 0))
			snprintf(out, len, " Your throw: %s. The 0 moves nothing (I, NOTE).", text);
		else if (s->dice[side][0] == 0)
			snprintf(out, len, " Your throw: %s: no move (I, NOTE).", text);
		else
			snprintf(out, len, " Your throw: %s.", text);
	}
}

void sk_question(const struct sk_data *d, const struct sk_state *s, int side, char *out,
		 size_t len)
{
	char detail[SK_EVENT_TEXT];
	if (!(sk_asked(s) & SK_TO(side))) {
		snprintf(out, len, "Nothing is asked of the %s now.", sk_side_name(d, side));
		return;
	}
	question_detail(d, s, side, detail, sizeof detail);
	snprintf(out, len, "The %s is asked %s.%s", sk_side_name(d, side), ASKED_FOR[s->phase],
		 detail);
}

void sk_waiting_for(const struct sk_data *d, const struct sk_state *s, int side, char *out,
		    size_t len)
{
	bool throw = s->phase == SK_PHASE_DECLARE || s->phase == SK_PHASE_AMERICAN ||
		     s->phase == SK_PHASE_BRITISH;
	if (throw)
		snprintf(out, len, "The %s is asked %s.", sk_side_name(d, side),
			 ASKED_FOR[s->phase]);
	else
		sk_question(d, s, side, out, len);
}
