/* Shared by mail_intake.c, mail_auth.c, mail_out.c, mail_process.c and
 * cli_mail.c only. */
#ifndef WJ_MAIL_INTERNAL_H
#define WJ_MAIL_INTERNAL_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include "mail.h"

#define WJ_MAIL_LINE 1024
#define WJ_GAME_NAME 48
#define WJ_TOKEN_HEX 17          /* 16 hex digits + NUL */
#define WJ_MAIL_TO 8

/* One incoming mail, reduced to what the judge reads (mail_intake.c). */
struct wj_mail_in {
	char from[WJ_ADDR_MAX];          /* the From addr-spec */
	char message_id[512];            /* "<...>", or else mail_hash */
	char mail_hash[64];              /* "<HEX@hash.wwjudge>": the mail's bytes */
	char date[128];                  /* the Date header as written */
	char subject[256];
	char references[1024];           /* References (then In-Reply-To) */
	char to[WJ_MAIL_TO][WJ_ADDR_MAX];/* Delivered-To, X-Original-To, To, Cc */
	int nto;
	char automatic[160];             /* the header that marks it automatic (RFC 3834), or "" */
	char *text;                      /* the chosen body, UTF-8, LF line ends */
	size_t textlen;
};

/* A note to the opponent (docs/mail.md): at most this many lines and
 * characters, relayed whole or not at all. */
#define WJ_NOTE_LINES 20
#define WJ_NOTE_CHARS 1000

/* At most this many lines in an order block, a phone's wrapped lines
 * counted one by one. */
#define WJ_BLOCK_LINES (4 * WJ_PLAY_MAX)

/* The order block of a mail body: "#orders" ... "#end"; and the note,
 * "#note" ... "#end", its lines cleaned as they are relayed. */
struct wj_order_block {
	bool found, ended;
	int line;                        /* line of "#orders" in the body */
	char game[WJ_GAME_NAME], side[16], password[256], token[64];
	int n;
	char lines[WJ_PLAY_MAX][WJ_MAIL_LINE];
	int nraw;                        /* the order lines as written, before joining */
	char raw[WJ_BLOCK_LINES][WJ_MAIL_LINE];
	char problem[256];               /* a line too long, too many lines, a bad note */
	bool password_line;              /* a line like a password line (never kept) */
	bool note_found, note_ended;
	int note_lines, note_chars;      /* as written, past the limits too */
	int note_blanks;                 /* blank lines not yet known to be inside */
	char note[4 * WJ_NOTE_CHARS + WJ_NOTE_LINES + 1]; /* lines joined by LF */
};

/* mail_intake.c */
int wj_mail_parse(const char *msg, size_t len, struct wj_mail_in *m,
		  char *err, size_t errlen);
void wj_mail_in_free(struct wj_mail_in *m);
/* HTML reduced to text: tags dropped, block ends as line ends,
 * <blockquote> lines quoted with "> ", entities decoded. Malloc'd. */
char *wj_html_to_text(const char *html, size_t len, size_t *outlen);
/* One line of a mail body as its blocks are read: its number from 1, t
 * the line with its blanks trimmed (cut at 2 * WJ_MAIL_LINE), raw and n
 * the line as written. */
struct wj_body_line {
	int number;
	char *t;
	const char *raw;
	size_t n;
};
/* The one reader of a body's blocks (#orders, #note, #moderator): each
 * line in turn to each(line, arg), but a quoted line ("> "), up to a
 * signature ("-- ") or until each returns false. */
void wj_body_lines(const char *text, bool (*each)(const struct wj_body_line *, void *),
		   void *arg);
void wj_order_block_find(const char *text, struct wj_order_block *b);
/* The block's lines as `game`'s orders: a line that starts none of its
 * orders continues the one before (a phone wrapped it); then the block is
 * emptied if the password is among them. */
void wj_order_block_join(struct wj_order_block *b, const struct game *game);
/* Does the line begin like a password line ("password crown", "passwd",
 * "pasword") without being a "password:" line? */
bool wj_password_like(const char *t);
/* Is the line `t` (blanks trimmed) the marker "#WORD" ("# word" too, any case)? */
bool wj_block_marker(const char *t, const char *word);
/* "judge+GAME-SIDE-TOKEN@host" for the config's judge address: 0 and
 * the three parts, or -1 if `addr` is not one of the judge's. */
int wj_judge_subaddress(const char *judge, const char *addr, char *game,
			char *side, char *token);
bool wj_game_name_ok(const char *name);
bool wj_addr_equal(const char *a, const char *b);

/* mail_auth.c: per-game mail settings, GAME/secret/mail.yaml. Each
 * side's password is keyed by the side's word in the game
 * ("password_american"). */
struct wj_mail_secret {
	const struct game *game;         /* whose sides: set by read; set it for a new one */
	char password[GAME_MAX_SIDES + 1][192]; /* Argon2id, by side; "" = none set */
	int token_entry;                 /* log entry whose mails carry the tokens */
	/* a side's own, when the latest entries were hidden from it (written
	 * token_entry_SIDE); 0: token_entry */
	int side_entry[GAME_MAX_SIDES + 1];
	bool paused;
};
/* The log entry whose mails carry `side`'s current token. */
int wj_mail_token_entry(const struct wj_mail_secret *s, int side);
/* The tokens moved on to log entry `entry` for the sides in `moved`
 * (GAME_SIDE bits); every other side keeps its token: the entry is
 * hidden from it, or left what it was asked as it was
 * (wj_play_token_moves). */
void wj_mail_tokens_move(struct wj_mail_secret *s, int entry, unsigned moved);
/* The settings of the game in `dir`, a game of `game`; none written yet:
 * no passwords, token_entry 1. */
int wj_mail_secret_read(const char *dir, const struct game *game, struct wj_mail_secret *s,
			char *err, size_t errlen);
int wj_mail_secret_text(const struct wj_mail_secret *s, char **text, size_t *len);
/* Writes secret/mail.yaml by itself (rename); only with the lock held. */
int wj_mail_secret_write(const char *dir, const struct wj_mail_secret *s,
			 char *err, size_t errlen);
int wj_password_hash(const char *password, char out[192]);
bool wj_password_ok(const char *hash, const char *password);
/* The token of `side` for the mails of log entry `entry`: keyed by the
 * secret seed, so only the judge can make one, and replays reproduce it. */
void wj_move_token(const unsigned char seed[WJ_SEED_BYTES], int side,
		   int entry, char out[WJ_TOKEN_HEX]);
/* Which of `entries` (n of them, oldest first: the accepted entries
 * GAME/index keeps, which are the only ones whose mails carry tokens)
 * issued `token` for `side`, or 0 if none did. */
int wj_token_entry(const unsigned char seed[WJ_SEED_BYTES], int side,
		   const int *entries, int n, const char *token);

/* mail_auth.c: what mail that is not a side's own (not from its
 * registered address with its password) may cost a game in an hour,
 * whoever it claims to come from (issue 20): one answer per side to mail
 * from other addresses ("answer") and one to mail from the side's address
 * without its password ("own"), so that neither an autoresponder nor a
 * forger can make the judge write more to a player; and WJ_HASH_BUDGET
 * wrong passwords checked (each an Argon2id hash) in the whole game,
 * after which a mail's password is checked only if the mail carries one
 * of the side's tokens. GAME/answered holds the "SECONDS answer SIDE",
 * "SECONDS own SIDE" and "SECONDS hash SIDE" lines of the last hour,
 * committed with the refusal that adds one. */
#define WJ_ANSWER_GAP 3600
#define WJ_HASH_BUDGET 10
struct wj_answered {
	char *text;                      /* the lines of the last hour, and the new ones */
	size_t len;
	int hashes;                      /* wrong passwords checked within the hour */
	bool changed;                    /* to be committed */
	time_t now;
};
int wj_answered_read(const char *dir, time_t now, struct wj_answered *a);
/* Has the side (its word) had an answer of `kind` ("answer", "own")
 * within the hour? */
bool wj_answered_side(const struct wj_answered *a, const char *kind, const char *side_word);
/* `what` is "answer", "own" or "hash". */
int wj_answered_add(struct wj_answered *a, const char *what, const char *side_word);
void wj_answered_free(struct wj_answered *a);
/* mail_auth.c: the one place that decides whether a mail is a side's own
 * (its registered address, its password, then its move token) and
 * whether a moderator's block is the moderator's (docs/architecture.md).
 * A player's mail makes this claim: */
struct wj_mail_claim {
	const struct game *game;
	int side;
	const char *dir;                 /* the game's: its index keeps the old tokens */
	const unsigned char *seed;
	const struct wj_mail_secret *sec;
	const char *from, *registered;   /* the mail's sender, the side's address */
	const char *password;            /* the block's "password:", "" none */
	const char *token;               /* the block's "token:", else the Reply-To's */
	const char *block_problem;       /* what is wrong with the block, "" nothing */
	const char *block_missing;       /* why there is no block to read, or NULL */
	struct wj_answered *answered;    /* the hour's wrong passwords: the budget */
};
/* Is the mail the side's own: its registered address and its password?
 * 0 yes; 1 no, why says so; -1 out of memory. Once WJ_HASH_BUDGET wrong
 * passwords were checked in the game within the hour, a password is
 * checked only in a mail that carries one of the side's tokens: a flood
 * of forged mails from a player's address costs at most that many
 * Argon2id hashes an hour. A wrong password is counted in c->answered. */
int wj_mail_authentic(const struct wj_mail_claim *c, char *why, size_t whylen);
/* Does the mail carry the side's current move token? 0 yes; 1 no, why
 * says so, and *stale_from is the entry an earlier token was written for
 * (0 none). */
int wj_mail_token_current(const struct wj_mail_claim *c, char *why, size_t whylen,
			  int *stale_from);
/* Is a "#moderator" block the moderator's: from the config's moderator
 * address with the moderator's password? NULL yes; else why not. */
const char *wj_moderator_refused(const struct wj_mail_config *c, const char *from,
				 const char *password);

/* The clock of the mail layer: time(), or WW_NOW (seconds) in tests. */
time_t wj_mail_now(void);

/* mail_out.c */

/* The board a report mail attaches as a PNG (the game's `board`), drawn
 * from the recipient's view alone so that the picture shows no more than
 * the text. */
struct wj_mail_board {
	const struct wj_mail_view *view;
	const struct game_events *last;  /* highlighted as the last move; may be NULL */
	const char *game;                /* names the file: board-GAME-MOVE.png */
};

struct wj_mail_out {
	const char *to;                  /* recipient addr-spec */
	const char *reply_to;            /* may be NULL */
	const char *subject;
	const char *date;                /* RFC 5322 date; NULL: now */
	char message_id[300];
	const char *in_reply_to;         /* "<...>" or NULL */
	const char *references;          /* may be NULL */
	const char *body;                /* UTF-8, LF, in the report form (mail.h) */
	const struct wj_mail_board *board; /* a report: attached; NULL: text only */
};
/* The complete message (CRLF), malloc'd: text/plain made from the body,
 * or with a board multipart/mixed (a multipart/alternative of that text
 * and the HTML page made from the same body,
 * then the PNG, which the page shows by Content-ID), its boundaries made
 * from the game and the move so that the same mail gives the same bytes. NULL out
 * of memory, or when the board cannot be drawn (said on stderr). */
char *wj_mail_compose(const struct wj_mail_config *c, const struct wj_mail_out *o,
		      size_t *len);
/* "judge+GAME-SIDE-TOKEN@host" */
void wj_reply_address(const struct wj_mail_config *c, const char *game,
		      const char *side_word, const char *token, char *out, size_t len);
/* "<ww.GAME.ENTRY.WHAT@host>": stable, so a resent mail is recognisable. */
void wj_judge_message_id(const struct wj_mail_config *c, const char *game, int entry,
			 const char *what, char *out, size_t len);

/* mail_moderator.c: a rollback, first prepared (the log replayed to the
 * target, nothing written), then committed with one log entry, the
 * tokens moved on to that entry, both players' mails (when `c` is given)
 * and `extra` files, at one commit point. */
struct wj_rollback_plan {
	struct wj_game *after;           /* malloc'd by prepare */
	struct wj_rollback rb;
	int entry;                       /* the rollback's log entry */
	int target_side;                 /* who made the move it goes back to */
};
/* 0; 1 refused (a move beyond the current one, before the set-up, the
 * current one; a game whose seed is revealed) with the reason in err;
 * -1 the log does not replay or out of memory. With the lock held. */
int wj_rollback_prepare(const char *dir, const struct wj_game *g, uint32_t move,
			struct wj_rollback_plan *p, char *err, size_t errlen);
struct wj_rollback_by {
	const char *who;                 /* "command line" or the moderator's address */
	const char *date;                /* the moderator's mail's Date, or NULL: now */
	const char *mail_date;           /* the players' mails' Date when not `date`: a
					    replay gives a command line's entry the record's */
	const char *also_seen;           /* a key marked seen, or NULL */
	const struct wj_rec_file *extra;
	int nextra;
};
enum wj_rec_status wj_rollback_commit(const struct wj_mail_config *c, const char *dir,
				      const char *game, const struct wj_game *g,
				      struct wj_rollback_plan *p, const struct wj_rollback_by *by,
				      char *err, size_t errlen);
void wj_rollback_plan_free(struct wj_rollback_plan *p);

/* mail_moderator.c: a moderator's change (pause, resume, an address, a
 * password) committed with a log entry by nobody ("# moderator: WHAT"),
 * `secret` when it changes, the extra files of `by` (the reply to the
 * moderator) and, with a config `c`, a notice to each side whose `said`
 * is given, built from that side's own view of `after`: all at one
 * commit point. With the lock held. */
struct wj_moderator_change {
	const struct wj_game *after;
	const struct wj_mail_secret *secret;   /* NULL: unchanged */
	char what[WJ_ADDR_MAX + 64];           /* for the moderator, and the log */
	char logged[2 * WJ_ADDR_MAX + 80];     /* for the log when it says more: "" */
	char subject[96];                      /* for the players' subject */
	char said[GAME_MAX_SIDES + 1][WJ_ADDR_MAX + 200]; /* to each side; "": not told */
};
/* The changes of pause or resume (`next`: the settings, paused or not)
 * and of a side's new address (`after`: the game with it). */
void wj_change_pause(struct wj_moderator_change *ch, const struct wj_game *g,
		     struct wj_mail_secret *next, bool paused);
void wj_change_address(struct wj_moderator_change *ch, struct wj_game *after, int side,
		       const char *addr);
enum wj_rec_status wj_moderator_commit(const struct wj_mail_config *c, const char *dir,
				       const char *game, const struct wj_game *g,
				       const struct wj_moderator_change *ch,
				       const struct wj_rollback_by *by, char *err, size_t errlen);

/* mail_moderator.c: a "#moderator" ... "#end" block in a mail body. */
bool wj_moderator_block_present(const char *text);
/* The moderator's commands of one mail (docs/mail.md); a sysexits code. */
int wj_mail_moderate(const struct wj_mail_config *c, const struct wj_mail_in *m);

#endif
