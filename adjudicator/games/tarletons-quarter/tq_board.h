/* What Tarleton's Quarter!'s board shows of a position, for the picture
 * (tq_board_png.h, in the board plugin) and for the judge, which draws
 * one board for every view whose board says the same (game.h's
 * board_key): tq_board.c, no drawing. */
#ifndef TQ_BOARD_H
#define TQ_BOARD_H

#include <stddef.h>
#include <stdio.h>
#include "tq_data.h"
#include "tq_state.h"

/* A force marker per side per area at most. */
#define TQ_BOARD_MARKERS (2 * TQ_MAX_AREAS)

/* A side's force in an area, as its marker says it. */
struct tq_board_force {
	int area;
	enum tq_side side;
	int sps, walls;           /* in the field (and moving), within the walls */
	int leader;               /* the commanding leader (11.1), or -1 */
};

/* Each side's forces on the map in view (at most TQ_BOARD_MARKERS),
 * area by area, the British first; their number. */
int tq_board_forces(const struct tq_data *d, const struct tq_state *view,
		    struct tq_board_force *f);
/* A marker's two lines: its SPs ("15 SP (9 in walls)") and its
 * commanding leader ("" for none). */
void tq_board_force_lines(const struct tq_data *d, const struct tq_board_force *f, char *sps,
			  size_t len, const char **leader);
/* The two as one: "15 SP (9 in walls) Lincoln". */
void tq_board_force_text(const struct tq_data *d, const struct tq_board_force *f, char *out,
			 size_t len);
/* Everything the board draws of view, as lines of text: two views whose
 * keys are the same draw the same board. 0, or -1 out failing. */
int tq_board_key(FILE *out, const struct tq_data *d, const struct tq_state *view);

#endif
