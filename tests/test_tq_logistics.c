/* Tarleton's Quarter!'s monthly numbers (tq_logistics.c, seed 001): each
 * test names the rule it checks and asserts what the seed says, with
 * the seed's worked examples in their own numbers (5.1, 5.4.2, 6.3.1,
 * 6.5, 15.4), on the real data/tarletons-quarter/. Readings of the seed:
 * docs/rulings.md, "Tarleton's Quarter!: logistics". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tq_data.h"
#include "tq_logistics.h"
#include "tq_support.h"

static char why[256];

#define JUNE_1780 TQ_MONTH(1780, 6)

/* The data's numbers and charts (5.1, 6.5, 8.3): tq_logistics_check
 * names one that is missing. */
static void logistics_check_names_a_missing_number(void **state)
{
	struct tq_data *d = malloc(sizeof *d);
	(void)state;
	assert_non_null(d);
	*d = *D;
	for (int i = 0; i < d->tables.nnumbers; i++)
		if (!strcmp(d->tables.numbers[i].block, "loyalists") &&
		    !strcmp(d->tables.numbers[i].key, "recruit_sp"))
			strcpy(d->tables.numbers[i].key, "gone");
	assert_int_equal(tq_logistics_check(d, why, sizeof why), -1);
	assert_non_null(strstr(why, "recruit_sp"));
	*d = *D;
	d->tables.have_events = false;
	assert_int_equal(tq_logistics_check(d, why, sizeof why), -1);
	assert_non_null(strstr(why, "8.3"));
	/* 6.2, 7.1.4, 18.0: Virginia's parts are the data's, by the colony's
	 * name, as 8.3.5's, 12.2's and 16.3's are */
	static const char *const VIRGINIA[] = { "north_edge_colonies", "continental_base_colonies",
						"either_port_colonies" };
	for (size_t b = 0; b < sizeof VIRGINIA / sizeof *VIRGINIA; b++) {
		*d = *D;
		assert_true(tq_colony_named(d, VIRGINIA[b], TQ_VIRGINIA));
		assert_false(tq_colony_named(d, VIRGINIA[b], TQ_GEORGIA));
		for (int i = 0; i < d->tables.nnumbers; i++)
			if (!strcmp(d->tables.numbers[i].block, VIRGINIA[b]))
				strcpy(d->tables.numbers[i].key, "Atlantis");
		assert_int_equal(tq_logistics_check(d, why, sizeof why), -1);
		assert_non_null(strstr(why, VIRGINIA[b]));
	}
	free(d);
}

/* 5.1 example: June, British major victory, NC rolls 5 -> 4 -> the
 * June-August column's 20%: 10 SP lose 2, 3 SP lose 0. */
static void attrition_5_1_example(void **state)
{
	int percent = -1;
	(void)state;
	assert_int_equal(tq_militia_attrition_roll(D, 5, TQ_BRITISH), 4);
	assert_int_equal(tq_militia_attrition(D, JUNE_1780, TQ_BRITISH, 5, &percent, why,
					      sizeof why), 0);
	assert_int_equal(percent, 20);
	assert_int_equal(tq_attrition_loss(10, percent), 2);
	assert_int_equal(tq_attrition_loss(3, percent), 0);
}

/* 5.1.1, 5.1.4: each colony's militia at its own colony's percentage,
 * in whatever colony the area is (ruling): NC militia in South Carolina
 * take NC's 20%, SC militia there SC's 0%. */
static void attrition_5_1_4_by_home_colony(void **state)
{
	struct tq_troops f = { .regulars = 6, .loyalists = 4 };
	int percent[TQ_COLONIES] = { 0 }, lost[TQ_COLONIES];
	(void)state;
	f.militia[TQ_NORTH_CAROLINA] = 10;
	f.militia[TQ_SOUTH_CAROLINA] = 5;
	percent[TQ_NORTH_CAROLINA] = 20;
	percent[TQ_VIRGINIA] = 50;
	tq_militia_attrition_losses(&f, percent, lost);
	assert_int_equal(lost[TQ_NORTH_CAROLINA], 2);
	assert_int_equal(lost[TQ_SOUTH_CAROLINA], 0);
	assert_int_equal(lost[TQ_VIRGINIA], 0);
	assert_int_equal(lost[TQ_GEORGIA], 0);
}

/* 5.1.2: no modifier with the marker Continental side up; 5.1.3: the
 * month picks its column (July and August share June's). */
static void attrition_5_1_2_modifier_and_column(void **state)
{
	int june, august, unmodified;
	(void)state;
	assert_int_equal(tq_militia_attrition_roll(D, 5, TQ_CONTINENTAL), 5);
	assert_int_equal(tq_militia_attrition(D, TQ_MONTH(1780, 8), TQ_BRITISH, 5, &august, why,
					      sizeof why), 0);
	assert_int_equal(tq_attrition_percent(D, JUNE_1780, 4, &june, why, sizeof why), 0);
	assert_int_equal(august, june);
	assert_int_equal(tq_militia_attrition(D, JUNE_1780, TQ_CONTINENTAL, 5, &unmodified, why,
					      sizeof why), 0);
	assert_true(unmodified < june);   /* the -1 hurts the Continentals */
}

/* 5.1.1: one die, 1..6; the table's rolls are 0..6. */
static void attrition_5_1_refuses_bad_dice(void **state)
{
	int percent;
	(void)state;
	assert_int_equal(tq_militia_attrition(D, JUNE_1780, TQ_BRITISH, 7, &percent, why,
					      sizeof why), -1);
	assert_non_null(strstr(why, "7"));
	assert_int_equal(tq_militia_attrition(D, JUNE_1780, TQ_BRITISH, 0, &percent, why,
					      sizeof why), -1);
	assert_int_equal(tq_attrition_percent(D, JUNE_1780, -1, &percent, why, sizeof why), -1);
}

/* 5.2: the Loyalists roll only with the marker Continental side up, on
 * the same columns; with it British side up they lose nothing. */
static void attrition_5_2_loyalists(void **state)
{
	int percent = -1, table;
	(void)state;
	assert_int_equal(tq_loyalist_attrition(D, JUNE_1780, TQ_BRITISH, 1, &percent, why,
					       sizeof why), 0);
	assert_int_equal(percent, 0);
	assert_int_equal(tq_loyalist_attrition(D, JUNE_1780, TQ_CONTINENTAL, 4, &percent, why,
					       sizeof why), 0);
	assert_int_equal(tq_attrition_percent(D, JUNE_1780, 4, &table, why, sizeof why), 0);
	assert_int_equal(percent, table);   /* unmodified: 4 is 4 */
	assert_int_equal(percent, 20);
}

/* 5.3: each die of 3 or less takes 1 SP; single, double, triple. */
static void special_attrition_5_3_dice(void **state)
{
	int lost;
	(void)state;
	assert_int_equal(tq_special_attrition(D, 10, 1, (int[]){ 3 }, &lost, why, sizeof why), 0);
	assert_int_equal(lost, 1);
	assert_int_equal(tq_special_attrition(D, 10, 1, (int[]){ 4 }, &lost, why, sizeof why), 0);
	assert_int_equal(lost, 0);
	assert_int_equal(tq_special_attrition(D, 10, 2, (int[]){ 1, 6 }, &lost, why, sizeof why),
			 0);
	assert_int_equal(lost, 1);
	assert_int_equal(tq_special_attrition(D, 10, 3, (int[]){ 1, 2, 3 }, &lost, why, sizeof why),
			 0);
	assert_int_equal(lost, 3);
}

/* 5.3: no area below 1 SP; 5.3.1: at sea triple, nor the At Sea box. */
static void special_attrition_5_3_never_below_one(void **state)
{
	int lost;
	(void)state;
	assert_int_equal(tq_at_sea_dice(D), 3);
	assert_int_equal(tq_special_attrition(D, 2, 3, (int[]){ 1, 1, 1 }, &lost, why, sizeof why),
			 0);
	assert_int_equal(lost, 1);
	assert_int_equal(tq_special_attrition(D, 1, 3, (int[]){ 1, 1, 1 }, &lost, why, sizeof why),
			 0);
	assert_int_equal(lost, 0);
	assert_int_equal(tq_special_attrition(D, 0, 1, (int[]){ 1 }, &lost, why, sizeof why), 0);
	assert_int_equal(lost, 0);
}

/* 5.3: four dice, or a die of 0, is no special attrition. */
static void special_attrition_5_3_refusals(void **state)
{
	int lost;
	(void)state;
	assert_int_equal(tq_special_attrition(D, 10, 4, (int[]){ 1, 1, 1, 1 }, &lost, why,
					      sizeof why), -1);
	assert_non_null(strstr(why, "triple"));
	assert_int_equal(tq_special_attrition(D, 10, 0, (int[]){ 1 }, &lost, why, sizeof why), -1);
	assert_int_equal(tq_special_attrition(D, 10, 1, (int[]){ 0 }, &lost, why, sizeof why), -1);
}

/* 5.3.2 a: smallpox October through March, triple; b: malaria and
 * yellow fever April through September, single. */
static void disease_5_3_2_months_and_dice(void **state)
{
	(void)state;
	for (int m = 1; m <= 12; m++) {
		enum tq_disease want = m >= 4 && m <= 9 ? TQ_MALARIA : TQ_SMALLPOX;
		assert_int_equal(tq_disease_of(D, TQ_MONTH(1780, m)), want);
	}
	assert_int_equal(tq_disease_dice(D, TQ_SMALLPOX), 3);
	assert_int_equal(tq_disease_dice(D, TQ_MALARIA), 1);
	assert_int_equal(tq_disease_dice(D, TQ_NO_DISEASE), 0);
}

/* 5.3.2 a: the area with the largest number of SPs; a tie rolls each
 * (ruling); no SPs, no area. */
static void disease_5_3_2_a_smallpox_area(void **state)
{
	bool pox[4];
	(void)state;
	assert_int_equal(tq_smallpox_areas((int[]){ 3, 12, 7, 0 }, 4, pox), 1);
	assert_false(pox[0]);
	assert_true(pox[1]);
	assert_false(pox[2]);
	assert_int_equal(tq_smallpox_areas((int[]){ 9, 2, 9, 0 }, 4, pox), 2);
	assert_true(pox[0] && pox[2] && !pox[1]);
	assert_int_equal(tq_smallpox_areas((int[]){ 0, 0, 0, 0 }, 4, pox), 0);
	assert_false(pox[0]);
}

/* 5.3.3: smallpox: a 1 or 2 makes one leader of the larger force sick;
 * three ones kill one (ruling: instead); a 3 does nothing. */
static void disease_5_3_3_smallpox_leaders(void **state)
{
	struct tq_disease_leaders l;
	(void)state;
	assert_int_equal(tq_disease_leaders(D, TQ_SMALLPOX, 3, (int[]){ 6, 2, 5 }, &l, why,
					    sizeof why), 0);
	assert_int_equal(l.sick, 1);
	assert_int_equal(l.dead, 0);
	assert_int_equal(tq_disease_leaders(D, TQ_SMALLPOX, 3, (int[]){ 1, 2, 1 }, &l, why,
					    sizeof why), 0);
	assert_int_equal(l.sick, 1);
	assert_int_equal(tq_disease_leaders(D, TQ_SMALLPOX, 3, (int[]){ 3, 4, 6 }, &l, why,
					    sizeof why), 0);
	assert_int_equal(l.sick + l.dead, 0);
	assert_int_equal(tq_disease_leaders(D, TQ_SMALLPOX, 3, (int[]){ 1, 1, 1 }, &l, why,
					    sizeof why), 0);
	assert_int_equal(l.dead, 1);
	assert_int_equal(l.sick, 0);
	assert_int_equal(tq_larger_force(12, 5), TQ_BRITISH);
	assert_int_equal(tq_larger_force(4, 5), TQ_CONTINENTAL);
	assert_int_equal(tq_larger_force(5, 5), TQ_NOBODY);
	assert_int_equal(tq_sick_leader_returns(D, JUNE_1780), TQ_MONTH(1780, 7));
}

/* 5.3.3: yellow fever: only a 1 sickens a leader, and never kills;
 * smallpox needs its three dice. */
static void disease_5_3_3_yellow_fever_leaders(void **state)
{
	struct tq_disease_leaders l;
	(void)state;
	assert_int_equal(tq_disease_leaders(D, TQ_MALARIA, 1, (int[]){ 1 }, &l, why, sizeof why),
			 0);
	assert_int_equal(l.sick, 1);
	assert_int_equal(l.dead, 0);
	assert_int_equal(tq_disease_leaders(D, TQ_MALARIA, 1, (int[]){ 2 }, &l, why, sizeof why),
			 0);
	assert_int_equal(l.sick, 0);
	assert_int_equal(tq_disease_leaders(D, TQ_SMALLPOX, 1, (int[]){ 1 }, &l, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "3"));
}

/* 5.4.2 example: SC, supply 6, 4 regulars, 7 NC and 6 SC militia: the
 * SC militia are ignored, 11 SP forage at double attrition. */
static void foraging_5_4_2_example(void **state)
{
	struct tq_troops f = { .regulars = 4 };
	int sp;
	(void)state;
	f.militia[TQ_NORTH_CAROLINA] = 7;
	f.militia[TQ_SOUTH_CAROLINA] = 6;
	sp = tq_foraging_sp(&f, TQ_SOUTH_CAROLINA);
	assert_int_equal(sp, 11);
	assert_int_equal(tq_forage_dice(D, sp, 6), 2);
}

/* 5.4.1 c: 1-1 or less single, to 2-1 double, over 2-1 triple; 5.4.3
 * Loyalists forage; 14.1.4 the French never. */
static void foraging_5_4_1_c_ratios(void **state)
{
	struct tq_troops f = { .regulars = 2, .loyalists = 3, .french = 9, .cavalry = 1 };
	(void)state;
	assert_int_equal(tq_forage_dice(D, 6, 6), 1);
	assert_int_equal(tq_forage_dice(D, 7, 6), 2);
	assert_int_equal(tq_forage_dice(D, 12, 6), 2);
	assert_int_equal(tq_forage_dice(D, 13, 6), 3);
	assert_int_equal(tq_forage_dice(D, 0, 6), 0);
	f.militia[TQ_GEORGIA] = 4;   /* Georgia's at home in Georgia */
	assert_int_equal(tq_foraging_sp(&f, TQ_GEORGIA), 6);
	assert_int_equal(tq_foraging_sp(&f, TQ_VIRGINIA), 10);
}

/* 6.3.1 example: Savannah, Wilmington and Beaufort: four. */
static void baggage_6_3_1_example(void **state)
{
	bool british[TQ_MAX_AREAS] = { false };
	(void)state;
	british[A("G1")] = british[A("N16")] = british[A("S10")] = true;
	assert_int_equal(tq_british_train_limit(D, british), 4);
	british[A("S11")] = true;   /* Charlestown is worth 2 */
	assert_int_equal(tq_british_train_limit(D, british), 6);
	british[A("S1")] = true;    /* a place that is not a port adds nothing */
	assert_true(!D->areas[A("S1")].port);
	assert_int_equal(tq_british_train_limit(D, british), 6);
}

/* 6.3.2: the Continentals always six; 6.3.1, 6.4: the difference is
 * placed from the Available box, nothing when at or over the limit. */
static void baggage_6_3_2_and_6_4_placement(void **state)
{
	(void)state;
	assert_int_equal(tq_continental_train_limit(D), 6);
	assert_int_equal(tq_trains_to_place(4, 1, 5), 3);
	assert_int_equal(tq_trains_to_place(4, 1, 2), 2);
	assert_int_equal(tq_trains_to_place(4, 4, 5), 0);
	assert_int_equal(tq_trains_to_place(4, 6, 5), 0);
}

/* 16.3: after May 1780, every six qualifying areas of SC or GA give a
 * captured train; supply 11 or more counts two; Continentals or no
 * garrison spoil an area; other colonies never count. */
static void sequestered_estates_16_3(void **state)
{
	int sp[TQ_MAX_AREAS] = { 0 };
	bool cont[TQ_MAX_AREAS] = { false };
	int small = 0, large = -1, nc = -1;
	(void)state;
	for (int i = 0; i < D->nareas; i++) {
		const struct tq_area *a = &D->areas[i];
		if ((a->colony == TQ_SOUTH_CAROLINA || a->colony == TQ_GEORGIA) && a->on_map) {
			if (a->supply <= 10 && small < 5)
				sp[i] = 1, small++;
			else if (a->supply >= 11 && large < 0)
				large = i;
		} else if (a->colony == TQ_NORTH_CAROLINA && nc < 0)
			nc = i;
	}
	assert_int_equal(small, 5);
	assert_true(large >= 0 && nc >= 0);
	sp[nc] = 10;
	assert_int_equal(tq_sequestered_trains(D, JUNE_1780, sp, cont), 0);  /* 5 areas */
	sp[large] = 1;                                                      /* 7 */
	assert_int_equal(tq_sequestered_trains(D, JUNE_1780, sp, cont), 1);
	assert_int_equal(tq_sequestered_trains(D, TQ_MONTH(1780, 5), sp, cont), 0);
	cont[large] = true;
	assert_int_equal(tq_sequestered_trains(D, JUNE_1780, sp, cont), 0);
}

/* 6.5 example: June, British major victory: Georgia 1 -> 0 -> 0, SC
 * 4 -> 3 -> 6, NC 6 -> 5 -> 12, Virginia 2 -> 1 -> 8. */
static void generation_6_5_example(void **state)
{
	static const struct {
		enum tq_colony colony;
		int die, roll, sp;
	} EX[] = { { TQ_GEORGIA, 1, 0, 0 }, { TQ_SOUTH_CAROLINA, 4, 3, 6 },
		   { TQ_NORTH_CAROLINA, 6, 5, 12 }, { TQ_VIRGINIA, 2, 1, 8 } };
	(void)state;
	assert_true(tq_generation_month(D, JUNE_1780));
	for (size_t i = 0; i < sizeof EX / sizeof *EX; i++) {
		int sp = -1, roll = tq_generation_roll(D, EX[i].die, TQ_BRITISH);
		assert_int_equal(roll, EX[i].roll);
		assert_int_equal(tq_militia_generated(D, JUNE_1780, EX[i].colony, roll, false, &sp,
						      why, sizeof why), 0);
		assert_int_equal(sp, EX[i].sp);
	}
	assert_int_equal(tq_generation_roll(D, 4, TQ_CONTINENTAL), 4);
}

/* 6.5: March, June, September, December only; 10.7.2: an invasion in
 * another month uses its invasion column (July: June's). */
static void generation_6_5_months_and_10_7_2_invasion(void **state)
{
	int july = -1, june = -1;
	(void)state;
	for (int m = 1; m <= 12; m++)
		assert_int_equal(tq_generation_month(D, TQ_MONTH(1780, m)), m % 3 == 0);
	assert_int_equal(tq_militia_generated(D, TQ_MONTH(1780, 7), TQ_VIRGINIA, 1, false, &july,
					      why, sizeof why), -1);
	assert_non_null(strstr(why, "July"));
	assert_int_equal(tq_militia_generated(D, TQ_MONTH(1780, 7), TQ_VIRGINIA, 1, true, &july,
					      why, sizeof why), 0);
	assert_int_equal(tq_militia_generated(D, JUNE_1780, TQ_VIRGINIA, 1, true, &june, why,
					      sizeof why), 0);
	assert_int_equal(july, 8);
	assert_int_equal(july, june);
	assert_int_equal(tq_militia_generated(D, JUNE_1780, TQ_VIRGINIA, 7, false, &june, why,
					      sizeof why), -1);
	assert_int_equal(tq_militia_generated(D, JUNE_1780, (enum tq_colony)TQ_COLONIES, 3, false,
					      &june, why, sizeof why), -1);
}

/* 8.1.1: activated on a die equal to or lower than the audacity. */
static void activation_8_1_1(void **state)
{
	int l = tq_leader_by_name(D, "Tarleton");
	int a;
	(void)state;
	assert_true(l >= 0 && D->leaders[l].counter.present);
	a = D->leaders[l].counter.audacity;
	assert_true(tq_activates(D, l, 1));
	assert_true(tq_activates(D, l, a));
	if (a < 6)
		assert_false(tq_activates(D, l, a + 1));
	assert_false(tq_activates(D, l, 7));
	assert_false(tq_activates(D, -1, 1));
}

/* 8.3, 8.3.1: the same die gives the month's event; 8.3.5: a 1 is the
 * Loyalist event in every month. */
static void event_8_3_1_table(void **state)
{
	enum tq_event e;
	(void)state;
	for (int m = 1; m <= 12; m++) {
		assert_int_equal(tq_endeavor_event(D, TQ_MONTH(1780, m), 1, &e, why, sizeof why), 0);
		assert_int_equal(e, TQ_LOYALIST);
	}
	assert_int_equal(tq_endeavor_event(D, JUNE_1780, 4, &e, why, sizeof why), 0);
	assert_int_equal(e, D->tables.events[5][3]);
	assert_int_equal(tq_endeavor_event(D, JUNE_1780, 7, &e, why, sizeof why), -1);
}

/* 8.3.3, 8.3.4: rain, then rain again floods; heat; no event clears. */
static void weather_8_3_4_flood(void **state)
{
	(void)state;
	assert_int_equal(tq_weather_after(TQ_WEATHER_CLEAR, TQ_RAIN), TQ_WEATHER_RAIN);
	assert_int_equal(tq_weather_after(TQ_WEATHER_RAIN, TQ_RAIN), TQ_WEATHER_FLOOD);
	assert_int_equal(tq_weather_after(TQ_WEATHER_FLOOD, TQ_RAIN), TQ_WEATHER_FLOOD);
	assert_int_equal(tq_weather_after(TQ_WEATHER_HEAT, TQ_RAIN), TQ_WEATHER_RAIN);
	assert_int_equal(tq_weather_after(TQ_WEATHER_RAIN, TQ_HEAT), TQ_WEATHER_HEAT);
	assert_int_equal(tq_weather_after(TQ_WEATHER_FLOOD, TQ_NO_EVENT), TQ_WEATHER_CLEAR);
	assert_int_equal(tq_weather_after(TQ_WEATHER_RAIN, TQ_LOYALIST), TQ_WEATHER_CLEAR);
}

/* 8.3.5: a second 1 gives the British 1d6 Loyalist militia SPs. */
static void uprising_8_3_5(void **state)
{
	(void)state;
	assert_int_equal(tq_uprising_sp(D, JUNE_1780, 1, 4), 4);
	assert_int_equal(tq_uprising_sp(D, JUNE_1780, 1, 6), 6);
	for (int again = 2; again <= 6; again++)
		assert_int_equal(tq_uprising_sp(D, JUNE_1780, again, 4), 0);
}

/* The first settled area of a colony, or -1. */
static int settled_area_of(enum tq_colony colony)
{
	for (int i = 0; i < D->nareas; i++)
		if (D->areas[i].on_map && D->areas[i].colony == colony &&
		    (D->areas[i].settlement || D->areas[i].city))
			return i;
	return -1;
}

/* S3, an area the seed names by I.D. alone: no settlement (map.yaml's
 * `settlement: null`). */
static int wild_area(void)
{
	int s3 = A("S3");
	assert_false(D->areas[s3].settlement);
	return s3;
}

/* An area across one of a's corners that shares no border with it. */
static bool corner_of(int a, int *across)
{
	for (int c = 0; c < D->ncorners; c++)
		for (int k = 0; k < 4; k++)
			if (D->corners[c].areas[k] == a)
				for (int j = 0; j < 4; j++) {
					int o = D->corners[c].areas[j];
					if (o >= 0 && o != a && tq_border_between(D, a, o) < 0) {
						*across = o;
						return true;
					}
				}
	return false;
}

static int neighbour(int a)
{
	const struct tq_border *b = &D->borders[D->areas[a].borders[0]];
	assert_true(D->areas[a].nborders > 0);
	return b->a == a ? b->b : b->a;
}

/* 12.1: a settlement or city, no Continental force in it or next to it;
 * 12.2.1: never Virginia. */
static void recruitment_12_1_where(void **state)
{
	bool cont[TQ_MAX_AREAS] = { false };
	int ninety_six = A("S5"), wild = wild_area();
	int virginia = settled_area_of(TQ_VIRGINIA);
	(void)state;
	assert_true(virginia >= 0);
	assert_true(tq_may_recruit_in(D, ninety_six, cont));
	assert_true(tq_may_recruit_in(D, A("G1"), cont));   /* a city */
	{
		bool recruits = tq_may_recruit_in(D, wild, cont);
		assert_false(recruits);
	}
	assert_false(tq_may_recruit_in(D, virginia, cont));
	cont[neighbour(ninety_six)] = true;
	assert_false(tq_may_recruit_in(D, ninety_six, cont));
	cont[neighbour(ninety_six)] = false;
	assert_true(tq_may_recruit_in(D, ninety_six, cont));
	cont[ninety_six] = true;
	assert_false(tq_may_recruit_in(D, ninety_six, cont));
}

/* 12.1 (ruling): an area across a corner is next to it (10.1.2). */
static void recruitment_12_1_across_a_corner(void **state)
{
	bool cont[TQ_MAX_AREAS] = { false };
	int a = 0, across = -1;
	(void)state;
	while (a < D->nareas && (D->areas[a].colony == TQ_VIRGINIA ||
				 !(D->areas[a].settlement || D->areas[a].city) || !corner_of(a, &across)))
		a++;
	assert_true(a < D->nareas);
	assert_true(tq_may_recruit_in(D, a, cont));
	cont[across] = true;
	assert_false(tq_may_recruit_in(D, a, cont));
}

/* 8.3.5: any settlement or city of Georgia, South Carolina or North
 * Carolina without Continental forces (next to them is no matter). */
static void uprising_8_3_5_where(void **state)
{
	bool cont[TQ_MAX_AREAS] = { false };
	int ninety_six = A("S5");
	(void)state;
	cont[neighbour(ninety_six)] = true;
	assert_true(tq_uprising_may_rise_in(D, ninety_six, cont));
	assert_true(tq_uprising_may_rise_in(D, settled_area_of(TQ_NORTH_CAROLINA), cont));
	assert_false(tq_uprising_may_rise_in(D, settled_area_of(TQ_VIRGINIA), cont));
	{
		int wild = wild_area();
		bool rises = tq_uprising_may_rise_in(D, wild, cont);
		assert_false(rises);
	}
	cont[ninety_six] = true;
	assert_false(tq_uprising_may_rise_in(D, ninety_six, cont));
}

/* 6.5 example: SC militia into Charlestown and Ninety-Six: a settlement
 * or city of the colony not British controlled nor besieged; 10.7.3:
 * also the area just invaded. */
static void generation_6_5_and_10_7_3_where(void **state)
{
	int wild = wild_area();
	bool anywhere, invaded;
	(void)state;
	anywhere = tq_militia_may_appear_in(D, wild, TQ_SOUTH_CAROLINA, false, false, false);
	invaded = tq_militia_may_appear_in(D, wild, TQ_SOUTH_CAROLINA, true, false, true);
	assert_false(anywhere);
	assert_true(invaded);
	/* 2.0: Norfolk is a port, not a settlement */
	assert_false(tq_militia_may_appear_in(D, A("V1"), TQ_VIRGINIA, false, false, false));
	assert_true(tq_militia_may_appear_in(D, A("S11"), TQ_SOUTH_CAROLINA, false, false,
					     false));
	assert_true(tq_militia_may_appear_in(D, A("S5"), TQ_SOUTH_CAROLINA, false, false,
					     false));
	assert_false(tq_militia_may_appear_in(D, A("S5"), TQ_NORTH_CAROLINA, false, false,
					      false));
	assert_false(tq_militia_may_appear_in(D, A("S5"), TQ_SOUTH_CAROLINA, true, false,
					      false));
	assert_false(tq_militia_may_appear_in(D, A("S5"), TQ_SOUTH_CAROLINA, false, true,
					      false));
}

static struct tq_recruit recruit(enum tq_colony colony)
{
	return (struct tq_recruit){ .month = TQ_MONTH(1781, 2), .colony = colony,
				    .major_victory = TQ_BRITISH };
}

/* 12.1: 1 SP; 12.2: 2 with Brown or Ferguson, or in SC or NC with the
 * capital and its governor; not in Georgia by the governor. */
static void recruitment_12_1_and_12_2(void **state)
{
	struct tq_recruit r = recruit(TQ_SOUTH_CAROLINA);
	(void)state;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
	r.mobilizer = true;
	assert_int_equal(tq_loyalist_recruits(D, &r), 2);
	r.mobilizer = false;
	r.capital_british = true;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);   /* no governor yet */
	r.governor_placed = true;
	assert_int_equal(tq_loyalist_recruits(D, &r), 2);
	r.colony = TQ_NORTH_CAROLINA;
	assert_int_equal(tq_loyalist_recruits(D, &r), 2);
	r.colony = TQ_GEORGIA;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
}

/* 12.2.1: none in Virginia; Georgia 1 SP a month even with Brown; -1
 * with the marker Continental side up, so none where 12.2 does not
 * apply (the 12.2.1 note). */
static void recruitment_12_2_1_exceptions(void **state)
{
	struct tq_recruit r = recruit(TQ_VIRGINIA);
	(void)state;
	r.mobilizer = true;
	assert_int_equal(tq_loyalist_recruits(D, &r), 0);
	r.colony = TQ_GEORGIA;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
	r.capped_raised = 1;
	assert_int_equal(tq_loyalist_recruits(D, &r), 0);
	r = recruit(TQ_NORTH_CAROLINA);
	r.major_victory = TQ_CONTINENTAL;
	assert_int_equal(tq_loyalist_recruits(D, &r), 0);
	r.mobilizer = true;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
	r.colony = TQ_GEORGIA;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);   /* 2 - 1, then the cap */
}

/* 16.4: May to December 1780, every British leader recruits 2 SP, other
 * restrictions still applying; from January 1781 the standard rules. */
static void recruitment_16_4_russia_merchant(void **state)
{
	struct tq_recruit r = recruit(TQ_SOUTH_CAROLINA);
	(void)state;
	r.russia_merchant = true;
	r.month = TQ_MONTH(1780, 5);
	assert_int_equal(tq_loyalist_recruits(D, &r), 2);
	r.month = TQ_MONTH(1780, 12);
	assert_int_equal(tq_loyalist_recruits(D, &r), 2);
	r.month = TQ_MONTH(1780, 4);
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
	r.month = TQ_MONTH(1781, 1);
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
	r.month = JUNE_1780;
	r.colony = TQ_VIRGINIA;
	assert_int_equal(tq_loyalist_recruits(D, &r), 0);
	r.colony = TQ_SOUTH_CAROLINA;
	r.major_victory = TQ_CONTINENTAL;
	assert_int_equal(tq_loyalist_recruits(D, &r), 1);
	r.russia_merchant = false;
	assert_int_equal(tq_loyalist_recruits(D, &r), 0);
}

/* 15.3: 1 SP off each track a month, never below 0. */
static void pow_15_3_attrition(void **state)
{
	(void)state;
	assert_int_equal(tq_pow_attrition(D, 6), 5);
	assert_int_equal(tq_pow_attrition(D, 1), 0);
	assert_int_equal(tq_pow_attrition(D, 0), 0);
}

/* 15.4 example: 3 Continental and 6 British POW: 0 and 3 left, each
 * side gets 3 regulars back. */
static void pow_15_4_example(void **state)
{
	int british = 6, continental = 3;
	(void)state;
	assert_int_equal(tq_pow_exchange(&british, &continental), 3);
	assert_int_equal(continental, 0);
	assert_int_equal(british, 3);
}

static int leader_of(enum tq_side side, enum tq_rank rank, int skip)
{
	for (int i = 0; i < D->nleaders; i++)
		if (D->leaders[i].side == side && !D->leaders[i].french &&
		    tq_exchange_rank(D, i) == rank && skip-- == 0)
			return i;
	fail();
	return -1;
}

/* 15.5: rank for rank (colonel for colonel), 15.5.1 whatever the kind. */
static void leader_exchange_15_5(void **state)
{
	int per[TQ_RANKS];
	int held_by_british[] = { leader_of(TQ_CONTINENTAL, TQ_COLONEL, 0),
				  leader_of(TQ_CONTINENTAL, TQ_COLONEL, 1),
				  leader_of(TQ_CONTINENTAL, TQ_TWO_STAR, 0) };
	int held_by_continental[] = { leader_of(TQ_BRITISH, TQ_COLONEL, 0),
				      leader_of(TQ_BRITISH, TQ_ONE_STAR, 0) };
	(void)state;
	assert_int_equal(tq_leader_exchange(D, held_by_british, 3, held_by_continental, 2, per), 1);
	assert_int_equal(per[TQ_COLONEL], 1);
	assert_int_equal(per[TQ_ONE_STAR], 0);
	assert_int_equal(per[TQ_TWO_STAR], 0);
}

/* 13.1: no Continental regulars (French excluded), the British alone in
 * the capital, the governor there: all three at once. */
static void kings_peace_13_1(void **state)
{
	struct tq_colony_facts f = { .capital_sole_british = true, .governor_in_capital = true };
	(void)state;
	f.continental.french = 8;
	f.continental.militia[TQ_SOUTH_CAROLINA] = 5;
	assert_true(tq_kings_peace(&f));
	f.continental.regulars = 1;
	assert_false(tq_kings_peace(&f));
	f.continental.regulars = 0;
	f.continental.cavalry = 1;
	assert_false(tq_kings_peace(&f));
	f.continental.cavalry = 0;
	f.governor_in_capital = false;
	assert_false(tq_kings_peace(&f));
	f.governor_in_capital = true;
	f.capital_sole_british = false;
	assert_false(tq_kings_peace(&f));
}

/* 13.1: two colonies at the end; 13.3: three at the end of any turn;
 * 13.2: no British SP on the board. */
static void victory_13_1_to_13_3(void **state)
{
	(void)state;
	assert_false(tq_kings_peace_victory(D, 1));
	assert_true(tq_kings_peace_victory(D, 2));
	assert_false(tq_british_automatic_victory(D, 2));
	assert_true(tq_british_automatic_victory(D, 3));
	assert_true(tq_continental_automatic_victory(0));
	assert_false(tq_continental_automatic_victory(1));
}

/* The data, and the numbers and charts these calculators read. */
static int setup_data(void **state)
{
	char why[256] = "";
	if (tq_setup_data(state))
		return -1;
	if (tq_logistics_check(D, why, sizeof why)) {
		fprintf(stderr, "%s\n", why);
		return -1;
	}
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(logistics_check_names_a_missing_number),
		cmocka_unit_test(attrition_5_1_example),
		cmocka_unit_test(attrition_5_1_4_by_home_colony),
		cmocka_unit_test(attrition_5_1_2_modifier_and_column),
		cmocka_unit_test(attrition_5_1_refuses_bad_dice),
		cmocka_unit_test(attrition_5_2_loyalists),
		cmocka_unit_test(special_attrition_5_3_dice),
		cmocka_unit_test(special_attrition_5_3_never_below_one),
		cmocka_unit_test(special_attrition_5_3_refusals),
		cmocka_unit_test(disease_5_3_2_months_and_dice),
		cmocka_unit_test(disease_5_3_2_a_smallpox_area),
		cmocka_unit_test(disease_5_3_3_smallpox_leaders),
		cmocka_unit_test(disease_5_3_3_yellow_fever_leaders),
		cmocka_unit_test(foraging_5_4_2_example),
		cmocka_unit_test(foraging_5_4_1_c_ratios),
		cmocka_unit_test(baggage_6_3_1_example),
		cmocka_unit_test(baggage_6_3_2_and_6_4_placement),
		cmocka_unit_test(sequestered_estates_16_3),
		cmocka_unit_test(generation_6_5_example),
		cmocka_unit_test(generation_6_5_months_and_10_7_2_invasion),
		cmocka_unit_test(activation_8_1_1),
		cmocka_unit_test(event_8_3_1_table),
		cmocka_unit_test(weather_8_3_4_flood),
		cmocka_unit_test(uprising_8_3_5),
		cmocka_unit_test(recruitment_12_1_where),
		cmocka_unit_test(recruitment_12_1_across_a_corner),
		cmocka_unit_test(uprising_8_3_5_where),
		cmocka_unit_test(generation_6_5_and_10_7_3_where),
		cmocka_unit_test(recruitment_12_1_and_12_2),
		cmocka_unit_test(recruitment_12_2_1_exceptions),
		cmocka_unit_test(recruitment_16_4_russia_merchant),
		cmocka_unit_test(pow_15_3_attrition),
		cmocka_unit_test(pow_15_4_example),
		cmocka_unit_test(leader_exchange_15_5),
		cmocka_unit_test(kings_peace_13_1),
		cmocka_unit_test(victory_13_1_to_13_3),
	};
	return cmocka_run_group_tests(tests, setup_data, tq_teardown_data);
}
