/* Replaying a game (record.h: wj_record_replay; docs/record.md), through
 * game.h alone. The game starts again from its first position: the
 * game's new_game with the seed, from its set-up or from the scenario
 * kept in secret/scenario.yaml (a scenario game made before that file:
 * the position kept in secret/initial-state.yaml). Every accepted log
 * entry is applied again by its side, with its logged forced dice queued;
 * every roll must come out as logged (index, value, forced), every entry
 * must reach its logged move, every secret holding must change as its
 * ledger (secret/ledger-SIDE.yaml) says, and the last position must be
 * secret/state.yaml exactly. Since every shuffle draws from the seed, a
 * shuffle that was not the seed's shows as a different position. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "buf.h"
#include "games.h"
#include "record_internal.h"

#define ENTRY_ROLLS 1024
#define QUOTE_MAX 200

struct logged_roll {
	long long index;
	int value;
	bool forced;
};

/* What the first pass learns of each entry (1..n). */
struct entry_info {
	bool rejected, undone, rollback;
	long long move;
};

/* One log entry as read back. */
struct entry {
	int number;
	char rel[32];
	bool rejected;
	int side;
	bool has_move;
	long long move;
	yaml_document_t doc;
	yaml_node_t *order;      /* the order lines, a sequence */
	yaml_node_t *events;     /* what happened, a sequence */
	const char *sender;
	bool is_rollback;
	struct wj_rollback rb;   /* when is_rollback */
	int nrolls;
	struct logged_roll roll[ENTRY_ROLLS];
};

struct replay {
	FILE *out;
	int problems;
	const char *dir;
	struct wj_record_log log;  /* its entries */
	const struct game *game;
	const struct game_data *d;
	struct game_state *s;      /* the game's, allocated by it */
	struct wj_dice dice;
	struct wj_rng rng;
	struct game_events *ev;    /* the events of the entry being replayed */
	yaml_document_t ledger[GAME_MAX_SIDES + 1]; /* by side */
	char *ledger_text[GAME_MAX_SIDES + 1];
	char ledger_file[GAME_MAX_SIDES + 1][WJ_REC_LEDGER_NAME];
	bool have_ledger[GAME_MAX_SIDES + 1];
	struct entry e;
	char what[QUOTE_MAX + 64]; /* the order being replayed, for messages */
	struct entry_info *info;   /* [0..nentries], from the first pass */
	int nentries;
	int ledger_from;           /* hands are checked against the ledger items of
				    * entries ledger_from..e.number */
	int forced[3];             /* forced rolls replayed, by the side of their entry */
};

static const char *side_adjective(const struct replay *r, int side)
{
	return side >= 1 && side <= r->game->nsides ? r->game->side[side].name : "nobody's";
}

/* "log/000003.yaml: entry 3, the American order "play 12 pc Boston"" */
static void name_order(struct replay *r, const char *line)
{
	size_t n = strlen(line);
	snprintf(r->what, sizeof r->what, "%s: entry %d, the %s order \"%.*s%s\"", r->e.rel,
		 r->e.number, side_adjective(r, r->e.side), (int)(n > QUOTE_MAX ? QUOTE_MAX : n),
		 line, n > QUOTE_MAX ? "..." : "");
}

/* "log/000003.yaml: entry 3, the American orders" */
static void name_entry(struct replay *r)
{
	snprintf(r->what, sizeof r->what, "%s: entry %d, the %s orders", r->e.rel,
		 r->e.number, side_adjective(r, r->e.side));
}

/* ---- reading a log entry ---- */

static int read_roll(struct replay *r, yaml_document_t *doc, yaml_node_t *roll)
{
	struct entry *e = &r->e;
	char why[256];
	long long index, value;
	bool forced;
	if (wj_yaml_int(wj_yaml_get(doc, roll, "index"), 0, INT64_MAX, &index, why, sizeof why) < 0 ||
	    wj_yaml_int(wj_yaml_get(doc, roll, "value"), 1, 6, &value, why, sizeof why) < 0 ||
	    wj_yaml_bool(wj_yaml_get(doc, roll, "forced"), &forced, why, sizeof why) < 0) {
		wj_problem(r->out, &r->problems, "%s: line %d: a roll needs {index: N, value: 1-6, forced: true|false}: %s",
			e->rel, wj_yaml_line(roll), why);
		return -1;
	}
	if (e->nrolls == ENTRY_ROLLS) {
		wj_problem(r->out, &r->problems, "%s: more than %d rolls in one entry cannot be replayed", e->rel,
			ENTRY_ROLLS);
		return -1;
	}
	e->roll[e->nrolls++] = (struct logged_roll){ index, (int)value, forced };
	return 0;
}

static int rollback_int(struct replay *r, yaml_node_t *map, const char *key,
			long long lo, long long hi, long long *v)
{
	char why[256];
	yaml_document_t *doc = &r->e.doc;
	if (wj_yaml_int(wj_yaml_get(doc, map, key), lo, hi, v, why, sizeof why) == 0)
		return 0;
	wj_problem(r->out, &r->problems, "%s: line %d: rollback: %s: %s", r->e.rel, wj_yaml_line(map), key, why);
	return -1;
}

/* A rollback entry's `rollback:` mapping (docs/record.md). */
static int read_rollback(struct replay *r)
{
	struct entry *e = &r->e;
	yaml_document_t *doc = &e->doc;
	yaml_node_t *map = wj_yaml_get(doc, yaml_document_get_root_node(doc), "rollback");
	long long v[7];
	e->is_rollback = map != NULL;
	if (!map)
		return 0;
	yaml_node_t *undone = wj_yaml_get(doc, map, "undone");
	if (map->type != YAML_MAPPING_NODE || !undone) {
		wj_problem(r->out, &r->problems, "%s: line %d: rollback: needs from_move, to_move, target, "
			"undone: {first: N, last: N}, next_roll and next_shuffle", e->rel,
			wj_yaml_line(map));
		return -1;
	}
	if (rollback_int(r, map, "from_move", 0, UINT32_MAX, &v[0]) < 0 ||
	    rollback_int(r, map, "to_move", 0, UINT32_MAX, &v[1]) < 0 ||
	    rollback_int(r, map, "target", 1, e->number - 1, &v[2]) < 0 ||
	    rollback_int(r, undone, "first", 2, e->number - 1, &v[3]) < 0 ||
	    rollback_int(r, undone, "last", 2, e->number - 1, &v[4]) < 0 ||
	    rollback_int(r, map, "next_roll", 0, INT64_MAX, &v[5]) < 0 ||
	    rollback_int(r, map, "next_shuffle", 0, INT64_MAX, &v[6]) < 0)
		return -1;
	e->rb = (struct wj_rollback){ (int)v[2], (int)v[3], (int)v[4], (uint32_t)v[0],
				      (uint32_t)v[1], (uint64_t)v[5], (uint64_t)v[6], GAME_PUBLIC,
				      false };
	yaml_node_t *reshuffle = wj_yaml_get(doc, map, "reshuffle");
	if (reshuffle) {
		if (rollback_int(r, map, "reshuffle", 0, INT64_MAX, &v[0]) < 0)
			return -1;
		if ((uint64_t)v[0] != e->rb.next_shuffle) {
			wj_problem(r->out, &r->problems, "%s: line %d: rollback: reshuffle %lld must "
				   "be the shuffle next_shuffle names (%llu)", e->rel,
				   wj_yaml_line(reshuffle), v[0],
				   (unsigned long long)e->rb.next_shuffle);
			return -1;
		}
		e->rb.reshuffled = true;
	}
	if (e->rb.first != e->rb.target + 1 || e->rb.last != e->number - 1) {
		wj_problem(r->out, &r->problems, "%s: rollback: the undone entries must run from the one after the "
			"target (%d) to the one before the rollback (%d), not %d to %d", e->rel,
			e->rb.target + 1, e->number - 1, e->rb.first, e->rb.last);
		return -1;
	}
	return 0;
}

static int read_fields(struct replay *r)
{
	struct entry *e = &r->e;
	yaml_document_t *doc = &e->doc;
	yaml_node_t *root = yaml_document_get_root_node(doc);
	yaml_node_t *events = wj_yaml_get(doc, root, "events");
	yaml_node_t *move = wj_yaml_get(doc, root, "move");
	char why[256];
	e->order = wj_yaml_get(doc, root, "order");
	e->events = events;
	e->sender = wj_yaml_str(wj_yaml_get(doc, root, "sender"));
	e->side = wj_rec_side_of(r->game, wj_yaml_str(wj_yaml_get(doc, root, "side")));
	if (wj_yaml_bool(wj_yaml_get(doc, root, "rejected"), &e->rejected, why, sizeof why) < 0) {
		wj_problem(r->out, &r->problems, "%s: rejected: %s", e->rel, why);
		return -1;
	}
	if (e->side < 0 || !e->order || e->order->type != YAML_SEQUENCE_NODE ||
	    !events || events->type != YAML_SEQUENCE_NODE) {
		char words[160] = "nobody";
		for (int side = 1; side <= r->game->nsides; side++)
			wj_fmt(words + strlen(words), sizeof words - strlen(words), "%s%s",
			       side == r->game->nsides ? " or " : ", ", r->game->side[side].word);
		wj_problem(r->out, &r->problems, "%s: an entry needs side: (%s), "
			   "order: and events: lists", e->rel, words);
		return -1;
	}
	if (read_rollback(r) < 0)
		return -1;
	e->has_move = move != NULL;
	if (move && wj_yaml_int(move, 0, UINT32_MAX, &e->move, why, sizeof why) < 0) {
		wj_problem(r->out, &r->problems, "%s: move: %s", e->rel, why);
		return -1;
	}
	for (yaml_node_item_t *i = events->data.sequence.items.start;
	     i < events->data.sequence.items.top; i++) {
		yaml_node_t *roll = wj_yaml_get(doc, yaml_document_get_node(doc, *i), "roll");
		if (roll && read_roll(r, doc, roll) < 0)
			return -1;
	}
	return 0;
}

/* Reads log entry `number` into r->e: 1 if read, 0 if there is none,
 * -1 (a problem reported) if it cannot be read. */
static int read_entry(struct replay *r, int number)
{
	struct entry *e = &r->e;
	char *text, why[300];
	size_t len;
	e->number = number;
	e->nrolls = 0;
	snprintf(e->rel, sizeof e->rel, "log/%06d.yaml", number);
	if (wj_record_entry(&r->log, number, &text, &len) < 0) {
		if (errno == ENOENT)
			return 0;
		wj_problem(r->out, &r->problems, "%s: cannot be read: %s", e->rel, strerror(errno));
		return -1;
	}
	int rc = wj_yaml_load(text, len, &e->doc, why, sizeof why);
	free(text);
	if (rc < 0) {
		wj_problem(r->out, &r->problems, "%s: %s", e->rel, why);
		return -1;
	}
	if (read_fields(r) < 0) {
		yaml_document_delete(&e->doc);
		return -1;
	}
	return 1;
}

/* ---- comparing ---- */

/* Compares the rolls among events [from, the last) with the logged rolls
 * from *next on; -1 (reported) at the first difference. */
static int compare_rolls(struct replay *r, int from, int *next)
{
	const struct entry *e = &r->e;
	for (int i = from; i < r->game->events_count(r->ev); i++) {
		struct game_roll ev = r->game->event_roll(r->ev, i);
		if (ev.index < 0)
			continue;
		if (*next >= e->nrolls) {
			wj_problem(r->out, &r->problems, "%s: the replay rolls roll %lld (a %d) but the log has no "
				"more rolls", r->what, ev.index, ev.value);
			return -1;
		}
		const struct logged_roll *l = &e->roll[(*next)++];
		if (l->index != ev.index) {
			wj_problem(r->out, &r->problems, "%s: the log has roll %lld here, the replay rolls roll %lld",
				r->what, l->index, ev.index);
			return -1;
		}
		if (l->forced != ev.forced) {
			wj_problem(r->out, &r->problems, "%s: roll %lld is logged as %s, the replay's is %s", r->what,
				l->index, l->forced ? "forced" : "not forced",
				ev.forced ? "forced" : "not forced");
			return -1;
		}
		if (l->value != ev.value) {
			wj_problem(r->out, &r->problems, "%s: roll %lld is logged as %d, the replay rolls %d%s", r->what,
				l->index, l->value, ev.value, ev.forced ? "" : " from the seed");
			return -1;
		}
	}
	return 0;
}

static int all_rolls_used(struct replay *r, int used)
{
	if (used == r->e.nrolls)
		return 0;
	wj_problem(r->out, &r->problems, "%s: the log has %d rolls, the replay rolls only %d", r->what,
		r->e.nrolls, used);
	return -1;
}

/* Event i of the replay against the logged one (issue 11): the same text
 * to the same side. */
static int compare_event(struct replay *r, int i, yaml_node_t *logged)
{
	yaml_document_t *doc = &r->e.doc;
	const char *ev = wj_rec_event_text(r->game, r->ev, i);
	const char *text = wj_yaml_str(wj_yaml_get(doc, logged, "text"));
	const char *to = wj_yaml_str(wj_yaml_get(doc, logged, "to"));
	const char *want = wj_rec_event_to(r->game, r->ev, i);
	if (!text || strcmp(text, ev) != 0) {
		wj_problem(r->out, &r->problems, "%s: event %d is logged as \"%.*s\", the replay gives \"%s\"", r->what,
			i + 1, QUOTE_MAX, text ? text : "(no text)", ev);
		return -1;
	}
	if (!to || strcmp(to, want) != 0) {
		wj_problem(r->out, &r->problems, "%s: event %d, \"%s\", is logged to %s, the replay tells %s", r->what,
			i + 1, ev, to ? to : "(no one)", want);
		return -1;
	}
	return 0;
}

/* Every event the replay gave for this entry is the logged one, in
 * order, none missing and none extra. */
static int compare_events(struct replay *r)
{
	yaml_node_item_t *first = r->e.events->data.sequence.items.start;
	int logged = (int)(r->e.events->data.sequence.items.top - first);
	int n = r->game->events_count(r->ev);
	for (int i = 0; i < n && i < logged; i++)
		if (compare_event(r, i, yaml_document_get_node(&r->e.doc, first[i])) < 0)
			return -1;
	if (n > logged) {
		wj_problem(r->out, &r->problems, "%s: the log has %d events, the replay gives more: event %d is \"%s\"",
			r->what, logged, logged + 1, wj_rec_event_text(r->game, r->ev, logged));
		return -1;
	}
	if (logged > n) {
		const char *text = wj_yaml_str(wj_yaml_get(&r->e.doc,
			yaml_document_get_node(&r->e.doc, first[n]), "text"));
		wj_problem(r->out, &r->problems, "%s: the log has %d events, the replay gives only %d: event %d, "
			"\"%.*s\", is not the game's", r->what, logged, n, n + 1,
			QUOTE_MAX, text ? text : "(no text)");
		return -1;
	}
	return 0;
}

/* ---- replaying ---- */

/* An order line as logged, without surrounding blanks, into buf: its
 * length, 0 for a blank line or a '#' comment (which the command line
 * skips too), -1 if it is not text or too long. */
static int order_line(const yaml_node_t *n, char *buf, size_t len)
{
	const char *t = wj_yaml_str(n);
	if (!t)
		return -1;
	t += strspn(t, " \t\r");
	size_t k = strlen(t);
	while (k && (t[k - 1] == ' ' || t[k - 1] == '\t' || t[k - 1] == '\r'))
		k--;
	if (k >= len)
		return -1;
	if (*t == '#')
		k = 0;
	memcpy(buf, t, k);
	buf[k] = '\0';
	return (int)k;
}

/* A roll is forced only by the moderator's `wwjudge order --dice`, whose
 * entries are the command line's; an order by mail cannot force one. */
static int forced_by_moderator(struct replay *r, const struct logged_roll *roll)
{
	if (r->e.sender && strcmp(r->e.sender, WJ_SENDER_COMMAND_LINE) == 0)
		return 0;
	wj_problem(r->out, &r->problems, "%s: roll %lld is logged as forced, but the entry came from %s, and only "
		"the moderator's `wwjudge order --dice` (sender \"%s\") forces rolls", r->what,
		roll->index, r->e.sender ? r->e.sender : "no sender", WJ_SENDER_COMMAND_LINE);
	return -1;
}

static int queue_forced(struct replay *r)
{
	r->dice.nforced = r->dice.used_forced = 0;
	for (int i = 0; i < r->e.nrolls; i++) {
		if (!r->e.roll[i].forced)
			continue;
		if (forced_by_moderator(r, &r->e.roll[i]) < 0)
			return -1;
		r->forced[r->e.side]++;
		if (r->dice.nforced == WJ_MAX_FORCED) {
			wj_problem(r->out, &r->problems, "%s: more than %d forced rolls in one entry", r->e.rel,
				WJ_MAX_FORCED);
			return -1;
		}
		r->dice.forced[r->dice.nforced++] = r->e.roll[i].value;
	}
	return 0;
}

static int apply_line(struct replay *r, const yaml_node_t *n, int *next)
{
	char buf[1024], why[768];
	struct game_order *o;
	int k = order_line(n, buf, sizeof buf), rc;
	if (k < 0) {
		name_entry(r);
		wj_problem(r->out, &r->problems, "%s: line %d: an order line must be text of at most %zu characters",
			r->what, wj_yaml_line(n), sizeof buf - 1);
		return -1;
	}
	if (k == 0)
		return 0;
	name_order(r, buf);
	if (!(o = game_order_new(r->game))) {
		wj_problem(r->out, &r->problems, "%s: out of memory", r->what);
		return -1;
	}
	int from = r->game->events_count(r->ev);
	if ((rc = r->game->order_parse(r->d, buf, o, why, sizeof why)) != 0)
		wj_problem(r->out, &r->problems, "%s: does not parse on replay: %s", r->what, why);
	else if ((rc = r->game->apply(r->d, r->s, r->e.side, o, &r->rng, r->ev, why,
				      sizeof why)) != 0)
		wj_problem(r->out, &r->problems, "%s: is refused on replay: %s", r->what, why);
	game_order_free(r->game, o);
	return rc ? -1 : compare_rolls(r, from, next);
}

/* The events of the next entry, the last one's dropped. */
static int new_events(struct replay *r)
{
	if (r->ev)
		game_events_free(r->game, r->ev);
	if ((r->ev = game_events_new(r->game)))
		return 0;
	wj_problem(r->out, &r->problems, "%s: out of memory", r->e.rel);
	return -1;
}

/* ---- the ledgers ---- */

/* A ledger is a YAML list (wj_yaml_load wants a mapping); empty when no
 * secret holding has changed. Its text is kept: the game checks its
 * items (game.h ledger_check). */
static int load_ledger(struct replay *r, int side)
{
	size_t len;
	yaml_parser_t p;
	wj_rec_ledger_file(r->game, side, r->ledger_file[side]);
	if (wj_rec_read(r->dir, r->ledger_file[side], &r->ledger_text[side], &len) < 0) {
		wj_problem(r->out, &r->problems, "%s: cannot be read: %s", r->ledger_file[side], strerror(errno));
		return -1;
	}
	if (!yaml_parser_initialize(&p)) {
		wj_problem(r->out, &r->problems, "%s: out of memory", r->ledger_file[side]);
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)r->ledger_text[side], len);
	int ok = yaml_parser_load(&p, &r->ledger[side]);
	if (!ok)
		wj_problem(r->out, &r->problems, "%s: line %d: not YAML: %s", r->ledger_file[side],
			(int)p.problem_mark.line + 1, p.problem ? p.problem : "parse error");
	yaml_parser_delete(&p);
	r->have_ledger[side] = ok;
	return ok ? 0 : -1;
}

static int load_ledgers(struct replay *r)
{
	for (int side = 1; side <= r->game->nsides; side++)
		if (load_ledger(r, side) < 0)
			return -1;
	return 0;
}

static void free_ledgers(struct replay *r)
{
	for (int side = 1; side <= GAME_MAX_SIDES; side++) {
		if (r->have_ledger[side])
			yaml_document_delete(&r->ledger[side]);
		free(r->ledger_text[side]);
		r->ledger_text[side] = NULL;
		r->have_ledger[side] = false;
	}
}

/* The text of `side`'s ledger items of entries ledger_from..e.number,
 * each from its "- ", to f. */
static int ledger_items(struct replay *r, int side, FILE *f)
{
	yaml_document_t *doc = &r->ledger[side];
	yaml_node_t *root = yaml_document_get_root_node(doc);
	char why[256];
	if (!root) /* an empty ledger: nothing has changed yet */
		return 0;
	if (root->type != YAML_SEQUENCE_NODE) {
		wj_problem(r->out, &r->problems, "%s: not a list of entries", r->ledger_file[side]);
		return -1;
	}
	for (yaml_node_item_t *i = root->data.sequence.items.start;
	     i < root->data.sequence.items.top; i++) {
		yaml_node_t *item = yaml_document_get_node(doc, *i);
		long long entry;
		if (wj_yaml_int(wj_yaml_get(doc, item, "entry"), 1, INT32_MAX, &entry, why,
				sizeof why) < 0) {
			wj_problem(r->out, &r->problems, "%s: line %d: entry: %s", r->ledger_file[side], wj_yaml_line(item),
				why);
			return -1;
		}
		size_t from = item->start_mark.index, to = item->end_mark.index;
		if (entry >= r->ledger_from && entry <= r->e.number)
			fprintf(f, "- %.*s\n", (int)(to - from), r->ledger_text[side] + from);
	}
	return 0;
}

/* Each side's secret holding changed from `before` to the replay's as its
 * ledger says (the game checks: ledger_check). */
static int check_hands(struct replay *r, const struct game_state *before)
{
	for (int side = 1; side <= r->game->nsides && r->game->ledger_check; side++) {
		char *items = NULL, why[600];
		size_t len = 0;
		FILE *f = open_memstream(&items, &len);
		int rc = f ? ledger_items(r, side, f) : -1;
		if (f && fclose(f) != 0)
			rc = -1;
		if (rc == 0 && r->game->ledger_check(r->d, items, len, before, r->s, side,
						     r->ledger_file[side], why, sizeof why) < 0) {
			wj_problem(r->out, &r->problems, "%s: %s", r->what, why);
			rc = -1;
		}
		free(items);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* An entry by nobody whose order lines are all comments: a moderator's
 * note (pause, a password changed); it changes nothing. */
static bool moderator_note(struct replay *r)
{
	yaml_node_t *seq = r->e.order;
	char buf[1024];
	for (yaml_node_item_t *i = seq->data.sequence.items.start;
	     i < seq->data.sequence.items.top; i++)
		if (order_line(yaml_document_get_node(&r->e.doc, *i), buf, sizeof buf) != 0)
			return false;
	return true;
}

/* The orders of an accepted entry, their rolls compared as they come. */
static int apply_entry(struct replay *r, int *next)
{
	struct entry *e = &r->e;
	yaml_node_t *seq = e->order;
	if (new_events(r) < 0)
		return -1;
	if (e->side < 1 || e->side > r->game->nsides) {
		if (moderator_note(r))
			return all_rolls_used(r, *next);
		wj_problem(r->out, &r->problems, "%s: an accepted entry by %s cannot be replayed (only a side's "
			"orders can)", e->rel, wj_rec_side(r->game, e->side));
		return -1;
	}
	if (queue_forced(r) < 0)
		return -1;
	for (yaml_node_item_t *i = seq->data.sequence.items.start;
	     i < seq->data.sequence.items.top; i++)
		if (apply_line(r, yaml_document_get_node(&e->doc, *i), next) < 0)
			return -1;
	name_entry(r);
	return all_rolls_used(r, *next);
}

static int check_move(struct replay *r)
{
	unsigned move = r->game->move(r->s);
	if (!r->e.has_move || r->e.move == (long long)move)
		return 0;
	wj_problem(r->out, &r->problems, "%s: the log says move %lld, the replay reaches move %u", r->what,
		r->e.move, move);
	return -1;
}

/* A rollback entry: the undone entries were skipped, so the replay
 * stands at the target's position already. The dice counters move on as
 * logged (never back: no die is rolled twice), the hands' ledger items
 * from the first undone entry to this one add up to no change, and the
 * move is the target's. */
static int replay_rollback(struct replay *r, const struct game_state *before)
{
	const struct wj_rollback *rb = &r->e.rb;
	uint64_t roll, shuffle;
	snprintf(r->what, sizeof r->what, "%s: entry %d, the rollback to move %u", r->e.rel,
		 r->e.number, (unsigned)rb->to_move);
	r->game->dice_next(r->s, &roll, &shuffle);
	if (rb->next_roll < roll || rb->next_shuffle < shuffle) {
		wj_problem(r->out, &r->problems, "%s: it sets next_roll %llu and next_shuffle %llu, but the replay has "
			"reached %llu and %llu: dice or shuffles would be used again", r->what,
			(unsigned long long)rb->next_roll, (unsigned long long)rb->next_shuffle,
			(unsigned long long)roll, (unsigned long long)shuffle);
		return -1;
	}
	if (r->e.nrolls)
		return all_rolls_used(r, 0);
	r->game->dice_skip(r->s, rb->next_roll, rb->next_shuffle);
	if (rb->reshuffled && r->game->reshuffle_unseen) /* the seed's, so replay checks it */
		r->game->reshuffle_unseen(r->d, r->s, &r->rng);
	r->ledger_from = rb->first;
	if (check_hands(r, before) < 0)
		return -1;
	if (rb->to_move != r->game->move(r->s)) {
		wj_problem(r->out, &r->problems, "%s: it goes back to move %u, but entry %d reached move %u", r->what,
			(unsigned)rb->to_move, rb->target, r->game->move(r->s));
		return -1;
	}
	return check_move(r);
}

/* Replays an accepted entry; -1 (reported) if anything differs. */
static int replay_entry(struct replay *r)
{
	struct game_state *before = game_state_new(r->game);
	int next = 0, rc = -1;
	name_entry(r);
	if (!before) {
		wj_problem(r->out, &r->problems, "%s: out of memory", r->e.rel);
		return -1;
	}
	game_state_copy(r->game, before, r->s);
	r->ledger_from = r->e.number;
	if (r->e.is_rollback)
		rc = replay_rollback(r, before);
	else if (apply_entry(r, &next) == 0 && check_hands(r, before) == 0 &&
		 check_move(r) == 0)
		rc = compare_events(r);
	game_state_free(r->game, before);
	return rc;
}

/* ---- the start ---- */

static int read_state_file(struct replay *r, const char *rel, struct game_state *s)
{
	char *text, why[300];
	size_t len;
	if (wj_rec_read(r->dir, rel, &text, &len) < 0) {
		wj_problem(r->out, &r->problems, "%s: cannot be read: %s", rel, strerror(errno));
		return -1;
	}
	int rc = r->game->state_read(text, len, r->d, s, true, why, sizeof why);
	free(text);
	if (rc < 0)
		wj_problem(r->out, &r->problems, "%s: %s", rel, why);
	return rc;
}

static const char INITIAL_STATE[] = "secret/initial-state.yaml";
static const char FULL_STATE[] = "# wwjudge full state (secret)\n";
static const char STARTING_POSITION[] = "# wwjudge starting position of the scenario (secret)\n";
static const char SCENARIO[] = "secret/scenario.yaml";

static char *render(const struct replay *r, const char *header, const struct game_state *s,
		    size_t *len);
static void say_difference(struct replay *r, const char *file, const char *have,
			   const char *want, const char *by);

/* A scenario game's first position: the scenario set up by new_game with
 * the seed, as secret/initial-state.yaml keeps it. A game made before
 * secret/scenario.yaml was kept starts from secret/initial-state.yaml as
 * written. */
static int scenario_start(struct replay *r, const struct wj_meta *m)
{
	char path[4096], why[600], *want = NULL, *have = NULL;
	size_t wantlen, havelen;
	if (snprintf(path, sizeof path, "%s/%s", r->dir, SCENARIO) >= (int)sizeof path ||
	    access(path, F_OK) != 0)
		return read_state_file(r, INITIAL_STATE, r->s) < 0 ? -1 :
		       r->e.nrolls ? all_rolls_used(r, 0) : 0;
	if (r->game->new_game(r->d, path, m->options, &r->rng, r->s, r->ev, why,
			      sizeof why) < 0) {
		wj_problem(r->out, &r->problems, "%s: %s", SCENARIO, why);
		return -1;
	}
	int rc = -1;
	if (!(want = render(r, STARTING_POSITION, r->s, &wantlen)) ||
	    wj_rec_read(r->dir, INITIAL_STATE, &have, &havelen) < 0)
		wj_problem(r->out, &r->problems, "%s: cannot be read: %s", INITIAL_STATE, strerror(errno));
	else if (strcmp(have, want) != 0)
		say_difference(r, INITIAL_STATE, have, want, "setting up secret/scenario.yaml "
			       "with the seed");
	else
		rc = 0;
	free(want);
	free(have);
	int next = 0;
	return rc < 0 || compare_rolls(r, 0, &next) < 0 ? -1 : all_rolls_used(r, next);
}

/* The first position hashes to the initial_state published in game.yaml
 * (games created before it have none): its secret text keyed by the seed. */
static int check_initial_hash(struct replay *r, const struct wj_meta *m)
{
	char hash[WJ_COMMIT_HEX];
	const char *what = m->scenario[0] ? INITIAL_STATE : r->what;
	if (!m->initial_state[0])
		return 0;
	if (wj_rec_position_hash(r->game, r->d, r->s, r->dice.seed, hash) < 0) {
		wj_problem(r->out, &r->problems, "%s: out of memory hashing the initial state", what);
		return -1;
	}
	if (strcmp(hash, m->initial_state) == 0)
		return 0;
	wj_problem(r->out, &r->problems, "%s: the initial state hashes to %s, but game.yaml publishes initial_state %s",
		what, hash, m->initial_state);
	return -1;
}

/* Entry 1 is the set-up: a new game shuffled by the seed (its rolls, if
 * any, compared), or the scenario's position. */
static int start(struct replay *r, const struct wj_meta *m)
{
	char why[600];
	int rc = read_entry(r, 1);
	if (rc <= 0) {
		if (rc == 0)
			wj_problem(r->out, &r->problems, "log/000001.yaml: missing; the replay starts there");
		return -1;
	}
	snprintf(r->what, sizeof r->what, "%s: entry 1, the set-up", r->e.rel);
	if (new_events(r) < 0) {
		rc = -1;
	} else if (m->scenario[0]) {
		rc = scenario_start(r, m);
	} else if (r->game->new_game(r->d, NULL, m->options, &r->rng, r->s, r->ev,
				     why, sizeof why) < 0) {
		wj_problem(r->out, &r->problems, "%s: %s", r->what, why);
		rc = -1;
	} else {
		int next = 0;
		rc = compare_rolls(r, 0, &next) < 0 ? -1 : all_rolls_used(r, next);
	}
	if (rc == 0)
		rc = check_initial_hash(r, m);
	if (rc == 0)
		rc = compare_events(r);
	r->ledger_from = 1;
	if (rc == 0) { /* what each side was dealt, or the scenario's */
		struct game_state *none = game_state_new(r->game);
		rc = none ? check_hands(r, none) : -1;
		if (none)
			game_state_free(r->game, none);
	}
	yaml_document_delete(&r->e.doc);
	return rc;
}

/* ---- the end ---- */

/* The state's secret text, as the record writes it under `header`. */
static char *render(const struct replay *r, const char *header, const struct game_state *s,
		    size_t *len)
{
	char *text = NULL;
	FILE *m = open_memstream(&text, len);
	if (!m)
		return NULL;
	fputs(header, m);
	r->game->state_write(m, r->d, s, true);
	if (fclose(m) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Names the first line where `file` (have) and what `by` gives differ. */
static void say_difference(struct replay *r, const char *file, const char *have,
			   const char *want, const char *by)
{
	int line = 1;
	size_t i = 0;
	while (have[i] && have[i] == want[i])
		line += have[i++] == '\n';
	while (i > 0 && have[i - 1] != '\n')
		i--;
	int hn = (int)strcspn(have + i, "\n"), wn = (int)strcspn(want + i, "\n");
	wj_problem(r->out, &r->problems, "%s line %d: \"%.*s\", but %s gives \"%.*s\"", file, line,
		hn > QUOTE_MAX ? QUOTE_MAX : hn, have + i, by, wn > QUOTE_MAX ? QUOTE_MAX : wn,
		want + i);
}

/* The replayed state, written as the record would, must be
 * secret/state.yaml's. */
static void compare_final(struct replay *r, const struct game_state *recorded, int last)
{
	size_t wantlen, havelen;
	char by[64];
	char *want = render(r, FULL_STATE, r->s, &wantlen);
	char *have = render(r, FULL_STATE, recorded, &havelen);
	snprintf(by, sizeof by, "replaying the log to entry %d", last);
	if (!want || !have)
		wj_problem(r->out, &r->problems, "out of memory comparing the replay with secret/state.yaml");
	else if (strcmp(have, want) != 0)
		say_difference(r, "secret/state.yaml", have, want, by);
	free(want);
	free(have);
}

static int seed_of(struct replay *r, const struct wj_game *g)
{
	memcpy(r->dice.seed, g->seed, WJ_SEED_BYTES);
	if (g->meta.seed_revealed && wj_seed_from_hex(g->meta.seed_hex, r->dice.seed) < 0) {
		wj_problem(r->out, &r->problems, "game.yaml: the revealed seed is not 64 hex digits");
		return -1;
	}
	wj_dice_rng(&r->dice, &r->rng);
	return 0;
}

/* ---- the first pass: which entries are undone ---- */

static int survey_entry(struct replay *r, int n)
{
	struct entry_info *in = &r->info[n];
	const struct entry *e = &r->e;
	*in = (struct entry_info){ e->rejected, false, e->is_rollback, e->has_move ? e->move : -1 };
	if (!e->is_rollback)
		return 0;
	const struct entry_info *t = &r->info[e->rb.target];
	if (e->rejected || t->undone || t->rejected) {
		wj_problem(r->out, &r->problems, "%s: a rollback %s", e->rel, e->rejected ? "cannot be rejected" :
			"must go back to a position of an accepted entry that is not undone");
		return -1;
	}
	for (int k = e->rb.first; k <= e->rb.last; k++)
		r->info[k].undone = true;
	return 0;
}

/* Reads every entry once: what each is, and which a later rollback undid. */
static int survey(struct replay *r)
{
	int rc, cap = 0;
	for (int n = 1; (rc = read_entry(r, n)) == 1; n++) {
		if (n >= cap) {
			cap = cap ? cap * 2 : 256;
			struct entry_info *more = realloc(r->info, (size_t)cap * sizeof *more);
			if (!more) {
				yaml_document_delete(&r->e.doc);
				wj_problem(r->out, &r->problems, "out of memory reading the log");
				return -1;
			}
			r->info = more;
		}
		rc = survey_entry(r, n);
		yaml_document_delete(&r->e.doc);
		if (rc < 0)
			return -1;
		r->nentries = n;
	}
	return rc;
}

static bool live(const struct replay *r, int n)
{
	return n <= r->nentries && !r->info[n].rejected && !r->info[n].undone;
}

static void replay_log(struct replay *r, const struct wj_game *g)
{
	int last = 1, rc = 0;
	if (seed_of(r, g) < 0 || load_ledgers(r) < 0 || survey(r) < 0 ||
	    start(r, &g->meta) < 0)
		return;
	for (int n = 2; (rc = read_entry(r, n)) == 1; n++) {
		if (live(r, n))
			rc = replay_entry(r);
		yaml_document_delete(&r->e.doc);
		if (rc < 0)
			return;
		last = n;
	}
	if (rc == 0)
		compare_final(r, g->state, last);
}

int wj_record_replay(const char *dir, const struct game_data *d, FILE *out)
{
	int forced[3];
	return wj_record_replay_counted(dir, d, out, forced);
}

/* A replay of the game g loaded: its game, data and a state of its own. */
static int replay_begin(struct replay *r, const struct wj_game *g)
{
	r->game = wj_rec_game(g);
	r->d = g->data;
	if ((r->s = game_state_new(r->game)))
		return 0;
	wj_problem(r->out, &r->problems, "out of memory replaying %s", r->dir);
	return -1;
}

static void replay_end(struct replay *r)
{
	free_ledgers(r);
	if (r->ev)
		game_events_free(r->game, r->ev);
	if (r->s)
		game_state_free(r->game, r->s);
	free(r->info);
	wj_record_log_close(&r->log);
}

int wj_record_replay_counted(const char *dir, const struct game_data *d, FILE *out,
			     int forced[3])
{
	memset(forced, 0, 3 * sizeof *forced);
	struct replay *r = calloc(1, sizeof *r);
	struct wj_game *g = calloc(1, sizeof *g);
	char err[512];
	int problems = 1;
	if (!r || !g) {
		fprintf(out, "out of memory replaying %s\n", dir);
		goto out;
	}
	r->out = out;
	r->dir = r->log.dir = dir;
	g->data = d;
	if (wj_record_load(dir, g, err, sizeof err) != WJ_REC_OK) {
		wj_problem(r->out, &r->problems, "%s", err);
	} else {
		if (replay_begin(r, g) == 0)
			replay_log(r, g);
		memcpy(forced, r->forced, sizeof r->forced);
		replay_end(r);
	}
	problems = r->problems;
out:
	free(r);
	if (g)
		wj_game_free(g);
	free(g);
	return problems;
}

/* ---- rollback ---- */

/* The live accepted entry that last reached `move`, or a reason. */
static int find_target(const struct replay *r, uint32_t move, uint32_t now, char *err,
		       size_t errlen)
{
	if (move > now) {
		wj_why(err, errlen, "move %u is beyond the current move %u", (unsigned)move,
			 (unsigned)now);
		return -1;
	}
	if (r->info[1].move >= 0 && (long long)move < r->info[1].move) {
		wj_why(err, errlen, "move %u is before the set-up (move %lld)", (unsigned)move,
			 r->info[1].move);
		return -1;
	}
	int target = 0, undoes = 0;
	for (int n = r->nentries; n >= 1 && !target; n--)
		if (live(r, n) && r->info[n].move == (long long)move)
			target = n;
		else
			undoes += live(r, n);
	if (!target)
		wj_why(err, errlen, "no accepted entry of the log reached move %u", (unsigned)move);
	else if (!undoes) /* only refusals since: they changed nothing */
		wj_why(err, errlen, "the game is at move %u already: nothing to undo",
			 (unsigned)move);
	return target && undoes ? target : -1;
}

/* The first problem the replay printed, as the error. */
static void first_problem(char *text, size_t len, char *err, size_t errlen)
{
	size_t n = len ? strcspn(text, "\n") : 0;
	wj_why(err, errlen, "the log does not replay: %.*s", (int)n, text ? text : "");
}

static int replay_prefix(struct replay *r, const struct wj_game *g, uint32_t move,
			 struct wj_rollback *rb, char *err, size_t errlen)
{
	int rc = 0;
	if (seed_of(r, g) < 0 || load_ledgers(r) < 0 || survey(r) < 0)
		return -1;
	uint32_t now = r->game->move(g->state);
	int target = find_target(r, move, now, err, errlen);
	if (target < 0)
		return -2;
	if (start(r, &g->meta) < 0)
		return -1;
	int by = GAME_PUBLIC;
	for (int n = 2; n <= target && (rc = read_entry(r, n)) == 1; n++) {
		if (live(r, n))
			rc = replay_entry(r);
		if (live(r, n) && r->e.move == (long long)move &&
		    r->e.side >= 1 && r->e.side <= r->game->nsides)
			by = r->e.side;
		yaml_document_delete(&r->e.doc);
		if (rc < 0)
			return -1;
	}
	if (rc < 0)
		return -1;
	*rb = (struct wj_rollback){ .target = target, .first = target + 1, .last = r->nentries,
				    .from_move = now, .to_move = move, .by = by };
	return 0;
}

int wj_record_replay_to(const char *dir, const struct game_data *d, uint32_t move,
			struct game_state *s, struct wj_rollback *rb, char *err, size_t errlen)
{
	struct replay *r = calloc(1, sizeof *r);
	struct wj_game *g = calloc(1, sizeof *g);
	char *text = NULL;
	size_t len = 0;
	int rc = -1;
	if (!r || !g || !(r->out = open_memstream(&text, &len))) {
		wj_why(err, errlen, "out of memory replaying %s", dir);
		free(r);
		free(g);
		return -1;
	}
	r->dir = r->log.dir = dir;
	g->data = d;
	if (wj_record_load(dir, g, err, errlen) == WJ_REC_OK) {
		rc = replay_begin(r, g) ? -1 : replay_prefix(r, g, move, rb, err, errlen);
		fclose(r->out);
		if (rc == -1)
			first_problem(text, len, err, errlen);
		if (rc == 0)
			game_state_copy(r->game, s, r->s);
		replay_end(r);
	} else {
		fclose(r->out);
	}
	free(text);
	free(r);
	wj_game_free(g);
	free(g);
	return rc == 0 ? 0 : rc == -2 ? -2 : -1;
}
