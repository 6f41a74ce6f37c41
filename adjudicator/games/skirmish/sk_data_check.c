/* Validates Skirmish's loaded data against what the seed's rules need of
 * it: the board (names, kinds of spots and lines, harbours and their
 * cities, every land spot reachable by land and every sea spot by sea),
 * the set-up (places of the right kinds, the seed's totals), the card mix
 * and the dice. Problems go to *p as file:line; the loader has already
 * checked syntax, keys and names. */
#include <stdio.h>
#include <string.h>

#include "sk_data.h"

#define MOVE_MAX 3   /* seed II.1: zero, one, two or three spots */
#define MOVE_MAX_TEXT "3"
#define BATTLE_MAX 6 /* seed IV.2.B: the battle dice, spots 1 to 6 */

struct check {
	const struct sk_data *d;
	struct wj_data_problems *p;
	int n; /* problems found by this check, stored or not */
};

#define PROBLEM(k, file, line, ...) ((k)->n++, wj_data_problem_add((k)->p, file, line, __VA_ARGS__))

static const char *const KIND_NAMES[] = { "a land spot", "a city", "a sea spot", "a harbour",
					  "a troop-carrier dot" };

static bool on_land(const struct sk_spot *s)
{
	return s->kind == SK_LAND || s->kind == SK_CITY;
}

/* ---- the spots ---- */

static void check_name(struct check *k, int i)
{
	const struct sk_spot *s = &k->d->spots[i];
	int first = sk_spot_by_name(k->d, s->name);

	if (first != i)
		PROBLEM(k, "spots.yaml", s->line, "the spot '%s' is named twice (first at line %d)",
			s->name, k->d->spots[first].line);
}

static void check_position(struct check *k, const struct sk_spot *s)
{
	if (s->x < 0 || s->x > SK_BOARD_W || s->y < 0 || s->y > SK_BOARD_H)
		PROBLEM(k, "spots.yaml", s->line, "%s at x %d, y %d is off the %dx%d board picture",
			s->name, s->x, s->y, SK_BOARD_W, SK_BOARD_H);
}

static void check_star(struct check *k, const struct sk_spot *s)
{
	if (s->star != SK_NO_STAR && s->kind != SK_LAND)
		PROBLEM(k, "spots.yaml", s->line, "%s is %s; a blue star is on a land spot only",
			s->name, KIND_NAMES[s->kind]);
}

static int harbours_of(const struct sk_data *d, int city)
{
	int n = 0;
	for (int i = 0; i < d->nspots; i++)
		n += d->spots[i].kind == SK_HARBOUR && d->spots[i].city == city;
	return n;
}

/* A harbour names its city (city:), and each city has one harbour. */
static void check_harbour(struct check *k, int i)
{
	const struct sk_spot *s = &k->d->spots[i];

	if (s->kind == SK_HARBOUR && s->city < 0)
		PROBLEM(k, "spots.yaml", s->line,
			"the harbour %s has no city; give the coastal city it guards as city: NAME",
			s->name);
	else if (s->kind == SK_HARBOUR && k->d->spots[s->city].kind != SK_CITY)
		PROBLEM(k, "spots.yaml", s->line, "the harbour %s guards %s, which is %s, not a city",
			s->name, k->d->spots[s->city].name, KIND_NAMES[k->d->spots[s->city].kind]);
	else if (s->kind != SK_HARBOUR && s->city >= 0)
		PROBLEM(k, "spots.yaml", s->line, "%s is %s; only a harbour has a city:", s->name,
			KIND_NAMES[s->kind]);
	else if (s->kind == SK_CITY && harbours_of(k->d, i) != 1)
		PROBLEM(k, "spots.yaml", s->line, "the city %s has %d harbours; a city has one",
			s->name, harbours_of(k->d, i));
}

static void check_spots(struct check *k)
{
	for (int i = 0; i < k->d->nspots; i++) {
		check_name(k, i);
		check_position(k, &k->d->spots[i]);
		check_star(k, &k->d->spots[i]);
		check_harbour(k, i);
	}
}

/* ---- the lines ---- */

static bool same_line(const struct sk_line *a, const struct sk_line *b)
{
	return (a->a == b->a && a->b == b->b) || (a->a == b->b && a->b == b->a);
}

/* What a line of its kind may join: a problem naming the wrong end. */
static void check_ends(struct check *k, const struct sk_line *l)
{
	static const char *const WHAT[] = { "a land line joins land spots and cities",
					    "a red coastal line joins two cities",
					    "a sea line joins harbours, sea spots and troop-carrier dots" };
	const int ends[2] = { l->a, l->b };

	for (int e = 0; e < 2; e++) {
		const struct sk_spot *s = &k->d->spots[ends[e]];
		bool ok = l->kind == SK_LAND_LINE	 ? on_land(s)
			  : l->kind == SK_COASTAL_LINE ? s->kind == SK_CITY
						       : !on_land(s);
		if (!ok) {
			PROBLEM(k, "lines.yaml", l->line, "%s; %s is %s", WHAT[l->kind], s->name,
				KIND_NAMES[s->kind]);
			return;
		}
	}
}

static void check_lines(struct check *k)
{
	for (int i = 0; i < k->d->nlines; i++) {
		const struct sk_line *l = &k->d->lines[i];

		if (l->a == l->b)
			PROBLEM(k, "lines.yaml", l->line, "a line from %s to itself",
				k->d->spots[l->a].name);
		for (int j = 0; j < i; j++)
			if (same_line(l, &k->d->lines[j]))
				PROBLEM(k, "lines.yaml", l->line,
					"the line %s - %s is listed twice (first at line %d)",
					k->d->spots[l->a].name, k->d->spots[l->b].name,
					k->d->lines[j].line);
		check_ends(k, l);
	}
}

/* Marks every spot reached from `from` along lines of that kind. */
static void reach(const struct sk_data *d, int from, enum sk_line_kind kind, bool *seen)
{
	int queue[SK_MAX_SPOTS], head = 0, tail = 0;

	seen[from] = true;
	queue[tail++] = from;
	while (head < tail) {
		const struct sk_spot *s = &d->spots[queue[head++]];
		for (int i = 0; i < s->nneighbours; i++) {
			int to = s->neighbours[i].to;
			if (s->neighbours[i].kind == kind && !seen[to]) {
				seen[to] = true;
				queue[tail++] = to;
			}
		}
	}
}

/* Every spot of the land (or of the sea) reached from the first one. */
static void check_reachable(struct check *k, bool land)
{
	bool seen[SK_MAX_SPOTS] = { false };
	int first = -1;

	for (int i = 0; i < k->d->nspots; i++) {
		if (on_land(&k->d->spots[i]) != land)
			continue;
		if (first < 0) {
			first = i;
			reach(k->d, i, land ? SK_LAND_LINE : SK_SEA_LINE, seen);
		} else if (!seen[i]) {
			PROBLEM(k, "spots.yaml", k->d->spots[i].line,
				"%s cannot be reached from %s along %s lines", k->d->spots[i].name,
				k->d->spots[first].name, land ? "land" : "sea");
		}
	}
}

/* ---- the set-up ---- */

static const char *const PIECE_NAMES[] = { "an army", "the Continental Army", "a basic unit",
					   "a warship", "a troop carrier" };

/* Where each piece starts (seed SET UP THE GAME). */
static bool right_place(const struct sk_piece *pc, const struct sk_spot *s)
{
	switch (pc->kind) {
	case SK_BASIC_UNIT:
		return s->star == SK_SMALL_STAR;
	case SK_ARMY:
		return on_land(s) && (pc->side == SK_BRITISH || s->star == SK_LARGE_STAR);
	case SK_CONTINENTAL_ARMY:
		return on_land(s);
	case SK_WARSHIP:
		return s->kind == SK_HARBOUR;
	default:
		return s->kind == SK_CARRIER;
	}
}

static void check_units(struct check *k, const struct sk_piece *pc)
{
	int lo = pc->kind == SK_WARSHIP ? 0 : 1;
	int hi = pc->kind == SK_WARSHIP ? 0 : pc->kind == SK_BASIC_UNIT ? 1 : k->d->army_max_units;

	if (pc->units < lo || pc->units > hi)
		PROBLEM(k, "setup.yaml", pc->line, "%s of %d units; %s has %d to %d", PIECE_NAMES[pc->kind],
			pc->units, PIECE_NAMES[pc->kind], lo, hi);
}

static void check_piece(struct check *k, int i)
{
	const struct sk_piece *pc = &k->d->pieces[i];
	const struct sk_spot *s = &k->d->spots[pc->spot];

	if (!right_place(pc, s))
		PROBLEM(k, "setup.yaml", pc->line,
			"%s cannot start on %s (%s%s); see SET UP THE GAME in docs/skirmish-data.md",
			PIECE_NAMES[pc->kind], s->name, KIND_NAMES[s->kind],
			s->star == SK_SMALL_STAR ? ", small blue star" :
			s->star == SK_LARGE_STAR ? ", large blue star" : "");
	check_units(k, pc);
	for (int j = 0; j < i; j++)
		if (k->d->pieces[j].spot == pc->spot && on_land(s))
			PROBLEM(k, "setup.yaml", pc->line, "%s already has a piece (line %d)", s->name,
				k->d->pieces[j].line);
}

static bool has_piece(const struct sk_data *d, int spot, enum sk_piece_kind kind)
{
	for (int i = 0; i < d->npieces; i++)
		if (d->pieces[i].spot == spot && d->pieces[i].kind == kind)
			return true;
	return false;
}

/* One basic unit on each small star, an American army on each large one. */
static void check_stars_filled(struct check *k)
{
	for (int i = 0; i < k->d->nspots; i++) {
		const struct sk_spot *s = &k->d->spots[i];
		enum sk_piece_kind want = s->star == SK_SMALL_STAR ? SK_BASIC_UNIT : SK_ARMY;

		if (s->star != SK_NO_STAR && !has_piece(k->d, i, want))
			PROBLEM(k, "spots.yaml", s->line, "the %s star %s has no %s in setup.yaml",
				s->star == SK_SMALL_STAR ? "small" : "large", s->name,
				want == SK_BASIC_UNIT ? "basic unit" : "American army");
	}
}

static void check_setup(struct check *k)
{
	int continental = 0;

	for (int i = 0; i < k->d->npieces; i++) {
		check_piece(k, i);
		continental += k->d->pieces[i].kind == SK_CONTINENTAL_ARMY;
	}
	if (continental != 1)
		PROBLEM(k, "setup.yaml", 1, "%d Continental Armies; the American has one", continental);
	check_stars_filled(k);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++)
		if (sk_setup_units(k->d, (enum sk_side)side) != k->d->units_at_start[side])
			PROBLEM(k, "setup.yaml", 1,
				"the %s start with %d units on the board; dataset.yaml line %d says %d",
				k->d->side_name[side], sk_setup_units(k->d, (enum sk_side)side),
				k->d->units_at_start_line, k->d->units_at_start[side]);
}

/* ---- the cards ---- */

static void check_card(struct check *k, int i)
{
	const struct sk_card *c = &k->d->cards[i];
	bool acts = c->effect == SK_LOSE_A_UNIT || c->effect == SK_MOVE;

	for (int j = 0; j < i; j++)
		if (!strcmp(k->d->cards[j].name, c->name))
			PROBLEM(k, "cards.yaml", c->line, "the card '%s' is listed twice (first at line %d)",
				c->name, k->d->cards[j].line);
	if (c->count < 0)
		PROBLEM(k, "cards.yaml", c->line, "count %d; a card is in the deck 0 or more times",
			c->count);
	if (acts != (c->who != SK_WHO_NONE))
		PROBLEM(k, "cards.yaml", c->line, "'%s' %s", c->name, acts ?
			"must say whose unit: who: british, american, moved or held" :
			"concerns no one unit: no who:");
	if (c->effect == SK_MOVE ? c->spots < 1 || c->spots > MOVE_MAX : c->spots != 0)
		PROBLEM(k, "cards.yaml", c->line, "'%s' %s", c->name, c->effect == SK_MOVE ?
			"must move 1 to " MOVE_MAX_TEXT " spots (spots: N)" : "moves nothing: no spots:");
}

static void check_cards(struct check *k)
{
	int total = 0;

	for (int i = 0; i < k->d->ncards; i++) {
		check_card(k, i);
		total += k->d->cards[i].count > 0 ? k->d->cards[i].count : 0;
	}
	if (total < 1)
		PROBLEM(k, "cards.yaml", 1, "the deck is empty: give at least one card a count of 1 or more");
}

/* ---- the dice ---- */

static void check_faces(struct check *k, const struct sk_dice *dice, const char *which, int lo, int hi)
{
	for (int i = 0; i < SK_FACES; i++)
		if (dice->faces[i] < lo || dice->faces[i] > hi) {
			PROBLEM(k, "dice.yaml", dice->line, "a %s die's face %d; its faces are %d to %d",
				which, dice->faces[i], lo, hi);
			return;
		}
}

static void check_dice(struct check *k)
{
	check_faces(k, &k->d->movement, "movement", 0, MOVE_MAX);
	check_faces(k, &k->d->battle, "battle", 1, BATTLE_MAX);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++)
		if (k->d->movement_dice[side] < 1)
			PROBLEM(k, "dice.yaml", k->d->movement.line, "the %s throws %d movement dice; "
				"at least 1", k->d->side_name[side], k->d->movement_dice[side]);
}

int sk_data_check(const struct sk_data *d, struct wj_data_problems *p)
{
	struct check k = { .d = d, .p = p };

	check_spots(&k);
	check_lines(&k);
	check_reachable(&k, true);
	check_reachable(&k, false);
	check_setup(&k);
	check_cards(&k);
	check_dice(&k);
	return k.n;
}
