/* Validates a loaded data set against what the rules need of it: the map
 * (symmetric lines, colonies, ports and blockade zones, winter quarters),
 * the generals' ratings, the 110 cards with their seven special events, and
 * the set-up. Problems are appended to *p with file and line; the loader
 * has already checked syntax and names. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "data.h"

#define MIN_DISTANCE 35 /* px between two spaces on the board picture */
#define BOARD_W 1600
#define BOARD_H 1000
#define CARDS 110       /* 2.0 */
#define MUST_PLAY 7     /* 6.34.A */
#define WAR_ENDS 5      /* 6.34.C.iii */

struct check {
	const struct ww_data *d;
	struct wj_data_problems *p;
	int n; /* problems found by this check, stored or not */
};

static void problem(struct check *k, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void problem(struct check *k, const char *file, int line, const char *fmt, ...)
{
	char message[256];
	va_list ap;
	k->n++;
	va_start(ap, fmt);
	vsnprintf(message, sizeof message, fmt, ap);
	va_end(ap);
	wj_data_problem_add(k->p, file, line, "%s", message);
}

/* ---- the map ---- */

static int count_links(const struct ww_space *s, int to)
{
	int n = 0;
	for (int i = 0; i < s->nlinks; i++)
		n += s->links[i].to == to;
	return n;
}

static const struct ww_link *find_link(const struct ww_space *s, int to)
{
	for (int i = 0; i < s->nlinks; i++)
		if (s->links[i].to == to)
			return &s->links[i];
	return NULL;
}

static void check_links(struct check *k, int a)
{
	const struct ww_data *d = k->d;
	const struct ww_space *s = &d->spaces[a];

	if (s->nlinks < 0 || s->nlinks > WW_MAX_LINKS) {
		problem(k, "spaces.yaml", s->line, "%s has %d lines; 0 to %d are possible",
			s->name, s->nlinks, WW_MAX_LINKS);
		return;
	}
	for (int i = 0; i < s->nlinks; i++) {
		const struct ww_link *l = &s->links[i], *back;
		int b = l->to;

		if (b < 0 || b >= d->nspaces) {
			problem(k, "spaces.yaml", s->line, "%s has a line to space index %d, "
				"which does not exist", s->name, b);
			continue;
		}
		if (b == a) {
			problem(k, "spaces.yaml", s->line, "%s is linked to itself", s->name);
			continue;
		}
		if (count_links(s, b) > 1 && find_link(s, b) == l)
			problem(k, "spaces.yaml", s->line, "%s is linked to %s %d times; "
				"list each line once in links.yaml", s->name, d->spaces[b].name,
				count_links(s, b));
		back = find_link(&d->spaces[b], a);
		if (!back)
			problem(k, "spaces.yaml", s->line, "%s has a line to %s, but %s "
				"(line %d) has none back", s->name, d->spaces[b].name,
				d->spaces[b].name, d->spaces[b].line);
		else if (a < b && (back->wilderness != l->wilderness ||
				   back->arnold_only != l->arnold_only))
			problem(k, "spaces.yaml", s->line, "the line %s - %s differs in each "
				"direction (wilderness or arnold_only)", s->name, d->spaces[b].name);
		if (l->arnold_only && !l->wilderness)
			problem(k, "spaces.yaml", s->line, "the Arnold-only line %s - %s must also "
				"be a wilderness line (7.4.D)", s->name, d->spaces[b].name);
	}
}

static void check_port(struct check *k, const struct ww_space *s)
{
	const struct ww_data *d = k->d;

	if (s->port && (s->zone < 0 || s->zone >= d->nzones))
		problem(k, "spaces.yaml", s->line, "%s is a port but has no blockade zone; "
			"every port is in one of the zones of zones.yaml (12.3)", s->name);
	if (!s->port && s->zone != -1)
		problem(k, "spaces.yaml", s->line, "%s has a zone but is not a port; only "
			"ports are in blockade zones (12.3)", s->name);
	if (s->fortified && !(s->port && s->winter_quarters))
		problem(k, "spaces.yaml", s->line, "%s is fortified, so it must be a port and "
			"winter quarters (2.1.B, 2.1.C)", s->name);
}

static void check_position(struct check *k, int a)
{
	const struct ww_data *d = k->d;
	const struct ww_space *s = &d->spaces[a];

	if (s->x < 0 || s->x >= BOARD_W || s->y < 0 || s->y >= BOARD_H)
		problem(k, "spaces.yaml", s->line, "%s is at (%d, %d), outside the %dx%d board",
			s->name, s->x, s->y, BOARD_W, BOARD_H);
	for (int b = 0; b < a; b++) {
		const struct ww_space *t = &d->spaces[b];
		long dx = s->x - t->x, dy = s->y - t->y;
		if (dx * dx + dy * dy < (long)MIN_DISTANCE * MIN_DISTANCE)
			problem(k, "spaces.yaml", s->line, "%s at (%d, %d) is too close to %s "
				"(line %d) at (%d, %d); keep spaces %d px apart", s->name, s->x, s->y,
				t->name, t->line, t->x, t->y, MIN_DISTANCE);
	}
}

static void check_space(struct check *k, int a)
{
	const struct ww_data *d = k->d;
	const struct ww_space *s = &d->spaces[a];

	if (!s->name[0])
		problem(k, "spaces.yaml", s->line, "space %d has no name", a);
	for (int b = 0; b < a; b++)
		if (!strcasecmp(d->spaces[b].name, s->name))
			problem(k, "spaces.yaml", s->line, "the name %s is also used at line %d",
				s->name, d->spaces[b].line);
	if (s->colony < 0 || s->colony >= d->ncolonies)
		problem(k, "spaces.yaml", s->line, "%s is in no colony; every space belongs to "
			"one of the colonies or Canada (3.0)", s->name);
	if (!ww_source_known(s->source))
		problem(k, "spaces.yaml", s->line, "%s: source '%s' must begin with " WW_SOURCES,
			s->name, s->source);
	check_port(k, s);
	check_position(k, a);
	check_links(k, a);
}

/* Every space can be reached from the first along ordinary lines (3.0). */
static void check_connected(struct check *k)
{
	const struct ww_data *d = k->d;
	bool seen[WW_MAX_SPACES] = { false };
	int queue[WW_MAX_SPACES], head = 0, tail = 0;

	if (d->nspaces <= 0)
		return;
	seen[0] = true;
	queue[tail++] = 0;
	while (head < tail) {
		const struct ww_space *s = &d->spaces[queue[head++]];
		for (int i = 0; i < s->nlinks && i < WW_MAX_LINKS; i++) {
			int b = s->links[i].to;
			if (b >= 0 && b < d->nspaces && !s->links[i].arnold_only && !seen[b]) {
				seen[b] = true;
				queue[tail++] = b;
			}
		}
	}
	for (int a = 0; a < d->nspaces; a++)
		if (!seen[a])
			problem(k, "spaces.yaml", d->spaces[a].line, "%s cannot be reached from %s; "
				"the map must be connected", d->spaces[a].name, d->spaces[0].name);
}

/* 10.0.B: colonies, Canada and its control spaces; 2.1.B the Winter
 * Attrition Line runs along a colony border. */
static void check_colonies(struct check *k)
{
	const struct ww_data *d = k->d;
	int canada = 0;

	if (d->ncolonies != 14)
		problem(k, "colonies.yaml", 1, "%d colonies; expected the thirteen colonies and "
			"Canada (3.0)", d->ncolonies);
	for (int c = 0; c < d->ncolonies && c < WW_MAX_COLONIES; c++) {
		const struct ww_colony *col = &d->colonies[c];
		int nspaces = 0, south = 0;

		canada += col->is_canada;
		for (int b = 0; b < c; b++)
			if (!strcasecmp(d->colonies[b].code, col->code))
				problem(k, "colonies.yaml", col->line, "colony code %s is also used at "
					"line %d", col->code, d->colonies[b].line);
		for (int s = 0; s < d->nspaces; s++) {
			nspaces += d->spaces[s].colony == c;
			south += d->spaces[s].colony == c && d->spaces[s].south_of_line;
		}
		if (!nspaces)
			problem(k, "colonies.yaml", col->line, "%s has no spaces", col->name);
		if (south && south != nspaces)
			problem(k, "colonies.yaml", col->line, "%s: %d of its %d spaces are "
				"south_of_line; the Winter Attrition Line is a colony border (2.1.B), "
				"so all or none are", col->name, south, nspaces);
		if (col->is_canada && col->ncontrol_spaces == 0)
			problem(k, "colonies.yaml", col->line, "Canada needs control_spaces "
				"(Quebec and Montreal, 10.0.B)");
		if (!col->is_canada && col->ncontrol_spaces)
			problem(k, "colonies.yaml", col->line, "%s has control_spaces; only Canada "
				"has them (10.0.B)", col->name);
		for (int i = 0; i < col->ncontrol_spaces && i < 4; i++) {
			int s = col->control_spaces[i];
			if (s < 0 || s >= d->nspaces || d->spaces[s].colony != c)
				problem(k, "colonies.yaml", col->line, "control space %d of %s is not "
					"one of its spaces", i + 1, col->name);
		}
	}
	if (canada != 1)
		problem(k, "colonies.yaml", 1, "%d colonies are marked canada: true; expected 1",
			canada);
}

/* 12.3: seven zones, each with its ports. */
static void check_zones(struct check *k)
{
	const struct ww_data *d = k->d;

	for (int z = 0; z < d->nzones && z < WW_MAX_ZONES; z++) {
		int ports = 0;
		for (int s = 0; s < d->nspaces; s++)
			ports += d->spaces[s].port && d->spaces[s].zone == z;
		if (!ports)
			problem(k, "zones.yaml", d->zones[z].line, "blockade zone %s has no ports",
				d->zones[z].name);
		for (int b = 0; b < z; b++)
			if (!strcasecmp(d->zones[b].name, d->zones[z].name))
				problem(k, "zones.yaml", d->zones[z].line, "zone %s is also listed at "
					"line %d", d->zones[z].name, d->zones[b].line);
	}
	if (d->nzones != 7)
		problem(k, "zones.yaml", 1, "%d blockade zones; the rule book has seven (12.3)",
			d->nzones);
}

/* ---- generals ---- */

static void rating(struct check *k, const struct ww_general *g, const char *what,
		   int v, int lo, int hi)
{
	if (v < lo || v > hi)
		problem(k, "generals.yaml", g->line, "%s: %s rating %d is out of range; "
			"%s ratings run %d to %d (2.2.B)", g->name, what, v, what, lo, hi);
}

static void check_generals(struct check *k)
{
	const struct ww_data *d = k->d;

	for (int i = 0; i < d->ngenerals && i < WW_MAX_GENERALS; i++) {
		const struct ww_general *g = &d->generals[i];

		rating(k, g, "strategy", g->strategy, 1, 3);
		rating(k, g, "battle", g->battle, 1, 6);
		rating(k, g, "agility", g->agility, 1, 3);
		if (g->retreat_bonus < 0 || g->retreat_bonus > 3)
			problem(k, "generals.yaml", g->line, "%s: retreat_bonus %d; expected 0 to 3",
				g->name, g->retreat_bonus);
		if (g->side != WW_AMERICAN && g->side != WW_BRITISH)
			problem(k, "generals.yaml", g->line, "%s has no side", g->name);
		if (g->french && g->side != WW_AMERICAN)
			problem(k, "generals.yaml", g->line, "%s is French, so on the American "
				"side (12.2.C)", g->name);
		if (!ww_source_known(g->source))
			problem(k, "generals.yaml", g->line, "%s: source '%s' must begin with "
				WW_SOURCES, g->name, g->source);
		for (int b = 0; b < i; b++)
			if (!strcasecmp(d->generals[b].name, g->name))
				problem(k, "generals.yaml", g->line, "the name %s is also used at line %d",
					g->name, d->generals[b].line);
	}
}

/* ---- cards ---- */

static int prev_line(const struct ww_data *d, int number)
{
	for (int n = number - 1; n >= 1; n--)
		if (d->cards[n].number == n)
			return d->cards[n].line;
	return 1;
}

static void check_event(struct check *k, const struct ww_card *c)
{
	const struct ww_data *d = k->d;

	if (!c->text[0])
		problem(k, "cards.yaml", c->line, "card %d (%s) is an event but has no text",
			c->number, c->title);
	if (c->campaign && c->campaign_generals != 2 && c->campaign_generals != 3)
		problem(k, "cards.yaml", c->line, "card %d: a campaign activates 3 (Major) or 2 "
			"(Minor) generals (7.2), not %d", c->number, c->campaign_generals);
	if (!c->campaign && c->campaign_generals)
		problem(k, "cards.yaml", c->line, "card %d has campaign_generals but is not a "
			"campaign", c->number);
	if (c->must_play != (c->special != WW_SPECIAL_NONE))
		problem(k, "cards.yaml", c->line, "card %d: must_play and special go together "
			"(the seven special events, 6.34)", c->number);
	if ((c->special == WW_SPECIAL_WAR_ENDS) !=
	    (c->war_ends_year >= d->first_year && c->war_ends_year <= d->last_year))
		problem(k, "cards.yaml", c->line, "card %d: war_ends_year %d; a North's "
			"Government Falls card has a year from %d to %d and no other card has one",
			c->number, c->war_ends_year, d->first_year, d->last_year);
	if (c->french_alliance < 0 || c->french_alliance > 9)
		problem(k, "cards.yaml", c->line, "card %d: french_alliance %d; the track runs "
			"0 to 9 (12.0)", c->number, c->french_alliance);
	if (c->enters_year && (c->enters_year <= d->first_year || c->enters_year > d->last_year))
		problem(k, "cards.yaml", c->line, "card %d: enters_year %d; expected a year after "
			"%d and up to %d (6.1.E)", c->number, c->enters_year, d->first_year,
			d->last_year);
}

/* The event's steps (docs/data.md "Events"). */
static void check_steps(struct check *k, const struct ww_card *c)
{
	int last_targeted = -1, battle_steps = 0;
	for (int i = 0; i < c->nsteps; i++)
		if (ww_event_step_targeted(&c->steps[i]) && c->steps[i].when != WW_WHEN_BATTLE)
			last_targeted = i;
	for (int i = 0; i < c->nsteps; i++) {
		const struct ww_event_step *st = &c->steps[i];
		bool targeted = ww_event_step_targeted(st);
		battle_steps += st->prim == WW_EV_BATTLE;
		if (st->count < 0 || st->cu < 0 || st->count > 16 || st->max_per_colony < 0)
			problem(k, "cards.yaml", st->line, "card %d: count, cu and max_per_colony are "
				"0 to 16", c->number);
		if (targeted && st->optional && i != last_targeted)
			problem(k, "cards.yaml", st->line, "card %d: only the last targeted step may be "
				"optional, so that the order's spaces map to the steps unambiguously",
				c->number);
		if (st->prim == WW_EV_BATTLE && !c->battle)
			problem(k, "cards.yaml", st->line, "card %d: a battle step on a card that is "
				"not a battle card (6.33.A)", c->number);
		if (c->battle && targeted && st->when != WW_WHEN_STRATEGY)
			problem(k, "cards.yaml", st->line, "card %d: in a battle no space is named, so a "
				"battle card's targeted step needs `when: strategy`", c->number);
		if (st->prim == WW_EV_ACTIVATE && (st->allowance < 1 || st->allowance > 9))
			problem(k, "cards.yaml", st->line, "card %d: activate needs an allowance of 1 to 9",
				c->number);
		if (st->prim == WW_EV_FRENCH_ALLIANCE && (!st->steps || st->steps < -9 || st->steps > 9))
			problem(k, "cards.yaml", st->line, "card %d: french_alliance moves -9 to 9 "
				"steps, not %d (12.1)", c->number, st->steps);
		if (st->prim == WW_EV_BATTLE && (st->drm < 0 || st->drm > 3))
			problem(k, "cards.yaml", st->line, "card %d: a battle card's DRM is 0 (the "
				"default +2) to 3 (9.45)", c->number);
	}
	if (battle_steps > 1)
		problem(k, "cards.yaml", c->line, "card %d has %d battle steps; one at most",
			c->number, battle_steps);
	if (c->strategy_play && !c->battle)
		problem(k, "cards.yaml", c->line, "card %d: strategy_play is for a battle card also "
			"playable in the Strategy Phase (6.33.A)", c->number);
	if (!c->nsteps && !c->campaign && !c->must_play && !c->battle)
		problem(k, "cards.yaml", c->line, "card %d (%s) is an event with no `event:` steps; "
			"every event must say what it does (docs/data.md)", c->number, c->title);
}

static void check_card(struct check *k, const struct ww_card *c)
{
	if (!c->title[0])
		problem(k, "cards.yaml", c->line, "card %d has no title", c->number);
	if (!ww_source_known(c->source))
		problem(k, "cards.yaml", c->line, "card %d: source '%s' must begin with "
			WW_SOURCES, c->number, c->source);
	if (c->ops < 0 || c->ops > 3)
		problem(k, "cards.yaml", c->line, "card %d: ops %d; OPS cards carry 1, 2 or 3 "
			"and events 0 (3.0)", c->number, c->ops);
	else if (c->ops == 0) {
		check_event(k, c);
		check_steps(k, c);
	}
	else if (c->battle || c->campaign || c->must_play || c->special || c->war_ends_year ||
		 c->french_alliance || c->remove_after_play || c->reshuffle_on_play ||
		 c->reshuffle_on_discard || c->enters_year || c->flag != WW_FLAG_EITHER ||
		 c->nsteps || c->strategy_play)
		problem(k, "cards.yaml", c->line, "card %d is an OPS card (ops %d) but has event "
			"attributes; an OPS card has only a number, title and ops", c->number, c->ops);
}

/* 6.34: the seven special events. */
static void check_specials(struct check *k)
{
	const struct ww_data *d = k->d;
	int must = 0, decl = 0, franklin = 0, ends = 0, last = 1;
	int year_card[WW_MAX_YEARS] = { 0 };

	for (int n = 1; n <= CARDS; n++) {
		const struct ww_card *c = &d->cards[n];
		if (c->number != n)
			continue;
		last = c->line;
		must += c->must_play;
		decl += c->special == WW_SPECIAL_DECLARATION;
		franklin += c->special == WW_SPECIAL_FRANKLIN;
		if (c->special != WW_SPECIAL_WAR_ENDS)
			continue;
		ends++;
		int y = c->war_ends_year - d->first_year;
		if (y >= 0 && y < WW_MAX_YEARS && year_card[y])
			problem(k, "cards.yaml", c->line, "card %d ends the war in %d, as card %d "
				"does; each North's Government Falls card has its own year (6.34.C.iii)",
				n, c->war_ends_year, year_card[y]);
		else if (y >= 0 && y < WW_MAX_YEARS)
			year_card[y] = n;
	}
	if (must != MUST_PLAY)
		problem(k, "cards.yaml", last, "%d cards are must_play; there are exactly %d "
			"special events (6.34.A)", must, MUST_PLAY);
	if (decl != 1)
		problem(k, "cards.yaml", last, "%d Declaration of Independence cards "
			"(special: declaration); expected 1 (6.34.C.i)", decl);
	if (franklin != 1)
		problem(k, "cards.yaml", last, "%d Benjamin Franklin cards (special: franklin); "
			"expected 1 (6.34.C.ii)", franklin);
	if (ends != WAR_ENDS)
		problem(k, "cards.yaml", last, "%d North's Government Falls cards (special: "
			"war_ends); expected %d (6.34.C.iii)", ends, WAR_ENDS);
}

static void check_cards(struct check *k)
{
	const struct ww_data *d = k->d;

	if (d->ncards != CARDS)
		problem(k, "cards.yaml", prev_line(d, WW_MAX_CARDS), "%d cards; the deck has %d, "
			"numbered 1 to %d (2.0)", d->ncards, CARDS, CARDS);
	for (int n = 1; n <= CARDS; n++) {
		const struct ww_card *c = &d->cards[n];
		if (c->number != n)
			problem(k, "cards.yaml", prev_line(d, n), "card %d is missing (it would come "
				"after this line); cards are numbered 1 to %d", n, CARDS);
		else
			check_card(k, c);
	}
	check_specials(k);
}

/* ---- set-up (4.0) ---- */

static void check_setup_item(struct check *k, const struct ww_setup_item *it, int *where)
{
	const struct ww_data *d = k->d;

	if (it->side != WW_AMERICAN && it->side != WW_BRITISH)
		problem(k, "setup.yaml", it->line, "a placement needs side: american or british");
	if (it->space < -1 || it->space >= d->nspaces)
		problem(k, "setup.yaml", it->line, "placement in space index %d, which does not "
			"exist", it->space);
	for (int n = 0; n < WW_NATIONS; n++)
		if (it->cu[n] < 0)
			problem(k, "setup.yaml", it->line, "a negative number of CUs");
	if (it->congress && it->side != WW_AMERICAN)
		problem(k, "setup.yaml", it->line, "the Continental Congress is American");
	if (it->general < 0)
		return;
	if (it->general >= d->ngenerals) {
		problem(k, "setup.yaml", it->line, "general index %d does not exist", it->general);
		return;
	}
	if (d->generals[it->general].side != it->side)
		problem(k, "setup.yaml", it->line, "%s is not on the side of this placement",
			d->generals[it->general].name);
	if (where[it->general])
		problem(k, "setup.yaml", it->line, "%s is placed twice (also line %d)",
			d->generals[it->general].name, where[it->general]);
	where[it->general] = it->line;
}

static void check_setup(struct check *k)
{
	const struct ww_data *d = k->d;
	int where[WW_MAX_GENERALS] = { 0 };
	int congress = 0;

	for (int i = 0; i < d->nsetup && i < WW_MAX_SETUP; i++) {
		check_setup_item(k, &d->setup[i], where);
		congress += d->setup[i].congress;
	}
	if (congress != 1)
		problem(k, "setup.yaml", 1, "the Continental Congress is placed %d times; "
			"expected once (4.0)", congress);
	for (int g = 0; g < d->ngenerals && g < WW_MAX_GENERALS; g++) {
		int places = (where[g] != 0) + d->starts_in_reinforcements[g] +
			     d->starts_in_french_box[g];
		if (places != 1)
			problem(k, "setup.yaml", 1, "general %s (generals.yaml line %d) starts in "
				"%d places; every general starts in exactly one: a placement, a "
				"reinforcements box or the French box (4.0)", d->generals[g].name,
				d->generals[g].line, places);
	}
	if (d->committees_per_colony < 0 || d->for_the_king_pcs < 0 || d->french_box_cu < 0)
		problem(k, "dataset.yaml", 1, "committees_per_colony, for_the_king_pcs and "
			"french_box_cu cannot be negative");
}

int ww_data_check(const struct ww_data *d, struct wj_data_problems *p)
{
	struct check k = { .d = d, .p = p };

	if (d->nspaces < 0 || d->nspaces > WW_MAX_SPACES || d->ncolonies < 0 ||
	    d->ncolonies > WW_MAX_COLONIES || d->nzones < 0 || d->nzones > WW_MAX_ZONES ||
	    d->ngenerals < 0 || d->ngenerals > WW_MAX_GENERALS || d->nsetup < 0 ||
	    d->nsetup > WW_MAX_SETUP) {
		problem(&k, "", 0, "the data set's counts are out of bounds; was it loaded?");
		return k.n;
	}
	for (int a = 0; a < d->nspaces; a++)
		check_space(&k, a);
	check_connected(&k);
	check_colonies(&k);
	check_zones(&k);
	check_generals(&k);
	check_cards(&k);
	check_setup(&k);
	return k.n;
}
