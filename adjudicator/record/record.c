/* The game record on disk (record.h, docs/record.md): the game and its sides, the data for names, what a status means to the caller. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "buf.h"
#include "games.h"
#include "record_internal.h"
#include "test_hooks.h"
#include "text.h"



static int crash_step;

void wj_record_crash_point(void)
{
	wj_test_crash("WW_CRASH_AT", &crash_step);
}

void wj_rec_crash_restart(void)
{
	crash_step = 0;
}

int wj_rec_join(char *out, const char *dir, const char *rel)
{
	int n = snprintf(out, PATH_MAX, "%s/%s", dir, rel);
	return n < 0 || n >= PATH_MAX ? -1 : 0;
}

/* ---- the game and its sides ---- */

/* The index keeps the last order of two sides, as every game kept has. */

const struct game *wj_rec_game(const struct wj_game *g)
{
	if (g->game)
		return g->game;
	return g->meta.game[0] ? game_find(g->meta.game) : game_at(0);
}

const char *wj_rec_side(const struct game *game, int side)
{
	return side >= 1 && side <= game->nsides ? game->side[side].word : "nobody";
}

int wj_rec_side_of(const struct game *game, const char *word)
{
	if (word && !strcmp(word, "nobody"))
		return GAME_PUBLIC;
	for (int s = 1; word && s <= game->nsides; s++)
		if (!strcmp(word, game->side[s].word))
			return s;
	return -1;
}

/* ---- the data for names ---- */

/* The game's data from data_dir, loaded with its data_load once per
 * process per game and directory. */
const struct game_data *wj_rec_data_for(const struct wj_game *g, const char *data_dir,
					char *err, size_t errlen)
{
	static struct { const struct game *game; char dir[256]; struct game_data *d; } cache[4];
	static int ncache;
	const struct game *game = wj_rec_game(g);
	char why[512];
	if (g->data)
		return g->data;
	for (int i = 0; i < ncache; i++)
		if (cache[i].game == game && strcmp(cache[i].dir, data_dir) == 0)
			return cache[i].d;
	struct game_data *d = NULL;
	if (game->data_load(data_dir, &d, why, sizeof why) < 0) {
		wj_why(err, errlen, "cannot load the game data %s: %s", data_dir, why);
		return NULL;
	}
	int i = ncache < 4 ? ncache++ : 0;
	if (cache[i].d)
		cache[i].game->data_free(cache[i].d);
	cache[i].game = game;
	snprintf(cache[i].dir, sizeof cache[i].dir, "%s", data_dir);
	cache[i].d = d;
	return d;
}

/* Whom the game waits for: every side asked (GAME_SIDE bits), none once
 * it is over. */
int wj_rec_waiting_for(const struct game *game, const struct game_state *s)
{
	struct game_end end;
	return game->over(s, &end) ? 0 : (int)game->asked(s);
}

/* The sides of `waiting` by their words, "british" or "american british";
 * "nobody" for none. */
void wj_rec_waiting_words(const struct game *game, int waiting, char *out, size_t len)
{
	out[0] = '\0';
	for (int side = 1; side <= game->nsides; side++)
		if (waiting & (int)GAME_SIDE(side))
			wj_fmt_add(out, len, "%s%s", out[0] ? " " : "", game->side[side].word);
	if (!out[0])
		wj_fmt(out, len, "nobody");
}

/* The set of the index's "waiting:" words: -1 if a word names no side. */
int wj_rec_waiting_of(const struct game *game, char *words)
{
	int set = 0;
	for (char *save = NULL, *w = strtok_r(words, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
		int side = wj_rec_side_of(game, w);
		if (side < 0)
			return -1;
		set |= side ? (int)GAME_SIDE(side) : 0;
	}
	return set;
}

bool wj_rec_game_over(const struct wj_game *g)
{
	struct game_end end;
	return wj_rec_game(g)->over(g->state, &end);
}

int wj_rec_exit(enum wj_rec_status st, bool mailed)
{
	switch (st) {
	case WJ_REC_OK: return EX_OK;
	case WJ_REC_BUSY: return EX_TEMPFAIL;
	case WJ_REC_IO: return mailed ? EX_TEMPFAIL : EX_IOERR;
	/* a damaged record is the judge's trouble, not the mail's: the MTA
	 * keeps the mail until the moderator has mended it (issue 27) */
	case WJ_REC_CORRUPT: return mailed ? EX_TEMPFAIL : EX_DATAERR;
	case WJ_REC_EXISTS: return EX_CANTCREAT;
	case WJ_REC_MISSING: return mailed ? EX_TEMPFAIL : EX_NOINPUT;
	}
	return EX_SOFTWARE;
}
