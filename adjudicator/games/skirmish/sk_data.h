/* Skirmish's data: the board, the set-up, the skirmish cards and the dice,
 * loaded from the YAML files of data/skirmish/ (docs/skirmish-data.md) into
 * plain structs. Nothing of the game is written into C. sk_data.c loads
 * (syntax, keys, kinds, names); sk_data_check.c checks what the rules need
 * of the data as a whole. */
#ifndef SK_DATA_H
#define SK_DATA_H

#include <stdbool.h>
#include "problems.h"

#define SK_NAME_MAX 40
#define SK_TEXT_MAX 120
#define SK_SOURCE_MAX 128
#define SK_MAX_SPOTS 80
#define SK_MAX_LINES 160
#define SK_MAX_NEIGHBOURS 10
#define SK_MAX_PIECES 40
#define SK_MAX_CARDS 24
#define SK_FACES 6
#define SK_BOARD_W 1600
#define SK_BOARD_H 1000

enum sk_side { SK_NOBODY = 0, SK_AMERICAN = 1, SK_BRITISH = 2 };
#define SK_SIDES 3

/* land: a black spot; city: a coastal city (land, with a harbour);
 * sea: a blue dot; harbour: the Red Dot guarding a city; carrier: the
 * large dot where a troop carrier starts. */
enum sk_spot_kind { SK_LAND, SK_CITY, SK_SEA, SK_HARBOUR, SK_CARRIER };
enum sk_star { SK_NO_STAR, SK_SMALL_STAR, SK_LARGE_STAR };
/* land: black; coastal: red, city to city; sea: harbours and blue dots. */
enum sk_line_kind { SK_LAND_LINE, SK_COASTAL_LINE, SK_SEA_LINE };
enum sk_piece_kind { SK_ARMY, SK_CONTINENTAL_ARMY, SK_BASIC_UNIT, SK_WARSHIP,
		     SK_TROOP_CARRIER };
enum sk_effect { SK_LOSE_A_UNIT, SK_MOVE, SK_MAJOR_BATTLE, SK_NOTHING };
/* Whose unit a card's loss or move is: a side's, or the one that moved
 * into the skirmish, or the one that held its spot (seed III.3, III.4). */
enum sk_who { SK_WHO_NONE, SK_WHO_AMERICAN, SK_WHO_BRITISH, SK_WHO_MOVED, SK_WHO_HELD };

struct sk_neighbour {
	int to;                 /* spot index */
	enum sk_line_kind kind;
};

struct sk_spot {
	char name[SK_NAME_MAX];
	enum sk_spot_kind kind;
	enum sk_star star;
	int city;               /* a harbour's city (spot index), else -1 */
	int x, y;               /* on the 1600x1000 board picture */
	int nneighbours;
	struct sk_neighbour neighbours[SK_MAX_NEIGHBOURS];
	int line;               /* in spots.yaml */
};

struct sk_line {
	int a, b;               /* spot indexes */
	enum sk_line_kind kind;
	int line;               /* in lines.yaml */
};

struct sk_piece {
	enum sk_side side;
	enum sk_piece_kind kind;
	int spot;
	int units;              /* 0 for a warship; carried units for a carrier */
	int line;               /* in setup.yaml */
};

struct sk_card {
	char name[SK_NAME_MAX];
	char text[SK_TEXT_MAX];
	enum sk_effect effect;
	enum sk_who who;
	int spots;              /* a move's length, else 0 */
	int count;              /* copies in the deck: the mix */
	int line;               /* in cards.yaml */
};

struct sk_dice {
	int faces[SK_FACES];
	int line;               /* in dice.yaml */
};

struct sk_data {
	char id[SK_NAME_MAX];
	char game[SK_NAME_MAX];
	char side_name[SK_SIDES][SK_NAME_MAX];   /* "American", "British" */
	char side_colour[SK_SIDES][SK_NAME_MAX]; /* "blue", "red" */
	int army_max_units;     /* seed COMBINING UNITS 2 */
	int units_at_start[SK_SIDES]; /* the seed's totals on the board */
	int units_at_start_line;      /* in dataset.yaml */
	int quiet_moves;        /* seed TO END THE GAME */
	int nspots;
	struct sk_spot spots[SK_MAX_SPOTS];
	int nlines;
	struct sk_line lines[SK_MAX_LINES];
	int npieces;
	struct sk_piece pieces[SK_MAX_PIECES];
	int ncards;
	struct sk_card cards[SK_MAX_CARDS];
	struct sk_dice movement, battle;
	int movement_dice[SK_SIDES]; /* how many each side throws */
};

/* Loads dir into *d. Returns 0, or -1 with at least one problem recorded. */
int sk_data_load(const char *dir, struct sk_data *d, struct wj_data_problems *p);
/* Validates a loaded data set; returns the number of problems found. */
int sk_data_check(const struct sk_data *d, struct wj_data_problems *p);

/* The spot of that exact name, or -1. */
int sk_spot_by_name(const struct sk_data *d, const char *name);
/* The units a side has on the board at the set-up (not on its carrier). */
int sk_setup_units(const struct sk_data *d, enum sk_side side);

#endif
