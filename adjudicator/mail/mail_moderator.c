/* The moderator's acts (docs/mail.md): rolling a game back, and the
 * commands of a "#moderator" block mailed from the config's moderator
 * address with the moderator's password. Each command is answered by one
 * mail to the moderator only; each happens at most once however often
 * the mail is delivered. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include "buf.h"
#include "games.h"
#include "mail_internal.h"
#include "mail_net.h"

#define MOD_MAX 32               /* commands in one block */

/* ---- the files of one commit ---- */

struct outgoing {
	struct wj_rec_file f[WJ_REC_MAX_FILES];
	char *text[WJ_REC_MAX_FILES];
	char rel[WJ_REC_MAX_FILES][64];
	int n;
};

static int out_add(struct outgoing *o, const char *rel, char *text, size_t len)
{
	if (!text || o->n == WJ_REC_MAX_FILES) {
		free(text);
		return -1;
	}
	int i = o->n++;
	snprintf(o->rel[i], sizeof o->rel[i], "%s", rel);
	o->text[i] = text;
	o->f[i] = (struct wj_rec_file){ o->rel[i], text, len, 0600 };
	return 0;
}

static void out_free(struct outgoing *o)
{
	for (int i = 0; i < o->n; i++)
		free(o->text[i]);
	o->n = 0;
}

static int out_mail(struct outgoing *o, const struct wj_mail_config *c, int entry,
		    const char *name, const struct wj_mail_out *m)
{
	char rel[64];
	size_t len;
	snprintf(rel, sizeof rel, WJ_OUTBOX_NEW "/%06d.%s", entry, name);
	char *text = wj_mail_compose(c, m, &len);
	return out_add(o, rel, text, len);
}

static int out_secret(struct outgoing *o, const struct wj_mail_secret *s)
{
	char *text;
	size_t len;
	if (wj_mail_secret_text(s, &text, &len) < 0)
		return -1;
	return out_add(o, "secret/mail.yaml", text, len);
}

/* ---- rollback ---- */

void wj_rollback_plan_free(struct wj_rollback_plan *p)
{
	if (p->after)
		wj_game_free(p->after);
	free(p->after);
	p->after = NULL;
}

int wj_rollback_prepare(const char *dir, const struct wj_game *g, uint32_t move,
			struct wj_rollback_plan *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	if (g->meta.seed_revealed) {
		wj_why(err, errlen, "the game is over and its seed revealed: every die "
			 "to come is known, so it cannot be rolled back");
		return 1;
	}
	if (!(p->after = malloc(sizeof *p->after)) || wj_game_copy(p->after, g) < 0) {
		free(p->after);
		p->after = NULL;
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	int rc = wj_record_replay_to(dir, g->data, move, p->after->state, &p->rb, err, errlen);
	if (rc == 0 && (p->entry = wj_record_next_entry(dir)) < 0) {
		wj_why(err, errlen, "%s/log: %s", dir, strerror(errno));
		rc = -1;
	}
	if (rc) {
		wj_rollback_plan_free(p);
		return rc == -2 ? 1 : -1;
	}
	/* no die or shuffle already seen is used again */
	uint64_t roll, shuffle, seen_roll, seen_shuffle;
	g->game->dice_next(p->after->state, &roll, &shuffle);
	g->game->dice_next(g->state, &seen_roll, &seen_shuffle);
	p->rb.next_roll = roll > seen_roll ? roll : seen_roll;
	p->rb.next_shuffle = shuffle > seen_shuffle ? shuffle : seen_shuffle;
	g->game->dice_skip(p->after->state, p->rb.next_roll, p->rb.next_shuffle);
	/* the cards the undone moves drew are back on top of the deck, and
	 * whoever drew them knows it: the unseen cards get the seed's next
	 * shuffle, which replay makes again (docs/rulings.md) */
	if (g->game->reshuffle_unseen) {
		struct wj_dice dice = { 0 };
		struct wj_rng rng;
		memcpy(dice.seed, g->seed, WJ_SEED_BYTES);
		wj_dice_rng(&dice, &rng);
		g->game->reshuffle_unseen(g->data, p->after->state, &rng);
		p->rb.reshuffled = true;
	}
	p->target_side = p->rb.by;
	return 0;
}

/* "...the position after move 12 (the British's); moves 13 to 14 are undone" */
static void rollback_sentence(const struct wj_rollback_plan *p, char *out, size_t len)
{
	const struct wj_rollback *rb = &p->rb;
	char whose[32] = "", undone[64];
	if (p->target_side != GAME_PUBLIC)
		snprintf(whose, sizeof whose, " (the %s's)",
			 wj_mail_side_name(wj_mail_played(p->after), p->target_side));
	if (rb->from_move == rb->to_move + 1)
		snprintf(undone, sizeof undone, "move %u is undone", (unsigned)rb->from_move);
	else
		snprintf(undone, sizeof undone, "moves %u to %u are undone",
			 (unsigned)rb->to_move + 1, (unsigned)rb->from_move);
	snprintf(out, len, "The moderator rolled the game back: it goes back to the position "
		 "after move %u%s; %s and no longer count.", (unsigned)rb->to_move, whose, undone);
}

/* ---- telling the players ---- */

/* What the players are told of a moderator's change, each from its own
 * view: `said` first, then the whole report and the board (a rollback)
 * or what is asked now, then how to order (unless the game is paused). */
struct tell {
	const char *subject;             /* what the subject says */
	const char *said[GAME_MAX_SIDES + 1]; /* by side; NULL: that side is not told */
	int entry;                       /* the entry whose commit writes the mails */
	const struct wj_mail_secret *tokens; /* the tokens they carry, by side */
	const struct wj_mail_secret *prev; /* the entries of the judge's last mails */
	bool report, paused;
	const char *name;                /* before the side in the file's name */
	const char *date;
};

static char *tell_body(const struct tell *t, const char *game, const struct wj_game *g,
		       const struct wj_mail_view *v, const char *token)
{
	char *body = NULL, line[600], asked[512];
	size_t blen;
	FILE *f = open_memstream(&body, &blen);
	if (!f)
		return NULL;
	snprintf(line, sizeof line, "Game %s: %s", game, t->said[v->side]);
	wj_mail_line(f, line);
	fputc('\n', f);
	struct wj_mail_example example = { .found = false };
	if (t->report) {
		struct game_frame frame = { .commitment = g->meta.commitment,
					    .guide_item = wj_mail_example_take,
					    .guide_ctx = &example };
		wj_mail_report_said(f, v, &frame);
	} else {
		wj_mail_asked_now(v, asked, sizeof asked);
		fputs(".What is asked now:\n", f);
		wj_mail_line(f, asked);
	}
	if (!t->paused)
		wj_mail_how_to_order(f, v, token, &example);
	if (fclose(f) != 0) {
		free(body);
		return NULL;
	}
	return body;
}

static int tell_view(struct outgoing *o, const struct wj_mail_config *c, const char *game,
		     const struct wj_game *g, const struct tell *t, const struct wj_mail_view *v)
{
	char token[WJ_TOKEN_HEX], reply[WJ_ADDR_MAX + 80], subj[300], prev[300], name[24];
	const char *word = wj_mail_side_word(v->game, v->side);
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	wj_move_token(g->seed, v->side, wj_mail_token_entry(t->tokens, v->side), token);
	char *body = tell_body(t, game, g, v, token);
	if (!body)
		return -1;
	wj_reply_address(c, game, word, token, reply, sizeof reply);
	wj_mail_subject(game, &mg, t->subject, subj, sizeof subj);
	wj_judge_message_id(c, game, wj_mail_token_entry(t->prev, v->side), word, prev,
			    sizeof prev);
	snprintf(name, sizeof name, "%.12s%s", t->name, word);
	struct wj_mail_board board = { v, NULL, game, NULL };
	struct wj_mail_out m = {
		.to = g->meta.addr[v->side],
		.reply_to = reply, .subject = subj, .date = t->date, .in_reply_to = prev,
		.references = prev, .body = body,
		.board = t->report && !c->text_only ? &board : NULL,
	};
	wj_judge_message_id(c, game, t->entry, name, m.message_id, sizeof m.message_id);
	int rc = out_mail(o, c, t->entry, name, &m);
	free(body);
	return rc;
}

static int tell_player(struct outgoing *o, const struct wj_mail_config *c, const char *game,
		       const struct wj_game *g, const struct tell *t, int side)
{
	struct wj_mail_view v;
	if (wj_mail_view_of(&v, g, side))
		return -1;
	int rc = tell_view(o, c, game, g, t, &v);
	wj_mail_view_close(&v);
	return rc;
}

/* Each side told (with a config), then the extra files of `by`. */
static int tell_players(struct outgoing *o, const struct wj_mail_config *c, const char *game,
			const struct wj_game *g, const struct tell *t,
			const struct wj_rollback_by *by)
{
	for (int side = 1; c && side <= wj_mail_played(g)->nsides; side++)
		if (t->said[side] && tell_player(o, c, game, g, t, side) < 0)
			return -1;
	for (int i = 0; i < by->nextra; i++) {
		char *copy = malloc(by->extra[i].len + 1);
		if (copy)
			memcpy(copy, by->extra[i].text, by->extra[i].len);
		if (out_add(o, by->extra[i].rel, copy, by->extra[i].len) < 0)
			return -1;
	}
	return 0;
}

enum wj_rec_status wj_rollback_commit(const struct wj_mail_config *c, const char *dir,
				      const char *game, const struct wj_game *g,
				      struct wj_rollback_plan *p, const struct wj_rollback_by *by,
				      char *err, size_t errlen)
{
	struct outgoing o = { 0 };
	struct wj_mail_secret sec, next;
	char what[300], said[400], subject[80], note[400];
	if (wj_mail_secret_read(dir, g->game, &sec, err, errlen) < 0)
		return WJ_REC_CORRUPT;
	next = sec;
	/* every token of an undone move is stale, each side's */
	wj_mail_tokens_move(&next, p->entry, ~0u);
	rollback_sentence(p, what, sizeof what);
	snprintf(said, sizeof said, "%s Orders written for the undone moves are refused; the "
		 "game stands as below, and your token is new.", what);
	snprintf(subject, sizeof subject, "the moderator rolled the game back to move %u",
		 (unsigned)p->rb.to_move);
	struct tell t = { .subject = subject, .said = { NULL, said, said, said, said },
			  .entry = p->entry,
			  .tokens = &next, .prev = &sec, .report = true,
			  .paused = sec.paused, .name = "",
			  .date = by->mail_date ? by->mail_date : by->date };
	if (tell_players(&o, c, game, p->after, &t, by) < 0 || out_secret(&o, &next) < 0) {
		wj_why(err, errlen, "cannot compose the rollback's mails (out of memory?)");
		out_free(&o);
		return WJ_REC_IO;
	}
	snprintf(note, sizeof note, "# rollback from move %u to move %u by %s",
		 (unsigned)p->rb.from_move, (unsigned)p->rb.to_move, by->who);
	char logged[240];
	snprintf(logged, sizeof logged, "%.239s", what);
	struct wj_log_entry e = { .side = GAME_PUBLIC, .order_text = note, .sender = by->who,
				  .received = by->date, .said = logged, .rollback = &p->rb };
	enum wj_rec_status st = wj_record_commit_files(dir, g->state, p->after, &e, o.f, o.n,
						       by->also_seen, err, errlen);
	out_free(&o);
	return st;
}

void wj_change_pause(struct wj_moderator_change *ch, const struct wj_game *g,
		     struct wj_mail_secret *next, bool paused)
{
	memset(ch, 0, sizeof *ch);
	next->paused = paused;
	ch->after = g;
	ch->secret = next;
	snprintf(ch->what, sizeof ch->what, paused ? "the game is paused" : "the game is resumed");
	snprintf(ch->subject, sizeof ch->subject, "the moderator %s the game",
		 paused ? "paused" : "resumed");
	for (int side = 1; side <= wj_mail_played(g)->nsides; side++)
		snprintf(ch->said[side], sizeof ch->said[side], paused ?
			 "the moderator paused the game: orders are refused until the moderator "
			 "resumes it." : "the moderator resumed the game: orders are read again.");
}

void wj_change_address(struct wj_moderator_change *ch, struct wj_game *after, int side,
		       const char *addr)
{
	const char *name = wj_mail_side_name(wj_mail_played(after), side);
	memset(ch, 0, sizeof *ch);
	snprintf(ch->what, sizeof ch->what, "the %s address is now %s", name, addr);
	/* the address before, public as game.yaml's: a replay starts from it */
	snprintf(ch->logged, sizeof ch->logged, "%s (was %s)", ch->what, after->meta.addr[side]);
	snprintf(after->meta.addr[side], WJ_ADDR_MAX, "%s", addr);
	ch->after = after;
	snprintf(ch->subject, sizeof ch->subject, "the moderator changed the %s address", name);
	/* the side at its new address and its opponent; the old address is not told */
	snprintf(ch->said[side], sizeof ch->said[side], "the moderator changed your registered "
		 "address: your registered address is now %s. The judge's mails go there, and "
		 "orders are read only from there.", addr);
	for (int other = 1; other <= wj_mail_played(after)->nsides; other++)
		if (other != side)
			snprintf(ch->said[other], sizeof ch->said[other], "the moderator changed "
				 "the %s player's address: the %s player's registered address is "
				 "now %s.", name, name, addr);
}

enum wj_rec_status wj_moderator_commit(const struct wj_mail_config *c, const char *dir,
				       const char *game, const struct wj_game *g,
				       const struct wj_moderator_change *ch,
				       const struct wj_rollback_by *by, char *err, size_t errlen)
{
	struct outgoing o = { 0 };
	struct wj_mail_secret sec;
	char note[sizeof ch->logged + 16];
	int entry = wj_record_next_entry(dir);
	if (entry < 0) {
		wj_why(err, errlen, "%s/log cannot be read", dir);
		return WJ_REC_IO;
	}
	if (wj_mail_secret_read(dir, g->game, &sec, err, errlen) < 0)
		return WJ_REC_CORRUPT;
	const struct wj_mail_secret *now = ch->secret ? ch->secret : &sec;
	struct tell t = { .subject = ch->subject, .entry = entry, .tokens = now,
			  .prev = &sec, .paused = now->paused, .name = "notice-",
			  .date = by->mail_date ? by->mail_date : by->date };
	for (int side = 1; side <= GAME_MAX_SIDES; side++)
		t.said[side] = ch->said[side][0] ? ch->said[side] : NULL;
	if (tell_players(&o, c, game, ch->after, &t, by) < 0 ||
	    (ch->secret && out_secret(&o, ch->secret) < 0)) {
		wj_why(err, errlen, "cannot compose the moderator's mails (out of memory?)");
		out_free(&o);
		return WJ_REC_IO;
	}
	snprintf(note, sizeof note, "# moderator: %s", ch->logged[0] ? ch->logged : ch->what);
	struct wj_log_entry e = { .side = GAME_PUBLIC, .order_text = note, .sender = by->who,
				  .received = by->date };
	enum wj_rec_status st = wj_record_commit_files(dir, g->state, ch->after, &e, o.f, o.n,
						       by->also_seen, err, errlen);
	out_free(&o);
	return st;
}

/* ---- the "#moderator" block ---- */

struct mod_block {
	bool found, ended;
	char password[256];
	int n;
	char lines[MOD_MAX][WJ_MAIL_LINE];
	char problem[200];
};

static void block_line(struct mod_block *b, char *t)
{
	if (!*t || (*t == '#' && !wj_block_marker(t, "end")))
		return; /* blank, a comment */
	if (!strncasecmp(t, "password", 8) && t[8 + strspn(t + 8, " ")] == ':') {
		char *v = strchr(t, ':') + 1;
		snprintf(b->password, sizeof b->password, "%s", v + strspn(v, " \t"));
		return;
	}
	if (b->n == MOD_MAX) {
		snprintf(b->problem, sizeof b->problem, "more than %d commands in one block",
			 MOD_MAX);
		return;
	}
	snprintf(b->lines[b->n++], WJ_MAIL_LINE, "%s", t);
}

static bool mod_block_line(const struct wj_body_line *l, void *arg)
{
	struct mod_block *b = arg;
	if (!b->found)
		b->found = wj_block_marker(l->t, "moderator");
	else if (wj_block_marker(l->t, "end"))
		b->ended = true;
	else
		block_line(b, l->t);
	return !b->ended;
}

/* Read as the order block is (wj_body_lines). */
static void mod_block_find(const char *text, struct mod_block *b)
{
	memset(b, 0, sizeof *b);
	wj_body_lines(text, mod_block_line, b);
}

bool wj_moderator_block_present(const char *text)
{
	struct mod_block *b = malloc(sizeof *b);
	if (!b)
		return false;
	mod_block_find(text, b);
	bool found = b->found;
	free(b);
	return found;
}

/* ---- one command ---- */

struct modcmd {
	const struct wj_mail_config *c;
	const struct wj_mail_in *m;
	char hash[17];                   /* of the mail's Message-ID: names its replies */
	int k;                           /* the command's number in the block, from 1 */
	char shown[WJ_MAIL_LINE];        /* the command as the reply repeats it */
	char word[16], game[WJ_GAME_NAME];
	const char *rest;                /* after the game */
	char dir[PATH_MAX], key[600];
	int lock_fd;
	struct wj_game *g;
	struct wj_mail_secret sec;
	FILE *rf;                        /* the reply's body */
	char *reply;
	size_t replylen;
};

static void note(const struct modcmd *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(const struct modcmd *x, const char *fmt, ...)
{
	char who[620];
	snprintf(who, sizeof who, "process: %s: moderator", x->m->message_id);
	va_list ap;
	va_start(ap, fmt);
	wj_vlog(who, fmt, ap);
	va_end(ap);
}

/* What became of a command or of the mail: one status line on stdout
 * (docs/mail.md, "What the judge says, and where"), the Message-ID last. */
static void status(const struct modcmd *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void status(const struct modcmd *x, const char *fmt, ...)
{
	char what[1200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	wj_info("process", "moderator: %s; %.200s", what, x->m->message_id);
}

static void say(struct modcmd *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct modcmd *x, const char *fmt, ...)
{
	char text[1200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	wj_mail_line(x->rf, text);
}

/* The reply to the moderator, with what the command was. */
static int reply_start(struct modcmd *x)
{
	if (!(x->rf = open_memstream(&x->reply, &x->replylen)))
		return -1;
	fprintf(x->rf, "=Your moderator mail %s of %s, command %d:\n\n=  %s\n\n", x->m->message_id,
		x->m->date[0] ? x->m->date : "(no date)", x->k, x->shown);
	return 0;
}

static char *reply_mail(struct modcmd *x, const char *name, int entry, size_t *len)
{
	char subj[200];
	if (fclose(x->rf) != 0) {
		x->rf = NULL;
		return NULL;
	}
	x->rf = NULL;
	char what[32];
	snprintf(what, sizeof what, "moderator: %s", x->word);
	if (x->g) {
		struct wj_mail_game mg;
		wj_mail_game_of(x->g, &mg);
		wj_mail_subject(x->game, &mg, what, subj, sizeof subj);
	}
	else /* a mail refused before any game is read */
		snprintf(subj, sizeof subj, "[wwjudge %s] %s", x->game, what);
	struct wj_mail_out o = { .to = x->c->moderator, .subject = subj, .date = x->m->date,
				 .in_reply_to = x->m->message_id, .references = x->m->message_id,
				 .body = x->reply };
	wj_judge_message_id(x->c, x->game, entry, name, o.message_id, sizeof o.message_id);
	return wj_mail_compose(x->c, &o, len);
}

/* A reply for a command that changes nothing: written into the outbox by
 * itself under a name made of the mail and the command, so a second
 * delivery finds it (in new/ or, once sent, cur/) and writes nothing. */
static int reply_alone(struct modcmd *x, const char *what)
{
	char name[64], path[PATH_MAX + 80];
	struct stat st;
	size_t len;
	snprintf(name, sizeof name, "mod-%s-%d.%s", x->hash, x->k, what);
	snprintf(path, sizeof path, "%s/outbox/cur/%s", x->dir, name);
	if (stat(path, &st) == 0)
		return 0;
	snprintf(path, sizeof path, "%s/" WJ_OUTBOX_NEW "/%s", x->dir, name);
	if (stat(path, &st) == 0)
		return 0;
	char *text = reply_mail(x, name + 4, 0, &len);
	if (!text)
		return -1;
	char err[PATH_MAX + 128];
	int rc = wj_outbox_put(x->dir, name, text, len, err, sizeof err);
	free(text);
	return rc;
}

/* A command that changes the game (wj_moderator_commit), with the reply
 * to the moderator, at one commit that also marks the command done. */
static int commit_change(struct modcmd *x, struct wj_moderator_change *ch)
{
	char rel[64], err[600] = "";
	size_t len;
	int entry = wj_record_next_entry(x->dir);
	if (entry < 0)
		return EX_TEMPFAIL;
	snprintf(rel, sizeof rel, WJ_OUTBOX_NEW "/%06d.moderator", entry);
	char *reply = reply_mail(x, "moderator", entry, &len);
	if (!reply)
		return EX_OSERR;
	struct wj_rec_file file = { rel, reply, len, 0600 };
	struct wj_rollback_by by = { .who = x->m->from, .date = x->m->date[0] ? x->m->date : NULL,
				     .also_seen = x->key, .extra = &file, .nextra = 1 };
	enum wj_rec_status st = wj_moderator_commit(x->c, x->dir, x->game, x->g, ch, &by, err,
						    sizeof err);
	free(reply);
	if (st != WJ_REC_OK) {
		note(x, "%s: %s", x->game, err);
		return wj_rec_exit(st, true);
	}
	status(x, "%s: %s", x->game, ch->what);
	return EX_OK;
}

/* A command refused: the reason in the reply, nothing changed. */
static int refuse(struct modcmd *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int refuse(struct modcmd *x, const char *fmt, ...)
{
	char why[900];
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(why, sizeof why, NULL, 0, fmt, ap);
	va_end(ap);
	fputs(".Refused; nothing was changed:\n", x->rf);
	wj_mail_line(x->rf, why);
	status(x, "%s: command %d refused: %s", x->game, x->k, why);
	return reply_alone(x, "refused") < 0 ? EX_TEMPFAIL : EX_OK;
}

static int cmd_pause(struct modcmd *x, bool paused)
{
	struct wj_mail_secret next = x->sec;
	struct wj_moderator_change ch;
	wj_change_pause(&ch, x->g, &next, paused);
	say(x, paused ? "The game %s is paused: orders are refused (with a reply) until "
		"it resumes." : "The game %s is resumed: orders are read again.", x->game);
	fputs("\n.Both players are told.\n", x->rf);
	return commit_change(x, &ch);
}

/* The side a command names by its word `sw` (empty: none given), in the
 * game's words; GAME_PUBLIC, with the command refused and its `usage`
 * said, when it names none. */
static int command_side(struct modcmd *x, const char *sw, const char *usage, int *rc)
{
	char why[200], words[GAME_MAX_SIDES * 24];
	int side = wj_mail_side_of(x->g->game, sw, why, sizeof why);
	if (side != GAME_PUBLIC)
		return side;
	game_side_words(x->g->game, words, sizeof words);
	*rc = sw[0] ? refuse(x, "%s (the command is: %s)", why, usage) :
		refuse(x, "write: %s, SIDE %s", usage, words);
	return GAME_PUBLIC;
}

static int cmd_address(struct modcmd *x)
{
	char sw[16] = "", given[WJ_ADDR_MAX + 1] = "", addr[WJ_ADDR_MAX];
	char extra[8], err[512];
	static const char usage[] = "address GAME SIDE ADDRESS";
	int n = sscanf(x->rest, "%15s %256s %7s", sw, given, extra), rc, side;
	if ((side = command_side(x, sw, usage, &rc)) == GAME_PUBLIC)
		return rc;
	if (n != 2)
		return refuse(x, "write: %s", usage);
	if (wj_addr_spec(given, addr, err, sizeof err))
		return refuse(x, "%s", err);
	struct wj_game *after = malloc(sizeof *after);
	struct wj_moderator_change *ch = malloc(sizeof *ch);
	rc = EX_OSERR;
	if (after && ch) {
		*after = *x->g;
		wj_change_address(ch, after, side, addr);
		say(x, "In %s, %s.", x->game, ch->what);
		fputs("\n.The side (at its new address) and its opponent are told.\n", x->rf);
		rc = commit_change(x, ch);
	}
	free(after);
	free(ch);
	return rc;
}

/* The new password is the rest of the line; it is hashed and never
 * written anywhere, nor repeated. */
static int cmd_password(struct modcmd *x)
{
	char sw[16] = "";
	int used = 0, rc, side;
	static const char usage[] = "password GAME SIDE NEWPASSWORD";
	sscanf(x->rest, "%15s %n", sw, &used);
	if (sw[0] && game_side_of(x->g->game, sw) == GAME_PUBLIC) {
		/* "password GAME NEWPASSWORD": the word may be the password */
		char words[GAME_MAX_SIDES * 24];
		game_side_words(x->g->game, words, sizeof words);
		return refuse(x, "the word after the game names no side of this game of %s "
			      "(it is not repeated, in case it is the new password): write: %s, "
			      "SIDE %s", x->g->game->title, usage, words);
	}
	if ((side = command_side(x, sw, usage, &rc)) == GAME_PUBLIC)
		return rc;
	if (!used || !x->rest[used])
		return refuse(x, "write: %s", usage);
	struct wj_mail_secret s = x->sec;
	if (wj_password_hash(x->rest + used, s.password[side]) < 0)
		return EX_OSERR;
	struct wj_moderator_change ch = { .after = x->g, .secret = &s };
	snprintf(ch.what, sizeof ch.what, "the %s password is changed",
		 wj_mail_side_name(wj_mail_played(x->g), side));
	say(x, "In %s, %s.", x->game, ch.what);
	return commit_change(x, &ch);
}

/* The previewing side's report of the preview, its dice marked stand-ins. */
static int preview_report(struct modcmd *x, const struct wj_play *p)
{
	struct wj_mail_view v;
	if (wj_mail_view_of(&v, p->after, p->side))
		return EX_OSERR;
	struct game_frame frame = { .events = p->ev, .stand_in = true,
				    .commitment = x->g->meta.commitment };
	wj_mail_report_said(x->rf, &v, &frame);
	wj_mail_view_close(&v);
	return EX_OK;
}

static int cmd_preview(struct modcmd *x)
{
	char sw[16] = "";
	int used = 0, rc, side;
	static const char usage[] = "preview GAME SIDE: ORDER";
	sscanf(x->rest, "%15[A-Za-z] %n", sw, &used);
	if ((side = command_side(x, sw, usage, &rc)) == GAME_PUBLIC)
		return rc;
	const char *order = x->rest + used;
	order += *order == ':';
	order += strspn(order, " \t");
	if (!*order)
		return refuse(x, "write: %s", usage);
	struct wj_play *p = calloc(1, sizeof *p);
	if (!p)
		return EX_OSERR;
	p->side = side;
	p->orders[p->n++] = order;
	int r = wj_play_preview(x->g->data, x->g, NULL, p);
	if (r < 0) {
		rc = EX_OSERR;
	} else if (r > 0) {
		rc = refuse(x, "%s", p->why);
	} else {
		char canon[WJ_MAIL_LINE];
		x->g->game->order_format(x->g->data, p->parsed[0], canon, sizeof canon);
		say(x, "Would be accepted (a preview with stand-in dice and cards, never the "
		    "game's: nothing was committed): %s", canon);
		fputc('\n', x->rf);
		rc = preview_report(x, p);
		if (rc == EX_OK)
			rc = reply_alone(x, "preview") < 0 ? EX_TEMPFAIL : EX_OK;
	}
	wj_play_free(p);
	free(p);
	return rc;
}

static int cmd_rollback(struct modcmd *x)
{
	char err[600] = "", extra[8];
	unsigned move;
	if (sscanf(x->rest, "%u %7s", &move, extra) != 1)
		return refuse(x, "write: rollback GAME MOVE (the move whose position comes back)");
	struct wj_rollback_plan p;
	int r = wj_rollback_prepare(x->dir, x->g, move, &p, err, sizeof err);
	if (r)
		return refuse(x, "%s", err);
	char what[300], rel[64];
	size_t len;
	rollback_sentence(&p, what, sizeof what);
	say(x, "%s", what);
	fputs("\n.Both players are mailed their own view with a new token.\n", x->rf);
	snprintf(rel, sizeof rel, WJ_OUTBOX_NEW "/%06d.moderator", p.entry);
	char *text = reply_mail(x, "moderator", p.entry, &len);
	if (!text) {
		wj_rollback_plan_free(&p);
		return EX_OSERR;
	}
	struct wj_rec_file reply = { rel, text, len, 0600 };
	struct wj_rollback_by by = { .who = x->m->from, .date = x->m->date, .also_seen = x->key,
				     .extra = &reply, .nextra = 1 };
	enum wj_rec_status st = wj_rollback_commit(x->c, x->dir, x->game, x->g, &p, &by, err,
						   sizeof err);
	free(text);
	wj_rollback_plan_free(&p);
	if (st != WJ_REC_OK) {
		note(x, "%s: rollback: %s", x->game, err);
		return wj_rec_exit(st, true);
	}
	status(x, "%s: %s", x->game, what);
	return EX_OK;
}

static int dispatch(struct modcmd *x)
{
	if (!strcmp(x->word, "preview"))
		return cmd_preview(x);
	if (!strcmp(x->word, "rollback"))
		return cmd_rollback(x);
	if (!strcmp(x->word, "pause") || !strcmp(x->word, "resume")) {
		if (x->rest[strspn(x->rest, " \t")])
			return refuse(x, "write: %s GAME", x->word);
		return cmd_pause(x, !strcmp(x->word, "pause"));
	}
	if (!strcmp(x->word, "address"))
		return cmd_address(x);
	if (!strcmp(x->word, "password"))
		return cmd_password(x);
	return refuse(x, "'%s' is not a moderator command; the commands are preview, "
		      "rollback, pause, resume, address and password", x->word);
}

static int load(struct modcmd *x)
{
	char err[600] = "";
	x->g = calloc(1, sizeof *x->g);
	if (!x->g)
		return EX_OSERR;
	/* no wait on the delivery path, as process (docs/mail-servers.md) */
	enum wj_rec_status st = wj_record_open(x->dir, 0, &x->lock_fd, x->g, err, sizeof err);
	int rc = wj_rec_exit(st, true);
	if (!rc && wj_mail_secret_read(x->dir, x->g->game, &x->sec, err, sizeof err) < 0)
		rc = EX_DATAERR;
	if (rc)
		note(x, "%s: %s", x->game, err);
	return rc;
}

static void unload(struct modcmd *x)
{
	if (x->rf)
		fclose(x->rf);
	x->rf = NULL;
	free(x->reply);
	x->reply = NULL;
	wj_record_unlock(x->lock_fd);
	x->lock_fd = -1;
	if (x->g)
		wj_game_free(x->g);
	free(x->g);
	x->g = NULL;
}

/* Is `w` a side's word in a game the judge plays? Only such a word of a
 * "password" command is repeated: another may be the new password. */
static bool any_side_word(const char *w)
{
	const struct game *g;
	for (int i = 0; *w && (g = game_at(i)); i++)
		if (game_side_of(g, w) != GAME_PUBLIC)
			return true;
	return false;
}

/* The command's words: "WORD GAME REST"; the game must exist. */
static bool parse_command(struct modcmd *x, const char *line)
{
	int used = 0;
	char game[WJ_GAME_NAME + 8];
	snprintf(x->shown, sizeof x->shown, "%s", line);
	if (sscanf(line, "%15s %55s %n", x->word, game, &used) < 2)
		return false;
	for (char *w = x->word; *w; w++)
		*w = (char)(*w >= 'A' && *w <= 'Z' ? *w - 'A' + 'a' : *w);
	x->rest = line + used;
	if (!strcmp(x->word, "password")) { /* never repeated */
		char sw[17] = "";
		sscanf(x->rest, "%15s", sw);
		snprintf(x->shown, sizeof x->shown, "password %s %s(hidden)", game,
			 any_side_word(sw) ? strcat(sw, " ") : "");
	}
	if (!wj_game_name_ok(game))
		return false;
	snprintf(x->game, sizeof x->game, "%.47s", game);
	struct stat st;
	char probe[PATH_MAX + 16];
	if (snprintf(x->dir, sizeof x->dir, "%s/%s", x->c->games, x->game) >= (int)sizeof x->dir)
		return false;
	snprintf(probe, sizeof probe, "%s/game.yaml", x->dir);
	return stat(probe, &st) == 0;
}

static int run_command(struct modcmd *x, const char *line)
{
	if (!parse_command(x, line)) {
		note(x, "command %d names no game of %s; not done, no reply (write: COMMAND GAME "
		     "...)", x->k, x->c->games);
		return EX_OK;
	}
	snprintf(x->key, sizeof x->key, "%s#%d", x->m->message_id, x->k);
	char err[PATH_MAX + 100];
	int rc = load(x), seen = 0;
	/* a file of seen.d/ that cannot be read: the mail waits, or the
	 * command could be done twice */
	if (!rc && (seen = wj_record_seen_check(x->dir, x->key, err, sizeof err)) < 0) {
		note(x, "%s; the mail is kept for a later try", err);
		rc = EX_TEMPFAIL;
	} else if (!rc && seen)
		status(x, "%s: command %d was done before; nothing done", x->game, x->k);
	else if (!rc)
		rc = reply_start(x) < 0 ? EX_OSERR : dispatch(x);
	unload(x);
	return rc;
}

/* Not the moderator, or not the moderator's password: nothing is done;
 * one reply to the moderator's own address, in the first game named. */
static int refuse_mail(struct modcmd *x, const struct mod_block *b, const char *why)
{
	status(x, "refused: %s", why);
	for (int i = 0; i < b->n; i++) {
		x->k = i + 1;
		if (!parse_command(x, b->lines[i]))
			continue;
		x->k = 0;
		snprintf(x->shown, sizeof x->shown, "(the whole block)");
		snprintf(x->word, sizeof x->word, "refused");
		if (reply_start(x) < 0)
			return EX_OSERR;
		fputs(".Refused; nothing was changed:\n", x->rf);
		wj_mail_line(x->rf, why);
		int rc = reply_alone(x, "refused") < 0 ? EX_TEMPFAIL : EX_OK;
		unload(x);
		return rc;
	}
	return EX_OK;
}

int wj_mail_moderate(const struct wj_mail_config *c, const struct wj_mail_in *m)
{
	struct mod_block *b = malloc(sizeof *b);
	struct modcmd *x = calloc(1, sizeof *x);
	unsigned char h[8];
	int rc = EX_OK;
	const char *refused;
	if (!b || !x) {
		free(b);
		free(x);
		return EX_OSERR;
	}
	x->c = c;
	x->m = m;
	x->lock_fd = -1;
	crypto_generichash(h, sizeof h, (const unsigned char *)m->message_id,
			   strlen(m->message_id), NULL, 0);
	sodium_bin2hex(x->hash, sizeof x->hash, h, sizeof h);
	mod_block_find(m->text, b);
	if (!c->moderator[0] || !c->moderator_password_hash[0])
		note(x, "the config names no moderator and password hash; the block is not read");
	else if ((refused = wj_moderator_refused(c, m->from, b->password)))
		rc = refuse_mail(x, b, refused);
	else if (!b->ended || b->problem[0])
		rc = refuse_mail(x, b, b->problem[0] ? b->problem :
				 "the block has no '#end' line; nothing was done");
	else
		for (int i = 0; i < b->n && rc == EX_OK; i++) {
			x->k = i + 1;
			rc = run_command(x, b->lines[i]);
		}
	free(b);
	free(x);
	return rc;
}
