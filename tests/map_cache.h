/* The map under a board's pieces comes from the data cache once drawn
 * (board_draw.h's wj_draw_map): a test draws the same board with no
 * cache, with an empty one (one map entry is kept), from the entry, and
 * after the entry was damaged (a byte changed, then the file cut short):
 * every time the same bytes. */
#ifndef MAP_CACHE_H
#define MAP_CACHE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

/* Draws the board into *bytes (malloc'd), *len of them. */
typedef void map_cache_draw_fn(const void *arg, char **bytes, size_t *len);

static inline void map_cache_sh(const char *fmt, const char *dir)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, fmt, dir); /* fmt names dir as %1$s */
	assert_int_equal(system(cmd), 0);
}

static inline void map_cache_same(map_cache_draw_fn *draw, const void *arg, const char *want,
				  size_t len)
{
	char *got;
	size_t n;
	draw(arg, &got, &n);
	assert_int_equal(n, len);
	assert_memory_equal(got, want, len);
	free(got);
}

static inline void map_cache_draws_the_same(map_cache_draw_fn *draw, const void *arg)
{
	char dir[] = "/tmp/ww-map-XXXXXX", *off;
	size_t len;
	assert_non_null(mkdtemp(dir));
	const char *was = getenv("WW_CACHE");
	char *saved = was ? strdup(was) : NULL;
	setenv("WW_CACHE", "off", 1);
	draw(arg, &off, &len);
	setenv("WW_CACHE", dir, 1);
	map_cache_same(draw, arg, off, len);
	map_cache_sh("test \"$(ls %1$s/map-*.bin | wc -l)\" = 1", dir);
	map_cache_same(draw, arg, off, len);
	/* one pixel of the entry changed: its checksum finds it */
	map_cache_sh("printf 'x' | dd of=$(ls %1$s/map-*.bin) bs=1 seek=5000 conv=notrunc "
		     "2>/dev/null", dir);
	map_cache_same(draw, arg, off, len);
	/* cut short: its size finds it */
	map_cache_sh("f=$(ls %1$s/map-*.bin) && head -c 100000 \"$f\" >%1$s/cut && "
		     "mv %1$s/cut \"$f\"", dir);
	map_cache_same(draw, arg, off, len);
	if (saved)
		setenv("WW_CACHE", saved, 1);
	else
		unsetenv("WW_CACHE");
	free(saved);
	free(off);
	map_cache_sh("rm -rf %1$s", dir);
}

#endif
