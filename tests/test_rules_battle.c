/* Battles (9): battle cards, actual battle ratings, every DRM of table
 * 9.4, losses, retreats, surrender and what follows a battle, on small
 * hand-made maps with forced dice, and the rule book's Saratoga example
 * (9.63) on the real data. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "minimap.h"
#include "support.h"

/* ---- a small map ----
 *
 *   From - Field - North          Field is where the battles are;
 *            |                     Harbor and Haven are ports away
 *          South                   from it, for retreats by sea.
 */
struct world {
	struct ww_data *d;
	struct ww_state s;
	struct ww_events ev;
	struct mm_dice dice;
	struct wj_rng rng;
	struct ww_ctx c;
	char why[512];
	int ny, from, field, north, south, harbor, haven;
	int howe, clinton, greene, washington, rochambeau;
};

static struct world *world_new(unsigned field_flags)
{
	struct world *w = calloc(1, sizeof *w);
	assert_non_null(w);
	w->d = mm_new();
	struct ww_data *d = w->d;
	w->ny = mm_colony(d, "NY", false);
	w->from = mm_space(d, "From", w->ny, 0);
	w->field = mm_space(d, "Field", w->ny, field_flags);
	w->north = mm_space(d, "North", w->ny, 0);
	w->south = mm_space(d, "South", w->ny, 0);
	w->harbor = mm_space(d, "Harbor", w->ny, MM_PORT);
	w->haven = mm_space(d, "Haven", w->ny, MM_PORT);
	mm_link(d, w->from, w->field);
	mm_link(d, w->field, w->north);
	mm_link(d, w->field, w->south);
	w->howe = mm_general(d, "Howe", WW_BRITISH, 0);
	w->clinton = mm_general(d, "Clinton", WW_BRITISH, 0);
	w->greene = mm_general(d, "Greene", WW_AMERICAN, 0);
	w->washington = mm_general(d, "Washington", WW_AMERICAN, MM_WASHINGTON);
	w->rochambeau = mm_general(d, "Rochambeau", WW_AMERICAN, MM_ROCHAMBEAU);
	d->ncards = 6;
	for (int n = 1; n <= d->ncards; n++) {
		d->cards[n].number = n;
		snprintf(d->cards[n].title, sizeof d->cards[n].title, "Card %d", n);
	}
	d->cards[1].battle = true, d->cards[1].flag = WW_FLAG_AMERICAN;
	d->cards[2].battle = true, d->cards[2].flag = WW_FLAG_BRITISH;
	d->cards[3].flag = WW_FLAG_BRITISH; /* an ordinary event */
	d->cards[4].ops = 2;
	d->cards[5].must_play = true;
	d->cards[6].battle = true, d->cards[6].flag = WW_FLAG_BRITISH;
	d->cards[6].remove_after_play = true;
	ww_state_init(&w->s);
	w->s.phase = WW_PH_STRATEGY;
	w->rng = mm_rng(&w->dice);
	w->c = (struct ww_ctx){ w->d, &w->s, &w->rng, &w->ev, w->why, sizeof w->why };
	return w;
}

static void world_free(struct world *w)
{
	ww_events_free(&w->ev);
	free(w->d);
	free(w);
}

static void roll(struct world *w, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		w->dice.v[i] = va_arg(ap, int);
	va_end(ap);
	w->dice.n = n;
	w->dice.used = 0;
}

static void all_dice_used(const struct world *w)
{
	assert_int_equal(w->dice.used, w->dice.n);
}

static void put(struct world *w, int g, int space)
{
	w->s.general_at[g] = (int16_t)space;
}

static void cus(struct world *w, int space, enum ww_nation nation, int n)
{
	w->s.space[space].cu[nation] = (uint8_t)n;
}

static void rating(struct world *w, int g, int battle, int agility)
{
	w->d->generals[g].battle = battle;
	w->d->generals[g].agility = agility;
}

/* Howe with `att` British CUs attacks Greene with `def` American CUs in
 * Field, entering from From. */
static void british_attack(struct world *w, int att, int def)
{
	put(w, w->howe, w->field);
	put(w, w->greene, w->field);
	cus(w, w->field, WW_NAT_BRITISH, att);
	cus(w, w->field, WW_NAT_AMERICAN, def);
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, false);
}

static void american_attack(struct world *w, int g, int att, int def)
{
	put(w, g, w->field);
	put(w, w->howe, w->field);
	cus(w, w->field, WW_NAT_AMERICAN, att);
	cus(w, w->field, WW_NAT_BRITISH, def);
	ww_battle_begin(&w->c, w->field, WW_AMERICAN, g, w->from, false);
}

/* As the dispatcher does it: clears the prompt, then hands the order over. */
static int answer(struct world *w, enum ww_side side, enum ww_order_kind kind, int n, bool by_sea)
{
	struct ww_order o;
	ww_order_init(&o);
	o.kind = kind;
	if (kind == WW_ORD_RETREAT) {
		o.nspaces = 1;
		o.spaces[0] = n;
		o.by_sea = by_sea;
	} else {
		o.card = n;
	}
	w->s.prompt = WW_ASK_NOTHING;
	w->why[0] = 0;
	return ww_battle_answer(&w->c, side, &o);
}

static void refused(struct world *w, enum ww_side side, enum ww_order_kind kind, int n,
		    bool by_sea, const char *needle)
{
	struct ww_state before = w->s;
	before.prompt = WW_ASK_NOTHING;
	assert_int_equal(answer(w, side, kind, n, by_sea), -1);
	assert_memory_equal(&before, &w->s, sizeof before);
	if (!strstr(w->why, needle))
		fail_msg("refusal \"%s\" does not mention \"%s\"", w->why, needle);
}

static void logged(const struct world *w, const char *text)
{
	if (!mm_logged(&w->ev, text)) {
		for (int i = 0; i < w->ev.n; i++)
			fprintf(stderr, "  | %s\n", w->ev.v[i].text);
		fail_msg("no event says \"%s\"", text);
	}
}

static void over(const struct world *w)
{
	assert_int_equal(w->s.battle.space, -1);
	assert_int_equal(w->s.battle.step, WW_BATTLE_NONE);
	all_dice_used(w);
}

static void hand(struct world *w, enum ww_side side, int card)
{
	ww_pile_put(&w->s.hand[side], card);
}

/* ---- 9.63: the Saratoga example, on the real data ---- */

static void test_9_63_saratoga_example(void **state)
{
	(void)state;
	struct test_game *g = calloc(1, sizeof *g);
	assert_non_null(g);
	game_start(g);
	struct ww_data *d = malloc(sizeof *d);
	assert_non_null(d);
	*d = *g->d;
	g->d = d;
	int burgoyne = general(d, "Burgoyne"), gates = general(d, "Gates");
	assert_int_equal(d->generals[burgoyne].battle, 2); /* the example's ratings, from data */
	assert_int_equal(d->generals[burgoyne].agility, 1);
	d->generals[gates].battle = 2; /* "half of his rating" gives +1 */
	int saratoga = space(d, "Saratoga NY"), ticonderoga = space(d, "Ticonderoga NY");
	struct ww_state *s = &g->s;
	for (int sp = 0; sp < d->nspaces; sp++)
		if (d->spaces[sp].colony == d->spaces[saratoga].colony)
			s->space[sp].pc = WW_NOBODY;
	s->space[ticonderoga].pc = WW_AMERICAN; /* the Americans hold more of New York */
	memset(s->space[saratoga].cu, 0, sizeof s->space[saratoga].cu);
	for (int k = 0; k < d->ngenerals; k++)
		if (s->general_at[k] == saratoga)
			s->general_at[k] = WW_LOC_REINFORCEMENTS;
	s->general_at[burgoyne] = (int16_t)saratoga; /* marched in by way of Ticonderoga */
	s->general_at[gates] = (int16_t)saratoga;
	s->space[saratoga].cu[WW_NAT_BRITISH] = 5;
	s->space[saratoga].cu[WW_NAT_AMERICAN] = 5;
	s->phase = WW_PH_STRATEGY;
	int morgan = find_card(d, "Morgan's Riflemen", 0, NULL);
	int event = 0;
	for (int n = 1; n <= d->ncards && !event; n++)
		if (!d->cards[n].ops && !d->cards[n].must_play && !d->cards[n].battle &&
		    d->cards[n].flag == WW_FLAG_BRITISH && !d->cards[n].enters_year)
			event = n;
	give(g, WW_AMERICAN, morgan);
	give(g, WW_BRITISH, event);
	int eliminated = s->cu_eliminated[WW_NAT_BRITISH];
	force_dice(g, 6, 4, 1, 3, 4, 5, 2);
	struct ww_ctx c = { d, s, &g->rng, &g->ev, g->why, sizeof g->why };

	ww_battle_begin(&c, saratoga, WW_BRITISH, burgoyne, ticonderoga, false);
	assert_int_equal(s->prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(s->to_move, WW_BRITISH); /* the attacker first (9.45) */
	struct ww_order o;
	ww_order_init(&o);
	o.kind = WW_ORD_BATTLE_DISCARD;
	o.card = event;
	s->prompt = WW_ASK_NOTHING;
	assert_int_equal(ww_battle_answer(&c, WW_BRITISH, &o), 0);
	assert_int_equal(s->prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(s->to_move, WW_AMERICAN);
	o.kind = WW_ORD_BATTLE_CARD;
	o.card = morgan;
	s->prompt = WW_ASK_NOTHING;
	assert_int_equal(ww_battle_answer(&c, WW_AMERICAN, &o), 0);

	assert_int_equal(g->dice.used_forced, 6);
	assert_true(saw_event(g, "Burgoyne rolls 4: actual battle rating 2."));
	assert_true(saw_event(g, "Gates rolls 1: actual battle rating 1."));
	assert_true(saw_event(g, "British combat DRM +9: 5 CUs, +2 Burgoyne's actual battle "
			      "rating, +1 British Regulars' Advantage (9.41)"));
	assert_true(saw_event(g, "American combat DRM +9: 5 CUs, +1 Gates's actual battle "
			      "rating, +1 Militia (9.43)"));
	assert_true(saw_event(g, "The British attacker rolls 3 for 12, the American defender 4 "
			      "for 13: the American side wins."));
	assert_true(saw_event(g, "The British roll 5 and lose 2 CUs."));
	assert_true(saw_event(g, "The American roll 2 and lose 1 CU."));
	assert_true(saw_event(g, "surrender (9.63): 3 CUs eliminated, captured: Burgoyne"));
	assert_int_equal(s->general_at[burgoyne], WW_LOC_CAPTURED);
	assert_int_equal(s->general_at[gates], saratoga);
	assert_int_equal(s->space[saratoga].cu[WW_NAT_BRITISH], 0);
	assert_int_equal(s->space[saratoga].cu[WW_NAT_AMERICAN], 4);
	assert_int_equal(s->space[ticonderoga].cu[WW_NAT_BRITISH], 0);
	assert_int_equal(s->cu_eliminated[WW_NAT_BRITISH] - eliminated, 5);
	assert_false(s->regulars);
	assert_int_equal(s->french_alliance, 3); /* +1 the victory, +2 the Regulars */
	assert_int_equal(s->battle.space, -1);
	assert_true(ww_pile_has(&s->discard, morgan));
	assert_true(ww_pile_has(&s->discard, event));
	assert_int_equal(s->play.draws_owed[WW_AMERICAN], 1);
	assert_int_equal(s->play.draws_owed[WW_BRITISH], 0);
	free(d);
	game_end(g);
	free(g);
}

/* ---- step 1: battle cards (9.45, 6.33) ---- */

static void test_9_45_attacker_decides_first(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	hand(w, WW_AMERICAN, 3);
	hand(w, WW_BRITISH, 2);
	british_attack(w, 2, 2);
	assert_int_equal(w->s.battle.step, WW_BATTLE_ATTACKER_CARD);
	assert_int_equal(w->s.prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(w->s.to_move, WW_BRITISH);
	refused(w, WW_AMERICAN, WW_ORD_NO_BATTLE_CARD, 0, false, "The British decides");
	assert_int_equal(answer(w, WW_BRITISH, WW_ORD_NO_BATTLE_CARD, 0, false), 0);
	assert_int_equal(w->s.battle.step, WW_BATTLE_DEFENDER_CARD);
	assert_int_equal(w->s.prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(w->s.to_move, WW_AMERICAN);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	assert_int_equal(answer(w, WW_AMERICAN, WW_ORD_NO_BATTLE_CARD, 0, false), 0);
	over(w);
	world_free(w);
}

static void test_9_45_standing_order_skips_the_question(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	hand(w, WW_AMERICAN, 1);
	hand(w, WW_BRITISH, 3);
	w->s.standing[WW_BRITISH].never_battle_card = true;
	british_attack(w, 2, 2);
	assert_int_equal(w->s.battle.step, WW_BATTLE_DEFENDER_CARD);
	assert_int_equal(w->s.prompt, WW_ASK_BATTLE_CARD);
	assert_int_equal(w->s.to_move, WW_AMERICAN);
	logged(w, "The British plays no battle card.");
	world_free(w);
}

static void test_9_45_no_question_with_an_empty_hand(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	british_attack(w, 2, 2);
	over(w);
	logged(w, "The British plays no battle card (no card in hand).");
	logged(w, "The American plays no battle card (no card in hand).");
	world_free(w);
}

/* 6.33.B: +2, discarded, a replacement owed after the impulse. */
static void test_6_33_B_battle_card_replacement_owed(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	hand(w, WW_AMERICAN, 1);
	w->s.standing[WW_BRITISH].never_battle_card = true;
	british_attack(w, 2, 2);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	assert_int_equal(answer(w, WW_AMERICAN, WW_ORD_BATTLE_CARD, 1, false), 0);
	over(w);
	assert_int_equal(w->s.play.draws_owed[WW_AMERICAN], 1);
	assert_int_equal(w->s.hand[WW_AMERICAN].n, 0);
	assert_true(ww_pile_has(&w->s.discard, 1));
	logged(w, "American combat DRM +4: 2 CUs, +2 battle card #1 (9.45).");
	world_free(w);
}

/* 6.33.A: Benedict Arnold Treason! is removed, not discarded. */
static void test_6_33_A_once_per_game_battle_card_removed(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	hand(w, WW_BRITISH, 6);
	british_attack(w, 2, 2);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	assert_int_equal(answer(w, WW_BRITISH, WW_ORD_BATTLE_CARD, 6, false), 0);
	over(w);
	assert_true(ww_pile_has(&w->s.removed, 6));
	assert_false(ww_pile_has(&w->s.discard, 6));
	assert_int_equal(w->s.play.draws_owed[WW_BRITISH], 1);
	world_free(w);
}

/* 6.33.C: +1, not replaced and never offered for exchange. */
static void test_6_33_C_discard_for_plus_one_not_exchanged(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	hand(w, WW_AMERICAN, 3); /* a British event: the American may discard it */
	w->s.standing[WW_BRITISH].never_battle_card = true;
	british_attack(w, 2, 2);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	assert_int_equal(answer(w, WW_AMERICAN, WW_ORD_BATTLE_DISCARD, 3, false), 0);
	over(w);
	assert_true(ww_pile_has(&w->s.discard, 3));
	assert_int_equal(w->s.exchange_offer, 0);
	assert_int_equal(w->s.play.draws_owed[WW_AMERICAN], 0);
	logged(w, "American combat DRM +3: 2 CUs, +1 discarded event #3 (9.45).");
	world_free(w);
}

static void test_9_45_cards_refused(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	hand(w, WW_AMERICAN, 2);
	hand(w, WW_AMERICAN, 3);
	hand(w, WW_AMERICAN, 4);
	hand(w, WW_AMERICAN, 5);
	w->s.standing[WW_BRITISH].never_battle_card = true;
	british_attack(w, 2, 2);
	refused(w, WW_AMERICAN, WW_ORD_BATTLE_CARD, 2, false, "the American may only discard it");
	refused(w, WW_AMERICAN, WW_ORD_BATTLE_CARD, 3, false, "not a battle card");
	refused(w, WW_AMERICAN, WW_ORD_BATTLE_CARD, 1, false, "not in your hand");
	refused(w, WW_AMERICAN, WW_ORD_BATTLE_DISCARD, 4, false, "OPS card");
	refused(w, WW_AMERICAN, WW_ORD_BATTLE_DISCARD, 5, false, "special event");
	refused(w, WW_AMERICAN, WW_ORD_RETREAT, w->north, false, "battle-card N");
	/* an enemy battle card may still be discarded for +1 */
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	assert_int_equal(answer(w, WW_AMERICAN, WW_ORD_BATTLE_DISCARD, 2, false), 0);
	over(w);
	world_free(w);
}

/* ---- 9.3 actual battle ratings ---- */

static void test_9_3_half_on_1_to_3_full_on_4_to_6(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	rating(w, w->howe, 5, 1);
	rating(w, w->greene, 3, 1);
	roll(w, 6, 3, 4, 1, 6, 1, 6);
	british_attack(w, 5, 5);
	over(w);
	logged(w, "Howe rolls 3: actual battle rating 2.");
	logged(w, "Greene rolls 4: actual battle rating 3.");
	world_free(w);
}

static void test_9_3_never_more_than_his_cus(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	rating(w, w->howe, 5, 1);
	roll(w, 6, 6, 1, 1, 6, 1, 6);
	british_attack(w, 2, 2);
	over(w);
	logged(w, "Howe's rating 5 is capped by his 2 CUs (9.3).");
	logged(w, "Howe rolls 6: actual battle rating 2.");
	logged(w, "British combat DRM +5: 2 CUs, +2 Howe's actual battle rating, +1 British Regulars'");
	world_free(w);
}

static void test_9_3_no_general_rates_zero(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	put(w, w->howe, w->field);
	cus(w, w->field, WW_NAT_BRITISH, 3);
	cus(w, w->field, WW_NAT_AMERICAN, 2);
	rating(w, w->howe, 2, 1);
	roll(w, 5, 6, 1, 6, 1, 6); /* one rating roll only */
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, false);
	over(w);
	logged(w, "The American side has no general: actual battle rating 0 (9.3).");
	logged(w, "American combat DRM +2: 2 CUs.");
	world_free(w);
}

/* ---- table 9.4, one DRM at a time ---- */

/* Battle ratings 1 rolled as 1-3 give 0: only the DRM under test shows. */
static void fight_plain(struct world *w)
{
	roll(w, 6, 1, 1, 1, 6, 1, 6); /* the Americans win; Howe goes back to From */
	british_attack(w, 2, 2);
	over(w);
}

static void test_9_4_cus_only(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.regulars = false;
	fight_plain(w);
	logged(w, "British combat DRM +2: 2 CUs.");
	logged(w, "American combat DRM +2: 2 CUs.");
	world_free(w);
}

static void test_9_41_british_regulars(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	fight_plain(w);
	logged(w, "British combat DRM +3: 2 CUs, +1 British Regulars' Advantage (9.41).");
	world_free(w);
}

static void test_9_42_royal_navy_in_a_port(void **state)
{
	(void)state;
	struct world *w = world_new(MM_PORT);
	w->s.regulars = false;
	w->s.space[w->field].pc = WW_AMERICAN; /* regardless of the PC */
	w->s.space[w->north].pc = WW_AMERICAN; /* (and the militia goes American) */
	fight_plain(w);
	logged(w, "British combat DRM +3: 2 CUs, +1 Royal Navy Support (9.42).");
	world_free(w);
}

static void test_9_42_fortified_port_needs_a_british_pc(void **state)
{
	(void)state;
	struct world *w = world_new(MM_PORT | MM_FORT);
	w->s.regulars = false;
	fight_plain(w);
	logged(w, "British combat DRM +2: 2 CUs.");
	world_free(w);

	w = world_new(MM_PORT | MM_FORT);
	w->s.regulars = false;
	w->s.space[w->field].pc = WW_BRITISH;
	w->s.space[w->north].pc = WW_AMERICAN; /* no militia either way */
	fight_plain(w);
	logged(w, "British combat DRM +3: 2 CUs, +1 Royal Navy Support (9.42).");
	world_free(w);
}

static void test_9_42_no_royal_navy_in_a_blockaded_zone(void **state)
{
	(void)state;
	struct world *w = world_new(MM_PORT);
	w->s.regulars = false;
	w->s.french_navy_zone = 0;
	fight_plain(w);
	logged(w, "British combat DRM +2: 2 CUs.");
	world_free(w);
}

static void test_9_43_militia_for_the_side_with_more_pcs(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.regulars = false;
	w->s.space[w->north].pc = WW_AMERICAN;
	w->s.space[w->south].pc = WW_AMERICAN;
	w->s.space[w->harbor].pc = WW_BRITISH;
	fight_plain(w);
	logged(w, "American combat DRM +3: 2 CUs, +1 Militia (9.43).");
	logged(w, "British combat DRM +2: 2 CUs.");
	world_free(w);

	w = world_new(0); /* equal numbers: neither */
	w->s.regulars = false;
	w->s.space[w->north].pc = WW_AMERICAN;
	w->s.space[w->harbor].pc = WW_BRITISH;
	fight_plain(w);
	logged(w, "American combat DRM +2: 2 CUs.");
	logged(w, "British combat DRM +2: 2 CUs.");
	world_free(w);
}

/* 9.43, 10.0.B: the Canadian militia needs both Quebec and Montreal. */
static void test_9_43_canada_needs_quebec_and_montreal(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	struct ww_data *d = w->d;
	int can = mm_colony(d, "CAN", true);
	int quebec = mm_space(d, "Quebec", can, 0);
	int montreal = mm_space(d, "Montreal", can, 0);
	int detroit = mm_space(d, "Detroit", can, 0);
	mm_control_space(d, can, quebec);
	mm_control_space(d, can, montreal);
	d->spaces[w->field].colony = can;
	w->s.regulars = false;
	w->s.space[quebec].pc = WW_BRITISH;
	w->s.space[detroit].pc = WW_BRITISH;
	fight_plain(w);
	logged(w, "British combat DRM +2: 2 CUs.");
	world_free(w);

	w = world_new(0);
	d = w->d;
	can = mm_colony(d, "CAN", true);
	quebec = mm_space(d, "Quebec", can, 0);
	montreal = mm_space(d, "Montreal", can, 0);
	mm_control_space(d, can, quebec);
	mm_control_space(d, can, montreal);
	d->spaces[w->field].colony = can;
	w->s.regulars = false;
	w->s.space[quebec].pc = WW_BRITISH;
	w->s.space[montreal].pc = WW_BRITISH;
	fight_plain(w);
	logged(w, "British combat DRM +3: 2 CUs, +1 Militia (9.43).");
	world_free(w);
}

static void test_9_44_american_winter_offensive(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.regulars = false;
	w->s.last_card_of_phase = true;
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	american_attack(w, w->washington, 2, 2);
	over(w);
	logged(w, "American combat DRM +4: 2 CUs, +2 American Winter Offensive (9.44).");
	world_free(w);

	/* not another general, */
	w = world_new(0);
	w->s.regulars = false;
	w->s.last_card_of_phase = true;
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	american_attack(w, w->greene, 2, 2);
	over(w);
	logged(w, "American combat DRM +2: 2 CUs.");
	world_free(w);

	/* not before the last card, */
	w = world_new(0);
	w->s.regulars = false;
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	american_attack(w, w->washington, 2, 2);
	over(w);
	logged(w, "American combat DRM +2: 2 CUs.");
	world_free(w);

	/* and not when Washington defends. */
	w = world_new(0);
	w->s.regulars = false;
	w->s.last_card_of_phase = true;
	put(w, w->washington, w->field);
	cus(w, w->field, WW_NAT_AMERICAN, 2);
	put(w, w->howe, w->field);
	cus(w, w->field, WW_NAT_BRITISH, 2);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, false);
	over(w);
	logged(w, "American combat DRM +2: 2 CUs.");
	world_free(w);
}

static void test_9_46_interception(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.regulars = false;
	put(w, w->howe, w->field);
	put(w, w->greene, w->field);
	cus(w, w->field, WW_NAT_BRITISH, 2);
	cus(w, w->field, WW_NAT_AMERICAN, 2);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, true);
	over(w);
	logged(w, "American combat DRM +3: 2 CUs, +1 Interception (9.46).");
	world_free(w);
}

/* ---- step 4 ---- */

static void test_9_2_step_4_attacker_wins_ties(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.regulars = false;
	cus(w, w->south, WW_NAT_BRITISH, 1); /* one retreat: North */
	roll(w, 6, 1, 1, 3, 3, 1, 6);
	british_attack(w, 2, 2);
	over(w);
	logged(w, "the British side wins (the attacker wins ties, 9.2 step 4).");
	assert_int_equal(w->s.general_at[w->greene], w->north);
	assert_int_equal(w->s.general_at[w->howe], w->field);
	world_free(w);
}

/* ---- 9.5 losses ---- */

/* The loser's table: 1-3 one CU, 4-5 two, 6 three. */
static void test_9_5_loser_table(void **state)
{
	(void)state;
	const int die[] = { 1, 3, 4, 5, 6 };
	const int lost[] = { 1, 1, 2, 2, 3 };
	for (int i = 0; i < 5; i++) {
		struct world *w = world_new(0);
		cus(w, w->south, WW_NAT_BRITISH, 1); /* one retreat: North */
		roll(w, 6, 1, 1, 6, 1, die[i], 6);
		british_attack(w, 5, 5);
		over(w);
		assert_int_equal(w->s.space[w->north].cu[WW_NAT_AMERICAN] +
				 w->s.space[w->south].cu[WW_NAT_AMERICAN], 5 - lost[i]);
		assert_int_equal(w->s.cu_eliminated[WW_NAT_AMERICAN], lost[i]);
		world_free(w);
	}
}

/* The winner's table by the losing general's agility: none 1, agility 1
 * 1-2, 2 1-3, 3 1-4. */
static void test_9_5_winner_table(void **state)
{
	(void)state;
	for (int agility = 0; agility <= 3; agility++) {
		for (int die = agility + 1; die <= agility + 2; die++) {
			struct world *w = world_new(0);
			rating(w, w->greene, 1, agility ? agility : 1);
			cus(w, w->south, WW_NAT_BRITISH, 1); /* one retreat: North */
			if (agility) {
				roll(w, 6, 1, 1, 6, 1, 1, die);
				british_attack(w, 3, 3);
			} else { /* Americans without a general */
				put(w, w->howe, w->field);
				cus(w, w->field, WW_NAT_BRITISH, 3);
				cus(w, w->field, WW_NAT_AMERICAN, 3);
				roll(w, 5, 1, 6, 1, 1, die);
				ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, false);
			}
			over(w);
			int expect = die <= agility + 1 ? 1 : 0;
			assert_int_equal(w->s.cu_eliminated[WW_NAT_BRITISH], expect);
			assert_int_equal(w->s.space[w->field].cu[WW_NAT_BRITISH], 3 - expect);
			world_free(w);
		}
	}
}

/* American CUs are lost before French ones (docs/rulings.md). */
static void test_9_5_american_cus_lost_before_french(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	put(w, w->howe, w->field);
	put(w, w->greene, w->field);
	cus(w, w->field, WW_NAT_BRITISH, 4);
	cus(w, w->field, WW_NAT_AMERICAN, 1);
	cus(w, w->field, WW_NAT_FRENCH, 3);
	w->s.space[w->south].pc = WW_BRITISH; /* one retreat: North */
	roll(w, 6, 1, 1, 6, 1, 5, 6);
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, false);
	over(w);
	assert_int_equal(w->s.cu_eliminated[WW_NAT_AMERICAN], 1);
	assert_int_equal(w->s.cu_eliminated[WW_NAT_FRENCH], 1);
	assert_int_equal(w->s.space[w->north].cu[WW_NAT_FRENCH], 2);
	assert_int_equal(w->s.space[w->north].cu[WW_NAT_AMERICAN], 0);
	assert_int_equal(w->s.general_at[w->greene], w->north);
	world_free(w);
}

/* 9.5 Special: the winner without CUs is captured on an enemy PC only. */
static void test_9_5_special_winner_alone_on_enemy_pc_captured(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.space[w->field].pc = WW_AMERICAN;
	w->s.space[w->from].pc = WW_BRITISH;
	cus(w, w->south, WW_NAT_BRITISH, 1);
	roll(w, 6, 1, 1, 6, 1, 1, 1);
	british_attack(w, 1, 2); /* Howe wins, loses his only CU */
	over(w);
	logged(w, "Howe won but has no CU left on an enemy PC in Field: he is captured (9.5 Special).");
	assert_int_equal(w->s.general_at[w->howe], WW_LOC_CAPTURED);
	world_free(w);

	w = world_new(0);
	w->s.space[w->field].pc = WW_BRITISH;
	cus(w, w->south, WW_NAT_BRITISH, 1);
	roll(w, 6, 1, 1, 6, 1, 1, 1);
	british_attack(w, 1, 2);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->field); /* friendly PC: he stays */
	world_free(w);

	w = world_new(0);
	cus(w, w->south, WW_NAT_BRITISH, 1);
	roll(w, 6, 1, 1, 6, 1, 1, 1);
	british_attack(w, 1, 2);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->field); /* uncontrolled: he stays */
	world_free(w);
}

/* ---- 9.6 retreats ---- */

static void test_9_61_B_attacker_retreats_whence_it_came(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	british_attack(w, 4, 2);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->from);
	assert_int_equal(w->s.space[w->from].cu[WW_NAT_BRITISH], 3);
	assert_int_equal(w->s.space[w->field].cu[WW_NAT_BRITISH], 0);
	logged(w, "Howe with 3 CUs retreats to From (9.6).");
	world_free(w);
}

/* 9.61.B: the defender chooses, but never the attacker's space. */
static void test_9_61_B_defender_chooses_its_retreat(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	british_attack(w, 3, 3);
	assert_int_equal(w->s.battle.step, WW_BATTLE_RETREAT);
	assert_int_equal(w->s.prompt, WW_ASK_RETREAT);
	assert_int_equal(w->s.to_move, WW_AMERICAN);
	refused(w, WW_AMERICAN, WW_ORD_RETREAT, w->from, false, "`retreat to North`, `retreat to South`");
	refused(w, WW_AMERICAN, WW_ORD_RETREAT, w->harbor, true, "not a legal retreat by sea");
	refused(w, WW_BRITISH, WW_ORD_RETREAT, w->north, false, "The American chooses");
	assert_int_equal(answer(w, WW_AMERICAN, WW_ORD_RETREAT, w->south, false), 0);
	over(w);
	assert_int_equal(w->s.general_at[w->greene], w->south);
	assert_int_equal(w->s.space[w->south].cu[WW_NAT_AMERICAN], 2);
	world_free(w);
}

/* 7.8.F: an interceptor retreats anywhere legal but the attacker's space. */
static void test_7_8_F_interceptor_need_not_go_back(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.space[w->north].pc = WW_BRITISH;
	put(w, w->howe, w->field);
	put(w, w->greene, w->field);
	cus(w, w->field, WW_NAT_BRITISH, 3);
	cus(w, w->field, WW_NAT_AMERICAN, 3);
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, true);
	over(w); /* South is the one legal space: no question */
	assert_int_equal(w->s.general_at[w->greene], w->south);
	world_free(w);
}

/* Retreat Clarification: CUs without a general retreat too. */
static void test_9_61_cus_without_a_general_retreat(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	put(w, w->howe, w->field);
	cus(w, w->field, WW_NAT_BRITISH, 3);
	cus(w, w->field, WW_NAT_AMERICAN, 3);
	w->s.space[w->south].pc = WW_BRITISH;
	roll(w, 5, 1, 6, 1, 1, 6);
	ww_battle_begin(&w->c, w->field, WW_BRITISH, w->howe, w->from, false);
	over(w);
	assert_int_equal(w->s.space[w->north].cu[WW_NAT_AMERICAN], 2);
	logged(w, "2 American CUs retreat to North (9.6).");
	world_free(w);
}

/* 9.62: a British defender in a port may retreat by sea to any port
 * without an American CU or PC, not blockaded. */
static void test_9_62_british_retreat_by_sea(void **state)
{
	(void)state;
	struct world *w = world_new(MM_PORT);
	w->s.space[w->north].pc = WW_AMERICAN;
	w->s.space[w->south].pc = WW_AMERICAN;
	w->s.space[w->haven].pc = WW_AMERICAN;
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	american_attack(w, w->greene, 3, 3);
	/* the land retreats are closed, From is the attacker's: Harbor only */
	over(w);
	logged(w, "Howe with 2 CUs retreats by sea to Harbor (9.6).");
	assert_int_equal(w->s.general_at[w->howe], w->harbor);
	world_free(w);

	w = world_new(MM_PORT); /* by sea or by land: a question */
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	american_attack(w, w->greene, 3, 3);
	assert_int_equal(w->s.prompt, WW_ASK_RETREAT);
	assert_int_equal(w->s.to_move, WW_BRITISH);
	refused(w, WW_BRITISH, WW_ORD_RETREAT, w->harbor, false, "`retreat by sea to Harbor`");
	assert_int_equal(answer(w, WW_BRITISH, WW_ORD_RETREAT, w->haven, true), 0);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->haven);
	assert_int_equal(w->s.space[w->haven].cu[WW_NAT_BRITISH], 2);
	world_free(w);
}

/* 9.62: never from a blockaded port, nor into one; never from a
 * fortified port without a British PC; never for the attacker. */
static void test_9_62_no_retreat_by_sea(void **state)
{
	(void)state;
	struct world *w = world_new(MM_PORT);
	w->s.space[w->north].pc = WW_AMERICAN;
	w->s.space[w->south].pc = WW_AMERICAN;
	w->s.french_navy_zone = 0; /* every port of the minimap */
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	american_attack(w, w->greene, 3, 3);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], WW_LOC_CAPTURED);
	world_free(w);

	w = world_new(MM_PORT);
	w->s.space[w->north].pc = WW_AMERICAN;
	w->s.space[w->south].pc = WW_AMERICAN;
	w->d->spaces[w->harbor].zone = 1; /* Harbor's zone is blockaded */
	w->s.french_navy_zone = 1;
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	american_attack(w, w->greene, 3, 3);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->haven);
	world_free(w);

	w = world_new(MM_PORT | MM_FORT);
	w->s.space[w->north].pc = WW_AMERICAN;
	w->s.space[w->south].pc = WW_AMERICAN;
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	american_attack(w, w->greene, 3, 3);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], WW_LOC_CAPTURED);
	world_free(w);

	w = world_new(MM_PORT); /* the attacker goes back whence it came */
	w->s.space[w->from].pc = WW_AMERICAN;
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	british_attack(w, 3, 3);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], WW_LOC_CAPTURED);
	world_free(w);
}

/* 9.63.B: every space around held by the enemy, only the attacker's
 * space left, no sea: the defender surrenders. */
static void test_9_63_B_defender_surrenders(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.space[w->north].pc = WW_BRITISH;
	cus(w, w->south, WW_NAT_BRITISH, 1);
	w->s.regulars = false;
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	british_attack(w, 3, 3);
	over(w);
	logged(w, "The American in Field have no legal retreat and surrender (9.63): 2 CUs "
	       "eliminated, captured: Greene.");
	assert_int_equal(w->s.general_at[w->greene], WW_LOC_CAPTURED);
	assert_int_equal(w->s.cu_eliminated[WW_NAT_AMERICAN], 3);
	assert_int_equal(w->s.space[w->field].cu[WW_NAT_AMERICAN], 0);
	assert_int_equal(w->s.french_alliance, 0);
	world_free(w);
}

/* 9.2 step 7, 9.41: 3 British CUs lost, even with a retreat; the
 * Americans' win moves the French Alliance +1. */
static void test_9_2_step_7_regulars_and_french_alliance(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	roll(w, 6, 1, 1, 1, 6, 6, 6);
	british_attack(w, 5, 3);
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->from);
	assert_int_equal(w->s.space[w->from].cu[WW_NAT_BRITISH], 2);
	assert_false(w->s.regulars);
	assert_int_equal(w->s.french_alliance, 3);
	world_free(w);

	w = world_new(0); /* two lost: the Regulars stay */
	roll(w, 6, 1, 1, 1, 6, 5, 6);
	british_attack(w, 5, 3);
	over(w);
	assert_true(w->s.regulars);
	assert_int_equal(w->s.french_alliance, 1);
	world_free(w);
}

/* 7.7: the Americans lose in the Congress's space and retreat. */
static void test_7_7_congress_dispersed_after_a_lost_battle(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.congress_at = (int16_t)w->field;
	w->s.space[w->south].pc = WW_BRITISH;
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	british_attack(w, 3, 3);
	over(w);
	assert_int_equal(w->s.congress_at, WW_LOC_DISPERSED);
	assert_true(w->s.congress_dispersed_this_turn);
	world_free(w);

	w = world_new(0); /* the Americans win: the Congress stays */
	w->s.congress_at = (int16_t)w->field;
	roll(w, 6, 1, 1, 1, 6, 1, 6);
	british_attack(w, 3, 3);
	over(w);
	assert_int_equal(w->s.congress_at, w->field);
	world_free(w);
}

/* 7.6.A: a retreating army takes a lone enemy general where it arrives. */
static void test_7_6_A_retreat_captures_a_lone_general(void **state)
{
	(void)state;
	struct world *w = world_new(0);
	w->s.space[w->south].pc = WW_AMERICAN;
	put(w, w->greene, w->north);
	roll(w, 6, 1, 1, 6, 1, 1, 6);
	american_attack(w, w->washington, 3, 3); /* the British lose and retreat */
	over(w);
	assert_int_equal(w->s.general_at[w->howe], w->north);
	assert_int_equal(w->s.general_at[w->greene], WW_LOC_CAPTURED);
	world_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_9_63_saratoga_example),
		cmocka_unit_test(test_9_45_attacker_decides_first),
		cmocka_unit_test(test_9_45_standing_order_skips_the_question),
		cmocka_unit_test(test_9_45_no_question_with_an_empty_hand),
		cmocka_unit_test(test_6_33_B_battle_card_replacement_owed),
		cmocka_unit_test(test_6_33_A_once_per_game_battle_card_removed),
		cmocka_unit_test(test_6_33_C_discard_for_plus_one_not_exchanged),
		cmocka_unit_test(test_9_45_cards_refused),
		cmocka_unit_test(test_9_3_half_on_1_to_3_full_on_4_to_6),
		cmocka_unit_test(test_9_3_never_more_than_his_cus),
		cmocka_unit_test(test_9_3_no_general_rates_zero),
		cmocka_unit_test(test_9_4_cus_only),
		cmocka_unit_test(test_9_41_british_regulars),
		cmocka_unit_test(test_9_42_royal_navy_in_a_port),
		cmocka_unit_test(test_9_42_fortified_port_needs_a_british_pc),
		cmocka_unit_test(test_9_42_no_royal_navy_in_a_blockaded_zone),
		cmocka_unit_test(test_9_43_militia_for_the_side_with_more_pcs),
		cmocka_unit_test(test_9_43_canada_needs_quebec_and_montreal),
		cmocka_unit_test(test_9_44_american_winter_offensive),
		cmocka_unit_test(test_9_46_interception),
		cmocka_unit_test(test_9_2_step_4_attacker_wins_ties),
		cmocka_unit_test(test_9_5_loser_table),
		cmocka_unit_test(test_9_5_winner_table),
		cmocka_unit_test(test_9_5_american_cus_lost_before_french),
		cmocka_unit_test(test_9_5_special_winner_alone_on_enemy_pc_captured),
		cmocka_unit_test(test_9_61_B_attacker_retreats_whence_it_came),
		cmocka_unit_test(test_9_61_B_defender_chooses_its_retreat),
		cmocka_unit_test(test_7_8_F_interceptor_need_not_go_back),
		cmocka_unit_test(test_9_61_cus_without_a_general_retreat),
		cmocka_unit_test(test_9_62_british_retreat_by_sea),
		cmocka_unit_test(test_9_62_no_retreat_by_sea),
		cmocka_unit_test(test_9_63_B_defender_surrenders),
		cmocka_unit_test(test_9_2_step_7_regulars_and_french_alliance),
		cmocka_unit_test(test_7_7_congress_dispersed_after_a_lost_battle),
		cmocka_unit_test(test_7_6_A_retreat_captures_a_lone_general),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
