/* libFuzzer: one line of Tarleton's Quarter!'s order language (tq_order.c,
 * tq_order_answer.c); an order that parses must format and parse back to
 * the same order. */
#include <stdint.h>
#include <string.h>
#include "fuzz.h"
#include "tq_order.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct tq_data *d = fuzz_tq_data();
	char line[4096], why[1024], text[2048];
	struct tq_order o, again;
	if (size >= sizeof line)
		size = sizeof line - 1;
	memcpy(line, data, size);
	line[size] = '\0';
	(void)tq_order_starts(line);
	if (tq_order_parse(d, line, &o, why, sizeof why) != 0)
		return 0;
	tq_order_format(d, &o, text, sizeof text);
	if (tq_order_parse(d, text, &again, why, sizeof why) != 0 ||
	    memcmp(&o, &again, sizeof o) != 0) {
		fprintf(stderr, "'%s' parses, but its canonical form '%s' does not give it back: %s\n",
			line, text, why);
		abort();
	}
	return 0;
}
