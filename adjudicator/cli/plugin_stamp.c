/* A plugin's compatibility stamp read from its file (plugin.h): the
 * bytes of an exported data symbol, found through the section headers
 * and .dynsym. Loading the file to ask dlsym would run its constructors
 * first, so nothing here maps or executes it. */
#include <elf.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "plugin.h"

#define NATIVE_CLASS (__ELF_NATIVE_CLASS == 64 ? ELFCLASS64 : ELFCLASS32)
#define NATIVE_DATA (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB)
/* Far more than any plugin's section table, .dynsym or .dynstr. */
#define PART_MAX ((uint64_t)64 << 20)

static bool read_at(int fd, void *to, size_t n, uint64_t off)
{
	return off <= INT64_MAX && pread(fd, to, n, (off_t)off) == (ssize_t)n;
}

/* n bytes of the file from off, to be freed; NULL when they are not all
 * in the file. */
static void *read_part(int fd, uint64_t n, uint64_t off)
{
	if (n == 0 || n > PART_MAX)
		return NULL;
	void *p = malloc(n);
	if (p && !read_at(fd, p, n, off)) {
		free(p);
		p = NULL;
	}
	return p;
}

static const ElfW(Shdr) *section_of_type(const ElfW(Shdr) *sh, size_t n, uint32_t type)
{
	for (size_t i = 0; i < n; i++)
		if (sh[i].sh_type == type)
			return &sh[i];
	return NULL;
}

/* The symbol `name` of the table syms (nsyms entries, names in strs). */
static bool find_symbol(const char *syms, size_t nsyms, const char *strs, size_t nstrs,
			const char *name, ElfW(Sym) *sym)
{
	size_t len = strlen(name);
	for (size_t i = 0; i < nsyms; i++) {
		memcpy(sym, syms + i * sizeof *sym, sizeof *sym);
		if (sym->st_name < nstrs && nstrs - sym->st_name > len &&
		    !memcmp(strs + sym->st_name, name, len + 1))
			return true;
	}
	return false;
}

/* The value of sym, an unsigned long in the section it names. */
static bool read_value(int fd, const ElfW(Shdr) *sh, size_t nsh, const ElfW(Sym) *sym,
		       unsigned long *value)
{
	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= nsh ||
	    sym->st_size != sizeof *value)
		return false;
	const ElfW(Shdr) *in = &sh[sym->st_shndx];
	return in->sh_type != SHT_NOBITS && sym->st_value >= in->sh_addr &&
	       in->sh_size >= sizeof *value &&
	       sym->st_value - in->sh_addr <= in->sh_size - sizeof *value &&
	       read_at(fd, value, sizeof *value, in->sh_offset + (sym->st_value - in->sh_addr));
}

static int stamp_in(int fd, const ElfW(Shdr) *sh, size_t nsh, const char *symbol,
		    unsigned long *stamp)
{
	const ElfW(Shdr) *dynsym = section_of_type(sh, nsh, SHT_DYNSYM);
	if (!dynsym || dynsym->sh_link >= nsh || dynsym->sh_entsize != sizeof(ElfW(Sym)))
		return -2;
	const ElfW(Shdr) *dynstr = &sh[dynsym->sh_link];
	char *syms = read_part(fd, dynsym->sh_size, dynsym->sh_offset);
	char *strs = read_part(fd, dynstr->sh_size, dynstr->sh_offset);
	ElfW(Sym) sym;
	bool found = syms && strs &&
		     find_symbol(syms, dynsym->sh_size / sizeof sym, strs, dynstr->sh_size,
				 symbol, &sym) &&
		     read_value(fd, sh, nsh, &sym, stamp);
	free(syms);
	free(strs);
	return found ? 0 : -2;
}

int wj_plugin_stamp(int fd, const char *symbol, unsigned long *stamp)
{
	ElfW(Ehdr) eh;
	if (!read_at(fd, &eh, sizeof eh, 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != NATIVE_CLASS || eh.e_ident[EI_DATA] != NATIVE_DATA ||
	    eh.e_type != ET_DYN)
		return -1;
	if (eh.e_shentsize != sizeof(ElfW(Shdr)))
		return -2;
	ElfW(Shdr) *sh = read_part(fd, (uint64_t)eh.e_shnum * sizeof *sh, eh.e_shoff);
	if (!sh)
		return -2;
	int r = stamp_in(fd, sh, eh.e_shnum, symbol, stamp);
	free(sh);
	return r;
}
