/* The wwjudge binary's side of plugin.h: finding and loading the plugins,
 * and the trampolines that stand for their functions. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>
#include "buf.h"
#include "mail_net.h"
#include "paths.h"
#include "plugin.h"

/* Owned by this user or root, and writable by no one else: `what` at
 * `path` (a plugin or its directory) cannot have been put there or
 * changed by another user. */
static int check_owner(const char *what, const char *path, const struct stat *st,
		       char *err, size_t errlen)
{
	if (st->st_uid != geteuid() && st->st_uid != 0) {
		wj_why(err, errlen, "%s %s is owned by uid %u: a %s must be owned by you "
			 "(uid %u) or root", what, path, (unsigned)st->st_uid, what,
			 (unsigned)geteuid());
		return -1;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		wj_why(err, errlen, "%s %s is writable by group or others (mode %04o): "
			 "a %s must be writable only by its owner", what, path,
			 (unsigned)(st->st_mode & 07777), what);
		return -1;
	}
	return 0;
}

static int check_dir(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	if (stat(dir, &st) < 0) {
		wj_why(err, errlen, "plugin directory %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		wj_why(err, errlen, "plugin directory %s is not a directory", dir);
		return -1;
	}
	return check_owner("plugin directory", dir, &st, err, errlen);
}

/* The stamp a plugin file exports (plugin.h). */
static const char *stamp_symbol(const char *file)
{
	return strncmp(file, "wwjudge-png", 11) ? "wj_net_abi" : "wj_png_abi";
}

/* 0 when the plugin open on fd may be loaded: a regular file, owned and
 * kept as its directory is, and of this build. */
static int check_plugin_file(int fd, const char *path, const char *file, char *err,
			     size_t errlen)
{
	struct stat st;
	unsigned long stamp;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		wj_why(err, errlen, "plugin %s is not a regular file", path);
		return -1;
	}
	if (check_owner("plugin", path, &st, err, errlen))
		return -1;
	int r = wj_plugin_stamp(fd, stamp_symbol(file), &stamp);
	if (r == -1) {
		wj_why(err, errlen, "%s is not a shared object for this machine", path);
		return -1;
	}
	if (r < 0 || stamp != (strcmp(stamp_symbol(file), "wj_png_abi") ? WJ_NET_ABI :
							     WJ_BUILD_STAMP)) {
		wj_why(err, errlen, "%s is from another build of wwjudge: build or install "
			 "the binary and its plugins together", path);
		return -1;
	}
	return 0;
}

static int check_plugin(const char *path, const char *file, char *err, size_t errlen)
{
	/* O_NONBLOCK: a FIFO in its place is refused, not waited on. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0 && errno == ELOOP) {
		wj_why(err, errlen, "plugin %s is a symbolic link: a plugin must be a "
			 "regular file", path);
		return -1;
	}
	if (fd < 0) {
		wj_why(err, errlen, "cannot open plugin %s: %s", path, strerror(errno));
		return -1;
	}
	int r = check_plugin_file(fd, path, file, err, errlen);
	close(fd);
	return r;
}

/* Where plugins are looked for (plugin.h), in order: n of them, or -1
 * when WW_PLUGINS is not an absolute path (or too long to be one). */
static int plugin_dirs(char dirs[3][PATH_MAX + 32], char *err, size_t errlen)
{
	char exe[PATH_MAX];
	int n = 0;
	const char *env = getenv("WW_PLUGINS");
	if (env && *env && *env != '/') {
		wj_why(err, errlen, "WW_PLUGINS is %s, not an absolute path: name the plugin "
			 "directory from / (say, /usr/local/lib/wwjudge)", env);
		return -1;
	}
	if (env && strlen(env) >= PATH_MAX) {
		wj_why(err, errlen, "WW_PLUGINS is longer than %d bytes: name a plugin directory "
			 "with a shorter path", PATH_MAX - 1);
		return -1;
	}
	if (env && *env)
		snprintf(dirs[n++], PATH_MAX + 32, "%s", env);
	if (wj_exe_dir(exe, sizeof exe) == 0) {
		snprintf(dirs[n++], PATH_MAX + 32, "%s", exe);
		snprintf(dirs[n++], PATH_MAX + 32, "%s/../lib/wwjudge", exe);
	}
	return n;
}

static void *open_plugin(const char *file, char *err, size_t errlen)
{
	char dirs[3][PATH_MAX + 32], path[PATH_MAX + 128];
	struct stat st;
	int n = plugin_dirs(dirs, err, errlen);
	for (int i = 0; i < n; i++) {
		int w = snprintf(path, sizeof path, "%.*s/%s", PATH_MAX, dirs[i], file);
		if (w < 0 || (size_t)w >= sizeof path || lstat(path, &st) < 0)
			continue;
		if (check_dir(dirs[i], err, errlen) || check_plugin(path, file, err, errlen))
			return NULL;
		void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (!h)
			wj_why(err, errlen, "cannot load %s: %s", path, dlerror());
		return h;
	}
	if (n < 0)
		return NULL;
	wj_why(err, errlen, "%s is missing: looked in", file);
	for (int i = 0; i < n; i++)
		wj_fmt_add(err, errlen, "%s %s", i ? "," : "", dirs[i]);
	wj_fmt_add(err, errlen, " (WW_PLUGINS may name its directory)");
	return NULL;
}

void *wj_plugin_board(const char *name, char *err, size_t errlen)
{
	return wj_plugin_fn("wwjudge-png.so", name, err, errlen);
}

void *wj_plugin_fn(const char *file, const char *name, char *err, size_t errlen)
{
	void *h = open_plugin(file, err, errlen);
	if (!h)
		return NULL;
	void *fn = dlsym(h, name);
	if (!fn)
		wj_why(err, errlen, "%s has no %s: it is from another wwjudge build", file, name);
	return fn;
}

/* ---- the trampolines ---- */

typedef int net_fn(const struct wj_mail_config *, const char *, FILE *);

static net_fn *net(const char *name, FILE *log)
{
	char err[PATH_MAX + 512];
	net_fn *fn;
	*(void **)&fn = wj_plugin_fn("wwjudge-net.so", name, err, sizeof err);
	if (!fn)
		wj_log_to(log, NULL, "%s", err);
	return fn;
}

int wj_mail_send_game(const struct wj_mail_config *c, const char *game, FILE *log)
{
	net_fn *send = net("wj_mail_send_game", log);
	return send ? send(c, game, log) : EX_OSFILE;
}

int wj_mail_send_all(const struct wj_mail_config *c, const char *games, FILE *log)
{
	net_fn *send = net("wj_mail_send_all", log);
	return send ? send(c, games, log) : EX_OSFILE;
}

int wj_mail_poll(const struct wj_mail_config *c, FILE *log)
{
	int (*poll)(const struct wj_mail_config *, FILE *);
	*(void **)&poll = net("wj_mail_poll", log);
	return poll ? poll(c, log) : EX_OSFILE;
}
