/* Skirmish's state as text (sk_text.c, docs/skirmish-state.md): YAML, one
 * fact a line, spots and cards by name. The public text is what sk_view
 * lets anyone see; `secret` adds only what it hides: the unrevealed dice
 * and the order of the skirmish cards not yet drawn. */
#ifndef SK_TEXT_H
#define SK_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "sk_rules.h"

/* 0, or -1 when out fails. */
int sk_state_write(FILE *out, const struct sk_data *d, const struct sk_state *s, bool secret);
/* The state as `viewer` sees it, for scripts (show --format yaml): the
 * public text of `view` (sk_view's for viewer), then for a side its own
 * throw, standing order and order of skirmishes (docs/skirmish-state.md).
 * 0, or -1 when out fails. */
int sk_state_show(FILE *out, const struct sk_data *d, const struct sk_state *view, int viewer);
/* 0 with *s, or -1 with "line N: what is wrong; what would do" in why
 * and *s unspecified. A state read is one the engine could have made:
 * every number in its range, every piece and card the data's, the units
 * all accounted for, the phase's question answerable. */
int sk_state_read(const char *text, size_t len, const struct sk_data *d, struct sk_state *s,
		  char *why, size_t whylen);

#endif
