/* soak: plays many complete random games with tests/driver.h and checks
 * every accepted order (docs/soak.md). `make soak GAMES=n SEED=x`.
 *
 * Game i has the seed SEED + i, so `soak --games 1 --seed S` replays game S.
 * The games run in a child process: if the engine crashes, the parent
 * learns which game it was, plays it again with a trace to find the order
 * that crashed, saves it, and goes on with the next game. Every failure
 * leaves OUT/<seed>/, a game directory built through the real record (as
 * `wwjudge order` does) for `wwjudge show` and `verify`, and OUT/<seed>.sh,
 * the same game as `wwjudge` commands. */
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "record.h"
#include "driver.h"
#include "games.h"
#include "ww_game.h"

#define GAME_SECONDS 60 /* a game takes milliseconds: longer is an endless loop */

struct options {
	long games;
	uint64_t seed;
	const char *out;         /* where failures are saved */
	int jobs;                /* lanes of games run side by side */
	long save;               /* --save SEED: save that game even if it passes */
	bool have_save;
};

/* One lane: games from..to-1, played one after the other. */
struct lane {
	int id;
	long from, to;
};

/* What the parent adds up from the worker's reports. */
struct tally {
	long passed, failed, orders, refused, exhaustive;
	long kinds[DRV_KINDS];
};

static const char USAGE[] =
	"usage: soak [--games N] [--seed S] [--jobs J] [--out DIR] [--save SEED]\n"
	"Plays N random games (seeds S, S+1, ...) in J processes side by side\n"
	"and checks every order; failures are saved under DIR (default\n"
	"soak-failures). --save writes the game of SEED there whether or not\n"
	"it fails.\n";

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static const char *side_word(enum ww_side side)
{
	return side == WW_AMERICAN ? "american" : "british";
}

/* ww_order_format, or the raw fields when the order cannot be written as
 * text that reads back as the same order (the driver's nonsense orders). */
static void order_text(const struct ww_data *d, const struct ww_order *o, char *out,
		       size_t len, bool *raw)
{
	char why[900];
	bool ok = o->kind >= WW_ORD_COMMITTEES && o->kind <= WW_ORD_STANDING &&
		  o->card >= 0 && o->card <= d->ncards &&
		  o->nspaces >= 0 && o->nspaces <= WW_ORDER_SPACES;
	for (int i = 0; ok && i < o->nspaces; i++)
		ok = o->spaces[i] >= 0 && o->spaces[i] < d->nspaces;
	*raw = !ok || drv_round_trip(d, o, out, len, why, sizeof why) != 0;
	if (!*raw)
		return;
	int at = snprintf(out, len, "kind %d card %d first %d action %d general %d keep %d "
			  "cu %d by_sea %d french %d queue_move %d zone %d standing %d generals",
			  o->kind, o->card, o->first, o->action, o->general, o->keep, o->cu,
			  o->by_sea, o->french, o->queue_move, o->zone, o->standing);
	for (int i = 0; i < o->ngenerals && i < 4 && at > 0 && (size_t)at < len; i++)
		at += snprintf(out + at, len - (size_t)at, " %d", o->generals[i]);
	if (at > 0 && (size_t)at < len)
		at += snprintf(out + at, len - (size_t)at, " spaces");
	for (int i = 0; i < o->nspaces && i < WW_ORDER_SPACES && at > 0 && (size_t)at < len; i++)
		at += snprintf(out + at, len - (size_t)at, " %d(%d,%d)", o->spaces[i], o->drop[i],
			       o->take[i]);
}

/* ---- saving a failure ---- */

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st; (void)flag; (void)f;
	return remove(path);
}

static int setup_game(const struct ww_data *d, uint64_t seed, struct wj_game *gm,
		      struct wj_dice *dice, struct wj_rng *rng, struct ww_events *ev)
{
	wj_game_free(gm); /* gm is zeroed or the game of before */
	if (wj_game_new(gm, &game_washingtons_war) < 0)
		return -1;
	gm->data = ww_game_data_of(d);
	drv_dice_seed(seed, gm->seed);
	memset(dice, 0, sizeof *dice);
	memcpy(dice->seed, gm->seed, sizeof dice->seed);
	wj_dice_rng(dice, rng);
	ww_new_game(d, ww_state_of(gm->state), rng, ev);
	snprintf(gm->meta.data_id, sizeof gm->meta.data_id, "%s", d->id);
	snprintf(gm->meta.data_dir, sizeof gm->meta.data_dir, "%s", d->dir);
	snprintf(gm->meta.addr[WW_AMERICAN], sizeof gm->meta.addr[WW_AMERICAN], "american@soak.invalid");
	snprintf(gm->meta.addr[WW_BRITISH], sizeof gm->meta.addr[WW_BRITISH], "british@soak.invalid");
	wj_seed_commitment(gm->seed, gm->meta.commitment);
	return 0;
}

/* One order through the record, as `wwjudge order` does it. */
static int commit_move(const char *dir, const struct ww_data *d, struct wj_game *gm,
		       const struct drv_move *m, struct wj_rng *rng, struct game_events *gev)
{
	static struct game_state before;
	struct ww_events *ev = ww_events_of(gev);
	char text[1024], why[768], err[512] = "";
	bool raw;
	int fd;
	before = *gm->state;
	ev->n = 0;
	order_text(d, &m->o, text, sizeof text, &raw);
	if (ww_apply(d, ww_state_of(gm->state), m->side, &m->o, rng, ev, why, sizeof why)) {
		fprintf(stderr, "soak: replaying into %s, '%s' was refused: %s\n", dir, text, why);
		return -1;
	}
	struct wj_log_entry e = { .side = m->side, .order_text = text, .sender = "soak",
				  .events = gev };
	if (wj_record_lock(dir, 5, &fd, err, sizeof err) != WJ_REC_OK) {
		fprintf(stderr, "soak: %s\n", err);
		return -1;
	}
	enum wj_rec_status st = wj_record_commit(dir, &before, gm, &e, err, sizeof err);
	wj_record_unlock(fd);
	if (st != WJ_REC_OK) {
		fprintf(stderr, "soak: committing '%s' to %s: %s\n", text, dir, err);
		return -1;
	}
	return 0;
}

/* OUT/<seed>/: the accepted orders replayed through the real record. */
static int save_record(const struct options *opt, const struct ww_data *d, uint64_t seed,
		       const struct drv_move *moves, int n)
{
	static struct wj_game gm;
	struct wj_dice dice;
	struct wj_rng rng;
	struct game_events ev = { { 0 } };
	char dir[PATH_MAX], err[512] = "";
	int rc = 0;
	snprintf(dir, sizeof dir, "%s/%llu", opt->out, (unsigned long long)seed);
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS); /* an older run's copy */
	if (setup_game(d, seed, &gm, &dice, &rng, ww_events_of(&ev)) < 0)
		return -1;
	if (wj_record_create(dir, &gm, &ev, err, sizeof err) != WJ_REC_OK) {
		fprintf(stderr, "soak: cannot create %s: %s\n", dir, err);
		rc = -1;
	}
	for (int i = 0; rc == 0 && i < n; i++)
		rc = commit_move(dir, d, &gm, &moves[i], &rng, &ev);
	ww_events_free(ww_events_of(&ev));
	if (rc == 0)
		printf("  saved %s (build/wwjudge show %s --as american; build/wwjudge verify %s)\n",
		       dir, dir, dir);
	return rc;
}

static void shell_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

static void script_order(FILE *f, const struct ww_data *d, const struct drv_move *m)
{
	char text[1024];
	bool raw;
	order_text(d, &m->o, text, sizeof text, &raw);
	if (raw) {
		fprintf(f, "# not expressible as an order line (%s): %s\n", side_word(m->side), text);
		return;
	}
	fprintf(f, "\"$w\" order \"$g\" --as %s ", side_word(m->side));
	shell_quoted(f, text);
	fputc('\n', f);
}

/* OUT/<seed>.sh: the same game through the command line; `culprit`, when
 * there is one, is the order that failed (it is not in `moves`). */
static int save_script(const struct options *opt, const struct ww_data *d, uint64_t seed,
		       const struct drv_move *moves, int n, const struct drv_move *culprit,
		       const char *failure)
{
	char path[PATH_MAX], hex[WJ_COMMIT_HEX];
	unsigned char bytes[WJ_SEED_BYTES];
	snprintf(path, sizeof path, "%s/%llu.sh", opt->out, (unsigned long long)seed);
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "soak: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	drv_dice_seed(seed, bytes);
	wj_seed_to_hex(bytes, hex);
	fprintf(f, "#!/bin/sh\n# soak game %llu: %s\n", (unsigned long long)seed, failure);
	fprintf(f, "# Replays it through the command line into GAME_DIR (default\n"
		   "# soak-replay-%llu); WWJUDGE names the binary (default build/wwjudge).\n"
		   "set -e\nw=${WWJUDGE:-build/wwjudge}\ng=${1:-soak-replay-%llu}\n",
		(unsigned long long)seed, (unsigned long long)seed);
	fprintf(f, "\"$w\" new \"$g\" --american american@soak.invalid "
		   "--british british@soak.invalid --seed %s --data ", hex);
	shell_quoted(f, d->dir);
	fputc('\n', f);
	for (int i = 0; i < n; i++)
		script_order(f, d, &moves[i]);
	if (culprit) {
		fprintf(f, "# the order that failed:\n");
		script_order(f, d, culprit);
	}
	if (fclose(f)) {
		fprintf(stderr, "soak: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	chmod(path, 0755);
	printf("  saved %s\n", path);
	return 0;
}

static void print_moves(const struct ww_data *d, const struct drv_move *moves, int n,
			const struct drv_move *culprit)
{
	char text[1024];
	bool raw;
	for (int i = 0; i < n; i++) {
		order_text(d, &moves[i].o, text, sizeof text, &raw);
		printf("  %5d %s: %s\n", i + 1, side_word(moves[i].side), text);
	}
	if (culprit) {
		order_text(d, &culprit->o, text, sizeof text, &raw);
		printf("  %5s %s: %s   <- the order that failed\n", "", side_word(culprit->side), text);
	}
}

static void report_failure(const struct options *opt, const struct ww_data *d, uint64_t seed,
			   const struct drv_move *moves, int n, const struct drv_move *culprit,
			   const char *failure)
{
	printf("FAILED game seed %llu after %d orders: %s\n", (unsigned long long)seed, n, failure);
	print_moves(d, moves, n, culprit);
	mkdir(opt->out, 0755);
	save_record(opt, d, seed, moves, n);
	save_script(opt, d, seed, moves, n, culprit, failure);
	fflush(stdout);
}

/* ---- the worker ---- */

/* Plays game `seed`; returns 0 if it passed. The driver is large: static. */
static int play_one(const struct options *opt, const struct ww_data *d, uint64_t seed,
		    struct drv_game *g)
{
	drv_start(g, d, seed);
	int rc = drv_play(g);
	if (rc)
		report_failure(opt, d, seed, g->moves, g->nmoves,
			       g->has_culprit ? &g->culprit : NULL, g->failure);
	else if (opt->have_save && (uint64_t)opt->save == seed)
		report_failure(opt, d, seed, g->moves, g->nmoves, NULL, "saved on request (--save)");
	drv_end(g);
	return rc;
}

/* Runs games from..games-1, reporting each on `out`:
 *   S i          game i starts
 *   P i orders refused exhaustive k0 k1 ...   passed
 *   F i          failed (already reported and saved) */
static void worker(const struct options *opt, const struct ww_data *d, long from, long to,
		   FILE *out)
{
	static struct drv_game g;
	for (long i = from; i < to; i++) {
		fprintf(out, "S %ld\n", i);
		fflush(out);
		fflush(stdout);
		alarm(GAME_SECONDS);
		if (play_one(opt, d, opt->seed + (uint64_t)i, &g)) {
			fprintf(out, "F %ld\n", i);
			continue;
		}
		fprintf(out, "P %ld %d %ld %d", i, g.nmoves, g.refused, g.exhaustive);
		for (int k = 0; k < DRV_KINDS; k++)
			fprintf(out, " %d", g.kinds[k]);
		fputc('\n', out);
	}
	fflush(out);
}

/* ---- a crash ---- */

/* Reads the trace of a crashed game: the accepted orders, and the order
 * being tried when it stopped. Returns how many orders were accepted. */
static int read_trace(FILE *f, struct drv_move *moves, struct drv_move *culprit, bool *have)
{
	char line[1024];
	int n = 0;
	*have = false;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '+') {
			if (*have && n < DRV_MAX_ORDERS)
				moves[n++] = *culprit;
			*have = false;
			continue;
		}
		struct drv_move m;
		if (!drv_trace_read(line, &m.side, &m.o))
			continue;
		*culprit = m;
		*have = true;
	}
	return n;
}

/* Plays the crashed game again in a child with a trace, then saves what
 * led up to the crash. */
static void handle_crash(const struct options *opt, const struct ww_data *d, uint64_t seed,
			 int status)
{
	static struct drv_move moves[DRV_MAX_ORDERS];
	static struct drv_game g;
	struct drv_move culprit;
	bool have;
	char why[300];
	FILE *trace = tmpfile();
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		snprintf(why, sizeof why, "the game did not end within %d s (an endless loop?)",
			 GAME_SECONDS);
	else if (WIFSIGNALED(status))
		snprintf(why, sizeof why, "the engine crashed (signal %d)", WTERMSIG(status));
	else
		snprintf(why, sizeof why, "the engine stopped the process (exit %d)",
			 WEXITSTATUS(status));
	if (!trace) {
		printf("FAILED game seed %llu: %s; no trace: %s\n", (unsigned long long)seed, why,
		       strerror(errno));
		return;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(2);
		alarm(GAME_SECONDS);
		drv_start(&g, d, seed);
		g.trace = trace;
		drv_play(&g);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	rewind(trace);
	int n = read_trace(trace, moves, &culprit, &have);
	fclose(trace);
	if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		snprintf(why + strlen(why), sizeof why - strlen(why),
			 ", but did not crash when played again");
	report_failure(opt, d, seed, moves, n, have ? &culprit : NULL, why);
}

/* ---- the parent ---- */

static void add_passed(struct tally *t, const char *line)
{
	long i, orders, refused, exhaustive;
	int used;
	if (sscanf(line, "P %ld %ld %ld %ld%n", &i, &orders, &refused, &exhaustive, &used) != 4)
		return;
	t->passed++;
	t->orders += orders;
	t->refused += refused;
	t->exhaustive += exhaustive;
	const char *p = line + used;
	for (int k = 0; k < DRV_KINDS; k++, p += used) {
		long v;
		if (sscanf(p, "%ld%n", &v, &used) != 1)
			break;
		t->kinds[k] += v;
	}
}

static void progress(const struct lane *l, const struct tally *t, double start,
		     double *last)
{
	long done = t->passed + t->failed;
	double at = now();
	if (done != l->to - l->from && at - *last < 10)
		return;
	*last = at;
	printf("soak: lane %d: %ld of %ld games, %ld failed, %.0f s\n", l->id, done,
	       l->to - l->from, t->failed, at - start);
	fflush(stdout);
}

/* Reads one worker's reports until it stops; returns the index of the game
 * it was playing when it stopped early, or -1 if it finished. */
static long read_worker(const struct lane *l, FILE *in, struct tally *t, double start,
			double *last)
{
	char line[2048];
	long started = -1, finished = -1;
	while (fgets(line, sizeof line, in)) {
		long i;
		if (sscanf(line + 1, " %ld", &i) != 1)
			continue;
		if (line[0] == 'S') {
			started = i;
			continue;
		}
		finished = i;
		if (line[0] == 'F')
			t->failed++;
		else
			add_passed(t, line);
		progress(l, t, start, last);
	}
	return started > finished ? started : -1;
}

static int run(const struct options *opt, const struct ww_data *d, const struct lane *l,
	       struct tally *t)
{
	double start = now(), last = start;
	long next = l->from;
	while (next < l->to) {
		int fds[2], status = 0;
		fflush(stdout);
		if (pipe(fds)) {
			perror("soak: pipe");
			return -1;
		}
		pid_t pid = fork();
		if (pid < 0) {
			perror("soak: fork");
			return -1;
		}
		if (pid == 0) {
			close(fds[0]);
			FILE *out = fdopen(fds[1], "w");
			worker(opt, d, next, l->to, out);
			fclose(out);
			fflush(stdout);
			_exit(0);
		}
		close(fds[1]);
		FILE *in = fdopen(fds[0], "r");
		long crashed = read_worker(l, in, t, start, &last);
		fclose(in);
		waitpid(pid, &status, 0);
		if (crashed < 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
			crashed = l->from + t->passed + t->failed; /* stopped between games */
		if (crashed < 0)
			break;
		handle_crash(opt, d, opt->seed + (uint64_t)crashed, status);
		t->failed++;
		progress(l, t, start, &last);
		next = crashed + 1;
	}
	return 0;
}

/* The orders accepted by kind, then what they brought about. */
static void print_coverage(const struct tally *t)
{
	printf("soak: %ld orders accepted, %ld candidates refused, %ld exhaustive searches\n",
	       t->orders, t->refused, t->exhaustive);
	printf("soak: orders accepted by kind:");
	for (int k = 0; k < DRV_KINDS; k++) {
		if (k == DRV_FIRST_HAPPENING)
			printf("\nsoak: what they brought about:");
		else if (k % 6 == 0)
			printf("\n     ");
		printf(" %s %ld%s", drv_kind_name[k], t->kinds[k], k + 1 < DRV_KINDS ? "," : "");
	}
	printf("\n");
}

static int parse_args(int argc, char **argv, struct options *opt)
{
	static const struct option opts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "out", required_argument, NULL, 'o' },
		{ "save", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "n:s:j:o:S:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': opt->games = strtol(optarg, NULL, 10); break;
		case 's': opt->seed = strtoull(optarg, NULL, 10); break;
		case 'j': opt->jobs = atoi(optarg); break;
		case 'o': opt->out = optarg; break;
		case 'S': opt->save = strtol(optarg, NULL, 10); opt->have_save = true; break;
		case 'h': fputs(USAGE, stdout); exit(0);
		default: fputs(USAGE, stderr); return -1;
		}
	}
	if (optind != argc || opt->games < 0 || opt->jobs < 1 || opt->jobs > 64) {
		fputs(USAGE, stderr);
		return -1;
	}
	return 0;
}

static struct ww_data *load_data(void)
{
	static struct ww_data d;
	static struct wj_data_problems p;
	char dir[PATH_MAX];
	const char *env = getenv("WW_DATA");
	if (!realpath(env && *env ? env : "data/washingtons-war", dir)) {
		fprintf(stderr, "soak: no game data at %s: %s\n",
			env && *env ? env : "data/washingtons-war", strerror(errno));
		return NULL;
	}
	if (ww_data_load(dir, &d, &p)) {
		for (int i = 0; i < p.n; i++)
			fprintf(stderr, "%s:%d: %s\n", p.v[i].file, p.v[i].line, p.v[i].message);
		return NULL;
	}
	return &d;
}

static void add_tally(struct tally *sum, const struct tally *t)
{
	sum->passed += t->passed;
	sum->failed += t->failed;
	sum->orders += t->orders;
	sum->refused += t->refused;
	sum->exhaustive += t->exhaustive;
	for (int k = 0; k < DRV_KINDS; k++)
		sum->kinds[k] += t->kinds[k];
}

/* Each lane in its own process; each sends back its tally. */
static int run_lanes(const struct options *opt, const struct ww_data *d, struct tally *sum)
{
	int fds[2];
	pid_t pids[64];
	if (pipe(fds)) {
		perror("soak: pipe");
		return -1;
	}
	for (int j = 0; j < opt->jobs; j++) {
		struct lane l = { j + 1, opt->games * j / opt->jobs, opt->games * (j + 1) / opt->jobs };
		fflush(stdout);
		if ((pids[j] = fork()) < 0) {
			perror("soak: fork");
			return -1;
		}
		if (pids[j] == 0) {
			struct tally t = { 0 };
			close(fds[0]);
			int rc = run(opt, d, &l, &t);
			fflush(stdout);
			/* a tally is far below PIPE_BUF: one write is atomic */
			_exit(rc == 0 && write(fds[1], &t, sizeof t) == (ssize_t)sizeof t ? 0 : 1);
		}
	}
	close(fds[1]);
	struct tally t;
	int got = 0, rc = 0;
	while (read(fds[0], &t, sizeof t) == (ssize_t)sizeof t) {
		add_tally(sum, &t);
		got++;
	}
	close(fds[0]);
	for (int j = 0; j < opt->jobs; j++) {
		int status;
		waitpid(pids[j], &status, 0);
	}
	if (got != opt->jobs) {
		fprintf(stderr, "soak: %d of %d lanes did not report\n", opt->jobs - got, opt->jobs);
		rc = -1;
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct options opt = { .games = 100, .seed = 1, .out = "soak-failures", .jobs = 1 };
	struct tally t = { 0 };
	if (parse_args(argc, argv, &opt))
		return 64;
	const struct ww_data *d = load_data();
	if (!d || wj_dice_init())
		return 78;
	printf("soak: %ld games, seeds %llu to %llu, %d lane%s\n", opt.games,
	       (unsigned long long)opt.seed,
	       (unsigned long long)(opt.seed + (uint64_t)opt.games - 1), opt.jobs,
	       opt.jobs > 1 ? "s" : "");
	if (run_lanes(&opt, d, &t))
		return 70;
	print_coverage(&t);
	printf("%ld passed, %ld failed\n", t.passed, t.failed);
	return t.failed ? 1 : 0;
}
