/* The cache (cache.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cache.h"

#define MAGIC "wwjudge cache 2\n"

struct header {
	char magic[sizeof MAGIC];
	unsigned char key[WJ_CACHE_KEY_BYTES];
	uint64_t size;      /* of head and body */
	uint64_t checksum;  /* of head and body */
};

/* ---- keys ---- */

struct build_id {
	const void *code;
	const unsigned char *p;
	size_t n;
};

static bool holds(const struct dl_phdr_info *info, const void *code)
{
	uintptr_t a = (uintptr_t)code;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && a >= start && a < start + ph->p_memsz)
			return true;
	}
	return false;
}

/* The NT_GNU_BUILD_ID note (the linker's hash of the object) of the
 * object that holds id->code. */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	struct build_id *id = arg;
	if (!holds(info, id->code))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		const unsigned char *end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)(const void *)p;
			const unsigned char *name = p + sizeof *nh;
			const unsigned char *desc = name + ((nh->n_namesz + 3) & ~3u);
			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(name, "GNU", 4) && desc + nh->n_descsz <= end) {
				id->p = desc;
				id->n = nh->n_descsz;
				return 1;
			}
			p = desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
	return 1;
}

void wj_cache_key_start(struct wj_cache_key *k, const char *what, const void *code)
{
	struct build_id id = { .code = code };
	dl_iterate_phdr(find_build_id, &id);
	k->ok = id.n > 0;
	crypto_generichash_init(&k->h, NULL, 0, WJ_CACHE_KEY_BYTES);
	wj_cache_key_add(k, MAGIC, sizeof MAGIC);
	wj_cache_key_add(k, what, strlen(what) + 1);
	wj_cache_key_add(k, id.p, id.n);
}

void wj_cache_key_add(struct wj_cache_key *k, const void *bytes, size_t n)
{
	if (n)
		crypto_generichash_update(&k->h, bytes, n);
}

void wj_cache_key_add_file(struct wj_cache_key *k, const char *dir, const char *name)
{
	char path[PATH_MAX], buf[16384];
	int fd = -1;
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		k->ok = 0;
		return;
	}
	wj_cache_key_add(k, name, strlen(name) + 1);
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		wj_cache_key_add(k, buf, (size_t)n);
	if (n < 0)
		k->ok = 0;
	close(fd);
}

int wj_cache_key_end(struct wj_cache_key *k, unsigned char key[WJ_CACHE_KEY_BYTES])
{
	crypto_generichash_final(&k->h, key, WJ_CACHE_KEY_BYTES);
	return k->ok ? 0 : -1;
}

/* ---- entries ---- */

/* FNV-1a over 64-bit words, then the bytes left over. */
uint64_t wj_cache_checksum(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 0x100000001b3u;
	}
	for (; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3u;
	return h;
}

static uint64_t checksum(const void *head, size_t nhead, const void *body, size_t nbody)
{
	return wj_cache_checksum(wj_cache_checksum(WJ_CACHE_CHECKSUM_START, head, nhead),
				 body, nbody);
}

/* The cache directory, made if missing: 0, or -1 (no cache). */
static int cache_dir(char *out, size_t len)
{
	const char *env = getenv("WW_CACHE"), *xdg = getenv("XDG_CACHE_HOME"),
		   *home = getenv("HOME");
	char parent[PATH_MAX] = "";
	int n;
	if (env && !strcmp(env, "off"))
		return -1;
	if (env && *env)
		n = snprintf(out, len, "%s", env);
	else if (xdg && *xdg)
		n = snprintf(parent, sizeof parent, "%s", xdg);
	else if (home && *home)
		n = snprintf(parent, sizeof parent, "%s/.cache", home);
	else
		return -1;
	if (parent[0]) {
		if (n < 0 || (size_t)n >= sizeof parent)
			return -1;
		mkdir(parent, 0700);
		n = snprintf(out, len, "%s/wwjudge", parent);
	}
	if (n < 0 || (size_t)n >= len)
		return -1;
	return mkdir(out, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

static int entry_path(const char *what, const unsigned char key[WJ_CACHE_KEY_BYTES],
		      char *out, size_t len)
{
	char dir[PATH_MAX - 96], hex[2 * WJ_CACHE_KEY_BYTES + 1];
	if (cache_dir(dir, sizeof dir))
		return -1;
	sodium_bin2hex(hex, sizeof hex, key, WJ_CACHE_KEY_BYTES);
	int n = snprintf(out, len, "%s/%.16s-%.32s.bin", dir, what, hex);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static bool read_all(int fd, void *p, size_t n)
{
	for (size_t got = 0; got < n;) {
		ssize_t k = read(fd, (char *)p + got, n - got);
		if (k <= 0)
			return false;
		got += (size_t)k;
	}
	return true;
}

int wj_cache_read(const char *what, const unsigned char key[WJ_CACHE_KEY_BYTES],
		  void *head, size_t nhead, void *body, size_t nbody)
{
	char path[PATH_MAX];
	struct header h;
	if (entry_path(what, key, path, sizeof path))
		return -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* An entry is believed only if this user wrote it and no one else
	 * can have since: WW_CACHE may name a directory others can write to,
	 * and an entry is used as it stands. */
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && st.st_uid == geteuid() && !(st.st_mode & 022) &&
		  st.st_size == (off_t)(sizeof h + nhead + nbody) &&
		  read_all(fd, &h, sizeof h) && read_all(fd, head, nhead) &&
		  read_all(fd, body, nbody);
	close(fd);
	return ok && !memcmp(h.magic, MAGIC, sizeof MAGIC) && !memcmp(h.key, key, sizeof h.key) &&
	       h.size == nhead + nbody && h.checksum == checksum(head, nhead, body, nbody) ? 0 : -1;
}

static bool write_all(int fd, const void *p, size_t n)
{
	for (size_t put = 0; put < n;) {
		ssize_t k = write(fd, (const char *)p + put, n - put);
		if (k <= 0)
			return false;
		put += (size_t)k;
	}
	return true;
}

void wj_cache_write(const char *what, const unsigned char key[WJ_CACHE_KEY_BYTES],
		    const void *head, size_t nhead, const void *body, size_t nbody)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16];
	struct header h = { .magic = MAGIC, .size = nhead + nbody,
			    .checksum = checksum(head, nhead, body, nbody) };
	if (entry_path(what, key, path, sizeof path) ||
	    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp)
		return;
	memcpy(h.key, key, sizeof h.key);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return;
	bool ok = write_all(fd, &h, sizeof h) && write_all(fd, head, nhead) &&
		  write_all(fd, body, nbody);
	if (close(fd) || !ok || rename(tmp, path))
		unlink(tmp);
}
