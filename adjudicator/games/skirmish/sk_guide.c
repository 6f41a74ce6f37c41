/* Skirmish's guide (sk_guide.h): candidate orders built from the view
 * and the board, each tried on the engine with stand-in dice, so every
 * example given is one the engine accepts now. */
#include <stdlib.h>
#include <string.h>

#include "sk_guide.h"
#include "sk_order.h"

#define TRIES_MAX 20000 /* candidates tried in one guide */
#define PATHS_MAX 300   /* paths tried for one piece and length */

struct guide {
	const struct sk_data *d;
	const struct sk_state *view;
	int side;
	game_guide_item *item;
	void *ctx;
	int given, tries, paths;
	struct sk_state scratch;
	struct ww_dice dice;
	struct ww_rng rng;
	struct sk_events ev;
	char why[256];
};

/* Does the engine take o now? Then it is given as an example. */
static bool try(struct guide *g, const struct sk_order *o)
{
	char line[512];
	if (g->tries++ >= TRIES_MAX)
		return false;
	g->scratch = *g->view;
	g->dice.nforced = g->dice.used_forced = 0;
	g->ev.n = 0;
	if (sk_apply(g->d, &g->scratch, g->side, o, &g->rng, &g->ev, g->why, sizeof g->why)) {
		return false;
	}
	sk_order_format(g->d, o, line, sizeof line);
	g->item(g->ctx, sk_order_word(o->kind), line);
	g->given++;
	return true;
}

static bool army_at(const struct guide *g, int spot)
{
	int i = sk_piece_at(g->view, spot, g->side);
	return i >= 0 && (g->view->pieces[i].kind == SK_ARMY ||
			  g->view->pieces[i].kind == SK_CONTINENTAL_ARMY);
}

/* COMBINING UNITS 3: the splits of an army's move ending on another. */
static bool try_splits(struct guide *g, struct sk_order *o)
{
	const struct sk_spot *end = &g->d->spots[o->spots[o->nspots - 1]];
	if (!army_at(g, o->spots[0]) || !army_at(g, o->spots[o->nspots - 1]))
		return false;
	for (int goes = 0; goes < 2; goes++)
		for (int units = 1; units <= g->d->army_max_units; units++)
			for (int k = 0; k < end->nneighbours; k++) {
				o->split = (struct sk_split){ true, goes, units, end->neighbours[k].to };
				if (try(g, o))
					return true;
			}
	o->split = (struct sk_split){ 0 };
	return false;
}

/* Paths of exactly `legs` more legs from the path's end, each tried;
 * true at the first accepted. */
static bool walk(struct guide *g, struct sk_order *o, int legs)
{
	if (legs == 0)
		return try(g, o) || (o->kind == SK_ORDER_MOVE && try_splits(g, o));
	const struct sk_spot *at = &g->d->spots[o->spots[o->nspots - 1]];
	for (int k = 0; k < at->nneighbours && g->paths++ < PATHS_MAX; k++) {
		if (o->nspots >= 2 && at->neighbours[k].to == o->spots[o->nspots - 2])
			continue; /* II.3: not back and forth */
		o->spots[o->nspots++] = at->neighbours[k].to;
		bool found = walk(g, o, legs - 1);
		o->nspots--;
		if (found)
			return true;
	}
	return false;
}

static void paths_from(struct guide *g, enum sk_order_kind kind, int spot, int legs)
{
	struct sk_order o = { .kind = kind, .spot = spot, .nspots = 1, .spots = { spot } };
	g->paths = 0;
	if (legs > 0 && legs < SK_MAX_PATH)
		walk(g, &o, legs);
}

static void moves(struct guide *g)
{
	const struct sk_state *s = g->view;
	try(g, &(struct sk_order){ .kind = SK_ORDER_PASS, .spot = -1 });
	try(g, &(struct sk_order){ .kind = SK_ORDER_CALL, .spot = -1 });
	for (int i = 0; i < s->npieces; i++) {
		if ((int)s->pieces[i].side != g->side || s->pieces[i].spot < 0)
			continue;
		for (int k = 0; k < s->ndice[g->side]; k++)
			if (!s->done[g->side][k] &&
			    !(k == 1 && !s->done[g->side][0] && s->dice[g->side][0] == s->dice[g->side][1]))
				paths_from(g, SK_ORDER_MOVE, s->pieces[i].spot, s->dice[g->side][k]);
	}
}

static void declarations(struct guide *g)
{
	for (int i = 0; i < g->view->npieces; i++)
		if ((int)g->view->pieces[i].side == g->side && g->view->pieces[i].spot >= 0)
			try(g, &(struct sk_order){ .kind = SK_ORDER_DECLARE,
						    .spot = g->view->pieces[i].spot });
}

static void apart(struct guide *g)
{
	const struct sk_spot *at = &g->d->spots[g->view->pieces[g->view->apart_piece].spot];
	for (int k = 0; k < at->nneighbours; k++)
		try(g, &(struct sk_order){ .kind = SK_ORDER_APART, .spot = at->neighbours[k].to });
}

/* V.3: the ship's paths of 1 to the die's spots; V.7: a harbour at once. */
static void sailing(struct guide *g)
{
	const struct sk_state *s = g->view;
	for (int i = 0; i < s->npieces; i++) {
		const struct sk_piece *p = &s->pieces[i];
		if ((int)p->side != g->side || p->spot < 0 || p->kind == SK_ARMY ||
		    p->kind == SK_CONTINENTAL_ARMY || p->kind == SK_BASIC_UNIT)
			continue;
		for (int legs = s->call.spots; legs >= 1; legs--)
			paths_from(g, SK_ORDER_SAIL, p->spot, legs);
		for (int h = 0; h < g->d->nspots; h++)
			if (g->d->spots[h].kind == SK_HARBOUR)
				try(g, &(struct sk_order){ .kind = SK_ORDER_SAIL, .spot = p->spot,
							    .nspots = 2, .spots = { p->spot, h } });
	}
}

/* III.3: the order of skirmishes, given in advance. */
static void skirmish_order(struct guide *g)
{
	for (int i = 0; i < g->view->npieces; i++)
		if ((int)g->view->pieces[i].side == 3 - g->side && g->view->pieces[i].spot >= 0 &&
		    try(g, &(struct sk_order){ .kind = SK_ORDER_SKIRMISHES, .spot = -1, .nspots = 1,
					       .spots = { g->view->pieces[i].spot } }))
			return;
}

/* III.2.B, IV.5: a standing order, toward one of the side's own land
 * pieces, away, and back to being asked when one is given. */
static void standing_orders(struct guide *g)
{
	const struct sk_state *s = g->view;
	for (int i = 0; i < s->npieces; i++)
		if ((int)s->pieces[i].side == g->side && s->pieces[i].spot >= 0 &&
		    try(g, &(struct sk_order){ .kind = SK_ORDER_STANDING, .spot = -1,
					       .standing = { SK_STANDING_TOWARD, s->pieces[i].spot } }))
			break;
	try(g, &(struct sk_order){ .kind = SK_ORDER_STANDING, .spot = -1,
				   .standing = { SK_STANDING_AWAY, -1 } });
	if (s->standing[g->side].kind != SK_STANDING_ASK)
		try(g, &(struct sk_order){ .kind = SK_ORDER_STANDING, .spot = -1,
					   .standing = { SK_STANDING_ASK, -1 } });
}

int sk_guide(const struct sk_data *d, const struct sk_state *view, int side,
	     game_guide_item *item, void *ctx)
{
	static const struct guide zero;
	struct guide *g = malloc(sizeof *g);
	if (!g)
		return -1;
	*g = zero;
	g->d = d, g->view = view, g->side = side, g->item = item, g->ctx = ctx;
	ww_dice_stand_in(&g->dice);
	ww_dice_rng(&g->dice, &g->rng);
	if (sk_asked(view) & SK_TO(side)) {
		if (view->phase == SK_PHASE_DECLARE)
			declarations(g);
		else if (view->phase == SK_PHASE_CARD_MOVE)
			paths_from(g, SK_ORDER_CARD_MOVE, view->pieces[view->card_piece].spot,
				   view->card_spots);
		else if (view->phase == SK_PHASE_APART)
			apart(g);
		else if (view->phase == SK_PHASE_SAIL)
			sailing(g);
		else
			moves(g);
	}
	if (view->phase != SK_PHASE_OVER) {
		skirmish_order(g);
		standing_orders(g);
	}
	int n = g->given;
	free(g);
	return n;
}
