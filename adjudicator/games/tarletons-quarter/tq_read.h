/* What tq_data.c, tq_scenario.c and tq_map.c share to read a YAML file of
 * the data: a reader over one file, and readers of the values its records
 * hold, each reporting what was wrong at file:line and what would be
 * accepted (tq_read.c). The data's loaders' own. */
#ifndef TQ_READ_H
#define TQ_READ_H

#include <stdbool.h>
#include <yaml.h>
#include "tq_data.h"
#include "yaml_file.h"

struct tq_reader {
	struct tq_data *d;
	struct wj_data_problems *p;
	yaml_document_t doc;
	char file[64];           /* as problems name it: "scenarios/17.1.yaml" */
};

/* A word of the data's vocabulary and what it stands for. */
struct tq_word {
	const char *name;
	int value;
};

extern const struct tq_word TQ_SIDE_WORDS[];
extern const struct tq_word TQ_COLONY_CODES[]; /* GA, SC, NC, VA (militia) */
extern const struct tq_word TQ_UNIT_WORDS[];   /* units.yaml's movement: keys */

/* The keys every record may carry to say where it comes from and what is
 * unclear (docs/tarletons-quarter-data.md), ending a field list. */
#define TQ_NOTES { "source", 0 }, { "section", 0 }, { "sections", 0 }, { "text", 0 }, \
		 { "why", 0 }, { "note", 0 }, { "notes", 0 }, { "ambiguity", 0 }, { NULL, 0 }

#define TQ_PROBLEM(r, n, ...) \
	wj_data_problem_add((r)->p, (r)->file, wj_yaml_node_line(n), __VA_ARGS__)

/* dir/name into r->doc: 0, or -1 with the problem recorded. */
int tq_open(struct tq_reader *r, const char *dir, const char *name);
void tq_close(struct tq_reader *r);
yaml_node_t *tq_root(struct tq_reader *r);
yaml_node_t *tq_node(struct tq_reader *r, yaml_node_item_t i);
/* The items of a sequence (NULL and 0 when n is none): n's count. */
int tq_items(yaml_node_t *n, yaml_node_item_t **items);

/* The record's keys into f (wj_yaml_fields): 0, or -1 when any was wrong. */
int tq_fields(struct tq_reader *r, yaml_node_t *map, const char *what, struct wj_yaml_field *f);
/* Each item of the list under key (a problem if it is no list): one(r,
 * item) for each; required: a problem when the key is missing. */
int tq_each(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
	    bool required, int (*one)(struct tq_reader *, yaml_node_t *));
yaml_node_t *tq_required(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
			 const char *key);

/* Values under key; an optional key that is missing leaves *out as it is
 * and is no problem. 0, or -1 with the problem recorded. */
int tq_text(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
	    const char *key, bool required, char *out, size_t size);
int tq_int(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f, const char *key,
	   bool required, int lo, int hi, int *out);
int tq_bool(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
	    const char *key, bool required, bool *out);
int tq_word(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
	    const char *key, bool required, const struct tq_word *words, int *out);
/* The same for a node itself (`what` names it in the problem). */
int tq_node_int(struct tq_reader *r, yaml_node_t *n, const char *what, int lo, int hi, int *out);
int tq_node_bool(struct tq_reader *r, yaml_node_t *n, const char *what, bool *out);
int tq_node_word(struct tq_reader *r, yaml_node_t *n, const char *what,
		 const struct tq_word *words, int *out);
/* `source:` seed or reconstructed; *out untouched when missing. */
int tq_source(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f, bool required,
	      enum tq_source *out);
/* A month: the record's `month:` and `year:` (names, 1778..1781). */
int tq_month_fields(struct tq_reader *r, yaml_node_t *rec, const struct wj_yaml_field *f,
		    bool required, int *out);
/* A colony by its name ("Georgia") or its letter (G). */
int tq_colony_node(struct tq_reader *r, yaml_node_t *n, const char *what, int *out);
/* An area of d by its I.D.: the index, or -1 with a problem listing the
 * I.D.s that would be accepted (`where` names the file that lists them). */
int tq_area_node(struct tq_reader *r, yaml_node_t *n, const char *where, int *out);
/* A leader of leaders.yaml by name or spelling: the index, or -1 with a
 * problem. */
int tq_leader_node(struct tq_reader *r, yaml_node_t *n, int *out);
/* The leaders a list names (a problem for each unknown one). */
int tq_leader_list(struct tq_reader *r, yaml_node_t *n, const char *what, int *out, int max,
		   int *count);
/* "A, B, C" of the words into out. */
void tq_word_list(const struct tq_word *words, char *out, size_t len);

/* tq_data.c: an area I.D. (2.0: a colony's letter and a number) into id
 * (TQ_ID_MAX) and its colony. */
int tq_area_id(struct tq_reader *r, yaml_node_t *n, char *id, int *colony);

/* tq_tables.c: tables.yaml. */
int tq_load_tables(struct tq_reader *r);

/* tq_scenario.c: every scenarios/NAME.yaml of dir. */
int tq_scenarios_load(struct tq_reader *r, const char *dir);

#endif
