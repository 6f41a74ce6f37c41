/* Tarleton's Quarter!'s report, guide and questions, in the report form
 * (core/report_form.h), from a side's view only (tq_game.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tq_game.h"
#include "tq_move.h"
#include "tq_turn.h"

/* Each question: what the side asked is to do, and what the others read
 * while it does. */
static const struct asking {
	const char *ask, *waiting;
} ASKING[] = {
	[TQ_ASK_SETUP] = { "set up your pieces (17.0): place them, then done",
			   "to set up" },
	[TQ_ASK_SUMMONS] = { "summon a besieged place to surrender? (4.7.2): summon at AREA, "
			     "or no at AREA", "to summon or not" },
	[TQ_ASK_SURRENDER] = { "surrender, or stand? (4.7.3, 4.7.4): surrender or stand",
			       "to surrender or stand" },
	[TQ_ASK_ASSAULT] = { "assault, or break the siege? (4.7.6): assault or break",
			     "to assault or break the siege" },
	[TQ_ASK_LOSSES] = { "choose the SPs attrition takes (5.3): lose 2 regulars, 1 NC militia",
			    "to choose attrition's losses" },
	[TQ_ASK_SUPPLY] = { "supply your forces (5.4): expend 1 train at AREA, destroy 1 train at "
			    "AREA, then done", "to supply its forces" },
	[TQ_ASK_WITHDRAW] = { "take the withdrawal (6.1.3): withdraw 3 regulars from AREA",
			      "to take its withdrawal" },
	[TQ_ASK_EXCHANGE] = { "exchange prisoners? (15.4): exchange, accept or decline",
			      "to answer an exchange of prisoners" },
	[TQ_ASK_MILITIA] = { "place the militia generated (6.5): place N COLONY militia at AREA, "
			     "then done", "to place its militia" },
	[TQ_ASK_LOGISTICS] = { "logistics and engineering (7.1, 7.2, 4.1): build fort at AREA, "
			       "build magazine at AREA, base at AREA, then done",
			       "to finish its logistics" },
	[TQ_ASK_ENDEAVOR] = { "your endeavour (8.0): activate LEADER with 5 regulars; move "
			      "AREA - AREA, or pass", "to perform an endeavour or pass" },
	[TQ_ASK_WALLS] = { "who stands outside the walls? (4.2.4): outside 5 regulars, or inside",
			   "to say who stands outside the walls" },
	[TQ_ASK_RETREAT_BEFORE] = { "retreat before combat? (11.3): retreat before combat to "
				    "AREA, or stand", "to retreat before combat or stand" },
	[TQ_ASK_BAYONETS] = { "charge with the bayonet? (11.2.1): bayonets or no",
			      "to charge with the bayonet or not" },
	[TQ_ASK_RETREAT] = { "retreat (11.4): retreat to AREA", "to retreat" },
	[TQ_ASK_CASUALTIES] = { "choose your casualties (11.2.5): lose 2 regulars, 1 NC militia",
				"to choose its casualties" },
	[TQ_ASK_SIEGE] = { "lay siege? (4.3): siege or no", "to lay siege or not" },
	[TQ_ASK_UPRISING] = { "where do the Loyalists rise? (8.3.5): rise at AREA",
			      "to say where the Loyalists rise" },
	[TQ_ASK_C_IN_C] = { "name your new Commander-in-Chief (11.2.6): c-in-c NAME",
			    "to name its Commander-in-Chief" },
};

void tq_date(const struct tq_state *s, char *out, size_t len)
{
	tq_month_text(s->month, out, len);
}

/* 17.4.1's declaration is asked as the set-up (TQ_ASK_SETUP) is. */
static const struct asking DECLARING = {
	"declare the colonies you may invade on the first turn (17.4.1): declare COLONY, COLONY",
	"to declare the colonies it may invade"
};

/* 15.5.2's naming is asked as the exchange (TQ_ASK_EXCHANGE) is. */
static const struct asking NAMING = {
	"name the prisoners you release (15.5.2): yes NAME, NAME, or a plain yes for the "
	"first of each rank", "to name the prisoners it releases"
};

static const struct asking *asking(const struct tq_state *s, int side)
{
	if (s->question == TQ_ASK_SETUP && s->to_place[side].declare)
		return &DECLARING;
	if (tq_exchange_naming(s))
		return &NAMING;
	return &ASKING[s->question];
}

/* 6.5: the militia still to place, colony by colony, in the question (or,
 * once every SP is placed, the held militia leaders, 6.2):
 * "The Continental: place the militia generated (6.5): 1 Ga, 13 SC and
 * 9 Va militia SP to place: place N COLONY militia at AREA, then done." */
static void militia_asked(const struct tq_data *d, const struct tq_state *s, char *out,
			  size_t len)
{
	int due[TQ_COLONIES], last = -1, n = 0;
	for (int c = 0; c < TQ_COLONIES; c++)
		if ((due[c] = tq_militia_to_place(s, TQ_CONTINENTAL, (enum tq_colony)c)))
			last = c, n++;
	snprintf(out, len, "The %s: place the militia generated (6.5): ",
		 d->side_name[TQ_CONTINENTAL]);
	for (int c = 0, k = 0; c < TQ_COLONIES; c++)
		if (due[c])
			wj_fmt_add(out, len, "%s%d %s", k++ == 0 ? "" : c == last ? " and " : ", ",
				   due[c], d->colony_mil[c]);
	if (n)
		wj_fmt_add(out, len, " militia SP to place: place N COLONY militia at AREA, then "
			   "done.");
	else /* what may be left: the militia leaders held for them (6.2) */
		wj_fmt_add(out, len, "every militia SP is placed: place a held militia leader "
			   "(6.2) with place NAME at AREA, if any, then done.");
}

void tq_question(const struct tq_data *d, const struct tq_state *s, int side, int reader,
		 char *out, size_t len)
{
	if (len)
		out[0] = '\0';
	if (side < TQ_BRITISH || side > TQ_CONTINENTAL || !(s->asked & (1u << side)) ||
	    s->phase == TQ_OVER || (size_t)s->question >= sizeof ASKING / sizeof ASKING[0] ||
	    !ASKING[s->question].ask)
		return;
	const struct asking *a = asking(s, side);
	if (reader == side && s->question == TQ_ASK_MILITIA)
		militia_asked(d, s, out, len);
	else if (reader == side)
		snprintf(out, len, "The %s: %s.", d->side_name[side], a->ask);
	else
		snprintf(out, len, "Waiting for the %s %s.", d->side_name[side], a->waiting);
}

/* ---- the position in words ---- */

static void add(char *out, size_t len, int n, const char *what)
{
	if (n)
		wj_fmt_add(out, len, "%s%d %s", out[0] ? ", " : "", n, what);
}

static void sps_words(const struct tq_data *d, const struct tq_sps *sp, char *out, size_t len)
{
	char mil[TQ_NAME_MAX];
	add(out, len, sp->regulars, "regulars");
	add(out, len, sp->cavalry, "cavalry");
	for (int c = 0; c < TQ_COLONIES; c++) {
		snprintf(mil, sizeof mil, "%s militia", d->colony_mil[c]);
		add(out, len, sp->militia[c], mil);
	}
	add(out, len, sp->loyalists, "Loyalist militia");
	add(out, len, sp->french_regulars, "French regulars");
	add(out, len, sp->french_cavalry, "French cavalry");
}

/* "1 magazine", "2 magazines": a counter's name, one or more. */
static void counters(char *out, size_t len, int n, const char *what)
{
	if (n)
		wj_fmt_add(out, len, "%s%d %s%s", out[0] ? ", " : "", n, what, n == 1 ? "" : "s");
}

static void supply_words(const struct tq_supply *su, char *out, size_t len)
{
	counters(out, len, su->trains, "baggage train");
	counters(out, len, su->magazines, "magazine");
	counters(out, len, su->captured, "captured train");
}

static void leaders_in(const struct tq_data *d, const struct tq_state *s, int side, int area,
		       char *out, size_t len)
{
	for (int l = 0; l < d->nleaders; l++) {
		const struct tq_leader_state *ls = &s->leader[l];
		if (ls->where != TQ_ON_MAP || ls->area != area || (int)d->leaders[l].side != side)
			continue;
		wj_fmt_add(out, len, "%s%s%s%s%s", out[0] ? ", " : "", d->leaders[l].name,
			   ls->c_in_c ? " (C-in-C)" : "", ls->moved ? " (moved)" : "",
			   ls->walls ? " (within the walls)" : "");
	}
}

/* One side's pieces in one area: "" when it has none there. */
static void area_side(const struct tq_data *d, const struct tq_state *s, int area, int side,
		      char *out, size_t len)
{
	const struct tq_presence *pr = &s->area[area].side[side];
	char part[400] = "";
	out[0] = '\0';
	sps_words(d, &pr->ready, out, len);
	sps_words(d, &pr->moved, part, sizeof part);
	if (part[0])
		wj_fmt_add(out, len, "%smoved: %s", out[0] ? "; " : "", part);
	part[0] = '\0';
	sps_words(d, &pr->walls, part, sizeof part);
	supply_words(&pr->inside, part, sizeof part);
	if (part[0])
		wj_fmt_add(out, len, "%swithin the walls: %s", out[0] ? "; " : "", part);
	part[0] = '\0';
	supply_words(&pr->field, part, sizeof part);
	leaders_in(d, s, side, area, part, sizeof part);
	if (part[0])
		wj_fmt_add(out, len, "%s%s", out[0] ? "; " : "", part);
	if (s->area[area].base[side])
		wj_fmt_add(out, len, "%sBase of Operations", out[0] ? "; " : "");
}

static void area_marks(const struct tq_data *d, const struct tq_state *s, int area, char *out,
		       size_t len)
{
	const struct tq_area_state *a = &s->area[area];
	out[0] = '\0';
	if (a->fort)
		wj_fmt_add(out, len, " [%s %s]", d->side_name[a->fort_side],
			   a->fort == TQ_FORT ? "fort" : "fort building");
	if (a->siege)
		wj_fmt_add(out, len, " [Siege %d, by the %s]", a->siege, d->side_name[a->besieger]);
	if (a->governor >= 0 && a->governor < d->ngovernors)
		wj_fmt_add(out, len, " [Governor %s]", d->governors[a->governor].name);
}

static void position(FILE *out, const struct tq_data *d, const struct tq_state *s)
{
	char text[1200], marks[200];
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		fprintf(out, "\n#%s forces\n", d->side_name[side]);
		int shown = 0;
		for (int a = 0; a < d->nareas; a++) {
			area_side(d, s, a, side, text, sizeof text);
			if (!text[0])
				continue;
			area_marks(d, s, a, marks, sizeof marks);
			fprintf(out, "|  %s%s%s: %s%s\n", d->areas[a].id, d->areas[a].name[0] ? " " : "",
				d->areas[a].name, text, marks);
			shown++;
		}
		if (!shown)
			fputs(".  Nothing on the map.\n", out);
	}
}

static void leaders_off_map(FILE *out, const struct tq_data *d, const struct tq_state *s)
{
	static const char *const WHERE[] = {
		[TQ_AT_SEA_BOX] = "at sea", [TQ_TURN_TRACK] = "on the turn track",
		[TQ_POW] = "a prisoner", [TQ_HELD] = "held for the next militia generation",
	};
	for (int l = 0; l < d->nleaders; l++) {
		enum tq_where w = s->leader[l].where;
		if (w == TQ_AT_SEA_BOX || w == TQ_TURN_TRACK || w == TQ_POW || w == TQ_HELD)
			fprintf(out, "|  %s: %s\n", d->leaders[l].name, WHERE[w]);
	}
}

static void boxes(FILE *out, const struct tq_data *d, const struct tq_state *s)
{
	char text[400] = "";
	fputs("\n#Boxes and tracks\n", out);
	sps_words(d, &s->at_sea, text, sizeof text);
	add(text, sizeof text, s->at_sea_trains, "baggage trains");
	fprintf(out, "|  At sea (10.5.6): %s\n", text[0] ? text : "nothing");
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		const struct tq_side_state *ss = &s->side[side];
		fprintf(out, "|  %s baggage train pool (6.4): %d available, %d expended\n",
			d->side_name[side], ss->available, ss->expended);
		fprintf(out, "|  %s regulars held prisoner by the %s (15.1): %d\n",
			d->side_name[TQ_SIDES - side], d->side_name[side], ss->pow);
	}
	leaders_off_map(out, d, s);
}

static void colonies_line(FILE *out, const struct tq_data *d, const char *what, unsigned bits)
{
	char text[200] = "";
	for (int c = 0; c < TQ_COLONIES; c++)
		if (bits & (1u << c))
			wj_fmt_add(text, sizeof text, "%s%s", text[0] ? ", " : "", d->colony_name[c]);
	fprintf(out, "|  %s: %s\n", what, text[0] ? text : "none");
}

static void head(FILE *out, const struct tq_data *d, const struct tq_state *s,
		 const struct game_frame *f)
{
	char date[40];
	tq_date(s, date, sizeof date);
	fprintf(out, ".%s%s%s\n", d->title, f->game ? ": " : "", f->game ? f->game : "");
	if (f->deadline)
		fprintf(out, ".Deadline: %s\n", f->deadline);
	fprintf(out, ".%s, %s; scenario %s, to %s %d.\n", date, tq_phase_name(s->phase),
		s->scenario, tq_month_name(tq_month_of(s->last_month)), tq_year_of(s->last_month));
	fprintf(out, ".Weather: %s. ", tq_weather_name(s->weather));
	fprintf(out, "Major Victory marker: %s.\n",
		s->major_victory ? d->side_name[s->major_victory] : "not in play");
	colonies_line(out, d, "British Invaded (10.7.5)", s->invaded);
	colonies_line(out, d, "The King's Peace (13.1)", s->kings_peace);
}

static void asked_lines(FILE *out, const struct tq_data *d, const struct tq_state *s,
			int viewer)
{
	char q[300];
	if (s->phase == TQ_OVER) {
		if (s->winner)
			fprintf(out, ".The game is over: %s victory (%s).\n",
				d->side_name[s->winner], s->end_reason);
		else
			fprintf(out, ".The game is over, no winner (%s).\n", s->end_reason);
		return;
	}
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++) {
		tq_question(d, s, side, viewer, q, sizeof q);
		if (q[0])
			fprintf(out, ".%s\n", q);
	}
}

static void standing_lines(FILE *out, const struct tq_state *s, int viewer)
{
	if (viewer != TQ_BRITISH && viewer != TQ_CONTINENTAL)
		return;
	const struct tq_standing *st = &s->hidden.standing[viewer];
	for (int i = 0; i < st->n; i++)
		fprintf(out, ".Your standing order (the other side does not see it): %s\n",
			st->text[i]);
}

static void happened(FILE *out, const struct tq_events *last, int viewer)
{
	if (!last || !last->n)
		return;
	fputs("\n#What happened\n", out);
	for (int i = 0; i < last->n; i++) {
		const struct tq_told *e = &last->v[i];
		if ((e->audience & TQ_TO_ALL) || (viewer > 0 && (e->audience & TQ_TO(viewer))))
			fprintf(out, "-  %s\n", e->text);
	}
}

static int report(FILE *out, const struct tq_data *d, const struct tq_state *view, int viewer,
		  const struct game_frame *f, const struct tq_events *last)
{
	head(out, d, view, f);
	asked_lines(out, d, view, viewer);
	standing_lines(out, view, viewer);
	happened(out, last, viewer);
	if (f->note)
		fputs(f->note, out);
	if (f->commitment)
		fprintf(out, "\n.The dice's seed commitment: %s\n", f->commitment);
	if (f->seed_hex)
		fprintf(out, ".The seed, revealed: %s\n", f->seed_hex);
	position(out, d, view);
	boxes(out, d, view);
	return tq_guide_words(out, d, view, viewer, f->guide_item, f->guide_ctx);
}

int tq_report(FILE *out, const struct tq_data *d, const struct tq_state *view, int viewer,
	      const struct game_frame *f, const struct tq_events *last, char *why, size_t whylen)
{
	if (report(out, d, view, viewer, f, last) || ferror(out))
		return wj_why(why, whylen, "writing the report failed");
	return 0;
}
