/* The order language: text a person can type, one order per line,
 * case-insensitive, space names matched forgivingly (order_parse.c).
 * docs/orders.md documents it with an example for every order. */
#ifndef WW_ORDER_H
#define WW_ORDER_H

#include <stddef.h>
#include "data.h"
#include "rules.h"

/* Parses one line into *o. Returns 0, or -1 with a message in err saying
 * what was not understood and what would be accepted (for a space name:
 * "did you mean Boston?" or the list of candidates). */
int ww_order_parse(const struct ww_data *d, const char *line,
		   struct ww_order *o, char *err, size_t errlen);

/* Does `line` begin with a word that starts an order (the first word of
 * a form of the grammar, as ww_order_parse reads it)? The mail's order
 * block asks, to tell an order from a line a phone wrapped. */
bool ww_order_starts(const char *line);

/* Resolves a space name: exact (case-insensitive, punctuation and
 * "St."/"Saint" folded), then a unique prefix. Returns the index, or -1
 * with the problem in err. */
int ww_space_match(const struct ww_data *d, const char *name,
		   char *err, size_t errlen);

/* Writes the canonical text of an order ("play 12 pc Boston, Salem NC"). */
void ww_order_format(const struct ww_data *d, const struct ww_order *o,
		     char *out, size_t len);

#endif
