/* The end-to-end benchmark (bench/run.sh): one order mail through
 * `wwjudge process` against its floor (bench/floor.c), timed in turn on
 * the same game, restored in place after each run (restore_in_place).
 *
 *   e2e RUNS BASE GAME MAIL FLOOR -- COMMAND...
 *
 * BASE is the game before the mail, GAME where the runs happen (the game
 * directory COMMAND will find). A first, untimed run of COMMAND tells
 * which files it writes; the floor writes those. Prints the medians, their
 * ratio, the median, least and greatest of the ratios of each run to the
 * floor's run after it (pair_ratio, pair_min, pair_max: paired runs, which
 * the machine's load falls on alike), and the largest resident set
 * COMMAND had (wait4's ru_maxrss). */
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

extern char **environ;

static const char *base, *game;
static char want[PATH_MAX];
static char *written[256];
static int nwritten;

__attribute__((format(printf, 1, 2)))
static void shell(const char *fmt, ...)
{
	char cmd[4 * PATH_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	if (system(cmd)) {
		fprintf(stderr, "e2e: %s failed\n", cmd);
		exit(1);
	}
}

/* GAME as BASE, copied whole, on disk (synced). */
static void restore(void)
{
	shell("rm -rf '%s' && cp -a '%s' '%s'", game, base, game);
	sync();
}

/* GAME as BASE again after a run: each file the run wrote rewritten from
 * BASE in its own inode, each it made removed. Not the whole copy again:
 * deleting thousands of files just before a timed run leaves ext4
 * thousands of recently freed inodes, which its allocator skips one by
 * one (recently_deleted) for a minute when the next run creates a file,
 * and that cost grew with the game being copied, not with the judge. */
static void restore_in_place(void)
{
	for (int i = 0; i < nwritten; i++) {
		char from[2 * PATH_MAX], to[2 * PATH_MAX];
		snprintf(from, sizeof from, "%s/%s", base, written[i]);
		snprintf(to, sizeof to, "%s/%s", game, written[i]);
		if (access(from, F_OK) == 0)
			shell("cat '%s' >'%s'", from, to);
		else if (unlink(to) != 0) {
			perror(to);
			exit(1);
		}
	}
	sync();
}

/* Seconds COMMAND took, from spawn to exit; its max RSS in KiB. */
static double run(char **argv, const char *stdin_path, long *maxrss)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	if (stdin_path)
		posix_spawn_file_actions_addopen(&fa, 0, stdin_path, O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int status;
	struct rusage ru;
	double t0 = now();
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ)) {
		perror(argv[0]);
		exit(1);
	}
	wait4(pid, &status, 0, &ru);
	double t = now() - t0;
	posix_spawn_file_actions_destroy(&fa);
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "e2e: %s exited with %d\n", argv[0], WEXITSTATUS(status));
		exit(1);
	}
	if (maxrss && ru.ru_maxrss > *maxrss)
		*maxrss = ru.ru_maxrss;
	return t;
}

static int same_file(const char *a, const char *b)
{
	char cmd[3 * PATH_MAX];
	snprintf(cmd, sizeof cmd, "cmp -s '%s' '%s'", a, b);
	return system(cmd) == 0;
}

static int note_written(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	if (flag != FTW_F)
		return 0;
	const char *rel = path + strlen(game) + 1;
	char old[2 * PATH_MAX];
	snprintf(old, sizeof old, "%s/%s", base, rel);
	if (!same_file(path, old) && nwritten < 256) {
		written[nwritten++] = strdup(rel);
		shell("mkdir -p \"$(dirname '%s/%s')\"", want, rel);
		shell("cp '%s' '%s/%s'", path, want, rel);
	}
	return 0;
}

/* Restoring in place brings back what a run changed or made, not what it
 * removed: a run must remove nothing of BASE. */
static int note_removed(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	char now[2 * PATH_MAX];
	snprintf(now, sizeof now, "%s/%s", game, path + strlen(base));
	if (flag == FTW_F && access(now, F_OK) != 0) {
		fprintf(stderr, "e2e: the run removed %s, which a restore in place cannot bring back\n",
			now);
		exit(1);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 8 || strcmp(argv[6], "--")) {
		fprintf(stderr, "usage: e2e RUNS BASE GAME MAIL FLOOR -- COMMAND...\n");
		return 64;
	}
	int runs = atoi(argv[1]);
	base = argv[2];
	game = argv[3];
	const char *mail = argv[4];
	char **command = argv + 7;
	snprintf(want, sizeof want, "%s.written", game);
	restore();
	run(command, mail, NULL);
	nftw(game, note_written, 16, FTW_PHYS);
	nftw(base, note_removed, 16, FTW_PHYS);
	char *floor[300] = { argv[5], (char *)mail, want, (char *)game };
	for (int i = 0; i < nwritten; i++)
		floor[4 + i] = written[i];
	double *tp = calloc((size_t)runs, sizeof *tp), *tf = calloc((size_t)runs, sizeof *tf);
	double *pair = calloc((size_t)runs, sizeof *pair);
	long rss = 0;
	restore_in_place();
	for (int i = 0; i < runs; i++) {
		tp[i] = run(command, mail, &rss);
		restore_in_place();
		tf[i] = run(floor, NULL, NULL);
		restore_in_place();
		pair[i] = tp[i] / tf[i];
	}
	double mp = median(tp, runs), mf = median(tf, runs), mr = median(pair, runs);
	printf("files %d\nprocess_ms %.2f\nfloor_ms %.2f\nratio %.2f\nmaxrss_kb %ld\n",
	       nwritten, mp * 1e3, mf * 1e3, mp / mf, rss);
	printf("pair_ratio %.2f\npair_min %.2f\npair_max %.2f\n", mr, pair[0], pair[runs - 1]);
	shell("rm -rf '%s' '%s'", want, game);
	return 0;
}
