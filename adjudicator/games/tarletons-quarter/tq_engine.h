/* Tarleton's Quarter!'s engine: how its parts meet (docs/tarletons-quarter-engine.md).
 *
 * A play is one order, or one run of the sequence of play, on a state:
 * `struct tq_play` carries what every step needs (the data, the state,
 * the dice, the events it tells, where a refusal's reason goes), so the
 * parts pass one pointer.
 *
 * The engine runs the sequence of play (tq_turn.c) until a side must
 * decide: it sets s->question and s->asked and returns. An order
 * answering it (tq_apply) clears them, and the engine runs on. Nothing
 * asked (asked 0) and the game not over means "run on". An endeavour
 * (tq_endeavor.c) is under way while s->hidden.endeavor.active: it stops
 * for the other side's answers (its interruptions) and resumes after. */
#ifndef TQ_ENGINE_H
#define TQ_ENGINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include "dice.h"
#include "tq_data.h"
#include "tq_order.h"
#include "tq_state.h"

#define TQ_EVENT_TEXT 200
#define TQ_MAX_EVENTS 400

/* What happened, told as the seed words it: `audience` is who may read it
 * (bit 0 anyone, bit s side s only), `roll` the die's index in the dice
 * stream and `die` its value when the event is a die rolled (roll -1:
 * none). */
struct tq_told {
	char text[TQ_EVENT_TEXT];
	unsigned audience;
	long long roll;
	int die;
	bool forced;
};

struct tq_events {
	int n;
	bool lost;                       /* more events than room: the last ones dropped */
	struct tq_told v[TQ_MAX_EVENTS];
};

#define TQ_TO_ALL 1u                     /* anyone may read it */
#define TQ_TO(side) (1u << (side))       /* only that side */

struct tq_play {
	const struct tq_data *d;
	struct tq_state *s;
	struct wj_rng *rng;
	struct tq_events *ev;
	char *why;
	size_t whylen;
};

/* ---- tq_engine.c ---- */

/* "the Attrition Phase (3.0 B)"; a month as the seed writes it: "June 1780". */
const char *tq_phase_name(enum tq_phase phase);
/* The weather marker's state (8.3.3, 8.3.4): "clear", "rain", "flood", "heat". */
const char *tq_weather_name(enum tq_weather w);
void tq_month_text(int month, char *out, size_t len);

/* An event everyone reads; an event only `side` reads (hidden things:
 * its own path, its standing orders). */
void tq_tell(struct tq_play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tq_tell_side(struct tq_play *p, enum tq_side side, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* 11.1.3: "When a Continental Commander-in-Chief dies or is captured, he
 * is replaced by the next C-in-C in succession": with no C-in-C of side
 * left on the board, the next held for the succession arrives next month
 * (6.2, at the Base). */
void tq_c_in_c_succession(struct tq_play *p, enum tq_side side);
/* A die (1..6) from the state's next roll of the dice stream, told to
 * everyone as "WHAT: the die rolls N". */
int tq_die(struct tq_play *p, const char *what);

/* Ask `side` question q (more sides may be asked at once: tq_ask_also);
 * the run stops. */
void tq_ask(struct tq_state *s, enum tq_question q, enum tq_side side);
void tq_ask_also(struct tq_state *s, enum tq_side side);
/* The question answered: nothing asked, the run goes on. */
void tq_answered(struct tq_state *s);
/* Is side asked now? */
bool tq_is_asked(const struct tq_state *s, enum tq_side side);
/* TQ_ASK_EXCHANGE's second question (tq_turn_exchange.c): the holders of
 * a surplus name the leaders they release (15.5.2). */
bool tq_exchange_naming(const struct tq_state *s);

/* Run the sequence of play from where it stands until a side is asked or
 * the game is over: 0, or -1 with why (a state the rules cannot go on
 * from). */
int tq_run(struct tq_play *p);
/* Side's order, checked against the question asked (or a standing order,
 * at any time), then the run to the next question: 0, or -1 with why for
 * `side` alone and *s unchanged. */
int tq_apply(struct tq_play *p, enum tq_side side, const struct tq_order *o);

/* ---- tq_turn.c: the sequence of play, 3.0 A-G ---- */

/* Run the phases from where s stands while nothing is asked and no
 * endeavour is under way: stops (0) when it asks a question (including
 * TQ_ASK_ENDEAVOR in the Endeavors Phase, 8.0) or the game ends; -1 with
 * why. */
int tq_turn_run(struct tq_play *p);
/* An answer to one of the turn's questions (TQ_ASK_SUMMONS ..
 * TQ_ASK_LOGISTICS, tq_state.h): 0, or -1 with why. The run goes on after
 * (tq_apply). */
int tq_turn_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* The endeavour just ended (or was passed, pass true): 8.0's alternation
 * goes on. */
void tq_turn_endeavor_done(struct tq_play *p, enum tq_side side, bool pass);

/* ---- tq_endeavor.c: one endeavour, 8.0-12.1 ---- */

/* Side's answer to TQ_ASK_ENDEAVOR (every kind but TQ_PASS): checked,
 * activated (8.1: the audacity die and the random event), and carried
 * on as far as it goes before a question: 0, or -1 with why and nothing
 * changed. */
int tq_endeavor_begin(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* Carry an endeavour under way on until its next question or its end
 * (then tq_turn_endeavor_done): 0, or -1 with why. */
int tq_endeavor_run(struct tq_play *p);
/* An answer to an endeavour's question (TQ_ASK_WALLS .. TQ_ASK_C_IN_C):
 * 0, or -1 with why. */
int tq_endeavor_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* A standing order (TQ_STANDING): kept hidden in s->hidden.standing[side],
 * read when its question comes: 0, or -1 with why. */
int tq_standing_set(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* The first standing order of the answers' own words that answers q
 * ("exchange" for TQ_ASK_EXCHANGE), or NULL: the guide's example. */
const char *tq_standing_word(enum tq_question q);

/* ---- tq_setup_play.c: the set-up's orders and rolls (17.2.2, 17.3.1, 17.4) ---- */

/* Run the set-up (phase TQ_SETUP) from where it stands: its rolls, then
 * its questions; when nothing is left to place the first turn begins
 * (phase TQ_SIEGE_RESOLUTION, or as the scenario's first turn says). 0,
 * or -1 with why. */
int tq_setup_run(struct tq_play *p);
/* Any answer given while the phase is TQ_SETUP: 0, or -1 with why. */
int tq_setup_answer(struct tq_play *p, enum tq_side side, const struct tq_order *o);
/* 17.1.3 B: Howe removed when he and Lincoln occupy one area (set up or
 * in play; tq_setup_play.c). */
void tq_howe_and_lincoln(struct tq_play *p);

#endif
