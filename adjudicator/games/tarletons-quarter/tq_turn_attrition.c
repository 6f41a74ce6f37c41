/* Tarleton's Quarter!'s Attrition Phase (seed 001, 3.0 B): troops at sea
 * (5.3.1), disease (5.3.2), Continental militia (5.1), Loyalists (5.2),
 * supply (5.4: expending trains, destroying supplies, foraging) and the
 * POW tracks (15.3), in 3.0's order. The numbers are tq_logistics.c's;
 * which SPs a special attrition takes is the player's (TQ_ASK_LOSSES)
 * unless only one kind can take it. Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_move.h"
#include "tq_turn.h"

enum { B_AT_SEA, B_SMALLPOX, B_MALARIA, B_MILITIA, B_LOYALISTS, B_SUPPLY_ASK, B_SUPPLY, B_POW };


/* ---- 5.1, 5.2: the militia's percentages ---- */

static int militia_on_board(const struct tq_data *d, const struct tq_state *s, int c)
{
	int n = 0;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_presence *pr = &s->area[a].side[TQ_CONTINENTAL];
		n += c < 0 ? 0 : pr->ready.militia[c] + pr->moved.militia[c] + pr->walls.militia[c];
	}
	return n;
}

/* n SPs off *a then *b. */
static void take_from(short *a, short *b, int n)
{
	int x = n < *a ? n : *a;
	*a = (short)(*a - x);
	*b = (short)(*b - (n - x));
}

/* 5.1.4: each area's militia of colony c reduced by percent, rounded down. */
static void militia_losses(struct tq_play *p, int c, int percent)
{
	for (int a = 0; a < p->d->nareas; a++) {
		struct tq_presence *pr = &p->s->area[a].side[TQ_CONTINENTAL];
		int sp = pr->ready.militia[c] + pr->walls.militia[c];
		int lost = tq_attrition_loss(sp, percent);
		if (!lost)
			continue;
		take_from(&pr->ready.militia[c], &pr->walls.militia[c], lost);
		tq_tell(p, "%s: %d of %d %s militia SP go home (5.1.4)", p->d->areas[a].id, lost, sp,
			p->d->colony_mil[c]);
	}
}

/* 5.1: one die for each colony whose militia is on the board (ruling:
 * none rolled for a colony without any). */
static int militia_attrition(struct tq_play *p)
{
	struct tq_state *s = p->s;
	char what[96];
	if (s->no_militia_month == s->month)     /* 17.3.1 */
		return 0;
	for (int c = 0; c < TQ_COLONIES; c++) {
		int percent = 0;
		if (!militia_on_board(p->d, s, c))
			continue;
		snprintf(what, sizeof what, "Militia attrition, %s (5.1)", p->d->colony_name[c]);
		if (tq_militia_attrition(p->d, s->month, s->major_victory, tq_die(p, what), &percent,
					 p->why, p->whylen))
			return -1;
		tq_tell(p, "%s militia: %d%% (5.1.3)", p->d->colony_name[c], percent);
		militia_losses(p, c, percent);
	}
	return 0;
}

/* 5.2: the Loyalists, with the Major Victory marker Continental side up. */
static int loyalist_attrition(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int percent = 0, any = 0;
	for (int a = 0; a < p->d->nareas; a++)
		any += s->area[a].side[TQ_BRITISH].ready.loyalists +
		       s->area[a].side[TQ_BRITISH].walls.loyalists;
	if (!any || s->major_victory != TQ_CONTINENTAL)
		return 0;
	if (tq_loyalist_attrition(p->d, s->month, s->major_victory,
				  tq_die(p, "Loyalist attrition (5.2)"), &percent, p->why, p->whylen))
		return -1;
	for (int a = 0; a < p->d->nareas; a++) {
		struct tq_presence *pr = &s->area[a].side[TQ_BRITISH];
		int sp = pr->ready.loyalists + pr->walls.loyalists;
		int lost = tq_attrition_loss(sp, percent);
		if (!lost)
			continue;
		take_from(&pr->ready.loyalists, &pr->walls.loyalists, lost);
		tq_tell(p, "%s: %d of %d Loyalist SP go home (5.2)", p->d->areas[a].id, lost, sp);
	}
	return 0;
}

/* ---- 5.4: supply ---- */

/* Any of side's supply units on the board (5.4.5 may remove them). */
static bool has_supplies(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_presence *pr = &s->area[a].side[side];
		if (pr->field.trains || pr->field.magazines || pr->field.captured ||
		    pr->inside.trains || pr->inside.magazines || pr->inside.captured)
			return true;
	}
	return false;
}

/* 5.4.1 b, 5.4.5: each side with supplies on the board says which trains
 * it expends and which supplies it destroys, both at once. */
static int supply_ask(struct tq_play *p)
{
	struct tq_state *s = p->s;
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		s->side[side].nfed = 0;
		if (!has_supplies(p->d, s, (enum tq_side)side))
			continue;
		if (s->asked)
			tq_ask_also(s, (enum tq_side)side);
		else
			tq_ask(s, TQ_ASK_SUPPLY, (enum tq_side)side);
	}
	tq_turn_standing(p, TQ_ASK_SUPPLY);
	return 0;
}

static bool fed(const struct tq_state *s, enum tq_side side, int a)
{
	for (int i = 0; i < s->side[side].nfed; i++)
		if (s->side[side].fed[i] == a)
			return true;
	return false;
}

/* 5.4.1 b: one train (own first, then captured: ruling) of the walls or
 * the field, as the side's SPs there are besieged or not. */
static int expend(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_side_state *ss = &s->side[side];
	int a = o->at;
	struct tq_supply *sup;

	if (a < 0)
		return wj_why(p->why, p->whylen, "say where: \"expend 1 train at S21\" (5.4.1 b)");
	sup = tq_turn_besieged(s, a, side) ? &s->area[a].side[side].inside : &s->area[a].side[side].field;
	if (!tq_side_sp(s, a, side))
		return wj_why(p->why, p->whylen, "no %s SPs at %s to supply (5.4.1 b)",
			      p->d->side_name[side], p->d->areas[a].id);
	if (fed(s, side, a))
		return wj_why(p->why, p->whylen, "a single baggage train supplies all friendly "
			      "forces in the same area (5.4.1 b): %s has one", p->d->areas[a].id);
	if (!sup->trains && !sup->captured)
		return wj_why(p->why, p->whylen, "no %s baggage train at %s (5.4.1 b)",
			      p->d->side_name[side], p->d->areas[a].id);
	if (ss->nfed == TQ_MAX_FED)
		return wj_why(p->why, p->whylen, "more than %d areas fed in one month", TQ_MAX_FED);
	if (sup->trains) {
		sup->trains--;
		ss->expended++;
	} else {
		sup->captured--;         /* 5.4.4 a: set aside, not expended */
	}
	ss->fed[ss->nfed++] = (short)a;
	tq_tell(p, "The %s expend a baggage train at %s (5.4.1 b)", p->d->side_name[side],
		p->d->areas[a].id);
	return 0;
}

/* 5.4.5: own trains and magazines removed, each to the Expended side. */
static int destroy(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_presence *pr;
	int a = o->at, field_trains;

	if (a < 0 || o->trains < 0 || o->magazines < 0 || o->trains + o->magazines <= 0)
		return wj_why(p->why, p->whylen, "say what and where: \"destroy 1 train, 1 magazine "
			      "at S21\" (5.4.5)");
	pr = &s->area[a].side[side];
	field_trains = pr->field.trains + pr->inside.trains;
	if (o->trains > field_trains || o->magazines > pr->inside.magazines)
		return wj_why(p->why, p->whylen, "the %s have not that many at %s (5.4.5)",
			      p->d->side_name[side], p->d->areas[a].id);
	take_from(&pr->field.trains, &pr->inside.trains, o->trains);
	pr->inside.magazines = (short)(pr->inside.magazines - o->magazines);
	s->side[side].expended = (short)(s->side[side].expended + o->trains + o->magazines);
	tq_tell(p, "The %s destroy %d baggage trains and %d magazines at %s (5.4.5)",
		p->d->side_name[side], o->trains, o->magazines, p->d->areas[a].id);
	return 0;
}

int tq_supply_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	switch (o->kind) {
	case TQ_EXPEND:
		return expend(p, side, o);
	case TQ_DESTROY:
		return destroy(p, side, o);
	case TQ_DONE:
		tq_turn_side_done(p->s, side);
		return 0;
	default:
		return wj_why(p->why, p->whylen, "the supply step asks \"expend 1 train at S21\", "
			      "\"destroy 1 magazine at S5\" or \"done\" (5.4.1 b, 5.4.5)");
	}
}

/* 5.4.1 a: a magazine (or the Base of Operations) of side supplies area
 * a's field forces; a besieged one supplies only its walls (5.4.1). */
static bool magazine_supplies(const struct tq_data *d, const struct tq_state *s,
			      enum tq_side side, int a)
{
	bool reach[TQ_MAX_AREAS];
	for (int m = 0; m < d->nareas; m++) {
		bool source = s->area[m].side[side].inside.magazines > 0 || s->side[side].base == m;
		if (!source || tq_turn_besieged(s, m, side))
			continue;
		memset(reach, 0, sizeof reach);
		tq_magazine_reach(d, side, s->weather, m, reach);
		if (reach[a])
			return true;
	}
	return false;
}

/* The side's SPs at a that count for the supply check: the besieged's
 * within the walls (4.3.3), else the field's (5.4.2: militia at home
 * not counted); 0 when they are supplied or there are none. */
static int unsupplied_sp(const struct tq_play *p, int a, enum tq_side side)
{
	const struct tq_state *s = p->s;
	const struct tq_presence *pr = &s->area[a].side[side];
	bool walls = tq_turn_besieged(s, a, side);
	struct tq_troops t = tq_troops_of(walls ? &pr->walls : &pr->ready);
	int sp = tq_foraging_sp(&t, p->d->areas[a].colony);
	if (!sp || fed(s, side, a))
		return 0;
	if (walls ? pr->inside.magazines > 0 : magazine_supplies(p->d, s, side, a))
		return 0;
	return sp;
}

/* Whether side's supply check at a rolls nothing (tq_turn_each). */
static bool supply_idle(const struct tq_play *p, int a, enum tq_side side)
{
	return !unsupplied_sp(p, a, side);
}

/* 4.3.3: the besieged are supplied by a magazine within the walls or a
 * train expended, else take triple attrition (no foraging); 5.4.1 c: a
 * side's field forces in area a forage unless a magazine or a train
 * supplies them. */
static int supply_at(struct tq_play *p, int a, enum tq_side side)
{
	struct tq_state *s = p->s;
	const struct tq_area *ar = &p->d->areas[a];
	int sp = unsupplied_sp(p, a, side), n = 0, dice[3];
	bool walls = tq_turn_besieged(s, a, side);
	char what[96];

	if (!sp)
		return 0;
	tq_turn_owed_at(s, a, walls, true);
	if (walls) {
		tq_number(p->d, "special_attrition", "besieged_without_supply_dice", &n);
		snprintf(what, sizeof what, "Besieged without supply at %s (4.3.3)", ar->id);
		return tq_turn_check(p, side, sp, n, what, dice);
	}
	snprintf(what, sizeof what, "Foraging at %s, %s: %d SP on supply level %d (5.4.1 c)",
		 ar->id, p->d->side_name[side], sp, ar->supply);
	return tq_turn_check(p, side, sp, tq_forage_dice(p->d, sp, ar->supply), what, dice);
}

/* 15.3: each side's POW track loses 1 SP. */
static void pow_attrition(struct tq_play *p)
{
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		p->s->side[side].pow = (short)tq_pow_attrition(p->d, p->s->side[side].pow);
}

/* One step: 1 when it is done (the next begins), 0 when it asked, -1. */
static int attrition_step(struct tq_play *p)
{
	switch (p->s->step) {
	case B_AT_SEA: return tq_turn_at_sea(p) < 0 ? -1 : 1;
	case B_SMALLPOX: return tq_turn_smallpox(p);
	case B_MALARIA: return tq_turn_malaria(p);
	case B_MILITIA: return militia_attrition(p) < 0 ? -1 : 1;
	case B_LOYALISTS: return loyalist_attrition(p) < 0 ? -1 : 1;
	case B_SUPPLY_ASK: return supply_ask(p) < 0 ? -1 : 1;
	case B_SUPPLY: return tq_turn_each(p, supply_idle, supply_at);
	default: pow_attrition(p); return 1;
	}
}

int tq_attrition_run(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int r;
	if (s->first_turn) {                     /* 17.1.3 A: skipped entirely */
		tq_turn_phase(p, TQ_REINFORCEMENT);
		return 0;
	}
	r = attrition_step(p);
	if (r < 0)
		return -1;
	if (r == 1) {
		/* a step that asked is done once its answers are in: the
		 * cursor's loop has already moved on */
		if (s->step == B_POW) {
			tq_turn_phase(p, TQ_REINFORCEMENT);
			return 0;
		}
		s->step++;
		s->cursor = 0;
	}
	return 0;
}
