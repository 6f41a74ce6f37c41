#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "yaml_file.h"

int wj_yaml_file_load(const char *dir, const char *name, yaml_document_t *doc,
		      struct wj_data_problems *p)
{
	char path[512];
	yaml_parser_t parser;
	int rc = 0;
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
		wj_data_problem_add(p, name, 0, "the path %s/%s is too long", dir, name);
		return -1;
	}
	FILE *f = fopen(path, "r");
	if (!f) {
		wj_data_problem_add(p, name, 0, "cannot open %s: %m", path);
		return -1;
	}
	if (!yaml_parser_initialize(&parser)) {
		fclose(f);
		wj_data_problem_add(p, name, 0, "out of memory starting the YAML parser");
		return -1;
	}
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, doc)) {
		wj_data_problem_add(p, name, (int)parser.problem_mark.line + 1, "YAML syntax: %s%s%s",
				    parser.problem ? parser.problem : "unreadable",
				    parser.context ? " " : "", parser.context ? parser.context : "");
		rc = -1;
	} else if (!yaml_document_get_root_node(doc)) {
		wj_data_problem_add(p, name, 1, "the file is empty");
		yaml_document_delete(doc);
		rc = -1;
	}
	yaml_parser_delete(&parser);
	fclose(f);
	return rc;
}

/* "a, b, c": the keys a record may have. */
static void key_list(const struct wj_yaml_field *f, char *out, size_t len)
{
	out[0] = '\0';
	for (int j = 0; f[j].key; j++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", j ? ", " : "", f[j].key);
}

int wj_yaml_fields(yaml_document_t *doc, yaml_node_t *map, const char *file, const char *what,
		   struct wj_yaml_field *f, struct wj_data_problems *p)
{
	int bad = 0;
	for (int i = 0; f[i].key; i++)
		f[i].val = NULL;
	if (!map || map->type != YAML_MAPPING_NODE) {
		wj_data_problem_add(p, file, wj_yaml_node_line(map),
				    "expected a %s as a mapping (key: value, ...)", what);
		return -1;
	}
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		const char *key = wj_yaml_scalar(k);
		int i = 0;
		while (key && f[i].key && strcmp(f[i].key, key))
			i++;
		if (!key || !f[i].key) {
			char keys[240];
			key_list(f, keys, sizeof keys);
			wj_data_problem_add(p, file, wj_yaml_node_line(k), "unknown key '%s' in a %s; "
					    "expected one of: %s", key ? key : "?", what, keys);
			bad++;
		} else if (f[i].val) {
			wj_data_problem_add(p, file, wj_yaml_node_line(k),
					    "key '%s' given twice in one %s", key, what);
			bad++;
		} else {
			f[i].val = yaml_document_get_node(doc, pr->value);
		}
	}
	return bad;
}

yaml_node_t *wj_yaml_field(const struct wj_yaml_field *f, const char *key)
{
	for (int i = 0; f[i].key; i++)
		if (!strcmp(f[i].key, key))
			return f[i].val;
	return NULL;
}

int wj_parse_int(const char *s, int *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	long v = strtol(s, &end, 10);
	if (*end || v < INT_MIN || v > INT_MAX)
		return -1;
	*out = (int)v;
	return 0;
}

const char *wj_yaml_field_text(const struct wj_yaml_field *f, yaml_node_t *rec, const char *key,
			       bool required, const char *file, struct wj_data_problems *p)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	const char *s = wj_yaml_scalar(n);
	if (!n && required)
		wj_data_problem_add(p, file, wj_yaml_node_line(rec), "missing '%s'", key);
	else if (n && (!s || !*s))
		wj_data_problem_add(p, file, wj_yaml_node_line(n), "'%s' must be a non-empty text",
				    key);
	return s && *s ? s : NULL;
}

int wj_yaml_field_str(const struct wj_yaml_field *f, yaml_node_t *rec, const char *key,
		      bool required, char *out, size_t size, const char *file,
		      struct wj_data_problems *p)
{
	const char *s = wj_yaml_field_text(f, rec, key, required, file, p);
	if (!s)
		return wj_yaml_field(f, key) || required ? -1 : 0;
	if (strlen(s) >= size) {
		wj_data_problem_add(p, file, wj_yaml_node_line(wj_yaml_field(f, key)),
				    "'%s' is %zu characters long; at most %zu are allowed", key,
				    strlen(s), size - 1);
		return -1;
	}
	snprintf(out, size, "%s", s);
	return 0;
}

int wj_yaml_node_int(yaml_node_t *n, const char *what, int *out, const char *file,
		     struct wj_data_problems *p)
{
	if (!wj_parse_int(wj_yaml_scalar(n), out))
		return 0;
	wj_data_problem_add(p, file, wj_yaml_node_line(n), "%s must be a whole number, not '%s'",
			    what, wj_yaml_scalar(n) ? wj_yaml_scalar(n) : "(a list or mapping)");
	return -1;
}

int wj_yaml_field_int(const struct wj_yaml_field *f, yaml_node_t *rec, const char *key,
		      bool required, int *out, const char *file, struct wj_data_problems *p)
{
	yaml_node_t *n = wj_yaml_field(f, key);
	char what[64];
	if (!n) {
		if (required)
			wj_data_problem_add(p, file, wj_yaml_node_line(rec), "missing '%s'", key);
		return required ? -1 : 0;
	}
	snprintf(what, sizeof what, "'%s'", key);
	return wj_yaml_node_int(n, what, out, file, p);
}
