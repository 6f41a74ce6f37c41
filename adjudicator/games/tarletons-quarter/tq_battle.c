/* Tarleton's Quarter!'s battle in an endeavour (seed 001, 11.2-11.5,
 * 15.1): the force has entered an area the enemy holds (10.3). The
 * defender may retreat before combat (11.3), the British attacker
 * chooses the bayonet (11.2.1), the dice decide surprise, the winner and
 * the casualties (tq_combat.c's numbers), the loser retreats (11.4) or
 * cannot (11.4.1, 11.4.5), and combat ends the endeavour (10.3). Each
 * choice is asked of its side unless a standing order answers it.
 * Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_combat.h"
#include "tq_endeavor.h"
#include "tq_setup.h"

static struct tq_endeavor *endeavor(struct tq_play *p)
{
	return &p->s->hidden.endeavor;
}

static enum tq_side mover(struct tq_play *p)
{
	return (enum tq_side)endeavor(p)->side;
}

static enum tq_side defender(struct tq_play *p)
{
	return tq_other(mover(p));
}

/* What side has in the battle's area, as the movement rules count it. */
static struct tq_movers side_movers(struct tq_play *p, enum tq_side side, int area)
{
	short ls[TQ_MAX_LEADERS];
	struct tq_sps x = tq_field_sps(p->s, area, side);
	int n = tq_leaders_in(p->d, p->s, area, side, ls, TQ_MAX_LEADERS);
	return tq_movers_of(side, &x, p->s->area[area].side[side].field.trains, n);
}

static int side_commander(struct tq_play *p, enum tq_side side, int area)
{
	short ls[TQ_MAX_LEADERS];
	int n = tq_leaders_in(p->d, p->s, area, side, ls, TQ_MAX_LEADERS);
	return tq_in_command(p->d, p->s, ls, n);
}

/* ---- 11.3 retreat before combat ---- */

static int before_areas(struct tq_play *p, int *out)
{
	bool enemy[TQ_MAX_AREAS];
	enum tq_side def = defender(p);
	int at = endeavor(p)->at;
	struct tq_movers m = side_movers(p, def, at);
	tq_enemy_areas(p->d, p->s, def, enemy);
	return tq_retreat_before(p->d, &m, p->s->weather, at, enemy, out, TQ_MAX_AREAS);
}

static bool in_list(const int *v, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

static bool before_usable(struct tq_play *p, const struct tq_order *o)
{
	int out[TQ_MAX_AREAS];
	if (o->kind == TQ_NO)
		return true;
	return o->kind == TQ_RETREAT && o->before && in_list(out, before_areas(p, out), o->at);
}

/* 11.3.5: Swamp Foxes go into an adjacent swamp without a die. */
static bool swamp_foxes(struct tq_play *p, int commander, int to)
{
	bool enemy[TQ_MAX_AREAS];
	int out[TQ_MAX_AREAS], at = endeavor(p)->at;
	struct tq_movers m = side_movers(p, defender(p), at);
	if (!tq_swamp_foxes(p->d, &m, commander))
		return false;
	tq_enemy_areas(p->d, p->s, defender(p), enemy);
	return in_list(out, tq_swamp_fox_areas(p->d, &m, p->s->weather, at, enemy, out,
					       TQ_MAX_AREAS), to);
}

static int retreat_before(struct tq_play *p, const struct tq_order *o)
{
	struct tq_endeavor *en = endeavor(p);
	enum tq_side def = defender(p);
	if (o->kind == TQ_NO) {
		tq_tell(p, "The %s stand in %s (11.3)", p->d->side_name[def], p->d->areas[en->at].id);
		en->stage = TQ_STAGE_BAYONETS;
		return 0;
	}
	int cmd = side_commander(p, def, en->at);
	bool ok = true;
	char what[120];
	if (swamp_foxes(p, cmd, o->at)) {
		tq_tell(p, "%s's Swamp Foxes slip into the swamp %s (11.3.5)",
			p->d->leaders[cmd].name, p->d->areas[o->at].id);
	} else {
		int tactical = p->d->leaders[cmd].counter.tactical;
		snprintf(what, sizeof what, "Retreat before combat, %s's tactical rating %d (11.3.1)",
			 p->d->leaders[cmd].name, tactical);
		if (tq_retreat_before_combat(tactical, tq_die(p, what), &ok, p->why, p->whylen))
			return -1;
	}
	if (!ok) {
		tq_tell(p, "The %s fail to retreat before combat (11.3.1)", p->d->side_name[def]);
		en->stage = TQ_STAGE_BAYONETS;
		return 0;
	}
	tq_move_all(p->d, p->s, def, en->at, o->at);
	tq_tell(p, "The %s retreat from %s to %s before combat (11.3.2)", p->d->side_name[def],
		p->d->areas[en->at].id, p->d->areas[o->at].id);
	en->stage = TQ_STAGE_MOVE; /* 11.3.3: the attacker may move on */
	return 0;
}

static int before_stage(struct tq_play *p)
{
	int out[TQ_MAX_AREAS];
	enum tq_side def = defender(p);
	struct tq_order o;
	if (side_commander(p, def, endeavor(p)->at) < 0 || !before_areas(p, out)) {
		endeavor(p)->stage = TQ_STAGE_BAYONETS; /* 11.3: "if led by a Leader" */
		return 0;
	}
	if (tq_standing_answer(p, def, TQ_ASK_RETREAT_BEFORE, before_usable, &o))
		return retreat_before(p, &o);
	tq_ask(p->s, TQ_ASK_RETREAT_BEFORE, def);
	return 0;
}

/* ---- 11.2.1 bayonets ---- */

static void bayonets(struct tq_play *p, bool yes)
{
	endeavor(p)->bayonets = yes;
	tq_tell(p, yes ? "The British go in with fixed bayonets (11.2.1)"
		       : "The British do not fix bayonets (11.2.1)");
	endeavor(p)->stage = TQ_STAGE_BATTLE;
}

static int leaders_escape(struct tq_play *p, enum tq_side side, int at);
static struct tq_commander commander_of(struct tq_play *p, int leader);

/* 10.4.1, 10.4.2: the force overruns the SPs it meets, and what it costs
 * (-1: no overrun). */
static int overrun_cost(struct tq_play *p)
{
	struct tq_combat_numbers n;
	struct tq_endeavor *en = endeavor(p);
	struct tq_sps def = tq_field_sps(p->s, en->at, defender(p));
	int mp, cmd = tq_in_command(p->d, p->s, en->leaders, en->nleaders);
	if (tq_walls_entered(p, en->at) || tq_combat_numbers(p->d, &n, NULL, 0))
		return -1; /* 10.4.1: "no enemy fort or city" */
	struct tq_commander c = commander_of(p, cmd);
	if (!tq_overrun(&n, tq_sps_total(&en->force), c.present && c.tarleton, tq_sps_total(&def),
			false, &mp))
		return -1;
	return mp;
}

/* 10.4.3-10.4.5, 10.4.7: the enemy SPs are eliminated, the mover loses
 * nothing and pays the MP; leaders who stayed roll as 11.4.5. */
static int overrun(struct tq_play *p, int mp)
{
	struct tq_endeavor *en = endeavor(p);
	enum tq_side def = defender(p);
	struct tq_presence *pr = &p->s->area[en->at].side[def];
	struct tq_sps gone = tq_field_sps(p->s, en->at, def);
	tq_tell(p, "The %s overrun %d %s SPs in %s (10.4)", p->d->side_name[mover(p)],
		tq_sps_total(&gone), p->d->side_name[def], p->d->areas[en->at].id);
	pr->ready = pr->moved = (struct tq_sps){ 0 };
	if (pr->field.trains + pr->field.captured) {
		int t = pr->field.trains + pr->field.captured;
		p->s->side[def].expended = (short)(p->s->side[def].expended + pr->field.trains);
		p->s->area[en->at].side[mover(p)].field.captured += (short)t;
		pr->field.trains = pr->field.captured = pr->field.trains_moved = 0;
		tq_tell(p, "%d baggage trains are captured (5.4.4 a)", t);
	}
	en->pending = 0;
	if (leaders_escape(p, def, en->at))
		return -1;
	bool halt = mp > en->mp_left;
	if (halt) {
		tq_tell_side(p, en->side, "The overrun costs %d MP, more than the %d left: your "
			     "force halts (10.4.4)", mp, en->mp_left);
		memset(en->path, 0, sizeof en->path);
		en->npath = 0;
	}
	en->mp_left = (short)(halt ? 0 : en->mp_left - mp);
	en->stage = en->pending ? TQ_STAGE_C_IN_C : TQ_STAGE_MOVE;
	en->loser = (short)def;
	return 0;
}

static int bayonets_stage(struct tq_play *p)
{
	struct tq_order o;
	struct tq_sps def = tq_field_sps(p->s, endeavor(p)->at, defender(p));
	int mp;
	if (!tq_sps_total(&def)) {
		tq_undefended(p);
		return 0;
	}
	if ((mp = overrun_cost(p)) >= 0)
		return overrun(p, mp);
	if (endeavor(p)->side != TQ_BRITISH) {
		endeavor(p)->stage = TQ_STAGE_BATTLE;
		return 0;
	}
	if (tq_standing_answer(p, TQ_BRITISH, TQ_ASK_BAYONETS, NULL, &o))
		bayonets(p, o.kind == TQ_YES);
	else
		tq_ask(p->s, TQ_ASK_BAYONETS, TQ_BRITISH);
	return 0;
}

/* ---- 11.2.2-11.2.6 the battle ---- */

static struct tq_commander commander_of(struct tq_play *p, int leader)
{
	struct tq_commander c = { .present = leader >= 0 };
	int v = 0;
	if (leader < 0)
		return c;
	const struct tq_leader *l = &p->d->leaders[leader];
	c.audacity = l->counter.audacity;
	c.tactical = l->counter.tactical;
	c.kind = l->counter.kind;
	c.tarleton = tq_number(p->d, "overrun_leaders", l->name, &v) && v;
	c.morgan = tq_number(p->d, "morgan", l->name, &v) && v; /* 16.1 */
	return c;
}

static struct tq_force force_of(struct tq_play *p, enum tq_side side, int area)
{
	struct tq_sps x = tq_field_sps(p->s, area, side);
	struct tq_force f = { .side = side, .regulars = x.regulars, .cavalry = x.cavalry,
			      .loyalists = x.loyalists, .french_regulars = x.french_regulars,
			      .french_cavalry = x.french_cavalry };
	for (int c = 0; c < TQ_COLONIES; c++)
		f.militia += x.militia[c];
	f.leader = commander_of(p, side_commander(p, side, area));
	return f;
}

/* 11.2.6: the leader of the highest audacity but the C-in-C; of several,
 * the first in the data's order (the owner's choice is not asked). */
static bool leader_casualty(struct tq_play *p, enum tq_side side)
{
	short ls[TQ_MAX_LEADERS];
	struct tq_battle_leader bl[TQ_MAX_LEADERS];
	int n = tq_leaders_in(p->d, p->s, endeavor(p)->at, side, ls, TQ_MAX_LEADERS), v = 0;
	for (int i = 0; i < n; i++) {
		const char *name = p->d->leaders[ls[i]].name;
		bl[i] = (struct tq_battle_leader){ .audacity = p->d->leaders[ls[i]].counter.audacity,
						   .c_in_c = p->s->leader[ls[i]].c_in_c };
		if (tq_number(p->d, "clinton_cornwallis", name, &v))
			bl[i].clinton = v == 1, bl[i].cornwallis = v == 2;
	}
	unsigned c = tq_leader_casualty_candidates(bl, n);
	if (!c)
		return false;
	int lost = __builtin_ctz(c);
	unsigned removed = tq_leaders_removed(bl, n, lost);
	bool choose = false;
	for (int i = 0; i < n; i++)
		if (removed & (1u << i))
			choose |= tq_leader_lost(p, ls[i], TQ_GONE);
	return choose;
}

struct dice {
	int surprise, attacker, defender, attacker_loss, defender_loss;
};

static int roll(struct tq_play *p, struct dice *k)
{
	const char *at = p->d->areas[endeavor(p)->at].id;
	char what[120];
	snprintf(what, sizeof what, "Battle of %s, surprise (11.2.2)", at);
	k->surprise = tq_die(p, what);
	snprintf(what, sizeof what, "Battle of %s, the attacker's die (11.2.3)", at);
	k->attacker = tq_die(p, what);
	snprintf(what, sizeof what, "Battle of %s, the defender's die (11.2.3)", at);
	k->defender = tq_die(p, what);
	snprintf(what, sizeof what, "Battle of %s, the attacker's casualty die (11.2.4)", at);
	k->attacker_loss = tq_die(p, what);
	snprintf(what, sizeof what, "Battle of %s, the defender's casualty die (11.2.4)", at);
	k->defender_loss = tq_die(p, what);
	return 0;
}

static void major_victory(struct tq_play *p, const struct tq_combat_numbers *n,
			  const struct tq_battle *b, enum tq_side winner)
{
	if (!tq_major_victory(n, tq_force_sp(&b->attacker), tq_force_sp(&b->defender)))
		return;
	p->s->major_victory = winner;
	tq_tell(p, "The Major Victory marker turns to its %s side (11.5)", p->d->side_name[winner]);
}

/* 11.1.3 c: a Continental C-in-C (but tables.yaml's
 * c_in_c_not_replaced) in command who loses a major battle is marked for
 * replacement at the next month's beginning (tq_turn.c). */
static void c_in_c_defeated(struct tq_play *p, const struct tq_combat_numbers *n,
			    const struct tq_battle *b, enum tq_side winner)
{
	int cmd = side_commander(p, TQ_CONTINENTAL, endeavor(p)->at), v = 0;
	if (winner == TQ_CONTINENTAL || cmd < 0 || !p->s->leader[cmd].c_in_c ||
	    !tq_major_victory(n, tq_force_sp(&b->attacker), tq_force_sp(&b->defender)) ||
	    (tq_number(p->d, "c_in_c_not_replaced", p->d->leaders[cmd].name, &v) && v))
		return;
	p->s->leader[cmd].replaced = true;
	tq_tell(p, "%s lost a major battle in command: the next Commander-in-Chief in succession "
		   "replaces him at the beginning of next month (11.1.3 c)",
		p->d->leaders[cmd].name);
}

static int fight(struct tq_play *p)
{
	struct tq_endeavor *en = endeavor(p);
	struct tq_combat_numbers n;
	struct tq_battle b = { 0 };
	struct tq_winner w;
	struct tq_casualties c;
	struct dice k;
	bool s1, s2, surprise;
	if (tq_combat_numbers(p->d, &n, p->why, p->whylen))
		return -1;
	b.attacker = force_of(p, en->side, en->at);
	b.defender = force_of(p, defender(p), en->at);
	b.attacker.bayonets = en->bayonets;
	b.attacker.across_river_or_by_sea = en->by_river || en->by_sea;
	b.morgan_rule = p->s->options & TQ_OPTION_MORGAN;
	roll(p, &k);
	if (tq_surprise(&n, &b, k.surprise, &surprise, p->why, p->whylen) ||
	    tq_battle_winner(&n, &b, surprise, k.attacker, k.defender, &w, p->why, p->whylen) ||
	    tq_battle_casualties(&n, &b, surprise, w.attacker_won, k.attacker_loss, k.defender_loss,
				 &c, p->why, p->whylen))
		return -1;
	enum tq_side winner = w.attacker_won ? mover(p) : defender(p);
	tq_tell(p, "%s (11.2.2). The attacker totals %d, the defender %d: the %s win (11.2.3)",
		surprise ? "The attacker achieves surprise" : "No surprise", w.attacker_total,
		w.defender_total, p->d->side_name[winner]);
	tq_tell(p, "Casualties: the attacker totals %d, the defender %d (11.2.4)", c.attacker_total,
		c.defender_total);
	major_victory(p, &n, &b, winner);
	c_in_c_defeated(p, &n, &b, winner);
	en->loss[mover(p)] = (short)c.attacker_loss;
	en->loss[defender(p)] = (short)c.defender_loss;
	en->lower = (short)c.lower;
	s1 = c.attacker_leader_lost && leader_casualty(p, en->side);
	s2 = c.defender_leader_lost && leader_casualty(p, defender(p));
	en->loser = (short)tq_other(winner);
	en->pending = (short)(s1 ? mover(p) : s2 ? defender(p) : TQ_NOBODY);
	en->stage = TQ_STAGE_CASUALTIES;
	return 0;
}

/* ---- 11.2.6 a new Commander-in-Chief ---- */

static bool c_in_c_usable(struct tq_play *p, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	int l = o->leader;
	if (o->kind != TQ_CHOOSE || l < 0 || l >= d->nleaders)
		return false;
	const struct tq_leader_state *ls = &p->s->leader[l];
	enum tq_rank r = d->leaders[l].counter.present ? d->leaders[l].counter.rank
						       : d->leaders[l].rank;
	/* "any friendly general on the board ... not in a city or fort
	 * currently under siege" */
	return d->leaders[l].side == (enum tq_side)endeavor(p)->pending && ls->where == TQ_ON_MAP &&
	       !ls->walls && r != TQ_COLONEL && r != TQ_RANK_UNSTATED;
}

static void new_c_in_c(struct tq_play *p, int leader)
{
	enum tq_side side = p->d->leaders[leader].side;
	p->s->leader[leader].c_in_c = true;
	p->s->side[side].c_in_c = (short)leader;
	tq_tell(p, "%s is the %s Commander-in-Chief (11.2.6)", p->d->leaders[leader].name,
		p->d->side_name[side]);
	endeavor(p)->pending = 0;
	endeavor(p)->stage = TQ_STAGE_RETREAT;
}

static int c_in_c_stage(struct tq_play *p)
{
	enum tq_side side = endeavor(p)->pending;
	struct tq_order o;
	bool any = false;
	for (int l = 0; l < p->d->nleaders && !any; l++)
		any = c_in_c_usable(p, &(struct tq_order){ .kind = TQ_CHOOSE, .leader = (short)l });
	if (!any) {
		tq_tell(p, "The %s have no general on the board to command (11.2.6)",
			p->d->side_name[side]);
		endeavor(p)->pending = 0;
		endeavor(p)->stage = TQ_STAGE_RETREAT;
	} else if (tq_standing_answer(p, side, TQ_ASK_C_IN_C, c_in_c_usable, &o)) {
		new_c_in_c(p, o.leader);
	} else {
		tq_ask(p->s, TQ_ASK_C_IN_C, side);
	}
	return 0;
}

/* ---- 11.4 retreat after combat ---- */

static int after_areas(struct tq_play *p, int *out)
{
	bool enemy[TQ_MAX_AREAS];
	enum tq_side loser = endeavor(p)->loser;
	int at = endeavor(p)->at;
	struct tq_movers m = side_movers(p, loser, at);
	tq_enemy_areas(p->d, p->s, loser, enemy);
	return tq_retreat_after(p->d, &m, p->s->weather, at, enemy, out, TQ_MAX_AREAS);
}

/* "retreat to AREA": an open adjacent area, or the battle's own area
 * meaning within the loser's walls (4.2.5). */
static bool after_usable(struct tq_play *p, const struct tq_order *o)
{
	int out[TQ_MAX_AREAS];
	struct tq_endeavor *en = endeavor(p);
	if (o->kind != TQ_RETREAT || o->before)
		return false;
	if (o->at == en->at)
		return tq_walls_room(p, (enum tq_side)en->loser, en->at);
	return in_list(out, after_areas(p, out), o->at);
}

/* 11.4.3, 11.4.4, 5.4.4 b, c: what cannot retreat is the winner's: each
 * magazine (and the Base) a captured train of his; for each magazine one
 * of the loser's trains goes from the Available box to the Expended. */
static void captured_supplies(struct tq_play *p, enum tq_side loser, int area)
{
	struct tq_state *s = p->s;
	struct tq_area_state *a = &s->area[area];
	struct tq_presence *l = &a->side[loser];
	if (tq_sps_total(&l->walls))
		return; /* a garrison keeps them within the walls */
	int n = l->inside.magazines + (a->base[loser] ? 1 : 0);
	if (!n)
		return;
	a->side[tq_other(loser)].field.captured = (short)(a->side[tq_other(loser)].field.captured + n);
	int moved = s->side[loser].available < l->inside.magazines ? s->side[loser].available
								   : l->inside.magazines;
	s->side[loser].available = (short)(s->side[loser].available - moved);
	s->side[loser].expended = (short)(s->side[loser].expended + moved);
	l->inside.magazines = 0;
	if (a->base[loser]) {
		a->base[loser] = false;
		s->side[loser].base = -1;
		s->side[loser].base_moved = true;
		tq_tell(p, "The %s Base of Operations in %s is captured (11.4.4)",
			p->d->side_name[loser], p->d->areas[area].id);
	}
	tq_tell(p, "The %s take %d captured baggage trains in %s (11.4.3, 5.4.4)",
		p->d->side_name[tq_other(loser)], n, p->d->areas[area].id);
}

/* 15.2: leaders "in an area without any friendly SPs when enemy SP enter
 * that area, are captured"; pieces placed there enter it too. */
static void leaders_alone_taken(struct tq_play *p, int area, enum tq_side owner)
{
	short ls[TQ_MAX_LEADERS];
	struct tq_sps takers = tq_field_sps(p->s, area, tq_other(owner));
	if (!tq_sps_total(&takers))
		return;
	int n = tq_leaders_in(p->d, p->s, area, owner, ls, TQ_MAX_LEADERS);
	for (int i = 0; i < n; i++)
		tq_leader_lost(p, ls[i], TQ_POW);
}

/* 5.4.4 a-c: the other side's supplies where a force of `taker` comes
 * (a move, or pieces placed there) with none of the owner's SPs to
 * defend them: captured. A leader alone is no force (2.0: "any number of
 * soldiers, i.e. strength points"): he is taken with them (15.2). */
void tq_capture_unguarded(struct tq_play *p, int area, enum tq_side taker)
{
	enum tq_side owner = tq_other(taker);
	struct tq_presence *pr = &p->s->area[area].side[owner];
	struct tq_sps field = tq_field_sps(p->s, area, owner);
	if (tq_sps_total(&field) || tq_sps_total(&pr->walls) ||
	    !tq_forces_in(p->d, p->s, area, taker))
		return;
	leaders_alone_taken(p, area, owner);
	int t = pr->field.trains + pr->field.captured;
	if (t) {
		p->s->side[owner].expended = (short)(p->s->side[owner].expended + pr->field.trains);
		p->s->area[area].side[taker].field.captured =
			(short)(p->s->area[area].side[taker].field.captured + t);
		pr->field.trains = pr->field.captured = pr->field.trains_moved = 0;
		tq_tell(p, "%d %s baggage trains in %s are captured (5.4.4 a)", t,
			p->d->side_name[owner], p->d->areas[area].id);
	}
	captured_supplies(p, owner, area);
}

void tq_unguarded_supplies(struct tq_play *p, int area)
{
	tq_capture_unguarded(p, area, mover(p));
}

static void retreat_to(struct tq_play *p, int to)
{
	struct tq_endeavor *en = endeavor(p);
	if (to == en->at) {
		tq_walls_retreat(p, (enum tq_side)en->loser, en->at);
		tq_after_battle(p);
		return;
	}
	tq_tell(p, "The %s retreat from %s to %s (11.4)", p->d->side_name[en->loser],
		p->d->areas[en->at].id, p->d->areas[to].id);
	tq_move_all(p->d, p->s, en->loser, en->at, to);
	captured_supplies(p, en->loser, en->at);
	tq_after_battle(p);
}

/* 11.4.5: the nearest un-besieged friendly force, or none (-1). */
static int nearest_friends(struct tq_play *p, enum tq_side side, int from)
{
	int dist[TQ_MAX_AREAS], best = -1;
	struct tq_sps x;
	tq_distances(p->d, from, dist);
	for (int a = 0; a < p->d->nareas; a++) {
		x = tq_field_sps(p->s, a, side);
		if (a != from && dist[a] > 0 && tq_sps_total(&x) &&
		    (best < 0 || dist[a] < dist[best]))
			best = a;
	}
	return best;
}

/* 11.4.5: each leader's escape. */
static int leaders_escape(struct tq_play *p, enum tq_side side, int at)
{
	short ls[TQ_MAX_LEADERS];
	char what[120];
	bool ok;
	int n = tq_leaders_in(p->d, p->s, at, side, ls, TQ_MAX_LEADERS);
	for (int i = 0; i < n; i++) {
		const struct tq_leader *l = &p->d->leaders[ls[i]];
		snprintf(what, sizeof what, "%s's escape, tactical rating %d (11.4.5)", l->name,
			 l->counter.tactical);
		if (tq_leader_escapes(l->counter.tactical, tq_die(p, what), &ok, p->why, p->whylen))
			return -1;
		int to = ok ? nearest_friends(p, side, at) : -1;
		if (to >= 0) {
			p->s->leader[ls[i]].area = (short)to;
			tq_tell(p, "%s escapes to %s (11.4.5)", l->name, p->d->areas[to].id);
		} else if (tq_leader_lost(p, ls[i], TQ_POW)) {
			endeavor(p)->pending = (short)side;
		}
	}
	return 0;
}

/* 11.4.1, 11.4.2: a force that cannot retreat. */
static int unable(struct tq_play *p)
{
	struct tq_endeavor *en = endeavor(p);
	enum tq_side loser = en->loser, winner = tq_other(loser);
	struct tq_combat_numbers n;
	if (tq_combat_numbers(p->d, &n, p->why, p->whylen))
		return -1;
	struct tq_force f = force_of(p, loser, en->at);
	struct tq_losses l = tq_unable_to_retreat(&n, &f);
	struct tq_presence *pr = &p->s->area[en->at].side[loser];
	int trains = pr->field.trains + pr->field.captured;
	tq_tell(p, "The %s cannot retreat from %s: %d militia are eliminated, %d regulars "
		   "lost, %d of them prisoners (11.4.1)", p->d->side_name[loser],
		p->d->areas[en->at].id, l.militia, l.regulars, l.prisoners);
	tq_remove_losses(p, loser, en->at, &l);
	p->s->side[winner].pow = (short)(p->s->side[winner].pow + l.prisoners);
	if (trains) {
		p->s->side[loser].expended = (short)(p->s->side[loser].expended + pr->field.trains);
		p->s->area[en->at].side[winner].field.captured =
			(short)(p->s->area[en->at].side[winner].field.captured + trains);
		pr->field.trains = pr->field.captured = pr->field.trains_moved = 0;
		tq_tell(p, "%d baggage trains are captured (11.4.2)", trains);
	}
	captured_supplies(p, loser, en->at);
	en->pending = 0;
	if (leaders_escape(p, loser, en->at))
		return -1;
	if (en->pending)
		en->stage = TQ_STAGE_C_IN_C;
	else
		tq_after_battle(p);
	return 0;
}

/* 17.1.3 A: "If the British lose the battle, any survivors (including
 * their Base of Operations) must retreat to the 'At Sea' box." */
static void to_sea(struct tq_play *p)
{
	struct tq_endeavor *en = endeavor(p);
	struct tq_state *s = p->s;
	struct tq_presence *pr = &s->area[en->at].side[TQ_BRITISH];
	short ls[TQ_MAX_LEADERS];
	int n = tq_leaders_in(p->d, s, en->at, TQ_BRITISH, ls, TQ_MAX_LEADERS);
	tq_sps_add(&s->at_sea, &pr->ready, 1);
	tq_sps_add(&s->at_sea, &pr->moved, 1);
	s->at_sea_trains = (short)(s->at_sea_trains + pr->field.trains);
	s->embarked = s->month; /* 10.5.10: "moved": no other landing this turn */
	pr->ready = pr->moved = (struct tq_sps){ 0 };
	pr->field.trains = pr->field.trains_moved = 0;
	for (int i = 0; i < n; i++)
		s->leader[ls[i]].where = TQ_AT_SEA_BOX;
	if (s->area[en->at].base[TQ_BRITISH]) {
		s->area[en->at].base[TQ_BRITISH] = false;
		s->side[TQ_BRITISH].base = -1;
		s->side[TQ_BRITISH].base_at_sea = true;
	}
	tq_tell(p, "The British survivors return to the At Sea box (%s)",
		en->by_sea ? "10.5.10" : "17.1.3 A");
	en->stage = TQ_STAGE_END;
}

static int retreat_stage(struct tq_play *p)
{
	struct tq_endeavor *en = endeavor(p);
	int out[TQ_MAX_AREAS], n;
	struct tq_order o;
	if (!tq_forces_in(p->d, p->s, en->at, en->loser)) {
		captured_supplies(p, en->loser, en->at);
		tq_after_battle(p);
		return 0;
	}
	if (en->sally && en->loser == en->side) { /* 4.5.2 */
		tq_tell(p, "The sally is beaten back (4.5.2)");
		tq_walls_retreat(p, (enum tq_side)en->loser, en->at);
		tq_after_battle(p);
		return 0;
	}
	/* 17.1.3 A; 10.5.10: "If they lose the battle, the surviving forces
	 * are returned to the 'At Sea' box" */
	if ((p->s->first_turn || en->by_sea) && en->loser == TQ_BRITISH &&
	    en->side == TQ_BRITISH) {
		to_sea(p);
		return 0;
	}
	n = after_areas(p, out);
	bool walls = tq_walls_room(p, (enum tq_side)en->loser, en->at);
	if (!n && !walls)
		return unable(p);
	if (n == 1 && !walls) {
		retreat_to(p, out[0]); /* no choice to ask */
		return 0;
	}
	if (tq_standing_answer(p, en->loser, TQ_ASK_RETREAT, after_usable, &o))
		retreat_to(p, o.at);
	else
		tq_ask(p->s, TQ_ASK_RETREAT, en->loser);
	return 0;
}

/* ---- the entry points (tq_endeavor.h) ---- */

int tq_battle_run(struct tq_play *p)
{
	switch (endeavor(p)->stage) {
	case TQ_STAGE_RETREAT_BEFORE:
		return before_stage(p);
	case TQ_STAGE_BAYONETS:
		return bayonets_stage(p);
	case TQ_STAGE_BATTLE:
		return fight(p);
	case TQ_STAGE_RETREAT:
		return retreat_stage(p);
	case TQ_STAGE_C_IN_C:
		return c_in_c_stage(p);
	case TQ_STAGE_WALLS:
		return tq_walls_stage(p);
	case TQ_STAGE_SIEGE:
		return tq_siege_stage(p);
	case TQ_STAGE_CASUALTIES:
		return tq_casualties_stage(p);
	default:
		return wj_why(p->why, p->whylen, "the endeavour stands at no stage known (%d)",
			      endeavor(p)->stage);
	}
}

int tq_battle_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	const char *want = NULL;
	if (p->s->question == TQ_ASK_WALLS || p->s->question == TQ_ASK_SIEGE)
		return tq_walls_answer(p, side, o);
	if (p->s->question == TQ_ASK_CASUALTIES)
		return tq_casualties_answer(p, side, o);
	switch (p->s->question) {
	case TQ_ASK_RETREAT_BEFORE:
		if (!before_usable(p, o))
			want = "retreat before combat to AREA (an area the force may move into, "
			       "free of the enemy), or stand (11.3)";
		break;
	case TQ_ASK_BAYONETS:
		if (o->kind != TQ_YES && o->kind != TQ_NO)
			want = "bayonets or no (11.2.1)";
		break;
	case TQ_ASK_RETREAT:
		if (!after_usable(p, o))
			want = "retreat to AREA, an adjacent area open to the retreat (11.4), or "
			       "the battle's own area: within your walls, if they have room (4.2.5)";
		break;
	case TQ_ASK_C_IN_C:
		if (!c_in_c_usable(p, o))
			want = "c-in-c NAME, a general of yours on the board, not besieged (11.2.6)";
		break;
	default:
		want = "an answer this endeavour does not ask yet (issue 23)";
	}
	if (want)
		return wj_why(p->why, p->whylen, "the %s must answer: %s", p->d->side_name[side], want);
	tq_answered(p->s);
	switch (p->s->hidden.endeavor.stage) {
	case TQ_STAGE_RETREAT_BEFORE:
		return retreat_before(p, o);
	case TQ_STAGE_BAYONETS:
		bayonets(p, o->kind == TQ_YES);
		return 0;
	case TQ_STAGE_RETREAT:
		retreat_to(p, o->at);
		return 0;
	default:
		new_c_in_c(p, o->leader);
		return 0;
	}
}
