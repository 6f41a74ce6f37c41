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
#ifndef WW_MAIL_H
#define WW_MAIL_H

#include <stdbool.h>
#include <stddef.h>

#define WW_MAIL_MAX_BYTES (2u << 20) /* a whole order mail */
#define WW_PART_MAX_BYTES (512u << 10) /* one MIME part */

struct ww_mail_config {
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
	char moderator[256];     /* address allowed to send moderator commands */
	int remind_hours;        /* remind a player whose move waited this long */
};

/* mail_config.c: 0, or -1 with "file:line: problem" in err. */
int ww_mail_config_load(const char *path, struct ww_mail_config *c, char *err, size_t errlen);

/* mail_process.c: processes one RFC 5322 message; returns a sysexits.h
 * code (EX_OK also when the order was refused and a reply was queued;
 * EX_TEMPFAIL when the game is locked or the disk is full). */
int ww_mail_process(const struct ww_mail_config *c, const char *msg, size_t len,
		   const char *imap_id /* "UIDVALIDITY/UID" or NULL */);

#endif
