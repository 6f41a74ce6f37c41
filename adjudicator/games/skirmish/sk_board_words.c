/* Skirmish's board in words (sk_board.h): each side's totals, then its
 * pieces by spot. Also the check of pieces and a path that both boards,
 * in words and in the picture, make first. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "sk_board.h"

/* The seed's words for the pieces (SET UP; II: "a militia, a one unit
 * army, or multi-unit army, or a ship"). */
static const char *const PIECE_WORD[] = {
	[SK_ARMY] = "army", [SK_CONTINENTAL_ARMY] = "Continental Army",
	[SK_BASIC_UNIT] = "militia", [SK_WARSHIP] = "warship",
	[SK_TROOP_CARRIER] = "troop carrier",
};

static bool on_land(enum sk_piece_kind k)
{
	return k == SK_ARMY || k == SK_CONTINENTAL_ARMY || k == SK_BASIC_UNIT;
}

/* The spots a piece may stand on: land pieces on land spots and cities
 * (II.4), ships on the harbours' Red Dots, the blue dots of the ocean and
 * the carriers' dots (II.6, V.3). */
static bool may_stand(enum sk_piece_kind k, enum sk_spot_kind s)
{
	return on_land(k) == (s == SK_LAND || s == SK_CITY);
}

/* The units a piece of kind k may hold, least to most: an army 1 to
 * army_max_units (COMBINING UNITS 2), a militia 1, a warship none, a
 * troop carrier its cargo, none to army_max_units. */
static void units_range(const struct sk_data *d, enum sk_piece_kind k, int *least, int *most)
{
	*least = k == SK_ARMY || k == SK_CONTINENTAL_ARMY || k == SK_BASIC_UNIT;
	*most = k == SK_BASIC_UNIT ? 1 : k == SK_WARSHIP ? 0 : d->army_max_units;
}

static int piece_problem(const struct sk_data *d, const struct sk_piece *p, int i,
			 char *why, size_t whylen)
{
	if (p->side != SK_AMERICAN && p->side != SK_BRITISH) {
		wj_why(why, whylen, "piece %d: side %d is neither American (%d) nor British (%d)",
			 i, (int)p->side, SK_AMERICAN, SK_BRITISH);
		return -1;
	}
	if ((unsigned)p->kind > SK_TROOP_CARRIER) {
		wj_why(why, whylen, "piece %d: kind %d is no piece (%d to %d)", i, (int)p->kind,
			 SK_ARMY, SK_TROOP_CARRIER);
		return -1;
	}
	const char *what = PIECE_WORD[p->kind], *side = d->side_name[p->side];
	if (p->spot < 0 || p->spot >= d->nspots) {
		wj_why(why, whylen, "piece %d (%s %s): spot %d is not on the board (spots 0 to %d)",
			 i, side, what, p->spot, d->nspots - 1);
		return -1;
	}
	const struct sk_spot *s = &d->spots[p->spot];
	if (!may_stand(p->kind, s->kind)) {
		if (on_land(p->kind))
			wj_why(why, whylen, "piece %d (%s %s) is on %s, a spot of the sea: "
				 "land pieces stand on land spots and cities (II.4)", i, side, what,
				 s->name);
		else
			wj_why(why, whylen, "piece %d (%s %s) is on %s, a land spot: ships sail "
				 "on the harbours and the dots of the sea (II.6, V.3)", i, side, what,
				 s->name);
		return -1;
	}
	int least, most;
	units_range(d, p->kind, &least, &most);
	if (p->units < least || p->units > most) {
		wj_why(why, whylen, "piece %d (%s %s on %s) has %d units: it may have %d to %d",
			 i, side, what, s->name, p->units, least, most);
		return -1;
	}
	return 0;
}

int sk_board_check(const struct sk_data *d, const struct sk_piece *pieces, int n,
		   const int *path, int npath, char *why, size_t whylen)
{
	if (n < 0 || n > SK_MAX_PIECES || (n > 0 && !pieces)) {
		wj_why(why, whylen, "%d pieces: a board holds 0 to %d", n, SK_MAX_PIECES);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (piece_problem(d, &pieces[i], i, why, whylen))
			return -1;
	if (npath < 0 || (npath > 0 && !path)) {
		wj_why(why, whylen, "a path of %d spots: give 0 for none, or the spots", npath);
		return -1;
	}
	for (int k = 0; k < npath; k++) {
		if (path[k] < 0 || path[k] >= d->nspots) {
			wj_why(why, whylen, "the path's step %d is spot %d, not on the board "
				 "(spots 0 to %d)", k, path[k], d->nspots - 1);
			return -1;
		}
	}
	return 0;
}

/* ---- the words ---- */

/* Where to break s to fit room characters: after the last "; " or ", "
 * in its second half, so that a number keeps its noun, else at the last
 * blank, else (one long word) at room. */
static int break_at(const char *s, int room)
{
	int blank = 0;
	for (int i = room; i > 0; i--) {
		if (s[i] != ' ')
			continue;
		if (s[i - 1] == ';' || s[i - 1] == ',')
			return i > room / 2 || !blank ? i : blank;
		if (!blank)
			blank = i;
	}
	return blank ? blank : room;
}

/* One line of the report form of kind `mark` as lines of at most
 * SK_WORDS_WIDTH characters, the rest indented by four (so that a
 * side's totals do not read as one of its pieces) and marked as the line
 * continued. */
static void put_line(FILE *out, char mark, const char *s)
{
	int indent = 0;
	while ((int)strlen(s) + indent > SK_WORDS_WIDTH) {
		int cut = break_at(s, SK_WORDS_WIDTH - indent);
		fprintf(out, "%c%*s%.*s\n", mark, indent, "", cut, s);
		s += cut + (s[cut] == ' ');
		indent = 4;
		mark = '+';
	}
	fprintf(out, "%c%*s%s\n", mark, indent, "", s);
}

struct text { char s[512]; size_t len; };

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(t->s + t->len, sizeof t->s - t->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		t->len += (size_t)w < sizeof t->s - t->len ? (size_t)w : sizeof t->s - t->len - 1;
}

static const char *plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "16 units in the Continental Army, 2 armies and 13 militia". */
static void land_totals(struct text *t, const int count[], int units)
{
	int groups = !!count[SK_CONTINENTAL_ARMY] + !!count[SK_ARMY] + !!count[SK_BASIC_UNIT], k = 0;
	add(t, "%d %s", units, plural(units, "unit", "units"));
	if (groups)
		add(t, " in ");
	if (count[SK_CONTINENTAL_ARMY])
		add(t, "the Continental Army%s", ++k < groups ? (groups - k > 1 ? ", " : " and ") : "");
	if (count[SK_ARMY])
		add(t, "%d %s%s", count[SK_ARMY], plural(count[SK_ARMY], "army", "armies"),
		    ++k < groups ? (groups - k > 1 ? ", " : " and ") : "");
	if (count[SK_BASIC_UNIT])
		add(t, "%d militia", count[SK_BASIC_UNIT]);
}

/* "British: 20 units in 4 armies; 3 warships; a troop carrier with 2
 * units." The units are those on land, as the seed's SET UP counts them. */
static void totals(FILE *out, const struct sk_data *d, const struct sk_piece *pieces, int n,
		   enum sk_side side)
{
	struct text t = { .len = 0 };
	int count[SK_TROOP_CARRIER + 1] = { 0 }, units = 0;
	for (int i = 0; i < n; i++) {
		if (pieces[i].side != side)
			continue;
		count[pieces[i].kind]++;
		units += on_land(pieces[i].kind) ? pieces[i].units : 0;
	}
	add(&t, "%s: ", d->side_name[side]);
	land_totals(&t, count, units);
	if (count[SK_WARSHIP])
		add(&t, "; %d %s", count[SK_WARSHIP], plural(count[SK_WARSHIP], "warship", "warships"));
	for (int i = 0; i < n; i++)
		if (pieces[i].side == side && pieces[i].kind == SK_TROOP_CARRIER)
			add(&t, "; a troop carrier with %d %s", pieces[i].units,
			    plural(pieces[i].units, "unit", "units"));
	add(&t, ".");
	put_line(out, '.', t.s);
}

/* "  Boston: army of 5 units", "  Boston Harbor: warship". */
static void piece_line(FILE *out, const struct sk_data *d, const struct sk_piece *p)
{
	struct text t = { .len = 0 };
	add(&t, "  %s: %s", d->spots[p->spot].name, PIECE_WORD[p->kind]);
	if (p->kind == SK_ARMY || p->kind == SK_CONTINENTAL_ARMY)
		add(&t, " of %d %s", p->units, plural(p->units, "unit", "units"));
	else if (p->kind == SK_TROOP_CARRIER)
		add(&t, " with %d %s", p->units, plural(p->units, "unit", "units"));
	put_line(out, '|', t.s);
}

struct sorting { const struct sk_data *d; const struct sk_piece *pieces; };

/* By the spot's name, then the kind, then the given order: qsort_r-free,
 * an insertion sort of at most SK_MAX_PIECES indexes. */
static bool before(const struct sorting *s, int a, int b)
{
	const struct sk_piece *p = &s->pieces[a], *q = &s->pieces[b];
	int c = strcmp(s->d->spots[p->spot].name, s->d->spots[q->spot].name);
	if (c)
		return c < 0;
	return p->kind != q->kind ? p->kind < q->kind : a < b;
}

static int sorted(const struct sorting *s, int n, enum sk_side side, int *order)
{
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (s->pieces[i].side != side)
			continue;
		int k = m++;
		for (; k > 0 && before(s, i, order[k - 1]); k--)
			order[k] = order[k - 1];
		order[k] = i;
	}
	return m;
}

int sk_board_words(FILE *out, const struct sk_data *d, const struct sk_piece *pieces, int n,
		   char *why, size_t whylen)
{
	static const enum sk_side SIDES[] = { SK_BRITISH, SK_AMERICAN };
	struct sorting s = { d, pieces };
	int order[SK_MAX_PIECES];
	if (sk_board_check(d, pieces, n, NULL, 0, why, whylen))
		return -1;
	for (size_t k = 0; k < sizeof SIDES / sizeof *SIDES; k++) {
		totals(out, d, pieces, n, SIDES[k]);
		int m = sorted(&s, n, SIDES[k], order);
		for (int i = 0; i < m; i++)
			piece_line(out, d, &pieces[order[i]]);
	}
	if (fflush(out) || ferror(out)) {
		wj_why(why, whylen, "writing the board in words failed");
		return -1;
	}
	return 0;
}
