/* Tarleton's Quarter! behind game.h: adapters to its engine
 * (tq_engine.h), data (tq_data.h), order language (tq_order.h), state
 * text (tq_text.h) and reports (tq_report.c). No rule is decided here.
 * The sides are enum tq_side: 1 British, 2 Continental; GAME_PUBLIC is
 * TQ_NOBODY. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tq_board.h"
#include "tq_game.h"
#include "tq_invariants.h"
#include "tq_setup.h"
#include "tq_text.h"

/* The optional rules, in the order of enum tq_option's bits. */
static const struct game_option tq_options[] = {
	{ "morgan", "16.1 Daniel Morgan: Morgan's own rules" },
	{ "sumter", "16.2 Thomas Sumter: Sumter's own rules" },
	{ "sequestered-estates", "16.3 The Commissary of Sequestered Estates" },
	{ "russia-merchant", "16.4 The Russia Merchant" },
	{ NULL, NULL },
};
#define TQ_ALL_OPTIONS 0xfu

static bool is_side(int side)
{
	return side == TQ_BRITISH || side == TQ_CONTINENTAL;
}

static int data_load(const char *dir, struct game_data **d, char *why, size_t whylen)
{
	struct wj_data_problems *p = calloc(1, sizeof *p);
	*d = calloc(1, sizeof **d);
	if (!p || !*d) {
		free(p);
		free(*d);
		*d = NULL;
		return wj_why(why, whylen, "out of memory loading the data of %s", dir);
	}
	int r = tq_data_load_full(dir, &(*d)->tq, p);
	if (r < 0) {
		wj_data_problems_first(p, why, whylen);
		free(*d);
		*d = NULL;
	}
	free(p);
	return r < 0 ? -1 : 0;
}

/* Every problem of loading and of the checks, one line each. */
static int data_check(FILE *out, const char *dir, char *summary, size_t len)
{
	struct tq_data *d = calloc(1, sizeof *d);
	struct wj_data_problems *p = calloc(1, sizeof *p);
	int n = -1;
	if (d && p) {
		bool loaded = tq_data_load_full(dir, d, p) == 0;
		wj_data_problems_print(out, p);
		n = p->n ? p->n : !loaded;
		if (!n && summary)
			snprintf(summary, len, "%s, %s (reconstructed where the seed is silent), %d "
				 "areas, %d borders, %d leaders, %d scenarios", d->title, d->id,
				 d->nareas, d->nborders, d->nleaders, d->nscenarios);
	}
	free(d);
	free(p);
	return n;
}

static const char *data_id(const struct game_data *d)
{
	return d->tq.id;
}

static void data_free(struct game_data *d)
{
	free(d);
}

static void order_init(struct game_order *o)
{
	o->tq.leader = o->tq.at = o->tq.governor = -1;
}

/* The name a scenario file gives itself on its `scenario: "17.4"` line
 * (a copy kept by the record, secret/scenario.yaml, is named so), into
 * name; false when it has none. */
static bool named_inside(const char *file, char *name, size_t len)
{
	char line[256];
	bool found = false;
	FILE *f = fopen(file, "r");
	while (f && !found && fgets(line, sizeof line, f))
		if (!strncmp(line, "scenario: ", 10)) {
			const char *v = line + 10 + (line[10] == '"');
			snprintf(name, len, "%.*s", (int)strcspn(v, "\"\r\n"), v);
			found = true;
		}
	if (f)
		fclose(f);
	return found;
}

/* The scenario a file names: the data's scenarios/NAME.yaml by its NAME
 * (the data loaded them all), or a copy of one by the name inside it.
 * NULL file: the full campaign, 17.1. */
static const struct tq_scenario *scenario_of(const struct tq_data *d, const char *file,
					     char *why, size_t whylen)
{
	char name[TQ_WORD_MAX];
	const char *base = file ? strrchr(file, '/') : NULL;
	base = base ? base + 1 : file ? file : "17.1";
	size_t n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".yaml"))
		n -= 5;
	snprintf(name, sizeof name, "%.*s", (int)n, base);
	const struct tq_scenario *sc = tq_scenario_by_name(d, name);
	if (!sc && file && named_inside(file, name, sizeof name))
		sc = tq_scenario_by_name(d, name);
	if (!sc)
		wj_why(why, whylen, "%s plays the scenarios of its data (17.1-17.4, "
		       "scenarios/NAME.yaml), not '%s'", d->title, base);
	return sc;
}

static int new_game(const struct game_data *d, const char *scenario, unsigned options,
		    struct wj_rng *rng, struct game_state *s, struct game_events *ev,
		    char *why, size_t whylen)
{
	if (options & ~TQ_ALL_OPTIONS)
		return wj_why(why, whylen, "%s has four optional rules (16.1-16.4), not option "
			      "bits %#x", d->tq.title, options & ~TQ_ALL_OPTIONS);
	const struct tq_scenario *sc = scenario_of(&d->tq, scenario, why, whylen);
	if (!sc || tq_setup(&d->tq, sc, options, &s->tq, why, whylen))
		return -1;
	struct tq_play p = { &d->tq, &s->tq, rng, &ev->tq, why, whylen };
	tq_tell(&p, "Scenario %s, %s: the pieces are set up (17.0)", sc->name, sc->title);
	return tq_run(&p);
}

static int order_parse(const struct game_data *d, const char *line, struct game_order *o,
		       char *why, size_t whylen)
{
	return tq_order_parse(&d->tq, line, &o->tq, why, whylen);
}

static void order_format(const struct game_data *d, const struct game_order *o, char *out,
			 size_t len)
{
	tq_order_format(&d->tq, &o->tq, out, len);
}

/* The order on a copy, kept only when the rules accept it all: a
 * refusal leaves *s as it was (game.h). */
static int apply(const struct game_data *d, struct game_state *s, int side,
		 const struct game_order *o, struct wj_rng *rng, struct game_events *ev,
		 char *why, size_t whylen)
{
	if (!is_side(side))
		return wj_why(why, whylen, "only the British or the Continental side gives orders");
	struct tq_state *work = malloc(sizeof *work);
	if (!work)
		return wj_why(why, whylen, "out of memory");
	*work = s->tq;
	int told = ev->tq.n;
	struct tq_play p = { &d->tq, work, rng, &ev->tq, why, whylen };
	int r = tq_apply(&p, (enum tq_side)side, &o->tq);
	if (r == 0)
		s->tq = *work;
	else
		ev->tq.n = told;
	free(work);
	return r;
}

/* What a viewer may not see (the header of tq_state.h): the other side's
 * standing orders and the rest of its endeavour's path. */
static void view(const struct game_data *d, const struct game_state *s, int viewer,
		 struct game_state *out)
{
	(void)d;
	out->tq = s->tq;
	struct tq_hidden *h = &out->tq.hidden;
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++)
		if (side != viewer)
			h->standing[side] = (struct tq_standing){ 0 };
	if (h->endeavor.side != viewer) {
		memset(h->endeavor.path, 0, sizeof h->endeavor.path);
		h->endeavor.npath = 0;
		h->endeavor.detach = (struct tq_detachment){ 0 };
	}
}

static int state_write(FILE *out, const struct game_data *d, const struct game_state *s,
		       bool secret)
{
	return tq_state_write(out, &d->tq, &s->tq, secret);
}

static int state_read(const char *text, size_t len, const struct game_data *d,
		      struct game_state *s, bool secret, char *why, size_t whylen)
{
	return tq_state_read(text, len, &d->tq, &s->tq, secret, why, whylen);
}

/* The public text, then what only the viewer's view holds. */
static int state_show(FILE *out, const struct game_data *d, const struct game_state *view,
		      int viewer)
{
	if (tq_state_write(out, &d->tq, &view->tq, is_side(viewer)))
		return -1;
	return ferror(out) ? -1 : 0;
}

static unsigned move(const struct game_state *s)
{
	return s->tq.moves;
}

static int state_check(FILE *out, const struct game_data *d, const struct game_state *s,
		       const char *file, long long last_roll)
{
	int n = tq_invariants(out, &d->tq, &s->tq, file);
	if (last_roll >= 0 && s->tq.next_roll <= (uint64_t)last_roll) {
		fprintf(out, "%s: the next die (%llu) is not past the log's last (%lld)\n", file,
			(unsigned long long)s->tq.next_roll, last_roll);
		n++;
	}
	return n;
}

/* What the side holds unseen: its standing orders, written when they
 * change; the rest of its endeavour's path, when it changes. */
static void ledger(FILE *out, const struct game_data *d, const struct game_state *before,
		   const struct game_state *after, int side, int entry)
{
	const struct tq_hidden *b = &before->tq.hidden, *a = &after->tq.hidden;
	if (!is_side(side))
		return;
	bool standing = memcmp(&a->standing[side], &b->standing[side], sizeof a->standing[side]);
	bool path = a->endeavor.side == side &&
		    (a->endeavor.npath != b->endeavor.npath ||
		     memcmp(a->endeavor.path, b->endeavor.path, sizeof a->endeavor.path) ||
		     memcmp(&a->endeavor.detach, &b->endeavor.detach, sizeof a->endeavor.detach));
	if (!standing && !path)
		return;
	fprintf(out, "- move: %u\n  entry: %d\n", after->tq.moves, entry);
	if (standing) {
		fputs("  standing:\n", out);
		for (int i = 0; i < a->standing[side].n; i++)
			fprintf(out, "    - \"%s\"\n", a->standing[side].text[i]);
	}
	if (path) {
		fputs("  path: [", out);
		for (int i = 0; i < a->endeavor.npath; i++)
			fprintf(out, "%s%s", i ? ", " : "", d->tq.areas[a->endeavor.path[i]].id);
		fputs("]\n", out);
		if (a->endeavor.detach.given)
			fprintf(out, "  detachment: %s\n", d->tq.areas[a->endeavor.detach.at].id);
	}
}

static void dice_next(const struct game_state *s, uint64_t *roll, uint64_t *shuffle)
{
	*roll = s->tq.next_roll;
	*shuffle = 0;
}

static void dice_skip(struct game_state *s, uint64_t roll, uint64_t shuffle)
{
	(void)shuffle;
	s->tq.next_roll = roll;
}

static unsigned asked(const struct game_state *s)
{
	return s->tq.phase == TQ_OVER ? 0 : s->tq.asked & (GAME_SIDE(1) | GAME_SIDE(2));
}

static void question(const struct game_data *d, const struct game_state *s, int side,
		     int reader, char *out, size_t len)
{
	tq_question(&d->tq, &s->tq, side, reader, out, len);
}

static void date(const struct game_state *s, char *out, size_t len)
{
	tq_date(&s->tq, out, len);
}

static bool over(const struct game_state *s, struct game_end *end)
{
	if (s->tq.phase != TQ_OVER)
		return false;
	end->winner = s->tq.winner;
	end->resigned = s->tq.resigned;
	snprintf(end->reason, sizeof end->reason, "%.*s", (int)sizeof end->reason - 1,
		 s->tq.end_reason);
	return true;
}

static int events_count(const struct game_events *ev)
{
	return ev->tq.n;
}

static const char *event_text(const struct game_events *ev, int i, int viewer)
{
	const struct tq_told *e = &ev->tq.v[i];
	bool may = (e->audience & TQ_TO_ALL) || (is_side(viewer) && (e->audience & TQ_TO(viewer)));
	return may ? e->text : NULL;
}

static struct game_roll event_roll(const struct game_events *ev, int i)
{
	const struct tq_told *e = &ev->tq.v[i];
	return (struct game_roll){ .index = e->roll, .value = e->die, .forced = e->forced };
}

static int report(FILE *out, const struct game_data *d, const struct game_state *view,
		  int viewer, const struct game_frame *f, char *why, size_t whylen)
{
	return tq_report(out, &d->tq, &view->tq, is_side(viewer) ? viewer : TQ_NOBODY, f,
			 f->events ? &f->events->tq : NULL, why, whylen);
}

static int guide(const struct game_data *d, const struct game_state *view, int side,
		 game_guide_item *item, void *ctx)
{
	return tq_guide(&d->tq, &view->tq, side, item, ctx);
}

static int guide_words(FILE *out, const struct game_data *d, const struct game_state *view,
		       int side, char *why, size_t whylen)
{
	if (tq_guide_words(out, &d->tq, &view->tq, is_side(side) ? side : TQ_NOBODY, NULL,
			   NULL) == 0)
		return 0;
	return wj_why(why, whylen, "writing what %s can do now failed",
		      is_side(side) ? d->tq.side_name[side] : "a side");
}

/* What tq_game_board draws (tq_board.h): the viewer, the hidden
 * standing orders and path, and the last events draw nothing. */
static int board_key(FILE *out, const struct game_data *d, const struct game_state *view,
		     int viewer, const struct game_events *last)
{
	(void)viewer, (void)last;
	return tq_board_key(out, &d->tq, &view->tq);
}

static const char *const britain[] = { "britain", "crown", NULL };
static const char *const rebels[] = { "american", "americans", "rebels", NULL };

const struct game game_tarletons_quarter = {
	.name = "tarletons-quarter",
	.title = "Tarleton's Quarter!",
	.nsides = 2,
	.side = {
		[GAME_PUBLIC] = { "public", "the public", NULL },
		[TQ_BRITISH] = { "british", "British", britain },
		[TQ_CONTINENTAL] = { "continental", "Continental", rebels },
	},
	.options = tq_options,
	.hidden = "Each side's standing orders and the rest of an endeavour's path",
	.data_load = data_load, .data_check = data_check, .data_free = data_free,
	.data_id = data_id,
	.state_size = sizeof(struct game_state), .order_size = sizeof(struct game_order),
	.events_size = sizeof(struct game_events), .order_init = order_init,
	.new_game = new_game,
	.order_parse = order_parse, .order_format = order_format,
	.order_starts = tq_order_starts,
	.apply = apply, .view = view,
	.state_write = state_write, .state_read = state_read, .state_show = state_show,
	.move = move, .state_check = state_check, .ledger = ledger,
	.dice_next = dice_next, .dice_skip = dice_skip,
	.asked = asked, .question = question, .date = date, .over = over,
	.events_count = events_count, .event_text = event_text, .event_roll = event_roll,
	.report = report, .guide = guide, .guide_words = guide_words,
	.board = "tq_game_board", .board_key = board_key,
};
