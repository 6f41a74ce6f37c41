/* Battles (9): the battle cards of step 1, actual battle ratings, the
 * combat DRMs of table 9.4, losses, retreats and surrenders, and what a
 * battle changes afterwards (7.7, 9.41, 12.1). */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

#define DISCARD_DRM 1 /* 9.45 discarded event */

static void proceed(struct ww_ctx *c);
static void after_retreat(struct ww_ctx *c);

static enum ww_side defender(const struct ww_battle *b)
{
	return ww_enemy((enum ww_side)b->attacker);
}

static const char *side_name(int side)
{
	return ww_side_name((enum ww_side)side);
}

/* The nations whose CUs fight for `side`, in the order they take losses:
 * American CUs before French ones, because French CUs can never be
 * replaced (12.2.C; docs/rulings.md). */
static int nations_of(enum ww_side side, enum ww_nation *out)
{
	if (side == WW_BRITISH) {
		out[0] = WW_NAT_BRITISH;
		return 1;
	}
	out[0] = WW_NAT_AMERICAN;
	out[1] = WW_NAT_FRENCH;
	return 2;
}

/* The battle's general for `side`, if he is still in the battle space. */
static int general_of(const struct ww_ctx *c, enum ww_side side)
{
	const struct ww_battle *b = &c->s->battle;
	int g = b->general[side];
	return g >= 0 && c->s->general_at[g] == b->space ? g : -1;
}

/* ---- step 1: battle cards (9.45, 6.33) ---- */

/* The battle card's event beyond its DRM (rules_events.c): true if the
 * battle has become an overrun (9.2 step 1 Special). */
static bool battle_card_event(struct ww_ctx *c, enum ww_side side, int card)
{
	return ww_event_in_battle(c, side, card);
}

static void end_battle(struct ww_battle *b);

/* 9.2 step 1 Special, 9.7 Clarification: the British attacker removes the
 * lone American CU without a battle; no roll for losses, and the move,
 * which ended with the battle, stays ended. */
static void overrun_instead(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	int sp = b->space;
	enum ww_nation nat = s->space[sp].cu[WW_NAT_AMERICAN] ? WW_NAT_AMERICAN : WW_NAT_FRENCH;
	s->space[sp].cu[nat]--;
	s->cu_eliminated[nat]++;
	ww_event(c->ev, WW_TO_BOTH, "The last American CU in %s is overrun instead of a battle "
		 "(9.2 step 1 Special, 9.7).", ww_space_name(c->d, sp));
	if (s->congress_at == sp)
		ww_disperse_congress(c); /* 7.7 */
	end_battle(b);
}

static enum ww_side card_side(const struct ww_battle *b)
{
	return b->step == WW_BATTLE_ATTACKER_CARD ? (enum ww_side)b->attacker : defender(b);
}

static void next_card_step(struct ww_battle *b)
{
	b->step = b->step == WW_BATTLE_ATTACKER_CARD ? WW_BATTLE_DEFENDER_CARD : WW_BATTLE_NONE;
}

/* Asks the side whose turn it is in step 1 (attacker first, 6.33.D), or
 * answers "no card" for it when a standing order says so or its hand is
 * empty. Returns true if a question is now pending. */
static bool card_question(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	while (b->step == WW_BATTLE_ATTACKER_CARD || b->step == WW_BATTLE_DEFENDER_CARD) {
		enum ww_side side = card_side(b);
		if (!s->standing[side].never_battle_card && s->hand[side].n > 0) {
			ww_ask(s, side, WW_ASK_BATTLE_CARD);
			return true;
		}
		ww_event(c->ev, WW_TO_BOTH, "The %s plays no battle card%s.", side_name(side),
			 s->hand[side].n ? "" : " (no card in hand)");
		next_card_step(b);
	}
	return false;
}

static int card_in_hand(struct ww_ctx *c, enum ww_side side, int n)
{
	if (n < 1 || n > c->d->ncards) {
		wj_why(c->why, c->whylen, "There is no card #%d: cards are numbered 1 to %d.",
		       n, c->d->ncards);
		return -1;
	}
	if (!ww_pile_has(&c->s->hand[side], n)) {
		wj_why(c->why, c->whylen, "Card #%d (%s) is not in your hand.", n,
		       c->d->cards[n].title);
		return -1;
	}
	return 0;
}

/* 9.45, 6.33.A/B: +2; the card is discarded (removed if once per game)
 * and replaced after the impulse. */
static int play_battle_card(struct ww_ctx *c, enum ww_side side, int n)
{
	struct ww_state *s = c->s;
	if (card_in_hand(c, side, n))
		return -1;
	const struct ww_card *k = &c->d->cards[n];
	if (!k->battle) {
		wj_why(c->why, c->whylen, "#%d %s is not a battle card (6.33.A); an event card "
		       "may be discarded for +1 with `battle-discard %d`.", n, k->title, n);
		return -1;
	}
	if (k->flag != WW_FLAG_EITHER && (int)k->flag != (int)side) {
		wj_why(c->why, c->whylen, "#%d %s is a %s event: the %s may only discard it for "
		       "+1 (`battle-discard %d`, 9.45).", n, k->title,
		       side_name((int)k->flag), side_name(side), n);
		return -1;
	}
	int drm = ww_event_battle_drm(k);
	ww_pile_take(&s->hand[side], n);
	ww_pile_put(k->remove_after_play ? &s->removed : &s->discard, n);
	s->battle.card[side] = (int16_t)n;
	s->battle.card_drm[side] = (int8_t)drm;
	s->play.draws_owed[side]++;
	ww_event(c->ev, WW_TO_BOTH, "The %s plays the battle card #%d %s: %+d (9.45); "
		 "a replacement is drawn after the impulse (6.33.B).", side_name(side), n,
		 k->title, drm);
	return battle_card_event(c, side, n) ? 1 : 0;
}

/* 9.45, 6.33.C: any event card but a special event, +1, never offered
 * for exchange and never replaced. */
static int discard_for_battle(struct ww_ctx *c, enum ww_side side, int n)
{
	struct ww_state *s = c->s;
	if (card_in_hand(c, side, n))
		return -1;
	const struct ww_card *k = &c->d->cards[n];
	if (k->ops) {
		wj_why(c->why, c->whylen, "#%d is a %d OPS card: only an event card may be "
		       "discarded for +1 in battle (6.33.C).", n, k->ops);
		return -1;
	}
	if (k->must_play) {
		wj_why(c->why, c->whylen, "#%d %s is a special event: it must be played as its "
		       "event and may not be discarded for +1 (6.33.C, 6.34.A).", n, k->title);
		return -1;
	}
	ww_pile_take(&s->hand[side], n);
	ww_pile_put(&s->discard, n);
	s->battle.card[side] = (int16_t)n;
	s->battle.card_drm[side] = DISCARD_DRM;
	ww_event(c->ev, WW_TO_BOTH, "The %s discards #%d %s for +%d (9.45); it may not be "
		 "exchanged (6.33.C).", side_name(side), n, k->title, DISCARD_DRM);
	return 0;
}

static int card_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	struct ww_battle *b = &c->s->battle;
	enum ww_side asked = card_side(b);
	if (side != asked) {
		wj_why(c->why, c->whylen, "The %s decides on a battle card now (9.45).",
		       side_name(asked));
		return -1;
	}
	switch (o->kind) {
	case WW_ORD_BATTLE_CARD:
		switch (play_battle_card(c, side, o->card)) {
		case -1:
			return -1;
		case 1:
			overrun_instead(c);
			return 0;
		}
		break;
	case WW_ORD_BATTLE_DISCARD:
		if (discard_for_battle(c, side, o->card))
			return -1;
		break;
	case WW_ORD_NO_BATTLE_CARD:
		ww_event(c->ev, WW_TO_BOTH, "The %s plays no battle card.", side_name(side));
		break;
	default:
		wj_why(c->why, c->whylen, "In the battle in %s answer `battle-card N` (a battle "
		       "card, +2), `battle-discard N` (an event card, +1) or `no battle-card` (9.45).",
		       ww_space_name(c->d, b->space));
		return -1;
	}
	next_card_step(b);
	proceed(c);
	return 0;
}

/* ---- steps 2-4: ratings, DRMs, the battle rolls ---- */

/* 9.3: 1-3 half the battle rating rounded down, 4-6 full, never more
 * than the CUs with him; no general, 0. */
static int actual_rating(struct ww_ctx *c, enum ww_side side)
{
	struct ww_state *s = c->s;
	int g = general_of(c, side);
	if (g < 0) {
		ww_event(c->ev, WW_TO_BOTH, "The %s side has no general: actual battle rating 0 (9.3).",
			 side_name(side));
		return 0;
	}
	const struct ww_general *gen = &c->d->generals[g];
	int r = ww_roll(s, c->rng, c->ev, "%s's actual battle rating (battle rating %d: "
			"1-3 half, 4-6 full; 9.3)", gen->name, gen->battle);
	int rating = r <= 3 ? gen->battle / 2 : gen->battle;
	int cus = ww_side_cu(s, s->battle.space, side);
	if (rating > cus) {
		ww_event(c->ev, WW_TO_BOTH, "%s's rating %d is capped by his %d CU%s (9.3).",
			 gen->name, rating, cus, cus == 1 ? "" : "s");
		rating = cus;
	}
	ww_event(c->ev, WW_TO_BOTH, "%s rolls %d: actual battle rating %d.", gen->name, r, rating);
	return rating;
}

/* A DRM total with its items in words, for the log. */
struct drm {
	int total;
	char text[200];
};

static void add(struct drm *m, int value, const char *what)
{
	if (!value)
		return;
	size_t used = strlen(m->text);
	snprintf(m->text + used, sizeof m->text - used, ", %+d %s", value, what);
	m->total += value;
}

/* 9.42: a port, a fortified one only with a British PC, not blockaded. */
static bool royal_navy_support(const struct ww_ctx *c)
{
	int sp = c->s->battle.space;
	const struct ww_space *space = &c->d->spaces[sp];
	if (!space->port || ww_blockaded(c->d, c->s, sp))
		return false;
	return !space->fortified || c->s->space[sp].pc == WW_BRITISH;
}

/* 9.44: the American attacker commanded by the general the data marks
 * with winter_shelter (Washington; the same general as 11.2's
 * exemption), activated by the Strategy Phase's last card. */
static bool winter_offensive(const struct ww_ctx *c, enum ww_side side)
{
	const struct ww_battle *b = &c->s->battle;
	int g = general_of(c, side);
	return side == WW_AMERICAN && b->attacker == WW_AMERICAN && g >= 0 &&
	       c->d->generals[g].winter_shelter && c->s->last_card_of_phase;
}

/* Table 9.4. */
static int combat_drm(struct ww_ctx *c, enum ww_side side, int rating)
{
	const struct ww_state *s = c->s;
	const struct ww_battle *b = &s->battle;
	struct drm m = { 0, "" };
	int cus = ww_side_cu(s, b->space, side);
	snprintf(m.text, sizeof m.text, "%d CU%s", cus, cus == 1 ? "" : "s");
	m.total = cus;
	char what[80];
	int g = general_of(c, side);
	snprintf(what, sizeof what, "%s's actual battle rating", g >= 0 ? c->d->generals[g].name : "?");
	add(&m, rating, what);
	add(&m, side == WW_BRITISH && s->regulars, "British Regulars' Advantage (9.41)");
	add(&m, side == WW_BRITISH && royal_navy_support(c), "Royal Navy Support (9.42)");
	int colony = c->d->spaces[b->space].colony;
	add(&m, ww_colony_control(c->d, s, colony) == side, "Militia (9.43)");
	add(&m, 2 * winter_offensive(c, side), "American Winter Offensive (9.44)");
	snprintf(what, sizeof what, "%s #%d (9.45)",
		 b->card_drm[side] != DISCARD_DRM ? "battle card" : "discarded event", b->card[side]);
	add(&m, b->card_drm[side], what);
	add(&m, side == WW_AMERICAN && b->intercepted, "Interception (9.46)");
	ww_event(c->ev, WW_TO_BOTH, "%s combat DRM %+d: %s.", side_name(side), m.total, m.text);
	return m.total;
}

/* ---- step 5: losses (9.5) ---- */

/* Removes up to n of side's CUs from the battle space; returns how many. */
static int eliminate(struct ww_ctx *c, enum ww_side side, int n)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	enum ww_nation nat[2];
	int k = nations_of(side, nat), gone = 0;
	for (int i = 0; i < k && gone < n; i++) {
		uint8_t *cu = &s->space[b->space].cu[nat[i]];
		int take = *cu < n - gone ? *cu : n - gone;
		*cu = (uint8_t)(*cu - take);
		s->cu_eliminated[nat[i]] += take;
		gone += take;
	}
	b->lost[side] = (int8_t)(b->lost[side] + gone);
	return gone;
}

/* 9.5 Special: a winning general left without CUs on an enemy PC is
 * captured. */
static void winner_left_alone(struct ww_ctx *c)
{
	const struct ww_battle *b = &c->s->battle;
	enum ww_side winner = ww_enemy((enum ww_side)b->loser);
	int g = general_of(c, winner);
	if (g < 0 || ww_side_cu(c->s, b->space, winner) > 0 ||
	    c->s->space[b->space].pc != (int)ww_enemy(winner))
		return;
	ww_event(c->ev, WW_TO_BOTH, "%s won but has no CU left on an enemy PC in %s: he is "
		 "captured (9.5 Special).", c->d->generals[g].name, ww_space_name(c->d, b->space));
	ww_capture_general(c, g);
}

static void losses(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	enum ww_side loser = (enum ww_side)b->loser, winner = ww_enemy(loser);
	int r = ww_roll(s, c->rng, c->ev, "Losses of the losing %s (1-3: 1 CU, 4-5: 2, 6: 3; 9.5)",
			side_name(loser));
	int lost = eliminate(c, loser, r <= 3 ? 1 : r <= 5 ? 2 : 3);
	ww_event(c->ev, WW_TO_BOTH, "The %s roll %d and lose %d CU%s.", side_name(loser), r,
		 lost, lost == 1 ? "" : "s");
	int g = general_of(c, loser);
	int upto = g < 0 ? 1 : c->d->generals[g].agility + 1;
	r = ww_roll(s, c->rng, c->ev, "Losses of the winning %s (1 CU on 1-%d: %s; 9.5)",
		    side_name(winner), upto, g < 0 ? "the loser had no general"
		    : "by the losing general's agility");
	lost = r <= upto ? eliminate(c, winner, 1) : 0;
	ww_event(c->ev, WW_TO_BOTH, "The %s roll %d and lose %d CU%s.", side_name(winner), r,
		 lost, lost == 1 ? "" : "s");
}

static void fight(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	enum ww_side att = (enum ww_side)b->attacker, def = ww_enemy(att);
	int rating_att = actual_rating(c, att);
	int rating_def = actual_rating(c, def);
	int drm_att = combat_drm(c, att, rating_att);
	int drm_def = combat_drm(c, def, rating_def);
	int ra = ww_roll(s, c->rng, c->ev, "%s battle roll (attacker, %+d; 9.2 step 4)",
			 side_name(att), drm_att);
	int rd = ww_roll(s, c->rng, c->ev, "%s battle roll (defender, %+d; 9.2 step 4)",
			 side_name(def), drm_def);
	int ta = ra + drm_att, td = rd + drm_def;
	b->loser = (int8_t)(ta >= td ? def : att); /* the attacker wins ties */
	ww_event(c->ev, WW_TO_BOTH, "The %s attacker rolls %d for %d, the %s defender %d for %d: "
		 "the %s side wins%s.", side_name(att), ra, ta, side_name(def), rd, td,
		 side_name(ww_enemy((enum ww_side)b->loser)),
		 ta == td ? " (the attacker wins ties, 9.2 step 4)" : "");
	losses(c);
	winner_left_alone(c);
}

/* ---- step 6: retreats and surrender (9.6) ---- */

struct retreats {
	int nland, nsea;
	int land[WW_MAX_SPACES];
	int sea[WW_MAX_SPACES];
};

/* A lone general cannot retreat into an enemy general's space: he cannot
 * capture him (7.6.A needs an Army) and may not share it with him (3.0). */
static bool lone_general_blocked(const struct ww_ctx *c, enum ww_side side, int cus, int dest)
{
	return cus == 0 && ww_general_in(c->d, c->s, dest, ww_enemy(side)) >= 0;
}

/* 9.61.A: no enemy CU, no enemy PC. */
static bool open_to(const struct ww_ctx *c, enum ww_side side, int dest)
{
	return dest >= 0 && ww_side_cu(c->s, dest, ww_enemy(side)) == 0 &&
	       c->s->space[dest].pc != (int)ww_enemy(side);
}

/* 9.62: from a port neither blockaded nor fortified without a British PC,
 * to any other non-blockaded port without an American CU or PC. */
static int sea_retreats(const struct ww_ctx *c, int *out)
{
	const struct ww_data *d = c->d;
	const struct ww_state *s = c->s;
	int from = s->battle.space, n = 0;
	if (!d->spaces[from].port || ww_blockaded(d, s, from) ||
	    (d->spaces[from].fortified && s->space[from].pc != WW_BRITISH))
		return 0;
	for (int p = 0; p < d->nspaces; p++)
		if (p != from && d->spaces[p].port && !ww_blockaded(d, s, p) &&
		    open_to(c, WW_BRITISH, p))
			out[n++] = p;
	return n;
}

static void retreat_options(const struct ww_ctx *c, struct retreats *r)
{
	const struct ww_battle *b = &c->s->battle;
	enum ww_side side = (enum ww_side)b->loser;
	int g = general_of(c, side), cus = ww_side_cu(c->s, b->space, side);
	int land[WW_MAX_SPACES], sea[WW_MAX_SPACES], nland, nsea = 0;
	if ((int)side == b->attacker) { /* 9.61.B: back whence it came */
		nland = 0;
		if (open_to(c, side, b->att_from))
			land[nland++] = b->att_from;
	} else {
		nland = ww_retreat_spaces(c->d, c->s, side, b->space, b->att_from, g, land);
		if (side == WW_BRITISH)
			nsea = sea_retreats(c, sea);
	}
	r->nland = r->nsea = 0;
	for (int i = 0; i < nland; i++)
		if (!lone_general_blocked(c, side, cus, land[i]))
			r->land[r->nland++] = land[i];
	for (int i = 0; i < nsea; i++)
		if (!lone_general_blocked(c, side, cus, sea[i]))
			r->sea[r->nsea++] = sea[i];
}

static bool listed(const int *v, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

/* Different destinations: a port reachable both ways counts once. */
static int destinations(const struct retreats *r, int *only, bool *by_sea)
{
	int n = r->nland;
	if (r->nland)
		*only = r->land[0], *by_sea = false;
	for (int i = 0; i < r->nsea; i++)
		if (!listed(r->land, r->nland, r->sea[i])) {
			if (!n)
				*only = r->sea[i], *by_sea = true;
			n++;
		}
	return n;
}

static void options_text(const struct ww_ctx *c, const struct retreats *r, char *out, size_t len)
{
	size_t used = 0;
	out[0] = 0;
	for (int i = 0; i < r->nland + r->nsea && used < len; i++) {
		bool sea = i >= r->nland;
		int sp = sea ? r->sea[i - r->nland] : r->land[i];
		used += (size_t)snprintf(out + used, len - used, "%s`retreat %sto %s`",
					 i ? ", " : "", sea ? "by sea " : "", ww_space_name(c->d, sp));
	}
}

/* 9.63: CUs eliminated, the general captured. */
static void surrender(struct ww_ctx *c, enum ww_side side)
{
	const struct ww_battle *b = &c->s->battle;
	int g = general_of(c, side);
	int n = eliminate(c, side, ww_side_cu(c->s, b->space, side));
	ww_event(c->ev, WW_TO_BOTH, "The %s in %s have no legal retreat and surrender (9.63): "
		 "%d CU%s eliminated%s%s.", side_name(side), ww_space_name(c->d, b->space), n,
		 n == 1 ? "" : "s", g >= 0 ? ", captured: " : "", g >= 0 ? c->d->generals[g].name : "");
	if (g >= 0)
		ww_capture_general(c, g);
}

/* The retreating force moves as a whole (9.61.B); arriving with CUs it
 * captures a lone enemy general (7.6.A). */
static void retreat_to(struct ww_ctx *c, int dest, bool by_sea)
{
	struct ww_state *s = c->s;
	const struct ww_battle *b = &s->battle;
	enum ww_side side = (enum ww_side)b->loser;
	int g = general_of(c, side), cus = ww_side_cu(s, b->space, side);
	enum ww_nation nat[2];
	int k = nations_of(side, nat);
	for (int i = 0; i < k; i++) {
		s->space[dest].cu[nat[i]] = (uint8_t)(s->space[dest].cu[nat[i]] + s->space[b->space].cu[nat[i]]);
		s->space[b->space].cu[nat[i]] = 0;
	}
	char force[80];
	if (g >= 0 && cus)
		snprintf(force, sizeof force, "%s with %d CU%s", c->d->generals[g].name, cus,
			 cus == 1 ? "" : "s");
	else if (g >= 0)
		snprintf(force, sizeof force, "%s alone", c->d->generals[g].name);
	else
		snprintf(force, sizeof force, "%d %s CU%s", cus, side_name(side), cus == 1 ? "" : "s");
	ww_event(c->ev, WW_TO_BOTH, "%s retreat%s %sto %s (9.6).", force,
		 g < 0 && cus == 1 ? "s" : g >= 0 ? "s" : "", by_sea ? "by sea " : "",
		 ww_space_name(c->d, dest));
	int enemy = ww_general_in(c->d, s, dest, ww_enemy(side));
	if (cus && enemy >= 0 && ww_side_cu(s, dest, ww_enemy(side)) == 0)
		ww_capture_general(c, enemy);
	if (g >= 0) {
		if (ww_general_in(c->d, s, dest, side) >= 0)
			ww_general_arrives(c, g, dest, -1);
		else
			s->general_at[g] = (int16_t)dest;
	}
	if (side == WW_BRITISH && cus && s->congress_at == dest)
		ww_disperse_congress(c); /* 7.7: a British Army enters the Congress's space */
}

/* Returns true if the loser is asked where to go. */
static bool retreat_step(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	enum ww_side side = (enum ww_side)b->loser;
	if (general_of(c, side) < 0 && ww_side_cu(s, b->space, side) == 0) {
		ww_event(c->ev, WW_TO_BOTH, "Nothing of the %s is left to retreat.", side_name(side));
		return false;
	}
	struct retreats r;
	retreat_options(c, &r);
	int only = -1;
	bool by_sea = false;
	int n = destinations(&r, &only, &by_sea);
	if (n == 0) {
		surrender(c, side);
		return false;
	}
	if (n == 1) {
		retreat_to(c, only, by_sea);
		return false;
	}
	b->step = WW_BATTLE_RETREAT;
	ww_ask(s, side, WW_ASK_RETREAT);
	return true;
}

static int retreat_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	struct ww_battle *b = &c->s->battle;
	struct retreats r;
	char options[400];
	if ((int)side != b->loser) {
		wj_why(c->why, c->whylen, "The %s chooses where to retreat now (9.6).",
		       side_name(b->loser));
		return -1;
	}
	retreat_options(c, &r);
	options_text(c, &r, options, sizeof options);
	if (o->kind != WW_ORD_RETREAT || o->nspaces != 1) {
		wj_why(c->why, c->whylen, "Your army lost in %s and retreats (9.6): answer one of %s.",
		       ww_space_name(c->d, b->space), options);
		return -1;
	}
	int dest = o->spaces[0];
	bool ok = o->by_sea ? listed(r.sea, r.nsea, dest) : listed(r.land, r.nland, dest);
	if (!ok) {
		wj_why(c->why, c->whylen, "%s is not a legal retreat %sfrom %s (9.61, 9.62); "
		       "answer one of %s.", ww_space_name(c->d, dest), o->by_sea ? "by sea " : "",
		       ww_space_name(c->d, b->space), options);
		return -1;
	}
	retreat_to(c, dest, o->by_sea);
	after_retreat(c);
	return 0;
}

/* ---- after the retreat: 7.7, step 7 ---- */

/* Back to "no battle" as ww_state_init has it (space -1, no generals). */
static void end_battle(struct ww_battle *b)
{
	memset(b, 0, sizeof *b);
	b->space = -1;
	b->step = WW_BATTLE_NONE;
	for (int side = 0; side < 3; side++)
		b->general[side] = -1;
}

static void after_retreat(struct ww_ctx *c)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	if (b->loser == WW_AMERICAN && s->congress_at == b->space)
		ww_disperse_congress(c); /* 7.7 */
	if (b->loser == WW_BRITISH) { /* 9.2 step 7, 12.1 */
		ww_event(c->ev, WW_TO_BOTH, "The Americans won the battle (9.2 step 7, 12.1).");
		ww_french_alliance_steps(c, 1);
	}
	if (b->lost[WW_BRITISH] >= 3 && s->regulars) { /* 9.41 */
		ww_event(c->ev, WW_TO_BOTH, "The British lost %d CUs in this battle (9.41).",
			 b->lost[WW_BRITISH]);
		ww_lose_regulars(c);
	}
	end_battle(b);
}

/* ---- the procedure (9.2) ---- */

/* From wherever step 1 stands to the next question or the battle's end. */
static void proceed(struct ww_ctx *c)
{
	if (card_question(c))
		return;
	fight(c);
	if (!retreat_step(c))
		after_retreat(c);
}

void ww_battle_begin(struct ww_ctx *c, int space, enum ww_side attacker, int att_general,
		     int att_from, bool intercepted)
{
	struct ww_state *s = c->s;
	struct ww_battle *b = &s->battle;
	enum ww_side def = ww_enemy(attacker);
	end_battle(b);
	b->space = (int16_t)space;
	b->step = WW_BATTLE_ATTACKER_CARD;
	b->attacker = (int8_t)attacker;
	b->general[attacker] = (int8_t)att_general;
	b->general[def] = (int8_t)ww_general_in(c->d, s, space, def);
	b->att_from = (int16_t)att_from;
	b->intercepted = intercepted;
	b->loser = WW_NOBODY;
	b->stop_move = true;
	int dg = b->general[def];
	ww_event(c->ev, WW_TO_BOTH, "Battle in %s (9.2): the %s attacker, %s with %d CU%s, "
		 "against the %s defender, %s with %d CU%s.", ww_space_name(c->d, space),
		 side_name(attacker), att_general >= 0 ? c->d->generals[att_general].name : "no general",
		 ww_side_cu(s, space, attacker), ww_side_cu(s, space, attacker) == 1 ? "" : "s",
		 side_name(def), dg >= 0 ? c->d->generals[dg].name : "no general",
		 ww_side_cu(s, space, def), ww_side_cu(s, space, def) == 1 ? "" : "s");
	proceed(c);
}

int ww_battle_answer(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	struct ww_battle *b = &c->s->battle;
	if (b->space < 0) {
		wj_why(c->why, c->whylen, "There is no battle to answer for.");
		return -1;
	}
	if (b->step == WW_BATTLE_ATTACKER_CARD || b->step == WW_BATTLE_DEFENDER_CARD)
		return card_answer(c, side, o);
	if (b->step == WW_BATTLE_RETREAT)
		return retreat_answer(c, side, o);
	wj_why(c->why, c->whylen, "The battle in %s expects no answer now.",
	       ww_space_name(c->d, b->space));
	return -1;
}
