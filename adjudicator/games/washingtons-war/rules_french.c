/* The French Alliance's consequences: the French Navy and its blockade
 * (12.3, 5.5), Rochambeau and the French CUs (12.2.B.ii), the European War
 * (12.2.B.iii), and the British removal of American PCs when Washington is
 * captured (7.6.B). */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

bool ww_blockaded(const struct ww_data *d, const struct ww_state *s, int space)
{
	if (space < 0 || space >= d->nspaces || s->french_navy_away)
		return false;
	const struct ww_space *sp = &d->spaces[space];
	return sp->port && sp->zone >= 0 && sp->zone == s->french_navy_zone;
}

/* The general with the `french` flag, -1 if the data has none. */
static int rochambeau(const struct ww_data *d)
{
	for (int g = 0; g < d->ngenerals; g++)
		if (d->generals[g].french)
			return g;
	return -1;
}

/* Not placed yet: neither in a zone nor away after d'Estaing (12.2.B.i). */
static bool navy_unplaced(const struct ww_state *s)
{
	return s->french_navy_zone < 0 && !s->french_navy_away;
}

/* The French forces have not entered the map or the reinforcements box. */
static bool french_forces_in_french_box(const struct ww_data *d, const struct ww_state *s)
{
	int r = rochambeau(d);
	return s->cu_french_box > 0 || (r >= 0 && s->general_at[r] == WW_LOC_FRENCH_BOX);
}

static int never_to_reinforcements_in(const struct ww_data *d, const struct ww_state *s,
				      int space)
{
	for (int g = 0; g < d->ngenerals; g++)
		if (s->general_at[g] == space && d->generals[g].never_to_reinforcements)
			return g;
	return -1;
}

int ww_french_port_check(const struct ww_data *d, const struct ww_state *s, int space,
			 char *why, size_t len)
{
	if (space < 0 || space >= d->nspaces) {
		wj_why(why, len, "no such space (index %d)", space);
		return -1;
	}
	const char *name = ww_space_name(d, space);
	if (!d->spaces[space].port) {
		wj_why(why, len, "%s is not a port: Rochambeau and the French CUs arrive in "
		       "a port with no British CU or PC (12.2.B.ii)", name);
		return -1;
	}
	if (ww_side_cu(s, space, WW_BRITISH) > 0 || s->space[space].pc == WW_BRITISH) {
		wj_why(why, len, "%s holds a British %s: the French forces arrive only in a "
		       "port with no British CU or PC (12.2.B.ii)", name,
		       ww_side_cu(s, space, WW_BRITISH) > 0 ? "CU" : "PC");
		return -1;
	}
	int w = never_to_reinforcements_in(d, s, space);
	if (w >= 0) {
		wj_why(why, len, "%s is in %s: he is never sent to the Reinforcements box, "
		       "so Rochambeau cannot arrive in his space (8.2.C)",
		       d->generals[w].name, name);
		return -1;
	}
	return 0;
}

static int french_ports(const struct ww_data *d, const struct ww_state *s)
{
	int n = 0;
	for (int sp = 0; sp < d->nspaces; sp++)
		n += ww_french_port_check(d, s, sp, NULL, 0) == 0;
	return n;
}

/* 8.2 Clarification: units arriving where an enemy general stands without
 * CUs capture him. */
static void capture_lone_british_general(struct ww_ctx *c, int space)
{
	int g = ww_general_in(c->d, c->s, space, WW_BRITISH);
	if (g >= 0 && ww_side_cu(c->s, space, WW_BRITISH) == 0)
		ww_capture_general(c, g);
}

void ww_place_french_forces(struct ww_ctx *c, int space)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int r = rochambeau(d);
	int cu = s->cu_french_box + s->cu_reinforcements[WW_NAT_FRENCH];
	bool general = r >= 0 && (s->general_at[r] == WW_LOC_FRENCH_BOX
				  || s->general_at[r] == WW_LOC_REINFORCEMENTS);
	if (cu > 0)
		capture_lone_british_general(c, space);
	s->space[space].cu[WW_NAT_FRENCH] += (uint8_t)cu;
	s->cu_french_box = 0;
	s->cu_reinforcements[WW_NAT_FRENCH] = 0;
	if (general) /* 8.2.C: he takes the place of a general already there */
		ww_general_arrives(c, r, space, r);
	ww_event(c->ev, WW_TO_BOTH, "%s%s%d French CU%s arrive%s in %s (12.2.B.ii).",
		 general ? d->generals[r].name : "", general ? " and " : "",
		 cu, cu == 1 ? "" : "s", general || cu != 1 ? "" : "s", ww_space_name(d, space));
}

/* 12.2.B.ii: no eligible port, so the forces wait in the American
 * reinforcements box until a reinforcement brings them all on. */
static void hold_french_forces(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	int r = rochambeau(c->d);
	if (r >= 0 && s->general_at[r] == WW_LOC_FRENCH_BOX)
		s->general_at[r] = WW_LOC_REINFORCEMENTS;
	s->cu_reinforcements[WW_NAT_FRENCH] += s->cu_french_box;
	s->cu_french_box = 0;
	ww_event(c->ev, WW_TO_BOTH, "No port is free of British CUs and PCs: Rochambeau and "
		 "the French CUs go to the American Reinforcements box (12.2.B.ii).");
}

bool ww_french_enter_war(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	if (!s->french_in_war)
		return false;
	if (navy_unplaced(s)) { /* 12.2.B.i */
		ww_ask(s, WW_AMERICAN, WW_ASK_FRENCH_NAVY);
		return true;
	}
	if (!french_forces_in_french_box(c->d, s))
		return false;
	if (french_ports(c->d, s) == 0) {
		hold_french_forces(c);
		return false;
	}
	ww_ask(s, WW_AMERICAN, WW_ASK_FRENCH_FORCES);
	return true;
}

bool ww_french_naval_phase(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	if (!s->french_in_war || navy_unplaced(s))
		return false;
	ww_ask(s, WW_AMERICAN, WW_ASK_FRENCH_NAVY); /* 5.5 */
	return true;
}

static int british_cu_on_map(const struct ww_data *d, const struct ww_state *s, int *spaces)
{
	int total = 0;
	*spaces = 0;
	for (int sp = 0; sp < d->nspaces; sp++) {
		total += s->space[sp].cu[WW_NAT_BRITISH];
		*spaces += s->space[sp].cu[WW_NAT_BRITISH] > 0;
	}
	return total;
}

static void remove_british_cu(struct ww_ctx *c, int space, int n)
{
	c->s->space[space].cu[WW_NAT_BRITISH] -= (uint8_t)n;
	c->s->cu_eliminated[WW_NAT_BRITISH] += n;
	ww_event(c->ev, WW_TO_BOTH, "European War: %d British CU%s removed from %s (12.2.B.iii).",
		 n, n == 1 ? "" : "s", ww_space_name(c->d, space));
}

/* 12.2.B.iii. When the British have no choice (all their CUs on the map
 * are in one space, or there are no more than 2), the removal is made
 * without asking (docs/rulings.md). */
bool ww_european_war(struct ww_ctx *c)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	if (!s->french_alliance_now) /* only the End Phase of the turn France entered */
		return false;
	int spaces, total = british_cu_on_map(d, s, &spaces);
	int owed = total < 2 ? total : 2;
	ww_event(c->ev, WW_TO_BOTH, "European War breaks out: the British remove %d CU%s "
		 "from the map (12.2.B.iii).", owed, owed == 1 ? "" : "s");
	if (owed == 0)
		return false;
	if (spaces > 1 && total > 2) {
		s->european_war_cu = (int8_t)owed;
		ww_ask(s, WW_BRITISH, WW_ASK_EUROPEAN_WAR);
		return true;
	}
	for (int sp = 0; sp < d->nspaces && owed > 0; sp++) {
		int n = s->space[sp].cu[WW_NAT_BRITISH];
		if (n > owed)
			n = owed;
		if (n > 0)
			remove_british_cu(c, sp, n);
		owed -= n;
	}
	return false;
}

/* ---- answers ---- */

static int navy_answer(struct ww_ctx *c, const struct ww_order *o)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	if (o->zone < 0 || o->zone >= d->nzones) {
		char zones[WW_MAX_ZONES * (WW_NAME_MAX + 2)] = "";
		for (int z = 0; z < d->nzones; z++) {
			strncat(zones, z ? ", " : "", sizeof zones - strlen(zones) - 1);
			strncat(zones, d->zones[z].name, sizeof zones - strlen(zones) - 1);
		}
		wj_why(c->why, c->whylen, "Name the Blockade Zone for the French Navy: `navy ZONE`, "
		       "one of %s (12.3).", zones);
		return -1;
	}
	int from = s->french_navy_zone;
	bool first = navy_unplaced(s), away = s->french_navy_away;
	s->french_navy_zone = o->zone;
	s->french_navy_away = false;
	const char *to = d->zones[o->zone].name;
	if (first)
		ww_event(c->ev, WW_TO_BOTH, "The French Navy enters the %s Blockade Zone (12.2.B.i).", to);
	else if (away || from < 0)
		ww_event(c->ev, WW_TO_BOTH, "The French Navy returns to the %s Blockade Zone (5.5).", to);
	else if (from == o->zone)
		ww_event(c->ev, WW_TO_BOTH, "The French Navy stays in the %s Blockade Zone (5.5).", to);
	else
		ww_event(c->ev, WW_TO_BOTH, "The French Navy moves from the %s to the %s Blockade "
			 "Zone (5.5).", d->zones[from].name, to);
	return 0;
}

static int french_forces_answer(struct ww_ctx *c, const struct ww_order *o)
{
	if (!french_forces_in_french_box(c->d, c->s)) {
		wj_why(c->why, c->whylen, "The French forces have already entered the game (12.2.B.ii).");
		return -1;
	}
	if (o->nspaces != 1) {
		wj_why(c->why, c->whylen, "Name one port: `french-forces PORT`; all the French "
		       "forces arrive in a single port (12.2.B.ii).");
		return -1;
	}
	if (ww_french_port_check(c->d, c->s, o->spaces[0], c->why, c->whylen))
		return -1;
	ww_place_french_forces(c, o->spaces[0]);
	return 0;
}

/* 12.2.B.iii: the CUs come off one or two spaces of the map. */
static int european_war_answer(struct ww_ctx *c, const struct ww_order *o)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int owed = s->european_war_cu;
	if (o->nspaces < 1 || o->nspaces > owed) {
		wj_why(c->why, c->whylen, "The British remove %d CU%s for the European War: name %s "
		       "(`remove-cu SPACE%s`); they may not come from the Reinforcements box "
		       "(12.2.B.iii).", owed, owed == 1 ? "" : "s",
		       owed == 1 ? "one space" : "one space (both from it) or two spaces (one each)",
		       owed == 1 ? "" : " [, SPACE]");
		return -1;
	}
	int take[WW_MAX_SPACES] = { 0 };
	for (int i = 0; i < o->nspaces; i++) {
		if (o->spaces[i] < 0 || o->spaces[i] >= d->nspaces) {
			wj_why(c->why, c->whylen, "No such space (index %d).", o->spaces[i]);
			return -1;
		}
		take[o->spaces[i]] += o->nspaces == 1 ? owed : 1;
	}
	for (int i = 0; i < o->nspaces; i++) {
		int sp = o->spaces[i], have = s->space[sp].cu[WW_NAT_BRITISH];
		if (have < take[sp]) {
			wj_why(c->why, c->whylen, "%s holds %d British CU%s, and %d would be removed "
			       "from it: name spaces with enough British CUs (12.2.B.iii).",
			       ww_space_name(d, sp), have, have == 1 ? "" : "s", take[sp]);
			return -1;
		}
	}
	for (int sp = 0; sp < d->nspaces; sp++)
		if (take[sp])
			remove_british_cu(c, sp, take[sp]);
	s->european_war_cu = 0;
	return 0;
}

/* 7.6.B: a space whose American PC the British may remove. */
static bool pc_removable(const struct ww_data *d, const struct ww_state *s, int space)
{
	return s->space[space].pc == WW_AMERICAN && !ww_american_unit_in(d, s, space);
}

/* How many PCs the British must remove: what they owe, or fewer when
 * fewer colonies have a removable PC (docs/rulings.md). */
static int washington_pcs_due(const struct ww_data *d, const struct ww_state *s)
{
	int colonies = 0;
	for (int col = 0; col < d->ncolonies; col++) {
		for (int sp = 0; sp < d->nspaces; sp++) {
			if (d->spaces[sp].colony == col && pc_removable(d, s, sp)) {
				colonies++;
				break;
			}
		}
	}
	return colonies < s->washington_pcs_to_remove ? colonies : s->washington_pcs_to_remove;
}

static int check_washington_pc(struct ww_ctx *c, const struct ww_order *o, int i)
{
	const struct ww_data *d = c->d;
	int sp = o->spaces[i];
	if (sp < 0 || sp >= d->nspaces) {
		wj_why(c->why, c->whylen, "No such space (index %d).", sp);
		return -1;
	}
	int col = d->spaces[sp].colony;
	const char *name = ww_space_name(d, sp);
	if (c->s->space[sp].pc != WW_AMERICAN) {
		wj_why(c->why, c->whylen, "%s has no American PC to remove (7.6.B).", name);
		return -1;
	}
	if (!pc_removable(d, c->s, sp)) {
		wj_why(c->why, c->whylen, "%s holds an American CU, general or the Continental "
		       "Congress: its PC cannot be removed (7.6.B).", name);
		return -1;
	}
	for (int j = 0; j < i; j++) {
		if (d->spaces[o->spaces[j]].colony == col) {
			wj_why(c->why, c->whylen, "%s and %s are both in %s: no more than one PC "
			       "per colony, Canada included (7.6.B).", ww_space_name(d, o->spaces[j]),
			       name, d->colonies[col].name);
			return -1;
		}
	}
	return 0;
}

static int washington_captured_answer(struct ww_ctx *c, const struct ww_order *o)
{
	int due = washington_pcs_due(c->d, c->s);
	if (o->nspaces != due) {
		wj_why(c->why, c->whylen, "Washington's capture removes %d American PC%s here: name "
		       "%d space%s (`remove-pc SPACE, ...`), at most one per colony (Canada "
		       "included), with no American CU, general or the Congress (7.6.B); %d %s named.",
		       due, due == 1 ? "" : "s", due, due == 1 ? "" : "s", o->nspaces,
		       o->nspaces == 1 ? "was" : "were");
		return -1;
	}
	for (int i = 0; i < o->nspaces; i++)
		if (check_washington_pc(c, o, i))
			return -1;
	for (int i = 0; i < o->nspaces; i++) {
		c->s->space[o->spaces[i]].pc = WW_NOBODY;
		ww_event(c->ev, WW_TO_BOTH, "Washington's capture: the American PC in %s is "
			 "removed (7.6.B).", ww_space_name(c->d, o->spaces[i]));
	}
	if (due < c->s->washington_pcs_to_remove)
		ww_event(c->ev, WW_TO_BOTH, "Only %d %s an American PC that could be "
			 "removed (7.6.B).", due, due == 1 ? "colony had" : "colonies had");
	c->s->washington_pcs_to_remove = 0;
	return 0;
}

static int wrong_side(struct ww_ctx *c, enum ww_side side, enum ww_side who, const char *what)
{
	if (side == who)
		return 0;
	wj_why(c->why, c->whylen, "The %s player %s, not the %s.", ww_side_name(who), what,
	       ww_side_name(side));
	return -1;
}

int ww_french_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	switch (o->kind) {
	case WW_ORD_NAVY:
		if (wrong_side(c, side, WW_AMERICAN, "places the French Navy (12.2.B.i, 5.5)"))
			return -1;
		return navy_answer(c, o);
	case WW_ORD_FRENCH_FORCES:
		if (wrong_side(c, side, WW_AMERICAN, "places the French forces (12.2.B.ii)"))
			return -1;
		return french_forces_answer(c, o);
	case WW_ORD_REMOVE_CU:
		if (wrong_side(c, side, WW_BRITISH, "removes CUs for the European War (12.2.B.iii)"))
			return -1;
		if (c->s->european_war_cu <= 0) {
			wj_why(c->why, c->whylen, "No CUs are owed for the European War (12.2.B.iii).");
			return -1;
		}
		return european_war_answer(c, o);
	case WW_ORD_REMOVE_PC:
		if (wrong_side(c, side, WW_BRITISH, "removes PCs when Washington is captured (7.6.B)"))
			return -1;
		if (c->s->washington_pcs_to_remove <= 0) {
			wj_why(c->why, c->whylen, "No PCs are owed for Washington's capture (7.6.B).");
			return -1;
		}
		return washington_captured_answer(c, o);
	default:
		wj_why(c->why, c->whylen, "Expected `navy ZONE`, `french-forces PORT`, "
		       "`remove-cu SPACE [, SPACE]` or `remove-pc SPACE, ...`.");
		return -1;
	}
}
