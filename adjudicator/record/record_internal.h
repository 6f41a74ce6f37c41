/* Shared by the record's own files only. */
#ifndef WJ_RECORD_INTERNAL_H
#define WJ_RECORD_INTERNAL_H

#include <stdio.h>
#include <yaml.h>
#include "record.h"
#include "buf.h"
#include "problems.h"
#include "yaml_doc.h"

/* record.c: GAME/rel as the game now stands (through a committed journal),
 * NUL-terminated, to be freed; -1 with errno set. */
int wj_rec_read(const char *dir, const char *rel, char **text, size_t *len);

/* record.c: the game g plays (g->game; NULL: the registry's first). */
const struct game *wj_rec_game(const struct wj_game *g);
/* record.c: wj_record_index for the game in `dir`, known to be `game`. */
int wj_rec_index(const char *dir, const struct game *game, struct wj_record_index *ix);
/* record.c: the log's word for a side of `game` (the game's word;
 * "nobody" for GAME_PUBLIC, the set-up), and back (-1: not a word of it). */
const char *wj_rec_side(const struct game *game, int side);
int wj_rec_side_of(const struct game *game, const char *word);
/* record.c: event i as the log keeps it: its text, as the viewers who
 * may see it read it ("" when nobody may), and its `to:`, "both" when
 * the public may see it, one side's word when that side alone may, else
 * "nobody". */
const char *wj_rec_event_text(const struct game *game, const struct game_events *ev, int i);
const char *wj_rec_event_to(const struct game *game, const struct game_events *ev, int i);

#endif
