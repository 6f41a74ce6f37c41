/* The state of one game: a flat value with no pointers, so it can be
 * copied with `=`, compared with memcmp after ww_state_init, and written
 * to the record field by field (record_state.c). */
#ifndef WW_STATE_H
#define WW_STATE_H

#include <stdint.h>
#include "data.h"

/* Where a general (or the Congress) is when not on a space. */
enum ww_location {
	WW_LOC_REINFORCEMENTS = -1, /* his side's reinforcements box */
	WW_LOC_CAPTURED = -2,       /* Captured Generals box (7.6.A) */
	WW_LOC_REMOVED = -3,        /* out of the game (Washington 7.6.B, Arnold) */
	WW_LOC_FRENCH_BOX = -4,     /* not yet in the war (4.0, 12.2.B.ii) */
	WW_LOC_DISPERSED = -5,      /* Congress: Continental Congress Dispersed box */
};

enum ww_phase {
	WW_PH_COMMITTEES = 0,   /* 4.0 Committees of Correspondence */
	WW_PH_FOR_THE_KING,     /* 4.0 For The King */
	WW_PH_REINFORCEMENTS,   /* 5.1 */
	WW_PH_DEAL,             /* 5.2 */
	WW_PH_STRATEGY,         /* 5.3 */
	WW_PH_WINTER_ATTRITION, /* 5.4 */
	WW_PH_FRENCH_NAVAL,     /* 5.5 */
	WW_PH_POLITICAL,        /* 5.6 */
	WW_PH_END,              /* 5.7 */
	WW_PH_GAME_OVER,
};

/* What the side to move is asked for. */
enum ww_prompt {
	WW_ASK_NOTHING = 0,      /* game over */
	WW_ASK_COMMITTEES,       /* American: one PC per colony (4.0) */
	WW_ASK_FOR_THE_KING,     /* British: up to 3 PCs (4.0) */
	WW_ASK_OPENING,          /* British: open with a campaign card, or pass (5.3.a) */
	WW_ASK_FIRST_PLAYER,     /* the chooser names who plays first (5.3.b/c) */
	WW_ASK_IMPULSE,          /* play or discard one card */
	WW_ASK_DECLARATION,      /* American: where the Declaration's PCs go (6.34.C.i) */
	WW_ASK_CONGRESS,         /* American: where the Congress returns (10.2.1) */
	WW_ASK_CAMPAIGN,         /* the campaign's next activation, or done (7.2) */
	WW_ASK_INTERCEPT,        /* American: attempt interception, or not (7.8) */
	WW_ASK_RETREAT_BEFORE_BATTLE, /* American: attempt it, or stand (7.9) */
	WW_ASK_BATTLE_CARD,      /* play a battle card, discard an event, or neither (9.45) */
	WW_ASK_RETREAT,          /* the loser's retreat destination (9.61, 9.62) */
	WW_ASK_FRENCH_NAVY,      /* American: the French Navy's blockade zone (12.2.B.i, 5.5) */
	WW_ASK_FRENCH_FORCES,    /* American: the port for Rochambeau and the French CUs (12.2.B.ii) */
	WW_ASK_EUROPEAN_WAR,     /* British: the 2 CUs removed in the End Phase (12.2.B.iii) */
	WW_ASK_WASHINGTON_CAPTURED, /* British: the 5 American PCs removed (7.6.B) */
};

enum ww_victory {
	WW_WIN_NONE = 0,
	WW_WIN_AUTOMATIC,        /* 13.1 */
	WW_WIN_WAR_ENDS,         /* 13.2, North's Government Falls */
	WW_WIN_LAST_YEAR,        /* 13.2, the end of 1783 (5.7 clarification) */
	WW_WIN_RESIGNATION,      /* the loser resigned (docs/rulings.md) */
};

struct ww_space_state {
	int8_t pc;               /* enum ww_side: WW_NOBODY, WW_AMERICAN, WW_BRITISH */
	uint8_t cu[WW_NATIONS];  /* CUs by nation */
};

#define WW_HAND_MAX 24
#define WW_PATH_MAX 12

/* One space entered by a move, with the CUs dropped off there on arrival
 * and picked up before leaving (7.3.A). */
struct ww_step {
	int16_t space;
	int8_t drop;
	int8_t take;
};

/* An activated general's move in progress (7.3). The whole path came with
 * the order; steps before `next` have happened and the rest is hidden from
 * the opponent (ww_view) until it is executed. */
struct ww_move {
	int8_t general;          /* -1 when no move is in progress */
	bool by_sea;             /* British Naval Movement (7.5) */
	int8_t nsteps, next;
	struct ww_step path[WW_PATH_MAX];
	int16_t at;              /* where the army is now */
	int16_t came_from;       /* the space it entered `at` from (9.61.B, 7.8.F) */
	uint8_t cu[WW_NATIONS];  /* CUs moving with the general */
	int8_t spent;            /* spaces of movement used; a wilderness link costs 3 */
	int8_t allowance;        /* 4; 5 American (7.3.C); 6 for Glover's event */
	bool overran;            /* after an overrun an American may not use a 5th space */
	int8_t keep;             /* 7.4.C: the general who stays if two meet, -1 default */
};

enum ww_play_kind {
	WW_PLAY_NONE = 0,
	WW_PLAY_OPS,             /* one OPS card activates one general (7.1.A) */
	WW_PLAY_QUEUE,           /* the Operations Queue activates one general (7.1.B) */
	WW_PLAY_CAMPAIGN,        /* Major or Minor Campaign (7.2) */
};

/* The card whose play is being resolved, while questions interrupt it. */
struct ww_card_play {
	int16_t card;            /* 0 when none */
	int8_t side;             /* enum ww_side */
	int8_t kind;             /* enum ww_play_kind */
	int8_t activations_left; /* campaign activations still to come (7.2.A) */
	uint16_t activated;      /* bit g: general g activated by this card (7.2.A, 7.4.E) */
	uint16_t tried_intercept;/* bit g: American general g attempted interception (7.8.E) */
	bool landing_party_used; /* 7.2.B */
	uint8_t moved_cu[WW_MAX_SPACES]; /* CUs that moved with a general this card, by space (7.4.E) */
	int8_t draws_owed[3];    /* battle-card replacements drawn after the impulse (6.33.B) */
	int8_t allowance;        /* an event's movement allowance (Glover: 6, 7.3.C); 0 the usual */
	bool allowance_in_battle;/* ...also when fighting or overrunning */
};

enum ww_battle_step {
	WW_BATTLE_NONE = 0,
	WW_BATTLE_ATTACKER_CARD, /* 9.2 step 1, attacker first */
	WW_BATTLE_DEFENDER_CARD,
	WW_BATTLE_RETREAT,       /* 9.2 step 6: waiting for the loser's destination */
};

/* A battle being fought (9.2). */
struct ww_battle {
	int16_t space;           /* -1 when no battle */
	int8_t step;             /* enum ww_battle_step */
	int8_t attacker;         /* enum ww_side: the activated army (9.1) */
	int8_t general[3];       /* each side's general in the battle, -1 none */
	int16_t att_from;        /* where the attacker entered from (9.61.B) */
	bool intercepted;        /* the defender intercepted into the space (9.46, 7.8.F) */
	int16_t card[3];         /* the card each side played or discarded, 0 none */
	int8_t card_drm[3];      /* +2 battle card, +1 discarded event (9.45) */
	int8_t loser;            /* enum ww_side, once decided */
	int8_t lost[3];          /* CUs each side lost, surrender included (9.41, 9.2 step 7) */
	bool stop_move;          /* the attacker's move ends with this battle */
};

/* Standing orders: answers given in advance so the game need not wait. */
struct ww_standing {
	bool never_intercept;
	uint16_t always_intercept;  /* bit g: always attempt interception with general g */
	bool never_retreat_before_battle;
	bool never_exchange;
	bool never_battle_card;
	bool french_losses_first; /* 11.3: the American's choice for mixed stacks */
};

struct ww_pile {
	int n;
	uint8_t card[WW_MAX_CARDS]; /* card numbers; for the deck, card[n-1] is the top */
};

struct ww_state {
	int year;
	enum ww_phase phase;
	enum ww_side to_move;    /* who must give the next order */
	enum ww_prompt prompt;
	uint32_t move;           /* accepted orders so far, less standing orders (private) */

	struct ww_space_state space[WW_MAX_SPACES];
	int16_t general_at[WW_MAX_GENERALS]; /* space index or enum ww_location */
	int16_t congress_at;                 /* space index or WW_LOC_DISPERSED */
	int cu_reinforcements[WW_NATIONS];   /* CUs waiting in the reinforcements boxes */
	int cu_french_box;                   /* French CUs not yet in the war */
	int cu_eliminated[WW_NATIONS];       /* returned to stock by losses (conservation checks) */
	int french_navy_zone;                /* -1 while not on the map */

	int french_alliance;     /* 0..9 (12.0) */
	bool french_alliance_now;/* reached 9 during this turn: End Phase effects (12.2.B) */
	bool french_in_war;
	bool regulars;           /* British Regulars' Advantage still in effect (9.41) */

	/* cards */
	struct ww_pile deck;
	struct ww_pile discard;
	struct ww_pile removed;  /* out of the game (6.3.C) */
	struct ww_pile set_aside;/* 4.0: waiting for their year (6.1.E) */
	struct ww_pile hand[3];  /* indexed by enum ww_side; [0] unused */
	struct ww_pile reinforcement_cards[3]; /* cards in each side's reinforcement boxes */
	int war_ends_card;       /* card in the War Ends box, 0 if none */
	bool reshuffle_pending;  /* 6.3.D mnemonic on the deck */

	/* strategy phase */
	enum ww_side chooser;    /* who chooses the first player this turn */
	enum ww_side impulse;    /* whose impulse it is (to_move may differ while asking) */
	int exchange_offer;      /* event just discarded as a play, 0 if none (6.32.C) */
	enum ww_side exchange_for; /* who may take it */
	bool congress_dispersed_this_turn;
	bool congress_dispersed_last_turn;
	bool no_american_placement; /* Line Mutinies played this turn (10.11.A.iv) */
	int last_card[3];        /* last card each side played, for reports */

	/* armies (7, 8, 9, 12) */
	struct ww_pile ops_queue[3];  /* each side's Operations Queue (7.1.B) */
	struct ww_card_play play;
	struct ww_move mv;
	struct ww_battle battle;
	struct ww_standing standing[3]; /* hidden from the other side */
	bool last_card_of_phase;  /* the card being resolved is the Strategy Phase's last (9.44) */
	int16_t washington_pcs_to_remove; /* 7.6.B: PCs the British still owe */
	int8_t european_war_cu;   /* 12.2.B.iii: CUs the British still remove */
	bool french_navy_away;    /* d'Estaing: off the map until the next French Naval Phase */

	/* options and the 6.34 optional tournament rule */
	bool tournament_rule;     /* chosen at creation (wwjudge new --tournament) */
	int8_t extra_impulse;     /* enum ww_side owed another action after this card (6.34 tournament) */
	bool extra_impulse_now;   /* the impulse being taken is that extra one: `pass` declines it */

	/* dice: the next index of each stream */
	uint64_t next_roll;
	uint64_t next_shuffle;

	/* the end */
	enum ww_side winner;
	enum ww_victory victory;
	int colonies_won[3];     /* 13.2 tally at the end */
};

/* A zeroed state with every location "off map" set consistently. */
void ww_state_init(struct ww_state *s);

#endif
