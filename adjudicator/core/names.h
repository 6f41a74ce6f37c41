/* Names as players type them (core/names.c): folded for matching, and a
 * forgiving match of a typed name against a game's list of names (exact,
 * then a unique beginning, else the names close to it), for every game's
 * order language. */
#ifndef WJ_NAMES_H
#define WJ_NAMES_H

#include <stddef.h>

#define WJ_FOLDED_MAX 128

/* A name folded for matching what players type: lower case, accents
 * dropped ("Montréal" is "montreal"), punctuation dropped, hyphens as
 * blanks, one blank between words, "saint" as "st" and "ft" as "fort". */
void wj_fold_name(const char *in, char *out, size_t len);
/* Levenshtein distance of two folded names (WJ_FOLDED_MAX when longer). */
int wj_edit_distance(const char *a, const char *b);

/* A list of names: what they name ("spot"), how many, name i. */
struct wj_names {
	const char *what;
	int n;
	const char *(*at)(const void *ctx, int i);
	const void *ctx;
};

/* "A, B or C" (at most five named, then "or N others") after prefix. */
void wj_names_list(const struct wj_names *k, const int *cand, int n, char *err, size_t len,
		   const char *prefix);
/* The index of `name` in k: folded exact, else a unique beginning. -1
 * with the problem in err (NULL: none): the name missing, ambiguous (the
 * names it begins), or unknown (the names within a few letters of it, or
 * every name when none is). */
int wj_name_match(const struct wj_names *k, const char *name, char *err, size_t len);

#endif
