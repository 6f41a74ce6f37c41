/* Tarleton's Quarter!'s set-up as played (17.2.2, 17.3.1, 17.4.1-17.4.3,
 * with 6.5's generation and 5.1's attrition): tq_setup (tq_setup.c) builds
 * the start position and s->to_place says what is left to declare, place
 * or roll; this file takes it down to nothing, step by step (s->step in
 * phase TQ_SETUP), then the first turn begins (3.0 A). The readings are
 * in docs/rulings.md, "Tarleton's Quarter!: the set-up as played".
 *
 * The steps, each skipped when its to_place part is empty:
 *   SU_DECLARE      17.4.1: the British declare the colonies he may invade
 *   SU_CONTINENTAL  17.4.2: the Continental player sets up his pieces
 *   SU_BRITISH      17.4.3: the British player sets up what is left to him
 *   SU_SPECIAL      17.3.1: a roll per asterisked leader, placed with him
 *   SU_GENERATE     17.2.2, 6.5: a roll per colony
 *   SU_MILITIA      6.5: the Continental player places what was raised
 *                   (held meanwhile in to_place.sps.militia)
 *   SU_ATTRITION    17.2.2, 5.1: a roll per colony, the spared ones aside
 *   SU_LEADERS      17.2.2: the militia leaders on their colony's militia
 *   SU_END          the first turn begins
 * A step of placements ends with "done" (the guide's "place them, then
 * done", tq_report.c), refused while anything is left: the seed leaves
 * no piece out. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "tq_engine.h"
#include "tq_logistics.h"
#include "tq_setup.h"

enum tq_setup_step {
	SU_DECLARE, SU_CONTINENTAL, SU_BRITISH, SU_SPECIAL, SU_GENERATE, SU_MILITIA,
	SU_ATTRITION, SU_LEADERS, SU_END
};

#define SP_KINDS (5 + TQ_COLONIES)
#define LEFT_TEXT 200

/* ---- small facts of the position ---- */

/* The SP counts of x, one pointer a kind, in the order of tq_sp_name. */
static void tq_sp_fields(struct tq_sps *x, short *f[SP_KINDS])
{
	f[0] = &x->regulars, f[1] = &x->cavalry, f[2] = &x->loyalists;
	f[3] = &x->french_regulars, f[4] = &x->french_cavalry;
	for (int c = 0; c < TQ_COLONIES; c++)
		f[5 + c] = &x->militia[c];
}

static void tq_sp_name(const struct tq_data *d, int k, char *out, size_t len)
{
	static const char *const NAMES[5] = { "regulars", "cavalry", "Loyalist militia",
					      "French regulars", "French cavalry" };
	if (k < 5)
		snprintf(out, len, "%s", NAMES[k]);
	else
		snprintf(out, len, "%s militia", d->colony_mil[k - 5]);
}

static int tq_sp_total(const struct tq_sps *x)
{
	struct tq_sps copy = *x;
	short *f[SP_KINDS];
	int n = 0;
	tq_sp_fields(&copy, f);
	for (int k = 0; k < SP_KINDS; k++)
		n += *f[k];
	return n;
}

/* An area as the players read it: "S5 (Ninety-Six)". */
static const char *tq_area_text(const struct tq_data *d, int a, char *out, size_t len)
{
	const struct tq_area *x = &d->areas[a];
	if (x->name[0])
		snprintf(out, len, "%s (%s)", x->id, x->name);
	else
		snprintf(out, len, "%s", x->id);
	return out;
}

static int tq_sps_in(const struct tq_presence *pr)
{
	return tq_sp_total(&pr->ready) + tq_sp_total(&pr->moved) + tq_sp_total(&pr->walls);
}

/* 2.0 Control: a side's force in an area with no enemy force, those
 * under siege included. */
static bool tq_controlled_by(const struct tq_state *s, int a, enum tq_side side)
{
	enum tq_side other = side == TQ_BRITISH ? TQ_CONTINENTAL : TQ_BRITISH;
	return tq_sps_in(&s->area[a].side[side]) > 0 && tq_sps_in(&s->area[a].side[other]) == 0;
}

/* 6.5: may colony's new militia be placed in area a? */
static bool tq_militia_may_go(const struct tq_play *p, int a, enum tq_colony colony)
{
	return tq_militia_may_appear_in(p->d, a, colony, tq_controlled_by(p->s, a, TQ_BRITISH),
					p->s->area[a].siege > 0, false);
}

/* Continental militia of colony in area a, outside the walls or in. */
static int tq_militia_at(const struct tq_state *s, int a, int colony)
{
	const struct tq_presence *pr = &s->area[a].side[TQ_CONTINENTAL];
	return pr->ready.militia[colony] + pr->moved.militia[colony] + pr->walls.militia[colony];
}

static bool tq_in_list(const short *v, int n, int x, int *at)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x) {
			*at = i;
			return true;
		}
	return false;
}

static void tq_list_drop(short *v, short *n, int i)
{
	memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) * sizeof *v);
	(*n)--;
}

/* Take x out of the list, if it is in it. */
static void tq_list_remove(short *v, short *n, int x)
{
	int at = 0;
	if (tq_in_list(v, *n, x, &at))
		tq_list_drop(v, n, at);
}

/* What tp still holds, as an order would name it. */
static void tq_left_text(const struct tq_data *d, const struct tq_to_place *tp, char *out,
			 size_t len)
{
	struct tq_sps copy = tp->sps;
	short *f[SP_KINDS];
	char name[40];
	size_t n = 0;

	out[0] = 0;
	tq_sp_fields(&copy, f);
	for (int k = 0; k < SP_KINDS; k++)
		if (*f[k] && n < len) {
			tq_sp_name(d, k, name, sizeof name);
			n += (size_t)snprintf(out + n, len - n, "%s%d %s", n ? ", " : "", *f[k], name);
		}
	for (int i = 0; i < tp->nleaders && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, "%s%s", n ? ", " : "",
				      d->leaders[tp->leaders[i]].name);
	if (tp->trains && n < len)
		snprintf(out + n, len - n, "%s%d baggage trains or magazines", n ? ", " : "",
			 tp->trains);
}

/* What a placement placed, as its order says it less the word "place":
 * "3 regulars, Lincoln at S11". */
static const char *tq_placed_text(const struct tq_play *p, const struct tq_order *o, char *out,
				  size_t len)
{
	static const char PLACE[] = "place ";
	tq_order_format(p->d, o, out, len);
	if (!strncmp(out, PLACE, sizeof PLACE - 1))
		memmove(out, out + sizeof PLACE - 1, strlen(out) - (sizeof PLACE - 1) + 1);
	return out;
}

static bool tq_free_left(const struct tq_to_place *tp)
{
	return tp->nleaders || tp->trains || tq_sp_total(&tp->sps);
}

/* ---- 17.4.1: the declaration ---- */

static int tq_colonies_text(const struct tq_data *d, unsigned colonies, char *out, size_t len)
{
	size_t n = 0;
	int count = 0;
	out[0] = 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		if (colonies & 1u << c && n < len) {
			n += (size_t)snprintf(out + n, len - n, "%s%s", count ? ", " : "",
					      d->colony_name[c]);
			count++;
		}
	return count;
}

static void tq_step_declare(struct tq_play *p)
{
	int n = p->s->to_place[TQ_BRITISH].declare;
	if (!n) {
		p->s->step = SU_CONTINENTAL;
		return;
	}
	tq_ask(p->s, TQ_ASK_SETUP, TQ_BRITISH);
	tq_tell(p, "17.4.1: the British player declares the %d colonies he may invade on the "
		"first turn", n);
}

static int tq_declare(struct tq_play *p, const struct tq_order *o)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_BRITISH];
	char names[LEFT_TEXT];
	int n;

	if (o->kind != TQ_DECLARE)
		return wj_why(p->why, p->whylen, "17.4.1: first the British player declares the %d "
			      "colonies he may invade on the first turn: write declare COLONY, "
			      "COLONY", tp->declare);
	n = tq_colonies_text(p->d, o->colonies, names, sizeof names);
	if (n != tp->declare || o->colonies >> TQ_COLONIES)
		return wj_why(p->why, p->whylen, "17.4.1: declare %d colonies, not %d (%s)",
			      tp->declare, n, names);
	p->s->targets = o->colonies;
	tp->declare = 0;
	tq_tell(p, "17.4.1: the British player declares %s: he may invade no other colony on "
		"the first turn", names);
	tq_answered(p->s);
	p->s->step = SU_CONTINENTAL;
	return 0;
}

/* ---- 17.4.2, 17.4.3: the pieces placed freely ---- */

static void tq_step_free(struct tq_play *p, enum tq_side side)
{
	struct tq_to_place *tp = &p->s->to_place[side];
	char left[LEFT_TEXT], where[LEFT_TEXT];

	if (!tq_free_left(tp)) {
		p->s->step++;
		return;
	}
	tq_left_text(p->d, tp, left, sizeof left);
	tq_colonies_text(p->d, tp->colonies, where, sizeof where);
	tq_ask(p->s, TQ_ASK_SETUP, side);
	tq_tell(p, "%s: the %s player sets up %s, anywhere in %s",
		side == TQ_CONTINENTAL ? "17.4.2" : "17.4.3", p->d->side_name[side], left, where);
}

static int tq_refuse_left(struct tq_play *p, const struct tq_to_place *tp, const char *rule)
{
	char left[LEFT_TEXT];
	tq_left_text(p->d, tp, left, sizeof left);
	return wj_why(p->why, p->whylen, "%s: not done: %s still to place", rule, left);
}

/* The leaders an order names (its lead leader too, if any). */
static int tq_order_leaders(const struct tq_order *o, short *out)
{
	int n = 0;
	if (o->leader >= 0)
		out[n++] = o->leader;
	for (int i = 0; i < o->nleaders && n < TQ_MAX_GROUP; i++)
		out[n++] = o->leaders[i];
	return n;
}

static int tq_check_area(struct tq_play *p, const struct tq_order *o, const char *rule)
{
	if (o->at < 0 || o->at >= p->d->nareas)
		return wj_why(p->why, p->whylen, "%s: say where: place ... at AREA", rule);
	return 0;
}

/* 17.4.2: every piece of o is still to place, and in tp's colonies. */
static int tq_check_free(struct tq_play *p, const struct tq_to_place *tp,
			 const struct tq_order *o, const char *rule)
{
	struct tq_sps want = o->sps, have = tp->sps;
	short *w[SP_KINDS], *h[SP_KINDS], leaders[TQ_MAX_GROUP];
	char name[40], where[LEFT_TEXT], area[LEFT_TEXT];
	int n = tq_order_leaders(o, leaders), at = 0;

	if (tq_check_area(p, o, rule))
		return -1;
	if (!(tp->colonies & 1u << p->d->areas[o->at].colony)) {
		tq_colonies_text(p->d, tp->colonies, where, sizeof where);
		return wj_why(p->why, p->whylen, "%s: %s is not in %s, where the set-up goes",
			      rule, tq_area_text(p->d, o->at, area, sizeof area), where);
	}
	if (!n && !o->trains && !o->magazines && !tq_sp_total(&o->sps))
		return wj_why(p->why, p->whylen, "%s: the placement names nothing to place", rule);
	tq_sp_fields(&want, w), tq_sp_fields(&have, h);
	for (int k = 0; k < SP_KINDS; k++)
		if (*w[k] > *h[k]) {
			tq_sp_name(p->d, k, name, sizeof name);
			return wj_why(p->why, p->whylen, "%s: %d %s to place, but %d are left", rule,
				      *w[k], name, *h[k]);
		}
	if (o->trains + o->magazines > tp->trains)
		return wj_why(p->why, p->whylen, "%s: %d baggage trains and magazines to place, but "
			      "%d are left", rule, o->trains + o->magazines, tp->trains);
	for (int i = 0; i < n; i++)
		if (!tq_in_list(tp->leaders, tp->nleaders, leaders[i], &at))
			return wj_why(p->why, p->whylen, "%s: %s is not among the leaders left to set "
				      "up", rule, p->d->leaders[leaders[i]].name);
	return 0;
}

static void tq_put_leader(struct tq_state *s, int l, int a)
{
	s->leader[l] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)a,
						 .c_in_c = s->leader[l].c_in_c };
}

static void tq_apply_free(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_to_place *tp = &p->s->to_place[side];
	struct tq_presence *pr = &p->s->area[o->at].side[side];
	struct tq_sps want = o->sps;
	short *w[SP_KINDS], *h[SP_KINDS], *r[SP_KINDS], leaders[TQ_MAX_GROUP];
	int n = tq_order_leaders(o, leaders);

	tq_sp_fields(&want, w), tq_sp_fields(&tp->sps, h), tq_sp_fields(&pr->ready, r);
	for (int k = 0; k < SP_KINDS; k++) {
		*h[k] = (short)(*h[k] - *w[k]);
		*r[k] = (short)(*r[k] + *w[k]);
	}
	pr->field.trains = (short)(pr->field.trains + o->trains);
	pr->inside.magazines = (short)(pr->inside.magazines + o->magazines);
	tp->trains = (short)(tp->trains - o->trains - o->magazines);
	for (int i = 0; i < n; i++) {
		tq_list_remove(tp->leaders, &tp->nleaders, leaders[i]);
		tq_put_leader(p->s, leaders[i], o->at);
	}
}

/* "done": the step answered, the run goes on from `next`. */
static int tq_step_done(struct tq_play *p, int next)
{
	tq_answered(p->s);
	p->s->step = (short)next;
	return 0;
}

static bool tq_scenario_rule(const struct tq_play *p, const char *number)
{
	const struct tq_scenario *sc = tq_scenario_by_name(p->d, p->s->scenario);
	for (int i = 0; sc && i < sc->nrules; i++)
		if (!strcmp(sc->rules[i].number, number))
			return true;
	return false;
}

/* 17.1.3 B (in 17.1 and 17.4): "If, at any point, they occupy the same
 * area, Howe is removed from the board. Lincoln then becomes the sole
 * Continental C-in-C." tables.yaml's howe_and_lincoln names the two: the
 * one valued 1 goes when both are in one area, set up or in play. */
void tq_howe_and_lincoln(struct tq_play *p)
{
	int pair[3] = { -1, -1, -1 }, v;

	if (!tq_scenario_rule(p, "17.1.3 B"))
		return;
	for (int l = 0; l < p->d->nleaders; l++)
		if (p->s->leader[l].where == TQ_ON_MAP &&
		    tq_number(p->d, "howe_and_lincoln", p->d->leaders[l].name, &v) && v >= 1 &&
		    v <= 2)
			pair[v] = l;
	if (pair[1] < 0 || pair[2] < 0 || p->s->leader[pair[1]].area != p->s->leader[pair[2]].area)
		return;
	p->s->leader[pair[1]] = (struct tq_leader_state){ .where = TQ_GONE };
	tq_tell(p, "17.1.3 B: %s and %s occupy the same area: %s is removed from the board",
		p->d->leaders[pair[1]].name, p->d->leaders[pair[2]].name, p->d->leaders[pair[1]].name);
	enum tq_side side = p->d->leaders[pair[2]].side;
	p->s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, p->s, side);
}

static int tq_place_free(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_to_place *tp = &p->s->to_place[side];
	const char *rule = side == TQ_CONTINENTAL ? "17.4.2" : "17.4.3";
	char line[LEFT_TEXT];

	if (o->kind == TQ_DONE) {
		if (tq_free_left(tp))
			return tq_refuse_left(p, tp, rule);
		tq_tell(p, "%s: the %s set-up is done", rule, p->d->side_name[side]);
		return tq_step_done(p, p->s->step + 1);
	}
	if (o->kind != TQ_PLACE)
		return wj_why(p->why, p->whylen, "%s: set up your pieces: place 3 regulars, "
			      "Lincoln, 2 trains, 1 magazines at AREA", rule);
	if (tq_check_free(p, tp, o, rule))
		return -1;
	tq_apply_free(p, side, o);
	tq_tell(p, "%s: the %s player places %s", rule, p->d->side_name[side],
		tq_placed_text(p, o, line, sizeof line));
	if (side == TQ_CONTINENTAL)
		tq_howe_and_lincoln(p);
	return 0;
}

/* ---- 17.3.1: the special deployment ---- */

/* The month whose column the set-up's rolls use (6.5, 10.7.2), in the
 * year of the turn. */
static int tq_column_month(const struct tq_state *s, const struct tq_to_place *tp)
{
	return TQ_MONTH(tq_year_of(s->month), tp->column);
}

/* One die on colony's column: the militia SP it raises, or -1 with why. */
static int tq_raise(struct tq_play *p, const char *what, enum tq_colony colony, int *sp)
{
	const struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	int die = tq_die(p, what);
	int roll = tq_generation_roll(p->d, die, p->s->major_victory);

	if (tq_militia_generated(p->d, tq_column_month(p->s, tp), colony, roll, false, sp, p->why,
				 p->whylen))
		return -1;
	tq_tell(p, "6.5: %s's column under %s, modified roll %d: %d militia SP", p->d->colony_name[colony],
		tq_month_name(tp->column), roll, *sp);
	return 0;
}

/* "you roll once for each of the asterisked Leaders above": the militia
 * raised are of the column's colony and placed with the leader who
 * rolled (docs/rulings.md, "Tarleton's Quarter!: the set-up as played"). */
static int tq_step_special(struct tq_play *p)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	char what[120], area[LEFT_TEXT];

	for (int i = 0; i < tp->nrolls; i++) {
		int l = tp->rolls[i], c = tp->roll_colony[i], sp;
		const struct tq_leader_state *ls = &p->s->leader[l];
		if (ls->where != TQ_ON_MAP)
			return wj_why(p->why, p->whylen, "17.3.1: %s rolls for militia but is not on "
				      "the map", p->d->leaders[l].name);
		snprintf(what, sizeof what, "Militia generation (17.3.1), %s on the %s column",
			 p->d->leaders[l].name, p->d->colony_name[c]);
		if (tq_raise(p, what, (enum tq_colony)c, &sp))
			return -1;
		p->s->area[ls->area].side[TQ_CONTINENTAL].ready.militia[c] += (short)sp;
		tq_tell(p, "17.3.1: %d %s militia SP placed with %s at %s", sp,
			p->d->colony_mil[c], p->d->leaders[l].name,
			tq_area_text(p->d, ls->area, area, sizeof area));
	}
	tp->nrolls = 0;
	p->s->step = SU_GENERATE;
	return 0;
}

/* ---- 17.2.2, 6.5: the generation and its placing ---- */

static int tq_step_generate(struct tq_play *p)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	char what[80];

	for (int c = 0; c < TQ_COLONIES; c++) {
		int sp;
		if (!(tp->generate & 1u << c))
			continue;
		snprintf(what, sizeof what, "Militia generation, %s", p->d->colony_name[c]);
		if (tq_raise(p, what, (enum tq_colony)c, &sp))
			return -1;
		tp->sps.militia[c] = (short)(tp->sps.militia[c] + sp);
	}
	tp->generate = 0;
	p->s->step = SU_MILITIA;
	return 0;
}

static bool tq_colony_has_room(const struct tq_play *p, enum tq_colony colony)
{
	for (int a = 0; a < p->d->nareas; a++)
		if (tq_militia_may_go(p, a, colony))
			return true;
	return false;
}

/* 6.5: "If all settlements and cities in a colony are British controlled
 * or under siege, no Continental militia for that colony may be
 * placed." */
static void tq_step_militia(struct tq_play *p)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	char left[LEFT_TEXT];

	for (int c = 0; c < TQ_COLONIES; c++)
		if (tp->sps.militia[c] && !tq_colony_has_room(p, (enum tq_colony)c)) {
			tq_tell(p, "6.5: every settlement and city of %s is British controlled or "
				"under siege: its %d militia SP are not placed", p->d->colony_name[c],
				tp->sps.militia[c]);
			tp->sps.militia[c] = 0;
		}
	if (!tq_sp_total(&tp->sps)) {
		p->s->step = SU_ATTRITION;
		return;
	}
	tq_left_text(p->d, tp, left, sizeof left);
	tq_ask(p->s, TQ_ASK_MILITIA, TQ_CONTINENTAL);
	tq_tell(p, "6.5: the Continental player places the militia raised (%s), each in a "
		"settlement or city of its colony not British controlled nor under siege", left);
}

static int tq_check_militia(struct tq_play *p, const struct tq_to_place *tp,
			    const struct tq_order *o)
{
	char name[40], area[LEFT_TEXT];

	if (tq_check_area(p, o, "6.5"))
		return -1;
	if (o->leader >= 0 || o->nleaders || o->trains || o->magazines || o->sps.regulars ||
	    o->sps.cavalry || o->sps.loyalists || o->sps.french_regulars || o->sps.french_cavalry)
		return wj_why(p->why, p->whylen, "6.5: only the militia raised are placed now "
			      "(17.2.2: the militia leaders come after the attrition)");
	if (!tq_sp_total(&o->sps))
		return wj_why(p->why, p->whylen, "6.5: the placement names no militia");
	for (int c = 0; c < TQ_COLONIES; c++) {
		if (!o->sps.militia[c])
			continue;
		tq_sp_name(p->d, 5 + c, name, sizeof name);
		if (o->sps.militia[c] > tp->sps.militia[c])
			return wj_why(p->why, p->whylen, "6.5: %d %s to place, but %d are left",
				      o->sps.militia[c], name, tp->sps.militia[c]);
		if (!tq_militia_may_go(p, o->at, (enum tq_colony)c))
			return wj_why(p->why, p->whylen, "6.5: %s go to a settlement or city of %s "
				      "not British controlled nor under siege, and %s is not one",
				      name, p->d->colony_name[c],
				      tq_area_text(p->d, o->at, area, sizeof area));
	}
	return 0;
}

static int tq_place_militia(struct tq_play *p, const struct tq_order *o)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	struct tq_sps *ready;
	char line[LEFT_TEXT];

	if (o->kind == TQ_DONE) {
		if (tq_sp_total(&tp->sps))
			return tq_refuse_left(p, tp, "6.5");
		tq_tell(p, "6.5: the militia raised are placed");
		return tq_step_done(p, SU_ATTRITION);
	}
	if (o->kind != TQ_PLACE)
		return wj_why(p->why, p->whylen, "6.5: place the militia raised: place 6 SC militia "
			      "at AREA");
	if (tq_check_militia(p, tp, o))
		return -1;
	ready = &p->s->area[o->at].side[TQ_CONTINENTAL].ready;
	for (int c = 0; c < TQ_COLONIES; c++) {
		ready->militia[c] = (short)(ready->militia[c] + o->sps.militia[c]);
		tp->sps.militia[c] = (short)(tp->sps.militia[c] - o->sps.militia[c]);
	}
	tq_tell(p, "6.5: the Continental player places %s", tq_placed_text(p, o, line, sizeof line));
	return 0;
}

/* ---- 17.2.2, 5.1: the attrition ---- */

/* "with the exception of the 5 SC militia at Ninety-Six": the militia the
 * scenario sets up in the spared area, not those placed there since
 * (docs/rulings.md, "Tarleton's Quarter!: the set-up as played"). */
static int tq_spared(const struct tq_play *p, int a, int colony)
{
	const struct tq_scenario *sc = tq_scenario_by_name(p->d, p->s->scenario);
	int n = 0;

	if (!sc || a != p->s->to_place[TQ_CONTINENTAL].spared_area)
		return 0;
	for (int i = 0; i < sc->setup[TQ_CONTINENTAL].nplacements; i++) {
		const struct tq_placement *pl = &sc->setup[TQ_CONTINENTAL].placements[i];
		if (pl->box == TQ_IN_AREA && pl->area == a)
			n += pl->militia[colony];
	}
	return n;
}

/* The militia of colony in area a the attrition roll may take. */
static int tq_subject(const struct tq_play *p, int a, int colony)
{
	int n = tq_militia_at(p->s, a, colony) - tq_spared(p, a, colony);
	return n > 0 ? n : 0;
}

/* Take lost SPs of colony's militia in area a: the field first, the
 * walls last. */
static void tq_take_militia(struct tq_state *s, int a, int colony, int lost)
{
	struct tq_presence *pr = &s->area[a].side[TQ_CONTINENTAL];
	short *from[3] = { &pr->ready.militia[colony], &pr->moved.militia[colony],
			   &pr->walls.militia[colony] };
	for (int i = 0; i < 3 && lost > 0; i++) {
		int take = *from[i] < lost ? *from[i] : lost;
		*from[i] = (short)(*from[i] - take);
		lost -= take;
	}
}

/* 5.1.1-5.1.4 for one colony: one die, each area's militia of the colony
 * reduced by the percentage. */
static int tq_attrition_colony(struct tq_play *p, int colony)
{
	char what[80], area[LEFT_TEXT];
	int die, percent;

	snprintf(what, sizeof what, "Militia attrition, %s", p->d->colony_name[colony]);
	die = tq_die(p, what);
	if (tq_militia_attrition(p->d, p->s->month, p->s->major_victory, die, &percent, p->why,
				 p->whylen))
		return -1;
	tq_tell(p, "5.1: %s's militia lose %d%% in each area", p->d->colony_name[colony], percent);
	for (int a = 0; a < p->d->nareas; a++) {
		int sp = tq_subject(p, a, colony), lost = tq_attrition_loss(sp, percent);
		if (!lost)
			continue;
		tq_take_militia(p->s, a, colony, lost);
		tq_tell(p, "5.1.4: %s loses %d %s militia SP of %d", tq_area_text(p->d, a, area,
			sizeof area), lost, p->d->colony_mil[colony], sp);
	}
	return 0;
}

/* "roll militia attrition": a colony rolls when some of its militia may be
 * taken (5.1.4: the percentage falls on "each area containing Continental
 * militia in that colony"; with none, the die decides nothing). */
static int tq_step_attrition(struct tq_play *p)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];

	for (int c = 0; tp->attrition && c < TQ_COLONIES; c++) {
		int sp = 0;
		for (int a = 0; a < p->d->nareas; a++)
			sp += tq_subject(p, a, c);
		if (sp && tq_attrition_colony(p, c))
			return -1;
	}
	tp->attrition = false;
	p->s->step = SU_LEADERS;
	return 0;
}

/* ---- 17.2.2: the militia leaders ---- */

static bool tq_colony_has_militia(const struct tq_state *s, const struct tq_data *d, int colony)
{
	for (int a = 0; a < d->nareas; a++)
		if (tq_militia_at(s, a, colony))
			return true;
	return false;
}

/* A leader with no militia of his colony left is held for the next
 * militia generation (6.2; docs/rulings.md, "Tarleton's Quarter!: the set-up as played"). */
static void tq_step_leaders(struct tq_play *p)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	char names[LEFT_TEXT];
	size_t n = 0;

	for (int i = 0; i < tp->nafter;) {
		int l = tp->after[i], c = p->d->leaders[l].militia_colony;
		if (c >= 0 && tq_colony_has_militia(p->s, p->d, c)) {
			i++;
			continue;
		}
		p->s->leader[l] = (struct tq_leader_state){ .where = TQ_HELD };
		tq_tell(p, "17.2.2, 6.2: no %s militia remain: %s is held for the next militia "
			"generation", c >= 0 ? p->d->colony_mil[c] : "", p->d->leaders[l].name);
		tq_list_drop(tp->after, &tp->nafter, i);
	}
	if (!tp->nafter) {
		p->s->step = SU_END;
		return;
	}
	for (int i = 0; i < tp->nafter && n < sizeof names; i++)
		n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
				      p->d->leaders[tp->after[i]].name);
	tq_ask(p->s, TQ_ASK_MILITIA, TQ_CONTINENTAL);
	tq_tell(p, "17.2.2: the Continental player places %s, each on remaining militia of his "
		"colony", names);
}

static int tq_check_leaders(struct tq_play *p, const struct tq_order *o)
{
	const struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	short leaders[TQ_MAX_GROUP];
	char area[LEFT_TEXT];
	int n = tq_order_leaders(o, leaders), at = 0;

	if (tq_check_area(p, o, "17.2.2"))
		return -1;
	if (!n || o->trains || o->magazines || tq_sp_total(&o->sps))
		return wj_why(p->why, p->whylen, "17.2.2: place the militia leaders only: place "
			      "Stevens at AREA");
	for (int i = 0; i < n; i++) {
		int l = leaders[i], c = p->d->leaders[l].militia_colony;
		if (!tq_in_list(tp->after, tp->nafter, l, &at))
			return wj_why(p->why, p->whylen, "17.2.2: %s is not a militia leader to place "
				      "now", p->d->leaders[l].name);
		if (c < 0 || !tq_militia_at(p->s, o->at, c))
			return wj_why(p->why, p->whylen, "17.2.2: %s goes on remaining %s militia, "
				      "and %s has none", p->d->leaders[l].name,
				      c >= 0 ? p->d->colony_mil[c] : "his colony's",
				      tq_area_text(p->d, o->at, area, sizeof area));
	}
	return 0;
}

static int tq_place_leaders(struct tq_play *p, const struct tq_order *o)
{
	struct tq_to_place *tp = &p->s->to_place[TQ_CONTINENTAL];
	short leaders[TQ_MAX_GROUP];
	char line[LEFT_TEXT];
	int n = tq_order_leaders(o, leaders);

	if (o->kind == TQ_DONE) {
		if (tp->nafter)
			return wj_why(p->why, p->whylen, "17.2.2: not done: %d militia leaders still "
				      "to place on their colony's militia", tp->nafter);
		tq_tell(p, "17.2.2: the militia leaders are placed");
		return tq_step_done(p, SU_END);
	}
	if (o->kind != TQ_PLACE)
		return wj_why(p->why, p->whylen, "17.2.2: place the militia leaders: place Stevens "
			      "at AREA");
	if (tq_check_leaders(p, o))
		return -1;
	for (int i = 0; i < n; i++) {
		tq_list_remove(tp->after, &tp->nafter, leaders[i]);
		tq_put_leader(p->s, leaders[i], o->at);
	}
	tq_tell(p, "17.2.2: the Continental player places %s",
		tq_placed_text(p, o, line, sizeof line));
	return 0;
}

/* ---- the end: the first turn ---- */

static void tq_step_end(struct tq_play *p)
{
	for (int side = 0; side < TQ_SIDES; side++) {
		p->s->to_place[side] = (struct tq_to_place){ 0 };
		p->s->to_place[side].spared_area = -1;
	}
	p->s->phase = TQ_SIEGE_RESOLUTION;
	p->s->step = 0;
	tq_answered(p->s);
	tq_tell(p, "The set-up is done: the first turn begins (3.0 A)");
}

/* One step: it asks, or moves s->step on (or ends the set-up). */
static int tq_setup_step(struct tq_play *p)
{
	switch (p->s->step) {
	case SU_DECLARE: tq_step_declare(p); return 0;
	case SU_CONTINENTAL: tq_step_free(p, TQ_CONTINENTAL); return 0;
	case SU_BRITISH: tq_step_free(p, TQ_BRITISH); return 0;
	case SU_SPECIAL: return tq_step_special(p);
	case SU_GENERATE: return tq_step_generate(p);
	case SU_MILITIA: tq_step_militia(p); return 0;
	case SU_ATTRITION: return tq_step_attrition(p);
	case SU_LEADERS: tq_step_leaders(p); return 0;
	case SU_END: tq_step_end(p); return 0;
	default:
		return wj_why(p->why, p->whylen, "the set-up has no step %d", p->s->step);
	}
}

int tq_setup_run(struct tq_play *p)
{
	while (p->s->phase == TQ_SETUP && !p->s->asked)
		if (tq_setup_step(p))
			return -1;
	return 0;
}

int tq_setup_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (p->s->phase != TQ_SETUP || !tq_is_asked(p->s, side))
		return wj_why(p->why, p->whylen, "nothing is asked of the %s in the set-up now",
			      p->d->side_name[side]);
	switch (p->s->step) {
	case SU_DECLARE: return tq_declare(p, o);
	case SU_CONTINENTAL: return tq_place_free(p, TQ_CONTINENTAL, o);
	case SU_BRITISH: return tq_place_free(p, TQ_BRITISH, o);
	case SU_MILITIA: return tq_place_militia(p, o);
	case SU_LEADERS: return tq_place_leaders(p, o);
	default:
		return wj_why(p->why, p->whylen, "the set-up asks nothing in step %d", p->s->step);
	}
}
