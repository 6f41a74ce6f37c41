/* The games the judge knows (games.c): each behind game.h. */
#ifndef GAMES_H
#define GAMES_H

#include "game.h"

/* The games the judge plays, NULL-terminated: defined at the composition
 * root (cli/games_played.c), a line per game, so that a game joins by its
 * own folder and that line. The first is the game of a record that names
 * none and of `new` without --game. */
extern const struct game *const game_registry[];

/* The game the judge calls `name` ("washingtons-war"), or NULL. */
const struct game *game_find(const char *name);
/* The i-th game known (from 0), or NULL past the last. */
const struct game *game_at(int i);

/* At most this many distinct side words among all the games (the
 * command line's `new` makes an option of each; test_game_interface
 * checks the registry keeps within it). */
#define GAME_SIDE_WORDS_MAX 16

/* A game's states, orders and events (game.h's sizes and init
 * functions): allocated, copied and freed alike for every game; NULL out
 * of memory. */
struct game_state *game_state_new(const struct game *g);
void game_state_free(const struct game *g, struct game_state *s);
void game_state_copy(const struct game *g, struct game_state *to, const struct game_state *from);
struct game_order *game_order_new(const struct game *g);
void game_order_free(const struct game *g, struct game_order *o);
struct game_events *game_events_new(const struct game *g);
void game_events_free(const struct game *g, struct game_events *ev);

/* game.h's view, stand_in and ledger, with their defaults for a game
 * that leaves them NULL (nothing hidden): the state itself, the view,
 * nothing. */
void game_view(const struct game *g, const struct game_data *d, const struct game_state *s,
	       int viewer, struct game_state *out);
void game_stand_in(const struct game *g, const struct game_data *d, const struct game_state *s,
		   int side, struct wj_rng *rng, struct game_state *out);
void game_ledger(const struct game *g, FILE *out, const struct game_data *d,
		 const struct game_state *before, const struct game_state *after, int side,
		 int entry);

/* The game's board drawn (game.h's `board`): the function is found by
 * the lookup the composition root gave, by default in the program itself
 * (the test programs link the drawing); 0, or -1 with why. */
int game_board(const struct game *g, FILE *out, const struct game_data *d,
	       const struct game_state *view, int viewer, const struct game_events *last,
	       char *why, size_t whylen);
typedef void *game_symbol_lookup(const char *name, char *why, size_t whylen);
void game_set_symbol_lookup(game_symbol_lookup *lookup);

/* The games the judge plays, by name: "washingtons-war, skirmish". */
void game_names(char *out, size_t len);
/* The game whose data DIR holds: the one its dataset.yaml's `game:` key
 * names (by title or name, in any case), Washington's War without the
 * key (docs/data.md); NULL with why when it names no game the judge
 * plays. */
const struct game *game_of_data_dir(const char *dir, char *why, size_t whylen);

/* The side of g that `word` names, its word or one of its other words in
 * any case: 1..nsides, or GAME_PUBLIC (0) when it names none. */
int game_side_of(const struct game *g, const char *word);
/* g's side words for a message: "american or british". */
void game_side_words(const struct game *g, char *out, size_t len);
/* The same, each word after `prefix` and `last` before the last one:
 * ("--", " and ") gives "--american and --british". */
void game_side_list(const struct game *g, const char *prefix, const char *last, char *out,
		    size_t len);

#endif
