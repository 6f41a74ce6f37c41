# Private Postfix and Dovecot instances on loopback for the end-to-end mail
# tests. Sourced, not run. e2e_start DIR USER... starts both with every
# file under DIR (config, queue, Maildirs, logs) and mailboxes
# USER@example.test (password: the user name reversed, see e2e_password);
# e2e_stop stops them. Sets SMTP_PORT, IMAP_PORT and E2E_SKIP (why they
# cannot run here, empty if they can).
# With `openssl` there, a throwaway CA ($E2E_CA, in DIR/tls) signs a
# certificate for 127.0.0.1 and localhost: Postfix offers STARTTLS on
# SMTP_PORT, Dovecot STARTTLS on IMAP_PORT and implicit TLS on IMAPS_PORT
# (E2E_CA and IMAPS_PORT are empty without openssl). Plain text stays
# allowed on both plain ports.
# Nothing listens anywhere but 127.0.0.1, and nothing is relayed: Postfix
# delivers only to example.test and refuses every other domain.

PATH="$PATH:/usr/sbin:/sbin"
E2E_UID=65534 E2E_GID=65534 # nobody:nogroup owns the Maildirs
E2E_DOMAIN=${E2E_DOMAIN:-example.test} # the walkthrough sets example.org

e2e_password() { echo "pw-$1"; }

# e2e_judge_conf GAMES JUDGE [LINE...]: the judge's config for the plain
# SMTP and IMAP ports, with the lines given after.
e2e_judge_conf() {
	local games=$1 judge=$2
	shift 2
	cat <<CF
games = $games
judge = $judge
from_name = "The Judge"
smtp_url = smtp://127.0.0.1:$SMTP_PORT
smtp_tls = none
imap_url = imap://127.0.0.1:$IMAP_PORT/INBOX
imap_user = $judge
imap_password = $(e2e_password judge)
imap_tls = none
CF
	[ $# -eq 0 ] || printf '%s\n' "$@"
}

# e2e_free_port: a TCP port on 127.0.0.1 that nothing listens on, below
# the kernel's ephemeral range (ip_local_port_range, from 32768), where an
# outgoing connection's own port could make the server's bind fail, and
# none of the ports given (those already chosen).
e2e_free_port() {
	local p
	for _ in $(seq 1 50); do
		p=$((20000 + RANDOM % 12000))
		case " $* " in *" $p "*) continue ;; esac
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# e2e_wait_port PORT SECONDS: until something listens on 127.0.0.1:PORT.
e2e_wait_port() {
	local i
	for i in $(seq 1 $(($2 * 10))); do
		(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

e2e_can_run() {
	E2E_SKIP=
	if [ "$(id -u)" -ne 0 ]; then
		E2E_SKIP="Postfix and Dovecot need root to start"
	elif ! command -v postfix >/dev/null || ! [ -x /usr/sbin/postfix ]; then
		E2E_SKIP="postfix is not installed (tools/deps.sh installs it)"
	elif ! command -v dovecot >/dev/null; then
		E2E_SKIP="dovecot is not installed (tools/deps.sh installs it)"
	elif ! getent passwd postfix >/dev/null || ! getent group postdrop >/dev/null; then
		E2E_SKIP="the postfix user or the postdrop group is missing"
	elif ! getent passwd dovenull >/dev/null || ! getent passwd dovecot >/dev/null; then
		E2E_SKIP="the dovecot users are missing"
	fi
	[ -z "$E2E_SKIP" ]
}

# e2e_certs DIR: DIR/tls/ca.pem (the CA), server.pem and server.key.
e2e_certs() {
	local t=$1/tls
	mkdir -p "$t"
	E2E_CA=
	command -v openssl >/dev/null || return 0
	local ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
	openssl req -x509 "${ec[@]}" -keyout "$t/ca.key" -out "$t/ca.pem" -days 2 \
		-subj "/CN=wwjudge e2e throwaway CA" \
		-addext "basicConstraints=critical,CA:TRUE" \
		-addext "keyUsage=critical,keyCertSign,cRLSign" >"$t/openssl.log" 2>&1 &&
	openssl req "${ec[@]}" -keyout "$t/server.key" -out "$t/server.csr" \
		-subj "/CN=localhost" >>"$t/openssl.log" 2>&1 &&
	printf '%s\n' "subjectAltName = IP:127.0.0.1, DNS:localhost" \
		"basicConstraints = critical, CA:FALSE" \
		"keyUsage = critical, digitalSignature, keyEncipherment" \
		"extendedKeyUsage = serverAuth" >"$t/server.ext" &&
	openssl x509 -req -in "$t/server.csr" -CA "$t/ca.pem" -CAkey "$t/ca.key" \
		-CAcreateserial -days 2 -extfile "$t/server.ext" -out "$t/server.pem" \
		>>"$t/openssl.log" 2>&1 || return 1
	chgrp postfix "$t/server.key" && chmod 0640 "$t/server.key"
	E2E_CA=$t/ca.pem
}

# The TLS lines of main.cf, when there is a certificate.
e2e_postfix_tls() {
	[ -n "$E2E_CA" ] || return 0
	cat <<CF
smtpd_tls_cert_file = $1/tls/server.pem
smtpd_tls_key_file = $1/tls/server.key
smtpd_tls_security_level = may
smtpd_tls_loglevel = 1
CF
}

e2e_postfix_config() {
	local d=$1
	mkdir -p "$d/postfix" "$d/queue" "$d/pfdata"
	chown postfix "$d/pfdata"
	cat >"$d/postfix/main.cf" <<CF
compatibility_level = 3.6
queue_directory = $d/queue
data_directory = $d/pfdata
mail_owner = postfix
setgid_group = postdrop
maillog_file = $d/postfix.log
maillog_file_prefixes = $d
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = mx.$E2E_DOMAIN
mydomain = $E2E_DOMAIN
myorigin = $E2E_DOMAIN
mydestination =
mynetworks = 127.0.0.0/8
relayhost =
relay_domains =
default_transport = error:no mail leaves the test
virtual_mailbox_domains = $E2E_DOMAIN
virtual_mailbox_base = $d/mail
virtual_mailbox_maps = texthash:$d/postfix/vmailbox
virtual_minimum_uid = 100
virtual_uid_maps = static:$E2E_UID
virtual_gid_maps = static:$E2E_GID
recipient_delimiter = +
smtpd_recipient_restrictions = permit_mynetworks, reject
smtpd_relay_restrictions = permit_mynetworks, reject
smtpd_banner = \$myhostname ESMTP
alias_maps =
alias_database =
biff = no
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
shlib_directory = /usr/lib/postfix
$(e2e_postfix_tls "$d")
CF
	cat >"$d/postfix/master.cf" <<CF
127.0.0.1:$SMTP_PORT inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
virtual   unix  -       n       n       -       -       virtual
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
CF
}

e2e_dovecot_tls() {
	if [ -z "$E2E_CA" ]; then
		echo "ssl = no"
		return
	fi
	printf '%s\n' "ssl = yes" "ssl_cert = <$1/tls/server.pem" "ssl_key = <$1/tls/server.key"
}

e2e_dovecot_config() {
	local d=$1
	mkdir -p "$d/dovecot-run" "$d/dovecot-state"
	cat >"$d/dovecot.conf" <<CF
protocols = imap
listen = 127.0.0.1
base_dir = $d/dovecot-run
state_dir = $d/dovecot-state
log_path = $d/dovecot.log
info_log_path = $d/dovecot.log
$(e2e_dovecot_tls "$d")
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 100
mail_location = maildir:$d/mail/%d/%n
mail_uid = $E2E_UID
mail_gid = $E2E_GID
default_login_user = dovenull
default_internal_user = dovecot
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $d/dovecot-users
}
userdb {
  driver = static
  args = uid=$E2E_UID gid=$E2E_GID home=$d/mail/%d/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${IMAPS_PORT:-0}
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
CF
}

e2e_mailboxes() {
	local d=$1 u
	shift
	: >"$d/postfix/vmailbox"
	: >"$d/dovecot-users"
	for u in "$@"; do
		echo "$u@$E2E_DOMAIN $E2E_DOMAIN/$u/" >>"$d/postfix/vmailbox"
		echo "$u@$E2E_DOMAIN:{PLAIN}$(e2e_password "$u")" >>"$d/dovecot-users"
		mkdir -p "$d/mail/$E2E_DOMAIN/$u/"{cur,new,tmp}
	done
	chown -R "$E2E_UID:$E2E_GID" "$d/mail"
	chmod 0644 "$d/dovecot-users"
}

e2e_start() {
	E2E_DIR=$1
	shift
	e2e_can_run || return 1
	# the servers' own users must reach the Maildirs and their data
	local up=$E2E_DIR
	while [ "$up" != / ] && [ -n "$up" ]; do
		[ "$(stat -c %u "$up")" = 0 ] && chmod go+x "$up"
		up=$(dirname "$up")
	done
	SMTP_PORT=$(e2e_free_port) && IMAP_PORT=$(e2e_free_port "$SMTP_PORT") &&
		IMAPS_PORT=$(e2e_free_port "$SMTP_PORT" "$IMAP_PORT") || {
		E2E_SKIP="no free port on 127.0.0.1"; return 1; }
	e2e_certs "$E2E_DIR" || {
		E2E_SKIP="openssl cannot make the test certificates: $(tail -n 3 "$E2E_DIR/tls/openssl.log" | tr '\n' ' ')"
		return 1; }
	[ -n "$E2E_CA" ] || IMAPS_PORT=
	e2e_postfix_config "$E2E_DIR"
	e2e_dovecot_config "$E2E_DIR"
	e2e_mailboxes "$E2E_DIR" "$@"
	postfix -c "$E2E_DIR/postfix" set-permissions >/dev/null 2>&1 || true
	if ! postfix -c "$E2E_DIR/postfix" start >"$E2E_DIR/postfix.start" 2>&1; then
		E2E_SKIP="postfix does not start: $(tail -n 3 "$E2E_DIR/postfix.start" "$E2E_DIR/postfix.log" 2>/dev/null | tr '\n' ' ')"
		return 1
	fi
	E2E_POSTFIX=1
	if ! dovecot -c "$E2E_DIR/dovecot.conf" >"$E2E_DIR/dovecot.start" 2>&1; then
		E2E_SKIP="dovecot does not start: $(tail -n 3 "$E2E_DIR/dovecot.start" | tr '\n' ' ')"
		return 1
	fi
	E2E_DOVECOT=1
	if ! e2e_wait_port "$SMTP_PORT" 20; then
		E2E_SKIP="postfix does not listen on 127.0.0.1:$SMTP_PORT"; return 1
	fi
	if ! e2e_wait_port "$IMAP_PORT" 20; then
		E2E_SKIP="dovecot does not listen on 127.0.0.1:$IMAP_PORT"; return 1
	fi
	if [ -n "$IMAPS_PORT" ] && ! e2e_wait_port "$IMAPS_PORT" 20; then
		E2E_SKIP="dovecot does not listen on 127.0.0.1:$IMAPS_PORT (imaps)"; return 1
	fi
}

e2e_stop() {
	[ -n "${E2E_DIR:-}" ] || return 0
	if [ -n "${E2E_POSTFIX:-}" ]; then
		postfix -c "$E2E_DIR/postfix" stop >/dev/null 2>&1 || true
		E2E_POSTFIX=
	fi
	if [ -n "${E2E_DOVECOT:-}" ]; then
		local pid
		pid=$(cat "$E2E_DIR/dovecot-run/master.pid" 2>/dev/null || true)
		[ -n "$pid" ] && kill "$pid" 2>/dev/null || true
		for _ in $(seq 1 50); do
			[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		E2E_DOVECOT=
	fi
}

# e2e_begin USER...: for a test runner (tests/cli/e2e_*.sh): skips the
# test when not root (tests/run); fails when a server the README's set-up
# installs is missing; else starts them for
# USER...@example.test under $T/servers, stops them when the runner
# exits, and fails when they do not start.
e2e_begin() {
	if [ "$(id -u)" -ne 0 ]; then
		skip_test "not root" "Postfix and Dovecot need root to start"
	fi
	e2e_can_run || fail "the mail servers cannot run here: $E2E_SKIP"
	trap 'e2e_stop; rm -rf "$T"' EXIT
	mkdir -p "$T/servers"
	e2e_start "$T/servers" "$@" || {
		tail -n 20 "$T"/servers/*.log "$T"/servers/*.start "$T"/servers/tls/*.log 2>/dev/null
		fail "the mail servers do not start: $E2E_SKIP"
	}
}
