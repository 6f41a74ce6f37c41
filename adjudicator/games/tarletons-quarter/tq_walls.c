/* Tarleton's Quarter!'s walls in an endeavour (seed 001, 4.2.3-4.3,
 * 5.4.4 a, 15.2): a force entering an area with the enemy's fort or city
 * needs the odds to enter (4.2.3); the defender chooses who stands
 * outside (4.2.4); a battle is fought with those outside (4.2.5, in
 * tq_battle.c); then, the field won, the attacker lays siege if he keeps
 * the odds (4.3) or leaves. Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include "buf.h"
#include "tq_combat.h"
#include "tq_endeavor.h"

static struct tq_endeavor *endeavor(struct tq_play *p)
{
	return &p->s->hidden.endeavor;
}

static enum tq_side mover(struct tq_play *p)
{
	return (enum tq_side)endeavor(p)->side;
}

/* 4.0, 4.9: the side's fort, or a city (a settlement while in disrepair). */
static bool has_walls(struct tq_play *p, int area, enum tq_side side, bool *fort)
{
	const struct tq_area_state *a = &p->s->area[area];
	*fort = a->fort == TQ_FORT && a->fort_side == (short)side;
	return *fort || (p->d->areas[area].city && !p->s->disrepair);
}

static int garrison(struct tq_play *p, int area, enum tq_side side)
{
	struct tq_sps x = tq_field_sps(p->s, area, side);
	return tq_sps_total(&x) + tq_sps_total(&p->s->area[area].side[side].walls);
}

bool tq_walls_may_enter(struct tq_play *p, int area, int force_sp, char *reason, size_t len)
{
	struct tq_combat_numbers n;
	enum tq_side def = tq_other(mover(p));
	bool fort;
	int g = garrison(p, area, def);
	if (!has_walls(p, area, def, &fort) || !g || tq_combat_numbers(p->d, &n, NULL, 0))
		return true;
	if (tq_walls_odds(&n, force_sp, g, fort))
		return true;
	snprintf(reason, len, "%d SPs have not the %d-1 odds to enter %s, a garrisoned %s of %d "
		 "SPs (4.2.3)", force_sp, fort ? n.enter_odds_fort : n.enter_odds_city,
		 p->d->areas[area].id, fort ? "fort" : "city", g);
	return false;
}

/* ---- 4.2.4 who stands outside ---- */

static int capacity(struct tq_play *p, bool fort)
{
	int v = 0;
	if (!fort || !tq_number(p->d, "forts_and_sieges", "fort_capacity_sp", &v))
		return -1; /* 4.2.2: a city holds any number */
	return v;
}

/* The order's outside (all: everything) against what the defender has:
 * the SPs left inside within the walls' room. */
static bool outside_usable(struct tq_play *p, const struct tq_order *o)
{
	enum tq_side def = tq_other(mover(p));
	int at = endeavor(p)->at, room;
	struct tq_sps in = tq_field_sps(p->s, at, def);
	bool fort;
	if (o->kind != TQ_OUTSIDE)
		return false;
	if (o->all)
		return true;
	tq_sps_add(&in, &o->sps, -1);
	if (in.regulars < 0 || in.cavalry < 0 || in.loyalists < 0 || in.french_regulars < 0 ||
	    in.french_cavalry < 0 || o->trains < 0 ||
	    o->trains > p->s->area[at].side[def].field.trains)
		return false;
	for (int c = 0; c < TQ_COLONIES; c++)
		if (in.militia[c] < 0)
			return false;
	for (int i = 0; i < o->nleaders; i++) {
		int l = o->leaders[i];
		if (l < 0 || l >= p->d->nleaders || p->d->leaders[l].side != def ||
		    p->s->leader[l].where != TQ_ON_MAP || p->s->leader[l].area != at)
			return false;
	}
	has_walls(p, at, def, &fort);
	room = capacity(p, fort);
	return room < 0 || tq_sps_total(&in) + tq_sps_total(&p->s->area[at].side[def].walls) <= room;
}

/* One kind: keep up to *out of the pool outside, the rest within. */
static void keep_kind(short *pool, short *walls, short *out)
{
	short keep = *pool < *out ? *pool : *out;
	*walls = (short)(*walls + *pool - keep);
	*pool = keep;
	*out = (short)(*out - keep);
}

/* The SPs named stay outside (ready ones first), the rest go within. */
static void keep_outside(struct tq_presence *pr, struct tq_sps out)
{
	struct tq_sps *pools[] = { &pr->ready, &pr->moved }, *w = &pr->walls;
	for (int i = 0; i < 2; i++) {
		struct tq_sps *x = pools[i];
		keep_kind(&x->regulars, &w->regulars, &out.regulars);
		keep_kind(&x->cavalry, &w->cavalry, &out.cavalry);
		keep_kind(&x->loyalists, &w->loyalists, &out.loyalists);
		keep_kind(&x->french_regulars, &w->french_regulars, &out.french_regulars);
		keep_kind(&x->french_cavalry, &w->french_cavalry, &out.french_cavalry);
		for (int c = 0; c < TQ_COLONIES; c++)
			keep_kind(&x->militia[c], &w->militia[c], &out.militia[c]);
	}
}

static bool named(const struct tq_order *o, int leader)
{
	for (int j = 0; j < o->nleaders; j++)
		if (o->leaders[j] == leader)
			return true;
	return false;
}

static void within_walls(struct tq_play *p, const struct tq_order *o)
{
	enum tq_side def = tq_other(mover(p));
	int at = endeavor(p)->at;
	struct tq_presence *pr = &p->s->area[at].side[def];
	short ls[TQ_MAX_LEADERS];
	int n = tq_leaders_in(p->d, p->s, at, def, ls, TQ_MAX_LEADERS), in_leaders = 0;
	int before = tq_sps_total(&pr->walls);
	if (!o->all) {
		keep_outside(pr, o->sps);
		pr->inside.trains = (short)(pr->inside.trains + pr->field.trains - o->trains);
		pr->field.trains = o->trains;
		if (pr->field.trains_moved > pr->field.trains)
			pr->field.trains_moved = pr->field.trains;
		for (int i = 0; i < n; i++)
			if (!named(o, ls[i])) {
				p->s->leader[ls[i]].walls = true;
				in_leaders++;
			}
	}
	tq_tell(p, "The %s put %d SPs and %d leaders within the walls of %s (4.2.4)",
		p->d->side_name[def], tq_sps_total(&pr->walls) - before, in_leaders,
		p->d->areas[at].id);
	endeavor(p)->stage = TQ_STAGE_RETREAT_BEFORE;
}

int tq_walls_stage(struct tq_play *p)
{
	enum tq_side def = tq_other(mover(p));
	struct tq_order o;
	if (tq_standing_answer(p, def, TQ_ASK_WALLS, outside_usable, &o))
		within_walls(p, &o);
	else
		tq_ask(p->s, TQ_ASK_WALLS, def);
	return 0;
}

bool tq_walls_entered(struct tq_play *p, int area)
{
	bool fort;
	enum tq_side def = tq_other(mover(p));
	return has_walls(p, area, def, &fort) && garrison(p, area, def) > 0;
}

/* ---- no battle: nobody outside (15.2, 5.4.4 a) ---- */

void tq_undefended(struct tq_play *p)
{
	enum tq_side def = tq_other(mover(p));
	int at = endeavor(p)->at;
	struct tq_presence *pr = &p->s->area[at].side[def];
	short ls[TQ_MAX_LEADERS];
	int n = tq_leaders_in(p->d, p->s, at, def, ls, TQ_MAX_LEADERS);
	for (int i = 0; i < n; i++)
		if (tq_leader_lost(p, ls[i], TQ_POW)) /* 15.2 */
			endeavor(p)->pending = (short)def;
	if (pr->field.trains + pr->field.captured) {
		int t = pr->field.trains + pr->field.captured;
		p->s->side[def].expended = (short)(p->s->side[def].expended + pr->field.trains);
		p->s->area[at].side[mover(p)].field.captured =
			(short)(p->s->area[at].side[mover(p)].field.captured + t);
		pr->field.trains = pr->field.captured = pr->field.trains_moved = 0;
		tq_tell(p, "%d %s baggage trains in %s are captured (5.4.4 a)", t,
			p->d->side_name[def], p->d->areas[at].id);
	}
	tq_capture_unguarded(p, at, mover(p)); /* magazines and the Base (5.4.4 b, c) */
	if (endeavor(p)->pending) {
		endeavor(p)->loser = (short)def;
		endeavor(p)->stage = TQ_STAGE_C_IN_C;
		return;
	}
	tq_after_battle(p);
}

/* ---- 4.3 the siege ---- */

void tq_after_battle(struct tq_play *p)
{
	int at = endeavor(p)->at;
	bool fort;
	enum tq_side def = tq_other(mover(p));
	bool mover_here = tq_forces_in(p->d, p->s, at, mover(p));
	endeavor(p)->stage = mover_here && has_walls(p, at, def, &fort) &&
					     tq_sps_total(&p->s->area[at].side[def].walls) > 0
				     ? TQ_STAGE_SIEGE
				     : TQ_STAGE_END;
}

static void leave(struct tq_play *p, const char *why)
{
	tq_tell(p, "The %s do not lay siege to %s (%s): they leave the area (4.3, 9.0)",
		p->d->side_name[mover(p)], p->d->areas[endeavor(p)->at].id, why);
	endeavor(p)->loser = (short)mover(p);
	endeavor(p)->stage = TQ_STAGE_RETREAT;
}

static void lay_siege(struct tq_play *p, bool yes)
{
	int at = endeavor(p)->at;
	if (!yes) {
		leave(p, "their choice");
		return;
	}
	p->s->area[at].siege = 1;
	p->s->area[at].besieger = (short)mover(p);
	tq_tell(p, "The %s lay siege to %s: Siege Level 1 (4.3.1)", p->d->side_name[mover(p)],
		p->d->areas[at].id);
	endeavor(p)->stage = TQ_STAGE_END;
}

static bool siege_usable(struct tq_play *p, const struct tq_order *o)
{
	(void)p;
	return o->kind == TQ_YES || o->kind == TQ_NO;
}

int tq_siege_stage(struct tq_play *p)
{
	struct tq_combat_numbers n;
	struct tq_order o;
	int at = endeavor(p)->at;
	enum tq_side def = tq_other(mover(p));
	bool fort;
	if (tq_combat_numbers(p->d, &n, p->why, p->whylen))
		return -1;
	has_walls(p, at, def, &fort);
	struct tq_sps mine = tq_field_sps(p->s, at, mover(p));
	if (!tq_walls_odds(&n, tq_sps_total(&mine), tq_sps_total(&p->s->area[at].side[def].walls),
			   fort)) {
		leave(p, "without the odds, 4.2.3");
		return 0;
	}
	if (tq_standing_answer(p, mover(p), TQ_ASK_SIEGE, siege_usable, &o))
		lay_siege(p, o.kind == TQ_YES);
	else
		tq_ask(p->s, TQ_ASK_SIEGE, mover(p));
	return 0;
}

int tq_walls_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (p->s->question == TQ_ASK_WALLS) {
		if (!outside_usable(p, o))
			return wj_why(p->why, p->whylen, "the %s must answer: outside SPS, LEADERS "
				      "(those standing outside; the rest within the walls, a fort "
				      "holding %d SPs), or outside all (4.2.1, 4.2.4)",
				      p->d->side_name[side], capacity(p, true));
		tq_answered(p->s);
		within_walls(p, o);
		return 0;
	}
	if (!siege_usable(p, o))
		return wj_why(p->why, p->whylen, "the %s must answer: siege, or no (4.3)",
			      p->d->side_name[side]);
	tq_answered(p->s);
	lay_siege(p, o->kind == TQ_YES);
	return 0;
}

void tq_walls_open(struct tq_play *p, int area)
{
	struct tq_area_state *a = &p->s->area[area];
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		struct tq_presence *pr = &a->side[side];
		if (a->siege || (!tq_sps_total(&pr->walls) && !pr->inside.trains))
			continue;
		tq_sps_add(&pr->ready, &pr->walls, 1);
		pr->walls = (struct tq_sps){ 0 };
		pr->field.trains = (short)(pr->field.trains + pr->inside.trains);
		pr->inside.trains = 0;
		for (int l = 0; l < p->d->nleaders; l++)
			if (p->s->leader[l].where == TQ_ON_MAP && p->s->leader[l].area == area)
				p->s->leader[l].walls = false;
	}
}

/* 4.4.2-4.4.4, 4.6: at the end of an endeavour, a siege whose besiegers
 * are gone is broken (its marker removed, the garrison out); besiegers
 * without the odds must retreat (then the siege is broken). True when a
 * retreat is to be made first (the endeavour's stage is set for it). */
bool tq_sieges_hold(struct tq_play *p)
{
	struct tq_combat_numbers n;
	if (tq_combat_numbers(p->d, &n, NULL, 0))
		return false;
	for (int a = 0; a < p->d->nareas; a++) {
		struct tq_area_state *as = &p->s->area[a];
		if (!as->siege)
			continue;
		enum tq_side b = (enum tq_side)as->besieger, g = tq_other(b);
		struct tq_sps mine = tq_field_sps(p->s, a, b);
		int besiegers = tq_sps_total(&mine), garrison = tq_sps_total(&as->side[g].walls);
		bool fort;
		has_walls(p, a, g, &fort);
		if (garrison && besiegers && tq_walls_odds(&n, besiegers, garrison, fort))
			continue;
		if (garrison && besiegers) {
			tq_tell(p, "The %s besieging %s have not the odds: they retreat (4.4.3, 4.6)",
				p->d->side_name[b], p->d->areas[a].id);
			endeavor(p)->at = (short)a;
			endeavor(p)->loser = (short)b;
			endeavor(p)->stage = TQ_STAGE_RETREAT;
			return true;
		}
		as->siege = 0;
		as->besieger = TQ_NOBODY;
		tq_tell(p, "The siege of %s is over (4.4.2, 4.4.4, 4.5.1, 4.6)", p->d->areas[a].id);
		tq_walls_open(p, a);
	}
	return false;
}

/* 4.2.5: "the defending player may retreat his force into the city or
 * fort if there is room": the loser is the defender, the walls his, and
 * all his SPs there fit within them. */
bool tq_walls_room(struct tq_play *p, enum tq_side loser, int area)
{
	bool fort;
	if (loser == mover(p) || !has_walls(p, area, loser, &fort))
		return false;
	int room = capacity(p, fort);
	return room < 0 || garrison(p, area, loser) <= room;
}

/* 4.2.5: the loser's force goes within the walls. */
void tq_walls_retreat(struct tq_play *p, enum tq_side loser, int area)
{
	struct tq_presence *pr = &p->s->area[area].side[loser];
	short ls[TQ_MAX_LEADERS];
	int n = tq_leaders_in(p->d, p->s, area, loser, ls, TQ_MAX_LEADERS);
	keep_outside(pr, (struct tq_sps){ 0 });
	pr->inside.trains = (short)(pr->inside.trains + pr->field.trains);
	pr->field.trains = pr->field.trains_moved = 0;
	for (int i = 0; i < n; i++)
		p->s->leader[ls[i]].walls = true;
	tq_tell(p, "The %s retreat within the walls of %s (4.2.5)", p->d->side_name[loser],
		p->d->areas[area].id);
}
