/* Tarleton's Quarter!'s data, state, orders and events behind game.h's
 * opaque structs: tq_game.c's adapters and the report's (tq_report.c). */
#ifndef TQ_GAME_H
#define TQ_GAME_H

#include "game.h"
#include "tq_data.h"
#include "tq_engine.h"
#include "tq_order.h"
#include "tq_state.h"

struct game_data { struct tq_data tq; };
struct game_state { struct tq_state tq; };
struct game_order { struct tq_order tq; };
struct game_events { struct tq_events tq; };

/* Tarleton's Quarter! behind game.h (tq_game.c). */
extern const struct game game_tarletons_quarter;

/* tq_report.c: the report in the report form and the question as each
 * reader reads it; tq_guide.c: the guide and its words; from view(s,
 * viewer) only. */
int tq_report(FILE *out, const struct tq_data *d, const struct tq_state *view, int viewer,
	      const struct game_frame *f, const struct tq_events *last, char *why,
	      size_t whylen);
int tq_guide(const struct tq_data *d, const struct tq_state *view, int side,
	     game_guide_item *item, void *ctx);
/* The guide in words; each example also to also(also_ctx, ...) unless
 * NULL (game.h's frame.guide_item). */
int tq_guide_words(FILE *out, const struct tq_data *d, const struct tq_state *view, int side,
		   game_guide_item *also, void *also_ctx);
void tq_question(const struct tq_data *d, const struct tq_state *s, int side, int reader,
		 char *out, size_t len);
/* "December 1778". */
void tq_date(const struct tq_state *s, char *out, size_t len);

#endif
