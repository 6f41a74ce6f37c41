/* Washington's War behind game.h: adapters to the engine (rules.h), its
 * data (data.h), order language (order.h), record text (record.h) and
 * reports (report.h). No rule is decided here. The game's sides are
 * enum ww_side: 1 American, 2 British, and GAME_PUBLIC is WW_NOBODY. */
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "game.h"
#include "games.h"
#include "ww_game.h"
#include "order.h"
#include "ww_text.h"
#include "report.h"
#include "rules.h"
#include "yaml_doc.h"


static const struct game_option ww_options[] = {
	{ "tournament", "6.34, the optional tournament rule: after the British play the "
	  "Declaration of Independence or Franklin, they draw a card and act again" },
	{ NULL, NULL },
};
#define WW_OPTION_TOURNAMENT 1u

static int data_load(const char *dir, struct game_data **d, char *why, size_t whylen)
{
	struct wj_data_problems p = { 0 };
	if (!(*d = calloc(1, sizeof **d))) {
		wj_why(why, whylen, "out of memory loading the data of %s", dir);
		return -1;
	}
	if (ww_data_load(dir, &(*d)->ww, &p) == 0)
		return 0;
	wj_data_problems_first(&p, why, whylen);
	free(*d);
	*d = NULL;
	return -1;
}

/* Every problem of loading, then of the checks (data_check.c). */
static int data_check(FILE *out, const char *dir, char *summary, size_t len)
{
	struct ww_data *d = calloc(1, sizeof *d);
	struct wj_data_problems *p = calloc(1, sizeof *p);
	int n = -1;
	if (d && p) {
		bool loaded = ww_data_load(dir, d, p) == 0;
		int found = loaded ? ww_data_check(d, p) : 0;
		wj_data_problems_print(out, p);
		n = p->n ? p->n : !loaded || found > 0;
		if (!n && summary)
			snprintf(summary, len, "%s, %d spaces, %d cards, %d generals", d->id,
				 d->nspaces, d->ncards, d->ngenerals);
	}
	free(d);
	free(p);
	return n;
}

static const char *data_id(const struct game_data *d)
{
	return d->ww.id;
}

static void data_free(struct game_data *d)
{
	free(d);
}

static void state_init(struct game_state *s)
{
	ww_state_init(&s->ww);
}

static void order_init(struct game_order *o)
{
	ww_order_init(&o->ww);
}

static void events_clear(struct game_events *ev)
{
	ww_events_free(&ev->ww);
}

/* The 4.0 set-up, or a scenario file (docs/scenario.md) whose deck is
 * shuffled from rng as `wwjudge new --scenario` does. */
static int new_game(const struct game_data *d, const char *scenario, unsigned options,
		    struct wj_rng *rng, struct game_state *s, struct game_events *ev,
		    char *why, size_t whylen)
{
	if (options & ~WW_OPTION_TOURNAMENT) {
		wj_why(why, whylen, "unknown option bits %#x: Washington's War has only "
			 "\"tournament\" (bit 0, 6.34)", options & ~WW_OPTION_TOURNAMENT);
		return -1;
	}
	if (!scenario) {
		ww_new_game(&d->ww, &s->ww, rng, &ev->ww);
	} else {
		if (ww_scenario_load(scenario, &d->ww, &s->ww, why, whylen))
			return -1;
		ww_scenario_deal(&s->ww, rng);
	}
	s->ww.tournament_rule = options & WW_OPTION_TOURNAMENT;
	return 0;
}

static int order_parse(const struct game_data *d, const char *line, struct game_order *o,
		       char *why, size_t whylen)
{
	return ww_order_parse(&d->ww, line, &o->ww, why, whylen);
}

static void order_format(const struct game_data *d, const struct game_order *o, char *out,
			 size_t len)
{
	ww_order_format(&d->ww, &o->ww, out, len);
}

static bool is_side(int side)
{
	return side == WW_AMERICAN || side == WW_BRITISH;
}

static int apply(const struct game_data *d, struct game_state *s, int side,
		 const struct game_order *o, struct wj_rng *rng, struct game_events *ev,
		 char *why, size_t whylen)
{
	if (!is_side(side)) {
		wj_why(why, whylen, "side %d gives no orders in Washington's War: the sides "
			 "are 1 (american) and 2 (british)", side);
		return -1;
	}
	return ww_apply(&d->ww, &s->ww, (enum ww_side)side, &o->ww, rng, &ev->ww, why, whylen);
}

static void view(const struct game_data *d, const struct game_state *s, int viewer,
		 struct game_state *out)
{
	(void)d;
	ww_view(&s->ww, is_side(viewer) ? (enum ww_side)viewer : WW_NOBODY, &out->ww);
}

static void stand_in(const struct game_data *d, const struct game_state *s, int side,
		     struct wj_rng *rng, struct game_state *out)
{
	(void)d;
	ww_view_stand_in(&s->ww, (enum ww_side)side, rng, &out->ww);
}

static int state_write(FILE *out, const struct game_data *d, const struct game_state *s,
		       bool secret)
{
	return ww_state_write_yaml(out, &d->ww, &s->ww, secret);
}

static int state_read(const char *text, size_t len, const struct game_data *d,
		      struct game_state *s, bool secret, char *why, size_t whylen)
{
	yaml_document_t doc;
	if (secret)
		return ww_state_read_yaml(text, len, &d->ww, &s->ww, why, whylen);
	if (wj_yaml_load(text, len, &doc, why, whylen) < 0)
		return -1;
	int rc = ww_state_read_node(&doc, yaml_document_get_root_node(&doc), &d->ww, &s->ww,
				    WW_READ_PUBLIC, NULL, why, whylen);
	yaml_document_delete(&doc);
	return rc;
}

static int state_show(FILE *out, const struct game_data *d, const struct game_state *view,
		      int viewer)
{
	return ww_state_show_yaml(out, &d->ww, &view->ww, viewer);
}

static unsigned move(const struct game_state *s)
{
	return s->ww.move;
}

/* Every card in one place (deck, discard, removed, set aside, hands,
 * reinforcement boxes, Operations Queues, War Ends box), and the dice
 * counter past every die the log has used. */
static int state_check(FILE *out, const struct game_data *gd, const struct game_state *gs,
		       const char *file, long long last_roll)
{
	const struct ww_data *d = &gd->ww;
	const struct ww_state *s = &gs->ww;
	int count[WW_MAX_CARDS] = { 0 }, problems = 0;
	if (last_roll >= 0 && s->next_roll <= (uint64_t)last_roll) {
		fprintf(out, "%s: next_roll %llu but the log has used roll %lld\n", file,
			(unsigned long long)s->next_roll, last_roll);
		problems++;
	}
	ww_count_cards(s, count);
	for (int card = 1; card <= d->ncards && card < WW_MAX_CARDS; card++)
		if (count[card] != 1) {
			fprintf(out, "%s: card %d is in %d places (deck, discard, removed, "
				"set aside, hands, reinforcement boxes, Operations Queues, War "
				"Ends box); it should be in one\n", file, card, count[card]);
			problems++;
		}
	return problems;
}

static void ledger(FILE *out, const struct game_data *d, const struct game_state *before,
		   const struct game_state *after, int side, int entry)
{
	if (is_side(side))
		ww_ledger_write(out, &d->ww, &before->ww, &after->ww, side, entry);
}

static int ledger_check(const struct game_data *d, const char *items, size_t len,
			const struct game_state *before, const struct game_state *after, int side,
			const char *file, char *why, size_t whylen)
{
	(void)d;
	if (!is_side(side))
		return 0;
	return ww_ledger_check(items, len, &before->ww, &after->ww, side, file, why, whylen);
}

static void dice_next(const struct game_state *s, uint64_t *roll, uint64_t *shuffle)
{
	*roll = s->ww.next_roll;
	*shuffle = s->ww.next_shuffle;
}

static void dice_skip(struct game_state *s, uint64_t roll, uint64_t shuffle)
{
	s->ww.next_roll = roll;
	s->ww.next_shuffle = shuffle;
}

static void reshuffle_unseen(const struct game_data *d, struct game_state *s,
			     struct wj_rng *rng)
{
	(void)d;
	ww_reshuffle_unseen(&s->ww, rng);
}

static unsigned asked(const struct game_state *s)
{
	if (s->ww.prompt == WW_ASK_NOTHING || !is_side(s->ww.to_move))
		return 0;
	return GAME_SIDE(s->ww.to_move);
}

/* Washington's War's questions name the side asked and hide nothing: one
 * wording for every reader. */
static void question(const struct game_data *d, const struct game_state *s, int side,
		     int reader, char *out, size_t len)
{
	(void)reader;
	if (len)
		out[0] = '\0';
	if (is_side(side) && (asked(s) & GAME_SIDE(side)))
		ww_prompt_text(&d->ww, &s->ww, out, len);
}

static void date(const struct game_state *s, char *out, size_t len)
{
	snprintf(out, len, "%d", s->ww.year);
}

static bool over(const struct game_state *s, struct game_end *end)
{
	if (s->ww.phase != WW_PH_GAME_OVER)
		return false;
	end->winner = s->ww.winner;
	snprintf(end->reason, sizeof end->reason, "%s", ww_victory_words(s->ww.victory));
	end->resigned = s->ww.victory == WW_WIN_RESIGNATION;
	return true;
}

static int events_count(const struct game_events *ev)
{
	return ev->ww.n;
}

static const char *event_text(const struct game_events *ev, int i, int viewer)
{
	const struct ww_event *e = &ev->ww.v[i];
	return ww_report_sees(e, (enum ww_side)viewer) ? e->text : NULL;
}

static struct game_roll event_roll(const struct game_events *ev, int i)
{
	const struct ww_event *e = &ev->ww.v[i];
	return (struct game_roll){ e->roll_index, e->roll_index >= 0 ? e->roll : 0, e->forced };
}

static int report(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_frame *f, char *why, size_t whylen)
{
	struct ww_report r = {
		.d = &d->ww, .view = &view->ww, .recipient = (enum ww_side)viewer,
		.game = f->game, .deadline = f->deadline, .commitment = f->commitment,
		.seed_hex = f->seed_hex, .templates = f->templates,
		.events = f->events ? &f->events->ww : NULL, .recent = f->recent,
		.stand_in = f->stand_in,
		.note = f->note, .guide_item = f->guide_item, .guide_ctx = f->guide_ctx,
	};
	return ww_report_form(out, &r, why, whylen);
}

static int guide(const struct game_data *d, const struct game_state *view, int side,
		 game_guide_item *item, void *ctx)
{
	struct ww_guide *g = malloc(sizeof *g);
	int n = 0;
	if (!g)
		return -1;
	ww_guide_build(&d->ww, &view->ww, (enum ww_side)side, g);
	for (int i = 0; i < g->n; i++)
		for (int k = 0; k < g->v[i].nexamples; k++, n++)
			item(ctx, g->v[i].kind, g->v[i].example[k]);
	free(g);
	return n;
}

static int guide_words(FILE *out, const struct game_data *d, const struct game_state *view,
		       int side, char *why, size_t whylen)
{
	struct ww_report r = { .d = &d->ww, .view = &view->ww, .recipient = (enum ww_side)side,
			       .section = "guide" };
	char *form;
	size_t len;
	if (ww_report_render(&r, &form, &len, why, whylen))
		return -1;
	int rc = fwrite(form, 1, len, out) == len ? 0 : wj_why(why, whylen, "writing the guide failed");
	free(form);
	return rc;
}

/* The board's highlight reads the events' text (report_png.c), so the
 * log's text rebuilds them, each for the viewer. */
static int events_read(const struct game_data *d, const struct game_logged_entry *e,
		       int viewer, struct game_events *ev)
{
	(void)d;
	struct ww_events *w = &ev->ww;
	if (!(w->v = calloc((size_t)e->n + 1, sizeof *w->v)))
		return -1;
	w->cap = e->n + 1;
	for (int i = 0; i < e->n; i++)
		if (e->v[i].audience & GAME_SIDE(viewer)) {
			w->v[w->n].audience = viewer == WW_NOBODY ? WW_TO_BOTH :
				viewer == WW_AMERICAN ? WW_TO_AMERICAN : WW_TO_BRITISH;
			snprintf(w->v[w->n++].text, sizeof w->v->text, "%s", e->v[i].text);
		}
	return 0;
}

static const char *const america[] = { "america", NULL };
static const char *const britain[] = { "britain", NULL };

const struct game game_washingtons_war = {
	.name = "washingtons-war",
	.title = "Washington's War",
	.nsides = 2,
	.side = {
		[GAME_PUBLIC] = { "public", "the public", NULL },
		[WW_AMERICAN] = { "american", "American", america },
		[WW_BRITISH] = { "british", "British", britain },
	},
	.options = ww_options,
	.hidden = "Hands and the deck order",
	.data_load = data_load, .data_check = data_check, .data_free = data_free,
	.data_id = data_id,
	.state_size = sizeof(struct game_state), .order_size = sizeof(struct game_order),
	.events_size = sizeof(struct game_events),
	.state_init = state_init, .order_init = order_init, .events_clear = events_clear,
	.new_game = new_game,
	.order_parse = order_parse, .order_format = order_format,
	.order_starts = ww_order_starts,
	.apply = apply, .view = view, .stand_in = stand_in,
	.state_write = state_write, .state_read = state_read, .state_show = state_show,
	.move = move, .state_check = state_check, .ledger = ledger,
	.ledger_check = ledger_check, .dice_next = dice_next, .dice_skip = dice_skip,
	.reshuffle_unseen = reshuffle_unseen,
	.asked = asked, .question = question, .date = date, .over = over,
	.events_count = events_count, .event_text = event_text, .event_roll = event_roll,
	.report = report, .guide = guide, .guide_words = guide_words, .board = "ww_game_board",
	.events_read = events_read,
};
