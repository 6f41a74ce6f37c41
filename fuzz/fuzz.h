/* Shared by the libFuzzer harnesses (make fuzz, docs/robustness.md): the
 * game data, loaded once from $WW_DATA (Skirmish's: $SK_DATA) or the
 * tree's data set. */
#ifndef WW_FUZZ_H
#define WW_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include "data.h"
#include "sk_data.h"

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

#endif
