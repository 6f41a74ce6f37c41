/* Shared by record.c, record_state.c, record_scenario.c and
 * record_replay.c only. */
#ifndef WW_RECORD_INTERNAL_H
#define WW_RECORD_INTERNAL_H

#include <stdio.h>
#include <yaml.h>
#include "record.h"

/* record_state.c: small helpers over a libyaml document. Errors are
 * written as "line N: what was wrong". */
int ww_yaml_load(const char *text, size_t len, yaml_document_t *doc,
		 char *err, size_t errlen);
yaml_node_t *ww_yaml_get(yaml_document_t *doc, yaml_node_t *map, const char *key);
const char *ww_yaml_str(const yaml_node_t *n);  /* NULL unless a scalar */
int ww_yaml_line(const yaml_node_t *n);         /* 1-based */
int ww_yaml_int(const yaml_node_t *n, long long lo, long long hi, long long *v,
		char *err, size_t errlen);
int ww_yaml_bool(const yaml_node_t *n, bool *v, char *err, size_t errlen);
void ww_yaml_quote(FILE *f, const char *s);     /* a double-quoted scalar */

/* Reads a state mapping. Without WW_READ_KEEP the state is first reset
 * with ww_state_init; with it, keys left out keep the caller's defaults.
 * WW_READ_PUBLIC accepts the public form ({size: N}) for hidden piles.
 * `skip` names one top-level key that belongs to the caller ("meta"). */
enum { WW_READ_PUBLIC = 1, WW_READ_KEEP = 2 };
int ww_state_read_node(yaml_document_t *doc, yaml_node_t *root,
		       const struct ww_data *d, struct ww_state *s, int flags,
		       const char *skip, char *err, size_t errlen);

/* Names the record uses for enum values; -1 if unknown. */
const char *ww_rec_side_word(int side);
int ww_rec_side_from_word(const char *w);
const char *ww_rec_audience_word(int audience); /* an event's `to:` */
int ww_rec_space_by_name(const struct ww_data *d, const char *name);

/* record.c: GAME/rel as the game now stands (through a committed journal),
 * NUL-terminated, to be freed; -1 with errno set. */
int ww_rec_read(const char *dir, const char *rel, char **text, size_t *len);

#endif
