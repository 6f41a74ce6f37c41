/* The floor of the end-to-end benchmark (bench/run.sh): a process that
 * only reads the order mail and writes the files that `wwjudge process`
 * of that mail writes, with the same bytes, each as a commit writes it:
 * a temporary file, fsynced, renamed into place, then its directory
 * fsynced.
 *
 *   floor MAIL WANT GAME REL...   reads MAIL; writes WANT/REL as GAME/REL */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
