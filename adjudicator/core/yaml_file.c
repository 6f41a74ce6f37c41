#include <stdio.h>
#include <string.h>
#include "yaml_file.h"

int ww_yaml_file_load(const char *dir, const char *name, yaml_document_t *doc,
		      struct ww_data_problems *p)
{
	char path[512];
	yaml_parser_t parser;
	int rc = 0;
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
		ww_data_problem_add(p, name, 0, "the path %s/%s is too long", dir, name);
		return -1;
	}
	FILE *f = fopen(path, "r");
	if (!f) {
		ww_data_problem_add(p, name, 0, "cannot open %s: %m", path);
		return -1;
	}
	if (!yaml_parser_initialize(&parser)) {
		fclose(f);
		ww_data_problem_add(p, name, 0, "out of memory starting the YAML parser");
		return -1;
	}
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, doc)) {
		ww_data_problem_add(p, name, (int)parser.problem_mark.line + 1, "YAML syntax: %s%s%s",
				    parser.problem ? parser.problem : "unreadable",
				    parser.context ? " " : "", parser.context ? parser.context : "");
		rc = -1;
	} else if (!yaml_document_get_root_node(doc)) {
		ww_data_problem_add(p, name, 1, "the file is empty");
		yaml_document_delete(doc);
		rc = -1;
	}
	yaml_parser_delete(&parser);
	fclose(f);
	return rc;
}

/* "a, b, c": the keys a record may have. */
static void key_list(const struct ww_yaml_field *f, char *out, size_t len)
{
	out[0] = '\0';
	for (int j = 0; f[j].key; j++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", j ? ", " : "", f[j].key);
}

int ww_yaml_fields(yaml_document_t *doc, yaml_node_t *map, const char *file, const char *what,
		   struct ww_yaml_field *f, struct ww_data_problems *p)
{
	int bad = 0;
	for (int i = 0; f[i].key; i++)
		f[i].val = NULL;
	if (!map || map->type != YAML_MAPPING_NODE) {
		ww_data_problem_add(p, file, ww_yaml_node_line(map),
				    "expected a %s as a mapping (key: value, ...)", what);
		return -1;
	}
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start;
	     pr < map->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(doc, pr->key);
		const char *key = ww_yaml_scalar(k);
		int i = 0;
		while (key && f[i].key && strcmp(f[i].key, key))
			i++;
		if (!key || !f[i].key) {
			char keys[240];
			key_list(f, keys, sizeof keys);
			ww_data_problem_add(p, file, ww_yaml_node_line(k), "unknown key '%s' in a %s; "
					    "expected one of: %s", key ? key : "?", what, keys);
			bad++;
		} else if (f[i].val) {
			ww_data_problem_add(p, file, ww_yaml_node_line(k),
					    "key '%s' given twice in one %s", key, what);
			bad++;
		} else {
			f[i].val = yaml_document_get_node(doc, pr->value);
		}
	}
	return bad;
}

yaml_node_t *ww_yaml_field(const struct ww_yaml_field *f, const char *key)
{
	for (int i = 0; f[i].key; i++)
		if (!strcmp(f[i].key, key))
			return f[i].val;
	return NULL;
}
