/* The sequence of play (5.0): set-up, the year's phases, dealing and
 * reshuffles (6.1), the opening of the Strategy Phase (5.3), and the
 * dispatcher that hands each order to the rule it answers and resumes
 * whatever a question interrupted. Card plays are in rules_cards.c. */
#include <stdio.h>
#include <string.h>
#include "rules_internal.h"

#define HAND_SIZE 7 /* 5.2 */

static void begin_turn(struct ww_ctx *p);

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

void ww_ask(struct ww_state *s, enum ww_side who, enum ww_prompt what)
{
	s->to_move = who;
	s->prompt = what;
}

/* ---- the deck (6.1) ---- */

static void shuffle_deck(struct ww_ctx *p)
{
	p->rng->shuffle(p->rng->ctx, p->s->next_shuffle++, p->s->deck.card, p->s->deck.n);
}

/* 6.1.B: all discards and the cards left in the deck make a fresh deck;
 * the War Ends card, removed cards, hands and cards in the reinforcement
 * boxes stay where they are (Reshuffle Clarification). */
static void reconstitute_deck(struct ww_ctx *p, const char *cause)
{
	struct ww_state *s = p->s;
	while (s->discard.n)
		ww_pile_put(&s->deck, ww_pile_pop(&s->discard));
	shuffle_deck(p);
	s->reshuffle_pending = false;
	ww_event(p->ev, WW_TO_BOTH, "The Strategy Card deck is reshuffled (%s): %d cards.",
		 cause, s->deck.n);
}

void ww_reshuffle_unseen(struct ww_state *s, struct wj_rng *rng)
{
	struct ww_ctx p = { .s = s, .rng = rng };
	shuffle_deck(&p);
}

int ww_draw_card(struct ww_ctx *p)
{
	if (p->s->deck.n == 0)
		reconstitute_deck(p, "the deck is depleted, 6.1.A");
	return ww_pile_pop(&p->s->deck);
}

/* 6.1.E: cards set aside at set-up join the deck in their year. */
static bool cards_join_deck(struct ww_ctx *p)
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
static void deal(struct ww_ctx *p)
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
			int c = ww_draw_card(p);
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

static void reinforcements_phase(struct ww_ctx *p)
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

static void begin_turn(struct ww_ctx *p)
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
	ww_ask(s, WW_BRITISH, WW_ASK_OPENING); /* 5.3.a */
}

/* 13.1: checked whenever CUs may have left the map. */
static bool game_over_now(struct ww_ctx *p)
{
	if (ww_automatic_winner(p->d, p->s) == WW_NOBODY)
		return false;
	ww_decide_game_end(p->d, p->s, WW_WIN_AUTOMATIC, p->ev);
	return true;
}

void ww_lose_regulars(struct ww_ctx *p)
{
	if (!p->s->regulars)
		return;
	p->s->regulars = false; /* 9.41 */
	ww_event(p->ev, WW_TO_BOTH, "The British lose the Regulars' Advantage for the rest "
		 "of the game (9.41).");
	ww_french_alliance_steps(p, 2); /* 12.1 */
}

/* Each phase begins with enter_*; a phase that asks a question is finished
 * by *_rest once the answer is in (ww_resume). */
static void enter_french_naval(struct ww_ctx *p);
static void enter_political(struct ww_ctx *p);
static void political_rest(struct ww_ctx *p);
static void enter_end(struct ww_ctx *p);
static void end_rest(struct ww_ctx *p);

static void end_strategy_phase(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	s->impulse = WW_NOBODY;
	s->exchange_offer = 0;
	s->exchange_for = WW_NOBODY;
	s->extra_impulse = WW_NOBODY;
	s->extra_impulse_now = false;
	s->phase = WW_PH_WINTER_ATTRITION;
	ww_event(p->ev, WW_TO_BOTH, "The Strategy Phase of %d ends.", s->year);
	ww_winter_attrition(p->d, s, p->rng, p->ev);
	if (game_over_now(p)) /* 13.1 */
		return;
	enter_french_naval(p);
}

static void enter_french_naval(struct ww_ctx *p)
{
	p->s->phase = WW_PH_FRENCH_NAVAL;
	if (!ww_french_naval_phase(p)) /* 5.5 */
		enter_political(p);
}

static void enter_political(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	s->phase = WW_PH_POLITICAL;
	if (s->congress_at == WW_LOC_DISPERSED) { /* 10.2.1 */
		int options[WW_MAX_SPACES];
		int n = ww_congress_options(p->d, s, options);
		if (n > 1) {
			ww_ask(s, WW_AMERICAN, WW_ASK_CONGRESS);
			return;
		}
		if (n == 1) {
			s->congress_at = (int16_t)options[0];
			ww_event(p->ev, WW_TO_BOTH, "The Continental Congress returns to %s, "
				 "the only space it may (10.2.1).", ww_space_name(p->d, options[0]));
		} else {
			ww_event(p->ev, WW_TO_BOTH, "The Congress has nowhere to return and stays "
				 "out of play this year (10.2.1).");
		}
	}
	political_rest(p);
}

/* 10.2.2 and 10.2.3. */
static void political_rest(struct ww_ctx *p)
{
	ww_place_army_pcs(p->d, p->s, p->ev);
	ww_remove_isolated(p->d, p->s, WW_AMERICAN, p->ev);
	ww_remove_isolated(p->d, p->s, WW_BRITISH, p->ev);
	enter_end(p);
}

static void enter_end(struct ww_ctx *p)
{
	p->s->phase = WW_PH_END;
	if (!ww_european_war(p)) /* 12.2.B.iii */
		end_rest(p);
}

static void end_rest(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	if (s->french_alliance_now) {
		s->reshuffle_pending = true; /* 12.2.B.iv */
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
	ww_abandon_queues(p); /* 5.7 End Phase Clarification */
	for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++)
		while (s->reinforcement_cards[side].n)
			ww_pile_put(&s->discard, ww_pile_pop(&s->reinforcement_cards[side]));
	s->no_american_placement = false;
	s->congress_dispersed_last_turn = s->congress_dispersed_this_turn;
	s->congress_dispersed_this_turn = false;
	s->year++;
	begin_turn(p);
}

/* 6.34 Optional Tournament Rule: after his Declaration or Franklin the
 * British draw a replacement card and may take another action at once
 * (`pass` declines it). Returns true if that action is asked for. */
static bool extra_impulse(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	enum ww_side side = (enum ww_side)s->extra_impulse;
	s->extra_impulse = WW_NOBODY;
	int c = ww_draw_card(p);
	if (c) {
		ww_pile_put(&s->hand[side], c);
		ww_event(p->ev, WW_TO_BOTH, "The %s draws a replacement card (6.34, tournament rule).",
			 ww_side_name(side));
		ww_event(p->ev, side, "You draw #%d %s.", c, card(p->d, c)->title);
	}
	if (!s->hand[side].n)
		return false;
	s->exchange_offer = 0;
	s->exchange_for = WW_NOBODY;
	s->impulse = side;
	s->extra_impulse_now = true;
	ww_ask(s, side, WW_ASK_IMPULSE);
	return true;
}

/* Who plays next: alternate while both hold cards, else whoever still
 * holds cards (5.3); the phase ends when both hands are empty. */
static void next_impulse(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	enum ww_side just_played = s->impulse, other = ww_enemy(just_played);
	if (s->extra_impulse && extra_impulse(p))
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
		end_strategy_phase(p);
		return;
	}
	if (s->exchange_for != s->impulse) {
		s->exchange_offer = 0;
		s->exchange_for = WW_NOBODY;
	}
	ww_ask(s, s->impulse, WW_ASK_IMPULSE);
}

/* One step of the Strategy Phase after a card play or an answer. */
static void strategy_step(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	if (s->mv.general >= 0) {
		ww_move_continue(p);
		return;
	}
	if (game_over_now(p)) /* 13.1 */
		return;
	if (s->play.card && s->play.kind == WW_PLAY_CAMPAIGN && s->play.activations_left > 0) {
		ww_ask(s, (enum ww_side)s->play.side, WW_ASK_CAMPAIGN);
		return;
	}
	if (s->play.card) {
		ww_finish_card(p);
		return;
	}
	if (s->french_in_war && ww_french_enter_war(p)) /* 12.2.B, after the card */
		return;
	next_impulse(p);
}

void ww_resume(struct ww_ctx *p)
{
	struct ww_state *s = p->s;
	while (s->prompt == WW_ASK_NOTHING && s->phase != WW_PH_GAME_OVER) {
		if (s->washington_pcs_to_remove > 0) { /* 7.6.B, as soon as nothing else is asked */
			ww_ask(s, WW_BRITISH, WW_ASK_WASHINGTON_CAPTURED);
			return;
		}
		switch (s->phase) {
		case WW_PH_STRATEGY: strategy_step(p); break;
		case WW_PH_FRENCH_NAVAL: enter_political(p); break;
		case WW_PH_POLITICAL: political_rest(p); break;
		case WW_PH_END: end_rest(p); break;
		default: return;
		}
	}
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
		 struct wj_rng *rng, struct ww_events *ev)
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
	struct ww_ctx p = { d, s, rng, ev, NULL, 0 };
	shuffle_deck(&p);
	ww_event(ev, WW_TO_BOTH, "A new game of Washington's War: %d, set-up as in 4.0. "
		 "%d cards in the deck, %d set aside until later years.",
		 s->year, s->deck.n, s->set_aside.n);
	ww_ask(s, WW_AMERICAN, WW_ASK_COMMITTEES);
}

/* ---- set-up orders (4.0) ---- */

static int committees(struct ww_ctx *p, const struct ww_order *o)
{
	const struct ww_data *d = p->d;
	struct ww_state start = *p->s;
	int per_colony[WW_MAX_COLONIES] = { 0 };
	for (int i = 0; i < o->nspaces; i++) {
		int sp = o->spaces[i];
		int col = d->spaces[sp].colony;
		if (d->colonies[col].is_canada) {
			wj_why(p->why, p->whylen, "%s is in Canada; Committees of Correspondence "
			       "go only in the Thirteen Colonies (4.0).", ww_space_name(d, sp));
			return -1;
		}
		if (++per_colony[col] > d->committees_per_colony) {
			wj_why(p->why, p->whylen, "Two Committees in %s (%s): one PC per colony (4.0).",
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
			wj_why(p->why, p->whylen, "No Committee of Correspondence named for %s: "
			       "4.0 places one PC in each of the Thirteen Colonies.",
			       d->colonies[c].name);
			return -1;
		}
	}
	ww_ask(p->s, WW_BRITISH, WW_ASK_FOR_THE_KING);
	p->s->phase = WW_PH_FOR_THE_KING;
	return 0;
}

static int for_the_king(struct ww_ctx *p, const struct ww_order *o)
{
	struct ww_state start = *p->s;
	if (o->nspaces > p->d->for_the_king_pcs) {
		wj_why(p->why, p->whylen, "For The King places up to %d PCs (4.0), not %d.",
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

static int choose_first(struct ww_ctx *p, enum ww_side first)
{
	struct ww_state *s = p->s;
	if (first != WW_AMERICAN && first != WW_BRITISH) {
		wj_why(p->why, p->whylen, "Say `first american` or `first british`.");
		return -1;
	}
	ww_event(p->ev, WW_TO_BOTH, "The %s player chooses the %s player to play first (5.3).",
		 ww_side_name(s->chooser), ww_side_name(first));
	if (s->hand[first].n == 0)
		first = ww_enemy(first);
	s->impulse = first;
	ww_ask(s, first, WW_ASK_IMPULSE);
	return 0;
}

/* 5.3.a: the British may open with a campaign card, and so play first. */
static int opening(struct ww_ctx *p, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (o->kind == WW_ORD_FIRST && s->chooser == WW_BRITISH)
		return choose_first(p, o->first);
	if (o->kind == WW_ORD_PLAY_EVENT && o->card >= 1 && o->card <= p->d->ncards &&
	    card(p->d, o->card)->campaign) {
		ww_event(p->ev, WW_TO_BOTH, "The British open %d with a campaign card and play "
			 "first (5.3.a).", s->year);
		return ww_impulse(p, WW_BRITISH, o);
	}
	if (o->kind != WW_ORD_PASS) {
		wj_why(p->why, p->whylen, "The British may open the %d Strategy Phase by playing "
		       "a Major or Minor Campaign card (`play N event`, 5.3.a), or `pass`%s.",
		       s->year, s->chooser == WW_BRITISH ? ", or choose: `first american|british`" : "");
		return -1;
	}
	ww_event(p->ev, WW_TO_BOTH, "The British do not open with a campaign card.");
	ww_ask(s, s->chooser, WW_ASK_FIRST_PLAYER);
	return 0;
}

/* ---- answers ---- */

static int congress_answer(struct ww_ctx *p, const struct ww_order *o)
{
	int options[WW_MAX_SPACES];
	int n = ww_congress_options(p->d, p->s, options);
	for (int i = 0; i < n; i++) {
		if (options[i] != o->spaces[0])
			continue;
		p->s->congress_at = (int16_t)options[i];
		ww_event(p->ev, WW_TO_BOTH, "The Continental Congress returns to %s (10.2.1).",
			 ww_space_name(p->d, options[i]));
		return 0;
	}
	wj_why(p->why, p->whylen, "The Congress may return only to a space in the Thirteen "
	       "Colonies with an American PC and no British piece (10.2.1); %s is not one.",
	       ww_space_name(p->d, o->spaces[0]));
	return -1;
}

static const char *expected(enum ww_prompt prompt)
{
	switch (prompt) {
	case WW_ASK_COMMITTEES: return "`committees SPACE, SPACE, ...` (one per colony)";
	case WW_ASK_FOR_THE_KING: return "`for-the-king SPACE, SPACE, SPACE`";
	case WW_ASK_OPENING: return "`pass` or `play N event` (a campaign card)";
	case WW_ASK_FIRST_PLAYER: return "`first american` or `first british`";
	case WW_ASK_IMPULSE: return "`play N ...` or `discard N`";
	case WW_ASK_DECLARATION: return "`declaration SPACE, SPACE, ...`";
	case WW_ASK_CONGRESS: return "`congress SPACE`";
	case WW_ASK_CAMPAIGN: return "`move GENERAL to SPACE, ...`, `landing PORT` or `done`";
	case WW_ASK_INTERCEPT: return "`intercept GENERAL` or `no intercept`";
	case WW_ASK_RETREAT_BEFORE_BATTLE: return "`retreat-before-battle to SPACE` or `stand`";
	case WW_ASK_BATTLE_CARD: return "`battle-card N`, `battle-discard N` or `no battle-card`";
	case WW_ASK_RETREAT: return "`retreat to SPACE` or `retreat by sea to PORT`";
	case WW_ASK_FRENCH_NAVY: return "`navy ZONE`";
	case WW_ASK_FRENCH_FORCES: return "`french-forces PORT`";
	case WW_ASK_EUROPEAN_WAR: return "`remove-cu SPACE, SPACE`";
	case WW_ASK_WASHINGTON_CAPTURED: return "`remove-pc SPACE, SPACE, ...`";
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
	case WW_ASK_IMPULSE: return true; /* ww_impulse() explains */
	case WW_ASK_DECLARATION: return kind == WW_ORD_DECLARATION;
	case WW_ASK_CONGRESS: return kind == WW_ORD_CONGRESS;
	case WW_ASK_CAMPAIGN: return true; /* ww_campaign_answer() explains */
	case WW_ASK_INTERCEPT: return kind == WW_ORD_INTERCEPT || kind == WW_ORD_NO_INTERCEPT;
	case WW_ASK_RETREAT_BEFORE_BATTLE: return kind == WW_ORD_RETREAT_BEFORE || kind == WW_ORD_STAND;
	case WW_ASK_BATTLE_CARD:
		return kind == WW_ORD_BATTLE_CARD || kind == WW_ORD_BATTLE_DISCARD ||
		       kind == WW_ORD_NO_BATTLE_CARD;
	case WW_ASK_RETREAT: return kind == WW_ORD_RETREAT;
	case WW_ASK_FRENCH_NAVY: return kind == WW_ORD_NAVY;
	case WW_ASK_FRENCH_FORCES: return kind == WW_ORD_FRENCH_FORCES;
	case WW_ASK_EUROPEAN_WAR: return kind == WW_ORD_REMOVE_CU;
	case WW_ASK_WASHINGTON_CAPTURED: return kind == WW_ORD_REMOVE_PC;
	default: return false;
	}
}

static int answer(struct ww_ctx *p, enum ww_side side, enum ww_prompt asked,
		  const struct ww_order *o)
{
	switch (asked) {
	case WW_ASK_COMMITTEES: return committees(p, o);
	case WW_ASK_FOR_THE_KING: return for_the_king(p, o);
	case WW_ASK_OPENING: return opening(p, o);
	case WW_ASK_FIRST_PLAYER: return choose_first(p, o->first);
	case WW_ASK_IMPULSE: return ww_impulse(p, side, o);
	case WW_ASK_DECLARATION: return ww_declaration_answer(p, o);
	case WW_ASK_CONGRESS:
		if (o->nspaces != 1) {
			wj_why(p->why, p->whylen, "Name one space: `congress SPACE`.");
			return -1;
		}
		return congress_answer(p, o);
	case WW_ASK_CAMPAIGN: return ww_campaign_answer(p, side, o);
	case WW_ASK_INTERCEPT:
	case WW_ASK_RETREAT_BEFORE_BATTLE: return ww_move_answer(p, side, o);
	case WW_ASK_BATTLE_CARD:
	case WW_ASK_RETREAT: return ww_battle_answer(p, side, o);
	case WW_ASK_FRENCH_NAVY:
	case WW_ASK_FRENCH_FORCES:
	case WW_ASK_EUROPEAN_WAR:
	case WW_ASK_WASHINGTON_CAPTURED: return ww_french_answer(p, side, o);
	default: return -1;
	}
}

static bool takes_no_spaces(const struct ww_order *o)
{
	return o->kind == WW_ORD_PASS || o->kind == WW_ORD_FIRST || o->kind == WW_ORD_EXCHANGE ||
	       o->kind == WW_ORD_DONE || o->kind == WW_ORD_NO_INTERCEPT || o->kind == WW_ORD_STAND ||
	       o->kind == WW_ORD_RESIGN ||
	       (o->kind == WW_ORD_DISCARD && o->action == WW_DISCARD_ONLY) ||
	       (o->kind == WW_ORD_PLAY_QUEUE && !o->queue_move);
}

/* The judge's ruling (docs/rulings.md; the rule book has none): a side
 * may resign at any moment, and the other side wins at once. The position
 * stands as it is, a battle or a move under way included. */
static void resign(struct ww_ctx *p, enum ww_side side)
{
	struct ww_state *s = p->s;
	enum ww_side winner = side == WW_AMERICAN ? WW_BRITISH : WW_AMERICAN;
	ww_event(p->ev, WW_TO_BOTH, "The %s player resigns: %s victory.", ww_side_name(side),
		 ww_side_name(winner));
	s->winner = winner;
	s->victory = WW_WIN_RESIGNATION;
	s->phase = WW_PH_GAME_OVER;
	ww_ask(s, WW_NOBODY, WW_ASK_NOTHING);
	s->move++;
}

static int dispatch(struct ww_ctx *p, enum ww_side side, const struct ww_order *o)
{
	struct ww_state *s = p->s;
	if (s->phase == WW_PH_GAME_OVER) {
		wj_why(p->why, p->whylen, "The game is over: the %s player won.",
		       ww_side_name(s->winner));
		return -1;
	}
	for (int i = 0; i < o->nspaces; i++)
		if (o->spaces[i] < 0 || o->spaces[i] >= p->d->nspaces) {
			wj_why(p->why, p->whylen, "Space number %d does not exist.", o->spaces[i]);
			return -1;
		}
	if (o->nspaces && takes_no_spaces(o)) {
		wj_why(p->why, p->whylen, "That order names no space.");
		return -1;
	}
	if (o->kind == WW_ORD_STANDING) /* any time, by either side */
		return ww_standing_order(p, side, o);
	if (o->kind == WW_ORD_RESIGN) {
		resign(p, side);
		return 0;
	}
	if (side != s->to_move) {
		char what[160];
		ww_prompt_text(p->d, s, what, sizeof what);
		wj_why(p->why, p->whylen, "It is not your move: %s", what);
		return -1;
	}
	if (!order_fits(s->prompt, o->kind)) {
		wj_why(p->why, p->whylen, "That order does not answer what you are asked; "
		       "expected %s.", expected(s->prompt));
		return -1;
	}
	enum ww_prompt asked = s->prompt;
	s->prompt = WW_ASK_NOTHING;
	if (answer(p, side, asked, o))
		return -1;
	ww_resume(p);
	s->move++;
	return 0;
}

int ww_apply(const struct ww_data *d, struct ww_state *s, enum ww_side side,
	     const struct ww_order *o, struct wj_rng *rng,
	     struct ww_events *ev, char *why, size_t whylen)
{
	struct ww_state work = *s;
	int mark = ev->n;
	struct ww_ctx p = { d, &work, rng, ev, why, whylen };
	if (side != WW_AMERICAN && side != WW_BRITISH) {
		wj_why(why, whylen, "Orders come from the American or the British side.");
		return -1;
	}
	if (dispatch(&p, side, o)) {
		ev->n = mark;
		return -1;
	}
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
	case WW_ASK_CAMPAIGN:
		snprintf(out, len, "The %s makes the campaign's next activation (%d left), or is done (7.2).",
			 who, s->play.activations_left);
		break;
	case WW_ASK_INTERCEPT:
		snprintf(out, len, "The American may try to intercept the British army entering %s (7.8).",
			 ww_space_name(d, s->mv.at));
		break;
	case WW_ASK_RETREAT_BEFORE_BATTLE:
		snprintf(out, len, "The American may try to retreat before battle from %s (7.9).",
			 ww_space_name(d, s->mv.at));
		break;
	case WW_ASK_BATTLE_CARD:
		snprintf(out, len, "The %s may play a battle card or discard an event for the battle "
			 "in %s (9.45).", who, ww_space_name(d, s->battle.space));
		break;
	case WW_ASK_RETREAT:
		snprintf(out, len, "The %s retreats from %s (9.6).", who, ww_space_name(d, s->battle.space));
		break;
	case WW_ASK_FRENCH_NAVY:
		snprintf(out, len, "The American places the French Navy in a blockade zone (12.3).");
		break;
	case WW_ASK_FRENCH_FORCES:
		snprintf(out, len, "The American places Rochambeau and the French CUs in a port (12.2.B.ii).");
		break;
	case WW_ASK_EUROPEAN_WAR:
		snprintf(out, len, "The British remove %d CU from the map for the European War (12.2.B.iii).",
			 s->european_war_cu);
		break;
	case WW_ASK_WASHINGTON_CAPTURED:
		snprintf(out, len, "The British remove %d American PCs, one per colony, after "
			 "Washington's capture (7.6.B).", s->washington_pcs_to_remove);
		break;
	default:
		snprintf(out, len, "The game is over: the %s player won.", ww_side_name(s->winner));
		break;
	}
}
