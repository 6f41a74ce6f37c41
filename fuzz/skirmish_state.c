/* libFuzzer: a Skirmish state text (sk_text.c). A text that reads,
 * written again, reads back to the same state; its view and questions
 * do not crash. */
#include <stdint.h>
#include <string.h>
#include "fuzz.h"
#include "sk_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct sk_data *d = fuzz_sk_data();
	static struct sk_state s, again, view;
	char why[512], q[300], *text = NULL;
	size_t len = 0;
	if (sk_state_read((const char *)data, size, d, &s, why, sizeof why) != 0)
		return 0;
	bool secret = memmem(data, size, "\nsecret: true\n", 14) != NULL;
	FILE *out = open_memstream(&text, &len);
	sk_state_write(out, d, &s, secret);
	fclose(out);
	if (sk_state_read(text, len, d, &again, why, sizeof why) != 0 ||
	    memcmp(&s, &again, sizeof s) != 0) {
		fprintf(stderr, "a state read does not read back once written: %s\n%s\n", why, text);
		abort();
	}
	sk_view(d, &s, SK_BRITISH, &view);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++)
		sk_question(d, &s, side, q, sizeof q);
	free(text);
	return 0;
}
