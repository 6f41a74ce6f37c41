/* What must hold of every Tarleton's Quarter! position between orders
 * (tq_invariants.h): verify reads it (game.h's state_check) and the soak
 * checks it after every order. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tq_invariants.h"
#include "tq_sps.h"

struct checker {
	FILE *out;
	const char *file;
	int n;
};

static void problem(struct checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(struct checker *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(c->out, "%s: ", c->file);
	vfprintf(c->out, fmt, ap);
	fputc('\n', c->out);
	va_end(ap);
	c->n++;
}

static bool sps_negative(const struct tq_sps *sp)
{
	bool neg = sp->regulars < 0 || sp->cavalry < 0 || sp->loyalists < 0 ||
		   sp->french_regulars < 0 || sp->french_cavalry < 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		neg |= sp->militia[c] < 0;
	return neg;
}

static bool supply_negative(const struct tq_supply *su)
{
	return su->trains < 0 || su->magazines < 0 || su->captured < 0;
}

/* Nothing is counted below zero. */
static void counts(struct checker *c, const struct tq_data *d, const struct tq_state *s)
{
	for (int a = 0; a < d->nareas; a++)
		for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
			const struct tq_presence *p = &s->area[a].side[side];
			if (sps_negative(&p->ready) || sps_negative(&p->moved) ||
			    sps_negative(&p->walls) || supply_negative(&p->field) ||
			    supply_negative(&p->inside))
				problem(c, "area %s: the %s have a count below zero", d->areas[a].id,
					d->side_name[side]);
		}
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		const struct tq_side_state *ss = &s->side[side];
		bool neg = ss->available < 0 || ss->expended < 0 || ss->pow < 0;
		for (int m = 0; m < TQ_RETURN_MONTHS; m++)
			neg |= sps_negative(&ss->returning[m]);
		if (neg)
			problem(c, "the %s pools or tracks count below zero", d->side_name[side]);
	}
	if (sps_negative(&s->at_sea) || s->at_sea_trains < 0)
		problem(c, "the At Sea box counts below zero");
}

/* 4.2.1: "Forts may hold up to 15 SPs of troops"; walls only where there
 * is a fort or a city; a siege only of one (4.3). */
static void walls(struct checker *c, const struct tq_data *d, const struct tq_state *s)
{
	int capacity = 15;
	tq_number(d, "forts_and_sieges", "fort_capacity_sp", &capacity);
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_area_state *as = &s->area[a];
		bool walled = d->areas[a].city || as->fort != TQ_NO_FORT;
		for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
			int in = tq_sps_total(&as->side[side].walls);
			if (in && !walled)
				problem(c, "area %s: %d %s SPs within walls where there are none",
					d->areas[a].id, in, d->side_name[side]);
			if (!d->areas[a].city && as->fort == TQ_FORT && in > capacity)
				problem(c, "area %s: %d SPs in a fort, more than its %d (4.2.1)",
					d->areas[a].id, in, capacity);
		}
		if (as->siege < 0 || as->siege > 2 || (as->siege && !walled))
			problem(c, "area %s: siege level %d where %s", d->areas[a].id, as->siege,
				walled ? "it is 0, 1 or 2 (4.3, 4.7)" : "there is no fort or city");
	}
}

static int field_sps(const struct tq_presence *p)
{
	return tq_sps_total(&p->ready) + tq_sps_total(&p->moved);
}

/* No two sides in the field of one area once an endeavour is over, but
 * for a siege (4.3): the besieger outside, the besieged within. 17.1.3
 * A's first turn starts both sides in G1, for the first endeavour to
 * fight (first_attack). */
static void one_side_an_area(struct checker *c, const struct tq_data *d,
			     const struct tq_state *s)
{
	const struct tq_endeavor *e = &s->hidden.endeavor;
	if (s->first_attack)
		return;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_area_state *as = &s->area[a];
		if (e->active && e->at == a)
			continue;
		if (field_sps(&as->side[TQ_BRITISH]) && field_sps(&as->side[TQ_CONTINENTAL]))
			problem(c, "area %s: both sides in the field after an endeavour (4.3: "
				"only a siege shares an area)", d->areas[a].id);
	}
}

static void leaders(struct checker *c, const struct tq_data *d, const struct tq_state *s)
{
	for (int l = 0; l < d->nleaders; l++) {
		const struct tq_leader_state *ls = &s->leader[l];
		if (ls->where == TQ_ON_MAP && (ls->area < 0 || ls->area >= d->nareas))
			problem(c, "leader %s: on the map in no area", d->leaders[l].name);
	}
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		int cc = s->side[side].c_in_c;
		if (cc >= d->nleaders || (cc >= 0 && (int)d->leaders[cc].side != side))
			problem(c, "the %s C-in-C is no leader of theirs", d->side_name[side]);
	}
}

static int trains_on_board(const struct tq_data *d, const struct tq_state *s, int side)
{
	int n = 0;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_presence *p = &s->area[a].side[side];
		n += p->field.trains + p->inside.trains + p->inside.magazines;
	}
	return n;
}

/* 6.3.2: the Continental limit of six; every British train is one of the
 * counter mix's. */
static void supply_limits(struct checker *c, const struct tq_data *d, const struct tq_state *s)
{
	int limit = 6, mix = tq_counter_count(d, "british_baggage_trains");
	tq_number(d, "supply", "continental_limit", &limit);
	int continental = trains_on_board(d, s, TQ_CONTINENTAL);
	if (continental > limit)
		problem(c, "%d Continental baggage trains and magazines on the map, more than %d "
			"(6.3.2)", continental, limit);
	const struct tq_side_state *br = &s->side[TQ_BRITISH];
	int british = trains_on_board(d, s, TQ_BRITISH) + s->at_sea_trains + br->available +
		      br->expended;
	if (mix >= 0 && british > mix)
		problem(c, "%d British baggage trains and magazines, more than the %d counters",
			british, mix);
}

int tq_invariants(FILE *out, const struct tq_data *d, const struct tq_state *s,
		  const char *file)
{
	struct checker c = { out, file, 0 };
	counts(&c, d, s);
	walls(&c, d, s);
	one_side_an_area(&c, d, s);
	leaders(&c, d, s);
	supply_limits(&c, d, s);
	return c.n;
}
