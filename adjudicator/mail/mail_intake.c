/* Intake of one order mail (docs/mail.md): libetpan parses the headers and
 * the MIME tree; the first text/plain part is the body (else the first
 * text/html, reduced to text), decoded and converted to UTF-8 with LF line
 * ends. Only the "#orders" ... "#end" block of that body is read. */
#include <ctype.h>
#include <libetpan/libetpan.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "buf.h"
#include "games.h"
#include "mail_internal.h"
#include "text.h"

/* Every header value is kept as valid UTF-8 (text.h). */
static void copy(char *out, size_t len, const char *s)
{
	wj_text_clean(out, len, s ? s : "", s ? strlen(s) : 0);
}

/* A Message-ID, a From or a field the judge repeats on stderr, in a
 * header or in a reply, with each control character (C0, DEL, C1), line
 * break, blank and change of writing direction as '_': a forger's
 * escape sequences and line breaks never reach a terminal, a header or a
 * mail (issue 20); blanks too unless `blanks`. */
static void copy_id(char *out, size_t len, const char *s, bool blanks)
{
	char clean[1024];
	size_t n = wj_text_clean(clean, sizeof clean, s ? s : "", s ? strlen(s) : 0), o = 0;
	for (size_t i = 0, k; i < n && o + 1 < len; i += k) {
		uint32_t cp;
		k = wj_text_char(clean + i, n - i, &cp);
		bool bidi = (cp >= 0x200e && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
			    (cp >= 0x2066 && cp <= 0x2069);
		if ((!blanks && cp == ' ') || cp == '\t' || bidi || !wj_text_plain(cp)) {
			out[o++] = '_';
		} else {
			if (o + k >= len)
				break;
			memcpy(out + o, clean + i, k);
			o += k;
		}
	}
	out[o] = '\0';
}

static void add_to(struct wj_mail_in *m, const char *addr)
{
	if (addr && *addr && m->nto < WJ_MAIL_TO)
		copy(m->to[m->nto++], sizeof m->to[0], addr);
}

/* ---- headers ---- */

static void mailbox_list(struct wj_mail_in *m, struct mailimf_mailbox_list *l)
{
	if (!l)
		return;
	for (clistiter *i = clist_begin(l->mb_list); i; i = clist_next(i))
		add_to(m, ((struct mailimf_mailbox *)clist_content(i))->mb_addr_spec);
}

static void address_list(struct wj_mail_in *m, struct mailimf_address_list *l)
{
	if (!l)
		return;
	for (clistiter *i = clist_begin(l->ad_list); i; i = clist_next(i)) {
		struct mailimf_address *a = clist_content(i);
		if (a->ad_type == MAILIMF_ADDRESS_MAILBOX)
			add_to(m, a->ad_data.ad_mailbox->mb_addr_spec);
		else if (a->ad_data.ad_group)
			mailbox_list(m, a->ad_data.ad_group->grp_mb_list);
	}
}

static void id_list(char *out, size_t len, clist *ids)
{
	size_t o = strlen(out);
	for (clistiter *i = ids ? clist_begin(ids) : NULL; i; i = clist_next(i)) {
		char id[600];
		copy_id(id, sizeof id, clist_content(i), false);
		int k = snprintf(out + o, len - o, "%s<%s>", o ? " " : "", id);
		if (k < 0 || (size_t)k >= len - o) {
			out[o] = '\0';
			return;
		}
		o += (size_t)k;
	}
}

static void date_text(char *out, size_t len, const struct mailimf_date_time *d)
{
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
					   "Aug", "Sep", "Oct", "Nov", "Dec" };
	if (d->dt_month < 1 || d->dt_month > 12)
		return;
	int z = d->dt_zone < 0 ? -d->dt_zone : d->dt_zone;
	snprintf(out, len, "%d %s %04d %02d:%02d:%02d %c%04d", d->dt_day, mon[d->dt_month - 1],
		 d->dt_year, d->dt_hour, d->dt_min, d->dt_sec, d->dt_zone < 0 ? '-' : '+', z);
}

static void subject_text(struct wj_mail_in *m, const char *raw)
{
	size_t idx = 0;
	char *dec = NULL;
	if (mailmime_encoded_phrase_parse("utf-8", raw, strlen(raw), &idx, "utf-8", &dec) ==
	    MAILIMF_NO_ERROR && dec) {
		copy(m->subject, sizeof m->subject, dec);
		free(dec);
	} else {
		copy(m->subject, sizeof m->subject, raw);
	}
}

/* A return path no one answers: a bounce's empty one, a mail system's,
 * a mailing list's (RFC 3834 2). */
static bool unanswerable_path(const char *v)
{
	char a[WJ_ADDR_MAX];
	copy(a, sizeof a, v + strspn(v, " \t<"));
	a[strcspn(a, "@> \t\r\n")] = '\0';
	size_t n = strlen(a);
	return !n || !strcasecmp(a, "mailer-daemon") || !strcasecmp(a, "postmaster") ||
	       !strncasecmp(a, "owner-", 6) || (n > 8 && !strcasecmp(a + n - 8, "-request"));
}

/* Auto-Submitted other than "no", Precedence bulk, list or junk, any
 * List-* field, an unanswerable Return-Path: mail the judge never
 * answers (RFC 3834 2), so that no two machines answer each other. */
static bool automatic_field(const char *name, const char *value)
{
	const char *v = value + strspn(value, " \t");
	size_t w = strcspn(v, " \t;(\r\n");
	if (!strcasecmp(name, "Auto-Submitted"))
		return !(w == 2 && !strncasecmp(v, "no", 2));
	if (!strcasecmp(name, "Precedence"))
		return (w == 4 && (!strncasecmp(v, "bulk", 4) || !strncasecmp(v, "junk", 4) ||
				   !strncasecmp(v, "list", 4)));
	if (!strcasecmp(name, "Return-Path"))
		return unanswerable_path(v);
	return !strncasecmp(name, "List-", 5);
}

static void optional_field(struct wj_mail_in *m, struct mailimf_optional_field *f)
{
	static const char *const names[] = { "Delivered-To", "X-Original-To", "Envelope-To",
					     "X-Envelope-To" };
	if (!m->automatic[0] && automatic_field(f->fld_name, f->fld_value)) {
		char said[sizeof m->automatic];
		snprintf(said, sizeof said, "%s: %.120s", f->fld_name,
			 f->fld_value + strspn(f->fld_value, " \t"));
		said[strcspn(said, "\r\n")] = '\0'; /* one line on stderr */
		copy_id(m->automatic, sizeof m->automatic, said, true);
	}
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		if (strcasecmp(f->fld_name, names[i]))
			continue;
		char a[WJ_ADDR_MAX];
		const char *v = f->fld_value + strspn(f->fld_value, " \t<");
		copy(a, sizeof a, v);
		a[strcspn(a, "> \t\r\n")] = '\0';
		add_to(m, a);
	}
}

static void header_field(struct wj_mail_in *m, struct mailimf_field *f, char *irt, size_t irtlen)
{
	switch (f->fld_type) {
	case MAILIMF_FIELD_FROM:
		if (!m->from[0] && f->fld_data.fld_from->frm_mb_list) {
			clistiter *i = clist_begin(f->fld_data.fld_from->frm_mb_list->mb_list);
			if (i)
				copy_id(m->from, sizeof m->from,
					((struct mailimf_mailbox *)clist_content(i))->mb_addr_spec, false);
		}
		break;
	case MAILIMF_FIELD_TO:
		address_list(m, f->fld_data.fld_to->to_addr_list);
		break;
	case MAILIMF_FIELD_CC:
		address_list(m, f->fld_data.fld_cc->cc_addr_list);
		break;
	case MAILIMF_FIELD_MESSAGE_ID: {
		char id[512];
		snprintf(id, sizeof id, "<%.500s>", f->fld_data.fld_message_id->mid_value);
		copy_id(m->message_id, sizeof m->message_id, id, false);
		break;
	}
	case MAILIMF_FIELD_SUBJECT:
		subject_text(m, f->fld_data.fld_subject->sbj_value);
		break;
	case MAILIMF_FIELD_ORIG_DATE:
		date_text(m->date, sizeof m->date, f->fld_data.fld_orig_date->dt_date_time);
		break;
	case MAILIMF_FIELD_REFERENCES:
		id_list(m->references, sizeof m->references, f->fld_data.fld_references->mid_list);
		break;
	case MAILIMF_FIELD_IN_REPLY_TO:
		id_list(irt, irtlen, f->fld_data.fld_in_reply_to->mid_list);
		break;
	case MAILIMF_FIELD_OPTIONAL_FIELD:
		optional_field(m, f->fld_data.fld_optional_field);
		break;
	default:
		break;
	}
}

/* Delivered-To and friends first: they name the address this copy came to. */
static void headers(struct wj_mail_in *m, struct mailimf_fields *fields)
{
	char irt[512] = "";
	for (int pass = 0; pass < 2; pass++) {
		for (clistiter *i = clist_begin(fields->fld_list); i; i = clist_next(i)) {
			struct mailimf_field *f = clist_content(i);
			if ((f->fld_type == MAILIMF_FIELD_OPTIONAL_FIELD) == (pass == 0))
				header_field(m, f, irt, sizeof irt);
		}
	}
	char refs[sizeof m->references];
	copy(refs, sizeof refs, m->references[0] ? m->references : irt);
	memcpy(m->references, refs, sizeof refs);
}

/* ---- the body ---- */

static bool is_attachment(struct mailmime *mime)
{
	if (!mime->mm_mime_fields)
		return false;
	for (clistiter *i = clist_begin(mime->mm_mime_fields->fld_list); i; i = clist_next(i)) {
		struct mailmime_field *f = clist_content(i);
		if (f->fld_type == MAILMIME_FIELD_DISPOSITION && f->fld_data.fld_disposition &&
		    f->fld_data.fld_disposition->dsp_type->dsp_type ==
		    MAILMIME_DISPOSITION_TYPE_ATTACHMENT)
			return true;
	}
	return false;
}

/* No Content-Type, or "text" without a subtype (which libetpan names
 * "unknown"): text/plain (RFC 2045 5.2). */
static bool is_text(struct mailmime *mime, const char *subtype)
{
	struct mailmime_content *c = mime->mm_content_type;
	if (!c)
		return !strcmp(subtype, "plain");
	return c->ct_type && c->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
	       c->ct_type->tp_data.tp_discrete_type->dt_type == MAILMIME_DISCRETE_TYPE_TEXT &&
	       c->ct_subtype && (!strcasecmp(c->ct_subtype, subtype) ||
				 (!strcmp(subtype, "plain") &&
				  !strcasecmp(c->ct_subtype, "unknown")));
}

/* ---- boundaries given by RFC 2231 ---- */

/* A multipart whose boundary is given RFC 2231-style (boundary*=us-ascii''XyZ,
 * or in sections, boundary*0*=..., boundary*1=...) is one opaque part to
 * libetpan, which reads only boundary=. Its body is parsed again under a
 * plain boundary=; the parses are kept here until the mail is read. */
#define REPARSE_MAX 8

struct reparse {
	struct mailmime *opaque[REPARSE_MAX];  /* the part libetpan could not open */
	struct mailmime *whole[REPARSE_MAX];   /* its body parsed again, to free */
	struct mailmime *multi[REPARSE_MAX];   /* the multipart in it */
	char *wire[REPARSE_MAX];
	int n;
};

static const char *content_param(struct mailmime_content *c, const char *name)
{
	for (clistiter *i = clist_begin(c->ct_parameters); i; i = clist_next(i)) {
		struct mailmime_parameter *p = clist_content(i);
		if (p->pa_name && !strcasecmp(p->pa_name, name))
			return p->pa_value ? p->pa_value : "";
	}
	return NULL;
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* One section's value onto out: an extended one (its name ends in '*')
 * percent-decoded, after the charset'language' that the first one
 * begins with (RFC 2231 3, 4). */
static int boundary_section(const char *v, bool extended, bool first, char *out, size_t len)
{
	size_t o = strlen(out);
	if (extended && first) {
		const char *q = strchr(v, '\'');
		if (!q || !(q = strchr(q + 1, '\'')))
			return -1;
		v = q + 1;
	}
	for (; *v; v++) {
		char c = *v;
		if (extended && c == '%') {
			int hi = hex_digit(v[1]), lo = hi < 0 ? -1 : hex_digit(v[2]);
			if (lo < 0)
				return -1;
			c = (char)(hi << 4 | lo);
			v += 2;
		}
		if (o + 1 >= len)
			return -1;
		out[o++] = c;
	}
	out[o] = '\0';
	return 0;
}

/* The RFC 2231 boundary of c in out, checked as RFC 2046 5.1.1 allows
 * one (1 to 70 of its characters, not ending in a blank): 0, or -1. */
static int boundary_2231(struct mailmime_content *c, char *out, size_t len)
{
	const char *v = content_param(c, "boundary*");
	out[0] = '\0';
	if (v) {
		if (boundary_section(v, true, true, out, len))
			return -1;
	} else {
		for (int k = 0; k < 64; k++) {
			char name[32];
			snprintf(name, sizeof name, "boundary*%d*", k);
			bool extended = (v = content_param(c, name)) != NULL;
			name[strlen(name) - 1] = '\0';
			if (!extended && !(v = content_param(c, name)))
				break;
			if (boundary_section(v, extended, k == 0, out, len))
				return -1;
		}
	}
	size_t n = strlen(out);
	if (!n || n > 70 || out[n - 1] == ' ' ||
	    strspn(out, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		   "'()+_,-./:=? ") != n)
		return -1;
	return 0;
}

static bool is_multipart(struct mailmime_content *c)
{
	return c && c->ct_type && c->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
	       c->ct_type->tp_data.tp_composite_type->ct_type ==
	       MAILMIME_COMPOSITE_TYPE_MULTIPART;
}

/* The multipart an opaque part is, parsed again, or NULL. */
static struct mailmime *reparsed(struct reparse *r, struct mailmime *part)
{
	char boundary[80];
	struct mailmime_data *data = part->mm_data.mm_single;
	if (!is_multipart(part->mm_content_type) || content_param(part->mm_content_type,
								   "boundary") ||
	    !data || data->dt_type != MAILMIME_DATA_TEXT ||
	    boundary_2231(part->mm_content_type, boundary, sizeof boundary))
		return NULL;
	for (int i = 0; i < r->n; i++)
		if (r->opaque[i] == part)
			return r->multi[i];
	if (r->n == REPARSE_MAX)
		return NULL;
	char head[200];
	int hl = snprintf(head, sizeof head, "Content-Type: multipart/%s; boundary=\"%s\"\r\n\r\n",
			  part->mm_content_type->ct_subtype, boundary);
	size_t blen = data->dt_data.dt_text.dt_length, idx = 0;
	char *wire = hl > 0 && (size_t)hl < sizeof head ? malloc((size_t)hl + blen + 1) : NULL;
	struct mailmime *mime = NULL;
	if (!wire)
		return NULL;
	memcpy(wire, head, (size_t)hl);
	memcpy(wire + hl, data->dt_data.dt_text.dt_data, blen);
	wire[(size_t)hl + blen] = '\0';
	if (mailmime_parse(wire, (size_t)hl + blen, &idx, &mime) != MAILIMF_NO_ERROR || !mime) {
		free(wire);
		return NULL;
	}
	r->opaque[r->n] = part;
	r->whole[r->n] = mime;
	r->wire[r->n] = wire;
	r->multi[r->n] = mime->mm_type == MAILMIME_MESSAGE ?
			 mime->mm_data.mm_message.mm_msg_mime : mime;
	return r->multi[r->n++];
}

static void reparse_free(struct reparse *r)
{
	for (int i = 0; i < r->n; i++) {
		mailmime_free(r->whole[i]);
		free(r->wire[i]);
	}
}

/* Depth first, not into attached messages (a forwarded mail is not the
 * sender's orders). */
static struct mailmime *find_part(struct reparse *r, struct mailmime *mime, const char *subtype)
{
	if (mime->mm_type == MAILMIME_SINGLE) {
		struct mailmime *multi = reparsed(r, mime);
		if (multi)
			return find_part(r, multi, subtype);
		return !is_attachment(mime) && is_text(mime, subtype) ? mime : NULL;
	}
	if (mime->mm_type != MAILMIME_MULTIPLE)
		return NULL;
	for (clistiter *i = clist_begin(mime->mm_data.mm_multipart.mm_mp_list); i;
	     i = clist_next(i)) {
		struct mailmime *found = find_part(r, clist_content(i), subtype);
		if (found)
			return found;
	}
	return NULL;
}

static bool valid_utf8(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k) {
		uint32_t cp;
		if ((k = wj_text_char(s + i, n - i, &cp)) == 1 && cp == 0xfffd)
			return false;
	}
	return true;
}

/* UTF-8, malloc'd. A part whose charset will not convert is kept if it is
 * already UTF-8, else read as Windows-1252 (what mislabelled mail is). */
static char *to_utf8(const char *s, size_t n, const char *charset, size_t *outlen)
{
	char *conv = NULL, *out;
	bool native = !charset || !strcasecmp(charset, "utf-8") || !strcasecmp(charset, "us-ascii");
	if ((!native && charconv("utf-8", charset, s, n, &conv) == MAIL_CHARCONV_NO_ERROR &&
	     conv) ||
	    (!valid_utf8(s, n) &&
	     charconv("utf-8", "windows-1252", s, n, &conv) == MAIL_CHARCONV_NO_ERROR && conv)) {
		*outlen = strlen(conv);
		out = strdup(conv);
		free(conv);
		return out;
	}
	free(conv);
	if ((out = malloc(3 * n + 1))) /* a bad byte becomes U+FFFD, 3 bytes */
		*outlen = wj_text_clean(out, 3 * n + 1, s, n);
	return out;
}

/* LF line ends; no-break and zero-width spaces as a typist means them. */
static size_t normalise(char *s, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\r') {
			if (i + 1 < n && s[i + 1] == '\n')
				continue;
			s[o++] = '\n';
		} else if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] == 0xa0) {
			s[o++] = ' ';
			i++;
		} else if (c == 0xe2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
			   (unsigned char)s[i + 2] == 0x8b) {
			i += 2;
		} else if (c == 0xef && i + 2 < n && (unsigned char)s[i + 1] == 0xbb &&
			   (unsigned char)s[i + 2] == 0xbf) {
			i += 2;
		} else if (c != 0) {
			s[o++] = s[i];
		}
	}
	s[o] = '\0';
	return o;
}

/* RFC 3676, line by line: outside quotes, a first space is space-stuffing
 * and goes (4.4), and a line ending in a space is flowed: it continues on
 * the next line, without that space with DelSp=yes (4.2). A fixed line (a
 * blank one too) ends the paragraph, and so do a quoted line (its depth
 * differs, 4.5) and the signature separator, which is never flowed (4.3).
 * Quoted lines are left as they are: they are not read. */
static size_t unflow(char *s, size_t n, bool delsp)
{
	size_t o = 0;
	bool joining = false; /* the line before was flowed */
	for (size_t i = 0; i < n;) {
		size_t end = i;
		while (end < n && s[end] != '\n')
			end++;
		bool quoted = s[i] == '>';
		size_t from = i + (!quoted && s[i] == ' ');
		size_t len = end - from;
		bool sig = !quoted && len == 3 && !strncmp(s + from, "-- ", 3);
		bool flowed = !quoted && !sig && len && s[end - 1] == ' ';
		if (joining && (quoted || sig))
			s[o++] = '\n';
		memmove(s + o, s + from, len);
		o += len - (flowed && delsp);
		if (!flowed && end < n)
			s[o++] = '\n';
		joining = flowed;
		i = end + 1;
	}
	s[o] = '\0';
	return o;
}

static int part_text(struct wj_mail_in *m, struct mailmime *part, bool html,
		     char *err, size_t errlen)
{
	struct mailmime_data *data = part->mm_data.mm_single;
	char *dec = NULL, *text = NULL;
	size_t idx = 0, declen = 0, len = 0;
	if (!data || data->dt_type != MAILMIME_DATA_TEXT) {
		wj_why(err, errlen, "the text part of the mail is empty");
		return -1;
	}
	if (data->dt_data.dt_text.dt_length > 2 * (size_t)WJ_PART_MAX_BYTES) {
		wj_why(err, errlen, "the text part is larger than %u bytes", WJ_PART_MAX_BYTES);
		return -1;
	}
	if (mailmime_part_parse(data->dt_data.dt_text.dt_data, data->dt_data.dt_text.dt_length,
				&idx, data->dt_encoded ? data->dt_encoding : MAILMIME_MECHANISM_8BIT,
				&dec, &declen) != MAILIMF_NO_ERROR) {
		wj_why(err, errlen, "the text part cannot be decoded");
		return -1;
	}
	if (declen > WJ_PART_MAX_BYTES) {
		mmap_string_unref(dec);
		wj_why(err, errlen, "the text part is larger than %u bytes", WJ_PART_MAX_BYTES);
		return -1;
	}
	const char *charset = part->mm_content_type ?
		mailmime_content_charset_get(part->mm_content_type) : NULL;
	text = to_utf8(dec, declen, charset, &len);
	mmap_string_unref(dec);
	if (!text) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	len = normalise(text, len);
	if (html) {
		size_t n;
		char *t = wj_html_to_text(text, len, &n);
		free(text);
		if (!(text = t)) {
			wj_why(err, errlen, "out of memory");
			return -1;
		}
		len = n;
	} else if (part->mm_content_type) {
		const char *fmt = mailmime_content_param_get(part->mm_content_type, "format");
		const char *delsp = mailmime_content_param_get(part->mm_content_type, "delsp");
		if (fmt && !strcasecmp(fmt, "flowed"))
			len = unflow(text, len, delsp && !strcasecmp(delsp, "yes"));
	}
	m->text = text;
	m->textlen = len;
	return 0;
}

/* Bare LF to CRLF: libetpan is written for the wire form. */
static char *crlf(const char *msg, size_t len, size_t *outlen)
{
	char *out = malloc(2 * len + 1);
	size_t o = 0;
	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (msg[i] == '\n' && (i == 0 || msg[i - 1] != '\r'))
			out[o++] = '\r';
		out[o++] = msg[i];
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

/* The mail's hash, its line ends read as LF whether it came with CRLF
 * (IMAP) or LF (a pipe, a Maildir): it names the mail's exact bytes, and
 * stands in for a missing Message-ID, so a redelivery is still recognised. */
static void hash_mail(struct wj_mail_in *m, const char *msg, size_t len)
{
	unsigned char h[16];
	char hex[33];
	crypto_generichash_state st;
	crypto_generichash_init(&st, NULL, 0, sizeof h);
	for (size_t i = 0, from = 0; i <= len; i++) {
		if (i < len && !(msg[i] == '\r' && i + 1 < len && msg[i + 1] == '\n'))
			continue;
		crypto_generichash_update(&st, (const unsigned char *)msg + from, i - from);
		from = i + 1;
	}
	crypto_generichash_final(&st, h, sizeof h);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	snprintf(m->mail_hash, sizeof m->mail_hash, "<%s@hash.wwjudge>", hex);
}

int wj_mail_parse(const char *msg, size_t len, struct wj_mail_in *m, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	size_t wlen, idx = 0;
	char *wire = crlf(msg, len, &wlen);
	struct mailimf_fields *fields = NULL;
	struct mailmime *mime = NULL;
	struct reparse again = { .n = 0 };
	int rc = -1;
	if (!wire) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	if (mailimf_envelope_and_optional_fields_parse(wire, wlen, &idx, &fields) !=
	    MAILIMF_NO_ERROR || !fields) {
		wj_why(err, errlen, "not a mail message: the header does not parse");
		goto out;
	}
	headers(m, fields);
	hash_mail(m, msg, len);
	if (!m->message_id[0])
		copy(m->message_id, sizeof m->message_id, m->mail_hash);
	idx = 0;
	if (mailmime_parse(wire, wlen, &idx, &mime) != MAILIMF_NO_ERROR || !mime) {
		wj_why(err, errlen, "the MIME structure of the mail does not parse");
		goto out;
	}
	struct mailmime *body = mime->mm_type == MAILMIME_MESSAGE ?
		mime->mm_data.mm_message.mm_msg_mime : mime;
	struct mailmime *part = body ? find_part(&again, body, "plain") : NULL;
	bool html = false;
	if (!part && body && (part = find_part(&again, body, "html")))
		html = true;
	if (!part) {
		wj_why(err, errlen, "the mail has no text part (text/plain or text/html)");
		goto out;
	}
	rc = part_text(m, part, html, err, errlen);
out:
	if (fields)
		mailimf_fields_free(fields);
	if (mime)
		mailmime_free(mime);
	reparse_free(&again);
	free(wire);
	return rc;
}

void wj_mail_in_free(struct wj_mail_in *m)
{
	free(m->text);
	m->text = NULL;
}

/* ---- HTML to text ---- */

struct sink {
	char *s;
	size_t n, cap;
	int quote;       /* <blockquote> depth */
	bool bol;        /* at the beginning of a line */
};

static void put(struct sink *k, char c)
{
	if (k->n + 8 >= k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 4096;
		char *s = realloc(k->s, cap);
		if (!s)
			return;
		k->s = s;
		k->cap = cap;
	}
	if (c == '\n') {
		k->s[k->n++] = c;
		k->bol = true;
		return;
	}
	if (k->bol && k->quote) {
		for (int i = 0; i < k->quote && k->n + 8 < k->cap; i++)
			k->s[k->n++] = '>';
		k->s[k->n++] = ' ';
	}
	k->bol = false;
	k->s[k->n++] = c;
}

static void put_utf8(struct sink *k, unsigned long cp)
{
	char u[4];
	if (cp == 0xa0)
		cp = ' ';
	if (cp >= 0xd800 && cp <= 0xdfff) /* &#xD800; is no character */
		cp = 0xfffd;
	for (size_t i = 0, n = wj_text_utf8((uint32_t)cp, u); i < n; i++)
		put(k, u[i]);
}

/* &amp; &lt; &gt; &quot; &apos; &nbsp; &#NN; &#xNN; */
static size_t entity(struct sink *k, const char *s, size_t n)
{
	static const struct { const char *name; unsigned long cp; } names[] = {
		{ "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' }, { "quot;", '"' },
		{ "apos;", '\'' }, { "nbsp;", ' ' }, { "#39;", '\'' },
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		size_t l = strlen(names[i].name);
		if (n > l && !strncasecmp(s + 1, names[i].name, l)) {
			put(k, (char)names[i].cp);
			return l + 1;
		}
	}
	if (n > 3 && s[1] == '#') {
		char *end;
		bool hex = s[2] == 'x' || s[2] == 'X';
		unsigned long cp = strtoul(s + (hex ? 3 : 2), &end, hex ? 16 : 10);
		if (end < s + n && *end == ';' && cp > 0 && cp < 0x10000) {
			put_utf8(k, cp);
			return (size_t)(end - s) + 1;
		}
	}
	put(k, '&');
	return 1;
}

static bool tag_is(const char *name, size_t len, const char *want)
{
	return strlen(want) == len && !strncasecmp(name, want, len);
}

/* Handles the tag at s ('<'); returns its length. */
static size_t tag(struct sink *k, const char *s, size_t n, bool *skip)
{
	const char *gt = memchr(s, '>', n);
	size_t len = gt ? (size_t)(gt - s) + 1 : n;
	bool close = len > 1 && s[1] == '/';
	const char *name = s + 1 + close;
	size_t nl = 0;
	while (name + nl < s + len && (isalnum((unsigned char)name[nl])))
		nl++;
	static const char *const block[] = { "br", "p", "div", "li", "tr", "h1", "h2", "h3",
					     "h4", "pre", "table", "ul", "ol" };
	if (tag_is(name, nl, "style") || tag_is(name, nl, "script") || tag_is(name, nl, "head"))
		*skip = !close;
	else if (tag_is(name, nl, "blockquote")) {
		if (!k->bol)
			put(k, '\n');
		k->quote += close ? (k->quote > 0 ? -1 : 0) : 1;
	} else {
		for (size_t i = 0; i < sizeof block / sizeof *block; i++)
			if (tag_is(name, nl, block[i]) && (!close || strcmp(block[i], "br")) &&
			    (!k->bol || tag_is(name, nl, "br")))
				put(k, '\n');
	}
	return len;
}

char *wj_html_to_text(const char *html, size_t len, size_t *outlen)
{
	struct sink k = { .bol = true };
	bool skip = false, space = false;
	for (size_t i = 0; i < len;) {
		char c = html[i];
		if (c == '<') {
			if (!strncmp(html + i, "<!--", 4)) {
				const char *end = strstr(html + i, "-->");
				i = end ? (size_t)(end - html) + 3 : len;
				continue;
			}
			i += tag(&k, html + i, len - i, &skip);
			space = false;
			continue;
		}
		i++;
		if (skip)
			continue;
		if (c == '\n' || c == '\t' || c == ' ') { /* HTML white space collapses */
			space = !k.bol;
			continue;
		}
		if (space)
			put(&k, ' ');
		space = false;
		if (c == '&')
			i += entity(&k, html + i - 1, len - i + 1) - 1;
		else
			put(&k, c);
	}
	put(&k, '\n');
	if (!k.s)
		return NULL;
	k.s[k.n] = '\0';
	*outlen = k.n;
	return k.s;
}

/* ---- the order block ---- */

static bool key_line(struct wj_order_block *b, const char *line)
{
	static const char *const keys[] = { "password", "token", "game", "side" };
	char *const fields[] = { b->password, b->token, b->game, b->side };
	const size_t sizes[] = { sizeof b->password, sizeof b->token, sizeof b->game,
				 sizeof b->side };
	for (int i = 0; i < 4; i++) {
		size_t n = strlen(keys[i]);
		const char *p = line + n;
		if (strncasecmp(line, keys[i], n))
			continue;
		p += strspn(p, " \t");
		if (*p != ':')
			continue;
		p++;
		p += strspn(p, " \t");
		snprintf(fields[i], sizes[i], "%s", p);
		return true;
	}
	return false;
}

/* "word: value" that is no key of the block: a misspelt "password:"
 * perhaps, so its text is never kept, logged or repeated (issue 11). */
static bool unknown_key(const char *line)
{
	size_t n = strspn(line, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
	return n > 0 && line[n + strspn(line + n, " \t")] == ':';
}

static bool is_signature(const char *line)
{
	return !strcmp(line, "-- ") || !strcmp(line, "--");
}

/* A line that begins with a word like "password" ("Password crown",
 * "passwd=crown", "pasword crown") but is no "password:" line: it may
 * hold the password, so its text is never kept, logged or repeated
 * (issue 20). No order of any game begins with such a word. */
bool wj_password_like(const char *t)
{
	static const char *const starts[] = { "passw", "pasw", "passphrase", "pwd" };
	size_t n = strspn(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
	for (size_t i = 0; i < sizeof starts / sizeof *starts; i++)
		if (n >= strlen(starts[i]) && !strncasecmp(t, starts[i], strlen(starts[i])))
			return true;
	return false;
}

static void block_line(struct wj_order_block *b, const char *t, int lineno)
{
	if (!*t || *t == '#' || key_line(b, t))
		return;
	if (wj_password_like(t)) {
		b->password_line = true;
		if (!b->problem[0])
			snprintf(b->problem, sizeof b->problem, "line %d of the mail begins like a "
				 "password line but is not 'password: ...'; no order of the mail "
				 "was read, logged or kept, and the line is not repeated: write "
				 "'password: ' and your password, and send the orders again", lineno);
		return;
	}
	if (unknown_key(t)) {
		if (!b->problem[0])
			snprintf(b->problem, sizeof b->problem, "line %d of the mail looks like a key "
				 "('word: ...') but is not password:, token:, game: or side: "
				 "(misspelt?); it is not repeated or logged, in case it holds "
				 "your password: correct it and send the orders again", lineno);
		return;
	}
	if (b->nraw == WJ_BLOCK_LINES || strlen(t) >= WJ_MAIL_LINE) {
		snprintf(b->problem, sizeof b->problem, b->nraw == WJ_BLOCK_LINES ?
			 "more than %d lines in the order block" : "an order is longer than %d "
			 "characters", b->nraw == WJ_BLOCK_LINES ? WJ_BLOCK_LINES : WJ_MAIL_LINE - 1);
		return;
	}
	snprintf(b->raw[b->nraw++], WJ_MAIL_LINE, "%s", t);
}

/* Line t of the block as the game reads it: an order of its own, or the
 * rest of the one before, wrapped by a phone (issue 21: only the mail's
 * game's order words start an order). */
static void join_line(struct wj_order_block *b, const struct game *game, const char *t)
{
	if (b->n > 0 && !game->order_starts(t)) {
		char *prev = b->lines[b->n - 1];
		size_t pl = strlen(prev);
		if (pl + 1 + strlen(t) < WJ_MAIL_LINE)
			snprintf(prev + pl, WJ_MAIL_LINE - pl, " %s", t);
		else if (!b->problem[0])
			snprintf(b->problem, sizeof b->problem, "an order is longer than %d characters",
				 WJ_MAIL_LINE - 1);
		return;
	}
	if (b->n < WJ_PLAY_MAX)
		snprintf(b->lines[b->n++], WJ_MAIL_LINE, "%s", t);
	else if (!b->problem[0])
		snprintf(b->problem, sizeof b->problem, "more than %d orders in one mail",
			 WJ_PLAY_MAX);
}

bool wj_block_marker(const char *t, const char *word)
{
	if (*t != '#')
		return false;
	t += 1 + strspn(t + 1, " ");
	size_t n = strlen(word);
	return !strncasecmp(t, word, n) && !t[n];
}

/* ---- the note ---- */

static void note_put(struct wj_order_block *b, const char *u, size_t k)
{
	size_t o = strlen(b->note);
	if (o + k < sizeof b->note) {
		memcpy(b->note + o, u, k);
		b->note[o + k] = '\0';
	}
}

/* One line of the note, n bytes at t, blanks trimmed. Blank lines count
 * only between lines of text. */
static void note_line(struct wj_order_block *b, const char *t, size_t n)
{
	if (!n) {
		b->note_blanks += b->note_lines > 0;
		return;
	}
	if (b->note_lines) {
		note_put(b, "\n", 1);
		for (; b->note_blanks; b->note_blanks--, b->note_lines++)
			note_put(b, "\n", 1);
	}
	b->note_lines++;
	if (!strncasecmp(t, "password", 8) && t[8 + strspn(t + 8, " \t")] == ':' && !b->problem[0])
		snprintf(b->problem, sizeof b->problem, "a line of the note begins 'password:'; "
			 "a note is sent to your opponent, so the password goes in the order "
			 "block only");
	if (wj_password_like(t) && !b->problem[0])
		snprintf(b->problem, sizeof b->problem, "a line of the note begins like a "
			 "password line; a note is sent to your opponent, so the password goes "
			 "in the order block only, as 'password: ...'");
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		char u[4];
		i += wj_text_char(t + i, n - i, &cp);
		b->note_chars++;
		/* a control or a line break, which could make the note pass for
		 * other text, is a blank; an invisible character goes (text.h) */
		if ((cp = wj_text_relayed(cp)))
			note_put(b, u, wj_text_utf8(cp, u));
	}
}

/* The limits, and the password: a note goes to the opponent whole or not
 * at all. */
static void note_check(struct wj_order_block *b)
{
	if (!b->note_found || b->problem[0])
		return;
	if (b->note_lines > WJ_NOTE_LINES || b->note_chars > WJ_NOTE_CHARS)
		snprintf(b->problem, sizeof b->problem, "the note has %d %s; a note may have at "
			 "most %d %s: shorten it (it is relayed whole or not at all)",
			 b->note_lines > WJ_NOTE_LINES ? b->note_lines : b->note_chars,
			 b->note_lines > WJ_NOTE_LINES ? "lines" : "characters",
			 b->note_lines > WJ_NOTE_LINES ? WJ_NOTE_LINES : WJ_NOTE_CHARS,
			 b->note_lines > WJ_NOTE_LINES ? "lines" : "characters");
	else if (b->password[0] && strstr(b->note, b->password))
		snprintf(b->problem, sizeof b->problem, "the note holds your password; a note "
			 "is sent to your opponent: take the password out of it");
}

/* Does `line` hold `pw` as a word of its own (not inside a longer
 * word: "liberty" is not in "Liberty Bell" or "libertyville")? */
static bool holds_word(const char *line, const char *pw)
{
	size_t n = strlen(pw);
	for (const char *p = line; n && (p = strstr(p, pw)); p++) {
		bool before = p == line || !isalnum((unsigned char)p[-1]);
		bool after = !isalnum((unsigned char)p[n]);
		if (before && after)
			return true;
	}
	return false;
}

/* The password among the orders (on a line of its own it would be joined
 * to the order before it as a wrapped line), or a line like a password
 * line: no order of such a block is kept or logged, and the refusal says
 * why without repeating the line. */
static void orders_check(struct wj_order_block *b)
{
	bool alone = false, within = false;
	for (int i = 0; b->password[0] && i < b->nraw; i++)
		alone |= !strcmp(b->raw[i], b->password);
	for (int i = 0; b->password[0] && i < b->n; i++)
		within |= holds_word(b->lines[i], b->password);
	if (alone || within)
		snprintf(b->problem, sizeof b->problem, "a line of the orders holds your password%s; "
			 "no order of the mail was read, logged or kept: send the orders again "
			 "without it", alone ? " alone" : "");
	if (alone || within || b->password_line) {
		memset(b->lines, 0, sizeof b->lines);
		memset(b->raw, 0, sizeof b->raw);
		b->n = b->nraw = 0;
	}
}

/* ---- the blocks of a body ---- */

enum block_at { OUTSIDE, IN_ORDERS, IN_NOTE, IN_IGNORED };

/* A marker line: the block it opens or closes. A marker of the other
 * block ends the one open (a "#note" line may end the orders), one of the
 * same block is skipped, and a second block of a kind is not read. */
static enum block_at marker_line(struct wj_order_block *b, enum block_at at, const char *t,
				 int lineno)
{
	bool orders = wj_block_marker(t, "orders"), note = wj_block_marker(t, "note");
	if ((orders && at == IN_ORDERS) || (note && at == IN_NOTE))
		return at;
	if (at == IN_ORDERS)
		b->ended = true;
	else if (at == IN_NOTE)
		b->note_ended = true;
	if (orders && !b->found) {
		b->found = true;
		b->line = lineno;
		return IN_ORDERS;
	}
	if (note && !b->note_found) {
		b->note_found = true;
		return IN_NOTE;
	}
	return orders || note ? IN_IGNORED : OUTSIDE;
}

static bool is_marker(const char *t)
{
	return wj_block_marker(t, "orders") || wj_block_marker(t, "note") ||
	       wj_block_marker(t, "end");
}

/* The n bytes at s without their leading and trailing blanks: a note's
 * line whole, however long (*len). */
static const char *trimmed(const char *s, size_t n, size_t *len)
{
	size_t k = strspn(s, " \t");
	k = k < n ? k : n;
	while (n > k && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	*len = n - k;
	return s + k;
}

void wj_body_lines(const char *text, bool (*each)(const struct wj_body_line *, void *),
		   void *arg)
{
	struct wj_body_line l = { 0 };
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char line[WJ_MAIL_LINE * 2];
		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
		l = (struct wj_body_line){ .number = l.number + 1, .raw = p, .n = n };
		p = nl ? nl + 1 : NULL;
		if (is_signature(line))
			return; /* nothing after a signature is read */
		l.t = line + strspn(line, " \t");
		size_t tl = strlen(l.t);
		while (tl && (l.t[tl - 1] == ' ' || l.t[tl - 1] == '\t'))
			l.t[--tl] = '\0';
		if (*l.t != '>' && !each(&l, arg)) /* a quoted line is not read */
			return;
	}
}

struct blocks_at {
	struct wj_order_block *b;
	enum block_at at;
};

static bool order_block_line(const struct wj_body_line *l, void *arg)
{
	struct blocks_at *x = arg;
	size_t n;
	const char *raw;
	if (is_marker(l->t)) {
		x->at = marker_line(x->b, x->at, l->t, l->number);
	} else if (x->at == IN_ORDERS) {
		block_line(x->b, l->t, l->number);
	} else if (x->at == IN_NOTE) {
		raw = trimmed(l->raw, l->n, &n);
		note_line(x->b, raw, n);
	}
	return true;
}

void wj_order_block_find(const char *text, struct wj_order_block *b)
{
	memset(b, 0, sizeof *b);
	struct blocks_at x = { b, OUTSIDE };
	wj_body_lines(text, order_block_line, &x);
	note_check(b);
}

void wj_order_block_join(struct wj_order_block *b, const struct game *game)
{
	b->n = 0;
	for (int i = 0; i < b->nraw; i++)
		join_line(b, game, b->raw[i]);
	orders_check(b);
}

/* ---- addresses ---- */

bool wj_addr_equal(const char *a, const char *b)
{
	return a && b && *a && !strcasecmp(a, b);
}

/* The addr-spec of `text`, which must be one mailbox (RFC 5322 3.4):
 * "user@host" or "Name <user@host>". libetpan parses it, as it parses a
 * mail's From. */
int wj_addr_spec(const char *text, char out[WJ_ADDR_MAX], char *err, size_t errlen)
{
	static const char accepted[] = "give one address, user@host or Name <user@host>";
	struct mailimf_mailbox *mb = NULL;
	size_t idx = 0, len = strlen(text);
	const char *spec;
	if (strpbrk(text, "\r\n")) {
		wj_why(err, errlen, "the address holds a line break; %s", accepted);
		return -1;
	}
	if (mailimf_mailbox_parse(text, len, &idx, &mb) != MAILIMF_NO_ERROR ||
	    text[idx + strspn(text + idx, " \t")] != '\0' || !(spec = mb->mb_addr_spec) ||
	    !strchr(spec, '@') || strpbrk(spec, " \t\"<>,;()") || strlen(spec) >= WJ_ADDR_MAX) {
		wj_why(err, errlen, "'%.300s' is not one mail address; %s", text, accepted);
		if (mb)
			mailimf_mailbox_free(mb);
		return -1;
	}
	snprintf(out, WJ_ADDR_MAX, "%s", spec);
	mailimf_mailbox_free(mb);
	return 0;
}

bool wj_game_name_ok(const char *name)
{
	size_t n = strlen(name);
	if (!n || n >= WJ_GAME_NAME || name[0] == '.' || name[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("_.-", name[i]))
			return false;
	return true;
}

int wj_judge_subaddress(const char *judge, const char *addr, char *game, char *side,
			char *token)
{
	const char *jat = strchr(judge, '@'), *aat = strrchr(addr, '@');
	if (!jat || !aat || strcasecmp(jat, aat))
		return -1;
	size_t local = (size_t)(jat - judge);
	if ((size_t)(aat - addr) <= local + 1 || strncasecmp(addr, judge, local) ||
	    addr[local] != '+')
		return -1;
	char sub[WJ_ADDR_MAX];
	snprintf(sub, sizeof sub, "%.*s", (int)(aat - addr - (long)local - 1), addr + local + 1);
	char *t = strrchr(sub, '-');
	if (!t)
		return -1;
	*t++ = '\0';
	char *s = strrchr(sub, '-');
	if (!s)
		return -1;
	*s++ = '\0';
	if (!wj_game_name_ok(sub) || strlen(s) >= 16 || strlen(t) >= 64)
		return -1;
	strcpy(game, sub);
	strcpy(side, s);
	strcpy(token, t);
	return 0;
}
