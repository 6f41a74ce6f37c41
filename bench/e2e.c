/* The end-to-end benchmark (bench/run.sh): one order mail through
 * `wwjudge process` against its floor (bench/floor.c), timed in turn on
 * the same game, restored in place after each run (restore_in_place).
 *
 *   e2e RUNS BASE GAME MAIL FLOOR [--vs BASE2] -- COMMAND...
 *
 * BASE is the game before the mail, GAME where the runs happen (the game
 * directory COMMAND will find). A first, untimed run of COMMAND tells
 * which files it writes; the floor writes those. Prints the medians, their
 * ratio, the median, least and greatest of the ratios of each run to the
 * floor's run after it (pair_ratio, pair_min, pair_max: paired runs, which
 * the machine's load falls on alike), and the largest resident set
 * COMMAND had (wait4's ru_maxrss).
 *
 * With --vs BASE2, each run of BASE's game is followed by one of BASE2's
 * (moved into GAME in turn, the other kept beside it), each with its
 * floor, and the same keys are printed for BASE2 with "vs_" before them,
 * and vs_ratio, vs_min, vs_max: BASE2's time over BASE's, pair by pair
 * (issue 25.4: a ratio of two games is decided on paired runs). */
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

/* One game timed: its BASE, where it waits while the other is timed, the
 * files a run writes (and their copies, for the floor), its timings. */
struct subject {
	const char *base;
	char parked[PATH_MAX], want[PATH_MAX];
	char *written[256];
	int nwritten;
	double *tp, *tf, *pair;
};

static const char *game;
static struct subject *at; /* the subject nftw's callbacks look at */

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
static void restore(const struct subject *x)
{
	shell("rm -rf '%s' && cp -a '%s' '%s'", game, x->base, game);
	sync();
}

/* GAME as BASE again after a run: each file the run wrote rewritten from
 * BASE in its own inode, each it made removed. Not the whole copy again:
 * deleting thousands of files just before a timed run leaves ext4
 * thousands of recently freed inodes, which its allocator skips one by
 * one (recently_deleted) for a minute when the next run creates a file,
 * and that cost grew with the game being copied, not with the judge. */
static void restore_in_place(const struct subject *x)
{
	for (int i = 0; i < x->nwritten; i++) {
		char from[2 * PATH_MAX], to[2 * PATH_MAX];
		snprintf(from, sizeof from, "%s/%s", x->base, x->written[i]);
		snprintf(to, sizeof to, "%s/%s", game, x->written[i]);
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
	snprintf(old, sizeof old, "%s/%s", at->base, rel);
	if (!same_file(path, old) && at->nwritten < 256) {
		at->written[at->nwritten++] = strdup(rel);
		shell("mkdir -p \"$(dirname '%s/%s')\"", at->want, rel);
		shell("cp '%s' '%s/%s'", path, at->want, rel);
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
	snprintf(now, sizeof now, "%s/%s", game, path + strlen(at->base));
	if (flag == FTW_F && access(now, F_OK) != 0) {
		fprintf(stderr, "e2e: the run removed %s, which a restore in place cannot bring back\n",
			now);
		exit(1);
	}
	return 0;
}

static void move(const char *from, const char *to)
{
	if (rename(from, to)) {
		perror(to);
		exit(1);
	}
}

/* The subject's first, untimed run: which files COMMAND writes. Leaves
 * its game restored at GAME. */
static void prepare(struct subject *x, int runs, char **command, const char *mail)
{
	snprintf(x->want, sizeof x->want, "%s.written-%p", game, (void *)x);
	snprintf(x->parked, sizeof x->parked, "%s.parked-%p", game, (void *)x);
	x->tp = calloc((size_t)runs, sizeof *x->tp);
	x->tf = calloc((size_t)runs, sizeof *x->tf);
	x->pair = calloc((size_t)runs, sizeof *x->pair);
	restore(x);
	run(command, mail, NULL);
	at = x;
	nftw(game, note_written, 16, FTW_PHYS);
	nftw(x->base, note_removed, 16, FTW_PHYS);
	restore_in_place(x);
}

/* Run i of the subject at GAME, then its floor. */
static void time_one(struct subject *x, int i, char **command, const char *mail,
		     const char *floor_bin, long *rss)
{
	char *floor[300] = { (char *)floor_bin, (char *)mail, x->want, (char *)game };
	for (int k = 0; k < x->nwritten; k++)
		floor[4 + k] = x->written[k];
	x->tp[i] = run(command, mail, rss);
	restore_in_place(x);
	x->tf[i] = run(floor, NULL, NULL);
	restore_in_place(x);
	x->pair[i] = x->tp[i] / x->tf[i];
}

static void report(const char *prefix, struct subject *x, int runs, long rss)
{
	double mp = median(x->tp, runs), mf = median(x->tf, runs), mr = median(x->pair, runs);
	printf("%sfiles %d\n%sprocess_ms %.2f\n%sfloor_ms %.2f\n%sratio %.2f\n%smaxrss_kb %ld\n",
	       prefix, x->nwritten, prefix, mp * 1e3, prefix, mf * 1e3, prefix, mp / mf, prefix, rss);
	printf("%spair_ratio %.2f\n%spair_min %.2f\n%spair_max %.2f\n", prefix, mr, prefix,
	       x->pair[0], prefix, x->pair[runs - 1]);
}

int main(int argc, char **argv)
{
	int dash = 6;
	if (argc > 8 && !strcmp(argv[6], "--vs"))
		dash = 8;
	if (argc < dash + 2 || strcmp(argv[dash], "--")) {
		fprintf(stderr, "usage: e2e RUNS BASE GAME MAIL FLOOR [--vs BASE2] -- COMMAND...\n");
		return 64;
	}
	int runs = atoi(argv[1]);
	struct subject one = { .base = argv[2] }, two = { .base = dash == 8 ? argv[7] : NULL };
	game = argv[3];
	const char *mail = argv[4];
	char **command = argv + dash + 1;
	long rss = 0, rss2 = 0;
	double *vs = calloc((size_t)runs, sizeof *vs);
	if (two.base) {
		prepare(&two, runs, command, mail);
		move(game, two.parked);
	}
	prepare(&one, runs, command, mail);
	for (int i = 0; i < runs; i++) {
		time_one(&one, i, command, mail, argv[5], &rss);
		if (!two.base)
			continue;
		move(game, one.parked);
		move(two.parked, game);
		time_one(&two, i, command, mail, argv[5], &rss2);
		move(game, two.parked);
		move(one.parked, game);
		vs[i] = two.tp[i] / one.tp[i];
	}
	report("", &one, runs, rss);
	if (two.base) {
		report("vs_", &two, runs, rss2);
		double mv = median(vs, runs);
		printf("vs_ratio %.2f\nvs_min %.2f\nvs_max %.2f\n", mv, vs[0], vs[runs - 1]);
		shell("rm -rf '%s' '%s'", two.want, two.parked);
	}
	shell("rm -rf '%s' '%s'", one.want, game);
	return 0;
}
