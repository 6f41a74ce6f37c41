/* Issue 11, "one unauthenticated mail breaks a game for good": a forged
 * or unauthenticated mail never marks its Message-ID seen (so it cannot
 * shadow the genuine mail), its exact duplicate is not answered twice,
 * the stand-in id of a mail without Message-ID does not depend on its line
 * ends, and what it carries reaches the record as valid UTF-8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <cmocka.h>
#include "mail_game.h"
#include "text.h"

static int setup(void **s)
{
	(void)s;
	create_mail_game("");
	return 0;
}

/* An order mail to g1's American sub-address; id NULL: no Message-ID;
 * eol "\r\n" as IMAP delivers it, "\n" as a Maildir or a pipe holds it. */
static char *order_mail(const char *from, const char *id, const char *password,
			const char *eol, size_t *len)
{
	char token[WJ_TOKEN_HEX], idline[600] = "", *text = NULL;
	wj_move_token(game.seed, WW_AMERICAN, 1, token);
	if (id)
		snprintf(idline, sizeof idline, "Message-ID: %s%s", id, eol);
	FILE *f = open_memstream(&text, len);
	assert_non_null(f);
	fprintf(f, "From: <%s>%sTo: judge+g1-american-%s@example.org%s"
		"Subject: orders%sDate: Tue, 3 Mar 2026 10:00:00 +0000%s%s"
		"Content-Type: text/plain; charset=utf-8%s%s"
		"#orders%spassword: %s%s%s%s#end%s",
		from, eol, token, eol, eol, eol, idline, eol, eol, eol, password, eol,
		COMMITTEES, eol, eol);
	assert_int_equal(fclose(f), 0);
	return text;
}

static int process(const char *from, const char *id, const char *password, const char *eol)
{
	size_t len;
	char *msg = order_mail(from, id, password, eol, &len);
	an_hour_later(); /* each answer is out of the cap's way */
	int rc = wj_mail_process(&cfg, msg, len, NULL);
	free(msg);
	return rc;
}

static unsigned move_now(void)
{
	struct wj_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	assert_int_equal(wj_record_load(gdir, &g, err, sizeof err), 0);
	unsigned move = ww_state_of(g.state)->move;
	wj_game_free(&g);
	return move;
}

/* A forger guesses the Message-ID of the player's next mail and sends it
 * first, from another address and from the player's own with a wrong
 * password: both are refused, neither marks the id seen, and the genuine
 * mail with that Message-ID is applied. */
static void test_11_guessed_message_id_does_not_shadow_the_genuine_mail(void **s)
{
	(void)s;
	assert_int_equal(process("evil@forger.example", "<next@players.example>", "liberty",
				 "\r\n"), EX_OK);
	assert_int_equal(process("adams@example.org", "<next@players.example>", "guess",
				 "\r\n"), EX_OK);
	assert_int_equal(count("log"), 3);
	assert_int_equal(count("outbox/new"), 2);
	assert_false(wj_record_seen(gdir, "<next@players.example>"));
	assert_int_equal(move_now(), 0);
	assert_int_equal(process("adams@example.org", "<next@players.example>", "liberty",
				 "\r\n"), EX_OK);
	assert_int_equal(move_now(), 1);
	assert_int_equal(count("log"), 4);
	assert_true(wj_record_seen(gdir, "american:<next@players.example>"));
	/* and now it is a duplicate: nothing more */
	assert_int_equal(process("adams@example.org", "<next@players.example>", "liberty",
				 "\n"), EX_OK);
	assert_int_equal(count("log"), 4);
	assert_int_equal(move_now(), 1);
}

/* The same forged mail delivered twice (its bytes, either line end) is
 * refused and answered once. */
static void test_11_exact_duplicate_of_a_refused_mail_answered_once(void **s)
{
	(void)s;
	int logs = count("log"), out = count("outbox/new");
	assert_int_equal(process("evil@forger.example", "<again@evil.example>", "x", "\r\n"),
			 EX_OK);
	assert_int_equal(count("log"), logs + 1);
	assert_int_equal(count("outbox/new"), out + 1);
	assert_int_equal(process("evil@forger.example", "<again@evil.example>", "x", "\n"),
			 EX_OK);
	assert_int_equal(count("log"), logs + 1);
	assert_int_equal(count("outbox/new"), out + 1);
	/* the same Message-ID with other bytes is another mail: answered */
	assert_int_equal(process("evil2@forger.example", "<again@evil.example>", "x", "\n"),
			 EX_OK);
	assert_int_equal(count("log"), logs + 2);
}

/* A mail without Message-ID: the stand-in is the same whether it came
 * with CRLF (IMAP) or LF (a Maildir, a pipe). */
static void test_11_stand_in_id_ignores_line_ends(void **s)
{
	(void)s;
	size_t l1, l2;
	char *crlf = order_mail("adams@example.org", NULL, "liberty", "\r\n", &l1);
	char *lf = order_mail("adams@example.org", NULL, "liberty", "\n", &l2);
	struct wj_mail_in a, b;
	char err[256];
	assert_int_equal(wj_mail_parse(crlf, l1, &a, err, sizeof err), 0);
	assert_int_equal(wj_mail_parse(lf, l2, &b, err, sizeof err), 0);
	assert_non_null(strstr(a.message_id, "@hash.wwjudge>"));
	assert_string_equal(a.message_id, b.message_id);
	wj_mail_in_free(&a);
	wj_mail_in_free(&b);
	free(crlf);
	free(lf);
}

/* Bytes that are not UTF-8 in the headers come out of intake as U+FFFD,
 * one per byte. */
static void test_11_header_bytes_become_utf8(void **s)
{
	(void)s;
	static const char msg[] = "From: <m\xff" "al@evil.org>\r\nTo: judge+g1-american-00@example.org\r\n"
		"Subject: orders \xfd\xfe\r\nMessage-ID: <x\xfe" "1@evil.org>\r\n\r\nhello\r\n";
	struct wj_mail_in m;
	char err[256];
	assert_int_equal(wj_mail_parse(msg, sizeof msg - 1, &m, err, sizeof err), 0);
	assert_string_equal(m.from, "m\xef\xbf\xbd" "al@evil.org");
	assert_string_equal(m.message_id, "<x\xef\xbf\xbd" "1@evil.org>");
	char clean[sizeof m.subject * 3]; /* libetpan makes '?' of raw bytes in a Subject */
	wj_text_clean(clean, sizeof clean, m.subject, strlen(m.subject));
	assert_string_equal(m.subject, clean);
	assert_int_equal(strncmp(m.subject, "orders ", 7), 0);
	wj_mail_in_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_11_guessed_message_id_does_not_shadow_the_genuine_mail),
		cmocka_unit_test(test_11_exact_duplicate_of_a_refused_mail_answered_once),
		cmocka_unit_test(test_11_stand_in_id_ignores_line_ends),
		cmocka_unit_test(test_11_header_bytes_become_utf8),
	};
	return cmocka_run_group_tests(tests, setup, remove_mail_game);
}
