/* `wwjudge send`: every mail in GAME/outbox/new goes out over SMTP
 * (libcurl) and moves to GAME/outbox/cur.
 *
 * The commit put the mails in outbox/new, so a crash between the commit
 * and the send only delays them: the next run sends them and nothing is
 * adjudicated again. Once the server took a mail, outbox/cur keeps its
 * record (its digest and header, mail_net.h) and the mail goes; a crash
 * between those two sends it once more (same Message-ID).
 * One sender per game at a time: GAME/outbox/lock is held (flock) while
 * a game's outbox is sent, and the directory is listed after taking it,
 * so a second sender finds only what the first has not sent. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include "buf.h"
#include "durable.h"
#include "mail_curl.h"
#include "mail_net.h"
#include "test_hooks.h"
#include "record.h"

/* In the wwjudge binary this file and mail_poll.c are the network
 * plugin (cli/plugin.h). */
const unsigned long wj_net_abi = WJ_NET_ABI;

#define SEND_LOCK_WAIT 60   /* seconds to wait for another sender of the game */
#define MAX_OUTBOX 4096     /* mails sent per game per run */

/* SMTP wants CRLF line ends (RFC 5321 2.3.8); libcurl does the dot-stuffing. */
static int to_crlf(const struct wj_buf *in, struct wj_buf *out)
{
	for (size_t i = 0; i < in->len; i++) {
		if (in->p[i] == '\n' && (i == 0 || in->p[i - 1] != '\r')) {
			if (wj_buf_add(out, "\r\n", 2))
				return -1;
		} else if (wj_buf_add(out, in->p + i, 1)) {
			return -1;
		}
	}
	if (out->len < 2 || memcmp(out->p + out->len - 2, "\r\n", 2))
		return wj_buf_add(out, "\r\n", 2);
	return 0;
}

struct upload {
	const char *p;
	size_t len, off;
};

static size_t read_upload(char *dst, size_t size, size_t nmemb, void *arg)
{
	struct upload *u = arg;
	size_t n = size * nmemb;
	if (n > u->len - u->off)
		n = u->len - u->off;
	memcpy(dst, u->p + u->off, n);
	u->off += n;
	return n;
}

void wj_curl_tls(CURL *h, int tls, const char *ca_file)
{
	if (tls >= 2)
		curl_easy_setopt(h, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	else if (tls == 1)
		curl_easy_setopt(h, CURLOPT_USE_SSL, (long)CURLUSESSL_TRY);
	if (ca_file[0])
		curl_easy_setopt(h, CURLOPT_CAINFO, ca_file);
}

const char *wj_curl_tls_hint(CURLcode rc)
{
	return rc == CURLE_PEER_FAILED_VERIFICATION
		? " (the server's certificate was not trusted: tls_ca_file names the CA it "
		  "must chain to, and the name in the URL must be one it was issued for)" : "";
}

/* A 5xx reply (RFC 5321 4.2.1) refuses this mail for good; a refused
 * login is the config's, and no mail's fault. */
static bool refused_for_good(CURL *h, CURLcode rc)
{
	long code = 0;
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	return rc != CURLE_LOGIN_DENIED && code >= 500 && code <= 599;
}

/* Sends one message to the recipients of its To and Cc: 0; -1 to be
 * tried again (4xx, no connection); 1 it can never be sent as it is (no
 * usable recipient, a 5xx reply). */
static int smtp_send(CURL *h, const struct wj_mail_config *c, const struct wj_buf *msg,
		     char *err, size_t errlen)
{
	char rcpts[WJ_RCPT_MAX], from[WJ_ADDR_MAX + 2], one[WJ_ADDR_MAX + 2];
	if (wj_mail_recipients(msg->p, msg->len, rcpts, sizeof rcpts)) {
		wj_why(err, errlen, "no usable To or Cc address");
		return 1;
	}
	struct wj_buf crlf = { .max = WJ_OUT_MAX_BYTES + (WJ_OUT_MAX_BYTES >> 4) };
	if (to_crlf(msg, &crlf)) {
		wj_buf_free(&crlf);
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	struct curl_slist *rcpt = NULL;
	for (char *save = NULL, *a = strtok_r(rcpts, ",", &save); a; a = strtok_r(NULL, ",", &save)) {
		snprintf(one, sizeof one, "<%s>", a);
		struct curl_slist *s = curl_slist_append(rcpt, one);
		if (s)
			rcpt = s;
	}
	char curl_err[CURL_ERROR_SIZE] = "";
	struct upload up = { crlf.p, crlf.len, 0 };
	snprintf(from, sizeof from, "<%s>", c->judge);
	curl_easy_setopt(h, CURLOPT_URL, c->smtp_url);
	wj_curl_tls(h, c->smtp_tls, c->tls_ca_file);
	if (c->smtp_user[0]) {
		curl_easy_setopt(h, CURLOPT_USERNAME, c->smtp_user);
		curl_easy_setopt(h, CURLOPT_PASSWORD, c->smtp_password);
	}
	curl_easy_setopt(h, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt);
	curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(h, CURLOPT_READFUNCTION, read_upload);
	curl_easy_setopt(h, CURLOPT_READDATA, &up);
	curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, (curl_off_t)crlf.len);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, curl_err);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 30L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, 300L);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	CURLcode rc = curl_easy_perform(h);
	curl_easy_setopt(h, CURLOPT_MAIL_RCPT, NULL);
	curl_slist_free_all(rcpt);
	wj_buf_free(&crlf);
	if (rc != CURLE_OK) {
		long code = 0;
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
		wj_why(err, errlen, "%s: %s%s%s%.0ld", c->smtp_url,
			 curl_err[0] ? curl_err : curl_easy_strerror(rc), wj_curl_tls_hint(rc),
			 code ? ", the server said " : "", code);
		return refused_for_good(h, rc) ? 1 : -1;
	}
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in DIR that are Maildir messages, sorted (the commit order). */
static int list_outbox(const char *dir, char ***names, int *n)
{
	DIR *dp = opendir(dir);
	*names = NULL;
	*n = 0;
	if (!dp)
		return errno == ENOENT ? 0 : -1;
	struct dirent *e;
	while ((e = readdir(dp)) && *n < MAX_OUTBOX) {
		if (e->d_name[0] == '.')
			continue;
		char **v = realloc(*names, (size_t)(*n + 1) * sizeof *v);
		if (!v || !(v[*n] = strdup(e->d_name))) {
			*names = v ? v : *names;
			break;
		}
		*names = v;
		(*n)++;
	}
	closedir(dp);
	if (*n)
		qsort(*names, (size_t)*n, sizeof **names, by_name);
	return 0;
}

static void free_names(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* Test hook (tests/test_mail_send.c, core/test_hooks.h): WW_CRASH_SEND=N
 * dies at the N-th step of this run. Each mail has two: the server has
 * taken it, and it has moved to outbox/cur. */
static void crash_point(void)
{
	static int step;
	wj_test_crash("WW_CRASH_SEND", &step);
}

/* A mail that can never be sent as it is moves to outbox/held, with
 * NAME.why saying why, so that the mails after it still go; the
 * moderator corrects it and moves it back to outbox/new. */
static int set_aside(const char *game, const char *name, const char *src, const char *why,
		     FILE *log)
{
	char dir[PATH_MAX], dst[PATH_MAX], reason[PATH_MAX], text[1100], err[600] = "";
	if (wj_path_join(dir, game, "outbox/held") ||
	    wj_fmt(dst, sizeof dst, "%s/%.200s", dir, name) ||
	    wj_fmt(reason, sizeof reason, "%s.why", dst))
		return EX_SOFTWARE;
	wj_fmt(text, sizeof text, "%s\n", why);
	bool ok = (mkdir(dir, 0700) == 0 || errno == EEXIST) &&
		  !wj_durable_write(reason, NULL, text, strlen(text), 0600, NULL, err, sizeof err);
	if (!ok || rename(src, dst) < 0) {
		wj_log_to(log, "send", "%s: cannot be sent (%s), and cannot be set aside in %s: %s; "
			"it stays, and the mails after it wait", src, why, dir,
			err[0] ? err : strerror(errno));
		return EX_TEMPFAIL;
	}
	wj_fsync_dir(dir);
	wj_log_to(log, "send", "%s: cannot be sent as it is, set aside in %s (reason in %s): %s",
		src, dir, reason, why);
	return EX_OK;
}

/* Sends one file of outbox/new; outbox/cur keeps its record. */
static int send_one(CURL *h, const struct wj_mail_config *c, const char *game,
		    const char *name, FILE *log)
{
	char src[PATH_MAX], rel[PATH_MAX], err[1024] = "";
	snprintf(rel, sizeof rel, "outbox/new/%.200s", name);
	if (wj_path_join(src, game, rel))
		return EX_SOFTWARE;
	struct wj_buf msg = { .max = WJ_OUT_MAX_BYTES };
	int rc = wj_read_file(src, &msg, err, sizeof err);
	if (rc == 0)
		rc = smtp_send(h, c, &msg, err, sizeof err);
	wj_buf_free(&msg);
	if (rc > 0)
		return set_aside(game, name, src, err, log);
	if (rc) {
		wj_log_to(log, "send", "%s: not sent, left for the next run: %s", src, err);
		return EX_TEMPFAIL;
	}
	crash_point();
	if (wj_outbox_sent(game, name, err, sizeof err)) {
		wj_log_to(log, "send", "%s was sent but cannot be recorded in outbox/cur: %s "
			"(it will be sent again)", src, err);
		return EX_IOERR;
	}
	crash_point();
	wj_info("send", "%s: sent", src);
	return EX_OK;
}

static int lock_outbox(const char *game, int *fd, FILE *log)
{
	char path[PATH_MAX];
	if (wj_path_join(path, game, "outbox/lock"))
		return EX_SOFTWARE;
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (*fd < 0) {
		wj_log_to(log, "send", "cannot open %s: %s", path, strerror(errno));
		return errno == ENOENT ? EX_NOINPUT : EX_IOERR;
	}
	for (int tries = 0; flock(*fd, LOCK_EX | LOCK_NB) < 0; tries++) {
		if ((errno != EWOULDBLOCK && errno != EINTR) || tries >= SEND_LOCK_WAIT * 10) {
			wj_log_to(log, "send", "%s: another wwjudge send holds %s; try again later",
				game, path);
			close(*fd);
			return EX_TEMPFAIL;
		}
		nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
	}
	return EX_OK;
}

/* A commit that crashed after its commit point is finished by whoever
 * takes the game's lock next; do it now so its mails go out with this run.
 * A busy game is being committed by someone who will finish it. */
static void finish_commit(const char *game)
{
	char err[512];
	int fd;
	if (wj_record_lock(game, 0, &fd, err, sizeof err) == WJ_REC_OK)
		wj_record_unlock(fd);
}

/* Whether GAME has mail to send: a look into outbox/new, after finishing
 * a commit a crash left (its mails may still be staged). Nothing else is
 * done for a game with nothing to send. */
static bool has_mail(const char *game)
{
	char path[PATH_MAX];
	if (wj_path_join(path, game, "journal") == 0 && access(path, F_OK) == 0)
		finish_commit(game);
	DIR *dp = wj_path_join(path, game, "outbox/new") ? NULL : opendir(path);
	if (!dp)
		return false;
	bool any = false;
	for (struct dirent *e; !any && (e = readdir(dp));)
		any = e->d_name[0] != '.';
	closedir(dp);
	return any;
}

static int send_game(const struct wj_mail_config *c, const char *game, FILE *log)
{
	char newdir[PATH_MAX];
	char **names;
	int n, fd, rc;
	if (wj_path_join(newdir, game, "outbox/new"))
		return EX_SOFTWARE;
	if (!has_mail(game))
		return EX_OK;
	if ((rc = lock_outbox(game, &fd, log)))
		return rc;
	if (list_outbox(newdir, &names, &n)) {
		wj_log_to(log, "send", "cannot read %s: %s", newdir, strerror(errno));
		close(fd);
		return EX_IOERR;
	}
	CURL *h = n ? curl_easy_init() : NULL;
	if (n && !h)
		rc = EX_SOFTWARE;
	/* In order, stopping at the first failure that may pass: a player
	 * reads the reports in the order of the moves. One that never will is
	 * set aside (set_aside), and the rest go. */
	for (int i = 0; i < n && rc == EX_OK; i++)
		rc = send_one(h, c, game, names[i], log);
	if (h)
		curl_easy_cleanup(h);
	free_names(names, n);
	close(fd);
	return rc;
}

/* Every game of the directory (not only the first MAX_OUTBOX names). */
static int send_all(const struct wj_mail_config *c, const char *games, FILE *log)
{
	int worst = EX_OK;
	DIR *dp = opendir(games);
	if (!dp) {
		wj_log_to(log, "send", "cannot read the games directory %s: %s", games,
			strerror(errno));
		return EX_NOINPUT;
	}
	for (struct dirent *e; (e = readdir(dp));) {
		char game[PATH_MAX];
		if (e->d_name[0] == '.' || wj_path_join(game, games, e->d_name))
			continue;
		int rc = send_game(c, game, log);
		if (rc != EX_OK && (worst == EX_OK || rc == EX_TEMPFAIL))
			worst = rc;
	}
	closedir(dp);
	return worst;
}

/* libcurl counts its starts and stops, so these nest (poll sends). */
int wj_mail_send_game(const struct wj_mail_config *c, const char *game, FILE *log)
{
	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		wj_log_to(log, "send", "libcurl cannot start");
		return EX_SOFTWARE;
	}
	int rc = send_game(c, game, log);
	curl_global_cleanup();
	return rc;
}

int wj_mail_send_all(const struct wj_mail_config *c, const char *games, FILE *log)
{
	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		wj_log_to(log, "send", "libcurl cannot start");
		return EX_SOFTWARE;
	}
	int rc = send_all(c, games, log);
	curl_global_cleanup();
	return rc;
}
