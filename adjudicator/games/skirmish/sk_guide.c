/* Skirmish's guide (sk_guide.h): candidate orders built from the view
 * and the board, each tried on the engine with stand-in dice, so every
 * example given is one the engine accepts now. */
#include <stdlib.h>
#include <string.h>

#include "sk_guide.h"
#include "sk_order.h"

#define TRIES_MAX 20000 /* candidates tried in one guide */
#define PATHS_MAX 300   /* paths tried for one piece and length */
#define REACH_MAX 3000  /* paths walked to find where one piece may end */

struct guide {
	const struct sk_data *d;
	const struct sk_state *view;
	int side;
	game_guide_item *item;
	void *ctx;
	int given, tries, paths;
	struct sk_state scratch;
	struct wj_dice dice;
	struct wj_rng rng;
	struct sk_events ev;
	char why[256];
};

/* Does the engine take o now, on a copy of the view? */
static bool accepted(struct guide *g, const struct sk_order *o)
{
	if (g->tries++ >= TRIES_MAX)
		return false;
	g->scratch = *g->view;
	g->dice.nforced = g->dice.used_forced = 0;
	g->ev.n = 0;
	return sk_apply(g->d, &g->scratch, g->side, o, &g->rng, &g->ev, g->why,
			sizeof g->why) == 0;
}

/* Does the engine take o now? Then it is given as an example. */
static bool try(struct guide *g, const struct sk_order *o)
{
	char line[512];
	if (!accepted(g, o))
		return false;
	if (!g->item)
		return true;
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
	wj_dice_stand_in(&g->dice);
	wj_dice_rng(&g->dice, &g->rng);
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

/* ---- What you can do now, in words (sk_guide_words) ---- */

/* Where a piece may end: every spot some accepted path ends on, and the
 * first such path as an example. */
struct reach {
	bool end[SK_MAX_SPOTS];
	int nend, walked;
	char example[256];
};

static void reach_end(struct guide *g, struct sk_order *o, struct reach *r)
{
	int end = o->spots[o->nspots - 1];
	if (r->end[end])
		return;
	bool ok = accepted(g, o) || (o->kind == SK_ORDER_MOVE && try_splits(g, o));
	if (ok) {
		r->end[end] = true;
		if (!r->nend++)
			sk_order_format(g->d, o, r->example, sizeof r->example);
	}
	o->split = (struct sk_split){ 0 };
}

/* Paths of `lo` to `legs` more legs from o's end (II.3: not back and
 * forth), each end tried. */
static void reach_walk(struct guide *g, struct sk_order *o, int lo, int legs, struct reach *r)
{
	if (lo <= 0 && o->nspots > 1)
		reach_end(g, o, r);
	if (legs == 0)
		return;
	const struct sk_spot *at = &g->d->spots[o->spots[o->nspots - 1]];
	for (int k = 0; k < at->nneighbours && r->walked++ < REACH_MAX; k++) {
		if (o->nspots >= 2 && at->neighbours[k].to == o->spots[o->nspots - 2])
			continue;
		o->spots[o->nspots++] = at->neighbours[k].to;
		reach_walk(g, o, lo - 1, legs - 1, r);
		o->nspots--;
	}
}

static void reach_from(struct guide *g, enum sk_order_kind kind, int spot, int lo, int legs,
		       struct reach *r)
{
	struct sk_order o = { .kind = kind, .spot = spot, .nspots = 1, .spots = { spot } };
	memset(r, 0, sizeof *r);
	if (legs > 0 && legs < SK_MAX_PATH)
		reach_walk(g, &o, lo, legs, r);
}

/* The spots of r, by name, as one sentence's list. */
static void spot_list(FILE *out, const struct sk_data *d, const struct reach *r)
{
	int order[SK_MAX_SPOTS], n = 0;
	for (int i = 0; i < d->nspots; i++) {
		if (!r->end[i])
			continue;
		int k = n++;
		for (; k > 0 && strcmp(d->spots[i].name, d->spots[order[k - 1]].name) < 0; k--)
			order[k] = order[k - 1];
		order[k] = i;
	}
	for (int k = 0; k < n; k++)
		fprintf(out, "%s%s", k == 0 ? "" : k == n - 1 ? " and " : ", ",
			d->spots[order[k]].name);
}

static void example(FILE *out, const char *line)
{
	fprintf(out, ">    e.g.  %s\n", line);
}

static void print_example(void *ctx, const char *kind, const char *line)
{
	(void)kind;
	example(ctx, line);
}

/* Each piece that may go with the die, and where it may end (II.1). */
static void die_words(FILE *out, struct guide *g, int value)
{
	const struct sk_state *s = g->view;
	struct reach r;
	char who[SK_EVENT_TEXT];
	bool any = false;
	for (int i = 0; i < s->npieces; i++) {
		if ((int)s->pieces[i].side != g->side || s->pieces[i].spot < 0)
			continue;
		reach_from(g, SK_ORDER_MOVE, s->pieces[i].spot, value, value, &r);
		if (!r.nend)
			continue;
		if (!any)
			fprintf(out, ".  The die of %d moves one piece exactly %d spot%s (II.1):\n",
				value, value, value == 1 ? "" : "s");
		any = true;
		sk_describe(g->d, s, i, who, sizeof who);
		fprintf(out, "-  the %s may end on ", who);
		spot_list(out, g->d, &r);
		fputs(".\n", out);
		example(out, r.example);
	}
	if (!any)
		fprintf(out, ".  The die of %d moves none of your pieces: none can go exactly %d "
			"spot%s (II.1).\n", value, value, value == 1 ? "" : "s");
}

static void move_words(FILE *out, struct guide *g)
{
	const struct sk_state *s = g->view;
	int side = g->side;
	for (int k = 0; k < s->ndice[side]; k++) {
		if (s->dice[side][k] == 0)
			fputs(".  Your die of 0 moves nothing (I, NOTE).\n", out);
		else if (!s->done[side][k] &&
			 !(k == 1 && !s->done[side][0] && s->dice[side][0] == s->dice[side][1]))
			die_words(out, g, s->dice[side][k]);
	}
	if (accepted(g, &(struct sk_order){ .kind = SK_ORDER_PASS, .spot = -1 })) {
		fputs(".  No die has a legal move: pass.\n", out);
		example(out, "pass");
	}
	if (accepted(g, &(struct sk_order){ .kind = SK_ORDER_CALL, .spot = -1 })) {
		fputs(".  Instead of the move, you may call for reinforcements (V).\n", out);
		example(out, "call");
	}
}

static void declare_words(FILE *out, struct guide *g)
{
	const struct sk_state *s = g->view;
	struct reach r = { .nend = 0 };
	for (int i = 0; i < s->npieces; i++) {
		int spot = s->pieces[i].spot;
		struct sk_order o = { .kind = SK_ORDER_DECLARE, .spot = spot };
		if ((int)s->pieces[i].side != g->side || spot < 0 || r.end[spot] || !accepted(g, &o))
			continue;
		r.end[spot] = true;
		if (!r.nend++)
			sk_order_format(g->d, &o, r.example, sizeof r.example);
	}
	if (s->ndice[g->side] >= 1 && s->dice[g->side][0] == 0)
		fputs(".  Your throw is 0: a 0 moves nothing (I, NOTE). Declare a piece anyway, "
		      "so that the American cannot tell your throw from it (I.B).\n", out);
	fputs(".  Declare the piece you will move, by its spot (I.B): ", out);
	spot_list(out, g->d, &r);
	fputs(".\n", out);
	example(out, r.example);
}

/* V.3: the ship's voyages of 1 to the die's spots; V.7: a harbour at
 * once. Every ship of the side is tried: the engine knows which sails. */
static void sailing_reach(struct guide *g, struct reach *r)
{
	const struct sk_state *s = g->view;
	memset(r, 0, sizeof *r);
	for (int i = 0; i < s->npieces; i++) {
		const struct sk_piece *p = &s->pieces[i];
		if ((int)p->side != g->side || p->spot < 0 || sk_is_land_piece(p->kind))
			continue;
		struct sk_order o = { .kind = SK_ORDER_SAIL, .spot = p->spot, .nspots = 1,
				      .spots = { p->spot } };
		if (s->call.spots > 0 && s->call.spots < SK_MAX_PATH)
			reach_walk(g, &o, 1, s->call.spots, r);
		for (int h = 0; h < g->d->nspots; h++) {
			o.nspots = 2, o.spots[1] = h;
			if (g->d->spots[h].kind == SK_HARBOUR && !r->end[h])
				reach_end(g, &o, r);
		}
	}
}

/* A card's move, a moving apart or a voyage: where the piece may end. */
static void one_piece_words(FILE *out, struct guide *g)
{
	const struct sk_state *s = g->view;
	struct reach r;
	int piece;
	if (s->phase == SK_PHASE_CARD_MOVE) {
		piece = s->card_piece;
		reach_from(g, SK_ORDER_CARD_MOVE, s->pieces[piece].spot, s->card_spots,
			   s->card_spots, &r);
		fprintf(out, ".  The card moves your piece at %s exactly %d spot%s along the black "
			"lines, through no enemy, to an empty spot (III.2.B); it may end on ",
			g->d->spots[s->pieces[piece].spot].name, s->card_spots,
			s->card_spots == 1 ? "" : "s");
	} else if (s->phase == SK_PHASE_APART) {
		piece = s->apart_piece;
		memset(&r, 0, sizeof r);
		const struct sk_spot *at = &g->d->spots[s->pieces[piece].spot];
		for (int k = 0; k < at->nneighbours; k++) {
			struct sk_order o = { .kind = SK_ORDER_APART, .spot = at->neighbours[k].to };
			if (r.end[o.spot] || !accepted(g, &o))
				continue;
			r.end[o.spot] = true;
			if (!r.nend++)
				sk_order_format(g->d, &o, r.example, sizeof r.example);
		}
		fprintf(out, ".  Your piece at %s moves apart one space along a black line to an "
			"empty spot (IV.5): ", g->d->spots[s->pieces[piece].spot].name);
	} else {
		sailing_reach(g, &r);
		fputs(".  Your ship may sail to ", out);
	}
	if (!r.nend) {
		fputs("no spot.\n", out);
		return;
	}
	spot_list(out, g->d, &r);
	fputs(".\n", out);
	example(out, r.example);
}

int sk_guide_words(FILE *out, const struct sk_data *d, const struct sk_state *view, int side)
{
	static const struct guide zero;
	if (view->phase == SK_PHASE_OVER || (side != SK_AMERICAN && side != SK_BRITISH))
		return 0;
	struct guide *g = malloc(sizeof *g);
	if (!g)
		return -1;
	*g = zero;
	g->d = d, g->view = view, g->side = side, g->ctx = out;
	wj_dice_stand_in(&g->dice);
	wj_dice_rng(&g->dice, &g->rng);
	fputs("\n#What you can do now\n", out);
	if (!(sk_asked(view) & SK_TO(side))) {
		int asked = sk_asked(view) & SK_TO(SK_AMERICAN) ? SK_AMERICAN : SK_BRITISH;
		fprintf(out, ".  Nothing until the %s has given his order.\n", d->side_name[asked]);
	} else if (view->phase == SK_PHASE_DECLARE) {
		declare_words(out, g);
	} else if (view->phase == SK_PHASE_AMERICAN || view->phase == SK_PHASE_BRITISH) {
		move_words(out, g);
	} else {
		one_piece_words(out, g);
	}
	fputs(".  A standing order answers a card's move (III.2.B) and a moving apart (IV.5) "
	      "in advance: standing toward SPOT, standing away or standing ask.\n", out);
	g->item = print_example;
	standing_orders(g);
	g->tries = 0;
	fputs(".  The order of your next skirmishes, the first first (III.3):\n", out);
	skirmish_order(g);
	free(g);
	return ferror(out) ? -1 : 0;
}
