/* libFuzzer: one line of the order language (order_parse.c); an order
 * that parses must format and parse back to the same order. */
#include <stdint.h>
#include <string.h>
#include "fuzz.h"
#include "order.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ww_data *d = fuzz_data();
	char line[4096], err[512], text[1024];
	if (size >= sizeof line)
		size = sizeof line - 1;
	memcpy(line, data, size);
	line[size] = '\0';
	struct ww_order o, again;
	if (ww_order_parse(d, line, &o, err, sizeof err) != 0)
		return 0;
	ww_order_format(d, &o, text, sizeof text);
	if (ww_order_parse(d, text, &again, err, sizeof err) != 0) {
		fprintf(stderr, "'%s' parses, but its canonical form '%s' does not: %s\n",
			line, text, err);
		abort();
	}
	return 0;
}
