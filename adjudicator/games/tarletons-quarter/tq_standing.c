/* Tarleton's Quarter!'s standing orders (issue 23, "Playable"): a side's
 * answers given in advance, kept hidden in s->hidden.standing[side] and
 * told to that side alone; when the endeavour (or the siege, 4.7) would
 * ask that side a question one of them answers, it is taken instead of
 * stopping. Read by the order language's reader of answers, with the
 * answers' words that name their question. Rulings: docs/rulings.md,
 * "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "buf.h"
#include "tq_endeavor.h"

/* ---- standing orders ---- */

/* The answers' own words (each is one question's: "stand" is 11.3's). */
static const struct { const char *w; enum tq_order_kind k; enum tq_question q; } WORDS[] = {
	{ "stand", TQ_NO, TQ_ASK_RETREAT_BEFORE }, { "bayonets", TQ_YES, TQ_ASK_BAYONETS },
	{ "no bayonets", TQ_NO, TQ_ASK_BAYONETS }, { "siege", TQ_YES, TQ_ASK_SIEGE },
	{ "no siege", TQ_NO, TQ_ASK_SIEGE }, { "summon", TQ_YES, TQ_ASK_SUMMONS },
	{ "no summons", TQ_NO, TQ_ASK_SUMMONS }, { "surrender", TQ_YES, TQ_ASK_SURRENDER },
	{ "no surrender", TQ_NO, TQ_ASK_SURRENDER }, { "inside all", TQ_OUTSIDE, TQ_ASK_WALLS },
	{ "exchange", TQ_YES, TQ_ASK_EXCHANGE }, { "no exchange", TQ_NO, TQ_ASK_EXCHANGE },
	{ "done supply", TQ_DONE, TQ_ASK_SUPPLY },
	{ "done logistics", TQ_DONE, TQ_ASK_LOGISTICS },
	/* 11.2.5: the engine's order, the odd SP to the militia or the regulars */
	{ "casualties militia", TQ_LOSE, TQ_ASK_CASUALTIES },
	{ "casualties regulars", TQ_LOSE, TQ_ASK_CASUALTIES },
	/* 5.3: attrition's SPs, the militia or the regulars first */
	{ "losses militia", TQ_LOSE, TQ_ASK_LOSSES },
	{ "losses regulars", TQ_LOSE, TQ_ASK_LOSSES },
};

const char *tq_standing_word(enum tq_question q)
{
	for (size_t i = 0; i < sizeof WORDS / sizeof *WORDS; i++)
		if (WORDS[i].q == q)
			return WORDS[i].w;
	return NULL;
}

/* The question a standing order answers, and the answer in *o: the
 * answers' own words first, then the order language's answers
 * (tq_order_answer.c) whose kind says the question. TQ_ASK_NOTHING:
 * none. */
static enum tq_question standing_read(const struct tq_data *d, const char *text,
				      struct tq_order *o)
{
	char why[300];
	*o = (struct tq_order){ .leader = -1, .at = -1, .governor = -1 };
	for (size_t i = 0; i < sizeof WORDS / sizeof *WORDS; i++)
		if (!strcasecmp(text, WORDS[i].w)) {
			o->kind = WORDS[i].k;
			o->all = WORDS[i].k == TQ_LOSE;
			/* the regulars first */
			o->before = !strcasecmp(text, "casualties regulars") ||
				    !strcasecmp(text, "losses regulars");
			return WORDS[i].q;
		}
	if (tq_order_parse(d, text, o, why, sizeof why))
		return TQ_ASK_NOTHING;
	switch (o->kind) {
	case TQ_RETREAT: return o->before ? TQ_ASK_RETREAT_BEFORE : TQ_ASK_RETREAT;
	case TQ_CHOOSE: return o->leader >= 0 ? TQ_ASK_C_IN_C : TQ_ASK_UPRISING;
	case TQ_OUTSIDE: return TQ_ASK_WALLS;
	case TQ_PLACE: return o->all ? TQ_ASK_MILITIA : TQ_ASK_NOTHING; /* 10.7 */
	default: return TQ_ASK_NOTHING;
	}
}

bool tq_standing_answer_at(struct tq_play *p, enum tq_side side, enum tq_question q,
			   bool (*usable)(struct tq_play *p, const struct tq_order *o), int i,
			   struct tq_order *o)
{
	const struct tq_standing *st = &p->s->hidden.standing[side];
	if (i < 0 || i >= st->n || standing_read(p->d, st->text[i], o) != q ||
	    (usable && !usable(p, o)))
		return false;
	tq_tell_side(p, side, "Your standing order answers: %s", st->text[i]);
	return true;
}

bool tq_standing_answer(struct tq_play *p, enum tq_side side, enum tq_question q,
			bool (*usable)(struct tq_play *p, const struct tq_order *o),
			struct tq_order *o)
{
	for (int i = 0; i < p->s->hidden.standing[side].n; i++)
		if (tq_standing_answer_at(p, side, q, usable, i, o))
			return true;
	return false;
}

int tq_standing_set(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_standing *st = &p->s->hidden.standing[side];
	struct tq_order a;
	if (!strcasecmp(o->standing, "clear")) {
		*st = (struct tq_standing){ 0 }; /* the texts too: one form of the state */
		tq_tell_side(p, side, "Your standing orders are cleared");
		return 0;
	}
	if (standing_read(p->d, o->standing, &a) == TQ_ASK_NOTHING)
		return wj_why(p->why, p->whylen, "'%s' is no standing order: write retreat before "
			      "combat to AREA, stand, bayonets, no bayonets, retreat to AREA, outside "
			      "all, inside all, siege, no siege, casualties militia, casualties regulars, "
			      "c-in-c NAME, rise at AREA, summon, no summons, surrender, no "
			      "surrender, place all at AREA, exchange, no exchange, losses militia, "
			      "losses regulars, done supply, done logistics, or clear",
			      o->standing);
	if (st->n == TQ_MAX_STANDING)
		return wj_why(p->why, p->whylen, "already %d standing orders: clear them first",
			      TQ_MAX_STANDING);
	snprintf(st->text[st->n++], TQ_STANDING_TEXT, "%s", o->standing);
	tq_tell_side(p, side, "Standing order kept, hidden from your opponent: %s", o->standing);
	return 0;
}
