/* Reading a game from its directory (record.h, docs/record.md). */
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



/* ---- reading a game ---- */

static enum wj_rec_status corrupt(char *err, size_t errlen, const char *file,
				  const char *why)
{
	wj_why(err, errlen, "%s: %s", file, why);
	return WJ_REC_CORRUPT;
}

/* The game meta's `game:` names (absent: the registry's first, games.h,
 * which records made before there was a second game are). */
static enum wj_rec_status meta_game(yaml_document_t *doc, yaml_node_t *map,
				    const struct game **game, char *err, size_t errlen)
{
	yaml_node_t *v = wj_yaml_get(doc, map, "game");
	const char *name = v ? wj_yaml_str(v) : game_at(0)->name;
	char why[400], known[128];
	if (name && (*game = game_find(name)))
		return WJ_REC_OK;
	game_names(known, sizeof known);
	wj_why(why, sizeof why, "line %d: game: %s is not a game this judge plays (it plays: "
		 "%s)", wj_yaml_line(v), name ? name : "(not a name)", known);
	return corrupt(err, errlen, "game.yaml", why);
}

/* Where meta's text `key` goes in *m, and its size; NULL: no such key. */
static char *meta_text(struct wj_meta *m, const struct game *game, const char *key,
		       size_t *size)
{
	enum { NKEYS = 7 };
	static const char *const keys[NKEYS] = { "game", "data_id", "data_dir", "commitment",
						 "seed", "scenario", "initial_state" };
	char *const fields[NKEYS] = { m->game, m->data_id, m->data_dir, m->commitment,
				      m->seed_hex, m->scenario, m->initial_state };
	const size_t sizes[NKEYS] = { sizeof m->game, sizeof m->data_id, sizeof m->data_dir,
				      sizeof m->commitment, sizeof m->seed_hex,
				      sizeof m->scenario, sizeof m->initial_state };
	for (int side = 1; key && side <= game->nsides; side++)
		if (!strcmp(key, game->side[side].word)) {
			*size = sizeof m->addr[side];
			return m->addr[side];
		}
	for (int i = 0; key && i < NKEYS; i++)
		if (!strcmp(key, keys[i])) {
			*size = sizes[i];
			return fields[i];
		}
	return NULL;
}

void wj_rec_option_words(const struct game *game, unsigned bits, char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int i = 0; game->options && game->options[i].word && o < len; i++)
		if (bits & (1u << i))
			o += (size_t)snprintf(out + o, len - o, "%s%s", o ? ", " : "",
					      game->options[i].word);
}

unsigned wj_rec_option_bit(const struct game *game, const char *word, char *why, size_t whylen)
{
	int i = 0;
	for (; game->options && game->options[i].word; i++)
		if (!strcmp(game->options[i].word, word))
			return 1u << i;
	if (!i) {
		wj_why(why, whylen, "'%s': %s has no optional rules", word, game->title);
		return 0;
	}
	char words[GAME_MAX_OPTIONS * 40];
	wj_rec_option_words(game, (1u << i) - 1, words, sizeof words);
	wj_why(why, whylen, "'%s' is not an optional rule of %s (its options: %s)", word,
		 game->title, words);
	return 0;
}

/* The option a key of a record made before options were a list names,
 * "NAME_rule: true" for the game's option NAME ("tournament_rule"): its
 * bit, or 0. */
static unsigned old_option(const struct game *game, const char *key)
{
	size_t n = key ? strlen(key) : 0;
	char word[64], why[300];
	if (n <= 5 || n - 5 >= sizeof word || strcmp(key + n - 5, "_rule"))
		return 0;
	snprintf(word, sizeof word, "%.*s", (int)(n - 5), key);
	return wj_rec_option_bit(game, word, why, sizeof why);
}

/* meta's `options: [WORD, ...]` into *bits. */
static int meta_options(yaml_document_t *doc, yaml_node_t *v, const struct game *game,
			unsigned *bits, char *why, size_t whylen)
{
	char problem[300];
	if (v->type != YAML_SEQUENCE_NODE) {
		wj_why(why, whylen, "line %d: options must be a list of words", wj_yaml_line(v));
		return -1;
	}
	for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
	     it++) {
		yaml_node_t *w = yaml_document_get_node(doc, *it);
		unsigned bit = wj_yaml_str(w) ? wj_rec_option_bit(game, wj_yaml_str(w), problem,
								   sizeof problem) : 0;
		if (!bit) {
			wj_why(why, whylen, "line %d: options: %s", wj_yaml_line(w),
			       wj_yaml_str(w) ? problem : "each must be a word");
			return -1;
		}
		*bits |= bit;
	}
	return 0;
}

static enum wj_rec_status read_meta(yaml_document_t *doc, yaml_node_t *root,
				    struct wj_meta *m, const struct game **game,
				    char *err, size_t errlen)
{
	char why[256];
	yaml_node_t *map = wj_yaml_get(doc, root, "meta");
	enum wj_rec_status st;
	memset(m, 0, sizeof *m);
	if (!map || map->type != YAML_MAPPING_NODE)
		return corrupt(err, errlen, "game.yaml", "no meta: mapping");
	if ((st = meta_game(doc, map, game, err, errlen)))
		return st;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		yaml_node_t *v = yaml_document_get_node(doc, p->value);
		const char *key = wj_yaml_str(k), *val = wj_yaml_str(v);
		size_t size = 0;
		char *field = meta_text(m, *game, key, &size);
		if (key && strcmp(key, "seed_revealed") == 0) {
			if (wj_yaml_bool(v, &m->seed_revealed, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			continue;
		}
		unsigned old = old_option(*game, key);
		bool on;
		if (old) {
			if (wj_yaml_bool(v, &on, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			m->options |= on ? old : 0;
			continue;
		}
		if (key && !strcmp(key, "options")) {
			if (meta_options(doc, v, *game, &m->options, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			continue;
		}
		if (key && strcmp(key, "mail_secrets") == 0) {
			if (wj_yaml_bool(v, &m->mail_secrets, why, sizeof why) < 0)
				return corrupt(err, errlen, "game.yaml", why);
			continue;
		}
		if (!field) {
			wj_why(why, sizeof why, "line %d: unknown meta key %s", wj_yaml_line(k),
				 key ? key : "(not a name)");
			return corrupt(err, errlen, "game.yaml", why);
		}
		if (!val || strlen(val) >= size) {
			wj_why(why, sizeof why, "line %d: %s must be text of at most %zu characters",
				 wj_yaml_line(v), key, size - 1);
			return corrupt(err, errlen, "game.yaml", why);
		}
		strcpy(field, val);
	}
	return WJ_REC_OK;
}

/* GAME/game.yaml read and parsed into *doc. */
/* game.yaml as a document, and its text in *keep (to be freed) unless
 * keep is NULL. */
enum wj_rec_status wj_rec_load_game_yaml(const char *dir, yaml_document_t *doc, char **keep,
					 char *err, size_t errlen)
{
	char *text, why[300];
	size_t len;
	if (wj_rec_read(dir, "game.yaml", &text, &len) < 0) {
		if (errno == ENOENT) {
			wj_why(err, errlen, "no game in %s (no game.yaml)", dir);
			return WJ_REC_MISSING;
		}
		return wj_rec_io_fail(err, errlen, "reading", "game.yaml");
	}
	/* the meta alone: the public state after it is the game's to read */
	const char *end = wj_rec_meta_end(text);
	int rc = wj_yaml_load(text, end ? (size_t)(end - text) : len, doc, why, sizeof why);
	if (keep && rc == 0)
		*keep = text;
	else
		free(text);
	return rc < 0 ? corrupt(err, errlen, "game.yaml", why) : WJ_REC_OK;
}

enum wj_rec_status wj_rec_game_in(const char *dir, const struct game **game,
				   char *err, size_t errlen)
{
	yaml_document_t doc;
	enum wj_rec_status st = wj_rec_load_game_yaml(dir, &doc, NULL, err, errlen);
	if (st)
		return st;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	yaml_node_t *map = root ? wj_yaml_get(&doc, root, "meta") : NULL;
	st = map && map->type == YAML_MAPPING_NODE ? meta_game(&doc, map, game, err, errlen) :
		corrupt(err, errlen, "game.yaml", "no meta: mapping");
	yaml_document_delete(&doc);
	return st;
}

const struct game *wj_rec_dir_game(const char *dir, char *err, size_t errlen)
{
	const struct game *game = NULL;
	return wj_rec_game_in(dir, &game, err, errlen) ? NULL : game;
}

const char *wj_rec_meta_end(const char *text)
{
	const char *meta = strncmp(text, "meta:\n", 6) ? strstr(text, "\nmeta:\n") : text;
	const char *end = meta;
	while (end && (end = strchr(end + 1, '\n')) && end[1] == ' ')
		;
	return end ? end + 1 : NULL;
}

/* game.yaml's text after its meta: the text with its lines up to the end
 * of the `meta:` block blanked, so that the game's reader tells the
 * file's own line numbers. */
static void blank_meta(char *text)
{
	const char *end = wj_rec_meta_end(text);
	for (char *c = text; end && c < end - 1; c++)
		if (*c != '\n')
			*c = ' ';
}

/* The public state of game.yaml reads (checked, not kept). */
static enum wj_rec_status read_public_state(const struct game *game, const struct game_data *d,
					    char *text, char *err, size_t errlen)
{
	struct game_state *pub = game_state_new(game);
	char why[300];
	enum wj_rec_status st = WJ_REC_OK;
	if (!pub)
		return wj_rec_io_fail(err, errlen, "reading", "game.yaml");
	blank_meta(text);
	if (game->state_read(text, strlen(text), d, pub, false, why, sizeof why) < 0)
		st = corrupt(err, errlen, "game.yaml", why);
	game_state_free(game, pub);
	return st;
}

/* game.yaml: the meta and its game; the file's text in *text. */
static enum wj_rec_status read_game_meta(const char *dir, struct wj_game *g, struct wj_meta *m,
					 const struct game_data **d, char **text, char *err,
					 size_t errlen)
{
	yaml_document_t doc;
	enum wj_rec_status st = wj_rec_load_game_yaml(dir, &doc, text, err, errlen);
	if (st)
		return st;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	st = read_meta(&doc, root, m, &g->game, err, errlen);
	if (!st && !(*d = wj_rec_data_for(g, m->data_dir, err, errlen)))
		st = WJ_REC_IO;
	yaml_document_delete(&doc);
	if (st) {
		free(*text);
		*text = NULL;
	}
	return st;
}

/* game.yaml: the meta and its game, and the public state (checked, not kept). */
enum wj_rec_status wj_rec_read_game_yaml(const char *dir, struct wj_game *g,
					 struct wj_meta *m, const struct game_data **d,
					 char *err, size_t errlen)
{
	char *text = NULL;
	enum wj_rec_status st = read_game_meta(dir, g, m, d, &text, err, errlen);
	if (!st)
		st = read_public_state(g->game, *d, text, err, errlen);
	free(text);
	return st;
}

/* game.yaml's public state, checked against the secret state g holds: the
 * bytes the commit writes (so, as a rule, a comparison), else it must
 * at least read, as an older judge's bytes do. */
static enum wj_rec_status check_public_state(const struct wj_game *g, const struct game_data *d,
					    char *text, char *err, size_t errlen)
{
	char *mine = NULL;
	size_t len = 0;
	const char *stored = wj_rec_meta_end(text);
	FILE *f = open_memstream(&mine, &len);
	if (!f)
		return wj_rec_io_fail(err, errlen, "reading", "game.yaml");
	int rc = wj_rec_public_state(f, wj_rec_game(g), d, g->state);
	bool same = fclose(f) == 0 && rc == 0 && stored && strcmp(mine, stored) == 0;
	free(mine);
	return same ? WJ_REC_OK : read_public_state(wj_rec_game(g), d, text, err, errlen);
}

enum wj_rec_status wj_rec_read_seed(const char *dir, unsigned char seed[WJ_SEED_BYTES],
				    char *err, size_t errlen)
{
	char *text;
	size_t len;
	if (wj_rec_read(dir, "secret/seed", &text, &len) < 0)
		return wj_rec_io_fail(err, errlen, "reading", "secret/seed");
	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	int rc = wj_seed_from_hex(text, seed);
	free(text);
	return rc < 0 ? corrupt(err, errlen, "secret/seed", "line 1: expected 64 hex digits") : WJ_REC_OK;
}

/* secret/state.yaml into g->state, allocated by g's game. */
enum wj_rec_status wj_rec_read_secret_state(const char *dir, const struct game_data *d,
					    struct wj_game *g, char *err, size_t errlen)
{
	const struct game *game = wj_rec_game(g);
	char *text, why[300];
	size_t len;
	if (!(g->state = game_state_new(game)))
		return wj_rec_io_fail(err, errlen, "reading", "secret/state.yaml");
	if (wj_rec_read(dir, "secret/state.yaml", &text, &len) < 0)
		return wj_rec_io_fail(err, errlen, "reading", "secret/state.yaml");
	int rc = game->state_read(text, len, d, g->state, true, why, sizeof why);
	free(text);
	return rc < 0 ? corrupt(err, errlen, "secret/state.yaml", why) : WJ_REC_OK;
}

enum wj_rec_status wj_record_load(const char *dir, struct wj_game *g,
				  char *err, size_t errlen)
{
	const struct game_data *d = NULL;
	struct wj_game *ng = calloc(1, sizeof *ng);
	enum wj_rec_status st;
	char commitment[WJ_COMMIT_HEX];
	if (!ng)
		return WJ_REC_IO;
	char *text = NULL;
	ng->data = g->data;
	if ((st = read_game_meta(dir, ng, &ng->meta, &d, &text, err, errlen)))
		goto out;
	if ((st = wj_rec_read_seed(dir, ng->seed, err, errlen)) ||
	    (st = wj_rec_read_secret_state(dir, d, ng, err, errlen))) {
		/* game.yaml is told first, when it does not read either */
		enum wj_rec_status pub = read_public_state(ng->game, d, text, err, errlen);
		st = pub ? pub : st;
		goto out;
	}
	if ((st = check_public_state(ng, d, text, err, errlen)))
		goto out;
	wj_seed_commitment(ng->seed, commitment);
	if (strcmp(commitment, ng->meta.commitment) != 0) {
		st = corrupt(err, errlen, "secret/seed", "does not match the commitment in game.yaml");
		goto out;
	}
	ng->data = d;
	wj_game_free(g);
	memcpy(g, ng, sizeof *g);
	ng->state = NULL;
out:
	free(text);
	wj_game_free(ng);
	free(ng);
	return st;
}
