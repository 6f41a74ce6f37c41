/* Card plays in the Strategy Phase: OPS cards for PCs, moves, the
 * Operations Queue and reinforcements (6.2, 7.1, 8), event discards and
 * exchanges (6.32), events and campaigns (6.3, 6.34, 7.2). */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

static const struct ww_card *card(const struct ww_data *d, int n)
{
	return &d->cards[n];
}

static bool repeats(const struct ww_order *o, int i)
{
	for (int j = 0; j < i; j++)
		if (o->spaces[j] == o->spaces[i])
			return true;
	return false;
}

static int play_campaign(struct ww_ctx *p, enum ww_side side, const struct ww_order *o);

/* ---- impulses ---- */

static int card_in_hand(struct ww_ctx *p, enum ww_side side, int c)
{
	if (c < 1 || c > p->d->ncards) {
		wj_why(p->why, p->whylen, "There is no card #%d: cards are numbered 1 to %d.",
		       c, p->d->ncards);
		return -1;
	}
	if (!ww_pile_has(&p->s->hand[side], c)) {
		wj_why(p->why, p->whylen, "Card #%d (%s) is not in your hand.", c,
		       card(p->d, c)->title);
		return -1;
	}
	return 0;
}

static void played(struct ww_ctx *p, enum ww_side side, int c)
{
	ww_pile_take(&p->s->hand[side], c);
	p->s->last_card[side] = c;
}

static void discard(struct ww_ctx *p, int c)
{
	ww_pile_put(card(p->d, c)->remove_after_play ? &p->s->removed : &p->s->discard, c);
}

/* 6.32.C: the opponent may take the event just discarded. */
static int exchange(struct ww_ctx *p, enum ww_side side, int c)
{
	struct ww_state *s = p->s;
	if (s->exchange_for != side || !s->exchange_offer) {
		wj_why(p->why, p->whylen, "There is no discarded event to exchange for: "
		       "an exchange follows the opponent's discard of an event as his play (6.32.C).");
		return -1;
	}
	if (card_in_hand(p, side, c))
		return -1;
	int ops = card(p->d, c)->ops;
	int min_ops = side == WW_AMERICAN ? 2 : 1;
	if (ops < min_ops) {
		wj_why(p->why, p->whylen, "#%d is not %s: the %s exchanges %s (6.32.C).", c,
		       side == WW_AMERICAN ? "a 2 or 3 OPS card" : "an OPS card",
		       ww_side_name(side), side == WW_AMERICAN ? "a 2 or 3 OPS card" : "any OPS card");
		return -1;
	}
	int offered = s->exchange_offer;
	ww_pile_take(&s->hand[side], c);
	ww_pile_put(&s->discard, c);
	ww_pile_take(&s->discard, offered);
	ww_pile_put(&s->hand[side], offered);
	s->exchange_offer = 0;
	s->exchange_for = WW_NOBODY;
	ww_event(p->ev, WW_TO_BOTH, "The %s exchanges #%d (%d OPS) for the discarded #%d %s (6.32.C).",
		 ww_side_name(side), c, ops, offered, card(p->d, offered)->title);
	return 0;
}

static int play_pc(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	const struct ww_card *k = card(p->d, o->card);
	if (k->ops == 0) {
		wj_why(p->why, p->whylen, "#%d %s is an event card, not an OPS card: play it with "
		       "`play %d event` or discard it (6.32).", o->card, k->title, o->card);
		return -1;
	}
	if (o->nspaces < 1 || o->nspaces > k->ops) {
		char actions[32];
		if (k->ops == 1)
			snprintf(actions, sizeof actions, "1 PC action");
		else
			snprintf(actions, sizeof actions, "1 to %d PC actions", k->ops);
		wj_why(p->why, p->whylen, "#%d is a %d OPS card: it gives %s (10.11), and %d %s "
		       "named.", o->card, k->ops, actions, o->nspaces,
		       o->nspaces == 1 ? "space was" : "spaces were");
		return -1;
	}
	struct ww_state start = *p->s;
	for (int i = 0; i < o->nspaces; i++) {
		if (repeats(o, i)) {
			wj_why(p->why, p->whylen, "%s is named twice: each PC action is in its own space.",
			       ww_space_name(p->d, o->spaces[i]));
			return -1;
		}
		if (ww_pc_action(p->d, &start, p->s, side, o->spaces[i], WW_PC_OPS, p->ev,
				 p->why, p->whylen))
			return -1;
	}
	played(p, side, o->card);
	ww_pile_put(&p->s->discard, o->card);
	ww_event(p->ev, WW_TO_BOTH, "The %s plays #%d (%d OPS) for PC actions.",
		 ww_side_name(side), o->card, k->ops);
	return 0;
}

static int discard_play(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	if (k->must_play) {
		wj_why(p->why, p->whylen, "#%d %s must be played as its event and may never be "
		       "discarded (6.34.A): `play %d event`.", o->card, k->title, o->card);
		return -1;
	}
	if (k->ops && o->action != WW_DISCARD_ONLY) {
		wj_why(p->why, p->whylen, "#%d is an OPS card: only an event card discarded gives "
		       "a PC action or a removal (6.32.B play note); play it with `play %d pc ...`.",
		       o->card, o->card);
		return -1;
	}
	struct ww_state start = *s;
	if (o->action != WW_DISCARD_ONLY && o->nspaces != 1) {
		wj_why(p->why, p->whylen, "A discard gives one PC action in one space (6.32.B).");
		return -1;
	}
	if (o->action == WW_DISCARD_PC &&
	    ww_pc_action(p->d, &start, s, side, o->spaces[0], WW_PC_DISCARD, p->ev, p->why, p->whylen))
		return -1;
	if (o->action == WW_DISCARD_REMOVE &&
	    ww_pc_remove(p->d, s, side, o->spaces[0], p->ev, p->why, p->whylen))
		return -1;
	played(p, side, o->card);
	ww_pile_put(&s->discard, o->card);
	ww_event(p->ev, WW_TO_BOTH, "The %s discards #%d %s.", ww_side_name(side), o->card, k->title);
	if (k->reshuffle_on_discard) {
		s->reshuffle_pending = true; /* 6.1.B clarification (Hortelez) */
		ww_event(p->ev, WW_TO_BOTH, "The deck will be reshuffled at the next Strategy Cards Phase.");
	}
	if (k->ops == 0) {
		s->exchange_offer = o->card;
		s->exchange_for = ww_enemy(side);
	}
	return 0;
}

/* 12.1: the marker moves, never below 0; the alliance happens after the
 * current card (12.2.B). */
void ww_french_alliance_steps(struct ww_ctx *p, int steps)
{
	struct ww_state *s = p->s;
	if (s->french_in_war)
		return;
	int to = s->french_alliance + steps;
	s->french_alliance = to < 0 ? 0 : to > 9 ? 9 : to;
	ww_event(p->ev, WW_TO_BOTH, "The French Alliance marker moves to %d.", s->french_alliance);
	if (s->french_alliance == 9) {
		s->french_in_war = true;
		s->french_alliance_now = true;
		ww_event(p->ev, WW_TO_BOTH, "France enters the war (12.2)!");
	}
}

/* 6.34.C.i: one American PC in each colony where placement is possible. */
static int declaration(struct ww_ctx *p, const struct ww_order *o)
{
	const struct ww_data *d = p->d;
	struct ww_state start = *p->s;
	int named[WW_MAX_COLONIES];
	for (int c = 0; c < d->ncolonies; c++)
		named[c] = -1;
	for (int i = 0; i < o->nspaces; i++) {
		int sp = o->spaces[i], col = d->spaces[sp].colony;
		if (d->colonies[col].is_canada) {
			wj_why(p->why, p->whylen, "%s is in Canada: the Declaration places PCs in "
			       "the Thirteen Colonies only (6.34.C.i).", ww_space_name(d, sp));
			return -1;
		}
		if (named[col] >= 0) {
			wj_why(p->why, p->whylen, "%s and %s are both in %s: one PC per colony (6.34.C.i).",
			       ww_space_name(d, named[col]), ww_space_name(d, sp), d->colonies[col].name);
			return -1;
		}
		named[col] = sp;
	}
	for (int c = 0; c < d->ncolonies; c++) {
		if (d->colonies[c].is_canada || named[c] >= 0)
			continue;
		int options = 0, only = -1;
		for (int sp = 0; sp < d->nspaces; sp++)
			if (d->spaces[sp].colony == c &&
			    ww_pc_can_place(d, &start, &start, WW_AMERICAN, sp, WW_PC_DECLARATION))
				options++, only = sp;
		if (options == 1)
			named[c] = only; /* no choice to make */
		else if (options > 1) {
			wj_why(p->why, p->whylen, "The Declaration must place a PC in %s, where %d "
			       "spaces are possible: name one of them (6.34.C.i).",
			       d->colonies[c].name, options);
			return -1;
		}
	}
	for (int c = 0; c < d->ncolonies; c++)
		if (named[c] >= 0 && ww_pc_action(d, &start, p->s, WW_AMERICAN, named[c],
						  WW_PC_DECLARATION, p->ev, p->why, p->whylen))
			return -1;
	return 0;
}

/* 6.34.C.iii */
static void war_ends(struct ww_ctx *p, int c)
{
	struct ww_state *s = p->s;
	if (s->war_ends_card)
		ww_pile_put(&s->discard, s->war_ends_card);
	s->war_ends_card = c;
	ww_event(p->ev, WW_TO_BOTH, "The war will end in %d or later: #%d goes to the "
		 "War Ends box (6.34.C.iii).", card(p->d, c)->war_ends_year, c);
}

static int special_event(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	switch (k->special) {
	case WW_SPECIAL_DECLARATION:
		if (side == WW_BRITISH) {
			if (o->nspaces) {
				wj_why(p->why, p->whylen, "The American chooses where the Declaration's "
				       "PCs go (6.34.C.i): play it with `play %d event` alone.", o->card);
				return -1;
			}
			ww_ask(s, WW_AMERICAN, WW_ASK_DECLARATION);
		} else if (declaration(p, o)) {
			return -1;
		}
		break;
	case WW_SPECIAL_FRANKLIN:
		ww_french_alliance_steps(p, k->french_alliance);
		break;
	case WW_SPECIAL_WAR_ENDS:
		war_ends(p, o->card);
		return 0;
	default:
		break;
	}
	if (side == WW_BRITISH && s->tournament_rule) { /* 6.34 Optional Tournament Rule */
		s->extra_impulse = WW_BRITISH;
		ww_event(p->ev, WW_TO_BOTH, "Tournament rule: the British will draw a replacement "
			 "card and take another action after this event (6.34).");
	}
	return 1;
}

/* 6.34.B: a special event drawn at random from a hand happens at once,
 * whoever held it and whoever benefits; the American places the
 * Declaration's PCs. */
void ww_special_event_now(struct ww_ctx *p, int c)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, c);
	ww_event(p->ev, WW_TO_BOTH, "#%d %s is a special event: it happens at once (6.34.B).",
		 c, k->title);
	switch (k->special) {
	case WW_SPECIAL_DECLARATION:
		ww_ask(s, WW_AMERICAN, WW_ASK_DECLARATION);
		break;
	case WW_SPECIAL_FRANKLIN:
		ww_french_alliance_steps(p, k->french_alliance);
		break;
	case WW_SPECIAL_WAR_ENDS:
		war_ends(p, c);
		return;
	default:
		break;
	}
	discard(p, c);
	if (k->reshuffle_on_play) {
		s->reshuffle_pending = true; /* 6.3.D */
		ww_event(p->ev, WW_TO_BOTH, "The deck will be reshuffled at the next "
			 "Strategy Cards Phase (6.3.D).");
	}
}

static int play_event(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	if (k->ops) {
		wj_why(p->why, p->whylen, "#%d is a %d OPS card, not an event: play it with "
		       "`play %d pc SPACE, ...`.", o->card, k->ops, o->card);
		return -1;
	}
	if (!k->must_play && k->flag != WW_FLAG_EITHER && (int)k->flag != (int)side) {
		wj_why(p->why, p->whylen, "#%d %s is a %s event: the %s may only discard it (6.32.A).",
		       o->card, k->title, ww_side_name((enum ww_side)k->flag), ww_side_name(side));
		return -1;
	}
	if (k->battle && !k->strategy_play) {
		wj_why(p->why, p->whylen, "#%d %s is a battle card: it is played during a battle "
		       "(`battle-card %d`, 6.33.A), or discarded.", o->card, k->title, o->card);
		return -1;
	}
	if (k->campaign)
		return play_campaign(p, side, o);
	played(p, side, o->card);
	ww_event(p->ev, WW_TO_BOTH, "The %s plays #%d %s as an event.", ww_side_name(side),
		 o->card, k->title);
	int to_pile = 1;
	if (k->special != WW_SPECIAL_NONE)
		to_pile = special_event(p, side, o); /* 0: it stays in the War Ends box */
	else if (ww_event_play(p, side, o))
		return -1;
	if (to_pile < 0)
		return -1;
	if (k->battle)
		s->play.draws_owed[side]++; /* 6.33.B: Tarleton in the Strategy Phase (rulings.md) */
	if (to_pile) {
		discard(p, o->card);
		if (k->reshuffle_on_play) {
			s->reshuffle_pending = true; /* 6.3.D */
			ww_event(p->ev, WW_TO_BOTH, "The deck will be reshuffled at the next "
				 "Strategy Cards Phase (6.3.D).");
		}
	}
	return 0;
}


/* 7.2: the campaign card opens; its activations are asked one by one. */
static int play_campaign(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	played(p, side, o->card);
	discard(p, o->card);
	s->play.kind = WW_PLAY_CAMPAIGN;
	s->play.activations_left = (int8_t)k->campaign_generals;
	ww_event(p->ev, WW_TO_BOTH, "The %s plays #%d %s: up to %d activations (7.2).",
		 ww_side_name(side), o->card, k->title, k->campaign_generals);
	return 0;
}

/* 7.1.B: the cards of an Operations Queue go to the discard pile once it is
 * used or abandoned. */
static void empty_queue(struct ww_ctx *p, enum ww_side side, const char *why)
{
	struct ww_pile *q = &p->s->ops_queue[side];
	if (!q->n)
		return;
	ww_event(p->ev, WW_TO_BOTH, "The %s Operations Queue (%d card%s) is %s (7.1.B).",
		 ww_side_name(side), q->n, q->n == 1 ? "" : "s", why);
	while (q->n)
		ww_pile_put(&p->s->discard, ww_pile_pop(q));
}

void ww_abandon_queues(struct ww_ctx *p)
{
	empty_queue(p, WW_AMERICAN, "abandoned at the end of the turn");
	empty_queue(p, WW_BRITISH, "abandoned at the end of the turn");
}

static int queue_total(const struct ww_ctx *p, enum ww_side side)
{
	int total = 0;
	for (int i = 0; i < p->s->ops_queue[side].n; i++)
		total += card(p->d, p->s->ops_queue[side].card[i])->ops;
	return total;
}

static int need_ops_card(struct ww_ctx *p, const struct ww_order *o, const char *use)
{
	const struct ww_card *k = card(p->d, o->card);
	if (k->ops)
		return 0;
	wj_why(p->why, p->whylen, "#%d %s is an event card: only an OPS card can %s (6.2).",
	       o->card, k->title, use);
	return -1;
}

/* 7.1.A: one OPS card activates one general. */
static int play_move(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	if (need_ops_card(p, o, "activate a general"))
		return -1;
	p->s->play.kind = WW_PLAY_OPS;
	played(p, side, o->card);
	ww_pile_put(&p->s->discard, o->card);
	return ww_start_move(p, side, o, card(p->d, o->card)->ops);
}

/* 7.1.B */
static int play_queue(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (need_ops_card(p, o, "go into the Operations Queue"))
		return -1;
	int ops = card(p->d, o->card)->ops;
	if (!o->queue_move) {
		if (s->ops_queue[side].n == 0 && ops > 2) {
			wj_why(p->why, p->whylen, "An Operations Queue starts with a 1 or 2 OPS card "
			       "(7.1.B.i); #%d is a 3: play it to activate any general.", o->card);
			return -1;
		}
		played(p, side, o->card);
		ww_pile_put(&s->ops_queue[side], o->card);
		ww_event(p->ev, WW_TO_BOTH, "The %s adds #%d (%d OPS) to the Operations Queue: "
			 "%d in all (7.1.B).", ww_side_name(side), o->card, ops, queue_total(p, side));
		return 0;
	}
	if (s->ops_queue[side].n == 0) {
		wj_why(p->why, p->whylen, "There is no Operations Queue to add #%d to: play it "
		       "with `play %d move ...`, or start a queue with `play N queue` (7.1.B).",
		       o->card, o->card);
		return -1;
	}
	s->play.kind = WW_PLAY_QUEUE;
	int total = queue_total(p, side) + ops;
	played(p, side, o->card);
	ww_pile_put(&s->discard, o->card);
	empty_queue(p, side, "used");
	return ww_start_move(p, side, o, total > 3 ? 3 : total);
}

static int play_reinforce(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	if (need_ops_card(p, o, "bring reinforcements"))
		return -1;
	return ww_reinforce(p, side, o);
}

/* A standing order only the American's questions can use: refused to the
 * British, whom the rules never ask it, rather than kept and never used
 * (docs/rulings.md, 7.8 / 7.9). */
static int american_only(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	if (side == WW_AMERICAN)
		return 0;
	if (o->standing == WW_STAND_NEVER_RETREAT_BEFORE_BATTLE)
		wj_why(p->why, p->whylen, "Only an American army retreats before battle (7.9): "
		       "the British are never asked, so a standing order for it would do "
		       "nothing.");
	else
		wj_why(p->why, p->whylen, "Only an American army attempts interception (7.8): "
		       "the British are never asked, so a standing order for it would do "
		       "nothing.");
	return -1;
}

int ww_standing_order(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_standing *st = &p->s->standing[side];
	const char *what = "";
	if ((o->standing == WW_STAND_NEVER_INTERCEPT || o->standing == WW_STAND_ALWAYS_INTERCEPT ||
	     o->standing == WW_STAND_NEVER_RETREAT_BEFORE_BATTLE) && american_only(p, side, o))
		return -1;
	switch (o->standing) {
	case WW_STAND_CLEAR:
		memset(st, 0, sizeof *st);
		what = "cleared";
		break;
	case WW_STAND_NEVER_INTERCEPT:
		st->never_intercept = true;
		what = "never attempt interception";
		break;
	case WW_STAND_ALWAYS_INTERCEPT:
		if (o->general < 0 || p->d->generals[o->general].side != side) {
			wj_why(p->why, p->whylen, "Name one of your generals: "
			       "`standing always-intercept GENERAL`.");
			return -1;
		}
		st->always_intercept |= (uint16_t)(1u << o->general);
		what = "always attempt interception with that general";
		break;
	case WW_STAND_NEVER_RETREAT_BEFORE_BATTLE:
		st->never_retreat_before_battle = true;
		what = "never retreat before battle";
		break;
	case WW_STAND_NEVER_EXCHANGE:
		st->never_exchange = true;
		what = "never exchange for a discarded event";
		break;
	case WW_STAND_NEVER_BATTLE_CARD:
		st->never_battle_card = true;
		what = "never play or discard a card in battle";
		break;
	case WW_STAND_FRENCH_LOSSES_FIRST:
	case WW_STAND_AMERICAN_LOSSES_FIRST:
		if (side != WW_AMERICAN) {
			wj_why(p->why, p->whylen, "Only the American chooses which CUs a mixed "
			       "American and French stack loses to winter attrition (11.3).");
			return -1;
		}
		st->french_losses_first = o->standing == WW_STAND_FRENCH_LOSSES_FIRST;
		what = st->french_losses_first
		       ? "French CUs are lost first in mixed stacks' winter attrition"
		       : "American CUs are lost first in mixed stacks' winter attrition";
		break;
	}
	ww_event(p->ev, side, "Your standing orders: %s.", what);
	return 0;
}

static bool is_card_play(enum ww_order_kind kind)
{
	return kind == WW_ORD_PLAY_PC || kind == WW_ORD_PLAY_EVENT || kind == WW_ORD_DISCARD ||
	       kind == WW_ORD_PLAY_MOVE || kind == WW_ORD_PLAY_QUEUE || kind == WW_ORD_PLAY_REINFORCE;
}

int ww_impulse(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (o->kind == WW_ORD_EXCHANGE) {
		if (exchange(p, side, o->card))
			return -1;
		ww_ask(s, side, WW_ASK_IMPULSE);
		return 0;
	}
	if (o->kind == WW_ORD_PASS && s->extra_impulse_now) {
		s->extra_impulse_now = false; /* 6.34 tournament rule: "may" */
		s->impulse = side;
		ww_event(p->ev, WW_TO_BOTH, "The %s declines the extra action.", ww_side_name(side));
		return 0;
	}
	if (!is_card_play(o->kind)) {
		wj_why(p->why, p->whylen, "It is your impulse: play or discard one card "
		       "(`play N pc SPACE, ...`, `play N move GENERAL to ...`, `play N queue`, "
		       "`play N reinforce SPACE`, `play N event`, `discard N [pc|remove SPACE]`%s%s).",
		       s->exchange_for == side ? ", or first `exchange N`" : "",
		       s->extra_impulse_now ? ", or `pass` to decline this extra action" : "");
		return -1;
	}
	if (card_in_hand(p, side, o->card))
		return -1;
	s->extra_impulse_now = false;
	s->exchange_offer = 0; /* any play declines an offer (6.32.C) */
	s->exchange_for = WW_NOBODY;
	s->impulse = side;
	if (o->kind != WW_ORD_PLAY_QUEUE)
		empty_queue(p, side, "abandoned");
	memset(&s->play, 0, sizeof s->play);
	s->play.card = (int16_t)o->card;
	s->play.side = (int8_t)side;
	s->last_card_of_phase = s->hand[side].n == 1 && s->hand[ww_enemy(side)].n == 0; /* 9.44 */
	switch (o->kind) {
	case WW_ORD_PLAY_PC: return play_pc(p, side, o);
	case WW_ORD_DISCARD: return discard_play(p, side, o);
	case WW_ORD_PLAY_MOVE: return play_move(p, side, o);
	case WW_ORD_PLAY_QUEUE: return play_queue(p, side, o);
	case WW_ORD_PLAY_REINFORCE: return play_reinforce(p, side, o);
	default: return play_event(p, side, o);
	}
}

/* 6.33.B: battle-card replacements, the player taking the impulse first. */
void ww_finish_card(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	enum ww_side first = (enum ww_side)s->play.side;
	enum ww_side order[2] = { first, ww_enemy(first) };
	for (int i = 0; i < 2; i++) {
		for (int n = s->play.draws_owed[order[i]]; n > 0; n--) {
			int c = ww_draw_card(p);
			if (!c)
				break;
			ww_pile_put(&s->hand[order[i]], c);
			ww_event(p->ev, WW_TO_BOTH, "The %s draws a replacement for a battle card (6.33.B).",
				 ww_side_name(order[i]));
			ww_event(p->ev, order[i], "You draw #%d %s.", c, card(p->d, c)->title);
		}
	}
	memset(&s->play, 0, sizeof s->play);
	s->last_card_of_phase = false;
}

/* 7.2: one activation of the campaign in play. */
int ww_campaign_answer(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	switch (o->kind) {
	case WW_ORD_DONE:
		s->play.activations_left = 0;
		ww_event(p->ev, WW_TO_BOTH, "The %s ends the campaign.", ww_side_name(side));
		return 0;
	case WW_ORD_LANDING:
		if (side != WW_BRITISH || !card(p->d, s->play.card)->campaign) {
			wj_why(p->why, p->whylen, "Only the British make Landing Parties, with a "
			       "campaign card (7.2.B).");
			return -1;
		}
		if (ww_landing_party(p, o))
			return -1;
		s->play.activations_left--;
		return 0;
	case WW_ORD_MOVE:
		if (ww_start_move(p, side, o, 0))
			return -1;
		s->play.activations_left--;
		return 0;
	default:
		wj_why(p->why, p->whylen, "The campaign goes on: `move GENERAL to SPACE, ...`%s, "
		       "or `done` (7.2).", side == WW_BRITISH && !s->play.landing_party_used &&
		       card(p->d, s->play.card)->campaign ? ", `landing PORT`" : "");
		return -1;
	}
}

/* The American's answer to a Declaration the British played. */
int ww_declaration_answer(struct ww_ctx *p, const struct ww_order *o)
{
	return declaration(p, o);
}
