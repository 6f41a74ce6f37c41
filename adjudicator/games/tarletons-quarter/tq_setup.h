/* Tarleton's Quarter!'s set-up (seed 001, 17.0-17.4, 4.9): a scenario's
 * starting position from the data (the scenarios' files, leaders.yaml, the
 * schedule of 18.0). Pure: no I/O, no dice. The rulings it makes are in
 * docs/rulings.md, "Tarleton's Quarter!: set-up". */
#ifndef TQ_SETUP_H
#define TQ_SETUP_H

#include <stddef.h>
#include "tq_data.h"
#include "tq_state.h"

/* The empty position: nothing anywhere, every "none" that is -1 set so. */
void tq_state_empty(const struct tq_data *d, struct tq_state *s);

/* The position at the start of scenario sc with the game's options: 0,
 * or -1 with why (data the set-up cannot use). Where a side has pieces to
 * place or rolls to make first (17.2.2, 17.3.1, 17.4), the state stops at
 * TQ_SETUP with the question and s->to_place saying what; otherwise it
 * stands at the start of the first turn's first phase (3.0), nothing
 * asked yet. */
int tq_setup(const struct tq_data *d, const struct tq_scenario *sc, unsigned options,
	     struct tq_state *s, char *why, size_t whylen);

/* The start month sc means: its own, or of two readings (17.4) the one
 * of the full campaign's first turn (docs/rulings.md, "Tarleton's Quarter!: set-up"). 0: none. */
int tq_setup_start(const struct tq_data *d, const struct tq_scenario *sc);

/* Who commands side now of its Commanders-in-Chief on the board or at sea
 * (11.1.3, 11.1.4 b, 17.1.3 B; tables.yaml's c_in_c_seniority): a leader's
 * index, or -1. */
int tq_senior_c_in_c(const struct tq_data *d, const struct tq_state *s, enum tq_side side);
/* 11.1.3 a: the next C-in-C in the line of succession not yet come (the
 * lowest c_in_c_seniority of those held for it), or -1. */
int tq_next_in_succession(const struct tq_data *d, const struct tq_state *s, enum tq_side side);

#endif
