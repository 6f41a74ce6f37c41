/* Loads the reconstructed map.yaml and units.yaml (docs/tarletons-quarter-
 * data.md, "The reconstructed data: its files and keys") over the seed's
 * data: the map's areas join areas.yaml's (whose names and seed facts
 * win), with the borders and corners between them. Until those files are
 * written, a missing one is one problem that says so. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

#include "tq_read.h"

/* 0 when dir/name is there; else the one problem saying what it will be. */
static int tq_present(struct wj_data_problems *p, const char *dir, const char *name,
		      const char *what)
{
	char path[512];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (access(path, F_OK) == 0 || errno != ENOENT)
		return 0;
	wj_data_problem_add(p, name, 0, "not in this data set yet: %s is reconstructed data still "
			    "to come (docs/tarletons-quarter-data.md, \"The reconstructed data: its "
			    "files and keys\")", what);
	return -1;
}

/* ---- map.yaml ---- */

/* A box of the picture, [x0, y0, x1, y1] inside the board. */
static int tq_box(struct tq_reader *r, yaml_node_t *n, const char *what, int *box)
{
	yaml_node_item_t *it;
	int bad = 0;

	if (!n || tq_items(n, &it) != 4) {
		TQ_PROBLEM(r, n, "'%s' is a box of the picture: [x0, y0, x1, y1]", what);
		return -1;
	}
	for (int i = 0; i < 4; i++)
		bad |= tq_node_int(r, tq_node(r, it[i]), what, 0,
				   i % 2 ? r->d->board_h : r->d->board_w, &box[i]);
	if (!bad && (box[2] <= box[0] || box[3] <= box[1])) {
		TQ_PROBLEM(r, n, "'%s' ends before it starts: [x0, y0, x1, y1], x0 < x1, y0 < y1",
			   what);
		bad = -1;
	}
	return bad;
}

/* The picture's size, and where its legend and its panel (the date, the
 * weather, what is off the map) go: where the map has no area. */
static int tq_board(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "width", 0 }, { "height", 0 }, { "legend", 0 },
				     { "panel", 0 }, TQ_NOTES };

	if (tq_fields(r, n, "board", f) ||
	    (tq_int(r, n, f, "width", true, 1, TQ_BOARD_MAX, &r->d->board_w) |
	     tq_int(r, n, f, "height", true, 1, TQ_BOARD_MAX, &r->d->board_h)))
		return -1;
	return (tq_required(r, n, f, "legend") ?
		tq_box(r, wj_yaml_field(f, "legend"), "legend", r->d->legend) : -1) |
	       (tq_required(r, n, f, "panel") ?
		tq_box(r, wj_yaml_field(f, "panel"), "panel", r->d->panel) : -1);
}

static int tq_at(struct tq_reader *r, yaml_node_t *n, struct tq_area *a)
{
	yaml_node_item_t *it;

	if (!n || tq_items(n, &it) != 2) {
		TQ_PROBLEM(r, n, "'at' is where the area's name is drawn: [x, y]");
		return -1;
	}
	return tq_node_int(r, tq_node(r, it[0]), "x", 0, r->d->board_w, &a->x) |
	       tq_node_int(r, tq_node(r, it[1]), "y", 0, r->d->board_h, &a->y);
}

/* A seed fact map.yaml may add to but not take away (6.3.1, 13.1). */
static int tq_keeps(struct tq_reader *r, yaml_node_t *n, const struct tq_area *a, bool seed,
		    bool map, const char *key, const char *section)
{
	if (!seed || map)
		return 0;
	TQ_PROBLEM(r, n, "%s is a %s in areas.yaml (the seed, %s); map.yaml cannot say %s: false",
		   a->id, key, section, key);
	return -1;
}

static int tq_map_area(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "id", 0 }, { "supply", 0 }, { "swamp", 0 }, { "coast", 0 },
				     { "road", 0 }, { "settlement", 0 }, { "port", 0 },
				     { "capital", 0 }, { "north_edge", 0 }, { "at", 0 }, TQ_NOTES };
	struct tq_data *d = r->d;
	struct tq_area *a;
	char id[TQ_ID_MAX], name[TQ_NAME_MAX] = "";
	int colony, i, bad;
	bool port = false, capital = false;
	enum tq_source source = TQ_RECONSTRUCTED;

	if (tq_fields(r, n, "area", f) || !tq_required(r, n, f, "id") ||
	    tq_area_id(r, wj_yaml_field(f, "id"), id, &colony))
		return -1;
	if ((i = tq_area_by_id(d, id)) >= 0 && d->areas[i].on_map) {
		TQ_PROBLEM(r, n, "the area %s is listed twice (first at line %d)", id,
			   d->areas[i].map_line);
		return -1;
	}
	if (i < 0) {
		if (d->nareas >= TQ_MAX_AREAS) {
			TQ_PROBLEM(r, n, "more than %d areas", TQ_MAX_AREAS);
			return -1;
		}
		i = d->nareas++;
		d->areas[i] = (struct tq_area){ .colony = (enum tq_colony)colony };
		snprintf(d->areas[i].id, TQ_ID_MAX, "%s", id);
	}
	a = &d->areas[i];
	a->on_map = true;
	a->map_line = wj_yaml_node_line(n);
	bad = tq_int(r, n, f, "supply", true, 1, 15, &a->supply) |   /* 2.0 */
	      tq_bool(r, n, f, "swamp", false, &a->swamp) |
	      tq_bool(r, n, f, "coast", false, &a->coast) |
	      tq_bool(r, n, f, "road", false, &a->road) |
	      tq_bool(r, n, f, "north_edge", false, &a->north_edge) |
	      tq_text(r, n, f, "settlement", false, name, sizeof name) |
	      tq_source(r, n, f, false, &source) |
	      (tq_required(r, n, f, "at") ? tq_at(r, wj_yaml_field(f, "at"), a) : -1);
	port = a->port;
	capital = a->capital;
	if (tq_bool(r, n, f, "port", false, &port) | tq_bool(r, n, f, "capital", false, &capital))
		return -1;
	bad |= tq_keeps(r, wj_yaml_field(f, "port"), a, a->port, port, "port", "6.3.1") |
	       tq_keeps(r, wj_yaml_field(f, "capital"), a, a->capital, capital, "capital", "13.1");
	if (port && !a->port) {
		a->port = true;
		a->port_value = 1;   /* 6.3.1: "all other ports are worth 1" */
	}
	a->capital |= capital;
	if (!strcmp(name, "null") || !strcmp(name, "~"))
		name[0] = '\0'; /* YAML's null: the area has no named point */
	/* 2.0: a named point is a settlement; areas.yaml's name wins */
	if (name[0] && !a->name[0]) {
		snprintf(a->name, sizeof a->name, "%s", name);
		a->settlement = !a->city;
	}
	if (a->port && !a->coast) {
		TQ_PROBLEM(r, n, "%s is a port but not on the coast (coast: true; 10.5)", a->id);
		bad = -1;
	}
	return bad;
}

static int tq_add_border(struct tq_reader *r, yaml_node_t *n, int area, int border)
{
	struct tq_area *a = &r->d->areas[area];

	if (a->nborders >= TQ_MAX_AREA_BORDERS) {
		TQ_PROBLEM(r, n, "%s has more than %d borders", a->id, TQ_MAX_AREA_BORDERS);
		return -1;
	}
	a->borders[a->nborders++] = border;
	return 0;
}

/* An area of the map by its I.D. */
static int tq_map_area_node(struct tq_reader *r, yaml_node_t *n, int *out)
{
	if (tq_area_node(r, n, "map.yaml", out))
		return -1;
	if (!r->d->areas[*out].on_map) {
		TQ_PROBLEM(r, n, "%s is in areas.yaml but not among map.yaml's areas",
			   r->d->areas[*out].id);
		return -1;
	}
	return 0;
}

static int tq_map_border(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "a", 0 }, { "b", 0 }, { "river", 0 }, { "road", 0 },
				     TQ_NOTES };
	struct tq_data *d = r->d;
	struct tq_border b = { .line = wj_yaml_node_line(n) };
	enum tq_source source = TQ_RECONSTRUCTED;
	int other;

	if (d->nborders >= TQ_MAX_BORDERS) {
		TQ_PROBLEM(r, n, "more than %d borders", TQ_MAX_BORDERS);
		return -1;
	}
	if (tq_fields(r, n, "border", f) || !tq_required(r, n, f, "a") ||
	    !tq_required(r, n, f, "b") ||
	    tq_map_area_node(r, wj_yaml_field(f, "a"), &b.a) |
	    tq_map_area_node(r, wj_yaml_field(f, "b"), &b.b) |
	    tq_bool(r, n, f, "river", true, &b.river) | tq_bool(r, n, f, "road", true, &b.road) |
	    tq_source(r, n, f, false, &source))
		return -1;
	if (b.a == b.b) {
		TQ_PROBLEM(r, n, "a border from %s to itself", d->areas[b.a].id);
		return -1;
	}
	if ((other = tq_border_between(d, b.a, b.b)) >= 0) {
		TQ_PROBLEM(r, n, "the border %s - %s is listed twice (first at line %d)",
			   d->areas[b.a].id, d->areas[b.b].id, d->borders[other].line);
		return -1;
	}
	d->borders[d->nborders] = b;
	if (tq_add_border(r, n, b.a, d->nborders) | tq_add_border(r, n, b.b, d->nborders))
		return -1;
	d->nborders++;
	return 0;
}

static int tq_map_corner(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "areas", 0 }, { "river", 0 }, TQ_NOTES };
	struct tq_data *d = r->d;
	struct tq_corner c = { .line = wj_yaml_node_line(n) };
	enum tq_source source = TQ_RECONSTRUCTED;
	yaml_node_item_t *it;
	int bad = 0;

	if (d->ncorners >= TQ_MAX_CORNERS) {
		TQ_PROBLEM(r, n, "more than %d corners", TQ_MAX_CORNERS);
		return -1;
	}
	if (tq_fields(r, n, "corner", f) | tq_bool(r, n, f, "river", true, &c.river) |
	    tq_source(r, n, f, false, &source) || !tq_required(r, n, f, "areas"))
		return -1;
	if (tq_items(wj_yaml_field(f, "areas"), &it) != 4) {
		TQ_PROBLEM(r, wj_yaml_field(f, "areas"), "a corner is where four areas meet "
			   "(10.1.2): areas: [A, B, C, D], in order around it");
		return -1;
	}
	for (int i = 0; i < 4; i++) {
		bad |= tq_map_area_node(r, tq_node(r, it[i]), &c.areas[i]);
		for (int j = 0; !bad && j < i; j++)
			if (c.areas[j] == c.areas[i]) {
				TQ_PROBLEM(r, n, "%s is named twice in one corner",
					   d->areas[c.areas[i]].id);
				bad = -1;
			}
	}
	if (!bad)
		d->corners[d->ncorners++] = c;
	return bad;
}

static int tq_map(struct tq_reader *r)
{
	struct wj_yaml_field f[] = { { "board", 0 }, { "areas", 0 }, { "borders", 0 },
				     { "corners", 0 }, TQ_NOTES };
	struct tq_data *d = r->d;
	int bad;

	if (tq_fields(r, tq_root(r), "map", f) || !tq_required(r, tq_root(r), f, "board") ||
	    tq_board(r, wj_yaml_field(f, "board")))
		return -1;
	bad = tq_each(r, tq_root(r), f, "areas", true, tq_map_area);
	for (int i = 0; i < d->nareas; i++)
		if (!d->areas[i].on_map) {
			wj_data_problem_add(r->p, "areas.yaml", d->areas[i].line, "%s is not among "
					    "map.yaml's areas; every area of the seed is on the map",
					    d->areas[i].id);
			bad = -1;
		}
	if (bad)
		return -1;
	return tq_each(r, tq_root(r), f, "borders", true, tq_map_border) |
	       tq_each(r, tq_root(r), f, "corners", false, tq_map_corner);
}

int tq_map_load(const char *dir, struct tq_data *d, struct wj_data_problems *p)
{
	struct tq_reader r = { .d = d, .p = p };
	int bad;

	if (tq_present(p, dir, "map.yaml", "the map (the areas' supply levels, swamps, coasts, "
		       "roads, ports and capitals, their borders and corners)") ||
	    tq_open(&r, dir, "map.yaml"))
		return -1;
	bad = tq_map(&r);
	tq_close(&r);
	d->have_map = !bad;
	return bad ? -1 : 0;
}

/* ---- units.yaml ---- */

/* movement: {british_regular: {mp: 6, ...}, ...}: every kind. */
static int tq_movement_allowances(struct tq_reader *r, yaml_node_t *n)
{
	struct tq_data *d = r->d;
	int bad = 0;

	if (n->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(r, n, "'movement' must map each kind of counter to its allowance: "
			   "{british_regular: {mp: 6}, ...}");
		return -1;
	}
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top;
	     pr++) {
		struct wj_yaml_field f[] = { { "mp", 0 }, { "counters", 0 }, { "as_fast_as", 0 },
					     { "rule", 0 }, TQ_NOTES };
		yaml_node_t *k = tq_node(r, pr->key), *v = tq_node(r, pr->value);
		struct tq_unit u = { .present = true, .as_fast_as = -1, .source = TQ_RECONSTRUCTED,
				     .line = wj_yaml_node_line(k) };
		int kind;
		if (tq_node_word(r, k, "the kind", TQ_UNIT_WORDS, &kind)) {
			bad = -1;
			continue;
		}
		if (d->units[kind].present) {
			TQ_PROBLEM(r, k, "%s is given twice (first at line %d)", TQ_UNIT_WORDS[kind].name,
				   d->units[kind].line);
			bad = -1;
			continue;
		}
		if (tq_fields(r, v, "movement allowance", f) |
		    tq_int(r, v, f, "mp", true, 1, 24, &u.mp) | tq_source(r, v, f, true, &u.source) |
		    tq_word(r, v, f, "as_fast_as", false, TQ_UNIT_WORDS, &u.as_fast_as))
			bad = -1;
		d->units[kind] = u;
	}
	for (int kind = 0; kind < TQ_UNIT_KINDS; kind++)
		if (!d->units[kind].present) {
			TQ_PROBLEM(r, n, "no movement allowance for %s; every kind has one: %s",
				   TQ_UNIT_WORDS[kind].name, "british_regular, british_cavalry, "
				   "loyalist_militia, continental_regular, continental_cavalry, "
				   "continental_militia, french, french_cavalry, baggage_train, "
				   "leader_alone");
			bad = -1;
		}
	return bad;
}

static int tq_one_group(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "group", 0 }, { "count", 0 }, { "markers", 0 }, TQ_NOTES };
	struct tq_counter_group g = { .line = wj_yaml_node_line(n) };

	if (r->d->ngroups >= TQ_MAX_GROUPS) {
		TQ_PROBLEM(r, n, "more than %d groups of counters", TQ_MAX_GROUPS);
		return -1;
	}
	if (tq_fields(r, n, "group of counters", f) |
	    tq_text(r, n, f, "group", true, g.group, sizeof g.group) |
	    tq_int(r, n, f, "count", true, 1, 280, &g.count) |
	    tq_bool(r, n, f, "markers", true, &g.markers))
		return -1;
	r->d->groups[r->d->ngroups++] = g;
	return 0;
}

/* counter_mix: {total: 280, groups: [...]} (1.3). */
static int tq_counter_mix(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "total", 0 }, { "total_source", 0 }, { "groups", 0 },
				     TQ_NOTES };

	if (tq_fields(r, n, "counter_mix", f))
		return -1;
	return tq_int(r, n, f, "total", true, 1, 1000, &r->d->mix_total) |
	       tq_each(r, n, f, "groups", true, tq_one_group);
}

int tq_units_load(const char *dir, struct tq_data *d, struct wj_data_problems *p)
{
	struct tq_reader r = { .d = d, .p = p };
	struct wj_yaml_field f[] = { { "movement", 0 }, { "counter_mix", 0 }, TQ_NOTES };
	int bad;

	if (tq_present(p, dir, "units.yaml", "the units' movement allowances and the counter "
		       "mix") || tq_open(&r, dir, "units.yaml"))
		return -1;
	bad = tq_fields(&r, tq_root(&r), "units file", f);
	bad |= tq_required(&r, tq_root(&r), f, "movement")
		       ? tq_movement_allowances(&r, f[0].val) : -1;
	bad |= tq_required(&r, tq_root(&r), f, "counter_mix") ? tq_counter_mix(&r, f[1].val) : -1;
	tq_close(&r);
	d->have_units = !bad;
	return bad ? -1 : 0;
}
