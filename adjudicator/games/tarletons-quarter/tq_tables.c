/* Loads tables.yaml, the rules' numbers of Tarleton's Quarter! (10.1,
 * 10.2 and every other block's `{value: N}`), the aid charts' entries the
 * seed's examples fix (`known_entries`, 5.1, 6.5), and the charts
 * themselves (`table:`, reconstructed) when they are given, in the keys
 * of docs/tarletons-quarter-data.md. */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "tq_read.h"
#include "yaml_doc.h"

/* FNV-1a of "BLOCK\0KEY": the engine asks for numbers by name in its
 * inner loops (a leader's seniority at every comparison of rank). */
static unsigned tq_number_hash(const char *block, const char *key)
{
	unsigned h = 2166136261u;
	for (const char *c = block; *c; c++)
		h = (h ^ (unsigned char)*c) * 16777619u;
	h *= 16777619u;
	for (const char *c = key; *c; c++)
		h = (h ^ (unsigned char)*c) * 16777619u;
	return h;
}

bool tq_number(const struct tq_data *d, const char *block, const char *key, int *v)
{
	unsigned h = tq_number_hash(block, key);
	for (int i = 0; i < d->tables.nnumbers; i++)
		if (d->tables.numbers[i].hash == h && !strcmp(d->tables.numbers[i].block, block) &&
		    !strcmp(d->tables.numbers[i].key, key)) {
			*v = d->tables.numbers[i].value;
			return true;
		}
	return false;
}

bool tq_colony_named(const struct tq_data *d, const char *block, int c)
{
	int v = 0;
	return c >= 0 && c < TQ_COLONIES && tq_number(d, block, d->colony_name[c], &v) && v;
}

int tq_command_limit(const struct tq_data *d, enum tq_rank rank)
{
	switch (rank) {
	case TQ_COLONEL: return d->tables.colonel_limit;
	case TQ_ONE_STAR:
	case TQ_TWO_STAR:
	case TQ_GENERAL: return d->tables.general_limit;
	case TQ_C_IN_C: return d->tables.c_in_c_limit;
	default: return TQ_LIMIT_UNSTATED;
	}
}

/* ---- tables.yaml ---- */

/* A known entry's months: "June-August", or one month's name. */
static int tq_months_span(struct tq_reader *r, yaml_node_t *n, int *bits)
{
	const char *s = wj_yaml_scalar(n);
	char first[TQ_WORD_MAX] = "";
	const char *dash = s ? strchr(s, '-') : NULL;
	int a, b;

	if (s && dash && (size_t)(dash - s) < sizeof first)
		snprintf(first, sizeof first, "%.*s", (int)(dash - s), s);
	a = tq_month_by_name(dash ? first : s);
	b = dash ? tq_month_by_name(dash + 1) : a;
	if (!a || !b) {
		TQ_PROBLEM(r, n, "'%s' is not a month or a span of months such as June-August",
			   s ? s : "(a list or mapping)");
		return -1;
	}
	*bits = 0;
	for (int m = a;; m = m % 12 + 1) {
		*bits |= 1 << (m - 1);
		if (m == b)
			break;
	}
	return 0;
}

/* A list of month names as bits. */
static int tq_month_bits(struct tq_reader *r, yaml_node_t *n, int *bits)
{
	yaml_node_item_t *it;
	int k = tq_items(n, &it);

	if (!n || n->type != YAML_SEQUENCE_NODE || !k) {
		TQ_PROBLEM(r, n, "expected a list of months: [June, July, August]");
		return -1;
	}
	*bits = 0;
	for (int i = 0; i < k; i++) {
		yaml_node_t *m = tq_node(r, it[i]);
		int month = tq_month_by_name(wj_yaml_scalar(m));
		if (!month) {
			TQ_PROBLEM(r, m, "'%s' is not a month; expected January .. December",
				   wj_yaml_scalar(m) ? wj_yaml_scalar(m) : "(a list or mapping)");
			return -1;
		}
		if (*bits & 1 << (month - 1)) {
			TQ_PROBLEM(r, m, "%s is listed twice", tq_month_name(month));
			return -1;
		}
		*bits |= 1 << (month - 1);
	}
	return 0;
}

/* A list of exactly `count` whole numbers lo..hi. */
static int tq_numbers(struct tq_reader *r, yaml_node_t *n, const char *what, int count, int lo,
		      int hi, int *out)
{
	yaml_node_item_t *it;
	int bad = 0;

	if (!n || n->type != YAML_SEQUENCE_NODE || tq_items(n, &it) != count) {
		TQ_PROBLEM(r, n, "%s must list %d numbers, one for each modified roll 0 to %d",
			   what, count, count - 1);
		return -1;
	}
	for (int i = 0; i < count; i++)
		bad |= tq_node_int(r, tq_node(r, it[i]), what, lo, hi, &out[i]);
	return bad;
}

struct tq_known_ctx {
	struct tq_known_entry *v;
	int *n;
	bool generation;
};

static int tq_known(struct tq_reader *r, yaml_node_t *n, struct tq_known_ctx *k)
{
	struct wj_yaml_field f[] = { { "column", 0 }, { "month", 0 }, { "colony", 0 },
				     { "modified_roll", 0 }, { "percent", 0 }, { "militia_sp", 0 },
				     TQ_NOTES };
	struct tq_known_entry e = { .colony = TQ_NO_COLONY, .line = wj_yaml_node_line(n) };

	if (*k->n >= TQ_MAX_KNOWN) {
		TQ_PROBLEM(r, n, "more than %d known entries", TQ_MAX_KNOWN);
		return -1;
	}
	if (tq_fields(r, n, "known entry", f) ||
	    tq_int(r, n, f, "modified_roll", true, 0, TQ_ROLLS - 1, &e.roll))
		return -1;
	if (k->generation) {
		if (!tq_required(r, n, f, "month") || !tq_required(r, n, f, "colony") ||
		    tq_months_span(r, wj_yaml_field(f, "month"), &e.months) ||
		    tq_colony_node(r, wj_yaml_field(f, "colony"), "the colony", &e.colony) ||
		    tq_int(r, n, f, "militia_sp", true, 0, 100, &e.value))
			return -1;
	} else if (!tq_required(r, n, f, "column") ||
		   tq_months_span(r, wj_yaml_field(f, "column"), &e.months) ||
		   tq_int(r, n, f, "percent", true, 0, 100, &e.value)) {
		return -1;
	}
	k->v[(*k->n)++] = e;
	return 0;
}

static int tq_known_list(struct tq_reader *r, yaml_node_t *n, struct tq_known_ctx *k)
{
	yaml_node_item_t *it;
	int bad = 0, count = tq_items(n, &it);

	if (!n)
		return 0;
	if (n->type != YAML_SEQUENCE_NODE) {
		TQ_PROBLEM(r, n, "'known_entries' must be a list (- ...)");
		return -1;
	}
	for (int i = 0; i < count; i++)
		bad |= tq_known(r, tq_node(r, it[i]), k);
	return bad;
}

/* militia_attrition_table's table: {columns: [{months: [..], percent: [7]}]}. */
static int tq_attrition_table(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "columns", 0 }, TQ_NOTES };
	struct tq_tables *t = &r->d->tables;
	yaml_node_item_t *it;
	int k, bad = 0;

	if (tq_fields(r, n, "Militia Attrition Table", f) || !tq_required(r, n, f, "columns"))
		return -1;
	k = tq_items(wj_yaml_field(f, "columns"), &it);
	if (!k || k > TQ_MAX_COLUMNS) {
		TQ_PROBLEM(r, wj_yaml_field(f, "columns"), "'columns' must list 1 to %d columns: "
			   "- {months: [..], percent: [..]}", TQ_MAX_COLUMNS);
		return -1;
	}
	for (int i = 0; i < k; i++) {
		struct wj_yaml_field c[] = { { "months", 0 }, { "percent", 0 }, TQ_NOTES };
		yaml_node_t *col = tq_node(r, it[i]);
		struct tq_attrition_column *x = &t->attrition[i];
		if (tq_fields(r, col, "column", c) || !tq_required(r, col, c, "months") ||
		    !tq_required(r, col, c, "percent") ||
		    tq_month_bits(r, wj_yaml_field(c, "months"), &x->months) ||
		    tq_numbers(r, wj_yaml_field(c, "percent"), "a percent", TQ_ROLLS, 0, 100,
			       x->percent)) {
			bad = -1;
			continue;
		}
		for (int j = 0; j < i; j++)
			if (t->attrition[j].months & x->months) {
				TQ_PROBLEM(r, col, "a month is in two columns (5.1: one column a "
					   "month)");
				bad = -1;
			}
	}
	t->nattrition = k;
	if (!bad && t->attrition[0].months) {
		int all = 0;
		for (int i = 0; i < k; i++)
			all |= t->attrition[i].months;
		if (all != 0xfff) {
			TQ_PROBLEM(r, n, "every month must be in one column; %s is in none",
				   tq_month_name(__builtin_ctz(~all & 0xfff) + 1));
			bad = -1;
		}
	}
	t->have_attrition = !bad;
	t->attrition_line = wj_yaml_node_line(n);
	return bad;
}

/* A mapping keyed by month names: each value to one(r, month, value). */
static int tq_by_month(struct tq_reader *r, yaml_node_t *n, const char *what, int *seen,
		       int (*one)(struct tq_reader *, int, yaml_node_t *))
{
	int bad = 0;

	*seen = 0;
	if (!n || n->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(r, n, "%s must map months to their rows: {June: ...}", what);
		return -1;
	}
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top;
	     pr++) {
		yaml_node_t *k = tq_node(r, pr->key);
		int month = tq_month_by_name(wj_yaml_scalar(k));
		if (!month || *seen & 1 << (month - 1)) {
			TQ_PROBLEM(r, k, "'%s' is %s", wj_yaml_scalar(k) ? wj_yaml_scalar(k) : "?",
				   month ? "given twice" : "not a month (January .. December)");
			bad = -1;
			continue;
		}
		*seen |= 1 << (month - 1);
		bad |= one(r, month, tq_node(r, pr->value));
	}
	return bad;
}

static int tq_generation_month(struct tq_reader *r, int month, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "Georgia", 0 }, { "South Carolina", 0 },
				     { "North Carolina", 0 }, { "Virginia", 0 }, { NULL, 0 } };
	int bad = 0;

	if (tq_fields(r, n, "month of the Militia Generation Table", f))
		return -1;
	for (int c = 0; c < TQ_COLONIES; c++) {
		char what[TQ_NAME_MAX * 2];
		snprintf(what, sizeof what, "%s's %s", tq_month_name(month), f[c].key);
		bad |= !tq_required(r, n, f, f[c].key) ||
		       tq_numbers(r, f[c].val, what, TQ_ROLLS, 0, 100,
				  r->d->tables.generation[month - 1][c]);
	}
	return bad ? -1 : 0;
}

/* invasion_months: {January: December, ...}: 10.7.2's generation in a
 * month without a column of its own uses the column named. */
static int tq_invasion_month(struct tq_reader *r, int month, yaml_node_t *n)
{
	struct tq_tables *t = &r->d->tables;
	int column = tq_month_by_name(wj_yaml_scalar(n));

	if (t->generation_months & 1 << (month - 1)) {
		TQ_PROBLEM(r, n, "%s has a column of its own (6.5); invasion_months is for the "
			   "other months", tq_month_name(month));
		return -1;
	}
	if (!column || !(t->generation_months & 1 << (column - 1))) {
		TQ_PROBLEM(r, n, "'%s' is no generation month; expected March, June, September or "
			   "December (6.5)", wj_yaml_scalar(n) ? wj_yaml_scalar(n) : "(a list or mapping)");
		return -1;
	}
	t->invasion_column[month - 1] = column;
	return 0;
}

static int tq_generation_table(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "months", 0 }, { "invasion_months", 0 }, TQ_NOTES };
	struct tq_tables *t = &r->d->tables;
	int seen, invasion;

	if (tq_fields(r, n, "Militia Generation Table", f) || !tq_required(r, n, f, "months") ||
	    tq_by_month(r, wj_yaml_field(f, "months"), "'months'", &seen, tq_generation_month))
		return -1;
	if (wj_yaml_field(f, "invasion_months")) {
		if (tq_by_month(r, wj_yaml_field(f, "invasion_months"), "'invasion_months'",
				&invasion, tq_invasion_month))
			return -1;
		if ((invasion | t->generation_months) != 0xfff) {
			TQ_PROBLEM(r, wj_yaml_field(f, "invasion_months"), "every month without a "
				   "column needs its column here (10.7.2); %s has none",
				   tq_month_name(__builtin_ctz(~(invasion | t->generation_months) &
							       0xfff) + 1));
			return -1;
		}
	}
	if (t->generation_months && seen != t->generation_months) {
		TQ_PROBLEM(r, wj_yaml_field(f, "months"), "the table's months must be the "
			   "generation months, March, June, September and December (6.5)");
		return -1;
	}
	t->have_generation = true;
	t->generation_line = wj_yaml_node_line(n);
	return 0;
}

static int tq_events_month(struct tq_reader *r, int month, yaml_node_t *n)
{
	static const struct tq_word EVENTS[] = { { "none", TQ_NO_EVENT }, { "rain", TQ_RAIN },
						 { "heat", TQ_HEAT }, { "loyalist", TQ_LOYALIST },
						 { NULL, 0 } };
	yaml_node_item_t *it;
	int bad = 0;

	if (!n || n->type != YAML_SEQUENCE_NODE || tq_items(n, &it) != TQ_DIE) {
		TQ_PROBLEM(r, n, "%s must list %d events, one for each activation die 1 to %d "
			   "(none, rain, heat, loyalist)", tq_month_name(month), TQ_DIE, TQ_DIE);
		return -1;
	}
	for (int i = 0; i < TQ_DIE; i++) {
		int e = TQ_NO_EVENT;
		bad |= tq_node_word(r, tq_node(r, it[i]), "the event", EVENTS, &e);
		r->d->tables.events[month - 1][i] = (enum tq_event)e;
		/* 8.3.5: "If a 1 is rolled, the die is rolled again" */
		if (e == TQ_LOYALIST && i != 0) {
			TQ_PROBLEM(r, tq_node(r, it[i]), "a Loyalist uprising is checked on a rolled "
				   "1 only (8.3.5), not on a %d", i + 1);
			bad = -1;
		}
	}
	return bad;
}

/* weather_state: what each event leaves the weather marker at, in words
 * (8.3.3, 8.3.4); the engine's to apply. */
static int tq_weather_state(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "on_rain", 0 }, { "on_heat", 0 }, { "on_none", 0 },
				     { "on_loyalist", 0 }, TQ_NOTES };
	if (tq_fields(r, n, "weather_state", f))
		return -1;
	for (int i = 0; i < 4; i++)
		if (!wj_yaml_field_text(f, n, f[i].key, true, r->file, r->p))
			return -1;
	return 0;
}

static int tq_events_table(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "months", 0 }, { "weather_state", 0 }, TQ_NOTES };
	int seen;

	if (tq_fields(r, n, "Endeavor Random Event Table", f) || !tq_required(r, n, f, "months") ||
	    tq_by_month(r, wj_yaml_field(f, "months"), "'months'", &seen, tq_events_month) ||
	    (wj_yaml_field(f, "weather_state") &&
	     tq_weather_state(r, wj_yaml_field(f, "weather_state"))))
		return -1;
	if (seen != 0xfff) {
		TQ_PROBLEM(r, wj_yaml_field(f, "months"), "every month must have its row (8.3.1); "
			   "%s has none", tq_month_name(__builtin_ctz(~seen & 0xfff) + 1));
		return -1;
	}
	r->d->tables.have_events = true;
	r->d->tables.events_line = wj_yaml_node_line(n);
	return 0;
}

/* A number of a block: N, or {value: N, ...}. */
static int tq_add_number(struct tq_reader *r, const char *block, const char *key, yaml_node_t *v)
{
	struct tq_tables *t = &r->d->tables;
	struct tq_number x = { .line = wj_yaml_node_line(v) };
	yaml_node_t *val = v;

	if (v->type == YAML_MAPPING_NODE)
		val = wj_yaml_get(&r->doc, v, "value");
	if (wj_parse_int(wj_yaml_scalar(val), &x.value))
		return 0;
	if (t->nnumbers >= TQ_MAX_NUMBERS) {
		TQ_PROBLEM(r, v, "more than %d numbers in tables.yaml", TQ_MAX_NUMBERS);
		return -1;
	}
	if (strlen(block) >= sizeof x.block || strlen(key) >= sizeof x.key) {
		TQ_PROBLEM(r, v, "the name %s.%s is too long", block, key);
		return -1;
	}
	snprintf(x.block, sizeof x.block, "%s", block);
	snprintf(x.key, sizeof x.key, "%s", key);
	x.hash = tq_number_hash(x.block, x.key);
	t->numbers[t->nnumbers++] = x;
	return 0;
}

static int tq_block_numbers(struct tq_reader *r, const char *block, yaml_node_t *n)
{
	int bad = 0;

	if (n->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(r, n, "'%s' must be a mapping of the rules' numbers", block);
		return -1;
	}
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top;
	     pr++) {
		const char *key = wj_yaml_scalar(tq_node(r, pr->key));
		if (key)
			bad |= tq_add_number(r, block, key, tq_node(r, pr->value));
	}
	return bad;
}

static int tq_value(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
		    const char *key, int *out)
{
	struct wj_yaml_field v[] = { { "value", 0 }, TQ_NOTES };
	yaml_node_t *n = tq_required(r, rec, f, key);

	return !n || tq_fields(r, n, key, v) || tq_int(r, n, v, "value", true, 1, 100, out) ? -1
												: 0;
}

/* 10.2: colonel: 15, general: 40, c_in_c: unlimited. */
static int tq_limit(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
		    const char *key, int *out)
{
	yaml_node_t *n = tq_required(r, rec, f, key);
	const char *s = wj_yaml_scalar(n);

	if (!n)
		return -1;
	if (s && !strcmp(s, "unlimited")) {
		*out = TQ_UNLIMITED;
		return 0;
	}
	return tq_int(r, rec, f, key, true, 1, 500, out);
}

static int tq_movement(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "river_without_road_mp", 0 }, { "leader_alone_mp", 0 },
				     { "baggage_train_mp", 0 }, { "overrun_mp", 0 },
				     { "command_limits", 0 }, TQ_NOTES };
	struct wj_yaml_field o[] = { { "values", 0 }, TQ_NOTES };
	struct wj_yaml_field c[] = { { "colonel", 0 }, { "general", 0 }, { "c_in_c", 0 },
				     TQ_NOTES };
	struct tq_tables *t = &r->d->tables;
	yaml_node_t *over, *cl;
	yaml_node_item_t *it;
	int bad;

	if (tq_fields(r, n, "movement", f))
		return -1;
	bad = tq_value(r, n, f, "river_without_road_mp", &t->river_without_road_mp) |
	      tq_value(r, n, f, "leader_alone_mp", &t->leader_alone_mp) |
	      tq_value(r, n, f, "baggage_train_mp", &t->baggage_train_mp);
	if ((over = tq_required(r, n, f, "overrun_mp")) && !tq_fields(r, over, "overrun_mp", o)) {
		yaml_node_t *vs = tq_required(r, over, o, "values");
		if (!vs || tq_items(vs, &it) != 3) {
			TQ_PROBLEM(r, vs ? vs : over, "overrun_mp's values are the MP for 1, 2 and 3 "
				   "SPs overrun (10.4.3): [1, 2, 3]");
			bad = -1;
		} else {
			for (int i = 0; i < 3; i++)
				bad |= tq_node_int(r, tq_node(r, it[i]), "an overrun's MP", 0, 12,
						   &t->overrun_mp[i]);
		}
	} else {
		bad = -1;
	}
	if ((cl = tq_required(r, n, f, "command_limits")) &&
	    !tq_fields(r, cl, "command_limits", c))
		bad |= tq_limit(r, cl, c, "colonel", &t->colonel_limit) |
		       tq_limit(r, cl, c, "general", &t->general_limit) |
		       tq_limit(r, cl, c, "c_in_c", &t->c_in_c_limit);
	else
		bad = -1;
	return bad;
}

static int tq_attrition(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "modifier_major_victory_british", 0 }, { "rounding", 0 },
				     { "columns_note", 0 }, { "known_entries", 0 },
				     { "loyalist_use", 0 }, { "table", 0 }, TQ_NOTES };
	struct tq_tables *t = &r->d->tables;
	struct tq_known_ctx k = { t->attrition_known, &t->nattrition_known, false };

	if (tq_fields(r, n, "Militia Attrition Table", f))
		return -1;
	return tq_int(r, n, f, "modifier_major_victory_british", true, -6, 6,
		      &t->attrition_modifier) |
	       tq_known_list(r, wj_yaml_field(f, "known_entries"), &k) |
	       (wj_yaml_field(f, "table") ? tq_attrition_table(r, wj_yaml_field(f, "table")) : 0);
}

static int tq_generation(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "months", 0 }, { "modifier_major_victory_british", 0 },
				     { "known_entries", 0 }, { "invasion_use", 0 }, { "table", 0 },
				     TQ_NOTES };
	struct tq_tables *t = &r->d->tables;
	struct tq_known_ctx k = { t->generation_known, &t->ngeneration_known, true };
	int bad;

	if (tq_fields(r, n, "Militia Generation Table", f))
		return -1;
	bad = tq_int(r, n, f, "modifier_major_victory_british", true, -6, 6,
		     &t->generation_modifier) |
	      (tq_required(r, n, f, "months")
		       ? tq_month_bits(r, wj_yaml_field(f, "months"), &t->generation_months)
		       : -1) |
	      tq_known_list(r, wj_yaml_field(f, "known_entries"), &k);
	if (!bad && wj_yaml_field(f, "table"))
		bad = tq_generation_table(r, wj_yaml_field(f, "table"));
	return bad;
}

static int tq_events(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "events", 0 }, { "flood", 0 }, { "loyalist_uprising", 0 },
				     { "known_entries", 0 }, { "table", 0 }, TQ_NOTES };

	if (tq_fields(r, n, "Endeavor Random Event Table", f))
		return -1;
	return wj_yaml_field(f, "table") ? tq_events_table(r, wj_yaml_field(f, "table")) : 0;
}

static const struct tq_word TQ_CROSSING_WORDS[] = {
	{ "plain", TQ_PLAIN }, { "road", TQ_ROAD }, { "river_with_road", TQ_RIVER_WITH_ROAD },
	{ "river_without_road", TQ_RIVER_WITHOUT_ROAD }, { "corner_with_river", TQ_CORNER_WITH_RIVER },
	{ NULL, 0 }
};

/* border_mp: {plain: {mp: 1}, ..., corner: {as: "..."}} (10.1.2). */
static int tq_border_mp(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "plain", 0 }, { "road", 0 }, { "river_with_road", 0 },
				     { "river_without_road", 0 }, { "corner", 0 }, TQ_NOTES };
	struct wj_yaml_field c[] = { { "as", 0 }, TQ_NOTES };
	int bad;

	if (tq_fields(r, n, "border_mp", f))
		return -1;
	bad = tq_required(r, n, f, "corner") ? tq_fields(r, f[4].val, "corner", c) : -1;
	for (int k = TQ_PLAIN; k <= TQ_RIVER_WITHOUT_ROAD; k++) {
		struct wj_yaml_field m[] = { { "mp", 0 }, TQ_NOTES };
		yaml_node_t *v = tq_required(r, n, f, f[k].key);
		bad |= !v || tq_fields(r, v, f[k].key, m) ||
			       tq_int(r, v, m, "mp", true, 1, 12, &r->d->tables.border_mp[k])
			       ? -1 : 0;
	}
	return bad;
}

/* One weather: {closed: [crossings], mp_change: {kind: N}}. */
static int tq_weather_effect(struct tq_reader *r, yaml_node_t *n, int w)
{
	struct wj_yaml_field f[] = { { "closed", 0 }, { "mp_change", 0 }, { "applies_to", 0 },
				     TQ_NOTES };
	struct tq_tables *t = &r->d->tables;
	yaml_node_t *closed, *change;
	yaml_node_item_t *it;
	int bad = 0;

	if (tq_fields(r, n, "weather's effects", f) || !(closed = tq_required(r, n, f, "closed")) ||
	    !(change = tq_required(r, n, f, "mp_change")))
		return -1;
	if (closed->type != YAML_SEQUENCE_NODE) {
		TQ_PROBLEM(r, closed, "'closed' must list what cannot be crossed: [river_without_road]");
		return -1;
	}
	for (int i = 0, k = tq_items(closed, &it); i < k; i++) {
		int x;
		if (tq_node_word(r, tq_node(r, it[i]), "a crossing", TQ_CROSSING_WORDS, &x))
			bad = -1;
		else
			t->closed[w] |= 1 << x;
	}
	if (change->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(r, change, "'mp_change' must map units.yaml's kinds to MP: "
			   "{british_regular: -2}");
		return -1;
	}
	for (yaml_node_pair_t *pr = change->data.mapping.pairs.start;
	     pr < change->data.mapping.pairs.top; pr++) {
		int kind;
		if (tq_node_word(r, tq_node(r, pr->key), "the kind", TQ_UNIT_WORDS, &kind) ||
		    tq_node_int(r, tq_node(r, pr->value), "an MP change", -12, 12,
				&t->mp_change[w][kind]))
			bad = -1;
	}
	return bad;
}

static int tq_terrain_table(struct tq_reader *r, yaml_node_t *n)
{
	static const char *const WEATHER[TQ_WEATHERS] = { "clear", "rain", "flood", "heat" };
	struct wj_yaml_field f[] = { { "border_mp", 0 }, { "weather", 0 }, TQ_NOTES };
	struct wj_yaml_field w[] = { { "clear", 0 }, { "rain", 0 }, { "flood", 0 }, { "heat", 0 },
				     TQ_NOTES };
	yaml_node_t *weather;
	int bad;

	if (tq_fields(r, n, "terrain effects' table", f))
		return -1;
	bad = tq_required(r, n, f, "border_mp") ? tq_border_mp(r, f[0].val) : -1;
	if (!(weather = tq_required(r, n, f, "weather")) ||
	    tq_fields(r, weather, "weather", w))
		return -1;
	for (int i = 0; i < TQ_WEATHERS; i++) {
		yaml_node_t *v = tq_required(r, weather, w, WEATHER[i]);
		bad |= v ? tq_weather_effect(r, v, i) : -1;
	}
	return bad;
}

static int tq_terrain(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "table", 0 }, TQ_NOTES };
	yaml_node_t *t;

	if (tq_fields(r, n, "terrain effects", f))
		return -1;
	if ((t = wj_yaml_field(f, "table"))) {
		if (tq_terrain_table(r, t))
			return -1;
		r->d->tables.have_terrain = true;
		r->d->tables.terrain_line = wj_yaml_node_line(t);
	}
	return 0;
}

int tq_load_tables(struct tq_reader *r)
{
	static const struct {
		const char *block;
		int (*load)(struct tq_reader *, yaml_node_t *);
	} BLOCKS[] = {
		{ "militia_attrition_table", tq_attrition },
		{ "militia_generation_table", tq_generation },
		{ "endeavor_random_event_table", tq_events },
		{ "terrain_effects", tq_terrain },
		{ "movement", tq_movement },
	};
	yaml_node_t *root = tq_root(r);
	bool movement = false;
	int bad = 0;

	if (root->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(r, root, "expected the tables as a mapping (name: {...})");
		return -1;
	}
	for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
	     pr < root->data.mapping.pairs.top; pr++) {
		const char *key = wj_yaml_scalar(tq_node(r, pr->key));
		yaml_node_t *v = tq_node(r, pr->value);
		size_t i = 0;
		while (i < sizeof BLOCKS / sizeof *BLOCKS && strcmp(BLOCKS[i].block, key ? key : ""))
			i++;
		if (i < sizeof BLOCKS / sizeof *BLOCKS)
			bad |= BLOCKS[i].load(r, v);
		else if (key)
			bad |= tq_block_numbers(r, key, v);
		movement |= key && !strcmp(key, "movement");
	}
	if (!movement) {
		TQ_PROBLEM(r, root, "missing 'movement' (10.1, 10.2: its numbers and command "
			   "limits)");
		bad = -1;
	}
	return bad;
}
