# Issue 11, "one unauthenticated mail breaks a game for good": a forged
# mail with bytes that are not UTF-8 in From and Message-ID is logged as
# valid, escaped UTF-8, so `verify` and `rollback` still work afterwards;
# a misspelt key line in the order block ("Pasword: liberty") is refused
# by its line number and its text is written nowhere.
. "$(dirname "$0")/lib.bash"
GOLD="$(cd "$(dirname "$0")/../golden/1776" && pwd)"
mail_game 1776177617761776177617761776177617761776177617761776177617761776
grep -v '^#' "$GOLD/orders" | head -2 | while IFS= read -r line; do
	who=${line%%:*} order=${line#*: }
	expect 0 "$WW_BIN" order "$G" --as "${who%% *}" "$order"
done
in_file "$G/game.yaml" "move: 2"

# the mail of the issue: \xff in From, \xfe in the Message-ID
printf 'From: <m\xffal@evil.org>\r\nTo: judge+g-american-0123456789abcdef@example.org\r\nSubject: orders \xfd\r\nMessage-ID: <x\xfe1@evil.org>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#orders\r\npassword: guess\r\npass\r\n#end\r\n' >"$T/forged.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/forged.eml"
entry="$G/log/000004.yaml"
[ -f "$entry" ] || fail "the forged mail's refusal was not logged"
iconv -f UTF-8 -t UTF-8 "$entry" >/dev/null 2>&1 || fail "$entry is not valid UTF-8"
in_file "$entry" 'sender: "m'$'\xef\xbf\xbd''al@evil.org"'
in_file "$entry" 'message_id: "<x'$'\xef\xbf\xbd''1@evil.org>"'
for f in "$G"/seen.d/* "$G"/outbox/new/*; do
	[ -e "$f" ] || continue
	iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 || fail "$f is not valid UTF-8"
done
cat "$G"/seen.d/* 2>/dev/null | grep -qF 'evil.org' &&
	fail "an unauthenticated mail's Message-ID was marked seen"
expect 0 "$WW_BIN" verify "$G"
expect 0 "$WW_BIN" verify "$G" --replay
expect 0 "$WW_BIN" rollback "$G" --to 1
in_file "$T/out" "rolled back from move 2 to move 1"
expect 0 "$WW_BIN" verify "$G" --replay

# "Pasword: liberty" inside the block: refused by line number, and the
# password is in no file of the game, the outbox included
printf 'From: <washington@example.org>\r\nTo: judge+g-american-0123456789abcdef@example.org\r\nSubject: my move\r\nMessage-ID: <typo@example.org>\r\n\r\nHello.\r\n#orders\r\nPasword: liberty\r\npass\r\n#end\r\n' >"$T/typo.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/typo.eml"
reply=$(ls "$G"/outbox/new/*.reply-american | tail -1)
in_file "$reply" "line 3"
grep -rqF liberty "$G" && { grep -rlF liberty "$G"; fail "the misspelt password line was written into the game"; }
grep -qF liberty "$T/err" "$T/out" && fail "the misspelt password line was echoed"
true

# The password on a line of its own among the orders (a phone's autofill,
# a slip of the thumb): the mail is refused, and the password is in no
# file of the game either (the line would otherwise be joined to the order
# before it as a wrapped line, and logged with it).
printf 'From: <washington@example.org>\r\nTo: judge+g-american-0123456789abcdef@example.org\r\nSubject: my move\r\nMessage-ID: <slip@example.org>\r\n\r\n#orders\r\npassword: liberty\r\npass\r\nliberty\r\n#end\r\n' >"$T/slip.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/slip.eml"
reply=$(ls "$G"/outbox/new/*.reply-american | tail -1)
in_file "$reply" "a line of the orders holds your password alone; no order of the mail was
  read, logged or kept"
grep -rqF liberty "$G" && { grep -rlF liberty "$G"; fail "the password among the orders was written into the game"; }
grep -qF liberty "$T/err" "$T/out" && fail "the password among the orders was echoed"
true
