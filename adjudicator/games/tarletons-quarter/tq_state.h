/* Tarleton's Quarter!'s position (seed 001): everything on the map, the
 * boxes and the tracks, the turn and phase, and what is being asked.
 * Plain values indexed by the data's areas and leaders (tq_data.h), so a
 * state copies with one assignment. The engine's modules read and change
 * it; nothing here does I/O (docs/tarletons-quarter-engine.md).
 *
 * Hidden: a side's standing orders and the rest of an endeavour's path
 * (`struct tq_hidden`); view() blanks the other side's. Everything else
 * is on the table in the boxed game and so is public. */
#ifndef TQ_STATE_H
#define TQ_STATE_H

#include <stdbool.h>
#include <stdint.h>
#include "tq_data.h"

/* One side's strength points in one place (2.0, 14.1: French SPs are
 * Continental regulars and cavalry under the French marker; 5.4.2:
 * Continental militia by colony; 12: Loyalist militia). */
struct tq_sps {
	short regulars, cavalry;
	short militia[TQ_COLONIES];      /* Continental militia, by home colony */
	short loyalists;                 /* British Loyalist (Provincial) militia */
	short french_regulars, french_cavalry;
};

/* Supply units (5.4, 6.3, 7.2): a side's own baggage trains and
 * magazines, and the captured trains it holds (5.4.4). */
struct tq_supply {
	short trains, magazines, captured;
	short trains_moved;              /* of `trains`, those with a "moved" marker (8.2) */
};

/* One side in one area: the field, split by whether it has moved this
 * month (8.1.1: "moved"), and what stands within the walls of a fort or
 * city (4.2.4; magazines always inside). */
struct tq_presence {
	struct tq_sps ready, moved, walls;
	struct tq_supply field, inside;
};

/* The optional rules (16.1-16.4), bit i of s->options for the game's
 * option i (tq_game.c's list, in this order). */
enum tq_option {
	TQ_OPTION_MORGAN = 1u << 0,          /* 16.1 Daniel Morgan */
	TQ_OPTION_SUMTER = 1u << 1,          /* 16.2 Thomas Sumter */
	TQ_OPTION_SEQUESTERED = 1u << 2,     /* 16.3 The Commissary of Sequestered Estates */
	TQ_OPTION_RUSSIA_MERCHANT = 1u << 3  /* 16.4 The Russia Merchant */
};

enum tq_fort { TQ_NO_FORT, TQ_BUILDING, TQ_FORT };  /* 4.1 */

struct tq_area_state {
	struct tq_presence side[TQ_SIDES];
	enum tq_fort fort;
	short fort_side;                 /* whose fort (4.1.5: the Continentals may hold one) */
	short siege;                     /* 0, 1 or 2 (4.3.1, 4.7) */
	short besieger;                  /* the side laying siege */
	bool base[TQ_SIDES];             /* a Base of Operations here (2.0) */
	short governor;                  /* a Royal Governor here (13.1.1), or -1 */
	bool sailors;                    /* 17.2.3's Charlestown sailors are these militia */
};

/* Where a leader is (2.0, 6.1, 6.2, 5.3.3, 10.5, 15.2). */
enum tq_where {
	TQ_NOT_ARRIVED,                  /* to come by 18.0 */
	TQ_ON_MAP,
	TQ_AT_SEA_BOX,                   /* the "At Sea" box (10.5.6) */
	TQ_TURN_TRACK,                   /* sick or surrendered: returns on `returns` */
	TQ_POW,                          /* the Leader POW box (15.2) */
	TQ_HELD,                         /* a militia leader held for the next generation (6.2) */
	TQ_GONE                          /* dead, withdrawn, out of the game */
};

struct tq_leader_state {
	enum tq_where where;
	short area;                      /* TQ_ON_MAP */
	bool walls;                      /* within the walls (besieged) */
	bool moved;                      /* flipped to "moved" (8.1.1) */
	bool c_in_c;                     /* his side's Commander-in-Chief now (11.1.3, 11.1.4) */
	int returns;                     /* TQ_TURN_TRACK: the month he comes back */
	int arrives;                     /* TQ_NOT_ARRIVED: the month 18.0 brings him;
					  * 0: by the succession (11.1.3) or the set-up */
	bool exchanged;                  /* TQ_POW: named for release in this month's
					  * exchange (15.5.2, tq_turn_exchange.c) */
	bool replaced;                   /* 11.1.3 c: a C-in-C who lost a major battle in
					  * command, replaced at the next month's beginning */
};

/* What is asked, and of whom: the engine stops at each decision a side
 * must make and says it here; the order that answers it moves it on. */
enum tq_question {
	TQ_ASK_NOTHING,                  /* the game is over */
	TQ_ASK_SETUP,                    /* 17.3.1, 17.4: place pieces */
	TQ_ASK_SUMMONS,                  /* 4.7.2: summon a siege to surrender? */
	TQ_ASK_SURRENDER,                /* 4.7.2-4.7.4: surrender, or stand */
	TQ_ASK_ASSAULT,                  /* 4.7.6: assault or break the siege */
	TQ_ASK_LOSSES,                   /* 5.3: which SPs attrition takes */
	TQ_ASK_SUPPLY,                   /* 5.4: expend baggage trains; destroy supplies */
	TQ_ASK_WITHDRAW,                 /* 6.1.3: from which areas */
	TQ_ASK_EXCHANGE,                 /* 15.4, 15.5: propose, accept, decline */
	TQ_ASK_MILITIA,                  /* 6.5, 10.7: place generated militia and leaders */
	TQ_ASK_LOGISTICS,                /* 7.1, 7.2, 4.1, 4.8 */
	TQ_ASK_ENDEAVOR,                 /* 8.0: an endeavour or pass */
	TQ_ASK_WALLS,                    /* 4.2.4: who stands outside */
	TQ_ASK_RETREAT_BEFORE,           /* 11.3: try to retreat before combat? */
	TQ_ASK_BAYONETS,                 /* 11.2.1 */
	TQ_ASK_RETREAT,                  /* 11.4: where the loser retreats */
	TQ_ASK_CASUALTIES,               /* 11.2.5: the split where the player chooses */
	TQ_ASK_SIEGE,                    /* 4.3: lay siege? */
	TQ_ASK_UPRISING,                 /* 8.3.5: where the Loyalists rise */
	TQ_ASK_C_IN_C                    /* 11.2.6: the new C-in-C */
};

/* The phases of 3.0, and where the engine stands in them. */
enum tq_phase {
	TQ_SETUP, TQ_SIEGE_RESOLUTION, TQ_ATTRITION, TQ_REINFORCEMENT, TQ_LOGISTICS,
	TQ_ENDEAVORS, TQ_ADJUSTMENT, TQ_SPECIAL_SIEGE, TQ_OVER
};

#define TQ_MAX_PATH 24
#define TQ_MAX_STANDING 16
#define TQ_STANDING_TEXT 96
#define TQ_RETURN_MONTHS 6               /* 4.7.5: four months ahead, and a margin */
#define TQ_MAX_FED 32                    /* 5.4.1 b: areas fed by a train in one month */

/* 9.1: what a moving force drops off, once, in an area of its path:
 * SPs, baggage trains and leaders of the force (never its activating
 * leader), left "moved" there. */
struct tq_detachment {
	bool given;                      /* ordered, and not yet left */
	short at;                        /* the area of the path where it is left */
	struct tq_sps sps;
	short trains;
	short leaders[TQ_MAX_GROUP];
	short nleaders;
};

/* An endeavour under way: the force, and the rest of its path, hidden
 * from the other side while the engine stops for its answer (issue 23,
 * "Playable"). */
struct tq_endeavor {
	bool active;
	short side, leader;              /* the activating leader */
	short at;                        /* where the force is now */
	short mp_left;
	struct tq_sps force;
	struct tq_supply supply;
	short leaders[TQ_MAX_GROUP];
	short nleaders;
	short path[TQ_MAX_PATH];         /* the areas still to enter: hidden */
	short npath;
	bool by_river, by_sea;           /* how it entered its area (11.2.4) */
	bool sally;                      /* 4.5: the besieged come out to fight */
	bool dropped;                    /* 9.1: a detachment left once */
	struct tq_detachment detach;     /* 9.1: the one still to leave: hidden */
	short stage;                     /* where it stands (tq_endeavor.c's enum tq_stage) */
	short loser;                     /* TQ_STAGE_RETREAT: the side retreating (11.4) */
	short pending;                   /* TQ_STAGE_UPRISING: the Loyalist SPs to place (8.3.5);
					  * TQ_STAGE_C_IN_C: the side choosing (11.2.6) */
	bool bayonets;                   /* 11.2.1: the British attacker's choice */
	bool activated;                  /* 8.1.1: the force moves (else it is flipped) */
	short loss[TQ_SIDES];            /* 11.2.4: the SPs each side has still to lose */
	short lower;                     /* 11.2.5: the side that rolled lower, or TQ_NOBODY */
};

/* A side's standing orders (its answers given in advance), as it wrote
 * them; hidden from the other side. */
struct tq_standing {
	short n;
	char text[TQ_MAX_STANDING][TQ_STANDING_TEXT];
};

/* What a side has still to do before the first turn (TQ_SETUP, 17.2.2,
 * 17.3.1, 17.4): the set-up's orders take it down to nothing. */
struct tq_to_place {
	short declare;                   /* 17.4.1: colonies to declare as targets */
	short leaders[TQ_MAX_GROUP];     /* 17.4.2: leaders to set up */
	short nleaders;
	struct tq_sps sps;               /* 17.4.2: SPs to set up; 17.2.2, 6.5: the
					  * militia raised, still to place */
	short trains;                    /* 17.4.2: each a baggage train or a magazine */
	unsigned colonies;               /* where the above may go, colonies' bits */
	unsigned generate;               /* 17.2.2: colonies whose militia generation is rolled */
	short rolls[TQ_MAX_GROUP];       /* 17.3.1: the leaders who roll a column, */
	short roll_colony[TQ_MAX_GROUP]; /* each his column's colony */
	short nrolls;
	int column;                      /* the month whose column the rolls use (6.5, 10.7.2) */
	bool attrition;                  /* 17.2.2: militia attrition after placing */
	short spared_area;               /* 17.2.2: whose militia that attrition spares, or -1 */
	short after[TQ_MAX_GROUP];       /* 17.2.2: militia leaders placed on their colony's */
	short nafter;                    /*   militia after the attrition */
};

struct tq_hidden {
	struct tq_standing standing[TQ_SIDES];
	struct tq_endeavor endeavor;     /* its path is the mover's alone */
};

struct tq_state {
	int month;                       /* TQ_MONTH(year, month) */
	int last_month;                  /* the scenario's end (17.0) */
	enum tq_phase phase;
	short step;                      /* within the phase */
	unsigned options;                /* 16.1-16.4, bit i for the game's option i */
	char scenario[TQ_WORD_MAX];
	short to_move;                   /* TQ_ENDEAVORS: whose endeavour (8.0) */
	short passes;                    /* 8.0: consecutive passes */
	enum tq_question question;
	unsigned asked;                  /* GAME_SIDE bits */
	enum tq_weather weather;         /* 8.3.3, 8.3.4 */
	bool last_event_rain;            /* 8.3.4: rain twice in a row floods */
	enum tq_side major_victory;      /* 11.5 */
	unsigned invaded;                /* colonies with a British Invaded marker (10.7.5) */
	unsigned kings_peace;            /* colonies (13.1) */
	bool french_on_map;              /* the French Field Force (10.5.11) */
	short georgia_loyalists;         /* 12.2.1: raised this month in the colony whose
					  * monthly Loyalists tables.yaml caps (Georgia) */
	bool sailors_used;               /* 17.2.3, once per game */
	bool first_turn;                 /* 17.1.3 A: the first turn's sequence of play */
	bool first_attack;               /* 17.1.3 A: the first British endeavour, the
					  * attack on the initial invasion, still to come */
	bool disrepair;                  /* 4.9: Charlestown and Savannah are settlements */
	int reinforcements_from;         /* 18.0: the first month with reinforcements */
	int sailors_from;                /* 17.2.3: the month the rule applies from, 0 never */
	int no_militia_month;            /* 17.3.1: no Continental militia generation or
					  * attrition this month, 0 none */
	unsigned targets;                /* 17.4.1: the colonies the British declared */
	struct tq_to_place to_place[TQ_SIDES];
	struct tq_area_state area[TQ_MAX_AREAS];
	struct tq_leader_state leader[TQ_MAX_LEADERS];
	short governor_area[TQ_MAX_GOVERNORS]; /* -1: set aside (13.1.1) */
	struct tq_side_state {
		short base;              /* area, -1 off the board */
		bool base_at_sea;        /* in the At Sea box (17.4.3, 10.5.11) */
		bool base_moved;         /* removed this turn (7.1.1) */
		short available, expended; /* the Baggage Train Pool (6.4) */
		short pow;               /* the other side's regulars held: the POW track (15.1) */
		struct tq_sps returning[TQ_RETURN_MONTHS]; /* the turn track (4.7.5): returning[i]
					  * arrive i months after this one; what the
					  * Reinforcement Phase cannot place yet stays in
					  * returning[0] (6.2, 7.1 note) */
		short c_in_c;            /* leader index, -1 none */
		short owed;              /* tq_turn.c: SPs still to lose (TQ_ASK_LOSSES) or to
					  * withdraw (TQ_ASK_WITHDRAW) */
		short loss_area;         /* where the loss asked of the side is taken (the
					  * owed_* of its check): each side's own, so both */
		bool loss_walls;         /*   sides may be asked their losses at once */
		bool loss_forage;
		struct tq_sps placing;   /* 6.2, 18.0: arrived SPs whose place is the player's */
		short place_rule;        /*   choice, and where they may go (tq_turn_place.c) */
		short placing_captured;  /* 16.3: captured trains to place at Charlestown or
					  *   Savannah, the British choice */
		short sick;              /* 5.3.3: leaders a disease sends to the turn track,
					  * the player's choice (TQ_ASK_LOSSES) */
		short fed[TQ_MAX_FED];   /* 5.4.1 b: areas whose forces a train was expended */
		short nfed;              /*   for in this month's supply step */
	} side[TQ_SIDES];
	/* tq_turn.c: where a step that goes area by area (or colony by colony)
	 * stands, and what a loss asked is (TQ_ASK_LOSSES) */
	short cursor;
	short owed_area;                 /* the area, or -1 the At Sea box (5.3.1); also the
					  * siege asked about (TQ_ASK_SUMMONS, TQ_ASK_SURRENDER,
					  * TQ_ASK_ASSAULT, 4.7) */
	bool owed_forage;                /* foraging's: militia at home take none (5.4.2) */
	bool owed_walls;                 /* the besieged within the walls take it (4.3.3) */
	short militia_due[TQ_COLONIES];  /* TQ_ASK_MILITIA: generated militia to place (6.5) */
	short smallpox_sp;               /* 5.3.2 a: this month's largest number of SPs in an area */
	bool retreat_pending;            /* 4.7.6: the besiegers of owed_area retreat to */
	short retreat_to;                /*   retreat_to once their losses are taken */
	struct tq_sps at_sea;            /* British (10.5.6) */
	int embarked;                    /* 10.5.7: the month forces last embarked into the
					  * At Sea box (they land the next turn), 0 none */
	short at_sea_trains;
	/* The last endeavour's path (the board highlights it): the area its
	 * force activated in and each it entered since, as both sides saw;
	 * the rest of a path under way stays hidden (struct tq_endeavor). */
	short trail_side;                /* enum tq_side; TQ_NOBODY: none yet */
	short trail[TQ_MAX_PATH + 1];
	short ntrail;
	enum tq_side winner;
	bool resigned;                   /* the loser conceded (TQ_RESIGN) */
	char end_reason[160];
	struct tq_hidden hidden;
	uint64_t next_roll;              /* the dice stream's counter */
	unsigned moves;                  /* orders applied */
};

#endif
