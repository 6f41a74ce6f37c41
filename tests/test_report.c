/* The text report, its templates and the legal-orders guide (issue 6):
 * golden reports of the scripted 1776 game, the 72-column limit, every
 * section present, guide examples that the engine accepts on the real
 * state, and a side's report that does not depend on what it may not see.
 * WW_REGEN=1 rewrites tests/golden/reports/ (read the diff). */
#include <unistd.h>
#include "support.h"
#include "driver.h"
#include "report_corpus.h"
#include "template.h"

#define GOLDEN "tests/golden/reports"

static const enum ww_side SIDES[] = { WW_AMERICAN, WW_BRITISH, WW_NOBODY };

static const char *side_word(enum ww_side s)
{
	return s == WW_AMERICAN ? "american" : s == WW_BRITISH ? "british" : "public";
}

/* Columns (UTF-8 characters) of the widest line, and its number. */
static int widest(const char *text, int *line_no)
{
	int w = 0, cols = 0, line = 1;
	*line_no = 0;
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			line++;
			cols = 0;
			continue;
		}
		cols += ((unsigned char)*p & 0xC0) != 0x80;
		if (cols > w) {
			w = cols;
			*line_no = line;
		}
	}
	return w;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	static char buf[1 << 18];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return strdup(buf);
}

static void check_sections(const char *name, const char *text, enum ww_side side,
			   const struct ww_state *s)
{
	const char *always[] = { "Washington's War, game test", "\nThe board\n",
				 "Colonies controlled (13.2):", "\nTracks\n",
				 "French Alliance: ", "\nBoxes\n", "\nCards\n",
				 "Seed commitment" };
	for (size_t i = 0; i < sizeof always / sizeof *always; i++)
		if (!strstr(text, always[i]))
			fail_msg("%s (%s): no '%s' in\n%s", name, side_word(side), always[i], text);
	bool own = side != WW_NOBODY;
	if (!strstr(text, "\nYour hand (") != !own || !strstr(text, "\nWhat you can do now\n") != !own)
		fail_msg("%s (%s): the hand and the guide are for a side only", name,
			 side_word(side));
	if (s->phase == WW_PH_GAME_OVER && !strstr(text, "revealed now that the game is over"))
		fail_msg("%s: the revealed seed is missing at the end", name);
}

/* Golden files: the scripted game at a few points, for both sides and
 * the public; each within 72 columns and with every section. */
static void golden_reports_of_the_scripted_game(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 0, 1, 2, 4, 10, 21, -1 };
	corpus_script(&c, keep, (int)(sizeof keep / sizeof *keep));
	bool regen = getenv("WW_REGEN") && !strcmp(getenv("WW_REGEN"), "1");
	for (int i = 0; i < c.n; i++) {
		for (size_t k = 0; k < 3; k++) {
			char *text = report_string(&c.v[i], SIDES[k], NULL);
			char path[256];
			int line;
			snprintf(path, sizeof path, GOLDEN "/%s-%s.txt", c.v[i].name,
				 side_word(SIDES[k]));
			if (widest(text, &line) > WW_REPORT_WIDTH)
				fail_msg("%s: line %d is wider than %d columns", path, line,
					 WW_REPORT_WIDTH);
			check_sections(c.v[i].name, text, SIDES[k], &c.v[i].s);
			if (regen) {
				FILE *f = fopen(path, "w");
				assert_non_null(f);
				fputs(text, f);
				fclose(f);
			} else {
				char *want = slurp(path);
				if (!want)
					fail_msg("no golden file %s (WW_REGEN=1 writes it)", path);
				if (strcmp(want, text))
					fail_msg("%s differs; the report is now:\n%s", path, text);
				free(want);
			}
			free(text);
		}
	}
	corpus_free(&c);
}

/* Every die roll is reported with its index, its value and whether it
 * was forced (the winter attrition of 1775, 11.1: forced 5). */
static void die_rolls_are_reported_with_index_and_value(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 21 };
	corpus_script(&c, keep, 1);
	char *text = report_string(&c.v[0], WW_BRITISH, NULL);
	if (!strstr(text, "die roll #0: 5 (forced by the moderator)"))
		fail_msg("no die roll in\n%s", text);
	if (!strstr(text, "lone British CU in Fort Detroit"))
		fail_msg("the roll's question is missing in\n%s", text);
	free(text);
	corpus_free(&c);
}

/* Issue 13: the report's "since your last report" events are the log's
 * text and audience (game.h's struct game_logged_event), whatever the
 * text says: each side sees what its audience bit allows, the public
 * what all may see, and a logged die its index and value. */
static void logged_events_are_text_and_audience(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 0 };
	corpus_script(&c, keep, 1);
	struct game_logged_event ev[] = {
		{ "Only the American reads this line.", GAME_SIDE(WW_AMERICAN), { -1, 0, false } },
		{ "Only the British reads this line.", GAME_SIDE(WW_BRITISH), { -1, 0, false } },
		{ "Everyone reads this line.", GAME_SIDE(GAME_PUBLIC) | GAME_SIDE(WW_AMERICAN) |
		  GAME_SIDE(WW_BRITISH), { 7, 4, false } },
	};
	struct game_logged_entry entry = { WW_BRITISH, 3, 3, ev };
	struct game_log log = { 1, 1, &entry };
	for (size_t k = 0; k < sizeof SIDES / sizeof SIDES[0]; k++) {
		struct ww_state view;
		ww_view(&c.v[0].s, SIDES[k], &view);
		struct ww_report r = { .d = test_data(), .view = &view, .recipient = SIDES[k],
				       .recent = &log };
		char err[512] = "", *out = NULL;
		size_t len;
		FILE *m = open_memstream(&out, &len);
		assert_int_equal(ww_report_write(m, &r, err, sizeof err), 0);
		fclose(m);
		assert_int_equal(strstr(out, "Only the American") != NULL, SIDES[k] == WW_AMERICAN);
		assert_int_equal(strstr(out, "Only the British") != NULL, SIDES[k] == WW_BRITISH);
		if (!strstr(out, "Everyone reads this line.") || !strstr(out, "die roll #7: 4"))
			fail_msg("the %s report lacks the public event:\n%s", side_word(SIDES[k]), out);
		free(out);
	}
	corpus_free(&c);
}


/* What makes a position worth a place in the prompt corpus: its prompt,
 * or at an impulse a queue, the tournament rule's extra action or a
 * standing order in force. */
static int position_class(const struct ww_state *s)
{
	if (s->prompt != WW_ASK_IMPULSE)
		return s->prompt;
	if (s->extra_impulse_now)
		return WW_ASK_WASHINGTON_CAPTURED + 1;
	if (s->ops_queue[s->to_move].n)
		return WW_ASK_WASHINGTON_CAPTURED + 2;
	return s->prompt;
}

#define CLASSES (WW_ASK_WASHINGTON_CAPTURED + 3)

/* Random games of the driver (some with the tournament rule), keeping
 * the first two positions of each prompt and of the special impulses:
 * the questions the armies, battles and the French ask. */
static void corpus_prompts(struct corpus *c, int *seen)
{
	struct drv_game *g = malloc(sizeof *g);
	assert_non_null(g);
	memset(seen, 0, CLASSES * sizeof *seen);
	for (uint64_t seed = 1; seed <= 40 && c->n < CORPUS_MAX - 2; seed++) {
		drv_start(g, test_data(), seed);
		g->s.tournament_rule = seed % 2 == 0;
		while (g->s.phase != WW_PH_GAME_OVER && !drv_step(g)) {
			int k = position_class(&g->s);
			if (seen[k] >= 2 || (k == WW_ASK_IMPULSE && seen[k]) || c->n >= CORPUS_MAX - 2)
				continue;
			char name[48];
			snprintf(name, sizeof name, "driver-%llu-%03d-prompt-%d",
				 (unsigned long long)seed, g->nmoves, k);
			corpus_keep(c, name, &g->s, &g->ev);
			seen[k]++;
		}
		drv_end(g);
	}
	free(g);
}

static bool is_standing(const struct ww_guide_item *it)
{
	return !strncmp(it->kind, "standing", 8);
}

/* How many kinds of order other than standing orders the guide holds. */
static int orders_asked(const struct ww_guide *g)
{
	int n = 0;
	for (int k = 0; k < g->n; k++)
		n += !is_standing(&g->v[k]);
	return n;
}

/* Applies every example of the guide to the real state (dice from the
 * seed, not the guide's 1s); returns how many. */
static int examples_accepted(const char *name, const struct ww_state *s, enum ww_side side,
			     const struct ww_guide *g)
{
	int n = 0;
	for (int k = 0; k < g->n; k++)
		for (int e = 0; e < g->v[k].nexamples; e++) {
			struct test_game t = { .d = test_data(), .s = *s };
			t.dice.nforced = 0;
			wj_dice_rng(&t.dice, &t.rng);
			if (order(&t, side, g->v[k].example[e]))
				fail_msg("%s: the guide's '%s' (%s) is refused for the %s: %s", name,
					 g->v[k].example[e], g->v[k].kind, ww_side_name(side), t.why);
			ww_events_free(&t.ev);
			n++;
		}
	return n;
}

/* The guide's examples are orders the engine accepts on the real state
 * (not only on the side's view), for the side to move, at every point of
 * the scripted game and of two random games; the other side gets none. */
static void every_guide_example_is_accepted(void **state)
{
	(void)state;
	static struct corpus c;
	int keep[48];
	for (int i = 0; i < 42; i++)
		keep[i] = i;
	corpus_script(&c, keep, 42);
	static struct corpus r, q;
	corpus_driver(&r, 3, 25);
	int seen[CLASSES];
	corpus_prompts(&q, seen);
	static struct ww_guide g;
	const struct ww_data *d = test_data();
	int examples = 0;
	struct corpus *sets[] = { &c, &r, &q };
	for (int set = 0; set < 3; set++) {
		struct corpus *cp = sets[set];
		for (int i = 0; i < cp->n; i++) {
			const struct ww_state *s = &cp->v[i].s;
			struct ww_state view;
			if (s->phase == WW_PH_GAME_OVER)
				continue;
			ww_view(s, s->to_move, &view);
			ww_guide_build(d, &view, s->to_move, &g);
			if (!orders_asked(&g))
				fail_msg("%s: no order in the guide for the %s", cp->v[i].name,
					 ww_side_name(s->to_move));
			examples += examples_accepted(cp->v[i].name, s, s->to_move, &g);
			/* the other side: its standing orders only */
			ww_view(s, ww_enemy(s->to_move), &view);
			ww_guide_build(d, &view, ww_enemy(s->to_move), &g);
			if (orders_asked(&g))
				fail_msg("%s: the guide offers the %s '%s' out of turn",
					 cp->v[i].name, ww_side_name(ww_enemy(s->to_move)),
					 g.v[0].kind);
			examples += examples_accepted(cp->v[i].name, s, ww_enemy(s->to_move), &g);
		}
	}
	assert_true(examples > 100);
	corpus_free(&c);
	corpus_free(&r);
	corpus_free(&q);
}

/* Every question of the armies, battles and the French (state.h's
 * prompts), the Operations Queue and the tournament rule's extra action
 * is reached by the prompt corpus, and at each the guide offers the side
 * asked at least one order of the kinds that answer it. */
static void the_guide_answers_every_question(void **state)
{
	(void)state;
	static const struct { int cls; const char *kinds; } want[] = {
		{ WW_ASK_CAMPAIGN, "campaign-move campaign-by-sea landing done" },
		{ WW_ASK_INTERCEPT, "intercept no-intercept" },
		{ WW_ASK_RETREAT_BEFORE_BATTLE, "retreat-before stand" },
		{ WW_ASK_BATTLE_CARD, "battle-card battle-discard no-battle-card" },
		{ WW_ASK_RETREAT, "retreat retreat-by-sea" },
		{ WW_ASK_FRENCH_NAVY, "navy" },
		{ WW_ASK_FRENCH_FORCES, "french-forces" },
		{ WW_ASK_EUROPEAN_WAR, "remove-cu" },
		{ WW_ASK_WASHINGTON_CAPTURED, "remove-pc" },
		{ WW_ASK_WASHINGTON_CAPTURED + 1, "decline" },
		{ WW_ASK_WASHINGTON_CAPTURED + 2, "queue-add" },
		{ WW_ASK_IMPULSE, "move" },
	};
	static struct corpus q;
	static struct ww_guide g;
	int seen[CLASSES];
	corpus_prompts(&q, seen);
	if (getenv("WW_SHOW_CORPUS"))
		for (int i = 0; i < q.n; i++) { /* to read the guides */
			char *text = report_string(&q.v[i], q.v[i].s.to_move, NULL);
			fprintf(stderr, "== %s\n%s", q.v[i].name, strstr(text, "What you can"));
			free(text);
		}
	for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
		int found = 0;
		for (int i = 0; i < q.n; i++) {
			const struct ww_state *s = &q.v[i].s;
			if (position_class(s) != want[w].cls)
				continue;
			struct ww_state view;
			ww_view(s, s->to_move, &view);
			ww_guide_build(test_data(), &view, s->to_move, &g);
			for (int k = 0; k < g.n; k++) {
				char word[32];
				snprintf(word, sizeof word, "%s", g.v[k].kind);
				const char *at = strstr(want[w].kinds, word);
				size_t len = strlen(word);
				if (at && (at[len] == ' ' || !at[len]) &&
				    (at == want[w].kinds || at[-1] == ' '))
					found++;
			}
		}
		if (!seen[want[w].cls] || !found)
			fail_msg("class %d: %d positions in the corpus, %d entries of '%s'",
				 want[w].cls, seen[want[w].cls], found, want[w].kinds);
	}
	corpus_free(&q);
}

/* A card is mentioned by the guide only if the recipient holds it (or
 * put it in its own Operations Queue): in the cards listed, in the
 * examples, and as "#N" in the report's guide section. */
static void card_of_the_recipient(const char *name, const struct ww_state *s,
				  enum ww_side side, int card, const char *where)
{
	if (card == 0 || ww_pile_has(&s->hand[side], card) ||
	    ww_pile_has(&s->ops_queue[side], card))
		return;
	fail_msg("%s: the %s's guide names #%d, which is not theirs (%s)", name,
		 ww_side_name(side), card, where);
}

static void guide_cards_are_held(const struct position *p, enum ww_side side,
				 struct ww_guide *g)
{
	const struct ww_state *s = &p->s;
	struct ww_state view;
	ww_view(s, side, &view);
	ww_guide_build(test_data(), &view, side, g);
	for (int k = 0; k < g->n; k++) {
		for (int i = 0; i < g->v[k].ncards; i++)
			card_of_the_recipient(p->name, s, side, g->v[k].cards[i], g->v[k].kind);
		for (int e = 0; e < g->v[k].nexamples; e++) {
			struct ww_order o;
			char why[256];
			assert_int_equal(ww_order_parse(test_data(), g->v[k].example[e], &o, why,
							sizeof why), 0);
			card_of_the_recipient(p->name, s, side, o.card, g->v[k].example[e]);
		}
	}
	char *text = report_string(p, side, NULL);
	const char *at = strstr(text, "\nWhat you can do now\n");
	assert_non_null(at);
	for (const char *h = strchr(at, '#'); h; h = strchr(h + 1, '#'))
		card_of_the_recipient(p->name, s, side, atoi(h + 1), "the report's guide");
	free(text);
}

/* The guide never reveals what the recipient may not know: it names
 * only the recipient's cards, and while the other side's move is in
 * progress, changing the rest of its path (which only the mover knows)
 * changes nothing in the recipient's guide or report. */
static void the_guide_reveals_nothing_hidden(void **state)
{
	(void)state;
	static struct corpus q, c;
	static struct ww_guide g, h;
	int seen[CLASSES], moves = 0;
	corpus_prompts(&q, seen);
	int keep[42];
	for (int i = 0; i < 42; i++)
		keep[i] = i;
	corpus_script(&c, keep, 42);
	struct corpus *sets[] = { &c, &q };
	for (int set = 0; set < 2; set++)
		for (int i = 0; i < sets[set]->n; i++)
			for (enum ww_side side = WW_AMERICAN; side <= WW_BRITISH; side++)
				guide_cards_are_held(&sets[set]->v[i], side, &g);
	for (int i = 0; i < q.n; i++) {
		const struct ww_state *s = &q.v[i].s;
		enum ww_side asked = s->to_move;
		if (s->mv.general < 0 || s->play.side == (int8_t)asked || s->mv.next >= s->mv.nsteps)
			continue;
		static struct position twin;
		twin = q.v[i];
		twin.ev.n = 0; /* the events, shared with q, are not freed twice */
		struct ww_move *m = &twin.s.mv;
		for (int k = m->next; k < m->nsteps; k++)
			m->path[k].space = (int16_t)((m->path[k].space + 7) % test_data()->nspaces);
		m->nsteps = WW_PATH_MAX;
		struct ww_state va, vb;
		ww_view(s, asked, &va);
		ww_view(&twin.s, asked, &vb);
		ww_guide_build(test_data(), &va, asked, &g);
		ww_guide_build(test_data(), &vb, asked, &h);
		assert_int_equal(g.n, h.n);
		assert_memory_equal(g.v, h.v, (size_t)g.n * sizeof *g.v);
		twin.ev = q.v[i].ev;
		char *a = report_string(&q.v[i], asked, NULL), *b = report_string(&twin, asked, NULL);
		assert_string_equal(a, b);
		free(a);
		free(b);
		moves++;
	}
	assert_true(moves > 0);
	corpus_free(&q);
	corpus_free(&c);
}

/* 4.0: at the set-up the guide offers the Committees, with the spaces of
 * the thirteen colonies only. */
static void the_guide_at_the_set_up(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 0 };
	corpus_script(&c, keep, 1);
	static struct ww_guide g;
	struct ww_state view;
	ww_view(&c.v[0].s, WW_AMERICAN, &view);
	ww_guide_build(test_data(), &view, WW_AMERICAN, &g);
	assert_int_equal(orders_asked(&g), 1);
	assert_string_equal(g.v[0].kind, "committees");
	assert_true(g.v[0].nplace > 13);
	for (int i = 0; i < g.v[0].nplace; i++)
		assert_false(test_data()->colonies[test_data()->spaces[g.v[0].place[i]].colony].is_canada);
	corpus_free(&c);
}

/* Swaps the British hand with cards of the deck and reverses the deck:
 * a game the American cannot tell from the first. */
static void hide_differently(struct ww_state *s)
{
	struct ww_pile *h = &s->hand[WW_BRITISH], *deck = &s->deck;
	for (int i = 0; i < h->n && i < deck->n; i++) {
		uint8_t t = h->card[i];
		h->card[i] = deck->card[i];
		deck->card[i] = t;
	}
	for (int i = 0; i < deck->n / 2; i++) {
		uint8_t t = deck->card[i];
		deck->card[i] = deck->card[deck->n - 1 - i];
		deck->card[deck->n - 1 - i] = t;
	}
}

/* Hidden information: two games that differ only in the British hand
 * and the deck's order give the American the same report, guide and
 * refusals, byte for byte. */
static void the_american_sees_nothing_of_the_british_hand(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 4, 10, 30 };
	corpus_script(&c, keep, 3);
	const struct ww_data *d = test_data();
	for (int i = 0; i < c.n; i++) {
		static struct position twin;
		twin = c.v[i];
		hide_differently(&twin.s);
		assert_memory_not_equal(&twin.s.hand[WW_BRITISH], &c.v[i].s.hand[WW_BRITISH],
					sizeof twin.s.hand[0]);
		/* what only the British saw differs too */
		struct ww_events ev = { 0 };
		ev.v = calloc((size_t)c.v[i].ev.n + 1, sizeof *ev.v);
		assert_non_null(ev.v);
		memcpy(ev.v, c.v[i].ev.v, (size_t)c.v[i].ev.n * sizeof *ev.v);
		ev.n = ev.cap = c.v[i].ev.n + 1;
		ev.v[ev.n - 1] = (struct ww_event){ .audience = WW_TO_BRITISH,
						    .text = "You are dealt #1.", .roll_index = -1 };
		twin.ev = ev;
		char *a = report_string(&c.v[i], WW_AMERICAN, NULL);
		char *b = report_string(&twin, WW_AMERICAN, NULL);
		assert_string_equal(a, b);
		free(a);
		free(b);
		/* the refusals of orders that name the British cards */
		const struct ww_pile *h = &c.v[i].s.hand[WW_BRITISH];
		for (int k = 0; k < h->n; k++) {
			char line[64];
			const char *forms[] = { "play %d event", "discard %d", "exchange %d",
						"play %d pc Boston" };
			for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
				snprintf(line, sizeof line, forms[f], h->card[k]);
				struct test_game x = { .d = d, .s = c.v[i].s }, y = { .d = d, .s = twin.s };
				wj_dice_rng(&x.dice, &x.rng);
				wj_dice_rng(&y.dice, &y.rng);
				int rx = order(&x, WW_AMERICAN, line), ry = order(&y, WW_AMERICAN, line);
				assert_int_equal(rx, ry);
				if (strcmp(x.why, y.why))
					fail_msg("%s: '%s' is refused as \"%s\" in one game and \"%s\" "
						 "in the other", c.v[i].name, line, x.why, y.why);
				ww_events_free(&x.ev);
				ww_events_free(&y.ev);
			}
		}
		ww_events_free(&twin.ev);
	}
	corpus_free(&c);
}

/* The wording comes from the template file: another directory changes
 * it without recompiling, and a broken template names its file and line. */
static void templates_change_the_wording(void **state)
{
	(void)state;
	static struct corpus c;
	const int keep[] = { 0 };
	corpus_script(&c, keep, 1);
	char dir[] = "/tmp/ww-templates-XXXXXX", path[128];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/report.txt", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("## a comment\n== report\n{{#public}}\nAll may read: {{year}}.\n{{/public}}\n"
	      "{{#colonies}}{{code}}{{^@last}} {{/@last}}{{/colonies}}\n"
	      "== piece.pc\n== piece.cu\n== piece.general\n== piece.congress\n"
	      "== box.british-reinforcements\n== box.american-reinforcements\n"
	      "== box.french\n== box.captured\n== box.removed\n", f);
	fclose(f);
	char *text = report_string(&c.v[0], WW_NOBODY, dir);
	assert_string_equal(text, "All may read: 1775.\n"
			    "NH MA RI CT NY NJ PA DE MD VA NC SC GA CAN\n");
	free(text);

	f = fopen(path, "w");
	assert_non_null(f);
	fputs("== report\nline one\n{{#colonies}}{{nonesuch}}{{/colonies}}\n"
	      "== piece.pc\n== piece.cu\n== piece.general\n== piece.congress\n"
	      "== box.british-reinforcements\n== box.american-reinforcements\n"
	      "== box.french\n== box.captured\n== box.removed\n", f);
	fclose(f);
	struct ww_state view;
	ww_view(&c.v[0].s, WW_NOBODY, &view);
	struct ww_report r = { .d = test_data(), .view = &view, .recipient = WW_NOBODY,
			       .templates = dir };
	char err[512] = "", *out = NULL;
	size_t len;
	FILE *m = open_memstream(&out, &len);
	assert_int_equal(ww_report_write(m, &r, err, sizeof err), -1);
	fclose(m);
	free(out);
	if (!strstr(err, "report.txt:3: no value for {{nonesuch}}"))
		fail_msg("the error is \"%s\"", err);
	unlink(path);
	rmdir(dir);
	corpus_free(&c);
}

/* The template engine alone: loops, @first/@last, inverted and
 * conditional blocks, included sections, standalone lines. */
static void the_template_engine(void **state)
{
	(void)state;
	char path[] = "/tmp/ww-tpl-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("== main\n"
	      "Items:{{#items}} {{name}}{{^@last}},{{/@last}}{{/items}}\n"
	      "{{?items}}\n"
	      "  has items\n"
	      "{{/items}}\n"
	      "{{^none}}\n"
	      "  none is empty\n"
	      "{{/none}}\n"
	      "{{>*which}}\n"
	      "== other\n"
	      "  included {{title}}\n", f);
	fclose(f);
	struct tpl_file *t;
	char err[256], buf[256];
	assert_int_equal(tpl_load(path, &t, err, sizeof err), 0);
	struct tpl_obj *m = tpl_new();
	tpl_set(tpl_add(m, "items"), "name", "a");
	tpl_set(tpl_add(m, "items"), "name", "b");
	tpl_list(m, "none");
	tpl_set(m, "which", "other");
	tpl_set(m, "title", "%d", 7);
	assert_int_equal(tpl_render_str(t, "main", m, buf, sizeof buf, err, sizeof err), 0);
	assert_string_equal(buf, "Items: a, b\n  has items\n  none is empty\n  included 7");
	assert_int_equal(tpl_render_str(t, "missing", m, buf, sizeof buf, err, sizeof err), -1);
	assert_non_null(strstr(err, "there is no section 'missing'"));
	tpl_free(m);
	tpl_unload(t);
	unlink(path);

	/* wrapping: continuation two further in, a long word cut */
	char *out = NULL;
	size_t len = 0;
	FILE *w = open_memstream(&out, &len);
	const char *text = "  one two three four five six\nxxxxxxxxxxxxxxxxxxxxxxxxx\n";
	tpl_wrap(w, text, strlen(text), 12);
	fclose(w);
	assert_string_equal(out, "  one two\n    three\n    four\n    five six\n"
			    "xxxxxxxxxxxx\n  xxxxxxxxxx\n  xxx\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_template_engine),
		cmocka_unit_test(golden_reports_of_the_scripted_game),
		cmocka_unit_test(die_rolls_are_reported_with_index_and_value),
		cmocka_unit_test(logged_events_are_text_and_audience),
		cmocka_unit_test(the_guide_at_the_set_up),
		cmocka_unit_test(every_guide_example_is_accepted),
		cmocka_unit_test(the_guide_answers_every_question),
		cmocka_unit_test(the_guide_reveals_nothing_hidden),
		cmocka_unit_test(the_american_sees_nothing_of_the_british_hand),
		cmocka_unit_test(templates_change_the_wording),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
