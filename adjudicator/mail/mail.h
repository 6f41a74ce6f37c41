/* Play by email: the moderator's configuration, intake of one order mail,
 * and the mails the judge writes. Nothing here knows the rules: intake
 * turns a mail into (game, side, order lines) and hands them to the same
 * path `wwjudge order` uses.
 *
 * mail_config.c   the moderator's config file (docs/mail.md)
 * mail_intake.c   MIME walk (libetpan), text extraction, the order block
 * mail_auth.c     passwords (Argon2id), move tokens, dedup
 * mail_process.c  `wwjudge process`: one message in, outbox mails out
 * mail_out.c      composing report and reply mails into the outbox
 * mail_send.c     `wwjudge send`: the outbox over SMTP (libcurl)
 * mail_poll.c     `wwjudge poll`: IMAP fetch (libcurl) into process
 */
#ifndef WJ_MAIL_H
#define WJ_MAIL_H

#include <stdbool.h>
#include <stddef.h>
#include "dice.h"
#include "game.h"
#include "play.h"
#include "record.h"

#define WJ_MAIL_MAX_BYTES (2u << 20) /* a whole order mail */
#define WJ_PART_MAX_BYTES (512u << 10) /* one MIME part */

struct wj_mail_config {
	char path[256];          /* where it was read from, for messages */
	char games[256];         /* directory holding one directory per game */
	char judge[256];         /* judge@example.org: replies go to judge+GAME-SIDE-TOKEN@... */
	char from_name[128];     /* display name on outgoing mail */
	char smtp_url[256];      /* smtp://host:port or smtps://... */
	char smtp_user[128], smtp_password[128];
	int smtp_tls;            /* 0 none, 1 try STARTTLS, 2 require TLS */
	char imap_url[256];      /* imaps://host/INBOX */
	char imap_user[128], imap_password[128];
	int imap_tls;
	char tls_ca_file[256];   /* CA certificates (PEM) the servers chain to; "" = the system's */
	char moderator[256];     /* address allowed to send moderator commands */
	int remind_hours;        /* remind a player whose move waited this long */
	char moderator_password_hash[192]; /* Argon2id (wwjudge passwd --moderator) */
	int text_only;           /* board = none: reports carry no PNG board */
	char archive[256];       /* the Maildir poll keeps what it took in; "" = none */
};

/* mail_config.c: 0, or -1 with "file:line: problem" in err. */
int wj_mail_config_load(const char *path, struct wj_mail_config *c, char *err, size_t errlen);

/* mail_intake.c: the addr-spec of a player's address as given to `new`
 * or `address` ("user@host" or "Name <user@host>"): 0, or -1 with what
 * was wrong and what is accepted in err (a line break, not one address). */
int wj_addr_spec(const char *text, char out[WJ_ADDR_MAX], char *err, size_t errlen);

/* mail_process.c: a mail of `size` bytes is over the limit: the line the
 * MTA bounces to the sender, on stderr; EX_DATAERR. */
int wj_mail_too_large(size_t size);
/* mail_process.c: processes one RFC 5322 message; returns a sysexits.h
 * code (EX_OK also when the order was refused and a reply was queued;
 * EX_TEMPFAIL when the game is locked or the disk is full). */
int wj_mail_process(const struct wj_mail_config *c, const char *msg, size_t len,
		   const char *imap_id /* "UIDVALIDITY/UID" or NULL */);

/* A mail of `size` bytes, over WJ_MAIL_MAX_BYTES, of which only the
 * header was fetched (poll): refused with a reply to the registered
 * address of the side it names, saying the limit and the size. */
int wj_mail_process_large(const struct wj_mail_config *c, const char *header, size_t len,
			  size_t size, const char *imap_id);

/* The outbox (mail_out.c): GAME/outbox/new/NAME is one complete RFC 5322
 * message, CRLF line ends, placed there by the commit that decided it.
 * Send it to the addresses of its To: header, envelope sender the
 * config's `judge`; then rename it into GAME/outbox/cur/ (same name). A
 * crash between commit and send resends it; the Message-ID is stable, so
 * a duplicate is recognisable. NAME is "ENTRY.RECIPIENT" (000042.british,
 * 000043.reply-american), unique within the game. */
#define WJ_OUTBOX_NEW "outbox/new"

/* wj_play_commit for accepted orders given on the command line of a
 * game played by mail: both players' reports and the tokens moved on are
 * committed with the orders, exactly as for an order mail. The reports
 * are dated `date` (a replay gives them the record's), NULL: now. */
struct game_data;
enum wj_rec_status wj_play_commit_mailed(const struct wj_mail_config *c, const char *dir,
					 const struct game_data *d, struct wj_game *g,
					 struct wj_play *p, const struct wj_log_entry *e,
					 const char *date, char *err, size_t errlen);
/* mail_report.c: composing through game.h. A record's game as game.h's
 * (until the record holds a struct game_state, the one place that turns
 * Washington's War's structs into game.h's), and one side's view of it. */
struct wj_mail_game {
	const struct game *game;
	const struct game_data *d;
	const struct game_state *state;
};
void wj_mail_game_of(const struct wj_game *g, struct wj_mail_game *out);
const struct game *wj_mail_played(const struct wj_game *g);

struct wj_mail_view {
	const struct game *game;
	const struct game_data *d;
	struct game_state *view;         /* game->view(state, side), the game's own */
	int side;                        /* GAME_PUBLIC: the public */
};
/* 0, or -1 out of memory; close frees the view. */
int wj_mail_view_open(struct wj_mail_view *v, const struct wj_mail_game *mg, int side);
int wj_mail_view_of(struct wj_mail_view *v, const struct wj_game *g, int side);
void wj_mail_view_close(struct wj_mail_view *v);
/* A side's name ("American") and word ("american"); "nobody" for none. */
const char *wj_mail_side_name(const struct game *game, int side);
const char *wj_mail_side_word(const struct game *game, int side);
/* The side of `game` that `word` names (its word or one of its other
 * words: game_side_of); else GAME_PUBLIC, and in `why` what to write
 * instead: "'french' is not a side of this game of Skirmish: write
 * american or british". */
int wj_mail_side_of(const struct game *game, const char *word, char *why, size_t whylen);
/* The sides of the set `asked` by name: "the British", "the American and
 * the British". */
void wj_mail_asked_names(const struct game *game, unsigned asked, char *out, size_t len);

#define WJ_MAIL_WIDTH 72 /* the judge's own lines, wrapped as the reports are */
/* Every mail body and report the judge writes is in the report form
 * (core/report_form.h), from which it makes the text part and the HTML
 * part alike.
 * The game's report of the view in `frame`, in that form: 0, or -1 with the problem in
 * err (a template that does not load, a write error, out of memory);
 * _said says it on stderr ("report: ..."). frame->note is the player's
 * note as written: the game is given it framed for the view's side
 * (wj_mail_note_framed), never the player's words themselves. */
int wj_mail_report(FILE *f, const struct wj_mail_view *v, const struct game_frame *frame,
		   char *err, size_t errlen);
int wj_mail_report_said(FILE *f, const struct wj_mail_view *v, const struct game_frame *frame);
/* The note of side `from` as every game's report shows it to `viewer`
 * (docs/mail.md, "A note to the opponent"): a heading naming its writer
 * ("  The American player writes:", to the writer "  Your note to the
 * British player:"), then each of its lines cleaned (text.h's
 * wj_text_relay), wrapped at WJ_NOTE_WIDTH columns and written behind
 * WJ_NOTE_MARK, so that no line of it begins a line of the report, each
 * a line of text of the report form (no word of it a heading or an order
 * block); malloc'd, NULL out of memory. */
#define WJ_NOTE_MARK "    | "
#define WJ_NOTE_WIDTH (WJ_MAIL_WIDTH - 6)
char *wj_mail_note_framed(const struct game *game, int from, int viewer, const char *note);
/* A paragraph of the judge's as lines of text of the report form
 * (core/report_form.h), which the text part wraps to WJ_MAIL_WIDTH. */
void wj_mail_line(FILE *f, const char *text);
/* A mail body or a report in the report form as the text part shows it
 * (show, export and order print it so): wrapped to WJ_MAIL_WIDTH. 0, or
 * -1 if writing failed. */
int wj_mail_text(FILE *out, const char *form, size_t len);
/* wj_mail_report as that text. */
int wj_mail_report_text(FILE *out, const struct wj_mail_view *v, const struct game_frame *frame,
			char *err, size_t errlen);
/* What is asked now: the game's question to the view's side when it is
 * asked, else to every side asked, as the view's side may read it; once
 * the game is over, who won. */
void wj_mail_asked_now(const struct wj_mail_view *v, char *out, size_t len);
/* "your move", "the British to move", "the American and the British to
 * move", "the game is over" (buf may hold it). */
const char *wj_mail_whose_move(const struct wj_mail_view *v, char *buf, size_t len);
/* The one subject scheme of every mail (docs/mail.md): "[wwjudge NAME]
 * DATE move N: WHAT", the game's date (when it has one) and move. */
void wj_mail_subject(const char *name, const struct wj_mail_game *mg, const char *what,
		     char *out, size_t len);
/* Every order the view's side may give now, as its report's guide gives
 * them ("What you can do now"), for a mail that has no report (a
 * refusal); nothing once the game is over. 0, or -1 with why. */
int wj_mail_guide(FILE *f, const struct wj_mail_view *v, char *why, size_t whylen);
/* The guide's first order other than a standing order, taken from the
 * examples given to wj_mail_example_take (a game_guide_item; the
 * report's frame.guide_item, so the guide is built once per mail). */
struct wj_mail_example {
	bool found;
	char line[WJ_PLAY_LINE]; /* one order line */
};
void wj_mail_example_take(void *ctx, const char *kind, const char *example);
/* The example order block with `token`, ending a mail to the view's side:
 * its order is the first the game's guide gives for that side (not a
 * standing order; `known` when the report gave it, else NULL and the
 * guide is built), or none when nothing is asked of it. */
void wj_mail_how_to_order(FILE *f, const struct wj_mail_view *v, const char *token,
			  const struct wj_mail_example *known);
/* The seed revealed at the end of the game, after a report: with it both
 * players can check every roll and shuffle. */
void wj_mail_seed(FILE *f, const char *seed_hex);

#endif
