/* Tarleton's Quarter!'s endeavours (8.0-12.1): being built (issue 23);
 * until then an endeavour is refused with a reason, and the game is not
 * registered. */
#include "buf.h"
#include "tq_engine.h"

static int not_yet(struct tq_play *p)
{
	return wj_why(p->why, p->whylen, "endeavours are not built yet (issue 23)");
}

int tq_endeavor_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	(void)side, (void)o;
	return not_yet(p);
}

int tq_endeavor_run(struct tq_play *p)
{
	return not_yet(p);
}

int tq_endeavor_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	(void)side, (void)o;
	return not_yet(p);
}

int tq_standing_set(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	(void)side, (void)o;
	return not_yet(p);
}
