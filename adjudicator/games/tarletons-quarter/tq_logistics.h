/* Tarleton's Quarter!'s monthly numbers (seed 001, 5, 6.3-6.5, 8.1, 8.3,
 * 10.7.2, 12, 13, 15.3-15.5, 16.3, 16.4): pure calculators on the loaded
 * data and small facts the caller gathers from the position. The dice
 * are the caller's, passed in as their faces; every number of the rules
 * is read from struct tq_data (tables.yaml, areas.yaml, leaders.yaml).
 * Which SP or which leader a loss takes is the caller's (the player's
 * choice, or a draw with the caller's die). Months are TQ_MONTH values.
 *
 * A calculator that can be given what the rules do not allow (a die of
 * 7, a month without a column) returns 0, or -1 with why. */
#ifndef TQ_LOGISTICS_H
#define TQ_LOGISTICS_H

#include <stdbool.h>
#include <stddef.h>
#include "tq_data.h"

/* One side's SPs in one place, as the calculators count them (2.0;
 * 14.1: the French are Continental regulars under the French marker;
 * 5.4.2: Continental militia by home colony; 12: Loyalist militia). */
struct tq_troops {
	int regulars, cavalry;   /* regular foot and horse, the French not included */
	int french;              /* French regulars and cavalry */
	int loyalists;
	int militia[TQ_COLONIES];
};

/* Every number of tables.yaml these calculators read, and the three
 * charts (5.1, 6.5, 8.3): 0, or -1 naming the first one missing. The
 * calculators assume it has passed. */
int tq_logistics_check(const struct tq_data *d, char *why, size_t whylen);

/* 5.1.2, 6.5: a die less the Major Victory marker's modifier when it is
 * British side up (the same -1 for attrition and generation). */
int tq_militia_attrition_roll(const struct tq_data *d, int die, enum tq_side major_victory);
int tq_generation_roll(const struct tq_data *d, int die, enum tq_side major_victory);

/* 5.1.3: the Militia Attrition Table's percentage for the month's column
 * and a modified roll 0..6. */
int tq_attrition_percent(const struct tq_data *d, int month, int roll, int *percent, char *why,
			 size_t whylen);
/* 5.1, 5.1.4: the Continental militia's percentage for a colony's die this
 * month (5.1.2's modifier applied), and an area's loss of its `sp`
 * militia at that percentage (fractions rounded down). */
int tq_militia_attrition(const struct tq_data *d, int month, enum tq_side major_victory, int die,
			 int *percent, char *why, size_t whylen);
int tq_attrition_loss(int sp, int percent);
/* 5.1.4: an area's Continental militia losses, each colony's militia at
 * its own colony's percentage, wherever the area is. */
void tq_militia_attrition_losses(const struct tq_troops *force, const int percent[TQ_COLONIES],
				 int lost[TQ_COLONIES]);
/* 5.2: the Loyalist militia's percentage: rolled only with the Major
 * Victory marker Continental side up, unmodified; 0 otherwise. */
int tq_loyalist_attrition(const struct tq_data *d, int month, enum tq_side major_victory, int die,
			  int *percent, char *why, size_t whylen);

/* 5.3: SPs a special attrition check of n dice takes from `sp` SPs:
 * one for each die of 3 or less, never leaving fewer than 1 SP (5.3,
 * 5.3.1). Only SPs: baggage trains and magazines are never counted. */
int tq_special_attrition(const struct tq_data *d, int sp, int n, const int *dice, int *lost,
			 char *why, size_t whylen);
/* 5.3.1: the dice for British troops at sea. */
int tq_at_sea_dice(const struct tq_data *d);

/* 5.3.2: the disease of the month. */
enum tq_disease { TQ_NO_DISEASE, TQ_SMALLPOX, TQ_MALARIA };
enum tq_disease tq_disease_of(const struct tq_data *d, int month);
/* Its dice: smallpox triple (5.3.2 a), malaria single (5.3.2 b); 0 none. */
int tq_disease_dice(const struct tq_data *d, enum tq_disease disease);
/* 5.3.2 a: the area(s) with the most SPs, British and Continental
 * together (sp[i] for area i): smallpox[i] set for each, their number
 * returned (0 when no area has any SP). */
int tq_smallpox_areas(const int *sp, int nareas, bool *smallpox);

/* 5.3.3: what a disease check's dice do to the leaders. */
struct tq_disease_leaders {
	int sick;                /* leaders sent to the turn track */
	int dead;                /* leaders drawn at random and removed */
};
int tq_disease_leaders(const struct tq_data *d, enum tq_disease disease, int n, const int *dice,
		       struct tq_disease_leaders *out, char *why, size_t whylen);
/* 5.3.3: smallpox sickens the side with the larger force in the area:
 * TQ_BRITISH, TQ_CONTINENTAL, or TQ_NOBODY when they are equal (both). */
enum tq_side tq_larger_force(int british_sp, int continental_sp);
/* 5.3.3: the month a sick leader returns. */
int tq_sick_leader_returns(const struct tq_data *d, int month);

/* 5.4.2, 5.4.3, 14.1.4: the SPs of one side's force in an area of
 * `colony` that count when it forages: regulars, cavalry, Loyalists and
 * the militia of other colonies; not the French, nor the militia at
 * home. */
int tq_foraging_sp(const struct tq_troops *force, int colony);
/* 5.4.1 c: the special attrition dice for `sp` SPs foraging in an area
 * of that supply level: 1, 2 or 3; 0 when none forage. */
int tq_forage_dice(const struct tq_data *d, int sp, int supply);

/* 6.3.1: the British limit, the value of the ports they control
 * (british[i] for area i). 6.3.2: the Continental limit. */
int tq_british_train_limit(const struct tq_data *d, const bool *british);
int tq_continental_train_limit(const struct tq_data *d);
/* 6.3.1, 6.4: the trains that may be placed from the Available box with
 * `on_board` own trains and magazines on the map (captured ones and the
 * Base of Operations not counted). */
int tq_trains_to_place(int limit, int on_board, int available);
/* 16.3 (optional): the captured trains the Commissary of Sequestered
 * Estates gives this month, from each area's British SPs (british_sp[i])
 * and whether Continental militia or regulars are there
 * (continentals[i]). */
int tq_sequestered_trains(const struct tq_data *d, int month, const int *british_sp,
			  const bool *continentals);

/* 6.5: a generation month. 6.5, 10.7.2: the militia SP a colony's
 * modified roll gives: `invasion` uses a month without a column's
 * invasion column (10.7.2). */
bool tq_generation_month(const struct tq_data *d, int month);
int tq_militia_generated(const struct tq_data *d, int month, enum tq_colony colony, int roll,
			 bool invasion, int *sp, char *why, size_t whylen);

/* 8.1.1: the leader activates on a die equal to or lower than his
 * audacity. */
bool tq_activates(const struct tq_data *d, int leader, int die);
/* 8.3.1: the event the activation die gives this month. */
int tq_endeavor_event(const struct tq_data *d, int month, int die, enum tq_event *event,
		      char *why, size_t whylen);
/* 8.3.3, 8.3.4: the weather after an event, from the weather before. */
enum tq_weather tq_weather_after(enum tq_weather before, enum tq_event event);
/* 8.3.5: the Loyalist militia SPs a Loyalist event gives: the second die
 * `again`, and if it too is a 1, `d6` SPs. */
int tq_uprising_sp(const struct tq_data *d, int month, int again, int d6);

/* 12.1, 12.2, 12.2.1, 16.4: the facts of one recruitment endeavour. */
struct tq_recruit {
	int month;
	enum tq_colony colony;
	bool mobilizer;          /* the leader is Brown or Ferguson (12.2) */
	bool capital_british;    /* the colonial capital British controlled */
	bool governor_placed;    /* its Royal Governor placed (13.1.1) */
	enum tq_side major_victory;
	int capped_raised;       /* Loyalist SP raised this month in the colony, where
				  * 12.2.1 caps it (Georgia) */
	bool russia_merchant;    /* 16.4 is in play */
};
/* 12.2.1: tables.yaml's loyalist_monthly_cap of a colony, if it has one. */
bool tq_loyalist_monthly_cap(const struct tq_data *d, int colony, int *cap);
/* The Loyalist SPs the endeavour places (0: none may be). */
int tq_loyalist_recruits(const struct tq_data *d, const struct tq_recruit *r);

/* Where militia may be placed, from the area's facts the caller knows
 * (continentals[i]: any Continental force in area i). 12.1, 12.2.1: a
 * British leader may recruit in an area with a settlement or city,
 * without Continental forces in it or next to it, outside Virginia. */
bool tq_may_recruit_in(const struct tq_data *d, int area, const bool *continentals);
/* 8.3.5: the Loyalist uprising rises in a settlement or city of Georgia,
 * South Carolina or North Carolina without any Continental force. */
bool tq_uprising_may_rise_in(const struct tq_data *d, int area, const bool *continentals);
/* 6.5: generated militia go to a settlement or city of their colony not
 * British controlled nor under siege; 10.7.3: after an invasion, also
 * the area just invaded. */
bool tq_militia_may_appear_in(const struct tq_data *d, int area, enum tq_colony colony,
			      bool british_controlled, bool besieged, bool just_invaded);

/* 15.3: a POW track after the month's attrition. */
int tq_pow_attrition(const struct tq_data *d, int pows);
/* 15.4: an exchange one for one: each side gets back the SPs returned,
 * the tracks keep the rest. */
int tq_pow_exchange(int *british_pows, int *continental_pows);
/* 15.5: the leaders that can be exchanged, rank by rank: per_rank[r] for
 * enum tq_rank r (size TQ_RANKS) of the leaders held by the British
 * (held_by_british: Continental leaders) and by the Continentals; the
 * total returned. */
#define TQ_RANKS (TQ_GENERAL_ADMIRAL + 1)
enum tq_rank tq_exchange_rank(const struct tq_data *d, int leader);
int tq_leader_exchange(const struct tq_data *d, const int *held_by_british, int nb,
		       const int *held_by_continental, int nc, int *per_rank);

/* 13.1: a colony's facts for the King's Peace. */
struct tq_colony_facts {
	struct tq_troops continental; /* every Continental SP in the colony */
	bool capital_sole_british;  /* the British alone control its capital */
	bool governor_in_capital;   /* its Royal Governor placed there */
};
bool tq_kings_peace(const struct tq_colony_facts *f);
/* 13.1: the British win at the end with the King's Peace in enough
 * colonies; 13.3: at the end of any turn with more. */
bool tq_kings_peace_victory(const struct tq_data *d, int colonies);
bool tq_british_automatic_victory(const struct tq_data *d, int colonies);
/* 13.2: no British SP (regular or militia) on the board. */
bool tq_continental_automatic_victory(int british_sp_on_board);

#endif
