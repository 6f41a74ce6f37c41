/* Problems found in a game's data files, with where they are (core/
 * problems.c): what `wwjudge data-check` prints as file:line: message,
 * for every game. */
#ifndef WJ_PROBLEMS_H
#define WJ_PROBLEMS_H

#include <stdio.h>

#include <stddef.h>

struct wj_data_problem {
	char file[64];
	int line;
	char message[256];
};

struct wj_data_problems {
	int n;
	struct wj_data_problem v[64];
};

/* Appends a problem at file:line; once the list is full, its last entry
 * says there were more. */
void wj_data_problem_add(struct wj_data_problems *p, const char *file, int line,
			 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The first problem as "file:line: message", saying when more follow;
 * nothing written when there is none. */
void wj_data_problems_first(const struct wj_data_problems *p, char *why, size_t whylen);

/* Every problem, one line each: "file:line: message" ("file: message"
 * without a line), as data-check prints them. */
void wj_data_problems_print(FILE *out, const struct wj_data_problems *p);

/* One finding of a check (verify, replay) on its own line of `out`,
 * counted in *count. */
void wj_problem(FILE *out, int *count, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
