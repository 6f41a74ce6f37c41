/* Tarleton's Quarter!'s strength points counted and moved about (struct
 * tq_sps), and the other side: what every part of the engine shares. */
#ifndef TQ_SPS_H
#define TQ_SPS_H

#include <stdbool.h>
#include "tq_data.h"
#include "tq_state.h"

static inline enum tq_side tq_other(enum tq_side side)
{
	return side == TQ_BRITISH ? TQ_CONTINENTAL : TQ_BRITISH;
}

/* Every SP of x, of every kind; its militia (the colonies' and the
 * Loyalists'). */
int tq_sps_total(const struct tq_sps *x);
int tq_sps_militia(const struct tq_sps *x);
/* to += sign * x, kind by kind. */
void tq_sps_add(struct tq_sps *to, const struct tq_sps *x, int sign);
/* Take *x from *from: false (nothing taken) when *from has not that many
 * of a kind. */
bool tq_sps_take(struct tq_sps *from, const struct tq_sps *x);

/* The kinds of SP, each as the field of a struct tq_sps it counts in:
 * the regular kinds, foot before horse, the French last (11.2.5's
 * "regulars"); the militia kinds, the Loyalists first, then colony by
 * colony (11.2.5's "militia"). */
typedef short *tq_sps_kind(struct tq_sps *x);
#define TQ_REGULAR_KINDS 4
#define TQ_MILITIA_KINDS (1 + TQ_COLONIES)
extern tq_sps_kind *const tq_regular_kinds[TQ_REGULAR_KINDS];
extern tq_sps_kind *const tq_militia_kinds[TQ_MILITIA_KINDS];

#endif
