/* What Tarleton's Quarter!'s board shows of a position (tq_board.h): the
 * forces as their markers say them, and the key of everything drawn. */
#include <stdio.h>
#include "tq_board.h"
#include "tq_endeavor.h"
#include "tq_sps.h"

static int walls_sps(const struct tq_state *s, int area, enum tq_side side)
{
	return tq_sps_total(&s->area[area].side[side].walls);
}

/* 11.1: the commander of the side's leaders in the area, those in the
 * field and those within the walls alike. */
static int commander(const struct tq_data *d, const struct tq_state *s, int area,
		     enum tq_side side)
{
	short ls[TQ_MAX_LEADERS];
	int n = 0;
	for (int l = 0; l < d->nleaders; l++)
		if (d->leaders[l].side == side && s->leader[l].where == TQ_ON_MAP &&
		    s->leader[l].area == area)
			ls[n++] = (short)l;
	return tq_in_command(d, s, ls, n);
}

int tq_board_forces(const struct tq_data *d, const struct tq_state *view,
		    struct tq_board_force *f)
{
	int n = 0;
	for (int a = 0; a < d->nareas; a++) {
		for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL && d->areas[a].on_map; side++) {
			struct tq_sps x = tq_field_sps(view, a, (enum tq_side)side);
			struct tq_board_force g = { a, (enum tq_side)side, tq_sps_total(&x),
						    walls_sps(view, a, (enum tq_side)side),
						    commander(d, view, a, (enum tq_side)side) };
			if (g.sps + g.walls > 0 || g.leader >= 0)
				f[n++] = g;
		}
	}
	return n;
}

void tq_board_force_lines(const struct tq_data *d, const struct tq_board_force *f, char *sps,
			  size_t len, const char **leader)
{
	int n = snprintf(sps, len, "%d SP", f->sps + f->walls);
	if (f->walls && n > 0 && (size_t)n < len)
		snprintf(sps + n, len - (size_t)n, " (%d in walls)", f->walls);
	*leader = f->leader >= 0 ? d->leaders[f->leader].name : "";
}

void tq_board_force_text(const struct tq_data *d, const struct tq_board_force *f, char *out,
			 size_t len)
{
	char sps[48];
	const char *leader;
	tq_board_force_lines(d, f, sps, sizeof sps, &leader);
	snprintf(out, len, "%s%s%s", sps, leader[0] ? " " : "", leader);
}

/* The tag's badges and rim: a fort and its holder, a siege and its
 * besieger, the Bases of Operations. */
static void area_key(FILE *out, const struct tq_state *s, int a)
{
	const struct tq_area_state *st = &s->area[a];
	if (st->fort || st->siege || st->base[TQ_BRITISH] || st->base[TQ_CONTINENTAL])
		fprintf(out, "a%d %d %d %d %d %d %d\n", a, st->fort, st->fort_side, st->siege,
			st->besieger, st->base[TQ_BRITISH], st->base[TQ_CONTINENTAL]);
}

int tq_board_key(FILE *out, const struct tq_data *d, const struct tq_state *view)
{
	struct tq_board_force f[TQ_BOARD_MARKERS];
	const struct tq_endeavor *en = &view->hidden.endeavor;
	int n = tq_board_forces(d, view, f);
	fprintf(out, "%d %d %d %d\n", view->month, view->phase, view->weather,
		tq_sps_total(&view->at_sea));
	for (int side = TQ_BRITISH; side <= TQ_CONTINENTAL; side++)
		fprintf(out, "b%d %d\n", view->side[side].base, view->side[side].base_at_sea);
	for (int i = 0; i < n; i++)
		fprintf(out, "f%d %d %d %d %d\n", f[i].area, f[i].side, f[i].sps, f[i].walls,
			f[i].leader);
	for (int a = 0; a < d->nareas; a++)
		area_key(out, view, a);
	if (en->active)
		fprintf(out, "e%d\n", en->at);
	fprintf(out, "t%d", view->trail_side);
	for (int i = 0; i < view->ntrail; i++)
		fprintf(out, " %d", view->trail[i]);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
