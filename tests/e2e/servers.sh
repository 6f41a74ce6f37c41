# Private Postfix and Dovecot instances on loopback for the end-to-end mail
# tests. Sourced, not run. e2e_start DIR USER... starts both with every
# file under DIR (config, queue, Maildirs, logs) and mailboxes
# USER@example.test (password: the user name reversed, see e2e_password);
# e2e_stop stops them. Sets SMTP_PORT, IMAP_PORT and E2E_SKIP (why they
# cannot run here, empty if they can).
# Nothing listens anywhere but 127.0.0.1, and nothing is relayed: Postfix
# delivers only to example.test and refuses every other domain.

PATH="$PATH:/usr/sbin:/sbin"
E2E_UID=65534 E2E_GID=65534 # nobody:nogroup owns the Maildirs
E2E_DOMAIN=example.test

e2e_password() { echo "pw-$1"; }

# e2e_free_port: a TCP port on 127.0.0.1 that nothing listens on.
e2e_free_port() {
	local p
	for _ in $(seq 1 50); do
		p=$((20000 + RANDOM % 20000))
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
CF
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
ssl = no
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
    port = 0
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
	SMTP_PORT=$(e2e_free_port) && IMAP_PORT=$(e2e_free_port) || {
		E2E_SKIP="no free port on 127.0.0.1"; return 1; }
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
