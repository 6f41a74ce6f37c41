/* libFuzzer: the record's state reader (ww_state_read_yaml, both the
 * secret and, through a scenario file, the forgiving scenario form). A
 * state that reads must write and read back to the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"
#include "record.h"
#include "ww_text.h"

static void scenario(const uint8_t *data, size_t size, const struct ww_data *d)
{
	static char path[64];
	if (!path[0])
		snprintf(path, sizeof path, "/dev/shm/ww-fuzz-scenario-%d.yaml", (int)getpid());
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fwrite(data, 1, size, f);
	fclose(f);
	static struct ww_state s;
	char err[512];
	(void)ww_scenario_load(path, d, &s, err, sizeof err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ww_data *d = fuzz_data();
	static struct ww_state s, t;
	char err[512];
	scenario(data, size, d);
	if (ww_state_read_yaml((const char *)data, size, d, &s, err, sizeof err) != 0)
		return 0;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return 0;
	ww_state_write_yaml(f, d, &s, true);
	fclose(f);
	if (ww_state_read_yaml(text, len, d, &t, err, sizeof err) != 0) {
		fprintf(stderr, "a state that reads does not read back once written: %s\n", err);
		abort();
	}
	free(text);
	return 0;
}
