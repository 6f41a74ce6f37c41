# `wwjudge poll` and `wwjudge replay --archive` killed at every write step
# (issue 7): after the kill, one more poll without it must leave the game
# exactly as a poll that was never killed does: `verify` passes, each
# order mail is in the log once (none applied twice, none lost), every
# report is sent (a resend of the same Message-ID is allowed), and no
# stray file is left. Sourced by tests/cli/e2e_crash.sh after servers.sh
# (started with the users judge, us, uk), with $T, $WW_BIN, $SEED and the
# helpers of tests/cli/lib.bash.
#
# The steps of a poll run are counted by three hooks, each dying with exit
# 99 at its N-th step: WW_CRASH_POLL (poll's own: per message processed,
# state file written, renamed, marked seen), WW_CRASH_SEND (per mail: the
# server took it, it moved to outbox/cur) and WW_CRASH_AT (the steps of
# one commit; its count starts again at each commit, so a commit after
# the first is reached by starting from the state a poll killed after the
# messages before it leaves).

J=judge@example.test US=us@example.test UK=uk@example.test
GAMES="$T/games" G="$T/games/g1" CF="$T/wwjudge.conf"
DATE="Mon, 2 Mar 2026 10:00:00 +0000"
ARCHIVE="$E2E_DIR/mail/example.test/judge"
MAILS=4          # in the judge's mailbox: committees, its duplicate, ftk, wrongpw
IDS="committees ftk wrongpw"

conf() {
	cat <<CF
games = $1
judge = $J
smtp_url = smtp://127.0.0.1:$SMTP_PORT
smtp_tls = none
imap_url = imap://127.0.0.1:$IMAP_PORT/INBOX
imap_user = $J
imap_password = $(e2e_password judge)
imap_tls = none
board = none
CF
}
conf "$GAMES" >"$CF"

. "$E2E/mail_helpers.sh"
# One clock for every run, killed or not: GAME/answered (the cap on
# answers) holds the time of each answer, and is compared too.
export WW_NOW=1772445600
later() { :; }

count_judge() {
	curl -sS --max-time 20 --url "imap://127.0.0.1:$IMAP_PORT/INBOX" \
		--user "$J:$(e2e_password judge)" -X "UID SEARCH ALL" |
		tr -d '\r' | sed -n 's/^\* SEARCH//p' | wc -w
}

# deliver FROM ID N: the mail by SMTP; then the judge's mailbox holds N
# (each waited for, so that the UIDs follow the order of delivery).
deliver() {
	local i
	curl -sS --max-time 20 --url "smtp://127.0.0.1:$SMTP_PORT" --mail-from "$1" \
		--mail-rcpt "$J" --upload-file "$T/mail-$2.eml" ||
		fail "SMTP to 127.0.0.1:$SMTP_PORT refused $1"
	for i in $(seq 1 200); do
		[ "$(count_judge)" -ge "$3" ] && return 0
		sleep 0.1
	done
	fail "the judge's mailbox does not hold $3 mails after 20 s"
}

# ---- the game, and the mails (their tokens found by a scratch process) ----
mkdir -p "$GAMES"
# cheap password hashes (the cost is in the hash): the test runs ~500 polls
expect 0 "$WW_BIN" new "$G" --american "$US" --british "$UK" --seed "$SEED"
echo liberty | WW_PWHASH=test expect 0 "$WW_BIN" passwd "$G" --side american
echo crown | WW_PWHASH=test expect 0 "$WW_BIN" passwd "$G" --side british
expect 0 "$WW_BIN" announce "$G" --config "$CF"
expect 0 "$WW_BIN" send --config "$CF"
cp -a "$GAMES" "$T/start"

mkdir -p "$T/probe" && cp -a "$G" "$T/probe/g1" && conf "$T/probe" >"$T/probe.conf"
P="$T/probe/g1"
order_mail "$US" american "$(token_of "$P/outbox/cur/000001.announce-american")" committees liberty "$COMMITTEES"
expect 0 "$WW_BIN" process --config "$T/probe.conf" <"$T/mail-committees.eml"
order_mail "$UK" british "$(token_of "$P/outbox/new/000002.british")" ftk crown \
	"for-the-king New York, Savannah, Baltimore"
expect 0 "$WW_BIN" process --config "$T/probe.conf" <"$T/mail-ftk.eml"
order_mail "$US" american "$(token_of "$P/outbox/new/000003.american")" wrongpw tyranny "pass"
expect 0 "$WW_BIN" process --config "$T/probe.conf" <"$T/mail-wrongpw.eml"
grep -q "rejected: false" "$P/log/000003.yaml" || fail "the probe did not accept for-the-king"
grep -q "rejected: true" "$P/log/000004.yaml" || fail "the probe did not refuse the wrong password"

deliver "$US" committees 1
deliver "$US" committees 2 # the same Message-ID delivered twice
deliver "$UK" ftk 3
deliver "$US" wrongpw 4

# ---- a poll never killed: what every killed one must come to ----
expect 0 "$WW_BIN" poll --config "$CF"
cp -a "$GAMES" "$T/ref"
[ "$(find "$G/log" -name '*.yaml' | wc -l)" -eq 4 ] || fail "the poll made $(ls "$G/log") entries"
MAILS_SENT=$(($(ls "$G/outbox/cur" | wc -l) - 2))
[ "$MAILS_SENT" -ge 4 ] || fail "the poll sent $MAILS_SENT reports, expected at least 4"

restore() { rm -rf "$GAMES" && cp -a "$1" "$GAMES"; }

# the game and GAMES as the never-killed poll left them
check_game() {
	local id n
	expect 0 "$WW_BIN" verify "$G"
	for id in $IDS; do
		n=$(grep -lF "message_id: \"<$id@example.test>\"" "$G"/log/*.yaml | wc -l)
		[ "$n" -eq 1 ] || fail "$1: <$id@example.test> is in the log $n times"
	done
	[ -z "$(ls -A "$G/outbox/new")" ] || fail "$1: not sent: $(ls "$G/outbox/new")"
	[ "$(ls -A "$GAMES")" = "$(ls -A "$T/ref")" ] ||
		fail "$1: GAMES holds $(ls -A "$GAMES" | tr '\n' ' '), expected $(ls -A "$T/ref" | tr '\n' ' ')"
	diff -r --exclude=lock "$T/ref/g1" "$G" >"$T/diff" ||
		{ cat "$T/diff"; fail "$1: the game differs from a poll never killed"; }
	cmp -s "$T/ref/.poll-state" "$GAMES/.poll-state" || fail "$1: .poll-state differs"
}

# kill_poll START WHAT VAR=N...: from the saved GAMES START, a poll killed
# by VAR=N...; 0 if it died (exit 99), 1 if it ran to the end (the steps
# are used up, and then it must be the never-killed poll). A killed poll
# is followed by one without the kill. The killed state is kept in
# $T/killed.
kill_poll() {
	local start=$1 what=$2 rc=0
	shift 2
	restore "$start"
	env "$@" "$WW_BIN" poll --config "$CF" >"$T/out" 2>"$T/kill.err" || rc=$?
	if [ "$rc" -eq 0 ]; then
		check_game "$what (no step left)"
		return 1
	fi
	[ "$rc" -eq 99 ] || { cat "$T/kill.err"; fail "$what: poll exited $rc, expected 99"; }
	rm -rf "$T/killed" && cp -a "$GAMES" "$T/killed"
	expect 0 "$WW_BIN" poll --config "$CF"
	check_game "$what, then a poll"
	return 0
}

# ---- poll's own steps; the state after each message kept as a start ----
n=0
while kill_poll "$T/start" "WW_CRASH_POLL=$((n + 1))" WW_CRASH_POLL=$((n + 1)); do
	n=$((n + 1))
	grep -q "WW_CRASH_POLL=$n: killed here" "$T/kill.err" || fail "WW_CRASH_POLL=$n: another hook fired"
	if [ $((n % 4)) -eq 0 ]; then cp -a "$T/killed" "$T/after$((n / 4))"; fi
done
[ "$n" -eq $((4 * MAILS)) ] || fail "poll had $n steps, expected 4 for each of $MAILS mails"
POLL_STEPS=$n
mv "$T/start" "$T/after0"

# ---- the send's steps: two for each mail sent ----
n=0
while kill_poll "$T/after0" "WW_CRASH_SEND=$((n + 1))" WW_CRASH_SEND=$((n + 1)); do
	n=$((n + 1))
done
[ "$n" -eq $((2 * MAILS_SENT)) ] || fail "send had $n steps, expected 2 for each of $MAILS_SENT mails"
SEND_STEPS=$n

# ---- each message's commit: from the state after the messages before it,
# WW_CRASH_AT=N with WW_CRASH_POLL=1; when the poll hook fires, the
# commit had fewer than N steps ----
COMMIT_STEPS=
for m in $(seq 1 "$MAILS"); do
	n=0
	while :; do
		kill_poll "$T/after$((m - 1))" "mail $m, WW_CRASH_AT=$((n + 1))" \
			WW_CRASH_AT=$((n + 1)) WW_CRASH_POLL=1 || fail "mail $m: the poll was not killed"
		grep -q "WW_CRASH_POLL=1: killed here" "$T/kill.err" && break
		n=$((n + 1))
	done
	COMMIT_STEPS="$COMMIT_STEPS $n"
	# the duplicate (mail 2) commits nothing; an accepted order writes the
	# log entry, state, game.yaml, ledgers, seen, secret/mail.yaml and two
	# reports, a refused one the log entry, seen and one reply; each file
	# has three steps at least
	case $m in
	2) [ "$n" -eq 0 ] || fail "the duplicate delivery committed ($n steps)" ;;
	4) [ "$n" -ge 9 ] || fail "the refusal's commit had $n steps, expected at least 9" ;;
	*) [ "$n" -ge 27 ] || fail "the commit of mail $m had $n steps, expected at least 27" ;;
	esac
done

# ---- replay --archive: it writes only its scratch game, in .replay/ of
# the games directory (never in TMPDIR: issue 20.5) ----
restore "$T/ref"
mkdir -p "$T/tmp"
unset XDG_RUNTIME_DIR
SCRATCH="$(dirname "$G")/.replay"
n=0
while :; do
	rc=0
	TMPDIR="$T/tmp" WW_CRASH_AT=$((n + 1)) "$WW_BIN" replay "$G" --archive "$ARCHIVE" \
		--config "$CF" >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" -eq 0 ] && break
	[ "$rc" -eq 99 ] || { cat "$T/out" "$T/err"; fail "replay, WW_CRASH_AT=$((n + 1)): exit $rc"; }
	n=$((n + 1))
	diff -r "$T/ref/g1" "$G" >"$T/diff" ||
		{ cat "$T/diff"; fail "replay, WW_CRASH_AT=$n: the game changed"; }
	expect 0 env TMPDIR="$T/tmp" "$WW_BIN" replay "$G" --archive "$ARCHIVE" --config "$CF"
	in_file "$T/out" "the record is what the archive gives"
done
in_file "$T/out" "the record is what the archive gives"
[ "$n" -ge 30 ] || fail "replay had $n steps, expected at least 30"
REPLAY_STEPS=$n
# each replay removed the scratch directories its killed predecessors left
[ -z "$(ls "$T/tmp")" ] || { ls "$T/tmp"; fail "replay wrote to TMPDIR"; }
REPLAY_LEFT=$(ls "$SCRATCH" | wc -l)
[ "$REPLAY_LEFT" -eq 0 ] || { ls "$SCRATCH"; fail "$REPLAY_LEFT scratch directories left in $SCRATCH"; }

# ---- the players have the reports: each Message-ID in outbox/cur is in
# its addressee's mailbox (once at least) ----
for f in "$T/ref/g1/outbox/cur/"*; do
	id=$(sed -n 's/^Message-ID: *//Ip' "$f" | head -n 1 | tr -d '\r')
	to=$(sed -n 's/^To:.*<\([a-z]*\)@example.test>.*/\1/p; s/^To: *\([a-z]*\)@example.test.*/\1/p' "$f" | head -n 1)
	[ -n "$id" ] && [ -n "$to" ] || fail "$f: no Message-ID or To"
	for i in $(seq 1 200); do
		grep -rqF -- "$id" "$E2E_DIR/mail/example.test/$to" && break
		sleep 0.1
	done
	grep -rqF -- "$id" "$E2E_DIR/mail/example.test/$to" || fail "$to never got $id ($f)"
done
