/* The game record on disk (record.h, docs/record.md).
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
#include "games.h"
#include "record_internal.h"
#include "test_hooks.h"
#include "text.h"

#define TXN_FILES (9 + WJ_REC_MAX_FILES)
#define FILE_LIMIT (16 * 1024 * 1024)
#define JOURNAL_MAGIC "wwjudge journal 1"

static int crash_step;

void wj_record_crash_point(void)
{
	wj_test_crash("WW_CRASH_AT", &crash_step);
}

static int join(char *out, const char *dir, const char *rel)
{
	int n = snprintf(out, PATH_MAX, "%s/%s", dir, rel);
	return n < 0 || n >= PATH_MAX ? -1 : 0;
}

/* ---- the game and its sides ---- */

/* The index keeps the last order of two sides, as every game kept has. */
enum { SIDE_1 = 1, SIDE_2 = 2 };

const struct game *wj_rec_game(const struct wj_game *g)
{
	if (g->game)
		return g->game;
	return g->meta.game[0] ? game_find(g->meta.game) : game_at(0);
}

const char *wj_rec_side(const struct game *game, int side)
{
	return side >= 1 && side <= game->nsides ? game->side[side].word : "nobody";
}

int wj_rec_side_of(const struct game *game, const char *word)
{
	if (word && !strcmp(word, "nobody"))
		return GAME_PUBLIC;
	for (int s = 1; word && s <= game->nsides; s++)
		if (!strcmp(word, game->side[s].word))
			return s;
	return -1;
}

/* ---- the data for names ---- */

/* The game's data from data_dir, loaded with its data_load once per
 * process per game and directory. */
static const struct game_data *data_for(const struct wj_game *g, const char *data_dir,
					char *err, size_t errlen)
{
	static struct { const struct game *game; char dir[256]; struct game_data *d; } cache[4];
	static int ncache;
	const struct game *game = wj_rec_game(g);
	char why[512];
	if (g->data)
		return g->data;
	for (int i = 0; i < ncache; i++)
		if (cache[i].game == game && strcmp(cache[i].dir, data_dir) == 0)
			return cache[i].d;
	struct game_data *d = NULL;
	if (game->data_load(data_dir, &d, why, sizeof why) < 0) {
		wj_fmt(err, errlen, "cannot load the game data %s: %s", data_dir, why);
		return NULL;
	}
	int i = ncache < 4 ? ncache++ : 0;
	if (cache[i].d)
		cache[i].game->data_free(cache[i].d);
	cache[i].game = game;
	snprintf(cache[i].dir, sizeof cache[i].dir, "%s", data_dir);
	cache[i].d = d;
	return d;
}

/* Whom the game waits for: every side asked (GAME_SIDE bits), none once
 * it is over. */
static int waiting_for(const struct game *game, const struct game_state *s)
{
	struct game_end end;
	return game->over(s, &end) ? 0 : (int)game->asked(s);
}

/* The sides of `waiting` by their words, "british" or "american british";
 * "nobody" for none. */
static void waiting_words(const struct game *game, int waiting, char *out, size_t len)
{
	out[0] = '\0';
	for (int side = 1; side <= game->nsides; side++)
		if (waiting & (int)GAME_SIDE(side))
			wj_fmt_add(out, len, "%s%s", out[0] ? " " : "", game->side[side].word);
	if (!out[0])
		wj_fmt(out, len, "nobody");
}

/* The set of the index's "waiting:" words: -1 if a word names no side. */
static int waiting_of(const struct game *game, char *words)
{
	int set = 0;
	for (char *save = NULL, *w = strtok_r(words, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
		int side = wj_rec_side_of(game, w);
		if (side < 0)
			return -1;
		set |= side ? (int)GAME_SIDE(side) : 0;
	}
	return set;
}

static bool game_over(const struct wj_game *g)
{
	struct game_end end;
	return wj_rec_game(g)->over(g->state, &end);
}

/* ---- durable writes ---- */

static enum wj_rec_status io_fail(char *err, size_t errlen, const char *what,
				  const char *path)
{
	/* a reader changes nothing, so says nothing of it (verify, show) */
	wj_fmt(err, errlen, "%s %s: %s%s", what, path, strerror(errno),
	       strcmp(what, "reading") ? "; nothing was changed" : "");
	return WJ_REC_IO;
}

static enum wj_rec_status write_new(const char *path, const char *text, size_t len,
				    mode_t mode, char *err, size_t errlen)
{
	wj_record_crash_point();
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	if (fd < 0)
		return io_fail(err, errlen, "creating", path);
	wj_record_crash_point();
	for (size_t done = 0; done < len;) {
		ssize_t k = write(fd, text + done, len - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = EIO;
			int e = errno;
			close(fd);
			unlink(path);
			errno = e;
			return io_fail(err, errlen, "writing", path);
		}
		done += (size_t)k;
	}
	wj_record_crash_point();
	if (fsync(fd) < 0 || close(fd) < 0) {
		int e = errno;
		unlink(path);
		errno = e;
		return io_fail(err, errlen, "writing", path);
	}
	return WJ_REC_OK;
}

static enum wj_rec_status sync_dir(const char *path, char *err, size_t errlen)
{
	wj_record_crash_point();
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return io_fail(err, errlen, "opening", path);
	int rc = fsync(fd);
	int e = errno;
	close(fd);
	errno = e;
	return rc < 0 ? io_fail(err, errlen, "syncing", path) : WJ_REC_OK;
}

static enum wj_rec_status make_dir(const char *path, mode_t mode, char *err, size_t errlen)
{
	wj_record_crash_point();
	if (mkdir(path, mode) < 0)
		return io_fail(err, errlen, "creating", path);
	chmod(path, mode); /* mkdir's mode is filtered by the umask */
	return WJ_REC_OK;
}

/* The whole file, NUL-terminated; -1 with errno set. */
static int read_all(const char *path, char **text, size_t *len)
{
	FILE *f = fopen(path, "re");
	if (!f)
		return -1;
	char *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (cap - n < 4096) {
			if (cap > FILE_LIMIT) {
				free(buf);
				fclose(f);
				errno = EFBIG;
				return -1;
			}
			cap = cap ? cap * 2 : 8192;
			char *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return -1;
			}
			buf = nb;
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		n += k;
		if (k == 0)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return -1;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

/* ---- the journal ---- */

/* A line "INDEX PATH" moves .txn/INDEX to PATH; "INDEX PATH +LEN" cuts
 * PATH back to LEN bytes and appends .txn/INDEX to it (a file that only
 * grows, written in place: doing it twice gives the same file). */
struct journal {
	int n;
	char rel[TXN_FILES][64];
	long long append[TXN_FILES]; /* the length to cut back to; -1: a move */
};

static int journal_parse(const char *text, struct journal *j)
{
	memset(j, 0, sizeof *j);
	const char *p = text;
	if (strncmp(p, JOURNAL_MAGIC "\n", sizeof JOURNAL_MAGIC) != 0)
		return -1;
	p += sizeof JOURNAL_MAGIC;
	while (*p) {
		int i, used;
		char rel[64];
		if (sscanf(p, "%d %63s%n", &i, rel, &used) != 2 || i != j->n || j->n == TXN_FILES)
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
static int journal_read(const char *dir, struct journal *j)
{
	char path[PATH_MAX], *text;
	size_t len;
	if (join(path, dir, "journal") < 0)
		return -1;
	if (read_all(path, &text, &len) < 0)
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
	if (read_all(path, &old, &olen) < 0 && !(errno == ENOENT && keep == 0))
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
static int read_rec(const char *dir, const char *rel, char **text, size_t *len)
{
	char path[PATH_MAX];
	struct journal j;
	int jr = journal_read(dir, &j);
	if (jr < 0)
		return -1; /* the files as they stand may be half a commit */
	if (jr == 1) {
		for (int i = 0; i < j.n; i++) {
			if (strcmp(j.rel[i], rel) != 0)
				continue;
			char staged[32];
			snprintf(staged, sizeof staged, ".txn/%d", i);
			if (join(path, dir, staged) == 0 && read_all(path, text, len) == 0) {
				if (j.append[i] < 0)
					return 0;
				char *s = *text;
				int rc = join(path, dir, rel) < 0 ? -1 :
					read_appended(path, j.append[i], s, *len, text, len);
				free(s);
				return rc;
			}
			if (errno != ENOENT)
				return -1;
		}
	}
	if (join(path, dir, rel) < 0) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return read_all(path, text, len);
}

int wj_rec_read(const char *dir, const char *rel, char **text, size_t *len)
{
	return read_rec(dir, rel, text, len);
}

static void remove_txn_dir(const char *dir)
{
	char path[PATH_MAX];
	if (join(path, dir, ".txn") < 0)
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
	if (read_all(from, &text, &len) < 0)
		return errno == ENOENT ? 0 : -1;
	wj_record_crash_point();
	int fd = open(to, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	int rc = fd < 0 || ftruncate(fd, (off_t)keep) < 0 ? -1 : 0;
	for (size_t done = 0; !rc && done < len;) {
		ssize_t k = pwrite(fd, text + done, len - done, (off_t)keep + (off_t)done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			rc = -1;
		else
			done += (size_t)k;
	}
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
static enum wj_rec_status roll_forward(const char *dir, const struct journal *j,
				       char *err, size_t errlen)
{
	char from[PATH_MAX], to[PATH_MAX], staged[32];
	enum wj_rec_status st;
	for (int i = 0; i < j->n; i++) {
		snprintf(staged, sizeof staged, ".txn/%d", i);
		if (join(from, dir, staged) < 0 || join(to, dir, j->rel[i]) < 0)
			return WJ_REC_IO;
		if (j->append[i] >= 0 ? append_staged(from, to, j->append[i]) < 0 :
		    (wj_record_crash_point(), rename(from, to) < 0 && errno != ENOENT)) {
			wj_fmt(err, errlen, "moving %s to %s: %s (the commit is made; the next "
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
		if ((st = sync_dir(to, err, errlen)))
			return st;
	}
	if (join(to, dir, "journal") < 0)
		return WJ_REC_IO;
	wj_record_crash_point();
	if (unlink(to) < 0 && errno != ENOENT)
		return io_fail(err, errlen, "removing", to);
	if ((st = sync_dir(dir, err, errlen)))
		return st;
	remove_txn_dir(dir);
	return WJ_REC_OK;
}

/* Finishes a committed journal, discards an uncommitted .txn/. Only with
 * the lock held. */
static enum wj_rec_status recover(const char *dir, char *err, size_t errlen)
{
	struct journal j;
	int rc = journal_read(dir, &j);
	if (rc < 0 && errno == EBADMSG) {
		wj_fmt(err, errlen, "%s/journal: malformed", dir);
		return WJ_REC_CORRUPT;
	}
	if (rc < 0) {
		char path[PATH_MAX];
		wj_fmt(path, sizeof path, "%s/journal", dir);
		return io_fail(err, errlen, "reading", path);
	}
	if (rc == 1)
		return roll_forward(dir, &j, err, errlen);
	remove_txn_dir(dir);
	return WJ_REC_OK;
}

/* ---- a transaction: the files one commit writes ---- */

struct txn {
	int n;
	struct {
		char rel[64];
		char *text;
		size_t len;
		mode_t mode;
		long long append; /* appended to a file of this length; -1: replaces it */
	} f[TXN_FILES];
};

static void txn_free(struct txn *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->f[i].text);
	t->n = 0;
}

/* Adds the text written so far to stream `m` (from open_memstream). */
static int txn_add(struct txn *t, const char *rel, FILE *m, char **text, size_t *len,
		   mode_t mode)
{
	if (fclose(m) != 0 || t->n == TXN_FILES) {
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

static enum wj_rec_status txn_commit(const char *dir, struct txn *t, char *err, size_t errlen)
{
	char txn[PATH_MAX], path[PATH_MAX], staged[32], journal[96 * (TXN_FILES + 1) + 32];
	enum wj_rec_status st;
	size_t jn = (size_t)snprintf(journal, sizeof journal, JOURNAL_MAGIC "\n");

	if (join(txn, dir, ".txn") < 0)
		return WJ_REC_IO;
	if ((st = make_dir(txn, 0700, err, errlen)))
		return st;
	for (int i = 0; i < t->n; i++) {
		snprintf(staged, sizeof staged, ".txn/%d", i);
		if (join(path, dir, staged) < 0)
			goto fail;
		if ((st = write_new(path, t->f[i].text, t->f[i].len, t->f[i].mode, err, errlen)))
			goto fail;
		jn += (size_t)snprintf(journal + jn, sizeof journal - jn, "%d %s", i, t->f[i].rel);
		if (t->f[i].append >= 0)
			jn += (size_t)snprintf(journal + jn, sizeof journal - jn, " +%lld",
					       t->f[i].append);
		jn += (size_t)snprintf(journal + jn, sizeof journal - jn, "\n");
	}
	if (join(path, dir, ".txn/journal") < 0)
		goto fail;
	if ((st = write_new(path, journal, jn, 0600, err, errlen)) ||
	    (st = sync_dir(txn, err, errlen)))
		goto fail;
	char final[PATH_MAX];
	if (join(final, dir, "journal") < 0)
		goto fail;
	wj_record_crash_point();
	if (rename(path, final) < 0) { /* the commit point */
		st = io_fail(err, errlen, "committing", final);
		goto fail;
	}
	struct journal j;
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

/* ---- file contents ---- */

static void write_meta(FILE *f, const struct wj_meta *m, const struct game *game)
{
	fputs("meta:\n", f);
	if (m->game[0])
		fprintf(f, "  game: %s\n", m->game);
	fputs("  data_id: ", f);
	wj_yaml_quote(f, m->data_id);
	fputs("\n  data_dir: ", f);
	wj_yaml_quote(f, m->data_dir);
	for (int side = 1; side <= game->nsides; side++) {
		fprintf(f, "\n  %s: ", game->side[side].word);
		wj_yaml_quote(f, m->addr[side]);
	}
	fprintf(f, "\n  commitment: %s\n", m->commitment);
	if (m->initial_state[0])
		fprintf(f, "  initial_state: %s\n", m->initial_state);
	fprintf(f, "  seed_revealed: %s\n", m->seed_revealed ? "true" : "false");
	if (m->seed_revealed)
		fprintf(f, "  seed: %s\n", m->seed_hex);
	if (m->scenario[0]) {
		fputs("  scenario: ", f);
		wj_yaml_quote(f, m->scenario);
		fputc('\n', f);
	}
	if (m->options) {
		char words[GAME_MAX_OPTIONS * 40];
		wj_rec_option_words(game, m->options, words, sizeof words);
		fprintf(f, "  options: [%s]\n", words);
	}
	if (m->mail_secrets)
		fputs("  mail_secrets: true\n", f);
}

/* The public state is what nobody may be refused: the game's view
 * decides it. */
static void game_yaml(FILE *f, const struct game *game, const struct game_data *d,
		      const struct wj_game *g)
{
	struct game_state *pub = game_state_new(game);
	if (game->hidden)
		fprintf(f, "# wwjudge game record (public). %s are in secret/.\n", game->hidden);
	else
		fputs("# wwjudge game record (public). What a side may not see is in secret/.\n", f);
	write_meta(f, &g->meta, game);
	if (!pub) {
		fputs("# out of memory\n", f);
		return;
	}
	game_view(game, d, g->state, GAME_PUBLIC, pub);
	game->state_write(f, d, pub, false);
	game_state_free(game, pub);
}


/* `key:` and the lines of `text`, one list item each. */
static void order_lines(FILE *f, const char *key, const char *text)
{
	fprintf(f, "%s:", key);
	const char *t = text ? text : "";
	if (!*t)
		fputs(" []", f);
	while (*t) {
		const char *nl = strchr(t, '\n');
		size_t n = nl ? (size_t)(nl - t) : strlen(t);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), t);
		fputs("\n  - ", f);
		wj_yaml_quote(f, line);
		t += n + (nl ? 1 : 0);
	}
}

const char *wj_rec_event_to(const struct game *game, const struct game_events *ev, int i)
{
	int seen_by = GAME_PUBLIC, n = 0;
	if (game->event_text(ev, i, GAME_PUBLIC))
		return "both";
	for (int side = 1; side <= game->nsides; side++)
		if (game->event_text(ev, i, side))
			seen_by = side, n++;
	return n == 1 ? wj_rec_side(game, seen_by) : "nobody";
}

const char *wj_rec_event_text(const struct game *game, const struct game_events *ev, int i)
{
	const char *t = game->event_text(ev, i, GAME_PUBLIC);
	for (int side = 1; !t && side <= game->nsides; side++)
		t = game->event_text(ev, i, side);
	return t ? t : "";
}

static void log_events(FILE *f, const struct game *game, const struct game_events *ev,
		       const char *said)
{
	int n = ev ? game->events_count(ev) : 0;
	fputs("\nevents:", f);
	if (!n && !said)
		fputs(" []", f);
	for (int i = 0; i < n; i++) {
		struct game_roll roll = game->event_roll(ev, i);
		fputs("\n  - text: ", f);
		wj_yaml_quote(f, wj_rec_event_text(game, ev, i));
		fprintf(f, "\n    to: %s", wj_rec_event_to(game, ev, i));
		if (roll.index >= 0)
			fprintf(f, "\n    roll: {index: %lld, value: %d, forced: %s}",
				roll.index, roll.value, roll.forced ? "true" : "false");
	}
	if (said) {
		fputs("\n  - text: ", f);
		wj_yaml_quote(f, said);
		fputs("\n    to: both", f);
	}
	fputc('\n', f);
}

static void log_yaml(FILE *f, int number, const struct wj_log_entry *e,
		     const struct game_state *s, const struct game *game)
{
	fprintf(f, "entry: %d\n", number);
	if (e->received) { /* an input (a mail's Date), never the clock: replays stay byte-identical */
		fputs("received: ", f);
		wj_yaml_quote(f, e->received);
		fputc('\n', f);
	}
	if (s)
		fprintf(f, "move: %u\n", game->move(s));
	fprintf(f, "side: %s\n", wj_rec_side(game, e->side));
	fputs("sender: ", f);
	wj_yaml_quote(f, e->sender ? e->sender : "");
	if (e->message_id) {
		fputs("\nmessage_id: ", f);
		wj_yaml_quote(f, e->message_id);
	}
	fprintf(f, "\nrejected: %s\n", e->rejected ? "true" : "false");
	if (e->rejected || e->reason) {
		fputs("reason: ", f);
		wj_yaml_quote(f, e->reason ? e->reason : "");
		fputc('\n', f);
	}
	if (e->rollback) {
		const struct wj_rollback *r = e->rollback;
		fprintf(f, "rollback:\n  from_move: %u\n  to_move: %u\n  target: %d\n"
			"  undone: {first: %d, last: %d}\n  next_roll: %llu\n  next_shuffle: %llu\n",
			(unsigned)r->from_move, (unsigned)r->to_move, r->target, r->first, r->last,
			(unsigned long long)r->next_roll, (unsigned long long)r->next_shuffle);
		if (r->reshuffled) /* the shuffle number the unseen cards were put in order by */
			fprintf(f, "  reshuffle: %llu\n", (unsigned long long)r->next_shuffle);
	}
	if (e->note && *e->note) { /* public, relayed to the opponent; replay reads past it */
		fputs("note: ", f);
		wj_yaml_quote(f, e->note);
		fputc('\n', f);
	}
	order_lines(f, "order", e->order_text);
	if (e->not_carried_out)
		order_lines(f, "\nnot_carried_out", e->not_carried_out);
	log_events(f, game, e->events, e->said);
}

/* ---- reading a game ---- */

static enum wj_rec_status corrupt(char *err, size_t errlen, const char *file,
				  const char *why)
{
	wj_fmt(err, errlen, "%s: %s", file, why);
	return WJ_REC_CORRUPT;
}

/* The game meta's `game:` names (absent: the registry's first, games.h,
 * which records made before there was a second game are). */
static enum wj_rec_status meta_game(yaml_document_t *doc, yaml_node_t *map,
				    const struct game **game, char *err, size_t errlen)
{
	yaml_node_t *v = wj_yaml_get(doc, map, "game");
	const char *name = v ? wj_yaml_str(v) : game_at(0)->name;
	char why[400], known[128];
	if (name && (*game = game_find(name)))
		return WJ_REC_OK;
	game_names(known, sizeof known);
	snprintf(why, sizeof why, "line %d: game: %s is not a game this judge plays (it plays: "
		 "%s)", wj_yaml_line(v), name ? name : "(not a name)", known);
	return corrupt(err, errlen, "game.yaml", why);
}

/* Where meta's text `key` goes in *m, and its size; NULL: no such key. */
static char *meta_text(struct wj_meta *m, const struct game *game, const char *key,
		       size_t *size)
{
	enum { NKEYS = 7 };
	static const char *const keys[NKEYS] = { "game", "data_id", "data_dir", "commitment",
						 "seed", "scenario", "initial_state" };
	char *const fields[NKEYS] = { m->game, m->data_id, m->data_dir, m->commitment,
				      m->seed_hex, m->scenario, m->initial_state };
	const size_t sizes[NKEYS] = { sizeof m->game, sizeof m->data_id, sizeof m->data_dir,
				      sizeof m->commitment, sizeof m->seed_hex,
				      sizeof m->scenario, sizeof m->initial_state };
	for (int side = 1; key && side <= game->nsides; side++)
		if (!strcmp(key, game->side[side].word)) {
			*size = sizeof m->addr[side];
			return m->addr[side];
		}
	for (int i = 0; key && i < NKEYS; i++)
		if (!strcmp(key, keys[i])) {
			*size = sizes[i];
			return fields[i];
		}
	return NULL;
}

void wj_rec_option_words(const struct game *game, unsigned bits, char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int i = 0; game->options && game->options[i].word && o < len; i++)
		if (bits & (1u << i))
			o += (size_t)snprintf(out + o, len - o, "%s%s", o ? ", " : "",
					      game->options[i].word);
}

unsigned wj_rec_option_bit(const struct game *game, const char *word, char *why, size_t whylen)
{
	int i = 0;
	for (; game->options && game->options[i].word; i++)
		if (!strcmp(game->options[i].word, word))
			return 1u << i;
	if (!i) {
		snprintf(why, whylen, "'%s': %s has no optional rules", word, game->title);
		return 0;
	}
	char words[GAME_MAX_OPTIONS * 40];
	wj_rec_option_words(game, (1u << i) - 1, words, sizeof words);
	snprintf(why, whylen, "'%s' is not an optional rule of %s (its options: %s)", word,
		 game->title, words);
	return 0;
}

/* The option a key of a record made before options were a list names,
 * "NAME_rule: true" for the game's option NAME ("tournament_rule"): its
 * bit, or 0. */
static unsigned old_option(const struct game *game, const char *key)
{
	size_t n = key ? strlen(key) : 0;
	char word[64], why[300];
	if (n <= 5 || n - 5 >= sizeof word || strcmp(key + n - 5, "_rule"))
		return 0;
	snprintf(word, sizeof word, "%.*s", (int)(n - 5), key);
	return wj_rec_option_bit(game, word, why, sizeof why);
}

/* meta's `options: [WORD, ...]` into *bits. */
static int meta_options(yaml_document_t *doc, yaml_node_t *v, const struct game *game,
			unsigned *bits, char *why, size_t whylen)
{
	char problem[300];
	if (v->type != YAML_SEQUENCE_NODE) {
		snprintf(why, whylen, "line %d: options must be a list of words", wj_yaml_line(v));
		return -1;
	}
	for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
	     it++) {
		yaml_node_t *w = yaml_document_get_node(doc, *it);
		unsigned bit = wj_yaml_str(w) ? wj_rec_option_bit(game, wj_yaml_str(w), problem,
								   sizeof problem) : 0;
		if (!bit) {
			wj_fmt(why, whylen, "line %d: options: %s", wj_yaml_line(w),
			       wj_yaml_str(w) ? problem : "each must be a word");
			return -1;
		}
		*bits |= bit;
	}
	return 0;
}

static enum wj_rec_status read_meta(yaml_document_t *doc, yaml_node_t *root,
				    struct wj_meta *m, const struct game **game,
				    char *err, size_t errlen)
{
	char why[256];
	yaml_node_t *map = wj_yaml_get(doc, root, "meta");
	enum wj_rec_status st;
	memset(m, 0, sizeof *m);
	if (!map || map->type != YAML_MAPPING_NODE)
		return corrupt(err, errlen, "game.yaml", "no meta: mapping");
	if ((st = meta_game(doc, map, game, err, errlen)))
		return st;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		yaml_node_t *v = yaml_document_get_node(doc, p->value);
		const char *key = wj_yaml_str(k), *val = wj_yaml_str(v);
		size_t size = 0;
		char *field = meta_text(m, *game, key, &size);
		if (key && strcmp(key, "seed_revealed") == 0) {
			if (wj_yaml_bool(v, &m->seed_revealed, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			continue;
		}
		unsigned old = old_option(*game, key);
		bool on;
		if (old) {
			if (wj_yaml_bool(v, &on, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			m->options |= on ? old : 0;
			continue;
		}
		if (key && !strcmp(key, "options")) {
			if (meta_options(doc, v, *game, &m->options, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			continue;
		}
		if (key && strcmp(key, "mail_secrets") == 0) {
			if (wj_yaml_bool(v, &m->mail_secrets, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			continue;
		}
		if (!field) {
			snprintf(why, sizeof why, "line %d: unknown meta key %s", wj_yaml_line(k),
				 key ? key : "(not a name)");
			return corrupt(err, errlen, "game.yaml", why);
		}
		if (!val || strlen(val) >= size) {
			snprintf(why, sizeof why, "line %d: %s must be text of at most %zu characters",
				 wj_yaml_line(v), key, size - 1);
			return corrupt(err, errlen, "game.yaml", why);
		}
		strcpy(field, val);
	}
	return WJ_REC_OK;
}

/* GAME/game.yaml read and parsed into *doc. */
/* game.yaml as a document, and its text in *keep (to be freed) unless
 * keep is NULL. */
static enum wj_rec_status load_game_yaml(const char *dir, yaml_document_t *doc, char **keep,
					 char *err, size_t errlen)
{
	char *text, why[300];
	size_t len;
	if (read_rec(dir, "game.yaml", &text, &len) < 0) {
		if (errno == ENOENT) {
			wj_fmt(err, errlen, "no game in %s (no game.yaml)", dir);
			return WJ_REC_MISSING;
		}
		return io_fail(err, errlen, "reading", "game.yaml");
	}
	int rc = wj_yaml_load(text, len, doc, why, sizeof why);
	if (keep && rc == 0)
		*keep = text;
	else
		free(text);
	return rc < 0 ? corrupt(err, errlen, "game.yaml", why) : WJ_REC_OK;
}

static enum wj_rec_status dir_game(const char *dir, const struct game **game,
				   char *err, size_t errlen)
{
	yaml_document_t doc;
	enum wj_rec_status st = load_game_yaml(dir, &doc, NULL, err, errlen);
	if (st)
		return st;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	yaml_node_t *map = root ? wj_yaml_get(&doc, root, "meta") : NULL;
	st = map && map->type == YAML_MAPPING_NODE ? meta_game(&doc, map, game, err, errlen) :
		corrupt(err, errlen, "game.yaml", "no meta: mapping");
	yaml_document_delete(&doc);
	return st;
}

const struct game *wj_rec_dir_game(const char *dir, char *err, size_t errlen)
{
	const struct game *game = NULL;
	return dir_game(dir, &game, err, errlen) ? NULL : game;
}

/* game.yaml's text after its meta: the text with its lines up to the end
 * of the `meta:` block blanked, so that the game's reader tells the
 * file's own line numbers. */
static void blank_meta(char *text)
{
	char *meta = strncmp(text, "meta:\n", 6) ? strstr(text, "\nmeta:\n") : text, *end = meta;
	while (end && (end = strchr(end + 1, '\n')) && end[1] == ' ')
		;
	for (char *c = text; meta && end && c < end; c++)
		if (*c != '\n')
			*c = ' ';
}

/* The public state of game.yaml reads (checked, not kept). */
static enum wj_rec_status read_public_state(const struct game *game, const struct game_data *d,
					    char *text, char *err, size_t errlen)
{
	struct game_state *pub = game_state_new(game);
	char why[300];
	enum wj_rec_status st = WJ_REC_OK;
	if (!pub)
		return io_fail(err, errlen, "reading", "game.yaml");
	blank_meta(text);
	if (game->state_read(text, strlen(text), d, pub, false, why, sizeof why) < 0)
		st = corrupt(err, errlen, "game.yaml", why);
	game_state_free(game, pub);
	return st;
}

/* game.yaml: the meta and its game, and the public state (checked, not kept). */
static enum wj_rec_status read_game_yaml(const char *dir, struct wj_game *g,
					 struct wj_meta *m, const struct game_data **d,
					 char *err, size_t errlen)
{
	yaml_document_t doc;
	char *text = NULL;
	enum wj_rec_status st = load_game_yaml(dir, &doc, &text, err, errlen);
	if (st)
		return st;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	st = read_meta(&doc, root, m, &g->game, err, errlen);
	if (!st && !(*d = data_for(g, m->data_dir, err, errlen)))
		st = WJ_REC_IO;
	if (!st)
		st = read_public_state(g->game, *d, text, err, errlen);
	yaml_document_delete(&doc);
	free(text);
	return st;
}

static enum wj_rec_status read_seed(const char *dir, unsigned char seed[WJ_SEED_BYTES],
				    char *err, size_t errlen)
{
	char *text;
	size_t len;
	if (read_rec(dir, "secret/seed", &text, &len) < 0)
		return io_fail(err, errlen, "reading", "secret/seed");
	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	int rc = wj_seed_from_hex(text, seed);
	free(text);
	return rc < 0 ? corrupt(err, errlen, "secret/seed", "line 1: expected 64 hex digits") : WJ_REC_OK;
}

/* secret/state.yaml into g->state, allocated by g's game. */
static enum wj_rec_status read_secret_state(const char *dir, const struct game_data *d,
					    struct wj_game *g, char *err, size_t errlen)
{
	const struct game *game = wj_rec_game(g);
	char *text, why[300];
	size_t len;
	if (!(g->state = game_state_new(game)))
		return io_fail(err, errlen, "reading", "secret/state.yaml");
	if (read_rec(dir, "secret/state.yaml", &text, &len) < 0)
		return io_fail(err, errlen, "reading", "secret/state.yaml");
	int rc = game->state_read(text, len, d, g->state, true, why, sizeof why);
	free(text);
	return rc < 0 ? corrupt(err, errlen, "secret/state.yaml", why) : WJ_REC_OK;
}

enum wj_rec_status wj_record_load(const char *dir, struct wj_game *g,
				  char *err, size_t errlen)
{
	const struct game_data *d = NULL;
	struct wj_game *ng = calloc(1, sizeof *ng);
	enum wj_rec_status st;
	char commitment[WJ_COMMIT_HEX];
	if (!ng)
		return WJ_REC_IO;
	ng->data = g->data;
	if ((st = read_game_yaml(dir, ng, &ng->meta, &d, err, errlen)) ||
	    (st = read_seed(dir, ng->seed, err, errlen)) ||
	    (st = read_secret_state(dir, d, ng, err, errlen)))
		goto out;
	wj_seed_commitment(ng->seed, commitment);
	if (strcmp(commitment, ng->meta.commitment) != 0) {
		st = corrupt(err, errlen, "secret/seed", "does not match the commitment in game.yaml");
		goto out;
	}
	ng->data = d;
	wj_game_free(g);
	memcpy(g, ng, sizeof *g);
	ng->state = NULL;
out:
	wj_game_free(ng);
	free(ng);
	return st;
}

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
	if (join(path, dir, "lock") < 0) {
		wj_fmt(err, errlen, "path too long: %s", dir);
		return WJ_REC_IO;
	}
	int lfd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (lfd < 0) {
		wj_fmt(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return errno == ENOENT ? WJ_REC_MISSING : WJ_REC_IO;
	}
	close_to_others(dir, lfd);
	for (int tries = 0; flock(lfd, LOCK_EX | LOCK_NB) < 0; tries++) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			wj_fmt(err, errlen, "cannot lock %s: %s", path, strerror(errno));
			close(lfd);
			return WJ_REC_IO;
		}
		if (tries >= wait_seconds * 10) {
			wj_fmt(err, errlen, "the game is busy (another wwjudge holds %s); try again later",
			    path);
			close(lfd);
			return WJ_REC_BUSY;
		}
		nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
	}
	enum wj_rec_status st = recover(dir, err, errlen);
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

/* ---- seen ---- */

/* One line of GAME/seen: valid UTF-8 (text.h), blanks and anything that
 * could end or bend a line as '_'. */
static void clean_id(char *out, size_t len, const char *id)
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

#define SEEN_FILES 64

/* The file of seen.d/ that holds a seen line: the first byte of the
 * line's BLAKE2b-256 hash, modulo 64, in hex. A look-up reads that file
 * alone, and a commit appends to it. */
static void seen_file(const char *line, char rel[16])
{
	unsigned char h[crypto_generichash_BYTES];
	crypto_generichash(h, sizeof h, (const unsigned char *)line, strlen(line), NULL, 0);
	snprintf(rel, 16, "seen.d/%02x", h[0] % SEEN_FILES);
}

/* 1: GAME/rel has the line; 0: it has not, or there is no such file;
 * -1: it cannot be read (errno set). */
static int has_line(const char *dir, const char *rel, const char *line)
{
	char *text;
	size_t len, n = strlen(line);
	if (read_rec(dir, rel, &text, &len) < 0)
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
	clean_id(id, sizeof id, message_id);
	seen_file(id, rel);
	/* GAME/seen holds the ids of a game made before seen.d/ */
	int rc = has_line(dir, rel, id);
	if (rc == 0)
		rc = has_line(dir, "seen", id);
	if (rc < 0) {
		int e = errno;
		wj_fmt(err, errlen, "reading %s/%s: %s; nothing was changed", dir,
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

static int log_numbers(const char *dir, int *v, int max);

/* Whether GAME/rel, a directory, holds a file. */
static bool holds_mail(const char *dir, const char *rel)
{
	char path[PATH_MAX];
	DIR *dp = join(path, dir, rel) < 0 ? NULL : opendir(path);
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
	enum wj_rec_status st = load_game_yaml(dir, &doc, NULL, err, sizeof err);
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
	if (!nums || (n = log_numbers(dir, nums, max)) < 0) {
		free(nums);
		return -1;
	}
	for (int i = n - 1; i >= 0 && rc == 0; i--) {
		char rel[32], *text;
		size_t len;
		snprintf(rel, sizeof rel, "log/%06d.yaml", nums[i]);
		if (read_rec(dir, rel, &text, &len) < 0) {
			rc = -1;
			break;
		}
		rc = came_by_mail(text);
		free(text);
	}
	free(nums);
	return rc;
}

/* ---- the index ---- */

/* Whether entry `number` was accepted, and whose it is. */
static int entry_facts(const char *dir, const struct game *game, int number, bool *accepted,
		       int *side)
{
	char rel[32], *text, why[256];
	size_t len;
	yaml_document_t doc;
	snprintf(rel, sizeof rel, "log/%06d.yaml", number);
	if (read_rec(dir, rel, &text, &len) < 0)
		return -1;
	int rc = wj_yaml_load(text, len, &doc, why, sizeof why);
	free(text);
	if (rc < 0)
		return -1;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	bool rejected = false;
	rc = wj_yaml_bool(wj_yaml_get(&doc, root, "rejected"), &rejected, why, sizeof why);
	*accepted = !rejected;
	*side = wj_rec_side_of(game, wj_yaml_str(wj_yaml_get(&doc, root, "side")));
	yaml_document_delete(&doc);
	return rc < 0 || *side < 0 ? -1 : 0;
}

/* The index after entry `number`, as a commit writes it. */
static void index_add(struct wj_record_index *ix, int number, bool accepted, int side)
{
	ix->next_entry = number + 1;
	if (!accepted)
		return;
	if (side == SIDE_1 || side == SIDE_2)
		ix->last_order[side] = number;
	if (ix->naccepted == WJ_INDEX_ACCEPTED) {
		ix->accepted_from = ix->accepted[0] + 1;
		memmove(ix->accepted, ix->accepted + 1, (size_t)--ix->naccepted * sizeof *ix->accepted);
	}
	ix->accepted[ix->naccepted++] = number;
}

/* The number of log entry file `name` ("000012.yaml"), or -1 for another
 * name. */
static int entry_number(const char *name)
{
	int n, used = 0;
	return sscanf(name, "%6d.yaml%n", &n, &used) == 1 && used == 11 ? n : -1;
}

/* The number after the highest entry in log/ (games made before the index). */
static int list_next_entry(const char *dir)
{
	char path[PATH_MAX];
	int max = 0;
	if (join(path, dir, "log") < 0)
		return -1;
	DIR *dp = opendir(path);
	if (!dp)
		return -1;
	struct dirent *e;
	while ((e = readdir(dp)))
		if (entry_number(e->d_name) > max)
			max = entry_number(e->d_name);
	closedir(dp);
	return max + 1;
}

/* The index from the log: back from the last entry until both sides'
 * last orders and the accepted entry before the last WJ_INDEX_ACCEPTED
 * are found. */
static int index_scan(const char *dir, const struct game *game, struct wj_record_index *ix)
{
	memset(ix, 0, sizeof *ix);
	ix->waiting = -1;
	if ((ix->next_entry = list_next_entry(dir)) < 0)
		return -1;
	bool full = false;
	for (int n = ix->next_entry - 1; n >= 1 && (!ix->last_order[SIDE_1] ||
	     !ix->last_order[SIDE_2] || !full); n--) {
		bool accepted;
		int side;
		if (entry_facts(dir, game, n, &accepted, &side) < 0)
			return -1;
		if (!accepted)
			continue;
		if ((side == SIDE_1 || side == SIDE_2) && !ix->last_order[side])
			ix->last_order[side] = n;
		if (ix->naccepted == WJ_INDEX_ACCEPTED) {
			ix->accepted_from = full ? ix->accepted_from : n + 1;
			full = true;
			continue;
		}
		memmove(ix->accepted + 1, ix->accepted, (size_t)ix->naccepted++ * sizeof *ix->accepted);
		ix->accepted[0] = n;
	}
	return 0;
}

static void index_write(FILE *f, const struct wj_record_index *ix, const struct game *game)
{
	fprintf(f, "# the log at a glance, kept by every commit (docs/record.md)\n"
		"next_entry: %d\nlast_order: %d %d\naccepted_from: %d\naccepted:",
		ix->next_entry, ix->last_order[SIDE_1], ix->last_order[SIDE_2],
		ix->accepted_from);
	for (int i = 0; i < ix->naccepted; i++)
		fprintf(f, " %d", ix->accepted[i]);
	char words[GAME_MAX_SIDES * 24];
	waiting_words(game, ix->waiting, words, sizeof words);
	fprintf(f, "\nwaiting: %s\n", ix->waiting < 0 ? "unknown" : words);
}

static int index_parse(char *text, const struct game *game, struct wj_record_index *ix)
{
	char words[GAME_MAX_SIDES * 24] = "";
	int used, got = 0;
	memset(ix, 0, sizeof *ix);
	for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "next_entry: %d", &ix->next_entry) == 1 ||
		    sscanf(line, "last_order: %d %d", &ix->last_order[SIDE_1],
			   &ix->last_order[SIDE_2]) == 2 ||
		    sscanf(line, "accepted_from: %d", &ix->accepted_from) == 1 ||
		    sscanf(line, "waiting: %95[a-z ,]", words) == 1) {
			got++;
			continue;
		}
		if (strncmp(line, "accepted:", 9) != 0)
			continue;
		got++;
		for (char *p = line + 9; ix->naccepted < WJ_INDEX_ACCEPTED &&
		     sscanf(p, "%d%n", &ix->accepted[ix->naccepted], &used) == 1; p += used)
			ix->naccepted++;
	}
	bool unknown = !strcmp(words, "unknown");
	ix->waiting = unknown ? -1 : waiting_of(game, words);
	return got == 5 && ix->next_entry >= 2 && (ix->waiting >= 0 || unknown) ? 0 : -1;
}

int wj_rec_index(const char *dir, const struct game *game, struct wj_record_index *ix)
{
	char *text, path[PATH_MAX], rel[32];
	size_t len;
	if (read_rec(dir, "index", &text, &len) == 0) {
		int rc = index_parse(text, game, ix);
		free(text);
		snprintf(rel, sizeof rel, "log/%06d.yaml", ix->next_entry);
		/* passed by a later entry (written by a judge before the index) */
		if (rc == 0 && join(path, dir, rel) == 0 && access(path, F_OK) < 0 && errno == ENOENT)
			return 0;
	}
	return index_scan(dir, game, ix);
}

int wj_record_index(const char *dir, struct wj_record_index *ix)
{
	const struct game *game = wj_rec_dir_game(dir, NULL, 0);
	return game ? wj_rec_index(dir, game, ix) : -1;
}

/* ---- create and commit ---- */

int wj_record_next_entry(const char *dir)
{
	struct wj_record_index ix;
	return wj_record_index(dir, &ix) < 0 ? -1 : ix.next_entry;
}

static int add_text(struct txn *t, const char *rel, const char *old, size_t oldlen,
		    void (*fill)(FILE *, const void *), const void *arg, mode_t mode)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return -1;
	if (old)
		fwrite(old, 1, oldlen, m);
	fill(m, arg);
	return txn_add(t, rel, m, &text, &len, mode);
}

struct fill_args {
	const struct game *game;
	const struct game_data *d;
	const struct wj_game *g;
	const struct game_state *before;
	const struct wj_log_entry *e;
	int number;
	int side;
	const char *seen;
	const char *also_seen;
	const char *seen_rel;     /* the file of seen.d/ being written */
	const struct wj_record_index *ix;
	const struct wj_rec_file *files;
	int nfiles;
};

static void fill_game(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	struct wj_game g = *x->g; /* the same game; its meta may learn one thing */
	for (int i = 0; i < x->nfiles; i++)
		g.meta.mail_secrets |= !strcmp(x->files[i].rel, WJ_REC_MAIL_SECRETS);
	game_yaml(f, x->game, x->d, &g);
}

static void fill_state(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	fputs("# wwjudge full state (secret)\n", f);
	x->game->state_write(f, x->d, x->g->state, true);
}

/* A scenario's starting position, for replay (record_replay.c). */
static void fill_initial(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	fputs("# wwjudge starting position of the scenario (secret)\n", f);
	x->game->state_write(f, x->d, x->g->state, true);
}

static void fill_log(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	log_yaml(f, x->number, x->e, x->e->rejected ? NULL : x->g->state, x->game);
}

static void fill_ledger(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	game_ledger(x->game, f, x->d, x->before, x->g->state, x->side, x->number);
}

/* The ids of the commit that belong in seen.d's file x->seen_rel. */
static void fill_seen(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	const char *ids[2] = { x->seen, x->also_seen };
	char id[1024], rel[16];
	for (int i = 0; i < 2; i++) {
		if (!ids[i] || !*ids[i])
			continue;
		clean_id(id, sizeof id, ids[i]);
		seen_file(id, rel);
		if (!strcmp(rel, x->seen_rel))
			fprintf(f, "%s\n", id);
	}
}

static void fill_index(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	index_write(f, x->ix, x->game);
}

static void fill_seed(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	char hex[WJ_COMMIT_HEX];
	wj_seed_to_hex(x->g->seed, hex);
	fprintf(f, "%s\n", hex);
}

static void fill_nothing(FILE *f, const void *a)
{
	(void)f;
	(void)a;
}

void wj_rec_ledger_file(const struct game *game, int side, char rel[WJ_REC_LEDGER_NAME])
{
	snprintf(rel, WJ_REC_LEDGER_NAME, "secret/ledger-%s.yaml", wj_rec_side(game, side));
}

/* What `fill` writes, to be appended to GAME/rel as it stands (a file
 * that only grows); nothing when it writes nothing. */
static int add_append(const char *dir, struct txn *t, const char *rel,
		      void (*fill)(FILE *, const void *), const void *arg)
{
	char path[PATH_MAX];
	struct stat st;
	if (join(path, dir, rel) < 0)
		return -1;
	long long old = stat(path, &st) == 0 ? (long long)st.st_size : errno == ENOENT ? 0 : -1;
	if (old < 0 || add_text(t, rel, NULL, 0, fill, arg, 0600) < 0)
		return -1;
	if (t->f[t->n - 1].len == 0)
		free(t->f[--t->n].text);
	else
		t->f[t->n - 1].append = old;
	return 0;
}

/* The commit's ids go to one or two files of seen.d/ (made for a game
 * from before it). */
static int add_seen(const char *dir, struct txn *t, struct fill_args *x)
{
	const char *ids[2] = { x->seen, x->also_seen };
	char id[1024], rel[2][16] = { "", "" }, path[PATH_MAX];
	if (join(path, dir, "seen.d") < 0 ||
	    (access(path, F_OK) < 0 && make_dir(path, 0700, NULL, 0)))
		return -1;
	for (int i = 0; i < 2; i++) {
		if (!ids[i] || !*ids[i])
			continue;
		clean_id(id, sizeof id, ids[i]);
		seen_file(id, rel[i]);
		x->seen_rel = rel[i];
		if ((i == 0 || strcmp(rel[0], rel[1])) && add_append(dir, t, rel[i], fill_seen, x) < 0)
			return -1;
	}
	return 0;
}

/* The files of a commit: log entry, index, new game.yaml and state, what
 * the ledgers and seen.d/ gain. */
static int build_commit(const char *dir, struct txn *t, struct fill_args *x)
{
	char rel[64];
	snprintf(rel, sizeof rel, "log/%06d.yaml", x->number);
	if (add_text(t, rel, NULL, 0, fill_log, x, 0600) < 0 ||
	    add_text(t, "index", NULL, 0, fill_index, x, 0600) < 0)
		return -1;
	if (x->g) {
		if (add_text(t, "game.yaml", NULL, 0, fill_game, x, 0600) < 0 ||
		    add_text(t, "secret/state.yaml", NULL, 0, fill_state, x, 0600) < 0)
			return -1;
		for (x->side = 1; x->side <= x->game->nsides; x->side++) {
			char ledger[WJ_REC_LEDGER_NAME];
			wj_rec_ledger_file(x->game, x->side, ledger);
			if (add_append(dir, t, ledger, fill_ledger, x) < 0)
				return -1;
		}
	}
	for (int i = 0; i < x->nfiles; i++) {
		FILE *m;
		char *text = NULL;
		size_t len = 0;
		if (strlen(x->files[i].rel) >= sizeof t->f[0].rel ||
		    !(m = open_memstream(&text, &len)))
			return -1;
		fwrite(x->files[i].text, 1, x->files[i].len, m);
		if (txn_add(t, x->files[i].rel, m, &text, &len, (mode_t)x->files[i].mode) < 0)
			return -1;
	}
	return add_seen(dir, t, x);
}

/* Stages and commits the files of one log entry (and its game). */
static enum wj_rec_status commit_files(const char *dir, struct fill_args *x,
				       char *err, size_t errlen)
{
	const struct wj_game *after = x->g;
	struct txn t = { 0 };
	enum wj_rec_status st;
	crash_step = 0;
	if (after && !(x->d = data_for(after, after->meta.data_dir, err, errlen)))
		return WJ_REC_IO;
	x->game = after ? wj_rec_game(after) : NULL;
	if (!x->game && (st = dir_game(dir, &x->game, err, errlen)))
		return st;
	struct wj_record_index ix;
	if (wj_rec_index(dir, x->game, &ix) < 0) {
		char log[PATH_MAX];
		if (join(log, dir, "log") < 0 || access(log, F_OK) < 0) {
			wj_fmt(err, errlen, "no game in %s (no log/)", dir);
			return WJ_REC_MISSING;
		}
		wj_fmt(err, errlen, "%s/log: an entry does not read (wwjudge verify names it)", dir);
		return WJ_REC_CORRUPT;
	}
	x->number = ix.next_entry;
	index_add(&ix, x->number, !x->e->rejected, x->e->side);
	if (after)
		ix.waiting = waiting_for(x->game, after->state);
	x->ix = &ix;
	if (build_commit(dir, &t, x) < 0) {
		txn_free(&t);
		return io_fail(err, errlen, "preparing the commit in", dir);
	}
	st = txn_commit(dir, &t, err, errlen);
	txn_free(&t);
	return st;
}

void wj_record_reveal_seed(struct wj_game *g)
{
	if (!game_over(g) || g->meta.seed_revealed)
		return;
	g->meta.seed_revealed = true;
	wj_seed_to_hex(g->seed, g->meta.seed_hex);
}

static enum wj_rec_status commit_entry(const char *dir, const struct game_state *before,
				       const struct wj_game *after,
				       const struct wj_log_entry *entry,
				       const struct wj_rec_file *files, int nfiles,
				       const char *also_seen, char *err, size_t errlen)
{
	struct fill_args x = { .before = before, .g = after, .e = entry,
			       .seen = entry->seen_as ? entry->seen_as : entry->message_id,
			       .also_seen = also_seen,
			       .files = files, .nfiles = nfiles };
	if (nfiles < 0 || nfiles > WJ_REC_MAX_FILES) {
		wj_fmt(err, errlen, "at most %d extra files in one commit", WJ_REC_MAX_FILES);
		return WJ_REC_IO;
	}
	enum wj_rec_status st;
	if ((st = recover(dir, err, errlen)))
		return st;
	/* The commit that ends the game reveals the seed, so both players
	 * can check every roll and shuffle. */
	struct wj_game revealed;
	if (after && game_over(after) && !after->meta.seed_revealed) {
		revealed = *after; /* the same state, the meta revealed */
		wj_record_reveal_seed(&revealed);
		x.g = &revealed;
	}
	st = commit_files(dir, &x, err, errlen);
	return st;
}

enum wj_rec_status wj_record_commit(const char *dir, const struct game_state *before,
				    const struct wj_game *after,
				    const struct wj_log_entry *entry,
				    char *err, size_t errlen)
{
	return commit_entry(dir, before, after, entry, NULL, 0, NULL, err, errlen);
}

enum wj_rec_status wj_record_commit_files(const char *dir, const struct game_state *before,
					  const struct wj_game *after,
					  const struct wj_log_entry *entry,
					  const struct wj_rec_file *files, int nfiles,
					  const char *also_seen, char *err, size_t errlen)
{
	return commit_entry(dir, after ? before : NULL, after, entry, files, nfiles,
			    also_seen, err, errlen);
}

/* A rejected order leaves the game as it is, but is logged, and its
 * Message-ID marked seen so that the same mail is not answered twice. */
enum wj_rec_status wj_record_log_rejected(const char *dir, const struct wj_log_entry *entry,
					  char *err, size_t errlen)
{
	return commit_entry(dir, NULL, NULL, entry, NULL, 0, NULL, err, errlen);
}

/* The new game's directories and files in tmp. */
static enum wj_rec_status create_tree(const char *tmp, struct txn *t, struct fill_args *x,
				      const struct wj_rec_file *files, int nfiles,
				      char *err, size_t errlen)
{
	static const struct { const char *rel; mode_t mode; } dirs[] = {
		{ "log", 0700 }, { "secret", 0700 }, { "outbox", 0700 }, { "seen.d", 0700 },
		{ "outbox/tmp", 0700 }, { "outbox/new", 0700 }, { "outbox/cur", 0700 },
	};
	char path[PATH_MAX];
	enum wj_rec_status st;
	if ((st = make_dir(tmp, 0700, err, errlen)))
		return st;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (join(path, tmp, dirs[i].rel) < 0 ||
		    (st = make_dir(path, dirs[i].mode, err, errlen)))
			return st ? st : WJ_REC_IO;
	if (add_text(t, "game.yaml", NULL, 0, fill_game, x, 0600) < 0 ||
	    add_text(t, "log/000001.yaml", NULL, 0, fill_log, x, 0600) < 0 ||
	    add_text(t, "secret/seed", NULL, 0, fill_seed, x, 0600) < 0 ||
	    add_text(t, "secret/state.yaml", NULL, 0, fill_state, x, 0600) < 0 ||
	    add_text(t, "index", NULL, 0, fill_index, x, 0600) < 0 ||
	    add_text(t, "lock", NULL, 0, fill_nothing, x, 0600) < 0)
		goto fail;
	if (x->g->meta.scenario[0] &&
	    add_text(t, "secret/initial-state.yaml", NULL, 0, fill_initial, x, 0600) < 0)
		goto fail;
	for (x->side = 1; x->side <= x->game->nsides; x->side++) {
		char ledger[WJ_REC_LEDGER_NAME];
		wj_rec_ledger_file(x->game, x->side, ledger);
		if (add_text(t, ledger, NULL, 0, fill_ledger, x, 0600) < 0)
			goto fail;
	}
	for (int i = 0; i < nfiles; i++) {
		char *text = NULL;
		size_t len = 0;
		FILE *m = strlen(files[i].rel) < sizeof t->f[0].rel ?
			  open_memstream(&text, &len) : NULL;
		if (!m)
			goto fail;
		fwrite(files[i].text, 1, files[i].len, m);
		if (txn_add(t, files[i].rel, m, &text, &len, (mode_t)files[i].mode) < 0)
			goto fail;
	}
	for (int i = 0; i < t->n && !st; i++)
		st = join(path, tmp, t->f[i].rel) < 0 ? WJ_REC_IO :
		     write_new(path, t->f[i].text, t->f[i].len, t->f[i].mode, err, errlen);
	static const char *const sync[] = { "log", "secret", "outbox/tmp", "outbox/new",
					    "outbox/cur", "outbox", "seen.d", "" };
	for (size_t i = 0; i < sizeof sync / sizeof sync[0] && !st; i++)
		st = join(path, tmp, sync[i]) < 0 ? WJ_REC_IO : sync_dir(path, err, errlen);
	txn_free(t);
	return st;
fail:
	txn_free(t);
	return io_fail(err, errlen, "preparing", tmp);
}

static enum wj_rec_status create_files(const char *tmp, const struct wj_game *g,
				       const struct game_data *d, const struct game_events *setup,
				       const struct wj_rec_file *files, int nfiles,
				       char *err, size_t errlen)
{
	struct game_state *empty = game_state_new(wj_rec_game(g));
	struct wj_log_entry e = { .side = GAME_PUBLIC, .order_text = "new game",
				  .sender = WJ_SENDER_COMMAND_LINE, .events = setup };
	struct wj_record_index ix = { 0 };
	struct fill_args x = { .game = wj_rec_game(g), .d = d, .g = g, .before = empty, .e = &e,
			       .number = 1, .ix = &ix };
	struct txn t = { 0 };
	enum wj_rec_status st;
	if (!empty)
		return io_fail(err, errlen, "preparing", tmp);
	index_add(&ix, 1, true, GAME_PUBLIC);
	ix.waiting = waiting_for(x.game, g->state);
	st = create_tree(tmp, &t, &x, files, nfiles, err, errlen);
	game_state_free(x.game, empty);
	return st;
}

static void remove_tree(const char *path)
{
	DIR *dp = opendir(path);
	if (!dp) {
		unlink(path);
		return;
	}
	struct dirent *e;
	while ((e = readdir(dp))) {
		char sub[PATH_MAX];
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub)
			remove_tree(sub);
	}
	closedir(dp);
	rmdir(path);
}

/* The new game is built in DIR.new-PID and renamed to DIR (which may be
 * an empty directory): that rename is the commit point. */
enum wj_rec_status wj_record_create(const char *dir, const struct wj_game *g,
				    const struct game_events *setup_events,
				    char *err, size_t errlen)
{
	return wj_record_create_files(dir, g, setup_events, NULL, 0, err, errlen);
}

enum wj_rec_status wj_record_create_files(const char *dir, const struct wj_game *g,
					  const struct game_events *setup_events,
					  const struct wj_rec_file *files, int nfiles,
					  char *err, size_t errlen)
{
	char tmp[PATH_MAX], parent[PATH_MAX];
	const struct game_data *d;
	enum wj_rec_status st;
	char clean[PATH_MAX];
	crash_step = 0;
	snprintf(clean, sizeof clean, "%s", dir);
	for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--)
		clean[n - 1] = '\0';
	dir = clean;
	if (snprintf(tmp, sizeof tmp, "%s.new-%ld", dir, (long)getpid()) >= (int)sizeof tmp) {
		wj_fmt(err, errlen, "path too long: %s", dir);
		return WJ_REC_IO;
	}
	if (!wj_rec_game(g)) {
		wj_fmt(err, errlen, "meta: game %s is not a game this judge plays", g->meta.game);
		return WJ_REC_CORRUPT;
	}
	if (!(d = data_for(g, g->meta.data_dir, err, errlen)))
		return WJ_REC_IO;
	remove_tree(tmp); /* a crashed create by a process that had our pid */
	if (nfiles < 0 || nfiles > WJ_REC_MAX_FILES) {
		wj_fmt(err, errlen, "at most %d extra files in a new game", WJ_REC_MAX_FILES);
		return WJ_REC_IO;
	}
	if ((st = create_files(tmp, g, d, setup_events, files, nfiles, err, errlen))) {
		remove_tree(tmp);
		return st;
	}
	wj_record_crash_point();
	if (rename(tmp, dir) < 0) {
		int e = errno;
		remove_tree(tmp);
		if (e == ENOTEMPTY || e == EEXIST || e == ENOTDIR) {
			wj_fmt(err, errlen, "%s already exists and is not an empty directory", dir);
			return WJ_REC_EXISTS;
		}
		errno = e;
		return io_fail(err, errlen, "creating", dir);
	}
	snprintf(parent, sizeof parent, "%s", dir);
	char *slash = strrchr(parent, '/');
	if (slash == parent)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	else
		strcpy(parent, ".");
	return sync_dir(parent, err, errlen);
}

/* ---- verify ---- */

struct checker {
	FILE *out;
	int problems;
};

static int cmp_int(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* Log entry numbers on disk and in a committed journal, sorted, unique. */
static int log_numbers(const char *dir, int *v, int max)
{
	char path[PATH_MAX];
	int n = 0;
	struct journal j;
	if (journal_read(dir, &j) == 1)
		for (int i = 0; i < j.n && n < max; i++)
			if (!strncmp(j.rel[i], "log/", 4) && entry_number(j.rel[i] + 4) >= 0)
				v[n++] = entry_number(j.rel[i] + 4);
	if (join(path, dir, "log") < 0)
		return -1;
	DIR *dp = opendir(path);
	if (!dp)
		return -1;
	struct dirent *e;
	while ((e = readdir(dp)) && n < max)
		if (entry_number(e->d_name) >= 0)
			v[n++] = entry_number(e->d_name);
	closedir(dp);
	qsort(v, (size_t)n, sizeof *v, cmp_int);
	int u = 0;
	for (int i = 0; i < n; i++)
		if (!u || v[u - 1] != v[i])
			v[u++] = v[i];
	return u;
}

struct roll_check {
	const unsigned char *seed;
	bool revealed;
	long long last_accepted; /* highest index in an accepted entry */
};

static void check_rolls(struct checker *c, const char *rel, yaml_document_t *doc,
			struct roll_check *rc)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);
	yaml_node_t *events = wj_yaml_get(doc, root, "events");
	yaml_node_t *rej = wj_yaml_get(doc, root, "rejected");
	bool rejected = false;
	char why[256];
	long long last = -1;
	if (!rej || wj_yaml_bool(rej, &rejected, why, sizeof why) < 0)
		wj_problem(c->out, &c->problems, "%s: no rejected: true|false", rel);
	if (!events || events->type != YAML_SEQUENCE_NODE) {
		wj_problem(c->out, &c->problems, "%s: no events: list", rel);
		return;
	}
	for (yaml_node_item_t *i = events->data.sequence.items.start;
	     i < events->data.sequence.items.top; i++) {
		yaml_node_t *roll = wj_yaml_get(doc, yaml_document_get_node(doc, *i), "roll");
		long long index, value;
		bool forced = false;
		if (!roll)
			continue;
		if (wj_yaml_int(wj_yaml_get(doc, roll, "index"), 0, INT64_MAX, &index, why, sizeof why) < 0 ||
		    wj_yaml_int(wj_yaml_get(doc, roll, "value"), 1, 6, &value, why, sizeof why) < 0 ||
		    wj_yaml_bool(wj_yaml_get(doc, roll, "forced"), &forced, why, sizeof why) < 0) {
			wj_problem(c->out, &c->problems, "%s: %s", rel, why);
			continue;
		}
		if (index <= last)
			wj_problem(c->out, &c->problems, "%s line %d: roll %lld does not follow roll %lld", rel,
				wj_yaml_line(roll), index, last);
		if (!rejected && index <= rc->last_accepted && index > last)
			wj_problem(c->out, &c->problems, "%s line %d: roll %lld was already used before this entry", rel,
				wj_yaml_line(roll), index);
		last = index;
		if (!rejected && index > rc->last_accepted)
			rc->last_accepted = index;
		if (rc->revealed && !forced && wj_dice_roll(rc->seed, (uint64_t)index) != value)
			wj_problem(c->out, &c->problems, "%s line %d: roll %lld is logged as %lld but the seed gives %d",
				rel, wj_yaml_line(roll), index, value,
				wj_dice_roll(rc->seed, (uint64_t)index));
	}
}

/* An entry of orders accepted from a mail: its Message-ID is seen, so the
 * same mail is never applied twice (a lost or damaged file of seen.d/
 * shows here). */
static void check_entry_seen(struct checker *c, const char *dir, const char *rel,
			     yaml_document_t *doc)
{
	char why[256];
	bool rejected = true;
	yaml_node_t *root = yaml_document_get_root_node(doc);
	const char *id = wj_yaml_str(wj_yaml_get(doc, root, "message_id"));
	const char *side = wj_yaml_str(wj_yaml_get(doc, root, "side"));
	if (!id || !*id || !side || !strcmp(side, "nobody") ||
	    wj_yaml_bool(wj_yaml_get(doc, root, "rejected"), &rejected, why, sizeof why) < 0 ||
	    rejected)
		return;
	/* marked as the side's since issue 20 ("SIDE:<id>"), the id alone before */
	char side_id[600];
	snprintf(side_id, sizeof side_id, "%s:%s", side, id);
	int rc = wj_record_seen_check(dir, side_id, why, sizeof why);
	if (rc == 0)
		rc = wj_record_seen_check(dir, id, why, sizeof why);
	if (rc < 0)
		wj_problem(c->out, &c->problems, "%s", why);
	else if (rc == 0)
		wj_problem(c->out, &c->problems, "%s: its mail %s is not in seen.d/ (a file of seen.d/ "
			   "is lost or damaged: the same mail would be applied again)", rel, id);
}

static void check_log(struct checker *c, const char *dir, struct roll_check *rc)
{
	const int max = 100000;
	int *v = malloc(max * sizeof *v);
	int n = v ? log_numbers(dir, v, max) : -1;
	if (n < 0) {
		wj_problem(c->out, &c->problems, "log/: cannot be read: %s", strerror(errno));
		free(v);
		return;
	}
	for (int i = 0; i < n; i++) {
		char rel[64], *text, why[256];
		size_t len;
		yaml_document_t doc;
		if (v[i] != i + 1) {
			wj_problem(c->out, &c->problems, "log/: entry %06d is missing (found %06d next)", i + 1, v[i]);
			break;
		}
		snprintf(rel, sizeof rel, "log/%06d.yaml", v[i]);
		if (read_rec(dir, rel, &text, &len) < 0) {
			wj_problem(c->out, &c->problems, "%s: cannot be read: %s", rel, strerror(errno));
			continue;
		}
		if (wj_yaml_load(text, len, &doc, why, sizeof why) < 0) {
			wj_problem(c->out, &c->problems, "%s: %s", rel, why);
			free(text);
			continue;
		}
		free(text);
		check_rolls(c, rel, &doc, rc);
		check_entry_seen(c, dir, rel, &doc);
		yaml_document_delete(&doc);
	}
	free(v);
}

/* Each file of seen.d/ reads, ends its last line, and holds only the
 * lines that belong in it: a damaged file is named, not taken for one
 * holding fewer mails. */
static void check_seen_files(struct checker *c, const char *dir)
{
	for (int i = 0; i < SEEN_FILES; i++) {
		char rel[16], want[16], *text;
		size_t len;
		snprintf(rel, sizeof rel, "seen.d/%02x", i);
		if (read_rec(dir, rel, &text, &len) < 0) {
			if (errno != ENOENT)
				wj_problem(c->out, &c->problems, "%s: cannot be read: %s", rel,
					   strerror(errno));
			continue;
		}
		int line = 1;
		for (const char *p = text, *end = text + len; p < end; line++) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
			char id[1024];
			snprintf(id, sizeof id, "%.*s", (int)(k < sizeof id ? k : sizeof id - 1), p);
			seen_file(id, want);
			if (!nl || !k || memchr(p, '\0', k) || strlen(id) != k || strcmp(want, rel)) {
				wj_problem(c->out, &c->problems, "%s line %d: damaged (%s)", rel, line,
					   !nl ? "cut short" : "not a line this file holds");
				break;
			}
			p = nl + 1;
		}
		free(text);
	}
}

static void check_public(struct checker *c, const char *dir, const struct game_data *d,
			 const struct wj_game *g)
{
	char *want = NULL, *have;
	size_t wantlen = 0, havelen;
	FILE *m = open_memstream(&want, &wantlen);
	if (!m)
		return;
	game_yaml(m, wj_rec_game(g), d, g);
	fclose(m);
	if (read_rec(dir, "game.yaml", &have, &havelen) == 0) {
		size_t i = 0;
		int line = 1;
		while (i < havelen && i < wantlen && have[i] == want[i])
			line += have[i++] == '\n';
		if (i != havelen || i != wantlen)
			wj_problem(c->out, &c->problems, "game.yaml line %d: differs from the public part of secret/state.yaml",
				line);
		free(have);
	}
	free(want);
}

static bool exists_in(const char *dir, const char *rel)
{
	char path[PATH_MAX];
	return join(path, dir, rel) == 0 && access(path, F_OK) == 0;
}

/* The index's accepted entries are the log's from its accepted_from on:
 * the last WJ_INDEX_ACCEPTED, or (an index written before they were kept)
 * those from the older of the two last orders on. */
static bool same_accepted(const struct wj_record_index *kept,
			  const struct wj_record_index *log)
{
	int k = 0;
	while (k < log->naccepted && log->accepted[k] < kept->accepted_from)
		k++;
	return kept->accepted_from >= log->accepted_from &&
	       kept->naccepted == log->naccepted - k &&
	       !memcmp(kept->accepted, log->accepted + k, (size_t)kept->naccepted * sizeof *log->accepted);
}

/* GAME/index says what the log and the state say. Nothing to check in a
 * game made before the index, while a commit is being finished (a
 * journal), or when a later entry has passed the index (readers then
 * take the log's word, wj_record_index). */
static void check_index(struct checker *c, const char *dir, const struct game *game,
			const struct game_state *s)
{
	struct wj_record_index kept, log;
	char *text, next[32];
	size_t len;
	if (exists_in(dir, "journal") || read_rec(dir, "index", &text, &len) < 0)
		return;
	int bad = index_parse(text, game, &kept);
	free(text);
	if (bad) {
		wj_problem(c->out, &c->problems, "index: not the index docs/record.md describes");
		return;
	}
	snprintf(next, sizeof next, "log/%06d.yaml", kept.next_entry);
	if (exists_in(dir, next))
		return;
	if (index_scan(dir, game, &log) < 0)
		return; /* the log's own problems are said by check_log */
	int waiting = waiting_for(game, s);
	if (kept.next_entry != log.next_entry)
		wj_problem(c->out, &c->problems, "index: next_entry %d, but the log's next entry is %d", kept.next_entry,
			log.next_entry);
	for (int side = SIDE_1; side <= SIDE_2; side++)
		if (kept.last_order[side] != log.last_order[side])
			wj_problem(c->out, &c->problems, "index: the %s's last order is entry %d, but in the log it is %d",
				wj_rec_side(game, side), kept.last_order[side], log.last_order[side]);
	if (!same_accepted(&kept, &log))
		wj_problem(c->out, &c->problems, "index: its accepted entries are not the log's");
	char kept_words[GAME_MAX_SIDES * 24], words[GAME_MAX_SIDES * 24];
	waiting_words(game, kept.waiting, kept_words, sizeof kept_words);
	waiting_words(game, waiting, words, sizeof words);
	if (kept.waiting >= 0 && kept.waiting != waiting)
		wj_problem(c->out, &c->problems, "index: waiting for %s, but secret/state.yaml waits for %s",
			kept_words, words);
}

int wj_record_verify(const char *dir, const struct game_data *d, FILE *out)
{
	struct checker c = { out, 0 };
	struct wj_game *g = calloc(1, sizeof *g);
	char err[512], commitment[WJ_COMMIT_HEX], hex[WJ_COMMIT_HEX];
	if (!g) {
		wj_problem(c.out, &c.problems, "out of memory");
		return c.problems;
	}
	g->data = d;
	if (read_game_yaml(dir, g, &g->meta, &d, err, sizeof err) ||
	    read_seed(dir, g->seed, err, sizeof err) ||
	    read_secret_state(dir, d, g, err, sizeof err)) {
		wj_problem(c.out, &c.problems, "%s", err);
		wj_game_free(g);
		free(g);
		return c.problems;
	}
	const struct game *game = wj_rec_game(g);
	wj_seed_commitment(g->seed, commitment);
	if (strcmp(commitment, g->meta.commitment) != 0)
		wj_problem(c.out, &c.problems, "secret/seed: its hash %s is not the commitment %s in game.yaml",
			commitment, g->meta.commitment);
	wj_seed_to_hex(g->seed, hex);
	if (g->meta.seed_revealed && strcmp(hex, g->meta.seed_hex) != 0)
		wj_problem(c.out, &c.problems, "game.yaml: the revealed seed is not the one in secret/seed");
	if (game_over(g) && !g->meta.seed_revealed)
		wj_problem(c.out, &c.problems, "game.yaml: the game is over but the seed is not revealed "
			"(seed_revealed: false)");
	check_public(&c, dir, d, g);
	struct roll_check rc = { g->seed, g->meta.seed_revealed, -1 };
	check_log(&c, dir, &rc);
	check_seen_files(&c, dir);
	if (!exists_in(dir, WJ_REC_MAIL_SECRETS) && wj_record_mail_secrets_expected(dir) != 0)
		wj_problem(c.out, &c.problems, "game damaged: " WJ_REC_MAIL_SECRETS " is missing (the "
			   "game is played by mail: its passwords, move tokens and pause are lost)");
	check_index(&c, dir, game, g->state);
	if (game->state_check)
		c.problems += game->state_check(out, d, g->state, "secret/state.yaml",
						 rc.last_accepted);
	wj_game_free(g);
	free(g);
	return c.problems;
}

int wj_rec_exit(enum wj_rec_status st, bool mailed)
{
	switch (st) {
	case WJ_REC_OK: return EX_OK;
	case WJ_REC_BUSY: return EX_TEMPFAIL;
	case WJ_REC_IO: return mailed ? EX_TEMPFAIL : EX_IOERR;
	/* a damaged record is the judge's trouble, not the mail's: the MTA
	 * keeps the mail until the moderator has mended it (issue 27) */
	case WJ_REC_CORRUPT: return mailed ? EX_TEMPFAIL : EX_DATAERR;
	case WJ_REC_EXISTS: return EX_CANTCREAT;
	case WJ_REC_MISSING: return mailed ? EX_TEMPFAIL : EX_NOINPUT;
	}
	return EX_SOFTWARE;
}
