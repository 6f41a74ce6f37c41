/* Small files kept many to a file (pack.h). */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "buf.h"
#include "durable.h"
#include "pack.h"

#define PACK_MEMBER_MAX (1u << 24)
#define PACK_MAX (1u << 30)

static const char head[] = "--- # ";

int wj_pack_next(const char *text, size_t len, size_t *pos, struct wj_pack_member *m)
{
	if (*pos == len)
		return 0;
	const char *p = text + *pos, *end = text + len;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	const char *comma = nl ? memchr(p, ',', (size_t)(nl - p)) : NULL;
	if (!comma || strncmp(p, head, sizeof head - 1) || comma == p + sizeof head - 1)
		return -1;
	char *after;
	errno = 0;
	unsigned long long n = strtoull(comma + 1, &after, 10);
	if (errno || comma[1] != ' ' || strncmp(after, " bytes\n", 7) || after + 6 != nl ||
	    n > (unsigned long long)(end - nl - 1))
		return -1;
	*m = (struct wj_pack_member){ .name = p + sizeof head - 1,
				      .nlen = (size_t)(comma - p) - (sizeof head - 1),
				      .at = nl + 1, .len = (size_t)n };
	*pos = (size_t)(m->at + m->len - text);
	return 1;
}

int wj_pack_find(const char *text, size_t len, const char *name, struct wj_pack_member *m)
{
	size_t pos = 0, nlen = strlen(name);
	int rc;
	while ((rc = wj_pack_next(text, len, &pos, m)) == 1)
		if (m->nlen == nlen && !memcmp(m->name, name, nlen))
			return 1;
	return rc;
}

static int member_path(char *out, const char *dir, const char *name, char *err, size_t errlen)
{
	if (wj_path_join(out, dir, name) == 0 && !strchr(name, '/') && !strchr(name, ','))
		return 0;
	return wj_why(err, errlen, "%s/%s: not a name a pack can hold", dir, name);
}

/* The pack of the members, all of them. */
static int pack_text(const char *dir, const char *const *names, int n, struct wj_buf *out,
		     char *err, size_t errlen)
{
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX], line[PATH_MAX + 64];
		struct wj_buf b = { .max = PACK_MEMBER_MAX };
		if (member_path(path, dir, names[i], err, errlen))
			return -1;
		if (wj_file_text(path, b.max, &b))
			return wj_why(err, errlen, "%s: %s; nothing packed", path, strerror(errno));
		wj_fmt(line, sizeof line, "%s%s, %zu bytes\n", head, names[i], b.len);
		int bad = wj_buf_add(out, line, strlen(line)) || wj_buf_add(out, b.p ? b.p : "", b.len);
		wj_buf_free(&b);
		if (bad)
			return wj_why(err, errlen, "%s: too large to pack", dir);
	}
	return 0;
}

/* Removes each member the pack holds with the same bytes. */
static int remove_packed(const char *dir, const struct wj_buf *pack, const char *const *names,
			 int n, void (*step)(void), char *err, size_t errlen)
{
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX];
		struct wj_buf b = { .max = PACK_MEMBER_MAX };
		struct wj_pack_member m;
		if (member_path(path, dir, names[i], err, errlen))
			return -1;
		if (wj_file_text(path, b.max, &b))
			continue; /* removed already */
		bool same = wj_pack_find(pack->p, pack->len, names[i], &m) == 1 && m.len == b.len &&
			    !memcmp(m.at, b.p ? b.p : "", b.len);
		wj_buf_free(&b);
		if (step)
			step();
		if (same && unlink(path) < 0)
			return wj_why(err, errlen, "cannot remove %s: %s", path, strerror(errno));
	}
	wj_fsync_dir(dir);
	return 0;
}

int wj_pack_files(const char *dir, const char *pack, const char *const *names, int n,
		  void (*step)(void), char *err, size_t errlen)
{
	char path[PATH_MAX];
	struct wj_buf text = { .max = PACK_MAX };
	if (member_path(path, dir, pack, err, errlen))
		return -1;
	int rc = 0;
	if (wj_file_text(path, text.max, &text)) {
		if (errno != ENOENT)
			return wj_why(err, errlen, "%s: %s", path, strerror(errno));
		rc = pack_text(dir, names, n, &text, err, errlen);
		if (!rc && step)
			step();
		if (!rc)
			rc = wj_durable_write(path, NULL, text.p ? text.p : "", text.len, 0600, step,
					      err, errlen);
	}
	if (!rc)
		rc = remove_packed(dir, &text, names, n, step, err, errlen);
	wj_buf_free(&text);
	return rc;
}
