/* A broken copy of a data directory for the loaders' tests: the files are
 * copied to a fresh directory under /tmp, edited there, and removed. */
#ifndef DATA_COPY_H
#define DATA_COPY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "problems.h"

/* Each problem as `wwjudge data-check` prints it, on stderr. */
static inline void print_problems(const struct wj_data_problems *p)
{
	for (int i = 0; i < p->n; i++)
		fprintf(stderr, "%s:%d: %s\n", p->v[i].file, p->v[i].line, p->v[i].message);
}

struct data_copy {
	char dir[64];
	const char *const *files;
	size_t nfiles;
};

static inline char *data_copy_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (!f)
		fail_msg("cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* Writes text as the copy's file (a name of the copy's directory). */
static inline void data_copy_write(struct data_copy *c, const char *file, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", c->dir, file);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
	assert_int_equal(fclose(f), 0);
}

static inline void data_copy(struct data_copy *c, const char *from, const char *const *files,
			     size_t nfiles)
{
	char path[512];
	snprintf(c->dir, sizeof c->dir, "/tmp/ww-data-copy-XXXXXX");
	assert_non_null(mkdtemp(c->dir));
	c->files = files;
	c->nfiles = nfiles;
	for (size_t i = 0; i < nfiles; i++) {
		snprintf(path, sizeof path, "%s/%s", from, files[i]);
		char *text = data_copy_slurp(path);
		data_copy_write(c, files[i], text);
		free(text);
	}
}

static inline void data_copy_remove(struct data_copy *c)
{
	char path[512];
	for (size_t i = 0; i < c->nfiles; i++) {
		snprintf(path, sizeof path, "%s/%s", c->dir, c->files[i]);
		unlink(path);
	}
	rmdir(c->dir);
}

/* The line of the copy's file on which `anchor` first appears. */
static inline int data_copy_line(struct data_copy *c, const char *file, const char *anchor)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", c->dir, file);
	char *text = data_copy_slurp(path);
	char *a = strstr(text, anchor);
	int line = 1;
	if (!a)
		fail_msg("'%s' not in %s", anchor, file);
	for (char *p = text; p < a; p++)
		line += *p == '\n';
	free(text);
	return line;
}

/* In file, finds `anchor`, then the first `from` at or after it, and puts
 * `to` in its place. Returns the line of the anchor. */
static inline int data_copy_edit(struct data_copy *c, const char *file, const char *anchor,
				 const char *from, const char *to)
{
	int line = data_copy_line(c, file, anchor);
	char path[512];
	snprintf(path, sizeof path, "%s/%s", c->dir, file);
	char *text = data_copy_slurp(path);
	char *a = strstr(text, anchor);
	if (!a)
		fail_msg("'%s' not in %s", anchor, file);
	char *f = strstr(a, from);
	if (!f)
		fail_msg("'%s' not after '%s' in %s", from, anchor, file);
	size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
	char *out = malloc(n);
	assert_non_null(out);
	snprintf(out, n, "%.*s%s%s", (int)(f - text), text, to, f + strlen(from));
	data_copy_write(c, file, out);
	free(out);
	free(text);
	return line;
}

#endif
