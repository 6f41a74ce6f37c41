#ifndef WJ_PATHS_H
#define WJ_PATHS_H

#include <stddef.h>

/* The directory the running program is in (readlink of /proc/self/exe
 * without the last part): 0, or -1. */
int wj_exe_dir(char *out, size_t len);

#endif
