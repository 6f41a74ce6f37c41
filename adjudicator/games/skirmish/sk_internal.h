/* What the files of Skirmish's rules engine share (sk_*.c); the engine's
 * contract is sk_rules.h. */
#ifndef SK_INTERNAL_H
#define SK_INTERNAL_H

#include "buf.h"
#include "sk_rules.h"

/* sk_util.c: events, dice, pieces and spots. */
void sk_event(struct sk_events *ev, unsigned audience, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int sk_movement_die(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng);
int sk_battle_die(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng);
int sk_other(int side);
const char *sk_side_name(const struct sk_data *d, int side);
const char *sk_spot_name(const struct sk_data *d, int spot);
bool sk_is_army(enum sk_piece_kind kind);
/* Spots joined by a line of that kind. */
bool sk_joined(const struct sk_data *d, int a, int b, enum sk_line_kind kind);
int sk_harbour_of(const struct sk_data *d, int city);
/* II.6: no enemy warship on the harbour. */
bool sk_harbour_open(const struct sk_state *s, int harbour, int side);
int sk_armies(const struct sk_state *s, int side);
int sk_units_on_board(const struct sk_state *s, int side);

/* III.5: a piece that moves may skirmish again; one put beside enemies
 * by a move that starts no skirmish (III.2.B, IV.5) is quiet with them. */
void sk_moved(struct sk_state *s, int piece);
void sk_quiet_around(const struct sk_data *d, struct sk_state *s, int piece);
void sk_quiet_pair(struct sk_state *s, int a, int b);
/* A skirmish or battle took place: the ten moves start again. */
void sk_fought(struct sk_state *s);

/* sk_move.c (II, COMBINING UNITS). */
int sk_check_move(const struct sk_data *d, const struct sk_state *s, int piece,
		  const struct sk_order *o, char *why, size_t whylen);
void sk_carry_out_move(const struct sk_data *d, struct sk_state *s, int piece,
		       const struct sk_order *o, struct wj_rng *rng, struct sk_events *ev);
/* Some legal move of `piece` for a die of `spots`. */
bool sk_can_move(const struct sk_data *d, const struct sk_state *s, int piece, int spots);
/* A path of exactly `spots` land legs from the card's piece to an empty
 * spot, through no enemy (III.2.B). */
int sk_check_card_path(const struct sk_data *d, const struct sk_state *s, int piece,
		       const int *path, int n, char *why, size_t whylen);
bool sk_can_card_move(const struct sk_data *d, const struct sk_state *s, int piece, int spots);
/* The first such path ending at `to` (-1: anywhere), in path. */
bool sk_card_path_to(const struct sk_data *d, const struct sk_state *s, int piece, int spots,
		     int to, int path[SK_MAX_PATH]);
/* III.2.B: the card's piece goes along spots, the question answered. */
void sk_carry_out_card_move(const struct sk_data *d, struct sk_state *s, const int *spots, int n,
			    struct sk_events *ev);
/* IV.5: an empty land spot one black line away. */
bool sk_apart_spot_ok(const struct sk_data *d, const struct sk_state *s, int piece, int to);
bool sk_can_move_apart(const struct sk_data *d, const struct sk_state *s, int piece);

/* IV.5: the piece moves apart to `to`, the question answered. */
void sk_carry_out_apart(const struct sk_data *d, struct sk_state *s, int to,
			struct sk_events *ev);

/* sk_standing.c: a side's standing order, given and used. */
int sk_give_standing(const struct sk_data *d, struct sk_state *s, int side,
		     const struct sk_order *o, struct sk_events *ev, char *why, size_t whylen);
/* The question now (a card's move, moving apart) answered by its side's
 * standing order; false when the side has none and is asked. */
bool sk_standing_answers(const struct sk_data *d, struct sk_state *s, struct sk_events *ev);

/* sk_skirmish.c (III). */
void sk_queue_skirmishes(const struct sk_data *d, struct sk_state *s, int side);
void sk_next_skirmish(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		      struct sk_events *ev);
void sk_build_deck(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		   struct sk_events *ev);

/* sk_battle.c (IV). */
void sk_major_battle(const struct sk_data *d, struct sk_state *s, int attacker, int defender,
		     bool landed, struct wj_rng *rng, struct sk_events *ev);
/* IV.6: true when `ship` won. */
bool sk_naval_battle(const struct sk_data *d, struct sk_state *s, int ship, int enemy,
		     struct wj_rng *rng, struct sk_events *ev);
void sk_lose_units(const struct sk_data *d, struct sk_state *s, int piece, int n,
		   struct sk_events *ev);

/* sk_reinforce.c (V). */
int sk_call(const struct sk_data *d, struct sk_state *s, int side, struct wj_rng *rng,
	    struct sk_events *ev, char *why, size_t whylen);
int sk_sail(const struct sk_data *d, struct sk_state *s, int side, const struct sk_order *o,
	    struct wj_rng *rng, struct sk_events *ev, char *why, size_t whylen);

/* sk_turn.c: runs the game on until a side is asked. */
void sk_advance(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng,
		struct sk_events *ev);

#endif
