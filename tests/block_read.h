/* An order block as the mail path reads it (mail_process.c): found in a
 * body, then joined by the order words of the game the mail is for
 * (issue 21). */
#ifndef WW_TEST_BLOCK_READ_H
#define WW_TEST_BLOCK_READ_H

#include "games.h"
#include "mail_internal.h"

static inline void block_read(const char *body, const char *game, struct wj_order_block *b)
{
	wj_order_block_find(body, b);
	wj_order_block_join(b, game_find(game));
}

#endif
