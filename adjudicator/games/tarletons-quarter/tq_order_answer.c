/* Tarleton's Quarter!'s answers to the engine's questions, and standing
 * orders (tq_order.h, docs/tarletons-quarter-orders.md): "yes", "no",
 * "place 3 NC militia at N29", "retreat to S21", "standing bayonets". A
 * line is read into struct tq_order and written back the one way it is
 * read. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "buf.h"
#include "tq_order_internal.h"

#define PART_MAX 256

/* What follows an answer's word. */
enum rest {
	R_NOTHING,      /* "done" */
	R_AT_OPTIONAL,  /* "yes [at AREA]" */
	R_ITEMS_AT,     /* "place ITEMS at AREA" */
	R_ITEMS,        /* "lose ITEMS [at AREA]" */
	R_WHAT_AT,      /* "build fort at AREA" */
	R_AREA,         /* "base at AREA", "rise at AREA" */
	R_OUTSIDE,      /* "outside ITEMS", "outside none" */
	R_RETREAT,      /* "retreat [before combat] [to AREA]" */
	R_LEADER,       /* "c-in-c NAME" */
	R_COLONIES,     /* "declare Georgia, Virginia" */
	R_ANSWER        /* "standing ANSWER" */
};

static const struct answer_word {
	const char *word;
	enum tq_order_kind kind;
	enum rest rest;
} WORDS[] = {
	{ "yes", TQ_YES, R_AT_OPTIONAL },       { "summon", TQ_YES, R_AT_OPTIONAL },
	{ "surrender", TQ_YES, R_AT_OPTIONAL }, { "assault", TQ_YES, R_AT_OPTIONAL },
	{ "bayonets", TQ_YES, R_AT_OPTIONAL },  { "siege", TQ_YES, R_AT_OPTIONAL },
	{ "exchange", TQ_YES, R_AT_OPTIONAL },  { "accept", TQ_YES, R_AT_OPTIONAL },
	{ "propose", TQ_YES, R_AT_OPTIONAL },   { "no", TQ_NO, R_AT_OPTIONAL },
	{ "stand", TQ_NO, R_AT_OPTIONAL },      { "break", TQ_NO, R_AT_OPTIONAL },
	{ "decline", TQ_NO, R_AT_OPTIONAL },    { "place", TQ_PLACE, R_ITEMS_AT },
	{ "lose", TQ_LOSE, R_ITEMS },           { "expend", TQ_EXPEND, R_ITEMS_AT },
	{ "destroy", TQ_DESTROY, R_ITEMS_AT },  { "withdraw", TQ_WITHDRAW, R_ITEMS_AT },
	{ "build", TQ_BUILD, R_WHAT_AT },       { "base", TQ_BUILD, R_AREA },
	{ "outside", TQ_OUTSIDE, R_OUTSIDE },   { "inside", TQ_OUTSIDE, R_NOTHING },
	{ "retreat", TQ_RETREAT, R_RETREAT },   { "c-in-c", TQ_CHOOSE, R_LEADER },
	{ "command", TQ_CHOOSE, R_LEADER },     { "rise", TQ_CHOOSE, R_AREA },
	{ "declare", TQ_DECLARE, R_COLONIES },  { "done", TQ_DONE, R_NOTHING },
	{ "standing", TQ_STANDING, R_ANSWER },  { "resign", TQ_RESIGN, R_NOTHING },
};
#define NWORDS (int)(sizeof WORDS / sizeof WORDS[0])

static const char *const BUILD_WORDS[] = {
	[TQ_BUILD_FORT] = "fort", [TQ_BUILD_MAGAZINE] = "magazine", [TQ_BUILD_TRAIN] = "train",
	[TQ_BUILD_BASE] = "base",
};

static const struct answer_word *answer_word(const char *line, const char **after)
{
	const char *p = tq_ord_skip(line);
	for (int i = 0; i < NWORDS; i++)
		if (tq_ord_word_at(p, WORDS[i].word)) {
			*after = tq_ord_skip(p + strlen(WORDS[i].word));
			return &WORDS[i];
		}
	return NULL;
}

bool tq_answer_starts(const char *line)
{
	const char *after;
	return answer_word(line, &after) != NULL;
}

/* The last " at ", " from " or " to " of text: text before it into
 * before, the area after it into o->at. No such word: all of text into
 * before, at -1. */
static int split_at(const struct tq_data *d, const char *text, char *before, size_t len,
		    struct tq_order *o, char *why, size_t whylen)
{
	static const char *const AT[] = { "at", "from", "to" };
	const char *found = NULL;
	size_t word = 0;
	for (const char *q = text; *q; q++)
		for (int i = 0; i < 3; i++)
			if ((q == text || q[-1] == ' ') && tq_ord_word_at(q, AT[i]))
				found = q, word = strlen(AT[i]);
	tq_ord_trimmed(text, found ? (size_t)(found - text) : strlen(text), before, len);
	if (!found)
		return 0;
	const char *area = tq_ord_skip(found + word);
	if (!*area)
		return wj_why(why, whylen, "'%.*s' names no area after it", (int)word, found);
	return (o->at = (short)tq_ord_area(d, area, why, whylen)) < 0 ? -1 : 0;
}

/* Does the order name an SP, a supply unit, a leader or "all"? */
static bool names_something(const struct tq_order *o)
{
	static const struct tq_sps none;
	return o->all || o->nleaders || o->trains || o->magazines ||
	       memcmp(&o->sps, &none, sizeof none);
}

static int items_at(const struct tq_data *d, const struct answer_word *w, const char *text,
		    struct tq_order *o, bool need_at, char *why, size_t whylen)
{
	char items[PART_MAX];
	if (split_at(d, text, items, sizeof items, o, why, whylen))
		return -1;
	if (need_at && o->at < 0)
		return wj_why(why, whylen, "%s names no area: write %s ... %s AREA", w->word,
			      w->word, o->kind == TQ_WITHDRAW ? "from" : "at");
	if (!items[0] && o->kind == TQ_EXPEND) {
		o->trains = 1;
		return 0;
	}
	if (o->kind == TQ_DESTROY && !strcasecmp(items, "fort"))
		return 0; /* 4.8: the fort itself, nothing else named */
	if (items[0] && tq_ord_force(d, items, o, why, whylen))
		return -1;
	if (!names_something(o))
		return wj_why(why, whylen, "%s names nothing: write %s 2 regulars, 1 NC militia%s%s",
			      w->word, w->word, need_at ? " at AREA" : "",
			      o->kind == TQ_DESTROY ? " (or destroy fort at AREA, 4.8)" : "");
	return 0;
}

static int what_at(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		   size_t whylen)
{
	char what[PART_MAX];
	if (split_at(d, text, what, sizeof what, o, why, whylen))
		return -1;
	for (int b = 0; b <= TQ_BUILD_BASE; b++)
		if (!strcasecmp(what, BUILD_WORDS[b]) && o->at >= 0) {
			o->build = (enum tq_build)b;
			return 0;
		}
	return wj_why(why, whylen, "write build fort, build magazine, build train or build base, "
		      "then at AREA (4.1, 5.4.1, 7.1)");
}

static int area_only(const struct tq_data *d, const struct answer_word *w, const char *text,
		     struct tq_order *o, char *why, size_t whylen)
{
	char rest[PART_MAX];
	if (split_at(d, text, rest, sizeof rest, o, why, whylen))
		return -1;
	if (rest[0] || o->at < 0)
		return wj_why(why, whylen, "write %s at AREA", w->word);
	if (w->kind == TQ_BUILD)
		o->build = TQ_BUILD_BASE;
	return 0;
}

static int retreat(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		   size_t whylen)
{
	char rest[PART_MAX];
	if (split_at(d, text, rest, sizeof rest, o, why, whylen))
		return -1;
	if (!strcasecmp(rest, "before combat") || !strcasecmp(rest, "before")) {
		o->before = true;
		return 0;
	}
	return rest[0] ? wj_why(why, whylen, "write retreat to AREA (11.4) or retreat before "
				"combat to AREA (11.3), not '%s'", rest) : 0;
}

static int colonies(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		    size_t whylen)
{
	char name[PART_MAX];
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, ",;");
		const char *and = strcasestr(p, " and ");
		if (and && (size_t)(and - p) < n)
			n = (size_t)(and - p);
		tq_ord_trimmed(p, n, name, sizeof name);
		int c = 0;
		while (c < TQ_COLONIES && strcasecmp(name, d->colony_name[c]) &&
		       strcasecmp(name, d->colony_mil[c]))
			c++;
		if (c == TQ_COLONIES)
			return wj_why(why, whylen, "'%s' is no colony of the game: write %s, %s, %s "
				      "or %s", name, d->colony_name[0], d->colony_name[1],
				      d->colony_name[2], d->colony_name[3]);
		o->colonies |= 1u << c;
		p += n;
		p += !strncasecmp(p, " and ", 5) ? 5 : *p ? 1 : 0;
	}
	return o->colonies ? 0 : wj_why(why, whylen, "declare names no colony (17.4.1)");
}

/* "standing ANSWER": an answer to come, kept as written; which answers
 * may stand, and to which question, is the endeavour's to say
 * (tq_standing.c). */
static int standing(const char *text, struct tq_order *o, char *why, size_t whylen)
{
	tq_ord_trimmed(text, strlen(text), o->standing, sizeof o->standing);
	if (!o->standing[0])
		return wj_why(why, whylen, "standing takes an answer to a question to come: "
			      "standing retreat before combat to AREA, standing stand, standing "
			      "bayonets, standing outside all, standing siege, standing clear");
	if (strlen(text) >= sizeof o->standing)
		return wj_why(why, whylen, "a standing order is at most %zu characters",
			      sizeof o->standing - 1);
	return 0;
}

/* "yes Moultrie, Huger": the leaders a yes names (15.5.2: those a holder
 * releases). */
static int yes_leaders(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		       size_t whylen)
{
	static const struct tq_sps none;
	if (tq_ord_force(d, text, o, why, whylen))
		return -1;
	if (o->all || o->trains || o->magazines || memcmp(&o->sps, &none, sizeof none))
		return wj_why(why, whylen, "yes names leaders only: yes Moultrie, Huger (15.5.2)");
	return 0;
}

static int answer_rest(const struct tq_data *d, const struct answer_word *w, const char *after,
		       struct tq_order *o, char *why, size_t whylen)
{
	char rest[PART_MAX];
	switch (w->rest) {
	case R_NOTHING:
		return *after ? wj_why(why, whylen, "%s takes nothing after it", w->word) : 0;
	case R_AT_OPTIONAL:
		if (split_at(d, after, rest, sizeof rest, o, why, whylen))
			return -1;
		if (w->kind == TQ_YES && rest[0])
			return yes_leaders(d, rest, o, why, whylen);
		/* "no siege", "no bayonets": the question's own word after "no" */
		return rest[0] && (w->kind != TQ_NO || !answer_word(rest, &after) ||
				   answer_word(rest, &after)->kind != TQ_YES) ?
		       wj_why(why, whylen, "%s takes at most at AREA after it, not '%s'", w->word,
			      rest) : 0;
	case R_ITEMS_AT:
		return items_at(d, w, after, o, true, why, whylen);
	case R_ITEMS:
		return items_at(d, w, after, o, false, why, whylen);
	case R_WHAT_AT:
		return what_at(d, after, o, why, whylen);
	case R_AREA:
		return area_only(d, w, after, o, why, whylen);
	case R_OUTSIDE:
		if (!strcasecmp(after, "none") || !*after)
			return 0;
		return tq_ord_force(d, after, o, why, whylen);
	case R_RETREAT:
		return retreat(d, after, o, why, whylen);
	case R_LEADER:
		return (o->leader = (short)tq_ord_leader(d, after, why, whylen)) < 0 ? -1 : 0;
	case R_COLONIES:
		return colonies(d, after, o, why, whylen);
	case R_ANSWER:
		return standing(after, o, why, whylen);
	}
	return 0;
}

int tq_answer_parse(const struct tq_data *d, const char *line, struct tq_order *o, char *why,
		    size_t whylen)
{
	const char *after;
	const struct answer_word *w = answer_word(line, &after);
	if (!w) {
		const char *p = tq_ord_skip(line);
		return wj_why(why, whylen, "'%.*s' is no order of Tarleton's Quarter!: write "
			      "activate, train, governor, embark, land, recruit or pass for an "
			      "endeavour, or an answer: yes, no, place, lose, expend, destroy, "
			      "withdraw, build, base, outside, retreat, c-in-c, rise, declare, "
			      "done, standing; or resign", (int)strcspn(p, " \t,;"), p);
	}
	o->kind = w->kind;
	return answer_rest(d, w, after, o, why, whylen);
}

/* ---- written back ---- */

static const char *const FORMS[TQ_ORDER_KINDS] = {
	[TQ_YES] = "yes", [TQ_NO] = "no", [TQ_PLACE] = "place", [TQ_LOSE] = "lose",
	[TQ_EXPEND] = "expend", [TQ_DESTROY] = "destroy", [TQ_WITHDRAW] = "withdraw",
	[TQ_BUILD] = "build", [TQ_OUTSIDE] = "outside", [TQ_RETREAT] = "retreat",
	[TQ_CHOOSE] = "c-in-c", [TQ_DECLARE] = "declare", [TQ_DONE] = "done",
	[TQ_STANDING] = "standing", [TQ_RESIGN] = "resign",
};

static void format_declare(const struct tq_data *d, const struct tq_order *o, char *out,
			   size_t len)
{
	const char *sep = " ";
	for (int c = 0; c < TQ_COLONIES; c++)
		if (o->colonies & (1u << c)) {
			wj_fmt_add(out, len, "%s%s", sep, d->colony_name[c]);
			sep = ", ";
		}
}

void tq_answer_format(const struct tq_data *d, const struct tq_order *o, char *out, size_t len)
{
	const char *at = o->kind == TQ_WITHDRAW ? "from" : o->kind == TQ_RETREAT ? "to" : "at";
	if (o->kind == TQ_CHOOSE && o->leader < 0)
		snprintf(out, len, "rise");
	else if (o->kind == TQ_BUILD && o->build == TQ_BUILD_BASE)
		snprintf(out, len, "base");
	else
		snprintf(out, len, "%s", FORMS[o->kind] ? FORMS[o->kind] : "?");
	if (o->kind == TQ_BUILD && o->build != TQ_BUILD_BASE)
		wj_fmt_add(out, len, " %s", BUILD_WORDS[o->build]);
	if (o->kind == TQ_CHOOSE && o->leader >= 0)
		wj_fmt_add(out, len, " %s", d->leaders[o->leader].name);
	if (o->kind == TQ_RETREAT && o->before)
		wj_fmt_add(out, len, " before combat");
	if (o->kind == TQ_DECLARE)
		format_declare(d, o, out, len);
	if (o->kind == TQ_STANDING)
		wj_fmt_add(out, len, " %s", o->standing);
	size_t before = strlen(out);
	tq_ord_format_force(d, o, " ", out, len);
	if (o->kind == TQ_OUTSIDE && strlen(out) == before)
		wj_fmt_add(out, len, " none");
	if (o->kind == TQ_DESTROY && strlen(out) == before)
		wj_fmt_add(out, len, " fort");
	if (o->at >= 0)
		wj_fmt_add(out, len, " %s %s", at, d->areas[o->at].id);
}
