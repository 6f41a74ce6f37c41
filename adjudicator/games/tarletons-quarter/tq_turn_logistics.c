/* Tarleton's Quarter!'s Logistics and Engineering Phase (seed 001, 3.0
 * D): the Base of Operations removed or placed back (7.1), baggage trains
 * and magazines converted (7.2), the British "build" markers flipped to
 * forts (4.1.1, 4.1.3) and new ones placed (4.1.2), forts eliminated
 * (4.8). Both sides are asked at once (TQ_ASK_LOGISTICS) until each says
 * "done". Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include "buf.h"
#include "tq_turn.h"

enum { D_FLIP, D_ASK, D_END };

static int british_regulars(const struct tq_state *s, int a)
{
	const struct tq_presence *pr = &s->area[a].side[TQ_BRITISH];
	return pr->ready.regulars + pr->moved.regulars + pr->walls.regulars;
}

static int number(const struct tq_data *d, const char *key)
{
	int v = 0;
	tq_number(d, "forts_and_sieges", key, &v);
	return v;
}

/* 4.1.1, 4.1.3: a build marker becomes a fort where at least 3 SPs of
 * British regulars still stand under it; else it is removed (4.1.4). */
static void flip_builds(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int keep = number(p->d, "build_keep_regulars");
	for (int a = 0; a < p->d->nareas; a++) {
		struct tq_area_state *as = &s->area[a];
		if (as->fort != TQ_BUILDING)
			continue;
		if (british_regulars(s, a) >= keep) {
			as->fort = TQ_FORT;
			as->fort_side = TQ_BRITISH;
			tq_tell(p, "The fort at %s is finished (4.1.1)", p->d->areas[a].id);
		} else {
			as->fort = TQ_NO_FORT;
			tq_tell(p, "The build marker at %s is removed: fewer than %d SPs of British "
				"regulars (4.1.3)", p->d->areas[a].id, keep);
		}
	}
}

/* ---- 7.1: the Base of Operations ---- */

static void base_off(struct tq_play *p, enum tq_side side)
{
	struct tq_side_state *ss = &p->s->side[side];
	if (ss->base >= 0)
		p->s->area[ss->base].base[side] = false;
	tq_tell(p, "The %s remove their Base of Operations from %s (7.1.1)",
		p->d->side_name[side], ss->base >= 0 ? p->d->areas[ss->base].id : "the At Sea box");
	ss->base = -1;
	ss->base_at_sea = false;
	ss->base_moved = true;
}

/* 7.1.3, 7.1.4: where the side may place it. */
static int base_place_check(struct tq_play *p, enum tq_side side, int a)
{
	const struct tq_area *ar = &p->d->areas[a];
	const struct tq_state *s = p->s;
	if (side == TQ_BRITISH && !(ar->port && tq_turn_controls(s, a, TQ_BRITISH)))
		return wj_why(p->why, p->whylen, "the British place their base at a port area they "
			      "control (7.1.3): not %s", ar->id);
	if (side == TQ_CONTINENTAL &&
	    (!tq_colony_named(p->d, "continental_base_colonies", ar->colony) || !ar->settlement ||
	     tq_turn_controls(s, a, TQ_BRITISH)))
		return wj_why(p->why, p->whylen, "the Continentals place their base at a settlement "
			      "in Virginia not controlled by the British (7.1.4): not %s", ar->id);
	return 0;
}

static int base(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_side_state *ss = &s->side[side];
	bool on = ss->base >= 0 || ss->base_at_sea;

	if (side == TQ_BRITISH && s->french_on_map)
		return wj_why(p->why, p->whylen, "the French Field Force is on the board: the "
			      "British base may be neither removed nor placed (10.5.11)");
	if (on && (o->at < 0 || o->at == ss->base)) {
		base_off(p, side);
		return 0;
	}
	if (on)
		return wj_why(p->why, p->whylen, "the base is removed first (\"base at %s\") and "
			      "placed back the following turn (7.1.1, 7.1.2)",
			      ss->base >= 0 ? p->d->areas[ss->base].id : "its area");
	if (ss->base_moved)
		return wj_why(p->why, p->whylen, "the base removed this turn is placed back the "
			      "following turn (7.1.2)");
	if (o->at < 0)
		return wj_why(p->why, p->whylen, "say where: \"base at S11\" (7.1)");
	if (base_place_check(p, side, o->at))
		return -1;
	ss->base = o->at;
	s->area[o->at].base[side] = true;
	tq_tell(p, "The %s place their Base of Operations at %s (7.1.2)", p->d->side_name[side],
		p->d->areas[o->at].id);
	return 0;
}

/* ---- 7.2: conversions ---- */

/* The side's supply where its SPs are: the walls when besieged. */
static struct tq_supply *supply_of(struct tq_state *s, int a, enum tq_side side, bool walls)
{
	return walls ? &s->area[a].side[side].inside : &s->area[a].side[side].field;
}

static int convert(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	int a = o->at, n = o->trains > 0 ? o->trains : 1;
	bool walls = s->area[a].siege && s->area[a].besieger != (short)side;
	struct tq_supply *sup = supply_of(s, a, side, walls), *mag = &s->area[a].side[side].inside;

	if (o->build == TQ_BUILD_MAGAZINE) {
		/* 5.4.4 a: captured trains "may not be used to create magazines" */
		if (sup->trains < n)
			return wj_why(p->why, p->whylen, "no %d %s baggage trains (not captured) at %s "
				      "(7.2)", n, p->d->side_name[side], p->d->areas[a].id);
		sup->trains = (short)(sup->trains - n);
		mag->magazines = (short)(mag->magazines + n);
	} else {
		if (mag->magazines < n)
			return wj_why(p->why, p->whylen, "no %d %s magazines at %s (7.2)", n,
				      p->d->side_name[side], p->d->areas[a].id);
		mag->magazines = (short)(mag->magazines - n);
		sup->trains = (short)(sup->trains + n);
	}
	tq_tell(p, "The %s convert %d %s at %s (7.2)", p->d->side_name[side], n,
		o->build == TQ_BUILD_MAGAZINE ? "baggage trains to magazines"
					      : "magazines to baggage trains", p->d->areas[a].id);
	return 0;
}

/* ---- 4.1.2: build markers; 4.8: forts eliminated ---- */

static bool engineer_in(const struct tq_data *d, const struct tq_state *s, int a)
{
	for (int l = 0; l < d->nleaders; l++)
		if (d->leaders[l].side == TQ_BRITISH && d->leaders[l].counter.engineer &&
		    s->leader[l].where == TQ_ON_MAP && s->leader[l].area == a)
			return true;
	return false;
}

static int build_fort(struct tq_play *p, enum tq_side side, int a)
{
	struct tq_state *s = p->s;
	int regulars = british_regulars(s, a);
	bool city = p->d->areas[a].city && !s->disrepair;   /* 4.9 */

	if (side != TQ_BRITISH)
		return wj_why(p->why, p->whylen, "only the British can build forts (4.1.5)");
	if (city || s->area[a].fort != TQ_NO_FORT)
		return wj_why(p->why, p->whylen, "a fort is built in a non-city area without one "
			      "(4.1.2): not %s", p->d->areas[a].id);
	if (regulars < number(p->d, "build_regulars") &&
	    !(regulars >= number(p->d, "build_or_regulars_with_engineer") &&
	      engineer_in(p->d, s, a)))
		return wj_why(p->why, p->whylen, "a build marker needs 5 SPs of British regulars, "
			      "or 3 and a leader with engineering ability (4.1.2): %s has %d",
			      p->d->areas[a].id, regulars);
	s->area[a].fort = TQ_BUILDING;
	s->area[a].fort_side = TQ_BRITISH;
	tq_tell(p, "The British start a fort at %s (4.1.2)", p->d->areas[a].id);
	return 0;
}

/* 4.8: "destroy fort at S5" (TQ_DESTROY with nothing else): the side
 * controls the area with at least 1 SP there. */
static int eliminate_fort(struct tq_play *p, enum tq_side side, int a)
{
	struct tq_area_state *as = &p->s->area[a];
	if (as->fort == TQ_NO_FORT)
		return wj_why(p->why, p->whylen, "no fort at %s (4.8)", p->d->areas[a].id);
	if (!tq_turn_controls(p->s, a, side))
		return wj_why(p->why, p->whylen, "a fort is eliminated by the side in control of its "
			      "area with at least 1 SP there (4.8)");
	as->fort = TQ_NO_FORT;
	as->fort_side = TQ_NOBODY;
	tq_tell(p, "The %s eliminate the fort at %s (4.8)", p->d->side_name[side],
		p->d->areas[a].id);
	return 0;
}

int tq_logistics_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (o->kind == TQ_DONE) {
		tq_turn_side_done(p->s, side);
		return 0;
	}
	if (o->kind == TQ_BUILD && o->build == TQ_BUILD_BASE)
		return base(p, side, o);
	if (o->at < 0 || (o->kind != TQ_BUILD && o->kind != TQ_DESTROY))
		return wj_why(p->why, p->whylen, "the Logistics and Engineering Phase asks \"base at "
			      "S11\", \"build magazine at S5\", \"build train at S5\", \"build fort "
			      "at S5\", \"destroy fort at S5\" or \"done\" (7.1, 7.2, 4.1, 4.8)");
	if (o->kind == TQ_DESTROY)
		return eliminate_fort(p, side, o->at);
	if (o->build == TQ_BUILD_FORT)
		return build_fort(p, side, o->at);
	return convert(p, side, o);
}

int tq_logistics_run(struct tq_play *p)
{
	struct tq_state *s = p->s;
	if (s->first_turn) {                     /* 17.1.3 A: skipped entirely */
		tq_turn_phase(p, TQ_ENDEAVORS);
		return 0;
	}
	switch (s->step) {
	case D_FLIP:
		/* the markers already on the board, before any new one
		 * (4.1.1, 4.1.2): flipped first */
		flip_builds(p);
		break;
	case D_ASK:
		tq_ask(s, TQ_ASK_LOGISTICS, TQ_BRITISH);
		tq_ask_also(s, TQ_CONTINENTAL);
		tq_turn_standing(p, TQ_ASK_LOGISTICS);
		break;
	default:
		tq_turn_phase(p, TQ_ENDEAVORS);
		return 0;
	}
	s->step++;
	return 0;
}
