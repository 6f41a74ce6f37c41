/* Skirmish's data, state, orders and events behind game.h's opaque
 * structs: sk_game.c's adapters and the board's (sk_board_png.c). */
#ifndef SK_GAME_H
#define SK_GAME_H

#include "game.h"
#include "sk_data.h"
#include "sk_order.h"
#include "sk_rules.h"

struct game_data { struct sk_data sk; };
struct game_state { struct sk_state sk; };
struct game_order { struct sk_order sk; };
struct game_events { struct sk_events sk; };

/* Skirmish behind game.h (sk_game.c). */
extern const struct game game_skirmish;

/* The board plugin's function that draws game.h's board. */
int sk_game_board(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_events *last, char *why, size_t whylen);

#endif
