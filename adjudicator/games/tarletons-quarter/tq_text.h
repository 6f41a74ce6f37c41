/* Tarleton's Quarter!'s position as text: one `key: value` or
 * `key: {field: value, ...}` line per fact, areas by their I.D. and
 * leaders by name, only what is not empty; read back with every value
 * checked. The public text (secret false) leaves out struct tq_hidden:
 * read, its hidden part is empty. Writing what was read writes the same
 * bytes. */
#ifndef TQ_TEXT_H
#define TQ_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "tq_data.h"
#include "tq_state.h"

/* 0, or -1 when out could not be written. */
int tq_state_write(FILE *out, const struct tq_data *d, const struct tq_state *s, bool secret);
/* The len bytes of text into *s: 0, or -1 with why ("line N: what was
 * wrong; what would be accepted"). */
int tq_state_read(const char *text, size_t len, const struct tq_data *d, struct tq_state *s,
		  bool secret, char *why, size_t whylen);

#endif
