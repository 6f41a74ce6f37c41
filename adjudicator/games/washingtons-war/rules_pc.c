/* PC markers: placing, flipping and removing them (10.1, 6.32, 4.0,
 * 6.34.C.i), and who controls a colony (10.0.B). */
#include "rules_internal.h"

/* Who holds the PC in a space. */
static enum ww_side pc_of(const struct ww_state *s, int space)
{
	return (enum ww_side)s->space[space].pc;
}

/* A general's side for every PC purpose: Rochambeau is American (12.2.C). */
static enum ww_side general_side(const struct ww_general *g)
{
	return g->french ? WW_AMERICAN : g->side;
}

int ww_count_cu(const struct ww_state *s, int space)
{
	const struct ww_space_state *p = &s->space[space];
	return p->cu[WW_NAT_BRITISH] + p->cu[WW_NAT_AMERICAN] + p->cu[WW_NAT_FRENCH];
}

/* French CUs count as American (12.2.C). */
int ww_side_cu(const struct ww_state *s, int space, enum ww_side side)
{
	const struct ww_space_state *p = &s->space[space];
	if (side == WW_BRITISH)
		return p->cu[WW_NAT_BRITISH];
	if (side == WW_AMERICAN)
		return p->cu[WW_NAT_AMERICAN] + p->cu[WW_NAT_FRENCH];
	return 0;
}

int ww_general_in(const struct ww_data *d, const struct ww_state *s, int space,
		  enum ww_side side)
{
	for (int g = 0; g < d->ngenerals; g++)
		if (s->general_at[g] == space && general_side(&d->generals[g]) == side)
			return g;
	return -1;
}

bool ww_has_army(const struct ww_data *d, const struct ww_state *s, int space,
		 enum ww_side side)
{
	return ww_general_in(d, s, space, side) >= 0 && ww_side_cu(s, space, side) > 0;
}

/* 3.0: an American or French general or CU, or the Congress. */
bool ww_american_unit_in(const struct ww_data *d, const struct ww_state *s, int space)
{
	return ww_side_cu(s, space, WW_AMERICAN) > 0
	       || ww_general_in(d, s, space, WW_AMERICAN) >= 0
	       || s->congress_at == space;
}

bool ww_british_piece_in(const struct ww_data *d, const struct ww_state *s, int space)
{
	return ww_side_cu(s, space, WW_BRITISH) > 0
	       || ww_general_in(d, s, space, WW_BRITISH) >= 0
	       || pc_of(s, space) == WW_BRITISH;
}

enum ww_side ww_colony_control(const struct ww_data *d, const struct ww_state *s,
			       int colony)
{
	const struct ww_colony *c = &d->colonies[colony];
	if (c->ncontrol_spaces > 0) { /* 10.0.B: Canada, every listed space */
		enum ww_side who = pc_of(s, c->control_spaces[0]);
		for (int i = 1; i < c->ncontrol_spaces; i++)
			if (pc_of(s, c->control_spaces[i]) != who)
				return WW_NOBODY;
		return who;
	}
	int n[3] = {0, 0, 0};
	for (int i = 0; i < d->nspaces; i++)
		if (d->spaces[i].colony == colony && pc_of(s, i) <= WW_BRITISH)
			n[pc_of(s, i)]++;
	if (n[WW_AMERICAN] > n[WW_BRITISH])
		return WW_AMERICAN;
	if (n[WW_BRITISH] > n[WW_AMERICAN])
		return WW_BRITISH;
	return WW_NOBODY;
}

/* 10.11.B Important: for the British every port is adjacent to every other. */
bool ww_pc_adjacent(const struct ww_data *d, enum ww_side side, int a, int b)
{
	if (a == b)
		return false;
	if (side == WW_BRITISH && d->spaces[a].port && d->spaces[b].port)
		return true;
	return ww_adjacent(d, a, b);
}

static bool next_to_friendly_pc(const struct ww_data *d, const struct ww_state *s,
				enum ww_side side, int space)
{
	for (int i = 0; i < d->nspaces; i++)
		if (pc_of(s, i) == side && ww_pc_adjacent(d, side, space, i))
			return true;
	return false;
}

static const char *context_name(enum ww_pc_context how)
{
	switch (how) {
	case WW_PC_OPS: return "an OPS card";
	case WW_PC_DISCARD: return "a discarded event";
	case WW_PC_COMMITTEES: return "the Committees of Correspondence";
	case WW_PC_FOR_THE_KING: return "For The King";
	case WW_PC_DECLARATION: return "the Declaration of Independence";
	}
	return "this play";
}

/* 10.11.A.ii, iv; 4.0; 6.34.C.i */
static int american_place(const struct ww_data *d, const struct ww_state *s,
			  int space, enum ww_pc_context how, char *why, size_t len)
{
	const char *name = ww_space_name(d, space);
	if (how == WW_PC_FOR_THE_KING) {
		wj_why(why, len, "For The King places British PCs only");
		return -1;
	}
	if (how == WW_PC_COMMITTEES) { /* 4.0 */
		if (ww_british_piece_in(d, s, space)) {
			wj_why(why, len, "%s holds a British piece: the Committees of "
			       "Correspondence go only where there is none (4.0)", name);
			return -1;
		}
		return 0;
	}
	if (ww_side_cu(s, space, WW_BRITISH) > 0) {
		wj_why(why, len, "%s holds British CUs: an American PC may be placed only "
		       "where there are none (10.11.A.ii)", name);
		return -1;
	}
	if (how == WW_PC_DECLARATION) /* 6.34.C.i: even if the Congress is dispersed */
		return 0;
	if (s->congress_at == WW_LOC_DISPERSED) {
		wj_why(why, len, "the Continental Congress is dispersed: the American may "
		       "flip British PCs but not place PCs with %s (10.11.A.iv)",
		       context_name(how));
		return -1;
	}
	if (s->no_american_placement) {
		wj_why(why, len, "the Pennsylvania and New Jersey Line Mutinies were played "
		       "this turn: the American may flip but not place PCs with %s "
		       "(10.11.A.iv)", context_name(how));
		return -1;
	}
	return 0;
}

/* 10.11.B.ii and iii; `start` holds the PCs that count for adjacency. */
static int british_place(const struct ww_data *d, const struct ww_state *start,
			 const struct ww_state *s, int space, enum ww_pc_context how,
			 char *why, size_t len)
{
	const char *name = ww_space_name(d, space);
	if (how == WW_PC_COMMITTEES || how == WW_PC_DECLARATION) {
		wj_why(why, len, "%s places American PCs only", context_name(how));
		return -1;
	}
	if (ww_has_army(d, s, space, WW_BRITISH)) /* 10.11.B.iii: anywhere */
		return 0;
	if (ww_american_unit_in(d, s, space)) {
		wj_why(why, len, "%s holds an American unit: a British PC may be placed "
		       "only where there is none, or with a British Army (10.11.B)", name);
		return -1;
	}
	if (!next_to_friendly_pc(d, start, WW_BRITISH, space)) {
		wj_why(why, len, "%s is not adjacent to a space that held a British PC "
		       "when the card was played, and holds no British Army; PCs "
		       "placed with this card do not count (10.11.B.ii, no daisy "
		       "chaining)", name);
		return -1;
	}
	return 0;
}

static int flip_check(const struct ww_data *d, const struct ww_state *s,
		      enum ww_side side, int space, enum ww_pc_context how,
		      char *why, size_t len)
{
	const char *name = ww_space_name(d, space);
	if (how != WW_PC_OPS && how != WW_PC_DISCARD) {
		wj_why(why, len, "%s already has a %s PC: %s places PCs only, it "
		       "never flips them", name, ww_side_name(ww_enemy(side)),
		       context_name(how));
		return -1;
	}
	if (side == WW_AMERICAN && ww_general_in(d, s, space, WW_AMERICAN) < 0) {
		wj_why(why, len, "%s has a British PC and no American general: the "
		       "American flips a PC only where one of his generals is "
		       "(10.11.A.iii)", name);
		return -1;
	}
	if (side == WW_BRITISH && !ww_has_army(d, s, space, WW_BRITISH)) {
		wj_why(why, len, "%s has an American PC and no British Army (a general "
		       "with at least 1 CU): the British flip a PC only with an "
		       "Army in the space (10.11.B.iii)", name);
		return -1;
	}
	return 0;
}

/* All restrictions on one PC action; 0 if allowed. */
static int pc_check(const struct ww_data *d, const struct ww_state *start,
		    const struct ww_state *s, enum ww_side side, int space,
		    enum ww_pc_context how, char *why, size_t len)
{
	if (side != WW_AMERICAN && side != WW_BRITISH) {
		wj_why(why, len, "only the American or the British take PC actions");
		return -1;
	}
	if (space < 0 || space >= d->nspaces) {
		wj_why(why, len, "no such space (index %d)", space);
		return -1;
	}
	enum ww_side pc = pc_of(s, space);
	if (pc == side) {
		wj_why(why, len, "%s already has a %s PC: choose an empty space or one "
		       "with an enemy PC", ww_space_name(d, space), ww_side_name(side));
		return -1;
	}
	int r = pc == WW_NOBODY
		? (side == WW_AMERICAN ? american_place(d, s, space, how, why, len)
				       : british_place(d, start, s, space, how, why, len))
		: flip_check(d, s, side, space, how, why, len);
	if (r)
		return r;
	/* 6.32.B.ii, 10.12.B: both sides, even a British Army */
	if (how == WW_PC_DISCARD && !next_to_friendly_pc(d, start, side, space)) {
		wj_why(why, len, "%s is not adjacent to a %s PC: a discarded event "
		       "places or flips a PC only next to a friendly PC (6.32.B.ii, "
		       "10.12.B)", ww_space_name(d, space), ww_side_name(side));
		return -1;
	}
	return 0;
}

bool ww_pc_can_place(const struct ww_data *d, const struct ww_state *start,
		     const struct ww_state *s, enum ww_side side, int space,
		     enum ww_pc_context how)
{
	return space >= 0 && space < d->nspaces && pc_of(s, space) == WW_NOBODY
	       && pc_check(d, start, s, side, space, how, NULL, 0) == 0;
}

int ww_pc_action(const struct ww_data *d, const struct ww_state *start,
		 struct ww_state *s, enum ww_side side, int space,
		 enum ww_pc_context how, struct ww_events *ev, char *why, size_t len)
{
	if (pc_check(d, start, s, side, space, how, why, len))
		return -1;
	const char *name = ww_space_name(d, space);
	if (pc_of(s, space) == WW_NOBODY)
		ww_event(ev, WW_TO_BOTH, "%s PC placed in %s", ww_side_name(side), name);
	else
		ww_event(ev, WW_TO_BOTH, "%s PC in %s flipped to %s",
			 ww_side_name(ww_enemy(side)), name, ww_side_name(side));
	s->space[space].pc = (int8_t)side;
	return 0;
}

/* 6.32.B.iii. "An American General" protects the PC whoever removes it:
 * the rule book says so without naming a side (docs/rulings.md). */
int ww_pc_remove(const struct ww_data *d, struct ww_state *s, enum ww_side side,
		 int space, struct ww_events *ev, char *why, size_t len)
{
	if (side != WW_AMERICAN && side != WW_BRITISH) {
		wj_why(why, len, "only the American or the British remove PCs");
		return -1;
	}
	if (space < 0 || space >= d->nspaces) {
		wj_why(why, len, "no such space (index %d)", space);
		return -1;
	}
	enum ww_side enemy = ww_enemy(side);
	const char *name = ww_space_name(d, space);
	if (pc_of(s, space) != enemy) {
		wj_why(why, len, "%s has no %s PC to remove", name, ww_side_name(enemy));
		return -1;
	}
	if (!next_to_friendly_pc(d, s, side, space)) {
		wj_why(why, len, "%s is not adjacent to a %s PC: a PC may be removed "
		       "only next to a friendly PC (6.32.B.iii)", name, ww_side_name(side));
		return -1;
	}
	if (ww_side_cu(s, space, enemy) > 0) {
		wj_why(why, len, "%s holds %s CUs: a PC cannot be removed from under "
		       "enemy CUs (6.32.B.iii)", name, ww_side_name(enemy));
		return -1;
	}
	if (ww_general_in(d, s, space, WW_AMERICAN) >= 0 || s->congress_at == space) {
		wj_why(why, len, "%s holds an American general or the Continental "
		       "Congress: its PC cannot be removed (6.32.B.iii)", name);
		return -1;
	}
	ww_event(ev, WW_TO_BOTH, "%s PC removed from %s", ww_side_name(enemy), name);
	s->space[space].pc = WW_NOBODY;
	return 0;
}
