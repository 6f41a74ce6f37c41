/* Text from outside as valid UTF-8 (text.h): one decoder and one rule for
 * bad bytes, used by the mail intake and by every YAML and seen writer. */
#include "text.h"

size_t ww_text_char(const char *s, size_t n, uint32_t *cp)
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

size_t ww_text_utf8(uint32_t cp, char out[4])
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

bool ww_text_plain(uint32_t cp)
{
	return cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp <= 0x9f) && cp != 0x2028 &&
	       cp != 0x2029 && cp != 0xfeff && cp != 0xfffe && cp != 0xffff;
}

size_t ww_text_clean(char *out, size_t len, const char *s, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		char u[4];
		i += ww_text_char(s + i, n - i, &cp);
		size_t k = ww_text_utf8(cp, u);
		if (o + k >= len)
			break;
		for (size_t j = 0; j < k; j++)
			out[o++] = u[j];
	}
	out[o] = '\0';
	return o;
}
