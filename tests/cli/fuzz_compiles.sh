# The libFuzzer harnesses (make fuzz, docs/robustness.md) need clang and
# are not built by make test; this compiles each with the test compiler,
# syntax only, so that a harness that no longer builds (fuzz.h once
# defined fuzz_sk_data twice) is caught here rather than at the next
# fuzzing run.
. "$(dirname "$0")/lib.bash"
root="$(cd "$(dirname "$0")/../.." && pwd)"
incs=$(find "$root/adjudicator" -name '*.h' -printf '-I%h\n' | sort -u)
n=0
for f in "$root"/fuzz/*.c; do
	# shellcheck disable=SC2086
	cc -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -Wall -Wextra -Werror -fsyntax-only \
		$incs -I"$root/fuzz" "$f" 2>"$T/err" || { cat "$T/err"; fail "fuzz/$(basename "$f") does not compile"; }
	n=$((n + 1))
done
[ "$n" -ge 7 ] || fail "only $n harnesses in fuzz/"
echo ok
