/* The order block of a mail (docs/mail.md) read against the order language
 * (docs/orders.md): issue 12. The words that start an order come from the
 * grammar (ww_order_starts), so every order form, wrapped the way a phone
 * wraps it, comes out of the block exactly as written. The forms are the
 * examples of docs/orders.md, read from the doc itself. */
#include "support.h"
#include "block_read.h"
#include "mail_internal.h"

#define MAX_EXAMPLES 256
#define PHONE_WIDTH 40

static char examples[MAX_EXAMPLES][WJ_MAIL_LINE];
static int nexamples;

/* The example lines of docs/orders.md's "The orders" and "Armies": code
 * lines (four blanks in), without the comment after two blanks; a line
 * indented further continues the example above it. */
static int read_examples(void **state)
{
	(void)state;
	FILE *f = fopen("docs/orders.md", "r");
	char line[2048];
	bool on = false;
	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "## ", 3))
			on = !strcmp(line, "## The orders") || (on && strcmp(line, "## Errors"));
		if (!on || strncmp(line, "    ", 4))
			continue;
		char *text = line + strspn(line, " ");
		char *comment = strstr(text, "  ");
		if (comment)
			*comment = '\0';
		if (line[4] == ' ' && nexamples > 0) {
			char *prev = examples[nexamples - 1];
			size_t n = strlen(prev);
			snprintf(prev + n, WJ_MAIL_LINE - n, " %s", text);
		} else if (*text) {
			assert_true(nexamples < MAX_EXAMPLES);
			snprintf(examples[nexamples++], WJ_MAIL_LINE, "%s", text);
		}
	}
	fclose(f);
	assert_true(nexamples > 40);
	return 0;
}

/* Every kind of order of the grammar has an example in the doc, and every
 * example is an order of the grammar (on the real map). */
static void test_examples_cover_every_order_kind(void **state)
{
	(void)state;
	bool seen[WW_ORD_KINDS] = { false };
	for (int i = 0; i < nexamples; i++) {
		struct ww_order o;
		char err[512];
		if (ww_order_parse(test_data(), examples[i], &o, err, sizeof err))
			fail_msg("docs/orders.md: '%s' is refused: %s", examples[i], err);
		seen[o.kind] = true;
	}
	for (int k = WW_ORD_COMMITTEES; k < WW_ORD_KINDS; k++)
		if (!seen[k])
			fail_msg("order kind %d has no example in docs/orders.md", k);
}

/* `text` wrapped as a phone does: a soft break at the last blank before
 * `width` columns. */
static void phone_wrap(const char *text, int width, char *out, size_t len)
{
	size_t o = 0, col = 0;
	for (const char *w = text; *w;) {
		size_t n = strcspn(w, " ");
		if (col && col + 1 + n > (size_t)width) {
			o += (size_t)snprintf(out + o, len - o, "\n");
			col = 0;
		}
		o += (size_t)snprintf(out + o, len - o, "%s%.*s", col ? " " : "", (int)n, w);
		col += (col ? 1 : 0) + n;
		w += n + strspn(w + n, " ");
	}
	snprintf(out + o, len - o, "\n");
}

/* The block of examples [from, to) wrapped to `width` yields exactly them. */
static void check_block(struct wj_order_block *b, int from, int to, int width)
{
	static char body[64 * WJ_MAIL_LINE];
	size_t o = (size_t)snprintf(body, sizeof body, "Here you are.\n\n#orders\npassword: x\n");
	for (int i = from; i < to; i++)
		phone_wrap(examples[i], width, body + o, sizeof body - o), o = strlen(body);
	snprintf(body + o, sizeof body - o, "#end\n");
	block_read(body, "washingtons-war", b);
	assert_true(b->found && b->ended);
	assert_string_equal(b->problem, "");
	for (int i = from; i < to && i - from < b->n; i++)
		if (strcmp(b->lines[i - from], examples[i]))
			fail_msg("wrapped at %d columns, '%s' reads as '%s'", width, examples[i],
				 b->lines[i - from]);
	if (b->n != to - from)
		fail_msg("wrapped at %d columns:\n%s\ngives %d orders, not %d", width, body,
			 b->n, to - from);
}

/* Issue 12: every order form of docs/orders.md, in blocks of 16 orders,
 * wrapped at 40 columns (and at widths around it) as phones do, comes out
 * one order per form, each exactly as written. */
static void test_every_form_wrapped_like_a_phone(void **state)
{
	(void)state;
	struct wj_order_block *b = calloc(1, sizeof *b);
	assert_non_null(b);
	for (int width = PHONE_WIDTH - 10; width <= PHONE_WIDTH + 20; width++)
		for (int from = 0; from < nexamples; from += 16)
			check_block(b, from, from + 16 < nexamples ? from + 16 : nexamples, width);
	free(b);
}

/* Issue 12: "stand" after "standing never-retreat-before-battle" was joined
 * to it, as "stand" was missing from the intake's own list of words. */
static void test_stand_after_standing_is_an_order(void **state)
{
	(void)state;
	struct wj_order_block *b = calloc(1, sizeof *b);
	assert_non_null(b);
	block_read("#orders\nstanding never-retreat-before-battle\nstand\n"
			    "no intercept\nmove Howe with 5 to New York\ndone\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 5);
	assert_string_equal(b->lines[0], "standing never-retreat-before-battle");
	assert_string_equal(b->lines[1], "stand");
	assert_string_equal(b->lines[4], "done");
	free(b);
}

/* No name of the map, a general or a zone begins with a word that starts
 * an order: a line a phone wrapped before any name is joined back. */
static void test_no_name_starts_an_order(void **state)
{
	(void)state;
	const struct ww_data *d = test_data();
	for (int s = 0; s < d->nspaces; s++)
		if (ww_order_starts(d->spaces[s].name))
			fail_msg("the space %s begins like an order", d->spaces[s].name);
	for (int g = 0; g < d->ngenerals; g++)
		if (ww_order_starts(d->generals[g].name))
			fail_msg("the general %s begins like an order", d->generals[g].name);
	for (int z = 0; z < d->nzones; z++)
		if (ww_order_starts(d->zones[z].name))
			fail_msg("the zone %s begins like an order", d->zones[z].name);
	assert_true(ww_order_starts("Stand."));
	assert_true(ww_order_starts("battle card 44"));
	assert_true(ww_order_starts("Retreat-before-battle to Camden"));
	assert_false(ww_order_starts("Salem NC"));
}

/* Issue 21.8: the words that start an order are the mail's game's. In
 * Skirmish "declare" (I.B), "apart" (IV.5) and "sail" (V.3) start lines
 * of their own and a move a phone wrapped is joined back; in Washington's
 * War, where no order begins with them, the same lines continue the order
 * before, and Washington's War's "first" continues a Skirmish line. */
static void test_order_words_are_the_games(void **state)
{
	(void)state;
	static const char body[] = "#orders\ndeclare Boston\nmove Ticonderoga - Saratoga -\n"
				   "Bennington\napart Trenton\nsail Large Blue Dot - West Atlantic\n"
				   "#end\n";
	struct wj_order_block *b = calloc(1, sizeof *b);
	assert_non_null(b);
	block_read(body, "skirmish", b);
	assert_int_equal(b->n, 4);
	assert_string_equal(b->lines[0], "declare Boston");
	assert_string_equal(b->lines[1], "move Ticonderoga - Saratoga - Bennington");
	assert_string_equal(b->lines[2], "apart Trenton");
	assert_string_equal(b->lines[3], "sail Large Blue Dot - West Atlantic");
	block_read(body, "washingtons-war", b);
	assert_int_equal(b->n, 2);
	assert_string_equal(b->lines[0], "declare Boston");
	assert_string_equal(b->lines[1], "move Ticonderoga - Saratoga - Bennington apart Trenton "
			    "sail Large Blue Dot - West Atlantic");
	block_read("#orders\npass\nfirst american\n#end\n", "skirmish", b);
	assert_int_equal(b->n, 1);
	assert_string_equal(b->lines[0], "pass first american");
	block_read("#orders\npass\nfirst american\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 2);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_examples_cover_every_order_kind),
		cmocka_unit_test(test_every_form_wrapped_like_a_phone),
		cmocka_unit_test(test_stand_after_standing_is_an_order),
		cmocka_unit_test(test_no_name_starts_an_order),
		cmocka_unit_test(test_order_words_are_the_games),
	};
	return cmocka_run_group_tests(tests, read_examples, free_test_data);
}
