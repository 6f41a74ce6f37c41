/* Tarleton's Quarter!'s Siege Resolution Phase (seed 001, 3.0 A and G,
 * 4.7): the Siege 2 places surrender or stand the final assault (4.7.4,
 * 4.7.6), the Siege 1 places are summoned (4.7.1-4.7.3), the rest flip to
 * Siege 2; a surrender (4.7.5). The final assault's numbers are
 * tq_combat.c's. Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_combat.h"
#include "tq_endeavor.h"
#include "tq_move.h"
#include "tq_setup.h"
#include "tq_turn.h"

enum { A_SIEGE2, A_SIEGE1, A_FLIP, A_END };

static enum tq_side besieged_side(const struct tq_state *s, int a)
{
	return tq_other((enum tq_side)s->area[a].besieger);
}

static int number(const struct tq_data *d, const char *key)
{
	int v = 0;
	tq_number(d, "forts_and_sieges", key, &v);
	return v;
}

static void siege_off(struct tq_state *s, int a)
{
	s->area[a].siege = 0;
	s->area[a].besieger = TQ_NOBODY;
}

/* 11.5: "in the case of siege, [the winner] is in possession of the
 * fort/city after siege resolution". */
static void major_victory(struct tq_play *p, enum tq_side winner, int a_sp, int b_sp)
{
	struct tq_combat_numbers n;
	char why[128];
	if (tq_combat_numbers(p->d, &n, why, sizeof why) || !tq_major_victory(&n, a_sp, b_sp))
		return;
	p->s->major_victory = winner;
	tq_tell(p, "The Major Victory marker: %s side up (11.5)", p->d->side_name[winner]);
}

/* ---- what the besieged lose ---- */

/* Their supplies: the besieger takes a captured train for each (4.7.5);
 * after an assault only for the magazines (4.7.6 b ii). Own trains and
 * magazines go to their Expended box (5.4.4). */
static void supplies_taken(struct tq_play *p, int a, bool all)
{
	struct tq_state *s = p->s;
	enum tq_side b = besieged_side(s, a), w = (enum tq_side)s->area[a].besieger;
	struct tq_presence *pr = &s->area[a].side[b];
	int own = pr->inside.trains + pr->inside.magazines + pr->field.trains + pr->field.magazines;
	int taken = all ? own + pr->inside.captured + pr->field.captured
			: pr->inside.magazines + pr->field.magazines;
	s->side[b].expended = (short)(s->side[b].expended + own);
	s->area[a].side[w].field.captured = (short)(s->area[a].side[w].field.captured + taken);
	pr->inside = pr->field = (struct tq_supply){ 0 };
	if (taken)
		tq_tell(p, "The %s take %d captured baggage trains at %s (4.7.5, 5.4.4)",
			p->d->side_name[w], taken, p->d->areas[a].id);
}

/* The besieged leaders: to the turn track (4.7.5) or POWs (4.7.6 b ii). */
static void leaders_taken(struct tq_play *p, int a, enum tq_where where)
{
	struct tq_state *s = p->s;
	enum tq_side b = besieged_side(s, a);
	for (int l = 0; l < p->d->nleaders; l++) {
		struct tq_leader_state *ls = &s->leader[l];
		if (p->d->leaders[l].side != b || ls->where != TQ_ON_MAP || ls->area != a || !ls->walls)
			continue;
		*ls = (struct tq_leader_state){ .where = where,
						.returns = s->month +
							   number(p->d, "surrendered_return_months") };
		if (where != TQ_TURN_TRACK)
			ls->returns = 0;
		tq_tell(p, "%s %s", p->d->leaders[l].name,
			where == TQ_POW ? "is taken prisoner (4.7.6 b ii)"
					: "goes to the turn track with the Honors of War (4.7.5)");
	}
	s->side[b].c_in_c = (short)tq_senior_c_in_c(p->d, s, b);
	if (where == TQ_POW)
		tq_c_in_c_succession(p, b);
}

/* 4.7.5: the city or fort surrenders. */
static void surrender(struct tq_play *p, int a)
{
	struct tq_state *s = p->s;
	enum tq_side b = besieged_side(s, a), w = (enum tq_side)s->area[a].besieger;
	struct tq_sps *walls = &s->area[a].side[b].walls;
	int months = number(p->d, "surrendered_return_months");
	struct tq_sps back = { .regulars = walls->regulars, .cavalry = walls->cavalry,
			       .french_regulars = walls->french_regulars,
			       .french_cavalry = walls->french_cavalry };
	int sp = tq_sps_total(walls), besieger_sp = tq_sps_total(&s->area[a].side[w].ready);
	struct tq_combat_numbers n;

	tq_tell(p, "%s surrenders to the %s (4.7.5)", p->d->areas[a].id, p->d->side_name[w]);
	if (months >= 0 && months < TQ_RETURN_MONTHS)
		tq_sps_add(&s->side[b].returning[months], &back, 1);
	*walls = (struct tq_sps){ 0 };
	leaders_taken(p, a, TQ_TURN_TRACK);
	supplies_taken(p, a, true);
	if (s->area[a].fort != TQ_NO_FORT)
		s->area[a].fort_side = (short)w;
	siege_off(s, a);
	major_victory(p, w, besieger_sp, sp);
	if (!tq_combat_numbers(p->d, &n, p->why, p->whylen)) {
		tq_turn_owed_at(s, a, false, false);
		tq_turn_owe(p, w, tq_besieger_loss(&n, sp));
	}
}

/* ---- the final assault (4.7.6) ---- */

/* The leader commanding side's leaders in the area, within the walls or
 * outside (11.1). */
static struct tq_commander commander(const struct tq_play *p, int a, enum tq_side side,
				     bool walls)
{
	struct tq_ranked r[TQ_MAX_LEADERS];
	struct tq_commander c = { 0 };
	int n = 0, best;
	for (int l = 0; l < p->d->nleaders; l++) {
		const struct tq_leader_state *ls = &p->s->leader[l];
		if (p->d->leaders[l].side == side && ls->where == TQ_ON_MAP && ls->area == a &&
		    ls->walls == walls)
			r[n++] = (struct tq_ranked){ .leader = l, .c_in_c = ls->c_in_c };
	}
	best = tq_commander(p->d, r, n);
	if (best < 0)
		return c;
	c.present = true;
	c.audacity = p->d->leaders[r[best].leader].counter.audacity;
	c.tactical = p->d->leaders[r[best].leader].counter.tactical;
	c.kind = p->d->leaders[r[best].leader].counter.kind;
	int v = 0;
	c.morgan = tq_number(p->d, "morgan", p->d->leaders[r[best].leader].name, &v) && v;
	return c;
}

static struct tq_force force_of(const struct tq_play *p, int a, enum tq_side side, bool walls)
{
	const struct tq_presence *pr = &p->s->area[a].side[side];
	const struct tq_sps *x = walls ? &pr->walls : &pr->ready;
	struct tq_force f = { .side = side, .regulars = x->regulars, .cavalry = x->cavalry,
			      .loyalists = x->loyalists, .french_regulars = x->french_regulars,
			      .french_cavalry = x->french_cavalry };
	for (int c = 0; c < TQ_COLONIES; c++)
		f.militia += x->militia[c];
	f.leader = commander(p, a, side, walls);
	return f;
}

/* 4.7.6 b ii: the besieger won the assault. */
static void assault_won(struct tq_play *p, int a, const struct tq_final_assault *fa, int w_sp,
			int b_sp)
{
	struct tq_state *s = p->s;
	enum tq_side b = besieged_side(s, a), w = (enum tq_side)s->area[a].besieger;

	tq_tell(p, "The assault carries %s: %d militia SP eliminated, %d regular SP prisoners "
		"(4.7.6 b ii)", p->d->areas[a].id, fa->besieged.militia, fa->besieged.prisoners);
	s->side[w].pow = (short)(s->side[w].pow + fa->besieged.prisoners);
	s->area[a].side[b].walls = (struct tq_sps){ 0 };
	leaders_taken(p, a, TQ_POW);
	supplies_taken(p, a, false);
	if (s->area[a].fort != TQ_NO_FORT) {
		s->area[a].fort = TQ_NO_FORT;
		s->area[a].fort_side = TQ_NOBODY;
		tq_tell(p, "The fort at %s is destroyed (4.7.6 b ii)", p->d->areas[a].id);
	}
	siege_off(s, a);
	major_victory(p, w, w_sp, b_sp);
}

/* The besiegers go to retreat_to after their losses (4.7.6 a, b i). */
static void retreat_later(struct tq_play *p, int a, int to, int loss)
{
	struct tq_state *s = p->s;
	enum tq_side w = (enum tq_side)s->area[a].besieger;
	int w_sp = tq_sps_total(&s->area[a].side[w].ready);
	int b_sp = tq_sps_total(&s->area[a].side[tq_other(w)].walls);
	/* the siege stands until they are gone (retreat) */
	major_victory(p, tq_other(w), w_sp, b_sp);
	s->retreat_pending = true;
	s->retreat_to = (short)to;
	tq_turn_owed_at(s, a, false, false);
	tq_turn_owe(p, w, loss);
}

static int final_assault(struct tq_play *p, int a, int to)
{
	struct tq_state *s = p->s;
	enum tq_side w = (enum tq_side)s->area[a].besieger, b = besieged_side(s, a);
	struct tq_force fw = force_of(p, a, w, false), fb = force_of(p, a, b, true);
	struct tq_combat_numbers n;
	struct tq_final_assault fa;
	int dw, db;
	char what[96];

	if (tq_combat_numbers(p->d, &n, p->why, p->whylen))
		return -1;
	snprintf(what, sizeof what, "Final assault on %s, the %s", p->d->areas[a].id,
		 p->d->side_name[w]);
	dw = tq_die(p, what);
	snprintf(what, sizeof what, "Final assault on %s, the %s", p->d->areas[a].id,
		 p->d->side_name[b]);
	db = tq_die(p, what);
	if (tq_final_assault(&n, &fw, &fb, dw, db, &fa, p->why, p->whylen))
		return -1;
	tq_tell(p, "The final assault: %d against %d (4.7.6 b)", fa.besieger_total,
		fa.besieged_total);
	if (!fa.besieger_won) {
		tq_tell(p, "The assault on %s fails: the %s lose %d SP and retreat (4.7.6 b i)",
			p->d->areas[a].id, p->d->side_name[w], fa.besieger_loss);
		retreat_later(p, a, to, fa.besieger_loss);
		return 0;
	}
	assault_won(p, a, &fa, tq_force_sp(&fw), tq_force_sp(&fb));
	tq_turn_owed_at(s, a, false, false);
	tq_turn_owe(p, w, fa.besieger_loss);
	return 0;
}

/* ---- the besiegers' retreat (4.7.6 a, b i; 11.4) ---- */

static struct tq_movers movers_of(const struct tq_state *s, int a, enum tq_side side)
{
	const struct tq_presence *pr = &s->area[a].side[side];
	const struct tq_sps *x = &pr->ready;
	struct tq_movers m = { .side = side };
	bool british = side == TQ_BRITISH;
	m.count[british ? TQ_BRITISH_REGULAR : TQ_CONTINENTAL_REGULAR] = x->regulars;
	m.count[british ? TQ_BRITISH_CAVALRY : TQ_CONTINENTAL_CAVALRY] = x->cavalry;
	m.count[TQ_LOYALIST_MILITIA] = x->loyalists;
	m.count[TQ_FRENCH_REGULAR] = x->french_regulars;
	m.count[TQ_FRENCH_CAVALRY] = x->french_cavalry;
	for (int c = 0; c < TQ_COLONIES; c++)
		m.count[TQ_CONTINENTAL_MILITIA] += x->militia[c];
	m.count[TQ_BAGGAGE_TRAIN] = pr->field.trains + pr->field.captured;
	return m;
}

/* 11.4: an adjacent area the besiegers may retreat to. */
static int retreat_check(struct tq_play *p, int a, int to)
{
	const struct tq_state *s = p->s;
	enum tq_side w = (enum tq_side)s->area[a].besieger;
	struct tq_movers m = movers_of(s, a, w);
	bool enemy[TQ_MAX_AREAS] = { false };
	int out[TQ_MAX_AREA_BORDERS * 2], n;
	for (int x = 0; x < p->d->nareas; x++)
		enemy[x] = tq_side_sp(s, x, tq_other(w)) > 0;
	n = tq_retreat_after(p->d, &m, s->weather, a, enemy, out,
			     (int)(sizeof out / sizeof *out));
	for (int i = 0; i < n; i++)
		if (out[i] == to)
			return 0;
	if (!n)
		return wj_why(p->why, p->whylen, "the besiegers of %s have nowhere to retreat "
			      "(11.4): that is not built; they assault or stand",
			      p->d->areas[a].id);
	return wj_why(p->why, p->whylen, "the besiegers of %s retreat to an adjacent area "
		      "(11.4): say \"... to %s\"", p->d->areas[a].id, p->d->areas[out[0]].id);
}

/* Everything of the besieger outside the walls moves to retreat_to. */
static void retreat(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int a = s->owed_area, to = s->retreat_to;
	enum tq_side w = (enum tq_side)s->area[a].besieger;
	struct tq_presence *from = &s->area[a].side[w], *dest = &s->area[to].side[w];

	tq_sps_add(&dest->ready, &from->ready, 1);
	tq_sps_add(&dest->moved, &from->moved, 1);
	from->ready = from->moved = (struct tq_sps){ 0 };
	dest->field.trains = (short)(dest->field.trains + from->field.trains);
	dest->field.captured = (short)(dest->field.captured + from->field.captured);
	from->field.trains = from->field.captured = 0;
	for (int l = 0; l < p->d->nleaders; l++)
		if (p->d->leaders[l].side == w && s->leader[l].where == TQ_ON_MAP &&
		    s->leader[l].area == a && !s->leader[l].walls)
			s->leader[l].area = (short)to;
	s->retreat_pending = false;
	siege_off(s, a);
	tq_walls_open(p, a); /* the siege broken, the garrison is no longer besieged */
	tq_tell(p, "The %s retreat from %s to %s (4.7.6)", p->d->side_name[w], p->d->areas[a].id,
		p->d->areas[to].id);
}

/* ---- the steps ---- */

/* 4.7.1: the side laying siege to the most cities and forts summons
 * first (the British on a tie: ruling); kept in s->to_move, which the
 * Endeavors Phase sets anew. */
static enum tq_side summons_first(const struct tq_data *d, const struct tq_state *s)
{
	int n[TQ_SIDES] = { 0 };
	for (int a = 0; a < d->nareas; a++)
		if (s->area[a].siege && s->area[a].besieger > 0 && s->area[a].besieger < TQ_SIDES)
			n[s->area[a].besieger]++;
	return n[TQ_CONTINENTAL] > n[TQ_BRITISH] ? TQ_CONTINENTAL : TQ_BRITISH;
}

static bool a_siege(const struct tq_state *s, int a, int level)
{
	return s->area[a].siege == level &&
	       (s->area[a].besieger == TQ_BRITISH || s->area[a].besieger == TQ_CONTINENTAL);
}

/* 4.7.4: each Siege 2 place surrenders or stands. */
static int siege2(struct tq_play *p)
{
	struct tq_state *s = p->s;
	while (s->cursor < p->d->nareas) {
		int a = s->cursor++;
		if (!a_siege(s, a, 2))
			continue;
		s->owed_area = (short)a;
		tq_turn_ask(p, TQ_ASK_SURRENDER, besieged_side(s, a));
		return 0;
	}
	return 1;
}

/* 4.7.1-4.7.2: the summons, one siege at a time, the first side's all
 * first. s->cursor: pass * areas + area. */
static int siege1(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int nareas = p->d->nareas;
	if (s->cursor == 0)
		s->to_move = (short)summons_first(p->d, s);
	while (s->cursor < 2 * nareas) {
		int a = s->cursor % nareas;
		enum tq_side by = s->cursor < nareas ? (enum tq_side)s->to_move
						     : tq_other((enum tq_side)s->to_move);
		s->cursor++;
		if (!a_siege(s, a, 1) || s->area[a].besieger != (short)by)
			continue;
		s->owed_area = (short)a;
		tq_turn_ask(p, TQ_ASK_SUMMONS, by);
		return 0;
	}
	return 1;
}

/* 4.7.3: the Siege 1 markers left flip to Siege 2. */
static void flip(struct tq_play *p)
{
	for (int a = 0; a < p->d->nareas; a++)
		if (a_siege(p->s, a, 1)) {
			p->s->area[a].siege = 2;
			tq_tell(p, "The siege of %s goes on: Siege 2 (4.7.3)", p->d->areas[a].id);
		}
}

int tq_siege_run(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int r = 1;
	if (s->retreat_pending)          /* the losses are taken: now the retreat */
		retreat(p);
	switch (s->step) {
	case A_SIEGE2: r = siege2(p); break;
	case A_SIEGE1: r = siege1(p); break;
	case A_FLIP: flip(p); break;
	default: return 1;
	}
	if (r == 1) {
		s->step++;
		s->cursor = 0;
	}
	return 0;
}

static int yes_or_no(struct tq_play *p, const struct tq_order *o, const char *what)
{
	if (o->kind != TQ_YES && o->kind != TQ_NO)
		return wj_why(p->why, p->whylen, "%s", what);
	return 0;
}

static int surrender_answer(struct tq_play *p, int a, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	enum tq_side b = besieged_side(s, a);
	if (yes_or_no(p, o, "\"surrender\" or \"stand\" (4.7.2-4.7.4)"))
		return -1;
	tq_answered(s);
	if (o->kind == TQ_YES) {
		surrender(p, a);
		return 0;
	}
	tq_tell(p, "The %s at %s stand (4.7.%s)", p->d->side_name[b], p->d->areas[a].id,
		s->area[a].siege == 2 ? "4" : "3");
	if (s->area[a].siege == 2)
		tq_ask(s, TQ_ASK_ASSAULT, tq_other(b));
	return 0;
}

/* 4.7.6: assault or break; either names where the besiegers retreat if
 * they must (ruling). */
static int assault_answer(struct tq_play *p, int a, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_combat_numbers n;
	int b_sp = tq_sps_total(&s->area[a].side[besieged_side(s, a)].walls);
	if (yes_or_no(p, o, "\"assault to S21\" or \"break to S21\": the area says where the "
		      "besiegers retreat if they must (4.7.6)"))
		return -1;
	if (o->at < 0)
		return wj_why(p->why, p->whylen, "say where the besiegers retreat if they must: "
			      "\"assault to S21\", \"break to S21\" (4.7.6)");
	if (retreat_check(p, a, o->at) || tq_combat_numbers(p->d, &n, p->why, p->whylen))
		return -1;
	tq_answered(s);
	if (o->kind == TQ_YES)
		return final_assault(p, a, o->at);
	tq_tell(p, "The %s break the siege of %s (4.7.6 a)", p->d->side_name[s->area[a].besieger],
		p->d->areas[a].id);
	retreat_later(p, a, o->at, tq_besieger_loss(&n, b_sp));
	return 0;
}

int tq_siege_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	int a = s->owed_area;
	(void)side;
	if (a < 0 || a >= p->d->nareas || !s->area[a].siege)
		return wj_why(p->why, p->whylen, "no siege is asked about");
	switch (s->question) {
	case TQ_ASK_SUMMONS:
		if (yes_or_no(p, o, "\"summon\" (yes) or \"no\" (4.7.2)"))
			return -1;
		tq_answered(s);
		tq_tell(p, "The %s %s %s (4.7.2)", p->d->side_name[side],
			o->kind == TQ_YES ? "summon" : "do not summon", p->d->areas[a].id);
		if (o->kind == TQ_YES)
			tq_turn_ask(p, TQ_ASK_SURRENDER, besieged_side(s, a));
		return 0;
	case TQ_ASK_SURRENDER:
		return surrender_answer(p, a, o);
	default:
		return assault_answer(p, a, o);
	}
}
