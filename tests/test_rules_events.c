/* The deck's events (issue 4) on the real data: one test per event card
 * (the position before, the card played, the position after, forced dice
 * where dice matter), and the card rules of 6.3, 6.31, 6.32.A, 6.33,
 * 6.34 and 9.7 with their rule numbers. Cards are found by title, so a
 * renumbered deck needs no change here. */
#include "support.h"
#include "rules_internal.h"

static int sp(struct test_game *g, const char *name)
{
	return space(g->d, name);
}

static void pc(struct test_game *g, const char *where, enum ww_side side)
{
	g->s.space[sp(g, where)].pc = (int8_t)side;
}

static int pc_at(struct test_game *g, const char *where)
{
	return g->s.space[sp(g, where)].pc;
}

static void cu(struct test_game *g, const char *where, int nation, int n)
{
	g->s.space[sp(g, where)].cu[nation] = (uint8_t)n;
}

static int cu_at(struct test_game *g, const char *where, int nation)
{
	return g->s.space[sp(g, where)].cu[nation];
}

static void put(struct test_game *g, const char *who, const char *where)
{
	g->s.general_at[general(g->d, who)] = (int16_t)sp(g, where);
}

static int card_of(struct test_game *g, const char *title)
{
	return find_card(g->d, title, 0, NULL);
}

/* Gives the card titled `title` to `side` and plays its event with the
 * targets; returns the card. */
static int event_ok(struct test_game *g, enum ww_side side, const char *title, const char *targets)
{
	int c = card_of(g, title);
	give(g, side, c);
	order_okf(g, side, "play %d event %s", c, targets ? targets : "");
	assert_true(saw_event(g, "as an event"));
	return c;
}

static void event_refused(struct test_game *g, enum ww_side side, const char *title,
			  const char *targets, const char *needle)
{
	int c = card_of(g, title);
	give(g, side, c);
	order_refusedf(g, side, needle, "play %d event %s", c, targets ? targets : "");
}

static bool discarded(struct test_game *g, int c)
{
	return ww_pile_has(&g->s.discard, c);
}

/* ---- PC events ---- */

static void card_brant_iroquois_raid(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Albany NY", WW_AMERICAN);
	pc(&g, "Reading PA", WW_AMERICAN);
	pc(&g, "New York NY", WW_AMERICAN);  /* a port */
	pc(&g, "Hartford CT", WW_AMERICAN);  /* not NY, PA or VA */
	event_refused(&g, WW_BRITISH, "Iroquois Raid", "New York NY", "is a port");
	event_refused(&g, WW_BRITISH, "Iroquois Raid", "Hartford CT", "is not in NY, PA, VA");
	int c = event_ok(&g, WW_BRITISH, "Iroquois Raid", "Albany NY, Reading PA");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_NOBODY);
	assert_int_equal(pc_at(&g, "Reading PA"), WW_NOBODY);
	assert_int_equal(pc_at(&g, "New York NY"), WW_AMERICAN);
	assert_true(discarded(&g, c));
	game_end(&g);
}

/* 6.31: "may" is the player's choice, down to none. */
static void rule_6_31_may_part_is_optional(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Albany NY", WW_AMERICAN);
	event_ok(&g, WW_BRITISH, "Iroquois Raid", NULL);
	assert_int_equal(pc_at(&g, "Albany NY"), WW_AMERICAN);
	game_end(&g);
}

static void card_thomas_paine(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	cu(&g, "Trenton NJ", WW_NAT_BRITISH, 1);
	event_refused(&g, WW_AMERICAN, "Thomas Paine", "Trenton NJ", "British CUs");
	event_refused(&g, WW_AMERICAN, "Thomas Paine", "Albany NY, Saratoga NY",
		      "at most 1 per colony");
	event_ok(&g, WW_AMERICAN, "Thomas Paine", "Albany NY, Reading PA, Dover DE");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_AMERICAN);
	assert_int_equal(pc_at(&g, "Reading PA"), WW_AMERICAN);
	assert_int_equal(pc_at(&g, "Dover DE"), WW_AMERICAN);
	game_end(&g);
}

/* 10.11.A.iv: events still place PCs while the Congress is dispersed. */
static void rule_10_11_A_iv_events_place_while_dispersed(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	g.s.congress_at = WW_LOC_DISPERSED;
	event_ok(&g, WW_AMERICAN, "Thomas Paine", "Albany NY");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_AMERICAN);
	game_end(&g);
}

static void card_francis_marion(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	pc(&g, "Camden SC", WW_BRITISH);
	pc(&g, "Ninety Six SC", WW_BRITISH);
	pc(&g, "Georgetown SC", WW_BRITISH);
	cu(&g, "Georgetown SC", WW_NAT_BRITISH, 1);
	/* 6.31: "must" is done completely while a target is legal */
	event_refused(&g, WW_AMERICAN, "Swamp Fox", "Camden SC", "still legal: Ninety Six SC");
	event_refused(&g, WW_AMERICAN, "Swamp Fox", "Camden SC, Georgetown SC", "British unit");
	event_ok(&g, WW_AMERICAN, "Swamp Fox", "Camden SC, Ninety Six SC");
	assert_int_equal(pc_at(&g, "Camden SC"), WW_NOBODY);
	assert_int_equal(pc_at(&g, "Ninety Six SC"), WW_NOBODY);
	assert_int_equal(pc_at(&g, "Georgetown SC"), WW_BRITISH);
	game_end(&g);
}

/* 6.31: as many as are legal when fewer than the card says. */
static void rule_6_31_must_as_many_as_legal(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	pc(&g, "Camden SC", WW_BRITISH);
	event_ok(&g, WW_AMERICAN, "Swamp Fox", "Camden SC");
	assert_int_equal(pc_at(&g, "Camden SC"), WW_NOBODY);
	game_end(&g);
}

static void card_loyalist_uprising(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_refused(&g, WW_BRITISH, "Loyalist Uprising", "Sunbury GA, Halifax NC, Camden SC",
		      "American unit");
	event_ok(&g, WW_BRITISH, "Loyalist Uprising", "Augusta GA, Halifax NC, Camden SC");
	assert_int_equal(pc_at(&g, "Augusta GA"), WW_BRITISH);
	assert_int_equal(pc_at(&g, "Halifax NC"), WW_BRITISH);
	assert_int_equal(pc_at(&g, "Camden SC"), WW_BRITISH);
	game_end(&g);
}

static void card_dunmore(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_refused(&g, WW_BRITISH, "Dunmore", "Richmond VA, Halifax NC", "is not in VA");
	event_ok(&g, WW_BRITISH, "Dunmore", "Richmond VA, Norfolk VA");
	assert_int_equal(pc_at(&g, "Richmond VA"), WW_BRITISH);
	assert_int_equal(pc_at(&g, "Norfolk VA"), WW_BRITISH);
	game_end(&g);
}

static void card_royal_navy_burns_falmouth(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Falmouth MA", WW_AMERICAN);
	pc(&g, "Worcester MA", WW_AMERICAN);
	event_refused(&g, WW_BRITISH, "Burns Falmouth", "Worcester MA", "is not a port");
	event_ok(&g, WW_BRITISH, "Burns Falmouth", "Falmouth MA");
	assert_int_equal(pc_at(&g, "Falmouth MA"), WW_NOBODY);
	game_end(&g);
}

static void card_counterfeit_currency(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Albany NY", WW_AMERICAN);
	pc(&g, "Saratoga NY", WW_AMERICAN);
	pc(&g, "Reading PA", WW_AMERICAN);
	event_refused(&g, WW_BRITISH, "Counterfeit", "Albany NY, Saratoga NY", "per colony");
	event_ok(&g, WW_BRITISH, "Counterfeit", "Albany NY, Reading PA");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_NOBODY);
	assert_int_equal(pc_at(&g, "Saratoga NY"), WW_AMERICAN);
	assert_int_equal(pc_at(&g, "Reading PA"), WW_NOBODY);
	game_end(&g);
}

static void card_committees_of_safety(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	pc(&g, "Albany NY", WW_AMERICAN);
	/* no daisy chain: Kingston is next to Albany, not to Saratoga's new PC */
	event_refused(&g, WW_AMERICAN, "Committees of Safety", "Saratoga NY, Ticonderoga NY",
		      "not adjacent");
	event_ok(&g, WW_AMERICAN, "Committees of Safety", "Saratoga NY, Kingston NY");
	assert_int_equal(pc_at(&g, "Saratoga NY"), WW_AMERICAN);
	assert_int_equal(pc_at(&g, "Kingston NY"), WW_AMERICAN);
	game_end(&g);
}

static void card_butlers_rangers(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Albany NY", WW_AMERICAN);
	pc(&g, "Saratoga NY", WW_AMERICAN);
	pc(&g, "Reading PA", WW_AMERICAN);
	event_refused(&g, WW_BRITISH, "Butler's Rangers", "Albany NY, Saratoga NY", "per colony");
	event_ok(&g, WW_BRITISH, "Butler's Rangers", "Albany NY, Reading PA");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_NOBODY);
	assert_int_equal(pc_at(&g, "Reading PA"), WW_NOBODY);
	game_end(&g);
}

static void card_loyalists_rally(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Boston MA", WW_BRITISH);
	/* 10.11.B: every port is adjacent to every other for the British */
	event_ok(&g, WW_BRITISH, "Loyalists Rally", "Charleston SC, Lexington and Concord MA");
	assert_int_equal(pc_at(&g, "Charleston SC"), WW_BRITISH);
	assert_int_equal(pc_at(&g, "Lexington and Concord MA"), WW_BRITISH);
	game_end(&g);
}

static void card_sons_of_liberty(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	pc(&g, "Albany NY", WW_BRITISH);
	pc(&g, "Savannah GA", WW_BRITISH);  /* British CU there */
	event_refused(&g, WW_AMERICAN, "Sons of Liberty", "Savannah GA", "British unit");
	event_ok(&g, WW_AMERICAN, "Sons of Liberty", "Albany NY");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_AMERICAN);
	game_end(&g);
}

static void card_royal_governors(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_refused(&g, WW_BRITISH, "Royal Governors", "Albany NY, Saratoga NY", "per colony");
	event_ok(&g, WW_BRITISH, "Royal Governors", "Albany NY, Reading PA");
	assert_int_equal(pc_at(&g, "Albany NY"), WW_BRITISH);
	assert_int_equal(pc_at(&g, "Reading PA"), WW_BRITISH);
	game_end(&g);
}

static void card_cherokee_raid(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Camden SC", WW_AMERICAN);
	pc(&g, "Charleston SC", WW_AMERICAN);
	event_refused(&g, WW_BRITISH, "Cherokee", "Charleston SC", "is a port");
	event_ok(&g, WW_BRITISH, "Cherokee", "Camden SC");
	assert_int_equal(pc_at(&g, "Camden SC"), WW_NOBODY);
	game_end(&g);
}

/* ---- CU events ---- */

static void card_knox(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Greene", "Newport RI");
	event_refused(&g, WW_AMERICAN, "Henry Knox", "Boston MA", "no American general");
	event_ok(&g, WW_AMERICAN, "Henry Knox", "Newport RI");
	assert_int_equal(cu_at(&g, "Newport RI", WW_NAT_AMERICAN), 2);
	game_end(&g);
}

static void card_hessians(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	int before = g.s.cu_reinforcements[WW_NAT_BRITISH];
	event_ok(&g, WW_BRITISH, "Hessian", NULL);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], before + 3);
	game_end(&g);
}

static void card_valley_forge(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	event_refused(&g, WW_AMERICAN, "Valley Forge", NULL, "must be discarded (6.32.A)");
	put(&g, "Washington", "Reading PA");
	event_ok(&g, WW_AMERICAN, "Valley Forge", NULL);
	assert_int_equal(cu_at(&g, "Reading PA", WW_NAT_AMERICAN), 2);
	game_end(&g);
}

static void card_dutch_loans(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	pc(&g, "Reading PA", WW_AMERICAN);
	event_refused(&g, WW_AMERICAN, "Dutch Loans", "York PA", "no American PC");
	event_ok(&g, WW_AMERICAN, "Dutch Loans", "Reading PA");
	assert_int_equal(cu_at(&g, "Reading PA", WW_NAT_AMERICAN), 3);
	game_end(&g);
}

static void card_virginia_riflemen(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	pc(&g, "Richmond VA", WW_AMERICAN);
	pc(&g, "Winchester VA", WW_AMERICAN);
	event_ok(&g, WW_AMERICAN, "Virginia Riflemen", "Richmond VA, Winchester VA");
	assert_int_equal(cu_at(&g, "Richmond VA", WW_NAT_AMERICAN), 1);
	assert_int_equal(cu_at(&g, "Winchester VA", WW_NAT_AMERICAN), 1);
	game_end(&g);
}

static void card_smallpox(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	cu(&g, "Reading PA", WW_NAT_AMERICAN, 3);
	cu(&g, "Albany NY", WW_NAT_AMERICAN, 1);
	/* 6.31: the player of the card chooses which units go */
	event_ok(&g, WW_BRITISH, "Smallpox", "Reading PA, Albany NY");
	assert_int_equal(cu_at(&g, "Reading PA", WW_NAT_AMERICAN), 2);
	assert_int_equal(cu_at(&g, "Albany NY", WW_NAT_AMERICAN), 0);
	game_end(&g);
}

static void card_privateers(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 3;
	event_ok(&g, WW_AMERICAN, "Privateers", NULL);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 1);
	game_end(&g);
}

static void card_spain_declares_war(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	g.s.cu_reinforcements[WW_NAT_BRITISH] = 3;
	event_refused(&g, WW_AMERICAN, "Spain Declares", NULL, "European War is not in effect");
	g.s.french_in_war = true;
	g.s.french_alliance = 9;
	event_ok(&g, WW_AMERICAN, "Spain Declares", NULL);
	assert_int_equal(g.s.cu_reinforcements[WW_NAT_BRITISH], 1);
	game_end(&g);
}

static void card_tarleton_in_the_strategy_phase(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	cu(&g, "Camden SC", WW_NAT_AMERICAN, 2);
	cu(&g, "Halifax NC", WW_NAT_AMERICAN, 1);
	put(&g, "Greene", "Halifax NC");
	event_refused(&g, WW_BRITISH, "Tarleton", "Halifax NC", "American general");
	int hand = g.s.hand[WW_BRITISH].n;
	int c = event_ok(&g, WW_BRITISH, "Tarleton", "Camden SC");
	assert_int_equal(cu_at(&g, "Camden SC", WW_NAT_AMERICAN), 1);
	assert_true(discarded(&g, c));
	/* 6.33.B: the replacement card after the impulse */
	assert_int_equal(g.s.hand[WW_BRITISH].n, hand);
	game_end(&g);
}

/* ---- tracks, hands and flags ---- */

static void card_von_steuben(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	int c = event_ok(&g, WW_AMERICAN, "von Steuben", NULL);
	assert_false(g.s.regulars);
	assert_int_equal(g.s.french_alliance, 2); /* 12.1 */
	/* 6.3.C: once per game */
	assert_true(ww_pile_has(&g.s.removed, c));
	assert_false(discarded(&g, c));
	game_end(&g);
}

static void card_hortelez(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	event_ok(&g, WW_AMERICAN, "Hortelez", NULL);
	assert_int_equal(g.s.french_alliance, 2);
	assert_false(g.s.reshuffle_pending); /* only when discarded (6.1.B) */
	game_end(&g);
}

static void card_pitt(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	g.s.french_alliance = 5;
	event_ok(&g, WW_BRITISH, "William Pitt", NULL);
	assert_int_equal(g.s.french_alliance, 3);
	assert_true(g.s.reshuffle_pending); /* 6.1.B */
	game_end(&g);
}

/* 6.32.A example: Pitt after the French Alliance must be discarded. */
static void rule_6_32_A_condition_fails_must_discard(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	g.s.french_in_war = true;
	event_refused(&g, WW_BRITISH, "William Pitt", NULL, "must be discarded (6.32.A)");
	order_ok(&g, WW_BRITISH, "discard 95");
	game_end(&g);
}

static void card_john_paul_jones(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	int british = g.s.hand[WW_BRITISH].n, pile = g.s.discard.n;
	int c = event_ok(&g, WW_AMERICAN, "John Paul Jones", NULL);
	assert_int_equal(g.s.hand[WW_BRITISH].n, british - 1);
	assert_int_equal(g.s.discard.n, pile + 2); /* the British card and #c */
	assert_true(discarded(&g, c));
	/* 6.31: not a play; the British, still holding cards, play next */
	assert_int_equal(g.s.to_move, WW_BRITISH);
	assert_int_equal(g.s.exchange_for, WW_NOBODY);
	game_end(&g);
}

/* 6.34.B: a special event drawn at random happens at once. */
static void rule_6_34_B_special_drawn_at_random(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	int franklin = card_of(&g, "Benjamin Franklin");
	while (g.s.hand[WW_BRITISH].n)
		ww_pile_put(&g.s.deck, ww_pile_pop(&g.s.hand[WW_BRITISH]));
	ww_pile_take(&g.s.deck, franklin);
	ww_pile_take(&g.s.discard, franklin);
	ww_pile_take(&g.s.set_aside, franklin);
	ww_pile_put(&g.s.hand[WW_BRITISH], franklin);
	event_ok(&g, WW_AMERICAN, "John Paul Jones", NULL);
	assert_int_equal(g.s.french_alliance, 4);
	assert_true(discarded(&g, franklin));
	assert_true(saw_event(&g, "6.34.B"));
	game_end(&g);
}

static void card_line_mutinies(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_ok(&g, WW_BRITISH, "Line Mutinies", NULL);
	assert_true(g.s.no_american_placement);
	play_refused(&g, WW_AMERICAN, 1, "pc Albany NY", "10.11.A.iv");
	game_end(&g);
}

static void card_destaing(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_refused(&g, WW_BRITISH, "d'Estaing", NULL, "must be discarded");
	g.s.french_in_war = true;
	g.s.french_navy_zone = 0;
	event_ok(&g, WW_BRITISH, "d'Estaing", NULL);
	assert_int_equal(g.s.french_navy_zone, -1);
	assert_true(g.s.french_navy_away);
	game_end(&g);
}

static void card_foreign_volunteers_draw(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	int hand = g.s.hand[WW_AMERICAN].n;
	event_ok(&g, WW_AMERICAN, "Foreign Volunteers", NULL);
	assert_int_equal(g.s.hand[WW_AMERICAN].n, hand - 1 + 2);
	game_end(&g);
}

/* 6.3.D: a draw before the reshuffle takes the card under the mnemonic. */
static void rule_6_3_D_draw_before_the_reshuffle(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	g.s.french_alliance = 3;
	event_ok(&g, WW_BRITISH, "William Pitt", NULL);
	assert_true(g.s.reshuffle_pending);
	int top = g.s.deck.card[g.s.deck.n - 1], deck = g.s.deck.n;
	event_ok(&g, WW_AMERICAN, "Foreign Volunteers", NULL);
	assert_true(ww_pile_has(&g.s.hand[WW_AMERICAN], top));
	assert_int_equal(g.s.deck.n, deck - 2);
	assert_true(g.s.reshuffle_pending);
	game_end(&g);
}

/* ---- Glover: one general, six spaces, may fight (7.3.C Special) ---- */

/* A shortest path of exactly `len` steps from `from` over spaces without
 * CUs; fills names "A, B, ..." */
static bool path_of(struct test_game *g, int from, int len, char *out, size_t size)
{
	int dist[WW_MAX_SPACES], prev[WW_MAX_SPACES], queue[WW_MAX_SPACES], qn = 0;
	for (int i = 0; i < g->d->nspaces; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[qn++] = from;
	for (int h = 0; h < qn; h++) {
		int a = queue[h];
		for (int b = 0; b < g->d->nspaces; b++) {
			if (dist[b] >= 0 || ww_count_cu(&g->s, b) || !ww_adjacent(g->d, a, b))
				continue;
			bool wild = false;
			for (int l = 0; l < g->d->spaces[a].nlinks; l++)
				wild |= g->d->spaces[a].links[l].to == b && g->d->spaces[a].links[l].wilderness;
			if (wild)
				continue;
			dist[b] = dist[a] + 1;
			prev[b] = a;
			queue[qn++] = b;
			if (dist[b] != len)
				continue;
			int steps[16], n = 0;
			for (int x = b; x != from; x = prev[x])
				steps[n++] = x;
			out[0] = 0;
			for (int i = n - 1; i >= 0; i--)
				snprintf(out + strlen(out), size - strlen(out), "%s%s",
					 i == n - 1 ? "" : ", ", g->d->spaces[steps[i]].name);
			return true;
		}
	}
	return false;
}

static void card_glover_marblehead(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_AMERICAN);
	put(&g, "Washington", "Boston MA");
	cu(&g, "Boston MA", WW_NAT_AMERICAN, 2);
	char path[400];
	assert_true(path_of(&g, sp(&g, "Boston MA"), 6, path, sizeof path));
	int ops = ops_card(&g, WW_AMERICAN, 3);
	/* 7.3.C without the event */
	order_refusedf(&g, WW_AMERICAN, "may move 5", "play %d move Washington to %s", ops, path);
	event_ok(&g, WW_AMERICAN, "Glover", NULL);
	assert_int_equal(g.s.prompt, WW_ASK_CAMPAIGN);
	assert_int_equal(g.s.play.allowance, 6);
	order_refused(&g, WW_AMERICAN, "landing Newport RI", "7.2.B");
	order_okf(&g, WW_AMERICAN, "move Washington to %s", path);
	assert_int_equal(g.s.space[g.s.general_at[general(g.d, "Washington")]].cu[WW_NAT_AMERICAN], 2);
	assert_int_equal(g.s.to_move, WW_BRITISH); /* one activation only */
	assert_int_equal(g.s.play.card, 0);
	game_end(&g);
}

/* ---- battle cards (6.33, 9.45, 9.2 step 1, 9.7) ---- */

/* Howe with `att` CUs in Saratoga attacks Albany, where Arnold stands with
 * `def` American CUs; the British battle card question is pending. */
static void howe_attacks_arnold(struct test_game *g, int att, int def)
{
	clear_board(g, WW_BRITISH);
	put(g, "Howe", "Saratoga NY");
	cu(g, "Saratoga NY", WW_NAT_BRITISH, att);
	put(g, "Arnold", "Albany NY");
	cu(g, "Albany NY", WW_NAT_AMERICAN, def);
	int ops = find_card(g->d, NULL, 3, &g->s.hand[WW_AMERICAN]);
	give(g, WW_BRITISH, ops);
	order_okf(g, WW_BRITISH, "play %d move Howe to Albany NY", ops);
	order_ok(g, WW_AMERICAN, "stand");
	assert_int_equal(g->s.prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(g->s.to_move, WW_BRITISH);
}

/* 9.2 step 1 Special, 9.7 Clarification: Arnold gone, 1 American CU
 * left against 4 British: an overrun instead of the battle. */
static void card_arnold_treason_overrun(void **state)
{
	(void)state;
	struct test_game g;
	howe_attacks_arnold(&g, 4, 1);
	int c = card_of(&g, "Arnold Treason");
	give(&g, WW_BRITISH, c);
	int hand = g.s.hand[WW_BRITISH].n, rolls = (int)g.s.next_roll;
	order_okf(&g, WW_BRITISH, "battle-card %d", c);
	assert_int_equal(g.s.general_at[general(g.d, "Arnold")], WW_LOC_REMOVED);
	assert_int_equal(cu_at(&g, "Albany NY", WW_NAT_AMERICAN), 0);
	assert_int_equal(cu_at(&g, "Albany NY", WW_NAT_BRITISH), 4);
	assert_int_equal((int)g.s.next_roll, rolls); /* no battle, no loss roll */
	assert_int_equal(g.s.battle.space, -1);
	assert_true(ww_pile_has(&g.s.removed, c)); /* 6.33.A: permanently removed */
	assert_int_equal(g.s.hand[WW_BRITISH].n, hand); /* 6.33.B replacement */
	assert_int_equal(g.s.french_alliance, 0);
	game_end(&g);
}

/* 9.2 step 1 Special: with 2 American CUs the battle goes on without Arnold. */
static void card_arnold_treason_battle_continues(void **state)
{
	(void)state;
	struct test_game g;
	howe_attacks_arnold(&g, 4, 2);
	int c = card_of(&g, "Arnold Treason");
	give(&g, WW_BRITISH, c);
	order_okf(&g, WW_BRITISH, "battle-card %d", c);
	assert_int_equal(g.s.general_at[general(g.d, "Arnold")], WW_LOC_REMOVED);
	assert_int_equal(g.s.prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	assert_int_equal(g.s.battle.card_drm[WW_BRITISH], 2);
	/* no American general, no rating roll for him: Howe's rating, the two
	 * battle rolls, then 3 American CUs lost (6) and none British (6) */
	force_dice(&g, 5, 4, 6, 1, 6, 6);
	order_ok(&g, WW_AMERICAN, "no battle-card");
	assert_int_equal(g.s.battle.space, -1);
	assert_int_equal(cu_at(&g, "Albany NY", WW_NAT_AMERICAN), 0);
	game_end(&g);
}

/* 6.33 clarification: Arnold is removed from wherever he is. */
static void card_arnold_treason_from_captivity(void **state)
{
	(void)state;
	struct test_game g;
	howe_attacks_arnold(&g, 4, 2);
	g.s.general_at[general(g.d, "Arnold")] = WW_LOC_CAPTURED;
	put(&g, "Greene", "Albany NY");
	g.s.battle.general[WW_AMERICAN] = (int8_t)general(g.d, "Greene");
	int c = card_of(&g, "Arnold Treason");
	give(&g, WW_BRITISH, c);
	order_okf(&g, WW_BRITISH, "battle-card %d", c);
	assert_int_equal(g.s.general_at[general(g.d, "Arnold")], WW_LOC_REMOVED);
	game_end(&g);
}

/* 6.33.A: a battle card's event only in a battle, Tarleton excepted. */
static void rule_6_33_A_battle_cards_only_in_battle(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_refused(&g, WW_BRITISH, "Arnold Treason", NULL, "battle card");
	event_refused(&g, WW_BRITISH, "Ferguson", NULL, "battle card");
	game_end(&g);
	clear_board(&g, WW_AMERICAN);
	event_refused(&g, WW_AMERICAN, "Morgan's Riflemen", NULL, "battle card");
	game_end(&g);
}

/* 6.33.A, 9.45: each battle card gives its side +2 in the battle. */
static void cards_battle_cards_give_plus_two(void **state)
{
	(void)state;
	static const struct { const char *title; enum ww_side side; } cards[] = {
		{ "Tarleton", WW_BRITISH }, { "Ferguson", WW_BRITISH }, { "Simcoe", WW_BRITISH },
		{ "Morgan's Riflemen", WW_AMERICAN }, { "Kosciuszko", WW_AMERICAN },
		{ "Bunker Hill", WW_AMERICAN }, { "Kings Mountain", WW_AMERICAN },
		{ "Pulaski", WW_AMERICAN },
	};
	for (size_t i = 0; i < sizeof cards / sizeof cards[0]; i++) {
		struct test_game g;
		howe_attacks_arnold(&g, 3, 3);
		int c = card_of(&g, cards[i].title);
		if (cards[i].side == WW_AMERICAN)
			order_ok(&g, WW_BRITISH, "no battle-card");
		give(&g, cards[i].side, c);
		order_okf(&g, cards[i].side, "battle-card %d", c);
		assert_true(saw_event(&g, ": +2 (9.45)"));
		assert_true(discarded(&g, c));
		assert_int_equal(g.s.play.draws_owed[cards[i].side], 1); /* 6.33.B, after the impulse */
		game_end(&g);
	}
}

/* 6.32.A: each side may play only its own flag's events. */
static void rule_6_32_A_own_flag_only(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	event_refused(&g, WW_BRITISH, "Thomas Paine", NULL, "may only discard it (6.32.A)");
	game_end(&g);
	clear_board(&g, WW_AMERICAN);
	event_refused(&g, WW_AMERICAN, "Hessian", NULL, "may only discard it (6.32.A)");
	game_end(&g);
}

/* 6.31: an illegal target is refused with what would be legal; the state
 * is unchanged (order_refused compares it). */
static void rule_6_31_player_chooses_legal_targets(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	pc(&g, "Albany NY", WW_AMERICAN);
	event_refused(&g, WW_BRITISH, "Iroquois Raid", "Hartford CT", "legal now: Albany NY");
	event_refused(&g, WW_BRITISH, "Iroquois Raid", "Albany NY, Albany NY", "named twice");
	event_refused(&g, WW_BRITISH, "Burns Falmouth", "Boston MA, Falmouth MA", "at most 1");
	game_end(&g);
}

/* 6.34 Optional Tournament Rule: the British play Franklin, draw a
 * replacement and take another action at once (or pass). */
static void rule_6_34_tournament_rule(void **state)
{
	(void)state;
	struct test_game g;
	clear_board(&g, WW_BRITISH);
	g.s.tournament_rule = true;
	int hand = g.s.hand[WW_BRITISH].n;
	event_ok(&g, WW_BRITISH, "Benjamin Franklin", NULL);
	assert_int_equal(g.s.french_alliance, 4);
	assert_int_equal(g.s.to_move, WW_BRITISH);
	assert_true(g.s.extra_impulse_now);
	assert_int_equal(g.s.hand[WW_BRITISH].n, hand);
	order_ok(&g, WW_BRITISH, "pass");
	assert_int_equal(g.s.to_move, WW_AMERICAN);
	game_end(&g);
	clear_board(&g, WW_BRITISH);
	event_ok(&g, WW_BRITISH, "Benjamin Franklin", NULL);
	assert_int_equal(g.s.to_move, WW_AMERICAN); /* without the option */
	order_refused(&g, WW_AMERICAN, "pass", "It is your impulse");
	game_end(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(card_brant_iroquois_raid),
		cmocka_unit_test(rule_6_31_may_part_is_optional),
		cmocka_unit_test(card_thomas_paine),
		cmocka_unit_test(rule_10_11_A_iv_events_place_while_dispersed),
		cmocka_unit_test(card_francis_marion),
		cmocka_unit_test(rule_6_31_must_as_many_as_legal),
		cmocka_unit_test(card_loyalist_uprising),
		cmocka_unit_test(card_dunmore),
		cmocka_unit_test(card_royal_navy_burns_falmouth),
		cmocka_unit_test(card_counterfeit_currency),
		cmocka_unit_test(card_committees_of_safety),
		cmocka_unit_test(card_butlers_rangers),
		cmocka_unit_test(card_loyalists_rally),
		cmocka_unit_test(card_sons_of_liberty),
		cmocka_unit_test(card_royal_governors),
		cmocka_unit_test(card_cherokee_raid),
		cmocka_unit_test(card_knox),
		cmocka_unit_test(card_hessians),
		cmocka_unit_test(card_valley_forge),
		cmocka_unit_test(card_dutch_loans),
		cmocka_unit_test(card_virginia_riflemen),
		cmocka_unit_test(card_smallpox),
		cmocka_unit_test(card_privateers),
		cmocka_unit_test(card_spain_declares_war),
		cmocka_unit_test(card_tarleton_in_the_strategy_phase),
		cmocka_unit_test(card_von_steuben),
		cmocka_unit_test(card_hortelez),
		cmocka_unit_test(card_pitt),
		cmocka_unit_test(rule_6_32_A_condition_fails_must_discard),
		cmocka_unit_test(card_john_paul_jones),
		cmocka_unit_test(rule_6_34_B_special_drawn_at_random),
		cmocka_unit_test(card_line_mutinies),
		cmocka_unit_test(card_destaing),
		cmocka_unit_test(card_foreign_volunteers_draw),
		cmocka_unit_test(rule_6_3_D_draw_before_the_reshuffle),
		cmocka_unit_test(card_glover_marblehead),
		cmocka_unit_test(card_arnold_treason_overrun),
		cmocka_unit_test(card_arnold_treason_battle_continues),
		cmocka_unit_test(card_arnold_treason_from_captivity),
		cmocka_unit_test(rule_6_33_A_battle_cards_only_in_battle),
		cmocka_unit_test(cards_battle_cards_give_plus_two),
		cmocka_unit_test(rule_6_32_A_own_flag_only),
		cmocka_unit_test(rule_6_31_player_chooses_legal_targets),
		cmocka_unit_test(rule_6_34_tournament_rule),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
