/* Helpers for the tests of Skirmish's rules engine (sk_rules.h) on the
 * real data/skirmish/: a game with seeded dice and forced rolls, spots and
 * pieces by name, positions arranged by hand, orders built from names. */
#ifndef SK_SUPPORT_H
#define SK_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sk_rules.h"
#include "data_copy.h"

static struct sk_data *sk_test_data;

static inline const struct sk_data *skd(void)
{
	if (!sk_test_data) {
		struct wj_data_problems p = { 0 };
		const char *dir = getenv("SK_DATA");
		sk_test_data = calloc(1, sizeof *sk_test_data);
		assert_non_null(sk_test_data);
		if (sk_data_load(dir ? dir : "data/skirmish", sk_test_data, &p)) {
			print_problems(&p);
			fail_msg("data/skirmish does not load");
		}
	}
	return sk_test_data;
}

struct sk_game {
	struct sk_state s;
	struct sk_events ev;
	struct wj_dice dice;
	struct wj_rng rng;
	char why[256];
};

static inline void sk_start(struct sk_game *g, unsigned char seed_byte)
{
	memset(g, 0, sizeof *g);
	memset(g->dice.seed, seed_byte, sizeof g->dice.seed);
	wj_dice_rng(&g->dice, &g->rng);
	assert_int_equal(sk_new_game(skd(), &g->rng, &g->s, &g->ev), 0);
}

/* The next die rolls, 1..6 (a movement die shows faces[roll - 1]). */
static inline void sk_force(struct sk_game *g, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	g->dice.nforced = n;
	g->dice.used_forced = 0;
	for (int i = 0; i < n; i++)
		g->dice.forced[i] = va_arg(ap, int);
	va_end(ap);
}

static inline int sp(const char *name)
{
	int s = sk_spot_by_name(skd(), name);
	if (s < 0)
		fail_msg("no spot '%s'", name);
	return s;
}

static inline int at(const struct sk_game *g, const char *name)
{
	return sk_piece_at(&g->s, sp(name), 0);
}

/* Removes every piece but the Continental Army and one British army, put
 * at the two spots given, far from each other. */
static inline void sk_clear(struct sk_game *g, const char *continental, const char *british)
{
	bool kept_british = false;
	for (int i = 0; i < g->s.npieces; i++) {
		struct sk_piece *p = &g->s.pieces[i];
		if (p->kind == SK_CONTINENTAL_ARMY) {
			p->spot = sp(continental);
		} else if (p->side == SK_BRITISH && p->kind == SK_ARMY && !kept_british) {
			p->spot = sp(british);
			kept_british = true;
		} else {
			p->spot = -1;
		}
		g->s.quiet[i] = 0;
	}
}

/* Puts a piece (an unused slot of that kind, or a new one) at a spot. */
static inline int sk_place(struct sk_game *g, int side, enum sk_piece_kind kind, const char *spot,
			   int units)
{
	int i = 0;
	while (i < g->s.npieces && !(g->s.pieces[i].spot < 0 && g->s.pieces[i].kind == kind &&
				     (int)g->s.pieces[i].side == side))
		i++;
	if (i == g->s.npieces)
		g->s.npieces++;
	g->s.pieces[i] = (struct sk_piece){ (enum sk_side)side, kind, sp(spot), units, 0 };
	return i;
}

/* The turn at the American's move (I.C) with his dice and the British's
 * declared piece and die. */
static inline void sk_american_moves(struct sk_game *g, int d1, int d2, const char *declared,
				     int british_die)
{
	struct sk_state *s = &g->s;
	s->phase = s->step = SK_PHASE_AMERICAN;
	s->ndice[SK_AMERICAN] = 2;
	s->ndice[SK_BRITISH] = 1;
	s->dice[SK_AMERICAN][0] = d1;
	s->dice[SK_AMERICAN][1] = d2;
	s->dice[SK_BRITISH][0] = british_die;
	s->dice[SK_BRITISH][1] = 0;
	s->done[SK_AMERICAN][0] = d1 == 0;
	s->done[SK_AMERICAN][1] = d2 == 0;
	s->done[SK_BRITISH][0] = s->done[SK_BRITISH][1] = false;
	s->revealed[SK_AMERICAN] = true;
	s->revealed[SK_BRITISH] = false;
	s->declared = at(g, declared);
	s->moved = -1;
	s->nqueue = 0;
}

/* The British's move (I.D) with the declared piece and his die. */
static inline void sk_british_moves(struct sk_game *g, const char *declared, int die)
{
	sk_american_moves(g, 0, 0, declared, die);
	g->s.phase = g->s.step = SK_PHASE_BRITISH;
	g->s.revealed[SK_BRITISH] = true;
	g->s.done[SK_BRITISH][1] = true;
}

/* An order whose spots are the names given, NULL-terminated. */
static inline struct sk_order sk_spots(enum sk_order_kind kind, const char *first, ...)
{
	struct sk_order o = { .kind = kind, .spot = -1 };
	va_list ap;
	va_start(ap, first);
	for (const char *n = first; n; n = va_arg(ap, const char *))
		o.spots[o.nspots++] = sp(n);
	va_end(ap);
	if (o.nspots)
		o.spot = o.spots[0];
	return o;
}

static inline int sk_do(struct sk_game *g, int side, struct sk_order o)
{
	g->ev.n = 0;
	g->why[0] = 0;
	return sk_apply(skd(), &g->s, side, &o, &g->rng, &g->ev, g->why, sizeof g->why);
}

/* Was there an event containing `text`? */
static inline bool sk_said(const struct sk_game *g, const char *text)
{
	for (int i = 0; i < g->ev.n; i++)
		if (strstr(g->ev.e[i].text, text))
			return true;
	return false;
}

static inline int sk_card(const char *name)
{
	for (int c = 0; c < skd()->ncards; c++)
		if (!strcmp(skd()->cards[c].name, name))
			return c;
	fail_msg("no card '%s'", name);
	return -1;
}

/* The next skirmish card drawn will be `name`. */
static inline void sk_next_card(struct sk_game *g, const char *name)
{
	g->s.deck[g->s.next] = (uint8_t)sk_card(name);
}

#endif
