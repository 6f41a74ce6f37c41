/* Names as players type them (names.h). */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "names.h"
#include "text.h"

#define NEAR_MAX 4      /* names offered for a misspelt one */

/* One word of a name, as wj_fold_name writes it. */
static const char *fold_word(const char *w)
{
	return !strcmp(w, "saint") ? "st" : !strcmp(w, "ft") ? "fort" : w;
}

/* The letters of the character at p (not ASCII) without their accent,
 * lower case, added to word; its length in bytes. Any other character
 * adds nothing, like punctuation. */
static size_t add_unaccented(const char *p, char *word, size_t *n, size_t len)
{
	uint32_t cp;
	char ascii[2];
	size_t k = wj_text_char(p, strlen(p), &cp);
	for (size_t i = 0, m = wj_text_unaccent(cp, ascii); i < m; i++)
		if (*n + 1 < len)
			word[(*n)++] = (char)tolower((unsigned char)ascii[i]);
	return k;
}

void wj_fold_name(const char *in, char *out, size_t len)
{
	char word[WJ_FOLDED_MAX];
	size_t o = 0, n = 0;
	out[0] = '\0';
	for (const char *p = in;; p++) {
		unsigned char c = (unsigned char)*p;
		if (c >= 0x80) {
			p += add_unaccented(p, word, &n, sizeof word) - 1;
			continue;
		}
		if (isalnum(c)) {
			if (n + 1 < sizeof word)
				word[n++] = (char)tolower(c);
			continue;
		}
		if (c && !isspace(c) && c != '-' && c != '_' && c != '/')
			continue; /* punctuation inside a word is dropped */
		if (n) {
			word[n] = '\0';
			const char *w = fold_word(word);
			size_t k = strlen(w) + (o ? 1 : 0);
			if (o + k + 1 > len)
				return;
			if (o)
				out[o++] = ' ';
			memcpy(out + o, w, strlen(w) + 1);
			o += strlen(w);
			n = 0;
		}
		if (!c)
			return;
	}
}

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

int wj_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la >= WJ_FOLDED_MAX || lb >= WJ_FOLDED_MAX)
		return WJ_FOLDED_MAX;
	int row[WJ_FOLDED_MAX + 1];
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			row[j] = min3(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1]));
			diag = up;
		}
	}
	return row[lb];
}

void wj_names_list(const struct wj_names *k, const int *cand, int n, char *err, size_t len,
		   const char *prefix)
{
	int shown = n > 6 ? 5 : n;
	wj_why(err, len, "%s", prefix);
	for (int i = 0; i < shown; i++)
		wj_fmt_add(err, len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
		    k->at(k->ctx, cand[i]));
	if (shown < n)
		wj_fmt_add(err, len, " or %d others", n - shown);
}

/* The names nearest `in` (folded), if near enough to be a misspelling. */
static int near_names(const struct wj_names *k, const char *in, int *cand)
{
	int best = WJ_FOLDED_MAX, n = 0;
	for (int i = 0; i < k->n; i++) {
		char full[WJ_FOLDED_MAX];
		wj_fold_name(k->at(k->ctx, i), full, sizeof full);
		int e = wj_edit_distance(in, full);
		if (e < best)
			best = e, n = 0;
		if (e == best && n < NEAR_MAX)
			cand[n++] = i;
	}
	int limit = (int)strlen(in) / 3 + 1;
	return best <= (limit > 3 ? 3 : limit) ? n : 0;
}

static void unknown(const struct wj_names *k, const char *name, const char *in, char *err,
		    size_t len)
{
	int cand[NEAR_MAX], n = near_names(k, in, cand);
	char prefix[160];
	if (n > 0) {
		snprintf(prefix, sizeof prefix, "unknown %s '%s' \xe2\x80\x94 did you mean ",
			 k->what, name);
		wj_names_list(k, cand, n, err, len, prefix);
		wj_fmt_add(err, len, "?");
		return;
	}
	wj_why(err, len, "unknown %s '%s' (the %ss are ", k->what, name, k->what);
	for (int i = 0; i < k->n; i++)
		wj_fmt_add(err, len, "%s%s", i ? ", " : "", k->at(k->ctx, i));
	wj_fmt_add(err, len, ")");
}

int wj_name_match(const struct wj_names *k, const char *name, char *err, size_t len)
{
	char in[WJ_FOLDED_MAX], scratch[8];
	int cand[64], n = 0;
	if (!err || !len) {
		err = scratch;
		len = sizeof scratch;
	}
	err[0] = '\0';
	wj_fold_name(name, in, sizeof in);
	if (!in[0]) {
		wj_why(err, len, "a %s's name is missing", k->what);
		return -1;
	}
	for (int i = 0; i < k->n; i++) {
		char full[WJ_FOLDED_MAX];
		wj_fold_name(k->at(k->ctx, i), full, sizeof full);
		if (!strcmp(full, in))
			return i;
		if (!strncmp(full, in, strlen(in)) && n < (int)(sizeof cand / sizeof cand[0]))
			cand[n++] = i;
	}
	if (n == 1)
		return cand[0];
	if (n > 1) {
		char prefix[160];
		snprintf(prefix, sizeof prefix, "%s '%s' is ambiguous: ", k->what, name);
		wj_names_list(k, cand, n, err, len, prefix);
		wj_fmt_add(err, len, "?");
		return -1;
	}
	unknown(k, name, in, err, len);
	return -1;
}
