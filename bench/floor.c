/* The floor of the end-to-end benchmark (bench/run.sh): a process that
 * only reads the order mail and writes the files that `wwjudge process`
 * of that mail writes, with the same bytes, each as a commit writes it:
 * a temporary file, fsynced, renamed into place, then its directory
 * fsynced.
 *
 *   floor MAIL WANT GAME REL...   reads MAIL; writes WANT/REL as GAME/REL
 *
 * The floor of the default mail (issue 25) does also what no judge can
 * do without: with WW_FLOOR_HASH and WW_FLOOR_PASSWORD, the same
 * Argon2id check of the password (libsodium); with WW_FLOOR_BOARDS
 * ("PREFIX N"), libpng writing the N boards the mails carry from their
 * palette pixels (bench/palette_pixels.py's PREFIX.1 ... PREFIX.N), at
 * the judge's zlib level and no row filter. */
#include <fcntl.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "png_floor.h"

static char *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *p = malloc(cap);
	ssize_t k;
	while (p && (k = read(fd, p + n, cap - n)) > 0)
		if ((n += (size_t)k) == cap)
			p = realloc(p, cap *= 2);
	close(fd);
	*len = n;
	return p;
}

static int put(const char *path, const char *p, size_t len)
{
	char tmp[PATH_MAX + 8];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, p, len) != (ssize_t)len || fsync(fd) || close(fd))
		return -1;
	if (rename(tmp, path))
		return -1;
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", path);
	*strrchr(dir, '/') = '\0';
	int d = open(dir, O_RDONLY | O_DIRECTORY);
	if (d < 0 || fsync(d))
		return -1;
	return close(d);
}

/* The password checked against its Argon2id hash, as the judge checks it. */
static int password(void)
{
	const char *hash = getenv("WW_FLOOR_HASH"), *pw = getenv("WW_FLOOR_PASSWORD");
	if (!hash || !pw)
		return 0;
	if (sodium_init() < 0 || crypto_pwhash_str_verify(hash, pw, strlen(pw)) != 0) {
		fprintf(stderr, "floor: the password does not match its hash\n");
		return 65;
	}
	return 0;
}

/* One board's palette pixels (bench/palette_pixels.py's file) written
 * by libpng into nothing: 0, or -1. */
static int board(const char *path)
{
	size_t len;
	int at;
	struct palette_pixels pp = { 0 };
	unsigned char *p = (unsigned char *)slurp(path, &len);
	int rc = p && sscanf((char *)p, "%d %d %d\n%n", &pp.w, &pp.h, &pp.ncolours, &at) == 3 &&
		 pp.ncolours <= 256 &&
		 len == (size_t)at + 3u * (size_t)pp.ncolours + (size_t)pp.w * (size_t)pp.h ? 0 : -1;
	if (!rc) {
		memcpy(pp.palette, p + at, 3u * (size_t)pp.ncolours);
		pp.idx = p + at + 3 * pp.ncolours;
		rc = png_floor_write(&pp) ? 0 : -1;
	}
	free(p);
	return rc;
}

static int boards(void)
{
	const char *spec = getenv("WW_FLOOR_BOARDS");
	char prefix[PATH_MAX], path[PATH_MAX + 16];
	int n;
	if (!spec)
		return 0;
	if (sscanf(spec, "%4095s %d", prefix, &n) != 2)
		return 64;
	for (int i = 1; i <= n; i++) {
		snprintf(path, sizeof path, "%s.%d", prefix, i);
		if (board(path)) {
			fprintf(stderr, "floor: %s: not palette pixels, or libpng failed\n", path);
			return 74;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	size_t len;
	if (argc < 5) {
		fprintf(stderr, "usage: floor MAIL WANT GAME REL...\n");
		return 64;
	}
	char *mail = slurp(argv[1], &len);
	if (!mail)
		return 66;
	free(mail);
	int rc = password();
	if (!rc)
		rc = boards();
	if (rc)
		return rc;
	for (int i = 4; i < argc; i++) {
		char src[PATH_MAX], dst[PATH_MAX];
		snprintf(src, sizeof src, "%s/%s", argv[2], argv[i]);
		snprintf(dst, sizeof dst, "%s/%s", argv[3], argv[i]);
		char *p = slurp(src, &len);
		if (!p || put(dst, p, len)) {
			perror(dst);
			return 74;
		}
		free(p);
	}
	return 0;
}
