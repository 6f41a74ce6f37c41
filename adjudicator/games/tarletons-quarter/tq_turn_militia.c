/* Tarleton's Quarter!'s Continental militia generation (seed 001, 6.5,
 * 3.0 C) and its leaders (6.2): the dice of each colony, the militia and
 * the militia leaders placed by the Continental player (TQ_ASK_MILITIA,
 * TQ_PLACE "place 3 NC militia, Sumter at N29"); the same answers serve
 * an invasion's generation (10.7, asked by the endeavour). Rulings:
 * docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_move.h"
#include "tq_endeavor.h"
#include "tq_turn.h"

static bool may_appear(const struct tq_play *p, int a, enum tq_colony c)
{
	const struct tq_state *s = p->s;
	/* 17.1.3 A: G1 is still Continental for the first turn's generation */
	bool british = !s->first_turn && tq_turn_controls(s, a, TQ_BRITISH);
	bool invaded = s->hidden.endeavor.active && s->hidden.endeavor.at == a;  /* 10.7.3 */
	return tq_militia_may_appear_in(p->d, a, c, british, s->area[a].siege > 0, invaded);
}

static bool colony_open(const struct tq_play *p, enum tq_colony c)
{
	for (int a = 0; a < p->d->nareas; a++)
		if (may_appear(p, a, c))
			return true;
	return false;
}

/* 6.2: where held militia leader l may go: onto a force with his
 * colony's militia not under siege; with none on the board, onto the
 * Continental forces closest to his home colony (any of them on a tie). */
static bool closest(const struct tq_play *p, int c, int a)
{
	int dist[TQ_MAX_AREAS], best = -1, mine = -1;
	for (int x = 0; x < p->d->nareas; x++) {
		int near = -1;
		if (!tq_sps_total(&p->s->area[x].side[TQ_CONTINENTAL].ready))
			continue;
		tq_distances(p->d, x, dist);
		for (int y = 0; y < p->d->nareas; y++)
			if ((int)p->d->areas[y].colony == c && dist[y] >= 0 &&
			    (near < 0 || dist[y] < near))
				near = dist[y];
		if (near >= 0 && (best < 0 || near < best))
			best = near;
		if (x == a)
			mine = near;
	}
	return mine >= 0 && mine == best;
}

static bool militia_of(const struct tq_play *p, int c)
{
	for (int x = 0; x < p->d->nareas; x++)
		if (p->s->area[x].side[TQ_CONTINENTAL].ready.militia[c])
			return true;
	return false;
}

static bool leader_may_go(const struct tq_play *p, int l, int a)
{
	int c = p->d->leaders[l].militia_colony;
	if (militia_of(p, c))
		return p->s->area[a].side[TQ_CONTINENTAL].ready.militia[c] > 0;
	return closest(p, c, a);
}

static bool held_militia_leader(const struct tq_data *d, const struct tq_state *s, int l)
{
	return s->leader[l].where == TQ_HELD && d->leaders[l].militia_colony != TQ_NO_COLONY;
}

/* Held militia leaders who could be placed now. */
static int held_leaders(const struct tq_play *p)
{
	int n = 0;
	for (int l = 0; l < p->d->nleaders; l++) {
		bool somewhere = false;
		if (!held_militia_leader(p->d, p->s, l))
			continue;
		for (int a = 0; a < p->d->nareas && !somewhere; a++)
			somewhere = leader_may_go(p, l, a);
		n += somewhere;
	}
	return n;
}

/* This is the Reinforcement Phase's generation step (6.2: the held
 * leaders are placed by its end). */
static bool generation_step(const struct tq_state *s, const struct tq_data *d)
{
	return s->phase == TQ_REINFORCEMENT && !s->hidden.endeavor.active &&
	       tq_generation_month(d, s->month) && s->no_militia_month != s->month;
}

int tq_militia_step(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int due = 0;
	char what[96];
	if (!generation_step(s, p->d)) {
		/* 6.2: a held leader may be placed on his militia any month */
		if (held_leaders(p))
			tq_ask(s, TQ_ASK_MILITIA, TQ_CONTINENTAL);
		return 0;
	}
	for (int c = 0; c < TQ_COLONIES; c++) {
		int sp = 0, die;
		snprintf(what, sizeof what, "Militia generation, %s (6.5)", p->d->colony_name[c]);
		die = tq_die(p, what);
		if (tq_militia_generated(p->d, s->month, (enum tq_colony)c,
					 tq_generation_roll(p->d, die, s->major_victory), false, &sp,
					 p->why, p->whylen))
			return -1;
		if (sp && !colony_open(p, (enum tq_colony)c)) {
			tq_tell(p, "%s: every settlement is British or besieged: no militia (6.5)",
				p->d->colony_name[c]);
			sp = 0;
		}
		tq_tell(p, "%s: %d militia SP to place (6.5)", p->d->colony_name[c], sp);
		s->militia_due[c] = (short)sp;
		due += sp;
	}
	if (due || held_leaders(p))
		tq_ask(s, TQ_ASK_MILITIA, TQ_CONTINENTAL);
	return 0;
}

int tq_militia_to_place(const struct tq_state *s, enum tq_side side, enum tq_colony c)
{
	return s->to_place[side].sps.militia[c] +
	       (s->question == TQ_ASK_MILITIA && side == TQ_CONTINENTAL ? s->militia_due[c] : 0);
}

static int militia_due(const struct tq_state *s)
{
	int n = 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		n += s->militia_due[c];
	return n;
}

/* 13.1.1: "If he is ever alone in an area with enemy SPs, he is removed
 * from the board and set aside": militia may appear where he stands
 * without British SPs (6.5: not British controlled). */
static void governor_alone(struct tq_play *p, int a)
{
	struct tq_area_state *as = &p->s->area[a];
	int g = as->governor;
	if (g < 0 || tq_side_sp(p->s, a, TQ_BRITISH) || !tq_side_sp(p->s, a, TQ_CONTINENTAL))
		return;
	as->governor = -1;
	if (g < TQ_MAX_GOVERNORS)
		p->s->governor_area[g] = -1;
	tq_tell(p, "Royal Governor %s, alone with the militia at %s, is set aside (13.1.1)",
		p->d->governors[g].name, p->d->areas[a].id);
}

/* The militia of a TQ_PLACE: each colony's within what is due, in a
 * place it may appear. */
static int place_militia(struct tq_play *p, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_sps m = { 0 };
	memcpy(m.militia, o->sps.militia, sizeof m.militia);
	if (tq_sps_total(&o->sps) != tq_sps_total(&m))
		return wj_why(p->why, p->whylen, "only militia are generated (6.5)");
	for (int c = 0; c < TQ_COLONIES; c++) {
		if (!m.militia[c])
			continue;
		if (m.militia[c] > s->militia_due[c])
			return wj_why(p->why, p->whylen, "%d %s militia SP are to be placed, not %d",
				      s->militia_due[c], p->d->colony_mil[c], m.militia[c]);
		if (!may_appear(p, o->at, (enum tq_colony)c))
			return wj_why(p->why, p->whylen, "%s militia may not appear at %s: a "
				      "settlement or city of its colony, not British controlled nor "
				      "under siege (6.5)", p->d->colony_mil[c], p->d->areas[o->at].id);
	}
	for (int c = 0; c < TQ_COLONIES; c++)
		s->militia_due[c] = (short)(s->militia_due[c] - m.militia[c]);
	tq_sps_add(&s->area[o->at].side[TQ_CONTINENTAL].ready, &m, 1);
	governor_alone(p, o->at);
	tq_capture_unguarded(p, o->at, TQ_CONTINENTAL);
	if (tq_sps_total(&m))
		tq_tell(p, "%d militia SP placed at %s (6.5)", tq_sps_total(&m), p->d->areas[o->at].id);
	return 0;
}

/* 6.2: held militia leaders onto a force with their colony's militia
 * (or the closest force). */
static int place_leaders(struct tq_play *p, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	for (int i = 0; i < o->nleaders; i++) {
		int l = o->leaders[i], c = p->d->leaders[l].militia_colony;
		if (!held_militia_leader(p->d, s, l))
			return wj_why(p->why, p->whylen, "%s is not a militia leader held for his "
				      "militia (6.2)", p->d->leaders[l].name);
		if (!leader_may_go(p, l, o->at))
			return wj_why(p->why, p->whylen, "%s goes onto a force with %s militia, or "
				      "with none on the board the Continental force closest to his "
				      "colony (6.2)", p->d->leaders[l].name, p->d->colony_mil[c]);
	}
	for (int i = 0; i < o->nleaders; i++) {
		s->leader[o->leaders[i]] = (struct tq_leader_state){ .where = TQ_ON_MAP,
								     .area = o->at };
		tq_tell(p, "%s placed at %s (6.2)", p->d->leaders[o->leaders[i]].name,
			p->d->areas[o->at].id);
	}
	return 0;
}

int tq_militia_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	if (tq_place_pending(p->d, s, side))
		return tq_place_answer(p, side, o);
	if (o->kind == TQ_DONE) {
		if (militia_due(s))
			return wj_why(p->why, p->whylen, "%d militia SP are still to be placed (6.5)",
				      militia_due(s));
		if (generation_step(s, p->d) && held_leaders(p))
			return wj_why(p->why, p->whylen, "the militia leaders held are placed in this "
				      "generation step (6.2)");
		tq_turn_side_done(s, side);
		return 0;
	}
	if (o->kind != TQ_PLACE || o->at < 0)
		return wj_why(p->why, p->whylen, "the militia asks \"place 3 NC militia, Sumter at "
			      "N29\" or \"done\" (6.5)");
	if (place_militia(p, o) || place_leaders(p, o))
		return -1;
	if (!militia_due(s) && !held_leaders(p))
		tq_turn_side_done(s, side);
	return 0;
}

