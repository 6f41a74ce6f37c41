/* Skirmish's engine helpers: events, dice, pieces and spots. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sk_internal.h"

_Static_assert(SK_MAX_PIECES <= 64, "sk_state.quiet is a 64-bit mask per piece");

void sk_event(struct sk_events *ev, unsigned audience, const char *fmt, ...)
{
	if (!ev || ev->n >= SK_MAX_EVENTS)
		return;
	struct sk_event *e = &ev->e[ev->n++];
	va_list ap;
	e->audience = audience;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
}

static int roll(struct sk_state *s, struct wj_rng *rng)
{
	bool forced = false;
	int value = rng->die(rng->ctx, s->next_roll++, &forced);
	return value < 1 || value > SK_FACES ? 1 : value;
}

int sk_movement_die(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng)
{
	return d->movement.faces[roll(s, rng) - 1];
}

int sk_battle_die(const struct sk_data *d, struct sk_state *s, struct wj_rng *rng)
{
	return d->battle.faces[roll(s, rng) - 1];
}

int sk_other(int side)
{
	return side == SK_AMERICAN ? SK_BRITISH : SK_AMERICAN;
}

const char *sk_side_name(const struct sk_data *d, int side)
{
	return d->side_name[side];
}

const char *sk_spot_name(const struct sk_data *d, int spot)
{
	return spot >= 0 && spot < d->nspots ? d->spots[spot].name : "(no spot)";
}

static const char *kind_name(enum sk_piece_kind kind)
{
	static const char *const names[] = { "army", "Continental Army", "militia", "warship",
					     "troop carrier" };
	return names[kind];
}

void sk_describe(const struct sk_data *d, const struct sk_state *s, int piece, char *out,
		 size_t len)
{
	const struct sk_piece *p = &s->pieces[piece];
	if (p->kind == SK_WARSHIP)
		snprintf(out, len, "%s warship at %s", sk_side_name(d, p->side), sk_spot_name(d, p->spot));
	else
		snprintf(out, len, "%s %s (%d unit%s) at %s", sk_side_name(d, p->side),
			 kind_name(p->kind), p->units, p->units == 1 ? "" : "s",
			 sk_spot_name(d, p->spot));
}

bool sk_is_land_piece(enum sk_piece_kind kind)
{
	return kind == SK_ARMY || kind == SK_CONTINENTAL_ARMY || kind == SK_BASIC_UNIT;
}

bool sk_is_army(enum sk_piece_kind kind)
{
	return kind == SK_ARMY || kind == SK_CONTINENTAL_ARMY;
}

bool sk_on_land(const struct sk_data *d, int spot)
{
	return d->spots[spot].kind == SK_LAND || d->spots[spot].kind == SK_CITY;
}

bool sk_joined(const struct sk_data *d, int a, int b, enum sk_line_kind kind)
{
	const struct sk_spot *sp = &d->spots[a];
	for (int i = 0; i < sp->nneighbours; i++)
		if (sp->neighbours[i].to == b && sp->neighbours[i].kind == kind)
			return true;
	return false;
}

int sk_harbour_of(const struct sk_data *d, int city)
{
	for (int i = 0; i < d->nspots; i++)
		if (d->spots[i].kind == SK_HARBOUR && d->spots[i].city == city)
			return i;
	return -1;
}

bool sk_harbour_open(const struct sk_state *s, int harbour, int side)
{
	for (int i = 0; i < s->npieces; i++)
		if (s->pieces[i].spot == harbour && (int)s->pieces[i].side != side &&
		    s->pieces[i].kind == SK_WARSHIP)
			return false;
	return true;
}

int sk_piece_at(const struct sk_state *s, int spot, int side)
{
	for (int i = 0; i < s->npieces; i++)
		if (s->pieces[i].spot == spot && spot >= 0 && (!side || (int)s->pieces[i].side == side))
			return i;
	return -1;
}

int sk_armies(const struct sk_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->npieces; i++)
		n += (int)s->pieces[i].side == side && s->pieces[i].spot >= 0 &&
		     sk_is_army(s->pieces[i].kind);
	return n;
}

int sk_units_on_board(const struct sk_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->npieces; i++)
		if ((int)s->pieces[i].side == side && s->pieces[i].spot >= 0 &&
		    sk_is_land_piece(s->pieces[i].kind))
			n += s->pieces[i].units;
	return n;
}

void sk_moved(struct sk_state *s, int piece)
{
	s->quiet[piece] = 0;
	for (int i = 0; i < s->npieces; i++)
		s->quiet[i] &= ~(UINT64_C(1) << piece);
}

void sk_quiet_pair(struct sk_state *s, int a, int b)
{
	s->quiet[a] |= UINT64_C(1) << b;
	s->quiet[b] |= UINT64_C(1) << a;
}

void sk_quiet_around(const struct sk_data *d, struct sk_state *s, int piece)
{
	const struct sk_piece *p = &s->pieces[piece];
	for (int i = 0; i < s->npieces; i++) {
		const struct sk_piece *q = &s->pieces[i];
		if (q->side != p->side && q->spot >= 0 && p->spot >= 0 &&
		    sk_joined(d, p->spot, q->spot, SK_LAND_LINE))
			sk_quiet_pair(s, piece, i);
	}
}

/* -1: a fight in the move under way; the move's end makes it 0. */
void sk_fought(struct sk_state *s)
{
	s->quiet_moves = -1;
}

static bool line_counts(const struct sk_data *d, const struct sk_neighbour *nb,
			enum sk_line_kind kind, bool harbours)
{
	return nb->kind == kind && (!harbours || d->spots[nb->to].kind == SK_HARBOUR);
}

void sk_lines_from(const struct sk_data *d, int spot, enum sk_line_kind kind, bool harbours,
		   char *out, size_t len)
{
	const struct sk_spot *sp = &d->spots[spot];
	int n = 0, k = 0;
	size_t at = 0;
	for (int i = 0; i < sp->nneighbours; i++)
		n += line_counts(d, &sp->neighbours[i], kind, harbours);
	snprintf(out, len, "none");
	for (int i = 0; i < sp->nneighbours && at < len; i++) {
		if (!line_counts(d, &sp->neighbours[i], kind, harbours))
			continue;
		k++;
		at += (size_t)snprintf(out + at, len - at, "%s%s", k == 1 ? "" : k == n ? " and " : ", ",
				       sk_spot_name(d, sp->neighbours[i].to));
	}
}
