/* Shared by the rules_*.c files only: not part of the engine's API. */
#ifndef WW_RULES_INTERNAL_H
#define WW_RULES_INTERNAL_H

#include <stdarg.h>
#include "rules.h"

#define WW_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* rules_util.c */
void ww_event(struct ww_events *ev, int audience, const char *fmt, ...) WW_PRINTF(3, 4);
/* Rolls the next die of the stream and logs it, with what it decides. */
int ww_roll(struct ww_state *s, struct ww_rng *rng, struct ww_events *ev,
	    const char *fmt, ...) WW_PRINTF(4, 5);
void ww_why(char *why, size_t len, const char *fmt, ...) WW_PRINTF(3, 4);
enum ww_side ww_enemy(enum ww_side side);
bool ww_pile_has(const struct ww_pile *p, int card);
bool ww_pile_take(struct ww_pile *p, int card);  /* false if absent */
void ww_pile_put(struct ww_pile *p, int card);   /* on top */
int ww_pile_pop(struct ww_pile *p);              /* top card, 0 if empty */
const char *ww_space_name(const struct ww_data *d, int space);

/* How a PC action comes about: each has its own restrictions. */
enum ww_pc_context {
	WW_PC_OPS,          /* 10.11 */
	WW_PC_DISCARD,      /* 6.32.B.ii, 10.12.B: adjacent to a friendly PC for both sides */
	WW_PC_COMMITTEES,   /* 4.0: no British piece in the space */
	WW_PC_FOR_THE_KING, /* 4.0: within every 10.11.B restriction */
	WW_PC_DECLARATION,  /* 6.34.C.i: place only, 10.11.A.ii, even if Congress dispersed */
};

/* rules_pc.c */
/* One PC action by `side` in `space`: place a PC in an empty space, or flip
 * an enemy PC. `start` is the state when the card play began: British
 * adjacency counts only PCs that were there then (no daisy chaining,
 * 10.11.B.ii). Returns 0 and changes *s, or -1 with why and *s unchanged. */
int ww_pc_action(const struct ww_data *d, const struct ww_state *start,
		 struct ww_state *s, enum ww_side side, int space,
		 enum ww_pc_context how, struct ww_events *ev, char *why, size_t len);
/* 6.32.B.iii: remove one enemy PC from a space adjacent to a friendly PC
 * and not occupied by an enemy CU, an American general or the Congress. */
int ww_pc_remove(const struct ww_data *d, struct ww_state *s, enum ww_side side,
		 int space, struct ww_events *ev, char *why, size_t len);
/* Could `side` place a PC in `space` under `how`? (no change) */
bool ww_pc_can_place(const struct ww_data *d, const struct ww_state *start,
		     const struct ww_state *s, enum ww_side side, int space,
		     enum ww_pc_context how);
/* Adjacent for `side`'s PC purposes: the map's lines, and for the British
 * every port to every other port (10.11.B). */
bool ww_pc_adjacent(const struct ww_data *d, enum ww_side side, int a, int b);
bool ww_american_unit_in(const struct ww_data *d, const struct ww_state *s, int space);
bool ww_british_piece_in(const struct ww_data *d, const struct ww_state *s, int space);

/* rules_phases.c */
void ww_winter_attrition(const struct ww_data *d, struct ww_state *s,
			 struct ww_rng *rng, struct ww_events *ev);     /* 11 */
/* Spaces where the Congress may return (10.2.1); returns how many. */
int ww_congress_options(const struct ww_data *d, const struct ww_state *s,
			int *spaces);
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

#endif
