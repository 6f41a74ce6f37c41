/* Loads Tarleton's Quarter!'s seed files (data/tarletons-quarter/:
 * dataset, areas, leaders, schedule; the tables are tq_tables.c's, the
 * scenarios tq_scenario.c's, the reconstructed map and units tq_map.c's) into
 * struct tq_data with libyaml's document API. Every record keeps its
 * line, so a problem names file:line. The keys are those of
 * docs/tarletons-quarter-data.md; an unknown key is a problem (a typo
 * would otherwise lose a rule's number). */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "tq_read.h"

/* ---- lookups ---- */

int tq_area_by_id(const struct tq_data *d, const char *id)
{
	for (int i = 0; i < d->nareas; i++)
		if (!strcmp(d->areas[i].id, id))
			return i;
	return -1;
}

int tq_leader_by_name(const struct tq_data *d, const char *name)
{
	for (int i = 0; i < d->nleaders; i++) {
		if (!strcmp(d->leaders[i].name, name))
			return i;
		for (int s = 0; s < d->leaders[i].nspellings; s++)
			if (!strcmp(d->leaders[i].spellings[s], name))
				return i;
	}
	return -1;
}

int tq_governor_by_name(const struct tq_data *d, const char *name)
{
	for (int i = 0; i < d->ngovernors; i++)
		if (!strcmp(d->governors[i].name, name))
			return i;
	return -1;
}

const struct tq_scenario *tq_scenario_by_name(const struct tq_data *d, const char *name)
{
	for (int i = 0; i < d->nscenarios; i++)
		if (!strcmp(d->scenarios[i].name, name))
			return &d->scenarios[i];
	return NULL;
}

int tq_counter_count(const struct tq_data *d, const char *group)
{
	for (int i = 0; i < d->ngroups; i++)
		if (!strcmp(d->groups[i].group, group))
			return d->groups[i].count;
	return -1;
}

int tq_border_between(const struct tq_data *d, int a, int b)
{
	if (a < 0 || a >= d->nareas)
		return -1;
	for (int i = 0; i < d->areas[a].nborders; i++) {
		const struct tq_border *x = &d->borders[d->areas[a].borders[i]];
		if ((x->a == a && x->b == b) || (x->a == b && x->b == a))
			return d->areas[a].borders[i];
	}
	return -1;
}

/* ---- dataset.yaml ---- */

static int tq_one_side(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "side", 0 }, { "name", 0 }, TQ_NOTES };
	int side = TQ_NOBODY;

	if (tq_fields(r, n, "side", f) | tq_word(r, n, f, "side", true, TQ_SIDE_WORDS, &side))
		return -1;
	return tq_text(r, n, f, "name", true, r->d->side_name[side], TQ_NAME_MAX);
}

static int tq_one_colony(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "code", 0 }, { "name", 0 }, { "mil", 0 }, TQ_NOTES };
	int c;

	if (tq_fields(r, n, "colony", f) || !tq_required(r, n, f, "code") ||
	    tq_colony_node(r, wj_yaml_field(f, "code"), "the code", &c))
		return -1;
	r->d->colony_code[c] = "GSNV"[c];
	return tq_text(r, n, f, "name", true, r->d->colony_name[c], TQ_NAME_MAX) ||
	       tq_text(r, n, f, "mil", true, r->d->colony_mil[c], TQ_ID_MAX) ? -1 : 0;
}

static int tq_turn(struct tq_reader *r, yaml_node_t *n, const char *what, int *out)
{
	struct wj_yaml_field f[] = { { "month", 0 }, { "year", 0 }, TQ_NOTES };

	if (!n) {
		TQ_PROBLEM(r, tq_root(r), "missing '%s'", what);
		return -1;
	}
	return tq_fields(r, n, what, f) || tq_month_fields(r, n, f, true, out);
}

static int tq_components(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "map", 0 }, { "counters", 0 }, { "aid_chart_pages", 0 },
				     { "dice", 0 }, TQ_NOTES };

	return tq_fields(r, n, "components", f) ||
	       tq_int(r, n, f, "counters", true, 1, 10000, &r->d->counters);
}

static int tq_load_dataset(struct tq_reader *r)
{
	struct wj_yaml_field f[] = { { "id", 0 }, { "game", 0 }, { "title", 0 },
				     { "title_source", 0 }, { "title_ocr", 0 }, { "designer", 0 },
				     { "publisher", 0 }, { "description", 0 }, { "sides", 0 },
				     { "colonies", 0 }, { "area_ids", 0 }, { "scale", 0 },
				     { "components", 0 }, { "first_turn", 0 }, { "last_turn", 0 },
				     TQ_NOTES };
	yaml_node_t *n = tq_root(r);
	struct tq_data *d = r->d;
	int bad;

	if (tq_fields(r, n, "data set", f))
		return -1;
	bad = tq_text(r, n, f, "id", true, d->id, TQ_NAME_MAX) |
	      tq_text(r, n, f, "game", true, d->game, TQ_NAME_MAX) |
	      tq_text(r, n, f, "title", true, d->title, TQ_NAME_MAX) |
	      tq_each(r, n, f, "sides", true, tq_one_side) |
	      tq_each(r, n, f, "colonies", true, tq_one_colony) |
	      tq_turn(r, wj_yaml_field(f, "first_turn"), "first_turn", &d->first_turn) |
	      tq_turn(r, wj_yaml_field(f, "last_turn"), "last_turn", &d->last_turn);
	if (wj_yaml_field(f, "components"))
		bad |= tq_components(r, wj_yaml_field(f, "components"));
	for (int s = TQ_BRITISH; s < TQ_SIDES; s++)
		if (!d->side_name[s][0]) {
			TQ_PROBLEM(r, n, "no side '%s' in sides:; the sides are british and "
				   "continental (2.0)", TQ_SIDE_WORDS[s - 1].name);
			bad = -1;
		}
	for (int c = 0; c < TQ_COLONIES; c++)
		if (!d->colony_code[c]) {
			TQ_PROBLEM(r, n, "no colony with code %c in colonies:; the colonies are G, S, "
				   "N and V (2.0)", "GSNV"[c]);
			bad = -1;
		}
	return bad;
}

/* ---- areas.yaml ---- */

/* 2.0: "a distinct identification letter and number depending on which
 * colony it's in". */
int tq_area_id(struct tq_reader *r, yaml_node_t *n, char *id, int *colony)
{
	const char *s = wj_yaml_scalar(n);
	const char *letter = s && s[0] ? strchr("GSNV", s[0]) : NULL;
	size_t len = s ? strlen(s) : 0;
	bool digits = len >= 2 && len < TQ_ID_MAX && s[1] != '0';

	for (size_t i = 1; digits && i < len; i++)
		digits = s[i] >= '0' && s[i] <= '9';
	if (!letter || !digits) {
		TQ_PROBLEM(r, n, "'%s' is not an area I.D.; expected a colony's letter (G, S, N, V) "
			   "and a number, such as G1 or S24 (2.0)", s ? s : "(a list or mapping)");
		return -1;
	}
	snprintf(id, TQ_ID_MAX, "%s", s);
	*colony = (int)(letter - "GSNV");
	return 0;
}

/* areas.yaml's capital: a mapping saying how the seed says so. */
static int tq_capital(struct tq_reader *r, yaml_node_t *n, struct tq_area *a)
{
	struct wj_yaml_field f[] = { { "colony", 0 }, { "implied", 0 }, TQ_NOTES };
	int colony;

	if (n->type == YAML_SCALAR_NODE)
		return tq_node_bool(r, n, "'capital'", &a->capital);
	if (tq_fields(r, n, "capital", f) || !tq_required(r, n, f, "colony") ||
	    tq_colony_node(r, wj_yaml_field(f, "colony"), "the capital's colony", &colony) ||
	    tq_bool(r, n, f, "implied", false, &a->capital_implied))
		return -1;
	if (colony != (int)a->colony) {
		TQ_PROBLEM(r, n, "%s is in %s, so it cannot be %s's capital", a->id,
			   r->d->colony_name[a->colony], r->d->colony_name[colony]);
		return -1;
	}
	a->capital = true;
	return 0;
}

static int tq_one_area(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "id", 0 }, { "colony", 0 }, { "name", 0 }, { "city", 0 },
				     { "settlement", 0 }, { "settlement_in_december_1778", 0 },
				     { "port", 0 }, { "port_value", 0 }, { "capital", 0 },
				     { "ocr", 0 }, TQ_NOTES };
	struct tq_area a = { .seed = true, .line = wj_yaml_node_line(n) };
	int colony = 0, named = 0, bad;
	bool in_december = false;

	if (r->d->nareas >= TQ_MAX_AREAS) {
		TQ_PROBLEM(r, n, "more than %d areas", TQ_MAX_AREAS);
		return -1;
	}
	/* a record with a wrong key is still read (as a leader's is) */
	bad = tq_fields(r, n, "area", f);
	if (!tq_required(r, n, f, "id") || tq_area_id(r, wj_yaml_field(f, "id"), a.id, &colony))
		return -1;
	a.colony = (enum tq_colony)colony;
	if (tq_area_by_id(r->d, a.id) >= 0) {
		TQ_PROBLEM(r, n, "the area %s is listed twice (first at line %d)", a.id,
			   r->d->areas[tq_area_by_id(r->d, a.id)].line);
		return -1;
	}
	/* the area is kept whatever else is wrong in it, so that the files
	 * naming it cause no more problems */
	if (!tq_required(r, n, f, "colony") ||
	    tq_colony_node(r, wj_yaml_field(f, "colony"), "the colony", &named)) {
		bad = -1;
	} else if (named != colony) {
		TQ_PROBLEM(r, wj_yaml_field(f, "colony"), "%s is in %s by its letter (2.0), not "
			   "in %s", a.id, r->d->colony_name[colony], r->d->colony_name[named]);
		bad = -1;
	}
	bad |= tq_text(r, n, f, "name", false, a.name, sizeof a.name) |
	       tq_bool(r, n, f, "city", false, &a.city) |
	       tq_bool(r, n, f, "settlement", false, &a.settlement) |
	       tq_bool(r, n, f, "settlement_in_december_1778", false, &in_december) |
	       tq_bool(r, n, f, "port", false, &a.port) |
	       tq_int(r, n, f, "port_value", a.port, 1, 2, &a.port_value) |
	       (wj_yaml_field(f, "capital") ? tq_capital(r, wj_yaml_field(f, "capital"), &a) : 0);
	if (!a.port && wj_yaml_field(f, "port_value")) {
		TQ_PROBLEM(r, wj_yaml_field(f, "port_value"), "%s has a port_value but is no port "
			   "(port: true, 6.3.1)", a.id);
		bad = -1;
	}
	/* 4.9: a city is a settlement throughout December 1778 only */
	if (in_december && !a.city) {
		TQ_PROBLEM(r, wj_yaml_field(f, "settlement_in_december_1778"), "%s is no city; "
			   "only a city is a settlement in December 1778 alone (4.9)", a.id);
		bad = -1;
	}
	r->d->areas[r->d->nareas++] = a;
	return bad;
}

static int tq_load_areas(struct tq_reader *r)
{
	struct wj_yaml_field f[] = { { "areas", 0 }, { "unnamed", 0 }, TQ_NOTES };

	if (tq_fields(r, tq_root(r), "areas file", f))
		return -1;
	return tq_each(r, tq_root(r), f, "areas", true, tq_one_area);
}

/* ---- leaders.yaml ---- */

static const struct tq_word TQ_SEED_RANKS[] = {
	{ "colonel", TQ_COLONEL }, { "general", TQ_GENERAL }, { "c-in-c", TQ_C_IN_C },
	{ "admiral", TQ_ADMIRAL }, { "general/admiral", TQ_GENERAL_ADMIRAL }, { NULL, 0 }
};
/* 2.0's order of rank, as a counter prints it. */
static const struct tq_word TQ_COUNTER_RANKS[] = {
	{ "colonel", TQ_COLONEL }, { "1-star", TQ_ONE_STAR }, { "2-star", TQ_TWO_STAR },
	{ "3-star", TQ_THREE_STAR }, { "c-in-c", TQ_C_IN_C }, { NULL, 0 }
};
static const struct tq_word TQ_KINDS[] = {
	{ "regular", TQ_REGULAR }, { "provincial", TQ_PROVINCIAL }, { "militia", TQ_MILITIA },
	{ "french", TQ_FRENCH }, { NULL, 0 }
};

/* arrives / withdrawn / returns: {month, year, ...}. */
static int tq_leader_month(struct tq_reader *r, yaml_node_t *n, const char *what, int *month,
			   char *place)
{
	struct wj_yaml_field f[] = { { "month", 0 }, { "year", 0 }, { "place", 0 }, { "with", 0 },
				     { "condition", 0 }, TQ_NOTES };

	if (tq_fields(r, n, what, f) || tq_month_fields(r, n, f, true, month))
		return -1;
	if (!place && wj_yaml_field(f, "place")) {
		TQ_PROBLEM(r, wj_yaml_field(f, "place"), "only an arrival has a place");
		return -1;
	}
	return place ? tq_text(r, n, f, "place", false, place, TQ_TEXT_MAX) : 0;
}

static int tq_c_in_c(struct tq_reader *r, yaml_node_t *n, struct tq_leader *l)
{
	struct wj_yaml_field f[] = { { "implied", 0 }, { "until", 0 }, TQ_NOTES };

	l->c_in_c = true;
	return tq_fields(r, n, "c_in_c", f) |
	       tq_bool(r, n, f, "implied", false, &l->c_in_c_implied) |
	       tq_text(r, n, f, "until", false, l->c_in_c_until_name,
		       sizeof l->c_in_c_until_name) |
	       tq_text(r, n, f, "section", !l->c_in_c_implied, l->c_in_c_section,
		       sizeof l->c_in_c_section);
}

/* `counter:` (reconstructed): {rank, kind, audacity, tactical, engineer}. */
static int tq_counter(struct tq_reader *r, yaml_node_t *n, struct tq_leader *l)
{
	struct wj_yaml_field f[] = { { "rank", 0 }, { "kind", 0 }, { "audacity", 0 },
				     { "tactical", 0 }, { "engineer", 0 }, TQ_NOTES };
	struct tq_counter c = { .present = true, .source = TQ_RECONSTRUCTED,
				.line = wj_yaml_node_line(n) };
	int rank = 0, kind = 0;

	if (tq_fields(r, n, "counter", f) |
	    tq_word(r, n, f, "rank", true, TQ_COUNTER_RANKS, &rank) |
	    tq_word(r, n, f, "kind", true, TQ_KINDS, &kind) |
	    tq_int(r, n, f, "audacity", true, 1, 6, &c.audacity) |   /* 8.1.1 */
	    tq_int(r, n, f, "tactical", true, 0, 3, &c.tactical) |   /* 11.2.3, 11.3.5 */
	    tq_bool(r, n, f, "engineer", true, &c.engineer) | tq_source(r, n, f, true, &c.source))
		return -1;
	c.rank = (enum tq_rank)rank;
	c.kind = (enum tq_leader_kind)kind;
	l->counter = c;
	return 0;
}

static int tq_spellings(struct tq_reader *r, yaml_node_t *n, struct tq_leader *l)
{
	yaml_node_item_t *it;
	int k = tq_items(n, &it);

	if (n->type != YAML_SEQUENCE_NODE || k > TQ_MAX_SPELLINGS) {
		TQ_PROBLEM(r, n, "'spellings' must list at most %d names: [A, B]", TQ_MAX_SPELLINGS);
		return -1;
	}
	for (int i = 0; i < k; i++) {
		const char *s = wj_yaml_scalar(tq_node(r, it[i]));
		if (!s || !*s || strlen(s) >= TQ_NAME_MAX) {
			TQ_PROBLEM(r, tq_node(r, it[i]), "a spelling must be a name of at most %d "
				   "characters", TQ_NAME_MAX - 1);
			return -1;
		}
		snprintf(l->spellings[l->nspellings++], TQ_NAME_MAX, "%s", s);
	}
	return 0;
}

static int tq_one_leader(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "name", 0 }, { "side", 0 }, { "french", 0 }, { "rank", 0 },
				     { "c_in_c", 0 }, { "militia_colony", 0 }, { "arrives", 0 },
				     { "withdrawn", 0 }, { "returns", 0 }, { "set_up", 0 },
				     { "says", 0 }, { "full_name", 0 }, { "spellings", 0 },
				     { "counter", 0 }, TQ_NOTES };
	struct tq_leader l = { .militia_colony = TQ_NO_COLONY, .line = wj_yaml_node_line(n) };
	int side = TQ_NOBODY, rank = TQ_RANK_UNSTATED;
	yaml_node_t *v;
	enum tq_source source = TQ_SEED;
	int bad;

	if (r->d->nleaders >= TQ_MAX_LEADERS) {
		TQ_PROBLEM(r, n, "more than %d leaders", TQ_MAX_LEADERS);
		return -1;
	}
	/* a record with a wrong key is still read, so that the leader it
	 * names causes no more problems */
	bad = tq_fields(r, n, "leader", f);
	if (tq_text(r, n, f, "name", true, l.name, sizeof l.name))
		return -1;
	if (tq_leader_by_name(r->d, l.name) >= 0) {
		TQ_PROBLEM(r, n, "the leader %s is listed twice (first at line %d)", l.name,
			   r->d->leaders[tq_leader_by_name(r->d, l.name)].line);
		return -1;
	}
	bad |= tq_word(r, n, f, "side", true, TQ_SIDE_WORDS, &side) |
	      tq_bool(r, n, f, "french", false, &l.french) |
	      tq_word(r, n, f, "rank", false, TQ_SEED_RANKS, &rank) |
	      tq_word(r, n, f, "militia_colony", false, TQ_COLONY_CODES, &l.militia_colony) |
	      tq_source(r, n, f, true, &source);
	if ((v = wj_yaml_field(f, "c_in_c")))
		bad |= tq_c_in_c(r, v, &l);
	if ((v = wj_yaml_field(f, "arrives")))
		bad |= tq_leader_month(r, v, "arrives", &l.arrives, l.arrives_place);
	if ((v = wj_yaml_field(f, "withdrawn")))
		bad |= tq_leader_month(r, v, "withdrawn", &l.withdrawn, NULL);
	if ((v = wj_yaml_field(f, "returns")))
		bad |= tq_leader_month(r, v, "returns", &l.returns, NULL);
	if ((v = wj_yaml_field(f, "spellings")))
		bad |= tq_spellings(r, v, &l);
	if ((v = wj_yaml_field(f, "counter")))
		bad |= tq_counter(r, v, &l);
	l.side = (enum tq_side)side;
	l.rank = (enum tq_rank)rank;
	/* 11.1.2: only the Continentals have militia leaders */
	if (!bad && l.militia_colony != TQ_NO_COLONY && l.side != TQ_CONTINENTAL) {
		TQ_PROBLEM(r, wj_yaml_field(f, "militia_colony"), "%s is British; only the "
			   "Continentals have militia leaders (11.1.2)", l.name);
		bad = -1;
	}
	if (!bad && l.french && l.side != TQ_CONTINENTAL) {
		TQ_PROBLEM(r, wj_yaml_field(f, "french"), "%s is British; the French leaders are "
			   "Continental (14.2)", l.name);
		bad = -1;
	}
	r->d->leaders[r->d->nleaders++] = l;
	return bad;
}

static int tq_one_governor(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "name", 0 }, { "colony", 0 }, { "set_up", 0 }, TQ_NOTES };
	struct tq_governor g = { .line = wj_yaml_node_line(n) };
	int colony;

	if (r->d->ngovernors >= TQ_MAX_GOVERNORS) {
		TQ_PROBLEM(r, n, "more than %d Royal Governors (one a colony, 13.1.1)",
			   TQ_MAX_GOVERNORS);
		return -1;
	}
	if (tq_fields(r, n, "royal governor", f) ||
	    tq_text(r, n, f, "name", true, g.name, sizeof g.name) ||
	    !tq_required(r, n, f, "colony") ||
	    tq_colony_node(r, wj_yaml_field(f, "colony"), "the colony", &colony))
		return -1;
	g.colony = (enum tq_colony)colony;
	r->d->governors[r->d->ngovernors++] = g;
	return 0;
}

static int tq_load_leaders(struct tq_reader *r)
{
	struct wj_yaml_field f[] = { { "leaders", 0 }, { "royal_governors", 0 },
				     { "royal_governors_note", 0 }, TQ_NOTES };

	if (tq_fields(r, tq_root(r), "leaders file", f))
		return -1;
	int bad = tq_each(r, tq_root(r), f, "leaders", true, tq_one_leader) |
		  tq_each(r, tq_root(r), f, "royal_governors", false, tq_one_governor);
	for (int i = 0; i < r->d->nleaders; i++) {
		struct tq_leader *l = &r->d->leaders[i];
		const char *until = l->c_in_c_until_name;
		l->c_in_c_until = until[0] ? tq_leader_by_name(r->d, until) : -1;
		if (until[0] && l->c_in_c_until < 0) {
			TQ_PROBLEM(r, tq_root(r), "%s is C-in-C until %s, who is no leader of the "
				   "file (17.1.2)", l->name, until);
			bad = -1;
		}
	}
	return bad;
}

/* ---- schedule.yaml ---- */

/* militia_leaders: {Clarke: GA}: each a leader of the list with his
 * colony, which must be the one leaders.yaml gives him. */
static int tq_militia_leaders(struct tq_reader *r, yaml_node_t *n)
{
	int bad = 0;

	if (n->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(r, n, "'militia_leaders' must map each militia leader to his colony: "
			   "{Clarke: GA}");
		return -1;
	}
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top;
	     pr++) {
		int l, colony;
		yaml_node_t *k = tq_node(r, pr->key);
		if (tq_leader_node(r, k, &l) |
		    tq_node_word(r, tq_node(r, pr->value), "the colony", TQ_COLONY_CODES, &colony)) {
			bad = -1;
			continue;
		}
		if (r->d->leaders[l].militia_colony != colony) {
			TQ_PROBLEM(r, k, "%s is a militia leader of %s here but of %s in "
				   "leaders.yaml (militia_colony)", r->d->leaders[l].name,
				   TQ_COLONY_CODES[colony].name,
				   r->d->leaders[l].militia_colony == TQ_NO_COLONY
					   ? "no colony"
					   : TQ_COLONY_CODES[r->d->leaders[l].militia_colony].name);
			bad = -1;
		}
	}
	return bad;
}

/* Marks the leaders a list or a mapping's keys name as conditional. */
static int tq_conditional(struct tq_reader *r, yaml_node_t *n, struct tq_forces *x)
{
	int names[TQ_MAX_GROUP], k = 0, bad = 0;

	if (n->type == YAML_MAPPING_NODE) {
		for (yaml_node_pair_t *pr = n->data.mapping.pairs.start;
		     pr < n->data.mapping.pairs.top && k < TQ_MAX_GROUP; pr++)
			bad |= tq_leader_node(r, tq_node(r, pr->key), &names[k++]);
	} else {
		bad = tq_leader_list(r, n, "the conditional leaders", names, TQ_MAX_GROUP, &k);
	}
	for (int i = 0; !bad && i < k; i++) {
		int j = 0;
		while (j < x->nleaders && x->leaders[j] != names[i])
			j++;
		if (j == x->nleaders) {
			TQ_PROBLEM(r, n, "%s is conditional but not among the leaders: of the line",
				   r->d->leaders[names[i]].name);
			return -1;
		}
		x->conditional[j] = true;
	}
	return bad;
}

static int tq_forces(struct tq_reader *r, yaml_node_t *n, const char *what, struct tq_forces *x)
{
	struct wj_yaml_field f[] = { { "leaders", 0 }, { "militia_leaders", 0 },
				     { "regulars", 0 }, { "cavalry", 0 }, { "french_regulars", 0 },
				     { "french_cavalry", 0 }, { "french", 0 }, { "conditional", 0 },
				     { "returning_if_not_killed_or_captured", 0 }, TQ_NOTES };
	yaml_node_t *v;
	int bad;

	if (tq_fields(r, n, what, f))
		return -1;
	bad = tq_int(r, n, f, "regulars", false, 1, 200, &x->regulars) |
	      tq_int(r, n, f, "cavalry", false, 1, 200, &x->cavalry) |
	      tq_int(r, n, f, "french_regulars", false, 1, 200, &x->french_regulars) |
	      tq_int(r, n, f, "french_cavalry", false, 1, 200, &x->french_cavalry);
	if ((v = wj_yaml_field(f, "leaders")) &&
	    tq_leader_list(r, v, "'leaders'", x->leaders, TQ_MAX_GROUP, &x->nleaders))
		return -1;
	if ((v = wj_yaml_field(f, "militia_leaders")))
		bad |= tq_militia_leaders(r, v);
	if ((v = wj_yaml_field(f, "conditional")))
		bad |= tq_conditional(r, v, x);
	if ((v = wj_yaml_field(f, "returning_if_not_killed_or_captured")))
		bad |= tq_conditional(r, v, x);
	if ((v = wj_yaml_field(f, "french"))) {
		const char *s = wj_yaml_scalar(v);
		if (!s || strcmp(s, "all surviving")) {
			TQ_PROBLEM(r, v, "'french' may only say 'all surviving' (18.0, November "
				   "1779)");
			bad = -1;
		}
		x->all_french = true;
	}
	return bad;
}

/* place: {area: G1} | {any_port_area: true} | {either_port_in_virginia: true}. */
static int tq_place(struct tq_reader *r, yaml_node_t *n, struct tq_schedule_entry *e)
{
	struct wj_yaml_field f[] = { { "area", 0 }, { "area_name", 0 }, { "any_port_area", 0 },
				     { "either_port_in_virginia", 0 }, TQ_NOTES };
	bool any = false, virginia = false;

	if (tq_fields(r, n, "place", f) | tq_bool(r, n, f, "any_port_area", false, &any) |
	    tq_bool(r, n, f, "either_port_in_virginia", false, &virginia))
		return -1;
	if ((wj_yaml_field(f, "area") != NULL) + any + virginia != 1) {
		TQ_PROBLEM(r, n, "a place is one of: area: ID, any_port_area: true, "
			   "either_port_in_virginia: true");
		return -1;
	}
	e->place = any ? TQ_ANY_PORT : virginia ? TQ_VIRGINIA_PORT : TQ_AT_AREA;
	return wj_yaml_field(f, "area")
		       ? tq_area_node(r, wj_yaml_field(f, "area"), "areas.yaml", &e->place_area)
		       : 0;
}

/* regulars_18 (June 1781): {count, arrive_or_withdraw: unknown}. */
static int tq_unsure(struct tq_reader *r, yaml_node_t *n, struct tq_schedule_entry *e)
{
	struct wj_yaml_field f[] = { { "count", 0 }, { "arrive_or_withdraw", 0 }, TQ_NOTES };

	return tq_fields(r, n, "regulars whose way is lost", f) ||
	       tq_int(r, n, f, "count", true, 1, 200, &e->unsure_regulars);
}

static int tq_one_entry(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "month", 0 }, { "year", 0 }, { "none", 0 }, { "side", 0 },
				     { "arrive", 0 }, { "withdraw", 0 }, { "place", 0 },
				     { "special", 0 }, { "regulars_18", 0 }, TQ_NOTES };
	struct tq_schedule *s = &r->d->schedule;
	struct tq_schedule_entry e = { .place_area = -1, .line = wj_yaml_node_line(n) };
	bool none = false;
	int side = TQ_NOBODY, bad;
	yaml_node_t *v;

	if (s->nentries >= TQ_MAX_SCHEDULE) {
		TQ_PROBLEM(r, n, "more than %d lines in the schedule", TQ_MAX_SCHEDULE);
		return -1;
	}
	if (tq_fields(r, n, "schedule line", f) || tq_month_fields(r, n, f, true, &e.month) ||
	    tq_bool(r, n, f, "none", false, &none))
		return -1;
	if (none) {
		if (wj_yaml_field(f, "side") || wj_yaml_field(f, "arrive") ||
		    wj_yaml_field(f, "withdraw")) {
			TQ_PROBLEM(r, n, "a month with none: true has no side, arrive or withdraw");
			return -1;
		}
		s->entries[s->nentries++] = e;
		return 0;
	}
	if (tq_word(r, n, f, "side", true, TQ_SIDE_WORDS, &side))
		return -1;
	e.side = (enum tq_side)side;
	bad = 0;
	if ((v = wj_yaml_field(f, "arrive")))
		bad |= tq_forces(r, v, "arrive", &e.arrive);
	if ((v = wj_yaml_field(f, "withdraw")))
		bad |= tq_forces(r, v, "withdraw", &e.withdraw);
	if ((v = wj_yaml_field(f, "place")))
		bad |= tq_place(r, v, &e);
	if ((v = wj_yaml_field(f, "regulars_18")))
		bad |= tq_unsure(r, v, &e);
	if (!wj_yaml_field(f, "arrive") && !wj_yaml_field(f, "withdraw")) {
		TQ_PROBLEM(r, n, "a schedule line has arrive:, withdraw: or both (or none: true)");
		bad = -1;
	}
	if (!bad)
		s->entries[s->nentries++] = e;
	return bad;
}

/* monthly: the Continental regular SP of every month (18.0, 6.2). */
static int tq_monthly(struct tq_reader *r, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "side", 0 }, { "from", 0 }, { "regulars", 0 },
				     { "place", 0 }, TQ_NOTES };
	struct wj_yaml_field m[] = { { "month", 0 }, { "year", 0 }, TQ_NOTES };
	struct tq_schedule *s = &r->d->schedule;
	int side = TQ_NOBODY;
	const char *place;

	if (tq_fields(r, n, "monthly", f) | tq_word(r, n, f, "side", true, TQ_SIDE_WORDS, &side) |
	    tq_int(r, n, f, "regulars", true, 1, 20, &s->monthly_regulars) ||
	    !tq_required(r, n, f, "from") ||
	    tq_fields(r, wj_yaml_field(f, "from"), "from", m) ||
	    tq_month_fields(r, wj_yaml_field(f, "from"), m, true, &s->monthly_from))
		return -1;
	place = wj_yaml_scalar(wj_yaml_field(f, "place"));
	if (!place || strcmp(place, "base_of_operations")) {
		TQ_PROBLEM(r, wj_yaml_field(f, "place") ? wj_yaml_field(f, "place") : n,
			   "the monthly SP arrives at place: base_of_operations (18.0)");
		return -1;
	}
	s->monthly_side = (enum tq_side)side;
	return 0;
}

static int tq_load_schedule(struct tq_reader *r)
{
	struct wj_yaml_field f[] = { { "notation", 0 }, { "monthly", 0 },
				     { "where_reinforcements_arrive", 0 }, { "entries", 0 },
				     { "not_in_schedule", 0 }, TQ_NOTES };

	if (tq_fields(r, tq_root(r), "schedule file", f))
		return -1;
	return (tq_required(r, tq_root(r), f, "monthly") ? tq_monthly(r, wj_yaml_field(f, "monthly"))
							  : -1) |
	       tq_each(r, tq_root(r), f, "entries", true, tq_one_entry);
}

/* ---- the data set ---- */

static const struct {
	const char *name;
	int (*load)(struct tq_reader *);
} TQ_FILES[] = {
	{ "dataset.yaml", tq_load_dataset },   { "areas.yaml", tq_load_areas },
	{ "leaders.yaml", tq_load_leaders },   { "schedule.yaml", tq_load_schedule },
	{ "tables.yaml", tq_load_tables },
};

int tq_data_load(const char *dir, struct tq_data *d, struct wj_data_problems *p)
{
	struct tq_reader r = { .d = d, .p = p };
	int bad = 0;

	memset(d, 0, sizeof *d);
	for (size_t i = 0; i < sizeof TQ_FILES / sizeof *TQ_FILES; i++) {
		if (tq_open(&r, dir, TQ_FILES[i].name)) {
			bad = -1;
			continue;
		}
		bad |= TQ_FILES[i].load(&r);
		tq_close(&r);
	}
	bad |= tq_scenarios_load(&r, dir);
	return bad || p->n ? -1 : 0;
}

int tq_data_load_full(const char *dir, struct tq_data *d, struct wj_data_problems *p)
{
	const struct tq_tables *t = &d->tables;
	int bad = tq_data_load(dir, d, p);

	bad |= tq_map_load(dir, d, p) | tq_units_load(dir, d, p);
	for (int i = 0; i < d->nleaders; i++)
		if (!d->leaders[i].counter.present) {
			wj_data_problem_add(p, "leaders.yaml", d->leaders[i].line,
					    "%s has no counter: {rank, kind, audacity, tactical, "
					    "engineer}; the engine needs every leader's ratings",
					    d->leaders[i].name);
			bad = -1;
		}
	if (!t->have_attrition || !t->have_generation || !t->have_events || !t->have_terrain) {
		wj_data_problem_add(p, "tables.yaml", 0, "the aid charts' table: is missing for%s%s%s%s "
				    "(docs/tarletons-quarter-data.md, \"The reconstructed data\")",
				    t->have_attrition ? "" : " militia_attrition_table",
				    t->have_generation ? "" : " militia_generation_table",
				    t->have_events ? "" : " endeavor_random_event_table",
				    t->have_terrain ? "" : " terrain_effects");
		bad = -1;
	}
	if (!bad && tq_data_check(d, p))
		bad = -1;
	return bad || p->n ? -1 : 0;
}
