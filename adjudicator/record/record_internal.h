/* Shared by the record's own files only. */
#ifndef WW_RECORD_INTERNAL_H
#define WW_RECORD_INTERNAL_H

#include <stdio.h>
#include <yaml.h>
#include "record.h"
#include "ww_text.h"
#include "yaml_doc.h"

/* record.c: GAME/rel as the game now stands (through a committed journal),
 * NUL-terminated, to be freed; -1 with errno set. */
int ww_rec_read(const char *dir, const char *rel, char **text, size_t *len);

#endif
