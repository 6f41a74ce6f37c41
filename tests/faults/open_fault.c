/* A fault for the tests (tests/cli/faults_read.sh), preloaded into
 * wwjudge: opening a file whose path ends in $WW_FAULT_PATH fails with
 * $WW_FAULT_ERRNO (EIO, EMFILE or ENFILE), as a failing disk or an
 * exhausted descriptor table would. Only open, openat and fopen are
 * caught: each file the judge reads is opened through one of them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fault(const char *path)
{
	const char *end = getenv("WW_FAULT_PATH"), *e = getenv("WW_FAULT_ERRNO");
	size_t pl = path ? strlen(path) : 0, el = end ? strlen(end) : 0;
	if (!el || pl < el || strcmp(path + pl - el, end) != 0)
		return 0;
	if (e && !strcmp(e, "EMFILE"))
		return EMFILE;
	if (e && !strcmp(e, "ENFILE"))
		return ENFILE;
	return EIO;
}

int open(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	mode_t mode = 0;
	va_list ap;
	va_start(ap, flags);
	if (flags & (O_CREAT | O_TMPFILE))
		mode = va_arg(ap, mode_t);
	va_end(ap);
	int e = fault(path);
	if (e) {
		errno = e;
		return -1;
	}
	if (!real)
		real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	return real(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;
	va_start(ap, flags);
	if (flags & (O_CREAT | O_TMPFILE))
		mode = va_arg(ap, mode_t);
	va_end(ap);
	return open(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	static int (*real)(int, const char *, int, ...);
	mode_t mode = 0;
	va_list ap;
	va_start(ap, flags);
	if (flags & (O_CREAT | O_TMPFILE))
		mode = va_arg(ap, mode_t);
	va_end(ap);
	int e = fault(path);
	if (e) {
		errno = e;
		return -1;
	}
	if (!real)
		real = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
	return real(dirfd, path, flags, mode);
}

FILE *fopen(const char *path, const char *how)
{
	static FILE *(*real)(const char *, const char *);
	int e = fault(path);
	if (e) {
		errno = e;
		return NULL;
	}
	if (!real)
		real = (FILE * (*)(const char *, const char *)) dlsym(RTLD_NEXT, "fopen");
	return real(path, how);
}

FILE *fopen64(const char *path, const char *how)
{
	return fopen(path, how);
}
