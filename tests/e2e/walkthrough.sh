# docs/walkthrough.md, step by step (issue 12): every block marked
# "sh walkthrough STEP" is run as it stands, as root, from a copy of the
# source tree, with only the paths and the port a test must change:
# /usr/local, /etc/wwjudge, /var/lib/wwjudge and /var/log/wwjudge under
# $T/root, /etc/postfix the test's own Postfix (servers.sh, which
# MAIL_CONFIG names to postconf, postmap and postfix), port 25 its port.
# contrib/ is copied with the same substitutions. `crontab -u USER FILE`
# is a stand-in that keeps FILE, and cron_tick runs its lines as cron
# would; `make install` installs the sanitized build (BUILD=san). The
# players are washington@ and howe@example.org, read over IMAP; their
# mails' bodies are the doc's "text walkthrough" blocks. Sourced by
# tests/cli/e2e_walkthrough.sh after servers.sh, with $T, $E2E and the
# helpers of tests/cli/lib.bash.

ROOT=$(cd "$E2E/../.." && pwd)
DOC=$ROOT/docs/walkthrough.md
R=$T/root PF=$E2E_DIR/postfix
mkdir -p "$R/usr/local" "$R/etc" "$R/var/lib" "$R/var/log" "$T/shim"

# The user wwjudge is the test's own $WJ_USER: a word "wwjudge" standing
# alone, not in a path or a file name (useradd's, chown's and runuser's
# user, master.cf's user= and its service, the transport's next hop).
subst() {
	local user="s/(^|[[:space:]=])wwjudge([[:space:]:]|\$)/\1$WJ_USER\2/g"
	sed -e "s|/usr/local|$R/usr/local|g" -e "s|/etc/wwjudge|$R/etc/wwjudge|g" \
		-e "s|/var/lib/wwjudge|$R/var/lib/wwjudge|g" -e "s|/var/log/wwjudge|$R/var/log/wwjudge|g" \
		-e "s|/etc/postfix|$PF|g" -e "s|127\.0\.0\.1:25\b|127.0.0.1:$SMTP_PORT|g" |
		sed -E -e "$user" -e "$user"
}

DOC_TAG=walkthrough
. "$E2E/doc_steps.sh"
doc_source_tree

G=$R/var/lib/wwjudge/games/game1
entries() { find "$G/log" -name '*.yaml' 2>/dev/null | wc -l; }
# wait_entries N: until the pipe has made N log entries (20 s at most).
wait_entries() {
	for _ in $(seq 1 200); do
		[ "$(entries)" -ge "$1" ] && return 0
		sleep 0.1
	done
	tail -n 20 "$E2E_DIR/postfix.log" >&2
	fail "the game has $(entries) log entries after 20 s, expected $1"
}
reply_to() { sed -n 's/^Reply-To:.*<\(judge+[^>]*\)>.*/\1/p' "$1"; }

# player_mail FROM TO ID BLOCK: a reply whose body is the doc's block.
player_mail() {
	{
		printf 'From: %s\nTo: %s\nSubject: Re: game1\nMessage-ID: <%s@example.org>\n' "$1" "$2" "$3"
		printf 'Date: %s\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n' "$(date -R)"
		printf 'My orders:\n\n'
		block "text walkthrough $4"
	} >"$T/mail-$3.eml"
	grep -q '^#orders' "$T/mail-$3.eml" || fail "docs/walkthrough.md has no block 'text walkthrough $4'"
	send_file "$1" "$2" "$T/mail-$3.eml"
}

# ---- the moderator's path, from `make install` to the announcement ----
step install
[ -x "$R/usr/local/bin/wwjudge" ] || fail "the install step installed no wwjudge"
step user
step config
step postfix
step cron
step game
in_file "$T/out" "commitment"
step announce
cron_tick
wait_mail washington 1
wait_mail howe 1
last_mail washington "$T/us1"
last_mail howe "$T/uk1"
in_file "$T/us1" "you play the American side"
in_file "$T/uk1" "you play the British side"
[ -s "$R/var/lib/wwjudge/games/game1/outbox/cur/000001.announce-american" ] ||
	fail "the announcement is not in outbox/cur"

# ---- the players' first mails, through the pipe, and their reports ----
player_mail washington@example.org "$(reply_to "$T/us1")" american american-mail
wait_entries 2
cron_tick
wait_mail washington 2
wait_mail howe 2
last_mail washington "$T/us2"
last_mail howe "$T/uk2"
in_file "$T/us2" "your orders were accepted"
in_file "$T/uk2" "the American player has moved"
player_mail howe@example.org "$(reply_to "$T/uk2")" british british-mail
wait_entries 3
cron_tick
wait_mail washington 3
wait_mail howe 3
last_mail howe "$T/uk3"
in_file "$T/uk3" "your orders were accepted"

# ---- the moderator checks: show, verify, the archive replays ----
step check
in_file "$T/out" "the record is what the archive gives"
[ "$(ls "$R/var/lib/wwjudge/archive/new" | wc -l)" -eq 2 ] ||
	fail "the archive holds $(ls "$R/var/lib/wwjudge/archive/new" | wc -l) mails, expected the 2 orders"
[ -f "$R/var/log/wwjudge/send.log" ] || fail "cron's send wrote no log"

# ---- a mail over 2 MiB through the pipe is bounced by Postfix to the
# sender with wwjudge's line (docs/mail.md, "Mail over 2 MiB") ----
{
	printf 'From: washington@example.org\nTo: %s\nSubject: photo\n' "$(reply_to "$T/us1")"
	printf 'Message-ID: <photo@example.org>\nContent-Type: text/plain\n\n'
	head -c 2400000 /dev/zero | base64 -w 76
} >"$T/photo.eml"
n=$(entries)
send_file washington@example.org "$(reply_to "$T/us1")" "$T/photo.eml"
wait_mail washington 4
last_mail washington "$T/bounce"
tr -s ' \n' '  ' <"$T/bounce" | grep -qF "the judge reads mails of at most 2097152 bytes" ||
	fail "the bounce does not give wwjudge's line: $(cat "$T/bounce")"
[ "$(entries)" -eq "$n" ] || fail "the mail over 2 MiB made a log entry"

# ---- every step of the doc was run ----
for s in $(blocks "sh walkthrough"); do
	case " $STEPS_RUN " in *" $s "*) ;; *) fail "tests/e2e/walkthrough.sh does not run the step '$s'" ;; esac
done
