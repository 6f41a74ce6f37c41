/* Who may order: passwords (Argon2id via libsodium, only the hash is
 * kept), move tokens, and the per-game mail settings in secret/mail.yaml;
 * and what mail that is not a side's own may cost a game in an hour: the
 * judge's answers and the wrong passwords it checked (GAME/answered). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "buf.h"
#include "mail_internal.h"
#include "test_hooks.h"
#include "mail_net.h"

#define SECRET_REL "secret/mail.yaml"

/* Test-only: WW_PWHASH=test makes hashing fast. Verification reads the
 * cost from the hash itself, so fast hashes only ever come from tests. */
static void pwhash_cost(unsigned long long *ops, size_t *mem)
{
	const char *t = getenv("WW_PWHASH");
	if (t && !strcmp(t, "test")) {
		*ops = crypto_pwhash_OPSLIMIT_MIN;
		*mem = crypto_pwhash_MEMLIMIT_MIN;
	} else {
		*ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
		*mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
	}
}

int wj_password_hash(const char *password, char out[192])
{
	char h[crypto_pwhash_STRBYTES];
	unsigned long long ops;
	size_t mem;
	_Static_assert(crypto_pwhash_STRBYTES <= 192, "hash fits");
	pwhash_cost(&ops, &mem);
	if (sodium_init() < 0 ||
	    crypto_pwhash_str_alg(h, password, strlen(password), ops, mem,
				  crypto_pwhash_ALG_ARGON2ID13) != 0)
		return -1;
	snprintf(out, 192, "%s", h);
	return 0;
}

bool wj_password_ok(const char *hash, const char *password)
{
	if (!hash || !*hash || !password || sodium_init() < 0)
		return false;
	return crypto_pwhash_str_verify(hash, password, strlen(password)) == 0;
}

void wj_move_token(const unsigned char seed[WJ_SEED_BYTES], int side,
		   int entry, char out[WJ_TOKEN_HEX])
{
	unsigned char h[8];
	char msg[64];
	int n = snprintf(msg, sizeof msg, "wwjudge move token %d %d", (int)side, entry);
	crypto_generichash(h, sizeof h, (const unsigned char *)msg, (size_t)n, seed,
			   WJ_SEED_BYTES);
	sodium_bin2hex(out, WJ_TOKEN_HEX, h, sizeof h);
}

int wj_token_entry(const unsigned char seed[WJ_SEED_BYTES], int side,
		   const int *entries, int n, const char *token)
{
	char t[WJ_TOKEN_HEX];
	if (!token || strlen(token) != WJ_TOKEN_HEX - 1)
		return 0;
	for (int i = n - 1; i >= 0; i--) {
		wj_move_token(seed, side, entries[i], t);
		if (!strcasecmp(t, token))
			return entries[i];
	}
	return 0;
}

/* ---- secret/mail.yaml ---- */

/* The key of side's password: "password_" and the side's word in its
 * game ("password_american"). */
static void side_key(const struct game *game, int side, char key[40])
{
	snprintf(key, 40, "password_%s", game->side[side].word);
}

/* A key of no setting of the game's: the error names the keys it has. */
static int unknown_key(const struct game *game, const char *line, int n, char *err,
		       size_t errlen)
{
	char keys[GAME_MAX_SIDES * 40] = "";
	for (int side = 1; side <= game->nsides; side++) {
		char key[40];
		side_key(game, side, key);
		wj_fmt(keys + strlen(keys), sizeof keys - strlen(keys), "%s, ", key);
	}
	wj_why(err, errlen, SECRET_REL ": line %d: unknown key '%.40s' (a game of %s has "
		 "%stoken_entry and paused)", n, line, game->title, keys);
	return -1;
}

static int parse_line(struct wj_mail_secret *s, char *line, int n, char *err, size_t errlen)
{
	char *colon = strchr(line, ':');
	if (!colon) {
		wj_why(err, errlen, SECRET_REL ": line %d: expected key: value", n);
		return -1;
	}
	*colon = '\0';
	char *v = colon + 1;
	v += strspn(v, " \t");
	v[strcspn(v, "\r\n")] = '\0';
	for (int side = 1; side <= s->game->nsides; side++) {
		char key[40];
		side_key(s->game, side, key);
		if (!strcmp(line, key)) {
			snprintf(s->password[side], sizeof s->password[side], "%s",
				 strcmp(v, "none") ? v : "");
			return 0;
		}
	}
	if (!strcmp(line, "token_entry")) {
		s->token_entry = atoi(v);
		return 0;
	}
	for (int side = 1; side <= s->game->nsides; side++) {
		char key[48];
		snprintf(key, sizeof key, "token_entry_%s", s->game->side[side].word);
		if (!strcmp(line, key)) {
			s->side_entry[side] = atoi(v);
			return 0;
		}
	}
	if (!strcmp(line, "paused")) {
		s->paused = !strcmp(v, "true");
		return 0;
	}
	return unknown_key(s->game, line, n, err, errlen);
}

int wj_mail_token_entry(const struct wj_mail_secret *s, int side)
{
	return side > 0 && side <= GAME_MAX_SIDES && s->side_entry[side] > 0 ?
		s->side_entry[side] : s->token_entry;
}

void wj_mail_tokens_move(struct wj_mail_secret *s, int entry, unsigned moved)
{
	for (int side = 1; side <= s->game->nsides; side++)
		s->side_entry[side] = moved & GAME_SIDE(side) ? 0 : wj_mail_token_entry(s, side);
	s->token_entry = entry;
}

int wj_mail_secret_read(const char *dir, const struct game *game, struct wj_mail_secret *s,
			char *err, size_t errlen)
{
	char path[PATH_MAX], line[512];
	memset(s, 0, sizeof *s);
	s->game = game;
	s->token_entry = 1; /* the mails of the new game */
	snprintf(path, sizeof path, "%s/" SECRET_REL, dir);
	FILE *f = fopen(path, "re");
	if (!f && errno == ENOENT) {
		/* none written yet, or lost: a game played by mail never runs
		 * without its passwords and tokens (issue 27) */
		int expected = wj_record_mail_secrets_expected(dir);
		if (expected == 0)
			return 0;
		if (expected > 0) {
			wj_why(err, errlen, "%s: game damaged: " SECRET_REL " is missing (the game "
				 "is played by mail: restore it from a backup)", dir);
			return -1;
		}
	}
	if (!f) {
		wj_why(err, errlen, "reading %s: %s", path, strerror(errno));
		return -1;
	}
	int n = 0, rc = 0;
	while (!rc && fgets(line, sizeof line, f)) {
		n++;
		if (line[0] != '#' && line[0] != '\n')
			rc = parse_line(s, line, n, err, errlen);
	}
	fclose(f);
	return rc;
}

int wj_mail_secret_text(const struct wj_mail_secret *s, char **text, size_t *len)
{
	*text = NULL;
	FILE *m = open_memstream(text, len);
	if (!m)
		return -1;
	fputs("# wwjudge mail settings (secret): Argon2id password hashes, the log entry\n"
	      "# whose mails carry the current move tokens, pause.\n", m);
	for (int side = 1; side <= s->game->nsides; side++) {
		char key[40];
		side_key(s->game, side, key);
		fprintf(m, "%s: %s\n", key, s->password[side][0] ? s->password[side] : "none");
	}
	fprintf(m, "token_entry: %d\n", s->token_entry);
	/* only a side that did not see the latest entries (a hidden order) */
	for (int side = 1; side <= s->game->nsides; side++)
		if (wj_mail_token_entry(s, side) != s->token_entry)
			fprintf(m, "token_entry_%s: %d\n", s->game->side[side].word,
				s->side_entry[side]);
	fprintf(m, "paused: %s\n", s->paused ? "true" : "false");
	if (fclose(m) != 0) {
		free(*text);
		*text = NULL;
		return -1;
	}
	return 0;
}

int wj_mail_secret_write(const char *dir, const struct wj_mail_secret *s,
			 char *err, size_t errlen)
{
	char path[PATH_MAX], *text;
	size_t len;
	if (wj_mail_secret_text(s, &text, &len) < 0) {
		wj_why(err, errlen, "out of memory");
		return -1;
	}
	int rc = wj_fmt(path, sizeof path, "%s/" SECRET_REL, dir);
	if (rc)
		wj_why(err, errlen, "path too long: %s", dir);
	else
		rc = wj_durable_write(path, NULL, text, len, 0600, NULL, err, errlen);
	free(text);
	return rc;
}

/* ---- the cap on answers: GAME/answered ---- */

time_t wj_mail_now(void)
{
	const char *t = wj_test_hook("WW_NOW"); /* the clock, in seconds */
	return t && *t ? (time_t)strtoll(t, NULL, 10) : time(NULL);
}

/* One "SECONDS WHAT SIDE" line of GAME/answered, kept while within the
 * hour; a line of another form (a sender's address, as games written
 * before issue 20 kept) is forgotten. */
static bool recent_line(const char *line, time_t now, char what[8], char side[24])
{
	char *end;
	long long at = strtoll(line, &end, 10);
	return end != line && now >= at && now - at < WJ_ANSWER_GAP &&
	       sscanf(end, " %7s %23s", what, side) == 2 &&
	       (!strcmp(what, "answer") || !strcmp(what, "own") || !strcmp(what, "hash"));
}

int wj_answered_read(const char *dir, time_t now, struct wj_answered *a)
{
	char path[PATH_MAX], line[256], what[8], side[24];
	memset(a, 0, sizeof *a);
	a->now = now;
	if (snprintf(path, sizeof path, "%s/answered", dir) >= (int)sizeof path)
		return -1;
	FILE *out = open_memstream(&a->text, &a->len), *in = fopen(path, "re");
	if (!out) {
		if (in)
			fclose(in);
		return -1;
	}
	while (in && fgets(line, sizeof line, in)) {
		line[strcspn(line, "\n")] = '\0';
		if (!recent_line(line, now, what, side)) {
			a->changed = true; /* older than the hour: forgotten */
			continue;
		}
		a->hashes += !strcmp(what, "hash");
		fprintf(out, "%s\n", line);
	}
	if (in)
		fclose(in);
	if (fclose(out) != 0) {
		free(a->text);
		a->text = NULL;
		return -1;
	}
	return 0;
}

bool wj_answered_side(const struct wj_answered *a, const char *kind, const char *side_word)
{
	char what[8], side[24];
	for (const char *p = a->text; p && *p;) {
		const char *nl = strchr(p, '\n');
		char line[256];
		snprintf(line, sizeof line, "%.*s", (int)(nl ? nl - p : (long)strlen(p)), p);
		if (recent_line(line, a->now, what, side) && !strcmp(what, kind) &&
		    !strcmp(side, side_word))
			return true;
		p = nl ? nl + 1 : NULL;
	}
	return false;
}

int wj_answered_add(struct wj_answered *a, const char *what, const char *side_word)
{
	char line[64];
	int n = snprintf(line, sizeof line, "%lld %s %.23s\n", (long long)a->now, what, side_word);
	char *text = realloc(a->text, a->len + (size_t)n + 1);
	if (!text)
		return -1;
	memcpy(text + a->len, line, (size_t)n + 1);
	a->text = text;
	a->len += (size_t)n;
	a->hashes += !strcmp(what, "hash");
	a->changed = true;
	return 0;
}

void wj_answered_free(struct wj_answered *a)
{
	free(a->text);
	a->text = NULL;
	a->len = 0;
}

/* ---- the one decision: whose mail it is ---- */

static const char *side_name(const struct wj_mail_claim *c)
{
	return wj_mail_side_name(c->game, c->side);
}

/* Does the mail carry one of the side's tokens, the current one or one
 * of the last 64 moves' (GAME/index)? Only the side's own mails hold
 * them, and checking costs no Argon2id hash. */
static bool carries_token(const struct wj_mail_claim *c)
{
	char current[WJ_TOKEN_HEX];
	struct wj_record_index ix;
	wj_move_token(c->seed, c->side, c->sec->token_entry, current);
	return !strcasecmp(c->token, current) ||
	       (wj_record_index(c->dir, &ix) == 0 &&
		wj_token_entry(c->seed, c->side, ix.accepted, ix.naccepted, c->token) > 0);
}

int wj_mail_authentic(const struct wj_mail_claim *c, char *why, size_t whylen)
{
	if (!wj_addr_equal(c->from, c->registered)) {
		wj_why(why, whylen, "a mail from %.200s gave orders for the %s side, but only "
		       "its registered address may; if it was you, send from the registered "
		       "address", c->from[0] ? c->from : "(no sender)", side_name(c));
		return 1;
	}
	if (!c->sec->password[c->side][0]) {
		wj_why(why, whylen, "no password is set for the %s side; the moderator sets one "
		       "with 'wwjudge passwd'", side_name(c));
		return 1;
	}
	if (!c->password[0]) { /* nothing to hash */
		wj_why(why, whylen, "%s", c->block_problem[0] ? c->block_problem :
		       c->block_missing ? c->block_missing :
		       "the order block has no 'password:' line");
		return 1;
	}
	if (c->answered->hashes >= WJ_HASH_BUDGET && !carries_token(c)) {
		wj_why(why, whylen, "the password was not checked: %d mails with a wrong "
		       "password came for this game within the hour, so until that hour is "
		       "over a mail's password is checked only if the mail carries your token; "
		       "reply to the judge's last mail (its Reply-To carries the token) or add "
		       "a 'token:' line", c->answered->hashes);
		return 1;
	}
	if (!wj_password_ok(c->sec->password[c->side], c->password)) {
		if (wj_answered_add(c->answered, "hash", wj_mail_side_word(c->game, c->side)) < 0)
			return -1;
		wj_why(why, whylen, "the password is wrong");
		return 1;
	}
	return 0;
}

int wj_mail_token_current(const struct wj_mail_claim *c, char *why, size_t whylen,
			  int *stale_from)
{
	const char *tok = c->token;
	char current[WJ_TOKEN_HEX];
	wj_move_token(c->seed, c->side, wj_mail_token_entry(c->sec, c->side), current);
	*stale_from = 0;
	if (!strcasecmp(tok, current))
		return 0;
	/* looked for among the entries the index keeps, not back over the log */
	struct wj_record_index ix;
	bool known = wj_record_index(c->dir, &ix) == 0;
	int from = known ? wj_token_entry(c->seed, c->side, ix.accepted, ix.naccepted, tok) : 0;
	if (from > 0)
		wj_why(why, whylen, "the token %s was written for an earlier move; your current "
		       "token is in this mail", tok);
	else if (*tok && known && ix.accepted_from > 1)
		wj_why(why, whylen, "the token given is not one of this game's last %d move%s "
		       "(older tokens are not looked for; it is not repeated, in case it holds "
		       "your password)", ix.naccepted, ix.naccepted == 1 ? "" : "s");
	else
		wj_why(why, whylen, "%s", *tok ? "the token given is not a token of this game "
		       "(it is not repeated, in case it holds your password)" :
		       "the mail carries no move token: reply to the judge's last mail (its "
		       "Reply-To carries it) or add a 'token:' line");
	*stale_from = from;
	return 1;
}

const char *wj_moderator_refused(const struct wj_mail_config *c, const char *from,
				 const char *password)
{
	if (!wj_addr_equal(from, c->moderator))
		return "a moderator mail must come from the moderator's address; this one came "
		       "from another";
	if (!wj_password_ok(c->moderator_password_hash, password))
		return password[0] ? "the moderator password is wrong" :
		       "the block has no 'password:' line";
	return NULL;
}
