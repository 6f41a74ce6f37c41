/* Skirmish's report, in the report form (sk_guide.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
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
	fprintf(out, ".%s's throw: ", d->side_name[side]);
	if (!s->revealed[side] && side != viewer) {
		fprintf(out, "hidden (%d %s)\n", s->ndice[side], s->ndice[side] == 1 ? "die" : "dice");
		return;
	}
	for (int i = 0; i < s->ndice[side]; i++)
		fprintf(out, "%s%d%s", i ? ", " : "", s->dice[side][i],
			s->dice[side][i] == 0 ? " (no move)" : s->done[side][i] ? " (done)" : "");
	if (!s->revealed[side])
		fprintf(out, "; you alone see it until you move (%s)",
			side == SK_AMERICAN ? "I.C" : "I.D");
	fputc('\n', out);
}

static void frame_head(FILE *out, const struct game_frame *f)
{
	fprintf(out, ".Skirmish%s%s\n", f->game ? ": " : "", f->game ? f->game : "");
	if (f->deadline)
		fprintf(out, ".Deadline: %s\n", f->deadline);
	if (f->stand_in)
		fputs(".A preview: the other side's hidden dice are stand-ins.\n", out);
}

static void frame_tail(FILE *out, const struct game_frame *f)
{
	if (f->commitment)
		fprintf(out, "\n.The dice's seed commitment: %s\n", f->commitment);
	if (f->seed_hex)
		fprintf(out, ".The seed, revealed: %s\n", f->seed_hex);
}

static void events(FILE *out, const struct sk_events *last, int viewer)
{
	if (!last)
		return;
	fputs("\n#What happened\n", out);
	for (int i = 0; i < last->n; i++)
		if (last->e[i].audience & SK_TO(viewer))
			fprintf(out, ".  %s\n", last->e[i].text);
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
	fprintf(out, ".Your standing order: %s (a card's move, III.2.B, and moving apart, IV.5).\n",
		text);
}

static const char *const LINE_WORDS[] = {
	[SK_LAND_LINE] = "black lines", [SK_COASTAL_LINE] = "red coastal lines",
	[SK_SEA_LINE] = "sea lines",
};

/* II.2, II.6, V.3: the lines from every spot a piece holds, so that a
 * path can be written from the words alone. */
static void lines_words(FILE *out, const struct sk_data *d, const struct sk_piece *pieces, int n)
{
	bool said[SK_MAX_SPOTS] = { false };
	char to[300];
	fputs("\n#The lines from the spots held\n", out);
	for (int i = 0; i < d->nspots; i++) {
		bool held = false;
		for (int k = 0; k < n; k++)
			held |= pieces[k].spot == i;
		if (!held || said[i])
			continue;
		said[i] = true;
		fprintf(out, "|  %s:", d->spots[i].name);
		int kinds = 0;
		for (int kind = SK_LAND_LINE; kind <= SK_SEA_LINE; kind++) {
			sk_lines_from(d, i, (enum sk_line_kind)kind, false, to, sizeof to);
			if (strcmp(to, "none"))
				fprintf(out, "%s %s to %s", kinds++ ? ";" : "", LINE_WORDS[kind], to);
		}
		fputs(kinds ? ".\n" : " no lines.\n", out);
	}
}

static int report(FILE *out, const struct sk_data *d, const struct sk_state *view, int viewer,
		  const struct game_frame *f, const struct sk_events *last, char *why,
		  size_t whylen)
{
	struct sk_piece pieces[SK_MAX_PIECES];
	char q[300], reason[128];
	int winner;
	frame_head(out, f);
	fprintf(out, ".Turn %d.\n", view->turn);
	dice_line(out, d, view, SK_AMERICAN, viewer);
	dice_line(out, d, view, SK_BRITISH, viewer);
	if (sk_over(view, &winner, reason, sizeof reason)) {
		fprintf(out, ".The game is over: %s. %s\n", winner ? d->side_name[winner] : "a draw",
			reason);
	} else {
		int side = sk_asked(view) & SK_TO(SK_AMERICAN) ? SK_AMERICAN : SK_BRITISH;
		(side == viewer ? sk_question : sk_waiting_for)(d, view, side, q, sizeof q);
		fprintf(out, ".%s\n", q);
	}
	standing_line(out, d, view, viewer);
	events(out, last, viewer);
	if (f->note) /* framed by the judge (game.h), after the events it came with */
		fputs(f->note, out);
	frame_tail(out, f);
	fputs("\n#The board\n", out);
	int n = sk_on_board(view, pieces);
	if (sk_board_words(out, d, pieces, n, why, whylen))
		return -1;
	lines_words(out, d, pieces, n);
	if (sk_guide_words(out, d, view, viewer))
		return wj_why(why, whylen, "out of memory writing what %s can do now",
			      d->side_name[viewer]);
	return ferror(out) ? -1 : 0;
}

/* Written whole in the report form (core/report_form.h), which the judge
 * wraps to 72 columns as every report. */
int sk_report(FILE *out, const struct sk_data *d, const struct sk_state *view, int viewer,
	      const struct game_frame *f, const struct sk_events *last, char *why, size_t whylen)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return wj_why(why, whylen, "out of memory writing the report");
	int bad = report(m, d, view, viewer, f, last, why, whylen);
	if (fclose(m) && !bad)
		bad = wj_why(why, whylen, "out of memory writing the report");
	if (!bad && fwrite(text, 1, len, out) != len)
		bad = wj_why(why, whylen, "writing the report failed");
	free(text);
	return bad ? -1 : 0;
}
