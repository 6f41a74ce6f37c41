/* Skirmish's data (issue 14, seed 004): the real data/skirmish/ loads and
 * checks clean and holds the seed's set-up, board words, cards and dice
 * (each test names the seed's section); and each rule of the loader and
 * checker reports a broken copy of the data at the right file:line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "sk_data.h"
#include "data_copy.h"

static const char *const FILES[] = {
	"dataset.yaml", "spots.yaml", "lines.yaml", "setup.yaml", "cards.yaml", "dice.yaml",
};

static struct sk_data *D;

static const char *data_dir(void)
{
	const char *dir = getenv("SK_DATA");
	return dir ? dir : "data/skirmish";
}

static int setup_data(void **state)
{
	struct wj_data_problems p = { 0 };
	(void)state;
	D = calloc(1, sizeof *D);
	if (!D || sk_data_load(data_dir(), D, &p)) {
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

static const struct sk_spot *spot(const char *name)
{
	int s = sk_spot_by_name(D, name);
	if (s < 0)
		fail_msg("no spot '%s'", name);
	return &D->spots[s];
}

/* The piece at that spot, or fails. */
static const struct sk_piece *piece_at(const char *name)
{
	int s = sk_spot_by_name(D, name);
	for (int i = 0; i < D->npieces; i++)
		if (D->pieces[i].spot == s)
			return &D->pieces[i];
	fail_msg("no piece at '%s'", name);
	return NULL;
}

static bool has_line(const char *a, const char *b, enum sk_line_kind kind)
{
	const struct sk_spot *s = spot(a);
	int to = sk_spot_by_name(D, b);
	for (int i = 0; i < s->nneighbours; i++)
		if (s->neighbours[i].to == to && s->neighbours[i].kind == kind)
			return true;
	return false;
}

static void real_data_loads_and_checks_clean(void **state)
{
	struct wj_data_problems p = { 0 };
	(void)state;
	int n = sk_data_check(D, &p);
	print_problems(&p);
	assert_int_equal(n, 0);
	assert_string_equal(D->id, "skirmish-reconstructed-1");
	assert_string_equal(D->side_name[SK_AMERICAN], "American");
	assert_string_equal(D->side_colour[SK_AMERICAN], "blue");
	assert_string_equal(D->side_name[SK_BRITISH], "British");
	assert_string_equal(D->side_colour[SK_BRITISH], "red");
	assert_int_equal(D->army_max_units, 6); /* COMBINING UNITS 2 */
	assert_int_equal(D->quiet_moves, 10);   /* TO END THE GAME */
}

/* SET UP: "the British start with a total of 20 red units and the
 * American starts with a total of 16 blue units". */
static void setup_totals_20_and_16(void **state)
{
	(void)state;
	assert_int_equal(sk_setup_units(D, SK_BRITISH), 20);
	assert_int_equal(sk_setup_units(D, SK_AMERICAN), 16);
}

/* SET UP, RED BRITISH ARMIES: 4 basic units and a top unit at Boston, New
 * York City, Montreal and Yorktown. */
static void setup_british_armies(void **state)
{
	static const char *const AT[] = { "Boston", "New York City", "Montreal", "Yorktown" };
	int armies = 0;
	(void)state;
	for (int i = 0; i < 4; i++) {
		const struct sk_piece *pc = piece_at(AT[i]);
		assert_int_equal(pc->side, SK_BRITISH);
		assert_int_equal(pc->kind, SK_ARMY);
		assert_int_equal(pc->units, 5);
	}
	for (int i = 0; i < D->npieces; i++)
		armies += D->pieces[i].side == SK_BRITISH && D->pieces[i].kind == SK_ARMY;
	assert_int_equal(armies, 4);
}

/* SET UP, BLUE AMERICAN UNITS: a basic unit on each small blue star, an
 * army on the large star in New York State and in Virginia, the
 * Continental Army on Philadelphia. */
static void setup_american_units(void **state)
{
	int small = 0, basic = 0;
	(void)state;
	for (int i = 0; i < D->nspots; i++)
		if (D->spots[i].star == SK_SMALL_STAR) {
			const struct sk_piece *pc = piece_at(D->spots[i].name);
			assert_int_equal(pc->kind, SK_BASIC_UNIT);
			assert_int_equal(pc->side, SK_AMERICAN);
			small++;
		}
	for (int i = 0; i < D->npieces; i++)
		basic += D->pieces[i].kind == SK_BASIC_UNIT;
	assert_int_equal(basic, small);
	assert_int_equal(spot("Saratoga")->star, SK_LARGE_STAR);
	assert_int_equal(piece_at("Saratoga")->kind, SK_ARMY);
	assert_int_equal(piece_at("Saratoga")->side, SK_AMERICAN);
	assert_int_equal(spot("Charlottesville")->star, SK_LARGE_STAR);
	assert_int_equal(piece_at("Charlottesville")->kind, SK_ARMY);
	assert_int_equal(piece_at("Charlottesville")->side, SK_AMERICAN);
	assert_int_equal(piece_at("Philadelphia")->kind, SK_CONTINENTAL_ARMY);
	assert_int_equal(piece_at("Philadelphia")->side, SK_AMERICAN);
}

/* SET UP, NAVAL WARSHIPS and NAVAL TROOP CARRIERS. */
static void setup_ships(void **state)
{
	static const char *const BRITISH[] = { "Boston Harbor", "New York Harbor", "Yorktown Harbor" };
	(void)state;
	for (int i = 0; i < 3; i++) {
		assert_int_equal(piece_at(BRITISH[i])->kind, SK_WARSHIP);
		assert_int_equal(piece_at(BRITISH[i])->side, SK_BRITISH);
	}
	assert_int_equal(piece_at("Philadelphia Harbor")->kind, SK_WARSHIP);
	assert_int_equal(piece_at("Philadelphia Harbor")->side, SK_AMERICAN);
	for (int i = 0; i < D->npieces; i++) /* Charleston harbor is "open" */
		assert_int_not_equal(D->pieces[i].spot, sk_spot_by_name(D, "Charleston Harbor"));
	assert_int_equal(piece_at("Large Red Dot")->kind, SK_TROOP_CARRIER);
	assert_int_equal(piece_at("Large Red Dot")->side, SK_BRITISH);
	assert_int_equal(piece_at("Large Red Dot")->units, 2);
	assert_int_equal(piece_at("Large Blue Dot")->kind, SK_TROOP_CARRIER);
	assert_int_equal(piece_at("Large Blue Dot")->side, SK_AMERICAN);
	assert_int_equal(piece_at("Large Blue Dot")->units, 4);
	assert_int_equal(spot("Large Red Dot")->kind, SK_CARRIER);
	assert_true(spot("Large Red Dot")->x > SK_BOARD_W * 9 / 10); /* "at the edge" */
	assert_true(spot("Large Blue Dot")->x > SK_BOARD_W * 9 / 10);
}

/* II.6.B: the five coastal cities, each with its harbour (a Red Dot), on
 * red lines; II.6.A: a warship goes New York to Boston with one spot. */
static void seed_II_6_coastal_cities_and_harbours(void **state)
{
	static const char *const CITY[] = { "Boston", "New York City", "Philadelphia", "Yorktown",
					    "Charleston" };
	static const char *const HARBOUR[] = { "Boston Harbor", "New York Harbor",
					       "Philadelphia Harbor", "Yorktown Harbor",
					       "Charleston Harbor" };
	(void)state;
	for (int i = 0; i < 5; i++) {
		assert_int_equal(spot(CITY[i])->kind, SK_CITY);
		assert_int_equal(spot(HARBOUR[i])->kind, SK_HARBOUR);
		assert_int_equal(spot(HARBOUR[i])->city, sk_spot_by_name(D, CITY[i]));
	}
	assert_true(has_line("Boston", "New York City", SK_COASTAL_LINE));
	assert_true(has_line("Yorktown", "Charleston", SK_COASTAL_LINE));
	assert_true(has_line("New York Harbor", "Boston Harbor", SK_SEA_LINE));
	assert_true(spot("Montreal")->y < spot("Charleston")->y); /* north up */
	assert_true(spot("Boston")->x > spot("Charleston")->x);   /* the coast runs south-west */
}

/* II.1: movement dice of zero, one, two or three; the American throws
 * two, the British one (SET UP, MOVING DICE); IV.2.B battle dice 1 to 6. */
static void seed_II_1_dice(void **state)
{
	bool seen[4] = { false };
	(void)state;
	for (int i = 0; i < SK_FACES; i++) {
		assert_in_range(D->movement.faces[i], 0, 3);
		seen[D->movement.faces[i]] = true;
		assert_int_equal(D->battle.faces[i], i + 1);
	}
	for (int v = 0; v < 4; v++)
		assert_true(seen[v]);
	assert_int_equal(D->movement_dice[SK_AMERICAN], 2);
	assert_int_equal(D->movement_dice[SK_BRITISH], 1);
}

/* III.2: the cards lose a unit, move a piece, or call a major battle. */
static void seed_III_2_card_effects(void **state)
{
	int with[4] = { 0 };
	(void)state;
	for (int i = 0; i < D->ncards; i++)
		with[D->cards[i].effect] += D->cards[i].count;
	assert_true(with[SK_LOSE_A_UNIT] > 0);
	assert_true(with[SK_MOVE] > 0);
	assert_true(with[SK_MAJOR_BATTLE] > 0);
}


static void broken(const char *file, const char *anchor, const char *from, const char *to,
		   const char *at_file, const char *at_anchor, const char *needle)
{
	struct data_copy c;
	data_copy(&c, data_dir(), FILES, sizeof FILES / sizeof *FILES);
	int line = data_copy_line(&c, at_file, at_anchor); /* before the edit */
	data_copy_edit(&c, file, anchor, from, to);
	struct sk_data *d = calloc(1, sizeof *d);
	struct wj_data_problems p = { 0 };
	assert_non_null(d);
	if (sk_data_load(c.dir, d, &p) == 0)
		assert_true(sk_data_check(d, &p) > 0);
	bool found = false;
	for (int i = 0; i < p.n; i++)
		found |= !strcmp(p.v[i].file, at_file) && p.v[i].line == line &&
			 strstr(p.v[i].message, needle);
	if (!found) {
		print_problems(&p);
		fail_msg("no problem at %s:%d mentioning '%s'", at_file, line, needle);
	}
	free(d);
	data_copy_remove(&c);
}

/* The problem is at the edited record itself. */
#define BROKEN_AT(file, anchor, from, to, needle) broken(file, anchor, from, to, file, anchor, needle)

static void broken_unknown_key(void **state)
{
	(void)state;
	BROKEN_AT("spots.yaml", "{name: Albany", "kind:", "knid:", "unknown key 'knid' in a spot");
}

static void broken_spot_named_twice(void **state)
{
	(void)state;
	BROKEN_AT("spots.yaml", "# Troop carriers' dots", "# Troop carriers' dots",
		  "- {name: Savannah, kind: land, x: 300, y: 980, source: reconstructed}\n#",
		  "the spot 'Savannah' is named twice (first at line");
}

static void broken_line_to_unknown_spot(void **state)
{
	(void)state;
	BROKEN_AT("lines.yaml", "[Quebec, Montreal]", "Montreal]", "Montrea]",
		  "'Montrea' is not a spot of spots.yaml");
}

static void broken_land_line_touching_a_sea_spot(void **state)
{
	(void)state;
	BROKEN_AT("lines.yaml", "[Boston, Worcester]", "Worcester", "Gulf of Maine",
		  "a land line joins land spots and cities; Gulf of Maine is a sea spot");
}

static void broken_red_line_not_between_cities(void **state)
{
	(void)state;
	BROKEN_AT("lines.yaml", "[Boston, New York City], kind: coastal", "New York City",
		  "Worcester", "a red coastal line joins two cities; Worcester is a land spot");
}

static void broken_line_listed_twice(void **state)
{
	(void)state;
	broken("lines.yaml", "[Augusta, Savannah]", "[Augusta, Savannah]", "[Savannah, Charleston]",
	       "lines.yaml", "[Charleston, Savannah]",
	       "the line Charleston - Savannah is listed twice (first at line");
}

static void broken_harbour_with_no_city(void **state)
{
	(void)state;
	BROKEN_AT("spots.yaml", "{name: Charleston Harbor", "city: Charleston, ", "",
		  "the harbour Charleston Harbor has no city");
}

static void broken_harbour_of_a_land_spot(void **state)
{
	(void)state;
	BROKEN_AT("spots.yaml", "{name: Charleston Harbor", "city: Charleston", "city: Camden",
		  "guards Camden, which is a land spot, not a city");
}

static void broken_land_spot_unreachable(void **state)
{
	(void)state;
	broken("lines.yaml", "[Quebec, Montreal]", "kind: land", "kind: sea", "spots.yaml",
	       "{name: Montreal", "Montreal cannot be reached from Quebec along land lines");
}

static void broken_sea_spot_unreachable(void **state)
{
	(void)state;
	BROKEN_AT("spots.yaml", "# Troop carriers' dots", "# Troop carriers' dots",
		  "- {name: Sable Island, kind: sea, x: 1500, y: 150, source: reconstructed}\n#",
		  "Sable Island cannot be reached from Boston Harbor along sea lines");
}

static void broken_setup_total(void **state)
{
	(void)state;
	broken("setup.yaml", "spot: Yorktown", "units: 5", "units: 4", "setup.yaml", "# The set-up",
	       "the British start with 19 units on the board; dataset.yaml line");
}

static void broken_basic_unit_off_a_star(void **state)
{
	(void)state;
	BROKEN_AT("setup.yaml", "spot: Camden", "Camden", "Augusta",
		  "a basic unit cannot start on Augusta (a land spot)");
}

static void broken_warship_on_land(void **state)
{
	(void)state;
	BROKEN_AT("setup.yaml", "spot: Boston Harbor", "Boston Harbor", "Portsmouth",
		  "a warship cannot start on Portsmouth (a land spot)");
}

static void broken_army_of_seven(void **state)
{
	(void)state;
	BROKEN_AT("setup.yaml", "spot: Montreal", "units: 5", "units: 7",
		  "an army of 7 units; an army has 1 to 6");
}

static void broken_negative_count(void **state)
{
	(void)state;
	BROKEN_AT("cards.yaml", "{name: Major battle", "count: 3", "count: -1",
		  "count -1; a card is in the deck 0 or more times");
}

static void broken_move_card_without_who(void **state)
{
	(void)state;
	BROKEN_AT("cards.yaml", "{name: British fall back", "who: british, ", "",
		  "'British fall back' must say whose unit");
}

static void broken_unknown_effect(void **state)
{
	(void)state;
	BROKEN_AT("cards.yaml", "{name: Major battle", "effect: major battle", "effect: siege",
		  "'siege' is not a effect; expected one of: lose a unit, move");
}

static void broken_empty_deck(void **state)
{
	struct data_copy c;
	(void)state;
	data_copy(&c, data_dir(), FILES, sizeof FILES / sizeof *FILES);
	data_copy_write(&c, "cards.yaml",
			"- {name: Nothing, text: \"Nothing.\", effect: nothing, count: 0, "
			"source: reconstructed}\n");
	struct sk_data *d = calloc(1, sizeof *d);
	struct wj_data_problems p = { 0 };
	assert_non_null(d);
	assert_int_equal(sk_data_load(c.dir, d, &p), 0);
	assert_int_equal(sk_data_check(d, &p), 1);
	assert_string_equal(p.v[0].file, "cards.yaml");
	assert_int_equal(p.v[0].line, 1);
	assert_non_null(strstr(p.v[0].message, "the deck is empty"));
	free(d);
	data_copy_remove(&c);
}

static void broken_movement_face_4(void **state)
{
	(void)state;
	BROKEN_AT("dice.yaml", "faces: [0, 1, 1, 2, 2, 3]", "3]", "4]",
		  "a movement die's face 4; its faces are 0 to 3");
}

static void broken_five_faces(void **state)
{
	(void)state;
	BROKEN_AT("dice.yaml", "faces: [1, 2, 3, 4, 5, 6]", ", 6]", "]",
		  "'faces' must list the die's 6 faces");
}

static void broken_source(void **state)
{
	(void)state;
	BROKEN_AT("spots.yaml", "{name: Albany", "source: \"reconstructed:", "source: \"guessed:",
		  "must be 'seed <where in the seed>' or 'reconstructed: <why>'");
}

int main(void)
{
	const struct CMUnitTest real[] = {
		cmocka_unit_test(real_data_loads_and_checks_clean),
		cmocka_unit_test(setup_totals_20_and_16),
		cmocka_unit_test(setup_british_armies),
		cmocka_unit_test(setup_american_units),
		cmocka_unit_test(setup_ships),
		cmocka_unit_test(seed_II_6_coastal_cities_and_harbours),
		cmocka_unit_test(seed_II_1_dice),
		cmocka_unit_test(seed_III_2_card_effects),
	};
	const struct CMUnitTest copies[] = {
		cmocka_unit_test(broken_unknown_key),
		cmocka_unit_test(broken_spot_named_twice),
		cmocka_unit_test(broken_line_to_unknown_spot),
		cmocka_unit_test(broken_land_line_touching_a_sea_spot),
		cmocka_unit_test(broken_red_line_not_between_cities),
		cmocka_unit_test(broken_line_listed_twice),
		cmocka_unit_test(broken_harbour_with_no_city),
		cmocka_unit_test(broken_harbour_of_a_land_spot),
		cmocka_unit_test(broken_land_spot_unreachable),
		cmocka_unit_test(broken_sea_spot_unreachable),
		cmocka_unit_test(broken_setup_total),
		cmocka_unit_test(broken_basic_unit_off_a_star),
		cmocka_unit_test(broken_warship_on_land),
		cmocka_unit_test(broken_army_of_seven),
		cmocka_unit_test(broken_negative_count),
		cmocka_unit_test(broken_move_card_without_who),
		cmocka_unit_test(broken_unknown_effect),
		cmocka_unit_test(broken_empty_deck),
		cmocka_unit_test(broken_movement_face_4),
		cmocka_unit_test(broken_five_faces),
		cmocka_unit_test(broken_source),
	};
	return cmocka_run_group_tests(real, setup_data, teardown_data) |
	       cmocka_run_group_tests(copies, NULL, NULL);
}
