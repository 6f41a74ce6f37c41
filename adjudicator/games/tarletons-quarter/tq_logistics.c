/* Tarleton's Quarter!'s monthly numbers (tq_logistics.h): attrition,
 * disease, foraging, the baggage limit, militia generation, activation
 * and the endeavour random event, Loyalist recruitment, prisoners and
 * the King's Peace. Every number comes from struct tq_data;
 * tq_logistics_check says which one a data set lacks. Readings of the
 * seed: docs/rulings.md, "Tarleton's Quarter!: logistics". */
#include "tq_logistics.h"
#include "buf.h"

/* The tables.yaml numbers this file reads, each by block and key. */
static const struct {
	const char *block, *key;
} NUMBERS[] = {
	{ "special_attrition", "loss_on_or_below" },
	{ "special_attrition", "never_below_sp" },
	{ "special_attrition", "at_sea_dice" },
	{ "special_attrition", "sick_leader_returns_months" },
	{ "special_attrition", "single_dice" },
	{ "special_attrition", "double_dice" },
	{ "special_attrition", "triple_dice" },
	{ "special_attrition", "smallpox_dice" },
	{ "special_attrition", "smallpox_from_month" },
	{ "special_attrition", "smallpox_to_month" },
	{ "special_attrition", "smallpox_sick_on_or_below" },
	{ "special_attrition", "smallpox_dies_on_all" },
	{ "special_attrition", "malaria_dice" },
	{ "special_attrition", "malaria_from_month" },
	{ "special_attrition", "malaria_to_month" },
	{ "special_attrition", "malaria_sick_on_or_below" },
	{ "special_attrition", "forage_single_up_to_ratio" },
	{ "special_attrition", "forage_double_up_to_ratio" },
	{ "supply", "continental_limit" },
	{ "loyalists", "recruit_sp" },
	{ "loyalists", "mobilization_sp" },
	{ "loyalists", "major_victory_continental" },
	{ "prisoners", "attrition_per_month" },
	{ "victory", "kings_peace_colonies_at_end" },
	{ "victory", "automatic_british_kings_peace_colonies" },
	{ "sequestered_estates", "from_year" },
	{ "sequestered_estates", "from_month" },
	{ "sequestered_estates", "areas_per_train" },
	{ "sequestered_estates", "min_garrison_sp" },
	{ "sequestered_estates", "small_supply_up_to" },
	{ "sequestered_estates", "large_area_counts" },
	{ "russia_merchant", "recruit_sp" },
	{ "russia_merchant", "from_year" },
	{ "russia_merchant", "from_month" },
	{ "russia_merchant", "to_year" },
	{ "russia_merchant", "to_month" },
};

/* The sets of colonies the rules name (6.2, 7.1.4, 8.3.5, 12.2, 16.3,
 * 18.0), by name. */
static const char *const COLONY_SETS[] = { "uprising_colonies", "governor_mobilization_colonies",
					   "sequestered_colonies", "north_edge_colonies",
					   "continental_base_colonies", "either_port_colonies" };

static bool names_a_colony(const struct tq_data *d, const char *block)
{
	for (int c = 0; c < TQ_COLONIES; c++)
		if (tq_colony_named(d, block, c))
			return true;
	return false;
}

int tq_logistics_check(const struct tq_data *d, char *why, size_t whylen)
{
	int v;

	bool capped = false;
	for (int c = 0; c < TQ_COLONIES; c++)
		capped |= tq_loyalist_monthly_cap(d, c, &v);
	if (!capped)
		return wj_why(why, whylen, "tables.yaml's loyalist_monthly_cap names no colony "
			      "(12.2.1)");
	for (size_t i = 0; i < sizeof COLONY_SETS / sizeof *COLONY_SETS; i++)
		if (!names_a_colony(d, COLONY_SETS[i]))
			return wj_why(why, whylen, "tables.yaml's %s names no colony (by its name)",
				      COLONY_SETS[i]);
	for (size_t i = 0; i < sizeof NUMBERS / sizeof *NUMBERS; i++)
		if (!tq_number(d, NUMBERS[i].block, NUMBERS[i].key, &v))
			return wj_why(why, whylen, "tables.yaml has no %s: %s", NUMBERS[i].block,
				      NUMBERS[i].key);
	if (!d->tables.have_attrition || !d->tables.have_generation || !d->tables.have_events)
		return wj_why(why, whylen, "tables.yaml lacks the Militia Attrition, Militia "
			      "Generation or Endeavor Random Event table (5.1, 6.5, 8.3)");
	return 0;
}

/* A number tq_logistics_check has found; 0 if it was not asked. */
static int num(const struct tq_data *d, const char *block, const char *key)
{
	int v = 0;

	return tq_number(d, block, key, &v) ? v : 0;
}

static bool die_ok(int die)
{
	return die >= 1 && die <= TQ_DIE;
}

/* A calendar month m in from..to, wrapping past December (October
 * through March). */
static bool month_within(int m, int from, int to)
{
	return from <= to ? m >= from && m <= to : m >= from || m <= to;
}

/* 5.1.2, 6.5 */
int tq_militia_attrition_roll(const struct tq_data *d, int die, enum tq_side major_victory)
{
	return major_victory == TQ_BRITISH ? die + d->tables.attrition_modifier : die;
}

int tq_generation_roll(const struct tq_data *d, int die, enum tq_side major_victory)
{
	return major_victory == TQ_BRITISH ? die + d->tables.generation_modifier : die;
}

/* 5.1.3 */
int tq_attrition_percent(const struct tq_data *d, int month, int roll, int *percent, char *why,
			 size_t whylen)
{
	int bit = 1 << (tq_month_of(month) - 1);

	if (roll < 0 || roll >= TQ_ROLLS)
		return wj_why(why, whylen, "a modified roll of %d: the table has 0 to %d (5.1.3)",
			      roll, TQ_ROLLS - 1);
	for (int c = 0; c < d->tables.nattrition; c++)
		if (d->tables.attrition[c].months & bit) {
			*percent = d->tables.attrition[c].percent[roll];
			return 0;
		}
	return wj_why(why, whylen, "the Militia Attrition Table has no column for %s (5.1.3)",
		      tq_month_name(tq_month_of(month)));
}

int tq_militia_attrition(const struct tq_data *d, int month, enum tq_side major_victory, int die,
			 int *percent, char *why, size_t whylen)
{
	if (!die_ok(die))
		return wj_why(why, whylen, "a die of %d (5.1.1: one die)", die);
	return tq_attrition_percent(d, month, tq_militia_attrition_roll(d, die, major_victory),
				    percent, why, whylen);
}

/* 5.1.4: rounding fractions down. */
int tq_attrition_loss(int sp, int percent)
{
	return sp > 0 && percent > 0 ? sp * percent / 100 : 0;
}

/* 5.1.1, 5.1.4: the roll is a colony's militia's ("The North Carolina
 * militia is being rolled for"), in whatever area they stand. */
void tq_militia_attrition_losses(const struct tq_troops *force, const int percent[TQ_COLONIES],
				 int lost[TQ_COLONIES])
{
	for (int c = 0; c < TQ_COLONIES; c++)
		lost[c] = tq_attrition_loss(force->militia[c], percent[c]);
}

/* 5.2: the British roll, only with the marker on its Continental side,
 * and 5.1.2's modifier is the Continentals' alone. */
int tq_loyalist_attrition(const struct tq_data *d, int month, enum tq_side major_victory, int die,
			  int *percent, char *why, size_t whylen)
{
	*percent = 0;
	if (major_victory != TQ_CONTINENTAL)
		return 0;
	if (!die_ok(die))
		return wj_why(why, whylen, "a die of %d (5.2: one die)", die);
	return tq_attrition_percent(d, month, die, percent, why, whylen);
}

/* 5.3, 5.3.1 */
int tq_special_attrition(const struct tq_data *d, int sp, int n, const int *dice, int *lost,
			 char *why, size_t whylen)
{
	int floor = num(d, "special_attrition", "never_below_sp");
	int hits = 0;

	*lost = 0;
	if (n < 1 || n > num(d, "special_attrition", "triple_dice"))
		return wj_why(why, whylen, "%d dice: special attrition is single, double or "
			      "triple (5.3)", n);
	for (int i = 0; i < n; i++) {
		if (!die_ok(dice[i]))
			return wj_why(why, whylen, "a die of %d (5.3)", dice[i]);
		hits += dice[i] <= num(d, "special_attrition", "loss_on_or_below");
	}
	if (sp - hits < floor)
		hits = sp > floor ? sp - floor : 0;
	*lost = hits;
	return 0;
}

int tq_at_sea_dice(const struct tq_data *d)
{
	return num(d, "special_attrition", "at_sea_dice");
}

/* 5.3.2 a, b */
enum tq_disease tq_disease_of(const struct tq_data *d, int month)
{
	int m = tq_month_of(month);

	if (month_within(m, num(d, "special_attrition", "smallpox_from_month"),
			 num(d, "special_attrition", "smallpox_to_month")))
		return TQ_SMALLPOX;
	if (month_within(m, num(d, "special_attrition", "malaria_from_month"),
			 num(d, "special_attrition", "malaria_to_month")))
		return TQ_MALARIA;
	return TQ_NO_DISEASE;
}

int tq_disease_dice(const struct tq_data *d, enum tq_disease disease)
{
	switch (disease) {
	case TQ_SMALLPOX:
		return num(d, "special_attrition", "smallpox_dice");
	case TQ_MALARIA:
		return num(d, "special_attrition", "malaria_dice");
	default:
		return 0;
	}
}

/* 5.3.2 a: "the area with the largest number of SPs"; a tie is read as
 * every area that has it (docs/rulings.md, "Tarleton's Quarter!: logistics"). */
int tq_smallpox_areas(const int *sp, int nareas, bool *smallpox)
{
	int most = 0, count = 0;

	for (int i = 0; i < nareas; i++)
		if (sp[i] > most)
			most = sp[i];
	for (int i = 0; i < nareas; i++) {
		smallpox[i] = most > 0 && sp[i] == most;
		count += smallpox[i];
	}
	return count;
}

/* 5.3.3: a 1 or 2 among smallpox's dice sickens one leader; all three
 * ones kill one instead; a 1 of yellow fever's die sickens one. */
int tq_disease_leaders(const struct tq_data *d, enum tq_disease disease, int n, const int *dice,
		       struct tq_disease_leaders *out, char *why, size_t whylen)
{
	int sick_on = disease == TQ_SMALLPOX ? num(d, "special_attrition", "smallpox_sick_on_or_below")
					     : num(d, "special_attrition", "malaria_sick_on_or_below");
	int dies_on = num(d, "special_attrition", "smallpox_dies_on_all");
	bool sick = false, all_dies = true;

	out->sick = out->dead = 0;
	if (disease == TQ_NO_DISEASE)
		return 0;
	if (n != tq_disease_dice(d, disease))
		return wj_why(why, whylen, "%d dice: %s is rolled with %d (5.3.2)", n,
			      disease == TQ_SMALLPOX ? "smallpox" : "malaria/yellow fever",
			      tq_disease_dice(d, disease));
	for (int i = 0; i < n; i++) {
		if (!die_ok(dice[i]))
			return wj_why(why, whylen, "a die of %d (5.3.3)", dice[i]);
		sick |= dice[i] <= sick_on;
		all_dies &= dice[i] == dies_on;
	}
	if (disease == TQ_SMALLPOX && all_dies)
		out->dead = 1;
	else if (sick)
		out->sick = 1;
	return 0;
}

enum tq_side tq_larger_force(int british_sp, int continental_sp)
{
	if (british_sp == continental_sp)
		return TQ_NOBODY;
	return british_sp > continental_sp ? TQ_BRITISH : TQ_CONTINENTAL;
}

int tq_sick_leader_returns(const struct tq_data *d, int month)
{
	return month + num(d, "special_attrition", "sick_leader_returns_months");
}

/* 5.4.2: militia at home are always in supply; 5.4.3: the Loyalists
 * are not; 14.1.4: the French always are. */
int tq_foraging_sp(const struct tq_troops *force, int colony)
{
	int sp = force->regulars + force->cavalry + force->loyalists;

	for (int c = 0; c < TQ_COLONIES; c++)
		if (c != colony)
			sp += force->militia[c];
	return sp;
}

/* 5.4.1 c: the ratio of SPs to the supply level, compared without
 * division: over n-1 means sp > n * supply. */
int tq_forage_dice(const struct tq_data *d, int sp, int supply)
{
	if (sp <= 0)
		return 0;
	if (sp <= num(d, "special_attrition", "forage_single_up_to_ratio") * supply)
		return num(d, "special_attrition", "single_dice");
	if (sp <= num(d, "special_attrition", "forage_double_up_to_ratio") * supply)
		return num(d, "special_attrition", "double_dice");
	return num(d, "special_attrition", "triple_dice");
}

/* 6.3.1 */
int tq_british_train_limit(const struct tq_data *d, const bool *british)
{
	int limit = 0;

	for (int i = 0; i < d->nareas; i++)
		if (british[i] && d->areas[i].port)
			limit += d->areas[i].port_value;
	return limit;
}

/* 6.3.2 */
int tq_continental_train_limit(const struct tq_data *d)
{
	return num(d, "supply", "continental_limit");
}

/* 6.3.1: over the limit, nothing is placed and nothing removed. */
int tq_trains_to_place(int limit, int on_board, int available)
{
	int room = limit - on_board;

	if (room <= 0 || available <= 0)
		return 0;
	return room < available ? room : available;
}

static bool month_from(const struct tq_data *d, const char *block, int month)
{
	return month >= TQ_MONTH(num(d, block, "from_year"), num(d, block, "from_month"));
}

/* 16.3 */
int tq_sequestered_trains(const struct tq_data *d, int month, const int *british_sp,
			  const bool *continentals)
{
	const char *b = "sequestered_estates";
	int areas = 0, per = num(d, b, "areas_per_train");

	if (!month_from(d, b, month) || per <= 0)
		return 0;
	for (int i = 0; i < d->nareas; i++) {
		const struct tq_area *a = &d->areas[i];
		if (!tq_colony_named(d, "sequestered_colonies", a->colony) || continentals[i] ||
		    british_sp[i] < num(d, b, "min_garrison_sp"))
			continue;
		areas += a->supply <= num(d, b, "small_supply_up_to") ? 1
								    : num(d, b, "large_area_counts");
	}
	return areas / per;
}

/* 6.5 */
bool tq_generation_month(const struct tq_data *d, int month)
{
	return d->tables.generation_months & (1 << (tq_month_of(month) - 1));
}

/* 6.5; 10.7.2: an invasion in a month without a column uses its
 * invasion column (tables.yaml's invasion_months). */
int tq_militia_generated(const struct tq_data *d, int month, enum tq_colony colony, int roll,
			 bool invasion, int *sp, char *why, size_t whylen)
{
	int m = tq_month_of(month);

	*sp = 0;
	if (colony < 0 || colony >= TQ_COLONIES)
		return wj_why(why, whylen, "no colony %d (2.0)", (int)colony);
	if (roll < 0 || roll >= TQ_ROLLS)
		return wj_why(why, whylen, "a modified roll of %d: the table has 0 to %d (6.5)",
			      roll, TQ_ROLLS - 1);
	if (!tq_generation_month(d, month)) {
		if (!invasion)
			return wj_why(why, whylen, "no militia is generated in %s: only in March, "
				      "June, September and December (6.5)", tq_month_name(m));
		m = d->tables.invasion_column[m - 1];
		if (m < 1 || m > 12)
			return wj_why(why, whylen, "the Militia Generation Table has no column "
				      "for an invasion in %s (10.7.2)",
				      tq_month_name(tq_month_of(month)));
	}
	*sp = d->tables.generation[m - 1][colony][roll];
	return 0;
}

/* 8.1.1 */
bool tq_activates(const struct tq_data *d, int leader, int die)
{
	if (leader < 0 || leader >= d->nleaders || !d->leaders[leader].counter.present)
		return false;
	return die_ok(die) && die <= d->leaders[leader].counter.audacity;
}

/* 8.3, 8.3.1 */
int tq_endeavor_event(const struct tq_data *d, int month, int die, enum tq_event *event,
		      char *why, size_t whylen)
{
	*event = TQ_NO_EVENT;
	if (!die_ok(die))
		return wj_why(why, whylen, "a die of %d (8.3: the activation die)", die);
	*event = d->tables.events[tq_month_of(month) - 1][die - 1];
	return 0;
}

/* 8.3.3, 8.3.4: rain on rain (or on the flood it made) floods; every
 * other event sets the weather it names, and no event clears it
 * (tables.yaml's weather_state). */
enum tq_weather tq_weather_after(enum tq_weather before, enum tq_event event)
{
	switch (event) {
	case TQ_RAIN:
		return before == TQ_WEATHER_RAIN || before == TQ_WEATHER_FLOOD ? TQ_WEATHER_FLOOD
									       : TQ_WEATHER_RAIN;
	case TQ_HEAT:
		return TQ_WEATHER_HEAT;
	default:
		return TQ_WEATHER_CLEAR;
	}
}

/* 8.3.5: "If this second die roll is also a 1": the second die falls on
 * the month's Loyalist face again. */
int tq_uprising_sp(const struct tq_data *d, int month, int again, int d6)
{
	if (!die_ok(again) || !die_ok(d6))
		return 0;
	return d->tables.events[tq_month_of(month) - 1][again - 1] == TQ_LOYALIST ? d6 : 0;
}

static bool russia_merchant_month(const struct tq_data *d, int month)
{
	const char *b = "russia_merchant";

	return month_from(d, b, month) &&
	       month <= TQ_MONTH(num(d, b, "to_year"), num(d, b, "to_month"));
}

bool tq_loyalist_monthly_cap(const struct tq_data *d, int colony, int *cap)
{
	return colony >= 0 && colony < TQ_COLONIES &&
	       tq_number(d, "loyalist_monthly_cap", d->colony_name[colony], cap);
}

/* 12.2: Brown or Ferguson; or SC or NC (tables.yaml's
 * governor_mobilization_colonies) with its capital and governor. */
static bool mobilization(const struct tq_data *d, const struct tq_recruit *r)
{
	return r->mobilizer ||
	       (tq_colony_named(d, "governor_mobilization_colonies", r->colony) &&
		r->capital_british && r->governor_placed);
}

/* 12.1, 12.2, 12.2.1; 16.4 replaces 12.2 from May to December 1780. The
 * Continental marker's -1 comes before Georgia's monthly cap
 * (docs/rulings.md, "Tarleton's Quarter!: logistics"). */
int tq_loyalist_recruits(const struct tq_data *d, const struct tq_recruit *r)
{
	int sp = num(d, "loyalists", "recruit_sp");
	int cap;

	if (r->russia_merchant && russia_merchant_month(d, r->month))
		sp = num(d, "russia_merchant", "recruit_sp");
	else if (mobilization(d, r))
		sp = num(d, "loyalists", "mobilization_sp");
	if (r->major_victory == TQ_CONTINENTAL)
		sp += num(d, "loyalists", "major_victory_continental");
	if (tq_loyalist_monthly_cap(d, r->colony, &cap)) /* 12.2.1 */
		cap -= r->capped_raised;
	else
		cap = sp;
	sp = sp < cap ? sp : cap;
	return sp > 0 ? sp : 0;
}

/* 2.0, 4.9: a city is a settlement in December 1778 and either way a
 * place militia may be raised. */
static bool settled(const struct tq_area *a)
{
	return a->settlement || a->city;
}

/* Any of a corner's areas is area's neighbour across it (10.1.2: a
 * force may move across the intersection). */
static bool continentals_across_corner(const struct tq_data *d, int area, const bool *continentals)
{
	for (int c = 0; c < d->ncorners; c++) {
		const int *in = d->corners[c].areas;
		if (in[0] != area && in[1] != area && in[2] != area && in[3] != area)
			continue;
		for (int k = 0; k < 4; k++)
			if (in[k] >= 0 && in[k] != area && continentals[in[k]])
				return true;
	}
	return false;
}

/* 12.1: "not adjacent to (or contains) any Continental forces": across a
 * border or a corner (docs/rulings.md, "Tarleton's Quarter!: logistics"). */
static bool continentals_near(const struct tq_data *d, int area, const bool *continentals)
{
	const struct tq_area *a = &d->areas[area];

	if (continentals[area])
		return true;
	for (int i = 0; i < a->nborders; i++) {
		const struct tq_border *b = &d->borders[a->borders[i]];
		if (continentals[b->a == area ? b->b : b->a])
			return true;
	}
	return continentals_across_corner(d, area, continentals);
}

bool tq_may_recruit_in(const struct tq_data *d, int area, const bool *continentals)
{
	if (area < 0 || area >= d->nareas || !settled(&d->areas[area]))
		return false;
	int cap;
	if (tq_loyalist_monthly_cap(d, d->areas[area].colony, &cap) && cap <= 0) /* 12.2.1 */
		return false;
	return !continentals_near(d, area, continentals);
}

bool tq_uprising_may_rise_in(const struct tq_data *d, int area, const bool *continentals)
{
	if (area < 0 || area >= d->nareas)
		return false;
	return settled(&d->areas[area]) &&
	       tq_colony_named(d, "uprising_colonies", d->areas[area].colony) && !continentals[area];
}

bool tq_militia_may_appear_in(const struct tq_data *d, int area, enum tq_colony colony,
			      bool british_controlled, bool besieged, bool just_invaded)
{
	const struct tq_area *a;

	if (area < 0 || area >= d->nareas)
		return false;
	a = &d->areas[area];
	if (a->colony != colony)
		return false;
	if (just_invaded)          /* 10.7.3 */
		return true;
	return settled(a) && !british_controlled && !besieged;
}

/* 15.3 */
int tq_pow_attrition(const struct tq_data *d, int pows)
{
	int left = pows - num(d, "prisoners", "attrition_per_month");

	return left > 0 ? left : 0;
}

/* 15.4.1 */
int tq_pow_exchange(int *british_pows, int *continental_pows)
{
	int n = *british_pows < *continental_pows ? *british_pows : *continental_pows;

	if (n < 0)
		n = 0;
	*british_pows -= n;
	*continental_pows -= n;
	return n;
}

/* 15.5: the rank on the counter (11.1), else the seed's. */
enum tq_rank tq_exchange_rank(const struct tq_data *d, int leader)
{
	const struct tq_leader *l = &d->leaders[leader];

	return l->counter.present ? l->counter.rank : l->rank;
}

/* 15.5, 15.5.1: rank for rank, the kind of leader ignored. */
int tq_leader_exchange(const struct tq_data *d, const int *held_by_british, int nb,
		       const int *held_by_continental, int nc, int *per_rank)
{
	int british[TQ_RANKS] = { 0 }, continental[TQ_RANKS] = { 0 }, total = 0;

	for (int i = 0; i < nb; i++)
		if (held_by_british[i] >= 0 && held_by_british[i] < d->nleaders)
			continental[tq_exchange_rank(d, held_by_british[i])]++;
	for (int i = 0; i < nc; i++)
		if (held_by_continental[i] >= 0 && held_by_continental[i] < d->nleaders)
			british[tq_exchange_rank(d, held_by_continental[i])]++;
	for (int r = 0; r < TQ_RANKS; r++) {
		per_rank[r] = british[r] < continental[r] ? british[r] : continental[r];
		total += per_rank[r];
	}
	return total;
}

/* 13.1: Continental regulars are its regular infantry and cavalry; the
 * French are excluded, and militia do not count. */
bool tq_kings_peace(const struct tq_colony_facts *f)
{
	return f->continental.regulars + f->continental.cavalry == 0 && f->capital_sole_british &&
	       f->governor_in_capital;
}

bool tq_kings_peace_victory(const struct tq_data *d, int colonies)
{
	return colonies >= num(d, "victory", "kings_peace_colonies_at_end");
}

bool tq_british_automatic_victory(const struct tq_data *d, int colonies)
{
	return colonies >= num(d, "victory", "automatic_british_kings_peace_colonies");
}

bool tq_continental_automatic_victory(int british_sp_on_board)
{
	return british_sp_on_board <= 0;
}
