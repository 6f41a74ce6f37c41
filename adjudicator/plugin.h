/* The parts of wwjudge that need big libraries are shared objects that the
 * wwjudge binary loads on first use:
 *
 *   wwjudge-png.so  report_png.c, games/skirmish/sk_board_png.c,
 *                   core/board_draw.c, core/png_palette.c
 *                                             cairo (fontconfig, freetype, X), zlib
 *   wwjudge-net.so  mail_send.c, mail_poll.c  libcurl (GnuTLS, Kerberos, LDAP)
 *
 * Loading and relocating those libraries costs a run more than
 * adjudicating an order does, so a command that neither draws a board nor
 * talks to a server does not load them. The binary holds trampolines
 * (plugin.c) with the same names and signatures as the functions declared
 * in report.h, games/skirmish/sk_board.h (sk_board_png) and mail_net.h; the test programs link those sources
 * directly instead.
 *
 * A plugin is looked for in $WW_PLUGINS, then beside the binary
 * (build/), then in ../lib/wwjudge/ from the binary (an installed tree).
 * Loading a shared object runs its code, so a plugin is loaded only
 * from a directory named by an absolute path, owned by the user or root
 * and writable by no one else, only if the plugin is a regular file
 * owned and kept the same way, and only if its stamp, read from the
 * file, is the binary's. */
#ifndef WW_PLUGIN_H
#define WW_PLUGIN_H

#include <stddef.h>
#include "data.h"
#include "games/skirmish/sk_data.h"
#include "state.h"

/* The layouts the binary and a plugin pass between them (the board
 * plugin draws both Washington's War's and Skirmish's). Each plugin
 * exports its own value (ww_png_abi, this; ww_net_abi, WW_NET_ABI in
 * mail_net.h, which adds the mail config's); one from another build,
 * whose structs differ, is refused rather than called. */
#define WW_PLUGIN_ABI \
	((unsigned long)sizeof(struct ww_data) * 1000003u ^ \
	 (unsigned long)sizeof(struct ww_state) * 1009u ^ \
	 (unsigned long)sizeof(struct sk_data) * 7919u ^ \
	 (unsigned long)sizeof(struct sk_piece) * 131071u)

/* The value of the unsigned long `symbol` that the shared object open on
 * fd exports (plugin_stamp.c), read from the file without loading it:
 * 0, -1 when fd is not a shared object for this machine, or -2 when it
 * has no such symbol. */
int ww_plugin_stamp(int fd, const char *symbol, unsigned long *stamp);

/* The function `name` of plugin `file`, or NULL with the reason in err
 * (where it was looked for, why it was refused, or what dlopen said). */
void *ww_plugin_fn(const char *file, const char *name, char *err, size_t errlen);

#endif
