/* Text from outside (a mail's headers and body, an order line) as every
 * writer of a file puts it: valid UTF-8, whatever bytes came in
 * (docs/record.md, "Text from mail"). */
#ifndef WJ_TEXT_H
#define WJ_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The character at s (n > 0 bytes left): its length and code point. A
 * byte that begins no valid UTF-8 character (a stray continuation byte,
 * an overlong form, a surrogate, beyond U+10FFFF, cut short) is a
 * character of its own, U+FFFD. */
size_t wj_text_char(const char *s, size_t n, uint32_t *cp);
/* The UTF-8 of code point cp into out; its length (1 to 4). */
size_t wj_text_utf8(uint32_t cp, char out[4]);
/* Written as it is inside a YAML double-quoted scalar: not a control
 * character (C0, DEL, C1), not a YAML line break (NEL, LS, PS), not a
 * byte order mark or U+FFFE, U+FFFF. */
bool wj_text_plain(uint32_t cp);
/* The n bytes at s as valid UTF-8 (each bad byte as U+FFFD) into out of
 * len > 0 bytes, cut at a character boundary, NUL-terminated; the length. */
size_t wj_text_clean(char *out, size_t len, const char *s, size_t n);

/* An invisible or direction-changing character, which could make a
 * player's words pass for other text or hide some of them: U+00AD, U+061C,
 * U+115F, U+1160, U+180E, U+200B-U+200F, U+202A-U+202E, U+2060-U+206F,
 * U+3164, U+FEFF, U+FFA0, U+FFF9-U+FFFB and the tags U+E0000-U+E007F. */
bool wj_text_invisible(uint32_t cp);
/* A character of a player's words as the judge relays them to another
 * player (a note, docs/mail.md): itself; a blank for a control character
 * (C0, DEL, C1), a line or paragraph separator, U+FFFE or U+FFFF; 0 for an
 * invisible or direction-changing one, which is dropped. */
uint32_t wj_text_relayed(uint32_t cp);
/* The n bytes at s as wj_text_relayed keeps them, line breaks (LF) kept,
 * bad bytes as U+FFFD, into out of len > 0 bytes (3 * n + 1 always
 * suffice), cut at a character boundary, NUL-terminated; the length. */
size_t wj_text_relay(char *out, size_t len, const char *s, size_t n);

/* The columns cp takes on a terminal: 2 for an East Asian wide or
 * fullwidth character (CJK, Hangul, kana, fullwidth forms, the emoji of
 * U+1F300-U+1F64F and U+1F900-U+1F9FF), else 1. */
int wj_text_width(uint32_t cp);

/* A Latin letter without its accent, as NFD and dropping the marks
 * would write it, in ASCII ('é' -> "e", 'Ł' -> "L"; 'ß' -> "ss", 'Œ' ->
 * "OE"): its length (1 or 2) in out, or 0 for anything else. The Latin-1
 * Supplement and Latin Extended-A letters are known. */
size_t wj_text_unaccent(uint32_t cp, char out[2]);

#endif
