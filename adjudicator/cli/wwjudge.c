/* wwjudge: the command line. One binary with subcommands; errors on
 * stderr, exit codes from sysexits.h so an MTA or cron does the right
 * thing (EX_TEMPFAIL means "try again later"). */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include <sodium.h>
#include "dice.h"
#include "buf.h"
#include "cli.h"
#include "games.h"
#include "mail.h"
#include "mail_net.h"
#include "paths.h"
#include "plugin.h"
#include "record.h"

#define MAX_ORDERS 64
#define ORDER_LINE 1024

/* The command being run ("order"), which its messages name. */
static const char *command;

static const char USAGE[] =
	"usage: wwjudge COMMAND [OPTIONS] ...\n"
	"\n"
	"  new GAME_DIR --SIDE ADDR... [--game GAME] [--seed HEX]\n"
	"      [--scenario NAME|FILE] [--option WORD...] [--data DIR]\n"
	"      [--SIDE-password-file F...]        start a game\n"
	"  games                                  the games, their sides, options\n"
	"                                         and scenarios\n"
	"  scenarios [--game GAME]                a game's named scenarios\n"
	"  order GAME_DIR --as SIDE [--dice N,N,...] [--preview]\n"
	"      [--config FILE] ORDER...           give orders (- reads stdin)\n"
	"  show GAME_DIR [--as SIDE] [--format text|yaml]\n"
	"      [--png FILE] [--templates DIR]     the report for one side\n"
	"  export GAME_DIR OUT_DIR                what anyone may see, for publishing\n"
	"  verify GAME_DIR [--replay]             check the record adds up\n"
	"  data-check [DATA_DIR]                  validate the game data\n"
	"  process [--config FILE] < MESSAGE      one order mail (docs/mail.md)\n"
	"  passwd GAME_DIR --side S < PASSWORD    set a side's password\n"
	"  pause|resume GAME_DIR                  refuse orders for a while\n"
	"  address GAME_DIR --side S ADDR         a player's new address\n"
	"  announce GAME_DIR --config FILE        mail both players the game\n"
	"  rollback GAME_DIR --to MOVE [--config FILE]\n"
	"                                         go back to an earlier move\n"
	"  send --config FILE [--games DIR]       send the mails in the outboxes\n"
	"  poll --config FILE [--games DIR]       fetch order mails over IMAP, send\n"
	"  remind --config FILE [--games DIR] [--dry-run [--at TIME]]\n"
	"                                         remind players who keep a move waiting\n"
	"  replay GAME_DIR --archive MBOX_OR_MAILDIR --config FILE\n"
	"                                         replay a game from its order mails\n"
	"\n"
	"SIDE is a side's word in the game ('wwjudge games' lists them).\n"
	"'wwjudge COMMAND --help' describes each command.\n";

static const char USAGE_NEW[] =
	"usage: wwjudge new GAME_DIR --SIDE ADDR... [--game GAME]\n"
	"                   [--seed HEX] [--scenario NAME|FILE] [--data DIR]\n"
	"                   [--option WORD...] [--SIDE-password-file F...]\n"
	"Creates a game in GAME_DIR (which must not hold one). --game names the\n"
	"game ('wwjudge games' lists them; the first is the default). Each side\n"
	"of the game is given by its word, with its player's address: --SIDE\n"
	"ADDR for every side. --seed gives the secret seed as 64 hex digits\n"
	"(for tests); otherwise a fresh one is drawn.\n"
	"--scenario starts from one of the game's named scenarios ('wwjudge\n"
	"scenarios --game GAME') or from a scenario file (a path with a '/' or\n"
	"ending in .yaml). --option plays with one of the game's optional rules\n"
	"('wwjudge games' lists them); --WORD says the same.\n"
	"A password file's first line is that side's mail password; only its\n"
	"Argon2id hash is kept, in GAME_DIR/secret/mail.yaml, written with the\n"
	"game.\n";

static const char USAGE_ORDER[] =
	"usage: wwjudge order GAME_DIR --as SIDE [--dice N,N,...]\n"
	"                     [--wait SECONDS] [--preview] [--config FILE] ORDER...\n"
	"Applies the orders in sequence: on what the side knows, with stand-in\n"
	"dice, up to the first that rolls or draws (a refusal there changes\n"
	"nothing), then with the game's own; an order after a roll that cannot\n"
	"be carried out leaves the orders before it standing (docs/rulings.md).\n"
	"Each ORDER argument is one order line (see docs/orders.md); '-' reads\n"
	"order lines from stdin.\n"
	"--dice forces the next die rolls (each 1-6); every one must be used.\n"
	"--preview prints the report with stand-in dice and commits nothing.\n"
	"In a game played by mail (a config: --config, else $WWJUDGE_CONFIG),\n"
	"accepted orders also move both tokens on and queue both players'\n"
	"reports in the outbox, by the same commit, as an order mail would.\n";

static const char USAGE_SHOW[] =
	"usage: wwjudge show GAME_DIR [--as SIDE] [--format text|yaml]\n"
	"                    [--png FILE] [--templates DIR]\n"
	"Prints what one side may see (the public view without --as): the text\n"
	"report with what happened since that side's last order, or the state as\n"
	"YAML. --png also draws the board as that side sees it into FILE ('-' for\n"
	"stdout, then no text). --templates takes the report's wording from\n"
	"DIR/report.txt instead of templates/ beside the data.\n";

static const char USAGE_EXPORT[] =
	"usage: wwjudge export GAME_DIR OUT_DIR [--data DIR]\n"
	"Writes what anyone may see of the game into OUT_DIR, which must not\n"
	"exist, readable by all: report.txt (the public report with every\n"
	"accepted move's public events) and state.yaml (the public state). The\n"
	"game directory itself is for the judge's own user only. Once the game\n"
	"is over, the export also holds what 'wwjudge verify --replay OUT_DIR'\n"
	"needs: game.yaml with the revealed seed, the log, the secret/ files of\n"
	"the end (not secret/mail.yaml) and export.yaml, the data's name and hash.\n";

static const char USAGE_VERIFY[] =
	"usage: wwjudge verify GAME_DIR [--replay] [--data DIR]\n"
	"Checks the record adds up; exits 0 if it does, 65 if not. Once the\n"
	"seed is revealed (or with --replay, for moderators: with the seed in\n"
	"secret/) it also replays the game from its start and checks the\n"
	"initial state's hash, every roll, every shuffle, every logged event\n"
	"and the final position, and prints each side's forced rolls. GAME_DIR\n"
	"may be an ended game's export (wwjudge export): its data must hash to\n"
	"the hash in its export.yaml.\n";

static const char USAGE_DATA_CHECK[] =
	"usage: wwjudge data-check [DATA_DIR]\n"
	"Loads and validates the game data; prints each problem as\n"
	"file:line: message and exits 65 if there is any.\n";

/* The side `--as WORD` names in `game` into *side (none: GAME_PUBLIC),
 * or a usage error naming the game's sides. */
static int side_as(const struct game *game, const char *word, const char *usage, int *side)
{
	char words[128], options[192];
	if (!word)
		return EX_OK;
	if ((*side = game_side_of(game, word)) != GAME_PUBLIC)
		return EX_OK;
	game_side_words(game, words, sizeof words);
	game_side_list(game, "--as ", " or ", options, sizeof options);
	return cli_usage(command, usage, "--as %s: this game of %s has the sides %s; say %s", word,
			   game->title, words, options);
}

/* ---- new ---- */

/* --WORD ADDR and --WORD-password-file F for every side word of every
 * game the judge plays, as given, before the game is known. */
struct side_args {
	int n;
	const char *word[GAME_SIDE_WORDS_MAX];
	const char *addr[GAME_SIDE_WORDS_MAX], *password_file[GAME_SIDE_WORDS_MAX];
	char option[GAME_SIDE_WORDS_MAX][64];    /* "WORD-password-file" */
};

struct new_args {
	const struct game *game;                /* --game, else Washington's War */
	const char *dir, *seed, *scenario, *data;
	struct side_args given;
	const char *password_file[GAME_MAX_SIDES + 1]; /* by side; NULL: none */
	char addr[GAME_MAX_SIDES + 1][WJ_ADDR_MAX];    /* the addr-specs, by side */
	char scenario_file[PATH_MAX];           /* --scenario's file, and the name */
	char scenario_name[256];                /* the record keeps */
	const char *option[GAME_MAX_OPTIONS];   /* --option WORD, --WORD */
	int noptions;
	unsigned options;                       /* their bits in the game */
};

#define OPTION_WORDS_MAX 32

/* Every game's option words, each once, as options of their own
 * ("--tournament" for "--option tournament") after opts[n]. */
static int option_words(struct option *opts, int n)
{
	const struct game *g;
	int first = n;
	for (int i = 0; (g = game_at(i)); i++)
		for (int k = 0; g->options && g->options[k].word; k++) {
			int j = first;
			while (j < n && strcmp(opts[j].name, g->options[k].word))
				j++;
			if (j == n && n - first < OPTION_WORDS_MAX)
				opts[n++] = (struct option){ g->options[k].word, no_argument, NULL, 'O' };
		}
	opts[n] = (struct option){ NULL, 0, NULL, 0 };
	return n;
}

static int add_option(struct new_args *a, const char *word)
{
	if (a->noptions == GAME_MAX_OPTIONS)
		return cli_usage(command, USAGE_NEW, "more than %d options", GAME_MAX_OPTIONS);
	a->option[a->noptions++] = word;
	return 0;
}

/* The options given, as the game's: each one of its own, or refused with
 * the game's list. */
static int options_of_game(struct new_args *a)
{
	char why[512];
	for (int i = 0; i < a->noptions; i++) {
		unsigned bit = wj_rec_option_bit(a->game, a->option[i], why, sizeof why);
		if (!bit)
			return cli_usage(command, USAGE_NEW, "--option %s", why);
		a->options |= bit;
	}
	return 0;
}

/* The side words of every game, each once, and their two options each
 * after `fixed`'s into opts (NULL-terminated); their number. */
static int side_options(struct side_args *sa, const struct option *fixed, int nfixed,
			 struct option *opts)
{
	const struct game *g;
	int n = nfixed;
	memcpy(opts, fixed, (size_t)nfixed * sizeof *opts);
	for (int i = 0; (g = game_at(i)); i++)
		for (int side = 1; side <= g->nsides; side++) {
			const char *w = g->side[side].word;
			int k = 0;
			while (k < sa->n && strcmp(sa->word[k], w))
				k++;
			if (k < sa->n || sa->n == GAME_SIDE_WORDS_MAX)
				continue;
			sa->word[sa->n] = w;
			snprintf(sa->option[sa->n], sizeof sa->option[0], "%s-password-file", w);
			opts[n++] = (struct option){ w, required_argument, NULL, 'W' };
			opts[n++] = (struct option){ sa->option[sa->n++], required_argument, NULL, 'P' };
		}
	opts[n] = (struct option){ NULL, 0, NULL, 0 };
	return n;
}

/* Each side word given as the game's side: its address and password file
 * by side, a word of another game refused, every side's address asked. */
static int sides_of_game(struct new_args *a)
{
	const struct game *g = a->game;
	const struct side_args *sa = &a->given;
	char words[128], err[512];
	const char *addr[GAME_MAX_SIDES + 1] = { 0 };
	for (int k = 0; k < sa->n; k++) {
		if (!sa->addr[k] && !sa->password_file[k])
			continue;
		int side = game_side_of(g, sa->word[k]); /* the side's word, or another of its names */
		game_side_words(g, words, sizeof words);
		if (side == GAME_PUBLIC)
			return cli_usage(command, USAGE_NEW, "--%s: this game of %s has the sides %s",
					   sa->addr[k] ? sa->word[k] : sa->option[k], g->title, words);
		if ((sa->addr[k] && addr[side]) || (sa->password_file[k] && a->password_file[side]))
			return cli_usage(command, USAGE_NEW, "--%s: the %s side is given twice",
					   sa->addr[k] ? sa->word[k] : sa->option[k], g->side[side].word);
		if (sa->addr[k])
			addr[side] = sa->addr[k];
		if (sa->password_file[k])
			a->password_file[side] = sa->password_file[k];
	}
	for (int side = 1; side <= g->nsides; side++)
		if (!addr[side]) {
			game_side_list(g, "--", " and ", words, sizeof words);
			return cli_usage(command, USAGE_NEW, "%s are required", words);
		}
	for (int side = 1; side <= g->nsides; side++)
		if (wj_addr_spec(addr[side], a->addr[side], err, sizeof err))
			return cli_usage(command, USAGE_NEW, "--%s: %s", g->side[side].word, err);
	return 0;
}

static int parse_new(int argc, char **argv, struct new_args *a)
{
	static const struct option fixed[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "scenario", required_argument, NULL, 'S' },
		{ "data", required_argument, NULL, 'd' },
		{ "option", required_argument, NULL, 'o' },
		{ "game", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
	};
	enum { NFIXED = sizeof fixed / sizeof *fixed };
	struct option opts[NFIXED + 2 * GAME_SIDE_WORDS_MAX + OPTION_WORDS_MAX + 1];
	struct side_args *sa = &a->given;
	option_words(opts, side_options(sa, fixed, NFIXED, opts));
	const char *game = game_at(0)->name;
	int c, at, rc = 0;
	while (!rc && (c = getopt_long(argc, argv, "s:S:d:h", opts, &at)) != -1) {
		switch (c) {
		case 'g': game = optarg; break;
		case 'o': rc = add_option(a, optarg); break;
		case 'O': rc = add_option(a, opts[at].name); break;
		case 'W': sa->addr[(at - NFIXED) / 2] = optarg; break;
		case 'P': sa->password_file[(at - NFIXED) / 2] = optarg; break;
		case 's': a->seed = optarg; break;
		case 'S': a->scenario = optarg; break;
		case 'd': a->data = optarg; break;
		case 'h': fputs(USAGE_NEW, stdout); return -2;
		default: fputs(USAGE_NEW, stderr); return EX_USAGE;
		}
	}
	if (rc)
		return rc;
	if (optind + 1 != argc)
		return cli_usage(command, USAGE_NEW, "give exactly one GAME_DIR");
	a->dir = argv[optind];
	if (!(a->game = game_find(game))) {
		char known[256];
		game_names(known, sizeof known);
		return cli_usage(command, USAGE_NEW, "--game: '%s' is not a game this judge plays (it "
				   "plays: %s)", game, known);
	}
	return sides_of_game(a) || options_of_game(a) ? EX_USAGE : 0;
}

/* The game's report of g for `side` (GAME_PUBLIC: the public) on out:
 * 0, or -1 with the problem in err. */
static int report_of(FILE *out, const struct wj_game *g, int side,
		     const struct game_frame *frame, char *err, size_t errlen)
{
	struct wj_mail_view v;
	if (wj_mail_view_of(&v, g, side)) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	int rc = wj_mail_report_text(out, &v, frame, err, errlen);
	wj_mail_view_close(&v);
	return rc;
}

/* The game's data from `dir` into *d. Returns EX_OK or an exit code. */
static int load_game_data(const struct game *game, const char *dir, struct game_data **d)
{
	char abs[PATH_MAX], why[512];
	const char *use = realpath(dir, abs) ? abs : dir;
	if (game->data_load(use, d, why, sizeof why) == 0)
		return EX_OK;
	wj_log(command, "the game data in %s does not load:", use);
	if (game->data_check(stderr, use, NULL, 0) <= 0) /* every problem, else the first */
		fprintf(stderr, "%s\n", why);
	return EX_CONFIG; /* the moderator's set-up, not the order, is wrong */
}

/* The game's meta: its name, data, the sides' addresses, the seed's
 * commitment and the hash of its first position (keyed by the seed). */
static int new_meta(const struct new_args *a, const char *data_dir, struct wj_game *g)
{
	const struct game *game = g->game;
	snprintf(g->meta.game, sizeof g->meta.game, "%s", game->name);
	snprintf(g->meta.data_id, sizeof g->meta.data_id, "%s", game->data_id(g->data));
	if (strlen(data_dir) >= sizeof g->meta.data_dir) {
		wj_log(command, "the data directory %s is too long for the record (at most %zu characters)",
		      data_dir, sizeof g->meta.data_dir - 1);
		return EX_USAGE;
	}
	memcpy(g->meta.data_dir, data_dir, strlen(data_dir) + 1);
	for (int side = 1; side <= game->nsides; side++)
		snprintf(g->meta.addr[side], sizeof g->meta.addr[side], "%s", a->addr[side]);
	if (a->scenario) /* its starting position is kept for replay */
		snprintf(g->meta.scenario, sizeof g->meta.scenario, "%s", a->scenario_name);
	wj_seed_commitment(g->seed, g->meta.commitment);
	return wj_rec_position_hash(game, g->data, g->state, g->seed, g->meta.initial_state) ?
	       EX_OSERR : EX_OK;
}

/* The game set up by its rules, or from the scenario file, with the seed. */
static int new_position(const struct new_args *a, struct wj_game *g, struct game_events *ev)
{
	struct wj_dice dice = { 0 };
	struct wj_rng rng;
	char why[512];
	g->meta.options = a->options;
	memcpy(dice.seed, g->seed, sizeof dice.seed);
	wj_dice_rng(&dice, &rng);
	if (g->game->new_game(g->data, a->scenario, a->options, &rng, g->state, ev, why,
			      sizeof why) == 0)
		return EX_OK;
	if (!a->scenario) {
		wj_log(command, "%s", why);
		return EX_DATAERR;
	}
	wj_log(command, "scenario %s: %s", a->scenario, why);
	return access(a->scenario, R_OK) ? EX_NOINPUT : EX_DATAERR;
}

static bool any_password(const struct new_args *a)
{
	for (int side = 1; side <= a->game->nsides; side++)
		if (a->password_file[side])
			return true;
	return false;
}

/* The files created with the game: the mail passwords' hashes, and the
 * scenario it started from (replay sets it up again). */
static int new_files(const struct new_args *a, struct wj_rec_file *f, int *n,
		     struct wj_buf *scenario, char **mail_yaml)
{
	char err[512];
	size_t mail_len = 0;
	*n = 0;
	if (any_password(a) &&
	    wj_mail_secret_new(a->game, a->password_file, mail_yaml, &mail_len, err,
			       sizeof err) < 0) {
		wj_log(command, "%s; no game was created", err);
		return EX_NOINPUT;
	}
	if (*mail_yaml)
		f[(*n)++] = (struct wj_rec_file){ "secret/mail.yaml", *mail_yaml, mail_len, 0600 };
	if (a->scenario && wj_read_file(a->scenario, scenario, err, sizeof err) != 0) {
		wj_log(command, "scenario %s: %s", a->scenario, err);
		return EX_NOINPUT;
	}
	if (a->scenario)
		f[(*n)++] = (struct wj_rec_file){ "secret/scenario.yaml", scenario->p, scenario->len,
						  0600 };
	return EX_OK;
}

/* The seed revealed at the end of the game, as a mail tells it. */
static void seed_told(const char *seed_hex)
{
	char *form = NULL;
	size_t len;
	FILE *f = open_memstream(&form, &len);
	if (!f)
		return;
	wj_mail_seed(f, seed_hex);
	if (!fclose(f))
		wj_mail_text(stdout, form, len);
	free(form);
}

/* What `new` tells: where the game is, its data and players, the hash of
 * its first position, and the public report of it. */
static int new_report(const struct new_args *a, const struct wj_game *g,
		      const struct game_events *ev)
{
	const struct game *game = g->game;
	struct game_frame frame = { .commitment = g->meta.commitment, .events = ev };
	char why[512];
	printf("Created the game in %s\nData: %s\n", a->dir, g->meta.data_id);
	for (int side = 1; side <= game->nsides; side++)
		printf("%s: %s\n", game->side[side].name, g->meta.addr[side]);
	if (any_password(a)) {
		printf("Passwords set for:");
		for (int side = 1; side <= game->nsides; side++)
			if (a->password_file[side])
				printf(" %s", game->side[side].name);
		printf("\n");
	}
	printf("Initial state (BLAKE2b-256 of the starting position, keyed by the seed):\n"
	       "%s\n\n", g->meta.initial_state);
	if (report_of(stdout, g, GAME_PUBLIC, &frame, why, sizeof why))
		wj_log(command, "the game is created, but its report cannot be shown: %s", why);
	return EX_OK;
}

static int cmd_new(int argc, char **argv)
{
	struct new_args a = { 0 };
	int rc = parse_new(argc, argv, &a);
	if (rc)
		return rc == -2 ? EX_OK : rc;

	struct wj_game *g = calloc(1, sizeof *g);
	struct game_data *d = NULL;
	struct game_events *ev = game_events_new(a.game);
	struct wj_buf scenario = { .max = 1u << 22 };
	struct wj_rec_file files[2];
	char err[512] = "", data_dir[PATH_MAX], abs[PATH_MAX], *mail_yaml = NULL;
	int nfiles;
	if (!g || !ev || wj_game_new(g, a.game) < 0) {
		rc = EX_OSERR;
		goto out;
	}
	if (a.seed && wj_seed_from_hex(a.seed, g->seed)) {
		rc = cli_usage(command, USAGE_NEW, "--seed wants 64 hex digits, not '%s'", a.seed);
		goto out;
	}
	if (a.data)
		snprintf(data_dir, sizeof data_dir, "%s", a.data);
	else
		cli_data_dir(a.game, data_dir, sizeof data_dir);
	if ((rc = load_game_data(a.game, data_dir, &d)))
		goto out;
	if (a.scenario) {
		if ((rc = cli_scenario(a.game, data_dir, a.scenario, USAGE_NEW, a.scenario_file,
				       sizeof a.scenario_file, a.scenario_name,
				       sizeof a.scenario_name)))
			goto out;
		a.scenario = a.scenario_file;
	}
	g->data = d;
	if (!a.seed)
		wj_dice_new_seed(g->seed);
	if ((rc = new_position(&a, g, ev)) ||
	    (rc = new_meta(&a, realpath(data_dir, abs) ? abs : data_dir, g)) ||
	    (rc = new_files(&a, files, &nfiles, &scenario, &mail_yaml)))
		goto out;
	enum wj_rec_status st = wj_record_create_files(a.dir, g, ev, files, nfiles, err,
						       sizeof err);
	if (st != WJ_REC_OK) {
		wj_log(command, "cannot create the game in %s: %s", a.dir, err);
		rc = wj_rec_exit(st, false);
		goto out;
	}
	rc = new_report(&a, g, ev);
out:
	free(mail_yaml);
	wj_buf_free(&scenario);
	if (ev)
		game_events_free(a.game, ev);
	if (g)
		wj_game_free(g);
	free(g);
	if (d)
		a.game->data_free(d);
	return rc;
}

/* ---- the game: lock, load, data ---- */

struct session {
	const char *dir;
	int lock_fd;
	struct wj_game *g;
	const struct game *game;     /* g's, once loaded */
	struct game_data *gd;        /* the game's data, loaded by it */
	struct wj_mail_config *mail; /* `order` in a game played by mail */
	char data_dir[PATH_MAX];     /* where gd was loaded from */
};

static void session_end(struct session *s)
{
	if (s->lock_fd >= 0)
		wj_record_unlock(s->lock_fd);
	s->lock_fd = -1;
	if (s->g)
		wj_game_free(s->g);
	free(s->g);
	if (s->gd)
		s->game->data_free(s->gd);
	free(s->mail);
	s->g = NULL;
	s->gd = NULL;
	s->mail = NULL;
}

/* --config, else $WWJUDGE_CONFIG, else none (no mail). */
static int session_mail(struct session *s, const char *config)
{
	char err[600];
	if (!config)
		config = getenv("WWJUDGE_CONFIG");
	if (!config || !*config)
		return EX_OK;
	if (!(s->mail = calloc(1, sizeof *s->mail)))
		return EX_OSERR;
	if (wj_mail_config_load(config, s->mail, err, sizeof err) < 0) {
		wj_log(command, "%s", err);
		return EX_CONFIG;
	}
	return EX_OK;
}

enum { UNLOCKED = -1 };

/* The game in dir, locked for wait_seconds (wj_record_open) or, with
 * UNLOCKED, read without the lock (what no judge writes to, an export), and its
 * data: the game's own data directory unless --data says otherwise. */
static int session_open(struct session *s, const char *dir, const char *data,
			int wait_seconds)
{
	char err[512] = "";
	s->dir = dir;
	s->lock_fd = -1;
	if (!cli_is_dir(dir)) {
		wj_log(command, "no game in %s: no such directory", dir);
		return EX_NOINPUT;
	}
	if (!(s->g = calloc(1, sizeof *s->g)))
		return EX_OSERR;
	enum wj_rec_status st = wait_seconds == UNLOCKED ? wj_record_load(dir, s->g, err, sizeof err) :
				wj_record_open(dir, wait_seconds, &s->lock_fd, s->g, err, sizeof err);
	if (st != WJ_REC_OK) {
		wj_log(command, "%s: %s", dir, err);
		return wj_rec_exit(st, false);
	}
	s->game = s->g->game;
	char *data_dir = s->data_dir;
	size_t data_len = sizeof s->data_dir;
	if (data)
		snprintf(data_dir, data_len, "%s", data);
	else if (s->g->meta.data_dir[0] && cli_is_dir(s->g->meta.data_dir))
		snprintf(data_dir, data_len, "%s", s->g->meta.data_dir);
	else
		cli_data_dir(s->game, data_dir, data_len);
	int rc = load_game_data(s->game, data_dir, &s->gd);
	if (rc)
		return rc;
	if (strcmp(s->game->data_id(s->gd), s->g->meta.data_id))
		wj_log(command, "warning: the game was created with data '%s', this is '%s'",
		      s->g->meta.data_id, s->game->data_id(s->gd));
	return EX_OK;
}

/* ---- order ---- */

struct order_args {
	const char *dir, *data;
	const char *config;      /* a game played by mail: its mails are queued */
	const char *as;          /* --as: the side's word, read once the game is known */
	int side;
	int wait;
	bool preview;            /* apply and report, commit nothing */
	struct wj_dice dice;
	int norders;
	char *orders[MAX_ORDERS];
};

static int parse_dice(const char *arg, struct wj_dice *dice)
{
	const char *p = arg;
	dice->nforced = 0;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 6)
			return cli_usage(command, USAGE_ORDER, "--dice wants values 1 to 6 "
					   "separated by commas, not '%s'", arg);
		if (dice->nforced == WJ_MAX_FORCED)
			return cli_usage(command, USAGE_ORDER, "at most %d forced dice",
					   WJ_MAX_FORCED);
		dice->forced[dice->nforced++] = (int)v;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return cli_usage(command, USAGE_ORDER, "--dice wants values 1 to 6 "
					   "separated by commas, not '%s'", arg);
	}
	return 0;
}

static int add_order(struct order_args *a, const char *text)
{
	if (a->norders == MAX_ORDERS)
		return cli_usage(command, USAGE_ORDER, "at most %d orders at once", MAX_ORDERS);
	a->orders[a->norders] = strdup(text);
	if (!a->orders[a->norders])
		return EX_OSERR;
	a->norders++;
	return 0;
}

/* Order lines from stdin; blank lines and '#' comments are skipped. */
static int read_orders(struct order_args *a)
{
	char line[ORDER_LINE * 2];
	int lineno = 0;
	while (fgets(line, sizeof line, stdin)) {
		lineno++;
		size_t n = strlen(line);
		if (n == sizeof line - 1 && line[n - 1] != '\n')
			return cli_usage(command, USAGE_ORDER, "stdin line %d is too long", lineno);
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		const char *t = line + strspn(line, " \t");
		if (!*t || *t == '#')
			continue;
		int rc = add_order(a, t);
		if (rc)
			return rc;
	}
	if (ferror(stdin)) {
		wj_log(command, "reading orders from stdin: %s", strerror(errno));
		return EX_IOERR;
	}
	return 0;
}

static int parse_order_args(int argc, char **argv, struct order_args *a)
{
	static const struct option opts[] = {
		{ "as", required_argument, NULL, 'a' },
		{ "dice", required_argument, NULL, 'D' },
		{ "data", required_argument, NULL, 'd' },
		{ "wait", required_argument, NULL, 'w' },
		{ "preview", no_argument, NULL, 'P' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, rc;
	while ((c = getopt_long(argc, argv, "a:D:d:w:h", opts, NULL)) != -1) {
		switch (c) {
		case 'a': a->as = optarg; break;
		case 'D':
			if ((rc = parse_dice(optarg, &a->dice)))
				return rc;
			break;
		case 'd': a->data = optarg; break;
		case 'w': a->wait = atoi(optarg) > 0 ? atoi(optarg) : 0; break;
		case 'P': a->preview = true; break;
		case 'c': a->config = optarg; break;
		case 'h': fputs(USAGE_ORDER, stdout); return -2;
		default: fputs(USAGE_ORDER, stderr); return EX_USAGE;
		}
	}
	if (optind >= argc)
		return cli_usage(command, USAGE_ORDER, "GAME_DIR is missing");
	a->dir = argv[optind++];
	for (; optind < argc; optind++) {
		rc = !strcmp(argv[optind], "-") ? read_orders(a) : add_order(a, argv[optind]);
		if (rc)
			return rc;
	}
	if (a->norders == 0)
		return cli_usage(command, USAGE_ORDER, "no orders given");
	return 0;
}

/* The shared path (mail.h): parse, apply, commit; `wwjudge process` takes
 * the same one. */
static int apply_orders(struct session *s, struct order_args *a)
{
	struct wj_play *p = calloc(1, sizeof *p);
	char err[512] = "";
	int rc = EX_OK;
	if (!p)
		return EX_OSERR;
	p->side = a->side;
	for (int i = 0; i < a->norders; i++)
		p->orders[p->n++] = a->orders[i];
	int r = a->preview ? wj_play_preview(s->gd, s->g, &a->dice, p) :
			     wj_play_apply(s->gd, s->g, &a->dice, p);
	if (r < 0) {
		rc = EX_OSERR;
		goto out;
	}
	if (r > 0) {
		wj_log(command, "%s", p->why);
		wj_log(command, "nothing was changed.");
		if (a->preview)
			rc = EX_DATAERR;
		else {
			struct wj_log_entry e = { .sender = WJ_SENDER_COMMAND_LINE };
			enum wj_rec_status st = wj_play_commit(a->dir, s->g, p, &e, NULL, 0, NULL,
							       err, sizeof err);
			if (st != WJ_REC_OK)
				wj_log(command, "cannot log the refusal in %s: %s", a->dir, err);
			rc = st != WJ_REC_OK ? wj_rec_exit(st, false) : EX_DATAERR;
		}
		goto out;
	}
	if (!a->preview) {
		struct wj_log_entry e = { .sender = WJ_SENDER_COMMAND_LINE };
		enum wj_rec_status st = s->mail ?
			wj_play_commit_mailed(s->mail, a->dir, s->gd, s->g, p, &e, NULL, err,
						    sizeof err) :
			wj_play_commit(a->dir, s->g, p, &e, NULL, 0, NULL, err, sizeof err);
		if (st != WJ_REC_OK) {
			wj_log(command, "cannot commit to %s: %s%s", a->dir, err,
			       strstr(err, "nothing was changed") ? "" : " (nothing was changed)");
			rc = wj_rec_exit(st, false);
			goto out;
		}
	}
	for (int i = 0; i < p->applied; i++) {
		char canon[ORDER_LINE], line[ORDER_LINE + 80];
		s->game->order_format(s->gd, p->parsed[i], canon, sizeof canon);
		snprintf(line, sizeof line, ".%s: %s\n", a->preview ? "Would be accepted (preview "
			 "with stand-in dice and cards, nothing committed)" : "Accepted", canon);
		wj_mail_text(stdout, line, strlen(line));
	}
	if (p->applied < p->n) {
		wj_log(command, "%s", p->why);
		rc = EX_DATAERR;
	}
	printf("\n");
	struct game_frame frame = { .events = p->ev, .stand_in = a->preview,
				    .commitment = p->after->meta.commitment };
	if (report_of(stdout, p->after, a->side, &frame, err, sizeof err)) {
		wj_log(command, "report: %s", err);
		rc = EX_IOERR;
	}
	if (p->after->meta.seed_revealed)
		seed_told(p->after->meta.seed_hex);
out:
	wj_play_free(p);
	free(p);
	return rc;
}

/* The side giving the orders, which --as must name. */
static int order_side(const struct game *game, struct order_args *a)
{
	char options[192];
	if (a->as)
		return side_as(game, a->as, USAGE_ORDER, &a->side);
	game_side_list(game, "--as ", " or ", options, sizeof options);
	return cli_usage(command, USAGE_ORDER, "say which side gives the orders with %s", options);
}

static int cmd_order(int argc, char **argv)
{
	struct order_args a = { .side = GAME_PUBLIC };
	struct session s = { .lock_fd = -1 };
	int rc = parse_order_args(argc, argv, &a);
	if (rc == -2) {
		rc = EX_OK;
		goto out;
	}
	if (rc)
		goto out;
	if ((rc = session_open(&s, a.dir, a.data, a.wait)) ||
	    (rc = order_side(s.game, &a)) ||
	    (!a.preview && (rc = session_mail(&s, a.config))))
		goto out;
	rc = apply_orders(&s, &a);
out:
	session_end(&s);
	for (int i = 0; i < a.norders; i++)
		free(a.orders[i]);
	return rc;
}

/* ---- show ---- */

/* The events of the last logged entry, as the game rebuilds them for
 * the board's highlight; NULL when there is none, or the game does not. */
static struct game_events *last_events(const struct wj_mail_view *v,
				       const struct game_log *recent)
{
	const struct game *game = v->game;
	struct game_events *ev = NULL;
	if (!recent->n || !game->events_read || !(ev = game_events_new(game)))
		return NULL;
	if (game->events_read(v->d, &recent->v[recent->n - 1], v->side, ev) == 0)
		return ev;
	game_events_free(game, ev);
	return NULL;
}

/* The board as `side` sees it, with the last step's events highlighted
 * where the game rebuilds them from the log. */
static int show_png(const struct wj_mail_view *v, const struct game_log *recent,
		    const char *path)
{
	char err[512] = "";
	FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
	if (!f) {
		wj_log(command, "cannot write %s: %s", path, strerror(errno));
		return EX_CANTCREAT;
	}
	struct game_events *last = last_events(v, recent);
	int rc = game_board(v->game, f, v->d, v->view, v->side, last, err, sizeof err) ?
		 EX_SOFTWARE : EX_OK;
	if (last)
		game_events_free(v->game, last);
	if (rc)
		wj_log(command, "%s: %s", path, err);
	if (f != stdout && fclose(f) && !rc) {
		wj_log(command, "writing %s: %s", path, strerror(errno));
		rc = EX_IOERR;
	}
	return rc;
}

/* The state as the viewer sees it, for scripts: the game's own text. */
static int show_yaml(const struct wj_mail_view *v)
{
	return v->game->state_show(stdout, v->d, v->view, v->side) ? EX_IOERR : EX_OK;
}

static int show_text(const struct session *s, const struct wj_mail_view *v,
		     const struct game_log *recent, const char *templates)
{
	char err[512] = "";
	const char *base = strrchr(s->dir, '/');
	struct game_frame frame = {
		.game = base && base[1] ? base + 1 : s->dir, .recent = recent,
		.commitment = s->g->meta.commitment,
		.seed_hex = s->g->meta.seed_revealed ? s->g->meta.seed_hex : NULL,
		.templates = templates,
	};
	if (wj_mail_report_text(stdout, v, &frame, err, sizeof err)) {
		wj_log(command, "%s", err);
		return EX_CONFIG; /* the templates, as a rule */
	}
	return EX_OK;
}

/* The view of `side` in the forms asked: the board, the YAML or the text. */
static int show_view(const struct session *s, int side, const struct game_log *recent,
		     const char *png, bool yaml, const char *templates)
{
	struct wj_mail_view v;
	int rc = EX_OK;
	if (wj_mail_view_of(&v, s->g, side))
		return EX_OSERR;
	if (png)
		rc = show_png(&v, recent, png);
	bool png_on_stdout = png && !strcmp(png, "-");
	if (!rc && !png_on_stdout)
		rc = yaml ? show_yaml(&v) : show_text(s, &v, recent, templates);
	wj_mail_view_close(&v);
	return rc;
}

static int cmd_show(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "as", required_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "data", required_argument, NULL, 'd' },
		{ "png", required_argument, NULL, 'p' },
		{ "templates", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int side = GAME_PUBLIC;
	bool yaml = false;
	const char *as = NULL, *data = NULL, *png = NULL, *templates = NULL;
	int c;
	while ((c = getopt_long(argc, argv, "a:f:d:p:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 'a': as = optarg; break;
		case 'f':
			if (!strcmp(optarg, "yaml"))
				yaml = true;
			else if (strcmp(optarg, "text"))
				return cli_usage(command, USAGE_SHOW, "--format text or "
						   "--format yaml, not '%s'", optarg);
			break;
		case 'd': data = optarg; break;
		case 'p': png = optarg; break;
		case 't': templates = optarg; break;
		case 'h': fputs(USAGE_SHOW, stdout); return EX_OK;
		default: fputs(USAGE_SHOW, stderr); return EX_USAGE;
		}
	}
	if (optind + 1 != argc)
		return cli_usage(command, USAGE_SHOW, "give exactly one GAME_DIR");

	struct session s = { .lock_fd = -1 };
	struct game_log recent = { 0 };
	char err[512] = "";
	int rc = session_open(&s, argv[optind], data, 5);
	if (!rc)
		rc = side_as(s.game, as, USAGE_SHOW, &side);
	if (!rc && wj_recent_read(s.dir, side, &recent, err, sizeof err)) {
		wj_log(command, "%s: %s", s.dir, err);
		rc = EX_DATAERR;
	}
	if (!rc)
		rc = show_view(&s, side, &recent, png, yaml, templates);
	wj_recent_free(&recent);
	session_end(&s);
	return rc;
}

/* ---- verify ---- */

/* An ended game's export holds this file beside the record's public
 * files; verify knows an export by it (docs/record.md, "The export"). */
#define EXPORT_META "export.yaml"

/* Each side's forced rolls, by its word: "american 0, british 1". */
static void print_forced(const char *dir, const struct game *game, const int *forced)
{
	printf("%s: forced rolls:", dir);
	for (int side = 1; side <= game->nsides; side++)
		printf("%s %s %d", side > 1 ? "," : "", game->side[side].word, forced[side]);
	printf(" (dice the moderator gave with order --dice)\n");
}

/* Prints the lines of `text` that `shown` does not hold already (one
 * problem, one line: the replay finds again what verify found, such as a
 * log entry that does not parse); returns how many it left out. */
static int print_new_lines(const char *shown, const char *text)
{
	int dropped = 0;
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t k = nl ? (size_t)(nl - p + 1) : strlen(p);
		bool seen = false;
		for (const char *q = shown; q && *q && !seen;) {
			const char *qn = strchr(q, '\n');
			size_t qk = qn ? (size_t)(qn - q + 1) : strlen(q);
			seen = qk == k && !memcmp(p, q, k);
			q += qk;
		}
		if (seen)
			dropped++;
		else
			fwrite(p, 1, k, stdout);
		p += k;
	}
	return dropped;
}

static int data_hash(const char *dir, char hex[65]);

static bool is_export(const char *dir)
{
	char path[PATH_MAX + 32];
	snprintf(path, sizeof path, "%s/" EXPORT_META, dir);
	return access(path, F_OK) == 0;
}

/* An export (export.yaml beside game.yaml): the data verify loaded must
 * be the data the game was played with, by its hash. The number of
 * problems, said on stdout; 0 for a game directory. */
static int check_export(const struct session *s, bool *is_export)
{
	char path[PATH_MAX + 32], line[256], want[80] = "", have[65];
	snprintf(path, sizeof path, "%s/" EXPORT_META, s->dir);
	FILE *f = fopen(path, "r");
	*is_export = f != NULL;
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "data_hash: %79s", want) == 1)
			break;
	fclose(f);
	if (!s->g->meta.seed_revealed) {
		printf("%s: an export of a game not over: it holds no seed to replay with\n", path);
		return 1;
	}
	if (data_hash(s->data_dir, have) < 0) {
		printf("%s: the data cannot be read: %s\n", s->data_dir, strerror(errno));
		return 1;
	}
	if (strcmp(want, have)) {
		printf("%s: data_hash %s, but the data in %s hashes to %s (give the game's data "
		       "with --data)\n", path, want[0] ? want : "(none)", s->data_dir, have);
		return 1;
	}
	printf("%s: an export of an ended game, played with the data %s (hash %.16s..., "
	       "the same as %s)\n", s->dir, s->g->meta.data_id, have, s->data_dir);
	return 0;
}

static int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "data", required_argument, NULL, 'd' },
		{ "replay", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *data = NULL;
	bool replay = false;
	int c;
	while ((c = getopt_long(argc, argv, "d:rh", opts, NULL)) != -1) {
		switch (c) {
		case 'd': data = optarg; break;
		case 'r': replay = true; break;
		case 'h': fputs(USAGE_VERIFY, stdout); return EX_OK;
		default: fputs(USAGE_VERIFY, stderr); return EX_USAGE;
		}
	}
	if (optind + 1 != argc)
		return cli_usage(command, USAGE_VERIFY, "give exactly one GAME_DIR");
	struct session s = { .lock_fd = -1 };
	/* no judge writes to an export, and a player's copy may be read-only:
	 * verify writes nothing into it, not even the lock */
	int rc = is_export(argv[optind]) ? session_open(&s, argv[optind], data, UNLOCKED) :
					   session_open(&s, argv[optind], data, 5);
	char *checked = NULL, *replayed_text = NULL;
	size_t checked_len = 0, replayed_len = 0;
	FILE *m = NULL;
	if (!rc && !(m = open_memstream(&checked, &checked_len)))
		rc = EX_OSERR;
	if (!rc) {
		bool is_export;
		int problems = check_export(&s, &is_export);
		replay |= is_export;
		problems += is_export ? wj_record_verify_export(argv[optind], s.gd, m) :
					wj_record_verify(argv[optind], s.gd, m);
		fclose(m);
		fputs(checked, stdout);
		int forced[GAME_MAX_SIDES + 1] = { 0 };
		replay |= s.g->meta.seed_revealed;
		int replayed = 0;
		if (replay && (m = open_memstream(&replayed_text, &replayed_len))) {
			replayed = wj_record_replay_counted(argv[optind], s.gd, m, forced);
			fclose(m);
			replayed -= print_new_lines(checked, replayed_text);
		}
		problems += replayed;
		if (problems) {
			wj_log(command, "%s: %d problem%s found%s", argv[optind], problems,
			      problems == 1 ? "" : "s",
			      replayed ? " (the replay stops at the first entry that differs)" : "");
			rc = EX_DATAERR;
		} else {
			printf("%s: the record adds up.\n", argv[optind]);
			if (replay)
				printf("%s: replayed from the %s with the %s seed: every roll, "
				       "every shuffle and the final position agree.\n",
				       argv[optind], s.g->meta.scenario[0] ? "scenario's position" :
				       "set-up", s.g->meta.seed_revealed ? "revealed" : "secret");
			if (replay)
				print_forced(argv[optind], s.game, forced);
		}
	}
	free(checked);
	free(replayed_text);
	session_end(&s);
	return rc;
}

/* ---- data-check ---- */

static int cmd_data_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h': fputs(USAGE_DATA_CHECK, stdout); return EX_OK;
		default: fputs(USAGE_DATA_CHECK, stderr); return EX_USAGE;
		}
	}
	if (optind + 1 < argc)
		return cli_usage(command, USAGE_DATA_CHECK, "at most one DATA_DIR");
	char dir[PATH_MAX], why[512], summary[256];
	if (optind < argc)
		snprintf(dir, sizeof dir, "%s", argv[optind]);
	else
		cli_data_dir(game_at(0), dir, sizeof dir);
	if (!cli_is_dir(dir)) {
		wj_log(command, "%s is not a directory", dir);
		return EX_NOINPUT;
	}
	const struct game *game = game_of_data_dir(dir, why, sizeof why);
	if (!game) {
		wj_log(command, "%s", why);
		return EX_DATAERR;
	}
	int n = game->data_check(stdout, dir, summary, sizeof summary);
	if (n < 0)
		return EX_OSERR;
	if (n > 0) {
		wj_log(command, "%s: %d problem%s", dir, n, n == 1 ? "" : "s");
		return EX_DATAERR;
	}
	printf("%s: %s: no problems.\n", dir, summary);
	return EX_OK;
}

/* ---- export ---- */


static int yaml_name(const struct dirent *e)
{
	size_t n = strlen(e->d_name);
	return e->d_name[0] != '.' && n > 5 && !strcmp(e->d_name + n - 5, ".yaml");
}

/* The hash of the game data in `dir`: BLAKE2b-256 over its *.yaml files
 * in name order, each as its name, a NUL, its length (8 bytes, little
 * endian) and its bytes. 0, or -1 with errno. */
static int data_hash(const char *dir, char hex[65])
{
	struct dirent **names;
	crypto_generichash_state h;
	unsigned char out[32];
	int n = scandir(dir, &names, yaml_name, alphasort), rc = n < 0 ? -1 : 0;
	crypto_generichash_init(&h, NULL, 0, sizeof out);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX + 256], buf[8192];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
		FILE *f = rc ? NULL : fopen(path, "rb");
		struct stat st;
		if (!f || fstat(fileno(f), &st) < 0) {
			rc = -1;
		} else {
			unsigned char len[8];
			for (int k = 0; k < 8; k++)
				len[k] = (unsigned char)((uint64_t)st.st_size >> (8 * k));
			crypto_generichash_update(&h, (const unsigned char *)names[i]->d_name,
						  strlen(names[i]->d_name) + 1);
			crypto_generichash_update(&h, len, sizeof len);
			size_t k;
			while ((k = fread(buf, 1, sizeof buf, f)) > 0)
				crypto_generichash_update(&h, (const unsigned char *)buf, k);
			rc = ferror(f) ? -1 : 0;
		}
		if (f)
			fclose(f);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	crypto_generichash_final(&h, out, sizeof out);
	sodium_bin2hex(hex, 65, out, sizeof out);
	return rc;
}

/* Copies the record's file `rel` into the export `to`, readable by all;
 * a file the record lacks (a scenario of a game set up by 4.0) is none. */
static int export_copy(const char *from, const char *to, const char *rel)
{
	char src[PATH_MAX + 64], dst[PATH_MAX + 64], buf[8192];
	snprintf(src, sizeof src, "%s/%s", from, rel);
	snprintf(dst, sizeof dst, "%s/%s", to, rel);
	FILE *in = fopen(src, "rb");
	if (!in)
		return errno == ENOENT ? EX_OK : (wj_log(command, "%s: %s", src, strerror(errno)), EX_NOINPUT);
	FILE *out = fopen(dst, "wb");
	int bad = !out;
	size_t k;
	while (!bad && (k = fread(buf, 1, sizeof buf, in)) > 0)
		bad = fwrite(buf, 1, k, out) != k;
	bad |= ferror(in);
	if (out) {
		bad |= fchmod(fileno(out), 0644) | fsync(fileno(out));
		bad |= fclose(out) != 0;
	}
	fclose(in);
	if (bad)
		wj_log(command, "%s: %s", dst, strerror(errno));
	return bad ? EX_IOERR : EX_OK;
}

/* An ended game's record as verify --replay reads it: game.yaml (the
 * revealed seed in it), the log, and the secret/ files of the game's
 * end, none of which holds a secret once the seed is out (every hand
 * and every shuffle follows from it); never secret/mail.yaml, whose
 * passwords stay the players'. Then export.yaml: the data's name and
 * hash, which verify compares with the data it replays with. */
static int export_record(const struct session *s, const char *tmp)
{
	static const char *const files[] = {
		"game.yaml", "secret/seed", "secret/state.yaml", "secret/initial-state.yaml",
		"secret/scenario.yaml",
	};
	char path[PATH_MAX + 64], hash[65], rel[WJ_REC_LEDGER_NAME];
	int rc = EX_OK;
	snprintf(path, sizeof path, "%s/log", tmp);
	if (mkdir(path, 0755) < 0 || chmod(path, 0755) < 0)
		return wj_log(command, "%s: %s", path, strerror(errno)), EX_CANTCREAT;
	snprintf(path, sizeof path, "%s/secret", tmp);
	if (mkdir(path, 0755) < 0 || chmod(path, 0755) < 0)
		return wj_log(command, "%s: %s", path, strerror(errno)), EX_CANTCREAT;
	for (size_t i = 0; i < sizeof files / sizeof *files && !rc; i++)
		rc = export_copy(s->dir, tmp, files[i]);
	for (int side = 1; side <= s->game->nsides && !rc; side++) {
		wj_rec_ledger_file(s->game, side, rel);
		rc = export_copy(s->dir, tmp, rel);
	}
	snprintf(path, sizeof path, "%s/log", s->dir);
	struct dirent **names;
	int n = rc ? 0 : scandir(path, &names, yaml_name, alphasort);
	if (n < 0)
		return wj_log(command, "%s: %s", path, strerror(errno)), EX_NOINPUT;
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "log/%s", names[i]->d_name);
		if (!rc)
			rc = export_copy(s->dir, tmp, path);
		free(names[i]);
	}
	if (!rc && n >= 0)
		free(names);
	if (rc)
		return rc;
	if (data_hash(s->data_dir, hash) < 0)
		return wj_log(command, "%s: %s", s->data_dir, strerror(errno)), EX_NOINPUT;
	snprintf(path, sizeof path, "%s/" EXPORT_META, tmp);
	FILE *f = fopen(path, "w");
	if (!f)
		return wj_log(command, "%s: %s", path, strerror(errno)), EX_CANTCREAT;
	fprintf(f, "# wwjudge export of an ended game: 'wwjudge verify --replay DIR' replays it\n"
		"# with the revealed seed and checks every roll, shuffle and the end\n"
		"game: %s\ndata_id: \"%s\"\n"
		"# BLAKE2b-256 of the data's *.yaml files in name order (docs/record.md)\n"
		"data_hash: %s\n", s->game->name, s->g->meta.data_id, hash);
	int bad = fchmod(fileno(f), 0644) | fsync(fileno(f));
	if (fclose(f) || bad)
		return wj_log(command, "%s: %s", path, strerror(errno)), EX_IOERR;
	return EX_OK;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

/* The public report of the whole history, or the public state. */
static int export_text(FILE *f, const char *name, const struct session *s,
		       const struct game_log *history, char *err, size_t errlen)
{
	struct wj_mail_view pub;
	if (wj_mail_view_of(&pub, s->g, GAME_PUBLIC)) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	struct game_frame frame = {
		.recent = history, .commitment = s->g->meta.commitment,
		.seed_hex = s->g->meta.seed_revealed ? s->g->meta.seed_hex : NULL,
	};
	int bad = strcmp(name, "state.yaml") ? wj_mail_report_text(f, &pub, &frame, err, errlen) :
		  pub.game->state_write(f, pub.d, pub.view, false);
	wj_mail_view_close(&pub);
	return bad;
}

static int export_file(const char *dir, const char *name, const struct session *s,
		       const struct game_log *history)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		wj_log(command, "%s: %s", path, strerror(errno));
		return EX_CANTCREAT;
	}
	char err[512] = "";
	int bad = export_text(f, name, s, history, err, sizeof err);
	bad |= fchmod(fileno(f), 0644) | fsync(fileno(f));
	if (fclose(f) || bad) {
		wj_log(command, "%s: %s", path, err[0] ? err : strerror(errno));
		return EX_IOERR;
	}
	return EX_OK;
}

/* Written beside OUT_DIR and renamed to it whole: never half an export. */
static int export_public(const struct session *s, const char *out)
{
	static const char *const files[] = { "report.txt", "state.yaml" };
	char tmp[PATH_MAX], err[512] = "";
	struct game_log history;
	int rc = EX_OK;
	if (wj_history_read(s->dir, &history, err, sizeof err)) {
		wj_log(command, "%s: %s", s->dir, err);
		return EX_DATAERR;
	}
	snprintf(tmp, sizeof tmp, "%s.new-%ld", out, (long)getpid());
	if (mkdir(tmp, 0755) < 0 || chmod(tmp, 0755) < 0) {
		wj_log(command, "%s: %s", tmp, strerror(errno));
		wj_recent_free(&history);
		return EX_CANTCREAT;
	}
	for (size_t i = 0; i < sizeof files / sizeof *files && !rc; i++)
		rc = export_file(tmp, files[i], s, &history);
	wj_recent_free(&history);
	if (!rc && s->g->meta.seed_revealed) /* ended: the record, to verify */
		rc = export_record(s, tmp);
	if (!rc && rename(tmp, out) < 0) {
		wj_log(command, "%s: %s (the export is left in %s)", out, strerror(errno), tmp);
		return errno == EEXIST || errno == ENOTEMPTY ? EX_CANTCREAT : EX_IOERR;
	}
	if (rc)
		nftw(tmp, remove_one, 8, FTW_DEPTH | FTW_PHYS);
	return rc;
}

static int cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "data", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *data = NULL;
	int c;
	while ((c = getopt_long(argc, argv, "d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': data = optarg; break;
		case 'h': fputs(USAGE_EXPORT, stdout); return EX_OK;
		default: fputs(USAGE_EXPORT, stderr); return EX_USAGE;
		}
	}
	if (optind + 2 != argc)
		return cli_usage(command, USAGE_EXPORT, "give GAME_DIR and OUT_DIR");
	struct stat st;
	if (lstat(argv[optind + 1], &st) == 0) {
		wj_log(command, "%s already exists: name a new directory for the export",
		      argv[optind + 1]);
		return EX_CANTCREAT;
	}
	struct session s = { .lock_fd = -1 };
	int rc = session_open(&s, argv[optind], data, 5);
	if (!rc)
		rc = export_public(&s, argv[optind + 1]);
	session_end(&s);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} commands[] = {
		{ "new", cmd_new },
		{ "order", cmd_order },
		{ "show", cmd_show },
		{ "export", cmd_export },
		{ "verify", cmd_verify },
		{ "data-check", cmd_data_check },
		{ "process", wj_cmd_process },
		{ "passwd", wj_cmd_passwd },
		{ "pause", wj_cmd_moderate },
		{ "resume", wj_cmd_moderate },
		{ "address", wj_cmd_moderate },
		{ "announce", wj_cmd_moderate },
		{ "rollback", wj_cmd_rollback },
		{ "send", wj_cmd_send },
		{ "poll", wj_cmd_poll },
		{ "remind", wj_cmd_remind },
		{ "replay", wj_cmd_replay },
		{ "games", wj_cmd_games },
		{ "scenarios", wj_cmd_scenarios },
	};
	if (argc < 2) {
		fputs(USAGE, stderr);
		return EX_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		fputs(USAGE, stdout);
		return EX_OK;
	}
	/* Large blocks (a board's 6.4 MB picture, a mail's attachment) are
	 * mapped and unmapped, never kept in the heap: glibc would otherwise
	 * raise this threshold after the first board, and the second board's
	 * buffers would pile up in the heap (docs/robustness.md, memory). */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	game_set_symbol_lookup(wj_plugin_board);
	if (wj_dice_init()) {
		wj_log(command, "libsodium cannot start");
		return EX_SOFTWARE;
	}
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		command = commands[i].name;
		int rc = commands[i].run(argc - 1, argv + 1);
		if (fflush(stdout) && rc == EX_OK) {
			wj_log(command, "writing the output: %s", strerror(errno));
			rc = EX_IOERR;
		}
		return rc;
	}
	wj_log(command, "'%s' is not a command", argv[1]);
	fputs(USAGE, stderr);
	return EX_USAGE;
}
