# docs/trial.md, step by step (issue 22.6): every block marked "sh trial
# STEP" is run as it stands, as root, from a copy of the source tree, with
# only the paths, the ports and the users a test must change: /etc, /var,
# /run and /usr/local under $R, the ports 25 and 143 free ones of
# 127.0.0.1, the users vmail and wwjudge the test's own ($VM_USER,
# $WJ_USER). contrib/ is copied with the same substitutions. Stand-ins:
# `crontab -u USER FILE|-` keeps the crontab for cron_tick, which runs its
# lines as cron would; `dovecot` and `doveadm` are given the config under
# $R (-c), as postfix, postconf and postmap are by MAIL_CONFIG. Then
# Postfix and Dovecot run as the doc configured them; the announcement,
# an order mail sent by SMTP, the judge's poll and both players' reports
# go through them, read over IMAP with the doc's user names and
# passwords. Sourced by tests/cli/e2e_trial.sh after servers.sh (for
# e2e_free_port, e2e_wait_port), with $T, $E2E and tests/cli/lib.bash.

ROOT=$(cd "$E2E/../.." && pwd)
DOC=$ROOT/docs/trial.md
R=$T/root
PF=$R/etc/postfix DC=$R/etc/dovecot/dovecot.conf
# The machine as the packages leave it: the directories Postfix and
# Dovecot were installed with (an unconfigured Postfix has no main.cf).
mkdir -p "$R/usr/local" "$PF" "$R/etc/dovecot" "$R/var/lib/dovecot" "$R/var/lib/postfix" \
	"$R/var/spool/postfix" "$R/var/mail" "$R/var/log" "$R/run" "$T/shim"
chown postfix "$R/var/lib/postfix"
# the servers' own users must reach the Maildirs and their sockets
up=$T
while [ "$up" != / ] && [ -n "$up" ]; do
	[ "$(stat -c %u "$up")" = 0 ] && chmod go+x "$up"
	up=$(dirname "$up")
done
chmod 755 "$R" "$R/etc" "$R/var" "$R/run"

SMTP_PORT=$(e2e_free_port) && IMAP_PORT=$(e2e_free_port "$SMTP_PORT") ||
	fail "no free port on 127.0.0.1"

# subst: the doc's text for this test. The users are words standing
# alone (useradd's, chown's, install's -o and -g, id's, runuser's,
# crontab's, Dovecot's uid= and gid=), not parts of paths or names.
subst() {
	local vm="s/(^|[[:space:]=])vmail([[:space:]:)]|\$)/\1$VM_USER\2/g"
	local wj="s/(^|[[:space:]=])wwjudge([[:space:]:)]|\$)/\1$WJ_USER\2/g"
	sed -E -e "s#(/(etc|var|run)/|/usr/local)#$R\1#g" -e "s#/tmp/orders\.eml#$T/orders.eml#g" \
		-e "s/127\.0\.0\.1:25\b/127.0.0.1:$SMTP_PORT/g" -e "s/127\.0\.0\.1:143\b/127.0.0.1:$IMAP_PORT/g" \
		-e "s/^([[:space:]]*port = )143\$/\1$IMAP_PORT/" \
		-e "$vm" -e "$vm" -e "$wj" -e "$wj"
}

DOC_TAG=trial
. "$E2E/doc_steps.sh"
doc_source_tree
printf '#!/bin/sh\nexec /usr/sbin/dovecot -c %s "$@"\n' "$DC" >"$T/shim/dovecot"
printf '#!/bin/sh\nexec /usr/bin/doveadm -c %s "$@"\n' "$DC" >"$T/shim/doveadm"
chmod 755 "$T/shim/dovecot" "$T/shim/doveadm"

# trial_stop: what the trap does if the doc's "stop" step was not reached.
trial_stop() {
	if [ -f "$PF/main.cf" ]; then postfix -c "$PF" stop >/dev/null 2>&1 || true; fi
	local pid
	pid=$(cat "$R/run/dovecot/master.pid" 2>/dev/null || true)
	if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then
		for _ in $(seq 1 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
	fi
	return 0
}

# The doc's mail passwords (section 5), and IMAP as each mailbox.
pw_of() { sed -n "s/^echo '\([^']*\)' | contrib\/trial\/mailbox $1@example.org\$/\1/p" "$DOC"; }
imap() {
	curl -sS --max-time 20 --url "imap://127.0.0.1:$IMAP_PORT/$2" \
		--user "$1@example.org:$(pw_of "$1")" ${3:+-X "$3"}
}
uids() { imap "$1" INBOX "UID SEARCH ALL" | tr -d '\r' | sed -n 's/^\* SEARCH//p' | tr ' ' '\n' | sed '/^$/d'; }
count() { uids "$1" | wc -l; }
wait_mail() {
	local n=0
	for _ in $(seq 1 200); do
		n=$(count "$1")
		[ "$n" -ge "$2" ] && return 0
		sleep 0.1
	done
	tail -n 20 "$R/var/log/postfix.log" "$R/var/log/dovecot.log" >&2
	fail "$1@example.org has $n messages after 20 s, expected $2"
}
last_mail() { imap "$1" "INBOX;UID=$(uids "$1" | tail -n 1)" | tr -d '\r' >"$2"; }
reply_to() { sed -n 's/^Reply-To:.*<\(judge+[^>]*\)>.*/\1/p' "$1"; }
G=$R/var/lib/wwjudge/games/game1
entries() { find "$G/log" -name '*.yaml' 2>/dev/null | wc -l; }

# ---- the servers, from the packages to three mailboxes ----
step install
[ -x "$R/usr/local/bin/wwjudge" ] || fail "the install step installed no wwjudge"
step vmail
step postfix
step dovecot
step mailboxes
for u in judge washington howe; do
	[ -n "$(pw_of "$u")" ] || fail "docs/trial.md makes no mailbox $u@example.org"
	[ -d "$R/var/mail/vhosts/example.org/$u/new" ] || fail "no Maildir for $u@example.org"
	# the mail clients' table gives the same password and user name
	sed -n '/^| IMAP password /p' "$DOC" | grep -qF "\`$(pw_of "$u")\`" ||
		fail "docs/trial.md's table of mail client settings lacks $u@example.org's password"
	sed -n '/^| IMAP user name /p' "$DOC" | grep -qF "\`$u@example.org\`" ||
		fail "docs/trial.md's table of mail client settings lacks the user name $u@example.org"
done
step start
e2e_wait_port "$SMTP_PORT" 20 || fail "Postfix does not listen on 127.0.0.1:$SMTP_PORT: $(tail -n 5 "$R/var/log/postfix.log")"
e2e_wait_port "$IMAP_PORT" 20 || fail "Dovecot does not listen on 127.0.0.1:$IMAP_PORT: $(tail -n 5 "$R/var/log/dovecot.log")"
# every mailbox logs in with the doc's password, and not with another
for u in judge washington howe; do
	[ "$(count "$u")" -eq 0 ] || fail "$u@example.org is not empty"
done
curl -sS --max-time 20 --url "imap://127.0.0.1:$IMAP_PORT/INBOX" --user "howe@example.org:washington-secret" \
	-X 'SEARCH ALL' >/dev/null 2>&1 && fail "Dovecot took howe@example.org with another's password"

# ---- the judge, a game, the announcement by cron's poll ----
step judge
step cron
grep -q 'wwjudge poll ' "$T/crontab.$WJ_USER" || fail "the trial's crontab does not poll"
step game
cron_tick
wait_mail washington 1
wait_mail howe 1
last_mail washington "$T/us1"
last_mail howe "$T/uk1"
in_file "$T/us1" "you play the American side"
in_file "$T/uk1" "you play the British side"

# ---- the American's orders by SMTP (the doc's curl), the judge's poll,
# both players' reports over IMAP ----
step check
in_file "$T/out" "* SEARCH 1"
step order
wait_mail judge 1
step poll
[ "$(entries)" -ge 2 ] || fail "the judge's poll made no log entry of the order: $(cat "$T/out" "$T/err")"
wait_mail washington 2
wait_mail howe 2
last_mail washington "$T/us2"
last_mail howe "$T/uk2"
in_file "$T/us2" "your orders were accepted"
in_file "$T/uk2" "the American player has moved"

# ---- the British answer by SMTP, the next minute's cron poll ----
{
	printf 'From: howe@example.org\nTo: %s\nSubject: Re: game1\nMessage-ID: <trial-uk@example.org>\n' "$(reply_to "$T/uk2")"
	printf 'Date: %s\n\n#orders\npassword: god save the king\nfor-the-king New York, Savannah, Baltimore\n#end\n' "$(date -R)"
} >"$T/uk.eml"
curl -sS --max-time 20 --url "smtp://127.0.0.1:$SMTP_PORT" --mail-from howe@example.org \
	--mail-rcpt "$(reply_to "$T/uk2")" --upload-file "$T/uk.eml" || fail "SMTP refused the British mail"
wait_mail judge 2
cron_tick
wait_mail washington 3
wait_mail howe 3
last_mail howe "$T/uk3"
last_mail washington "$T/us3"
in_file "$T/uk3" "your orders were accepted"
in_file "$T/us3" "the British player has moved"
# the poll's archive replays the game
(cd "$T" && expect 0 runuser -u "$WJ_USER" -- "$R/usr/local/bin/wwjudge" replay "$G" \
	--archive "$R/var/lib/wwjudge/archive" --config "$R/etc/wwjudge/wwjudge.conf")
in_file "$T/out" "the record is what the archive gives"

# ---- nothing leaves the machine: another domain is an error ----
printf 'From: howe@example.org\nTo: x@example.net\nSubject: out\n\nout\n' >"$T/out.eml"
if curl -sS --max-time 20 --url "smtp://127.0.0.1:$SMTP_PORT" --mail-from howe@example.org \
	--mail-rcpt x@example.net --upload-file "$T/out.eml" 2>/dev/null; then
	wait_mail howe 4
	last_mail howe "$T/bounce"
	in_file "$T/bounce" "this trial delivers to example.org only"
fi

# ---- the end: the servers stop, the configuration is as before ----
step stop
for f in "$PF/main.cf" "$PF/master.cf" "$DC"; do
	[ ! -e "$f" ] || fail "the stop step left $f (there was none before)"
done
! (exec 3<>"/dev/tcp/127.0.0.1/$SMTP_PORT") 2>/dev/null || fail "Postfix still listens after the stop step"
! (exec 3<>"/dev/tcp/127.0.0.1/$IMAP_PORT") 2>/dev/null || sleep 2
! (exec 3<>"/dev/tcp/127.0.0.1/$IMAP_PORT") 2>/dev/null || fail "Dovecot still listens after the stop step"

for s in $(blocks "sh trial"); do
	case " $STEPS_RUN " in *" $s "*) ;; *) fail "tests/e2e/trial.sh does not run the step '$s'" ;; esac
done
