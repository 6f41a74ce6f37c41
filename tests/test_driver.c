/* The random legal-play driver (tests/driver.h) on a few complete games
 * with fixed seeds: each ends (13.1 or 13.2) with a winner and no broken
 * invariant, with moves, campaigns, interceptions and battles on the way.
 * `make soak` plays many more. */
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
		/* standing orders do not count as moves (rules_game.c dispatch) */
		assert_int_equal(g->s.move, (uint32_t)(g->nmoves - g->uncounted));
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
	for (int i = 0; i < a->nmoves; i++) { /* as text: struct padding is not compared */
		char x[1024], y[1024];
		ww_order_format(a->d, &a->moves[i].o, x, sizeof x);
		ww_order_format(b->d, &b->moves[i].o, y, sizeof y);
		assert_int_equal(a->moves[i].side, b->moves[i].side);
		assert_string_equal(x, y);
	}
	assert_memory_equal(&a->s, &b->s, sizeof a->s);
	drv_end(a);
	drv_end(b);
	free(a);
	free(b);
}

/* Over the fixed games the driver makes every kind of play that comes up
 * in every game: the set-up orders (4.0), the opening (5.3), OPS PC plays
 * (10.11), each kind of discard (6.32.B), moves (7.3), the Operations
 * Queue (7.1.B), campaigns (7.2), reinforcements (8), the answers to
 * interception (7.8), retreat before battle (7.9), battle cards (9.45)
 * and retreats (9.6); and battles are fought. */
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
		DRV_PLAY_MOVE, DRV_QUEUE, DRV_REINFORCE, DRV_EVENT_CAMPAIGN, DRV_MOVE, DRV_DONE,
		DRV_STAND, DRV_NO_BATTLE_CARD, DRV_BATTLE_DISCARD, DRV_RETREAT, DRV_STANDING_ORDER,
		DRV_H_BATTLE, DRV_H_CAPTURED,
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

/* Issue 3: CUs are conserved across map, boxes and losses; a CU that
 * appears from nowhere, or one that vanishes, is reported. */
static void the_checks_catch_a_cu_appearing_or_vanishing(void **state)
{
	(void)state;
	struct drv_game *g = new_driver(1);
	struct ww_state before = g->s;
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_PASS;
	assert_int_equal(drv_step(g), 0); /* the Committees (4.0) */
	assert_int_equal(drv_check_accepted_order(g, &before, WW_AMERICAN, &o), 0);
	int sp = 0;
	while (!g->s.space[sp].cu[WW_NAT_BRITISH])
		sp++;
	g->s.space[sp].cu[WW_NAT_BRITISH]++;
	assert_int_equal(drv_check_accepted_order(g, &before, WW_AMERICAN, &o), -1);
	assert_non_null(strstr(g->failure, "British CUs not conserved"));
	g->s.space[sp].cu[WW_NAT_BRITISH] -= 2;
	assert_int_equal(drv_check_accepted_order(g, &before, WW_AMERICAN, &o), -1);
	assert_non_null(strstr(g->failure, "not conserved"));
	drv_end(g);
	free(g);
}

/* 7.8, 7.9 and the hidden path: when a British move stops for an American
 * answer, the American sees the steps made and none still to come. */
static void the_opponent_sees_only_the_steps_made(void **state)
{
	(void)state;
	static struct ww_state v;
	int seen = 0;
	enum { GAMES = 60 }; /* a mid-path question is rare: look through enough games */
	for (uint64_t seed = 1; seed <= GAMES && !seen; seed++) {
		struct drv_game *g = new_driver(seed);
		while (g->s.phase != WW_PH_GAME_OVER && !seen) {
			assert_int_equal(drv_step(g), 0);
			const struct ww_move *m = &g->s.mv;
			if (m->general < 0 || m->next >= m->nsteps || g->s.to_move != WW_AMERICAN)
				continue;
			ww_view(&g->s, WW_AMERICAN, &v);
			assert_int_equal(v.mv.nsteps, m->next);
			assert_int_equal(v.mv.at, m->at);
			ww_view(&g->s, WW_BRITISH, &v);
			assert_int_equal(v.mv.nsteps, m->nsteps);
			seen++;
		}
		drv_end(g);
		free(g);
	}
	if (!seen)
		fail_msg("no British move stopped half way for an American answer in %d games",
			 GAMES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(complete_games_end_with_a_winner),
		cmocka_unit_test(a_seed_replays_the_same_game),
		cmocka_unit_test(the_games_cover_the_ordinary_plays),
		cmocka_unit_test(the_checks_catch_a_stuck_counter_and_a_year_going_back),
		cmocka_unit_test(the_checks_catch_a_cu_appearing_or_vanishing),
		cmocka_unit_test(the_opponent_sees_only_the_steps_made),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
