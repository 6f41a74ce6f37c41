/* Hooks for the tests (core/test_hooks.c), compiled in only where the
 * build defines WJ_TEST_HOOKS: the sanitized test build (san/) and the
 * fuzzers. The wwjudge that `make` and `make install` build reads none
 * of their variables, so nothing in its environment can crash a commit
 * on purpose or move its clock. */
#ifndef WJ_TEST_HOOKS_H
#define WJ_TEST_HOOKS_H

/* The value of the test hook `name` (an environment variable) in a test
 * build; NULL in the production build. */
const char *wj_test_hook(const char *name);

/* While the hook `name` is set, counts a step in *step; at step N, N its
 * value, the process ends with _exit(99), as a crash or a kill would,
 * saying "NAME=N: killed here" on stderr. */
void wj_test_crash(const char *name, int *step);

#endif
