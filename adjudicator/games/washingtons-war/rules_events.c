/* Events composed from primitives (6.3, 6.31, 6.32.A, 6.33, 6.34.B): each
 * event card's `event:` steps in cards.yaml are done here in order. The
 * player names the spaces (6.31) in `play N event S, S, ...`; the targeted
 * steps take them in order (docs/orders.md). A card whose effect needs
 * code names a function of the table at the end; C never names a card. */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

#define BATTLE_CARD_DRM 2 /* 9.45 */
#define LIST_MAX 8        /* legal spaces named in a refusal */

/* One playing of an event. */
struct run {
	struct ww_ctx *c;
	enum ww_side side;        /* who plays it */
	const struct ww_card *k;
	const struct ww_order *o; /* NULL in a battle */
	struct ww_state start;    /* the position when the card was played */
	int next;                 /* the next space of the order to use */
	bool in_battle;
	bool possible;            /* some step could do something (6.32.A) */
	bool overrun;             /* the battle becomes an overrun (9.7 Clarification) */
};

/* ---- the engine's event functions (`code: NAME`) ---- */

/* 9.2 step 1 Special, 9.7 Clarification: once Arnold is gone, a British
 * attacker of 4 or 5 CUs facing 1 American CU and no general overruns it
 * instead of fighting; an American attacker always fights on. */
static int arnold_treason(struct run *r)
{
	struct ww_state *s = r->c->s;
	const struct ww_battle *b = &s->battle;
	if (!r->in_battle || b->space < 0 || b->attacker != WW_BRITISH)
		return 0;
	int att = ww_side_cu(s, b->space, WW_BRITISH);
	r->overrun = att >= 4 && att <= 5 && ww_side_cu(s, b->space, WW_AMERICAN) == 1 &&
		     ww_general_in(r->c->d, s, b->space, WW_AMERICAN) < 0;
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(struct run *r);
} codes[] = {
	{ "arnold_treason", arnold_treason },
};

bool ww_event_code_exists(const char *name)
{
	for (size_t i = 0; name && i < sizeof codes / sizeof codes[0]; i++)
		if (!strcmp(codes[i].name, name))
			return true;
	return false;
}

/* ---- whose pieces ---- */

static enum ww_side resolve(enum ww_side player, enum ww_ev_whose w, enum ww_ev_whose dflt)
{
	switch (w == WW_WHOSE_DEFAULT ? dflt : w) {
	case WW_WHOSE_ENEMY: return ww_enemy(player);
	case WW_WHOSE_AMERICAN: return WW_AMERICAN;
	case WW_WHOSE_BRITISH: return WW_BRITISH;
	default: return player;
	}
}

/* The side whose PC or CUs the step places, removes or flips. */
static enum ww_side piece_side(const struct run *r, const struct ww_event_step *st)
{
	bool own = st->prim == WW_EV_PLACE_PC || st->prim == WW_EV_ADD_CU;
	return resolve(r->side, st->whose, own ? WW_WHOSE_OWN : WW_WHOSE_ENEMY);
}

static enum ww_nation nation_of(enum ww_side side)
{
	return side == WW_BRITISH ? WW_NAT_BRITISH : WW_NAT_AMERICAN;
}

static bool units_of(const struct ww_data *d, const struct ww_state *s, int sp, enum ww_side side)
{
	if (side == WW_AMERICAN)
		return ww_american_unit_in(d, s, sp);
	return ww_side_cu(s, sp, WW_BRITISH) > 0 || ww_general_in(d, s, sp, WW_BRITISH) >= 0;
}

static bool next_to_pc(const struct ww_data *d, const struct ww_state *s, enum ww_side side, int sp)
{
	for (int i = 0; i < d->nspaces; i++)
		if (s->space[i].pc == (int8_t)side && ww_pc_adjacent(d, side, sp, i))
			return true;
	return false;
}

/* ---- one target ---- */

static int where_ok(const struct run *r, const struct ww_event_step *st, int sp, char *why, size_t len)
{
	const struct ww_data *d = r->c->d;
	const char *name = ww_space_name(d, sp);
	if (st->colonies && !(st->colonies & (1u << d->spaces[sp].colony))) {
		char list[120] = "";
		for (int col = 0; col < d->ncolonies; col++)
			if (st->colonies & (1u << col))
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
					 list[0] ? ", " : "", d->colonies[col].code);
		wj_why(why, len, "%s is not in %s", name, list);
		return -1;
	}
	if (st->ports == WW_PORTS_ONLY && !d->spaces[sp].port) {
		wj_why(why, len, "%s is not a port", name);
		return -1;
	}
	if (st->ports == WW_PORTS_NEVER && d->spaces[sp].port) {
		wj_why(why, len, "%s is a port", name);
		return -1;
	}
	return 0;
}

static int pc_target(const struct run *r, const struct ww_event_step *st, int sp, char *why, size_t len)
{
	const struct ww_data *d = r->c->d;
	const struct ww_state *s = r->c->s;
	const char *name = ww_space_name(d, sp);
	enum ww_side who = piece_side(r, st), other = ww_enemy(who);
	if (st->prim == WW_EV_PLACE_PC) {
		if (s->space[sp].pc != WW_NOBODY) {
			wj_why(why, len, "%s already has a PC: the event places PCs in empty spaces "
			       "(10.12.A)", name);
			return -1;
		}
		if (st->not_with_enemy_cu && ww_side_cu(s, sp, other)) {
			wj_why(why, len, "%s holds %s CUs", name, ww_side_name(other));
			return -1;
		}
		if (st->not_with_units && units_of(d, s, sp, other)) {
			wj_why(why, len, "%s holds a %s unit", name, ww_side_name(other));
			return -1;
		}
		if (st->adjacent_to_friendly && !next_to_pc(d, &r->start, who, sp)) {
			wj_why(why, len, "%s is not adjacent to a space that held a %s PC when the "
			       "card was played", name, ww_side_name(who));
			return -1;
		}
		return 0;
	}
	if (s->space[sp].pc != (int8_t)who) {
		wj_why(why, len, "%s has no %s PC", name, ww_side_name(who));
		return -1;
	}
	if (st->not_with_units && units_of(d, s, sp, who)) {
		wj_why(why, len, "%s holds a %s unit", name, ww_side_name(who));
		return -1;
	}
	if (st->adjacent_to_friendly && !next_to_pc(d, &r->start, r->side, sp)) {
		wj_why(why, len, "%s is not adjacent to a %s PC", name, ww_side_name(r->side));
		return -1;
	}
	return 0;
}

static int cu_target(const struct run *r, const struct ww_event_step *st, int sp, char *why, size_t len)
{
	const struct ww_data *d = r->c->d;
	const struct ww_state *s = r->c->s;
	const char *name = ww_space_name(d, sp);
	enum ww_side who = piece_side(r, st), other = ww_enemy(who);
	if (st->prim == WW_EV_REMOVE_CU) {
		if (!ww_side_cu(s, sp, who)) {
			wj_why(why, len, "%s holds no %s CU", name, ww_side_name(who));
			return -1;
		}
		if (st->no_general && ww_general_in(d, s, sp, who) >= 0) {
			wj_why(why, len, "%s holds a %s general", name, ww_side_name(who));
			return -1;
		}
		return 0;
	}
	/* add_cu: never beside enemy units (3.0: no space holds both sides) */
	if (ww_side_cu(s, sp, other) || ww_general_in(d, s, sp, other) >= 0) {
		wj_why(why, len, "%s holds %s units", name, ww_side_name(other));
		return -1;
	}
	if (st->where == WW_WHERE_WITH_GENERAL && ww_general_in(d, s, sp, who) < 0) {
		wj_why(why, len, "%s holds no %s general", name, ww_side_name(who));
		return -1;
	}
	if (st->where == WW_WHERE_FRIENDLY_PC && s->space[sp].pc != (int8_t)who) {
		wj_why(why, len, "%s has no %s PC", name, ww_side_name(who));
		return -1;
	}
	return 0;
}

/* Is `sp` a legal target now, given the spaces already chosen for the step? */
static int target_ok(const struct run *r, const struct ww_event_step *st, int sp,
		     const int *chosen, int n, char *why, size_t len)
{
	const struct ww_data *d = r->c->d;
	for (int i = 0; i < n; i++)
		if (chosen[i] == sp) {
			wj_why(why, len, "%s is named twice", ww_space_name(d, sp));
			return -1;
		}
	if (where_ok(r, st, sp, why, len))
		return -1;
	if (st->max_per_colony) {
		int same = 0;
		for (int i = 0; i < n; i++)
			same += d->spaces[chosen[i]].colony == d->spaces[sp].colony;
		if (same >= st->max_per_colony) {
			wj_why(why, len, "%s is in %s, which already has %d of this step's spaces: "
			       "at most %d per colony", ww_space_name(d, sp),
			       d->colonies[d->spaces[sp].colony].code, same, st->max_per_colony);
			return -1;
		}
	}
	if (st->prim == WW_EV_ADD_CU || st->prim == WW_EV_REMOVE_CU)
		return cu_target(r, st, sp, why, len);
	return pc_target(r, st, sp, why, len);
}

/* The spaces that would be legal now, as "A, B, C" (at most LIST_MAX). */
static int legal_list(const struct run *r, const struct ww_event_step *st, const int *chosen,
		      int n, char *out, size_t len)
{
	const struct ww_data *d = r->c->d;
	int count = 0;
	out[0] = 0;
	for (int sp = 0; sp < d->nspaces; sp++) {
		if (target_ok(r, st, sp, chosen, n, NULL, 0))
			continue;
		if (count < LIST_MAX)
			snprintf(out + strlen(out), len - strlen(out), "%s%s", count ? ", " : "",
				 ww_space_name(d, sp));
		else if (count == LIST_MAX)
			snprintf(out + strlen(out), len - strlen(out), ", ...");
		count++;
	}
	return count;
}

static void apply_target(struct run *r, const struct ww_event_step *st, int sp)
{
	struct ww_ctx *c = r->c;
	struct ww_state *s = c->s;
	const char *name = ww_space_name(c->d, sp);
	enum ww_side who = piece_side(r, st);
	int cu = st->cu ? st->cu : 1;
	switch (st->prim) {
	case WW_EV_PLACE_PC:
		s->space[sp].pc = (int8_t)who;
		ww_event(c->ev, WW_TO_BOTH, "%s PC placed in %s.", ww_side_name(who), name);
		break;
	case WW_EV_REMOVE_PC:
		s->space[sp].pc = WW_NOBODY;
		ww_event(c->ev, WW_TO_BOTH, "%s PC removed from %s.", ww_side_name(who), name);
		break;
	case WW_EV_FLIP_PC:
		s->space[sp].pc = (int8_t)ww_enemy(who);
		ww_event(c->ev, WW_TO_BOTH, "%s PC in %s flipped to %s.", ww_side_name(who), name,
			 ww_side_name(ww_enemy(who)));
		break;
	case WW_EV_ADD_CU:
		s->space[sp].cu[nation_of(who)] = (uint8_t)(s->space[sp].cu[nation_of(who)] + cu);
		ww_event(c->ev, WW_TO_BOTH, "%d %s CU%s placed in %s.", cu, ww_side_name(who),
			 cu == 1 ? "" : "s", name);
		break;
	case WW_EV_REMOVE_CU: {
		/* American CUs before French ones, as in battle (docs/rulings.md) */
		int gone = 0;
		enum ww_nation order[2] = { nation_of(who), WW_NAT_FRENCH };
		for (int i = 0; i < (who == WW_AMERICAN ? 2 : 1) && gone < cu; i++) {
			uint8_t *n = &s->space[sp].cu[order[i]];
			int t = *n < cu - gone ? *n : cu - gone;
			*n = (uint8_t)(*n - t);
			s->cu_eliminated[order[i]] += t;
			gone += t;
		}
		ww_event(c->ev, WW_TO_BOTH, "%d %s CU%s removed from %s.", gone, ww_side_name(who),
			 gone == 1 ? "" : "s", name);
		break;
	}
	default:
		break;
	}
}

/* A step whose spaces the player names: exactly `count` (or as many as are
 * legal: 6.31 "must"), or up to `count` when optional ("may"). */
static int targeted(struct run *r, const struct ww_event_step *st, bool last)
{
	struct ww_ctx *c = r->c;
	const struct ww_order *o = r->o;
	int want = st->count ? st->count : 1;
	int avail = o->nspaces - r->next;
	int take = avail < want ? avail : want;
	int chosen[WW_ORDER_SPACES] = { 0 }, n = 0;
	char why[200], legal[400];
	if (last && avail > want) {
		wj_why(c->why, c->whylen, "#%d's event takes at most %d space%s for its last step, "
		       "and %d were named for it.", r->k->number, want, want == 1 ? "" : "s", avail);
		return -1;
	}
	if (legal_list(r, st, chosen, 0, legal, sizeof legal) > 0)
		r->possible = true;
	for (int i = 0; i < take; i++) {
		int sp = o->spaces[r->next++];
		if (target_ok(r, st, sp, chosen, n, why, sizeof why)) {
			int k = legal_list(r, st, chosen, n, legal, sizeof legal);
			wj_why(c->why, c->whylen, "#%d %s: %s (%s); %s", r->k->number, r->k->title,
			       why, r->k->text, k ? "legal now: " : "no space is legal now.");
			if (k)
				snprintf(c->why + strlen(c->why), c->whylen - strlen(c->why), "%s.", legal);
			return -1;
		}
		apply_target(r, st, sp);
		chosen[n++] = sp;
	}
	if (st->optional || n == want)
		return 0;
	int more = legal_list(r, st, chosen, n, legal, sizeof legal);
	if (more) {
		wj_why(c->why, c->whylen, "#%d %s must be done completely (6.31): %d space%s named, "
		       "%d required while any is legal; still legal: %s.", r->k->number, r->k->title,
		       n, n == 1 ? "" : "s", want, legal);
		return -1;
	}
	return 0;
}

/* ---- the steps that need no target ---- */

/* 6.31: a random card from the victim's hand, unseen, discarded; not a
 * play; a special event so drawn happens at once (6.34.B). */
void ww_random_discard(struct ww_ctx *c, enum ww_side victim, int count)
{
	struct ww_state *s = c->s;
	for (int i = 0; i < count && s->hand[victim].n; i++) {
		struct ww_pile copy = s->hand[victim];
		c->rng->shuffle(c->rng->ctx, s->next_shuffle++, copy.card, copy.n);
		int card = copy.card[copy.n - 1];
		const struct ww_card *k = &c->d->cards[card];
		ww_pile_take(&s->hand[victim], card);
		ww_event(c->ev, WW_TO_BOTH, "#%d %s is drawn at random from the %s hand and "
			 "discarded (6.31).", card, k->title, ww_side_name(victim));
		if (k->must_play)
			ww_special_event_now(c, card);
		else
			ww_pile_put(&s->discard, card);
	}
}

static bool condition_holds(const struct run *r, const struct ww_event_step *st, char *why, size_t len)
{
	const struct ww_state *s = r->c->s;
	bool european_war = s->french_in_war && !s->french_alliance_now; /* 12.2.B.iii */
	if (st->french_in_war >= 0 && s->french_in_war != st->french_in_war) {
		wj_why(why, len, "France is %sin the war", s->french_in_war ? "" : "not ");
		return false;
	}
	if (st->european_war >= 0 && european_war != st->european_war) {
		wj_why(why, len, "the European War is %sin effect", european_war ? "" : "not ");
		return false;
	}
	if (st->regulars >= 0 && s->regulars != st->regulars) {
		wj_why(why, len, "the British %s the Regulars' Advantage",
		       s->regulars ? "still have" : "have lost");
		return false;
	}
	if ((st->year_from && s->year < st->year_from) || (st->year_to && s->year > st->year_to)) {
		wj_why(why, len, "it is %d", s->year);
		return false;
	}
	return true;
}

static int add_or_remove_cu_untargeted(struct run *r, const struct ww_event_step *st)
{
	struct ww_ctx *c = r->c;
	struct ww_state *s = c->s;
	enum ww_side who = piece_side(r, st);
	int cu = st->cu ? st->cu : 1, nat = nation_of(who);
	if (st->general >= 0) { /* add_cu in a named general's space */
		int at = s->general_at[st->general];
		if (at < 0 || target_ok(r, st, at, NULL, 0, NULL, 0))
			return 0;
		apply_target(r, st, at);
		return 1;
	}
	if (st->prim == WW_EV_ADD_CU) {
		s->cu_reinforcements[nat] += cu;
		ww_event(c->ev, WW_TO_BOTH, "%d %s CU%s to the reinforcements box.", cu,
			 ww_side_name(who), cu == 1 ? "" : "s");
		return 1;
	}
	int gone = s->cu_reinforcements[nat] < cu ? s->cu_reinforcements[nat] : cu;
	s->cu_reinforcements[nat] -= gone;
	s->cu_eliminated[nat] += gone;
	ww_event(c->ev, WW_TO_BOTH, "%d %s CU%s removed from the reinforcements box.", gone,
		 ww_side_name(who), gone == 1 ? "" : "s");
	return gone > 0;
}

static int general_on_map(const struct ww_data *d, const struct ww_state *s, enum ww_side side)
{
	for (int g = 0; g < d->ngenerals; g++)
		if (s->general_at[g] >= 0 && d->generals[g].side == side)
			return 1;
	return 0;
}

/* Returns 1 if the step did something, 0 if nothing was possible, -1 on a
 * refusal (only `code` functions refuse). */
static int untargeted(struct run *r, const struct ww_event_step *st)
{
	struct ww_ctx *c = r->c;
	struct ww_state *s = c->s;
	const struct ww_data *d = c->d;
	switch (st->prim) {
	case WW_EV_ADD_CU:
	case WW_EV_REMOVE_CU:
		return add_or_remove_cu_untargeted(r, st);
	case WW_EV_FRENCH_ALLIANCE:
		if (s->french_in_war || (st->steps < 0 && s->french_alliance == 0))
			return 0;
		ww_french_alliance_steps(c, st->steps); /* 12.1 */
		return 1;
	case WW_EV_LOSE_REGULARS:
		if (!s->regulars)
			return 0;
		ww_lose_regulars(c); /* 9.41, 12.1 */
		return 1;
	case WW_EV_RANDOM_DISCARD: {
		enum ww_side victim = ww_enemy(r->side);
		if (!s->hand[victim].n)
			return 0;
		ww_random_discard(c, victim, st->count ? st->count : 1);
		return 1;
	}
	case WW_EV_FLAG:
		s->no_american_placement = true; /* 10.11.A.iv */
		ww_event(c->ev, WW_TO_BOTH, "For the rest of %d the American may not place PCs "
			 "with OPS cards or event discards (10.11.A.iv).", s->year);
		return 1;
	case WW_EV_NAVY_AWAY:
		if (s->french_navy_zone < 0 || s->french_navy_away)
			return 0;
		s->french_navy_zone = -1;
		s->french_navy_away = true; /* 12.2 */
		ww_event(c->ev, WW_TO_BOTH, "The French Navy leaves for the Caribbean until the "
			 "next French Naval Phase (12.2).");
		return 1;
	case WW_EV_ACTIVATE:
		if (!general_on_map(d, s, r->side))
			return 0;
		s->play.kind = WW_PLAY_CAMPAIGN; /* asked like a campaign's activation */
		s->play.activations_left = 1;
		s->play.allowance = (int8_t)st->allowance;
		s->play.allowance_in_battle = st->may_battle;
		return 1;
	case WW_EV_DRAW:
		for (int i = 0; i < (st->count ? st->count : 1); i++) {
			int card = ww_draw_card(c); /* 6.3.D: from under a reshuffle mnemonic */
			if (!card)
				break;
			ww_pile_put(&s->hand[r->side], card);
			ww_event(c->ev, WW_TO_BOTH, "The %s draws a card.", ww_side_name(r->side));
			ww_event(c->ev, r->side, "You draw #%d %s.", card, d->cards[card].title);
		}
		return 1;
	case WW_EV_REMOVE_GENERAL: {
		int g = st->general, at = s->general_at[g];
		if (at == WW_LOC_REMOVED)
			return 0;
		s->general_at[g] = WW_LOC_REMOVED;
		ww_event(c->ev, WW_TO_BOTH, "%s is removed from the game (from %s).",
			 d->generals[g].name, at >= 0 ? ww_space_name(d, at)
			 : at == WW_LOC_CAPTURED ? "the Captured Generals box" : "the reinforcements box");
		return 1;
	}
	case WW_EV_BATTLE:
		return r->in_battle;
	case WW_EV_CODE:
		for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
			if (!strcmp(codes[i].name, st->code))
				return codes[i].fn(r) < 0 ? -1 : 1;
		return 0;
	default:
		return 0;
	}
}

bool ww_event_step_targeted(const struct ww_event_step *st)
{
	switch (st->prim) {
	case WW_EV_PLACE_PC:
	case WW_EV_REMOVE_PC:
	case WW_EV_FLIP_PC:
		return true;
	case WW_EV_ADD_CU:
	case WW_EV_REMOVE_CU:
		return st->general < 0 && st->where != WW_WHERE_REINFORCEMENTS;
	default:
		return false;
	}
}

static bool step_applies(const struct run *r, const struct ww_event_step *st)
{
	if (r->in_battle)
		return st->when != WW_WHEN_STRATEGY;
	return st->when != WW_WHEN_BATTLE && st->prim != WW_EV_BATTLE;
}

/* Runs every step that applies; 0, or -1 with why. */
static int run_steps(struct run *r)
{
	struct ww_ctx *c = r->c;
	const struct ww_card *k = r->k;
	char why[160];
	int last_targeted = -1;
	for (int i = 0; i < k->nsteps; i++) {
		const struct ww_event_step *st = &k->steps[i];
		if (st->prim == WW_EV_CONDITION && !condition_holds(r, st, why, sizeof why)) {
			wj_why(c->why, c->whylen, "#%d %s cannot be played now: %s. Its conditions "
			       "cannot be met, so it must be discarded (6.32.A): `discard %d`.",
			       k->number, k->title, why, k->number);
			return -1;
		}
		if (step_applies(r, st) && ww_event_step_targeted(st))
			last_targeted = i;
	}
	for (int i = 0; i < k->nsteps; i++) {
		const struct ww_event_step *st = &k->steps[i];
		if (!step_applies(r, st) || st->prim == WW_EV_CONDITION)
			continue;
		if (ww_event_step_targeted(st)) {
			if (targeted(r, st, i == last_targeted))
				return -1;
			continue;
		}
		int did = untargeted(r, st);
		if (did < 0)
			return -1;
		r->possible |= did > 0;
	}
	return 0;
}

int ww_event_play(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	struct run r = { .c = c, .side = side, .k = &c->d->cards[o->card], .o = o };
	r.start = *c->s;
	r.possible = r.k->reshuffle_on_play; /* a reshuffle is an effect too (Pitt) */
	if (run_steps(&r))
		return -1;
	if (r.next < o->nspaces) {
		wj_why(c->why, c->whylen, "#%d %s uses %d space%s, and %d were named (%s).",
		       o->card, r.k->title, r.next, r.next == 1 ? "" : "s", o->nspaces, r.k->text);
		return -1;
	}
	if (!r.possible) {
		wj_why(c->why, c->whylen, "#%d %s would do nothing now (%s): its conditions cannot "
		       "be met, so it must be discarded (6.32.A): `discard %d`.", o->card,
		       r.k->title, r.k->text, o->card);
		return -1;
	}
	return 0;
}

bool ww_event_in_battle(struct ww_ctx *c, enum ww_side side, int card)
{
	struct ww_order none;
	ww_order_init(&none);
	struct run r = { .c = c, .side = side, .k = &c->d->cards[card], .o = &none,
			 .in_battle = true };
	r.start = *c->s;
	run_steps(&r); /* battle-time steps take no target and never refuse */
	return r.overrun;
}

int ww_event_battle_drm(const struct ww_card *k)
{
	for (int i = 0; i < k->nsteps; i++)
		if (k->steps[i].prim == WW_EV_BATTLE && k->steps[i].drm)
			return k->steps[i].drm;
	return BATTLE_CARD_DRM;
}
