/* The reports' template engine: sections, {{placeholders}}, blocks over
 * lists and values, included sections (template.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"
#include "template.h"
#include "text.h"

#define TPL_FILE_MAX (256u << 10)
#define TPL_SECTIONS 128
#define TPL_NAME 64
#define TPL_DEPTH 32   /* nested lists and included sections */

struct tpl_entry {
	char *key;
	char *str;              /* NULL for a list */
	struct tpl_obj **item;
	int nitem, capitem;
};

struct tpl_obj {
	struct tpl_obj *root;
	bool failed;            /* meaningful on the root */
	struct tpl_entry *e;
	int n, cap;
};

struct tpl_section {
	char name[TPL_NAME];
	const char *start, *end;
};

struct tpl_file {
	char path[256];
	char *text;
	size_t len;
	int nsec;
	struct tpl_section sec[TPL_SECTIONS];
};

/* ---- the model ---- */

static struct tpl_obj *obj_new(struct tpl_obj *root)
{
	struct tpl_obj *o = calloc(1, sizeof *o);
	if (o)
		o->root = root ? root : o;
	return o;
}

struct tpl_obj *tpl_new(void)
{
	return obj_new(NULL);
}

void tpl_free(struct tpl_obj *o)
{
	if (!o)
		return;
	for (int i = 0; i < o->n; i++) {
		for (int k = 0; k < o->e[i].nitem; k++)
			tpl_free(o->e[i].item[k]);
		free(o->e[i].item);
		free(o->e[i].key);
		free(o->e[i].str);
	}
	free(o->e);
	free(o);
}

bool tpl_ok(const struct tpl_obj *o)
{
	return o && !o->root->failed;
}

static struct tpl_entry *entry(struct tpl_obj *o, const char *key)
{
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->e[i].key, key))
			return &o->e[i];
	if (o->n == o->cap) {
		int cap = o->cap ? o->cap * 2 : 8;
		struct tpl_entry *e = realloc(o->e, (size_t)cap * sizeof *e);
		if (!e)
			return NULL;
		o->e = e;
		o->cap = cap;
	}
	struct tpl_entry *e = &o->e[o->n];
	memset(e, 0, sizeof *e);
	if (!(e->key = strdup(key)))
		return NULL;
	o->n++;
	return e;
}

void tpl_set(struct tpl_obj *o, const char *key, const char *fmt, ...)
{
	struct tpl_entry *e = entry(o, key);
	char *s = NULL;
	va_list ap;
	va_start(ap, fmt);
	int k = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (!e || k < 0 || e->nitem) {
		o->root->failed = true;
		if (k >= 0)
			free(s);
		return;
	}
	free(e->str);
	e->str = s;
}

void tpl_flag(struct tpl_obj *o, const char *key, bool on)
{
	tpl_set(o, key, "%s", on ? "1" : "");
}

void tpl_list(struct tpl_obj *o, const char *key)
{
	struct tpl_entry *e = entry(o, key);
	if (!e) {
		o->root->failed = true;
		return;
	}
	free(e->str);
	e->str = NULL;
}

struct tpl_obj *tpl_add(struct tpl_obj *o, const char *key)
{
	struct tpl_entry *e = entry(o, key);
	if (!e)
		goto fail;
	free(e->str);
	e->str = NULL;
	if (e->nitem == e->capitem) {
		int cap = e->capitem ? e->capitem * 2 : 8;
		struct tpl_obj **v = realloc(e->item, (size_t)cap * sizeof *v);
		if (!v)
			goto fail;
		e->item = v;
		e->capitem = cap;
	}
	struct tpl_obj *item = obj_new(o->root);
	if (!item)
		goto fail;
	e->item[e->nitem++] = item;
	return item;
fail:
	/* The caller fills something that is never rendered. */
	o->root->failed = true;
	return o;
}

/* ---- the file ---- */

static int line_of(const struct tpl_file *t, const char *p)
{
	int line = 1;
	for (const char *q = t->text; q < p; q++)
		line += *q == '\n';
	return line;
}

/* A section runs from the line after its "== NAME" to the next header;
 * its trailing blank lines are dropped, its comment lines blanked out. */
static int index_sections(struct tpl_file *t, char *err, size_t errlen)
{
	char *p = t->text, *end = t->text + t->len;
	struct tpl_section *cur = NULL;
	while (p < end) {
		char *eol = memchr(p, '\n', (size_t)(end - p));
		char *next = eol ? eol + 1 : end;
		if (!strncmp(p, "== ", 3)) {
			if (t->nsec == TPL_SECTIONS) {
				wj_why(err, errlen, "%s:%d: more than %d sections", t->path,
					line_of(t, p), TPL_SECTIONS);
				return -1;
			}
			cur = &t->sec[t->nsec++];
			const char *name = p + 3, *ne = eol ? eol : end;
			while (ne > name && (ne[-1] == ' ' || ne[-1] == '\r'))
				ne--;
			if (ne == name || ne - name >= TPL_NAME) {
				wj_why(err, errlen, "%s:%d: a section needs a name of 1 to %d "
					"characters after '== '", t->path, line_of(t, p), TPL_NAME - 1);
				return -1;
			}
			memcpy(cur->name, name, (size_t)(ne - name));
			cur->name[ne - name] = '\0';
			for (int i = 0; i < t->nsec - 1; i++)
				if (!strcmp(t->sec[i].name, cur->name)) {
					wj_why(err, errlen, "%s:%d: section '%s' is defined twice",
						t->path, line_of(t, p), cur->name);
					return -1;
				}
			cur->start = cur->end = next;
		} else if (!strncmp(p, "##", 2)) {
			/* no tag inside a comment; the line itself prints nothing */
			memset(p + 2, ' ', (size_t)((eol ? eol : end) - p - 2));
		} else if (cur && strspn(p, " \t\r") != (size_t)((eol ? eol : end) - p)) {
			cur->end = next;
		}
		p = next;
	}
	return 0;
}

int tpl_load(const char *path, struct tpl_file **out, char *err, size_t errlen)
{
	struct tpl_file *t = calloc(1, sizeof *t);
	if (!t) {
		wj_why(err, errlen, "%s: out of memory", path);
		return -1;
	}
	snprintf(t->path, sizeof t->path, "%s", path);
	if (wj_file_alloc(path, TPL_FILE_MAX, &t->text, &t->len)) {
		wj_why(err, errlen, "%s: %s", path, strerror(errno));
		free(t);
		return -1;
	}
	if (index_sections(t, err, errlen)) {
		tpl_unload(t);
		return -1;
	}
	*out = t;
	return 0;
}

void tpl_unload(struct tpl_file *t)
{
	if (!t)
		return;
	free(t->text);
	free(t);
}

static const struct tpl_section *find_section(const struct tpl_file *t, const char *name)
{
	for (int i = 0; i < t->nsec; i++)
		if (!strcmp(t->sec[i].name, name))
			return &t->sec[i];
	return NULL;
}

bool tpl_has(const struct tpl_file *t, const char *section)
{
	return find_section(t, section) != NULL;
}

/* ---- rendering ---- */

struct frame {
	const struct tpl_obj *obj;
	int index, count;       /* in its list; count 0 for the model's root */
};

struct render {
	const struct tpl_file *t;
	FILE *out;
	char *err;
	size_t errlen;
	int n;
	struct frame st[TPL_DEPTH];
};

struct tag {
	char type;              /* 0 for a value, or one of # ^ ? / > ! */
	char name[TPL_NAME];
	const char *start, *end; /* "{{" and just after "}}" */
};

static bool is_block(char type)
{
	return type && strchr("#^?/>!", type);
}

/* Reads the tag at p ("{{"). Returns 0, or -1 if it is not closed. */
static int read_tag(const char *p, const char *end, struct tag *tg)
{
	const char *close = p + 2;
	while (close + 1 < end && !(close[0] == '}' && close[1] == '}'))
		close++;
	if (close + 1 >= end)
		return -1;
	const char *a = p + 2;
	tg->type = is_block(*a) ? *a++ : 0;
	while (a < close && *a == ' ')
		a++;
	const char *b = close;
	while (b > a && b[-1] == ' ')
		b--;
	size_t n = (size_t)(b - a) < TPL_NAME - 1 ? (size_t)(b - a) : TPL_NAME - 1;
	memcpy(tg->name, a, n);
	tg->name[n] = '\0';
	tg->start = p;
	tg->end = close + 2;
	return 0;
}

static int fail_at(struct render *r, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(struct render *r, const char *where, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(r->err, r->errlen, r->t->path, line_of(r->t, where), fmt, ap);
	va_end(ap);
	return -1;
}

/* A line that holds only block tags and blanks produces nothing. */
static bool standalone_line(const struct render *r, const char *p)
{
	const char *ls = p, *base = r->t->text, *end = base + r->t->len;
	while (ls > base && ls[-1] != '\n')
		ls--;
	if (!strncmp(ls, "##", 2))
		return true;
	bool tags = false;
	for (const char *q = ls; q < end && *q != '\n';) {
		if (*q == ' ' || *q == '\t' || *q == '\r') {
			q++;
			continue;
		}
		struct tag tg;
		if (q[0] != '{' || q[1] != '{' || read_tag(q, end, &tg) || !is_block(tg.type))
			return false;
		tags = true;
		q = tg.end;
	}
	return tags;
}

static void emit(struct render *r, const char *a, const char *b)
{
	while (a < b) {
		const char *nl = memchr(a, '\n', (size_t)(b - a));
		const char *stop = nl ? nl + 1 : b;
		if (!standalone_line(r, a))
			fwrite(a, 1, (size_t)(stop - a), r->out);
		a = stop;
	}
}

static const struct tpl_entry *lookup(const struct render *r, const char *name)
{
	for (int i = r->n - 1; i >= 0; i--) {
		const struct tpl_obj *o = r->st[i].obj;
		for (int k = 0; k < o->n; k++)
			if (!strcmp(o->e[k].key, name))
				return &o->e[k];
	}
	return NULL;
}

/* -1 absent, 0 false, 1 true; *e set for an entry. */
static int truth(const struct render *r, const char *name, const struct tpl_entry **e)
{
	*e = NULL;
	if (!strcmp(name, "@first") || !strcmp(name, "@last")) {
		for (int i = r->n - 1; i > 0; i--)
			if (r->st[i].count)
				return name[1] == 'f' ? r->st[i].index == 0 :
					r->st[i].index == r->st[i].count - 1;
		return -1;
	}
	*e = lookup(r, name);
	if (!*e)
		return -1;
	if (!(*e)->str)
		return (*e)->nitem > 0;
	return (*e)->str[0] && strcmp((*e)->str, "0");
}

/* The "{{/name}}" that closes the block opened by tg. */
static int find_close(struct render *r, const struct tag *open, const char *end,
		      struct tag *close)
{
	int depth = 0;
	const char *p = open->end;
	while ((p = memmem(p, (size_t)(end - p), "{{", 2))) {
		if (read_tag(p, end, close))
			return fail_at(r, p, "'{{' is not closed by '}}'");
		if (close->type == '#' || close->type == '^' || close->type == '?')
			depth++;
		else if (close->type == '/' && depth)
			depth--;
		else if (close->type == '/') {
			if (strcmp(close->name, open->name))
				return fail_at(r, p, "{{/%s}} closes {{%c%s}}", close->name,
					       open->type, open->name);
			return 0;
		}
		p = close->end;
	}
	return fail_at(r, open->start, "{{%c%s}} is never closed with {{/%s}}",
		       open->type, open->name, open->name);
}

static int render_range(struct render *r, const char *p, const char *end);

static int render_section(struct render *r, const char *name, const char *where)
{
	const struct tpl_section *s = find_section(r->t, name);
	if (!s)
		return where ? fail_at(r, where, "there is no section '%s'", name) :
			(wj_fmt(r->err, r->errlen, "%s: there is no section '%s'",
				 r->t->path, name), -1);
	if (r->n >= TPL_DEPTH)
		return fail_at(r, where ? where : s->start,
			       "sections nested more than %d deep", TPL_DEPTH);
	r->st[r->n] = r->st[r->n - 1];
	r->st[r->n].count = 0;
	r->n++;
	int rc = render_range(r, s->start, s->end);
	r->n--;
	return rc;
}

static int render_block(struct render *r, const struct tag *tg, const char *end,
			const char **next)
{
	struct tag close;
	if (find_close(r, tg, end, &close))
		return -1;
	*next = close.end;
	const struct tpl_entry *e;
	int t = truth(r, tg->name, &e);
	if (tg->type == '^')
		return t > 0 ? 0 : render_range(r, tg->end, close.start);
	if (t <= 0)
		return 0;
	if (tg->type == '?')
		return render_range(r, tg->end, close.start);
	if (e && !e->str) {
		if (r->n >= TPL_DEPTH)
			return fail_at(r, tg->start, "lists nested more than %d deep", TPL_DEPTH);
		for (int i = 0; i < e->nitem; i++) {
			r->st[r->n] = (struct frame){ e->item[i], i, e->nitem };
			r->n++;
			int rc = render_range(r, tg->end, close.start);
			r->n--;
			if (rc)
				return rc;
		}
		return 0;
	}
	return render_range(r, tg->end, close.start);
}

static int render_tag(struct render *r, const struct tag *tg, const char *end,
		      const char **next)
{
	const struct tpl_entry *e;
	*next = tg->end;
	switch (tg->type) {
	case '!':
		return 0;
	case '/':
		return fail_at(r, tg->start, "{{/%s}} closes nothing", tg->name);
	case '#':
	case '^':
	case '?':
		return render_block(r, tg, end, next);
	case '>':
		if (tg->name[0] != '*')
			return render_section(r, tg->name, tg->start);
		e = lookup(r, tg->name + 1);
		if (!e || !e->str)
			return fail_at(r, tg->start, "no value '%s' to name a section",
				       tg->name + 1);
		return render_section(r, e->str, tg->start);
	}
	if (truth(r, tg->name, &e) < 0 || (e && !e->str))
		return fail_at(r, tg->start, "no value for {{%s}}", tg->name);
	if (e)
		fputs(e->str, r->out);
	else
		fputs("1", r->out);   /* a true @first or @last */
	return 0;
}

static int render_range(struct render *r, const char *p, const char *end)
{
	while (p < end) {
		const char *q = memmem(p, (size_t)(end - p), "{{", 2);
		if (!q) {
			emit(r, p, end);
			return 0;
		}
		emit(r, p, q);
		struct tag tg;
		if (read_tag(q, end, &tg))
			return fail_at(r, q, "'{{' is not closed by '}}'");
		const char *next;
		if (render_tag(r, &tg, end, &next))
			return -1;
		p = next;
		/* a standalone line's newline goes with its last tag */
		size_t blank = strspn(p, " \t\r");
		if (p + blank < end && p[blank] == '\n' && standalone_line(r, p - 1))
			p += blank + 1;
	}
	return 0;
}

int tpl_render(const struct tpl_file *t, const char *section,
	       const struct tpl_obj *model, FILE *out, char *err, size_t errlen)
{
	if (!tpl_ok(model)) {
		wj_why(err, errlen, "out of memory while building the report");
		return -1;
	}
	struct render r = { .t = t, .out = out, .err = err, .errlen = errlen, .n = 1 };
	r.st[0] = (struct frame){ model, 0, 0 };
	const struct tpl_section *s = find_section(t, section);
	if (!s) {
		wj_why(err, errlen, "%s: there is no section '%s'", t->path, section);
		return -1;
	}
	return render_range(&r, s->start, s->end);
}

int tpl_render_str(const struct tpl_file *t, const char *section,
		   const struct tpl_obj *model, char *buf, size_t len,
		   char *err, size_t errlen)
{
	char *mem = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&mem, &n);
	if (!f) {
		wj_why(err, errlen, "out of memory while building the report");
		return -1;
	}
	int rc = tpl_render(t, section, model, f, err, errlen);
	if (fclose(f) && !rc) {
		wj_why(err, errlen, "out of memory while building the report");
		rc = -1;
	}
	if (!rc && len) {
		while (n && mem[n - 1] == '\n')
			n--;
		snprintf(buf, len, "%.*s", (int)n, mem);
	}
	free(mem);
	return rc;
}

/* ---- wrapping ---- */

/* The character at p (n > 0 bytes): its bytes in *k, with the bytes that
 * continue it, and its columns (text.h's wj_text_width: a CJK character
 * takes two). */
static int char_columns(const char *p, size_t n, size_t *k)
{
	uint32_t cp;
	wj_text_char(p, n, &cp);
	*k = 1;
	while (*k < n && ((unsigned char)p[*k] & 0xC0) == 0x80)
		(*k)++;
	return wj_text_width(cp);
}

static int columns(const char *p, size_t n)
{
	int c = 0;
	for (size_t i = 0, k; i < n; i += k)
		c += char_columns(p + i, n - i, &k);
	return c;
}

/* Bytes of p that fill at most `room` columns, not splitting a character
 * (at least its first character). */
static size_t fit(const char *p, size_t n, int room)
{
	size_t i = 0, k = 0, first = 0;
	int c = 0;
	while (i < n) {
		int w = char_columns(p + i, n - i, &k);
		first = first ? first : k;
		if (c + w > room)
			break;
		c += w;
		i += k;
	}
	return i ? i : first;
}

static void wrap_line(FILE *out, const char *p, size_t n, int width)
{
	if (columns(p, n) <= width) {
		fwrite(p, 1, n, out);
		fputc('\n', out);
		return;
	}
	int indent = (int)strspn(p, " ");
	int hang = indent + 2 < width / 2 ? indent + 2 : width / 2;
	const char *end = p + n;
	int col = 0;
	bool fresh = true;
	while (p < end) {
		const char *w = p;
		while (w < end && *w == ' ')
			w++;
		if (w == end)
			break;
		const char *we = memchr(w, ' ', (size_t)(end - w));
		if (!we)
			we = end;
		int gap = (int)(w - p), cols = columns(w, (size_t)(we - w));
		if (!fresh && col + gap + cols > width) {
			fprintf(out, "\n%*s", hang, "");
			col = hang;
			gap = 0;
			fresh = true;
		}
		if (fresh && col + gap + cols > width) {
			/* a word longer than the line: cut it */
			fprintf(out, "%*s", gap, "");
			size_t k = fit(w, (size_t)(we - w), width - col - gap);
			fwrite(w, 1, k, out);
			col += gap + columns(w, k);
			p = w + k;
			fresh = false;
			if (p < end) {
				fprintf(out, "\n%*s", hang, "");
				col = hang;
				fresh = true;
			}
			continue;
		}
		fprintf(out, "%*s", gap, "");
		fwrite(w, 1, (size_t)(we - w), out);
		col += gap + cols;
		fresh = false;
		p = we;
	}
	fputc('\n', out);
}

int tpl_wrap(FILE *out, const char *text, size_t len, int width)
{
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		size_t n = (size_t)(le - p);
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
			n--;
		wrap_line(out, p, n, width);
		p = nl ? nl + 1 : end;
	}
	return ferror(out) ? -1 : 0;
}
