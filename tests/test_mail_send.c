/* The network half of play by email against scripted peers on 127.0.0.1:
 * an SMTP server that records what `send` says and can refuse, and the
 * address lists the envelope is built from. The real servers (Postfix,
 * Dovecot) are exercised by tests/e2e. */
#include <arpa/inet.h>
#include <curl/curl.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>
#include <cmocka.h>
#include <sodium.h>
#include "mail_net.h"

/* ---- the envelope: To and Cc ---- */

static void rcpts_of(const char *msg, const char *want)
{
	char out[1024];
	int rc = wj_mail_recipients(msg, strlen(msg), out, sizeof out);
	if (!want) {
		assert_int_equal(rc, -1);
		return;
	}
	assert_int_equal(rc, 0);
	assert_string_equal(out, want);
}

static void test_recipients_from_to_and_cc(void **st)
{
	(void)st;
	rcpts_of("From: j@x\r\nTo: us@example.org\r\n\r\nbody\r\n", "us@example.org");
	rcpts_of("To: \"Adams, John\" <adams@example.org>, uk@example.org (the king)\n"
		 "Cc: Moderator <mod@example.org>\n\nTo: not@header\n",
		 "adams@example.org,uk@example.org,mod@example.org");
	/* folded (RFC 5322 2.2.3), and a group with its members */
	rcpts_of("To: a@example.org,\r\n\tb@example.org\r\nCC: players: c@example.org;\r\n\r\n",
		 "a@example.org,b@example.org,c@example.org");
	rcpts_of("Subject: no recipients\n\n", NULL);
	rcpts_of("To: undisclosed-recipients:;\n\n", NULL);
	rcpts_of("To: \"unterminated <a@example.org>\n\n", NULL);
}

/* ---- a scripted SMTP server ---- */

struct peer {
	int listen_fd, port;
	pthread_t thread;
	const char *refuse;      /* a command prefix answered with 451 */
	const char *reject;      /* a command prefix answered with 550 */
	int sessions;            /* connections to take, then stop */
	char transcript[65536];
	size_t len;
};

static void note(struct peer *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(p->transcript + p->len, sizeof p->transcript - p->len, fmt, ap);
	va_end(ap);
	if (n > 0 && p->len + (size_t)n < sizeof p->transcript)
		p->len += (size_t)n;
}

static int read_line(int fd, char *line, size_t size)
{
	size_t n = 0;
	char ch;
	while (n + 1 < size && read(fd, &ch, 1) == 1) {
		line[n++] = ch;
		if (ch == '\n')
			break;
	}
	line[n] = '\0';
	return n ? 0 : -1;
}

static void reply(int fd, const char *text)
{
	ssize_t w = write(fd, text, strlen(text));
	(void)w;
}

static void smtp_session(struct peer *p, int fd)
{
	char line[4096];
	reply(fd, "220 peer ESMTP\r\n");
	while (read_line(fd, line, sizeof line) == 0) {
		note(p, "%s", line);
		if (p->refuse && !strncasecmp(line, p->refuse, strlen(p->refuse))) {
			reply(fd, "451 4.3.0 try again later\r\n");
		} else if (p->reject && !strncasecmp(line, p->reject, strlen(p->reject))) {
			reply(fd, "550 5.1.1 no such user\r\n");
		} else if (!strncasecmp(line, "EHLO", 4)) {
			reply(fd, "250-peer\r\n250 AUTH PLAIN\r\n");
		} else if (!strcasecmp(line, "AUTH PLAIN\r\n")) {
			reply(fd, "334 \r\n"); /* RFC 4954 4: the credentials follow */
			if (read_line(fd, line, sizeof line) == 0)
				note(p, "%s", line);
			reply(fd, "235 2.7.0 ok\r\n");
		} else if (!strncasecmp(line, "AUTH", 4)) {
			reply(fd, "235 2.7.0 ok\r\n");
		} else if (!strncasecmp(line, "DATA", 4)) {
			reply(fd, "354 go on\r\n");
			while (read_line(fd, line, sizeof line) == 0) {
				note(p, "%s", line);
				if (!strcmp(line, ".\r\n"))
					break;
			}
			reply(fd, "250 2.0.0 queued\r\n");
		} else if (!strncasecmp(line, "QUIT", 4)) {
			reply(fd, "221 bye\r\n");
			break;
		} else {
			reply(fd, "250 ok\r\n");
		}
	}
}

static void *serve(void *arg)
{
	struct peer *p = arg;
	for (int i = 0; i < p->sessions; i++) {
		int fd = accept(p->listen_fd, NULL, NULL);
		if (fd < 0)
			break;
		smtp_session(p, fd);
		close(fd);
	}
	return NULL;
}

static void peer_start(struct peer *p)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof a;
	p->listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(p->listen_fd >= 0);
	assert_int_equal(bind(p->listen_fd, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(listen(p->listen_fd, 4), 0);
	assert_int_equal(getsockname(p->listen_fd, (struct sockaddr *)&a, &alen), 0);
	p->port = ntohs(a.sin_port);
	if (!p->sessions)
		p->sessions = 1;
	assert_int_equal(pthread_create(&p->thread, NULL, serve, p), 0);
}

static void peer_stop(struct peer *p)
{
	shutdown(p->listen_fd, SHUT_RDWR);
	pthread_join(p->thread, NULL);
	close(p->listen_fd);
}

/* ---- a game directory with an outbox ---- */

struct fixture {
	char games[64], game[128];
	struct wj_mail_config c;
};

static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static bool exists(const struct fixture *fx, const char *rel)
{
	char path[512];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s", fx->game, rel);
	return stat(path, &st) == 0;
}

static int setup(void **st)
{
	struct fixture *fx = calloc(1, sizeof *fx);
	char sub[256];
	strcpy(fx->games, "/tmp/ww-send-XXXXXX");
	assert_non_null(mkdtemp(fx->games));
	snprintf(fx->game, sizeof fx->game, "%s/g1", fx->games);
	const char *dirs[] = { "", "/outbox", "/outbox/tmp", "/outbox/new", "/outbox/cur" };
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
		snprintf(sub, sizeof sub, "%s%s", fx->game, dirs[i]);
		assert_int_equal(mkdir(sub, 0700), 0);
	}
	put(fx->game, "game.yaml", "meta: {}\n");
	snprintf(fx->c.games, sizeof fx->c.games, "%s", fx->games);
	snprintf(fx->c.judge, sizeof fx->c.judge, "judge@example.test");
	*st = fx;
	return 0;
}

static int teardown(void **st)
{
	struct fixture *fx = *st;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx->games);
	assert_int_equal(system(cmd), 0);
	free(fx);
	return 0;
}

static void outbox(struct fixture *fx, const char *name, const char *text)
{
	char dir[256];
	snprintf(dir, sizeof dir, "%s/outbox/new", fx->game);
	put(dir, name, text);
}

static int send_to(struct fixture *fx, struct peer *p)
{
	snprintf(fx->c.smtp_url, sizeof fx->c.smtp_url, "smtp://127.0.0.1:%d", p->port);
	FILE *log = fopen("/dev/null", "w");
	int rc = wj_mail_send_all(&fx->c, fx->games, log);
	fclose(log);
	return rc;
}

static const char REPORT_US[] =
	"From: Judge <judge@example.test>\n"
	"To: us@example.test\n"
	"Subject: g1 1775\n"
	"\n"
	"Boston\n"
	".a line that starts with a dot\n";
static const char REPORT_UK[] =
	"From: Judge <judge@example.test>\r\n"
	"To: \"King, George\" <uk@example.test>\r\n"
	"Subject: g1 1775\r\n"
	"\r\n"
	"Quebec\r\n";

/* Each mail goes to the addresses of its To, envelope sender the judge,
 * with CRLF line ends and the leading dot doubled (RFC 5321 4.5.2); then
 * it moves from outbox/new to outbox/cur, in name order. */
static void test_send_moves_each_mail_to_cur(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { 0 };
	outbox(fx, "000002.american", REPORT_US);
	outbox(fx, "000002.british", REPORT_UK);
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	assert_true(exists(fx, "outbox/cur/000002.american"));
	assert_true(exists(fx, "outbox/cur/000002.british"));
	assert_false(exists(fx, "outbox/new/000002.american"));
	assert_false(exists(fx, "outbox/new/000002.british"));
	const char *t = p.transcript;
	const char *us = strstr(t, "RCPT TO:<us@example.test>\r\n");
	const char *uk = strstr(t, "RCPT TO:<uk@example.test>\r\n");
	assert_non_null(strstr(t, "MAIL FROM:<judge@example.test>"));
	assert_non_null(us);
	assert_non_null(uk);
	assert_true(us < uk);
	assert_non_null(strstr(t, "\r\nBoston\r\n..a line that starts with a dot\r\n.\r\n"));
	assert_non_null(strstr(t, "\r\nQuebec\r\n.\r\n"));
	assert_null(strstr(t, "AUTH"));
}

static char *read_all(const struct fixture *fx, const char *rel, size_t *len)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", fx->game, rel);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char *text = calloc(1, 1u << 20);
	assert_non_null(text);
	*len = fread(text, 1, (1u << 20) - 1, f);
	fclose(f);
	return text;
}

/* Issue 12: outbox/cur keeps of a sent mail its record, not the mail (a
 * board in every report made a game's directory about 2 GB, for replay
 * compared whole mails): the BLAKE2b-256 of the bytes sent and their
 * number, then the mail's header for the moderator; no body. A report
 * with 200 KB of attachment leaves at most 2 KB. */
static void test_cur_keeps_a_record_not_the_mail(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { 0 };
	size_t n = 0, cap = 256 * 1024, len;
	char *mail = malloc(cap), line[80];
	assert_non_null(mail);
	memset(line, 'A', 76);
	line[76] = '\0';
	n += (size_t)snprintf(mail, cap, "From: Judge <judge@example.test>\r\n"
			      "To: us@example.test\r\nSubject: [wwjudge g1] 1775 move 1\r\n"
			      "Message-ID: <ww.g1.000004.american@example.test>\r\n\r\nReport\r\n");
	while (n < 200 * 1024)
		n += (size_t)snprintf(mail + n, cap - n, "%s\r\n", line);
	outbox(fx, "000004.american", mail);
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	assert_false(exists(fx, "outbox/new/000004.american"));
	char *rec = read_all(fx, "outbox/cur/000004.american", &len);
	if (len > 2048)
		fail_msg("outbox/cur keeps %zu bytes of a %zu-byte mail", len, n);
	unsigned char h[32];
	char hex[65], want[160];
	crypto_generichash(h, sizeof h, (const unsigned char *)mail, n, NULL, 0);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	snprintf(want, sizeof want, "X-Wwjudge-Sent: blake2b-256=%s; bytes=%zu\r\n", hex, n);
	assert_memory_equal(rec, want, strlen(want));
	assert_non_null(strstr(rec, "\r\nTo: us@example.test\r\n"));
	assert_non_null(strstr(rec, "\r\nSubject: [wwjudge g1] 1775 move 1\r\n"));
	assert_non_null(strstr(rec, "\r\nMessage-ID: <ww.g1.000004.american@example.test>\r\n"));
	assert_null(strstr(rec, "Report"));
	assert_null(strstr(rec, line));
	free(rec);
	free(mail);
}

static const char FULL_HEADER[] =
	"From: \"Test Judge\" <judge@example.test>\r\n"
	"To: <north@example.test>\r\n"
	"Reply-To: <judge+g1-british-5270e32c70331e8e@example.test>\r\n"
	"Subject: [wwjudge g1] 1775 move 2:\r\n your move\r\n"
	"Date: 3 Mar 2026 10:00:00 +0000\r\n"
	"Message-ID: <ww.g1.000007.british@example.test>\r\n"
	"In-Reply-To: <ok2@players.example>\r\n"
	"Auto-Submitted: auto-replied\r\n"
	"MIME-Version: 1.0\r\n"
	"Content-Type: multipart/mixed; boundary=\"=_ww.g1.2\"\r\n";

/* Issue 25.3: a record keeps who was sent what, and when (To, Reply-To
 * with the move token, Subject, Date, Message-ID, a folded line with its
 * field); the digest stands for the rest. A record kept before, with the whole header, reads as
 * the same record (replay --archive compares them so). */
static void test_25_3_a_record_keeps_who_what_when(void **st)
{
	(void)st;
	char mail[2048];
	snprintf(mail, sizeof mail, "%s\r\nthe report\r\n", FULL_HEADER);
	struct wj_buf rec = { .max = 1u << 20 }, old = { .max = 1u << 20 },
		      back = { .max = 1u << 20 };
	assert_int_equal(wj_outbox_record(mail, strlen(mail), &rec), 0);
	const char *fields = strchr(rec.p, '\n') + 1;
	assert_string_equal(fields, "To: <north@example.test>\r\n"
			    "Reply-To: <judge+g1-british-5270e32c70331e8e@example.test>\r\n"
			    "Subject: [wwjudge g1] 1775 move 2:\r\n your move\r\n"
			    "Date: 3 Mar 2026 10:00:00 +0000\r\n"
			    "Message-ID: <ww.g1.000007.british@example.test>\r\n");
	assert_int_equal(wj_buf_add(&old, rec.p, (size_t)(fields - rec.p)), 0);
	assert_int_equal(wj_buf_add(&old, FULL_HEADER, strlen(FULL_HEADER)), 0);
	assert_int_equal(wj_outbox_record_kept(old.p, old.len, &back), 0);
	assert_int_equal(back.len, rec.len);
	assert_memory_equal(back.p, rec.p, rec.len);
	wj_buf_free(&rec);
	wj_buf_free(&old);
	wj_buf_free(&back);
}

/* Mail NAME put in the outbox and recorded as sent. */
static void sent(struct fixture *fx, const char *name)
{
	char mail[2048], err[512];
	snprintf(mail, sizeof mail, "To: <us@example.test>\r\nSubject: %s\r\n\r\nbody\r\n", name);
	outbox(fx, name, mail);
	if (wj_outbox_sent(fx->game, name, err, sizeof err))
		fail_msg("%s", err);
}

/* What outbox/cur keeps of NAME is the record of its mail. */
static void kept_ok(struct fixture *fx, const char *name)
{
	char mail[2048];
	struct wj_buf want = { .max = 1u << 20 }, got = { .max = 1u << 20 };
	snprintf(mail, sizeof mail, "To: <us@example.test>\r\nSubject: %s\r\n\r\nbody\r\n", name);
	assert_int_equal(wj_outbox_record(mail, strlen(mail), &want), 0);
	if (wj_outbox_kept(fx->game, name, &got))
		fail_msg("outbox/cur keeps nothing of %s: %s", name, strerror(errno));
	assert_int_equal(got.len, want.len);
	assert_memory_equal(got.p, want.p, want.len);
	wj_buf_free(&want);
	wj_buf_free(&got);
}

/* Issue 25.3: the records of a block of 64 entries' mails go into one
 * pack once 64 later entries' mails were sent; each still reads as it
 * was kept. A record kept after its block was packed (a mail set aside,
 * then sent) stays a file of its own; a mail of no entry (a reply to a
 * duplicate) is never packed. */
static void test_25_3_sent_records_go_into_packs(void **st)
{
	struct fixture *fx = *st;
	char name[64];
	sent(fx, "dup-0123456789abcdef.american");
	for (int n = 1; n <= 130; n++)
		for (int side = 0; side < 2; side++) {
			snprintf(name, sizeof name, "%06d.%s", n, side ? "british" : "american");
			sent(fx, name);
			if (n == 127)
				assert_false(exists(fx, "outbox/cur/pack-000001-000064"));
		}
	assert_true(exists(fx, "outbox/cur/pack-000001-000064"));
	assert_false(exists(fx, "outbox/cur/pack-000065-000128"));
	assert_false(exists(fx, "outbox/cur/000001.american"));
	assert_false(exists(fx, "outbox/cur/000064.british"));
	assert_true(exists(fx, "outbox/cur/000065.american"));
	assert_true(exists(fx, "outbox/cur/dup-0123456789abcdef.american"));
	sent(fx, "000003.remind-american-20000");
	assert_true(exists(fx, "outbox/cur/000003.remind-american-20000"));
	for (int n = 1; n <= 130; n++)
		for (int side = 0; side < 2; side++) {
			snprintf(name, sizeof name, "%06d.%s", n, side ? "british" : "american");
			kept_ok(fx, name);
		}
	kept_ok(fx, "000003.remind-american-20000");
	kept_ok(fx, "dup-0123456789abcdef.american");
	struct wj_buf none = { .max = 1u << 20 };
	assert_int_equal(wj_outbox_kept(fx->game, "000003.british-x", &none), -1);
	assert_int_equal(errno, ENOENT);
	wj_buf_free(&none);
}

/* Credentials come from the config only, and are used when given. */
static void test_send_authenticates_with_the_config(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { 0 };
	snprintf(fx->c.smtp_user, sizeof fx->c.smtp_user, "judge");
	snprintf(fx->c.smtp_password, sizeof fx->c.smtp_password, "secret");
	outbox(fx, "000002.american", REPORT_US);
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	/* base64 of "\0judge\0secret" */
	assert_non_null(strstr(p.transcript, "AGp1ZGdlAHNlY3JldA==\r\n"));
}

/* A mail the server refuses stays in outbox/new for the next run, and so
 * do the ones after it (a player reads the reports in order). */
static void test_refused_mail_stays_for_the_next_run(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { .refuse = "DATA" };
	outbox(fx, "000002.american", REPORT_US);
	outbox(fx, "000002.british", REPORT_UK);
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_TEMPFAIL);
	peer_stop(&p);
	assert_true(exists(fx, "outbox/new/000002.american"));
	assert_true(exists(fx, "outbox/new/000002.british"));
	assert_null(strstr(p.transcript, "uk@example.test"));

	struct peer again = { 0 };
	peer_start(&again);
	assert_int_equal(send_to(fx, &again), EX_OK);
	peer_stop(&again);
	assert_true(exists(fx, "outbox/cur/000002.american"));
	assert_true(exists(fx, "outbox/cur/000002.british"));
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* Kill `send` at each of its steps in turn (WW_CRASH_SEND: after the
 * server took a mail, after the mail moved to outbox/cur), then run it
 * again: every mail reaches the server at least once, a mail the server
 * took but the killed run had not moved is sent once more (the same
 * bytes), a moved mail is not sent again, and the outbox ends empty. */
static void test_send_killed_at_every_step_resends_never_loses(void **st)
{
	struct fixture *fx = *st;
	for (int step = 1; step <= 4; step++) {
		char cmd[300];
		snprintf(cmd, sizeof cmd, "rm -f '%s'/outbox/cur/* '%s'/outbox/new/*", fx->game, fx->game);
		assert_int_equal(system(cmd), 0);
		outbox(fx, "000002.american", REPORT_US);
		outbox(fx, "000002.british", REPORT_UK);
		struct peer p = { .sessions = 8 };
		peer_start(&p);
		snprintf(fx->c.smtp_url, sizeof fx->c.smtp_url, "smtp://127.0.0.1:%d", p.port);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			char at[8];
			snprintf(at, sizeof at, "%d", step);
			setenv("WW_CRASH_SEND", at, 1);
			FILE *log = fopen("/dev/null", "w");
			wj_mail_send_all(&fx->c, fx->games, log ? log : stderr);
			_exit(0); /* the hook did not fire */
		}
		int status;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 99);
		/* the killed run: step 1 and 2 end within the first mail */
		bool us_moved = step >= 2, uk_taken = step >= 3, uk_moved = step >= 4;
		assert_int_equal(exists(fx, "outbox/cur/000002.american"), us_moved);
		assert_int_equal(exists(fx, "outbox/new/000002.american"), !us_moved);
		assert_int_equal(exists(fx, "outbox/cur/000002.british"), uk_moved);
		assert_int_equal(exists(fx, "outbox/new/000002.british"), !uk_moved);
		assert_int_equal(count(p.transcript, "\r\nQuebec\r\n.\r\n"), uk_taken);

		assert_int_equal(send_to(fx, &p), EX_OK);
		peer_stop(&p);
		assert_true(exists(fx, "outbox/cur/000002.american"));
		assert_true(exists(fx, "outbox/cur/000002.british"));
		assert_false(exists(fx, "outbox/new/000002.american"));
		assert_false(exists(fx, "outbox/new/000002.british"));
		/* taken before the kill and not moved: sent again, never lost */
		assert_int_equal(count(p.transcript, "\r\nBoston\r\n"), us_moved ? 1 : 2);
		assert_int_equal(count(p.transcript, "\r\nQuebec\r\n.\r\n"), uk_moved ? 1 : uk_taken + 1);
	}
}

static void test_no_server_is_a_temporary_failure(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { 0 };
	peer_start(&p);
	int port = p.port;
	peer_stop(&p); /* nothing listens there now */
	p.port = port;
	outbox(fx, "000002.american", REPORT_US);
	assert_int_equal(send_to(fx, &p), EX_TEMPFAIL);
	assert_true(exists(fx, "outbox/new/000002.american"));
}

static char *held_reason(struct fixture *fx, const char *name)
{
	static char text[1024];
	char path[512];
	snprintf(path, sizeof path, "%s/outbox/held/%s.why", fx->game, name);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("no %s", path);
	size_t n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* Issue 11, one bad address never blocks an outbox: a mail without a
 * usable recipient (an address that held a line break) can never be
 * sent; it is set aside in outbox/held with its reason, not dropped, and
 * the mails after it go. */
static void test_mail_without_recipient_is_set_aside(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { .sessions = 1 };
	outbox(fx, "000002.american", "To: <us@example.test\nX-Injected: x>\n"
	       "Subject: stuck\n\nlost\n");
	outbox(fx, "000002.british", REPORT_UK);
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	assert_false(exists(fx, "outbox/new/000002.american"));
	assert_true(exists(fx, "outbox/held/000002.american"));
	assert_non_null(strstr(held_reason(fx, "000002.american"), "no usable To or Cc address"));
	assert_true(exists(fx, "outbox/cur/000002.british"));
	assert_non_null(strstr(p.transcript, "\r\nQuebec\r\n.\r\n"));
}

/* Issue 11: a recipient the server refuses for good (550 to RCPT) sets
 * that mail aside with the server's answer and the next mail goes; a
 * temporary refusal (451) still keeps the mail and ends the run with 75. */
static void test_permanent_refusal_is_set_aside(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { .reject = "RCPT TO:<us@", .sessions = 2 };
	outbox(fx, "000002.american", REPORT_US);
	outbox(fx, "000002.british", REPORT_UK);
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	assert_true(exists(fx, "outbox/held/000002.american"));
	assert_false(exists(fx, "outbox/new/000002.american"));
	assert_false(exists(fx, "outbox/cur/000002.american"));
	assert_non_null(strstr(held_reason(fx, "000002.american"), "550"));
	assert_true(exists(fx, "outbox/cur/000002.british"));

	struct peer later = { .refuse = "RCPT TO:<uk@" };
	outbox(fx, "000003.british", REPORT_UK);
	peer_start(&later);
	assert_int_equal(send_to(fx, &later), EX_TEMPFAIL);
	peer_stop(&later);
	assert_true(exists(fx, "outbox/new/000003.british"));
	assert_false(exists(fx, "outbox/held/000003.british"));
}

/* Reminders and other mails outside a commit go in through outbox/tmp. */
static void test_outbox_put_is_a_maildir_delivery(void **st)
{
	struct fixture *fx = *st;
	char err[256] = "";
	assert_int_equal(wj_outbox_put(fx->game, "000003.remind-british-1", "To: a@b\n\nx\n", 11,
				       err, sizeof err), 0);
	assert_true(exists(fx, "outbox/new/000003.remind-british-1"));
	assert_false(exists(fx, "outbox/tmp/000003.remind-british-1"));
	assert_int_equal(wj_outbox_put(fx->game, "../../x/y", "x", 1, err, sizeof err), -1);
}

static void test_game_name_is_the_last_part(void **st)
{
	(void)st;
	char name[64];
	wj_game_name("/srv/games/g1", name, sizeof name);
	assert_string_equal(name, "g1");
	wj_game_name("games/g2/", name, sizeof name);
	assert_string_equal(name, "g2");
	wj_game_name("g3", name, sizeof name);
	assert_string_equal(name, "g3");
}

/* Issue 13: a game with nothing to send costs send a look at its
 * outbox/new and no more: neither it nor its outbox is locked (no lock
 * file is made). */
static void test_13_nothing_to_send_is_only_listed(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { 0 };
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	assert_false(exists(fx, "lock"));
	assert_false(exists(fx, "outbox/lock"));
}

/* Issue 13: `send` reads every game of the directory, not the first 4096
 * names: among 10,000 games, the twenty with mail (each its own SMTP
 * session) are all sent. */
static void test_13_every_game_is_sent_not_the_first_4096(void **st)
{
	struct fixture *fx = *st;
	struct peer p = { .sessions = 20 };
	char dir[256], game[128];
	for (int i = 0; i < 10000; i++) {
		snprintf(dir, sizeof dir, "%s/h%05d", fx->games, i);
		assert_int_equal(mkdir(dir, 0700), 0);
	}
	for (int k = 0; k < 20; k++) {
		snprintf(game, sizeof game, "%s/h%05d", fx->games, k * 499);
		const char *sub[] = { "/outbox", "/outbox/tmp", "/outbox/new", "/outbox/cur" };
		for (size_t i = 0; i < sizeof sub / sizeof *sub; i++) {
			snprintf(dir, sizeof dir, "%s%s", game, sub[i]);
			assert_int_equal(mkdir(dir, 0700), 0);
		}
		snprintf(dir, sizeof dir, "%s/outbox/new", game);
		put(dir, "000002.american", REPORT_US);
	}
	peer_start(&p);
	assert_int_equal(send_to(fx, &p), EX_OK);
	peer_stop(&p);
	for (int k = 0; k < 20; k++) {
		snprintf(dir, sizeof dir, "%s/h%05d/outbox/cur/000002.american", fx->games, k * 499);
		struct stat sb;
		if (stat(dir, &sb) != 0)
			fail_msg("the mail of game h%05d was not sent", k * 499);
	}
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_DEFAULT);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recipients_from_to_and_cc),
		cmocka_unit_test(test_game_name_is_the_last_part),
		cmocka_unit_test_setup_teardown(test_send_moves_each_mail_to_cur, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cur_keeps_a_record_not_the_mail, setup, teardown),
		cmocka_unit_test(test_25_3_a_record_keeps_who_what_when),
		cmocka_unit_test_setup_teardown(test_25_3_sent_records_go_into_packs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_send_authenticates_with_the_config, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refused_mail_stays_for_the_next_run, setup, teardown),
		cmocka_unit_test_setup_teardown(test_send_killed_at_every_step_resends_never_loses,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_server_is_a_temporary_failure, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mail_without_recipient_is_set_aside, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_permanent_refusal_is_set_aside, setup, teardown),
		cmocka_unit_test_setup_teardown(test_outbox_put_is_a_maildir_delivery, setup, teardown),
		cmocka_unit_test_setup_teardown(test_13_nothing_to_send_is_only_listed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_13_every_game_is_sent_not_the_first_4096, setup,
						teardown),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	curl_global_cleanup();
	return rc;
}
