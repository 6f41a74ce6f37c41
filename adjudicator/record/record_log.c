/* What happened since a side's last report: the events of the accepted
 * log entries after that side's last accepted order, read back from the
 * game's log (record.h describes the files) as text and audience
 * (game.h's struct game_log). Reading only. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "record_internal.h"

#define LOG_ENTRIES_MAX 100000

static void entry_free(struct game_logged_entry *e)
{
	for (int i = 0; i < e->n; i++)
		free(e->v[i].text);
	free(e->v);
	e->v = NULL;
	e->n = 0;
}

void wj_recent_free(struct game_log *r)
{
	for (int i = 0; i < r->n; i++)
		entry_free(&r->v[i]);
	free(r->v);
	memset(r, 0, sizeof *r);
}

/* The highest entry number in GAME/log, 0 if none. */
static int last_entry(const char *dir)
{
	int next = wj_record_next_entry(dir);
	return next < 1 ? 0 : next - 1 < LOG_ENTRIES_MAX ? next - 1 : LOG_ENTRIES_MAX;
}

/* The viewers of the log's `to:` word: "both" (every side, and so the
 * public), one side's word, or "nobody". */
static unsigned audience(const struct game *game, const char *w)
{
	int side = wj_rec_side_of(game, w);
	if (w && !strcmp(w, "both"))
		return (GAME_SIDE(game->nsides + 1) - 1);
	return side > 0 ? GAME_SIDE(side) : 0;
}

static int read_roll(yaml_document_t *doc, yaml_node_t *roll, struct game_logged_event *e,
		     char *err, size_t errlen)
{
	long long index, value;
	bool forced = false;
	yaml_node_t *f = wj_yaml_get(doc, roll, "forced");
	if (wj_yaml_int(wj_yaml_get(doc, roll, "index"), 0, INT64_MAX, &index, err, errlen) ||
	    wj_yaml_int(wj_yaml_get(doc, roll, "value"), 1, 6, &value, err, errlen) ||
	    (f && wj_yaml_bool(f, &forced, err, errlen)))
		return -1;
	e->roll = (struct game_roll){ index, (int)value, forced };
	return 0;
}

static int read_event(const struct game *game, yaml_document_t *doc, yaml_node_t *n,
		      struct game_logged_event *e, char *err, size_t errlen)
{
	const char *text = wj_yaml_str(wj_yaml_get(doc, n, "text"));
	yaml_node_t *roll = wj_yaml_get(doc, n, "roll");
	*e = (struct game_logged_event){
		.audience = audience(game, wj_yaml_str(wj_yaml_get(doc, n, "to"))),
		.roll = { -1, 0, false } };
	if (!text) {
		wj_why(err, errlen, "line %d: an event without text", wj_yaml_line(n));
		return -1;
	}
	if (roll && read_roll(doc, roll, e, err, errlen))
		return -1;
	if (!(e->text = strdup(text))) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

static int read_events(const struct game *game, yaml_document_t *doc, yaml_node_t *list,
		       struct game_logged_entry *entry, char *err, size_t errlen)
{
	if (!list || list->type != YAML_SEQUENCE_NODE)
		return 0;
	size_t n = (size_t)(list->data.sequence.items.top - list->data.sequence.items.start);
	if (n && !(entry->v = calloc(n, sizeof *entry->v))) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	for (yaml_node_item_t *it = list->data.sequence.items.start;
	     it < list->data.sequence.items.top; it++, entry->n++)
		if (read_event(game, doc, yaml_document_get_node(doc, *it), &entry->v[entry->n],
			       err, errlen))
			return -1;
	return 0;
}

/* Reads entry `number`: *accepted false for a refusal, else the step. */
static int read_entry(const char *dir, const struct game *game, int number, bool *accepted,
		      struct game_logged_entry *step, char *err, size_t errlen)
{
	char rel[32], why[256] = "";
	char *text = NULL;
	size_t len = 0;
	yaml_document_t doc;
	snprintf(rel, sizeof rel, "log/%06d.yaml", number);
	if (wj_rec_read_entry(dir, number, &text, &len)) {
		wj_why(err, errlen, "%s: %s", rel, strerror(errno));
		return -1;
	}
	int rc = wj_yaml_load(text, len, &doc, why, sizeof why);
	free(text);
	if (rc) {
		wj_why(err, errlen, "%s: %s", rel, why);
		return -1;
	}
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	yaml_node_t *rej = root ? wj_yaml_get(&doc, root, "rejected") : NULL;
	bool rejected = false;
	long long move = 0;
	yaml_node_t *mv = root ? wj_yaml_get(&doc, root, "move") : NULL;
	rc = -1;
	if (!rej || wj_yaml_bool(rej, &rejected, why, sizeof why))
		wj_why(err, errlen, "%s: no 'rejected: true|false'", rel);
	else if (!rejected && (!mv || wj_yaml_int(mv, 0, UINT32_MAX, &move, why, sizeof why)))
		wj_why(err, errlen, "%s: no 'move: N' %s", rel, why);
	else
		rc = 0;
	*accepted = !rejected;
	if (!rc && !rejected) {
		int side = wj_rec_side_of(game, wj_yaml_str(wj_yaml_get(&doc, root, "side")));
		*step = (struct game_logged_entry){ .side = side > 0 ? side : GAME_PUBLIC,
						    .move = (unsigned)move };
		if (read_events(game, &doc, wj_yaml_get(&doc, root, "events"), step, why,
				sizeof why)) {
			wj_why(err, errlen, "%s: %s", rel, why);
			entry_free(step);
			rc = -1;
		}
	}
	yaml_document_delete(&doc);
	return rc;
}

/* Puts s into r at index `at` (0: the front, r->n: the end). */
static int add_step(struct game_log *r, const struct game_logged_entry *s, int at)
{
	if (r->n == r->cap) {
		int cap = r->cap ? r->cap * 2 : 8;
		struct game_logged_entry *v = realloc(r->v, (size_t)cap * sizeof *v);
		if (!v)
			return -1;
		r->v = v;
		r->cap = cap;
	}
	memmove(&r->v[at + 1], &r->v[at], (size_t)(r->n - at) * sizeof *r->v);
	r->v[at] = *s;
	r->n++;
	return 0;
}

/* Entry `number`, accepted, at the end of r. */
static int read_shown(const char *dir, const struct game *game, int number,
		      struct game_log *r, char *err, size_t errlen)
{
	struct game_logged_entry step;
	bool accepted;
	if (read_entry(dir, game, number, &accepted, &step, err, errlen))
		return -1;
	if (accepted && add_step(r, &step, r->n)) {
		entry_free(&step);
		wj_why(err, errlen, "out of memory reading the log");
		return -1;
	}
	return 0;
}

/* What the index says the recipient is shown: the entries of accepted[]
 * read alone. 1 when the index does not reach back far enough. */
static int recent_by_index(const char *dir, const struct game *game, int recipient,
			   const struct wj_record_index *ix, struct game_log *r,
			   char *err, size_t errlen)
{
	int n = ix->naccepted, last = n ? ix->accepted[n - 1] : 0;
	int own = recipient == GAME_PUBLIC ? last : ix->last_order[recipient];
	if (!n || own < ix->accepted_from)
		return 1;
	/* the recipient's own order when it is the last, else what came after it */
	for (int i = 0; i < n; i++)
		if (own == last ? ix->accepted[i] == last : ix->accepted[i] > own)
			if (read_shown(dir, game, ix->accepted[i], r, err, errlen))
				return -1;
	return 0;
}

/* Whether the entry tells `recipient` anything: its own order, or one
 * with an event to it (a set-up, a rollback, a moderator's note). An
 * order hidden from it (a standing order) does not, so it is not even
 * shown that it was given (docs/mail.md); nor does a moderator's entry
 * with nothing to say (a pause or a resume logs no event). */
static bool told_to(const struct game_logged_entry *s, int recipient)
{
	if (recipient != GAME_PUBLIC && s->side == recipient)
		return true;
	for (int i = 0; i < s->n; i++)
		if (s->v[i].audience & GAME_SIDE(recipient))
			return true;
	return false;
}

/* What wj_recent_read found, less the entries that tell the recipient
 * nothing and those a rollback undid (the rollback's own event says so);
 * with none left, what it is shown without them: its own last order, or
 * for the public the last entry it is told of. */
static int drop_untold(const char *dir, const struct game *game, int recipient,
		       struct game_log *r, char *err, size_t errlen)
{
	int kept = r->n;
	unsigned back_to = UINT_MAX;
	for (int i = r->n - 1; i >= 0; i--) {
		/* the move goes back only by a rollback: an entry at a later
		 * move than one after it is one the rollback undid */
		bool undone = r->v[i].move > back_to;
		if (r->v[i].move < back_to)
			back_to = r->v[i].move;
		if (told_to(&r->v[i], recipient) && !undone)
			r->v[--kept] = r->v[i];
		else
			entry_free(&r->v[i]);
	}
	memmove(r->v, r->v + kept, (size_t)(r->n - kept) * sizeof *r->v);
	r->n -= kept;
	struct wj_record_index ix;
	if (r->n || wj_rec_index(dir, game, &ix))
		return 0;
	if (recipient != GAME_PUBLIC)
		return ix.last_order[recipient] > 0 ?
			read_shown(dir, game, ix.last_order[recipient], r, err, errlen) : 0;
	for (int i = ix.naccepted - 1; i >= 0 && !r->n; i--) {
		if (read_shown(dir, game, ix.accepted[i], r, err, errlen))
			return -1;
		if (r->n && !told_to(&r->v[0], GAME_PUBLIC)) {
			entry_free(&r->v[0]);
			r->n = 0;
		}
	}
	return 0;
}

int wj_recent_read(const char *dir, int recipient, struct game_log *r,
		   char *err, size_t errlen)
{
	struct wj_record_index ix;
	const struct game *game;
	memset(r, 0, sizeof *r);
	if (!(game = wj_rec_dir_game(dir, err, errlen)))
		return -1;
	if (wj_rec_index(dir, game, &ix)) {
		wj_why(err, errlen, "log/: does not read back to both sides' last orders "
			 "(wwjudge verify names the entry)");
		return -1;
	}
	int rc = recent_by_index(dir, game, recipient, &ix, r, err, errlen);
	if (rc == 0)
		rc = drop_untold(dir, game, recipient, r, err, errlen);
	if (rc <= 0) {
		if (rc < 0)
			wj_recent_free(r);
		return rc;
	}
	/* more than the index keeps: back from the last entry */
	for (int number = ix.next_entry - 1; number >= 1; number--) {
		struct game_logged_entry step;
		bool accepted;
		if (read_entry(dir, game, number, &accepted, &step, err, errlen)) {
			wj_recent_free(r);
			return -1;
		}
		if (!accepted)
			continue;
		/* the recipient's own last order ends what is new to them */
		if (recipient != GAME_PUBLIC && step.side == recipient && r->n) {
			entry_free(&step);
			break;
		}
		if (add_step(r, &step, 0)) {
			entry_free(&step);
			wj_recent_free(r);
			wj_why(err, errlen, "out of memory reading the log");
			return -1;
		}
		if (recipient == GAME_PUBLIC || step.side == recipient)
			break;
	}
	if (drop_untold(dir, game, recipient, r, err, errlen)) {
		wj_recent_free(r);
		return -1;
	}
	return 0;
}

/* The accepted entries first..last into r, oldest first, at most max of
 * them. An entry that does not read ends it with -1, or with `skip` is
 * left out. */
static int read_range(const char *dir, int first, int last, int max, bool skip,
		      struct game_log *r, char *err, size_t errlen)
{
	const struct game *game;
	memset(r, 0, sizeof *r);
	if (!(game = wj_rec_dir_game(dir, err, errlen)))
		return -1;
	for (int number = first; number <= last && r->n < max; number++) {
		struct game_logged_entry step;
		bool accepted;
		if (read_entry(dir, game, number, &accepted, &step, err, errlen)) {
			if (skip)
				continue;
			wj_recent_free(r);
			return -1;
		}
		if (accepted && add_step(r, &step, r->n)) {
			entry_free(&step);
			wj_recent_free(r);
			wj_why(err, errlen, "out of memory reading the log");
			return -1;
		}
	}
	return 0;
}

int wj_history_read(const char *dir, struct game_log *r, char *err, size_t errlen)
{
	return read_range(dir, 1, last_entry(dir), LOG_ENTRIES_MAX, false, r, err, errlen);
}

int wj_log_read_between(const char *dir, int first, int last, int max, struct game_log *r,
			char *err, size_t errlen)
{
	return read_range(dir, first, last, max, true, r, err, errlen);
}
