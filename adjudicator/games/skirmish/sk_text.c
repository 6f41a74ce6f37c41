/* Skirmish's state as text (sk_text.h): written one fact a line, read
 * back line by line in the same order, every value checked. */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sk_board.h"
#include "buf.h"
#include "sk_rules.h"
#include "sk_text.h"

#define FORMAT 1
#define TEXT_LINE 256

static const char *const PHASES[] = {
	[SK_PHASE_DECLARE] = "declare", [SK_PHASE_AMERICAN] = "american",
	[SK_PHASE_BRITISH] = "british", [SK_PHASE_CARD_MOVE] = "card-move",
	[SK_PHASE_APART] = "apart",     [SK_PHASE_SAIL] = "sail",
	[SK_PHASE_OVER] = "over",
};
static const char *const SIDES[] = { "none", "american", "british" };
static const char *const KINDS[] = {
	[SK_ARMY] = "army", [SK_CONTINENTAL_ARMY] = "continental-army",
	[SK_BASIC_UNIT] = "basic-unit", [SK_WARSHIP] = "warship",
	[SK_TROOP_CARRIER] = "troop-carrier",
};
#define COUNT(a) (int)(sizeof a / sizeof a[0])

/* ---- writing ---- */

static void quoted(FILE *out, const char *text)
{
	fputc('"', out);
	for (const char *p = text; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', out);
		fputc(*p, out);
	}
	fputc('"', out);
}

static const char *flag(bool b)
{
	return b ? "true" : "false";
}

static void write_throw(FILE *out, const struct sk_state *s, int side)
{
	fputc('[', out);
	for (int i = 0; i < s->ndice[side]; i++)
		fprintf(out, "%s%d", i ? ", " : "", s->dice[side][i]);
	fputc(']', out);
}

static void write_dice(FILE *out, const struct sk_state *s, int side, bool secret)
{
	fprintf(out, "%s: {dice: %d, throw: ", SIDES[side], s->ndice[side]);
	if (secret || s->revealed[side]) {
		write_throw(out, s, side);
	} else {
		fputs("hidden", out);
	}
	fprintf(out, ", done: [%s, %s], revealed: %s}\n", flag(s->done[side][0]),
		flag(s->done[side][1]), flag(s->revealed[side]));
}

static void write_piece(FILE *out, const struct sk_data *d, const struct sk_state *s, int i)
{
	const struct sk_piece *p = &s->pieces[i];
	fprintf(out, "  - {side: %s, kind: %s, spot: ", SIDES[p->side], KINDS[p->kind]);
	quoted(out, p->spot >= 0 ? d->spots[p->spot].name : "out");
	fprintf(out, ", units: %d, quiet: [", p->units);
	for (int j = 0, n = 0; j < s->npieces; j++)
		if (s->quiet[i] >> j & 1)
			fprintf(out, "%s%d", n++ ? ", " : "", j);
	fputs("]}\n", out);
}

static void write_spots(FILE *out, const struct sk_data *d, const int *spots, int n)
{
	fputc('[', out);
	for (int i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		quoted(out, d->spots[spots[i]].name);
	}
	fputc(']', out);
}

static void write_cards(FILE *out, const struct sk_data *d, const struct sk_state *s,
			const char *key, int from, int to)
{
	fprintf(out, "%s:\n", key);
	for (int i = from; i < to; i++) {
		fputs("  - ", out);
		quoted(out, d->cards[s->deck[i]].name);
		fputc('\n', out);
	}
}

static void write_pieces(FILE *out, const struct sk_data *d, const struct sk_state *s)
{
	fprintf(out, "lost: {american: %d, british: %d}\n", s->lost[SK_AMERICAN],
		s->lost[SK_BRITISH]);
	fputs("pieces:\n", out);
	for (int i = 0; i < s->npieces; i++)
		write_piece(out, d, s, i);
	fputs("queue: [", out);
	for (int i = 0; i < s->nqueue; i++)
		fprintf(out, "%s[%d, %d]", i ? ", " : "", s->queue[i].moved, s->queue[i].held);
	fputs("]\nskirmish-order: {american: ", out);
	write_spots(out, d, s->skirmish_order[SK_AMERICAN], s->nskirmish_order[SK_AMERICAN]);
	fputs(", british: ", out);
	write_spots(out, d, s->skirmish_order[SK_BRITISH], s->nskirmish_order[SK_BRITISH]);
	fputs("}\n", out);
}

static const char *const STANDING[] = {
	[SK_STANDING_ASK] = "ask", [SK_STANDING_TOWARD] = "toward", [SK_STANDING_AWAY] = "away",
};

static void write_one_standing(FILE *out, const struct sk_data *d, const struct sk_standing *st)
{
	fputs(STANDING[st->kind], out);
	if (st->kind == SK_STANDING_TOWARD) {
		fputc(' ', out);
		quoted(out, d->spots[st->spot].name);
	}
}

/* Each side's standing order, in the secret text only. */
static void write_standing(FILE *out, const struct sk_data *d, const struct sk_state *s)
{
	fputs("standing: {", out);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++) {
		fprintf(out, "%s%s: ", side == SK_AMERICAN ? "" : ", ", SIDES[side]);
		write_one_standing(out, d, &s->standing[side]);
	}
	fputs("}\n", out);
}

static void write_call(FILE *out, const struct sk_state *s)
{
	const struct sk_call *c = &s->call;
	fprintf(out, "call: {side: %s, carrier: %d, warship: %d, sailing: %s, spots: %d}\n",
		SIDES[c->side], c->carrier, c->warship, SIDES[c->sailing], c->spots);
	fprintf(out, "call-used: {american: %s, british: %s}\n", flag(c->used[SK_AMERICAN]),
		flag(c->used[SK_BRITISH]));
	fprintf(out, "may-call: {american: %s, british: %s}\n", flag(c->may_call[SK_AMERICAN]),
		flag(c->may_call[SK_BRITISH]));
}

int sk_state_write(FILE *out, const struct sk_data *d, const struct sk_state *s, bool secret)
{
	fputs("# Skirmish: the state of a game (docs/skirmish-state.md)\n", out);
	fprintf(out, "skirmish-state: %d\nsecret: %s\nturn: %d\n", FORMAT, flag(secret), s->turn);
	fprintf(out, "phase: %s\nstep: %s\nmover: %s\n", PHASES[s->phase], PHASES[s->step],
		SIDES[s->mover]);
	write_dice(out, s, SK_AMERICAN, secret);
	write_dice(out, s, SK_BRITISH, secret);
	fprintf(out, "declared: %d\nmoved: %d\n", s->declared, s->moved);
	write_pieces(out, d, s);
	fprintf(out, "card-move: {piece: %d, spots: %d}\napart: %d\n", s->card_piece,
		s->card_spots, s->apart_piece);
	fprintf(out, "deck: {size: %d, next: %d}\n", s->ndeck, s->next);
	write_cards(out, d, s, "drawn", 0, s->next);
	if (secret) {
		write_cards(out, d, s, "rest", s->next, s->ndeck);
		write_standing(out, d, s);
	}
	write_call(out, s);
	fprintf(out, "quiet-moves: %d\nwinner: %s\n%send: ", s->quiet_moves, SIDES[s->winner],
		s->resigned ? "resigned: true\n" : "");
	quoted(out, s->end_reason);
	fprintf(out, "\nnext-roll: %" PRIu64 "\nnext-shuffle: %" PRIu64 "\n", s->next_roll,
		s->next_shuffle);
	return ferror(out) ? -1 : 0;
}

/* The public text whoever looks, then what the viewer's own view adds:
 * its throw (I.A), standing order and order of skirmishes (III.3). */
int sk_state_show(FILE *out, const struct sk_data *d, const struct sk_state *view, int viewer)
{
	struct sk_state pub;
	sk_view(d, view, SK_NOBODY, &pub);
	if (sk_state_write(out, d, &pub, false))
		return -1;
	if (viewer != SK_AMERICAN && viewer != SK_BRITISH)
		return 0;
	fprintf(out, "viewer: %s\nyour-throw: ", SIDES[viewer]);
	write_throw(out, view, viewer);
	fputs("\nyour-standing: ", out);
	write_one_standing(out, d, &view->standing[viewer]);
	fputs("\nyour-skirmish-order: ", out);
	write_spots(out, d, view->skirmish_order[viewer], view->nskirmish_order[viewer]);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}

/* ---- reading ---- */

struct reader {
	const char *text, *end;
	int line;               /* of the line in buf */
	char buf[TEXT_LINE * 16];
	const char *p;          /* in buf */
	char *why;
	size_t whylen;
	bool failed;
	const struct sk_data *d;
};

static bool fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool fail(struct reader *r, const char *fmt, ...)
{
	if (r->failed)
		return false;
	r->failed = true;
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(r->why, r->whylen, NULL, r->line, fmt, ap);
	va_end(ap);
	return false;
}

/* The next line that is not blank or a comment into buf; false at the end. */
static bool next_line(struct reader *r)
{
	while (r->text < r->end) {
		const char *nl = memchr(r->text, '\n', (size_t)(r->end - r->text));
		size_t n = (size_t)((nl ? nl : r->end) - r->text);
		r->line++;
		if (n >= sizeof r->buf || memchr(r->text, '\0', n)) {
			r->text += n + (nl != NULL);
			return fail(r, "a line of at most %zu characters, no NUL byte, was expected",
				    sizeof r->buf - 1);
		}
		memcpy(r->buf, r->text, n);
		r->buf[n] = '\0';
		r->text += n + (nl != NULL);
		size_t k = strspn(r->buf, " ");
		if (r->buf[k] && r->buf[k] != '#') {
			r->p = r->buf;
			return true;
		}
	}
	r->line++;
	return false;
}

/* The literal text next. */
static bool lit(struct reader *r, const char *want)
{
	if (r->failed)
		return false;
	if (!strncmp(r->p, want, strlen(want))) {
		r->p += strlen(want);
		return true;
	}
	return fail(r, "'%s' expected at column %d, found '%.20s'", want,
		    (int)(r->p - r->buf) + 1, r->p);
}

/* A line that begins with `key: `. */
static bool key(struct reader *r, const char *name)
{
	if (r->failed)
		return false;
	if (!next_line(r))
		return fail(r, "'%s:' expected, found the end of the text", name);
	char want[64];
	snprintf(want, sizeof want, "%s: ", name);
	return lit(r, want);
}

static bool line_end(struct reader *r)
{
	if (r->failed)
		return false;
	return *r->p ? fail(r, "nothing expected after column %d, found '%.20s'",
			    (int)(r->p - r->buf) + 1, r->p) : true;
}

static bool number(struct reader *r, long long lo, long long hi, long long *v)
{
	char *e;
	if (r->failed)
		return false;
	if (!isdigit((unsigned char)*r->p) && *r->p != '-')
		return fail(r, "a number from %lld to %lld expected at column %d", lo, hi,
			    (int)(r->p - r->buf) + 1);
	long long x = strtoll(r->p, &e, 10);
	if (x < lo || x > hi || e == r->p)
		return fail(r, "%.*s is out of range: %lld to %lld", (int)(e - r->p), r->p, lo, hi);
	r->p = e;
	*v = x;
	return true;
}

static bool int_in(struct reader *r, int lo, int hi, int *v)
{
	long long x = 0;
	bool ok = number(r, lo, hi, &x);
	*v = (int)x;
	return ok;
}

static bool word_in(struct reader *r, const char *const *words, int n, int *v)
{
	if (r->failed)
		return false;
	for (int i = 0; i < n; i++)
		if (words[i] && !strncmp(r->p, words[i], strlen(words[i])) &&
		    !isalnum((unsigned char)r->p[strlen(words[i])]) && r->p[strlen(words[i])] != '-') {
			r->p += strlen(words[i]);
			*v = i;
			return true;
		}
	char list[256] = "";
	for (int i = 0; i < n; i++)
		if (words[i])
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
				 list[0] ? ", " : "", words[i]);
	return fail(r, "one of %s expected at column %d, found '%.20s'", list,
		    (int)(r->p - r->buf) + 1, r->p);
}

static bool boolean(struct reader *r, bool *b)
{
	static const char *const BOOLS[] = { "false", "true" };
	int v = 0;
	bool ok = word_in(r, BOOLS, 2, &v);
	*b = v;
	return ok;
}

static bool string(struct reader *r, char *out, size_t len)
{
	size_t n = 0;
	if (!lit(r, "\""))
		return false;
	for (; *r->p != '"'; r->p++) {
		if (*r->p == '\\')
			r->p++;
		if (!*r->p || (unsigned char)*r->p < 0x20)
			return fail(r, "a closing '\"' expected");
		if (n + 1 >= len)
			return fail(r, "a text of at most %zu characters expected", len - 1);
		out[n++] = *r->p;
	}
	out[n] = '\0';
	r->p++;
	return true;
}

static bool spot(struct reader *r, bool may_be_out, int *v)
{
	char name[SK_NAME_MAX * 2];
	if (!string(r, name, sizeof name))
		return false;
	if (may_be_out && !strcmp(name, "out"))
		return *v = -1, true;
	*v = sk_spot_by_name(r->d, name);
	return *v >= 0 ? true : fail(r, "no spot \"%s\" on the board (spots.yaml names them)%s",
				    name, may_be_out ? ", nor \"out\" of the game" : "");
}

static bool card(struct reader *r, uint8_t *v)
{
	char name[SK_NAME_MAX * 2];
	if (!string(r, name, sizeof name))
		return false;
	for (int c = 0; c < r->d->ncards; c++)
		if (!strcmp(r->d->cards[c].name, name))
			return *v = (uint8_t)c, true;
	return fail(r, "no skirmish card \"%s\" (cards.yaml names them)", name);
}

/* "[", items by `item` separated by ", ", "]"; the count. */
static bool list(struct reader *r, int max, int *n, bool (*item)(struct reader *, int, void *),
		 void *ctx)
{
	*n = 0;
	if (!lit(r, "["))
		return false;
	while (*r->p != ']' && !r->failed) {
		if (*n && !lit(r, ", "))
			return false;
		if (*n == max)
			return fail(r, "at most %d items expected in the list", max);
		if (!item(r, (*n)++, ctx))
			return false;
	}
	return lit(r, "]");
}

static bool key_alone(struct reader *r, const char *name)
{
	char want[64];
	if (r->failed)
		return false;
	if (!next_line(r))
		return fail(r, "'%s:' expected, found the end of the text", name);
	snprintf(want, sizeof want, "%s:", name);
	return lit(r, want) && line_end(r);
}

/* The next line, if it is an item of a block list ("  - "). */
static bool item_next(struct reader *r)
{
	const char *text = r->text;
	int line = r->line;
	if (r->failed)
		return false;
	if (next_line(r) && !strncmp(r->buf, "  - ", 4)) {
		r->p = r->buf + 4;
		return true;
	}
	r->text = text;
	r->line = line;
	return false;
}

static bool movement_face(const struct sk_data *d, int v)
{
	for (int f = 0; f < SK_FACES; f++)
		if (d->movement.faces[f] == v)
			return true;
	return false;
}

static bool die_item(struct reader *r, int i, void *ctx)
{
	int *dice = ctx;
	if (!int_in(r, 0, 9, &dice[i]))
		return false;
	return movement_face(r->d, dice[i]) ? true
		: fail(r, "a throw of %d: the movement die has no such face (dice.yaml)", dice[i]);
}

static bool read_dice(struct reader *r, struct sk_state *s, int side)
{
	int n = 0;
	if (!key(r, SIDES[side]) || !lit(r, "{dice: ") || !int_in(r, 0, SK_DICE, &s->ndice[side]) ||
	    !lit(r, ", throw: "))
		return false;
	if (!strncmp(r->p, "hidden", 6))
		r->p += 6;
	else if (!list(r, s->ndice[side], &n, die_item, s->dice[side]))
		return false;
	else if (n != s->ndice[side])
		return fail(r, "%d dice thrown, %d given", s->ndice[side], n);
	return lit(r, ", done: [") && boolean(r, &s->done[side][0]) && lit(r, ", ") &&
	       boolean(r, &s->done[side][1]) && lit(r, "], revealed: ") &&
	       boolean(r, &s->revealed[side]) && lit(r, "}") && line_end(r);
}

static bool index_item(struct reader *r, int i, void *ctx)
{
	int j;
	if (!int_in(r, 0, SK_MAX_PIECES - 1, &j))
		return false;
	uint64_t *quiet = ctx, bit = UINT64_C(1) << j;
	if (*quiet & bit)
		return fail(r, "piece %d is named twice", j);
	(void)i;
	*quiet |= bit;
	return true;
}

static bool read_piece(struct reader *r, struct sk_state *s, int i)
{
	struct sk_piece *p = &s->pieces[i];
	int side = 0, kind = 0, n;
	if (!lit(r, "{side: ") || !word_in(r, SIDES + 1, 2, &side) || !lit(r, ", kind: ") ||
	    !word_in(r, KINDS, COUNT(KINDS), &kind) || !lit(r, ", spot: ") ||
	    !spot(r, true, &p->spot) || !lit(r, ", units: ") || !int_in(r, 0, 99, &p->units) ||
	    !lit(r, ", quiet: ") || !list(r, SK_MAX_PIECES, &n, index_item, &s->quiet[i]) ||
	    !lit(r, "}") || !line_end(r))
		return false;
	p->side = (enum sk_side)(side + 1);
	p->kind = (enum sk_piece_kind)kind;
	p->line = i < r->d->npieces ? r->d->pieces[i].line : 0;
	return true;
}

static bool read_pieces(struct reader *r, struct sk_state *s)
{
	if (!key(r, "lost") || !lit(r, "{american: ") || !int_in(r, 0, 999, &s->lost[SK_AMERICAN]) ||
	    !lit(r, ", british: ") || !int_in(r, 0, 999, &s->lost[SK_BRITISH]) || !lit(r, "}") ||
	    !line_end(r) || !key_alone(r, "pieces"))
		return false;
	while (item_next(r)) {
		if (s->npieces == SK_MAX_PIECES)
			return fail(r, "at most %d pieces expected", SK_MAX_PIECES);
		if (!read_piece(r, s, s->npieces++))
			return false;
	}
	return !r->failed;
}

static bool pair_item(struct reader *r, int i, void *ctx)
{
	struct sk_pair *q = &((struct sk_pair *)ctx)[i];
	return lit(r, "[") && int_in(r, 0, SK_MAX_PIECES - 1, &q->moved) && lit(r, ", ") &&
	       int_in(r, 0, SK_MAX_PIECES - 1, &q->held) && lit(r, "]");
}

static bool spot_item(struct reader *r, int i, void *ctx)
{
	return spot(r, false, &((int *)ctx)[i]);
}

static bool read_queue(struct reader *r, struct sk_state *s)
{
	return key(r, "queue") && list(r, SK_MAX_QUEUE, &s->nqueue, pair_item, s->queue) &&
	       line_end(r) && key(r, "skirmish-order") && lit(r, "{american: ") &&
	       list(r, SK_MAX_QUEUE, &s->nskirmish_order[SK_AMERICAN], spot_item,
		    s->skirmish_order[SK_AMERICAN]) && lit(r, ", british: ") &&
	       list(r, SK_MAX_QUEUE, &s->nskirmish_order[SK_BRITISH], spot_item,
		    s->skirmish_order[SK_BRITISH]) && lit(r, "}") && line_end(r);
}

static bool read_cards(struct reader *r, struct sk_state *s, int *n, int max)
{
	while (item_next(r)) {
		if (*n >= max)
			return fail(r, "more cards than the deck's %d", max);
		if (!card(r, &s->deck[(*n)++]) || !line_end(r))
			return false;
	}
	return !r->failed;
}

static bool read_deck(struct reader *r, struct sk_state *s, bool secret)
{
	int drawn = 0, rest;
	if (!key(r, "card-move") || !lit(r, "{piece: ") || !int_in(r, -1, SK_MAX_PIECES - 1, &s->card_piece) ||
	    !lit(r, ", spots: ") || !int_in(r, 0, SK_MAX_PATH - 1, &s->card_spots) || !lit(r, "}") ||
	    !line_end(r) || !key(r, "apart") || !int_in(r, -1, SK_MAX_PIECES - 1, &s->apart_piece) ||
	    !line_end(r) || !key(r, "deck") || !lit(r, "{size: ") ||
	    !int_in(r, 1, SK_MAX_DECK, &s->ndeck) || !lit(r, ", next: ") ||
	    !int_in(r, 0, s->ndeck, &s->next) || !lit(r, "}") || !line_end(r) ||
	    !key_alone(r, "drawn") || !read_cards(r, s, &drawn, s->next))
		return false;
	if (drawn != s->next)
		return fail(r, "%d cards drawn, %d named", s->next, drawn);
	if (!secret)
		return true;
	rest = s->next;
	if (!key_alone(r, "rest") || !read_cards(r, s, &rest, s->ndeck))
		return false;
	return rest == s->ndeck ? true
		: fail(r, "%d cards left in the deck, %d named", s->ndeck - s->next, rest - s->next);
}

static bool one_standing(struct reader *r, struct sk_standing *st)
{
	int kind = 0;
	if (!word_in(r, STANDING, COUNT(STANDING), &kind))
		return false;
	*st = (struct sk_standing){ (enum sk_standing_kind)kind, -1 };
	if (st->kind != SK_STANDING_TOWARD)
		return true;
	if (!lit(r, " ") || !spot(r, false, &st->spot))
		return false;
	return sk_on_land(r->d, st->spot) ? true
		: fail(r, "standing toward \"%s\": a standing order goes toward a land spot (a "
		       "black spot or a coastal city)", r->d->spots[st->spot].name);
}

/* The standing orders, in a secret text only; a public one has none. */
static bool read_standing(struct reader *r, struct sk_state *s, bool secret)
{
	for (int side = 0; side < SK_SIDES; side++)
		s->standing[side] = (struct sk_standing){ SK_STANDING_ASK, -1 };
	if (!secret)
		return true;
	return key(r, "standing") && lit(r, "{american: ") &&
	       one_standing(r, &s->standing[SK_AMERICAN]) && lit(r, ", british: ") &&
	       one_standing(r, &s->standing[SK_BRITISH]) && lit(r, "}") && line_end(r);
}

static bool side_flags(struct reader *r, const char *name, bool *flags)
{
	return key(r, name) && lit(r, "{american: ") && boolean(r, &flags[SK_AMERICAN]) &&
	       lit(r, ", british: ") && boolean(r, &flags[SK_BRITISH]) && lit(r, "}") &&
	       line_end(r);
}

static bool read_call(struct reader *r, struct sk_state *s)
{
	struct sk_call *c = &s->call;
	return key(r, "call") && lit(r, "{side: ") && word_in(r, SIDES, 3, &c->side) &&
	       lit(r, ", carrier: ") && int_in(r, -1, SK_MAX_PIECES - 1, &c->carrier) &&
	       lit(r, ", warship: ") && int_in(r, -1, SK_MAX_PIECES - 1, &c->warship) &&
	       lit(r, ", sailing: ") && word_in(r, SIDES, 3, &c->sailing) && lit(r, ", spots: ") &&
	       int_in(r, 0, SK_FACES, &c->spots) && lit(r, "}") && line_end(r) &&
	       side_flags(r, "call-used", c->used) && side_flags(r, "may-call", c->may_call);
}

/* "resigned: true", written only when the loser conceded. */
static bool resigned(struct reader *r, struct sk_state *s)
{
	s->resigned = !r->failed && !strncmp(r->text, "resigned: ", 10);
	return !s->resigned || (key(r, "resigned") && lit(r, "true") && line_end(r));
}

static bool read_end(struct reader *r, struct sk_state *s)
{
	long long roll = 0, shuffle = 0;
	bool ok = key(r, "quiet-moves") && int_in(r, -1, 999, &s->quiet_moves) && line_end(r) &&
		  key(r, "winner") && word_in(r, SIDES, 3, &s->winner) && line_end(r) &&
		  resigned(r, s) &&
		  key(r, "end") && string(r, s->end_reason, sizeof s->end_reason) && line_end(r) &&
		  key(r, "next-roll") && number(r, 0, INT64_MAX, &roll) && line_end(r) &&
		  key(r, "next-shuffle") && number(r, 0, INT64_MAX, &shuffle) && line_end(r);
	s->next_roll = (uint64_t)roll;
	s->next_shuffle = (uint64_t)shuffle;
	if (ok && next_line(r))
		return fail(r, "the end of the text expected after next-shuffle, found '%.20s'", r->buf);
	return ok;
}

static bool read_head(struct reader *r, struct sk_state *s, bool *secret)
{
	int format = 0, phase = 0, step = 0;
	bool ok = key(r, "skirmish-state") && int_in(r, FORMAT, FORMAT, &format) && line_end(r) &&
		  key(r, "secret") && boolean(r, secret) && line_end(r) && key(r, "turn") &&
		  int_in(r, 0, 1000000, &s->turn) && line_end(r) && key(r, "phase") &&
		  word_in(r, PHASES, COUNT(PHASES), &phase) && line_end(r) && key(r, "step") &&
		  word_in(r, PHASES, COUNT(PHASES), &step) && line_end(r) && key(r, "mover") &&
		  word_in(r, SIDES, 3, &s->mover) && line_end(r);
	s->phase = (enum sk_phase)phase;
	s->step = (enum sk_phase)step;
	return ok;
}

static bool read_turn(struct reader *r, struct sk_state *s)
{
	return read_dice(r, s, SK_AMERICAN) && read_dice(r, s, SK_BRITISH) && key(r, "declared") &&
	       int_in(r, -1, SK_MAX_PIECES - 1, &s->declared) && line_end(r) && key(r, "moved") &&
	       int_in(r, -1, SK_MAX_PIECES - 1, &s->moved) && line_end(r);
}

/* ---- the state as a whole: what the engine could have made ---- */

static bool index_ok(const struct sk_state *s, int i)
{
	return i >= -1 && i < s->npieces;
}

static int check_indexes(const struct sk_state *s, char *why, size_t whylen)
{
	const int idx[] = { s->declared, s->moved, s->card_piece, s->apart_piece,
			    s->call.carrier, s->call.warship };
	static const char *const name[] = { "declared", "moved", "card-move's piece", "apart",
					     "call's carrier", "call's warship" };
	for (int k = 0; k < COUNT(idx); k++)
		if (!index_ok(s, idx[k]))
			return wj_why(why, whylen, "%s is piece %d: the pieces are 0 to %d, or -1 "
				      "for none", name[k], idx[k], s->npieces - 1);
	for (int i = 0; i < s->nqueue; i++)
		if (s->queue[i].moved >= s->npieces || s->queue[i].held >= s->npieces)
			return wj_why(why, whylen, "queue: skirmish %d names a piece past the last, %d",
				      i + 1, s->npieces - 1);
	for (int i = 0; i < s->npieces; i++)
		if (s->npieces < 64 && s->quiet[i] >> s->npieces)
			return wj_why(why, whylen, "piece %d: quiet names a piece past the last, %d",
				      i, s->npieces - 1);
	return 0;
}

static int check_pieces(const struct sk_data *d, const struct sk_state *s, char *why,
			size_t whylen)
{
	int units = s->lost[SK_AMERICAN] + s->lost[SK_BRITISH], start = 0;
	for (int i = 0; i < d->npieces; i++)
		start += d->pieces[i].units;
	for (int i = 0; i < s->npieces; i++) {
		const struct sk_piece *p = &s->pieces[i];
		char problem[300];
		if (p->spot < 0)
			continue;
		if (sk_board_check(d, p, 1, NULL, 0, problem, sizeof problem))
			return wj_why(why, whylen, "pieces: piece %d: %s", i, problem);
		units += p->units;
		for (int j = i + 1; j < s->npieces; j++)
			if (s->pieces[j].spot == p->spot && s->pieces[j].side == p->side &&
			    sk_is_land_piece(p->kind) && sk_is_land_piece(s->pieces[j].kind))
				return wj_why(why, whylen, "pieces %d and %d: two land pieces of a side "
					      "on %s (II.5)", i, j, d->spots[p->spot].name);
	}
	if (units != start)
		return wj_why(why, whylen, "%d units on the board, carried and lost; the set-up has "
			      "%d, and no unit comes or goes but by the rules", units, start);
	return 0;
}

/* The question of the phase can be asked: its piece or call is there. */
static int check_phase(const struct sk_state *s, char *why, size_t whylen)
{
	bool ok = true;
	if (s->step != SK_PHASE_DECLARE && s->step != SK_PHASE_AMERICAN && s->step != SK_PHASE_BRITISH)
		return wj_why(why, whylen, "step is %s: a turn's step is declare, american or british",
			      PHASES[s->step]);
	if (s->phase == SK_PHASE_CARD_MOVE)
		ok = s->card_piece >= 0 && s->pieces[s->card_piece].spot >= 0;
	else if (s->phase == SK_PHASE_APART)
		ok = s->apart_piece >= 0 && s->pieces[s->apart_piece].spot >= 0;
	else if (s->phase == SK_PHASE_SAIL)
		ok = s->call.side && s->call.sailing && s->call.carrier >= 0;
	else if (s->phase == SK_PHASE_AMERICAN || s->phase == SK_PHASE_BRITISH)
		ok = s->declared >= 0 && s->phase == s->step;
	if (!ok)
		return wj_why(why, whylen, "phase %s: its piece, call or declared piece is missing",
			      PHASES[s->phase]);
	if (s->winner && s->phase != SK_PHASE_OVER)
		return wj_why(why, whylen, "a winner while the game goes on (phase %s)",
			      PHASES[s->phase]);
	return 0;
}

/* The deck holds the data's mix: all of it in a secret text, the cards
 * drawn no more than it in a public one. */
static int check_deck(const struct sk_data *d, const struct sk_state *s, bool secret,
		      char *why, size_t whylen)
{
	int left[SK_MAX_CARDS] = { 0 }, total = 0;
	for (int c = 0; c < d->ncards; c++)
		total += left[c] = d->cards[c].count;
	if (s->ndeck != total)
		return wj_why(why, whylen, "deck: size %d; the mix of cards.yaml has %d", s->ndeck,
			      total);
	for (int i = 0; i < (secret ? s->ndeck : s->next); i++)
		if (--left[s->deck[i]] < 0)
			return wj_why(why, whylen, "deck: more \"%s\" cards than the mix's %d",
				      d->cards[s->deck[i]].name, d->cards[s->deck[i]].count);
	return 0;
}

int sk_state_read(const char *text, size_t len, const struct sk_data *d, struct sk_state *s,
		  char *why, size_t whylen)
{
	struct reader *r = malloc(sizeof *r);
	bool secret = false;
	char problem[400];
	if (!r)
		return wj_why(why, whylen, "out of memory reading a state");
	*r = (struct reader){ .text = text, .end = text + len, .why = why, .whylen = whylen, .d = d };
	memset(s, 0, sizeof *s);
	bool ok = read_head(r, s, &secret) && read_turn(r, s) && read_pieces(r, s) &&
		  read_queue(r, s) && read_deck(r, s, secret) && read_standing(r, s, secret) &&
		  read_call(r, s) && read_end(r, s);
	int line = r->line;
	free(r);
	if (!ok)
		return -1;
	if (check_indexes(s, problem, sizeof problem) || check_pieces(d, s, problem, sizeof problem) ||
	    check_phase(s, problem, sizeof problem) ||
	    check_deck(d, s, secret, problem, sizeof problem))
		return wj_why(why, whylen, "line %d (the state as a whole): %s", line, problem);
	return 0;
}
