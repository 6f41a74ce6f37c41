/* The rule cases (docs/cases.md): every tests/cases/NAME.yaml is one cmocka
 * test, found at run time. A case is a position (the scenario format), a
 * list of orders with the dice they use, and either the expected position
 * (partial) or the expected refusal of the last order.
 *
 * WW_CASES=DIR reads the cases from DIR; WW_CASE_DUMP=1 prints the state
 * after the orders (a help when writing a case). */
#include <unistd.h>

#include "case_file.h"
#include "support.h"
#include "record.h"

#define CASE_SEED "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


/* The `position:` mapping is cut out of the case text as it stands, put
 * back at its own line and column, and loaded by ww_scenario_load, so the
 * scenario loader's line numbers are the case file's. */
static void load_position(struct case_file *c, const struct ww_data *d, struct ww_state *s)
{
	yaml_node_t *pos = get(&c->doc, c->root, "position");
	if (!pos || pos->type != YAML_MAPPING_NODE)
		fail_msg("%s: 'position:' (a scenario, docs/scenario.md) is missing", c->path);
	char tmp[] = "/tmp/ww-case-XXXXXX";
	int fd = mkstemp(tmp);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	for (size_t i = 0; i < pos->start_mark.line; i++)
		fputc('\n', f);
	for (size_t i = 0; i < pos->start_mark.column; i++)
		fputc(' ', f);
	fwrite(c->text + pos->start_mark.index, 1,
	       pos->end_mark.index - pos->start_mark.index, f);
	fputc('\n', f);
	fclose(f);
	char err[512];
	int rc = ww_scenario_load(tmp, d, s, err, sizeof err);
	unlink(tmp);
	if (rc != 0) {
		const char *why = strncmp(err, tmp, strlen(tmp)) == 0 ? err + strlen(tmp) : err;
		fail_msg("%s%s", c->path, why);
	}
}

static void compare_position(struct case_file *c, const struct ww_data *d,
			     const struct ww_state *s, yaml_node_t *expected)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(ww_state_write_yaml(f, d, s, true), 0);
	fclose(f);
	yaml_document_t act;
	assert_true(parse_yaml(text, len, &act));
	struct compare k = { c, &act };
	compare(&k, "", expected, yaml_document_get_root_node(&act), false);
	yaml_document_delete(&act);
	free(text);
}

/* ---- applying the orders ---- */

static enum ww_side side_of(struct case_file *c, yaml_node_t *n)
{
	const char *v = scalar(n);
	if (v && !strcasecmp(v, "american"))
		return WW_AMERICAN;
	if (v && !strcasecmp(v, "british"))
		return WW_BRITISH;
	fail_msg("%s: line %d: side is american or british", c->path, line_of(n));
	return WW_NOBODY;
}

static void queue_dice(struct case_file *c, struct test_game *g, yaml_node_t *dice)
{
	g->dice.nforced = g->dice.used_forced = 0;
	if (!dice)
		return;
	if (dice->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: dice: [N, N, ...]", c->path, line_of(dice));
	for (yaml_node_item_t *i = dice->data.sequence.items.start; i < dice->data.sequence.items.top; i++) {
		const char *v = scalar(node(c, *i));
		int die = v ? atoi(v) : 0;
		if (die < 1 || die > 6 || g->dice.nforced >= WJ_MAX_FORCED)
			fail_msg("%s: line %d: a die is 1 to 6", c->path, line_of(node(c, *i)));
		g->dice.forced[g->dice.nforced++] = die;
	}
}

/* Applies one order; returns ww_apply's result (-1 also when it does not
 * parse), with the reason in g->why. Every die rolled must be one the case
 * gives, and every die given must be used. */
static int apply_one(struct case_file *c, struct test_game *g, int index, yaml_node_t *o)
{
	enum ww_side side = side_of(c, get(&c->doc, o, "side"));
	const char *line = scalar(get(&c->doc, o, "order"));
	if (!line)
		fail_msg("%s: line %d: order N has side, order and dice", c->path, line_of(o));
	queue_dice(c, g, get(&c->doc, o, "dice"));
	struct ww_order ord;
	if (ww_order_parse(g->d, line, &ord, g->why, sizeof g->why) != 0)
		return -1;
	int first_event = g->ev.n;
	g->why[0] = 0;
	if (ww_apply(g->d, &g->s, side, &ord, &g->rng, &g->ev, g->why, sizeof g->why) != 0)
		return -1;
	for (int i = first_event; i < g->ev.n; i++)
		if (g->ev.v[i].roll_index >= 0 && !g->ev.v[i].forced)
			fail_msg("%s: order %d (\"%s\") rolls a die the case does not give: %s",
				 c->path, index, line, g->ev.v[i].text);
	if (g->dice.used_forced != g->dice.nforced)
		fail_msg("%s: order %d (\"%s\") uses %d of the %d dice given", c->path, index,
			 line, g->dice.used_forced, g->dice.nforced);
	char why[256];
	if (ww_check_invariants(g->d, &g->s, why, sizeof why))
		fail_msg("%s: after order %d (\"%s\"): invariant broken: %s", c->path, index, line, why);
	return 0;
}

static void check_events(struct case_file *c, struct test_game *g, yaml_node_t *want)
{
	if (!want)
		return;
	if (want->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: events: a list of texts", c->path, line_of(want));
	for (yaml_node_item_t *i = want->data.sequence.items.start; i < want->data.sequence.items.top; i++) {
		const char *needle = scalar(node(c, *i));
		if (needle && saw_event(g, needle))
			continue;
		print_error("%s: line %d: no event mentions \"%s\"; the events were:\n", c->path,
			    line_of(node(c, *i)), needle ? needle : "?");
		for (int e = 0; e < g->ev.n; e++)
			print_error("    %s\n", g->ev.v[e].text);
		c->mismatches++;
	}
}

/* What a case holds while it runs, freed by the teardown also when the
 * case fails half-way. */
static struct case_file current;
static struct test_game *current_game;
static struct ww_state *current_before;

static int case_teardown(void **state)
{
	(void)state;
	if (current_game)
		ww_events_free(&current_game->ev);
	free(current_game);
	free(current_before);
	free_case(&current);
	memset(&current, 0, sizeof current);
	current_game = NULL;
	current_before = NULL;
	return 0;
}

static void run_case(void **state)
{
	const char *path = *state;
	struct case_file *cp = &current;
	static const char *const keys[] = { "rule", "description", "rulings", "pending",
					    "position", "orders", "expect", "seed", NULL };
	load_case(cp, path, keys, "rule, description, rulings, pending, position, orders, expect, seed");
#define c (*cp)
	const char *pending = scalar(get(&c.doc, c.root, "pending"));
	if (pending) {
		print_message("%s: pending: %s\n", path, pending);
		skip();
	}
	struct test_game *g = current_game = calloc(1, sizeof *g);
	assert_non_null(g);
	g->d = test_data();
	assert_int_equal(wj_dice_init(), 0);
	const char *seed = scalar(get(&c.doc, c.root, "seed"));
	assert_int_equal(wj_seed_from_hex(seed ? seed : CASE_SEED, g->dice.seed), 0);
	wj_dice_rng(&g->dice, &g->rng);
	load_position(&c, g->d, &g->s);

	yaml_node_t *orders = get(&c.doc, c.root, "orders");
	yaml_node_t *expect = get(&c.doc, c.root, "expect");
	if (!expect || expect->type != YAML_MAPPING_NODE)
		fail_msg("%s: 'expect:' (position:, rejected:, events:) is missing", path);
	const char *rejected = scalar(get(&c.doc, expect, "rejected"));
	int n = 0;
	if (orders && orders->type == YAML_SEQUENCE_NODE)
		n = (int)(orders->data.sequence.items.top - orders->data.sequence.items.start);
	else if (orders)
		fail_msg("%s: line %d: orders: a list of {side, order, dice}", path, line_of(orders));
	for (int i = 0; i < n; i++) {
		yaml_node_t *o = node(&c, orders->data.sequence.items.start[i]);
		struct ww_state *before = current_before = malloc(sizeof *before);
		assert_non_null(before);
		*before = g->s;
		int rc = apply_one(&c, g, i + 1, o);
		bool last = i == n - 1;
		if (rc != 0 && !(last && rejected))
			fail_msg("%s: line %d: order %d (\"%s\") refused: %s", path, line_of(o), i + 1,
				 scalar(get(&c.doc, o, "order")), g->why);
		if (last && rejected) {
			if (rc == 0)
				fail_msg("%s: order %d (\"%s\") was accepted; expected a refusal "
					 "mentioning \"%s\"", path, i + 1,
					 scalar(get(&c.doc, o, "order")), rejected);
			if (!strstr(g->why, rejected))
				fail_msg("%s: order %d refused with \"%s\"; expected it to mention \"%s\"",
					 path, i + 1, g->why, rejected);
			assert_memory_equal(before, &g->s, sizeof *before);
		}
		free(before);
		current_before = NULL;
	}
	if (getenv("WW_CASE_DUMP")) {
		ww_state_write_yaml(stderr, g->d, &g->s, true);
		for (int e = 0; e < g->ev.n; e++)
			fprintf(stderr, "# event: %s\n", g->ev.v[e].text);
	}
	yaml_node_t *pos = get(&c.doc, expect, "position");
	if (pos)
		compare_position(&c, g->d, &g->s, pos);
	check_events(&c, g, get(&c.doc, expect, "events"));
	int bad = c.mismatches;
#undef c
	if (bad)
		fail_msg("%s: %d difference%s from the expected position", path, bad,
			 bad == 1 ? "" : "s");
}

int main(void)
{
	const char *dir = getenv("WW_CASES") ? getenv("WW_CASES") : "tests/cases";
	return run_cases(dir, "rule cases", run_case, case_teardown, free_test_data);
}
