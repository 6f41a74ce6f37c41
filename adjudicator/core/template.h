/* A tiny template engine for the reports' wording (template.c).
 *
 * A template file holds named sections; a line "== NAME" starts one and
 * lines starting "##" are comments. Inside a section:
 *
 *   {{name}}          the value of name (an error if there is none)
 *   {{#name}}..{{/name}}  a list: once per item; a value: once if it is
 *                     neither empty nor "0"; absent: not at all
 *   {{?name}}..{{/name}}  once if name is true (a non-empty list too): no loop
 *   {{^name}}..{{/name}}  once if name is absent, empty, "0" or an empty list
 *   {{>name}}         the section called name
 *   {{>*name}}        the section whose name is the value of name
 *   {{!comment}}
 *
 * Names are looked up in the current list item, then outwards. Inside a
 * list, @first and @last are true for the first and the last item. A
 * line holding nothing but block tags ({{#..}}, {{?..}}, {{^..}}, {{/..}},
 * {{>..}}, {{!..}}) and blanks produces no line of its own.
 *
 * The model is a tree of objects whose keys hold a string or a list of
 * objects. Building it cannot fail visibly: an allocation failure marks
 * the model, and rendering it then fails. */
#ifndef WJ_TEMPLATE_H
#define WJ_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct tpl_obj;
struct tpl_file;

/* A new empty object (a model's root); free with tpl_free. */
struct tpl_obj *tpl_new(void);
void tpl_free(struct tpl_obj *o);
/* Sets key to a printf-formatted string. */
void tpl_set(struct tpl_obj *o, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Sets key to "1" or "". */
void tpl_flag(struct tpl_obj *o, const char *key, bool on);
/* Makes key an empty list if it is not one yet. */
void tpl_list(struct tpl_obj *o, const char *key);
/* Appends a new item to the list key (made if needed) and returns it;
 * never NULL (on allocation failure, a dummy that the model ignores). */
struct tpl_obj *tpl_add(struct tpl_obj *o, const char *key);
/* false if any allocation while building o failed. */
bool tpl_ok(const struct tpl_obj *o);

/* Loads a template file. Returns 0, or -1 with "FILE: problem" in err. */
int tpl_load(const char *path, struct tpl_file **t, char *err, size_t errlen);
void tpl_unload(struct tpl_file *t);
bool tpl_has(const struct tpl_file *t, const char *section);

/* Renders one section with `model` into out. Returns 0, or -1 with
 * "FILE:LINE: problem" in err (an unknown name, an unclosed block, a
 * missing section). */
int tpl_render(const struct tpl_file *t, const char *section,
	       const struct tpl_obj *model, FILE *out, char *err, size_t errlen);
/* The same into a string of at most len bytes (cut if longer). */
int tpl_render_str(const struct tpl_file *t, const char *section,
		   const struct tpl_obj *model, char *buf, size_t len,
		   char *err, size_t errlen);

/* Writes text to out with every line wrapped at `width` columns (UTF-8
 * aware): a line is broken at blanks, continuation lines indented two
 * more than the line's own indentation. A word longer than the line is
 * cut. Returns 0, or -1 if writing failed. */
int tpl_wrap(FILE *out, const char *text, size_t len, int width);

#endif
