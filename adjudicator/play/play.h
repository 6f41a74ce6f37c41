/* Play: the one path from a side's order lines to the committed game,
 * for the command line, mail and the moderator (play.c): parse,
 * check on the side's stand-in with stand-in dice, apply with the game's
 * dice, commit. It knows the game and the record, never mail. */
#ifndef WJ_PLAY_H
#define WJ_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include "dice.h"
#include "game.h"
#include "record.h"

#define WJ_PLAY_LINE 1024 /* one order line at most */
#define WJ_PLAY_MAX 64
struct wj_play {
	int side;                       /* the game's side giving the orders (1..nsides) */
	int n;                          /* order lines */
	const char *orders[WJ_PLAY_MAX];
	struct game_order *parsed[WJ_PLAY_MAX]; /* the game's, allocated by play */
	int nparsed;                    /* how many parsed before a refusal */
	int applied;                    /* accepted: how many carried out (n, or fewer:
					   the rest refused after them, p->why) */
	bool refused;
	char why[1024];                 /* 'order 2 of 3 ("...") refused: ...' */
	struct game_events *ev;         /* what the orders did (the game's, allocated by play) */
	struct wj_game *after;          /* the new game once accepted */
	const struct game *game;        /* the game of ev and parsed: set by play */
};

/* Applies p->orders for p->side to a copy of g with `dice` (forced rolls,
 * may be NULL). They are first played on the side's stand-in state with
 * stand-in dice (the game's stand_in): an order refused there refuses them
 * all. Returns 0 (accepted: p->after, p->ev; p->applied < p->n when the
 * game's own cards or dice refused order p->applied after the orders
 * before it were carried out, p->why), 1 (refused: p->why, nothing
 * changed), or -1 out of memory. */
int wj_play_apply(const struct game_data *d, const struct wj_game *g,
		  struct wj_dice *dice, struct wj_play *p);
/* The orders played on the side's stand-in state with stand-in dice only:
 * what a preview shows. Never the game's dice, cards or seed. Returns as
 * wj_play_apply; p->after is a game no one plays. */
int wj_play_preview(const struct game_data *d, const struct wj_game *g,
		    const struct wj_dice *dice, struct wj_play *p);
/* The orders joined by newlines, as received (for the log). */
void wj_play_text(const struct wj_play *p, char *out, size_t len);
/* Commits an accepted play (or logs a refused one) with `files`, at one
 * commit point. `e` gives sender, message_id and received; the rest is
 * filled in. */
enum wj_rec_status wj_play_commit(const char *dir, const struct wj_game *g,
				  struct wj_play *p, const struct wj_log_entry *e,
				  const struct wj_rec_file *files, int nfiles,
				  const char *also_seen, char *err, size_t errlen);
/* Whether `side` may tell that the accepted play p happened to the game
 * `before`: it gave the orders, or one of their events is told to it,
 * or its view changed. A play shown to no other side (a standing order,
 * Skirmish's order of skirmishes, given in advance) gets that side no
 * mail and leaves its move token as it was (docs/mail.md). Out of
 * memory it says shown. */
bool wj_play_shown_to(const struct wj_game *before, const struct wj_play *p, int side);
/* Whether `side`'s move token moves on with p (docs/mail.md): p is shown
 * to it, unless it was asked before p and is asked the same after it
 * (several sides asked at once: another's answer leaves what this side
 * was asked about as it was, so an answer it has written still holds). */
bool wj_play_token_moves(const struct wj_game *before, const struct wj_play *p, int side);
/* Frees what play allocated in *p (its orders, events and p->after). */
void wj_play_free(struct wj_play *p);

#endif
