/* Mail that reads well (issue 12, "Mail that reads badly"): the example
 * block of every mail is an order legal for its recipient now, or none
 * when nothing is asked of them; one subject scheme, never nested, never
 * with a line break; a rollback told in moves; the players told of the
 * moderator's pause, resume and address change, each from their own view. */
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
#include "cli.h"
#include "games.h"
#include "mail_game.h"
#include "mail_net.h"
#include "driver.h"
#include "report_corpus.h"

#define TOKEN "0123456789abcdef"

static int setup(void **s)
{
	(void)s;
	create_moderated_mail_game("board = none\nremind_hours = 1\n");
	return 0;
}

static int teardown(void **s)
{
	if (getenv("WW_KEEP"))
		return free_test_data(s);
	return remove_mail_game(s);
}

static int player(const char *from, enum ww_side side, int token_entry, const char *id,
		  const char *subject, const char *password, const char *orders)
{
	char token[WJ_TOKEN_HEX], msg[4096];
	const char *sw = side == WW_AMERICAN ? "american" : "british";
	wj_move_token(game.seed, side, token_entry, token);
	int n = snprintf(msg, sizeof msg,
			 "From: <%s>\r\nTo: judge+g1-%s-%s@example.org\r\nSubject: %s\r\n"
			 "Date: Tue, 3 Mar 2026 10:00:00 +0000\r\nMessage-ID: <%s@players.example>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n"
			 "#orders\r\npassword: %s\r\n%s\r\n#end\r\n", from, sw, token, subject, id,
			 password, orders);
	an_hour_later();
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

static int moderator(const char *id, const char *commands)
{
	char msg[4096];
	int n = snprintf(msg, sizeof msg,
			 "From: <" MODERATOR ">\r\nTo: judge@example.org\r\nSubject: g1\r\n"
			 "Date: Wed, 4 Mar 2026 09:00:00 +0000\r\nMessage-ID: <%s@umpire.example>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n"
			 "#moderator\r\npassword: umpire's secret\r\n%s\r\n#end\r\n", id, commands);
	return wj_mail_process(&cfg, msg, (size_t)n, NULL);
}

static int token_entry(void)
{
	return secret().token_entry;
}

static char *outbox(int entry, const char *name)
{
	char rel[96];
	snprintf(rel, sizeof rel, "outbox/new/%06d.%s", entry, name);
	return slurp(rel);
}

/* The mail with every run of blanks and line breaks as one blank: the
 * text as read, whatever its wrapping. */
static char *flat(char *mail)
{
	char *o = mail;
	for (const char *p = mail; *p; p++)
		if (*p == ' ' || *p == '\r' || *p == '\n') {
			if (o == mail || o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = *p;
		}
	*o = '\0';
	return mail;
}

/* The Subject line of a mail, without its name. */
static void subject_of(const char *mail, char *out, size_t len)
{
	const char *p = strstr(mail, "\r\nSubject: ");
	assert_non_null(p);
	p += strlen("\r\nSubject: ");
	snprintf(out, len, "%.*s", (int)strcspn(p, "\r\n"), p);
}

/* The subject is "[wwjudge g1] YEAR move N: " (the game now) and `what`. */
static void assert_subject(const char *mail, const char *what)
{
	char got[512], want[512];
	const struct ww_state *st = ww_state_of(load()->state);
	subject_of(mail, got, sizeof got);
	snprintf(want, sizeof want, "[wwjudge g1] %d move %u: %s", st->year, (unsigned)st->move,
		 what);
	if (strcmp(got, want))
		fail_msg("the subject is \"%s\", not \"%s\"", got, want);
}

/* The order lines of the example block at the end of a mail body
 * ("#orders", "password:", "token:", the orders, "#end"); "" if none. */
static void example_orders(const char *body, char *out, size_t len)
{
	const char *b = strstr(body, "#orders");
	assert_non_null(b);
	const char *tok = strstr(b, "token: ");
	assert_non_null(tok);
	const char *first = strchr(tok, '\n') + 1;
	const char *end = strstr(first, "#end");
	assert_non_null(end);
	size_t n = (size_t)(end - first);
	snprintf(out, len, "%.*s", (int)n, first);
	for (char *p = out; *p; p++)
		if (*p == '\r')
			*p = ' ';
	size_t k = strlen(out);
	while (k && (out[k - 1] == '\n' || out[k - 1] == ' '))
		out[--k] = '\0';
}

/* The example order of a mail to `side` at `s`: accepted by the engine on
 * that side's view when the side is asked something, else absent. */
static void assert_example_fits(const char *body, const struct ww_state *s, enum ww_side side,
				const char *where)
{
	char ex[WJ_MAIL_LINE];
	example_orders(body, ex, sizeof ex);
	if (s->to_move != side || s->phase == WW_PH_GAME_OVER) {
		if (ex[0])
			fail_msg("%s: the %s is asked nothing, yet the example is '%s'", where,
				 ww_side_name(side), ex);
		assert_non_null(strstr(body, "Nothing is asked of you now"));
		return;
	}
	if (!ex[0] || strchr(ex, '\n'))
		fail_msg("%s: the example for the %s is '%s', not one order", where,
			 ww_side_name(side), ex);
	struct test_game t = { .d = test_data() };
	ww_view(s, side, &t.s);
	wj_dice_rng(&t.dice, &t.rng);
	if (order(&t, side, ex))
		fail_msg("%s: the example '%s' is refused for the %s: %s", where, ex,
			 ww_side_name(side), t.why);
	ww_events_free(&t.ev);
}

/* Issue 12: the example block of the mails of a real game by mail: the
 * refusal at the set-up (the British is asked nothing), the reports after
 * the Committees (the British to place For The King PCs) and after them
 * (the British's opening). */
static void test_1_example_in_the_mails_is_legal(void **s)
{
	(void)s;
	assert_int_equal(player("north@example.com", WW_BRITISH, 1, "b0", "orders", "crown",
				"play 12 pc Boston"), EX_OK);
	char *r = outbox(2, "reply-british");
	assert_example_fits(r, ww_state_of(load()->state), WW_BRITISH, "the set-up, refused");
	free(r);
	assert_int_equal(player("adams@example.org", WW_AMERICAN, 1, "a1", "orders", "liberty",
				COMMITTEES), EX_OK);
	for (int side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		char *m = outbox(3, side == WW_AMERICAN ? "american" : "british");
		assert_example_fits(m, ww_state_of(load()->state), (enum ww_side)side, "after the Committees");
		free(m);
	}
	assert_int_equal(player("north@example.com", WW_BRITISH, 3, "b1", "orders", "crown",
				"for-the-king New York"), EX_OK);
	for (int side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		char *m = outbox(4, side == WW_AMERICAN ? "american" : "british");
		assert_example_fits(m, ww_state_of(load()->state), (enum ww_side)side, "the British opening");
		free(m);
	}
}

static void example_at(const struct ww_state *s, const char *where)
{
	for (int side = WW_AMERICAN; side <= WW_BRITISH; side++) {
		char *text = NULL;
		size_t len;
		struct wj_mail_view v;
		struct wj_mail_game mg = { &game_washingtons_war, ww_game_data_of(test_data()),
					   (const struct game_state *)s };
		FILE *f = open_memstream(&text, &len);
		assert_non_null(f);
		assert_int_equal(wj_mail_view_open(&v, &mg, side), 0);
		wj_mail_how_to_order(f, &v, TOKEN, NULL);
		wj_mail_view_close(&v);
		assert_int_equal(fclose(f), 0);
		char *shown = NULL;
		size_t slen;
		assert_non_null(f = open_memstream(&shown, &slen));
		assert_int_equal(wj_mail_text(f, text, len), 0); /* as the mail shows it */
		assert_int_equal(fclose(f), 0);
		assert_example_fits(shown, s, (enum ww_side)side, where);
		free(shown);
		free(text);
	}
}

/* Issue 12: the example for both sides at the set-up, the British
 * opening and an impulse of the scripted game, and at a battle question
 * of a random game. */
static void test_2_example_legal_at_every_kind_of_question(void **s)
{
	(void)s;
	static struct corpus c;
	int keep[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, -1 };
	corpus_script(&c, keep, (int)(sizeof keep / sizeof *keep));
	bool impulse = false, opening = false;
	for (int i = 0; i < c.n; i++) {
		example_at(&c.v[i].s, c.v[i].name);
		impulse |= c.v[i].s.prompt == WW_ASK_IMPULSE;
		opening |= c.v[i].s.prompt == WW_ASK_OPENING;
	}
	assert_true(impulse && opening);
	corpus_free(&c);
	struct drv_game *g = calloc(1, sizeof *g);
	assert_non_null(g);
	bool battle = false;
	for (uint64_t seed = 1; seed <= 20 && !battle; seed++) {
		drv_start(g, test_data(), seed);
		while (!battle && g->s.phase != WW_PH_GAME_OVER && !drv_step(g))
			if (g->s.prompt == WW_ASK_BATTLE_CARD) {
				example_at(&g->s, "a battle question");
				battle = true;
			}
		drv_end(g);
	}
	assert_true(battle);
	free(g);
}

/* Issue 12: a refusal's subject is the game's, the move's and "refused":
 * the player's own subject is never echoed, so never nested, and nothing
 * of it (a line break decoded from RFC 2047) reaches the header. */
static void test_3_refusal_subject_never_nests(void **s)
{
	(void)s;
	int e = count("log") + 1;
	assert_int_equal(player("adams@example.org", WW_AMERICAN, 1, "n1",
				"Re: [wwjudge g1] 1775 move 2: refused; the British to move",
				"tea", COMMITTEES), EX_OK);
	char *r = outbox(e, "reply-american");
	assert_subject(r, "refused; the British to move");
	free(r);
	assert_int_equal(player("adams@example.org", WW_AMERICAN, 1, "n2",
				"=?UTF-8?B?b3JkZXJzDQpCY2M6IGV2ZUBleGFtcGxlLm9yZw==?=", "tea",
				COMMITTEES), EX_OK);
	r = outbox(e + 1, "reply-american");
	assert_subject(r, "refused; the British to move");
	assert_null(strstr(r, "Bcc"));
	free(r);
}

/* Issue 12: a subject given with control characters (a line break) is
 * written on one line, the control characters as blanks. */
static void test_4_compose_keeps_no_line_break_in_a_subject(void **s)
{
	(void)s;
	char got[128];
	struct wj_mail_out o = { .to = "a@example.org", .subject = "one\r\nBcc: eve@x\ttwo",
				 .body = "hi\n", .date = "Tue, 3 Mar 2026 10:00:00 +0000" };
	snprintf(o.message_id, sizeof o.message_id, "<x@example.org>");
	size_t len;
	char *m = wj_mail_compose(&cfg, &o, &len);
	assert_non_null(m);
	subject_of(m, got, sizeof got);
	assert_string_equal(got, "one  Bcc: eve@x two");
	free(m);
}

/* Issue 12: the reminder carries the game's tag and says what is asked. */
static void test_5_reminder_subject(void **s)
{
	(void)s;
	char *log = NULL;
	size_t len;
	FILE *f = open_memstream(&log, &len);
	assert_non_null(f);
	assert_int_equal(wj_mail_remind(&cfg, time(NULL) + 3 * 24 * 3600, f), EX_OK);
	fclose(f);
	free(log);
	char name[64];
	snprintf(name, sizeof name, "remind-british-%lld",
		 (long long)((time(NULL) + 3 * 24 * 3600) / (24 * 3600)));
	char *r = outbox(token_entry(), name);
	/* issue 22.8: a short subject; what is asked is in the body */
	assert_subject(r, "reminder: your move is waiting");
	assert_non_null(strstr(r, "The British may open 1775 with a campaign card, or pass"));
	assert_example_fits(r, ww_state_of(load()->state), WW_BRITISH, "the reminder");
	free(r);
}

/* Issue 12: the players are told of a pause and a resume, each from its
 * own view, in the commit that makes the change. */
static void test_6_pause_resume_told(void **s)
{
	(void)s;
	int e = count("log") + 1;
	assert_int_equal(moderator("m1", "pause g1"), EX_OK);
	char *am = outbox(e, "notice-american"), *br = outbox(e, "notice-british");
	assert_non_null(strstr(am, "To: <adams@example.org>"));
	assert_non_null(strstr(br, "To: <north@example.com>"));
	assert_subject(am, "the moderator paused the game");
	assert_non_null(strstr(br, "paused the game"));
	assert_non_null(strstr(am, "orders are refused until"));
	free(am);
	free(br);
	char *mo = outbox(e, "moderator"); /* the moderator's reply: the same scheme */
	assert_subject(mo, "moderator: pause");
	free(mo);
	assert_int_equal(moderator("m2", "resume g1"), EX_OK);
	am = outbox(e + 1, "notice-american");
	br = outbox(e + 1, "notice-british");
	assert_subject(br, "the moderator resumed the game");
	assert_example_fits(am, ww_state_of(load()->state), WW_AMERICAN, "resumed");
	assert_example_fits(br, ww_state_of(load()->state), WW_BRITISH, "resumed");
	free(am);
	free(br);
}

/* Issue 12: an address change is told to the side at its new address and
 * to its opponent; not to the old address. */
static void test_7_address_told(void **s)
{
	(void)s;
	int e = count("log") + 1;
	assert_int_equal(moderator("m3", "address g1 british gage@example.com"), EX_OK);
	char *am = outbox(e, "notice-american"), *br = outbox(e, "notice-british");
	assert_non_null(strstr(br, "To: <gage@example.com>"));
	assert_null(strstr(br, "north@example.com"));
	assert_non_null(strstr(am, "To: <adams@example.org>"));
	assert_non_null(strstr(flat(br), "your registered address is now gage@example.com"));
	assert_non_null(strstr(flat(am), "the British player's registered address is now "
			       "gage@example.com"));
	free(am);
	free(br);
}

/* Issue 12: the command line's pause with a config tells the players too. */
static void test_8_command_line_pause_told(void **s)
{
	(void)s;
	char conf[160];
	snprintf(conf, sizeof conf, "%s/wwjudge.conf", root);
	int e = count("log") + 1;
	char *argv[] = { "pause", gdir, "--config", conf, NULL };
	optind = 0;
	assert_int_equal(wj_cmd_moderate(4, argv), EX_OK);
	char *am = outbox(e, "notice-american");
	assert_non_null(strstr(am, "paused the game"));
	free(am);
	char *argv2[] = { "resume", gdir, "--config", conf, NULL };
	optind = 0;
	assert_int_equal(wj_cmd_moderate(4, argv2), EX_OK);
	char *br = outbox(e + 1, "notice-british");
	assert_non_null(strstr(br, "resumed the game"));
	free(br);
}

/* Issue 12: a rollback is told in moves, not log entries. */
static void test_9_rollback_in_moves(void **s)
{
	(void)s;
	assert_int_equal(ww_state_of(load()->state)->move, 2); /* the Committees, For The King */
	int e = count("log") + 1;
	assert_int_equal(moderator("m4", "rollback g1 1"), EX_OK);
	char *am = outbox(e, "american");
	assert_subject(am, "the moderator rolled the game back to move 1");
	assert_example_fits(am, ww_state_of(load()->state), WW_AMERICAN, "rolled back");
	assert_non_null(strstr(flat(am), "the position after move 1 (the American's); move 2 is "
			       "undone"));
	assert_null(strstr(am, "log entr"));
	free(am);
}

/* Issue 13: remind loads a game only when a reminder may be due: the
 * move of this one has waited minutes, not remind_hours (1), so its
 * state is not read (here it would not even parse). */
static void test_13_remind_skips_a_move_not_yet_due(void **s)
{
	(void)s;
	char path[300], *log = NULL, *state;
	size_t len;
	snprintf(path, sizeof path, "%s/secret/state.yaml", gdir);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	state = calloc(1, 1 << 20);
	size_t n = fread(state, 1, (1 << 20) - 1, f);
	fclose(f);
	f = fopen(path, "w");
	fputs("not: [a state\n", f);
	fclose(f);
	FILE *out = open_memstream(&log, &len);
	int rc = wj_mail_remind(&cfg, time(NULL) + 60, out);
	fclose(out);
	f = fopen(path, "w");
	fwrite(state, 1, n, f);
	fclose(f);
	free(state);
	bool quiet = !*log;
	fputs(log, stderr);
	free(log);
	assert_true(quiet);
	assert_int_equal(rc, EX_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_1_example_in_the_mails_is_legal),
		cmocka_unit_test(test_2_example_legal_at_every_kind_of_question),
		cmocka_unit_test(test_3_refusal_subject_never_nests),
		cmocka_unit_test(test_4_compose_keeps_no_line_break_in_a_subject),
		cmocka_unit_test(test_5_reminder_subject),
		cmocka_unit_test(test_6_pause_resume_told),
		cmocka_unit_test(test_7_address_told),
		cmocka_unit_test(test_8_command_line_pause_told),
		cmocka_unit_test(test_9_rollback_in_moves),
		cmocka_unit_test(test_13_remind_skips_a_move_not_yet_due),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
