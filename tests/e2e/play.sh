# A game played by mail through real servers on 127.0.0.1: Postfix takes
# the players' mail by SMTP and delivers it into Maildirs, Dovecot serves
# them over IMAP, `wwjudge poll` fetches the judge's mail, adjudicates and
# sends the reports through Postfix, and the players' mailboxes are read
# back over IMAP. Sourced by tests/cli/e2e_mail.sh after servers.sh, with
# $T (scratch), $WW_BIN, $SEED and the helpers of tests/cli/lib.bash.

J=judge@example.test US=us@example.test UK=uk@example.test EVE=eve@example.test
GAMES="$T/games" G="$T/games/g1" CF="$T/wwjudge.conf"
DATE="Mon, 2 Mar 2026 10:00:00 +0000"

e2e_judge_conf "$GAMES" "$J" "remind_hours = 1" "archive = $T/poll-archive" >"$CF"

. "$E2E/mail_helpers.sh"

# ---- the game starts: passwords, then the first mails with the tokens ----
mkdir -p "$GAMES"
expect 0 "$WW_BIN" new "$G" --american "$US" --british "$UK" --seed "$SEED"
echo liberty | expect 0 "$WW_BIN" passwd "$G" --side american
echo crown | expect 0 "$WW_BIN" passwd "$G" --side british
expect 0 "$WW_BIN" announce "$G" --config "$CF"
expect 0 "$WW_BIN" send --config "$CF"
in_file "$T/out" "sent"
wait_mail us 1
wait_mail uk 1
last_mail us "$T/us1"
last_mail uk "$T/uk1"
in_file "$T/us1" "you play the American side"
in_file "$T/uk1" "you play the British side"
US_TOKEN=$(token_of "$T/us1") UK_TOKEN=$(token_of "$T/uk1")
[ -n "$US_TOKEN" ] && [ -n "$UK_TOKEN" ] || fail "no token in the first mails"

# ---- a forged sender: the American's address and password, from eve ----
order "$EVE" american "$US_TOKEN" forged liberty "$COMMITTEES"
wait_mail judge 1
poll
wait_mail us 2
last_mail us "$T/us2"
in_file "$T/us2" "refused"
in_file "$T/us2" "a mail from eve@example.test gave orders for the American side"
[ "$(count eve)" -eq 0 ] || fail "the forger got a reply"
[ "$(entries)" -eq 2 ] || fail "the forged order was not logged as refused"
grep -q "rejected: true" "$G/log/000002.yaml" || fail "entry 2 is not a refusal"

# ---- a wrong password ----
order "$US" american "$US_TOKEN" wrongpw "tyranny" "$COMMITTEES"
wait_mail judge 2
poll
wait_mail us 3
last_mail us "$T/us3"
in_file "$T/us3" "the password is wrong"
not_in_file "$T/us3" "tyranny"
grep -q "rejected: true" "$G/log/000003.yaml" || fail "the wrong password was accepted"

# ---- the American's committees, delivered twice (the same Message-ID) ----
# The second delivery (other bytes: its own Received lines) is applied
# nowhere and answered "already processed", once (issue 20).
order "$US" american "$US_TOKEN" committees liberty "$COMMITTEES"
send_file "$US" "judge+g1-american-$US_TOKEN@example.test" "$T/mail-committees.eml"
wait_mail judge 4
poll
wait_mail us 5
wait_mail uk 2
u=$(uids us | sed -n 4p)
imap us "INBOX;UID=$u" | tr -d '\r' >"$T/us4"
last_mail us "$T/us4dup"
last_mail uk "$T/uk2"
in_file "$T/us4" "your orders were accepted"
in_file "$T/us4dup" "was processed before"
in_file "$T/uk2" "the American player has moved"
# the British report carries the board of the British view as an attachment
in_file "$T/uk2" "Content-Type: image/png"
in_file "$T/uk2" "Content-Disposition: attachment"
[ "$(entries)" -eq 4 ] || fail "the duplicate was processed again ($(entries) entries)"
sleep 1
[ "$(count us)" -eq 5 ] && [ "$(count uk)" -eq 2 ] || fail "the duplicate was answered more than once"
US_TOKEN2=$(token_of "$T/us4") UK_TOKEN2=$(token_of "$T/uk2")
[ "$US_TOKEN2" != "$US_TOKEN" ] || fail "the American token did not move on"

# ---- a stale token: the British answer with the token of the first mail ----
order "$UK" british "$UK_TOKEN" stale crown "for-the-king New York, Savannah, Baltimore"
wait_mail judge 5
poll
wait_mail uk 3
last_mail uk "$T/uk3"
in_file "$T/uk3" "was written for an earlier move"
in_file "$T/uk3" "What has happened since"
grep -q "rejected: true" "$G/log/000005.yaml" || fail "the stale token was accepted"

# ---- two polls at once: one runs, the other leaves at once ----
order "$UK" british "$UK_TOKEN2" ftk crown "for-the-king New York, Savannah, Baltimore"
wait_mail judge 6
flock "$GAMES/.poll.lock" "$WW_BIN" poll --config "$CF" >"$T/held.out" 2>&1 &&
	in_file "$T/held.out" "another poll is running" || fail "a poll ran beside another"
[ "$(entries)" -eq 5 ] || fail "the poll that found the lock held did something"
"$WW_BIN" poll --config "$CF" >"$T/p1" 2>&1 & p1=$!
"$WW_BIN" poll --config "$CF" >"$T/p2" 2>&1 & p2=$!
wait "$p1" || { cat "$T/p1"; fail "the first of two polls failed"; }
wait "$p2" || { cat "$T/p2"; fail "the second of two polls failed"; }
[ "$(entries)" -eq 6 ] || fail "two polls made $(entries) entries, expected 6"
wait_mail us 6
wait_mail uk 4
sleep 1
[ "$(count us)" -eq 6 ] && [ "$(count uk)" -eq 4 ] || fail "two polls sent a report twice"
last_mail uk "$T/uk4"
in_file "$T/uk4" "your orders were accepted"

# ---- a crash after the commit, before the send ----
# Whether accepted or refused, the American's mail is answered by a mail
# committed with its log entry.
last_mail us "$T/us5"
US_TOKEN3=$(token_of "$T/us5")
order "$US" american "$US_TOKEN3" crash liberty "pass"
wait_mail judge 7
before=$(entries)
# step 1 of the run: the first message processed, the state file not yet written
later
WW_CRASH_POLL=1 expect 99 "$WW_BIN" poll --config "$CF"
after=$(entries)
[ "$after" -eq $((before + 1)) ] || fail "the crashed poll did not commit ($before -> $after)"
ls "$G/outbox/new" | grep -q "^$(printf %06d "$after")\." || fail "no mail waits in the outbox"
poll
in_file "$T/out" "already processed"
[ "$(entries)" -eq "$after" ] || fail "the order was adjudicated again after the crash"
wait_mail us 7
[ -z "$(ls "$G/outbox/new")" ] || fail "mail left in the outbox: $(ls "$G/outbox/new")"

# ---- the record verifies, and the archive of the judge's mailbox replays it ----
expect 0 "$WW_BIN" verify "$G"
expect 0 "$WW_BIN" replay "$G" --archive "$E2E_DIR/mail/example.test/judge" --config "$CF"
in_file "$T/out" "the record is what the archive gives"
# issue 22.7: poll kept its own archive, the wwjudge user's, which
# replays the game as the judge's mailbox does
[ "$(ls "$T/poll-archive/new" | wc -l)" -ge 5 ] || fail "poll archived $(ls "$T/poll-archive/new" | wc -l) mails"
expect 0 "$WW_BIN" replay "$G" --archive "$T/poll-archive" --config "$CF"
in_file "$T/out" "the record is what the archive gives"

# A record that differs from what the archive gives is caught at its first
# difference: here a report that was sent is not the one the order made.
# outbox/cur keeps each sent mail's digest and header, not the mail
# (issue 12): the digest differs.
head -c 200 "$G/outbox/cur/000004.american" | grep -q '^X-Wwjudge-Sent: blake2b-256=[0-9a-f]\{64\}; bytes=[0-9]*' ||
	fail "outbox/cur/000004.american is not the record of a sent mail"
[ "$(stat -c %s "$G/outbox/cur/000004.american")" -lt 4096 ] || fail "outbox/cur keeps the whole mail"
cp -a "$G" "$T/g1-copy"
rm -rf "$T/tampered" && mkdir -p "$T/tampered" && mv "$T/g1-copy" "$T/tampered/g1"
zeros=0000000000000000000000000000000000000000000000000000000000000000
sed -i "1s/blake2b-256=[0-9a-f]*/blake2b-256=$zeros/" "$T/tampered/g1/outbox/cur/000004.american"
expect 65 "$WW_BIN" replay "$T/tampered/g1" --archive "$E2E_DIR/mail/example.test/judge" --config "$CF"
in_file "$T/out" "outbox/cur/000004.american differs from the record"
in_file "$T/out" "the record has \"X-Wwjudge-Sent: blake2b-256=$zeros"

# ---- a reminder: the move has waited 3 hours (remind_hours = 1) ----
touch -d '3 hours ago' "$G"/log/*.yaml "$G/game.yaml"
nus=$(count us) nuk=$(count uk)
expect 0 "$WW_BIN" remind --config "$CF"
in_file "$T/out" "reminded the"

for i in $(seq 1 200); do
	[ $(($(count us) + $(count uk))) -gt $((nus + nuk)) ] && break
	sleep 0.1
done
[ $(($(count us) + $(count uk))) -eq $((nus + nuk + 1)) ] || fail "not exactly one reminder"
if [ "$(count us)" -gt "$nus" ]; then last_mail us "$T/rem"; else last_mail uk "$T/rem"; fi
in_file "$T/rem" "your move is waiting"
in_file "$T/rem" "Reply-To: <judge+g1-"
# at most once a day
expect 0 "$WW_BIN" remind --config "$CF"
not_in_file "$T/out" "reminded the"
sleep 1
[ $(($(count us) + $(count uk))) -eq $((nus + nuk + 1)) ] || fail "a second reminder the same day"

# ---- issue 11: a mail over 2 MiB (a phone photo) on the poll path ----
# Only its header is fetched; the player is told the limit and the real
# size (not the 2097153 bytes of a cut-off download).
{
	printf 'From: Player <%s>\r\nTo: judge+g1-american-%s@example.test\r\n' "$US" "$US_TOKEN"
	printf 'Subject: my photo\r\nMessage-ID: <photo@example.test>\r\nDate: %s\r\n' "$DATE"
	printf 'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n'
	printf -- '--b\r\nContent-Type: text/plain\r\n\r\n#orders\r\npassword: liberty\r\npass\r\n#end\r\n'
	printf -- '--b\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n'
	head -c 2400000 /dev/zero | base64 -w 76 | sed 's/$/\r/'
	printf -- '--b--\r\n'
} >"$T/photo.eml"
nj=$(count judge) nus=$(count us)
send_file "$US" "judge+g1-american-$US_TOKEN@example.test" "$T/photo.eml"
wait_mail judge $((nj + 1))
poll
wait_mail us $((nus + 1))
last_mail us "$T/photo-reply"
in_file "$T/photo-reply" "refused"
delivered=$(imap judge "INBOX" "UID FETCH $(uids judge | tail -n 1) RFC822.SIZE" |
	sed -n 's/.*RFC822.SIZE \([0-9]*\).*/\1/p')
[ "$delivered" -gt 2097152 ] || fail "the photo mail is only $delivered bytes"
said="the mail is $delivered bytes, and the judge reads mails of at most 2097152 bytes (2 MiB)"
tr -s ' \n' '  ' <"$T/photo-reply" | grep -qF "$said" ||
	fail "the reply does not say '$said': $(grep -A3 'What was wrong' "$T/photo-reply")"
not_in_file "$T/photo-reply" "2097153"

# ---- issue 12: poll exits 75, as send does, when its send step fails ----
# The SMTP server is away (a port nothing listens on): the reports of the
# order just polled stay in outbox/new for the next run.
dead=$(e2e_free_port) || fail "no free port for a dead SMTP server"
sed "s|^smtp_url = .*|smtp_url = smtp://127.0.0.1:$dead|" "$CF" >"$T/dead-smtp.conf"
expect 0 "$WW_BIN" announce "$G" --config "$CF"
waiting=$(ls "$G/outbox/new" | wc -l)
[ "$waiting" -gt 0 ] || fail "announce queued nothing"
later
expect 75 "$WW_BIN" send --config "$T/dead-smtp.conf"
expect 75 "$WW_BIN" poll --config "$T/dead-smtp.conf"
[ "$(ls "$G/outbox/new" | wc -l)" -eq "$waiting" ] || fail "a mail left outbox/new unsent"
# and when the poll itself brought a mail whose answer cannot go
nj=$(count judge)
order "$EVE" american "$US_TOKEN" dead-smtp liberty "pass"
wait_mail judge $((nj + 1))
later
expect 75 "$WW_BIN" poll --config "$T/dead-smtp.conf"
[ "$(ls "$G/outbox/new" | wc -l)" -eq $((waiting + 1)) ] || fail "the answer to the polled mail is not waiting"
expect 0 "$WW_BIN" send --config "$CF"
