/* Tarleton's Quarter!'s other endeavours (seed 001): a baggage train
 * alone (8.2), the Royal Governor placed (13.1.1), Loyalist militia
 * recruited (12.1, 12.2), and British sea movement, embarking and
 * landing (10.5). None activates a leader nor rolls a random event; the
 * landing may meet the enemy, and its battle is the endeavour's
 * (tq_battle.c). Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include "buf.h"
#include "tq_combat.h"
#include "tq_endeavor.h"
#include "tq_logistics.h"

static void done(struct tq_play *p, enum tq_side side)
{
	tq_turn_endeavor_done(p, side, false);
}

/* 2.0 "Control": the side's forces there and no enemy's, within the
 * walls included. */
static bool controls(const struct tq_data *d, const struct tq_state *s, int area, enum tq_side side)
{
	enum tq_side other = tq_other(side);
	return (tq_forces_in(d, s, area, side) || tq_sps_total(&s->area[area].side[side].walls)) &&
	       !tq_forces_in(d, s, area, other) && !tq_sps_total(&s->area[area].side[other].walls);
}

static bool british_only(struct tq_play *p, enum tq_side side, const char *what)
{
	if (side == TQ_BRITISH)
		return true;
	wj_why(p->why, p->whylen, "%s is a British endeavour (8.0)", what);
	return false;
}

/* ---- 8.2 a baggage train alone ---- */

static int train_path(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	struct tq_movers m = { .side = side };
	int path[TQ_MAX_PATH], spent, failed;
	char reason[200];
	m.count[TQ_BAGGAGE_TRAIN] = 1;
	for (int i = 0; i < o->npath; i++) {
		path[i] = o->path[i];
		if (tq_forces_in(d, p->s, path[i], tq_other(side)))
			return wj_why(p->why, p->whylen, "the enemy is in %s: a baggage train alone "
				      "does not enter it (8.2, 10.3)", d->areas[path[i]].id);
	}
	if (tq_path(d, &m, p->s->weather, o->at, path, o->npath, tq_force_mp(d, &m, p->s->weather),
		    &spent, &failed, reason, sizeof reason))
		return wj_why(p->why, p->whylen, "the train's path cannot be moved (10.1): %s",
			      reason);
	return 0;
}

static int train_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	if (o->at < 0 || o->at >= d->nareas || !o->npath)
		return wj_why(p->why, p->whylen, "write train at AREA; move AREA - AREA (8.2)");
	struct tq_supply *f = &p->s->area[o->at].side[side].field;
	if (f->trains - f->trains_moved < 1)
		return wj_why(p->why, p->whylen, "no unmoved %s baggage train in %s (8.2)",
			      d->side_name[side], d->areas[o->at].id);
	if (train_path(p, side, o))
		return -1;
	int to = o->path[o->npath - 1];
	struct tq_supply *t = &p->s->area[to].side[side].field;
	tq_answered(p->s);
	f->trains--;
	t->trains++, t->trains_moved++;
	for (int i = 0; i < o->npath; i++)
		tq_tell(p, "A %s baggage train moves into %s (8.2)", d->side_name[side],
			d->areas[o->path[i]].id);
	done(p, side);
	return 0;
}

/* ---- 13.1.1 the Royal Governor ---- */

/* The colony's capital (13.1): the data's, stated or implied; -1 none. */
static int capital_of(const struct tq_data *d, enum tq_colony colony)
{
	for (int a = 0; a < d->nareas; a++)
		if (d->areas[a].colony == colony && (d->areas[a].capital || d->areas[a].capital_implied))
			return a;
	return -1;
}

static int governor_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	if (!british_only(p, side, "placing the Royal Governor"))
		return -1;
	if (o->governor < 0 || o->governor >= d->ngovernors)
		return wj_why(p->why, p->whylen, "write governor NAME (13.1.1)");
	const struct tq_governor *g = &d->governors[o->governor];
	int cap = capital_of(d, g->colony);
	if (p->s->governor_area[o->governor] >= 0)
		return wj_why(p->why, p->whylen, "%s is on the board already (13.1.1)", g->name);
	if (cap < 0)
		return wj_why(p->why, p->whylen, "the seed names no capital of %s, where %s would "
			      "be placed (13.1)", d->colony_name[g->colony], g->name);
	if (!controls(d, p->s, cap, TQ_BRITISH))
		return wj_why(p->why, p->whylen, "the British do not control %s, the capital of %s "
			      "(13.1)", d->areas[cap].id, d->colony_name[g->colony]);
	tq_answered(p->s);
	p->s->governor_area[o->governor] = (short)cap;
	p->s->area[cap].governor = o->governor;
	tq_tell(p, "Royal Governor %s is placed in %s (13.1.1)", g->name, d->areas[cap].id);
	done(p, side);
	return 0;
}

/* ---- 12.1, 12.2 Loyalist recruitment ---- */

static bool governor_of(const struct tq_data *d, const struct tq_state *s,
			enum tq_colony colony)
{
	for (int g = 0; g < d->ngovernors; g++)
		if (d->governors[g].colony == colony && s->governor_area[g] >= 0)
			return true;
	return false;
}

static int recruits(struct tq_play *p, int leader, int area)
{
	const struct tq_data *d = p->d;
	enum tq_colony colony = d->areas[area].colony;
	int cap = capital_of(d, colony), v = 0;
	struct tq_recruit r = {
		.month = p->s->month,
		.colony = colony,
		.mobilizer = tq_number(d, "mobilizers", d->leaders[leader].name, &v) && v,
		.capital_british = cap >= 0 && controls(d, p->s, cap, TQ_BRITISH),
		.governor_placed = governor_of(d, p->s, colony),
		.major_victory = p->s->major_victory,
		.capped_raised = p->s->georgia_loyalists,
		.russia_merchant = p->s->options & TQ_OPTION_RUSSIA_MERCHANT,
	};
	return tq_loyalist_recruits(d, &r);
}

static int recruit_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	bool continentals[TQ_MAX_AREAS];
	if (!british_only(p, side, "Loyalist recruitment"))
		return -1;
	if (o->leader < 0 || o->leader >= d->nleaders || d->leaders[o->leader].side != TQ_BRITISH)
		return wj_why(p->why, p->whylen, "write recruit NAME, a British leader (12.1)");
	const struct tq_leader_state *ls = &p->s->leader[o->leader];
	const char *name = d->leaders[o->leader].name;
	if (ls->where != TQ_ON_MAP || ls->walls || ls->moved)
		return wj_why(p->why, p->whylen, "%s is not on the map, free and unmoved", name);
	for (int a = 0; a < d->nareas; a++)
		continentals[a] = tq_forces_in(d, p->s, a, TQ_CONTINENTAL) ||
				  tq_sps_total(&p->s->area[a].side[TQ_CONTINENTAL].walls);
	if (!tq_may_recruit_in(d, ls->area, continentals))
		return wj_why(p->why, p->whylen, "%s may not recruit in %s: a settlement or city "
			      "outside Virginia, with no Continental force in it or next to it "
			      "(12.1, 12.2.1)", name, d->areas[ls->area].id);
	int n = recruits(p, o->leader, ls->area);
	if (n < 1)
		return wj_why(p->why, p->whylen, "no Loyalist militia may be recruited by %s in %s "
			      "now (12.2.1)", name, d->areas[ls->area].id);
	tq_answered(p->s);
	p->s->area[ls->area].side[TQ_BRITISH].ready.loyalists += (short)n;
	int cap;
	if (tq_loyalist_monthly_cap(d, d->areas[ls->area].colony, &cap)) /* 12.2.1 */
		p->s->georgia_loyalists = (short)(p->s->georgia_loyalists + n);
	p->s->leader[o->leader].moved = true;
	tq_tell(p, "%s recruits %d SPs of Loyalist militia in %s (12.1, 12.2)", name, n,
		d->areas[ls->area].id);
	done(p, side);
	return 0;
}

/* ---- 10.5 sea movement ---- */

static bool anyone_at_sea(const struct tq_data *d, const struct tq_state *s)
{
	if (tq_sps_total(&s->at_sea) || s->at_sea_trains)
		return true;
	for (int l = 0; l < d->nleaders; l++)
		if (d->leaders[l].side == TQ_BRITISH && s->leader[l].where == TQ_AT_SEA_BOX)
			return true;
	return false;
}

/* One kind cut to what the dice leave. */
static short cut(short want, int *left)
{
	short n = want < *left ? want : (short)*left;
	*left -= n;
	return n;
}

/* "embark at S13 with all": every unmoved British SP and train there,
 * and every unmoved leader free of the walls. */
static struct tq_order embarking(const struct tq_play *p, const struct tq_order *o)
{
	struct tq_order e = *o;
	if (!o->all || o->at < 0 || o->at >= p->d->nareas)
		return e;
	const struct tq_presence *pr = &p->s->area[o->at].side[TQ_BRITISH];
	e.sps = pr->ready;
	e.trains = (short)(pr->field.trains - pr->field.trains_moved);
	e.nleaders = 0;
	for (int l = 0; l < p->d->nleaders && e.nleaders < TQ_MAX_GROUP; l++) {
		const struct tq_leader_state *ls = &p->s->leader[l];
		if (p->d->leaders[l].side == TQ_BRITISH && ls->where == TQ_ON_MAP &&
		    ls->area == o->at && !ls->walls && !ls->moved)
			e.leaders[e.nleaders++] = (short)l;
	}
	return e;
}

static int embark_check(struct tq_play *p, const struct tq_order *o, int *trains_sp)
{
	const struct tq_data *d = p->d;
	const struct tq_presence *pr;
	if (o->at < 0 || o->at >= d->nareas)
		return wj_why(p->why, p->whylen, "write embark at AREA with FORCE (10.5)");
	pr = &p->s->area[o->at].side[TQ_BRITISH];
	struct tq_sps have = pr->ready;
	tq_sps_add(&have, &o->sps, -1);
	if (have.regulars < 0 || have.cavalry < 0 || have.loyalists < 0 || o->trains < 0 ||
	    o->trains > pr->field.trains - pr->field.trains_moved)
		return wj_why(p->why, p->whylen, "there are not so many unmoved British SPs and "
			      "trains in %s", d->areas[o->at].id);
	for (int i = 0; i < o->nleaders; i++) {
		int l = o->leaders[i];
		if (l < 0 || l >= d->nleaders || d->leaders[l].side != TQ_BRITISH ||
		    p->s->leader[l].where != TQ_ON_MAP || p->s->leader[l].area != o->at ||
		    p->s->leader[l].walls)
			return wj_why(p->why, p->whylen, "a leader named is not in %s",
				      d->areas[o->at].id);
	}
	tq_number(d, "supply", "sea_baggage_train_counts_sp", trains_sp);
	int load = tq_sps_total(&o->sps) + o->trains * *trains_sp;
	if (!tq_sps_total(&o->sps) && !o->trains && !o->nleaders)
		return wj_why(p->why, p->whylen, "nothing embarks at %s: no unmoved British SP, "
			      "train or leader is named there (10.5.3)", d->areas[o->at].id);
	/* everything but the dice checked before them */
	return tq_embark_check(d, o->at, p->s->french_on_map, anyone_at_sea(d, p->s), load,
			       tq_sps_total(&o->sps), o->trains, 0, p->why, p->whylen);
}

static int embark_begin(struct tq_play *p, enum tq_side side, const struct tq_order *given)
{
	struct tq_state *s = p->s;
	int per_train = 0;
	struct tq_order e = embarking(p, given), *o = &e;
	if (!british_only(p, side, "sea movement") || embark_check(p, o, &per_train))
		return -1;
	tq_answered(s);
	int left = tq_die(p, "Embarking, the first die (10.5.3)");
	left += tq_die(p, "Embarking, the second die (10.5.3)");
	struct tq_presence *pr = &s->area[o->at].side[TQ_BRITISH];
	struct tq_sps go = { 0 };
	go.regulars = cut(o->sps.regulars, &left);
	go.cavalry = cut(o->sps.cavalry, &left);
	go.loyalists = cut(o->sps.loyalists, &left);
	int trains = per_train > 0 ? (o->trains < left / per_train ? o->trains : left / per_train)
				   : o->trains;
	tq_sps_add(&pr->ready, &go, -1);
	tq_sps_add(&s->at_sea, &go, 1);
	pr->field.trains = (short)(pr->field.trains - trains);
	s->at_sea_trains = (short)(s->at_sea_trains + trains);
	s->embarked = s->month;
	for (int i = 0; i < o->nleaders; i++)
		s->leader[o->leaders[i]].where = TQ_AT_SEA_BOX;
	tq_tell(p, "%d SPs, %d baggage trains and %d leaders embark at %s for the At Sea box "
		   "(10.5.3-10.5.6)", tq_sps_total(&go), trains, o->nleaders, p->d->areas[o->at].id);
	done(p, side);
	return 0;
}

/* 10.5.7, 10.5.10: the At Sea box lands; the enemy there is fought. */
static void land_force(struct tq_play *p, int at, struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	struct tq_state *s = p->s;
	struct tq_presence *pr = &s->area[at].side[TQ_BRITISH];
	*en = (struct tq_endeavor){ .active = true, .side = TQ_BRITISH, .at = (short)at,
				    .force = s->at_sea, .by_sea = true, .activated = true };
	tq_trail_begin(s, TQ_BRITISH, at);
	en->supply.trains = s->at_sea_trains;
	tq_sps_add(&pr->moved, &s->at_sea, 1);
	pr->field.trains = (short)(pr->field.trains + s->at_sea_trains);
	pr->field.trains_moved = (short)(pr->field.trains_moved + s->at_sea_trains);
	s->at_sea = (struct tq_sps){ 0 };
	s->at_sea_trains = 0;
	s->embarked = 0;
	for (int l = 0; l < d->nleaders; l++)
		if (d->leaders[l].side == TQ_BRITISH && s->leader[l].where == TQ_AT_SEA_BOX &&
		    en->nleaders < TQ_MAX_GROUP) {
			s->leader[l] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)at,
								 .moved = true, .c_in_c = s->leader[l].c_in_c };
			en->leaders[en->nleaders++] = (short)l;
		}
	en->leader = (short)tq_in_command(d, s, en->leaders, en->nleaders);
}

static int land_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	char reason[200];
	if (!british_only(p, side, "sea movement"))
		return -1;
	if (o->at < 0 || o->at >= d->nareas || !tq_landing_area(d, o->at))
		return wj_why(p->why, p->whylen, "a landing is made at a port with a road "
			      "(10.5.7, 10.5.10)");
	if (!anyone_at_sea(d, p->s))
		return wj_why(p->why, p->whylen, "nobody is in the At Sea box (10.5.7)");
	if (p->s->embarked == p->s->month)
		return wj_why(p->why, p->whylen, "the At Sea box embarked this month: it lands "
			      "the next turn (10.5.7)");
	if (p->s->hidden.endeavor.active)
		return wj_why(p->why, p->whylen, "an endeavour is under way");
	p->s->hidden.endeavor = (struct tq_endeavor){ .side = TQ_BRITISH };
	if (tq_forces_in(d, p->s, o->at, TQ_CONTINENTAL) &&
	    !tq_walls_may_enter(p, o->at, tq_sps_total(&p->s->at_sea), reason, sizeof reason))
		return wj_why(p->why, p->whylen, "%s", reason);
	tq_answered(p->s);
	struct tq_endeavor *en = &p->s->hidden.endeavor;
	land_force(p, o->at, en);
	tq_sailors(p);
	tq_tell(p, "The At Sea box lands at %s: %d SPs, %d leaders (10.5.7)", d->areas[o->at].id,
		tq_sps_total(&en->force), en->nleaders);
	if (!tq_forces_in(d, p->s, o->at, TQ_CONTINENTAL)) {
		en->stage = TQ_STAGE_END; /* 10.5.9: unopposed, and moved */
		tq_capture_unguarded(p, o->at, TQ_BRITISH); /* 5.4.4: what nobody defends */
	} else
		en->stage = tq_walls_entered(p, o->at) ? TQ_STAGE_WALLS : TQ_STAGE_RETREAT_BEFORE;
	return 0;
}

/* ---- 17.2.3 the Charlestown sailors ---- */

/* The British force (not Loyalist militia alone) the endeavour moves. */
static bool british_troops(const struct tq_endeavor *en)
{
	const struct tq_sps *x = &en->force;
	return en->side == TQ_BRITISH &&
	       x->regulars + x->cavalry + x->french_regulars + x->french_cavalry > 0;
}

void tq_sailors(struct tq_play *p)
{
	const struct tq_data *d = p->d;
	struct tq_state *s = p->s;
	const struct tq_endeavor *en = &s->hidden.endeavor;
	int sp = 0;
	if (!s->sailors_from || s->month < s->sailors_from || s->sailors_used ||
	    !british_troops(en))
		return;
	for (int a = 0; a < d->nareas; a++)
		if (tq_number(d, "charlestown_sailors", d->areas[a].id, &sp) && sp > 0 &&
		    tq_adjacent(d, en->at, a) && !tq_forces_in(d, s, a, TQ_BRITISH)) {
			/* "SC militia in Charlestown": the militia of its colony */
			s->area[a].side[TQ_CONTINENTAL].ready.militia[d->areas[a].colony] += (short)sp;
			s->area[a].sailors = true;
			s->sailors_used = true;
			tq_tell(p, "The sailors in the harbour join the defense of %s: %d SPs of %s "
				   "militia (17.2.3)", d->areas[a].id, sp,
				d->colony_name[d->areas[a].colony]);
			return;
		}
}

/* ---- the endeavours of this file (tq_endeavor.h) ---- */

int tq_other_endeavor_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	switch (o->kind) {
	case TQ_MOVE_TRAIN:
		return train_begin(p, side, o);
	case TQ_PLACE_GOVERNOR:
		return governor_begin(p, side, o);
	case TQ_RECRUIT:
		return recruit_begin(p, side, o);
	case TQ_EMBARK:
		return embark_begin(p, side, o);
	case TQ_LAND:
		return land_begin(p, side, o);
	default:
		return wj_why(p->why, p->whylen, "no such endeavour (8.0): activate, train, "
			      "governor, embark, land, recruit or pass");
	}
}
