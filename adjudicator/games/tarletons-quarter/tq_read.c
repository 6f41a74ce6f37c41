/* Reading the values of Tarleton's Quarter!'s data files (tq_read.h):
 * each reader says what was wrong, where, and what would be accepted. */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "tq_read.h"

const struct tq_word TQ_SIDE_WORDS[] = { { "british", TQ_BRITISH },
					 { "continental", TQ_CONTINENTAL }, { NULL, 0 } };
/* The militia colonies as leaders.yaml and the scenarios write them (18.0:
 * "Ga, SC, NC or Va followed by ... Mil"). */
const struct tq_word TQ_COLONY_CODES[] = { { "GA", TQ_GEORGIA }, { "SC", TQ_SOUTH_CAROLINA },
					   { "NC", TQ_NORTH_CAROLINA }, { "VA", TQ_VIRGINIA },
					   { NULL, 0 } };

const struct tq_word TQ_UNIT_WORDS[] = {
	{ "british_regular", TQ_BRITISH_REGULAR },	   { "british_cavalry", TQ_BRITISH_CAVALRY },
	{ "loyalist_militia", TQ_LOYALIST_MILITIA },	   { "continental_regular", TQ_CONTINENTAL_REGULAR },
	{ "continental_cavalry", TQ_CONTINENTAL_CAVALRY }, { "continental_militia", TQ_CONTINENTAL_MILITIA },
	{ "french", TQ_FRENCH_REGULAR },		   { "french_cavalry", TQ_FRENCH_CAVALRY },
	{ "baggage_train", TQ_BAGGAGE_TRAIN },		   { "leader_alone", TQ_LEADER_ALONE },
	{ NULL, 0 }
};

static const char *const TQ_MONTHS[] = { "January", "February", "March",     "April",
					 "May",     "June",     "July",      "August",
					 "September", "October", "November", "December" };
static const char *const TQ_COLONY_NAMES[] = { "Georgia", "South Carolina", "North Carolina",
					       "Virginia" };

const char *tq_month_name(int month)
{
	return month >= 1 && month <= 12 ? TQ_MONTHS[month - 1] : NULL;
}

int tq_month_by_name(const char *name)
{
	for (int i = 0; name && i < 12; i++)
		if (!strcmp(TQ_MONTHS[i], name))
			return i + 1;
	return 0;
}

int tq_open(struct tq_reader *r, const char *dir, const char *name)
{
	snprintf(r->file, sizeof r->file, "%s", name);
	return wj_yaml_file_load(dir, name, &r->doc, r->p);
}

void tq_close(struct tq_reader *r)
{
	yaml_document_delete(&r->doc);
}

yaml_node_t *tq_root(struct tq_reader *r)
{
	return yaml_document_get_root_node(&r->doc);
}

yaml_node_t *tq_node(struct tq_reader *r, yaml_node_item_t i)
{
	return yaml_document_get_node(&r->doc, i);
}

int tq_items(yaml_node_t *n, yaml_node_item_t **items)
{
	if (!n || n->type != YAML_SEQUENCE_NODE) {
		*items = NULL;
		return 0;
	}
	*items = n->data.sequence.items.start;
	return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

int tq_fields(struct tq_reader *r, yaml_node_t *map, const char *what, struct wj_yaml_field *f)
{
	return wj_yaml_fields(&r->doc, map, r->file, what, f, r->p) ? -1 : 0;
}

yaml_node_t *tq_required(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
			 const char *key)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	if (!n)
		TQ_PROBLEM(r, rec, "missing '%s'", key);
	return n;
}

int tq_each(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
	    bool required, int (*one)(struct tq_reader *, yaml_node_t *))
{
	yaml_node_t *n = wj_yaml_field(f, key);
	yaml_node_item_t *it;
	int bad = 0;

	if (!n) {
		if (required)
			TQ_PROBLEM(r, rec, "missing '%s'", key);
		return required ? -1 : 0;
	}
	if (n->type != YAML_SEQUENCE_NODE) {
		TQ_PROBLEM(r, n, "'%s' must be a list (- ...)", key);
		return -1;
	}
	for (int i = 0, k = tq_items(n, &it); i < k; i++)
		bad |= one(r, tq_node(r, it[i]));
	return bad;
}

int tq_text(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
	    const char *key, bool required, char *out, size_t size)
{
	return wj_yaml_field_str(f, rec, key, required, out, size, r->file, r->p);
}

int tq_node_int(struct tq_reader *r, yaml_node_t *n, const char *what, int lo, int hi, int *out)
{
	int v;
	if (wj_yaml_node_int(n, what, &v, r->file, r->p))
		return -1;
	if (v < lo || v > hi) {
		TQ_PROBLEM(r, n, "%s is %d; it must be %d to %d", what, v, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int tq_int(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
	   bool required, int lo, int hi, int *out)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	char what[TQ_NAME_MAX + 4];

	if (!n) {
		if (required)
			TQ_PROBLEM(r, rec, "missing '%s'", key);
		return required ? -1 : 0;
	}
	snprintf(what, sizeof what, "'%s'", key);
	return tq_node_int(r, n, what, lo, hi, out);
}

int tq_node_bool(struct tq_reader *r, yaml_node_t *n, const char *what, bool *out)
{
	const char *s = wj_yaml_scalar(n);

	if (s && !strcmp(s, "true"))
		*out = true;
	else if (s && !strcmp(s, "false"))
		*out = false;
	else {
		TQ_PROBLEM(r, n, "%s must be true or false, not '%s'", what,
			   s ? s : "(a list or mapping)");
		return -1;
	}
	return 0;
}

int tq_bool(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
	    const char *key, bool required, bool *out)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	char what[TQ_NAME_MAX + 4];

	if (!n) {
		if (required)
			TQ_PROBLEM(r, rec, "missing '%s'", key);
		return required ? -1 : 0;
	}
	snprintf(what, sizeof what, "'%s'", key);
	return tq_node_bool(r, n, what, out);
}

void tq_word_list(const struct tq_word *words, char *out, size_t len)
{
	out[0] = '\0';
	for (int i = 0; words[i].name; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? ", " : "",
			 words[i].name);
}

int tq_node_word(struct tq_reader *r, yaml_node_t *n, const char *what,
		 const struct tq_word *words, int *out)
{
	const char *s = wj_yaml_scalar(n);
	char list[160];

	for (int i = 0; s && words[i].name; i++)
		if (!strcmp(words[i].name, s)) {
			*out = words[i].value;
			return 0;
		}
	tq_word_list(words, list, sizeof list);
	TQ_PROBLEM(r, n, "%s '%s' is not one of: %s", what, s ? s : "(a list or mapping)", list);
	return -1;
}

int tq_word(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
	    const char *key, bool required, const struct tq_word *words, int *out)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	char what[TQ_NAME_MAX + 4];

	if (!n) {
		if (required)
			TQ_PROBLEM(r, rec, "missing '%s'", key);
		return required ? -1 : 0;
	}
	snprintf(what, sizeof what, "'%s'", key);
	return tq_node_word(r, n, what, words, out);
}

int tq_source(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f, bool required,
	      enum tq_source *out)
{
	static const struct tq_word SOURCES[] = { { "seed", TQ_SEED },
						  { "reconstructed", TQ_RECONSTRUCTED },
						  { NULL, 0 } };
	int v = *out;
	int rc = tq_word(r, rec, f, "source", required, SOURCES, &v);
	*out = (enum tq_source)v;
	return rc;
}

int tq_month_fields(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
		    bool required, int *out)
{
	yaml_node_t *m = wj_yaml_field(f, "month"), *y = wj_yaml_field(f, "year");
	int month, year;

	if (!m && !y && !required)
		return 0;
	if (!m || !y) {
		TQ_PROBLEM(r, rec, "a month is given as month: NAME and year: YEAR; '%s' is missing",
			   m ? "year" : "month");
		return -1;
	}
	month = tq_month_by_name(wj_yaml_scalar(m));
	if (!month) {
		TQ_PROBLEM(r, m, "'%s' is not a month; expected January .. December",
			   wj_yaml_scalar(m) ? wj_yaml_scalar(m) : "(a list or mapping)");
		return -1;
	}
	/* 17.0: the game runs from December 1778 to October 1781 */
	if (tq_node_int(r, y, "the year", 1778, 1781, &year))
		return -1;
	*out = TQ_MONTH(year, month);
	return 0;
}

int tq_colony_node(struct tq_reader *r, yaml_node_t *n, const char *what, int *out)
{
	const char *s = wj_yaml_scalar(n);
	static const char LETTERS[] = "GSNV";

	for (int i = 0; s && i < TQ_COLONIES; i++)
		if (!strcmp(s, TQ_COLONY_NAMES[i]) || (s[0] == LETTERS[i] && !s[1])) {
			*out = i;
			return 0;
		}
	TQ_PROBLEM(r, n, "%s '%s' is not a colony; expected Georgia, South Carolina, North "
		   "Carolina or Virginia (or G, S, N, V)", what, s ? s : "(a list or mapping)");
	return -1;
}

int tq_area_node(struct tq_reader *r, yaml_node_t *n, const char *where, int *out)
{
	const char *s = wj_yaml_scalar(n);
	char list[170] = "";
	int shown = 0;

	*out = s ? tq_area_by_id(r->d, s) : -1;
	if (*out >= 0)
		return 0;
	for (int i = 0; i < r->d->nareas; i++) {
		size_t used = strlen(list);
		if (used + strlen(r->d->areas[i].id) + 8 > sizeof list)
			break;
		snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
			 r->d->areas[i].id);
		shown++;
	}
	if (shown < r->d->nareas)
		TQ_PROBLEM(r, n, "'%s' is not an area of %s; expected one of its %d I.D.s: %s .. "
			   "(%d more)", s ? s : "(a list or mapping)", where, r->d->nareas, list,
			   r->d->nareas - shown);
	else
		TQ_PROBLEM(r, n, "'%s' is not an area of %s; expected one of: %s",
			   s ? s : "(a list or mapping)", where, list);
	return -1;
}

int tq_leader_node(struct tq_reader *r, yaml_node_t *n, int *out)
{
	const char *s = wj_yaml_scalar(n);

	*out = s ? tq_leader_by_name(r->d, s) : -1;
	if (*out >= 0)
		return 0;
	TQ_PROBLEM(r, n, "'%s' is not a leader of leaders.yaml (a name or one of its "
		   "spellings:, as printed there)", s ? s : "(a list or mapping)");
	return -1;
}

int tq_leader_list(struct tq_reader *r, yaml_node_t *n, const char *what, int *out, int max,
		   int *count)
{
	yaml_node_item_t *it;
	int k = tq_items(n, &it), bad = 0;

	if (!n || n->type != YAML_SEQUENCE_NODE) {
		TQ_PROBLEM(r, n, "%s must be a list of leaders' names: [A, B]", what);
		return -1;
	}
	if (k > max) {
		TQ_PROBLEM(r, n, "%s names %d leaders; at most %d are allowed", what, k, max);
		return -1;
	}
	*count = 0;
	for (int i = 0; i < k; i++) {
		int l;
		if (tq_leader_node(r, tq_node(r, it[i]), &l))
			bad = -1;
		else
			out[(*count)++] = l;
	}
	return bad;
}
