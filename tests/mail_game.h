/* A game played by mail, for the tests of the mail layer (sourced by
 * tests/test_mail_*.c): game g1 in GAMES = a fresh temp directory, just
 * created (the American to place the Committees of Correspondence), the
 * players adams@example.org (password "liberty") and north@example.com
 * ("crown"), and a judge's config there with `config_lines` added. */
#ifndef WW_TEST_MAIL_GAME_H
#define WW_TEST_MAIL_GAME_H

#include <dirent.h>
#include <sys/stat.h>
#include "games.h"
#include "mail_internal.h"
#include "support.h"

#define COMMITTEES "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, " \
	"Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, " \
	"Halifax NC, Camden SC, Augusta GA"

static char root[64], gdir[128];
static struct wj_mail_config cfg;
static struct wj_game game;

/* The game starts at `start` with `seed` when they are given, else at a
 * new game's set-up with the seed 0, 1, 2, ... */
static inline void create_mail_game_at(const char *config_lines, const struct ww_state *start,
				const unsigned char *seed)
{
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
	fprintf(f, "games = games\njudge = judge@example.org\n%s", config_lines);
	fclose(f);
	if (wj_mail_config_load(path, &cfg, err, sizeof err))
		fail_msg("%s", err);

	struct game_events ev = { { 0 } };
	struct wj_dice dice = { 0 };
	struct wj_rng rng;
	const struct ww_data *d = test_data();
	wj_game_free(&game);
	assert_int_equal(wj_game_new(&game, &game_washingtons_war), 0);
	for (int i = 0; i < WJ_SEED_BYTES; i++)
		game.seed[i] = seed ? seed[i] : (unsigned char)i;
	memcpy(dice.seed, game.seed, sizeof dice.seed);
	wj_dice_rng(&dice, &rng);
	if (start)
		*ww_state_of(game.state) = *start;
	else
		ww_new_game(d, ww_state_of(game.state), &rng, ww_events_of(&ev));
	snprintf(game.meta.data_id, sizeof game.meta.data_id, "%s", d->id);
	snprintf(game.meta.data_dir, sizeof game.meta.data_dir, "%s", d->dir);
	snprintf(game.meta.addr[WW_AMERICAN], sizeof game.meta.addr[WW_AMERICAN], "adams@example.org");
	snprintf(game.meta.addr[WW_BRITISH], sizeof game.meta.addr[WW_BRITISH], "north@example.com");
	wj_seed_commitment(game.seed, game.meta.commitment);
	game.data = test_game_data();
	if (wj_record_create(gdir, &game, &ev, err, sizeof err))
		fail_msg("%s", err);
	ww_events_free(ww_events_of(&ev));
	struct wj_mail_secret sec = { .game = &game_washingtons_war, .token_entry = 1 };
	assert_int_equal(wj_password_hash("liberty", sec.password[WW_AMERICAN]), 0);
	assert_int_equal(wj_password_hash("crown", sec.password[WW_BRITISH]), 0);
	assert_int_equal(wj_mail_secret_write(gdir, &sec, err, sizeof err), 0);
}

static inline void create_mail_game(const char *config_lines)
{
	create_mail_game_at(config_lines, NULL, NULL);
}

#define MODERATOR "umpire@example.net"

/* create_mail_game with the config's moderator MODERATOR, whose password
 * is "umpire's secret". */
static inline void create_moderated_mail_game(const char *config_lines)
{
	char lines[512];
	snprintf(lines, sizeof lines, "moderator = " MODERATOR "\n%s", config_lines);
	create_mail_game(lines);
	assert_int_equal(wj_password_hash("umpire's secret", cfg.moderator_password_hash), 0);
}

/* The game as its record holds it now. */
static inline struct wj_game *load(void)
{
	static struct wj_game g;
	char err[256];
	wj_game_free(&g);
	memset(&g, 0, sizeof g);
	g.data = test_game_data();
	if (wj_record_load(gdir, &g, err, sizeof err))
		fail_msg("%s", err);
	return &g;
}

/* The game's mail settings now. */
static inline struct wj_mail_secret secret(void)
{
	struct wj_mail_secret sec;
	char err[256];
	assert_int_equal(wj_mail_secret_read(gdir, &game_washingtons_war, &sec, err, sizeof err), 0);
	return sec;
}

/* The mail layer's clock (WW_NOW) set to `at`, in seconds. */
static inline void mail_clock(long long at)
{
	char t[32];
	snprintf(t, sizeof t, "%lld", at);
	setenv("WW_NOW", t, 1);
}

/* The clock an hour and a second on: the players of most tests write no
 * faster than the cap on the judge's answers (one an hour per sender). */
static inline void an_hour_later(void)
{
	static long long now = 1772532000; /* 3 Mar 2026 10:00 UTC */
	now += WJ_ANSWER_GAP + 1;
	mail_clock(now);
}

static inline int remove_mail_game(void **s)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	assert_int_equal(system(cmd), 0);
	return free_test_data(s);
}

/* The entries of GAME/sub, dot files aside. */
static inline int count(const char *sub)
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

/* GAME/rel, whole, malloc'd. */
static inline char *slurp(const char *rel)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", gdir, rel);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("no %s", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long size = ftell(f);
	assert_true(size >= 0);
	rewind(f);
	char *buf = calloc(1, (size_t)size + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	return buf;
}

#endif
