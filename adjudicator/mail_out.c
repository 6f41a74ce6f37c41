/* The mails the judge writes (mail.h: the outbox format): plain UTF-8
 * text, CRLF line ends, threaded, marked Auto-Submitted (RFC 3834) so that
 * vacation responders leave them alone. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mail_internal.h"

void ww_reply_address(const struct ww_mail_config *c, const char *game, enum ww_side side,
		      const char *token, char *out, size_t len)
{
	const char *at = strchr(c->judge, '@');
	if (!at) {
		snprintf(out, len, "%s", c->judge);
		return;
	}
	snprintf(out, len, "%.*s+%s-%s-%s%s", (int)(at - c->judge), c->judge, game,
		 side == WW_AMERICAN ? "american" : "british", token, at);
}

void ww_judge_message_id(const struct ww_mail_config *c, const char *game, int entry,
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

char *ww_mail_compose(const struct ww_mail_config *c, const struct ww_mail_out *o, size_t *len)
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
	header_text(f, "Subject", o->subject);
	fprintf(f, "Date: %s\r\n", o->date && *o->date ? o->date : date);
	fprintf(f, "Message-ID: %s\r\n", o->message_id);
	if (o->in_reply_to && *o->in_reply_to)
		fprintf(f, "In-Reply-To: %s\r\n", o->in_reply_to);
	if (o->references && *o->references)
		header_ids(f, "References", o->references);
	fputs("Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"
	      "Content-Type: text/plain; charset=utf-8\r\n"
	      "Content-Transfer-Encoding: 8bit\r\n\r\n", f);
	for (const char *p = o->body; *p; p++) {
		if (*p == '\n')
			fputc('\r', f);
		fputc(*p, f);
	}
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}
