/* The plain-text report, at most WW_REPORT_WIDTH columns, built from one
 * side's view of the state. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "report.h"

#define PARA_MAX 2048

static const char *const NATION_NAME[WW_NATIONS] = { "British", "American", "French" };

/* Word-wraps one paragraph: the first line indented by `indent`, the
 * others by `hang`. A word longer than the line is cut. */
static void wrap(FILE *out, int indent, int hang, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void wrap(FILE *out, int indent, int hang, const char *fmt, ...)
{
	char text[PARA_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);

	int col = fprintf(out, "%*s", indent, "");
	bool line_empty = true;
	const char *p = text;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		int n = (int)strcspn(p, " ");
		/* UTF-8 continuation bytes take no column. */
		int cols = 0;
		for (int i = 0; i < n; i++)
			cols += ((unsigned char)p[i] & 0xC0) != 0x80;
		if (!line_empty && col + 1 + cols > WW_REPORT_WIDTH) {
			col = fprintf(out, "\n%*s", hang, "") - 1;
			line_empty = true;
		}
		if (!line_empty)
			col += fprintf(out, " ");
		if (col + cols > WW_REPORT_WIDTH && cols > WW_REPORT_WIDTH - hang) {
			int room = WW_REPORT_WIDTH - col;
			fprintf(out, "%.*s", room, p);
			p += room;
			col = WW_REPORT_WIDTH;
			line_empty = false;
			continue;
		}
		col += fprintf(out, "%.*s", n, p) - (n - cols);
		line_empty = false;
		p += n;
	}
	fputc('\n', out);
}

void ww_report_line(FILE *out, const char *text)
{
	wrap(out, 0, 4, "%s", text);
}

static bool sees(const struct ww_event *e, enum ww_side recipient)
{
	if (recipient == WW_AMERICAN)
		return e->audience & WW_TO_AMERICAN;
	if (recipient == WW_BRITISH)
		return e->audience & WW_TO_BRITISH;
	return (e->audience & WW_TO_BOTH) == WW_TO_BOTH;
}

void ww_report_events(FILE *out, const struct ww_events *ev, enum ww_side recipient)
{
	int shown = 0;
	for (int i = 0; ev && i < ev->n; i++) {
		const struct ww_event *e = &ev->v[i];
		if (!sees(e, recipient))
			continue;
		if (e->roll_index >= 0)
			wrap(out, 2, 4, "%s [die #%lld: %d%s]", e->text,
			     (long long)e->roll_index, e->roll, e->forced ? ", forced" : "");
		else
			wrap(out, 2, 4, "%s", e->text);
		shown++;
	}
	if (!shown)
		wrap(out, 2, 4, "Nothing new.");
}

static const char *card_title(const struct ww_data *d, int card)
{
	return card > 0 && card < WW_MAX_CARDS ? d->cards[card].title : "?";
}

/* "3 OPS" or "Event, American: Title". */
static void card_line(FILE *out, const struct ww_data *d, int card)
{
	if (card <= 0 || card >= WW_MAX_CARDS) {
		wrap(out, 2, 8, "(a card not in the data: #%d)", card);
		return;
	}
	const struct ww_card *c = &d->cards[card];
	if (c->ops > 0) {
		wrap(out, 2, 8, "#%-3d %d OPS%s%s", card, c->ops,
		     c->title[0] ? "  " : "", c->title);
		return;
	}
	const char *who = c->must_play ? "must be played" :
		c->flag == WW_FLAG_AMERICAN ? "American event" :
		c->flag == WW_FLAG_BRITISH ? "British event" : "event for either";
	wrap(out, 2, 8, "#%-3d %s%s: %s", card, who, c->battle ? ", battle card" : "",
	     c->title);
}

static void header(FILE *out, const struct ww_data *d, const struct ww_state *v,
		   enum ww_side recipient)
{
	char prompt[512] = "";
	wrap(out, 0, 2, "Washington's War \xe2\x80\x94 %d, %s, move %u", v->year,
	     ww_phase_name(v->phase), (unsigned)v->move);
	if (recipient != WW_NOBODY)
		wrap(out, 0, 2, "Report for the %s player.", ww_side_name(recipient));
	else
		wrap(out, 0, 2, "Public report (no hand shown).");
	if (v->phase == WW_PH_GAME_OVER || v->prompt == WW_ASK_NOTHING) {
		if (v->winner != WW_NOBODY)
			wrap(out, 0, 2, "The game is over: the %s side wins.",
			     ww_side_name(v->winner));
		else
			wrap(out, 0, 2, "Nothing is asked of anyone.");
		return;
	}
	ww_prompt_text(d, v, prompt, sizeof prompt);
	wrap(out, 0, 2, "%s to move%s: %s", ww_side_name(v->to_move),
	     v->to_move == recipient ? " (you)" : "", prompt);
}

static bool space_occupied(const struct ww_data *d, const struct ww_state *v, int s)
{
	if (v->space[s].pc != WW_NOBODY || v->congress_at == s)
		return true;
	for (int n = 0; n < WW_NATIONS; n++)
		if (v->space[s].cu[n])
			return true;
	for (int g = 0; g < d->ngenerals; g++)
		if (v->general_at[g] == s)
			return true;
	return false;
}

static void space_line(FILE *out, const struct ww_data *d, const struct ww_state *v,
		       int s)
{
	char what[512] = "";
	size_t o = 0;
#define ADD(...) do { \
		int k_ = snprintf(what + o, sizeof what - o, "%s", o ? ", " : ""); \
		if (k_ > 0 && (size_t)k_ < sizeof what - o) o += (size_t)k_; \
		k_ = snprintf(what + o, sizeof what - o, __VA_ARGS__); \
		if (k_ > 0 && (size_t)k_ < sizeof what - o) o += (size_t)k_; \
	} while (0)
	if (v->space[s].pc != WW_NOBODY)
		ADD("%s PC", ww_side_name((enum ww_side)v->space[s].pc));
	for (int n = 0; n < WW_NATIONS; n++)
		if (v->space[s].cu[n])
			ADD("%d %s CU", v->space[s].cu[n], NATION_NAME[n]);
	for (int g = 0; g < d->ngenerals; g++)
		if (v->general_at[g] == s)
			ADD("%s", d->generals[g].name);
	if (v->congress_at == s)
		ADD("the Continental Congress");
#undef ADD
	wrap(out, 4, 6, "%s: %s", d->spaces[s].name, what);
}

static void board(FILE *out, const struct ww_data *d, const struct ww_state *v)
{
	int won[3] = { 0, 0, 0 };
	fprintf(out, "\nThe board\n");
	for (int c = 0; c < d->ncolonies; c++) {
		enum ww_side ctl = ww_colony_control(d, v, c);
		if (ctl == WW_AMERICAN || ctl == WW_BRITISH)
			won[ctl]++;
		else
			won[0]++;
		wrap(out, 2, 4, "%s (%s): %s", d->colonies[c].name, d->colonies[c].code,
		     ctl == WW_NOBODY ? "controlled by neither side" :
		     ctl == WW_AMERICAN ? "American control" : "British control");
		for (int s = 0; s < d->nspaces; s++)
			if (d->spaces[s].colony == c && space_occupied(d, v, s))
				space_line(out, d, v, s);
	}
	/* 13.2: the colony count that decides the game at its end */
	wrap(out, 2, 4, "Colonies controlled: American %d, British %d, neither %d.",
	     won[WW_AMERICAN], won[WW_BRITISH], won[0]);
}

static void tracks(FILE *out, const struct ww_data *d, const struct ww_state *v)
{
	fprintf(out, "\nTracks\n");
	wrap(out, 2, 4, "Year: %d (the last is %d).", v->year, d->last_year);
	if (v->french_in_war)
		wrap(out, 2, 4, "French Alliance: %d of 9, France is in the war.",
		     v->french_alliance);
	else
		wrap(out, 2, 4, "French Alliance: %d of 9.", v->french_alliance);
	wrap(out, 2, 4, "British Regulars' Advantage: %s.",
	     v->regulars ? "in effect" : "gone");
	if (v->war_ends_card)
		wrap(out, 2, 4, "War Ends box: #%d %s (the game ends in %d).",
		     v->war_ends_card, card_title(d, v->war_ends_card),
		     d->cards[v->war_ends_card < WW_MAX_CARDS ? v->war_ends_card : 0].war_ends_year);
	else
		wrap(out, 2, 4, "War Ends box: empty (the game ends after %d).",
		     d->last_year);
	if (v->french_navy_zone >= 0 && v->french_navy_zone < d->nzones)
		wrap(out, 2, 4, "French Navy: %s.", d->zones[v->french_navy_zone].name);
}

static void generals_at(FILE *out, const struct ww_data *d, const struct ww_state *v,
			int where, int side, const char *box, int cu, const char *nation)
{
	char names[512] = "";
	size_t o = 0;
	for (int g = 0; g < d->ngenerals; g++) {
		if (v->general_at[g] != where || (side && (int)d->generals[g].side != side))
			continue;
		int k = snprintf(names + o, sizeof names - o, "%s%s", o ? ", " : "",
				 d->generals[g].name);
		if (k > 0 && (size_t)k < sizeof names - o)
			o += (size_t)k;
	}
	if (!o && !cu)
		return;
	if (cu)
		wrap(out, 2, 4, "%s: %s%s%d %s CU.", box, names, o ? "; " : "", cu, nation);
	else
		wrap(out, 2, 4, "%s: %s.", box, names);
}

static void boxes(FILE *out, const struct ww_data *d, const struct ww_state *v)
{
	fprintf(out, "\nBoxes\n");
	generals_at(out, d, v, WW_LOC_REINFORCEMENTS, WW_BRITISH, "British reinforcements",
		    v->cu_reinforcements[WW_NAT_BRITISH], "British");
	generals_at(out, d, v, WW_LOC_REINFORCEMENTS, WW_AMERICAN,
		    "American reinforcements", v->cu_reinforcements[WW_NAT_AMERICAN], "American");
	generals_at(out, d, v, WW_LOC_FRENCH_BOX, 0, "French box", v->cu_french_box, "French");
	if (!v->french_in_war && v->french_navy_zone < 0)
		wrap(out, 2, 4, "The French Navy waits in the French box.");
	generals_at(out, d, v, WW_LOC_CAPTURED, 0, "Captured Generals", 0, "");
	generals_at(out, d, v, WW_LOC_REMOVED, 0, "Out of the game", 0, "");
	if (v->congress_at == WW_LOC_DISPERSED)
		wrap(out, 2, 4, "The Continental Congress is dispersed.");
}

static void cards(FILE *out, const struct ww_data *d, const struct ww_state *v,
		  enum ww_side recipient)
{
	fprintf(out, "\nCards\n");
	wrap(out, 2, 4, "Deck %d, discard pile %d, out of the game %d, set aside %d.",
	     v->deck.n, v->discard.n, v->removed.n, v->set_aside.n);
	wrap(out, 2, 4, "American hand %d, British hand %d.",
	     v->hand[WW_AMERICAN].n, v->hand[WW_BRITISH].n);
	if (v->discard.n) {
		int top = v->discard.card[v->discard.n - 1];
		wrap(out, 2, 4, "Top of the discard pile: #%d %s.", top, card_title(d, top));
	}
	if (v->reshuffle_pending)
		wrap(out, 2, 4, "The deck will be reshuffled before the next deal.");
	if (v->exchange_offer)
		wrap(out, 2, 4, "On offer to the %s: #%d %s, for an OPS card (6.32.C).",
		     ww_side_name(v->exchange_for), v->exchange_offer,
		     card_title(d, v->exchange_offer));
	if (recipient != WW_AMERICAN && recipient != WW_BRITISH)
		return;
	const struct ww_pile *h = &v->hand[recipient];
	fprintf(out, "\nYour hand (%d)\n", h->n);
	for (int i = 0; i < h->n; i++)
		card_line(out, d, h->card[i]);
	if (!h->n)
		wrap(out, 2, 4, "(empty)");
}

int ww_report_text(FILE *out, const struct ww_data *d, const struct ww_state *view,
		   enum ww_side recipient, const struct ww_events *recent,
		   const char *commitment)
{
	header(out, d, view, recipient);
	if (recent) {
		fprintf(out, "\nWhat happened\n");
		ww_report_events(out, recent, recipient);
	}
	board(out, d, view);
	tracks(out, d, view);
	boxes(out, d, view);
	cards(out, d, view, recipient);
	if (commitment && commitment[0]) {
		fprintf(out, "\nSeed commitment (BLAKE2b-256 of the secret seed):\n");
		wrap(out, 2, 2, "%s", commitment);
	}
	return ferror(out) ? -1 : 0;
}

void ww_report_seed(FILE *out, const char *seed_hex)
{
	fprintf(out, "\nThe secret seed, revealed now that the game is over:\n");
	wrap(out, 2, 2, "%s", seed_hex);
}
