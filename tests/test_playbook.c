/* The published Example of Play (the playbook, 2009 printing) played on the
 * real data from the 4.0 set-up, move by move as the playbook tells it
 * (../shared/reference/ww-known-data.md, "Facts from the published Example
 * of Play"). The 2009 printing places two For The King markers; the 2014
 * rule book, our authority, places three, so a third legal space is added. */
#include "support.h"
#include "rules_internal.h"

/* The American opening: one Committee of Correspondence in each colony,
 * none of them with a British piece (4.0). */
static const char *const PLAYBOOK_COMMITTEES[] = {
	"Savannah GA", "Camden SC", "Charlotte NC", "Alexandria VA", "Baltimore MD",
	"Wilmington DE", "Bassett Town PA", "New Brunswick NJ", "New York NY",
	"New Haven CT", "Newport RI", "Falmouth MA", "Norwich NH",
};

/* For The King, each "adjacent to a British PC marker which was present on
 * the map prior to this step"; Portsmouth NH (next to Boston) is the 2014
 * rule book's third marker, not the playbook's. */
static const char *const PLAYBOOK_FOR_THE_KING[] = {
	"Fort Niagara NY", "Ticonderoga NY", "Portsmouth NH",
};

/* The first American card, a 3 OPS: PCs on the British paths from Canada
 * and Fort Detroit into Pennsylvania and New York. */
static const char *const PLAYBOOK_FIRST_CARD_PCS[] = {
	"Pittsburgh PA", "Genesee NY", "Saratoga NY",
};

static void join(char *line, size_t len, const char *verb, const char *const *names, int n)
{
	snprintf(line, len, "%s ", verb);
	for (int i = 0; i < n; i++) {
		strncat(line, names[i], len - strlen(line) - 1);
		if (i + 1 < n)
			strncat(line, ", ", len - strlen(line) - 1);
	}
}

static void assert_pcs(const struct test_game *g, const char *const *names, int n, enum ww_side side)
{
	for (int i = 0; i < n; i++)
		if (g->s.space[space(g->d, names[i])].pc != (int)side)
			fail_msg("no PC of side %d in %s", side, names[i]);
}

/* 4.0: the playbook's Committees of Correspondence are all legal. */
static void playbook_committees(struct test_game *g)
{
	char line[1024];
	join(line, sizeof line, "committees", PLAYBOOK_COMMITTEES, 13);
	order_ok(g, WW_AMERICAN, line);
	assert_pcs(g, PLAYBOOK_COMMITTEES, 13, WW_AMERICAN);
	assert_int_equal(g->s.prompt, WW_ASK_FOR_THE_KING);
}

/* 4.0 and 10.11.B: For The King at Fort Niagara and Ticonderoga, each next
 * to a British PC of the set-up, and a third. */
static void playbook_for_the_king(struct test_game *g)
{
	char line[1024];
	join(line, sizeof line, "for-the-king", PLAYBOOK_FOR_THE_KING, 3);
	order_ok(g, WW_BRITISH, line);
	assert_pcs(g, PLAYBOOK_FOR_THE_KING, 3, WW_BRITISH);
	assert_int_equal(g->s.phase, WW_PH_STRATEGY);
}

/* Could a British OPS card place a PC in each space (10.11.B.ii)? */
static void assert_british_may_place(const struct test_game *g, const char *const *names, int n,
				     bool may)
{
	for (int i = 0; i < n; i++) {
		int sp = space(g->d, names[i]);
		if (ww_pc_can_place(g->d, &g->s, &g->s, WW_BRITISH, sp, WW_PC_OPS) != may)
			fail_msg("a British PC %s be placed in %s", may ? "cannot" : "can",
				 names[i]);
	}
}

/* 10.11.A: the American's first card, a 3 OPS, places PCs at Pittsburgh,
 * Genesee and Saratoga, "which keeps the British from expanding into New
 * York and Pennsylvania": each was a space the British could expand into
 * (10.11.B.ii), and is no longer. */
static void playbook_first_american_card(struct test_game *g)
{
	char line[1024];
	order_ok(g, WW_BRITISH, "pass");
	order_ok(g, WW_AMERICAN, "first american");
	assert_british_may_place(g, PLAYBOOK_FIRST_CARD_PCS, 3, true);
	int three = ops_card(g, WW_AMERICAN, 3);
	char verb[32];
	snprintf(verb, sizeof verb, "play %d pc", three);
	join(line, sizeof line, verb, PLAYBOOK_FIRST_CARD_PCS, 3);
	order_ok(g, WW_AMERICAN, line);
	assert_pcs(g, PLAYBOOK_FIRST_CARD_PCS, 3, WW_AMERICAN);
	assert_british_may_place(g, PLAYBOOK_FIRST_CARD_PCS, 3, false);
	assert_true(ww_pile_has(&g->s.discard, three));
	assert_int_equal(g->s.to_move, WW_BRITISH);
}

static void playbook_opening(void **state)
{
	(void)state;
	struct test_game g;
	game_start(&g);
	playbook_committees(&g);
	playbook_for_the_king(&g);
	playbook_first_american_card(&g);
	game_end(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(playbook_opening),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
