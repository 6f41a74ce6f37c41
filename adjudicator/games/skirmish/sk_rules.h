/* Skirmish's rules engine (seed 004, "the seed"): the state, the orders,
 * the events and the functions the game's adapter to game.h calls.
 *
 * Pure: no I/O, no clock, no global state; every die and shuffle comes
 * from the struct wj_rng given (core/dice.h), roll number s->next_roll,
 * shuffle number s->next_shuffle. The state is flat (no pointers) and is
 * copied with plain assignment. A piece keeps its index in s->pieces for
 * the whole game; a piece out of the game has spot -1.
 *
 * Pieces are named in orders by their spot: one land piece of a side
 * stands on a spot at the end of a move (seed II.5), and a side's
 * warships in one harbour (II.6.C) are alike. docs/rulings.md, section
 * "Skirmish", gives every reading of the seed the engine takes. */
#ifndef SK_RULES_H
#define SK_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dice.h"
#include "sk_data.h"

#define SK_DICE 2               /* the American's movement dice (SET UP) */
#define SK_MAX_PATH 7           /* spots of a path, its start included: a battle die's 6 legs */
#define SK_MAX_QUEUE 32         /* skirmishes waiting their turn (III.3) */
#define SK_MAX_DECK 128         /* skirmish cards in the deck, every copy */
#define SK_MAX_EVENTS 96
#define SK_EVENT_TEXT 200
/* Event audiences: bit s for side s, bit 0 the public (game.h). */
#define SK_TO(side) (1u << (side))
#define SK_TO_ALL (SK_TO(0) | SK_TO(SK_AMERICAN) | SK_TO(SK_BRITISH))

/* What is asked now. */
enum sk_phase {
	SK_PHASE_DECLARE,       /* I.B: the British names the piece he will move */
	SK_PHASE_AMERICAN,      /* I.C: the American moves, one piece per die */
	SK_PHASE_BRITISH,       /* I.D: the British moves the declared piece */
	SK_PHASE_CARD_MOVE,     /* III.2.B: the owner moves his piece as the card says */
	SK_PHASE_APART,         /* IV.5: the owner moves his piece apart after a battle */
	SK_PHASE_SAIL,          /* V.3: a ship moves in a call for reinforcements */
	SK_PHASE_OVER,
};

/* One skirmish waiting (III.3): the piece of the side that moved, and
 * the opposing piece (indexes in s->pieces). */
struct sk_pair {
	int moved, held;
};

/* A call for reinforcements in progress (V.3-V.5). */
struct sk_call {
	int side;               /* the side that called; 0: no call in progress */
	int carrier;            /* its troop carrier */
	int warship;            /* the warship that intercepts, chosen by its owner on its first sail; -1 */
	int sailing;            /* whose ship moves next */
	int spots;              /* how far it may go: the battle die thrown for it */
	bool used[SK_SIDES];    /* the side's carrier has sailed (one call each) */
	bool may_call[SK_SIDES];/* V.1 the British has lost an army; V.2 the American has won a major battle */
};

/* A side's standing order (docs/rulings.md, "III.2.B, IV.5 standing
 * orders"): how the engine answers, in advance, the side's question of a
 * card's move or of moving apart. */
enum sk_standing_kind {
	SK_STANDING_ASK,        /* no standing order: the side is asked */
	SK_STANDING_TOWARD,     /* the legal spot nearest `spot` along the black lines */
	SK_STANDING_AWAY,       /* the legal spot farthest from the nearest enemy land piece */
};

struct sk_standing {
	enum sk_standing_kind kind;
	int spot;               /* TOWARD's spot, else -1 */
};

struct sk_state {
	int npieces;
	struct sk_piece pieces[SK_MAX_PIECES];
	int lost[SK_SIDES];     /* units removed from the game, per side */

	/* The turn (I.A-D). dice[side][i] is what side threw; revealed[side]
	 * once the rules show it to the opponent (I.C, I.D). A die used or
	 * passed is `done`. The American throws SK_DICE, or 1 (II.7). */
	int turn;
	int ndice[SK_SIDES];
	int dice[SK_SIDES][SK_DICE];
	bool done[SK_SIDES][SK_DICE];
	bool revealed[SK_SIDES];
	int declared;           /* I.B the British's piece, -1 before he names it */
	int moved;              /* II.1 the American's piece moved with his first die, -1 */
	enum sk_phase phase;
	enum sk_phase step;     /* the turn's step a question returns to: DECLARE, AMERICAN, BRITISH */
	int mover;              /* the side whose move is being carried out */

	/* III.5: quiet[i] has bit j when pieces i and j have skirmished, or
	 * were put side by side by a move that starts none (III.2.B, IV.5),
	 * and neither has moved since. */
	uint64_t quiet[SK_MAX_PIECES];
	/* III.3: skirmishes still to take place, in the mover's order, and
	 * the mover's order given in advance: opposing spots, first first. */
	int nqueue;
	struct sk_pair queue[SK_MAX_QUEUE];
	int nskirmish_order[SK_SIDES];
	int skirmish_order[SK_SIDES][SK_MAX_QUEUE];

	/* The question being asked: the piece a card moves and how far
	 * (III.2.B), or the piece to move apart (IV.5); -1 when none. */
	int card_piece, card_spots;
	int apart_piece;

	/* The skirmish deck (III.2): card kinds (indexes in d->cards) in
	 * the order drawn, the next at deck[next]; reshuffled when used up. */
	int ndeck, next;
	uint8_t deck[SK_MAX_DECK];

	struct sk_call call;
	struct sk_standing standing[SK_SIDES]; /* hidden from the other side (sk_view) */

	int quiet_moves;        /* TO END THE GAME: moves since the last skirmish or battle */
	int winner;             /* a side, GAME_PUBLIC (0) for a draw; valid when phase is OVER */
	bool resigned;          /* the loser conceded (SK_ORDER_RESIGN) */
	char end_reason[128];

	uint64_t next_roll, next_shuffle;
};

enum sk_order_kind {
	SK_ORDER_DECLARE,       /* I.B: spot = the piece's spot */
	SK_ORDER_MOVE,          /* II: path from the piece's spot, one spot per leg; split for COMBINING 3 */
	SK_ORDER_SKIRMISHES,    /* III.3: spots = the opposing pieces' spots, first first */
	SK_ORDER_CARD_MOVE,     /* III.2.B: path from the piece's spot */
	SK_ORDER_APART,         /* IV.5: spot = where the piece goes */
	SK_ORDER_CALL,          /* V: call for reinforcements instead of the move */
	SK_ORDER_SAIL,          /* V.3: path of the ship (for the interceptor, from its harbour) */
	SK_ORDER_PASS,          /* no legal move for the die (docs/rulings.md) */
	SK_ORDER_STANDING,      /* the side's standing order: order.standing, at any time */
	SK_ORDER_RESIGN,        /* the side concedes, at any time (not a rule of the
				 * booklet: docs/rulings.md, "Resignation") */
};

/* COMBINING UNITS 3: when a move ends on another army of the side, the
 * army that goes (`mover`: the one that moved, else the one that was
 * there), the units the one that stays keeps, and the spot (one space
 * away) the other goes to. */
struct sk_split {
	bool given;
	bool mover_goes;
	int stay_units;
	int to;
};

struct sk_order {
	enum sk_order_kind kind;
	int spot;
	int nspots;
	int spots[SK_MAX_QUEUE];        /* a path (MOVE, CARD_MOVE, SAIL) or a list (SKIRMISHES) */
	struct sk_split split;
	struct sk_standing standing;    /* STANDING */
};

/* What happened, each with who may see it (SK_TO bits). */
struct sk_event {
	unsigned audience;
	char text[SK_EVENT_TEXT];
};

struct sk_events {
	int n;
	struct sk_event e[SK_MAX_EVENTS];
	/* The last move by a die among them (II), for the board: its path,
	 * the piece's spot first; npath 0 for none. Public, as a move is. */
	int npath;
	int path[SK_MAX_PATH];
};

/* The seed's set-up, the deck shuffled and the first turn thrown (I.A).
 * 0, or -1 when the data cannot be set up. */
int sk_new_game(const struct sk_data *d, struct wj_rng *rng, struct sk_state *s,
		struct sk_events *ev);
/* III.2: the skirmish cards not drawn yet, whose order no side has seen,
 * shuffled again with the next shuffle (a rollback's: docs/rulings.md). */
void sk_reshuffle_unseen(struct sk_state *s, struct wj_rng *rng);
/* One order of `side`: 0 with the new state and its events, or -1 with
 * the reason in why and *s unchanged. */
int sk_apply(const struct sk_data *d, struct sk_state *s, int side, const struct sk_order *o,
	     struct wj_rng *rng, struct sk_events *ev, char *why, size_t whylen);
/* What `viewer` (a side, or 0 the public) may see: the other side's
 * unrevealed dice and the deck's order blanked. */
void sk_view(const struct sk_data *d, const struct sk_state *s, int viewer,
	     struct sk_state *out);
/* A state `side` cannot tell from *s: its view with the hidden dice
 * thrown and the deck shuffled from rng. */
void sk_stand_in(const struct sk_data *d, const struct sk_state *s, int side,
		 struct wj_rng *rng, struct sk_state *out);
/* The sides asked now (SK_TO bits; 0 once over), and the question. */
unsigned sk_asked(const struct sk_state *s);
void sk_question(const struct sk_data *d, const struct sk_state *s, int side, char *out,
		 size_t len);
/* What the asked `side` is asked, without the detail only it may know
 * (its own throw, when it moves by its dice): the question as the other
 * side reads it. A card's move or moving apart is told whole. */
void sk_waiting_for(const struct sk_data *d, const struct sk_state *s, int side, char *out,
		    size_t len);
/* Is the game over? Then the winner (a side, 0 a draw) and why. */
bool sk_over(const struct sk_state *s, int *winner, char *reason, size_t len);

/* "toward Philadelphia", "away", "ask". */
void sk_standing_text(const struct sk_data *d, const struct sk_standing *st, char *out,
		      size_t len);

/* A piece that moves on land (an army or a militia), and a spot on land
 * (not a sea zone): the state text's checks ask them too. */
bool sk_is_land_piece(enum sk_piece_kind kind);
bool sk_on_land(const struct sk_data *d, int spot);

/* The piece of `side` at `spot`, or -1 (any side: side 0). */
int sk_piece_at(const struct sk_state *s, int spot, int side);

/* "American army (3 units) at Saratoga": the events' and the guide's
 * words for a piece. */
void sk_describe(const struct sk_data *d, const struct sk_state *s, int piece, char *out,
		 size_t len);
/* "Albany, Hartford and Springfield": the spots a line of `kind` joins
 * to `spot` (only the harbours if `harbours`), so that a refused path
 * and the board in words name the lines; "none" when there is none. */
void sk_lines_from(const struct sk_data *d, int spot, enum sk_line_kind kind, bool harbours,
		   char *out, size_t len);

#endif
