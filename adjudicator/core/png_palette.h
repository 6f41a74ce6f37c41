/* png_palette.c: an RGB picture as an 8-bit palette PNG. */
#ifndef WJ_PNG_PALETTE_H
#define WJ_PNG_PALETTE_H
#include <stdint.h>
#include <stdio.h>

/* The palette's size and zlib's level: the board's size and its time
 * are benchmarked (bench/bench.c, docs/robustness.md). 128 colours, not
 * 256: the antialiased edges drawn with fewer shades compress to about
 * 10% less and look the same at the board's size. */
#define WJ_PNG_COLOURS 128
#define WJ_PNG_ZLIB_LEVEL 6

/* Writes the w x h pixels px (0x..RRGGBB, the top byte ignored) to out
 * as a PNG with a palette of at most WJ_PNG_COLOURS colours: the nfixed colours of
 * `fixed` first (kept exactly wherever they are painted), then the most
 * frequent others; every other colour becomes its nearest. The same
 * pixels give the same bytes. Returns 0, or -1 (out of memory, or out
 * failed). */
int wj_png_palette_write(FILE *out, const uint32_t *px, int w, int h,
			 const uint32_t *fixed, int nfixed);

#endif
