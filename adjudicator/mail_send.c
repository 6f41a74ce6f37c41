/* `wwjudge send`: every mail in GAME/outbox/new goes out over SMTP
 * (libcurl) and moves to GAME/outbox/cur.
 *
 * The commit put the mails in outbox/new, so a crash between the commit
 * and the send only delays them: the next run sends them and nothing is
 * adjudicated again. A mail is moved to cur/ only after the server took
 * it; a crash between those two sends it once more (same Message-ID).
 * One sender per game at a time: GAME/outbox/lock is held (flock) while
 * a game's outbox is sent, and the directory is listed after taking it,
 * so a second sender finds only what the first has not sent. */
#include <ctype.h>
#include <curl/curl.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include "mail_net.h"
#include "record.h"

#define SEND_LOCK_WAIT 60   /* seconds to wait for another sender of the game */
#define MAX_OUTBOX 4096     /* mails sent per game per run */
#define RCPT_MAX 4096

int ww_fmt(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(out, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void ww_game_name(const char *game, char *out, size_t len)
{
	size_t end = strlen(game), start;
	while (end > 1 && game[end - 1] == '/')
		end--;
	for (start = end; start > 0 && game[start - 1] != '/'; start--)
		;
	ww_fmt(out, len, "%.*s", (int)(end - start), game + start);
}

int ww_buf_add(struct ww_buf *b, const void *data, size_t n)
{
	if (b->len + n > b->max) {
		b->over = 1;
		n = b->max > b->len ? b->max - b->len : 0;
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p)
			return -1;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = '\0';
	return b->over ? -1 : 0;
}

void ww_buf_free(struct ww_buf *b)
{
	free(b->p);
	*b = (struct ww_buf){ 0 };
}

/* ---- the recipients, from To and Cc ---- */

/* The header block, unfolded, one field a line, LF-terminated. */
static int unfold_headers(const char *msg, size_t len, struct ww_buf *h)
{
	for (size_t i = 0; i < len; i++) {
		char ch = msg[i];
		if (ch == '\r')
			continue;
		if (ch == '\n') {
			size_t j = i + 1;
			if (j < len && msg[j] == '\r')
				j++;
			if (j >= len || msg[j] == '\n')
				break; /* the blank line ends the header */
			if (msg[j] == ' ' || msg[j] == '\t')
				continue; /* folded */
		}
		if (ww_buf_add(h, &ch, 1))
			return -1;
	}
	return ww_buf_add(h, "\n", 1);
}

static int add_address(char *out, size_t outlen, const char *a, size_t n)
{
	while (n && isspace((unsigned char)*a))
		a++, n--;
	while (n && isspace((unsigned char)a[n - 1]))
		n--;
	if (!n || !memchr(a, '@', n))
		return 0; /* a group's name, an empty list */
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)a[i]) || a[i] == ',' || a[i] == '<' || a[i] == '>')
			return -1;
	size_t used = strlen(out);
	if (used + n + 2 > outlen)
		return -1;
	if (used)
		out[used++] = ',';
	memcpy(out + used, a, n);
	out[used + n] = '\0';
	return 0;
}

/* Comments (RFC 5322 3.2.2) taken out of a header value, quotes kept. */
static int strip_comments(const char *v, char *out, size_t outlen)
{
	size_t o = 0;
	int quoted = 0, depth = 0;
	for (const char *p = v; *p; p++) {
		if (!quoted && *p == '(') {
			depth++;
			continue;
		}
		if (depth) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == ')')
				depth--;
			continue;
		}
		if (*p == '"')
			quoted = !quoted;
		else if (quoted && *p == '\\' && p[1] && o + 1 < outlen)
			out[o++] = *p++;
		if (o + 1 >= outlen)
			return -1;
		out[o++] = *p;
	}
	out[o] = '\0';
	return quoted || depth ? -1 : 0;
}

/* One address list (RFC 5322 3.4): "Name" <a@b>, c@d (comment), grp: e@f; */
static int parse_address_list(const char *value, char *out, size_t outlen)
{
	char v[RCPT_MAX];
	if (strip_comments(value, v, sizeof v))
		return -1;
	const char *start = v, *angle = NULL;
	int quoted = 0;
	for (const char *p = v;; p++) {
		if (quoted) {
			if (!*p)
				return -1;
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				quoted = 0;
			continue;
		}
		if (*p == '"') {
			quoted = 1;
		} else if (*p == '<') {
			angle = p + 1;
		} else if (*p == '>' && angle) {
			if (add_address(out, outlen, angle, (size_t)(p - angle)))
				return -1;
			angle = NULL;
			start = NULL;
		} else if (*p == ':' && !angle) {
			start = p + 1; /* a group's name */
		} else if (*p == ',' || *p == ';' || !*p) {
			if (angle || (start && add_address(out, outlen, start, (size_t)(p - start))))
				return -1;
			start = p + 1;
			if (!*p)
				return 0;
		}
	}
}

int ww_mail_recipients(const char *msg, size_t len, char *out, size_t outlen)
{
	struct ww_buf h = { .max = 1u << 20 };
	int rc = 0;
	if (!outlen)
		return -1;
	out[0] = '\0';
	if (unfold_headers(msg, len, &h) || !h.p) {
		ww_buf_free(&h);
		return -1;
	}
	for (char *line = h.p; *line && rc == 0;) {
		char *nl = strchr(line, '\n');
		*nl = '\0';
		if (!strncasecmp(line, "To:", 3) || !strncasecmp(line, "Cc:", 3))
			rc = parse_address_list(line + 3, out, outlen);
		line = nl + 1;
	}
	ww_buf_free(&h);
	return rc || !out[0] ? -1 : 0;
}

/* ---- the outbox ---- */

static int join(char *out, const char *a, const char *b)
{
	return ww_fmt(out, PATH_MAX, "%s/%s", a, b);
}

static int fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd);
	close(fd);
	return rc;
}

int ww_outbox_put(const char *game, const char *name, const char *text, size_t len,
		  char *err, size_t errlen)
{
	char tmp[PATH_MAX], dst[PATH_MAX], rel[PATH_MAX];
	if (!*name || *name == '.' || strchr(name, '/')) {
		ww_fmt(err, errlen, "'%s' is not a file name for the outbox", name);
		return -1;
	}
	if (ww_fmt(rel, sizeof rel, "outbox/tmp/%s", name) || join(tmp, game, rel)) {
		ww_fmt(err, errlen, "path too long: %s/%s", game, name);
		return -1;
	}
	ww_fmt(rel, sizeof rel, "outbox/new/%s", name);
	join(dst, game, rel);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ww_fmt(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
		return -1;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t w = write(fd, text + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	if (off < len || fsync(fd) < 0) {
		ww_fmt(err, errlen, "writing %s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	if (rename(tmp, dst) < 0) {
		ww_fmt(err, errlen, "cannot move %s to %s: %s", tmp, dst, strerror(errno));
		unlink(tmp);
		return -1;
	}
	ww_fmt(rel, sizeof rel, "%s/outbox/new", game);
	fsync_dir(rel);
	return 0;
}

static int read_file(const char *path, struct ww_buf *b, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ww_fmt(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	char chunk[16384];
	ssize_t n;
	while ((n = read(fd, chunk, sizeof chunk)) > 0)
		if (ww_buf_add(b, chunk, (size_t)n))
			break;
	int e = errno;
	close(fd);
	if (n < 0 || b->over || !b->p) {
		ww_fmt(err, errlen, "%s: %s", path,
			 n < 0 ? strerror(e) : b->over ? "larger than 16 MiB" : "empty");
		return -1;
	}
	return 0;
}

/* SMTP wants CRLF line ends (RFC 5321 2.3.8); libcurl does the dot-stuffing. */
static int to_crlf(const struct ww_buf *in, struct ww_buf *out)
{
	for (size_t i = 0; i < in->len; i++) {
		if (in->p[i] == '\n' && (i == 0 || in->p[i - 1] != '\r')) {
			if (ww_buf_add(out, "\r\n", 2))
				return -1;
		} else if (ww_buf_add(out, in->p + i, 1)) {
			return -1;
		}
	}
	if (out->len < 2 || memcmp(out->p + out->len - 2, "\r\n", 2))
		return ww_buf_add(out, "\r\n", 2);
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

static void set_tls(CURL *h, int tls)
{
	if (tls >= 2)
		curl_easy_setopt(h, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	else if (tls == 1)
		curl_easy_setopt(h, CURLOPT_USE_SSL, (long)CURLUSESSL_TRY);
}

/* Sends one message to the recipients of its To and Cc. */
static int smtp_send(CURL *h, const struct ww_mail_config *c, const struct ww_buf *msg,
		     char *err, size_t errlen)
{
	char rcpts[RCPT_MAX], from[WW_ADDR_MAX + 2], one[WW_ADDR_MAX + 2];
	if (ww_mail_recipients(msg->p, msg->len, rcpts, sizeof rcpts)) {
		ww_fmt(err, errlen, "no usable To or Cc address");
		return -1;
	}
	struct ww_buf crlf = { .max = WW_OUT_MAX_BYTES + (WW_OUT_MAX_BYTES >> 4) };
	if (to_crlf(msg, &crlf)) {
		ww_buf_free(&crlf);
		ww_fmt(err, errlen, "out of memory");
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
	set_tls(h, c->smtp_tls);
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
	ww_buf_free(&crlf);
	if (rc != CURLE_OK) {
		long code = 0;
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
		ww_fmt(err, errlen, "%s: %s%s%.0ld", c->smtp_url,
			 curl_err[0] ? curl_err : curl_easy_strerror(rc),
			 code ? ", the server said " : "", code);
		return -1;
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

/* Test hook (tests/test_mail_send.c): WW_CRASH_SEND=N dies at the N-th
 * step of this run, as a crash or a kill would. Each mail has two: the
 * server has taken it, and it has moved to outbox/cur. */
static void crash_point(void)
{
	static int step; /* counted only while the hook is set */
	const char *at = getenv("WW_CRASH_SEND");
	if (at && atoi(at) == ++step)
		_exit(99);
}

/* Sends one file of outbox/new and moves it to outbox/cur. */
static int send_one(CURL *h, const struct ww_mail_config *c, const char *game,
		    const char *name, FILE *log)
{
	char src[PATH_MAX], dst[PATH_MAX], rel[PATH_MAX], err[1024] = "";
	snprintf(rel, sizeof rel, "outbox/new/%.200s", name);
	if (join(src, game, rel))
		return EX_SOFTWARE;
	snprintf(rel, sizeof rel, "outbox/cur/%.200s", name);
	join(dst, game, rel);
	struct ww_buf msg = { .max = WW_OUT_MAX_BYTES };
	int rc = read_file(src, &msg, err, sizeof err);
	if (rc == 0)
		rc = smtp_send(h, c, &msg, err, sizeof err);
	ww_buf_free(&msg);
	if (rc) {
		fprintf(log, "send: %s: not sent, left for the next run: %s\n", src, err);
		return EX_TEMPFAIL;
	}
	crash_point();
	if (rename(src, dst) < 0) {
		fprintf(log, "send: %s was sent but cannot be moved to %s: %s (it will be sent again)\n",
			src, dst, strerror(errno));
		return EX_IOERR;
	}
	snprintf(rel, sizeof rel, "%s/outbox", game);
	fsync_dir(rel);
	crash_point();
	fprintf(log, "send: %s: sent\n", src);
	return EX_OK;
}

static int lock_outbox(const char *game, int *fd, FILE *log)
{
	char path[PATH_MAX];
	if (join(path, game, "outbox/lock"))
		return EX_SOFTWARE;
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (*fd < 0) {
		fprintf(log, "send: cannot open %s: %s\n", path, strerror(errno));
		return errno == ENOENT ? EX_NOINPUT : EX_IOERR;
	}
	for (int tries = 0; flock(*fd, LOCK_EX | LOCK_NB) < 0; tries++) {
		if ((errno != EWOULDBLOCK && errno != EINTR) || tries >= SEND_LOCK_WAIT * 10) {
			fprintf(log, "send: %s: another wwjudge send holds %s; try again later\n",
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
	if (ww_record_lock(game, 0, &fd, err, sizeof err) == WW_REC_OK)
		ww_record_unlock(fd);
}

int ww_mail_send_game(const struct ww_mail_config *c, const char *game, FILE *log)
{
	char newdir[PATH_MAX];
	char **names;
	int n, fd, rc;
	if (join(newdir, game, "outbox/new"))
		return EX_SOFTWARE;
	finish_commit(game);
	if ((rc = lock_outbox(game, &fd, log)))
		return rc;
	if (list_outbox(newdir, &names, &n)) {
		fprintf(log, "send: cannot read %s: %s\n", newdir, strerror(errno));
		close(fd);
		return EX_IOERR;
	}
	CURL *h = n ? curl_easy_init() : NULL;
	if (n && !h)
		rc = EX_SOFTWARE;
	/* In order, stopping at the first failure: a player reads the reports
	 * in the order of the moves. */
	for (int i = 0; i < n && rc == EX_OK; i++)
		rc = send_one(h, c, game, names[i], log);
	if (h)
		curl_easy_cleanup(h);
	free_names(names, n);
	close(fd);
	return rc;
}

static int is_game(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;
	return join(path, dir, "game.yaml") == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int ww_mail_send_all(const struct ww_mail_config *c, const char *games, FILE *log)
{
	char **names;
	int n, worst = EX_OK;
	if (list_outbox(games, &names, &n) || (!n && access(games, R_OK | X_OK))) {
		fprintf(log, "send: cannot read the games directory %s: %s\n", games,
			strerror(errno));
		return EX_NOINPUT;
	}
	for (int i = 0; i < n; i++) {
		char game[PATH_MAX];
		if (join(game, games, names[i]) || !is_game(game))
			continue;
		int rc = ww_mail_send_game(c, game, log);
		if (rc != EX_OK && (worst == EX_OK || rc == EX_TEMPFAIL))
			worst = rc;
	}
	free_names(names, n);
	return worst;
}
