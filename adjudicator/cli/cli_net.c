/* The network subcommands: send, poll, remind, replay. Their work is in
 * mail_send.c, mail_poll.c, mail_remind.c and mail_replay.c; this is the
 * command line around it. */
#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include "buf.h"
#include "cli.h"
#include "mail_net.h"

static const char USAGE_SEND[] =
	"usage: wwjudge send --config FILE [--games DIR]\n"
	"Sends every mail waiting in GAME/outbox/new of every game over SMTP\n"
	"(smtp_url, smtp_tls, smtp_user and smtp_password in FILE) and moves\n"
	"each sent one to GAME/outbox/cur. A mail that cannot be sent stays for\n"
	"the next run (exit 75).\n";

static const char USAGE_POLL[] =
	"usage: wwjudge poll --config FILE [--games DIR]\n"
	"Fetches the new messages of the judge's IMAP mailbox (imap_url in\n"
	"FILE), processes each as 'wwjudge process' would, then sends. Safe to\n"
	"run from cron every minute: a second poll while one runs exits 0.\n";

static const char USAGE_REMIND[] =
	"usage: wwjudge remind --config FILE [--games DIR] [--dry-run [--at TIME]]\n"
	"Mails each player whose move has waited more than remind_hours (from\n"
	"FILE), at most once a day per game, then sends. --dry-run shows each\n"
	"reminder it would send (or why none is due, and when one will be) and\n"
	"changes nothing; --at says when: YYYY-MM-DD[ HH:MM[:SS]] (UTC), or +N\n"
	"hours (+Nh) or days (+Nd) from now.\n";

static const char USAGE_REPLAY[] =
	"usage: wwjudge replay GAME_DIR --archive MBOX_OR_MAILDIR --config FILE\n"
	"Plays the game again from its seed with the order mails of the archive,\n"
	"in order, and reports the first mail whose result (the log entry, the\n"
	"state, the mails written) differs from the record, byte for byte.\n"
	"Exits 0 when everything matches, 65 when something differs.\n";

struct net_args {
	const char *config, *games, *archive, *game;
	bool dry_run;
	const char *at;
};

/* 0, -2 for --help (printed), or EX_USAGE. */
static int parse(int argc, char **argv, const char *text, bool want_game, struct net_args *a)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "games", required_argument, NULL, 'g' },
		{ "archive", required_argument, NULL, 'a' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "at", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	optind = 1;
	opterr = 0;
	for (int ch; (ch = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
		switch (ch) {
		case 'c': a->config = optarg; break;
		case 'g': a->games = optarg; break;
		case 'a': a->archive = optarg; break;
		case 'n': a->dry_run = true; break;
		case 't': a->at = optarg; break;
		case 'h': fputs(text, stdout); return -2;
		default: return cli_usage(argv[0], text, "unknown option or missing argument");
		}
	}
	if (!want_game && a->archive)
		return cli_usage(argv[0], text, "--archive is for replay");
	if ((a->dry_run || a->at) && text != USAGE_REMIND)
		return cli_usage(argv[0], text, "--dry-run and --at are for remind");
	if (a->at && !a->dry_run)
		return cli_usage(argv[0], text, "--at goes with --dry-run");
	if (want_game) {
		if (optind != argc - 1)
			return cli_usage(argv[0], text, "one GAME_DIR is needed");
		a->game = argv[optind];
		if (!a->archive)
			return cli_usage(argv[0], text, "--archive is required");
		if (a->games)
			return cli_usage(argv[0], text, "--games is not for replay");
		if (!a->config && !(a->config = getenv("WWJUDGE_CONFIG")))
			return cli_usage(argv[0], text, "--config is required (or $WWJUDGE_CONFIG)");
		return 0;
	}
	if (optind != argc)
		return cli_usage(argv[0], text, "unexpected argument");
	if (!a->config && !(a->config = getenv("WWJUDGE_CONFIG")))
		return cli_usage(argv[0], text, "--config is required (or $WWJUDGE_CONFIG)");
	return 0;
}

static int load_config(const struct net_args *a, struct wj_mail_config *c)
{
	char err[512];
	if (wj_mail_config_load(a->config, c, err, sizeof err)) {
		wj_log(NULL, "%s", err);
		return EX_CONFIG;
	}
	if (a->games && wj_fmt(c->games, sizeof c->games, "%s", a->games)) {
		wj_log(NULL, "--games: the path is too long");
		return EX_USAGE;
	}
	if (!c->games[0]) {
		wj_log(NULL, "%s: no 'games' directory, and no --games", a->config);
		return EX_CONFIG;
	}
	return EX_OK;
}

static int run(int argc, char **argv, const char *text, int (*work)(const struct wj_mail_config *))
{
	struct net_args a = { 0 };
	struct wj_mail_config c = { 0 };
	int rc = parse(argc, argv, text, false, &a);
	if (rc)
		return rc == -2 ? EX_OK : rc;
	if ((rc = load_config(&a, &c)))
		return rc;
	return work(&c);
}

/* --at: "YYYY-MM-DD[ HH:MM[:SS]]" (UTC, or with a 'T'), or "+N", "+Nh",
 * "+Nd" from now. -1 if it is neither. */
static int at_time(const char *s, time_t now, time_t *at)
{
	char *end;
	if (*s == '+') {
		long n = strtol(s + 1, &end, 10);
		long unit = !*end || !strcmp(end, "h") ? 3600 : !strcmp(end, "d") ? 86400 : 0;
		if (end == s + 1 || n < 0 || n > 100000 || !unit)
			return -1;
		*at = now + (time_t)n * unit;
		return 0;
	}
	struct tm tm = { 0 };
	int k = 0;
	if (sscanf(s, "%4d-%2d-%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &k) != 3)
		return -1;
	if (s[k] == ' ' || s[k] == 'T') {
		int k2 = 0;
		if (sscanf(s + k + 1, "%2d:%2d%n", &tm.tm_hour, &tm.tm_min, &k2) != 2)
			return -1;
		k += 1 + k2;
		if (s[k] == ':' && sscanf(s + k + 1, "%2d%n", &tm.tm_sec, &k2) == 1)
			k += 1 + k2;
	}
	if (s[k] || tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 ||
	    tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 60)
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*at = timegm(&tm);
	return 0;
}

static int do_send(const struct wj_mail_config *c)
{
	return wj_mail_send_all(c, c->games, stderr);
}

static int do_poll(const struct wj_mail_config *c)
{
	return wj_mail_poll(c, stderr);
}

static int do_remind(const struct wj_mail_config *c)
{
	int rc = wj_mail_remind(c, time(NULL), stderr);
	int sent = wj_mail_send_all(c, c->games, stderr);
	return rc != EX_OK ? rc : sent;
}

int wj_cmd_send(int argc, char **argv)
{
	return run(argc, argv, USAGE_SEND, do_send);
}

int wj_cmd_poll(int argc, char **argv)
{
	return run(argc, argv, USAGE_POLL, do_poll);
}

int wj_cmd_remind(int argc, char **argv)
{
	struct net_args a = { 0 };
	struct wj_mail_config c = { 0 };
	time_t at = time(NULL);
	int rc = parse(argc, argv, USAGE_REMIND, false, &a);
	if (rc)
		return rc == -2 ? EX_OK : rc;
	if (a.at && at_time(a.at, at, &at))
		return cli_usage(argv[0], USAGE_REMIND, "--at wants YYYY-MM-DD[ HH:MM[:SS]] (UTC) "
				 "or +N, +Nh, +Nd, not '%s'", a.at);
	if ((rc = load_config(&a, &c)))
		return rc;
	return a.dry_run ? wj_mail_remind_dry(&c, at, stdout) : do_remind(&c);
}

int wj_cmd_replay(int argc, char **argv)
{
	struct net_args a = { 0 };
	struct wj_mail_config c = { 0 };
	int rc = parse(argc, argv, USAGE_REPLAY, true, &a);
	if (rc)
		return rc == -2 ? EX_OK : rc;
	if ((rc = load_config(&a, &c)))
		return rc;
	return wj_mail_replay(&c, a.game, a.archive, stdout);
}
