/* A commit's files (record.h, docs/record.md).
 *
 * A commit stages every new file in GAME/.txn/ (fsynced), writes the list
 * of moves GAME/.txn/journal, and renames it to GAME/journal: that rename
 * is the one commit point. The staged files are then renamed into place and
 * the journal removed. Readers (load, verify, seen) read through a
 * committed journal, so they see the new game even before it is finished;
 * whoever next takes the lock finishes it (or discards a .txn/ without a
 * journal, which never committed). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "buf.h"
#include "durable.h"
#include "games.h"
#include "record_internal.h"
#include "test_hooks.h"
#include "text.h"

#define FILE_LIMIT (32 * 1024 * 1024) /* what the record read before wj_file_text */
#define JOURNAL_MAGIC "wwjudge journal 1"

/* ---- durable writes ---- */

enum wj_rec_status wj_rec_io_fail(char *err, size_t errlen, const char *what,
				  const char *path)
{
	/* a reader changes nothing, so says nothing of it (verify, show) */
	wj_why(err, errlen, "%s %s: %s%s", what, path, strerror(errno),
	       strcmp(what, "reading") ? "; nothing was changed" : "");
	return WJ_REC_IO;
}

enum wj_rec_status wj_rec_write_new(const char *path, const char *text, size_t len,
				    mode_t mode, char *err, size_t errlen)
{
	wj_record_crash_point();
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	if (fd < 0)
		return wj_rec_io_fail(err, errlen, "creating", path);
	wj_record_crash_point();
	if (wj_write_all(fd, text, len) < 0) {
		int e = errno;
		close(fd);
		unlink(path);
		errno = e;
		return wj_rec_io_fail(err, errlen, "writing", path);
	}
	wj_record_crash_point();
	if (fsync(fd) < 0 || close(fd) < 0) {
		int e = errno;
		unlink(path);
		errno = e;
		return wj_rec_io_fail(err, errlen, "writing", path);
	}
	return WJ_REC_OK;
}

enum wj_rec_status wj_rec_sync_dir(const char *path, char *err, size_t errlen)
{
	wj_record_crash_point();
	return wj_fsync_dir(path) < 0 ? wj_rec_io_fail(err, errlen, "syncing", path) : WJ_REC_OK;
}

enum wj_rec_status wj_rec_make_dir(const char *path, mode_t mode, char *err, size_t errlen)
{
	wj_record_crash_point();
	if (mkdir(path, mode) < 0)
		return wj_rec_io_fail(err, errlen, "creating", path);
	chmod(path, mode); /* mkdir's mode is filtered by the umask */
	return WJ_REC_OK;
}

/* ---- the journal ---- */

/* A line "INDEX PATH" moves .txn/INDEX to PATH; "INDEX PATH +LEN" cuts
 * PATH back to LEN bytes and appends .txn/INDEX to it (a file that only
 * grows, written in place: doing it twice gives the same file). */
static int journal_parse(const char *text, struct wj_rec_journal *j)
{
	memset(j, 0, sizeof *j);
	const char *p = text;
	if (strncmp(p, JOURNAL_MAGIC "\n", sizeof JOURNAL_MAGIC) != 0)
		return -1;
	p += sizeof JOURNAL_MAGIC;
	while (*p) {
		int i, used;
		char rel[64];
		if (sscanf(p, "%d %63s%n", &i, rel, &used) != 2 || i != j->n || j->n == WJ_REC_TXN_FILES)
			return -1;
		j->append[j->n] = -1;
		p += used;
		if (sscanf(p, " +%lld%n", &j->append[j->n], &used) == 1)
			p += used;
		snprintf(j->rel[j->n++], sizeof j->rel[0], "%s", rel);
		if (*p++ != '\n')
			return -1;
	}
	return 0;
}

/* The committed journal, if any: 1 if there is one, 0 if none, -1 if it
 * cannot be read. */
int wj_rec_journal_read(const char *dir, struct wj_rec_journal *j)
{
	char path[PATH_MAX], *text;
	size_t len;
	if (wj_rec_join(path, dir, "journal") < 0)
		return -1;
	if (wj_file_alloc(path, FILE_LIMIT, &text, &len) < 0)
		return errno == ENOENT ? 0 : -1;
	int rc = journal_parse(text, j) < 0 ? -1 : 1;
	free(text);
	if (rc < 0)
		errno = EBADMSG; /* malformed, as opposed to unreadable */
	return rc;
}

/* A file that a committed journal appends to: its first `keep` bytes (the
 * file as it was) and the staged text after them. */
static int read_appended(const char *path, long long keep, char *staged, size_t slen,
			 char **text, size_t *len)
{
	char *old = NULL;
	size_t olen = 0;
	if (wj_file_alloc(path, FILE_LIMIT, &old, &olen) < 0 && !(errno == ENOENT && keep == 0))
		return -1;
	char *all = (size_t)keep <= olen ? malloc((size_t)keep + slen + 1) : NULL;
	if (all) {
		if (keep)
			memcpy(all, old, (size_t)keep);
		memcpy(all + keep, staged, slen + 1);
	}
	free(old);
	if (!all) {
		errno = (size_t)keep <= olen ? ENOMEM : EIO;
		return -1;
	}
	*text = all;
	*len = (size_t)keep + slen;
	return 0;
}

/* Reads GAME/rel as the game now stands: a committed but unfinished
 * journal's staged copy wins. */
int wj_rec_read(const char *dir, const char *rel, char **text, size_t *len)
{
	char path[PATH_MAX];
	struct wj_rec_journal j;
	int jr = wj_rec_journal_read(dir, &j);
	if (jr < 0)
		return -1; /* the files as they stand may be half a commit */
	if (jr == 1) {
		for (int i = 0; i < j.n; i++) {
			if (strcmp(j.rel[i], rel) != 0)
				continue;
			char staged[32];
			snprintf(staged, sizeof staged, ".txn/%d", i);
			if (wj_rec_join(path, dir, staged) == 0 && wj_file_alloc(path, FILE_LIMIT, text, len) == 0) {
				if (j.append[i] < 0)
					return 0;
				char *s = *text;
				int rc = wj_rec_join(path, dir, rel) < 0 ? -1 :
					read_appended(path, j.append[i], s, *len, text, len);
				free(s);
				return rc;
			}
			if (errno != ENOENT)
				return -1;
		}
	}
	if (wj_rec_join(path, dir, rel) < 0) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return wj_file_alloc(path, FILE_LIMIT, text, len);
}


static void remove_txn_dir(const char *dir)
{
	char path[PATH_MAX];
	if (wj_rec_join(path, dir, ".txn") < 0)
		return;
	DIR *dp = opendir(path);
	if (!dp)
		return;
	struct dirent *e;
	while ((e = readdir(dp))) {
		char f[PATH_MAX];
		if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		if (snprintf(f, sizeof f, "%s/%s", path, e->d_name) < (int)sizeof f)
			unlink(f);
	}
	closedir(dp);
	rmdir(path);
}

/* An "append" line of the journal: `to` cut back to `keep` bytes, the
 * staged text written after them, fsynced. The staged file stays until
 * .txn/ goes, so a crash anywhere here is finished by doing it again. */
static int append_staged(const char *from, const char *to, long long keep)
{
	char *text;
	size_t len;
	if (wj_file_alloc(from, FILE_LIMIT, &text, &len) < 0)
		return errno == ENOENT ? 0 : -1;
	wj_record_crash_point();
	int fd = open(to, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	int rc = fd < 0 || ftruncate(fd, (off_t)keep) < 0 ||
		 lseek(fd, (off_t)keep, SEEK_SET) < 0 || wj_write_all(fd, text, len) < 0 ? -1 : 0;
	wj_record_crash_point();
	if (!rc && fsync(fd) < 0)
		rc = -1;
	int e = errno;
	if (fd >= 0)
		close(fd);
	free(text);
	errno = e;
	return rc;
}

/* Moves a committed journal's files into place; idempotent. */
static enum wj_rec_status roll_forward(const char *dir, const struct wj_rec_journal *j,
				       char *err, size_t errlen)
{
	char from[PATH_MAX], to[PATH_MAX], staged[32];
	enum wj_rec_status st;
	for (int i = 0; i < j->n; i++) {
		snprintf(staged, sizeof staged, ".txn/%d", i);
		if (wj_rec_join(from, dir, staged) < 0 || wj_rec_join(to, dir, j->rel[i]) < 0)
			return WJ_REC_IO;
		if (j->append[i] >= 0 ? append_staged(from, to, j->append[i]) < 0 :
		    (wj_record_crash_point(), rename(from, to) < 0 && errno != ENOENT)) {
			wj_why(err, errlen, "moving %s to %s: %s (the commit is made; the next "
			    "lock finishes it)", from, to, strerror(errno));
			return WJ_REC_IO;
		}
	}
	/* the game's directory, and each one a file of the journal went into */
	static const char *const dirs[] = { "", "log/", "secret/", "outbox/new/", "seen.d/" };
	for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++) {
		bool used = d == 0;
		for (int i = 0; i < j->n && !used; i++)
			used = strncmp(j->rel[i], dirs[d], strlen(dirs[d])) == 0;
		if (!used)
			continue;
		snprintf(to, sizeof to, "%s/%s", dir, dirs[d]);
		if ((st = wj_rec_sync_dir(to, err, errlen)))
			return st;
	}
	if (wj_rec_join(to, dir, "journal") < 0)
		return WJ_REC_IO;
	wj_record_crash_point();
	if (unlink(to) < 0 && errno != ENOENT)
		return wj_rec_io_fail(err, errlen, "removing", to);
	if ((st = wj_rec_sync_dir(dir, err, errlen)))
		return st;
	remove_txn_dir(dir);
	return WJ_REC_OK;
}

/* Finishes a committed journal, discards an uncommitted .txn/. Only with
 * the lock held. */
enum wj_rec_status wj_rec_recover(const char *dir, char *err, size_t errlen)
{
	struct wj_rec_journal j;
	int rc = wj_rec_journal_read(dir, &j);
	if (rc < 0 && errno == EBADMSG) {
		wj_why(err, errlen, "%s/journal: malformed", dir);
		return WJ_REC_CORRUPT;
	}
	if (rc < 0) {
		char path[PATH_MAX];
		wj_fmt(path, sizeof path, "%s/journal", dir);
		return wj_rec_io_fail(err, errlen, "reading", path);
	}
	if (rc == 1)
		return roll_forward(dir, &j, err, errlen);
	remove_txn_dir(dir);
	return WJ_REC_OK;
}

/* ---- a transaction: the files one commit writes ---- */

void wj_rec_txn_free(struct wj_rec_txn *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->f[i].text);
	t->n = 0;
}

/* Adds the text written so far to stream `m` (from open_memstream). */
int wj_rec_txn_add(struct wj_rec_txn *t, const char *rel, FILE *m, char **text, size_t *len,
		   mode_t mode)
{
	if (fclose(m) != 0 || t->n == WJ_REC_TXN_FILES) {
		free(*text);
		return -1;
	}
	snprintf(t->f[t->n].rel, sizeof t->f[0].rel, "%s", rel);
	t->f[t->n].text = *text;
	t->f[t->n].len = *len;
	t->f[t->n].mode = mode;
	t->f[t->n].append = -1;
	t->n++;
	return 0;
}

enum wj_rec_status wj_rec_txn_commit(const char *dir, struct wj_rec_txn *t, char *err, size_t errlen)
{
	char txn[PATH_MAX], path[PATH_MAX], staged[32], journal[96 * (WJ_REC_TXN_FILES + 1) + 32];
	enum wj_rec_status st;
	size_t jn = (size_t)snprintf(journal, sizeof journal, JOURNAL_MAGIC "\n");

	if (wj_rec_join(txn, dir, ".txn") < 0)
		return WJ_REC_IO;
	if ((st = wj_rec_make_dir(txn, 0700, err, errlen)))
		return st;
	for (int i = 0; i < t->n; i++) {
		snprintf(staged, sizeof staged, ".txn/%d", i);
		if (wj_rec_join(path, dir, staged) < 0)
			goto fail;
		if ((st = wj_rec_write_new(path, t->f[i].text, t->f[i].len, t->f[i].mode, err, errlen)))
			goto fail;
		jn += (size_t)snprintf(journal + jn, sizeof journal - jn, "%d %s", i, t->f[i].rel);
		if (t->f[i].append >= 0)
			jn += (size_t)snprintf(journal + jn, sizeof journal - jn, " +%lld",
					       t->f[i].append);
		jn += (size_t)snprintf(journal + jn, sizeof journal - jn, "\n");
	}
	if (wj_rec_join(path, dir, ".txn/journal") < 0)
		goto fail;
	if ((st = wj_rec_write_new(path, journal, jn, 0600, err, errlen)) ||
	    (st = wj_rec_sync_dir(txn, err, errlen)))
		goto fail;
	char final[PATH_MAX];
	if (wj_rec_join(final, dir, "journal") < 0)
		goto fail;
	wj_record_crash_point();
	if (rename(path, final) < 0) { /* the commit point */
		st = wj_rec_io_fail(err, errlen, "committing", final);
		goto fail;
	}
	struct wj_rec_journal j;
	if (journal_parse(journal, &j) < 0)
		return WJ_REC_IO;
	/* Past the commit point the game is the new one whatever happens;
	 * an error below leaves the rest to the next lock. */
	if (roll_forward(dir, &j, err, errlen) != WJ_REC_OK)
		wj_log(NULL, "%s", err);
	return WJ_REC_OK;
fail:
	remove_txn_dir(dir);
	return st ? st : WJ_REC_IO;
}
