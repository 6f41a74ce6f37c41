# End to end over TLS: `wwjudge send` with STARTTLS required and `wwjudge
# poll` over imaps:// and IMAP STARTTLS, the servers' certificate signed
# by a throwaway CA given as tls_ca_file (tests/e2e/tls.sh). Skipped, with
# the reason, where tests/cli/e2e_mail.sh is (not root).
. "$(dirname "$0")/lib.bash"
E2E="$(cd "$(dirname "$0")/../e2e" && pwd)"
. "$E2E/servers.sh"
command -v openssl >/dev/null || fail "openssl is not installed (tools/deps.sh installs it)"
e2e_begin judge us uk
. "$E2E/tls.sh"
echo "e2e tls: STARTTLS send, imaps and STARTTLS poll with tls_ca_file;" \
	"without it send and poll fail (75) and keep their mail"
