/* Where the log's entries are kept, and the one way to read them
 * (record.h, docs/record.md "Packs"): log/NNNNNN.yaml, one file each,
 * until 64 later entries came; then the 64 of a block (entries 1-64,
 * 65-128, ...) go into one pack, log/FIRST-LAST.yaml, so that a long
 * game takes few disk blocks. The newest 64 to 127 entries, those the
 * reports and tokens read, stay files of their own. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pack.h"
#include "record_internal.h"

#define BLOCK 64

static int block_first(int number)
{
	return (number - 1) / BLOCK * BLOCK + 1;
}

static void pack_rel(char *out, size_t len, int first)
{
	snprintf(out, len, "log/%06d-%06d.yaml", first, first + BLOCK - 1);
}

/* The first entry of pack file `name` ("000001-000064.yaml"), or -1 for
 * another name. */
static int pack_first(const char *name)
{
	int first, last, used = 0;
	if (sscanf(name, "%6d-%6d.yaml%n", &first, &last, &used) != 2 || used != 18 ||
	    first < 1 || block_first(first) != first || last != first + BLOCK - 1)
		return -1;
	return first;
}

/* The pack of `number`'s block as log->pack: 0, or -1 with errno. */
static int read_pack(struct wj_record_log *log, int first)
{
	char rel[40];
	if (log->pack && log->first == first)
		return 0;
	wj_record_log_close(log);
	pack_rel(rel, sizeof rel, first);
	if (wj_rec_read(log->dir, rel, &log->pack, &log->len) < 0)
		return -1;
	log->first = first;
	return 0;
}

int wj_record_entry(struct wj_record_log *log, int number, char **text, size_t *len)
{
	char rel[32], name[16];
	snprintf(rel, sizeof rel, "log/%06d.yaml", number);
	if (wj_rec_read(log->dir, rel, text, len) == 0)
		return 0;
	if (errno != ENOENT)
		return -1;
	struct wj_pack_member m;
	snprintf(name, sizeof name, "%06d.yaml", number);
	if (read_pack(log, block_first(number)) < 0)
		return -1;
	int found = wj_pack_find(log->pack, log->len, name, &m);
	if (found != 1) {
		errno = found == 0 ? ENOENT : EIO;
		return -1;
	}
	if (!(*text = malloc(m.len + 1)))
		return -1;
	memcpy(*text, m.at, m.len);
	(*text)[m.len] = '\0';
	*len = m.len;
	return 0;
}

void wj_record_log_close(struct wj_record_log *log)
{
	free(log->pack);
	log->pack = NULL;
	log->len = 0;
	log->first = 0;
}

int wj_rec_read_entry(const char *dir, int number, char **text, size_t *len)
{
	struct wj_record_log log = { .dir = dir };
	int rc = wj_record_entry(&log, number, text, len);
	int e = errno;
	wj_record_log_close(&log);
	errno = e;
	return rc;
}

bool wj_rec_entry_exists(const char *dir, int number)
{
	char *text;
	size_t len;
	if (wj_rec_read_entry(dir, number, &text, &len) < 0)
		return errno != ENOENT;
	free(text);
	return true;
}

static int cmp_int(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* The entries file `name` of log/ holds, into v (room for max - *n). */
static void add_numbers(const char *name, int *v, int *n, int max)
{
	int one = wj_rec_entry_number(name), first = pack_first(name);
	if (one >= 0 && *n < max)
		v[(*n)++] = one;
	for (int k = 0; first > 0 && k < BLOCK && *n < max; k++)
		v[(*n)++] = first + k;
}

int wj_rec_log_numbers(const char *dir, int *v, int max)
{
	char path[PATH_MAX];
	int n = 0;
	struct wj_rec_journal j;
	if (wj_rec_journal_read(dir, &j) == 1)
		for (int i = 0; i < j.n; i++)
			if (!strncmp(j.rel[i], "log/", 4))
				add_numbers(j.rel[i] + 4, v, &n, max);
	if (wj_rec_join(path, dir, "log") < 0)
		return -1;
	DIR *dp = opendir(path);
	if (!dp)
		return -1;
	for (struct dirent *e; (e = readdir(dp)) && n < max;)
		add_numbers(e->d_name, v, &n, max);
	closedir(dp);
	qsort(v, (size_t)n, sizeof *v, cmp_int);
	int u = 0;
	for (int i = 0; i < n; i++)
		if (!u || v[u - 1] != v[i])
			v[u++] = v[i];
	return u;
}

/* After the commit of entry `number`: the newest block that 64 later
 * entries have passed goes into its pack, unless it is there already
 * with no file of its own left. Nothing is lost if this stops anywhere
 * (pack.h); what it cannot do now, a later commit of the block does. */
void wj_rec_log_pack(const char *dir, int number)
{
	if (number < 2 * BLOCK)
		return;
	int first = (number - 2 * BLOCK) / BLOCK * BLOCK + 1;
	char rel[40], path[PATH_MAX], names[BLOCK][16], err[PATH_MAX + 64];
	const char *list[BLOCK];
	struct stat st;
	pack_rel(rel, sizeof rel, first);
	if (wj_rec_join(path, dir, rel) == 0 && stat(path, &st) == 0) {
		snprintf(rel, sizeof rel, "log/%06d.yaml", first + BLOCK - 1);
		if (wj_rec_join(path, dir, rel) < 0 || stat(path, &st) < 0)
			return; /* packed, and its files removed (the last one last) */
	}
	for (int k = 0; k < BLOCK; k++) {
		snprintf(names[k], sizeof names[k], "%06d.yaml", first + k);
		list[k] = names[k];
	}
	pack_rel(rel, sizeof rel, first);
	if (wj_rec_join(path, dir, "log") == 0)
		wj_pack_files(path, rel + 4, list, BLOCK, wj_record_crash_point, err, sizeof err);
}
