/* Tarleton's Quarter!'s data (seed 001): the YAML files of
 * data/tarletons-quarter/ (docs/tarletons-quarter-data.md) loaded into
 * plain structs for the engine. Nothing of the game is written into C.
 *
 * Two kinds of file. The seed's (dataset, areas, leaders, schedule,
 * tables, scenarios/) are read by tq_data_load. The reconstructed ones
 * (map.yaml, units.yaml, the leaders' `counter:`, the aid charts'
 * `table:`) are read when present: tq_map_load and tq_units_load each say
 * so when their file is missing, and tq_data_load_full asks for all of
 * them, for the engine that needs a whole game. tq_data.c, tq_tables.c,
 * tq_scenario.c and tq_map.c load (syntax, keys, kinds, names), with
 * tq_read.c's readers; tq_data_check.c checks the files against each
 * other. */
#ifndef TQ_DATA_H
#define TQ_DATA_H

#include <stdbool.h>
#include "problems.h"

#define TQ_ID_MAX 8             /* an area I.D.: "S24" */
#define TQ_NAME_MAX 40
#define TQ_TEXT_MAX 120
#define TQ_WORD_MAX 32
#define TQ_MAX_AREAS 200
#define TQ_MAX_BORDERS 640
#define TQ_MAX_AREA_BORDERS 16
#define TQ_MAX_CORNERS 120
#define TQ_MAX_LEADERS 64
#define TQ_MAX_SPELLINGS 3
#define TQ_MAX_GOVERNORS 4
#define TQ_MAX_SCHEDULE 64
#define TQ_MAX_GROUP 16         /* leaders named together in one line */
#define TQ_MAX_SCENARIOS 8
#define TQ_MAX_PLACEMENTS 24    /* one side's places in a scenario */
#define TQ_MAX_RULES 8          /* a scenario's special rules */
#define TQ_MAX_READINGS 2       /* 17.4's two start months */
#define TQ_MAX_NUMBERS 128      /* tables.yaml's other numbers */
#define TQ_MAX_GROUPS 40        /* units.yaml's counter_mix groups */
#define TQ_MAX_COLUMNS 12       /* the Militia Attrition Table's */
#define TQ_ROLLS 7              /* a modified roll 0..6 (5.1, 6.5) */
#define TQ_DIE 6                /* the activation die 1..6 (8.3.1) */
#define TQ_BOARD_MAX 10000

enum tq_side { TQ_NOBODY = 0, TQ_BRITISH = 1, TQ_CONTINENTAL = 2 };
#define TQ_SIDES 3

/* 2.0: the four colonies; an area I.D.'s letter is its colony's. */
enum tq_colony { TQ_GEORGIA, TQ_SOUTH_CAROLINA, TQ_NORTH_CAROLINA, TQ_VIRGINIA };
#define TQ_COLONIES 4
#define TQ_NO_COLONY (-1)

/* A month of the game as one number, so months compare and count:
 * year * 12 + month - 1 (January 0). 0: none. */
#define TQ_MONTH(year, month) ((year) * 12 + (month) - 1)
static inline int tq_month_of(int m) { return m % 12 + 1; }
static inline int tq_year_of(int m) { return m / 12; }

/* Ranks as the seed states them (leaders.yaml's `rank:`) and as a
 * counter prints them (`counter: {rank:}`: colonel, 1-star .. c-in-c). */
enum tq_rank {
	TQ_RANK_UNSTATED, TQ_COLONEL, TQ_ONE_STAR, TQ_TWO_STAR, TQ_THREE_STAR, TQ_C_IN_C,
	TQ_GENERAL,             /* "General Morgan": the stars not stated */
	TQ_ADMIRAL,             /* D'Estaing (14.2) */
	TQ_GENERAL_ADMIRAL      /* Rochambeau (14.2) */
};
/* 11.1.1, 11.1.2, 14.2: a leader counter's kind. */
enum tq_leader_kind { TQ_REGULAR, TQ_PROVINCIAL, TQ_MILITIA, TQ_FRENCH };
enum tq_source { TQ_SEED, TQ_RECONSTRUCTED };

/* 10.2: a command limit in SPs; the C-in-C has none. */
#define TQ_UNLIMITED (-1)
#define TQ_LIMIT_UNSTATED (-2)

struct tq_area {
	char id[TQ_ID_MAX];
	enum tq_colony colony;
	char name[TQ_NAME_MAX];  /* the named point, "" if none */
	bool seed;               /* named by the seed (areas.yaml) */
	bool city;               /* 2.0, 4.0: Savannah, Charlestown */
	bool settlement;         /* 2.0; a city is one in December 1778 (4.9) */
	bool port;
	int port_value;          /* 6.3.1: 2 for the cities, else 1; 0 no port */
	bool capital;            /* 13.1 */
	bool capital_implied;    /* the seed implies it only (G1, 17.3) */
	int line;                /* in areas.yaml, 0 for an area of the map alone */
	/* map.yaml, when loaded (struct tq_data's have_map): */
	bool on_map;
	int supply;              /* 2.0: area supply level, 1..15 */
	bool swamp, coast, road, north_edge;
	int x, y;                /* where its name is drawn */
	int nborders;
	int borders[TQ_MAX_AREA_BORDERS]; /* indexes into tq_data's borders */
	int map_line;
};

/* map.yaml: two adjacent areas (10.1.2: a river border without a road
 * costs 2 MP). */
struct tq_border {
	int a, b;                /* area indexes */
	bool river, road;
	int line;
};

/* map.yaml: four areas meeting at a point, crossed as a river if any of
 * its borders is one, never by road (10.1.2). */
struct tq_corner {
	int areas[4];
	bool river;
	int line;
};

/* leaders.yaml's `counter:` (reconstructed): the counter's ratings. */
struct tq_counter {
	bool present;
	enum tq_rank rank;       /* colonel .. 3-star, c-in-c */
	enum tq_leader_kind kind;
	int audacity;            /* 1..6 (8.1.1) */
	int tactical;            /* 0..3 (11.2.3, 11.3.5) */
	bool engineer;           /* 4.1.2 */
	enum tq_source source;
	int line;
};

struct tq_leader {
	char name[TQ_NAME_MAX];
	char spellings[TQ_MAX_SPELLINGS][TQ_NAME_MAX]; /* the seed's others */
	int nspellings;
	enum tq_side side;
	bool french;             /* 14.2 */
	enum tq_rank rank;       /* as the seed states it, or unstated */
	bool c_in_c;             /* a Commander-in-Chief by the seed */
	bool c_in_c_implied;     /* Greene (11.2.6) */
	char c_in_c_until_name[TQ_NAME_MAX]; /* 17.1.2: C-in-C until this leader */
	int c_in_c_until;        /*   enters the board: his index, or -1 */
	char c_in_c_section[TQ_WORD_MAX];
	int militia_colony;      /* a Continental militia leader's, or TQ_NO_COLONY */
	int arrives, withdrawn, returns; /* months (18.0), 0 for none */
	char arrives_place[TQ_TEXT_MAX]; /* where 18.0 gives one */
	struct tq_counter counter;
	int line;
};

/* 13.1.1: a Royal Governor marker. */
struct tq_governor {
	char name[TQ_NAME_MAX];
	enum tq_colony colony;
	int line;
};

/* What arrives or leaves in one line of 18.0. */
struct tq_forces {
	int nleaders;
	int leaders[TQ_MAX_GROUP];
	bool conditional[TQ_MAX_GROUP]; /* "returning if not killed or
					 * captured", "*If Lincoln has been
					 * replaced" */
	int regulars, cavalry, french_regulars, french_cavalry;
	bool all_french;         /* November 1779: "all surviving French SP" */
};

/* 6.2: reinforcements arrive at the Base of Operations unless 18.0 says. */
enum tq_place { TQ_AT_BASE, TQ_AT_AREA, TQ_ANY_PORT, TQ_VIRGINIA_PORT };

/* One side's line of one month of 18.0. */
struct tq_schedule_entry {
	int month;
	enum tq_side side;       /* TQ_NOBODY for a month with no line */
	struct tq_forces arrive, withdraw;
	enum tq_place place;
	int place_area;          /* TQ_AT_AREA's */
	int unsure_regulars;     /* June 1781's cut "18 SP regu-": which way
				  * they go is lost */
	int line;
};

struct tq_schedule {
	int nentries;
	struct tq_schedule_entry entries[TQ_MAX_SCHEDULE];
	/* 18.0, 6.2: each month from `monthly_from`, regulars at the base */
	enum tq_side monthly_side;
	int monthly_from, monthly_regulars;
};

/* The Militia Attrition Table (5.1), reconstructed: a column covers some
 * months; percent[r] for the modified roll r. */
struct tq_attrition_column {
	int months;              /* bit m-1 for month m */
	int percent[TQ_ROLLS];
};

enum tq_event { TQ_NO_EVENT, TQ_RAIN, TQ_HEAT, TQ_LOYALIST };

/* The weather marker's states (8.3.3, 8.3.4): terrain_effects' keys. */
enum tq_weather { TQ_WEATHER_CLEAR, TQ_WEATHER_RAIN, TQ_WEATHER_FLOOD, TQ_WEATHER_HEAT };
#define TQ_WEATHERS 4

/* units.yaml's movement: keys, the kinds of counter that move; also the
 * keys of terrain_effects' mp_change. */
enum tq_unit_kind {
	TQ_BRITISH_REGULAR, TQ_BRITISH_CAVALRY, TQ_LOYALIST_MILITIA, TQ_CONTINENTAL_REGULAR,
	TQ_CONTINENTAL_CAVALRY, TQ_CONTINENTAL_MILITIA, TQ_FRENCH_REGULAR, TQ_FRENCH_CAVALRY,
	TQ_BAGGAGE_TRAIN, TQ_LEADER_ALONE
};
#define TQ_UNIT_KINDS 10

/* What a border is to cross (10.1.2), as terrain_effects names it:
 * border_mp's keys and weather's closed: words. */
enum tq_crossing { TQ_PLAIN, TQ_ROAD, TQ_RIVER_WITH_ROAD, TQ_RIVER_WITHOUT_ROAD,
		   TQ_CORNER_WITH_RIVER };
#define TQ_CROSSINGS 5

/* What crossing a border is, in terrain_effects' words (10.1.2). */
static inline enum tq_crossing tq_crossing_of(const struct tq_border *b)
{
	return b->river ? (b->road ? TQ_RIVER_WITH_ROAD : TQ_RIVER_WITHOUT_ROAD)
			: (b->road ? TQ_ROAD : TQ_PLAIN);
}

/* An entry a worked example fixes (tables.yaml's known_entries). */
struct tq_known_entry {
	int months;              /* bits, as a column's (generation: one) */
	int colony;              /* generation: the colony column */
	int roll;                /* the modified roll */
	int value;               /* percent, or militia SP */
	int line;
};

#define TQ_MAX_KNOWN 8

struct tq_number {
	char block[TQ_WORD_MAX];
	char key[TQ_NAME_MAX];
	unsigned hash;           /* tq_number_hash(block, key): compared first */
	int value;
	int line;
};

struct tq_tables {
	/* movement (10.1.1, 10.1.2, 10.2.3, 10.4.3) and command (10.2) */
	int river_without_road_mp, leader_alone_mp, baggage_train_mp;
	int overrun_mp[3];
	int colonel_limit, general_limit, c_in_c_limit;
	/* 5.1, 6.5: -1 with the Major Victory marker British side up */
	int attrition_modifier, generation_modifier;
	int generation_months;   /* bits: March, June, September, December */
	int nattrition_known, ngeneration_known;
	struct tq_known_entry attrition_known[TQ_MAX_KNOWN];
	struct tq_known_entry generation_known[TQ_MAX_KNOWN];
	/* the charts' `table:` (reconstructed), each when present */
	bool have_attrition, have_generation, have_events, have_terrain;
	int nattrition;
	struct tq_attrition_column attrition[TQ_MAX_COLUMNS];
	int generation[12][TQ_COLONIES][TQ_ROLLS];   /* [month-1]: militia SP */
	int invasion_column[12]; /* 10.7.2 in a month without a column: the
				  * month whose column is used, or 0 */
	enum tq_event events[12][TQ_DIE];             /* [month-1][die-1] */
	/* terrain_effects' table: the MP to cross a border (a corner with a
	 * river costs as a river without a road, else as a plain border),
	 * and per weather what is closed (bits of tq_crossing) and what each
	 * kind's allowance gains or loses for the endeavor */
	int border_mp[TQ_CROSSINGS];
	int closed[TQ_WEATHERS];
	int mp_change[TQ_WEATHERS][TQ_UNIT_KINDS];
	int terrain_line;
	int attrition_line, generation_line, events_line;
	/* every other `{value: N}` or whole number of a block */
	int nnumbers;
	struct tq_number numbers[TQ_MAX_NUMBERS];
};

/* units.yaml (reconstructed): a kind of counter's movement allowance
 * (2.0: the upper right number). */
struct tq_unit {
	bool present;
	int mp;
	int as_fast_as;          /* 2.0's militia "as fast as cavalry": a kind, or -1 */
	enum tq_source source;
	int line;
};

/* units.yaml's counter_mix (1.3): a group of counters. */
struct tq_counter_group {
	char group[TQ_NAME_MAX];
	int count;
	bool markers;            /* non-combat markers (1.2) */
	int line;
};

/* Where a scenario puts pieces: an area, or a box of the map. */
enum tq_box { TQ_IN_AREA, TQ_BOX_AT_SEA, TQ_BOX_POW, TQ_BOX_FREE };

/* One side's pieces in one area (or box) at a scenario's start. */
struct tq_placement {
	int area;                /* area index, or -1 in a box */
	enum tq_box box;
	int nleaders;
	int leaders[TQ_MAX_GROUP];
	int regulars, cavalry, loyalist_militia, forts, magazines;
	int militia[TQ_COLONIES];
	int baggage_trains;      /* 17.4.2's "6 baggage trains/magazines" */
	bool base_of_operations;
	int governor;            /* a Royal Governor's index, or -1 */
	int line;
};

/* 17.3.1's special deployment: a leader rolls a colony's column. */
struct tq_roll {
	int leader;
	enum tq_colony colony;
};

struct tq_side_setup {
	int base;                /* the Base of Operations' area, or -1 */
	bool base_at_sea;        /* 17.4.3 */
	int nplacements;
	struct tq_placement placements[TQ_MAX_PLACEMENTS];
	int nout;                /* "no longer in the game" */
	int out[TQ_MAX_GROUP];
	int c_in_c;              /* 17.1.2: a leader named C-in-C, or -1 */
	char c_in_c_until[TQ_TEXT_MAX];
	int available_baggage_trains; /* -1: not stated */
	int nafter_roll;         /* 17.2.2: placed on their colony's militia */
	int after_roll[TQ_MAX_GROUP];
	int attrition_spares;    /* 17.2.2: the area whose militia the roll's
				  * attrition spares, or -1 */
	int nrolls;              /* 17.3.1 */
	struct tq_roll rolls[TQ_MAX_GROUP];
};

struct tq_special_rule {
	char number[TQ_WORD_MAX];
	char title[TQ_TEXT_MAX];
	int applies_from;        /* a month, or 0 */
	int line;
};

struct tq_scenario {
	char name[TQ_WORD_MAX];  /* the file's: scenarios/NAME.yaml */
	char title[TQ_NAME_MAX];
	bool optional;           /* 17.4: "optional free deployment" */
	int start;               /* 0 when the seed leaves it open (17.4) */
	int nreadings;
	int readings[TQ_MAX_READINGS]; /* the start months it may mean */
	int end;
	int turns;               /* 0: not stated */
	enum tq_side major_victory;
	enum tq_weather weather;
	int invaded;             /* colonies with a British Invaded marker, bits */
	int kings_peace;         /* colonies, bits (17.3) */
	int reinforcements_begin; /* a month, or 0 */
	enum tq_side first;      /* who sets up first, TQ_NOBODY unstated */
	struct tq_side_setup setup[TQ_SIDES];
	int nrules;
	struct tq_special_rule rules[TQ_MAX_RULES];
	int line;
};

struct tq_data {
	char id[TQ_NAME_MAX];
	char game[TQ_NAME_MAX];
	char title[TQ_NAME_MAX];
	char side_name[TQ_SIDES][TQ_NAME_MAX];
	char colony_name[TQ_COLONIES][TQ_NAME_MAX];
	char colony_code[TQ_COLONIES];
	char colony_mil[TQ_COLONIES][TQ_ID_MAX]; /* 18.0's "Ga", "SC", "NC", "Va" */
	int first_turn, last_turn;  /* 17.0 */
	int counters;               /* 1.3: 280 */
	int nareas;
	struct tq_area areas[TQ_MAX_AREAS];
	int ngovernors;
	struct tq_governor governors[TQ_MAX_GOVERNORS];
	int nleaders;
	struct tq_leader leaders[TQ_MAX_LEADERS];
	struct tq_schedule schedule;
	struct tq_tables tables;
	int nscenarios;
	struct tq_scenario scenarios[TQ_MAX_SCENARIOS];
	/* map.yaml */
	bool have_map;
	int board_w, board_h;
	int legend[4], panel[4];    /* the picture's boxes kept clear of the map, x0 y0 x1 y1 */
	int nborders;
	struct tq_border borders[TQ_MAX_BORDERS];
	int ncorners;
	struct tq_corner corners[TQ_MAX_CORNERS];
	/* units.yaml */
	bool have_units;
	struct tq_unit units[TQ_UNIT_KINDS];
	int mix_total;              /* 1.3: 280 */
	int ngroups;
	struct tq_counter_group groups[TQ_MAX_GROUPS];
};

/* tq_data.c: the seed's files of dir (dataset, areas, leaders, schedule,
 * tables and scenarios/NAME.yaml) into *d, with the leaders' counters and the
 * aid charts' tables where they are given. 0, or -1 with every problem
 * recorded as file:line. */
int tq_data_load(const char *dir, struct tq_data *d, struct wj_data_problems *p);
/* tq_map.c: map.yaml and units.yaml over a loaded *d. A missing file is
 * one problem saying so (line 0). */
int tq_map_load(const char *dir, struct tq_data *d, struct wj_data_problems *p);
int tq_units_load(const char *dir, struct tq_data *d, struct wj_data_problems *p);
/* Everything the engine needs: tq_data_load, tq_map_load, tq_units_load,
 * every leader's counter and every aid chart's table, then tq_data_check.
 * 0, or -1 with every problem. */
int tq_data_load_full(const char *dir, struct tq_data *d, struct wj_data_problems *p);

/* tq_data_check.c: the files against each other (the leaders against
 * the schedule and the scenarios, the map against areas.yaml, the tables
 * against their known entries). The number of problems found. */
int tq_data_check(const struct tq_data *d, struct wj_data_problems *p);

/* Lookups: an index, or -1. A leader is found by his name or one of his
 * other spellings. */
int tq_area_by_id(const struct tq_data *d, const char *id);
int tq_leader_by_name(const struct tq_data *d, const char *name);
int tq_governor_by_name(const struct tq_data *d, const char *name);
const struct tq_scenario *tq_scenario_by_name(const struct tq_data *d, const char *name);
/* units.yaml's counter_mix: how many counters a group has, or -1. */
int tq_counter_count(const struct tq_data *d, const char *group);
/* The border between two areas, or -1. */
int tq_border_between(const struct tq_data *d, int a, int b);
/* tq_tables.c: a number of tables.yaml by its block and key ("supply",
 * "continental_limit"): true and *v, or false. */
bool tq_number(const struct tq_data *d, const char *block, const char *key, int *v);
/* Is colony c a key of the tables.yaml block (a set of colonies by their
 * names, each valued 1)? */
bool tq_colony_named(const struct tq_data *d, const char *block, int c);
/* 10.2: the SPs a leader of that rank may activate: TQ_UNLIMITED for a
 * C-in-C, TQ_LIMIT_UNSTATED where 10.2 says nothing (a 3-star general). */
int tq_command_limit(const struct tq_data *d, enum tq_rank rank);
/* The month's name ("June"), its number 1..12 by name, or NULL/0. */
const char *tq_month_name(int month);
int tq_month_by_name(const char *name);

#endif
