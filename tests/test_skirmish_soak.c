/* Skirmish's soak test: complete random games from the real
 * data/skirmish/, with the invariants checked after every order (units
 * conserved, no two armies of a side on a spot, no army above the
 * limit, pieces only on spots of their kind) and the hidden dice checked
 * not to reach the other side's view. SK_SOAK_GAMES games (default 100 in
 * `make test`; `make soak` plays more), game i with seed SK_SOAK_SEED + i. */
#include "sk_driver.h"

#define MAX_ORDERS 4000
#define TRIES 3000

static bool land_piece(enum sk_piece_kind k)
{
	return k == SK_ARMY || k == SK_CONTINENTAL_ARMY || k == SK_BASIC_UNIT;
}

/* Where a piece of that kind may stand: land pieces on land, warships in
 * harbours (at sea while intercepting, V.3), carriers at sea. */
static bool spot_of_its_kind(const struct sk_piece *p)
{
	enum sk_spot_kind k = skd()->spots[p->spot].kind;
	if (land_piece(p->kind))
		return k == SK_LAND || k == SK_CITY;
	if (p->kind == SK_WARSHIP)
		return k == SK_HARBOUR || k == SK_SEA || k == SK_CARRIER;
	return k == SK_SEA || k == SK_CARRIER;
}

static int total_units(const struct sk_state *s)
{
	int n = s->lost[SK_AMERICAN] + s->lost[SK_BRITISH];
	for (int i = 0; i < s->npieces; i++)
		n += s->pieces[i].spot >= 0 ? s->pieces[i].units : 0;
	return n;
}

static void check_invariants(const struct sk_state *s, int start_units, int game)
{
	const struct sk_data *d = skd();
	if (total_units(s) != start_units)
		fail_msg("game %d: %d units, not %d", game, total_units(s), start_units);
	for (int i = 0; i < s->npieces; i++) {
		const struct sk_piece *p = &s->pieces[i];
		if (p->spot < 0)
			continue;
		if (!spot_of_its_kind(p))
			fail_msg("game %d: piece %d on %s", game, i, d->spots[p->spot].name);
		if (land_piece(p->kind) && (p->units < 1 || p->units > d->army_max_units))
			fail_msg("game %d: piece %d has %d units", game, i, p->units);
		for (int j = i + 1; j < s->npieces; j++)
			if (s->pieces[j].spot == p->spot && s->pieces[j].side == p->side &&
			    land_piece(p->kind) && land_piece(s->pieces[j].kind))
				fail_msg("game %d: two land pieces of a side on %s", game,
					 d->spots[p->spot].name);
	}
}

/* I.A: the side not throwing sees the same whatever the hidden dice. */
static void check_hidden(const struct sk_state *s)
{
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++) {
		if (s->revealed[side])
			continue;
		struct sk_state other = *s, va, vb;
		other.dice[side][0] = (other.dice[side][0] + 1) % 4;
		sk_view(skd(), s, 3 - side, &va);
		sk_view(skd(), &other, 3 - side, &vb);
		assert_memory_equal(&va, &vb, sizeof va);
	}
}

static int play_one(int game, int *orders)
{
	static struct sk_game game_state;
	struct sk_game *g = &game_state;
	uint64_t r = (uint64_t)game * 7919u + 1;
	sk_start_game(g, game);
	int start = total_units(&g->s);
	for (*orders = 0; *orders < MAX_ORDERS && !sk_over(&g->s, NULL, NULL, 0); (*orders)++) {
		int side = sk_asked(&g->s) & SK_TO(SK_AMERICAN) ? SK_AMERICAN : SK_BRITISH;
		int t = 0;
		while (t < TRIES && sk_do(g, side, sk_random_order(&g->s, &r, side)))
			t++;
		if (t == TRIES && sk_do(g, side, (struct sk_order){ .kind = SK_ORDER_PASS }))
			fail_msg("game %d: no order accepted in phase %d: %s", game, g->s.phase, g->why);
		check_invariants(&g->s, start, game);
		check_hidden(&g->s);
	}
	int winner = -1;
	char why[128] = "";
	bool over = sk_over(&g->s, &winner, why, sizeof why);
	if (getenv("SK_SOAK_VERBOSE"))
		printf("game %d: %d orders, turn %d, calls %d/%d: %s\n", game, *orders, g->s.turn,
		       g->s.call.used[SK_AMERICAN], g->s.call.used[SK_BRITISH], why);
	if (!over)
		fail_msg("game %d: not over after %d orders", game, MAX_ORDERS);
	return winner;
}

static void test_random_games_keep_the_invariants(void **state)
{
	const char *n = getenv("SK_SOAK_GAMES"), *seed = getenv("SK_SOAK_SEED");
	int games = n ? atoi(n) : 100, first = seed ? atoi(seed) : 1, wins[3] = { 0 };
	long orders = 0;
	(void)state;
	for (int i = 0; i < games; i++) {
		int k;
		wins[play_one(first + i, &k)]++;
		orders += k;
	}
	printf("%d games, %ld orders: American %d, British %d, drawn %d\n", games, orders,
	       wins[SK_AMERICAN], wins[SK_BRITISH], wins[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_games_keep_the_invariants),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	free(sk_test_data);
	return r;
}
