/* Washington's War's state and data behind game.h's opaque structs
 * (ww_game.c), for the layers that still read Washington's War's own
 * state: mail, cli and the tests. record/ and play/ never include it:
 * they hold a game only through game.h. */
#ifndef WW_GAME_H
#define WW_GAME_H

#include "data.h"
#include "game.h"
#include "order.h"
#include "rules.h"
#include "state.h"

struct game_data { struct ww_data ww; };
struct game_state { struct ww_state ww; };
struct game_order { struct ww_order ww; };
struct game_events { struct ww_events ww; };

/* Washington's War behind game.h (ww_game.c). */
extern const struct game game_washingtons_war;

/* The board plugin's function that draws game.h's board (report_png.c). */
int ww_game_board(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_events *last, char *why, size_t whylen);

static inline struct ww_state *ww_state_of(struct game_state *s)
{
	return &s->ww;
}

static inline const struct ww_data *ww_data_of(const struct game_data *d)
{
	return &d->ww;
}

/* Data loaded as a struct ww_data, as game.h's: a struct game_data is its
 * struct ww_data alone (its only member, so at the same address). */
static inline const struct game_data *ww_game_data_of(const struct ww_data *d)
{
	return (const struct game_data *)d;
}

static inline const struct ww_order *ww_order_of(const struct game_order *o)
{
	return &o->ww;
}

static inline struct ww_events *ww_events_of(struct game_events *ev)
{
	return &ev->ww;
}

#endif
