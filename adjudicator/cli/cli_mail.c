/* The mail subcommands: process, passwd, and the moderator's pause,
 * resume, address and announce (docs/mail.md). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include <sodium.h>
#include "buf.h"
#include "cli.h"
#include "games.h"
#include "mail_internal.h"
#include "mail_net.h"

static const char USAGE_PROCESS[] =
	"usage: wwjudge process [--config FILE] [--imap-id UIDVALIDITY/UID] < MESSAGE\n"
	"Reads one mail from stdin (at most 2 MiB) and applies its order block.\n"
	"Exits 0 when it was applied, refused (a reply is queued), a duplicate or\n"
	"dropped; 75 when the game is busy or the disk full (try again later).\n"
	"The config is --config, else $WWJUDGE_CONFIG.\n";

static const char USAGE_PASSWD[] =
	"usage: wwjudge passwd GAME_DIR --side SIDE < PASSWORD\n"
	"       wwjudge passwd --moderator < PASSWORD\n"
	"Stores a side's password (its Argon2id hash only) in GAME_DIR/secret/,\n"
	"or prints the moderator's hash for the config's moderator_password_hash.\n"
	"SIDE is one of the game's side words. The password is the first line\n"
	"of stdin.\n";

static const char USAGE_MODERATE[] =
	"usage: wwjudge pause|resume GAME_DIR [--config FILE]\n"
	"       wwjudge address GAME_DIR --side SIDE ADDR [--config FILE]\n"
	"       wwjudge announce GAME_DIR --config FILE\n"
	"pause/resume: a paused game refuses orders (with a reply). address: a\n"
	"player's new registered address (logged); SIDE is one of the game's side\n"
	"words. With a config (--config, else $WWJUDGE_CONFIG) these are logged\n"
	"and both players told, as by mail. announce: queues each player's\n"
	"report with the current token (to start a game by mail, or resend).\n";

/* The side of the game in `dir` (its game.yaml's) that --side's `word`
 * names: EX_OK with it in *side and the game in *game; else the error,
 * which names the game's side words. */
static int side_named(const char *dir, const char *word, const char *usage,
		      const struct game **game, int *side)
{
	char err[300];
	if (!(*game = wj_rec_dir_game(dir, err, sizeof err))) {
		wj_log(NULL, "%s", err);
		return EX_DATAERR;
	}
	*side = wj_mail_side_of(*game, word, err, sizeof err);
	return *side == GAME_PUBLIC ? cli_usage(NULL, usage, "--side: %s", err) : EX_OK;
}

static int load_config(const char *path, struct wj_mail_config *c)
{
	char err[600];
	if (!path)
		path = getenv("WWJUDGE_CONFIG");
	if (!path || !*path) {
		wj_log(NULL, "give the config with --config FILE or $WWJUDGE_CONFIG");
		return EX_CONFIG;
	}
	if (wj_mail_config_load(path, c, err, sizeof err) < 0) {
		wj_log(NULL, "%s", err);
		return EX_CONFIG;
	}
	return EX_OK;
}

/* The config when one is given (--config, else $WWJUDGE_CONFIG): the game
 * is played by mail. *c stays NULL without one. */
static int optional_config(const char *path, struct wj_mail_config **c)
{
	if (!path && !getenv("WWJUDGE_CONFIG"))
		return EX_OK;
	if (!(*c = calloc(1, sizeof **c)))
		return EX_OSERR;
	return load_config(path, *c);
}

/* ---- process ---- */

int wj_cmd_process(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "imap-id", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *config = NULL, *imap_id = NULL;
	int o;
	while ((o = getopt_long(argc, argv, "c:i:h", opts, NULL)) != -1) {
		switch (o) {
		case 'c': config = optarg; break;
		case 'i': imap_id = optarg; break;
		case 'h': fputs(USAGE_PROCESS, stdout); return EX_OK;
		default: fputs(USAGE_PROCESS, stderr); return EX_USAGE;
		}
	}
	if (optind != argc)
		return cli_usage(NULL, USAGE_PROCESS, "unexpected argument %s", argv[optind]);
	struct wj_mail_config *c = calloc(1, sizeof *c);
	char *msg = malloc(WJ_MAIL_MAX_BYTES + 1);
	int rc = !c || !msg ? EX_OSERR : load_config(config, c);
	/* The MTA bounces every status but 0 and 75: a config that does not
	 * load (a typo, a read error) keeps the mail for a later try instead
	 * of bouncing every order until it is mended (issue 27). */
	if (rc == EX_CONFIG) {
		wj_log("process", "the config does not load; the mail is kept for a later try");
		rc = EX_TEMPFAIL;
	}
	size_t len = 0;
	if (!rc) {
		len = fread(msg, 1, WJ_MAIL_MAX_BYTES + 1, stdin);
		if (len > WJ_MAIL_MAX_BYTES) /* the rest is only counted, for the bounce */
			for (size_t n; (n = fread(msg, 1, WJ_MAIL_MAX_BYTES, stdin)) > 0;)
				len += n;
		if (ferror(stdin)) {
			wj_log("process", "reading the mail from stdin: %s; try again later",
			       strerror(errno));
			rc = EX_TEMPFAIL;
		}
	}
	if (!rc)
		rc = len > WJ_MAIL_MAX_BYTES ? wj_mail_too_large(len) :
					       wj_mail_process(c, msg, len, imap_id);
	free(msg);
	free(c);
	return rc;
}

/* ---- passwd ---- */

static int read_password(char *out, size_t len)
{
	if (!fgets(out, (int)len, stdin)) {
		wj_log("passwd", "no password on stdin");
		return EX_USAGE;
	}
	out[strcspn(out, "\r\n")] = '\0';
	if (!*out) {
		wj_log("passwd", "the password is empty");
		return EX_USAGE;
	}
	return EX_OK;
}

/* Runs `change` on GAME_DIR's mail settings with the lock held. */
static int with_settings(const char *dir, int (*change)(struct wj_mail_secret *, const void *),
			 const void *arg)
{
	char err[600] = "";
	int fd = -1;
	struct wj_mail_secret s;
	enum wj_rec_status st = wj_record_lock(dir, 10, &fd, err, sizeof err);
	if (st != WJ_REC_OK) {
		wj_log(NULL, "%s: %s", dir, err);
		return wj_rec_exit(st == WJ_REC_IO && errno == ENOENT ? WJ_REC_MISSING : st, false);
	}
	int rc = EX_OK;
	const struct game *game = wj_rec_dir_game(dir, err, sizeof err);
	if (!game || wj_mail_secret_read(dir, game, &s, err, sizeof err) < 0 || change(&s, arg) ||
	    wj_mail_secret_write(dir, &s, err, sizeof err) < 0) {
		wj_log(NULL, "%s", err[0] ? err : "cannot change the settings");
		rc = EX_IOERR;
	}
	wj_record_unlock(fd);
	return rc;
}

struct new_password {
	int side;
	char hash[192];
};

static int set_password(struct wj_mail_secret *s, const void *arg)
{
	const struct new_password *p = arg;
	memcpy(s->password[p->side], p->hash, sizeof p->hash);
	return 0;
}

static bool is_game(const char *dir)
{
	char p[PATH_MAX];
	struct stat st;
	snprintf(p, sizeof p, "%.4000s/game.yaml", dir);
	return stat(p, &st) == 0;
}

int wj_cmd_passwd(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "side", required_argument, NULL, 's' },
		{ "moderator", no_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct new_password p = { .side = GAME_PUBLIC };
	const char *side = NULL;
	bool moderator = false;
	int o;
	while ((o = getopt_long(argc, argv, "s:mh", opts, NULL)) != -1) {
		switch (o) {
		case 's': side = optarg; break;
		case 'm': moderator = true; break;
		case 'h': fputs(USAGE_PASSWD, stdout); return EX_OK;
		default: fputs(USAGE_PASSWD, stderr); return EX_USAGE;
		}
	}
	if (moderator != (optind == argc))
		return cli_usage(NULL, USAGE_PASSWD, "%s", moderator ?
				 "--moderator takes no GAME_DIR" : "give exactly one GAME_DIR");
	if (!moderator && (optind + 1 != argc || !side))
		return cli_usage(NULL, USAGE_PASSWD, "give one GAME_DIR and --side");
	if (!moderator && !is_game(argv[optind])) {
		wj_log("passwd", "no game in %s", argv[optind]);
		return EX_NOINPUT;
	}
	const struct game *game = NULL;
	int rc = moderator ? EX_OK : side_named(argv[optind], side, USAGE_PASSWD, &game, &p.side);
	char pw[256];
	if (!rc)
		rc = read_password(pw, sizeof pw);
	if (rc)
		return rc;
	if (wj_password_hash(pw, p.hash) < 0) {
		wj_log("passwd", "cannot hash the password (out of memory?)");
		return EX_OSERR;
	}
	if (moderator) {
		printf("moderator_password_hash = %s\n", p.hash);
		return EX_OK;
	}
	rc = with_settings(argv[optind], set_password, &p);
	if (!rc)
		printf("The %s password of %s is set.\n", wj_mail_side_name(game, p.side),
		       argv[optind]);
	/* no entry logs it, so a replay reads every mail with the password of now */
	if (!rc && wj_record_next_entry(argv[optind]) > 2)
		printf("The game has begun: 'wwjudge replay --archive' reads every archived "
		       "mail with the passwords as they are now, so it cannot replay the %s "
		       "mails written before this change.\n", wj_mail_side_name(game, p.side));
	return rc;
}

/* ---- pause, resume, address, announce ---- */

static int set_paused(struct wj_mail_secret *s, const void *arg)
{
	s->paused = *(const bool *)arg;
	return 0;
}

/* pause, resume or address as the moderator's mail does them: one log
 * entry, and with a config `c` the players told, at one commit. */
static int moderator_change(const struct wj_mail_config *c, const char *dir, const char *cmd,
			    int side, const char *addr)
{
	char err[600] = "";
	int fd = -1;
	struct wj_game *g = calloc(1, sizeof *g), *after = malloc(sizeof *after);
	struct wj_moderator_change *ch = malloc(sizeof *ch);
	struct wj_mail_secret next;
	const char *base = strrchr(dir, '/');
	base = base && base[1] ? base + 1 : dir;
	enum wj_rec_status st = !g || !after || !ch ? WJ_REC_IO :
				wj_record_open(dir, 10, &fd, g, err, sizeof err);
	if (st == WJ_REC_OK && wj_mail_secret_read(dir, g->game, &next, err, sizeof err) < 0)
		st = WJ_REC_CORRUPT;
	if (st == WJ_REC_OK) {
		*after = *g;
		if (addr)
			wj_change_address(ch, after, side, addr);
		else
			wj_change_pause(ch, g, &next, !strcmp(cmd, "pause"));
		struct wj_rollback_by by = { .who = "command line" };
		st = wj_moderator_commit(c, dir, base, g, ch, &by, err, sizeof err);
	}
	if (st != WJ_REC_OK)
		wj_log(cmd, "%s: %s", dir, err);
	else
		printf("%s: %s.%s\n", dir, ch->what, c ? " A mail to each player saying so is "
		       "queued in " WJ_OUTBOX_NEW "; 'wwjudge send' sends it." : "");
	if (fd >= 0)
		wj_record_unlock(fd);
	if (g)
		wj_game_free(g);
	free(g);
	free(after); /* its state is g's */
	free(ch);
	return wj_rec_exit(st, false);
}

/* Without a config, pause and resume change the settings only, as before
 * games were played by mail. */
static int pause_alone(const char *dir, bool paused)
{
	int rc = with_settings(dir, set_paused, &paused);
	if (!rc)
		printf("%s is %s.\nWithout a config it is not logged: 'wwjudge replay --archive' "
		       "cannot replay the mails the game takes or refuses %s; give --config to "
		       "log it.\n", dir, paused ? "paused: orders are refused" : "resumed",
		       paused ? "until it resumes" : "from now on");
	return rc;
}

/* The announcement's text: the side's report and how to order. Malloc'd. */
static char *announce_body(const char *game, const struct wj_game *g,
			   const struct wj_mail_view *v, const char *token)
{
	char *body = NULL;
	size_t blen;
	FILE *f = open_memstream(&body, &blen);
	if (!f)
		return NULL;
	fprintf(f, ".Game %s: you play the %s side.\n\n", game,
		wj_mail_side_name(v->game, v->side));
	struct wj_mail_example example = { .found = false };
	struct game_frame frame = { .commitment = g->meta.commitment,
				    .guide_item = wj_mail_example_take, .guide_ctx = &example };
	wj_mail_report_said(f, v, &frame);
	/* published here, as the seed's commitment is: the first position
	 * cannot be changed later without the players seeing it */
	if (g->meta.initial_state[0])
		fprintf(f, "\n.The initial state (the starting position, what is hidden\n"
			"+included, hashed with the secret seed):\n>  %s\n"
			".Keep it. Once the game is over, its export (ask the moderator for\n"
			"+'wwjudge export GAME_DIR DIR') must show this initial_state in\n"
			"+DIR/game.yaml, and 'wwjudge verify --replay DIR' checks the game\n"
			"+started from it.\n", g->meta.initial_state);
	wj_mail_how_to_order(f, v, token, &example);
	if (fclose(f) != 0) {
		free(body);
		return NULL;
	}
	return body;
}

static int announce_view(const struct wj_mail_config *c, const char *dir, const char *game,
			 const struct wj_game *g, const struct wj_mail_secret *s,
			 const struct wj_mail_view *v)
{
	char token[WJ_TOKEN_HEX], reply[WJ_ADDR_MAX + 80], subj[200], name[64];
	char err[PATH_MAX + 128];
	size_t len;
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	int entry = wj_mail_token_entry(s, v->side);
	wj_move_token(g->seed, v->side, entry, token);
	char *body = announce_body(game, g, v, token);
	if (!body)
		return -1;
	wj_reply_address(c, game, wj_mail_side_word(v->game, v->side), token, reply, sizeof reply);
	wj_mail_subject(game, &mg, "the game as it stands", subj, sizeof subj);
	struct wj_mail_board board = { v, NULL, game, NULL };
	struct wj_mail_out o = { .to = g->meta.addr[v->side],
				 .reply_to = reply, .subject = subj, .body = body,
				 .board = c->text_only ? NULL : &board };
	snprintf(name, sizeof name, "announce-%s", wj_mail_side_word(v->game, v->side));
	/* the id of that entry's report: the next report answers it */
	wj_judge_message_id(c, game, entry, name + strlen("announce-"), o.message_id,
			    sizeof o.message_id);
	char *text = wj_mail_compose(c, &o, &len);
	char file[96];
	snprintf(file, sizeof file, "%06d.%s", entry, name);
	int rc = text ? wj_outbox_put(dir, file, text, len, err, sizeof err) : -1;
	if (text && rc)
		wj_log("announce", "%s", err);
	free(text);
	free(body);
	return rc;
}

static int announce_one(const struct wj_mail_config *c, const char *dir, const char *game,
			const struct wj_game *g, const struct wj_mail_secret *s, int side)
{
	struct wj_mail_view v;
	if (wj_mail_view_of(&v, g, side))
		return -1;
	int rc = announce_view(c, dir, game, g, s, &v);
	wj_mail_view_close(&v);
	return rc;
}

static int announce(const char *dir, const char *config)
{
	struct wj_mail_config *c = calloc(1, sizeof *c);
	struct wj_game *g = calloc(1, sizeof *g);
	struct wj_mail_secret s;
	char err[600] = "";
	int fd = -1, rc = !c || !g ? EX_OSERR : load_config(config, c);
	const char *base = strrchr(dir, '/');
	base = base && base[1] ? base + 1 : dir;
	if (!rc) {
		enum wj_rec_status st = wj_record_open(dir, 10, &fd, g, err, sizeof err);
		rc = wj_rec_exit(st, false);
	}
	if (!rc && wj_mail_secret_read(dir, g->game, &s, err, sizeof err) < 0)
		rc = EX_DATAERR;
	for (int side = 1; !rc && side <= g->game->nsides; side++)
		if (announce_one(c, dir, base, g, &s, side) < 0) {
			wj_why(err, sizeof err, "cannot write to %s/outbox: %s", dir, strerror(errno));
			rc = EX_IOERR;
		}
	if (rc && err[0])
		wj_log("announce", "%s", err);
	else if (!rc)
		printf("Queued the current report for both players in %s/" WJ_OUTBOX_NEW ".\n", dir);
	wj_record_unlock(fd);
	free(c);
	if (g)
		wj_game_free(g);
	free(g);
	return rc;
}

int wj_cmd_moderate(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "side", required_argument, NULL, 's' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *cmd = argv[0], *config = NULL, *side_word = NULL;
	int side = GAME_PUBLIC, o;
	while ((o = getopt_long(argc, argv, "s:c:h", opts, NULL)) != -1) {
		switch (o) {
		case 's': side_word = optarg; break;
		case 'c': config = optarg; break;
		case 'h': fputs(USAGE_MODERATE, stdout); return EX_OK;
		default: fputs(USAGE_MODERATE, stderr); return EX_USAGE;
		}
	}
	bool addr = !strcmp(cmd, "address");
	if (optind + 1 + addr != argc)
		return cli_usage(NULL, USAGE_MODERATE, "%s", addr ? "give GAME_DIR and ADDR" :
				 "give exactly one GAME_DIR");
	const char *dir = argv[optind];
	if (!is_game(dir)) {
		wj_log(cmd, "no game in %s", dir);
		return EX_NOINPUT;
	}
	if (!strcmp(cmd, "announce"))
		return announce(dir, config);
	char a[WJ_ADDR_MAX], err[512];
	const struct game *game;
	int rc;
	if (addr) {
		if (!side_word)
			return cli_usage(NULL, USAGE_MODERATE, "address needs --side");
		if ((rc = side_named(dir, side_word, USAGE_MODERATE, &game, &side)))
			return rc;
		if (wj_addr_spec(argv[optind + 1], a, err, sizeof err))
			return cli_usage(NULL, USAGE_MODERATE, "%s", err);
	}
	struct wj_mail_config *c = NULL;
	rc = optional_config(config, &c);
	if (!rc)
		rc = c || addr ? moderator_change(c, dir, cmd, side, addr ? a : NULL) :
		     pause_alone(dir, !strcmp(cmd, "pause"));
	free(c);
	return rc;
}

static const char USAGE_ROLLBACK[] =
	"usage: wwjudge rollback GAME_DIR --to MOVE [--config FILE]\n"
	"Rolls the game back to the position after accepted move MOVE, by\n"
	"replaying the log from the start. One log entry records it and the\n"
	"entries it undoes (the log keeps them); every token moves on, so orders\n"
	"written for an undone move are refused. With a config (--config, else\n"
	"$WWJUDGE_CONFIG) both players' mails are queued by the same commit.\n";

static int rollback(const char *dir, unsigned move, const struct wj_mail_config *c)
{
	char err[600] = "";
	int fd = -1, rc;
	struct wj_game *g = calloc(1, sizeof *g);
	struct wj_rollback_plan plan = { 0 };
	const char *base = strrchr(dir, '/');
	base = base && base[1] ? base + 1 : dir;
	enum wj_rec_status st = !g ? WJ_REC_IO : wj_record_open(dir, 10, &fd, g, err, sizeof err);
	rc = wj_rec_exit(st, false);
	if (!rc) {
		int r = wj_rollback_prepare(dir, g, move, &plan, err, sizeof err);
		rc = r > 0 ? EX_USAGE : r < 0 ? EX_DATAERR : EX_OK;
	}
	if (!rc) {
		struct wj_rollback_by by = { .who = "command line" };
		rc = wj_rec_exit(wj_rollback_commit(c, dir, base, g, &plan, &by, err, sizeof err),
				 false);
	}
	if (rc) {
		wj_log("rollback", "%s: %s%s", dir, err,
		       rc == EX_USAGE || rc == EX_DATAERR ? "; nothing was changed" : "");
	} else {
		printf("%s: rolled back from move %u to move %u; moves %u to %u are undone "
		       "(log entries %d to %d; entry %d records it).\n", dir,
		       (unsigned)plan.rb.from_move, (unsigned)plan.rb.to_move,
		       (unsigned)plan.rb.to_move + 1, (unsigned)plan.rb.from_move, plan.rb.first,
		       plan.rb.last, plan.entry);
		printf(c ? "Both players' mails are queued in %s/" WJ_OUTBOX_NEW ".\n" :
		       "No config: no mail is queued; 'wwjudge announce %s --config FILE' "
		       "tells the players.\n", dir);
	}
	wj_rollback_plan_free(&plan);
	wj_record_unlock(fd);
	if (g)
		wj_game_free(g);
	free(g);
	return rc;
}

int wj_cmd_rollback(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "to", required_argument, NULL, 't' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *config = NULL, *to = NULL;
	int o;
	while ((o = getopt_long(argc, argv, "t:c:h", opts, NULL)) != -1) {
		switch (o) {
		case 't': to = optarg; break;
		case 'c': config = optarg; break;
		case 'h': fputs(USAGE_ROLLBACK, stdout); return EX_OK;
		default: fputs(USAGE_ROLLBACK, stderr); return EX_USAGE;
		}
	}
	if (optind + 1 != argc)
		return cli_usage(NULL, USAGE_ROLLBACK, "give exactly one GAME_DIR");
	char *end;
	unsigned long move = to ? strtoul(to, &end, 10) : 0;
	if (!to || !*to || *end || *to == '-' || move > UINT32_MAX)
		return cli_usage(NULL, USAGE_ROLLBACK, "--to wants a move number, not %s",
				 to ? to : "nothing");
	if (!is_game(argv[optind])) {
		wj_log("rollback", "no game in %s", argv[optind]);
		return EX_NOINPUT;
	}
	struct wj_mail_config *c = NULL;
	int rc = optional_config(config, &c);
	if (!rc)
		rc = rollback(argv[optind], (unsigned)move, c);
	free(c);
	return rc;
}

/* ---- new --SIDE-password-file ---- */

static int password_from(const char *file, char hash[192], char *err, size_t errlen)
{
	char pw[256];
	FILE *f = fopen(file, "re");
	if (!f) {
		wj_why(err, errlen, "%s: %s", file, strerror(errno));
		return -1;
	}
	bool ok = fgets(pw, sizeof pw, f) != NULL;
	fclose(f);
	pw[ok ? strcspn(pw, "\r\n") : 0] = '\0';
	if (!pw[0]) {
		wj_why(err, errlen, "%s: the first line (the password) is empty", file);
		return -1;
	}
	int rc = wj_password_hash(pw, hash);
	sodium_memzero(pw, sizeof pw);
	if (rc < 0)
		wj_why(err, errlen, "cannot hash the password of %s (out of memory?)", file);
	return rc;
}

int wj_mail_secret_new(const struct game *g,
		       const char *const password_file[GAME_MAX_SIDES + 1], char **text,
		       size_t *len, char *err, size_t errlen)
{
	struct wj_mail_secret s = { .game = g, .token_entry = 1 };
	for (int side = 1; side <= g->nsides; side++)
		if (password_file[side] &&
		    password_from(password_file[side], s.password[side], err, errlen))
			return -1;
	if (wj_mail_secret_text(&s, text, len) < 0) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}
