# End to end: Tarleton's Quarter! by mail through Postfix and Dovecot
# started on 127.0.0.1 by the test itself (tests/e2e/tarletons_quarter.sh;
# issue 24). Skipped, with the reason, only where the servers cannot run
# at all (not root, not installed: tools/deps.sh installs them).
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
. "$E2E/servers.sh"
e2e_begin judge co uk
. "$E2E/tarletons_quarter.sh"
echo "e2e tarletons-quarter: every report checked"
