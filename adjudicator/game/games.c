/* Finding the games the judge plays (games.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "buf.h"
#include "games.h"

const struct game *game_at(int i)
{
	if (i < 0)
		return NULL;
	for (int k = 0; k < i; k++)
		if (!game_registry[k])
			return NULL;
	return game_registry[i];
}

struct game_state *game_state_new(const struct game *g)
{
	struct game_state *s = calloc(1, g->state_size);
	if (s && g->state_init)
		g->state_init(s);
	return s;
}

void game_state_free(const struct game *g, struct game_state *s)
{
	(void)g;
	free(s);
}

void game_state_copy(const struct game *g, struct game_state *to, const struct game_state *from)
{
	memcpy(to, from, g->state_size);
}

struct game_order *game_order_new(const struct game *g)
{
	struct game_order *o = calloc(1, g->order_size);
	if (o && g->order_init)
		g->order_init(o);
	return o;
}

void game_order_free(const struct game *g, struct game_order *o)
{
	(void)g;
	free(o);
}

struct game_events *game_events_new(const struct game *g)
{
	return calloc(1, g->events_size);
}

void game_events_free(const struct game *g, struct game_events *ev)
{
	if (ev && g->events_clear)
		g->events_clear(ev);
	free(ev);
}

void game_view(const struct game *g, const struct game_data *d, const struct game_state *s,
	       int viewer, struct game_state *out)
{
	if (g->view)
		g->view(d, s, viewer, out);
	else
		game_state_copy(g, out, s);
}

void game_stand_in(const struct game *g, const struct game_data *d, const struct game_state *s,
		   int side, struct wj_rng *rng, struct game_state *out)
{
	if (g->stand_in)
		g->stand_in(d, s, side, rng, out);
	else
		game_view(g, d, s, side, out);
}

void game_ledger(const struct game *g, FILE *out, const struct game_data *d,
		 const struct game_state *before, const struct game_state *after, int side,
		 int entry)
{
	if (g->ledger)
		g->ledger(out, d, before, after, side, entry);
}

static void *in_program(const char *name, char *why, size_t whylen)
{
	void *fn = dlsym(RTLD_DEFAULT, name);
	if (!fn)
		wj_why(why, whylen, "this program has no %s to draw the board", name);
	return fn;
}

static game_symbol_lookup *symbol_lookup = in_program;

void game_set_symbol_lookup(game_symbol_lookup *lookup)
{
	symbol_lookup = lookup;
}

int game_board(const struct game *g, FILE *out, const struct game_data *d,
	       const struct game_state *view, int viewer, const struct game_events *last,
	       char *why, size_t whylen)
{
	game_board_fn *draw = NULL;
	if (!g->board) {
		wj_why(why, whylen, "%s has no board", g->title);
		return -1;
	}
	*(void **)&draw = symbol_lookup(g->board, why, whylen);
	return draw ? draw(out, d, view, viewer, last, why, whylen) : -1;
}

const struct game *game_find(const char *name)
{
	const struct game *g;
	for (int i = 0; (g = game_at(i)); i++)
		if (strcmp(g->name, name) == 0)
			return g;
	return NULL;
}

void game_names(char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int i = 0; game_at(i) && o < len; i++)
		o += (size_t)snprintf(out + o, len - o, "%s%s", i ? ", " : "", game_at(i)->name);
}

/* The value of a top-level `game:` line, unquoted, without a comment. */
static bool game_key(const char *line, char *out, size_t len)
{
	if (strncmp(line, "game:", 5))
		return false;
	const char *v = line + 5 + strspn(line + 5, " \t");
	char quote[4] = { *v == '"' || *v == '\'' ? *v : '\0', '\r', '\n', '\0' };
	v += quote[0] != '\0';
	size_t n = strcspn(v, quote[0] ? quote : "#\r\n");
	while (!quote[0] && n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	snprintf(out, len, "%.*s", (int)n, v);
	return true;
}

const struct game *game_of_data_dir(const char *dir, char *why, size_t whylen)
{
	char path[4096 + 16], line[256], name[128] = "";
	bool keyed = false;
	snprintf(path, sizeof path, "%s/dataset.yaml", dir);
	FILE *f = fopen(path, "r");
	while (f && !keyed && fgets(line, sizeof line, f))
		keyed = game_key(line, name, sizeof name);
	if (f)
		fclose(f);
	if (!keyed)
		return game_at(0);
	const struct game *g;
	for (int i = 0; (g = game_at(i)); i++)
		if (!strcasecmp(g->title, name) || !strcasecmp(g->name, name))
			return g;
	char known[256];
	game_names(known, sizeof known);
	wj_why(why, whylen, "%s: game: '%s' is not a game this judge plays (it plays: %s)",
		 path, name, known);
	return NULL;
}

static bool names_side(const struct game_side *side, const char *word)
{
	if (!strcasecmp(side->word, word))
		return true;
	for (const char *const *w = side->also; w && *w; w++)
		if (!strcasecmp(*w, word))
			return true;
	return false;
}

int game_side_of(const struct game *g, const char *word)
{
	for (int s = 1; s <= g->nsides; s++)
		if (names_side(&g->side[s], word))
			return s;
	return GAME_PUBLIC;
}

void game_side_list(const struct game *g, const char *prefix, const char *last, char *out,
		    size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int s = 1; s <= g->nsides && o < len; s++)
		o += (size_t)snprintf(out + o, len - o, "%s%s%s",
				      s == 1 ? "" : s == g->nsides ? last : ", ", prefix,
				      g->side[s].word);
}

void game_side_words(const struct game *g, char *out, size_t len)
{
	game_side_list(g, "", " or ", out, len);
}
