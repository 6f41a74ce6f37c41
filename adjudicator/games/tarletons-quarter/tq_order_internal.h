/* What tq_order.c's endeavours and tq_order_answer.c's answers share:
 * words, names and forces read the one way (docs/tarletons-quarter-orders.md). */
#ifndef TQ_ORDER_INTERNAL_H
#define TQ_ORDER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include "tq_order.h"

const char *tq_ord_skip(const char *p);
/* A copy of the n bytes at p without their blanks around, in out. */
void tq_ord_trimmed(const char *p, size_t n, char *out, size_t len);
/* Does p begin with the word w (any case), ending at a blank, a
 * punctuation mark or the end? */
bool tq_ord_word_at(const char *p, const char *w);
/* What a name names, or -1 with why. */
int tq_ord_area(const struct tq_data *d, const char *name, char *why, size_t whylen);
int tq_ord_leader(const struct tq_data *d, const char *name, char *why, size_t whylen);
/* A force's items ("21 regulars, 2 cavalry, Tarleton") into o, or -1
 * with why; written back by tq_ord_format_force, the first item after
 * `lead` (" with 21 regulars, 2 cavalry, Tarleton"). */
int tq_ord_force(const struct tq_data *d, const char *text, struct tq_order *o, char *why,
		 size_t whylen);
void tq_ord_format_force(const struct tq_data *d, const struct tq_order *o, const char *lead,
			 char *out, size_t len);

/* tq_order_answer.c: the answers to the questions, and standing orders. */
bool tq_answer_starts(const char *line);
int tq_answer_parse(const struct tq_data *d, const char *line, struct tq_order *o, char *why,
		    size_t whylen);
void tq_answer_format(const struct tq_data *d, const struct tq_order *o, char *out, size_t len);

#endif
