/* Shared by the record's own files only. */
#ifndef WJ_RECORD_INTERNAL_H
#define WJ_RECORD_INTERNAL_H

#include <stdio.h>
#include <yaml.h>
#include "record.h"
#include "buf.h"
#include "problems.h"
#include "yaml_doc.h"

/* record.c: GAME/rel as the game now stands (through a committed journal),
 * NUL-terminated, to be freed; -1 with errno set. */
int wj_rec_read(const char *dir, const char *rel, char **text, size_t *len);

/* record.c: the game g plays (g->game; NULL: the registry's first). */
const struct game *wj_rec_game(const struct wj_game *g);
/* record.c: wj_record_index for the game in `dir`, known to be `game`. */
int wj_rec_index(const char *dir, const struct game *game, struct wj_record_index *ix);
/* record.c: the log's word for a side of `game` (the game's word;
 * "nobody" for GAME_PUBLIC, the set-up), and back (-1: not a word of it). */
const char *wj_rec_side(const struct game *game, int side);
int wj_rec_side_of(const struct game *game, const char *word);
/* record.c: event i as the log keeps it: its text, as the viewers who
 * may see it read it ("" when nobody may), and its `to:`, "both" when
 * the public may see it, one side's word when that side alone may, else
 * "nobody". */
const char *wj_rec_event_text(const struct game *game, const struct game_events *ev, int i);
const char *wj_rec_event_to(const struct game *game, const struct game_events *ev, int i);

/* ---- shared by the record's files: one file per subsystem ----
 * record.c the game and its sides; record_txn.c durable writes, the
 * journal and a commit's transaction; record_files.c what game.yaml and
 * the log say; record_load.c reading a game; record_lock.c the lock and
 * seen; record_index.c the index and the log's numbers; record_commit.c
 * create and commit; record_verify.c verify. */

#include <stdbool.h>
#include <sys/types.h>

#define WJ_REC_TXN_FILES (9 + WJ_REC_MAX_FILES)
#define WJ_REC_SEEN_FILES 64
/* the index keeps the last order of each side of a two-sided game */
enum { WJ_REC_SIDE_1 = 1, WJ_REC_SIDE_2 = 2 };

/* record.c: GAME/rel in out (PATH_MAX); -1 when too long. */
int wj_rec_join(char *out, const char *dir, const char *rel);
/* record.c: the next crash point of a test starts from the first. */
void wj_rec_crash_restart(void);
/* record.c: the game's data (g's own, else loaded from data_dir). */
const struct game_data *wj_rec_data_for(const struct wj_game *g, const char *data_dir,
					char *err, size_t errlen);
/* record.c: the sides asked in s (a mask), as words and back. */
int wj_rec_waiting_for(const struct game *game, const struct game_state *s);
void wj_rec_waiting_words(const struct game *game, int waiting, char *out, size_t len);
int wj_rec_waiting_of(const struct game *game, char *words);
bool wj_rec_game_over(const struct wj_game *g);

/* record_txn.c: a commit's files, staged then moved by the journal. */
struct wj_rec_journal {
	int n;
	char rel[WJ_REC_TXN_FILES][64];
	long long append[WJ_REC_TXN_FILES]; /* the length to cut back to; -1: a move */
};

struct wj_rec_txn {
	int n;
	struct {
		char rel[64];
		char *text;
		size_t len;
		mode_t mode;
		long long append; /* appended to a file of this length; -1: replaces it */
	} f[WJ_REC_TXN_FILES];
};

enum wj_rec_status wj_rec_io_fail(char *err, size_t errlen, const char *what, const char *path);
enum wj_rec_status wj_rec_write_new(const char *path, const char *text, size_t len, mode_t mode,
				    char *err, size_t errlen);
enum wj_rec_status wj_rec_sync_dir(const char *path, char *err, size_t errlen);
enum wj_rec_status wj_rec_make_dir(const char *path, mode_t mode, char *err, size_t errlen);
/* 1 with a committed journal read, 0 without one, -1 on error. */
int wj_rec_journal_read(const char *dir, struct wj_rec_journal *j);
/* Finishes or discards a commit a crash left. */
enum wj_rec_status wj_rec_recover(const char *dir, char *err, size_t errlen);
void wj_rec_txn_free(struct wj_rec_txn *t);
/* Adds the text written so far to stream `m` (from open_memstream). */
int wj_rec_txn_add(struct wj_rec_txn *t, const char *rel, FILE *m, char **text, size_t *len,
		   mode_t mode);
enum wj_rec_status wj_rec_txn_commit(const char *dir, struct wj_rec_txn *t, char *err,
				     size_t errlen);

/* record_files.c: game.yaml and one log entry, as written. */
void wj_rec_game_yaml(FILE *f, const struct game *game, const struct game_data *d,
		      const struct wj_game *g);
/* game.yaml's part after its meta: the public view of state s. 0, or -1
 * out of memory. */
int wj_rec_public_state(FILE *f, const struct game *game, const struct game_data *d,
			const struct game_state *s);
void wj_rec_log_yaml(FILE *f, int number, const struct wj_log_entry *e,
		     const struct game_state *s, const struct game *game);

/* record_load.c: the parts of reading a game. */
/* Where game.yaml's `meta:` block ends (just after its last line), or
 * NULL when it has none. */
const char *wj_rec_meta_end(const char *text);
enum wj_rec_status wj_rec_game_in(const char *dir, const struct game **game, char *err,
				   size_t errlen);
enum wj_rec_status wj_rec_load_game_yaml(const char *dir, yaml_document_t *doc, char **keep,
					 char *err, size_t errlen);
enum wj_rec_status wj_rec_read_game_yaml(const char *dir, struct wj_game *g, struct wj_meta *m,
					 const struct game_data **d, char *err, size_t errlen);
enum wj_rec_status wj_rec_read_seed(const char *dir, unsigned char seed[WJ_SEED_BYTES],
				    char *err, size_t errlen);
enum wj_rec_status wj_rec_read_secret_state(const char *dir, const struct game_data *d,
					    struct wj_game *g, char *err, size_t errlen);

/* record_lock.c: a Message-ID as seen keeps it, and the seen.d/ file
 * that keeps it. */
void wj_rec_clean_id(char *out, size_t len, const char *id);
void wj_rec_seen_file(const char *line, char rel[16]);

/* record_index.c: the index's parts, and the numbers of the log's
 * entries, sorted (how many; -1 on error). */
void wj_rec_index_add(struct wj_record_index *ix, int number, bool accepted, int side);
int wj_rec_index_parse(char *text, const struct game *game, struct wj_record_index *ix);
int wj_rec_index_scan(const char *dir, const struct game *game, struct wj_record_index *ix);
void wj_rec_index_write(FILE *f, const struct wj_record_index *ix, const struct game *game);
int wj_rec_entry_number(const char *name);

/* record_entries.c: the log's entries, wherever they are kept. Entry
 * `number` as wj_rec_read gives a file (ENOENT: no such entry); whether
 * it is there; the numbers of all of them, sorted (how many, -1 on
 * error); and, after the commit of entry `number`, the block it lets go
 * into its pack. */
int wj_rec_read_entry(const char *dir, int number, char **text, size_t *len);
bool wj_rec_entry_exists(const char *dir, int number);
int wj_rec_log_numbers(const char *dir, int *v, int max);
void wj_rec_log_pack(const char *dir, int number);

#endif
