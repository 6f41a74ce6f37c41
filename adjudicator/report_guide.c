/* "What you can do now": every kind of order the side may give, each with
 * example lines that the engine accepts. Candidates are proposed for
 * every kind whatever is asked, and the engine decides: each example is
 * formatted, parsed back and applied to a copy of the side's own view
 * with dice that always roll 1. Lists (where a move may go, which cards
 * or generals may answer) are the candidates the engine accepted, so the
 * guide never decides a rule itself. A new kind of order needs one
 * proposer in the table at the end. */
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "report.h"
#include "rules_internal.h"

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

/* Would the engine, reading the game data d, accept o now? Also writes
 * its canonical text, and checks that the text parses back. */
static bool accepted_on(struct guide_ctx *c, const struct ww_data *d,
			const struct ww_order *o, char *line, size_t len)
{
	struct ww_order parsed;
	struct ww_rng rng = { die_one, shuffle_none, NULL };
	struct ww_events ev = { 0 };
	char why[512];
	ww_order_format(c->d, o, line, len);
	if (ww_order_parse(c->d, line, &parsed, why, sizeof why))
		return false;
	*c->copy = *c->v;
	int rc = ww_apply(d, c->copy, c->side, &parsed, &rng, &ev, why, sizeof why);
	ww_events_free(&ev);
	return rc == 0;
}

static bool accepted(struct guide_ctx *c, const struct ww_order *o, char *line, size_t len)
{
	return accepted_on(c, c->d, o, line, len);
}

static bool works(struct guide_ctx *c, const struct ww_order *o)
{
	char line[WW_GUIDE_LINE];
	return accepted(c, o, line, sizeof line);
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
	char line[WW_GUIDE_LINE];
	if (!accepted(c, o, line, sizeof line))
		return false;
	struct ww_guide_item *it = item(c, kind);
	if (!it)
		return false;
	if (it->nexamples < WW_GUIDE_EXAMPLES && (!card || !it->ncards))
		snprintf(it->example[it->nexamples++], WW_GUIDE_LINE, "%s", line);
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
	char line[WW_GUIDE_LINE];
	for (int i = 0; i < n && o->nspaces < want && o->nspaces < WW_ORDER_SPACES; i++) {
		add_space(o, cand[i]);
		if (!accepted(c, o, line, sizeof line))
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

static void propose_events(struct guide_ctx *c)
{
	for (int i = 0; i < own_hand(c)->n; i++) {
		int card = own_hand(c)->card[i];
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

