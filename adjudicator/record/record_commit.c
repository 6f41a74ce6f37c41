/* Creating a game and committing a move (record.h, docs/record.md). */
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



/* ---- create and commit ---- */

int wj_record_next_entry(const char *dir)
{
	struct wj_record_index ix;
	return wj_record_index(dir, &ix) < 0 ? -1 : ix.next_entry;
}

static int add_text(struct wj_rec_txn *t, const char *rel, const char *old, size_t oldlen,
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
	return wj_rec_txn_add(t, rel, m, &text, &len, mode);
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
	wj_rec_game_yaml(f, x->game, x->d, &g);
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
	wj_rec_log_yaml(f, x->number, x->e, x->e->rejected ? NULL : x->g->state, x->game);
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
		wj_rec_clean_id(id, sizeof id, ids[i]);
		wj_rec_seen_file(id, rel);
		if (!strcmp(rel, x->seen_rel))
			fprintf(f, "%s\n", id);
	}
}

static void fill_index(FILE *f, const void *a)
{
	const struct fill_args *x = a;
	wj_rec_index_write(f, x->ix, x->game);
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
static int add_append(const char *dir, struct wj_rec_txn *t, const char *rel,
		      void (*fill)(FILE *, const void *), const void *arg)
{
	char path[PATH_MAX];
	struct stat st;
	if (wj_rec_join(path, dir, rel) < 0)
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
static int add_seen(const char *dir, struct wj_rec_txn *t, struct fill_args *x)
{
	const char *ids[2] = { x->seen, x->also_seen };
	char id[1024], rel[2][16] = { "", "" }, path[PATH_MAX];
	if (wj_rec_join(path, dir, "seen.d") < 0 ||
	    (access(path, F_OK) < 0 && wj_rec_make_dir(path, 0700, NULL, 0)))
		return -1;
	for (int i = 0; i < 2; i++) {
		if (!ids[i] || !*ids[i])
			continue;
		wj_rec_clean_id(id, sizeof id, ids[i]);
		wj_rec_seen_file(id, rel[i]);
		x->seen_rel = rel[i];
		if ((i == 0 || strcmp(rel[0], rel[1])) && add_append(dir, t, rel[i], fill_seen, x) < 0)
			return -1;
	}
	return 0;
}

/* The files of a commit: log entry, index, new game.yaml and state, what
 * the ledgers and seen.d/ gain. */
static int build_commit(const char *dir, struct wj_rec_txn *t, struct fill_args *x)
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
		if (wj_rec_txn_add(t, x->files[i].rel, m, &text, &len, (mode_t)x->files[i].mode) < 0)
			return -1;
	}
	return add_seen(dir, t, x);
}

/* Stages and commits the files of one log entry (and its game). */
static enum wj_rec_status commit_files(const char *dir, struct fill_args *x,
				       char *err, size_t errlen)
{
	const struct wj_game *after = x->g;
	struct wj_rec_txn t = { 0 };
	enum wj_rec_status st;
	wj_rec_crash_restart();
	if (after && !(x->d = wj_rec_data_for(after, after->meta.data_dir, err, errlen)))
		return WJ_REC_IO;
	x->game = after ? wj_rec_game(after) : NULL;
	if (!x->game && (st = wj_rec_game_in(dir, &x->game, err, errlen)))
		return st;
	struct wj_record_index ix;
	if (wj_rec_index(dir, x->game, &ix) < 0) {
		char log[PATH_MAX];
		if (wj_rec_join(log, dir, "log") < 0 || access(log, F_OK) < 0) {
			wj_why(err, errlen, "no game in %s (no log/)", dir);
			return WJ_REC_MISSING;
		}
		wj_why(err, errlen, "%s/log: an entry does not read (wwjudge verify names it)", dir);
		return WJ_REC_CORRUPT;
	}
	x->number = ix.next_entry;
	wj_rec_index_add(&ix, x->number, !x->e->rejected, x->e->side);
	if (after)
		ix.waiting = wj_rec_waiting_for(x->game, after->state);
	x->ix = &ix;
	if (build_commit(dir, &t, x) < 0) {
		wj_rec_txn_free(&t);
		return wj_rec_io_fail(err, errlen, "preparing the commit in", dir);
	}
	st = wj_rec_txn_commit(dir, &t, err, errlen);
	wj_rec_txn_free(&t);
	if (st == WJ_REC_OK)
		wj_rec_log_pack(dir, x->number);
	return st;
}

void wj_record_reveal_seed(struct wj_game *g)
{
	if (!wj_rec_game_over(g) || g->meta.seed_revealed)
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
		wj_why(err, errlen, "at most %d extra files in one commit", WJ_REC_MAX_FILES);
		return WJ_REC_IO;
	}
	enum wj_rec_status st;
	if ((st = wj_rec_recover(dir, err, errlen)))
		return st;
	/* The commit that ends the game reveals the seed, so both players
	 * can check every roll and shuffle. */
	struct wj_game revealed;
	if (after && wj_rec_game_over(after) && !after->meta.seed_revealed) {
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
static enum wj_rec_status create_tree(const char *tmp, struct wj_rec_txn *t, struct fill_args *x,
				      const struct wj_rec_file *files, int nfiles,
				      char *err, size_t errlen)
{
	static const struct { const char *rel; mode_t mode; } dirs[] = {
		{ "log", 0700 }, { "secret", 0700 }, { "outbox", 0700 }, { "seen.d", 0700 },
		{ "outbox/tmp", 0700 }, { "outbox/new", 0700 }, { "outbox/cur", 0700 },
	};
	char path[PATH_MAX];
	enum wj_rec_status st;
	if ((st = wj_rec_make_dir(tmp, 0700, err, errlen)))
		return st;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (wj_rec_join(path, tmp, dirs[i].rel) < 0 ||
		    (st = wj_rec_make_dir(path, dirs[i].mode, err, errlen)))
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
		if (wj_rec_txn_add(t, files[i].rel, m, &text, &len, (mode_t)files[i].mode) < 0)
			goto fail;
	}
	for (int i = 0; i < t->n && !st; i++)
		st = wj_rec_join(path, tmp, t->f[i].rel) < 0 ? WJ_REC_IO :
		     wj_rec_write_new(path, t->f[i].text, t->f[i].len, t->f[i].mode, err, errlen);
	static const char *const sync[] = { "log", "secret", "outbox/tmp", "outbox/new",
					    "outbox/cur", "outbox", "seen.d", "" };
	for (size_t i = 0; i < sizeof sync / sizeof sync[0] && !st; i++)
		st = wj_rec_join(path, tmp, sync[i]) < 0 ? WJ_REC_IO : wj_rec_sync_dir(path, err, errlen);
	wj_rec_txn_free(t);
	return st;
fail:
	wj_rec_txn_free(t);
	return wj_rec_io_fail(err, errlen, "preparing", tmp);
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
	struct wj_rec_txn t = { 0 };
	enum wj_rec_status st;
	if (!empty)
		return wj_rec_io_fail(err, errlen, "preparing", tmp);
	wj_rec_index_add(&ix, 1, true, GAME_PUBLIC);
	ix.waiting = wj_rec_waiting_for(x.game, g->state);
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
	wj_rec_crash_restart();
	snprintf(clean, sizeof clean, "%s", dir);
	for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--)
		clean[n - 1] = '\0';
	dir = clean;
	if (snprintf(tmp, sizeof tmp, "%s.new-%ld", dir, (long)getpid()) >= (int)sizeof tmp) {
		wj_why(err, errlen, "path too long: %s", dir);
		return WJ_REC_IO;
	}
	if (!wj_rec_game(g)) {
		wj_why(err, errlen, "meta: game %s is not a game this judge plays", g->meta.game);
		return WJ_REC_CORRUPT;
	}
	if (!(d = wj_rec_data_for(g, g->meta.data_dir, err, errlen)))
		return WJ_REC_IO;
	remove_tree(tmp); /* a crashed create by a process that had our pid */
	if (nfiles < 0 || nfiles > WJ_REC_MAX_FILES) {
		wj_why(err, errlen, "at most %d extra files in a new game", WJ_REC_MAX_FILES);
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
			wj_why(err, errlen, "%s already exists and is not an empty directory", dir);
			return WJ_REC_EXISTS;
		}
		errno = e;
		return wj_rec_io_fail(err, errlen, "creating", dir);
	}
	snprintf(parent, sizeof parent, "%s", dir);
	char *slash = strrchr(parent, '/');
	if (slash == parent)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	else
		strcpy(parent, ".");
	return wj_rec_sync_dir(parent, err, errlen);
}
