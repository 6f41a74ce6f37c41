/* Tarleton's Quarter!'s battles as numbers (seed 001: 10.4, 11.2-11.5,
 * 4.2.3, 4.7.5, 4.7.6, 15.1): surprise, the odds, the winner, the
 * casualties and their split, prisoners, leader losses, overrun, the
 * walls' odds, a siege's losses and final assault, Major Victory.
 *
 * Pure calculators on small structs: the caller (the endeavour) builds
 * each side's force from the position, chooses its commanding leader
 * (tq_move.c, 11.1) and rolls the dice; nothing here reads the state.
 * Every number the seed states comes from tables.yaml's `combat` and
 * `forts_and_sieges` blocks through struct tq_combat_numbers. A
 * function given a die that is no die, or a battle without SPs on a
 * side, refuses: -1 and why. */
#ifndef TQ_COMBAT_H
#define TQ_COMBAT_H

#include <stdbool.h>
#include <stddef.h>
#include "tq_data.h"

/* tables.yaml's combat numbers, read once (tq_combat_numbers). */
struct tq_combat_numbers {
	int surprise_succeeds_on, surprise_audacity_divisor, surprise_bayonet,
	    surprise_militia_under_militia_leader;                    /* 11.2.2 */
	int odds_modifier_less, attacker_surprise, cavalry_advantage,
	    half_or_more_militia, militia_share_percent;              /* 11.2.3 */
	int bayonet_with_surprise, bayonet_without_surprise, won, audacity_over,
	    audacious, across_river_or_by_sea;                        /* 11.2.4 */
	int loss_per_sp, loss_sp, tie_each_loses;                     /* 11.2.4 */
	int prisoners_divisor;                                        /* 11.2.5, 11.4.1 */
	int leader_loss_on_unmodified;                                /* 11.2.6 */
	int overrun_max_enemy_sp, overrun_odds, overrun_odds_tarleton; /* 10.4.1, 10.4.2 */
	int overrun_mp[3];                                            /* 10.4.3 */
	int major_victory_min_sp;                                     /* 11.5 */
	int enter_odds_fort, enter_odds_city;                         /* 4.2.3 */
};

/* The leader whose ratings a force fights with (11.1): the caller
 * chooses him. A force without a leader has `present` false and no
 * rating. */
struct tq_commander {
	bool present;
	int audacity, tactical;
	enum tq_leader_kind kind;     /* TQ_MILITIA: a Continental militia leader */
	bool tarleton;                /* 10.4.2: read by the caller from the data */
	bool morgan;                  /* 16.1 */
};

/* One side of a battle: its SPs by kind (14.1: the French are regulars
 * and cavalry; 12: Loyalist militia is militia), its commander, and
 * what the caller knows of how it fought. */
struct tq_force {
	enum tq_side side;
	int regulars, cavalry;        /* its own regular infantry and cavalry */
	int militia;                  /* Continental militia */
	int loyalists;                /* Loyalist militia */
	int french_regulars, french_cavalry;
	struct tq_commander leader;
	bool bayonets;                /* 11.2.1: the British attacker's choice */
	bool across_river_or_by_sea;  /* 11.2.4: how it entered the battle's area */
};

/* A battle: who attacks, and the optional rules in play. */
struct tq_battle {
	struct tq_force attacker, defender;
	bool morgan_rule;             /* 16.1 in play */
};

/* An odds ratio (11.2.3) as the seed writes it: 5-1 is {5, 1}, 1-5 {1, 5}. */
struct tq_odds {
	int attacker, defender;
};

/* 11.2.3: each side's modified roll, and who won (the other retreats). */
struct tq_winner {
	int attacker_total, defender_total;
	bool attacker_won;
};

/* 11.2.4, 11.2.6: each side's modified casualty roll, the SPs each must
 * lose, whether a side lost a leader (its unmodified die), and which
 * side rolled lower (11.2.5: its regular losses give prisoners). */
struct tq_casualties {
	int attacker_total, defender_total;
	int attacker_loss, defender_loss;
	bool attacker_leader_lost, defender_leader_lost;
	enum tq_side lower;           /* TQ_NOBODY on a tie */
};

/* 11.2.5, 11.4.1, 4.7.6 b ii: how a side's SPs go. `regulars` counts
 * every regular SP lost, cavalry and French included (15.1.4); of
 * them `prisoners` go to the POW track, the rest are eliminated. */
struct tq_losses {
	int militia;                  /* Continental or Loyalist: eliminated */
	int regulars;
	int prisoners;                /* of `regulars` */
};

/* 4.7.6 b: a final assault. */
struct tq_final_assault {
	int besieger_total, besieged_total;
	bool besieger_won;            /* else he retreats (i) */
	int besieger_loss;
	struct tq_losses besieged;    /* ii: the difference, then every SP left */
	bool besieged_leaders_captured; /* ii: every leader left is a POW */
};

/* A leader in a battle, for 11.2.6. */
struct tq_battle_leader {
	int audacity;
	bool c_in_c;                  /* his side's Commander-in-Chief: never lost this way */
	bool clinton, cornwallis;     /* 11.2.6's exception: from the data */
};

/* tables.yaml's numbers into *n: 0, or -1 naming the one missing. */
int tq_combat_numbers(const struct tq_data *d, struct tq_combat_numbers *n, char *why,
		      size_t whylen);

/* A force's SPs, its militia (both kinds), its regulars (cavalry and
 * French included), its cavalry (French included). */
int tq_force_sp(const struct tq_force *f);
int tq_force_militia(const struct tq_force *f);
int tq_force_regulars(const struct tq_force *f);
int tq_force_cavalry(const struct tq_force *f);

/* 11.2.2: the surprise roll's modifier, and whether die achieves it. */
int tq_surprise_modifier(const struct tq_combat_numbers *n, const struct tq_battle *b);
int tq_surprise(const struct tq_combat_numbers *n, const struct tq_battle *b, int die,
		bool *surprise, char *why, size_t whylen);

/* 11.2.3: the odds of attacker SPs against defender SPs (both > 0),
 * fractions in the defender's favour; and what it adds to each side's
 * roll. */
struct tq_odds tq_odds(int attacker_sp, int defender_sp);
int tq_odds_attacker_modifier(const struct tq_combat_numbers *n, struct tq_odds o);
int tq_odds_defender_modifier(const struct tq_combat_numbers *n, struct tq_odds o);

/* 11.2.3, 11.2.4: the force is 50% or more militia, and the -1 applies
 * (16.1: not with Morgan commanding, outside a final assault). */
bool tq_half_militia(const struct tq_combat_numbers *n, const struct tq_force *f);
bool tq_militia_penalty(const struct tq_combat_numbers *n, const struct tq_battle *b,
			const struct tq_force *f, bool final_assault);

/* 11.2.3: the winner's roll. */
int tq_battle_winner(const struct tq_combat_numbers *n, const struct tq_battle *b,
		     bool surprise, int attacker_die, int defender_die, struct tq_winner *out,
		     char *why, size_t whylen);

/* 11.2.4: 1 SP per 10 or fraction of sp (the loss of the higher roll). */
int tq_loss_per_ten(const struct tq_combat_numbers *n, int sp);

/* 11.2.4, 11.2.6: the casualty rolls after the winner is known. */
int tq_battle_casualties(const struct tq_combat_numbers *n, const struct tq_battle *b,
			 bool surprise, bool attacker_won, int attacker_die, int defender_die,
			 struct tq_casualties *out, char *why, size_t whylen);

/* 11.2.5: loss SPs split between a force's militia and regulars, evenly
 * as far as each kind lasts; an odd SP is militia unless odd_to_regulars
 * (the owner's choice: "may be taken as a militia casualty"). Half of the
 * regulars (up) are prisoners when lower_roller. The loss is capped at
 * the force. */
struct tq_losses tq_split_losses(const struct tq_combat_numbers *n, const struct tq_force *f,
				 int loss, bool lower_roller, bool odd_to_regulars);

/* 11.2.6: who of a side's n leaders may be lost on an unmodified 1:
 * bit i set for each leader with the highest audacity but the C-in-C
 * (the owner chooses among several); 0 for none. */
unsigned tq_leader_casualty_candidates(const struct tq_battle_leader *l, int count);
/* 11.2.6: the leaders removed when leader `lost` is killed or captured,
 * as bits: him, and Cornwallis with Clinton. */
unsigned tq_leaders_removed(const struct tq_battle_leader *l, int count, int lost);

/* 11.4.1: a force unable to retreat. */
struct tq_losses tq_unable_to_retreat(const struct tq_combat_numbers *n, const struct tq_force *f);

/* 11.3.1: a retreat before combat by the highest ranking leader's
 * tactical rating; 11.4.5, 10.4.7: a leader's escape. 0 and *ok, or -1
 * for a die that is no die. (11.3.5's swamp foxes: tq_move.h.) */
int tq_retreat_before_combat(int tactical, int die, bool *ok, char *why, size_t whylen);
int tq_leader_escapes(int tactical, int die, bool *ok, char *why, size_t whylen);

/* 10.4.1-10.4.3: whether a moving force of mover_sp overruns enemy_sp
 * (no fort or city: enemy_walls false), and its MP cost. */
bool tq_overrun(const struct tq_combat_numbers *n, int mover_sp, bool tarleton_commands,
		int enemy_sp, bool enemy_walls, int *mp);

/* 4.2.3, 4.3, 4.4.3, 4.6: attacker_sp has the odds to enter (or keep a
 * siege of) a garrison of garrison_sp in a fort (fort) or a city. */
bool tq_walls_odds(const struct tq_combat_numbers *n, int attacker_sp, int garrison_sp,
		   bool fort);

/* 4.7.5, 4.7.6 a: what the besieger loses when the besieged surrender,
 * or when he breaks the siege: 1 per 10 or fraction of the besieged. */
int tq_besieger_loss(const struct tq_combat_numbers *n, int besieged_sp);

/* 4.7.6 b: a final assault, the besieger the attacker. */
int tq_final_assault(const struct tq_combat_numbers *n, const struct tq_force *besieger,
		     const struct tq_force *besieged, int besieger_die, int besieged_die,
		     struct tq_final_assault *out, char *why, size_t whylen);

/* 11.5: a battle or siege whose sides had a and b SPs moves the Major
 * Victory marker to its winner. */
bool tq_major_victory(const struct tq_combat_numbers *n, int a_sp, int b_sp);

#endif
