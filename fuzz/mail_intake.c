/* libFuzzer: the whole intake of one order mail with no side effects:
 * MIME walk and text extraction (wj_mail_parse), the order block, the
 * judge's sub-address, the game name, every order line through the
 * parser, and the move-token check. Password verification (Argon2id,
 * libsodium) is left out: it hashes the mail's text and parses nothing. */
#include <stdint.h>
#include <string.h>
#include "fuzz.h"
#include "mail_internal.h"
#include "order.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ww_data *d = fuzz_data();
	static struct wj_mail_in m;
	static struct wj_order_block b;
	static const unsigned char seed[WJ_SEED_BYTES] = { 1, 2, 3 };
	static const int accepted[] = { 1, 3, 5 }; /* the index's last entries */
	const int naccepted = (int)(sizeof accepted / sizeof *accepted);
	char err[512];
	memset(&m, 0, sizeof m);
	if (wj_mail_parse((const char *)data, size, &m, err, sizeof err) != 0)
		return 0;
	for (int i = 0; i < m.nto; i++) {
		char game[WJ_GAME_NAME], side[16], token[64];
		if (wj_judge_subaddress("judge@example.org", m.to[i], game, side, token) == 0)
			(void)wj_token_entry(seed, WW_AMERICAN, accepted, naccepted, token);
	}
	memset(&b, 0, sizeof b);
	if (m.text)
		wj_order_block_find(m.text, &b);
	if (b.found) {
		(void)wj_game_name_ok(b.game);
		(void)wj_token_entry(seed, WW_BRITISH, accepted, naccepted, b.token);
		for (int i = 0; i < b.n && i < WJ_PLAY_MAX; i++) {
			struct ww_order o;
			(void)ww_order_parse(d, b.lines[i], &o, err, sizeof err);
		}
	}
	wj_mail_in_free(&m);
	return 0;
}
