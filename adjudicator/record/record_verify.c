/* verify: the record checked against itself (record.h, docs/record.md). */
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



/* ---- verify ---- */

struct checker {
	FILE *out;
	int problems;
	bool export; /* an export holds no seen.d/ nor secret/mail.yaml (docs/record.md) */
};

/* Log entry numbers on disk and in a committed journal, sorted, unique. */
struct roll_check {
	const unsigned char *seed;
	bool revealed;
	long long last_accepted; /* highest index in an accepted entry */
};

static void check_rolls(struct checker *c, const char *rel, yaml_document_t *doc,
			struct roll_check *rc)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);
	yaml_node_t *events = wj_yaml_get(doc, root, "events");
	yaml_node_t *rej = wj_yaml_get(doc, root, "rejected");
	bool rejected = false;
	char why[256];
	long long last = -1;
	if (!rej || wj_yaml_bool(rej, &rejected, why, sizeof why) < 0)
		wj_problem(c->out, &c->problems, "%s: no rejected: true|false", rel);
	if (!events || events->type != YAML_SEQUENCE_NODE) {
		wj_problem(c->out, &c->problems, "%s: no events: list", rel);
		return;
	}
	for (yaml_node_item_t *i = events->data.sequence.items.start;
	     i < events->data.sequence.items.top; i++) {
		yaml_node_t *roll = wj_yaml_get(doc, yaml_document_get_node(doc, *i), "roll");
		long long index, value;
		bool forced = false;
		if (!roll)
			continue;
		if (wj_yaml_int(wj_yaml_get(doc, roll, "index"), 0, INT64_MAX, &index, why, sizeof why) < 0 ||
		    wj_yaml_int(wj_yaml_get(doc, roll, "value"), 1, 6, &value, why, sizeof why) < 0 ||
		    wj_yaml_bool(wj_yaml_get(doc, roll, "forced"), &forced, why, sizeof why) < 0) {
			wj_problem(c->out, &c->problems, "%s: %s", rel, why);
			continue;
		}
		if (index <= last)
			wj_problem(c->out, &c->problems, "%s line %d: roll %lld does not follow roll %lld", rel,
				wj_yaml_line(roll), index, last);
		if (!rejected && index <= rc->last_accepted && index > last)
			wj_problem(c->out, &c->problems, "%s line %d: roll %lld was already used before this entry", rel,
				wj_yaml_line(roll), index);
		last = index;
		if (!rejected && index > rc->last_accepted)
			rc->last_accepted = index;
		if (rc->revealed && !forced && wj_dice_roll(rc->seed, (uint64_t)index) != value)
			wj_problem(c->out, &c->problems, "%s line %d: roll %lld is logged as %lld but the seed gives %d",
				rel, wj_yaml_line(roll), index, value,
				wj_dice_roll(rc->seed, (uint64_t)index));
	}
}

/* An entry of orders accepted from a mail: its Message-ID is seen, so the
 * same mail is never applied twice (a lost or damaged file of seen.d/
 * shows here). */
static void check_entry_seen(struct checker *c, const char *dir, const char *rel,
			     yaml_document_t *doc)
{
	char why[256];
	bool rejected = true;
	yaml_node_t *root = yaml_document_get_root_node(doc);
	const char *id = wj_yaml_str(wj_yaml_get(doc, root, "message_id"));
	const char *side = wj_yaml_str(wj_yaml_get(doc, root, "side"));
	if (!id || !*id || !side || !strcmp(side, "nobody") ||
	    wj_yaml_bool(wj_yaml_get(doc, root, "rejected"), &rejected, why, sizeof why) < 0 ||
	    rejected)
		return;
	/* marked as the side's since issue 20 ("SIDE:<id>"), the id alone before */
	char side_id[600];
	snprintf(side_id, sizeof side_id, "%s:%s", side, id);
	int rc = wj_record_seen_check(dir, side_id, why, sizeof why);
	if (rc == 0)
		rc = wj_record_seen_check(dir, id, why, sizeof why);
	if (rc < 0)
		wj_problem(c->out, &c->problems, "%s", why);
	else if (rc == 0)
		wj_problem(c->out, &c->problems, "%s: its mail %s is not in seen.d/ (a file of seen.d/ "
			   "is lost or damaged: the same mail would be applied again)", rel, id);
}

static void check_log(struct checker *c, const char *dir, struct roll_check *rc)
{
	const int max = 100000;
	int *v = malloc(max * sizeof *v);
	int n = v ? wj_rec_log_numbers(dir, v, max) : -1;
	if (n < 0) {
		wj_problem(c->out, &c->problems, "log/: cannot be read: %s", strerror(errno));
		free(v);
		return;
	}
	struct wj_record_log log = { .dir = dir };
	for (int i = 0; i < n; i++) {
		char rel[64], *text, why[256];
		size_t len;
		yaml_document_t doc;
		if (v[i] != i + 1) {
			wj_problem(c->out, &c->problems, "log/: entry %06d is missing (found %06d next)", i + 1, v[i]);
			break;
		}
		snprintf(rel, sizeof rel, "log/%06d.yaml", v[i]);
		if (wj_record_entry(&log, v[i], &text, &len) < 0) {
			wj_problem(c->out, &c->problems, "%s: cannot be read: %s", rel, strerror(errno));
			continue;
		}
		if (wj_yaml_load(text, len, &doc, why, sizeof why) < 0) {
			wj_problem(c->out, &c->problems, "%s: %s", rel, why);
			free(text);
			continue;
		}
		free(text);
		check_rolls(c, rel, &doc, rc);
		if (!c->export)
			check_entry_seen(c, dir, rel, &doc);
		yaml_document_delete(&doc);
	}
	wj_record_log_close(&log);
	free(v);
}

/* Each file of seen.d/ reads, ends its last line, and holds only the
 * lines that belong in it: a damaged file is named, not taken for one
 * holding fewer mails. */
static void check_seen_files(struct checker *c, const char *dir)
{
	for (int i = 0; i < WJ_REC_SEEN_FILES; i++) {
		char rel[16], want[16], *text;
		size_t len;
		snprintf(rel, sizeof rel, "seen.d/%02x", i);
		if (wj_rec_read(dir, rel, &text, &len) < 0) {
			if (errno != ENOENT)
				wj_problem(c->out, &c->problems, "%s: cannot be read: %s", rel,
					   strerror(errno));
			continue;
		}
		int line = 1;
		for (const char *p = text, *end = text + len; p < end; line++) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
			char id[1024];
			snprintf(id, sizeof id, "%.*s", (int)(k < sizeof id ? k : sizeof id - 1), p);
			wj_rec_seen_file(id, want);
			if (!nl || !k || memchr(p, '\0', k) || strlen(id) != k || strcmp(want, rel)) {
				wj_problem(c->out, &c->problems, "%s line %d: damaged (%s)", rel, line,
					   !nl ? "cut short" : "not a line this file holds");
				break;
			}
			p = nl + 1;
		}
		free(text);
	}
}

static void check_public(struct checker *c, const char *dir, const struct game_data *d,
			 const struct wj_game *g)
{
	char *want = NULL, *have;
	size_t wantlen = 0, havelen;
	FILE *m = open_memstream(&want, &wantlen);
	if (!m)
		return;
	wj_rec_game_yaml(m, wj_rec_game(g), d, g);
	fclose(m);
	if (wj_rec_read(dir, "game.yaml", &have, &havelen) == 0) {
		size_t i = 0;
		int line = 1;
		while (i < havelen && i < wantlen && have[i] == want[i])
			line += have[i++] == '\n';
		if (i != havelen || i != wantlen)
			wj_problem(c->out, &c->problems, "game.yaml line %d: differs from the public part of secret/state.yaml",
				line);
		free(have);
	}
	free(want);
}

static bool exists_in(const char *dir, const char *rel)
{
	char path[PATH_MAX];
	return wj_rec_join(path, dir, rel) == 0 && access(path, F_OK) == 0;
}

/* The index's accepted entries are the log's from its accepted_from on:
 * the last WJ_INDEX_ACCEPTED, or (an index written before they were kept)
 * those from the older of the two last orders on. */
static bool same_accepted(const struct wj_record_index *kept,
			  const struct wj_record_index *log)
{
	int k = 0;
	while (k < log->naccepted && log->accepted[k] < kept->accepted_from)
		k++;
	return kept->accepted_from >= log->accepted_from &&
	       kept->naccepted == log->naccepted - k &&
	       !memcmp(kept->accepted, log->accepted + k, (size_t)kept->naccepted * sizeof *log->accepted);
}

/* GAME/index says what the log and the state say. Nothing to check in a
 * game made before the index, while a commit is being finished (a
 * journal), or when a later entry has passed the index (readers then
 * take the log's word, wj_record_index). */
static void check_index(struct checker *c, const char *dir, const struct game *game,
			const struct game_state *s)
{
	struct wj_record_index kept, log;
	char *text;
	size_t len;
	if (exists_in(dir, "journal") || wj_rec_read(dir, "index", &text, &len) < 0)
		return;
	int bad = wj_rec_index_parse(text, game, &kept);
	free(text);
	if (bad) {
		wj_problem(c->out, &c->problems, "index: not the index docs/record.md describes");
		return;
	}
	if (wj_rec_entry_exists(dir, kept.next_entry))
		return;
	if (wj_rec_index_scan(dir, game, &log) < 0)
		return; /* the log's own problems are said by check_log */
	int waiting = wj_rec_waiting_for(game, s);
	if (kept.next_entry != log.next_entry)
		wj_problem(c->out, &c->problems, "index: next_entry %d, but the log's next entry is %d", kept.next_entry,
			log.next_entry);
	for (int side = WJ_REC_SIDE_1; side <= WJ_REC_SIDE_2; side++)
		if (kept.last_order[side] != log.last_order[side])
			wj_problem(c->out, &c->problems, "index: the %s's last order is entry %d, but in the log it is %d",
				wj_rec_side(game, side), kept.last_order[side], log.last_order[side]);
	if (!same_accepted(&kept, &log))
		wj_problem(c->out, &c->problems, "index: its accepted entries are not the log's");
	char kept_words[GAME_MAX_SIDES * 24], words[GAME_MAX_SIDES * 24];
	wj_rec_waiting_words(game, kept.waiting, kept_words, sizeof kept_words);
	wj_rec_waiting_words(game, waiting, words, sizeof words);
	if (kept.waiting >= 0 && kept.waiting != waiting)
		wj_problem(c->out, &c->problems, "index: waiting for %s, but secret/state.yaml waits for %s",
			kept_words, words);
}

static int verify(const char *dir, const struct game_data *d, FILE *out, bool export)
{
	struct checker c = { out, 0, export };
	struct wj_game *g = calloc(1, sizeof *g);
	char err[512], commitment[WJ_COMMIT_HEX], hex[WJ_COMMIT_HEX];
	if (!g) {
		wj_problem(c.out, &c.problems, "out of memory");
		return c.problems;
	}
	g->data = d;
	if (wj_rec_read_game_yaml(dir, g, &g->meta, &d, err, sizeof err) ||
	    wj_rec_read_seed(dir, g->seed, err, sizeof err) ||
	    wj_rec_read_secret_state(dir, d, g, err, sizeof err)) {
		wj_problem(c.out, &c.problems, "%s", err);
		wj_game_free(g);
		free(g);
		return c.problems;
	}
	const struct game *game = wj_rec_game(g);
	wj_seed_commitment(g->seed, commitment);
	if (strcmp(commitment, g->meta.commitment) != 0)
		wj_problem(c.out, &c.problems, "secret/seed: its hash %s is not the commitment %s in game.yaml",
			commitment, g->meta.commitment);
	wj_seed_to_hex(g->seed, hex);
	if (g->meta.seed_revealed && strcmp(hex, g->meta.seed_hex) != 0)
		wj_problem(c.out, &c.problems, "game.yaml: the revealed seed is not the one in secret/seed");
	if (wj_rec_game_over(g) && !g->meta.seed_revealed)
		wj_problem(c.out, &c.problems, "game.yaml: the game is over but the seed is not revealed "
			"(seed_revealed: false)");
	check_public(&c, dir, d, g);
	struct roll_check rc = { g->seed, g->meta.seed_revealed, -1 };
	check_log(&c, dir, &rc);
	if (!export)
		check_seen_files(&c, dir);
	if (!export && !exists_in(dir, WJ_REC_MAIL_SECRETS) &&
	    wj_record_mail_secrets_expected(dir) != 0)
		wj_problem(c.out, &c.problems, "game damaged: " WJ_REC_MAIL_SECRETS " is missing (the "
			   "game is played by mail: its passwords, move tokens and pause are lost)");
	check_index(&c, dir, game, g->state);
	if (game->state_check)
		c.problems += game->state_check(out, d, g->state, "secret/state.yaml",
						 rc.last_accepted);
	wj_game_free(g);
	free(g);
	return c.problems;
}

int wj_record_verify(const char *dir, const struct game_data *d, FILE *out)
{
	return verify(dir, d, out, false);
}

int wj_record_verify_export(const char *dir, const struct game_data *d, FILE *out)
{
	return verify(dir, d, out, true);
}
