/* Passwords, move tokens and the mail settings file (mail_auth.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <sodium.h>
#include "cli.h"
#include "games.h"
#include "mail_internal.h"
#include "ww_game.h"
#include "rules.h"

static const unsigned char SEED[WJ_SEED_BYTES] = { 1, 2, 3 };

static void test_password_hash_verifies(void **s)
{
	(void)s;
	char h[192];
	setenv("WW_PWHASH", "test", 1);
	assert_int_equal(wj_password_hash("hunter2", h), 0);
	assert_non_null(strstr(h, "$argon2id$"));
	assert_null(strstr(h, "hunter2")); /* only the hash is kept */
	assert_true(wj_password_ok(h, "hunter2"));
	assert_false(wj_password_ok(h, "hunter3"));
	assert_false(wj_password_ok(h, ""));
	assert_false(wj_password_ok("", "hunter2"));
}

/* Outside tests the cost is libsodium's INTERACTIVE one. */
static void test_password_default_cost(void **s)
{
	(void)s;
	char h[192], want[32];
	unsetenv("WW_PWHASH");
	assert_int_equal(wj_password_hash("x", h), 0);
	snprintf(want, sizeof want, "m=%zu,", (size_t)(crypto_pwhash_MEMLIMIT_INTERACTIVE / 1024));
	assert_non_null(strstr(h, want));
	setenv("WW_PWHASH", "test", 1);
}

static void test_tokens(void **s)
{
	(void)s;
	char a[WJ_TOKEN_HEX], b[WJ_TOKEN_HEX], c[WJ_TOKEN_HEX], other[WJ_TOKEN_HEX];
	unsigned char seed2[WJ_SEED_BYTES] = { 9 };
	wj_move_token(SEED, WW_AMERICAN, 5, a);
	wj_move_token(SEED, WW_AMERICAN, 5, b);
	wj_move_token(SEED, WW_BRITISH, 5, c);
	wj_move_token(seed2, WW_AMERICAN, 5, other);
	assert_int_equal(strlen(a), 16);
	assert_string_equal(a, b);          /* replays reproduce the mails */
	assert_string_not_equal(a, c);      /* one per side */
	assert_string_not_equal(a, other);  /* only the seed's owner can make one */
	/* looked for among the entries the index keeps, and only those */
	static const int kept[] = { 1, 2, 5, 9 }, before[] = { 1, 2, 4 }, not5[] = { 4, 6, 9 };
	assert_int_equal(wj_token_entry(SEED, WW_AMERICAN, kept, 4, a), 5);
	assert_int_equal(wj_token_entry(SEED, WW_BRITISH, kept, 4, a), 0);
	assert_int_equal(wj_token_entry(SEED, WW_AMERICAN, before, 3, a), 0);
	assert_int_equal(wj_token_entry(SEED, WW_AMERICAN, not5, 3, a), 0);
	assert_int_equal(wj_token_entry(SEED, WW_AMERICAN, kept, 4, "nonsense"), 0);
}

/* A new temporary game directory `dir` (a mkdtemp template) with its
 * secret/ folder; its secret/mail.yaml, whole; all of it removed. */
static void make_secret_dir(char *dir)
{
	char sub[64];
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof sub, "%s/secret", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
}

static char *secret_text(const char *dir)
{
	char path[96];
	snprintf(path, sizeof path, "%s/secret/mail.yaml", dir);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char *text = calloc(1, 4096);
	assert_non_null(text);
	assert_true(fread(text, 1, 4095, f) > 0);
	fclose(f);
	return text;
}

static void remove_secret(const char *dir)
{
	char path[96];
	snprintf(path, sizeof path, "%s/secret/mail.yaml", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/secret", dir);
	rmdir(path);
	rmdir(dir);
}

static void test_secret_file(void **s)
{
	(void)s;
	char dir[] = "/tmp/ww-auth-XXXXXX", err[256];
	make_secret_dir(dir);
	struct wj_mail_secret a, b;
	assert_int_equal(wj_mail_secret_read(dir, &game_washingtons_war, &a, err, sizeof err), 0);
	assert_int_equal(a.token_entry, 1); /* none yet: the new game's mails */
	assert_false(a.paused);
	assert_int_equal(wj_password_hash("pw", a.password[WW_BRITISH]), 0);
	a.token_entry = 7;
	a.paused = true;
	assert_int_equal(wj_mail_secret_write(dir, &a, err, sizeof err), 0);
	assert_int_equal(wj_mail_secret_read(dir, &game_washingtons_war, &b, err, sizeof err), 0);
	assert_memory_equal(&a, &b, sizeof a);
	char path[96];
	struct stat st;
	snprintf(path, sizeof path, "%s/secret/mail.yaml", dir);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 077, 0);
	remove_secret(dir);
}

/* Washington's War's settings keep the bytes games have had since the
 * first (issue 13: the keys are the sides' words, which are these). */
static void test_secret_file_bytes(void **s)
{
	(void)s;
	char dir[] = "/tmp/ww-auth-XXXXXX", err[256];
	make_secret_dir(dir);
	struct wj_mail_secret a = { .game = &game_washingtons_war, .token_entry = 3 };
	snprintf(a.password[2], sizeof a.password[2], "$argon2id$x");
	assert_int_equal(wj_mail_secret_write(dir, &a, err, sizeof err), 0);
	char *text = secret_text(dir);
	assert_string_equal(text,
		"# wwjudge mail settings (secret): Argon2id password hashes, the log entry\n"
		"# whose mails carry the current move tokens, pause.\n"
		"password_american: none\n"
		"password_british: $argon2id$x\n"
		"token_entry: 3\n"
		"paused: false\n");
	free(text);
	remove_secret(dir);
}

/* A game whose sides are not Washington's War's (issue 13): each side's
 * password is keyed by its own word, for every side it has; another
 * game's key is refused with the keys this game has. */
static const struct game three_sides = {
	.name = "three", .title = "Three Sides", .nsides = 3,
	.side = { { "public", "the public" }, { "british", "British" },
		  { "continental", "Continental" }, { "militia", "Militia" } },
};

static void test_secret_file_keys_are_the_sides_words(void **s)
{
	(void)s;
	char dir[] = "/tmp/ww-auth-XXXXXX", err[256];
	make_secret_dir(dir);
	struct wj_mail_secret a = { .game = &three_sides, .token_entry = 1 }, b;
	snprintf(a.password[2], sizeof a.password[2], "$argon2id$c");
	snprintf(a.password[3], sizeof a.password[3], "$argon2id$m");
	assert_int_equal(wj_mail_secret_write(dir, &a, err, sizeof err), 0);
	char *text = secret_text(dir);
	assert_non_null(strstr(text, "password_british: none\npassword_continental: $argon2id$c\n"
			       "password_militia: $argon2id$m\n"));
	free(text);
	assert_int_equal(wj_mail_secret_read(dir, &three_sides, &b, err, sizeof err), 0);
	assert_memory_equal(&a, &b, sizeof a);
	/* the same file is no game of Washington's War's */
	assert_int_equal(wj_mail_secret_read(dir, &game_washingtons_war, &b, err, sizeof err), -1);
	assert_string_equal(err, "secret/mail.yaml: line 4: unknown key 'password_continental' "
			    "(a game of Washington's War has password_american, password_british, "
			    "token_entry and paused)");
	remove_secret(dir);
}

/* new --british-password-file alone: the British password hashed by the
 * game's side number, none for the American; a third side's password is
 * kept under its own word. */
static void test_secret_new_by_side(void **s)
{
	(void)s;
	setenv("WW_PWHASH", "test", 1);
	char path[] = "/tmp/ww-pw-XXXXXX", err[256] = "", *text = NULL;
	size_t len = 0;
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "crown\n", 6), 6);
	close(fd);
	const char *files[GAME_MAX_SIDES + 1] = { [WW_BRITISH] = path };
	assert_int_equal(wj_mail_secret_new(&game_washingtons_war, files, &text, &len, err,
					    sizeof err), 0);
	assert_non_null(strstr(text, "american: none\n"));
	assert_non_null(strstr(text, "british: $argon2id$"));
	free(text);
	struct game three = game_washingtons_war;
	three.nsides = 3;
	three.side[3] = (struct game_side){ "french", "French", NULL };
	const char *third[GAME_MAX_SIDES + 1] = { [3] = path };
	assert_int_equal(wj_mail_secret_new(&three, third, &text, &len, err, sizeof err), 0);
	assert_non_null(strstr(text, "password_american: none\npassword_british: none\n"
			       "password_french: $argon2id$"));
	free(text);
	unlink(path);
}

/* Issue 21.11: one place decides whether a mail is a side's own, in the
 * order a refusal names: its address, a password set, a password given,
 * the password right (a wrong one counted against the hour's budget);
 * then the token. */
static void test_one_place_decides_a_mail_is_the_sides(void **s)
{
	(void)s;
	setenv("WW_PWHASH", "test", 1);
	const struct game *game = game_find("washingtons-war");
	struct wj_mail_secret sec = { .game = game, .token_entry = 1 };
	struct wj_answered answered = { 0 };
	char why[600], token[WJ_TOKEN_HEX];
	wj_move_token(SEED, 1, 1, token);
	struct wj_mail_claim c = {
		.game = game, .side = 1, .dir = "/nonexistent", .seed = SEED, .sec = &sec,
		.from = "x@forger.example", .registered = "us@example.org",
		.password = "liberty", .token = token, .block_problem = "",
		.answered = &answered };
	assert_int_equal(wj_mail_authentic(&c, why, sizeof why), 1);
	assert_non_null(strstr(why, "only its registered address may"));
	c.from = "US@example.org"; /* addresses compare without case */
	assert_int_equal(wj_mail_authentic(&c, why, sizeof why), 1);
	assert_non_null(strstr(why, "no password is set"));
	assert_int_equal(wj_password_hash("liberty", sec.password[1]), 0);
	c.password = "";
	assert_int_equal(wj_mail_authentic(&c, why, sizeof why), 1);
	assert_string_equal(why, "the order block has no 'password:' line");
	c.password = "tyranny";
	assert_int_equal(wj_mail_authentic(&c, why, sizeof why), 1);
	assert_string_equal(why, "the password is wrong");
	assert_true(answered.changed); /* one hash of the hour's budget spent */
	c.password = "liberty";
	assert_int_equal(wj_mail_authentic(&c, why, sizeof why), 0);
	int stale = -1;
	assert_int_equal(wj_mail_token_current(&c, why, sizeof why, &stale), 0);
	assert_int_equal(stale, 0);
	c.token = "";
	assert_int_equal(wj_mail_token_current(&c, why, sizeof why, &stale), 1);
	assert_non_null(strstr(why, "carries no move token"));
	wj_answered_free(&answered);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_password_hash_verifies),
		cmocka_unit_test(test_password_default_cost),
		cmocka_unit_test(test_tokens),
		cmocka_unit_test(test_one_place_decides_a_mail_is_the_sides),
		cmocka_unit_test(test_secret_file),
		cmocka_unit_test(test_secret_new_by_side),
		cmocka_unit_test(test_secret_file_bytes),
		cmocka_unit_test(test_secret_file_keys_are_the_sides_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
