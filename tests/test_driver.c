/* The random legal-play driver (tests/driver.h) on a few complete games
 * with fixed seeds: each ends (13.1 or 13.2) with a winner and no broken
 * invariant. `make soak` plays many more. */
#include "support.h"
#include "driver.h"

/* Fixed seeds; every one plays a complete game. */
static const uint64_t seeds[] = { 1, 2, 3, 4, 5 };

static struct drv_game *new_driver(uint64_t seed)
{
	struct drv_game *g = malloc(sizeof *g);
	assert_non_null(g);
	drv_start(g, test_data(), seed);
	return g;
}

/* 13.1, 13.2: every game ends with a winner, within DRV_MAX_ORDERS. */
static void complete_games_end_with_a_winner(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
		struct drv_game *g = new_driver(seeds[i]);
		if (drv_play(g)) {
			drv_print_moves(stderr, g);
			fail_msg("game seed %llu, after %d orders: %s",
				 (unsigned long long)seeds[i], g->nmoves, g->failure);
		}
		assert_int_equal(g->s.phase, WW_PH_GAME_OVER);
		assert_true(g->s.winner == WW_AMERICAN || g->s.winner == WW_BRITISH);
		assert_int_not_equal(g->s.victory, WW_WIN_NONE);
		assert_int_equal(g->s.move, (uint32_t)g->nmoves);
		drv_end(g);
		free(g);
	}
}

/* The same seed plays the same game: a failure is replayable by its seed. */
static void a_seed_replays_the_same_game(void **state)
{
	(void)state;
	struct drv_game *a = new_driver(7), *b = new_driver(7);
	assert_int_equal(drv_play(a), 0);
	assert_int_equal(drv_play(b), 0);
	assert_int_equal(a->nmoves, b->nmoves);
	assert_memory_equal(a->moves, b->moves, (size_t)a->nmoves * sizeof *a->moves);
	assert_memory_equal(&a->s, &b->s, sizeof a->s);
	drv_end(a);
	drv_end(b);
	free(a);
	free(b);
}

/* Over the fixed games the driver makes every kind of play that comes up
 * in every game: the set-up orders (4.0), the opening (5.3), OPS PC plays
 * (10.11) and each kind of discard (6.32.B). */
static void the_games_cover_the_ordinary_plays(void **state)
{
	(void)state;
	int kinds[DRV_KINDS] = { 0 };
	for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
		struct drv_game *g = new_driver(seeds[i]);
		assert_int_equal(drv_play(g), 0);
		for (int k = 0; k < DRV_KINDS; k++)
			kinds[k] += g->kinds[k];
		drv_end(g);
		free(g);
	}
	const enum drv_kind wanted[] = {
		DRV_COMMITTEES, DRV_FOR_THE_KING, DRV_PASS, DRV_FIRST, DRV_PLAY_PC,
		DRV_DISCARD, DRV_DISCARD_PC, DRV_DISCARD_REMOVE,
	};
	for (size_t i = 0; i < sizeof wanted / sizeof *wanted; i++)
		if (kinds[wanted[i]] == 0)
			fail_msg("no '%s' in %zu games", drv_kind_name[wanted[i]],
				 sizeof seeds / sizeof *seeds);
	assert_int_equal(kinds[DRV_COMMITTEES], (int)(sizeof seeds / sizeof *seeds));
}

/* The driver's own checks can fail: an order that did not advance the move
 * counter, or a year that went back, is reported. */
static void the_checks_catch_a_stuck_counter_and_a_year_going_back(void **state)
{
	(void)state;
	struct drv_game *g = new_driver(1);
	struct ww_state before = g->s;
	assert_int_equal(drv_step(g), 0); /* the Committees (4.0) */
	assert_int_equal(drv_check_accepted(g, &before), 0);
	struct ww_state stuck = before;
	stuck.move = g->s.move; /* as if the order had not counted */
	assert_int_equal(drv_check_accepted(g, &stuck), -1);
	assert_non_null(strstr(g->failure, "move counter"));
	struct ww_state later = before;
	later.year = g->s.year + 1;
	assert_int_equal(drv_check_accepted(g, &later), -1);
	assert_non_null(strstr(g->failure, "year went back"));
	drv_end(g);
	free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(complete_games_end_with_a_winner),
		cmocka_unit_test(a_seed_replays_the_same_game),
		cmocka_unit_test(the_games_cover_the_ordinary_plays),
		cmocka_unit_test(the_checks_catch_a_stuck_counter_and_a_year_going_back),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
