/* Tarleton's Quarter!'s engine: events, dice, questions, and an order
 * sent to the part whose question it answers (tq_engine.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "tq_engine.h"
#include "tq_sps.h"
#include "tq_setup.h"

static void tell(struct tq_play *p, unsigned audience, const char *fmt, va_list ap)
{
	struct tq_events *ev = p->ev;
	if (ev->n == TQ_MAX_EVENTS) {
		ev->lost = true;
		return;
	}
	struct tq_told *e = &ev->v[ev->n++];
	*e = (struct tq_told){ .audience = audience, .roll = -1 };
	vsnprintf(e->text, sizeof e->text, fmt, ap);
}

void tq_tell(struct tq_play *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tell(p, TQ_TO_ALL, fmt, ap);
	va_end(ap);
}

void tq_tell_side(struct tq_play *p, enum tq_side side, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tell(p, TQ_TO(side), fmt, ap);
	va_end(ap);
}

const char *tq_weather_name(enum tq_weather w)
{
	static const char *const NAMES[TQ_WEATHERS] = { "clear", "rain", "flood", "heat" };
	return w >= 0 && w < TQ_WEATHERS ? NAMES[w] : "unknown";
}

const char *tq_phase_name(enum tq_phase phase)
{
	static const char *const NAMES[] = {
		[TQ_SETUP] = "the set-up (17.0)",
		[TQ_SIEGE_RESOLUTION] = "the Siege Resolution Phase (3.0 A)",
		[TQ_ATTRITION] = "the Attrition Phase (3.0 B)",
		[TQ_REINFORCEMENT] = "the Reinforcement Phase (3.0 C)",
		[TQ_LOGISTICS] = "the Logistics and Engineering Phase (3.0 D)",
		[TQ_ENDEAVORS] = "the Endeavors Phase (3.0 E)",
		[TQ_ADJUSTMENT] = "the Adjustment Phase (3.0 F)",
		[TQ_SPECIAL_SIEGE] = "the Special Siege Resolution Phase (3.0 G)",
		[TQ_OVER] = "the end of the game",
	};
	return (unsigned)phase < sizeof NAMES / sizeof *NAMES ? NAMES[phase] : "?";
}

void tq_month_text(int month, char *out, size_t len)
{
	const char *name = tq_month_name(tq_month_of(month));
	snprintf(out, len, "%s %d", name ? name : "?", tq_year_of(month));
}

int tq_die(struct tq_play *p, const char *what)
{
	bool forced = false;
	uint64_t index = p->s->next_roll++;
	int die = p->rng->die(p->rng->ctx, index, &forced);
	tq_tell(p, "%s: the die rolls %d", what, die);
	if (p->ev->n && !p->ev->lost) {
		struct tq_told *e = &p->ev->v[p->ev->n - 1];
		e->roll = (long long)index;
		e->die = die;
		e->forced = forced;
	}
	return die;
}

void tq_ask(struct tq_state *s, enum tq_question q, enum tq_side side)
{
	s->question = q;
	s->asked = 1u << side;
}

void tq_ask_also(struct tq_state *s, enum tq_side side)
{
	s->asked |= 1u << side;
}

void tq_answered(struct tq_state *s)
{
	s->question = TQ_ASK_NOTHING;
	s->asked = 0;
}

bool tq_is_asked(const struct tq_state *s, enum tq_side side)
{
	return s->asked & (1u << side);
}

/* One step of the run: the part whose turn it is. */
static int step(struct tq_play *p)
{
	const struct tq_state *s = p->s;
	return s->phase == TQ_SETUP        ? tq_setup_run(p) :
	       s->hidden.endeavor.active ? tq_endeavor_run(p) : tq_turn_run(p);
}

/* The room of a list past its count emptied: what a list lost leaves
 * nothing behind. */
#define TQ_TIDY_LIST(v, n) \
	memset(&(v)[(n)], 0, sizeof (v) - (size_t)(n) * sizeof (v)[0])

/* The state in its one form, whatever a step left: a leader off the map
 * is in no area (the state text writes `at:` with `where: on-map` only),
 * and the lists hold nothing past their counts, so that the text reads
 * back to the same bytes. */
static void tidy(const struct tq_data *d, struct tq_state *s)
{
	for (int l = 0; l < d->nleaders; l++)
		if (s->leader[l].where != TQ_ON_MAP)
			s->leader[l].area = 0;
	for (int side = 0; side < TQ_SIDES; side++) {
		struct tq_to_place *tp = &s->to_place[side];
		TQ_TIDY_LIST(tp->leaders, tp->nleaders);
		TQ_TIDY_LIST(tp->after, tp->nafter);
		TQ_TIDY_LIST(tp->rolls, tp->nrolls);
		TQ_TIDY_LIST(tp->roll_colony, tp->nrolls);
		TQ_TIDY_LIST(s->side[side].fed, s->side[side].nfed);
	}
	struct tq_endeavor *e = &s->hidden.endeavor;
	TQ_TIDY_LIST(e->path, e->npath);
	TQ_TIDY_LIST(e->leaders, e->nleaders);
}

int tq_run(struct tq_play *p)
{
	struct tq_state *s = p->s, *before = malloc(sizeof *before);
	if (!before)
		return wj_why(p->why, p->whylen, "out of memory");
	int r = 0;
	while (r == 0 && !s->asked && s->phase != TQ_OVER) {
		*before = *s;
		r = step(p);
		tq_howe_and_lincoln(p);          /* 17.1.3 B: "at any point" */
		/* a step that changes nothing would be taken again forever */
		if (r == 0 && !memcmp(before, s, sizeof *s))
			r = wj_why(p->why, p->whylen, "the sequence of play made no step (phase %d, "
				   "step %d): a rule the engine does not know stops it here",
				   (int)s->phase, s->step);
	}
	free(before);
	tidy(p->d, s);
	return r < 0 ? -1 : 0;
}

/* Which part answers the question asked. */
static int answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (p->s->phase == TQ_SETUP)
		return tq_setup_answer(p, side, o);
	switch (p->s->question) {
	case TQ_ASK_ENDEAVOR:
		if (o->kind == TQ_PASS && p->s->first_attack && side == TQ_BRITISH)
			return wj_why(p->why, p->whylen, "17.1.3 A: the British may not pass the "
				      "first endeavour: it must attack the Continental forces of the "
				      "initial invasion");
		if (o->kind == TQ_PASS) {
			tq_tell(p, "%s passes", p->d->side_name[side]);
			tq_answered(p->s);
			tq_turn_endeavor_done(p, side, true);
			return 0;
		}
		return tq_endeavor_begin(p, side, o);
	case TQ_ASK_WALLS:
	case TQ_ASK_RETREAT_BEFORE:
	case TQ_ASK_BAYONETS:
	case TQ_ASK_RETREAT:
	case TQ_ASK_CASUALTIES:
	case TQ_ASK_SIEGE:
	case TQ_ASK_UPRISING:
	case TQ_ASK_C_IN_C:
		return tq_endeavor_answer(p, side, o);
	case TQ_ASK_NOTHING:
		return wj_why(p->why, p->whylen, "the game is over: no order is asked");
	default:
		return tq_turn_answer(p, side, o);
	}
}

/* A player concedes, asked or not, even in the middle of the other's
 * endeavour (docs/rulings.md, "Resignation"): the other side wins at
 * once; nothing on the board changes and no die is rolled. */
static int resign(struct tq_play *p, enum tq_side side)
{
	struct tq_state *s = p->s;
	enum tq_side winner = tq_other(side);
	if (s->phase == TQ_OVER)
		return wj_why(p->why, p->whylen, "the game is over: no order is asked");
	s->winner = winner;
	s->resigned = true;
	snprintf(s->end_reason, sizeof s->end_reason, "the %s player resigned",
		 p->d->side_name[side]);
	s->phase = TQ_OVER;
	tq_answered(s);
	s->moves++;
	tq_tell(p, "The %s player resigns: %s victory.", p->d->side_name[side],
		p->d->side_name[winner]);
	return 0;
}

int tq_apply(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (o->kind == TQ_RESIGN)
		return resign(p, side);
	if (o->kind == TQ_STANDING)
		return tq_standing_set(p, side, o);
	if (o->kind == TQ_DONE && !tq_is_asked(p->s, side)) {
		/* a step the engine closed itself ("place ..., then done" with all
		 * placed): a mail's closing "done" is no error */
		tq_tell_side(p, side, "Nothing more is asked of you now: \"done\" changes nothing");
		return 0;
	}
	if (!tq_is_asked(p->s, side))
		return wj_why(p->why, p->whylen, "nothing is asked of the %s now",
			      p->d->side_name[side]);
	if (answer(p, side, o) < 0)
		return -1;
	p->s->moves++;
	return tq_run(p);
}

void tq_c_in_c_succession(struct tq_play *p, enum tq_side side)
{
	if (p->s->side[side].c_in_c >= 0)
		return;
	int n = tq_next_in_succession(p->d, p->s, side);
	if (n < 0)
		return;
	p->s->leader[n].arrives = p->s->month + 1;
	tq_tell(p, "%s, next in the succession, comes as Commander-in-Chief next month (11.1.3)",
		p->d->leaders[n].name);
}
