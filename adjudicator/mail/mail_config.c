/* The moderator's config file (docs/mail.md): "key = value" lines, '#'
 * comments, a value in double quotes keeps its blanks. Credentials live
 * only here. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "buf.h"
#include "mail.h"

struct key {
	const char *name;
	size_t off, size;   /* a text field */
	int *number;        /* or a number field (set at run time) */
};

#define TEXT(f) { #f, offsetof(struct wj_mail_config, f), sizeof ((struct wj_mail_config *)0)->f, NULL }

static const struct key text_keys[] = {
	TEXT(games), TEXT(judge), TEXT(from_name), TEXT(smtp_url), TEXT(smtp_user),
	TEXT(smtp_password), TEXT(imap_url), TEXT(imap_user), TEXT(imap_password),
	TEXT(moderator), TEXT(moderator_password_hash), TEXT(tls_ca_file), TEXT(archive),
};

static const char KEY_LIST[] =
	"games, judge, from_name, smtp_url, smtp_user, smtp_password, smtp_tls, "
	"imap_url, imap_user, imap_password, imap_tls, tls_ca_file, moderator, "
	"moderator_password_hash, remind_hours, board, archive";

static int fail(char *err, size_t errlen, const char *path, int line, const char *what,
		const char *arg)
{
	return wj_why_at(err, errlen, path, line, "%s%s", what, arg ? arg : "");
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		s[--n] = '\0';
	return s;
}

/* 0 none, 1 STARTTLS if offered, 2 TLS required */
static int tls_word(const char *v)
{
	if (!strcasecmp(v, "none") || !strcmp(v, "0"))
		return 0;
	if (!strcasecmp(v, "try") || !strcasecmp(v, "starttls") || !strcmp(v, "1"))
		return 1;
	if (!strcasecmp(v, "require") || !strcasecmp(v, "tls") || !strcmp(v, "2"))
		return 2;
	return -1;
}

static int set_number(struct wj_mail_config *c, const char *key, const char *v,
		      const char *path, int line, char *err, size_t errlen)
{
	if (!strcmp(key, "smtp_tls") || !strcmp(key, "imap_tls")) {
		int t = tls_word(v);
		if (t < 0)
			return fail(err, errlen, path, line, "TLS is none, starttls or tls, not ", v);
		*(key[0] == 's' ? &c->smtp_tls : &c->imap_tls) = t;
		return 0;
	}
	if (!strcmp(key, "board")) {
		if (strcasecmp(v, "png") && strcasecmp(v, "none"))
			return fail(err, errlen, path, line,
				    "board is png (reports attach the board) or none (text only), not ", v);
		c->text_only = !strcasecmp(v, "none");
		return 0;
	}
	if (!strcmp(key, "remind_hours")) {
		char *end;
		long h = strtol(v, &end, 10);
		if (end == v || *end || h < 0 || h > 24 * 365)
			return fail(err, errlen, path, line,
				    "remind_hours is a number of hours (0 = never), not ", v);
		c->remind_hours = (int)h;
		return 0;
	}
	char what[160];
	snprintf(what, sizeof what, "unknown key '%.60s'; the keys are ", key);
	return fail(err, errlen, path, line, what, KEY_LIST);
}

/* A relative path (games, tls_ca_file) is taken from the config file's
 * directory. */
static void resolve(char *field, size_t size, const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!field[0] || field[0] == '/' || !slash)
		return;
	char abs[256];
	int n = snprintf(abs, sizeof abs, "%.*s/%s", (int)(slash - path), path, field);
	if (n > 0 && (size_t)n < sizeof abs && (size_t)n < size)
		memcpy(field, abs, (size_t)n + 1);
}

/* The CA file must be there when the config is read, not at the first
 * send: verification is never turned off, so without it nothing goes. */
static int check_ca_file(struct wj_mail_config *c, const char *path, int line,
			 char *err, size_t errlen)
{
	if (!c->tls_ca_file[0])
		return 0;
	resolve(c->tls_ca_file, sizeof c->tls_ca_file, path);
	struct stat st;
	FILE *f = fopen(c->tls_ca_file, "re");
	int e = f ? 0 : errno;
	if (f && (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)))
		e = EISDIR;
	if (f)
		fclose(f);
	if (!e)
		return 0;
	char what[512];
	snprintf(what, sizeof what, "tls_ca_file %.256s: %s; it is a file of CA certificates "
		 "(PEM) that the mail servers' certificates chain to", c->tls_ca_file,
		 e == EISDIR ? "not a file" : strerror(e));
	return fail(err, errlen, path, line, what, NULL);
}

static int set_key(struct wj_mail_config *c, const char *key, char *v,
		   const char *path, int line, char *err, size_t errlen)
{
	size_t n = strlen(v);
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		v[n - 1] = '\0';
		v++;
	}
	for (size_t i = 0; i < sizeof text_keys / sizeof *text_keys; i++) {
		if (strcmp(key, text_keys[i].name))
			continue;
		if (strlen(v) >= text_keys[i].size) {
			char what[96];
			snprintf(what, sizeof what, "%s is longer than %zu characters", key,
				 text_keys[i].size - 1);
			return fail(err, errlen, path, line, what, NULL);
		}
		strcpy((char *)c + text_keys[i].off, v);
		if (!strcmp(key, "tls_ca_file"))
			return check_ca_file(c, path, line, err, errlen);
		return 0;
	}
	return set_number(c, key, v, path, line, err, errlen);
}

static int check(struct wj_mail_config *c, const char *path, char *err, size_t errlen)
{
	const char *at = strchr(c->judge, '@');
	if (!c->judge[0] || !at || at == c->judge || strchr(c->judge, '+') || !at[1])
		return fail(err, errlen, path, 0, "judge = the judge's address, "
			    "user@host without '+' (replies go to user+GAME-SIDE-TOKEN@host)", NULL);
	if (!c->games[0])
		return fail(err, errlen, path, 0, "games = the directory holding the games", NULL);
	return 0;
}

int wj_mail_config_load(const char *path, struct wj_mail_config *c, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	snprintf(c->path, sizeof c->path, "%s", path);
	snprintf(c->from_name, sizeof c->from_name, "wwjudge");
	c->smtp_tls = c->imap_tls = 1;
	c->remind_hours = 72;
	FILE *f = fopen(path, "re");
	if (!f) {
		wj_why(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	char buf[1024];
	int line = 0, rc = 0;
	while (!rc && fgets(buf, sizeof buf, f)) {
		line++;
		if (!strchr(buf, '\n') && !feof(f)) {
			rc = fail(err, errlen, path, line, "line longer than 1022 characters", NULL);
			break;
		}
		char *s = trim(buf);
		if (!*s || *s == '#')
			continue;
		char *eq = strchr(s, '=');
		if (!eq) {
			rc = fail(err, errlen, path, line, "expected key = value, not ", s);
			break;
		}
		*eq = '\0';
		rc = set_key(c, trim(s), trim(eq + 1), path, line, err, errlen);
	}
	fclose(f);
	if (!rc)
		rc = check(c, path, err, errlen);
	if (!rc)
		resolve(c->games, sizeof c->games, path);
	if (!rc && c->archive[0])
		resolve(c->archive, sizeof c->archive, path);
	return rc;
}
