/* libFuzzer (issue 11): hostile header values through the real log entry
 * writer and back through the real readers. The input is up to six
 * NUL-separated fields: From, Message-ID, Date, the reason, the order
 * text, an IMAP id. Each is committed as a refused mail's log entry (and
 * seen lines) into one game in a temp dir; then the entry must read back
 * with libyaml as exactly the field made valid UTF-8 (text.h), the
 * Message-ID and IMAP id must be found by wj_record_seen as one line
 * each, and wj_record_verify must find nothing wrong. */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>
#include "fuzz.h"
#include "games.h"
#include "record.h"
#include "text.h"
#include "ww_game.h"

enum { SENDER, MESSAGE_ID, RECEIVED, REASON, ORDER, IMAP_ID, NFIELDS };
static const char *const KEYS[] = { "sender", "message_id", "received", "reason", "order" };

static char dir[64];

static void make_game(const struct ww_data *d)
{
	static struct wj_game g;
	struct game_events ev = { { 0 } };
	struct wj_dice dice = { 0 };
	struct wj_rng rng;
	char err[512];
	snprintf(dir, sizeof dir, "/tmp/ww-fuzz-XXXXXX");
	if (!mkdtemp(dir))
		abort();
	strcat(dir, "/g");
	if (wj_game_new(&g, &game_washingtons_war) < 0)
		abort();
	wj_dice_rng(&dice, &rng);
	ww_new_game(d, ww_state_of(g.state), &rng, ww_events_of(&ev));
	snprintf(g.meta.data_id, sizeof g.meta.data_id, "%s", d->id);
	snprintf(g.meta.data_dir, sizeof g.meta.data_dir, "%s", d->dir);
	snprintf(g.meta.addr[WW_AMERICAN], sizeof g.meta.addr[WW_AMERICAN], "a@example.org");
	snprintf(g.meta.addr[WW_BRITISH], sizeof g.meta.addr[WW_BRITISH], "b@example.org");
	wj_seed_commitment(g.seed, g.meta.commitment);
	g.data = ww_game_data_of(d);
	if (wj_record_create(dir, &g, &ev, err, sizeof err) != WJ_REC_OK) {
		fprintf(stderr, "fuzz: %s\n", err);
		abort();
	}
	ww_events_free(ww_events_of(&ev));
}

/* The scalar (a sequence: its first item) under each of KEYS in the entry. */
static void read_entry(char *got[NFIELDS])
{
	char path[128];
	yaml_parser_t p;
	yaml_document_t doc;
	snprintf(path, sizeof path, "%s/log/000002.yaml", dir);
	FILE *f = fopen(path, "r");
	if (!f)
		abort();
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, f);
	if (!yaml_parser_load(&p, &doc))
		abort(); /* the entry is not YAML */
	yaml_parser_delete(&p);
	fclose(f);
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	for (yaml_node_pair_t *pp = root->data.mapping.pairs.start;
	     pp < root->data.mapping.pairs.top; pp++) {
		yaml_node_t *k = yaml_document_get_node(&doc, pp->key);
		yaml_node_t *v = yaml_document_get_node(&doc, pp->value);
		if (v->type == YAML_SEQUENCE_NODE && v->data.sequence.items.start <
		    v->data.sequence.items.top)
			v = yaml_document_get_node(&doc, *v->data.sequence.items.start);
		for (int i = 0; i < IMAP_ID; i++)
			if (v->type == YAML_SCALAR_NODE &&
			    !strcmp((char *)k->data.scalar.value, KEYS[i]))
				got[i] = strdup((char *)v->data.scalar.value);
	}
	yaml_document_delete(&doc);
}

static void check(const char *what, const char *raw, const char *got)
{
	static char want[3 * 65536 + 1];
	wj_text_clean(want, sizeof want, raw, strlen(raw));
	if (!got || strcmp(got, want)) {
		fprintf(stderr, "fuzz: %s reads back as \"%s\", not \"%s\"\n", what,
			got ? got : "(nothing)", want);
		abort();
	}
}

/* Lines in the files of seen.d/; with `clear`, the files go. */
static int seen_lines(bool clear)
{
	char path[400];
	int n = 0, c;
	snprintf(path, sizeof path, "%s/seen.d", dir);
	DIR *dp = opendir(path);
	if (!dp)
		abort();
	for (struct dirent *e; (e = readdir(dp));) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/seen.d/%s", dir, e->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			abort();
		while ((c = fgetc(f)) != EOF)
			n += c == '\n';
		fclose(f);
		if (clear)
			unlink(path);
	}
	closedir(dp);
	return n;
}

/* Back to the new game: no entry 2, nothing seen, the index read from
 * the log again. */
static void reset(void)
{
	char path[128];
	snprintf(path, sizeof path, "%s/log/000002.yaml", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/index", dir);
	unlink(path);
	seen_lines(true);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ww_data *d = fuzz_data();
	char *buf = malloc(size + 1), *field[NFIELDS] = { 0 }, *got[NFIELDS] = { 0 }, err[512];
	if (!dir[0])
		make_game(d);
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (int i = 0, at = 0; i < NFIELDS; i++) {
		field[i] = at <= (int)size ? buf + at : buf + size;
		at += (int)strlen(field[i]) + 1;
	}
	struct wj_log_entry e = { .side = WW_AMERICAN, .rejected = true,
				  .sender = field[SENDER], .message_id = field[MESSAGE_ID],
				  .received = field[RECEIVED], .reason = field[REASON],
				  .order_text = field[ORDER] };
	if (wj_record_commit_files(dir, NULL, NULL, &e, NULL, 0, field[IMAP_ID], err,
				   sizeof err) != WJ_REC_OK) {
		fprintf(stderr, "fuzz: %s\n", err);
		abort();
	}
	read_entry(got);
	for (int i = 0; i < ORDER; i++)
		check(KEYS[i], field[i], got[i]);
	size_t first = strcspn(field[ORDER], "\n"); /* the writer keeps 1023 bytes a line */
	field[ORDER][first < 1023 ? first : 1023] = '\0';
	if (got[ORDER] || *field[ORDER])
		check("order", field[ORDER], got[ORDER]);
	if ((*field[MESSAGE_ID] && !wj_record_seen(dir, field[MESSAGE_ID])) ||
	    (*field[IMAP_ID] && !wj_record_seen(dir, field[IMAP_ID])) ||
	    seen_lines(false) != !!*field[MESSAGE_ID] + !!*field[IMAP_ID])
		abort(); /* a seen line lost or split */
	if (wj_record_verify(dir, ww_game_data_of(d), stderr) != 0)
		abort();
	for (int i = 0; i < NFIELDS; i++)
		free(got[i]);
	free(buf);
	reset();
	return 0;
}
