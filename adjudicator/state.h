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
};

enum ww_victory {
	WW_WIN_NONE = 0,
	WW_WIN_AUTOMATIC,        /* 13.1 */
	WW_WIN_WAR_ENDS,         /* 13.2, North's Government Falls */
	WW_WIN_LAST_YEAR,        /* 13.2, the end of 1783 (5.7 clarification) */
};

struct ww_space_state {
	int8_t pc;               /* enum ww_side: WW_NOBODY, WW_AMERICAN, WW_BRITISH */
	uint8_t cu[WW_NATIONS];  /* CUs by nation */
};

#define WW_HAND_MAX 24

struct ww_pile {
	int n;
	uint8_t card[WW_MAX_CARDS]; /* card numbers; for the deck, card[n-1] is the top */
};

struct ww_state {
	int year;
	enum ww_phase phase;
	enum ww_side to_move;    /* who must give the next order */
	enum ww_prompt prompt;
	uint32_t move;           /* accepted orders so far */

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
	int declaration_by;      /* side that played the Declaration while asking the American */
	bool congress_dispersed_this_turn;
	bool congress_dispersed_last_turn;
	bool no_american_placement; /* Line Mutinies played this turn (10.11.A.iv) */
	int last_card[3];        /* last card each side played, for reports */

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
