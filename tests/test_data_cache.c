/* The data cache (cache.h): a second load of the same files by the
 * same program reads the cache and gives the same bytes; a changed file,
 * a damaged cache file, a cache that cannot be written, WW_CACHE=off and
 * a data set that does not load are all parsed as if there were no cache. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include <cmocka.h>

#include "cache.h"
#include "data.h"

static char root[64], data[128], cache[128];
static struct ww_data *a, *b;
static struct wj_data_problems p;

static void sh(const char *fmt, const char *x, const char *y)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, fmt, x, y);
	assert_int_equal(system(cmd), 0);
}

static int setup(void **s)
{
	(void)s;
	snprintf(root, sizeof root, "/tmp/ww-cache-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	snprintf(data, sizeof data, "%s/data", root);
	snprintf(cache, sizeof cache, "%s/cache", root);
	const char *src = getenv("WW_DATA") ? getenv("WW_DATA") : "data/washingtons-war";
	char cmd[512];
	snprintf(cmd, sizeof cmd, "cp -r '%s' '%s'", src, data);
	a = calloc(1, sizeof *a);
	b = calloc(1, sizeof *b);
	return system(cmd) || !a || !b ? -1 : 0;
}

static int teardown(void **s)
{
	(void)s;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	free(a);
	free(b);
	return system(cmd) ? -1 : 0;
}

/* Each test starts with an empty cache directory of its own. */
static int fresh_cache(void **s)
{
	(void)s;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir '%s'", cache, cache);
	setenv("WW_CACHE", cache, 1);
	return system(cmd) ? -1 : 0;
}

/* The entries in the cache directory; the path of the last in `path`. */
static int entries(char *path, int len)
{
	int n = 0;
	DIR *dir = opendir(cache);
	if (!dir)
		return 0;
	for (struct dirent *e; (e = readdir(dir));) {
		if (e->d_name[0] == '.')
			continue;
		n++;
		if (path)
			snprintf(path, (size_t)len, "%s/%.100s", cache, e->d_name);
	}
	closedir(dir);
	return n;
}

static void load(struct ww_data *d)
{
	assert_int_equal(ww_data_load(data, d, &p), 0);
	assert_int_equal(p.n, 0);
}

static void test_second_load_reads_what_the_first_kept(void **s)
{
	(void)s;
	load(a);
	assert_int_equal(entries(NULL, 0), 1);
	load(b);
	assert_int_equal(entries(NULL, 0), 1);
	assert_memory_equal(a, b, sizeof *a);
	assert_string_equal(b->spaces[ww_space_by_name(b, "Boston MA")].folded, "boston ma");
}

/* Rewrites the data bytes of a cache entry: the first space's name
 * becomes `name`; its hash is made to match when `rehash`. */
static void tamper(const char *path, const char *name, bool rehash)
{
	FILE *f = fopen(path, "r+b");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long header = ftell(f) - (long)sizeof(struct ww_data);
	assert_true(header > 32);
	fseek(f, header, SEEK_SET);
	assert_int_equal(fread(b, sizeof *b, 1, f), 1);
	snprintf(b->spaces[0].name, sizeof b->spaces[0].name, "%s", name);
	fseek(f, header, SEEK_SET);
	fwrite(b, sizeof *b, 1, f);
	if (rehash) { /* the header ends with the checksum */
		uint64_t sum = wj_cache_checksum(WJ_CACHE_CHECKSUM_START, b, sizeof *b);
		fseek(f, header - (long)sizeof sum, SEEK_SET);
		fwrite(&sum, sizeof sum, 1, f);
	}
	assert_int_equal(fclose(f), 0);
}

/* What a valid entry holds is what the load gives: the cache is read. */
static void test_a_valid_entry_is_believed(void **s)
{
	(void)s;
	char path[300];
	load(a);
	assert_int_equal(entries(path, sizeof path), 1);
	tamper(path, "Cached Town", true);
	load(b);
	assert_string_equal(b->spaces[0].name, "Cached Town");
}

/* Bytes that do not match their hash are parsed over, and the entry is
 * written again. */
static void test_a_damaged_entry_is_parsed_over(void **s)
{
	(void)s;
	char path[300];
	load(a);
	assert_int_equal(entries(path, sizeof path), 1);
	tamper(path, "Damaged Town", false);
	load(b);
	assert_memory_equal(a, b, sizeof *a);
	/* the entry holds the parsed bytes again */
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, -(long)sizeof *b, SEEK_END);
	assert_int_equal(fread(b, sizeof *b, 1, f), 1);
	fclose(f);
	assert_memory_equal(a->spaces, b->spaces, sizeof a->spaces);
}

/* Another byte in any file is another key: never a stale data set. */
static void test_a_changed_file_is_parsed_again(void **s)
{
	(void)s;
	load(a);
	sh("sed -i 's/^id: .*/id: changed-by-the-test/' '%s/dataset.yaml'%s", data, "");
	load(b);
	assert_string_equal(b->id, "changed-by-the-test");
	assert_int_equal(entries(NULL, 0), 2);
	sh("sed -i 's/^id: .*/id: %s/' '%s/dataset.yaml'", a->id, data);
	load(b);
	assert_memory_equal(a, b, sizeof *a);
}

/* An entry others could have written is not believed: the cache is
 * read as it stands, so only this user's own, unshared entries count. */
static void test_an_entry_others_can_write_is_not_believed(void **s)
{
	(void)s;
	char path[300];
	load(a);
	assert_int_equal(entries(path, sizeof path), 1);
	tamper(path, "Planted Town", true);
	sh("chmod 666 '%s'%s", path, "");
	load(b);
	assert_memory_equal(a, b, sizeof *a);
}

static void test_off_and_unwritable_still_load(void **s)
{
	(void)s;
	setenv("WW_CACHE", "off", 1);
	load(a);
	assert_int_equal(entries(NULL, 0), 0);
	setenv("WW_CACHE", "/proc/no-cache-here", 1);
	load(b);
	assert_memory_equal(a, b, sizeof *a);
}

/* A data set with a problem is reported as before and not kept. */
static void test_a_broken_data_set_is_not_kept(void **s)
{
	(void)s;
	sh("cp '%s/links.yaml' '%s/links.yaml.good'", data, data);
	sh("printf 'links: [\\n' >'%s/links.yaml'%s", data, "");
	assert_int_equal(ww_data_load(data, a, &p), -1);
	assert_true(p.n > 0);
	assert_string_equal(p.v[0].file, "links.yaml");
	assert_int_equal(entries(NULL, 0), 0);
	sh("mv '%s/links.yaml.good' '%s/links.yaml'", data, data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_second_load_reads_what_the_first_kept, fresh_cache),
		cmocka_unit_test_setup(test_a_valid_entry_is_believed, fresh_cache),
		cmocka_unit_test_setup(test_a_damaged_entry_is_parsed_over, fresh_cache),
		cmocka_unit_test_setup(test_a_changed_file_is_parsed_again, fresh_cache),
		cmocka_unit_test_setup(test_an_entry_others_can_write_is_not_believed, fresh_cache),
		cmocka_unit_test_setup(test_off_and_unwritable_still_load, fresh_cache),
		cmocka_unit_test_setup(test_a_broken_data_set_is_not_kept, fresh_cache),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
