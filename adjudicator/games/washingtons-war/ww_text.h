/* Washington's War's state as text (ww_state_text.c) and a scenario's
 * position (ww_scenario.c): the game's own files in a game record. */
#ifndef WW_STATE_TEXT_H
#define WW_STATE_TEXT_H

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>
#include "data.h"
#include "dice.h"
#include "rules.h"
#include "state.h"

/* ww_state_text.c: the state as YAML. `secret` adds hands and deck order. */
int ww_state_write_yaml(FILE *f, const struct ww_data *d, const struct ww_state *s,
			bool secret);
/* The state as `viewer` sees it (view is ww_view's), for scripts: the
 * public text, then the viewer's hand (README.md, show). 0, or -1 when f fails. */
int ww_state_show_yaml(FILE *f, const struct ww_data *d, const struct ww_state *view,
		       int viewer);
/* The hash of a state published as meta.initial_state: its secret YAML
 * text, BLAKE2b-256 keyed by the seed (wj_seed_keyed_hash). -1 out of
 * memory. */
int ww_state_hash(const struct ww_data *d, const struct ww_state *s,
		  const unsigned char seed[WJ_SEED_BYTES], char out[WJ_COMMIT_HEX]);
int ww_state_read_yaml(const char *text, size_t len, const struct ww_data *d,
		       struct ww_state *s, char *err, size_t errlen);

/* ww_scenario.c: each card's number of places in s (deck, discard,
 * removed, set aside, hands, reinforcement boxes, Operations Queues, War
 * Ends box), added to count. */
void ww_count_cards(const struct ww_state *s, int count[WW_MAX_CARDS]);
/* ww_scenario.c: a position described in YAML (docs/scenario.md). */
int ww_scenario_load(const char *path, const struct ww_data *d, struct ww_state *s,
		     char *err, size_t errlen);
/* A scenario game's deck at creation (issue 11): its cards, listed or not,
 * put in number order and shuffled by the seed with shuffle number
 * s->next_shuffle, which is counted. */
void ww_scenario_shuffle(struct ww_state *s, const unsigned char seed[WJ_SEED_BYTES]);
/* The same with the shuffle drawn from rng (game.h's dice stream). */
void ww_scenario_deal(struct ww_state *s, struct wj_rng *rng);
/* Whether a scenario game's first position has the deck that
 * ww_scenario_shuffle makes of its cards (shuffle next_shuffle - 1). */
bool ww_scenario_shuffled(const struct ww_state *s, const unsigned char seed[WJ_SEED_BYTES]);

/* Reads a state mapping. Without WW_READ_KEEP the state is first reset
 * with ww_state_init; with it, keys left out keep the caller's defaults.
 * WW_READ_PUBLIC accepts the public form ({size: N}) for hidden piles.
 * `skip` names one top-level key that belongs to the caller ("meta"). */
enum { WW_READ_PUBLIC = 1, WW_READ_KEEP = 2 };
int ww_state_read_node(yaml_document_t *doc, yaml_node_t *root,
		       const struct ww_data *d, struct ww_state *s, int flags,
		       const char *skip, char *err, size_t errlen);

/* What `side`'s hand ledger (GAME/secret/ledger-SIDE.yaml) gains by log
 * entry `entry`, which took the game from before to after: an item of
 * the cards that entered and left the hand, nothing when it did not
 * change (docs/record.md). */
void ww_ledger_write(FILE *f, const struct ww_data *d, const struct ww_state *before,
		     const struct ww_state *after, int side, int entry);
/* ww_ledger.c: do the ledger `items` (ww_ledger_write's, the ledger file
 * `file`'s) say how `side`'s hand changed from before to after? 0, or -1
 * with the difference in why. */
int ww_ledger_check(const char *items, size_t len, const struct ww_state *before,
		    const struct ww_state *after, int side, const char *file, char *why,
		    size_t whylen);

/* Names the record uses for enum values; -1 if unknown. */
const char *ww_rec_side_word(int side);
int ww_rec_side_from_word(const char *w);
const char *ww_rec_audience_word(int audience); /* an event's `to:` */
int ww_rec_space_by_name(const struct ww_data *d, const char *name);

#endif
