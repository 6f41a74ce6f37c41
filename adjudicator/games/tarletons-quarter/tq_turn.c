/* Tarleton's Quarter!'s sequence of play (seed 001, 3.0 A-G): the phases
 * in order, each a step at a time, stopping where a side must decide;
 * the Endeavors Phase's alternation (8.0), the Adjustment Phase, the
 * month's advance and the game's end (13.1-13.3, 17.0). The Attrition
 * and Reinforcement Phases are in tq_turn_attrition.c and
 * tq_turn_reinforce.c. Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_endeavor.h"
#include "tq_setup.h"
#include "tq_turn.h"

/* ---- what the phases share ---- */

/* 10.7.5: "If all British regulars in the colony are eliminated or
 * otherwise removed, the 'British Invaded' marker is removed": checked
 * as each phase begins, after the losses and withdrawals of the last. */
static void invaded_markers(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int regulars[TQ_COLONIES] = { 0 };
	for (int a = 0; a < p->d->nareas; a++) {
		const struct tq_presence *br = &s->area[a].side[TQ_BRITISH];
		int c = p->d->areas[a].colony;
		if (c >= 0 && c < TQ_COLONIES)
			regulars[c] += br->ready.regulars + br->ready.cavalry + br->moved.regulars +
				       br->moved.cavalry + br->walls.regulars + br->walls.cavalry;
	}
	for (int c = 0; c < TQ_COLONIES; c++)
		if (s->invaded >> c & 1 && !regulars[c]) {
			s->invaded &= ~(1u << c);
			tq_tell(p, "No British regulars are left in %s: its British Invaded marker is "
				"removed (10.7.5)", p->d->colony_name[c]);
		}
}

/* 4.1.3, 4.1.4: a build marker stays while at least 3 SPs of British
 * regulars stand under it; attrition (or a siege's losses) may take
 * them: checked as each phase begins. */
static void build_markers(struct tq_play *p)
{
	int keep = 0;
	tq_number(p->d, "forts_and_sieges", "build_keep_regulars", &keep);
	for (int a = 0; a < p->d->nareas; a++) {
		struct tq_area_state *as = &p->s->area[a];
		const struct tq_presence *br = &as->side[TQ_BRITISH];
		if (as->fort == TQ_BUILDING &&
		    br->ready.regulars + br->moved.regulars + br->walls.regulars < keep) {
			as->fort = TQ_NO_FORT;
			as->fort_side = TQ_NOBODY;
			tq_tell(p, "The build marker at %s is removed: fewer than %d SPs of British "
				"regulars (4.1.4)", p->d->areas[a].id, keep);
		}
	}
}

void tq_turn_phase(struct tq_play *p, enum tq_phase phase)
{
	char month[32];
	struct tq_state *s = p->s;
	invaded_markers(p);
	build_markers(p);
	s->phase = phase;
	s->step = 0;
	s->cursor = 0;
	if (phase != TQ_OVER) {
		tq_month_text(s->month, month, sizeof month);
		tq_tell(p, "%s: %s", month, tq_phase_name(phase));
	}
}

struct tq_troops tq_troops_of(const struct tq_sps *x)
{
	struct tq_troops t = { .regulars = x->regulars, .cavalry = x->cavalry,
			       .french = x->french_regulars + x->french_cavalry,
			       .loyalists = x->loyalists };
	for (int c = 0; c < TQ_COLONIES; c++)
		t.militia[c] = x->militia[c];
	return t;
}

int tq_side_sp(const struct tq_state *s, int area, enum tq_side side)
{
	const struct tq_presence *pr = &s->area[area].side[side];
	return tq_sps_total(&pr->ready) + tq_sps_total(&pr->moved) + tq_sps_total(&pr->walls);
}

bool tq_turn_controls(const struct tq_state *s, int area, enum tq_side side)
{
	return tq_side_sp(s, area, side) > 0 && tq_side_sp(s, area, tq_other(side)) == 0;
}

void tq_turn_side_done(struct tq_state *s, enum tq_side side)
{
	s->asked &= ~(1u << side);
	if (!s->asked)
		tq_answered(s);
}

/* ---- victory (13.1-13.3) ---- */

/* 13.1: the King's Peace in colony c now. */
static bool kings_peace_in(const struct tq_data *d, const struct tq_state *s, int c)
{
	struct tq_colony_facts f = { 0 };
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_area_state *as = &s->area[a];
		const struct tq_presence *co = &as->side[TQ_CONTINENTAL];
		const struct tq_sps *k[] = { &co->ready, &co->moved, &co->walls };
		if ((int)d->areas[a].colony != c)
			continue;
		for (int i = 0; i < 3; i++) {
			struct tq_troops t = tq_troops_of(k[i]);
			f.continental.regulars += t.regulars;
			f.continental.cavalry += t.cavalry;
			f.continental.french += t.french;
		}
		if (!d->areas[a].capital && !d->areas[a].capital_implied)
			continue;
		f.capital_sole_british = tq_turn_controls(s, a, TQ_BRITISH);
		f.governor_in_capital = as->governor >= 0 && as->governor < d->ngovernors &&
					(int)d->governors[as->governor].colony == c;
	}
	return tq_kings_peace(&f);
}

/* The colonies with the King's Peace, noted on the state; their count. */
static int kings_peace(const struct tq_data *d, struct tq_state *s)
{
	int n = 0;
	s->kings_peace = 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		if (kings_peace_in(d, s, c)) {
			s->kings_peace |= 1u << c;
			n++;
		}
	return n;
}

/* 13.2: every British SP on the board, the At Sea box's too (ruling). */
static int british_sp(const struct tq_data *d, const struct tq_state *s)
{
	int n = tq_sps_total(&s->at_sea);
	for (int a = 0; a < d->nareas; a++)
		n += tq_side_sp(s, a, TQ_BRITISH);
	return n;
}

static void game_over(struct tq_play *p, enum tq_side winner, const char *reason)
{
	struct tq_state *s = p->s;
	s->winner = winner;
	snprintf(s->end_reason, sizeof s->end_reason, "%s", reason);
	tq_turn_phase(p, TQ_OVER);
	tq_answered(s);
	tq_tell(p, "The game is over: the %s win (%s)", p->d->side_name[winner], reason);
}

/* The end of a turn (13.2, 13.3), and of the last (13.1): true when the
 * game is over. */
static bool turn_ends(struct tq_play *p, bool last)
{
	const struct tq_data *d = p->d;
	int peace = kings_peace(d, p->s);

	if (tq_continental_automatic_victory(british_sp(d, p->s))) {
		game_over(p, TQ_CONTINENTAL, "13.2: no British SPs on the board");
		return true;
	}
	if (tq_british_automatic_victory(d, peace)) {
		game_over(p, TQ_BRITISH, "13.3: the King's Peace in three colonies");
		return true;
	}
	if (!last)
		return false;
	if (tq_kings_peace_victory(d, peace))
		game_over(p, TQ_BRITISH, "13.1: the King's Peace at the end of the game");
	else
		game_over(p, TQ_CONTINENTAL, "13.1: no King's Peace in two colonies at the end");
	return true;
}

/* ---- E: the Endeavors Phase (8.0) ---- */

static int endeavors(struct tq_play *p)
{
	struct tq_state *s = p->s;
	if (s->step == 0) {
		/* 8.0: "The British player is always the first player in a turn" */
		s->to_move = TQ_BRITISH;
		s->passes = 0;
		s->step = 1;
	}
	tq_ask(s, TQ_ASK_ENDEAVOR, (enum tq_side)s->to_move);
	return 0;
}

void tq_turn_endeavor_done(struct tq_play *p, enum tq_side side, bool pass)
{
	struct tq_state *s = p->s;
	s->passes = (short)(pass ? s->passes + 1 : 0);
	if (s->passes >= 2) {
		tq_tell(p, "Both sides have passed: the Endeavors Phase is over (8.0)");
		/* 3.0 G: the last turn's Adjustment Phase is a second Siege
		 * Resolution Phase */
		tq_turn_phase(p, s->month >= s->last_month ? TQ_SPECIAL_SIEGE : TQ_ADJUSTMENT);
		return;
	}
	s->to_move = (short)tq_other(side);
	s->step = 1;                     /* the alternation is under way */
}

/* ---- F: the Adjustment Phase, and the month's advance ---- */

static void unmove(const struct tq_data *d, struct tq_state *s)
{
	for (int a = 0; a < d->nareas; a++)
		for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
			struct tq_presence *pr = &s->area[a].side[side];
			tq_sps_add(&pr->ready, &pr->moved, 1);
			pr->moved = (struct tq_sps){ 0 };
		}
	for (int l = 0; l < d->nleaders; l++)
		s->leader[l].moved = false;
}

/* The Turn Marker a month on: the turn track shifts, what was owed this
 * month stays owed (tq_state.h's returning), the month's counts reset. */
static void next_month(struct tq_state *s)
{
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		struct tq_side_state *ss = &s->side[side];
		tq_sps_add(&ss->returning[0], &ss->returning[1], 1);
		for (int m = 1; m + 1 < TQ_RETURN_MONTHS; m++)
			ss->returning[m] = ss->returning[m + 1];
		ss->returning[TQ_RETURN_MONTHS - 1] = (struct tq_sps){ 0 };
		ss->base_moved = false;  /* 7.1.2: it may be placed back */
		ss->nfed = 0;
	}
	s->georgia_loyalists = 0;        /* 12.2.1: a month's count */
	s->first_turn = false;           /* 17.1.3 A: the first turn only */
	s->disrepair = false;            /* 4.9: "throughout the December 1778 turn" */
	s->month++;
}

/* 11.1.3 c: "This replacement is done at the beginning of the next month
 * with the next in succession Continental Commander-in-Chief. Simply
 * remove from the game the former C-in-C and place the new one in the
 * same area" (Lincoln, replaced, returns by 18.0). With none left in the
 * succession, or the defeated one off the map since, nothing is done. */
static void replace_defeated(struct tq_play *p)
{
	const struct tq_data *d = p->d;
	struct tq_state *s = p->s;
	for (int l = 0; l < d->nleaders; l++) {
		struct tq_leader_state *ls = &s->leader[l];
		if (!ls->replaced)
			continue;
		ls->replaced = false;
		enum tq_side side = d->leaders[l].side;
		int next = tq_next_in_succession(d, s, side);
		if (ls->where != TQ_ON_MAP || next < 0)
			continue;
		s->leader[next] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = ls->area,
							    .walls = ls->walls, .c_in_c = true };
		int back = d->leaders[l].returns;
		*ls = back > s->month ? (struct tq_leader_state){ .where = TQ_NOT_ARRIVED, .arrives = back }
				      : (struct tq_leader_state){ .where = TQ_GONE };
		s->side[side].c_in_c = (short)tq_senior_c_in_c(d, s, side);
		tq_tell(p, "%s replaces %s as Commander-in-Chief at %s (11.1.3 c)", d->leaders[next].name,
			d->leaders[l].name, d->areas[s->leader[next].area].id);
	}
}

static int adjustment(struct tq_play *p)
{
	struct tq_state *s = p->s;
	/* 3.0 F: "Remove all 'Moved' markers and flip all leaders back" */
	unmove(p->d, s);
	/* 3.0 F, 6.4: the expended trains to the Available box */
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		s->side[side].available += s->side[side].expended;
		s->side[side].expended = 0;
	}
	if (turn_ends(p, false))
		return 0;
	next_month(s);
	replace_defeated(p);
	tq_turn_phase(p, TQ_SIEGE_RESOLUTION);
	return 0;
}

/* ---- the phases in order ---- */

/* A and G (4.7): G ends the game. */
static int siege_resolution(struct tq_play *p, bool last)
{
	int r = tq_siege_run(p);
	if (r <= 0)
		return r;
	if (last) {
		turn_ends(p, true);
		return 0;
	}
	/* 17.1.3 A: the first turn skips the Attrition Phase */
	tq_turn_phase(p, p->s->first_turn ? TQ_REINFORCEMENT : TQ_ATTRITION);
	return 0;
}

int tq_turn_run(struct tq_play *p)
{
	struct tq_state *s = p->s;
	switch (s->phase) {
	case TQ_SETUP:
		return wj_why(p->why, p->whylen, "the set-up is tq_setup_play.c's, not the turn's");
	case TQ_SIEGE_RESOLUTION:
		return siege_resolution(p, false);
	case TQ_ATTRITION:
		return tq_attrition_run(p);
	case TQ_REINFORCEMENT:
		return tq_reinforcement_run(p);
	case TQ_LOGISTICS:
		return tq_logistics_run(p);
	case TQ_ENDEAVORS:
		return endeavors(p);
	case TQ_ADJUSTMENT:
		return adjustment(p);
	case TQ_SPECIAL_SIEGE:
		return siege_resolution(p, true);
	case TQ_OVER:
		return 0;
	}
	return wj_why(p->why, p->whylen, "the state's phase %d is not one of 3.0's", (int)s->phase);
}

void tq_turn_standing(struct tq_play *p, enum tq_question q)
{
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		struct tq_order o;
		if (p->s->question == q && tq_is_asked(p->s, (enum tq_side)side) &&
		    tq_standing_answer(p, (enum tq_side)side, q, NULL, &o))
			tq_turn_answer(p, (enum tq_side)side, &o); /* refused: asked by mail */
	}
}

void tq_turn_ask(struct tq_play *p, enum tq_question q, enum tq_side side)
{
	tq_ask(p->s, q, side);
	tq_turn_standing(p, q);
}

int tq_turn_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	switch (p->s->question) {
	case TQ_ASK_LOSSES:
		return tq_losses_answer(p, side, o);
	case TQ_ASK_SUPPLY:
		return tq_supply_answer(p, side, o);
	case TQ_ASK_WITHDRAW:
		return tq_withdraw_answer(p, side, o);
	case TQ_ASK_EXCHANGE:
		return tq_exchange_answer(p, side, o);
	case TQ_ASK_MILITIA:
		return tq_militia_answer(p, side, o);
	case TQ_ASK_LOGISTICS:
		return tq_logistics_answer(p, side, o);
	case TQ_ASK_SUMMONS:
	case TQ_ASK_SURRENDER:
	case TQ_ASK_ASSAULT:
		return tq_siege_answer(p, side, o);
	default:
		return wj_why(p->why, p->whylen, "that question is not one the sequence of play "
			      "answers yet");
	}
}
