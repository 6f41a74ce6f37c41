/* Small helpers over a libyaml document read from a record's text
 * (core/yaml_doc.c): the game's state, the log, the meta. Errors are
 * written as "line N: what was wrong". */
#ifndef WW_YAML_DOC_H
#define WW_YAML_DOC_H

#include <stdbool.h>
#include <stdio.h>
#include <yaml.h>

int ww_yaml_load(const char *text, size_t len, yaml_document_t *doc,
		 char *err, size_t errlen);
yaml_node_t *ww_yaml_get(yaml_document_t *doc, yaml_node_t *map, const char *key);
const char *ww_yaml_str(const yaml_node_t *n);  /* NULL unless a scalar */
int ww_yaml_line(const yaml_node_t *n);         /* 1-based */
int ww_yaml_int(const yaml_node_t *n, long long lo, long long hi, long long *v,
		char *err, size_t errlen);
int ww_yaml_bool(const yaml_node_t *n, bool *v, char *err, size_t errlen);
void ww_yaml_quote(FILE *f, const char *s);     /* a double-quoted scalar */
/* "line N: " and the message into err. */
void ww_yaml_fail(char *err, size_t errlen, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
