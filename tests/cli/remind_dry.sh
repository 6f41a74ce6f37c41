# Issue 22.10: `remind --dry-run [--at TIME]` shows what remind would send
# now, or at a given time (the reminder whole, or why none is due and
# when one will be), and changes nothing: no outbox mail, no GAME/remind,
# nothing sent.
. "$(dirname "$0")/lib.bash"
mail_game "$SEED" 'remind_hours = 48
board = none
smtp_url = smtp://127.0.0.1:1
smtp_tls = none'
C="$T/wwjudge.conf"
expect 0 "$WW_BIN" announce "$G" --config "$C"
mkdir -p "$G/outbox/cur" && mv "$G"/outbox/new/* "$G/outbox/cur/"
before=$(snapshot "$G")

expect 0 "$WW_BIN" remind --config "$C" --dry-run
in_file "$T/out" "nothing is written or sent"
in_file "$T/out" "no reminder yet: the American move has waited since"
in_file "$T/out" "(remind_hours = 48)"

expect 0 "$WW_BIN" remind --config "$C" --dry-run --at +49h
in_file "$T/out" "would remind the American player (washington@example.org), waiting 49 hours"
in_file "$T/out" "Subject: [wwjudge g] 1775 move 0: reminder: your move is waiting"
in_file "$T/out" "To: <washington@example.org>"
in_file "$T/out" "Reply-To: <judge+g-american-"
in_file "$T/out" "#orders"
# issue 22.8: the subject is short (what is asked is in the body)
subj=$(grep '^Subject:' "$T/out" | tr -d '\r')
[ "${#subj}" -le 78 ] || fail "a reminder's subject of ${#subj} columns: $subj"
in_file "$T/out" "What is asked now:
The American places the Committees of Correspondence"

expect 0 "$WW_BIN" remind --config "$C" --dry-run --at +3d
in_file "$T/out" "waiting 72 hours"
when=$(date -u -d '+50 hours' '+%Y-%m-%d %H:%M')
expect 0 "$WW_BIN" remind --config "$C" --dry-run --at "$when"
in_file "$T/out" "would remind the American player"
expect 0 "$WW_BIN" remind --config "$C" --dry-run --at 2000-01-01
in_file "$T/out" "no reminder yet"
in_file "$T/out" "(later than the time asked)"

expect 64 "$WW_BIN" remind --config "$C" --dry-run --at tomorrow
in_file "$T/err" "--at wants YYYY-MM-DD"
expect 64 "$WW_BIN" remind --config "$C" --at +2d
in_file "$T/err" "--at goes with --dry-run"
expect 64 "$WW_BIN" send --config "$C" --dry-run

[ "$(snapshot "$G")" = "$before" ] || fail "a dry run changed the game"
[ ! -e "$G/remind" ] || fail "a dry run wrote GAME/remind"
[ -z "$(ls "$G/outbox/new")" ] || fail "a dry run queued a mail"

expect 0 "$WW_BIN" pause "$G" --config "$C"
expect 0 "$WW_BIN" remind --config "$C" --dry-run --at +49h
in_file "$T/out" "no reminder: the game is paused"
true
