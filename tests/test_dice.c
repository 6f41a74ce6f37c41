/* Dice and shuffles (dice.h): known answers pinned so that a platform or
 * library change is caught, the distribution, and forced dice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dice.h"

static void seed_0_to_31(unsigned char seed[WJ_SEED_BYTES])
{
	for (int i = 0; i < WJ_SEED_BYTES; i++)
		seed[i] = (unsigned char)i;
}

/* Pinned once; rolls 0..19 were checked against an independent ChaCha20
 * (Python cryptography) and the commitment against hashlib.blake2b. */
static void test_known_answers(void **state)
{
	(void)state;
	unsigned char seed[WJ_SEED_BYTES];
	static const int want[20] = { 5, 6, 6, 3, 1, 3, 1, 3, 6, 4, 6, 5, 2, 4, 5, 4, 5, 2, 4, 6 };
	char hex[WJ_COMMIT_HEX];

	seed_0_to_31(seed);
	for (int k = 0; k < 20; k++)
		assert_int_equal(wj_dice_roll(seed, (uint64_t)k), want[k]);
	assert_int_equal(wj_dice_roll(seed, 1000000), 6);
	assert_int_equal(wj_dice_roll(seed, UINT64_MAX), 2);
	wj_seed_commitment(seed, hex);
	assert_string_equal(hex, "cb2f5160fc1f7e05a55ef49d340b48da2e5a78099d53393351cd579dd42503d6");

	memset(seed, 0, sizeof seed);
	wj_seed_commitment(seed, hex);
	assert_string_equal(hex, "89eb0d6a8a691dae2cd15ed0369931ce0a949ecafa5c3f93f8121833646e15c3");
	static const int zero[10] = { 6, 3, 6, 3, 5, 3, 6, 5, 2, 4 };
	for (int k = 0; k < 10; k++)
		assert_int_equal(wj_dice_roll(seed, (uint64_t)k), zero[k]);
}

static void test_shuffle_known_answers(void **state)
{
	(void)state;
	unsigned char seed[WJ_SEED_BYTES];
	uint8_t c[10];
	static const uint8_t s0[10] = { 4, 2, 3, 10, 7, 5, 6, 8, 1, 9 };
	static const uint8_t s7[10] = { 1, 5, 3, 8, 7, 2, 9, 4, 10, 6 };

	seed_0_to_31(seed);
	for (int i = 0; i < 10; i++)
		c[i] = (uint8_t)(i + 1);
	wj_dice_shuffle(seed, 0, c, 10);
	assert_memory_equal(c, s0, 10);
	for (int i = 0; i < 10; i++)
		c[i] = (uint8_t)(i + 1);
	wj_dice_shuffle(seed, 7, c, 10);
	assert_memory_equal(c, s7, 10);
}

static void test_distribution(void **state)
{
	(void)state;
	unsigned char seed[WJ_SEED_BYTES];
	int count[7] = { 0 };
	const int n = 60000;

	seed_0_to_31(seed);
	for (int k = 0; k < n; k++) {
		int v = wj_dice_roll(seed, (uint64_t)k);
		assert_in_range(v, 1, 6);
		count[v]++;
	}
	/* expected 10000 each, sd about 91: 5 sd either side */
	for (int v = 1; v <= 6; v++)
		assert_in_range(count[v], 10000 - 456, 10000 + 456);
}

static void test_shuffle_is_permutation(void **state)
{
	(void)state;
	unsigned char seed[WJ_SEED_BYTES];
	uint8_t a[110], b[110];
	int seen[111] = { 0 };

	wj_dice_new_seed(seed);
	for (int i = 0; i < 110; i++)
		a[i] = b[i] = (uint8_t)(i + 1);
	wj_dice_shuffle(seed, 3, a, 110);
	wj_dice_shuffle(seed, 3, b, 110);
	assert_memory_equal(a, b, 110);
	for (int i = 0; i < 110; i++)
		seen[a[i]]++;
	for (int c = 1; c <= 110; c++)
		assert_int_equal(seen[c], 1);
	for (int i = 0; i < 110; i++)
		b[i] = (uint8_t)(i + 1);
	wj_dice_shuffle(seed, 4, b, 110);
	assert_memory_not_equal(a, b, 110);
	/* a pile of one or none is left alone */
	uint8_t one = 42;
	wj_dice_shuffle(seed, 5, &one, 1);
	assert_int_equal(one, 42);
	wj_dice_shuffle(seed, 5, NULL, 0);
}

static void test_forced_dice(void **state)
{
	(void)state;
	struct wj_dice d;
	struct wj_rng rng;
	bool forced;

	memset(&d, 0, sizeof d);
	seed_0_to_31(d.seed);
	d.forced[0] = 1;
	d.forced[1] = 6;
	d.nforced = 2;
	wj_dice_rng(&d, &rng);

	assert_int_equal(rng.die(rng.ctx, 0, &forced), 1);
	assert_true(forced);
	assert_int_equal(rng.die(rng.ctx, 1, &forced), 6);
	assert_true(forced);
	/* forced rolls consumed indexes 0 and 1: the stream resumes at 2 */
	assert_int_equal(rng.die(rng.ctx, 2, &forced), 6);
	assert_false(forced);
	assert_int_equal(rng.die(rng.ctx, 3, &forced), 3);
	assert_false(forced);
	assert_int_equal(d.used_forced, 2);

	uint8_t a[5] = { 1, 2, 3, 4, 5 }, b[5] = { 1, 2, 3, 4, 5 };
	rng.shuffle(rng.ctx, 9, a, 5);
	wj_dice_shuffle(d.seed, 9, b, 5);
	assert_memory_equal(a, b, 5);
}

static void test_hex(void **state)
{
	(void)state;
	unsigned char seed[WJ_SEED_BYTES], back[WJ_SEED_BYTES];
	char hex[WJ_COMMIT_HEX];

	wj_dice_new_seed(seed);
	wj_seed_to_hex(seed, hex);
	assert_int_equal(strlen(hex), 64);
	assert_int_equal(wj_seed_from_hex(hex, back), 0);
	assert_memory_equal(seed, back, WJ_SEED_BYTES);

	seed_0_to_31(seed);
	wj_seed_to_hex(seed, hex);
	assert_string_equal(hex, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
	assert_int_equal(wj_seed_from_hex("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", back), 0);
	assert_memory_equal(seed, back, WJ_SEED_BYTES);

	memset(back, 0x55, sizeof back);
	assert_int_equal(wj_seed_from_hex(NULL, back), -1);
	assert_int_equal(wj_seed_from_hex("", back), -1);
	assert_int_equal(wj_seed_from_hex("0001", back), -1);
	/* 63 digits, 65 digits, a non-hex digit */
	assert_int_equal(wj_seed_from_hex("00102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", back), -1);
	assert_int_equal(wj_seed_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0", back), -1);
	assert_int_equal(wj_seed_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1g", back), -1);
	assert_int_equal(wj_seed_from_hex(" 00102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", back), -1);
	for (int i = 0; i < WJ_SEED_BYTES; i++)
		assert_int_equal(back[i], 0x55); /* untouched on failure */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_answers),
		cmocka_unit_test(test_shuffle_known_answers),
		cmocka_unit_test(test_distribution),
		cmocka_unit_test(test_shuffle_is_permutation),
		cmocka_unit_test(test_forced_dice),
		cmocka_unit_test(test_hex),
	};
	if (wj_dice_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
