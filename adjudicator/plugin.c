/* The wwjudge binary's side of plugin.h: finding and loading the plugins,
 * and the trampolines that stand for their functions. */
#include <dlfcn.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>
#include "mail_net.h"
#include "paths.h"
#include "plugin.h"
#include "report.h"

static void *open_plugin(const char *file, char *err, size_t errlen)
{
	char exe[PATH_MAX], dirs[3][PATH_MAX + 32], path[PATH_MAX + 128];
	int n = 0;
	const char *env = getenv("WW_PLUGINS");
	if (env && *env)
		snprintf(dirs[n++], sizeof dirs[0], "%s", env);
	if (ww_exe_dir(exe, sizeof exe) == 0) {
		snprintf(dirs[n++], sizeof dirs[0], "%s", exe);
		snprintf(dirs[n++], sizeof dirs[0], "%s/../lib/wwjudge", exe);
	}
	for (int i = 0; i < n; i++) {
		int w = snprintf(path, sizeof path, "%.*s/%s", PATH_MAX, dirs[i], file);
		if (w < 0 || (size_t)w >= sizeof path || access(path, F_OK) < 0)
			continue;
		void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (!h)
			snprintf(err, errlen, "cannot load %s: %s", path, dlerror());
		return h;
	}
	int w = snprintf(err, errlen, "%s is missing: looked in", file);
	for (int i = 0; i < n && w > 0 && (size_t)w < errlen; i++)
		w += snprintf(err + w, errlen - (size_t)w, "%s %s", i ? "," : "", dirs[i]);
	if (w > 0 && (size_t)w < errlen)
		snprintf(err + w, errlen - (size_t)w, " (WW_PLUGINS may name its directory)");
	return NULL;
}

/* The plugin's layouts are the binary's (plugin.h). */
static bool same_build(void *h, const char *file)
{
	const char *abi = strncmp(file, "wwjudge-png", 11) ? "ww_net_abi" : "ww_png_abi";
	const unsigned long *theirs = dlsym(h, abi);
	return theirs && *theirs == WW_PLUGIN_ABI;
}

void *ww_plugin_fn(const char *file, const char *name, char *err, size_t errlen)
{
	void *h = open_plugin(file, err, errlen);
	if (!h)
		return NULL;
	if (!same_build(h, file)) {
		snprintf(err, errlen, "%s is from another build of wwjudge: build or install the "
			 "binary and its plugins together", file);
		return NULL;
	}
	void *fn = dlsym(h, name);
	if (!fn)
		snprintf(err, errlen, "%s has no %s: it is from another wwjudge build", file, name);
	return fn;
}

/* ---- the trampolines ---- */

int ww_report_png(FILE *out, const struct ww_data *d, const struct ww_state *view,
		  enum ww_side recipient, const struct ww_events *last,
		  char *err, size_t errlen)
{
	int (*draw)(FILE *, const struct ww_data *, const struct ww_state *, enum ww_side,
		    const struct ww_events *, char *, size_t);
	*(void **)&draw = ww_plugin_fn("wwjudge-png.so", "ww_report_png", err, errlen);
	return draw ? draw(out, d, view, recipient, last, err, errlen) : -1;
}

typedef int net_fn(const struct ww_mail_config *, const char *, FILE *);

static net_fn *net(const char *name, FILE *log)
{
	char err[PATH_MAX + 512];
	net_fn *fn;
	*(void **)&fn = ww_plugin_fn("wwjudge-net.so", name, err, sizeof err);
	if (!fn)
		fprintf(log, "wwjudge: %s\n", err);
	return fn;
}

int ww_mail_send_game(const struct ww_mail_config *c, const char *game, FILE *log)
{
	net_fn *send = net("ww_mail_send_game", log);
	return send ? send(c, game, log) : EX_OSFILE;
}

int ww_mail_send_all(const struct ww_mail_config *c, const char *games, FILE *log)
{
	net_fn *send = net("ww_mail_send_all", log);
	return send ? send(c, games, log) : EX_OSFILE;
}

int ww_mail_poll(const struct ww_mail_config *c, FILE *log)
{
	int (*poll)(const struct ww_mail_config *, FILE *);
	*(void **)&poll = net("ww_mail_poll", log);
	return poll ? poll(c, log) : EX_OSFILE;
}
