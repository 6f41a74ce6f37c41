/* A scenario's starting position (17.0-17.4, 4.9): see tq_setup.h. */
#include <string.h>

#include "buf.h"
#include "game.h"
#include "tq_setup.h"

#define ALL_COLONIES ((1u << TQ_COLONIES) - 1)

void tq_state_empty(const struct tq_data *d, struct tq_state *s)
{
	*s = (struct tq_state){ 0 };
	for (int a = 0; a < TQ_MAX_AREAS; a++)
		s->area[a].governor = -1;
	for (int g = 0; g < TQ_MAX_GOVERNORS; g++)
		s->governor_area[g] = -1;
	for (int side = 0; side < TQ_SIDES; side++) {
		s->side[side].base = -1;
		s->side[side].c_in_c = -1;
		s->to_place[side].spared_area = -1;
	}
	(void)d;
}

int tq_setup_start(const struct tq_data *d, const struct tq_scenario *sc)
{
	if (sc->start)
		return sc->start;
	/* 17.4: "Start Turn December 1778" against "Place the turn marker on
	 * February of 1780": the full campaign's first turn (17.0) wins. */
	for (int i = 0; i < sc->nreadings; i++)
		if (sc->readings[i] == d->first_turn)
			return sc->readings[i];
	return sc->nreadings ? sc->readings[0] : 0;
}

/* A special rule of sc by its number, or NULL. */
static const struct tq_special_rule *tq_rule(const struct tq_scenario *sc, const char *number)
{
	for (int i = 0; i < sc->nrules; i++)
		if (!strcmp(sc->rules[i].number, number))
			return &sc->rules[i];
	return NULL;
}

/* The month a rule of sc applies from: its applies_from, or the start
 * where it is the scenario's own rule (17.2.3 in 17.2); 0 where the
 * scenario only lists it (17.3: docs/rulings.md, "Tarleton's Quarter!: set-up"). */
static int tq_rule_from(const struct tq_scenario *sc, const char *number, int start)
{
	const struct tq_special_rule *r = tq_rule(sc, number);
	size_t n = strlen(sc->name);

	if (!r)
		return 0;
	if (r->applies_from)
		return r->applies_from;
	return !strncmp(r->number, sc->name, n) && r->number[n] == '.' ? start : 0;
}

/* 6.5, 10.7.2: the month whose column a roll in `month` uses. */
static int tq_column(const struct tq_data *d, int month)
{
	int m = tq_month_of(month);

	if (d->tables.generation_months & 1 << (m - 1))
		return m;
	return d->tables.invasion_column[m - 1];
}

static void tq_add_sps(struct tq_sps *to, const struct tq_placement *pl)
{
	to->regulars += pl->regulars;
	to->cavalry += pl->cavalry;
	to->loyalists += pl->loyalist_militia;
	for (int c = 0; c < TQ_COLONIES; c++)
		to->militia[c] += pl->militia[c];
}

/* Each leader once, on his own side. */
static int tq_claim(const struct tq_data *d, bool *seen, int l, enum tq_side side, char *why,
		    size_t whylen)
{
	if (l < 0 || l >= d->nleaders)
		return wj_why(why, whylen, "a set-up names leader %d, who is not in leaders.yaml", l);
	if (seen[l])
		return wj_why(why, whylen, "%s is set up twice", d->leaders[l].name);
	if (d->leaders[l].side != side)
		return wj_why(why, whylen, "%s is set up on the side that is not his",
			      d->leaders[l].name);
	seen[l] = true;
	return 0;
}

static int tq_place_leaders(const struct tq_data *d, const struct tq_placement *pl,
			    enum tq_side side, enum tq_where where, struct tq_state *s, bool *seen,
			    char *why, size_t whylen)
{
	struct tq_to_place *tp = &s->to_place[side];

	for (int i = 0; i < pl->nleaders; i++) {
		int l = pl->leaders[i];
		if (tq_claim(d, seen, l, side, why, whylen))
			return -1;
		s->leader[l].where = where;
		s->leader[l].area = (short)(where == TQ_ON_MAP ? pl->area : 0);
		if (where == TQ_NOT_ARRIVED)    /* 17.4.2: to be set up */
			tp->leaders[tp->nleaders++] = (short)l;
	}
	return 0;
}

/* One placement of the scenario: on the map, at sea, in the POW box, or
 * to be placed freely (17.4.2). */
static int tq_placement(const struct tq_data *d, const struct tq_placement *pl, enum tq_side side,
			struct tq_state *s, bool *seen, char *why, size_t whylen)
{
	struct tq_to_place *tp = &s->to_place[side];
	struct tq_area_state *a;

	switch (pl->box) {
	case TQ_BOX_AT_SEA: /* 17.4.3 */
		tq_add_sps(&s->at_sea, pl);
		s->at_sea_trains = (short)(s->at_sea_trains + pl->baggage_trains);
		s->side[side].base_at_sea |= pl->base_of_operations;
		return tq_place_leaders(d, pl, side, TQ_AT_SEA_BOX, s, seen, why, whylen);
	case TQ_BOX_POW: /* 17.3.2 */
		return tq_place_leaders(d, pl, side, TQ_POW, s, seen, why, whylen);
	case TQ_BOX_FREE: /* 17.4.2: anywhere in the four colonies */
		tq_add_sps(&tp->sps, pl);
		tp->trains = (short)(tp->trains + pl->baggage_trains + pl->magazines);
		tp->colonies = ALL_COLONIES;
		return tq_place_leaders(d, pl, side, TQ_NOT_ARRIVED, s, seen, why, whylen);
	case TQ_IN_AREA:
		break;
	}
	if (pl->area < 0 || pl->area >= d->nareas)
		return wj_why(why, whylen, "a set-up places pieces in area %d, not on the map",
			      pl->area);
	a = &s->area[pl->area];
	tq_add_sps(&a->side[side].ready, pl);
	a->side[side].inside.magazines = (short)(a->side[side].inside.magazines + pl->magazines);
	a->side[side].field.trains = (short)(a->side[side].field.trains + pl->baggage_trains);
	if (pl->forts) {        /* 17.3.2's forts */
		a->fort = TQ_FORT;
		a->fort_side = (short)side;
	}
	if (pl->base_of_operations) {
		a->base[side] = true;
		s->side[side].base = (short)pl->area;
	}
	if (pl->governor >= 0) { /* 17.2.1, 17.3.2: Wright */
		a->governor = (short)pl->governor;
		s->governor_area[pl->governor] = (short)pl->area;
	}
	return tq_place_leaders(d, pl, side, TQ_ON_MAP, s, seen, why, whylen);
}

/* 2.0: the Continental base is "initially Richmond"; a scenario that
 * names no base (17.4) takes the one the others name. */
static int tq_usual_base(const struct tq_data *d, enum tq_side side)
{
	for (int i = 0; i < d->nscenarios; i++)
		if (d->scenarios[i].setup[side].base >= 0)
			return d->scenarios[i].setup[side].base;
	return -1;
}

static void tq_base(const struct tq_data *d, const struct tq_side_setup *ss, enum tq_side side,
		    struct tq_state *s)
{
	int base = ss->base;

	if (ss->base_at_sea)
		s->side[side].base_at_sea = true;
	if (s->side[side].base >= 0 || s->side[side].base_at_sea)
		base = s->side[side].base;
	else if (base < 0)
		base = tq_usual_base(d, side);
	if (base >= 0) {
		s->side[side].base = (short)base;
		s->area[base].base[side] = true;
	}
}

/* A C-in-C who comes only by the succession (11.1.3 a): no line of 18.0. */
static bool tq_successor(const struct tq_leader *l)
{
	return (l->c_in_c || l->c_in_c_implied) && !l->arrives && !l->returns && !l->withdrawn;
}

/* A leader the set-up does not place: to come by 18.0 from `from` on, held
 * for the succession, or gone. */
static void tq_unplaced(const struct tq_data *d, int l, int from, bool successor_set_up,
			struct tq_leader_state *ls)
{
	const struct tq_leader *x = &d->leaders[l];

	*ls = (struct tq_leader_state){ .where = TQ_GONE };
	if (x->arrives >= from)
		*ls = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED, .arrives = x->arrives };
	else if (x->returns >= from) /* "returning if not killed or captured" */
		*ls = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED, .arrives = x->returns };
	else if (tq_successor(x) && !successor_set_up)
		*ls = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED };
}

static bool tq_to_set_up(const struct tq_state *s, enum tq_side side, int l)
{
	const struct tq_to_place *tp = &s->to_place[side];

	for (int i = 0; i < tp->nleaders; i++)
		if (tp->leaders[i] == l)
			return true;
	return false;
}

int tq_senior_c_in_c(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	int best = -1, best_v = -1;

	for (int l = 0; l < d->nleaders; l++) {
		const struct tq_leader_state *ls = &s->leader[l];
		int v = 0;
		if (d->leaders[l].side != side || !ls->c_in_c ||
		    !(ls->where == TQ_ON_MAP || ls->where == TQ_AT_SEA_BOX || tq_to_set_up(s, side, l)))
			continue;
		tq_number(d, "c_in_c_seniority", d->leaders[l].name, &v);
		if (v > best_v)
			best = l, best_v = v;
	}
	return best;
}

int tq_next_in_succession(const struct tq_data *d, const struct tq_state *s, enum tq_side side)
{
	int best = -1, best_v = 0;
	for (int l = 0; l < d->nleaders; l++) {
		int v = 0;
		if (d->leaders[l].side != side || !tq_successor(&d->leaders[l]) ||
		    s->leader[l].where != TQ_NOT_ARRIVED || s->leader[l].arrives)
			continue;
		tq_number(d, "c_in_c_seniority", d->leaders[l].name, &v);
		if (best < 0 || v < best_v)
			best = l, best_v = v;
	}
	return best;
}

/* Every leader of side the set-up does not name; then the C-in-C. */
static void tq_leaders_rest(const struct tq_data *d, const struct tq_scenario *sc,
			    enum tq_side side, struct tq_state *s, const bool *seen)
{
	bool successor = false;

	for (int l = 0; l < d->nleaders; l++)
		if (d->leaders[l].side == side && seen[l] && tq_successor(&d->leaders[l]))
			successor = true;
	for (int l = 0; l < d->nleaders; l++) {
		if (d->leaders[l].side != side)
			continue;
		if (!seen[l])
			tq_unplaced(d, l, s->reinforcements_from, successor, &s->leader[l]);
		else if (s->leader[l].where != TQ_GONE && s->leader[l].where != TQ_POW)
			s->leader[l].c_in_c = d->leaders[l].c_in_c || d->leaders[l].c_in_c_implied;
	}
	s->side[side].c_in_c = (short)(sc->setup[side].c_in_c >= 0 ? sc->setup[side].c_in_c :
				       tq_senior_c_in_c(d, s, side));
}

/* The Available box (6.3.1: "British supply units begin in the Available
 * box"; 6.3.2: the Continental limit is always six; 17.3): what is stated,
 * else every supply unit of the side not set up. */
static int tq_pool(const struct tq_data *d, const struct tq_scenario *sc, enum tq_side side,
		   struct tq_state *s, char *why, size_t whylen)
{
	/* set up: on the map, at sea (British, 10.5.6) or still to be placed */
	int total = -1, on_board = s->to_place[side].trains;

	if (sc->setup[side].available_baggage_trains >= 0) {
		s->side[side].available = (short)sc->setup[side].available_baggage_trains;
		return 0;
	}
	if (side == TQ_BRITISH)
		total = tq_counter_count(d, "british_baggage_trains");
	else if (!tq_number(d, "supply", "continental_limit", &total))
		total = -1;
	if (total < 0)
		return wj_why(why, whylen, "the %s baggage trains' number is not in the data "
			      "(units.yaml's counter_mix, tables.yaml's supply)", d->side_name[side]);
	if (side == TQ_BRITISH)
		on_board += s->at_sea_trains;
	for (int a = 0; a < d->nareas; a++)
		on_board += s->area[a].side[side].inside.magazines + s->area[a].side[side].field.trains;
	if (on_board > total)
		return wj_why(why, whylen, "the %s set-up has %d baggage trains and magazines, more "
			      "than its %d", d->side_name[side], on_board, total);
	s->side[side].available = (short)(total - on_board);
	return 0;
}

/* 17.2.2's militia roll: every colony's generation, then attrition but for
 * the 5 SC militia at Ninety-Six, then the militia leaders. */
static void tq_militia_roll(const struct tq_data *d, const struct tq_side_setup *ss,
			    struct tq_state *s, struct tq_to_place *tp)
{
	tp->generate = ALL_COLONIES;
	tp->column = tq_column(d, s->month);
	tp->attrition = true;
	tp->spared_area = (short)ss->attrition_spares;
	for (int i = 0; i < ss->nafter_roll; i++) {
		tp->after[tp->nafter++] = (short)ss->after_roll[i];
		s->leader[ss->after_roll[i]] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED };
	}
}

/* 17.3.1's special deployment: one roll per asterisked leader on his
 * column, instead of the month's generation and attrition. */
static void tq_special_rolls(const struct tq_data *d, const struct tq_side_setup *ss,
			     struct tq_state *s, struct tq_to_place *tp)
{
	for (int i = 0; i < ss->nrolls; i++) {
		tp->rolls[tp->nrolls] = (short)ss->rolls[i].leader;
		tp->roll_colony[tp->nrolls++] = (short)ss->rolls[i].colony;
	}
	tp->column = tq_column(d, s->month);
	s->no_militia_month = s->month;
}

/* What is asked first: the British declaration (17.4.1); the Continental
 * militia (17.2.2, 17.3.1) have their dice rolled first, so nothing is
 * asked yet and the set-up's run (tq_setup_play.c) rolls them; or
 * nothing: the first turn begins (3.0 A). */
static void tq_first_question(const struct tq_data *d, struct tq_state *s)
{
	struct tq_to_place *br = &s->to_place[TQ_BRITISH], *co = &s->to_place[TQ_CONTINENTAL];
	int declare = 0;

	s->phase = TQ_SETUP;
	s->step = 0;
	if (co->nleaders || co->trains || co->sps.regulars) {
		tq_number(d, "free_deployment", "declared_colonies", &declare);
		br->declare = (short)declare;
		/* without a declaration the run asks the Continental set-up */
		s->question = declare ? TQ_ASK_SETUP : TQ_ASK_NOTHING;
		s->asked = declare ? GAME_SIDE(TQ_BRITISH) : 0;
	} else if (co->generate || co->nrolls) {
		s->question = TQ_ASK_NOTHING; /* the run rolls, then asks */
		s->asked = 0;
	} else {
		s->phase = TQ_SIEGE_RESOLUTION;
		s->question = TQ_ASK_NOTHING;
	}
}

static int tq_side_setup(const struct tq_data *d, const struct tq_scenario *sc, enum tq_side side,
			 struct tq_state *s, bool *seen, char *why, size_t whylen)
{
	const struct tq_side_setup *ss = &sc->setup[side];

	for (int i = 0; i < ss->nplacements; i++)
		if (tq_placement(d, &ss->placements[i], side, s, seen, why, whylen))
			return -1;
	for (int i = 0; i < ss->nout; i++) {
		if (tq_claim(d, seen, ss->out[i], side, why, whylen))
			return -1;
		s->leader[ss->out[i]].where = TQ_GONE;
	}
	for (int i = 0; i < ss->nafter_roll; i++)
		if (tq_claim(d, seen, ss->after_roll[i], side, why, whylen))
			return -1;
	tq_base(d, ss, side, s);
	if (ss->nafter_roll)
		tq_militia_roll(d, ss, s, &s->to_place[side]);
	if (ss->nrolls)
		tq_special_rolls(d, ss, s, &s->to_place[side]);
	tq_leaders_rest(d, sc, side, s, seen);
	return tq_pool(d, sc, side, s, why, whylen);
}

int tq_setup(const struct tq_data *d, const struct tq_scenario *sc, unsigned options,
	     struct tq_state *s, char *why, size_t whylen)
{
	bool seen[TQ_MAX_LEADERS] = { false };
	int start = tq_setup_start(d, sc);

	tq_state_empty(d, s);
	if (!start || !sc->end)
		return wj_why(why, whylen, "scenario %s gives no start or no end month", sc->name);
	snprintf(s->scenario, sizeof s->scenario, "%s", sc->name);
	s->month = start;
	s->last_month = sc->end;
	s->options = options;
	s->weather = sc->weather;
	s->major_victory = sc->major_victory;
	s->invaded = (unsigned)sc->invaded;
	s->kings_peace = (unsigned)sc->kings_peace;
	s->reinforcements_from = sc->reinforcements_begin ? sc->reinforcements_begin : start + 1;
	/* 4.9: settlements "throughout the December 1778 turn", the full
	 * campaign's first (17.0) */
	s->disrepair = tq_rule(sc, "4.9") && start == d->first_turn;
	s->first_turn = tq_rule(sc, "17.1.3 A") != NULL;
	s->first_attack = s->first_turn;
	s->sailors_from = tq_rule_from(sc, "17.2.3", start);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		if (tq_side_setup(d, sc, (enum tq_side)side, s, seen, why, whylen))
			return -1;
	tq_first_question(d, s);
	return 0;
}
