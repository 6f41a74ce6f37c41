/* Tarleton's Quarter!'s battles as numbers (tq_combat.c, seed 001):
 * each test names the seed's section it checks and asserts what the seed
 * says happens, the seed's worked examples with their own numbers; the
 * readings of its unclear places are in docs/rulings.md, "Tarleton's Quarter!: combat". The
 * numbers come from the real data/tarletons-quarter/tables.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tq_combat.h"
#include "data_copy.h"

static struct tq_combat_numbers N;
static char why[200];

static const char *data_dir(void)
{
	const char *dir = getenv("TQ_DATA");
	return dir ? dir : "data/tarletons-quarter";
}

static int setup(void **state)
{
	struct wj_data_problems p = { 0 };
	struct tq_data *d = calloc(1, sizeof *d);
	int rc;

	(void)state;
	if (!d || tq_data_load(data_dir(), d, &p)) {
		print_problems(&p);
		free(d);
		return -1;
	}
	rc = tq_combat_numbers(d, &N, why, sizeof why);
	if (rc)
		fprintf(stderr, "%s\n", why);
	free(d);
	return rc;
}

static struct tq_commander leader(int audacity, int tactical)
{
	return (struct tq_commander){ .present = true, .audacity = audacity,
				      .tactical = tactical, .kind = TQ_REGULAR };
}

static struct tq_force british(int regulars, int audacity, int tactical)
{
	return (struct tq_force){ .side = TQ_BRITISH, .regulars = regulars,
				  .leader = leader(audacity, tactical) };
}

static struct tq_force continental(int regulars, int audacity, int tactical)
{
	return (struct tq_force){ .side = TQ_CONTINENTAL, .regulars = regulars,
				  .leader = leader(audacity, tactical) };
}

static struct tq_battle battle(struct tq_force attacker, struct tq_force defender)
{
	return (struct tq_battle){ .attacker = attacker, .defender = defender };
}

/* The seed's numbers, as tables.yaml gives them. */
static void numbers_from_tables(void **state)
{
	(void)state;
	assert_int_equal(N.surprise_succeeds_on, 6);               /* 11.2.2 */
	assert_int_equal(N.surprise_audacity_divisor, 2);
	assert_int_equal(N.attacker_surprise, 2);                  /* 11.2.3 */
	assert_int_equal(N.bayonet_with_surprise, 2);              /* 11.2.4 */
	assert_int_equal(N.bayonet_without_surprise, -3);
	assert_int_equal(N.loss_per_sp, 10);
	assert_int_equal(N.overrun_odds, 6);                       /* 10.4.1 */
	assert_int_equal(N.overrun_odds_tarleton, 5);              /* 10.4.2 */
	assert_int_equal(N.overrun_mp[2], 3);                      /* 10.4.3 */
	assert_int_equal(N.enter_odds_fort, 2);                    /* 4.2.3 */
	assert_int_equal(N.enter_odds_city, 1);
	assert_int_equal(N.major_victory_min_sp, 5);               /* 11.5 */
}

/* Data without the combat numbers is refused, naming the first missing. */
static void numbers_missing_refused(void **state)
{
	struct tq_data *d = calloc(1, sizeof *d);
	struct tq_combat_numbers n;
	(void)state;
	assert_non_null(d);
	assert_int_equal(tq_combat_numbers(d, &n, why, sizeof why), -1);
	assert_non_null(strstr(why, "combat: surprise_succeeds_on"));
	free(d);
}

/* 10.4.3's three costs answer 10.4.1's 1 to 3 SPs: another maximum in
 * tables.yaml is refused. */
static void numbers_overrun_costs_match(void **state)
{
	struct wj_data_problems p = { 0 };
	struct tq_data *d = calloc(1, sizeof *d);
	struct tq_combat_numbers n;
	(void)state;
	assert_non_null(d);
	assert_int_equal(tq_data_load(data_dir(), d, &p), 0);
	for (int i = 0; i < d->tables.nnumbers; i++)
		if (!strcmp(d->tables.numbers[i].key, "overrun_max_enemy_sp"))
			d->tables.numbers[i].value = 4;
	assert_int_equal(tq_combat_numbers(d, &n, why, sizeof why), -1);
	assert_non_null(strstr(why, "10.4.3"));
	free(d);
}

/* 11.2: a battle is between the two sides. */
static void battle_of_one_side_refused(void **state)
{
	struct tq_battle b = battle(british(10, 3, 1), british(10, 3, 1));
	struct tq_winner w;
	(void)state;
	assert_int_equal(tq_battle_winner(&N, &b, false, 3, 3, &w, why, sizeof why), -1);
	assert_non_null(strstr(why, "two sides"));
}

/* 11.2.2: one die, 6 or more; + half the audacity (down). */
static void surprise_11_2_2_die_and_audacity(void **state)
{
	struct tq_battle b = battle(british(10, 1, 1), continental(10, 3, 1));
	bool s = true;
	(void)state;
	assert_int_equal(tq_surprise_modifier(&N, &b), 0);        /* 1/2 of 1, down */
	assert_int_equal(tq_surprise(&N, &b, 5, &s, why, sizeof why), 0);
	assert_false(s);
	assert_int_equal(tq_surprise(&N, &b, 6, &s, why, sizeof why), 0);
	assert_true(s);
	b.attacker.leader.audacity = 5;                            /* 1/2 of 5: 2 */
	assert_int_equal(tq_surprise_modifier(&N, &b), 2);
	assert_int_equal(tq_surprise(&N, &b, 4, &s, why, sizeof why), 0);
	assert_true(s);
	assert_int_equal(tq_surprise(&N, &b, 3, &s, why, sizeof why), 0);
	assert_false(s);
}

/* 11.2.2: +1 British bayonets; +1 all attackers militia under a
 * Continental militia leader (not with a regular among them, nor under
 * a regular leader). */
static void surprise_11_2_2_bayonets_and_militia(void **state)
{
	struct tq_battle b = battle(british(10, 2, 1), continental(10, 3, 1));
	struct tq_battle m = battle(continental(0, 2, 1), british(5, 3, 1));
	(void)state;
	b.attacker.bayonets = true;
	assert_int_equal(tq_surprise_modifier(&N, &b), 2);
	m.attacker.militia = 6;
	m.attacker.leader.kind = TQ_MILITIA;
	assert_int_equal(tq_surprise_modifier(&N, &m), 2);
	m.attacker.regulars = 1;
	assert_int_equal(tq_surprise_modifier(&N, &m), 1);
	m.attacker.regulars = 0;
	m.attacker.leader.kind = TQ_REGULAR;
	assert_int_equal(tq_surprise_modifier(&N, &m), 1);
}

/* 11.2.1, 11.2.2: no die 0 or 7; bayonets are the British attacker's
 * alone; a side without SPs fights no battle. */
static void surprise_refusals(void **state)
{
	struct tq_battle b = battle(british(10, 2, 1), continental(10, 3, 1));
	bool s;
	(void)state;
	assert_int_equal(tq_surprise(&N, &b, 0, &s, why, sizeof why), -1);
	assert_int_equal(tq_surprise(&N, &b, 7, &s, why, sizeof why), -1);
	b.defender.bayonets = true;
	assert_int_equal(tq_surprise(&N, &b, 3, &s, why, sizeof why), -1);
	assert_non_null(strstr(why, "11.2.1"));
	b = battle(continental(10, 2, 1), british(10, 3, 1));
	b.attacker.bayonets = true;
	assert_int_equal(tq_surprise(&N, &b, 3, &s, why, sizeof why), -1);
	b = battle(british(10, 2, 1), continental(0, 3, 1));
	assert_int_equal(tq_surprise(&N, &b, 3, &s, why, sizeof why), -1);
	assert_non_null(strstr(why, "no SPs"));
}

/* 11.2.3's examples: 30 attacking 6 is 5-1, the attacker +4; 6
 * attacking 30 is 1-5, the defender +4. */
static void odds_11_2_3_examples(void **state)
{
	struct tq_odds o = tq_odds(30, 6);
	(void)state;
	assert_int_equal(o.attacker, 5);
	assert_int_equal(o.defender, 1);
	assert_int_equal(tq_odds_attacker_modifier(&N, o), 4);
	assert_int_equal(tq_odds_defender_modifier(&N, o), 0);
	o = tq_odds(6, 30);
	assert_int_equal(o.attacker, 1);
	assert_int_equal(o.defender, 5);
	assert_int_equal(tq_odds_attacker_modifier(&N, o), 0);
	assert_int_equal(tq_odds_defender_modifier(&N, o), 4);
	o = tq_odds(10, 10);                                       /* 1-1: nobody */
	assert_int_equal(tq_odds_attacker_modifier(&N, o), 0);
	assert_int_equal(tq_odds_defender_modifier(&N, o), 0);
}

/* 11.2.3, ruling "fractions": rounded in the defender's favour, down
 * when the attacker is larger (20 v 6 = 3-1), up when the defender is
 * (6 v 20 = 1-4, 6 v 7 = 1-2). */
static void odds_11_2_3_fractions_favour_defender(void **state)
{
	struct tq_odds o = tq_odds(20, 6);
	(void)state;
	assert_int_equal(o.attacker, 3);
	assert_int_equal(o.defender, 1);
	o = tq_odds(6, 20);
	assert_int_equal(o.attacker, 1);
	assert_int_equal(o.defender, 4);
	o = tq_odds(7, 6);
	assert_int_equal(o.attacker, 1);
	assert_int_equal(o.defender, 1);
	o = tq_odds(6, 7);
	assert_int_equal(o.defender, 2);
	assert_int_equal(tq_odds_defender_modifier(&N, o), 1);
}

/* 11.2.3: die + odds + tactical + 2 surprise + 1 cavalry - 1 militia;
 * the higher wins. */
static void winner_11_2_3_modifiers(void **state)
{
	/* 20 British (4 cavalry) against 6 Continental regulars and 6
	 * militia: 20/12 = 1-1. */
	struct tq_battle b = battle(british(16, 4, 2), continental(6, 3, 1));
	struct tq_winner w;
	(void)state;
	b.attacker.cavalry = 4;
	b.defender.militia = 6;
	assert_int_equal(tq_battle_winner(&N, &b, true, 2, 6, &w, why, sizeof why), 0);
	assert_int_equal(w.attacker_total, 2 + 0 + 2 + 2 + 1);    /* die, odds, tactical, surprise, cavalry */
	assert_int_equal(w.defender_total, 6 + 1 - 1);            /* die, tactical, half militia */
	assert_true(w.attacker_won);
	assert_int_equal(tq_battle_winner(&N, &b, false, 2, 6, &w, why, sizeof why), 0);
	assert_int_equal(w.attacker_total, 5);
	assert_false(w.attacker_won);
	/* 30 v 6: 5-1, the attacker +4 (11.2.3's example). */
	b = battle(british(30, 3, 0), continental(6, 3, 0));
	assert_int_equal(tq_battle_winner(&N, &b, false, 1, 6, &w, why, sizeof why), 0);
	assert_int_equal(w.attacker_total, 5);
	assert_int_equal(w.defender_total, 6);
	assert_false(w.attacker_won);
}

/* 11.2.3: "The defender wins in the event of a tie." */
static void winner_11_2_3_tie_to_defender(void **state)
{
	struct tq_battle b = battle(british(10, 3, 1), continental(10, 3, 1));
	struct tq_winner w;
	(void)state;
	assert_int_equal(tq_battle_winner(&N, &b, false, 4, 4, &w, why, sizeof why), 0);
	assert_int_equal(w.attacker_total, w.defender_total);
	assert_false(w.attacker_won);
	assert_int_equal(tq_battle_winner(&N, &b, false, 4, 9, &w, why, sizeof why), -1);
}

/* 11.2.3: "50% or more militia": exactly half pays, less than half not. */
static void winner_11_2_3_half_militia(void **state)
{
	struct tq_force f = continental(5, 3, 1);
	(void)state;
	f.militia = 5;
	assert_true(tq_half_militia(&N, &f));
	f.regulars = 6;
	assert_false(tq_half_militia(&N, &f));
	f = british(3, 3, 1);
	f.loyalists = 3;                                           /* 12: Loyalist militia is militia */
	assert_true(tq_half_militia(&N, &f));
}

/* 16.1: Morgan commanding spares his militia the -1, in a battle but not
 * in a final assault, and only with the optional rule. */
static void winner_16_1_morgan(void **state)
{
	struct tq_battle b = battle(british(10, 3, 1), continental(2, 3, 2));
	struct tq_winner w;
	(void)state;
	b.defender.militia = 8;
	b.defender.leader.morgan = true;
	assert_int_equal(tq_battle_winner(&N, &b, false, 3, 3, &w, why, sizeof why), 0);
	assert_int_equal(w.defender_total, 3 + 2 - 1);             /* the option off */
	b.morgan_rule = true;
	assert_int_equal(tq_battle_winner(&N, &b, false, 3, 3, &w, why, sizeof why), 0);
	assert_int_equal(w.defender_total, 3 + 2);
	assert_false(tq_militia_penalty(&N, &b, &b.defender, false));
	assert_true(tq_militia_penalty(&N, &b, &b.defender, true));
	b.defender.leader.morgan = false;
	assert_true(tq_militia_penalty(&N, &b, &b.defender, false));
}

/* 11.2.4's High Total example: "The side with the lower total had 12 SPs
 * in the battle. The player with the higher total must lose 2 SPs." 30
 * British won against 12 (2-1, +1): 5 + 1 + 1 won = 7 against 3; the
 * lower loses 3 for the 30 and the difference 4. */
static void casualties_11_2_4_high_total_example(void **state)
{
	struct tq_battle b = battle(british(30, 3, 1), continental(12, 3, 1));
	struct tq_casualties c;
	(void)state;
	assert_int_equal(tq_battle_casualties(&N, &b, false, true, 5, 3, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, 7);
	assert_int_equal(c.defender_total, 3);
	assert_int_equal(c.attacker_loss, 2);
	assert_int_equal(c.defender_loss, 3 + 4);
	assert_int_equal(c.lower, TQ_CONTINENTAL);
	assert_false(c.attacker_leader_lost);
	assert_false(c.defender_leader_lost);
}

/* 11.2.4's Low Total example: "The difference between the high and low
 * totals of the casualty roll is 5. In a battle with 42 SPs vs 40 SPs,
 * the lower total would lose 4 SPs plus 5 SP, for a total of 9 SPs."
 * The 42 attacked and lost (1-1): 2 against 6 + 1 won. */
static void casualties_11_2_4_low_total_example(void **state)
{
	struct tq_battle b = battle(british(42, 3, 1), continental(40, 3, 1));
	struct tq_casualties c;
	(void)state;
	assert_int_equal(tq_battle_casualties(&N, &b, false, false, 2, 6, &c, why, sizeof why), 0);
	assert_int_equal(c.defender_total - c.attacker_total, 5);
	assert_int_equal(c.attacker_loss, 9);
	assert_int_equal(c.defender_loss, 5);                      /* 42: 4 tens and a fraction */
	assert_int_equal(c.lower, TQ_BRITISH);
}

/* 11.2.4: "Tie Both player's lose 1 SP." and nobody rolled lower. */
static void casualties_11_2_4_tie(void **state)
{
	struct tq_battle b = battle(british(42, 3, 1), continental(40, 3, 1));
	struct tq_casualties c;
	(void)state;
	assert_int_equal(tq_battle_casualties(&N, &b, false, true, 3, 4, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, c.defender_total);
	assert_int_equal(c.attacker_loss, 1);
	assert_int_equal(c.defender_loss, 1);
	assert_int_equal(c.lower, TQ_NOBODY);
}

/* 11.2.4: +2 bayonet with surprise, -3 without (ouch!). */
static void casualties_11_2_4_bayonets(void **state)
{
	struct tq_battle b = battle(british(10, 3, 1), continental(10, 3, 1));
	struct tq_casualties c;
	(void)state;
	b.attacker.bayonets = true;
	assert_int_equal(tq_battle_casualties(&N, &b, true, true, 3, 3, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, 3 + 2 + 1);
	assert_int_equal(tq_battle_casualties(&N, &b, false, true, 3, 3, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, 3 - 3 + 1);
	b.attacker.bayonets = false;
	assert_int_equal(tq_battle_casualties(&N, &b, true, true, 3, 3, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, 3 + 1);                 /* surprise alone adds nothing here */
}

/* 11.2.4: +1 cavalry, +1 won, -1 audacity over 3 (3 is not), -1 half
 * militia, -1 entered across a river or by sea; the odds as in the
 * winner's roll. */
static void casualties_11_2_4_other_modifiers(void **state)
{
	struct tq_battle b = battle(british(6, 4, 1), continental(12, 3, 1));
	struct tq_casualties c;
	(void)state;
	b.attacker.cavalry = 2;
	b.attacker.across_river_or_by_sea = true;
	b.defender.militia = 12;                                   /* 24 v 8: 1-3, the defender +2 */
	assert_int_equal(tq_battle_casualties(&N, &b, false, false, 4, 4, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, 4 + 1 - 1 - 1);        /* cavalry, audacity 4, river */
	assert_int_equal(c.defender_total, 4 + 2 + 1 - 1);         /* odds, won, militia */
	b.attacker.leader.audacity = 3;
	assert_int_equal(tq_battle_casualties(&N, &b, false, false, 4, 4, &c, why, sizeof why), 0);
	assert_int_equal(c.attacker_total, 4 + 1 - 1);
}

/* 11.2.6: an unmodified casualty die of 1 loses a leader, whatever the
 * total. */
static void casualties_11_2_6_die_of_one(void **state)
{
	struct tq_battle b = battle(british(30, 3, 1), continental(6, 3, 1));
	struct tq_casualties c;
	(void)state;
	assert_int_equal(tq_battle_casualties(&N, &b, false, true, 1, 2, &c, why, sizeof why), 0);
	assert_true(c.attacker_total > c.defender_total);
	assert_true(c.attacker_leader_lost);
	assert_false(c.defender_leader_lost);
	assert_int_equal(tq_battle_casualties(&N, &b, false, true, 6, 1, &c, why, sizeof why), 0);
	assert_false(c.attacker_leader_lost);
	assert_true(c.defender_leader_lost);
}

/* 11.2.5's example: 9 SPs lost "may be 4 regular SP and 5 militia SPs";
 * the remaining fraction may be militia (ruling: or regulars, by the
 * owner's choice). */
static void split_11_2_5_example(void **state)
{
	struct tq_force f = continental(20, 3, 1);
	struct tq_losses l;
	(void)state;
	f.militia = 20;
	l = tq_split_losses(&N, &f, 9, false, false);
	assert_int_equal(l.regulars, 4);
	assert_int_equal(l.militia, 5);
	assert_int_equal(l.prisoners, 0);                          /* the higher roller: none */
	l = tq_split_losses(&N, &f, 9, false, true);
	assert_int_equal(l.regulars, 5);
	assert_int_equal(l.militia, 4);
	l = tq_split_losses(&N, &f, 9, true, false);
	assert_int_equal(l.prisoners, 2);                          /* half of 4 */
}

/* 15.1's example: "net loses is 5. He has 2 militia SPs and 4 regular
 * SPs. He eliminates the 2 militia SPs. Of the remaining 3 losses, 2
 * regular SPs become prisoners (1/2 of 3 rounded up), while the third SP
 * is eliminated." */
static void split_15_1_example(void **state)
{
	struct tq_force f = continental(4, 3, 1);
	struct tq_losses l;
	(void)state;
	f.militia = 2;
	l = tq_split_losses(&N, &f, 5, true, false);
	assert_int_equal(l.militia, 2);
	assert_int_equal(l.regulars, 3);
	assert_int_equal(l.prisoners, 2);
}

/* 11.2.5, 15.1.4: cavalry and French are regulars, POWs like infantry;
 * a loss larger than the force takes the force. */
static void split_11_2_5_cavalry_and_cap(void **state)
{
	struct tq_force f = continental(0, 3, 1);
	struct tq_losses l;
	(void)state;
	f.cavalry = 2;
	f.french_regulars = 1;
	l = tq_split_losses(&N, &f, 3, true, false);
	assert_int_equal(l.militia, 0);
	assert_int_equal(l.regulars, 3);
	assert_int_equal(l.prisoners, 2);
	l = tq_split_losses(&N, &f, 10, true, false);
	assert_int_equal(l.regulars, 3);
	l = tq_split_losses(&N, &f, 0, true, false);
	assert_int_equal(l.regulars + l.militia + l.prisoners, 0);
}

/* 11.2.6: the highest audacity is lost, never the C-in-C; a tie is the
 * owner's choice (ruling); Clinton takes Cornwallis with him. */
static void leader_11_2_6_casualty(void **state)
{
	struct tq_battle_leader l[] = {
		{ .audacity = 5, .c_in_c = true, .cornwallis = true },
		{ .audacity = 4 },
		{ .audacity = 2 },
		{ .audacity = 4 },
	};
	struct tq_battle_leader clinton[] = {
		{ .audacity = 3, .clinton = true },
		{ .audacity = 5, .cornwallis = true, .c_in_c = true },
		{ .audacity = 2 },
	};
	struct tq_battle_leader alone[] = { { .audacity = 6, .c_in_c = true } };
	(void)state;
	assert_int_equal(tq_leader_casualty_candidates(l, 4), 1u << 1 | 1u << 3);
	assert_int_equal(tq_leader_casualty_candidates(l, 3), 1u << 1);
	assert_int_equal(tq_leader_casualty_candidates(alone, 1), 0);
	assert_int_equal(tq_leaders_removed(l, 4, 1), 1u << 1);
	assert_int_equal(tq_leader_casualty_candidates(clinton, 3), 1u << 0);
	assert_int_equal(tq_leaders_removed(clinton, 3, 0), 1u << 0 | 1u << 1);
	assert_int_equal(tq_leaders_removed(clinton, 3, 5), 0);
}

/* 11.4.1: unable to retreat, the militia is eliminated, half the
 * regulars (up) POWs, the rest eliminated. */
static void retreat_11_4_1_unable(void **state)
{
	struct tq_force f = continental(5, 3, 1);
	struct tq_losses l;
	(void)state;
	f.militia = 3;
	f.cavalry = 2;
	l = tq_unable_to_retreat(&N, &f);
	assert_int_equal(l.militia, 3);
	assert_int_equal(l.regulars, 7);
	assert_int_equal(l.prisoners, 4);
}

/* 11.3.1: retreat before combat on a die at or under the tactical
 * rating; 11.4.5 (and 10.4.7) the same for a leader's escape. */
static void retreat_11_3_1_and_escape_11_4_5(void **state)
{
	bool ok = false;
	(void)state;
	assert_int_equal(tq_retreat_before_combat(2, 2, &ok, why, sizeof why), 0);
	assert_true(ok);
	assert_int_equal(tq_retreat_before_combat(2, 3, &ok, why, sizeof why), 0);
	assert_false(ok);
	assert_int_equal(tq_retreat_before_combat(0, 1, &ok, why, sizeof why), 0);
	assert_false(ok);
	assert_int_equal(tq_leader_escapes(3, 3, &ok, why, sizeof why), 0);
	assert_true(ok);
	assert_int_equal(tq_leader_escapes(3, 4, &ok, why, sizeof why), 0);
	assert_false(ok);
	assert_int_equal(tq_leader_escapes(3, 0, &ok, why, sizeof why), -1);
	assert_int_equal(tq_retreat_before_combat(3, 7, &ok, why, sizeof why), -1);
}

/* 10.4.1-10.4.3: 1 to 3 enemy SPs, no fort or city, 6-1 (5-1 under
 * Tarleton); 1, 2 or 3 MP. */
static void overrun_10_4(void **state)
{
	int mp = -1;
	(void)state;
	assert_true(tq_overrun(&N, 18, false, 3, false, &mp));
	assert_int_equal(mp, 3);
	assert_false(tq_overrun(&N, 17, false, 3, false, &mp));   /* 5.67: 5-1 */
	assert_int_equal(mp, 0);
	assert_true(tq_overrun(&N, 15, true, 3, false, &mp));
	assert_false(tq_overrun(&N, 14, true, 3, false, &mp));
	assert_true(tq_overrun(&N, 6, false, 1, false, &mp));
	assert_int_equal(mp, 1);
	assert_true(tq_overrun(&N, 12, false, 2, false, &mp));
	assert_int_equal(mp, 2);
	assert_false(tq_overrun(&N, 40, false, 4, false, &mp));   /* more than 3 */
	assert_false(tq_overrun(&N, 40, false, 2, true, &mp));    /* a fort or city */
	assert_false(tq_overrun(&N, 40, false, 0, false, &mp));
}

/* 4.2.3: 2-1 to enter a garrisoned fort, 1-1 a garrisoned city. */
static void walls_4_2_3_odds(void **state)
{
	(void)state;
	assert_true(tq_walls_odds(&N, 12, 6, true));
	assert_false(tq_walls_odds(&N, 11, 6, true));
	assert_true(tq_walls_odds(&N, 6, 6, false));
	assert_false(tq_walls_odds(&N, 5, 6, false));
	assert_true(tq_walls_odds(&N, 1, 0, true));                /* no garrison */
}

/* 4.7.5, 4.7.6 a: the besieger loses 1 SP for every 10 (or fraction of
 * 10) SP of the besieged. */
static void siege_4_7_5_besieger_loss(void **state)
{
	(void)state;
	assert_int_equal(tq_besieger_loss(&N, 10), 1);
	assert_int_equal(tq_besieger_loss(&N, 11), 2);
	assert_int_equal(tq_besieger_loss(&N, 1), 1);
	assert_int_equal(tq_besieger_loss(&N, 0), 0);
}

/* 4.7.6 b ii: the besieger wins the comparison: the besieged lose the
 * difference, the besieger 1 per 10 of the besieged; the militia left
 * is eliminated, the regulars left and the leaders POWs. 30 against 8
 * regulars and 4 militia: 2-1, +1; 5 + 1 against 2: the difference 4. */
static void siege_4_7_6_b_ii_besieger_wins(void **state)
{
	struct tq_force s = british(30, 3, 1), d = continental(8, 2, 1);
	struct tq_final_assault a;
	(void)state;
	d.militia = 4;
	s.cavalry = 0;
	assert_int_equal(tq_final_assault(&N, &s, &d, 5, 2, &a, why, sizeof why), 0);
	assert_int_equal(a.besieger_total, 6);
	assert_int_equal(a.besieged_total, 2);
	assert_true(a.besieger_won);
	assert_int_equal(a.besieger_loss, 2);
	assert_int_equal(a.besieged.militia, 4);
	assert_int_equal(a.besieged.regulars, 8);
	/* the difference 4: 2 militia, 2 regulars of whom 1 POW; then the 6
	 * regulars left all POW */
	assert_int_equal(a.besieged.prisoners, 7);
	assert_true(a.besieged_leaders_captured);
}

/* 4.7.6 b i: the besieger loses the comparison (a tie too, ruling): 1
 * SP per 10 of his own force, and retreats; the besieged lose nothing. */
static void siege_4_7_6_b_i_besieger_loses(void **state)
{
	struct tq_force s = british(30, 3, 1), d = continental(8, 2, 1);
	struct tq_final_assault a;
	(void)state;
	assert_int_equal(tq_final_assault(&N, &s, &d, 1, 6, &a, why, sizeof why), 0);
	assert_false(a.besieger_won);
	assert_int_equal(a.besieger_loss, 3);
	assert_int_equal(a.besieged.regulars + a.besieged.militia, 0);
	assert_false(a.besieged_leaders_captured);
	/* 30 v 8: 3-1, +2: 4 + 2 ties 6 */
	assert_int_equal(tq_final_assault(&N, &s, &d, 4, 6, &a, why, sizeof why), 0);
	assert_int_equal(a.besieger_total, a.besieged_total);
	assert_false(a.besieger_won);
}

/* 4.7.6 b: all modifiers but the cavalry advantage (and no surprise,
 * bayonets or winner); 16.1: Morgan does not spare militia here. */
static void siege_4_7_6_b_modifiers(void **state)
{
	struct tq_force s = british(10, 4, 1), d = continental(2, 3, 1);
	struct tq_final_assault a;
	(void)state;
	s.cavalry = 5;
	s.across_river_or_by_sea = true;
	d.militia = 8;
	d.leader.morgan = true;
	assert_int_equal(tq_final_assault(&N, &s, &d, 4, 4, &a, why, sizeof why), 0);
	assert_int_equal(a.besieger_total, 4 + 0 - 1 - 1);         /* 15 v 10: 1-1; audacity 4; river */
	assert_int_equal(a.besieged_total, 4 - 1);                  /* militia */
	assert_int_equal(tq_final_assault(&N, &s, &d, 4, 0, &a, why, sizeof why), -1);
}

/* 11.5: both sides 5 SPs or more. */
static void major_victory_11_5(void **state)
{
	(void)state;
	assert_true(tq_major_victory(&N, 5, 5));
	assert_true(tq_major_victory(&N, 40, 6));
	assert_false(tq_major_victory(&N, 5, 4));
	assert_false(tq_major_victory(&N, 4, 30));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(numbers_from_tables),
		cmocka_unit_test(numbers_missing_refused),
		cmocka_unit_test(numbers_overrun_costs_match),
		cmocka_unit_test(battle_of_one_side_refused),
		cmocka_unit_test(surprise_11_2_2_die_and_audacity),
		cmocka_unit_test(surprise_11_2_2_bayonets_and_militia),
		cmocka_unit_test(surprise_refusals),
		cmocka_unit_test(odds_11_2_3_examples),
		cmocka_unit_test(odds_11_2_3_fractions_favour_defender),
		cmocka_unit_test(winner_11_2_3_modifiers),
		cmocka_unit_test(winner_11_2_3_tie_to_defender),
		cmocka_unit_test(winner_11_2_3_half_militia),
		cmocka_unit_test(winner_16_1_morgan),
		cmocka_unit_test(casualties_11_2_4_high_total_example),
		cmocka_unit_test(casualties_11_2_4_low_total_example),
		cmocka_unit_test(casualties_11_2_4_tie),
		cmocka_unit_test(casualties_11_2_4_bayonets),
		cmocka_unit_test(casualties_11_2_4_other_modifiers),
		cmocka_unit_test(casualties_11_2_6_die_of_one),
		cmocka_unit_test(split_11_2_5_example),
		cmocka_unit_test(split_15_1_example),
		cmocka_unit_test(split_11_2_5_cavalry_and_cap),
		cmocka_unit_test(leader_11_2_6_casualty),
		cmocka_unit_test(retreat_11_4_1_unable),
		cmocka_unit_test(retreat_11_3_1_and_escape_11_4_5),
		cmocka_unit_test(overrun_10_4),
		cmocka_unit_test(walls_4_2_3_odds),
		cmocka_unit_test(siege_4_7_5_besieger_loss),
		cmocka_unit_test(siege_4_7_6_b_ii_besieger_wins),
		cmocka_unit_test(siege_4_7_6_b_i_besieger_loses),
		cmocka_unit_test(siege_4_7_6_b_modifiers),
		cmocka_unit_test(major_victory_11_5),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
