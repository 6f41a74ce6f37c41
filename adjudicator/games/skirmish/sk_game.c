/* Skirmish behind game.h: adapters to its engine (sk_rules.h), data
 * (sk_data.h), order language (sk_order.h), state text (sk_text.h) and
 * board (sk_board.h), and the reports. No rule is decided here. The
 * sides are enum sk_side: 1 American, 2 British; GAME_PUBLIC is
 * SK_NOBODY. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "game.h"
#include "sk_game.h"
#include "sk_board.h"
#include "sk_guide.h"
#include "sk_order.h"
#include "sk_rules.h"
#include "sk_text.h"


static int data_load(const char *dir, struct game_data **d, char *why, size_t whylen)
{
	struct wj_data_problems p = { 0 };
	if (!(*d = calloc(1, sizeof **d))) {
		wj_why(why, whylen, "out of memory loading the data of %s", dir);
		return -1;
	}
	if (sk_data_load(dir, &(*d)->sk, &p) == 0)
		return 0;
	wj_data_problems_first(&p, why, whylen);
	free(*d);
	*d = NULL;
	return -1;
}

/* Every problem of loading, then of the checks (sk_data_check.c). */
static int data_check(FILE *out, const char *dir, char *summary, size_t len)
{
	struct sk_data *d = calloc(1, sizeof *d);
	struct wj_data_problems *p = calloc(1, sizeof *p);
	int n = -1;
	if (d && p) {
		bool loaded = sk_data_load(dir, d, p) == 0;
		int found = loaded ? sk_data_check(d, p) : 0;
		wj_data_problems_print(out, p);
		n = p->n ? p->n : !loaded || found > 0;
		if (!n && summary)
			snprintf(summary, len, "Skirmish, %s, %d spots, %d lines, %d pieces, %d kinds "
				 "of card", d->id, d->nspots, d->nlines, d->npieces, d->ncards);
	}
	free(d);
	free(p);
	return n;
}

static const char *data_id(const struct game_data *d)
{
	return d->sk.id;
}

static void data_free(struct game_data *d)
{
	free(d);
}

static void order_init(struct game_order *o)
{
	o->sk.spot = -1;
}

static int new_game(const struct game_data *d, const char *scenario, unsigned options,
		    struct wj_rng *rng, struct game_state *s, struct game_events *ev,
		    char *why, size_t whylen)
{
	if (scenario || options) {
		wj_why(why, whylen, "Skirmish has no %s: only the set-up of its booklet (SET UP "
			 "THE GAME)", scenario ? "scenarios" : "optional rules");
		return -1;
	}
	if (sk_new_game(&d->sk, rng, &s->sk, &ev->sk) == 0)
		return 0;
	wj_why(why, whylen, "the data of %s cannot be set up: no pieces or no skirmish cards",
		 d->sk.id);
	return -1;
}

static int order_parse(const struct game_data *d, const char *line, struct game_order *o,
		       char *why, size_t whylen)
{
	return sk_order_parse(&d->sk, line, &o->sk, why, whylen);
}

static void order_format(const struct game_data *d, const struct game_order *o, char *out,
			 size_t len)
{
	sk_order_format(&d->sk, &o->sk, out, len);
}

static int apply(const struct game_data *d, struct game_state *s, int side,
		 const struct game_order *o, struct wj_rng *rng, struct game_events *ev,
		 char *why, size_t whylen)
{
	return sk_apply(&d->sk, &s->sk, side, &o->sk, rng, &ev->sk, why, whylen);
}

static bool is_side(int side)
{
	return side == SK_AMERICAN || side == SK_BRITISH;
}

static void view(const struct game_data *d, const struct game_state *s, int viewer,
		 struct game_state *out)
{
	sk_view(&d->sk, &s->sk, is_side(viewer) ? viewer : SK_NOBODY, &out->sk);
}

static void stand_in(const struct game_data *d, const struct game_state *s, int side,
		     struct wj_rng *rng, struct game_state *out)
{
	sk_stand_in(&d->sk, &s->sk, side, rng, &out->sk);
}

static int state_write(FILE *out, const struct game_data *d, const struct game_state *s,
		       bool secret)
{
	return sk_state_write(out, &d->sk, &s->sk, secret);
}

static int state_show(FILE *out, const struct game_data *d, const struct game_state *view,
		      int viewer)
{
	return sk_state_show(out, &d->sk, &view->sk, viewer);
}

/* The text says itself whether it is the secret one (`secret:`). */
static int state_read(const char *text, size_t len, const struct game_data *d,
		      struct game_state *s, bool secret, char *why, size_t whylen)
{
	(void)secret;
	return sk_state_read(text, len, &d->sk, &s->sk, why, whylen);
}

static void dice_next(const struct game_state *s, uint64_t *roll, uint64_t *shuffle)
{
	*roll = s->sk.next_roll;
	*shuffle = s->sk.next_shuffle;
}

static void dice_skip(struct game_state *s, uint64_t roll, uint64_t shuffle)
{
	s->sk.next_roll = roll;
	s->sk.next_shuffle = shuffle;
}

static void reshuffle_unseen(const struct game_data *d, struct game_state *s,
			     struct wj_rng *rng)
{
	(void)d;
	sk_reshuffle_unseen(&s->sk, rng);
}

/* The record's `move:`: Skirmish counts turns (I.A-D), so a rollback
 * goes back to the end of a turn. */
static unsigned move(const struct game_state *s)
{
	return (unsigned)s->sk.turn;
}

/* What the side holds unseen (I.A): a throw not yet revealed, written
 * when the side throws anew. */
static void ledger(FILE *out, const struct game_data *d, const struct game_state *before,
		   const struct game_state *after, int side, int entry)
{
	(void)d;
	const struct sk_state *b = &before->sk, *a = &after->sk;
	if (!is_side(side) || a->revealed[side] || a->ndice[side] == 0 ||
	    (a->turn == b->turn && !memcmp(a->dice[side], b->dice[side], sizeof a->dice[side])))
		return;
	fprintf(out, "- move: %u\n  entry: %d\n  threw: [", move(after), entry);
	for (int i = 0; i < a->ndice[side]; i++)
		fprintf(out, "%s%d", i ? ", " : "", a->dice[side][i]);
	fputs("]\n", out);
}

static unsigned asked(const struct game_state *s)
{
	return sk_asked(&s->sk);
}

static void question(const struct game_data *d, const struct game_state *s, int side,
		     int reader, char *out, size_t len)
{
	if (len)
		out[0] = '\0';
	if (is_side(side) && (sk_asked(&s->sk) & SK_TO(side)))
		(reader == side ? sk_question : sk_waiting_for)(&d->sk, &s->sk, side, out, len);
}

static bool over(const struct game_state *s, struct game_end *end)
{
	end->resigned = s->sk.resigned;
	return sk_over(&s->sk, &end->winner, end->reason, sizeof end->reason);
}

static int events_count(const struct game_events *ev)
{
	return ev->sk.n;
}

static const char *event_text(const struct game_events *ev, int i, int viewer)
{
	const struct sk_event *e = &ev->sk.e[i];
	return viewer >= 0 && viewer < SK_SIDES && (e->audience & SK_TO(viewer)) ? e->text : NULL;
}

/* Skirmish's events do not say which die each rolled: the log keeps
 * the dice by entry only, and verify --replay checks them all. */
static struct game_roll event_roll(const struct game_events *ev, int i)
{
	(void)ev, (void)i;
	return (struct game_roll){ .index = -1 };
}

static int report(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_frame *f, char *why, size_t whylen)
{
	return sk_report(out, &d->sk, &view->sk, is_side(viewer) ? viewer : SK_NOBODY, f,
			 f->events ? &f->events->sk : NULL, why, whylen);
}

static int guide(const struct game_data *d, const struct game_state *view, int side,
		 game_guide_item *item, void *ctx)
{
	return sk_guide(&d->sk, &view->sk, side, item, ctx);
}

static int guide_words(FILE *out, const struct game_data *d, const struct game_state *view,
		       int side, char *why, size_t whylen)
{
	if (sk_guide_words(out, &d->sk, &view->sk, is_side(side) ? side : SK_NOBODY) == 0)
		return 0;
	wj_why(why, whylen, "out of memory");
	return -1;
}

/* The set-up: "the American (Blue) or British (Red) side". */
static const char *const america[] = { "america", "blue", NULL };
static const char *const britain[] = { "britain", "red", NULL };

/* What sk_game_board draws: the pieces on the board and the last move's
 * path; the viewer and the hidden throws draw nothing (issue 25). */
static int board_key(FILE *out, const struct game_data *d, const struct game_state *view,
		     int viewer, const struct game_events *last)
{
	struct sk_piece pieces[SK_MAX_PIECES];
	(void)d, (void)viewer;
	int n = sk_on_board(&view->sk, pieces);
	for (int i = 0; i < n; i++)
		fprintf(out, "%d %d %d %d\n", pieces[i].side, pieces[i].kind, pieces[i].spot,
			pieces[i].units);
	for (int i = 0; last && i < last->sk.npath; i++)
		fprintf(out, "-%d", last->sk.path[i]);
	return ferror(out) ? -1 : 0;
}

const struct game game_skirmish = {
	.name = "skirmish",
	.title = "Skirmish",
	.nsides = 2,
	.side = {
		[GAME_PUBLIC] = { "public", "the public", NULL },
		[SK_AMERICAN] = { "american", "American", america },
		[SK_BRITISH] = { "british", "British", britain },
	},
	.data_load = data_load, .data_check = data_check, .data_free = data_free,
	.data_id = data_id,
	.state_size = sizeof(struct game_state), .order_size = sizeof(struct game_order),
	.events_size = sizeof(struct game_events), .order_init = order_init,
	.new_game = new_game,
	.order_parse = order_parse, .order_format = order_format,
	.order_starts = sk_order_starts,
	.apply = apply, .view = view, .stand_in = stand_in,
	.state_write = state_write, .state_read = state_read, .state_show = state_show,
	.move = move, .ledger = ledger, .dice_next = dice_next, .dice_skip = dice_skip,
	.reshuffle_unseen = reshuffle_unseen,
	.asked = asked, .question = question, .over = over,
	.events_count = events_count, .event_text = event_text, .event_roll = event_roll,
	.report = report, .guide = guide, .guide_words = guide_words, .board = "sk_game_board",
	.board_key = board_key,
};
