/* Skirmish's order language (sk_order.h, docs/skirmish-orders.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "names.h"
#include "sk_order.h"

#define LINE_MAX_LEN 1024

static const char FORMS[] =
	"declare SPOT | move SPOT - SPOT ... [split N stay, moved|held goes to SPOT] | "
	"skirmishes SPOT, SPOT ... | card move SPOT - SPOT ... | apart SPOT | call | "
	"sail SPOT - SPOT ... | pass | standing toward SPOT | standing away | standing ask | "
	"resign";

static const struct form {
	const char *word;
	enum sk_order_kind kind;
	const char *usage;
} ORDERS[] = {
	{ "declare", SK_ORDER_DECLARE, "declare SPOT (I.B), e.g. 'declare Boston'" },
	{ "move", SK_ORDER_MOVE, "move SPOT - SPOT ... (II), e.g. 'move Saratoga - Albany'" },
	{ "skirmishes", SK_ORDER_SKIRMISHES,
	  "skirmishes SPOT, SPOT ... (III.3), e.g. 'skirmishes Boston, Worcester'" },
	{ "card move", SK_ORDER_CARD_MOVE,
	  "card move SPOT - SPOT ... (III.2.B), e.g. 'card move Albany - Saratoga'" },
	{ "apart", SK_ORDER_APART, "apart SPOT (IV.5), e.g. 'apart Trenton'" },
	{ "call", SK_ORDER_CALL, "call (V), alone on the line" },
	{ "sail", SK_ORDER_SAIL,
	  "sail SPOT - SPOT ... (V.3), e.g. 'sail Large Blue Dot - West Atlantic'" },
	{ "pass", SK_ORDER_PASS, "pass, alone on the line" },
	{ "standing", SK_ORDER_STANDING,
	  "standing toward SPOT | standing away | standing ask (III.2.B, IV.5), e.g. "
	  "'standing toward Philadelphia'" },
	{ "resign", SK_ORDER_RESIGN, "resign, alone on the line" },
};
#define NORDERS (int)(sizeof ORDERS / sizeof ORDERS[0])

const char *sk_order_word(enum sk_order_kind kind)
{
	for (int i = 0; i < NORDERS; i++)
		if (ORDERS[i].kind == kind)
			return ORDERS[i].word;
	return "?";
}

static const char *spot_at(const void *d, int i)
{
	return ((const struct sk_data *)d)->spots[i].name;
}

static int spot_match(const struct sk_data *d, const char *name, char *why, size_t whylen)
{
	struct wj_names spots = { "spot", d->nspots, spot_at, d };
	return wj_name_match(&spots, name, why, whylen);
}

static char *trim(char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	size_t n = strlen(p);
	while (n && isspace((unsigned char)p[n - 1]))
		p[--n] = '\0';
	return p;
}

/* The form whose word(s) begin the line, and where its rest starts. */
static const struct form *form_of(const char *line, const char **rest)
{
	while (isspace((unsigned char)*line))
		line++;
	for (int i = 0; i < NORDERS; i++) {
		const char *w = ORDERS[i].word;
		size_t n = strlen(w);
		if (!strncasecmp(line, w, n) && (!line[n] || isspace((unsigned char)line[n]))) {
			*rest = line + n;
			return &ORDERS[i];
		}
	}
	return NULL;
}

bool sk_order_starts(const char *line)
{
	const char *rest;
	return form_of(line, &rest) != NULL;
}

static int refuse(char *why, size_t whylen, const struct form *f, const char *what)
{
	wj_why(why, whylen, "%s: %s; the form is %s", f->word, what, f->usage);
	return -1;
}

/* A spot of the order, named in the refusal when unknown. */
static int one_spot(const struct sk_data *d, const struct form *f, char *name, int *spot,
		    char *why, size_t whylen)
{
	char problem[600];
	*spot = spot_match(d, trim(name), problem, sizeof problem);
	if (*spot < 0) {
		wj_why(why, whylen, "%s: %s", f->word, problem);
		return -1;
	}
	return 0;
}

/* Spots separated by `sep` into o->spots. */
static int spot_list(const struct sk_data *d, const struct form *f, char *text, char sep,
		     struct sk_order *o, char *why, size_t whylen)
{
	char *p = text;
	for (;;) {
		char *end = strchr(p, sep);
		if (end)
			*end = '\0';
		if (o->nspots == SK_MAX_QUEUE)
			return refuse(why, whylen, f, "too many spots (32 at most)");
		if (!*trim(p))
			return refuse(why, whylen, f, "a spot's name is missing");
		if (one_spot(d, f, p, &o->spots[o->nspots], why, whylen))
			return -1;
		o->nspots++;
		if (!end)
			return 0;
		p = end + 1;
	}
}

/* COMBINING UNITS 3: "N stay, moved|held goes to SPOT". */
static int parse_split(const struct sk_data *d, const struct form *f, char *text,
		       struct sk_split *sp, char *why, size_t whylen)
{
	static const char want[] = "after 'split': 'N stay, moved goes to SPOT' or "
				   "'N stay, held goes to SPOT' (N the units the army that "
				   "stays keeps)";
	char who[8];
	int units, used = 0;
	if (sscanf(text, " %d stay , %7[a-zA-Z] goes to %n", &units, who, &used) != 2 || !used)
		return refuse(why, whylen, f, want);
	if (units < 1 || units > 6)
		return refuse(why, whylen, f, "an army that stays keeps 1 to 6 units");
	if (strcasecmp(who, "moved") && strcasecmp(who, "held"))
		return refuse(why, whylen, f, want);
	sp->given = true;
	sp->mover_goes = !strcasecmp(who, "moved");
	sp->stay_units = units;
	return one_spot(d, f, text + used, &sp->to, why, whylen);
}

/* " split " in the text, any case, cut off; its rest, or NULL. */
static char *cut_split(char *text)
{
	for (char *p = text; (p = strcasestr(p, "split")); p++)
		if ((p == text || isspace((unsigned char)p[-1])) &&
		    (!p[5] || isspace((unsigned char)p[5]))) {
			*p = '\0';
			return p + 5;
		}
	return NULL;
}

static int parse_path(const struct sk_data *d, const struct form *f, char *rest,
		      struct sk_order *o, char *why, size_t whylen)
{
	char *split = f->kind == SK_ORDER_MOVE ? cut_split(rest) : NULL;
	if (!*trim(rest))
		return refuse(why, whylen, f, "the path is missing");
	if (spot_list(d, f, rest, '-', o, why, whylen))
		return -1;
	if (o->nspots < 2)
		return refuse(why, whylen, f, "a path names the piece's spot and at least one "
			      "spot more, separated by '-'");
	o->spot = o->spots[0];
	return split ? parse_split(d, f, split, &o->split, why, whylen) : 0;
}

/* "toward SPOT", "away" or "ask": how the side's questions of a card's
 * move and of moving apart are answered in advance. */
static int parse_standing(const struct sk_data *d, const struct form *f, char *rest,
			  struct sk_order *o, char *why, size_t whylen)
{
	char *text = trim(rest);
	o->standing = (struct sk_standing){ SK_STANDING_ASK, -1 };
	if (!strcasecmp(text, "ask"))
		return 0;
	if (!strcasecmp(text, "away")) {
		o->standing.kind = SK_STANDING_AWAY;
		return 0;
	}
	if (strncasecmp(text, "toward", 6) || (text[6] && !isspace((unsigned char)text[6]))) {
		char what[80];
		snprintf(what, sizeof what, "'%.40s' is no standing order", *text ? text : "(nothing)");
		return refuse(why, whylen, f, what);
	}
	if (!*trim(text + 6))
		return refuse(why, whylen, f, "the spot to go toward is missing");
	o->standing.kind = SK_STANDING_TOWARD;
	return one_spot(d, f, text + 6, &o->standing.spot, why, whylen);
}

static int parse_rest(const struct sk_data *d, const struct form *f, char *rest,
		      struct sk_order *o, char *why, size_t whylen)
{
	switch (f->kind) {
	case SK_ORDER_DECLARE:
	case SK_ORDER_APART:
		if (f->kind == SK_ORDER_APART && !strncasecmp(trim(rest), "to ", 3))
			rest = trim(rest) + 3;
		if (!*trim(rest))
			return refuse(why, whylen, f, "the spot is missing");
		if (strchr(rest, '-') || strchr(rest, ','))
			return refuse(why, whylen, f, "one spot only");
		return one_spot(d, f, rest, &o->spot, why, whylen);
	case SK_ORDER_SKIRMISHES:
		if (!*trim(rest))
			return refuse(why, whylen, f, "the enemy spots are missing");
		return spot_list(d, f, rest, ',', o, why, whylen);
	case SK_ORDER_CALL:
	case SK_ORDER_PASS:
	case SK_ORDER_RESIGN:
		return *trim(rest) ? refuse(why, whylen, f, "nothing may follow it") : 0;
	case SK_ORDER_STANDING:
		return parse_standing(d, f, rest, o, why, whylen);
	default:
		return parse_path(d, f, rest, o, why, whylen);
	}
}

int sk_order_parse(const struct sk_data *d, const char *line, struct sk_order *o, char *why,
		   size_t whylen)
{
	char buf[LINE_MAX_LEN];
	const char *rest;
	memset(o, 0, sizeof *o);
	o->spot = -1;
	if (strlen(line) >= sizeof buf) {
		wj_why(why, whylen, "an order is one line of at most %d characters",
			 LINE_MAX_LEN - 1);
		return -1;
	}
	const struct form *f = form_of(line, &rest);
	if (!f) {
		char word[40] = "";
		sscanf(line, " %39s", word);
		wj_why(why, whylen, "'%s' is no order; the orders are: %s", word, FORMS);
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", rest);
	o->kind = f->kind;
	if (parse_rest(d, f, buf, o, why, whylen) == 0)
		return 0;
	memset(o, 0, sizeof *o);
	o->spot = -1;
	return -1;
}

static void add(char *out, size_t len, const char *fmt, const char *text)
{
	size_t o = strlen(out);
	if (o + 1 < len)
		snprintf(out + o, len - o, fmt, text);
}

static const char *spot_name(const struct sk_data *d, int spot)
{
	return spot >= 0 && spot < d->nspots ? d->spots[spot].name : "?";
}

void sk_order_format(const struct sk_data *d, const struct sk_order *o, char *out, size_t len)
{
	const char *sep = o->kind == SK_ORDER_SKIRMISHES ? ", " : " - ";
	if (!len)
		return;
	snprintf(out, len, "%s", sk_order_word(o->kind));
	if (o->kind == SK_ORDER_DECLARE || o->kind == SK_ORDER_APART)
		add(out, len, " %s", spot_name(d, o->spot));
	if (o->kind == SK_ORDER_STANDING) {
		char text[SK_NAME_MAX + 16];
		sk_standing_text(d, &o->standing, text, sizeof text);
		add(out, len, " %s", text);
	}
	for (int i = 0; i < o->nspots && i < SK_MAX_QUEUE; i++) {
		add(out, len, "%s", i ? sep : " ");
		add(out, len, "%s", spot_name(d, o->spots[i]));
	}
	if (o->kind == SK_ORDER_MOVE && o->split.given) {
		char text[24];
		snprintf(text, sizeof text, "%d", o->split.stay_units);
		add(out, len, " split %s stay, ", text);
		add(out, len, "%s goes to ", o->split.mover_goes ? "moved" : "held");
		add(out, len, "%s", spot_name(d, o->split.to));
	}
}
