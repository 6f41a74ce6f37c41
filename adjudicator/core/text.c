/* Text from outside as valid UTF-8 (text.h): one decoder and one rule for
 * bad bytes, used by the mail intake and by every YAML and seen writer. */
#include "text.h"

size_t wj_text_char(const char *s, size_t n, uint32_t *cp)
{
	static const uint32_t least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	const unsigned char *u = (const unsigned char *)s;
	size_t k = u[0] < 0x80 ? 1 : u[0] >> 5 == 6 ? 2 : u[0] >> 4 == 14 ? 3 :
		   u[0] >> 3 == 30 ? 4 : 0;
	uint32_t c = u[0] & (k == 1 ? 0x7f : 0xff >> (k + 1));
	if (k > n)
		k = 0;
	for (size_t i = 1; i < k; i++) {
		if (u[i] >> 6 != 2) {
			k = 0;
			break;
		}
		c = c << 6 | (u[i] & 0x3f);
	}
	if (!k || c < least[k] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) {
		*cp = 0xfffd;
		return 1;
	}
	*cp = c;
	return k;
}

size_t wj_text_utf8(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	size_t k = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
	for (size_t i = k - 1; i > 0; i--, cp >>= 6)
		out[i] = (char)(0x80 | (cp & 0x3f));
	out[0] = (char)((0xf00 >> k) | cp);
	return k;
}

bool wj_text_plain(uint32_t cp)
{
	return cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp <= 0x9f) && cp != 0x2028 &&
	       cp != 0x2029 && cp != 0xfeff && cp != 0xfffe && cp != 0xffff;
}

/* s as valid UTF-8 into out, each character kept (map NULL) or as map
 * gives it (0: dropped). */
static size_t recode(char *out, size_t len, const char *s, size_t n, uint32_t (*map)(uint32_t))
{
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		char u[4];
		i += wj_text_char(s + i, n - i, &cp);
		size_t k = 0;
		if (!map)
			k = wj_text_utf8(cp, u);
		else if ((cp = map(cp)))
			k = wj_text_utf8(cp, u);
		if (o + k >= len)
			break;
		for (size_t j = 0; j < k; j++)
			out[o++] = u[j];
	}
	out[o] = '\0';
	return o;
}

size_t wj_text_clean(char *out, size_t len, const char *s, size_t n)
{
	return recode(out, len, s, n, NULL);
}

bool wj_text_invisible(uint32_t cp)
{
	return cp == 0xad || cp == 0x61c || cp == 0x115f || cp == 0x1160 || cp == 0x180e ||
	       (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x206f) || cp == 0x3164 || cp == 0xfeff || cp == 0xffa0 ||
	       (cp >= 0xfff9 && cp <= 0xfffb) || (cp >= 0xe0000 && cp <= 0xe007f);
}

uint32_t wj_text_relayed(uint32_t cp)
{
	if (wj_text_invisible(cp))
		return 0;
	return wj_text_plain(cp) ? cp : ' ';
}

/* wj_text_relayed, line breaks kept */
static uint32_t relayed_line(uint32_t cp)
{
	return cp == '\n' ? cp : wj_text_relayed(cp);
}

size_t wj_text_relay(char *out, size_t len, const char *s, size_t n)
{
	return recode(out, len, s, n, relayed_line);
}

int wj_text_width(uint32_t cp)
{
	static const uint32_t wide[][2] = {
		{ 0x1100, 0x115f }, { 0x2e80, 0x303e }, { 0x3041, 0x33ff }, { 0x3400, 0x4dbf },
		{ 0x4e00, 0x9fff }, { 0xa000, 0xa4cf }, { 0xa960, 0xa97f }, { 0xac00, 0xd7a3 },
		{ 0xf900, 0xfaff }, { 0xfe10, 0xfe19 }, { 0xfe30, 0xfe6f }, { 0xff00, 0xff60 },
		{ 0xffe0, 0xffe6 }, { 0x1f300, 0x1f64f }, { 0x1f900, 0x1f9ff },
		{ 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
	};
	for (size_t i = 0; i < sizeof wide / sizeof *wide && cp >= wide[i][0]; i++)
		if (cp <= wide[i][1])
			return 2;
	return 1;
}

/* U+00C0 to U+017F (Latin-1 Supplement letters, Latin Extended-A) by the
 * ASCII letter they are written with once their accent goes; '*' marks
 * one written with two letters (PAIRS) or none (the signs x and /). */
static const char UNACCENTED[] =
	"AAAAAA*CEEEEIIIIDNOOOOO*OUUUUY**aaaaaa*ceeeeiiiidnooooo*ouuuuy*y"
	"AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi**JjKkkLlLlLlLlLl"
	"NnNnNnnNnOoOoOo**RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";
_Static_assert(sizeof UNACCENTED == 0x180 - 0xc0 + 1, "one letter per code point");

size_t wj_text_unaccent(uint32_t cp, char out[2])
{
	static const struct {
		uint32_t cp;
		char two[2];
	} pairs[] = {
		{ 0xc6, { 'A', 'E' } }, { 0xde, { 'T', 'H' } }, { 0xdf, { 's', 's' } },
		{ 0xe6, { 'a', 'e' } }, { 0xfe, { 't', 'h' } }, { 0x132, { 'I', 'J' } },
		{ 0x133, { 'i', 'j' } }, { 0x152, { 'O', 'E' } }, { 0x153, { 'o', 'e' } },
	};
	if (cp < 0xc0 || cp > 0x17f)
		return 0;
	if (UNACCENTED[cp - 0xc0] != '*') {
		out[0] = UNACCENTED[cp - 0xc0];
		return 1;
	}
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		if (pairs[i].cp == cp) {
			out[0] = pairs[i].two[0];
			out[1] = pairs[i].two[1];
			return 2;
		}
	return 0;
}
