/* Tarleton's Quarter!'s special attrition (seed 001, 5.3): a check's
 * dice and the SPs it takes (the player's choice, TQ_ASK_LOSSES, unless
 * only one kind can take them), the disease of the month (5.3.2) and what
 * it does to leaders (5.3.3). The numbers are tq_logistics.c's. Rulings:
 * docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include <string.h>
#include "buf.h"
#include "tq_endeavor.h"
#include "tq_setup.h"
#include "tq_turn.h"

#define MAX_DICE 3
/* ---- losses (5.3) ---- */

/* The check being made (s->owed_*) is where side's loss is taken. */
static void loss_here(struct tq_state *s, enum tq_side side)
{
	s->side[side].loss_area = s->owed_area;
	s->side[side].loss_walls = s->owed_walls;
	s->side[side].loss_forage = s->owed_forage;
}

/* Where the loss asked of side is taken from. */
static struct tq_sps *loss_pool(struct tq_state *s, enum tq_side side)
{
	const struct tq_side_state *my = &s->side[side];
	struct tq_presence *pr;
	if (my->loss_area < 0)
		return &s->at_sea;
	pr = &s->area[my->loss_area].side[side];
	return my->loss_walls ? &pr->walls : &pr->ready;
}

/* The SPs that may take it: never the French of a foraging loss (14.1.4)
 * nor the militia at home (5.4.2: they "cannot be used to satisfy
 * attrition inflicted on other forces"). */
static struct tq_sps loss_eligible(const struct tq_data *d, struct tq_state *s, enum tq_side side)
{
	struct tq_sps e = *loss_pool(s, side);
	int a = s->side[side].loss_area;
	if (s->side[side].loss_forage) {
		e.french_regulars = e.french_cavalry = 0;
		if (a >= 0 && (int)d->areas[a].colony != TQ_NO_COLONY)
			e.militia[d->areas[a].colony] = 0;
	}
	return e;
}

/* The kinds of SP in x: one of its fields non-zero each. */
static int kinds(const struct tq_sps *x, short **only)
{
	short *f[] = { (short *)&x->regulars, (short *)&x->cavalry, (short *)&x->loyalists,
		       (short *)&x->french_regulars, (short *)&x->french_cavalry,
		       (short *)&x->militia[0], (short *)&x->militia[1], (short *)&x->militia[2],
		       (short *)&x->militia[3] };
	int n = 0;
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		if (*f[i] > 0) {
			n++;
			*only = f[i];
		}
	return n;
}

/* n of the kinds in order from *from, into *lost: what is left of n. */
static int take_kinds(struct tq_sps *from, tq_sps_kind *const *kind, size_t nkinds, int n,
		      struct tq_sps *lost)
{
	for (size_t i = 0; i < nkinds && n > 0; i++) {
		int t = *kind[i](from) < n ? *kind[i](from) : n;
		*kind[i](from) = (short)(*kind[i](from) - t);
		*kind[i](lost) = (short)(*kind[i](lost) + t);
		n -= t;
	}
	return n;
}

/* A standing "losses militia" or "losses regulars" (issue 24): the loss
 * from the eligible SPs e, that half first, each in 11.2.5's order
 * (tq_sps.h's kinds). */
static struct tq_sps standing_losses(struct tq_sps e, int n, bool regulars_first)
{
	struct tq_sps lost = { 0 };
	if (regulars_first)
		n = take_kinds(&e, tq_regular_kinds, TQ_REGULAR_KINDS, n, &lost);
	n = take_kinds(&e, tq_militia_kinds, TQ_MILITIA_KINDS, n, &lost);
	take_kinds(&e, tq_regular_kinds, TQ_REGULAR_KINDS, n, &lost);
	return lost;
}

static bool standing_usable(struct tq_play *p, const struct tq_order *o)
{
	(void)p;
	return o->kind == TQ_LOSE && o->all;
}

/* Side owes `lost` SPs from where s->owed_* say: taken at once when only
 * one kind of SP can take them (the rule fixes the loss) or a standing
 * order says which, else asked. */
void tq_turn_owe(struct tq_play *p, enum tq_side side, int lost)
{
	struct tq_state *s = p->s;
	struct tq_sps e;
	short *only = NULL;
	struct tq_order o;

	if (lost <= 0)
		return;
	loss_here(s, side);
	e = loss_eligible(p->d, s, side);
	if (kinds(&e, &only) <= 1 && only) {
		/* the same field of the pool the eligible copy was made from */
		short *in_pool = (short *)((char *)loss_pool(s, side) + ((char *)only - (char *)&e));
		*in_pool = (short)(*in_pool - lost);
		tq_tell(p, "The %s lose %d SP", p->d->side_name[side], lost);
		return;
	}
	if (tq_standing_answer(p, side, TQ_ASK_LOSSES, standing_usable, &o)) {
		struct tq_sps x = standing_losses(e, lost, o.before);
		tq_sps_take(loss_pool(s, side), &x);
		tq_tell(p, "The %s lose %d SP", p->d->side_name[side], tq_sps_total(&x));
		return;
	}
	s->side[side].owed = (short)lost;
	if (s->question == TQ_ASK_LOSSES && s->asked)
		tq_ask_also(s, side);
	else
		tq_ask(s, TQ_ASK_LOSSES, side);
}

int tq_losses_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	struct tq_sps e = loss_eligible(p->d, s, side);
	int owed = s->side[side].owed;

	if (o->kind != TQ_LOSE)
		return wj_why(p->why, p->whylen, "the %s must say which %d SP attrition takes and "
			      "which %d leaders disease sickens: \"lose 2 regulars, 1 NC militia\", "
			      "\"lose Moultrie\" (5.3, 5.3.3)", p->d->side_name[side], owed,
			      s->side[side].sick);
	int at = s->side[side].loss_area;
	if (o->at >= 0 && o->at != at)
		return wj_why(p->why, p->whylen, "the loss is at %s, not %s",
			      at >= 0 ? p->d->areas[at].id : "the At Sea box", p->d->areas[o->at].id);
	if (tq_sps_total(&o->sps) != owed)
		return wj_why(p->why, p->whylen, "attrition takes %d SP, not %d (5.3)", owed,
			      tq_sps_total(&o->sps));
	if (!tq_sps_take(&e, &o->sps))
		return wj_why(p->why, p->whylen, "those SPs are not there to lose (5.3, 5.4.2: "
			      "militia at home cannot take a foraging loss)");
	if (tq_turn_sick_answer(p, side, o))
		return -1;
	tq_sps_take(loss_pool(s, side), &o->sps);
	s->side[side].owed = 0;
	if (owed)
		tq_tell(p, "The %s lose %d SP", p->d->side_name[side], owed);
	tq_turn_side_done(s, side);
	return 0;
}

/* A special attrition check of n dice on side's SPs where s->owed_* say,
 * `sp` of them counting (5.3). */
int tq_turn_check(struct tq_play *p, enum tq_side side, int sp, int n, const char *what, int *dice)
{
	int lost = 0;
	if (sp <= 0 || n <= 0)
		return 0;
	for (int i = 0; i < n && i < MAX_DICE; i++)
		dice[i] = tq_die(p, what);
	if (tq_special_attrition(p->d, sp, n, dice, &lost, p->why, p->whylen))
		return -1;
	tq_turn_owe(p, side, lost);
	return 0;
}

void tq_turn_owed_at(struct tq_state *s, int area, bool walls, bool forage)
{
	s->owed_area = (short)area;
	s->owed_walls = walls;
	s->owed_forage = forage;
}

/* ---- 5.3.1, 5.3.2: at sea, smallpox, malaria ---- */

int tq_turn_at_sea(struct tq_play *p)
{
	int dice[MAX_DICE];
	tq_turn_owed_at(p->s, -1, false, false);
	return tq_turn_check(p, TQ_BRITISH, tq_sps_total(&p->s->at_sea), tq_at_sea_dice(p->d),
			     "Triple attrition at sea (5.3.1)", dice);
}

bool tq_turn_besieged(const struct tq_state *s, int a, enum tq_side side)
{
	return s->area[a].siege && s->area[a].besieger != (short)side;
}

static int area_sp(const struct tq_state *s, int a)
{
	return tq_side_sp(s, a, TQ_BRITISH) + tq_side_sp(s, a, TQ_CONTINENTAL);
}

/* ---- 5.3.3: leaders ---- */

/* Side's leaders on the map in area a, within the walls or not. */
static int leaders_in(const struct tq_play *p, int a, enum tq_side side, int *out)
{
	int n = 0;
	for (int l = 0; l < p->d->nleaders; l++)
		if (p->d->leaders[l].side == side && p->s->leader[l].where == TQ_ON_MAP &&
		    p->s->leader[l].area == a)
			out[n++] = l;
	return n;
}

/* One of n drawn at random (5.3.3: "randomly draw one"): as many dice as
 * make a number up to n or more, read as base-6 digits, rolled again
 * while the number is over n. */
static int draw(struct tq_play *p, int n, const char *what)
{
	int k = 1, range = 6;
	while (range < n)
		k++, range *= 6;
	for (;;) {
		int v = 0;
		for (int i = 0; i < k; i++)
			v = v * 6 + tq_die(p, what) - 1;
		if (v < n)
			return v;
	}
}

void tq_turn_leader_off(struct tq_play *p, int l, enum tq_where where, int returns)
{
	enum tq_side side = p->d->leaders[l].side;
	p->s->leader[l] = (struct tq_leader_state){ .where = where, .returns = returns };
	p->s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, p->s, side);
	if (where == TQ_GONE || where == TQ_POW) /* dies or is captured (11.1.3) */
		tq_c_in_c_succession(p, side);
}

static void sick(struct tq_play *p, int l)
{
	tq_turn_leader_off(p, l, TQ_TURN_TRACK, tq_sick_leader_returns(p->d, p->s->month));
	tq_tell(p, "%s is sick: to the turn track until %s (5.3.3)", p->d->leaders[l].name,
		tq_month_name(tq_month_of(p->s->leader[l].returns)));
}

/* 5.3.3: the disease's dice take one of side's leaders in area a: one
 * drawn dies, or one of the player's choosing is sick (asked when he has
 * more than one there). */
static int disease_leaders(struct tq_play *p, int a, enum tq_side side, enum tq_disease disease,
			   const int *dice)
{
	struct tq_disease_leaders x;
	int ls[TQ_MAX_LEADERS], n = leaders_in(p, a, side, ls);
	if (!n || tq_disease_leaders(p->d, disease, tq_disease_dice(p->d, disease), dice, &x,
				     p->why, p->whylen))
		return n ? -1 : 0;
	if (x.dead) {
		int l = ls[draw(p, n, "A leader drawn at random (5.3.3)")];
		tq_turn_leader_off(p, l, TQ_GONE, 0);
		tq_tell(p, "%s dies of smallpox (5.3.3)", p->d->leaders[l].name);
	} else if (x.sick && n == 1) {
		sick(p, ls[0]);
	} else if (x.sick) {
		p->s->side[side].sick = 1;
		p->s->owed_area = (short)a;
		loss_here(p->s, side);
		if (p->s->question == TQ_ASK_LOSSES && p->s->asked)
			tq_ask_also(p->s, side);
		else
			tq_ask(p->s, TQ_ASK_LOSSES, side);
	}
	return 0;
}

/* The leaders a TQ_LOSE names for s->side[side].sick: side's, in the
 * area, that many. */
int tq_turn_sick_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	int at = s->side[side].loss_area;
	if (o->nleaders != s->side[side].sick)
		return wj_why(p->why, p->whylen, "name %d of your leaders at %s for the turn track "
			      "(5.3.3: \"lose Moultrie\")", s->side[side].sick, p->d->areas[at].id);
	for (int i = 0; i < o->nleaders; i++) {
		int l = o->leaders[i];
		if (p->d->leaders[l].side != side || s->leader[l].where != TQ_ON_MAP ||
		    s->leader[l].area != at)
			return wj_why(p->why, p->whylen, "%s is not one of your leaders at %s (5.3.3)",
				      p->d->leaders[l].name, p->d->areas[at].id);
	}
	for (int i = 0; i < o->nleaders; i++)
		sick(p, o->leaders[i]);
	s->side[side].sick = 0;
	return 0;
}

/* ---- 5.3.2 a: smallpox ---- */

/* The area's one roll of three dice: the SPs lost by the besieger, or
 * whoever is there; a leader lost by the side with the larger force,
 * both when they are equal (5.3.3). */
static int smallpox_area(struct tq_play *p, int a)
{
	struct tq_state *s = p->s;
	int dice[MAX_DICE], n = tq_disease_dice(p->d, TQ_SMALLPOX);
	enum tq_side larger = tq_larger_force(tq_side_sp(s, a, TQ_BRITISH),
					      tq_side_sp(s, a, TQ_CONTINENTAL));
	char what[96];

	snprintf(what, sizeof what, "Smallpox in %s (5.3.2 a)", p->d->areas[a].id);
	for (int i = 0; i < n && i < MAX_DICE; i++)
		dice[i] = tq_die(p, what);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		int lost = 0, sp = tq_sps_total(&s->area[a].side[side].ready);
		if (tq_turn_besieged(s, a, (enum tq_side)side) || sp <= 0)
			continue;
		if (tq_special_attrition(p->d, sp, n, dice, &lost, p->why, p->whylen))
			return -1;
		tq_turn_owed_at(s, a, false, false);
		tq_turn_owe(p, (enum tq_side)side, lost);
	}
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		if ((larger == TQ_NOBODY || (int)larger == side) &&
		    disease_leaders(p, a, (enum tq_side)side, TQ_SMALLPOX, dice))
			return -1;
	return 0;
}

int tq_turn_each(struct tq_play *p, tq_turn_idle *idle,
		 int (*f)(struct tq_play *, int, enum tq_side))
{
	struct tq_state *s = p->s;
	while (s->cursor < p->d->nareas * TQ_SIDES) {
		int a = s->cursor / TQ_SIDES, side = s->cursor % TQ_SIDES;
		bool skip = idle && (side == TQ_NOBODY || idle(p, a, (enum tq_side)side));
		if (idle && !skip && tq_is_asked(s, (enum tq_side)side))
			return 0; /* its loss asked still: it waits here */
		s->cursor = (short)(s->cursor + (idle ? 1 : TQ_SIDES));
		if (skip)
			continue;
		if (f(p, a, (enum tq_side)side) < 0)
			return -1;
		if (s->asked && !idle)
			return 0;
	}
	return s->asked ? 0 : 1;
}

static int smallpox_at(struct tq_play *p, int a, enum tq_side side)
{
	(void)side;
	return area_sp(p->s, a) == p->s->smallpox_sp ? smallpox_area(p, a) : 0;
}

/* The largest number of SPs in an area is fixed when the step begins
 * (s->smallpox_sp): every area that has it rolls (ruling of 5.3.2 a). */
int tq_turn_smallpox(struct tq_play *p)
{
	struct tq_state *s = p->s;
	if (tq_disease_of(p->d, s->month) != TQ_SMALLPOX)
		return 1;
	if (s->cursor == 0) {
		s->smallpox_sp = 0;
		for (int a = 0; a < p->d->nareas; a++)
			if (area_sp(s, a) > s->smallpox_sp)
				s->smallpox_sp = (short)area_sp(s, a);
		if (!s->smallpox_sp)
			return 1;
	}
	return tq_turn_each(p, NULL, smallpox_at);
}

/* ---- 5.3.2 b: malaria and yellow fever ---- */

/* Side's SPs in swamp area a, the besieged and the besiegers apart. */
static int swamp_sp(const struct tq_play *p, int a, enum tq_side side)
{
	const struct tq_presence *pr = &p->s->area[a].side[side];
	bool walls = tq_turn_besieged(p->s, a, side);
	return p->d->areas[a].swamp ? tq_sps_total(walls ? &pr->walls : &pr->ready) : 0;
}

static bool malaria_idle(const struct tq_play *p, int a, enum tq_side side)
{
	return swamp_sp(p, a, side) <= 0;
}

/* Every force in a swamp area, the besieged and the besiegers apart;
 * its die of 1 sickens one of its leaders there (5.3.3). */
static int malaria_at(struct tq_play *p, int a, enum tq_side side)
{
	struct tq_state *s = p->s;
	bool walls = tq_turn_besieged(s, a, side);
	int dice[MAX_DICE] = { 0 }, sp = swamp_sp(p, a, side);
	char what[96];

	if (sp <= 0)
		return 0;
	snprintf(what, sizeof what, "Malaria in %s, %s (5.3.2 b)", p->d->areas[a].id,
		 p->d->side_name[side]);
	tq_turn_owed_at(s, a, walls, false);
	if (tq_turn_check(p, side, sp, tq_disease_dice(p->d, TQ_MALARIA), what, dice))
		return -1;
	return disease_leaders(p, a, side, TQ_MALARIA, dice);
}

int tq_turn_malaria(struct tq_play *p)
{
	if (tq_disease_of(p->d, p->s->month) != TQ_MALARIA)
		return 1;
	return tq_turn_each(p, malaria_idle, malaria_at);
}
