/* A cache on disk of bytes derived from others (cache.c): the parsed data
 * set (data_load.c) and each board's map under its pieces (board_draw.h's
 * wj_draw_map), each costlier to make than to read. An entry's key is a hash of what it was
 * made from and of the build ID of the code that made it, so an edited
 * input or a rebuilt program never reads a stale entry; an entry that is
 * not whole (its size or checksum) is made again. Where the cache lives:
 * $WW_CACHE if set ("off" turns it off), else $XDG_CACHE_HOME/wwjudge,
 * else $HOME/.cache/wwjudge; one file per entry, WHAT-KEY.bin. Any entry
 * may be deleted at any time; a cache that cannot be written is no error. */
#ifndef WJ_CACHE_H
#define WJ_CACHE_H

#include <sodium.h>
#include <stddef.h>
#include <stdint.h>

#define WJ_CACHE_KEY_BYTES 32

struct wj_cache_key {
	crypto_generichash_state h;
	int ok;
};

/* Starts the key of an entry of kind `what` ("data", "map") made by the
 * loaded object (program or plugin) that holds the function `code`.
 * Nothing is cached when that object has no build ID. */
void wj_cache_key_start(struct wj_cache_key *k, const char *what, const void *code);
void wj_cache_key_add(struct wj_cache_key *k, const void *bytes, size_t n);
/* Adds the name and the bytes of DIR/NAME; an unreadable file spoils the key. */
void wj_cache_key_add_file(struct wj_cache_key *k, const char *dir, const char *name);
/* 0 with the key, or -1 when there is none to be had. */
int wj_cache_key_end(struct wj_cache_key *k, unsigned char key[WJ_CACHE_KEY_BYTES]);

/* An entry's bytes are `head` then `body` (body may be NULL, nbody 0). */
/* 0 with them read, or -1: no such entry, or not whole. */
int wj_cache_read(const char *what, const unsigned char key[WJ_CACHE_KEY_BYTES],
		  void *head, size_t nhead, void *body, size_t nbody);
void wj_cache_write(const char *what, const unsigned char key[WJ_CACHE_KEY_BYTES],
		    const void *head, size_t nhead, const void *body, size_t nbody);

/* The checksum an entry's header ends with (a uint64_t, the file's byte
 * order), of its head and body: damage, not forgery, is what it finds. */
uint64_t wj_cache_checksum(uint64_t h, const void *p, size_t n);
#define WJ_CACHE_CHECKSUM_START 0xcbf29ce484222325u

#endif
