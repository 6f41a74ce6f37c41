/* Small hand-made maps for rules tests: named spaces, colonies, links and
 * generals in a struct ww_data, plus forced dice. Include after cmocka.h.
 *
 *   struct ww_data *d = mm_new();
 *   int ny = mm_colony(d, "NY", false);
 *   int a = mm_space(d, "Oswego", ny, 0);
 *   int b = mm_space(d, "Fort Stanwix", ny, MM_PORT);
 *   mm_link(d, a, b);
 *   ...
 *   free(d);
 */
#ifndef WW_TEST_MINIMAP_H
#define WW_TEST_MINIMAP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules_internal.h"

enum {
	MM_PORT = 1,        /* a port */
	MM_WQ = 2,          /* a winter quarters square */
	MM_SOUTH = 4,       /* south of the Winter Attrition Line */
	MM_FORT = 8,        /* eight-point star: fortified and winter quarters */
};

enum {
	MM_WASHINGTON = 1,  /* winter_shelter (11.2) */
	MM_ROCHAMBEAU = 2,  /* french */
	MM_ARNOLD = 4,      /* can_use_arnold_links */
};

static inline struct ww_data *mm_new(void)
{
	struct ww_data *d = calloc(1, sizeof *d);
	assert_non_null(d);
	snprintf(d->id, sizeof d->id, "minimap");
	return d;
}

static inline int mm_colony(struct ww_data *d, const char *code, bool canada)
{
	assert_true(d->ncolonies < WW_MAX_COLONIES);
	struct ww_colony *c = &d->colonies[d->ncolonies];
	snprintf(c->code, sizeof c->code, "%s", code);
	snprintf(c->name, sizeof c->name, "%s", code);
	c->is_canada = canada;
	return d->ncolonies++;
}

/* Canada's rule (10.0.B): the colony is controlled by holding `space`. */
static inline void mm_control_space(struct ww_data *d, int colony, int space)
{
	struct ww_colony *c = &d->colonies[colony];
	assert_true(c->ncontrol_spaces < 4);
	c->control_spaces[c->ncontrol_spaces++] = space;
}

static inline int mm_space(struct ww_data *d, const char *name, int colony,
			   unsigned flags)
{
	assert_true(d->nspaces < WW_MAX_SPACES);
	struct ww_space *sp = &d->spaces[d->nspaces];
	snprintf(sp->name, sizeof sp->name, "%s", name);
	sp->colony = colony;
	sp->port = flags & MM_PORT;
	sp->fortified = flags & MM_FORT;
	sp->winter_quarters = flags & (MM_WQ | MM_FORT);
	sp->south_of_line = flags & MM_SOUTH;
	sp->zone = sp->port ? 0 : -1;
	ww_space_fold(d, d->nspaces);
	return d->nspaces++;
}

static inline void mm_link_one(struct ww_data *d, int a, int b, bool arnold)
{
	struct ww_space *sp = &d->spaces[a];
	assert_true(sp->nlinks < WW_MAX_LINKS);
	sp->links[sp->nlinks].to = b;
	sp->links[sp->nlinks].wilderness = arnold;
	sp->links[sp->nlinks].arnold_only = arnold;
	sp->nlinks++;
}

/* Both ways, as the loader makes them. */
static inline void mm_link(struct ww_data *d, int a, int b)
{
	mm_link_one(d, a, b, false);
	mm_link_one(d, b, a, false);
}

static inline void mm_arnold_link(struct ww_data *d, int a, int b)
{
	mm_link_one(d, a, b, true);
	mm_link_one(d, b, a, true);
}

static inline int mm_general(struct ww_data *d, const char *name,
			     enum ww_side side, unsigned flags)
{
	assert_true(d->ngenerals < WW_MAX_GENERALS);
	struct ww_general *g = &d->generals[d->ngenerals];
	snprintf(g->name, sizeof g->name, "%s", name);
	g->side = side;
	g->strategy = g->battle = g->agility = 1;
	g->winter_shelter = flags & MM_WASHINGTON;
	g->french = flags & MM_ROCHAMBEAU;
	g->can_use_arnold_links = flags & MM_ARNOLD;
	return d->ngenerals++;
}

static inline int mm_find(const struct ww_data *d, const char *name)
{
	for (int i = 0; i < d->nspaces; i++)
		if (strcmp(d->spaces[i].name, name) == 0)
			return i;
	fail_msg("no space named %s on the minimap", name);
	return -1;
}

/* Forced dice: die() returns the queued values in order and fails the
 * test if asked for one more. */
struct mm_dice {
	int v[32];
	int n, used;
};

static inline int mm_die(void *ctx, uint64_t index, bool *forced)
{
	struct mm_dice *m = ctx;
	(void)index;
	if (m->used >= m->n)
		fail_msg("a die was rolled (roll %d) but no forced value is left", m->used + 1);
	*forced = true;
	return m->v[m->used++];
}

static inline void mm_no_shuffle(void *ctx, uint64_t shuffle, uint8_t *cards, int n)
{
	(void)ctx, (void)shuffle, (void)cards, (void)n;
	fail_msg("unexpected shuffle");
}

static inline struct wj_rng mm_rng(struct mm_dice *m)
{
	struct wj_rng r = { mm_die, mm_no_shuffle, m };
	return r;
}

/* Whether any event's text contains `text`. */
static inline bool mm_logged(const struct ww_events *ev, const char *text)
{
	for (int i = 0; i < ev->n; i++)
		if (strstr(ev->v[i].text, text))
			return true;
	return false;
}

#endif
