/* Tarleton's Quarter!'s POW exchange (seed 001, 15.4, 15.5, 6.1.2): either
 * side may propose it, the other agree (15.4.1), both asked at once (issue
 * 24); the POW tracks one for one, the returning SPs at the bases
 * (15.4.2); leaders rank for rank (15.5), the holder of the surplus at a
 * rank naming those he releases (15.5.2); a leader whose withdrawal
 * waited for his exchange is withdrawn (6.1.2). Rulings: docs/rulings.md, "Tarleton's Quarter!: the sequence of play". */
#include <stdio.h>
#include "buf.h"
#include "tq_setup.h"
#include "tq_turn.h"

/* The exchange's questions (s->cursor): both sides asked at once, each
 * answering yes or no (issue 24: "either may answer first"), a yes naming
 * leaders proposing 15.5.2's trade, which the other's yes then agrees
 * to; once both answered, the exchange, and the holders with a surplus
 * asked at once to name those they release. */
enum { X_START, X_OFFERED, X_BRITISH_TRADES, X_CONTINENTAL_TRADES, X_DECLINED, X_CHOOSING,
       X_OVER };

/* The leaders `holder` holds (the other side's POWs), rank r's or any
 * rank's (r < 0). */
static int held(const struct tq_data *d, const struct tq_state *s, enum tq_side holder, int r,
		int *out)
{
	int n = 0;
	for (int l = 0; l < d->nleaders; l++)
		if (d->leaders[l].side == tq_other(holder) && s->leader[l].where == TQ_POW &&
		    (r < 0 || (int)tq_exchange_rank(d, l) == r))
			out[n++] = l;
	return n;
}

/* 15.5: the leaders exchanged at each rank; their total. */
static int per_rank(const struct tq_data *d, const struct tq_state *s, int *k)
{
	int b[TQ_MAX_LEADERS], c[TQ_MAX_LEADERS];
	int nb = held(d, s, TQ_BRITISH, -1, b), nc = held(d, s, TQ_CONTINENTAL, -1, c);
	return tq_leader_exchange(d, b, nb, c, nc, k);
}

static int pows_exchanged(const struct tq_state *s)
{
	int british = s->side[TQ_CONTINENTAL].pow, continental = s->side[TQ_BRITISH].pow;
	return british < continental ? british : continental;
}

int tq_exchange_step(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int k[TQ_RANKS];
	if (s->cursor != X_START)
		return 1;
	int b[TQ_MAX_LEADERS], c[TQ_MAX_LEADERS];
	bool leaders_both = held(p->d, s, TQ_BRITISH, -1, b) && held(p->d, s, TQ_CONTINENTAL, -1, c);
	if (!pows_exchanged(s) && !per_rank(p->d, s, k) && !leaders_both) /* 15.5.2's trades too */
		return 1;
	s->cursor = X_OFFERED;
	tq_ask(s, TQ_ASK_EXCHANGE, TQ_BRITISH);
	tq_ask_also(s, TQ_CONTINENTAL);
	tq_turn_standing(p, TQ_ASK_EXCHANGE);
	return 0;
}

/* A leader back from captivity: withdrawn if his withdrawal waited for
 * it (6.1.2), else a reinforcement at his base (6.2). */
static void released(struct tq_play *p, int l)
{
	struct tq_state *s = p->s;
	const struct tq_leader *x = &p->d->leaders[l];
	enum tq_side side = x->side;
	int base = s->side[side].base;

	if (x->withdrawn && x->withdrawn <= s->month && x->returns <= s->month)
		s->leader[l] = (struct tq_leader_state){ .where = TQ_GONE };
	else if (x->withdrawn && x->withdrawn <= s->month)
		s->leader[l] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							 .arrives = x->returns };
	else if (base >= 0 && !s->side[side].base_at_sea)
		s->leader[l] = (struct tq_leader_state){ .where = TQ_ON_MAP, .area = (short)base,
							 .c_in_c = x->c_in_c };
	else if (side == TQ_CONTINENTAL && tq_place_hold(p, side, TQ_PLACE_NORTH_EDGE))
		s->leader[l] = (struct tq_leader_state){ .where = TQ_HELD };
	else     /* 7.1's note: he waits for the British base */
		s->leader[l] = (struct tq_leader_state){ .where = TQ_NOT_ARRIVED,
							 .arrives = s->month + 1 };
	tq_tell(p, "%s is exchanged (15.5)%s", x->name,
		s->leader[l].where == TQ_GONE ? " and withdrawn (6.1.2)" : "");
}

/* 15.5: at each rank, a holder with no surplus releases all he holds of
 * it, one with a surplus those he named (marked `exchanged`). */
static void release_leaders(struct tq_play *p)
{
	struct tq_state *s = p->s;
	int k[TQ_RANKS], ls[TQ_MAX_LEADERS];
	per_rank(p->d, s, k);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		for (int r = 0; r < TQ_RANKS; r++) {
			int n = k[r] ? held(p->d, s, (enum tq_side)side, r, ls) : 0;
			for (int i = 0; i < n; i++)
				if (n == k[r] || s->leader[ls[i]].exchanged)
					released(p, ls[i]);
		}
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, s, (enum tq_side)side);
}

/* Does holder hold more than k[r] at a rank exchanged? */
static bool surplus(const struct tq_data *d, const struct tq_state *s, enum tq_side holder)
{
	int k[TQ_RANKS], ls[TQ_MAX_LEADERS];
	per_rank(d, s, k);
	for (int r = 0; r < TQ_RANKS; r++)
		if (k[r] && held(d, s, holder, r, ls) > k[r])
			return true;
	return false;
}

/* The holders with a surplus name their leaders, both asked at once;
 * with none, everything is released at once. */
static void ask_choices(struct tq_play *p)
{
	struct tq_state *s = p->s;
	s->cursor = X_CHOOSING;
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		if (!surplus(p->d, s, (enum tq_side)side))
			continue;
		if (s->asked)
			tq_ask_also(s, (enum tq_side)side);
		else
			tq_ask(s, TQ_ASK_EXCHANGE, (enum tq_side)side);
	}
	if (s->asked)
		return;
	release_leaders(p);
	s->cursor = X_OVER;
}

/* 15.5.2's flexible trade: the leaders the accepted proposal named. */
static bool traded(const struct tq_data *d, const struct tq_state *s)
{
	for (int l = 0; l < d->nleaders; l++)
		if (s->leader[l].where == TQ_POW && s->leader[l].exchanged)
			return true;
	return false;
}

static void untrade(const struct tq_data *d, struct tq_state *s)
{
	for (int l = 0; l < d->nleaders; l++)
		s->leader[l].exchanged = false;
}

/* 15.5.2: "for those desiring a more flexible and interactive play
 * exchange Leaders on whatever basis is amenable to the parties involved
 * (I'll trade you 2 colonels for 1 general)": a proposal naming leader
 * POWs, at least one of each side, exchanges those if accepted, whatever
 * their ranks. */
static int propose_trade(struct tq_play *p, const struct tq_order *o)
{
	const struct tq_data *d = p->d;
	bool side_named[TQ_SIDES] = { false };
	for (int i = 0; i < o->nleaders; i++) {
		int l = o->leaders[i];
		if (p->s->leader[l].where != TQ_POW)
			return wj_why(p->why, p->whylen, "%s is no prisoner (15.5.2)", d->leaders[l].name);
		side_named[d->leaders[l].side] = true;
	}
	if (!side_named[TQ_BRITISH] || !side_named[TQ_CONTINENTAL])
		return wj_why(p->why, p->whylen, "a trade of leaders names prisoners of both sides: "
			      "yes Moultrie, Huger, Webster (15.5.2)");
	char names[400] = "";
	for (int i = 0; i < o->nleaders; i++) {
		p->s->leader[o->leaders[i]].exchanged = true;
		wj_fmt_add(names, sizeof names, "%s%s", i ? ", " : "", d->leaders[o->leaders[i]].name);
	}
	tq_tell(p, "The trade proposed: %s, whatever their ranks (15.5.2)", names);
	return 0;
}

static void exchanged(struct tq_play *p)
{
	struct tq_state *s = p->s;
	/* side[x].pow holds the other side's regulars */
	int british = s->side[TQ_CONTINENTAL].pow, continental = s->side[TQ_BRITISH].pow;
	int n = tq_pow_exchange(&british, &continental);
	struct tq_sps back = { .regulars = (short)n };
	s->side[TQ_CONTINENTAL].pow = (short)british;
	s->side[TQ_BRITISH].pow = (short)continental;
	tq_tell(p, "The POWs are exchanged one for one: %d SP each (15.4.1)", n);
	tq_turn_to_base(p, TQ_BRITISH, &back);
	tq_turn_to_base(p, TQ_CONTINENTAL, &back);
	if (!traded(p->d, s)) {
		ask_choices(p);
		return;
	}
	for (int l = 0; l < p->d->nleaders; l++) /* 15.5.2's trade */
		if (s->leader[l].where == TQ_POW && s->leader[l].exchanged)
			released(p, l);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		s->side[side].c_in_c = (short)tq_senior_c_in_c(p->d, s, (enum tq_side)side);
	s->cursor = X_OVER;
}

/* "yes" naming nobody: the first of each surplus rank in the data's
 * order (the order language reads no names after "yes"). */
static void choose_first(struct tq_play *p, enum tq_side holder, const int *k)
{
	int ls[TQ_MAX_LEADERS];
	for (int r = 0; r < TQ_RANKS; r++) {
		int n = k[r] ? held(p->d, p->s, holder, r, ls) : 0;
		for (int i = 0; n > k[r] && i < k[r]; i++)
			p->s->leader[ls[i]].exchanged = true;
	}
}

/* 15.5.2: the holder names, at each rank where he has a surplus, as many
 * as are exchanged there. */
static int choose(struct tq_play *p, enum tq_side holder, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	int k[TQ_RANKS], named[TQ_RANKS] = { 0 }, ls[TQ_MAX_LEADERS];
	per_rank(p->d, s, k);
	if (!o->nleaders) {
		choose_first(p, holder, k);
		return 0;
	}
	for (int i = 0; i < o->nleaders; i++) {
		int l = o->leaders[i], r = tq_exchange_rank(p->d, l);
		if (p->d->leaders[l].side != tq_other(holder) || s->leader[l].where != TQ_POW ||
		    held(p->d, s, holder, r, ls) <= k[r] || s->leader[l].exchanged)
			return wj_why(p->why, p->whylen, "%s is not a prisoner of yours at a rank where "
				      "you choose (15.5.2)", p->d->leaders[l].name);
		named[r]++;
	}
	for (int r = 0; r < TQ_RANKS; r++)
		if (k[r] && held(p->d, s, holder, r, ls) > k[r] && named[r] != k[r])
			return wj_why(p->why, p->whylen, "name %d leaders of each rank where you hold "
				      "more than are exchanged (15.5, 15.5.2): \"yes Moultrie\"", k[r]);
	for (int i = 0; i < o->nleaders; i++)
		s->leader[o->leaders[i]].exchanged = true;
	return 0;
}

bool tq_exchange_naming(const struct tq_state *s)
{
	return s->question == TQ_ASK_EXCHANGE && s->cursor == X_CHOOSING;
}

static enum tq_side trader(const struct tq_state *s)
{
	return s->cursor == X_BRITISH_TRADES ? TQ_BRITISH : TQ_CONTINENTAL;
}

static bool trade_proposed(const struct tq_state *s)
{
	return s->cursor == X_BRITISH_TRADES || s->cursor == X_CONTINENTAL_TRADES;
}

static const char *answer_words(const struct tq_state *s, enum tq_side side, bool yes)
{
	if (!yes)
		return "decline a prisoner exchange (15.4.1)";
	if (trade_proposed(s))
		return trader(s) == side ? "propose a prisoner exchange with that trade (15.4, "
			"15.5.2)" : "agree to the exchange and the trade (15.4.1, 15.5.2)";
	return "agree to a prisoner exchange (15.4, 15.4.1)";
}

/* Both answered: the exchange if neither declined. */
static void settle(struct tq_play *p)
{
	struct tq_state *s = p->s;
	if (s->cursor != X_DECLINED) {
		exchanged(p);
		return;
	}
	untrade(p->d, s);
	s->cursor = X_OVER;
	tq_tell(p, "No prisoners are exchanged this month (15.4.1)");
}

/* 15.4, 15.5.2: a side's yes or no to the exchange, a yes naming leaders
 * proposing a trade; the other side, if it agreed before the trade was
 * proposed, is asked again. */
static int offer_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	bool yes = o->kind == TQ_YES;
	if (!yes && o->kind != TQ_NO)
		return wj_why(p->why, p->whylen, "the POW exchange asks \"yes\" or \"no\" (15.4)");
	if (o->nleaders && (!yes || trade_proposed(s)))
		return wj_why(p->why, p->whylen, "%s", trade_proposed(s) ?
			      "a trade of leaders is proposed already: answer yes or no (15.5.2)" :
			      "leaders are named by the proposal of a trade (15.5.2): here answer "
			      "yes or no");
	if (o->nleaders && propose_trade(p, o))
		return -1;
	if (o->nleaders && s->cursor == X_OFFERED)
		s->cursor = side == TQ_BRITISH ? X_BRITISH_TRADES : X_CONTINENTAL_TRADES;
	if (!yes)
		s->cursor = X_DECLINED;
	tq_tell(p, "The %s %s", p->d->side_name[side], answer_words(s, side, yes));
	tq_turn_side_done(s, side);
	enum tq_side other = tq_other(side);
	if (o->nleaders && trade_proposed(s) && !tq_is_asked(s, other))
		tq_turn_ask(p, TQ_ASK_EXCHANGE, other);
	else if (!s->asked)
		settle(p);
	return 0;
}

/* 15.5.2: a holder with a surplus names those he releases; once each
 * has, they are all released. */
static int choice_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	struct tq_state *s = p->s;
	if (o->kind != TQ_YES)
		return wj_why(p->why, p->whylen, "name the leaders you release: \"yes Moultrie, "
			      "Huger\" (15.5.2)");
	if (choose(p, side, o))
		return -1;
	tq_tell(p, "The %s name the leaders they release (15.5.2)", p->d->side_name[side]);
	tq_turn_side_done(s, side);
	if (s->asked)
		return 0;
	release_leaders(p);
	s->cursor = X_OVER;
	return 0;
}

int tq_exchange_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o)
{
	if (p->s->cursor == X_CHOOSING)
		return choice_answer(p, side, o);
	return offer_answer(p, side, o);
}
