/* The state as YAML (record.h): every field of struct ww_state, with names
 * from the data. The public form leaves out what a player may not see. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ww_text.h"
#include "yaml_doc.h"

static const char *const side_words[] = { "nobody", "american", "british" };
static const char *const nation_words[WW_NATIONS] = { "british", "american", "french" };
static const char *const phase_words[] = {
	"committees", "for-the-king", "reinforcements", "deal", "strategy",
	"winter-attrition", "french-naval", "political", "end", "game-over",
};
static const char *const prompt_words[] = {
	"nothing", "committees", "for-the-king", "opening", "first-player",
	"impulse", "declaration", "congress", "campaign", "intercept",
	"retreat-before-battle", "battle-card", "retreat", "french-navy",
	"french-forces", "european-war", "washington-captured",
};
static const char *const play_words[] = { "none", "ops", "queue", "campaign" };
static const char *const battle_step_words[] = {
	"none", "attacker-card", "defender-card", "retreat",
};
static const char *const victory_words[] = {
	"none", "automatic", "war-ends", "last-year", "resignation",
};
/* enum ww_location, from -1 down */
static const char *const location_words[] = {
	"reinforcements", "captured", "removed", "french box", "dispersed",
};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *word(const char *const *words, int n, int v)
{
	return v >= 0 && v < n ? words[v] : "?";
}

static int from_word(const char *const *words, int n, const char *w)
{
	for (int i = 0; w && i < n; i++)
		if (strcasecmp(words[i], w) == 0)
			return i;
	return -1;
}

const char *ww_rec_side_word(int side)
{
	return word(side_words, COUNT(side_words), side);
}

int ww_rec_side_from_word(const char *w)
{
	return from_word(side_words, COUNT(side_words), w);
}

const char *ww_rec_audience_word(int audience)
{
	switch (audience) {
	case WW_TO_AMERICAN: return "american";
	case WW_TO_BRITISH: return "british";
	case WW_TO_BOTH: return "both";
	default: return "nobody";
	}
}

int ww_rec_space_by_name(const struct ww_data *d, const char *name)
{
	for (int i = 0; name && i < d->nspaces; i++)
		if (strcasecmp(d->spaces[i].name, name) == 0)
			return i;
	return -1;
}

static int general_by_name(const struct ww_data *d, const char *name)
{
	for (int i = 0; name && i < d->ngenerals; i++)
		if (strcasecmp(d->generals[i].name, name) == 0)
			return i;
	return -1;
}

static int zone_by_name(const struct ww_data *d, const char *name)
{
	for (int i = 0; name && i < d->nzones; i++)
		if (strcasecmp(d->zones[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- writing ---- */

/* A card title as a comment: one line, nothing that ends it early. */
static void write_title(FILE *f, const struct ww_data *d, int card)
{
	if (card < 1 || card >= WW_MAX_CARDS || !d->cards[card].title[0])
		return;
	fputs("  # ", f);
	for (const char *t = d->cards[card].title; *t; t++)
		fputc((unsigned char)*t < 0x20 ? ' ' : *t, f);
}

static void write_pile(FILE *f, const struct ww_data *d, const char *indent,
		       const char *key, const struct ww_pile *p, bool hidden)
{
	if (hidden) {
		fprintf(f, "%s%s: {size: %d}\n", indent, key, p->n);
		return;
	}
	if (p->n == 0) {
		fprintf(f, "%s%s: []\n", indent, key);
		return;
	}
	fprintf(f, "%s%s:\n", indent, key);
	for (int i = 0; i < p->n; i++) {
		fprintf(f, "%s  - %d", indent, p->card[i]);
		write_title(f, d, p->card[i]);
		fputc('\n', f);
	}
}

static void write_location(FILE *f, const struct ww_data *d, int at)
{
	if (at >= 0 && at < d->nspaces)
		wj_yaml_quote(f, d->spaces[at].name);
	else if (at < 0 && -at <= COUNT(location_words))
		fputs(location_words[-at - 1], f);
	else
		fprintf(f, "%d", at);
}

static void write_board(FILE *f, const struct ww_data *d, const struct ww_state *s)
{
	fputs("board:", f);
	bool any = false;
	for (int i = 0; i < d->nspaces; i++) {
		const struct ww_space_state *sp = &s->space[i];
		if (!sp->pc && !sp->cu[0] && !sp->cu[1] && !sp->cu[2])
			continue;
		fputs(any ? "\n  " : "\n  ", f);
		any = true;
		wj_yaml_quote(f, d->spaces[i].name);
		fputs(": {", f);
		const char *sep = "";
		if (sp->pc) {
			fprintf(f, "pc: %s", ww_rec_side_word(sp->pc));
			sep = ", ";
		}
		for (int n = 0; n < WW_NATIONS; n++) {
			if (sp->cu[n]) {
				fprintf(f, "%s%s: %d", sep, nation_words[n], sp->cu[n]);
				sep = ", ";
			}
		}
		fputc('}', f);
	}
	fputs(any ? "\n" : " {}\n", f);
}

static void write_by_nation(FILE *f, const char *key, const int *v)
{
	fprintf(f, "%s: {british: %d, american: %d, french: %d}\n", key,
		v[WW_NAT_BRITISH], v[WW_NAT_AMERICAN], v[WW_NAT_FRENCH]);
}

/* Arrays indexed by side, whose [0] is unused: written only if set. */
static void write_by_side(FILE *f, const char *key, const int *v)
{
	fprintf(f, "%s: {", key);
	if (v[0])
		fprintf(f, "nobody: %d, ", v[0]);
	fprintf(f, "american: %d, british: %d}\n", v[1], v[2]);
}

static void write_piles_by_side(FILE *f, const struct ww_data *d, const char *key,
				const struct ww_pile *p, bool hidden)
{
	fprintf(f, "%s:\n", key);
	if (p[0].n)
		write_pile(f, d, "  ", "nobody", &p[0], hidden);
	write_pile(f, d, "  ", "american", &p[1], hidden);
	write_pile(f, d, "  ", "british", &p[2], hidden);
}

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

/* ---- armies: written only when not at their defaults ---- */

static void write_space_or_none(FILE *f, const struct ww_data *d, int sp)
{
	if (sp >= 0 && sp < d->nspaces)
		wj_yaml_quote(f, d->spaces[sp].name);
	else if (sp == -1)
		fputs("none", f);
	else
		fprintf(f, "%d", sp);
}

static void write_general_or_none(FILE *f, const struct ww_data *d, int g)
{
	if (g >= 0 && g < d->ngenerals)
		wj_yaml_quote(f, d->generals[g].name);
	else if (g == -1)
		fputs("none", f);
	else
		fprintf(f, "%d", g);
}

/* A set of generals (bit g: general g) as a list of names. */
static void write_general_set(FILE *f, const struct ww_data *d, uint16_t bits)
{
	const char *sep = "";
	fputc('[', f);
	for (int g = 0; g < WW_MAX_GENERALS; g++) {
		if (!(bits & (1u << g)))
			continue;
		fputs(sep, f);
		write_general_or_none(f, d, g);
		sep = ", ";
	}
	fputc(']', f);
}

static void write_cu_by_nation(FILE *f, const uint8_t *cu)
{
	fprintf(f, "{british: %d, american: %d, french: %d}", cu[WW_NAT_BRITISH],
		cu[WW_NAT_AMERICAN], cu[WW_NAT_FRENCH]);
}

/* A small array indexed by side; `nobody:` only when not `unset`. */
static void write_side_values(FILE *f, int v0, int v1, int v2, int unset)
{
	fputc('{', f);
	if (v0 != unset)
		fprintf(f, "nobody: %d, ", v0);
	fprintf(f, "american: %d, british: %d}", v1, v2);
}

static void write_ops_queue(FILE *f, const struct ww_data *d, const struct ww_state *s)
{
	if (s->ops_queue[0].n || s->ops_queue[1].n || s->ops_queue[2].n)
		write_piles_by_side(f, d, "ops_queue", s->ops_queue, false);
}

static void write_play(FILE *f, const struct ww_data *d, const struct ww_card_play *p,
		       const struct ww_card_play *unset)
{
	if (memcmp(p, unset, sizeof *p) == 0)
		return;
	fprintf(f, "play:\n  card: %d", p->card);
	write_title(f, d, p->card);
	fprintf(f, "\n  side: %s\n", ww_rec_side_word(p->side));
	fprintf(f, "  kind: %s\n", word(play_words, COUNT(play_words), p->kind));
	fprintf(f, "  activations_left: %d\n", p->activations_left);
	fputs("  activated: ", f);
	write_general_set(f, d, p->activated);
	fputs("\n  tried_intercept: ", f);
	write_general_set(f, d, p->tried_intercept);
	fprintf(f, "\n  landing_party_used: %s\n", yes(p->landing_party_used));
	fputs("  moved_cu: {", f);
	const char *sep = "";
	for (int sp = 0; sp < WW_MAX_SPACES; sp++) {
		if (!p->moved_cu[sp])
			continue;
		fputs(sep, f);
		write_space_or_none(f, d, sp);
		fprintf(f, ": %d", p->moved_cu[sp]);
		sep = ", ";
	}
	fputs("}\n  draws_owed: ", f);
	write_side_values(f, p->draws_owed[0], p->draws_owed[1], p->draws_owed[2], 0);
	fputc('\n', f);
	if (p->allowance)
		fprintf(f, "  allowance: %d\n  allowance_in_battle: %s\n", p->allowance,
			yes(p->allowance_in_battle));
}

static bool step_is_zero(const struct ww_step *st)
{
	return !st->space && !st->drop && !st->take;
}

/* The path as far as `nsteps`, and further if a later step is not zero,
 * so that reading gives back every step. */
static int path_length(const struct ww_move *m)
{
	int n = m->nsteps >= 0 && m->nsteps <= WW_PATH_MAX ? m->nsteps : 0;
	for (int i = WW_PATH_MAX - 1; i >= n; i--)
		if (!step_is_zero(&m->path[i]))
			return i + 1;
	return n;
}

static void write_path(FILE *f, const struct ww_data *d, const struct ww_move *m)
{
	int n = path_length(m);
	fputs(n ? "  path:\n" : "  path: []\n", f);
	for (int i = 0; i < n; i++) {
		const struct ww_step *st = &m->path[i];
		fputs("    - ", f);
		if (!st->drop && !st->take) {
			write_space_or_none(f, d, st->space);
		} else {
			fputs("{space: ", f);
			write_space_or_none(f, d, st->space);
			fprintf(f, ", drop: %d, take: %d}", st->drop, st->take);
		}
		fputc('\n', f);
	}
	if (n != m->nsteps)
		fprintf(f, "  nsteps: %d\n", m->nsteps);
}

static void write_movement(FILE *f, const struct ww_data *d, const struct ww_move *m,
			   const struct ww_move *unset)
{
	if (memcmp(m, unset, sizeof *m) == 0)
		return;
	fputs("movement:\n  general: ", f);
	write_general_or_none(f, d, m->general);
	fprintf(f, "\n  by_sea: %s\n", yes(m->by_sea));
	write_path(f, d, m);
	fprintf(f, "  next: %d\n", m->next);
	fputs("  at: ", f);
	write_space_or_none(f, d, m->at);
	fputs("\n  came_from: ", f);
	write_space_or_none(f, d, m->came_from);
	fputs("\n  cu: ", f);
	write_cu_by_nation(f, m->cu);
	fprintf(f, "\n  spent: %d\n", m->spent);
	fprintf(f, "  allowance: %d\n", m->allowance);
	fprintf(f, "  overran: %s\n", yes(m->overran));
	fputs("  keep: ", f);
	write_general_or_none(f, d, m->keep);
	fputc('\n', f);
}

static void write_battle_generals(FILE *f, const struct ww_data *d, const int8_t *g)
{
	fputs("  general: {", f);
	if (g[0] != -1) {
		fputs("nobody: ", f);
		write_general_or_none(f, d, g[0]);
		fputs(", ", f);
	}
	fputs("american: ", f);
	write_general_or_none(f, d, g[WW_AMERICAN]);
	fputs(", british: ", f);
	write_general_or_none(f, d, g[WW_BRITISH]);
	fputs("}\n", f);
}

static void write_battle(FILE *f, const struct ww_data *d, const struct ww_battle *b,
			 const struct ww_battle *unset)
{
	if (memcmp(b, unset, sizeof *b) == 0)
		return;
	fputs("battle:\n  space: ", f);
	write_space_or_none(f, d, b->space);
	fprintf(f, "\n  step: %s\n", word(battle_step_words, COUNT(battle_step_words), b->step));
	fprintf(f, "  attacker: %s\n", ww_rec_side_word(b->attacker));
	write_battle_generals(f, d, b->general);
	fputs("  att_from: ", f);
	write_space_or_none(f, d, b->att_from);
	fprintf(f, "\n  intercepted: %s\n", yes(b->intercepted));
	fputs("  card: ", f);
	write_side_values(f, b->card[0], b->card[1], b->card[2], 0);
	fputs("\n  card_drm: ", f);
	write_side_values(f, b->card_drm[0], b->card_drm[1], b->card_drm[2], 0);
	fputs("\n  lost: ", f);
	write_side_values(f, b->lost[0], b->lost[1], b->lost[2], 0);
	fprintf(f, "\n  loser: %s\n", ww_rec_side_word(b->loser));
	fprintf(f, "  stop_move: %s\n", yes(b->stop_move));
}

/* Each side's standing orders, only those given. */
static void write_standing(FILE *f, const struct ww_data *d, const struct ww_standing *st)
{
	static const struct ww_standing none;
	bool any = false;
	for (int side = 0; side < 3; side++) {
		const struct ww_standing *o = &st[side];
		if (memcmp(o, &none, sizeof none) == 0)
			continue;
		fprintf(f, "%s  %s: {", any ? "" : "standing_orders:\n", ww_rec_side_word(side));
		any = true;
		const char *sep = "";
		if (o->never_intercept) {
			fputs("never_intercept: true", f);
			sep = ", ";
		}
		if (o->always_intercept) {
			fprintf(f, "%salways_intercept: ", sep);
			write_general_set(f, d, o->always_intercept);
			sep = ", ";
		}
		if (o->never_retreat_before_battle) {
			fprintf(f, "%snever_retreat_before_battle: true", sep);
			sep = ", ";
		}
		if (o->never_exchange) {
			fprintf(f, "%snever_exchange: true", sep);
			sep = ", ";
		}
		if (o->never_battle_card) {
			fprintf(f, "%snever_battle_card: true", sep);
			sep = ", ";
		}
		if (o->french_losses_first)
			fprintf(f, "%sfrench_losses_first: true", sep);
		fputs("}\n", f);
	}
}

static void write_armies(FILE *f, const struct ww_data *d, const struct ww_state *s)
{
	struct ww_state unset;
	ww_state_init(&unset);
	write_ops_queue(f, d, s);
	write_play(f, d, &s->play, &unset.play);
	write_movement(f, d, &s->mv, &unset.mv);
	write_battle(f, d, &s->battle, &unset.battle);
	write_standing(f, d, s->standing);
	if (s->last_card_of_phase)
		fputs("last_card_of_phase: true\n", f);
	if (s->washington_pcs_to_remove)
		fprintf(f, "washington_pcs_to_remove: %d\n", s->washington_pcs_to_remove);
	if (s->european_war_cu)
		fprintf(f, "european_war_cu: %d\n", s->european_war_cu);
}

int ww_state_write_yaml(FILE *f, const struct ww_data *d, const struct ww_state *s,
			bool secret)
{
	fprintf(f, "year: %d\n", s->year);
	fprintf(f, "phase: %s\n", word(phase_words, COUNT(phase_words), (int)s->phase));
	fprintf(f, "to_move: %s\n", ww_rec_side_word(s->to_move));
	fprintf(f, "prompt: %s\n", word(prompt_words, COUNT(prompt_words), (int)s->prompt));
	fprintf(f, "move: %u\n", (unsigned)s->move);
	write_board(f, d, s);
	fputs("generals:", f);
	for (int g = 0; g < d->ngenerals; g++) {
		fputs("\n  ", f);
		wj_yaml_quote(f, d->generals[g].name);
		fputs(": ", f);
		write_location(f, d, s->general_at[g]);
	}
	fputs(d->ngenerals ? "\n" : " {}\n", f);
	fputs("congress: ", f);
	write_location(f, d, s->congress_at);
	fputc('\n', f);
	write_by_nation(f, "cu_reinforcements", s->cu_reinforcements);
	fprintf(f, "cu_french_box: %d\n", s->cu_french_box);
	write_by_nation(f, "cu_eliminated", s->cu_eliminated);
	fputs("french_navy_zone: ", f);
	if (s->french_navy_zone >= 0 && s->french_navy_zone < d->nzones)
		wj_yaml_quote(f, d->zones[s->french_navy_zone].name);
	else if (s->french_navy_zone == -1)
		fputs("none", f);
	else
		fprintf(f, "%d", s->french_navy_zone);
	fputc('\n', f);
	if (s->french_navy_away)
		fputs("french_navy_away: true\n", f);
	fprintf(f, "french_alliance: %d\n", s->french_alliance);
	fprintf(f, "french_alliance_now: %s\n", yes(s->french_alliance_now));
	fprintf(f, "french_in_war: %s\n", yes(s->french_in_war));
	fprintf(f, "regulars: %s\n", yes(s->regulars));
	if (s->tournament_rule)
		fputs("tournament_rule: true\n", f);
	if (s->extra_impulse)
		fprintf(f, "extra_impulse: %s\n", ww_rec_side_word(s->extra_impulse));
	if (s->extra_impulse_now)
		fputs("extra_impulse_now: true\n", f);
	fputs("# the deck's last card is its top\n", f);
	write_pile(f, d, "", "deck", &s->deck, !secret);
	write_pile(f, d, "", "discard", &s->discard, false);
	write_pile(f, d, "", "removed", &s->removed, false);
	write_pile(f, d, "", "set_aside", &s->set_aside, false);
	write_piles_by_side(f, d, "hands", s->hand, !secret);
	write_piles_by_side(f, d, "reinforcement_cards", s->reinforcement_cards, false);
	fprintf(f, "war_ends_card: %d", s->war_ends_card);
	write_title(f, d, s->war_ends_card);
	fputc('\n', f);
	fprintf(f, "reshuffle_pending: %s\n", yes(s->reshuffle_pending));
	fprintf(f, "chooser: %s\n", ww_rec_side_word(s->chooser));
	fprintf(f, "impulse: %s\n", ww_rec_side_word(s->impulse));
	fprintf(f, "exchange_offer: %d\n", s->exchange_offer);
	fprintf(f, "exchange_for: %s\n", ww_rec_side_word(s->exchange_for));
	fprintf(f, "congress_dispersed_this_turn: %s\n", yes(s->congress_dispersed_this_turn));
	fprintf(f, "congress_dispersed_last_turn: %s\n", yes(s->congress_dispersed_last_turn));
	fprintf(f, "no_american_placement: %s\n", yes(s->no_american_placement));
	write_by_side(f, "last_card", s->last_card);
	write_armies(f, d, s);
	fprintf(f, "next_roll: %llu\n", (unsigned long long)s->next_roll);
	fprintf(f, "next_shuffle: %llu\n", (unsigned long long)s->next_shuffle);
	fprintf(f, "winner: %s\n", ww_rec_side_word(s->winner));
	fprintf(f, "victory: %s\n", word(victory_words, COUNT(victory_words), (int)s->victory));
	write_by_side(f, "colonies_won", s->colonies_won);
	return ferror(f) ? -1 : 0;
}

int ww_state_hash(const struct ww_data *d, const struct ww_state *s,
		  const unsigned char seed[WJ_SEED_BYTES], char out[WJ_COMMIT_HEX])
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return -1;
	ww_state_write_yaml(m, d, s, true);
	if (fclose(m) != 0) {
		free(text);
		return -1;
	}
	wj_seed_keyed_hash(seed, text, len, out);
	free(text);
	return 0;
}

/* ---- reading ---- */

struct rd {
	yaml_document_t *doc;
	const struct ww_data *d;
	struct ww_state *s;
	int flags;
	char *err;
	size_t errlen;
};

#define FOR_PAIRS(p, map) \
	for (yaml_node_pair_t *p = (map)->data.mapping.pairs.start; \
	     p < (map)->data.mapping.pairs.top; p++)

static yaml_node_t *node(struct rd *r, int id)
{
	return yaml_document_get_node(r->doc, id);
}

static int expect(struct rd *r, yaml_node_t *n, yaml_node_type_t type, const char *what)
{
	if (n->type == type)
		return 0;
	wj_yaml_fail(r->err, r->errlen, wj_yaml_line(n), "expected %s", what);
	return -1;
}

static int read_int(struct rd *r, yaml_node_t *n, long long lo, long long hi, int *v)
{
	long long x;
	if (wj_yaml_int(n, lo, hi, &x, r->err, r->errlen) < 0)
		return -1;
	*v = (int)x;
	return 0;
}

static int read_word(struct rd *r, yaml_node_t *n, const char *const *words, int nw,
		     int *v)
{
	int w = from_word(words, nw, wj_yaml_str(n));
	if (w < 0) {
		char list[256] = "";
		for (int i = 0; i < nw; i++) {
			strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, words[i], sizeof list - strlen(list) - 1);
		}
		wj_yaml_fail(r->err, r->errlen, wj_yaml_line(n), "unknown value %s (expected one of: %s)",
		     wj_yaml_str(n) ? wj_yaml_str(n) : "(a list or mapping)", list);
		return -1;
	}
	*v = w;
	return 0;
}

static int read_side(struct rd *r, yaml_node_t *n, int *v)
{
	return read_word(r, n, side_words, COUNT(side_words), v);
}

static int read_side_enum(struct rd *r, yaml_node_t *n, enum ww_side *v)
{
	int x;
	if (read_side(r, n, &x) < 0)
		return -1;
	*v = (enum ww_side)x;
	return 0;
}

static int read_location(struct rd *r, yaml_node_t *n, bool congress, int *at)
{
	const char *s = wj_yaml_str(n);
	int sp = ww_rec_space_by_name(r->d, s);
	if (sp >= 0) {
		*at = sp;
		return 0;
	}
	int w = from_word(location_words, COUNT(location_words), s);
	if (w >= 0 && (congress ? -w - 1 == WW_LOC_DISPERSED : -w - 1 != WW_LOC_DISPERSED)) {
		*at = -w - 1;
		return 0;
	}
	wj_yaml_fail(r->err, r->errlen, wj_yaml_line(n), "unknown space %s (expected a space name or %s)",
	     s ? s : "(a list or mapping)",
	     congress ? "dispersed" : "reinforcements, captured, removed, french box");
	return -1;
}

static int read_pile(struct rd *r, yaml_node_t *n, struct ww_pile *p, bool may_hide)
{
	memset(p, 0, sizeof *p);
	if (n->type == YAML_MAPPING_NODE && may_hide && (r->flags & WW_READ_PUBLIC)) {
		yaml_node_t *size = wj_yaml_get(r->doc, n, "size");
		if (!size || n->data.mapping.pairs.top - n->data.mapping.pairs.start != 1) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(n), "expected {size: N}");
			return -1;
		}
		return read_int(r, size, 0, WW_MAX_CARDS, &p->n);
	}
	if (expect(r, n, YAML_SEQUENCE_NODE, "a list of card numbers") < 0)
		return -1;
	for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
		int card;
		if (p->n == WW_MAX_CARDS) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(n), "more than %d cards", WW_MAX_CARDS);
			return -1;
		}
		if (read_int(r, node(r, *i), 1, r->d->ncards, &card) < 0)
			return -1;
		p->card[p->n++] = (uint8_t)card;
	}
	return 0;
}

static int read_space(struct rd *r, yaml_node_t *name, yaml_node_t *v)
{
	int sp = ww_rec_space_by_name(r->d, wj_yaml_str(name));
	if (sp < 0) {
		wj_yaml_fail(r->err, r->errlen, wj_yaml_line(name), "unknown space %s",
		     wj_yaml_str(name) ? wj_yaml_str(name) : "(not a name)");
		return -1;
	}
	if (expect(r, v, YAML_MAPPING_NODE, "{pc: SIDE, british: N, american: N, french: N}") < 0)
		return -1;
	struct ww_space_state *st = &r->s->space[sp];
	memset(st, 0, sizeof *st);
	FOR_PAIRS(p, v) {
		yaml_node_t *k = node(r, p->key), *val = node(r, p->value);
		const char *key = wj_yaml_str(k);
		int x, nat = from_word(nation_words, WW_NATIONS, key);
		if (key && strcmp(key, "pc") == 0) {
			if (read_side(r, val, &x) < 0)
				return -1;
			st->pc = (int8_t)x;
		} else if (nat >= 0) {
			if (read_int(r, val, 0, 255, &x) < 0)
				return -1;
			st->cu[nat] = (uint8_t)x;
		} else {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(k),
			     "unknown key %s in a space (expected pc, british, american, french)",
			     key ? key : "(not a name)");
			return -1;
		}
	}
	return 0;
}

static int k_board(struct rd *r, yaml_node_t *v)
{
	if (expect(r, v, YAML_MAPPING_NODE, "a mapping of space names") < 0)
		return -1;
	if (!(r->flags & WW_READ_KEEP))
		memset(r->s->space, 0, sizeof r->s->space);
	FOR_PAIRS(p, v)
		if (read_space(r, node(r, p->key), node(r, p->value)) < 0)
			return -1;
	return 0;
}

static int k_generals(struct rd *r, yaml_node_t *v)
{
	if (expect(r, v, YAML_MAPPING_NODE, "a mapping of general names to places") < 0)
		return -1;
	FOR_PAIRS(p, v) {
		yaml_node_t *k = node(r, p->key);
		int g = general_by_name(r->d, wj_yaml_str(k)), at;
		if (g < 0) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(k), "unknown general %s",
			     wj_yaml_str(k) ? wj_yaml_str(k) : "(not a name)");
			return -1;
		}
		if (read_location(r, node(r, p->value), false, &at) < 0)
			return -1;
		r->s->general_at[g] = (int16_t)at;
	}
	return 0;
}

static int k_congress(struct rd *r, yaml_node_t *v)
{
	int at;
	if (read_location(r, v, true, &at) < 0)
		return -1;
	r->s->congress_at = (int16_t)at;
	return 0;
}

static int read_nations(struct rd *r, yaml_node_t *v, int *out)
{
	if (expect(r, v, YAML_MAPPING_NODE, "{british: N, american: N, french: N}") < 0)
		return -1;
	FOR_PAIRS(p, v) {
		int nat;
		if (read_word(r, node(r, p->key), nation_words, WW_NATIONS, &nat) < 0 ||
		    read_int(r, node(r, p->value), 0, 1000, &out[nat]) < 0)
			return -1;
	}
	return 0;
}

/* {american: N, british: N} into an array indexed by side; `nobody:` allowed. */
static int read_side_values(struct rd *r, yaml_node_t *v, int lo, int hi, int *out)
{
	if (expect(r, v, YAML_MAPPING_NODE, "{american: N, british: N}") < 0)
		return -1;
	FOR_PAIRS(p, v) {
		int side;
		if (read_side(r, node(r, p->key), &side) < 0 ||
		    read_int(r, node(r, p->value), lo, hi, &out[side]) < 0)
			return -1;
	}
	return 0;
}

static int read_sides(struct rd *r, yaml_node_t *v, int *out, int hi)
{
	return read_side_values(r, v, 0, hi, out);
}

static int read_pile_sides(struct rd *r, yaml_node_t *v, struct ww_pile *piles, bool may_hide)
{
	if (expect(r, v, YAML_MAPPING_NODE, "{american: [...], british: [...]}") < 0)
		return -1;
	FOR_PAIRS(p, v) {
		int side;
		if (read_side(r, node(r, p->key), &side) < 0 ||
		    read_pile(r, node(r, p->value), &piles[side], may_hide) < 0)
			return -1;
	}
	return 0;
}

static int k_year(struct rd *r, yaml_node_t *v) { return read_int(r, v, 0, 9999, &r->s->year); }
static int k_to_move(struct rd *r, yaml_node_t *v) { return read_side_enum(r, v, &r->s->to_move); }
static int k_chooser(struct rd *r, yaml_node_t *v) { return read_side_enum(r, v, &r->s->chooser); }
static int k_impulse(struct rd *r, yaml_node_t *v) { return read_side_enum(r, v, &r->s->impulse); }
static int k_exchange_for(struct rd *r, yaml_node_t *v) { return read_side_enum(r, v, &r->s->exchange_for); }
static int k_winner(struct rd *r, yaml_node_t *v) { return read_side_enum(r, v, &r->s->winner); }

static int k_phase(struct rd *r, yaml_node_t *v)
{
	int x;
	if (read_word(r, v, phase_words, COUNT(phase_words), &x) < 0)
		return -1;
	r->s->phase = (enum ww_phase)x;
	return 0;
}

static int k_prompt(struct rd *r, yaml_node_t *v)
{
	int x;
	if (read_word(r, v, prompt_words, COUNT(prompt_words), &x) < 0)
		return -1;
	r->s->prompt = (enum ww_prompt)x;
	return 0;
}

static int k_victory(struct rd *r, yaml_node_t *v)
{
	int x;
	if (read_word(r, v, victory_words, COUNT(victory_words), &x) < 0)
		return -1;
	r->s->victory = (enum ww_victory)x;
	return 0;
}

static int k_move(struct rd *r, yaml_node_t *v)
{
	long long x;
	if (wj_yaml_int(v, 0, UINT32_MAX, &x, r->err, r->errlen) < 0)
		return -1;
	r->s->move = (uint32_t)x;
	return 0;
}

static int read_u64(struct rd *r, yaml_node_t *v, uint64_t *out)
{
	long long x;
	if (wj_yaml_int(v, 0, INT64_MAX, &x, r->err, r->errlen) < 0)
		return -1;
	*out = (uint64_t)x;
	return 0;
}

static int k_next_roll(struct rd *r, yaml_node_t *v) { return read_u64(r, v, &r->s->next_roll); }
static int k_next_shuffle(struct rd *r, yaml_node_t *v) { return read_u64(r, v, &r->s->next_shuffle); }
static int k_cu_reinforcements(struct rd *r, yaml_node_t *v) { return read_nations(r, v, r->s->cu_reinforcements); }
static int k_cu_eliminated(struct rd *r, yaml_node_t *v) { return read_nations(r, v, r->s->cu_eliminated); }
static int k_cu_french_box(struct rd *r, yaml_node_t *v) { return read_int(r, v, 0, 1000, &r->s->cu_french_box); }
static int k_french_alliance(struct rd *r, yaml_node_t *v) { return read_int(r, v, 0, 9, &r->s->french_alliance); }

static int k_french_navy_zone(struct rd *r, yaml_node_t *v)
{
	const char *s = wj_yaml_str(v);
	if (s && strcasecmp(s, "none") == 0) {
		r->s->french_navy_zone = -1;
		return 0;
	}
	int z = zone_by_name(r->d, s);
	if (z < 0) {
		wj_yaml_fail(r->err, r->errlen, wj_yaml_line(v), "unknown blockade zone %s (or none)",
		     s ? s : "(not a name)");
		return -1;
	}
	r->s->french_navy_zone = z;
	return 0;
}

static int k_french_alliance_now(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->french_alliance_now, r->err, r->errlen); }
static int k_french_in_war(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->french_in_war, r->err, r->errlen); }
static int k_regulars(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->regulars, r->err, r->errlen); }
static int k_reshuffle_pending(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->reshuffle_pending, r->err, r->errlen); }
static int k_dispersed_this(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->congress_dispersed_this_turn, r->err, r->errlen); }
static int k_dispersed_last(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->congress_dispersed_last_turn, r->err, r->errlen); }
static int k_no_american_placement(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->no_american_placement, r->err, r->errlen); }
static int k_deck(struct rd *r, yaml_node_t *v) { return read_pile(r, v, &r->s->deck, true); }
static int k_discard(struct rd *r, yaml_node_t *v) { return read_pile(r, v, &r->s->discard, false); }
static int k_removed(struct rd *r, yaml_node_t *v) { return read_pile(r, v, &r->s->removed, false); }
static int k_set_aside(struct rd *r, yaml_node_t *v) { return read_pile(r, v, &r->s->set_aside, false); }
static int k_hands(struct rd *r, yaml_node_t *v) { return read_pile_sides(r, v, r->s->hand, true); }
static int k_reinforcement_cards(struct rd *r, yaml_node_t *v) { return read_pile_sides(r, v, r->s->reinforcement_cards, false); }
static int k_last_card(struct rd *r, yaml_node_t *v) { return read_sides(r, v, r->s->last_card, r->d->ncards); }
static int k_colonies_won(struct rd *r, yaml_node_t *v) { return read_sides(r, v, r->s->colonies_won, WW_MAX_COLONIES); }

static int read_card_or_none(struct rd *r, yaml_node_t *v, int *card)
{
	return read_int(r, v, 0, r->d->ncards, card);
}

static int k_war_ends_card(struct rd *r, yaml_node_t *v) { return read_card_or_none(r, v, &r->s->war_ends_card); }
static int k_exchange_offer(struct rd *r, yaml_node_t *v) { return read_card_or_none(r, v, &r->s->exchange_offer); }

/* ---- armies ---- */

/* A nested mapping read key by key, each key at most once. */
struct field {
	const char *key;
	int (*read)(struct rd *r, yaml_node_t *v, void *obj);
};

static int read_fields(struct rd *r, yaml_node_t *map, const struct field *fields, int n,
		       void *obj, const char *what)
{
	int seen_line[16] = { 0 }; /* no block has more keys */
	if (expect(r, map, YAML_MAPPING_NODE, what) < 0)
		return -1;
	FOR_PAIRS(p, map) {
		yaml_node_t *k = node(r, p->key);
		const char *key = wj_yaml_str(k);
		int i = 0;
		while (i < n && (!key || strcmp(fields[i].key, key) != 0))
			i++;
		if (i == n) {
			char list[300] = "";
			for (int j = 0; j < n; j++) {
				strncat(list, j ? ", " : "", sizeof list - strlen(list) - 1);
				strncat(list, fields[j].key, sizeof list - strlen(list) - 1);
			}
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(k), "unknown key %s in %s (expected %s)",
			     key ? key : "(not a name)", what, list);
			return -1;
		}
		if (i < 16 && seen_line[i]) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(k), "%s given twice (first at line %d)",
			     key, seen_line[i]);
			return -1;
		}
		if (i < 16)
			seen_line[i] = wj_yaml_line(k);
		if (fields[i].read(r, node(r, p->value), obj) < 0)
			return -1;
	}
	return 0;
}

static int read_i8(struct rd *r, yaml_node_t *v, int lo, int hi, int8_t *out)
{
	int x;
	if (read_int(r, v, lo, hi, &x) < 0)
		return -1;
	*out = (int8_t)x;
	return 0;
}

static int read_side8(struct rd *r, yaml_node_t *v, int8_t *out)
{
	int x;
	if (read_side(r, v, &x) < 0)
		return -1;
	*out = (int8_t)x;
	return 0;
}

static int read_space_or_none(struct rd *r, yaml_node_t *v, int16_t *out)
{
	const char *s = wj_yaml_str(v);
	int sp = ww_rec_space_by_name(r->d, s);
	if (sp < 0 && s && strcasecmp(s, "none") == 0)
		sp = -1;
	else if (sp < 0) {
		wj_yaml_fail(r->err, r->errlen, wj_yaml_line(v), "unknown space %s (expected a space name or none)",
		     s ? s : "(a list or mapping)");
		return -1;
	}
	*out = (int16_t)sp;
	return 0;
}

static int read_general_or_none(struct rd *r, yaml_node_t *v, int8_t *out)
{
	const char *s = wj_yaml_str(v);
	int g = general_by_name(r->d, s);
	if (g < 0 && s && strcasecmp(s, "none") == 0)
		g = -1;
	else if (g < 0) {
		wj_yaml_fail(r->err, r->errlen, wj_yaml_line(v), "unknown general %s (expected a general's name or none)",
		     s ? s : "(a list or mapping)");
		return -1;
	}
	*out = (int8_t)g;
	return 0;
}

static int read_general_set(struct rd *r, yaml_node_t *v, uint16_t *bits)
{
	if (expect(r, v, YAML_SEQUENCE_NODE, "a list of generals' names") < 0)
		return -1;
	*bits = 0;
	for (yaml_node_item_t *i = v->data.sequence.items.start; i < v->data.sequence.items.top; i++) {
		yaml_node_t *n = node(r, *i);
		int g = general_by_name(r->d, wj_yaml_str(n));
		if (g < 0 || g >= WW_MAX_GENERALS) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(n), "unknown general %s",
			     wj_yaml_str(n) ? wj_yaml_str(n) : "(a list or mapping)");
			return -1;
		}
		*bits |= (uint16_t)(1u << g);
	}
	return 0;
}

static int read_cu_by_nation(struct rd *r, yaml_node_t *v, uint8_t *cu)
{
	int n[WW_NATIONS] = { 0 };
	if (read_nations(r, v, n) < 0)
		return -1;
	for (int i = 0; i < WW_NATIONS; i++) {
		if (n[i] > 255) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(v), "%d CUs is out of range 0..255", n[i]);
			return -1;
		}
		cu[i] = (uint8_t)n[i];
	}
	return 0;
}

static int read_side_i8(struct rd *r, yaml_node_t *v, int lo, int hi, int8_t *out)
{
	int x[3] = { out[0], out[1], out[2] };
	if (read_side_values(r, v, lo, hi, x) < 0)
		return -1;
	for (int i = 0; i < 3; i++)
		out[i] = (int8_t)x[i];
	return 0;
}

/* play: */
static int pl_card(struct rd *r, yaml_node_t *v, void *o)
{
	int c;
	if (read_int(r, v, 0, r->d->ncards, &c) < 0)
		return -1;
	((struct ww_card_play *)o)->card = (int16_t)c;
	return 0;
}
static int pl_side(struct rd *r, yaml_node_t *v, void *o) { return read_side8(r, v, &((struct ww_card_play *)o)->side); }
static int pl_kind(struct rd *r, yaml_node_t *v, void *o)
{
	int x;
	if (read_word(r, v, play_words, COUNT(play_words), &x) < 0)
		return -1;
	((struct ww_card_play *)o)->kind = (int8_t)x;
	return 0;
}
static int pl_activations_left(struct rd *r, yaml_node_t *v, void *o) { return read_i8(r, v, 0, INT8_MAX, &((struct ww_card_play *)o)->activations_left); }
static int pl_activated(struct rd *r, yaml_node_t *v, void *o) { return read_general_set(r, v, &((struct ww_card_play *)o)->activated); }
static int pl_tried_intercept(struct rd *r, yaml_node_t *v, void *o) { return read_general_set(r, v, &((struct ww_card_play *)o)->tried_intercept); }
static int pl_landing_party_used(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &((struct ww_card_play *)o)->landing_party_used, r->err, r->errlen); }
static int pl_draws_owed(struct rd *r, yaml_node_t *v, void *o) { return read_side_i8(r, v, 0, INT8_MAX, ((struct ww_card_play *)o)->draws_owed); }
static int pl_allowance(struct rd *r, yaml_node_t *v, void *o) { return read_i8(r, v, 0, INT8_MAX, &((struct ww_card_play *)o)->allowance); }
static int pl_allowance_in_battle(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &((struct ww_card_play *)o)->allowance_in_battle, r->err, r->errlen); }

static int pl_moved_cu(struct rd *r, yaml_node_t *v, void *o)
{
	uint8_t *moved = ((struct ww_card_play *)o)->moved_cu;
	if (expect(r, v, YAML_MAPPING_NODE, "a mapping of space names to CUs") < 0)
		return -1;
	memset(moved, 0, WW_MAX_SPACES);
	FOR_PAIRS(p, v) {
		int16_t sp;
		int n;
		if (read_space_or_none(r, node(r, p->key), &sp) < 0 ||
		    read_int(r, node(r, p->value), 0, 255, &n) < 0)
			return -1;
		if (sp < 0) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(node(r, p->key)), "expected a space name");
			return -1;
		}
		moved[sp] = (uint8_t)n;
	}
	return 0;
}

static const struct field play_fields[] = {
	{ "card", pl_card }, { "side", pl_side }, { "kind", pl_kind },
	{ "activations_left", pl_activations_left }, { "activated", pl_activated },
	{ "tried_intercept", pl_tried_intercept }, { "landing_party_used", pl_landing_party_used },
	{ "moved_cu", pl_moved_cu }, { "draws_owed", pl_draws_owed },
	{ "allowance", pl_allowance }, { "allowance_in_battle", pl_allowance_in_battle },
};

static int k_play(struct rd *r, yaml_node_t *v)
{
	return read_fields(r, v, play_fields, COUNT(play_fields), &r->s->play, "play");
}

/* movement: */
struct move_reading {
	struct ww_move *m;
	int path_length;
	bool nsteps_given;
};

static int read_step(struct rd *r, yaml_node_t *n, struct ww_step *st)
{
	if (n->type == YAML_SCALAR_NODE)
		return read_space_or_none(r, n, &st->space);
	if (expect(r, n, YAML_MAPPING_NODE, "a space name or {space: NAME, drop: N, take: N}") < 0)
		return -1;
	FOR_PAIRS(p, n) {
		yaml_node_t *k = node(r, p->key), *val = node(r, p->value);
		const char *key = wj_yaml_str(k);
		int rc;
		if (key && strcmp(key, "space") == 0)
			rc = read_space_or_none(r, val, &st->space);
		else if (key && strcmp(key, "drop") == 0)
			rc = read_i8(r, val, 0, INT8_MAX, &st->drop);
		else if (key && strcmp(key, "take") == 0)
			rc = read_i8(r, val, 0, INT8_MAX, &st->take);
		else {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(k),
			     "unknown key %s in a step (expected space, drop, take)",
			     key ? key : "(not a name)");
			rc = -1;
		}
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int mv_path(struct rd *r, yaml_node_t *v, void *o)
{
	struct move_reading *mr = o;
	if (expect(r, v, YAML_SEQUENCE_NODE, "a list of steps") < 0)
		return -1;
	memset(mr->m->path, 0, sizeof mr->m->path);
	mr->path_length = 0;
	for (yaml_node_item_t *i = v->data.sequence.items.start; i < v->data.sequence.items.top; i++) {
		if (mr->path_length == WW_PATH_MAX) {
			wj_yaml_fail(r->err, r->errlen, wj_yaml_line(v), "more than %d steps", WW_PATH_MAX);
			return -1;
		}
		if (read_step(r, node(r, *i), &mr->m->path[mr->path_length++]) < 0)
			return -1;
	}
	return 0;
}

static int mv_nsteps(struct rd *r, yaml_node_t *v, void *o)
{
	struct move_reading *mr = o;
	mr->nsteps_given = true;
	return read_i8(r, v, 0, WW_PATH_MAX, &mr->m->nsteps);
}

#define MOVE(o) (((struct move_reading *)(o))->m)
static int mv_general(struct rd *r, yaml_node_t *v, void *o) { return read_general_or_none(r, v, &MOVE(o)->general); }
static int mv_by_sea(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &MOVE(o)->by_sea, r->err, r->errlen); }
static int mv_next(struct rd *r, yaml_node_t *v, void *o) { return read_i8(r, v, 0, WW_PATH_MAX, &MOVE(o)->next); }
static int mv_at(struct rd *r, yaml_node_t *v, void *o) { return read_space_or_none(r, v, &MOVE(o)->at); }
static int mv_came_from(struct rd *r, yaml_node_t *v, void *o) { return read_space_or_none(r, v, &MOVE(o)->came_from); }
static int mv_cu(struct rd *r, yaml_node_t *v, void *o) { return read_cu_by_nation(r, v, MOVE(o)->cu); }
static int mv_spent(struct rd *r, yaml_node_t *v, void *o) { return read_i8(r, v, 0, INT8_MAX, &MOVE(o)->spent); }
static int mv_allowance(struct rd *r, yaml_node_t *v, void *o) { return read_i8(r, v, 0, INT8_MAX, &MOVE(o)->allowance); }
static int mv_overran(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &MOVE(o)->overran, r->err, r->errlen); }
static int mv_keep(struct rd *r, yaml_node_t *v, void *o) { return read_general_or_none(r, v, &MOVE(o)->keep); }
#undef MOVE

static const struct field movement_fields[] = {
	{ "general", mv_general }, { "by_sea", mv_by_sea }, { "path", mv_path },
	{ "nsteps", mv_nsteps }, { "next", mv_next }, { "at", mv_at },
	{ "came_from", mv_came_from }, { "cu", mv_cu }, { "spent", mv_spent },
	{ "allowance", mv_allowance }, { "overran", mv_overran }, { "keep", mv_keep },
};

static int k_movement(struct rd *r, yaml_node_t *v)
{
	struct move_reading mr = { &r->s->mv, r->s->mv.nsteps, false };
	if (read_fields(r, v, movement_fields, COUNT(movement_fields), &mr, "movement") < 0)
		return -1;
	if (!mr.nsteps_given)
		mr.m->nsteps = (int8_t)mr.path_length;
	if (mr.m->next > mr.m->nsteps) {
		wj_yaml_fail(r->err, r->errlen, wj_yaml_line(v), "next %d is past the path's %d steps",
		     mr.m->next, mr.m->nsteps);
		return -1;
	}
	return 0;
}

/* battle: */
#define BATTLE(o) ((struct ww_battle *)(o))
static int bt_space(struct rd *r, yaml_node_t *v, void *o) { return read_space_or_none(r, v, &BATTLE(o)->space); }
static int bt_attacker(struct rd *r, yaml_node_t *v, void *o) { return read_side8(r, v, &BATTLE(o)->attacker); }
static int bt_att_from(struct rd *r, yaml_node_t *v, void *o) { return read_space_or_none(r, v, &BATTLE(o)->att_from); }
static int bt_intercepted(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &BATTLE(o)->intercepted, r->err, r->errlen); }
static int bt_card_drm(struct rd *r, yaml_node_t *v, void *o) { return read_side_i8(r, v, INT8_MIN, INT8_MAX, BATTLE(o)->card_drm); }
static int bt_lost(struct rd *r, yaml_node_t *v, void *o) { return read_side_i8(r, v, 0, INT8_MAX, BATTLE(o)->lost); }
static int bt_loser(struct rd *r, yaml_node_t *v, void *o) { return read_side8(r, v, &BATTLE(o)->loser); }
static int bt_stop_move(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &BATTLE(o)->stop_move, r->err, r->errlen); }

static int bt_step(struct rd *r, yaml_node_t *v, void *o)
{
	int x;
	if (read_word(r, v, battle_step_words, COUNT(battle_step_words), &x) < 0)
		return -1;
	BATTLE(o)->step = (int8_t)x;
	return 0;
}

static int bt_general(struct rd *r, yaml_node_t *v, void *o)
{
	if (expect(r, v, YAML_MAPPING_NODE, "{american: GENERAL, british: GENERAL}") < 0)
		return -1;
	FOR_PAIRS(p, v) {
		int side;
		if (read_side(r, node(r, p->key), &side) < 0 ||
		    read_general_or_none(r, node(r, p->value), &BATTLE(o)->general[side]) < 0)
			return -1;
	}
	return 0;
}

static int bt_card(struct rd *r, yaml_node_t *v, void *o)
{
	int16_t *card = BATTLE(o)->card;
	int x[3] = { card[0], card[1], card[2] };
	if (read_side_values(r, v, 0, r->d->ncards, x) < 0)
		return -1;
	for (int i = 0; i < 3; i++)
		card[i] = (int16_t)x[i];
	return 0;
}
#undef BATTLE

static const struct field battle_fields[] = {
	{ "space", bt_space }, { "step", bt_step }, { "attacker", bt_attacker },
	{ "general", bt_general }, { "att_from", bt_att_from }, { "intercepted", bt_intercepted },
	{ "card", bt_card }, { "card_drm", bt_card_drm }, { "lost", bt_lost }, { "loser", bt_loser },
	{ "stop_move", bt_stop_move },
};

static int k_battle(struct rd *r, yaml_node_t *v)
{
	return read_fields(r, v, battle_fields, COUNT(battle_fields), &r->s->battle, "battle");
}

/* standing_orders: */
#define STANDING(o) ((struct ww_standing *)(o))
static int so_never_intercept(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &STANDING(o)->never_intercept, r->err, r->errlen); }
static int so_always_intercept(struct rd *r, yaml_node_t *v, void *o) { return read_general_set(r, v, &STANDING(o)->always_intercept); }
static int so_never_retreat(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &STANDING(o)->never_retreat_before_battle, r->err, r->errlen); }
static int so_never_exchange(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &STANDING(o)->never_exchange, r->err, r->errlen); }
static int so_never_battle_card(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &STANDING(o)->never_battle_card, r->err, r->errlen); }
static int so_french_losses_first(struct rd *r, yaml_node_t *v, void *o) { return wj_yaml_bool(v, &STANDING(o)->french_losses_first, r->err, r->errlen); }
#undef STANDING

static const struct field standing_fields[] = {
	{ "never_intercept", so_never_intercept }, { "always_intercept", so_always_intercept },
	{ "never_retreat_before_battle", so_never_retreat }, { "never_exchange", so_never_exchange },
	{ "never_battle_card", so_never_battle_card },
	{ "french_losses_first", so_french_losses_first },
};

static int k_standing_orders(struct rd *r, yaml_node_t *v)
{
	if (expect(r, v, YAML_MAPPING_NODE, "{american: {...}, british: {...}}") < 0)
		return -1;
	FOR_PAIRS(p, v) {
		int side;
		if (read_side(r, node(r, p->key), &side) < 0 ||
		    read_fields(r, node(r, p->value), standing_fields, COUNT(standing_fields),
				&r->s->standing[side], "standing orders") < 0)
			return -1;
	}
	return 0;
}

static int k_ops_queue(struct rd *r, yaml_node_t *v) { return read_pile_sides(r, v, r->s->ops_queue, false); }
static int k_last_card_of_phase(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->last_card_of_phase, r->err, r->errlen); }
static int k_french_navy_away(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->french_navy_away, r->err, r->errlen); }
static int k_european_war_cu(struct rd *r, yaml_node_t *v) { return read_i8(r, v, 0, INT8_MAX, &r->s->european_war_cu); }
static int k_tournament_rule(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->tournament_rule, r->err, r->errlen); }
static int k_extra_impulse_now(struct rd *r, yaml_node_t *v) { return wj_yaml_bool(v, &r->s->extra_impulse_now, r->err, r->errlen); }

static int k_extra_impulse(struct rd *r, yaml_node_t *v)
{
	int side;
	if (read_side(r, v, &side) < 0)
		return -1;
	r->s->extra_impulse = (int8_t)side;
	return 0;
}

static int k_washington_pcs_to_remove(struct rd *r, yaml_node_t *v)
{
	int x;
	if (read_int(r, v, 0, INT16_MAX, &x) < 0)
		return -1;
	r->s->washington_pcs_to_remove = (int16_t)x;
	return 0;
}

static const struct {
	const char *key;
	int (*read)(struct rd *r, yaml_node_t *v);
} keys[] = {
	{ "year", k_year }, { "phase", k_phase }, { "to_move", k_to_move },
	{ "prompt", k_prompt }, { "move", k_move }, { "board", k_board },
	{ "generals", k_generals }, { "congress", k_congress },
	{ "cu_reinforcements", k_cu_reinforcements }, { "cu_french_box", k_cu_french_box },
	{ "cu_eliminated", k_cu_eliminated }, { "french_navy_zone", k_french_navy_zone },
	{ "french_alliance", k_french_alliance }, { "french_alliance_now", k_french_alliance_now },
	{ "french_in_war", k_french_in_war }, { "regulars", k_regulars },
	{ "deck", k_deck }, { "discard", k_discard }, { "removed", k_removed },
	{ "set_aside", k_set_aside }, { "hands", k_hands },
	{ "reinforcement_cards", k_reinforcement_cards }, { "war_ends_card", k_war_ends_card },
	{ "reshuffle_pending", k_reshuffle_pending }, { "chooser", k_chooser },
	{ "impulse", k_impulse }, { "exchange_offer", k_exchange_offer },
	{ "exchange_for", k_exchange_for },
	{ "congress_dispersed_this_turn", k_dispersed_this },
	{ "congress_dispersed_last_turn", k_dispersed_last },
	{ "no_american_placement", k_no_american_placement }, { "last_card", k_last_card },
	{ "next_roll", k_next_roll }, { "next_shuffle", k_next_shuffle },
	{ "winner", k_winner }, { "victory", k_victory }, { "colonies_won", k_colonies_won },
	{ "ops_queue", k_ops_queue }, { "play", k_play }, { "movement", k_movement },
	{ "battle", k_battle }, { "standing_orders", k_standing_orders },
	{ "last_card_of_phase", k_last_card_of_phase },
	{ "washington_pcs_to_remove", k_washington_pcs_to_remove },
	{ "european_war_cu", k_european_war_cu }, { "french_navy_away", k_french_navy_away },
	{ "tournament_rule", k_tournament_rule }, { "extra_impulse", k_extra_impulse },
	{ "extra_impulse_now", k_extra_impulse_now },
};

int ww_state_read_node(yaml_document_t *doc, yaml_node_t *root,
		       const struct ww_data *d, struct ww_state *s, int flags,
		       const char *skip, char *err, size_t errlen)
{
	struct rd r = { doc, d, s, flags, err, errlen };
	int seen_line[COUNT(keys)] = { 0 };

	if (!(flags & WW_READ_KEEP))
		ww_state_init(s);
	FOR_PAIRS(p, root) {
		yaml_node_t *k = node(&r, p->key);
		const char *key = wj_yaml_str(k);
		int i = 0;
		if (key && skip && strcmp(key, skip) == 0)
			continue;
		while (i < COUNT(keys) && (!key || strcmp(keys[i].key, key) != 0))
			i++;
		if (i == COUNT(keys)) {
			wj_yaml_fail(err, errlen, wj_yaml_line(k), "unknown key %s (see docs/record.md)",
			     key ? key : "(not a name)");
			return -1;
		}
		if (seen_line[i]) {
			wj_yaml_fail(err, errlen, wj_yaml_line(k), "%s given twice (first at line %d)",
			     key, seen_line[i]);
			return -1;
		}
		seen_line[i] = wj_yaml_line(k);
		if (keys[i].read(&r, node(&r, p->value)) < 0)
			return -1;
	}
	return 0;
}

int ww_state_read_yaml(const char *text, size_t len, const struct ww_data *d,
		       struct ww_state *s, char *err, size_t errlen)
{
	yaml_document_t doc;
	if (wj_yaml_load(text, len, &doc, err, errlen) < 0)
		return -1;
	struct ww_state tmp;
	int rc = ww_state_read_node(&doc, yaml_document_get_root_node(&doc), d, &tmp, 0,
				    NULL, err, errlen);
	yaml_document_delete(&doc);
	if (rc == 0)
		memcpy(s, &tmp, sizeof tmp); /* padding too, for memcmp */
	return rc;
}

/* The cards that entered and left `side`'s hand between before and after,
 * as multisets; nothing written if the hand did not change. */
void ww_ledger_write(FILE *f, const struct ww_data *d, const struct ww_state *before,
		     const struct ww_state *after, int side, int entry)
{
	int count[WW_MAX_CARDS] = { 0 };
	const struct ww_pile *was = &before->hand[side], *is = &after->hand[side];
	for (int i = 0; i < was->n; i++)
		count[was->card[i]]--;
	for (int i = 0; i < is->n; i++)
		count[is->card[i]]++;
	bool changed = false;
	for (int c = 0; c < WW_MAX_CARDS; c++)
		changed |= count[c] != 0;
	if (!changed)
		return;
	fprintf(f, "- move: %u\n  entry: %d\n", (unsigned)after->move, entry);
	for (int sign = 1; sign >= -1; sign -= 2) {
		fprintf(f, "  %s:", sign > 0 ? "entered" : "left");
		bool any = false;
		for (int c = 0; c < WW_MAX_CARDS; c++) {
			for (int k = 0; k < count[c] * sign; k++) {
				fprintf(f, "\n    - %d", c);
				if (c <= d->ncards && d->cards[c].title[0])
					fprintf(f, "  # %s", d->cards[c].title);
				any = true;
			}
		}
		fputs(any ? "\n" : " []\n", f);
	}
}

/* The viewer's hand after the public state, with what the engine knows of
 * each card, for scripts and clients (show --format yaml). */
static void write_hand(FILE *f, const struct ww_data *d, const struct ww_pile *h)
{
	static const char *const flags[] = { "either", "american", "british" };
	for (int i = 0; i < h->n; i++) {
		int n = h->card[i];
		const struct ww_card *c = &d->cards[n < WW_MAX_CARDS ? n : 0];
		fprintf(f, "  - {card: %d, ops: %d, flag: %s, must_play: %s, battle: %s, "
			"campaign: %s}", n, c->ops,
			flags[c->flag >= 0 && c->flag <= 2 ? c->flag : 0],
			c->must_play ? "true" : "false", c->battle ? "true" : "false",
			c->campaign ? "true" : "false");
		if (c->title[0]) {
			fputs("  # ", f);
			for (const char *t = c->title; *t; t++)
				fputc((unsigned char)*t < 0x20 ? ' ' : *t, f);
		}
		fputc('\n', f);
	}
}

int ww_state_show_yaml(FILE *f, const struct ww_data *d, const struct ww_state *view,
		       int viewer)
{
	if (ww_state_write_yaml(f, d, view, false))
		return -1;
	if (viewer != WW_AMERICAN && viewer != WW_BRITISH)
		return 0;
	const struct ww_pile *h = &view->hand[viewer];
	fprintf(f, "viewer: %s\nyour_hand:%s\n", ww_rec_side_word(viewer), h->n ? "" : " []");
	write_hand(f, d, h);
	return ferror(f) ? -1 : 0;
}
