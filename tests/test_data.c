/* The game data: the real data set loads and checks clean and holds every
 * fact the rule book states (each test names its rule); and the loader and
 * data_check report a broken copy of the data with file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <cmocka.h>

#include "data.h"
#include "data_copy.h"

static const char *const FILES[] = {
	"dataset.yaml", "colonies.yaml", "zones.yaml", "spaces.yaml", "links.yaml",
	"generals.yaml", "turn-track.yaml", "setup.yaml", "cards.yaml",
};

static struct ww_data *D;

static const char *data_dir(void)
{
	const char *dir = getenv("WW_DATA");
	return dir ? dir : "data/washingtons-war";
}

static int setup_data(void **state)
{
	struct wj_data_problems p = { 0 };
	(void)state;
	D = calloc(1, sizeof *D);
	if (!D)
		return -1;
	if (ww_data_load(data_dir(), D, &p)) {
		print_problems(&p);
		return -1;
	}
	return 0;
}

static int teardown_data(void **state)
{
	(void)state;
	free(D);
	return 0;
}

static int sp(const char *name)
{
	int s = ww_space_by_name(D, name);
	if (s < 0)
		fail_msg("no space '%s'", name);
	return s;
}

static const struct ww_general *gen(const char *name)
{
	int g = ww_general_by_name(D, name);
	if (g < 0)
		fail_msg("no general '%s'", name);
	return &D->generals[g];
}

static const struct ww_link *link_between(const char *a, const char *b)
{
	const struct ww_space *s = &D->spaces[sp(a)];
	int to = sp(b);
	for (int i = 0; i < s->nlinks; i++)
		if (s->links[i].to == to)
			return &s->links[i];
	return NULL;
}

/* Cheapest movement from a to b (7.3.D: a wilderness line costs 3); Arnold
 * may also use the Arnold-only lines (7.4.D). */
static int move_cost(const char *from, const char *to, bool arnold)
{
	int cost[WW_MAX_SPACES];
	bool done[WW_MAX_SPACES] = { false };
	for (int i = 0; i < D->nspaces; i++)
		cost[i] = 1000;
	cost[sp(from)] = 0;
	for (;;) {
		int a = -1;
		for (int i = 0; i < D->nspaces; i++)
			if (!done[i] && (a < 0 || cost[i] < cost[a]))
				a = i;
		if (a < 0 || cost[a] == 1000)
			break;
		done[a] = true;
		for (int i = 0; i < D->spaces[a].nlinks; i++) {
			const struct ww_link *l = &D->spaces[a].links[i];
			int c = cost[a] + (l->wilderness ? 3 : 1);
			if ((!l->arnold_only || arnold) && c < cost[l->to])
				cost[l->to] = c;
		}
	}
	return cost[sp(to)];
}

/* ---- the real data ---- */

static void real_data_loads_and_checks_clean(void **state)
{
	struct wj_data_problems p = { 0 };
	(void)state;
	int n = ww_data_check(D, &p);
	print_problems(&p);
	assert_int_equal(n, 0);
	assert_int_equal(p.n, 0);
	assert_string_equal(D->id, "washingtons-war-reconstructed-2");
	assert_string_equal(D->dir, data_dir());
	assert_int_equal(D->first_year, 1775);
	assert_int_equal(D->last_year, 1783);
}

/* 12.3: the complete list of ports, by blockade zone. */
static void rule_12_3_ports_and_blockade_zones(void **state)
{
	static const char *const zones[][5] = {
		{ "St. Lawrence", "Montreal", "Quebec" },
		{ "New England", "Falmouth MA", "Boston MA", "Barnstable MA", "Newport RI" },
		{ "Long Island Sound", "New York NY", "Long Island NY", "New Haven CT" },
		{ "Delaware", "Philadelphia PA", "Wilmington DE" },
		{ "Chesapeake", "Baltimore MD", "Alexandria VA", "Yorktown VA", "Norfolk VA" },
		{ "Carolinas", "Wilmington NC", "New Bern NC", "Charleston SC" },
		{ "South Atlantic", "Savannah GA", "St. Mary's GA" },
	};
	int listed = 0, ports = 0;
	(void)state;
	assert_int_equal(D->nzones, 7);
	for (int z = 0; z < 7; z++) {
		assert_string_equal(D->zones[z].name, zones[z][0]);
		for (int i = 1; i < 5 && zones[z][i]; i++, listed++) {
			const struct ww_space *s = &D->spaces[sp(zones[z][i])];
			assert_true(s->port);
			assert_int_equal(s->zone, z);
		}
	}
	for (int s = 0; s < D->nspaces; s++) {
		ports += D->spaces[s].port;
		if (!D->spaces[s].port)
			assert_int_equal(D->spaces[s].zone, -1);
	}
	assert_int_equal(listed, 20);
	assert_int_equal(ports, 20);
}

/* 2.1.C: the four eight-point stars; 2.1.B and 11.0: stars are winter quarters. */
static void rule_2_1_C_fortified_ports(void **state)
{
	static const char *const stars[] = { "Quebec", "Montreal", "Charleston SC", "Philadelphia PA" };
	int n = 0;
	(void)state;
	for (size_t i = 0; i < 4; i++) {
		const struct ww_space *s = &D->spaces[sp(stars[i])];
		assert_true(s->fortified && s->port && s->winter_quarters);
	}
	for (int s = 0; s < D->nspaces; s++)
		n += D->spaces[s].fortified;
	assert_int_equal(n, 4);
}

/* 11.1 example: Reading PA is not winter quarters; 11.2 example: Philadelphia
 * is; Boston is a square (public report). */
static void rule_11_winter_quarters_examples(void **state)
{
	(void)state;
	assert_false(D->spaces[sp("Reading PA")].winter_quarters);
	assert_true(D->spaces[sp("Philadelphia PA")].winter_quarters);
	assert_true(D->spaces[sp("Boston MA")].winter_quarters);
}

/* 2.1.B: the Winter Attrition Line is the Virginia-North Carolina border. */
static void rule_2_1_B_south_of_the_winter_attrition_line(void **state)
{
	(void)state;
	for (int s = 0; s < D->nspaces; s++) {
		const char *code = D->colonies[D->spaces[s].colony].code;
		bool south = !strcmp(code, "NC") || !strcmp(code, "SC") || !strcmp(code, "GA");
		if (D->spaces[s].south_of_line != south)
			fail_msg("%s: south_of_line should be %d", D->spaces[s].name, south);
	}
}

/* 3.0 and 10.0.B: thirteen colonies and Canada, held through Quebec and
 * Montreal; Fort Detroit is in Canada. */
static void rule_10_0_B_colonies_and_canada(void **state)
{
	static const char *const codes[] = { "NH", "MA", "RI", "CT", "NY", "NJ", "PA",
					     "DE", "MD", "VA", "NC", "SC", "GA" };
	(void)state;
	assert_int_equal(D->ncolonies, 14);
	for (size_t i = 0; i < 13; i++) {
		int c = ww_colony_by_code(D, codes[i]), n = 0;
		assert_true(c >= 0);
		assert_false(D->colonies[c].is_canada);
		for (int s = 0; s < D->nspaces; s++)
			n += D->spaces[s].colony == c;
		if (n < 2)
			fail_msg("%s has %d spaces", codes[i], n);
	}
	int can = ww_colony_by_code(D, "can");
	assert_true(can >= 0);
	assert_true(D->colonies[can].is_canada);
	assert_int_equal(D->colonies[can].ncontrol_spaces, 2);
	assert_int_equal(D->colonies[can].control_spaces[0], sp("Quebec"));
	assert_int_equal(D->colonies[can].control_spaces[1], sp("Montreal"));
	assert_int_equal(D->spaces[sp("Fort Detroit")].colony, can);
}

/* 4.0: the set-up, placement by placement. */
struct placement {
	enum ww_side side;
	const char *space, *general;
	int cu;
	bool pc, congress;
};

static void rule_4_0_setup(void **state)
{
	static const struct placement want[] = {
		{ WW_BRITISH, "Quebec", "Carleton", 2, true, false },
		{ WW_BRITISH, "Montreal", NULL, 0, true, false },
		{ WW_BRITISH, "Fort Detroit", NULL, 1, true, false },
		{ WW_BRITISH, "Boston MA", "Howe", 5, true, false },
		{ WW_BRITISH, "Norfolk VA", NULL, 0, true, false },
		{ WW_BRITISH, "Gilbert Town NC", NULL, 0, true, false },
		{ WW_BRITISH, "Wilmington NC", NULL, 0, true, false },
		{ WW_BRITISH, "Ninety Six SC", NULL, 0, true, false },
		{ WW_AMERICAN, "Lexington and Concord MA", "Washington", 5, true, false },
		{ WW_AMERICAN, "Newport RI", "Greene", 2, false, false },
		{ WW_AMERICAN, "Charleston SC", NULL, 2, true, false },
		{ WW_AMERICAN, "Philadelphia PA", NULL, 0, true, true },
	};
	static const char *const brit_box[] = { "Burgoyne", "Clinton", "Cornwallis" };
	static const char *const amer_box[] = { "Arnold", "Lincoln", "Gates", "Lee", "Lafayette" };
	(void)state;
	assert_int_equal(D->nsetup, 12);
	for (int i = 0; i < 12; i++) {
		const struct ww_setup_item *it = &D->setup[i];
		const struct placement *w = &want[i];
		int nat = w->side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN;
		assert_int_equal(it->side, w->side);
		assert_int_equal(it->space, sp(w->space));
		assert_int_equal(it->general, w->general ? ww_general_by_name(D, w->general) : -1);
		assert_int_equal(it->cu[nat], w->cu);
		assert_int_equal(it->cu[WW_NAT_FRENCH], 0);
		assert_int_equal(it->pc, w->pc);
		assert_int_equal(it->congress, w->congress);
	}
	int inbox = 0, infrench = 0;
	for (size_t i = 0; i < 3; i++)
		assert_true(D->starts_in_reinforcements[ww_general_by_name(D, brit_box[i])]);
	for (size_t i = 0; i < 5; i++)
		assert_true(D->starts_in_reinforcements[ww_general_by_name(D, amer_box[i])]);
	for (int g = 0; g < D->ngenerals; g++) {
		inbox += D->starts_in_reinforcements[g];
		infrench += D->starts_in_french_box[g];
	}
	assert_int_equal(inbox, 8);
	assert_int_equal(infrench, 1);
	assert_true(D->starts_in_french_box[ww_general_by_name(D, "Rochambeau")]);
	assert_int_equal(D->french_box_cu, 5);
	assert_int_equal(D->committees_per_colony, 1);
	assert_int_equal(D->for_the_king_pcs, 3);
}

/* 7.3.C example: Ninety Six, Camden, Eutaw Springs, Charleston, Savannah
 * are four spaces; Augusta or St. Mary's a fifth. */
static void rule_7_3_C_southern_example(void **state)
{
	(void)state;
	assert_true(ww_adjacent(D, sp("Ninety Six SC"), sp("Camden SC")));
	assert_true(ww_adjacent(D, sp("Camden SC"), sp("Eutaw Springs SC")));
	assert_true(ww_adjacent(D, sp("Eutaw Springs SC"), sp("Charleston SC")));
	assert_true(ww_adjacent(D, sp("Charleston SC"), sp("Savannah GA")));
	assert_true(ww_adjacent(D, sp("Savannah GA"), sp("Augusta GA")));
	assert_true(ww_adjacent(D, sp("Savannah GA"), sp("St. Mary's GA")));
	/* "moves, via Camden, two spaces to Eutaw Springs" */
	assert_int_equal(move_cost("Ninety Six SC", "Eutaw Springs SC", false), 2);
	assert_int_equal(move_cost("Ninety Six SC", "Charleston SC", false), 3);
}

/* 7.3.D: Detroit to Bassett Town costs 3; Point Pleasant is 3 more, out of
 * a British army's reach in one move. */
static void rule_7_3_D_wilderness_costs(void **state)
{
	(void)state;
	const struct ww_link *l = link_between("Fort Detroit", "Bassett Town PA");
	assert_non_null(l);
	assert_true(l->wilderness);
	assert_false(l->arnold_only);
	l = link_between("Bassett Town PA", "Point Pleasant VA");
	assert_non_null(l);
	assert_true(l->wilderness);
	assert_int_equal(move_cost("Fort Detroit", "Bassett Town PA", false), 3);
	assert_int_equal(move_cost("Fort Detroit", "Point Pleasant VA", false), 6);
}

/* 3.0 and 7.4.D: Falmouth-Quebec is a wilderness line for Arnold only. */
static void rule_7_4_D_arnold_link(void **state)
{
	(void)state;
	const struct ww_link *l = link_between("Falmouth MA", "Quebec");
	assert_non_null(l);
	assert_true(l->wilderness && l->arnold_only);
	assert_false(ww_adjacent(D, sp("Falmouth MA"), sp("Quebec")));
	assert_false(ww_adjacent(D, sp("Quebec"), sp("Falmouth MA")));
	assert_int_equal(move_cost("Falmouth MA", "Quebec", true), 3);
	assert_true(gen("Arnold")->can_use_arnold_links);
	for (int g = 0; g < D->ngenerals; g++)
		if (strcmp(D->generals[g].name, "Arnold"))
			assert_false(D->generals[g].can_use_arnold_links);
}

/* 10.11.B example: Montreal-Oswego and Oswego-Fort Stanwix are adjacent;
 * Fort Stanwix is not adjacent to Montreal. */
static void rule_10_11_B_oswego_example(void **state)
{
	(void)state;
	assert_true(ww_adjacent(D, sp("Montreal"), sp("Oswego NY")));
	assert_true(ww_adjacent(D, sp("Oswego NY"), sp("Fort Stanwix NY")));
	assert_false(ww_adjacent(D, sp("Montreal"), sp("Fort Stanwix NY")));
}

/* 9.63 example: Burgoyne marches into Saratoga by way of Ticonderoga. */
static void rule_9_63_ticonderoga_saratoga(void **state)
{
	(void)state;
	assert_true(ww_adjacent(D, sp("Ticonderoga NY"), sp("Saratoga NY")));
}

/* Not a rule: the reconstructed map is plausible, each space with 2-7 lines. */
static void map_every_space_has_two_to_seven_lines(void **state)
{
	(void)state;
	assert_true(D->nspaces >= 60 && D->nspaces <= 75);
	for (int s = 0; s < D->nspaces; s++)
		if (D->spaces[s].nlinks < 2 || D->spaces[s].nlinks > 7)
			fail_msg("%s has %d lines", D->spaces[s].name, D->spaces[s].nlinks);
}

/* The generals of 4.0 with the ratings the rule book's examples give:
 * 7.1.A (Carleton 3, Gates 2, Greene 1), 7.8 (Arnold agility 2), 9.63
 * (Burgoyne battle 2, agility 1), 7.9.A (+2 for Washington and Greene). */
static void rule_ratings_from_the_examples(void **state)
{
	(void)state;
	assert_int_equal(D->ngenerals, 13);
	assert_int_equal(gen("Carleton")->strategy, 3);
	assert_int_equal(gen("Gates")->strategy, 2);
	assert_int_equal(gen("Greene")->strategy, 1);
	assert_int_equal(gen("Arnold")->agility, 2);
	assert_int_equal(gen("Burgoyne")->battle, 2);
	assert_int_equal(gen("Burgoyne")->agility, 1);
	assert_int_equal(gen("Washington")->retreat_bonus, 2);
	assert_int_equal(gen("Greene")->retreat_bonus, 2);
	for (int g = 0; g < D->ngenerals; g++) {
		const struct ww_general *x = &D->generals[g];
		bool wash = !strcmp(x->name, "Washington");
		assert_int_equal(x->never_to_reinforcements, wash); /* 7.4.C */
		assert_int_equal(x->removed_when_captured, wash);   /* 7.6.B */
		assert_int_equal(x->winter_shelter, wash);          /* 11.2 */
		assert_int_equal(x->french, !strcmp(x->name, "Rochambeau"));
		/* the printed ranges: strategy 1-3, battle 1-6, agility 1-3 */
		assert_in_range(x->strategy, 1, 3);
		assert_in_range(x->battle, 1, 6);
		assert_in_range(x->agility, 1, 3);
	}
	assert_int_equal(gen("Rochambeau")->side, WW_AMERICAN);
	assert_int_equal(gen("Cornwallis")->side, WW_BRITISH);
}

/* 6.34: seven special events that must be played. */
static void rule_6_34_seven_special_events(void **state)
{
	int must = 0, decl = 0, franklin = 0, years = 0;
	(void)state;
	assert_int_equal(D->ncards, 110);
	for (int n = 1; n <= 110; n++) {
		const struct ww_card *c = &D->cards[n];
		assert_int_equal(c->number, n);
		must += c->must_play;
		if (c->special == WW_SPECIAL_DECLARATION)
			decl++;
		if (c->special == WW_SPECIAL_FRANKLIN) {
			franklin++;
			assert_int_equal(c->french_alliance, 4); /* 6.34.C.ii, 12.1 */
			assert_true(c->must_play);
		}
		if (c->special == WW_SPECIAL_WAR_ENDS) {
			assert_true(c->must_play);
			assert_true(c->war_ends_year >= 1779 && c->war_ends_year <= 1783);
			years |= 1 << (c->war_ends_year - 1779);
		}
	}
	assert_int_equal(must, 7);
	assert_int_equal(decl, 1);
	assert_int_equal(franklin, 1);
	assert_int_equal(years, 0x1f); /* 1779, 1780, 1781, 1782, 1783 */
}

/* 6.1.B clarification, 6.1.E, 6.34.C.i, 12.1: cards #95, #96, #99. */
static void rule_6_1_B_cards_95_96_99(void **state)
{
	(void)state;
	const struct ww_card *c = &D->cards[99];
	assert_string_equal(c->title, "Declaration of Independence");
	assert_true(c->must_play && c->reshuffle_on_play);
	assert_int_equal(c->special, WW_SPECIAL_DECLARATION);
	assert_int_equal(c->enters_year, 1776);
	c = &D->cards[95];
	assert_string_equal(c->title, "William Pitt Urges Peace Talks");
	assert_true(c->reshuffle_on_play);
	assert_false(c->reshuffle_on_discard);
	c = &D->cards[96];
	assert_non_null(strstr(c->title, "Hortelez et Cie"));
	assert_int_equal(c->french_alliance, 2);
	assert_true(c->reshuffle_on_discard);
	assert_false(c->reshuffle_on_play);
}

static const struct ww_card *card_titled(const char *start)
{
	const struct ww_card *found = NULL;
	for (int n = 1; n <= 110; n++)
		if (!strncmp(D->cards[n].title, start, strlen(start))) {
			if (found)
				fail_msg("two cards titled '%s...'", start);
			found = &D->cards[n];
		}
	if (!found)
		fail_msg("no card titled '%s...'", start);
	return found;
}

/* 4.0, 6.1.E: von Steuben is set aside until 1776; 6.33: battle cards;
 * 7.2: campaigns. */
static void rule_named_events(void **state)
{
	int major = 0, minor = 0, ops = 0;
	(void)state;
	assert_int_equal(card_titled("Baron von Steuben")->enters_year, 1776);
	assert_int_equal(card_titled("Baron von Steuben")->flag, WW_FLAG_AMERICAN);
	const struct ww_card *c = card_titled("Benedict Arnold Treason!");
	assert_true(c->battle && c->remove_after_play);
	c = card_titled("Banastre Tarleton");
	assert_true(c->battle);
	assert_int_equal(c->flag, WW_FLAG_BRITISH);
	c = card_titled("Morgan's Riflemen");
	assert_true(c->battle);
	assert_int_equal(c->flag, WW_FLAG_AMERICAN);
	card_titled("John Glover");
	card_titled("Joseph Brant");
	card_titled("Henry Knox");
	card_titled("John Paul Jones");
	card_titled("Pennsylvania and New Jersey Line Mutinies");
	card_titled("d'Estaing");
	card_titled("Thomas Paine");
	card_titled("Thaddeus Kosciuszko");
	for (int n = 1; n <= 110; n++) {
		c = &D->cards[n];
		if (c->campaign) {
			assert_int_equal(c->flag, WW_FLAG_EITHER);
			major += c->campaign_generals == 3;
			minor += c->campaign_generals == 2;
		}
		if (c->ops) {
			assert_true(c->ops >= 1 && c->ops <= 3);
			ops++;
		}
	}
	assert_true(major >= 1 && minor >= 1);
	assert_true(ops > 55); /* most of the deck */
}

/* The first step of card c that is primitive `prim`. */
static const struct ww_event_step *step_of(const struct ww_card *c, enum ww_prim prim)
{
	for (int i = 0; i < c->nsteps; i++)
		if (c->steps[i].prim == prim)
			return &c->steps[i];
	fail_msg("card %d (%s) has no step %d", c->number, c->title, prim);
	return NULL;
}

/* What the rule book says the named events do: von Steuben can remove
 * the British Regulars advantage (9.41); Tarleton may also be played in
 * the Strategy Phase (6.33.A); Glover: one American general moves up to 6
 * and may fight or overrun (7.3.C); Brant: non-port spaces of three
 * colonies (6.31); John Paul Jones: a random card of the British hand
 * discarded (6.1.D); the Line Mutinies: no American PC placement by OPS
 * this turn (10.11.A.iv); d'Estaing: the French Navy off the map (12.2). */
static void rule_named_event_effects(void **state)
{
	(void)state;
	step_of(card_titled("Baron von Steuben"), WW_EV_LOSE_REGULARS);
	assert_true(card_titled("Banastre Tarleton")->strategy_play);
	const struct ww_card *c = card_titled("John Glover");
	assert_int_equal(c->flag, WW_FLAG_AMERICAN);
	assert_int_equal(step_of(c, WW_EV_ACTIVATE)->allowance, 6);
	assert_true(step_of(c, WW_EV_ACTIVATE)->may_battle);
	const struct ww_event_step *st = step_of(card_titled("Joseph Brant"), WW_EV_REMOVE_PC);
	assert_int_equal(st->ports, WW_PORTS_NEVER);
	assert_int_equal(__builtin_popcount(st->colonies), 3);
	c = card_titled("John Paul Jones");
	assert_int_equal(c->flag, WW_FLAG_AMERICAN);
	assert_int_equal(step_of(c, WW_EV_RANDOM_DISCARD)->count, 1);
	c = card_titled("Pennsylvania and New Jersey Line Mutinies");
	assert_int_equal(step_of(c, WW_EV_FLAG)->flag, WW_EVFLAG_NO_AMERICAN_PLACEMENT);
	step_of(card_titled("d'Estaing"), WW_EV_NAVY_AWAY);
	card_titled("Henry Knox");
}

/* 6.34: the titles of the specials; 3.0: OPS cards carry 1, 2 and 3;
 * 7.2: Major Campaign (3 generals) and Minor Campaign (2). */
static void rule_6_34_special_and_campaign_titles(void **state)
{
	int values = 0, lord_north = 0;
	(void)state;
	assert_int_equal(card_titled("Benjamin Franklin: Minister to France")->special,
			 WW_SPECIAL_FRANKLIN);
	for (int n = 1; n <= 110; n++) {
		const struct ww_card *c = &D->cards[n];
		values |= 1 << c->ops;
		if (c->special == WW_SPECIAL_WAR_ENDS) {
			assert_non_null(strstr(c->title, "Lord North's Government Falls"));
			lord_north++;
		}
		if (!strcmp(c->title, "Major Campaign") || !strcmp(c->title, "Minor Campaign"))
			assert_int_equal(c->campaign_generals, c->title[1] == 'a' ? 3 : 2);
		else
			assert_false(c->campaign);
	}
	assert_int_equal(values, 0xf); /* events 0, OPS 1, 2 and 3 */
	assert_int_equal(lord_north, 5);
}

/* Public play reports: Thomas Paine is an American event placing PCs. */
static void public_report_thomas_paine_places_pcs(void **state)
{
	(void)state;
	const struct ww_card *c = card_titled("Thomas Paine");
	assert_int_equal(c->flag, WW_FLAG_AMERICAN);
	assert_int_equal(step_of(c, WW_EV_PLACE_PC)->whose, WW_WHOSE_DEFAULT);
}

static void assert_in_colony(const char *name, const char *code)
{
	if (D->spaces[sp(name)].colony != ww_colony_by_code(D, code))
		fail_msg("%s is not in %s", name, code);
}

/* Public play reports: more spaces and their colonies. */
static void public_report_spaces_and_colonies(void **state)
{
	static const char *const spaces[] = {
		"Savannah GA", "Camden SC", "Charlotte NC", "Salem NC", "Alexandria VA",
		"Richmond VA", "Point Pleasant VA", "Baltimore MD", "Frederick Town MD",
		"Wilmington DE", "Bassett Town PA", "Pittsburgh PA", "Reading PA",
		"New Brunswick NJ", "Morristown NJ", "New York NY", "Long Island NY",
		"Genesee NY", "Saratoga NY", "Fort Niagara NY", "Ticonderoga NY", "Oswego NY",
		"New Haven CT", "Newport RI", "Falmouth MA", "Springfield MA", "Norwich NH",
		"Concord NH",
	};
	(void)state;
	for (size_t i = 0; i < sizeof spaces / sizeof *spaces; i++)
		assert_in_colony(spaces[i], strrchr(spaces[i], ' ') + 1);
}

/* Does the set-up (4.0) put a piece of `side` in the space: a PC, a CU
 * or a general? */
static bool setup_piece(int space, enum ww_side side, bool pc_only)
{
	for (int i = 0; i < D->nsetup; i++) {
		const struct ww_setup_item *it = &D->setup[i];
		int nat = side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN;
		bool piece = it->pc || (!pc_only && (it->cu[nat] || it->general >= 0));
		if (it->space == space && it->side == side && piece)
			return true;
	}
	return false;
}

/* Is the space adjacent (3.0) to one holding a British PC at set-up? */
static bool next_to_setup_british_pc(int space)
{
	for (int b = 0; b < D->nspaces; b++)
		if (setup_piece(b, WW_BRITISH, true) && ww_adjacent(D, space, b))
			return true;
	return false;
}

/* Playbook: the American opening places the Committees of Correspondence
 * at these thirteen spaces, one in each colony, none with a British piece
 * (4.0). */
static void playbook_committees_of_correspondence(void **state)
{
	static const char *const committees[] = {
		"Savannah GA", "Camden SC", "Charlotte NC", "Alexandria VA", "Baltimore MD",
		"Wilmington DE", "Bassett Town PA", "New Brunswick NJ", "New York NY",
		"New Haven CT", "Newport RI", "Falmouth MA", "Norwich NH",
	};
	uint32_t colonies = 0;
	(void)state;
	for (size_t i = 0; i < 13; i++) {
		int s = sp(committees[i]);
		assert_in_colony(committees[i], strrchr(committees[i], ' ') + 1);
		colonies |= 1u << D->spaces[s].colony;
		if (setup_piece(s, WW_BRITISH, false))
			fail_msg("%s holds a British piece at set-up", committees[i]);
	}
	assert_int_equal(__builtin_popcount(colonies), 13);
}

/* Playbook: For The King at Fort Niagara and Ticonderoga, each "adjacent
 * to a British PC marker which was present on the map prior to this step"
 * (4.0, 10.11.B.ii). Neither is a port, so the ports rule does not help. */
static void playbook_for_the_king_next_to_setup_british_pcs(void **state)
{
	(void)state;
	assert_true(next_to_setup_british_pc(sp("Fort Niagara NY")));
	assert_true(next_to_setup_british_pc(sp("Ticonderoga NY")));
	assert_false(D->spaces[sp("Fort Niagara NY")].port);
	assert_false(D->spaces[sp("Ticonderoga NY")].port);
}

/* Playbook: the first American card places PCs at Pittsburgh, Genesee and
 * Saratoga, "which keeps the British from expanding into New York and
 * Pennsylvania": each is next to a British PC of the set-up or of the
 * playbook's For The King (Fort Niagara, Ticonderoga). */
static void playbook_first_card_on_the_british_paths(void **state)
{
	static const char *const blocks[] = { "Pittsburgh PA", "Genesee NY", "Saratoga NY" };
	(void)state;
	for (size_t i = 0; i < 3; i++) {
		int s = sp(blocks[i]);
		bool next = next_to_setup_british_pc(s) ||
			    ww_adjacent(D, s, sp("Fort Niagara NY")) ||
			    ww_adjacent(D, s, sp("Ticonderoga NY"));
		if (!next || D->spaces[s].port)
			fail_msg("%s is not on a British path", blocks[i]);
	}
}

static void every_record_has_a_source(void **state)
{
	(void)state;
	for (int s = 0; s < D->nspaces; s++)
		assert_true(D->spaces[s].source[0]);
	for (int g = 0; g < D->ngenerals; g++)
		assert_true(D->generals[g].source[0]);
	for (int n = 1; n <= 110; n++)
		assert_true(D->cards[n].source[0]);
	assert_int_equal(D->british_reinforcements[1776 - 1775] > 0, true);
}

static void lookups(void **state)
{
	(void)state;
	assert_int_equal(ww_space_by_name(D, "boston ma"), sp("Boston MA"));
	assert_int_equal(ww_space_by_name(D, "Boston"), sp("Boston MA"));
	assert_int_equal(ww_space_by_name(D, "Ninety Six"), sp("Ninety Six SC"));
	assert_int_equal(ww_space_by_name(D, "Quebec CAN"), sp("Quebec"));
	assert_int_equal(ww_space_by_name(D, "Wilmington"), -1); /* NC or DE */
	assert_int_equal(ww_space_by_name(D, "Atlantis"), -1);
	assert_int_equal(ww_general_by_name(D, "washington"), ww_general_by_name(D, "Washington"));
	assert_int_equal(ww_general_by_name(D, "Napoleon"), -1);
	assert_int_equal(ww_colony_by_code(D, "XX"), -1);
	assert_false(ww_adjacent(D, -1, 0));
	assert_false(ww_adjacent(D, 0, D->nspaces));
}

/* ---- broken copies of the data ---- */

/* A copy of the real data directory, to be broken. */
static void copy_data(struct data_copy *c)
{
	data_copy(c, data_dir(), FILES, sizeof FILES / sizeof *FILES);
}

/* Loads the copy, checks it if it loads, and asserts a problem at file:line
 * whose message contains `needle`. */
static void expect_problem(struct data_copy *c, const char *file, int line, const char *needle)
{
	struct ww_data *d = calloc(1, sizeof *d);
	struct wj_data_problems p = { 0 };
	assert_non_null(d);
	if (ww_data_load(c->dir, d, &p) == 0)
		assert_true(ww_data_check(d, &p) > 0);
	bool found = false;
	for (int i = 0; i < p.n; i++)
		if (!strcmp(p.v[i].file, file) && p.v[i].line == line &&
		    strstr(p.v[i].message, needle))
			found = true;
	if (!found) {
		print_problems(&p);
		fail_msg("no problem at %s:%d mentioning '%s'", file, line, needle);
	}
	free(d);
	data_copy_remove(c);
}

static void broken_link_to_unknown_space(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "links.yaml", "[Quebec, Montreal]", "Montreal]", "Montrea]");
	expect_problem(&c, "links.yaml", line, "'Montrea' is not a space");
}

static void broken_link_listed_twice(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "links.yaml", "[Montreal, St. Johns]", "St. Johns", "Quebec");
	expect_problem(&c, "links.yaml", line, "listed twice");
}

static void broken_port_without_zone(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "spaces.yaml", "name: Boston MA", "  zone: New England\n", "");
	expect_problem(&c, "spaces.yaml", line, "Boston MA is a port but has no blockade zone");
}

static void broken_zone_on_a_non_port(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "spaces.yaml", "name: Reading PA", "  x:", "  zone: Delaware\n  x:");
	expect_problem(&c, "spaces.yaml", line, "has a zone but is not a port");
}

static void broken_109_cards(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "cards.yaml", "{number: 56,", "\n", "\n");
	data_copy_edit(&c, "cards.yaml", "- {number: 57,", "- {number: 57, title: \"3 OPS\", ops: 3, source: reconstructed}\n", "");
	expect_problem(&c, "cards.yaml", line, "card 57 is missing");
}

/* docs/data.md: a source begins rulebook, playbook, public-report or
 * reconstructed; anything else is refused, naming the four. */
static void broken_unknown_source(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "links.yaml", "[Quebec, Montreal]", "source: reconstructed",
			"source: hearsay");
	expect_problem(&c, "links.yaml", line, "'playbook', 'public-report' or 'reconstructed'");
}

static void broken_rating(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "generals.yaml", "name: Carleton", "battle: 4", "battle: 7");
	expect_problem(&c, "generals.yaml", line, "battle rating 7 is out of range");
}

static void broken_eighth_must_play(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	data_copy_edit(&c, "cards.yaml", "number: 76\n", "flag: american", "flag: american\n  must_play: true");
	int line = data_copy_edit(&c, "cards.yaml", "number: 76\n", "number", "number");
	expect_problem(&c, "cards.yaml", line, "must_play and special go together");
}

static void broken_unknown_key(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	data_copy_edit(&c, "spaces.yaml", "name: Albany NY", "  x:", "  colour: red\n  x:");
	int line = data_copy_edit(&c, "spaces.yaml", "colour: red", "c", "c");
	expect_problem(&c, "spaces.yaml", line, "unknown key 'colour'");
}

static void broken_yaml_syntax(void **state)
{
	struct data_copy c;
	(void)state;
	copy_data(&c);
	int line = data_copy_edit(&c, "zones.yaml", "{name: Delaware", "{name: Delaware", "[name: Delaware");
	expect_problem(&c, "zones.yaml", line, "YAML syntax");
}

/* Asymmetry cannot be written in links.yaml (the loader adds both
 * directions), so it is made in memory. */
static void broken_asymmetric_line(void **state)
{
	struct ww_data *d = malloc(sizeof *d);
	struct wj_data_problems p = { 0 };
	(void)state;
	assert_non_null(d);
	*d = *D;
	struct ww_space *q = &d->spaces[sp("Quebec")];
	int m = sp("Montreal");
	for (int i = 0; i < q->nlinks; i++)
		if (q->links[i].to == m)
			q->links[i] = q->links[--q->nlinks];
	assert_true(ww_data_check(d, &p) > 0);
	bool found = false;
	for (int i = 0; i < p.n; i++)
		found |= !strcmp(p.v[i].file, "spaces.yaml") &&
			 p.v[i].line == d->spaces[m].line &&
			 strstr(p.v[i].message, "Montreal has a line to Quebec") != NULL;
	if (!found)
		print_problems(&p);
	assert_true(found);
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_data_loads_and_checks_clean),
		cmocka_unit_test(rule_12_3_ports_and_blockade_zones),
		cmocka_unit_test(rule_2_1_C_fortified_ports),
		cmocka_unit_test(rule_11_winter_quarters_examples),
		cmocka_unit_test(rule_2_1_B_south_of_the_winter_attrition_line),
		cmocka_unit_test(rule_10_0_B_colonies_and_canada),
		cmocka_unit_test(rule_4_0_setup),
		cmocka_unit_test(rule_7_3_C_southern_example),
		cmocka_unit_test(rule_7_3_D_wilderness_costs),
		cmocka_unit_test(rule_7_4_D_arnold_link),
		cmocka_unit_test(rule_10_11_B_oswego_example),
		cmocka_unit_test(rule_9_63_ticonderoga_saratoga),
		cmocka_unit_test(map_every_space_has_two_to_seven_lines),
		cmocka_unit_test(rule_ratings_from_the_examples),
		cmocka_unit_test(rule_6_34_seven_special_events),
		cmocka_unit_test(rule_6_1_B_cards_95_96_99),
		cmocka_unit_test(rule_named_events),
		cmocka_unit_test(rule_named_event_effects),
		cmocka_unit_test(rule_6_34_special_and_campaign_titles),
		cmocka_unit_test(public_report_thomas_paine_places_pcs),
		cmocka_unit_test(public_report_spaces_and_colonies),
		cmocka_unit_test(playbook_committees_of_correspondence),
		cmocka_unit_test(playbook_for_the_king_next_to_setup_british_pcs),
		cmocka_unit_test(playbook_first_card_on_the_british_paths),
		cmocka_unit_test(every_record_has_a_source),
		cmocka_unit_test(lookups),
		cmocka_unit_test(broken_link_to_unknown_space),
		cmocka_unit_test(broken_link_listed_twice),
		cmocka_unit_test(broken_port_without_zone),
		cmocka_unit_test(broken_zone_on_a_non_port),
		cmocka_unit_test(broken_109_cards),
		cmocka_unit_test(broken_unknown_source),
		cmocka_unit_test(broken_rating),
		cmocka_unit_test(broken_eighth_must_play),
		cmocka_unit_test(broken_unknown_key),
		cmocka_unit_test(broken_yaml_syntax),
		cmocka_unit_test(broken_asymmetric_line),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
