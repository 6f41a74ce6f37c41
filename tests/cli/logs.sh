# Issue 22.9: what the judge says, and where (docs/mail.md). Each mail
# taken, sent or reminded has one short status line on stdout, the game
# and the outcome first and the Message-ID last (an MTA that keeps only
# the start of it keeps what matters); stderr holds errors only.
. "$(dirname "$0")/lib.bash"
mail_game "$SEED" 'board = none
remind_hours = 1
smtp_url = smtp://127.0.0.1:1
smtp_tls = none'
C="$T/wwjudge.conf"
expect 0 "$WW_BIN" announce "$G" --config "$C"
reply=$(sed -n 's/^Reply-To: <\(judge+g-american-[0-9a-f]*@example.org\)>.*/\1/p' \
	"$G"/outbox/new/*.announce-american | tr -d '\r')
id='<a-rather-long-message-id.1772532000.4711.0815@mail-relay-07.client.example.org>'
mail() { # FILE PASSWORD
	printf 'From: <washington@example.org>\nTo: %s\nSubject: x\nMessage-ID: %s\nDate: Tue, 3 Mar 2026 10:00:00 +0000\n\n#orders\npassword: %s\n%s\n#end\n' \
		"$reply" "$id" "$2" "$COMMITTEES" >"$1"
}
one_status() { # PREFIX: stdout is one line beginning so, stderr is empty
	[ "$(wc -l <"$T/out")" -eq 1 ] || { cat "$T/out"; fail "not one status line on stdout"; }
	[ ! -s "$T/err" ] || { cat "$T/err"; fail "stderr is for errors, and has the status"; }
	case "$(cat "$T/out")" in "$1"*"; $id") ;; *) cat "$T/out"; fail "the status line is not '$1...; $id'" ;; esac
}

mail "$T/bad" tyranny
expect 0 "$WW_BIN" process --config "$C" <"$T/bad"
one_status "wwjudge process: g: refused (the password is wrong"
id='<m2@example.org>'
mail "$T/ok" liberty
expect 0 "$WW_BIN" process --config "$C" <"$T/ok"
one_status "wwjudge process: g: the American orders are accepted (move 1)"
expect 0 "$WW_BIN" process --config "$C" <"$T/ok"
one_status "wwjudge process: g: already processed; nothing done"
sed 's/judge+g-/judge+nogame-/' "$T/ok" >"$T/nogame"
expect 0 "$WW_BIN" process --config "$C" <"$T/nogame"
one_status "wwjudge process: from washington@example.org: there is no game 'nogame'"

# an error: the game is busy; stderr says so, stdout has nothing
id='<m3@example.org>'
mail "$T/busy" liberty
exec 9>"$G/lock" && flock 9
expect 75 "$WW_BIN" process --config "$C" <"$T/busy"
exec 9>&-
[ ! -s "$T/out" ] || { cat "$T/out"; fail "an error on stdout"; }
[ -s "$T/err" ] || fail "no error on stderr"

# remind: the reminder's line on stdout, the send that cannot reach the
# server on stderr
touch -d '3 hours ago' "$G"/log/*.yaml "$G/game.yaml"
expect 75 "$WW_BIN" remind --config "$C"
in_file "$T/out" "wwjudge remind: $G: reminded the British player (north@example.org), waiting 3 hours"
not_in_file "$T/err" "reminded"
in_file "$T/err" "not sent, left for the next run"
# issue 21.11: one logging channel, every line of it "wwjudge COMMAND: "
grep -v '^wwjudge [a-z]*: ' "$T/err" "$T/out" && fail "a line not in the one form 'wwjudge COMMAND: '"
# a moderator's command by mail: its status line too
echo 'mod pass' | expect 0 "$WW_BIN" passwd --moderator
{ cat "$T/out"; echo 'moderator = mod@example.org'; } >>"$C"
id='<mod1@example.org>'
printf 'From: <mod@example.org>\nTo: judge@example.org\nSubject: m\nMessage-ID: %s\nDate: Tue, 3 Mar 2026 11:00:00 +0000\n\n#moderator\npassword: mod pass\npause g\n#end\n' \
	"$id" >"$T/mod"
expect 0 "$WW_BIN" process --config "$C" <"$T/mod"
one_status "wwjudge process: moderator: g: the game is paused"
true
