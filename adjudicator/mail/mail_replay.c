/* `wwjudge replay GAME --archive MBOX_OR_MAILDIR`: the game played again
 * from its seed with the archived order mails, compared with the record.
 *
 * A scratch game is created in a temporary directory with the original's
 * meta, seed and starting position (the game's new_game from the seed, or
 * secret/initial-state.yaml for a scenario) and the original's passwords
 * with the tokens back at the first mails. Each archived mail, in archive
 * order (mbox order; a Maildir's cur/ and new/ by delivery time), goes
 * through wj_mail_process exactly as it did when it arrived. After each,
 * every log entry it added and every mail it put in the outbox must equal
 * the record's file of the same name byte for byte (the judge's mails
 * are dated with the order mail's Date and have stable names and
 * Message-IDs, so they are reproducible). At the end the state, the
 * public game.yaml and the ledgers must be equal too, and every log entry
 * of the record must have been given by some mail, or by the moderator on
 * the command line: such an entry is in no mail, so it is applied from the
 * log, as the command gave it, where it comes, and its entry and mails are
 * compared like a mail's. The first difference is reported and ends the
 * replay. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include "buf.h"
#include "pack.h"
#include "games.h"
#include "mail_internal.h"
#include "mail_net.h"
#include "yaml_doc.h"

#define MAX_ARCHIVE 20000  /* mails in one archive */
#define SHOWN_MODERATOR 50 /* command-line entries named in the summary */

struct archive {
	struct wj_buf *mail;
	char (*where)[96];  /* "mbox message 3", "new/1795..." */
	int n;
};

struct replay {
	const char *orig;           /* the game's directory */
	struct wj_record_log log;   /* its log's entries */
	char scratch[PATH_MAX];     /* the temporary games directory */
	char game[PATH_MAX];        /* scratch/NAME */
	struct wj_mail_config c;
	struct wj_game *g;          /* and its data, g->data */
	FILE *out;
	int entries, mails;         /* compared so far */
	int moderator;              /* entries applied from the log */
	char (*named)[320];         /* the first SHOWN_MODERATOR of them */
};

/* ---- files ---- */

/* Removes the directory `name` in the directory dirfd and all it holds,
 * if it is a directory of the judge's own user: through descriptors,
 * never following a symbolic link (a link is removed, not what it names),
 * so nothing swapped in meanwhile leads it out of the directory. */
static void rm_tree_at(int dirfd, const char *name, int depth)
{
	struct stat st;
	int fd = depth < 32 ? openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
	if (fd < 0)
		return;
	if (fstat(fd, &st) < 0 || st.st_uid != getuid()) {
		close(fd);
		return;
	}
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	for (struct dirent *e; (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
			rm_tree_at(fd, e->d_name, depth + 1);
		else
			unlinkat(fd, e->d_name, 0);
	}
	closedir(d); /* closes fd */
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

static void rm_tree(const char *path)
{
	char parent[PATH_MAX];
	const char *slash = strrchr(path, '/');
	if (!slash || wj_fmt(parent, sizeof parent, "%.*s", (int)(slash - path), path))
		return;
	int fd = open(parent[0] ? parent : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		rm_tree_at(fd, slash + 1, 0);
		close(fd);
	}
}

/* "line N: the record has "...", the replay gives "..."" */
static void first_difference(const struct wj_buf *rec, const struct wj_buf *got, char *out,
			     size_t len)
{
	size_t i = 0, line = 1, start = 0;
	while (i < rec->len && i < got->len && rec->p[i] == got->p[i]) {
		if (rec->p[i] == '\n') {
			line++;
			start = i + 1;
		}
		i++;
	}
	int a = (int)strcspn(rec->p + start, "\r\n"), b = (int)strcspn(got->p + start, "\r\n");
	if (start >= rec->len)
		wj_fmt(out, len, "line %zu: the record ends, the replay goes on with \"%.*s\"", line,
		       b > 160 ? 160 : b, got->p + start);
	else if (start >= got->len)
		wj_fmt(out, len, "line %zu: the record has \"%.*s\", the replay ends", line,
		       a > 160 ? 160 : a, rec->p + start);
	else
		wj_fmt(out, len, "line %zu: the record has \"%.*s\", the replay gives \"%.*s\"",
		       line, a > 160 ? 160 : a, rec->p + start, b > 160 ? 160 : b, got->p + start);
}

/* What a game keeps as `rel`: a log entry wherever its log keeps it
 * (record.h), any other file as it is. 0, or -1 with errno. */
static int kept_text(struct wj_record_log *log, const char *rel, struct wj_buf *out)
{
	char path[PATH_MAX], *text;
	size_t len;
	int number, used = 0;
	if (sscanf(rel, "log/%6d.yaml%n", &number, &used) != 1 || used != 15)
		return wj_fmt(path, sizeof path, "%s/%s", log->dir, rel) ? -1 :
		       wj_file_text(path, out->max, out);
	int rc = wj_record_entry(log, number, &text, &len);
	if (rc == 0) {
		rc = wj_buf_add(out, text, len);
		free(text);
	}
	return rc;
}

/* 0 when the record's bytes `rec` (of `what`) are the replay's `got`;
 * else says where they differ. */
static int same_bytes(struct replay *r, const char *what, const struct wj_buf *rec,
		      const struct wj_buf *got, const char *why)
{
	char diff[512];
	if (rec->len == got->len && !memcmp(rec->p, got->p, rec->len))
		return 0;
	first_difference(rec, got, diff, sizeof diff);
	fprintf(r->out, "%s: %s differs from the record: %s\n", why, what, diff);
	return -1;
}

/* 0 when GAME/rel equals scratch/rel byte for byte; else says why. */
static int same_file(struct replay *r, const char *rel, const char *rel_orig, const char *why)
{
	struct wj_buf rec = { .max = WJ_OUT_MAX_BYTES }, got = { .max = WJ_OUT_MAX_BYTES };
	struct wj_record_log scratch = { .dir = r->game };
	const char *what = rel_orig ? rel_orig : rel;
	int rc = -1;
	if (kept_text(&scratch, rel, &got))
		fprintf(r->out, "%s: %s: the replay wrote no %s\n", why, rel, rel);
	else if (kept_text(&r->log, what, &rec))
		fprintf(r->out, "%s: the replay writes %s, which the record does not have\n", why,
			what);
	else
		rc = same_bytes(r, what, &rec, &got, why);
	wj_buf_free(&rec);
	wj_buf_free(&got);
	wj_record_log_close(&scratch);
	return rc;
}

/* 0 when the record of mail NAME the replay kept is the one the game
 * kept (`kept`, in the form records have now); else says why. */
static int same_record(struct replay *r, const char *name, const struct wj_buf *kept,
		       const char *why)
{
	struct wj_buf rec = { .max = 1u << 20 }, got = { .max = 1u << 20 };
	char what[PATH_MAX];
	int rc = -1;
	wj_fmt(what, sizeof what, "outbox/cur/%s", name);
	if (wj_outbox_record_kept(kept->p, kept->len, &rec) || wj_outbox_kept(r->game, name, &got))
		fprintf(r->out, "%s: %s: the replay kept no record of it\n", why, what);
	else
		rc = same_bytes(r, what, &rec, &got, why);
	wj_buf_free(&rec);
	wj_buf_free(&got);
	return rc;
}

/* ---- the archive ---- */

static int archive_add(struct archive *a, const char *text, size_t len, const char *where)
{
	if (a->n == MAX_ARCHIVE)
		return -1;
	if (!a->mail) {
		a->mail = calloc(MAX_ARCHIVE, sizeof *a->mail);
		a->where = calloc(MAX_ARCHIVE, sizeof *a->where);
		if (!a->mail || !a->where)
			return -1;
	}
	struct wj_buf *b = &a->mail[a->n];
	*b = (struct wj_buf){ .max = WJ_MAIL_MAX_BYTES + 1 };
	/* a mail over the limit is kept one byte over it: process refuses it */
	if (wj_buf_add(b, text, len) && !b->over)
		return -1;
	if (!b->p && wj_buf_add(b, "", 0))
		return -1;
	wj_fmt(a->where[a->n], sizeof a->where[a->n], "%s", where);
	a->n++;
	return 0;
}

static void archive_free(struct archive *a)
{
	for (int i = 0; i < a->n; i++)
		wj_buf_free(&a->mail[i]);
	free(a->mail);
	free(a->where);
}

/* The blank line before the next "From " line belongs to the mbox. */
static int end_message(struct archive *a, struct wj_buf *msg, const char *path)
{
	char where[96];
	if (msg->len >= 2 && !memcmp(msg->p + msg->len - 2, "\n\n", 2))
		msg->len--;
	else if (msg->len >= 4 && !memcmp(msg->p + msg->len - 4, "\r\n\r\n", 4))
		msg->len -= 2;
	wj_fmt(where, sizeof where, "%s message %d", path, a->n + 1);
	return archive_add(a, msg->p ? msg->p : "", msg->len, where);
}

/* mboxrd: "From " lines start messages; ">From ", ">>From " lose one '>'. */
static int read_mbox(const char *path, struct archive *a, char *err, size_t errlen)
{
	struct wj_buf file = { .max = 1u << 30 }, msg = { .max = WJ_MAIL_MAX_BYTES * 2 };
	if (wj_file_text(path, file.max, &file)) {
		wj_why(err, errlen, "%s: %s", path, file.over ? "larger than 1 GiB" : strerror(errno));
		wj_buf_free(&file);
		return -1;
	}
	int rc = 0, in_msg = 0;
	for (size_t i = 0; i < file.len && rc == 0;) {
		const char *line = file.p + i, *nl = memchr(line, '\n', file.len - i);
		size_t n = nl ? (size_t)(nl - line) + 1 : file.len - i;
		i += n;
		if (n >= 5 && !memcmp(line, "From ", 5)) {
			if (in_msg)
				rc = end_message(a, &msg, path);
			msg.len = 0;
			msg.over = 0;
			in_msg = 1;
			continue;
		}
		if (!in_msg) {
			wj_why(err, errlen, "%s: not an mbox (the first line is not a \"From \" line)",
			       path);
			rc = -1;
			break;
		}
		size_t gt = 0;
		while (gt < n && line[gt] == '>')
			gt++;
		if (gt && n - gt >= 5 && !memcmp(line + gt, "From ", 5))
			line++, n--;
		if (wj_buf_add(&msg, line, n) && !msg.over)
			rc = -1;
	}
	if (rc == 0 && in_msg)
		rc = end_message(a, &msg, path);
	if (rc && !*err)
		wj_why(err, errlen, "%s: out of memory, or more than %d mails", path, MAX_ARCHIVE);
	wj_buf_free(&file);
	wj_buf_free(&msg);
	return rc;
}

struct mdfile {
	unsigned long long secs, usec;
	char rel[300];
};

/* Maildir names begin "SECONDS." and most deliverers put "M<microseconds>"
 * in the next part (Postfix, Dovecot); that is the delivery order. */
static void maildir_key(const char *name, struct mdfile *f)
{
	char *end;
	f->secs = strtoull(name, &end, 10);
	const char *m = *end == '.' ? strchr(end + 1, 'M') : NULL;
	const char *dot = *end == '.' ? strchr(end + 1, '.') : NULL;
	f->usec = m && (!dot || m < dot) ? strtoull(m + 1, NULL, 10) : 0;
}

static int by_delivery(const void *x, const void *y)
{
	const struct mdfile *a = x, *b = y;
	if (a->secs != b->secs)
		return a->secs < b->secs ? -1 : 1;
	if (a->usec != b->usec)
		return a->usec < b->usec ? -1 : 1;
	return strcmp(strchr(a->rel, '/'), strchr(b->rel, '/'));
}

static int read_maildir(const char *path, struct archive *a, char *err, size_t errlen)
{
	struct mdfile *files = calloc(MAX_ARCHIVE, sizeof *files);
	int n = 0, rc = 0;
	if (!files)
		return -1;
	for (int sub = 0; sub < 2; sub++) {
		char dir[PATH_MAX];
		wj_fmt(dir, sizeof dir, "%s/%s", path, sub ? "new" : "cur");
		DIR *dp = opendir(dir);
		struct dirent *e;
		while (dp && (e = readdir(dp)) && n < MAX_ARCHIVE) {
			if (e->d_name[0] == '.')
				continue;
			if (wj_fmt(files[n].rel, sizeof files[n].rel, "%s/%s", sub ? "new" : "cur",
				   e->d_name))
				continue;
			maildir_key(e->d_name, &files[n]);
			n++;
		}
		if (dp)
			closedir(dp);
	}
	qsort(files, (size_t)n, sizeof *files, by_delivery);
	for (int i = 0; i < n && rc == 0; i++) {
		char p[PATH_MAX];
		struct wj_buf b = { .max = WJ_MAIL_MAX_BYTES + 1 };
		wj_fmt(p, sizeof p, "%s/%s", path, files[i].rel);
		if (wj_file_text(p, b.max, &b) && !b.over) {
			wj_why(err, errlen, "%s: %s", p, strerror(errno));
			rc = -1;
		} else {
			rc = archive_add(a, b.p ? b.p : "", b.len, files[i].rel);
		}
		wj_buf_free(&b);
	}
	free(files);
	return rc;
}

static int read_archive(const char *path, struct archive *a, char *err, size_t errlen)
{
	struct stat st;
	char sub[PATH_MAX];
	if (stat(path, &st) < 0) {
		wj_why(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return read_mbox(path, a, err, errlen);
	wj_fmt(sub, sizeof sub, "%s/cur", path);
	if (stat(sub, &st) < 0 || !S_ISDIR(st.st_mode)) {
		wj_why(err, errlen, "%s: a directory but not a Maildir (no cur/)", path);
		return -1;
	}
	return read_maildir(path, a, err, errlen);
}

/* ---- the record's entries given on the command line ---- */

struct logged {
	int number;
	bool command_line;       /* its sender is "command line" */
	int side;                /* 0: nobody */
	char note[600];          /* the first order line: "# moderator: ..." */
	int norders;
	char orders[WJ_PLAY_MAX][WJ_MAIL_LINE];
	bool rollback;
	long long to_move;
	struct wj_dice dice;     /* the rolls it forced */
};

/* The record's log entry `number` into *e: 0, 1 when there is none, -1
 * when it does not read (said). */
static int read_logged(struct replay *r, int number, struct logged *e)
{
	char rel[32], err[300];
	struct wj_buf b = { .max = 1u << 24 };
	yaml_document_t doc;
	memset(e, 0, sizeof *e);
	e->number = number;
	wj_fmt(rel, sizeof rel, "log/%06d.yaml", number);
	if (kept_text(&r->log, rel, &b)) {
		wj_buf_free(&b);
		return 1;
	}
	if (wj_yaml_load(b.p, b.len, &doc, err, sizeof err)) {
		fprintf(r->out, "replay: log/%06d.yaml: %s\n", number, err);
		wj_buf_free(&b);
		return -1;
	}
	wj_buf_free(&b);
	yaml_node_t *root = yaml_document_get_root_node(&doc), *n;
	const char *v = wj_yaml_str(wj_yaml_get(&doc, root, "sender"));
	e->command_line = v && !strcmp(v, WJ_SENDER_COMMAND_LINE);
	v = wj_yaml_str(wj_yaml_get(&doc, root, "side"));
	e->side = v ? game_side_of(r->g->game, v) : 0;
	e->side = e->side > 0 ? e->side : 0;
	if ((n = wj_yaml_get(&doc, root, "order")) && n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *i = n->data.sequence.items.start;
		     i < n->data.sequence.items.top; i++) {
			const char *line = wj_yaml_str(yaml_document_get_node(&doc, *i));
			if (!line)
				continue;
			if (!e->note[0] && *line == '#')
				wj_fmt(e->note, sizeof e->note, "%s", line);
			else if (*line != '#' && e->norders < WJ_PLAY_MAX)
				wj_fmt(e->orders[e->norders++], sizeof e->orders[0], "%s", line);
		}
	}
	if ((n = wj_yaml_get(&doc, root, "rollback"))) {
		e->rollback = true;
		if (wj_yaml_int(wj_yaml_get(&doc, n, "to_move"), 0, UINT32_MAX, &e->to_move, err,
				sizeof err))
			e->to_move = -1;
	}
	if ((n = wj_yaml_get(&doc, root, "events")) && n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *i = n->data.sequence.items.start;
		     i < n->data.sequence.items.top; i++) {
			yaml_node_t *roll = wj_yaml_get(&doc, yaml_document_get_node(&doc, *i), "roll");
			const char *forced = wj_yaml_str(wj_yaml_get(&doc, roll, "forced"));
			const char *value = wj_yaml_str(wj_yaml_get(&doc, roll, "value"));
			if (forced && !strcmp(forced, "true") && value &&
			    e->dice.nforced < WJ_MAX_FORCED)
				e->dice.forced[e->dice.nforced++] = atoi(value);
		}
	}
	yaml_document_delete(&doc);
	return 0;
}

/* "the British address is now X (was Y)": the side and both addresses. */
static int address_change(struct replay *r, const char *note, int *side, char *now, char *was)
{
	static const char head[] = "# moderator: the ", mid[] = " address is now ";
	const char *m = strstr(note, mid), *w;
	if (strncmp(note, head, sizeof head - 1) || !m)
		return -1;
	*side = 0;
	for (int k = 1; k <= r->g->game->nsides; k++) {
		const char *name = wj_mail_side_name(r->g->game, k);
		if ((size_t)(m - note) == sizeof head - 1 + strlen(name) &&
		    !strncmp(note + sizeof head - 1, name, strlen(name)))
			*side = k;
	}
	m += sizeof mid - 1;
	w = strstr(m, " (was ");
	size_t n = w ? (size_t)(w - m) : strlen(m);
	if (!*side || n >= WJ_ADDR_MAX)
		return -1;
	wj_fmt(now, WJ_ADDR_MAX, "%.*s", (int)n, m);
	was[0] = '\0';
	if (w && strlen(w + 6) < WJ_ADDR_MAX && w[strlen(w) - 1] == ')')
		wj_fmt(was, WJ_ADDR_MAX, "%.*s", (int)strlen(w + 6) - 1, w + 6);
	return 0;
}

/* The players' addresses before the first change of each: the record's
 * meta holds the last ones, and each change logs the one it replaced. */
static int start_addresses(struct replay *r, struct wj_meta *m)
{
	bool known[GAME_MAX_SIDES + 1] = { false };
	int last = wj_record_next_entry(r->orig) - 1;
	struct logged *e = malloc(sizeof *e);
	if (!e)
		return EX_OSERR;
	for (int k = 2; k <= last; k++) {
		char now[WJ_ADDR_MAX], was[WJ_ADDR_MAX];
		int side, rc = read_logged(r, k, e);
		if (rc < 0) {
			free(e);
			return EX_DATAERR;
		}
		if (rc || !e->note[0] || address_change(r, e->note, &side, now, was) || known[side])
			continue;
		known[side] = true;
		if (!was[0]) {
			fprintf(r->out, "replay: log/%06d.yaml changes the %s address and does not say "
				"what it was (the game is older than that note): the replay cannot "
				"tell where the mails before it went\n", k,
				wj_mail_side_name(r->g->game, side));
			free(e);
			return EX_DATAERR;
		}
		wj_fmt(m->addr[side], sizeof m->addr[side], "%s", was);
	}
	free(e);
	return EX_OK;
}

/* The Date field of a header (its first line), "" for none. */
static void date_field(const char *h, size_t len, char *date, size_t dlen)
{
	for (size_t i = 0, end; i < len && !date[0]; i = end) {
		const char *nl = memchr(h + i, '\n', len - i);
		end = nl ? (size_t)(nl - h) + 1 : len;
		if (end - i < 2 || h[i] == '\r' || h[i] == '\n')
			break;
		if (!strncasecmp(h + i, "Date: ", 6))
			wj_fmt(date, dlen, "%.*s", (int)strcspn(h + i + 6, "\r\n"), h + i + 6);
	}
}

/* The Date of the record's mails of entry `number` (a notice, a report):
 * "" when it wrote none, as without a config. */
static void entry_mail_date(struct replay *r, int number, char *date, size_t len)
{
	static const char *const dirs[] = { "outbox/cur", "outbox/new", "outbox/held" };
	char prefix[16];
	date[0] = '\0';
	wj_fmt(prefix, sizeof prefix, "%06d.", number);
	for (size_t d = 0; d < sizeof dirs / sizeof *dirs && !date[0]; d++) {
		char dir[PATH_MAX];
		wj_fmt(dir, sizeof dir, "%s/%s", r->orig, dirs[d]);
		DIR *dp = opendir(dir);
		for (struct dirent *de; dp && !date[0] && (de = readdir(dp));) {
			char path[PATH_MAX];
			struct wj_buf b = { .max = 1u << 16 };
			if (strncmp(de->d_name, prefix, strlen(prefix)) || strstr(de->d_name, ".why") ||
			    wj_fmt(path, sizeof path, "%s/%s", dir, de->d_name))
				continue;
			if (wj_file_text(path, b.max, &b) == 0 || b.over)
				date_field(b.p, b.len, date, len);
			wj_buf_free(&b);
		}
		if (dp)
			closedir(dp);
	}
	struct wj_buf pack = { .max = 1u << 30 };
	struct wj_pack_member m;
	size_t pos = 0;
	if (!date[0] && wj_outbox_packed(r->orig, number, &pack) == 0)
		while (!date[0] && wj_pack_next(pack.p, pack.len, &pos, &m) == 1)
			if (m.nlen > strlen(prefix) && !memcmp(m.name, prefix, strlen(prefix)))
				date_field(m.at, m.len, date, len);
	wj_buf_free(&pack);
}

/* ---- the scratch game ---- */

/* The game's first position as `new` made it: its rules' set-up, or the
 * scenario kept in secret/scenario.yaml, with the seed (and the events
 * the set-up told, which log entry 1 keeps); a scenario game made before
 * secret/scenario.yaml was kept starts from secret/initial-state.yaml. */
static int starting_position(struct replay *r, struct game_state *s, struct game_events *ev)
{
	char path[PATH_MAX], err[512];
	const struct game *game = r->g->game;
	wj_fmt(path, sizeof path, "%s/secret/scenario.yaml", r->orig);
	bool kept = r->g->meta.scenario[0] && access(path, F_OK) == 0;
	if (!r->g->meta.scenario[0] || kept) {
		struct wj_dice dice = { 0 };
		struct wj_rng rng;
		memcpy(dice.seed, r->g->seed, sizeof dice.seed);
		wj_dice_rng(&dice, &rng);
		if (!game->new_game(r->g->data, kept ? path : NULL, r->g->meta.options, &rng, s,
				    ev, err, sizeof err))
			return 0;
		fprintf(r->out, "replay: %s: the set-up: %s\n", r->orig, err);
		return -1;
	}
	struct wj_buf b = { .max = 1u << 22 };
	wj_fmt(path, sizeof path, "%s/secret/initial-state.yaml", r->orig);
	int rc = wj_file_text(path, b.max, &b);
	if (rc)
		fprintf(r->out, "replay: %s: %s (a scenario game needs its starting position)\n",
			path, strerror(errno));
	else if ((rc = game->state_read(b.p, b.len, r->g->data, s, true, err,
					      sizeof err)))
		fprintf(r->out, "replay: %s: %s\n", path, err);
	wj_buf_free(&b);
	return rc;
}

/* A replay that was killed left its scratch directory behind; it is
 * named by its process, so the next replay removes those whose process
 * is gone (a live one, or a new process with the same number, is left),
 * and only those that are the judge's user's own directories. */
static void sweep_scratch(const char *base)
{
	int fd = open(base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *dir = fd < 0 ? NULL : fdopendir(fd);
	if (!dir) {
		if (fd >= 0)
			close(fd);
		return;
	}
	for (struct dirent *e; (e = readdir(dir));) {
		int pid;
		struct stat st;
		if (sscanf(e->d_name, "wwjudge-replay-%d-", &pid) != 1 || pid <= 0 ||
		    pid == (int)getpid() || kill(pid, 0) == 0 || errno != ESRCH ||
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_uid != getuid())
			continue;
		if (S_ISDIR(st.st_mode))
			rm_tree_at(fd, e->d_name, 0);
		else
			unlinkat(fd, e->d_name, 0); /* a link is removed, never followed */
	}
	closedir(dir);
}

/* A directory only the judge's user may enter: its own, mode 0700, not a
 * symbolic link. */
static bool own_private_dir(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() &&
	       !(st.st_mode & 077);
}

/* Where scratch games go (issue 20.5): $XDG_RUNTIME_DIR/wwjudge when the
 * session has one of the judge's own, else .replay in the directory that
 * holds the game (the games directory); never a directory others may
 * write to, such as /tmp, where a swapped symbolic link could turn a
 * sweep against another user's files. */
static int scratch_base(const struct replay *r, char *out, size_t len)
{
	const char *run = getenv("XDG_RUNTIME_DIR");
	if (run && *run && own_private_dir(run) && !wj_fmt(out, len, "%s/wwjudge", run)) {
		mkdir(out, 0700);
		if (own_private_dir(out))
			return 0;
	}
	const char *slash = strrchr(r->orig, '/');
	if (wj_fmt(out, len, "%.*s/.replay", slash ? (int)(slash - r->orig) : 1,
		   slash ? r->orig : "."))
		return -1;
	if (mkdir(out, 0700) < 0 && errno != EEXIST)
		return -1;
	if (own_private_dir(out))
		return 0;
	errno = EPERM;
	return -1;
}

static int make_scratch(struct replay *r)
{
	char name[WJ_GAME_NAME + 1], err[512], base[PATH_MAX];
	wj_game_name(r->orig, name, sizeof name);
	if (scratch_base(r, base, sizeof base) < 0) {
		fprintf(r->out, "replay: no private directory for the scratch game (%s): %s\n",
			base, strerror(errno));
		r->scratch[0] = '\0';
		return EX_CANTCREAT;
	}
	sweep_scratch(base);
	if (wj_fmt(r->scratch, sizeof r->scratch, "%s/wwjudge-replay-%d-XXXXXX", base,
		   (int)getpid()) || !mkdtemp(r->scratch)) {
		fprintf(r->out, "replay: cannot make a temporary directory: %s\n", strerror(errno));
		r->scratch[0] = '\0';
		return EX_CANTCREAT;
	}
	wj_fmt(r->game, sizeof r->game, "%s/%s", r->scratch, name);
	wj_fmt(r->c.games, sizeof r->c.games, "%s", r->scratch);

	struct wj_game *ng = calloc(1, sizeof *ng);
	struct game_events *ev = game_events_new(r->g->game);
	int rc = ng && ev && wj_game_new(ng, r->g->game) == 0 ? EX_OK : EX_OSERR;
	if (!rc) {
		ng->meta = r->g->meta;
		rc = start_addresses(r, &ng->meta);
		ng->meta.seed_revealed = false;
		ng->meta.seed_hex[0] = '\0';
		memcpy(ng->seed, r->g->seed, sizeof ng->seed);
		ng->data = r->g->data;
		if (!rc)
			rc = starting_position(r, ng->state, ev) ? EX_DATAERR : EX_OK;
	}
	if (!rc && wj_record_create(r->game, ng, ev, err, sizeof err) != WJ_REC_OK) {
		fprintf(r->out, "replay: cannot create the scratch game %s: %s\n", r->game, err);
		rc = EX_CANTCREAT;
	}
	if (ev)
		game_events_free(r->g->game, ev);
	if (ng)
		wj_game_free(ng);
	free(ng);
	struct wj_mail_secret ms;
	if (!rc && wj_mail_secret_read(r->orig, r->g->game, &ms, err, sizeof err)) {
		fprintf(r->out, "replay: %s\n", err);
		rc = EX_DATAERR;
	}
	if (!rc) {
		wj_mail_tokens_move(&ms, 1, ~0u); /* the tokens of the first mails */
		ms.paused = false;
		if (wj_mail_secret_write(r->game, &ms, err, sizeof err)) {
			fprintf(r->out, "replay: %s\n", err);
			rc = EX_CANTCREAT;
		}
	}
	if (!rc && same_file(r, "log/000001.yaml", NULL, "the start (log entry 1)"))
		rc = EX_DATAERR;
	return rc;
}

/* ---- one mail ---- */

/* One mail the replay just wrote, NAME in its outbox/new, against the
 * record: the record of it against outbox/cur's record once sent (what
 * `send` keeps, mail_net.h), else the whole mail against the record's
 * outbox/cur (as kept before records), outbox/held (set aside by `send`)
 * or outbox/new. Either way it goes to the scratch outbox/cur. */
static int compare_mail(struct replay *r, const char *name, const char *why)
{
	char rel[PATH_MAX], cur[PATH_MAX], held[PATH_MAX], from[PATH_MAX], to[PATH_MAX];
	char aside[PATH_MAX], err[512];
	struct stat st;
	wj_fmt(rel, sizeof rel, "outbox/new/%s", name);
	wj_fmt(cur, sizeof cur, "outbox/cur/%s", name);
	wj_fmt(held, sizeof held, "outbox/held/%s", name);
	wj_fmt(from, sizeof from, "%s/%s", r->orig, cur);
	wj_fmt(aside, sizeof aside, "%s/%s", r->orig, held);
	struct wj_buf kept = { .max = 1u << 20 };
	if (wj_outbox_kept(r->orig, name, &kept) == 0 && kept.len > strlen(WJ_SENT_FIELD) &&
	    !memcmp(kept.p, WJ_SENT_FIELD, strlen(WJ_SENT_FIELD))) {
		int rc = wj_outbox_sent(r->game, name, err, sizeof err);
		if (rc)
			fprintf(r->out, "%s: %s\n", why, err);
		else
			rc = same_record(r, name, &kept, why);
		wj_buf_free(&kept);
		return rc;
	}
	wj_buf_free(&kept);
	int rc = same_file(r, rel, stat(from, &st) == 0 ? cur : stat(aside, &st) == 0 ? held : rel,
			   why);
	wj_fmt(from, sizeof from, "%s/%s", r->game, rel);
	wj_fmt(to, sizeof to, "%s/%s", r->game, cur);
	if (rc == 0)
		rename(from, to); /* aside: the next mail's are compared alone */
	return rc;
}

static int compare_outbox(struct replay *r, const char *why)
{
	char dir[PATH_MAX];
	wj_fmt(dir, sizeof dir, "%s/outbox/new", r->game);
	DIR *dp = opendir(dir);
	if (!dp)
		return 0;
	struct dirent *e;
	int rc = 0;
	while (rc == 0 && (e = readdir(dp))) {
		if (e->d_name[0] == '.')
			continue;
		rc = compare_mail(r, e->d_name, why);
		if (rc == 0)
			r->mails++;
	}
	closedir(dp);
	return rc;
}

static int replay_mail(struct replay *r, const struct archive *a, int i, int *entries)
{
	char why[256];
	int before = *entries;
	int rc = wj_mail_process(&r->c, a->mail[i].p, a->mail[i].len, NULL);
	if (rc == EX_TEMPFAIL) {
		fprintf(r->out, "replay: %s: the scratch game could not take it (exit 75)\n",
			a->where[i]);
		return EX_TEMPFAIL;
	}
	*entries = wj_record_next_entry(r->game) - 1;
	wj_why(why, sizeof why, "%s", a->where[i]);
	for (int e = before + 1; e <= *entries; e++) {
		char rel[32];
		wj_fmt(rel, sizeof rel, "log/%06d.yaml", e);
		if (same_file(r, rel, NULL, why))
			return EX_DATAERR;
		r->entries++;
	}
	return compare_outbox(r, why) ? EX_DATAERR : EX_OK;
}

/* Orders given with `wwjudge order`, with the rolls it forced. */
static enum wj_rec_status replay_orders(struct replay *r, const struct logged *e,
					const struct wj_mail_config *c, const char *date,
					struct wj_game *g, char *err, size_t errlen)
{
	struct wj_play *p = calloc(1, sizeof *p);
	struct wj_dice dice = e->dice;
	enum wj_rec_status st = WJ_REC_IO;
	if (!p)
		return st;
	p->side = e->side;
	for (int i = 0; i < e->norders; i++)
		p->orders[p->n++] = e->orders[i];
	int rc = wj_play_apply(r->g->data, g, &dice, p);
	struct wj_log_entry le = { .sender = WJ_SENDER_COMMAND_LINE };
	if (rc < 0)
		wj_why(err, errlen, "out of memory");
	else if (rc > 0 || !c)
		st = wj_play_commit(r->game, g, p, &le, NULL, 0, NULL, err, errlen);
	else
		st = wj_play_commit_mailed(c, r->game, r->g->data, g, p, &le, date, err, errlen);
	wj_play_free(p);
	free(p);
	return st;
}

/* Entry e of the record, given on the command line, applied to the
 * scratch game as the command did it: with the players told when the
 * record's entry told them (it was given with a config), their mails dated
 * as the record's are. */
static int apply_logged(struct replay *r, const struct logged *e)
{
	char date[128], err[600] = "", now[WJ_ADDR_MAX], was[WJ_ADDR_MAX], name[WJ_GAME_NAME + 1];
	int fd = -1, side;
	struct wj_game *g = calloc(1, sizeof *g), *after = malloc(sizeof *after);
	struct wj_moderator_change *ch = malloc(sizeof *ch);
	struct wj_rollback_plan plan = { 0 };
	struct wj_mail_secret next;
	entry_mail_date(r, e->number, date, sizeof date);
	const struct wj_mail_config *c = date[0] ? &r->c : NULL;
	struct wj_rollback_by by = { .who = WJ_SENDER_COMMAND_LINE,
				     .mail_date = date[0] ? date : NULL };
	wj_game_name(r->orig, name, sizeof name);
	enum wj_rec_status st = !g || !after || !ch ? WJ_REC_IO :
				wj_record_open(r->game, 10, &fd, g, err, sizeof err);
	if (st == WJ_REC_OK && wj_mail_secret_read(r->game, g->game, &next, err, sizeof err) < 0)
		st = WJ_REC_CORRUPT;
	if (st != WJ_REC_OK) {
	} else if (e->rollback) {
		int rc = e->to_move < 0 ? 1 : wj_rollback_prepare(r->game, g, (uint32_t)e->to_move,
								  &plan, err, sizeof err);
		st = rc ? WJ_REC_CORRUPT :
		     wj_rollback_commit(c, r->game, name, g, &plan, &by, err, sizeof err);
	} else if (!strcmp(e->note, "# moderator: the game is paused") ||
		   !strcmp(e->note, "# moderator: the game is resumed")) {
		wj_change_pause(ch, g, &next, !strcmp(e->note, "# moderator: the game is paused"));
		st = wj_moderator_commit(c, r->game, name, g, ch, &by, err, sizeof err);
	} else if (!address_change(r, e->note, &side, now, was)) {
		*after = *g;
		wj_change_address(ch, after, side, now);
		st = wj_moderator_commit(c, r->game, name, g, ch, &by, err, sizeof err);
	} else if (!e->note[0] && e->side && e->norders) {
		st = replay_orders(r, e, c, by.mail_date, g, err, sizeof err);
	} else {
		wj_why(err, sizeof err, "the replay does not know this command (%.200s)",
		       e->note[0] ? e->note : "no order");
		st = WJ_REC_CORRUPT;
	}
	if (st != WJ_REC_OK)
		fprintf(r->out, "replay: log/%06d.yaml, from the command line, cannot be applied "
			"to the replay: %s\n", e->number, err);
	if (fd >= 0)
		wj_record_unlock(fd);
	wj_rollback_plan_free(&plan);
	if (g)
		wj_game_free(g);
	free(g);
	free(after); /* its state is g's */
	free(ch);
	return st == WJ_REC_OK ? 0 : -1;
}

/* The record's entries given on the command line that come next, before
 * the next mail (or after the last). */
static int replay_command_line(struct replay *r, int *entries)
{
	struct logged *e = malloc(sizeof *e);
	int rc = e ? 0 : EX_OSERR;
	while (!rc && read_logged(r, *entries + 1, e) == 0 && e->command_line) {
		char why[64];
		int before = *entries;
		wj_why(why, sizeof why, "log/%06d.yaml (from the command line)", e->number);
		if (apply_logged(r, e) < 0) {
			rc = EX_DATAERR;
			break;
		}
		*entries = wj_record_next_entry(r->game) - 1;
		for (int k = before + 1; k <= *entries && !rc; k++) {
			char rel[32];
			wj_fmt(rel, sizeof rel, "log/%06d.yaml", k);
			if (same_file(r, rel, NULL, why))
				rc = EX_DATAERR;
			else
				r->entries++;
		}
		if (!rc && compare_outbox(r, why))
			rc = EX_DATAERR;
		if (!rc && r->named && r->moderator < SHOWN_MODERATOR)
			wj_fmt(r->named[r->moderator], sizeof r->named[0], "log/%06d.yaml: from the "
			       "command line (%.280s)", e->number, e->note[0] ? e->note :
			       e->orders[0]);
		r->moderator += !rc;
	}
	free(e);
	return rc;
}

/* After the last mail: nothing of the record left unexplained. */
static int compare_end(struct replay *r, int entries)
{
	int total = wj_record_next_entry(r->orig) - 1;
	if (total > entries) {
		fprintf(r->out, "replay: log/%06d.yaml: no mail of the archive gives this entry "
			"(the archive ends after entry %d)\n", entries + 1, entries);
		return EX_DATAERR;
	}
	static const char *const files[] = { "secret/state.yaml", "game.yaml" };
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		if (same_file(r, files[i], NULL, "replay: at the end"))
			return EX_DATAERR;
	for (int side = 1; side <= r->g->game->nsides; side++) {
		char ledger[WJ_REC_LEDGER_NAME];
		wj_rec_ledger_file(r->g->game, side, ledger);
		if (same_file(r, ledger, NULL, "replay: at the end"))
			return EX_DATAERR;
	}
	return EX_OK;
}

static int load_original(struct replay *r)
{
	char err[512];
	r->g = calloc(1, sizeof *r->g);
	if (!r->g)
		return EX_OSERR;
	enum wj_rec_status st = wj_record_load(r->orig, r->g, err, sizeof err); /* and its data */
	if (st == WJ_REC_OK)
		return EX_OK;
	fprintf(r->out, "replay: %s: %s\n", r->orig, err);
	return st == WJ_REC_MISSING ? EX_NOINPUT : EX_DATAERR;
}

int wj_mail_replay(const struct wj_mail_config *c, const char *game, const char *archive,
		   FILE *out)
{
	struct replay r = { .orig = game, .log.dir = game, .out = out };
	struct archive a = { 0 };
	char err[600] = "";
	if (!c) {
		fprintf(out, "replay: --config FILE is needed: the judge's address says which "
			"mails are orders\n");
		return EX_USAGE;
	}
	r.c = *c;
	int rc = load_original(&r);
	if (!rc && read_archive(archive, &a, err, sizeof err)) {
		fprintf(out, "replay: %s\n", err);
		rc = EX_NOINPUT;
	}
	if (!rc)
		rc = make_scratch(&r);
	int entries = 1;
	r.named = calloc(SHOWN_MODERATOR, sizeof *r.named);
	for (int i = 0; i <= a.n && !rc; i++) {
		rc = replay_command_line(&r, &entries);
		if (!rc && i < a.n)
			rc = replay_mail(&r, &a, i, &entries);
	}
	if (!rc)
		rc = compare_end(&r, entries);
	if (!rc && r.moderator) {
		fprintf(out, "replay: %d entr%s given on the command line, in no mail, applied "
			"from the log and compared:\n", r.moderator, r.moderator == 1 ? "y" : "ies");
		for (int i = 0; r.named && i < r.moderator && i < SHOWN_MODERATOR; i++)
			fprintf(out, "  %s\n", r.named[i]);
		if (r.moderator > SHOWN_MODERATOR)
			fprintf(out, "  and %d more\n", r.moderator - SHOWN_MODERATOR);
	}
	if (!rc)
		fprintf(out, "replay: %d mails read, %d log entries and %d outgoing mails "
			"compared: the record is what the archive gives\n", a.n, r.entries + 1,
			r.mails);
	free(r.named);
	wj_record_log_close(&r.log);
	if (r.scratch[0])
		rm_tree(r.scratch);
	archive_free(&a);
	if (r.g)
		wj_game_free(r.g);
	free(r.g);
	return rc;
}
