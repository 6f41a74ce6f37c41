/* A loaded data set kept on disk, so that a command does not parse the
 * YAML again when neither the files nor the program have changed
 * (data_cache.c). Only data_load.c uses it. */
#ifndef WW_DATA_CACHE_H
#define WW_DATA_CACHE_H

#include <stddef.h>
#include "data.h"

#define WW_DATA_KEY_BYTES 32

/* The key of the data set in `dir`: a BLAKE2b hash of this program's
 * build ID, the size of struct ww_data and the name and bytes of each of
 * `files`. -1 when there is no key (no build ID, a file unreadable): then
 * the data is parsed, and the parser says what is wrong. */
int ww_data_cache_key(const char *dir, const char *const *files, int nfiles,
		      unsigned char key[WW_DATA_KEY_BYTES]);
/* 0 with *d as cached under `key`; -1 when there is no such entry or it
 * does not check out (wrong size, wrong key, bytes not matching their
 * hash): the caller parses. */
int ww_data_cache_read(const unsigned char key[WW_DATA_KEY_BYTES], struct ww_data *d);
/* Keeps *d under `key`; silently nothing when the cache cannot be written. */
void ww_data_cache_write(const unsigned char key[WW_DATA_KEY_BYTES], const struct ww_data *d);

#endif
