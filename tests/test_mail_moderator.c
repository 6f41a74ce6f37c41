/* The moderator's commands by mail (docs/mail.md): a "#moderator" block
 * from the config's moderator address with the moderator's password.
 * Each command is answered by one mail to the moderator only and done at
 * most once; a wrong password or a forged sender changes nothing. A
 * rollback by mail re-mails both players with new tokens, and an order
 * written for an undone move is refused. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include <cmocka.h>
#include "mail_game.h"

static int setup(void **s)
{
	(void)s;
	create_moderated_mail_game("");
	return 0;
}

/* The outbox mail whose name ends with `suffix` (the only one). */
static char *outbox_ending(const char *suffix)
{
	char path[192], rel[400] = "";
	snprintf(path, sizeof path, "%s/outbox/new", gdir);
	DIR *dp = opendir(path);
	assert_non_null(dp);
	int found = 0;
	for (struct dirent *e; (e = readdir(dp));) {
		size_t n = strlen(e->d_name), k = strlen(suffix);
		if (n >= k && !strcmp(e->d_name + n - k, suffix)) {
			snprintf(rel, sizeof rel, "outbox/new/%s", e->d_name);
			found++;
		}
	}
	closedir(dp);
	if (found != 1)
		fail_msg("%d outbox mails end with %s", found, suffix);
	return slurp(rel);
}

/* As `wwjudge send` does: the replies so far move to outbox/cur. */
static void sent_replies(void)
{
	char cmd[400];
	snprintf(cmd, sizeof cmd, "for f in %s/outbox/new/mod-*; do [ ! -e \"$f\" ] || "
		 "mv \"$f\" %s/outbox/cur/; done", gdir, gdir);
	assert_int_equal(system(cmd), 0);
}

static int player(const char *from, enum ww_side side, int token_entry, const char *id,
		  const char *password, const char *orders)
{
	char token[WJ_TOKEN_HEX], msg[4096];
	const char *sw = side == WW_AMERICAN ? "american" : "british";
	wj_move_token(game.seed, side, token_entry, token);
	int n = snprintf(msg, sizeof msg,
			 "From: <%s>\r\nTo: judge+g1-%s-%s@example.org\r\nSubject: orders\r\n"
			 "Date: Tue, 3 Mar 2026 10:00:00 +0000\r\nMessage-ID: <%s@players.example>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n"
			 "#orders\r\npassword: %s\r\n%s\r\n#end\r\n", from, sw, token, id, password,
			 orders);
	an_hour_later();
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

static int moderator(const char *from, const char *id, const char *password,
		     const char *commands)
{
	char msg[4096];
	int n = snprintf(msg, sizeof msg,
			 "From: Umpire <%s>\r\nTo: judge@example.org\r\nSubject: g1\r\n"
			 "Date: Wed, 4 Mar 2026 09:00:00 +0000\r\nMessage-ID: <%s@umpire.example>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\nPlease:\r\n\r\n"
			 "#moderator\r\npassword: %s\r\n%s\r\n#end\r\n-- \r\nthe umpire\r\n",
			 from, id, password, commands);
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

/* Two accepted orders: entries 2 and 3, moves 1 and 2. */
static void test_1_two_moves(void **s)
{
	(void)s;
	assert_int_equal(player("adams@example.org", WW_AMERICAN, 1, "o1", "liberty",
				COMMITTEES), EX_OK);
	assert_int_equal(player("north@example.com", WW_BRITISH, 2, "o2", "crown",
				"for-the-king New York"), EX_OK);
	assert_int_equal(ww_state_of(load()->state)->move, 2);
	assert_int_equal(secret().token_entry, 3);
	assert_int_equal(count("outbox/new"), 4);
}

/* A wrong moderator password: nothing changes; one reply, to the
 * moderator, that repeats no password. */
static void test_2_wrong_password(void **s)
{
	(void)s;
	int logs = count("log");
	assert_int_equal(moderator(MODERATOR, "m1", "guess", "pause g1"), EX_OK);
	assert_false(secret().paused);
	assert_int_equal(count("log"), logs);
	char *r = outbox_ending("-0.refused");
	assert_non_null(strstr(r, "To: <" MODERATOR ">"));
	assert_non_null(strstr(r, "the moderator password is wrong"));
	assert_null(strstr(r, "guess"));
	free(r);
	/* delivered again: no second reply */
	int out = count("outbox/new");
	assert_int_equal(moderator(MODERATOR, "m1", "guess", "pause g1"), EX_OK);
	assert_int_equal(count("outbox/new"), out);
	sent_replies(); /* and once sent, still none */
	assert_int_equal(moderator(MODERATOR, "m1", "guess", "pause g1"), EX_OK);
	assert_int_equal(count("outbox/new"), out - 1);
}

/* A forged sender with the right password: nothing changes; the reply
 * goes to the moderator's address, never to the sender. */
static void test_3_forged_sender(void **s)
{
	(void)s;
	sent_replies();
	int logs = count("log"), out = count("outbox/new");
	assert_int_equal(moderator("evil@forger.example", "m2", "umpire's secret", "pause g1"),
			 EX_OK);
	assert_false(secret().paused);
	assert_int_equal(count("log"), logs);
	assert_int_equal(count("outbox/new"), out + 1);
	char *r = outbox_ending("-0.refused");
	assert_non_null(strstr(r, "To: <" MODERATOR ">"));
	assert_null(strstr(r, "evil@"));
	assert_non_null(strstr(r, "must come from the moderator's address"));
	free(r);
}

/* pause, then the same mail again (nothing new), then resume. */
static void test_4_pause_resume(void **s)
{
	(void)s;
	assert_int_equal(moderator(MODERATOR, "m3", "umpire's secret", "pause g1"), EX_OK);
	assert_true(secret().paused);
	char *r = slurp("outbox/new/000004.moderator");
	assert_non_null(strstr(r, "To: <" MODERATOR ">"));
	assert_non_null(strstr(r, "In-Reply-To: <m3@umpire.example>"));
	assert_non_null(strstr(r, "is paused"));
	free(r);
	char *log = slurp("log/000004.yaml");
	assert_non_null(strstr(log, "# moderator: the game is paused"));
	assert_non_null(strstr(log, "side: nobody"));
	free(log);
	int logs = count("log"), out = count("outbox/new");
	assert_int_equal(moderator(MODERATOR, "m3", "umpire's secret", "pause g1"), EX_OK);
	assert_int_equal(count("log"), logs);
	assert_int_equal(count("outbox/new"), out);
	assert_int_equal(moderator(MODERATOR, "m4", "umpire's secret", "resume g1"), EX_OK);
	assert_false(secret().paused);
	assert_int_equal(wj_record_replay(gdir, test_game_data(), stderr), 0);
}

/* preview: the reply says what would happen; the game does not change. */
static void test_5_preview(void **s)
{
	(void)s;
	char *before = slurp("secret/state.yaml");
	int logs = count("log");
	assert_int_equal(moderator(MODERATOR, "m5", "umpire's secret",
				   "preview g1 american: play 12 pc Bostn\r\n"
				   "preview g1 british: pass"), EX_OK);
	char *after = slurp("secret/state.yaml");
	assert_string_equal(before, after);
	assert_int_equal(count("log"), logs);
	char *bad = outbox_ending("-1.refused");
	assert_non_null(strstr(bad, "Refused; nothing was changed"));
	char *good = outbox_ending("-2.preview");
	assert_non_null(strstr(good, "To: <" MODERATOR ">"));
	assert_non_null(strstr(good, "preview g1 british: pass"));
	free(bad);
	free(good);
	free(before);
	free(after);
}

static bool in_any_file(const char *dir, const char *needle)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "grep -rqF '%s' '%s'", needle, dir);
	return system(cmd) == 0;
}

/* A new password: hashed, never written nor repeated; the old one is
 * refused, the new one works. */
static void test_6_password(void **s)
{
	(void)s;
	char old[192];
	snprintf(old, sizeof old, "%s", secret().password[WW_BRITISH]);
	assert_int_equal(moderator(MODERATOR, "m6", "umpire's secret",
				   "password g1 british redcoat 77"), EX_OK);
	assert_string_not_equal(secret().password[WW_BRITISH], old);
	assert_true(wj_password_ok(secret().password[WW_BRITISH], "redcoat 77"));
	assert_false(in_any_file(gdir, "redcoat"));
	int entry = secret().token_entry;
	uint32_t move = ww_state_of(load()->state)->move;
	assert_int_equal(player("north@example.com", WW_BRITISH, entry, "o3", "crown", "pass"),
			 EX_OK);
	assert_int_equal(ww_state_of(load()->state)->move, move);
}

static void test_7_address(void **s)
{
	(void)s;
	assert_int_equal(moderator(MODERATOR, "m7", "umpire's secret",
				   "address g1 british gage@example.com"), EX_OK);
	assert_string_equal(load()->meta.addr[WW_BRITISH], "gage@example.com");
	assert_int_equal(wj_record_replay(gdir, test_game_data(), stderr), 0);
}

/* The side a command names is read in the game's words (issue 13):
 * "britain" is the British; a word that is no side of the game, or none,
 * is refused with the game's words, and nothing changes. */
static void test_7b_side_words(void **s)
{
	(void)s;
	sent_replies();
	char *before = slurp("game.yaml");
	int logs = count("log");
	assert_int_equal(moderator(MODERATOR, "m7b", "umpire's secret",
				   "password g1 french bonjour\r\n"
				   "address g1\r\n"
				   "preview g1 hessian: pass"), EX_OK);
	char *french = outbox_ending("-1.refused"), *none = outbox_ending("-2.refused");
	char *hessian = outbox_ending("-3.refused");
	/* the word after the game of a password command may be the password */
	assert_non_null(strstr(french, "the word after the game names no side of this game"));
	assert_null(strstr(french, "french"));
	assert_null(strstr(french, "bonjour"));
	assert_non_null(strstr(none, "write: address GAME SIDE ADDRESS, SIDE american or "
			       "british"));
	assert_non_null(strstr(hessian, "'hessian' is not a side of this game of"));
	char *after = slurp("game.yaml");
	assert_string_equal(before, after);
	assert_int_equal(count("log"), logs);
	assert_int_equal(moderator(MODERATOR, "m7c", "umpire's secret",
				   "address g1 Britain howe@example.com"), EX_OK);
	assert_string_equal(load()->meta.addr[WW_BRITISH], "howe@example.com");
	assert_int_equal(moderator(MODERATOR, "m7d", "umpire's secret",
				   "address g1 british gage@example.com"), EX_OK);
	free(french);
	free(none);
	free(hessian);
	free(before);
	free(after);
}

/* Rollback by mail to move 1: both players are mailed with new tokens;
 * an order with a token of the undone move is refused and never applied;
 * the replay passes; orders with the new token are accepted. */
static void test_8_rollback(void **s)
{
	(void)s;
	int stale = secret().token_entry;
	int entry = count("log") + 1;
	assert_int_equal(moderator(MODERATOR, "m8", "umpire's secret", "rollback g1 1"), EX_OK);
	struct wj_game *g = load();
	assert_int_equal(ww_state_of(g->state)->move, 1);
	assert_int_equal(ww_state_of(g->state)->to_move, WW_BRITISH);
	assert_int_equal(secret().token_entry, entry);
	char rel[64];
	snprintf(rel, sizeof rel, "outbox/new/%06d.american", entry);
	char *am = slurp(rel);
	snprintf(rel, sizeof rel, "outbox/new/%06d.british", entry);
	char *br = slurp(rel);
	snprintf(rel, sizeof rel, "outbox/new/%06d.moderator", entry);
	char *mo = slurp(rel);
	assert_non_null(strstr(am, "To: <adams@example.org>"));
	assert_non_null(strstr(br, "To: <gage@example.com>"));
	assert_non_null(strstr(br, "rolled the game back"));
	assert_non_null(strstr(mo, "To: <" MODERATOR ">"));
	assert_non_null(strstr(mo, "move 1 (the American's)"));
	free(am);
	free(br);
	free(mo);
	snprintf(rel, sizeof rel, "log/%06d.yaml", entry);
	char *log = slurp(rel);
	assert_non_null(strstr(log, "undone: {first: 3, last: "));
	assert_non_null(strstr(log, "sender: \"" MODERATOR "\""));
	free(log);
	assert_int_equal(wj_record_replay(gdir, test_game_data(), stderr), 0);

	/* the pre-rollback token: refused, with the rollback among what happened */
	assert_int_equal(player("gage@example.com", WW_BRITISH, stale, "o4", "redcoat 77",
				"pass"), EX_OK);
	assert_int_equal(ww_state_of(load()->state)->move, 1);
	snprintf(rel, sizeof rel, "outbox/new/%06d.reply-british", entry + 1);
	char *r = slurp(rel);
	assert_non_null(strstr(r, "written for an earlier move"));
	assert_non_null(strstr(r, "the moderator"));
	free(r);

	/* the same rollback mail again: nothing */
	int logs = count("log");
	assert_int_equal(moderator(MODERATOR, "m8", "umpire's secret", "rollback g1 1"), EX_OK);
	assert_int_equal(count("log"), logs);

	/* the new token: the British order is accepted; the replay agrees */
	assert_int_equal(player("gage@example.com", WW_BRITISH, entry, "o5", "redcoat 77",
				"for-the-king New York"), EX_OK);
	assert_int_equal(ww_state_of(load()->state)->move, 2);
	assert_int_equal(wj_record_replay(gdir, test_game_data(), stderr), 0);
	assert_int_equal(wj_record_verify(gdir, test_game_data(), stderr), 0);

	/* back to move 1 again: its last live entry is the moderator's
	 * rollback, by nobody; the move is still the American's, as the
	 * replay finds it (not a second walk back over the log) */
	struct wj_rollback_plan plan;
	char err[256];
	assert_int_equal(wj_rollback_prepare(gdir, load(), 1, &plan, err, sizeof err), 0);
	assert_int_equal(plan.rb.target, entry);
	assert_int_equal(plan.target_side, WW_AMERICAN);
	wj_rollback_plan_free(&plan);
}

/* Refused rollbacks answer the moderator and change nothing. */
static void test_9_rollback_refused(void **s)
{
	(void)s;
	sent_replies();
	int logs = count("log");
	assert_int_equal(moderator(MODERATOR, "m9", "umpire's secret",
				   "rollback g1 40\r\nrollback g1 2"), EX_OK);
	assert_int_equal(count("log"), logs);
	char *r = outbox_ending("-1.refused");
	assert_non_null(strstr(r, "move 40 is beyond the current move 2"));
	free(r);
	r = outbox_ending("-2.refused");
	assert_non_null(strstr(r, "nothing to undo"));
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_1_two_moves),
		cmocka_unit_test(test_2_wrong_password),
		cmocka_unit_test(test_3_forged_sender),
		cmocka_unit_test(test_4_pause_resume),
		cmocka_unit_test(test_5_preview),
		cmocka_unit_test(test_6_password),
		cmocka_unit_test(test_7_address),
		cmocka_unit_test(test_7b_side_words),
		cmocka_unit_test(test_8_rollback),
		cmocka_unit_test(test_9_rollback_refused),
	};
	return cmocka_run_group_tests(tests, setup, remove_mail_game);
}
