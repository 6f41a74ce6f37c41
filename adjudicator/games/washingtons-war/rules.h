/* The rules engine: pure functions of (data, state, order, dice) with no
 * I/O, no clock and no global state. A rejected order leaves the state
 * exactly as it was.
 *
 * rules_game.c      new game, set-up, the sequence of play, card plays
 * rules_pc.c        PC placement, flips and removals (10.1, 6.32)
 * rules_phases.c    winter attrition (11), political phase (10.2, 10.3),
 *                   victory (13)
 * rules_view.c      what each side may see
 */
#ifndef WW_RULES_H
#define WW_RULES_H

#include <stddef.h>
#include "data.h"
#include "dice.h"
#include "state.h"

#define WW_ORDER_SPACES 16

enum ww_order_kind {
	WW_ORD_COMMITTEES = 1,   /* committees S, S, ... */
	WW_ORD_FOR_THE_KING,     /* for-the-king S, S, S */
	WW_ORD_PASS,             /* pass: no campaign card to open with */
	WW_ORD_FIRST,            /* first american|british */
	WW_ORD_PLAY_PC,          /* play N pc S, S ...  (OPS card, 10.11) */
	WW_ORD_PLAY_EVENT,       /* play N event [S, S ...] */
	WW_ORD_DISCARD,          /* discard N [pc S | remove S] */
	WW_ORD_EXCHANGE,         /* exchange N  (OPS card given for the offered event) */
	WW_ORD_DECLARATION,      /* declaration S, S, ...  (answer) */
	WW_ORD_CONGRESS,         /* congress S */
	/* armies (7, 8, 9, 12) */
	WW_ORD_PLAY_MOVE,        /* play N move G [with K] to S, S (drop 2), S (take 1) [keep G]
	                            play N move G [with K] by sea to PORT */
	WW_ORD_PLAY_QUEUE,       /* play N queue  |  play N queue move G ... (7.1.B) */
	WW_ORD_PLAY_REINFORCE,   /* play N reinforce S [G] [K]  |  play N reinforce french S (8) */
	WW_ORD_MOVE,             /* move G ... (a campaign activation, 7.2) */
	WW_ORD_LANDING,          /* landing S (a campaign's Landing Party, 7.2.B) */
	WW_ORD_DONE,             /* done (no more campaign activations) */
	WW_ORD_INTERCEPT,        /* intercept G [, G ...]  (in that order, 7.8.E) */
	WW_ORD_NO_INTERCEPT,     /* no intercept */
	WW_ORD_RETREAT_BEFORE,   /* retreat-before-battle to S (7.9) */
	WW_ORD_STAND,            /* stand (no retreat before battle) */
	WW_ORD_BATTLE_CARD,      /* battle-card N (played for its event, +2) */
	WW_ORD_BATTLE_DISCARD,   /* battle-discard N (an event discarded, +1) */
	WW_ORD_NO_BATTLE_CARD,   /* no battle-card */
	WW_ORD_RETREAT,          /* retreat to S  |  retreat by sea to PORT (9.6) */
	WW_ORD_NAVY,             /* navy ZONE (12.3, 5.5) */
	WW_ORD_FRENCH_FORCES,    /* french-forces PORT (12.2.B.ii) */
	WW_ORD_REMOVE_CU,        /* remove-cu S [, S]  (European War, 12.2.B.iii) */
	WW_ORD_REMOVE_PC,        /* remove-pc S, S, ...  (Washington captured, 7.6.B) */
	WW_ORD_STANDING,         /* standing never-intercept | always-intercept G | ... | clear */
	WW_ORD_RESIGN,           /* resign: the other side wins (docs/rulings.md) */
	WW_ORD_KINDS             /* one past the last kind */
};

enum ww_standing_kind {
	WW_STAND_CLEAR = 0,
	WW_STAND_NEVER_INTERCEPT,
	WW_STAND_ALWAYS_INTERCEPT,   /* with `general` */
	WW_STAND_NEVER_RETREAT_BEFORE_BATTLE,
	WW_STAND_NEVER_EXCHANGE,
	WW_STAND_NEVER_BATTLE_CARD,
	WW_STAND_FRENCH_LOSSES_FIRST,   /* 11.3 */
	WW_STAND_AMERICAN_LOSSES_FIRST, /* 11.3, the default */
};

enum ww_discard_action {
	WW_DISCARD_ONLY = 0,     /* 6.32.B.i */
	WW_DISCARD_PC,           /* 6.32.B.ii place or flip */
	WW_DISCARD_REMOVE,       /* 6.32.B.iii */
};

struct ww_order {
	enum ww_order_kind kind;
	int card;
	enum ww_side first;
	enum ww_discard_action action;
	int nspaces;
	int spaces[WW_ORDER_SPACES];
	/* armies: a move's path is spaces[] with drop[]/take[] per step */
	int8_t drop[WW_ORDER_SPACES];
	int8_t take[WW_ORDER_SPACES];
	int general;             /* -1 none */
	int ngenerals;           /* intercept G, G ... */
	int generals[4];
	int keep;                /* 7.4.C: the general who stays, -1 default */
	int cu;                  /* CUs to take or bring, -1 as many as allowed */
	bool by_sea;             /* naval movement or retreat by sea */
	bool french;             /* reinforce french S */
	bool queue_move;         /* play N queue move G ...: activate with the queue */
	int zone;                /* navy ZONE */
	enum ww_standing_kind standing;
};

/* An order with nothing in it: no card, no general, no spaces. */
void ww_order_init(struct ww_order *o);

enum ww_audience { WW_TO_AMERICAN = 1, WW_TO_BRITISH = 2, WW_TO_BOTH = 3 };

/* One thing that happened, in words, for the log and the reports. */
struct ww_event {
	int audience;            /* enum ww_audience bits */
	char text[240];
	int64_t roll_index;      /* -1 when no die was rolled */
	int roll;
	bool forced;
};

struct ww_events {
	int n, cap;
	struct ww_event *v;
};

void ww_events_free(struct ww_events *e);

/* rules_game.c */

/* A new game at the Committees of Correspondence (4.0): the board from the
 * data's set-up, the deck shuffled (shuffle 0), 1775. */
void ww_new_game(const struct ww_data *d, struct ww_state *s,
		 struct wj_rng *rng, struct ww_events *ev);

/* The deck, whose order no side has seen, shuffled again with the next
 * shuffle: a rollback's (docs/rulings.md, "A rollback never replays a
 * known card"). */
void ww_reshuffle_unseen(struct ww_state *s, struct wj_rng *rng);

/* Applies one order by `side`. Returns 0 and the new state, or -1 with a
 * reason (what was wrong and what would be accepted) and *s unchanged.
 * The reason is addressed to `side` and never reveals the other side's
 * hidden cards. */
int ww_apply(const struct ww_data *d, struct ww_state *s, enum ww_side side,
	     const struct ww_order *o, struct wj_rng *rng,
	     struct ww_events *ev, char *why, size_t whylen);

const char *ww_side_name(enum ww_side side);      /* "American", "British" */
const char *ww_phase_name(enum ww_phase phase);
/* A line telling `to_move` what is expected of them now. */
void ww_prompt_text(const struct ww_data *d, const struct ww_state *s,
		    char *out, size_t len);

/* rules_pc.c */

/* Who controls a colony by its PC markers (10.0.B, Canada's rule). */
enum ww_side ww_colony_control(const struct ww_data *d, const struct ww_state *s,
			       int colony);
int ww_count_cu(const struct ww_state *s, int space);  /* all nations */
int ww_side_cu(const struct ww_state *s, int space, enum ww_side side);
int ww_general_in(const struct ww_data *d, const struct ww_state *s, int space,
		  enum ww_side side);                    /* -1 if none */
bool ww_has_army(const struct ww_data *d, const struct ww_state *s, int space,
		 enum ww_side side);                     /* general + >= 1 CU (3.0) */

/* What the guide of legal orders (report_guide.c) asks the rules, as the
 * rules ask it themselves: questions that change nothing, and
 * ww_pc_remove, which the guide tries on a copy of the view. */
enum ww_side ww_enemy(enum ww_side side);

/* How a PC action comes about: each has its own restrictions. */
enum ww_pc_context {
	WW_PC_OPS,          /* 10.11 */
	WW_PC_DISCARD,      /* 6.32.B.ii, 10.12.B: adjacent to a friendly PC for both sides */
	WW_PC_COMMITTEES,   /* 4.0: no British piece in the space */
	WW_PC_FOR_THE_KING, /* 4.0: within every 10.11.B restriction */
	WW_PC_DECLARATION,  /* 6.34.C.i: place only, 10.11.A.ii, even if Congress dispersed */
};

/* Could `side` place a PC in `space` under `how`? (no change) */
bool ww_pc_can_place(const struct ww_data *d, const struct ww_state *start,
		     const struct ww_state *s, enum ww_side side, int space,
		     enum ww_pc_context how);
/* 6.32.B.iii: remove one enemy PC from a space adjacent to a friendly PC
 * and not occupied by an enemy CU, an American general or the Congress. */
int ww_pc_remove(const struct ww_data *d, struct ww_state *s, enum ww_side side,
		 int space, struct ww_events *ev, char *why, size_t len);
bool ww_american_unit_in(const struct ww_data *d, const struct ww_state *s, int space);
/* Spaces where the Congress may return (10.2.1); returns how many. */
int ww_congress_options(const struct ww_data *d, const struct ww_state *s,
			int *spaces);

/* rules_view.c */

/* The state as `side` may see it: the other side's hand keeps its size
 * but not its cards, and the deck keeps its size but not its order. */
void ww_view(const struct ww_state *s, enum ww_side side, struct ww_state *out);
/* A whole state that `side` cannot tell from the real one: its view, with
 * the other side's hand and the deck dealt from the cards it has not seen
 * by `rng` (stand-in dice: docs/rulings.md, "Orders checked before the
 * dice"). Orders are checked and previewed on it. */
void ww_view_stand_in(const struct ww_state *s, enum ww_side side, struct wj_rng *rng,
		      struct ww_state *out);

/* rules_invariants.c: the soak test's checks; returns the number broken
 * and describes the first in `why`. */
int ww_check_invariants(const struct ww_data *d, const struct ww_state *s,
			char *why, size_t whylen);

#endif
