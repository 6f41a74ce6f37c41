/* Game data: map, generals, cards, turn track and set-up, loaded from YAML
 * under data/washingtons-war/. Nothing here is written into C: every name,
 * rating and number comes from the data directory. Implemented in
 * data_load.c (loading) and data_check.c (validation). */
#ifndef WW_DATA_H
#define WW_DATA_H

#include <stdbool.h>
#include <stddef.h>

#define WW_MAX_SPACES 96
#define WW_MAX_LINKS 12
#define WW_MAX_COLONIES 16
#define WW_MAX_ZONES 8
#define WW_MAX_GENERALS 16
#define WW_MAX_CARDS 111 /* card numbers run 1..110; index 0 unused */
#define WW_NAME_MAX 40
#define WW_TITLE_MAX 96
#define WW_TEXT_MAX 400
#define WW_SOURCE_MAX 64
#define WW_MAX_YEARS 12
#define WW_MAX_SETUP 40

enum ww_side { WW_NOBODY = 0, WW_AMERICAN = 1, WW_BRITISH = 2 };
enum ww_nation { WW_NAT_BRITISH = 0, WW_NAT_AMERICAN = 1, WW_NAT_FRENCH = 2 };
#define WW_NATIONS 3

struct ww_link {
	int to;           /* space index */
	bool wilderness;  /* dashed line: costs 3 spaces of movement (7.3.D) */
	bool arnold_only; /* usable only by a general with can_use_arnold_links (7.4.D);
	                     not adjacency for any other purpose (3.0) */
};

struct ww_space {
	char name[WW_NAME_MAX];  /* unique, e.g. "Wilmington NC" */
	int colony;              /* index into ww_data.colonies */
	bool port;
	bool fortified;          /* eight-point star; also winter quarters */
	bool winter_quarters;    /* square or star */
	bool south_of_line;      /* south of the Winter Attrition Line */
	int zone;                /* blockade zone index, -1 if not a port */
	int x, y;                /* position on a 1600x1000 board picture */
	int nlinks;
	struct ww_link links[WW_MAX_LINKS];
	int line;                /* line in spaces.yaml, for error messages */
	char source[WW_SOURCE_MAX];
};

struct ww_colony {
	char code[8];            /* "MA", "CAN" */
	char name[WW_NAME_MAX];
	bool is_canada;          /* counts for victory, not one of the 13 colonies */
	/* Canada: controlled only by holding every space listed here (10.0.B);
	 * ncontrol_spaces == 0 means "majority of PC markers" (the usual rule). */
	int ncontrol_spaces;
	int control_spaces[4];
	int line;                /* line in colonies.yaml, for error messages */
};

struct ww_zone {
	char name[WW_NAME_MAX];  /* blockade zone, 12.3 */
	int line;                /* line in zones.yaml, for error messages */
};

/* General abilities that the rules attach to particular generals are
 * data flags, so C never names a general. */
struct ww_general {
	char name[WW_NAME_MAX];
	enum ww_side side;
	bool french;                   /* Rochambeau */
	int strategy, battle, agility;
	int retreat_bonus;             /* +2 for Washington and Greene (7.9.A) */
	bool never_to_reinforcements;  /* Washington (7.4.C, 8.2.C) */
	bool removed_when_captured;    /* Washington (7.6.B) */
	bool winter_shelter;           /* Washington's 5-CU exemption (11.2) */
	bool can_use_arnold_links;     /* Arnold (7.4.D) */
	char source[WW_SOURCE_MAX];
	int line;
};

enum ww_card_flag { WW_FLAG_EITHER = 0, WW_FLAG_AMERICAN = 1, WW_FLAG_BRITISH = 2 };

/* What a special or named event does, when the engine needs to know it.
 * Issue 4 extends this with composable event primitives. */
enum ww_special {
	WW_SPECIAL_NONE = 0,
	WW_SPECIAL_DECLARATION,  /* 6.34.C.i */
	WW_SPECIAL_FRANKLIN,     /* 6.34.C.ii */
	WW_SPECIAL_WAR_ENDS,     /* 6.34.C.iii, war_ends_year set */
};

struct ww_card {
	int number;                 /* 1..110 */
	char title[WW_TITLE_MAX];
	int ops;                    /* 1..3 for an OPS card, 0 for an event */
	enum ww_card_flag flag;     /* which side may play the event */
	bool battle;                /* battle card (6.33) */
	bool campaign;              /* Major/Minor Campaign (7.2) */
	int campaign_generals;      /* 3 major, 2 minor */
	bool must_play;             /* one of the seven special events (6.34) */
	enum ww_special special;
	int war_ends_year;          /* North's Government Falls cards */
	int french_alliance;        /* track steps when played (Franklin +4, Hortelez +2) */
	bool remove_after_play;     /* once per game (6.3.C) */
	bool reshuffle_on_play;     /* 6.1.B clarification */
	bool reshuffle_on_discard;  /* Hortelez */
	int enters_year;            /* set aside at set-up, shuffled in that year (6.1.E); 0 = in the deck */
	char text[WW_TEXT_MAX];     /* the event text, or a one-line summary */
	char source[WW_SOURCE_MAX];
	int line;
};

struct ww_setup_item {
	enum ww_side side;
	int space;                  /* -1 for a box */
	int general;                /* -1 if none */
	int cu[WW_NATIONS];
	bool pc;
	bool congress;
	int line;                   /* line in setup.yaml, for error messages */
};

struct ww_data {
	char dir[256];              /* where it was loaded from */
	char id[64];                /* data set name + version, recorded in each game */
	int nspaces;
	struct ww_space spaces[WW_MAX_SPACES];
	int ncolonies;
	struct ww_colony colonies[WW_MAX_COLONIES];
	int nzones;
	struct ww_zone zones[WW_MAX_ZONES];
	int ngenerals;
	struct ww_general generals[WW_MAX_GENERALS];
	int ncards;                 /* 110 */
	struct ww_card cards[WW_MAX_CARDS]; /* indexed by card number */
	int first_year, last_year;  /* 1775, 1783 */
	int british_reinforcements[WW_MAX_YEARS]; /* CUs by year - first_year (8.1.A) */
	int committees_per_colony;  /* 4.0: 1 */
	int for_the_king_pcs;       /* 4.0: 3 */
	int nsetup;
	struct ww_setup_item setup[WW_MAX_SETUP];
	/* 4.0 boxes: generals that start in a reinforcements box, and the
	 * French box (Rochambeau, 5 French CUs, the French Navy). */
	int french_box_cu;
	bool starts_in_reinforcements[WW_MAX_GENERALS];
	bool starts_in_french_box[WW_MAX_GENERALS];
};

/* One problem found while loading or checking, with where it is. */
struct ww_data_problem {
	char file[64];
	int line;
	char message[256];
};

struct ww_data_problems {
	int n;
	struct ww_data_problem v[64];
};

/* data_load.c */
/* Loads dir into *d. Returns 0, or -1 with at least one problem recorded. */
int ww_data_load(const char *dir, struct ww_data *d, struct ww_data_problems *p);

/* data_check.c */
/* Validates a loaded data set; returns the number of problems found. */
int ww_data_check(const struct ww_data *d, struct ww_data_problems *p);

/* Lookups (data_load.c). Exact, case-insensitive; -1 if none. */
int ww_space_by_name(const struct ww_data *d, const char *name);
int ww_general_by_name(const struct ww_data *d, const char *name);
int ww_colony_by_code(const struct ww_data *d, const char *code);

/* true if a and b are joined by a line usable for adjacency (3.0): any
 * link except an Arnold-only one. */
bool ww_adjacent(const struct ww_data *d, int a, int b);

#endif
