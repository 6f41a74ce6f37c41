# Issue 12: `resign` by mail ends the game. The British resign while it is
# the American's move (docs/rulings.md, "Resignation"): both players get a
# final report, the commit reveals the seed in game.yaml, and `verify`
# replays the game from it.
. "$(dirname "$0")/lib.bash"
mail_game "$SEED" 'board = none'
expect 0 "$WW_BIN" announce "$G" --config "$T/wwjudge.conf"
reply=$(sed -n 's/^Reply-To: <\(judge+g-british-[0-9a-f]*@example.org\)>.*/\1/p' \
	"$G"/outbox/new/*.announce-british | tr -d '\r')
[ -n "$reply" ] || fail "no Reply-To in the British announcement"
in_file "$G/game.yaml" "seed_revealed: false"

printf 'From: <north@example.org>\r\nTo: %s\r\nSubject: I concede\r\nMessage-ID: <resign@example.org>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#orders\r\npassword: crown\r\nresign\r\n#end\r\n' \
	"$reply" >"$T/resign.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/resign.eml"
in_file "$T/out" "the British orders are accepted"
in_file "$G/game.yaml" "phase: game-over"
in_file "$G/game.yaml" "victory: resignation"
in_file "$G/game.yaml" "winner: american"
in_file "$G/game.yaml" "seed_revealed: true"
in_file "$G/game.yaml" "seed: $SEED"
for side in american british; do
	mail=$(ls "$G"/outbox/new/*."$side" | tail -1)
	in_file "$mail" "The game is over: the American side wins (the other side"
	in_file "$mail" "The British player resigns: American victory."
	in_file "$mail" "$SEED"
	in_file "$mail" "wwjudge verify --replay DIR"
	in_file "$mail" "Ask the moderator for the game's export"
	not_in_file "$mail" "To give orders"
done
in_file "$(ls "$G"/outbox/new/*.american | tail -1)" "Game g: the British player has resigned."
expect 0 "$WW_BIN" verify "$G"
in_file "$T/out" "adds up"
in_file "$T/out" "forced rolls: american 0, british 0"

# the game is over: a later order is refused, and nothing changes
before=$(snapshot "$G")
reply=$(sed -n 's/^Reply-To: <\(judge+g-british-[0-9a-f]*@example.org\)>.*/\1/p' \
	"$(ls "$G"/outbox/new/*.british | tail -1)" | tr -d '\r')
sed "s/resign@/after@/; s/^resign\r\$/pass\r/; s/^To: .*/To: $reply\r/" "$T/resign.eml" >"$T/after.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/after.eml"
in_file "$T/out" "The game is over: the American player won."
[ "$(snapshot "$G" | grep -v 'outbox\|seen\|answered')" = "$(echo "$before" | grep -v 'outbox\|seen\|answered')" ] ||
	fail "an order after the resignation changed the game"

# the ended game's export verifies as a player would check it: no seen.d/
# nor secret/mail.yaml in it, though the game was played by mail
expect 0 "$WW_BIN" export "$G" "$T/export"
[ ! -e "$T/export/seen.d" ] && [ ! -e "$T/export/secret/mail.yaml" ] ||
	fail "the export holds the judge's own files"
expect 0 "$WW_BIN" verify --replay "$T/export"
in_file "$T/out" "the record adds up"
true
