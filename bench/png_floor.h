/* The PNG floor of the benchmarks (bench/bench.c, bench/floor.c, issue
 * 25): libpng writing a board's palette pixels, at the judge's zlib level
 * and no row filter (png_palette.h), into nothing; and those pixels read
 * back from the PNG the judge wrote, which has no row filter. */
#ifndef WW_PNG_FLOOR_H
#define WW_PNG_FLOOR_H

#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "png_palette.h"

struct palette_pixels {
	int w, h, ncolours;
	png_color palette[256];
	unsigned char *idx; /* w x h, row by row, malloc'd */
};

static inline void png_floor_count(png_structp png, png_bytep data, size_t len)
{
	(void)data;
	*(size_t *)png_get_io_ptr(png) += len;
}

static inline void png_floor_flush(png_structp png)
{
	(void)png;
}

/* The bytes libpng wrote, or 0 when it failed. */
static inline size_t png_floor_write(const struct palette_pixels *pp)
{
	size_t out = 0;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		return 0;
	}
	png_set_write_fn(png, &out, png_floor_count, png_floor_flush);
	png_set_IHDR(png, info, (png_uint_32)pp->w, (png_uint_32)pp->h, 8, PNG_COLOR_TYPE_PALETTE,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(png, info, pp->palette, pp->ncolours);
	png_set_filter(png, 0, PNG_FILTER_NONE);
	png_set_compression_level(png, WJ_PNG_ZLIB_LEVEL);
	png_write_info(png, info);
	for (int y = 0; y < pp->h; y++)
		png_write_row(png, pp->idx + (size_t)y * (size_t)pp->w);
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	return out;
}

static inline unsigned png_floor_be32(const unsigned char *p)
{
	return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* The palette pixels of an 8-bit palette PNG with no row filter: 0, or -1. */
static inline int png_floor_read(const unsigned char *png, size_t len, struct palette_pixels *pp)
{
	unsigned char *z = malloc(len), *raw = NULL;
	size_t nz = 0;
	memset(pp, 0, sizeof *pp);
	for (size_t at = 8; z && at + 12 <= len;) {
		size_t n = png_floor_be32(png + at);
		const unsigned char *type = png + at + 4, *body = png + at + 8;
		if (at + 12 + n > len)
			break;
		if (!memcmp(type, "IHDR", 4)) {
			pp->w = (int)png_floor_be32(body);
			pp->h = (int)png_floor_be32(body + 4);
		} else if (!memcmp(type, "PLTE", 4) && n <= sizeof pp->palette) {
			pp->ncolours = (int)(n / 3);
			memcpy(pp->palette, body, n);
		} else if (!memcmp(type, "IDAT", 4)) {
			memcpy(z + nz, body, n);
			nz += n;
		}
		at += 12 + n;
	}
	uLongf nraw = (uLongf)(pp->w + 1) * (uLongf)pp->h;
	raw = z && pp->w > 0 ? malloc(nraw) : NULL;
	pp->idx = raw ? malloc((size_t)pp->w * (size_t)pp->h) : NULL;
	int rc = pp->idx && uncompress(raw, &nraw, z, nz) == Z_OK ? 0 : -1;
	for (int y = 0; !rc && y < pp->h; y++) {
		rc = raw[(size_t)y * (size_t)(pp->w + 1)] ? -1 : 0; /* no row filter */
		memcpy(pp->idx + (size_t)y * (size_t)pp->w, raw + (size_t)y * (size_t)(pp->w + 1) + 1,
		       (size_t)pp->w);
	}
	free(z);
	free(raw);
	return rc;
}

#endif
