/* The game record (record.h): state YAML, create/load/commit, lock, seen,
 * ledgers, verify, scenarios, and a crash at every write step of a commit.
 * Names come from a small hand-built data set, so these tests do not
 * depend on data/. */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sysexits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <yaml.h>
#include "buf.h"
#include "games.h"
#include "record.h"
#include "report.h"
#include "ww_game.h"
#include "ww_text.h"

static struct ww_data *data;
static const struct game_data *gdata; /* data, as the record takes it */

/* The events a test builds, as the record takes them: a struct
 * game_events of Washington's War is its struct ww_events alone. */
static const struct game_events *events_of(const struct ww_events *ev)
{
	return (const struct game_events *)ev;
}

static void add_space(struct ww_data *d, const char *name)
{
	snprintf(d->spaces[d->nspaces].name, WW_NAME_MAX, "%s", name);
	ww_space_fold(d, d->nspaces++);
}

static void add_general(struct ww_data *d, const char *name, enum ww_side side)
{
	struct ww_general *g = &d->generals[d->ngenerals++];
	snprintf(g->name, sizeof g->name, "%s", name);
	g->side = side;
}

static void build_data(struct ww_data *d)
{
	memset(d, 0, sizeof *d);
	snprintf(d->id, sizeof d->id, "test-data 1");
	snprintf(d->dir, sizeof d->dir, "(built by test_record)");
	add_space(d, "Boston MA");
	add_space(d, "New York NY");
	add_space(d, "Philadelphia PA");
	add_space(d, "St. Mary's GA");
	add_space(d, "Quebec");
	add_space(d, "Charleston SC");
	add_general(d, "Washington", WW_AMERICAN);
	add_general(d, "Greene", WW_AMERICAN);
	add_general(d, "Howe", WW_BRITISH);
	add_general(d, "Carleton", WW_BRITISH);
	add_general(d, "Rochambeau", WW_AMERICAN);
	d->starts_in_french_box[4] = true;
	d->generals[4].french = true;
	snprintf(d->zones[0].name, WW_NAME_MAX, "New England");
	snprintf(d->zones[1].name, WW_NAME_MAX, "Delaware");
	d->nzones = 2;
	d->ncards = 110;
	for (int c = 1; c <= 110; c++) {
		d->cards[c].number = c;
		snprintf(d->cards[c].title, WW_TITLE_MAX, "Card \"%d\" #x", c);
	}
	d->first_year = 1775;
	d->last_year = 1783;
	d->french_box_cu = 5;
	d->setup[0].space = 2;
	d->setup[0].general = -1;
	d->setup[0].congress = true;
	d->nsetup = 1;
}

static void put(struct ww_pile *p, int card)
{
	p->card[p->n++] = (uint8_t)card;
}

/* A state with something in nearly every field; all 110 cards placed. */
static void busy_state(struct ww_state *s)
{
	ww_state_init(s);
	s->year = 1778;
	s->phase = WW_PH_STRATEGY;
	s->to_move = WW_BRITISH;
	s->prompt = WW_ASK_IMPULSE;
	s->move = 41;
	s->space[0].pc = WW_BRITISH;
	s->space[0].cu[WW_NAT_BRITISH] = 5;
	s->space[1].pc = WW_AMERICAN;
	s->space[1].cu[WW_NAT_AMERICAN] = 3;
	s->space[1].cu[WW_NAT_FRENCH] = 2;
	s->space[3].pc = WW_AMERICAN;
	s->general_at[0] = 1;
	s->general_at[1] = WW_LOC_REINFORCEMENTS;
	s->general_at[2] = 0;
	s->general_at[3] = WW_LOC_CAPTURED;
	s->general_at[4] = WW_LOC_FRENCH_BOX;
	s->congress_at = 2;
	s->cu_reinforcements[WW_NAT_BRITISH] = 4;
	s->cu_reinforcements[WW_NAT_AMERICAN] = 1;
	s->cu_french_box = 5;
	s->cu_eliminated[WW_NAT_AMERICAN] = 7;
	s->french_navy_zone = 1;
	s->french_alliance = 6;
	s->french_alliance_now = true;
	s->regulars = false;
	for (int c = 1; c <= 60; c++)
		put(&s->deck, 61 - c);
	for (int c = 61; c <= 80; c++)
		put(&s->discard, c);
	put(&s->removed, 81);
	put(&s->set_aside, 82);
	for (int c = 83; c <= 89; c++)
		put(&s->hand[WW_AMERICAN], c);
	for (int c = 90; c <= 95; c++)
		put(&s->hand[WW_BRITISH], c);
	for (int c = 96; c <= 108; c++)
		put(&s->reinforcement_cards[c % 2 ? WW_AMERICAN : WW_BRITISH], c);
	put(&s->reinforcement_cards[WW_BRITISH], 109);
	s->war_ends_card = 110;
	s->reshuffle_pending = true;
	s->chooser = WW_AMERICAN;
	s->impulse = WW_BRITISH;
	s->exchange_offer = 80;
	s->exchange_for = WW_AMERICAN;
	s->congress_dispersed_this_turn = true;
	s->no_american_placement = true;
	s->last_card[WW_AMERICAN] = 79;
	s->last_card[WW_BRITISH] = 78;
	s->next_roll = 17;
	s->next_shuffle = 3;
	s->winner = WW_NOBODY;
	s->victory = WW_WIN_NONE;
	s->colonies_won[WW_AMERICAN] = 2;
}

static char *state_text(const struct ww_state *s, bool secret, size_t *len)
{
	char *text = NULL;
	FILE *m = open_memstream(&text, len);
	assert_non_null(m);
	assert_int_equal(ww_state_write_yaml(m, data, s, secret), 0);
	fclose(m);
	return text;
}

static void test_state_round_trip(void **st)
{
	(void)st;
	struct ww_state a, b;
	size_t len;
	char err[256];
	busy_state(&a);
	char *text = state_text(&a, true, &len);
	ww_state_init(&b);
	assert_int_equal(ww_state_read_yaml(text, len, data, &b, err, sizeof err), 0);
	assert_memory_equal(&a, &b, sizeof a);
	assert_non_null(strstr(text, "phase: strategy"));
	assert_non_null(strstr(text, "prompt: impulse"));
	assert_non_null(strstr(text, "\"St. Mary's GA\": {pc: american}"));
	free(text);

	/* the end of a game, and an empty board */
	ww_state_init(&a);
	a.phase = WW_PH_GAME_OVER;
	a.winner = WW_AMERICAN;
	a.victory = WW_WIN_LAST_YEAR;
	text = state_text(&a, true, &len);
	assert_int_equal(ww_state_read_yaml(text, len, data, &b, err, sizeof err), 0);
	assert_memory_equal(&a, &b, sizeof a);
	free(text);

	/* a game won by the other side's resignation (docs/rulings.md) */
	a.victory = WW_WIN_RESIGNATION;
	text = state_text(&a, true, &len);
	assert_non_null(strstr(text, "victory: resignation\n"));
	assert_int_equal(ww_state_read_yaml(text, len, data, &b, err, sizeof err), 0);
	assert_memory_equal(&a, &b, sizeof a);
	free(text);
}

static void test_state_public_hides_hands_and_deck(void **st)
{
	(void)st;
	struct ww_state a;
	size_t len;
	busy_state(&a);
	char *text = state_text(&a, false, &len);
	assert_non_null(strstr(text, "deck: {size: 60}"));
	assert_non_null(strstr(text, "american: {size: 7}"));
	assert_non_null(strstr(text, "british: {size: 6}"));
	assert_null(strstr(text, "- 83")); /* an American hand card */
	assert_null(strstr(text, "- 91")); /* a British hand card */
	assert_null(strstr(text, "- 60  #")); /* the deck's top */
	assert_non_null(strstr(text, "- 61  #")); /* the discard pile is public */
	free(text);
}

static void expect_read_error(const char *text, const char *want)
{
	struct ww_state s;
	char err[256] = "";
	ww_state_init(&s);
	assert_int_equal(ww_state_read_yaml(text, strlen(text), data, &s, err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("error \"%s\" does not say \"%s\"", err, want);
}

static void test_state_rejects_corrupt(void **st)
{
	(void)st;
	expect_read_error("year: 1776\ncolour: red\n", "line 2: unknown key colour");
	expect_read_error("board:\n  \"Bostn MA\": {pc: british}\n", "line 2: unknown space Bostn MA");
	expect_read_error("generals:\n  Washingtn: Quebec\n", "line 2: unknown general Washingtn");
	expect_read_error("generals:\n  Washington: Atlantis\n", "line 2: unknown space Atlantis");
	expect_read_error("french_alliance: 10\n", "line 1: 10 is out of range 0..9");
	expect_read_error("discard: [12, 111]\n", "line 1: 111 is out of range 1..110");
	expect_read_error("phase: lunch\n", "line 1: unknown value lunch");
	expect_read_error("year: 1776\nyear: 1777\n", "line 2: year given twice (first at line 1)");
	expect_read_error("year: [1776\n", "not YAML");
	expect_read_error("- 1\n- 2\n", "expected a mapping");
	expect_read_error("board:\n  Quebec: {pc: british, hessian: 2}\n", "line 2: unknown key hessian");
	expect_read_error("regulars: maybe\n", "line 1: expected true or false");
	/* the public form of a hand is not a full state */
	expect_read_error("hands:\n  american: {size: 3}\n", "line 2: expected a list of card numbers");
	expect_read_error("congress: captured\n", "unknown space captured");
}

/* A move under way: Howe left Boston by sea for New York (done) and will
 * go on to Philadelphia, Charleston and St. Mary's (not yet done). */
static void move_in_progress(struct ww_state *s)
{
	s->play.card = 77;
	s->play.side = WW_BRITISH;
	s->play.kind = WW_PLAY_OPS;
	s->mv.general = 2;
	s->mv.by_sea = true;
	s->mv.nsteps = 4;
	s->mv.next = 1;
	s->mv.path[0] = (struct ww_step){ 1, 0, 0 };
	s->mv.path[1] = (struct ww_step){ 2, 1, 0 };
	s->mv.path[2] = (struct ww_step){ 5, 0, 2 };
	s->mv.path[3] = (struct ww_step){ 3, 0, 0 };
	s->mv.at = 1;
	s->mv.came_from = 0;
	s->mv.cu[WW_NAT_BRITISH] = 4;
	s->mv.spent = 1;
	s->mv.allowance = 4;
	s->mv.keep = 3;
}

/* Every field added for the armies away from its default. */
static void armies_state(struct ww_state *s)
{
	busy_state(s);
	move_in_progress(s);
	s->prompt = WW_ASK_WASHINGTON_CAPTURED;
	put(&s->ops_queue[WW_BRITISH], 12);
	put(&s->ops_queue[WW_BRITISH], 13);
	put(&s->ops_queue[WW_AMERICAN], 14);
	s->play.kind = WW_PLAY_CAMPAIGN;
	s->play.activations_left = 1;
	s->play.activated = 1u << 2 | 1u << 3;
	s->play.tried_intercept = 1u << 1;
	s->play.landing_party_used = true;
	s->play.moved_cu[0] = 1;
	s->play.moved_cu[5] = 3;
	s->play.draws_owed[WW_AMERICAN] = 1;
	s->play.draws_owed[WW_BRITISH] = 2;
	s->mv.overran = true;
	s->battle.space = 2;
	s->battle.step = WW_BATTLE_DEFENDER_CARD;
	s->battle.attacker = WW_BRITISH;
	s->battle.general[WW_AMERICAN] = 0;
	s->battle.general[WW_BRITISH] = 2;
	s->battle.att_from = 1;
	s->battle.intercepted = true;
	s->battle.card[WW_BRITISH] = 76;
	s->battle.card[WW_AMERICAN] = 75;
	s->battle.card_drm[WW_BRITISH] = 2;
	s->battle.card_drm[WW_AMERICAN] = 1;
	s->battle.lost[WW_BRITISH] = 3;
	s->battle.loser = WW_AMERICAN;
	s->battle.stop_move = true;
	s->standing[WW_AMERICAN] = (struct ww_standing){ true, 1u << 1 | 1u << 4, true, true, true, true };
	s->standing[WW_BRITISH].never_exchange = true;
	s->last_card_of_phase = true;
	s->washington_pcs_to_remove = 5;
	s->european_war_cu = 2;
	s->french_navy_away = true;
	s->play.allowance = 6;              /* an event's allowance (Glover) */
	s->play.allowance_in_battle = true;
	s->tournament_rule = true;          /* 6.34 optional tournament rule */
	s->extra_impulse = WW_BRITISH;
	s->extra_impulse_now = true;
}

static void round_trip(const struct ww_state *a, bool secret)
{
	struct ww_state b;
	size_t len;
	char err[256] = "";
	char *text = state_text(a, secret, &len);
	ww_state_init(&b);
	if (ww_state_read_yaml(text, len, data, &b, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, text);
	assert_memory_equal(a, &b, sizeof b);
	free(text);
}

static void test_state_round_trip_armies(void **st)
{
	(void)st;
	struct ww_state a;
	size_t len;
	armies_state(&a);
	round_trip(&a, true);
	char *text = state_text(&a, true, &len);
	assert_non_null(strstr(text, "prompt: washington-captured\n"));
	assert_non_null(strstr(text, "ops_queue:\n  american:\n    - 14"));
	assert_non_null(strstr(text, "  kind: campaign\n"));
	assert_non_null(strstr(text, "  activated: [\"Howe\", \"Carleton\"]\n"));
	assert_non_null(strstr(text, "  moved_cu: {\"Boston MA\": 1, \"Charleston SC\": 3}\n"));
	assert_non_null(strstr(text, "movement:\n  general: \"Howe\"\n  by_sea: true\n"
			       "  path:\n    - \"New York NY\"\n"
			       "    - {space: \"Philadelphia PA\", drop: 1, take: 0}\n"));
	assert_non_null(strstr(text, "  step: defender-card\n"));
	assert_non_null(strstr(text, "  general: {american: \"Washington\", british: \"Howe\"}\n"));
	assert_non_null(strstr(text, "  american: {never_intercept: true, always_intercept: "
			       "[\"Greene\", \"Rochambeau\"], never_retreat_before_battle: true, "
			       "never_exchange: true, never_battle_card: true, french_losses_first: true}\n"));
	assert_non_null(strstr(text, "  british: {never_exchange: true}\n"));
	assert_non_null(strstr(text, "washington_pcs_to_remove: 5\n"));
	assert_non_null(strstr(text, "european_war_cu: 2\n"));
	assert_non_null(strstr(text, "french_navy_away: true\n"));
	assert_non_null(strstr(text, "last_card_of_phase: true\n"));
	assert_non_null(strstr(text, "  allowance: 6\n  allowance_in_battle: true\n"));
	assert_non_null(strstr(text, "tournament_rule: true\n"));
	assert_non_null(strstr(text, "extra_impulse: british\n"));
	assert_non_null(strstr(text, "extra_impulse_now: true\n"));
	free(text);

	/* every prompt and battle step has its word */
	for (int p = WW_ASK_NOTHING; p <= WW_ASK_WASHINGTON_CAPTURED; p++) {
		a.prompt = (enum ww_prompt)p;
		round_trip(&a, true);
	}
	for (int step = WW_BATTLE_NONE; step <= WW_BATTLE_RETREAT; step++) {
		a.battle.step = (int8_t)step;
		round_trip(&a, true);
	}

	/* steps beyond nsteps, a move with no general, a battle's nobody
	 * entries: odd, but read back as they were */
	a.mv.nsteps = 2;
	a.mv.path[6] = (struct ww_step){ 4, 0, 1 };
	a.battle.general[WW_NOBODY] = 1;
	a.battle.card[WW_NOBODY] = 3;
	round_trip(&a, true);
	ww_state_init(&a);
	a.mv.came_from = 0;
	a.battle.space = 0;
	round_trip(&a, true);
}

/* Ordinary records stay short: nothing of the armies when at rest. */
static void test_state_armies_left_out_at_rest(void **st)
{
	(void)st;
	struct ww_state a;
	size_t len;
	busy_state(&a);
	char *text = state_text(&a, true, &len);
	static const char *const absent[] = {
		"ops_queue", "play:", "movement:", "battle:", "standing_orders:",
		"last_card_of_phase", "washington_pcs_to_remove", "european_war_cu",
		"french_navy_away", "tournament_rule", "extra_impulse", "allowance",
	};
	for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++)
		if (strstr(text, absent[i]))
			fail_msg("%s written for a state without it", absent[i]);
	free(text);
}

static void test_state_rejects_corrupt_armies(void **st)
{
	(void)st;
	expect_read_error("movement:\n  general: Howe\n  speed: 3\n",
			  "line 3: unknown key speed in movement (expected general, by_sea, path");
	expect_read_error("movement:\n  general: Cornwallis\n", "line 2: unknown general Cornwallis");
	expect_read_error("movement:\n  path: [\"New York NY\", Atlantis]\n",
			  "line 2: unknown space Atlantis (expected a space name or none)");
	expect_read_error("movement:\n  path:\n    - {space: Quebec, carry: 2}\n",
			  "line 3: unknown key carry in a step");
	expect_read_error("movement:\n  path: [Quebec]\n  next: 2\n",
			  "next 2 is past the path's 1 steps");
	expect_read_error("movement:\n  path: [Quebec, Quebec, Quebec, Quebec, Quebec, Quebec, "
			  "Quebec, Quebec, Quebec, Quebec, Quebec, Quebec, Quebec]\n",
			  "line 2: more than 12 steps");
	expect_read_error("movement:\n  next: 1\n  next: 1\n", "line 3: next given twice");
	expect_read_error("battle:\n  step: charge\n",
			  "line 2: unknown value charge (expected one of: none, attacker-card");
	expect_read_error("battle:\n  card: {american: 111}\n", "line 2: 111 is out of range 0..110");
	expect_read_error("play:\n  kind: event\n",
			  "line 2: unknown value event (expected one of: none, ops, queue, campaign)");
	expect_read_error("standing_orders:\n  british: {always_intercept: [Lee]}\n",
			  "line 2: unknown general Lee");
	expect_read_error("standing_orders:\n  french: {never_exchange: true}\n",
			  "line 2: unknown value french");
	expect_read_error("prompt: surrender\n", "line 1: unknown value surrender");
	expect_read_error("european_war_cu: -1\n", "line 1: -1 is out of range 0..127");
	expect_read_error("ops_queue:\n  british: {size: 2}\n", "line 2: expected a list of card numbers");
}

/* ---- records ---- */

static char tmpdir[256];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/ww-record-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
}

static void remove_tmpdir(void)
{
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
}

static void new_game(struct wj_game *g)
{
	wj_game_free(g); /* g is zeroed or a game of before */
	assert_int_equal(wj_game_new(g, &game_washingtons_war), 0);
	g->data = gdata;
	snprintf(g->meta.data_id, sizeof g->meta.data_id, "%s", data->id);
	snprintf(g->meta.data_dir, sizeof g->meta.data_dir, "%s", data->dir);
	snprintf(g->meta.addr[WW_AMERICAN], sizeof g->meta.addr[WW_AMERICAN], "adams@example.org");
	snprintf(g->meta.addr[WW_BRITISH], sizeof g->meta.addr[WW_BRITISH], "george@example.org");
	for (int i = 0; i < WJ_SEED_BYTES; i++)
		g->seed[i] = (unsigned char)(7 * i + 1);
	wj_seed_commitment(g->seed, g->meta.commitment);
	busy_state(ww_state_of(g->state));
}

static char *game_dir(const char *name)
{
	static char path[4][300];
	static int next;
	char *p = path[next++ % 4];
	snprintf(p, sizeof path[0], "%s/%s", tmpdir, name);
	return p;
}

static void create(const char *dir, const struct wj_game *g)
{
	char err[512] = "";
	struct ww_event ev = { .audience = WW_TO_BOTH, .text = "The game begins.", .roll_index = -1 };
	struct ww_events evs = { 1, 1, &ev };
	if (wj_record_create(dir, g, events_of(&evs), err, sizeof err) != WJ_REC_OK)
		fail_msg("create: %s", err);
}

/* A new_game() created in the directory `name` of the temporary one; its
 * path is copied to dir. */
static void create_new_game(char *dir, size_t size, const char *name, struct wj_game *g)
{
	snprintf(dir, size, "%s", game_dir(name));
	new_game(g);
	create(dir, g);
}

static char *slurp(const char *dir, const char *rel)
{
	char path[600];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	static char buf[65536];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The text of the one file in GAME/seen.d/. */
static const char *only_seen_file(const char *dir)
{
	char path[600], rel[300] = "";
	snprintf(path, sizeof path, "%s/seen.d", dir);
	DIR *dp = opendir(path);
	assert_non_null(dp);
	int files = 0;
	for (struct dirent *d; (d = readdir(dp));) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(rel, sizeof rel, "seen.d/%s", d->d_name);
		files++;
	}
	closedir(dp);
	assert_int_equal(files, 1);
	return slurp(dir, rel);
}

static void load_ok(const char *dir, struct wj_game *g)
{
	char err[512] = "";
	g->data = gdata; /* g is zeroed or a game of before, which load frees */
	if (wj_record_load(dir, g, err, sizeof err) != WJ_REC_OK)
		fail_msg("load: %s", err);
}

static void test_create_and_load(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, back = { 0 };
	char err[512];
	struct stat sb;
	make_tmpdir();
	char dir[300];
	create_new_game(dir, sizeof dir, "g1", &g);
	load_ok(dir, &back);
	assert_memory_equal(ww_state_of(back.state), ww_state_of(g.state), sizeof(struct ww_state));
	assert_memory_equal(back.seed, g.seed, WJ_SEED_BYTES);
	assert_string_equal(back.meta.addr[WW_AMERICAN], "adams@example.org");
	assert_string_equal(back.meta.commitment, g.meta.commitment);
	assert_ptr_equal(back.data, data);

	assert_int_equal(stat(game_dir("g1/secret"), &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0700);
	assert_int_equal(stat(game_dir("g1/outbox/new"), &sb), 0);
	assert_non_null(slurp(dir, "log/000001.yaml"));
	assert_non_null(strstr(slurp(dir, "log/000001.yaml"), "The game begins."));
	/* the public file has no seed and no hand */
	char hex[WJ_COMMIT_HEX];
	wj_seed_to_hex(g.seed, hex);
	assert_null(strstr(slurp(dir, "game.yaml"), hex));
	assert_non_null(strstr(slurp(dir, "secret/seed"), hex));
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);

	assert_int_equal(wj_record_create(dir, &g, NULL, err, sizeof err), WJ_REC_EXISTS);
	assert_int_equal(wj_record_load(game_dir("nothing"), &back, err, sizeof err), WJ_REC_MISSING);
	/* an empty directory is a place for a new game */
	assert_int_equal(mkdir(game_dir("empty"), 0755), 0);
	create(game_dir("empty"), &g);
	load_ok(game_dir("empty"), &back);
	assert_memory_equal(ww_state_of(back.state), ww_state_of(g.state), sizeof(struct ww_state));
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&back);
}

/* The American plays card 83 and draws 20; the British hand is unchanged. */
static void make_move(struct wj_game *g, struct wj_log_entry *e, struct ww_events *evs)
{
	struct ww_state *s = ww_state_of(g->state);
	s->hand[WW_AMERICAN].card[0] = 20; /* 83 out, 20 in */
	assert_int_equal(s->deck.card[40], 20);
	s->deck.card[40] = 83;
	s->move++;
	s->space[4].pc = WW_AMERICAN;
	evs->n = 0;
	for (int i = 0; i < evs->cap; i++) {
		struct ww_event *ev = &evs->v[evs->n++];
		memset(ev, 0, sizeof *ev);
		snprintf(ev->text, sizeof ev->text, "roll %d for \"Quebec\"", i);
		ev->audience = i ? WW_TO_BOTH : WW_TO_AMERICAN;
		ev->roll_index = (int64_t)s->next_roll;
		ev->roll = wj_dice_roll(g->seed, s->next_roll);
		ev->forced = false;
		s->next_roll++;
	}
	memset(e, 0, sizeof *e);
	e->side = WW_AMERICAN;
	e->order_text = "play 83 pc Quebec\nthanks";
	e->sender = "adams@example.org";
	e->message_id = "<m1@example.org>";
	e->events = events_of(evs);
}

/* A new game g in a fresh temporary directory, and its first move
 * committed: `after`, by the entry `e` (its events in `evs`). */
static void game_with_one_move(char *dir, size_t len, struct wj_game *g, struct wj_game *after,
			       struct wj_log_entry *e, struct ww_events *evs)
{
	char err[512];
	make_tmpdir();
	create_new_game(dir, len, "g", g);
	assert_int_equal(wj_game_copy(after, g), 0);
	make_move(after, e, evs);
	assert_int_equal(wj_record_commit(dir, g->state, after, e, err, sizeof err), WJ_REC_OK);
}

static void test_commit_seen_ledgers(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 }, back = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	char err[512];
	make_tmpdir();
	char dir[300];
	create_new_game(dir, sizeof dir, "g", &g);
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &g), 0);
	make_move(&after, &e, &evs);
	assert_false(wj_record_seen(dir, "<m1@example.org>"));
	assert_int_equal(wj_record_commit(dir, g.state, &after, &e, err, sizeof err), WJ_REC_OK);
	load_ok(dir, &back);
	assert_memory_equal(ww_state_of(back.state), ww_state_of(after.state), sizeof(struct ww_state));
	assert_true(wj_record_seen(dir, "<m1@example.org>"));
	assert_false(wj_record_seen(dir, "<m2@example.org>"));

	const char *log = slurp(dir, "log/000002.yaml");
	assert_non_null(log);
	assert_non_null(strstr(log, "- \"play 83 pc Quebec\"\n  - \"thanks\""));
	assert_non_null(strstr(log, "roll: {index: 17, value:"));
	assert_non_null(strstr(log, "to: american"));
	assert_non_null(strstr(log, "\\\"Quebec\\\""));
	const char *ledger = slurp(dir, "secret/ledger-american.yaml");
	assert_non_null(strstr(ledger, "- move: 42\n  entry: 2\n  entered:\n    - 20"));
	assert_non_null(strstr(ledger, "  left:\n    - 83"));
	assert_null(strstr(slurp(dir, "secret/ledger-british.yaml"), "move: 42"));

	/* a rejected order: logged and seen, the game unchanged */
	e.rejected = true;
	e.reason = "card 99 is not in your hand";
	e.message_id = "<m2@example.org>";
	e.events = NULL;
	assert_int_equal(wj_record_log_rejected(dir, &e, err, sizeof err), WJ_REC_OK);
	assert_true(wj_record_seen(dir, "<m2@example.org>"));
	assert_non_null(strstr(slurp(dir, "log/000003.yaml"), "reason: \"card 99 is not in your hand\""));
	load_ok(dir, &back);
	assert_memory_equal(ww_state_of(back.state), ww_state_of(after.state), sizeof(struct ww_state));
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
	wj_game_free(&back);
}

static void test_lock_busy(void **st)
{
	(void)st;
	struct wj_game g = { 0 };
	char err[512] = "";
	int fd, fd2;
	make_tmpdir();
	new_game(&g);
	create(game_dir("g"), &g);
	assert_int_equal(wj_record_lock(game_dir("g"), 0, &fd, err, sizeof err), WJ_REC_OK);
	/* flock(2) locks of two open files conflict, even in one process */
	assert_int_equal(wj_record_lock(game_dir("g"), 1, &fd2, err, sizeof err), WJ_REC_BUSY);
	assert_non_null(strstr(err, "busy"));
	wj_record_unlock(fd);
	assert_int_equal(wj_record_lock(game_dir("g"), 0, &fd2, err, sizeof err), WJ_REC_OK);
	wj_record_unlock(fd2);
	assert_int_equal(wj_record_lock(game_dir("none"), 0, &fd2, err, sizeof err), WJ_REC_MISSING);
	remove_tmpdir();
	wj_game_free(&g);
}

static void rewrite(const char *dir, const char *rel, const char *from, const char *to)
{
	char *text = strdup(slurp(dir, rel)), path[600];
	char *at = strstr(text, from);
	assert_non_null(at);
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	fclose(f);
	free(text);
}

static void test_corrupt_game_yaml(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, back = { 0 };
	char err[512] = "";
	make_tmpdir();
	char dir[300];
	create_new_game(dir, sizeof dir, "g", &g);
	rewrite(dir, "game.yaml", "french_alliance: 6", "french_alliance: six");
	back.data = gdata;
	assert_int_equal(wj_record_load(dir, &back, err, sizeof err), WJ_REC_CORRUPT);
	assert_non_null(strstr(err, "game.yaml: line "));
	assert_non_null(strstr(err, "expected a whole number, not six"));
	rewrite(dir, "game.yaml", "french_alliance: six", "french_alliance: 6");
	load_ok(dir, &back);
	/* public bytes other than the commit's (an older judge's, a comment)
	 * are read rather than compared (issue 25.2) */
	rewrite(dir, "game.yaml", "french_alliance: 6", "french_alliance: 6  # as printed");
	load_ok(dir, &back);
	rewrite(dir, "game.yaml", "french_alliance: 6  # as printed", "french_alliance: 6");

	rewrite(dir, "secret/state.yaml", "\"Boston MA\": {pc: british", "\"Boston\": {pc: british");
	assert_int_equal(wj_record_load(dir, &back, err, sizeof err), WJ_REC_CORRUPT);
	assert_non_null(strstr(err, "secret/state.yaml: line "));
	assert_non_null(strstr(err, "unknown space Boston"));
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&back);
}

/* The public game.yaml is ww_view(state, WW_NOBODY): no standing orders
 * and no part of a move not yet made; secret/state.yaml has everything. */
static void test_game_yaml_is_the_public_view(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, back = { 0 };
	make_tmpdir();
	char dir[300];
	snprintf(dir, sizeof dir, "%s", game_dir("g"));
	new_game(&g);
	ww_state_of(g.state)->space[3].pc = WW_NOBODY; /* so St. Mary's GA is named only by the move */
	ww_state_of(g.state)->congress_at = 4;         /* and Philadelphia PA likewise */
	move_in_progress(ww_state_of(g.state));
	ww_state_of(g.state)->standing[WW_AMERICAN].never_intercept = true;
	ww_state_of(g.state)->standing[WW_BRITISH].never_battle_card = true;
	create(dir, &g);

	char *pub = strdup(slurp(dir, "game.yaml"));
	assert_non_null(strstr(pub, "movement:\n  general: \"Howe\"\n  by_sea: true\n"
			       "  path:\n    - \"New York NY\"\n  next: 1\n"));
	assert_non_null(strstr(pub, "  keep: none\n"));
	assert_null(strstr(pub, "Philadelphia PA"));
	assert_null(strstr(pub, "Charleston SC"));
	assert_null(strstr(pub, "St. Mary's GA"));
	assert_null(strstr(pub, "standing_orders"));
	assert_null(strstr(pub, "never_"));
	assert_non_null(strstr(pub, "deck: {size: 60}"));
	free(pub);

	const char *secret = slurp(dir, "secret/state.yaml");
	assert_non_null(strstr(secret, "    - \"St. Mary's GA\"\n  next: 1\n"));
	assert_non_null(strstr(secret, "  keep: \"Carleton\"\n"));
	assert_non_null(strstr(secret, "standing_orders:\n  american: {never_intercept: true}\n"
			       "  british: {never_battle_card: true}\n"));
	load_ok(dir, &back);
	assert_memory_equal(ww_state_of(back.state), ww_state_of(g.state), sizeof(struct ww_state));
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&back);
}

static void test_verify(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 }, revealed = { 0 };
	struct ww_event ev[3];
	struct ww_events evs = { 0, 3, ev };
	struct wj_log_entry e;
	char err[512];
	FILE *devnull = fopen("/dev/null", "w");
	make_tmpdir();
	char dir[300];
	create_new_game(dir, sizeof dir, "g", &g);
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &g), 0);
	make_move(&after, &e, &evs);
	assert_int_equal(wj_record_commit(dir, g.state, &after, &e, err, sizeof err), WJ_REC_OK);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);

	/* the seed is revealed at the end: now every roll is checked */
	wj_game_free(&revealed);
	assert_int_equal(wj_game_copy(&revealed, &after), 0);
	revealed.meta.seed_revealed = true;
	wj_seed_to_hex(revealed.seed, revealed.meta.seed_hex);
	struct wj_log_entry end = { .side = WW_NOBODY, .order_text = "reveal", .sender = "command line" };
	assert_int_equal(wj_record_commit(dir, after.state, &revealed, &end, err, sizeof err), WJ_REC_OK);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);

	char from[64], to[64];
	snprintf(from, sizeof from, "index: 18, value: %d", ev[1].roll);
	snprintf(to, sizeof to, "index: 18, value: %d", ev[1].roll % 6 + 1);
	rewrite(dir, "log/000002.yaml", from, to);
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 1);
	/* a forced roll is not the seed's to check */
	snprintf(from, sizeof from, "value: %d, forced: false", ev[1].roll % 6 + 1);
	snprintf(to, sizeof to, "value: %d, forced: true", ev[1].roll % 6 + 1);
	rewrite(dir, "log/000002.yaml", from, to);
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 0);

	/* rolls out of order, a missing log entry, a lost card, a public file
	 * that does not match, a seed that is not the committed one */
	char *saved = strdup(slurp(dir, "log/000002.yaml"));
	rewrite(dir, "log/000002.yaml", "index: 19", "index: 17");
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 1 + (ev[2].roll != ev[0].roll));
	rewrite(dir, "log/000002.yaml", slurp(dir, "log/000002.yaml"), saved);
	free(saved);
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 0);
	assert_int_equal(rename(game_dir("g/log/000002.yaml"), game_dir("g/log/000009.yaml")), 0);
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 1);
	assert_int_equal(rename(game_dir("g/log/000009.yaml"), game_dir("g/log/000002.yaml")), 0);
	rewrite(dir, "secret/state.yaml", "  - 61  #", "  - 62  #");
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 3); /* 61 gone, 62 twice, public */
	rewrite(dir, "secret/state.yaml", "  - 62  #", "  - 61  #");
	rewrite(dir, "secret/state.yaml", "next_roll: 20", "next_roll: 19");
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 2); /* and the public part */
	rewrite(dir, "secret/state.yaml", "next_roll: 19", "next_roll: 20");
	assert_int_equal(wj_record_verify(dir, gdata, devnull), 0);
	fclose(devnull);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
	wj_game_free(&revealed);
}

/* A crash before any write step of a commit leaves the old game or the
 * new one, never a mix, and the record still verifies. */
static void test_crash_at_every_step(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 }, back = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	char err[512], name[32];
	int olds = 0, news = 0;
	FILE *devnull = fopen("/dev/null", "w");
	make_tmpdir();
	new_game(&g);
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &g), 0);
	make_move(&after, &e, &evs);
	for (int n = 1;; n++) {
		snprintf(name, sizeof name, "g%d", n);
		char dir[300];
	snprintf(dir, sizeof dir, "%s", game_dir(name));
		create(dir, &g);
		fflush(NULL);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			char at[16];
			snprintf(at, sizeof at, "%d", n);
			setenv("WW_CRASH_AT", at, 1);
			_exit(wj_record_commit(dir, g.state, &after, &e, err, sizeof err));
		}
		int status;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		bool crashed = WEXITSTATUS(status) == 99;
		if (!crashed)
			assert_int_equal(WEXITSTATUS(status), WJ_REC_OK);
		for (int pass = 0; pass < 2; pass++) {
			load_ok(dir, &back);
			bool is_old = memcmp(ww_state_of(back.state), ww_state_of(g.state), sizeof(struct ww_state)) == 0;
			bool is_new = memcmp(ww_state_of(back.state), ww_state_of(after.state), sizeof(struct ww_state)) == 0;
			if (!is_old && !is_new)
				fail_msg("crash at step %d: neither the old game nor the new", n);
			assert_int_equal(wj_record_seen(dir, e.message_id), is_new);
			if (wj_record_verify(dir, gdata, devnull) != 0) {
				wj_record_verify(dir, gdata, stderr);
				fail_msg("crash at step %d (pass %d): verify found problems", n, pass);
			}
			if (pass == 0) {
				is_new ? news++ : olds++;
				/* the next writer finishes or discards what was left */
				int fd;
				assert_int_equal(wj_record_lock(dir, 0, &fd, err, sizeof err), WJ_REC_OK);
				wj_record_unlock(fd);
				snprintf(name, sizeof name, "g%d/journal", n);
				assert_int_equal(access(game_dir(name), F_OK), -1);
			}
		}
		snprintf(name, sizeof name, "g%d/.txn", n);
		assert_int_equal(access(game_dir(name), F_OK), -1);
		if (!crashed)
			break;
		assert_true(n < 200);
	}
	assert_true(olds > 5);
	assert_true(news > 5);
	fclose(devnull);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
	wj_game_free(&back);
}

/* A write that fails (here: the file size limit, as a full disk would)
 * gives WJ_REC_IO with the file named, and changes nothing. */
static void test_write_failure_changes_nothing(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 }, back = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	char dir[300], txn[320];
	make_tmpdir();
	create_new_game(dir, sizeof dir, "g", &g);
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &g), 0);
	make_move(&after, &e, &evs);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char err[512] = "";
		struct rlimit lim = { 2000, 2000 };
		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &lim);
		enum wj_rec_status rc = wj_record_commit(dir, g.state, &after, &e, err, sizeof err);
		_exit(rc == WJ_REC_IO && strstr(err, "writing ") && strstr(err, "nothing was changed")
		      ? 0 : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	load_ok(dir, &back);
	assert_memory_equal(ww_state_of(back.state), ww_state_of(g.state), sizeof(struct ww_state));
	assert_false(wj_record_seen(dir, e.message_id));
	snprintf(txn, sizeof txn, "%s/.txn", dir);
	assert_int_equal(access(txn, F_OK), -1);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
	wj_game_free(&back);
}

/* ---- scenarios ---- */

static int scenario(const char *text, struct ww_state *s, char *err, size_t errlen)
{
	char path[300];
	snprintf(path, sizeof path, "%s/scenario.yaml", tmpdir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return ww_scenario_load(path, data, s, err, errlen);
}

static void test_scenario_defaults(void **st)
{
	(void)st;
	struct ww_state s;
	char err[512] = "";
	make_tmpdir();
	if (scenario("board:\n  Boston MA: {pc: british, british: 4}\n"
		     "generals: {Howe: Boston MA}\n"
		     "hands:\n  american: [5, 6]\n"
		     "deck: [7]\n", &s, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(s.year, 1775);
	assert_int_equal(s.phase, WW_PH_STRATEGY);
	assert_int_equal(s.prompt, WW_ASK_IMPULSE);
	assert_int_equal(s.to_move, WW_AMERICAN);
	assert_int_equal(s.space[0].pc, WW_BRITISH);
	assert_int_equal(s.space[0].cu[WW_NAT_BRITISH], 4);
	assert_int_equal(s.general_at[2], 0);
	assert_int_equal(s.general_at[0], WW_LOC_REINFORCEMENTS);
	assert_int_equal(s.general_at[4], WW_LOC_FRENCH_BOX);
	assert_int_equal(s.cu_french_box, 5);
	assert_int_equal(s.congress_at, 2); /* the data's set-up */
	assert_true(s.regulars);
	assert_int_equal(s.hand[WW_AMERICAN].n, 2);
	/* 108 cards in the deck: the 107 unlisted under the listed 7 */
	assert_int_equal(s.deck.n, 108);
	assert_int_equal(s.deck.card[107], 7);
	assert_int_equal(s.deck.card[0], 1);

	if (scenario("french_in_war: true\nyear: 1779\n", &s, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(s.cu_french_box, 0);
	assert_int_equal(s.general_at[4], WW_LOC_REINFORCEMENTS);
	remove_tmpdir();
}

static void expect_scenario_error(const char *text, const char *want)
{
	struct ww_state s;
	char err[512] = "";
	assert_int_equal(scenario(text, &s, err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("error \"%s\" does not say \"%s\"", err, want);
	assert_non_null(strstr(err, "scenario.yaml: "));
}

static void test_scenario_rejects(void **st)
{
	(void)st;
	make_tmpdir();
	expect_scenario_error("board:\n  Bostn: {pc: british}\n", "line 2: unknown space Bostn");
	expect_scenario_error("generals: {Howe: Quebec, Carleton: Quebec}\n",
			      "Howe and Carleton are both in Quebec");
	expect_scenario_error("hands: {american: [5], british: [5]}\n", "card 5 is listed 2 times");
	expect_scenario_error("discard: [9]\nwar_ends_card: 9\n", "card 9 is listed 2 times");
	expect_scenario_error("board:\n  Quebec: {british: 1, french: 2}\n",
			      "Quebec holds British and American or French CUs");
	expect_scenario_error("hands:\n  british: [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,"
			      "19,20,21,22,23,24,25]\n", "the british hand holds 25 cards");
	expect_scenario_error("weather: fair\n", "line 1: unknown key weather");
	remove_tmpdir();
}

/* What a moderator sets up for the armies: each side's Operations Queue
 * (7.1.B) and standing orders, the 9.41 and 9.44 flags, the French. */
static void test_scenario_armies(void **st)
{
	(void)st;
	struct ww_state s;
	char err[512] = "";
	make_tmpdir();
	if (scenario("ops_queue:\n  british: [12, 13]\n"
		     "standing_orders:\n  american: {never_intercept: true, always_intercept: [Greene]}\n"
		     "  british: {never_battle_card: true}\n"
		     "regulars: false\nfrench_in_war: true\nfrench_navy_zone: Delaware\n"
		     "last_card_of_phase: true\n", &s, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(s.ops_queue[WW_BRITISH].n, 2);
	assert_int_equal(s.ops_queue[WW_BRITISH].card[1], 13);
	assert_int_equal(s.deck.n, 108); /* the queued cards are not in the deck */
	assert_true(s.standing[WW_AMERICAN].never_intercept);
	assert_int_equal(s.standing[WW_AMERICAN].always_intercept, 1u << 1);
	assert_true(s.standing[WW_BRITISH].never_battle_card);
	assert_false(s.regulars);
	assert_true(s.french_in_war);
	assert_int_equal(s.french_navy_zone, 1);
	assert_true(s.last_card_of_phase);
	assert_int_equal(s.mv.general, -1);
	assert_int_equal(s.battle.space, -1);

	expect_scenario_error("ops_queue: {british: [12]}\nhands: {british: [12]}\n",
			      "card 12 is listed 2 times");
	expect_scenario_error("year: 1777\nmovement:\n  general: Howe\n",
			      "line 2: movement: a scenario cannot start in the middle of a card play");
	expect_scenario_error("battle: {space: Quebec}\n", "line 1: battle: a scenario cannot start");
	expect_scenario_error("play: {card: 3}\n", "line 1: play: a scenario cannot start");
	expect_scenario_error("prompt: battle-card\n", "line 1: this prompt needs a card play");
	remove_tmpdir();
}

/* With the real data (WW_DATA), and the record loading it itself from
 * meta.data_dir: a scenario position created, loaded and verified. */
static void test_real_data(void **st)
{
	(void)st;
	const char *dir_env = getenv("WW_DATA");
	struct ww_data *real = calloc(1, sizeof *real);
	struct wj_data_problems *p = calloc(1, sizeof *p);
	struct wj_game *g = calloc(1, sizeof *g), *back = calloc(1, sizeof *back);
	char err[512] = "", path[300], dir[300];
	assert_non_null(real);
	assert_non_null(p);
	if (ww_data_load(dir_env ? dir_env : "data/washingtons-war", real, p) < 0) {
		wj_data_problems_first(p, err, sizeof err);
		fail_msg("the real data did not load: %s", err);
	}
	assert_int_equal(wj_game_new(g, &game_washingtons_war), 0);
	make_tmpdir();
	snprintf(path, sizeof path, "%s/s.yaml", tmpdir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "board:\n  ");
	fprintf(f, "\"%s\": {pc: american, american: 2}\n", real->spaces[real->nspaces - 1].name);
	fprintf(f, "hands:\n  british: [1, 2, 3]\n");
	fclose(f);
	if (ww_scenario_load(path, real, ww_state_of(g->state), err, sizeof err) < 0)
		fail_msg("%s", err);
	snprintf(g->meta.data_id, sizeof g->meta.data_id, "%s", real->id);
	snprintf(g->meta.data_dir, sizeof g->meta.data_dir, "%s", real->dir);
	wj_dice_new_seed(g->seed);
	wj_seed_commitment(g->seed, g->meta.commitment);
	snprintf(dir, sizeof dir, "%s", game_dir("real"));
	if (wj_record_create(dir, g, NULL, err, sizeof err) != WJ_REC_OK)
		fail_msg("create: %s", err);
	if (wj_record_load(dir, back, err, sizeof err) != WJ_REC_OK)
		fail_msg("load: %s", err);
	assert_memory_equal(ww_state_of(back->state), ww_state_of(g->state), sizeof(struct ww_state));
	assert_int_equal(wj_record_verify(dir, ww_game_data_of(real), stderr), 0);
	remove_tmpdir();
	wj_game_free(g), wj_game_free(back);
	free(real), free(p), free(g), free(back);
}

/* The scalar under `key` of the log entry GAME/rel as libyaml reads it
 * (for a sequence, its first item), malloc'd; NULL if it does not parse. */
static char *entry_scalar(const char *dir, const char *rel, const char *key)
{
	char path[600], *out = NULL;
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	FILE *f = fopen(path, "r");
	yaml_parser_t p;
	yaml_document_t doc;
	assert_non_null(f);
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, f);
	int ok = yaml_parser_load(&p, &doc);
	yaml_parser_delete(&p);
	fclose(f);
	if (!ok)
		return NULL;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	for (yaml_node_pair_t *pp = root->data.mapping.pairs.start;
	     pp < root->data.mapping.pairs.top && !out; pp++) {
		yaml_node_t *k = yaml_document_get_node(&doc, pp->key);
		yaml_node_t *v = yaml_document_get_node(&doc, pp->value);
		if (strcmp((char *)k->data.scalar.value, key))
			continue;
		if (v->type == YAML_SEQUENCE_NODE)
			v = yaml_document_get_node(&doc, *v->data.sequence.items.start);
		out = strdup((char *)v->data.scalar.value);
	}
	yaml_document_delete(&doc);
	return out;
}

static void expect_scalar(const char *dir, const char *rel, const char *key, const char *want)
{
	char *got = entry_scalar(dir, rel, key);
	if (!got)
		fail_msg("%s does not read as YAML", rel);
	assert_string_equal(got, want);
	free(got);
}

#define FFFD "\xef\xbf\xbd"

/* Issue 11: whatever bytes a mail brings, its log entry is valid UTF-8
 * that reads back as written (each byte that begins no valid UTF-8
 * character as U+FFFD; control characters and YAML's line breaks
 * escaped), and its seen line is one line that is found again. */
static void test_11_hostile_text_is_logged_as_utf8(void **st)
{
	(void)st;
	struct wj_game g = { 0 };
	char err[512], dir[300];
	make_tmpdir();
	create_new_game(dir, sizeof dir, "g", &g);
	struct wj_log_entry e = {
		.side = WW_AMERICAN, .rejected = true,
		.sender = "m\xff" "al@evil.org",
		.message_id = "<x\xfe" "1\n@evil.org>",
		.received = "Tue\r\n\x1b[31m",
		.reason = "bad \xe2\x80",
		.order_text = "pass \xc0\xaf \xed\xa0\x80 \xc2\x85 \xe2\x80\xa8 \xf4\x90\x80\x80 \xef\xbb\xbf\x7f"
			      "\nsecond",
	};
	assert_int_equal(wj_record_log_rejected(dir, &e, err, sizeof err), WJ_REC_OK);
	expect_scalar(dir, "log/000002.yaml", "sender", "m" FFFD "al@evil.org");
	expect_scalar(dir, "log/000002.yaml", "message_id", "<x" FFFD "1\n@evil.org>");
	expect_scalar(dir, "log/000002.yaml", "received", "Tue\r\n\x1b[31m");
	expect_scalar(dir, "log/000002.yaml", "reason", "bad " FFFD FFFD);
	expect_scalar(dir, "log/000002.yaml", "order", "pass " FFFD FFFD " " FFFD FFFD FFFD
		      " \xc2\x85 \xe2\x80\xa8 " FFFD FFFD FFFD FFFD " \xef\xbb\xbf\x7f");
	assert_string_equal(only_seen_file(dir), "<x" FFFD "1_@evil.org>\n");
	assert_true(wj_record_seen(dir, e.message_id));
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	remove_tmpdir();
	wj_game_free(&g);
}

/* Issue 13: a commit appends each ledger item in place (the same file, its
 * old bytes untouched; a ledger whose hand did not change is not written)
 * and puts the Message-ID into one small file of seen.d/ instead of
 * rewriting GAME/seen, so that an order costs the same late in a long game. */
static void test_13_commit_appends_ledgers_and_seen(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	struct stat am0, br0, am1, br1;
	char err[512], dir[300], path[700];
	make_tmpdir();
	create_new_game(dir, sizeof dir, "g", &g);
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &g), 0);
	make_move(&after, &e, &evs);
	snprintf(path, sizeof path, "%s/secret/ledger-american.yaml", dir);
	assert_int_equal(stat(path, &am0), 0);
	char *old = strdup(slurp(dir, "secret/ledger-american.yaml"));
	snprintf(path, sizeof path, "%s/secret/ledger-british.yaml", dir);
	assert_int_equal(stat(path, &br0), 0);
	assert_int_equal(wj_record_commit(dir, g.state, &after, &e, err, sizeof err), WJ_REC_OK);
	snprintf(path, sizeof path, "%s/secret/ledger-american.yaml", dir);
	assert_int_equal(stat(path, &am1), 0);
	assert_int_equal(am1.st_ino, am0.st_ino);
	assert_true(am1.st_size > am0.st_size);
	const char *now = slurp(dir, "secret/ledger-american.yaml");
	assert_memory_equal(now, old, strlen(old));
	assert_non_null(strstr(now + strlen(old), "- move: 42\n  entry: 2\n"));
	free(old);
	snprintf(path, sizeof path, "%s/secret/ledger-british.yaml", dir);
	assert_int_equal(stat(path, &br1), 0);
	assert_int_equal(br1.st_ino, br0.st_ino);
	assert_int_equal(br1.st_size, br0.st_size);
	/* no GAME/seen: the id is the one line of one file of seen.d/ */
	snprintf(path, sizeof path, "%s/seen", dir);
	assert_int_equal(access(path, F_OK), -1);
	assert_string_equal(only_seen_file(dir), "<m1@example.org>\n");
	assert_true(wj_record_seen(dir, "<m1@example.org>"));
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
}

static void index_ok(const char *dir, struct wj_record_index *ix)
{
	memset(ix, 0x5a, sizeof *ix);
	assert_int_equal(wj_record_index(dir, ix), 0);
}

/* Issue 13: GAME/index, written by each commit, says which number the
 * next entry gets, each side's last accepted order and the accepted
 * entries since the older of the two, and whose move it is; a game
 * without it (made before it), or whose index a later entry has passed,
 * gets the same from the log, and its next commit writes the file. */
static void test_13_index_is_kept_by_each_commit(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	struct wj_record_index ix, again;
	char err[512], dir[300], path[700];
	make_tmpdir();
	create_new_game(dir, sizeof dir, "g", &g);
	assert_string_equal(slurp(dir, "index"),
			    "# the log at a glance, kept by every commit (docs/record.md)\n"
			    "next_entry: 2\nlast_order: 0 0\naccepted_from: 0\naccepted: 1\n"
			    "waiting: british\n");
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &g), 0);
	make_move(&after, &e, &evs);
	assert_int_equal(wj_record_commit(dir, g.state, &after, &e, err, sizeof err), WJ_REC_OK);
	e.rejected = true;
	e.reason = "no";
	e.message_id = "<m2@example.org>";
	e.events = NULL;
	assert_int_equal(wj_record_log_rejected(dir, &e, err, sizeof err), WJ_REC_OK);
	assert_string_equal(slurp(dir, "index"),
			    "# the log at a glance, kept by every commit (docs/record.md)\n"
			    "next_entry: 4\nlast_order: 2 0\naccepted_from: 0\naccepted: 1 2\n"
			    "waiting: british\n");
	index_ok(dir, &ix);
	assert_int_equal(ix.next_entry, 4);
	assert_int_equal(ix.last_order[WW_AMERICAN], 2);
	assert_int_equal(ix.last_order[WW_BRITISH], 0);
	assert_int_equal(ix.naccepted, 2);
	assert_int_equal(ix.accepted[1], 2);
	assert_int_equal(ix.waiting, GAME_SIDE(WW_BRITISH));
	assert_int_equal(wj_record_next_entry(dir), 4);

	/* an old game: the same from the log, but whose move it is unknown */
	snprintf(path, sizeof path, "%s/index", dir);
	assert_int_equal(unlink(path), 0);
	index_ok(dir, &again);
	assert_int_equal(again.waiting, -1);
	again.waiting = ix.waiting;
	assert_memory_equal(&again, &ix, sizeof ix);
	assert_int_equal(wj_record_next_entry(dir), 4);
	/* a British order: the list keeps the last 64 accepted entries, not only
	 * those from the older last order on (the tokens mailed with them) */
	wj_game_free(&g);
	assert_int_equal(wj_game_copy(&g, &after), 0);
	ww_state_of(after.state)->move++;
	ww_state_of(after.state)->to_move = WW_AMERICAN;
	e = (struct wj_log_entry){ .side = WW_BRITISH, .order_text = "pass",
				   .sender = "george@example.org", .message_id = "<m3@example.org>" };
	assert_int_equal(wj_record_commit(dir, g.state, &after, &e, err, sizeof err), WJ_REC_OK);
	assert_string_equal(slurp(dir, "index"),
			    "# the log at a glance, kept by every commit (docs/record.md)\n"
			    "next_entry: 5\nlast_order: 2 4\naccepted_from: 0\naccepted: 1 2 4\n"
			    "waiting: american\n");
	/* the index as a judge before that wrote it (from the older last
	 * order on) still reads and verifies */
	FILE *old = fopen(path, "w");
	fputs("next_entry: 5\nlast_order: 2 4\naccepted_from: 2\naccepted: 2 4\nwaiting: american\n",
	      old);
	fclose(old);
	index_ok(dir, &ix);
	assert_int_equal(ix.accepted_from, 2);
	assert_int_equal(ix.naccepted, 2);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);

	/* issue 21.5: the set of the sides asked, each by its word */
	FILE *f = fopen(path, "w");
	fputs("next_entry: 5\nlast_order: 2 4\naccepted_from: 0\naccepted: 1 2 4\n"
	      "waiting: american british\n", f);
	fclose(f);
	index_ok(dir, &ix);
	assert_int_equal(ix.waiting, GAME_SIDE(WW_AMERICAN) | GAME_SIDE(WW_BRITISH));
	f = fopen(path, "w");
	fputs("next_entry: 5\nlast_order: 2 4\naccepted_from: 0\naccepted: 1 2 4\n"
	      "waiting: american french\n", f);
	fclose(f);
	index_ok(dir, &ix); /* a word of no side: the index is read from the log */
	assert_int_equal(ix.waiting, -1);

	/* an index that a later entry has passed is read from the log */
	f = fopen(path, "w");
	fputs("next_entry: 3\nlast_order: 2 0\naccepted_from: 0\naccepted: 1 2\nwaiting: british\n", f);
	fclose(f);
	index_ok(dir, &ix);
	assert_int_equal(ix.next_entry, 5);
	assert_int_equal(ix.last_order[WW_BRITISH], 4);
	assert_int_equal(ix.waiting, -1);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
}

/* Issue 13: the index keeps the last 64 accepted entries (the only ones
 * whose mails carry move tokens, so a stale token is looked for among
 * them, not back over the log); a moderator's notes are accepted entries
 * too. verify checks the list against the log. */
/* Notes by the moderator until the log's next entry is `next`. */
static void notes_until(const char *dir, struct wj_game *after, int next)
{
	char err[512];
	struct wj_log_entry note = { .side = GAME_PUBLIC, .order_text = "# moderator: a note",
				     .sender = "umpire@example.org" };
	while (wj_record_next_entry(dir) < next)
		assert_int_equal(wj_record_commit(dir, after->state, after, &note, err, sizeof err),
				 WJ_REC_OK);
}

static bool in_log(const char *dir, const char *name)
{
	char path[700];
	struct stat st;
	snprintf(path, sizeof path, "%s/log/%s", dir, name);
	return stat(path, &st) == 0;
}

/* Every entry 1..last reads, and says its own number. */
static void entries_read(const char *dir, int last)
{
	struct wj_record_log log = { .dir = dir };
	for (int n = 1; n <= last; n++) {
		char *text, want[32];
		size_t len;
		if (wj_record_entry(&log, n, &text, &len) < 0)
			fail_msg("entry %d does not read: %s", n, strerror(errno));
		snprintf(want, sizeof want, "entry: %d\n", n);
		if (strncmp(text, want, strlen(want)))
			fail_msg("entry %d reads as \"%.20s\"", n, text);
		free(text);
	}
	char *text;
	size_t len;
	assert_int_equal(wj_record_entry(&log, last + 1, &text, &len), -1);
	assert_int_equal(errno, ENOENT);
	wj_record_log_close(&log);
}

/* The index the log gives, with GAME/index gone, is the one kept. */
static void index_read_back(const char *dir)
{
	struct wj_record_index kept, ix;
	char path[700];
	index_ok(dir, &kept);
	snprintf(path, sizeof path, "%s/index", dir);
	assert_int_equal(unlink(path), 0);
	index_ok(dir, &ix);
	ix.waiting = kept.waiting;
	assert_memory_equal(&ix, &kept, sizeof ix);
}

static void test_13_index_keeps_the_last_64_accepted(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	struct wj_record_index ix;
	char dir[300];
	game_with_one_move(dir, sizeof dir, &g, &after, &e, &evs);
	notes_until(dir, &after, 73);
	index_ok(dir, &ix);
	assert_int_equal(ix.next_entry, 73);
	assert_int_equal(ix.naccepted, WJ_INDEX_ACCEPTED);
	assert_int_equal(ix.accepted[0], 9);
	assert_int_equal(ix.accepted[WJ_INDEX_ACCEPTED - 1], 72);
	assert_int_equal(ix.accepted_from, 9);
	assert_int_equal(ix.last_order[WW_AMERICAN], 2);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	index_read_back(dir);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
}

/* Issue 25.3: a game's record in few blocks. Once 64 later entries came,
 * a block of 64 entries goes into one pack, byte for byte; the newest
 * stay files of their own; everything reads and verifies as before. */
static void test_25_3_old_entries_go_into_packs(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	char dir[300], path[700], *before[66] = { 0 };
	size_t blen[66];
	game_with_one_move(dir, sizeof dir, &g, &after, &e, &evs);
	notes_until(dir, &after, 66);
	for (int n = 1; n <= 65; n++) {
		snprintf(path, sizeof path, "%s/log/%06d.yaml", dir, n);
		assert_int_equal(wj_file_alloc(path, 1u << 20, &before[n], &blen[n]), 0);
	}
	notes_until(dir, &after, 128);
	assert_false(in_log(dir, "000001-000064.yaml")); /* 127 entries: none yet */
	notes_until(dir, &after, 129);
	assert_true(in_log(dir, "000001-000064.yaml"));
	assert_false(in_log(dir, "000001.yaml"));
	assert_false(in_log(dir, "000064.yaml"));
	assert_true(in_log(dir, "000065.yaml"));
	struct wj_record_log log = { .dir = dir };
	for (int n = 1; n <= 65; n++) {
		char *text;
		size_t len;
		assert_int_equal(wj_record_entry(&log, n, &text, &len), 0);
		assert_int_equal(len, blen[n]);
		assert_memory_equal(text, before[n], len);
		free(text);
		free(before[n]);
	}
	wj_record_log_close(&log);
	notes_until(dir, &after, 201);
	assert_true(in_log(dir, "000065-000128.yaml"));
	assert_false(in_log(dir, "000129-000192.yaml"));
	entries_read(dir, 200);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	index_read_back(dir); /* packs and all */
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
}

/* Issue 25.3: a crash at any step of the commit that packs a block
 * leaves the old game or the new one, every entry readable; the next
 * commit finishes the pack. Every step up to the pack's first removal,
 * then every fifth of its 64 removals, all alike (fsyncs are slow). */
static void test_25_3_crash_at_every_step_of_a_pack(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 }, back = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	struct wj_log_entry note = { .side = GAME_PUBLIC, .order_text = "# moderator: a note",
				     .sender = "umpire@example.org" };
	char err[512], dir[300], copy[400], cmd[900];
	FILE *devnull = fopen("/dev/null", "w");
	game_with_one_move(dir, sizeof dir, &g, &after, &e, &evs);
	notes_until(dir, &after, 128);
	bool packed_whole = false;
	for (int n = 1; !packed_whole; n += n < 40 ? 1 : 5) {
		snprintf(copy, sizeof copy, "%s/c%d", tmpdir, n);
		snprintf(cmd, sizeof cmd, "cp -a '%s' '%s'", dir, copy);
		assert_int_equal(system(cmd), 0);
		fflush(NULL);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			char at[16];
			snprintf(at, sizeof at, "%d", n);
			setenv("WW_CRASH_AT", at, 1);
			_exit(wj_record_commit(copy, after.state, &after, &note, err, sizeof err));
		}
		int status;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		packed_whole = WEXITSTATUS(status) == WJ_REC_OK;
		if (!packed_whole)
			assert_int_equal(WEXITSTATUS(status), 99);
		load_ok(copy, &back);
		int next = wj_record_next_entry(copy);
		assert_true(next == 128 || next == 129);
		entries_read(copy, next - 1);
		if (wj_record_verify(copy, gdata, devnull) != 0) {
			wj_record_verify(copy, gdata, stderr);
			fail_msg("crash at step %d: verify found problems", n);
		}
		notes_until(copy, &after, 130);
		entries_read(copy, 129);
		assert_true(in_log(copy, "000001-000064.yaml"));
		assert_false(in_log(copy, "000064.yaml"));
		assert_int_equal(wj_record_verify(copy, gdata, stderr), 0);
	}
	fclose(devnull);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
	wj_game_free(&back);
}

/* Issue 13: `show` reads only the entries it shows: refusals between a
 * side's last order and now are not read again (here they would not
 * even parse). */
static void test_13_recent_reads_only_what_it_shows(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	struct game_log r;
	char err[512], dir[300], path[700];
	game_with_one_move(dir, sizeof dir, &g, &after, &e, &evs);
	e.rejected = true;
	e.reason = "no";
	e.events = NULL;
	for (int i = 3; i <= 7; i++) {
		char id[64];
		snprintf(id, sizeof id, "<r%d@example.org>", i);
		e.message_id = id;
		assert_int_equal(wj_record_log_rejected(dir, &e, err, sizeof err), WJ_REC_OK);
		snprintf(path, sizeof path, "%s/log/%06d.yaml", dir, i);
		FILE *f = fopen(path, "w");
		fputs("entry: [not, the, log\n", f);
		fclose(f);
	}
	assert_int_equal(wj_recent_read(dir, WW_AMERICAN, &r, err, sizeof err), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.v[0].side, WW_AMERICAN);
	assert_int_equal(r.v[0].move, ww_state_of(after.state)->move);
	wj_recent_free(&r);
	assert_int_equal(wj_recent_read(dir, WW_BRITISH, &r, err, sizeof err), 0);
	assert_int_equal(r.n, 2); /* the set-up and the American order */
	assert_int_equal(r.v[0].side, WW_NOBODY);
	assert_int_equal(r.v[1].side, WW_AMERICAN);
	wj_recent_free(&r);
	assert_int_equal(wj_recent_read(dir, WW_NOBODY, &r, err, sizeof err), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.v[0].side, WW_AMERICAN);
	wj_recent_free(&r);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
}

/* A game made before issue 13 has its Message-IDs in GAME/seen; they
 * still count. */
static void test_13_old_seen_file_still_counts(void **st)
{
	(void)st;
	struct wj_game g = { 0 };
	char dir[300], path[700];
	make_tmpdir();
	create_new_game(dir, sizeof dir, "g", &g);
	snprintf(path, sizeof path, "%s/seen", dir);
	FILE *f = fopen(path, "w");
	fputs("<a@example.org>\n<old@example.org>\n", f);
	fclose(f);
	assert_true(wj_record_seen(dir, "<old@example.org>"));
	assert_false(wj_record_seen(dir, "<new@example.org>"));
	remove_tmpdir();
	wj_game_free(&g);
}

/* verify reads GAME/index against the log and the state: an index that
 * names another next entry, another side's last order or the wrong side
 * to move is a problem; a game without one (made before it) is not. */
static void test_13_verify_checks_the_index(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	char dir[300], path[700];
	game_with_one_move(dir, sizeof dir, &g, &after, &e, &evs);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	static const char *const lies[] = {
		"next_entry: 9\nlast_order: 2 0\naccepted_from: 0\naccepted: 1 2\nwaiting: british\n",
		"next_entry: 3\nlast_order: 0 2\naccepted_from: 0\naccepted: 1 2\nwaiting: british\n",
		"next_entry: 3\nlast_order: 2 0\naccepted_from: 0\naccepted: 1 2\nwaiting: american\n",
		"next_entry: 3\nlast_order: 2 0\naccepted_from: 0\naccepted: 2\nwaiting: british\n",
	};
	snprintf(path, sizeof path, "%s/index", dir);
	char kept[4096];
	snprintf(kept, sizeof kept, "%s", slurp(dir, "index"));
	for (size_t i = 0; i < sizeof lies / sizeof *lies; i++) {
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(lies[i], f);
		fclose(f);
		if (wj_record_verify(dir, gdata, stderr) < 1)
			fail_msg("verify believed the index \"%s\"", lies[i]);
	}
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(kept, f);
	fclose(f);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	wj_game_free(&g);
	wj_game_free(&after);
}

/* Issue 13: the log is read back as each event's text and audience
 * (game.h's struct game_logged_event), never into the game's own event
 * structs: a sentence the engine never wrote reads back as it is, `to:
 * american` is the American alone and `to: both` every side and the
 * public. */
static void test_13_recent_events_are_text_and_audience(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	struct wj_log_entry e;
	struct game_log r;
	char err[512], dir[300];
	game_with_one_move(dir, sizeof dir, &g, &after, &e, &evs);
	rewrite(dir, "log/000002.yaml", "roll 1 for \\\"Quebec\\\"", "Any words at all");
	assert_int_equal(wj_recent_read(dir, WW_BRITISH, &r, err, sizeof err), 0);
	assert_int_equal(r.n, 2);
	const struct game_logged_entry *m = &r.v[1];
	assert_int_equal(m->side, WW_AMERICAN);
	assert_int_equal(m->n, 2);
	assert_string_equal(m->v[0].text, "roll 0 for \"Quebec\"");
	assert_int_equal(m->v[0].audience, GAME_SIDE(WW_AMERICAN));
	assert_string_equal(m->v[1].text, "Any words at all");
	assert_int_equal(m->v[1].audience,
			 GAME_SIDE(GAME_PUBLIC) | GAME_SIDE(WW_AMERICAN) | GAME_SIDE(WW_BRITISH));
	assert_int_equal(m->v[1].roll.index, 18);
	assert_int_equal(m->v[1].roll.value, wj_dice_roll(g.seed, 18));
	assert_false(m->v[1].roll.forced);
	assert_int_equal(m->v[0].roll.index, 17);
	wj_recent_free(&r);
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&after);
}

/* The game in `dir` loaded, Washington's War, and a move committed on it
 * that is logged by the American's word; it still verifies. The entry is
 * left in *e for more. */
static void load_and_move(const char *dir, struct wj_log_entry *e)
{
	struct wj_game back = { 0 }, after = { 0 };
	struct ww_event ev[2];
	struct ww_events evs = { 0, 2, ev };
	char err[512];
	load_ok(dir, &back);
	assert_ptr_equal(back.game, &game_washingtons_war);
	wj_game_free(&after);
	assert_int_equal(wj_game_copy(&after, &back), 0);
	make_move(&after, e, &evs);
	e->events = NULL;
	assert_int_equal(wj_record_commit(dir, back.state, &after, e, err, sizeof err), WJ_REC_OK);
	assert_non_null(strstr(slurp(dir, "log/000002.yaml"), "\nside: american\n"));
	assert_int_equal(wj_record_verify(dir, gdata, stderr), 0);
	wj_game_free(&back);
	wj_game_free(&after);
}

/* Issue 13: game.yaml's meta names the game (`game:`) and keys each side's
 * address by the game's word for it; a commit logs the side by that word. */
static void test_13_meta_names_the_game(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, back = { 0 };
	struct wj_log_entry e;
	char dir[300], err[512] = "";
	make_tmpdir();
	snprintf(dir, sizeof dir, "%s", game_dir("g"));
	new_game(&g);
	snprintf(g.meta.game, sizeof g.meta.game, "washingtons-war");
	create(dir, &g);
	assert_non_null(strstr(slurp(dir, "game.yaml"), "meta:\n  game: washingtons-war\n  data_id: "));
	assert_non_null(strstr(slurp(dir, "game.yaml"), "\n  american: \"adams@example.org\"\n"
			       "  british: \"george@example.org\"\n"));
	load_ok(dir, &back);
	assert_string_equal(back.meta.game, "washingtons-war");
	assert_string_equal(back.meta.addr[2], "george@example.org");
	load_and_move(dir, &e);
	assert_non_null(strstr(slurp(dir, "game.yaml"), "  game: washingtons-war\n"));

	/* a game this judge does not play is refused, by name, and nothing is
	 * written for it */
	rewrite(dir, "game.yaml", "game: washingtons-war", "game: chess");
	assert_int_equal(wj_record_load(dir, &back, err, sizeof err), WJ_REC_CORRUPT);
	assert_string_equal(err, "game.yaml: line 3: game: chess is not a game this "
			    "judge plays (it plays: washingtons-war, skirmish, tarletons-quarter)");
	e.rejected = true;
	e.reason = "refused";
	e.message_id = "<m2@example.org>";
	assert_int_equal(wj_record_log_rejected(dir, &e, err, sizeof err), WJ_REC_CORRUPT);
	assert_non_null(strstr(err, "chess is not a game this judge plays"));
	assert_null(slurp(dir, "log/000003.yaml"));
	assert_false(wj_record_seen(dir, "<m2@example.org>"));
	struct wj_record_index ix;
	assert_int_equal(wj_record_index(dir, &ix), -1);

	/* a game.yaml that names Skirmish is read by Skirmish's reader, never
	 * as Washington's War's: this one's public state is not Skirmish's */
	rewrite(dir, "game.yaml", "game: chess", "game: skirmish");
	assert_int_equal(wj_record_load(dir, &back, err, sizeof err), WJ_REC_CORRUPT);
	assert_string_equal(err, "game.yaml: line 10: 'skirmish-state: ' expected at column 1, "
			    "found 'year: 1778'");
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&back);
}

/* Issue 13: a game made before game.yaml named its game (no `game:`) is
 * Washington's War; it loads, plays on and verifies, and its game.yaml
 * stays as it was, without a `game:` line. */
static void test_13_older_game_is_washingtons_war(void **st)
{
	(void)st;
	struct wj_game g = { 0 }, back = { 0 };
	struct wj_log_entry e;
	char dir[300];
	make_tmpdir();
	create_new_game(dir, sizeof dir, "g", &g);
	assert_non_null(strstr(slurp(dir, "game.yaml"), "meta:\n  data_id: "));
	load_ok(dir, &back);
	assert_string_equal(back.meta.game, "");
	load_and_move(dir, &e);
	assert_null(strstr(slurp(dir, "game.yaml"), "game:"));
	remove_tmpdir();
	wj_game_free(&g);
	wj_game_free(&back);
}

/* What cron and the MTA read: a held lock is always "try again"; a disk
 * error is "try again" for an MTA's delivery (the mail is kept) and an
 * I/O error on the command line (docs/architecture.md). */
static void test_13_record_status_as_exit_code(void **state)
{
	(void)state;
	assert_int_equal(wj_rec_exit(WJ_REC_OK, true), EX_OK);
	assert_int_equal(wj_rec_exit(WJ_REC_BUSY, false), EX_TEMPFAIL);
	assert_int_equal(wj_rec_exit(WJ_REC_BUSY, true), EX_TEMPFAIL);
	assert_int_equal(wj_rec_exit(WJ_REC_IO, true), EX_TEMPFAIL);
	assert_int_equal(wj_rec_exit(WJ_REC_IO, false), EX_IOERR);
	/* issue 27: a damaged record is the judge's trouble; the MTA keeps the
	 * mail (75) instead of bouncing it */
	assert_int_equal(wj_rec_exit(WJ_REC_CORRUPT, true), EX_TEMPFAIL);
	assert_int_equal(wj_rec_exit(WJ_REC_CORRUPT, false), EX_DATAERR);
	assert_int_equal(wj_rec_exit(WJ_REC_EXISTS, false), EX_CANTCREAT);
	assert_int_equal(wj_rec_exit(WJ_REC_MISSING, false), EX_NOINPUT);
	assert_int_equal(wj_rec_exit(WJ_REC_MISSING, true), EX_TEMPFAIL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_13_recent_events_are_text_and_audience),
		cmocka_unit_test(test_13_meta_names_the_game),
		cmocka_unit_test(test_13_older_game_is_washingtons_war),
		cmocka_unit_test(test_state_round_trip),
		cmocka_unit_test(test_state_public_hides_hands_and_deck),
		cmocka_unit_test(test_state_rejects_corrupt),
		cmocka_unit_test(test_state_round_trip_armies),
		cmocka_unit_test(test_state_armies_left_out_at_rest),
		cmocka_unit_test(test_state_rejects_corrupt_armies),
		cmocka_unit_test(test_game_yaml_is_the_public_view),
		cmocka_unit_test(test_create_and_load),
		cmocka_unit_test(test_commit_seen_ledgers),
		cmocka_unit_test(test_lock_busy),
		cmocka_unit_test(test_corrupt_game_yaml),
		cmocka_unit_test(test_verify),
		cmocka_unit_test(test_crash_at_every_step),
		cmocka_unit_test(test_write_failure_changes_nothing),
		cmocka_unit_test(test_scenario_defaults),
		cmocka_unit_test(test_scenario_rejects),
		cmocka_unit_test(test_scenario_armies),
		cmocka_unit_test(test_real_data),
		cmocka_unit_test(test_11_hostile_text_is_logged_as_utf8),
		cmocka_unit_test(test_13_commit_appends_ledgers_and_seen),
		cmocka_unit_test(test_13_index_is_kept_by_each_commit),
		cmocka_unit_test(test_13_index_keeps_the_last_64_accepted),
		cmocka_unit_test(test_13_recent_reads_only_what_it_shows),
		cmocka_unit_test(test_25_3_old_entries_go_into_packs),
		cmocka_unit_test(test_25_3_crash_at_every_step_of_a_pack),
		cmocka_unit_test(test_13_old_seen_file_still_counts),
		cmocka_unit_test(test_13_verify_checks_the_index),
		cmocka_unit_test(test_13_record_status_as_exit_code),
	};
	static struct game_data d;
	build_data(&d.ww);
	data = &d.ww;
	gdata = &d;
	if (wj_dice_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
