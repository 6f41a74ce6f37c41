/* The durable write that every file of the judge but the record's own
 * commit goes through (the record's journal is docs/record.md). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "buf.h"
#include "durable.h"

int wj_fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd);
	close(fd);
	return rc;
}

int wj_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO; /* nothing written, and no error said */
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* The directory part of `path`, "." for none. */
static void dir_of(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		wj_fmt(out, len, ".");
	else
		wj_fmt(out, len, "%.*s", (int)(slash == path ? 1 : slash - path), path);
}

int wj_durable_write(const char *path, const char *tmp, const void *data, size_t len,
		     mode_t mode, void (*before_rename)(void), char *err, size_t errlen)
{
	char own[PATH_MAX], dir[PATH_MAX];
	if (!tmp) {
		if (wj_fmt(own, sizeof own, "%s.new-%ld", path, (long)getpid())) {
			wj_why(err, errlen, "writing %s: the path is too long", path);
			return -1;
		}
		tmp = own;
	}
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		wj_why(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
		return -1;
	}
	int bad = wj_write_all(fd, data, len);
	if (!bad)
		bad = fsync(fd);
	int e = errno;
	if (close(fd) && !bad) {
		bad = -1;
		e = errno;
	}
	if (!bad && before_rename)
		before_rename(); /* the new file is whole beside the old one */
	if (bad || rename(tmp, path) < 0) {
		wj_why(err, errlen, "writing %s: %s; it is as it was", path,
		       strerror(bad ? e : errno));
		unlink(tmp);
		return -1;
	}
	dir_of(path, dir, sizeof dir);
	wj_fsync_dir(dir);
	return 0;
}
