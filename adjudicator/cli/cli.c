/* What every command of wwjudge shares (cli.h). */
#include <stdarg.h>
#include <stdio.h>
#include <sysexits.h>
#include "buf.h"
#include "cli.h"

int cli_usage(const char *who, const char *usage, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ww_vlog(who, fmt, ap);
	va_end(ap);
	fputs(usage, stderr);
	return EX_USAGE;
}
