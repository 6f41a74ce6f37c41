/* Tarleton's Quarter!'s sequence of play (3.0 A-G): being built (issue
 * 23); until then the run stops with a reason, and the game is not
 * registered. */
#include "buf.h"
#include "tq_engine.h"

int tq_turn_run(struct tq_play *p)
{
	return wj_why(p->why, p->whylen, "the sequence of play is not built yet (issue 23)");
}

int tq_turn_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	(void)side, (void)o;
	return wj_why(p->why, p->whylen, "the sequence of play is not built yet (issue 23)");
}

void tq_turn_endeavor_done(struct tq_play *p, enum tq_side side, bool pass)
{
	(void)p, (void)side, (void)pass;
}
