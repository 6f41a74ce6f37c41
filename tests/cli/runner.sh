# Issue 26, a test that did not run says so: tests/run counts a skip as
# skipped, not passed, names it with its reason, and fails the run for a
# skip this machine has no reason for (a tool tools/deps.sh installs, a
# "not root" skip run as root) and for a cmocka skip().
. "$(dirname "$0")/lib.bash"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$T/cli"
lib=$ROOT/tests/cli/lib.bash
printf '. %s\necho fine\n' "$lib" >"$T/cli/a_passes.sh"
printf '. %s\nskip_part "not root" "a part that needs root"\necho rest ran\n' "$lib" >"$T/cli/b_part.sh"
printf '. %s\nskip_test "not root" "all of it needs root"\necho never\n' "$lib" >"$T/cli/c_whole.sh"
run() { TESTS_CLI=$T/cli "$ROOT/tests/run" "$@" >"$T/run.out" 2>&1; }

# not root, a "not root" skip is counted and named, and the run passes
# (as root, the runner is run as nobody for that)
as_user=()
if [ "$(id -u)" -eq 0 ]; then
	as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
	chmod 755 "$T"
fi
"${as_user[@]}" env TESTS_CLI="$T/cli" "$ROOT/tests/run" >"$T/run.out" 2>&1 ||
	{ cat "$T/run.out"; fail "skips for 'not root' failed a run that is not root"; }
in_file "$T/run.out" "2 passed, 0 failed, 2 skipped"
in_file "$T/run.out" "skipped: $T/cli/b_part.sh: (not root): a part that needs root"
in_file "$T/run.out" "skipped: $T/cli/c_whole.sh: (not root): all of it needs root"
in_file "$T/run.out" "[ SKIPPED ] $T/cli/c_whole.sh"

if [ "$(id -u)" -eq 0 ]; then
	# run as root, "not root" is no reason: both tests fail, and say why
	! run || { cat "$T/run.out"; fail "a 'not root' skip passed as root"; }
	in_file "$T/run.out" "1 passed, 2 failed, 2 skipped"
	in_file "$T/run.out" "skipped for a reason this machine does not have: skipped (not root): a part that needs root"
	in_file "$T/run.out" "(not root): all of it needs root [not allowed here]"
fi

# a reason that is not one of the two, e.g. a tool deps.sh installs
rm "$T/cli/b_part.sh" "$T/cli/c_whole.sh"
printf '. %s\nskip_test "no openssl" "openssl is missing"\n' "$lib" >"$T/cli/d_tool.sh"
! run || { cat "$T/run.out"; fail "a skip for a missing tool passed"; }
in_file "$T/run.out" "1 passed, 1 failed, 1 skipped"
in_file "$T/run.out" "(no openssl): openssl is missing [not allowed here]"

# a cmocka skip() is counted as skipped and fails the run
rm "$T/cli/d_tool.sh"
cat >"$T/cmocka" <<'SH'
#!/bin/sh
printf '[==========] Running 2 test(s).\n[ RUN      ] a\n[  SKIPPED ] a\n[ RUN      ] b\n[       OK ] b\n'
printf '[==========] 2 test(s) run.\n[  PASSED  ] 1 test(s).\n[  SKIPPED ] 1 test(s), listed below:\n[  SKIPPED ] a\n'
SH
chmod +x "$T/cmocka"
! run "$T/cmocka" || { cat "$T/run.out"; fail "a cmocka skip() passed"; }
in_file "$T/run.out" "2 passed, 1 failed, 1 skipped"
in_file "$T/run.out" "skipped: $T/cmocka: a [cmocka skip(): not allowed]"
echo "the runner counts, names and judges skips"
