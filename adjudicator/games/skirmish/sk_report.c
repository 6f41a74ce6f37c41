/* Skirmish's text report (sk_guide.h). */
#include <string.h>

#include "sk_board.h"
#include "sk_guide.h"

int sk_on_board(const struct sk_state *s, struct sk_piece out[SK_MAX_PIECES])
{
	int n = 0;
	for (int i = 0; i < s->npieces && i < SK_MAX_PIECES; i++)
		if (s->pieces[i].spot >= 0)
			out[n++] = s->pieces[i];
	return n;
}

/* A side's throw as the viewer may see it (I.A, I.C, I.D). */
static void dice_line(FILE *out, const struct sk_data *d, const struct sk_state *s, int side,
		      int viewer)
{
	fprintf(out, "%s's throw: ", d->side_name[side]);
	if (!s->revealed[side] && side != viewer) {
		fprintf(out, "hidden (%d %s)\n", s->ndice[side], s->ndice[side] == 1 ? "die" : "dice");
		return;
	}
	for (int i = 0; i < s->ndice[side]; i++)
		fprintf(out, "%s%d%s", i ? ", " : "", s->dice[side][i], s->done[side][i] ? " (done)" : "");
	fprintf(out, "%s\n", s->revealed[side] ? "" : " (yours, not shown yet)");
}

static void frame_head(FILE *out, const struct game_frame *f)
{
	fprintf(out, "Skirmish%s%s\n", f->game ? ": " : "", f->game ? f->game : "");
	if (f->deadline)
		fprintf(out, "Deadline: %s\n", f->deadline);
	if (f->stand_in)
		fputs("A preview: the other side's hidden dice are stand-ins.\n", out);
}

static void frame_tail(FILE *out, const struct game_frame *f)
{
	if (f->commitment)
		fprintf(out, "\nThe dice's seed commitment: %s\n", f->commitment);
	if (f->seed_hex)
		fprintf(out, "The seed, revealed: %s\n", f->seed_hex);
}

static void events(FILE *out, const struct sk_events *last, int viewer)
{
	if (!last)
		return;
	fputs("\nWhat happened:\n", out);
	for (int i = 0; i < last->n; i++)
		if (last->e[i].audience & SK_TO(viewer))
			fprintf(out, "  %s\n", last->e[i].text);
}

/* The viewer's own standing order: its side sees it, nobody else. */
static void standing_line(FILE *out, const struct sk_data *d, const struct sk_state *view,
			  int viewer)
{
	char text[SK_NAME_MAX + 16];
	if ((viewer != SK_AMERICAN && viewer != SK_BRITISH) ||
	    view->standing[viewer].kind == SK_STANDING_ASK)
		return;
	sk_standing_text(d, &view->standing[viewer], text, sizeof text);
	fprintf(out, "Your standing order: %s (a card's move, III.2.B, and moving apart, IV.5).\n",
		text);
}

int sk_report(FILE *out, const struct sk_data *d, const struct sk_state *view, int viewer,
	      const struct game_frame *f, const struct sk_events *last, char *why, size_t whylen)
{
	struct sk_piece pieces[SK_MAX_PIECES];
	char q[300], reason[128];
	int winner;
	frame_head(out, f);
	fprintf(out, "Turn %d.\n", view->turn);
	dice_line(out, d, view, SK_AMERICAN, viewer);
	dice_line(out, d, view, SK_BRITISH, viewer);
	if (sk_over(view, &winner, reason, sizeof reason)) {
		fprintf(out, "The game is over: %s. %s\n", winner ? d->side_name[winner] : "a draw",
			reason);
	} else {
		int side = sk_asked(view) & SK_TO(SK_AMERICAN) ? SK_AMERICAN : SK_BRITISH;
		(side == viewer ? sk_question : sk_waiting_for)(d, view, side, q, sizeof q);
		fprintf(out, "%s\n", q);
	}
	standing_line(out, d, view, viewer);
	events(out, last, viewer);
	if (f->note) /* framed by the judge (game.h), after the events it came with */
		fputs(f->note, out);
	frame_tail(out, f);
	fputs("\nThe board:\n", out);
	int n = sk_on_board(view, pieces);
	if (sk_board_words(out, d, pieces, n, why, whylen))
		return -1;
	return ferror(out) ? -1 : 0;
}
