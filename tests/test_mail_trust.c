/* Issue 20, points 2, 6, 7 and 8: what a player's mail may do that a
 * player who does not trust his opponent would not expect. A "#moderator"
 * block from a player's address is not the moderator's, and his orders in
 * the same mail are read; a password where it does not belong is refused
 * and repeated nowhere; forged mails cost one answer per side and ten
 * Argon2id hashes per game an hour, and their Message-IDs' control
 * characters go nowhere; one side's Message-ID is not the other's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <cmocka.h>
#include "block_read.h"
#include "mail_game.h"

static int setup(void **s)
{
	(void)s;
	create_moderated_mail_game("");
	mail_clock(1900000000);
	return 0;
}

static int teardown(void **s)
{
	(void)s;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	assert_int_equal(system(cmd), 0);
	return 0;
}

/* "judge+g1-SIDE-TOKEN@example.org" with the side's token of the mails
 * of log entry `entry`. */
static void reply_address(enum ww_side side, int entry, char out[128])
{
	char token[WJ_TOKEN_HEX];
	wj_move_token(game.seed, side, entry, token);
	snprintf(out, 128, "judge+g1-%s-%s@example.org",
		 side == WW_AMERICAN ? "american" : "british", token);
}

/* A mail from `from` to `to` with Message-ID <id>, its body `body`
 * (CRLF lines), processed. */
static int send_mail(const char *from, const char *to, const char *id, const char *body)
{
	char msg[8192];
	int n = snprintf(msg, sizeof msg,
			 "From: <%s>\r\nTo: <%s>\r\nSubject: orders\r\n"
			 "Date: Tue, 3 Mar 2026 10:00:00 +0000\r\nMessage-ID: <%s>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n%s", from, to, id, body);
	assert_true(n > 0 && (size_t)n < sizeof msg);
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

/* The newest outbox mail whose name ends with `suffix`, or NULL. */
static char *newest(const char *suffix)
{
	char path[192], best[128] = "";
	snprintf(path, sizeof path, "%s/outbox/new", gdir);
	DIR *dp = opendir(path);
	assert_non_null(dp);
	for (struct dirent *e; (e = readdir(dp));) {
		size_t n = strlen(e->d_name), k = strlen(suffix);
		if (n >= k && !strcmp(e->d_name + n - k, suffix) && strcmp(e->d_name, best) > 0)
			snprintf(best, sizeof best, "%.127s", e->d_name);
	}
	closedir(dp);
	if (!best[0])
		return NULL;
	char rel[100];
	snprintf(rel, sizeof rel, "outbox/new/%.80s", best);
	return slurp(rel);
}

/* Does any file of the game hold `text`? */
static bool in_game(const char *text)
{
	char cmd[400];
	snprintf(cmd, sizeof cmd, "grep -rqF -- '%s' %s", text, gdir);
	return system(cmd) == 0;
}

static unsigned move_now(void)
{
	return ww_state_of(load()->state)->move;
}

/* 2: the American answers without quoting a report in which a line of
 * his opponent's note read "# moderator": his orders are read, the block
 * is not, and he alone is told. Today the mail goes down the moderator
 * path and his orders are dropped without a reply. */
static void test_2_moderator_line_in_a_players_mail(void **s)
{
	(void)s;
	char to[128];
	reply_address(WW_AMERICAN, 1, to);
	assert_int_equal(send_mail("adams@example.org", to, "m2@players.example",
				   "#orders\r\npassword: liberty\r\n" COMMITTEES "\r\n#end\r\n\r\n"
				   "You wrote:\r\n# moderator\r\npassword: umpire's secret\r\n"
				   "pause g1\r\n#end\r\n"), EX_OK);
	assert_int_equal(move_now(), 1);
	assert_false(secret().paused);
	char *am = newest(".american"), *br = newest(".british");
	assert_non_null(am);
	assert_non_null(br);
	assert_non_null(strstr(am, "The mail's '#moderator' block was not read"));
	assert_null(strstr(br, "#moderator"));
	free(am);
	free(br);
}

/* 2: a refused player's mail with a "#moderator" block says so too; the
 * moderator's own address still takes the moderator path. */
static void test_2_only_the_moderator_address_moderates(void **s)
{
	(void)s;
	char to[128];
	reply_address(WW_AMERICAN, 1, to);
	assert_int_equal(send_mail("adams@example.org", to, "m2b@players.example",
				   "#orders\r\npassword: liberty\r\nfly to the moon\r\n#end\r\n"
				   "#moderator\r\npassword: x\r\npause g1\r\n#end\r\n"), EX_OK);
	char *r = newest(".reply-american");
	assert_non_null(r);
	assert_non_null(strstr(r, "The mail's '#moderator' block was not read"));
	free(r);
	assert_int_equal(send_mail(MODERATOR, "judge@example.org", "m2c@umpire.example",
				   "#moderator\r\npassword: umpire's secret\r\npause g1\r\n#end\r\n"),
			 EX_OK);
	assert_true(secret().paused);
}

/* 6: the block's lines that may hold the password are never kept. */
static void test_6_password_lines_in_the_block(void **s)
{
	(void)s;
	struct wj_order_block *b = malloc(sizeof *b);
	assert_non_null(b);
	block_read("#orders\npassword crown\npass\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 0);
	assert_non_null(strstr(b->problem, "line 2 of the mail begins like a password line"));
	assert_null(strstr(b->problem, "crown"));
	block_read("#orders\nPasswd=crown\npass\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 0);
	block_read("#orders\npassword: crown\npass crown\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 0);
	assert_non_null(strstr(b->problem, "a line of the orders holds your password;"));
	/* a word that only holds it is not it */
	block_read("#orders\npassword: crown\nmove Crown Point, crowning\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 1);
	assert_string_equal(b->problem, "");
	block_read("#note\npassword crown\n#end\n#orders\npassword: x\npass\n#end\n", "washingtons-war", b);
	assert_non_null(strstr(b->problem, "a line of the note begins like a password line"));
	free(b);
}

/* 6: the password typed on the token: or side: line, or "password
 * crown" without its colon, is in no file of the game and in no reply. */
static void test_6_password_on_token_and_side_lines(void **s)
{
	(void)s;
	char to[128];
	reply_address(WW_AMERICAN, 1, to);
	assert_int_equal(send_mail("adams@example.org", to, "t6@players.example",
				   "#orders\r\npassword: liberty\r\ntoken: liberty\r\n" COMMITTEES
				   "\r\n#end\r\n"), EX_OK);
	char *r = newest(".reply-american");
	assert_non_null(r);
	assert_non_null(strstr(r, "the token given is not a token of this game"));
	free(r);
	assert_false(in_game("liberty"));
	mail_clock(1900003600);
	assert_int_equal(send_mail("adams@example.org", "judge@example.org", "s6@players.example",
				   "#orders\r\ngame: g1\r\nside: liberty\r\npassword: liberty\r\n"
				   "pass\r\n#end\r\n"), EX_OK);
	r = newest(".reply-american");
	assert_non_null(strstr(r, "the 'side:' line names no side of this game"));
	free(r);
	assert_false(in_game("liberty"));
	mail_clock(1900007200);
	assert_int_equal(send_mail("adams@example.org", to, "p6@players.example",
				   "#orders\r\npassword liberty\r\n" COMMITTEES "\r\n#end\r\n"),
			 EX_OK);
	r = newest(".reply-american");
	assert_non_null(strstr(r, "begins like a password line"));
	free(r);
	assert_false(in_game("liberty"));
	char rel[32]; /* no order of the mail is logged either */
	snprintf(rel, sizeof rel, "log/%06d.yaml", count("log"));
	char *entry = slurp(rel);
	assert_null(strstr(entry, "Portsmouth"));
	free(entry);
}

/* 6: the moderator's "password GAME NEWPASSWORD" without the side: the
 * word is not repeated, and nothing changes. */
static void test_6_moderator_password_without_side(void **s)
{
	(void)s;
	struct wj_mail_secret before = secret();
	assert_int_equal(send_mail(MODERATOR, "judge@example.org", "p6@umpire.example",
				   "#moderator\r\npassword: umpire's secret\r\n"
				   "password g1 hunter2\r\n#end\r\n"), EX_OK);
	char *r = newest("-1.refused");
	assert_non_null(r);
	assert_non_null(strstr(r, "names no side of this game"));
	assert_non_null(strstr(r, "password g1 (hidden)"));
	assert_null(strstr(r, "hunter2"));
	free(r);
	assert_false(in_game("hunter2"));
	assert_string_equal(secret().password[WW_AMERICAN], before.password[WW_AMERICAN]);
}

/* 7: twenty forged From addresses within the hour: one answer. */
static void test_7_forged_senders_one_answer_per_side(void **s)
{
	(void)s;
	char to[128], from[64], id[64];
	reply_address(WW_AMERICAN, 1, to);
	int out = count("outbox/new");
	for (int i = 0; i < 20; i++) {
		snprintf(from, sizeof from, "forger%d@evil.example", i);
		snprintf(id, sizeof id, "f%d@evil.example", i);
		assert_int_equal(send_mail(from, to, id, "#orders\r\npassword: guess\r\npass\r\n"
					   "#end\r\n"), EX_OK);
	}
	assert_int_equal(count("outbox/new"), out + 1);
	assert_int_equal(count("log"), 1 + 20);
}

/* 7: wrong passwords from the player's own address: ten hashes an hour;
 * then only a mail with the side's token is checked, and the player who
 * replies to the judge's mail still plays. */
static void test_7_argon2id_budget(void **s)
{
	(void)s;
	char id[64], body[256], to[128];
	for (int i = 0; i < 14; i++) {
		snprintf(id, sizeof id, "h%d@evil.example", i);
		snprintf(body, sizeof body, "#orders\r\ngame: g1\r\nside: american\r\n"
			 "password: guess%d\r\npass\r\n#end\r\n", i);
		assert_int_equal(send_mail("adams@example.org", "judge@example.org", id, body),
				 EX_OK);
	}
	char *answered = slurp("answered");
	int hashes = 0;
	for (char *p = answered; (p = strstr(p, " hash american\n")); p++)
		hashes++;
	free(answered);
	assert_int_equal(hashes, WJ_HASH_BUDGET);
	assert_int_equal(send_mail("adams@example.org", "judge@example.org", "own1@players.example",
				   "#orders\r\ngame: g1\r\nside: american\r\npassword: liberty\r\n"
				   COMMITTEES "\r\n#end\r\n"), EX_OK);
	assert_int_equal(move_now(), 0);
	char rel[32];
	snprintf(rel, sizeof rel, "log/%06d.yaml", count("log"));
	char *entry = slurp(rel);
	assert_non_null(strstr(entry, "the password was not checked"));
	free(entry);
	reply_address(WW_AMERICAN, 1, to);
	assert_int_equal(send_mail("adams@example.org", to, "own2@players.example",
				   "#orders\r\npassword: liberty\r\n" COMMITTEES "\r\n#end\r\n"), EX_OK);
	assert_int_equal(move_now(), 1);
	/* an hour on, the budget is whole again */
	mail_clock(1900003600);
	assert_int_equal(send_mail("adams@example.org", "judge@example.org", "h99@evil.example",
				   "#orders\r\ngame: g1\r\nside: american\r\npassword: guess\r\n"
				   "pass\r\n#end\r\n"), EX_OK);
	answered = slurp("answered");
	assert_non_null(strstr(answered, "1900003600 hash american\n"));
	assert_null(strstr(answered, "1900000000"));
	free(answered);
}

/* 7: control characters of a forged Message-ID (and References) reach
 * neither stderr, a header nor a reply: intake writes them as '_'. */
static void test_7_message_id_controls(void **s)
{
	(void)s;
	static const char msg[] = "From: <x@evil.example>\r\nTo: judge@example.org\r\n"
		"Message-ID: <a\x1b[31mb\x07\x7f@evil.example>\r\n"
		"References: <r\x1b]0;t\x07@evil.example>\r\n\r\nhello\r\n";
	struct wj_mail_in m;
	char err[256];
	assert_int_equal(wj_mail_parse(msg, sizeof msg - 1, &m, err, sizeof err), 0);
	assert_string_equal(m.message_id, "<a_[31mb__@evil.example>");
	assert_string_equal(m.references, "<r_]0;t_@evil.example>");
	wj_mail_in_free(&m);
}

/* 8: the British mail with the Message-ID of the American's accepted one
 * is read; the British's own Message-ID again is answered "already
 * processed" once, and nothing is logged. */
static void test_8_message_ids_by_side(void **s)
{
	(void)s;
	char to[128];
	reply_address(WW_AMERICAN, 1, to);
	assert_int_equal(send_mail("adams@example.org", to, "same@players.example",
				   "#orders\r\npassword: liberty\r\n" COMMITTEES "\r\n#end\r\n"), EX_OK);
	assert_int_equal(move_now(), 1);
	reply_address(WW_BRITISH, 2, to);
	assert_int_equal(send_mail("north@example.com", to, "same@players.example",
				   "#orders\r\npassword: crown\r\nfor-the-king New York\r\n#end\r\n"),
			 EX_OK);
	assert_int_equal(move_now(), 2);
	assert_true(wj_record_seen(gdir, "american:<same@players.example>"));
	assert_true(wj_record_seen(gdir, "british:<same@players.example>"));
	int logs = count("log"), out = count("outbox/new");
	reply_address(WW_BRITISH, 3, to);
	assert_int_equal(send_mail("north@example.com", to, "same@players.example",
				   "#orders\r\npassword: crown\r\npass\r\n#end\r\n"), EX_OK);
	assert_int_equal(count("log"), logs);
	assert_int_equal(count("outbox/new"), out + 1);
	char *r = newest(".british");
	assert_non_null(strstr(r, "was processed before"));
	assert_non_null(strstr(r, "To: <north@example.com>"));
	free(r);
	assert_int_equal(send_mail("north@example.com", to, "same@players.example",
				   "#orders\r\npassword: crown\r\npass\r\n#end\r\n"), EX_OK);
	assert_int_equal(count("outbox/new"), out + 1);
	assert_int_equal(move_now(), 2);
}

/* 8: a game from before: GAME/seen holds a Message-ID alone, and it is
 * still read (for either side). */
static void test_8_old_seen_file_read(void **s)
{
	(void)s;
	char path[192], to[128];
	snprintf(path, sizeof path, "%s/seen", gdir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("<old@players.example>\n", f);
	fclose(f);
	reply_address(WW_AMERICAN, 1, to);
	assert_int_equal(send_mail("adams@example.org", to, "old@players.example",
				   "#orders\r\npassword: liberty\r\n" COMMITTEES "\r\n#end\r\n"), EX_OK);
	assert_int_equal(move_now(), 0);
	assert_int_equal(count("log"), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_2_moderator_line_in_a_players_mail, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_2_only_the_moderator_address_moderates, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_6_password_lines_in_the_block, setup, teardown),
		cmocka_unit_test_setup_teardown(test_6_password_on_token_and_side_lines, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_6_moderator_password_without_side, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_7_forged_senders_one_answer_per_side, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_7_argon2id_budget, setup, teardown),
		cmocka_unit_test_setup_teardown(test_7_message_id_controls, setup, teardown),
		cmocka_unit_test_setup_teardown(test_8_message_ids_by_side, setup, teardown),
		cmocka_unit_test_setup_teardown(test_8_old_seen_file_read, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
