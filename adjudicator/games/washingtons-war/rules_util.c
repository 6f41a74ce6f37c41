#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules_internal.h"

static struct ww_event *event_new(struct ww_events *ev, int audience)
{
	if (ev->n == ev->cap) {
		int cap = ev->cap ? ev->cap * 2 : 32;
		struct ww_event *v = realloc(ev->v, (size_t)cap * sizeof *v);
		if (!v)
			abort();
		ev->v = v;
		ev->cap = cap;
	}
	struct ww_event *e = &ev->v[ev->n++];
	memset(e, 0, sizeof *e);
	e->audience = audience;
	e->roll_index = -1;
	return e;
}

void ww_event(struct ww_events *ev, int audience, const char *fmt, ...)
{
	struct ww_event *e = event_new(ev, audience);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
}

int ww_roll(struct ww_state *s, struct wj_rng *rng, struct ww_events *ev,
	    const char *fmt, ...)
{
	bool forced = false;
	uint64_t index = s->next_roll++;
	int value = rng->die(rng->ctx, index, &forced);
	struct ww_event *e = event_new(ev, WW_TO_BOTH);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
	e->roll_index = (int64_t)index;
	e->roll = value;
	e->forced = forced;
	return value;
}

void ww_events_free(struct ww_events *ev)
{
	free(ev->v);
	memset(ev, 0, sizeof *ev);
}

enum ww_side ww_enemy(enum ww_side side)
{
	return side == WW_AMERICAN ? WW_BRITISH : WW_AMERICAN;
}

bool ww_pile_has(const struct ww_pile *p, int card)
{
	for (int i = 0; i < p->n; i++)
		if (p->card[i] == card)
			return true;
	return false;
}

bool ww_pile_take(struct ww_pile *p, int card)
{
	for (int i = 0; i < p->n; i++) {
		if (p->card[i] == card) {
			memmove(&p->card[i], &p->card[i + 1], (size_t)(p->n - i - 1));
			p->n--;
			return true;
		}
	}
	return false;
}

void ww_pile_put(struct ww_pile *p, int card)
{
	if (p->n < WW_MAX_CARDS)
		p->card[p->n++] = (uint8_t)card;
}

int ww_pile_pop(struct ww_pile *p)
{
	return p->n ? p->card[--p->n] : 0;
}

const char *ww_space_name(const struct ww_data *d, int space)
{
	return space >= 0 && space < d->nspaces ? d->spaces[space].name : "(off map)";
}

void ww_state_init(struct ww_state *s)
{
	memset(s, 0, sizeof *s);
	for (int g = 0; g < WW_MAX_GENERALS; g++)
		s->general_at[g] = WW_LOC_REMOVED;
	s->congress_at = WW_LOC_DISPERSED;
	s->french_navy_zone = -1;
	s->regulars = true;
	s->mv.general = -1;
	s->mv.keep = -1;
	s->battle.space = -1;
	for (int side = 0; side < 3; side++)
		s->battle.general[side] = -1;
}

void ww_order_init(struct ww_order *o)
{
	memset(o, 0, sizeof *o);
	o->general = -1;
	o->keep = -1;
	o->cu = -1;
	o->zone = -1;
	for (int i = 0; i < 4; i++)
		o->generals[i] = -1;
}
