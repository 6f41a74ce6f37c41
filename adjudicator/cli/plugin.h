/* The parts of wwjudge that need big libraries are shared objects that the
 * wwjudge binary loads on first use:
 *
 *   wwjudge-png.so  every game's *_png.c (each game's board function,
 *                   game.h's `board`), core/board_draw.c,
 *                   core/png_palette.c, cli/png_stamp.c
 *                                             cairo (fontconfig, freetype, X), zlib
 *   wwjudge-net.so  mail_send.c, mail_poll.c  libcurl (GnuTLS, Kerberos, LDAP)
 *
 * Loading and relocating those libraries costs a run more than
 * adjudicating an order does, so a command that neither draws a board nor
 * talks to a server does not load them. A board is found by its name
 * (games.h's game_board, given wj_plugin_board by main); the network's
 * functions through trampolines (plugin.c) with the names and signatures
 * of mail_net.h. The test programs link those sources directly instead.
 * The binary exports its functions, which the plugins call.
 *
 * A plugin is looked for in $WW_PLUGINS, then beside the binary
 * (build/), then in ../lib/wwjudge/ from the binary (an installed tree).
 * Loading a shared object runs its code, so a plugin is loaded only
 * from a directory named by an absolute path, owned by the user or root
 * and writable by no one else, only if the plugin is a regular file
 * owned and kept the same way, and only if its stamp, read from the
 * file, is the binary's. */
#ifndef WJ_PLUGIN_H
#define WJ_PLUGIN_H

#include <stddef.h>

/* The board plugin's stamp (wj_png_abi): the Makefile's WJ_BUILD_STAMP,
 * a checksum of every header, which differs between builds whose
 * structs may differ; the net plugin exports wj_net_abi, WJ_NET_ABI in
 * mail/mail_net.h. A plugin of another build is refused rather than
 * called. */
#ifndef WJ_BUILD_STAMP
#error "WJ_BUILD_STAMP is the Makefile's: build with make"
#endif

/* The value of the unsigned long `symbol` that the shared object open on
 * fd exports (plugin_stamp.c), read from the file without loading it:
 * 0, -1 when fd is not a shared object for this machine, or -2 when it
 * has no such symbol. */
int wj_plugin_stamp(int fd, const char *symbol, unsigned long *stamp);

/* The function `name` of plugin `file`, or NULL with the reason in err
 * (where it was looked for, why it was refused, or what dlopen said). */
void *wj_plugin_fn(const char *file, const char *name, char *err, size_t errlen);
/* The board plugin's function `name` (games.h's game_symbol_lookup). */
void *wj_plugin_board(const char *name, char *err, size_t errlen);

#endif
