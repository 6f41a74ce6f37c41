/* Tarleton's Quarter!'s movement on the map (seed 001): what a border
 * costs and whether the weather closes it (10.1.2), swamps (10.6), a
 * force's movement allowance (10.1.1, 10.2.3, 8.3.3), a path step by step,
 * rank and command (2.0, 11.1, 14.2, 10.2), where a force may retreat
 * (11.3, 11.4), the areas a magazine supplies (5.4.1 a), and the map's
 * neighbours, ports, settlements and north edge. Pure functions on the
 * loaded data (tq_data.h) and small structs; the endeavour asks them.
 * Every number comes from the data: terrain_effects, units.yaml, the
 * `swamps`, `c_in_c_seniority` and `supply` blocks of tables.yaml.
 * Rulings: docs/rulings.md, "Tarleton's Quarter!: movement". */
#ifndef TQ_MOVE_H
#define TQ_MOVE_H

#include <stdbool.h>
#include <stddef.h>
#include "tq_data.h"

/* Why a step is refused (tq_step). */
enum tq_refusal {
	TQ_STEP_OK,
	TQ_NOT_ADJACENT,         /* neither a border nor a corner between them */
	TQ_CLOSED,               /* 10.1.2, 8.3.4: rain or flood closes it */
	TQ_TOO_FEW_MP,           /* 10.1: beyond the allowance left */
	TQ_SWAMP                 /* 10.6: a swamp entered not across a road */
};

/* One crossing from an area into an adjacent one (10.1.2): across a
 * border, or across a four-area corner to the area diagonally opposite. */
struct tq_step {
	int to;                  /* the area entered */
	int border;              /* index into d->borders, or -1 (a corner) */
	int corner;              /* index into d->corners, or -1 (a border) */
	enum tq_crossing crossing;
	int cost;                /* MP (terrain_effects' border_mp) */
	enum tq_refusal refusal; /* tq_step's verdict */
};

/* What moves or retreats (10.1.1, 10.6): its side, its SPs of each kind
 * (units.yaml's movement kinds; baggage trains under TQ_BAGGAGE_TRAIN;
 * TQ_LEADER_ALONE is not counted) and how many leaders are with it. */
struct tq_movers {
	enum tq_side side;
	int count[TQ_UNIT_KINDS];
	int nleaders;
};

/* ---- crossings (10.1.2) ---- */

/* How a border is crossed: plain, road, river with or without a road. */
enum tq_crossing tq_border_crossing(const struct tq_border *b);
/* A river crossing (a river border, or a corner at a river): 11.2.4's
 * river modifier and 11.4's retreats ask. */
bool tq_crossing_is_river(enum tq_crossing c);
/* The MP a crossing costs (terrain_effects' border_mp). */
int tq_crossing_mp(const struct tq_data *d, enum tq_crossing c);
/* Whether the weather closes a crossing (terrain_effects' closed). */
bool tq_crossing_closed(const struct tq_data *d, enum tq_weather w, enum tq_crossing c);
/* The crossing from one area into another: true with *s filled (its
 * refusal TQ_STEP_OK), or false when they are not adjacent. A border
 * wins over a corner. */
bool tq_crossing_between(const struct tq_data *d, int from, int to, struct tq_step *s);
/* Adjacent (a border or a corner between them), the rule 12.1 and the
 * retreats ask. */
bool tq_adjacent(const struct tq_data *d, int a, int b);
/* Every area adjacent to `area` with its crossing, borders first, then
 * corners: the count (at most max written). */
int tq_neighbours(const struct tq_data *d, int area, struct tq_step *out, int max);

/* ---- who may go where (10.6, 10.1.1, 10.2.3, 8.3.3) ---- */

/* 10.6: a kind that enters a swamp only across a border crossed by a
 * road (tables.yaml's `swamps`). */
bool tq_swamp_road_only(const struct tq_data *d, enum tq_unit_kind k);
/* 10.6: the force holds such a kind: the first one, or -1. */
int tq_force_swamp_bound(const struct tq_data *d, const struct tq_movers *f);
/* 10.1.1, 10.2.3, 8.3.3: the force's movement allowance in the weather:
 * its slowest component's (units.yaml's mp plus terrain_effects'
 * mp_change for the weather), a leader alone's when it has no SPs and no
 * baggage train; never below 0. 0 for an empty force. */
int tq_force_mp(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w);

/* One step of a move: from `from` into `to` with mp_left MP, in the
 * weather. 0 with *s filled (cost, crossing), or -1 with s->refusal and
 * why saying which border and why ("the border between G2 and G7 is a
 * river without a road, closed by rain"). Enemy forces in the area
 * entered (10.3, 10.4) are the caller's. */
int tq_step(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w, int from,
	    int to, int mp_left, struct tq_step *s, char *why, size_t whylen);
/* A whole path: the areas path[0..n-1] entered in turn from start, with
 * mp MP. 0 and *spent, or -1 with *failed (the index in path of the step
 * refused) and why ("step 2: G9 is a swamp, ..."). */
int tq_path(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w, int start,
	    const int *path, int n, int mp, int *spent, int *failed, char *why, size_t whylen);

/* ---- rank and command (2.0, 11.1, 14.2, 10.2) ---- */

/* A leader in an area, as the rank order asks of him. */
struct tq_ranked {
	int leader;              /* index into d->leaders */
	bool c_in_c;             /* his side's Commander-in-Chief now
				  * (tq_state's leader[].c_in_c; the
				  * seed's C-in-Cs by 11.1.4 b all at once) */
	int sps;                 /* 14.2.2: the SPs he brings (a French
				  * leader: the French SPs; the C-in-C:
				  * the other Continental SPs) */
};
/* 2.0, 11.1.1, 11.1.2, 11.1.4 b, 14.2: >0 when a outranks b, <0 when b
 * outranks a, 0 when they are equal (2.0: the owner chooses). */
int tq_outranks(const struct tq_data *d, const struct tq_ranked *a, const struct tq_ranked *b);
/* 11.1: the commander of the leaders ls[0..n-1] (one side's, one area's):
 * the index in ls of the highest ranking, the first listed among equals
 * (the owner chooses by listing him first), or -1 when n is 0. */
int tq_commander(const struct tq_data *d, const struct tq_ranked *ls, int n);
/* 10.2: the SPs a leader may activate: TQ_UNLIMITED for a C-in-C (and
 * Campbell as C-in-C, 10.2's note) and a French leader (14.2), the
 * general's limit for any other general, the colonel's for a colonel. */
int tq_leader_command_limit(const struct tq_data *d, const struct tq_ranked *l);

/* 16.2: a regular general (one to three stars, "General") or a
 * Commander-in-Chief (`c_in_c`: his status now, 11.1.3). */
bool tq_regular_general(const struct tq_data *d, int leader, bool c_in_c);
/* 10.2: the leader may activate sps SPs: 0, or -1 and why ("Tarleton,
 * a colonel, activates at most 15 SPs (10.2), not 20"). */
int tq_command_check(const struct tq_data *d, const struct tq_ranked *l, int sps, char *why,
		     size_t whylen);

/* ---- the force itself (14.1.1, 10.4.3, 10.7) ---- */

/* 14.1.1: "These French SPs must always remain together. and are always
 * considered a separate force for movement": 0, or -1 and why when the
 * force mixes French SPs with other SPs. */
int tq_force_check(const struct tq_data *d, const struct tq_movers *f, char *why, size_t whylen);
/* 10.4.3: the MP an overrun of enemy_sps (1..3) SPs costs (movement's
 * overrun_mp), or -1 when no overrun is possible (10.4.1: 1 to 3 SPs);
 * 10.4.4: the force halts when the cost is more than its MP left. */
int tq_overrun_mp(const struct tq_data *d, int enemy_sps);
/* 10.7: a British force "containing regulars" entering `to` from `from`
 * halts there when it is the first area of a colony with no British
 * regulars in it before (british_regulars_in: the caller's colonies, a
 * bit each). */
bool tq_invasion_halts(const struct tq_data *d, const struct tq_movers *f, int from, int to,
		       unsigned british_regulars_in);

/* ---- British sea movement (10.5) ---- */

/* 10.5.3, 10.5.4, 10.5.8, 10.5.11: whether British SPs and baggage
 * trains in `area` may embark with the dice's total: a port, no French
 * Field Force on the board, nobody at sea already, no magazine, SPs plus
 * 3 a train (supply's sea_baggage_train_counts_sp) within the total. 0,
 * or -1 and why. */
int tq_embark_check(const struct tq_data *d, int area, bool french_on_map, bool at_sea,
		    int dice_total, int sps, int trains, int magazines, char *why, size_t whylen);
/* 10.5.7, 10.5.10: a landing is made at a port, in an area with a road. */
bool tq_landing_area(const struct tq_data *d, int area);

/* ---- retreats (11.3, 11.4) ---- */

/* 11.4: the adjacent areas the force may retreat to after combat, from
 * `from` in the weather: not enemy-occupied (enemy[area], the caller's),
 * not across a river closed by the weather (rain: without a road; flood:
 * any), and not into a swamp the force may not enter (10.6). The count,
 * areas in out[]. */
int tq_retreat_after(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w,
		     int from, const bool *enemy, int *out, int max);
/* 11.3.1: the areas the force may retreat into before combat, "one area
 * that he could legally move into": each a legal step with its whole
 * allowance, not enemy-occupied. */
int tq_retreat_before(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w,
		      int from, const bool *enemy, int *out, int max);
/* 11.3.5: the force may retreat as Swamp Foxes: commanded by a
 * Continental militia leader, and solely Continental militia SPs. */
bool tq_swamp_foxes(const struct tq_data *d, const struct tq_movers *f, int commander);
/* 11.3.5: the adjacent swamps among tq_retreat_before's areas. */
int tq_swamp_fox_areas(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w,
		       int from, const bool *enemy, int *out, int max);

/* ---- supply (5.4.1 a) ---- */

/* 5.4.1 a: the areas a magazine (or a Base of Operations) of `side` in
 * `area` supplies in the weather: its own and up to the supply block's
 * magazine_range_areas beyond, not across a river closed by the weather,
 * and for the British not into or through a swamp except along a road.
 * supplied[nareas] is set; the count. Besieged places and enemy forces
 * are the caller's. */
int tq_magazine_reach(const struct tq_data *d, enum tq_side side, enum tq_weather w, int area,
		      bool *supplied);

/* ---- the map's places ---- */

/* 11.4.5 "the nearest un-besieged friendly force", 6.2 "the closest
 * Continental force": each area's distance from `from` in areas crossed
 * (borders or corners, whatever the weather), dist[nareas]; -1 where
 * unreachable. */
void tq_distances(const struct tq_data *d, int from, int *dist);

/* Ports (6.3.1, 7.1.3, 10.5): their areas, the count. */
int tq_ports(const struct tq_data *d, int *out, int max);
/* 6.5, 7.1.4: a colony's settlements (with its cities when with_cities). */
int tq_settlements(const struct tq_data *d, enum tq_colony c, bool with_cities, int *out, int max);
/* 6.2: the Virginia areas on the map's north edge. */
int tq_north_edge(const struct tq_data *d, int *out, int max);

#endif
