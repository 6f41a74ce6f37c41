/* Game data: map, generals, cards, turn track and set-up, loaded from YAML
 * under data/washingtons-war/. Nothing here is written into C: every name,
 * rating and number comes from the data directory. Implemented in
 * data_load.c (loading) and data_check.c (validation). */
#ifndef WW_DATA_H
#define WW_DATA_H

#include "names.h"
#include "problems.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
	/* For matching what players type (ww_space_fold): the name folded,
	 * and folded without its colony code ("wilmington nc", "wilmington"). */
	char folded[WW_NAME_MAX], folded_base[WW_NAME_MAX];
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

/* Event primitives (issue 4): an event is a short list of steps composed
 * in cards.yaml (docs/data.md). Targeted steps take their spaces, in order,
 * from the `play N event S, S, ...` order (docs/orders.md). */
enum ww_prim {
	WW_EV_NONE = 0,
	WW_EV_PLACE_PC,        /* targeted */
	WW_EV_REMOVE_PC,       /* targeted */
	WW_EV_FLIP_PC,         /* targeted */
	WW_EV_ADD_CU,          /* targeted unless `general` or the reinforcements box */
	WW_EV_REMOVE_CU,       /* targeted unless the reinforcements box */
	WW_EV_FRENCH_ALLIANCE, /* move the track `steps` (12.1) */
	WW_EV_LOSE_REGULARS,   /* 9.41 */
	WW_EV_RANDOM_DISCARD,  /* 6.31: from the opponent's hand, `count` cards */
	WW_EV_FLAG,            /* a lasting flag: no_american_placement (10.11.A.iv) */
	WW_EV_NAVY_AWAY,       /* d'Estaing (12.2) */
	WW_EV_ACTIVATE,        /* one general, `allowance`, `may_battle` (Glover, 7.3.C) */
	WW_EV_DRAW,            /* the player draws `count` cards (6.3.D) */
	WW_EV_REMOVE_GENERAL,  /* `general` out of the game wherever he is */
	WW_EV_BATTLE,          /* battle card: `drm` (9.45) */
	WW_EV_CONDITION,       /* the event can be played only if this holds (6.32.A) */
	WW_EV_CODE,            /* a named function in rules_events.c */
};

enum ww_ev_ports { WW_PORTS_ANY = 0, WW_PORTS_ONLY, WW_PORTS_NEVER };
/* Whose pieces: relative to the player of the card, or absolute. */
enum ww_ev_whose { WW_WHOSE_DEFAULT = 0, WW_WHOSE_OWN, WW_WHOSE_ENEMY,
		   WW_WHOSE_AMERICAN, WW_WHOSE_BRITISH };
enum ww_ev_where { WW_WHERE_ANY = 0, WW_WHERE_WITH_GENERAL, WW_WHERE_FRIENDLY_PC,
		   WW_WHERE_REINFORCEMENTS };
enum ww_ev_when { WW_WHEN_ALWAYS = 0, WW_WHEN_STRATEGY, WW_WHEN_BATTLE };
enum ww_ev_flag { WW_EVFLAG_NO_AMERICAN_PLACEMENT = 1 };

#define WW_MAX_STEPS 6
#define WW_CODE_NAME_MAX WW_NAME_MAX

struct ww_event_step {
	enum ww_prim prim;
	int count;             /* spaces (PCs) or CUs; 0 = the primitive's default */
	int cu;                /* add_cu/remove_cu: CUs per target space (default 1) */
	bool optional;         /* "may" (6.31): up to `count`, the player's choice */
	enum ww_ev_whose whose;
	uint32_t colonies;     /* bit per colony index; 0 = any colony */
	enum ww_ev_ports ports;
	int max_per_colony;    /* 0 = no limit */
	bool not_with_enemy_cu;    /* no CU of the other side than the PC's */
	bool not_with_units;       /* no unit of the piece's owner (remove/flip), or of the enemy (place) */
	bool adjacent_to_friendly; /* next to a PC of the player's at the card's start */
	bool no_general;       /* remove_cu: no general of the CUs' side there */
	enum ww_ev_where where;
	int general;           /* remove_general, add_cu's general; -1 none */
	int steps;             /* french_alliance */
	int allowance;         /* activate */
	bool may_battle;       /* activate */
	int drm;               /* battle */
	int flag;              /* enum ww_ev_flag */
	enum ww_ev_when when;  /* a battle card's parts: battle only, Strategy Phase only */
	/* condition: -1 unset, 0 must be false, 1 must be true */
	int french_in_war, european_war, regulars;
	int year_from, year_to;
	char code[WW_CODE_NAME_MAX];
	int line;              /* in cards.yaml */
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
	bool strategy_play;         /* a battle card also playable in the Strategy Phase (Tarleton, 6.33.A) */
	int nsteps;                 /* the event's primitives, in order */
	struct ww_event_step steps[WW_MAX_STEPS];
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


/* data_load.c */
/* Loads dir into *d. Returns 0, or -1 with at least one problem recorded. */
int ww_data_load(const char *dir, struct ww_data *d, struct wj_data_problems *p);

/* data_check.c */
/* Validates a loaded data set; returns the number of problems found. */
int ww_data_check(const struct ww_data *d, struct wj_data_problems *p);

/* Does a record's source begin with one of WW_SOURCES (docs/data.md)? */
bool ww_source_known(const char *source);
#define WW_SOURCES "'rulebook <section>', 'playbook', 'public-report' or 'reconstructed'"

/* Lookups (data_load.c). Exact, case-insensitive; -1 if none. */
int ww_space_by_name(const struct ww_data *d, const char *name);
/* wj_fold_name, folding a name for matching what players type: names.h. */
/* Fills in a space's folded names from its name and colony; ww_data_load
 * does it for every space. */
void ww_space_fold(struct ww_data *d, int space);
int ww_general_by_name(const struct ww_data *d, const char *name);
int ww_colony_by_code(const struct ww_data *d, const char *code);

/* rules_events.c: is `name` one of the event functions a card may name
 * with `code:`? (the table lives with the functions) */
bool ww_event_code_exists(const char *name);
/* Does the step take spaces named by the player (docs/orders.md)? */
bool ww_event_step_targeted(const struct ww_event_step *st);

/* true if a and b are joined by a line usable for adjacency (3.0): any
 * link except an Arnold-only one. */
bool ww_adjacent(const struct ww_data *d, int a, int b);

#endif
