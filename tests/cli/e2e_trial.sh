# End to end: docs/trial.md run step by step (issue 22.6): Postfix and
# Dovecot configured by contrib/trial/ as the doc says, on free ports of
# 127.0.0.1, three mailboxes, a game announced, an order mail sent by
# SMTP, the judge's poll, and both players' reports read over IMAP
# (tests/e2e/trial.sh). Skipped, with the reason, when not root.
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
E2E_DOMAIN=example.org
. "$E2E/servers.sh"
if [ "$(id -u)" -ne 0 ]; then
	skip_test "not root" "Postfix and Dovecot need root to start"
fi
e2e_can_run || fail "the mail servers cannot run here: $E2E_SKIP"
# The trial's users are the test's own, names no user or group has here,
# removed when done.
free_name() {
	local n u
	for n in $(seq 1 100); do
		u="$1${$}x$n"
		getent passwd "$u" >/dev/null || getent group "$u" >/dev/null || { echo "$u"; return; }
	done
	fail "no free user name"
}
WJ_USER=$(free_name wwjt) VM_USER=$(free_name vmt)
remove_users() {
	local u
	for u in "$WJ_USER" "$VM_USER"; do
		if getent passwd "$u" >/dev/null; then userdel "$u" || true; fi
		if getent group "$u" >/dev/null; then groupdel "$u" || true; fi
		rm -f "/var/mail/$u"
	done
	return 0
}
trap 'set +e; trial_stop; remove_users; rm -rf "$T"' EXIT
. "$E2E/trial.sh"
remove_users
for u in "$WJ_USER" "$VM_USER"; do
	! getent passwd "$u" >/dev/null && ! getent group "$u" >/dev/null ||
		fail "the trial's user $u is still on this machine"
done
echo "e2e trial: every step of docs/trial.md ran (users $VM_USER, $WJ_USER); the order by SMTP, the poll and both players' reports over IMAP checked"
