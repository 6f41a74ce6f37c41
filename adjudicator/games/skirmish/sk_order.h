/* Skirmish's order language (docs/skirmish-orders.md): one order a line,
 * parsed into struct sk_order (sk_rules.h) and written back canonically.
 * Spots are named as in data/skirmish/spots.yaml, matched ignoring case
 * and accents (core/names.h). */
#ifndef SK_ORDER_H
#define SK_ORDER_H

#include <stdbool.h>
#include <stddef.h>
#include "sk_rules.h"

/* One line: 0 with *o (canonical: what sk_order_format writes parses
 * to the same struct), or -1 with what was not understood and what
 * would be accepted in why. */
int sk_order_parse(const struct sk_data *d, const char *line, struct sk_order *o, char *why,
		   size_t whylen);
void sk_order_format(const struct sk_data *d, const struct sk_order *o, char *out, size_t len);
/* Does the line begin with an order's first word? */
bool sk_order_starts(const char *line);
/* The order's first word(s): "move", "card move". */
const char *sk_order_word(enum sk_order_kind kind);

#endif
