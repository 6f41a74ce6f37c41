/* wj_plugin_stamp (plugin_stamp.c, issue 11): a plugin's stamp is read
 * from its file before it is loaded, so the reader meets files that are
 * not what they claim. Each test writes a small shared object image,
 * spoils one field, and checks the answer: the stamp, -1 (not a shared
 * object for this machine) or -2 (no stamp), never a read outside the
 * file or a crash. */
#include <elf.h>
#include <link.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "plugin.h"

#define DATA_ADDR 0x1000
#define STAMP 0x5eedUL

/* The whole file: a header, one data section holding the stamp, .dynstr,
 * .dynsym and the section table. */
struct image {
	ElfW(Ehdr) eh;
	unsigned long stamp;
	char strs[32];
	ElfW(Sym) syms[3];
	ElfW(Shdr) sh[4];
};

enum { SH_DATA = 1, SH_DYNSTR, SH_DYNSYM };

static void good_image(struct image *im)
{
	memset(im, 0, sizeof *im);
	memcpy(im->eh.e_ident, ELFMAG, SELFMAG);
	im->eh.e_ident[EI_CLASS] = __ELF_NATIVE_CLASS == 64 ? ELFCLASS64 : ELFCLASS32;
	im->eh.e_ident[EI_DATA] = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB
									     : ELFDATA2MSB;
	im->eh.e_type = ET_DYN;
	im->eh.e_shoff = offsetof(struct image, sh);
	im->eh.e_shentsize = sizeof(ElfW(Shdr));
	im->eh.e_shnum = 4;
	im->stamp = STAMP;
	memcpy(im->strs, "\0wj_other\0wj_png_abi", 21);
	im->syms[1] = (ElfW(Sym)){ .st_name = 1, .st_shndx = SH_DATA, .st_value = DATA_ADDR,
				   .st_size = 4 };
	im->syms[2] = (ElfW(Sym)){ .st_name = 10, .st_shndx = SH_DATA, .st_value = DATA_ADDR,
				   .st_size = sizeof(unsigned long) };
	im->sh[SH_DATA] = (ElfW(Shdr)){ .sh_type = SHT_PROGBITS, .sh_addr = DATA_ADDR,
					.sh_offset = offsetof(struct image, stamp),
					.sh_size = sizeof im->stamp };
	im->sh[SH_DYNSTR] = (ElfW(Shdr)){ .sh_type = SHT_STRTAB,
					  .sh_offset = offsetof(struct image, strs),
					  .sh_size = sizeof im->strs };
	im->sh[SH_DYNSYM] = (ElfW(Shdr)){ .sh_type = SHT_DYNSYM, .sh_link = SH_DYNSTR,
					  .sh_offset = offsetof(struct image, syms),
					  .sh_size = sizeof im->syms,
					  .sh_entsize = sizeof(ElfW(Sym)) };
}

/* wj_plugin_stamp of the first len bytes of im, looking for symbol. */
static int stamp_of(const struct image *im, size_t len, const char *symbol,
		    unsigned long *stamp)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	assert_int_equal(fwrite(im, 1, len, f), len);
	assert_int_equal(fflush(f), 0);
	int r = wj_plugin_stamp(fileno(f), symbol, stamp);
	fclose(f);
	return r;
}

static int spoilt(const struct image *im)
{
	unsigned long stamp = 0;
	return stamp_of(im, sizeof *im, "wj_png_abi", &stamp);
}

static void stamp_read_from_the_file(void **state)
{
	(void)state;
	struct image im;
	unsigned long stamp = 0;
	good_image(&im);
	assert_int_equal(stamp_of(&im, sizeof im, "wj_png_abi", &stamp), 0);
	assert_int_equal(stamp, STAMP);
	assert_int_equal(stamp_of(&im, sizeof im, "wj_net_abi", &stamp), -2);
	assert_int_equal(stamp_of(&im, sizeof im, "ww_png", &stamp), -2);
	/* a symbol of another size is no stamp */
	assert_int_equal(stamp_of(&im, sizeof im, "ww_other", &stamp), -2);
}

static void not_a_shared_object(void **state)
{
	(void)state;
	struct image im;
	unsigned long stamp;
	good_image(&im);
	assert_int_equal(stamp_of(&im, sizeof im.eh - 1, "wj_png_abi", &stamp), -1);
	im.eh.e_ident[EI_MAG1] = 'X';
	assert_int_equal(spoilt(&im), -1);
	good_image(&im);
	im.eh.e_type = ET_EXEC;
	assert_int_equal(spoilt(&im), -1);
	good_image(&im);
	im.eh.e_ident[EI_CLASS] = __ELF_NATIVE_CLASS == 64 ? ELFCLASS32 : ELFCLASS64;
	assert_int_equal(spoilt(&im), -1);
}

static void section_table_outside_the_file(void **state)
{
	(void)state;
	struct image im;
	good_image(&im);
	im.eh.e_shoff = sizeof im - sizeof im.sh[0];
	assert_int_equal(spoilt(&im), -2);
	im.eh.e_shoff = UINT64_MAX - 8;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.eh.e_shentsize = 1;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.eh.e_shnum = 0;
	assert_int_equal(spoilt(&im), -2);
}

static void symbol_tables_outside_the_file(void **state)
{
	(void)state;
	struct image im;
	good_image(&im);
	im.sh[SH_DYNSYM].sh_link = 9;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.sh[SH_DYNSYM].sh_size = UINT64_MAX;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.sh[SH_DYNSTR].sh_offset = sizeof im;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.sh[SH_DYNSYM].sh_entsize = 1;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.syms[2].st_name = sizeof im.strs;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	/* the name runs to the end of .dynstr with no terminating NUL */
	im.sh[SH_DYNSTR].sh_size = 20;
	assert_int_equal(spoilt(&im), -2);
}

static void stamp_outside_its_section(void **state)
{
	(void)state;
	struct image im;
	good_image(&im);
	im.syms[2].st_value = DATA_ADDR + 1;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.syms[2].st_value = DATA_ADDR - 8;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.syms[2].st_shndx = 7;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.syms[2].st_shndx = SHN_UNDEF;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.sh[SH_DATA].sh_type = SHT_NOBITS;
	assert_int_equal(spoilt(&im), -2);
	good_image(&im);
	im.sh[SH_DATA].sh_offset = sizeof im - 4;
	assert_int_equal(spoilt(&im), -2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stamp_read_from_the_file),
		cmocka_unit_test(not_a_shared_object),
		cmocka_unit_test(section_table_outside_the_file),
		cmocka_unit_test(symbol_tables_outside_the_file),
		cmocka_unit_test(stamp_outside_its_section),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
