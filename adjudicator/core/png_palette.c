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

#define SLOTS (1u << 16)   /* the colour table at its largest: at most SLOTS / 2 colours */
#define FIRST_SLOTS (1u << 12)
#define NO_INDEX 0xffff

struct slot {
	uint32_t colour;   /* 0xRRGGBB, or EMPTY */
	uint32_t count;
	uint16_t index;    /* its palette entry, NO_INDEX until known */
};
#define EMPTY 0xffffffffu
/* An entry not yet in the palette: farther from every colour than any
 * entry that is. */
#define UNUSED 1000

/* The table starts small, to stay in the processor's cache (a board has
 * a few thousand colours), and doubles when half full, up to SLOTS: the
 * colours it holds are the same as if it had been SLOTS from the start. */
struct table {
	struct slot *v;
	unsigned size, used;
	bool short_of_memory;  /* it could not grow: no picture is written */
	uint32_t palette[WJ_PNG_COLOURS];
	int16_t pr[WJ_PNG_COLOURS], pg[WJ_PNG_COLOURS], pb[WJ_PNG_COLOURS];
	int npal;
};

static unsigned hash(uint32_t c)
{
	return (c * 2654435761u) >> 16;
}

static struct slot *empty_slots(unsigned n)
{
	struct slot *v = malloc(n * sizeof *v);
	if (v)
		memset(v, 0xff, n * sizeof *v); /* every colour EMPTY */
	return v;
}

/* The slot of colour c in t, or the empty one where it would go. */
static struct slot *probe(const struct table *t, uint32_t c)
{
	for (unsigned i = hash(c) & (t->size - 1);; i = (i + 1) & (t->size - 1))
		if (t->v[i].colour == c || t->v[i].colour == EMPTY)
			return &t->v[i];
}

/* The table twice as large, its slots moved: 0, or -1. */
static int grow(struct table *t)
{
	struct table big = { .v = empty_slots(2 * t->size), .size = 2 * t->size };
	if (!big.v)
		return -1;
	for (unsigned i = 0; i < t->size; i++)
		if (t->v[i].colour != EMPTY)
			*probe(&big, t->v[i].colour) = t->v[i];
	free(t->v);
	t->v = big.v;
	t->size = big.size;
	return 0;
}

/* The slot of colour c; a new one if it is not there and there is room,
 * NULL if the table is full (or could not grow). */
static struct slot *find(struct table *t, uint32_t c)
{
	struct slot *s = probe(t, c);
	if (s->colour == c)
		return s;
	if (t->used >= SLOTS / 2)
		return NULL;
	if (2 * (t->used + 1) > t->size && t->size < SLOTS) {
		if (grow(t)) {
			t->short_of_memory = true;
			return NULL;
		}
		s = probe(t, c);
	}
	t->used++;
	*s = (struct slot){ c, 0, NO_INDEX };
	return s;
}

/* The end of the run of colour c (0xRRGGBB) that starts at px[i], two
 * pixels at a time while it lasts: most of a board is long runs. */
static size_t run_end(const uint32_t *px, size_t i, size_t n, uint32_t c)
{
	const uint64_t mask = 0x00ffffff00ffffffu, cc = (uint64_t)c << 32 | c;
	uint64_t two;
	for (i++; i + 2 <= n; i += 2) {
		memcpy(&two, px + i, sizeof two);
		if ((two & mask) != cc)
			break;
	}
	while (i < n && (px[i] & 0xffffff) == c)
		i++;
	return i;
}

static void count_colours(struct table *t, const uint32_t *px, size_t n)
{
	for (size_t i = 0, end; i < n; i = end) {
		uint32_t c = px[i] & 0xffffff;
		struct slot *s = find(t, c);
		end = run_end(px, i, n, c);
		if (s)
			s->count += (uint32_t)(end - i);
	}
}

/* The more frequent first, the lower colour among equals. */
static bool before(const struct slot *p, const struct slot *q)
{
	return p->count != q->count ? p->count > q->count : p->colour < q->colour;
}

static void add_to_palette(struct table *t, struct slot *s)
{
	if (s->index == NO_INDEX && t->npal < WJ_PNG_COLOURS) {
		s->index = (uint16_t)t->npal;
		t->palette[t->npal] = s->colour;
		t->pr[t->npal] = (int16_t)(s->colour >> 16 & 255);
		t->pg[t->npal] = (int16_t)(s->colour >> 8 & 255);
		t->pb[t->npal++] = (int16_t)(s->colour & 255);
	}
}

/* The `room` most frequent colours not yet in the palette, in order,
 * into top (room of them at most): the count of those kept. */
static int most_frequent(struct table *t, struct slot **top, int room)
{
	int n = 0;
	for (unsigned i = 0; i < t->size && room > 0; i++) {
		struct slot *s = &t->v[i];
		if (s->colour == EMPTY || s->index != NO_INDEX || !s->count ||
		    (n == room && !before(s, top[n - 1])))
			continue;
		int k = n < room ? n++ : n - 1;
		for (; k > 0 && before(s, top[k - 1]); k--)
			top[k] = top[k - 1];
		top[k] = s;
	}
	return n;
}

/* The named colours, then the most frequent. */
static void choose_palette(struct table *t, const uint32_t *fixed, int nfixed)
{
	struct slot *top[WJ_PNG_COLOURS];
	for (int i = 0; i < nfixed; i++) {
		struct slot *s = find(t, fixed[i] & 0xffffff);
		if (s)
			add_to_palette(t, s);
	}
	int n = most_frequent(t, top, WJ_PNG_COLOURS - t->npal);
	for (int i = 0; i < n; i++)
		add_to_palette(t, top[i]);
}

/* The palette's entry nearest to c, the first among equals: the
 * distances to every entry in one pass, which the compiler does several
 * at a time in 16-bit lanes (an entry not yet used is farther than any
 * colour), then the first of the least. */
static int nearest(const struct table *t, uint32_t c)
{
	int16_t r = (int16_t)(c >> 16 & 255), g = (int16_t)(c >> 8 & 255), b = (int16_t)(c & 255);
	int d[WJ_PNG_COLOURS], least = 0x7fffffff, best = 0;
	for (int i = 0; i < WJ_PNG_COLOURS; i++) {
		int16_t dr = (int16_t)(r - t->pr[i]), dg = (int16_t)(g - t->pg[i]);
		int16_t db = (int16_t)(b - t->pb[i]);
		d[i] = 2 * (dr * dr) + 4 * (dg * dg) + 3 * (db * db);
		least = d[i] < least ? d[i] : least;
	}
	while (d[best] != least)
		best++;
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
		row[0] = 0;
		for (size_t x = 0, end; x < (size_t)w; x = end) {
			uint32_t c = p[x] & 0xffffff;
			end = run_end(p, x, (size_t)w, c);
			memset(row + 1 + x, index_of(t, c), end - x);
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
	struct table t = { .v = empty_slots(FIRST_SLOTS), .size = FIRST_SLOTS };
	if (!t.v)
		return -1;
	for (int i = 0; i < WJ_PNG_COLOURS; i++)
		t.pr[i] = t.pg[i] = t.pb[i] = UNUSED;
	count_colours(&t, px, (size_t)w * h);
	choose_palette(&t, fixed, nfixed);
	int rc = t.short_of_memory ? -1 : header(out, w, h, &t);
	if (!rc)
		rc = image_data(out, px, w, h, &t);
	if (!rc)
		rc = chunk(out, "IEND", NULL, 0);
	free(t.v);
	return rc;
}
