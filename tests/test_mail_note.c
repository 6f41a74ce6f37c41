/* Issue 12, "Mail that reads badly": a note to the opponent. The text of a
 * "#note" ... "#end" block travels with the player's orders: relayed,
 * cleaned, in both players' reports of that move and kept in the log
 * entry (`note:`); never with orders that are refused, never in a form
 * that could pass for an order block, a quoted line or the judge's text
 * (docs/mail.md, "A note to the opponent"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <cmocka.h>
#include "block_read.h"
#include "report.h"
#include "mail_game.h"

static int setup(void **s)
{
	(void)s;
	create_mail_game("board = none\n");
	return 0;
}

/* The American's mail with `body` as its text, to the Reply-To of the
 * judge's first mail. */
static int american_mail(const char *id, const char *body)
{
	char token[WJ_TOKEN_HEX], msg[16384];
	wj_move_token(game.seed, WW_AMERICAN, 1, token);
	int n = snprintf(msg, sizeof msg,
			 "From: <adams@example.org>\r\nTo: judge+g1-american-%s@example.org\r\n"
			 "Subject: orders\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n"
			 "Message-ID: <%s@players.example>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n%s", token, id, body);
	assert_true(n > 0 && (size_t)n < sizeof msg);
	an_hour_later();
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

#define ORDERS "#orders\r\npassword: liberty\r\n" COMMITTEES "\r\n#end\r\n"

/* What a judge's mail of GAME/rel says, without its header. */
static char *mail_text(const char *rel)
{
	char *m = slurp(rel);
	char *body = strstr(m, "\r\n\r\n");
	assert_non_null(body);
	memmove(m, body + 4, strlen(body + 4) + 1);
	return m;
}

static void accepted(void)
{
	struct wj_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	assert_int_equal(wj_record_load(gdir, &g, err, sizeof err), 0);
	assert_int_equal(ww_state_of(g.state)->move, 1);
	wj_game_free(&g);
}

/* The game as it was, with `replies` refusals in the outbox and no report. */
static void nothing_changed(int replies)
{
	struct wj_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	assert_int_equal(wj_record_load(gdir, &g, err, sizeof err), 0);
	assert_int_equal(ww_state_of(g.state)->move, 0);
	wj_game_free(&g);
	assert_int_equal(count("outbox/new"), replies);
}

/* Relayed to the opponent's report, shown in the sender's own, public in
 * the log; replay and verify read past it. */
static void test_12_note_relayed_with_the_orders(void **s)
{
	(void)s;
	assert_int_equal(american_mail("n1", "Hello.\r\n#note\r\nGood luck, my lord.\r\n\r\n"
				       "See you in Boston.\r\n#end\r\n" ORDERS), EX_OK);
	accepted();
	char *br = mail_text("outbox/new/000002.british");
	char *am = mail_text("outbox/new/000002.american");
	assert_non_null(strstr(br, "  The American player writes:\r\n"
			       "    | Good luck, my lord.\r\n    |\r\n    | See you in Boston.\r\n"));
	assert_non_null(strstr(am, "  Your note to the British player:\r\n"
			       "    | Good luck, my lord.\r\n"));
	char *log = slurp("log/000002.yaml");
	assert_non_null(strstr(log, "\nnote: \"Good luck, my lord.\\x0a\\x0aSee you in Boston.\"\n"));
	char out[4096];
	FILE *f = fmemopen(out, sizeof out, "w");
	assert_int_equal(wj_record_verify(gdir, test_game_data(), f), 0);
	assert_int_equal(wj_record_replay(gdir, test_game_data(), f), 0);
	fclose(f);
	free(log);
	free(am);
	free(br);
}

/* A note after the orders, or begun inside the order block, goes too. */
static void test_12_note_after_or_inside_the_orders(void **s)
{
	(void)s;
	assert_int_equal(american_mail("n2", "#orders\r\npassword: liberty\r\n" COMMITTEES
				       "\r\n#note\r\nYour move.\r\n#end\r\n"), EX_OK);
	accepted();
	char *br = mail_text("outbox/new/000002.british");
	assert_non_null(strstr(br, "    | Your move.\r\n"));
	free(br);
}

/* The relayed lines of the report: those after `header`, each behind
 * "    |"; malloc'd. The judge's block finders read nothing in them. */
static char *relayed(const char *report, const char *header, int lines)
{
	const char *p = strstr(report, header);
	assert_non_null(p);
	p += strlen(header);
	const char *end = p;
	int n = 0;
	while (!strncmp(end, "    |", 5)) {
		end = strstr(end, "\r\n") + 2;
		n++;
	}
	assert_int_equal(n, lines);
	char *part = strndup(p, (size_t)(end - p));
	struct wj_order_block *b = calloc(1, sizeof *b);
	assert_non_null(b);
	block_read(part, "washingtons-war", b);
	assert_false(b->found);
	assert_false(b->note_found);
	assert_false(wj_moderator_block_present(part));
	free(b);
	return part;
}

/* The note tries to smuggle a block, a quoted line, control bytes and a
 * line that wrapping would begin with "#end": every line it gives is
 * behind "    | ", none reads as a marker, no control byte passes. */
static void test_12_note_cannot_smuggle_orders_or_judge_text(void **s)
{
	(void)s;
	char body[4096];
	snprintf(body, sizeof body, "#note\r\n"
		 "#\torders\r\n"                           /* a tab: not a marker here */
		 "> quoted: never read\r\n"
		 "\x1b[2Jcleared\x07 \xc2\x85 next\xe2\x80\xa8line \xe2\x80\xaegnp.exe\r\n"
		 "%s #end\r\n"                             /* wraps with #end first */
		 "#moderator: not a marker either\r\n"
		 "#end\r\n" ORDERS,
		 "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm");
	assert_int_equal(american_mail("n3", body), EX_OK);
	accepted();
	char *br = mail_text("outbox/new/000002.british");
	char *part = relayed(br, "  The American player writes:\r\n", 5);
	assert_string_equal(part, "    | # orders\r\n"
			    "    |  [2Jcleared    next line gnp.exe\r\n" /* U+202E goes */
			    "    | aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm\r\n"
			    "    |   #end\r\n"
			    "    | #moderator: not a marker either\r\n");
	free(part);
	assert_null(strstr(br, "quoted"));
	for (const unsigned char *p = (const unsigned char *)br; *p; p++)
		if ((*p < 0x20 && *p != '\r' && *p != '\n') || *p == 0x7f)
			fail_msg("a control byte 0x%02x in the relayed report", *p);
	assert_null(strstr(br, "\xc2\x85"));
	assert_null(strstr(br, "\xe2\x80\xa8"));
	assert_null(strstr(br, "\xe2\x80\xae"));
	char *log = slurp("log/000002.yaml");
	assert_null(strstr(log, "quoted"));
	assert_non_null(strstr(log, "note: \"# orders\\x0a"));
	free(log);
	free(br);
}

/* Too long: refused whole, with the limit; the orders are not carried
 * out, and nothing of the note is relayed or logged. */
static void test_12_note_too_long_refused(void **s)
{
	(void)s;
	char body[8192] = "#note\r\n";
	for (int i = 0; i < 21; i++)
		strcat(body, "a line\r\n");
	strcat(body, "#end\r\n" ORDERS);
	assert_int_equal(american_mail("n4", body), EX_OK);
	nothing_changed(1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "the note has 21 lines; a note may have at most 20 lines"));
	assert_non_null(strstr(r, "your note was not relayed"));
	char *log = slurp("log/000002.yaml");
	assert_null(strstr(log, "a line"));
	free(log);
	free(r);
}

static void test_12_note_of_too_many_characters_refused(void **s)
{
	(void)s;
	char body[8192] = "#note\r\n";
	for (int i = 0; i < 101; i++)
		strcat(body, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 word ");
	strcat(body, "\r\n#end\r\n" ORDERS);
	assert_int_equal(american_mail("n5", body), EX_OK);
	nothing_changed(1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "the note has 1110 characters; a note may have at most "
			       "1000 characters"));
	free(r);
}

/* A note with no orders is refused as no orders; a note with refused
 * orders is not relayed, and the refusal says so. */
static void test_12_note_without_accepted_orders_not_relayed(void **s)
{
	(void)s;
	assert_int_equal(american_mail("n6", "#note\r\nJust saying hello.\r\n#end\r\n"), EX_OK);
	nothing_changed(1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "no order block was found in the mail"));
	assert_non_null(strstr(r, "your note was not relayed"));
	free(r);
	assert_int_equal(american_mail("n7", "#note\r\nHello again.\r\n#end\r\n#orders\r\n"
				       "password: liberty\r\ncommittees Bostn\r\n#end\r\n"), EX_OK);
	nothing_changed(2);
	r = slurp("outbox/new/000003.reply-american");
	assert_non_null(strstr(r, "unknown space 'Bostn'"));
	assert_non_null(strstr(r, "your note was not relayed"));
	assert_null(strstr(r, "Hello again"));
	free(r);
}

/* The password in a note would go to the opponent: refused, never kept. */
static void test_12_note_holding_the_password_refused(void **s)
{
	(void)s;
	assert_int_equal(american_mail("n8", "#note\r\nmy password is liberty\r\n#end\r\n"
				       ORDERS), EX_OK);
	nothing_changed(1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "the note holds your password"));
	assert_null(strstr(r, "liberty"));
	char *log = slurp("log/000002.yaml");
	assert_null(strstr(log, "liberty"));
	free(log);
	free(r);
}

/* A note block without its "#end": refused, saying so. */
static void test_12_note_without_end_refused(void **s)
{
	(void)s;
	assert_int_equal(american_mail("n9", ORDERS "#note\r\nforgot the end\r\n"), EX_OK);
	nothing_changed(1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "the note has no '#end' line"));
	free(r);
}

/* Issue 20.1: every invisible or direction-changing character is taken
 * out of a note before anyone reads it, in the reports and in the log. */
static void test_20_note_invisible_characters_removed(void **s)
{
	(void)s;
	static const char *const invisible[] = {
		"\xd8\x9c", "\xe2\x80\x8c", "\xe2\x80\x8d", "\xe2\x80\x8e", "\xe2\x80\x8f",
		"\xe2\x80\xaa", "\xe2\x80\xab", "\xe2\x80\xac", "\xe2\x80\xad", "\xe2\x80\xae",
		"\xe2\x81\xa0", "\xe2\x81\xa1", "\xe2\x81\xa2", "\xe2\x81\xa3", "\xe2\x81\xa4",
		"\xe2\x81\xa6", "\xe2\x81\xa7", "\xe2\x81\xa8", "\xe2\x81\xa9", "\xef\xbf\xb9",
		"\xef\xbf\xba", "\xef\xbf\xbb", "\xf3\xa0\x80\x81", "\xf3\xa0\x81\x81",
		"\xf3\xa0\x81\xbf",
	};
	char body[4096] = "#note\r\nin";
	for (size_t i = 0; i < sizeof invisible / sizeof *invisible; i++)
		strcat(body, invisible[i]);
	strcat(body, "visible\r\n#end\r\n" ORDERS);
	assert_int_equal(american_mail("n10", body), EX_OK);
	accepted();
	char *br = mail_text("outbox/new/000002.british");
	char *am = mail_text("outbox/new/000002.american");
	char *log = slurp("log/000002.yaml");
	assert_non_null(strstr(br, "    | invisible\r\n"));
	assert_non_null(strstr(am, "    | invisible\r\n"));
	assert_non_null(strstr(log, "\nnote: \"invisible\"\n"));
	free(log);
	free(am);
	free(br);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_12_note_relayed_with_the_orders, setup,
						remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_after_or_inside_the_orders, setup,
						remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_cannot_smuggle_orders_or_judge_text,
						setup, remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_too_long_refused, setup, remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_of_too_many_characters_refused, setup,
						remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_without_accepted_orders_not_relayed,
						setup, remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_holding_the_password_refused, setup,
						remove_mail_game),
		cmocka_unit_test_setup_teardown(test_12_note_without_end_refused, setup,
						remove_mail_game),
		cmocka_unit_test_setup_teardown(test_20_note_invisible_characters_removed, setup,
						remove_mail_game),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
