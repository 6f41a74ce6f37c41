/* Play (play.h): a side's order lines to the committed game. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "games.h"
#include "play.h"

/* Orders first..last-1 joined by newlines. */
static void join_orders(const struct wj_play *p, int first, int last, char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int i = first; i < last && o + 1 < len; i++) {
		int k = snprintf(out + o, len - o, "%s%s", i > first ? "\n" : "", p->orders[i]);
		if (k < 0)
			break;
		o += (size_t)k < len - o ? (size_t)k : len - o - 1;
	}
}

void wj_play_text(const struct wj_play *p, char *out, size_t len)
{
	join_orders(p, 0, p->refused ? p->n : p->applied, out, len);
}

/* Drops the new game and its events. */
static void drop_after(struct wj_play *p)
{
	if (p->ev && p->game)
		game_events_free(p->game, p->ev);
	p->ev = NULL;
	if (p->after)
		wj_game_free(p->after);
	free(p->after);
	p->after = NULL;
}

static int refused(struct wj_play *p, int i, const char *why)
{
	if (i >= 0)
		snprintf(p->why, sizeof p->why, "order %d of %d (\"%s\") refused: %s", i + 1,
			 p->n, p->orders[i], why);
	else
		snprintf(p->why, sizeof p->why, "%s", why);
	p->refused = true;
	drop_after(p);
	return 1;
}

/* Order i could not be carried out after the orders before it were: they
 * stand, as at a table. */
static int carried_out_in_part(struct wj_play *p, int i, const char *why)
{
	snprintf(p->why, sizeof p->why, "order %d of %d (\"%s\") not carried out: %s; it and "
		 "the orders after it were not carried out, the %d before it were "
		 "(docs/rulings.md, \"Orders checked before the dice\")", i + 1, p->n,
		 p->orders[i], why, i);
	p->applied = i;
	return 0;
}

/* "stand-in dice", and cards where the game has a hidden pile. */
static const char *stand_ins(const struct game *game)
{
	return game->reshuffle_unseen ? "stand-in dice and cards" : "stand-in dice";
}

static void free_orders(struct wj_play *p)
{
	for (int i = 0; i < WJ_PLAY_MAX; i++) {
		if (p->parsed[i])
			game_order_free(p->game, p->parsed[i]);
		p->parsed[i] = NULL;
	}
	p->nparsed = 0;
}

static int parse_all(const struct game_data *d, const struct wj_game *g, struct wj_play *p)
{
	char why[768];
	if (p->game)
		free_orders(p);
	p->game = g->game;
	p->refused = false;
	p->applied = 0;
	for (int i = 0; i < p->n; i++, p->nparsed++) {
		if (!(p->parsed[i] = game_order_new(p->game)))
			return -1;
		if (p->game->order_parse(d, p->orders[i], p->parsed[i], why, sizeof why))
			return refused(p, i, why);
	}
	return 0;
}

/* p->after: a copy of g with its own state, and empty events. */
static int new_after(const struct wj_game *g, struct wj_play *p)
{
	drop_after(p);
	if (!(p->after = malloc(sizeof *p->after)))
		return -1;
	if (wj_game_copy(p->after, g) < 0) {
		free(p->after);
		p->after = NULL;
		return -1;
	}
	return (p->ev = game_events_new(p->game)) ? 0 : -1;
}

/* Plays the orders on what p->side knows, its stand-in state and stand-in
 * dice (with the forced ones first), until one of them rolls or draws:
 * the orders after it are judged after the game's own dice (issue 21).
 * Refused: 1, nothing kept. Else 0 and in *checked how many orders were
 * checked; with `keep` (a preview), every order is played on and the
 * result is p->after and p->ev, a game no one plays, an order the
 * stand-in's dice leave impossible not carried out, with the rest. */
static int play_on_stand_in(const struct game_data *d, const struct wj_game *g,
			    const struct wj_dice *dice, struct wj_play *p, bool keep,
			    int *checked)
{
	char why[768];
	struct wj_dice stand_in = dice ? *dice : (struct wj_dice){ 0 };
	struct wj_told_rng told;
	struct wj_rng inner, rng;
	struct game_end end = { 0 };
	if (new_after(g, p) < 0)
		return -1;
	wj_dice_stand_in(&stand_in);
	wj_dice_rng(&stand_in, &inner);
	rng = wj_told_rng(&told, inner);
	memset(p->after->seed, 0, sizeof p->after->seed);
	game_stand_in(p->game, d, g->state, p->side, &inner, p->after->state);
	int i = 0;
	for (; i < p->n && (!told.spoke || keep); i++) {
		bool earlier = told.spoke; /* a preview's order after a stand-in die */
		if (i > 0 && p->game->over(p->after->state, &end))
			wj_why(why, sizeof why, "the orders before it end the game, so no order "
			       "may follow them");
		else if (!p->game->apply(d, p->after->state, p->side, p->parsed[i], &rng, p->ev,
					 why, sizeof why))
			continue;
		if (earlier) { /* a preview goes on past the stand-in's dice */
			carried_out_in_part(p, i, why);
			wj_fmt_add(p->why, sizeof p->why, " (in this preview, with %s)",
				   stand_ins(p->game));
			return *checked = i, 0;
		}
		if (told.spoke)
			wj_fmt_add(why, sizeof why, " (checked with %s, before any of the game's)",
				   stand_ins(p->game));
		return refused(p, i, why);
	}
	*checked = i;
	if (keep)
		p->applied = p->n;
	else
		drop_after(p);
	return 0;
}

/* Order i, after the game's own dice rolled for an order before it:
 * judged first on what the side knows of the game as it now stands (its
 * stand-in), so that whether it is carried out, and why not, depends on
 * nothing the side may not see (docs/rulings.md); then carried out. 0, or
 * -1 with why. */
static int after_the_dice(const struct game_data *d, struct wj_play *p, int i,
			  struct wj_rng *rng, char *why, size_t whylen)
{
	struct game_end end = { 0 };
	if (p->game->over(p->after->state, &end))
		return wj_why(why, whylen, "the game ended with the orders before it");
	struct wj_dice stand_in = { 0 };
	struct wj_rng inner;
	struct game_state *seen = game_state_new(p->game);
	struct game_events *ev = game_events_new(p->game);
	int r = -1;
	if (!seen || !ev) {
		wj_why(why, whylen, "out of memory");
	} else {
		wj_dice_stand_in(&stand_in);
		wj_dice_rng(&stand_in, &inner);
		game_stand_in(p->game, d, p->after->state, p->side, &inner, seen);
		r = p->game->apply(d, seen, p->side, p->parsed[i], &inner, ev, why, whylen);
	}
	if (seen)
		game_state_free(p->game, seen);
	if (ev)
		game_events_free(p->game, ev);
	if (r)
		return -1;
	return p->game->apply(d, p->after->state, p->side, p->parsed[i], rng, p->ev, why, whylen);
}

/* How many forced dice the events tell (the log keeps them for replay). */
static int forced_told(const struct wj_play *p)
{
	int n = 0;
	for (int i = 0; i < p->game->events_count(p->ev); i++)
		n += p->game->event_roll(p->ev, i).forced;
	return n;
}

int wj_play_apply(const struct game_data *d, const struct wj_game *g, struct wj_dice *dice,
		  struct wj_play *p)
{
	char why[768];
	struct wj_dice none = { 0 };
	struct wj_rng rng;
	int r;
	int checked = 0;
	if (!dice)
		dice = &none;
	if ((r = parse_all(d, g, p)) || (r = play_on_stand_in(d, g, dice, p, false, &checked)))
		return r;
	memcpy(dice->seed, g->seed, sizeof dice->seed);
	wj_dice_rng(dice, &rng);
	if (new_after(g, p) < 0)
		return -1;
	for (int i = 0; i < p->n; i++, p->applied++) {
		if (i < checked ? !p->game->apply(d, p->after->state, p->side, p->parsed[i], &rng,
						  p->ev, why, sizeof why) :
		    !after_the_dice(d, p, i, &rng, why, sizeof why))
			continue;
		return i ? carried_out_in_part(p, i, why) : refused(p, i, why);
	}
	if (dice->used_forced < dice->nforced) {
		wj_why(why, sizeof why, "%d forced dice were given but the orders "
			 "rolled only %d; give exactly the dice that are rolled",
			 dice->nforced, dice->used_forced);
		return refused(p, -1, why);
	}
	if (forced_told(p) < dice->used_forced) {
		wj_why(why, sizeof why, "%s does not tell which die each order rolled, so "
			 "the log could not replay forced dice; give the orders without --dice",
			 p->game->title);
		return refused(p, -1, why);
	}
	wj_record_reveal_seed(p->after); /* the order that ends the game */
	return 0;
}

int wj_play_preview(const struct game_data *d, const struct wj_game *g,
		    const struct wj_dice *dice, struct wj_play *p)
{
	int checked, r = parse_all(d, g, p);
	return r ? r : play_on_stand_in(d, g, dice, p, true, &checked);
}

enum wj_rec_status wj_play_commit(const char *dir, const struct wj_game *g,
				  struct wj_play *p, const struct wj_log_entry *e,
				  const struct wj_rec_file *files, int nfiles,
				  const char *also_seen, char *err, size_t errlen)
{
	static char all[WJ_PLAY_MAX * (WJ_PLAY_LINE + 1)];
	struct wj_log_entry entry = *e;
	wj_play_text(p, all, sizeof all);
	entry.side = p->side;
	entry.order_text = all;
	entry.rejected = p->refused;
	entry.reason = p->refused || p->applied < p->n ? p->why : NULL;
	if (!p->refused && p->applied < p->n) {
		static char rest[WJ_PLAY_MAX * (WJ_PLAY_LINE + 1)];
		join_orders(p, p->applied, p->n, rest, sizeof rest);
		entry.not_carried_out = rest;
	}
	entry.events = p->refused ? NULL : p->ev;
	return wj_record_commit_files(dir, g->state, p->refused ? NULL : p->after, &entry,
				      files, nfiles, also_seen, err, errlen);
}

void wj_play_free(struct wj_play *p)
{
	drop_after(p);
	if (p->game)
		free_orders(p);
}


/* The state as `side` may see it, as the game writes it (secret: the
 * side's own hidden things too); malloc'd, NULL out of memory. */
static char *seen_text(const struct wj_game *g, const struct game_state *s, int side,
		       size_t *len)
{
	char *text = NULL;
	struct game_state *v = game_state_new(g->game);
	FILE *f = v ? open_memstream(&text, len) : NULL;
	if (f) {
		game_view(g->game, g->data, s, side, v);
		int bad = g->game->state_write(f, g->data, v, true);
		if (fclose(f) != 0 || bad) {
			free(text);
			text = NULL;
		}
	}
	if (v)
		game_state_free(g->game, v);
	return text;
}

bool wj_play_shown_to(const struct wj_game *before, const struct wj_play *p, int side)
{
	const struct game *game = before->game;
	if (side == p->side || !p->after)
		return true;
	for (int i = 0; i < game->events_count(p->ev); i++)
		if (game->event_text(p->ev, i, side))
			return true;
	size_t la = 0, lb = 0;
	char *a = seen_text(before, before->state, side, &la);
	char *b = seen_text(p->after, p->after->state, side, &lb);
	bool shown = !a || !b || la != lb || memcmp(a, b, la);
	free(a);
	free(b);
	return shown;
}

/* What `side` is asked in s, as it reads it ("" when not asked), into out. */
static void asked_of(const struct wj_game *g, const struct game_state *s, int side,
		     char *out, size_t len)
{
	const struct game *game = g->game;
	struct game_state *v = game_state_new(game);
	out[0] = '\0';
	if (v && (game->asked(s) & GAME_SIDE(side))) {
		game_view(game, g->data, s, side, v);
		game->question(g->data, v, side, side, out, len);
		if (!out[0])
			wj_fmt(out, len, "asked");
	}
	if (v)
		game_state_free(game, v);
}

bool wj_play_token_moves(const struct wj_game *before, const struct wj_play *p, int side)
{
	if (!wj_play_shown_to(before, p, side))
		return false;
	if (side == p->side || !p->after)
		return true;
	char was[1024], is[1024];
	asked_of(before, before->state, side, was, sizeof was);
	asked_of(p->after, p->after->state, side, is, sizeof is);
	return !was[0] || strcmp(was, is);
}
