/* Winter attrition (11), the Political Control Phase (10.2, 10.3) and
 * victory (13). */
#include "rules_internal.h"

/* Who holds the PC in a space. */
static enum ww_side pc_of(const struct ww_state *s, int space)
{
	return (enum ww_side)s->space[space].pc;
}

/* 11.0: a square or an eight-point star, or south of the line. */
static bool sheltered(const struct ww_space *sp)
{
	return sp->winter_quarters || sp->fortified || sp->south_of_line;
}

static bool washington_in(const struct ww_data *d, const struct ww_state *s, int space)
{
	for (int g = 0; g < d->ngenerals; g++)
		if (d->generals[g].winter_shelter && s->general_at[g] == space)
			return true;
	return false;
}

/* 11.1, 11.2: a lone CU rolls; 1-3 removes it. Returns CUs lost. */
static int lone_cu_roll(const struct ww_data *d, struct ww_state *s,
			struct wj_rng *rng, struct ww_events *ev, int space,
			const char *who)
{
	const char *name = ww_space_name(d, space);
	int r = ww_roll(s, rng, ev, "Winter attrition: lone %s CU in %s "
			"(1-3 removed, 4-6 stays)", who, name);
	ww_event(ev, WW_TO_BOTH, "Winter attrition: the %s CU in %s %s (rolled %d)",
		 who, name, r <= 3 ? "is removed" : "stays", r);
	return r <= 3 ? 1 : 0;
}

/* 11.1 (and 11.3 for French CUs on their own): no loss when sheltered,
 * an Army with 1 CU never loses, a lone CU rolls, else half rounded down. */
static int british_rule_losses(const struct ww_data *d, struct ww_state *s,
			       struct wj_rng *rng, struct ww_events *ev, int space,
			       int n, bool general, const char *who)
{
	if (sheltered(&d->spaces[space]))
		return 0;
	if (n == 1)
		return general ? 0 : lone_cu_roll(d, s, rng, ev, space, who);
	return n / 2;
}

/* 11.2: half everywhere; a single CU with a general is never removed; up
 * to 5 CUs with Washington sheltered are exempt, the excess as if alone. */
static int american_rule_losses(const struct ww_data *d, struct ww_state *s,
				struct wj_rng *rng, struct ww_events *ev, int space,
				int n, const char *who)
{
	int exempt = 0;
	if (washington_in(d, s, space) && sheltered(&d->spaces[space]))
		exempt = n < 5 ? n : 5;
	int rest = n - exempt;
	bool general = ww_general_in(d, s, space, WW_AMERICAN) >= 0;
	if (rest == 1)
		return general && !exempt ? 0 : lone_cu_roll(d, s, rng, ev, space, who);
	return rest / 2;
}

static void british_attrition(const struct ww_data *d, struct ww_state *s,
			      struct wj_rng *rng, struct ww_events *ev, int space)
{
	int n = s->space[space].cu[WW_NAT_BRITISH];
	bool general = ww_general_in(d, s, space, WW_BRITISH) >= 0;
	int lost = british_rule_losses(d, s, rng, ev, space, n, general, "British");
	s->space[space].cu[WW_NAT_BRITISH] = (uint8_t)(n - lost);
	s->cu_eliminated[WW_NAT_BRITISH] += lost;
	ww_event(ev, WW_TO_BOTH, "Winter attrition: %s %d British CU%s, loses %d",
		 ww_space_name(d, space), n, n == 1 ? "" : "s", lost);
}

/* 11.3: French CUs with American CUs count as American, and the American
 * chooses the losses by standing order: American CUs first unless he said
 * French first (French CUs can never be replaced, 12.2.C). Alone, French
 * CUs count as British. */
static void american_attrition(const struct ww_data *d, struct ww_state *s,
			       struct wj_rng *rng, struct ww_events *ev, int space)
{
	struct ww_space_state *p = &s->space[space];
	int a = p->cu[WW_NAT_AMERICAN], f = p->cu[WW_NAT_FRENCH];
	const char *name = ww_space_name(d, space);
	int lost;
	if (a > 0)
		lost = american_rule_losses(d, s, rng, ev, space, a + f,
					    f ? "American/French" : "American");
	else
		lost = british_rule_losses(d, s, rng, ev, space, f,
					   ww_general_in(d, s, space, WW_AMERICAN) >= 0,
					   "French");
	int la, lf;
	if (s->standing[WW_AMERICAN].french_losses_first) {
		lf = lost < f ? lost : f;
		la = lost - lf;
	} else {
		la = lost < a ? lost : a;
		lf = lost - la;
	}
	p->cu[WW_NAT_AMERICAN] = (uint8_t)(a - la);
	p->cu[WW_NAT_FRENCH] = (uint8_t)(f - lf);
	s->cu_eliminated[WW_NAT_AMERICAN] += la;
	s->cu_eliminated[WW_NAT_FRENCH] += lf;
	if (a && f)
		ww_event(ev, WW_TO_BOTH, "Winter attrition: %s %d American and %d French "
			 "CUs, loses %d American and %d French", name, a, f, la, lf);
	else
		ww_event(ev, WW_TO_BOTH, "Winter attrition: %s %d %s CU%s, loses %d",
			 name, a + f, a ? "American" : "French", a + f == 1 ? "" : "s", lost);
}

/* 11. Spaces in data order, so the rolls are in a fixed order. */
void ww_winter_attrition(const struct ww_data *d, struct ww_state *s,
			 struct wj_rng *rng, struct ww_events *ev)
{
	for (int i = 0; i < d->nspaces; i++) {
		if (s->space[i].cu[WW_NAT_BRITISH])
			british_attrition(d, s, rng, ev, i);
		if (s->space[i].cu[WW_NAT_AMERICAN] || s->space[i].cu[WW_NAT_FRENCH])
			american_attrition(d, s, rng, ev, i);
	}
}

/* 10.2.1 */
int ww_congress_options(const struct ww_data *d, const struct ww_state *s,
			int *spaces)
{
	int n = 0;
	for (int i = 0; i < d->nspaces; i++) {
		if (d->colonies[d->spaces[i].colony].is_canada)
			continue;
		if (pc_of(s, i) == WW_AMERICAN && !ww_british_piece_in(d, s, i))
			spaces[n++] = i;
	}
	return n;
}

/* 10.2.2: only where an Army is, never a lone general or lone CUs. */
void ww_place_army_pcs(const struct ww_data *d, struct ww_state *s,
		       struct ww_events *ev)
{
	static const enum ww_side sides[] = { WW_AMERICAN, WW_BRITISH };
	for (int k = 0; k < 2; k++) {
		enum ww_side side = sides[k];
		for (int i = 0; i < d->nspaces; i++) {
			enum ww_side pc = pc_of(s, i);
			if (pc == side || !ww_has_army(d, s, i, side))
				continue;
			if (pc == WW_NOBODY)
				ww_event(ev, WW_TO_BOTH, "%s Army places a PC in %s",
					 ww_side_name(side), ww_space_name(d, i));
			else
				ww_event(ev, WW_TO_BOTH, "%s Army flips the %s PC in %s",
					 ww_side_name(side), ww_side_name(ww_enemy(side)),
					 ww_space_name(d, i));
			s->space[i].pc = (int8_t)side;
		}
	}
}

/* A space on a friendly path that ends the trace by itself (10.31.A,
 * 10.32.A): the Congress, a friendly CU, an American general, a British
 * controlled port. */
static bool safe_on_path(const struct ww_data *d, const struct ww_state *s,
			 enum ww_side side, int i)
{
	if (side == WW_AMERICAN)
		return s->congress_at == i || ww_side_cu(s, i, WW_AMERICAN) > 0
		       || ww_general_in(d, s, i, WW_AMERICAN) >= 0;
	return d->spaces[i].port || ww_side_cu(s, i, WW_BRITISH) > 0;
}

/* A space next to the path that ends the trace: uncontrolled and free of
 * enemy troops (American: no British CU; British: no American/French CU
 * or general), or, for the American, the Congress wherever it is. */
static bool safe_next_to_path(const struct ww_data *d, const struct ww_state *s,
			      enum ww_side side, int i)
{
	if (side == WW_AMERICAN && s->congress_at == i)
		return true;
	if (pc_of(s, i) != WW_NOBODY)
		return false;
	if (side == WW_AMERICAN)
		return ww_side_cu(s, i, WW_BRITISH) == 0;
	return ww_side_cu(s, i, WW_AMERICAN) == 0 && ww_general_in(d, s, i, WW_AMERICAN) < 0;
}

/* 10.31.A, 10.32.A: the path runs through friendly controlled spaces,
 * whoever occupies them. For the British, British controlled ports are
 * adjacent to each other (3.0), which ww_pc_adjacent covers. */
static bool pc_isolated(const struct ww_data *d, const struct ww_state *s,
			enum ww_side side, int from)
{
	bool seen[WW_MAX_SPACES] = { false };
	int queue[WW_MAX_SPACES], head = 0, tail = 0;
	seen[from] = true;
	queue[tail++] = from;
	while (head < tail) {
		int i = queue[head++];
		if (safe_on_path(d, s, side, i))
			return false;
		for (int j = 0; j < d->nspaces; j++) {
			if (seen[j] || !ww_pc_adjacent(d, side, i, j))
				continue;
			if (safe_next_to_path(d, s, side, j))
				return false;
			if (pc_of(s, j) == side) {
				seen[j] = true;
				queue[tail++] = j;
			}
		}
	}
	return true;
}

/* 10.31.B, 10.32.B: every isolated PC of the side goes at once. */
void ww_remove_isolated(const struct ww_data *d, struct ww_state *s,
			enum ww_side side, struct ww_events *ev)
{
	bool isolated[WW_MAX_SPACES] = { false };
	for (int i = 0; i < d->nspaces; i++)
		isolated[i] = pc_of(s, i) == side && pc_isolated(d, s, side, i);
	for (int i = 0; i < d->nspaces; i++) {
		if (!isolated[i])
			continue;
		s->space[i].pc = WW_NOBODY;
		ww_event(ev, WW_TO_BOTH, "%s PC in %s is isolated and removed (10.3)",
			 ww_side_name(side), ww_space_name(d, i));
	}
}

/* 13.1. If both hold at once, Britain wins, as in every tie of 13.2. */
enum ww_side ww_automatic_winner(const struct ww_data *d, const struct ww_state *s)
{
	int american = 0, british = 0;
	for (int i = 0; i < d->nspaces; i++) {
		american += ww_side_cu(s, i, WW_AMERICAN);
		if (!d->colonies[d->spaces[i].colony].is_canada)
			british += ww_side_cu(s, i, WW_BRITISH);
	}
	if (american == 0)
		return WW_BRITISH;
	if (british == 0)
		return WW_AMERICAN;
	return WW_NOBODY;
}

static enum ww_side colony_count_winner(const int *won)
{
	bool british = won[WW_BRITISH] >= 6, american = won[WW_AMERICAN] >= 7;
	return american && !british ? WW_AMERICAN : WW_BRITISH;
}

/* 13.2, or the end of an automatic victory (13.1) when `how` says so;
 * the colonies are counted either way, for the record. */
void ww_decide_game_end(const struct ww_data *d, struct ww_state *s,
			enum ww_victory how, struct ww_events *ev)
{
	int won[3] = { 0, 0, 0 };
	for (int c = 0; c < d->ncolonies; c++)
		won[ww_colony_control(d, s, c)]++;
	s->colonies_won[WW_NOBODY] = won[WW_NOBODY];
	s->colonies_won[WW_AMERICAN] = won[WW_AMERICAN];
	s->colonies_won[WW_BRITISH] = won[WW_BRITISH];
	enum ww_side winner = how == WW_WIN_AUTOMATIC ? ww_automatic_winner(d, s)
						      : WW_NOBODY;
	if (winner == WW_NOBODY)
		winner = colony_count_winner(won);
	ww_event(ev, WW_TO_BOTH, "Colonies controlled (Canada counted): American %d, "
		 "British %d, uncontrolled %d", won[WW_AMERICAN], won[WW_BRITISH],
		 won[WW_NOBODY]);
	const char *reason;
	if (how == WW_WIN_AUTOMATIC)
		reason = winner == WW_BRITISH
			 ? "no American or French CUs remain on the map (13.1)"
			 : "no British CUs remain in the 13 colonies (13.1)";
	else
		reason = winner == WW_AMERICAN
			 ? "7 or more colonies, the British fewer than 6 (13.2)"
			 : "6 or more colonies, or no American victory (13.2)";
	ww_event(ev, WW_TO_BOTH, "%s victory: %s", ww_side_name(winner), reason);
	s->winner = winner;
	s->victory = how;
	s->phase = WW_PH_GAME_OVER;
	s->prompt = WW_ASK_NOTHING;
	s->to_move = WW_NOBODY;
}
