/* The game's lock and the mails it has seen (record.h, docs/record.md). */
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
#include "games.h"
#include "record_internal.h"
#include "test_hooks.h"
#include "text.h"



/* ---- lock ---- */

/* Only the judge's own user may enter a game directory: the log and the
 * lock are not for others (docs/record.md, "Who may read what"). Games
 * made before this was so are closed at their next lock. */
static void close_to_others(const char *dir, int lock_fd)
{
	struct stat st;
	if (stat(dir, &st) == 0 && (st.st_mode & 077))
		chmod(dir, st.st_mode & 0700);
	if (fstat(lock_fd, &st) == 0 && (st.st_mode & 077))
		fchmod(lock_fd, st.st_mode & 0600);
}

enum wj_rec_status wj_record_lock(const char *dir, int wait_seconds, int *fd,
				  char *err, size_t errlen)
{
	char path[PATH_MAX];
	if (wj_rec_join(path, dir, "lock") < 0) {
		wj_why(err, errlen, "path too long: %s", dir);
		return WJ_REC_IO;
	}
	int lfd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (lfd < 0) {
		wj_why(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return errno == ENOENT ? WJ_REC_MISSING : WJ_REC_IO;
	}
	close_to_others(dir, lfd);
	for (int tries = 0; flock(lfd, LOCK_EX | LOCK_NB) < 0; tries++) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			wj_why(err, errlen, "cannot lock %s: %s", path, strerror(errno));
			close(lfd);
			return WJ_REC_IO;
		}
		if (tries >= wait_seconds * 10) {
			wj_why(err, errlen, "the game is busy (another wwjudge holds %s); try again later",
			    path);
			close(lfd);
			return WJ_REC_BUSY;
		}
		nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
	}
	enum wj_rec_status st = wj_rec_recover(dir, err, errlen);
	if (st) {
		close(lfd);
		return st;
	}
	*fd = lfd;
	return WJ_REC_OK;
}

void wj_record_unlock(int fd)
{
	if (fd >= 0)
		close(fd); /* releases the flock */
}

enum wj_rec_status wj_record_open(const char *dir, int wait_seconds, int *fd,
				  struct wj_game *g, char *err, size_t errlen)
{
	*fd = -1;
	enum wj_rec_status st = wj_record_lock(dir, wait_seconds, fd, err, errlen);
	if (st == WJ_REC_OK && (st = wj_record_load(dir, g, err, errlen)) != WJ_REC_OK) {
		wj_record_unlock(*fd);
		*fd = -1;
	}
	return st;
}

/* ---- seen ---- */

/* One line of GAME/seen: valid UTF-8 (text.h), blanks and anything that
 * could end or bend a line as '_'. */
void wj_rec_clean_id(char *out, size_t len, const char *id)
{
	size_t o = 0;
	for (size_t i = 0, n = strlen(id); i < n;) {
		uint32_t cp;
		char u[4];
		i += wj_text_char(id + i, n - i, &cp);
		size_t k = cp == ' ' || !wj_text_plain(cp) ? (u[0] = '_', 1) : wj_text_utf8(cp, u);
		if (o + k >= len)
			break;
		memcpy(out + o, u, k);
		o += k;
	}
	out[o] = '\0';
}


/* The file of seen.d/ that holds a seen line: the first byte of the
 * line's BLAKE2b-256 hash, modulo 64, in hex. A look-up reads that file
 * alone, and a commit appends to it. */
void wj_rec_seen_file(const char *line, char rel[16])
{
	unsigned char h[crypto_generichash_BYTES];
	crypto_generichash(h, sizeof h, (const unsigned char *)line, strlen(line), NULL, 0);
	snprintf(rel, 16, "seen.d/%02x", h[0] % WJ_REC_SEEN_FILES);
}

/* 1: GAME/rel has the line; 0: it has not, or there is no such file;
 * -1: it cannot be read (errno set). */
static int has_line(const char *dir, const char *rel, const char *line)
{
	char *text;
	size_t len, n = strlen(line);
	if (wj_rec_read(dir, rel, &text, &len) < 0)
		return errno == ENOENT ? 0 : -1;
	bool found = false;
	for (const char *p = text, *end = text + len; !found && p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		found = k == n && memcmp(p, line, n) == 0;
		p += k + 1;
	}
	free(text);
	return found;
}

int wj_record_seen_check(const char *dir, const char *message_id, char *err, size_t errlen)
{
	char id[1024], rel[16];
	if (!message_id || !*message_id)
		return 0;
	wj_rec_clean_id(id, sizeof id, message_id);
	wj_rec_seen_file(id, rel);
	/* GAME/seen holds the ids of a game made before seen.d/ */
	int rc = has_line(dir, rel, id);
	if (rc == 0)
		rc = has_line(dir, "seen", id);
	if (rc < 0) {
		int e = errno;
		wj_why(err, errlen, "reading %s/%s: %s; nothing was changed", dir,
		       has_line(dir, rel, id) < 0 ? rel : "seen", strerror(e));
		errno = e;
	}
	return rc;
}

bool wj_record_seen(const char *dir, const char *message_id)
{
	char err[8];
	return wj_record_seen_check(dir, message_id, err, sizeof err) == 1;
}

/* Whether a log entry's text is of orders accepted from a mail: only a
 * password in secret/mail.yaml lets one through. */
static bool came_by_mail(const char *text)
{
	const char *m = strstr(text, "\nmessage_id: \"");
	return m && m[sizeof "\nmessage_id: \"" - 1] != '"' && strstr(text, "\nrejected: false") &&
	       !strstr(text, "\nside: nobody\n"); /* the moderator's password is the config's */
}


/* Whether GAME/rel, a directory, holds a file. */
static bool holds_mail(const char *dir, const char *rel)
{
	char path[PATH_MAX];
	DIR *dp = wj_rec_join(path, dir, rel) < 0 ? NULL : opendir(path);
	struct dirent *de;
	bool found = false;
	while (dp && !found && (de = readdir(dp)))
		found = de->d_name[0] != '.';
	if (dp)
		closedir(dp);
	return found;
}

int wj_record_mail_secrets_expected(const char *dir)
{
	yaml_document_t doc;
	char err[256];
	enum wj_rec_status st = wj_rec_load_game_yaml(dir, &doc, NULL, err, sizeof err);
	if (st)
		return st == WJ_REC_MISSING ? 0 : -1; /* no game: no settings either */
	bool kept = false;
	yaml_node_t *meta = wj_yaml_get(&doc, yaml_document_get_root_node(&doc), "meta");
	yaml_node_t *v = meta ? wj_yaml_get(&doc, meta, "mail_secrets") : NULL;
	if (v && wj_yaml_bool(v, &kept, err, sizeof err) < 0)
		kept = true; /* damaged: better refused than reset */
	yaml_document_delete(&doc);
	if (kept)
		return 1;
	/* a game made before mail_secrets: played by mail (its reports went
	 * through the outbox) and an order of its log came by mail */
	if (!holds_mail(dir, "outbox/cur") && !holds_mail(dir, "outbox/new"))
		return 0;
	int max = 1 << 16, *nums = malloc(sizeof *nums * (size_t)max), n, rc = 0;
	if (!nums || (n = wj_rec_log_numbers(dir, nums, max)) < 0) {
		free(nums);
		return -1;
	}
	for (int i = n - 1; i >= 0 && rc == 0; i--) {
		char *text;
		size_t len;
		if (wj_rec_read_entry(dir, nums[i], &text, &len) < 0) {
			rc = -1;
			break;
		}
		rc = came_by_mail(text);
		free(text);
	}
	free(nums);
	return rc;
}
