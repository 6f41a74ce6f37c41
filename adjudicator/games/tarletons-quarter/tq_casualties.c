/* Tarleton's Quarter!'s casualties of a battle (seed 001, 11.2.5, 15.1):
 * each side's loss (11.2.4) split between militia and regulars by
 * tq_combat.c, then taken from the SPs in the area. Where the owner has a
 * choice (the odd SP, horse or foot, which colony's militia) he is asked
 * (TQ_ASK_CASUALTIES, both sides at once when both choose), unless a
 * standing order answers; where he has none the engine takes them.
 * Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include "buf.h"
#include "tq_endeavor.h"

static struct tq_endeavor *endeavor(struct tq_play *p)
{
	return &p->s->hidden.endeavor;
}

/* Take n SPs of the kinds in order from side's field SPs in area (ready
 * first), noting them in *lost. */
static int take(struct tq_state *s, int area, enum tq_side side, tq_sps_kind *kind,
		int n, struct tq_sps *lost)
{
	struct tq_sps *pool[] = { &s->area[area].side[side].ready, &s->area[area].side[side].moved };
	for (int i = 0; i < 2 && n > 0; i++) {
		short *k = kind(pool[i]);
		int t = *k < n ? *k : n;
		*k = (short)(*k - t);
		*kind(lost) = (short)(*kind(lost) + t);
		n -= t;
	}
	return n;
}


/* 11.2.5: which SPs a loss takes where the player's choice is not asked
 * (docs/rulings.md, "Tarleton's Quarter!: the endeavour"): regular foot before horse, the French
 * last; Loyalists, then militia colony by colony. */
struct tq_sps tq_remove_losses(struct tq_play *p, enum tq_side side, int area,
			       const struct tq_losses *l)
{
	struct tq_sps lost = { 0 };
	int r = l->regulars, m = l->militia;
	for (size_t i = 0; i < TQ_REGULAR_KINDS; i++)
		r = take(p->s, area, side, tq_regular_kinds[i], r, &lost);
	for (size_t i = 0; i < TQ_MILITIA_KINDS; i++)
		m = take(p->s, area, side, tq_militia_kinds[i], m, &lost);
	if ((short)side == endeavor(p)->side) /* the moving force is smaller by them */
		tq_sps_add(&endeavor(p)->force, &lost, -1);
	return lost;
}

/* The side's SPs in the battle's area as tq_combat.c counts them. */
static struct tq_force force_here(struct tq_play *p, enum tq_side side)
{
	struct tq_sps x = tq_field_sps(p->s, endeavor(p)->at, side);
	struct tq_force f = { .side = side, .regulars = x.regulars, .cavalry = x.cavalry,
			      .loyalists = x.loyalists, .french_regulars = x.french_regulars,
			      .french_cavalry = x.french_cavalry };
	for (int c = 0; c < TQ_COLONIES; c++)
		f.militia += x.militia[c];
	return f;
}

/* The split with the odd SP to the militia (the default) and to the
 * regulars (the owner's "may"). */
static int splits(struct tq_play *p, enum tq_side side, struct tq_losses *d,
		  struct tq_losses *alt)
{
	struct tq_combat_numbers n;
	if (tq_combat_numbers(p->d, &n, p->why, p->whylen))
		return -1;
	struct tq_force f = force_here(p, side);
	bool lower = endeavor(p)->lower == (short)side;
	*d = tq_split_losses(&n, &f, endeavor(p)->loss[side], lower, false);
	*alt = tq_split_losses(&n, &f, endeavor(p)->loss[side], lower, true);
	return 0;
}

/* How many kinds of ks[] the SPs hold, and how many SPs. */
static int kinds(struct tq_sps *x, tq_sps_kind *const *ks, size_t nk, int *total)
{
	int n = 0;
	*total = 0;
	for (size_t i = 0; i < nk; i++) {
		n += *ks[i](x) > 0;
		*total += *ks[i](x);
	}
	return n;
}

/* 11.2.5: the owner has a choice to make in this split. */
static bool has_choice(struct tq_play *p, enum tq_side side, const struct tq_losses *d,
		       const struct tq_losses *alt)
{
	struct tq_sps have = tq_field_sps(p->s, endeavor(p)->at, side);
	int r, m, nr = kinds(&have, tq_regular_kinds, TQ_REGULAR_KINDS, &r);
	int nm = kinds(&have, tq_militia_kinds, TQ_MILITIA_KINDS, &m);
	if (d->militia != alt->militia)
		return true;
	return (d->regulars > 0 && d->regulars < r && nr > 1) ||
	       (d->militia > 0 && d->militia < m && nm > 1);
}

static void apply(struct tq_play *p, enum tq_side side, const struct tq_losses *l,
		  const struct tq_sps *exact)
{
	int at = endeavor(p)->at;
	if (exact) {
		struct tq_sps lost = { 0 }, want = *exact;
		for (size_t i = 0; i < TQ_REGULAR_KINDS; i++)
			take(p->s, at, side, tq_regular_kinds[i], *tq_regular_kinds[i](&want), &lost);
		for (size_t i = 0; i < TQ_MILITIA_KINDS; i++)
			take(p->s, at, side, tq_militia_kinds[i], *tq_militia_kinds[i](&want), &lost);
		if ((short)side == endeavor(p)->side)
			tq_sps_add(&endeavor(p)->force, &lost, -1);
	} else {
		tq_remove_losses(p, side, at, l);
	}
	struct tq_side_state *other = &p->s->side[tq_other(side)];
	other->pow = (short)(other->pow + l->prisoners);
	endeavor(p)->loss[side] = 0;
	tq_tell(p, "The %s lose %d SPs: %d militia, %d regulars, of whom %d are prisoners "
		   "(11.2.5, 15.1)", p->d->side_name[side], l->militia + l->regulars, l->militia,
		l->regulars, l->prisoners);
}

static bool standing_usable(struct tq_play *p, const struct tq_order *o)
{
	(void)p;
	return o->kind == TQ_LOSE && o->all;
}

int tq_casualties_stage(struct tq_play *p)
{
	struct tq_endeavor *en = endeavor(p);
	enum tq_side sides[] = { (enum tq_side)en->side, tq_other((enum tq_side)en->side) };
	struct tq_losses d, alt;
	struct tq_order o;
	bool asked = false;
	for (int i = 0; i < 2; i++) {
		enum tq_side side = sides[i];
		if (!en->loss[side])
			continue;
		if (splits(p, side, &d, &alt))
			return -1;
		if (!has_choice(p, side, &d, &alt))
			apply(p, side, &d, NULL);
		else if (tq_standing_answer(p, side, TQ_ASK_CASUALTIES, standing_usable, &o))
			apply(p, side, o.before ? &alt : &d, NULL);
		else if (!asked)
			tq_ask(p->s, TQ_ASK_CASUALTIES, side), asked = true;
		else
			tq_ask_also(p->s, side);
	}
	if (!asked)
		en->stage = en->pending ? TQ_STAGE_C_IN_C : TQ_STAGE_RETREAT;
	return 0;
}

/* The answer's SPs: within what the side has, and one of the two splits. */
static const struct tq_losses *which_split(struct tq_play *p, enum tq_side side,
					   const struct tq_order *o, const struct tq_losses *d,
					   const struct tq_losses *alt)
{
	struct tq_sps have = tq_field_sps(p->s, endeavor(p)->at, side), want = o->sps;
	int r = 0, m = 0;
	if (o->kind != TQ_LOSE)
		return NULL;
	for (size_t i = 0; i < TQ_REGULAR_KINDS; i++) {
		if (*tq_regular_kinds[i](&want) < 0 || *tq_regular_kinds[i](&want) > *tq_regular_kinds[i](&have))
			return NULL;
		r += *tq_regular_kinds[i](&want);
	}
	for (size_t i = 0; i < TQ_MILITIA_KINDS; i++) {
		if (*tq_militia_kinds[i](&want) < 0 || *tq_militia_kinds[i](&want) > *tq_militia_kinds[i](&have))
			return NULL;
		m += *tq_militia_kinds[i](&want);
	}
	if (r == d->regulars && m == d->militia)
		return d;
	return r == alt->regulars && m == alt->militia ? alt : NULL;
}

int tq_casualties_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_losses d, alt;
	if (!endeavor(p)->loss[side])
		return wj_why(p->why, p->whylen, "the %s have no losses to take",
			      p->d->side_name[side]);
	if (splits(p, side, &d, &alt))
		return -1;
	const struct tq_losses *l = which_split(p, side, o, &d, &alt);
	if (!l)
		return wj_why(p->why, p->whylen, "the %s must answer: lose %d militia and %d "
			      "regulars%s, of the SPs in %s (11.2.5)", p->d->side_name[side],
			      d.militia, d.regulars, d.militia != alt.militia ? " (or one more "
			      "regular, one less militia)" : "", p->d->areas[endeavor(p)->at].id);
	apply(p, side, l, &o->sps);
	p->s->asked &= ~(1u << side);
	if (!p->s->asked)
		tq_answered(p->s);
	return 0;
}
