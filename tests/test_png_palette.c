/* The palette PNG encoder (core/png_palette.c): the same pixels give the
 * same bytes as the encoder that wrote every board before issue 25 made
 * it cheaper, pinned here by their length and hash, for pictures that
 * take each of its ways: long runs and thousands of blended colours (its
 * colour table grows), equal counts (the lower colour first), and more
 * colours than its table holds (the rest go to their nearest directly).
 * And each of them is a valid PNG of its size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "png_palette.h"
#include "png_read.h"

static const uint32_t FIXED[] = { 0x9fc3dc, 0x2b2118, 0xfffdf4, 0xc8282d, 0x2456a6, 0xffffff };
#define NFIXED (int)(sizeof FIXED / sizeof *FIXED)

static uint32_t mix(uint32_t a, uint32_t b, unsigned k)
{
	uint32_t out = 0;
	for (int sh = 0; sh <= 16; sh += 8)
		out |= (((a >> sh & 255) * (255 - k) + (b >> sh & 255) * k) / 255) << sh;
	return out;
}

/* Bands of 20 colours, some of them the fixed ones, with blended edges
 * between them: long runs and a few thousand colours. The top byte is
 * set, as cairo's RGB24 may leave it. */
static void bands(uint32_t *px, int w, int h)
{
	static const uint32_t band[] = {
		0x9fc3dc, 0xe6c79c, 0xc7dcae, 0x2b2118, 0xf1d39a, 0xd5c2de, 0xb5d6c6, 0xefc1b3,
		0xfffdf4, 0xdedda4, 0xc1cfe6, 0xe8cdb9, 0xcfe3a6, 0xc8282d, 0xeec5d5, 0xc6e0dc,
		0xe3c9a4, 0x2456a6, 0x7fa9c9, 0xe9dfc3,
	};
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint32_t a = band[(y / 25) % 20], b = band[(y / 25 + 7) % 20];
			bool edge = x % 97 < 9 || (x + 3 * y) % 211 < 5;
			px[y * w + x] = 0xff000000u | (edge ? mix(a, b, (unsigned)(x * 7 + y * 3) % 256) : a);
		}
}

/* Columns of colours, two of each count: the palette takes the lower
 * colour of two equally frequent ones first. */
static void ties(uint32_t *px, int w, int h)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			px[y * w + x] = 0x010203u * (uint32_t)(x / 2 % 200) + (x % 2 ? 0x40 : 0);
}

/* Noise: more colours than the table holds. */
static void noise(uint32_t *px, int w, int h)
{
	uint32_t s = 12345;
	for (int i = 0; i < w * h; i++) {
		s = s * 1103515245u + 12345u;
		px[i] = (i % 5 ? s >> 8 : FIXED[i % NFIXED]) & 0xffffff;
	}
}

static uint64_t fnv(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211u;
	return h;
}

static void encodes_as_before(void (*paint)(uint32_t *, int, int), int w, int h, size_t len,
			      uint64_t hash)
{
	uint32_t *px = malloc(sizeof *px * (size_t)w * (size_t)h);
	char *bytes = NULL;
	size_t n = 0;
	assert_non_null(px);
	paint(px, w, h);
	FILE *f = open_memstream(&bytes, &n);
	assert_non_null(f);
	assert_int_equal(wj_png_palette_write(f, px, w, h, FIXED, NFIXED), 0);
	fclose(f);
	cairo_surface_t *img = png_read(bytes, n);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(img), w);
	assert_int_equal(cairo_image_surface_get_height(img), h);
	cairo_surface_destroy(img);
	if (n != len || fnv((const unsigned char *)bytes, n) != hash)
		fail_msg("%zu bytes, hash %016llx: not the %zu bytes, hash %016llx, of before", n,
			 (unsigned long long)fnv((const unsigned char *)bytes, n), len,
			 (unsigned long long)hash);
	free(bytes);
	free(px);
}

static void long_runs_and_blends(void **state)
{
	(void)state;
	encodes_as_before(bands, 800, 500, 19618, 0x43543ac28aab611fu);
}

static void equal_counts(void **state)
{
	(void)state;
	encodes_as_before(ties, 400, 50, 936, 0x6d46a0a18f583d2bu);
}

static void more_colours_than_the_table(void **state)
{
	(void)state;
	encodes_as_before(noise, 400, 300, 98796, 0x17978a547af47058u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_runs_and_blends),
		cmocka_unit_test(equal_counts),
		cmocka_unit_test(more_colours_than_the_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
