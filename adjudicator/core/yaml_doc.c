/* Small helpers over a libyaml document read from a record's text
 * (yaml_doc.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text.h"
#include "buf.h"
#include "yaml_doc.h"

/* Any bytes: valid UTF-8 out (text.h), what a reader would take for
 * something else escaped. */
void wj_yaml_quote(FILE *f, const char *s)
{
	fputc('"', f);
	for (size_t i = 0, n = strlen(s); i < n;) {
		uint32_t cp;
		char u[4];
		i += wj_text_char(s + i, n - i, &cp);
		if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", (char)cp);
		else if (!wj_text_plain(cp))
			fprintf(f, cp < 0x100 ? "\\x%02x" : "\\u%04x", (unsigned)cp);
		else
			fwrite(u, 1, wj_text_utf8(cp, u), f);
	}
	fputc('"', f);
}

void wj_yaml_fail(char *err, size_t errlen, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(err, errlen, NULL, line, fmt, ap);
	va_end(ap);
}

int wj_yaml_load(const char *text, size_t len, yaml_document_t *doc,
		 char *err, size_t errlen)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		wj_yaml_fail(err, errlen, 0, "out of memory");
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	int ok = yaml_parser_load(&p, doc);
	if (!ok) {
		/* the reader (bytes, control characters) marks an offset, not a
		 * line: count the lines up to it */
		int line = (int)p.problem_mark.line + 1;
		if (p.error == YAML_READER_ERROR)
			for (size_t i = 0, n = p.problem_offset < len ? p.problem_offset : len; i < n; i++)
				line += text[i] == '\n';
		wj_yaml_fail(err, errlen, line, "not YAML: %s", p.problem ? p.problem : "parse error");
	}
	yaml_parser_delete(&p);
	if (!ok)
		return -1;
	yaml_node_t *root = yaml_document_get_root_node(doc);
	if (!root || root->type != YAML_MAPPING_NODE) {
		wj_yaml_fail(err, errlen, root ? wj_yaml_line(root) : 1,
		     "expected a mapping of keys to values");
		yaml_document_delete(doc);
		return -1;
	}
	return 0;
}

yaml_node_t *wj_yaml_get(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		const char *k = wj_yaml_str(yaml_document_get_node(doc, p->key));
		if (k && strcmp(k, key) == 0)
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

const char *wj_yaml_str(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

int wj_yaml_line(const yaml_node_t *n)
{
	return n ? (int)n->start_mark.line + 1 : 0;
}

int wj_yaml_int(const yaml_node_t *n, long long lo, long long hi, long long *v,
		char *err, size_t errlen)
{
	const char *s = wj_yaml_str(n);
	char *end;
	errno = 0;
	long long x = s && *s ? strtoll(s, &end, 10) : 0;
	if (!s || !*s || *end || errno) {
		wj_yaml_fail(err, errlen, wj_yaml_line(n), "expected a whole number, not %s",
		     s ? s : "a list or mapping");
		return -1;
	}
	if (x < lo || x > hi) {
		wj_yaml_fail(err, errlen, wj_yaml_line(n), "%lld is out of range %lld..%lld", x, lo, hi);
		return -1;
	}
	*v = x;
	return 0;
}

int wj_yaml_bool(const yaml_node_t *n, bool *v, char *err, size_t errlen)
{
	const char *s = wj_yaml_str(n);
	if (s && strcmp(s, "true") == 0)
		*v = true;
	else if (s && strcmp(s, "false") == 0)
		*v = false;
	else {
		wj_yaml_fail(err, errlen, wj_yaml_line(n), "expected true or false, not %s",
		     s ? s : "a list or mapping");
		return -1;
	}
	return 0;
}
