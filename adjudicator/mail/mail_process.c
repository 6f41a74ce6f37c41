/* `wwjudge process`: one order mail in; the game changed at most once; the
 * mails it decides placed in the outbox by the same commit (docs/mail.md).
 * The orders go the way `wwjudge order`'s go (play.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <yaml.h>
#include "buf.h"
#include "games.h"
#include "mail_internal.h"
#include "mail_net.h"

/* ---- one mail ---- */

struct intake {
	const struct wj_mail_config *c;
	const char *imap_id;
	struct wj_mail_in m;
	struct wj_order_block b;
	char game[WJ_GAME_NAME], side_word[16], token[64];
	int side;                        /* GAME_PUBLIC: none yet */
	const struct game *played;       /* the game, game.h's */
	bool trusted;                    /* From and password are the side's */
	bool game_in_block, side_in_block; /* named on "game:", "side:" lines */
	bool moderator_block;            /* a "#moderator" block from another address */
	char seen_key[600];              /* "SIDE:<Message-ID>": the side's mails' ids */
	struct wj_answered answered;     /* what unauthenticated mail cost this hour */
	struct wj_board_cache boards;    /* a board both sides' mails show is drawn once */
	char dir[PATH_MAX];
	int lock_fd;
	struct wj_game *g;
	const struct game_data *d;
	struct wj_mail_secret sec;
	int entry;                       /* the number this mail's log entry gets */
	size_t size;                     /* the whole mail's, in bytes */
	struct wj_rec_file files[WJ_REC_MAX_FILES];
	char *texts[WJ_REC_MAX_FILES];
	char rels[WJ_REC_MAX_FILES][64];
	int nfiles;
};

static void note(const struct intake *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void status(const struct intake *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* An error, for the MTA's log: one line on stderr, naming the mail. */
static void note(const struct intake *in, const char *fmt, ...)
{
	char who[600];
	snprintf(who, sizeof who, "process: %s", in->m.message_id[0] ? in->m.message_id : "(mail)");
	va_list ap;
	va_start(ap, fmt);
	wj_vlog(who, fmt, ap);
	va_end(ap);
}

/* What became of the mail: its one status line, on stdout, the game and
 * the outcome first and the Message-ID last, so that an MTA that keeps
 * only the start of it (Postfix's "delivered via" status) keeps what
 * matters. */
static void status(const struct intake *in, const char *fmt, ...)
{
	char what[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	wj_info("process", "%s; %.200s", what, in->m.message_id[0] ? in->m.message_id : "(mail)");
}

static const char *registered(const struct intake *in, int s)
{
	return in->g->meta.addr[s];
}

/* The game: the judge sub-address the mail came to, else "game:" in the
 * block; with the side's word there, read once the game is loaded. */
static bool find_game(struct intake *in)
{
	for (int i = 0; i < in->m.nto; i++)
		if (wj_judge_subaddress(in->c->judge, in->m.to[i], in->game, in->side_word,
					in->token) == 0)
			return true;
	if (!in->b.game[0] || !wj_game_name_ok(in->b.game))
		return false;
	snprintf(in->game, sizeof in->game, "%s", in->b.game);
	snprintf(in->side_word, sizeof in->side_word, "%s", in->b.side);
	in->game_in_block = true;
	in->side_in_block = in->b.side[0] != '\0';
	return true;
}

static int load_game(struct intake *in)
{
	char err[512] = "";
	in->g = calloc(1, sizeof *in->g);
	if (!in->g)
		return EX_OSERR;
	/* no wait: the MTA delivers one judge mail at a time (contrib's
	 * maxproc 1), so waiting here would hold every other game's mail;
	 * 75 has it try this one again later (docs/mail-servers.md) */
	enum wj_rec_status st = wj_record_open(in->dir, 0, &in->lock_fd, in->g, err, sizeof err);
	if (st != WJ_REC_OK) {
		note(in, "%s: %s", in->dir, err);
		return wj_rec_exit(st, true);
	}
	in->d = in->g->data;
	in->played = wj_mail_played(in->g);
	/* the game's own files: whatever is wrong with them, the mail waits
	 * (75) for the moderator, and is never bounced to its sender */
	if (wj_mail_secret_read(in->dir, in->played, &in->sec, err, sizeof err) < 0) {
		note(in, "%s; the mail is kept for a later try", err);
		return EX_TEMPFAIL;
	}
	if ((in->entry = wj_record_next_entry(in->dir)) < 0) {
		note(in, "%s: reading index and log/: %s; the mail is kept for a later try",
		     in->dir, strerror(errno));
		return EX_TEMPFAIL;
	}
	if (wj_answered_read(in->dir, wj_mail_now(), &in->answered) < 0) {
		note(in, "%s: reading the answers of the last hour: %s; the mail is kept for a later try",
		     in->dir, strerror(errno));
		return EX_TEMPFAIL;
	}
	return EX_OK;
}

/* ---- composing ---- */

static int add_file(struct intake *in, const char *rel, char *text, size_t len, unsigned mode)
{
	if (!text || in->nfiles == WJ_REC_MAX_FILES) {
		free(text);
		return -1;
	}
	int i = in->nfiles++;
	snprintf(in->rels[i], sizeof in->rels[i], "%s", rel);
	in->texts[i] = text;
	in->files[i] = (struct wj_rec_file){ in->rels[i], text, len, mode };
	return 0;
}

static void free_files(struct intake *in)
{
	for (int i = 0; i < in->nfiles; i++)
		free(in->texts[i]);
	in->nfiles = 0;
}

static void current_token(const struct intake *in, int s, int entry,
			  char out[WJ_TOKEN_HEX])
{
	wj_move_token(in->g->seed, s, entry, out);
}

static const char *side_word(const struct intake *in, int side)
{
	return wj_mail_side_word(in->played, side);
}

/* The subject of a mail to the view's side of the game g. */
static void subject(const struct intake *in, const struct wj_game *g,
		    const struct wj_mail_view *v, const char *before, char *out, size_t len)
{
	char buf[80], what[128];
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	snprintf(what, sizeof what, "%s%s", before, wj_mail_whose_move(v, buf, sizeof buf));
	wj_mail_subject(in->game, &mg, what, out, len);
}

static int queue_mail(struct intake *in, const char *name, struct wj_mail_out *o)
{
	size_t len;
	char rel[64];
	snprintf(rel, sizeof rel, WJ_OUTBOX_NEW "/%06d.%s", in->entry, name);
	char *text = wj_mail_compose(in->c, o, &len);
	return add_file(in, rel, text, len, 0600);
}

static void refs_plus(const struct intake *in, char *out, size_t len)
{
	size_t rl = strlen(in->m.references);
	/* keep the newest references if they are too long */
	const char *r = in->m.references;
	if (rl + strlen(in->m.message_id) + 2 > len) {
		r += rl + strlen(in->m.message_id) + 2 - len;
		r = strchr(r, '<') ? strchr(r, '<') : "";
	}
	if (snprintf(out, len, "%s%s%s", r, *r ? " " : "", in->m.message_id) >= (int)len)
		snprintf(out, len, "%s", in->m.message_id);
}

/* A "#moderator" block in a player's mail (written by him, or a line his
 * opponent's words put in the mail he answered) is not read: he is told,
 * and only he. */
static void moderator_block_told(FILE *f, const struct intake *in)
{
	if (in->moderator_block)
		wj_mail_line(f, "The mail's '#moderator' block was not read: the moderator's "
			     "commands are read only from the moderator's address.");
}

/* What the orderer's own report says of its orders, or the opponent's
 * of the move. */
static void orders_told(FILE *f, const struct intake *in, const struct wj_play *p, int to)
{
	if (to != p->side) {
		struct game_end end = { 0 };
		bool resigned = in->played->over(p->after->state, &end) && end.resigned;
		fprintf(f, ".Game %s: the %s player has %s.\n", in->game,
			wj_mail_side_name(in->played, p->side), resigned ? "resigned" : "moved");
		return;
	}
	if (p->applied < p->n)
		fprintf(f, ".Game %s: your first %d orders were carried out:\n", in->game,
			p->applied);
	else
		fprintf(f, ".Game %s: your orders were accepted:\n", in->game);
	for (int i = 0; i < p->applied; i++) {
		char canon[WJ_MAIL_LINE];
		in->played->order_format(in->d, p->parsed[i], canon, sizeof canon);
		fprintf(f, "=  %s\n", canon);
	}
	if (p->applied < p->n) {
		fputs(".The rest were not:\n", f);
		wj_mail_line(f, p->why);
	}
	moderator_block_told(f, in);
}

/* The report to the view's side after an accepted order: its own view only. */
static char *report_body(struct intake *in, struct wj_play *p, const struct wj_mail_view *v,
			 const char *token)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	orders_told(f, in, p, v->side);
	fputc('\n', f);
	struct wj_mail_example example = { .found = false };
	struct game_frame frame = {
		.events = p->ev, .commitment = p->after->meta.commitment,
		.note = in->b.note_found ? in->b.note : NULL, .note_from = p->side,
		.guide_item = wj_mail_example_take, .guide_ctx = &example,
	};
	char err[512];
	if (wj_mail_report(f, v, &frame, err, sizeof err))
		note(in, "report: %s", err);
	if (p->after->meta.seed_revealed)
		wj_mail_seed(f, p->after->meta.seed_hex);
	struct game_end end;
	if (!v->game->over(v->view, &end))
		wj_mail_how_to_order(f, v, token, &example);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* The report mail to side s, with its token of entry `token_entry`. */
static int queue_report(struct intake *in, struct wj_play *p, const struct wj_mail_view *v,
			int token_entry)
{
	int s = v->side;
	char token[WJ_TOKEN_HEX], reply[WJ_ADDR_MAX + 80], subj[200], prev[300], refs[1400];
	current_token(in, s, token_entry, token);
	wj_reply_address(in->c, in->game, side_word(in, s), token, reply, sizeof reply);
	subject(in, p->after, v, "", subj, sizeof subj);
	wj_judge_message_id(in->c, in->game, wj_mail_token_entry(&in->sec, s), side_word(in, s),
			    prev, sizeof prev);
	/* orders from the command line answer no mail */
	bool orderer = s == p->side && in->m.message_id[0];
	if (orderer)
		refs_plus(in, refs, sizeof refs);
	char *body = report_body(in, p, v, token);
	struct wj_mail_board board = { v, p->ev, in->game, &in->boards };
	struct wj_mail_out o = {
		.to = registered(in, s), .reply_to = reply, .subject = subj,
		.date = in->m.date, .in_reply_to = orderer ? in->m.message_id : prev,
		.references = orderer ? refs : prev, .body = body ? body : "",
		.board = in->c->text_only ? NULL : &board,
	};
	wj_judge_message_id(in->c, in->game, in->entry, side_word(in, s),
			    o.message_id, sizeof o.message_id);
	int rc = body ? queue_mail(in, side_word(in, s), &o) : -1;
	free(body);
	return rc;
}

/* The reports to the sides in `shown`: a side the play is hidden from is
 * sent nothing, so it cannot tell that, or when, it was given. */
static int queue_reports(struct intake *in, struct wj_play *p, unsigned shown,
			 const struct wj_mail_secret *next)
{
	for (int s = 1; s <= in->played->nsides; s++) {
		struct wj_mail_view v;
		if (!(shown & GAME_SIDE(s)))
			continue;
		if (wj_mail_view_of(&v, p->after, s))
			return -1;
		int rc = queue_report(in, p, &v, wj_mail_token_entry(next, s));
		wj_mail_view_close(&v);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The sides (GAME_SIDE bits) for which test(game, play, side) holds. */
static unsigned sides_where(const struct intake *in, const struct wj_play *p,
			    bool (*test)(const struct wj_game *, const struct wj_play *, int))
{
	unsigned set = 0;
	for (int s = 1; s <= in->played->nsides; s++)
		if (test(in->g, p, s))
			set |= GAME_SIDE(s);
	return set;
}

/* The sides that may tell the play happened: they get its report; the
 * others none (wj_play_shown_to). */
static unsigned shown_to(const struct intake *in, const struct wj_play *p)
{
	return sides_where(in, p, wj_play_shown_to);
}

/* The sides whose move token moves on with the play (wj_play_token_moves). */
static unsigned token_moves(const struct intake *in, const struct wj_play *p)
{
	return sides_where(in, p, wj_play_token_moves);
}

/* The mail settings with the tokens moved on to this entry's mails. */
static int queue_secret(struct intake *in, const struct wj_mail_secret *s)
{
	char *text;
	size_t len;
	if (wj_mail_secret_text(s, &text, &len) < 0)
		return -1;
	return add_file(in, "secret/mail.yaml", text, len, 0600);
}

/* ---- refusals ---- */

/* Entry `number`'s rollback, if it is one: the entries it undid, first..last
 * (docs/record.md). false for any other entry, or one that does not read. */
static bool rollback_undid(const char *dir, int number, int *first, int *last)
{
	struct wj_record_log log = { .dir = dir };
	char *text;
	size_t len;
	bool found = false;
	if (wj_record_entry(&log, number, &text, &len) < 0)
		return false;
	for (const char *line = text; !found && line; line = strchr(line + 1, '\n'))
		found = sscanf(line, "\n  undone: {first: %d, last: %d}", first, last) == 2;
	free(text);
	wj_record_log_close(&log);
	return found;
}

/* Whether entry `number` was undone by a rollback before entry `before`. */
static bool undone_before(const char *dir, int number, int before)
{
	for (int r = number + 1; r < before; r++) {
		int first, last;
		if (rollback_undid(dir, r, &first, &last) && first <= number && number <= last)
			return true;
	}
	return false;
}

/* What the side has seen happen since entry `from` (for a stale token):
 * an entry with nothing this side may see is left out, and an order a
 * rollback undid is said to be undone. */
static void moves_since(FILE *f, const struct intake *in, int from)
{
	int shown = 0, looked = 0;
	for (int number = from + 1; number < in->entry && looked < 40; number++) {
		struct game_log log;
		char err[256];
		if (wj_log_read_between(in->dir, number, number, 1, &log, err, sizeof err))
			continue;
		looked += log.n;
		for (int i = 0; i < log.n; i++) {
			const struct game_logged_entry *e = &log.v[i];
			bool own = e->side == in->side, seen = false;
			for (int k = 0; k < e->n; k++)
				seen |= (e->v[k].audience & GAME_SIDE(in->side)) != 0;
			/* an order hidden from this side: not even that it was given;
			 * a moderator's entry with nothing to tell: nothing */
			if (!seen && !own)
				continue;
			bool undone = undone_before(in->dir, number, in->entry);
			if (e->side == GAME_PUBLIC) /* a rollback, a moderator's note */
				fprintf(f, ".  move %u, the moderator:\n", e->move);
			else
				fprintf(f, ".  move %u, the %s%s:\n", e->move,
					wj_mail_side_name(in->played, e->side),
					undone ? " (undone since by the moderator's rollback)" : "");
			for (int k = 0; k < e->n; k++)
				if (e->v[k].audience & GAME_SIDE(in->side)) /* only what this side may see */
					fprintf(f, ".    %s\n", e->v[k].text);
			shown++;
		}
		wj_recent_free(&log);
	}
	if (!shown)
		fputs(".  (no accepted move)\n", f);
}

/* How to order, but while the game is paused what happens instead: no
 * mail is read or kept until the moderator resumes it, and the resume
 * mail (with the token to reply to) asks again. */
static void how_to_order(FILE *f, const struct intake *in, const struct wj_mail_view *v,
			 const char *token)
{
	if (!in->sec.paused) {
		wj_mail_how_to_order(f, v, token, NULL);
		return;
	}
	fputs("\n.The moderator has paused the game: the judge reads no orders until\n"
	      "+the moderator resumes it, and keeps none of the mails sent meanwhile.\n"
	      "+When it resumes you get a mail saying so: send your orders again\n"
	      "+then, in a reply to that mail.\n", f);
}

/* The refusal's text for the view's side, ending with what is asked now
 * and how to order. Malloc'd. */
static char *refusal_body(const struct intake *in, const struct wj_play *p,
			  const struct wj_mail_view *v, const char *reason, int stale_from,
			  const char *token)
{
	char *text = NULL, prompt[512], why[256];
	size_t len;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	fprintf(f, "=Game %s: your mail of %s\n=(%s) was refused; nothing was changed.\n\n",
		in->game, in->m.date[0] ? in->m.date : "(no date)", in->m.message_id);
	if (p->nparsed > 0) {
		fputs(".What was understood:\n", f);
		for (int i = 0; i < p->nparsed; i++) {
			char canon[WJ_MAIL_LINE];
			in->played->order_format(in->d, p->parsed[i], canon, sizeof canon);
			fprintf(f, "=  %s\n", canon);
		}
		fputc('\n', f);
	}
	fputs(".What was wrong:\n", f);
	wj_mail_line(f, reason);
	if (in->b.note_found)
		wj_mail_line(f, "And so your note was not relayed: a note goes to your opponent "
			     "only with orders that are accepted; send it again with them.");
	moderator_block_told(f, in);
	if (stale_from > 0) {
		fputs("\n.Your token belongs to an earlier move. What has happened since:\n", f);
		moves_since(f, in, stale_from);
	}
	wj_mail_asked_now(v, prompt, sizeof prompt);
	fputs(in->sec.paused ? "\n.What is asked, once the game resumes:\n" : "\n.What is asked now:\n", f);
	wj_mail_line(f, prompt);
	/* the orders that would be taken, as the report lists them (issue 22.1) */
	if (!in->sec.paused && wj_mail_guide(f, v, why, sizeof why) < 0) {
		fclose(f);
		free(text);
		return NULL;
	}
	how_to_order(f, in, v, token);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* The reply to the side's registered address, never to the sender when
 * the sender is not registered. */
static int queue_refusal(struct intake *in, struct wj_play *p, const char *reason,
			 int stale_from)
{
	char token[WJ_TOKEN_HEX], reply[WJ_ADDR_MAX + 80], subj[300], refs[1400];
	struct wj_mail_view v;
	if (wj_mail_view_of(&v, in->g, in->side))
		return -1;
	current_token(in, in->side, wj_mail_token_entry(&in->sec, in->side), token);
	char *text = refusal_body(in, p, &v, reason, stale_from, token);
	wj_reply_address(in->c, in->game, side_word(in, in->side), token, reply, sizeof reply);
	/* the player's own subject is not echoed: it would nest, and may hold anything */
	subject(in, in->g, &v, "refused; ", subj, sizeof subj);
	wj_mail_view_close(&v);
	if (!text)
		return -1;
	refs_plus(in, refs, sizeof refs);
	struct wj_mail_out o = {
		.to = registered(in, in->side), .reply_to = reply, .subject = subj,
		.date = in->m.date, .in_reply_to = in->m.message_id, .references = refs,
		.body = text,
	};
	char name[32];
	snprintf(name, sizeof name, "reply-%s", side_word(in, in->side));
	wj_judge_message_id(in->c, in->game, in->entry, name, o.message_id, sizeof o.message_id);
	int bad = queue_mail(in, name, &o);
	free(text);
	return bad;
}

/* Marked seen besides the mail's key: its IMAP id, else its bytes' hash,
 * so that the same mail delivered again changes nothing and is not
 * answered again. */
static const char *also_seen(const struct intake *in, const char *key)
{
	if (in->imap_id)
		return in->imap_id;
	return strcmp(key, in->m.mail_hash) ? in->m.mail_hash : NULL;
}

/* The refusal logged and its reply queued, at one commit; a mail that is
 * not the side's own is answered only if the side had no such answer
 * within the hour, whoever else the mail claims to come from, and one
 * from its own address without its password likewise (GAME/answered). */
static int refuse(struct intake *in, struct wj_play *p, const char *reason, int stale_from)
{
	char err[512] = "";
	static struct wj_play none;
	if (!p) {
		memset(&none, 0, sizeof none);
		none.side = in->side;
		p = &none;
		for (int i = 0; i < in->b.n; i++)
			none.orders[none.n++] = in->b.lines[i];
		snprintf(none.why, sizeof none.why, "%s", reason);
		none.refused = true;
	}
	/* no autoresponder knows the password: a player's own mail is always answered */
	const char *word = side_word(in, in->side);
	const char *kind = wj_addr_equal(in->m.from, registered(in, in->side)) ? "own" : "answer";
	bool allowed = in->trusted || !wj_answered_side(&in->answered, kind, word);
	if (allowed && !in->trusted && wj_answered_add(&in->answered, kind, word) < 0)
		return EX_OSERR;
	if (allowed && queue_refusal(in, p, reason, stale_from) < 0)
		return EX_OSERR;
	if (in->answered.changed) {
		char *text = malloc(in->answered.len + 1);
		if (text)
			memcpy(text, in->answered.text ? in->answered.text : "", in->answered.len + 1);
		if (add_file(in, "answered", text, in->answered.len, 0600) < 0)
			return EX_OSERR;
	}
	if (p == &none)
		snprintf(none.why, sizeof none.why, "%s", reason);
	struct wj_log_entry e = { .sender = in->m.from, .message_id = in->m.message_id,
				  .seen_as = in->trusted ? in->seen_key : in->m.mail_hash,
				  .received = in->m.date[0] ? in->m.date : NULL };
	enum wj_rec_status st = wj_play_commit(in->dir, in->g, p, &e, in->files, in->nfiles,
					       also_seen(in, e.seen_as), err, sizeof err);
	if (st != WJ_REC_OK) {
		note(in, "cannot log the refusal: %s", err);
		return wj_rec_exit(st, true);
	}
	if (allowed)
		status(in, "%s: refused (%s); a reply to %s is queued", in->game, reason,
		       registered(in, in->side));
	else
		status(in, "%s: refused (%s); not answered: the %s side had an answer to a mail "
		       "not its own less than an hour ago", in->game, reason,
		       wj_mail_side_name(in->played, in->side));
	return EX_OK;
}

/* ---- who may order ---- */

/* No block at all, or one without its end: the refusal says how to write
 * one (issue 12); else NULL. */
static const char *block_missing(const struct intake *in)
{
	if (!in->b.found)
		return "no order block was found in the mail; write one: a line '#orders', "
		       "a line 'password: ' and your password, your orders one per line, "
		       "and a line '#end'";
	if (!in->b.ended)
		return "the order block has no '#end' line (nothing is read after a "
		       "signature line '-- ')";
	return NULL;
}

/* For the MTA's log: the orders accepted and the move they reached. */
static void accepted(const struct intake *in, const struct wj_play *p)
{
	struct wj_mail_game mg;
	wj_mail_game_of(p->after, &mg);
	status(in, "%s: the %s orders are accepted (move %u)", in->game,
	       wj_mail_side_name(mg.game, in->side), mg.game->move(mg.state));
}

/* The claim a mail makes to be the side's own, for mail_auth.c to decide. */
static struct wj_mail_claim claim_of(struct intake *in)
{
	return (struct wj_mail_claim){
		.game = in->played, .side = in->side, .dir = in->dir, .seed = in->g->seed,
		.sec = &in->sec, .from = in->m.from, .registered = registered(in, in->side),
		.password = in->b.password, .token = in->b.token[0] ? in->b.token : in->token,
		.block_problem = in->b.problem, .block_missing = block_missing(in),
		.answered = &in->answered };
}

/* 0 if the mail is the side's own (wj_mail_authentic); else the refusal
 * is queued and its exit code returned through *rc. */
static int authenticate(struct intake *in, int *rc)
{
	char why[600];
	struct wj_mail_claim claim = claim_of(in);
	int r = wj_mail_authentic(&claim, why, sizeof why);
	if (r)
		return *rc = r < 0 ? EX_OSERR : refuse(in, NULL, why, 0), -1;
	in->trusted = true;
	snprintf(in->seen_key, sizeof in->seen_key, "%s:%s", side_word(in, in->side),
		 in->m.message_id);
	if (in->b.problem[0]) /* before the token: a stale token is not the news */
		return *rc = refuse(in, NULL, in->b.problem, 0), -1;
	return 0;
}

/* 0 if the mail carries the side's current move token; else refused. */
static int check_token(struct intake *in, int *rc)
{
	char why[600];
	int stale_from = 0;
	struct wj_mail_claim claim = claim_of(in);
	if (!wj_mail_token_current(&claim, why, sizeof why, &stale_from))
		return 0;
	return *rc = refuse(in, NULL, why, stale_from), -1;
}

static int block_problem(struct intake *in)
{
	if (in->sec.paused)
		return refuse(in, NULL, "the game is paused by the moderator; orders are "
			      "refused until it resumes", 0);
	if (block_missing(in))
		return refuse(in, NULL, block_missing(in), 0);
	if (in->b.note_found && !in->b.note_ended)
		return refuse(in, NULL, "the note has no '#end' line (nothing is read after a "
			      "signature line '-- ')", 0);
	if (in->b.problem[0])
		return refuse(in, NULL, in->b.problem, 0);
	if (in->b.n == 0)
		return refuse(in, NULL, "the order block holds no orders", 0);
	return -1;
}

static int play(struct intake *in)
{
	int rc = block_problem(in);
	if (rc >= 0)
		return rc;
	struct wj_play *p = calloc(1, sizeof *p);
	if (!p)
		return EX_OSERR;
	p->side = in->side;
	for (int i = 0; i < in->b.n; i++)
		p->orders[p->n++] = in->b.lines[i];
	int r = wj_play_apply(in->g->data, in->g, NULL, p);
	if (r < 0) {
		rc = EX_OSERR;
	} else if (r > 0) {
		rc = refuse(in, p, p->why, 0);
	} else {
		struct wj_mail_secret next = in->sec;
		wj_mail_tokens_move(&next, in->entry, token_moves(in, p));
		char err[512] = "";
		if (queue_reports(in, p, shown_to(in, p), &next) < 0 || queue_secret(in, &next) < 0) {
			rc = EX_OSERR;
		} else {
			struct wj_log_entry e = { .sender = in->m.from,
						  .message_id = in->m.message_id,
						  .seen_as = in->seen_key,
						  .received = in->m.date[0] ? in->m.date : NULL,
						  .note = in->b.note_found ? in->b.note : NULL };
			enum wj_rec_status st = wj_play_commit(in->dir, in->g, p, &e, in->files,
							       in->nfiles, also_seen(in, e.seen_as),
							       err, sizeof err);
			if (st != WJ_REC_OK)
				note(in, "cannot commit: %s%s", err,
				     strstr(err, "nothing was changed") ? "" : " (nothing was changed)");
			else
				accepted(in, p);
			rc = wj_rec_exit(st, true);
		}
	}
	wj_play_free(p);
	free(p);
	return rc;
}

/* The side whose registered address sent the mail, when one alone did;
 * else GAME_PUBLIC. */
static int sender_side(const struct intake *in)
{
	int found = GAME_PUBLIC;
	for (int s = 1; s <= in->played->nsides; s++) {
		if (!wj_addr_equal(in->m.from, registered(in, s)))
			continue;
		if (found != GAME_PUBLIC)
			return GAME_PUBLIC;
		found = s;
	}
	return found;
}

/* The side: the sub-address's or "side:"'s word, in the game's words;
 * else the one side whose registered address sent the mail. A word that
 * names no side of the game is said in `why`, and the side found is then
 * the sender's, who is answered so. */
static bool find_side(struct intake *in, char *why, size_t whylen)
{
	why[0] = '\0';
	if (in->side_word[0] &&
	    (in->side = wj_mail_side_of(in->played, in->side_word, why, whylen)) != GAME_PUBLIC)
		return true;
	if (why[0] && in->side_in_block) { /* what a player typed is never repeated */
		char words[GAME_MAX_SIDES * 24];
		game_side_words(in->played, words, sizeof words);
		wj_why(why, whylen, "the 'side:' line names no side of this game of %s (it is "
			 "not repeated, in case it holds your password): write %s",
			 in->played->title, words);
	}
	in->side = sender_side(in);
	return in->side != GAME_PUBLIC;
}

/* For the MTA's log: a mail of no side, dropped. */
static int no_side(const struct intake *in, const char *why)
{
	status(in, "%s: %s, and %s is not one player's address; dropped", in->game,
	       why[0] ? why : "no side named", in->m.from[0] ? in->m.from : "(no sender)");
	return EX_OK;
}

static int already_processed(const struct intake *in)
{
	status(in, "%s: already processed; nothing done", in->game);
	return EX_OK;
}

/* 1: one of ids (up to a NULL) is seen; 0: none; -1: a file of seen.d/
 * cannot be read, said on stderr (the mail must wait: taken as unseen
 * it could be applied twice). */
static int seen(const struct intake *in, const char *a, const char *b)
{
	char err[PATH_MAX + 100];
	int rc = wj_record_seen_check(in->dir, a, err, sizeof err);
	if (rc == 0 && b)
		rc = wj_record_seen_check(in->dir, b, err, sizeof err);
	if (rc < 0)
		note(in, "%s; the mail is kept for a later try", err);
	return rc;
}

/* Has the side's mail with this Message-ID been processed (1, 0, or -1 as
 * seen)? Games from before issue 20 marked a Message-ID alone, for either
 * side: read still. */
static int side_seen(const struct intake *in)
{
	return seen(in, in->seen_key, in->m.message_id);
}


/* The side's own mail whose Message-ID one of its mails had (not these
 * bytes: they would be a redelivery, already answered): the player is told
 * once, by a mail named after these bytes, written by itself, and nothing
 * is logged, as nothing happened. */
static int answer_duplicate(struct intake *in)
{
	char token[WJ_TOKEN_HEX], reply[WJ_ADDR_MAX + 80], subj[300], refs[1400], name[64];
	char hex[17], path[PATH_MAX + 80], err[PATH_MAX + 128], *body = NULL, prompt[512];
	struct wj_mail_view v;
	struct stat st;
	size_t blen, len;
	snprintf(hex, sizeof hex, "%.16s", in->m.mail_hash + 1);
	snprintf(name, sizeof name, "dup-%s.%s", hex, side_word(in, in->side));
	snprintf(path, sizeof path, "%s/outbox/cur/%s", in->dir, name);
	bool written = stat(path, &st) == 0;
	snprintf(path, sizeof path, "%s/" WJ_OUTBOX_NEW "/%s", in->dir, name);
	if (written || stat(path, &st) == 0)
		return already_processed(in);
	if (wj_mail_view_of(&v, in->g, in->side))
		return EX_OSERR;
	current_token(in, in->side, in->sec.token_entry, token);
	FILE *f = open_memstream(&body, &blen);
	if (f) {
		fprintf(f, "=Game %s: your mail of %s\n=(%s) was processed before.\n\n",
			in->game, in->m.date[0] ? in->m.date : "(no date)", in->m.message_id);
		wj_mail_line(f, "The judge reads each of your mails once, by its Message-ID: "
			     "nothing was done with it this time. If it holds new orders, send "
			     "them in a new mail (a new mail gets a new Message-ID).");
		wj_mail_asked_now(&v, prompt, sizeof prompt);
		fputs("\n.What is asked now:\n", f);
		wj_mail_line(f, prompt);
		how_to_order(f, in, &v, token);
	}
	wj_reply_address(in->c, in->game, side_word(in, in->side), token, reply, sizeof reply);
	subject(in, in->g, &v, "already processed; ", subj, sizeof subj);
	wj_mail_view_close(&v);
	if (!f || fclose(f) != 0) {
		free(body);
		return EX_OSERR;
	}
	refs_plus(in, refs, sizeof refs);
	struct wj_mail_out o = {
		.to = registered(in, in->side), .reply_to = reply, .subject = subj,
		.date = in->m.date, .in_reply_to = in->m.message_id, .references = refs,
		.body = body,
	};
	wj_judge_message_id(in->c, in->game, 0, name, o.message_id, sizeof o.message_id);
	char *text = wj_mail_compose(in->c, &o, &len);
	free(body);
	wj_why(err, sizeof err, "out of memory");
	int rc = text ? wj_outbox_put(in->dir, name, text, len, err, sizeof err) : -1;
	free(text);
	if (rc < 0) {
		note(in, "%s: already processed; the reply cannot be written: %s", in->game, err);
		return EX_TEMPFAIL;
	}
	status(in, "%s: already processed; nothing done; a reply to %s says so", in->game,
	     registered(in, in->side));
	return EX_OK;
}

static int process_game(struct intake *in)
{
	int rc = load_game(in);
	if (rc)
		return rc;
	wj_order_block_join(&in->b, in->played);
	/* these bytes (or this IMAP message) were processed before */
	if ((rc = seen(in, in->m.mail_hash, in->imap_id)))
		return rc < 0 ? EX_TEMPFAIL : already_processed(in);
	char why[300];
	if (!find_side(in, why, sizeof why))
		return no_side(in, why);
	if (why[0])
		return refuse(in, NULL, why, 0);
	if (authenticate(in, &rc) < 0)
		return rc;
	/* only now: a forger must not make the genuine Message-ID seen (issue 11),
	 * and only the side's own: the other side's ids are not its (issue 20) */
	if ((rc = side_seen(in)))
		return rc < 0 ? EX_TEMPFAIL : answer_duplicate(in);
	if (check_token(in, &rc) < 0)
		return rc;
	return play(in);
}

/* A mail over the size limit, of which only the header was read (poll:
 * IMAP gives the size first): refused to the side's registered address
 * with the limit and the real size, before anything else is checked. */
static int too_large(struct intake *in)
{
	char why[400];
	int rc = load_game(in);
	if (rc)
		return rc;
	if ((rc = seen(in, in->m.mail_hash, in->imap_id)))
		return rc < 0 ? EX_TEMPFAIL : already_processed(in);
	if (!find_side(in, why, sizeof why))
		return no_side(in, why);
	wj_why(why, sizeof why, "the mail is %zu bytes, and the judge reads mails of at "
		 "most %u bytes (2 MiB); send the orders as plain text, without attachments "
		 "or photos", in->size, WJ_MAIL_MAX_BYTES);
	return refuse(in, NULL, why, 0);
}

static void intake_end(struct intake *in)
{
	if (in->lock_fd >= 0)
		wj_record_unlock(in->lock_fd);
	free_files(in);
	wj_answered_free(&in->answered);
	wj_board_cache_free(&in->boards);
	wj_mail_in_free(&in->m);
	if (in->g)
		wj_game_free(in->g);
	free(in->g);
}

/* Whether the mail's game is a game: no directory of that name, the mail
 * is dropped (*rc 0); a directory that cannot be looked at, or a game's
 * directory whose game.yaml is missing, is the judge's trouble and the
 * mail waits (*rc 75). */
static bool is_game(struct intake *in, const char *game_yaml, int *rc)
{
	struct stat st;
	char log[PATH_MAX + 8];
	if (stat(game_yaml, &st) == 0)
		return true;
	int e = errno;
	snprintf(log, sizeof log, "%s/log", in->dir);
	if (e == ENOENT && stat(in->dir, &st) < 0 && (errno == ENOENT || errno == ENOTDIR)) {
		if (in->game_in_block) /* what a player typed is never repeated */
			status(in, "from %s: there is no game of the mail's 'game:' line in %s (the "
			       "name is not repeated, in case it holds a password); dropped",
			       in->m.from, in->c->games);
		else
			status(in, "from %s: there is no game '%s' in %s; dropped", in->m.from,
			       in->game, in->c->games);
		return false;
	}
	if (e == ENOENT && stat(log, &st) < 0 && errno == ENOENT) {
		status(in, "from %s: %s holds no game (no game.yaml, no log/); dropped",
		       in->m.from, in->dir);
		return false;
	}
	if (e == ENOENT)
		note(in, "%s: game damaged: game.yaml is missing; the mail is kept for a later try",
		     in->dir);
	else
		note(in, "%s: %s; the mail is kept for a later try", game_yaml, strerror(e));
	*rc = EX_TEMPFAIL;
	return false;
}

/* `size` is the whole mail's; over the limit, `msg` is its header only. */
static int intake(const struct wj_mail_config *c, const char *msg, size_t len, size_t size,
		  const char *imap_id)
{
	char err[300];
	struct intake *in = calloc(1, sizeof *in);
	if (!in)
		return EX_OSERR;
	in->c = c;
	in->size = size;
	in->imap_id = imap_id && *imap_id ? imap_id : NULL;
	in->lock_fd = -1;
	int rc = EX_OK;
	if (wj_mail_parse(msg, len, &in->m, err, sizeof err) < 0 && !in->m.message_id[0]) {
		status(in, "%s; dropped", err); /* no backscatter: see docs/mail.md */
		goto out;
	}
	if (in->m.automatic[0]) { /* RFC 3834: answering could start a mail loop */
		status(in, "from %s: an automatic mail (%s) is never answered; dropped",
		       in->m.from[0] ? in->m.from : "(no sender)", in->m.automatic);
		goto out;
	}
	if (in->size > WJ_MAIL_MAX_BYTES) {
		/* only its header was read: no block, no moderator's commands */
	} else if (in->m.text && wj_moderator_block_present(in->m.text)) {
		bool moderator = wj_addr_equal(in->m.from, c->moderator);
		/* from another address: refused to the moderator, and then the
		 * mail is read as a player's (issue 20) */
		rc = wj_mail_moderate(c, &in->m);
		if (moderator || rc != EX_OK)
			goto out;
		in->moderator_block = true;
	}
	if (in->m.text && in->size <= WJ_MAIL_MAX_BYTES)
		wj_order_block_find(in->m.text, &in->b);
	if (!find_game(in)) {
		status(in, "from %s: no game named (no judge+GAME-SIDE-TOKEN address, no "
		       "'game:' line); dropped", in->m.from[0] ? in->m.from : "(no sender)");
		goto out;
	}
	int n = snprintf(in->dir, sizeof in->dir, "%s/%s", c->games, in->game);
	struct stat st;
	char probe[PATH_MAX + 16];
	snprintf(probe, sizeof probe, "%s/game.yaml", in->dir);
	if (n < 0 || (size_t)n >= sizeof in->dir || !is_game(in, probe, &rc))
		goto out;
	snprintf(probe, sizeof probe, "%s/" WJ_OUTBOX_NEW, in->dir);
	if (stat(probe, &st) < 0) { /* a mail renamed into a missing directory is lost */
		char o[PATH_MAX + 16];
		snprintf(o, sizeof o, "%s/outbox", in->dir);
		mkdir(o, 0700);
		snprintf(o, sizeof o, "%s/outbox/tmp", in->dir);
		mkdir(o, 0700);
		snprintf(o, sizeof o, "%s/outbox/cur", in->dir);
		mkdir(o, 0700);
		if (mkdir(probe, 0700) < 0 && errno != EEXIST) {
			note(in, "%s: %s", probe, strerror(errno));
			rc = EX_TEMPFAIL;
			goto out;
		}
	}
	rc = in->size > WJ_MAIL_MAX_BYTES ? too_large(in) : process_game(in);
out:
	intake_end(in);
	free(in);
	return rc;
}

int wj_mail_too_large(size_t size)
{
	/* the MTA bounces it to the sender with this line */
	wj_log("process", "the mail is %zu bytes; the judge reads mails of at most %u bytes "
	       "(send the orders as plain text without attachments)", size, WJ_MAIL_MAX_BYTES);
	return EX_DATAERR;
}

int wj_mail_process(const struct wj_mail_config *c, const char *msg, size_t len,
		    const char *imap_id)
{
	if (len > WJ_MAIL_MAX_BYTES)
		return wj_mail_too_large(len);
	return intake(c, msg, len, len, imap_id);
}

int wj_mail_process_large(const struct wj_mail_config *c, const char *header, size_t len,
			  size_t size, const char *imap_id)
{
	return intake(c, header, len, size > WJ_MAIL_MAX_BYTES ? size : WJ_MAIL_MAX_BYTES + 1,
		      imap_id);
}

/* ---- orders from the command line, in a game played by mail ---- */

enum wj_rec_status wj_play_commit_mailed(const struct wj_mail_config *c, const char *dir,
					 const struct game_data *d, struct wj_game *g,
					 struct wj_play *p, const struct wj_log_entry *e,
					 const char *date, char *err, size_t errlen)
{
	struct intake *in = calloc(1, sizeof *in);
	enum wj_rec_status st = WJ_REC_IO;
	const char *base = strrchr(dir, '/');
	if (!in) {
		wj_why(err, errlen, "out of memory");
		return WJ_REC_IO;
	}
	in->c = c;
	in->lock_fd = -1;
	in->g = g;
	in->d = d;
	in->played = wj_mail_played(in->g);
	in->side = p->side;
	snprintf(in->m.date, sizeof in->m.date, "%s", date ? date : "");
	snprintf(in->game, sizeof in->game, "%s", base && base[1] ? base + 1 : dir);
	snprintf(in->dir, sizeof in->dir, "%s", dir);
	if (wj_mail_secret_read(dir, in->played, &in->sec, err, errlen) < 0) {
		st = WJ_REC_CORRUPT;
	} else if ((in->entry = wj_record_next_entry(dir)) < 0) {
		wj_why(err, errlen, "no game in %s (no log/)", dir);
		st = WJ_REC_MISSING;
	} else {
		struct wj_mail_secret next = in->sec;
		wj_mail_tokens_move(&next, in->entry, token_moves(in, p));
		if (queue_reports(in, p, shown_to(in, p), &next) < 0 || queue_secret(in, &next) < 0)
			wj_why(err, errlen, "cannot compose the players' mails (out of memory?)");
		else
			st = wj_play_commit(dir, g, p, e, in->files, in->nfiles, NULL, err, errlen);
	}
	free_files(in);
	wj_board_cache_free(&in->boards);
	free(in);
	return st;
}
