/* Tarleton's Quarter!'s Reinforcement Phase (seed 001, 3.0 C):
 * withdrawals (6.1), reinforcements and the surrendered at the Base of
 * Operations (6.2, 18.0, 4.7.5), the POW exchange (15.4), the baggage
 * trains within the limits (6.3, 6.4), then the Continental militia
 * (6.5, tq_turn_militia.c). Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_setup.h"
#include "tq_endeavor.h"
#include "tq_turn.h"

enum { C_WITHDRAW, C_ARRIVE, C_EXCHANGE, C_PLACE, C_TRAINS, C_MILITIA, C_END };


static bool schedule_applies(const struct tq_state *s)
{
	return s->month >= s->reinforcements_from;
}

static bool base_on_map(const struct tq_state *s, enum tq_side side)
{
	return s->side[side].base >= 0 && !s->side[side].base_at_sea;
}

/* SPs to the side's Base of Operations; with it off the map the British
 * wait on the turn track until it is back (7.1's note), the Continentals
 * go to the north edge of Virginia (6.2). */
void tq_turn_to_base(struct tq_play *p, enum tq_side side, const struct tq_sps *x)
{
	struct tq_state *s = p->s;
	if (!tq_sps_total(x))
		return;
	if (!base_on_map(s, side)) {
		bool north = side == TQ_CONTINENTAL && tq_place_hold(p, side, TQ_PLACE_NORTH_EDGE);
		tq_sps_add(north ? &s->side[side].placing : &s->side[side].returning[0], x, 1);
		tq_tell(p, "The %s Base of Operations is off the map: %d SP %s (6.2, 7.1)",
			p->d->side_name[side], tq_sps_total(x),
			north ? "arrive at the north edge of Virginia" : "wait");
		return;
	}
	tq_sps_add(&s->area[s->side[side].base].side[side].ready, x, 1);
	if (x->french_regulars || x->french_cavalry)
		tq_place_french(p);
	tq_tell(p, "%d %s SP arrive at %s (6.2)", tq_sps_total(x), p->d->side_name[side],
		p->d->areas[s->side[side].base].id);
}

/* ---- 6.1: withdrawals ---- */

static void withdraw_leader(struct tq_play *p, int l)
{
	struct tq_leader_state *ls = &p->s->leader[l];
	const struct tq_leader *x = &p->d->leaders[l];
	if (ls->where == TQ_GONE)            /* 6.1.1: killed, cancelled */
		return;
	if (ls->where == TQ_POW) {           /* 6.1.2: delayed until exchanged */
		tq_tell(p, "%s is a prisoner: his withdrawal waits for his exchange (6.1.2)", x->name);
		return;
	}
	/* 18.0: "returning if not killed or captured" */
	if (x->returns > p->s->month) {
		*ls = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED, .arrives = x->returns };
		tq_tell(p, "%s is withdrawn until %s %d (6.1, 18.0)", x->name,
			tq_month_name(tq_month_of(x->returns)), tq_year_of(x->returns));
		return;
	}
	*ls = (struct tq_leader_state){ .where = TQ_GONE };
	tq_tell(p, "%s is withdrawn (6.1)", x->name);
}

/* 18.0: "all surviving French SP", from everywhere. */
static void withdraw_french(struct tq_play *p)
{
	for (int a = 0; a < p->d->nareas; a++) {
		struct tq_presence *pr = &p->s->area[a].side[TQ_CONTINENTAL];
		struct tq_sps *k[] = { &pr->ready, &pr->moved, &pr->walls };
		for (int i = 0; i < 3; i++)
			k[i]->french_regulars = k[i]->french_cavalry = 0;
	}
	p->s->french_on_map = false;
	tq_tell(p, "All surviving French SPs are withdrawn (18.0)");
}

/* The regulars a side may withdraw: on the map, not under siege (6.1.3). */
static int withdrawable(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	int n = 0;
	for (int a = 0; a < d->nareas; a++)
		if (!s->area[a].siege)
			n += s->area[a].side[side].ready.regulars + s->area[a].side[side].moved.regulars;
	return n;
}

static void withdrawals(struct tq_play *p)
{
	const struct tq_schedule *sch = &p->d->schedule;
	struct tq_state *s = p->s;
	for (int i = 0; i < sch->nentries; i++) {
		const struct tq_schedule_entry *e = &sch->entries[i];
		enum tq_side side = e->side;
		int owed;
		if (e->month != s->month || side == TQ_NOBODY)
			continue;
		for (int k = 0; k < e->withdraw.nleaders; k++)
			withdraw_leader(p, e->withdraw.leaders[k]);
		if (e->withdraw.nleaders)
			s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, s, side);
		if (e->withdraw.all_french)
			withdraw_french(p);
		owed = e->withdraw.regulars;
		if (owed > withdrawable(p->d, s, side))
			owed = withdrawable(p->d, s, side);
		if (owed > 0) {
			s->side[side].owed = (short)owed;
			if (s->asked)
				tq_ask_also(s, side);
			else
				tq_ask(s, TQ_ASK_WITHDRAW, side);
		}
	}
}

int tq_withdraw_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_sps only = { .regulars = o->sps.regulars };
	int owed = s->side[side].owed;
	struct tq_presence *pr;

	if (o->kind != TQ_WITHDRAW || o->at < 0)
		return wj_why(p->why, p->whylen, "the %s withdraw %d SP regulars: \"withdraw 10 "
			      "regulars from S11\" (6.1.3)", p->d->side_name[side], owed);
	if (tq_sps_total(&o->sps) != o->sps.regulars || o->sps.regulars <= 0 ||
	    o->sps.regulars > owed)
		return wj_why(p->why, p->whylen, "the schedule withdraws %d SP regulars (18.0)", owed);
	if (s->area[o->at].siege)
		return wj_why(p->why, p->whylen, "%s is under siege (6.1.3)", p->d->areas[o->at].id);
	pr = &s->area[o->at].side[side];
	if (pr->ready.regulars + pr->moved.regulars < o->sps.regulars)
		return wj_why(p->why, p->whylen, "not that many %s regulars at %s",
			      p->d->side_name[side], p->d->areas[o->at].id);
	if (!tq_sps_take(&pr->ready, &only)) {
		only.regulars = (short)(only.regulars - pr->ready.regulars);
		pr->ready.regulars = 0;
		tq_sps_take(&pr->moved, &only);
	}
	s->side[side].owed = (short)(owed - o->sps.regulars);
	tq_tell(p, "The %s withdraw %d SP regulars from %s (6.1.3)", p->d->side_name[side],
		o->sps.regulars, p->d->areas[o->at].id);
	if (!s->side[side].owed)
		tq_turn_side_done(s, side);
	return 0;
}

/* ---- 6.2, 18.0: reinforcements ---- */

static bool in_entry(const struct tq_schedule_entry *e, int l)
{
	for (int i = 0; i < e->arrive.nleaders; i++)
		if (e->arrive.leaders[i] == l)
			return true;
	return false;
}

/* The schedule's line that brings leader l this month, or NULL. */
static const struct tq_schedule_entry *arrival_of(const struct tq_data *d, int month, int l)
{
	for (int i = 0; i < d->schedule.nentries; i++)
		if (d->schedule.entries[i].month == month && in_entry(&d->schedule.entries[i], l))
			return &d->schedule.entries[i];
	return NULL;
}

static void held(struct tq_play *p, int l, const char *why)
{
	p->s->leader[l] = (struct tq_leader_state){ .where = TQ_HELD };
	tq_tell(p, "%s arrives, %s", p->d->leaders[l].name, why);
}

/* 5.4.4 c: a Base of Operations with enemy forces on it and none of its
 * side's is captured, before anything arrives there (however the enemy
 * came: a placement, a retreat). */
static void bases_held(struct tq_play *p)
{
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		int base = p->s->side[side].base;
		if (base >= 0 && p->s->area[base].base[side])
			tq_capture_unguarded(p, base, tq_other((enum tq_side)side));
	}
}

/* 18.0's own area held by an enemy force: the arrivals come to the Base
 * of Operations instead, as those 18.0 gives no place (6.2; they do not
 * fight for the place: docs/rulings.md). */
static bool enemy_holds(struct tq_play *p, const struct tq_schedule_entry *e)
{
	if (!tq_forces_in(p->d, p->s, e->place_area, tq_other(e->side)))
		return false;
	tq_tell(p, "%s is held by the %s: the %s arrivals of 18.0 come to their Base of "
		"Operations (6.2)", p->d->areas[e->place_area].id,
		p->d->side_name[tq_other(e->side)], p->d->side_name[e->side]);
	return true;
}

/* 14.2.3: "If a French leader is removed due to illness (i.e. placed on
 * the turn track because of disease attrition) he returns to the French
 * Field Force, not the Continental Base of Operations" (6.2 makes the
 * French an exception to the Base for every return): to the area of the
 * French SPs, within the walls if they are; with none on the map he
 * waits a month more. */
static void french_leader_returns(struct tq_play *p, int l)
{
	struct tq_state *s = p->s;
	const char *name = p->d->leaders[l].name;
	for (int a = 0; a < p->d->nareas; a++) {
		const struct tq_presence *pr = &s->area[a].side[TQ_CONTINENTAL];
		struct tq_sps f = tq_field_sps(s, a, TQ_CONTINENTAL);
		bool walls = pr->walls.french_regulars + pr->walls.french_cavalry > 0;
		if (!walls && !f.french_regulars && !f.french_cavalry)
			continue;
		s->leader[l] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)a,
							 .walls = walls,
							 .c_in_c = p->d->leaders[l].c_in_c };
		tq_tell(p, "%s returns to the French Field Force at %s (14.2.3)", name,
			p->d->areas[a].id);
		return;
	}
	s->leader[l].returns = s->month + 1;
	tq_tell(p, "%s waits for the French Field Force, not on the map (14.2.3)", name);
}

/* 17.1.2: "Campbell is the British Commander-in-Chief until Prevost enters
 * the board" (leaders.yaml's c_in_c `until`): from then on a colonel. */
void tq_c_in_c_ends(struct tq_play *p)
{
	for (int l = 0; l < p->d->nleaders; l++) {
		int until = p->d->leaders[l].c_in_c_until;
		if (until < 0 || !p->s->leader[l].c_in_c || p->s->leader[until].where != TQ_ON_MAP)
			continue;
		p->s->leader[l].c_in_c = false;
		tq_tell(p, "%s is no longer Commander-in-Chief: %s is on the board (%s)",
			p->d->leaders[l].name, p->d->leaders[until].name,
			p->d->leaders[l].c_in_c_section);
	}
}

/* A leader arrives: a militia leader is held for the militia (6.2);
 * one whose place is the player's choice is held for it; the others go
 * to 18.0's area or the base (a French leader without a place too), or
 * wait for a British base off the map (7.1's note). */
static void leader_arrives(struct tq_play *p, int l, const struct tq_schedule_entry *e)
{
	struct tq_state *s = p->s;
	const struct tq_leader *x = &p->d->leaders[l];
	enum tq_side side = x->side;
	int at = s->side[side].base;

	if (x->militia_colony != TQ_NO_COLONY) {
		held(p, l, "held for his colony's militia (6.2)");
		return;
	}
	if (e && (e->place == TQ_ANY_PORT || e->place == TQ_VIRGINIA_PORT)) {
		if (tq_place_hold(p, side, e->place))
			held(p, l, "to be placed (18.0)");
		return;
	}
	if (e && e->place == TQ_AT_AREA && !enemy_holds(p, e)) {
		at = e->place_area;
	} else if (!base_on_map(s, side)) {
		if (side == TQ_CONTINENTAL && tq_place_hold(p, side, TQ_PLACE_NORTH_EDGE))
			held(p, l, "to be placed at the north edge of Virginia (6.2)");
		else
			tq_tell(p, "%s waits for his Base of Operations (7.1)", x->name);
		return;
	}
	s->leader[l] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)at,
						 .c_in_c = x->c_in_c };
	tq_tell(p, "%s arrives at %s (6.2)", x->name, p->d->areas[at].id);
}

static void leaders_arrive(struct tq_play *p)
{
	struct tq_state *s = p->s;
	for (int l = 0; l < p->d->nleaders; l++) {
		struct tq_leader_state *ls = &s->leader[l];
		if (ls->where == TQ_NOT_ARRIVED && ls->arrives && ls->arrives <= s->month &&
		    s->month >= s->reinforcements_from)
			leader_arrives(p, l, arrival_of(p->d, ls->arrives, l));
		else if (ls->where == TQ_TURN_TRACK && ls->returns <= s->month &&
			 p->d->leaders[l].french)
			french_leader_returns(p, l);     /* 14.2.3 */
		else if (ls->where == TQ_TURN_TRACK && ls->returns <= s->month)
			leader_arrives(p, l, NULL);      /* 5.3.3, 4.7.5 */
	}
	tq_c_in_c_ends(p);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, s, (enum tq_side)side);
}

/* 18.0's SPs of the month: onto the turn track's this month (then the
 * base), or 18.0's own area. */
static void sps_arrive(struct tq_play *p)
{
	const struct tq_schedule *sch = &p->d->schedule;
	struct tq_state *s = p->s;
	for (int i = 0; i < sch->nentries; i++) {
		const struct tq_schedule_entry *e = &sch->entries[i];
		struct tq_sps x = { .regulars = (short)e->arrive.regulars,
				    .cavalry = (short)e->arrive.cavalry,
				    .french_regulars = (short)e->arrive.french_regulars,
				    .french_cavalry = (short)e->arrive.french_cavalry };
		if (e->month != s->month || e->side == TQ_NOBODY || !tq_sps_total(&x))
			continue;
		if (e->place == TQ_AT_AREA && !enemy_holds(p, e)) {
			tq_sps_add(&s->area[e->place_area].side[e->side].ready, &x, 1);
			tq_tell(p, "%d %s SP arrive at %s (18.0)", tq_sps_total(&x),
				p->d->side_name[e->side], p->d->areas[e->place_area].id);
		} else if (e->place != TQ_AT_BASE && tq_place_hold(p, e->side, e->place)) {
			tq_sps_add(&s->side[e->side].placing, &x, 1);
			tq_tell(p, "%d %s SP arrive, to be placed (18.0)", tq_sps_total(&x),
				p->d->side_name[e->side]);
		} else {
			/* at the base (the French too: 14.0 gives them no place) */
			tq_sps_add(&s->side[e->side].returning[0], &x, 1);
		}
	}
}

/* 18.0: the monthly regular on the base, never delayed (6.2). */
static void monthly(struct tq_play *p)
{
	const struct tq_schedule *sch = &p->d->schedule;
	struct tq_state *s = p->s;
	enum tq_side side = sch->monthly_side;
	struct tq_sps x = { .regulars = (short)sch->monthly_regulars };
	if (side == TQ_NOBODY || !sch->monthly_from || s->month < sch->monthly_from ||
	    !base_on_map(s, side))
		return;
	tq_sps_add(&s->area[s->side[side].base].side[side].ready, &x, 1);
	tq_tell(p, "%d %s regular SP at the Base of Operations (18.0)", x.regulars,
		p->d->side_name[side]);
}

static void arrivals(struct tq_play *p)
{
	struct tq_state *s = p->s;
	leaders_arrive(p);
	if (schedule_applies(s)) {
		sps_arrive(p);
		monthly(p);
	}
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		struct tq_sps due = s->side[side].returning[0];
		s->side[side].returning[0] = (struct tq_sps){ 0 };
		tq_turn_to_base(p, (enum tq_side)side, &due);
	}
}

/* 6.2, 18.0: the reinforcements whose place is the player's, asked after
 * the exchange (its POWs may be among them), both sides at once. */
static void place_ask(struct tq_play *p)
{
	struct tq_state *s = p->s;
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		if (!tq_place_pending(p->d, s, (enum tq_side)side))
			continue;
		if (!tq_place_possible(p->d, s, (enum tq_side)side)) {
			tq_tell(p, "The %s arrivals wait: no place they may arrive at is free of "
				"the enemy (6.2, 18.0)", p->d->side_name[side]);
			continue;
		}
		if (s->asked)
			tq_ask_also(s, (enum tq_side)side);
		else
			tq_ask(s, TQ_ASK_MILITIA, (enum tq_side)side);
	}
}

/* ---- 6.3, 6.4: baggage trains on the base ---- */

static int on_board(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	int n = 0;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_presence *pr = &s->area[a].side[side];
		n += pr->field.trains + pr->field.magazines + pr->inside.trains + pr->inside.magazines;
	}
	return n;
}

static int limit_of(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	bool british[TQ_MAX_AREAS] = { false };
	if (side == TQ_CONTINENTAL)
		return tq_continental_train_limit(d);
	for (int a = 0; a < d->nareas; a++)
		british[a] = tq_turn_controls(s, a, TQ_BRITISH);
	return tq_british_train_limit(d, british);
}

static void trains(struct tq_play *p)
{
	struct tq_state *s = p->s;
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		struct tq_side_state *ss = &s->side[side];
		int limit = limit_of(p->d, s, (enum tq_side)side), n;
		int board = on_board(p->d, s, (enum tq_side)side);
		if (!base_on_map(s, (enum tq_side)side))
			continue;
		n = tq_trains_to_place(limit, board, ss->available);
		tq_tell(p, "The %s baggage train limit is %d, %d on the board: %d placed (6.3, 6.4)",
			p->d->side_name[side], limit, board, n);
		ss->available = (short)(ss->available - n);
		s->area[ss->base].side[side].field.trains += (short)n;
	}
}

/* ---- the phase ---- */

int tq_reinforcement_run(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int r = 1;
	/* 17.1.3 A: only the militia generation on the first turn */
	if (s->first_turn && s->step < C_MILITIA)
		s->step = C_MILITIA;
	switch (s->step) {
	case C_WITHDRAW:
		if (schedule_applies(s))
			withdrawals(p);
		break;
	case C_ARRIVE:
		bases_held(p);
		arrivals(p);
		break;
	case C_EXCHANGE: r = tq_exchange_step(p); break;
	case C_PLACE: place_ask(p); break;
	case C_TRAINS:
		trains(p);
		tq_place_sequestered(p);         /* 16.3, with the trains placed */
		break;
	case C_MILITIA: r = tq_militia_step(p) < 0 ? -1 : 1; break;
	default:
		tq_turn_phase(p, s->first_turn ? TQ_ENDEAVORS : TQ_LOGISTICS);
		return 0;
	}
	if (r < 0)
		return -1;
	/* a step that asked is done when its answers are in, but for the
	 * exchange, whose answers ask on (s->cursor) */
	if (r == 1) {
		s->step++;
		s->cursor = 0;
	}
	return 0;
}
