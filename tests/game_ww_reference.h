/* What Washington's War's own report functions give (report.h), for
 * test_game_interface.c to compare game.h's answers with. The only place
 * that test reaches a WW header: everything it asks of the game goes
 * through game.h; these functions work from the state's text alone, so
 * they share nothing with the adapter but the data directory. */
#ifndef GAME_WW_REFERENCE_H
#define GAME_WW_REFERENCE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record.h"
#include "report.h"
#include "ww_text.h"

/* The view of the state written in `text` for `viewer`. */
static void ref_view(const char *dir, const char *text, int viewer, struct ww_data *d,
		     struct ww_state *view)
{
	struct wj_data_problems p = { 0 };
	struct ww_state s;
	char err[256];
	assert_int_equal(ww_data_load(dir, d, &p), 0);
	ww_state_init(&s);
	assert_int_equal(ww_state_read_yaml(text, strlen(text), d, &s, err, sizeof err), 0);
	ww_view(&s, (enum ww_side)viewer, view);
}

/* ww_report_write's text for `viewer` (malloc'd). */
static char *ref_report(const char *dir, const char *text, int viewer)
{
	struct ww_data *d = calloc(1, sizeof *d);
	struct ww_state view;
	char err[256], *out = NULL;
	size_t len = 0;
	assert_non_null(d);
	ref_view(dir, text, viewer, d, &view);
	struct ww_report r = { .d = d, .view = &view, .recipient = (enum ww_side)viewer };
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	assert_int_equal(ww_report_write(f, &r, err, sizeof err), 0);
	fclose(f);
	free(d);
	return out;
}

/* ww_guide_build's examples for `side`, "kind: example" a line (malloc'd). */
static char *ref_guide(const char *dir, const char *text, int side)
{
	struct ww_data *d = calloc(1, sizeof *d);
	struct ww_guide *g = malloc(sizeof *g);
	struct ww_state view;
	char *out = NULL;
	size_t len = 0;
	assert_non_null(d);
	assert_non_null(g);
	ref_view(dir, text, side, d, &view);
	ww_guide_build(d, &view, (enum ww_side)side, g);
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	for (int i = 0; i < g->n; i++)
		for (int k = 0; k < g->v[i].nexamples; k++)
			fprintf(f, "%s: %s\n", g->v[i].kind, g->v[i].example[k]);
	fclose(f);
	free(g);
	free(d);
	return out;
}

#endif
