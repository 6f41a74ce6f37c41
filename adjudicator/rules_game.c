/* The sequence of play (5.0), dealing and reshuffles (6.1), and card plays
 * in the Strategy Phase (5.3, 6.2, 6.32, 6.34). */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

#define HAND_SIZE 7 /* 5.2 */

struct play {
	const struct ww_data *d;
	struct ww_state *s;
	struct ww_rng *rng;
	struct ww_events *ev;
	char *why;
	size_t whylen;
};

static void begin_turn(struct play *p);
static void after_strategy_phase(struct play *p);
static void political_phase_rest(struct play *p);

const char *ww_side_name(enum ww_side side)
{
	switch (side) {
	case WW_AMERICAN: return "American";
	case WW_BRITISH: return "British";
	default: return "nobody";
	}
}

const char *ww_phase_name(enum ww_phase phase)
{
	static const char *names[] = {
		"Committees of Correspondence", "For The King",
		"Reinforcements Phase", "Strategy Cards Phase", "Strategy Phase",
		"Winter Attrition Phase", "French Naval Phase",
		"Political Control Phase", "End Phase", "Game over",
	};
	return phase <= WW_PH_GAME_OVER ? names[phase] : "?";
}

static const struct ww_card *card(const struct ww_data *d, int n)
{
	return &d->cards[n];
}

static void ask(struct ww_state *s, enum ww_side who, enum ww_prompt what)
{
	s->to_move = who;
	s->prompt = what;
}

/* ---- the deck (6.1) ---- */

static void shuffle_deck(struct play *p)
{
	p->rng->shuffle(p->rng->ctx, p->s->next_shuffle++, p->s->deck.card, p->s->deck.n);
}

/* 6.1.B: all discards and the cards left in the deck make a fresh deck;
 * the War Ends card, removed cards, hands and cards in the reinforcement
 * boxes stay where they are (Reshuffle Clarification). */
static void reconstitute_deck(struct play *p, const char *cause)
{
	struct ww_state *s = p->s;
	while (s->discard.n)
		ww_pile_put(&s->deck, ww_pile_pop(&s->discard));
	shuffle_deck(p);
	s->reshuffle_pending = false;
	ww_event(p->ev, WW_TO_BOTH, "The Strategy Card deck is reshuffled (%s): %d cards.",
		 cause, s->deck.n);
}

static int draw_card(struct play *p)
{
	if (p->s->deck.n == 0)
		reconstitute_deck(p, "the deck is depleted, 6.1.A");
	return ww_pile_pop(&p->s->deck);
}

/* 6.1.E: cards set aside at set-up join the deck in their year. */
static bool cards_join_deck(struct play *p)
{
	struct ww_state *s = p->s;
	bool joined = false;
	for (int i = s->set_aside.n - 1; i >= 0; i--) {
		int c = s->set_aside.card[i];
		if (card(p->d, c)->enters_year > s->year)
			continue;
		ww_pile_take(&s->set_aside, c);
		ww_pile_put(&s->deck, c);
		ww_event(p->ev, WW_TO_BOTH, "#%d %s is shuffled into the deck (6.1.E).",
			 c, card(p->d, c)->title);
		joined = true;
	}
	return joined;
}

/* 5.2: seven cards each, one at a time, the American first. */
static void deal(struct play *p)
{
	struct ww_state *s = p->s;
	s->phase = WW_PH_DEAL;
	bool joined = cards_join_deck(p);
	if (s->reshuffle_pending)
		reconstitute_deck(p, "an event called for it, 6.3.D");
	else if (joined)
		shuffle_deck(p);
	for (int i = 0; i < HAND_SIZE; i++) {
		for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++) {
			int c = draw_card(p);
			if (c)
				ww_pile_put(&s->hand[side], c);
		}
	}
	ww_event(p->ev, WW_TO_BOTH, "Strategy Cards Phase: %d cards to the American, "
		 "%d to the British; %d left in the deck.",
		 s->hand[WW_AMERICAN].n, s->hand[WW_BRITISH].n, s->deck.n);
	for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		char list[200] = "";
		for (int i = 0; i < s->hand[side].n; i++) {
			char one[12];
			snprintf(one, sizeof one, "%s#%d", i ? ", " : "", s->hand[side].card[i]);
			strncat(list, one, sizeof list - strlen(list) - 1);
		}
		ww_event(p->ev, side, "You are dealt %s.", list);
	}
}

/* ---- the year (5.1 - 5.7) ---- */

static void reinforcements_phase(struct play *p)
{
	struct ww_state *s = p->s;
	s->phase = WW_PH_REINFORCEMENTS;
	for (int g = 0; g < p->d->ngenerals; g++) {
		if (s->general_at[g] != WW_LOC_CAPTURED)
			continue;
		s->general_at[g] = WW_LOC_REINFORCEMENTS; /* 5.1, 8.1.A, 8.2.A */
		ww_event(p->ev, WW_TO_BOTH, "%s returns from captivity to the reinforcements box.",
			 p->d->generals[g].name);
	}
	int year = s->year - p->d->first_year;
	int cus = year >= 0 && year < WW_MAX_YEARS ? p->d->british_reinforcements[year] : 0;
	s->cu_reinforcements[WW_NAT_BRITISH] += cus;
	ww_event(p->ev, WW_TO_BOTH, "%d: %d British CUs arrive in the reinforcements box (8.1.A).",
		 s->year, cus);
}

static void begin_turn(struct play *p)
{
	struct ww_state *s = p->s;
	ww_event(p->ev, WW_TO_BOTH, "Game turn %d begins.", s->year);
	reinforcements_phase(p);
	deal(p);
	s->phase = WW_PH_STRATEGY;
	s->chooser = s->congress_dispersed_last_turn ? WW_BRITISH : WW_AMERICAN; /* 5.3.b/c */
	s->impulse = WW_NOBODY;
	s->exchange_offer = 0;
	s->exchange_for = WW_NOBODY;
	ask(s, WW_BRITISH, WW_ASK_OPENING); /* 5.3.a */
}

/* 13.1: checked whenever CUs may have left the map. */
static bool game_over_now(struct play *p)
{
	if (ww_automatic_winner(p->d, p->s) == WW_NOBODY)
		return false;
	ww_decide_game_end(p->d, p->s, WW_WIN_AUTOMATIC, p->ev);
	return true;
}

/* Who plays next: alternate while both hold cards, else whoever still
 * holds cards (5.3); the phase ends when both hands are empty. */
static void next_impulse(struct play *p, enum ww_side just_played)
{
	struct ww_state *s = p->s;
	enum ww_side other = ww_enemy(just_played);
	if (s->declaration_by) /* waiting for the American's Declaration spaces */
		return;
	if (game_over_now(p))
		return;
	if (s->exchange_for && s->hand[s->exchange_for].n == 0) {
		s->exchange_offer = 0; /* 6.32.C: only before his turn, and he has none */
		s->exchange_for = WW_NOBODY;
	}
	if (s->hand[other].n)
		s->impulse = other;
	else if (s->hand[just_played].n)
		s->impulse = just_played;
	else {
		after_strategy_phase(p);
		return;
	}
	if (s->exchange_for != s->impulse) {
		s->exchange_offer = 0;
		s->exchange_for = WW_NOBODY;
	}
	ask(s, s->impulse, WW_ASK_IMPULSE);
}

static void end_phase(struct play *p)
{
	struct ww_state *s = p->s;
	s->phase = WW_PH_END;
	if (s->french_alliance_now) {
		/* 12.2.B.iii/iv: European War; the British removal of 2 CUs is a
		 * British choice that the armies issue adds. */
		s->reshuffle_pending = true;
		s->french_alliance_now = false;
		ww_event(p->ev, WW_TO_BOTH, "French Alliance: the deck will be reshuffled (12.2.B.iv).");
	}
	int war_ends = s->war_ends_card ? card(p->d, s->war_ends_card)->war_ends_year : 0;
	if (war_ends && war_ends <= s->year) { /* 6.34.C.iii */
		ww_decide_game_end(p->d, s, WW_WIN_WAR_ENDS, p->ev);
		return;
	}
	if (s->year >= p->d->last_year) { /* 5.7 clarification */
		ww_decide_game_end(p->d, s, WW_WIN_LAST_YEAR, p->ev);
		return;
	}
	for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++)
		while (s->reinforcement_cards[side].n)
			ww_pile_put(&s->discard, ww_pile_pop(&s->reinforcement_cards[side]));
	s->no_american_placement = false;
	s->congress_dispersed_last_turn = s->congress_dispersed_this_turn;
	s->congress_dispersed_this_turn = false;
	s->year++;
	begin_turn(p);
}

static void after_strategy_phase(struct play *p)
{
	struct ww_state *s = p->s;
	s->impulse = WW_NOBODY;
	s->exchange_offer = 0;
	s->exchange_for = WW_NOBODY;
	s->phase = WW_PH_WINTER_ATTRITION;
	ww_event(p->ev, WW_TO_BOTH, "The Strategy Phase of %d ends.", s->year);
	ww_winter_attrition(p->d, s, p->rng, p->ev);
	if (game_over_now(p)) /* 13.1 */
		return;
	/* 5.5 French Naval Phase: the French Navy's move comes with the armies
	 * issue; until then there is nothing to do in it. */
	s->phase = WW_PH_POLITICAL;
	if (s->congress_at != WW_LOC_DISPERSED) {
		political_phase_rest(p);
		return;
	}
	int options[WW_MAX_SPACES];
	int n = ww_congress_options(p->d, s, options);
	if (n == 0) {
		ww_event(p->ev, WW_TO_BOTH, "The Congress has nowhere to return and stays "
			 "out of play this year (10.2.1).");
	} else if (n == 1) {
		s->congress_at = (int16_t)options[0];
		ww_event(p->ev, WW_TO_BOTH, "The Continental Congress returns to %s, "
			 "the only space it may (10.2.1).", ww_space_name(p->d, options[0]));
	} else {
		ask(s, WW_AMERICAN, WW_ASK_CONGRESS);
		return;
	}
	political_phase_rest(p);
}

/* 10.2.2 and 10.2.3, then the End Phase. */
static void political_phase_rest(struct play *p)
{
	ww_place_army_pcs(p->d, p->s, p->ev);
	ww_remove_isolated(p->d, p->s, WW_AMERICAN, p->ev);
	ww_remove_isolated(p->d, p->s, WW_BRITISH, p->ev);
	end_phase(p);
}

/* ---- a new game (4.0) ---- */

static void place_setup(const struct ww_data *d, struct ww_state *s,
			const struct ww_setup_item *it)
{
	if (it->space < 0) {
		for (int n = 0; n < WW_NATIONS; n++)
			s->cu_reinforcements[n] += it->cu[n];
		if (it->general >= 0)
			s->general_at[it->general] = WW_LOC_REINFORCEMENTS;
		return;
	}
	for (int n = 0; n < WW_NATIONS; n++)
		s->space[it->space].cu[n] += (uint8_t)it->cu[n];
	if (it->general >= 0)
		s->general_at[it->general] = (int16_t)it->space;
	if (it->pc)
		s->space[it->space].pc = (int8_t)it->side;
	if (it->congress)
		s->congress_at = (int16_t)it->space;
	(void)d;
}

void ww_new_game(const struct ww_data *d, struct ww_state *s,
		 struct ww_rng *rng, struct ww_events *ev)
{
	ww_state_init(s);
	s->year = d->first_year;
	s->phase = WW_PH_COMMITTEES;
	for (int g = 0; g < d->ngenerals; g++) {
		if (d->starts_in_reinforcements[g])
			s->general_at[g] = WW_LOC_REINFORCEMENTS;
		else if (d->starts_in_french_box[g])
			s->general_at[g] = WW_LOC_FRENCH_BOX;
	}
	s->cu_french_box = d->french_box_cu;
	for (int i = 0; i < d->nsetup; i++)
		place_setup(d, s, &d->setup[i]);
	for (int c = 1; c <= d->ncards; c++) {
		if (d->cards[c].enters_year > d->first_year)
			ww_pile_put(&s->set_aside, c);
		else
			ww_pile_put(&s->deck, c);
	}
	struct play p = { d, s, rng, ev, NULL, 0 };
	shuffle_deck(&p);
	ww_event(ev, WW_TO_BOTH, "A new game of Washington's War: %d, set-up as in 4.0. "
		 "%d cards in the deck, %d set aside until later years.",
		 s->year, s->deck.n, s->set_aside.n);
	ask(s, WW_AMERICAN, WW_ASK_COMMITTEES);
}

/* ---- set-up orders (4.0) ---- */

static bool repeats(const struct ww_order *o, int i)
{
	for (int j = 0; j < i; j++)
		if (o->spaces[j] == o->spaces[i])
			return true;
	return false;
}

static int committees(struct play *p, const struct ww_order *o)
{
	const struct ww_data *d = p->d;
	struct ww_state start = *p->s;
	int per_colony[WW_MAX_COLONIES] = { 0 };
	for (int i = 0; i < o->nspaces; i++) {
		int sp = o->spaces[i];
		int col = d->spaces[sp].colony;
		if (d->colonies[col].is_canada) {
			ww_why(p->why, p->whylen, "%s is in Canada; Committees of Correspondence "
			       "go only in the Thirteen Colonies (4.0).", ww_space_name(d, sp));
			return -1;
		}
		if (++per_colony[col] > d->committees_per_colony) {
			ww_why(p->why, p->whylen, "Two Committees in %s (%s): one PC per colony (4.0).",
			       d->colonies[col].name, ww_space_name(d, sp));
			return -1;
		}
		if (ww_pc_action(d, &start, p->s, WW_AMERICAN, sp, WW_PC_COMMITTEES, p->ev,
				 p->why, p->whylen))
			return -1;
	}
	for (int c = 0; c < d->ncolonies; c++) {
		if (d->colonies[c].is_canada || per_colony[c])
			continue;
		bool possible = false;
		for (int sp = 0; sp < d->nspaces; sp++)
			if (d->spaces[sp].colony == c &&
			    ww_pc_can_place(d, &start, p->s, WW_AMERICAN, sp, WW_PC_COMMITTEES))
				possible = true;
		if (possible) {
			ww_why(p->why, p->whylen, "No Committee of Correspondence named for %s: "
			       "4.0 places one PC in each of the Thirteen Colonies.",
			       d->colonies[c].name);
			return -1;
		}
	}
	ask(p->s, WW_BRITISH, WW_ASK_FOR_THE_KING);
	p->s->phase = WW_PH_FOR_THE_KING;
	return 0;
}

static int for_the_king(struct play *p, const struct ww_order *o)
{
	struct ww_state start = *p->s;
	if (o->nspaces > p->d->for_the_king_pcs) {
		ww_why(p->why, p->whylen, "For The King places up to %d PCs (4.0), not %d.",
		       p->d->for_the_king_pcs, o->nspaces);
		return -1;
	}
	for (int i = 0; i < o->nspaces; i++)
		if (ww_pc_action(p->d, &start, p->s, WW_BRITISH, o->spaces[i],
				 WW_PC_FOR_THE_KING, p->ev, p->why, p->whylen))
			return -1;
	begin_turn(p);
	return 0;
}

/* ---- the opening of the Strategy Phase (5.3) ---- */

static int choose_first(struct play *p, enum ww_side first)
{
	if (first != WW_AMERICAN && first != WW_BRITISH) {
		ww_why(p->why, p->whylen, "Say `first american` or `first british`.");
		return -1;
	}
	ww_event(p->ev, WW_TO_BOTH, "The %s player chooses the %s player to play first (5.3).",
		 ww_side_name(p->s->chooser), ww_side_name(first));
	struct ww_state *s = p->s;
	if (s->hand[first].n == 0)
		first = ww_enemy(first);
	s->impulse = first;
	ask(s, first, WW_ASK_IMPULSE);
	return 0;
}

static int opening(struct play *p, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (o->kind == WW_ORD_FIRST && s->chooser == WW_BRITISH)
		return choose_first(p, o->first);
	if (o->kind != WW_ORD_PASS) {
		ww_why(p->why, p->whylen, "The British may open the %d Strategy Phase with a "
		       "Major or Minor Campaign card (5.3.a); campaigns are not yet "
		       "adjudicated, so answer `pass`%s.", s->year,
		       s->chooser == WW_BRITISH ? " or `first american|british`" : "");
		return -1;
	}
	ww_event(p->ev, WW_TO_BOTH, "The British do not open with a campaign card.");
	ask(s, s->chooser, WW_ASK_FIRST_PLAYER);
	return 0;
}

/* ---- impulses ---- */

static int card_in_hand(struct play *p, enum ww_side side, int c)
{
	if (c < 1 || c > p->d->ncards) {
		ww_why(p->why, p->whylen, "There is no card #%d: cards are numbered 1 to %d.",
		       c, p->d->ncards);
		return -1;
	}
	if (!ww_pile_has(&p->s->hand[side], c)) {
		ww_why(p->why, p->whylen, "Card #%d (%s) is not in your hand.", c,
		       card(p->d, c)->title);
		return -1;
	}
	return 0;
}

static void played(struct play *p, enum ww_side side, int c)
{
	ww_pile_take(&p->s->hand[side], c);
	p->s->last_card[side] = c;
}

/* 6.32.C: the opponent may take the event just discarded. */
static int exchange(struct play *p, enum ww_side side, int c)
{
	struct ww_state *s = p->s;
	if (s->exchange_for != side || !s->exchange_offer) {
		ww_why(p->why, p->whylen, "There is no discarded event to exchange for: "
		       "an exchange follows the opponent's discard of an event as his play (6.32.C).");
		return -1;
	}
	if (card_in_hand(p, side, c))
		return -1;
	int ops = card(p->d, c)->ops;
	int min_ops = side == WW_AMERICAN ? 2 : 1;
	if (ops < min_ops) {
		ww_why(p->why, p->whylen, "#%d is not %s: the %s exchanges %s (6.32.C).", c,
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

static int play_pc(struct play *p, enum ww_side side, const struct ww_order *o)
{
	const struct ww_card *k = card(p->d, o->card);
	if (k->ops == 0) {
		ww_why(p->why, p->whylen, "#%d %s is an event card, not an OPS card: play it with "
		       "`play %d event` or discard it (6.32).", o->card, k->title, o->card);
		return -1;
	}
	if (o->nspaces < 1 || o->nspaces > k->ops) {
		ww_why(p->why, p->whylen, "#%d is a %d OPS card: it gives 1 to %d PC actions (10.11), "
		       "and %d spaces were named.", o->card, k->ops, k->ops, o->nspaces);
		return -1;
	}
	struct ww_state start = *p->s;
	for (int i = 0; i < o->nspaces; i++) {
		if (repeats(o, i)) {
			ww_why(p->why, p->whylen, "%s is named twice: each PC action is in its own space.",
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

static int discard_play(struct play *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	if (k->must_play) {
		ww_why(p->why, p->whylen, "#%d %s must be played as its event and may never be "
		       "discarded (6.34.A): `play %d event`.", o->card, k->title, o->card);
		return -1;
	}
	if (k->ops && o->action != WW_DISCARD_ONLY) {
		ww_why(p->why, p->whylen, "#%d is an OPS card: only an event card discarded gives "
		       "a PC action or a removal (6.32.B play note); play it with `play %d pc ...`.",
		       o->card, o->card);
		return -1;
	}
	struct ww_state start = *s;
	if (o->action != WW_DISCARD_ONLY && o->nspaces != 1) {
		ww_why(p->why, p->whylen, "A discard gives one PC action in one space (6.32.B).");
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
static void french_alliance_steps(struct play *p, int steps)
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
static int declaration(struct play *p, const struct ww_order *o)
{
	const struct ww_data *d = p->d;
	struct ww_state start = *p->s;
	int named[WW_MAX_COLONIES];
	for (int c = 0; c < d->ncolonies; c++)
		named[c] = -1;
	for (int i = 0; i < o->nspaces; i++) {
		int sp = o->spaces[i], col = d->spaces[sp].colony;
		if (d->colonies[col].is_canada) {
			ww_why(p->why, p->whylen, "%s is in Canada: the Declaration places PCs in "
			       "the Thirteen Colonies only (6.34.C.i).", ww_space_name(d, sp));
			return -1;
		}
		if (named[col] >= 0) {
			ww_why(p->why, p->whylen, "%s and %s are both in %s: one PC per colony (6.34.C.i).",
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
			ww_why(p->why, p->whylen, "The Declaration must place a PC in %s, where %d "
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

static int special_event(struct play *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	switch (k->special) {
	case WW_SPECIAL_DECLARATION:
		if (side == WW_BRITISH) {
			if (o->nspaces) {
				ww_why(p->why, p->whylen, "The American chooses where the Declaration's "
				       "PCs go (6.34.C.i): play it with `play %d event` alone.", o->card);
				return -1;
			}
			s->declaration_by = WW_BRITISH;
			ask(s, WW_AMERICAN, WW_ASK_DECLARATION);
		} else if (declaration(p, o)) {
			return -1;
		}
		break;
	case WW_SPECIAL_FRANKLIN:
		french_alliance_steps(p, k->french_alliance);
		break;
	case WW_SPECIAL_WAR_ENDS:
		if (s->war_ends_card)
			ww_pile_put(&s->discard, s->war_ends_card);
		s->war_ends_card = o->card;
		ww_event(p->ev, WW_TO_BOTH, "The war will end in %d or later: #%d goes to the "
			 "War Ends box (6.34.C.iii).", k->war_ends_year, o->card);
		return 0;
	default:
		break;
	}
	return 1;
}

static int play_event(struct play *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	const struct ww_card *k = card(p->d, o->card);
	if (k->ops) {
		ww_why(p->why, p->whylen, "#%d is a %d OPS card, not an event: play it with "
		       "`play %d pc SPACE, ...`.", o->card, k->ops, o->card);
		return -1;
	}
	if (!k->must_play && k->flag != WW_FLAG_EITHER && (int)k->flag != (int)side) {
		ww_why(p->why, p->whylen, "#%d %s is a %s event: the %s may only discard it (6.32.A).",
		       o->card, k->title, ww_side_name((enum ww_side)k->flag), ww_side_name(side));
		return -1;
	}
	if (k->special == WW_SPECIAL_NONE) {
		ww_why(p->why, p->whylen, "#%d %s: %s events are not yet adjudicated; discard it "
		       "instead (`discard %d`).", o->card, k->title,
		       k->campaign ? "campaign" : k->battle ? "battle card" : "this card's",
		       o->card);
		return -1;
	}
	played(p, side, o->card);
	ww_event(p->ev, WW_TO_BOTH, "The %s plays #%d %s as an event.", ww_side_name(side),
		 o->card, k->title);
	int kept = special_event(p, side, o);
	if (kept < 0)
		return -1;
	if (kept) {
		ww_pile_put(k->remove_after_play ? &s->removed : &s->discard, o->card);
		if (k->reshuffle_on_play) {
			s->reshuffle_pending = true; /* 6.3.D */
			ww_event(p->ev, WW_TO_BOTH, "The deck will be reshuffled at the next "
				 "Strategy Cards Phase (6.3.D).");
		}
	}
	return 0;
}

static int impulse(struct play *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (o->kind == WW_ORD_EXCHANGE)
		return exchange(p, side, o->card);
	if (o->kind != WW_ORD_PLAY_PC && o->kind != WW_ORD_PLAY_EVENT && o->kind != WW_ORD_DISCARD) {
		ww_why(p->why, p->whylen, "It is your impulse: play or discard one card "
		       "(`play N pc SPACE, ...`, `play N event`, `discard N [pc|remove SPACE]`%s).",
		       s->exchange_for == side ? ", or first `exchange N`" : "");
		return -1;
	}
	if (card_in_hand(p, side, o->card))
		return -1;
	s->exchange_offer = 0; /* any play declines an offer (6.32.C) */
	s->exchange_for = WW_NOBODY;
	int rc = o->kind == WW_ORD_PLAY_PC ? play_pc(p, side, o)
		: o->kind == WW_ORD_DISCARD ? discard_play(p, side, o)
		: play_event(p, side, o);
	if (rc)
		return -1;
	next_impulse(p, side);
	return 0;
}

/* ---- answers ---- */

static int declaration_answer(struct play *p, const struct ww_order *o)
{
	if (declaration(p, o))
		return -1;
	enum ww_side by = (enum ww_side)p->s->declaration_by;
	p->s->declaration_by = WW_NOBODY;
	next_impulse(p, by);
	return 0;
}

static int congress_answer(struct play *p, const struct ww_order *o)
{
	int options[WW_MAX_SPACES];
	int n = ww_congress_options(p->d, p->s, options);
	for (int i = 0; i < n; i++) {
		if (options[i] != o->spaces[0])
			continue;
		p->s->congress_at = (int16_t)options[i];
		ww_event(p->ev, WW_TO_BOTH, "The Continental Congress returns to %s (10.2.1).",
			 ww_space_name(p->d, options[i]));
		political_phase_rest(p);
		return 0;
	}
	ww_why(p->why, p->whylen, "The Congress may return only to a space in the Thirteen "
	       "Colonies with an American PC and no British piece (10.2.1); %s is not one.",
	       ww_space_name(p->d, o->spaces[0]));
	return -1;
}

static const char *expected(enum ww_prompt prompt)
{
	switch (prompt) {
	case WW_ASK_COMMITTEES: return "`committees SPACE, SPACE, ...` (one per colony)";
	case WW_ASK_FOR_THE_KING: return "`for-the-king SPACE, SPACE, SPACE`";
	case WW_ASK_OPENING: return "`pass`";
	case WW_ASK_FIRST_PLAYER: return "`first american` or `first british`";
	case WW_ASK_IMPULSE: return "`play N pc ...`, `play N event`, or `discard N`";
	case WW_ASK_DECLARATION: return "`declaration SPACE, SPACE, ...`";
	case WW_ASK_CONGRESS: return "`congress SPACE`";
	default: return "nothing: the game is over";
	}
}

static bool order_fits(enum ww_prompt prompt, enum ww_order_kind kind)
{
	switch (prompt) {
	case WW_ASK_COMMITTEES: return kind == WW_ORD_COMMITTEES;
	case WW_ASK_FOR_THE_KING: return kind == WW_ORD_FOR_THE_KING;
	case WW_ASK_OPENING: return true; /* opening() explains */
	case WW_ASK_FIRST_PLAYER: return kind == WW_ORD_FIRST;
	case WW_ASK_IMPULSE: return true; /* impulse() explains */
	case WW_ASK_DECLARATION: return kind == WW_ORD_DECLARATION;
	case WW_ASK_CONGRESS: return kind == WW_ORD_CONGRESS;
	default: return false;
	}
}

static int dispatch(struct play *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (s->phase == WW_PH_GAME_OVER) {
		ww_why(p->why, p->whylen, "The game is over: the %s player won.",
		       ww_side_name(s->winner));
		return -1;
	}
	if (side != s->to_move) {
		char what[160];
		ww_prompt_text(p->d, s, what, sizeof what);
		ww_why(p->why, p->whylen, "It is not your move: %s", what);
		return -1;
	}
	if (!order_fits(s->prompt, o->kind)) {
		ww_why(p->why, p->whylen, "That order does not answer what you are asked; "
		       "expected %s.", expected(s->prompt));
		return -1;
	}
	for (int i = 0; i < o->nspaces; i++)
		if (o->spaces[i] < 0 || o->spaces[i] >= p->d->nspaces) {
			ww_why(p->why, p->whylen, "Space number %d does not exist.", o->spaces[i]);
			return -1;
		}
	switch (s->prompt) {
	case WW_ASK_COMMITTEES: return committees(p, o);
	case WW_ASK_FOR_THE_KING: return for_the_king(p, o);
	case WW_ASK_OPENING: return opening(p, o);
	case WW_ASK_FIRST_PLAYER: return choose_first(p, o->first);
	case WW_ASK_IMPULSE: return impulse(p, side, o);
	case WW_ASK_DECLARATION: return declaration_answer(p, o);
	case WW_ASK_CONGRESS:
		if (o->nspaces != 1) {
			ww_why(p->why, p->whylen, "Name one space: `congress SPACE`.");
			return -1;
		}
		return congress_answer(p, o);
	default: return -1;
	}
}

int ww_apply(const struct ww_data *d, struct ww_state *s, enum ww_side side,
	     const struct ww_order *o, struct ww_rng *rng,
	     struct ww_events *ev, char *why, size_t whylen)
{
	struct ww_state work = *s;
	int mark = ev->n;
	struct play p = { d, &work, rng, ev, why, whylen };
	if (side != WW_AMERICAN && side != WW_BRITISH) {
		ww_why(why, whylen, "Orders come from the American or the British side.");
		return -1;
	}
	if (dispatch(&p, side, o)) {
		ev->n = mark;
		return -1;
	}
	work.move++;
	*s = work;
	return 0;
}

void ww_prompt_text(const struct ww_data *d, const struct ww_state *s, char *out, size_t len)
{
	const char *who = ww_side_name(s->to_move);
	switch (s->prompt) {
	case WW_ASK_COMMITTEES:
		snprintf(out, len, "The American places the Committees of Correspondence: "
			 "one PC in each of the Thirteen Colonies (4.0).");
		break;
	case WW_ASK_FOR_THE_KING:
		snprintf(out, len, "The British places up to %d For The King PCs (4.0).",
			 d->for_the_king_pcs);
		break;
	case WW_ASK_OPENING:
		snprintf(out, len, "The British may open %d with a campaign card, or pass (5.3.a).",
			 s->year);
		break;
	case WW_ASK_FIRST_PLAYER:
		snprintf(out, len, "The %s chooses who plays the first card of %d (5.3).", who, s->year);
		break;
	case WW_ASK_IMPULSE:
		snprintf(out, len, "The %s plays a card (%d in hand)%s.", who, s->hand[s->to_move].n,
			 s->exchange_for == s->to_move ? ", and may first exchange for the discarded event" : "");
		break;
	case WW_ASK_DECLARATION:
		snprintf(out, len, "The American places the Declaration of Independence's PCs (6.34.C.i).");
		break;
	case WW_ASK_CONGRESS:
		snprintf(out, len, "The American returns the Continental Congress to the map (10.2.1).");
		break;
	default:
		snprintf(out, len, "The game is over: the %s player won.", ww_side_name(s->winner));
		break;
	}
}
