/* Play by email, the network half: the outbox over SMTP, the judge's
 * mailbox over IMAP, reminders and archive replay (libcurl). Intake and
 * composing are in mail.h; everything here goes through wj_mail_process
 * and the files it leaves in GAME/outbox/new.
 *
 * Every function returns a sysexits.h code and writes one line per thing
 * done or failed to `log` (stderr for the command line). */
#ifndef WJ_MAIL_NET_H
#define WJ_MAIL_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>
#include "buf.h"
#include "durable.h"
#include "mail.h"

/* The network plugin's stamp (cli/plugin.h): the layouts it is passed. */
#define WJ_NET_ABI ((unsigned long)sizeof(struct wj_mail_config) * 131u ^ \
		    (unsigned long)sizeof(struct wj_buf) * 1009u)

#define WJ_OUT_MAX_BYTES (16u << 20) /* one outgoing mail, attachments and all */
#define WJ_RCPT_MAX 4096              /* the envelope recipients of one mail */

/* The game's name: the last part of its directory's path. */
void wj_game_name(const char *game, char *out, size_t len);

/* mail_outbox.c: the envelope recipients: every address in To and Cc of
 * an RFC 5322 message, comma-separated into `out`. 0, or -1 when there is
 * none or they do not fit. */
int wj_mail_recipients(const char *msg, size_t len, char *out, size_t outlen);
/* Writes `text` as GAME/outbox/new/NAME (through outbox/tmp, fsynced,
 * renamed), for a mail that is no part of a commit (a reminder). */
int wj_outbox_put(const char *game, const char *name, const char *text, size_t len,
		  char *err, size_t errlen);

/* What GAME/outbox/cur keeps of a sent mail, not the mail (issue 12: a
 * board a mail, about 2 GB a game): a first field WJ_SENT_FIELD with the
 * BLAKE2b-256 of the mail's bytes and their number, then the fields of
 * its header that say who was sent what, and when (To, Reply-To,
 * Subject, Date, Message-ID; issue 25.3: the digest stands for the
 * rest). `replay`
 * compares the record of each mail it would send with it. */
#define WJ_SENT_FIELD "X-Wwjudge-Sent:"
int wj_outbox_record(const char *msg, size_t len, struct wj_buf *out);
/* A record as kept now, of one kept before with the whole header. */
int wj_outbox_record_kept(const char *rec, size_t len, struct wj_buf *out);
/* What outbox/cur keeps of mail NAME: its file, or, for a mail of a log
 * entry ("NNNNNN.WHAT") whose block 64 later entries passed, a member of
 * the block's pack outbox/cur/pack-FIRST-LAST (core/pack.h). 0, or -1
 * with errno (ENOENT: nothing kept). And the pack holding entry's. */
int wj_outbox_kept(const char *game, const char *name, struct wj_buf *out);
int wj_outbox_packed(const char *game, int entry, struct wj_buf *out);
/* Whether the file at path is such a record (not a whole mail, as
 * outbox/cur kept before). */
bool wj_outbox_is_record(const char *path);
/* GAME/outbox/new/NAME sent: its record becomes GAME/outbox/cur/NAME
 * (written, fsynced, renamed), then the mail is removed. 0, or -1 with
 * err; a crash between the two leaves both, and the mail is sent again. */
int wj_outbox_sent(const char *game, const char *name, char *err, size_t errlen);

/* mail_send.c and mail_poll.c make the network plugin (cli/plugin.h): the
 * wwjudge binary loads libcurl only for the commands that use them. */

/* mail_send.c: sends every mail in GAME/outbox/new over SMTP; its record
 * goes to GAME/outbox/cur (wj_outbox_sent). EX_TEMPFAIL when one could not be sent (it stays
 * for the next run). `send_all` does it for every game under `games`. */
int wj_mail_send_game(const struct wj_mail_config *c, const char *game, FILE *log);
int wj_mail_send_all(const struct wj_mail_config *c, const char *games, FILE *log);

/* mail_poll.c: fetches the new messages of the judge's IMAP mailbox, in
 * UID order, into wj_mail_process, then sends. Another poll running:
 * EX_OK at once. */
int wj_mail_poll(const struct wj_mail_config *c, FILE *log);

/* mail_remind.c: mails each player whose move has waited more than
 * c->remind_hours, at most once a day per game. */
int wj_mail_remind(const struct wj_mail_config *c, time_t now, FILE *log);
/* What wj_mail_remind would write at `at` (each game's reminder whole, or
 * why none is due and when one will be), on `out`; nothing is locked,
 * written or sent. */
int wj_mail_remind_dry(const struct wj_mail_config *c, time_t at, FILE *out);

/* mail_replay.c: plays the game in `game` again from its start with the
 * order mails of `archive` (an mbox file or a Maildir), in order, and
 * reports to `out` the first mail whose result differs from the record. */
int wj_mail_replay(const struct wj_mail_config *c, const char *game,
		   const char *archive, FILE *out);

#endif
