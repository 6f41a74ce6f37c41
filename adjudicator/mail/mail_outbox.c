/* The mail layer's small tools that need no network: the envelope
 * recipients of a message, GAME/outbox/new written atomically, and what
 * outbox/cur keeps of a sent mail. The sending itself (libcurl) is in
 * mail_send.c. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "buf.h"
#include "durable.h"
#include "pack.h"
#include "mail_net.h"


void wj_game_name(const char *game, char *out, size_t len)
{
	size_t end = strlen(game), start;
	while (end > 1 && game[end - 1] == '/')
		end--;
	for (start = end; start > 0 && game[start - 1] != '/'; start--)
		;
	wj_fmt(out, len, "%.*s", (int)(end - start), game + start);
}

/* ---- the recipients, from To and Cc ---- */

/* The header block, unfolded, one field a line, LF-terminated. */
static int unfold_headers(const char *msg, size_t len, struct wj_buf *h)
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
		if (wj_buf_add(h, &ch, 1))
			return -1;
	}
	return wj_buf_add(h, "\n", 1);
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
	char v[WJ_RCPT_MAX];
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

int wj_mail_recipients(const char *msg, size_t len, char *out, size_t outlen)
{
	struct wj_buf h = { .max = 1u << 20 };
	int rc = 0;
	if (!outlen)
		return -1;
	out[0] = '\0';
	if (unfold_headers(msg, len, &h) || !h.p) {
		wj_buf_free(&h);
		return -1;
	}
	for (char *line = h.p; *line && rc == 0;) {
		char *nl = strchr(line, '\n');
		*nl = '\0';
		if (!strncasecmp(line, "To:", 3) || !strncasecmp(line, "Cc:", 3))
			rc = parse_address_list(line + 3, out, outlen);
		line = nl + 1;
	}
	wj_buf_free(&h);
	return rc || !out[0] ? -1 : 0;
}

/* ---- the outbox ---- */

/* `text` as GAME/outbox/SUB/NAME, by way of outbox/tmp (a Maildir's way:
 * no reader of SUB ever sees half a mail). */
static int outbox_write(const char *game, const char *sub, const char *name, const char *text,
			size_t len, char *err, size_t errlen)
{
	char tmp[PATH_MAX], dst[PATH_MAX], rel[PATH_MAX];
	if (!*name || *name == '.' || strchr(name, '/')) {
		wj_why(err, errlen, "'%s' is not a file name for the outbox", name);
		return -1;
	}
	if (wj_fmt(rel, sizeof rel, "outbox/tmp/%s", name) || wj_path_join(tmp, game, rel) ||
	    wj_fmt(rel, sizeof rel, "outbox/%s/%s", sub, name) || wj_path_join(dst, game, rel)) {
		wj_why(err, errlen, "path too long: %s/%s", game, name);
		return -1;
	}
	return wj_durable_write(dst, tmp, text, len, 0600, NULL, err, errlen);
}

int wj_outbox_put(const char *game, const char *name, const char *text, size_t len,
		  char *err, size_t errlen)
{
	return outbox_write(game, "new", name, text, len, err, errlen);
}

/* ---- what outbox/cur keeps of a sent mail ---- */

/* The end of the header block: just after its last line's end. */
static size_t header_length(const char *msg, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if (msg[i] != '\n')
			continue;
		if (msg[i + 1] == '\n')
			return i + 1;
		if (msg[i + 1] == '\r' && i + 2 < len && msg[i + 2] == '\n')
			return i + 1;
	}
	return len;
}

/* The header fields a record keeps: who was sent what, and when, and
 * the address (with its move token) he was told to answer to. */
static const char *const kept_fields[] = { "To:", "Reply-To:", "Subject:", "Date:",
					   "Message-ID:" };

/* The kept fields of header block h, each with its folded lines. */
static int add_kept_fields(const char *h, size_t len, struct wj_buf *out)
{
	bool keep = false;
	for (size_t i = 0, end; i < len; i = end) {
		const char *nl = memchr(h + i, '\n', len - i);
		end = nl ? (size_t)(nl - h) + 1 : len;
		if (h[i] != ' ' && h[i] != '\t') {
			keep = false;
			for (size_t k = 0; k < sizeof kept_fields / sizeof *kept_fields; k++)
				keep |= !strncasecmp(h + i, kept_fields[k], strlen(kept_fields[k]));
		}
		if (keep && wj_buf_add(out, h + i, end - i))
			return -1;
	}
	return 0;
}

int wj_outbox_record(const char *msg, size_t len, struct wj_buf *out)
{
	unsigned char h[32];
	char hex[2 * sizeof h + 1], line[160];
	crypto_generichash(h, sizeof h, (const unsigned char *)msg, len, NULL, 0);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	wj_fmt(line, sizeof line, WJ_SENT_FIELD " blake2b-256=%s; bytes=%zu\r\n", hex, len);
	if (wj_buf_add(out, line, strlen(line)))
		return -1;
	return add_kept_fields(msg, header_length(msg, len), out);
}

int wj_outbox_record_kept(const char *rec, size_t len, struct wj_buf *out)
{
	const char *nl = memchr(rec, '\n', len);
	size_t first = nl ? (size_t)(nl - rec) + 1 : len;
	if (wj_buf_add(out, rec, first))
		return -1;
	return add_kept_fields(rec + first, len - first, out);
}

bool wj_outbox_is_record(const char *path)
{
	char head[sizeof WJ_SENT_FIELD - 1];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, head, sizeof head);
	close(fd);
	return n == (ssize_t)sizeof head && !memcmp(head, WJ_SENT_FIELD, sizeof head);
}

/* ---- records 64 entries to a pack (docs/mail.md) ---- */

#define BLOCK 64

/* The log entry a mail of the outbox belongs to: NAME "NNNNNN.WHAT";
 * -1 for another name (a reply to a duplicate, a moderator's reply). */
static int entry_of(const char *name)
{
	int n, used = 0;
	return sscanf(name, "%6d.%n", &n, &used) == 1 && used == 7 && n > 0 ? n : -1;
}

static void pack_name(char *out, size_t len, int entry)
{
	int first = (entry - 1) / BLOCK * BLOCK + 1;
	wj_fmt(out, len, "pack-%06d-%06d", first, first + BLOCK - 1);
}

int wj_outbox_packed(const char *game, int entry, struct wj_buf *out)
{
	char name[32], rel[64], path[PATH_MAX];
	pack_name(name, sizeof name, entry);
	if (wj_fmt(rel, sizeof rel, "outbox/cur/%s", name) || wj_path_join(path, game, rel))
		return -1;
	return wj_file_text(path, out->max, out);
}

int wj_outbox_kept(const char *game, const char *name, struct wj_buf *out)
{
	char rel[PATH_MAX], path[PATH_MAX];
	if (wj_fmt(rel, sizeof rel, "outbox/cur/%s", name) || wj_path_join(path, game, rel))
		return -1;
	if (wj_file_text(path, out->max, out) == 0)
		return 0;
	if (errno != ENOENT || entry_of(name) < 0)
		return -1;
	struct wj_buf pack = { .max = 1u << 30 };
	struct wj_pack_member m;
	int rc = wj_outbox_packed(game, entry_of(name), &pack);
	if (rc == 0 && wj_pack_find(pack.p, pack.len, name, &m) == 1)
		rc = wj_buf_add(out, m.at, m.len);
	else
		rc = -1, errno = ENOENT;
	wj_buf_free(&pack);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* After a mail of entry `entry` was sent: the records of the newest block
 * of entries 64 later ones have passed go into its pack, once. A record
 * kept later (a mail set aside, then sent) stays a file of its own. */
static void pack_sent(const char *game, int entry)
{
	if (entry < 2 * BLOCK)
		return;
	int first = (entry - 2 * BLOCK) / BLOCK * BLOCK + 1;
	char dir[PATH_MAX], pack[32], path[PATH_MAX + 40], err[PATH_MAX + 64];
	struct stat st;
	pack_name(pack, sizeof pack, first);
	if (wj_path_join(dir, game, "outbox/cur") ||
	    wj_fmt(path, sizeof path, "%s/%s", dir, pack) || stat(path, &st) == 0)
		return;
	DIR *dp = opendir(dir);
	char *names[8 * BLOCK];
	int n = 0;
	for (struct dirent *e; dp && (e = readdir(dp)) && n < 8 * BLOCK;) {
		int k = entry_of(e->d_name);
		if (k < first || k >= first + BLOCK ||
		    wj_fmt(path, sizeof path, "%s/%s", dir, e->d_name) || !wj_outbox_is_record(path) ||
		    !(names[n] = strdup(e->d_name)))
			continue;
		n++;
	}
	if (dp)
		closedir(dp);
	qsort(names, (size_t)n, sizeof *names, by_name);
	if (n)
		wj_pack_files(dir, pack, (const char *const *)names, n, NULL, err, sizeof err);
	for (int i = 0; i < n; i++)
		free(names[i]);
}

int wj_outbox_sent(const char *game, const char *name, char *err, size_t errlen)
{
	char src[PATH_MAX], rel[PATH_MAX];
	if (wj_fmt(rel, sizeof rel, "outbox/new/%s", name) || wj_path_join(src, game, rel)) {
		wj_why(err, errlen, "path too long: %s/%s", game, name);
		return -1;
	}
	struct wj_buf msg = { .max = WJ_OUT_MAX_BYTES }, rec = { .max = 1u << 20 };
	int rc = wj_read_file(src, &msg, err, errlen);
	if (rc == 0 && wj_outbox_record(msg.p, msg.len, &rec)) {
		wj_why(err, errlen, "%s: its header is larger than 1 MiB", src);
		rc = -1;
	}
	if (rc == 0)
		rc = outbox_write(game, "cur", name, rec.p, rec.len, err, errlen);
	wj_buf_free(&msg);
	wj_buf_free(&rec);
	if (rc == 0 && unlink(src) < 0) {
		wj_why(err, errlen, "cannot remove %s: %s", src, strerror(errno));
		rc = -1;
	}
	wj_fmt(rel, sizeof rel, "%s/outbox/new", game);
	wj_fsync_dir(rel);
	if (rc == 0 && entry_of(name) > 0)
		pack_sent(game, entry_of(name));
	return rc;
}
