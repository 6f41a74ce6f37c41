# Issue 13: test hooks only in test builds. The crash hooks (WW_CRASH_AT,
# WW_CRASH_POLL, WW_CRASH_SEND) and the clock (WW_NOW) are read through
# core/test_hooks.c alone, which reads the environment only where the
# build defines WJ_TEST_HOOKS (san/, the tests' build): the production
# object `make` builds asks for no getenv.
. "$(dirname "$0")/lib.bash"
root="$(cd "$(dirname "$0")/../.." && pwd)"
make -s -C "$root" build/core/test_hooks.o san/core/test_hooks.o >"$T/make.out" 2>&1 ||
	{ cat "$T/make.out"; fail "make build/core/test_hooks.o"; }
nm -u "$root/build/core/test_hooks.o" | grep -qw getenv &&
	fail "the production build's test hooks read the environment"
nm -u "$root/san/core/test_hooks.o" | grep -qw getenv ||
	fail "the test build's hooks do not read the environment"
for hook in WW_CRASH_AT WW_CRASH_POLL WW_CRASH_SEND WW_NOW; do
	if grep -rn "getenv(\"$hook\")" "$root/adjudicator" >"$T/grep.out"; then
		cat "$T/grep.out"
		fail "$hook is read with getenv, not through core/test_hooks.h"
	fi
done
