/* What every Tarleton's Quarter! test program shares: the real
 * data/tarletons-quarter/ ($TQ_DATA to try another) loaded whole once,
 * as the engine loads it (tq_data_load_full), in D; and an area or a
 * leader found by the name the seed gives it, failing the test when the
 * data has none. */
#ifndef TQ_SUPPORT_H
#define TQ_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "data_copy.h"
#include "tq_data.h"

static struct tq_data *D;

/* Dice given in advance, in the order the engine rolls them (an rng's die
 * with the queue as its ctx): a die past them is counted in `extra`, for
 * the test to fail on, and rolls `fill` (1 when 0). */
#define TQ_MAX_QUEUED 64
struct tq_dice_queue {
	int roll[TQ_MAX_QUEUED];
	int n, used, extra, fill;
};

static inline int tq_queued_die(void *ctx, uint64_t index, bool *forced)
{
	struct tq_dice_queue *q = ctx;
	(void)index;
	*forced = true;
	if (q->used < q->n)
		return q->roll[q->used++];
	q->extra++;
	return q->fill ? q->fill : 1;
}

static inline const char *tq_data_dir(void)
{
	const char *dir = getenv("TQ_DATA");
	return dir ? dir : "data/tarletons-quarter";
}

/* cmocka's group set-up and tear-down. */
static inline int tq_setup_data(void **state)
{
	struct wj_data_problems p = { 0 };
	(void)state;
	D = calloc(1, sizeof *D);
	if (!D || tq_data_load_full(tq_data_dir(), D, &p)) {
		print_problems(&p);
		return -1;
	}
	return 0;
}

static inline int tq_teardown_data(void **state)
{
	(void)state;
	free(D);
	D = NULL;
	return 0;
}

static inline int A(const char *id)
{
	int a = tq_area_by_id(D, id);
	if (a < 0)
		fail_msg("no area '%s'", id);
	return a;
}

static inline int L(const char *name)
{
	int l = tq_leader_by_name(D, name);
	if (l < 0)
		fail_msg("no leader '%s'", name);
	return l;
}

#endif
