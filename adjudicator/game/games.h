/* The games the judge knows (games.c): each behind game.h. */
#ifndef GAMES_H
#define GAMES_H

#include "game.h"

/* Washington's War (games/washingtons-war/ww_game.c). */
extern const struct game game_washingtons_war;
/* Until the record holds a struct game_state (issue 13): the record's
 * Washington's War state, data and events as game.h's, for the layers that
 * compose through game.h (mail/, cli/). */
struct ww_state;
struct ww_data;
struct ww_events;
const struct game_state *ww_game_state(const struct ww_state *s);
const struct game_data *ww_game_data(const struct ww_data *d);
const struct game_events *ww_game_events(const struct ww_events *ev);
/* Skirmish (games/skirmish/sk_game.c). */
extern const struct game game_skirmish;

/* The game the judge calls `name` ("washingtons-war"), or NULL. */
const struct game *game_find(const char *name);
/* The i-th game known (from 0), or NULL past the last. */
const struct game *game_at(int i);

#endif
