/* A random player of Tarleton's Quarter!, through game.h only: for the
 * question asked of a side, candidate lines of the order language built
 * from its view (its leaders, their areas and neighbours, the answers'
 * words), shuffled; the first the engine accepts is played. The soak
 * (test_tq_soak.c) and the bench (bench/) play complete games with it.
 * Its choices come from its own xorshift, apart from the game's dice. */
#ifndef TQ_RANDOM_H
#define TQ_RANDOM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "games.h"
#include "tq_game.h"
#include "tq_move.h"

#define TQ_RANDOM_MAX 96
#define TQ_RANDOM_LINE 200

struct tq_random {
	uint64_t x;
	int n;
	char line[TQ_RANDOM_MAX][TQ_RANDOM_LINE];
};

static inline uint64_t tq_random_next(struct tq_random *r)
{
	r->x ^= r->x << 13;
	r->x ^= r->x >> 7;
	r->x ^= r->x << 17;
	return r->x;
}

/* Die `index` of the stream `seed` (splitmix64), the same whenever it is
 * asked, as the judge's dice are: a refused order's die is rolled again
 * by the next order. */
static inline int tq_random_die(uint64_t seed, uint64_t index)
{
	uint64_t z = seed + (index + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (int)((z ^ (z >> 31)) % 6) + 1;
}

static inline int tq_random_below(struct tq_random *r, int n)
{
	return n > 0 ? (int)(tq_random_next(r) % (uint64_t)n) : 0;
}

static inline void tq_candidate(struct tq_random *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tq_candidate(struct tq_random *r, const char *fmt, ...)
{
	if (r->n == TQ_RANDOM_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->line[r->n++], TQ_RANDOM_LINE, fmt, ap);
	va_end(ap);
}

/* A random walk of 1..3 areas from `from`, " - " between. */
static inline void tq_random_path(const struct tq_data *d, struct tq_random *r, int from,
				  char *out, size_t len)
{
	struct tq_step next[TQ_MAX_AREA_BORDERS];
	int steps = 1 + tq_random_below(r, 3), at = from;
	out[0] = '\0';
	for (int i = 0; i < steps; i++) {
		int k = tq_neighbours(d, at, next, TQ_MAX_AREA_BORDERS);
		if (k <= 0)
			break;
		at = next[tq_random_below(r, k)].to;
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? " - " : "", d->areas[at].id);
	}
}

static inline int tq_random_area(const struct tq_data *d, struct tq_random *r)
{
	return tq_random_below(r, d->nareas);
}

/* An area where side has field SPs or a leader, at random; -1 none. */
static inline int tq_random_own_area(const struct tq_data *d, const struct tq_state *s, int side,
				     struct tq_random *r)
{
	int areas[TQ_MAX_AREAS], n = 0;
	for (int a = 0; a < d->nareas; a++) {
		const struct tq_presence *p = &s->area[a].side[side];
		if (p->ready.regulars || p->ready.cavalry || p->ready.loyalists ||
		    p->ready.militia[0] || p->ready.militia[1] || p->ready.militia[2] ||
		    p->ready.militia[3] || p->moved.regulars || p->walls.regulars)
			areas[n++] = a;
	}
	return n ? areas[tq_random_below(r, n)] : -1;
}

/* Every unmoved leader of side on the map. */
static inline int tq_random_free_leaders(const struct tq_data *d, const struct tq_state *s,
					 int side, int *out)
{
	int n = 0;
	for (int l = 0; l < d->nleaders; l++)
		if ((int)d->leaders[l].side == side && s->leader[l].where == TQ_ON_MAP &&
		    !s->leader[l].moved)
			out[n++] = l;
	return n;
}

static inline void tq_random_endeavours(const struct tq_data *d, const struct tq_state *s,
					int side, struct tq_random *r)
{
	char path[120];
	int free[TQ_MAX_LEADERS], n = tq_random_free_leaders(d, s, side, free);
	for (int i = 0; i < n; i++) /* a battle where he stands (17.1.3 A) */
		tq_candidate(r, "activate %s with all", d->leaders[free[i]].name);
	for (int tries = 0; n && tries < 24; tries++) {
		int l = free[tq_random_below(r, n)];
		const char *name = d->leaders[l].name;
		tq_random_path(d, r, s->leader[l].area, path, sizeof path);
		switch (tq_random_below(r, 5)) {
		case 0:
			tq_candidate(r, "activate %s alone; move %s", name, path);
			break;
		case 4: /* 9.1: a detachment in the first area */
			tq_candidate(r, "activate %s with all; move %s; leave %d regulars at %.*s", name,
				     path, 1 + tq_random_below(r, 4), (int)strcspn(path, " "), path);
			break;
		case 1:
			tq_candidate(r, "activate %s with %d regulars; move %s", name,
				     1 + tq_random_below(r, 6), path);
			break;
		default:
			tq_candidate(r, "activate %s with all; move %s", name, path);
		}
		if (side == TQ_BRITISH && tq_random_below(r, 4) == 0)
			tq_candidate(r, "recruit %s", name);
	}
}

/* A settlement or city of colony c at random (6.5's militia), or any
 * area when c is none. */
static inline int tq_random_in_colony(const struct tq_data *d, struct tq_random *r, int c)
{
	for (int tries = 0; c >= 0 && tries < 64; tries++) {
		int a = tq_random_area(d, r);
		if ((int)d->areas[a].colony == c && (d->areas[a].settlement || d->areas[a].city))
			return a;
	}
	return tq_random_area(d, r);
}

/* Every SP kind of x as a force's items ("40 regulars, 4 French"), and
 * the side's held leaders of no militia colony (who arrive with them). */
static inline void tq_random_items(const struct tq_data *d, const struct tq_state *s, int side,
				   const struct tq_sps *x, char *out, size_t len)
{
	const short n[] = { x->regulars, x->cavalry, x->loyalists, x->french_regulars,
			    x->french_cavalry };
	static const char *const what[] = { "regulars", "cavalry", "loyalists", "French",
					    "French cavalry" };
	out[0] = '\0';
	for (int k = 0; k < 5; k++)
		if (n[k])
			snprintf(out + strlen(out), len - strlen(out), "%s%d %s", out[0] ? ", " : "",
				 n[k], what[k]);
	for (int c = 0; c < TQ_COLONIES; c++)
		if (x->militia[c])
			snprintf(out + strlen(out), len - strlen(out), "%s%d %s militia",
				 out[0] ? ", " : "", x->militia[c], d->colony_mil[c]);
	for (int l = 0; l < d->nleaders; l++)
		if (s->leader[l].where == TQ_HELD && (int)d->leaders[l].side == side &&
		    d->leaders[l].militia_colony == TQ_NO_COLONY)
			snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? ", " : "",
				 d->leaders[l].name);
}

/* The month's militia (6.5), arrivals placed by choice (6.2), held
 * leaders (6.2). */
static inline void tq_random_turn_places(const struct tq_data *d, const struct tq_state *s,
					 int side, struct tq_random *r)
{
	char items[TQ_RANDOM_LINE / 2];
	tq_random_items(d, s, side, &s->side[side].placing, items, sizeof items);
	for (int c = 0; c < TQ_COLONIES; c++) /* 6.5: each settlement or city of the colony */
		for (int a = 0; s->militia_due[c] && a < d->nareas; a++)
			if ((int)d->areas[a].colony == c && (d->areas[a].settlement || d->areas[a].city))
				tq_candidate(r, "place %d %s militia at %s", s->militia_due[c],
					     d->colony_mil[c], d->areas[a].id);
	for (int a = 0; items[0] && a < d->nareas; a++) /* 6.2, 18.0: ports, the north edge */
		if (d->areas[a].port || d->areas[a].north_edge || tq_random_below(r, 8) == 0)
			tq_candidate(r, "place %s at %s", items, d->areas[a].id);
	for (int l = 0; l < d->nleaders; l++) {
		int c = d->leaders[l].militia_colony;
		if (s->leader[l].where != TQ_HELD || (int)d->leaders[l].side != side)
			continue;
		for (int a = 0; a < d->nareas; a++) /* 6.2: onto his colony's militia */
			if (c >= 0 && s->area[a].side[side].ready.militia[c])
				tq_candidate(r, "place %s at %s", d->leaders[l].name, d->areas[a].id);
		for (int i = 0; i < 6; i++) { /* or the closest force */
			int a = tq_random_own_area(d, s, side, r);
			if (a >= 0)
				tq_candidate(r, "place %s at %s", d->leaders[l].name, d->areas[a].id);
		}
	}
}

/* The set-up's pieces (17.2.2, 17.3.1, 17.4) and declaration (17.4.1),
 * or the turn's placements. */
static inline void tq_random_places(const struct tq_data *d, const struct tq_state *s, int side,
				    struct tq_random *r)
{
	const struct tq_to_place *tp = &s->to_place[side];
	if (s->phase != TQ_SETUP) {
		tq_random_turn_places(d, s, side, r);
		return;
	}
	for (int i = 0; i < 12; i++) {
		int a = tq_random_area(d, r);
		for (int c = 0; c < TQ_COLONIES; c++)
			if (tp->sps.militia[c])
				tq_candidate(r, "place %d %s militia at %s", tp->sps.militia[c],
					     d->colony_mil[c], d->areas[tq_random_in_colony(d, r, c)].id);
		if (tp->sps.regulars)
			tq_candidate(r, "place %d regulars at %s", tp->sps.regulars, d->areas[a].id);
		if (tp->trains)
			tq_candidate(r, "place %d trains at %s", tp->trains, d->areas[a].id);
		for (int k = 0; k < tp->nleaders; k++)
			tq_candidate(r, "place %s at %s", d->leaders[tp->leaders[k]].name,
				     d->areas[a].id);
		for (int k = 0; k < tp->nafter; k++)
			tq_candidate(r, "place %s at %s", d->leaders[tp->after[k]].name,
				     d->areas[a].id);
	}
	for (int k = 0; k < tp->nafter; k++) /* 17.2.2: on his colony's militia */
		for (int a = 0; a < d->nareas; a++) {
			int c = d->leaders[tp->after[k]].militia_colony;
			if (c >= 0 && s->area[a].side[side].ready.militia[c])
				tq_candidate(r, "place %s at %s", d->leaders[tp->after[k]].name,
					     d->areas[a].id);
		}
	if (tp->declare)
		tq_candidate(r, "declare %s, %s", d->colony_name[tq_random_below(r, 2)],
			     d->colony_name[2 + tq_random_below(r, 2)]);
}

/* `owed` SPs of *pool, kinds in order from the `first`, as a force's
 * items after the text already in out ("lose 2 regulars, 1 NC militia"). */
static inline void tq_random_split(const struct tq_data *d, int first,
				   const struct tq_sps *pool, int owed, char *out, size_t len)
{
	const short have[9] = { pool->regulars, pool->cavalry, pool->loyalists, pool->militia[0],
				pool->militia[1], pool->militia[2], pool->militia[3],
				pool->french_regulars, pool->french_cavalry };
	char names[9][TQ_NAME_MAX] = { "regulars", "cavalry", "loyalists" };
	for (int c = 0; c < TQ_COLONIES; c++)
		snprintf(names[3 + c], TQ_NAME_MAX, "%s militia", d->colony_mil[c]);
	snprintf(names[7], TQ_NAME_MAX, "French");
	snprintf(names[8], TQ_NAME_MAX, "French cavalry");
	for (int i = 0; i < 9 && owed > 0; i++) {
		int k = (first + i) % 9, n = have[k] < owed ? have[k] : owed;
		if (n <= 0)
			continue;
		snprintf(out + strlen(out), len - strlen(out), "%s%d %.40s",
			 out[strlen(out) - 1] == ' ' ? "" : ", ", n, names[k]);
		owed -= n;
	}
}

/* A loss (5.3, 11.2.5) or a withdrawal (6.1.3) where the engine says it
 * is owed (the side's loss_area, or owed_area; its owed SPs and sick leaders), else from
 * an area of the side's. */
static inline void tq_random_losses(const struct tq_data *d, const struct tq_state *s, int side,
				    struct tq_random *r, const char *verb, const char *at)
{
	const struct tq_side_state *my = &s->side[side];
	bool loss = s->question == TQ_ASK_LOSSES; /* each side's own place (5.3) */
	int a = loss ? my->loss_area : s->owed_area, owed = my->owed;
	bool walls = loss ? my->loss_walls : s->owed_walls;
	struct tq_sps pool = a < 0 ? s->at_sea : walls ? s->area[a].side[side].walls :
			     s->area[a].side[side].ready;
	if ((loss ? my->loss_forage : s->owed_forage) && a >= 0) /* 5.4.2: militia at home */
		pool.militia[d->areas[a].colony] = 0;
	for (int i = 0; i < 9; i++) {
		char line[TQ_RANDOM_LINE];
		snprintf(line, sizeof line, "%s ", verb);
		if (owed > 0)
			tq_random_split(d, i, &pool, owed, line, sizeof line);
		for (int k = 0, sick = s->side[side].sick; a >= 0 && k < d->nleaders && sick; k++) {
			int l = (k + i) % d->nleaders; /* each candidate from another leader on */
			if ((int)d->leaders[l].side == side && s->leader[l].where == TQ_ON_MAP &&
			    s->leader[l].area == a) {
				snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s",
					 line[strlen(line) - 1] == ' ' ? "" : ", ", d->leaders[l].name);
				sick--;
			}
		}
		tq_candidate(r, "%s", line);
		if (a >= 0)
			tq_candidate(r, "%s %s %s", line, at, d->areas[a].id);
	}
	for (int i = 0; i < 8; i++) {
		int b = tq_random_own_area(d, s, side, r);
		if (b >= 0)
			tq_candidate(r, "%s %d regulars %s %s", verb, owed > 0 ? owed : 1, at,
				     d->areas[b].id);
	}
}

/* 6.1.3: regulars withdrawn from an area that has them. */
static inline void tq_random_withdrawals(const struct tq_data *d, const struct tq_state *s,
					 int side, struct tq_random *r)
{
	int owed = s->side[side].owed;
	for (int a = 0; a < d->nareas; a++) {
		int have = s->area[a].side[side].ready.regulars;
		if (have)
			tq_candidate(r, "withdraw %d regulars from %s", have < owed ? have : owed,
				     d->areas[a].id);
	}
}

/* n SPs of the kinds from..to of `have` (regulars, cavalry, loyalists,
 * Ga..Va militia), in order, as items after out. */
static inline int tq_random_take(const short *have, char names[][TQ_NAME_MAX], int from, int to,
				 int n, char *out, size_t len)
{
	for (int k = from; k <= to && n > 0; k++) {
		int m = have[k] < n ? have[k] : n;
		if (m > 0)
			snprintf(out + strlen(out), len - strlen(out), "%s%d %.40s",
				 out[strlen(out) - 1] == ' ' ? "" : ", ", m, names[k]);
		n -= m > 0 ? m : 0;
	}
	return n;
}

/* 11.2.5: the battle's loss of side, every split between its militia
 * and its regulars (the field's SPs where the battle is). */
static inline void tq_random_casualties(const struct tq_data *d, const struct tq_state *s,
					int side, struct tq_random *r)
{
	const struct tq_endeavor *e = &s->hidden.endeavor;
	const struct tq_presence *pr = &s->area[e->at].side[side];
	short have[7];
	char names[7][TQ_NAME_MAX] = { "regulars", "cavalry", "loyalists" };
	for (int c = 0; c < TQ_COLONIES; c++)
		snprintf(names[3 + c], TQ_NAME_MAX, "%s militia", d->colony_mil[c]);
	have[0] = (short)(pr->ready.regulars + pr->moved.regulars);
	have[1] = (short)(pr->ready.cavalry + pr->moved.cavalry);
	have[2] = (short)(pr->ready.loyalists + pr->moved.loyalists);
	for (int c = 0; c < TQ_COLONIES; c++)
		have[3 + c] = (short)(pr->ready.militia[c] + pr->moved.militia[c]);
	for (int m = 0; m <= e->loss[side] && m < 40; m++) {
		char line[TQ_RANDOM_LINE] = "lose ";
		if (!tq_random_take(have, names, 2, 6, m, line, sizeof line) &&
		    !tq_random_take(have, names, 0, 1, e->loss[side] - m, line, sizeof line))
			tq_candidate(r, "%s", line);
	}
}

/* Every area next to where the force stands (11.3, 11.4, 4.7.6). */
static inline void tq_random_retreats(const struct tq_data *d, const struct tq_state *s,
				      struct tq_random *r)
{
	struct tq_step next[TQ_MAX_AREA_BORDERS];
	int at = s->hidden.endeavor.active ? s->hidden.endeavor.at : s->owed_area;
	int k = at >= 0 ? tq_neighbours(d, at, next, TQ_MAX_AREA_BORDERS) : 0;
	for (int i = 0; i < k; i++)
		tq_candidate(r, "retreat %sto %s", s->question == TQ_ASK_RETREAT_BEFORE ?
			     "before combat " : "", d->areas[next[i].to].id);
	if (at >= 0 && s->question == TQ_ASK_RETREAT) /* 4.2.5: within the walls */
		tq_candidate(r, "retreat to %s", d->areas[at].id);
}

/* 15.5.2: a trade of the first leader POW of each side, if any. */
static inline void tq_random_trade(const struct tq_data *d, const struct tq_state *s,
				   struct tq_random *r)
{
	int first[TQ_SIDES] = { -1, -1, -1 };
	for (int l = 0; l < d->nleaders; l++)
		if (s->leader[l].where == TQ_POW && first[d->leaders[l].side] < 0)
			first[d->leaders[l].side] = l;
	if (first[TQ_BRITISH] >= 0 && first[TQ_CONTINENTAL] >= 0)
		tq_candidate(r, "yes %s, %s", d->leaders[first[TQ_BRITISH]].name,
			     d->leaders[first[TQ_CONTINENTAL]].name);
}

/* The other questions: a few of every answer's forms. */
static inline void tq_random_answers(const struct tq_data *d, const struct tq_state *s, int side,
				     struct tq_random *r)
{
	int a = tq_random_own_area(d, s, side, r);
	if (a >= 0) {
		tq_candidate(r, "expend 1 train at %s", d->areas[a].id);
		tq_candidate(r, "build fort at %s", d->areas[a].id);
		tq_candidate(r, "build magazine at %s", d->areas[a].id);
		tq_candidate(r, "base at %s", d->areas[a].id);
		if (!tq_random_below(r, 8)) /* 4.8, seldom: forts are for sieges */
			tq_candidate(r, "destroy fort at %s", d->areas[a].id);
	}
	if (s->question == TQ_ASK_EXCHANGE) /* 15.5.2: a trade of one leader each */
		tq_random_trade(d, s, r);
	for (int l = 0; l < d->nleaders; l++)
		if ((int)d->leaders[l].side == side && s->leader[l].where == TQ_ON_MAP &&
		    s->question == TQ_ASK_C_IN_C)
			tq_candidate(r, "c-in-c %s", d->leaders[l].name);
	tq_candidate(r, "outside all");
}

/* The candidates for `side`'s answer to the question of view v, shuffled,
 * with the plain answers (done, pass, no, ...) last as a fallback. */
static inline void tq_random_candidates(const struct tq_data *d, const struct tq_state *v,
					int side, struct tq_random *r)
{
	r->n = 0;
	switch (v->question) {
	case TQ_ASK_ENDEAVOR:
		if (v->first_attack || tq_random_below(r, 5))
			tq_random_endeavours(d, v, side, r);
		break;
	case TQ_ASK_SETUP:
	case TQ_ASK_MILITIA:
		tq_random_places(d, v, side, r);
		break;
	case TQ_ASK_LOSSES:
		tq_random_losses(d, v, side, r, "lose", "at");
		break;
	case TQ_ASK_CASUALTIES:
		tq_random_casualties(d, v, side, r);
		break;
	case TQ_ASK_WITHDRAW:
		tq_random_withdrawals(d, v, side, r);
		break;
	case TQ_ASK_UPRISING: /* 8.3.5: a settlement or city */
		for (int a = 0; a < d->nareas; a++)
			if (d->areas[a].settlement || d->areas[a].city)
				tq_candidate(r, "rise at %s", d->areas[a].id);
		break;
	case TQ_ASK_RETREAT:
	case TQ_ASK_RETREAT_BEFORE:
		tq_random_retreats(d, v, r);
		break;
	default:
		tq_random_answers(d, v, side, r);
	}
	/* now and then a standing order first (issue 24: every question may
	 * be answered in advance; kept until a "standing clear") */
	static const char *const STANDING[] = {
		"stand", "bayonets", "no bayonets", "casualties militia", "casualties regulars",
		"siege", "no siege", "summon", "no summons", "surrender", "no surrender",
		"exchange", "no exchange", "done supply", "done logistics", "outside all", "clear",
	};
	if (!tq_random_below(r, 40))
		tq_candidate(r, "standing %s",
			     STANDING[tq_random_below(r, (int)(sizeof STANDING / sizeof *STANDING))]);
	for (int i = r->n - 1; i > 0; i--) {
		int j = tq_random_below(r, i + 1);
		char t[TQ_RANDOM_LINE];
		memcpy(t, r->line[i], sizeof t);
		memcpy(r->line[i], r->line[j], sizeof t);
		memcpy(r->line[j], t, sizeof t);
	}
	static const char *const PLAIN[] = { "done", "pass", "no", "stand", "inside", "yes" };
	for (size_t i = 0; i < sizeof PLAIN / sizeof *PLAIN; i++)
		tq_candidate(r, "%s", PLAIN[i]);
}

#endif
