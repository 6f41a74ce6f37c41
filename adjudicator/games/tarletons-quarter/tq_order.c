/* Tarleton's Quarter!'s order language (tq_order.h,
 * docs/tarletons-quarter-orders.md). A line is cut into its parts at the
 * order's own words ("at", "with", "alone", "move"), a force into items
 * at commas, "and" and ";", a path into areas at " - ", "->", "to" and
 * commas; names are matched forgivingly (core/names.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "buf.h"
#include "names.h"
#include "tq_order.h"
#include "tq_order_internal.h"
#include "tq_sps.h"

#define PART_MAX 256

static const char *const ORDER_WORDS[TQ_PASS + 1] = {
	[TQ_ACTIVATE] = "activate", [TQ_MOVE_TRAIN] = "train",
	[TQ_PLACE_GOVERNOR] = "governor", [TQ_EMBARK] = "embark", [TQ_LAND] = "land",
	[TQ_RECRUIT] = "recruit", [TQ_PASS] = "pass",
};

/* ---- words and names ---- */

const char *tq_ord_skip(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* A copy of the n bytes at p without their blanks around, in out. */
void tq_ord_trimmed(const char *p, size_t n, char *out, size_t len)
{
	while (n && isspace((unsigned char)*p))
		p++, n--;
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), p);
}

/* Does `p` begin with the word w (any case), ending at a blank, a
 * punctuation mark or the end? */
bool tq_ord_word_at(const char *p, const char *w)
{
	size_t n = strlen(w);
	return !strncasecmp(p, w, n) && !isalnum((unsigned char)p[n]);
}

/* The first of the words at a word boundary of p, or NULL; *which says
 * which. */
static const char *find_word(const char *p, const char *const *words, int *which)
{
	for (const char *q = p; *q; q++) {
		if (q != p && isalnum((unsigned char)q[-1]))
			continue;
		for (int i = 0; words[i]; i++)
			if (tq_ord_word_at(q, words[i])) {
				*which = i;
				return q;
			}
	}
	return NULL;
}

static int order_word(const char *line, const char **after)
{
	const char *p = tq_ord_skip(line);
	for (int k = 0; k <= TQ_PASS; k++)
		if (tq_ord_word_at(p, ORDER_WORDS[k])) {
			*after = tq_ord_skip(p + strlen(ORDER_WORDS[k]));
			return k;
		}
	if (tq_ord_word_at(p, "place")) { /* "place governor Wright" */
		const char *q = tq_ord_skip(p + 5);
		if (tq_ord_word_at(q, "governor")) {
			*after = tq_ord_skip(q + 8);
			return TQ_PLACE_GOVERNOR;
		}
	}
	return -1;
}

bool tq_order_starts(const char *line)
{
	const char *after;
	return order_word(line, &after) >= 0 || tq_answer_starts(line);
}

/* The data's names as a list: area I.D.s, then the areas' named points;
 * leaders' names, then their other spellings. */
struct name_list {
	int n;
	const char *text[2 * TQ_MAX_AREAS + TQ_MAX_LEADERS * (1 + TQ_MAX_SPELLINGS)];
	short index[2 * TQ_MAX_AREAS + TQ_MAX_LEADERS * (1 + TQ_MAX_SPELLINGS)];
};

static const char *name_at(const void *ctx, int i)
{
	return ((const struct name_list *)ctx)->text[i];
}

static void name_add(struct name_list *l, const char *text, int index)
{
	if (text[0]) {
		l->text[l->n] = text;
		l->index[l->n++] = (short)index;
	}
}

/* The index of what `name` names in l (what it lists: "area"), or -1 with
 * the problem; l is freed. */
static int named_in(struct name_list *l, const char *what, const char *name, char *why,
		    size_t whylen)
{
	struct wj_names k = { what, l->n, name_at, l };
	int i = wj_name_match(&k, name, why, whylen);
	int found = i < 0 ? -1 : l->index[i];
	free(l);
	return found;
}

int tq_ord_area(const struct tq_data *d, const char *name, char *why, size_t whylen)
{
	struct name_list *l = calloc(1, sizeof *l);
	if (!l)
		return wj_why(why, whylen, "out of memory");
	for (int i = 0; i < d->nareas; i++)
		name_add(l, d->areas[i].id, i);
	for (int i = 0; i < d->nareas; i++)
		name_add(l, d->areas[i].name, i);
	return named_in(l, "area", name, why, whylen);
}

int tq_ord_leader(const struct tq_data *d, const char *name, char *why, size_t whylen)
{
	struct name_list *l = calloc(1, sizeof *l);
	if (!l)
		return wj_why(why, whylen, "out of memory");
	for (int i = 0; i < d->nleaders; i++)
		name_add(l, d->leaders[i].name, i);
	for (int i = 0; i < d->nleaders; i++)
		for (int s = 0; s < d->leaders[i].nspellings; s++)
			name_add(l, d->leaders[i].spellings[s], i);
	return named_in(l, "leader", name, why, whylen);
}

/* ---- a force: "21 regulars, 2 cavalry, 3 NC militia, Tarleton" ---- */

enum sp_kind { K_REGULARS, K_CAVALRY, K_MILITIA, K_LOYALISTS, K_FRENCH, K_FRENCH_CAVALRY,
	       K_TRAINS, K_MAGAZINES, NKINDS };

static const char *const KIND_WORDS[NKINDS][5] = {
	[K_REGULARS] = { "regulars", "regular", "infantry", "reg", NULL },
	[K_CAVALRY] = { "cavalry", "cav", "horse", NULL },
	[K_MILITIA] = { "militia", "mil", NULL },
	[K_LOYALISTS] = { "loyalists", "loyalist militia", "loyalist", "provincials", NULL },
	[K_FRENCH] = { "french regulars", "french infantry", "french", NULL },
	[K_FRENCH_CAVALRY] = { "french cavalry", NULL },
	[K_TRAINS] = { "baggage trains", "baggage train", "trains", "train", NULL },
	[K_MAGAZINES] = { "magazines", "magazine", NULL },
};

static int kind_of(const char *text)
{
	/* French cavalry before French, Loyalist militia before militia */
	static const int order[NKINDS] = { K_FRENCH_CAVALRY, K_FRENCH, K_LOYALISTS, K_TRAINS,
					   K_MAGAZINES, K_REGULARS, K_CAVALRY, K_MILITIA };
	for (int o = 0; o < NKINDS; o++)
		for (int w = 0; KIND_WORDS[order[o]][w]; w++)
			if (!strcasecmp(text, KIND_WORDS[order[o]][w]))
				return order[o];
	return -1;
}

/* "NC militia", "militia NC", "North Carolina militia": the colony and
 * the rest of the words in *rest; TQ_NO_COLONY when none is named. */
static int colony_in(const struct tq_data *d, char *text, char *rest, size_t len)
{
	for (int c = 0; c < TQ_COLONIES; c++) {
		const char *names[] = { d->colony_mil[c], d->colony_name[c] };
		for (int k = 0; k < 2; k++) {
			size_t n = strlen(names[k]);
			if (n && !strncasecmp(text, names[k], n) && text[n] == ' ') {
				tq_ord_trimmed(text + n, strlen(text + n), rest, len);
				return c;
			}
			char *tail = text + strlen(text) - n;
			if (n && tail > text && tail[-1] == ' ' && !strcasecmp(tail, names[k])) {
				tq_ord_trimmed(text, (size_t)(tail - text), rest, len);
				return c;
			}
		}
	}
	snprintf(rest, len, "%s", text);
	return TQ_NO_COLONY;
}

static short *count_of(struct tq_order *o, int kind, int colony)
{
	switch (kind) {
	case K_REGULARS: return &o->sps.regulars;
	case K_CAVALRY: return &o->sps.cavalry;
	case K_MILITIA: return &o->sps.militia[colony];
	case K_LOYALISTS: return &o->sps.loyalists;
	case K_FRENCH: return &o->sps.french_regulars;
	case K_FRENCH_CAVALRY: return &o->sps.french_cavalry;
	case K_MAGAZINES: return &o->magazines;
	default: return &o->trains;
	}
}

static int sp_item(const struct tq_data *d, const char *item, struct tq_order *o, char *why,
		   size_t whylen)
{
	char *end, words[PART_MAX], rest[PART_MAX];
	long n = strtol(item, &end, 10);
	if (n < 1 || n > 999)
		return wj_why(why, whylen, "'%s': a number of SPs is 1 to 999", item);
	tq_ord_trimmed(end, strlen(end), words, sizeof words);
	if (!strncasecmp(words, "sp ", 3) || !strncasecmp(words, "sps ", 4))
		tq_ord_trimmed(words + 3, strlen(words + 3), words, sizeof words);
	int colony = colony_in(d, words, rest, sizeof rest);
	int kind = kind_of(rest);
	if (kind < 0)
		return wj_why(why, whylen, "'%s': what kind of SP? write regulars, cavalry, "
			      "NC militia (Ga, SC, NC or Va), loyalists, French, French cavalry, "
			      "trains or magazines", item);
	if ((kind == K_MILITIA) != (colony != TQ_NO_COLONY))
		return wj_why(why, whylen, kind == K_MILITIA ?
			      "'%s': whose militia? write Ga, SC, NC or Va militia (5.4.2: a "
			      "colony's militia are its own)" :
			      "'%s': only militia are of a colony", item);
	short *count = count_of(o, kind, colony);
	if (*count)
		return wj_why(why, whylen, "'%s': the force names its %s twice", item, rest);
	*count = (short)n;
	return 0;
}

static int force_item(const struct tq_data *d, const char *item, struct tq_order *o,
		      char *why, size_t whylen)
{
	if (!item[0])
		return 0;
	if (isdigit((unsigned char)item[0]))
		return sp_item(d, item, o, why, whylen);
	if (!strcasecmp(item, "all")) {
		o->all = true;
		return 0;
	}
	int leader = tq_ord_leader(d, item, why, whylen);
	if (leader < 0)
		return -1;
	for (int i = 0; i < o->nleaders; i++)
		if (o->leaders[i] == leader)
			return wj_why(why, whylen, "%s is named twice", d->leaders[leader].name);
	if (leader == o->leader)
		return wj_why(why, whylen, "%s leads the force and is not named again in it",
			      d->leaders[leader].name);
	if (o->nleaders == TQ_MAX_GROUP)
		return wj_why(why, whylen, "more than %d leaders in one force", TQ_MAX_GROUP);
	o->leaders[o->nleaders++] = (short)leader;
	return 0;
}

/* The items of a force, cut at commas, semicolons and " and ". */
int tq_ord_force(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		 size_t whylen)
{
	char item[PART_MAX];
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, ",;");
		const char *and = strcasestr(p, " and ");
		if (and && (size_t)(and - p) < n)
			n = (size_t)(and - p);
		tq_ord_trimmed(p, n, item, sizeof item);
		if (force_item(d, item, o, why, whylen))
			return -1;
		p += n;
		p += !strncasecmp(p, " and ", 5) ? 5 : *p ? 1 : 0;
	}
	return 0;
}

/* ---- a path: "N28 - S21", "Camden, Cheraw", "S5 to S7" ---- */

static size_t piece_end(const char *p)
{
	size_t n = 0;
	while (p[n] && p[n] != ',' && p[n] != ';' && strncmp(p + n, " - ", 3) &&
	       strncmp(p + n, "->", 2) && strncasecmp(p + n, " to ", 4))
		n++;
	return n;
}

static int path_area(const struct tq_data *d, const char *piece, struct tq_order *o,
		     char *why, size_t whylen)
{
	int area = tq_ord_area(d, piece, why, whylen);
	if (area < 0) { /* "N28 S21": I.D.s between blanks */
		char copy[PART_MAX], *save = NULL, err[8];
		snprintf(copy, sizeof copy, "%s", piece);
		int first = -1;
		for (char *t = strtok_r(copy, " -", &save); t; t = strtok_r(NULL, " -", &save)) {
			int a = tq_area_by_id(d, t) >= 0 ? tq_area_by_id(d, t) : tq_ord_area(d, t, err, 0);
			if (a < 0)
				return -1; /* the whole piece's problem stands in why */
			if (first < 0)
				first = a;
			if (o->npath == TQ_MAX_PATH)
				return wj_why(why, whylen, "a path of more than %d areas", TQ_MAX_PATH);
			o->path[o->npath++] = (short)a;
		}
		return first < 0 ? -1 : 0;
	}
	if (o->npath == TQ_MAX_PATH)
		return wj_why(why, whylen, "a path of more than %d areas", TQ_MAX_PATH);
	o->path[o->npath++] = (short)area;
	return 0;
}

static int path(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		size_t whylen)
{
	char piece[PART_MAX];
	for (const char *p = tq_ord_skip(text); *p;) {
		size_t n = piece_end(p);
		tq_ord_trimmed(p, n, piece, sizeof piece);
		if (piece[0] && path_area(d, piece, o, why, whylen))
			return -1;
		p += n;
		p += !strncmp(p, " - ", 3) || !strncasecmp(p, " to ", 4) ? 3 :
		     !strncmp(p, "->", 2) ? 2 : *p ? 1 : 0;
		p = tq_ord_skip(p);
	}
	if (!o->npath)
		return wj_why(why, whylen, "'move' names no area: write the areas entered in "
			      "order, as move N28 - S21");
	return 0;
}

/* ---- the orders ---- */

/* The parts of an order led by a leader, each begun by its word. */
enum part { P_AT, P_WITH, P_ALONE, P_MOVE, P_TO, P_LEAVE, NPARTS };
static const char *const PART_WORDS[NPARTS + 1] = { "at", "with", "alone", "move", "to", "leave",
						    NULL };

/* Which parts may follow part `was` (-1: the leader's name): a force is
 * said before the path, and the path is the rest of the line but for a
 * detachment left on it (9.1), said last. */
static bool may_follow(int was, int part)
{
	if (part == P_LEAVE)
		return was == P_MOVE || was == P_TO;
	if (was == P_MOVE || was == P_TO || was == P_LEAVE)
		return false;
	if (was == P_WITH)
		return part == P_MOVE || part == P_TO;
	return part > was || was < 0;
}

static const char *next_part(const char *p, int was, int *which)
{
	for (const char *q = find_word(p, PART_WORDS, which); q;
	     q = find_word(q + 1, PART_WORDS, which))
		if (may_follow(was, *which))
			return q;
	return NULL;
}

/* 9.1: "leave 5 regulars, Tarleton at N28": a force, then its area. */
static int detachment(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		      size_t whylen)
{
	struct tq_order x = { .leader = -1 };
	const char *at = NULL;
	for (const char *q = strcasestr(text, " at "); q; q = strcasestr(q + 1, " at "))
		at = q;
	if (!at)
		return wj_why(why, whylen, "'leave' says what and where: leave 5 regulars at N28 "
			      "(9.1)");
	char force[PART_MAX];
	tq_ord_trimmed(text, (size_t)(at - text), force, sizeof force);
	if ((o->detach.at = (short)tq_ord_area(d, tq_ord_skip(at + 4), why, whylen)) < 0 ||
	    tq_ord_force(d, force, &x, why, whylen))
		return -1;
	if (x.all || x.magazines || (!tq_sps_total(&x.sps) && !x.trains && !x.nleaders))
		return wj_why(why, whylen, "'leave' names SPs, trains or leaders of the force, "
			      "not all of it (9.1)");
	o->detach.given = true;
	o->detach.sps = x.sps;
	o->detach.trains = x.trains;
	o->detach.nleaders = x.nleaders;
	memcpy(o->detach.leaders, x.leaders, sizeof x.leaders);
	return 0;
}

static int led_part(const struct tq_data *d, int part, const char *text, struct tq_order *o,
		    bool takes_force, char *why, size_t whylen)
{
	switch (part) {
	case P_LEAVE:
		if (o->kind == TQ_ACTIVATE)
			return detachment(d, text, o, why, whylen);
		break;
	case P_AT:
		return (o->at = (short)tq_ord_area(d, text, why, whylen)) < 0 ? -1 : 0;
	case P_ALONE:
		o->alone = true;
		return *text ? wj_why(why, whylen, "'alone' is said alone, not with '%s': a leader "
				      "alone takes nobody (10.2.3)", text) : 0;
	case P_WITH:
		if (takes_force)
			return tq_ord_force(d, text, o, why, whylen);
		break;
	default:
		if (o->kind == TQ_ACTIVATE)
			return path(d, text, o, why, whylen);
	}
	return wj_why(why, whylen, "%s takes no '%s' part", ORDER_WORDS[o->kind], PART_WORDS[part]);
}

/* "NAME [at AREA] [alone | with FORCE] [; move PATH]". */
static int led_order(const struct tq_data *d, const char *text, struct tq_order *o,
		     bool takes_force, char *why, size_t whylen)
{
	char part[PART_MAX];
	int was = -1, which = -1;
	const char *p = text, *next = next_part(p, was, &which);
	for (;;) {
		tq_ord_trimmed(p, next ? (size_t)(next - p) : strlen(p), part, sizeof part);
		size_t n = strlen(part);
		while (n && (part[n - 1] == ';' || part[n - 1] == ','))
			part[--n] = '\0';
		if (was < 0 && !part[0])
			return wj_why(why, whylen, "%s names no leader: write %s NAME",
				      ORDER_WORDS[o->kind], ORDER_WORDS[o->kind]);
		if (was < 0 && (o->leader = (short)tq_ord_leader(d, part, why, whylen)) < 0)
			return -1;
		if (was >= 0 && led_part(d, was, part, o, takes_force, why, whylen))
			return -1;
		if (!next)
			break;
		was = which;
		p = tq_ord_skip(next + strlen(PART_WORDS[was]));
		next = next_part(p, was, &which);
	}
	return 0;
}

/* "train at AREA; move PATH" (8.2). */
static int train_order(const struct tq_data *d, const char *text, struct tq_order *o,
		       char *why, size_t whylen)
{
	static const char *const WORDS[] = { "move", "to", NULL };
	int which;
	const char *move = find_word(text, WORDS, &which);
	char part[PART_MAX];
	tq_ord_trimmed(text, move ? (size_t)(move - text) : strlen(text), part, sizeof part);
	part[strcspn(part, ";,")] = '\0';
	const char *at = part;
	if (tq_ord_word_at(at, "at"))
		at = tq_ord_skip(at + 2);
	if (!*at || !move)
		return wj_why(why, whylen, "write train at AREA; move AREA - AREA (8.2)");
	if ((o->at = (short)tq_ord_area(d, at, why, whylen)) < 0)
		return -1;
	return path(d, move + strlen(WORDS[which]), o, why, whylen);
}

static int where_order(const struct tq_data *d, const char *text, struct tq_order *o,
		       char *why, size_t whylen)
{
	char part[PART_MAX];
	const char *p = text;
	if (tq_ord_word_at(p, "at"))
		p = tq_ord_skip(p + 2);
	static const char *const WORDS[] = { "with", NULL };
	int which;
	const char *with = find_word(p, WORDS, &which);
	tq_ord_trimmed(p, with ? (size_t)(with - p) : strlen(p), part, sizeof part);
	if (!part[0])
		return wj_why(why, whylen, "%s names no area: write %s at AREA", ORDER_WORDS[o->kind],
			      ORDER_WORDS[o->kind]);
	if ((o->at = (short)tq_ord_area(d, part, why, whylen)) < 0)
		return -1;
	if (with && o->kind != TQ_EMBARK)
		return wj_why(why, whylen, "land takes no 'with': the whole At Sea box lands "
			      "(10.5.7)");
	return with ? tq_ord_force(d, with + 4, o, why, whylen) : 0;
}

/* The endeavour of kind k, its words after the order word. */
static int endeavor(const struct tq_data *d, const char *after, struct tq_order *o, char *why,
		    size_t whylen)
{
	switch (o->kind) {
	case TQ_ACTIVATE:
		return led_order(d, after, o, true, why, whylen);
	case TQ_RECRUIT:
		if (tq_ord_word_at(after, "with"))
			after = tq_ord_skip(after + 4);
		return led_order(d, after, o, false, why, whylen);
	case TQ_MOVE_TRAIN:
		return train_order(d, after, o, why, whylen);
	case TQ_EMBARK:
	case TQ_LAND:
		return where_order(d, after, o, why, whylen);
	case TQ_PLACE_GOVERNOR:
		if (!*after)
			return wj_why(why, whylen, "write governor NAME (13.1.1)");
		if ((o->governor = (short)tq_governor_by_name(d, after)) < 0)
			return wj_why(why, whylen, "'%s' is no Royal Governor of the game", after);
		return 0;
	case TQ_PASS:
		return *after ? wj_why(why, whylen, "pass takes nothing after it") : 0;
	default:
		return wj_why(why, whylen, "no such order");
	}
}

int tq_order_parse(const struct tq_data *d, const char *line, struct tq_order *o, char *why,
		   size_t whylen)
{
	const char *after;
	memset(o, 0, sizeof *o);
	o->leader = o->at = o->governor = -1;
	int k = order_word(line, &after);
	if (k < 0)
		return tq_answer_parse(d, line, o, why, whylen);
	o->kind = (enum tq_order_kind)k;
	if (endeavor(d, after, o, why, whylen))
		return -1;
	if (o->magazines)
		return wj_why(why, whylen, "a magazine never moves (5.4.1): it stays where it is "
			      "built");
	return 0;
}

/* ---- written back ---- */

/* One item of a force written back: after `lead` (" with ") when it is
 * the first, else after a comma. */
static void add_item(char *out, size_t len, const char *lead, bool *first, const char *fmt,
		     ...) __attribute__((format(printf, 5, 6)));
static void add_item(char *out, size_t len, const char *lead, bool *first, const char *fmt, ...)
{
	char item[PART_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(item, sizeof item, fmt, ap);
	va_end(ap);
	wj_fmt_add(out, len, "%s%s", *first ? lead : ", ", item);
	*first = false;
}

/* "1 train", "2 trains": `what` is the plural; one drops its last s. */
static void add_count(char *out, size_t len, const char *lead, bool *first, int n,
		      const char *what)
{
	size_t cut = n == 1 && what[strlen(what) - 1] == 's';
	if (n)
		add_item(out, len, lead, first, "%d %.*s", n, (int)(strlen(what) - cut), what);
}

void tq_ord_format_force(const struct tq_data *d, const struct tq_order *o, const char *lead,
			 char *out, size_t len)
{
	bool first = true;
	char mil[TQ_NAME_MAX];
	if (o->all)
		add_item(out, len, lead, &first, "all");
	add_count(out, len, lead, &first, o->sps.regulars, "regulars");
	add_count(out, len, lead, &first, o->sps.cavalry, "cavalry");
	for (int c = 0; c < TQ_COLONIES; c++) {
		snprintf(mil, sizeof mil, "%s militia", d->colony_mil[c]);
		add_count(out, len, lead, &first, o->sps.militia[c], mil);
	}
	add_count(out, len, lead, &first, o->sps.loyalists, "loyalists");
	add_count(out, len, lead, &first, o->sps.french_regulars, "French");
	add_count(out, len, lead, &first, o->sps.french_cavalry, "French cavalry");
	add_count(out, len, lead, &first, o->trains, "trains");
	add_count(out, len, lead, &first, o->magazines, "magazines");
	for (int i = 0; i < o->nleaders; i++)
		add_item(out, len, lead, &first, "%s", d->leaders[o->leaders[i]].name);
}

static void format_path(const struct tq_data *d, const struct tq_order *o, char *out,
			size_t len)
{
	for (int i = 0; i < o->npath; i++)
		wj_fmt_add(out, len, "%s%s", i ? " - " : "; move ", d->areas[o->path[i]].id);
	if (!o->detach.given)
		return;
	struct tq_order x = { .sps = o->detach.sps, .trains = o->detach.trains,
			      .nleaders = o->detach.nleaders };
	memcpy(x.leaders, o->detach.leaders, sizeof x.leaders);
	tq_ord_format_force(d, &x, "; leave ", out, len);
	wj_fmt_add(out, len, " at %s", d->areas[o->detach.at].id);
}

void tq_order_format(const struct tq_data *d, const struct tq_order *o, char *out, size_t len)
{
	if (!len)
		return;
	if (o->kind > TQ_PASS) {
		tq_answer_format(d, o, out, len);
		return;
	}
	snprintf(out, len, "%s", ORDER_WORDS[o->kind]);
	if (o->kind == TQ_ACTIVATE || o->kind == TQ_RECRUIT)
		wj_fmt_add(out, len, " %s", d->leaders[o->leader].name);
	if (o->at >= 0)
		wj_fmt_add(out, len, " at %s", d->areas[o->at].id);
	if (o->alone)
		wj_fmt_add(out, len, " alone");
	if (o->kind == TQ_PLACE_GOVERNOR)
		wj_fmt_add(out, len, " %s", d->governors[o->governor].name);
	tq_ord_format_force(d, o, " with ", out, len);
	format_path(d, o, out, len);
}
