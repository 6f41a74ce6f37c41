# End to end: `wwjudge poll` and `wwjudge replay --archive` killed at every
# write step, through Postfix and Dovecot started on 127.0.0.1 by the test
# itself (tests/e2e/crash_poll.sh). Skipped, with the reason, exactly
# where tests/cli/e2e_mail.sh is: where the servers cannot run at all.
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
. "$E2E/servers.sh"
e2e_begin judge us uk
. "$E2E/crash_poll.sh"
echo "e2e crash: poll killed at $POLL_STEPS poll steps, $SEND_STEPS send steps and" \
	"commit steps$COMMIT_STEPS; replay killed at $REPLAY_STEPS steps" \
	"($REPLAY_LEFT scratch directories left); every re-run came right"
