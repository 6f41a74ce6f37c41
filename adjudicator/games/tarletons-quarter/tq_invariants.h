/* What must hold of every Tarleton's Quarter! position between orders
 * (issue 23's soak): no count below zero; walls only at a fort or city,
 * a fort at most 15 SPs (4.2.1); no two sides in the field of one area
 * after an endeavour but for a siege (4.3); a leader on the map in an
 * area; the Continental supply limit (6.3.2) and the British counters. */
#ifndef TQ_INVARIANTS_H
#define TQ_INVARIANTS_H

#include <stdio.h>
#include "tq_data.h"
#include "tq_sps.h"
#include "tq_state.h"

/* Each problem one line to out, starting with `file`; their number. */
int tq_invariants(FILE *out, const struct tq_data *d, const struct tq_state *s,
		  const char *file);

#endif
