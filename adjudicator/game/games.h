/* The games the judge knows (games.c): each behind game.h. */
#ifndef GAMES_H
#define GAMES_H

#include "game.h"

/* Washington's War (games/washingtons-war/ww_game.c). */
extern const struct game game_washingtons_war;
/* Skirmish (games/skirmish/sk_game.c). */
extern const struct game game_skirmish;

/* The game the judge calls `name` ("washingtons-war"), or NULL. */
const struct game *game_find(const char *name);
/* The i-th game known (from 0), or NULL past the last. */
const struct game *game_at(int i);

/* The side of g that `word` names, its word or one of its other words in
 * any case: 1..nsides, or GAME_PUBLIC (0) when it names none. */
int game_side_of(const struct game *g, const char *word);
/* g's side words for a message: "american or british". */
void game_side_words(const struct game *g, char *out, size_t len);

#endif
