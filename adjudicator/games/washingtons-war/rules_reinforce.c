/* Reinforcements in the Strategy Phase (8.1, 8.2), and the French forces
 * held in the American Reinforcements box (12.2.B.ii). */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

/* What one reinforcement brings, once validated. */
struct arrival {
	int space;
	int nation;   /* enum ww_nation of the CUs */
	int cu;
	int general;  /* -1 none */
};

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* The OPS card goes into the side's Reinforcement Card box (8.1.B, 8.2.B). */
static void card_to_box(struct ww_ctx *c, enum ww_side side, int card)
{
	ww_pile_take(&c->s->hand[side], card);
	ww_pile_put(&c->s->reinforcement_cards[side], card);
	c->s->last_card[side] = card;
}

static int one_space(struct ww_ctx *c, const struct ww_order *o, const char *rule)
{
	if (o->nspaces == 1 && o->spaces[0] >= 0 && o->spaces[0] < c->d->nspaces)
		return 0;
	wj_why(c->why, c->whylen, "Name the one space where the reinforcements arrive: "
	       "`play N reinforce SPACE [GENERAL] [CUs]` (%s).", rule);
	return -1;
}

/* A general of `side` waiting in the Reinforcements box. */
static int general_from_box(struct ww_ctx *c, enum ww_side side, int g, const char *rule)
{
	const struct ww_data *d = c->d;
	if (g < 0 || g >= d->ngenerals) {
		wj_why(c->why, c->whylen, "No such general (index %d).", g);
		return -1;
	}
	if (d->generals[g].side != side) {
		wj_why(c->why, c->whylen, "%s is not one of the %s generals (%s).",
		       d->generals[g].name, ww_side_name(side), rule);
		return -1;
	}
	if (c->s->general_at[g] != WW_LOC_REINFORCEMENTS) {
		wj_why(c->why, c->whylen, "%s is not in the %s Reinforcements box: only a general "
		       "waiting there may be brought on (%s).", d->generals[g].name,
		       ww_side_name(side), rule);
		return -1;
	}
	return 0;
}

/* Units arriving with at least one CU capture an enemy general standing
 * alone there (8.2 Clarification); a general alone captures nobody and may
 * not join an enemy general (docs/rulings.md). */
static int lone_enemy_general(struct ww_ctx *c, enum ww_side side, const struct arrival *a)
{
	enum ww_side enemy = ww_enemy(side);
	int g = ww_general_in(c->d, c->s, a->space, enemy);
	if (g < 0 || a->cu > 0)
		return 0;
	wj_why(c->why, c->whylen, "%s stands in %s: a general arriving without CUs cannot "
	       "capture him (8.2 Clarification); bring at least 1 CU.",
	       c->d->generals[g].name, ww_space_name(c->d, a->space));
	return -1;
}

static void arrive(struct ww_ctx *c, enum ww_side side, const struct arrival *a)
{
	const struct ww_data *d = c->d;
	struct ww_state *s = c->s;
	int enemy = ww_general_in(d, s, a->space, ww_enemy(side));
	if (enemy >= 0 && a->cu > 0 && ww_side_cu(s, a->space, ww_enemy(side)) == 0) {
		ww_event(c->ev, WW_TO_BOTH, "%s, alone in %s, is captured by the reinforcements "
			 "(8.2 Clarification).", d->generals[enemy].name, ww_space_name(d, a->space));
		ww_capture_general(c, enemy);
	}
	s->space[a->space].cu[a->nation] += (uint8_t)a->cu;
	if (a->general >= 0) /* 8.1.C, 8.2.C: the newcomer stays */
		ww_general_arrives(c, a->general, a->space, a->general);
}

static void report(struct ww_ctx *c, enum ww_side side, int card, const struct arrival *a,
		   const char *rule)
{
	char cus[40] = "", who[WW_NAME_MAX + 8] = "";
	if (a->cu)
		snprintf(cus, sizeof cus, "%d %s CU%s", a->cu, ww_side_name(side), plural(a->cu));
	if (a->general >= 0)
		snprintf(who, sizeof who, "%s%s", a->cu ? " and " : "", c->d->generals[a->general].name);
	bool many = a->cu > 1 || (a->cu && a->general >= 0);
	ww_event(c->ev, WW_TO_BOTH, "The %s plays #%d into a Reinforcement Card box (%s): "
		 "%s%s arrive%s in %s.", ww_side_name(side), card, rule, cus, who,
		 many ? "" : "s", ww_space_name(c->d, a->space));
}

/* ---- British (8.1) ---- */

/* 8.1.C, 12.3: a non-blockaded port with no American CU or PC. */
static int british_port(struct ww_ctx *c, int sp)
{
	const struct ww_data *d = c->d;
	const char *name = ww_space_name(d, sp);
	if (!d->spaces[sp].port) {
		wj_why(c->why, c->whylen, "%s is not a port: British reinforcements arrive in a "
		       "port (8.1.C).", name);
		return -1;
	}
	if (ww_blockaded(d, c->s, sp)) {
		wj_why(c->why, c->whylen, "%s is in the %s Blockade Zone, where the French Navy is: "
		       "no British reinforcements in a blockaded port (12.3, 8.1.C).", name,
		       d->zones[d->spaces[sp].zone].name);
		return -1;
	}
	if (ww_side_cu(c->s, sp, WW_AMERICAN) > 0 || c->s->space[sp].pc == WW_AMERICAN) {
		wj_why(c->why, c->whylen, "%s holds an American %s: British reinforcements arrive "
		       "in a port with no American CU or PC (8.1.C).", name,
		       ww_side_cu(c->s, sp, WW_AMERICAN) > 0 ? "CU" : "PC");
		return -1;
	}
	return 0;
}

static int british_cus(struct ww_ctx *c, const struct ww_order *o, struct arrival *a)
{
	int have = c->s->cu_reinforcements[WW_NAT_BRITISH];
	a->cu = o->cu < 0 ? have : o->cu;
	if (a->cu > have) {
		wj_why(c->why, c->whylen, "Only %d British CU%s wait in the Reinforcements box, "
		       "not %d (8.1.C).", have, plural(have), a->cu);
		return -1;
	}
	if (a->cu == 0 && a->general < 0) {
		wj_why(c->why, c->whylen, "Nothing would arrive: the British Reinforcements box "
		       "holds %d CU%s; bring at least 1 CU or a general (8.1.C).", have, plural(have));
		return -1;
	}
	return 0;
}

static int british_reinforce(struct ww_ctx *c, const struct ww_order *o)
{
	const struct ww_pile *box = &c->s->reinforcement_cards[WW_BRITISH];
	if (box->n > 0) {
		wj_why(c->why, c->whylen, "The British reinforce once per turn (8.1.B): #%d is "
		       "already in the British Reinforcement Card box this turn.", box->card[0]);
		return -1;
	}
	if (one_space(c, o, "8.1.C") || british_port(c, o->spaces[0]))
		return -1;
	struct arrival a = { o->spaces[0], WW_NAT_BRITISH, 0, o->general };
	if (a.general >= 0 && general_from_box(c, WW_BRITISH, a.general, "8.1.C"))
		return -1;
	if (british_cus(c, o, &a) || lone_enemy_general(c, WW_BRITISH, &a))
		return -1;
	card_to_box(c, WW_BRITISH, o->card);
	report(c, WW_BRITISH, o->card, &a, "8.1");
	c->s->cu_reinforcements[WW_NAT_BRITISH] -= a.cu;
	arrive(c, WW_BRITISH, &a);
	if (c->s->congress_at == a.space && ww_has_army(c->d, c->s, a.space, WW_BRITISH))
		ww_disperse_congress(c); /* 7.7 */
	return 0;
}

/* ---- American (8.2) ---- */

static int american_space(struct ww_ctx *c, int sp)
{
	const char *name = ww_space_name(c->d, sp);
	if (ww_side_cu(c->s, sp, WW_BRITISH) > 0 || c->s->space[sp].pc == WW_BRITISH) {
		wj_why(c->why, c->whylen, "%s holds a British %s: American reinforcements arrive "
		       "in a space with no British CU or PC (8.2.C).", name,
		       ww_side_cu(c->s, sp, WW_BRITISH) > 0 ? "CU" : "PC");
		return -1;
	}
	return 0;
}

/* 8.2.C: the newcomer takes the place of a general already there, unless
 * that is Washington, who never goes to the Reinforcements box. */
static int american_general(struct ww_ctx *c, const struct arrival *a)
{
	const struct ww_data *d = c->d;
	if (general_from_box(c, WW_AMERICAN, a->general, "8.2.C"))
		return -1;
	if (d->generals[a->general].french && c->s->cu_reinforcements[WW_NAT_FRENCH] > 0) {
		wj_why(c->why, c->whylen, "%s comes on only with all the French CUs, into a port: "
		       "`play N reinforce french PORT` (12.2.B.ii).", d->generals[a->general].name);
		return -1;
	}
	int there = ww_general_in(d, c->s, a->space, WW_AMERICAN);
	if (there >= 0 && d->generals[there].never_to_reinforcements) {
		wj_why(c->why, c->whylen, "%s is in %s and is never sent to the Reinforcements box, "
		       "so no general may be brought on there (8.2.C); reinforce without a general.",
		       d->generals[there].name, ww_space_name(d, a->space));
		return -1;
	}
	return 0;
}

static int american_count(struct ww_ctx *c, const struct ww_order *o, int ops)
{
	if (o->cu < 0 || o->cu == ops)
		return 0;
	wj_why(c->why, c->whylen, "#%d is a %d OPS card: it brings exactly %d American CU%s "
	       "from stock, not %d (8.2.C).", o->card, ops, ops, plural(ops), o->cu);
	return -1;
}

static int twice_per_turn(struct ww_ctx *c)
{
	const struct ww_pile *box = &c->s->reinforcement_cards[WW_AMERICAN];
	if (box->n < 2)
		return 0;
	wj_why(c->why, c->whylen, "The American reinforces twice per turn (8.2.B): both "
	       "American Reinforcement Card boxes hold a card (#%d and #%d).",
	       box->card[0], box->card[1]);
	return -1;
}

static int american_reinforce(struct ww_ctx *c, const struct ww_order *o)
{
	int ops = c->d->cards[o->card].ops;
	if (twice_per_turn(c) || one_space(c, o, "8.2.C") || american_space(c, o->spaces[0]))
		return -1;
	struct arrival a = { o->spaces[0], WW_NAT_AMERICAN, ops, o->general };
	if (american_count(c, o, ops) || (a.general >= 0 && american_general(c, &a)))
		return -1;
	card_to_box(c, WW_AMERICAN, o->card);
	report(c, WW_AMERICAN, o->card, &a, "8.2");
	arrive(c, WW_AMERICAN, &a);
	return 0;
}

/* 12.2.B.ii: all the held French forces at once, into one port. */
static int french_reinforce(struct ww_ctx *c, const struct ww_order *o)
{
	int held = c->s->cu_reinforcements[WW_NAT_FRENCH];
	if (held <= 0) {
		wj_why(c->why, c->whylen, "No French forces wait in the American Reinforcements "
		       "box: they come there only when France enters the war with no port "
		       "free for them (12.2.B.ii).");
		return -1;
	}
	if (twice_per_turn(c))
		return -1;
	if (o->nspaces != 1 || o->general >= 0 || (o->cu >= 0 && o->cu != held)) {
		wj_why(c->why, c->whylen, "The French forces come on all together, Rochambeau and "
		       "the %d French CU%s, into one port, with no other general: "
		       "`play N reinforce french PORT` (12.2.B.ii).", held, plural(held));
		return -1;
	}
	if (ww_french_port_check(c->d, c->s, o->spaces[0], c->why, c->whylen))
		return -1;
	card_to_box(c, WW_AMERICAN, o->card);
	ww_event(c->ev, WW_TO_BOTH, "The American plays #%d into a Reinforcement Card box to "
		 "bring on the French forces (12.2.B.ii).", o->card);
	ww_place_french_forces(c, o->spaces[0]);
	return 0;
}

int ww_reinforce(struct ww_ctx *c, enum ww_side side, const struct ww_order *o)
{
	if (o->card < 1 || o->card > c->d->ncards || c->d->cards[o->card].ops < 1) {
		wj_why(c->why, c->whylen, "Reinforcements are brought on with an OPS card "
		       "(8.1.B, 8.2.B).");
		return -1;
	}
	if (o->french) {
		if (side != WW_AMERICAN) {
			wj_why(c->why, c->whylen, "Only the American brings on the French forces "
			       "(12.2.B.ii).");
			return -1;
		}
		return french_reinforce(c, o);
	}
	return side == WW_BRITISH ? british_reinforce(c, o) : american_reinforce(c, o);
}
