/* Strings and files, the same way everywhere (core/buf.c): formatted
 * strings into fixed buffers, one growing byte string with a hard limit,
 * a whole file read into it, and paths joined. */
#ifndef WJ_BUF_H
#define WJ_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* A growing byte string with a hard limit; `over` is set once something
 * was dropped for want of room. Always NUL-terminated when p != NULL. */
struct wj_buf {
	char *p;
	size_t len, cap, max;
	int over;
};
int wj_buf_add(struct wj_buf *b, const void *data, size_t n);
void wj_buf_free(struct wj_buf *b);

/* snprintf that says whether it all fitted: 0, or -1 when cut short. */
int wj_fmt(char *out, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A refusal's reason into the caller's buffer (why NULL: nowhere), and
 * -1, so that a check reads `return wj_why(why, len, "...", ...);`. */
int wj_why(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* wj_why where the fault is: "WHERE:LINE: ", "WHERE: " or "line LINE: "
 * first, as much as is given (where NULL, line 0: not given). The one
 * writer of error text; every helper that says where builds on it. */
int wj_why_at(char *why, size_t len, const char *where, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
int wj_vwhy_at(char *why, size_t len, const char *where, int line, const char *fmt,
	       va_list ap);

/* wj_fmt after what `out` holds already: a sentence built in parts. */
int wj_fmt_add(char *out, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* One line for whoever runs the judge: "wwjudge: message", or "wwjudge
 * WHO: message" when who is not NULL ("process", "send"). wj_log is for
 * errors, on stderr; wj_info for the one status line of each mail taken,
 * sent or reminded, on stdout (docs/mail.md, "What the judge says, and
 * where"). The line is written at once, so lines of runs at the same time
 * do not mix. */
/* The one form of a line the judge says, to `to`: a run's own log (send,
 * poll and remind write to the stream they are given). */
void wj_log_to(FILE *to, const char *who, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void wj_log(const char *who, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void wj_vlog(const char *who, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void wj_info(const char *who, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void wj_vinfo(const char *who, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* "A/B" into `out` (PATH_MAX bytes): 0, or -1 when it does not fit. */
int wj_path_join(char *out, const char *a, const char *b);

/* The one whole-file reader: all of `path`, at most `max` bytes, into the
 * empty b (NUL-terminated, "" for an empty file): 0; -1 with errno, b
 * freed, except EFBIG: larger than max, b holding its first max bytes and
 * b->over set. */
int wj_file_text(const char *path, size_t max, struct wj_buf *b);
/* wj_file_text into a string of its own, to be freed: 0; -1 with errno
 * (EFBIG: larger than max), nothing kept. */
int wj_file_alloc(const char *path, size_t max, char **text, size_t *len);
/* wj_file_text with its error said (b->max bounds it): 0; -1 it cannot be
 * read now; 1 it is empty or larger than b->max, and never will be. */
int wj_read_file(const char *path, struct wj_buf *b, char *err, size_t errlen);

#endif
