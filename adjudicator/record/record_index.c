/* The index: who is asked and which entries were accepted (record.h, docs/record.md). */
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



/* ---- the index ---- */

/* Whether entry `number` was accepted, and whose it is. */
static int entry_facts(struct wj_record_log *log, const struct game *game, int number,
		       bool *accepted, int *side)
{
	char *text, why[256];
	size_t len;
	yaml_document_t doc;
	if (wj_record_entry(log, number, &text, &len) < 0)
		return -1;
	int rc = wj_yaml_load(text, len, &doc, why, sizeof why);
	free(text);
	if (rc < 0)
		return -1;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	bool rejected = false;
	rc = wj_yaml_bool(wj_yaml_get(&doc, root, "rejected"), &rejected, why, sizeof why);
	*accepted = !rejected;
	*side = wj_rec_side_of(game, wj_yaml_str(wj_yaml_get(&doc, root, "side")));
	yaml_document_delete(&doc);
	return rc < 0 || *side < 0 ? -1 : 0;
}

/* The index after entry `number`, as a commit writes it. */
void wj_rec_index_add(struct wj_record_index *ix, int number, bool accepted, int side)
{
	ix->next_entry = number + 1;
	if (!accepted)
		return;
	if (side == WJ_REC_SIDE_1 || side == WJ_REC_SIDE_2)
		ix->last_order[side] = number;
	if (ix->naccepted == WJ_INDEX_ACCEPTED) {
		ix->accepted_from = ix->accepted[0] + 1;
		memmove(ix->accepted, ix->accepted + 1, (size_t)--ix->naccepted * sizeof *ix->accepted);
	}
	ix->accepted[ix->naccepted++] = number;
}

/* The number of log entry file `name` ("000012.yaml"), or -1 for another
 * name. */
int wj_rec_entry_number(const char *name)
{
	int n, used = 0;
	return sscanf(name, "%6d.yaml%n", &n, &used) == 1 && used == 11 ? n : -1;
}

/* The number after the highest entry in log/ (games made before the index). */
static int list_next_entry(const char *dir)
{
	char path[PATH_MAX];
	int max = 0;
	if (wj_rec_join(path, dir, "log") < 0)
		return -1;
	DIR *dp = opendir(path);
	if (!dp)
		return -1;
	struct dirent *e;
	while ((e = readdir(dp)))
		if (wj_rec_entry_number(e->d_name) > max)
			max = wj_rec_entry_number(e->d_name);
	closedir(dp);
	return max + 1;
}

/* The index from the log: back from the last entry until both sides'
 * last orders and the accepted entry before the last WJ_INDEX_ACCEPTED
 * are found. */
int wj_rec_index_scan(const char *dir, const struct game *game, struct wj_record_index *ix)
{
	memset(ix, 0, sizeof *ix);
	ix->waiting = -1;
	if ((ix->next_entry = list_next_entry(dir)) < 0)
		return -1;
	bool full = false;
	struct wj_record_log log = { .dir = dir };
	int rc = 0;
	for (int n = ix->next_entry - 1; n >= 1 && (!ix->last_order[WJ_REC_SIDE_1] ||
	     !ix->last_order[WJ_REC_SIDE_2] || !full); n--) {
		bool accepted;
		int side;
		if ((rc = entry_facts(&log, game, n, &accepted, &side)) < 0)
			break;
		if (!accepted)
			continue;
		if ((side == WJ_REC_SIDE_1 || side == WJ_REC_SIDE_2) && !ix->last_order[side])
			ix->last_order[side] = n;
		if (ix->naccepted == WJ_INDEX_ACCEPTED) {
			ix->accepted_from = full ? ix->accepted_from : n + 1;
			full = true;
			continue;
		}
		memmove(ix->accepted + 1, ix->accepted, (size_t)ix->naccepted++ * sizeof *ix->accepted);
		ix->accepted[0] = n;
	}
	wj_record_log_close(&log);
	return rc;
}

void wj_rec_index_write(FILE *f, const struct wj_record_index *ix, const struct game *game)
{
	fprintf(f, "# the log at a glance, kept by every commit (docs/record.md)\n"
		"next_entry: %d\nlast_order: %d %d\naccepted_from: %d\naccepted:",
		ix->next_entry, ix->last_order[WJ_REC_SIDE_1], ix->last_order[WJ_REC_SIDE_2],
		ix->accepted_from);
	for (int i = 0; i < ix->naccepted; i++)
		fprintf(f, " %d", ix->accepted[i]);
	char words[GAME_MAX_SIDES * 24];
	wj_rec_waiting_words(game, ix->waiting, words, sizeof words);
	fprintf(f, "\nwaiting: %s\n", ix->waiting < 0 ? "unknown" : words);
}

int wj_rec_index_parse(char *text, const struct game *game, struct wj_record_index *ix)
{
	char words[GAME_MAX_SIDES * 24] = "";
	int used, got = 0;
	memset(ix, 0, sizeof *ix);
	for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "next_entry: %d", &ix->next_entry) == 1 ||
		    sscanf(line, "last_order: %d %d", &ix->last_order[WJ_REC_SIDE_1],
			   &ix->last_order[WJ_REC_SIDE_2]) == 2 ||
		    sscanf(line, "accepted_from: %d", &ix->accepted_from) == 1 ||
		    sscanf(line, "waiting: %95[a-z ,]", words) == 1) {
			got++;
			continue;
		}
		if (strncmp(line, "accepted:", 9) != 0)
			continue;
		got++;
		for (char *p = line + 9; ix->naccepted < WJ_INDEX_ACCEPTED &&
		     sscanf(p, "%d%n", &ix->accepted[ix->naccepted], &used) == 1; p += used)
			ix->naccepted++;
	}
	bool unknown = !strcmp(words, "unknown");
	ix->waiting = unknown ? -1 : wj_rec_waiting_of(game, words);
	return got == 5 && ix->next_entry >= 2 && (ix->waiting >= 0 || unknown) ? 0 : -1;
}

int wj_rec_index(const char *dir, const struct game *game, struct wj_record_index *ix)
{
	char *text;
	size_t len;
	if (wj_rec_read(dir, "index", &text, &len) == 0) {
		int rc = wj_rec_index_parse(text, game, ix);
		free(text);
		/* passed by a later entry (written by a judge before the index) */
		if (rc == 0 && !wj_rec_entry_exists(dir, ix->next_entry))
			return 0;
	}
	return wj_rec_index_scan(dir, game, ix);
}

int wj_record_index(const char *dir, struct wj_record_index *ix)
{
	const struct game *game = wj_rec_dir_game(dir, NULL, 0);
	return game ? wj_rec_index(dir, game, ix) : -1;
}
