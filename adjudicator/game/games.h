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

#endif
