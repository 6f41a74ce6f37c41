/* A random legal-play driver: plays complete games from a new game to the
 * end through the engine API alone, choosing at random among legal orders
 * for whoever is to move, and checks after every accepted order what must
 * always hold. Used by tests/test_driver.c and tests/soak.c.
 *
 * The driver's choices come from its own PRNG and the dice from struct
 * ww_dice, both seeded from the game's 64-bit seed, so a seed replays the
 * same game exactly. Header-only: each test program is one .c file. */
#ifndef WW_TEST_DRIVER_H
#define WW_TEST_DRIVER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "dice.h"
#include "order.h"
#include "rules_internal.h"
#include "state.h"

#define DRV_MAX_ORDERS 2000  /* a game that has not ended by then is a failure */
#define DRV_TRIES 64         /* random candidates before the exhaustive search */
#define DRV_NOISE 16         /* one candidate in this many is any order at all */

/* What kinds of play the games covered. */
enum drv_kind {
	DRV_COMMITTEES, DRV_FOR_THE_KING, DRV_PASS, DRV_FIRST, DRV_PLAY_PC,
	DRV_EVENT_DECLARATION, DRV_EVENT_FRANKLIN, DRV_EVENT_WAR_ENDS, DRV_EVENT_OTHER,
	DRV_DISCARD, DRV_DISCARD_PC, DRV_DISCARD_REMOVE, DRV_EXCHANGE,
	DRV_DECLARATION, DRV_CONGRESS, DRV_KINDS
};

static const char *const drv_kind_name[DRV_KINDS] = {
	"committees", "for-the-king", "pass", "first", "play pc",
	"play declaration", "play franklin", "play war-ends", "play other event",
	"discard", "discard pc", "discard remove", "exchange",
	"declaration answer", "congress answer",
};

struct drv_move {
	enum ww_side side;
	struct ww_order o;
};

struct drv_game {
	const struct ww_data *d;
	uint64_t seed, prng;
	struct ww_dice dice;
	struct ww_rng rng;
	struct ww_state s;
	struct ww_events ev;
	int max_orders;
	int nmoves;                          /* accepted orders */
	struct drv_move moves[DRV_MAX_ORDERS];
	int kinds[DRV_KINDS];
	long refused;                        /* candidates the engine refused */
	int exhaustive;                      /* times the random candidates all failed */
	/* When set, every candidate is written (drv_trace_line) and flushed
	 * before it is applied, and "+" after it is accepted, so a crash
	 * leaves the order that caused it on disk. */
	FILE *trace;
	char failure[1024];
	/* A refused order that failed a check (it is not among the moves). */
	struct drv_move culprit;
	bool has_culprit;
};

static inline uint64_t drv_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline int drv_rand(struct drv_game *g, int n)
{
	return n > 0 ? (int)(drv_splitmix(&g->prng) % (uint64_t)n) : 0;
}

/* The dice seed of a game: 32 bytes from its 64-bit seed. */
static inline void drv_dice_seed(uint64_t seed, unsigned char out[WW_SEED_BYTES])
{
	uint64_t x = seed ^ 0xd1ce5eedd1ce5eedull;
	for (int i = 0; i < WW_SEED_BYTES; i += 8) {
		uint64_t v = drv_splitmix(&x);
		for (int j = 0; j < 8; j++)
			out[i + j] = (unsigned char)(v >> (8 * j));
	}
}

/* A new game (4.0) for `seed`. The events of the set-up stay in g->ev. */
static inline void drv_start(struct drv_game *g, const struct ww_data *d, uint64_t seed)
{
	memset(g, 0, sizeof *g);
	g->d = d;
	g->seed = seed;
	g->prng = seed;
	g->max_orders = DRV_MAX_ORDERS;
	drv_dice_seed(seed, g->dice.seed);
	ww_dice_rng(&g->dice, &g->rng);
	ww_new_game(d, &g->s, &g->rng, &g->ev);
}

static inline void drv_end(struct drv_game *g)
{
	ww_events_free(&g->ev);
}

static inline int drv_fail(struct drv_game *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline int drv_fail(struct drv_game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->failure, sizeof g->failure, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- candidate orders ---- */

static inline int drv_legal_spaces(struct drv_game *g, enum ww_side side,
				   enum ww_pc_context how, int colony, int *out)
{
	int n = 0;
	for (int sp = 0; sp < g->d->nspaces; sp++)
		if ((colony < 0 || g->d->spaces[sp].colony == colony) &&
		    ww_pc_can_place(g->d, &g->s, &g->s, side, sp, how))
			out[n++] = sp;
	return n;
}

static inline void drv_add_space(struct ww_order *o, int sp)
{
	if (o->nspaces < WW_ORDER_SPACES)
		o->spaces[o->nspaces++] = sp;
}

/* One legal space per colony of the Thirteen (4.0, 6.34.C.i): at random,
 * or the first legal one when `first` is set. */
static inline void drv_per_colony(struct drv_game *g, enum ww_pc_context how,
				  struct ww_order *o, bool first)
{
	int legal[WW_MAX_SPACES];
	for (int c = 0; c < g->d->ncolonies; c++) {
		if (g->d->colonies[c].is_canada)
			continue;
		int n = drv_legal_spaces(g, WW_AMERICAN, how, c, legal);
		if (n)
			drv_add_space(o, legal[first ? 0 : drv_rand(g, n)]);
	}
}

/* Up to `want` distinct spaces drawn from `from` (n of them). */
static inline void drv_draw_spaces(struct drv_game *g, const int *from, int n, int want,
				   struct ww_order *o)
{
	int pool[WW_MAX_SPACES];
	memcpy(pool, from, (size_t)n * sizeof *pool);
	for (int i = 0; i < want && n > 0; i++) {
		int k = drv_rand(g, n);
		drv_add_space(o, pool[k]);
		pool[k] = pool[--n];
	}
}

static inline void drv_any_space(struct drv_game *g, struct ww_order *o)
{
	int all[WW_MAX_SPACES];
	for (int sp = 0; sp < g->d->nspaces; sp++)
		all[sp] = sp;
	drv_draw_spaces(g, all, g->d->nspaces, 1, o);
}

static inline void drv_ops_play(struct drv_game *g, enum ww_side side, int c,
				struct ww_order *o)
{
	int legal[WW_MAX_SPACES];
	int n = drv_legal_spaces(g, side, WW_PC_OPS, -1, legal);
	o->kind = WW_ORD_PLAY_PC;
	o->card = c;
	if (n == 0 || drv_rand(g, 5) == 0) {
		/* a plain discard, also the way out when no PC can be placed */
		o->kind = WW_ORD_DISCARD;
		o->action = WW_DISCARD_ONLY;
		return;
	}
	drv_draw_spaces(g, legal, n, 1 + drv_rand(g, g->d->cards[c].ops), o);
}

static inline void drv_event_play(struct drv_game *g, enum ww_side side, int c,
				  struct ww_order *o)
{
	int legal[WW_MAX_SPACES];
	o->card = c;
	o->kind = WW_ORD_DISCARD;
	switch (drv_rand(g, 8)) {
	case 0: case 1: case 2:
		o->action = WW_DISCARD_ONLY;
		break;
	case 3: case 4: {
		int n = drv_legal_spaces(g, side, WW_PC_DISCARD, -1, legal);
		o->action = WW_DISCARD_PC;
		if (n)
			drv_draw_spaces(g, legal, n, 1, o);
		else
			drv_any_space(g, o);
		break;
	}
	case 5: case 6: {
		int n = 0;
		for (int sp = 0; sp < g->d->nspaces; sp++)
			if (g->s.space[sp].pc == (int)ww_enemy(side))
				legal[n++] = sp;
		o->action = WW_DISCARD_REMOVE;
		drv_draw_spaces(g, legal, n, 1, o);
		break;
	}
	default:
		o->kind = WW_ORD_PLAY_EVENT; /* refused unless the engine adjudicates it */
		break;
	}
}

static inline void drv_impulse(struct drv_game *g, struct ww_order *o)
{
	enum ww_side side = g->s.to_move;
	const struct ww_pile *hand = &g->s.hand[side];
	int c = hand->card[drv_rand(g, hand->n)];
	const struct ww_card *k = &g->d->cards[c];
	if (g->s.exchange_for == side && g->s.exchange_offer && drv_rand(g, 3) == 0) {
		o->kind = WW_ORD_EXCHANGE; /* 6.32.C */
		o->card = c;
	} else if (k->must_play) {
		o->kind = WW_ORD_PLAY_EVENT; /* 6.34.A */
		o->card = c;
		if (k->special == WW_SPECIAL_DECLARATION && side == WW_AMERICAN)
			drv_per_colony(g, WW_PC_DECLARATION, o, false);
	} else if (k->ops) {
		drv_ops_play(g, side, c, o);
	} else {
		drv_event_play(g, side, c, o);
	}
}

/* Any order at all, mostly nonsense: the engine must refuse it and leave
 * the state as it was, or accept it because it happens to be legal. */
static inline void drv_noise(struct drv_game *g, struct ww_order *o)
{
	o->kind = (enum ww_order_kind)(WW_ORD_COMMITTEES + drv_rand(g, WW_ORD_CONGRESS));
	o->card = drv_rand(g, g->d->ncards + 2);
	o->first = (enum ww_side)drv_rand(g, 3);
	o->action = (enum ww_discard_action)drv_rand(g, 3);
	int n = drv_rand(g, 4);
	/* only what the order language can say: no spaces where it has none */
	if (o->kind == WW_ORD_PASS || o->kind == WW_ORD_FIRST || o->kind == WW_ORD_EXCHANGE ||
	    (o->kind == WW_ORD_DISCARD && o->action == WW_DISCARD_ONLY))
		n = 0;
	for (int i = 0; i < n; i++)
		drv_add_space(o, drv_rand(g, g->d->nspaces + 2) - 1);
}

static inline void drv_candidate(struct drv_game *g, struct ww_order *o)
{
	int legal[WW_MAX_SPACES];
	memset(o, 0, sizeof *o);
	if (drv_rand(g, DRV_NOISE) == 0) {
		drv_noise(g, o);
		return;
	}
	switch (g->s.prompt) {
	case WW_ASK_COMMITTEES:
		o->kind = WW_ORD_COMMITTEES;
		drv_per_colony(g, WW_PC_COMMITTEES, o, false);
		break;
	case WW_ASK_FOR_THE_KING: {
		int n = drv_legal_spaces(g, WW_BRITISH, WW_PC_FOR_THE_KING, -1, legal);
		o->kind = WW_ORD_FOR_THE_KING;
		drv_draw_spaces(g, legal, n, drv_rand(g, g->d->for_the_king_pcs + 1), o);
		break;
	}
	case WW_ASK_OPENING:
		o->kind = g->s.chooser == WW_BRITISH && drv_rand(g, 2) ? WW_ORD_FIRST : WW_ORD_PASS;
		o->first = (enum ww_side)(WW_AMERICAN + drv_rand(g, 2));
		break;
	case WW_ASK_FIRST_PLAYER:
		o->kind = WW_ORD_FIRST;
		o->first = (enum ww_side)(WW_AMERICAN + drv_rand(g, 2));
		break;
	case WW_ASK_IMPULSE:
		drv_impulse(g, o);
		break;
	case WW_ASK_DECLARATION:
		o->kind = WW_ORD_DECLARATION;
		drv_per_colony(g, WW_PC_DECLARATION, o, false);
		break;
	case WW_ASK_CONGRESS: {
		int n = ww_congress_options(g->d, &g->s, legal);
		o->kind = WW_ORD_CONGRESS;
		drv_draw_spaces(g, legal, n, 1, o);
		break;
	}
	default:
		o->kind = WW_ORD_PASS;
		break;
	}
}

/* ---- applying and checking ---- */

static inline bool drv_takes_card(int kind)
{
	return kind == WW_ORD_PLAY_PC || kind == WW_ORD_PLAY_EVENT ||
	       kind == WW_ORD_DISCARD || kind == WW_ORD_EXCHANGE;
}

/* The raw fields of an order, one line, for the crash trace. */
static inline void drv_trace_line(FILE *f, enum ww_side side, const struct ww_order *o)
{
	fprintf(f, "%d %d %d %d %d %d", side, o->kind, o->card, o->first, o->action, o->nspaces);
	for (int i = 0; i < o->nspaces; i++)
		fprintf(f, " %d", o->spaces[i]);
	fputc('\n', f);
}

static inline bool drv_all_zero(const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			return false;
	return true;
}

/* ww_view for each side: the other side's hand keeps its size but shows
 * no card, the deck shows no order, one's own hand is all there. */
static inline int drv_check_views(struct drv_game *g)
{
	const struct ww_state *s = &g->s;
	static struct ww_state v; /* large: not on the stack */
	for (int side = WW_NOBODY; side <= WW_BRITISH; side++) {
		ww_view(s, (enum ww_side)side, &v);
		if (v.deck.n != s->deck.n || !drv_all_zero(v.deck.card, sizeof v.deck.card))
			return drv_fail(g, "the %s view shows the order of the deck",
					ww_side_name((enum ww_side)side));
		for (int h = WW_AMERICAN; h <= WW_BRITISH; h++) {
			bool own = h == side;
			if (v.hand[h].n != s->hand[h].n)
				return drv_fail(g, "the %s view gives the %s hand %d cards, not %d",
						ww_side_name((enum ww_side)side),
						ww_side_name((enum ww_side)h), v.hand[h].n, s->hand[h].n);
			if (own ? memcmp(v.hand[h].card, s->hand[h].card, (size_t)s->hand[h].n) != 0
				: !drv_all_zero(v.hand[h].card, sizeof v.hand[h].card))
				return drv_fail(g, "the %s view %s the %s hand",
						ww_side_name((enum ww_side)side),
						own ? "garbles" : "shows", ww_side_name((enum ww_side)h));
		}
		if (memcmp(v.space, s->space, sizeof v.space) || v.year != s->year ||
		    v.move != s->move || v.to_move != s->to_move)
			return drv_fail(g, "the %s view changes the public state",
					ww_side_name((enum ww_side)side));
	}
	return 0;
}

static inline int drv_check_end(struct drv_game *g)
{
	const struct ww_state *s = &g->s;
	if (s->phase != WW_PH_GAME_OVER)
		return 0;
	if (s->winner != WW_AMERICAN && s->winner != WW_BRITISH)
		return drv_fail(g, "the game is over with no winner (winner %d)", s->winner);
	if (s->victory == WW_WIN_NONE || s->prompt != WW_ASK_NOTHING)
		return drv_fail(g, "the game is over but victory is %d and the prompt %d",
				s->victory, s->prompt);
	return 0;
}

/* What must hold after every accepted order; `before` is the state the
 * order was applied to. */
static inline int drv_check_accepted(struct drv_game *g, const struct ww_state *before)
{
	char why[512] = "";
	char prompt[32]; /* short on purpose: ww_prompt_text must truncate */
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		return drv_fail(g, "invariant broken: %s", why);
	if (g->s.move != before->move + 1)
		return drv_fail(g, "the move counter went from %u to %u", before->move, g->s.move);
	if (g->s.year < before->year)
		return drv_fail(g, "the year went back from %d to %d", before->year, g->s.year);
	ww_prompt_text(g->d, &g->s, prompt, sizeof prompt);
	if (drv_check_views(g))
		return -1;
	return drv_check_end(g);
}

/* An accepted order written by ww_order_format reads back as the same
 * order, so the failures saved as `wwjudge order` lines replay. */
static inline int drv_check_text(struct drv_game *g, const struct ww_order *o)
{
	char text[1024], err[512];
	struct ww_order back;
	ww_order_format(g->d, o, text, sizeof text);
	if (ww_order_parse(g->d, text, &back, err, sizeof err))
		return drv_fail(g, "'%s' does not parse back: %s", text, err);
	bool same = back.kind == o->kind && back.nspaces == o->nspaces &&
		    !memcmp(back.spaces, o->spaces, (size_t)o->nspaces * sizeof *o->spaces);
	if (o->kind == WW_ORD_FIRST)
		same = same && back.first == o->first;
	if (drv_takes_card(o->kind))
		same = same && back.card == o->card;
	if (o->kind == WW_ORD_DISCARD)
		same = same && back.action == o->action;
	if (!same)
		return drv_fail(g, "'%s' parses back as a different order", text);
	return 0;
}

static inline enum drv_kind drv_kind_of(const struct drv_game *g, const struct ww_order *o)
{
	switch (o->kind) {
	case WW_ORD_COMMITTEES: return DRV_COMMITTEES;
	case WW_ORD_FOR_THE_KING: return DRV_FOR_THE_KING;
	case WW_ORD_PASS: return DRV_PASS;
	case WW_ORD_FIRST: return DRV_FIRST;
	case WW_ORD_PLAY_PC: return DRV_PLAY_PC;
	case WW_ORD_EXCHANGE: return DRV_EXCHANGE;
	case WW_ORD_DECLARATION: return DRV_DECLARATION;
	case WW_ORD_CONGRESS: return DRV_CONGRESS;
	case WW_ORD_DISCARD:
		return o->action == WW_DISCARD_PC ? DRV_DISCARD_PC
			: o->action == WW_DISCARD_REMOVE ? DRV_DISCARD_REMOVE : DRV_DISCARD;
	default:
		switch (g->d->cards[o->card].special) {
		case WW_SPECIAL_DECLARATION: return DRV_EVENT_DECLARATION;
		case WW_SPECIAL_FRANKLIN: return DRV_EVENT_FRANKLIN;
		case WW_SPECIAL_WAR_ENDS: return DRV_EVENT_WAR_ENDS;
		default: return DRV_EVENT_OTHER;
		}
	}
}

/* The side not asked gives the order: the engine must refuse it and leave
 * the state as it was. 0, or -1 with g->failure. */
static inline int drv_try_wrong_side(struct drv_game *g, const struct ww_order *o)
{
	static struct ww_state before;
	char why[768] = "";
	enum ww_side side = ww_enemy(g->s.to_move);
	int mark = g->ev.n;
	memcpy(&before, &g->s, sizeof before);
	if (g->trace) {
		drv_trace_line(g->trace, side, o);
		fflush(g->trace);
	}
	g->culprit = (struct drv_move){ side, *o };
	g->has_culprit = true;
	if (ww_apply(g->d, &g->s, side, o, &g->rng, &g->ev, why, sizeof why) == 0)
		return drv_fail(g, "the %s's order was accepted while the %s is to move",
				ww_side_name(side), ww_side_name(before.to_move));
	if (memcmp(&before, &g->s, sizeof before) || g->ev.n != mark)
		return drv_fail(g, "a refused order changed the state (%s)", why);
	g->has_culprit = false;
	return 0;
}

/* Tries one order for whoever is to move. Returns 1 if accepted (and
 * checked), 0 if refused (and the state checked unchanged), -1 on a
 * failure with g->failure set. */
static inline int drv_try(struct drv_game *g, const struct ww_order *o)
{
	static struct ww_state before;
	char why[768] = "";
	enum ww_side side = g->s.to_move;
	int mark = g->ev.n;
	memcpy(&before, &g->s, sizeof before);
	if (g->trace) {
		drv_trace_line(g->trace, side, o);
		fflush(g->trace);
	}
	if (ww_apply(g->d, &g->s, side, o, &g->rng, &g->ev, why, sizeof why) != 0) {
		g->refused++;
		g->culprit = (struct drv_move){ side, *o };
		g->has_culprit = true;
		if (memcmp(&before, &g->s, sizeof before) || g->ev.n != mark)
			return drv_fail(g, "a refused order changed the state (%s)", why);
		if (!why[0])
			return drv_fail(g, "an order was refused without a reason");
		g->has_culprit = false;
		return 0;
	}
	if (g->trace) {
		fputs("+\n", g->trace);
		fflush(g->trace);
	}
	if (g->nmoves < DRV_MAX_ORDERS)
		g->moves[g->nmoves++] = (struct drv_move){ side, *o };
	g->kinds[drv_kind_of(g, o)]++;
	g->ev.n = 0;
	if (drv_check_text(g, o))
		return -1;
	return drv_check_accepted(g, &before) ? -1 : 1;
}

static inline int drv_try_spaces(struct drv_game *g, struct ww_order *o)
{
	int rc;
	o->nspaces = 0;
	if ((rc = drv_try(g, o)))
		return rc;
	o->nspaces = 1;
	for (int sp = 0; sp < g->d->nspaces; sp++) {
		o->spaces[0] = sp;
		if ((rc = drv_try(g, o)))
			return rc;
	}
	return 0;
}

/* Every kind of order x every card in the hand of the side to move (no
 * other card can be played) x every variant x every space, and one legal
 * space per colony for the orders that name one per colony. */
static inline int drv_exhaustive(struct drv_game *g)
{
	struct ww_order o;
	struct ww_pile hand = g->s.hand[g->s.to_move];
	int rc;
	g->exhaustive++;
	for (int kind = WW_ORD_COMMITTEES; kind <= WW_ORD_CONGRESS; kind++) {
		int ncards = drv_takes_card(kind) ? hand.n : 1;
		int variants = kind == WW_ORD_FIRST ? 2 : kind == WW_ORD_DISCARD ? 3 : 1;
		for (int i = 0; i < ncards; i++) {
			for (int x = 0; x < variants; x++) {
				memset(&o, 0, sizeof o);
				o.kind = (enum ww_order_kind)kind;
				o.card = drv_takes_card(kind) ? hand.card[i] : 0;
				o.first = (enum ww_side)(WW_AMERICAN + x);
				o.action = (enum ww_discard_action)x;
				if ((rc = drv_try_spaces(g, &o)))
					return rc;
				if (kind != WW_ORD_COMMITTEES && kind != WW_ORD_DECLARATION &&
				    kind != WW_ORD_PLAY_EVENT)
					continue;
				o.nspaces = 0;
				drv_per_colony(g, kind == WW_ORD_COMMITTEES ? WW_PC_COMMITTEES
					       : WW_PC_DECLARATION, &o, true);
				if ((rc = drv_try(g, &o)))
					return rc;
			}
		}
	}
	return 0;
}

static inline const char *drv_prompt_name(enum ww_prompt p)
{
	static const char *const names[] = {
		"nothing", "committees", "for-the-king", "opening", "first player",
		"impulse", "declaration", "congress",
	};
	return p <= WW_ASK_CONGRESS ? names[p] : "?";
}

/* One accepted order for whoever is to move. 0, or -1 with g->failure. */
static inline int drv_step(struct drv_game *g)
{
	struct ww_order o;
	for (int i = 0; i < DRV_TRIES; i++) {
		drv_candidate(g, &o);
		if (i == 0 && drv_try_wrong_side(g, &o))
			return -1;
		int rc = drv_try(g, &o);
		if (rc)
			return rc > 0 ? 0 : -1;
	}
	int rc = drv_exhaustive(g);
	if (rc)
		return rc > 0 ? 0 : -1;
	char text[256];
	ww_prompt_text(g->d, &g->s, text, sizeof text);
	return drv_fail(g, "dead end: no legal order for the %s at the %s prompt, %d, "
			"phase %s (%s)", ww_side_name(g->s.to_move), drv_prompt_name(g->s.prompt),
			g->s.year, ww_phase_name(g->s.phase), text);
}

/* Plays the game to its end. 0, or -1 with g->failure. */
static inline int drv_play(struct drv_game *g)
{
	struct ww_order none = { .kind = WW_ORD_PASS };
	char why[256];
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		return drv_fail(g, "invariant broken by the set-up: %s", why);
	g->ev.n = 0;
	while (g->s.phase != WW_PH_GAME_OVER) {
		if (g->nmoves >= g->max_orders)
			return drv_fail(g, "no end after %d orders (%d, %s)", g->nmoves,
					g->s.year, ww_phase_name(g->s.phase));
		if (drv_step(g))
			return -1;
	}
	for (int side = WW_AMERICAN; side <= WW_BRITISH; side++)
		if (ww_apply(g->d, &g->s, (enum ww_side)side, &none, &g->rng, &g->ev,
			     why, sizeof why) == 0)
			return drv_fail(g, "an order was accepted after the game ended");
	return 0;
}

/* The accepted orders as text, one per line: "american: play 12 pc Boston". */
static inline void drv_print_moves(FILE *f, const struct drv_game *g)
{
	char text[1024];
	for (int i = 0; i < g->nmoves; i++) {
		ww_order_format(g->d, &g->moves[i].o, text, sizeof text);
		fprintf(f, "%5d %s: %s\n", i + 1,
			g->moves[i].side == WW_AMERICAN ? "american" : "british", text);
	}
}

#endif
