/* Tarleton's Quarter!'s sequence of play (3.0 A-G): what tq_turn.c and
 * its phases' files (tq_turn_attrition.c, tq_turn_reinforce.c,
 * tq_turn_logistics.c) share. Private to the turn's part of the engine
 * (tq_engine.h says how the parts meet). */
#ifndef TQ_TURN_H
#define TQ_TURN_H

#include <stdbool.h>
#include <stddef.h>
#include "tq_engine.h"
#include "tq_sps.h"
#include "tq_logistics.h"

/* ---- tq_turn.c ---- */

/* The next phase begins at its first step. */
void tq_turn_phase(struct tq_play *p, enum tq_phase phase);

struct tq_troops tq_troops_of(const struct tq_sps *x);
/* A side's SPs in an area: the field (ready and moved) and the walls. */
int tq_side_sp(const struct tq_state *s, int area, enum tq_side side);
/* 2.0 Control: a force of side in the area and no enemy force, within
 * the walls or not. */
bool tq_turn_controls(const struct tq_state *s, int area, enum tq_side side);
/* A side's answer to a question asked of both at once: its bit off, and
 * the question answered when neither is left. */
void tq_turn_side_done(struct tq_state *s, enum tq_side side);

/* ---- tq_turn_attrition.c: B, 5.1, 5.2, 5.4, 15.3 ---- */

int tq_attrition_run(struct tq_play *p);
/* TQ_ASK_SUPPLY: TQ_EXPEND, TQ_DESTROY, TQ_DONE. */
int tq_supply_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);

/* ---- tq_turn_disease.c: 5.3 ---- */

/* A loss of side's SPs in `area` (-1: the At Sea box), from the walls or
 * the field, foraging's or not (5.4.2): where it is taken from... */
void tq_turn_owed_at(struct tq_state *s, int area, bool walls, bool forage);
/* ...and how many: taken at once when only one kind of SP can take it,
 * else asked (TQ_ASK_LOSSES, more sides at once with tq_ask_also). */
void tq_turn_owe(struct tq_play *p, enum tq_side side, int lost);
/* TQ_ASK_LOSSES: TQ_LOSE (SPs, and the leaders a disease sickens). */
int tq_losses_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* A special attrition check (5.3) of n dice (into dice[n]) on side's
 * `sp` SPs where tq_turn_owed_at says: 0, or -1. */
int tq_turn_check(struct tq_play *p, enum tq_side side, int sp, int n, const char *what,
		  int *dice);
/* Side is besieged in area a (its SPs within the walls). */
bool tq_turn_besieged(const struct tq_state *s, int a, enum tq_side side);
/* Areas by s->cursor (area * TQ_SIDES + side), f on each area once (idle
 * NULL), or on each side of it (idle given: whether f there would roll
 * nothing), the cursor moved on before f may ask: 1 when all are done, 0
 * when f asked, -1. Side by side, a side asked stops the walk only where
 * its own check would roll: both may be asked their losses at once. */
typedef bool tq_turn_idle(const struct tq_play *p, int a, enum tq_side side);
int tq_turn_each(struct tq_play *p, tq_turn_idle *idle,
		 int (*f)(struct tq_play *, int, enum tq_side));
/* 5.3.1, 5.3.2 a, 5.3.2 b with 5.3.3: the steps, 1 done, 0 asked, -1. */
int tq_turn_at_sea(struct tq_play *p);
int tq_turn_smallpox(struct tq_play *p);
int tq_turn_malaria(struct tq_play *p);
/* The leaders a TQ_LOSE names for the disease (5.3.3): 0, or -1. */
int tq_turn_sick_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* Leader l leaves the map (where, returns), his side's C-in-C again. */
void tq_turn_leader_off(struct tq_play *p, int l, enum tq_where where, int returns);

/* ---- tq_turn_reinforce.c: C, 6.1-6.5, 15.4, 18.0 ---- */

int tq_reinforcement_run(struct tq_play *p);
/* TQ_ASK_WITHDRAW: TQ_WITHDRAW. */
int tq_withdraw_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* SPs arriving at side's Base of Operations (6.2, 7.1, 15.4.2). */
void tq_turn_to_base(struct tq_play *p, enum tq_side side, const struct tq_sps *x);

/* ---- tq_turn_exchange.c: 15.4, 15.5, 6.1.2 ---- */

/* The exchange step: 1 done, 0 asked (both sides at once). */
int tq_exchange_step(struct tq_play *p);
/* TQ_ASK_EXCHANGE: TQ_YES (naming the leaders released where the holder
 * chooses, 15.5.2), TQ_NO. */
int tq_exchange_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);

/* ---- tq_turn_militia.c: 6.5, 6.2's militia leaders ---- */

/* The generation step (and the held militia leaders): 0, or -1. */
int tq_militia_step(struct tq_play *p);
/* TQ_ASK_MILITIA: TQ_PLACE, TQ_DONE (and the reinforcements of
 * tq_turn_place.c). */
int tq_militia_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* The militia SPs of colony c the side has still to place: the set-up's
 * (17.2.2) and, while the militia is asked, those generated (6.5, 10.7). */
int tq_militia_to_place(const struct tq_state *s, enum tq_side side, enum tq_colony c);

/* ---- tq_turn_siege.c: A and G, 4.7 ---- */

/* The Siege Resolution Phase's steps: 1 when they are all done, 0 when
 * it asked, -1. */
int tq_siege_run(struct tq_play *p);
/* TQ_ASK_SUMMONS, TQ_ASK_SURRENDER, TQ_ASK_ASSAULT: TQ_YES, TQ_NO. */
int tq_siege_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);

/* ---- tq_turn_place.c: 6.2, 18.0's choices of place ---- */

/* s->side[].place_rule: an enum tq_place (TQ_ANY_PORT, TQ_VIRGINIA_PORT)
 * or 6.2's north edge of Virginia. */
#define TQ_PLACE_NORTH_EDGE 10
#define TQ_PLACE_SEQUESTERED 11          /* 16.3: British-held Charlestown or Savannah */
/* Side has reinforcements to place where it chooses. */
/* Is there a place side's arrivals may go to, free of the enemy? */
bool tq_place_possible(const struct tq_data *d, const struct tq_state *s, enum tq_side side);
bool tq_place_pending(const struct tq_data *d, const struct tq_state *s, enum tq_side side);
/* The sides asked q whose standing order answers it ("standing done
 * supply", "standing done logistics": issue 24, a step a side has no use
 * for costs it no mail): each answered now; a refused one stays asked. */
void tq_turn_standing(struct tq_play *p, enum tq_question q);
/* Ask side q, unless its standing order answers it (tq_turn_standing):
 * the siege's summons and surrender (4.7.2-4.7.4), the exchange (15.4). */
void tq_turn_ask(struct tq_play *p, enum tq_question q, enum tq_side side);
/* 17.1.2: a C-in-C "until" another leader enters the board is one no
 * more once he is on it (leaders.yaml's c_in_c `until`). */
void tq_c_in_c_ends(struct tq_play *p);
/* 6.2: leader l, side's, arrived and held to be placed with its troops. */
bool tq_place_leader_held(const struct tq_data *d, const struct tq_state *s, int l,
			  enum tq_side side);
/* The side's arrivals this month go where `rule` says: false when another
 * rule holds them already (one choice a month: these wait). */
bool tq_place_hold(struct tq_play *p, enum tq_side side, int rule);
/* TQ_PLACE of them (asked with TQ_ASK_MILITIA). */
int tq_place_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* 16.3 (optional): the Commissary's captured trains, placed at once or
 * asked (TQ_ASK_MILITIA) when both cities are British held. */
void tq_place_sequestered(struct tq_play *p);
/* French SPs on the board (10.5.11). */
void tq_place_french(struct tq_play *p);

/* ---- tq_turn_logistics.c: D, 7.1, 7.2, 4.1, 4.8 ---- */

int tq_logistics_run(struct tq_play *p);
/* TQ_ASK_LOGISTICS: TQ_BUILD, TQ_DESTROY (a fort, 4.8), TQ_DONE. */
int tq_logistics_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);

#endif
