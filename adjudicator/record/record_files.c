/* What the record's files say: game.yaml's meta and the log's entries as YAML (record.h, docs/record.md). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "buf.h"
#include "games.h"
#include "record_internal.h"
#include "test_hooks.h"
#include "text.h"



/* ---- file contents ---- */

static void write_meta(FILE *f, const struct wj_meta *m, const struct game *game)
{
	fputs("meta:\n", f);
	if (m->game[0])
		fprintf(f, "  game: %s\n", m->game);
	fputs("  data_id: ", f);
	wj_yaml_quote(f, m->data_id);
	fputs("\n  data_dir: ", f);
	wj_yaml_quote(f, m->data_dir);
	for (int side = 1; side <= game->nsides; side++) {
		fprintf(f, "\n  %s: ", game->side[side].word);
		wj_yaml_quote(f, m->addr[side]);
	}
	fprintf(f, "\n  commitment: %s\n", m->commitment);
	if (m->initial_state[0])
		fprintf(f, "  initial_state: %s\n", m->initial_state);
	fprintf(f, "  seed_revealed: %s\n", m->seed_revealed ? "true" : "false");
	if (m->seed_revealed)
		fprintf(f, "  seed: %s\n", m->seed_hex);
	if (m->scenario[0]) {
		fputs("  scenario: ", f);
		wj_yaml_quote(f, m->scenario);
		fputc('\n', f);
	}
	if (m->options) {
		char words[GAME_MAX_OPTIONS * 40];
		wj_rec_option_words(game, m->options, words, sizeof words);
		fprintf(f, "  options: [%s]\n", words);
	}
	if (m->mail_secrets)
		fputs("  mail_secrets: true\n", f);
}

/* The public state is what nobody may be refused: the game's view
 * decides it. */
void wj_rec_game_yaml(FILE *f, const struct game *game, const struct game_data *d,
		      const struct wj_game *g)
{
	if (game->hidden)
		fprintf(f, "# wwjudge game record (public). %s are in secret/.\n", game->hidden);
	else
		fputs("# wwjudge game record (public). What a side may not see is in secret/.\n", f);
	write_meta(f, &g->meta, game);
	if (wj_rec_public_state(f, game, d, g->state) < 0)
		fputs("# out of memory\n", f);
}

int wj_rec_public_state(FILE *f, const struct game *game, const struct game_data *d,
			const struct game_state *s)
{
	struct game_state *pub = game_state_new(game);
	if (!pub)
		return -1;
	game_view(game, d, s, GAME_PUBLIC, pub);
	game->state_write(f, d, pub, false);
	game_state_free(game, pub);
	return 0;
}


/* `key:` and the lines of `text`, one list item each. */
static void order_lines(FILE *f, const char *key, const char *text)
{
	fprintf(f, "%s:", key);
	const char *t = text ? text : "";
	if (!*t)
		fputs(" []", f);
	while (*t) {
		const char *nl = strchr(t, '\n');
		size_t n = nl ? (size_t)(nl - t) : strlen(t);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), t);
		fputs("\n  - ", f);
		wj_yaml_quote(f, line);
		t += n + (nl ? 1 : 0);
	}
}

const char *wj_rec_event_to(const struct game *game, const struct game_events *ev, int i)
{
	int seen_by = GAME_PUBLIC, n = 0;
	if (game->event_text(ev, i, GAME_PUBLIC))
		return "both";
	for (int side = 1; side <= game->nsides; side++)
		if (game->event_text(ev, i, side))
			seen_by = side, n++;
	return n == 1 ? wj_rec_side(game, seen_by) : "nobody";
}

const char *wj_rec_event_text(const struct game *game, const struct game_events *ev, int i)
{
	const char *t = game->event_text(ev, i, GAME_PUBLIC);
	for (int side = 1; !t && side <= game->nsides; side++)
		t = game->event_text(ev, i, side);
	return t ? t : "";
}

static void log_events(FILE *f, const struct game *game, const struct game_events *ev,
		       const char *said)
{
	int n = ev ? game->events_count(ev) : 0;
	fputs("\nevents:", f);
	if (!n && !said)
		fputs(" []", f);
	for (int i = 0; i < n; i++) {
		struct game_roll roll = game->event_roll(ev, i);
		fputs("\n  - text: ", f);
		wj_yaml_quote(f, wj_rec_event_text(game, ev, i));
		fprintf(f, "\n    to: %s", wj_rec_event_to(game, ev, i));
		if (roll.index >= 0)
			fprintf(f, "\n    roll: {index: %lld, value: %d, forced: %s}",
				roll.index, roll.value, roll.forced ? "true" : "false");
	}
	if (said) {
		fputs("\n  - text: ", f);
		wj_yaml_quote(f, said);
		fputs("\n    to: both", f);
	}
	fputc('\n', f);
}

void wj_rec_log_yaml(FILE *f, int number, const struct wj_log_entry *e,
		     const struct game_state *s, const struct game *game)
{
	fprintf(f, "entry: %d\n", number);
	if (e->received) { /* an input (a mail's Date), never the clock: replays stay byte-identical */
		fputs("received: ", f);
		wj_yaml_quote(f, e->received);
		fputc('\n', f);
	}
	if (s)
		fprintf(f, "move: %u\n", game->move(s));
	fprintf(f, "side: %s\n", wj_rec_side(game, e->side));
	fputs("sender: ", f);
	wj_yaml_quote(f, e->sender ? e->sender : "");
	if (e->message_id) {
		fputs("\nmessage_id: ", f);
		wj_yaml_quote(f, e->message_id);
	}
	fprintf(f, "\nrejected: %s\n", e->rejected ? "true" : "false");
	if (e->rejected || e->reason) {
		fputs("reason: ", f);
		wj_yaml_quote(f, e->reason ? e->reason : "");
		fputc('\n', f);
	}
	if (e->rollback) {
		const struct wj_rollback *r = e->rollback;
		fprintf(f, "rollback:\n  from_move: %u\n  to_move: %u\n  target: %d\n"
			"  undone: {first: %d, last: %d}\n  next_roll: %llu\n  next_shuffle: %llu\n",
			(unsigned)r->from_move, (unsigned)r->to_move, r->target, r->first, r->last,
			(unsigned long long)r->next_roll, (unsigned long long)r->next_shuffle);
		if (r->reshuffled) /* the shuffle number the unseen cards were put in order by */
			fprintf(f, "  reshuffle: %llu\n", (unsigned long long)r->next_shuffle);
	}
	if (e->note && *e->note) { /* public, relayed to the opponent; replay reads past it */
		fputs("note: ", f);
		wj_yaml_quote(f, e->note);
		fputc('\n', f);
	}
	order_lines(f, "order", e->order_text);
	if (e->not_carried_out)
		order_lines(f, "\nnot_carried_out", e->not_carried_out);
	log_events(f, game, e->events, e->said);
}
