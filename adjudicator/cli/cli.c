/* What every command of wwjudge shares (cli.h). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include "buf.h"
#include "cli.h"
#include "games.h"
#include "paths.h"

int cli_usage(const char *who, const char *usage, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vlog(who, fmt, ap);
	va_end(ap);
	fputs(usage, stderr);
	return EX_USAGE;
}

bool cli_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void cli_data_dir(const struct game *game, char *out, size_t len)
{
	static const char *const beside[] = { "..", "../share/wwjudge" };
	const char *env = getenv("WW_DATA");
	char why[512];
	if (env && *env && game_of_data_dir(env, why, sizeof why) == game) {
		snprintf(out, len, "%s", env);
		return;
	}
	char exe[PATH_MAX];
	for (size_t i = 0; i < 2 && wj_exe_dir(exe, sizeof exe) == 0; i++) {
		char cand[PATH_MAX + 64];
		snprintf(cand, sizeof cand, "%s/%s/data/%s", exe, beside[i], game->name);
		if (cli_is_dir(cand) && strlen(cand) < len) {
			snprintf(out, len, "%s", cand);
			return;
		}
	}
	snprintf(out, len, "data/%s", game->name);
}
