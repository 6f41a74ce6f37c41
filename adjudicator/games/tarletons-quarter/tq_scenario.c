/* Loads the scenarios of 17.0 (data/tarletons-quarter/scenarios/NAME.yaml)
 * into struct tq_scenario: the start and end months and the turns, the
 * markers, and each side's set-up as pieces per area (or box), the
 * magazines, Base of Operations and Royal Governors that the seed lists
 * apart merged into the places they are in. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "tq_read.h"

struct tq_setup_reader {
	struct tq_reader *r;
	struct tq_scenario *sc;
	struct tq_side_setup *s;
	enum tq_side side;
};

/* The placement of the side at that area or box, made when new; NULL
 * (with a problem at n) when the side has too many. */
static struct tq_placement *tq_place_at(struct tq_setup_reader *x, yaml_node_t *n, int area,
					enum tq_box box)
{
	struct tq_side_setup *s = x->s;

	for (int i = 0; i < s->nplacements; i++)
		if (s->placements[i].area == area && s->placements[i].box == box)
			return &s->placements[i];
	if (s->nplacements >= TQ_MAX_PLACEMENTS) {
		TQ_PROBLEM(x->r, n, "more than %d places in one side's set-up", TQ_MAX_PLACEMENTS);
		return NULL;
	}
	s->placements[s->nplacements] = (struct tq_placement){ .area = area, .box = box,
							       .governor = -1,
							       .line = wj_yaml_node_line(n) };
	return &s->placements[s->nplacements++];
}

/* Adds the leaders a list names to a placement. */
static int tq_add_leaders(struct tq_setup_reader *x, yaml_node_t *n, struct tq_placement *pl)
{
	int names[TQ_MAX_GROUP], k;

	if (tq_leader_list(x->r, n, "'leaders'", names, TQ_MAX_GROUP, &k))
		return -1;
	if (pl->nleaders + k > TQ_MAX_GROUP) {
		TQ_PROBLEM(x->r, n, "more than %d leaders in one place", TQ_MAX_GROUP);
		return -1;
	}
	for (int i = 0; i < k; i++)
		pl->leaders[pl->nleaders++] = names[i];
	return 0;
}

/* militia: {NC: 15}: Continental militia SPs by colony. */
static int tq_militia(struct tq_setup_reader *x, yaml_node_t *n, struct tq_placement *pl)
{
	int bad = 0;

	if (n->type != YAML_MAPPING_NODE) {
		TQ_PROBLEM(x->r, n, "'militia' must map colonies to SPs: {NC: 15}");
		return -1;
	}
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top;
	     pr++) {
		int c, sp;
		if (tq_node_word(x->r, tq_node(x->r, pr->key), "the militia's colony",
				 TQ_COLONY_CODES, &c) |
		    tq_node_int(x->r, tq_node(x->r, pr->value), "militia SPs", 1, 100, &sp))
			bad = -1;
		else
			pl->militia[c] += sp;
	}
	return bad;
}

static int tq_governor_at(struct tq_setup_reader *x, yaml_node_t *n, struct tq_placement *pl)
{
	const char *s = wj_yaml_scalar(n);
	int g = s ? tq_governor_by_name(x->r->d, s) : -1;

	if (g < 0) {
		TQ_PROBLEM(x->r, n, "'%s' is not a Royal Governor of leaders.yaml's royal_governors",
			   s ? s : "(a list or mapping)");
		return -1;
	}
	pl->governor = g;
	return 0;
}

static int tq_one_placement(struct tq_setup_reader *x, yaml_node_t *n)
{
	static const struct tq_word BOXES[] = { { "at_sea", TQ_BOX_AT_SEA }, { "pow", TQ_BOX_POW },
						{ NULL, 0 } };
	struct wj_yaml_field f[] = { { "area", 0 }, { "box", 0 }, { "area_name", 0 },
				     { "leaders", 0 }, { "regulars", 0 }, { "cavalry", 0 },
				     { "militia", 0 }, { "loyalist_militia", 0 }, { "forts", 0 },
				     { "magazines", 0 }, { "base_of_operations", 0 },
				     { "royal_governor", 0 }, { "special_deployment", 0 }, TQ_NOTES };
	struct tq_reader *r = x->r;
	struct tq_placement *pl;
	int area = -1, box = TQ_IN_AREA, bad = 0, v;
	bool base = false;
	yaml_node_t *m;

	if (tq_fields(r, n, "placement", f))
		return -1;
	if (!wj_yaml_field(f, "area") == !wj_yaml_field(f, "box")) {
		TQ_PROBLEM(r, n, "a placement is in an area (area: ID) or a box (box: at_sea or "
			   "pow), one of them");
		return -1;
	}
	if ((wj_yaml_field(f, "area") &&
	     tq_area_node(r, wj_yaml_field(f, "area"), "areas.yaml", &area)) ||
	    tq_word(r, n, f, "box", false, BOXES, &box) || !(pl = tq_place_at(x, n, area, box)))
		return -1;
	if ((m = wj_yaml_field(f, "leaders")))
		bad |= tq_add_leaders(x, m, pl);
	if ((m = wj_yaml_field(f, "militia")))
		bad |= tq_militia(x, m, pl);
	if ((m = wj_yaml_field(f, "royal_governor")))
		bad |= tq_governor_at(x, m, pl);
	v = 0, bad |= tq_int(r, n, f, "regulars", false, 1, 200, &v), pl->regulars += v;
	v = 0, bad |= tq_int(r, n, f, "cavalry", false, 1, 200, &v), pl->cavalry += v;
	v = 0, bad |= tq_int(r, n, f, "loyalist_militia", false, 1, 200, &v),
	pl->loyalist_militia += v;
	v = 0, bad |= tq_int(r, n, f, "forts", false, 1, 5, &v), pl->forts += v;
	v = 0, bad |= tq_int(r, n, f, "magazines", false, 1, 6, &v), pl->magazines += v;
	bad |= tq_bool(r, n, f, "base_of_operations", false, &base);
	if (base) {
		pl->base_of_operations = true;
		x->s->base = area;
		x->s->base_at_sea = box == TQ_BOX_AT_SEA;
	}
	/* 17.3.1's asterisks: the leaders must be among this place's */
	if ((m = wj_yaml_field(f, "special_deployment"))) {
		int names[TQ_MAX_GROUP], k;
		bad |= tq_leader_list(r, m, "'special_deployment'", names, TQ_MAX_GROUP, &k);
		for (int i = 0; !bad && i < k; i++) {
			int j = 0;
			while (j < pl->nleaders && pl->leaders[j] != names[i])
				j++;
			if (j == pl->nleaders) {
				TQ_PROBLEM(r, m, "%s is in special_deployment but not among the "
					   "place's leaders", r->d->leaders[names[i]].name);
				bad = -1;
			}
		}
	}
	return bad;
}

/* base_of_operations: {area: V28, ...}. */
static int tq_base(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "area", 0 }, { "area_name", 0 }, TQ_NOTES };
	struct tq_placement *pl;
	int area;

	if (tq_fields(x->r, n, "base_of_operations", f) || !tq_required(x->r, n, f, "area") ||
	    tq_area_node(x->r, wj_yaml_field(f, "area"), "areas.yaml", &area) ||
	    !(pl = tq_place_at(x, n, area, TQ_IN_AREA)))
		return -1;
	pl->base_of_operations = true;
	x->s->base = area;
	return 0;
}

/* magazines: [{area, count}]. */
static int tq_magazine(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "area", 0 }, { "area_name", 0 }, { "count", 0 }, TQ_NOTES };
	struct tq_placement *pl;
	int area, count;

	if (tq_fields(x->r, n, "magazine", f) || !tq_required(x->r, n, f, "area") ||
	    tq_area_node(x->r, wj_yaml_field(f, "area"), "areas.yaml", &area) ||
	    tq_int(x->r, n, f, "count", true, 1, 6, &count) ||
	    !(pl = tq_place_at(x, n, area, TQ_IN_AREA)))
		return -1;
	pl->magazines += count;
	return 0;
}

/* royal_governors: [{name, area}]. */
static int tq_governor(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "name", 0 }, { "area", 0 }, TQ_NOTES };
	struct tq_placement *pl;
	int area;

	if (tq_fields(x->r, n, "royal governor", f) || !tq_required(x->r, n, f, "area") ||
	    !tq_required(x->r, n, f, "name") ||
	    tq_area_node(x->r, wj_yaml_field(f, "area"), "areas.yaml", &area) ||
	    !(pl = tq_place_at(x, n, area, TQ_IN_AREA)))
		return -1;
	return tq_governor_at(x, wj_yaml_field(f, "name"), pl);
}

/* A mapping whose `leaders:` is a list of leaders, into out. */
static int tq_leaders_of(struct tq_setup_reader *x, yaml_node_t *n, const char *what,
			 const char *key, int *out, int *count)
{
	struct wj_yaml_field f[] = { { "leaders", 0 }, TQ_NOTES };

	if (tq_fields(x->r, n, what, f) || !tq_required(x->r, n, f, key))
		return -1;
	return tq_leader_list(x->r, wj_yaml_field(f, key), what, out, TQ_MAX_GROUP, count);
}

/* 17.2.2: the leaders placed after the roll, and the area whose militia
 * its attrition spares. */
static int tq_militia_roll(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "militia_leaders_placed_after", 0 },
				     { "attrition_spares", 0 }, TQ_NOTES };
	struct tq_side_setup *s = x->s;

	if (tq_fields(x->r, n, "militia_roll", f) ||
	    !tq_required(x->r, n, f, "militia_leaders_placed_after") ||
	    tq_leader_list(x->r, wj_yaml_field(f, "militia_leaders_placed_after"), "militia_roll",
			   s->after_roll, TQ_MAX_GROUP, &s->nafter_roll))
		return -1;
	return wj_yaml_field(f, "attrition_spares") ?
	       tq_area_node(x->r, wj_yaml_field(f, "attrition_spares"), "areas.yaml",
			    &s->attrition_spares) : 0;
}

static int tq_pow_box(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct tq_placement *pl = tq_place_at(x, n, -1, TQ_BOX_POW);

	return !pl ? -1 : tq_leaders_of(x, n, "pow_box", "leaders", pl->leaders, &pl->nleaders);
}

static int tq_c_in_c(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "leader", 0 }, { "until", 0 }, TQ_NOTES };

	return tq_fields(x->r, n, "commander_in_chief", f) || !tq_required(x->r, n, f, "leader") ||
	       tq_leader_node(x->r, wj_yaml_field(f, "leader"), &x->s->c_in_c) ||
	       tq_text(x->r, n, f, "until", false, x->s->c_in_c_until, TQ_TEXT_MAX);
}

static int tq_baggage(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "box", 0 }, { "available", 0 }, TQ_NOTES };

	return tq_fields(x->r, n, "baggage_trains", f) ||
	       tq_int(x->r, n, f, "available", false, 0, 6, &x->s->available_baggage_trains);
}

/* forts: {areas, count}: a summary, which must agree with the places. */
static int tq_forts(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "areas", 0 }, { "count", 0 }, TQ_NOTES };
	yaml_node_item_t *it;
	int count, k, placed = 0;

	if (tq_fields(x->r, n, "forts", f) || tq_int(x->r, n, f, "count", true, 0, 20, &count))
		return -1;
	k = tq_items(wj_yaml_field(f, "areas"), &it);
	for (int i = 0; i < x->s->nplacements; i++)
		placed += x->s->placements[i].forts;
	if (k != count || placed != count) {
		TQ_PROBLEM(x->r, n, "forts: says %d forts (areas: lists %d) but the placements "
			   "have %d", count, k, placed);
		return -1;
	}
	return 0;
}

/* 17.3.1's special deployment: rolls [{leader, column}]. */
static int tq_special_deployment(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "leaders", 0 }, { "rolls", 0 }, TQ_NOTES };
	struct tq_side_setup *s = x->s;
	yaml_node_item_t *it;
	int k, bad = 0;

	if (tq_fields(x->r, n, "special_deployment", f) || !tq_required(x->r, n, f, "rolls"))
		return -1;
	k = tq_items(wj_yaml_field(f, "rolls"), &it);
	if (!k || k > TQ_MAX_GROUP) {
		TQ_PROBLEM(x->r, wj_yaml_field(f, "rolls"), "'rolls' must list 1 to %d rolls: - "
			   "{leader: NAME, column: COLONY}", TQ_MAX_GROUP);
		return -1;
	}
	for (int i = 0; i < k; i++) {
		struct wj_yaml_field g[] = { { "leader", 0 }, { "column", 0 }, TQ_NOTES };
		yaml_node_t *roll = tq_node(x->r, it[i]);
		int l, c;
		if (tq_fields(x->r, roll, "roll", g) || !tq_required(x->r, roll, g, "leader") ||
		    !tq_required(x->r, roll, g, "column") ||
		    tq_leader_node(x->r, wj_yaml_field(g, "leader"), &l) ||
		    tq_colony_node(x->r, wj_yaml_field(g, "column"), "the column", &c)) {
			bad = -1;
			continue;
		}
		s->rolls[s->nrolls++] = (struct tq_roll){ l, (enum tq_colony)c };
	}
	return bad;
}

/* 17.4.2: leaders, SPs and baggage trains placed freely. */
static int tq_free_deployment(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "leaders", 0 }, { "regulars", 0 },
				     { "baggage_trains_or_magazines", 0 }, { "where", 0 },
				     TQ_NOTES };
	struct tq_placement *pl = tq_place_at(x, n, -1, TQ_BOX_FREE);

	if (!pl || tq_fields(x->r, n, "free_deployment", f))
		return -1;
	return (tq_required(x->r, n, f, "leaders") ? tq_add_leaders(x, f[0].val, pl) : -1) |
	       tq_int(x->r, n, f, "regulars", false, 1, 200, &pl->regulars) |
	       tq_int(x->r, n, f, "baggage_trains_or_magazines", false, 1, 6,
		      &pl->baggage_trains);
}

/* Each item of a list of the side's set-up to one(x, item). */
static int tq_side_list(struct tq_setup_reader *x, yaml_node_t *n, const char *what,
			int (*one)(struct tq_setup_reader *, yaml_node_t *))
{
	yaml_node_item_t *it;
	int bad = 0, k = tq_items(n, &it);

	if (n->type != YAML_SEQUENCE_NODE) {
		TQ_PROBLEM(x->r, n, "'%s' must be a list (- ...)", what);
		return -1;
	}
	for (int i = 0; i < k; i++)
		bad |= one(x, tq_node(x->r, it[i]));
	return bad;
}

static int tq_side_setup(struct tq_setup_reader *x, yaml_node_t *n)
{
	struct wj_yaml_field f[] = { { "base_of_operations", 0 }, { "magazines", 0 },
				     { "magazines_text", 0 }, { "placements", 0 },
				     { "commander_in_chief", 0 }, { "baggage_trains", 0 },
				     { "royal_governors", 0 }, { "leaders_out_of_game", 0 },
				     { "militia_roll", 0 }, { "pow_box", 0 }, { "forts", 0 },
				     { "special_deployment", 0 }, { "free_deployment", 0 },
				     TQ_NOTES };
	struct tq_side_setup *s = x->s;
	yaml_node_t *v;
	int bad = 0;

	s->base = -1;
	s->c_in_c = -1;
	s->attrition_spares = -1;
	s->available_baggage_trains = -1;
	if (tq_fields(x->r, n, "side's set-up", f))
		return -1;
	if ((v = wj_yaml_field(f, "placements")))
		bad |= tq_side_list(x, v, "placements", tq_one_placement);
	if ((v = wj_yaml_field(f, "base_of_operations")))
		bad |= tq_base(x, v);
	if ((v = wj_yaml_field(f, "magazines")))
		bad |= tq_side_list(x, v, "magazines", tq_magazine);
	if ((v = wj_yaml_field(f, "royal_governors")))
		bad |= tq_side_list(x, v, "royal_governors", tq_governor);
	if ((v = wj_yaml_field(f, "commander_in_chief")))
		bad |= tq_c_in_c(x, v);
	if ((v = wj_yaml_field(f, "baggage_trains")))
		bad |= tq_baggage(x, v);
	if ((v = wj_yaml_field(f, "leaders_out_of_game")))
		bad |= tq_leaders_of(x, v, "leaders_out_of_game", "leaders", s->out, &s->nout);
	if ((v = wj_yaml_field(f, "militia_roll")))
		bad |= tq_militia_roll(x, v);
	if ((v = wj_yaml_field(f, "pow_box")))
		bad |= tq_pow_box(x, v);
	if ((v = wj_yaml_field(f, "special_deployment")))
		bad |= tq_special_deployment(x, v);
	if ((v = wj_yaml_field(f, "free_deployment")))
		bad |= tq_free_deployment(x, v);
	if (!bad && (v = wj_yaml_field(f, "forts")))
		bad |= tq_forts(x, v);
	return bad;
}

static int tq_setup(struct tq_reader *r, yaml_node_t *n, struct tq_scenario *sc)
{
	struct wj_yaml_field f[] = { { "british", 0 }, { "continental", 0 }, { NULL, 0 } };
	int bad;

	if (tq_fields(r, n, "set-up", f))
		return -1;
	bad = 0;
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		struct tq_setup_reader x = { r, sc, &sc->setup[side], (enum tq_side)side };
		yaml_node_t *v = tq_required(r, n, f, TQ_SIDE_WORDS[side - 1].name);
		bad |= v ? tq_side_setup(&x, v) : -1;
	}
	return bad;
}

/* start: {month, year} or, where the seed says two things (17.4),
 * readings: [{month, year, from}] and no month. */
static int tq_start(struct tq_reader *r, yaml_node_t *n, struct tq_scenario *sc)
{
	struct wj_yaml_field f[] = { { "month", 0 }, { "year", 0 }, { "readings", 0 },
				     { "text_turn_marker", 0 }, { "text_start_turn", 0 }, TQ_NOTES };
	yaml_node_item_t *it;
	int k, bad = 0;

	if (tq_fields(r, n, "start", f))
		return -1;
	if (!wj_yaml_field(f, "readings"))
		return tq_month_fields(r, n, f, true, &sc->start);
	if (wj_yaml_field(f, "month") || !wj_yaml_field(f, "ambiguity")) {
		TQ_PROBLEM(r, n, "a start with readings: gives no month: of its own and says why "
			   "in ambiguity:");
		return -1;
	}
	k = tq_items(wj_yaml_field(f, "readings"), &it);
	if (k < 1 || k > TQ_MAX_READINGS) {
		TQ_PROBLEM(r, wj_yaml_field(f, "readings"), "'readings' must list 1 to %d months: "
			   "- {month, year, from}", TQ_MAX_READINGS);
		return -1;
	}
	for (int i = 0; i < k; i++) {
		struct wj_yaml_field g[] = { { "month", 0 }, { "year", 0 }, { "from", 0 }, TQ_NOTES };
		yaml_node_t *m = tq_node(r, it[i]);
		if (tq_fields(r, m, "reading", g) ||
		    tq_month_fields(r, m, g, true, &sc->readings[sc->nreadings])) {
			bad = -1;
			continue;
		}
		sc->nreadings++;
	}
	return bad;
}

/* A mapping holding a month (end, reinforcements_begin). */
static int tq_month_record(struct tq_reader *r, yaml_node_t *n, const char *what, bool required,
			   int *out)
{
	struct wj_yaml_field f[] = { { "month", 0 }, { "year", 0 }, TQ_NOTES };

	return tq_fields(r, n, what, f) || tq_month_fields(r, n, f, required, out);
}

/* A mapping holding one word under key. */
static int tq_word_record(struct tq_reader *r, yaml_node_t *n, const char *what, const char *key,
			  bool required, const struct tq_word *words, int *out)
{
	struct wj_yaml_field f[] = { { key, 0 }, TQ_NOTES };

	return tq_fields(r, n, what, f) || tq_word(r, n, f, key, required, words, out);
}

/* A mapping whose `colonies:` are colonies' names, as bits. */
static int tq_colonies(struct tq_reader *r, yaml_node_t *n, const char *what, int *bits)
{
	struct wj_yaml_field f[] = { { "colonies", 0 }, TQ_NOTES };
	yaml_node_item_t *it;
	int k, bad = 0;

	if (tq_fields(r, n, what, f))
		return -1;
	if (!wj_yaml_field(f, "colonies"))
		return 0;
	k = tq_items(wj_yaml_field(f, "colonies"), &it);
	if (wj_yaml_field(f, "colonies")->type != YAML_SEQUENCE_NODE) {
		TQ_PROBLEM(r, wj_yaml_field(f, "colonies"), "'colonies' must be a list: [Georgia]");
		return -1;
	}
	for (int i = 0; i < k; i++) {
		int c;
		if (tq_colony_node(r, tq_node(r, it[i]), "the colony", &c))
			bad = -1;
		else
			*bits |= 1 << c;
	}
	return bad;
}

static int tq_turns(struct tq_reader *r, yaml_node_t *n, struct tq_scenario *sc)
{
	struct wj_yaml_field f[] = { { "count", 0 }, TQ_NOTES };

	return tq_fields(r, n, "turns", f) || tq_int(r, n, f, "count", false, 1, 35, &sc->turns);
}

static int tq_special_rule(struct tq_reader *r, yaml_node_t *n, struct tq_scenario *sc)
{
	struct wj_yaml_field f[] = { { "number", 0 }, { "title", 0 }, { "applies_from", 0 },
				     { "applies", 0 }, TQ_NOTES };
	struct tq_special_rule x = { .line = wj_yaml_node_line(n) };

	if (sc->nrules >= TQ_MAX_RULES) {
		TQ_PROBLEM(r, n, "more than %d special rules", TQ_MAX_RULES);
		return -1;
	}
	if (tq_fields(r, n, "special rule", f) |
	    tq_text(r, n, f, "number", true, x.number, sizeof x.number) |
	    tq_text(r, n, f, "title", false, x.title, sizeof x.title) ||
	    (wj_yaml_field(f, "applies_from") &&
	     tq_month_record(r, wj_yaml_field(f, "applies_from"), "applies_from", true,
			     &x.applies_from)))
		return -1;
	sc->rules[sc->nrules++] = x;
	return 0;
}

static int tq_scenario_load(struct tq_reader *r, const char *name, struct tq_scenario *sc)
{
	static const struct tq_word WEATHER[] = { { "clear", TQ_WEATHER_CLEAR },
						  { "rain", TQ_WEATHER_RAIN },
						  { NULL, 0 } };
	struct wj_yaml_field f[] = { { "scenario", 0 }, { "title", 0 }, { "kind", 0 },
				     { "optional", 0 }, { "start", 0 }, { "end", 0 },
				     { "turns", 0 }, { "major_victory", 0 }, { "weather", 0 },
				     { "british_invaded", 0 }, { "kings_peace", 0 },
				     { "reinforcements_begin", 0 }, { "set_up_order", 0 },
				     { "set_up_procedure", 0 }, { "rules_in_effect", 0 },
				     { "first_turn_rules", 0 }, { "leaders_not_listed", 0 },
				     { "setup", 0 }, { "special_rules", 0 }, TQ_NOTES };
	yaml_node_t *n = tq_root(r), *v;
	const char *number;
	int side = TQ_NOBODY, weather = TQ_WEATHER_CLEAR, first = TQ_NOBODY, bad;
	yaml_node_item_t *it;

	snprintf(sc->name, sizeof sc->name, "%s", name);
	sc->line = 1;
	if (tq_fields(r, n, "scenario", f))
		return -1;
	number = wj_yaml_scalar(tq_required(r, n, f, "scenario"));
	if (number && strcmp(number, name)) {
		TQ_PROBLEM(r, wj_yaml_field(f, "scenario"), "the scenario '%s' is in the file of "
			   "'%s'; a scenario's file is scenarios/NUMBER.yaml", number, name);
		return -1;
	}
	sc->optional = wj_yaml_field(f, "optional") != NULL;
	bad = tq_text(r, n, f, "title", true, sc->title, sizeof sc->title) |
	      (tq_required(r, n, f, "start") ? tq_start(r, wj_yaml_field(f, "start"), sc) : -1) |
	      (tq_required(r, n, f, "end")
		       ? tq_month_record(r, wj_yaml_field(f, "end"), "end", true, &sc->end)
		       : -1) |
	      (tq_required(r, n, f, "turns") ? tq_turns(r, wj_yaml_field(f, "turns"), sc) : -1) |
	      (tq_required(r, n, f, "major_victory")
		       ? tq_word_record(r, wj_yaml_field(f, "major_victory"), "major_victory",
					"side", true, TQ_SIDE_WORDS, &side)
		       : -1) |
	      (tq_required(r, n, f, "weather")
		       ? tq_word_record(r, wj_yaml_field(f, "weather"), "weather", "weather", true,
					WEATHER, &weather)
		       : -1);
	if ((v = wj_yaml_field(f, "british_invaded")))
		bad |= tq_colonies(r, v, "british_invaded", &sc->invaded);
	if ((v = wj_yaml_field(f, "kings_peace")))
		bad |= tq_colonies(r, v, "kings_peace", &sc->kings_peace);
	if ((v = wj_yaml_field(f, "reinforcements_begin")))
		bad |= tq_month_record(r, v, "reinforcements_begin", false,
				       &sc->reinforcements_begin);
	if ((v = wj_yaml_field(f, "set_up_order")))
		bad |= tq_word_record(r, v, "set_up_order", "first", false, TQ_SIDE_WORDS, &first);
	if ((v = tq_required(r, n, f, "setup")))
		bad |= tq_setup(r, v, sc);
	else
		bad = -1;
	for (int i = 0, k = tq_items(wj_yaml_field(f, "special_rules"), &it); i < k; i++)
		bad |= tq_special_rule(r, tq_node(r, it[i]), sc);
	sc->major_victory = (enum tq_side)side;
	sc->weather = (enum tq_weather)weather;
	sc->first = (enum tq_side)first;
	return bad;
}

static int tq_by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int tq_scenarios_load(struct tq_reader *r, const char *dir)
{
	char path[512], *names[TQ_MAX_SCENARIOS + 1];
	struct dirent *e;
	DIR *sd;
	int n = 0, bad = 0;

	snprintf(path, sizeof path, "%s/scenarios", dir);
	if (!(sd = opendir(path))) {
		wj_data_problem_add(r->p, "scenarios/", 0, "cannot open %s: %m; the scenarios of "
				    "17.0 are its files NAME.yaml", path);
		return -1;
	}
	while ((e = readdir(sd))) {
		size_t len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml"))
			continue;
		if (n == TQ_MAX_SCENARIOS || len - 5 >= TQ_WORD_MAX) {
			if (n == TQ_MAX_SCENARIOS)
				wj_data_problem_add(r->p, "scenarios/", 0, "more than %d scenarios",
						    TQ_MAX_SCENARIOS);
			else
				wj_data_problem_add(r->p, "scenarios/", 0, "the name %s is too long; "
						    "at most %d characters before .yaml", e->d_name,
						    TQ_WORD_MAX - 1);
			bad = -1;
			break;
		}
		names[n++] = strndup(e->d_name, len - 5);
	}
	closedir(sd);
	qsort(names, (size_t)n, sizeof *names, tq_by_name);
	for (int i = 0; i < n; i++) {
		char file[TQ_WORD_MAX + 16];
		if (!names[i]) {
			wj_data_problem_add(r->p, "scenarios/", 0, "out of memory");
			bad = -1;
			continue;
		}
		snprintf(file, sizeof file, "scenarios/%s.yaml", names[i]);
		if (tq_open(r, dir, file)) {
			bad = -1;
		} else {
			bad |= tq_scenario_load(r, names[i], &r->d->scenarios[r->d->nscenarios++]);
			tq_close(r);
		}
		free(names[i]);
	}
	if (!n && !bad) {
		wj_data_problem_add(r->p, "scenarios/", 0, "no scenario; the scenarios of 17.0 are "
				    "scenarios/NAME.yaml");
		bad = -1;
	}
	return bad;
}
