/* Checks Tarleton's Quarter!'s loaded data as a whole: the leaders against
 * the schedule (18.0) and the scenarios (17.0), the areas' ports and
 * capitals (6.3.1, 13.1), the reconstructed map, counters and aid charts
 * against what the seed fixes. The loaders have checked syntax, keys and
 * names; what is checked here spans records or files. */
#include <stdio.h>
#include <string.h>

#include "tq_data.h"

struct tq_check {
	const struct tq_data *d;
	struct wj_data_problems *p;
	int n; /* problems found, stored or not */
};

#define TQ_CHECK(k, file, line, ...) \
	((k)->n++, wj_data_problem_add((k)->p, file, line, __VA_ARGS__))

/* The side's name as dataset.yaml gives it. */
static const char *tq_side_word(const struct tq_data *d, enum tq_side s)
{
	return s == TQ_BRITISH || s == TQ_CONTINENTAL ? d->side_name[s] : "no side";
}

/* "June 1779" into a caller's buffer. */
static const char *tq_when(int month, char *buf, size_t len)
{
	snprintf(buf, len, "%s %d", month ? tq_month_name(tq_month_of(month)) : "no month",
		 month ? tq_year_of(month) : 0);
	return buf;
}

static bool tq_names(const struct tq_forces *x, int leader)
{
	for (int i = 0; i < x->nleaders; i++)
		if (x->leaders[i] == leader)
			return true;
	return false;
}

/* ---- 18.0: the leaders and the schedule ---- */

/* The entry of that month and side naming the leader (arriving or
 * withdrawn), or NULL. */
static const struct tq_schedule_entry *tq_entry_of(const struct tq_data *d, int month,
						   int leader, bool arrive)
{
	for (int i = 0; i < d->schedule.nentries; i++) {
		const struct tq_schedule_entry *e = &d->schedule.entries[i];
		if (e->month == month && tq_names(arrive ? &e->arrive : &e->withdraw, leader))
			return e;
	}
	return NULL;
}

static void tq_check_leader_months(struct tq_check *k, int i)
{
	const struct tq_leader *l = &k->d->leaders[i];
	char w[32];

	if (l->arrives && !tq_entry_of(k->d, l->arrives, i, true))
		TQ_CHECK(k, "leaders.yaml", l->line, "%s arrives in %s, but schedule.yaml's %s has "
			 "no arrival of his (18.0)", l->name, tq_when(l->arrives, w, sizeof w), w);
	if (l->returns && !tq_entry_of(k->d, l->returns, i, true))
		TQ_CHECK(k, "leaders.yaml", l->line, "%s returns in %s, but schedule.yaml's %s has "
			 "no arrival of his (18.0)", l->name, tq_when(l->returns, w, sizeof w), w);
	if (l->withdrawn && !tq_entry_of(k->d, l->withdrawn, i, false))
		TQ_CHECK(k, "leaders.yaml", l->line, "%s is withdrawn in %s, but schedule.yaml's %s "
			 "does not withdraw him (18.0)", l->name,
			 tq_when(l->withdrawn, w, sizeof w), w);
	if (l->withdrawn && l->arrives && l->withdrawn <= l->arrives)
		TQ_CHECK(k, "leaders.yaml", l->line, "%s is withdrawn (%s) before he arrives",
			 l->name, tq_when(l->withdrawn, w, sizeof w));
}

static void tq_check_forces(struct tq_check *k, const struct tq_schedule_entry *e,
			    const struct tq_forces *x, bool arrive)
{
	char w[32], w2[32];

	for (int i = 0; i < x->nleaders; i++) {
		const struct tq_leader *l = &k->d->leaders[x->leaders[i]];
		if (l->side != e->side)
			TQ_CHECK(k, "schedule.yaml", e->line, "%s is %s, in the %s line of %s",
				 l->name, tq_side_word(k->d, l->side), tq_side_word(k->d, e->side),
				 tq_when(e->month, w, sizeof w));
		else if (arrive && l->arrives != e->month && l->returns != e->month)
			TQ_CHECK(k, "schedule.yaml", e->line, "%s arrives in %s here, but "
				 "leaders.yaml gives him arrives: or returns: %s", l->name,
				 tq_when(e->month, w, sizeof w),
				 tq_when(l->arrives ? l->arrives : l->returns, w2, sizeof w2));
		else if (!arrive && l->withdrawn != e->month)
			TQ_CHECK(k, "schedule.yaml", e->line, "%s is withdrawn in %s here, but "
				 "leaders.yaml gives him withdrawn: %s", l->name,
				 tq_when(e->month, w, sizeof w), tq_when(l->withdrawn, w2, sizeof w2));
	}
}

static void tq_check_schedule(struct tq_check *k)
{
	const struct tq_data *d = k->d;

	for (int i = 0; i < d->schedule.nentries; i++) {
		const struct tq_schedule_entry *e = &d->schedule.entries[i];
		char w[32];
		if (e->month < d->first_turn || e->month > d->last_turn)
			TQ_CHECK(k, "schedule.yaml", e->line, "%s is not a turn of the game (17.0)",
				 tq_when(e->month, w, sizeof w));
		if (i && e->month < d->schedule.entries[i - 1].month)
			TQ_CHECK(k, "schedule.yaml", e->line, "%s comes after a later month; the "
				 "schedule is in the order of the months", tq_when(e->month, w,
										   sizeof w));
		tq_check_forces(k, e, &e->arrive, true);
		tq_check_forces(k, e, &e->withdraw, false);
		if (e->place == TQ_AT_AREA && e->arrive.nleaders + e->arrive.regulars == 0)
			TQ_CHECK(k, "schedule.yaml", e->line, "a place for a line that brings nothing");
	}
	for (int i = 0; i < d->nleaders; i++)
		tq_check_leader_months(k, i);
}

/* ---- 17.0: the scenarios ---- */

/* Whether the leader is in play at the month: arrived (or never
 * scheduled), and not withdrawn unless he has returned. */
static bool tq_in_play(const struct tq_leader *l, int month)
{
	if (l->arrives && l->arrives > month)
		return false;
	if (l->withdrawn && l->withdrawn <= month)
		return l->returns && l->returns <= month;
	return true;
}

static void tq_check_placement(struct tq_check *k, const struct tq_scenario *sc, int side,
			       const struct tq_placement *pl, int *placed)
{
	const struct tq_data *d = k->d;
	char file[64], w[32];

	snprintf(file, sizeof file, "scenarios/%s.yaml", sc->name);
	for (int i = 0; i < pl->nleaders; i++) {
		const struct tq_leader *l = &d->leaders[pl->leaders[i]];
		if ((int)l->side != side)
			TQ_CHECK(k, file, pl->line, "%s is %s, in the %s set-up", l->name,
				 tq_side_word(d, l->side), tq_side_word(d, (enum tq_side)side));
		if (placed[pl->leaders[i]])
			TQ_CHECK(k, file, pl->line, "%s is set up twice (first at line %d)", l->name,
				 placed[pl->leaders[i]]);
		placed[pl->leaders[i]] = pl->line;
		if (sc->start && pl->box != TQ_BOX_POW && !tq_in_play(l, sc->start))
			TQ_CHECK(k, file, pl->line, "%s is set up in %s but is not in play then "
				 "(leaders.yaml: arrives, withdrawn, returns)", l->name,
				 tq_when(sc->start, w, sizeof w));
	}
	for (int c = 0; c < TQ_COLONIES; c++)
		if (pl->militia[c] && side != TQ_CONTINENTAL)
			TQ_CHECK(k, file, pl->line, "militia: are Continental militia; the British "
				 "have loyalist_militia:");
	if (pl->loyalist_militia && side != TQ_BRITISH)
		TQ_CHECK(k, file, pl->line, "loyalist_militia: are the British's (12.0)");
	if (pl->governor >= 0 && side != TQ_BRITISH)
		TQ_CHECK(k, file, pl->line, "a Royal Governor is British (13.1.1)");
	if (pl->forts && side != TQ_BRITISH)
		TQ_CHECK(k, file, pl->line, "forts are British (4.1: only the British build them)");
}

static void tq_check_side(struct tq_check *k, const struct tq_scenario *sc, int side,
			  int *placed)
{
	const struct tq_side_setup *s = &sc->setup[side];
	const struct tq_data *d = k->d;
	char file[64];

	snprintf(file, sizeof file, "scenarios/%s.yaml", sc->name);
	for (int i = 0; i < s->nplacements; i++)
		tq_check_placement(k, sc, side, &s->placements[i], placed);
	for (int i = 0; i < s->nout; i++)
		if (placed[s->out[i]])
			TQ_CHECK(k, file, placed[s->out[i]], "%s is set up but also no longer in the "
				 "game (leaders_out_of_game)", d->leaders[s->out[i]].name);
	if (s->c_in_c >= 0 && !placed[s->c_in_c])
		TQ_CHECK(k, file, sc->line, "the commander_in_chief %s is not set up",
			 d->leaders[s->c_in_c].name);
	for (int i = 0; i < s->nafter_roll; i++) {
		const struct tq_leader *l = &d->leaders[s->after_roll[i]];
		if (l->militia_colony == TQ_NO_COLONY || (int)l->side != side)
			TQ_CHECK(k, file, sc->line, "%s is placed on his colony's militia but is no "
				 "%s militia leader (leaders.yaml's militia_colony)", l->name,
				 tq_side_word(d, (enum tq_side)side));
	}
	for (int i = 0; i < s->nrolls; i++)
		if (!placed[s->rolls[i].leader])
			TQ_CHECK(k, file, sc->line, "%s rolls for militia but is not set up",
				 d->leaders[s->rolls[i].leader].name);
}

static void tq_check_scenario(struct tq_check *k, const struct tq_scenario *sc)
{
	const struct tq_data *d = k->d;
	int placed[TQ_MAX_LEADERS] = { 0 };
	char file[64], w[32];

	snprintf(file, sizeof file, "scenarios/%s.yaml", sc->name);
	/* 17.0: "All campaign scenarios end on the October 1781 turn" */
	if (sc->end != d->last_turn)
		TQ_CHECK(k, file, sc->line, "the scenario ends in %s; every scenario ends with the "
			 "last turn of dataset.yaml (17.0)", tq_when(sc->end, w, sizeof w));
	for (int i = -1; i < sc->nreadings; i++) {
		int start = i < 0 ? sc->start : sc->readings[i];
		if (i < 0 && !start)
			continue;
		if (start < d->first_turn || start >= sc->end)
			TQ_CHECK(k, file, sc->line, "the scenario starts in %s, not a turn before its "
				 "end (17.0)", tq_when(start, w, sizeof w));
	}
	if (sc->start && sc->turns && sc->turns != sc->end - sc->start + 1)
		TQ_CHECK(k, file, sc->line, "%d turns from %s to its end; the months make %d", sc->turns,
			 tq_when(sc->start, w, sizeof w), sc->end - sc->start + 1);
	if (!sc->start && !sc->nreadings)
		TQ_CHECK(k, file, sc->line, "the scenario has no start");
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		tq_check_side(k, sc, side, placed);
}

/* ---- the areas and the map ---- */

static void tq_check_areas(struct tq_check *k)
{
	const struct tq_data *d = k->d;
	int capitals[TQ_COLONIES] = { 0 }, either_ports = 0;

	for (int i = 0; i < d->nareas; i++) {
		const struct tq_area *a = &d->areas[i];
		const char *file = a->line ? "areas.yaml" : "map.yaml";
		int line = a->line ? a->line : a->map_line;
		/* 6.3.1: "Charlestown and Savannah are each worth 2, while all
		 * other ports are worth 1" */
		if (a->port && a->port_value != (a->city ? 2 : 1))
			TQ_CHECK(k, file, line, "the port %s is worth %d; a city's port is worth 2, "
				 "every other port 1 (6.3.1)", a->id, a->port_value);
		if (a->city && !a->port)
			TQ_CHECK(k, file, line, "the city %s is no port; both cities are ports worth "
				 "2 (6.3.1)", a->id);
		if (a->capital && capitals[a->colony]++)
			TQ_CHECK(k, file, line, "%s is a second capital of %s; a colony has one (13.1)",
				 a->id, d->colony_name[a->colony]);
		either_ports += a->port && tq_colony_named(d, "either_port_colonies", a->colony);
	}
	if (!d->have_map)
		return;
	for (int c = 0; c < TQ_COLONIES; c++)
		if (!capitals[c])
			TQ_CHECK(k, "map.yaml", 0, "%s has no capital: true area; each colony has "
				 "its colonial capital (13.1)", d->colony_name[c]);
	/* 18.0, January and April 1781: "either port in Virginia" */
	if (either_ports != 2 && d->tables.nnumbers)
		TQ_CHECK(k, "map.yaml", 0, "the colony of tables.yaml's either_port_colonies has "
			 "%d ports; 18.0's \"either port in Virginia\" makes two", either_ports);
}

/* Every area of the map reached from the first across its borders. */
static void tq_check_connected(struct tq_check *k)
{
	const struct tq_data *d = k->d;
	int queue[TQ_MAX_AREAS], head = 0, tail = 0;
	bool seen[TQ_MAX_AREAS] = { false };

	if (!d->nareas)
		return;
	seen[0] = true;
	queue[tail++] = 0;
	while (head < tail) {
		const struct tq_area *a = &d->areas[queue[head++]];
		for (int i = 0; i < a->nborders; i++) {
			const struct tq_border *b = &d->borders[a->borders[i]];
			int to = b->a == queue[head - 1] ? b->b : b->a;
			if (!seen[to]) {
				seen[to] = true;
				queue[tail++] = to;
			}
		}
	}
	for (int i = 0; i < d->nareas; i++)
		if (!seen[i])
			TQ_CHECK(k, "map.yaml", d->areas[i].map_line, "%s cannot be reached from %s "
				 "across the borders", d->areas[i].id, d->areas[0].id);
}

/* 10.1.2: a corner is a river if any of its borders is; its areas in
 * order around it border each other. */
static void tq_check_corners(struct tq_check *k)
{
	const struct tq_data *d = k->d;

	for (int i = 0; i < d->ncorners; i++) {
		const struct tq_corner *c = &d->corners[i];
		bool river = false;
		for (int j = 0; j < 4; j++) {
			int a = c->areas[j], b = c->areas[(j + 1) % 4];
			int x = tq_border_between(d, a, b);
			if (x < 0)
				TQ_CHECK(k, "map.yaml", c->line, "the corner's %s and %s have no border; "
					 "list the four areas in order around the point",
					 d->areas[a].id, d->areas[b].id);
			else
				river |= d->borders[x].river;
		}
		if (river != c->river)
			TQ_CHECK(k, "map.yaml", c->line, "the corner says river: %s but %s of its "
				 "borders is a river (10.1.2)", c->river ? "true" : "false",
				 river ? "one" : "none");
	}
}

/* ---- the counters ---- */

static void tq_check_counter(struct tq_check *k, const struct tq_leader *l)
{
	const struct tq_counter *c = &l->counter;

	if (!c->present)
		return;
	if (c->kind == TQ_PROVINCIAL && (l->side != TQ_BRITISH || c->rank != TQ_COLONEL))
		TQ_CHECK(k, "leaders.yaml", c->line, "%s: only the British have Provincial leaders, "
			 "and no Provincial generals (11.1.1)", l->name);
	if ((c->kind == TQ_MILITIA) != (l->militia_colony != TQ_NO_COLONY))
		TQ_CHECK(k, "leaders.yaml", c->line, "%s: kind: militia is for the militia leaders "
			 "(militia_colony:, 11.1.2) and they alone", l->name);
	if ((c->kind == TQ_FRENCH) != l->french)
		TQ_CHECK(k, "leaders.yaml", c->line, "%s: kind: french is for the French leaders "
			 "(french: true, 14.2) and they alone", l->name);
	if (l->rank == TQ_COLONEL && c->rank != TQ_COLONEL)
		TQ_CHECK(k, "leaders.yaml", c->line, "%s is a colonel by the seed; his counter's "
			 "rank must be colonel", l->name);
	if (l->rank == TQ_GENERAL && (c->rank < TQ_ONE_STAR || c->rank > TQ_THREE_STAR))
		TQ_CHECK(k, "leaders.yaml", c->line, "%s is a general by the seed; his counter's "
			 "rank must be 1-star, 2-star or 3-star", l->name);
}

/* ---- the tables ---- */

static const struct tq_attrition_column *tq_column_of(const struct tq_tables *t, int month)
{
	for (int i = 0; i < t->nattrition; i++)
		if (t->attrition[i].months & 1 << (month - 1))
			return &t->attrition[i];
	return NULL;
}

/* 6.2: the north edge's areas are in its colony (tables.yaml). */
static void tq_check_north_edge(struct tq_check *k)
{
	for (int a = 0; a < k->d->nareas; a++) {
		const struct tq_area *ar = &k->d->areas[a];
		if (ar->north_edge && !tq_colony_named(k->d, "north_edge_colonies", ar->colony))
			TQ_CHECK(k, "map.yaml", ar->map_line, "%s is at the north edge, but not in "
				 "a colony of tables.yaml's north_edge_colonies (6.2)", ar->id);
	}
}

static void tq_check_tables(struct tq_check *k)
{
	const struct tq_tables *t = &k->d->tables;

	for (int i = 0; t->have_attrition && i < t->nattrition_known; i++) {
		const struct tq_known_entry *e = &t->attrition_known[i];
		const struct tq_attrition_column *c = tq_column_of(t, __builtin_ctz((unsigned)e->months) + 1);
		if (!c || c->months != e->months || c->percent[e->roll] != e->value)
			TQ_CHECK(k, "tables.yaml", t->attrition_line, "the Militia Attrition Table "
				 "must have the known entry of line %d: a column of exactly its "
				 "months with %d%% for a %d", e->line, e->value, e->roll);
	}
	for (int i = 0; t->have_generation && i < t->ngeneration_known; i++) {
		const struct tq_known_entry *e = &t->generation_known[i];
		int m = __builtin_ctz((unsigned)e->months);
		if (t->generation[m][e->colony][e->roll] != e->value)
			TQ_CHECK(k, "tables.yaml", t->generation_line, "the Militia Generation Table "
				 "gives %d SP for %s's %s roll %d; its known entry (line %d) is %d",
				 t->generation[m][e->colony][e->roll], tq_month_name(m + 1),
				 k->d->colony_name[e->colony], e->roll, e->line, e->value);
	}
	/* 10.1.2: "a river boundary that doesn't include a road ... two
	 * movement points"; "impassable while rain or flood are in effect" */
	if (t->have_terrain) {
		int river = 1 << TQ_RIVER_WITHOUT_ROAD | 1 << TQ_CORNER_WITH_RIVER;
		if (t->border_mp[TQ_RIVER_WITHOUT_ROAD] != t->river_without_road_mp)
			TQ_CHECK(k, "tables.yaml", t->terrain_line, "terrain_effects' river_without_road "
				 "costs %d MP; movement's river_without_road_mp is %d (10.1.2)",
				 t->border_mp[TQ_RIVER_WITHOUT_ROAD], t->river_without_road_mp);
		for (int w = TQ_WEATHER_RAIN; w <= TQ_WEATHER_FLOOD; w++)
			if ((t->closed[w] & river) != river)
				TQ_CHECK(k, "tables.yaml", t->terrain_line, "%s must close "
					 "river_without_road and corner_with_river (10.1.2)",
					 w == TQ_WEATHER_RAIN ? "rain" : "flood");
		/* 8.3.4: in flood "rivers become impassable" */
		if (!(t->closed[TQ_WEATHER_FLOOD] & 1 << TQ_RIVER_WITH_ROAD))
			TQ_CHECK(k, "tables.yaml", t->terrain_line, "flood must close river_with_road "
				 "too: rivers become impassable (8.3.4)");
	}
}

/* ---- the units (units.yaml) ---- */

static void tq_check_units(struct tq_check *k)
{
	const struct tq_data *d = k->d;
	const struct tq_unit *u = d->units;
	int total = 0;

	/* 10.2.3 and 10.1.1 give these two */
	if (u[TQ_LEADER_ALONE].mp != d->tables.leader_alone_mp)
		TQ_CHECK(k, "units.yaml", u[TQ_LEADER_ALONE].line, "a leader alone moves %d "
			 "(10.2.3, tables.yaml), not %d", d->tables.leader_alone_mp,
			 u[TQ_LEADER_ALONE].mp);
	if (u[TQ_BAGGAGE_TRAIN].mp != d->tables.baggage_train_mp)
		TQ_CHECK(k, "units.yaml", u[TQ_BAGGAGE_TRAIN].line, "a baggage train moves %d "
			 "(10.1.1, tables.yaml), not %d", d->tables.baggage_train_mp,
			 u[TQ_BAGGAGE_TRAIN].mp);
	for (int i = 0; i < TQ_UNIT_KINDS; i++)
		if (u[i].as_fast_as >= 0 && u[i].mp != u[u[i].as_fast_as].mp)
			TQ_CHECK(k, "units.yaml", u[i].line, "as_fast_as a kind that moves %d, but mp "
				 "is %d", u[u[i].as_fast_as].mp, u[i].mp);
	for (int i = 0; i < d->ngroups; i++)
		total += d->groups[i].count;
	if (total != d->mix_total)
		TQ_CHECK(k, "units.yaml", d->ngroups ? d->groups[0].line : 0, "the groups of "
			 "counter_mix add up to %d, not its total %d", total, d->mix_total);
	/* 1.3: "280 1/2\" counters" */
	if (d->counters && d->mix_total != d->counters)
		TQ_CHECK(k, "units.yaml", 0, "counter_mix's total is %d; dataset.yaml's components "
			 "say %d (1.3)", d->mix_total, d->counters);
}

static bool tq_in_box(const int *box, int x, int y)
{
	return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

/* The picture (map.yaml's `at` and `board`): no area drawn under the
 * legend or the panel, and no two areas at one place. */
static void tq_check_places(struct tq_check *k)
{
	const struct tq_data *d = k->d;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_area *ar = &d->areas[a];
		if (!ar->on_map)
			continue;
		if (tq_in_box(d->legend, ar->x, ar->y) || tq_in_box(d->panel, ar->x, ar->y))
			TQ_CHECK(k, "map.yaml", ar->map_line, "%s is drawn at [%d, %d], under the "
				 "board's %s", ar->id, ar->x, ar->y,
				 tq_in_box(d->legend, ar->x, ar->y) ? "legend" : "panel");
		for (int o = 0; o < a; o++)
			if (d->areas[o].on_map && d->areas[o].x == ar->x && d->areas[o].y == ar->y)
				TQ_CHECK(k, "map.yaml", ar->map_line, "%s is drawn at [%d, %d], where "
					 "%s is", ar->id, ar->x, ar->y, d->areas[o].id);
	}
}

int tq_data_check(const struct tq_data *d, struct wj_data_problems *p)
{
	struct tq_check k = { d, p, 0 };

	tq_check_schedule(&k);
	for (int i = 0; i < d->nscenarios; i++)
		tq_check_scenario(&k, &d->scenarios[i]);
	tq_check_areas(&k);
	if (d->have_map) {
		tq_check_connected(&k);
		tq_check_corners(&k);
		tq_check_places(&k);
	}
	for (int i = 0; i < d->nleaders; i++)
		tq_check_counter(&k, &d->leaders[i]);
	tq_check_tables(&k);
	if (d->have_map)
		tq_check_north_edge(&k);
	if (d->have_units)
		tq_check_units(&k);
	return k.n;
}
