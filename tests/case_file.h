/* What the two rule-case runners share (docs/cases.md): a case file read
 * with libyaml, its keys checked, and an expected YAML tree compared with
 * the engine's state written as YAML. tests/test_cases.c runs Washington's
 * War's cases, tests/test_skirmish_cases.c Skirmish's. */
#ifndef CASE_FILE_H
#define CASE_FILE_H

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
#include <cmocka.h>
#include <yaml.h>
#include "buf.h"

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

static inline yaml_node_t *node(struct case_file *c, yaml_node_item_t i)
{
	return yaml_document_get_node(&c->doc, i);
}

static inline const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static inline int line_of(const yaml_node_t *n)
{
	return n ? (int)n->start_mark.line + 1 : 0;
}

/* The value of `key` in mapping `map`, case-insensitive; NULL if absent. */
static inline yaml_node_t *get(yaml_document_t *doc, yaml_node_t *map, const char *key)
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

/* Every key of mapping `map` is one of `keys` (NULL-terminated); `what`
 * names the mapping and `said` lists the keys for the error. */
static inline void check_keys(struct case_file *c, yaml_node_t *map, const char *const *keys,
			      const char *what, const char *said)
{
	for (yaml_node_pair_t *kv = map->data.mapping.pairs.start;
	     kv < map->data.mapping.pairs.top; kv++) {
		const char *k = scalar(node(c, kv->key));
		int i = 0;
		while (keys[i] && (!k || strcmp(keys[i], k) != 0))
			i++;
		if (!keys[i])
			fail_msg("%s: line %d: unknown key '%s' (%s has %s)", c->path,
				 line_of(node(c, kv->key)), k ? k : "?", what, said);
	}
}

/* Reads the case at `path`; `keys` (NULL-terminated) are the keys a case
 * may have, `said` the same as words for the error. */
static inline void load_case(struct case_file *c, const char *path, const char *const *keys,
			     const char *said)
{
	memset(c, 0, sizeof *c);
	c->path = path;
	struct wj_buf text = { .max = 1u << 20 };
	char why[300];
	if (wj_read_file(path, &text, why, sizeof why))
		fail_msg("%s", why);
	c->text = text.p;
	c->len = text.len;
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
	check_keys(c, c->root, keys, "a case", said);
	if (!scalar(get(&c->doc, c->root, "rule")))
		fail_msg("%s: 'rule:' (the rule book section) is missing", path);
}

static inline void free_case(struct case_file *c)
{
	yaml_document_delete(&c->doc);
	free(c->text);
}

/* ---- comparing the expected position with the state ---- */

static inline bool is_empty(yaml_document_t *doc, yaml_node_t *n)
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

static inline void render(yaml_document_t *doc, yaml_node_t *n, char *out, size_t len)
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

static inline void mismatch(struct compare *k, const char *where, yaml_node_t *exp, yaml_node_t *act)
{
	char e[512], a[512];
	render(&k->c->doc, exp, e, sizeof e);
	render(k->act, act, a, sizeof a);
	print_error("%s: line %d: %s: expected %s, the engine gives %s\n",
		    k->c->path, line_of(exp), where, e, a);
	k->c->mismatches++;
}

static inline void compare(struct compare *k, const char *where, yaml_node_t *exp, yaml_node_t *act,
		    bool complete);

/* A mapping in `expect` lists only what it checks, except a board space,
 * which is compared whole (pc and the three nations' CUs). */
static inline void compare_map(struct compare *k, const char *where, yaml_node_t *exp,
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
static inline void compare_unordered(struct compare *k, const char *where, yaml_node_t *exp,
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

static inline void compare(struct compare *k, const char *where, yaml_node_t *exp, yaml_node_t *act,
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

/* Parses YAML text into *doc: true, or false when it is not YAML. */
static inline bool parse_yaml(const char *text, size_t len, yaml_document_t *doc)
{
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	bool ok = yaml_parser_load(&p, doc);
	yaml_parser_delete(&p);
	return ok;
}

static inline int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static inline int is_case(const struct dirent *e)
{
	size_t n = strlen(e->d_name);
	return n > 5 && e->d_name[0] != '.' && strcmp(e->d_name + n - 5, ".yaml") == 0;
}

/* One cmocka test per DIR/NAME.yaml, in name order, each given its path;
 * run by `title`. */
static inline int run_cases(const char *dir, const char *title, CMUnitTestFunction run,
		     CMFixtureFunction teardown, CMFixtureFunction group_teardown)
{
	struct dirent **names;
	int n = scandir(dir, &names, is_case, by_name);
	if (n <= 0) {
		fprintf(stderr, "%s: no cases in %s\n", title, dir);
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
							       .test_func = run,
							       .teardown_func = teardown,
							       .initial_state = path };
		}
		free(names[i]);
	}
	free(names);
	int rc = _cmocka_run_group_tests(title, tests, (size_t)ntests, NULL, group_teardown);
	for (int i = 0; i < ntests; i++)
		free(tests[i].initial_state);
	return rc;
}

#endif
