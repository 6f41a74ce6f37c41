/* `wwjudge games` and `wwjudge scenarios` (cli.h): the games this judge
 * plays, and a game's named scenarios, which are its data's
 * scenarios/NAME.yaml (docs/scenario.md). */
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>
#include "buf.h"
#include "cli.h"
#include "games.h"

static const char USAGE_GAMES[] =
	"usage: wwjudge games\n"
	"Lists the games this judge plays: each one's name (for new --game), its\n"
	"sides' words (for --SIDE ADDR and --as SIDE), its optional rules (for\n"
	"--option WORD) and its named scenarios (for --scenario NAME).\n";

static const char USAGE_SCENARIOS[] =
	"usage: wwjudge scenarios [--game GAME] [--data DIR]\n"
	"Lists the game's named scenarios, one a line: the NAME that\n"
	"'wwjudge new --scenario NAME' takes, and what the scenario is (the first\n"
	"comment line of DIR/scenarios/NAME.yaml; DIR: the game's data).\n";

#define SCENARIO_EXT ".yaml"

static int scenario_file(const struct dirent *e)
{
	size_t n = strlen(e->d_name), k = strlen(SCENARIO_EXT);
	return n > k && e->d_name[0] != '.' && !strcmp(e->d_name + n - k, SCENARIO_EXT);
}

/* What a scenario is: its file's first comment line, without the "#". */
static void scenario_about(const char *path, char *out, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "r");
	out[0] = '\0';
	while (f && fgets(line, sizeof line, f)) {
		if (line[0] != '#')
			continue;
		char *t = line + 1 + strspn(line + 1, " ");
		t[strcspn(t, "\r\n")] = '\0';
		snprintf(out, len, "%s", t);
		break;
	}
	if (f)
		fclose(f);
}

typedef void scenario_fn(void *ctx, const char *name, const char *about);

/* Each of the data's scenarios, by name: fn(ctx, name, about). Their
 * number (0 without a scenarios/ folder). */
static int each_scenario(const char *data_dir, scenario_fn *fn, void *ctx)
{
	char dir[PATH_MAX], path[PATH_MAX + NAME_MAX + 2], about[256], name[NAME_MAX + 1];
	struct dirent **v;
	snprintf(dir, sizeof dir, "%s/scenarios", data_dir);
	int n = scandir(dir, &v, scenario_file, alphasort);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, v[i]->d_name);
		snprintf(name, sizeof name, "%.*s",
			 (int)(strlen(v[i]->d_name) - strlen(SCENARIO_EXT)), v[i]->d_name);
		scenario_about(path, about, sizeof about);
		fn(ctx, name, about);
		free(v[i]);
	}
	if (n >= 0)
		free(v);
	return n > 0 ? n : 0;
}

/* The scenarios' names, "17.1, 17.2", into a char[NAMES] list. */
#define NAMES 1024

static void name_to_list(void *ctx, const char *name, const char *about)
{
	char *list = ctx;
	(void)about;
	wj_fmt_add(list, NAMES, "%s%s", list[0] ? ", " : "", name);
}

static void scenario_line(void *ctx, const char *name, const char *about)
{
	fprintf(ctx, "  %-8s %s\n", name, about);
}

static bool names_a_file(const char *arg)
{
	size_t n = strlen(arg);
	return strchr(arg, '/') || (n > 5 && !strcmp(arg + n - 5, ".yaml")) ||
	       (n > 4 && !strcmp(arg + n - 4, ".yml"));
}

int cli_scenario(const struct game *game, const char *data_dir, const char *arg,
		 const char *usage, char *path, size_t len, char *name, size_t namelen)
{
	if (names_a_file(arg)) {
		const char *base = strrchr(arg, '/');
		snprintf(path, len, "%s", arg);
		snprintf(name, namelen, "%s", base && base[1] ? base + 1 : arg);
		return 0;
	}
	snprintf(path, len, "%s/scenarios/%s" SCENARIO_EXT, data_dir, arg);
	snprintf(name, namelen, "%s", arg);
	if (arg[0] != '.' && access(path, R_OK) == 0)
		return 0;
	char known[NAMES] = "";
	int n = each_scenario(data_dir, name_to_list, known);
	return cli_usage("new", usage, "--scenario %s: %s has no scenario of that name in %s "
			 "(%s%s); a scenario file is named by a path with a '/' or ending in "
			 ".yaml", arg, game->title, data_dir, n ? "its scenarios: " : "it has none",
			 known);
}

/* The game --game names (the first without it), or a usage error. */
static int game_named(const char *word, const char *usage, const struct game **game)
{
	char known[256];
	if (!word) {
		*game = game_at(0);
		return 0;
	}
	if ((*game = game_find(word)))
		return 0;
	game_names(known, sizeof known);
	return cli_usage("scenarios", usage, "--game: '%s' is not a game this judge plays (it "
			 "plays: %s)", word, known);
}

int wj_cmd_scenarios(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "data", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *word = NULL, *data = NULL;
	const struct game *game;
	char dir[PATH_MAX];
	int c;
	while ((c = getopt_long(argc, argv, "g:d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'g': word = optarg; break;
		case 'd': data = optarg; break;
		case 'h': fputs(USAGE_SCENARIOS, stdout); return EX_OK;
		default: fputs(USAGE_SCENARIOS, stderr); return EX_USAGE;
		}
	}
	if (optind != argc)
		return cli_usage("scenarios", USAGE_SCENARIOS, "'%s' is not an option", argv[optind]);
	if ((c = game_named(word, USAGE_SCENARIOS, &game)))
		return c;
	if (data)
		snprintf(dir, sizeof dir, "%s", data);
	else
		cli_data_dir(game, dir, sizeof dir);
	printf("%s: named scenarios (wwjudge new --game %s --scenario NAME)\n", game->title,
	       game->name);
	if (!each_scenario(dir, scenario_line, stdout))
		printf("  none: a new game starts from the rule book's set-up\n");
	return EX_OK;
}

static void side_line(const struct game *g)
{
	printf("  sides:");
	for (int s = 1; s <= g->nsides; s++) {
		printf("%s %s", s > 1 ? "," : "", g->side[s].word);
		for (const char *const *w = g->side[s].also; w && *w; w++)
			printf("%s%s", w == g->side[s].also ? " (also " : ", ", *w);
		if (g->side[s].also && *g->side[s].also)
			printf(")");
	}
	printf("\n");
}

static void options_lines(const struct game *g)
{
	if (!g->options || !g->options[0].word) {
		printf("  options: none\n");
		return;
	}
	printf("  options (--option WORD):\n");
	for (int i = 0; g->options[i].word; i++)
		printf("    %s: %s\n", g->options[i].word, g->options[i].about);
}

int wj_cmd_games(int argc, char **argv)
{
	(void)argv;
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(USAGE_GAMES, stdout);
		return EX_OK;
	}
	if (argc > 1)
		return cli_usage("games", USAGE_GAMES, "'%s': games takes no arguments", argv[1]);
	const struct game *g;
	for (int i = 0; (g = game_at(i)); i++) {
		char dir[PATH_MAX], names[NAMES] = "";
		cli_data_dir(g, dir, sizeof dir);
		printf("%s%s: %s%s\n", i ? "\n" : "", g->name, g->title, i ? "" : " (the default)");
		side_line(g);
		options_lines(g);
		int n = each_scenario(dir, name_to_list, names);
		printf("  scenarios: %s\n", n ? names : "none but the rule book's set-up");
	}
	return EX_OK;
}
