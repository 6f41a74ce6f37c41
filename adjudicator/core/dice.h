/* Dice and shuffles that both players can check (dice.c).
 *
 * Roll number k is derived from the secret seed and k alone: ChaCha20
 * (IETF, 12-byte nonce "ROLL" || k as 64-bit little-endian) keyed by the
 * 32-byte seed; its bytes are read in order, any byte >= 252 is rejected,
 * and the first accepted byte b gives the die 1 + b % 6. Shuffle number s
 * uses nonce "SHUF" || s and draws 32-bit little-endian words, rejecting
 * those at or above the largest multiple of n, for a Fisher-Yates shuffle
 * from the top of the pile down. Same result on every platform.
 *
 * The rules engine sees only struct wj_rng; the seed stays in the record's
 * secret/ directory. */
#ifndef WJ_DICE_H
#define WJ_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WJ_SEED_BYTES 32
#define WJ_COMMIT_HEX 65 /* 64 hex digits + NUL */
#define WJ_MAX_FORCED 64

/* What the engine is given. die() returns 1..6 for roll `index` and sets
 * *forced when a forced value was used; below() returns a uniform value
 * in 0..n-1 for draw `draw` of shuffle `shuffle`. */
struct wj_rng {
	int (*die)(void *ctx, uint64_t index, bool *forced);
	void (*shuffle)(void *ctx, uint64_t shuffle, uint8_t *cards, int n);
	void *ctx;
};

/* The seeded stream, with an optional queue of forced rolls (--dice). */
struct wj_dice {
	unsigned char seed[WJ_SEED_BYTES];
	int forced[WJ_MAX_FORCED];
	int nforced, used_forced;
};

/* 0 on success; -1 if libsodium cannot start. */
int wj_dice_init(void);
/* A fresh random seed. */
void wj_dice_new_seed(unsigned char seed[WJ_SEED_BYTES]);
/* Seed from 64 hex digits; -1 if malformed. */
int wj_seed_from_hex(const char *hex, unsigned char seed[WJ_SEED_BYTES]);
void wj_seed_to_hex(const unsigned char seed[WJ_SEED_BYTES], char out[WJ_COMMIT_HEX]);
/* The published commitment: BLAKE2b-256 of the seed, as hex. */
void wj_seed_commitment(const unsigned char seed[WJ_SEED_BYTES], char out[WJ_COMMIT_HEX]);
/* BLAKE2b-256 of `text` keyed by the seed, as hex: a commitment to text
 * that only the seed's holder can check, so that nobody can try the few
 * texts a small secret allows (the initial state's, docs/record.md). */
void wj_seed_keyed_hash(const unsigned char seed[WJ_SEED_BYTES], const void *text, size_t len,
			char out[WJ_COMMIT_HEX]);

/* The unforced value of roll `index`. */
int wj_dice_roll(const unsigned char seed[WJ_SEED_BYTES], uint64_t index);
/* Shuffle cards[0..n-1] in place with shuffle number `shuffle`. */
void wj_dice_shuffle(const unsigned char seed[WJ_SEED_BYTES], uint64_t shuffle,
		     uint8_t *cards, int n);

/* Keys `d` with a fixed public key instead of a game's seed, keeping its
 * forced rolls: dice that tell nothing of the game's own (docs/rulings.md,
 * "Orders checked before the dice"). */
void wj_dice_stand_in(struct wj_dice *d);

/* Wire a wj_dice to the engine's interface. */
void wj_dice_rng(struct wj_dice *d, struct wj_rng *rng);

/* An rng that passes every die and shuffle on to `inner` and notes that
 * one spoke: whether an order's refusal came after chance. */
struct wj_told_rng {
	struct wj_rng inner;
	bool spoke;
};
struct wj_rng wj_told_rng(struct wj_told_rng *t, struct wj_rng inner);

#endif
