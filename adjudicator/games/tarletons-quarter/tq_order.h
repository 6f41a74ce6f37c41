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

/* 8.0's six endeavours, and passing; then the answers to the questions of
 * tq_state.h, and standing orders (docs/tarletons-quarter-orders.md). */
enum tq_order_kind {
	TQ_ACTIVATE,            /* a force or a leader alone (8.1, 10.2.3) */
	TQ_MOVE_TRAIN,          /* a baggage train alone (8.2) */
	TQ_PLACE_GOVERNOR,      /* 13.1.1, British */
	TQ_EMBARK,              /* 10.5.3, British */
	TQ_LAND,                /* 10.5.7, British */
	TQ_RECRUIT,             /* 12.1, British */
	TQ_PASS,                /* 8.0 */
	/* answers */
	TQ_YES,                 /* "yes", or the question's own word: summon (4.7.2),
				 * surrender (4.7.3), assault (4.7.6), bayonets (11.2.1),
				 * siege (4.3), exchange (15.4) */
	TQ_NO,                  /* "no", "stand", "break", "decline" */
	TQ_PLACE,               /* "place 3 NC militia, Sumter at N29": set-up (17),
				 * generated militia and leaders (6.5, 10.7); sps, leaders,
				 * trains (magazines: magazine true), at */
	TQ_LOSE,                /* "lose 2 regulars, 1 NC militia at S21": attrition
				 * (5.3) or casualties (11.2.5); at -1 where asked */
	TQ_EXPEND,              /* "expend 1 train at S21" (5.4.1 b) */
	TQ_DESTROY,             /* "destroy 1 train, 1 magazine at S21" (5.4.5) */
	TQ_WITHDRAW,            /* "withdraw 3 regulars, Clinton from S11" (6.1.3) */
	TQ_BUILD,               /* "build fort at S5" / "build magazine at S5" /
				 * "build train at S5" (convert, 5.4.1) / "base at S11"
				 * (7.1): `build` says which */
	TQ_OUTSIDE,             /* "outside 5 regulars, Moultrie" (4.2.4); nothing: all inside */
	TQ_RETREAT,             /* "retreat to S21" (11.4), "retreat before combat to
				 * S21" (11.3): at the area, before */
	TQ_CHOOSE,              /* "c-in-c Greene" (11.2.6): leader; "rise at S5"
				 * (8.3.5): at */
	TQ_DECLARE,             /* "declare Georgia, Virginia" (17.4.1): colonies */
	TQ_DONE,                /* "done": the side has no more to give this step */
	TQ_STANDING,            /* "standing retreat before combat to S21": an answer
				 * given in advance; `standing` holds it as written */
	TQ_RESIGN               /* "resign": the side concedes, at any moment (not a
				 * rule of the seed: docs/rulings.md, "Resignation") */
};
#define TQ_ORDER_KINDS 22

/* What TQ_BUILD builds (7.1, 4.1, 5.4.1 a). */
enum tq_build { TQ_BUILD_FORT, TQ_BUILD_MAGAZINE, TQ_BUILD_TRAIN, TQ_BUILD_BASE };

struct tq_order {
	enum tq_order_kind kind;
	short leader;           /* the activating or recruiting leader, or -1;
				 * TQ_CHOOSE: the leader chosen */
	short at;               /* the area named by "at"/"from"/"to", or -1 */
	bool alone;             /* "alone": the leader without SPs (10.2.3) */
	bool all;               /* "with all": every SP and leader he may take */
	struct tq_sps sps;      /* the SPs he takes, places, loses, withdraws */
	short trains;           /* baggage trains with the force (placed, expended,
				 * destroyed) */
	short magazines;        /* TQ_PLACE, TQ_DESTROY */
	short nleaders;         /* the other leaders with him (10.2.2) */
	short leaders[TQ_MAX_GROUP];
	short npath;            /* the areas entered, in order (10.1) */
	short path[TQ_MAX_PATH];
	struct tq_detachment detach; /* TQ_ACTIVATE: "; leave 5 regulars at N28" (9.1) */
	short governor;         /* TQ_PLACE_GOVERNOR's, or -1 */
	bool before;            /* TQ_RETREAT: before combat (11.3) */
	enum tq_build build;    /* TQ_BUILD */
	unsigned colonies;      /* TQ_DECLARE: bit c for colony c */
	char standing[TQ_STANDING_TEXT]; /* TQ_STANDING: the answer as written */
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
