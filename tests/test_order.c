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
	ww_space_fold(d, d->nspaces - 1);
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
	int ny = add_colony(D, "NY", "New York");
	int nj = add_colony(D, "NJ", "New Jersey");
	add_space(D, "New York NY", ny);               /* 13 */
	add_space(D, "Camden SC", sc);                 /* 14 */
	add_space(D, "Eutaw Springs SC", sc);          /* 15 */
	add_space(D, "Fort Lee NJ", nj);               /* 16: a general's name inside */
	const char *generals[] = { "Washington", "Greene", "Gates", "Lee", "Lincoln",
				   "Lafayette", "Howe", "Clinton", "Cornwallis" };
	for (size_t i = 0; i < sizeof generals / sizeof *generals; i++)
		snprintf(D->generals[D->ngenerals++].name, WW_NAME_MAX, "%s", generals[i]);
	const char *zones[] = { "St. Lawrence", "New England", "Long Island Sound",
				"Delaware", "Chesapeake", "Carolinas", "South Atlantic" };
	for (size_t i = 0; i < sizeof zones / sizeof *zones; i++)
		snprintf(D->zones[D->nzones++].name, WW_NAME_MAX, "%s", zones[i]);
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
       WILMINGTON_DE, WILMINGTON_NC, CHARLOTTE, CHARLESTON, ST_MARYS, SAVANNAH,
       NEW_YORK, CAMDEN, EUTAW_SPRINGS, FORT_LEE };
enum { WASHINGTON, GREENE, GATES, LEE, LINCOLN, LAFAYETTE, HOWE, CLINTON, CORNWALLIS };
enum { ST_LAWRENCE, NEW_ENGLAND, LONG_ISLAND_SOUND, DELAWARE, CHESAPEAKE, CAROLINAS,
       SOUTH_ATLANTIC };

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

/* Issue 12: names match ignoring accents (NFD-style folding to ASCII):
 * "Montréal", precomposed or with a combining accent, is Montreal, not
 * "did you mean Montreal?"; generals too; and a name the data writes with
 * accents is matched written without them, and with them. */
static void space_accents_ignored(void **state)
{
	(void)state;
	assert_int_equal(match("Montréal"), MONTREAL);
	assert_int_equal(match("QUÉBEC"), QUEBEC);
	assert_int_equal(match("Montre\xcc\x81" "al"), MONTREAL);
	assert_int_equal(match("Ft Détroit"), DETROIT);
	struct ww_order o = parse_ok("intercept Lafayétte, Grêene");
	assert_int_equal(o.generals[0], LAFAYETTE);
	assert_int_equal(o.generals[1], GREENE);
	char folded[64];
	wj_fold_name("Trois-Rivières ŒUVRE Straße Łódź", folded, sizeof folded);
	assert_string_equal(folded, "trois rivieres oeuvre strasse lodz");
	struct ww_data *d = calloc(1, sizeof *d);
	assert_non_null(d);
	add_space(d, "Trois-Rivières", add_colony(d, "CAN", "Canada"));
	assert_int_equal(ww_space_match(d, "Trois Rivieres", err, sizeof err), 0);
	assert_int_equal(ww_space_match(d, "trois-rivières", err, sizeof err), 0);
	free(d);
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
	parse_bad("attack Boston", "committees S, ... | for-the-king S, ... | pass | "
		  "first SIDE | play N pc|event|move|queue|reinforce ...");
	parse_bad("attack Boston", "discard N [pc|remove S]");
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
	parse_bad("play 12", "'play 12' needs what the card does");
	parse_bad("play 12 burn Boston", "'burn' is not a way to play a card");
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
	parse_bad("resign the game", "unexpected 'the game' after 'resign'");
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

/* ---- the armies' orders (7, 8, 9, 12) ---- */

/* An order as ww_order_init leaves it, of the given kind: every field an
 * order does not set must keep these values. */
static void expect(struct ww_order *o, enum ww_order_kind kind)
{
	ww_order_init(o);
	o->kind = kind;
}

static void add_step(struct ww_order *o, int space, int drop, int take)
{
	o->drop[o->nspaces] = (int8_t)drop;
	o->take[o->nspaces] = (int8_t)take;
	o->spaces[o->nspaces++] = space;
}

/* line parses to exactly *want, byte for byte. */
static void parses_as(const char *line, const struct ww_order *want)
{
	struct ww_order o;
	err[0] = '\0';
	if (ww_order_parse(D, line, &o, err, sizeof err))
		fail_msg("'%s' refused: %s", line, err);
	if (memcmp(&o, want, sizeof o)) {
		char got[512], exp[512];
		ww_order_format(D, &o, got, sizeof got);
		ww_order_format(D, want, exp, sizeof exp);
		fail_msg("'%s' parsed as '%s' (kind %d, cu %d, keep %d, general %d), "
			 "not '%s' (kind %d, cu %d, keep %d, general %d)", line, got,
			 o.kind, o.cu, o.keep, o.general, exp, want->kind, want->cu,
			 want->keep, want->general);
	}
}

static void formats_as(const struct ww_order *o, const char *want)
{
	char out[512];
	ww_order_format(D, o, out, sizeof out);
	assert_string_equal(out, want);
}

/* 7.1.A, 7.3.A: a path with CUs dropped and taken, 7.4.C keep */
static void army_play_move(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_MOVE);
	w.card = 12;
	w.general = WASHINGTON;
	w.cu = 5;
	w.keep = GREENE;
	add_step(&w, CAMDEN, 0, 0);
	add_step(&w, EUTAW_SPRINGS, 2, 0);
	add_step(&w, CHARLESTON, 0, 1);
	parses_as("play 12 move Washington with 5 to Camden, Eutaw Springs (drop 2), "
		  "Charleston (take 1) keep Greene", &w);
	parses_as("Play #12 ACTIVATE washington WITH 5 CUs to camden, eutaw springs "
		  "(Drop 2), charleston (pick up 1), keep greene.", &w);
	parses_as("play 12 move Wash with 5 cu to Camden, Eutaw (leave 2 CUs), "
		  "Charleston (takes 1 cu) keep Gre", &w);
	formats_as(&w, "play 12 move Washington with 5 to Camden SC, Eutaw Springs SC "
		   "(drop 2), Charleston SC (take 1) keep Greene");
}

/* Every field a bare move does not name keeps its "none": cu -1 (as many
 * as allowed), keep -1, no drop or take. */
static void army_move_defaults(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_MOVE);
	w.card = 3;
	w.general = GREENE;
	add_step(&w, BOSTON, 0, 0);
	parses_as("play 3 move Greene to Boston", &w);
	formats_as(&w, "play 3 move Greene to Boston MA");
}

static void army_drop_and_take_on_one_step(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_MOVE);
	w.general = GATES;
	add_step(&w, CAMDEN, 2, 1);
	add_step(&w, CHARLESTON, 0, 0);
	parses_as("move Gates to Camden (drop 2, take 1), Charleston", &w);
	parses_as("move Gates to Camden (drop 2 take 1), Charleston", &w);
	parses_as("move Gates to Camden (take 1 and drop 2), Charleston", &w);
	parses_as("move Gates to Camden (drop 2) (take 1), Charleston", &w);
	formats_as(&w, "move Gates to Camden SC (drop 2, take 1), Charleston SC");
}

/* Parentheses that hold no drop or take are part of the name. */
static void army_parenthesised_colony_is_a_name(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_MOVE);
	w.general = LINCOLN;
	add_step(&w, BOSTON, 1, 0);
	add_step(&w, LEXINGTON, 0, 0);
	parses_as("move Lincoln to Boston (MA) (drop 1), Lexington and Concord", &w);
}

/* 7.3.A: with 0 CUs, the general moves alone */
static void army_move_alone(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_MOVE);
	w.general = WASHINGTON;
	w.cu = 0;
	add_step(&w, BOSTON, 0, 0);
	parses_as("move Washington alone to Boston", &w);
	parses_as("move Washington with 0 to Boston", &w);
	formats_as(&w, "move Washington with 0 to Boston MA");
}

/* 7.5 British Naval Movement */
static void army_move_by_sea(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_MOVE);
	w.card = 20;
	w.general = HOWE;
	w.by_sea = true;
	add_step(&w, CHARLESTON, 0, 0);
	parses_as("play 20 move Howe by sea to Charleston", &w);
	formats_as(&w, "play 20 move Howe by sea to Charleston SC");
	w.cu = 4;
	w.keep = CLINTON;
	parses_as("Play 20 Activate HOWE with 4 CUs by sea to charleston sc keep clinton", &w);
	formats_as(&w, "play 20 move Howe with 4 by sea to Charleston SC keep Clinton");
}

/* 7.1.B the Operations Queue */
static void army_play_queue(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_QUEUE);
	w.card = 5;
	parses_as("play 5 queue", &w);
	parses_as("PLAY #5 QUEUE.", &w);
	formats_as(&w, "play 5 queue");
	w.queue_move = true;
	w.general = CORNWALLIS;
	add_step(&w, CHARLOTTE, 0, 0);
	parses_as("play 5 queue move Cornwallis to Charlotte", &w);
	parses_as("play 5 queue activate Corn to Charlotte NC", &w);
	formats_as(&w, "play 5 queue move Cornwallis to Charlotte NC");
}

/* 8.1.C, 8.2.C: the general and the number of CUs in either order */
static void army_play_reinforce(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_REINFORCE);
	w.card = 12;
	add_step(&w, NEW_YORK, 0, 0);
	parses_as("play 12 reinforce New York", &w);
	formats_as(&w, "play 12 reinforce New York NY");
	w.cu = 6;
	parses_as("play 12 reinforce New York 6", &w);
	formats_as(&w, "play 12 reinforce New York NY 6");
	w.general = CLINTON;
	const char *forms[] = { "play 12 reinforce New York Clinton 6",
				"play 12 reinforce New York 6 Clinton",
				"Play 12 Reinforcements new york ny, Clinton, 6 CUs",
				"play 12 reinforce New York with Clinton and 6 CUs",
				"play 12 reinforce 6 New York Clinton" };
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
		parses_as(forms[i], &w);
	formats_as(&w, "play 12 reinforce New York NY Clinton 6");
	w.cu = -1;
	parses_as("play 12 reinforce New York Clint", &w);
	formats_as(&w, "play 12 reinforce New York NY Clinton");
	w.cu = 0;               /* 8.1.C: the general without CUs */
	parses_as("play 12 reinforce New York Clinton 0", &w);
	formats_as(&w, "play 12 reinforce New York NY Clinton 0");
}

/* A space whose name holds a general's: the whole name is a space first. */
static void army_reinforce_space_named_like_a_general(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_REINFORCE);
	w.card = 9;
	add_step(&w, FORT_LEE, 0, 0);
	parses_as("play 9 reinforce Fort Lee", &w);
	w.general = LEE;
	w.cu = 2;
	parses_as("play 9 reinforce Fort Lee Lee 2", &w);
	formats_as(&w, "play 9 reinforce Fort Lee NJ Lee 2");
	parses_as("play 9 reinforce Fort Lee NJ 2 Lee", &w);
}

/* 12.2.B.ii: the French forces from the Reinforcements Box */
static void army_reinforce_french(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_PLAY_REINFORCE);
	w.card = 30;
	w.french = true;
	add_step(&w, CHARLESTON, 0, 0);
	parses_as("play 30 reinforce french Charleston", &w);
	parses_as("PLAY 30 REINFORCE FRENCH charleston sc.", &w);
	formats_as(&w, "play 30 reinforce french Charleston SC");
}

/* 7.2: a campaign's activations, its Landing Party (7.2.B), and done */
static void army_campaign(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_MOVE);
	w.general = HOWE;
	w.cu = 5;
	add_step(&w, NEW_YORK, 0, 0);
	add_step(&w, FORT_LEE, 3, 0);
	parses_as("move Howe with 5 to New York, Fort Lee (drop 3)", &w);
	parses_as("activate howe with 5 to new york, fort lee (drop 3)", &w) ;
	formats_as(&w, "move Howe with 5 to New York NY, Fort Lee NJ (drop 3)");
	expect(&w, WW_ORD_LANDING);
	add_step(&w, SAVANNAH, 0, 0);
	parses_as("landing Savannah", &w);
	parses_as("Landing Party: savannah ga", &w);
	formats_as(&w, "landing Savannah GA");
	expect(&w, WW_ORD_DONE);
	parses_as("Done.", &w);
	formats_as(&w, "done");
}

/* 7.8: interception, in the order tried (7.8.E), with 7.4.C keep */
static void army_intercept(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_INTERCEPT);
	w.ngenerals = 1;
	w.generals[0] = GREENE;
	parses_as("intercept Greene", &w);
	formats_as(&w, "intercept Greene");
	w.ngenerals = 3;
	w.generals[1] = LAFAYETTE;
	w.generals[2] = GATES;
	w.keep = WASHINGTON;
	parses_as("intercept Greene, Lafayette, Gates keep Washington", &w);
	parses_as("Intercept greene, lafayette and gates, keep wash", &w);
	parses_as("intercept Greene Lafayette Gates keep Washington", &w);
	formats_as(&w, "intercept Greene, Lafayette, Gates keep Washington");
	expect(&w, WW_ORD_NO_INTERCEPT);
	parses_as("no intercept", &w);
	parses_as("No Interception.", &w);
	parses_as("no-intercept", &w);
	formats_as(&w, "no intercept");
}

/* 7.9 retreat before battle, or stand */
static void army_retreat_before_battle(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_RETREAT_BEFORE);
	add_step(&w, LEXINGTON, 0, 0);
	const char *forms[] = { "retreat-before-battle to Lexington and Concord",
				"Retreat before battle to lexington",
				"rbb to Lexington", "RBB Lexington and Concord MA" };
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
		parses_as(forms[i], &w);
	formats_as(&w, "retreat-before-battle to Lexington and Concord MA");
	expect(&w, WW_ORD_STAND);
	parses_as("Stand.", &w);
	formats_as(&w, "stand");
}

/* 9.45: a battle card (+2), a discarded event (+1), or neither */
static void army_battle_cards(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_BATTLE_CARD);
	w.card = 44;
	parses_as("battle-card 44", &w);
	parses_as("Battle Card #44", &w);
	formats_as(&w, "battle-card 44");
	expect(&w, WW_ORD_BATTLE_DISCARD);
	w.card = 7;
	parses_as("battle-discard 7", &w);
	parses_as("battle discard #7.", &w);
	formats_as(&w, "battle-discard 7");
	expect(&w, WW_ORD_NO_BATTLE_CARD);
	parses_as("no battle-card", &w);
	parses_as("No Battle Card", &w);
	parses_as("no card", &w);
	formats_as(&w, "no battle-card");
}

/* 9.61 retreat, 9.62 British retreat by sea */
static void army_retreat(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_RETREAT);
	add_step(&w, CAMDEN, 0, 0);
	parses_as("retreat to Camden", &w);
	parses_as("Retreat Camden SC.", &w);
	formats_as(&w, "retreat to Camden SC");
	expect(&w, WW_ORD_RETREAT);
	w.by_sea = true;
	add_step(&w, SAVANNAH, 0, 0);
	parses_as("retreat by sea to Savannah", &w);
	parses_as("RETREAT BY SEA savannah ga", &w);
	formats_as(&w, "retreat by sea to Savannah GA");
}

/* 12.3, 5.5: zone names matched like space names */
static void army_navy(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_NAVY);
	w.zone = CHESAPEAKE;
	parses_as("navy Chesapeake", &w);
	parses_as("NAVY chesapeake zone", &w);
	parses_as("french navy Chesa", &w);
	formats_as(&w, "navy Chesapeake");
	w.zone = NEW_ENGLAND;
	parses_as("navy new england", &w);
	parses_as("french-navy New-England.", &w);
	formats_as(&w, "navy New England");
	w.zone = ST_LAWRENCE;
	parses_as("navy Saint Lawrence", &w);
	formats_as(&w, "navy St. Lawrence");
}

/* 12.2.B.ii */
static void army_french_forces(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_FRENCH_FORCES);
	add_step(&w, WILMINGTON_NC, 0, 0);
	parses_as("french-forces Wilmington NC", &w);
	parses_as("French Forces: wilmington nc", &w);
	formats_as(&w, "french-forces Wilmington NC");
}

/* 12.2.B.iii two CUs, perhaps from one space; 7.6.B five PCs */
static void army_removals(void **state)
{
	(void)state;
	struct ww_order w;
	expect(&w, WW_ORD_REMOVE_CU);
	add_step(&w, NEW_YORK, 0, 0);
	parses_as("remove-cu New York", &w);
	add_step(&w, NEW_YORK, 0, 0);
	parses_as("remove-cu New York, New York", &w);
	parses_as("Remove CUs new york and new york", &w);
	formats_as(&w, "remove-cu New York NY, New York NY");
	expect(&w, WW_ORD_REMOVE_PC);
	add_step(&w, BOSTON, 0, 0);
	add_step(&w, QUEBEC, 0, 0);
	add_step(&w, CHARLOTTE, 0, 0);
	add_step(&w, SAVANNAH, 0, 0);
	add_step(&w, CONCORD_NH, 0, 0);
	parses_as("remove-pc Boston, Quebec, Charlotte, Savannah, Concord", &w);
	parses_as("remove PCs boston, quebec, charlotte, savannah and concord nh", &w);
	formats_as(&w, "remove-pc Boston MA, Quebec, Charlotte NC, Savannah GA, Concord NH");
}

/* Standing orders: answers given in advance */
static void army_standing(void **state)
{
	(void)state;
	static const struct {
		const char *line, *canonical;
		enum ww_standing_kind kind;
		int general;
	} cases[] = {
		{ "standing never-intercept", "standing never-intercept",
		  WW_STAND_NEVER_INTERCEPT, -1 },
		{ "Standing Never Intercept.", "standing never-intercept",
		  WW_STAND_NEVER_INTERCEPT, -1 },
		{ "standing always-intercept Greene", "standing always-intercept Greene",
		  WW_STAND_ALWAYS_INTERCEPT, GREENE },
		{ "standing order always intercept lafa", "standing always-intercept Lafayette",
		  WW_STAND_ALWAYS_INTERCEPT, LAFAYETTE },
		{ "standing never-retreat-before-battle",
		  "standing never-retreat-before-battle",
		  WW_STAND_NEVER_RETREAT_BEFORE_BATTLE, -1 },
		{ "standing never retreat before battle",
		  "standing never-retreat-before-battle",
		  WW_STAND_NEVER_RETREAT_BEFORE_BATTLE, -1 },
		{ "standing never rbb", "standing never-retreat-before-battle",
		  WW_STAND_NEVER_RETREAT_BEFORE_BATTLE, -1 },
		{ "standing never-exchange", "standing never-exchange",
		  WW_STAND_NEVER_EXCHANGE, -1 },
		{ "standing never battle card", "standing never-battle-card",
		  WW_STAND_NEVER_BATTLE_CARD, -1 },
		{ "standing clear", "standing clear", WW_STAND_CLEAR, -1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct ww_order w;
		expect(&w, WW_ORD_STANDING);
		w.standing = cases[i].kind;
		w.general = cases[i].general;
		parses_as(cases[i].line, &w);
		formats_as(&w, cases[i].canonical);
	}
}

/* format -> parse gives the same struct, for every kind of order. */
static void army_format_round_trips_every_kind(void **state)
{
	(void)state;
	static const struct {
		enum ww_order_kind kind;
		const char *line;
	} cases[] = {
		{ WW_ORD_COMMITTEES, "committees Boston, Savannah" },
		{ WW_ORD_FOR_THE_KING, "for-the-king Quebec" },
		{ WW_ORD_PASS, "pass" },
		{ WW_ORD_FIRST, "first british" },
		{ WW_ORD_PLAY_PC, "play 3 pc Boston" },
		{ WW_ORD_PLAY_EVENT, "play 3 event Boston" },
		{ WW_ORD_DISCARD, "discard 3 remove Boston" },
		{ WW_ORD_EXCHANGE, "exchange 3" },
		{ WW_ORD_DECLARATION, "declaration Boston" },
		{ WW_ORD_CONGRESS, "congress Boston" },
		{ WW_ORD_PLAY_MOVE, "play 12 move Washington with 5 to Camden, Eutaw "
		  "(drop 2, take 1), Charleston (take 1), Boston (MA) (drop 3) keep Greene" },
		{ WW_ORD_PLAY_MOVE, "play 12 move Howe by sea to Charleston keep Clinton" },
		{ WW_ORD_PLAY_QUEUE, "play 4 queue" },
		{ WW_ORD_PLAY_QUEUE, "play 4 queue move Lee alone to Fort Lee (drop 1)" },
		{ WW_ORD_PLAY_REINFORCE, "play 12 reinforce Fort Lee Lee 6" },
		{ WW_ORD_PLAY_REINFORCE, "play 12 reinforce New York" },
		{ WW_ORD_PLAY_REINFORCE, "play 12 reinforce french Charleston" },
		{ WW_ORD_MOVE, "move Gates with 3 to Lexington and Concord, Boston" },
		{ WW_ORD_LANDING, "landing Savannah" },
		{ WW_ORD_DONE, "done" },
		{ WW_ORD_INTERCEPT, "intercept Greene, Lee, Gates, Lincoln keep Lee" },
		{ WW_ORD_NO_INTERCEPT, "no intercept" },
		{ WW_ORD_RETREAT_BEFORE, "rbb to Camden" },
		{ WW_ORD_STAND, "stand" },
		{ WW_ORD_BATTLE_CARD, "battle-card 110" },
		{ WW_ORD_BATTLE_DISCARD, "battle-discard 1" },
		{ WW_ORD_NO_BATTLE_CARD, "no card" },
		{ WW_ORD_RETREAT, "retreat to Camden" },
		{ WW_ORD_RETREAT, "retreat by sea to Savannah" },
		{ WW_ORD_NAVY, "navy South Atlantic" },
		{ WW_ORD_FRENCH_FORCES, "french-forces Wilmington NC" },
		{ WW_ORD_REMOVE_CU, "remove-cu Boston, Boston" },
		{ WW_ORD_REMOVE_PC, "remove-pc Boston, Quebec, Charlotte" },
		{ WW_ORD_STANDING, "standing always-intercept Greene" },
		{ WW_ORD_STANDING, "standing clear" },
		{ WW_ORD_RESIGN, "Resign." },
	};
	bool seen[WW_ORD_RESIGN + 1] = { false };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct ww_order a, b;
		char text[512];
		if (ww_order_parse(D, cases[i].line, &a, err, sizeof err))
			fail_msg("'%s' refused: %s", cases[i].line, err);
		assert_int_equal(a.kind, cases[i].kind);
		ww_order_format(D, &a, text, sizeof text);
		if (ww_order_parse(D, text, &b, err, sizeof err))
			fail_msg("'%s' (from '%s') refused: %s", text, cases[i].line, err);
		if (memcmp(&a, &b, sizeof a))
			fail_msg("'%s' formats as '%s', which parses differently",
				 cases[i].line, text);
		seen[a.kind] = true;
	}
	for (int k = WW_ORD_COMMITTEES; k <= WW_ORD_RESIGN; k++)
		if (!seen[k])
			fail_msg("order kind %d has no round-trip case", k);
}

/* ---- the armies' errors ---- */

static void army_error_move(void **state)
{
	(void)state;
	parse_bad("move", "'move' needs a general: move GENERAL [with K] to S");
	parse_bad("move Washington Boston", "'move Washington' needs 'to'");
	parse_bad("move Washington", "needs 'to' and the spaces entered");
	parse_bad("move Washington with to Boston", "'with' needs the number of CUs");
	parse_bad("move Washington with 100 to Boston", "'with' needs the number of CUs");
	parse_bad("move Washington with five to Boston", "(0 to 99), e.g. 'with 5'");
	parse_bad("move Washington by land to Boston", "'by' must be followed by 'sea to PORT'");
	parse_bad("move Howe by sea to Boston, Charleston", "'by sea' goes to exactly one port");
	parse_bad("move Howe by sea to Boston (drop 1)", "'by sea' goes to exactly one port");
	parse_bad("move Washington to", "'to' needs the spaces entered");
	parse_bad("move Washington to keep Greene", "'to' needs the spaces entered");
	parse_bad("move Washington to Bostn", "did you mean Boston MA?");
	parse_bad("move Washington to Boston, , Camden", "an empty name between commas");
}

static void army_error_general_names(void **state)
{
	(void)state;
	parse_bad("move Washingtn to Boston", "unknown general 'Washingtn' \xe2\x80\x94 "
		  "did you mean Washington?");
	parse_bad("move L to Boston", "general 'L' is ambiguous: Lee, Lincoln or Lafayette?");
	parse_bad("move Napoleon to Boston", "unknown general 'Napoleon' (the generals are "
		  "Washington, Greene, Gates, Lee, Lincoln, Lafayette, Howe, Clinton, Cornwallis)");
	parse_bad("play 12 move Boston to Camden", "unknown general 'Boston'");
}

static void army_error_steps(void **state)
{
	(void)state;
	parse_bad("move Gates to Camden (drop)", "'drop' needs a number of CUs from 1 to 99");
	parse_bad("move Gates to Camden (drop 0)", "'drop' needs a number of CUs");
	parse_bad("move Gates to Camden (take two)", "'take' needs a number of CUs");
	parse_bad("move Gates to Camden (drop 2, drop 1)", "'drop' is given twice for one space");
	parse_bad("move Gates to Camden (drop 2, burn 1)",
		  "'burn' in '(drop 2, burn 1)' is not understood: write (drop N), (take N)");
	parse_bad("move Gates to Camden (drop 2", "a '(' without ')'");
	parse_bad("move Gates to Camden drop 2)", "a ')' without '('");
	parse_bad("move Gates to Camden, (drop 2)", "a step of the path names no space");
	parse_bad("move Gates to Camden keep", "'keep' needs the general who stays");
	parse_bad("move Gates to Camden keep Napoleon", "unknown general 'Napoleon'");
}

static void army_error_play(void **state)
{
	(void)state;
	parse_bad("play 12", "'play 12' needs what the card does: play N pc S");
	parse_bad("play 12", "play N queue | play N queue move GENERAL ... | play N reinforce S");
	parse_bad("play 12 fly Boston", "'fly' is not a way to play a card: play N pc");
	parse_bad("play 12 fly Boston", "play N reinforce french S");
	parse_bad("play 12 queue Howe", "'howe' after 'queue' is not understood: "
		  "write 'play 12 queue' or 'play 12 queue move GENERAL ...'");
	parse_bad("play 12 queue move", "'move' needs a general");
}

static void army_error_reinforce(void **state)
{
	(void)state;
	parse_bad("play 12 reinforce", "'play 12 reinforce' needs a space");
	parse_bad("play 12 reinforce Clinton 6", "unknown space 'Clinton'");
	parse_bad("play 12 reinforce New York 6 7", "takes one number of CUs, from 0 to 99");
	parse_bad("play 12 reinforce New York 100", "'100' is not understood");
	parse_bad("play 12 reinforce New York Clintn 6", "did you mean Clinton?");
	parse_bad("play 12 reinforce New Yrk Clinton", "unknown space 'New Yrk'");
	parse_bad("play 12 reinforce New York 6 Clintn", "did you mean Clinton?");
	parse_bad("play 12 reinforce french", "needs exactly one space");
	parse_bad("play 12 reinforce french Boston, Charleston", "takes 1 space, not 2");
}

static void army_error_answers(void **state)
{
	(void)state;
	parse_bad("landing", "'landing S' needs exactly one space");
	parse_bad("done now", "unexpected 'now' after 'done'");
	parse_bad("stand firm", "unexpected 'firm' after 'stand'");
	parse_bad("intercept", "'intercept' needs a general");
	parse_bad("intercept Greene, Greene", "Greene is named twice");
	parse_bad("intercept Greene, Gates, Lee, Lincoln, Lafayette", "at most 4");
	parse_bad("intercept Grene", "did you mean Greene?");
	parse_bad("no", "write 'no intercept' or 'no battle-card'");
	parse_bad("no retreat", "'no' is not understood");
	parse_bad("no intercept please", "unexpected 'please' after 'no intercept'");
	parse_bad("retreat", "'retreat' needs where to: retreat to S | retreat by sea "
		  "to PORT | retreat-before-battle to S");
	parse_bad("retreat to Boston, Camden", "'retreat to S' takes 1 space, not 2");
	parse_bad("retreat by sea to", "needs exactly one space");
	parse_bad("rbb", "'retreat-before-battle to S' needs exactly one space");
	parse_bad("retreat before battle to Bostn", "did you mean Boston MA?");
}

static void army_error_battle(void **state)
{
	(void)state;
	parse_bad("battle 7", "write 'battle-card N', 'battle-discard N' or 'no battle-card'");
	parse_bad("battle-card", "'battle-card' needs a card number");
	parse_bad("battle-card 200", "there is no card #200");
	parse_bad("battle-discard 7 8", "unexpected '8' after 'battle-discard'");
}

static void army_error_french_and_removals(void **state)
{
	(void)state;
	parse_bad("navy", "'navy' needs a blockade zone, e.g. 'navy Chesapeake'");
	parse_bad("navy Chesapeek", "unknown blockade zone 'Chesapeek' \xe2\x80\x94 "
		  "did you mean Chesapeake?");
	parse_bad("navy Pacific", "(the blockade zones are St. Lawrence, New England, "
		  "Long Island Sound, Delaware, Chesapeake, Carolinas, South Atlantic)");
	parse_bad("navy C", "blockade zone 'C' is ambiguous: Chesapeake or Carolinas?");
	parse_bad("french", "write 'french-forces PORT' or 'navy ZONE'");
	parse_bad("french-forces", "needs exactly one space");
	parse_bad("remove Boston", "write 'remove-cu S [, S]' or 'remove-pc S, S, ...'");
	parse_bad("remove-cu Boston, Boston, Boston", "'remove-cu S [, S]' takes at most 2 "
		  "spaces, not 3");
	parse_bad("remove-cu", "needs at least one space");
	parse_bad("remove-pc", "needs at least one space");
}

static void army_error_standing(void **state)
{
	(void)state;
	parse_bad("standing", "'standing' needs one of: standing never-intercept | "
		  "standing always-intercept GENERAL");
	parse_bad("standing sometimes-intercept", "standing american-losses-first | standing clear");
	parse_bad("standing always-intercept", "needs a general, e.g. 'standing "
		  "always-intercept Greene'");
	parse_bad("standing always-intercept Grene", "did you mean Greene?");
	parse_bad("standing never-intercept now", "unexpected 'now' after 'never-intercept'");
}

/* The list of orders names the new forms too. */
static void army_error_unknown_order_lists_them(void **state)
{
	(void)state;
	const char *forms[] = { "play N pc|event|move|queue|reinforce ...", "move GENERAL ...",
				"landing S", "done", "intercept GENERAL, ...",
				"no intercept|battle-card", "retreat-before-battle to S", "stand",
				"battle-card|battle-discard N", "retreat [by sea] to S",
				"navy ZONE", "french-forces S", "remove-cu S",
				"remove-pc S, ... | standing ..." };
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
		parse_bad("attack Boston", forms[i]);
}

/* ---- the real data (in the tree: its tests never skip) ---- */

static struct ww_data *REAL;

static int setup_real(void **state)
{
	(void)state;
	const char *dir = getenv("WW_DATA");
	REAL = calloc(1, sizeof *REAL);
	struct wj_data_problems *p = calloc(1, sizeof *p);
	int rc = !REAL || !p || ww_data_load(dir ? dir : "data/washingtons-war", REAL, p);
	if (rc) {
		char why[512] = "out of memory";
		if (p)
			wj_data_problems_first(p, why, sizeof why);
		print_error("the real data did not load: %s\n", why);
	}
	free(p);
	return rc ? -1 : 0;
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
	assert_int_equal(real_match("Wilmington"), -1);
	assert_non_null(strstr(err, "Wilmington NC"));
	assert_non_null(strstr(err, "Wilmington DE"));
}

static void real_prefix_and_suggestion(void **state)
{
	(void)state;
	int s = real_match("Phila");
	assert_true(s >= 0);
	assert_non_null(strstr(REAL->spaces[s].name, "Philadelphia"));
	assert_int_equal(real_match("Bostn"), -1);
	assert_non_null(strstr(err, "did you mean Boston"));
}

/* The armies' examples of docs/orders.md, on the real map, generals and
 * zones, read back from their canonical text. */
static void real_army_orders_from_the_docs(void **state)
{
	(void)state;
	const char *lines[] = {
		"play 12 move Gates with 4 to Camden, Eutaw Springs (drop 2), "
		"Charleston (take 3), Savannah",
		"play 31 move Clinton with 5 to New Brunswick, Trenton keep Clinton",
		"play 20 move Howe with 5 by sea to Charleston",
		"play 5 queue move Cornwallis with 5 to Camden, Ninety Six",
		"move Howe with 5 to New York, New Brunswick (drop 2)",
		"play 12 reinforce New York Clinton 6", "play 8 reinforce french Newport",
		"intercept Greene, Lafayette keep Washington",
		"retreat-before-battle to Lexington and Concord",
		"retreat by sea to Savannah", "navy Chesapeake", "navy New England",
		"french-forces Newport", "remove-cu New York, New York",
		"remove-pc Boston, Salem, Camden, Dover, York",
		"standing always-intercept Greene",
	};
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
		struct ww_order a, b;
		char text[512];
		if (ww_order_parse(REAL, lines[i], &a, err, sizeof err))
			fail_msg("'%s' refused: %s", lines[i], err);
		ww_order_format(REAL, &a, text, sizeof text);
		if (ww_order_parse(REAL, text, &b, err, sizeof err) || memcmp(&a, &b, sizeof a))
			fail_msg("'%s' formats as '%s', which does not read back", lines[i], text);
	}
	struct ww_order o;
	assert_int_equal(ww_order_parse(REAL, "play 12 reinforce New York Clinton 6", &o,
					err, sizeof err), 0);
	assert_string_equal(REAL->spaces[o.spaces[0]].name, "New York NY");
	assert_string_equal(REAL->generals[o.general].name, "Clinton");
	assert_int_equal(o.cu, 6);
	assert_int_equal(ww_order_parse(REAL, "navy chesapeake", &o, err, sizeof err), 0);
	assert_string_equal(REAL->zones[o.zone].name, "Chesapeake");
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
		cmocka_unit_test(space_accents_ignored),
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
		cmocka_unit_test(army_play_move),
		cmocka_unit_test(army_move_defaults),
		cmocka_unit_test(army_drop_and_take_on_one_step),
		cmocka_unit_test(army_parenthesised_colony_is_a_name),
		cmocka_unit_test(army_move_alone),
		cmocka_unit_test(army_move_by_sea),
		cmocka_unit_test(army_play_queue),
		cmocka_unit_test(army_play_reinforce),
		cmocka_unit_test(army_reinforce_space_named_like_a_general),
		cmocka_unit_test(army_reinforce_french),
		cmocka_unit_test(army_campaign),
		cmocka_unit_test(army_intercept),
		cmocka_unit_test(army_retreat_before_battle),
		cmocka_unit_test(army_battle_cards),
		cmocka_unit_test(army_retreat),
		cmocka_unit_test(army_navy),
		cmocka_unit_test(army_french_forces),
		cmocka_unit_test(army_removals),
		cmocka_unit_test(army_standing),
		cmocka_unit_test(army_format_round_trips_every_kind),
		cmocka_unit_test(army_error_move),
		cmocka_unit_test(army_error_general_names),
		cmocka_unit_test(army_error_steps),
		cmocka_unit_test(army_error_play),
		cmocka_unit_test(army_error_reinforce),
		cmocka_unit_test(army_error_answers),
		cmocka_unit_test(army_error_battle),
		cmocka_unit_test(army_error_french_and_removals),
		cmocka_unit_test(army_error_standing),
		cmocka_unit_test(army_error_unknown_order_lists_them),
	};
	const struct CMUnitTest real[] = {
		cmocka_unit_test(real_names_from_the_rule_book),
		cmocka_unit_test(real_wilmington_is_ambiguous),
		cmocka_unit_test(real_prefix_and_suggestion),
		cmocka_unit_test(real_army_orders_from_the_docs),
	};
	int failed = cmocka_run_group_tests_name("order language, small map", map,
						 setup_map, teardown_map);
	failed += cmocka_run_group_tests_name("order language, real data", real,
					      setup_real, teardown_real);
	return failed ? 1 : 0;
}
