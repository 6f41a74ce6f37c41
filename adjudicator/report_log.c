/* What happened since a side's last report: the events of the accepted
 * log entries after that side's last accepted order, read back from the
 * game's log (record.h describes the files). Reading only. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "record_internal.h"
#include "report.h"

#define LOG_ENTRIES_MAX 100000

void ww_recent_free(struct ww_recent *r)
{
	for (int i = 0; i < r->n; i++)
		ww_events_free(&r->v[i].ev);
	free(r->v);
	memset(r, 0, sizeof *r);
}

/* The highest entry number in GAME/log, 0 if none. */
static int last_entry(const char *dir)
{
	int next = ww_record_next_entry(dir);
	return next < 1 ? 0 : next - 1 < LOG_ENTRIES_MAX ? next - 1 : LOG_ENTRIES_MAX;
}

static int push_event(struct ww_events *ev, const struct ww_event *e)
{
	if (ev->n == ev->cap) {
		int cap = ev->cap ? ev->cap * 2 : 16;
		struct ww_event *v = realloc(ev->v, (size_t)cap * sizeof *v);
		if (!v)
			return -1;
		ev->v = v;
		ev->cap = cap;
	}
	ev->v[ev->n++] = *e;
	return 0;
}

static int audience(const char *w)
{
	if (!w)
		return 0;
	if (!strcmp(w, "both"))
		return WW_TO_BOTH;
	if (!strcmp(w, "american"))
		return WW_TO_AMERICAN;
	if (!strcmp(w, "british"))
		return WW_TO_BRITISH;
	return 0;
}

static int read_roll(yaml_document_t *doc, yaml_node_t *roll, struct ww_event *e,
		     char *err, size_t errlen)
{
	long long index, value;
	bool forced = false;
	yaml_node_t *f = ww_yaml_get(doc, roll, "forced");
	if (ww_yaml_int(ww_yaml_get(doc, roll, "index"), 0, INT64_MAX, &index, err, errlen) ||
	    ww_yaml_int(ww_yaml_get(doc, roll, "value"), 1, 6, &value, err, errlen) ||
	    (f && ww_yaml_bool(f, &forced, err, errlen)))
		return -1;
	e->roll_index = index;
	e->roll = (int)value;
	e->forced = forced;
	return 0;
}

static int read_events(yaml_document_t *doc, yaml_node_t *list, struct ww_events *ev,
		       char *err, size_t errlen)
{
	if (!list || list->type != YAML_SEQUENCE_NODE)
		return 0;
	for (yaml_node_item_t *it = list->data.sequence.items.start;
	     it < list->data.sequence.items.top; it++) {
		yaml_node_t *n = yaml_document_get_node(doc, *it);
		const char *text = ww_yaml_str(ww_yaml_get(doc, n, "text"));
		struct ww_event e = { .audience = audience(ww_yaml_str(ww_yaml_get(doc, n, "to"))),
				      .roll_index = -1 };
		if (!text) {
			snprintf(err, errlen, "line %d: an event without text", ww_yaml_line(n));
			return -1;
		}
		snprintf(e.text, sizeof e.text, "%s", text);
		yaml_node_t *roll = ww_yaml_get(doc, n, "roll");
		if (roll && read_roll(doc, roll, &e, err, errlen))
			return -1;
		if (push_event(ev, &e)) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}

/* Reads entry `number`: *accepted false for a refusal, else the step. */
static int read_entry(const char *dir, int number, bool *accepted,
		      struct ww_recent_step *step, char *err, size_t errlen)
{
	char rel[32], why[256] = "";
	char *text = NULL;
	size_t len = 0;
	yaml_document_t doc;
	snprintf(rel, sizeof rel, "log/%06d.yaml", number);
	if (ww_rec_read(dir, rel, &text, &len)) {
		snprintf(err, errlen, "%s: %s", rel, strerror(errno));
		return -1;
	}
	int rc = ww_yaml_load(text, len, &doc, why, sizeof why);
	free(text);
	if (rc) {
		snprintf(err, errlen, "%s: %s", rel, why);
		return -1;
	}
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	yaml_node_t *rej = root ? ww_yaml_get(&doc, root, "rejected") : NULL;
	bool rejected = false;
	long long move = 0;
	yaml_node_t *mv = root ? ww_yaml_get(&doc, root, "move") : NULL;
	rc = -1;
	if (!rej || ww_yaml_bool(rej, &rejected, why, sizeof why))
		snprintf(err, errlen, "%s: no 'rejected: true|false'", rel);
	else if (!rejected && (!mv || ww_yaml_int(mv, 0, UINT32_MAX, &move, why, sizeof why)))
		snprintf(err, errlen, "%s: no 'move: N' %s", rel, why);
	else
		rc = 0;
	*accepted = !rejected;
	if (!rc && !rejected) {
		int side = ww_rec_side_from_word(ww_yaml_str(ww_yaml_get(&doc, root, "side")));
		step->move = (uint32_t)move;
		step->side = side == WW_AMERICAN || side == WW_BRITISH ? (enum ww_side)side :
			WW_NOBODY;
		memset(&step->ev, 0, sizeof step->ev);
		if (read_events(&doc, ww_yaml_get(&doc, root, "events"), &step->ev, why,
				sizeof why)) {
			snprintf(err, errlen, "%s: %s", rel, why);
			ww_events_free(&step->ev);
			rc = -1;
		}
	}
	yaml_document_delete(&doc);
	return rc;
}

/* Puts s into r at index `at` (0: the front, r->n: the end). */
static int add_step(struct ww_recent *r, const struct ww_recent_step *s, int at)
{
	if (r->n == r->cap) {
		int cap = r->cap ? r->cap * 2 : 8;
		struct ww_recent_step *v = realloc(r->v, (size_t)cap * sizeof *v);
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
static int read_shown(const char *dir, int number, struct ww_recent *r, char *err, size_t errlen)
{
	struct ww_recent_step step;
	bool accepted;
	if (read_entry(dir, number, &accepted, &step, err, errlen))
		return -1;
	if (accepted && add_step(r, &step, r->n)) {
		ww_events_free(&step.ev);
		snprintf(err, errlen, "out of memory reading the log");
		return -1;
	}
	return 0;
}

/* What the index says the recipient is shown: the entries of accepted[]
 * read alone. 1 when the index does not reach back far enough. */
static int recent_by_index(const char *dir, enum ww_side recipient,
			   const struct ww_record_index *ix, struct ww_recent *r,
			   char *err, size_t errlen)
{
	int n = ix->naccepted, last = n ? ix->accepted[n - 1] : 0;
	int own = recipient == WW_NOBODY ? last : ix->last_order[recipient];
	if (!n || own < ix->accepted_from)
		return 1;
	/* the recipient's own order when it is the last, else what came after it */
	for (int i = 0; i < n; i++)
		if (own == last ? ix->accepted[i] == last : ix->accepted[i] > own)
			if (read_shown(dir, ix->accepted[i], r, err, errlen))
				return -1;
	return 0;
}

int ww_recent_read(const char *dir, enum ww_side recipient, struct ww_recent *r,
		   char *err, size_t errlen)
{
	struct ww_record_index ix;
	memset(r, 0, sizeof *r);
	if (ww_record_index(dir, &ix)) {
		snprintf(err, errlen, "log/: does not read back to both sides' last orders "
			 "(wwjudge verify names the entry)");
		return -1;
	}
	int rc = recent_by_index(dir, recipient, &ix, r, err, errlen);
	if (rc <= 0) {
		if (rc < 0)
			ww_recent_free(r);
		return rc;
	}
	/* more than the index keeps: back from the last entry */
	for (int number = ix.next_entry - 1; number >= 1; number--) {
		struct ww_recent_step step;
		bool accepted;
		if (read_entry(dir, number, &accepted, &step, err, errlen)) {
			ww_recent_free(r);
			return -1;
		}
		if (!accepted)
			continue;
		/* the recipient's own last order ends what is new to them */
		if (recipient != WW_NOBODY && step.side == recipient && r->n) {
			ww_events_free(&step.ev);
			break;
		}
		if (add_step(r, &step, 0)) {
			ww_events_free(&step.ev);
			ww_recent_free(r);
			snprintf(err, errlen, "out of memory reading the log");
			return -1;
		}
		if (recipient == WW_NOBODY || step.side == recipient)
			break;
	}
	return 0;
}

int ww_history_read(const char *dir, struct ww_recent *r, char *err, size_t errlen)
{
	int last = last_entry(dir);
	memset(r, 0, sizeof *r);
	for (int number = 1; number <= last; number++) {
		struct ww_recent_step step;
		bool accepted;
		if (read_entry(dir, number, &accepted, &step, err, errlen)) {
			ww_recent_free(r);
			return -1;
		}
		if (accepted && add_step(r, &step, r->n)) {
			ww_events_free(&step.ev);
			ww_recent_free(r);
			snprintf(err, errlen, "out of memory reading the log");
			return -1;
		}
	}
	return 0;
}
