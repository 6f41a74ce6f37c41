# End to end: a game of Skirmish by mail through Postfix and Dovecot
# started on 127.0.0.1 by the test itself (tests/e2e/skirmish.sh; issue
# 14). Skipped, with the reason, only where the servers cannot run at
# all (not root, not installed: tools/deps.sh installs them).
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
. "$E2E/servers.sh"
e2e_begin judge us uk
. "$E2E/skirmish.sh"
echo "e2e skirmish: every report checked"
