/* The games this judge plays (games.h): a game joins by its own folder,
 * adjudicator/games/NAME/, and a line here. Washington's War comes first:
 * records from before there was a second game name none. */
#include "games.h"

extern const struct game game_washingtons_war, game_skirmish;

const struct game *const game_registry[] = {
	&game_washingtons_war,
	&game_skirmish,
	NULL,
};
