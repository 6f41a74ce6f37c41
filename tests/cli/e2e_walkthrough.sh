# End to end: docs/walkthrough.md run step by step, from `make install`
# to two players' first mails and their reports, through Postfix (the
# pipe to wwjudge) and Dovecot started on 127.0.0.1 by the test itself
# (tests/e2e/walkthrough.sh; issue 12). Skipped, with the reason, where
# tests/cli/e2e_mail.sh is, and where a wwjudge user exists already (the
# walkthrough makes it, and the test removes it when done).
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
E2E_DOMAIN=example.org
. "$E2E/servers.sh"
if e2e_can_run; then
	# one walkthrough at a time on this machine: each makes the wwjudge user
	exec 8>"${TMPDIR:-/tmp}/wwjudge-e2e-walkthrough.lock"
	flock 8
	if getent passwd wwjudge >/dev/null || getent group wwjudge >/dev/null; then
		echo "skipped: a wwjudge user or group exists on this machine; the walkthrough makes its own"
		exit 0
	fi
fi
e2e_begin judge washington howe
trap 'e2e_stop; getent passwd wwjudge >/dev/null && userdel wwjudge; rm -rf "$T"' EXIT
. "$E2E/mail_helpers.sh"
. "$E2E/walkthrough.sh"
echo "e2e walkthrough: every step of docs/walkthrough.md ran; both players' reports checked"
