/* Shared by the libFuzzer harnesses (make fuzz, docs/robustness.md): the
 * game data, loaded once from $WW_DATA (Skirmish's: $SK_DATA, Tarleton's
 * Quarter!'s: $TQ_DATA) or the tree's data set. */
#ifndef WW_FUZZ_H
#define WW_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include "data.h"
#include "sk_data.h"
#include "tq_data.h"

#ifndef WW_FUZZ_DATA
#define WW_FUZZ_DATA "data/washingtons-war"
#endif

static inline const struct ww_data *fuzz_data(void)
{
	static struct ww_data *d;
	if (!d) {
		const char *dir = getenv("WW_DATA") ? getenv("WW_DATA") : WW_FUZZ_DATA;
		struct wj_data_problems p = { 0 };
		d = calloc(1, sizeof *d);
		if (!d || ww_data_load(dir, d, &p) != 0) {
			fprintf(stderr, "fuzz: the data in %s does not load\n", dir);
			abort();
		}
	}
	return d;
}

/* Skirmish's data, from $SK_DATA or data/skirmish. */
static inline const struct sk_data *fuzz_sk_data(void)
{
	static struct sk_data *d;
	if (!d) {
		const char *dir = getenv("SK_DATA") ? getenv("SK_DATA") : "data/skirmish";
		struct wj_data_problems p = { 0 };
		d = calloc(1, sizeof *d);
		if (!d || sk_data_load(dir, d, &p) != 0) {
			fprintf(stderr, "fuzz: the data in %s does not load\n", dir);
			abort();
		}
	}
	return d;
}

/* Tarleton's Quarter!'s data, whole, from $TQ_DATA or data/tarletons-quarter. */
static inline const struct tq_data *fuzz_tq_data(void)
{
	static struct tq_data *d;
	if (!d) {
		const char *dir = getenv("TQ_DATA") ? getenv("TQ_DATA") : "data/tarletons-quarter";
		static struct wj_data_problems p;
		d = calloc(1, sizeof *d);
		if (!d || tq_data_load_full(dir, d, &p) != 0) {
			fprintf(stderr, "fuzz: the data in %s does not load\n", dir);
			abort();
		}
	}
	return d;
}

#endif
