/* A game as the record holds it (record.h): its meta and seed, and a
 * state the game allocates. */
#include <stdlib.h>
#include <string.h>
#include "games.h"
#include "record_internal.h"

int wj_game_new(struct wj_game *g, const struct game *game)
{
	memset(g, 0, sizeof *g);
	g->game = game;
	g->state = game_state_new(game);
	return g->state ? 0 : -1;
}

int wj_game_copy(struct wj_game *to, const struct wj_game *from)
{
	const struct game *game = wj_rec_game(from);
	struct game_state *s = game ? game_state_new(game) : NULL;
	if (!s)
		return -1;
	game_state_copy(game, s, from->state);
	*to = *from;
	to->game = game;
	to->state = s;
	return 0;
}

void wj_game_free(struct wj_game *g)
{
	const struct game *game = g->state ? wj_rec_game(g) : NULL;
	if (game)
		game_state_free(game, g->state);
	g->state = NULL;
}

int wj_rec_position_hash(const struct game *game, const struct game_data *d,
			 const struct game_state *s, const unsigned char seed[WJ_SEED_BYTES],
			 char out[WJ_COMMIT_HEX])
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f || game->state_write(f, d, s, true) < 0 || fclose(f) != 0) {
		free(text);
		return -1;
	}
	wj_seed_keyed_hash(seed, text, len, out);
	free(text);
	return 0;
}
