/* Test hooks: see test_hooks.h. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "test_hooks.h"

const char *wj_test_hook(const char *name)
{
#ifdef WJ_TEST_HOOKS
	return getenv(name);
#else
	(void)name;
	return NULL;
#endif
}

void wj_test_crash(const char *name, int *step)
{
	const char *at = wj_test_hook(name);
	if (at && atoi(at) == ++*step) {
		fprintf(stderr, "%s=%d: killed here\n", name, *step);
		_exit(99);
	}
}
