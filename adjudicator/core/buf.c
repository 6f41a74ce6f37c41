/* Strings and files, the same way everywhere (buf.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "buf.h"

int wj_fmt(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(out, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int wj_vwhy_at(char *why, size_t len, const char *where, int line, const char *fmt,
	       va_list ap)
{
	if (!why || !len)
		return -1;
	int k = where && line > 0 ? snprintf(why, len, "%s:%d: ", where, line) :
		where ? snprintf(why, len, "%s: ", where) :
		line > 0 ? snprintf(why, len, "line %d: ", line) : (why[0] = '\0', 0);
	if (k >= 0 && (size_t)k < len)
		vsnprintf(why + k, len - (size_t)k, fmt, ap);
	return -1;
}

int wj_why_at(char *why, size_t len, const char *where, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(why, len, where, line, fmt, ap);
	va_end(ap);
	return -1;
}

int wj_why(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vwhy_at(why, len, NULL, 0, fmt, ap);
	va_end(ap);
	return -1;
}

int wj_fmt_add(char *out, size_t len, const char *fmt, ...)
{
	size_t o = strnlen(out, len);
	if (o + 1 >= len)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(out + o, len - o, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len - o ? -1 : 0;
}

static void vline(FILE *to, const char *who, const char *fmt, va_list ap)
{
	char line[2048];
	size_t room = sizeof line - 1; /* the newline's byte kept */
	int o = snprintf(line, room, "wwjudge%s%s: ", who ? " " : "", who ? who : "");
	size_t len = o < 0 ? 0 : (size_t)o < room ? (size_t)o : room - 1;
	int n = vsnprintf(line + len, room - len, fmt, ap);
	len += n < 0 ? 0 : (size_t)n < room - len ? (size_t)n : room - len - 1;
	line[len++] = '\n';
	fwrite(line, 1, len, to);
	fflush(to);
}

void wj_log_to(FILE *to, const char *who, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vline(to, who, fmt, ap);
	va_end(ap);
}

void wj_vlog(const char *who, const char *fmt, va_list ap)
{
	vline(stderr, who, fmt, ap);
}

void wj_log(const char *who, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vlog(who, fmt, ap);
	va_end(ap);
}

void wj_vinfo(const char *who, const char *fmt, va_list ap)
{
	vline(stdout, who, fmt, ap);
}

void wj_info(const char *who, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wj_vinfo(who, fmt, ap);
	va_end(ap);
}

int wj_buf_add(struct wj_buf *b, const void *data, size_t n)
{
	if (b->len + n > b->max) {
		b->over = 1;
		n = b->max > b->len ? b->max - b->len : 0;
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p)
			return -1;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = '\0';
	return b->over ? -1 : 0;
}

void wj_buf_free(struct wj_buf *b)
{
	free(b->p);
	*b = (struct wj_buf){ 0 };
}

int wj_path_join(char *out, const char *a, const char *b)
{
	return wj_fmt(out, PATH_MAX, "%s/%s", a, b);
}

int wj_file_text(const char *path, size_t max, struct wj_buf *b)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	b->max = max;
	char chunk[16384];
	ssize_t n;
	while ((n = read(fd, chunk, sizeof chunk)) > 0 && !wj_buf_add(b, chunk, (size_t)n))
		;
	int e = n < 0 ? errno : b->over ? EFBIG : n > 0 ? ENOMEM : 0;
	close(fd);
	if (!e && !b->p && wj_buf_add(b, "", 0))
		e = ENOMEM;
	if (e) {
		if (e != EFBIG)
			wj_buf_free(b);
		errno = e;
		return -1;
	}
	return 0;
}

int wj_file_alloc(const char *path, size_t max, char **text, size_t *len)
{
	struct wj_buf b = { 0 };
	if (wj_file_text(path, max, &b) < 0) {
		int e = errno;
		wj_buf_free(&b);
		errno = e;
		return -1;
	}
	*text = b.p;
	*len = b.len;
	return 0;
}

int wj_read_file(const char *path, struct wj_buf *b, char *err, size_t errlen)
{
	size_t max = b->max;
	if (wj_file_text(path, max, b) < 0) {
		int e = errno;
		if (e == EFBIG)
			wj_why(err, errlen, "%s: larger than %zu bytes", path, max);
		else if (e == ENOENT || e == EACCES)
			wj_why(err, errlen, "cannot open %s: %s", path, strerror(e));
		else
			wj_why(err, errlen, "%s: %s", path, strerror(e));
		errno = e;
		return e == EFBIG ? 1 : -1;
	}
	if (!b->len) {
		wj_why(err, errlen, "%s: empty", path);
		return 1;
	}
	return 0;
}

