# End to end: a game by mail through Postfix and Dovecot started on
# 127.0.0.1 by the test itself (tests/e2e/). Skipped, with the reason,
# only where the servers cannot run at all (not root, not installed:
# tools/deps.sh installs them).
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
. "$E2E/servers.sh"
if ! e2e_can_run; then
	echo "skipped: $E2E_SKIP"
	exit 0
fi
trap 'e2e_stop; rm -rf "$T"' EXIT
mkdir -p "$T/servers"
e2e_start "$T/servers" judge us uk eve || {
	tail -n 20 "$T"/servers/*.log "$T"/servers/*.start 2>/dev/null
	fail "the mail servers do not start: $E2E_SKIP"
}
. "$E2E/play.sh"
echo "e2e mail: every report checked"
