#include <stdarg.h>
#include <stdio.h>
#include "buf.h"
#include "problems.h"

void wj_data_problem_add(struct wj_data_problems *p, const char *file, int line,
			 const char *fmt, ...)
{
	int cap = (int)(sizeof p->v / sizeof p->v[0]);
	va_list ap;
	if (p->n >= cap) {
		snprintf(p->v[cap - 1].message, sizeof p->v[cap - 1].message,
			 "too many problems; fix these and run again to see the rest");
		return;
	}
	struct wj_data_problem *e = &p->v[p->n++];
	snprintf(e->file, sizeof e->file, "%s", file);
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
}

void wj_data_problems_first(const struct wj_data_problems *p, char *why, size_t whylen)
{
	if (p->n == 0)
		return;
	wj_why(why, whylen, "%s:%d: %s%s", p->v[0].file, p->v[0].line, p->v[0].message,
		 p->n > 1 ? " (and more problems after it)" : "");
}

void wj_data_problems_print(FILE *out, const struct wj_data_problems *p)
{
	for (int i = 0; i < p->n; i++) {
		if (p->v[i].line > 0)
			fprintf(out, "%s:%d: %s\n", p->v[i].file, p->v[i].line, p->v[i].message);
		else
			fprintf(out, "%s: %s\n", p->v[i].file, p->v[i].message);
	}
}

void wj_problem(FILE *out, int *count, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
	++*count;
}
