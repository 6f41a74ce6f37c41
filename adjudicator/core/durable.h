/* The one durable write (core/durable.c). */
#ifndef WJ_DURABLE_H
#define WJ_DURABLE_H

#include <stddef.h>
#include <sys/types.h>

/* `data` becomes the file `path` so that, whenever the process or the
 * machine stops, `path` holds either its old bytes or all the new ones:
 * written to `tmp` (NULL: PATH.new-PID beside it; a name of the same file
 * system), fsynced, renamed over `path`, and path's directory fsynced.
 * `before_rename`, when given, is called when the new file is whole beside
 * the old one (crash injection in the tests). 0, or -1 with what failed
 * in err, and `path` as it was. */
int wj_durable_write(const char *path, const char *tmp, const void *data, size_t len,
		     mode_t mode, void (*before_rename)(void), char *err, size_t errlen);

/* fsync of a directory, so that a rename in it is on disk. */
int wj_fsync_dir(const char *path);

/* All of data to fd, however many writes it takes: 0; -1 with errno (EIO
 * for a write of nothing). */
int wj_write_all(int fd, const void *data, size_t len);

#endif
