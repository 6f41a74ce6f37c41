/* Tarleton's Quarter!'s order language (docs/tarletons-quarter-orders.md):
 * one line is one order, read into struct tq_order by the data's names
 * (area I.D.s and their named points, leaders and their other spellings,
 * colonies), and written back the one way it is read. What an order may
 * do in the position is the engine's to say (tq_endeavor.c); this reads
 * only what the line says. */
#ifndef TQ_ORDER_H
#define TQ_ORDER_H

#include <stdbool.h>
#include <stddef.h>
#include "tq_data.h"
#include "tq_state.h"

/* 8.0's six endeavours, and passing. */
enum tq_order_kind {
	TQ_ACTIVATE,            /* a force or a leader alone (8.1, 10.2.3) */
	TQ_MOVE_TRAIN,          /* a baggage train alone (8.2) */
	TQ_PLACE_GOVERNOR,      /* 13.1.1, British */
	TQ_EMBARK,              /* 10.5.3, British */
	TQ_LAND,                /* 10.5.7, British */
	TQ_RECRUIT,             /* 12.1, British */
	TQ_PASS                 /* 8.0 */
};
#define TQ_ORDER_KINDS 7

struct tq_order {
	enum tq_order_kind kind;
	short leader;           /* the activating or recruiting leader, or -1 */
	short at;               /* the area named by "at", or -1 (the leader's own) */
	bool alone;             /* "alone": the leader without SPs (10.2.3) */
	bool all;               /* "with all": every SP and leader he may take */
	struct tq_sps sps;      /* the SPs he takes */
	short trains;           /* baggage trains with the force */
	short nleaders;         /* the other leaders with him (10.2.2) */
	short leaders[TQ_MAX_GROUP];
	short npath;            /* the areas entered, in order (10.1) */
	short path[TQ_MAX_PATH];
	short governor;         /* TQ_PLACE_GOVERNOR's, or -1 */
};

/* Does the line begin with one of the order words (so that a mail line
 * wrapped by a phone joins the order before it when it does not)? */
bool tq_order_starts(const char *line);

/* One line into *o: 0, or -1 with what was wrong and what would be
 * accepted in why. */
int tq_order_parse(const struct tq_data *d, const char *line, struct tq_order *o, char *why,
		   size_t whylen);

/* The order as tq_order_parse reads it back. */
void tq_order_format(const struct tq_data *d, const struct tq_order *o, char *out,
		     size_t len);

#endif
