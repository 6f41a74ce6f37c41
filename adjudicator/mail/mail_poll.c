/* `wwjudge poll`: the judge's IMAP mailbox (libcurl) into wj_mail_process,
 * then `send`.
 *
 * Messages are taken in UID order, and the state file GAMES/.poll-state
 * keeps the mailbox's UIDVALIDITY and the highest UID done, written after
 * each message: a crash fetches at most that one message again, and
 * wj_mail_process knows it by its Message-ID and "UIDVALIDITY/UID". A
 * message the game cannot take now (EX_TEMPFAIL: locked, disk full)
 * stops the run there, so that a later order is never applied before an
 * earlier one. GAMES/.poll.lock (flock, not waited for) lets one poll run
 * at a time: cron may start one every minute.
 *
 * With `archive = DIR` in the config, each message the judge took (exit 0)
 * is kept in the Maildir DIR, in the order taken, before the state file
 * moves past it, as contrib/postfix/wwjudge-deliver keeps the piped ones:
 * `replay --archive DIR` plays the game again from it, and the mailbox
 * itself may be expunged. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sysexits.h>
#include <unistd.h>
#include "mail_curl.h"
#include "mail_net.h"
#include "test_hooks.h"

#define MAX_PER_POLL 1000   /* messages taken per run; the rest next time */

struct poll_state {
	unsigned long long uidvalidity, uid;
};

struct imap {
	CURL *h;
	const struct wj_mail_config *c;
	char base[256];      /* imap://host:port/ */
	char mailbox[256];   /* INBOX */
	char curl_err[CURL_ERROR_SIZE];
	FILE *log;
};

static size_t write_buf(char *data, size_t size, size_t nmemb, void *arg)
{
	struct wj_buf *b = arg;
	size_t n = size * nmemb;
	/* past the limit, the rest is read and dropped: process refuses the
	 * mail as too large, and the poll goes on. */
	if (wj_buf_add(b, data, n) && !b->over)
		return 0;
	return n;
}

/* imap_url is scheme://host[:port]/MAILBOX; no mailbox means INBOX. */
static int split_url(struct imap *m, const char *url)
{
	const char *host = strstr(url, "://");
	if (!host || (strncasecmp(url, "imap://", 7) && strncasecmp(url, "imaps://", 8)))
		return -1;
	const char *path = strchr(host + 3, '/');
	size_t baselen = path ? (size_t)(path - url) : strlen(url);
	if (baselen + 2 > sizeof m->base)
		return -1;
	memcpy(m->base, url, baselen);
	strcpy(m->base + baselen, "/");
	const char *box = path && path[1] ? path + 1 : "INBOX";
	if (wj_fmt(m->mailbox, sizeof m->mailbox, "%s", box) || strpbrk(m->mailbox, ";/?# \""))
		return -1;
	return 0;
}

/* One IMAP exchange: `url`, optionally a custom command, the untagged
 * response or the message body into `out`. */
static int imap_do(struct imap *m, const char *url, const char *command, struct wj_buf *out)
{
	CURL *h = m->h;
	m->curl_err[0] = '\0';
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, command);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, write_buf);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, out);
	CURLcode rc = curl_easy_perform(h);
	if (rc != CURLE_OK) {
		wj_log_to(m->log, "poll", "%s%s%s: %s%s", url, command ? " " : "", command ? command : "",
			m->curl_err[0] ? m->curl_err : curl_easy_strerror(rc),
			wj_curl_tls_hint(rc));
		return -1;
	}
	return 0;
}

static int imap_open(struct imap *m, const struct wj_mail_config *c, FILE *log)
{
	m->c = c;
	m->log = log;
	if (split_url(m, c->imap_url)) {
		wj_log_to(log, "poll", "%s: imap_url is imap://HOST[:PORT]/MAILBOX or imaps://..., "
			"not '%s'", c->path, c->imap_url);
		return EX_CONFIG;
	}
	if (!(m->h = curl_easy_init()))
		return EX_SOFTWARE;
	CURL *h = m->h;
	curl_easy_setopt(h, CURLOPT_USERNAME, c->imap_user);
	curl_easy_setopt(h, CURLOPT_PASSWORD, c->imap_password);
	wj_curl_tls(h, c->imap_tls, c->tls_ca_file);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, m->curl_err);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 30L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, 300L);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	return EX_OK;
}

/* "* STATUS INBOX (UIDVALIDITY 1795 UIDNEXT 4)" */
static int imap_uidvalidity(struct imap *m, unsigned long long *v)
{
	char cmd[300];
	struct wj_buf r = { .max = 1u << 16 };
	wj_fmt(cmd, sizeof cmd, "STATUS \"%s\" (UIDVALIDITY)", m->mailbox);
	int rc = imap_do(m, m->base, cmd, &r);
	const char *p = r.p ? strcasestr(r.p, "UIDVALIDITY ") : NULL;
	if (rc == 0 && (!p || sscanf(p + 12, "%llu", v) != 1 || !*v)) {
		wj_log_to(m->log, "poll", "%s: no UIDVALIDITY in the answer to %s", m->base, cmd);
		rc = -1;
	}
	wj_buf_free(&r);
	return rc;
}

static int by_value(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
	return (x > y) - (x < y);
}

/* "* SEARCH 3 4 7": the UIDs after `last`, ascending, at most `max`. */
static int imap_search(struct imap *m, unsigned long long uidvalidity, unsigned long long last,
		       unsigned long long *uids, int max, int *n)
{
	char url[600], cmd[64];
	struct wj_buf r = { .max = 1u << 20 };
	wj_fmt(url, sizeof url, "%s%s;UIDVALIDITY=%llu", m->base, m->mailbox, uidvalidity);
	wj_fmt(cmd, sizeof cmd, "UID SEARCH UID %llu:*", last + 1);
	*n = 0;
	if (imap_do(m, url, cmd, &r)) {
		wj_buf_free(&r);
		return -1;
	}
	for (char *line = r.p; line && *line;) {
		char *next = strchr(line, '\n');
		if (!strncasecmp(line, "* SEARCH", 8)) {
			char *p = line + 8, *end;
			for (;;) {
				unsigned long long u = strtoull(p, &end, 10);
				if (end == p)
					break;
				/* "N:*" always names the highest UID, even below N */
				if (u > last && *n < max)
					uids[(*n)++] = u;
				p = end;
			}
		}
		line = next ? next + 1 : NULL;
	}
	wj_buf_free(&r);
	qsort(uids, (size_t)*n, sizeof *uids, by_value);
	return 0;
}

/* "* 3 FETCH (UID 7 RFC822.SIZE 21000000)": the size before the message. */
static int imap_size(struct imap *m, unsigned long long uidvalidity, unsigned long long uid,
		     size_t *size)
{
	char url[600], cmd[96];
	unsigned long long n;
	struct wj_buf r = { .max = 1u << 16 };
	wj_fmt(url, sizeof url, "%s%s;UIDVALIDITY=%llu", m->base, m->mailbox, uidvalidity);
	wj_fmt(cmd, sizeof cmd, "UID FETCH %llu RFC822.SIZE", uid);
	int rc = imap_do(m, url, cmd, &r);
	const char *p = r.p ? strcasestr(r.p, "RFC822.SIZE ") : NULL;
	if (rc == 0 && (!p || sscanf(p + 12, "%llu", &n) != 1)) {
		wj_log_to(m->log, "poll", "%s: no RFC822.SIZE in the answer to %s", url, cmd);
		rc = -1;
	}
	*size = rc ? 0 : (size_t)n;
	wj_buf_free(&r);
	return rc;
}

/* The message, or with `section` "HEADER" its header only. */
static int imap_fetch(struct imap *m, unsigned long long uidvalidity, unsigned long long uid,
		      const char *section, struct wj_buf *msg)
{
	char url[600];
	wj_fmt(url, sizeof url, "%s%s;UIDVALIDITY=%llu/;UID=%llu%s%s", m->base, m->mailbox,
	       uidvalidity, uid, section ? ";SECTION=" : "", section ? section : "");
	return imap_do(m, url, NULL, msg);
}

/* The message into the Maildir archive: ARCHIVE/new/SECONDS.M<usec>P<pid>.HOST
 * (delivery order, as Postfix and wwjudge-deliver name them), written to
 * tmp/, fsynced and renamed. 0, or -1 said on the log. */
static int archive_message(struct imap *m, const struct wj_buf *msg)
{
	static const char *const subs[] = { "", "/tmp", "/new", "/cur" };
	char dir[PATH_MAX], name[300], host[128] = "localhost", path[PATH_MAX], tmp[PATH_MAX];
	char err[PATH_MAX + 128];
	const char *archive = m->c->archive;
	for (size_t i = 0; i < sizeof subs / sizeof *subs; i++) {
		if (wj_fmt(dir, sizeof dir, "%s%s", archive, subs[i]) ||
		    (mkdir(dir, 0700) < 0 && errno != EEXIST)) {
			wj_log_to(m->log, "poll", "archive %s: %s", dir, strerror(errno));
			return -1;
		}
	}
	struct timeval tv;
	gettimeofday(&tv, NULL);
	gethostname(host, sizeof host - 1);
	host[strcspn(host, "/:")] = '\0';
	wj_fmt(name, sizeof name, "%lld.M%06ldP%d.%s", (long long)tv.tv_sec, (long)tv.tv_usec,
	       (int)getpid(), host);
	if (wj_fmt(path, sizeof path, "%s/new/%s", archive, name) ||
	    wj_fmt(tmp, sizeof tmp, "%s/tmp/%s", archive, name) ||
	    wj_durable_write(path, tmp, msg->p ? msg->p : "", msg->len, 0600, NULL, err,
			     sizeof err)) {
		wj_log_to(m->log, "poll", "archive: %s", err);
		return -1;
	}
	return 0;
}

/* Over the size limit only the header is fetched, enough to refuse it
 * (a 21 MB photo is not downloaded to be thrown away). */
static int process_uid(struct imap *m, unsigned long long uidvalidity, unsigned long long uid,
		       const char *id)
{
	size_t size;
	bool large;
	if (imap_size(m, uidvalidity, uid, &size))
		return EX_TEMPFAIL;
	large = size > WJ_MAIL_MAX_BYTES;
	struct wj_buf msg = { .max = large ? 1u << 18 : WJ_MAIL_MAX_BYTES + 1 };
	if (imap_fetch(m, uidvalidity, uid, large ? "HEADER" : NULL, &msg)) {
		wj_buf_free(&msg);
		return EX_TEMPFAIL;
	}
	int rc = large ? wj_mail_process_large(m->c, msg.p ? msg.p : "", msg.len, size, id)
		       : wj_mail_process(m->c, msg.p ? msg.p : "", msg.len, id);
	/* kept before the state file moves on: a crash fetches it again, and
	 * the judge knows it (a duplicate in the archive replays as one) */
	if (rc == EX_OK && m->c->archive[0] && archive_message(m, &msg))
		rc = EX_TEMPFAIL;
	wj_buf_free(&msg);
	return rc;
}

static int imap_mark_seen(struct imap *m, unsigned long long uidvalidity, unsigned long long uid)
{
	char url[600], cmd[96];
	struct wj_buf r = { .max = 1u << 16 };
	wj_fmt(url, sizeof url, "%s%s;UIDVALIDITY=%llu", m->base, m->mailbox, uidvalidity);
	wj_fmt(cmd, sizeof cmd, "UID STORE %llu +FLAGS.SILENT (\\Seen)", uid);
	int rc = imap_do(m, url, cmd, &r);
	wj_buf_free(&r);
	return rc;
}

/* Test hook (tests/e2e/crash_poll.sh, core/test_hooks.h): WW_CRASH_POLL=N
 * dies at the N-th step of this run (WW_CRASH_AT and WW_CRASH_SEND count
 * the commit's and the send's steps). Each message has four: it is
 * processed (and committed), the new state file is written, it is renamed
 * into place, and the message is marked seen. */
static void crash_point(void)
{
	static int step;
	wj_test_crash("WW_CRASH_POLL", &step);
}

/* ---- GAMES/.poll-state ---- */

static int read_state(const char *games, struct poll_state *s, FILE *log)
{
	char path[PATH_MAX], line[128];
	*s = (struct poll_state){ 0 };
	if (wj_fmt(path, sizeof path, "%s/.poll-state", games))
		return -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? 0 : -1;
	int rc = 0;
	if (!fgets(line, sizeof line, f) ||
	    sscanf(line, "uidvalidity %llu uid %llu", &s->uidvalidity, &s->uid) != 2) {
		wj_log_to(log, "poll", "%s:1: expected 'uidvalidity N uid N'; starting again from "
			"the first message (processed ones are known by their Message-ID)", path);
		*s = (struct poll_state){ 0 };
	}
	fclose(f);
	return rc;
}

/* One poll at a time (GAMES/.poll.lock), so one name for the new file:
 * one left by a poll killed before the rename is overwritten, not left. */
static int write_state(const char *games, const struct poll_state *s, FILE *log)
{
	char path[PATH_MAX], tmp[PATH_MAX], text[64], err[PATH_MAX + 128];
	if (wj_fmt(path, sizeof path, "%s/.poll-state", games) ||
	    wj_fmt(tmp, sizeof tmp, "%s/.poll-state.new", games))
		return -1;
	wj_fmt(text, sizeof text, "uidvalidity %llu uid %llu\n", s->uidvalidity, s->uid);
	if (wj_durable_write(path, tmp, text, strlen(text), 0600, crash_point, err, sizeof err)) {
		wj_log_to(log, "poll", "%s", err);
		return -1;
	}
	return 0;
}

/* Non-blocking: a poll already running does the work. */
static int lock_poll(const char *games, int *fd, FILE *log)
{
	char path[PATH_MAX];
	if (wj_fmt(path, sizeof path, "%s/.poll.lock", games))
		return EX_SOFTWARE;
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (*fd < 0) {
		wj_log_to(log, "poll", "cannot open %s: %s", path, strerror(errno));
		return errno == ENOENT ? EX_NOINPUT : EX_IOERR;
	}
	if (flock(*fd, LOCK_EX | LOCK_NB) < 0) {
		wj_log_to(log, "poll", "another poll is running (%s is locked); nothing to do", path);
		close(*fd);
		*fd = -1;
		return EX_OK;
	}
	return EX_OK;
}

/* One message: fetch, process, remember, mark. EX_TEMPFAIL stops the run. */
static int poll_one(struct imap *m, const char *games, struct poll_state *s,
		    unsigned long long uid)
{
	char id[64];
	wj_fmt(id, sizeof id, "%llu/%llu", s->uidvalidity, uid);
	int rc = process_uid(m, s->uidvalidity, uid, id);
	if (rc == EX_TEMPFAIL) {
		wj_log_to(m->log, "poll", "message %s: the game cannot take it now; "
			"it and the messages after it wait for the next poll", id);
		return EX_TEMPFAIL;
	}
	crash_point(); /* committed; the state file still names the message before */
	if (rc == EX_OK)
		wj_info("poll", "message %s: processed", id);
	else
		wj_log_to(m->log, "poll", "message %s: not processed (exit %d; see the lines above)",
			id, rc);
	s->uid = uid;
	if (write_state(games, s, m->log))
		return EX_IOERR;
	crash_point();
	imap_mark_seen(m, s->uidvalidity, uid); /* a courtesy: the state file decides */
	crash_point();
	return EX_OK;
}

static int poll_mailbox(const struct wj_mail_config *c, const char *games, FILE *log)
{
	struct imap m = { 0 };
	struct poll_state s;
	unsigned long long v, *uids = NULL;
	int n = 0, rc = imap_open(&m, c, log);
	if (rc)
		return rc;
	if (read_state(games, &s, log) || imap_uidvalidity(&m, &v)) {
		rc = EX_TEMPFAIL;
		goto out;
	}
	if (v != s.uidvalidity) {
		if (s.uidvalidity)
			wj_log_to(log, "poll", "%s%s: UIDVALIDITY changed from %llu to %llu; reading "
				"every message again (processed ones are known by their Message-ID)",
				m.base, m.mailbox, s.uidvalidity, v);
		s = (struct poll_state){ .uidvalidity = v };
	}
	uids = calloc(MAX_PER_POLL, sizeof *uids);
	if (!uids || imap_search(&m, v, s.uid, uids, MAX_PER_POLL, &n)) {
		rc = uids ? EX_TEMPFAIL : EX_OSERR;
		goto out;
	}
	for (int i = 0; i < n && rc == EX_OK; i++)
		rc = poll_one(&m, games, &s, uids[i]);
out:
	free(uids);
	curl_easy_cleanup(m.h);
	return rc;
}

int wj_mail_poll(const struct wj_mail_config *c, FILE *log)
{
	int fd, rc = lock_poll(c->games, &fd, log);
	if (rc || fd < 0)
		return rc;
	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		wj_log_to(log, "poll", "libcurl cannot start");
		close(fd);
		return EX_SOFTWARE;
	}
	rc = poll_mailbox(c, c->games, log);
	int sent = wj_mail_send_all(c, c->games, log);
	curl_global_cleanup();
	close(fd);
	return rc != EX_OK ? rc : sent;
}
