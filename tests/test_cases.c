/* The rule cases (docs/cases.md): every tests/cases/NAME.yaml is one cmocka
 * test, found at run time. A case is a position (the scenario format), a
 * list of orders with the dice they use, and either the expected position
 * (partial) or the expected refusal of the last order.
 *
 * WW_CASES=DIR reads the cases from DIR; WW_CASE_DUMP=1 prints the state
 * after the orders (a help when writing a case). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <cmocka.h>
#include <yaml.h>

#include "support.h"
#include "record.h"

#define CASE_SEED "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
#define MAX_CASES 512

/* One case file, parsed. */
struct case_file {
	const char *path;
	char *text;
	size_t len;
	yaml_document_t doc;
	yaml_node_t *root;
	int mismatches;
};

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "re");
	if (!f)
		return NULL;
	char *text = NULL;
	size_t cap = 0, n = 0, k;
	do {
		if (cap - n < 4096) {
			char *t = realloc(text, cap = cap ? 2 * cap : 8192);
			if (!t) {
				free(text);
				fclose(f);
				return NULL;
			}
			text = t;
		}
		k = fread(text + n, 1, cap - n - 1, f);
		n += k;
	} while (k);
	fclose(f);
	text[n] = '\0';
	*len = n;
	return text;
}

static yaml_node_t *node(struct case_file *c, yaml_node_item_t i)
{
	return yaml_document_get_node(&c->doc, i);
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int line_of(const yaml_node_t *n)
{
	return n ? (int)n->start_mark.line + 1 : 0;
}

/* The value of `key` in mapping `map`, case-insensitive; NULL if absent. */
static yaml_node_t *get(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		const char *k = scalar(yaml_document_get_node(doc, p->key));
		if (k && strcasecmp(k, key) == 0)
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

static void load_case(struct case_file *c, const char *path)
{
	memset(c, 0, sizeof *c);
	c->path = path;
	c->text = slurp(path, &c->len);
	if (!c->text)
		fail_msg("%s: cannot read", path);
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)c->text, c->len);
	if (!yaml_parser_load(&p, &c->doc))
		fail_msg("%s: line %zu: %s", path, p.problem_mark.line + 1,
			 p.problem ? p.problem : "not YAML");
	yaml_parser_delete(&p);
	c->root = yaml_document_get_root_node(&c->doc);
	if (!c->root || c->root->type != YAML_MAPPING_NODE)
		fail_msg("%s: a case is a mapping (rule, description, position, orders, expect)", path);
	static const char *const keys[] = { "rule", "description", "rulings", "pending",
					    "position", "orders", "expect", "seed", NULL };
	for (yaml_node_pair_t *kv = c->root->data.mapping.pairs.start;
	     kv < c->root->data.mapping.pairs.top; kv++) {
		const char *k = scalar(node(c, kv->key));
		int i = 0;
		while (keys[i] && (!k || strcmp(keys[i], k) != 0))
			i++;
		if (!keys[i])
			fail_msg("%s: line %d: unknown key '%s' (a case has rule, description, "
				 "rulings, pending, position, orders, expect, seed)",
				 path, line_of(node(c, kv->key)), k ? k : "?");
	}
	if (!scalar(get(&c->doc, c->root, "rule")))
		fail_msg("%s: 'rule:' (the rule book section) is missing", path);
}

static void free_case(struct case_file *c)
{
	yaml_document_delete(&c->doc);
	free(c->text);
}

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

/* ---- comparing the expected position with the state ---- */

static bool is_empty(yaml_document_t *doc, yaml_node_t *n)
{
	if (!n)
		return true;
	const char *v = scalar(n);
	if (v)
		return !*v || !strcmp(v, "0") || !strcasecmp(v, "false") ||
		       !strcasecmp(v, "none") || !strcasecmp(v, "nobody") || !strcmp(v, "[]");
	if (n->type == YAML_SEQUENCE_NODE)
		return n->data.sequence.items.start == n->data.sequence.items.top;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
		if (!is_empty(doc, yaml_document_get_node(doc, p->value)))
			return false;
	return true;
}

static void render(yaml_document_t *doc, yaml_node_t *n, char *out, size_t len)
{
	const char *v = scalar(n);
	if (!n)
		snprintf(out, len, "(absent)");
	else if (v)
		snprintf(out, len, "%s", v);
	else if (n->type == YAML_SEQUENCE_NODE) {
		size_t k = (size_t)snprintf(out, len, "[");
		for (yaml_node_item_t *i = n->data.sequence.items.start;
		     i < n->data.sequence.items.top && k < len; i++) {
			char one[64];
			render(doc, yaml_document_get_node(doc, *i), one, sizeof one);
			k += (size_t)snprintf(out + k, len - k, "%s%s",
					      i == n->data.sequence.items.start ? "" : ", ", one);
		}
		if (k < len)
			snprintf(out + k, len - k, "]");
	} else {
		size_t k = (size_t)snprintf(out, len, "{");
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		     p < n->data.mapping.pairs.top && k < len; p++) {
			char one[128];
			render(doc, yaml_document_get_node(doc, p->value), one, sizeof one);
			k += (size_t)snprintf(out + k, len - k, "%s%s: %s",
					      p == n->data.mapping.pairs.start ? "" : ", ",
					      scalar(yaml_document_get_node(doc, p->key)), one);
		}
		if (k < len)
			snprintf(out + k, len - k, "}");
	}
}

struct compare {
	struct case_file *c;
	yaml_document_t *act;
};

static void mismatch(struct compare *k, const char *where, yaml_node_t *exp, yaml_node_t *act)
{
	char e[512], a[512];
	render(&k->c->doc, exp, e, sizeof e);
	render(k->act, act, a, sizeof a);
	print_error("%s: line %d: %s: expected %s, the engine gives %s\n",
		    k->c->path, line_of(exp), where, e, a);
	k->c->mismatches++;
}

static void compare(struct compare *k, const char *where, yaml_node_t *exp, yaml_node_t *act,
		    bool complete);

/* A mapping in `expect` lists only what it checks, except a board space,
 * which is compared whole (pc and the three nations' CUs). */
static void compare_map(struct compare *k, const char *where, yaml_node_t *exp,
			yaml_node_t *act, bool complete)
{
	yaml_document_t *ed = &k->c->doc;
	for (yaml_node_pair_t *p = exp->data.mapping.pairs.start; p < exp->data.mapping.pairs.top; p++) {
		const char *key = scalar(yaml_document_get_node(ed, p->key));
		char sub[256];
		snprintf(sub, sizeof sub, "%s%s%s", where, *where ? "." : "", key ? key : "?");
		compare(k, sub, yaml_document_get_node(ed, p->value), get(k->act, act, key),
			!strcmp(where, "board"));
	}
	if (!complete || !act || act->type != YAML_MAPPING_NODE)
		return;
	for (yaml_node_pair_t *p = act->data.mapping.pairs.start; p < act->data.mapping.pairs.top; p++) {
		const char *key = scalar(yaml_document_get_node(k->act, p->key));
		yaml_node_t *v = yaml_document_get_node(k->act, p->value);
		if (!get(ed, exp, key) && !is_empty(k->act, v)) {
			char sub[256];
			snprintf(sub, sizeof sub, "%s.%s", where, key ? key : "?");
			mismatch(k, sub, exp, v);
		}
	}
}

/* {cards: [...]}: the pile holds exactly these cards, in any order. */
static void compare_unordered(struct compare *k, const char *where, yaml_node_t *exp,
			      yaml_node_t *act)
{
	int want[256] = { 0 };
	if (!exp || exp->type != YAML_SEQUENCE_NODE) {
		mismatch(k, where, exp, act);
		return;
	}
	for (yaml_node_item_t *i = exp->data.sequence.items.start; i < exp->data.sequence.items.top; i++) {
		const char *v = scalar(yaml_document_get_node(&k->c->doc, *i));
		want[(v ? atoi(v) : 0) & 255]++;
	}
	for (yaml_node_item_t *i = act->data.sequence.items.start; i < act->data.sequence.items.top; i++) {
		const char *v = scalar(yaml_document_get_node(k->act, *i));
		want[(v ? atoi(v) : 0) & 255]--;
	}
	for (int c = 0; c < 256; c++)
		if (want[c]) {
			mismatch(k, where, exp, act);
			return;
		}
}

static void compare(struct compare *k, const char *where, yaml_node_t *exp, yaml_node_t *act,
		    bool complete)
{
	yaml_document_t *ed = &k->c->doc;
	if (!act || (act->type == YAML_SCALAR_NODE && exp->type != YAML_SCALAR_NODE)) {
		if (!is_empty(ed, exp) || (act && !is_empty(k->act, act)))
			mismatch(k, where, exp, act);
		return;
	}
	if (exp->type == YAML_SCALAR_NODE) {
		if (act->type != YAML_SCALAR_NODE || strcasecmp(scalar(exp), scalar(act)) != 0)
			mismatch(k, where, exp, act);
		return;
	}
	if (exp->type == YAML_MAPPING_NODE && act->type == YAML_SEQUENCE_NODE &&
	    get(ed, exp, "cards")) {
		compare_unordered(k, where, get(ed, exp, "cards"), act);
		return;
	}
	if (exp->type == YAML_MAPPING_NODE && act->type == YAML_SEQUENCE_NODE) {
		/* {size: N} for a pile whose order does not matter */
		yaml_node_t *size = get(ed, exp, "size");
		char n[16];
		snprintf(n, sizeof n, "%d",
			 (int)(act->data.sequence.items.top - act->data.sequence.items.start));
		if (!size || strcmp(scalar(size) ? scalar(size) : "", n) != 0)
			mismatch(k, where, exp, act);
		return;
	}
	if (exp->type != act->type) {
		mismatch(k, where, exp, act);
		return;
	}
	if (exp->type == YAML_MAPPING_NODE) {
		compare_map(k, where, exp, act, complete);
		return;
	}
	yaml_node_item_t *e = exp->data.sequence.items.start, *a = act->data.sequence.items.start;
	long ne = exp->data.sequence.items.top - e, na = act->data.sequence.items.top - a;
	if (ne != na) {
		mismatch(k, where, exp, act);
		return;
	}
	for (long i = 0; i < ne; i++) {
		char sub[256];
		snprintf(sub, sizeof sub, "%s[%ld]", where, i);
		compare(k, sub, yaml_document_get_node(ed, e[i]),
			yaml_document_get_node(k->act, a[i]), false);
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
	yaml_parser_t p;
	yaml_document_t act;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	assert_true(yaml_parser_load(&p, &act));
	yaml_parser_delete(&p);
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
		if (die < 1 || die > 6 || g->dice.nforced >= WW_MAX_FORCED)
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
	load_case(cp, path);
#define c (*cp)
	const char *pending = scalar(get(&c.doc, c.root, "pending"));
	if (pending) {
		print_message("%s: pending: %s\n", path, pending);
		skip();
	}
	struct test_game *g = current_game = calloc(1, sizeof *g);
	assert_non_null(g);
	g->d = test_data();
	assert_int_equal(ww_dice_init(), 0);
	const char *seed = scalar(get(&c.doc, c.root, "seed"));
	assert_int_equal(ww_seed_from_hex(seed ? seed : CASE_SEED, g->dice.seed), 0);
	ww_dice_rng(&g->dice, &g->rng);
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

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_case(const struct dirent *e)
{
	size_t n = strlen(e->d_name);
	return n > 5 && e->d_name[0] != '.' && strcmp(e->d_name + n - 5, ".yaml") == 0;
}

int main(void)
{
	const char *dir = getenv("WW_CASES") ? getenv("WW_CASES") : "tests/cases";
	struct dirent **names;
	int n = scandir(dir, &names, is_case, by_name);
	if (n <= 0) {
		fprintf(stderr, "test_cases: no cases in %s (set WW_CASES)\n", dir);
		return 1;
	}
	static struct CMUnitTest tests[MAX_CASES];
	int ntests = 0;
	for (int i = 0; i < n; i++) {
		if (ntests < MAX_CASES) {
			char *path = malloc(strlen(dir) + strlen(names[i]->d_name) + 2);
			if (!path)
				return 1;
			sprintf(path, "%s/%s", dir, names[i]->d_name);
			tests[ntests++] = (struct CMUnitTest){ .name = path + strlen(dir) + 1,
							       .test_func = run_case,
							       .teardown_func = case_teardown,
							       .initial_state = path };
		}
		free(names[i]);
	}
	free(names);
	int rc = _cmocka_run_group_tests("rule cases", tests, (size_t)ntests, NULL, free_test_data);
	for (int i = 0; i < ntests; i++)
		free(tests[i].initial_state);
	return rc;
}
