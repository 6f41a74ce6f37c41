/* Small helpers over a libyaml document read from a record's text
 * (core/yaml_doc.c): the game's state, the log, the meta. Errors are
 * written as "line N: what was wrong". */
#ifndef WJ_YAML_DOC_H
#define WJ_YAML_DOC_H

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>

int wj_yaml_load(const char *text, size_t len, yaml_document_t *doc,
		 char *err, size_t errlen);
yaml_node_t *wj_yaml_get(yaml_document_t *doc, yaml_node_t *map, const char *key);
const char *wj_yaml_str(const yaml_node_t *n);  /* NULL unless a scalar */
int wj_yaml_line(const yaml_node_t *n);         /* 1-based */
int wj_yaml_int(const yaml_node_t *n, long long lo, long long hi, long long *v,
		char *err, size_t errlen);
int wj_yaml_bool(const yaml_node_t *n, bool *v, char *err, size_t errlen);
void wj_yaml_quote(FILE *f, const char *s);     /* a double-quoted scalar */
/* "line N: " and the message into err. */
void wj_yaml_fail(char *err, size_t errlen, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
