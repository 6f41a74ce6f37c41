/* An RGB picture written as an 8-bit palette PNG (PNG 1.2, ISO 15948),
 * with zlib: the board's mail attachment, a quarter of the bytes of a
 * true-colour PNG (issue 12).
 *
 * The palette: the colours the caller names first (the board's own, so
 * that every piece keeps its exact colour), then the picture's most
 * frequent other colours, up to WJ_PNG_COLOURS; every other colour (antialiased
 * edges) becomes its nearest in the palette. Everything is decided by
 * counts and colour values, never by addresses or a clock: the same
 * pixels give the same bytes. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "png_palette.h"

#define SLOTS (1u << 16)   /* the colour table: at most SLOTS / 2 distinct colours */
#define NO_INDEX 0xffff

struct slot {
	uint32_t colour;   /* 0xRRGGBB, or EMPTY */
	uint32_t count;
	uint16_t index;    /* its palette entry, NO_INDEX until known */
};
#define EMPTY 0xffffffffu

struct table {
	struct slot *v;
	unsigned used;
	uint32_t palette[WJ_PNG_COLOURS];
	int npal;
};

static unsigned hash(uint32_t c)
{
	return (c * 2654435761u) >> 16 & (SLOTS - 1);
}

/* The slot of colour c; a new one if it is not there and there is room,
 * NULL if the table is full. */
static struct slot *find(struct table *t, uint32_t c)
{
	for (unsigned i = hash(c);; i = (i + 1) & (SLOTS - 1)) {
		if (t->v[i].colour == c)
			return &t->v[i];
		if (t->v[i].colour == EMPTY) {
			if (t->used >= SLOTS / 2)
				return NULL;
			t->used++;
			t->v[i] = (struct slot){ c, 0, NO_INDEX };
			return &t->v[i];
		}
	}
}

static void count_colours(struct table *t, const uint32_t *px, size_t n)
{
	struct slot *last = NULL;
	for (size_t i = 0; i < n; i++) {
		uint32_t c = px[i] & 0xffffff;
		if (!last || last->colour != c)
			last = find(t, c);
		if (last)
			last->count++;
	}
}

static int by_count(const void *a, const void *b)
{
	const struct slot *p = *(const struct slot *const *)a, *q = *(const struct slot *const *)b;
	if (p->count != q->count)
		return p->count < q->count ? 1 : -1;
	return (p->colour > q->colour) - (p->colour < q->colour);
}

static void add_to_palette(struct table *t, struct slot *s)
{
	if (s->index == NO_INDEX && t->npal < WJ_PNG_COLOURS) {
		s->index = (uint16_t)t->npal;
		t->palette[t->npal++] = s->colour;
	}
}

/* The named colours, then the most frequent. */
static int choose_palette(struct table *t, const uint32_t *fixed, int nfixed)
{
	for (int i = 0; i < nfixed; i++) {
		struct slot *s = find(t, fixed[i] & 0xffffff);
		if (s)
			add_to_palette(t, s);
	}
	struct slot **by = malloc(t->used * sizeof *by);
	if (!by)
		return -1;
	unsigned n = 0;
	for (unsigned i = 0; i < SLOTS; i++)
		if (t->v[i].colour != EMPTY && t->v[i].index == NO_INDEX && t->v[i].count)
			by[n++] = &t->v[i];
	qsort(by, n, sizeof *by, by_count);
	for (unsigned i = 0; i < n && t->npal < WJ_PNG_COLOURS; i++)
		add_to_palette(t, by[i]);
	free(by);
	return 0;
}

static int nearest(const struct table *t, uint32_t c)
{
	int best = 0;
	long best_d = -1;
	for (int i = 0; i < t->npal; i++) {
		long dr = (long)(c >> 16 & 255) - (t->palette[i] >> 16 & 255);
		long dg = (long)(c >> 8 & 255) - (t->palette[i] >> 8 & 255);
		long db = (long)(c & 255) - (t->palette[i] & 255);
		long d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
		if (best_d < 0 || d < best_d) {
			best_d = d;
			best = i;
		}
	}
	return best;
}

/* The palette entry of colour c, found once per colour. */
static int index_of(struct table *t, uint32_t c)
{
	struct slot *s = find(t, c);
	if (!s)
		return nearest(t, c);
	if (s->index == NO_INDEX)
		s->index = (uint16_t)nearest(t, c);
	return s->index;
}

/* ---- the file ---- */

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static int chunk(FILE *out, const char *type, const unsigned char *data, size_t len)
{
	unsigned char head[8], tail[4];
	put32(head, (uint32_t)len);
	memcpy(head + 4, type, 4);
	uLong crc = crc32(crc32(0, NULL, 0), head + 4, 4);
	if (len)
		crc = crc32(crc, data, (uInt)len);
	put32(tail, (uint32_t)crc);
	return fwrite(head, 1, 8, out) == 8 && (!len || fwrite(data, 1, len, out) == len) &&
		fwrite(tail, 1, 4, out) == 4 ? 0 : -1;
}

static int header(FILE *out, int w, int h, const struct table *t)
{
	unsigned char ihdr[13] = { 0 }, plte[WJ_PNG_COLOURS * 3];
	put32(ihdr, (uint32_t)w);
	put32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 8;  /* bits per index */
	ihdr[9] = 3;  /* palette */
	for (int i = 0; i < t->npal; i++) {
		plte[3 * i] = (unsigned char)(t->palette[i] >> 16);
		plte[3 * i + 1] = (unsigned char)(t->palette[i] >> 8);
		plte[3 * i + 2] = (unsigned char)t->palette[i];
	}
	if (fwrite("\x89PNG\r\n\x1a\n", 1, 8, out) != 8 || chunk(out, "IHDR", ihdr, sizeof ihdr))
		return -1;
	return chunk(out, "PLTE", plte, (size_t)t->npal * 3);
}

/* Deflates `len` bytes (or finishes) into IDAT chunks. */
static int deflate_into(FILE *out, z_stream *z, unsigned char *in, size_t len, int flush)
{
	unsigned char buf[1 << 15];
	z->next_in = in;
	z->avail_in = (uInt)len;
	do {
		z->next_out = buf;
		z->avail_out = sizeof buf;
		if (deflate(z, flush) == Z_STREAM_ERROR)
			return -1;
		size_t have = sizeof buf - z->avail_out;
		if (have && chunk(out, "IDAT", buf, have))
			return -1;
	} while (z->avail_out == 0);
	return 0;
}

/* Each row: filter type 0 (none), then its palette indices. */
static int image_data(FILE *out, const uint32_t *px, int w, int h, struct table *t)
{
	z_stream z = { 0 };
	if (deflateInit2(&z, WJ_PNG_ZLIB_LEVEL, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	/* level 6's search, but looking at fewer earlier matches once one is
	 * found and taking the longest at once: 20% faster, 0.6% larger
	 * (docs/robustness.md) */
	deflateTune(&z, 8, 32, 258, 16);
	unsigned char *row = malloc((size_t)w + 1);
	int rc = row ? 0 : -1;
	for (int y = 0; y < h && !rc; y++) {
		const uint32_t *p = px + (size_t)y * w;
		uint32_t last = EMPTY;
		int idx = 0;
		row[0] = 0;
		for (int x = 0; x < w; x++) {
			uint32_t c = p[x] & 0xffffff;
			if (c != last)
				idx = index_of(t, c), last = c;
			row[x + 1] = (unsigned char)idx;
		}
		rc = deflate_into(out, &z, row, (size_t)w + 1, Z_NO_FLUSH);
	}
	if (!rc)
		rc = deflate_into(out, &z, NULL, 0, Z_FINISH);
	deflateEnd(&z);
	free(row);
	return rc;
}

int wj_png_palette_write(FILE *out, const uint32_t *px, int w, int h,
			 const uint32_t *fixed, int nfixed)
{
	struct table t = { .v = malloc(SLOTS * sizeof *t.v) };
	if (!t.v)
		return -1;
	memset(t.v, 0xff, SLOTS * sizeof *t.v); /* every colour EMPTY */
	count_colours(&t, px, (size_t)w * h);
	int rc = choose_palette(&t, fixed, nfixed);
	if (!rc)
		rc = header(out, w, h, &t);
	if (!rc)
		rc = image_data(out, px, w, h, &t);
	if (!rc)
		rc = chunk(out, "IEND", NULL, 0);
	free(t.v);
	return rc;
}
