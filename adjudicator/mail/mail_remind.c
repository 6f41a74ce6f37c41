/* `wwjudge remind`: a player whose move has waited more than the config's
 * remind_hours gets a reminder, at most once a day per game. A game is
 * locked and loaded only when its small files (GAME/index, secret/mail.yaml,
 * GAME/remind) say a reminder may be due.
 *
 * The wait runs from the log entry whose mails carry the current move
 * token (secret/mail.yaml): the mails that asked for this move. GAME/remind
 * holds "entry E side SIDE sent EPOCH" for the last reminder. A reminder
 * is no part of the game: it is written straight into GAME/outbox/new
 * (under the game's lock) and `send` takes it from there. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include "mail_internal.h"
#include "mail_net.h"

#define DAY (24 * 60 * 60)
#define LOCK_WAIT 10

struct remind_state {
	int entry;
	char side[16];
	long long sent;
};

static void read_remind(const char *game, struct remind_state *r)
{
	char path[PATH_MAX], line[128];
	*r = (struct remind_state){ 0 };
	if (wj_fmt(path, sizeof path, "%s/remind", game))
		return;
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(line, sizeof line, f) ||
	    sscanf(line, "entry %d side %15s sent %lld", &r->entry, r->side, &r->sent) != 3)
		*r = (struct remind_state){ 0 };
	fclose(f);
}

static int write_remind(const char *game, const struct remind_state *r, FILE *log)
{
	char path[PATH_MAX], text[128], err[PATH_MAX + 128];
	if (wj_fmt(path, sizeof path, "%s/remind", game))
		return -1;
	wj_fmt(text, sizeof text, "entry %d side %s sent %lld\n", r->entry, r->side, r->sent);
	if (wj_durable_write(path, NULL, text, strlen(text), 0600, NULL, err, sizeof err)) {
		wj_log_to(log, "remind", "%s", err);
		return -1;
	}
	return 0;
}

/* When the mails asking for the current move were committed. */
static time_t waiting_since(const char *game, int entry)
{
	char path[PATH_MAX];
	struct stat st;
	if (wj_fmt(path, sizeof path, "%s/log/%06d.yaml", game, entry) == 0 && stat(path, &st) == 0)
		return st.st_mtime;
	if (wj_fmt(path, sizeof path, "%s/game.yaml", game) == 0 && stat(path, &st) == 0)
		return st.st_mtime;
	return 0;
}

/* "[wwjudge g] 1775 move 0: reminder: your move is waiting": short, as a
 * subject stays under 78 columns (RFC 5322 2.1.1); what is asked goes in
 * the body. */
static void reminder_subject(const char *name, const struct wj_mail_game *mg,
			     char *out, size_t len)
{
	wj_mail_subject(name, mg, "reminder: your move is waiting", out, len);
}

/* The reminder's text, from the side's own view. Malloc'd. */
static char *reminder_body(const char *name, const struct wj_mail_view *v, long hours,
			   const char *token)
{
	char *body = NULL;
	size_t len;
	FILE *f = open_memstream(&body, &len);
	if (!f)
		return NULL;
	fprintf(f, ".Game %s: the judge has been waiting %ld hours for the %s orders.\n"
		   ".This reminder comes at most once a day while the move waits.\n",
		name, hours, wj_mail_side_name(v->game, v->side));
	char asked[400];
	wj_mail_asked_now(v, asked, sizeof asked);
	fputs("\n.What is asked now:\n", f);
	wj_mail_line(f, asked);
	wj_mail_how_to_order(f, v, token, NULL);
	if (fclose(f) != 0) {
		free(body);
		return NULL;
	}
	return body;
}

/* The reminder mail to the view's side, malloc'd (*len), and its outbox
 * name; NULL out of memory. */
static char *reminder_mail(const struct wj_mail_config *c, const char *game,
			   const struct wj_game *g, const struct wj_mail_secret *ms,
			   const struct wj_mail_view *v, long hours, time_t now, bool dry,
			   size_t *len, char file[128])
{
	char name[WJ_GAME_NAME + 1], token[WJ_TOKEN_HEX], reply[512], subject[600];
	char what[64];
	struct wj_mail_game mg;
	const char *word = wj_mail_side_word(v->game, v->side);
	wj_mail_game_of(g, &mg);
	wj_game_name(game, name, sizeof name);
	int entry = wj_mail_token_entry(ms, v->side);
	wj_move_token(g->seed, v->side, entry, token);
	wj_reply_address(c, name, word, token, reply, sizeof reply);
	reminder_subject(name, &mg, subject, sizeof subject);
	char *body = reminder_body(name, v, hours, token);
	if (!body)
		return NULL;
	struct wj_mail_out o = {
		.to = g->meta.addr[v->side],
		.reply_to = reply, .subject = subject, .body = body,
	};
	char date[64];
	if (dry) { /* dated when it would be written, not now */
		struct tm tm;
		gmtime_r(&now, &tm);
		strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
		o.date = date;
	}
	wj_fmt(what, sizeof what, "remind-%s-%lld", word, (long long)(now / DAY));
	wj_judge_message_id(c, name, entry, what, o.message_id, sizeof o.message_id);
	char *text = wj_mail_compose(c, &o, len);
	free(body);
	wj_fmt(file, 128, "%06d.%s", entry, what);
	return text;
}

/* The reminder mail to the view's side, placed in the outbox; or, on a
 * dry run, shown on `log` whole (its line ends LF) and placed nowhere. */
static int queue_reminder(const struct wj_mail_config *c, const char *game,
			  const struct wj_game *g, const struct wj_mail_secret *ms,
			  const struct wj_mail_view *v, long hours, time_t now, bool dry, FILE *log)
{
	char file[128], err[512];
	size_t len;
	char *text = reminder_mail(c, game, g, ms, v, hours, now, dry, &len, file);
	if (!text) {
		wj_log_to(log, "remind", "%s: out of memory", game);
		return EX_OSERR;
	}
	const char *to = g->meta.addr[v->side], *side = wj_mail_side_name(v->game, v->side);
	if (dry) {
		fprintf(log, "%s: would remind the %s player (%s), waiting %ld hours, with "
			"outbox/new/%s:\n\n", game, side, to, hours, file);
		for (size_t i = 0; i < len; i++)
			if (text[i] != '\r')
				fputc(text[i], log);
		fputc('\n', log);
		free(text);
		return EX_OK;
	}
	int rc = wj_outbox_put(game, file, text, len, err, sizeof err);
	free(text);
	if (rc) {
		wj_log_to(log, "remind", "%s: %s", game, err);
		return EX_IOERR;
	}
	wj_info("remind", "%s: reminded the %s player (%s), waiting %ld hours", game, side, to,
		hours);
	return EX_OK;
}

static int compose_reminder(const struct wj_mail_config *c, const char *game,
			    const struct wj_game *g, const struct wj_mail_secret *ms, int side,
			    long hours, time_t now, bool dry, FILE *log)
{
	struct wj_mail_view v;
	if (wj_mail_view_of(&v, g, side)) {
		wj_log_to(log, "remind", "%s: out of memory", game);
		return EX_OSERR;
	}
	int rc = queue_reminder(c, game, g, ms, &v, hours, now, dry, log);
	wj_mail_view_close(&v);
	return rc;
}

/* Whether the move asked by the mails of `token_entry` has waited
 * remind_hours, with no reminder in the last day; *since when. */
static bool waited_enough(const struct wj_mail_config *c, const char *game, int token_entry,
			  time_t now, time_t *since_out)
{
	struct remind_state r;
	time_t since = waiting_since(game, token_entry);
	read_remind(game, &r);
	if (since_out)
		*since_out = since;
	return since && now - since >= (time_t)c->remind_hours * 3600 && now - r.sent >= DAY;
}

/* The sides asked whose move has waited enough, each since its own
 * last mail (an order hidden from it does not count), into due[side]. */
static unsigned due_sides(const struct wj_mail_config *c, const char *game,
			  const struct wj_mail_game *mg, const struct wj_mail_secret *ms,
			  time_t now, time_t due[GAME_MAX_SIDES + 1])
{
	unsigned asked = mg->game->asked(mg->state), set = 0;
	for (int side = 1; side <= mg->game->nsides; side++)
		if ((asked & GAME_SIDE(side)) &&
		    waited_enough(c, game, wj_mail_token_entry(ms, side), now, &due[side]))
			set |= GAME_SIDE(side);
	return set;
}

/* With the game locked and loaded: are reminders due? Then write one to every side
 * asked whose move has waited (several sides may be asked at once). */
static int remind_locked(const struct wj_mail_config *c, const char *game, time_t now,
			 struct wj_game *g, FILE *log)
{
	char err[512];
	struct wj_mail_secret ms;
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	if (!mg.game->asked(mg.state)) /* the game is over */
		return EX_OK;
	if (wj_mail_secret_read(game, mg.game, &ms, err, sizeof err)) {
		wj_log_to(log, "remind", "%s: %s", game, err);
		return EX_DATAERR;
	}
	if (ms.paused)
		return EX_OK;
	time_t since[GAME_MAX_SIDES + 1];
	unsigned due = due_sides(c, game, &mg, &ms, now, since);
	struct remind_state r = { .sent = now };
	for (int side = 1; side <= mg.game->nsides; side++) {
		if (!(due & GAME_SIDE(side)))
			continue;
		int rc = compose_reminder(c, game, g, &ms, side,
					  (long)((now - since[side]) / 3600), now, false, log);
		if (rc)
			return rc;
		r.entry = wj_mail_token_entry(&ms, side);
		wj_fmt(r.side, sizeof r.side, "%s", wj_mail_side_word(mg.game, side));
	}
	return !due || !write_remind(game, &r, log) ? EX_OK : EX_IOERR;
}

/* Without the lock, from the few small files that say it: whether a
 * reminder may be due, so that a game is loaded only then. */
static bool may_be_due(const struct wj_mail_config *c, const char *game, time_t now)
{
	struct wj_record_index ix;
	struct wj_mail_secret ms;
	char err[512];
	if (wj_record_index(game, &ix) == 0 && ix.waiting == GAME_PUBLIC)
		return false;
	const struct game *played = wj_rec_dir_game(game, err, sizeof err);
	if (!played || wj_mail_secret_read(game, played, &ms, err, sizeof err))
		return true; /* remind_locked says what is wrong */
	int oldest = ms.token_entry; /* the side asked is not known before the load */
	for (int side = 1; side <= played->nsides; side++)
		if (wj_mail_token_entry(&ms, side) < oldest)
			oldest = wj_mail_token_entry(&ms, side);
	return !ms.paused && waited_enough(c, game, oldest, now, NULL);
}

static int remind_game(const struct wj_mail_config *c, const char *game, time_t now, FILE *log)
{
	char err[512];
	int fd;
	if (!may_be_due(c, game, now))
		return EX_OK;
	struct wj_game *g = calloc(1, sizeof *g);
	if (!g)
		return EX_OSERR;
	enum wj_rec_status st = wj_record_open(game, LOCK_WAIT, &fd, g, err, sizeof err);
	int rc = st == WJ_REC_BUSY ? EX_TEMPFAIL : st == WJ_REC_IO ? EX_IOERR :
		 st != WJ_REC_OK ? EX_DATAERR : remind_locked(c, game, now, g, log);
	if (st != WJ_REC_OK)
		wj_log_to(log, "remind", "%s: %s", game, err);
	wj_game_free(g);
	free(g);
	wj_record_unlock(fd);
	return rc;
}

static void utc(time_t t, char *out, size_t len)
{
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm);
}

/* What remind would do to one game at `now` for one side asked, said on
 * `out`. */
static int remind_dry_side(const struct wj_mail_config *c, const char *game, time_t now,
			   struct wj_game *g, const struct wj_mail_secret *ms, int side, FILE *out)
{
	char when[40], next[40];
	struct remind_state r;
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	int entry = wj_mail_token_entry(ms, side); /* as remind_locked */
	time_t since = waiting_since(game, entry), due;
	const char *name = wj_mail_side_name(mg.game, side);
	read_remind(game, &r);
	if (!since) {
		fprintf(out, "%s: no reminder: log/%06d.yaml, whose mails asked for the move, "
			"cannot be read\n", game, entry);
		return EX_DATAERR;
	}
	utc(since, when, sizeof when);
	due = since + (time_t)c->remind_hours * 3600;
	if (r.sent && r.sent + DAY > due)
		due = (time_t)r.sent + DAY;
	utc(due, next, sizeof next);
	if (now < due) {
		fprintf(out, "%s: no reminder yet: the %s move has waited since %s%s; the "
			"next reminder is due at %s (remind_hours = %d%s)\n", game, name, when,
			now >= since ? "" : " (later than the time asked)", next, c->remind_hours,
			r.sent ? ", and at most one a day" : "");
		return EX_OK;
	}
	return compose_reminder(c, game, g, ms, side, (long)((now - since) / 3600), now, true,
				out);
}

/* What remind would do to one game at `now`, said on `out`; nothing is
 * locked, written or sent. */
static int remind_dry_game(const struct wj_mail_config *c, const char *game, time_t now,
			   struct wj_game *g, FILE *out)
{
	char err[512];
	struct wj_mail_secret ms;
	if (wj_record_load(game, g, err, sizeof err) != WJ_REC_OK) {
		fprintf(out, "%s: %s\n", game, err);
		return EX_DATAERR;
	}
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	unsigned asked = mg.game->asked(mg.state);
	if (!asked) {
		fprintf(out, "%s: no reminder: the game is over\n", game);
		return EX_OK;
	}
	if (wj_mail_secret_read(game, mg.game, &ms, err, sizeof err)) {
		fprintf(out, "%s: %s\n", game, err);
		return EX_DATAERR;
	}
	if (ms.paused) {
		fprintf(out, "%s: no reminder: the game is paused\n", game);
		return EX_OK;
	}
	int rc = EX_OK;
	for (int side = 1; side <= mg.game->nsides && rc == EX_OK; side++)
		if (asked & GAME_SIDE(side))
			rc = remind_dry_side(c, game, now, g, &ms, side, out);
	return rc;
}

int wj_mail_remind_dry(const struct wj_mail_config *c, time_t at, FILE *out)
{
	char when[40];
	utc(at, when, sizeof when);
	fprintf(out, "remind --dry-run at %s: nothing is written or sent\n", when);
	if (c->remind_hours <= 0) {
		fprintf(out, "remind_hours is 0 in %s: no reminders\n", c->path);
		return EX_OK;
	}
	DIR *dp = opendir(c->games);
	if (!dp) {
		fprintf(out, "cannot read the games directory %s: %s\n", c->games, strerror(errno));
		return EX_NOINPUT;
	}
	int worst = EX_OK;
	for (struct dirent *e; (e = readdir(dp));) {
		char game[PATH_MAX], yaml[PATH_MAX];
		if (e->d_name[0] == '.' || wj_fmt(game, sizeof game, "%s/%s", c->games, e->d_name) ||
		    wj_fmt(yaml, sizeof yaml, "%s/game.yaml", game) || access(yaml, F_OK))
			continue;
		struct wj_game *g = calloc(1, sizeof *g);
		int rc = g ? remind_dry_game(c, game, at, g, out) : EX_OSERR;
		if (g)
			wj_game_free(g);
		free(g);
		if (rc != EX_OK)
			worst = rc;
	}
	closedir(dp);
	return worst;
}

int wj_mail_remind(const struct wj_mail_config *c, time_t now, FILE *log)
{
	if (c->remind_hours <= 0) {
		wj_log_to(log, "remind", "remind_hours is 0 in %s: no reminders", c->path);
		return EX_OK;
	}
	DIR *dp = opendir(c->games);
	if (!dp) {
		wj_log_to(log, "remind", "cannot read the games directory %s: %s", c->games,
			strerror(errno));
		return EX_NOINPUT;
	}
	int worst = EX_OK;
	struct dirent *e;
	while ((e = readdir(dp))) {
		char game[PATH_MAX], yaml[PATH_MAX];
		if (e->d_name[0] == '.' || wj_fmt(game, sizeof game, "%s/%s", c->games, e->d_name) ||
		    wj_fmt(yaml, sizeof yaml, "%s/game.yaml", game) || access(yaml, F_OK))
			continue;
		int rc = remind_game(c, game, now, log);
		if (rc != EX_OK && worst != EX_TEMPFAIL)
			worst = rc;
	}
	closedir(dp);
	return worst;
}
