/* Tarleton's Quarter!'s rule cases (docs/cases.md, "Tarleton's
 * Quarter!"): every tests/cases/tarletons-quarter/NAME.yaml is one cmocka
 * test, played through game.h only. The position is a scenario's set-up
 * written as the state text (tq_text.h) with the case's lines put in
 * place of the lines of the same key, read back by state_read; the orders
 * are read by order_parse and applied by apply with the case's dice; the
 * state after them, written as text, must hold the expected lines.
 *
 * TQ_CASES=DIR reads the cases from DIR; TQ_CASE_DUMP=1 prints the state
 * text and the events after the orders. */
#include "case_file.h"
#include "games.h"
#include "tq_game.h"
#include "tq_setup.h"
#include "tq_support.h"


static const char *const CASE_KEYS[] = { "rule", "description", "rulings", "pending",
					 "position", "orders", "expect", NULL };
static const struct game *G = &game_tarletons_quarter;

static struct game_data *DATA; /* loaded once for every case */

static struct run {
	struct case_file c;
	const struct game_data *d;
	struct game_state *s;
	struct game_events *ev;
	struct tq_dice_queue dice;
	struct wj_rng rng;
	char *text, *before;             /* the state now, and before the last order */
	char why[400];
} run;

static void give_dice(yaml_node_t *dice)
{
	memset(&run.dice, 0, sizeof run.dice);
	for (yaml_node_item_t *i = dice ? dice->data.sequence.items.start : NULL;
	     dice && i < dice->data.sequence.items.top; i++) {
		const char *v = scalar(node(&run.c, *i));
		int die = v ? atoi(v) : 0;
		if (die < 1 || die > 6 || run.dice.n == TQ_MAX_QUEUED)
			fail_msg("%s: line %d: a die is 1 to 6, at most %d per order", run.c.path,
				 line_of(node(&run.c, *i)), TQ_MAX_QUEUED);
		run.dice.roll[run.dice.n++] = die;
	}
	run.rng = (struct wj_rng){ tq_queued_die, NULL, &run.dice };
}

/* ---- the position: a scenario's text with the case's lines ---- */

static size_t key_len(const char *line)
{
	const char *colon = strstr(line, ": ");
	return colon ? (size_t)(colon - line) : strlen(line);
}

/* Is `line` (up to its end) the line of `key`? */
static bool line_of_key(const char *line, size_t len, const char *key, size_t klen)
{
	return len > klen && !strncmp(line, key, klen) && line[klen] == ':';
}

/* The text without the line of key, and with `with` (NULL: nothing) at
 * its place, or at the end when there was none. */
static char *replaced(const char *text, const char *key, size_t klen, const char *with)
{
	char *out = NULL;
	size_t len = 0;
	bool put = false;
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		if (line_of_key(p, n, key, klen)) {
			if (with && !put)
				fprintf(f, "%s\n", with);
			put = true;
		} else {
			fprintf(f, "%.*s\n", (int)n, p);
		}
		p += n + (p[n] == '\n');
	}
	if (with && !put)
		fprintf(f, "%s\n", with);
	fclose(f);
	return out;
}

static void each_line(yaml_node_t *list, const char *what, void (*fn)(const char *line))
{
	if (!list)
		return;
	if (list->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: %s is a list of state text lines", run.c.path, line_of(list),
			 what);
	for (yaml_node_item_t *i = list->data.sequence.items.start; i < list->data.sequence.items.top;
	     i++) {
		const char *line = scalar(node(&run.c, *i));
		if (!line)
			fail_msg("%s: line %d: %s: a line of text", run.c.path,
				 line_of(node(&run.c, *i)), what);
		fn(line);
	}
}

static void put_line(const char *line)
{
	char *next = replaced(run.text, line, key_len(line), line);
	free(run.text);
	run.text = next;
}

static void remove_line(const char *key)
{
	char *next = replaced(run.text, key, strlen(key), NULL);
	free(run.text);
	run.text = next;
}

static char *state_text(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out || G->state_write(out, run.d, run.s, true))
		fail_msg("writing the state failed");
	fclose(out);
	return text;
}

static void set_position(yaml_node_t *pos)
{
	static const char *const KEYS[] = { "scenario", "lines", "remove", NULL };
	if (!pos || pos->type != YAML_MAPPING_NODE)
		fail_msg("%s: position: {scenario: \"17.1\", lines: [...], remove: [...]}", run.c.path);
	check_keys(&run.c, pos, KEYS, "position", "scenario, lines, remove");
	const char *name = scalar(get(&run.c.doc, pos, "scenario"));
	const struct tq_scenario *sc = tq_scenario_by_name(&run.d->tq, name ? name : "");
	if (!sc)
		fail_msg("%s: position: scenario: one of the data's (17.1-17.4), not '%s'", run.c.path,
			 name ? name : "");
	if (tq_setup(&run.d->tq, sc, 0, &run.s->tq, run.why, sizeof run.why))
		fail_msg("%s: scenario %s: %s", run.c.path, name, run.why);
	run.text = state_text();
	each_line(get(&run.c.doc, pos, "remove"), "remove", remove_line);
	each_line(get(&run.c.doc, pos, "lines"), "lines", put_line);
	if (G->state_read(run.text, strlen(run.text), run.d, run.s, true, run.why, sizeof run.why))
		fail_msg("%s: the position's state text: %s", run.c.path, run.why);
}

/* ---- the orders ---- */

static int side_of(yaml_node_t *n)
{
	const char *word = scalar(n);
	int side = word ? game_side_of(G, word) : GAME_PUBLIC;
	if (side == GAME_PUBLIC)
		fail_msg("%s: line %d: side: british or continental", run.c.path, line_of(n));
	return side;
}

/* One order: 0 when accepted, or -1 with the refusal in run.why. */
static int give(yaml_node_t *o, int index)
{
	static const char *const KEYS[] = { "side", "order", "dice", NULL };
	check_keys(&run.c, o, KEYS, "an order", "side, order, dice");
	int side = side_of(get(&run.c.doc, o, "side"));
	const char *line = scalar(get(&run.c.doc, o, "order"));
	if (!line)
		fail_msg("%s: line %d: order: a line of the order language", run.c.path, line_of(o));
	give_dice(get(&run.c.doc, o, "dice"));
	struct game_order *order = game_order_new(G);
	int r = G->order_parse(run.d, line, order, run.why, sizeof run.why);
	if (r == 0)
		r = G->apply(run.d, run.s, side, order, &run.rng, run.ev, run.why, sizeof run.why);
	game_order_free(G, order);
	if (r == 0 && (run.dice.extra || run.dice.used != run.dice.n))
		fail_msg("%s: order %d (\"%s\") rolls %d dice, the case gives %d", run.c.path, index,
			 line, run.dice.used + run.dice.extra, run.dice.n);
	return r;
}

/* ---- what must follow ---- */

static void expect_line(const char *line)
{
	size_t klen = key_len(line);
	for (const char *p = run.text; *p;) {
		size_t n = strcspn(p, "\n");
		if (n == strlen(line) && !strncmp(p, line, n))
			return;
		if (line_of_key(p, n, line, klen)) {
			print_message("%s: expected\n  %s\nfound\n  %.*s\n", run.c.path, line, (int)n, p);
			run.c.mismatches++;
			return;
		}
		p += n + (p[n] == '\n');
	}
	print_message("%s: expected\n  %s\nfound no line of that key\n", run.c.path, line);
	run.c.mismatches++;
}

static void expect_absent(const char *key)
{
	for (const char *p = run.text; *p;) {
		size_t n = strcspn(p, "\n");
		if (line_of_key(p, n, key, strlen(key))) {
			print_message("%s: expected no line of '%s', found\n  %.*s\n", run.c.path, key,
				      (int)n, p);
			run.c.mismatches++;
		}
		p += n + (p[n] == '\n');
	}
}

static void expect_event(const char *want)
{
	for (int i = 0; i < G->events_count(run.ev); i++) {
		const char *t = G->event_text(run.ev, i, GAME_PUBLIC);
		for (int side = 1; !t && side <= G->nsides; side++)
			t = G->event_text(run.ev, i, side);
		if (t && strstr(t, want))
			return;
	}
	print_message("%s: no event says \"%s\"\n", run.c.path, want);
	run.c.mismatches++;
}

static void dump(void)
{
	if (!getenv("TQ_CASE_DUMP"))
		return;
	fprintf(stderr, "---- %s: the state after the orders\n%s", run.c.path, run.text);
	for (int i = 0; i < G->events_count(run.ev); i++) {
		const char *t = G->event_text(run.ev, i, GAME_PUBLIC);
		fprintf(stderr, "event: %s\n", t ? t : "(hidden)");
	}
}

static void check_expect(yaml_node_t *expect, bool refused, const char *before)
{
	static const char *const KEYS[] = { "rejected", "lines", "absent", "events", NULL };
	check_keys(&run.c, expect, KEYS, "expect", "rejected, lines, absent, events");
	const char *rejected = scalar(get(&run.c.doc, expect, "rejected"));
	if (rejected && !refused)
		fail_msg("%s: the last order was accepted; the case expects it refused (\"%s\")",
			 run.c.path, rejected);
	if (rejected && !strstr(run.why, rejected))
		fail_msg("%s: the refusal \"%s\" does not say \"%s\"", run.c.path, run.why, rejected);
	if (rejected && strcmp(before, run.text))
		fail_msg("%s: the refused order changed the state", run.c.path);
	each_line(get(&run.c.doc, expect, "lines"), "expect: lines", expect_line);
	each_line(get(&run.c.doc, expect, "absent"), "expect: absent", expect_absent);
	each_line(get(&run.c.doc, expect, "events"), "expect: events", expect_event);
	if (run.c.mismatches)
		fail_msg("%s: %d expectation(s) not met", run.c.path, run.c.mismatches);
}

static void run_case(void **state)
{
	const char *path = *state;
	load_case(&run.c, path, CASE_KEYS, "rule, description, rulings, pending, position, orders, "
		  "expect");
	const char *pending = scalar(get(&run.c.doc, run.c.root, "pending"));
	if (pending) {
		print_message("%s: pending: %s\n", path, pending);
		skip();
	}
	run.d = DATA;
	run.s = game_state_new(G);
	run.ev = game_events_new(G);
	set_position(get(&run.c.doc, run.c.root, "position"));
	yaml_node_t *orders = get(&run.c.doc, run.c.root, "orders");
	yaml_node_t *expect = get(&run.c.doc, run.c.root, "expect");
	if (!orders || orders->type != YAML_SEQUENCE_NODE || !expect)
		fail_msg("%s: orders: [{side, order, dice}, ...] and expect: are required", path);
	bool rejects = scalar(get(&run.c.doc, expect, "rejected")) != NULL, refused = false;
	int index = 0;
	for (yaml_node_item_t *i = orders->data.sequence.items.start;
	     i < orders->data.sequence.items.top; i++) {
		bool last = i + 1 == orders->data.sequence.items.top;
		free(run.before);
		run.before = state_text();
		refused = give(node(&run.c, *i), ++index) != 0;
		if (refused && !(last && rejects))
			fail_msg("%s: order %d refused: %s", path, index, run.why);
	}
	free(run.text);
	run.text = state_text();
	dump();
	check_expect(expect, refused, run.before ? run.before : run.text);
}

static int case_teardown(void **state)
{
	(void)state;
	free(run.text);
	free(run.before);
	if (run.ev)
		game_events_free(G, run.ev);
	if (run.s)
		game_state_free(G, run.s);
	if (run.c.text)
		free_case(&run.c);
	memset(&run, 0, sizeof run);
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	G->data_free(DATA);
	return 0;
}

int main(void)
{
	const char *dir = getenv("TQ_CASES");
	char why[400];
	if (G->data_load(tq_data_dir(), &DATA, why, sizeof why)) {
		fprintf(stderr, "%s\n", why);
		return 1;
	}
	return run_cases(dir ? dir : "tests/cases/tarletons-quarter",
			 "Tarleton's Quarter!'s rule cases", run_case, case_teardown, group_teardown);
}
