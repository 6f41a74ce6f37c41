/* Tarleton's Quarter!'s reinforcements placed where the player chooses
 * (seed 001, 6.2, 14.0, 18.0): 18.0's "any port area" and "either port
 * in Virginia", and the Continental arrivals with their Base of
 * Operations off the map, "in any Virginia area at the north edge of the
 * map" (6.2). They are held (the side's `placing` SPs, its non-militia
 * leaders TQ_HELD) and asked with the militia's question and order
 * (TQ_ASK_MILITIA, TQ_PLACE: "place 17 regulars, 3 cavalry, Arnold at
 * V1"), the whole group at once (14.1.1: the French together). Rulings:
 * docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include "buf.h"
#include "tq_setup.h"
#include "tq_endeavor.h"
#include "tq_turn.h"

bool tq_place_leader_held(const struct tq_data *d, const struct tq_state *s, int l,
			  enum tq_side side)
{
	return d->leaders[l].side == side && s->leader[l].where == TQ_HELD &&
	       d->leaders[l].militia_colony == TQ_NO_COLONY;
}

bool tq_place_pending(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	if (tq_sps_total(&s->side[side].placing) || s->side[side].placing_captured)
		return true;
	for (int l = 0; l < d->nleaders; l++)
		if (tq_place_leader_held(d, s, l, side))
			return true;
	return false;
}

bool tq_place_hold(struct tq_play *p, enum tq_side side, int rule)
{
	struct tq_side_state *ss = &p->s->side[side];
	if (ss->place_rule && ss->place_rule != rule)
		return false;            /* one choice of place a month: the rest wait */
	ss->place_rule = (short)rule;
	return true;
}

static const char *rule_words(int rule)
{
	switch (rule) {
	case TQ_ANY_PORT: return "any port area (18.0)";
	case TQ_VIRGINIA_PORT: return "either port in Virginia (18.0)";
	case TQ_PLACE_SEQUESTERED: return "British-held Charlestown or Savannah (16.3)";
	default: return "a Virginia area at the north edge of the map (6.2)";
	}
}

static bool may_go_by_rule(const struct tq_data *d, int rule, int a)
{
	const struct tq_area *ar = &d->areas[a];
	switch (rule) {
	case TQ_ANY_PORT: return ar->port;
	case TQ_VIRGINIA_PORT:
		return ar->port && tq_colony_named(d, "either_port_colonies", ar->colony);
	case TQ_PLACE_SEQUESTERED: return ar->city;
	default: return ar->north_edge && tq_colony_named(d, "north_edge_colonies", ar->colony);
	}
}

/* Where the rule lets them arrive, and no enemy force stands (arrivals
 * come to a place, they do not fight for it: docs/rulings.md). */
static bool may_go(const struct tq_data *d, const struct tq_state *s, enum tq_side side,
		   int rule, int a)
{
	return may_go_by_rule(d, rule, a) && !tq_forces_in(d, s, a, tq_other(side));
}

bool tq_place_possible(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	for (int a = 0; a < d->nareas; a++)
		if (may_go(d, s, side, s->side[side].place_rule, a))
			return true;
	return false;
}

/* 10.5.11: the French on the board: the British at sea are eliminated. */
void tq_place_french(struct tq_play *p)
{
	struct tq_state *s = p->s;
	s->french_on_map = true;
	if (!tq_sps_total(&s->at_sea) && !s->at_sea_trains)
		return;
	tq_tell(p, "The French Field Force is on the board: the British at sea are eliminated "
		"(10.5.11)");
	s->at_sea = (struct tq_sps){ 0 };
	s->at_sea_trains = 0;
	for (int l = 0; l < p->d->nleaders; l++)
		if (s->leader[l].where == TQ_AT_SEA_BOX)
			tq_turn_leader_off(p, l, TQ_GONE, 0);
}

static int leaders_check(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	int held = 0;
	for (int l = 0; l < p->d->nleaders; l++)
		held += tq_place_leader_held(p->d, p->s, l, side);
	for (int i = 0; i < o->nleaders; i++)
		if (!tq_place_leader_held(p->d, p->s, o->leaders[i], side))
			return wj_why(p->why, p->whylen, "%s is not a leader to place now (6.2)",
				      p->d->leaders[o->leaders[i]].name);
	if (o->nleaders != held)
		return wj_why(p->why, p->whylen, "the %d leaders arrived are placed with their "
			      "troops, all at once (6.2, 18.0)", held);
	return 0;
}

static int place_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);

/* 16.3: the cities the British hold, into out; their count. */
static int british_cities(const struct tq_play *p, int *out)
{
	int n = 0;
	for (int a = 0; a < p->d->nareas; a++)
		if (p->d->areas[a].city && tq_turn_controls(p->s, a, TQ_BRITISH))
			out[n++] = a;
	return n;
}

static void captured_at(struct tq_play *p, int a, int n)
{
	p->s->area[a].side[TQ_BRITISH].field.captured += (short)n;
	tq_tell(p, "The Commissary of Sequestered Estates: %d captured baggage trains at %s "
		"(16.3)", n, p->d->areas[a].id);
}

void tq_place_sequestered(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int british_sp[TQ_MAX_AREAS], cities[TQ_MAX_AREAS], n, nc;
	bool continentals[TQ_MAX_AREAS];
	if (!(s->options & TQ_OPTION_SEQUESTERED))
		return;
	for (int a = 0; a < p->d->nareas; a++) {
		british_sp[a] = tq_side_sp(s, a, TQ_BRITISH);
		continentals[a] = tq_side_sp(s, a, TQ_CONTINENTAL) > 0;
	}
	n = tq_sequestered_trains(p->d, s->month, british_sp, continentals);
	nc = british_cities(p, cities);
	if (!n || !nc)
		return;
	if (nc == 1 || !tq_place_hold(p, TQ_BRITISH, TQ_PLACE_SEQUESTERED)) {
		captured_at(p, cities[0], n);
		return;
	}
	s->side[TQ_BRITISH].placing_captured = (short)n;
	tq_ask(s, TQ_ASK_MILITIA, TQ_BRITISH);
}

/* 16.3's answer: "place 1 train at S11", or "done" to place none ("may"). */
static int sequestered_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_side_state *ss = &p->s->side[side];
	int n = ss->placing_captured;
	if (o->kind == TQ_PLACE && (o->at < 0 || o->trains != n || tq_sps_total(&o->sps) ||
				    o->nleaders || !p->d->areas[o->at].city ||
				    !tq_turn_controls(p->s, o->at, TQ_BRITISH)))
		return wj_why(p->why, p->whylen, "place the %d captured trains at British-held "
			      "Charlestown or Savannah: \"place %d trains at S11\", or \"done\" "
			      "(16.3)", n, n);
	if (o->kind != TQ_PLACE && o->kind != TQ_DONE)
		return wj_why(p->why, p->whylen, "\"place %d trains at S11\" or \"done\" (16.3)", n);
	if (o->kind == TQ_PLACE)
		captured_at(p, o->at, n);
	ss->placing_captured = 0;
	ss->place_rule = 0;
	tq_turn_side_done(p->s, side);
	return 0;
}

int tq_place_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (p->s->side[side].place_rule == TQ_PLACE_SEQUESTERED)
		return sequestered_answer(p, side, o);
	return place_answer(p, side, o);
}

static int place_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_side_state *ss = &s->side[side];
	struct tq_sps x = ss->placing;

	if (o->kind != TQ_PLACE || o->at < 0)
		return wj_why(p->why, p->whylen, "place the reinforcements: \"place %d regulars, ... "
			      "at V1\": %s", tq_sps_total(&x), rule_words(ss->place_rule));
	if (!may_go(p->d, s, side, ss->place_rule, o->at))
		return wj_why(p->why, p->whylen, "%s is not %s free of the enemy's forces",
			      p->d->areas[o->at].id, rule_words(ss->place_rule));
	if (!tq_sps_take(&x, &o->sps) || tq_sps_total(&x))
		return wj_why(p->why, p->whylen, "the %d SP arrived are placed together, all at once "
			      "(14.1.1, 18.0)", tq_sps_total(&ss->placing));
	if (leaders_check(p, side, o))
		return -1;
	tq_sps_add(&s->area[o->at].side[side].ready, &ss->placing, 1);
	tq_capture_unguarded(p, o->at, side);
	for (int i = 0; i < o->nleaders; i++)
		s->leader[o->leaders[i]] = (struct tq_leader_state){
			.where = TQ_ON_MAP, .area = o->at, .c_in_c = p->d->leaders[o->leaders[i]].c_in_c };
	tq_c_in_c_ends(p);
	s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, s, side);
	if (ss->placing.french_regulars || ss->placing.french_cavalry)
		tq_place_french(p);
	tq_tell(p, "The %s place %d SP and %d leaders at %s (6.2, 18.0)", p->d->side_name[side],
		tq_sps_total(&ss->placing), o->nleaders, p->d->areas[o->at].id);
	ss->placing = (struct tq_sps){ 0 };
	ss->place_rule = 0;
	tq_turn_side_done(s, side);
	return 0;
}
