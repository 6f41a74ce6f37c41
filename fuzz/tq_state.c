/* libFuzzer: a Tarleton's Quarter! state text (tq_text.c). A text that
 * reads, written again, reads back to the same state; its report and
 * questions do not crash. */
#include <stdint.h>
#include <string.h>
#include "fuzz.h"
#include "tq_game.h"
#include "tq_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct tq_data *d = fuzz_tq_data();
	static struct tq_state s, again;
	char why[512], q[300], *text = NULL, *report = NULL;
	size_t len = 0, rlen = 0;
	bool secret = memmem(data, size, "\nsecret: true\n", 14) != NULL;
	if (tq_state_read((const char *)data, size, d, &s, secret, why, sizeof why) != 0)
		return 0;
	FILE *out = open_memstream(&text, &len);
	tq_state_write(out, d, &s, secret);
	fclose(out);
	if (tq_state_read(text, len, d, &again, secret, why, sizeof why) != 0 ||
	    memcmp(&s, &again, sizeof s) != 0) {
		fprintf(stderr, "a state read does not read back once written: %s\n%s\n", why, text);
		abort();
	}
	out = open_memstream(&report, &rlen);
	struct game_frame frame = { 0 };
	tq_report(out, d, &s, TQ_BRITISH, &frame, NULL, why, sizeof why);
	fclose(out);
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++)
		tq_question(d, &s, side, side, q, sizeof q);
	free(text);
	free(report);
	return 0;
}
