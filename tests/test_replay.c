/* Replay verification (record.h: wj_record_replay; docs/record.md): a game
 * kept through the record API is played again from its start, with the
 * seed and the logged forced dice, and every roll, every shuffle and the
 * final position must agree with the record. The seed is revealed by the
 * commit that ends the game. Uses the real data (WW_DATA). */
#include "support.h"
#include <sys/stat.h>
#include <unistd.h>
#include "games.h"
#include "record.h"

/* The seed of tests/golden/1776, whose first orders are replayed here. */
static const char SEED_1776[] =
	"1776177617761776177617761776177617761776177617761776177617761776";
static const char SEED_END[] =
	"00000000000000000000000000000000000000000000000000000000c0ffee01";

/* The last impulses of 1783 (5.7): two cards in each hand; two lone
 * American CUs outside winter quarters roll for attrition (11.2). */
static const char END_OF_1783[] =
	"year: 1783\n"
	"phase: strategy\n"
	"prompt: impulse\n"
	"to_move: american\n"
	"impulse: american\n"
	"board:\n"
	"  Boston MA: {pc: british, british: 5}\n"
	"  Lexington and Concord MA: {pc: american, american: 5}\n"
	"  Trenton NJ: {pc: american, american: 1}\n"
	"  Morristown NJ: {pc: american, american: 1}\n"
	"generals:\n"
	"  Howe: Boston MA\n"
	"  Washington: Lexington and Concord MA\n"
	"congress: Lexington and Concord MA\n"
	"hands:\n"
	"  american: [1, 3]\n"
	"  british: [2, 4]\n"
	"next_roll: 100\n";

static char tmpdir[256];

struct rec {
	char dir[300];
	struct wj_game g;
};

static struct rec game;

static int make_tmpdir(void **st)
{
	(void)st;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/ww-replay-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **st)
{
	char cmd[300];
	(void)st;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void path_of(char *out, size_t len, const char *dir, const char *rel)
{
	snprintf(out, len, "%s/%s", dir, rel);
}

static char *slurp(const char *dir, const char *rel)
{
	char path[600];
	path_of(path, sizeof path, dir, rel);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	static char buf[1 << 17];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spit(const char *dir, const char *rel, const char *text)
{
	char path[600];
	path_of(path, sizeof path, dir, rel);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Replaces the first `from` in dir/rel by `to`. */
static void rewrite(const char *dir, const char *rel, const char *from, const char *to)
{
	char *text = strdup(slurp(dir, rel));
	char *at = strstr(text, from);
	if (!at)
		fail_msg("%s has no \"%s\"", rel, from);
	char *out = malloc(strlen(text) + strlen(to) + 1);
	sprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	spit(dir, rel, out);
	free(out);
	free(text);
}

/* Creates a game in tmpdir/name: a new game (4.0) with `seed`, or the
 * scenario text, which is written to tmpdir/name.yaml and loaded. As
 * `wwjudge new` does, a scenario's deck is shuffled and the initial
 * state's hash published, unless `as_before` (a game created before
 * issue 11). */
static void rec_create(struct rec *r, const char *name, const char *seed, const char *scenario,
		       bool as_before)
{
	struct game_events ev = { { 0 } };
	struct wj_dice dice = { 0 };
	struct wj_rng rng;
	const struct ww_data *d = test_data();
	char err[512] = "";
	wj_game_free(&r->g); /* the rec is zeroed or a game of before */
	memset(r, 0, sizeof *r);
	assert_int_equal(wj_game_new(&r->g, &game_washingtons_war), 0);
	snprintf(r->dir, sizeof r->dir, "%s/%s", tmpdir, name);
	r->g.data = test_game_data();
	snprintf(r->g.meta.data_id, sizeof r->g.meta.data_id, "%s", d->id);
	snprintf(r->g.meta.data_dir, sizeof r->g.meta.data_dir, "%s", d->dir);
	snprintf(r->g.meta.addr[WW_AMERICAN], sizeof r->g.meta.addr[WW_AMERICAN], "adams@example.org");
	snprintf(r->g.meta.addr[WW_BRITISH], sizeof r->g.meta.addr[WW_BRITISH], "north@example.org");
	assert_int_equal(wj_dice_init(), 0);
	assert_int_equal(wj_seed_from_hex(seed, r->g.seed), 0);
	wj_seed_commitment(r->g.seed, r->g.meta.commitment);
	memcpy(dice.seed, r->g.seed, sizeof dice.seed);
	wj_dice_rng(&dice, &rng);
	if (scenario) {
		char file[64];
		snprintf(file, sizeof file, "%s.yaml", name);
		spit(tmpdir, file, scenario);
		char path[600];
		path_of(path, sizeof path, tmpdir, file);
		if (ww_scenario_load(path, d, ww_state_of(r->g.state), err, sizeof err))
			fail_msg("scenario: %s", err);
		snprintf(r->g.meta.scenario, sizeof r->g.meta.scenario, "%s", file);
		if (!as_before)
			ww_scenario_shuffle(ww_state_of(r->g.state), r->g.seed);
	} else {
		ww_new_game(d, ww_state_of(r->g.state), &rng, ww_events_of(&ev));
	}
	if (!as_before)
		assert_int_equal(ww_state_hash(d, ww_state_of(r->g.state), r->g.seed,
					       r->g.meta.initial_state), 0);
	if (wj_record_create(r->dir, &r->g, &ev, err, sizeof err) != WJ_REC_OK)
		fail_msg("create: %s", err);
	ww_events_free(ww_events_of(&ev));
}

static void rec_new(struct rec *r, const char *name, const char *seed, const char *scenario)
{
	rec_create(r, name, seed, scenario, false);
}

/* Applies `lines` (orders separated by newlines) for `side` with the
 * forced dice `forced` (n of them), and commits them as one log entry,
 * as wwjudge order does. */
static void rec_order(struct rec *r, enum ww_side side, const char *lines, int n, ...)
{
	struct wj_game *after = malloc(sizeof *after);
	struct wj_dice dice = { 0 };
	struct game_events gev = { { 0 } };
	struct ww_events *ev = ww_events_of(&gev);
	struct wj_rng rng;
	const struct ww_data *d = test_data();
	char buf[1024], why[768], err[512] = "";
	va_list ap;
	assert_non_null(after);
	assert_int_equal(wj_game_copy(after, &r->g), 0);
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		dice.forced[dice.nforced++] = va_arg(ap, int);
	va_end(ap);
	memcpy(dice.seed, r->g.seed, sizeof dice.seed);
	wj_dice_rng(&dice, &rng);
	for (const char *t = lines; *t;) {
		size_t k = strcspn(t, "\n");
		struct ww_order o;
		snprintf(buf, sizeof buf, "%.*s", (int)k, t);
		if (ww_order_parse(d, buf, &o, why, sizeof why))
			fail_msg("'%s' does not parse: %s", buf, why);
		if (ww_apply(d, ww_state_of(after->state), side, &o, &rng, ev, why, sizeof why))
			fail_msg("'%s' refused: %s", buf, why);
		t += k + (t[k] == '\n');
	}
	assert_int_equal(dice.used_forced, dice.nforced);
	struct wj_log_entry e = { .side = side, .order_text = lines,
				  .sender = "command line", .events = &gev };
	if (wj_record_commit(r->dir, r->g.state, after, &e, err, sizeof err) != WJ_REC_OK)
		fail_msg("commit: %s", err);
	wj_game_free(&r->g);
	r->g.state = after->state; /* the meta stays as it was */
	ww_events_free(ev);
	free(after);
}

/* wj_record_replay's findings, in a buffer that lives until the next call. */
static int replay(const char *dir, char **findings)
{
	static char *text;
	size_t len;
	free(text);
	text = NULL;
	FILE *m = open_memstream(&text, &len);
	assert_non_null(m);
	int problems = wj_record_replay(dir, test_game_data(), m);
	fclose(m);
	*findings = text;
	return problems;
}

static void replays_clean(const char *dir)
{
	char *out;
	if (replay(dir, &out) != 0)
		fail_msg("the replay of %s found problems:\n%s", dir, out);
	assert_string_equal(out, "");
}

static void replay_finds(const char *dir, const char *needle)
{
	char *out;
	int problems = replay(dir, &out);
	if (problems != 1 || !strstr(out, needle))
		fail_msg("expected one problem mentioning \"%s\", found %d:\n%s", needle,
			 problems, out);
}

static void copy_game(const char *from, const char *to)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "cp -a '%s' '%s'", from, to);
	assert_int_equal(system(cmd), 0);
}

/* Copies the game to tmpdir/copy, replaces the first `from` in its file
 * `rel` by `to`, and expects the replay to find one problem naming
 * `needle`. */
static void finds_after_rewrite(const char *copy, const char *rel, const char *from,
				const char *to, const char *needle)
{
	char other[400];
	snprintf(other, sizeof other, "%s/%s", tmpdir, copy);
	copy_game(game.dir, other);
	rewrite(other, rel, from, to);
	replay_finds(other, needle);
}

/* The set-up and the first impulses of tests/golden/1776, up to the
 * forced winter attrition roll of 1775 (11.1). Two consecutive British
 * orders make one log entry, as one mail would. */
static void play_1775(struct rec *r, const char *name)
{
	static const struct { enum ww_side side; const char *order; int die; } script[] = {
		{ WW_AMERICAN, "committees Concord NH, Barnstable MA, Providence RI, New London CT, "
		  "New York NY, Trenton NJ, Bassett Town PA, Wilmington DE, Annapolis MD, "
		  "Petersburg VA, New Bern NC, Georgetown SC, St. Mary's GA", 0 },
		{ WW_BRITISH, "for-the-king Falmouth MA, Yorktown VA, Charlotte NC", 0 },
		{ WW_BRITISH, "pass", 0 },
		{ WW_AMERICAN, "first american", 0 },
		{ WW_AMERICAN, "play 57 pc Sunbury GA, Long Island NY, Augusta GA", 0 },
		{ WW_BRITISH, "play 40 pc Savannah GA, Oswego NY", 0 },
		{ WW_AMERICAN, "discard 100 pc Halifax NC", 0 },
		{ WW_BRITISH, "exchange 42\nplay 24 pc Salisbury NC, St. Johns", 0 },
		{ WW_AMERICAN, "discard 91 pc Newport RI", 0 },
		{ WW_BRITISH, "exchange 6\ndiscard 91 pc Ticonderoga NY", 0 },
		{ WW_AMERICAN, "discard 63 pc Lancaster PA", 0 },
		{ WW_BRITISH, "exchange 38\ndiscard 100 remove Augusta GA", 0 },
		{ WW_AMERICAN, "play 13 pc Saratoga NY", 0 },
		{ WW_BRITISH, "discard 62 remove Georgetown SC", 0 },
		{ WW_AMERICAN, "play 17 pc Morristown NJ", 0 },
		{ WW_BRITISH, "play 34 pc Augusta GA, Georgetown SC", 0 },
		{ WW_AMERICAN, "discard 89 remove Norfolk VA", 0 },
		{ WW_BRITISH, "discard 63 remove Providence RI", 5 },
	};
	rec_new(r, name, SEED_1776, NULL);
	for (size_t i = 0; i < sizeof script / sizeof *script; i++) {
		if (script[i].die)
			rec_order(r, script[i].side, script[i].order, 1, script[i].die);
		else
			rec_order(r, script[i].side, script[i].order, 0);
	}
}

/* A new game replays from ww_new_game with the seed (shuffle 0, the deal)
 * through multi-order entries and a forced roll. */
static void test_new_game_replays_clean(void **st)
{
	(void)st;
	play_1775(&game, "new");
	assert_int_equal(ww_state_of(game.g.state)->year, 1776);
	assert_non_null(strstr(slurp(game.dir, "log/000019.yaml"), "forced: true"));
	assert_int_equal(access(game.dir, F_OK), 0);
	char initial[600];
	path_of(initial, sizeof initial, game.dir, "secret/initial-state.yaml");
	assert_int_equal(access(initial, F_OK), -1); /* the seed's set-up needs none */
	assert_int_equal(wj_record_verify(game.dir, test_game_data(), stderr), 0);
	replays_clean(game.dir);
}

/* The scenario game to its end: the last commit reveals the seed. */
static void play_to_the_end(struct rec *r, const char *name)
{
	rec_new(r, name, SEED_END, END_OF_1783);
	rec_order(r, WW_AMERICAN, "discard 1", 0);
	rec_order(r, WW_BRITISH, "discard 2", 0);
	rec_order(r, WW_AMERICAN, "discard 3", 0);
	assert_null(strstr(slurp(r->dir, "game.yaml"), SEED_END));
	rec_order(r, WW_BRITISH, "discard 4", 1, 6); /* Trenton's roll forced */
	assert_int_equal(ww_state_of(r->g.state)->phase, WW_PH_GAME_OVER);
}

static void test_game_end_reveals_seed(void **st)
{
	(void)st;
	char want[128], err[512];
	play_to_the_end(&game, "end");
	snprintf(want, sizeof want, "seed_revealed: true\n  seed: %s\n", SEED_END);
	assert_non_null(strstr(slurp(game.dir, "game.yaml"), want));
	struct wj_game *back = calloc(1, sizeof *back);
	back->data = test_game_data();
	assert_int_equal(wj_record_load(game.dir, back, err, sizeof err), WJ_REC_OK);
	assert_true(back->meta.seed_revealed);
	assert_string_equal(back->meta.seed_hex, SEED_END);
	assert_string_equal(back->meta.scenario, "end.yaml");
	wj_game_free(back);
	free(back);
	assert_int_equal(wj_record_verify(game.dir, test_game_data(), stderr), 0);
	replays_clean(game.dir);
}

/* A scenario game starts from secret/initial-state.yaml, the scenario's
 * position as loaded with its deck shuffled (issue 11), not from the
 * set-up. */
static void test_scenario_replays_from_initial_state(void **st)
{
	(void)st;
	char err[512], *text, scenario[600];
	struct ww_state *start = calloc(2, sizeof *start);
	assert_non_null(start);
	play_to_the_end(&game, "scen");
	path_of(scenario, sizeof scenario, tmpdir, "scen.yaml");
	assert_int_equal(ww_scenario_load(scenario, test_data(), &start[0], err, sizeof err), 0);
	ww_scenario_shuffle(&start[0], game.g.seed);
	text = slurp(game.dir, "secret/initial-state.yaml");
	assert_int_equal(ww_state_read_yaml(text, strlen(text), test_data(), &start[1], err,
					    sizeof err), 0);
	assert_memory_equal(&start[0], &start[1], sizeof *start);
	replays_clean(game.dir);

	char other[400];
	snprintf(other, sizeof other, "%s/scen-changed", tmpdir);
	copy_game(game.dir, other);
	rewrite(other, "secret/initial-state.yaml", "\"Boston MA\": {pc: british, british: 5}",
		"\"Boston MA\": {pc: british, british: 6}");
	replay_finds(other, "secret/initial-state.yaml: the initial state hashes to ");
	replay_finds(other, ", but game.yaml publishes initial_state ");

	snprintf(other, sizeof other, "%s/scen-lost", tmpdir);
	copy_game(game.dir, other);
	char path[600];
	path_of(path, sizeof path, other, "secret/initial-state.yaml");
	assert_int_equal(unlink(path), 0);
	replay_finds(other, "secret/initial-state.yaml: cannot be read");
	free(start);
}

/* An unforced roll logged with another value is found at its entry and
 * order; so is a forced roll whose value was changed afterwards (the
 * replay uses the logged value, and the game then comes out otherwise). */
static void test_tampered_roll_found_at_its_entry(void **st)
{
	(void)st;
	char from[64], to[64], want[160], other[400];
	play_to_the_end(&game, "roll");
	const char *log = strstr(slurp(game.dir, "log/000005.yaml"), "index: 101, value: ");
	assert_non_null(log);
	int value = log[strlen("index: 101, value: ")] - '0';
	assert_true(value >= 1 && value <= 6);
	assert_int_equal(value, wj_dice_roll(game.g.seed, 101));

	snprintf(other, sizeof other, "%s/roll-value", tmpdir);
	copy_game(game.dir, other);
	snprintf(from, sizeof from, "index: 101, value: %d", value);
	snprintf(to, sizeof to, "index: 101, value: %d", value % 6 + 1);
	rewrite(other, "log/000005.yaml", from, to);
	snprintf(want, sizeof want, "log/000005.yaml: entry 5, the British order \"discard 4\": "
		 "roll 101 is logged as %d, the replay rolls %d from the seed", value % 6 + 1,
		 value);
	replay_finds(other, want);

	/* Trenton's forced 6 made a 2: the lone CU is removed (11.2) on
	 * replay, and the logged event says otherwise */
	snprintf(other, sizeof other, "%s/roll-forced", tmpdir);
	copy_game(game.dir, other);
	rewrite(other, "log/000005.yaml", "index: 100, value: 6, forced: true",
		"index: 100, value: 2, forced: true");
	replay_finds(other, "log/000005.yaml: entry 5, the British orders: event 6 is logged as "
		     "\"Winter attrition: the American CU in Trenton NJ stays (rolled 6)\", the "
		     "replay gives \"Winter attrition: the American CU in Trenton NJ is removed "
		     "(rolled 2)\"");
}

/* Two deck cards swapped in secret/state.yaml: the file is valid and the
 * public record adds up; only the replay of the shuffles finds it. */
static void test_tampered_deck_found(void **st)
{
	(void)st;
	char other[400];
	play_1775(&game, "deck-base");
	snprintf(other, sizeof other, "%s/deck", tmpdir);
	copy_game(game.dir, other);
	char *text = strdup(slurp(other, "secret/state.yaml"));
	char *deck = strstr(text, "\ndeck:\n");
	assert_non_null(deck);
	char *a = deck + strlen("\ndeck:\n"), *b = strchr(a, '\n') + 1, *c = strchr(b, '\n') + 1;
	char first[64], second[64];
	snprintf(first, sizeof first, "%.*s", (int)(b - a), a);
	snprintf(second, sizeof second, "%.*s", (int)(c - b), b);
	assert_string_not_equal(first, second);
	memcpy(a, second, strlen(second));
	memcpy(a + strlen(second), first, strlen(first));
	spit(other, "secret/state.yaml", text);
	free(text);
	assert_int_equal(wj_record_verify(other, test_game_data(), stderr), 0);
	replay_finds(other, "secret/state.yaml line ");
	replay_finds(other, "but replaying the log to entry 19 gives");
}

/* A logged order changed afterwards: found at its entry, with the order
 * named. */
static void test_tampered_order_found(void **st)
{
	(void)st;
	char other[400];
	play_to_the_end(&game, "order");
	snprintf(other, sizeof other, "%s/order-refused", tmpdir);
	copy_game(game.dir, other);
	rewrite(other, "log/000004.yaml", "- \"discard 3\"", "- \"discard 1\"");
	replay_finds(other, "log/000004.yaml: entry 4, the American order \"discard 1\": "
		     "is refused on replay");

	/* a legal order in place of the logged one: the hand ledger, which
	 * records each entry's cards, finds it at its entry */
	snprintf(other, sizeof other, "%s/order-card", tmpdir);
	copy_game(game.dir, other);
	rewrite(other, "log/000002.yaml", "- \"discard 1\"", "- \"discard 3\"");
	replay_finds(other, "log/000002.yaml: entry 2, the American orders: the American hand "
		     "loses #3 on replay, but secret/ledger-american.yaml says it loses #1");

	snprintf(other, sizeof other, "%s/order-side", tmpdir);
	copy_game(game.dir, other);
	rewrite(other, "log/000003.yaml", "side: british", "side: american");
	replay_finds(other, "log/000003.yaml: entry 3, the American order \"discard 2\": "
		     "is refused on replay");

	snprintf(other, sizeof other, "%s/order-move", tmpdir);
	copy_game(game.dir, other);
	rewrite(other, "log/000002.yaml", "move: 1", "move: 2");
	replay_finds(other, "log/000002.yaml: entry 2, the American orders: the log says "
		     "move 2, the replay reaches move 1");
}

/* Issue 11, "verify believes too much": every logged event, text and
 * audience, is compared with the replay's, none extra and none missing. */
static void test_tampered_events_found(void **st)
{
	(void)st;
	play_to_the_end(&game, "events");
	finds_after_rewrite("events-text", "log/000005.yaml", "Trenton NJ stays (rolled 6)",
			    "Trenton NJ stays (rolled 2)",
			    "log/000005.yaml: entry 5, the British orders: event 6 is logged as "
			    "\"Winter attrition: the American CU in Trenton NJ stays (rolled 2)\", the "
			    "replay gives \"Winter attrition: the American CU in Trenton NJ stays "
			    "(rolled 6)\"");
	finds_after_rewrite("events-audience", "log/000002.yaml", "to: both", "to: british",
			    "log/000002.yaml: entry 2, the American orders: event 1, \"The American "
			    "discards #1 1 OPS.\", is logged to british, the replay tells both");
	finds_after_rewrite("events-added", "log/000003.yaml", "    to: both\n",
			    "    to: both\n  - text: \"You draw #99\"\n    to: british\n",
			    "log/000003.yaml: entry 3, the British orders: the log has 2 events, the "
			    "replay gives only 1: event 2, \"You draw #99\", is not the game's");
	finds_after_rewrite("events-lost", "log/000002.yaml",
			    "events:\n  - text: \"The American discards #1 1 OPS.\"\n    to: both\n",
			    "events: []\n",
			    "log/000002.yaml: entry 2, the American orders: the log has 0 events, the "
			    "replay gives more: event 1 is \"The American discards #1 1 OPS.\"");
}

/* Issue 11: only the moderator's `wwjudge order --dice` forces rolls, and
 * its entries are the command line's; a forced roll in an order that
 * came by mail is found. */
static void test_forced_roll_only_from_the_command_line(void **st)
{
	(void)st;
	play_to_the_end(&game, "forced-mail");
	finds_after_rewrite("forced-by-mail", "log/000005.yaml", "sender: \"command line\"",
			    "sender: \"north@example.org\"",
			    "log/000005.yaml: entry 5, the British orders: roll 100 is logged as "
			    "forced, but the entry came from north@example.org");
}

/* Issue 11: a roll relabelled as forced replays with its logged value, so
 * the replay counts the forced rolls of each side for verify to print. */
static void test_forced_rolls_counted_by_side(void **st)
{
	(void)st;
	char other[400], from[64];
	int forced[3];
	play_to_the_end(&game, "forced-count");
	assert_int_equal(wj_record_replay_counted(game.dir, test_game_data(), stderr, forced), 0);
	assert_int_equal(forced[WW_AMERICAN], 0);
	assert_int_equal(forced[WW_BRITISH], 1);

	snprintf(other, sizeof other, "%s/forced-relabelled", tmpdir);
	copy_game(game.dir, other);
	snprintf(from, sizeof from, "index: 101, value: %d, forced: ", wj_dice_roll(game.g.seed, 101));
	rewrite(other, "log/000005.yaml", "forced: false", "forced: true");
	assert_non_null(strstr(slurp(other, "log/000005.yaml"), from));
	assert_int_equal(wj_record_replay_counted(other, test_game_data(), stderr, forced), 0);
	assert_int_equal(forced[WW_AMERICAN], 0);
	assert_int_equal(forced[WW_BRITISH], 2);
}

/* Issue 11: a set-up game publishes its initial state's hash too; the
 * replay recomputes it from the seed's set-up. */
static void test_setup_hash_checked(void **st)
{
	(void)st;
	char line[128], *at;
	rec_new(&game, "setup-hash", SEED_1776, NULL);
	assert_int_equal(strlen(game.g.meta.initial_state), 64);
	snprintf(line, sizeof line, "  commitment: %s\n  initial_state: %s\n", game.g.meta.commitment,
		 game.g.meta.initial_state);
	assert_non_null(strstr(slurp(game.dir, "game.yaml"), line));
	assert_null(strstr(slurp(game.dir, "game.yaml"), SEED_1776));
	replays_clean(game.dir);

	snprintf(line, sizeof line, "initial_state: %s", game.g.meta.initial_state);
	char *changed = strdup(line);
	at = changed + strlen("initial_state: ");
	*at = *at == '0' ? '1' : '0';
	finds_after_rewrite("setup-hash-changed", "game.yaml", line, changed,
			    "log/000001.yaml: entry 1, the set-up: the initial state hashes to ");
	free(changed);
}

/* A scenario game created before issue 11 (deck in number order, no
 * initial_state in game.yaml) still loads, verifies and replays: its
 * initial state is taken as written. */
static void test_game_from_before_issue_11_replays(void **st)
{
	(void)st;
	char err[512];
	rec_create(&game, "before", SEED_END, END_OF_1783, true);
	assert_null(strstr(slurp(game.dir, "game.yaml"), "initial_state"));
	struct wj_game *back = calloc(1, sizeof *back);
	back->data = test_game_data();
	assert_int_equal(wj_record_load(game.dir, back, err, sizeof err), WJ_REC_OK);
	assert_string_equal(back->meta.initial_state, "");
	for (int i = 1; i < ww_state_of(back->state)->deck.n; i++)
		assert_true(ww_state_of(back->state)->deck.card[i - 1] < ww_state_of(back->state)->deck.card[i]);
	wj_game_free(back);
	free(back);
	rec_order(&game, WW_AMERICAN, "discard 1", 0);
	assert_int_equal(wj_record_verify(game.dir, test_game_data(), stderr), 0);
	replays_clean(game.dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_game_replays_clean),
		cmocka_unit_test(test_game_end_reveals_seed),
		cmocka_unit_test(test_scenario_replays_from_initial_state),
		cmocka_unit_test(test_tampered_roll_found_at_its_entry),
		cmocka_unit_test(test_tampered_deck_found),
		cmocka_unit_test(test_tampered_order_found),
		cmocka_unit_test(test_tampered_events_found),
		cmocka_unit_test(test_forced_roll_only_from_the_command_line),
		cmocka_unit_test(test_forced_rolls_counted_by_side),
		cmocka_unit_test(test_setup_hash_checked),
		cmocka_unit_test(test_game_from_before_issue_11_replays),
	};
	int rc = cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
	free_test_data(NULL);
	return rc;
}
