/* Orders checked before the dice (docs/rulings.md): an order that the
 * side's stand-in accepts is never refused by the game's own dice, cards
 * or hidden things. If it were, play.c would hand back a reason computed
 * from what the side may not see, and the side could resend and probe.
 * Every order of a mail is judged this way (issue 21.7): the orders up to
 * the first that rolls or draws on the stand-in of the position the mail
 * found, each later one on the stand-in of the position the game's own
 * dice left (play.c's after_the_dice), then on the real state. So at
 * every position of random games each order the drivers give, first of a
 * mail or not, is played as play.c plays it: on the side's stand-in with
 * stand-in dice, then on the real state with the game's.
 * PROBE_GAMES sets how many games of each (default 500). */
#include "support.h"
#include "driver.h"
#include "sk_driver.h"
#include "sk_order.h"

/* How the two runs of the orders probed came out. */
struct probe {
	long orders, both_refused, stand_in_only, mismatches;
	long after_chance;      /* refused by a run after its dice or deck spoke */
	int shown;
};

/* One order played as play.c plays it: on the side's stand-in with
 * stand-in dice, and on a copy of the state with the game's rng. */
struct two_runs {
	int stand, real;        /* 0: accepted */
	struct wj_told_rng told_stand, told_real;
	char why_stand[768], why_real[768];
};

/* The stand-in dice play.c gives: no forced ones, the public key. */
static struct wj_rng stand_in_rng(struct wj_dice *dice)
{
	struct wj_rng rng;
	memset(dice, 0, sizeof *dice);
	wj_dice_stand_in(dice);
	wj_dice_rng(dice, &rng);
	return rng;
}

static int games(void)
{
	const char *n = getenv("PROBE_GAMES");
	return n ? atoi(n) : 500;
}

/* Counts an order's two runs; true for a mismatch to show. */
static bool tally(struct probe *pr, const struct two_runs *t)
{
	pr->orders++;
	pr->both_refused += t->stand && t->real;
	pr->stand_in_only += t->stand && !t->real;
	pr->after_chance += (t->stand && t->told_stand.spoke) + (t->real && t->told_real.spoke);
	pr->mismatches += !t->stand && t->real;
	return !t->stand && t->real && pr->shown++ < 5;
}

static void summary(const char *game, int n, const struct probe *pr)
{
	printf("%s: %d games, %ld orders probed: %ld refused in both runs, %ld on the "
	       "stand-in only, %ld after a die or a draw, %ld accepted on the stand-in and "
	       "refused for real\n", game, n, pr->orders, pr->both_refused, pr->stand_in_only,
	       pr->after_chance, pr->mismatches);
}

/* ---- Washington's War (tests/driver.h) ---- */

static void ww_two_runs(const struct ww_data *d, const struct ww_state *s, enum ww_side side,
			const struct ww_order *o, struct wj_rng game_rng, struct two_runs *t)
{
	static struct ww_state stand, real;
	struct wj_dice dice;
	struct wj_rng inner = stand_in_rng(&dice), srng = wj_told_rng(&t->told_stand, inner);
	struct wj_rng rrng = wj_told_rng(&t->told_real, game_rng);
	struct ww_events ev = { 0 };
	ww_view_stand_in(s, side, &inner, &stand);
	t->stand = ww_apply(d, &stand, side, o, &srng, &ev, t->why_stand, sizeof t->why_stand);
	real = *s;
	t->real = ww_apply(d, &real, side, o, &rrng, &ev, t->why_real, sizeof t->why_real);
	ww_events_free(&ev);
}

static void ww_probe(struct drv_game *g, enum ww_side side, const struct ww_order *o,
		     struct probe *pr)
{
	static struct two_runs t;
	char text[1024];
	ww_two_runs(g->d, &g->s, side, o, g->rng, &t);
	if (!tally(pr, &t))
		return;
	ww_order_format(g->d, o, text, sizeof text);
	printf("game %llu after %d orders, %s \"%s\": stand-in accepted, game refused%s: %s\n",
	       (unsigned long long)g->seed, g->nmoves, ww_side_name(side), text,
	       t.told_real.spoke ? " after its dice spoke" : "", t.why_real);
}

/* drv_step with every candidate probed first, the first of them by the
 * other side too, and now and then a standing order of either side. */
static int ww_probed_step(struct drv_game *g, struct probe *pr)
{
	struct ww_order o;
	if (drv_rand(g, DRV_STANDING) == 0) {
		ww_order_init(&o);
		drv_standing(g, &o);
		ww_probe(g, (enum ww_side)(WW_AMERICAN + drv_rand(g, 2)), &o, pr);
	}
	if (drv_maybe_standing(g))
		return -1;
	for (int i = 0; i < DRV_TRIES; i++) {
		drv_candidate(g, &o);
		ww_probe(g, g->s.to_move, &o, pr);
		if (i == 0)
			ww_probe(g, ww_enemy(g->s.to_move), &o, pr);
		int rc = drv_try(g, &o);
		if (rc)
			return rc > 0 ? 0 : -1;
	}
	return drv_exhaustive(g) > 0 ? 0 : -1;
}

/* Rulings, "Orders checked before the dice": Washington's War. */
static void test_ww_first_order_the_stand_in_accepts_is_never_refused(void **state)
{
	(void)state;
	static struct drv_game g;
	struct probe pr = { 0 };
	for (int i = 0; i < games(); i++) {
		drv_start(&g, test_data(), 1000 + (uint64_t)i);
		g.ev.n = 0;
		while (g.s.phase != WW_PH_GAME_OVER && g.nmoves < g.max_orders)
			if (ww_probed_step(&g, &pr))
				fail_msg("game %d: %s", 1000 + i, g.failure);
		drv_end(&g);
	}
	summary("Washington's War", games(), &pr);
	assert_true(pr.orders > 0 && pr.both_refused > 0);
	assert_int_equal(pr.mismatches, 0);
}

/* The one refusal Washington's War's engine gives after chance has
 * spoken: an event that draws at random (6.31, #79 John Paul Jones) named
 * with a space it does not use. The space is counted after the draw, but
 * the reason depends on the order alone: the stand-in refuses it too, with
 * the same words, so play.c answers from the stand-in and the draw is
 * never seen. */
static void test_ww_refusal_after_a_random_draw_is_the_stand_ins(void **state)
{
	(void)state;
	static struct test_game g;
	static struct two_runs t;
	struct ww_order o;
	char line[64], err[256];
	clear_board(&g, WW_AMERICAN);
	int c = find_card(g.d, "John Paul Jones", 0, NULL);
	give(&g, WW_AMERICAN, c);
	snprintf(line, sizeof line, "play %d event Boston MA", c);
	assert_int_equal(ww_order_parse(g.d, line, &o, err, sizeof err), 0);
	assert_true(g.s.hand[WW_BRITISH].n > 1);
	ww_two_runs(g.d, &g.s, WW_AMERICAN, &o, g.rng, &t);
	assert_int_not_equal(t.real, 0);
	assert_true(t.told_real.spoke);
	assert_int_not_equal(t.stand, 0);
	assert_string_equal(t.why_stand, t.why_real);
	assert_non_null(strstr(t.why_real, "uses 0 spaces, and 1 were named"));
	game_end(&g);
}

/* ---- Skirmish (tests/sk_driver.h) ---- */

static void sk_two_runs(const struct sk_state *s, int side, const struct sk_order *o,
			struct wj_rng game_rng, struct two_runs *t)
{
	static struct sk_state stand, real;
	static struct sk_events ev;
	struct wj_dice dice;
	struct wj_rng inner = stand_in_rng(&dice), srng = wj_told_rng(&t->told_stand, inner);
	struct wj_rng rrng = wj_told_rng(&t->told_real, game_rng);
	sk_stand_in(skd(), s, side, &inner, &stand);
	t->stand = sk_apply(skd(), &stand, side, o, &srng, &ev, t->why_stand, sizeof t->why_stand);
	real = *s;
	t->real = sk_apply(skd(), &real, side, o, &rrng, &ev, t->why_real, sizeof t->why_real);
	ev.n = 0;
}

static void sk_probe(struct sk_game *g, int side, const struct sk_order *o, struct probe *pr)
{
	static struct two_runs t;
	char text[512];
	sk_two_runs(&g->s, side, o, g->rng, &t);
	if (!tally(pr, &t))
		return;
	sk_order_format(skd(), o, text, sizeof text);
	printf("turn %d, side %d \"%s\": stand-in accepted, game refused%s: %s\n", g->s.turn,
	       side, text, t.told_real.spoke ? " after its dice spoke" : "", t.why_real);
}

/* The side asked tries random orders, each probed first with one by the
 * other side, until one is accepted; now and then either side first gives
 * an order in advance, which the other side cannot see. */
static void sk_probed_step(struct sk_game *g, uint64_t *r, struct probe *pr)
{
	if (sk_pick(r, 8) == 0) {
		int any = 1 + sk_pick(r, 2);
		struct sk_order o = sk_random_in_advance(&g->s, r, any);
		sk_probe(g, any, &o, pr);
		sk_do(g, any, o);
	}
	int side = sk_asked(&g->s) & SK_TO(SK_AMERICAN) ? SK_AMERICAN : SK_BRITISH;
	if (sk_over(&g->s, NULL, NULL, 0))
		return;
	for (int t = 0; t < 3000; t++) {
		struct sk_order o = sk_random_order(&g->s, r, side);
		sk_probe(g, side, &o, pr);
		sk_probe(g, 3 - side, &o, pr);
		if (!sk_do(g, side, o))
			return;
	}
	if (sk_do(g, side, (struct sk_order){ .kind = SK_ORDER_PASS }))
		fail_msg("no order accepted in phase %d: %s", g->s.phase, g->why);
}

/* Rulings, "Orders checked before the dice": Skirmish. */
static void test_sk_first_order_the_stand_in_accepts_is_never_refused(void **state)
{
	(void)state;
	static struct sk_game g;
	struct probe pr = { 0 };
	for (int i = 0; i < games(); i++) {
		uint64_t r = (uint64_t)i * 7919u + 1;
		sk_start_game(&g, i);
		for (int n = 0; n < 4000 && !sk_over(&g.s, NULL, NULL, 0); n++)
			sk_probed_step(&g, &r, &pr);
	}
	summary("Skirmish", games(), &pr);
	assert_true(pr.orders > 0 && pr.both_refused > 0);
	assert_int_equal(pr.mismatches, 0);
}

static int free_all(void **state)
{
	free(sk_test_data);
	sk_test_data = NULL;
	return free_test_data(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ww_first_order_the_stand_in_accepts_is_never_refused),
		cmocka_unit_test(test_ww_refusal_after_a_random_draw_is_the_stand_ins),
		cmocka_unit_test(test_sk_first_order_the_stand_in_accepts_is_never_refused),
	};
	return cmocka_run_group_tests(tests, NULL, free_all);
}
