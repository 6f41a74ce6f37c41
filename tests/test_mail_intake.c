/* Intake: the corpus in tests/mail/ (real-world-shaped messages) parses to
 * the right order lines; the block rules of docs/mail.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "block_read.h"
#include "mail_internal.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = malloc(1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* The block as the .expect files write it. */
static void render(const struct wj_order_block *b, char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	if (b->password[0])
		o += (size_t)snprintf(out + o, len - o, "password: %s\n", b->password);
	if (b->token[0])
		o += (size_t)snprintf(out + o, len - o, "token: %s\n", b->token);
	if (b->game[0])
		o += (size_t)snprintf(out + o, len - o, "game: %s\n", b->game);
	if (b->side[0])
		o += (size_t)snprintf(out + o, len - o, "side: %s\n", b->side);
	for (int i = 0; i < b->n; i++)
		o += (size_t)snprintf(out + o, len - o, "%s\n", b->lines[i]);
}

static void corpus(const char *name, bool want_block)
{
	char path[256], got[8192], err[256];
	size_t len, elen;
	snprintf(path, sizeof path, "tests/mail/%s.eml", name);
	char *msg = slurp(path, &len);
	snprintf(path, sizeof path, "tests/mail/%s.expect", name);
	char *want = slurp(path, &elen);
	struct wj_mail_in m;
	struct wj_order_block *b = calloc(1, sizeof *b);
	assert_non_null(b);
	if (wj_mail_parse(msg, len, &m, err, sizeof err) < 0)
		fail_msg("%s: %s", name, err);
	const char *from = strstr(msg, "North@Example.COM") ? "North@Example.COM" :
			   "north@example.com";
	if (strcmp(m.from, from))
		fail_msg("%s: From reads '%s', not '%s'", name, m.from, from);
	block_read(m.text, "washingtons-war", b);
	if ((b->found && b->ended) != want_block)
		fail_msg("%s: %s (body:\n%s)", name, want_block ? "no whole block was found" :
			 "a block was found", m.text);
	render(b, got, sizeof got);
	if (strcmp(got, want))
		fail_msg("%s: the block reads\n%s\nbut should read\n%s\n(body:\n%s)", name, got,
			 want, m.text);
	wj_mail_in_free(&m);
	free(b);
	free(msg);
	free(want);
}

/* multipart/alternative: the text/plain part; a quoted report is not read. */
static void test_gmail(void **s) { (void)s; corpus("gmail", true); }
/* HTML only, windows-1252, &nbsp;, an unquoted original below (Outlook). */
static void test_outlook_html_only(void **s) { (void)s; corpus("outlook_html_only", true); }
/* format=flowed delsp=yes, a signature holding a block that is not read. */
static void test_apple_flowed(void **s) { (void)s; corpus("apple_flowed", true); }
/* base64, ISO-8859-1, LF, indented and upper-case markers, quoted block above. */
static void test_thunderbird_base64(void **s) { (void)s; corpus("thunderbird_base64", true); }
/* 8bit UTF-8, game:/side: lines, a comment, a wrapped discard line. */
static void test_mutt_plain(void **s) { (void)s; corpus("mutt_plain", true); }
/* A committees list wrapped over three lines by a phone. */
static void test_phone_wrapped(void **s) { (void)s; corpus("phone_wrapped", true); }
/* An attached text file with a block is not the body. */
static void test_attachment(void **s) { (void)s; corpus("attachment", true); }
/* Issue 12, format=flowed without delsp (RFC 3676 4.2, 4.4, 4.5): the
 * greeting ends in a space but the blank line after it ends the paragraph,
 * so "#orders" stands alone; a space-stuffed line loses its first space; a
 * quoted line ends the paragraph of the order line before it. */
static void test_thunderbird_flowed(void **s) { (void)s; corpus("thunderbird_flowed", true); }
/* Orders outside a block are not read. */
static void test_no_block(void **s) { (void)s; corpus("no_block", false); }

/* Mail the world writes (issue 22.11): each with its order block at the top
 * of its first text/plain part, however the client or a server on the way
 * wrapped it. */
static const struct world_mail {
	const char *name;
	const char *shape;
} world[] = {
	{ "signed_rfc2231", "multipart/signed, its boundary given RFC 2231-style "
	  "(boundary*=us-ascii''...)" },
	{ "boundary_continued", "a boundary in RFC 2231 sections, percent-encoded and quoted "
	  "(boundary*0*=, boundary*1=)" },
	{ "text_no_subtype", "Content-Type: TEXT, no subtype (RFC 2045 5.2: text/plain), "
	  "Latin-1" },
	{ "thunderbird_pgp_signed", "Thunderbird PGP/MIME: signed, protected headers, a key "
	  "attached, the text flowed and quoted-printable" },
	{ "gmail_long_line", "Gmail: a long order line split by quoted-printable soft breaks" },
	{ "outlook_desktop", "Outlook: the original below, unquoted, with its own block" },
	{ "outlook_inline_image", "Outlook: multipart/related, an inline image, Windows-1252" },
	{ "outlook_smime", "Outlook S/MIME: multipart/signed around multipart/alternative, "
	  "ISO-8859-1" },
	{ "apple_mail_alternative", "Apple Mail: Apple-Mail= boundary, 7bit, quoted reply" },
	{ "apple_mail_smime", "Apple Mail S/MIME: multipart/signed, quoted-printable UTF-8" },
	{ "yahoo", "Yahoo: every line of the text indented by one blank" },
	{ "eudora", "Eudora: format=flowed, an order line flowed over two lines" },
	{ "gateway_disclaimer", "a mail gateway's disclaimer: multipart/mixed around the "
	  "client's multipart/alternative, a disclaimer part after it" },
	{ "mailman_footer", "a list server's footer part holding a block of its own "
	  "(read, then dropped as a list's mail)" },
};

static void test_world(void **s)
{
	(void)s;
	for (size_t i = 0; i < sizeof world / sizeof *world; i++) {
		corpus(world[i].name, true);
	}
}

/* A list's mail is read like any other and then never answered. */
static void test_world_list_is_automatic(void **s)
{
	(void)s;
	size_t len;
	char err[256];
	struct wj_mail_in m;
	char *msg = slurp("tests/mail/mailman_footer.eml", &len);
	assert_int_equal(wj_mail_parse(msg, len, &m, err, sizeof err), 0);
	assert_true(m.automatic[0] != '\0');
	wj_mail_in_free(&m);
	free(msg);
}

static void test_headers(void **s)
{
	(void)s;
	size_t len;
	char err[256];
	struct wj_mail_in m;
	char *msg = slurp("tests/mail/gmail.eml", &len);
	assert_int_equal(wj_mail_parse(msg, len, &m, err, sizeof err), 0);
	assert_string_equal(m.message_id, "<gmail-reply@client.example>");
	assert_string_equal(m.subject, "gmail reply");
	assert_string_equal(m.date, "3 Mar 2026 10:00:00 +0100");
	assert_string_equal(m.to[0], "judge+g1-british-0123456789abcdef@example.org");
	wj_mail_in_free(&m);
	free(msg);
	/* no Message-ID: the hash of the mail stands in, the same every time */
	msg = slurp("tests/mail/phone_wrapped.eml", &len);
	assert_int_equal(wj_mail_parse(msg, len, &m, err, sizeof err), 0);
	char first[512];
	snprintf(first, sizeof first, "%s", m.message_id);
	assert_non_null(strstr(first, "@hash.wwjudge>"));
	wj_mail_in_free(&m);
	assert_int_equal(wj_mail_parse(msg, len, &m, err, sizeof err), 0);
	assert_string_equal(m.message_id, first);
	wj_mail_in_free(&m);
	free(msg);
}

static void test_subaddress(void **s)
{
	(void)s;
	char game[WJ_GAME_NAME], side[16], token[64];
	assert_int_equal(wj_judge_subaddress("judge@example.org",
					     "Judge+my-game-british-00ff@EXAMPLE.org", game, side,
					     token), 0);
	assert_string_equal(game, "my-game");
	assert_string_equal(side, "british");
	assert_string_equal(token, "00ff");
	assert_int_equal(wj_judge_subaddress("judge@example.org", "judge@example.org", game,
					     side, token), -1);
	assert_int_equal(wj_judge_subaddress("judge@example.org",
					     "judge+g-british-1@evil.org", game, side, token), -1);
	assert_int_equal(wj_judge_subaddress("judge@example.org",
					     "judge+../x-british-1@example.org", game, side, token),
			 -1);
}

static void test_block_rules(void **s)
{
	(void)s;
	struct wj_order_block *b = calloc(1, sizeof *b);
	assert_non_null(b);
	/* no #end: found but not ended (refused, docs/mail.md) */
	block_read("#orders\npass\n", "washingtons-war", b);
	assert_true(b->found);
	assert_false(b->ended);
	/* the first block counts; a second one is not read */
	block_read("#orders\npass\n#end\n#orders\nfirst american\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 1);
	assert_string_equal(b->lines[0], "pass");
	/* a line that starts an order is never joined to the one before */
	block_read("# Orders\nplay 3 event\nfirst british\n#END\n", "washingtons-war", b);
	assert_true(b->ended);
	assert_int_equal(b->n, 2);
	/* the first line of the block stands alone even if it is not an order */
	block_read("#orders\nattack Boston\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 1);
	assert_string_equal(b->lines[0], "attack Boston");
	/* issue 12: `resign` starts an order, so it is not joined to the line before */
	block_read("#orders\nplay 3 event\nresign\n#end\n", "washingtons-war", b);
	assert_int_equal(b->n, 2);
	assert_string_equal(b->lines[1], "resign");
	free(b);
}

static void test_html(void **s)
{
	(void)s;
	const char *h = "<p>a &amp; b&#33;</p><blockquote>q<br>r</blockquote><script>x</script>z";
	size_t n;
	char *t = wj_html_to_text(h, strlen(h), &n);
	assert_string_equal(t, "a & b!\n> q\n> r\nz\n");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gmail),
		cmocka_unit_test(test_outlook_html_only),
		cmocka_unit_test(test_apple_flowed),
		cmocka_unit_test(test_thunderbird_base64),
		cmocka_unit_test(test_thunderbird_flowed),
		cmocka_unit_test(test_mutt_plain),
		cmocka_unit_test(test_phone_wrapped),
		cmocka_unit_test(test_attachment),
		cmocka_unit_test(test_no_block),
		cmocka_unit_test(test_world),
		cmocka_unit_test(test_world_list_is_automatic),
		cmocka_unit_test(test_headers),
		cmocka_unit_test(test_subaddress),
		cmocka_unit_test(test_block_rules),
		cmocka_unit_test(test_html),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
