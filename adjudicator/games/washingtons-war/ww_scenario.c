/* A position described in YAML for moderators and rule tests
 * (docs/scenario.md): the state format of ww_state_text.c, where anything
 * left out takes a default and cards listed nowhere go to the deck. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "ww_text.h"
#include "yaml_doc.h"

#define WW_SCENARIO_MAX_BYTES (16u << 20) /* a scenario is a few KB */

static int bad(char *err, size_t errlen, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int bad(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(err, errlen, path, 0, fmt, ap);
	va_end(ap);
	return -1;
}

static void defaults(const struct ww_data *d, struct ww_state *s)
{
	ww_state_init(s);
	s->year = d->first_year;
	s->phase = WW_PH_STRATEGY;
	s->prompt = WW_ASK_IMPULSE;
	s->to_move = WW_AMERICAN;
	s->impulse = WW_AMERICAN;
	s->chooser = WW_BRITISH;
	s->next_shuffle = 1; /* shuffle 0 is the set-up's */
	s->cu_french_box = d->french_box_cu;
	for (int g = 0; g < d->ngenerals && g < WW_MAX_GENERALS; g++)
		s->general_at[g] = d->starts_in_french_box[g] ? WW_LOC_FRENCH_BOX
							      : WW_LOC_REINFORCEMENTS;
	for (int i = 0; i < d->nsetup; i++)
		if (d->setup[i].congress && d->setup[i].space >= 0)
			s->congress_at = (int16_t)d->setup[i].space;
}

/* Once the French are in the war nothing waits in the French box, unless
 * the scenario says otherwise. */
static void french_defaults(const struct ww_data *d, struct ww_state *s,
			    yaml_document_t *doc, yaml_node_t *root)
{
	if (!s->french_in_war)
		return;
	if (!wj_yaml_get(doc, root, "cu_french_box"))
		s->cu_french_box = 0;
	yaml_node_t *gens = wj_yaml_get(doc, root, "generals");
	for (int g = 0; g < d->ngenerals && g < WW_MAX_GENERALS; g++)
		if (s->general_at[g] == WW_LOC_FRENCH_BOX && !wj_yaml_get(doc, gens, d->generals[g].name))
			s->general_at[g] = WW_LOC_REINFORCEMENTS;
}

static void count_pile(int *count, const struct ww_pile *p)
{
	for (int i = 0; i < p->n; i++)
		if (p->card[i] < WW_MAX_CARDS)
			count[p->card[i]]++;
}

void ww_count_cards(const struct ww_state *s, int count[WW_MAX_CARDS])
{
	count_pile(count, &s->deck);
	count_pile(count, &s->discard);
	count_pile(count, &s->removed);
	count_pile(count, &s->set_aside);
	for (int side = 0; side < 3; side++) {
		count_pile(count, &s->hand[side]);
		count_pile(count, &s->reinforcement_cards[side]);
		count_pile(count, &s->ops_queue[side]);
	}
	if (s->war_ends_card > 0 && s->war_ends_card < WW_MAX_CARDS)
		count[s->war_ends_card]++;
}

/* Every card in one place; those listed nowhere go under the deck. */
static int settle_cards(const struct ww_data *d, struct ww_state *s, const char *path,
			char *err, size_t errlen)
{
	int count[WW_MAX_CARDS] = { 0 };
	for (int side = 1; side < 3; side++)
		if (s->hand[side].n > WW_HAND_MAX)
			return bad(err, errlen, path, "the %s hand holds %d cards (at most %d)",
				   ww_rec_side_word(side), s->hand[side].n, WW_HAND_MAX);
	ww_count_cards(s, count);
	for (int c = 1; c <= d->ncards && c < WW_MAX_CARDS; c++)
		if (count[c] > 1)
			return bad(err, errlen, path, "card %d is listed %d times (a card is in one place)",
				   c, count[c]);
	struct ww_pile deck = { 0 };
	for (int c = 1; c <= d->ncards && c < WW_MAX_CARDS; c++)
		if (!count[c])
			deck.card[deck.n++] = (uint8_t)c;
	memcpy(deck.card + deck.n, s->deck.card, (size_t)s->deck.n);
	deck.n += s->deck.n;
	s->deck = deck;
	return 0;
}

static int check_board(const struct ww_data *d, const struct ww_state *s, const char *path,
		       char *err, size_t errlen)
{
	for (int sp = 0; sp < d->nspaces; sp++) {
		const uint8_t *cu = s->space[sp].cu;
		if (cu[WW_NAT_BRITISH] && (cu[WW_NAT_AMERICAN] || cu[WW_NAT_FRENCH]))
			return bad(err, errlen, path, "%s holds British and American or French CUs",
				   d->spaces[sp].name);
	}
	for (int a = 0; a < d->ngenerals; a++)
		for (int b = a + 1; b < d->ngenerals; b++)
			if (s->general_at[a] >= 0 && s->general_at[a] == s->general_at[b] &&
			    d->generals[a].side == d->generals[b].side)
				return bad(err, errlen, path, "%s and %s are both in %s (one general "
					   "per side in a space)", d->generals[a].name,
					   d->generals[b].name, d->spaces[s->general_at[a]].name);
	return 0;
}

/* The line of a top-level key, 0 if it is not there. */
static int key_line(yaml_document_t *doc, yaml_node_t *root, const char *key)
{
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (wj_yaml_str(k) && strcmp(wj_yaml_str(k), key) == 0)
			return wj_yaml_line(k);
	}
	return 0;
}

/* A scenario starts between card plays: a card, move or battle being
 * resolved, and the questions only they ask, are the engine's to set up. */
static int check_between_plays(yaml_document_t *doc, yaml_node_t *root,
			       const struct ww_state *s, const char *path,
			       char *err, size_t errlen)
{
	static const char *const mid_play[] = { "play", "movement", "battle" };
	for (int i = 0; i < 3; i++) {
		int line = key_line(doc, root, mid_play[i]);
		if (line)
			return bad(err, errlen, path, "line %d: %s: a scenario cannot start "
				   "in the middle of a card play, move or battle", line, mid_play[i]);
	}
	switch (s->prompt) {
	case WW_ASK_CAMPAIGN:
	case WW_ASK_INTERCEPT:
	case WW_ASK_RETREAT_BEFORE_BATTLE:
	case WW_ASK_BATTLE_CARD:
	case WW_ASK_RETREAT:
		return bad(err, errlen, path, "line %d: this prompt needs a card play, move or "
			   "battle under way, which a scenario cannot set up",
			   key_line(doc, root, "prompt"));
	default:
		return 0;
	}
}

int ww_scenario_load(const char *path, const struct ww_data *d, struct ww_state *s,
		     char *err, size_t errlen)
{
	char why[300];
	yaml_document_t doc;
	struct wj_buf text = { .max = WW_SCENARIO_MAX_BYTES };
	if (wj_read_file(path, &text, why, sizeof why)) {
		wj_buf_free(&text);
		return wj_why(err, errlen, "%s", why);
	}
	int rc = wj_yaml_load(text.p, text.len, &doc, why, sizeof why);
	wj_buf_free(&text);
	if (rc < 0)
		return bad(err, errlen, path, "%s", why);
	struct ww_state *t = malloc(sizeof *t);
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (!t)
		rc = bad(err, errlen, path, "out of memory");
	else {
		defaults(d, t);
		rc = ww_state_read_node(&doc, root, d, t, WW_READ_KEEP, NULL, why, sizeof why);
		if (rc < 0)
			bad(err, errlen, path, "%s", why);
	}
	if (rc == 0)
		rc = check_between_plays(&doc, root, t, path, err, errlen);
	if (rc == 0) {
		french_defaults(d, t, &doc, root);
		rc = settle_cards(d, t, path, err, errlen);
	}
	if (rc == 0)
		rc = check_board(d, t, path, err, errlen);
	if (rc == 0)
		memcpy(s, t, sizeof *t);
	free(t);
	yaml_document_delete(&doc);
	return rc;
}

/* The deck's cards in number order, then shuffle `shuffle` of rng: where
 * a scenario put them says nothing of the order (issue 11). */
static void shuffle_deck(struct ww_pile *deck, uint64_t shuffle, struct wj_rng *rng)
{
	int count[WW_MAX_CARDS] = { 0 };
	count_pile(count, deck);
	deck->n = 0;
	for (int c = 1; c < WW_MAX_CARDS; c++)
		for (int k = 0; k < count[c]; k++)
			deck->card[deck->n++] = (uint8_t)c;
	rng->shuffle(rng->ctx, shuffle, deck->card, deck->n);
}

static void seeded(const unsigned char seed[WJ_SEED_BYTES], struct wj_dice *dice,
		   struct wj_rng *rng)
{
	*dice = (struct wj_dice){ 0 };
	memcpy(dice->seed, seed, sizeof dice->seed);
	wj_dice_rng(dice, rng);
}

void ww_scenario_deal(struct ww_state *s, struct wj_rng *rng)
{
	shuffle_deck(&s->deck, s->next_shuffle++, rng);
}

void ww_scenario_shuffle(struct ww_state *s, const unsigned char seed[WJ_SEED_BYTES])
{
	struct wj_dice dice;
	struct wj_rng rng;
	seeded(seed, &dice, &rng);
	ww_scenario_deal(s, &rng);
}

bool ww_scenario_shuffled(const struct ww_state *s, const unsigned char seed[WJ_SEED_BYTES])
{
	if (s->next_shuffle == 0)
		return false;
	struct ww_pile deck = s->deck;
	struct wj_dice dice;
	struct wj_rng rng;
	seeded(seed, &dice, &rng);
	shuffle_deck(&deck, s->next_shuffle - 1, &rng);
	return memcmp(deck.card, s->deck.card, (size_t)deck.n) == 0;
}
