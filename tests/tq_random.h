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

static inline void tq_random_endeavours(const struct tq_data *d, const struct tq_state *s,
					int side, struct tq_random *r)
{
	char path[120];
	for (int tries = 0; tries < 24; tries++) {
		int l = tq_random_below(r, d->nleaders);
		const struct tq_leader_state *ls = &s->leader[l];
		if ((int)d->leaders[l].side != side || ls->where != TQ_ON_MAP || ls->moved)
			continue;
		tq_random_path(d, r, ls->area, path, sizeof path);
		switch (tq_random_below(r, 4)) {
		case 0:
			tq_candidate(r, "activate %s alone; move %s", d->leaders[l].name, path);
			break;
		case 1:
			tq_candidate(r, "activate %s with %d regulars; move %s", d->leaders[l].name,
				     1 + tq_random_below(r, 6), path);
			break;
		default:
			tq_candidate(r, "activate %s with all; move %s", d->leaders[l].name, path);
		}
		if (side == TQ_BRITISH && tq_random_below(r, 4) == 0)
			tq_candidate(r, "recruit %s", d->leaders[l].name);
	}
}

static inline void tq_random_places(const struct tq_data *d, const struct tq_state *s, int side,
				    struct tq_random *r)
{
	const struct tq_to_place *tp = &s->to_place[side];
	for (int i = 0; i < 12; i++) {
		int a = tq_random_area(d, r);
		for (int c = 0; c < TQ_COLONIES; c++)
			if (tp->sps.militia[c])
				tq_candidate(r, "place %d %s militia at %s", tp->sps.militia[c],
					     d->colony_mil[c], d->areas[a].id);
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
	tq_candidate(r, "declare %s, %s", d->colony_name[tq_random_below(r, 2)],
		     d->colony_name[2 + tq_random_below(r, 2)]);
}

static inline void tq_random_losses(const struct tq_data *d, const struct tq_state *s, int side,
				    struct tq_random *r, const char *verb, const char *at)
{
	static const char *const KINDS[] = { "regulars", "cavalry", "loyalists", "Ga militia",
					     "SC militia", "NC militia", "Va militia" };
	for (int i = 0; i < 16; i++) {
		int a = tq_random_own_area(d, s, side, r);
		const char *kind = KINDS[tq_random_below(r, 7)];
		if (a >= 0)
			tq_candidate(r, "%s 1 %s %s %s", verb, kind, at, d->areas[a].id);
		tq_candidate(r, "%s 1 %s", verb, kind);
	}
}

/* The candidates for `side`'s answer to the question of view v, shuffled,
 * with the plain answers (done, pass, no, ...) last as a fallback. */
static inline void tq_random_candidates(const struct tq_data *d, const struct tq_state *v,
					int side, struct tq_random *r)
{
	r->n = 0;
	switch (v->question) {
	case TQ_ASK_ENDEAVOR:
		if (tq_random_below(r, 5))
			tq_random_endeavours(d, v, side, r);
		break;
	case TQ_ASK_SETUP:
	case TQ_ASK_MILITIA:
		tq_random_places(d, v, side, r);
		break;
	case TQ_ASK_LOSSES:
	case TQ_ASK_CASUALTIES:
		tq_random_losses(d, v, side, r, "lose", "at");
		break;
	case TQ_ASK_WITHDRAW:
		tq_random_losses(d, v, side, r, "withdraw", "from");
		break;
	default: {
		int a = tq_random_own_area(d, v, side, r), b = tq_random_area(d, r);
		char path[120] = "";
		if (a >= 0)
			tq_random_path(d, r, a, path, sizeof path);
		if (path[0])
			tq_candidate(r, "retreat to %.*s", (int)strcspn(path, " "), path);
		if (path[0])
			tq_candidate(r, "retreat before combat to %.*s", (int)strcspn(path, " "), path);
		tq_candidate(r, "rise at %s", d->areas[b].id);
		if (a >= 0) {
			tq_candidate(r, "expend 1 train at %s", d->areas[a].id);
			tq_candidate(r, "build fort at %s", d->areas[a].id);
			tq_candidate(r, "build magazine at %s", d->areas[a].id);
		}
		for (int l = 0; l < d->nleaders; l++)
			if ((int)d->leaders[l].side == side && v->leader[l].where == TQ_ON_MAP &&
			    v->question == TQ_ASK_C_IN_C)
				tq_candidate(r, "c-in-c %s", d->leaders[l].name);
		tq_candidate(r, "yes");
		tq_candidate(r, "outside all");
	}
	}
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
