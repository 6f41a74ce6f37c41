/* Activation and movement (7): moving armies step by step, naval movement,
 * capturing generals, dispersing the Congress, interception, retreat
 * before battle and overruns, handing over to rules_battle.c when armies
 * meet. */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

#define ARMY_MAX_CU 5     /* 7.3.A */
#define MOVE_ALLOWANCE 4  /* 7.3.A */
#define AMERICAN_ALLOWANCE 5 /* 7.3.C */
#define WILDERNESS_COST 3 /* 7.3.D */

static const struct ww_general *gen(const struct ww_data *d, int g)
{
	return &d->generals[g];
}

static const char *gname(const struct ww_data *d, int g)
{
	return g >= 0 ? d->generals[g].name : "no general";
}

static enum ww_side side_of(const struct ww_data *d, int g)
{
	return gen(d, g)->side;
}

/* The general of `side` in `space`, other than `not`. */
static int other_general(const struct ww_data *d, const struct ww_state *s, int space,
			 enum ww_side side, int not)
{
	for (int g = 0; g < d->ngenerals; g++)
		if (g != not && s->general_at[g] == space && side_of(d, g) == side)
			return g;
	return -1;
}

static const struct ww_link *link_between(const struct ww_data *d, int a, int b)
{
	for (int i = 0; i < d->spaces[a].nlinks; i++)
		if (d->spaces[a].links[i].to == b)
			return &d->spaces[a].links[i];
	return NULL;
}

/* A link the general may use to move, intercept or retreat (7.4.D). */
static const struct ww_link *usable_link(const struct ww_data *d, int g, int a, int b)
{
	const struct ww_link *l = link_between(d, a, b);
	if (!l || (l->arnold_only && (g < 0 || !gen(d, g)->can_use_arnold_links)))
		return NULL;
	return l;
}

/* ---- capture, the Congress, two generals ---- */

static int american_pcs_removable(const struct ww_data *d, const struct ww_state *s)
{
	int colonies = 0;
	for (int col = 0; col < d->ncolonies; col++) {
		for (int sp = 0; sp < d->nspaces; sp++) {
			if (d->spaces[sp].colony != col || s->space[sp].pc != WW_AMERICAN ||
			    ww_side_cu(s, sp, WW_AMERICAN) || s->congress_at == sp ||
			    ww_general_in(d, s, sp, WW_AMERICAN) >= 0)
				continue;
			colonies++;
			break;
		}
	}
	return colonies;
}

void ww_capture_general(struct ww_ctx *c, int g)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int where = s->general_at[g];
	if (gen(d, g)->removed_when_captured) { /* 7.6.B */
		s->general_at[g] = WW_LOC_REMOVED;
		ww_event(c->ev, WW_TO_BOTH, "%s is captured in %s and removed from the game (7.6.B).",
			 gname(d, g), ww_space_name(d, where));
		int owed = american_pcs_removable(d, s);
		s->washington_pcs_to_remove = (int16_t)(owed < 5 ? owed : 5);
		if (!s->french_in_war)
			ww_french_alliance_steps(c, -3);
		return;
	}
	s->general_at[g] = WW_LOC_CAPTURED;
	ww_event(c->ev, WW_TO_BOTH, "%s is captured in %s (7.6.A).", gname(d, g),
		 ww_space_name(d, where));
}

void ww_disperse_congress(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	if (s->congress_at < 0)
		return;
	ww_event(c->ev, WW_TO_BOTH, "The Continental Congress in %s is dispersed (7.7).",
		 ww_space_name(c->d, s->congress_at));
	s->congress_at = WW_LOC_DISPERSED;
	s->congress_dispersed_this_turn = true;
}

void ww_general_arrives(struct ww_ctx *c, int g, int space, int keep)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int other = other_general(d, s, space, side_of(d, g), g);
	s->general_at[g] = (int16_t)space;
	if (other < 0)
		return;
	int leaves = keep == other ? g : other; /* 7.4.C: the owner's choice */
	if (gen(d, leaves)->never_to_reinforcements)
		leaves = leaves == g ? other : g;
	s->general_at[leaves] = WW_LOC_REINFORCEMENTS;
	ww_event(c->ev, WW_TO_BOTH, "%s and %s meet in %s: %s goes to the reinforcements box (7.4.C).",
		 gname(d, g), gname(d, other), ww_space_name(d, space), gname(d, leaves));
}

int ww_retreat_spaces(const struct ww_data *d, const struct ww_state *s, enum ww_side side,
		      int from, int not_to, int general, int *out)
{
	int n = 0;
	enum ww_side enemy = ww_enemy(side);
	for (int i = 0; i < d->spaces[from].nlinks; i++) {
		int to = d->spaces[from].links[i].to;
		if (to == not_to || !usable_link(d, general, from, to))
			continue;
		if (ww_side_cu(s, to, enemy) || s->space[to].pc == (int8_t)enemy) /* 9.61.A */
			continue;
		out[n++] = to;
	}
	return n;
}

/* ---- what a move may do (7.3, 7.4, 7.5) ---- */

static bool naval_port(const struct ww_data *d, const struct ww_state *s, int sp)
{
	return d->spaces[sp].port && !ww_side_cu(s, sp, WW_AMERICAN) &&
	       s->space[sp].pc != WW_AMERICAN && !ww_blockaded(d, s, sp); /* 7.5 */
}

/* CUs of the general's side in `space` that may join his army: not those
 * already moving with him, nor those another general moved this card. */
static int free_cu(const struct ww_state *s, int space, enum ww_side side, int with_him)
{
	int n = ww_side_cu(s, space, side) - with_him - s->play.moved_cu[space];
	return n > 0 ? n : 0;
}

static int army_size(const struct ww_move *m)
{
	return m->cu[0] + m->cu[1] + m->cu[2];
}

/* Moves k of `side`'s CUs from one tally to another, American before
 * French (documented in rulings.md). */
static void shift_cu(enum ww_side side, uint8_t *from, uint8_t *to, int k)
{
	int order[2] = { side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN, WW_NAT_FRENCH };
	for (int i = 0; i < 2 && k > 0; i++) {
		if (side == WW_BRITISH && i == 1)
			break;
		int n = from[order[i]] < k ? from[order[i]] : k;
		from[order[i]] -= (uint8_t)n;
		to[order[i]] += (uint8_t)n;
		k -= n;
	}
}

/* k more of the CUs standing in the space join the army, American before
 * French. */
static void join_army(enum ww_side side, const uint8_t *space_cu, uint8_t *army, int k)
{
	int order[2] = { side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN, WW_NAT_FRENCH };
	for (int i = 0; i < (side == WW_BRITISH ? 1 : 2) && k > 0; i++) {
		int n = order[i], free = space_cu[n] - army[n];
		int t = free < k ? free : k;
		army[n] += (uint8_t)t;
		k -= t;
	}
}

static bool lone_enemy_general(const struct ww_data *d, const struct ww_state *s, int sp,
			       enum ww_side side)
{
	return ww_general_in(d, s, sp, ww_enemy(side)) >= 0 && !ww_side_cu(s, sp, ww_enemy(side));
}

/* 9.7: 4 or 5 CUs entering a space with one enemy CU and no enemy general. */
static bool overrun_possible(const struct ww_data *d, const struct ww_state *s,
			     const struct ww_move *m, int sp, enum ww_side side)
{
	int n = army_size(m);
	return n >= 4 && n <= ARMY_MAX_CU && ww_side_cu(s, sp, ww_enemy(side)) == 1 &&
	       ww_general_in(d, s, sp, ww_enemy(side)) < 0;
}

/* ---- executing a move ---- */

static void lift_army(struct ww_state *s, struct ww_move *m, int from, int to)
{
	uint8_t *a = s->space[from].cu, *b = s->space[to].cu;
	for (int n = 0; n < WW_NATIONS; n++) {
		a[n] -= m->cu[n];
		b[n] += m->cu[n];
	}
}

static void end_move(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_move *m = &s->mv;
	int g = m->general;
	s->play.moved_cu[m->at] += (uint8_t)army_size(m);
	ww_general_arrives(c, g, m->at, m->keep);
	ww_event(c->ev, WW_TO_BOTH, "%s ends his move in %s with %d CU.", gname(c->d, g),
		 ww_space_name(c->d, m->at), army_size(m));
	m->general = -1;
	m->nsteps = m->next = 0;
}

/* American armies that may try to intercept into `sp` (7.8). */
static int interceptors(const struct ww_ctx *c, int sp, int *out)
{
	const struct ww_data *d = c->d;
	const struct ww_state *s = c->s;
	int n = 0;
	for (int g = 0; g < d->ngenerals; g++) {
		int at = s->general_at[g];
		if (side_of(d, g) != WW_AMERICAN || at < 0 || at == sp ||
		    (s->play.tried_intercept & (1u << g)) || !ww_side_cu(s, at, WW_AMERICAN) ||
		    !usable_link(d, g, at, sp))
			continue;
		out[n++] = g;
	}
	return n;
}

/* 7.8.A/B: a British army (not a lone general, not by sea) entering an
 * American PC space that held no British CUs before. */
static bool may_intercept(const struct ww_ctx *c, int sp, bool british_before, bool with_cu)
{
	const struct ww_state *s = c->s;
	return s->play.side == WW_BRITISH && !s->mv.by_sea && with_cu &&
	       s->space[sp].pc == WW_AMERICAN && !british_before;
}

static void start_battle(struct ww_ctx *c, bool intercepted)
{
	struct ww_state *s = c->s;
	struct ww_move m = s->mv;
	s->mv.general = -1; /* a battle ends the move (7.3.B) */
	s->mv.nsteps = s->mv.next = 0;
	s->play.moved_cu[m.at] += (uint8_t)army_size(&m);
	ww_general_arrives(c, m.general, m.at, m.keep); /* 7.4.C before the battle */
	if (s->general_at[m.general] != m.at) /* he went to the box: the other leads */
		m.general = (int8_t)other_general(c->d, s, m.at, (enum ww_side)s->play.side, -1);
	ww_battle_begin(c, m.at, (enum ww_side)s->play.side, m.general, m.came_from, intercepted);
}

static void overrun(struct ww_ctx *c, int sp)
{
	struct ww_state *s = c->s;
	enum ww_side side = (enum ww_side)s->play.side, enemy = ww_enemy(side);
	for (int n = 0; n < WW_NATIONS; n++) {
		bool theirs = enemy == WW_BRITISH ? n == WW_NAT_BRITISH : n != WW_NAT_BRITISH;
		if (theirs && s->space[sp].cu[n]) {
			s->space[sp].cu[n]--;
			s->cu_eliminated[n]++;
			break;
		}
	}
	s->mv.overran = true;
	ww_event(c->ev, WW_TO_BOTH, "%s overruns the %s CU in %s (9.7).", gname(c->d, s->mv.general),
		 ww_side_name(enemy), ww_space_name(c->d, sp));
	if (enemy == WW_BRITISH)
		ww_french_alliance_steps(c, 1); /* 12.1: an overrun counts as a battle */
	if (enemy == WW_AMERICAN && s->congress_at == sp && !ww_side_cu(s, sp, WW_AMERICAN))
		ww_disperse_congress(c); /* 7.7 */
}

static bool offer_interception(struct ww_ctx *c);

/* Entering a space: an army (with CUs as it enters) captures a lone enemy
 * general (7.6.A), and a British army disperses an unguarded Congress
 * (7.7); it may then go on. */
static void enter_space(struct ww_ctx *c, bool with_cu)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	enum ww_side side = (enum ww_side)s->play.side, enemy = ww_enemy(side);
	int sp = s->mv.at;
	int lone = ww_general_in(d, s, sp, enemy);
	if (with_cu && lone >= 0 && !ww_side_cu(s, sp, enemy))
		ww_capture_general(c, lone);
	if (with_cu && side == WW_BRITISH && s->congress_at == sp && !ww_side_cu(s, sp, WW_AMERICAN))
		ww_disperse_congress(c);
}

/* The army stands in a space holding enemy CUs: overrun, retreat before
 * battle, or battle. Returns true if the move stops. */
static bool meet_enemy(struct ww_ctx *c)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	struct ww_move *m = &s->mv;
	enum ww_side side = (enum ww_side)s->play.side, enemy = ww_enemy(side);
	int sp = m->at;
	if (!ww_side_cu(s, sp, enemy))
		return false;
	if (overrun_possible(d, s, m, sp, side) && m->next < m->nsteps) {
		overrun(c, sp);
		return false;
	}
	int defender = ww_general_in(d, s, sp, enemy);
	if (side == WW_BRITISH && defender >= 0 &&
	    !(s->play.tried_intercept & (1u << defender)) &&
	    !s->standing[WW_AMERICAN].never_retreat_before_battle) {
		ww_ask(s, WW_AMERICAN, WW_ASK_RETREAT_BEFORE_BATTLE); /* 7.9 */
		return true;
	}
	if (overrun_possible(d, s, m, sp, side)) {
		overrun(c, sp);
		end_move(c);
		return true;
	}
	start_battle(c, false);
	return true;
}

/* Carries the move on until it ends or someone must answer. */
void ww_move_continue(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_move *m = &s->mv;
	const struct ww_data *d = c->d;
	enum ww_side side = (enum ww_side)s->play.side;
	while (m->general >= 0 && s->prompt == WW_ASK_NOTHING) {
		if (m->next >= m->nsteps) {
			end_move(c);
			return;
		}
		struct ww_step step = m->path[m->next++];
		int from = m->at;
		bool enemy_before = ww_side_cu(s, step.space, ww_enemy(side)) > 0;
		bool british_before = ww_side_cu(s, step.space, WW_BRITISH) > 0;
		lift_army(s, m, from, step.space);
		m->came_from = (int16_t)from;
		m->at = step.space;
		const struct ww_link *l = link_between(d, from, step.space);
		m->spent += (int8_t)(m->by_sea ? 0 : l && l->wilderness ? WILDERNESS_COST : 1);
		s->general_at[m->general] = step.space;
		ww_event(c->ev, WW_TO_BOTH, "%s moves%s to %s with %d CU.", gname(d, m->general),
			 m->by_sea ? " by sea" : "", ww_space_name(d, step.space), army_size(m));
		bool with_cu = army_size(m) > 0;
		enter_space(c, with_cu);
		if (step.drop) {
			uint8_t left[WW_NATIONS] = { 0 };
			shift_cu(side, m->cu, left, step.drop);
			s->play.moved_cu[step.space] += (uint8_t)step.drop;
		}
		if (step.take)
			join_army(side, s->space[step.space].cu, m->cu, step.take);
		if (may_intercept(c, step.space, british_before, with_cu) && offer_interception(c))
			return;
		if (enemy_before && meet_enemy(c))
			return;
	}
}

/* ---- answers during a move ---- */

/* Interception attempts by `gens` in that order (7.8.E): the first success
 * places the army in the space and starts the battle. Returns true then. */
static bool try_interceptions(struct ww_ctx *c, const int *gens, int n, int keep)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int sp = s->mv.at;
	for (int i = 0; i < n; i++) {
		int g = gens[i];
		int from = s->general_at[g];
		s->play.tried_intercept |= (uint16_t)(1u << g);
		int roll = ww_roll(s, c->rng, c->ev, "%s attempts to intercept into %s "
				   "(succeeds on %d or less, 7.8.A)", gname(d, g),
				   ww_space_name(d, sp), gen(d, g)->agility);
		if (roll > gen(d, g)->agility) {
			ww_event(c->ev, WW_TO_BOTH, "The interception fails.");
			continue;
		}
		int k = ww_side_cu(s, from, WW_AMERICAN);
		k = k > ARMY_MAX_CU ? ARMY_MAX_CU : k; /* 7.8.C */
		uint8_t moving[WW_NATIONS] = { 0 };
		shift_cu(WW_AMERICAN, s->space[from].cu, moving, k);
		for (int nat = 0; nat < WW_NATIONS; nat++)
			s->space[sp].cu[nat] += moving[nat];
		ww_general_arrives(c, g, sp, keep);
		ww_event(c->ev, WW_TO_BOTH, "%s intercepts into %s with %d CU: the British "
			 "move ends (7.8.C).", gname(d, g), ww_space_name(d, sp), k);
		start_battle(c, true);
		return true;
	}
	return false;
}

/* The British army stands in a space with an American PC: standing orders
 * answer for the American where they can, else he is asked (7.8). Returns
 * true if the move stops here. */
static bool offer_interception(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	const struct ww_standing *st = &s->standing[WW_AMERICAN];
	int who[WW_MAX_GENERALS], always[WW_MAX_GENERALS], nalways = 0;
	int n = interceptors(c, s->mv.at, who);
	if (!n || st->never_intercept)
		return false;
	for (int i = 0; i < n; i++)
		if (st->always_intercept & (1u << who[i]))
			always[nalways++] = who[i];
	if (try_interceptions(c, always, nalways, -1))
		return true;
	if (nalways == n)
		return false;
	ww_ask(s, WW_AMERICAN, WW_ASK_INTERCEPT);
	return true;
}

static int intercept_answer(struct ww_ctx *c, const struct ww_order *o)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int sp = s->mv.at;
	if (o->kind == WW_ORD_NO_INTERCEPT) {
		ww_event(c->ev, WW_TO_BOTH, "No interception into %s.", ww_space_name(d, sp));
	} else {
		int who[WW_MAX_GENERALS];
		int n = interceptors(c, sp, who);
		if (o->ngenerals < 1) {
			wj_why(c->why, c->whylen, "Name the general who attempts it: `intercept GENERAL`.");
			return -1;
		}
		for (int i = 0; i < o->ngenerals; i++)
			for (int j = 0; j < i; j++)
				if (o->generals[j] == o->generals[i]) {
					wj_why(c->why, c->whylen, "%s is named twice: each army attempts "
					       "interception once per card (7.8.E).",
					       gname(d, o->generals[i]));
					return -1;
				}
		for (int i = 0; i < o->ngenerals; i++) {
			bool ok = false;
			for (int j = 0; j < n; j++)
				ok |= who[j] == o->generals[i];
			if (!ok) {
				wj_why(c->why, c->whylen, "%s cannot intercept into %s: an American "
				       "army adjacent to it that has not tried this card may (7.8).",
				       gname(d, o->generals[i]), ww_space_name(d, sp));
				return -1;
			}
		}
		if (try_interceptions(c, o->generals, o->ngenerals, o->keep))
			return 0;
	}
	/* no interception: the British move goes on, or meets who is there */
	if (ww_side_cu(s, sp, WW_AMERICAN))
		meet_enemy(c);
	return 0;
}

static int retreat_before_answer(struct ww_ctx *c, const struct ww_order *o)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	struct ww_move *m = &s->mv;
	int sp = m->at;
	int g = ww_general_in(d, s, sp, WW_AMERICAN);
	if (o->kind == WW_ORD_STAND) {
		ww_event(c->ev, WW_TO_BOTH, "%s stands in %s.", gname(d, g), ww_space_name(d, sp));
		start_battle(c, false);
		return 0;
	}
	int options[WW_MAX_LINKS];
	int n = ww_retreat_spaces(d, s, WW_AMERICAN, sp, m->came_from, g, options);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= options[i] == o->spaces[0];
	if (o->nspaces != 1 || !ok) {
		wj_why(c->why, c->whylen, "%s may retreat before battle only to an adjacent space "
		       "with no British CU or PC, other than %s the British came from (7.9.B, 9.61); "
		       "%d such space%s.", gname(d, g), ww_space_name(d, m->came_from), n,
		       n == 1 ? "" : "s");
		return -1;
	}
	int agility = gen(d, g)->agility + gen(d, g)->retreat_bonus;
	int roll = ww_roll(s, c->rng, c->ev, "%s attempts to retreat before battle to %s "
			   "(succeeds on %d or less, 7.9.A)", gname(d, g),
			   ww_space_name(d, o->spaces[0]), agility);
	if (roll > agility) {
		ww_event(c->ev, WW_TO_BOTH, "The retreat before battle fails.");
		start_battle(c, false);
		return 0;
	}
	int to = o->spaces[0];
	int k = ww_side_cu(s, sp, WW_AMERICAN);
	k = k > ARMY_MAX_CU ? ARMY_MAX_CU : k; /* 7.9.B */
	uint8_t moving[WW_NATIONS] = { 0 };
	shift_cu(WW_AMERICAN, s->space[sp].cu, moving, k);
	for (int nat = 0; nat < WW_NATIONS; nat++)
		s->space[to].cu[nat] += moving[nat];
	ww_general_arrives(c, g, to, -1);
	ww_event(c->ev, WW_TO_BOTH, "%s retreats before battle to %s with %d CU.", gname(d, g),
		 ww_space_name(d, to), k);
	int lone = ww_general_in(d, s, to, WW_BRITISH);
	if (lone >= 0 && !ww_side_cu(s, to, WW_BRITISH))
		ww_capture_general(c, lone); /* 7.6.A: entered by retreat */
	if (s->congress_at == sp && !ww_side_cu(s, sp, WW_AMERICAN))
		ww_disperse_congress(c); /* 7.7 */
	/* the British stop here in any case; CUs left behind fight or are overrun */
	m->nsteps = m->next;
	if (!ww_side_cu(s, sp, WW_AMERICAN)) {
		end_move(c);
		return 0;
	}
	if (overrun_possible(d, s, m, sp, WW_BRITISH)) {
		overrun(c, sp);
		end_move(c);
		return 0;
	}
	start_battle(c, false);
	return 0;
}

int ww_move_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	(void)side;
	switch (o->kind) {
	case WW_ORD_INTERCEPT:
	case WW_ORD_NO_INTERCEPT:
		if (c->s->mv.general < 0)
			break;
		return intercept_answer(c, o);
	case WW_ORD_RETREAT_BEFORE:
	case WW_ORD_STAND:
		if (c->s->mv.general < 0)
			break;
		return retreat_before_answer(c, o);
	default:
		break;
	}
	wj_why(c->why, c->whylen, "That does not answer the question about the British move.");
	return -1;
}

/* ---- starting a move: checks on the whole path before anything happens ---- */

/* The CUs of `side` that could join an army at each space, before a move:
 * those standing there, less those another general moved this card
 * (7.4.E). */
static void joinable_cu(const struct ww_state *s, enum ww_side side, int *free_at)
{
	for (int sp = 0; sp < WW_MAX_SPACES; sp++) {
		int n = ww_side_cu(s, sp, side) - s->play.moved_cu[sp];
		free_at[sp] = n > 0 ? n : 0;
	}
}

/* One step of a path, checked as the army enters `to` with `size` CUs
 * (before it drops any there). */
static int check_entry(struct ww_ctx *c, enum ww_side side, int g, int to, int size, bool last)
{
	const struct ww_data *d = c->d;
	const struct ww_state *s = c->s;
	bool enemy_cu = ww_side_cu(s, to, ww_enemy(side)) > 0;
	if (enemy_cu && size == 0) {
		wj_why(c->why, c->whylen, "%s cannot enter %s alone: enemy CUs are there (7.4.A).",
		       gname(d, g), ww_space_name(d, to));
		return -1;
	}
	if (size == 0 && s->space[to].pc == (int8_t)ww_enemy(side)) {
		wj_why(c->why, c->whylen, "%s moving alone cannot enter %s, which has an enemy PC "
		       "(7.4.B).", gname(d, g), ww_space_name(d, to));
		return -1;
	}
	if (size == 0 && last && lone_enemy_general(d, s, to, side)) {
		wj_why(c->why, c->whylen, "%s moving alone may pass through %s but not stop "
		       "beside an enemy general (7.4.A).", gname(d, g), ww_space_name(d, to));
		return -1;
	}
	return 0;
}

static int check_path(struct ww_ctx *c, enum ww_side side, const struct ww_order *o,
		      int start, int army)
{
	const struct ww_data *d = c->d;
	const struct ww_state *s = c->s;
	int g = o->general;
	bool american = side == WW_AMERICAN;
	int spent = 0, size = army, at = start;
	bool overran = false;
	int free_at[WW_MAX_SPACES];
	joinable_cu(s, side, free_at);
	free_at[start] -= army;
	for (int i = 0; i < o->nspaces; i++) {
		int to = o->spaces[i];
		const struct ww_link *l = usable_link(d, g, at, to);
		if (!l) {
			wj_why(c->why, c->whylen, "%s is not adjacent to %s%s (7.3.B).",
			       ww_space_name(d, to), ww_space_name(d, at),
			       link_between(d, at, to) ? " for any general but Arnold (7.4.D)" : "");
			return -1;
		}
		spent += l->wilderness ? WILDERNESS_COST : 1;
		bool last = i == o->nspaces - 1;
		if (check_entry(c, side, g, to, size, last))
			return -1;
		bool enemy_cu = ww_side_cu(s, to, ww_enemy(side)) > 0;
		bool overrun = enemy_cu && size >= 4 && size <= ARMY_MAX_CU &&
			       ww_side_cu(s, to, ww_enemy(side)) == 1 &&
			       ww_general_in(d, s, to, ww_enemy(side)) < 0;
		if (enemy_cu && !last && !overrun) {
			wj_why(c->why, c->whylen, "The move ends in %s, where enemy CUs stand (7.3.B); "
			       "only an overrun (4 or 5 CU against 1, 9.7) may go on.",
			       ww_space_name(d, to));
			return -1;
		}
		overran |= overrun;
		/* 7.3.C: five spaces only without an overrun and not into a battle */
		int allowance = american && !overran && !enemy_cu ? AMERICAN_ALLOWANCE : MOVE_ALLOWANCE;
		if (s->play.allowance && (s->play.allowance_in_battle || (!overran && !enemy_cu)))
			allowance = s->play.allowance; /* an event's allowance (Glover, 7.3.C Special) */
		if (spent > allowance) {
			wj_why(c->why, c->whylen, "The path costs %d spaces by %s (wilderness links "
			       "cost 3); %s may move %d (7.3.A, 7.3.C).", spent,
			       ww_space_name(d, to), gname(d, g), allowance);
			return -1;
		}
		if (o->drop[i] > size) {
			wj_why(c->why, c->whylen, "%s cannot drop %d CU in %s: he has %d.",
			       gname(d, g), o->drop[i], ww_space_name(d, to), size);
			return -1;
		}
		size -= o->drop[i];
		free_at[to] += o->drop[i];
		if (o->take[i] > free_at[to]) {
			wj_why(c->why, c->whylen, "%s cannot pick up %d CU in %s: %d may join him "
			       "(7.3.A, 7.4.E).", gname(d, g), o->take[i], ww_space_name(d, to),
			       free_at[to]);
			return -1;
		}
		free_at[to] -= o->take[i];
		size += o->take[i];
		if (size > ARMY_MAX_CU) {
			wj_why(c->why, c->whylen, "%s would move with %d CU after %s: at most 5 (7.3.A).",
			       gname(d, g), size, ww_space_name(d, to));
			return -1;
		}
		at = to;
	}
	return 0;
}

static int check_naval(struct ww_ctx *c, const struct ww_order *o, int start, int army)
{
	const struct ww_data *d = c->d;
	if (o->nspaces != 1) {
		wj_why(c->why, c->whylen, "Naval movement goes to one port: `by sea to PORT` (7.5).");
		return -1;
	}
	if (!naval_port(d, c->s, start) || !naval_port(d, c->s, o->spaces[0]) ||
	    o->spaces[0] == start) {
		wj_why(c->why, c->whylen, "Naval movement goes from a port to another port, neither "
		       "holding an American CU or PC nor in a blockaded zone (7.5): %s to %s is not "
		       "possible.", ww_space_name(d, start), ww_space_name(d, o->spaces[0]));
		return -1;
	}
	if (o->drop[0] || o->take[0]) {
		wj_why(c->why, c->whylen, "Naval movement uses the entire move (7.5): no CU is "
		       "dropped off or picked up on the way.");
		return -1;
	}
	return check_entry(c, WW_BRITISH, o->general, o->spaces[0], army, true);
}

/* 7.4.C: `keep` chooses who stays when the mover ends in a space with
 * another general of his side; a `keep` that can choose nothing (no such
 * general on the path) or names a general who cannot be one of the two is
 * refused, not dropped (docs/rulings.md). */
static int check_keep(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	const struct ww_data *d = c->d;
	int g = o->general, meets = 0;
	bool named = o->keep == g;
	if (o->keep < 0)
		return 0;
	for (int i = 0; i < o->nspaces; i++) {
		int other = other_general(d, c->s, o->spaces[i], side, g);
		if (other < 0)
			continue;
		meets++;
		named |= other == o->keep;
	}
	if (!meets) {
		wj_why(c->why, c->whylen, "'keep %s' chooses who stays when two of your generals "
		       "end in one space (7.4.C); no other general of yours is in a space of "
		       "%s's path: leave 'keep' out.", gname(d, o->keep), gname(d, g));
		return -1;
	}
	if (!named) {
		wj_why(c->why, c->whylen, "'keep %s': the general who stays is %s or a general "
		       "of yours in a space of his path (7.4.C).", gname(d, o->keep), gname(d, g));
		return -1;
	}
	return 0;
}

/* Activates general o->general for the card being played and starts his
 * move (7.1, 7.2, 7.3); `ops` 0 for a campaign, which ignores ratings. */
int ww_start_move(struct ww_ctx *c, enum ww_side side, const struct ww_order *o, int ops)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int g = o->general;
	if (g < 0 || g >= d->ngenerals || side_of(d, g) != side) {
		wj_why(c->why, c->whylen, "Name one of your generals to move.");
		return -1;
	}
	int start = s->general_at[g];
	if (start < 0) {
		wj_why(c->why, c->whylen, "%s is not on the map.", gname(d, g));
		return -1;
	}
	if (ops && gen(d, g)->strategy > ops) {
		wj_why(c->why, c->whylen, "%s has a strategy rating of %d: %d OPS cannot activate him "
		       "(7.1.A).", gname(d, g), gen(d, g)->strategy, ops);
		return -1;
	}
	if (s->play.activated & (1u << g)) {
		wj_why(c->why, c->whylen, "%s was already activated by this card (7.2.A).", gname(d, g));
		return -1;
	}
	if (o->by_sea && side != WW_BRITISH) {
		wj_why(c->why, c->whylen, "Only the British move by sea (7.5).");
		return -1;
	}
	int avail = free_cu(s, start, side, 0);
	int army = o->cu < 0 ? (avail < ARMY_MAX_CU ? avail : ARMY_MAX_CU) : o->cu;
	if (army > avail || army > ARMY_MAX_CU) {
		wj_why(c->why, c->whylen, "%s can take at most %d CU from %s (7.3.A, 7.4.E).",
		       gname(d, g), avail < ARMY_MAX_CU ? avail : ARMY_MAX_CU, ww_space_name(d, start));
		return -1;
	}
	if (o->nspaces < 1) {
		wj_why(c->why, c->whylen, "Give the path: `move %s to SPACE, SPACE, ...`.", gname(d, g));
		return -1;
	}
	if (o->by_sea ? check_naval(c, o, start, army) : check_path(c, side, o, start, army))
		return -1;
	if (check_keep(c, side, o))
		return -1;
	struct ww_move *m = &s->mv;
	memset(m, 0, sizeof *m);
	m->general = (int8_t)g;
	m->by_sea = o->by_sea;
	m->keep = (int8_t)o->keep;
	m->at = (int16_t)start;
	m->came_from = -1;
	m->nsteps = (int8_t)o->nspaces;
	for (int i = 0; i < o->nspaces; i++)
		m->path[i] = (struct ww_step){ (int16_t)o->spaces[i], o->drop[i], o->take[i] };
	join_army(side, s->space[start].cu, m->cu, army);
	s->play.activated |= (uint16_t)(1u << g);
	ww_event(c->ev, WW_TO_BOTH, "%s is activated in %s with %d CU.", gname(d, g),
		 ww_space_name(d, start), army);
	ww_move_continue(c);
	return 0;
}

/* 7.2.B: the British Landing Party, in lieu of one campaign activation. */
int ww_landing_party(struct ww_ctx *c, const struct ww_order *o)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int sp = o->nspaces == 1 ? o->spaces[0] : -1;
	if (s->play.landing_party_used) {
		wj_why(c->why, c->whylen, "Only one Landing Party per campaign card (7.2.B).");
		return -1;
	}
	if (sp < 0 || !d->spaces[sp].port || d->spaces[sp].fortified || ww_blockaded(d, s, sp)) {
		wj_why(c->why, c->whylen, "A Landing Party goes to a port that is neither fortified "
		       "nor blockaded (7.2.B).");
		return -1;
	}
	bool american_unit = ww_side_cu(s, sp, WW_AMERICAN) || s->congress_at == sp ||
			     ww_general_in(d, s, sp, WW_AMERICAN) >= 0;
	bool empty = s->space[sp].pc == WW_NOBODY && !american_unit &&
		     !ww_side_cu(s, sp, WW_BRITISH) && ww_general_in(d, s, sp, WW_BRITISH) < 0;
	if (!(s->space[sp].pc == WW_AMERICAN && !american_unit) && !empty) {
		wj_why(c->why, c->whylen, "A Landing Party flips an American PC in a port with no "
		       "American general, CU or Congress, or places a British PC in an empty port "
		       "(7.2.B); %s is neither.", ww_space_name(d, sp));
		return -1;
	}
	s->space[sp].pc = WW_BRITISH;
	s->play.landing_party_used = true;
	ww_event(c->ev, WW_TO_BOTH, "A British Landing Party takes %s (7.2.B).", ww_space_name(d, sp));
	return 0;
}
