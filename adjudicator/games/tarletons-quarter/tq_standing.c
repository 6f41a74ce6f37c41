/* Tarleton's Quarter!'s standing orders (issue 23, "Playable"): a side's
 * answers given in advance, kept hidden in s->hidden.standing[side] and
 * told to that side alone; when the endeavour would ask that side a
 * question one of them answers, it is taken instead of stopping. Read by
 * this file's own small reader (the forms below) until tq_order.c reads
 * the answers. Rulings: docs/rulings.md, "Tarleton's Quarter!: the endeavour". */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "buf.h"
#include "tq_endeavor.h"

/* ---- standing orders ---- */

/* The forms a standing order may take, each the answer to one question;
 * read here until the answers' parser (tq_order.c) reads them. */
static int area_word(const struct tq_data *d, const char *w)
{
	int a = tq_area_by_id(d, w);
	for (int i = 0; a < 0 && i < d->nareas; i++)
		if (d->areas[i].name[0] && !strcasecmp(d->areas[i].name, w))
			a = i;
	return a;
}

static bool starts(const char *text, const char *word, const char **rest)
{
	size_t n = strlen(word);
	if (strncasecmp(text, word, n) || (text[n] && text[n] != ' '))
		return false;
	*rest = text + n + (text[n] == ' ');
	return true;
}

static enum tq_question standing_read(const struct tq_data *d, const char *text,
				      struct tq_order *o)
{
	const char *r;
	*o = (struct tq_order){ .leader = -1, .at = -1, .governor = -1 };
	if (starts(text, "retreat before combat to", &r) &&
	    (o->at = (short)area_word(d, r)) >= 0) {
		o->kind = TQ_RETREAT, o->before = true;
		return TQ_ASK_RETREAT_BEFORE;
	}
	if (starts(text, "retreat to", &r) && (o->at = (short)area_word(d, r)) >= 0) {
		o->kind = TQ_RETREAT;
		return TQ_ASK_RETREAT;
	}
	if (starts(text, "rise at", &r) && (o->at = (short)area_word(d, r)) >= 0) {
		o->kind = TQ_CHOOSE;
		return TQ_ASK_UPRISING;
	}
	/* 11.2.5: the engine's order, the odd SP to the militia or the regulars */
	if (!strcasecmp(text, "casualties militia") || !strcasecmp(text, "casualties regulars")) {
		o->kind = TQ_LOSE, o->all = true;
		o->before = !strcasecmp(text, "casualties regulars");
		return TQ_ASK_CASUALTIES;
	}
	if (!strcasecmp(text, "outside all") || !strcasecmp(text, "inside all")) {
		o->kind = TQ_OUTSIDE, o->all = !strcasecmp(text, "outside all");
		return TQ_ASK_WALLS;
	}
	if (starts(text, "c-in-c", &r) && (o->leader = (short)tq_leader_by_name(d, r)) >= 0) {
		o->kind = TQ_CHOOSE;
		return TQ_ASK_C_IN_C;
	}
	static const struct { const char *w; enum tq_order_kind k; enum tq_question q; } WORDS[] = {
		{ "stand", TQ_NO, TQ_ASK_RETREAT_BEFORE }, { "bayonets", TQ_YES, TQ_ASK_BAYONETS },
		{ "no bayonets", TQ_NO, TQ_ASK_BAYONETS }, { "siege", TQ_YES, TQ_ASK_SIEGE },
		{ "no siege", TQ_NO, TQ_ASK_SIEGE }, { "summon", TQ_YES, TQ_ASK_SUMMONS },
		{ "no summons", TQ_NO, TQ_ASK_SUMMONS }, { "surrender", TQ_YES, TQ_ASK_SURRENDER },
		{ "no surrender", TQ_NO, TQ_ASK_SURRENDER },
	};
	for (size_t i = 0; i < sizeof WORDS / sizeof *WORDS; i++)
		if (!strcasecmp(text, WORDS[i].w)) {
			o->kind = WORDS[i].k;
			return WORDS[i].q;
		}
	return TQ_ASK_NOTHING;
}

bool tq_standing_answer(struct tq_play *p, enum tq_side side, enum tq_question q,
			bool (*usable)(struct tq_play *p, const struct tq_order *o),
			struct tq_order *o)
{
	const struct tq_standing *st = &p->s->hidden.standing[side];
	for (int i = 0; i < st->n; i++)
		if (standing_read(p->d, st->text[i], o) == q && (!usable || usable(p, o))) {
			tq_tell_side(p, side, "Your standing order answers: %s", st->text[i]);
			return true;
		}
	return false;
}

int tq_standing_set(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_standing *st = &p->s->hidden.standing[side];
	struct tq_order a;
	if (!strcasecmp(o->standing, "clear")) {
		st->n = 0;
		tq_tell_side(p, side, "Your standing orders are cleared");
		return 0;
	}
	if (standing_read(p->d, o->standing, &a) == TQ_ASK_NOTHING)
		return wj_why(p->why, p->whylen, "'%s' is no standing order: write retreat before "
			      "combat to AREA, stand, bayonets, no bayonets, retreat to AREA, outside "
			      "all, inside all, siege, no siege, casualties militia, casualties regulars, "
			      "c-in-c NAME, rise at AREA, summon, no summons, surrender, no "
			      "surrender, or clear", o->standing);
	if (st->n == TQ_MAX_STANDING)
		return wj_why(p->why, p->whylen, "already %d standing orders: clear them first",
			      TQ_MAX_STANDING);
	snprintf(st->text[st->n++], TQ_STANDING_TEXT, "%s", o->standing);
	tq_tell_side(p, side, "Standing order kept, hidden from your opponent: %s", o->standing);
	return 0;
}
