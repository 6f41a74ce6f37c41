# End to end: docs/walkthrough.md run step by step, from `make install`
# to two players' first mails and their reports, through Postfix (the
# pipe to wwjudge) and Dovecot started on 127.0.0.1 by the test itself
# (tests/e2e/walkthrough.sh; issue 12). Skipped, with the reason, where
# tests/cli/e2e_mail.sh is (not root).
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
E2E_DOMAIN=example.org
. "$E2E/servers.sh"
# The walkthrough's user is the test's own, a name no user or group has
# here, so a machine where the real wwjudge user exists runs it too; the
# test removes its user and group when done.
for n in $(seq 1 100); do
	WJ_USER="wwjt${$}x$n"
	getent passwd "$WJ_USER" >/dev/null || getent group "$WJ_USER" >/dev/null || break
done
e2e_begin judge washington howe
trap 'e2e_stop; remove_user; rm -rf "$T"' EXIT
remove_user() {
	getent passwd "$WJ_USER" >/dev/null && userdel "$WJ_USER"
	getent group "$WJ_USER" >/dev/null && groupdel "$WJ_USER"
	rm -f "/var/mail/$WJ_USER"
	return 0
}
. "$E2E/mail_helpers.sh"
. "$E2E/walkthrough.sh"
remove_user
! getent passwd "$WJ_USER" >/dev/null && ! getent group "$WJ_USER" >/dev/null ||
	fail "the walkthrough's user $WJ_USER is still on this machine"
echo "e2e walkthrough: every step of docs/walkthrough.md ran as user $WJ_USER; both players' reports checked"
