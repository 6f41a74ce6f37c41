/* The commands of wwjudge (cli/): each reads its own arguments (argv[0]
 * is the command's name) and returns an exit code of sysexits.h, which
 * cron and the MTA read (docs/architecture.md, "How a function says it
 * failed"). main and the game commands are in wwjudge.c. */
#ifndef WJ_CLI_H
#define WJ_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include "game.h"

/* cli_mail.c */
int wj_cmd_process(int argc, char **argv);
int wj_cmd_passwd(int argc, char **argv);
int wj_cmd_moderate(int argc, char **argv); /* pause, resume, address, announce */
int wj_cmd_rollback(int argc, char **argv);
/* secret/mail.yaml of a new game: each side's password read from the
 * first line of its file (password_file[side]; NULL: none set) and
 * hashed, the tokens at entry 1. 0, or -1 with the reason in err.
 * Malloc'd text. */
int wj_mail_secret_new(const struct game *g,
		       const char *const password_file[GAME_MAX_SIDES + 1], char **text,
		       size_t *len, char *err, size_t errlen);

/* cli_net.c */
int wj_cmd_send(int argc, char **argv);
int wj_cmd_poll(int argc, char **argv);
int wj_cmd_remind(int argc, char **argv);
int wj_cmd_replay(int argc, char **argv);

/* cli.c: a command given wrong arguments: "wwjudge[ WHO]: message" on
 * stderr (wj_log), then the command's usage; EX_USAGE. */
int cli_usage(const char *who, const char *usage, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool cli_is_dir(const char *path);
/* The game's data when no --data is given: $WW_DATA if set and it holds
 * this game's data; else next to the binary, ../data/GAME (the source
 * tree's build/) or ../share/wwjudge/data/GAME (make install); else
 * ./data/GAME. */
void cli_data_dir(const struct game *game, char *out, size_t len);

/* cli_games.c: `games` and `scenarios`, and the scenario `--scenario`
 * names: a file (a path with a '/', or ending in .yaml), else the name of
 * one of the data's scenarios, DATA_DIR/scenarios/NAME.yaml. Its file in
 * path and the name the record keeps in name: 0, or a usage error
 * naming the game's scenarios. */
int wj_cmd_games(int argc, char **argv);
int wj_cmd_scenarios(int argc, char **argv);
int cli_scenario(const struct game *game, const char *data_dir, const char *arg,
		 const char *usage, char *path, size_t len, char *name, size_t namelen);

#endif
