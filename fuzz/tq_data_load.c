/* libFuzzer: Tarleton's Quarter!'s data loader and check. The first byte
 * chooses one of the data set's files, the rest replaces it in a private
 * copy of the data directory (the other files stay as shipped); the whole
 * set is then loaded as the engine loads it (tq_data_load_full, which
 * ends with tq_data_check). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tq_data.h"

static const char *const files[] = {
	"dataset.yaml", "areas.yaml", "leaders.yaml", "schedule.yaml", "tables.yaml",
	"map.yaml", "units.yaml", "scenarios/17.1.yaml", "scenarios/17.2.yaml",
	"scenarios/17.3.yaml", "scenarios/17.4.yaml",
};
#define NFILES (sizeof files / sizeof *files)

static char dir[64];

static const char *source(void)
{
	return getenv("TQ_DATA") ? getenv("TQ_DATA") : "data/tarletons-quarter";
}

static void copy(const char *name)
{
	char from[512], to[512], buf[65536];
	snprintf(from, sizeof from, "%s/%s", source(), name);
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
	char cmd[128];
	snprintf(dir, sizeof dir, "/dev/shm/tq-fuzz-data-%d", (int)getpid());
	snprintf(cmd, sizeof cmd, "mkdir -p %s/scenarios", dir);
	if (system(cmd) != 0)
		abort();
	for (size_t i = 0; i < NFILES; i++)
		copy(files[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tq_data d;
	struct wj_data_problems p = { 0 };
	char path[512];

	if (!dir[0])
		set_up();
	if (size < 1)
		return 0;
	const char *name = files[data[0] % NFILES];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		return 0;
	fwrite(data + 1, 1, size - 1, f);
	fclose(f);
	(void)tq_data_load_full(dir, &d, &p);
	copy(name);
	return 0;
}
