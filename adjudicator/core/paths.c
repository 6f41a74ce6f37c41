/* Where the running program is: data/, templates/ and the plugins are
 * found relative to it when nothing says otherwise. */
#include <string.h>
#include <unistd.h>
#include "paths.h"

int wj_exe_dir(char *out, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", out, len - 1);
	if (n <= 0)
		return -1;
	out[n] = '\0';
	char *slash = strrchr(out, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	return 0;
}
