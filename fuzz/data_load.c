/* libFuzzer: the data loader and data-check. The first byte chooses one
 * of the data set's files, the rest replaces it in a private copy of the
 * data directory (the other files stay as shipped). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"

static const char *const files[] = { "cards.yaml", "colonies.yaml", "dataset.yaml",
				     "generals.yaml", "links.yaml", "setup.yaml",
				     "spaces.yaml", "turn-track.yaml", "zones.yaml" };
#define NFILES (sizeof files / sizeof *files)

static char dir[64];

static void copy(const char *from_dir, const char *name)
{
	char from[512], to[512], buf[65536];
	snprintf(from, sizeof from, "%s/%s", from_dir, name);
	snprintf(to, sizeof to, "%s/%s", dir, name);
	FILE *in = fopen(from, "r"), *out = fopen(to, "w");
	size_t n;
	while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0)
		fwrite(buf, 1, n, out);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
}

static void set_up(void)
{
	const char *src = getenv("WW_DATA") ? getenv("WW_DATA") : WW_FUZZ_DATA;
	snprintf(dir, sizeof dir, "/dev/shm/ww-fuzz-data-%d", (int)getpid());
	char cmd[128];
	snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
	if (system(cmd) != 0)
		abort();
	for (size_t i = 0; i < NFILES; i++)
		copy(src, files[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!dir[0])
		set_up();
	if (size < 1)
		return 0;
	const char *name = files[data[0] % NFILES];
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		return 0;
	fwrite(data + 1, 1, size - 1, f);
	fclose(f);
	static struct ww_data d;
	struct wj_data_problems p = { 0 };
	if (ww_data_load(dir, &d, &p) == 0)
		(void)ww_data_check(&d, &p);
	copy(getenv("WW_DATA") ? getenv("WW_DATA") : WW_FUZZ_DATA, name);
	return 0;
}
