/* The order language (order_parse.c, docs/orders.md): every order form,
 * every error, and the forgiving space-name matching. Most tests use a
 * small map built here so they do not depend on reconstructed data; the
 * last group repeats the key cases on the real data (WW_DATA). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "order.h"

static struct ww_data *D;

static int add_colony(struct ww_data *d, const char *code, const char *name)
{
	struct ww_colony *c = &d->colonies[d->ncolonies];
	snprintf(c->code, sizeof c->code, "%s", code);
	snprintf(c->name, sizeof c->name, "%s", name);
	c->is_canada = !strcmp(code, "CAN");
	return d->ncolonies++;
}

static void add_space(struct ww_data *d, const char *name, int colony)
{
	struct ww_space *s = &d->spaces[d->nspaces++];
	snprintf(s->name, sizeof s->name, "%s", name);
	s->colony = colony;
	s->zone = -1;
}

static int setup_map(void **state)
{
	(void)state;
	D = calloc(1, sizeof *D);
	if (!D)
		return -1;
	int can = add_colony(D, "CAN", "Canada");
	int nh = add_colony(D, "NH", "New Hampshire");
	int ma = add_colony(D, "MA", "Massachusetts");
	int pa = add_colony(D, "PA", "Pennsylvania");
	int de = add_colony(D, "DE", "Delaware");
	int nc = add_colony(D, "NC", "North Carolina");
	int sc = add_colony(D, "SC", "South Carolina");
	int ga = add_colony(D, "GA", "Georgia");
	add_space(D, "Quebec", can);                   /* 0 */
	add_space(D, "Montreal", can);                 /* 1 */
	add_space(D, "Fort Detroit", can);             /* 2 */
	add_space(D, "Concord NH", nh);                /* 3 */
	add_space(D, "Boston MA", ma);                 /* 4 */
	add_space(D, "Lexington and Concord MA", ma);  /* 5 */
	add_space(D, "Philadelphia PA", pa);           /* 6 */
	add_space(D, "Wilmington DE", de);             /* 7 */
	add_space(D, "Wilmington NC", nc);             /* 8 */
	add_space(D, "Charlotte NC", nc);              /* 9 */
	add_space(D, "Charleston SC", sc);             /* 10 */
	add_space(D, "St. Mary's GA", ga);             /* 11 */
	add_space(D, "Savannah GA", ga);               /* 12 */
	D->ncards = 110;
	return 0;
}

static int teardown_map(void **state)
{
	(void)state;
	free(D);
	return 0;
}

enum { QUEBEC, MONTREAL, DETROIT, CONCORD_NH, BOSTON, LEXINGTON, PHILADELPHIA,
       WILMINGTON_DE, WILMINGTON_NC, CHARLOTTE, CHARLESTON, ST_MARYS, SAVANNAH };

static char err[512];

static int match(const char *name)
{
	err[0] = '\0';
	return ww_space_match(D, name, err, sizeof err);
}

static struct ww_order parse_ok(const char *line)
{
	struct ww_order o;
	err[0] = '\0';
	int rc = ww_order_parse(D, line, &o, err, sizeof err);
	if (rc)
		fail_msg("'%s' refused: %s", line, err);
	return o;
}

/* Refused, with a message containing `want`. */
static void parse_bad(const char *line, const char *want)
{
	struct ww_order o;
	err[0] = '\0';
	assert_int_equal(ww_order_parse(D, line, &o, err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("'%s': message '%s' lacks '%s'", line, err, want);
}

static void format_is(const struct ww_order *o, const char *want)
{
	char out[256];
	ww_order_format(D, o, out, sizeof out);
	assert_string_equal(out, want);
}

/* ---- space names ---- */

static void space_exact_any_case(void **state)
{
	(void)state;
	assert_int_equal(match("Boston MA"), BOSTON);
	assert_int_equal(match("boston ma"), BOSTON);
	assert_int_equal(match("  QUEBEC "), QUEBEC);
}

static void space_colony_suffix_optional_when_unique(void **state)
{
	(void)state;
	assert_int_equal(match("Boston"), BOSTON);
	assert_int_equal(match("Concord"), CONCORD_NH);
	assert_int_equal(match("Lexington and Concord"), LEXINGTON);
	assert_int_equal(match("Boston (MA)"), BOSTON);
}

static void space_colony_suffix_added_to_plain_name(void **state)
{
	(void)state;
	assert_int_equal(match("Quebec CAN"), QUEBEC);
}

static void space_ambiguous_lists_both(void **state)
{
	(void)state;
	assert_int_equal(match("Wilmington"), -1);
	assert_non_null(strstr(err, "ambiguous"));
	assert_non_null(strstr(err, "Wilmington DE"));
	assert_non_null(strstr(err, "Wilmington NC"));
	assert_int_equal(match("Wilmington NC"), WILMINGTON_NC);
	assert_int_equal(match("wilmington, de"), WILMINGTON_DE);
}

static void space_saint_and_punctuation_folded(void **state)
{
	(void)state;
	assert_int_equal(match("St. Mary's GA"), ST_MARYS);
	assert_int_equal(match("St Marys"), ST_MARYS);
	assert_int_equal(match("Saint Mary's"), ST_MARYS);
	assert_int_equal(match("saint marys ga"), ST_MARYS);
	assert_int_equal(match("Ft. Detroit"), DETROIT);
	assert_int_equal(match("Ft Detroit"), DETROIT);
}

static void space_unique_prefix(void **state)
{
	(void)state;
	assert_int_equal(match("Phila"), PHILADELPHIA);
	assert_int_equal(match("Sav"), SAVANNAH);
	assert_int_equal(match("Lexington"), LEXINGTON);
}

static void space_ambiguous_prefix(void **state)
{
	(void)state;
	assert_int_equal(match("Char"), -1);
	assert_non_null(strstr(err, "Charlotte NC"));
	assert_non_null(strstr(err, "Charleston SC"));
}

static void space_unknown_suggests_nearest(void **state)
{
	(void)state;
	assert_int_equal(match("Bostn"), -1);
	assert_non_null(strstr(err, "unknown space 'Bostn'"));
	assert_non_null(strstr(err, "did you mean Boston MA?"));
	assert_int_equal(match("Montreel"), -1);
	assert_non_null(strstr(err, "did you mean Montreal?"));
}

static void space_unknown_far_from_everything(void **state)
{
	(void)state;
	assert_int_equal(match("Timbuktu"), -1);
	assert_non_null(strstr(err, "unknown space 'Timbuktu'"));
	assert_null(strstr(err, "did you mean"));
}

static void space_empty_name(void **state)
{
	(void)state;
	assert_int_equal(match("  .. "), -1);
	assert_non_null(strstr(err, "missing"));
}

/* ---- every order form ---- */

/* 4.0 Committees of Correspondence */
static void order_committees(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("Committees: Boston, Concord NH, Phila, Wilmington NC.");
	assert_int_equal(o.kind, WW_ORD_COMMITTEES);
	assert_int_equal(o.nspaces, 4);
	assert_int_equal(o.spaces[0], BOSTON);
	assert_int_equal(o.spaces[1], CONCORD_NH);
	assert_int_equal(o.spaces[2], PHILADELPHIA);
	assert_int_equal(o.spaces[3], WILMINGTON_NC);
	format_is(&o, "committees Boston MA, Concord NH, Philadelphia PA, Wilmington NC");
}

static void order_committees_joined_by_and(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("committees Boston and Savannah AND Charlotte");
	assert_int_equal(o.nspaces, 3);
	assert_int_equal(o.spaces[0], BOSTON);
	assert_int_equal(o.spaces[1], SAVANNAH);
	assert_int_equal(o.spaces[2], CHARLOTTE);
}

static void order_and_inside_a_space_name(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("committees Lexington and Concord and Boston");
	assert_int_equal(o.nspaces, 2);
	assert_int_equal(o.spaces[0], LEXINGTON);
	assert_int_equal(o.spaces[1], BOSTON);
	o = parse_ok("committees Boston and Lexington and Concord MA");
	assert_int_equal(o.nspaces, 2);
	assert_int_equal(o.spaces[0], BOSTON);
	assert_int_equal(o.spaces[1], LEXINGTON);
}

/* 4.0 For The King: "for-the-king", "for the king", "ftk" */
static void order_for_the_king(void **state)
{
	(void)state;
	const char *forms[] = { "for-the-king Savannah, Charlotte, Montreal",
				"For The King Savannah, Charlotte, Montreal",
				"FTK savannah, charlotte, montreal!" };
	for (size_t i = 0; i < 3; i++) {
		struct ww_order o = parse_ok(forms[i]);
		assert_int_equal(o.kind, WW_ORD_FOR_THE_KING);
		assert_int_equal(o.nspaces, 3);
		assert_int_equal(o.spaces[2], MONTREAL);
		format_is(&o, "for-the-king Savannah GA, Charlotte NC, Montreal");
	}
}

static void order_pass(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("  PASS. ");
	assert_int_equal(o.kind, WW_ORD_PASS);
	format_is(&o, "pass");
}

static void order_first(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("first American");
	assert_int_equal(o.kind, WW_ORD_FIRST);
	assert_int_equal(o.first, WW_AMERICAN);
	format_is(&o, "first american");
	o = parse_ok("FIRST british.");
	assert_int_equal(o.first, WW_BRITISH);
	format_is(&o, "first british");
}

/* 10.11: an OPS card for PC actions; "pc", "pcs", "ops" all accepted */
static void order_play_pc(void **state)
{
	(void)state;
	const char *forms[] = { "play 12 pc Boston, Savannah",
				"Play #12 PCs Boston and Savannah.",
				"play 12 ops boston, savannah" };
	for (size_t i = 0; i < 3; i++) {
		struct ww_order o = parse_ok(forms[i]);
		assert_int_equal(o.kind, WW_ORD_PLAY_PC);
		assert_int_equal(o.card, 12);
		assert_int_equal(o.nspaces, 2);
		format_is(&o, "play 12 pc Boston MA, Savannah GA");
	}
}

static void order_play_event(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("play #99 event");
	assert_int_equal(o.kind, WW_ORD_PLAY_EVENT);
	assert_int_equal(o.card, 99);
	assert_int_equal(o.nspaces, 0);
	format_is(&o, "play 99 event");
	o = parse_ok("play 40 event Quebec, Montreal");
	assert_int_equal(o.nspaces, 2);
	format_is(&o, "play 40 event Quebec, Montreal");
}

/* 6.32.B: the three discard actions */
static void order_discard(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("discard 7");
	assert_int_equal(o.kind, WW_ORD_DISCARD);
	assert_int_equal(o.action, WW_DISCARD_ONLY);
	assert_int_equal(o.card, 7);
	format_is(&o, "discard 7");
	o = parse_ok("Discard #7 PC Charlotte");
	assert_int_equal(o.action, WW_DISCARD_PC);
	assert_int_equal(o.spaces[0], CHARLOTTE);
	format_is(&o, "discard 7 pc Charlotte NC");
	o = parse_ok("discard 7 remove Charleston.");
	assert_int_equal(o.action, WW_DISCARD_REMOVE);
	assert_int_equal(o.spaces[0], CHARLESTON);
	format_is(&o, "discard 7 remove Charleston SC");
}

/* 6.32.C */
static void order_exchange(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("exchange #31");
	assert_int_equal(o.kind, WW_ORD_EXCHANGE);
	assert_int_equal(o.card, 31);
	format_is(&o, "exchange 31");
}

/* 6.34.C.i */
static void order_declaration(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("declaration Concord, Boston, Philadelphia");
	assert_int_equal(o.kind, WW_ORD_DECLARATION);
	assert_int_equal(o.nspaces, 3);
	format_is(&o, "declaration Concord NH, Boston MA, Philadelphia PA");
}

/* 10.2.1 */
static void order_congress(void **state)
{
	(void)state;
	struct ww_order o = parse_ok("Congress Philadelphia");
	assert_int_equal(o.kind, WW_ORD_CONGRESS);
	assert_int_equal(o.nspaces, 1);
	assert_int_equal(o.spaces[0], PHILADELPHIA);
	format_is(&o, "congress Philadelphia PA");
}

static void order_format_round_trips(void **state)
{
	(void)state;
	const char *lines[] = { "committees Boston, Savannah", "for-the-king Quebec",
				"pass", "first british", "play 3 pc Boston",
				"play 3 event Boston", "discard 3 remove Boston",
				"exchange 3", "declaration Boston", "congress Boston" };
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
		struct ww_order a = parse_ok(lines[i]), b;
		char text[256];
		ww_order_format(D, &a, text, sizeof text);
		b = parse_ok(text);
		assert_memory_equal(&a, &b, sizeof a);
	}
}

/* ---- every error ---- */

static void error_empty(void **state)
{
	(void)state;
	parse_bad("", "empty order");
	parse_bad("   .", "empty order");
}

static void error_unknown_order_lists_forms(void **state)
{
	(void)state;
	parse_bad("attack Boston", "'attack' is not an order");
	parse_bad("attack Boston", "committees S, S, ...");
	parse_bad("attack Boston", "discard N [pc S | remove S]");
	parse_bad("attack Boston", "congress S");
}

static void error_card_number(void **state)
{
	(void)state;
	parse_bad("play", "'play' needs a card number");
	parse_bad("play twelve pc Boston", "'twelve' is not a card number");
	parse_bad("discard #", "'#' is not a card number");
	parse_bad("play 0 pc Boston", "there is no card #0: cards are numbered 1 to 110");
	parse_bad("exchange 111", "there is no card #111");
	parse_bad("play 12x pc Boston", "'12x' is not a card number");
}

static void error_play_how(void **state)
{
	(void)state;
	parse_bad("play 12", "'play 12' needs 'pc'");
	parse_bad("play 12 move Boston", "'move' is not a way to play a card");
	parse_bad("play 12 pc", "needs at least one space");
}

static void error_discard_action(void **state)
{
	(void)state;
	parse_bad("discard 7 burn Boston", "'burn' is not a discard action");
	parse_bad("discard 7 pc", "needs exactly one space");
	parse_bad("discard 7 remove Boston, Savannah", "takes 1 space, not 2");
}

static void error_first_side(void **state)
{
	(void)state;
	parse_bad("first", "'first' needs a side");
	parse_bad("first french", "'french' is not a side");
	parse_bad("first american please", "unexpected 'please'");
}

static void error_trailing_words(void **state)
{
	(void)state;
	parse_bad("pass now", "unexpected 'now' after 'pass'");
	parse_bad("exchange 12 quickly", "unexpected 'quickly'");
}

static void error_committees_need_spaces(void **state)
{
	(void)state;
	parse_bad("committees", "needs at least one space");
}

static void error_congress_one_space(void **state)
{
	(void)state;
	parse_bad("congress", "needs exactly one space");
	parse_bad("congress Boston, Savannah", "takes 1 space, not 2");
}

static void error_unknown_space_in_order(void **state)
{
	(void)state;
	parse_bad("play 12 pc Boston, Bostn", "did you mean Boston MA?");
	parse_bad("committees Wilmington", "ambiguous");
	parse_bad("committees Boston, , Savannah", "empty name between commas");
}

static void error_too_many_spaces(void **state)
{
	(void)state;
	char line[512] = "committees Boston";
	for (int i = 0; i < WW_ORDER_SPACES; i++)
		strcat(line, ", Savannah");
	parse_bad(line, "at most 16");
}

static void error_too_long(void **state)
{
	(void)state;
	char line[2100];
	memset(line, 'a', sizeof line - 1);
	line[sizeof line - 1] = '\0';
	parse_bad(line, "too long");
}

static void error_leaves_order_zeroed(void **state)
{
	(void)state;
	struct ww_order o, zero;
	memset(&zero, 0, sizeof zero);
	assert_int_equal(ww_order_parse(D, "play 12 pc Bostn", &o, err, sizeof err), -1);
	assert_memory_equal(&o, &zero, sizeof o);
}

static void error_small_buffer_is_safe(void **state)
{
	(void)state;
	struct ww_order o;
	char tiny[8];
	assert_int_equal(ww_order_parse(D, "committees Wilmington", &o, tiny, sizeof tiny), -1);
	assert_int_equal(strlen(tiny), 7);
	assert_int_equal(ww_order_parse(D, "attack", &o, NULL, 0), -1);
}

/* ---- the real data, when it loads ---- */

static struct ww_data *REAL;

static int setup_real(void **state)
{
	(void)state;
	const char *dir = getenv("WW_DATA");
	REAL = calloc(1, sizeof *REAL);
	struct ww_data_problems *p = calloc(1, sizeof *p);
	if (!REAL || !p || !dir || ww_data_load(dir, REAL, p)) {
		free(REAL);
		REAL = NULL;
	}
	free(p);
	return 0;
}

static int teardown_real(void **state)
{
	(void)state;
	free(REAL);
	return 0;
}

static int real_match(const char *name)
{
	return ww_space_match(REAL, name, err, sizeof err);
}

static void real_names_from_the_rule_book(void **state)
{
	(void)state;
	if (!REAL)
		skip();
	/* 4.0 set-up and 12.3 ports, as the rule book writes them */
	const char *names[] = { "Quebec", "Montreal", "Ft Detroit", "Boston",
				"Norfolk", "Gilbert Town", "Wilmington NC", "Ninety Six",
				"Lexington and Concord", "Newport", "Charleston",
				"Philadelphia", "St. Mary's", "Wilmington DE" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (real_match(names[i]) < 0)
			fail_msg("'%s' not found: %s", names[i], err);
}

static void real_wilmington_is_ambiguous(void **state)
{
	(void)state;
	if (!REAL)
		skip();
	assert_int_equal(real_match("Wilmington"), -1);
	assert_non_null(strstr(err, "Wilmington NC"));
	assert_non_null(strstr(err, "Wilmington DE"));
}

static void real_prefix_and_suggestion(void **state)
{
	(void)state;
	if (!REAL)
		skip();
	int s = real_match("Phila");
	assert_true(s >= 0);
	assert_non_null(strstr(REAL->spaces[s].name, "Philadelphia"));
	assert_int_equal(real_match("Bostn"), -1);
	assert_non_null(strstr(err, "did you mean Boston"));
}

int main(void)
{
	const struct CMUnitTest map[] = {
		cmocka_unit_test(space_exact_any_case),
		cmocka_unit_test(space_colony_suffix_optional_when_unique),
		cmocka_unit_test(space_colony_suffix_added_to_plain_name),
		cmocka_unit_test(space_ambiguous_lists_both),
		cmocka_unit_test(space_saint_and_punctuation_folded),
		cmocka_unit_test(space_unique_prefix),
		cmocka_unit_test(space_ambiguous_prefix),
		cmocka_unit_test(space_unknown_suggests_nearest),
		cmocka_unit_test(space_unknown_far_from_everything),
		cmocka_unit_test(space_empty_name),
		cmocka_unit_test(order_committees),
		cmocka_unit_test(order_committees_joined_by_and),
		cmocka_unit_test(order_and_inside_a_space_name),
		cmocka_unit_test(order_for_the_king),
		cmocka_unit_test(order_pass),
		cmocka_unit_test(order_first),
		cmocka_unit_test(order_play_pc),
		cmocka_unit_test(order_play_event),
		cmocka_unit_test(order_discard),
		cmocka_unit_test(order_exchange),
		cmocka_unit_test(order_declaration),
		cmocka_unit_test(order_congress),
		cmocka_unit_test(order_format_round_trips),
		cmocka_unit_test(error_empty),
		cmocka_unit_test(error_unknown_order_lists_forms),
		cmocka_unit_test(error_card_number),
		cmocka_unit_test(error_play_how),
		cmocka_unit_test(error_discard_action),
		cmocka_unit_test(error_first_side),
		cmocka_unit_test(error_trailing_words),
		cmocka_unit_test(error_committees_need_spaces),
		cmocka_unit_test(error_congress_one_space),
		cmocka_unit_test(error_unknown_space_in_order),
		cmocka_unit_test(error_too_many_spaces),
		cmocka_unit_test(error_too_long),
		cmocka_unit_test(error_leaves_order_zeroed),
		cmocka_unit_test(error_small_buffer_is_safe),
	};
	const struct CMUnitTest real[] = {
		cmocka_unit_test(real_names_from_the_rule_book),
		cmocka_unit_test(real_wilmington_is_ambiguous),
		cmocka_unit_test(real_prefix_and_suggestion),
	};
	int failed = cmocka_run_group_tests_name("order language, small map", map,
						 setup_map, teardown_map);
	failed += cmocka_run_group_tests_name("order language, real data", real,
					      setup_real, teardown_real);
	return failed ? 1 : 0;
}
