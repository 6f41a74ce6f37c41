/* Orders checked before the dice (docs/rulings.md): no one sees a die, a
 * shuffle or a draw that is not committed. A batch is first played on the
 * side's stand-in state with stand-in dice; what is refused there is
 * refused whole, the same for any secret seed; what the game's own dice
 * refuse later is carried out up to that order. Previews never use the
 * game's dice. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>
#include <sysexits.h>
#include "mail.h"
#include "mail_game.h"
#include "record.h"

/* Howe and 2 CUs at Boston, 4 American CUs at Lexington and Concord: a
 * battle whose winner only the dice decide. */
static const char position[] =
	"year: 1776\nto_move: british\nimpulse: british\nregulars: false\n"
	"board:\n  Boston MA: {pc: british, british: 2}\n"
	"  Lexington and Concord MA: {american: 4}\n"
	"  Philadelphia PA: {pc: american, american: 3}\n"
	"generals: {Howe: Boston MA, Washington: Philadelphia PA}\n"
	"standing_orders:\n  british: {never_battle_card: true}\n"
	"hands: {british: [50, 51], american: []}\n";

static const char *attack = "play 50 move Howe to Lexington and Concord MA";

static void game_from(struct wj_game *g, const char *text, unsigned char seed_byte,
		      uint64_t next_roll)
{
	char path[] = "/tmp/ww-play-XXXXXX", err[512];
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	wj_game_free(g); /* g is zeroed or a game of before */
	assert_int_equal(wj_game_new(g, &game_washingtons_war), 0);
	g->data = test_game_data();
	if (ww_scenario_load(path, test_data(), ww_state_of(g->state), err, sizeof err))
		fail_msg("%s", err);
	unlink(path);
	ww_state_of(g->state)->next_roll = next_roll;
	for (int i = 0; i < WJ_SEED_BYTES; i++)
		g->seed[i] = (unsigned char)(i + seed_byte);
	wj_seed_commitment(g->seed, g->meta.commitment);
	snprintf(g->meta.data_id, sizeof g->meta.data_id, "%s", test_data()->id);
	snprintf(g->meta.data_dir, sizeof g->meta.data_dir, "%s", test_data()->dir);
}

static void game_at_position(struct wj_game *g, unsigned char seed_byte, uint64_t next_roll)
{
	game_from(g, position, seed_byte, next_roll);
}

static struct wj_play *batch(const char *first, const char *second)
{
	struct wj_play *p = calloc(1, sizeof *p);
	assert_non_null(p);
	p->side = WW_BRITISH;
	p->orders[p->n++] = first;
	if (second)
		p->orders[p->n++] = second;
	return p;
}

static void play_free(struct wj_play *p)
{
	wj_play_free(p);
	free(p);
}

/* Issue 21.7: an order after one that rolled is judged on the game's own
 * dice, once they are committed, never refused for a stand-in die: "play
 * 50 move Howe ...; pass" carries out the attack with its dice, and the
 * pass, not the British's to give after the card, is not carried out, for
 * any seed, with the same words. */
static void test_order_after_a_battle_judged_on_the_game_dice(void **s)
{
	(void)s;
	struct wj_game g1 = { 0 }, g2 = { 0 };
	game_at_position(&g1, 0, 0);
	game_at_position(&g2, 101, 0);
	struct wj_play *p1 = batch(attack, "pass"), *p2 = batch(attack, "pass");
	assert_int_equal(wj_play_apply(test_game_data(), &g1, NULL, p1), 0);
	assert_int_equal(wj_play_apply(test_game_data(), &g2, NULL, p2), 0);
	assert_false(p1->refused);
	assert_int_equal(p1->applied, 1);
	assert_int_equal(p2->applied, 1);
	assert_string_equal(p1->why, p2->why);
	assert_non_null(strstr(p1->why, "order 2 of 2 (\"pass\") not carried out"));
	assert_null(strstr(p1->why, "later mail"));
	assert_true(ww_state_of(p1->after->state)->next_roll > ww_state_of(g1.state)->next_roll);
	play_free(p1);
	play_free(p2);
	wj_game_free(&g1);
	wj_game_free(&g2);
}

/* Issue 21.7, fair play: whether an order after the game's dice is
 * carried out, and why not, depends on nothing the side may not see. Two
 * games the British cannot tell apart (the deck's order differs), with
 * the same dice, give the British the same outcome of the same mail. */
static void test_order_after_the_dice_blind_to_the_deck(void **s)
{
	(void)s;
	static const char *const seconds[] = { "pass", "discard 51", "play 51 pc Boston MA",
					       "play 51 event", "play 51 move Howe to Boston MA" };
	char deck1[sizeof position + 64], deck2[sizeof position + 64];
	snprintf(deck1, sizeof deck1, "%sdeck: [1, 2, 3, 4, 5, 6, 7]\n", position);
	snprintf(deck2, sizeof deck2, "%sdeck: [7, 6, 5, 4, 3, 2, 1]\n", position);
	int after_dice = 0;
	for (size_t o = 0; o < sizeof seconds / sizeof *seconds; o++)
		for (unsigned char k = 0; k < 30; k++) {
			struct wj_game g1 = { 0 }, g2 = { 0 };
			game_from(&g1, deck1, k, 0);
			game_from(&g2, deck2, k, 0);
			struct wj_play *p1 = batch(attack, seconds[o]), *p2 = batch(attack, seconds[o]);
			int r1 = wj_play_apply(test_game_data(), &g1, NULL, p1);
			int r2 = wj_play_apply(test_game_data(), &g2, NULL, p2);
			assert_int_equal(r1, r2);
			assert_int_equal(p1->applied, p2->applied);
			assert_string_equal(p1->why, p2->why);
			after_dice += r1 == 0 && p1->applied == 1;
			play_free(p1);
			play_free(p2);
			wj_game_free(&g1);
			wj_game_free(&g2);
		}
	assert_true(after_dice > 0); /* some second orders were judged after the dice */
}

/* #79 John Paul Jones (6.1.D: a random British card discarded) named
 * with a space it does not use: refused after its own draw, with the
 * same words for any seed. The refusal says it was checked with stand-in
 * cards, before any of the game's. */
static void test_first_order_refused_after_its_own_draw(void **s)
{
	(void)s;
	static const char jones[] =
		"year: 1776\nto_move: american\nimpulse: american\nregulars: false\n"
		"board:\n  Philadelphia PA: {pc: american, american: 3}\n"
		"generals: {Washington: Philadelphia PA}\n"
		"hands: {american: [79], british: [50, 51]}\n";
	struct wj_game g1 = { 0 }, g2 = { 0 };
	game_from(&g1, jones, 0, 0);
	game_from(&g2, jones, 101, 0);
	struct wj_play *p1 = batch("play 79 event Boston MA", NULL);
	struct wj_play *p2 = batch("play 79 event Boston MA", NULL);
	p1->side = p2->side = WW_AMERICAN;
	assert_int_equal(wj_play_apply(test_game_data(), &g1, NULL, p1), 1);
	assert_int_equal(wj_play_apply(test_game_data(), &g2, NULL, p2), 1);
	assert_string_equal(p1->why, p2->why);
	assert_non_null(strstr(p1->why, "order 1 of 1"));
	assert_non_null(strstr(p1->why, "checked with stand-in dice and cards"));
	assert_null(strstr(p1->why, "later mail"));
	play_free(p1);
	play_free(p2);
	wj_game_free(&g1);
	wj_game_free(&g2);
}

/* A preview shows stand-in dice, never the game's: the same for two
 * seeds, and not what the game's dice then roll. */
static void test_preview_never_uses_the_game_dice(void **s)
{
	(void)s;
	bool differs = false;
	for (unsigned char k = 0; k < 40 && !differs; k++) {
		struct wj_game g1 = { 0 }, g2 = { 0 };
		game_at_position(&g1, 0, k);
		game_at_position(&g2, 77, k);
		struct wj_play *v1 = batch(attack, NULL), *v2 = batch(attack, NULL);
		struct wj_play *real = batch(attack, NULL);
		assert_int_equal(wj_play_preview(test_game_data(), &g1, NULL, v1), 0);
		assert_int_equal(wj_play_preview(test_game_data(), &g2, NULL, v2), 0);
		const struct ww_events *e1 = ww_events_of(v1->ev), *e2 = ww_events_of(v2->ev);
		assert_int_equal(e1->n, e2->n);
		for (int i = 0; i < e1->n; i++) {
			assert_string_equal(e1->v[i].text, e2->v[i].text);
			assert_int_equal(e1->v[i].roll, e2->v[i].roll);
		}
		assert_memory_equal(ww_state_of(v1->after->state), ww_state_of(v2->after->state),
				    sizeof(struct ww_state));
		assert_int_equal(wj_play_apply(test_game_data(), &g1, NULL, real), 0);
		const struct ww_events *er = ww_events_of(real->ev);
		for (int i = 0; i < er->n && i < e1->n; i++)
			differs |= er->v[i].roll != e1->v[i].roll;
		play_free(v1);
		play_free(v2);
		play_free(real);
		wj_game_free(&g1);
		wj_game_free(&g2);
	}
	assert_true(differs);
}

/* A seed (`k`) whose own dice leave "discard 51" impossible after the
 * attack: the attack stands, with its dice, and the discard is not
 * carried out. */
static struct wj_play *carried_out_in_part(struct wj_game *g)
{
	struct wj_play *p;
	for (int k = 0; k < 200; k++) {
		game_at_position(g, (unsigned char)k, 0);
		p = batch(attack, "discard 51");
		assert_int_equal(wj_play_apply(test_game_data(), g, NULL, p), 0);
		if (p->applied == 1)
			return p;
		play_free(p);
	}
	fail_msg("no seed lets the game's dice refuse what the stand-in dice allowed");
	return NULL;
}

static void test_carried_out_up_to_the_order_the_game_dice_refuse(void **s)
{
	(void)s;
	struct wj_game g = { 0 };
	struct wj_play *p = carried_out_in_part(&g);
	assert_false(p->refused);
	assert_true(ww_state_of(p->after->state)->next_roll > ww_state_of(g.state)->next_roll);
	assert_non_null(strstr(p->why, "order 2 of 2 (\"discard 51\") not carried out"));
	char text[256];
	wj_play_text(p, text, sizeof text);
	assert_string_equal(text, attack);

	char dir[] = "/tmp/ww-play-game-XXXXXX", err[512], cmd[64];
	assert_non_null(mkdtemp(dir));
	struct game_events none = { { 0 } };
	assert_int_equal(wj_record_create(dir, &g, &none, err, sizeof err), WJ_REC_OK);
	struct wj_log_entry e = { .sender = "command line" };
	assert_int_equal(wj_play_commit(dir, &g, p, &e, NULL, 0, NULL, err, sizeof err),
			 WJ_REC_OK);
	char log[256];
	snprintf(log, sizeof log, "%s/log/000002.yaml", dir);
	FILE *f = fopen(log, "r");
	assert_non_null(f);
	char entry[8192];
	entry[fread(entry, 1, sizeof entry - 1, f)] = '\0';
	fclose(f);
	assert_non_null(strstr(entry, "rejected: false\n"));
	assert_non_null(strstr(entry, "not_carried_out:\n  - \"discard 51\""));
	assert_int_equal(wj_record_verify(dir, test_game_data(), stderr), 0);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	play_free(p);
	wj_game_free(&g);
}

/* By mail: the player's report says which orders were carried out and
 * why the rest were not; the other side's report is an ordinary one. */
static void test_mail_report_tells_what_was_carried_out(void **s)
{
	(void)s;
	struct wj_game g = { 0 };
	play_free(carried_out_in_part(&g));
	create_mail_game_at("", ww_state_of(g.state), g.seed);
	wj_game_free(&g);
	char token[WJ_TOKEN_HEX], msg[2048];
	wj_move_token(game.seed, WW_BRITISH, 1, token);
	int n = snprintf(msg, sizeof msg,
			 "From: <north@example.com>\r\nTo: judge+g1-british-%s@example.org\r\n"
			 "Subject: orders\r\nMessage-ID: <b1@players.example>\r\n"
			 "Content-Type: text/plain\r\n\r\n#orders\r\npassword: crown\r\n"
			 "%s\r\ndiscard 51\r\n#end\r\n", token, attack);
	assert_int_equal(wj_mail_process(&cfg, msg, (size_t)n, NULL), EX_OK);
	char *british = slurp("outbox/new/000002.british");
	char *american = slurp("outbox/new/000002.american");
	assert_non_null(strstr(british, "your first 1 orders were carried out"));
	assert_non_null(strstr(british, "The rest were not"));
	assert_null(strstr(american, "The rest were not"));
	free(british);
	free(american);
	char *entry = slurp("log/000002.yaml");
	assert_non_null(strstr(entry, "not_carried_out:"));
	free(entry);
	remove_mail_game(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_after_a_battle_judged_on_the_game_dice),
		cmocka_unit_test(test_order_after_the_dice_blind_to_the_deck),
		cmocka_unit_test(test_first_order_refused_after_its_own_draw),
		cmocka_unit_test(test_preview_never_uses_the_game_dice),
		cmocka_unit_test(test_carried_out_up_to_the_order_the_game_dice_refuse),
		cmocka_unit_test(test_mail_report_tells_what_was_carried_out),
	};
	assert_int_equal(wj_dice_init(), 0);
	return cmocka_run_group_tests(tests, NULL, free_test_data);
}
