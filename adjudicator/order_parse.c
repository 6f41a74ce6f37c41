/* The order language (docs/orders.md): one order per line, keywords in
 * any case, space names matched forgivingly. Only names from the data
 * are known here; nothing about the game is written in this file. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order.h"

#define LINE_MAX_LEN 1024
#define NORM_MAX 128

static const char ORDER_FORMS[] =
	"committees S, S, ... | for-the-king S, S, S | pass | "
	"first american|british | play N pc S, S, ... | "
	"play N event [S, ...] | discard N [pc S | remove S] | "
	"exchange N | declaration S, S, ... | congress S";

static void say(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say(char *err, size_t len, const char *fmt, ...)
{
	if (!err || !len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* A space name folded for comparison: lower case, punctuation dropped,
 * hyphens as blanks, one blank between words, "saint" as "st" and "ft"
 * as "fort". */
static void fold_name(const char *in, char *out, size_t len)
{
	char tmp[NORM_MAX];
	size_t n = 0;
	bool blank = true;
	for (const char *p = in; *p && n + 1 < sizeof tmp; p++) {
		unsigned char c = (unsigned char)*p;
		if (isalnum(c)) {
			tmp[n++] = (char)tolower(c);
			blank = false;
		} else if ((isspace(c) || c == '-' || c == '_' || c == '/') && !blank) {
			tmp[n++] = ' ';
			blank = true;
		}
	}
	while (n && tmp[n - 1] == ' ')
		n--;
	tmp[n] = '\0';

	size_t o = 0;
	out[0] = '\0';
	for (char *w = strtok(tmp, " "); w; w = strtok(NULL, " ")) {
		const char *word = w;
		if (!strcmp(w, "saint"))
			word = "st";
		else if (!strcmp(w, "ft"))
			word = "fort";
		int k = snprintf(out + o, len - o, "%s%s", o ? " " : "", word);
		if (k < 0 || (size_t)k >= len - o)
			break;
		o += (size_t)k;
	}
}

/* The name without its colony code ("Wilmington NC" -> "wilmington"),
 * folded; the full folded name when it has no such suffix. */
static void base_name(const struct ww_data *d, int space, char *out, size_t len)
{
	fold_name(d->spaces[space].name, out, len);
	int c = d->spaces[space].colony;
	if (c < 0 || c >= d->ncolonies)
		return;
	char code[16];
	fold_name(d->colonies[c].code, code, sizeof code);
	size_t n = strlen(out), k = strlen(code);
	if (k && n > k + 1 && out[n - k - 1] == ' ' && !strcmp(out + n - k, code))
		out[n - k - 1] = '\0';
}

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

static int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la >= NORM_MAX || lb >= NORM_MAX)
		return NORM_MAX;
	int row[NORM_MAX + 1];
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			row[j] = min3(row[j] + 1, row[j - 1] + 1,
				      diag + (a[i - 1] != b[j - 1]));
			diag = up;
		}
	}
	return row[lb];
}

/* "A, B or C" into err after a prefix. */
static void list_candidates(const struct ww_data *d, const int *cand, int n,
			    char *err, size_t len, const char *prefix)
{
	size_t o = 0;
	say(err, len, "%s", prefix);
	o = strlen(err);
	int shown = n > 6 ? 5 : n;
	for (int i = 0; i < shown && o + 1 < len; i++) {
		const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
		say(err + o, len - o, "%s%s", sep, d->spaces[cand[i]].name);
		o = strlen(err);
	}
	if (shown < n && o + 1 < len)
		say(err + o, len - o, " or %d others", n - shown);
}

/* Spaces whose folded full or base name satisfies `want`. */
static int collect(const struct ww_data *d, const char *in, int *cand,
		   bool (*want)(const char *name, const char *in))
{
	int n = 0;
	for (int s = 0; s < d->nspaces; s++) {
		char full[NORM_MAX], base[NORM_MAX];
		fold_name(d->spaces[s].name, full, sizeof full);
		base_name(d, s, base, sizeof base);
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
		fold_name(d->colonies[c].code, code, sizeof code);
		if (strcmp(sp + 1, code))
			continue;
		for (int s = 0; s < d->nspaces; s++) {
			char full[NORM_MAX];
			fold_name(d->spaces[s].name, full, sizeof full);
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
		char full[NORM_MAX], base[NORM_MAX];
		fold_name(d->spaces[s].name, full, sizeof full);
		base_name(d, s, base, sizeof base);
		int e = edit_distance(in, base);
		int f = edit_distance(in, full);
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
		say(err, len, "unknown space '%s' (names are as on the map, "
		    "e.g. 'Boston' or 'Wilmington NC')", name);
		return;
	}
	char prefix[160];
	snprintf(prefix, sizeof prefix, "unknown space '%s' \xe2\x80\x94 did you mean ", name);
	list_candidates(d, cand, n, err, len, prefix);
	size_t o = strlen(err);
	say(err + o, len - o, "?");
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
	fold_name(name, in, sizeof in);
	if (!in[0]) {
		say(err, errlen, "a space name is missing");
		return -1;
	}
	for (int s = 0; s < d->nspaces; s++) {
		char full[NORM_MAX];
		fold_name(d->spaces[s].name, full, sizeof full);
		if (!strcmp(full, in))
			return s;
	}
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
			list_candidates(d, cand, n, err, errlen, prefix);
			size_t o = strlen(err);
			say(err + o, errlen - o, "?");
			return -1;
		}
	}
	suggest(d, name, in, err, errlen);
	return -1;
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
		say(err, len, "'%s' needs a card number, e.g. '%s 12' or '%s #12'",
		    verb, verb, verb);
		return -1;
	}
	const char *digits = w[0] == '#' ? w + 1 : w;
	char *end;
	long n = strtol(digits, &end, 10);
	if (!*digits || *end || !isdigit((unsigned char)*digits)) {
		say(err, len, "'%s' is not a card number: after '%s' write the "
		    "card's number, e.g. '%s 12' or '%s #12'", w, verb, verb, verb);
		return -1;
	}
	int max = d->ncards > 0 ? d->ncards : WW_MAX_CARDS - 1;
	if (n < 1 || n > max) {
		say(err, len, "there is no card #%ld: cards are numbered 1 to %d",
		    n, max);
		return -1;
	}
	*card = (int)n;
	return 0;
}

static int add_space(struct ww_order *o, int space, char *err, size_t len)
{
	if (o->nspaces >= WW_ORDER_SPACES) {
		say(err, len, "too many spaces: one order names at most %d",
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
			say(err, len, "an empty name between commas");
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
		say(err, len, "'%s' needs %s space%s", form,
		    min == max ? "exactly one" : "at least one", min == 1 && max == 1 ? "" : "s");
		return -1;
	}
	if (o->nspaces > max) {
		say(err, len, "'%s' takes %s%d space%s, not %d", form,
		    min == max ? "" : "at most ", max, max == 1 ? "" : "s", o->nspaces);
		return -1;
	}
	return 0;
}

static int trailing(struct cursor *c, const char *form, char *err, size_t len)
{
	if (at_end(c))
		return 0;
	say(err, len, "unexpected '%.40s' after '%s'", c->p, form);
	return -1;
}

static const char *const PC_WORDS[] = { "pc", "pcs", "ops", "op", NULL };
static const char *const EVENT_WORDS[] = { "event", "events", NULL };

static int parse_play(const struct ww_data *d, struct cursor *c, struct ww_order *o,
		      char *err, size_t len)
{
	char w[32];
	if (parse_card(d, c, "play", &o->card, err, len))
		return -1;
	if (!next_word(c, w, sizeof w)) {
		say(err, len, "'play %d' needs 'pc' and the spaces, or 'event': "
		    "play %d pc S, S, ... | play %d event [S, ...]",
		    o->card, o->card, o->card);
		return -1;
	}
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
	say(err, len, "'%s' is not a way to play a card: write 'play %d pc S, S, ...' "
	    "or 'play %d event [S, ...]'", w, o->card, o->card);
	return -1;
}

static int parse_discard(const struct ww_data *d, struct cursor *c,
			 struct ww_order *o, char *err, size_t len)
{
	static const char *const place[] = { "pc", "place", "flip", NULL };
	static const char *const removal[] = { "remove", NULL };
	char w[32];
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
		say(err, len, "'%s' is not a discard action: write 'discard %d', "
		    "'discard %d pc S' or 'discard %d remove S'",
		    w, o->card, o->card, o->card);
		return -1;
	}
	if (parse_spaces(d, c, o, err, len))
		return -1;
	return need_spaces(o, 1, 1, o->action == WW_DISCARD_PC ?
			   "discard N pc S" : "discard N remove S", err, len);
}

static int parse_first(struct cursor *c, struct ww_order *o, char *err, size_t len)
{
	static const char *const us[] = { "american", "americans", "america", NULL };
	static const char *const uk[] = { "british", "britain", "briton", "britons", NULL };
	char w[32];
	o->kind = WW_ORD_FIRST;
	if (!next_word(c, w, sizeof w)) {
		say(err, len, "'first' needs a side: 'first american' or 'first british'");
		return -1;
	}
	if (word_in(w, us))
		o->first = WW_AMERICAN;
	else if (word_in(w, uk))
		o->first = WW_BRITISH;
	else {
		say(err, len, "'%s' is not a side: write 'first american' or "
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

static int parse_verb(const struct ww_data *d, struct cursor *c, const char *w,
		      struct ww_order *o, char *err, size_t len)
{
	static const char *const committees[] = { "committees", "committee", "cc", NULL };
	static const char *const exchange[] = { "exchange", "swap", NULL };
	if (word_in(w, committees)) {
		o->kind = WW_ORD_COMMITTEES;
		if (parse_spaces(d, c, o, err, len))
			return -1;
		return need_spaces(o, 1, WW_ORDER_SPACES, "committees", err, len);
	}
	if (for_the_king(c, w)) {
		o->kind = WW_ORD_FOR_THE_KING;
		return parse_spaces(d, c, o, err, len);
	}
	if (!strcmp(w, "pass")) {
		o->kind = WW_ORD_PASS;
		return trailing(c, "pass", err, len);
	}
	if (!strcmp(w, "first"))
		return parse_first(c, o, err, len);
	if (!strcmp(w, "play"))
		return parse_play(d, c, o, err, len);
	if (!strcmp(w, "discard"))
		return parse_discard(d, c, o, err, len);
	if (word_in(w, exchange)) {
		o->kind = WW_ORD_EXCHANGE;
		if (parse_card(d, c, "exchange", &o->card, err, len))
			return -1;
		return trailing(c, "exchange N", err, len);
	}
	if (!strcmp(w, "declaration")) {
		o->kind = WW_ORD_DECLARATION;
		return parse_spaces(d, c, o, err, len);
	}
	if (!strcmp(w, "congress")) {
		o->kind = WW_ORD_CONGRESS;
		if (parse_spaces(d, c, o, err, len))
			return -1;
		return need_spaces(o, 1, 1, "congress S", err, len);
	}
	say(err, len, "'%s' is not an order; the orders are: %s", w, ORDER_FORMS);
	return -1;
}

int ww_order_parse(const struct ww_data *d, const char *line, struct ww_order *o,
		   char *err, size_t errlen)
{
	struct cursor c;
	char w[32];
	ww_order_init(o);
	if (strlen(line) >= sizeof c.buf) {
		say(err, errlen, "the order is too long (at most %zu characters)",
		    sizeof c.buf - 1);
		return -1;
	}
	snprintf(c.buf, sizeof c.buf, "%s", line);
	size_t n = strlen(c.buf);
	while (n && (isspace((unsigned char)c.buf[n - 1]) ||
		     strchr(".;!,", c.buf[n - 1])))
		c.buf[--n] = '\0';
	c.p = c.buf;
	if (!next_word(&c, w, sizeof w)) {
		say(err, errlen, "an empty order; the orders are: %s", ORDER_FORMS);
		return -1;
	}
	if (parse_verb(d, &c, w, o, err, errlen)) {
		memset(o, 0, sizeof *o);
		return -1;
	}
	return 0;
}

static void put(char *out, size_t len, size_t *o, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void put(char *out, size_t len, size_t *o, const char *fmt, ...)
{
	if (*o >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(out + *o, len - *o, fmt, ap);
	va_end(ap);
	if (k > 0)
		*o = *o + (size_t)k < len ? *o + (size_t)k : len - 1;
}

static void put_spaces(const struct ww_data *d, const struct ww_order *o,
		       char *out, size_t len, size_t *at)
{
	for (int i = 0; i < o->nspaces; i++) {
		int s = o->spaces[i];
		put(out, len, at, "%s%s", i ? ", " : " ",
		    s >= 0 && s < d->nspaces ? d->spaces[s].name : "?");
	}
}

void ww_order_format(const struct ww_data *d, const struct ww_order *o,
		     char *out, size_t len)
{
	size_t at = 0;
	if (!len)
		return;
	out[0] = '\0';
	switch (o->kind) {
	case WW_ORD_COMMITTEES:
		put(out, len, &at, "committees");
		break;
	case WW_ORD_FOR_THE_KING:
		put(out, len, &at, "for-the-king");
		break;
	case WW_ORD_PASS:
		put(out, len, &at, "pass");
		return;
	case WW_ORD_FIRST:
		put(out, len, &at, "first %s",
		    o->first == WW_BRITISH ? "british" : "american");
		return;
	case WW_ORD_PLAY_PC:
		put(out, len, &at, "play %d pc", o->card);
		break;
	case WW_ORD_PLAY_EVENT:
		put(out, len, &at, "play %d event", o->card);
		break;
	case WW_ORD_DISCARD:
		put(out, len, &at, "discard %d%s", o->card,
		    o->action == WW_DISCARD_PC ? " pc" :
		    o->action == WW_DISCARD_REMOVE ? " remove" : "");
		break;
	case WW_ORD_EXCHANGE:
		put(out, len, &at, "exchange %d", o->card);
		return;
	case WW_ORD_DECLARATION:
		put(out, len, &at, "declaration");
		break;
	case WW_ORD_CONGRESS:
		put(out, len, &at, "congress");
		break;
	default:
		put(out, len, &at, "(no order)");
		return;
	}
	put_spaces(d, o, out, len, &at);
}
