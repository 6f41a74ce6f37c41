/* The game record: one directory per game (record.c, record_game.c,
 * record_log.c, record_replay.c). Only this layer touches game files, and
 * it holds a game only through game.h.
 *
 *   GAME/game.yaml            public: meta + the public state (no hands, no
 *                             deck order), readable with less
 *   GAME/log/NNNNNN.yaml      append-only, one entry per order (accepted or
 *                             rejected): order text, side, sender,
 *                             Message-ID, every die (index, value, forced),
 *                             what happened
 *   GAME/secret/  (0700)      seed, full state (what the view hides: hands,
 *                             the deck's order, unrevealed throws), one
 *                             ledger per side, a scenario game's starting
 *                             position and its scenario
 *   GAME/seen.d/XX            Message-IDs already processed, by a hash
 *   GAME/index                the log at a glance (next entry, last orders)
 *   GAME/outbox/{tmp,new,cur} Maildir of mails committed, not yet sent
 *   GAME/lock                 flock(2) target: one writer per game
 *
 * A commit writes every new file to a temporary name, fsyncs it, and makes
 * them all true at one rename (the commit point); a crash at any instant
 * leaves the old game or the new one, and loading finishes or discards a
 * half-done commit. */
#ifndef WJ_RECORD_H
#define WJ_RECORD_H

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include "dice.h"
#include "game.h"

#define WJ_ADDR_MAX 256
/* The sender logged for orders given with `wwjudge order`, the only ones
 * that may force dice (--dice). */
#define WJ_SENDER_COMMAND_LINE "command line"

struct wj_meta {
	/* the game's name in the judge (game.h), game.yaml's `game:`; empty
	 * in games made before it, which are Washington's War */
	char game[32];
	char data_id[64];          /* which data the game was created with */
	char data_dir[256];
	/* the registered address of each side, addr[1..nsides]; game.yaml's
	 * keys are the sides' words ("american: ...") */
	char addr[GAME_MAX_SIDES + 1][WJ_ADDR_MAX];
	char commitment[WJ_COMMIT_HEX]; /* hash of the seed */
	/* The game's first position (its state_write with `secret`) hashed
	 * with the seed as key, published beside the commitment (issue 11);
	 * empty in games created before it. */
	char initial_state[WJ_COMMIT_HEX];
	bool seed_revealed;        /* after the game: seed copied to game.yaml */
	char seed_hex[WJ_COMMIT_HEX];   /* only when revealed */
	/* A game started with --scenario: the scenario's file name, and its
	 * starting position is kept in secret/initial-state.yaml for replay.
	 * Empty for a game set up by 4.0 from the seed. */
	char scenario[256];
	/* the optional rules the game plays with: bit i for the game's
	 * options[i] (game.h), game.yaml's `options: [WORD, ...]` */
	unsigned options;
	/* secret/mail.yaml holds the game's passwords, tokens and pause: set
	 * by the first create or commit that writes it, so that a game played
	 * by mail never runs without it (issue 27) */
	bool mail_secrets;
};

/* The mail layer's settings of a game (passwords, tokens, pause). */
#define WJ_REC_MAIL_SECRETS "secret/mail.yaml"

struct wj_game {
	/* the game played, as meta.game names it: set by wj_game_new and load */
	const struct game *game;
	struct wj_meta meta;
	/* the game's state, allocated by the game (wj_game_new, wj_game_copy,
	 * load); freed with wj_game_free */
	struct game_state *state;
	unsigned char seed[WJ_SEED_BYTES]; /* from secret/, never in public files */
	/* The data whose names the record files use. Not stored: set it before
	 * create, load and commit; left NULL, the record loads meta.data_dir
	 * through the game's data_load itself (once per process per data
	 * directory). Load keeps it as it was. */
	const struct game_data *data;
};

/* record_game.c: a game of `game` with an empty state, everything else
 * zero; a copy of `from` with a state of its own (to's old state is not
 * freed: to is empty or freed); and its state freed. 0, or -1 out of
 * memory (nothing allocated). */
int wj_game_new(struct wj_game *g, const struct game *game);
int wj_game_copy(struct wj_game *to, const struct wj_game *from);
void wj_game_free(struct wj_game *g);
/* record_game.c: the position s as its game writes it with `secret`,
 * hashed with the seed as key: a new game's meta.initial_state, which
 * replay checks (docs/record.md). 0, or -1 out of memory. */
int wj_rec_position_hash(const struct game *game, const struct game_data *d,
			 const struct game_state *s, const unsigned char seed[WJ_SEED_BYTES],
			 char out[WJ_COMMIT_HEX]);

/* A rollback (wwjudge rollback, docs/record.md): the game goes back to
 * the position after log entry `target` (which reached move `to_move`);
 * entries first..last are undone: their orders no longer count, and
 * replay and verify skip them. The dice and shuffle counters stay past
 * everything already rolled, so no undone die is seen again. */
struct wj_rollback {
	int target;
	int first, last;
	uint32_t from_move, to_move;
	uint64_t next_roll, next_shuffle;
	/* who made move to_move: the side of the last live order that reached
	 * it, GAME_PUBLIC for the set-up; found by the replay, not logged */
	int by;
	/* the cards no side has seen were reshuffled (game.h's
	 * reshuffle_unseen) with shuffle next_shuffle, after the counters
	 * moved on: logged `reshuffle: N`; false in rollbacks made before */
	bool reshuffled;
};

/* One log entry, as the caller describes it. */
struct wj_log_entry {
	int side;                 /* the game's side (1..nsides); GAME_PUBLIC: the set-up */
	const char *order_text;   /* the orders as received */
	const char *sender;       /* address or "command line" */
	const char *message_id;   /* may be NULL */
	const char *seen_as;      /* marked seen instead of message_id; NULL: message_id */
	const char *received;     /* when the order arrived (a mail's Date), may be NULL */
	bool rejected;
	const char *reason;       /* when rejected, or why the rest was not carried out */
	const char *not_carried_out; /* accepted in part: the order lines after the refused one */
	const char *note;         /* a note to the opponent (docs/mail.md), or NULL */
	const struct game_events *events;
	const char *said;          /* an event the judge tells both sides (a rollback), after the game's */
	const struct wj_rollback *rollback; /* a rollback entry; NULL otherwise */
};

/* Exit-code-friendly status for every record call. */
enum wj_rec_status {
	WJ_REC_OK = 0,
	WJ_REC_BUSY,       /* lock held: try again later (EX_TEMPFAIL) */
	WJ_REC_IO,         /* disk full, unreadable: nothing was changed */
	WJ_REC_CORRUPT,    /* a record file does not parse or does not add up */
	WJ_REC_EXISTS,     /* create: directory already holds a game */
	WJ_REC_MISSING,    /* no game there */
};

/* The exit code (sysexits.h) of a command that ends with st. `mailed`:
 * the command is an MTA's delivery, which tries again on EX_TEMPFAIL, so
 * a disk error (WJ_REC_IO) is temporary there; on the command line it is
 * EX_IOERR. */
int wj_rec_exit(enum wj_rec_status st, bool mailed);

/* record.c */
enum wj_rec_status wj_record_create(const char *dir, const struct wj_game *g,
				    const struct game_events *setup_events,
				    char *err, size_t errlen);
/* Reads the game in `dir` into *g (zeroed, or a game loaded before: its
 * state is freed and replaced). The names in it are read with g->data
 * when set; else with the game's own data set (game.yaml's data_dir),
 * loaded once per process and kept, and g->data is left pointing at it.
 * On failure *g is as it was. */
enum wj_rec_status wj_record_load(const char *dir, struct wj_game *g,
				  char *err, size_t errlen);
/* Locks the game (waits up to `wait_seconds`, 0 = don't wait). */
enum wj_rec_status wj_record_lock(const char *dir, int wait_seconds, int *fd,
				  char *err, size_t errlen);
void wj_record_unlock(int fd);
/* The one way to take a game to change it: wj_record_lock, then
 * wj_record_load into g. On failure nothing is held (*fd is -1) and err
 * says why. */
enum wj_rec_status wj_record_open(const char *dir, int wait_seconds, int *fd,
				  struct wj_game *g, char *err, size_t errlen);
/* Commits the new game state and its log entry (and marks message_id seen)
 * atomically. `before` is the state the order was applied to, for the
 * hand ledgers. */
enum wj_rec_status wj_record_commit(const char *dir, const struct game_state *before,
				    const struct wj_game *after,
				    const struct wj_log_entry *entry,
				    char *err, size_t errlen);
/* A file written by a commit along with the game: a mail placed into
 * outbox/new/ (mail.h), the mail settings in secret/. `rel` is the path
 * inside GAME (at most 63 characters). */
struct wj_rec_file {
	const char *rel;
	const char *text;
	size_t len;
	unsigned mode;
};
#define WJ_REC_MAX_FILES 6

/* wj_record_commit (or, with after == NULL, wj_record_log_rejected) that
 * also writes `files` and marks `also_seen` (an IMAP id, may be NULL)
 * seen, all at the same single commit point. */
enum wj_rec_status wj_record_commit_files(const char *dir, const struct game_state *before,
					  const struct wj_game *after,
					  const struct wj_log_entry *entry,
					  const struct wj_rec_file *files, int nfiles,
					  const char *also_seen, char *err, size_t errlen);
/* Appends a rejected order's log entry (nothing else changes). */
enum wj_rec_status wj_record_log_rejected(const char *dir, const struct wj_log_entry *entry,
					  char *err, size_t errlen);
bool wj_record_seen(const char *dir, const char *message_id);
/* The same, told from a file that cannot be read: 1 seen, 0 not, -1 a
 * file of seen.d/ could not be read (errno set; what to say is in err). A
 * mail whose look-up fails must wait: taken as unseen it could be
 * applied twice. */
int wj_record_seen_check(const char *dir, const char *message_id, char *err, size_t errlen);
/* Whether the game in dir must have secret/mail.yaml: game.yaml's
 * meta.mail_secrets, or (games made before it) a log entry that came by
 * mail. 1 yes, 0 no, -1 cannot tell (errno set). */
int wj_record_mail_secrets_expected(const char *dir);
/* The number the next log entry gets (1 more than the highest there), or
 * -1 if the log cannot be read. Call it with the lock held. */
int wj_record_next_entry(const char *dir);

/* GAME/index (docs/record.md): the log at a glance, written by every
 * commit, so that nothing lists the log or reads it back to find these. */
#define WJ_INDEX_ACCEPTED 64
struct wj_record_index {
	int next_entry;        /* the number the next log entry gets */
	int last_order[3];     /* by side: the entry of its last accepted order, 0 none */
	int accepted_from;     /* every accepted entry from this one on is in accepted[] */
	int naccepted;
	/* the last WJ_INDEX_ACCEPTED accepted entries, oldest first (an index
	 * written before they were kept: those from the older last order on) */
	int accepted[WJ_INDEX_ACCEPTED];
	int waiting;           /* the sides asked (GAME_SIDE bits; 0 once the game is
				* over); -1 not known, in a game made before the index */
};
/* The index of the game in `dir`; from the log itself when GAME/index is
 * missing (a game made before it), unreadable, or passed by a later entry.
 * 0, or -1 if the log cannot be read. */
int wj_record_index(const char *dir, struct wj_record_index *ix);
/* The game of the record in `dir`, as its game.yaml's meta names it;
 * NULL with what is wrong in err (game.yaml is read, nothing else). */
const struct game *wj_rec_dir_game(const char *dir, char *err, size_t errlen);
/* The path in GAME of `side`'s secret ledger, "secret/ledger-SIDE.yaml"
 * with the side's word. */
#define WJ_REC_LEDGER_NAME 64
void wj_rec_ledger_file(const struct game *game, int side, char rel[WJ_REC_LEDGER_NAME]);
/* Checks the record adds up (and, once the seed is revealed, recomputes
 * the commitment and every unforced logged roll; wj_record_replay below
 * recomputes every roll and every shuffle by replaying the game). Prints
 * findings to `out`; returns the number of problems. */
int wj_record_verify(const char *dir, const struct game_data *d, FILE *out);
/* The same of an ended game's export (wwjudge export), which holds no
 * seen.d/ and no secret/mail.yaml: the mails' Message-IDs and the
 * passwords stay the judge's. */
int wj_record_verify_export(const char *dir, const struct game_data *d, FILE *out);

/* Once the game is over, reveals the seed in g->meta (a commit of a game
 * that is over does this itself; call it to show the seed in the report). */
void wj_record_reveal_seed(struct wj_game *g);

/* record_replay.c: rebuilds the game from its start (the game's new_game
 * with the seed, of secret/scenario.yaml for a scenario; a scenario game
 * made before that file: secret/initial-state.yaml), re-applies every
 * accepted log entry with its logged forced dice (order_parse, apply),
 * and checks that every roll (index, value, forced), every entry's move
 * and every ledger equal the logged ones and that the final state equals
 * secret/state.yaml. Uses the
 * revealed seed once there is one, else secret/seed. Stops at the first
 * entry that differs; prints findings to `out`; returns the number of
 * problems. */
int wj_record_replay(const char *dir, const struct game_data *d, FILE *out);
/* The words of the options `bits` of game, "tournament, ..." ("" for
 * none), as game.yaml and the reports name them. */
void wj_rec_option_words(const struct game *game, unsigned bits, char *out, size_t len);
/* The option of game named `word`: its bit, or 0 with what the game's
 * options are in why. */
unsigned wj_rec_option_bit(const struct game *game, const char *word, char *why, size_t whylen);
/* wj_record_replay that also counts the forced rolls it replayed, by the
 * side whose entry rolled them (forced[side], by the game's side number). */
int wj_record_replay_counted(const char *dir, const struct game_data *d, FILE *out,
			     int forced[3]);

/* record_replay.c: the position after the last live accepted entry that
 * reached move `move` (live: not undone by a later rollback), replayed
 * from the start with the checks of wj_record_replay up to there. Fills
 * *s and *rb (target, first, last and the moves; the dice counters are
 * the caller's). 0; -2 with the reason in err for a move beyond the
 * current one, before the set-up, or the current one with nothing since
 * but refusals (nothing to undo);
 * -1 with the first problem in err when the log does not replay. */
int wj_record_replay_to(const char *dir, const struct game_data *d, uint32_t move,
			struct game_state *s, struct wj_rollback *rb, char *err, size_t errlen);

/* wj_record_create that also writes `files` (secret/mail.yaml) into the
 * new game before its single rename. */
enum wj_rec_status wj_record_create_files(const char *dir, const struct wj_game *g,
					  const struct game_events *setup_events,
					  const struct wj_rec_file *files, int nfiles,
					  char *err, size_t errlen);

/* Test hook: when the environment variable WW_CRASH_AT=N is set, the
 * process _exit(99)s just before write step N of a commit. Steps are
 * numbered from 1 in the order they happen. */
void wj_record_crash_point(void);

/* record_log.c: the log read back for the reports, as text and audience
 * (game.h's struct game_log). */

/* The accepted log entries of the game in `dir` since `recipient`'s last
 * accepted order (for the public, the last entry only), oldest first.
 * Returns 0, or -1 with "log/NNNNNN.yaml: problem" in err. */
int wj_recent_read(const char *dir, int recipient, struct game_log *r,
		   char *err, size_t errlen);
/* Every accepted log entry of the game, oldest first (the public export). */
int wj_history_read(const char *dir, struct game_log *r, char *err, size_t errlen);
/* The accepted entries first..last (at most max of them), oldest first;
 * an entry that does not read is left out. 0, or -1 with err when the
 * game cannot be read. */
int wj_log_read_between(const char *dir, int first, int last, int max, struct game_log *r,
			char *err, size_t errlen);
void wj_recent_free(struct game_log *r);

/* The log's entries one by one (record_entries.c): entry N is
 * log/NNNNNN.yaml, or, once 64 later entries came, a member of its
 * block's pack log/FIRST-LAST.yaml (docs/record.md, "Packs"). Set `dir`
 * and read as many entries as needed; the last pack read is kept until
 * wj_record_log_close. */
struct wj_record_log {
	const char *dir;
	int first;   /* the first entry of the pack kept */
	char *pack;
	size_t len;
};
/* Entry `number`, as the game now stands, NUL-terminated, to be freed:
 * 0, or -1 with errno (ENOENT: there is no such entry). */
int wj_record_entry(struct wj_record_log *log, int number, char **text, size_t *len);
void wj_record_log_close(struct wj_record_log *log);

#endif
