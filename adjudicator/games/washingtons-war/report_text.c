/* The report: a model of one side's view of the game, worded by the
 * template file templates/report.txt in the report form (core/report_form.h),
 * and as plain text wrapped at WW_REPORT_WIDTH columns. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "buf.h"
#include "paths.h"
#include "report.h"
#include "report_form.h"
#include "template.h"

#define TEMPLATE_FILE "report.txt"
#define EFFECT_MAX 60          /* columns of a card's shortened effect */

static const char *const NATION_NAME[WW_NATIONS] = { "British", "American", "French" };

bool ww_report_sees(const struct ww_event *e, enum ww_side recipient)
{
	if (recipient == WW_AMERICAN)
		return e->audience & WW_TO_AMERICAN;
	if (recipient == WW_BRITISH)
		return e->audience & WW_TO_BRITISH;
	return (e->audience & WW_TO_BOTH) == WW_TO_BOTH;
}

static const char *card_title(const struct ww_data *d, int card)
{
	return card > 0 && card < WW_MAX_CARDS ? d->cards[card].title : "?";
}

/* ---- the model ---- */

struct build {
	const struct ww_report *r;
	const struct ww_data *d;
	const struct ww_state *v;
	const struct tpl_file *t;
	struct tpl_obj *root;
	char *err;
	size_t errlen;
};

/* Sets key to the rendering of a small section (a piece, a label). */
static int set_rendered(struct build *b, struct tpl_obj *o, const char *key,
			const char *section, const struct tpl_obj *with)
{
	char text[256];
	if (tpl_render_str(b->t, section, with, text, sizeof text, b->err, b->errlen))
		return -1;
	tpl_set(o, key, "%s", text);
	return 0;
}

const char *ww_victory_words(enum ww_victory v)
{
	switch (v) {
	case WW_WIN_AUTOMATIC: return "automatic victory, 13.1";
	case WW_WIN_WAR_ENDS: return "the war has ended, 13.2";
	case WW_WIN_LAST_YEAR: return "the end of the last year, 13.2";
	case WW_WIN_RESIGNATION: return "the other side resigned";
	default: return "";
	}
}

static void header(struct build *b)
{
	const struct ww_state *v = b->v;
	struct tpl_obj *o = b->root;
	char prompt[512] = "";
	tpl_set(o, "game", "%s", b->r->game ? b->r->game : "");
	tpl_set(o, "year", "%d", v->year);
	tpl_set(o, "phase", "%s", ww_phase_name(v->phase));
	tpl_set(o, "move", "%u", (unsigned)v->move);
	tpl_flag(o, "public", b->r->recipient == WW_NOBODY);
	tpl_set(o, "recipient", "%s", b->r->recipient == WW_NOBODY ? "" :
		ww_side_name(b->r->recipient));
	bool over = v->phase == WW_PH_GAME_OVER || v->prompt == WW_ASK_NOTHING;
	tpl_flag(o, "over", over);
	tpl_set(o, "winner", "%s", v->winner == WW_NOBODY ? "" : ww_side_name(v->winner));
	tpl_set(o, "victory", "%s", ww_victory_words(v->victory));
	if (!over)
		ww_prompt_text(b->d, v, prompt, sizeof prompt);
	tpl_flag(o, "asking", !over);
	tpl_set(o, "to_move", "%s", ww_side_name(v->to_move));
	tpl_flag(o, "your_move", !over && v->to_move == b->r->recipient);
	tpl_set(o, "prompt", "%s", prompt);
	tpl_set(o, "deadline", "%s", b->r->deadline ? b->r->deadline : "");
	tpl_set(o, "options", "%s", v->tournament_rule ? "the tournament rule of 6.34" : "");
}

static void add_event(struct build *b, struct tpl_obj *step, const char *text,
		      struct game_roll roll)
{
	struct tpl_obj *o = tpl_add(step, "events");
	tpl_set(o, "text", "%s", text);
	tpl_flag(o, "roll", roll.index >= 0);
	tpl_set(o, "index", "%lld", roll.index);
	tpl_set(o, "value", "%d", roll.value);
	tpl_flag(o, "forced", roll.forced);
	tpl_flag(o, "from_seed", !roll.forced && !b->r->stand_in);
	tpl_flag(o, "stand_in", !roll.forced && b->r->stand_in);
}

static void add_events(struct build *b, struct tpl_obj *step, const struct ww_events *ev)
{
	tpl_list(step, "events");
	for (int i = 0; ev && i < ev->n; i++) {
		const struct ww_event *e = &ev->v[i];
		if (ww_report_sees(e, b->r->recipient))
			add_event(b, step, e->text, (struct game_roll){ e->roll_index, e->roll,
									e->forced });
	}
}

/* A logged entry's events: its text and audience as the log keeps them
 * (game.h), the roll for the report's dice line. */
static void add_logged_events(struct build *b, struct tpl_obj *step,
			      const struct game_logged_entry *entry)
{
	tpl_list(step, "events");
	for (int i = 0; i < entry->n; i++) {
		const struct game_logged_event *e = &entry->v[i];
		if (e->audience & GAME_SIDE(b->r->recipient))
			add_event(b, step, e->text, e->roll);
	}
}

/* The note as the judge framed it (game.h): its lines as they are, after
 * the events of the orders it came with. */
static void add_note(struct tpl_obj *step, const char *note)
{
	tpl_list(step, "note_lines");
	for (const char *line = note, *nl; line && (nl = strchr(line, '\n')); line = nl + 1)
		tpl_set(tpl_add(step, "note_lines"), "line", "%.*s", (int)(nl - line), line);
}

static int recent(struct build *b)
{
	const struct ww_report *r = b->r;
	tpl_list(b->root, "steps");
	if (r->events) {
		struct tpl_obj *step = tpl_add(b->root, "steps");
		tpl_set(step, "move", "%s", "");
		tpl_set(step, "side", "%s", "");
		add_events(b, step, r->events);
		add_note(step, r->note);
	}
	for (int i = 0; r->recent && i < r->recent->n; i++) {
		const struct game_logged_entry *s = &r->recent->v[i];
		struct tpl_obj *step = tpl_add(b->root, "steps");
		tpl_set(step, "move", "%u", s->move);
		tpl_set(step, "side", "%s", s->side == WW_NOBODY ? "" :
			ww_side_name((enum ww_side)s->side));
		add_logged_events(b, step, s);
		add_note(step, NULL);
	}
	tpl_flag(b->root, "has_recent", r->events || (r->recent && r->recent->n));
	return 0;
}

static bool space_occupied(const struct ww_data *d, const struct ww_state *v, int s)
{
	if (v->space[s].pc != WW_NOBODY || v->congress_at == s)
		return true;
	for (int n = 0; n < WW_NATIONS; n++)
		if (v->space[s].cu[n])
			return true;
	for (int g = 0; g < d->ngenerals; g++)
		if (v->general_at[g] == s)
			return true;
	return false;
}

static int add_piece(struct build *b, struct tpl_obj *space, const char *section,
		     struct tpl_obj *with)
{
	int rc = set_rendered(b, tpl_add(space, "pieces"), "text", section, with);
	tpl_free(with);
	return rc;
}

static int space_pieces(struct build *b, struct tpl_obj *o, int s)
{
	const struct ww_state *v = b->v;
	struct tpl_obj *w;
	tpl_set(o, "name", "%s", b->d->spaces[s].name);
	tpl_list(o, "pieces");
	if (v->space[s].pc != WW_NOBODY) {
		w = tpl_new();
		tpl_set(w, "side", "%s", ww_side_name((enum ww_side)v->space[s].pc));
		if (add_piece(b, o, "piece.pc", w))
			return -1;
	}
	for (int n = 0; n < WW_NATIONS; n++) {
		if (!v->space[s].cu[n])
			continue;
		w = tpl_new();
		tpl_set(w, "count", "%d", v->space[s].cu[n]);
		tpl_set(w, "nation", "%s", NATION_NAME[n]);
		if (add_piece(b, o, "piece.cu", w))
			return -1;
	}
	for (int g = 0; g < b->d->ngenerals; g++) {
		if (v->general_at[g] != s)
			continue;
		w = tpl_new();
		tpl_set(w, "name", "%s", b->d->generals[g].name);
		if (add_piece(b, o, "piece.general", w))
			return -1;
	}
	if (v->congress_at == s && add_piece(b, o, "piece.congress", tpl_new()))
		return -1;
	return 0;
}

static int board(struct build *b)
{
	const struct ww_data *d = b->d;
	int won[3] = { 0, 0, 0 };
	tpl_list(b->root, "colonies");
	for (int c = 0; c < d->ncolonies; c++) {
		enum ww_side ctl = ww_colony_control(d, b->v, c);
		won[ctl == WW_AMERICAN || ctl == WW_BRITISH ? ctl : 0]++;
		struct tpl_obj *o = tpl_add(b->root, "colonies");
		tpl_set(o, "name", "%s", d->colonies[c].name);
		tpl_set(o, "code", "%s", d->colonies[c].code);
		tpl_flag(o, "american", ctl == WW_AMERICAN);
		tpl_flag(o, "british", ctl == WW_BRITISH);
		tpl_flag(o, "neither", ctl != WW_AMERICAN && ctl != WW_BRITISH);
		tpl_list(o, "spaces");
		for (int s = 0; s < d->nspaces; s++)
			if (d->spaces[s].colony == c && space_occupied(d, b->v, s) &&
			    space_pieces(b, tpl_add(o, "spaces"), s))
				return -1;
	}
	/* 13.2: the colony count that decides the game at its end */
	tpl_set(b->root, "won_american", "%d", won[WW_AMERICAN]);
	tpl_set(b->root, "won_british", "%d", won[WW_BRITISH]);
	tpl_set(b->root, "won_neither", "%d", won[0]);
	return 0;
}

static void tracks(struct build *b)
{
	const struct ww_data *d = b->d;
	const struct ww_state *v = b->v;
	struct tpl_obj *o = b->root;
	int we = v->war_ends_card > 0 && v->war_ends_card < WW_MAX_CARDS ? v->war_ends_card : 0;
	tpl_set(o, "first_year", "%d", d->first_year);
	tpl_set(o, "last_year", "%d", d->last_year);
	tpl_set(o, "alliance", "%d", v->french_alliance);
	tpl_flag(o, "french_in_war", v->french_in_war);
	tpl_flag(o, "regulars", v->regulars);
	tpl_set(o, "war_ends", "%s", "");
	if (we) {
		tpl_set(o, "war_ends", "%d", we);
		tpl_set(o, "war_ends_title", "%s", card_title(d, we));
		tpl_set(o, "war_ends_year", "%d", d->cards[we].war_ends_year);
	}
	tpl_set(o, "navy", "%s", v->french_navy_zone >= 0 && v->french_navy_zone < d->nzones ?
		d->zones[v->french_navy_zone].name : "");
}

/* One box line: the generals at `where` (of `side`, or all) and CUs. */
static int box(struct build *b, const char *name, int where, int side, int cu,
	       const char *nation)
{
	char names[512] = "";
	size_t o = 0;
	for (int g = 0; g < b->d->ngenerals; g++) {
		if (b->v->general_at[g] != where ||
		    (side && (int)b->d->generals[g].side != side))
			continue;
		int k = snprintf(names + o, sizeof names - o, "%s%s", o ? ", " : "",
				 b->d->generals[g].name);
		if (k > 0 && (size_t)k < sizeof names - o)
			o += (size_t)k;
	}
	if (!o && !cu)
		return 0;
	char section[64];
	snprintf(section, sizeof section, "box.%s", name);
	struct tpl_obj *item = tpl_add(b->root, "boxes");
	tpl_set(item, "generals", "%s", names);
	tpl_set(item, "cu", "%d", cu);
	tpl_set(item, "nation", "%s", nation);
	return set_rendered(b, item, "label", section, item);
}

static int boxes(struct build *b)
{
	const struct ww_state *v = b->v;
	tpl_list(b->root, "boxes");
	if (box(b, "british-reinforcements", WW_LOC_REINFORCEMENTS, WW_BRITISH,
		v->cu_reinforcements[WW_NAT_BRITISH], NATION_NAME[WW_NAT_BRITISH]) ||
	    box(b, "american-reinforcements", WW_LOC_REINFORCEMENTS, WW_AMERICAN,
		v->cu_reinforcements[WW_NAT_AMERICAN], NATION_NAME[WW_NAT_AMERICAN]) ||
	    box(b, "french", WW_LOC_FRENCH_BOX, 0, v->cu_french_box,
		NATION_NAME[WW_NAT_FRENCH]) ||
	    box(b, "captured", WW_LOC_CAPTURED, 0, 0, "") ||
	    box(b, "removed", WW_LOC_REMOVED, 0, 0, ""))
		return -1;
	tpl_flag(b->root, "navy_waits", !v->french_in_war && v->french_navy_zone < 0);
	tpl_flag(b->root, "congress_dispersed", v->congress_at == WW_LOC_DISPERSED);
	return 0;
}

static void piles(struct build *b)
{
	const struct ww_state *v = b->v;
	struct tpl_obj *o = b->root;
	tpl_set(o, "deck", "%d", v->deck.n);
	tpl_set(o, "discard", "%d", v->discard.n);
	tpl_set(o, "removed", "%d", v->removed.n);
	tpl_set(o, "set_aside", "%d", v->set_aside.n);
	tpl_set(o, "hand_american", "%d", v->hand[WW_AMERICAN].n);
	tpl_set(o, "hand_british", "%d", v->hand[WW_BRITISH].n);
	int top = v->discard.n ? v->discard.card[v->discard.n - 1] : 0;
	tpl_set(o, "top", "%s", "");
	if (top) {
		tpl_set(o, "top", "%d", top);
		tpl_set(o, "top_title", "%s", card_title(b->d, top));
	}
	tpl_flag(o, "reshuffle", v->reshuffle_pending);
	tpl_set(o, "offer", "%s", "");
	if (v->exchange_offer) {
		tpl_set(o, "offer", "%d", v->exchange_offer);
		tpl_set(o, "offer_title", "%s", card_title(b->d, v->exchange_offer));
		tpl_set(o, "offer_for", "%s", ww_side_name(v->exchange_for));
	}
}

/* The event text cut to its first sentence, at most EFFECT_MAX columns. */
static void shorten(const char *text, char *out, size_t len)
{
	size_t n = 0, cut = 0;
	int cols = 0;
	for (; text[n]; n++) {
		if (((unsigned char)text[n] & 0xC0) != 0x80 && ++cols > EFFECT_MAX)
			break;
		if (text[n] == '.' && (text[n + 1] == ' ' || !text[n + 1])) {
			n++;
			snprintf(out, len, "%.*s", (int)n, text);
			return;
		}
		if (text[n] == ' ')
			cut = n;
	}
	if (!text[n])
		snprintf(out, len, "%s", text);
	else
		snprintf(out, len, "%.*s...", (int)(cut ? cut : n - 3), text);
}

static void hand(struct build *b)
{
	tpl_list(b->root, "hand");
	tpl_set(b->root, "hand_size", "0");
	if (b->r->recipient != WW_AMERICAN && b->r->recipient != WW_BRITISH)
		return;
	const struct ww_pile *h = &b->v->hand[b->r->recipient];
	tpl_set(b->root, "hand_size", "%d", h->n);
	for (int i = 0; i < h->n; i++) {
		int n = h->card[i] < WW_MAX_CARDS ? h->card[i] : 0;
		const struct ww_card *c = &b->d->cards[n];
		char effect[WW_TEXT_MAX];
		shorten(c->text, effect, sizeof effect);
		struct tpl_obj *o = tpl_add(b->root, "hand");
		tpl_set(o, "number", "%d", h->card[i]);
		tpl_set(o, "ops", "%d", c->ops);
		tpl_set(o, "title", "%s", c->title);
		tpl_flag(o, "must_play", c->must_play);
		tpl_flag(o, "american", !c->must_play && c->flag == WW_FLAG_AMERICAN);
		tpl_flag(o, "british", !c->must_play && c->flag == WW_FLAG_BRITISH);
		tpl_flag(o, "either", !c->must_play && c->flag == WW_FLAG_EITHER);
		tpl_flag(o, "battle", c->battle);
		tpl_flag(o, "campaign", c->campaign);
		tpl_set(o, "effect", "%s", effect);
	}
}

static void space_list(struct build *b, struct tpl_obj *o, const char *key,
		       const int16_t *v, int n)
{
	tpl_list(o, key);
	for (int i = 0; i < n; i++)
		tpl_set(tpl_add(o, key), "name", "%s", b->d->spaces[v[i]].name);
}

static int guide(struct build *b)
{
	tpl_list(b->root, "guide");
	if (b->r->recipient != WW_AMERICAN && b->r->recipient != WW_BRITISH)
		return 0;
	struct ww_guide *g = malloc(sizeof *g);
	if (!g) {
		snprintf(b->err, b->errlen, "out of memory while building the report");
		return -1;
	}
	ww_guide_build(b->d, b->v, b->r->recipient, g);
	for (int i = 0; i < g->n; i++) {
		const struct ww_guide_item *it = &g->v[i];
		struct tpl_obj *o = tpl_add(b->root, "guide");
		tpl_set(o, "section", "guide.%s", it->kind);
		tpl_list(o, "examples");
		for (int k = 0; k < it->nexamples; k++) {
			tpl_set(tpl_add(o, "examples"), "line", "%s", it->example[k]);
			if (b->r->guide_item)
				b->r->guide_item(b->r->guide_ctx, it->kind, it->example[k]);
		}
		tpl_list(o, "cards");
		for (int k = 0; k < it->ncards; k++)
			tpl_set(tpl_add(o, "cards"), "number", "%d", it->cards[k]);
		space_list(b, o, "place", it->place, it->nplace);
		space_list(b, o, "flip", it->flip, it->nflip);
		space_list(b, o, "remove", it->remove, it->nremove);
		space_list(b, o, "where", it->where, it->nwhere);
		space_list(b, o, "sea", it->sea, it->nsea);
		tpl_list(o, "names");
		for (int k = 0; k < it->nnames; k++)
			tpl_set(tpl_add(o, "names"), "name", "%s", it->names[k]);
		tpl_set(o, "more", "%d", it->more);
	}
	free(g);
	return 0;
}

static int build_model(struct build *b)
{
	header(b);
	if (recent(b) || board(b))
		return -1;
	tracks(b);
	if (boxes(b))
		return -1;
	piles(b);
	hand(b);
	if (guide(b))
		return -1;
	tpl_set(b->root, "commitment", "%s", b->r->commitment ? b->r->commitment : "");
	tpl_set(b->root, "seed", "%s", b->r->seed_hex ? b->r->seed_hex : "");
	return 0;
}

/* ---- finding the templates ---- */

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int ww_report_templates(const struct ww_data *d, char *dir, size_t len,
			char *err, size_t errlen)
{
	const char *env = getenv("WW_TEMPLATES");
	char cand[4][PATH_MAX], file[PATH_MAX + 32], exe[PATH_MAX - 16];
	int n = 0;
	if (env && *env)
		snprintf(cand[n++], sizeof cand[0], "%s", env);
	snprintf(cand[n++], sizeof cand[0], "%s/../../templates", d->dir);
	snprintf(cand[n++], sizeof cand[0], "%s/templates", d->dir);
	/* beside the program (build/wwjudge -> templates/), so that a game
	 * created with data from elsewhere still finds its wording */
	if (wj_exe_dir(exe, sizeof exe) == 0)
		snprintf(cand[n++], sizeof cand[0], "%s/../templates", exe);
	for (int i = 0; i < n; i++) {
		int w = snprintf(file, sizeof file, "%s/%s", cand[i], TEMPLATE_FILE);
		if (w > 0 && (size_t)w < sizeof file && is_file(file)) {
			snprintf(dir, len, "%s", cand[i]);
			return 0;
		}
	}
	wj_why(err, errlen, "no report templates: %s is in none of %s, %s%s%s "
		 "(set WW_TEMPLATES or give --templates DIR)", TEMPLATE_FILE, cand[0],
		 cand[1], n > 2 ? ", " : "", n > 2 ? cand[n - 1] : "");
	return -1;
}

/* ---- the report ---- */

int ww_report_render(const struct ww_report *r, char **text, size_t *len, char *err,
		     size_t errlen)
{
	char dir[PATH_MAX], path[PATH_MAX + 32];
	struct tpl_file *t = NULL;
	struct tpl_obj *root = NULL;
	FILE *mem = NULL;
	int rc = -1;

	*text = NULL;
	if (r->templates)
		snprintf(dir, sizeof dir, "%s", r->templates);
	else if (ww_report_templates(r->d, dir, sizeof dir, err, errlen))
		return -1;
	int k = snprintf(path, sizeof path, "%s/%s", dir, TEMPLATE_FILE);
	if (k < 0 || (size_t)k >= sizeof path) {
		wj_why(err, errlen, "the template directory's name is too long");
		return -1;
	}
	if (tpl_load(path, &t, err, errlen))
		return -1;
	root = tpl_new();
	struct build b = { .r = r, .d = r->d, .v = r->view, .t = t, .root = root,
			   .err = err, .errlen = errlen };
	if (!root || build_model(&b))
		goto out;
	if (!(mem = open_memstream(text, len)))
		goto out;
	rc = tpl_render(t, r->section ? r->section : "report", root, mem, err, errlen);
	if (fclose(mem) && !rc) {
		wj_why(err, errlen, "out of memory while writing the report");
		rc = -1;
	}
out:
	if (rc && root && !tpl_ok(root))
		wj_why(err, errlen, "out of memory while building the report");
	if (rc) {
		free(*text);
		*text = NULL;
	}
	tpl_free(root);
	tpl_unload(t);
	return rc;
}

int ww_report_form(FILE *out, const struct ww_report *r, char *err, size_t errlen)
{
	char *text;
	size_t len;
	if (ww_report_render(r, &text, &len, err, errlen))
		return -1;
	int rc = fwrite(text, 1, len, out) != len ? -1 : 0;
	if (rc)
		wj_why(err, errlen, "writing the report failed");
	free(text);
	return rc;
}

int ww_report_write(FILE *out, const struct ww_report *r, char *err, size_t errlen)
{
	char *text;
	size_t len;
	if (ww_report_render(r, &text, &len, err, errlen))
		return -1;
	int rc = wj_form_text(out, text, len, WW_REPORT_WIDTH);
	if (rc)
		wj_why(err, errlen, "writing the report failed");
	free(text);
	return rc;
}
