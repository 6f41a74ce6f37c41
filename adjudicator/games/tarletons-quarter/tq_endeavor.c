/* Tarleton's Quarter!'s endeavour (seed 001, 8.0-10.3): one force
 * activation from its order to its end. The order is checked against the
 * position before any die (the leader, the force he takes, 10.2's limits,
 * the path as far as the weather now lets it be known); then the audacity
 * die (8.1) and the random event it gives (8.3); then the force enters the
 * areas of its path one by one. The rest of the path is the mover's alone
 * (s->hidden.endeavor.path, told with tq_tell_side); the other side reads
 * only where the force goes. A battle entered is tq_battle.c's. Standing
 * orders (tq_standing_set) are kept hidden and answer the questions they
 * name. Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_endeavor.h"
#include "tq_logistics.h"
#include "tq_setup.h"
#include "tq_turn.h"

/* ---- the pieces on the map ---- */

/* Each kind of want no more than have. */
static bool sps_within(const struct tq_sps *want, const struct tq_sps *have)
{
	struct tq_sps left = *have;
	tq_sps_add(&left, want, -1);
	bool ok = left.regulars >= 0 && left.cavalry >= 0 && left.loyalists >= 0 &&
		  left.french_regulars >= 0 && left.french_cavalry >= 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		ok = ok && left.militia[c] >= 0 && want->militia[c] >= 0;
	return ok && want->regulars >= 0 && want->cavalry >= 0 && want->loyalists >= 0 &&
	       want->french_regulars >= 0 && want->french_cavalry >= 0;
}

struct tq_movers tq_movers_of(enum tq_side side, const struct tq_sps *x, int trains, int nleaders)
{
	bool british = side == TQ_BRITISH;
	struct tq_movers m = { .side = side, .nleaders = nleaders };
	m.count[british ? TQ_BRITISH_REGULAR : TQ_CONTINENTAL_REGULAR] = x->regulars;
	m.count[british ? TQ_BRITISH_CAVALRY : TQ_CONTINENTAL_CAVALRY] = x->cavalry;
	m.count[TQ_LOYALIST_MILITIA] = x->loyalists;
	for (int c = 0; c < TQ_COLONIES; c++)
		m.count[TQ_CONTINENTAL_MILITIA] += x->militia[c];
	m.count[TQ_FRENCH_REGULAR] = x->french_regulars;
	m.count[TQ_FRENCH_CAVALRY] = x->french_cavalry;
	m.count[TQ_BAGGAGE_TRAIN] = trains;
	return m;
}

struct tq_sps tq_field_sps(const struct tq_state *s, int area, enum tq_side side)
{
	struct tq_sps x = s->area[area].side[side].ready;
	tq_sps_add(&x, &s->area[area].side[side].moved, 1);
	return x;
}

int tq_leaders_in(const struct tq_data *d, const struct tq_state *s, int area, enum tq_side side,
		  short *out, int max)
{
	int n = 0;
	for (int l = 0; l < d->nleaders && n < max; l++)
		if (d->leaders[l].side == side && s->leader[l].where == TQ_ON_MAP &&
		    s->leader[l].area == area && !s->leader[l].walls)
			out[n++] = (short)l;
	return n;
}

/* A leader as the rank order sees him: a C-in-C by his flag, or as his
 * side's named one (17.1.2: Campbell, a colonel). */
static struct tq_ranked ranked(const struct tq_data *d, const struct tq_state *s, int leader)
{
	bool c = s->leader[leader].c_in_c || s->side[d->leaders[leader].side].c_in_c == leader;
	return (struct tq_ranked){ .leader = leader, .c_in_c = c };
}

/* 14.2.2: the SPs a leader brings where he stands, outside the walls (a
 * French leader the French SPs, any other the rest: tq_move.h's struct
 * tq_ranked). */
static int brings(const struct tq_data *d, const struct tq_state *s, int leader)
{
	const struct tq_leader_state *ls = &s->leader[leader];
	if (ls->where != TQ_ON_MAP)
		return 0;
	struct tq_sps x = tq_field_sps(s, ls->area, d->leaders[leader].side);
	int french = x.french_regulars + x.french_cavalry;
	return d->leaders[leader].french ? french : tq_sps_total(&x) - french;
}

int tq_in_command(const struct tq_data *d, const struct tq_state *s, const short *ls, int n)
{
	struct tq_ranked r[TQ_MAX_LEADERS];
	for (int i = 0; i < n; i++) {
		r[i] = ranked(d, s, ls[i]);
		r[i].sps = brings(d, s, ls[i]);
	}
	int best = tq_commander(d, r, n);
	return best < 0 ? -1 : ls[best];
}

bool tq_forces_in(const struct tq_data *d, const struct tq_state *s, int area, enum tq_side side)
{
	short ls[TQ_MAX_LEADERS];
	struct tq_sps x = tq_field_sps(s, area, side);
	return tq_sps_total(&x) > 0 || tq_leaders_in(d, s, area, side, ls, TQ_MAX_LEADERS) > 0;
}

void tq_enemy_areas(const struct tq_data *d, const struct tq_state *s, enum tq_side side,
		    bool *enemy)
{
	enum tq_side other = tq_other(side);
	for (int a = 0; a < d->nareas; a++)
		enemy[a] = tq_forces_in(d, s, a, other) ||
			   tq_sps_total(&s->area[a].side[other].walls) > 0;
}

void tq_move_all(const struct tq_data *d, struct tq_state *s, enum tq_side side, int from, int to)
{
	struct tq_presence *a = &s->area[from].side[side], *b = &s->area[to].side[side];
	short ls[TQ_MAX_LEADERS];
	int n = tq_leaders_in(d, s, from, side, ls, TQ_MAX_LEADERS);
	tq_sps_add(&b->ready, &a->ready, 1);
	tq_sps_add(&b->moved, &a->moved, 1);
	b->field.trains += a->field.trains;
	b->field.trains_moved += a->field.trains_moved;
	b->field.captured += a->field.captured;
	a->ready = a->moved = (struct tq_sps){ 0 };
	a->field.trains = a->field.captured = a->field.trains_moved = 0;
	for (int i = 0; i < n; i++)
		s->leader[ls[i]].area = (short)to;
}

/* 11.2.6: "In the event that either Cornwallis or Greene are removed from
 * the board, the player may choose any friendly general" (tables.yaml's
 * c_in_c_chosen). */
static bool chosen_c_in_c(const struct tq_data *d, int leader)
{
	int v = 0;
	return tq_number(d, "c_in_c_chosen", d->leaders[leader].name, &v) && v;
}

bool tq_leader_lost(struct tq_play *p, int leader, enum tq_where where)
{
	const struct tq_data *d = p->d;
	struct tq_state *s = p->s;
	enum tq_side side = d->leaders[leader].side;
	bool was = s->side[side].c_in_c == leader;
	s->leader[leader].where = where;
	s->leader[leader].walls = false;
	tq_tell(p, "%s is %s", d->leaders[leader].name,
		where == TQ_POW ? "captured: the Leader POW box (15.2)" : "lost (11.2.6)");
	if (!was)
		return false;
	s->side[side].c_in_c = (short)tq_senior_c_in_c(d, s, side);
	tq_c_in_c_succession(p, side);
	if (s->side[side].c_in_c >= 0) {
		tq_tell(p, "%s is the %s Commander-in-Chief (11.1.3, 11.1.4)",
			d->leaders[s->side[side].c_in_c].name, d->side_name[side]);
		return false;
	}
	return chosen_c_in_c(d, leader);
}

void tq_endeavor_finish(struct tq_play *p)
{
	enum tq_side side = p->s->hidden.endeavor.side;
	if (p->s->hidden.endeavor.at >= 0)
		tq_walls_open(p, p->s->hidden.endeavor.at);
	p->s->hidden.endeavor = (struct tq_endeavor){ .leader = -1, .at = -1 };
	tq_turn_endeavor_done(p, side, false);
}

/* ---- the order checked (8.0, 9.1, 10.1, 10.2) ---- */

static int other_leader(struct tq_play *p, enum tq_side side, int area, int l,
			struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	if (l < 0 || l >= d->nleaders || d->leaders[l].side != side)
		return wj_why(p->why, p->whylen, "a leader of the force is not the %s's",
			      d->side_name[side]);
	const struct tq_leader_state *ls = &p->s->leader[l];
	if (ls->where != TQ_ON_MAP || ls->area != area || ls->walls != en->sally)
		return wj_why(p->why, p->whylen, "%s is not in %s with the force (9.1: a force "
			      "takes only what starts the endeavour with it)", d->leaders[l].name,
			      d->areas[area].id);
	if (ls->moved)
		return wj_why(p->why, p->whylen, "%s has moved this month (8.1.1)",
			      d->leaders[l].name);
	for (int i = 0; i < en->nleaders; i++)
		if (en->leaders[i] == l)
			return wj_why(p->why, p->whylen, "%s is named twice", d->leaders[l].name);
	en->leaders[en->nleaders++] = (short)l;
	return 0;
}

static int the_leader(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	if (o->leader < 0 || o->leader >= d->nleaders)
		return wj_why(p->why, p->whylen, "name the leader who activates (8.1)");
	const struct tq_leader_state *ls = &p->s->leader[o->leader];
	const char *name = d->leaders[o->leader].name;
	if (d->leaders[o->leader].side != side)
		return wj_why(p->why, p->whylen, "%s is not the %s's leader", name,
			      d->side_name[side]);
	if (ls->where != TQ_ON_MAP)
		return wj_why(p->why, p->whylen, "%s is not on the map", name);
	if (o->at >= 0 && o->at != ls->area)
		return wj_why(p->why, p->whylen, "%s is in %s, not %s", name,
			      d->areas[ls->area].id, d->areas[o->at].id);
	if (ls->moved)
		return wj_why(p->why, p->whylen, "%s has moved this month (8.1.1)", name);
	if (ls->walls && (!p->s->area[ls->area].siege || o->npath))
		return wj_why(p->why, p->whylen, "%s is within the walls of %s, besieged (4.3): "
			      "a besieged force only sallies, fighting the besiegers where it "
			      "stands (4.5)", name, d->areas[ls->area].id);
	return 0;
}

/* 4.5: "A besieged force may Sally (i.e. exit the city or fort) to fight
 * a battle with a besieging [force]": SPs and leaders from within the
 * walls; the baggage trains stay inside. */
static int sally_force(struct tq_play *p, const struct tq_order *o, struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	const struct tq_presence *pr = &p->s->area[en->at].side[en->side];
	if (o->alone || o->trains || !(o->all || tq_sps_total(&o->sps)))
		return wj_why(p->why, p->whylen, "a sally is of SPs and leaders from within the walls "
			      "(4.5): no baggage train, not a leader alone");
	en->force = o->all ? pr->walls : o->sps;
	for (int l = 0; l < d->nleaders && o->all; l++) {
		const struct tq_leader_state *ls = &p->s->leader[l];
		if ((int)d->leaders[l].side == en->side && ls->where == TQ_ON_MAP &&
		    ls->area == en->at && ls->walls && !ls->moved && l != en->leader &&
		    en->nleaders < TQ_MAX_GROUP)
			en->leaders[en->nleaders++] = (short)l;
	}
	for (int i = 0; i < o->nleaders && !o->all; i++)
		if (other_leader(p, (enum tq_side)en->side, en->at, o->leaders[i], en))
			return -1;
	if (!sps_within(&en->force, &pr->walls))
		return wj_why(p->why, p->whylen, "%s has not so many SPs within the walls of %s",
			      d->leaders[en->leader].name, d->areas[en->at].id);
	return 0;
}

/* The force: "all" (10.2: what he may take), a leader alone (10.2.3), or
 * the SPs and trains named. */
static int the_force(struct tq_play *p, enum tq_side side, const struct tq_order *o,
		     struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	struct tq_presence *pr = &p->s->area[en->at].side[side];
	short ls[TQ_MAX_LEADERS];
	if (en->sally)
		return sally_force(p, o, en);
	if (o->alone)
		return o->nleaders || o->trains || tq_sps_total(&o->sps) || o->all
			       ? wj_why(p->why, p->whylen, "a leader alone takes nobody (10.2.3)")
			       : 0;
	if (o->all) {
		en->force = pr->ready;
		if (p->s->area[en->at].sailors) /* 17.2.3: they stay */
			en->force.militia[d->areas[en->at].colony] = 0;
		en->supply.trains = (short)(pr->field.trains - pr->field.trains_moved);
		int n = tq_leaders_in(d, p->s, en->at, side, ls, TQ_MAX_LEADERS);
		for (int i = 0; i < n; i++)
			if (ls[i] != en->leader && !p->s->leader[ls[i]].moved &&
			    en->nleaders < TQ_MAX_GROUP)
				en->leaders[en->nleaders++] = ls[i];
	} else {
		en->force = o->sps;
		en->supply.trains = o->trains;
	}
	for (int i = 0; i < o->nleaders && !o->all; i++) /* "all" has them already */
		if (other_leader(p, side, en->at, o->leaders[i], en))
			return -1;
	if (p->s->area[en->at].sailors && en->force.militia[d->areas[en->at].colony])
		return wj_why(p->why, p->whylen, "the sailors' South Carolina militia in %s may "
			      "not move (17.2.3)", d->areas[en->at].id);
	if (!sps_within(&en->force, &pr->ready))
		return wj_why(p->why, p->whylen, "%s has not so many SPs ready (unmoved) in %s",
			      d->leaders[en->leader].name, d->areas[en->at].id);
	if (en->supply.trains < 0 || en->supply.trains > pr->field.trains - pr->field.trains_moved)
		return wj_why(p->why, p->whylen, "there are not %d unmoved baggage trains in %s",
			      en->supply.trains, d->areas[en->at].id);
	return 0;
}

/* 10.2, 10.2.2, 11.1: the activating leader commands the force, and may
 * take so many SPs; 14.1.1. */
static int the_command(struct tq_play *p, const struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	struct tq_ranked me = ranked(d, p->s, en->leader);
	for (int i = 1; i < en->nleaders; i++) {
		struct tq_ranked r = ranked(d, p->s, en->leaders[i]);
		if (tq_outranks(d, &r, &me) > 0)
			return wj_why(p->why, p->whylen, "%s outranks %s: the commanding leader "
				      "activates the force (8.0, 10.2.2, 11.1)",
				      d->leaders[r.leader].name, d->leaders[me.leader].name);
	}
	if (tq_command_check(d, &me, tq_sps_total(&en->force), p->why, p->whylen))
		return -1;
	struct tq_movers m = tq_movers_of(en->side, &en->force, en->supply.trains, en->nleaders);
	return tq_force_check(d, &m, p->why, p->whylen);
}

/* 10.1: the path as the weather now lets it be known (the event may
 * close more; then the force stops where it is closed). */
static int the_path(struct tq_play *p, const struct tq_order *o, struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	int path[TQ_MAX_PATH], spent, failed;
	char reason[200];
	struct tq_movers m = tq_movers_of(en->side, &en->force, en->supply.trains, en->nleaders);
	if (o->npath < 0 || o->npath > TQ_MAX_PATH)
		return wj_why(p->why, p->whylen, "a path of 1 to %d areas", TQ_MAX_PATH);
	for (int i = 0; i < o->npath; i++) {
		if (o->path[i] < 0 || o->path[i] >= d->nareas)
			return wj_why(p->why, p->whylen, "the path names no area of the map");
		path[i] = en->path[i] = o->path[i];
	}
	en->npath = o->npath;
	bool enemy_here = tq_forces_in(d, p->s, en->at, tq_other(en->side));
	if (o->npath && enemy_here)
		return wj_why(p->why, p->whylen, "the enemy is in %s: the force fights there, it "
			      "does not move (10.3, 17.1.3 A)", d->areas[en->at].id);
	if (enemy_here && !tq_sps_total(&en->force))
		return wj_why(p->why, p->whylen, "%s has no SPs to fight the enemy in %s with: a "
			      "leader without SPs does not attack (10.3)",
			      d->leaders[en->leader].name, d->areas[en->at].id);
	if (tq_path(d, &m, p->s->weather, en->at, path, o->npath, tq_force_mp(d, &m, p->s->weather),
		    &spent, &failed, reason, sizeof reason))
		return wj_why(p->why, p->whylen, "the path cannot be moved (10.1): %s", reason);
	return 0;
}

static bool in_force(const struct tq_endeavor *en, int l)
{
	for (int i = 1; i < en->nleaders; i++)
		if (en->leaders[i] == l)
			return true;
	return false;
}

/* 9.1: "A moving force may drop off Leaders and SP once during their
 * movement": SPs, trains and leaders of the force, in an area of its
 * path; the activating leader moves on with it. */
static int the_detachment(struct tq_play *p, const struct tq_order *o, struct tq_endeavor *en)
{
	const struct tq_detachment *x = &o->detach;
	bool on_path = false;
	if (!x->given)
		return 0;
	for (int i = 0; i < o->npath; i++)
		on_path |= o->path[i] == x->at;
	if (!on_path)
		return wj_why(p->why, p->whylen, "a detachment is left during the move (9.1): in "
			      "an area of the path, and %s is not on it",
			      x->at >= 0 && x->at < p->d->nareas ? p->d->areas[x->at].id : "that");
	if (!sps_within(&x->sps, &en->force) || x->trains < 0 || x->trains > en->supply.trains)
		return wj_why(p->why, p->whylen, "the detachment is of the force's own SPs and "
			      "trains (9.1)");
	if (x->nleaders < 0 || x->nleaders > TQ_MAX_GROUP)
		return wj_why(p->why, p->whylen, "too many leaders in the detachment");
	for (int i = 0; i < x->nleaders; i++) {
		if (x->leaders[i] == en->leader)
			return wj_why(p->why, p->whylen, "%s activates the force and moves on with "
				      "it (9.1, 10.1)", p->d->leaders[en->leader].name);
		if (!in_force(en, x->leaders[i]))
			return wj_why(p->why, p->whylen, "a leader of the detachment is not of the "
				      "force (9.1)");
	}
	en->detach = *x;
	return 0;
}

/* SPs of a stack a Commander-in-Chief commands: the French are a force
 * of their own (14.1.1, 14.2). */
static int stack_sps(const struct tq_sps *x)
{
	return tq_sps_total(x) - x->french_regulars - x->french_cavalry;
}

/* 10.2: "C-in-Cs ... must always command the largest stack": where a
 * C-in-C of the side stands, a force that leaves the area may not take
 * more SPs than stay with him, nor he lead away fewer SPs than he leaves;
 * with a detachment (9.1) he goes on with the larger part. 10.2 limits
 * the SPs a leader activates: a leader moving alone (10.2.3) activates
 * none and is not bound. */
static int the_largest_stack(struct tq_play *p, const struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	short ls[TQ_MAX_LEADERS];
	struct tq_sps area = tq_field_sps(p->s, en->at, (enum tq_side)en->side);
	int n = tq_leaders_in(d, p->s, en->at, (enum tq_side)en->side, ls, TQ_MAX_LEADERS);
	int going = stack_sps(&en->force), staying = stack_sps(&area) - going;
	if (!tq_sps_total(&en->force))
		return 0;
	for (int i = 0; i < n; i++) {
		int l = ls[i];
		if (!p->s->leader[l].c_in_c || p->s->leader[l].walls || !en->npath)
			continue;
		if (l == en->leader && en->detach.given &&
		    stack_sps(&en->detach.sps) > going - stack_sps(&en->detach.sps))
			return wj_why(p->why, p->whylen, "%s, Commander-in-Chief, commands the largest "
				      "stack (10.2): his detachment may not be larger than the force "
				      "he goes on with", d->leaders[l].name);
		if (l == en->leader ? staying > going : going > staying)
			return wj_why(p->why, p->whylen, "%s, Commander-in-Chief, commands the largest "
				      "stack (10.2): %d SPs would go from %s and %d stay",
				      d->leaders[l].name, going, d->areas[en->at].id, staying);
	}
	return 0;
}

/* 16.2 (optional): Sumter "may never enter an area with a Continental
 * regular general or Commander-in-Chief, nor can he be moved by any
 * activated regular officer of those ranks". */
static int sumter_apart(struct tq_play *p, const struct tq_order *o, const struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	const struct tq_state *s = p->s;
	int sumter = -1, v = 0;
	if (!(s->options & TQ_OPTION_SUMTER))
		return 0;
	for (int i = 0; i < en->nleaders; i++)
		if (tq_number(d, "sumter", d->leaders[en->leaders[i]].name, &v) && v)
			sumter = en->leaders[i];
	if (sumter < 0)
		return 0;
	if (en->leader != sumter && tq_regular_general(d, en->leader, s->leader[en->leader].c_in_c))
		return wj_why(p->why, p->whylen, "%s may not be moved by %s, a Continental regular "
			      "general or Commander-in-Chief (16.2)", d->leaders[sumter].name,
			      d->leaders[en->leader].name);
	for (int i = 0; i < o->npath; i++)
		for (int l = 0; l < d->nleaders; l++)
			if (d->leaders[l].side == TQ_CONTINENTAL && s->leader[l].where == TQ_ON_MAP &&
			    s->leader[l].area == o->path[i] &&
			    tq_regular_general(d, l, s->leader[l].c_in_c))
				return wj_why(p->why, p->whylen, "%s may never enter an area with a "
					      "Continental regular general or Commander-in-Chief "
					      "(16.2): %s is in %s", d->leaders[sumter].name,
					      d->leaders[l].name, d->areas[o->path[i]].id);
	return 0;
}

/* 17.1.3 A: the first British endeavour of the game is the C-in-C's
 * (Campbell's) attack, activated without a die or a random event. */
static bool first_endeavor(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	(void)d;
	return s->first_attack && side == TQ_BRITISH;
}

static int compose(struct tq_play *p, enum tq_side side, const struct tq_order *o,
		   struct tq_endeavor *en)
{
	if (the_leader(p, side, o))
		return -1;
	*en = (struct tq_endeavor){ .active = true, .side = side, .leader = o->leader,
				    .at = p->s->leader[o->leader].area, .nleaders = 1,
				    .sally = p->s->leader[o->leader].walls };
	en->leaders[0] = o->leader;
	if (first_endeavor(p->d, p->s, side) && p->s->side[side].c_in_c >= 0 &&
	    o->leader != p->s->side[side].c_in_c)
		return wj_why(p->why, p->whylen, "17.1.3 A: the first British endeavour is %s's "
			      "attack", p->d->leaders[p->s->side[side].c_in_c].name);
	return the_force(p, side, o, en) || the_command(p, en) || the_path(p, o, en) ||
			       the_detachment(p, o, en) || the_largest_stack(p, en) ||
			       sumter_apart(p, o, en)
		       ? -1
		       : 0;
}

/* ---- activation and the random event (8.1, 8.3) ---- */

static void the_weather(struct tq_play *p, enum tq_event ev)
{
	static const char *const WEATHER[] = { "clear", "rain", "flood", "heat" };
	struct tq_state *s = p->s;
	enum tq_weather before = s->weather;
	s->weather = tq_weather_after(before, ev);
	s->last_event_rain = ev == TQ_RAIN;
	if (s->weather == TQ_WEATHER_FLOOD && before != TQ_WEATHER_FLOOD)
		tq_tell(p, "Rain twice in a row: the rivers flood (8.3.4)");
	else if (s->weather != before)
		tq_tell(p, "The weather is now %s (8.3.3)", WEATHER[s->weather]);
}

/* 8.3.5: a 1, and the die again; a second 1 raises 1d6 Loyalist SPs. */
static void uprising(struct tq_play *p, struct tq_endeavor *en)
{
	int again = tq_die(p, "Loyalist uprising, the die again (8.3.5)");
	if (p->d->tables.events[tq_month_of(p->s->month) - 1][again - 1] != TQ_LOYALIST) {
		tq_tell(p, "No Loyalist uprising (8.3.5)");
		return;
	}
	int d6 = tq_die(p, "Loyalist uprising, the SPs (8.3.5)");
	en->pending = (short)tq_uprising_sp(p->d, p->s->month, again, d6);
	tq_tell(p, "The Loyalists rise: %d SPs of Loyalist militia for the British (8.3.5)",
		en->pending);
}

static int random_event(struct tq_play *p, struct tq_endeavor *en, int die)
{
	static const char *const EVENT[] = { "none", "rain", "heat", "Loyalist uprising" };
	enum tq_event ev;
	if (tq_endeavor_event(p->d, p->s->month, die, &ev, p->why, p->whylen))
		return -1;
	tq_tell(p, "Endeavour random event: %s (8.3)", EVENT[ev]);
	if (ev == TQ_LOYALIST)
		uprising(p, en);
	the_weather(p, ev);
	return 0;
}

static int activation(struct tq_play *p, struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	const char *name = d->leaders[en->leader].name;
	char what[120];
	if (first_endeavor(d, p->s, en->side)) {
		tq_tell(p, "%s is activated without a die, and no random event (17.1.3 A)", name);
		en->activated = true;
		return 0;
	}
	snprintf(what, sizeof what, "Activation of %s, audacity %d (8.1.1)", name,
		 d->leaders[en->leader].counter.audacity);
	int die = tq_die(p, what);
	en->activated = tq_activates(d, en->leader, die);
	tq_tell(p, en->activated ? "%s is activated (8.1.1)"
				 : "%s fails to activate: he and his force are moved (8.1.1)", name);
	return random_event(p, en, die);
}

/* What the force names, as the other side sees it leave. */
static void told_force(const struct tq_data *d, const struct tq_endeavor *en, char *out,
		       size_t len)
{
	const struct tq_sps *x = &en->force;
	snprintf(out, len, "%s", d->leaders[en->leader].name);
	if (x->regulars)
		wj_fmt_add(out, len, ", %d regulars", x->regulars);
	if (x->cavalry)
		wj_fmt_add(out, len, ", %d cavalry", x->cavalry);
	for (int c = 0; c < TQ_COLONIES; c++)
		if (x->militia[c])
			wj_fmt_add(out, len, ", %d %s militia", x->militia[c], d->colony_mil[c]);
	if (x->loyalists)
		wj_fmt_add(out, len, ", %d loyalists", x->loyalists);
	if (x->french_regulars + x->french_cavalry)
		wj_fmt_add(out, len, ", %d French", x->french_regulars + x->french_cavalry);
	if (en->supply.trains)
		wj_fmt_add(out, len, ", %d baggage trains", en->supply.trains);
	for (int i = 1; i < en->nleaders; i++)
		wj_fmt_add(out, len, ", %s", d->leaders[en->leaders[i]].name);
}

/* The force turns to its "moved" side where it stands (8.1.1), and is
 * now the endeavour's. */
static void flip(struct tq_state *s, const struct tq_endeavor *en)
{
	struct tq_presence *pr = &s->area[en->at].side[en->side];
	if (en->sally) { /* 4.5: out of the walls to fight, or flipped within them */
		for (int i = 0; i < en->nleaders; i++)
			s->leader[en->leaders[i]].moved = true,
			s->leader[en->leaders[i]].walls = !en->activated;
		if (en->activated)
			tq_sps_add(&pr->walls, &en->force, -1), tq_sps_add(&pr->moved, &en->force, 1);
		return;
	}
	tq_sps_add(&pr->ready, &en->force, -1);
	tq_sps_add(&pr->moved, &en->force, 1);
	pr->field.trains_moved = (short)(pr->field.trains_moved + en->supply.trains);
	for (int i = 0; i < en->nleaders; i++)
		s->leader[en->leaders[i]].moved = true;
}

/* The stage after the event: the Loyalists first, then the move, or a
 * battle where the force stands (17.1.3 A), or the end. */
static short after_event(struct tq_play *p, const struct tq_endeavor *en)
{
	if (en->pending)
		return TQ_STAGE_UPRISING;
	if (!en->activated)
		return TQ_STAGE_END;
	if (en->sally) /* 11.3 is for those an enemy enters on: none here */
		return TQ_STAGE_BAYONETS;
	return tq_forces_in(p->d, p->s, en->at, tq_other(en->side)) ? TQ_STAGE_RETREAT_BEFORE
								     : TQ_STAGE_MOVE;
}

static void tell_path(struct tq_play *p, const struct tq_endeavor *en)
{
	char path[TQ_MAX_PATH * 6] = "";
	for (int i = 0; i < en->npath; i++)
		wj_fmt_add(path, sizeof path, "%s%s", i ? " - " : "", p->d->areas[en->path[i]].id);
	if (en->detach.given)
		wj_fmt_add(path, sizeof path, ", leaving a detachment in %s",
			   p->d->areas[en->detach.at].id);
	tq_tell_side(p, en->side, "Your force's path (hidden from your opponent): %s",
		     en->npath ? path : "none");
}

static int force_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_endeavor en;
	char force[300];
	if (compose(p, side, o, &en))
		return -1;
	tq_answered(p->s);
	told_force(p->d, &en, force, sizeof force);
	tq_tell(p, "The %s endeavour: %s activates in %s with %s", p->d->side_name[side],
		p->d->leaders[en.leader].name, p->d->areas[en.at].id, force);
	if (activation(p, &en))
		return -1;
	p->s->first_attack = false; /* 17.1.3 A: made now */
	tq_trail_begin(p->s, side, en.at);
	flip(p->s, &en);
	struct tq_movers m = tq_movers_of(side, &en.force, en.supply.trains, en.nleaders);
	en.mp_left = (short)tq_force_mp(p->d, &m, p->s->weather);
	if (en.activated)
		tell_path(p, &en);
	else
		en.npath = 0, memset(en.path, 0, sizeof en.path), en.detach = (struct tq_detachment){ 0 };
	en.stage = after_event(p, &en);
	p->s->hidden.endeavor = en;
	return 0;
}

/* ---- the move, area by area (10.1, 10.3) ---- */

/* "Cornwallis's force", or a landed force without a leader's. */
static void force_name(struct tq_play *p, const struct tq_endeavor *en, char *out, size_t len)
{
	if (en->leader < 0)
		snprintf(out, len, "The %s force", p->d->side_name[en->side]);
	else
		snprintf(out, len, "%s's force", p->d->leaders[en->leader].name);
}

void tq_trail_begin(struct tq_state *s, enum tq_side side, int at)
{
	s->trail_side = (short)side;
	memset(s->trail, 0, sizeof s->trail); /* as the state text reads it back */
	s->trail[0] = (short)at;
	s->ntrail = 1;
}

static void step_force(struct tq_play *p, struct tq_endeavor *en, const struct tq_step *st)
{
	struct tq_state *s = p->s;
	struct tq_presence *a = &s->area[en->at].side[en->side], *b = &s->area[st->to].side[en->side];
	tq_sps_add(&a->moved, &en->force, -1);
	tq_sps_add(&b->moved, &en->force, 1);
	a->field.trains -= en->supply.trains;
	a->field.trains_moved -= en->supply.trains;
	b->field.trains += en->supply.trains;
	b->field.trains_moved += en->supply.trains;
	for (int i = 0; i < en->nleaders; i++)
		s->leader[en->leaders[i]].area = (short)st->to;
	char name[TQ_NAME_MAX + 16];
	force_name(p, en, name, sizeof name);
	tq_tell(p, "%s enters %s from %s", name,
		p->d->areas[st->to].id, p->d->areas[en->at].id);
	en->at = (short)st->to;
	if (s->ntrail > 0 && s->ntrail < TQ_MAX_PATH + 1)
		s->trail[s->ntrail++] = (short)st->to;
	en->mp_left = (short)(en->mp_left - st->cost);
	en->by_river = tq_crossing_is_river(st->crossing);
	en->by_sea = false;
	memmove(en->path, en->path + 1, sizeof en->path[0] * (size_t)--en->npath);
	en->path[en->npath] = 0; /* nothing hidden is kept past the path's end */
}

/* The force stops where it is: the other side reads the same words
 * whether the path ended or was closed (the rest of it is hidden). */
static void stop(struct tq_play *p, struct tq_endeavor *en, const char *reason)
{
	if (reason)
		tq_tell_side(p, en->side, "Your force stops: %s", reason);
	char name[TQ_NAME_MAX + 16];
	force_name(p, en, name, sizeof name);
	tq_tell(p, "%s stops in %s", name,
		p->d->areas[en->at].id);
	memset(en->path, 0, sizeof en->path);
	en->npath = 0;
	en->stage = TQ_STAGE_END;
}

/* ---- 10.7 invasion ---- */

/* The colonies holding British regulars (foot or horse) now. */
static unsigned british_regulars_in(const struct tq_data *d, const struct tq_state *s)
{
	unsigned bits = 0;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_presence *pr = &s->area[a].side[TQ_BRITISH];
		if (pr->ready.regulars + pr->ready.cavalry + pr->moved.regulars + pr->moved.cavalry +
			    pr->walls.regulars + pr->walls.cavalry > 0)
			bits |= 1u << d->areas[a].colony;
	}
	return bits;
}

static bool invades(struct tq_play *p, const struct tq_endeavor *en, int to)
{
	if (en->side != TQ_BRITISH || p->s->first_turn) /* 17.1.3 A: no invasion roll */
		return false;
	struct tq_movers m = tq_movers_of(TQ_BRITISH, &en->force, en->supply.trains, en->nleaders);
	return tq_invasion_halts(p->d, &m, en->at, to, british_regulars_in(p->d, p->s));
}

/* A standing "place all at AREA" in the invaded colony (issue 24). */
static bool invasion_usable(struct tq_play *p, const struct tq_order *o)
{
	int invaded = p->d->areas[p->s->hidden.endeavor.at].colony;
	return o->kind == TQ_PLACE && o->all && o->at >= 0 && o->at < p->d->nareas &&
	       (int)p->d->areas[o->at].colony == invaded;
}

/* 10.7.1-10.7.3: the militia generated is placed by the Continental
 * player as 6.5's (TQ_ASK_MILITIA, tq_turn.c's answer; the area just
 * invaded, 10.7.3, is the endeavour's `at`), or where his standing order
 * says ("place all at N29": the first in the colony the rules let them
 * go to); then the force goes on (10.7.4: TQ_STAGE_ARRIVED). */
static int invasion_militia(struct tq_play *p, struct tq_endeavor *en)
{
	const struct tq_data *d = p->d;
	enum tq_colony colony = d->areas[en->at].colony;
	char what[120];
	int sp;
	p->s->invaded |= 1u << colony;
	tq_tell(p, "The British invade %s: their force halts in %s (10.7)", d->colony_name[colony],
		d->areas[en->at].id);
	snprintf(what, sizeof what, "Militia generation for the invasion of %s (10.7.2)",
		 d->colony_name[colony]);
	int roll = tq_generation_roll(d, tq_die(p, what), p->s->major_victory);
	if (tq_militia_generated(d, p->s->month, colony, roll, true, &sp, p->why, p->whylen))
		return -1;
	en->stage = TQ_STAGE_ARRIVED;
	tq_tell(p, "%d SPs of %s militia are generated (10.7.1)", sp, d->colony_name[colony]);
	if (!sp)
		return 0;
	/* due as 6.5's generation's: tq_turn_militia.c's answer places them */
	p->s->militia_due[colony] = (short)sp;
	tq_ask(p->s, TQ_ASK_MILITIA, TQ_CONTINENTAL);
	struct tq_order o;
	const struct tq_standing *st = &p->s->hidden.standing[TQ_CONTINENTAL];
	for (int i = 0; i < st->n && tq_is_asked(p->s, TQ_CONTINENTAL); i++) {
		if (!tq_standing_answer_at(p, TQ_CONTINENTAL, TQ_ASK_MILITIA, invasion_usable, i,
					   &o))
			continue;
		o.all = false;
		o.sps = (struct tq_sps){ 0 };
		o.sps.militia[colony] = (short)sp;
		tq_militia_answer(p, TQ_CONTINENTAL, &o); /* refused: the next, else by mail */
	}
	return 0;
}

static int move_on(struct tq_play *p)
{
	struct tq_endeavor *en = &p->s->hidden.endeavor;
	struct tq_step st;
	char reason[200];
	if (!en->npath) {
		stop(p, en, NULL);
		return 0;
	}
	int to = en->path[0];
	struct tq_movers m = tq_movers_of(en->side, &en->force, en->supply.trains, en->nleaders);
	if (tq_step(p->d, &m, p->s->weather, en->at, to, en->mp_left, &st, reason, sizeof reason)) {
		stop(p, en, reason);
		return 0;
	}
	bool enemy = tq_forces_in(p->d, p->s, to, tq_other(en->side));
	if (enemy && !tq_sps_total(&en->force)) {
		stop(p, en, "a leader without SPs does not enter the enemy's area (10.3)");
		return 0;
	}
	if (enemy && !tq_walls_may_enter(p, to, tq_sps_total(&en->force), reason, sizeof reason)) {
		stop(p, en, reason);
		return 0;
	}
	bool invasion = invades(p, en, to);
	step_force(p, en, &st);
	if (!enemy) /* a leader alone first may retreat before combat (11.3, 15.2) */
		tq_unguarded_supplies(p, en->at);
	tq_sailors(p);
	if (invasion)
		return invasion_militia(p, en);
	tq_arrived(p);
	return 0;
}

/* 9.1: the detachment is left where the order said, when the force
 * stands there with no enemy (one met there is fought by the whole
 * force); the SPs, trains and leaders stay, "moved". */
static void leave_detachment(struct tq_play *p, struct tq_endeavor *en)
{
	struct tq_detachment *x = &en->detach;
	char what[300];
	if (!x->given || x->at != en->at)
		return;
	tq_sps_add(&en->force, &x->sps, -1);
	en->supply.trains = (short)(en->supply.trains - x->trains);
	snprintf(what, sizeof what, "%d SPs, %d baggage trains", tq_sps_total(&x->sps), x->trains);
	for (int i = 0; i < x->nleaders; i++) {
		int k = 1;
		while (k < en->nleaders && en->leaders[k] != x->leaders[i])
			k++;
		if (k == en->nleaders)
			continue;
		memmove(en->leaders + k, en->leaders + k + 1,
			sizeof en->leaders[0] * (size_t)(en->nleaders - k - 1));
		en->leaders[--en->nleaders] = 0;
		wj_fmt_add(what, sizeof what, ", %s", p->d->leaders[x->leaders[i]].name);
	}
	*x = (struct tq_detachment){ 0 };
	en->dropped = true;
	char name[TQ_NAME_MAX + 16];
	force_name(p, en, name, sizeof name);
	tq_tell(p, "%s leaves a detachment in %s: %s (9.1)", name, p->d->areas[en->at].id, what);
}

void tq_arrived(struct tq_play *p)
{
	struct tq_endeavor *en = &p->s->hidden.endeavor;
	en->stage = TQ_STAGE_MOVE;
	if (!tq_forces_in(p->d, p->s, en->at, tq_other(en->side))) {
		leave_detachment(p, en);
		return;
	}
	tq_tell_side(p, en->side, "The rest of your path waits: the enemy is in %s (10.3)",
		     p->d->areas[en->at].id);
	en->stage = tq_walls_entered(p, en->at) ? TQ_STAGE_WALLS : TQ_STAGE_RETREAT_BEFORE;
}

/* ---- the Loyalist uprising placed (8.3.5) ---- */

static bool rise_usable(struct tq_play *p, const struct tq_order *o)
{
	bool continentals[TQ_MAX_AREAS];
	if (o->kind != TQ_CHOOSE || o->at < 0 || o->at >= p->d->nareas)
		return false;
	for (int a = 0; a < p->d->nareas; a++)
		continentals[a] = tq_forces_in(p->d, p->s, a, TQ_CONTINENTAL) ||
				  tq_sps_total(&p->s->area[a].side[TQ_CONTINENTAL].walls);
	return tq_uprising_may_rise_in(p->d, o->at, continentals);
}

static void rise(struct tq_play *p, int area)
{
	struct tq_endeavor *en = &p->s->hidden.endeavor;
	p->s->area[area].side[TQ_BRITISH].ready.loyalists += en->pending;
	tq_tell(p, "%d SPs of Loyalist militia rise in %s (8.3.5)", en->pending,
		p->d->areas[area].id);
	tq_capture_unguarded(p, area, TQ_BRITISH);
	en->pending = 0;
	en->stage = after_event(p, en);
}

static int uprising_stage(struct tq_play *p)
{
	struct tq_order o;
	bool any = false;
	for (int a = 0; a < p->d->nareas && !any; a++)
		any = rise_usable(p, &(struct tq_order){ .kind = TQ_CHOOSE, .at = (short)a });
	if (!any) {
		tq_tell(p, "No settlement or city of Georgia or the Carolinas is free of "
			   "Continental forces: the Loyalists do not rise (8.3.5)");
		p->s->hidden.endeavor.pending = 0;
		p->s->hidden.endeavor.stage = after_event(p, &p->s->hidden.endeavor);
		return 0;
	}
	if (tq_standing_answer(p, TQ_BRITISH, TQ_ASK_UPRISING, rise_usable, &o))
		rise(p, o.at);
	else
		tq_ask(p->s, TQ_ASK_UPRISING, TQ_BRITISH);
	return 0;
}

/* ---- the engine's entry points (tq_engine.h) ---- */

int tq_endeavor_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	short c_in_c = p->s->side[side].c_in_c;
	if (o->kind != TQ_ACTIVATE && first_endeavor(p->d, p->s, side) && c_in_c >= 0)
		return wj_why(p->why, p->whylen, "17.1.3 A: the British must attack the Continental "
			      "forces in %s in the first endeavour: activate %s",
			      p->d->areas[p->s->leader[c_in_c].area].id, p->d->leaders[c_in_c].name);
	switch (o->kind) {
	case TQ_ACTIVATE:
		return force_begin(p, side, o);
	default:
		return tq_other_endeavor_begin(p, side, o);
	}
}

int tq_endeavor_run(struct tq_play *p)
{
	switch (p->s->hidden.endeavor.stage) {
	case TQ_STAGE_MOVE:
		return move_on(p);
	case TQ_STAGE_UPRISING:
		return uprising_stage(p);
	case TQ_STAGE_END:
		if (!tq_sieges_hold(p))
			tq_endeavor_finish(p);
		return 0;
	case TQ_STAGE_ARRIVED:
		tq_arrived(p);
		return 0;
	default:
		return tq_battle_run(p);
	}
}

int tq_endeavor_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (!p->s->hidden.endeavor.active)
		return wj_why(p->why, p->whylen, "no endeavour is under way");
	if (p->s->question != TQ_ASK_UPRISING)
		return tq_battle_answer(p, side, o);
	if (!rise_usable(p, o))
		return wj_why(p->why, p->whylen, "write rise at AREA: a settlement or city of "
			      "Georgia or the Carolinas without Continental forces (8.3.5)");
	tq_answered(p->s);
	rise(p, o->at);
	return 0;
}
