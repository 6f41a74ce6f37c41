/* "What you can do now": every kind of order the side may give, each with
 * example lines that the engine accepts. Candidates are proposed for
 * every kind whatever is asked, and the engine decides: each candidate is
 * applied to a copy of the side's own view with dice that always roll 1,
 * and the examples kept are its text. Lists (where a move may go, which cards
 * or generals may answer) are the candidates the engine accepted, so the
 * guide never decides a rule itself. A new kind of order needs one
 * proposer in the table at the end. */
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "report.h"
#include "rules.h"

#define SHOWN 3 /* examples of one kind, as a rule */

struct guide_ctx {
	const struct ww_data *d;
	const struct ww_state *v;  /* the side's view */
	enum ww_side side;
	struct ww_guide *g;
	struct ww_state *copy;     /* scratch for one trial */
};

static int die_one(void *ctx, uint64_t index, bool *forced)
{
	(void)ctx;
	(void)index;
	*forced = false;
	return 1;
}

static void shuffle_none(void *ctx, uint64_t shuffle, uint8_t *cards, int n)
{
	(void)ctx;
	(void)shuffle;
	(void)cards;
	(void)n;
}

/* Would the engine, reading the game data d, accept o now? (That the
 * example's text parses back to o is test_order's and test_report's to
 * prove: the guide is built for every mail.) */
static bool accepted_on(struct guide_ctx *c, const struct ww_data *d, const struct ww_order *o)
{
	struct wj_rng rng = { die_one, shuffle_none, NULL };
	struct ww_events ev = { 0 };
	char why[512];
	*c->copy = *c->v;
	int rc = ww_apply(d, c->copy, c->side, o, &rng, &ev, why, sizeof why);
	ww_events_free(&ev);
	return rc == 0;
}

static bool works(struct guide_ctx *c, const struct ww_order *o)
{
	return accepted_on(c, c->d, o);
}

/* Keeps o's text as example n of it. */
static void keep_example(const struct guide_ctx *c, struct ww_guide_item *it,
			 const struct ww_order *o)
{
	ww_order_format(c->d, o, it->example[it->nexamples++], WW_GUIDE_LINE);
}

static bool asked(const struct guide_ctx *c, enum ww_prompt p)
{
	return c->v->prompt == p;
}

static struct ww_guide_item *item(struct guide_ctx *c, const char *kind)
{
	for (int i = 0; i < c->g->n; i++)
		if (!strcmp(c->g->v[i].kind, kind))
			return &c->g->v[i];
	if (c->g->n == WW_GUIDE_MAX)
		return NULL;
	struct ww_guide_item *it = &c->g->v[c->g->n++];
	memset(it, 0, sizeof *it);
	snprintf(it->kind, sizeof it->kind, "%s", kind);
	return it;
}

/* Tries o; if accepted, records it as an example of kind (and its card). */
static bool offer(struct guide_ctx *c, const char *kind, const struct ww_order *o, int card)
{
	if (!works(c, o))
		return false;
	struct ww_guide_item *it = item(c, kind);
	if (!it)
		return false;
	if (it->nexamples < SHOWN && (!card || !it->ncards))
		keep_example(c, it, o);
	if (card && it->ncards < WW_HAND_MAX)
		it->cards[it->ncards++] = (uint8_t)card;
	return true;
}

static void add_space(struct ww_order *o, int s)
{
	if (o->nspaces < WW_ORDER_SPACES)
		o->spaces[o->nspaces++] = s;
}

/* Adds spaces from cand one at a time, keeping each that the engine still
 * accepts, up to `want`. */
static void grow(struct guide_ctx *c, struct ww_order *o, const int16_t *cand, int n,
		 int want)
{
	for (int i = 0; i < n && o->nspaces < want && o->nspaces < WW_ORDER_SPACES; i++) {
		add_space(o, cand[i]);
		if (!works(c, o))
			o->nspaces--;
	}
}

/* The spaces where side may place or flip a PC under `how`, split. */
static void pc_spaces(struct guide_ctx *c, enum ww_pc_context how,
		      struct ww_guide_item *it)
{
	it->nplace = it->nflip = 0;
	for (int s = 0; s < c->d->nspaces; s++) {
		if (!ww_pc_can_place(c->d, c->v, c->v, c->side, s, how))
			continue;
		if (c->v->space[s].pc == (int)ww_enemy(c->side))
			it->flip[it->nflip++] = (int16_t)s;
		else
			it->place[it->nplace++] = (int16_t)s;
	}
}

/* Place spaces then flip spaces, as candidates. */
static int pc_candidates(const struct ww_guide_item *it, int16_t *cand)
{
	int n = 0;
	for (int i = 0; i < it->nplace; i++)
		cand[n++] = it->place[i];
	for (int i = 0; i < it->nflip; i++)
		cand[n++] = it->flip[i];
	return n;
}

/* 4.0 and 6.34.C.i: one space in each colony where placement is possible. */
static void per_colony(struct guide_ctx *c, const char *kind, enum ww_order_kind ok,
		       enum ww_pc_context how)
{
	struct ww_guide_item all = { 0 };
	pc_spaces(c, how, &all);
	if (!all.nplace && !all.nflip)
		return;
	/* a partial answer is refused, so the whole is tried at once */
	struct ww_order o = { .kind = ok };
	for (int col = 0; col < c->d->ncolonies; col++) {
		if (c->d->colonies[col].is_canada) /* not one of the colonies (3.0) */
			continue;
		for (int i = 0; i < all.nplace; i++) {
			if (c->d->spaces[all.place[i]].colony == col) {
				add_space(&o, all.place[i]);
				break;
			}
		}
	}
	if (!offer(c, kind, &o, 0))
		return;
	struct ww_guide_item *it = item(c, kind);
	it->nplace = 0;
	for (int i = 0; i < all.nplace; i++)
		if (!c->d->colonies[c->d->spaces[all.place[i]].colony].is_canada)
			it->place[it->nplace++] = all.place[i];
}

static void propose_committees(struct guide_ctx *c)
{
	per_colony(c, "committees", WW_ORD_COMMITTEES, WW_PC_COMMITTEES);
}

static void propose_declaration(struct guide_ctx *c)
{
	per_colony(c, "declaration", WW_ORD_DECLARATION, WW_PC_DECLARATION);
}

static void propose_for_the_king(struct guide_ctx *c)
{
	struct ww_guide_item all = { 0 };
	int16_t cand[WW_MAX_SPACES];
	pc_spaces(c, WW_PC_FOR_THE_KING, &all);
	struct ww_order o = { .kind = WW_ORD_FOR_THE_KING };
	grow(c, &o, cand, pc_candidates(&all, cand), c->d->for_the_king_pcs);
	if (!o.nspaces || !offer(c, "for-the-king", &o, 0))
		return;
	struct ww_guide_item *it = item(c, "for-the-king");
	memcpy(it->place, all.place, sizeof it->place);
	it->nplace = all.nplace;
}

static void propose_pass(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_OPENING)) /* at an impulse, `pass` declines (below) */
		return;
	struct ww_order o = { .kind = WW_ORD_PASS };
	offer(c, "pass", &o, 0);
}

static void propose_first(struct guide_ctx *c)
{
	struct ww_order o = { .kind = WW_ORD_FIRST, .first = WW_AMERICAN };
	offer(c, "first", &o, 0);
	o.first = WW_BRITISH;
	offer(c, "first", &o, 0);
}

static const struct ww_pile *own_hand(const struct guide_ctx *c)
{
	return &c->v->hand[c->side];
}

/* 10.11: the first OPS card gets a full example; the others are listed
 * if the engine takes them with one PC action. */
static void propose_play_pc(struct guide_ctx *c)
{
	struct ww_guide_item all = { 0 };
	int16_t cand[WW_MAX_SPACES];
	pc_spaces(c, WW_PC_OPS, &all);
	int n = pc_candidates(&all, cand);
	bool first = true;
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		if (card <= 0 || card >= WW_MAX_CARDS || c->d->cards[card].ops <= 0)
			continue;
		struct ww_order o = { .kind = WW_ORD_PLAY_PC, .card = card };
		grow(c, &o, cand, n, first ? c->d->cards[card].ops : 1);
		if (offer(c, "play-pc", &o, card))
			first = false;
	}
	struct ww_guide_item *it = first ? NULL : item(c, "play-pc");
	if (it) {
		memcpy(it->place, all.place, sizeof it->place);
		memcpy(it->flip, all.flip, sizeof it->flip);
		it->nplace = all.nplace;
		it->nflip = all.nflip;
	}
}

static int targeted_step(const struct ww_card *k);

/* Events that name no space (the others: propose_event_targets). */
static void propose_events(struct guide_ctx *c)
{
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		if (card > 0 && card < WW_MAX_CARDS && asked(c, WW_ASK_IMPULSE) &&
		    targeted_step(&c->d->cards[card]) >= 0)
			continue;
		struct ww_order o = { .kind = WW_ORD_PLAY_EVENT, .card = card };
		offer(c, "play-event", &o, card);
	}
}

static void propose_discards(struct guide_ctx *c)
{
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		struct ww_order o = { .kind = WW_ORD_DISCARD, .card = card,
				      .action = WW_DISCARD_ONLY };
		offer(c, "discard", &o, card);
	}
}

/* 6.32.B.ii */
static void propose_discard_pc(struct guide_ctx *c)
{
	struct ww_guide_item all = { 0 };
	int16_t cand[WW_MAX_SPACES];
	pc_spaces(c, WW_PC_DISCARD, &all);
	int n = pc_candidates(&all, cand);
	bool any = false;
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		struct ww_order o = { .kind = WW_ORD_DISCARD, .card = card,
				      .action = WW_DISCARD_PC };
		for (int k = 0; k < n; k++) {
			o.nspaces = 0;
			add_space(&o, cand[k]);
			if (offer(c, "discard-pc", &o, card)) {
				any = true;
				break;
			}
		}
	}
	struct ww_guide_item *it = any ? item(c, "discard-pc") : NULL;
	if (it) {
		memcpy(it->place, all.place, sizeof it->place);
		memcpy(it->flip, all.flip, sizeof it->flip);
		it->nplace = all.nplace;
		it->nflip = all.nflip;
	}
}

/* 6.32.B.iii: the enemy PCs that may be removed, tried on a copy. */
static void propose_discard_remove(struct guide_ctx *c)
{
	int16_t where[WW_MAX_SPACES];
	int n = 0;
	struct ww_state *copy = malloc(sizeof *copy);
	if (!copy)
		return;
	for (int s = 0; s < c->d->nspaces; s++) {
		if (c->v->space[s].pc != (int)ww_enemy(c->side))
			continue;
		struct ww_events ev = { 0 };
		char why[256];
		*copy = *c->v;
		if (!ww_pc_remove(c->d, copy, c->side, s, &ev, why, sizeof why))
			where[n++] = (int16_t)s;
		ww_events_free(&ev);
	}
	free(copy);
	bool any = false;
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		struct ww_order o = { .kind = WW_ORD_DISCARD, .card = card,
				      .action = WW_DISCARD_REMOVE, .nspaces = 1 };
		for (int k = 0; k < n; k++) {
			o.spaces[0] = where[k];
			if (offer(c, "discard-remove", &o, card)) {
				any = true;
				break;
			}
		}
	}
	struct ww_guide_item *it = any ? item(c, "discard-remove") : NULL;
	if (it) {
		memcpy(it->remove, where, (size_t)n * sizeof *where);
		it->nremove = n;
	}
}

static void propose_exchange(struct guide_ctx *c)
{
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		struct ww_order o = { .kind = WW_ORD_EXCHANGE, .card = card };
		offer(c, "exchange", &o, card);
	}
}

/* 10.2.1 */
static void propose_congress(struct guide_ctx *c)
{
	int spaces[WW_MAX_SPACES];
	int n = ww_congress_options(c->d, c->v, spaces);
	struct ww_guide_item *it = NULL;
	for (int i = 0; i < n; i++) {
		struct ww_order o = { .kind = WW_ORD_CONGRESS, .nspaces = 1 };
		o.spaces[0] = spaces[i];
		if (!offer(c, "congress", &o, 0))
			continue;
		it = item(c, "congress");
		if (it && it->nwhere < WW_MAX_SPACES)
			it->where[it->nwhere++] = (int16_t)spaces[i];
	}
}


/* ---- armies: moves, the Operations Queue, campaigns (7) ---- */

/* A new item of `kind` even when one exists: one per general. */
static struct ww_guide_item *fresh(struct guide_ctx *c, const char *kind)
{
	if (c->g->n == WW_GUIDE_MAX)
		return NULL;
	struct ww_guide_item *it = &c->g->v[c->g->n++];
	memset(it, 0, sizeof *it);
	snprintf(it->kind, sizeof it->kind, "%s", kind);
	return it;
}

static void add_name(struct ww_guide_item *it, const char *name)
{
	if (!it || it->nnames == WW_GUIDE_NAMES)
		return;
	size_t n = strnlen(name, WW_GUIDE_NAME - 1);
	memcpy(it->names[it->nnames], name, n);
	it->names[it->nnames++][n] = '\0';
}

static void add_card(struct ww_guide_item *it, int card)
{
	if (it->ncards < WW_HAND_MAX)
		it->cards[it->ncards++] = (uint8_t)card;
}

/* Keeps o as one of at most `upto` examples of it if the engine
 * accepts it. */
static bool example_upto(struct guide_ctx *c, struct ww_guide_item *it,
			 const struct ww_order *o, int upto)
{
	if (!it || !works(c, o))
		return false;
	if (it->nexamples < upto && it->nexamples < WW_GUIDE_EXAMPLES)
		keep_example(c, it, o);
	else
		it->more++;
	return true;
}

static bool try_example(struct guide_ctx *c, struct ww_guide_item *it, const struct ww_order *o)
{
	return example_upto(c, it, o, SHOWN);
}

static bool ops_card(const struct guide_ctx *c, int card)
{
	return card > 0 && card < WW_MAX_CARDS && c->d->cards[card].ops > 0;
}

/* The spaces a general's army may reach, each by the cheapest path the
 * engine accepted (found by extending accepted paths one space at a
 * time), in the order found: nearest first. */
struct reach {
	int n;
	int16_t space[WW_MAX_SPACES];
	int16_t prev[WW_MAX_SPACES];
	int cost[WW_MAX_SPACES];
};

static void path_to(const struct reach *r, int start, int to, struct ww_order *o)
{
	int rev[WW_ORDER_SPACES], n = 0;
	for (int s = to; s != start && s >= 0 && n < WW_ORDER_SPACES; s = r->prev[s])
		rev[n++] = s;
	o->nspaces = 0;
	while (n)
		add_space(o, rev[--n]);
}

static int cheapest_open(const struct ww_data *d, const struct reach *r, const bool *done)
{
	int u = -1;
	for (int s = 0; s < d->nspaces; s++)
		if (!done[s] && r->cost[s] >= 0 && (u < 0 || r->cost[s] < r->cost[u]))
			u = s;
	return u;
}

static void reach_from(struct guide_ctx *c, struct ww_order *o, int start, struct reach *r)
{
	const struct ww_data *d = c->d;
	bool done[WW_MAX_SPACES] = { false };
	for (int s = 0; s < WW_MAX_SPACES; s++)
		r->cost[s] = -1, r->prev[s] = -1;
	r->cost[start] = 0;
	r->n = 0;
	for (int u; (u = cheapest_open(d, r, done)) >= 0;) {
		done[u] = true;
		if (u != start)
			r->space[r->n++] = (int16_t)u;
		for (int i = 0; i < d->spaces[u].nlinks; i++) {
			const struct ww_link *l = &d->spaces[u].links[i];
			/* 7.3.D's cost only orders the search; the engine decides */
			int v = l->to, cost = r->cost[u] + (l->wilderness ? 3 : 1);
			if (done[v] || (r->cost[v] >= 0 && cost >= r->cost[v]))
				continue;
			path_to(r, start, u, o);
			if (o->nspaces >= WW_ORDER_SPACES)
				continue;
			add_space(o, v);
			if (works(c, o))
				r->cost[v] = cost, r->prev[v] = (int16_t)u;
		}
	}
}

/* 7.5: the ports a British army may reach by sea with this activation. */
static int by_sea(struct guide_ctx *c, struct ww_order o, int start, int16_t *out)
{
	int n = 0;
	if (c->side != WW_BRITISH || !c->d->spaces[start].port)
		return 0;
	o.by_sea = true;
	o.nspaces = 1;
	for (int p = 0; p < c->d->nspaces; p++) {
		o.spaces[0] = p;
		if (p != start && c->d->spaces[p].port && works(c, &o))
			out[n++] = (int16_t)p;
	}
	return n;
}

/* One general's move with the activation `form` (kind), and his voyage
 * by sea (sea_kind): where he may go, with an example. NULL if he
 * cannot move by land. */
static struct ww_guide_item *general_move(struct guide_ctx *c, const char *kind,
					  const char *sea_kind, int g, struct ww_order form)
{
	struct reach r;
	int16_t sea[WW_MAX_SPACES];
	int start = c->v->general_at[g];
	reach_from(c, &form, start, &r);
	int nsea = by_sea(c, form, start, sea);
	struct ww_guide_item *it = r.n ? fresh(c, kind) : NULL;
	add_name(it, c->d->generals[g].name);
	if (it) { /* the farthest space found shows a whole path */
		memcpy(it->where, r.space, (size_t)r.n * sizeof *r.space);
		it->nwhere = r.n;
		path_to(&r, start, r.space[r.n - 1], &form);
		try_example(c, it, &form);
	}
	struct ww_guide_item *voyage = nsea ? fresh(c, sea_kind) : NULL;
	add_name(voyage, c->d->generals[g].name);
	if (voyage) {
		memcpy(voyage->where, sea, (size_t)nsea * sizeof *sea);
		voyage->nwhere = nsea;
		form.by_sea = true;
		form.nspaces = 0;
		add_space(&form, sea[0]);
		try_example(c, voyage, &form);
	}
	return it;
}

static void move_form(struct ww_order *o, enum ww_order_kind kind, int card, int g)
{
	ww_order_init(o);
	o->kind = kind;
	o->card = card;
	o->general = g;
	o->queue_move = kind == WW_ORD_PLAY_QUEUE;
}

static bool own_general_on_map(const struct guide_ctx *c, int g)
{
	return c->d->generals[g].side == c->side && c->v->general_at[g] >= 0;
}

static int queue_ops(const struct guide_ctx *c)
{
	const struct ww_pile *q = &c->v->ops_queue[c->side];
	int total = 0;
	for (int i = 0; i < q->n; i++)
		total += ops_card(c, q->card[i]) ? c->d->cards[q->card[i]].ops : 0;
	return total;
}

/* The first card that might activate g, directly or with the queue
 * (7.1.A, 7.1.B); the ratings only choose what to try first. */
static bool first_form(struct guide_ctx *c, int g, bool queue, struct ww_order *o)
{
	const struct ww_pile *h = own_hand(c);
	int strategy = c->d->generals[g].strategy;
	if (queue && !c->v->ops_queue[c->side].n)
		return false;
	for (int i = 0; i < h->n; i++) {
		int card = h->card[i];
		int ops = ops_card(c, card) ? c->d->cards[card].ops : 0;
		if (ops && (queue ? queue_ops(c) + ops : ops) >= strategy) {
			move_form(o, queue ? WW_ORD_PLAY_QUEUE : WW_ORD_PLAY_MOVE, card, g);
			return true;
		}
	}
	return false;
}

/* Replaces the card of an accepted order; keeps it in `it` if accepted. */
static void cards_for(struct guide_ctx *c, struct ww_guide_item *it, struct ww_order o)
{
	for (int i = 0; i < own_hand(c)->n; i++) {
		o.card = own_hand(c)->card[i];
		if (ops_card(c, o.card) && works(c, &o))
			add_card(it, o.card);
	}
}

/* 7.1.A, 7.1.B, 7.3: each general an OPS card in hand (or the queue with
 * it) can activate, where he may go, and the cards that can do it. */
static void propose_moves(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_IMPULSE))
		return;
	for (int g = 0; g < c->d->ngenerals; g++) {
		struct ww_order direct, queued;
		if (!own_general_on_map(c, g))
			continue;
		bool has_direct = first_form(c, g, false, &direct);
		bool has_queue = first_form(c, g, true, &queued);
		struct ww_guide_item *it = has_direct ?
			general_move(c, "move", "move-by-sea", g, direct) : NULL;
		struct ww_order path;
		char why[256];
		bool has_path = it && it->nexamples &&
				!ww_order_parse(c->d, it->example[0], &path, why, sizeof why);
		if (has_path)
			cards_for(c, it, path);
		if (!has_queue)
			continue;
		if (!it) {
			general_move(c, "move", "move-by-sea", g, queued);
			continue;
		}
		if (!has_path)
			continue;
		queued.nspaces = path.nspaces; /* the same path, with the queue */
		memcpy(queued.spaces, path.spaces, sizeof queued.spaces);
		try_example(c, it, &queued);
	}
}

/* 7.1.B: a card into the Operations Queue. */
static void propose_queue(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_IMPULSE))
		return;
	const struct ww_pile *q = &c->v->ops_queue[c->side];
	const char *kind = q->n ? "queue-add" : "queue";
	struct ww_guide_item *it = NULL;
	for (int i = 0; i < own_hand(c)->n; i++) {
		struct ww_order o;
		ww_order_init(&o);
		o.kind = WW_ORD_PLAY_QUEUE;
		o.card = own_hand(c)->card[i];
		if (!ops_card(c, o.card) || !works(c, &o))
			continue;
		if (!it && (it = fresh(c, kind)))
			try_example(c, it, &o);
		if (it)
			add_card(it, o.card);
	}
	for (int i = 0; it && i < q->n; i++) {
		char label[WW_GUIDE_NAME];
		snprintf(label, sizeof label, "#%d (%d OPS)", q->card[i],
			 ops_card(c, q->card[i]) ? c->d->cards[q->card[i]].ops : 0);
		add_name(it, label);
	}
}

/* 7.2.A: the campaign's next activation, one item per general. */
static void propose_campaign(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_CAMPAIGN))
		return;
	for (int g = 0; g < c->d->ngenerals; g++) {
		struct ww_order o;
		if (!own_general_on_map(c, g))
			continue;
		move_form(&o, WW_ORD_MOVE, 0, g);
		general_move(c, "campaign-move", "campaign-by-sea", g, o);
	}
}

/* 7.2.B */
static void propose_landing(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_CAMPAIGN) || c->side != WW_BRITISH)
		return;
	struct ww_guide_item *it = NULL;
	for (int s = 0; s < c->d->nspaces; s++) {
		struct ww_order o;
		ww_order_init(&o);
		o.kind = WW_ORD_LANDING;
		add_space(&o, s);
		if (!c->d->spaces[s].port || !works(c, &o))
			continue;
		if (!it && (it = fresh(c, "landing")))
			try_example(c, it, &o);
		if (it)
			it->where[it->nwhere++] = (int16_t)s;
	}
}

/* An order of one word (done, stand, no intercept, no battle-card, pass). */
static void propose_word(struct guide_ctx *c, const char *kind, enum ww_order_kind k)
{
	struct ww_order o;
	ww_order_init(&o);
	o.kind = k;
	if (works(c, &o))
		try_example(c, fresh(c, kind), &o);
}

static void propose_done(struct guide_ctx *c)
{
	propose_word(c, "done", WW_ORD_DONE);
}

/* ---- reinforcements (8, 12.2.B.ii) ---- */

static int first_ops_card(const struct guide_ctx *c)
{
	for (int i = 0; i < own_hand(c)->n; i++)
		if (ops_card(c, own_hand(c)->card[i]))
			return own_hand(c)->card[i];
	return 0;
}

/* The spaces where `o` (with its card) may bring the reinforcements. */
static int reinforce_spaces(struct guide_ctx *c, struct ww_order o, int16_t *out)
{
	int n = 0;
	o.nspaces = 1;
	for (int s = 0; s < c->d->nspaces; s++) {
		o.spaces[0] = s;
		if (works(c, &o))
			out[n++] = (int16_t)s;
	}
	return n;
}

/* 8.1.B, 8.2.B: which kind of entry says how many times are left. */
static const char *reinforce_kind(const struct guide_ctx *c)
{
	if (c->side == WW_BRITISH)
		return "reinforce-british";
	return c->v->reinforcement_cards[WW_AMERICAN].n ? "reinforce-last" : "reinforce-american";
}

static void propose_reinforce(struct guide_ctx *c)
{
	int card = first_ops_card(c);
	if (!asked(c, WW_ASK_IMPULSE) || !card)
		return;
	struct ww_order o;
	int16_t where[WW_MAX_SPACES];
	ww_order_init(&o);
	o.kind = WW_ORD_PLAY_REINFORCE;
	o.card = card;
	int n = reinforce_spaces(c, o, where);
	if (!n)
		return;
	struct ww_guide_item *it = fresh(c, reinforce_kind(c));
	if (!it)
		return;
	memcpy(it->where, where, (size_t)n * sizeof *where);
	it->nwhere = n;
	add_space(&o, where[0]);
	try_example(c, it, &o);
	cards_for(c, it, o);
	for (int g = 0; g < c->d->ngenerals; g++) {
		if (c->d->generals[g].side != c->side ||
		    c->v->general_at[g] != WW_LOC_REINFORCEMENTS)
			continue;
		o.general = g;
		for (int k = 0; k < n; k++) {
			o.spaces[0] = where[k];
			if (works(c, &o)) {
				add_name(it, c->d->generals[g].name);
				if (it->nnames == 1)
					try_example(c, it, &o);
				break;
			}
		}
	}
}

/* 12.2.B.ii: the French forces held in the American reinforcements box. */
static void propose_reinforce_french(struct guide_ctx *c)
{
	int card = first_ops_card(c);
	if (!asked(c, WW_ASK_IMPULSE) || !card || c->side != WW_AMERICAN)
		return;
	struct ww_order o;
	int16_t where[WW_MAX_SPACES];
	ww_order_init(&o);
	o.kind = WW_ORD_PLAY_REINFORCE;
	o.card = card;
	o.french = true;
	int n = reinforce_spaces(c, o, where);
	struct ww_guide_item *it = n ? fresh(c, "reinforce-french") : NULL;
	if (!it)
		return;
	memcpy(it->where, where, (size_t)n * sizeof *where);
	it->nwhere = n;
	add_space(&o, where[0]);
	try_example(c, it, &o);
	cards_for(c, it, o);
}

/* ---- events that name spaces (6.31) ---- */

/* The step of card k that takes the spaces of `play N event S, ...` in
 * the Strategy Phase, or -1. */
static int targeted_step(const struct ww_card *k)
{
	for (int i = 0; i < k->nsteps; i++) {
		const struct ww_event_step *st = &k->steps[i];
		if (st->when != WW_WHEN_BATTLE && st->prim != WW_EV_BATTLE &&
		    ww_event_step_targeted(st))
			return i;
	}
	return -1;
}

/* For an event with targets: the spaces legal for its first target, and
 * an example with as many as it takes. A partial answer to a "must" step
 * is refused while more is legal, so each space is first tried on a copy
 * of the data where the step is optional ("may"): the engine then takes
 * any legal part, and the whole example is checked on the real data. */
static void event_targets(struct guide_ctx *c, struct ww_data *opt, int card, int step)
{
	struct ww_event_step *st = &opt->cards[card].steps[step];
	bool was = st->optional;
	int want = st->count ? st->count : 1;
	int16_t where[WW_MAX_SPACES];
	int n = 0;
	struct ww_order o = { .kind = WW_ORD_PLAY_EVENT, .card = card, .nspaces = 1 };
	st->optional = true;
	for (int s = 0; s < c->d->nspaces; s++) {
		o.spaces[0] = s;
		if (accepted_on(c, opt, &o))
			where[n++] = (int16_t)s;
	}
	o.nspaces = 0;
	for (int i = 0; i < n && o.nspaces < want; i++) {
		add_space(&o, where[i]);
		if (!accepted_on(c, opt, &o))
			o.nspaces--;
	}
	st->optional = was;
	if (!n || !works(c, &o)) {
		o.nspaces = 0; /* an event that does something else too */
		offer(c, "play-event", &o, card);
		return;
	}
	struct ww_guide_item *it = fresh(c, "event");
	if (!it)
		return;
	add_card(it, card);
	try_example(c, it, &o);
	memcpy(it->where, where, (size_t)n * sizeof *where);
	it->nwhere = n;
}

static void propose_event_targets(struct guide_ctx *c)
{
	struct ww_data *opt = NULL;
	if (!asked(c, WW_ASK_IMPULSE))
		return;
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
		if (card <= 0 || card >= WW_MAX_CARDS)
			continue;
		int step = targeted_step(&c->d->cards[card]);
		if (step < 0)
			continue;
		if (!opt) {
			if (!(opt = malloc(sizeof *opt)))
				return;
			*opt = *c->d;
		}
		event_targets(c, opt, card, step);
	}
	free(opt);
}

/* ---- answers during a move and a battle (7.8, 7.9, 9) ---- */

/* 7.8: the first American general who may try to intercept, and all
 * who may, in the order they would be tried. */
static void propose_intercept(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_INTERCEPT))
		return;
	struct ww_order o, all;
	struct ww_guide_item *it = NULL;
	ww_order_init(&all);
	all.kind = WW_ORD_INTERCEPT;
	for (int g = 0; g < c->d->ngenerals; g++) {
		ww_order_init(&o);
		o.kind = WW_ORD_INTERCEPT;
		o.ngenerals = 1;
		o.generals[0] = g;
		if (!own_general_on_map(c, g) || !works(c, &o))
			continue;
		if (!it && !(it = fresh(c, "intercept")))
			return;
		add_name(it, c->d->generals[g].name);
		if (!it->nexamples)
			try_example(c, it, &o);
		if (all.ngenerals < 4)
			all.generals[all.ngenerals++] = g;
	}
	if (all.ngenerals > 1)
		example_upto(c, it, &all, WW_GUIDE_EXAMPLES);
	propose_word(c, "no-intercept", WW_ORD_NO_INTERCEPT);
}

/* One order naming one space, tried for every space: the legal ones go
 * to `where`, the first is the example. */
static struct ww_guide_item *each_space(struct guide_ctx *c, const char *kind,
					struct ww_order o)
{
	struct ww_guide_item *it = NULL;
	o.nspaces = 1;
	for (int s = 0; s < c->d->nspaces; s++) {
		o.spaces[0] = s;
		if (!works(c, &o))
			continue;
		if (!it && !(it = fresh(c, kind)))
			return NULL;
		it->where[it->nwhere++] = (int16_t)s;
		if (it->nwhere == 1)
			try_example(c, it, &o);
	}
	return it;
}

static void propose_retreat_before(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_RETREAT_BEFORE_BATTLE))
		return;
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_RETREAT_BEFORE;
	each_space(c, "retreat-before", o);
	propose_word(c, "stand", WW_ORD_STAND);
}

/* 9.45: the battle cards and the event cards of the hand, or neither. */
static void propose_battle_cards(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_BATTLE_CARD))
		return;
	static const struct { enum ww_order_kind k; const char *kind; } ways[] = {
		{ WW_ORD_BATTLE_CARD, "battle-card" },
		{ WW_ORD_BATTLE_DISCARD, "battle-discard" },
	};
	for (size_t w = 0; w < sizeof ways / sizeof *ways; w++)
		for (int i = 0; i < own_hand(c)->n; i++) {
			struct ww_order o;
			ww_order_init(&o);
			o.kind = ways[w].k;
			o.card = own_hand(c)->card[i];
			offer(c, ways[w].kind, &o, o.card);
		}
	propose_word(c, "no-battle-card", WW_ORD_NO_BATTLE_CARD);
}

/* 9.61, 9.62 */
static void propose_retreat(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_RETREAT))
		return;
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_RETREAT;
	each_space(c, "retreat", o);
	o.by_sea = true;
	each_space(c, "retreat-by-sea", o);
}

/* ---- the French, the European War, Washington's capture (12, 7.6.B) ---- */

static void propose_navy(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_FRENCH_NAVY))
		return;
	struct ww_guide_item *it = NULL;
	for (int z = 0; z < c->d->nzones; z++) {
		struct ww_order o;
		ww_order_init(&o);
		o.kind = WW_ORD_NAVY;
		o.zone = z;
		if (!works(c, &o))
			continue;
		if (!it && !(it = fresh(c, "navy")))
			return;
		example_upto(c, it, &o, WW_GUIDE_EXAMPLES); /* every zone it may go to */
	}
}

static void propose_french_forces(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_FRENCH_FORCES))
		return;
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_FRENCH_FORCES;
	each_space(c, "french-forces", o);
}

/* 12.2.B.iii: the spaces holding British CUs; two from one, or one each
 * from two. */
static void propose_european_war(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_EUROPEAN_WAR))
		return;
	struct ww_guide_item *it = NULL;
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_REMOVE_CU;
	for (int s = 0; s < c->d->nspaces; s++)
		if (c->v->space[s].cu[WW_NAT_BRITISH] && (it || (it = fresh(c, "remove-cu"))))
			it->where[it->nwhere++] = (int16_t)s;
	for (int i = 0; it && i < it->nwhere; i++) {
		o.nspaces = 0;
		add_space(&o, it->where[i]);
		if (try_example(c, it, &o))
			break;
	}
	for (int i = 0; it && i + 1 < it->nwhere; i++) {
		o.nspaces = 0;
		add_space(&o, it->where[i]);
		add_space(&o, it->where[i + 1]);
		if (try_example(c, it, &o))
			break;
	}
}

/* 7.6.B: the American PCs that may be removed, and one per colony for
 * as many colonies as the engine asks for (a wrong count is refused, so
 * the example grows until it is accepted). */
static void propose_washington_captured(struct guide_ctx *c)
{
	if (!asked(c, WW_ASK_WASHINGTON_CAPTURED))
		return;
	struct ww_guide_item *it = NULL;
	int first[WW_MAX_COLONIES], ncol = 0;
	bool seen[WW_MAX_COLONIES] = { false };
	for (int s = 0; s < c->d->nspaces; s++) {
		if (c->v->space[s].pc != WW_AMERICAN || ww_american_unit_in(c->d, c->v, s))
			continue;
		if (!it && !(it = fresh(c, "remove-pc")))
			return;
		it->where[it->nwhere++] = (int16_t)s;
		int col = c->d->spaces[s].colony;
		if (!seen[col])
			seen[col] = true, first[ncol++] = s;
	}
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_REMOVE_PC;
	for (int i = 0; it && i < ncol && !it->nexamples; i++) {
		add_space(&o, first[i]);
		try_example(c, it, &o);
	}
}

/* ---- standing orders: any time, either side ---- */

static void standing(struct ww_order *o, enum ww_standing_kind k, int general)
{
	ww_order_init(o);
	o->kind = WW_ORD_STANDING;
	o->standing = k;
	o->general = general;
}

/* How to give them: the forms that matter to this side. */
static void propose_standing(struct guide_ctx *c)
{
	struct ww_guide_item *it = fresh(c, "standing");
	struct ww_order o;
	int g = -1;
	for (int k = 0; k < c->d->ngenerals && g < 0; k++)
		if (own_general_on_map(c, k))
			g = k;
	if (c->side == WW_AMERICAN) {
		standing(&o, WW_STAND_NEVER_INTERCEPT, -1);
		try_example(c, it, &o);
		if (g >= 0) {
			standing(&o, WW_STAND_ALWAYS_INTERCEPT, g);
			try_example(c, it, &o);
		}
		standing(&o, WW_STAND_FRENCH_LOSSES_FIRST, -1);
		try_example(c, it, &o);
	} else {
		standing(&o, WW_STAND_NEVER_BATTLE_CARD, -1);
		try_example(c, it, &o);
		standing(&o, WW_STAND_NEVER_EXCHANGE, -1);
		try_example(c, it, &o);
	}
	standing(&o, WW_STAND_CLEAR, -1);
	try_example(c, it, &o);
	if (it && !it->nexamples)
		c->g->n--;
}

/* The side's own standing orders in force (its view holds only its own),
 * each written as the order that gives it. */
static void propose_standing_now(struct guide_ctx *c)
{
	const struct ww_standing *st = &c->v->standing[c->side];
	struct ww_guide_item *it = fresh(c, "standing-now");
	struct ww_order o;
	if (!it)
		return;
	struct { bool on; enum ww_standing_kind k; } flags[] = {
		{ st->never_intercept, WW_STAND_NEVER_INTERCEPT },
		{ st->never_retreat_before_battle, WW_STAND_NEVER_RETREAT_BEFORE_BATTLE },
		{ st->never_exchange, WW_STAND_NEVER_EXCHANGE },
		{ st->never_battle_card, WW_STAND_NEVER_BATTLE_CARD },
		{ st->french_losses_first, WW_STAND_FRENCH_LOSSES_FIRST },
	};
	for (size_t i = 0; i < sizeof flags / sizeof *flags; i++) {
		standing(&o, flags[i].k, -1);
		if (flags[i].on)
			example_upto(c, it, &o, WW_GUIDE_EXAMPLES);
	}
	for (int g = 0; g < c->d->ngenerals && g < 16; g++) {
		standing(&o, WW_STAND_ALWAYS_INTERCEPT, g);
		if (st->always_intercept & (1u << g))
			example_upto(c, it, &o, WW_GUIDE_EXAMPLES);
	}
}

/* 6.34, the tournament rule: the extra action may be declined. */
static void propose_decline(struct guide_ctx *c)
{
	if (asked(c, WW_ASK_IMPULSE) && c->v->extra_impulse_now)
		propose_word(c, "decline", WW_ORD_PASS);
}

void ww_guide_build(const struct ww_data *d, const struct ww_state *view,
		    enum ww_side side, struct ww_guide *g)
{
	static void (*const propose[])(struct guide_ctx *) = {
		propose_committees, propose_for_the_king, propose_pass, propose_first,
		propose_campaign, propose_landing, propose_done,
		propose_play_pc, propose_moves, propose_queue, propose_reinforce,
		propose_reinforce_french, propose_events, propose_event_targets,
		propose_discards, propose_discard_pc, propose_discard_remove, propose_exchange,
		propose_decline, propose_declaration, propose_congress,
		propose_intercept, propose_retreat_before, propose_battle_cards,
		propose_retreat, propose_navy, propose_french_forces, propose_european_war,
		propose_washington_captured,
	};
	struct guide_ctx c = { d, view, side, g, NULL };
	g->n = 0;
	if (view->phase == WW_PH_GAME_OVER || (side != WW_AMERICAN && side != WW_BRITISH))
		return;
	if (!(c.copy = malloc(sizeof *c.copy)))
		return;
	if (view->to_move == side)
		for (size_t i = 0; i < sizeof propose / sizeof *propose; i++)
			propose[i](&c);
	propose_standing(&c);
	propose_standing_now(&c);
	free(c.copy);
}
