/* The registry of games (games.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
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

static bool names_side(const struct game_side *side, const char *word)
{
	if (!strcasecmp(side->word, word))
		return true;
	for (const char *const *w = side->also; w && *w; w++)
		if (!strcasecmp(*w, word))
			return true;
	return false;
}

int game_side_of(const struct game *g, const char *word)
{
	for (int s = 1; s <= g->nsides; s++)
		if (names_side(&g->side[s], word))
			return s;
	return GAME_PUBLIC;
}

void game_side_words(const struct game *g, char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int s = 1; s <= g->nsides && o < len; s++)
		o += (size_t)snprintf(out + o, len - o, "%s%s",
				      s == 1 ? "" : s == g->nsides ? " or " : ", ", g->side[s].word);
}
