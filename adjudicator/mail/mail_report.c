/* Composing through game.h: what a mail or the command line shows of a
 * game (its report, its question, its guide's example, its board) comes
 * from the game's own functions on one side's view; the judge only
 * frames it. */
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "games.h"
#include "mail_internal.h"
#include "report_form.h"
#include "template.h"
#include "text.h"

/* The game a record holds (record.h: set by every load). */
const struct game *wj_mail_played(const struct wj_game *g)
{
	return g->game;
}

void wj_mail_game_of(const struct wj_game *g, struct wj_mail_game *out)
{
	out->game = g->game;
	out->d = g->data;
	out->state = g->state;
}

int wj_mail_view_open(struct wj_mail_view *v, const struct wj_mail_game *mg, int side)
{
	v->game = mg->game;
	v->d = mg->d;
	v->side = side;
	v->view = game_state_new(mg->game);
	if (!v->view)
		return -1;
	game_view(mg->game, mg->d, mg->state, side, v->view);
	return 0;
}

int wj_mail_view_of(struct wj_mail_view *v, const struct wj_game *g, int side)
{
	struct wj_mail_game mg;
	wj_mail_game_of(g, &mg);
	return wj_mail_view_open(v, &mg, side);
}

void wj_mail_view_close(struct wj_mail_view *v)
{
	if (v->view)
		game_state_free(v->game, v->view);
	v->view = NULL;
}

const char *wj_mail_side_name(const struct game *game, int side)
{
	return side >= 1 && side <= game->nsides ? game->side[side].name : "nobody";
}

const char *wj_mail_side_word(const struct game *game, int side)
{
	return side >= 1 && side <= game->nsides ? game->side[side].word : "nobody";
}

int wj_mail_side_of(const struct game *game, const char *word, char *why, size_t whylen)
{
	int side = game_side_of(game, word);
	if (side == GAME_PUBLIC) {
		char words[GAME_MAX_SIDES * 24];
		game_side_words(game, words, sizeof words);
		wj_why(why, whylen, "'%s' is not a side of this game of %s: write %s", word,
			 game->title, words);
	}
	return side;
}

static void note_heading(FILE *f, const struct game *game, int from, int viewer)
{
	if (from != viewer)
		fprintf(f, ".  The %s player writes:\n", wj_mail_side_name(game, from));
	else if (game->nsides == 2)
		fprintf(f, ".  Your note to the %s player:\n", wj_mail_side_name(game, 3 - from));
	else
		fputs(".  Your note to the other players:\n", f);
}

/* The one path of a player's words into another's mail: every game's
 * report prints this block as it is, where it shows the events the note
 * came with (issue 20). */
char *wj_mail_note_framed(const struct game *game, int from, int viewer, const char *note)
{
	size_t n = strlen(note), wlen, len;
	char *clean = malloc(3 * n + 1), *wrapped = NULL, *out = NULL;
	FILE *f = clean ? open_memstream(&wrapped, &wlen) : NULL;
	if (!f)
		goto fail;
	n = wj_text_relay(clean, 3 * n + 1, note, n);
	while (n && clean[n - 1] == '\n')
		clean[--n] = '\0';
	int bad = tpl_wrap(f, clean, n, WJ_NOTE_WIDTH);
	if (fclose(f) || bad || !(f = open_memstream(&out, &len)))
		goto fail;
	if (n) /* nothing left to show once cleaned: no heading either */
		note_heading(f, game, from, viewer);
	for (char *line = wrapped, *nl; (nl = strchr(line, '\n')); line = nl + 1)
		fprintf(f, ".%s%.*s\n", *line != '\n' ? WJ_NOTE_MARK : "    |", (int)(nl - line),
			line);
	if (fclose(f))
		goto fail;
	free(clean);
	free(wrapped);
	return out;
fail:
	free(clean);
	free(wrapped);
	free(out);
	return NULL;
}

int wj_mail_report(FILE *f, const struct wj_mail_view *v, const struct game_frame *frame,
		   char *err, size_t errlen)
{
	struct game_frame framed = *frame;
	char *note = NULL;
	if (frame->note && *frame->note &&
	    !(note = wj_mail_note_framed(v->game, frame->note_from, v->side, frame->note))) {
		wj_why(err, errlen, "out of memory while relaying the note");
		return -1;
	}
	framed.note = note;
	int rc = v->game->report(f, v->d, v->view, v->side, &framed, err, errlen);
	free(note);
	return rc;
}

int wj_mail_report_said(FILE *f, const struct wj_mail_view *v, const struct game_frame *frame)
{
	char err[512];
	if (wj_mail_report(f, v, frame, err, sizeof err)) {
		wj_log("report", "%s", err);
		return -1;
	}
	return 0;
}

void wj_mail_line(FILE *f, const char *text)
{
	for (const char *line = text; *line;) {
		size_t n = strcspn(line, "\n");
		fprintf(f, ".%.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
}

int wj_mail_text(FILE *out, const char *form, size_t len)
{
	return wj_form_text(out, form, len, WJ_MAIL_WIDTH);
}

int wj_mail_report_text(FILE *out, const struct wj_mail_view *v, const struct game_frame *frame,
			char *err, size_t errlen)
{
	char *form = NULL;
	size_t len;
	FILE *f = open_memstream(&form, &len);
	if (!f) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	int rc = wj_mail_report(f, v, frame, err, errlen);
	if (fclose(f) && !rc) {
		wj_why(err, errlen, "out of memory");
		rc = -1;
	}
	if (!rc && wj_mail_text(out, form, len)) {
		wj_why(err, errlen, "writing the report failed");
		rc = -1;
	}
	free(form);
	return rc;
}

void wj_mail_asked_names(const struct game *game, unsigned asked, char *out, size_t len)
{
	int last = 0;
	for (int s = 1; s <= game->nsides; s++)
		if (asked & GAME_SIDE(s))
			last = s;
	out[0] = '\0';
	for (int s = 1, k = 0; s <= game->nsides; s++)
		if (asked & GAME_SIDE(s))
			wj_fmt_add(out, len, "%sthe %s", !k++ ? "" : s == last ? " and " : ", ",
				   wj_mail_side_name(game, s));
}

/* Each asked side's question as `reader` may read it, one after another. */
static void questions(const struct wj_mail_view *v, unsigned asked, char *out, size_t len)
{
	char one[1024];
	out[0] = '\0';
	for (int s = 1; s <= v->game->nsides; s++) {
		if (!(asked & GAME_SIDE(s)))
			continue;
		v->game->question(v->d, v->view, s, v->side, one, sizeof one);
		wj_fmt_add(out, len, "%s%s", out[0] ? " " : "", one);
	}
}

void wj_mail_asked_now(const struct wj_mail_view *v, char *out, size_t len)
{
	unsigned asked = v->game->asked(v->view);
	struct game_end end;
	if (asked & GAME_SIDE(v->side))
		v->game->question(v->d, v->view, v->side, v->side, out, len);
	else if (asked)
		questions(v, asked, out, len);
	else if (v->game->over(v->view, &end))
		snprintf(out, len, "The game is over: the %s player won.",
			 wj_mail_side_name(v->game, end.winner));
	else
		snprintf(out, len, "Nothing is asked of anyone now.");
}

const char *wj_mail_whose_move(const struct wj_mail_view *v, char *buf, size_t len)
{
	unsigned asked = v->game->asked(v->view);
	if (!asked)
		return "the game is over";
	if (asked & GAME_SIDE(v->side))
		return "your move";
	wj_mail_asked_names(v->game, asked, buf, len);
	wj_fmt_add(buf, len, " to move");
	return buf;
}

void wj_mail_subject(const char *name, const struct wj_mail_game *mg, const char *what,
		     char *out, size_t len)
{
	char date[32] = "";
	if (mg->game->date)
		mg->game->date(mg->state, date, sizeof date);
	snprintf(out, len, "[wwjudge %s] %s%smove %u: %s", name, date, date[0] ? " " : "",
		 mg->game->move(mg->state), what);
}

void wj_mail_example_take(void *ctx, const char *kind, const char *example)
{
	struct wj_mail_example *x = ctx;
	if (!x->found && strncmp(kind, "standing", 8)) {
		snprintf(x->line, sizeof x->line, "%s", example);
		x->found = true;
	}
}

int wj_mail_guide(FILE *f, const struct wj_mail_view *v, char *why, size_t whylen)
{
	struct game_end end;
	char *text = NULL;
	size_t len = 0;
	if (!v->game->guide_words || v->game->over(v->view, &end))
		return 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return wj_why(why, whylen, "out of memory");
	int rc = v->game->guide_words(m, v->d, v->view, v->side, why, whylen);
	if (fclose(m) && !rc)
		rc = wj_why(why, whylen, "out of memory");
	if (!rc && fwrite(text, 1, len, f) != len) /* in the form, as the mail's body is */
		rc = wj_why(why, whylen, "writing the guide failed");
	free(text);
	return rc;
}

void wj_mail_how_to_order(FILE *f, const struct wj_mail_view *v, const char *token,
			  const struct wj_mail_example *known)
{
	struct wj_mail_example x = { .found = false };
	struct game_end end;
	if (v->game->over(v->view, &end)) { /* nothing more is read, standing orders neither */
		fputs("\n.The game is over: the judge reads no more orders for it.\n", f);
		return;
	}
	if (!(v->game->asked(v->view) & GAME_SIDE(v->side)))
		;
	else if (known && known->found)
		x = *known;
	else
		v->game->guide(v->d, v->view, v->side, wj_mail_example_take, &x);
	if (!x.found)
		fputs("\n.Nothing is asked of you now. Standing orders may be given at any\n"
		      "+time (docs/orders.md), in a block like this one:\n\n", f);
	else
		fputs("\n.To give orders, reply to this mail (its Reply-To carries your\n"
		      "+token) with a block like this one; nothing outside it is read.\n"
		      "+The order in it is one you may give now:\n\n", f);
	fprintf(f, "=#orders\n=password: YOUR PASSWORD\n=token: %s\n%s%s%s=#end\n", token,
		x.found ? "=" : "", x.found ? x.line : "", x.found ? "\n" : "");
}

void wj_mail_seed(FILE *f, const char *seed_hex)
{
	fprintf(f, "\n.The secret seed, revealed now that the game is over:\n>  %s\n"
		".With it anyone can check every die roll and shuffle of the game.\n"
		"+Ask the moderator for the game's export ('wwjudge export GAME_DIR\n"
		"+DIR' writes it: the log, the seed, the data's name and hash), then:\n"
		">  wwjudge verify --replay DIR\n", seed_hex);
}
