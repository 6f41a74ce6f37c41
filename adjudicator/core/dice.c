#include <string.h>
#include <sodium.h>
#include "dice.h"

/* A ChaCha20-IETF keystream read byte by byte, extended block by block. */
struct stream {
	const unsigned char *key;
	unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
	unsigned char buf[512];
	size_t pos;
	uint32_t block; /* the next 64-byte block to generate */
};

static void stream_init(struct stream *st, const unsigned char *seed,
			const char tag[4], uint64_t number)
{
	memset(st, 0, sizeof *st);
	st->key = seed;
	memcpy(st->nonce, tag, 4);
	for (int i = 0; i < 8; i++)
		st->nonce[4 + i] = (unsigned char)(number >> (8 * i));
	crypto_stream_chacha20_ietf(st->buf, sizeof st->buf, st->nonce, st->key);
	st->block = sizeof st->buf / 64;
}

static unsigned char stream_byte(struct stream *st)
{
	if (st->pos == sizeof st->buf) {
		memset(st->buf, 0, sizeof st->buf);
		crypto_stream_chacha20_ietf_xor_ic(st->buf, st->buf, sizeof st->buf,
						   st->nonce, st->block, st->key);
		st->block += sizeof st->buf / 64;
		st->pos = 0;
	}
	return st->buf[st->pos++];
}

static uint32_t stream_word(struct stream *st)
{
	uint32_t w = 0;
	for (int i = 0; i < 4; i++)
		w |= (uint32_t)stream_byte(st) << (8 * i);
	return w;
}

int wj_dice_init(void)
{
	return sodium_init() < 0 ? -1 : 0;
}

void wj_dice_new_seed(unsigned char seed[WJ_SEED_BYTES])
{
	randombytes_buf(seed, WJ_SEED_BYTES);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int wj_seed_from_hex(const char *hex, unsigned char seed[WJ_SEED_BYTES])
{
	unsigned char out[WJ_SEED_BYTES];
	if (!hex || strlen(hex) != 2 * WJ_SEED_BYTES)
		return -1;
	for (int i = 0; i < WJ_SEED_BYTES; i++) {
		int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	memcpy(seed, out, sizeof out);
	return 0;
}

void wj_seed_to_hex(const unsigned char seed[WJ_SEED_BYTES], char out[WJ_COMMIT_HEX])
{
	sodium_bin2hex(out, WJ_COMMIT_HEX, seed, WJ_SEED_BYTES);
}

void wj_seed_commitment(const unsigned char seed[WJ_SEED_BYTES], char out[WJ_COMMIT_HEX])
{
	unsigned char hash[32];
	crypto_generichash(hash, sizeof hash, seed, WJ_SEED_BYTES, NULL, 0);
	sodium_bin2hex(out, WJ_COMMIT_HEX, hash, sizeof hash);
}

void wj_seed_keyed_hash(const unsigned char seed[WJ_SEED_BYTES], const void *text, size_t len,
			char out[WJ_COMMIT_HEX])
{
	unsigned char hash[32];
	crypto_generichash(hash, sizeof hash, text, len, seed, WJ_SEED_BYTES);
	sodium_bin2hex(out, WJ_COMMIT_HEX, hash, sizeof hash);
}

int wj_dice_roll(const unsigned char seed[WJ_SEED_BYTES], uint64_t index)
{
	struct stream st;
	stream_init(&st, seed, "ROLL", index);
	for (;;) {
		unsigned char b = stream_byte(&st);
		if (b < 252) /* 252 = 42 * 6: no modulo bias */
			return 1 + b % 6;
	}
}

/* Uniform in 0..n-1 by rejection of the words at or above the largest
 * multiple of n. */
static uint32_t stream_below(struct stream *st, uint32_t n)
{
	uint64_t limit = (((uint64_t)1 << 32) / n) * n;
	for (;;) {
		uint32_t w = stream_word(st);
		if (w < limit)
			return w % n;
	}
}

void wj_dice_shuffle(const unsigned char seed[WJ_SEED_BYTES], uint64_t shuffle,
		     uint8_t *cards, int n)
{
	struct stream st;
	stream_init(&st, seed, "SHUF", shuffle);
	for (int i = n - 1; i > 0; i--) {
		uint32_t j = stream_below(&st, (uint32_t)i + 1);
		uint8_t t = cards[i];
		cards[i] = cards[j];
		cards[j] = t;
	}
}

static int dice_die(void *ctx, uint64_t index, bool *forced)
{
	struct wj_dice *d = ctx;
	if (d->used_forced < d->nforced) {
		*forced = true;
		return d->forced[d->used_forced++];
	}
	*forced = false;
	return wj_dice_roll(d->seed, index);
}

static void dice_shuffle(void *ctx, uint64_t shuffle, uint8_t *cards, int n)
{
	struct wj_dice *d = ctx;
	wj_dice_shuffle(d->seed, shuffle, cards, n);
}

void wj_dice_rng(struct wj_dice *d, struct wj_rng *rng)
{
	rng->die = dice_die;
	rng->shuffle = dice_shuffle;
	rng->ctx = d;
}

void wj_dice_stand_in(struct wj_dice *d)
{
	static const char key[] = "wwjudge: stand-in dice, never the game's";
	crypto_generichash(d->seed, sizeof d->seed, (const unsigned char *)key, sizeof key - 1,
			   NULL, 0);
	d->used_forced = 0;
}

static int told_die(void *ctx, uint64_t index, bool *forced)
{
	struct wj_told_rng *t = ctx;
	t->spoke = true;
	return t->inner.die(t->inner.ctx, index, forced);
}

static void told_shuffle(void *ctx, uint64_t shuffle, uint8_t *cards, int n)
{
	struct wj_told_rng *t = ctx;
	t->spoke = true;
	t->inner.shuffle(t->inner.ctx, shuffle, cards, n);
}

struct wj_rng wj_told_rng(struct wj_told_rng *t, struct wj_rng inner)
{
	*t = (struct wj_told_rng){ inner, false };
	return (struct wj_rng){ told_die, told_shuffle, t };
}
