/* Tarleton's Quarter!'s position as text (tq_text.h). One table of
 * fields per kind of record, the same table written and read: a field is
 * written where it differs from the empty state (tq_state_empty), so an
 * area or leader with nothing is not written, and read over the empty
 * state, so what was not written reads back as it was. */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tq_setup.h"
#include "tq_text.h"

#define FORMAT 1
#define MAX_SP 999
#define MAX_ITEMS 64

enum kind {
	NUM, U64, BOOL, MONTH, WORD, SIDEBITS, BASES, COLONIES, AREA, LEADER, GOVERNOR, TEXT,
	LEADERS, COLONY_LIST, AREAS, STANDING
};

struct field {
	const char *key;
	enum kind kind;
	size_t off, size;
	long long max;                   /* NUM */
	const char *const *words;        /* WORD */
	int nwords;
	size_t count_off;                /* lists: the short holding the count */
	int cap;                         /* lists: the array's room */
	bool always;                     /* written even when empty */
};

static const char *const PHASES[] = { "setup", "siege-resolution", "attrition", "reinforcement",
				      "logistics", "endeavors", "adjustment", "special-siege",
				      "over" };
static const char *const QUESTIONS[] = {
	"nothing", "setup", "summons", "surrender", "assault", "losses", "supply", "withdraw",
	"exchange", "militia", "logistics", "endeavor", "walls", "retreat-before", "bayonets",
	"retreat", "casualties", "siege", "uprising", "c-in-c"
};
static const char *const WEATHERS[] = { "clear", "rain", "flood", "heat" };
static const char *const SIDES[] = { "nobody", "british", "continental" };
static const char *const WHERE[] = { "not-arrived", "on-map", "at-sea", "turn-track",
				     "pow", "held", "gone" };
static const char *const FORTS[] = { "none", "building", "fort" };
static const char *const FLAGS[] = { "false", "true" };
#define NWORDS(w) (int)(sizeof w / sizeof *w)

#define MEMBER(st, m) offsetof(st, m), sizeof(((st *)0)->m)
#define F(st, key, kind, m) { key, kind, MEMBER(st, m), 0, NULL, 0, 0, 0, false }
#define FA(st, key, kind, m) { key, kind, MEMBER(st, m), 0, NULL, 0, 0, 0, true }
#define FN(st, key, m, max) { key, NUM, MEMBER(st, m), max, NULL, 0, 0, 0, false }
#define FNA(st, key, m, max) { key, NUM, MEMBER(st, m), max, NULL, 0, 0, 0, true }
#define FW(st, key, m, w, all) { key, WORD, MEMBER(st, m), 0, w, NWORDS(w), 0, 0, all }
#define FL(st, key, kind, m, n, all)                                                         \
	{ key, kind, offsetof(st, m), sizeof(((st *)0)->m[0]), 0, NULL, 0, offsetof(st, n), \
	  (int)(sizeof(((st *)0)->m) / sizeof(((st *)0)->m[0])), all }
#define NFIELDS(t) (int)(sizeof t / sizeof *t)

static const struct field TOP[] = {
	FA(struct tq_state, "scenario", TEXT, scenario),
	FA(struct tq_state, "month", MONTH, month),
	FA(struct tq_state, "last-month", MONTH, last_month),
	FW(struct tq_state, "phase", phase, PHASES, true),
	FN(struct tq_state, "step", step, 999),
	FN(struct tq_state, "options", options, 0xffff),
	FW(struct tq_state, "question", question, QUESTIONS, true),
	FA(struct tq_state, "asked", SIDEBITS, asked),
	FW(struct tq_state, "to-move", to_move, SIDES, false),
	FN(struct tq_state, "passes", passes, 9),
	FW(struct tq_state, "weather", weather, WEATHERS, true),
	F(struct tq_state, "last-event-rain", BOOL, last_event_rain),
	FW(struct tq_state, "major-victory", major_victory, SIDES, true),
	F(struct tq_state, "invaded", COLONIES, invaded),
	F(struct tq_state, "kings-peace", COLONIES, kings_peace),
	F(struct tq_state, "french-on-map", BOOL, french_on_map),
	FN(struct tq_state, "georgia-loyalists", georgia_loyalists, MAX_SP),
	F(struct tq_state, "sailors-used", BOOL, sailors_used),
	F(struct tq_state, "first-turn", BOOL, first_turn),
	F(struct tq_state, "first-attack", BOOL, first_attack),
	F(struct tq_state, "disrepair", BOOL, disrepair),
	F(struct tq_state, "reinforcements-from", MONTH, reinforcements_from),
	F(struct tq_state, "sailors-from", MONTH, sailors_from),
	F(struct tq_state, "no-militia-month", MONTH, no_militia_month),
	F(struct tq_state, "targets", COLONIES, targets),
	FN(struct tq_state, "at-sea-trains", at_sea_trains, 99),
	F(struct tq_state, "embarked", MONTH, embarked),
	FW(struct tq_state, "trail-side", trail_side, SIDES, false),
	FL(struct tq_state, "trail", AREAS, trail, ntrail, false),
	FW(struct tq_state, "winner", winner, SIDES, false),
	F(struct tq_state, "resigned", BOOL, resigned),
	F(struct tq_state, "end", TEXT, end_reason),
	FN(struct tq_state, "cursor", cursor, 999),
	F(struct tq_state, "owed-area", AREA, owed_area),
	F(struct tq_state, "owed-forage", BOOL, owed_forage),
	F(struct tq_state, "owed-walls", BOOL, owed_walls),
	FN(struct tq_state, "militia-due-ga", militia_due[TQ_GEORGIA], MAX_SP),
	FN(struct tq_state, "militia-due-sc", militia_due[TQ_SOUTH_CAROLINA], MAX_SP),
	FN(struct tq_state, "militia-due-nc", militia_due[TQ_NORTH_CAROLINA], MAX_SP),
	FN(struct tq_state, "militia-due-va", militia_due[TQ_VIRGINIA], MAX_SP),
	FN(struct tq_state, "smallpox-sp", smallpox_sp, MAX_SP),
	F(struct tq_state, "retreat-pending", BOOL, retreat_pending),
	F(struct tq_state, "retreat-to", AREA, retreat_to),
	F(struct tq_state, "next-roll", U64, next_roll),
	FN(struct tq_state, "moves", moves, 999999999),
};

static const struct field SIDE_F[] = {
	F(struct tq_side_state, "base", AREA, base),
	F(struct tq_side_state, "base-at-sea", BOOL, base_at_sea),
	F(struct tq_side_state, "base-moved", BOOL, base_moved),
	FN(struct tq_side_state, "available", available, 99),
	FN(struct tq_side_state, "expended", expended, 99),
	FN(struct tq_side_state, "pow", pow, MAX_SP),
	F(struct tq_side_state, "c-in-c", LEADER, c_in_c),
	FN(struct tq_side_state, "owed", owed, MAX_SP),
	F(struct tq_side_state, "loss-area", AREA, loss_area),
	F(struct tq_side_state, "loss-walls", BOOL, loss_walls),
	F(struct tq_side_state, "loss-forage", BOOL, loss_forage),
	FN(struct tq_side_state, "sick", sick, 9),
	FN(struct tq_side_state, "place-rule", place_rule, 99),
	FN(struct tq_side_state, "placing-captured", placing_captured, 99),
	FL(struct tq_side_state, "fed", AREAS, fed, nfed, false),
};

static const struct field SPS_F[] = {
	FN(struct tq_sps, "regulars", regulars, MAX_SP),
	FN(struct tq_sps, "cavalry", cavalry, MAX_SP),
	FN(struct tq_sps, "militia-ga", militia[TQ_GEORGIA], MAX_SP),
	FN(struct tq_sps, "militia-sc", militia[TQ_SOUTH_CAROLINA], MAX_SP),
	FN(struct tq_sps, "militia-nc", militia[TQ_NORTH_CAROLINA], MAX_SP),
	FN(struct tq_sps, "militia-va", militia[TQ_VIRGINIA], MAX_SP),
	FN(struct tq_sps, "loyalists", loyalists, MAX_SP),
	FN(struct tq_sps, "french-regulars", french_regulars, MAX_SP),
	FN(struct tq_sps, "french-cavalry", french_cavalry, MAX_SP),
};

static const struct field SUPPLY_F[] = {
	FN(struct tq_supply, "trains", trains, 99),
	FN(struct tq_supply, "magazines", magazines, 99),
	FN(struct tq_supply, "captured", captured, 99),
	FN(struct tq_supply, "trains-moved", trains_moved, 99),
};

static const struct field AREA_F[] = {
	FW(struct tq_area_state, "fort", fort, FORTS, false),
	FW(struct tq_area_state, "fort-side", fort_side, SIDES, false),
	FN(struct tq_area_state, "siege", siege, 2),
	FW(struct tq_area_state, "besieger", besieger, SIDES, false),
	F(struct tq_area_state, "base", BASES, base),
	F(struct tq_area_state, "governor", GOVERNOR, governor),
	F(struct tq_area_state, "sailors", BOOL, sailors),
};

/* `at:` is written apart, with where: on-map (an area index 0 is an
 * area). */
static const struct field LEADER_F[] = {
	FW(struct tq_leader_state, "where", where, WHERE, false),
	F(struct tq_leader_state, "walls", BOOL, walls),
	F(struct tq_leader_state, "moved", BOOL, moved),
	F(struct tq_leader_state, "c-in-c", BOOL, c_in_c),
	F(struct tq_leader_state, "returns", MONTH, returns),
	F(struct tq_leader_state, "arrives", MONTH, arrives),
	F(struct tq_leader_state, "exchanged", BOOL, exchanged),
	F(struct tq_leader_state, "replaced", BOOL, replaced),
};

static const struct field TO_PLACE_F[] = {
	FN(struct tq_to_place, "declare", declare, TQ_COLONIES),
	FL(struct tq_to_place, "leaders", LEADERS, leaders, nleaders, false),
	FN(struct tq_to_place, "trains", trains, 99),
	F(struct tq_to_place, "colonies", COLONIES, colonies),
	F(struct tq_to_place, "generate", COLONIES, generate),
	FL(struct tq_to_place, "rolls", LEADERS, rolls, nrolls, false),
	FL(struct tq_to_place, "roll-colonies", COLONY_LIST, roll_colony, nrolls, false),
	FN(struct tq_to_place, "column", column, 12),
	F(struct tq_to_place, "attrition", BOOL, attrition),
	F(struct tq_to_place, "spared-area", AREA, spared_area),
	FL(struct tq_to_place, "after", LEADERS, after, nafter, false),
};

static const struct field ENDEAVOR_F[] = {
	FA(struct tq_endeavor, "active", BOOL, active),
	FW(struct tq_endeavor, "side", side, SIDES, true),
	FA(struct tq_endeavor, "leader", LEADER, leader),
	FA(struct tq_endeavor, "at", AREA, at),
	FNA(struct tq_endeavor, "mp-left", mp_left, 99),
	FL(struct tq_endeavor, "leaders", LEADERS, leaders, nleaders, true),
	FL(struct tq_endeavor, "path", AREAS, path, npath, true),
	FA(struct tq_endeavor, "by-river", BOOL, by_river),
	FA(struct tq_endeavor, "by-sea", BOOL, by_sea),
	F(struct tq_endeavor, "sally", BOOL, sally),
	FA(struct tq_endeavor, "dropped", BOOL, dropped),
	F(struct tq_endeavor, "detach", BOOL, detach.given),
	F(struct tq_endeavor, "detach-at", AREA, detach.at),
	FN(struct tq_endeavor, "detach-trains", detach.trains, 99),
	FL(struct tq_endeavor, "detach-leaders", LEADERS, detach.leaders, detach.nleaders, false),
	FNA(struct tq_endeavor, "stage", stage, 99),
	FW(struct tq_endeavor, "loser", loser, SIDES, true),
	FNA(struct tq_endeavor, "pending", pending, 99),
	FA(struct tq_endeavor, "bayonets", BOOL, bayonets),
	FA(struct tq_endeavor, "activated", BOOL, activated),
	FNA(struct tq_endeavor, "british-loss", loss[TQ_BRITISH], MAX_SP),
	FNA(struct tq_endeavor, "continental-loss", loss[TQ_CONTINENTAL], MAX_SP),
	FW(struct tq_endeavor, "lower", lower, SIDES, true),
};

static const struct field STANDING_F[] = {
	{ "orders", STANDING, 0, sizeof(struct tq_standing), 0, NULL, 0, 0, TQ_MAX_STANDING, true },
};

static const char *const PARTS[] = { "ready", "moved", "walls", "field", "inside" };
#define NPARTS 5

/* ---- values ---- */

static long long get_int(const void *p, size_t size)
{
	if (size == sizeof(short))
		return *(const short *)p;
	if (size == sizeof(int))
		return *(const int *)p;
	if (size == sizeof(bool))
		return *(const bool *)p;
	return (long long)*(const uint64_t *)p;
}

static void set_int(void *p, size_t size, long long v)
{
	if (size == sizeof(short))
		*(short *)p = (short)v;
	else if (size == sizeof(int))
		*(int *)p = (int)v;
	else if (size == sizeof(bool))
		*(bool *)p = v != 0;
	else
		*(uint64_t *)p = (uint64_t)v;
}

static void quoted(FILE *out, const char *t)
{
	fputc('"', out);
	for (; *t; t++) {
		if (*t == '"' || *t == '\\')
			fputc('\\', out);
		if (*t == '\n')
			fputs("\\n", out);
		else
			fputc(*t, out);
	}
	fputc('"', out);
}

static void write_month(FILE *out, int m)
{
	if (!m)
		fputs("none", out);
	else
		fprintf(out, "%s %d", tq_month_name(tq_month_of(m)), tq_year_of(m));
}

static const char *area_id(const struct tq_data *d, long long a)
{
	return a >= 0 && a < d->nareas ? d->areas[a].id : "none";
}

static const char *leader_name(const struct tq_data *d, long long l)
{
	return l >= 0 && l < d->nleaders ? d->leaders[l].name : "none";
}

static void write_bits(FILE *out, unsigned bits, const char *const *names, int n, size_t stride)
{
	fputc('[', out);
	for (int i = 0, k = 0; i < n; i++)
		if (bits >> i & 1)
			fprintf(out, "%s%s", k++ ? ", " : "",
				*(const char *const *)((const char *)names + i * stride));
	fputc(']', out);
}

static void write_list(FILE *out, const struct tq_data *d, const struct field *f, const void *rec)
{
	const char *base = (const char *)rec + f->off;
	int n = (int)get_int((const char *)rec + f->count_off, sizeof(short));

	fputc('[', out);
	for (int i = 0; i < n && i < f->cap; i++) {
		long long v = get_int(base + i * f->size, f->size);
		fputs(i ? ", " : "", out);
		if (f->kind == LEADERS)
			fputs(leader_name(d, v), out);
		else if (f->kind == AREAS)
			fputs(area_id(d, v), out);
		else
			fputs(v >= 0 && v < TQ_COLONIES ? d->colony_name[v] : "none", out);
	}
	fputc(']', out);
}

static void write_standing(FILE *out, const struct tq_standing *st)
{
	fputc('[', out);
	for (int i = 0; i < st->n && i < TQ_MAX_STANDING; i++) {
		fputs(i ? ", " : "", out);
		quoted(out, st->text[i]);
	}
	fputc(']', out);
}

static void write_value(FILE *out, const struct tq_data *d, const struct field *f, const void *rec)
{
	const char *p = (const char *)rec + f->off;
	long long v = f->kind < TEXT && f->kind != BASES ? get_int(p, f->size) : 0;
	const char *names[TQ_COLONIES];

	switch (f->kind) {
	case NUM: fprintf(out, "%lld", v); break;
	case U64: fprintf(out, "%" PRIu64, *(const uint64_t *)p); break;
	case BOOL: fputs(FLAGS[v != 0], out); break;
	case MONTH: write_month(out, (int)v); break;
	case WORD: fputs(v >= 0 && v < f->nwords ? f->words[v] : "?", out); break;
	case SIDEBITS: write_bits(out, (unsigned)v >> 1, SIDES + 1, 2, sizeof *SIDES); break;
	case BASES:
		write_bits(out, (unsigned)(((const bool *)p)[1] | ((const bool *)p)[2] << 1),
			   SIDES + 1, 2, sizeof *SIDES);
		break;
	case COLONIES:
		for (int c = 0; c < TQ_COLONIES; c++)
			names[c] = d->colony_name[c];
		write_bits(out, (unsigned)v, names, TQ_COLONIES, sizeof *names);
		break;
	case AREA: fputs(area_id(d, v), out); break;
	case LEADER: fputs(leader_name(d, v), out); break;
	case GOVERNOR: fputs(v >= 0 && v < d->ngovernors ? d->governors[v].name : "none", out); break;
	case TEXT: quoted(out, p); break;
	case LEADERS: case COLONY_LIST: case AREAS: write_list(out, d, f, rec); break;
	case STANDING: write_standing(out, (const struct tq_standing *)p); break;
	}
}

static bool is_empty(const struct field *f, const void *rec, const void *empty)
{
	if (f->kind == LEADERS || f->kind == COLONY_LIST || f->kind == AREAS)
		return !get_int((const char *)rec + f->count_off, sizeof(short));
	if (f->kind == STANDING)
		return !((const struct tq_standing *)rec)->n;
	return !memcmp((const char *)rec + f->off, (const char *)empty + f->off, f->size);
}

/* `key: {field: value, ...}` with the fields not empty; nothing when all
 * are. */
static void write_record(FILE *out, const struct tq_data *d, const char *key,
			 const struct field *t, int n, const void *rec, const void *empty)
{
	int k = 0;

	for (int i = 0; i < n; i++) {
		if (!t[i].always && is_empty(&t[i], rec, empty))
			continue;
		if (k++)
			fprintf(out, ", %s: ", t[i].key);
		else
			fprintf(out, "%s: {%s: ", key, t[i].key);
		write_value(out, d, &t[i], rec);
	}
	if (k)
		fputs("}\n", out);
}

/* ---- writing ---- */

static void write_sides(FILE *out, const struct tq_data *d, const struct tq_state *s,
			const struct tq_state *e)
{
	char key[64];

	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		write_record(out, d, SIDES[side], SIDE_F, NFIELDS(SIDE_F), &s->side[side],
			     &e->side[side]);
		for (int m = 0; m < TQ_RETURN_MONTHS; m++) {
			snprintf(key, sizeof key, "%s returning %d", SIDES[side], m);
			write_record(out, d, key, SPS_F, NFIELDS(SPS_F), &s->side[side].returning[m],
				     &e->side[side].returning[m]);
		}
		snprintf(key, sizeof key, "%s to-place", SIDES[side]);
		write_record(out, d, key, TO_PLACE_F, NFIELDS(TO_PLACE_F), &s->to_place[side],
			     &e->to_place[side]);
		snprintf(key, sizeof key, "%s to-place sps", SIDES[side]);
		write_record(out, d, key, SPS_F, NFIELDS(SPS_F), &s->to_place[side].sps,
			     &e->to_place[side].sps);
		snprintf(key, sizeof key, "%s placing", SIDES[side]);
		write_record(out, d, key, SPS_F, NFIELDS(SPS_F), &s->side[side].placing,
			     &e->side[side].placing);
	}
	write_record(out, d, "at-sea", SPS_F, NFIELDS(SPS_F), &s->at_sea, &e->at_sea);
}

static const void *part(const struct tq_presence *p, int k)
{
	const void *parts[NPARTS] = { &p->ready, &p->moved, &p->walls, &p->field, &p->inside };
	return parts[k];
}

static void write_areas(FILE *out, const struct tq_data *d, const struct tq_state *s,
			const struct tq_state *e)
{
	char key[64];

	for (int a = 0; a < d->nareas; a++) {
		snprintf(key, sizeof key, "area %s", d->areas[a].id);
		write_record(out, d, key, AREA_F, NFIELDS(AREA_F), &s->area[a], &e->area[a]);
		for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
			for (int k = 0; k < NPARTS; k++) {
				snprintf(key, sizeof key, "area %s %s %s", d->areas[a].id, SIDES[side],
					 PARTS[k]);
				write_record(out, d, key, k < 3 ? SPS_F : SUPPLY_F,
					     k < 3 ? NFIELDS(SPS_F) : NFIELDS(SUPPLY_F),
					     part(&s->area[a].side[side], k),
					     part(&e->area[a].side[side], k));
			}
	}
}

static void write_leaders(FILE *out, const struct tq_data *d, const struct tq_state *s,
			  const struct tq_state *e)
{
	for (int l = 0; l < d->nleaders; l++) {
		const struct tq_leader_state *ls = &s->leader[l];
		if (ls->where == TQ_ON_MAP) {
			fprintf(out, "leader %s: {at: %s", d->leaders[l].name, area_id(d, ls->area));
			for (int i = 0; i < NFIELDS(LEADER_F); i++)
				if (!is_empty(&LEADER_F[i], ls, &e->leader[l])) {
					fprintf(out, ", %s: ", LEADER_F[i].key);
					write_value(out, d, &LEADER_F[i], ls);
				}
			fputs("}\n", out);
		} else {
			char key[64];
			snprintf(key, sizeof key, "leader %s", d->leaders[l].name);
			write_record(out, d, key, LEADER_F, NFIELDS(LEADER_F), ls, &e->leader[l]);
		}
	}
}

static void write_hidden(FILE *out, const struct tq_data *d, const struct tq_state *s,
			 const struct tq_state *e)
{
	const struct tq_endeavor *en = &s->hidden.endeavor, *ee = &e->hidden.endeavor;
	char key[64];

	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		snprintf(key, sizeof key, "standing %s", SIDES[side]);
		if (s->hidden.standing[side].n)
			write_record(out, d, key, STANDING_F, 1, &s->hidden.standing[side],
				     &e->hidden.standing[side]);
	}
	if (!memcmp(en, ee, sizeof *en))
		return;
	write_record(out, d, "endeavor", ENDEAVOR_F, NFIELDS(ENDEAVOR_F), en, ee);
	write_record(out, d, "endeavor force", SPS_F, NFIELDS(SPS_F), &en->force, &ee->force);
	write_record(out, d, "endeavor supply", SUPPLY_F, NFIELDS(SUPPLY_F), &en->supply,
		     &ee->supply);
	write_record(out, d, "endeavor detachment", SPS_F, NFIELDS(SPS_F), &en->detach.sps,
		     &ee->detach.sps);
}

int tq_state_write(FILE *out, const struct tq_data *d, const struct tq_state *s, bool secret)
{
	struct tq_state *e = malloc(sizeof *e);

	if (!e)
		return -1;
	tq_state_empty(d, e);
	fputs("# Tarleton's Quarter!: the position (tq_text.h)\n", out);
	fprintf(out, "tq-state: %d\nsecret: %s\n", FORMAT, FLAGS[secret]);
	for (int i = 0; i < NFIELDS(TOP); i++)
		if (TOP[i].always || !is_empty(&TOP[i], s, e)) {
			fprintf(out, "%s: ", TOP[i].key);
			write_value(out, d, &TOP[i], s);
			fputc('\n', out);
		}
	write_sides(out, d, s, e);
	write_areas(out, d, s, e);
	write_leaders(out, d, s, e);
	if (secret)
		write_hidden(out, d, s, e);
	free(e);
	return ferror(out) ? -1 : 0;
}

/* ---- reading ---- */

struct reader {
	const struct tq_data *d;
	struct tq_state *s;
	const struct tq_state *e;
	bool secret, format;
	int line;
	char *why;
	size_t whylen;
	bool seen_top[NFIELDS(TOP)];
	unsigned seen_side[TQ_SIDES];    /* bit 0 the side, 1..6 returning, 7, 8 to-place,
					  * 9 placing */
	unsigned seen_area[TQ_MAX_AREAS]; /* bit 0 the area, then side x part */
	bool seen_leader[TQ_MAX_LEADERS], at[TQ_MAX_LEADERS];
	unsigned seen_hidden;
};

static int bad(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	wj_vwhy_at(r->why, r->whylen, NULL, r->line, fmt, ap);
	va_end(ap);
	return -1;
}

/* v split in place at its top-level ", " (not within quotes or brackets):
 * the number of items, or -1 when there are more than max. */
static int split(char *v, char **items, int max)
{
	int n = 0, depth = 0;
	bool inq = false;

	if (!*v)
		return 0;
	items[n++] = v;
	for (char *p = v; *p; p++) {
		if (inq && *p == '\\' && p[1])
			p++;
		else if (*p == '"')
			inq = !inq;
		else if (!inq && (*p == '[' || *p == '{'))
			depth++;
		else if (!inq && (*p == ']' || *p == '}'))
			depth--;
		else if (!inq && !depth && p[0] == ',' && p[1] == ' ') {
			if (n == max)
				return -1;
			*p = '\0';
			items[n++] = p + 2;
			p++;
		}
	}
	return n;
}

/* The inside of "[...]" or "{...}" in place, or NULL. */
static char *inside(char *v, char open, char close)
{
	size_t n = strlen(v);

	if (n < 2 || v[0] != open || v[n - 1] != close)
		return NULL;
	v[n - 1] = '\0';
	return v + 1;
}

/* A quoted text into out (room n): 0, or -1. */
static int unquote(const char *v, char *out, size_t n)
{
	size_t k = 0, len = strlen(v);

	if (len < 2 || v[0] != '"' || v[len - 1] != '"')
		return -1;
	for (size_t i = 1; i < len - 1; i++) {
		char c = v[i];
		if (c == '"')
			return -1;
		if (c == '\\') {
			if (++i >= len - 1)
				return -1;
			c = v[i] == 'n' ? '\n' : v[i];
			if (c != '\n' && c != '"' && c != '\\')
				return -1;
		}
		if (k + 1 >= n)
			return -1;
		out[k++] = c;
	}
	out[k] = '\0';
	return 0;
}

static int word_index(const char *const *words, int n, const char *w)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(words[i], w))
			return i;
	return -1;
}

static void words_list(char *out, size_t n, const char *const *words, int k)
{
	out[0] = '\0';
	for (int i = 0; i < k; i++)
		wj_fmt_add(out, n, "%s%s", i ? ", " : "", words[i]);
}

static int parse_num(struct reader *r, const char *key, const struct field *f, const char *v,
		     long long *out)
{
	char *end;

	if (v[0] == '-')
		return bad(r, "%s: %s: %s is negative; a count is 0 to %lld", key, f->key, v, f->max);
	if (v[0] < '0' || v[0] > '9' || strlen(v) > 12)
		return bad(r, "%s: %s: '%s' is not a number; it takes 0 to %lld", key, f->key, v,
			   f->max);
	*out = strtoll(v, &end, 10);
	if (*end)
		return bad(r, "%s: %s: '%s' is not a number; it takes 0 to %lld", key, f->key, v,
			   f->max);
	if (*out > f->max)
		return bad(r, "%s: %s: %s is more than %lld", key, f->key, v, f->max);
	return 0;
}

static int parse_month(struct reader *r, const char *key, const struct field *f, const char *v,
		       long long *out)
{
	const char *sp = strrchr(v, ' ');
	char name[16];
	int m, year;
	char *end;

	if (!strcmp(v, "none")) {
		*out = 0;
		return 0;
	}
	if (!sp || (size_t)(sp - v) >= sizeof name)
		goto fail;
	memcpy(name, v, (size_t)(sp - v));
	name[sp - v] = '\0';
	m = tq_month_by_name(name);
	year = (int)strtol(sp + 1, &end, 10);
	if (!m || *end || sp[1] < '1' || sp[1] > '9' || year < 1700 || year > 1900)
		goto fail;
	*out = TQ_MONTH(year, m);
	return 0;
fail:
	return bad(r, "%s: %s: '%s' is not a month; it takes a month and year ('December 1778') "
		   "or none", key, f->key, v);
}

/* A list of sides or colonies as bits (bit i for the i-th name). */
static int parse_bits(struct reader *r, const char *key, const struct field *f, char *v,
		      const char *const *names, int n, unsigned *bits)
{
	char *items[TQ_COLONIES + 1], *in = inside(v, '[', ']'), list[160];
	int k = in ? split(in, items, TQ_COLONIES) : -1;

	words_list(list, sizeof list, names, n);
	if (k < 0)
		return bad(r, "%s: %s: '%s' is not a list; it takes [...] of %s", key, f->key, v,
			   list);
	*bits = 0;
	for (int i = 0; i < k; i++) {
		int w = word_index(names, n, items[i]);
		if (w < 0 || (*bits >> w & 1))
			return bad(r, "%s: %s: '%s' is %s; it takes each of %s once", key, f->key,
				   items[i], w < 0 ? "not one" : "said twice", list);
		*bits |= 1u << w;
	}
	return 0;
}

static int parse_area(struct reader *r, const char *key, const struct field *f, const char *v,
		      long long *out)
{
	*out = strcmp(v, "none") ? tq_area_by_id(r->d, v) : -1;
	if (*out < 0 && strcmp(v, "none"))
		return bad(r, "%s: %s: '%s' is not an area I.D. of the map (G1, S11, ...)", key,
			   f->key, v);
	return 0;
}

static int parse_leader(struct reader *r, const char *key, const struct field *f, const char *v,
			long long *out)
{
	*out = strcmp(v, "none") ? tq_leader_by_name(r->d, v) : -1;
	if (*out < 0 && strcmp(v, "none"))
		return bad(r, "%s: %s: '%s' is not a leader of leaders.yaml (Campbell, Lincoln, ...)",
			   key, f->key, v);
	return 0;
}

static int parse_list(struct reader *r, const char *key, const struct field *f, char *v,
		      void *rec)
{
	char *items[MAX_ITEMS], *in = inside(v, '[', ']');
	short *count = (short *)((char *)rec + f->count_off);
	int k = in ? split(in, items, MAX_ITEMS) : -1;

	if (k < 0 || k > f->cap)
		return bad(r, "%s: %s: '%s' is not a list of at most %d: [...]", key, f->key, v,
			   f->cap);
	if (*count && *count != k)
		return bad(r, "%s: %s: %d items, where its other list has %d", key, f->key, k,
			   *count);
	for (int i = 0; i < k; i++) {
		long long x;
		if (f->kind == LEADERS ? parse_leader(r, key, f, items[i], &x) :
		    f->kind == AREAS   ? parse_area(r, key, f, items[i], &x) :
		    -1) {
			if (f->kind != COLONY_LIST)
				return -1;
			x = -1;
			for (int c = 0; c < TQ_COLONIES; c++)
				if (!strcmp(r->d->colony_name[c], items[i]))
					x = c;
			if (x < 0)
				return bad(r, "%s: %s: '%s' is not a colony (Georgia, South "
					   "Carolina, North Carolina, Virginia)", key, f->key,
					   items[i]);
		}
		if (x < 0)
			return bad(r, "%s: %s: none is not one of the list's", key, f->key);
		set_int((char *)rec + f->off + i * f->size, f->size, x);
	}
	*count = (short)k;
	return 0;
}

static int parse_standing(struct reader *r, const char *key, const struct field *f, char *v,
			  struct tq_standing *st)
{
	char *items[TQ_MAX_STANDING], *in = inside(v, '[', ']');
	int k = in ? split(in, items, TQ_MAX_STANDING) : -1;

	if (k < 0)
		return bad(r, "%s: %s: not a list of at most %d quoted orders", key, f->key,
			   TQ_MAX_STANDING);
	for (int i = 0; i < k; i++)
		if (unquote(items[i], st->text[i], TQ_STANDING_TEXT))
			return bad(r, "%s: %s: %s is not a quoted order of fewer than %d "
				   "characters", key, f->key, items[i], TQ_STANDING_TEXT);
	st->n = (short)k;
	return 0;
}

static int parse_value(struct reader *r, const char *key, const struct field *f, char *v,
		       void *rec)
{
	void *p = (char *)rec + f->off;
	const char *colonies[TQ_COLONIES];
	char list[200];
	unsigned bits;
	long long x = 0;
	int rc = 0;

	switch (f->kind) {
	case NUM: rc = parse_num(r, key, f, v, &x); break;
	case U64:
		if (v[0] < '0' || v[0] > '9' || strlen(v) > 19)
			return bad(r, "%s: %s: '%s' is not a count", key, f->key, v);
		*(uint64_t *)p = strtoull(v, NULL, 10);
		return 0;
	case BOOL:
		if ((x = word_index(FLAGS, 2, v)) < 0)
			return bad(r, "%s: %s: '%s' is not true or false", key, f->key, v);
		break;
	case MONTH: rc = parse_month(r, key, f, v, &x); break;
	case WORD:
		if ((x = word_index(f->words, f->nwords, v)) < 0) {
			words_list(list, sizeof list, f->words, f->nwords);
			return bad(r, "%s: %s: '%s' is not one of %s", key, f->key, v, list);
		}
		break;
	case SIDEBITS: case BASES:
		if (parse_bits(r, key, f, v, SIDES + 1, 2, &bits))
			return -1;
		if (f->kind == BASES) {
			((bool *)p)[TQ_BRITISH] = bits & 1;
			((bool *)p)[TQ_CONTINENTAL] = bits >> 1 & 1;
			return 0;
		}
		x = bits << 1;
		break;
	case COLONIES:
		for (int c = 0; c < TQ_COLONIES; c++)
			colonies[c] = r->d->colony_name[c];
		if (parse_bits(r, key, f, v, colonies, TQ_COLONIES, &bits))
			return -1;
		x = bits;
		break;
	case AREA: rc = parse_area(r, key, f, v, &x); break;
	case LEADER: rc = parse_leader(r, key, f, v, &x); break;
	case GOVERNOR:
		x = strcmp(v, "none") ? tq_governor_by_name(r->d, v) : -1;
		if (x < 0 && strcmp(v, "none"))
			return bad(r, "%s: %s: '%s' is not a Royal Governor (Wright, ...)", key,
				   f->key, v);
		break;
	case TEXT:
		if (unquote(v, p, f->size))
			return bad(r, "%s: %s: %s is not a quoted text (\"...\", with \\\" and "
				   "\\\\) of fewer than %zu characters", key, f->key, v, f->size);
		return 0;
	case LEADERS: case COLONY_LIST: case AREAS: return parse_list(r, key, f, v, rec);
	case STANDING: return parse_standing(r, key, f, v, p);
	}
	if (!rc)
		set_int(p, f->size, x);
	return rc;
}

typedef int (*other_field)(struct reader *r, const char *key, const char *k, char *v, void *rec);

/* `{field: value, ...}` into rec by the table t; a key t does not have
 * goes to other (NULL: none). */
static int parse_record(struct reader *r, const char *key, const struct field *t, int n, char *v,
			void *rec, other_field other)
{
	char *items[MAX_ITEMS], *in = inside(v, '{', '}'), list[400];
	bool seen[MAX_ITEMS] = { false };
	int k = in ? split(in, items, MAX_ITEMS) : -1;

	if (k <= 0)
		return bad(r, "%s: '%s' is not a record {field: value, ...}", key, v);
	for (int i = 0; i < k; i++) {
		char *colon = strstr(items[i], ": ");
		int j = 0;
		if (colon)
			*colon = '\0';
		while (j < n && strcmp(t[j].key, items[i]))
			j++;
		if (colon && j == n && other) {
			if (other(r, key, items[i], colon + 2, rec))
				return -1;
			continue;
		}
		if (!colon || j == n) {
			list[0] = '\0';
			for (int m = 0; m < n; m++)
				wj_fmt_add(list, sizeof list, "%s%s", m ? ", " : "", t[m].key);
			return bad(r, "%s: '%s' is not one of its fields (%s%s)", key, items[i],
				   other ? "at, " : "", list);
		}
		if (seen[j])
			return bad(r, "%s: %s: said twice", key, t[j].key);
		seen[j] = true;
		if (parse_value(r, key, &t[j], colon + 2, rec))
			return -1;
	}
	return 0;
}

static int leader_at(struct reader *r, const char *key, const char *k, char *v, void *rec)
{
	static const struct field AT = { "at", AREA, 0, sizeof(short), 0, NULL, 0, 0, 0, false };
	struct tq_leader_state *ls = rec;
	long long a;

	if (strcmp(k, "at"))
		return bad(r, "%s: '%s' is not one of a leader's fields (at, where, walls, moved, "
			   "c-in-c, returns, arrives, exchanged, replaced)", key, k);
	if (r->at[ls - r->s->leader])
		return bad(r, "%s: at: said twice", key);
	if (parse_area(r, key, &AT, v, &a))
		return -1;
	if (a < 0)
		return bad(r, "%s: at: none; a leader on the map is in an area", key);
	ls->area = (short)a;
	r->at[ls - r->s->leader] = true;
	return 0;
}

/* Each record once: bit `bit` of *seen. */
static int once(struct reader *r, const char *key, unsigned *seen, int bit)
{
	if (*seen >> bit & 1)
		return bad(r, "%s: said twice", key);
	*seen |= 1u << bit;
	return 0;
}

static int side_line(struct reader *r, int side, const char *rest, const char *key, char *v)
{
	struct tq_side_state *ss = &r->s->side[side];
	char *end;
	long m;

	if (!*rest)
		return once(r, key, &r->seen_side[side], 0) ||
		       parse_record(r, key, SIDE_F, NFIELDS(SIDE_F), v, ss, NULL);
	if (!strcmp(rest, " to-place"))
		return once(r, key, &r->seen_side[side], 7) ||
		       parse_record(r, key, TO_PLACE_F, NFIELDS(TO_PLACE_F), v,
				    &r->s->to_place[side], NULL);
	if (!strcmp(rest, " to-place sps"))
		return once(r, key, &r->seen_side[side], 8) ||
		       parse_record(r, key, SPS_F, NFIELDS(SPS_F), v, &r->s->to_place[side].sps,
				    NULL);
	if (!strcmp(rest, " placing"))
		return once(r, key, &r->seen_side[side], 9) ||
		       parse_record(r, key, SPS_F, NFIELDS(SPS_F), v, &ss->placing, NULL);
	if (!strncmp(rest, " returning ", 11)) {
		m = strtol(rest + 11, &end, 10);
		if (rest[11] >= '0' && rest[11] <= '9' && !*end && m < TQ_RETURN_MONTHS)
			return once(r, key, &r->seen_side[side], 1 + (int)m) ||
			       parse_record(r, key, SPS_F, NFIELDS(SPS_F), v, &ss->returning[m],
					    NULL);
		return bad(r, "%s: the turn track has months 0 to %d ahead", key,
			   TQ_RETURN_MONTHS - 1);
	}
	return bad(r, "%s: not a side's record ('%s', '%s returning N', '%s to-place', "
		   "'%s to-place sps', '%s placing')", key, SIDES[side], SIDES[side], SIDES[side],
		   SIDES[side], SIDES[side]);
}

static int area_line(struct reader *r, const char *key, char *v)
{
	char id[TQ_ID_MAX + 1], side_w[16], part_w[16], extra;
	int n = sscanf(key + 5, "%8s %15s %15s %c", id, side_w, part_w, &extra), a, side, k;

	if (n < 1 || n == 2 || n > 3 || (a = tq_area_by_id(r->d, id)) < 0)
		return bad(r, "%s: not an area's record: 'area ID' or 'area ID SIDE PART' with an "
			   "area I.D. of the map (G1, S11, ...)", key);
	if (n == 1)
		return once(r, key, &r->seen_area[a], 0) ||
		       parse_record(r, key, AREA_F, NFIELDS(AREA_F), v, &r->s->area[a], NULL);
	side = word_index(SIDES, TQ_SIDES, side_w);
	k = word_index(PARTS, NPARTS, part_w);
	if (side < TQ_BRITISH || k < 0)
		return bad(r, "%s: a side (british, continental) and a part (ready, moved, walls, "
			   "field, inside) follow the area", key);
	return once(r, key, &r->seen_area[a], 1 + (side - 1) * NPARTS + k) ||
	       parse_record(r, key, k < 3 ? SPS_F : SUPPLY_F,
			    k < 3 ? NFIELDS(SPS_F) : NFIELDS(SUPPLY_F), v,
			    (void *)part(&r->s->area[a].side[side], k), NULL);
}

static int leader_line(struct reader *r, const char *key, char *v)
{
	int l = tq_leader_by_name(r->d, key + 7);

	if (l < 0)
		return bad(r, "%s: '%s' is not a leader of leaders.yaml (Campbell, Lincoln, ...)",
			   key, key + 7);
	if (r->seen_leader[l])
		return bad(r, "%s: said twice (%s has one line)", key, r->d->leaders[l].name);
	r->seen_leader[l] = true;
	return parse_record(r, key, LEADER_F, NFIELDS(LEADER_F), v, &r->s->leader[l], leader_at);
}

static int hidden_line(struct reader *r, const char *key, char *v)
{
	struct tq_hidden *h = &r->s->hidden;

	if (!r->secret)
		return bad(r, "%s: the hidden part (standing orders, the endeavor) is not read "
			   "from a public text", key);
	if (!strcmp(key, "endeavor"))
		return once(r, key, &r->seen_hidden, 0) ||
		       parse_record(r, key, ENDEAVOR_F, NFIELDS(ENDEAVOR_F), v, &h->endeavor, NULL);
	if (!strcmp(key, "endeavor force"))
		return once(r, key, &r->seen_hidden, 1) ||
		       parse_record(r, key, SPS_F, NFIELDS(SPS_F), v, &h->endeavor.force, NULL);
	if (!strcmp(key, "endeavor supply"))
		return once(r, key, &r->seen_hidden, 2) ||
		       parse_record(r, key, SUPPLY_F, NFIELDS(SUPPLY_F), v, &h->endeavor.supply,
				    NULL);
	if (!strcmp(key, "endeavor detachment"))
		return once(r, key, &r->seen_hidden, 5) ||
		       parse_record(r, key, SPS_F, NFIELDS(SPS_F), v, &h->endeavor.detach.sps,
				    NULL);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		if (!strcmp(key + 9, SIDES[side]))
			return once(r, key, &r->seen_hidden, 2 + side) ||
			       parse_record(r, key, STANDING_F, 1, v, &h->standing[side], NULL);
	return bad(r, "%s: 'standing british' or 'standing continental'", key);
}

static int top_line(struct reader *r, const char *key, char *v)
{
	static const struct field FORMAT_F = { "format", NUM, 0, sizeof(int), 999, NULL, 0,
					       0, 0, false };
	int i = 0;
	long long x;

	if (!strcmp(key, "tq-state")) {
		if (r->format)
			return bad(r, "tq-state: said twice");
		r->format = true;
		return parse_num(r, "tq-state", &FORMAT_F, v, &x) ? -1 :
		       x != FORMAT ? bad(r, "tq-state: %lld is not %d", x, FORMAT) : 0;
	}
	if (!strcmp(key, "secret")) {
		if (strcmp(v, "false") && strcmp(v, "true"))
			return bad(r, "secret: '%s' is not true or false", v);
		return !strcmp(v, "true") && !r->secret ?
			       bad(r, "secret: true: a secret text is not read as a public one") : 0;
	}
	while (i < NFIELDS(TOP) && strcmp(TOP[i].key, key))
		i++;
	if (i == NFIELDS(TOP))
		return bad(r, "'%s' is not a key of the position (scenario, month, phase, ...; "
			   "'british ...', 'continental ...', 'area ID ...', 'leader NAME', "
			   "'at-sea')", key);
	if (r->seen_top[i])
		return bad(r, "%s: said twice", key);
	r->seen_top[i] = true;
	return parse_value(r, key, &TOP[i], v, r->s);
}

static int one_line(struct reader *r, char *l)
{
	char *colon;
	unsigned sea = 0;

	l[strcspn(l, "\r")] = '\0';
	if (!l[strspn(l, " \t")] || *l == '#')
		return 0; /* blank (game.yaml's meta is blanked to spaces) or a comment */
	if (!(colon = strstr(l, ": ")))
		return bad(r, "'%s' is not 'key: value'", l);
	*colon = '\0';
	if (!strncmp(l, "area ", 5))
		return area_line(r, l, colon + 2);
	if (!strncmp(l, "leader ", 7))
		return leader_line(r, l, colon + 2);
	if (!strncmp(l, "standing ", 9) || !strncmp(l, "endeavor", 8))
		return hidden_line(r, l, colon + 2);
	if (!strcmp(l, "at-sea")) {
		sea = r->seen_hidden >> 8;
		r->seen_hidden |= 1u << 8;
		return sea ? bad(r, "at-sea: said twice") :
			     parse_record(r, l, SPS_F, NFIELDS(SPS_F), colon + 2, &r->s->at_sea, NULL);
	}
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
		size_t n = strlen(SIDES[side]);
		if (!strncmp(l, SIDES[side], n) && (!l[n] || l[n] == ' '))
			return side_line(r, side, l + n, l, colon + 2);
	}
	return top_line(r, l, colon + 2);
}

/* What no one line can say: the leaders' areas, the governors, the
 * bases. */
static int whole(struct reader *r)
{
	struct tq_state *s = r->s;
	const struct tq_data *d = r->d;

	r->line = 0;
	if (!r->format)
		return bad(r, "no 'tq-state: %d' line", FORMAT);
	if (!s->scenario[0] || !s->month || s->last_month < s->month)
		return bad(r, "the scenario, its month and its last month (not before the month) "
			   "are needed");
	for (int l = 0; l < d->nleaders; l++)
		if ((s->leader[l].where == TQ_ON_MAP) != r->at[l])
			return bad(r, "leader %s: 'at: AREA' goes with 'where: on-map' and only "
				   "with it", d->leaders[l].name);
	for (int a = 0; a < d->nareas; a++) {
		int g = s->area[a].governor;
		if (g >= 0 && s->governor_area[g] >= 0)
			return bad(r, "Royal Governor %s is in two areas", d->governors[g].name);
		if (g >= 0)
			s->governor_area[g] = (short)a;
		for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
			if (s->area[a].base[side] != (s->side[side].base == a))
				return bad(r, "area %s: base: the %s Base of Operations is where "
					   "'%s: {base: ...}' says", d->areas[a].id, SIDES[side],
					   SIDES[side]);
	}
	return 0;
}

int tq_state_read(const char *text, size_t len, const struct tq_data *d, struct tq_state *s,
		  bool secret, char *why, size_t whylen)
{
	struct reader *r = calloc(1, sizeof *r);
	struct tq_state *e = malloc(sizeof *e);
	char *copy = strndup(text, len), *next = copy;
	int rc = 0;

	if (!r || !e || !copy) {
		free(r), free(e), free(copy);
		return wj_why(why, whylen, "out of memory reading the position");
	}
	tq_state_empty(d, e);
	*s = *e;
	*r = (struct reader){ .d = d, .s = s, .e = e, .secret = secret, .why = why,
			      .whylen = whylen };
	for (r->line = 1; next && !rc; r->line++)
		rc = one_line(r, strsep(&next, "\n"));
	if (!rc)
		rc = whole(r);
	free(copy), free(e), free(r);
	return rc ? -1 : 0;
}
