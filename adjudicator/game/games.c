/* The registry of games (games.h). */
#include <string.h>
#include "games.h"

static const struct game *const games[] = {
	&game_washingtons_war,
	&game_skirmish,
};

const struct game *game_at(int i)
{
	return i >= 0 && (size_t)i < sizeof games / sizeof games[0] ? games[i] : NULL;
}

const struct game *game_find(const char *name)
{
	const struct game *g;
	for (int i = 0; (g = game_at(i)); i++)
		if (strcmp(g->name, name) == 0)
			return g;
	return NULL;
}
