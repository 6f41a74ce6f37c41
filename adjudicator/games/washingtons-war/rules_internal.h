/* Shared by the rules_*.c files only: not part of the engine's API. */
#ifndef WW_RULES_INTERNAL_H
#define WW_RULES_INTERNAL_H

#include <stdarg.h>
#include "buf.h"
#include "rules.h"

#define WW_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* Everything a rule needs while an order is applied: the engine's inputs
 * and where a refusal's reason goes. */
struct ww_ctx {
	const struct ww_data *d;
	struct ww_state *s;
	struct wj_rng *rng;
	struct ww_events *ev;
	char *why;
	size_t whylen;
};

/* rules_util.c */
void ww_event(struct ww_events *ev, int audience, const char *fmt, ...) WW_PRINTF(3, 4);
/* Rolls the next die of the stream and logs it, with what it decides. */
int ww_roll(struct ww_state *s, struct wj_rng *rng, struct ww_events *ev,
	    const char *fmt, ...) WW_PRINTF(4, 5);
bool ww_pile_has(const struct ww_pile *p, int card);
bool ww_pile_take(struct ww_pile *p, int card);  /* false if absent */
void ww_pile_put(struct ww_pile *p, int card);   /* on top */
int ww_pile_pop(struct ww_pile *p);              /* top card, 0 if empty */
const char *ww_space_name(const struct ww_data *d, int space);


/* rules_pc.c */
/* One PC action by `side` in `space`: place a PC in an empty space, or flip
 * an enemy PC. `start` is the state when the card play began: British
 * adjacency counts only PCs that were there then (no daisy chaining,
 * 10.11.B.ii). Returns 0 and changes *s, or -1 with why and *s unchanged. */
int ww_pc_action(const struct ww_data *d, const struct ww_state *start,
		 struct ww_state *s, enum ww_side side, int space,
		 enum ww_pc_context how, struct ww_events *ev, char *why, size_t len);
/* Adjacent for `side`'s PC purposes: the map's lines, and for the British
 * every port to every other port (10.11.B). */
bool ww_pc_adjacent(const struct ww_data *d, enum ww_side side, int a, int b);
bool ww_british_piece_in(const struct ww_data *d, const struct ww_state *s, int space);

/* rules_phases.c */
void ww_winter_attrition(const struct ww_data *d, struct ww_state *s,
			 struct wj_rng *rng, struct ww_events *ev);     /* 11 */
void ww_place_army_pcs(const struct ww_data *d, struct ww_state *s,
		       struct ww_events *ev);                           /* 10.2.2 */
void ww_remove_isolated(const struct ww_data *d, struct ww_state *s,
			enum ww_side side, struct ww_events *ev);      /* 10.3 */
/* 13.1: the side that has won automatically now, or WW_NOBODY. */
enum ww_side ww_automatic_winner(const struct ww_data *d, const struct ww_state *s);
/* 13.2: counts colonies (Canada included) into s->colonies_won and sets
 * the winner (ties and "neither" go to Britain). */
void ww_decide_game_end(const struct ww_data *d, struct ww_state *s,
			enum ww_victory how, struct ww_events *ev);

/* rules_game.c: what the modules below call back into */
/* Continues whatever was interrupted by a question (battle, move,
 * campaign, the card's end, the next impulse) until someone must answer
 * or the game ends. */
void ww_resume(struct ww_ctx *c);
/* Moves the French Alliance marker (12.1), never below 0; at 9 France
 * enters the war after the current card (12.2.B). */
void ww_french_alliance_steps(struct ww_ctx *c, int steps);
/* 9.41: the British lose the Regulars' Advantage (once; +2 French Alliance). */
void ww_lose_regulars(struct ww_ctx *c);
/* Draws the top card of the deck, reconstituting it if empty (6.1). */
int ww_draw_card(struct ww_ctx *c);
void ww_ask(struct ww_state *s, enum ww_side who, enum ww_prompt what);

/* rules_cards.c: card plays in the Strategy Phase */
/* A play (or an exchange) in the side's impulse. */
int ww_impulse(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);
/* The card in play is resolved: battle-card replacements, then none in play. */
void ww_finish_card(struct ww_ctx *c);
int ww_campaign_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);
int ww_declaration_answer(struct ww_ctx *c, const struct ww_order *o);
int ww_standing_order(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);
/* 5.7: Operations Queues do not carry over the End Phase. */
void ww_abandon_queues(struct ww_ctx *c);

/* A special event drawn at random from a hand happens at once (6.34.B). */
void ww_special_event_now(struct ww_ctx *c, int card);

/* rules_events.c: events composed from the primitives of cards.yaml */
/* Plays card o->card's event for `side` in the Strategy Phase (6.31): its
 * conditions, its targets (o->spaces, taken in order by the targeted
 * steps) and its effects. 0, or -1 with why (what would be legal). */
int ww_event_play(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);
/* A battle card played in a battle (9.2 step 1): its battle-time steps.
 * True if the battle now becomes an overrun (9.7 Clarification). */
bool ww_event_in_battle(struct ww_ctx *c, enum ww_side side, int card);
/* 9.45: the battle card's DRM, +2 unless its data says otherwise. */
int ww_event_battle_drm(const struct ww_card *k);
/* 6.31: `count` cards drawn at random from `victim`'s hand, discarded;
 * a special event so drawn happens at once (6.34.B). */
void ww_random_discard(struct ww_ctx *c, enum ww_side victim, int count);

/* rules_move.c: activation and movement (7) */
/* Activates o->general for the card in play and starts his move; `ops` is
 * the OPS available (0 for a campaign, which ignores ratings, 7.2.A). */
int ww_start_move(struct ww_ctx *c, enum ww_side side, const struct ww_order *o, int ops);
/* Carries the move in progress on until it ends or someone must answer. */
void ww_move_continue(struct ww_ctx *c);
/* Answers WW_ASK_INTERCEPT and WW_ASK_RETREAT_BEFORE_BATTLE. */
int ww_move_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);
/* 7.2.B: the British Landing Party. */
int ww_landing_party(struct ww_ctx *c, const struct ww_order *o);
/* Sends general g to his side's Captured Generals box, or out of the game
 * for Washington (7.6), with every consequence (7.6.B question). */
void ww_capture_general(struct ww_ctx *c, int g);
/* 7.7: the Congress is dispersed if an enemy army is where it stands. */
void ww_disperse_congress(struct ww_ctx *c);
/* The legal retreat spaces for `side`'s units leaving `from` (9.61.A):
 * adjacent (Arnold-only links only for a general who may use them), no
 * enemy CU and no enemy PC, excluding `not_to`. Returns the count. */
int ww_retreat_spaces(const struct ww_data *d, const struct ww_state *s, enum ww_side side,
		      int from, int not_to, int general, int *out);
/* Places `general` in `space` beside a friendly general already there:
 * one of them goes to the reinforcements box (7.4.C), never Washington;
 * `keep` names the one who stays, -1 for the default (the newcomer). */
void ww_general_arrives(struct ww_ctx *c, int general, int space, int keep);

/* rules_battle.c: battles (9) */
/* Starts a battle in `space` between the activated army of `attacker`
 * (which entered from att_from) and the enemy CUs there (9.1). Runs until
 * a question is needed (prompt set, battle.step recorded) or the battle is
 * over (battle.space == -1). */
void ww_battle_begin(struct ww_ctx *c, int space, enum ww_side attacker, int att_general,
		     int att_from, bool intercepted);
/* Answers a battle question (WW_ASK_BATTLE_CARD, WW_ASK_RETREAT). 0 and
 * continued, or -1 with why. */
int ww_battle_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);

/* rules_reinforce.c: reinforcements (8) */
/* play N reinforce ...: 0, or -1 with why. */
int ww_reinforce(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);

/* rules_french.c: the French Alliance's consequences (12.2, 12.3, 5.5) */
/* After the card that brought France in: asks for the Navy's zone, then the
 * French forces' port. Returns true if a question was asked. */
bool ww_french_enter_war(struct ww_ctx *c);
/* 5.5: the American may move the French Navy (asks if it is in play). */
bool ww_french_naval_phase(struct ww_ctx *c);
/* 12.2.B.iii: asks the British for the 2 CUs when the war broke out this turn. */
bool ww_european_war(struct ww_ctx *c);
/* Answers WW_ASK_FRENCH_NAVY, WW_ASK_FRENCH_FORCES, WW_ASK_EUROPEAN_WAR,
 * WW_ASK_WASHINGTON_CAPTURED. 0 or -1 with why. */
int ww_french_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o);
/* Is the zone of `space` blockaded by the French Navy (12.3)? */
bool ww_blockaded(const struct ww_data *d, const struct ww_state *s, int space);
/* 12.2.B.ii: may Rochambeau and the French CUs arrive in `space`? A port
 * with no British CU or PC, and not Washington's (8.2.C). 0, or -1 with why. */
int ww_french_port_check(const struct ww_data *d, const struct ww_state *s, int space,
			 char *why, size_t len);
/* Places Rochambeau and every French CU waiting (in the French box, or held
 * in the American reinforcements box) in `space`, which passed the check. */
void ww_place_french_forces(struct ww_ctx *c, int space);

#endif
