/* The mails the judge writes (mail.h: the outbox format): plain UTF-8
 * text made from the body's report form, CRLF line ends, threaded, marked
 * Auto-Submitted (RFC 3834) so that vacation responders leave them alone.
 * A report also carries an HTML alternative made from the same form and
 * the board of the recipient's view as a PNG attachment, which the HTML
 * shows. */
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "buf.h"
#include "games.h"
#include "mail_internal.h"
#include "report_html.h"

void wj_reply_address(const struct wj_mail_config *c, const char *game, const char *side_word,
		      const char *token, char *out, size_t len)
{
	const char *at = strchr(c->judge, '@');
	if (!at) {
		snprintf(out, len, "%s", c->judge);
		return;
	}
	snprintf(out, len, "%.*s+%s-%s-%s%s", (int)(at - c->judge), c->judge, game, side_word,
		 token, at);
}

void wj_judge_message_id(const struct wj_mail_config *c, const char *game, int entry,
			 const char *what, char *out, size_t len)
{
	const char *at = strchr(c->judge, '@');
	snprintf(out, len, "<ww.%s.%06d.%s%s>", game, entry, what, at ? at : "@wwjudge");
}

static bool ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || (unsigned char)*s < 0x20)
			return false;
	return true;
}

/* RFC 2047 for a header that is not plain ASCII. */
static void header_text(FILE *f, const char *name, const char *v)
{
	fprintf(f, "%s: ", name);
	if (ascii(v)) {
		fprintf(f, "%s\r\n", v);
		return;
	}
	size_t n = strlen(v);
	char b64[sodium_base64_ENCODED_LEN(45, sodium_base64_VARIANT_ORIGINAL)];
	for (size_t i = 0; i < n;) {
		size_t k = n - i < 45 ? n - i : 45;
		while (k < n - i && k > 1 && ((unsigned char)v[i + k] & 0xc0) == 0x80)
			k--; /* do not split a character */
		sodium_bin2base64(b64, sizeof b64, (const unsigned char *)v + i, k,
				  sodium_base64_VARIANT_ORIGINAL);
		fprintf(f, "%s=?UTF-8?B?%s?=", i ? "\r\n " : "", b64);
		i += k;
	}
	fputs("\r\n", f);
}

/* A subject on one line: every control character (a line break, a tab)
 * becomes a blank, whatever text it was made from (issue 12). */
static void header_subject(FILE *f, const char *subject)
{
	char one_line[512];
	snprintf(one_line, sizeof one_line, "%s", subject);
	for (char *p = one_line; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	header_text(f, "Subject", one_line);
}

/* A list of message ids, folded between ids. */
static void header_ids(FILE *f, const char *name, const char *ids)
{
	fprintf(f, "%s:", name);
	size_t col = strlen(name) + 1;
	for (const char *p = ids; *p;) {
		p += strspn(p, " \t");
		size_t n = strcspn(p, " \t");
		if (!n)
			break;
		if (col + n + 1 > 76 && col > strlen(name) + 1) {
			fputs("\r\n", f);
			col = 0;
		}
		fprintf(f, " %.*s", (int)n, p);
		col += n + 1;
		p += n;
	}
	fputs("\r\n", f);
}

static void now_date(char *out, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, len, "%a, %d %b %Y %H:%M:%S +0000", &tm);
}

/* The body as CRLF lines. */
static void body_crlf(FILE *f, const char *body)
{
	for (const char *p = body; *p; p++) {
		if (*p == '\n')
			fputc('\r', f);
		fputc(*p, f);
	}
}

/* RFC 5322 2.1.1: no line of a mail may be longer than 998 octets. */
#define MAIL_LINE_MAX 998

static bool has_long_line(const char *s)
{
	for (size_t n; *s; s += n + (s[n] == '\n'))
		if ((n = strcspn(s, "\n")) > MAIL_LINE_MAX)
			return true;
	return false;
}

/* Quoted-printable (RFC 2045 6.7) lines of at most 76 characters, each LF
 * of the body a line break. */
static void body_qp(FILE *f, const char *body)
{
	static const char hex[] = "0123456789ABCDEF";
	int col = 0;
	for (const unsigned char *p = (const unsigned char *)body; *p; p++) {
		if (*p == '\n') {
			fputs("\r\n", f);
			col = 0;
			continue;
		}
		bool blank_at_end = (*p == ' ' || *p == '\t') && (!p[1] || p[1] == '\n');
		bool literal = (*p >= 33 && *p <= 126 && *p != '=') ||
			       ((*p == ' ' || *p == '\t') && !blank_at_end);
		int w = literal ? 1 : 3;
		if (col + w > 75) {
			fputs("=\r\n", f);
			col = 0;
		}
		if (literal)
			fputc(*p, f);
		else
			fprintf(f, "=%c%c", hex[*p >> 4], hex[*p & 15]);
		col += w;
	}
}

/* The body's report form as the text part shows it, malloc'd; NULL out
 * of memory. */
static char *body_text(const char *form)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	int bad = wj_mail_text(f, form, strlen(form));
	if (fclose(f) || bad) {
		free(text);
		return NULL;
	}
	return text;
}

/* The text part, its header and its lines: 8bit as the text is, or
 * quoted-printable when a line of it would be longer than a mail's line
 * may be (a long line a player wrote; the judge's own are wrapped at
 * WJ_MAIL_WIDTH). malloc'd, NULL out of memory. */
static char *text_part(const char *form)
{
	char *part = NULL, *body = body_text(form);
	size_t len;
	FILE *f = body ? open_memstream(&part, &len) : NULL;
	if (!f) {
		free(body);
		return NULL;
	}
	bool qp = has_long_line(body);
	fprintf(f, "Content-Type: text/plain; charset=utf-8\r\n"
		   "Content-Transfer-Encoding: %s\r\n\r\n", qp ? "quoted-printable" : "8bit");
	if (qp)
		body_qp(f, body);
	else
		body_crlf(f, body);
	free(body);
	if (fclose(f)) {
		free(part);
		return NULL;
	}
	return part;
}

/* ---- the board, attached ---- */

#define B64_LINE 57 /* bytes that make one 76-column base64 line (RFC 2045 6.8) */

/* The game's name as it may stand in a file name and a MIME boundary. */
static void safe_name(const char *game, char *out, size_t len)
{
	size_t n = 0;
	for (const char *p = game && *game ? game : "game"; *p && n + 1 < len; p++)
		out[n++] = isalnum((unsigned char)*p) || strchr("._-", *p) ? *p : '_';
	out[n] = '\0';
}

/* The board as PNG bytes in memory, malloc'd. */
static unsigned char *board_drawn(const struct wj_mail_board *b, size_t *len)
{
	char *png = NULL, err[300] = "";
	FILE *f = open_memstream(&png, len);
	if (!f)
		return NULL;
	const struct wj_mail_view *v = b->view;
	int rc = game_board(v->game, f, v->d, v->view, v->side, b->last, err, sizeof err);
	if (fclose(f) != 0 || rc != 0) {
		wj_log(NULL, "the board of game %s for the %s player cannot be drawn: %s",
		       b->game ? b->game : "(unnamed)", wj_mail_side_name(v->game, v->side),
		       err[0] ? err : "out of memory");
		free(png);
		return NULL;
	}
	return (unsigned char *)png;
}

void wj_board_cache_free(struct wj_board_cache *c)
{
	free(c->key);
	free(c->png);
	*c = (struct wj_board_cache){ 0 };
}

/* What the board shows (game.h's board_key), malloc'd; NULL: no key. */
static char *board_key(const struct wj_mail_board *b, size_t *len)
{
	const struct wj_mail_view *v = b->view;
	char *key = NULL;
	if (!v->game->board_key)
		return NULL;
	FILE *f = open_memstream(&key, len);
	if (!f)
		return NULL;
	int rc = v->game->board_key(f, v->d, v->view, v->side, b->last);
	if (fclose(f) != 0 || rc != 0) {
		free(key);
		return NULL;
	}
	return key;
}

/* The board, drawn, or the cache's copy when it shows the same. */
static unsigned char *board_png(const struct wj_mail_board *b, size_t *len)
{
	struct wj_board_cache *c = b->cache;
	size_t keylen = 0;
	char *key = c ? board_key(b, &keylen) : NULL;
	if (key && c->png && keylen == c->keylen && !memcmp(key, c->key, keylen)) {
		unsigned char *copy = malloc(c->pnglen);
		if (copy)
			memcpy(copy, c->png, *len = c->pnglen);
		free(key);
		return copy;
	}
	unsigned char *png = board_drawn(b, len);
	char *kept = png && key ? malloc(*len) : NULL;
	if (kept) {
		wj_board_cache_free(c);
		memcpy(kept, png, *len);
		*c = (struct wj_board_cache){ key, kept, keylen, *len };
		return png;
	}
	free(key);
	return png;
}

static void base64_lines(FILE *f, const unsigned char *p, size_t n)
{
	char line[sodium_base64_ENCODED_LEN(B64_LINE, sodium_base64_VARIANT_ORIGINAL)];
	for (size_t i = 0; i < n; i += B64_LINE) {
		size_t k = n - i < B64_LINE ? n - i : B64_LINE;
		sodium_bin2base64(line, sizeof line, p + i, k, sodium_base64_VARIANT_ORIGINAL);
		fprintf(f, "%s\r\n", line);
	}
}

/* The HTML alternative: the body's report form as a page with the board
 * shown by its Content-ID (report_html.c). */
static int html_part(FILE *f, const struct wj_mail_out *o, const char *cid)
{
	char *html = NULL;
	size_t hlen;
	FILE *m = open_memstream(&html, &hlen);
	if (!m)
		return -1;
	wj_report_html(m, o->subject, o->body, strlen(o->body), cid);
	int bad = fclose(m);
	if (!bad) {
		fputs("Content-Type: text/html; charset=utf-8\r\n"
		      "Content-Transfer-Encoding: base64\r\n\r\n", f);
		base64_lines(f, (const unsigned char *)html, hlen);
	}
	free(html);
	return bad ? -1 : 0;
}

/* A boundary from the game and the move (never random, so a replay or a
 * resend gives the same bytes) that the text part does not hold, whatever
 * it holds (issue 20); base64 never holds "=_". The first that the text
 * lacks of "=_KIND.GAME.MOVE", then "=_KIND.GAME.MOVE.1=", ".2=", ...: no
 * one of the numbered ones begins another, so each place in the text holds
 * at most one of them, and one of the first strlen(text) + 1 is free. At
 * most 70 characters (RFC 2046 5.1.1): a long game name is cut. */
static void boundary_for(const char *kind, const char *game, unsigned move, const char *text,
			 char *out, size_t len)
{
	int n = snprintf(out, len, "=_%s.%.40s.%u", kind, game, move);
	for (unsigned long i = 1; strstr(text, out) && n > 0 && (size_t)n < len; i++)
		snprintf(out + n, len - (size_t)n, ".%lu=", i);
}

/* The text and its HTML alternative, then the board, which the HTML shows
 * by its Content-ID and a text reader finds attached. */
static int multipart(FILE *f, const struct wj_mail_out *o)
{
	const struct wj_mail_board *b = o->board;
	char game[WJ_GAME_NAME], file[WJ_GAME_NAME + 32], mixed[80], alt[80], cid[WJ_GAME_NAME + 48];
	unsigned move = b->view->game->move(b->view->view);
	size_t len;
	safe_name(b->game, game, sizeof game);
	snprintf(file, sizeof file, "board-%s-%u.png", game, move);
	snprintf(cid, sizeof cid, "board.%s.%u@wwjudge", game, move);
	char *text = text_part(o->body);
	if (!text)
		return -1;
	boundary_for("ww", game, move, text, mixed, sizeof mixed);
	boundary_for("wa", game, move, text, alt, sizeof alt);
	unsigned char *png = board_png(b, &len);
	if (!png) {
		free(text);
		return -1;
	}
	fprintf(f, "Content-Type: multipart/mixed; boundary=\"%s\"\r\n\r\n"
		   "The report is the text part; the board is the PNG picture attached.\r\n"
		   "--%s\r\nContent-Type: multipart/alternative; boundary=\"%s\"\r\n\r\n"
		   "--%s\r\n%s", mixed, mixed, alt, alt, text);
	free(text);
	fprintf(f, "\r\n--%s\r\n", alt);
	int rc = html_part(f, o, cid);
	fprintf(f, "\r\n--%s--\r\n\r\n--%s\r\nContent-Type: image/png; name=\"%s\"\r\n"
		   "Content-Disposition: attachment; filename=\"%s\"\r\nContent-ID: <%s>\r\n"
		   "Content-Transfer-Encoding: base64\r\n\r\n", alt, mixed, file, file, cid);
	base64_lines(f, png, len);
	fprintf(f, "\r\n--%s--\r\n", mixed);
	free(png);
	return rc;
}

char *wj_mail_compose(const struct wj_mail_config *c, const struct wj_mail_out *o, size_t *len)
{
	char *text = NULL, date[64];
	FILE *f = open_memstream(&text, len);
	if (!f)
		return NULL;
	if (!o->date || !*o->date)
		now_date(date, sizeof date);
	fprintf(f, "From: \"%s\" <%s>\r\n", c->from_name, c->judge);
	fprintf(f, "To: <%s>\r\n", o->to);
	if (o->reply_to)
		fprintf(f, "Reply-To: <%s>\r\n", o->reply_to);
	header_subject(f, o->subject);
	fprintf(f, "Date: %s\r\n", o->date && *o->date ? o->date : date);
	fprintf(f, "Message-ID: %s\r\n", o->message_id);
	if (o->in_reply_to && *o->in_reply_to)
		fprintf(f, "In-Reply-To: %s\r\n", o->in_reply_to);
	if (o->references && *o->references)
		header_ids(f, "References", o->references);
	fputs("Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n", f);
	int rc = 0;
	if (o->board && o->board->view->game->board) { /* a game may draw none */
		rc = multipart(f, o);
	} else {
		char *part = text_part(o->body);
		rc = part ? fputs(part, f) < 0 : -1;
		free(part);
	}
	if (fclose(f) != 0 || rc != 0) {
		free(text);
		return NULL;
	}
	return text;
}
