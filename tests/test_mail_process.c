/* `wwjudge process` end to end on a game in a temp dir: an accepted order
 * puts one mail per player in the outbox (own view only); wrong password,
 * forged sender, stale token, duplicates and the size limit change nothing
 * they must not. */
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
#include "mail_internal.h"
#include "support.h"

#define COMMITTEES "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, " \
	"Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, " \
	"Halifax NC, Camden SC, Augusta GA"

static char root[64], gdir[128];
static struct ww_mail_config cfg;
static struct ww_game game;

static int setup(void **s)
{
	(void)s;
	char err[512], path[192];
	setenv("WW_PWHASH", "test", 1);
	snprintf(root, sizeof root, "/tmp/ww-mail-XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof path, "%s/games", root);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(gdir, sizeof gdir, "%s/games/g1", root);
	snprintf(path, sizeof path, "%s/wwjudge.conf", root);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "# test config\ngames = games\njudge = judge@example.org\n"
		   "from_name = \"Test Judge\"\n");
	fclose(f);
	if (ww_mail_config_load(path, &cfg, err, sizeof err))
		fail_msg("%s", err);

	struct ww_events ev = { 0 };
	struct ww_dice dice = { 0 };
	struct ww_rng rng;
	const struct ww_data *d = test_data();
	memset(&game, 0, sizeof game);
	for (int i = 0; i < WW_SEED_BYTES; i++)
		game.seed[i] = (unsigned char)i;
	memcpy(dice.seed, game.seed, sizeof dice.seed);
	ww_dice_rng(&dice, &rng);
	ww_new_game(d, &game.state, &rng, &ev);
	snprintf(game.meta.data_id, sizeof game.meta.data_id, "%s", d->id);
	snprintf(game.meta.data_dir, sizeof game.meta.data_dir, "%s", d->dir);
	snprintf(game.meta.american, sizeof game.meta.american, "adams@example.org");
	snprintf(game.meta.british, sizeof game.meta.british, "north@example.com");
	ww_seed_commitment(game.seed, game.meta.commitment);
	game.data = d;
	if (ww_record_create(gdir, &game, &ev, err, sizeof err))
		fail_msg("%s", err);
	ww_events_free(&ev);
	struct ww_mail_secret sec = { .token_entry = 1 };
	assert_int_equal(ww_password_hash("liberty", sec.password[WW_AMERICAN]), 0);
	assert_int_equal(ww_password_hash("crown", sec.password[WW_BRITISH]), 0);
	assert_int_equal(ww_mail_secret_write(gdir, &sec, err, sizeof err), 0);
	return 0;
}

static int teardown(void **s)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	assert_int_equal(system(cmd), 0);
	return free_test_data(s);
}

static int count(const char *sub)
{
	char path[192];
	snprintf(path, sizeof path, "%s/%s", gdir, sub);
	DIR *dp = opendir(path);
	int n = 0;
	assert_non_null(dp);
	for (struct dirent *e; (e = readdir(dp));)
		n += e->d_name[0] != '.';
	closedir(dp);
	return n;
}

static char *slurp(const char *rel)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", gdir, rel);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("no %s", path);
	char *buf = calloc(1, 1 << 18);
	assert_non_null(buf);
	size_t n = fread(buf, 1, (1 << 18) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static char *state_text(void)
{
	return slurp("secret/state.yaml");
}

static int mail(const char *from, const char *side, int token_entry, const char *id,
		const char *password, const char *orders)
{
	char token[WW_TOKEN_HEX], msg[4096];
	ww_move_token(game.seed, !strcmp(side, "american") ? WW_AMERICAN : WW_BRITISH,
		      token_entry, token);
	int n = snprintf(msg, sizeof msg,
			 "From: Player <%s>\r\nTo: judge+g1-%s-%s@example.org\r\n"
			 "Subject: Re: [wwjudge g1] orders\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n"
			 "Message-ID: <%s@players.example>\r\nReferences: <ww.g1.000001.%s@example.org>\r\n"
			 "Content-Type: text/plain; charset=utf-8\r\n\r\n"
			 "Here you are.\r\n\r\n#orders\r\npassword: %s\r\n%s\r\n#end\r\n\r\n-- \r\nme\r\n",
			 from, side, token, id, side, password, orders);
	return ww_mail_process(&cfg, msg, (size_t)n, NULL);
}

/* Wrong password: nothing changes but the log; one reply, to the
 * registered address. */
static void test_1_wrong_password(void **s)
{
	(void)s;
	char *before = state_text();
	assert_int_equal(mail("adams@example.org", "american", 1, "wp", "tea", COMMITTEES), EX_OK);
	char *after = state_text();
	assert_string_equal(before, after);
	assert_int_equal(count("outbox/new"), 1);
	char *r = slurp("outbox/new/000002.reply-american");
	assert_non_null(strstr(r, "To: <adams@example.org>"));
	assert_non_null(strstr(r, "the password is wrong"));
	assert_non_null(strstr(r, "In-Reply-To: <wp@players.example>"));
	assert_null(strstr(r, "tea"));
	free(r);
	free(before);
	free(after);
}

/* Forged From: the reply goes to the registered address, never the forger. */
static void test_2_forged_sender(void **s)
{
	(void)s;
	char *before = state_text();
	assert_int_equal(mail("evil@forger.example", "american", 1, "forged", "liberty",
			      COMMITTEES), EX_OK);
	char *after = state_text();
	assert_string_equal(before, after);
	char *r = slurp("outbox/new/000003.reply-american");
	assert_non_null(strstr(r, "To: <adams@example.org>"));
	assert_null(strstr(r, "To: <evil"));
	assert_non_null(strstr(r, "only its registered address may"));
	free(r);
	free(before);
	free(after);
}

/* Accepted: one mail per player, each its own view, threaded, with the
 * next token in Reply-To; the mail settings move to the new tokens. */
static void test_3_accepted(void **s)
{
	(void)s;
	assert_int_equal(mail("ADAMS@example.org", "american", 1, "ok1", "liberty", COMMITTEES),
			 EX_OK);
	assert_int_equal(count("outbox/new"), 4);
	char *am = slurp("outbox/new/000004.american");
	char *br = slurp("outbox/new/000004.british");
	char tam[WW_TOKEN_HEX], tbr[WW_TOKEN_HEX], want[200];
	ww_move_token(game.seed, WW_AMERICAN, 4, tam);
	ww_move_token(game.seed, WW_BRITISH, 4, tbr);
	snprintf(want, sizeof want, "Reply-To: <judge+g1-american-%s@example.org>", tam);
	assert_non_null(strstr(am, want));
	snprintf(want, sizeof want, "Reply-To: <judge+g1-british-%s@example.org>", tbr);
	assert_non_null(strstr(br, want));
	assert_null(strstr(br, tam)); /* a side's token is only in its own mail */
	assert_null(strstr(am, tbr));
	assert_non_null(strstr(am, "To: <adams@example.org>"));
	assert_non_null(strstr(br, "To: <north@example.com>"));
	assert_non_null(strstr(am, "Subject: [wwjudge g1] 1775 move 1"));
	assert_non_null(strstr(am, "In-Reply-To: <ok1@players.example>"));
	assert_non_null(strstr(am, "Message-ID: <ww.g1.000004.american@example.org>"));
	assert_non_null(strstr(br, "In-Reply-To: <ww.g1.000001.british@example.org>"));
	assert_non_null(strstr(am, "Accepted") || strstr(am, "accepted"));
	struct ww_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_data();
	assert_int_equal(ww_record_load(gdir, &g, err, sizeof err), 0);
	assert_int_equal(g.state.move, 1);
	struct ww_mail_secret sec;
	assert_int_equal(ww_mail_secret_read(gdir, &sec, err, sizeof err), 0);
	assert_int_equal(sec.token_entry, 4);
	free(am);
	free(br);
}

/* The same Message-ID again: nothing changes and nothing is queued. */
static void test_4_duplicate(void **s)
{
	(void)s;
	char *before = state_text();
	int logs = count("log"), out = count("outbox/new");
	assert_int_equal(mail("adams@example.org", "american", 1, "ok1", "liberty", COMMITTEES),
			 EX_OK);
	assert_int_equal(count("log"), logs);
	assert_int_equal(count("outbox/new"), out);
	char *after = state_text();
	assert_string_equal(before, after);
	free(before);
	free(after);
}

/* A token of an earlier move: refused, with what has happened since. */
static void test_5_stale_token(void **s)
{
	(void)s;
	char *before = state_text();
	assert_int_equal(mail("north@example.com", "british", 1, "stale", "crown",
			      "for-the-king New York"), EX_OK);
	char *after = state_text();
	assert_string_equal(before, after);
	char *r = slurp("outbox/new/000005.reply-british");
	assert_non_null(strstr(r, "written for an earlier move"));
	assert_non_null(strstr(r, "What has happened since"));
	assert_non_null(strstr(r, "move 1, the American"));
	free(r);
	free(before);
	free(after);
}

/* A refused order: what was understood, what was wrong, what is asked. */
static void test_6_refused_order(void **s)
{
	(void)s;
	assert_int_equal(mail("north@example.com", "british", 4, "bad", "crown",
			      "for-the-king New York\r\nplay 12 pc Bostn"), EX_OK);
	char *r = slurp("outbox/new/000006.reply-british");
	assert_non_null(strstr(r, "What was understood:"));
	assert_non_null(strstr(r, "What was wrong:"));
	assert_non_null(strstr(r, "What is asked now:"));
	free(r);
}

/* The British mail never holds the title of a card in the American hand. */
static void no_american_card(const char *br)
{
	struct ww_game g;
	char err[256];
	memset(&g, 0, sizeof g);
	g.data = test_data();
	assert_int_equal(ww_record_load(gdir, &g, err, sizeof err), 0);
	const struct ww_pile *h = &g.state.hand[WW_AMERICAN];
	assert_true(h->n > 0);
	for (int i = 0; i < h->n; i++) {
		const char *title = test_data()->cards[h->card[i]].title;
		bool british_too = false;
		for (int j = 0; j < g.state.hand[WW_BRITISH].n; j++)
			british_too |= !strcmp(test_data()->cards[g.state.hand[WW_BRITISH].card[j]].title,
					       title);
		if (title[0] && !british_too && strstr(br, title))
			fail_msg("the British mail names the American card '%s'", title);
	}
}

/* The British answer with the token of the American move's mails: accepted;
 * the cards are dealt, and each mail shows only its own hand. */
static void test_6b_british_accepted(void **s)
{
	(void)s;
	assert_int_equal(mail("north@example.com", "british", 4, "ok2", "crown",
			      "for-the-king New York"), EX_OK);
	char *br = slurp("outbox/new/000007.british");
	char *am = slurp("outbox/new/000007.american");
	no_american_card(br);
	assert_non_null(strstr(br, "In-Reply-To: <ok2@players.example>"));
	assert_non_null(strstr(am, "In-Reply-To: <ww.g1.000004.american@example.org>"));
	free(br);
	free(am);
}

static void test_7_size_limit(void **s)
{
	(void)s;
	size_t n = WW_MAIL_MAX_BYTES + 1;
	char *big = malloc(n);
	assert_non_null(big);
	memset(big, 'a', n);
	int logs = count("log");
	assert_int_equal(ww_mail_process(&cfg, big, n, NULL), EX_DATAERR);
	assert_int_equal(count("log"), logs);
	free(big);
}

/* No game can be named: logged and dropped, no reply (no backscatter). */
static void test_8_no_game_dropped(void **s)
{
	(void)s;
	const char *m = "From: x@spam.example\r\nTo: judge@example.org\r\nSubject: hi\r\n\r\nhello\r\n";
	int out = count("outbox/new");
	assert_int_equal(ww_mail_process(&cfg, m, strlen(m), NULL), EX_OK);
	assert_int_equal(count("outbox/new"), out);
}

/* Paused: refused with a clear reply; the IMAP id is marked seen too. */
static void test_9_paused(void **s)
{
	(void)s;
	char err[256];
	struct ww_mail_secret sec;
	assert_int_equal(ww_mail_secret_read(gdir, &sec, err, sizeof err), 0);
	sec.paused = true;
	assert_int_equal(ww_mail_secret_write(gdir, &sec, err, sizeof err), 0);
	assert_int_equal(mail("north@example.com", "british", 7, "paused", "crown",
			      "pass"), EX_OK);
	char *r = slurp("outbox/new/000008.reply-british");
	assert_non_null(strstr(r, "paused"));
	free(r);
	sec.paused = false;
	assert_int_equal(ww_mail_secret_write(gdir, &sec, err, sizeof err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_1_wrong_password),
		cmocka_unit_test(test_2_forged_sender),
		cmocka_unit_test(test_3_accepted),
		cmocka_unit_test(test_4_duplicate),
		cmocka_unit_test(test_5_stale_token),
		cmocka_unit_test(test_6_refused_order),
		cmocka_unit_test(test_6b_british_accepted),
		cmocka_unit_test(test_7_size_limit),
		cmocka_unit_test(test_8_no_game_dropped),
		cmocka_unit_test(test_9_paused),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
