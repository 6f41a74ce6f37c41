/* Loads Skirmish's data (the YAML files of data/skirmish/) into struct
 * sk_data with libyaml's document API. Every record keeps its line, so a
 * problem names file:line. The loader checks syntax, keys, value types,
 * kinds and names; sk_data_check.c checks the data as a whole. The files
 * are described in docs/skirmish-data.md. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "sk_data.h"
#include "yaml_file.h"

struct ctx {
	struct sk_data *d;
	struct wj_data_problems *p;
	yaml_document_t doc;
	const char *file;
};


/* A word of the data's own vocabulary and what it stands for. */
struct word {
	const char *name;
	int value;
};

static const struct word SIDES[] = { { "american", SK_AMERICAN }, { "british", SK_BRITISH },
				     { NULL, 0 } };
static const struct word SPOT_KINDS[] = { { "land", SK_LAND }, { "city", SK_CITY },
					  { "sea", SK_SEA }, { "harbour", SK_HARBOUR },
					  { "carrier", SK_CARRIER }, { NULL, 0 } };
static const struct word STARS[] = { { "small", SK_SMALL_STAR }, { "large", SK_LARGE_STAR },
				     { NULL, 0 } };
static const struct word LINE_KINDS[] = { { "land", SK_LAND_LINE }, { "coastal", SK_COASTAL_LINE },
					  { "sea", SK_SEA_LINE }, { NULL, 0 } };
static const struct word PIECES[] = { { "army", SK_ARMY }, { "continental army", SK_CONTINENTAL_ARMY },
				      { "basic unit", SK_BASIC_UNIT }, { "warship", SK_WARSHIP },
				      { "troop carrier", SK_TROOP_CARRIER }, { NULL, 0 } };
static const struct word EFFECTS[] = { { "lose a unit", SK_LOSE_A_UNIT }, { "move", SK_MOVE },
				       { "major battle", SK_MAJOR_BATTLE }, { "nothing", SK_NOTHING },
				       { NULL, 0 } };
static const struct word WHO[] = { { "american", SK_WHO_AMERICAN }, { "british", SK_WHO_BRITISH },
				   { "moved", SK_WHO_MOVED }, { "held", SK_WHO_HELD }, { NULL, 0 } };

#define PROBLEM(c, n, ...) wj_data_problem_add((c)->p, (c)->file, wj_yaml_node_line(n), __VA_ARGS__)

static yaml_node_t *node_at(struct ctx *c, yaml_node_item_t i)
{
	return yaml_document_get_node(&c->doc, i);
}

int sk_spot_by_name(const struct sk_data *d, const char *name)
{
	for (int i = 0; i < d->nspots; i++)
		if (!strcmp(d->spots[i].name, name))
			return i;
	return -1;
}

/* ---- a file ---- */

static int open_file(struct ctx *c, const char *dir, const char *name)
{
	c->file = name;
	return wj_yaml_file_load(dir, name, &c->doc, c->p);
}

/* ---- one record ---- */

/* wj_yaml_fields for a record of the file being read. */
static int read_fields(struct ctx *c, yaml_node_t *map, const char *what,
		       struct wj_yaml_field *f)
{
	int bad = wj_yaml_fields(&c->doc, map, c->file, what, f, c->p);
	return bad ? -1 : 0;
}

/* The scalar under key, or NULL: a problem if it is required and missing,
 * or is not a non-empty text. */
static const char *get_text(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f,
			    const char *key, bool required)
{
	return wj_yaml_field_text(f, rec, key, required, c->file, c->p);
}

static int get_str(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
		   char *out, size_t size)
{
	return wj_yaml_field_str(f, rec, key, true, out, size, c->file, c->p);
}

static int int_of(struct ctx *c, yaml_node_t *n, const char *what, int *out)
{
	return wj_yaml_node_int(n, what, out, c->file, c->p);
}

static int get_int(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
		   bool required, int *out)
{
	return wj_yaml_field_int(f, rec, key, required, out, c->file, c->p);
}

/* One of words (their list in the problem) under key; *out untouched if
 * it is optional and missing. */
static int get_word(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
		    bool required, const struct word *words, int *out)
{
	const char *s = get_text(c, rec, f, key, required);
	char list[160] = "";

	if (!s)
		return wj_yaml_field(f, key) || required ? -1 : 0;
	for (int i = 0; words[i].name; i++) {
		if (!strcmp(words[i].name, s)) {
			*out = words[i].value;
			return 0;
		}
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 i ? ", " : "", words[i].name);
	}
	PROBLEM(c, wj_yaml_field(f, key), "'%s' is not a %s; expected one of: %s", s, key, list);
	return -1;
}

static int spot_of(struct ctx *c, yaml_node_t *n, int *out)
{
	const char *s = wj_yaml_scalar(n);

	*out = s ? sk_spot_by_name(c->d, s) : -1;
	if (*out < 0) {
		PROBLEM(c, n, "'%s' is not a spot of spots.yaml", s ? s : "(a list or mapping)");
		return -1;
	}
	return 0;
}

/* source: "seed <where>" or "reconstructed[: why]" (docs/skirmish-data.md). */
static int get_source(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f)
{
	const char *s = get_text(c, rec, f, "source", true);

	if (!s)
		return -1;
	if (strncmp(s, "seed ", 5) && strcmp(s, "reconstructed") &&
	    strncmp(s, "reconstructed: ", 15)) {
		PROBLEM(c, wj_yaml_field(f, "source"),
			"source '%s' must be 'seed <where in the seed>' or 'reconstructed: <why>'", s);
		return -1;
	}
	return 0;
}

/* Calls one(c, item) for each item of the sequence n. */
static int each_item(struct ctx *c, yaml_node_t *n, const char *what,
		     int (*one)(struct ctx *, yaml_node_t *))
{
	int bad = 0;

	if (!n || n->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, n, "expected a list of %s (- ...)", what);
		return -1;
	}
	for (yaml_node_item_t *it = n->data.sequence.items.start;
	     it < n->data.sequence.items.top; it++)
		bad |= one(c, node_at(c, *it));
	return bad;
}

/* The value under key, or NULL with the problem that it is missing. */
static yaml_node_t *required(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f,
			     const char *key)
{
	if (!wj_yaml_field(f, key))
		PROBLEM(c, rec, "missing '%s'", key);
	return wj_yaml_field(f, key);
}

static yaml_node_t *root(struct ctx *c)
{
	return yaml_document_get_root_node(&c->doc);
}

/* ---- dataset.yaml ---- */

static int one_side(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "side", 0 }, { "name", 0 }, { "colour", 0 }, { "source", 0 },
			     { NULL, 0 } };
	int side = SK_NOBODY;

	if (read_fields(c, n, "side", f) | get_word(c, n, f, "side", true, SIDES, &side))
		return -1;
	return get_str(c, n, f, "name", c->d->side_name[side], SK_NAME_MAX) |
	       get_str(c, n, f, "colour", c->d->side_colour[side], SK_NAME_MAX) |
	       get_source(c, n, f);
}

/* units_at_start: {american: N, british: N}, the seed's totals. */
static int units_at_start(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "american", 0 }, { "british", 0 }, { NULL, 0 } };

	c->d->units_at_start_line = wj_yaml_node_line(n);
	if (!n || read_fields(c, n, "units_at_start", f))
		return -1;
	return get_int(c, n, f, "american", true, &c->d->units_at_start[SK_AMERICAN]) |
	       get_int(c, n, f, "british", true, &c->d->units_at_start[SK_BRITISH]);
}

static int load_dataset(struct ctx *c)
{
	struct wj_yaml_field f[] = { { "id", 0 }, { "game", 0 }, { "sides", 0 }, { "army_max_units", 0 },
			     { "units_at_start", 0 }, { "quiet_moves", 0 }, { "source", 0 },
			     { NULL, 0 } };
	yaml_node_t *n = root(c);

	if (read_fields(c, n, "data set", f))
		return -1;
	return units_at_start(c, required(c, n, f, "units_at_start")) |
	       get_str(c, n, f, "id", c->d->id, SK_NAME_MAX) |
	       get_str(c, n, f, "game", c->d->game, SK_NAME_MAX) |
	       get_int(c, n, f, "army_max_units", true, &c->d->army_max_units) |
	       get_int(c, n, f, "quiet_moves", true, &c->d->quiet_moves) |
	       get_source(c, n, f) |
	       (required(c, n, f, "sides") ? each_item(c, wj_yaml_field(f, "sides"), "sides", one_side) : -1);
}

/* ---- spots.yaml ---- */

#define SPOT_FIELDS { { "name", 0 }, { "kind", 0 }, { "star", 0 }, { "city", 0 }, \
		      { "x", 0 }, { "y", 0 }, { "source", 0 }, { NULL, 0 } }

static int one_spot(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = SPOT_FIELDS;
	struct sk_spot s = { .city = -1, .line = wj_yaml_node_line(n) };
	int kind = SK_LAND, star = SK_NO_STAR;

	if (c->d->nspots >= SK_MAX_SPOTS) {
		PROBLEM(c, n, "more than %d spots", SK_MAX_SPOTS);
		return -1;
	}
	if (read_fields(c, n, "spot", f) | get_str(c, n, f, "name", s.name, sizeof s.name) |
	    get_word(c, n, f, "kind", true, SPOT_KINDS, &kind) |
	    get_word(c, n, f, "star", false, STARS, &star) | get_int(c, n, f, "x", true, &s.x) |
	    get_int(c, n, f, "y", true, &s.y) | get_source(c, n, f))
		return -1;
	s.kind = (enum sk_spot_kind)kind;
	s.star = (enum sk_star)star;
	c->d->spots[c->d->nspots++] = s;
	return 0;
}

/* A spot's `city:` (a harbour's), once every spot is known; the record
 * has read clean in the first pass. */
static int harbour_city(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = SPOT_FIELDS;
	int s;

	read_fields(c, n, "spot", f);
	s = sk_spot_by_name(c->d, wj_yaml_scalar(wj_yaml_field(f, "name")) ? wj_yaml_scalar(wj_yaml_field(f, "name")) : "");
	if (s < 0 || !wj_yaml_field(f, "city"))
		return 0;
	return spot_of(c, wj_yaml_field(f, "city"), &c->d->spots[s].city);
}

/* Two passes: a harbour may come before its city. */
static int load_spots(struct ctx *c)
{
	int bad = each_item(c, root(c), "spots", one_spot);

	return bad ? bad : each_item(c, root(c), "spots", harbour_city);
}

/* ---- lines.yaml ---- */

static int add_neighbour(struct ctx *c, yaml_node_t *n, int from, int to, enum sk_line_kind kind)
{
	struct sk_spot *s = &c->d->spots[from];

	if (s->nneighbours >= SK_MAX_NEIGHBOURS) {
		PROBLEM(c, n, "%s has more than %d lines", s->name, SK_MAX_NEIGHBOURS);
		return -1;
	}
	s->neighbours[s->nneighbours++] = (struct sk_neighbour){ to, kind };
	return 0;
}

static int one_line(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "between", 0 }, { "kind", 0 }, { "source", 0 }, { NULL, 0 } };
	struct sk_line l = { .line = wj_yaml_node_line(n) };
	yaml_node_t *ends;
	int kind = SK_LAND_LINE;

	if (c->d->nlines >= SK_MAX_LINES) {
		PROBLEM(c, n, "more than %d lines", SK_MAX_LINES);
		return -1;
	}
	if (read_fields(c, n, "line", f) | get_word(c, n, f, "kind", true, LINE_KINDS, &kind) |
	    get_source(c, n, f))
		return -1;
	ends = wj_yaml_field(f, "between");
	if (!ends || ends->type != YAML_SEQUENCE_NODE ||
	    ends->data.sequence.items.top - ends->data.sequence.items.start != 2) {
		PROBLEM(c, ends ? ends : n, "'between' must list the line's two spots: [A, B]");
		return -1;
	}
	if (spot_of(c, node_at(c, ends->data.sequence.items.start[0]), &l.a) |
	    spot_of(c, node_at(c, ends->data.sequence.items.start[1]), &l.b))
		return -1;
	l.kind = (enum sk_line_kind)kind;
	c->d->lines[c->d->nlines++] = l;
	return add_neighbour(c, n, l.a, l.b, l.kind) | add_neighbour(c, n, l.b, l.a, l.kind);
}

static int load_lines(struct ctx *c)
{
	return each_item(c, root(c), "lines", one_line);
}

/* ---- setup.yaml ---- */

static int one_piece(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "side", 0 }, { "piece", 0 }, { "spot", 0 }, { "units", 0 },
			     { "source", 0 }, { NULL, 0 } };
	struct sk_piece pc = { .line = wj_yaml_node_line(n) };
	int side = SK_NOBODY, kind = SK_ARMY;

	if (c->d->npieces >= SK_MAX_PIECES) {
		PROBLEM(c, n, "more than %d pieces", SK_MAX_PIECES);
		return -1;
	}
	if (read_fields(c, n, "piece", f) | get_word(c, n, f, "side", true, SIDES, &side) |
	    get_word(c, n, f, "piece", true, PIECES, &kind) |
	    get_int(c, n, f, "units", kind != SK_WARSHIP, &pc.units) | get_source(c, n, f))
		return -1;
	if (!required(c, n, f, "spot") || spot_of(c, wj_yaml_field(f, "spot"), &pc.spot))
		return -1;
	pc.side = (enum sk_side)side;
	pc.kind = (enum sk_piece_kind)kind;
	c->d->pieces[c->d->npieces++] = pc;
	return 0;
}

static int load_setup(struct ctx *c)
{
	struct wj_yaml_field f[] = { { "pieces", 0 }, { NULL, 0 } };

	if (read_fields(c, root(c), "set-up", f) || !required(c, root(c), f, "pieces"))
		return -1;
	return each_item(c, wj_yaml_field(f, "pieces"), "pieces", one_piece);
}

/* ---- cards.yaml ---- */

static int one_card(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "name", 0 }, { "text", 0 }, { "effect", 0 }, { "who", 0 },
			     { "spots", 0 }, { "count", 0 }, { "source", 0 }, { NULL, 0 } };
	struct sk_card k = { .line = wj_yaml_node_line(n) };
	int effect = SK_NOTHING, who = SK_WHO_NONE;

	if (c->d->ncards >= SK_MAX_CARDS) {
		PROBLEM(c, n, "more than %d kinds of card", SK_MAX_CARDS);
		return -1;
	}
	if (read_fields(c, n, "card", f) | get_str(c, n, f, "name", k.name, sizeof k.name) |
	    get_str(c, n, f, "text", k.text, sizeof k.text) |
	    get_word(c, n, f, "effect", true, EFFECTS, &effect) |
	    get_word(c, n, f, "who", false, WHO, &who) | get_int(c, n, f, "spots", false, &k.spots) |
	    get_int(c, n, f, "count", true, &k.count) | get_source(c, n, f))
		return -1;
	k.effect = (enum sk_effect)effect;
	k.who = (enum sk_who)who;
	c->d->cards[c->d->ncards++] = k;
	return 0;
}

static int load_cards(struct ctx *c)
{
	return each_item(c, root(c), "cards", one_card);
}

/* ---- dice.yaml ---- */

static int get_faces(struct ctx *c, yaml_node_t *rec, const struct wj_yaml_field *f, struct sk_dice *dice)
{
	yaml_node_t *n = wj_yaml_field(f, "faces");
	int bad = 0, i = 0;

	dice->line = wj_yaml_node_line(n ? n : rec);
	if (!n || n->type != YAML_SEQUENCE_NODE ||
	    n->data.sequence.items.top - n->data.sequence.items.start != SK_FACES) {
		PROBLEM(c, n ? n : rec, "'faces' must list the die's %d faces: [a, b, c, d, e, f]",
			SK_FACES);
		return -1;
	}
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     it++)
		bad |= int_of(c, node_at(c, *it), "a face", &dice->faces[i++]);
	return bad;
}

static int load_dice(struct ctx *c)
{
	struct wj_yaml_field f[] = { { "movement", 0 }, { "battle", 0 }, { NULL, 0 } };
	struct wj_yaml_field m[] = { { "faces", 0 }, { "american_dice", 0 }, { "british_dice", 0 },
			     { "source", 0 }, { NULL, 0 } };
	struct wj_yaml_field b[] = { { "faces", 0 }, { "source", 0 }, { NULL, 0 } };
	yaml_node_t *mn, *bn;

	if (read_fields(c, root(c), "dice", f))
		return -1;
	mn = required(c, root(c), f, "movement");
	bn = required(c, root(c), f, "battle");
	if (!mn || !bn || read_fields(c, mn, "movement dice", m) | read_fields(c, bn, "battle dice", b))
		return -1;
	return get_faces(c, mn, m, &c->d->movement) | get_faces(c, bn, b, &c->d->battle) |
	       get_int(c, mn, m, "american_dice", true, &c->d->movement_dice[SK_AMERICAN]) |
	       get_int(c, mn, m, "british_dice", true, &c->d->movement_dice[SK_BRITISH]) |
	       get_source(c, mn, m) | get_source(c, bn, b);
}

/* ---- the data set ---- */

static const struct {
	const char *name;
	int (*load)(struct ctx *);
} FILES[] = {
	{ "dataset.yaml", load_dataset }, { "spots.yaml", load_spots },
	{ "lines.yaml", load_lines },     { "setup.yaml", load_setup },
	{ "cards.yaml", load_cards },     { "dice.yaml", load_dice },
};

int sk_data_load(const char *dir, struct sk_data *d, struct wj_data_problems *p)
{
	struct ctx c = { .d = d, .p = p };
	int bad = 0;

	memset(d, 0, sizeof *d);
	for (size_t i = 0; i < sizeof FILES / sizeof *FILES; i++) {
		if (open_file(&c, dir, FILES[i].name)) {
			bad = -1;
			continue;
		}
		bad |= FILES[i].load(&c);
		yaml_document_delete(&c.doc);
	}
	return bad || p->n ? -1 : 0;
}

int sk_setup_units(const struct sk_data *d, enum sk_side side)
{
	int n = 0;

	for (int i = 0; i < d->npieces; i++)
		if (d->pieces[i].side == side && d->pieces[i].kind != SK_TROOP_CARRIER)
			n += d->pieces[i].units;
	return n;
}
