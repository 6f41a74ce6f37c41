/* Tarleton's Quarter!'s set-up orders (17.2.2, 17.3.1, 17.4): being
 * built (issue 23). */
#include "buf.h"
#include "tq_engine.h"

int tq_setup_run(struct tq_play *p)
{
	return wj_why(p->why, p->whylen, "the set-up's rolls are not built yet (issue 23)");
}

int tq_setup_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	(void)side, (void)o;
	return wj_why(p->why, p->whylen, "the set-up's orders are not built yet (issue 23)");
}
