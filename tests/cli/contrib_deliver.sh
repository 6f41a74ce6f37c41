# Issue 27.1: the delivery wrapper never turns the judge's own trouble
# into a bounce. Postfix's pipe(8) defers a mail on exit 75 (and the
# other temporary sysexits codes) and bounces it on every other status,
# a status that is no sysexits code too (137, a process killed by
# SIGKILL). contrib/postfix/wwjudge-deliver passes on 0, 65 (the mail is
# too large: the sender should know) and 75; anything else becomes 75,
# so a killed or crashed `process` is tried again and the order is
# applied exactly once.
. "$(dirname "$0")/lib.bash"
C="$(cd "$(dirname "$0")/../../contrib" && pwd)"
D="$C/postfix/wwjudge-deliver"

# What Postfix's pipe does with a command's exit status (sys_exits.c):
# 0 delivered, 75 and 71 deferred, everything else bounced.
postfix_does() {
	case "$1" in
	0) echo delivered ;;
	71 | 75) echo deferred ;;
	*) echo bounced ;;
	esac
}
# deliver CMD...: runs the wrapper as master.cf does, the mail on stdin.
deliver() {
	local rc=0
	"$D" "$T/archive" "$@" >"$T/out" 2>"$T/err" || rc=$?
	postfix_does "$rc"
}

mail_game "$SEED"
cat >"$T/m1" <<MAIL
From: washington@example.org
To: judge+g-american-00@example.org
Subject: orders
Date: Tue, 24 Nov 2026 10:00:00 +0000
Message-ID: <killed@example.org>

#orders
password: liberty
$COMMITTEES
#end
MAIL

# A command killed by SIGKILL, as the OOM killer or an operator would.
[ "$(deliver sh -c 'kill -KILL $$' <"$T/m1")" = deferred ] ||
	fail "a command killed by SIGKILL is bounced by the wrapper"
# A status that is no sysexits code, and one Postfix reads as permanent
# though it is the judge's own (70: a bug; 78: a bad config).
for rc in 1 2 70 78 99 126 127; do
	[ "$(deliver sh -c "exit $rc" <"$T/m1")" = deferred ] ||
		fail "exit $rc under the wrapper is bounced, not deferred"
done
[ "$(deliver sh -c 'exit 65' <"$T/m1")" = bounced ] ||
	fail "65 (a mail over 2 MiB) is no longer passed on for the bounce"
[ -z "$(ls "$T/archive/new")" ] && [ -z "$(ls "$T/archive/tmp")" ] ||
	fail "a mail the judge did not take is in the archive"

# The real judge, killed at each step of its commit (WW_CRASH_AT ends it
# with _exit(99) there; the kill of a process in the middle of its work),
# then delivered again as Postfix would after the deferral: the order is
# in the log once and the archive holds the mail once.
cp -a "$G" "$T/g0"
for step in 1 4 8 12 16 20; do
	rm -rf "$G" "$T/archive"
	cp -a "$T/g0" "$G"
	[ "$(WW_CRASH_AT=$step deliver "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m1")" = deferred ] ||
		fail "process killed at commit step $step is bounced"
	in_file "$T/err" "WW_CRASH_AT=$step: killed here"
	[ "$(deliver "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m1")" = delivered ] ||
		{ cat "$T/err"; fail "the retry after a kill at step $step is not delivered"; }
	[ "$(grep -l 'killed@example.org' "$G"/log/*.yaml | wc -l)" -eq 1 ] ||
		fail "after a kill at step $step the order is not in the log exactly once"
	[ "$(ls "$T/archive/new" | wc -l)" -eq 1 ] || fail "the archive does not hold the mail once"
	expect 0 "$WW_BIN" verify "$G"
done

# procmail cannot pass a status on: its recipe ends procmail with 75
# whenever `process` fails, instead of falling through to the mailbox.
grep -qE '^:0 e' "$C/procmailrc" && grep -q 'EXITCODE=75' "$C/procmailrc" ||
	fail "contrib/procmailrc does not defer a mail process failed on"
