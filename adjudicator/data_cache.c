/* The data cache (data_cache.h). Where it lives: $WW_CACHE if set ("off"
 * turns the cache off), else $XDG_CACHE_HOME/wwjudge, else
 * $HOME/.cache/wwjudge. One file per key, data-KEY.bin: a header (magic,
 * key, BLAKE2b of the data) and the struct's bytes. struct ww_data holds
 * no pointers, so its bytes are the whole of it; the key has the build ID
 * in it, so a rebuilt program never reads what another build wrote. Any
 * file may be deleted at any time; a damaged one is parsed over. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "data_cache.h"

#define MAGIC "wwjudge data cache 1\n"

struct header {
	char magic[sizeof MAGIC];
	unsigned char key[WW_DATA_KEY_BYTES];
	unsigned char sum[WW_DATA_KEY_BYTES]; /* of the struct's bytes */
};

struct build_id {
	const unsigned char *p;
	size_t n;
};

/* The main program's NT_GNU_BUILD_ID note (the linker's hash of it). */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	struct build_id *id = arg;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		const unsigned char *end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
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
	return 1; /* the first object is the program; the rest do not matter */
}

static int add_file(crypto_generichash_state *h, const char *dir, const char *name)
{
	char path[PATH_MAX], buf[16384];
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
		return -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	crypto_generichash_update(h, (const unsigned char *)name, strlen(name) + 1);
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		crypto_generichash_update(h, (const unsigned char *)buf, (size_t)n);
	close(fd);
	return n < 0 ? -1 : 0;
}

int ww_data_cache_key(const char *dir, const char *const *files, int nfiles,
		      unsigned char key[WW_DATA_KEY_BYTES])
{
	struct build_id id = { 0 };
	dl_iterate_phdr(find_build_id, &id);
	if (!id.n)
		return -1;
	crypto_generichash_state h;
	size_t size = sizeof(struct ww_data);
	crypto_generichash_init(&h, NULL, 0, WW_DATA_KEY_BYTES);
	crypto_generichash_update(&h, (const unsigned char *)MAGIC, sizeof MAGIC);
	crypto_generichash_update(&h, id.p, id.n);
	crypto_generichash_update(&h, (const unsigned char *)&size, sizeof size);
	for (int i = 0; i < nfiles; i++)
		if (add_file(&h, dir, files[i]))
			return -1;
	return crypto_generichash_final(&h, key, WW_DATA_KEY_BYTES);
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

static int entry_path(const unsigned char key[WW_DATA_KEY_BYTES], char *out, size_t len)
{
	char dir[PATH_MAX - 96], hex[2 * WW_DATA_KEY_BYTES + 1];
	if (cache_dir(dir, sizeof dir))
		return -1;
	sodium_bin2hex(hex, sizeof hex, key, WW_DATA_KEY_BYTES);
	int n = snprintf(out, len, "%s/data-%.32s.bin", dir, hex);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int ww_data_cache_read(const unsigned char key[WW_DATA_KEY_BYTES], struct ww_data *d)
{
	char path[PATH_MAX];
	struct header h;
	unsigned char sum[WW_DATA_KEY_BYTES];
	if (entry_path(key, path, sizeof path))
		return -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	int ok = fstat(fd, &st) == 0 && st.st_size == (off_t)(sizeof h + sizeof *d) &&
		 read(fd, &h, sizeof h) == (ssize_t)sizeof h &&
		 read(fd, d, sizeof *d) == (ssize_t)sizeof *d;
	close(fd);
	if (!ok || memcmp(h.magic, MAGIC, sizeof MAGIC) || memcmp(h.key, key, sizeof h.key))
		return -1;
	crypto_generichash(sum, sizeof sum, (const unsigned char *)d, sizeof *d, NULL, 0);
	return memcmp(sum, h.sum, sizeof sum) ? -1 : 0;
}

void ww_data_cache_write(const unsigned char key[WW_DATA_KEY_BYTES], const struct ww_data *d)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16];
	struct header h = { .magic = MAGIC };
	if (entry_path(key, path, sizeof path) ||
	    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp)
		return;
	memcpy(h.key, key, sizeof h.key);
	crypto_generichash(h.sum, sizeof h.sum, (const unsigned char *)d, sizeof *d, NULL, 0);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return;
	int ok = write(fd, &h, sizeof h) == (ssize_t)sizeof h &&
		 write(fd, d, sizeof *d) == (ssize_t)sizeof *d;
	if (close(fd) || !ok || rename(tmp, path))
		unlink(tmp);
}
