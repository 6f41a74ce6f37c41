/* The order language (docs/orders.md): one order per line, keywords in
 * any case, space names matched forgivingly. Only names from the data
 * are known here; nothing about the game is written in this file. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "order.h"

#define LINE_MAX_LEN 1024
#define NORM_MAX 128

static const char ORDER_FORMS[] =
	"committees S, ... | for-the-king S, ... | pass | first SIDE | "
	"play N pc|event|move|queue|reinforce ... | discard N [pc|remove S] | "
	"exchange N | declaration S, ... | congress S | move GENERAL ... | landing S | "
	"done | intercept GENERAL, ... | no intercept|battle-card | "
	"retreat-before-battle to S | stand | battle-card|battle-discard N | "
	"retreat [by sea] to S | navy ZONE | french-forces S | remove-cu S | "
	"remove-pc S, ... | standing ... | resign";


static const char *space_at(const void *d, int i)
{
	return ((const struct ww_data *)d)->spaces[i].name;
}

/* "A, B or C?" into err after a prefix: the spaces a name may mean. */
static void list_spaces(const struct ww_data *d, const int *cand, int n, char *err,
			size_t len, const char *prefix)
{
	struct wj_names spaces = { "space", d->nspaces, space_at, d };
	wj_names_list(&spaces, cand, n, err, len, prefix);
	wj_fmt_add(err, len, "?");
}

/* Spaces whose folded full or base name satisfies `want`. */
static int collect(const struct ww_data *d, const char *in, int *cand,
		   bool (*want)(const char *name, const char *in))
{
	int n = 0;
	for (int s = 0; s < d->nspaces; s++) {
		const char *full = d->spaces[s].folded, *base = d->spaces[s].folded_base;
		if (want(full, in) || want(base, in))
			cand[n++] = s;
	}
	return n;
}

static bool same(const char *name, const char *in)
{
	return !strcmp(name, in);
}

static bool starts(const char *name, const char *in)
{
	return !strncmp(name, in, strlen(in));
}

/* "Boston MA" when the data calls it "Boston": a colony code typed
 * after a name that has none. */
static int match_with_colony(const struct ww_data *d, const char *in)
{
	const char *sp = strrchr(in, ' ');
	if (!sp)
		return -1;
	for (int c = 0; c < d->ncolonies; c++) {
		char code[16];
		wj_fold_name(d->colonies[c].code, code, sizeof code);
		if (strcmp(sp + 1, code))
			continue;
		for (int s = 0; s < d->nspaces; s++) {
			const char *full = d->spaces[s].folded;
			if (d->spaces[s].colony == c && strlen(full) == (size_t)(sp - in) &&
			    !strncmp(full, in, (size_t)(sp - in)))
				return s;
		}
	}
	return -1;
}

static void suggest(const struct ww_data *d, const char *name, const char *in,
		    char *err, size_t len)
{
	int best = NORM_MAX, cand[WW_MAX_SPACES], n = 0;
	for (int s = 0; s < d->nspaces; s++) {
		const char *full = d->spaces[s].folded, *base = d->spaces[s].folded_base;
		int e = wj_edit_distance(in, base);
		int f = wj_edit_distance(in, full);
		if (f < e)
			e = f;
		if (e < best) {
			best = e;
			n = 0;
		}
		if (e == best && n < 4)
			cand[n++] = s;
	}
	int limit = (int)strlen(in) / 3 + 1;
	if (n == 0 || best > (limit > 3 ? 3 : limit)) {
		wj_why(err, len, "unknown space '%s' (names are as on the map, "
		    "e.g. 'Boston' or 'Wilmington NC')", name);
		return;
	}
	char prefix[160];
	snprintf(prefix, sizeof prefix, "unknown space '%s' \xe2\x80\x94 did you mean ", name);
	list_spaces(d, cand, n, err, len, prefix);
}

int ww_space_match(const struct ww_data *d, const char *name, char *err,
		   size_t errlen)
{
	char in[NORM_MAX], scratch[8];
	int cand[WW_MAX_SPACES], n;
	if (!err || !errlen) {
		err = scratch;
		errlen = sizeof scratch;
	}
	wj_fold_name(name, in, sizeof in);
	if (!in[0]) {
		wj_why(err, errlen, "a space name is missing");
		return -1;
	}
	for (int s = 0; s < d->nspaces; s++)
		if (!strcmp(d->spaces[s].folded, in))
			return s;
	int s = match_with_colony(d, in);
	if (s >= 0)
		return s;
	for (int pass = 0; pass < 2; pass++) {
		n = collect(d, in, cand, pass == 0 ? same : starts);
		if (n == 1)
			return cand[0];
		if (n > 1) {
			char prefix[160];
			snprintf(prefix, sizeof prefix, "space '%s' is ambiguous: ", name);
			list_spaces(d, cand, n, err, errlen, prefix);
			return -1;
		}
	}
	suggest(d, name, in, err, errlen);
	return -1;
}

/* ---- generals and blockade zones: the same forgiving match ---- */

struct name_kind {
	const char *what;                 /* "general" */
	const char *(*name)(const void *d, int i);
	int (*count)(const struct ww_data *d);
};

static const char *general_at(const void *d, int i)
{
	return ((const struct ww_data *)d)->generals[i].name;
}

static int general_count(const struct ww_data *d)
{
	return d->ngenerals;
}

static const char *zone_at(const void *d, int i)
{
	return ((const struct ww_data *)d)->zones[i].name;
}

static int zone_count(const struct ww_data *d)
{
	return d->nzones;
}

static const struct name_kind GENERALS = { "general", general_at, general_count };
static const struct name_kind ZONES = { "blockade zone", zone_at, zone_count };

/* A general or a zone by name (names.h). Returns the index, or -1 with
 * the problem in err. */
static int name_match(const struct ww_data *d, const struct name_kind *k,
		      const char *name, char *err, size_t len)
{
	struct wj_names names = { k->what, k->count(d), k->name, d };
	return wj_name_match(&names, name, err, len);
}

/* The line being read, word by word. */
struct cursor {
	char buf[LINE_MAX_LEN];
	char *p;
};

static void skip_blanks(struct cursor *c)
{
	while (*c->p && (isspace((unsigned char)*c->p) || *c->p == ':'))
		c->p++;
}

/* The next word, lower-cased into w (letters, digits, '-' and '#'). */
static bool next_word(struct cursor *c, char *w, size_t len)
{
	skip_blanks(c);
	size_t n = 0;
	while (*c->p && !isspace((unsigned char)*c->p) && *c->p != ',' &&
	       *c->p != ':') {
		if (n + 1 < len)
			w[n++] = (char)tolower((unsigned char)*c->p);
		c->p++;
	}
	w[n] = '\0';
	return n > 0;
}

static bool at_end(struct cursor *c)
{
	skip_blanks(c);
	return *c->p == '\0';
}

static bool word_in(const char *w, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(w, *set))
			return true;
	return false;
}

static int parse_card(const struct ww_data *d, struct cursor *c, const char *verb,
		      int *card, char *err, size_t len)
{
	char w[32];
	if (!next_word(c, w, sizeof w)) {
		wj_why(err, len, "'%s' needs a card number, e.g. '%s 12' or '%s #12'",
		    verb, verb, verb);
		return -1;
	}
	const char *digits = w[0] == '#' ? w + 1 : w;
	char *end;
	long n = strtol(digits, &end, 10);
	if (!*digits || *end || !isdigit((unsigned char)*digits)) {
		wj_why(err, len, "'%s' is not a card number: after '%s' write the "
		    "card's number, e.g. '%s 12' or '%s #12'", w, verb, verb, verb);
		return -1;
	}
	int max = d->ncards > 0 ? d->ncards : WW_MAX_CARDS - 1;
	if (n < 1 || n > max) {
		wj_why(err, len, "there is no card #%ld: cards are numbered 1 to %d",
		    n, max);
		return -1;
	}
	*card = (int)n;
	return 0;
}

static int add_space(struct ww_order *o, int space, char *err, size_t len)
{
	if (o->nspaces >= WW_ORDER_SPACES) {
		wj_why(err, len, "too many spaces: one order names at most %d",
		    WW_ORDER_SPACES);
		return -1;
	}
	o->spaces[o->nspaces++] = space;
	return 0;
}

/* One comma-separated item that may hold several names joined by "and";
 * "Lexington and Concord" stays whole when the map has it. */
static int parse_item(const struct ww_data *d, char *item, struct ww_order *o,
		      char *err, size_t len)
{
	char *part[WW_ORDER_SPACES * 2];
	int np = 0;
	char *p = item;
	part[np++] = p;
	while ((p = strcasestr(p, " and ")) != NULL && np < (int)(sizeof part / sizeof *part)) {
		*p = '\0';
		p += 5;
		part[np++] = p;
	}
	for (int i = 0; i < np;) {
		int found = -1, upto = i;
		for (int j = np - 1; j >= i && found < 0; j--) {
			char name[LINE_MAX_LEN] = "";
			for (int k = i; k <= j; k++) {
				strncat(name, k > i ? " and " : "", sizeof name - strlen(name) - 1);
				strncat(name, part[k], sizeof name - strlen(name) - 1);
			}
			found = ww_space_match(d, name, NULL, 0);
			upto = j;
		}
		if (found < 0) {
			ww_space_match(d, part[i], err, len);
			return -1;
		}
		if (add_space(o, found, err, len))
			return -1;
		i = upto + 1;
	}
	return 0;
}

/* The rest of the line as a list of spaces. */
static int parse_spaces(const struct ww_data *d, struct cursor *c,
			struct ww_order *o, char *err, size_t len)
{
	skip_blanks(c);
	char *p = c->p;
	while (*p) {
		char *comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		char item[LINE_MAX_LEN];
		snprintf(item, sizeof item, " %s ", p);
		for (char *q = item; *q; q++)
			*q = (char)(isspace((unsigned char)*q) ? ' ' : *q);
		char *t = item;
		while (*t == ' ')
			t++;
		size_t n = strlen(t);
		while (n && t[n - 1] == ' ')
			t[--n] = '\0';
		/* "and" may also start an item: "Boston, and Salem". */
		char lower[8];
		snprintf(lower, sizeof lower, "%.4s", t);
		for (char *q = lower; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		if (!strcmp(lower, "and "))
			t += 4;
		if (*t) {
			if (parse_item(d, t, o, err, len))
				return -1;
		} else if (comma) {
			wj_why(err, len, "an empty name between commas");
			return -1;
		}
		if (!comma)
			break;
		p = comma + 1;
	}
	c->p += strlen(c->p);
	return 0;
}

static int need_spaces(const struct ww_order *o, int min, int max, const char *form,
		       char *err, size_t len)
{
	if (o->nspaces < min) {
		wj_why(err, len, "'%s' needs %s space", form,
		    min == max ? "exactly one" : "at least one");
		return -1;
	}
	if (o->nspaces > max) {
		wj_why(err, len, "'%s' takes %s%d space%s, not %d", form,
		    min == max ? "" : "at most ", max, max == 1 ? "" : "s", o->nspaces);
		return -1;
	}
	return 0;
}

static int trailing(struct cursor *c, const char *form, char *err, size_t len)
{
	if (at_end(c))
		return 0;
	wj_why(err, len, "unexpected '%.40s' after '%s'", c->p, form);
	return -1;
}

/* ---- armies (7, 8, 9, 12) ---- */

static const char MOVE_FORMS[] =
	"move GENERAL [with K] to S, S (drop N), S (take N) [keep GENERAL] | "
	"move GENERAL [with K] by sea to PORT [keep GENERAL]";
static const char PLAY_FORMS[] =
	"play N pc S, S, ... | play N event [S, ...] | "
	"play N move GENERAL [with K] to S, S, ... | play N queue | "
	"play N queue move GENERAL ... | play N reinforce S [GENERAL] [K] | "
	"play N reinforce french S";
static const char RETREAT_FORMS[] =
	"retreat to S | retreat by sea to PORT | retreat-before-battle to S";
static const char STANDING_FORMS[] =
	"standing never-intercept | standing always-intercept GENERAL | "
	"standing never-retreat-before-battle | standing never-exchange | "
	"standing never-battle-card | standing french-losses-first | "
	"standing american-losses-first | standing clear";

static const char *const MOVE_WORDS[] = { "move", "activate", NULL };
static const char *const CU_WORDS[] = { "cu", "cus", "cu's", "cus.", NULL };
static const char *const DROP_WORDS[] = { "drop", "drops", "leave", "leaves", NULL };
static const char *const TAKE_WORDS[] = { "take", "takes", "pick", "picks", "pickup",
					  "pick-up", NULL };

static bool is_blank(char ch)
{
	return isspace((unsigned char)ch);
}

/* Blanks and trailing commas off both ends, in place. */
static char *trim(char *t)
{
	while (is_blank(*t) || *t == ',')
		t++;
	size_t n = strlen(t);
	while (n && (is_blank(t[n - 1]) || t[n - 1] == ','))
		t[--n] = '\0';
	return t;
}

/* next_word after any commas: "Washington, with 5" reads as words. */
static bool word(struct cursor *c, char *w, size_t len)
{
	while (*c->p == ',' || is_blank(*c->p) || *c->p == ':')
		c->p++;
	return next_word(c, w, len);
}

/* The rest of the line, raw, and the cursor at its end. */
static char *rest(struct cursor *c)
{
	skip_blanks(c);
	char *t = c->p;
	c->p += strlen(c->p);
	return t;
}

/* The words after w, joined with '-', spell `want` ("retreat before
 * battle" = "retreat-before-battle"); the cursor moves past them only if so. */
static bool phrase(struct cursor *c, const char *w, const char *want)
{
	char got[64], next[32];
	char *save = c->p;
	snprintf(got, sizeof got, "%s", w);
	size_t n = strlen(got);
	while (n < strlen(want) && !strncmp(want, got, n) && want[n] == '-' &&
	       next_word(c, next, sizeof next)) {
		snprintf(got + n, sizeof got - n, "-%s", next);
		n = strlen(got);
	}
	if (!strcmp(got, want))
		return true;
	c->p = save;
	return false;
}

/* A number of CUs from min to 99. */
static bool count_of(const char *w, int min, int *n)
{
	if (!*w || strlen(w) > 2)
		return false;
	for (const char *p = w; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	*n = atoi(w);
	return *n >= min;
}

static int general_named(const struct ww_data *d, char *text, int *g,
			 char *err, size_t len)
{
	*g = name_match(d, &GENERALS, trim(text), err, len);
	return *g < 0 ? -1 : 0;
}

/* Cuts "keep GENERAL" off the end of t (outside parentheses) and names
 * the general in o->keep. */
static int cut_keep(const struct ww_data *d, char *t, struct ww_order *o,
		    char *err, size_t len)
{
	char *at = NULL;
	int depth = 0;
	for (char *p = t; *p; p++) {
		depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
		bool starts_word = p == t || is_blank(p[-1]) || p[-1] == ',';
		if (depth == 0 && starts_word && !strncasecmp(p, "keep", 4) &&
		    (p[4] == '\0' || is_blank(p[4])))
			at = p;
	}
	if (!at)
		return 0;
	*at = '\0';
	char *name = trim(at + 4);
	if (!*name) {
		wj_why(err, len, "'keep' needs the general who stays (7.4.C), e.g. 'keep Washington'");
		return -1;
	}
	return general_named(d, name, &o->keep, err, len);
}

#define MAX_WORDS 64

/* Splits t at blanks and commas into at most MAX_WORDS words, in place;
 * -1 with the reason in err when there are more. */
static int split_words(char *t, char **v, char *err, size_t len)
{
	int n = 0;
	char *save = NULL;
	for (char *w = strtok_r(t, " \t,", &save); w; w = strtok_r(NULL, " \t,", &save)) {
		if (n == MAX_WORDS) {
			wj_why(err, len, "too many words: at most %d here", MAX_WORDS);
			return -1;
		}
		v[n++] = w;
	}
	return n;
}

static bool filler(const char *w)
{
	return !strcasecmp(w, "with") || !strcasecmp(w, "and");
}

/* v[from..to) joined by blanks, without "with"/"and" at either end. */
static void join(char **v, int from, int to, char *out, size_t len)
{
	while (from < to && filler(v[from]))
		from++;
	while (to > from && filler(v[to - 1]))
		to--;
	out[0] = '\0';
	for (int i = from; i < to; i++) {
		size_t o = strlen(out);
		snprintf(out + o, len - o, "%s%s", i > from ? " " : "", v[i]);
	}
}

static bool word_in_ci(const char *w, const char *const *set)
{
	for (; *set; set++)
		if (!strcasecmp(w, *set))
			return true;
	return false;
}

static int set_step_count(int8_t *slot, const char *verb, int n, char *err, size_t len)
{
	if (*slot) {
		wj_why(err, len, "'%s' is given twice for one space: write it once, "
		    "e.g. '(%s 2)'", verb, verb);
		return -1;
	}
	*slot = (int8_t)n;
	return 0;
}

/* "(drop 2)", "(take 1)", "(drop 2, take 1)", "(drop 2 and take 1 CU)".
 * Returns 1 when read, 0 when the parentheses hold no drop or take (they
 * are part of a name, as in "Boston (MA)"), -1 on an error. */
static int step_counts(const char *text, int8_t *drop, int8_t *take, char *err,
		       size_t len)
{
	char copy[LINE_MAX_LEN], *v[MAX_WORDS];
	snprintf(copy, sizeof copy, "%s", text);
	int n = split_words(copy, v, err, len);
	if (n < 0)
		return -1;
	if (n == 0 || (!word_in_ci(v[0], DROP_WORDS) && !word_in_ci(v[0], TAKE_WORDS)))
		return 0;
	for (int i = 0; i < n; i++) {
		if (!strcasecmp(v[i], "and"))
			continue;
		bool is_drop = word_in_ci(v[i], DROP_WORDS);
		if (!is_drop && !word_in_ci(v[i], TAKE_WORDS)) {
			wj_why(err, len, "'%s' in '(%s)' is not understood: write (drop N), "
			    "(take N) or (drop N, take N)", v[i], text);
			return -1;
		}
		const char *verb = is_drop ? "drop" : "take";
		if (!is_drop && i + 1 < n && !strcasecmp(v[i + 1], "up"))
			i++;                                 /* "pick up 2" */
		int k;
		if (++i >= n || !count_of(v[i], 1, &k)) {
			wj_why(err, len, "'%s' needs a number of CUs from 1 to 99, e.g. "
			    "'(%s 2)'", verb, verb);
			return -1;
		}
		if (set_step_count(is_drop ? drop : take, verb, k, err, len))
			return -1;
		if (i + 1 < n && word_in_ci(v[i + 1], CU_WORDS))
			i++;
	}
	return 1;
}

/* One step of a path: a space, perhaps with (drop N) and (take N). */
static int parse_step(const struct ww_data *d, char *item, struct ww_order *o,
		      char *err, size_t len)
{
	char name[LINE_MAX_LEN];
	size_t n = 0;
	int8_t drop = 0, take = 0;
	for (char *p = item; *p;) {
		if (*p == ')') {
			wj_why(err, len, "a ')' without '(' in '%s'", trim(item));
			return -1;
		}
		if (*p != '(') {
			if (n + 1 < sizeof name)
				name[n++] = *p;
			p++;
			continue;
		}
		char *close = strchr(p, ')');
		if (!close) {
			wj_why(err, len, "a '(' without ')' in '%s'", trim(item));
			return -1;
		}
		*close = '\0';
		int r = step_counts(p + 1, &drop, &take, err, len);
		if (r < 0)
			return -1;
		for (char *q = p + 1; r == 0 && *q && n + 2 < sizeof name; q++)
			name[n++] = *q;
		if (n + 1 < sizeof name)
			name[n++] = ' ';
		p = close + 1;
	}
	name[n] = '\0';
	char *t = trim(name);
	if (!*t) {
		wj_why(err, len, "a step of the path names no space");
		return -1;
	}
	if (parse_item(d, t, o, err, len))
		return -1;
	o->drop[o->nspaces - 1] = drop;
	o->take[o->nspaces - 1] = take;
	return 0;
}

/* "S, S (drop 2), S (take 1) [keep G]": the spaces entered, in order. */
static int parse_path(const struct ww_data *d, struct cursor *c, struct ww_order *o,
		      char *err, size_t len)
{
	char *t = rest(c);
	if (cut_keep(d, t, o, err, len))
		return -1;
	int depth = 0;
	for (char *item = t, *p = t;; p++) {
		depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
		if (*p && (*p != ',' || depth > 0))
			continue;
		bool last = *p == '\0';
		*p = '\0';
		bool empty = !*trim(item);
		if (empty && !last) {
			wj_why(err, len, "an empty name between commas");
			return -1;
		}
		if (!empty && parse_step(d, item, o, err, len))
			return -1;
		if (last)
			break;
		item = p + 1;
	}
	if (o->nspaces == 0) {
		wj_why(err, len, "'to' needs the spaces entered, in order: %s", MOVE_FORMS);
		return -1;
	}
	return 0;
}

static int by_sea_path(const struct ww_data *d, struct cursor *c, struct ww_order *o,
		       char *err, size_t len)
{
	if (parse_path(d, c, o, err, len))
		return -1;
	if (o->nspaces != 1 || o->drop[0] || o->take[0]) {
		wj_why(err, len, "'by sea' goes to exactly one port, with no drop or take "
		    "on the way (7.5): 'by sea to PORT'");
		return -1;
	}
	return 0;
}

/* "with 5 [CUs]" or "alone"; w then holds the word after it. */
static int army_size(struct cursor *c, char *w, size_t wlen, struct ww_order *o,
		     char *err, size_t len)
{
	if (!strcmp(w, "alone")) {
		o->cu = 0;
	} else {
		char num[32];
		if (!word(c, num, sizeof num) || !count_of(num, 0, &o->cu)) {
			wj_why(err, len, "'with' needs the number of CUs the general takes "
			    "(0 to 99), e.g. 'with 5': %s", MOVE_FORMS);
			return -1;
		}
	}
	if (!word(c, w, wlen))
		w[0] = '\0';
	if (word_in(w, CU_WORDS) && !word(c, w, wlen))
		w[0] = '\0';
	return 0;
}

/* What follows "move": GENERAL [with K | alone] to PATH | by sea to PORT. */
static int parse_move_body(const struct ww_data *d, struct cursor *c,
			   struct ww_order *o, char *err, size_t len)
{
	static const char *const stops[] = { "with", "alone", "to", "by", NULL };
	char w[32] = "", name[LINE_MAX_LEN];
	skip_blanks(c);
	char *start = c->p, *end = c->p;
	bool stop = false;
	while (!stop && word(c, w, sizeof w)) {
		stop = word_in(w, stops);
		if (!stop)
			end = c->p;
	}
	snprintf(name, sizeof name, "%.*s", (int)(end - start), start);
	if (!*trim(name)) {
		wj_why(err, len, "'move' needs a general: %s", MOVE_FORMS);
		return -1;
	}
	if (!stop)          /* "move Washington Boston": the general, then no 'to' */
		name[strcspn(name, " \t")] = '\0';
	if (general_named(d, name, &o->general, err, len))
		return -1;
	if ((!strcmp(w, "with") || !strcmp(w, "alone")) &&
	    army_size(c, w, sizeof w, o, err, len))
		return -1;
	if (!strcmp(w, "by")) {
		char sea[32], to[32];
		if (!word(c, sea, sizeof sea) || strcmp(sea, "sea") ||
		    !word(c, to, sizeof to) || strcmp(to, "to")) {
			wj_why(err, len, "'by' must be followed by 'sea to PORT': %s", MOVE_FORMS);
			return -1;
		}
		o->by_sea = true;
		return by_sea_path(d, c, o, err, len);
	}
	if (strcmp(w, "to")) {
		wj_why(err, len, "'move %s' needs 'to' and the spaces entered: %s",
		    d->generals[o->general].name, MOVE_FORMS);
		return -1;
	}
	return parse_path(d, c, o, err, len);
}

/* play N queue [move GENERAL ...] (7.1.B) */
static int parse_queue(const struct ww_data *d, struct cursor *c, struct ww_order *o,
		       char *err, size_t len)
{
	char w[32];
	o->kind = WW_ORD_PLAY_QUEUE;
	if (!word(c, w, sizeof w))
		return 0;
	if (!word_in(w, MOVE_WORDS)) {
		wj_why(err, len, "'%s' after 'queue' is not understood: write 'play %d queue' "
		    "or 'play %d queue move GENERAL ...'", w, o->card, o->card);
		return -1;
	}
	o->queue_move = true;
	return parse_move_body(d, c, o, err, len);
}

/* "New York Clinton": the longest beginning that is a space, the rest a
 * general. */
static int space_then_general(const struct ww_data *d, char **v, int n,
			      struct ww_order *o, char *err, size_t len)
{
	char sp[LINE_MAX_LEN], gen[LINE_MAX_LEN];
	join(v, 0, n, sp, sizeof sp);
	int s = ww_space_match(d, sp, NULL, 0);
	for (int k = n - 1; s < 0 && k >= 1; k--) {
		join(v, 0, k, sp, sizeof sp);
		join(v, k, n, gen, sizeof gen);
		s = ww_space_match(d, sp, NULL, 0);
		o->general = s >= 0 ? name_match(d, &GENERALS, gen, NULL, 0) : -1;
		if (o->general < 0)
			s = -1;
	}
	if (s >= 0)
		return add_space(o, s, err, len);
	join(v, 0, n - 1, sp, sizeof sp);
	join(v, n - 1, n, gen, sizeof gen);
	if (n > 1 && name_match(d, &GENERALS, gen, NULL, 0) >= 0)
		ww_space_match(d, sp, err, len);
	else if (n > 1 && ww_space_match(d, sp, NULL, 0) >= 0)
		name_match(d, &GENERALS, gen, err, len);
	else {
		join(v, 0, n, sp, sizeof sp);
		ww_space_match(d, sp, err, len);
	}
	return -1;
}

/* play N reinforce S [GENERAL] [K], the general and K in either order (8).
 * v[a[0]..a[1]) are the space's words (and perhaps the general's), v[b[0]..b[1])
 * the general's when they follow the number. */
static int reinforce_where(const struct ww_data *d, struct cursor *c,
			   struct ww_order *o, char *err, size_t len)
{
	char *v[MAX_WORDS], text[LINE_MAX_LEN];
	int n = split_words(rest(c), v, err, len), at = -1;
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!isdigit((unsigned char)v[i][0]))
			continue;
		if (at >= 0 || !count_of(v[i], 0, &o->cu)) {
			wj_why(err, len, "'%s' is not understood: 'play %d reinforce S [GENERAL] "
			    "[K]' takes one number of CUs, from 0 to 99", v[i], o->card);
			return -1;
		}
		at = i;
	}
	int after = at + 1;
	if (at >= 0 && after < n && word_in_ci(v[after], CU_WORDS))
		after++;
	int a[2] = { 0, n }, b[2] = { n, n };
	if (at == 0)            /* "reinforce 6 New York Clinton" */
		a[0] = after;
	else if (at > 0) {
		a[1] = at;
		b[0] = after;
	}
	join(v, a[0], a[1], text, sizeof text);
	if (!*text) {
		wj_why(err, len, "'play %d reinforce' needs a space: %s", o->card, PLAY_FORMS);
		return -1;
	}
	join(v, b[0], b[1], text, sizeof text);
	if (!*text)
		return space_then_general(d, v + a[0], a[1] - a[0], o, err, len);
	if (general_named(d, text, &o->general, err, len))
		return -1;
	join(v, a[0], a[1], text, sizeof text);
	int s = ww_space_match(d, text, err, len);
	return s < 0 ? -1 : add_space(o, s, err, len);
}

/* play N reinforce [french] S ... (8.1, 8.2, 12.2.B.ii) */
static int parse_reinforce(const struct ww_data *d, struct cursor *c,
			   struct ww_order *o, char *err, size_t len)
{
	char w[32];
	char *save = c->p;
	o->kind = WW_ORD_PLAY_REINFORCE;
	if (word(c, w, sizeof w) && !strcmp(w, "french")) {
		o->french = true;
		if (parse_spaces(d, c, o, err, len))
			return -1;
		return need_spaces(o, 1, 1, "play N reinforce french S", err, len);
	}
	c->p = save;
	return reinforce_where(d, c, o, err, len);
}

/* play N move|queue|reinforce ...; false when w is none of these. */
static bool play_armies(const struct ww_data *d, struct cursor *c, const char *w,
			struct ww_order *o, int *rc, char *err, size_t len)
{
	static const char *const reinforce[] = { "reinforce", "reinforcements",
						 "reinforcement", NULL };
	if (word_in(w, MOVE_WORDS)) {
		o->kind = WW_ORD_PLAY_MOVE;
		*rc = parse_move_body(d, c, o, err, len);
	} else if (!strcmp(w, "queue")) {
		*rc = parse_queue(d, c, o, err, len);
	} else if (word_in(w, reinforce)) {
		*rc = parse_reinforce(d, c, o, err, len);
	} else {
		return false;
	}
	return true;
}

/* An optional "to" before a destination. */
static void skip_to(struct cursor *c)
{
	char w[32];
	char *save = c->p;
	if (!word(c, w, sizeof w) || strcmp(w, "to"))
		c->p = save;
}

static int one_space(const struct ww_data *d, struct cursor *c, struct ww_order *o,
		     const char *form, char *err, size_t len)
{
	if (parse_spaces(d, c, o, err, len))
		return -1;
	return need_spaces(o, 1, 1, form, err, len);
}

/* retreat [by sea] to S | retreat-before-battle to S (7.9, 9.61, 9.62) */
static int parse_retreat(const struct ww_data *d, struct cursor *c, const char *w,
			 struct ww_order *o, char *err, size_t len)
{
	char a[32];
	if (phrase(c, w, "retreat-before-battle") || !strcmp(w, "rbb")) {
		o->kind = WW_ORD_RETREAT_BEFORE;
		skip_to(c);
		return one_space(d, c, o, "retreat-before-battle to S", err, len);
	}
	o->kind = WW_ORD_RETREAT;
	char *save = c->p;
	if (strcmp(w, "retreat") || !word(c, a, sizeof a)) {
		wj_why(err, len, "'retreat' needs where to: %s", RETREAT_FORMS);
		return -1;
	}
	if (phrase(c, a, "by-sea"))
		o->by_sea = true;
	else
		c->p = save;
	skip_to(c);
	return one_space(d, c, o, o->by_sea ? "retreat by sea to PORT" : "retreat to S",
			 err, len);
}

static int add_interceptor(const struct ww_data *d, struct ww_order *o, int g,
			   char *err, size_t len)
{
	for (int j = 0; j < o->ngenerals; j++)
		if (o->generals[j] == g) {
			wj_why(err, len, "%s is named twice: each army attempts "
			    "interception once (7.8.E)", d->generals[g].name);
			return -1;
		}
	if (o->ngenerals == 4) {
		wj_why(err, len, "too many generals: 'intercept' names at most 4");
		return -1;
	}
	o->generals[o->ngenerals++] = g;
	return 0;
}

/* One item of the list: a general's name, or several written without
 * commas ("Greene Lafayette"). */
static int interceptors(const struct ww_data *d, char *item, struct ww_order *o,
			char *err, size_t len)
{
	char *v[MAX_WORDS], text[LINE_MAX_LEN];
	int g = name_match(d, &GENERALS, item, NULL, 0);
	if (g >= 0)
		return add_interceptor(d, o, g, err, len);
	int n = split_words(item, v, err, len);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		join(v, i, i + 1, text, sizeof text);
		if (*text && (general_named(d, text, &g, err, len) ||
			      add_interceptor(d, o, g, err, len)))
			return -1;
	}
	return 0;
}

/* intercept G [, G ...] [keep G], in the order tried (7.8.E) */
static int parse_intercept(const struct ww_data *d, struct cursor *c, const char *w,
			   struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_INTERCEPT;
	char *t = rest(c);
	if (cut_keep(d, t, o, err, len))
		return -1;
	for (char *p = t; (p = strcasestr(p, " and ")) != NULL; p += 5)
		memcpy(p, " ,   ", 5);
	char *save = NULL;
	for (char *item = strtok_r(t, ",", &save); item; item = strtok_r(NULL, ",", &save))
		if (*trim(item) && interceptors(d, trim(item), o, err, len))
			return -1;
	if (o->ngenerals == 0) {
		wj_why(err, len, "'intercept' needs a general: intercept GENERAL [, GENERAL "
		    "...] [keep GENERAL] | no intercept");
		return -1;
	}
	return 0;
}

/* no intercept | no battle-card */
static int parse_no(const struct ww_data *d, struct cursor *c, const char *w,
		    struct ww_order *o, char *err, size_t len)
{
	(void)d;
	if (phrase(c, w, "no-intercept") || phrase(c, w, "no-interception"))
		o->kind = WW_ORD_NO_INTERCEPT;
	else if (phrase(c, w, "no-battle-card") || phrase(c, w, "no-card"))
		o->kind = WW_ORD_NO_BATTLE_CARD;
	else {
		wj_why(err, len, "'%.40s' is not understood: write 'no intercept' or "
		    "'no battle-card'", w);
		return -1;
	}
	return trailing(c, o->kind == WW_ORD_NO_INTERCEPT ? "no intercept" :
			"no battle-card", err, len);
}

/* battle-card N | battle-discard N (9.45) */
static int parse_battle(const struct ww_data *d, struct cursor *c, const char *w,
			struct ww_order *o, char *err, size_t len)
{
	const char *form;
	if (phrase(c, w, "battle-card")) {
		o->kind = WW_ORD_BATTLE_CARD;
		form = "battle-card";
	} else if (phrase(c, w, "battle-discard")) {
		o->kind = WW_ORD_BATTLE_DISCARD;
		form = "battle-discard";
	} else {
		wj_why(err, len, "'%.40s' is not understood: write 'battle-card N', "
		    "'battle-discard N' or 'no battle-card'", w);
		return -1;
	}
	if (parse_card(d, c, form, &o->card, err, len))
		return -1;
	return trailing(c, form, err, len);
}

/* navy ZONE (12.3, 5.5) */
static int parse_navy(const struct ww_data *d, struct cursor *c, const char *w,
		      struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_NAVY;
	char *t = trim(rest(c));
	size_t n = strlen(t);
	if (n > 5 && !strcasecmp(t + n - 5, " zone"))
		t[n - 5] = '\0';
	if (!*t) {
		wj_why(err, len, "'navy' needs a blockade zone, e.g. 'navy Chesapeake'");
		return -1;
	}
	o->zone = name_match(d, &ZONES, t, err, len);
	return o->zone < 0 ? -1 : 0;
}

/* french-forces PORT | french-navy ZONE (12.2.B) */
static int parse_french(const struct ww_data *d, struct cursor *c, const char *w,
			struct ww_order *o, char *err, size_t len)
{
	if (phrase(c, w, "french-forces") || phrase(c, w, "french-force")) {
		o->kind = WW_ORD_FRENCH_FORCES;
		return one_space(d, c, o, "french-forces S", err, len);
	}
	if (phrase(c, w, "french-navy"))
		return parse_navy(d, c, w, o, err, len);
	wj_why(err, len, "'%.40s' is not understood: write 'french-forces PORT' or "
	    "'navy ZONE'", w);
	return -1;
}

/* remove-cu S [, S] (12.2.B.iii) | remove-pc S, S, ... (7.6.B) */
static int parse_remove(const struct ww_data *d, struct cursor *c, const char *w,
			struct ww_order *o, char *err, size_t len)
{
	if (phrase(c, w, "remove-cu") || phrase(c, w, "remove-cus")) {
		o->kind = WW_ORD_REMOVE_CU;
		if (parse_spaces(d, c, o, err, len))
			return -1;
		return need_spaces(o, 1, 2, "remove-cu S [, S]", err, len);
	}
	if (phrase(c, w, "remove-pc") || phrase(c, w, "remove-pcs")) {
		o->kind = WW_ORD_REMOVE_PC;
		if (parse_spaces(d, c, o, err, len))
			return -1;
		return need_spaces(o, 1, WW_ORDER_SPACES, "remove-pc S, S, ...", err, len);
	}
	wj_why(err, len, "'%.40s' is not understood: write 'remove-cu S [, S]' or "
	    "'remove-pc S, S, ...'", w);
	return -1;
}

static const struct {
	const char *word;
	enum ww_standing_kind kind;
} STANDINGS[] = {
	{ "never-intercept", WW_STAND_NEVER_INTERCEPT },
	{ "always-intercept", WW_STAND_ALWAYS_INTERCEPT },
	{ "never-retreat-before-battle", WW_STAND_NEVER_RETREAT_BEFORE_BATTLE },
	{ "never-rbb", WW_STAND_NEVER_RETREAT_BEFORE_BATTLE },
	{ "never-exchange", WW_STAND_NEVER_EXCHANGE },
	{ "never-battle-card", WW_STAND_NEVER_BATTLE_CARD },
	{ "french-losses-first", WW_STAND_FRENCH_LOSSES_FIRST },
	{ "american-losses-first", WW_STAND_AMERICAN_LOSSES_FIRST },
	{ "clear", WW_STAND_CLEAR },
};

/* standing KIND [GENERAL] */
static int parse_standing(const struct ww_data *d, struct cursor *c, const char *verb,
			  struct ww_order *o, char *err, size_t len)
{
	char w[32];
	(void)verb;
	o->kind = WW_ORD_STANDING;
	if (word(c, w, sizeof w) && (!strcmp(w, "order") || !strcmp(w, "orders")))
		word(c, w, sizeof w);
	for (size_t i = 0; i < sizeof STANDINGS / sizeof *STANDINGS; i++) {
		if (!w[0] || !phrase(c, w, STANDINGS[i].word))
			continue;
		o->standing = STANDINGS[i].kind;
		if (o->standing != WW_STAND_ALWAYS_INTERCEPT)
			return trailing(c, STANDINGS[i].word, err, len);
		char *t = trim(rest(c));
		if (!*t) {
			wj_why(err, len, "'standing always-intercept' needs a general, "
			    "e.g. 'standing always-intercept Greene'");
			return -1;
		}
		return general_named(d, t, &o->general, err, len);
	}
	wj_why(err, len, "'standing' needs one of: %s", STANDING_FORMS);
	return -1;
}

static const char *const PC_WORDS[] = { "pc", "pcs", "ops", "op", NULL };
static const char *const EVENT_WORDS[] = { "event", "events", NULL };

static int parse_play(const struct ww_data *d, struct cursor *c, const char *verb,
		      struct ww_order *o, char *err, size_t len)
{
	char w[32];
	(void)verb;
	if (parse_card(d, c, "play", &o->card, err, len))
		return -1;
	if (!next_word(c, w, sizeof w)) {
		wj_why(err, len, "'play %d' needs what the card does: %s", o->card, PLAY_FORMS);
		return -1;
	}
	int rc;
	if (play_armies(d, c, w, o, &rc, err, len))
		return rc;
	if (word_in(w, PC_WORDS)) {
		o->kind = WW_ORD_PLAY_PC;
		if (parse_spaces(d, c, o, err, len))
			return -1;
		return need_spaces(o, 1, WW_ORDER_SPACES, "play N pc", err, len);
	}
	if (word_in(w, EVENT_WORDS)) {
		o->kind = WW_ORD_PLAY_EVENT;
		return parse_spaces(d, c, o, err, len);
	}
	wj_why(err, len, "'%s' is not a way to play a card: %s", w, PLAY_FORMS);
	return -1;
}

static int parse_discard(const struct ww_data *d, struct cursor *c, const char *verb,
			 struct ww_order *o, char *err, size_t len)
{
	static const char *const place[] = { "pc", "place", "flip", NULL };
	static const char *const removal[] = { "remove", NULL };
	char w[32];
	(void)verb;
	o->kind = WW_ORD_DISCARD;
	o->action = WW_DISCARD_ONLY;
	if (parse_card(d, c, "discard", &o->card, err, len))
		return -1;
	if (!next_word(c, w, sizeof w))
		return 0;
	if (word_in(w, place))
		o->action = WW_DISCARD_PC;
	else if (word_in(w, removal))
		o->action = WW_DISCARD_REMOVE;
	else {
		wj_why(err, len, "'%s' is not a discard action: write 'discard %d', "
		    "'discard %d pc S' or 'discard %d remove S'",
		    w, o->card, o->card, o->card);
		return -1;
	}
	if (parse_spaces(d, c, o, err, len))
		return -1;
	return need_spaces(o, 1, 1, o->action == WW_DISCARD_PC ?
			   "discard N pc S" : "discard N remove S", err, len);
}

static int parse_first(const struct ww_data *d, struct cursor *c, const char *verb,
		       struct ww_order *o, char *err, size_t len)
{
	static const char *const us[] = { "american", "americans", "america", NULL };
	static const char *const uk[] = { "british", "britain", "briton", "britons", NULL };
	char w[32];
	(void)d;
	(void)verb;
	o->kind = WW_ORD_FIRST;
	if (!next_word(c, w, sizeof w)) {
		wj_why(err, len, "'first' needs a side: 'first american' or 'first british'");
		return -1;
	}
	if (word_in(w, us))
		o->first = WW_AMERICAN;
	else if (word_in(w, uk))
		o->first = WW_BRITISH;
	else {
		wj_why(err, len, "'%s' is not a side: write 'first american' or "
		    "'first british'", w);
		return -1;
	}
	return trailing(c, "first", err, len);
}

/* "for the king" and "for-the-king" are one keyword. */
static bool for_the_king(struct cursor *c, const char *w)
{
	if (!strcmp(w, "for-the-king") || !strcmp(w, "ftk") || !strcmp(w, "forthe-king"))
		return true;
	if (strcmp(w, "for") && strcmp(w, "for-the"))
		return false;
	char *save = c->p;
	char a[16], b[16];
	if (!strcmp(w, "for-the")) {
		if (next_word(c, a, sizeof a) && !strcmp(a, "king"))
			return true;
	} else if (next_word(c, a, sizeof a)) {
		if (!strcmp(a, "the-king"))
			return true;
		if (!strcmp(a, "the") && next_word(c, b, sizeof b) && !strcmp(b, "king"))
			return true;
	}
	c->p = save;
	return false;
}

static int not_an_order(const char *w, char *err, size_t len)
{
	wj_why(err, len, "'%s' is not an order; the orders are: %s", w, ORDER_FORMS);
	return -1;
}

static int parse_committees(const struct ww_data *d, struct cursor *c, const char *w,
			    struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_COMMITTEES;
	if (parse_spaces(d, c, o, err, len))
		return -1;
	return need_spaces(o, 1, WW_ORDER_SPACES, "committees", err, len);
}

static int parse_for_the_king(const struct ww_data *d, struct cursor *c, const char *w,
			      struct ww_order *o, char *err, size_t len)
{
	if (!for_the_king(c, w))
		return not_an_order(w, err, len);
	o->kind = WW_ORD_FOR_THE_KING;
	return parse_spaces(d, c, o, err, len);
}

/* pass | done | stand | resign: one word, nothing after it. */
static int parse_word(const struct ww_data *d, struct cursor *c, const char *w,
		      struct ww_order *o, char *err, size_t len)
{
	(void)d;
	o->kind = !strcmp(w, "pass") ? WW_ORD_PASS : !strcmp(w, "done") ? WW_ORD_DONE :
		  !strcmp(w, "resign") ? WW_ORD_RESIGN : WW_ORD_STAND;
	return trailing(c, w, err, len);
}

static int parse_exchange(const struct ww_data *d, struct cursor *c, const char *w,
			  struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_EXCHANGE;
	if (parse_card(d, c, "exchange", &o->card, err, len))
		return -1;
	return trailing(c, "exchange N", err, len);
}

static int parse_declaration(const struct ww_data *d, struct cursor *c, const char *w,
			     struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_DECLARATION;
	return parse_spaces(d, c, o, err, len);
}

static int parse_congress(const struct ww_data *d, struct cursor *c, const char *w,
			  struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_CONGRESS;
	return one_space(d, c, o, "congress S", err, len);
}

static int parse_move(const struct ww_data *d, struct cursor *c, const char *w,
		      struct ww_order *o, char *err, size_t len)
{
	(void)w;
	o->kind = WW_ORD_MOVE;
	return parse_move_body(d, c, o, err, len);
}

static int parse_landing(const struct ww_data *d, struct cursor *c, const char *w,
			 struct ww_order *o, char *err, size_t len)
{
	phrase(c, w, "landing-party"); /* "landing party S": past "party" */
	o->kind = WW_ORD_LANDING;
	return one_space(d, c, o, "landing S", err, len);
}

typedef int (*verb_parser)(const struct ww_data *d, struct cursor *c, const char *w,
			   struct ww_order *o, char *err, size_t len);

/* The first word of every order, and what reads the rest: the grammar's
 * one list of the words that start an order (ww_order_starts asks it
 * too). A word marked `begins` also stands for every longer word it
 * begins ("retreat-" for "retreat-before-battle", "battle" for
 * "battle-card"). */
static const struct verb {
	const char *word;
	bool begins;
	verb_parser parse;
} VERBS[] = {
	{ "committees", false, parse_committees }, { "committee", false, parse_committees },
	{ "cc", false, parse_committees },
	{ "for-the-king", false, parse_for_the_king }, { "ftk", false, parse_for_the_king },
	{ "forthe-king", false, parse_for_the_king }, { "for", false, parse_for_the_king },
	{ "for-the", false, parse_for_the_king },
	{ "pass", false, parse_word }, { "first", false, parse_first },
	{ "play", false, parse_play }, { "discard", false, parse_discard },
	{ "exchange", false, parse_exchange }, { "swap", false, parse_exchange },
	{ "declaration", false, parse_declaration }, { "congress", false, parse_congress },
	{ "move", false, parse_move }, { "activate", false, parse_move },
	{ "landing", false, parse_landing }, { "landing-party", false, parse_landing },
	{ "done", false, parse_word }, { "stand", false, parse_word },
	{ "intercept", false, parse_intercept },
	{ "retreat", false, parse_retreat }, { "retreat-", true, parse_retreat },
	{ "rbb", false, parse_retreat },
	{ "no", false, parse_no }, { "no-", true, parse_no },
	{ "battle", true, parse_battle }, { "navy", false, parse_navy },
	{ "french", true, parse_french }, { "remove", true, parse_remove },
	{ "standing", false, parse_standing }, { "resign", false, parse_word },
};

/* The entry for an order's first word (lower case), or NULL. */
static const struct verb *verb_of(const char *w)
{
	for (size_t i = 0; i < sizeof VERBS / sizeof *VERBS; i++) {
		const struct verb *v = &VERBS[i];
		if (!strcmp(w, v->word) || (v->begins && !strncmp(w, v->word, strlen(v->word))))
			return v;
	}
	return NULL;
}

/* The line in the cursor, trailing blanks and punctuation off; -1 if it
 * is too long. */
static int cursor_start(struct cursor *c, const char *line)
{
	if (strlen(line) >= sizeof c->buf)
		return -1;
	snprintf(c->buf, sizeof c->buf, "%s", line);
	size_t n = strlen(c->buf);
	while (n && (isspace((unsigned char)c->buf[n - 1]) || strchr(".;!,", c->buf[n - 1])))
		c->buf[--n] = '\0';
	c->p = c->buf;
	return 0;
}

bool ww_order_starts(const char *line)
{
	struct cursor c;
	char w[32];
	return !cursor_start(&c, line) && next_word(&c, w, sizeof w) && verb_of(w);
}

int ww_order_parse(const struct ww_data *d, const char *line, struct ww_order *o,
		   char *err, size_t errlen)
{
	struct cursor c;
	char w[32];
	ww_order_init(o);
	if (cursor_start(&c, line)) {
		wj_why(err, errlen, "the order is too long (at most %zu characters)",
		    sizeof c.buf - 1);
		return -1;
	}
	if (!next_word(&c, w, sizeof w)) {
		wj_why(err, errlen, "an empty order; the orders are: %s", ORDER_FORMS);
		return -1;
	}
	const struct verb *v = verb_of(w);
	if (!v || v->parse(d, &c, w, o, err, errlen)) {
		if (!v)
			not_an_order(w, err, errlen);
		memset(o, 0, sizeof *o);
		return -1;
	}
	return 0;
}

static void put_spaces(const struct ww_data *d, const struct ww_order *o,
		       char *out, size_t len)
{
	for (int i = 0; i < o->nspaces; i++) {
		int s = o->spaces[i];
		wj_fmt_add(out, len, "%s%s", i ? ", " : " ",
		    s >= 0 && s < d->nspaces ? d->spaces[s].name : "?");
	}
}

static const char *general_name(const struct ww_data *d, int g)
{
	return g >= 0 && g < d->ngenerals ? d->generals[g].name : "?";
}

static const char *space_name(const struct ww_data *d, int s)
{
	return s >= 0 && s < d->nspaces ? d->spaces[s].name : "?";
}

/* "Washington with 5 to Camden SC, Eutaw Springs SC (drop 2) keep Greene" */
static void put_move(const struct ww_data *d, const struct ww_order *o,
		     char *out, size_t len)
{
	wj_fmt_add(out, len, "move %s", general_name(d, o->general));
	if (o->cu >= 0)
		wj_fmt_add(out, len, " with %d", o->cu);
	wj_fmt_add(out, len, "%s to", o->by_sea ? " by sea" : "");
	for (int i = 0; i < o->nspaces; i++) {
		wj_fmt_add(out, len, "%s%s", i ? ", " : " ", space_name(d, o->spaces[i]));
		if (o->drop[i] && o->take[i])
			wj_fmt_add(out, len, " (drop %d, take %d)", o->drop[i], o->take[i]);
		else if (o->drop[i])
			wj_fmt_add(out, len, " (drop %d)", o->drop[i]);
		else if (o->take[i])
			wj_fmt_add(out, len, " (take %d)", o->take[i]);
	}
	if (o->keep >= 0)
		wj_fmt_add(out, len, " keep %s", general_name(d, o->keep));
}

static void put_reinforce(const struct ww_data *d, const struct ww_order *o,
			  char *out, size_t len)
{
	wj_fmt_add(out, len, "play %d reinforce %s%s", o->card, o->french ? "french " : "",
	    o->nspaces ? space_name(d, o->spaces[0]) : "?");
	if (o->general >= 0)
		wj_fmt_add(out, len, " %s", general_name(d, o->general));
	if (o->cu >= 0)
		wj_fmt_add(out, len, " %d", o->cu);
}

static void put_intercept(const struct ww_data *d, const struct ww_order *o,
			  char *out, size_t len)
{
	wj_fmt_add(out, len, "intercept");
	for (int i = 0; i < o->ngenerals && i < 4; i++)
		wj_fmt_add(out, len, "%s%s", i ? ", " : " ", general_name(d, o->generals[i]));
	if (o->keep >= 0)
		wj_fmt_add(out, len, " keep %s", general_name(d, o->keep));
}

static void put_standing(const struct ww_data *d, const struct ww_order *o,
			 char *out, size_t len)
{
	for (size_t i = 0; i < sizeof STANDINGS / sizeof *STANDINGS; i++)
		if (STANDINGS[i].kind == o->standing) {
			wj_fmt_add(out, len, "standing %s", STANDINGS[i].word);
			break;
		}
	if (o->standing == WW_STAND_ALWAYS_INTERCEPT)
		wj_fmt_add(out, len, " %s", general_name(d, o->general));
}

/* The orders of the armies issue; false for any other kind. */
static bool format_armies(const struct ww_data *d, const struct ww_order *o,
			  char *out, size_t len)
{
	switch (o->kind) {
	case WW_ORD_PLAY_MOVE:
		wj_fmt_add(out, len, "play %d ", o->card);
		put_move(d, o, out, len);
		break;
	case WW_ORD_PLAY_QUEUE:
		wj_fmt_add(out, len, "play %d queue%s", o->card, o->queue_move ? " " : "");
		if (o->queue_move)
			put_move(d, o, out, len);
		break;
	case WW_ORD_PLAY_REINFORCE:
		put_reinforce(d, o, out, len);
		break;
	case WW_ORD_MOVE:
		put_move(d, o, out, len);
		break;
	case WW_ORD_INTERCEPT:
		put_intercept(d, o, out, len);
		break;
	case WW_ORD_STANDING:
		put_standing(d, o, out, len);
		break;
	case WW_ORD_BATTLE_CARD:
		wj_fmt_add(out, len, "battle-card %d", o->card);
		break;
	case WW_ORD_BATTLE_DISCARD:
		wj_fmt_add(out, len, "battle-discard %d", o->card);
		break;
	case WW_ORD_NAVY:
		wj_fmt_add(out, len, "navy %s", o->zone >= 0 && o->zone < d->nzones ?
		    d->zones[o->zone].name : "?");
		break;
	default:
		return false;
	}
	return true;
}

/* The words of an order that is a word and its spaces. */
static const char *simple_word(const struct ww_order *o)
{
	switch (o->kind) {
	case WW_ORD_LANDING:         return "landing";
	case WW_ORD_DONE:            return "done";
	case WW_ORD_NO_INTERCEPT:    return "no intercept";
	case WW_ORD_RETREAT_BEFORE:  return "retreat-before-battle to";
	case WW_ORD_STAND:           return "stand";
	case WW_ORD_NO_BATTLE_CARD:  return "no battle-card";
	case WW_ORD_RETREAT:         return o->by_sea ? "retreat by sea to" : "retreat to";
	case WW_ORD_FRENCH_FORCES:   return "french-forces";
	case WW_ORD_REMOVE_CU:       return "remove-cu";
	case WW_ORD_REMOVE_PC:       return "remove-pc";
	default:                     return NULL;
	}
}

void ww_order_format(const struct ww_data *d, const struct ww_order *o,
		     char *out, size_t len)
{
	if (!len)
		return;
	out[0] = '\0';
	switch (o->kind) {
	case WW_ORD_COMMITTEES:
		wj_fmt_add(out, len, "committees");
		break;
	case WW_ORD_FOR_THE_KING:
		wj_fmt_add(out, len, "for-the-king");
		break;
	case WW_ORD_PASS:
		wj_fmt_add(out, len, "pass");
		return;
	case WW_ORD_RESIGN:
		wj_fmt_add(out, len, "resign");
		return;
	case WW_ORD_FIRST:
		wj_fmt_add(out, len, "first %s",
		    o->first == WW_BRITISH ? "british" : "american");
		return;
	case WW_ORD_PLAY_PC:
		wj_fmt_add(out, len, "play %d pc", o->card);
		break;
	case WW_ORD_PLAY_EVENT:
		wj_fmt_add(out, len, "play %d event", o->card);
		break;
	case WW_ORD_DISCARD:
		wj_fmt_add(out, len, "discard %d%s", o->card,
		    o->action == WW_DISCARD_PC ? " pc" :
		    o->action == WW_DISCARD_REMOVE ? " remove" : "");
		break;
	case WW_ORD_EXCHANGE:
		wj_fmt_add(out, len, "exchange %d", o->card);
		return;
	case WW_ORD_DECLARATION:
		wj_fmt_add(out, len, "declaration");
		break;
	case WW_ORD_CONGRESS:
		wj_fmt_add(out, len, "congress");
		break;
	default:
		if (format_armies(d, o, out, len))
			return;
		if (!simple_word(o)) {
			wj_fmt_add(out, len, "(no order)");
			return;
		}
		wj_fmt_add(out, len, "%s", simple_word(o));
	}
	put_spaces(d, o, out, len);
}
