/* Tarleton's Quarter!'s strength points counted and moved about (tq_sps.h). */
#include "tq_sps.h"

int tq_sps_militia(const struct tq_sps *x)
{
	int n = x->loyalists;
	for (int c = 0; c < TQ_COLONIES; c++)
		n += x->militia[c];
	return n;
}

int tq_sps_total(const struct tq_sps *x)
{
	return x->regulars + x->cavalry + x->french_regulars + x->french_cavalry +
	       tq_sps_militia(x);
}

void tq_sps_add(struct tq_sps *to, const struct tq_sps *x, int sign)
{
	to->regulars = (short)(to->regulars + sign * x->regulars);
	to->cavalry = (short)(to->cavalry + sign * x->cavalry);
	to->loyalists = (short)(to->loyalists + sign * x->loyalists);
	to->french_regulars = (short)(to->french_regulars + sign * x->french_regulars);
	to->french_cavalry = (short)(to->french_cavalry + sign * x->french_cavalry);
	for (int c = 0; c < TQ_COLONIES; c++)
		to->militia[c] = (short)(to->militia[c] + sign * x->militia[c]);
}

bool tq_sps_take(struct tq_sps *from, const struct tq_sps *x)
{
	struct tq_sps left = *from;
	tq_sps_add(&left, x, -1);
	bool enough = left.regulars >= 0 && left.cavalry >= 0 && left.loyalists >= 0 &&
		      left.french_regulars >= 0 && left.french_cavalry >= 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		enough = enough && left.militia[c] >= 0;
	if (enough)
		*from = left;
	return enough;
}

static short *regulars(struct tq_sps *x) { return &x->regulars; }
static short *cavalry(struct tq_sps *x) { return &x->cavalry; }
static short *french(struct tq_sps *x) { return &x->french_regulars; }
static short *french_cavalry(struct tq_sps *x) { return &x->french_cavalry; }
static short *loyalists(struct tq_sps *x) { return &x->loyalists; }
static short *militia_ga(struct tq_sps *x) { return &x->militia[TQ_GEORGIA]; }
static short *militia_sc(struct tq_sps *x) { return &x->militia[TQ_SOUTH_CAROLINA]; }
static short *militia_nc(struct tq_sps *x) { return &x->militia[TQ_NORTH_CAROLINA]; }
static short *militia_va(struct tq_sps *x) { return &x->militia[TQ_VIRGINIA]; }

tq_sps_kind *const tq_regular_kinds[TQ_REGULAR_KINDS] = { regulars, cavalry, french,
							  french_cavalry };
tq_sps_kind *const tq_militia_kinds[TQ_MILITIA_KINDS] = { loyalists, militia_ga, militia_sc,
							  militia_nc, militia_va };
