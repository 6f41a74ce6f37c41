/* Small files kept many to a file (core/pack.c), so that a long game
 * takes few disk blocks: its older log entries and the records of its
 * sent mails (docs/record.md, "Packs"). A pack is its members one after
 * another, each a line "--- # NAME, LEN bytes" and then its LEN bytes:
 * a YAML stream when the members are YAML documents. A pack is written
 * whole beside its members before any of them is removed, so a member is
 * always in one place or the other, with the same bytes. */
#ifndef WJ_PACK_H
#define WJ_PACK_H

#include <stddef.h>

struct wj_pack_member {
	const char *name; /* not NUL-terminated: nlen bytes */
	size_t nlen;
	const char *at;   /* its bytes */
	size_t len;
};

/* The member after *pos in pack text (*pos 0 for the first): 1 with it in
 * *m and *pos past it, 0 at the end, -1 where the pack is damaged. */
int wj_pack_next(const char *text, size_t len, size_t *pos, struct wj_pack_member *m);

/* Member `name` of the pack text: 1 with it in *m, 0 when the pack does
 * not hold it, -1 when the pack is damaged before it. */
int wj_pack_find(const char *text, size_t len, const char *name, struct wj_pack_member *m);

/* Packs the n files `names` of directory `dir` into the file `pack` of
 * it, then removes them. A pack already there (a run stopped before it
 * removed them all) is kept, and only the members it holds with the same
 * bytes are removed. `step`, when given, is called before each write,
 * rename and removal (crash tests). 0, or -1 with what failed in err (a
 * member missing: nothing written). */
int wj_pack_files(const char *dir, const char *pack, const char *const *names, int n,
		  void (*step)(void), char *err, size_t errlen);

#endif
