/* What every Tarleton's Quarter! test program shares: the real
 * data/tarletons-quarter/ ($TQ_DATA to try another) loaded whole once,
 * as the engine loads it (tq_data_load_full), in D; and an area or a
 * leader found by the name the seed gives it, failing the test when the
 * data has none. */
#ifndef TQ_SUPPORT_H
#define TQ_SUPPORT_H

#include <stdlib.h>
#include "data_copy.h"
#include "tq_data.h"

static struct tq_data *D;

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
