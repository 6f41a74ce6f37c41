/* Loads the game data (the YAML files of data/washingtons-war) into struct ww_data.
 * Each file is read with libyaml's document API; every record keeps the line
 * it came from so that problems name file:line. The loader checks syntax,
 * keys, value types and names; data_check.c checks what the rules need of
 * the data as a whole. The file formats are described in docs/data.md. */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "data.h"
#include "yaml_file.h"
#include "cache.h"

struct ctx {
	struct ww_data *d;
	struct wj_data_problems *p;
	yaml_document_t doc;
	const char *file;
};

/* Canada's control spaces are named in colonies.yaml, which is read before
 * spaces.yaml; they are resolved once the spaces are known. */
struct pending_control {
	int colony;
	int line;
	char name[WW_NAME_MAX];
};


enum { MAX_FIELDS = 24 };

#define PROBLEM(c, n, ...) wj_data_problem_add((c)->p, (c)->file, wj_yaml_node_line(n), __VA_ARGS__)


static yaml_node_t *node_at(struct ctx *c, yaml_node_item_t i)
{
	return yaml_document_get_node(&c->doc, i);
}


/* ---- reading a file ---- */

static int open_file(struct ctx *c, const char *dir, const char *name)
{
	c->file = name;
	return wj_yaml_file_load(dir, name, &c->doc, c->p);
}

static void close_file(struct ctx *c)
{
	yaml_document_delete(&c->doc);
}

/* ---- reading one record ---- */

/* wj_yaml_fields for a record of the file being read. */
static int read_fields(struct ctx *c, yaml_node_t *map, const char *what,
		       struct wj_yaml_field *f)
{
	int bad = wj_yaml_fields(&c->doc, map, c->file, what, f, c->p);
	return bad < 0 ? -1 : 0;
}

static int get_str(struct ctx *c, yaml_node_t *rec, struct wj_yaml_field *f, const char *key,
		   bool required, char *out, size_t size)
{
	return wj_yaml_field_str(f, rec, key, required, out, size, c->file, c->p);
}

static int get_int(struct ctx *c, yaml_node_t *rec, struct wj_yaml_field *f, const char *key,
		   bool required, int *out)
{
	return wj_yaml_field_int(f, rec, key, required, out, c->file, c->p);
}

static int get_bool(struct ctx *c, struct wj_yaml_field *f, const char *key, bool *out)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	const char *s = wj_yaml_scalar(n);

	if (!n)
		return 0;
	if (s && !strcmp(s, "true"))
		*out = true;
	else if (s && !strcmp(s, "false"))
		*out = false;
	else {
		PROBLEM(c, n, "'%s' must be true or false, not '%s'", key, s ? s : "(a list or mapping)");
		return -1;
	}
	return 0;
}

struct word {
	const char *name;
	int value;
};

static int get_word(struct ctx *c, yaml_node_t *rec, struct wj_yaml_field *f, const char *key,
		    bool required, const struct word *w, int *out)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	const char *s = wj_yaml_scalar(n);
	char list[120] = "";

	if (!n) {
		if (required)
			PROBLEM(c, rec, "missing '%s'", key);
		return required ? -1 : 0;
	}
	for (int i = 0; w[i].name; i++) {
		if (s && !strcmp(s, w[i].name)) {
			*out = w[i].value;
			return 0;
		}
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 i ? ", " : "", w[i].name);
	}
	PROBLEM(c, n, "'%s' must be one of %s, not '%s'", key, list, s ? s : "(a list or mapping)");
	return -1;
}

static const struct word sides[] = {
	{ "american", WW_AMERICAN }, { "british", WW_BRITISH }, { NULL, 0 } };

bool ww_source_known(const char *s)
{
	return !strncmp(s, "rulebook ", 9) || !strncmp(s, "playbook", 8) ||
	       !strncmp(s, "public-report", 13) || !strncmp(s, "reconstructed", 13);
}

/* Every record says where its values come from: "rulebook <section>",
 * "playbook", "public-report" or "reconstructed" (see docs/data.md). */
static int get_source(struct ctx *c, yaml_node_t *rec, struct wj_yaml_field *f, char *out, size_t size)
{
	char buf[WW_SOURCE_MAX];

	if (!out) {
		out = buf;
		size = sizeof buf;
	}
	if (get_str(c, rec, f, "source", true, out, size))
		return -1;
	if (!ww_source_known(out)) {
		PROBLEM(c, wj_yaml_field(f, "source"), "source '%s' must begin with " WW_SOURCES, out);
		return -1;
	}
	return 0;
}

static yaml_node_t *root_sequence(struct ctx *c, const char *what)
{
	yaml_node_t *root = yaml_document_get_root_node(&c->doc);

	if (root->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, root, "expected a list of %s (lines starting with '- ')", what);
		return NULL;
	}
	return root;
}

#define FOR_ITEMS(c, seq, n) \
	for (yaml_node_item_t *it_ = (seq)->data.sequence.items.start; \
	     it_ < (seq)->data.sequence.items.top && ((n) = node_at((c), *it_)); it_++)

/* ---- name lookups ---- */

static int exact_space(const struct ww_data *d, const char *name)
{
	for (int i = 0; name && i < d->nspaces; i++)
		if (!strcasecmp(d->spaces[i].name, name))
			return i;
	return -1;
}

static int exact_zone(const struct ww_data *d, const char *name)
{
	for (int i = 0; name && i < d->nzones; i++)
		if (!strcasecmp(d->zones[i].name, name))
			return i;
	return -1;
}

/* The name without its trailing " <colony code>" ("Boston MA" -> "Boston"),
 * as length; the whole length if it has none. */
static size_t plain_length(const struct ww_data *d, const struct ww_space *s)
{
	size_t n = strlen(s->name);
	const char *code;
	size_t k;

	if (s->colony < 0 || s->colony >= d->ncolonies)
		return n;
	code = d->colonies[s->colony].code;
	k = strlen(code);
	if (k && n > k + 1 && s->name[n - k - 1] == ' ' && !strcasecmp(s->name + n - k, code))
		return n - k - 1;
	return n;
}

/* Exact first; failing that, the name with or without its colony suffix
 * when that names exactly one space ("Boston" for "Boston MA"). */
int ww_space_by_name(const struct ww_data *d, const char *name)
{
	int found = -1;
	size_t len;

	if (!d || !name)
		return -1;
	found = exact_space(d, name);
	if (found >= 0)
		return found;
	len = strlen(name);
	for (int i = 0; i < d->nspaces; i++) {
		const struct ww_space *s = &d->spaces[i];
		size_t k = plain_length(d, s);
		bool plain = k == len && !strncasecmp(s->name, name, len);
		bool suffixed = false;

		if (!plain && s->colony >= 0 && s->colony < d->ncolonies) {
			const char *code = d->colonies[s->colony].code;
			size_t cl = strlen(code);
			suffixed = len == k + 1 + cl && !strncasecmp(s->name, name, k) &&
				   name[k] == ' ' && !strcasecmp(name + k + 1, code);
		}
		if (plain || suffixed) {
			if (found >= 0)
				return -1;
			found = i;
		}
	}
	return found;
}

int ww_general_by_name(const struct ww_data *d, const char *name)
{
	for (int i = 0; d && name && i < d->ngenerals; i++)
		if (!strcasecmp(d->generals[i].name, name))
			return i;
	return -1;
}

int ww_colony_by_code(const struct ww_data *d, const char *code)
{
	for (int i = 0; d && code && i < d->ncolonies; i++)
		if (!strcasecmp(d->colonies[i].code, code))
			return i;
	return -1;
}

bool ww_adjacent(const struct ww_data *d, int a, int b)
{
	if (!d || a < 0 || a >= d->nspaces || b < 0 || b >= d->nspaces)
		return false;
	for (int i = 0; i < d->spaces[a].nlinks; i++) {
		const struct ww_link *l = &d->spaces[a].links[i];
		if (l->to == b && !l->arnold_only)
			return true;
	}
	return false;
}

/* Resolves a scalar naming a space; a problem if there is none. */
static int space_ref(struct ctx *c, yaml_node_t *n, const char *key)
{
	const char *s = wj_yaml_scalar(n);
	int i = exact_space(c->d, s);

	if (i < 0)
		PROBLEM(c, n, "%s '%s' is not a space in spaces.yaml", key, s ? s : "(not a name)");
	return i;
}

static int general_ref(struct ctx *c, yaml_node_t *n, const char *key)
{
	const char *s = wj_yaml_scalar(n);
	int i = ww_general_by_name(c->d, s);

	if (i < 0)
		PROBLEM(c, n, "%s '%s' is not a general in generals.yaml", key, s ? s : "(not a name)");
	return i;
}

/* ---- dataset.yaml ---- */

static int load_dataset(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *root = yaml_document_get_root_node(&c->doc);
	struct wj_yaml_field f[] = { { "id", 0 }, { "first_year", 0 }, { "last_year", 0 },
			     { "committees_per_colony", 0 }, { "for_the_king_pcs", 0 },
			     { "french_box_cu", 0 }, { "source", 0 }, { NULL, 0 } };
	int bad = read_fields(c, root, "data set description", f);

	if (bad)
		return -1;
	bad |= get_str(c, root, f, "id", true, d->id, sizeof d->id);
	bad |= get_int(c, root, f, "first_year", true, &d->first_year);
	bad |= get_int(c, root, f, "last_year", true, &d->last_year);
	bad |= get_int(c, root, f, "committees_per_colony", true, &d->committees_per_colony);
	bad |= get_int(c, root, f, "for_the_king_pcs", true, &d->for_the_king_pcs);
	bad |= get_int(c, root, f, "french_box_cu", true, &d->french_box_cu);
	bad |= get_source(c, root, f, NULL, 0);
	if (!bad && (d->last_year < d->first_year ||
		     d->last_year - d->first_year >= WW_MAX_YEARS)) {
		PROBLEM(c, wj_yaml_field(f, "last_year"), "the years %d to %d must run forwards and "
			"span at most %d years", d->first_year, d->last_year, WW_MAX_YEARS);
		bad = -1;
	}
	return bad ? -1 : 0;
}

/* ---- zones.yaml ---- */

static int load_zones(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *seq = root_sequence(c, "blockade zones"), *n;
	int bad = 0;

	if (!seq)
		return -1;
	FOR_ITEMS(c, seq, n) {
		struct wj_yaml_field f[] = { { "name", 0 }, { "source", 0 }, { NULL, 0 } };
		struct ww_zone z = { .line = wj_yaml_node_line(n) };

		if (read_fields(c, n, "blockade zone", f) ||
		    get_str(c, n, f, "name", true, z.name, sizeof z.name) |
		    get_source(c, n, f, NULL, 0)) {
			bad = -1;
			continue;
		}
		if (exact_zone(d, z.name) >= 0) {
			PROBLEM(c, n, "zone '%s' is listed twice", z.name);
			bad = -1;
		} else if (d->nzones == WW_MAX_ZONES) {
			PROBLEM(c, n, "more than %d blockade zones", WW_MAX_ZONES);
			return -1;
		} else {
			d->zones[d->nzones++] = z;
		}
	}
	return bad;
}

/* ---- colonies.yaml ---- */

static int read_control_spaces(struct ctx *c, yaml_node_t *n, int colony,
			       struct pending_control *pc, int *npc)
{
	yaml_node_t *s;

	if (n->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, n, "control_spaces must be a list of space names, e.g. [Quebec, Montreal]");
		return -1;
	}
	FOR_ITEMS(c, n, s) {
		if (*npc == 4 * WW_MAX_COLONIES || c->d->colonies[colony].ncontrol_spaces == 4) {
			PROBLEM(c, s, "at most 4 control spaces per colony");
			return -1;
		}
		if (!wj_yaml_scalar(s) || strlen(wj_yaml_scalar(s)) >= WW_NAME_MAX) {
			PROBLEM(c, s, "control_spaces must list space names");
			return -1;
		}
		pc[*npc].colony = colony;
		pc[*npc].line = wj_yaml_node_line(s);
		snprintf(pc[*npc].name, sizeof pc[*npc].name, "%s", wj_yaml_scalar(s));
		(*npc)++;
		c->d->colonies[colony].ncontrol_spaces++;
	}
	return 0;
}

static int load_colonies(struct ctx *c, struct pending_control *pc, int *npc)
{
	struct ww_data *d = c->d;
	yaml_node_t *seq = root_sequence(c, "colonies"), *n;
	int bad = 0;

	if (!seq)
		return -1;
	FOR_ITEMS(c, seq, n) {
		struct wj_yaml_field f[] = { { "code", 0 }, { "name", 0 }, { "canada", 0 },
				     { "control_spaces", 0 }, { "source", 0 }, { NULL, 0 } };
		struct ww_colony col = { .line = wj_yaml_node_line(n) };

		if (read_fields(c, n, "colony", f) ||
		    get_str(c, n, f, "code", true, col.code, sizeof col.code) |
		    get_str(c, n, f, "name", true, col.name, sizeof col.name) |
		    get_bool(c, f, "canada", &col.is_canada) | get_source(c, n, f, NULL, 0)) {
			bad = -1;
			continue;
		}
		if (ww_colony_by_code(d, col.code) >= 0) {
			PROBLEM(c, n, "colony code '%s' is listed twice", col.code);
			bad = -1;
			continue;
		}
		if (d->ncolonies == WW_MAX_COLONIES) {
			PROBLEM(c, n, "more than %d colonies", WW_MAX_COLONIES);
			return -1;
		}
		d->colonies[d->ncolonies] = col;
		if (wj_yaml_field(f, "control_spaces") &&
		    read_control_spaces(c, wj_yaml_field(f, "control_spaces"), d->ncolonies, pc, npc))
			bad = -1;
		d->ncolonies++;
	}
	return bad;
}

static int resolve_control_spaces(struct ww_data *d, struct wj_data_problems *p,
				  const struct pending_control *pc, int npc)
{
	int bad = 0;
	int k[WW_MAX_COLONIES] = { 0 };

	for (int i = 0; i < npc; i++) {
		int s = exact_space(d, pc[i].name);
		if (s < 0) {
			wj_data_problem_add(p, "colonies.yaml", pc[i].line,
				"control space '%s' is not a space in spaces.yaml", pc[i].name);
			bad = -1;
		}
		d->colonies[pc[i].colony].control_spaces[k[pc[i].colony]++] = s;
	}
	return bad;
}

/* ---- spaces.yaml ---- */

static int load_space(struct ctx *c, yaml_node_t *n, struct ww_space *s)
{
	struct wj_yaml_field f[] = { { "name", 0 }, { "colony", 0 }, { "port", 0 }, { "fortified", 0 },
			     { "winter_quarters", 0 }, { "south_of_line", 0 }, { "zone", 0 },
			     { "x", 0 }, { "y", 0 }, { "source", 0 }, { NULL, 0 } };
	char code[8];
	int bad;

	s->line = wj_yaml_node_line(n);
	s->zone = -1;
	s->colony = -1;
	if (read_fields(c, n, "space", f))
		return -1;
	bad = get_str(c, n, f, "name", true, s->name, sizeof s->name) |
	      get_str(c, n, f, "colony", true, code, sizeof code) |
	      get_bool(c, f, "port", &s->port) | get_bool(c, f, "fortified", &s->fortified) |
	      get_bool(c, f, "winter_quarters", &s->winter_quarters) |
	      get_bool(c, f, "south_of_line", &s->south_of_line) |
	      get_int(c, n, f, "x", true, &s->x) | get_int(c, n, f, "y", true, &s->y) |
	      get_source(c, n, f, s->source, sizeof s->source);
	if (!bad && (s->colony = ww_colony_by_code(c->d, code)) < 0) {
		PROBLEM(c, wj_yaml_field(f, "colony"), "colony '%s' is not a code in colonies.yaml", code);
		bad = -1;
	}
	if (wj_yaml_field(f, "zone")) {
		const char *z = wj_yaml_scalar(wj_yaml_field(f, "zone"));
		s->zone = exact_zone(c->d, z);
		if (s->zone < 0) {
			PROBLEM(c, wj_yaml_field(f, "zone"), "zone '%s' is not a blockade zone in zones.yaml",
				z ? z : "(not a name)");
			bad = -1;
		}
	}
	if (!bad && exact_space(c->d, s->name) >= 0) {
		PROBLEM(c, n, "space '%s' is listed twice (also line %d)", s->name,
			c->d->spaces[exact_space(c->d, s->name)].line);
		bad = -1;
	}
	return bad ? -1 : 0;
}

static int load_spaces(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *seq = root_sequence(c, "spaces"), *n;
	int bad = 0;

	if (!seq)
		return -1;
	FOR_ITEMS(c, seq, n) {
		struct ww_space s = { 0 };

		if (load_space(c, n, &s)) {
			bad = -1;
			continue;
		}
		if (d->nspaces == WW_MAX_SPACES) {
			PROBLEM(c, n, "more than %d spaces", WW_MAX_SPACES);
			return -1;
		}
		d->spaces[d->nspaces++] = s;
	}
	return bad;
}

/* ---- links.yaml ---- */

static bool linked(const struct ww_space *s, int to)
{
	for (int i = 0; i < s->nlinks; i++)
		if (s->links[i].to == to)
			return true;
	return false;
}

static int add_link(struct ctx *c, yaml_node_t *n, int a, int b, struct ww_link l)
{
	struct ww_space *sa = &c->d->spaces[a], *sb = &c->d->spaces[b];

	if (a == b) {
		PROBLEM(c, n, "'%s' is linked to itself", sa->name);
		return -1;
	}
	if (linked(sa, b) || linked(sb, a)) {
		PROBLEM(c, n, "the line %s - %s is listed twice; list each line once",
			sa->name, sb->name);
		return -1;
	}
	if (sa->nlinks == WW_MAX_LINKS || sb->nlinks == WW_MAX_LINKS) {
		PROBLEM(c, n, "'%s' has more than %d lines", (sa->nlinks == WW_MAX_LINKS ? sa : sb)->name,
			WW_MAX_LINKS);
		return -1;
	}
	l.to = b;
	sa->links[sa->nlinks++] = l;
	l.to = a;
	sb->links[sb->nlinks++] = l;
	return 0;
}

static int load_link(struct ctx *c, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "between", 0 }, { "wilderness", 0 }, { "arnold_only", 0 },
			     { "source", 0 }, { NULL, 0 } };
	struct ww_link l = { 0 };
	yaml_node_t *pair;
	int a, b;

	if (read_fields(c, n, "line between spaces", f) ||
	    get_bool(c, f, "wilderness", &l.wilderness) |
	    get_bool(c, f, "arnold_only", &l.arnold_only) | get_source(c, n, f, NULL, 0))
		return -1;
	pair = wj_yaml_field(f, "between");
	if (!pair) {
		PROBLEM(c, n, "missing 'between: [space, space]'");
		return -1;
	}
	if (pair->type != YAML_SEQUENCE_NODE ||
	    pair->data.sequence.items.top - pair->data.sequence.items.start != 2) {
		PROBLEM(c, pair, "'between' must name exactly two spaces: [space, space]");
		return -1;
	}
	a = space_ref(c, node_at(c, pair->data.sequence.items.start[0]), "between:");
	b = space_ref(c, node_at(c, pair->data.sequence.items.start[1]), "between:");
	if (a < 0 || b < 0)
		return -1;
	return add_link(c, n, a, b, l);
}

static int load_links(struct ctx *c)
{
	yaml_node_t *seq = root_sequence(c, "lines between spaces"), *n;
	int bad = 0;

	if (!seq)
		return -1;
	FOR_ITEMS(c, seq, n)
		if (load_link(c, n))
			bad = -1;
	return bad;
}

/* ---- generals.yaml ---- */

static int load_general(struct ctx *c, yaml_node_t *n, struct ww_general *g)
{
	struct wj_yaml_field f[] = { { "name", 0 }, { "side", 0 }, { "french", 0 }, { "strategy", 0 },
			     { "battle", 0 }, { "agility", 0 }, { "retreat_bonus", 0 },
			     { "never_to_reinforcements", 0 }, { "removed_when_captured", 0 },
			     { "winter_shelter", 0 }, { "can_use_arnold_links", 0 },
			     { "source", 0 }, { NULL, 0 } };
	int side = WW_NOBODY;
	int bad;

	g->line = wj_yaml_node_line(n);
	if (read_fields(c, n, "general", f))
		return -1;
	bad = get_str(c, n, f, "name", true, g->name, sizeof g->name) |
	      get_word(c, n, f, "side", true, sides, &side) |
	      get_bool(c, f, "french", &g->french) |
	      get_int(c, n, f, "strategy", true, &g->strategy) |
	      get_int(c, n, f, "battle", true, &g->battle) |
	      get_int(c, n, f, "agility", true, &g->agility) |
	      get_int(c, n, f, "retreat_bonus", false, &g->retreat_bonus) |
	      get_bool(c, f, "never_to_reinforcements", &g->never_to_reinforcements) |
	      get_bool(c, f, "removed_when_captured", &g->removed_when_captured) |
	      get_bool(c, f, "winter_shelter", &g->winter_shelter) |
	      get_bool(c, f, "can_use_arnold_links", &g->can_use_arnold_links) |
	      get_source(c, n, f, g->source, sizeof g->source);
	g->side = (enum ww_side)side;
	if (!bad && ww_general_by_name(c->d, g->name) >= 0) {
		PROBLEM(c, n, "general '%s' is listed twice", g->name);
		bad = -1;
	}
	return bad ? -1 : 0;
}

static int load_generals(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *seq = root_sequence(c, "generals"), *n;
	int bad = 0;

	if (!seq)
		return -1;
	FOR_ITEMS(c, seq, n) {
		struct ww_general g = { 0 };

		if (load_general(c, n, &g)) {
			bad = -1;
			continue;
		}
		if (d->ngenerals == WW_MAX_GENERALS) {
			PROBLEM(c, n, "more than %d generals", WW_MAX_GENERALS);
			return -1;
		}
		d->generals[d->ngenerals++] = g;
	}
	return bad;
}

/* ---- turn-track.yaml ---- */

static int load_turn_track(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *root = yaml_document_get_root_node(&c->doc), *seq, *n;
	struct wj_yaml_field top[] = { { "british_reinforcements", 0 }, { NULL, 0 } };
	bool seen[WW_MAX_YEARS] = { false };
	int bad = 0;

	if (read_fields(c, root, "turn track", top))
		return -1;
	seq = wj_yaml_field(top, "british_reinforcements");
	if (!seq || seq->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, seq ? seq : root, "expected british_reinforcements: a list of "
			"{year: Y, cu: N, source: ...}");
		return -1;
	}
	FOR_ITEMS(c, seq, n) {
		struct wj_yaml_field f[] = { { "year", 0 }, { "cu", 0 }, { "source", 0 }, { NULL, 0 } };
		int year = 0, cu = 0;

		if (read_fields(c, n, "turn", f) || get_int(c, n, f, "year", true, &year) |
		    get_int(c, n, f, "cu", true, &cu) | get_source(c, n, f, NULL, 0)) {
			bad = -1;
			continue;
		}
		if (year < d->first_year || year > d->last_year) {
			PROBLEM(c, n, "year %d is outside the game, %d to %d (dataset.yaml)",
				year, d->first_year, d->last_year);
			bad = -1;
		} else if (seen[year - d->first_year]) {
			PROBLEM(c, n, "year %d is listed twice", year);
			bad = -1;
		} else if (cu < 0 || cu > 20) {
			PROBLEM(c, wj_yaml_field(f, "cu"), "%d CUs for %d: expected 0 to 20", cu, year);
			bad = -1;
		} else {
			seen[year - d->first_year] = true;
			d->british_reinforcements[year - d->first_year] = cu;
		}
	}
	for (int y = d->first_year; y <= d->last_year && y - d->first_year < WW_MAX_YEARS; y++)
		if (!seen[y - d->first_year] && !bad) {
			PROBLEM(c, seq, "no British reinforcements given for %d; every year "
				"from %d to %d needs one", y, d->first_year, d->last_year);
			bad = -1;
		}
	return bad;
}

/* ---- setup.yaml ---- */

static int load_placement(struct ctx *c, yaml_node_t *n, struct ww_setup_item *it)
{
	struct wj_yaml_field f[] = { { "side", 0 }, { "space", 0 }, { "general", 0 }, { "cu", 0 },
			     { "pc", 0 }, { "congress", 0 }, { "source", 0 }, { NULL, 0 } };
	int side = WW_NOBODY, cu = 0;
	int bad;

	it->line = wj_yaml_node_line(n);
	it->space = -1;
	it->general = -1;
	if (read_fields(c, n, "placement", f))
		return -1;
	bad = get_word(c, n, f, "side", true, sides, &side) |
	      get_int(c, n, f, "cu", false, &cu) | get_bool(c, f, "pc", &it->pc) |
	      get_bool(c, f, "congress", &it->congress) | get_source(c, n, f, NULL, 0);
	it->side = (enum ww_side)side;
	it->cu[side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN] = cu;
	if (!wj_yaml_field(f, "space")) {
		PROBLEM(c, n, "missing 'space'");
		bad = -1;
	} else if ((it->space = space_ref(c, wj_yaml_field(f, "space"), "space")) < 0) {
		bad = -1;
	}
	if (wj_yaml_field(f, "general") && (it->general = general_ref(c, wj_yaml_field(f, "general"), "general")) < 0)
		bad = -1;
	return bad ? -1 : 0;
}

/* Marks each general in the list `n` in box[]; a problem if listed twice. */
static int read_box(struct ctx *c, yaml_node_t *n, bool *box, int side)
{
	yaml_node_t *g;
	int bad = 0;

	if (!n || n->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, n, "'generals' must be a list of general names");
		return -1;
	}
	FOR_ITEMS(c, n, g) {
		int i = general_ref(c, g, "general");
		if (i < 0) {
			bad = -1;
		} else if (box[i]) {
			PROBLEM(c, g, "general '%s' is listed twice", wj_yaml_scalar(g));
			bad = -1;
		} else if (side && (int)c->d->generals[i].side != side) {
			PROBLEM(c, g, "general '%s' is not on this side (generals.yaml line %d)",
				wj_yaml_scalar(g), c->d->generals[i].line);
			bad = -1;
		} else {
			box[i] = true;
		}
	}
	return bad;
}

static int load_reinforcements(struct ctx *c, yaml_node_t *seq)
{
	yaml_node_t *n;
	int bad = 0;

	if (seq->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, seq, "reinforcements must be a list of {side: ..., generals: [...]}");
		return -1;
	}
	FOR_ITEMS(c, seq, n) {
		struct wj_yaml_field f[] = { { "side", 0 }, { "generals", 0 }, { "source", 0 }, { NULL, 0 } };
		int side = WW_NOBODY;

		if (read_fields(c, n, "reinforcements box", f) ||
		    get_word(c, n, f, "side", true, sides, &side) | get_source(c, n, f, NULL, 0) ||
		    read_box(c, wj_yaml_field(f, "generals") ? wj_yaml_field(f, "generals") : n,
			     c->d->starts_in_reinforcements, side))
			bad = -1;
	}
	return bad;
}

static int load_setup(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *root = yaml_document_get_root_node(&c->doc), *n;
	struct wj_yaml_field top[] = { { "placements", 0 }, { "reinforcements", 0 },
			       { "french_box", 0 }, { NULL, 0 } };
	struct wj_yaml_field fb[] = { { "generals", 0 }, { "source", 0 }, { NULL, 0 } };
	yaml_node_t *seq;
	int bad = 0;

	if (read_fields(c, root, "set-up", top))
		return -1;
	seq = wj_yaml_field(top, "placements");
	if (!seq || seq->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, seq ? seq : root, "expected placements: a list of {side, space, ...}");
		return -1;
	}
	FOR_ITEMS(c, seq, n) {
		struct ww_setup_item it = { 0 };

		if (load_placement(c, n, &it)) {
			bad = -1;
			continue;
		}
		if (d->nsetup == WW_MAX_SETUP) {
			PROBLEM(c, n, "more than %d placements", WW_MAX_SETUP);
			return -1;
		}
		d->setup[d->nsetup++] = it;
	}
	if (wj_yaml_field(top, "reinforcements") && load_reinforcements(c, wj_yaml_field(top, "reinforcements")))
		bad = -1;
	n = wj_yaml_field(top, "french_box");
	if (n && (read_fields(c, n, "French box", fb) || get_source(c, n, fb, NULL, 0) ||
		  read_box(c, wj_yaml_field(fb, "generals") ? wj_yaml_field(fb, "generals") : n,
			   d->starts_in_french_box, WW_AMERICAN)))
		bad = -1;
	return bad;
}

/* ---- cards.yaml ---- */

static const struct word flags[] = {
	{ "either", WW_FLAG_EITHER }, { "american", WW_FLAG_AMERICAN },
	{ "british", WW_FLAG_BRITISH }, { NULL, 0 } };
static const struct word specials[] = {
	{ "none", WW_SPECIAL_NONE }, { "declaration", WW_SPECIAL_DECLARATION },
	{ "franklin", WW_SPECIAL_FRANKLIN }, { "war_ends", WW_SPECIAL_WAR_ENDS }, { NULL, 0 } };

/* ---- an event's steps (docs/data.md "Events") ---- */

static const struct word whose_words[] = {
	{ "own", WW_WHOSE_OWN }, { "enemy", WW_WHOSE_ENEMY }, { "american", WW_WHOSE_AMERICAN },
	{ "british", WW_WHOSE_BRITISH }, { NULL, 0 } };
static const struct word port_words[] = {
	{ "any", WW_PORTS_ANY }, { "only", WW_PORTS_ONLY }, { "never", WW_PORTS_NEVER }, { NULL, 0 } };
static const struct word where_words[] = {
	{ "any", WW_WHERE_ANY }, { "with_general", WW_WHERE_WITH_GENERAL },
	{ "friendly_pc", WW_WHERE_FRIENDLY_PC }, { "reinforcements_box", WW_WHERE_REINFORCEMENTS },
	{ NULL, 0 } };
static const struct word when_words[] = {
	{ "always", WW_WHEN_ALWAYS }, { "strategy", WW_WHEN_STRATEGY }, { "battle", WW_WHEN_BATTLE },
	{ NULL, 0 } };
static const struct word flag_words[] = {
	{ "no_american_placement", WW_EVFLAG_NO_AMERICAN_PLACEMENT }, { NULL, 0 } };

/* Each primitive with the parameters it takes. */
static const struct prim_def {
	const char *name;
	enum ww_prim prim;
	const char *keys[16];
} prims[] = {
	{ "place_pc", WW_EV_PLACE_PC, { "count", "optional", "side", "colonies", "ports",
	  "max_per_colony", "not_with_enemy_cu", "not_with_units", "adjacent_to_friendly", "when" } },
	{ "remove_pc", WW_EV_REMOVE_PC, { "count", "optional", "whose", "colonies", "ports",
	  "max_per_colony", "not_with_units", "adjacent_to_friendly", "when" } },
	{ "flip_pc", WW_EV_FLIP_PC, { "count", "optional", "whose", "colonies", "ports",
	  "max_per_colony", "not_with_units", "adjacent_to_friendly", "when" } },
	{ "add_cu", WW_EV_ADD_CU, { "count", "cu", "optional", "side", "colonies", "ports",
	  "where", "general", "when" } },
	{ "remove_cu", WW_EV_REMOVE_CU, { "count", "cu", "optional", "whose", "colonies",
	  "ports", "where", "no_general", "when" } },
	{ "french_alliance", WW_EV_FRENCH_ALLIANCE, { "steps", "when" } },
	{ "lose_regulars", WW_EV_LOSE_REGULARS, { "when" } },
	{ "random_discard", WW_EV_RANDOM_DISCARD, { "count", "when" } },
	{ "flag", WW_EV_FLAG, { "set", "when" } },
	{ "navy_away", WW_EV_NAVY_AWAY, { "when" } },
	{ "activate", WW_EV_ACTIVATE, { "allowance", "may_battle", "when" } },
	{ "draw", WW_EV_DRAW, { "count", "when" } },
	{ "remove_general", WW_EV_REMOVE_GENERAL, { "name", "when" } },
	{ "battle", WW_EV_BATTLE, { "drm" } },
	{ "condition", WW_EV_CONDITION, { "french_in_war", "european_war", "regulars",
	  "year_from", "year_to" } },
	{ "code", WW_EV_CODE, { "name", "when" } },
};

static int tri_state(struct ctx *c, struct wj_yaml_field *f, const char *key, int *out)
{
	bool b = false;
	*out = -1;
	if (!wj_yaml_field(f, key))
		return 0;
	if (get_bool(c, f, key, &b))
		return -1;
	*out = b;
	return 0;
}

static int read_colonies(struct ctx *c, yaml_node_t *n, uint32_t *mask)
{
	yaml_node_t *item;
	int bad = 0;
	if (!n)
		return 0;
	if (n->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, n, "'colonies' is a list of colony codes, e.g. [NY, PA]");
		return -1;
	}
	FOR_ITEMS(c, n, item) {
		int col = ww_colony_by_code(c->d, wj_yaml_scalar(item));
		if (col < 0 || col >= 32) {
			PROBLEM(c, item, "'%s' is not a colony code in colonies.yaml",
				wj_yaml_scalar(item) ? wj_yaml_scalar(item) : "(not a code)");
			bad = -1;
			continue;
		}
		*mask |= 1u << col;
	}
	return bad;
}

static int known_code(struct ctx *c, yaml_node_t *v, const struct ww_event_step *st)
{
	if (ww_event_code_exists(st->code))
		return 0;
	PROBLEM(c, v, "'%s' is not an event function of the engine (docs/data.md, "
		"\"Events\", lists them)", st->code);
	return -1;
}

static int step_params(struct ctx *c, yaml_node_t *v, const struct prim_def *def,
		       struct ww_event_step *st)
{
	struct wj_yaml_field f[17];
	int nk = 0, side = WW_WHOSE_DEFAULT, whose = WW_WHOSE_DEFAULT;
	int ports = 0, where = 0, when = 0, flag = 0;
	char name[WW_NAME_MAX] = "";
	for (; nk < 16 && def->keys[nk]; nk++)
		f[nk] = (struct wj_yaml_field){ def->keys[nk], NULL };
	f[nk] = (struct wj_yaml_field){ NULL, NULL };
	if (v && v->type == YAML_SCALAR_NODE && (st->prim == WW_EV_CODE || st->prim == WW_EV_FLAG)) {
		/* `- code: NAME`, `- flag: NAME` */
		const char *s = wj_yaml_scalar(v);
		if (st->prim == WW_EV_FLAG) {
			for (int i = 0; flag_words[i].name; i++)
				if (!strcmp(s, flag_words[i].name))
					st->flag = flag_words[i].value;
			if (!st->flag) {
				PROBLEM(c, v, "unknown flag '%s'; expected no_american_placement", s);
				return -1;
			}
			return 0;
		}
		snprintf(st->code, sizeof st->code, "%s", s);
		return known_code(c, v, st);
	}
	if (v && v->type == YAML_SCALAR_NODE && !*wj_yaml_scalar(v))
		return 0; /* `- lose_regulars:` with nothing after it */
	if (read_fields(c, v, def->name, f))
		return -1;
	int bad = get_int(c, v, f, "count", false, &st->count) |
		  get_int(c, v, f, "cu", false, &st->cu) |
		  get_bool(c, f, "optional", &st->optional) |
		  get_word(c, v, f, "side", false, whose_words, &side) |
		  get_word(c, v, f, "whose", false, whose_words, &whose) |
		  read_colonies(c, wj_yaml_field(f, "colonies"), &st->colonies) |
		  get_word(c, v, f, "ports", false, port_words, &ports) |
		  get_int(c, v, f, "max_per_colony", false, &st->max_per_colony) |
		  get_bool(c, f, "not_with_enemy_cu", &st->not_with_enemy_cu) |
		  get_bool(c, f, "not_with_units", &st->not_with_units) |
		  get_bool(c, f, "adjacent_to_friendly", &st->adjacent_to_friendly) |
		  get_bool(c, f, "no_general", &st->no_general) |
		  get_word(c, v, f, "where", false, where_words, &where) |
		  get_int(c, v, f, "steps", false, &st->steps) |
		  get_int(c, v, f, "allowance", false, &st->allowance) |
		  get_bool(c, f, "may_battle", &st->may_battle) |
		  get_int(c, v, f, "drm", false, &st->drm) |
		  get_word(c, v, f, "set", false, flag_words, &flag) |
		  get_word(c, v, f, "when", false, when_words, &when) |
		  tri_state(c, f, "french_in_war", &st->french_in_war) |
		  tri_state(c, f, "european_war", &st->european_war) |
		  tri_state(c, f, "regulars", &st->regulars) |
		  get_int(c, v, f, "year_from", false, &st->year_from) |
		  get_int(c, v, f, "year_to", false, &st->year_to) |
		  get_str(c, v, f, "name", false, name, sizeof name);
	st->whose = (enum ww_ev_whose)(side ? side : whose);
	st->ports = (enum ww_ev_ports)ports;
	st->where = (enum ww_ev_where)where;
	st->when = (enum ww_ev_when)when;
	if (flag)
		st->flag = flag;
	if (bad)
		return -1;
	if (st->prim == WW_EV_REMOVE_GENERAL || (st->prim == WW_EV_ADD_CU && wj_yaml_field(f, "general"))) {
		yaml_node_t *g = wj_yaml_field(f, st->prim == WW_EV_ADD_CU ? "general" : "name");
		if (!g) {
			PROBLEM(c, v, "remove_general needs the general's name: {name: GENERAL}");
			return -1;
		}
		st->general = general_ref(c, g, "general");
		return st->general < 0 ? -1 : 0;
	}
	if (st->prim != WW_EV_CODE)
		return 0;
	if (!name[0]) {
		PROBLEM(c, v, "code needs a function name: `- code: NAME`");
		return -1;
	}
	snprintf(st->code, sizeof st->code, "%s", name);
	return known_code(c, v, st);
}

/* `event:` is a list of one-key mappings: `- PRIMITIVE: {PARAM: VALUE, ...}`. */
static int load_event(struct ctx *c, yaml_node_t *seq, struct ww_card *k)
{
	yaml_node_t *item;
	int bad = 0;
	if (!seq)
		return 0;
	if (seq->type != YAML_SEQUENCE_NODE) {
		PROBLEM(c, seq, "'event' is a list of steps: '- PRIMITIVE: {PARAM: VALUE, ...}'");
		return -1;
	}
	FOR_ITEMS(c, seq, item) {
		if (item->type != YAML_MAPPING_NODE ||
		    item->data.mapping.pairs.top - item->data.mapping.pairs.start != 1) {
			PROBLEM(c, item, "an event step is one primitive: '- PRIMITIVE: {...}'");
			bad = -1;
			continue;
		}
		if (k->nsteps >= WW_MAX_STEPS) {
			PROBLEM(c, item, "an event has at most %d steps", WW_MAX_STEPS);
			return -1;
		}
		yaml_node_pair_t *pr = item->data.mapping.pairs.start;
		const char *name = wj_yaml_scalar(node_at(c, pr->key));
		const struct prim_def *def = NULL;
		char names[400] = "";
		for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++) {
			if (name && !strcmp(name, prims[i].name))
				def = &prims[i];
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				 i ? ", " : "", prims[i].name);
		}
		if (!def) {
			PROBLEM(c, item, "unknown event primitive '%s'; expected one of: %s",
				name ? name : "?", names);
			bad = -1;
			continue;
		}
		struct ww_event_step *st = &k->steps[k->nsteps++];
		memset(st, 0, sizeof *st);
		st->prim = def->prim;
		st->general = -1;
		st->french_in_war = st->european_war = st->regulars = -1;
		st->line = wj_yaml_node_line(item);
		if (step_params(c, node_at(c, pr->value), def, st))
			bad = -1;
	}
	return bad;
}

static int load_card(struct ctx *c, yaml_node_t *n, struct ww_card *k)
{
	struct wj_yaml_field f[] = { { "number", 0 }, { "title", 0 }, { "ops", 0 }, { "flag", 0 },
			     { "battle", 0 }, { "campaign", 0 }, { "campaign_generals", 0 },
			     { "must_play", 0 }, { "special", 0 }, { "war_ends_year", 0 },
			     { "french_alliance", 0 }, { "remove_after_play", 0 },
			     { "reshuffle_on_play", 0 }, { "reshuffle_on_discard", 0 },
			     { "enters_year", 0 }, { "strategy_play", 0 }, { "event", 0 },
			     { "text", 0 }, { "source", 0 }, { NULL, 0 } };
	int flag = WW_FLAG_EITHER, special = WW_SPECIAL_NONE;
	int bad;

	k->line = wj_yaml_node_line(n);
	if (read_fields(c, n, "card", f))
		return -1;
	bad = get_int(c, n, f, "number", true, &k->number) |
	      get_str(c, n, f, "title", true, k->title, sizeof k->title) |
	      get_int(c, n, f, "ops", false, &k->ops) |
	      get_word(c, n, f, "flag", false, flags, &flag) |
	      get_bool(c, f, "battle", &k->battle) | get_bool(c, f, "campaign", &k->campaign) |
	      get_int(c, n, f, "campaign_generals", false, &k->campaign_generals) |
	      get_bool(c, f, "must_play", &k->must_play) |
	      get_word(c, n, f, "special", false, specials, &special) |
	      get_int(c, n, f, "war_ends_year", false, &k->war_ends_year) |
	      get_int(c, n, f, "french_alliance", false, &k->french_alliance) |
	      get_bool(c, f, "remove_after_play", &k->remove_after_play) |
	      get_bool(c, f, "reshuffle_on_play", &k->reshuffle_on_play) |
	      get_bool(c, f, "reshuffle_on_discard", &k->reshuffle_on_discard) |
	      get_int(c, n, f, "enters_year", false, &k->enters_year) |
	      get_bool(c, f, "strategy_play", &k->strategy_play) |
	      load_event(c, wj_yaml_field(f, "event"), k) |
	      get_str(c, n, f, "text", false, k->text, sizeof k->text) |
	      get_source(c, n, f, k->source, sizeof k->source);
	k->flag = (enum ww_card_flag)flag;
	k->special = (enum ww_special)special;
	if (!bad && k->french_alliance && k->special == WW_SPECIAL_NONE && k->nsteps < WW_MAX_STEPS) {
		/* `french_alliance: N` on an ordinary event is its first step (12.1) */
		memmove(&k->steps[1], &k->steps[0], (size_t)k->nsteps * sizeof k->steps[0]);
		memset(&k->steps[0], 0, sizeof k->steps[0]);
		k->steps[0].prim = WW_EV_FRENCH_ALLIANCE;
		k->steps[0].steps = k->french_alliance;
		k->steps[0].general = -1;
		k->steps[0].french_in_war = k->steps[0].european_war = k->steps[0].regulars = -1;
		k->steps[0].line = wj_yaml_node_line(wj_yaml_field(f, "french_alliance"));
		k->nsteps++;
	}
	if (!bad && (k->number < 1 || k->number >= WW_MAX_CARDS)) {
		PROBLEM(c, wj_yaml_field(f, "number"), "card number %d: cards are numbered 1 to %d",
			k->number, WW_MAX_CARDS - 1);
		bad = -1;
	}
	return bad ? -1 : 0;
}

static int load_cards(struct ctx *c)
{
	struct ww_data *d = c->d;
	yaml_node_t *seq = root_sequence(c, "cards"), *n;
	int bad = 0;

	if (!seq)
		return -1;
	FOR_ITEMS(c, seq, n) {
		struct ww_card k = { 0 };

		if (load_card(c, n, &k)) {
			bad = -1;
			continue;
		}
		if (d->cards[k.number].number) {
			PROBLEM(c, n, "card number %d is used twice (also line %d)", k.number,
				d->cards[k.number].line);
			bad = -1;
			continue;
		}
		d->cards[k.number] = k;
		d->ncards++;
	}
	return bad;
}

/* ---- the whole data set ---- */

/* Resets *p, then loads every file; later files use the names of earlier
 * ones, so a file that cannot be parsed at all stops the load. */
static const struct {
	const char *file;
	int (*load)(struct ctx *);
} data_files[] = {
	{ "dataset.yaml", load_dataset }, { "zones.yaml", load_zones },
	{ "colonies.yaml", NULL }, { "spaces.yaml", load_spaces },
	{ "links.yaml", load_links }, { "generals.yaml", load_generals },
	{ "turn-track.yaml", load_turn_track }, { "setup.yaml", load_setup },
	{ "cards.yaml", load_cards },
};
#define NDATA_FILES (int)(sizeof data_files / sizeof data_files[0])

static int parse_data(const char *dir, struct ww_data *d, struct wj_data_problems *p)
{
	struct ctx c = { .d = d, .p = p };
	struct pending_control pc[4 * WW_MAX_COLONIES];
	int npc = 0;

	for (int i = 0; i < NDATA_FILES; i++) {
		if (open_file(&c, dir, data_files[i].file))
			return -1;
		if (data_files[i].load)
			data_files[i].load(&c);
		else
			load_colonies(&c, pc, &npc);
		close_file(&c);
		if (!strcmp(data_files[i].file, "spaces.yaml"))
			resolve_control_spaces(d, p, pc, npc);
	}
	for (int s = 0; s < d->nspaces; s++)
		ww_space_fold(d, s);
	return p->n ? -1 : 0;
}

/* The data set is parsed only when the cache (cache.h) has not got
 * it: the same files read by the same program give the same bytes. */
int ww_data_load(const char *dir, struct ww_data *d, struct wj_data_problems *p)
{
	unsigned char key[WJ_CACHE_KEY_BYTES];
	struct wj_cache_key k;
	size_t size = sizeof *d;
	p->n = 0;
	memset(d, 0, sizeof *d);
	if (!dir || snprintf(d->dir, sizeof d->dir, "%s", dir) >= (int)sizeof d->dir) {
		wj_data_problem_add(p, "", 0, "the data directory name is missing or longer than %zu characters",
			sizeof d->dir - 1);
		return -1;
	}
	wj_cache_key_start(&k, "data", (const void *)ww_data_load);
	wj_cache_key_add(&k, &size, sizeof size);
	for (int i = 0; i < NDATA_FILES; i++)
		wj_cache_key_add_file(&k, dir, data_files[i].file);
	bool keyed = wj_cache_key_end(&k, key) == 0;
	if (keyed && wj_cache_read("data", key, d, sizeof *d, NULL, 0) == 0) {
		snprintf(d->dir, sizeof d->dir, "%s", dir);
		return 0;
	}
	memset(d, 0, sizeof *d);
	snprintf(d->dir, sizeof d->dir, "%s", dir);
	if (parse_data(dir, d, p))
		return -1;
	if (keyed)
		wj_cache_write("data", key, d, sizeof *d, NULL, 0);
	return 0;
}

void ww_space_fold(struct ww_data *d, int space)
{
	struct ww_space *sp = &d->spaces[space];
	wj_fold_name(sp->name, sp->folded, sizeof sp->folded);
	memcpy(sp->folded_base, sp->folded, sizeof sp->folded);
	if (sp->colony < 0 || sp->colony >= d->ncolonies)
		return;
	char code[16];
	wj_fold_name(d->colonies[sp->colony].code, code, sizeof code);
	size_t n = strlen(sp->folded), k = strlen(code);
	if (k && n > k + 1 && sp->folded[n - k - 1] == ' ' && !strcmp(sp->folded + n - k, code))
		sp->folded_base[n - k - 1] = '\0';
}
