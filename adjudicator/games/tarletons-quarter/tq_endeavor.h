/* Tarleton's Quarter!'s endeavour, inside (tq_endeavor.c, tq_battle.c):
 * where an endeavour under way stands, and what its two files share. The
 * engine's parts meet in tq_engine.h; this header is the endeavour's own. */
#ifndef TQ_ENDEAVOR_H
#define TQ_ENDEAVOR_H

#include <stdbool.h>
#include "tq_combat.h"
#include "tq_engine.h"
#include "tq_sps.h"
#include "tq_move.h"

/* struct tq_endeavor's `stage`: what the endeavour does next. */
enum tq_stage {
	TQ_STAGE_MOVE,                   /* the next area of the path (10.1) */
	TQ_STAGE_UPRISING,               /* 8.3.5: the British place the Loyalists */
	TQ_STAGE_RETREAT_BEFORE,         /* 11.3: the defender may retreat first */
	TQ_STAGE_BAYONETS,               /* 11.2.1: the British attacker's choice */
	TQ_STAGE_BATTLE,                 /* 11.2.2-11.2.6: the dice */
	TQ_STAGE_RETREAT,                /* 11.4: the loser retreats */
	TQ_STAGE_C_IN_C,                 /* 11.2.6: a new Commander-in-Chief chosen */
	TQ_STAGE_WALLS,                  /* 4.2.4: the defender chooses who stands outside */
	TQ_STAGE_SIEGE,                  /* 4.3: the attacker lays siege, or leaves */
	TQ_STAGE_CASUALTIES,             /* 11.2.5: each side's losses, split */
	TQ_STAGE_ARRIVED,                /* 10.7.4: the invasion's militia placed, the
					  * force goes on from the area it entered */
	TQ_STAGE_END                     /* the endeavour is over */
};

/* ---- tq_endeavor.c: the pieces on the map ---- */

/* A side's SPs of a kind as the movement rules count them (10.1.1, 10.6). */
struct tq_movers tq_movers_of(enum tq_side side, const struct tq_sps *x, int trains, int nleaders);
/* A side's SPs in an area outside the walls: ready and moved. */
struct tq_sps tq_field_sps(const struct tq_state *s, int area, enum tq_side side);
/* A side's leaders on the map in area, outside the walls: their count. */
int tq_leaders_in(const struct tq_data *d, const struct tq_state *s, int area, enum tq_side side,
		  short *out, int max);
/* The commanding leader (11.1) of leaders ls[0..n-1], or -1. */
int tq_in_command(const struct tq_data *d, const struct tq_state *s, const short *ls, int n);
/* Area a holds forces of side outside the walls (SPs or leaders). */
bool tq_forces_in(const struct tq_data *d, const struct tq_state *s, int area, enum tq_side side);
/* enemy[a] for every area: side's enemy occupies it (11.3.1, 11.4). */
void tq_enemy_areas(const struct tq_data *d, const struct tq_state *s, enum tq_side side,
		    bool *enemy);
/* Move all of side's field forces (SPs, trains, leaders) from one area
 * to an adjacent one (11.3, 11.4). */
void tq_move_all(const struct tq_data *d, struct tq_state *s, enum tq_side side, int from, int to);
/* A leader leaves the board (11.2.6 killed, 11.4.5, 15.2 captured): where
 * he goes, and his side's Commander-in-Chief after (11.1.3, 11.1.4). True
 * when the side is left with no C-in-C and must choose one (11.2.6). */
bool tq_leader_lost(struct tq_play *p, int leader, enum tq_where where);
/* The standing order of side that answers q (`o` filled), if any is
 * usable: `usable` says whether an answer fits the position. */
bool tq_standing_answer(struct tq_play *p, enum tq_side side, enum tq_question q,
			bool (*usable)(struct tq_play *p, const struct tq_order *o),
			struct tq_order *o);
/* Standing order i only, if it answers q (and usable says so). */
bool tq_standing_answer_at(struct tq_play *p, enum tq_side side, enum tq_question q,
			   bool (*usable)(struct tq_play *p, const struct tq_order *o), int i,
			   struct tq_order *o);
/* The endeavour is over: its side's turn goes on (tq_turn.c). */
void tq_endeavor_finish(struct tq_play *p);
/* An endeavour's force sets out from `at`: the last endeavour's path
 * (tq_state.h's trail) begins again there; each area it enters is added. */
void tq_trail_begin(struct tq_state *s, enum tq_side side, int at);

/* The force has entered its area (after 10.7's militia): the enemy
 * there is fought (or overrun), else the move goes on. */
void tq_arrived(struct tq_play *p);

/* ---- tq_battle.c: a battle entered, and its retreats ---- */

int tq_battle_run(struct tq_play *p);
/* 5.4.4 a-c: the enemy's trains, magazines and Base in an area the force
 * enters with no enemy force to defend them are captured. */
void tq_unguarded_supplies(struct tq_play *p, int area);
/* The same where a force of `taker` is placed (6.2, 6.5, 8.3.5, 12.1):
 * the other side's undefended supplies in the area are captured. */
void tq_capture_unguarded(struct tq_play *p, int area, enum tq_side taker);
int tq_battle_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);

/* ---- tq_casualties.c: 11.2.5's split ---- */

int tq_casualties_stage(struct tq_play *p);
int tq_casualties_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* The split l taken from side's field SPs in area in the engine's order
 * (docs/rulings.md, "Tarleton's Quarter!: the endeavour"), the moving force smaller by them. */
struct tq_sps tq_remove_losses(struct tq_play *p, enum tq_side side, int area,
			       const struct tq_losses *l);

/* ---- tq_endeavor_other.c: the train, the governor, recruitment, the sea ---- */

/* 8.2, 13.1.1, 12.1, 10.5: 0, or -1 with why and nothing changed that
 * matters (the caller restores the state). */
int tq_other_endeavor_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* 17.2.3: the moving British force next to Charlestown brings its sailors
 * out, once a game (tables.yaml's charlestown_sailors). */
void tq_sailors(struct tq_play *p);

/* ---- tq_walls.c: forts and cities entered (4.2, 4.3) ---- */

/* 4.2.3: a force of force_sp SPs may enter area (else *reason says why). */
bool tq_walls_may_enter(struct tq_play *p, int area, int force_sp, char *reason, size_t len);
/* The area entered has the defender's walls and a garrison (4.2.4 asks). */
bool tq_walls_entered(struct tq_play *p, int area);
int tq_walls_stage(struct tq_play *p);
int tq_siege_stage(struct tq_play *p);
int tq_walls_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* Nobody of the defender stands outside with SPs: leaders there are
 * captured (15.2), trains taken (5.4.4 a); then tq_after_battle. */
void tq_undefended(struct tq_play *p);
/* The field decided: a siege to lay (4.3), or the endeavour's end. */
void tq_after_battle(struct tq_play *p);
/* The endeavour over and no siege laid: a garrison within the walls
 * comes out (4.2.4 is the moment of an enemy's entry). */
void tq_walls_open(struct tq_play *p, int area);
/* 4.2.5: the loser may retreat within his walls there; and does. */
bool tq_walls_room(struct tq_play *p, enum tq_side loser, int area);
void tq_walls_retreat(struct tq_play *p, enum tq_side loser, int area);
/* 4.4, 4.6: the sieges checked at the endeavour's end: true when
 * besiegers must retreat first (the stage is set). */
bool tq_sieges_hold(struct tq_play *p);

#endif
