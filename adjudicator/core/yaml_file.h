/* A game's data file read with libyaml (core/yaml_file.c), its problems
 * said as file:line. */
#ifndef WJ_YAML_FILE_H
#define WJ_YAML_FILE_H

#include <stdbool.h>
#include <yaml.h>
#include "problems.h"

/* Parses dir/name into *doc. 0, or -1 with the problem recorded (the
 * file missing, unreadable, not YAML, or empty) and *doc not to be used. */
int wj_yaml_file_load(const char *dir, const char *name, yaml_document_t *doc,
		      struct wj_data_problems *p);

/* One key of a record: its name and, once read, its value node. */
struct wj_yaml_field {
	const char *key;
	yaml_node_t *val;
};

/* Fills f[i].val from the mapping `map` for each f[i].key (the list ends
 * with a NULL key), reporting unknown and repeated keys as problems of
 * `file` (the record is still read, so that the names it defines cause no
 * more problems). -1 when `map` is no mapping, else the number of keys
 * that were wrong. */
int wj_yaml_fields(yaml_document_t *doc, yaml_node_t *map, const char *file, const char *what,
		   struct wj_yaml_field *f, struct wj_data_problems *p);
/* The value read for `key`, or NULL. */
yaml_node_t *wj_yaml_field(const struct wj_yaml_field *f, const char *key);

/* Whole numbers in the int range only: 0 and *out, or -1. */
int wj_parse_int(const char *s, int *out);

/* The value of `key` in the record `rec` (its fields read into f), each
 * problem said as one of `file`: missing when `required`, or not what it
 * must be. wj_yaml_field_text: the non-empty text, or NULL.
 * wj_yaml_field_str: that text into out (at most size - 1 bytes).
 * wj_yaml_field_int: a whole number. Both: 0 (and out untouched when an
 * optional key is missing), or -1. */
const char *wj_yaml_field_text(const struct wj_yaml_field *f, yaml_node_t *rec, const char *key,
			       bool required, const char *file, struct wj_data_problems *p);
int wj_yaml_field_str(const struct wj_yaml_field *f, yaml_node_t *rec, const char *key,
		      bool required, char *out, size_t size, const char *file,
		      struct wj_data_problems *p);
int wj_yaml_field_int(const struct wj_yaml_field *f, yaml_node_t *rec, const char *key,
		      bool required, int *out, const char *file, struct wj_data_problems *p);
/* A node that must hold a whole number (`what` names it in the problem). */
int wj_yaml_node_int(yaml_node_t *n, const char *what, int *out, const char *file,
		     struct wj_data_problems *p);

/* The 1-based line of a node; 0 for none. */
static inline int wj_yaml_node_line(const yaml_node_t *n)
{
	return n ? (int)n->start_mark.line + 1 : 0;
}

/* A scalar's text, or NULL when the node is none or no scalar. */
static inline const char *wj_yaml_scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

#endif
