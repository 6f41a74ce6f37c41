/* Tarleton's Quarter!'s guide, "What you can do now" (tq_game.h): for
 * the question the side is asked, candidate orders built from its own
 * view, each tried on the engine (tq_apply) on a copy of that view, so
 * that every example given and every list (where a leader's force may go,
 * where militia may be placed) is what the engine accepts now, as in the
 * other games' guides. The dice are stand-ins; an endeavour's activation
 * die is a 1 then a 2 (it activates, and no random event changes the
 * weather, 8.1, 8.3.5), so a leader's reach is the month's in clear
 * weather. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tq_game.h"
#include "tq_move.h"
#include "tq_sps.h"
#include "tq_turn.h"

#define SHOWN 3          /* examples of one kind */
#define TRIES_MAX 6000   /* candidates tried in one guide */
#define LIST_TEXT 600

struct guide {
	const struct tq_data *d;
	const struct tq_state *view;
	enum tq_side side;
	game_guide_item *item;
	void *ctx;
	FILE *words;         /* the words' lists, or NULL */
	int given, tries, shown, limit;
	const char *kind;    /* the kind whose examples are being given, at most limit */
	struct tq_state scratch;
	struct tq_events ev;
	struct wj_dice dice;
	char why[300];
};

static struct tq_order blank(enum tq_order_kind kind)
{
	return (struct tq_order){ .kind = kind, .leader = -1, .at = -1, .governor = -1 };
}

/* Does the engine take o now, on a copy of the view? */
static bool accepted(struct guide *g, const struct tq_order *o)
{
	if (g->tries++ >= TRIES_MAX)
		return false;
	struct wj_rng rng;
	g->scratch = *g->view;
	g->ev.n = 0;
	g->dice.nforced = 2, g->dice.used_forced = 0;
	g->dice.forced[0] = 1, g->dice.forced[1] = 2;
	wj_dice_rng(&g->dice, &rng);
	struct tq_play p = { g->d, &g->scratch, &rng, &g->ev, g->why, sizeof g->why };
	return tq_apply(&p, g->side, o) == 0;
}

/* A new kind of example: the next `limit` accepted orders are given as it. */
static void kind_upto(struct guide *g, const char *word, int limit)
{
	g->kind = word;
	g->shown = 0;
	g->limit = limit;
}

static void kind(struct guide *g, const char *word)
{
	kind_upto(g, word, SHOWN);
}

/* Does the engine take o now? Then it is one of its kind's examples. */
static bool try(struct guide *g, const struct tq_order *o)
{
	if (!accepted(g, o))
		return false;
	if (g->shown++ < g->limit) {
		char line[400];
		tq_order_format(g->d, o, line, sizeof line);
		g->item(g->ctx, g->kind, line);
		g->given++;
	}
	return true;
}

static bool try_line(struct guide *g, const char *line)
{
	struct tq_order o;
	char why[300];
	return tq_order_parse(g->d, line, &o, why, sizeof why) == 0 && try(g, &o);
}

/* The words' list: "LABEL: A, B, C." of the areas marked. */
static void area_list(struct guide *g, const char *label, const bool *marked)
{
	char text[LIST_TEXT] = "";
	for (int a = 0; a < g->d->nareas; a++)
		if (marked[a])
			wj_fmt_add(text, sizeof text, "%s%s", text[0] ? ", " : "", g->d->areas[a].id);
	if (g->words && text[0])
		fprintf(g->words, ".  %s: %s.\n", label, text);
}

static const struct tq_presence *own(const struct guide *g, int area)
{
	return &g->view->area[area].side[g->side];
}

static int own_sps(const struct guide *g, int area)
{
	const struct tq_presence *p = own(g, area);
	return tq_sps_total(&p->ready) + tq_sps_total(&p->moved);
}

/* ---- the endeavour (8.0) ---- */

/* 10.1: every area the leader's force ("with all") may enter this
 * month, a path at a time, each path one the engine takes; the first
 * few are examples. */
static void reach(struct guide *g, int l)
{
	static const int MAX_PATHS = TQ_MAX_AREAS;
	short (*path)[TQ_MAX_PATH] = calloc((size_t)MAX_PATHS, sizeof *path);
	short *len = calloc((size_t)MAX_PATHS, sizeof *len);
	bool reached[TQ_MAX_AREAS] = { false };
	int n = 1, from = g->view->leader[l].area;
	if (!path || !len)
		goto out;
	reached[from] = true;
	for (int i = 0; i < n; i++) { /* breadth first: paths in order of their length */
		int end = len[i] ? path[i][len[i] - 1] : from;
		struct tq_step next[TQ_MAX_AREA_BORDERS];
		int k = tq_neighbours(g->d, end, next, TQ_MAX_AREA_BORDERS);
		for (int j = 0; j < k && n < MAX_PATHS && len[i] < TQ_MAX_PATH; j++) {
			int to = next[j].to;
			if (reached[to])
				continue;
			struct tq_order o = blank(TQ_ACTIVATE);
			o.leader = (short)l, o.all = true;
			memcpy(o.path, path[i], sizeof o.path);
			o.npath = (short)(len[i] + 1);
			o.path[len[i]] = (short)to;
			if (!try(g, &o))
				continue;
			reached[to] = true;
			memcpy(path[n], o.path, sizeof path[n]);
			len[n++] = o.npath;
		}
	}
	reached[from] = false;
	char label[120];
	snprintf(label, sizeof label, "%s at %s (%d SPs there) may reach", g->d->leaders[l].name,
		 g->d->areas[from].id, own_sps(g, from));
	area_list(g, label, reached);
out:
	free(path);
	free(len);
}

/* One example a leader who may activate, and where his force may go. */
static void activations(struct guide *g)
{
	for (int l = 0; l < g->d->nleaders; l++) {
		const struct tq_leader_state *ls = &g->view->leader[l];
		if (ls->where != TQ_ON_MAP || ls->moved || g->d->leaders[l].side != g->side)
			continue;
		kind_upto(g, "activate", 1);
		reach(g, l);
		struct tq_order o = blank(TQ_ACTIVATE); /* no path taken: where he stands */
		o.leader = (short)l, o.all = true;
		if (!g->shown)
			try(g, &o);
	}
}

/* 8.2: a baggage train alone, into each neighbouring area. */
static void trains(struct guide *g)
{
	kind(g, "train");
	for (int a = 0; a < g->d->nareas && g->shown < g->limit; a++) {
		if (own(g, a)->field.trains <= own(g, a)->field.trains_moved)
			continue;
		struct tq_step next[TQ_MAX_AREA_BORDERS];
		int k = tq_neighbours(g->d, a, next, TQ_MAX_AREA_BORDERS);
		for (int j = 0; j < k; j++) {
			struct tq_order o = blank(TQ_MOVE_TRAIN);
			o.at = (short)a, o.npath = 1, o.path[0] = (short)next[j].to;
			if (try(g, &o))
				break;
		}
	}
}

/* 13.1.1, 10.5, 12.1: the British endeavours. */
static void british_endeavours(struct guide *g)
{
	kind(g, "governor");
	for (int i = 0; i < g->d->ngovernors; i++) {
		struct tq_order o = blank(TQ_PLACE_GOVERNOR);
		o.governor = (short)i;
		try(g, &o);
	}
	bool at[TQ_MAX_AREAS] = { false };
	kind(g, "embark");
	for (int a = 0; a < g->d->nareas; a++) {
		struct tq_order o = blank(TQ_EMBARK);
		o.at = (short)a, o.all = true;
		at[a] = g->d->areas[a].port && own_sps(g, a) && try(g, &o);
	}
	area_list(g, "Forces may embark (10.5.3) at", at);
	kind(g, "land");
	for (int a = 0; a < g->d->nareas; a++) {
		struct tq_order o = blank(TQ_LAND);
		o.at = (short)a;
		at[a] = g->d->areas[a].port && try(g, &o);
	}
	area_list(g, "The At Sea box may land (10.5.7) at", at);
	kind(g, "recruit");
	for (int l = 0; l < g->d->nleaders; l++) {
		struct tq_order o = blank(TQ_RECRUIT);
		o.leader = (short)l;
		if (g->d->leaders[l].side == g->side && g->view->leader[l].where == TQ_ON_MAP)
			try(g, &o);
	}
}

static void endeavour(struct guide *g)
{
	activations(g);
	trains(g);
	if (g->side == TQ_BRITISH)
		british_endeavours(g);
	kind(g, "pass");
	try_line(g, "pass");
}

/* ---- placing (6.5, 10.7, 17) ---- */

/* One SP of each kind the side is to place, at each area: the areas the
 * engine takes, listed, the first an example with all of that kind. */
static void place_sps(struct guide *g, const struct tq_sps *due)
{
	for (int c = -1; c < TQ_COLONIES; c++) {
		int n = c < 0 ? due->regulars : due->militia[c];
		if (n <= 0)
			continue;
		bool at[TQ_MAX_AREAS] = { false };
		struct tq_order o = blank(TQ_PLACE), all;
		kind_upto(g, "place", 1);
		short *count = c < 0 ? &o.sps.regulars : &o.sps.militia[c];
		for (int a = 0; a < g->d->nareas; a++) {
			o.at = (short)a, *count = 1;
			at[a] = accepted(g, &o);
			if (at[a] && g->shown < g->limit) {
				all = o;
				*(c < 0 ? &all.sps.regulars : &all.sps.militia[c]) = (short)n;
				if (!try(g, &all))
					try(g, &o);
			}
		}
		char label[80];
		snprintf(label, sizeof label, "%s%s may be placed at", c < 0 ? "Regulars" :
			 g->d->colony_mil[c], c < 0 ? "" : " militia");
		area_list(g, label, at);
	}
}

/* Leader l placed alone: one example, and where he may go. */
static void place_leader(struct guide *g, int l)
{
	bool at[TQ_MAX_AREAS] = { false };
	kind_upto(g, "place", 1);
	for (int a = 0; a < g->d->nareas; a++) {
		struct tq_order o = blank(TQ_PLACE);
		o.at = (short)a, o.nleaders = 1, o.leaders[0] = (short)l;
		at[a] = try(g, &o);
	}
	char label[80];
	snprintf(label, sizeof label, "%s may be placed at", g->d->leaders[l].name);
	area_list(g, label, at);
}

/* 17.4.2's leaders to set up; 17.2.2's militia leaders after the
 * attrition; 6.2's militia leaders held for their colony's militia. */
static void place_leaders(struct guide *g, const struct tq_to_place *tp)
{
	for (int i = 0; i < tp->nleaders; i++)
		place_leader(g, tp->leaders[i]);
	for (int i = 0; i < tp->nafter; i++)
		place_leader(g, tp->after[i]);
	for (int l = 0; l < g->d->nleaders; l++)
		if (g->d->leaders[l].side == g->side && g->view->leader[l].where == TQ_HELD &&
		    g->d->leaders[l].militia_colony != TQ_NO_COLONY)
			place_leader(g, l);
}

/* 6.2, 18.0: the arrivals whose place is the player's, all at once. */
static void arrivals(struct guide *g)
{
	struct tq_order o = blank(TQ_PLACE);
	bool at[TQ_MAX_AREAS] = { false };
	o.sps = g->view->side[g->side].placing;
	for (int l = 0; l < g->d->nleaders && o.nleaders < TQ_MAX_GROUP; l++)
		if (tq_place_leader_held(g->d, g->view, l, g->side))
			o.leaders[o.nleaders++] = (short)l;
	if (!tq_sps_total(&o.sps) && !o.nleaders)
		return;
	kind_upto(g, "place", 1);
	for (int a = 0; a < g->d->nareas; a++) {
		o.at = (short)a;
		at[a] = try(g, &o);
	}
	area_list(g, "The arrivals may be placed at", at);
}

static void placing(struct guide *g)
{
	const struct tq_to_place *tp = &g->view->to_place[g->side];
	struct tq_sps due = tp->sps; /* 17: the set-up's; 6.5, 10.7: the militia generated */
	for (int c = 0; c < TQ_COLONIES; c++)
		due.militia[c] = (short)tq_militia_to_place(g->view, (enum tq_side)g->side,
							    (enum tq_colony)c);
	place_sps(g, &due);
	place_leaders(g, tp);
	arrivals(g);
}

/* 17.4.1: the first colonies the engine takes, as many as asked. */
static void declaring(struct guide *g)
{
	kind(g, "declare");
	for (unsigned set = 1; set < 1u << TQ_COLONIES && g->shown < g->limit; set++) {
		struct tq_order o = blank(TQ_DECLARE);
		o.colonies = set;
		try(g, &o);
	}
}

/* ---- losses and withdrawals (5.3, 11.2.5, 6.1.3) ---- */

/* Up to n SPs of the kinds k[0..nk-1] of `have`, in that order, into
 * `take`: the SPs still to take. */
static int fill(const struct tq_sps *have, struct tq_sps *take, tq_sps_kind *const *k, int nk,
		int n)
{
	struct tq_sps left = *have;
	for (int i = 0; i < nk && n > 0; i++) {
		int t = *k[i](&left) < n ? *k[i](&left) : n;
		*k[i](take) = (short)(*k[i](take) + t);
		n -= t;
	}
	return n;
}

/* n SPs from `have`, m of them militia: the ways the player is most
 * likely to mean, foot first and horse first (11.2.5's choices are
 * which kinds, 5.3's which SPs). */
static void ways_to_lose(struct guide *g, const struct tq_order *form, const struct tq_sps *have,
			 int n)
{
	tq_sps_kind *const horse[] = { tq_regular_kinds[1], tq_regular_kinds[0],
				       tq_regular_kinds[3], tq_regular_kinds[2] };
	for (int m = 0; m <= n && g->shown < g->limit; m++)
		for (int order = 0; order < 2; order++) {
			struct tq_order o = *form;
			if (fill(have, &o.sps, tq_militia_kinds, TQ_MILITIA_KINDS, m) ||
			    fill(have, &o.sps, order ? horse : tq_regular_kinds, TQ_REGULAR_KINDS,
				 n - m))
				continue;
			if (try(g, &o))
				break;
		}
}

static struct tq_sps field(const struct guide *g, int area)
{
	const struct tq_presence *p = own(g, area);
	struct tq_sps have = p->ready;
	tq_sps_add(&have, &p->moved, 1);
	tq_sps_add(&have, &p->walls, 1);
	return have;
}

/* 5.3: attrition's loss, where the question says (the At Sea box: -1),
 * with the leaders disease sends to the turn track (5.3.3), the first
 * there. */
static void attrition(struct guide *g)
{
	int area = g->view->side[g->side].loss_area;
	struct tq_sps have = area >= 0 ? field(g, area) : g->view->at_sea;
	struct tq_order o = blank(TQ_LOSE);
	for (int l = 0; l < g->d->nleaders && o.nleaders < g->view->side[g->side].sick; l++)
		if (g->d->leaders[l].side == g->side && g->view->leader[l].where == TQ_ON_MAP &&
		    g->view->leader[l].area == area)
			o.leaders[o.nleaders++] = (short)l;
	kind(g, "lose");
	ways_to_lose(g, &o, &have, g->view->side[g->side].owed);
}

/* 11.2.5: the battle's casualties, in the endeavour's area. */
static void casualties(struct guide *g)
{
	const struct tq_endeavor *en = &g->view->hidden.endeavor;
	struct tq_sps have = field(g, en->at);
	struct tq_order o = blank(TQ_LOSE);
	kind(g, "lose");
	ways_to_lose(g, &o, &have, en->loss[g->side]);
}

/* 6.1.3: the withdrawal, regulars from an area of the side's choosing:
 * what is owed, or all the area has when that is fewer ("The withdrawn
 * troops don't all have to come from the same area", 6.1.4). */
static void withdrawal(struct guide *g)
{
	kind(g, "withdraw");
	for (int a = 0; a < g->d->nareas && g->shown < g->limit; a++) {
		const struct tq_presence *p = own(g, a);
		int have = p->ready.regulars + p->moved.regulars, owed = g->view->side[g->side].owed;
		struct tq_order o = blank(TQ_WITHDRAW);
		o.at = (short)a;
		o.sps.regulars = (short)(have < owed ? have : owed);
		if (o.sps.regulars > 0)
			try(g, &o);
	}
}

/* ---- the steps of the turn ---- */

static void each_area(struct guide *g, const char *word, enum tq_order_kind what,
		      enum tq_build build, short trains)
{
	kind(g, word);
	for (int a = 0; a < g->d->nareas && g->shown < g->limit; a++) {
		struct tq_order o = blank(what);
		o.at = (short)a, o.build = build, o.trains = trains;
		try(g, &o);
	}
}

static void supply(struct guide *g)
{
	each_area(g, "expend", TQ_EXPEND, TQ_BUILD_FORT, 1);
	each_area(g, "destroy", TQ_DESTROY, TQ_BUILD_FORT, 1);
}

static void logistics(struct guide *g)
{
	each_area(g, "build fort", TQ_BUILD, TQ_BUILD_FORT, 0);
	each_area(g, "build magazine", TQ_BUILD, TQ_BUILD_MAGAZINE, 0);
	each_area(g, "build train", TQ_BUILD, TQ_BUILD_TRAIN, 0);
	each_area(g, "base", TQ_BUILD, TQ_BUILD_BASE, 0);
	kind(g, "destroy fort");
	try_line(g, "destroy fort"); /* where the question says, if it does */
	for (int a = 0; a < g->d->nareas && g->shown < g->limit; a++) {
		char line[64];
		snprintf(line, sizeof line, "destroy fort at %s", g->d->areas[a].id);
		try_line(g, line);
	}
}

/* A retreat's area, one step from the force (11.3, 11.4). */
static void retreats(struct guide *g, bool before)
{
	bool at[TQ_MAX_AREAS] = { false };
	kind(g, "retreat");
	for (int a = 0; a < g->d->nareas; a++) {
		struct tq_order o = blank(TQ_RETREAT);
		o.at = (short)a, o.before = before;
		at[a] = try(g, &o);
	}
	area_list(g, "A retreat may go to", at);
}

/* The question's own words, each tried as it is. */
static void words(struct guide *g, const char *const *lines)
{
	for (; *lines; lines++) {
		kind(g, "answer");
		try_line(g, *lines);
	}
}

/* 15.5.2: "yes" alone, and "yes NAME" for each of the other side's
 * leaders held that the engine takes alone. */
static void naming(struct guide *g)
{
	char line[120];
	kind(g, "answer");
	try_line(g, "yes");
	for (int l = 0; l < g->d->nleaders; l++)
		if (g->d->leaders[l].side != g->side && g->view->leader[l].where == TQ_POW) {
			snprintf(line, sizeof line, "yes %s", g->d->leaders[l].name);
			try_line(g, line);
		}
}

static void answers(struct guide *g)
{
	static const char *const yes_no[] = { "yes", "no", NULL };
	static const char *const surrender[] = { "surrender", "stand", NULL };
	static const char *const assault[] = { "assault", "break", NULL };
	static const char *const exchange[] = { "accept", "decline", NULL };
	static const char *const walls[] = { "inside", "outside all", NULL };
	static const char *const standing[] = { "stand", NULL };
	switch (g->view->question) {
	case TQ_ASK_SURRENDER: words(g, surrender); break;
	case TQ_ASK_ASSAULT: words(g, assault); break;
	case TQ_ASK_EXCHANGE:
		if (tq_exchange_naming(g->view))
			naming(g);
		else
			words(g, exchange);
		break;
	case TQ_ASK_WALLS: words(g, walls); break;
	case TQ_ASK_RETREAT_BEFORE: words(g, standing); retreats(g, true); break;
	case TQ_ASK_RETREAT: retreats(g, false); break;
	default: words(g, yes_no);
	}
}

static void choosing(struct guide *g)
{
	kind(g, g->view->question == TQ_ASK_C_IN_C ? "c-in-c" : "rise");
	for (int i = 0; i < (g->view->question == TQ_ASK_C_IN_C ? g->d->nleaders : g->d->nareas);
	     i++) {
		struct tq_order o = blank(TQ_CHOOSE);
		if (g->view->question == TQ_ASK_C_IN_C)
			o.leader = (short)i;
		else
			o.at = (short)i;
		try(g, &o);
	}
}

static void question(struct guide *g)
{
	switch (g->view->question) {
	case TQ_ASK_ENDEAVOR: endeavour(g); break;
	case TQ_ASK_SETUP:
		if (g->view->to_place[g->side].declare)
			declaring(g);
		else
			placing(g);
		break;
	case TQ_ASK_MILITIA: placing(g); break;
	case TQ_ASK_LOSSES: attrition(g); break;
	case TQ_ASK_CASUALTIES: casualties(g); break;
	case TQ_ASK_WITHDRAW: withdrawal(g); break;
	case TQ_ASK_SUPPLY: supply(g); break;
	case TQ_ASK_LOGISTICS: logistics(g); break;
	case TQ_ASK_C_IN_C:
	case TQ_ASK_UPRISING: choosing(g); break;
	default: answers(g);
	}
	kind(g, "done");
	try_line(g, "done");
}

/* Standing orders (issue 23): at any time, for the questions to come;
 * the first, the one for the question asked now, when it has one. */
static void standing(struct guide *g)
{
	const char *now = (g->view->asked & (1u << g->side)) ?
			  tq_standing_word(g->view->question) : NULL;
	const char *lines[] = { now, "stand", "bayonets" };
	char line[80];
	if (g->words && (g->view->asked & (1u << g->side)))
		fputs(".A standing order answers a question still to come, unseen by the other "
		      "side (docs/tarletons-quarter-orders.md), for example:\n", g->words);
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
		if (!lines[i] || (i && now && !strcmp(lines[i], now)))
			continue;
		snprintf(line, sizeof line, "standing %s", lines[i]);
		kind(g, "standing");
		try_line(g, line);
	}
}

static int guide(const struct tq_data *d, const struct tq_state *view, int side,
		 game_guide_item *item, void *ctx, FILE *words_out)
{
	if (side < TQ_BRITISH || side > TQ_CONTINENTAL || view->phase == TQ_OVER)
		return 0;
	struct guide *g = calloc(1, sizeof *g);
	if (!g)
		return -1;
	g->d = d, g->view = view, g->side = (enum tq_side)side;
	g->item = item, g->ctx = ctx, g->words = words_out;
	wj_dice_stand_in(&g->dice);
	if (view->asked & (1u << side))
		question(g);
	standing(g);
	int n = g->given;
	free(g);
	return n;
}

int tq_guide(const struct tq_data *d, const struct tq_state *view, int side,
	     game_guide_item *item, void *ctx)
{
	return guide(d, view, side, item, ctx, NULL);
}

/* The words' examples, each on its own line, and handed on. */
struct words {
	FILE *out;
	game_guide_item *also;
	void *also_ctx;
};

static void example_line(void *ctx, const char *kind, const char *example)
{
	struct words *w = ctx;
	fprintf(w->out, ">    %s\n", example);
	if (w->also)
		w->also(w->also_ctx, kind, example);
}

int tq_guide_words(FILE *out, const struct tq_data *d, const struct tq_state *view, int side,
		   game_guide_item *also, void *also_ctx)
{
	struct words w = { out, also, also_ctx };
	char q[300];
	if ((side != TQ_BRITISH && side != TQ_CONTINENTAL) || view->phase == TQ_OVER)
		return 0; /* the public asks nothing, nor a game that is over */
	fputs("\n#What you can do now\n", out);
	tq_question(d, view, side, side, q, sizeof q);
	if (q[0])
		fprintf(out, ".%s For example:\n", q);
	else
		fputs(".Nothing is asked of you now; a standing order may be given at any time, "
		      "for example:\n", out);
	if (guide(d, view, side, example_line, &w, out) < 0)
		return -1;
	return ferror(out) ? -1 : 0;
}
