/* The games this judge plays (games.h): a game joins by its own folder,
 * adjudicator/games/NAME/ with its `const struct game game_NAME`, and one
 * line here. Washington's War comes first: records from before there was
 * a second game name none. */
#include "games.h"

#define GAMES_PLAYED(GAME) \
	GAME(washingtons_war) \
	GAME(skirmish) \
	GAME(tarletons_quarter)

#define DECLARE(name) extern const struct game game_##name;
#define ENTRY(name) &game_##name,

GAMES_PLAYED(DECLARE)

const struct game *const game_registry[] = { GAMES_PLAYED(ENTRY) NULL };
