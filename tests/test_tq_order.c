/* Tarleton's Quarter!'s order language (tq_order.c,
 * docs/tarletons-quarter-orders.md): each of 8.0's endeavours read from
 * one line by the real data's names, written back the way it is read,
 * and every mistake answered with what was wrong and what is accepted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tq_order.h"
#include "tq_support.h"


static void parsed(const char *line, struct tq_order *o)
{
	char why[300] = "";
	if (tq_order_parse(D, line, o, why, sizeof why))
		fail_msg("'%s' refused: %s", line, why);
}

static void refused(const char *line, const char *want)
{
	struct tq_order o;
	char why[300] = "";
	assert_int_equal(tq_order_parse(D, line, &o, why, sizeof why), -1);
	if (!strstr(why, want))
		fail_msg("'%s': '%s' lacks '%s'", line, why, want);
}

/* The line read, written back, and read again to the same order. */
static void round_trip(const char *line, const char *want)
{
	struct tq_order o, again;
	char out[400];
	parsed(line, &o);
	tq_order_format(D, &o, out, sizeof out);
	assert_string_equal(out, want);
	parsed(out, &again);
	assert_memory_equal(&o, &again, sizeof o);
}

/* 8.0, 8.1, 10.1, 10.2.2: the issue's own example, a force activation
 * with its force and its path in one order. */
static void force_activation_with_its_path_8_1(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("activate Cornwallis at N29 with 21 regulars, 2 cavalry, Tarleton; move N28 - S21",
	       &o);
	assert_int_equal(o.kind, TQ_ACTIVATE);
	assert_int_equal(o.leader, L("Cornwallis"));
	assert_int_equal(o.at, A("N29"));
	assert_int_equal(o.sps.regulars, 21);
	assert_int_equal(o.sps.cavalry, 2);
	assert_int_equal(o.nleaders, 1);
	assert_int_equal(o.leaders[0], L("Tarleton"));
	assert_int_equal(o.npath, 2);
	assert_int_equal(o.path[0], A("N28"));
	assert_int_equal(o.path[1], A("S21"));
	round_trip("ACTIVATE cornwallis at n29 with 21 regulars and 2 cav, Tarleton to N28, S21",
		   "activate Cornwallis at N29 with 21 regulars, 2 cavalry, Tarleton; "
		   "move N28 - S21");
}

/* 9.1: a detachment dropped once during the move, said after the path. */
static void detachment_left_on_the_path_9_1(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("activate Cornwallis with 21 regulars, 1 train, Tarleton; move N28 - N30; "
	       "leave 6 regulars, 1 train and Tarleton at N28", &o);
	assert_true(o.detach.given);
	assert_int_equal(o.detach.at, A("N28"));
	assert_int_equal(o.detach.sps.regulars, 6);
	assert_int_equal(o.detach.trains, 1);
	assert_int_equal(o.detach.nleaders, 1);
	assert_int_equal(o.detach.leaders[0], L("Tarleton"));
	assert_int_equal(o.npath, 2);
	round_trip("activate Cornwallis with all to N28 N30 leave 3 regulars at Hillsborough",
		   "activate Cornwallis with all; move N28 - N30; leave 3 regulars at N29");
	refused("activate Cornwallis with all; move N28; leave 3 regulars", "leave 5 regulars at");
	refused("activate Cornwallis with all; move N28; leave all at N28", "not all of it");
}

/* 5.4.2: militia are a colony's; 14.1: French SPs; 10.1.1: trains go
 * with a force. */
static void militia_by_colony_french_and_trains(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("activate Greene with 13 regulars, 2 NC militia, 3 militia SC, 1 train; move N29",
	       &o);
	assert_int_equal(o.sps.militia[TQ_NORTH_CAROLINA], 2);
	assert_int_equal(o.sps.militia[TQ_SOUTH_CAROLINA], 3);
	assert_int_equal(o.trains, 1);
	parsed("activate Rochambeau with 88 French, 2 French cavalry", &o);
	assert_int_equal(o.sps.french_regulars, 88);
	assert_int_equal(o.sps.french_cavalry, 2);
	assert_int_equal(o.npath, 0);
	parsed("activate Marion with 3 South Carolina militia; move S23", &o);
	assert_int_equal(o.sps.militia[TQ_SOUTH_CAROLINA], 3);
	refused("activate Marion with 3 militia; move S23", "whose militia? write Ga, SC, NC or Va");
	refused("activate Marion with 3 SC regulars", "only militia are of a colony");
	refused("activate Marion with 3 muskets", "what kind of SP?");
	refused("activate Marion with 0 regulars", "a number of SPs is 1 to 999");
	refused("activate Marion with 2 regulars, 3 regulars", "names its regulars twice");
}

/* 10.2.3: a leader alone; names of places as well as I.D.s. */
static void leader_alone_and_named_places_10_2_3(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("activate Tarleton alone; move Camden - Ninety-Six", &o);
	assert_true(o.alone);
	assert_int_equal(o.path[0], tq_area_by_id(D, "S21"));
	assert_int_equal(o.path[1], tq_area_by_id(D, "S5"));
	round_trip("activate Tarleton alone to S21", "activate Tarleton alone; move S21");
	refused("activate Tarleton alone with 2 cavalry", "a leader alone takes nobody");
}

/* 8.2, 13.1.1, 10.5.3, 10.5.7, 12.1, 8.0: the other endeavours. */
static void the_other_endeavours_8_0(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("train at S5; move S7 - S11", &o);
	assert_int_equal(o.kind, TQ_MOVE_TRAIN);
	assert_int_equal(o.at, A("S5"));
	assert_int_equal(o.npath, 2);
	parsed("place governor Wright", &o);
	assert_int_equal(o.kind, TQ_PLACE_GOVERNOR);
	assert_true(o.governor >= 0);
	parsed("embark at S13 with Webster, 5 regulars", &o); /* 10.5's example */
	assert_int_equal(o.kind, TQ_EMBARK);
	assert_int_equal(o.at, A("S13"));
	assert_int_equal(o.sps.regulars, 5);
	assert_int_equal(o.leaders[0], L("Webster"));
	round_trip("land at Norfolk", "land at V1");
	round_trip("recruit with Ferguson", "recruit Ferguson");
	round_trip("pass", "pass");
	refused("pass now", "pass takes nothing after it");
	refused("land at V1 with 3 regulars", "the whole At Sea box lands");
}

static void mistakes_say_what_is_accepted(void **state)
{
	(void)state;
	refused("charge Tarleton", "is no order of Tarleton's Quarter!: write activate, train");
	refused("activate", "activate names no leader");
	refused("activate Napoleon", "Napoleon");
	refused("activate Tarleton with all; move S99", "S99");
	refused("activate Tarleton with all, Tarleton", "leads the force and is not named again");
	refused("train at S5", "write train at AREA; move AREA - AREA (8.2)");
	refused("governor Burgoyne", "is no Royal Governor");
	refused("recruit Ferguson; move S5", "recruit takes no 'move' part");
}

static void order_words_start_an_order(void **state)
{
	(void)state;
	assert_true(tq_order_starts("activate Greene"));
	assert_true(tq_order_starts("  Pass"));
	assert_true(tq_order_starts("place governor Wright"));
	assert_false(tq_order_starts("S21, S22")); /* a wrapped path continues */
	assert_false(tq_order_starts("Tarleton; move N28"));
	assert_true(tq_order_starts("retreat to S21"));
	assert_true(tq_order_starts("standing bayonets"));
}

/* The answers to the engine's questions (tq_state.h): each read and
 * written back the one way (docs/tarletons-quarter-orders.md). */
static void answers_round_trip(void **state)
{
	(void)state;
	round_trip("Yes", "yes");
	round_trip("summon at Charlestown", "yes at S11");          /* 4.7.2 */
	round_trip("yes Moultrie and Huger", "yes Moultrie, Huger");  /* 15.5.2 */
	round_trip("stand", "no");                                   /* 4.7.4 */
	round_trip("no bayonets", "no");                             /* 11.2.1 */
	round_trip("place 3 NC militia, Sumter at N29", "place 3 NC militia, Sumter at N29");
	round_trip("lose 2 regulars and 1 SC militia", "lose 2 regulars, 1 SC militia");
	round_trip("expend at S21", "expend 1 train at S21");      /* 5.4.1 b */
	round_trip("destroy 1 train, 2 magazines at S5", "destroy 1 train, 2 magazines at S5");
	round_trip("destroy fort at Ninety-Six", "destroy fort at S5"); /* 4.8 */
	round_trip("withdraw 3 regulars, Clinton from S11", "withdraw 3 regulars, Clinton from S11");
	round_trip("build fort at Ninety-Six", "build fort at S5");  /* 4.1 */
	round_trip("base at S11", "base at S11");                    /* 7.1 */
	round_trip("outside 5 regulars, Moultrie", "outside 5 regulars, Moultrie"); /* 4.2.4 */
	round_trip("inside", "outside none");
	round_trip("retreat before combat to S21", "retreat before combat to S21"); /* 11.3 */
	round_trip("retreat to S21", "retreat to S21");              /* 11.4 */
	round_trip("c-in-c Greene", "c-in-c Greene");                /* 11.2.6 */
	round_trip("rise at S5", "rise at S5");                      /* 8.3.5 */
	round_trip("declare Georgia and Virginia", "declare Georgia, Virginia"); /* 17.4.1 */
	round_trip("done", "done");
}

static void answer_kinds(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("place 2 magazines at S5", &o);
	assert_int_equal(o.kind, TQ_PLACE);
	assert_int_equal(o.magazines, 2);
	assert_int_equal(o.at, A("S5"));
	parsed("retreat before combat to S21", &o);
	assert_int_equal(o.kind, TQ_RETREAT);
	assert_true(o.before);
	assert_int_equal(o.at, A("S21"));
	parsed("build magazine at S5", &o);
	assert_int_equal(o.build, TQ_BUILD_MAGAZINE);
	parsed("declare SC", &o);
	assert_int_equal(o.colonies, 1u << TQ_SOUTH_CAROLINA);
	parsed("decline", &o);
	assert_int_equal(o.kind, TQ_NO);                             /* 15.4 */
}

/* Every question the other side is asked mid-endeavour has a standing
 * order (issue 23, "Playable"): kept as written, for the endeavour to
 * read when its question comes (tq_standing.c). */
static void standing_orders_keep_the_answer(void **state)
{
	(void)state;
	struct tq_order o;
	parsed("standing Retreat Before Combat to Camden", &o);
	assert_int_equal(o.kind, TQ_STANDING);
	assert_string_equal(o.standing, "Retreat Before Combat to Camden");
	round_trip("standing bayonets", "standing bayonets");
	round_trip("standing  casualties militia ", "standing casualties militia");
	refused("standing", "standing takes an answer");
}

static void answer_mistakes(void **state)
{
	(void)state;
	refused("place 3 regulars", "place names no area");
	refused("withdraw , from S11", "withdraw names nothing"); /* found by fuzz/tq_order.c */
	refused("build castle at S5", "write build fort");
	refused("declare Florida", "'Florida' is no colony");
	refused("retreat sideways to S21", "write retreat to AREA");
	refused("done now", "done takes nothing");
	refused("yes please", "please");
	refused("yes 2 regulars", "yes names leaders only");
	refused("no please", "no takes at most at AREA");
	refused("activate Greene with 2 magazines", "a magazine never moves");
	refused("surrender at Atlantis", "Atlantis");
	refused("frobnicate", "or an answer: yes, no");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(force_activation_with_its_path_8_1),
		cmocka_unit_test(detachment_left_on_the_path_9_1),
		cmocka_unit_test(militia_by_colony_french_and_trains),
		cmocka_unit_test(leader_alone_and_named_places_10_2_3),
		cmocka_unit_test(the_other_endeavours_8_0),
		cmocka_unit_test(mistakes_say_what_is_accepted),
		cmocka_unit_test(order_words_start_an_order),
		cmocka_unit_test(answers_round_trip),
		cmocka_unit_test(answer_kinds),
		cmocka_unit_test(standing_orders_keep_the_answer),
		cmocka_unit_test(answer_mistakes),
	};
	return cmocka_run_group_tests(tests, tq_setup_data, tq_teardown_data);
}
