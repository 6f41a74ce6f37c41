# Issue 24: Tarleton's Quarter! has every command the other games have
# (what one game has, every game has): new with the players' password
# files, announce, `order` with a config mailing both players, rollback
# (both told, the record replaying clean, orders after it), remind (the
# side asked), pause and resume, resign by mail (the game over, the seed
# revealed), and the ended game's export verified as a player would.
. "$(dirname "$0")/lib.bash"
TQ_DATA="$(cd "$(dirname "$0")/../../data/tarletons-quarter" && pwd)"
export WW_PWHASH=test
M="$T/games/tq"
C="$T/wwjudge.conf"
mkdir -p "$T/games"
printf 'liberty\n' >"$T/co.pw"
printf 'crown\n' >"$T/uk.pw"
printf 'games = %s/games\njudge = judge@example.org\nremind_hours = 1\n' "$T" >"$C"

expect 0 "$WW_BIN" new "$M" --game tarletons-quarter --scenario 17.4 --british uk@example.org \
	--continental co@example.org --british-password-file "$T/uk.pw" \
	--continental-password-file "$T/co.pw" --seed "$SEED" --data "$TQ_DATA"
in_file "$M/secret/mail.yaml" 'password_continental: $argon2id'
expect 0 "$WW_BIN" announce "$M" --config "$C"
in_file "$M/outbox/new/000001.announce-british" "you play the British side"
in_file "$M/outbox/new/000001.announce-continental" "you play the Continental side"

say() { expect 0 "$WW_BIN" order "$M" --as "$1" --config "$C" "$2"; }
say british "declare Georgia and Virginia"
in_file "$(ls "$M"/outbox/new/*.british | tail -1)" "your orders were accepted:"
say continental "place 9 regulars, Elbert, Huger, Lincoln, Moultrie, 6 trains at V28"
say continental "place Howe at V12"

# rollback to the British declaration (move 1): the Continental's
# placements undone, both players told, the record replaying clean
expect 0 "$WW_BIN" rollback "$M" --to 1 --config "$C"
rolled=$(ls "$M/outbox/new" | grep -c "^000005\\.")
[ "$rolled" -eq 2 ] || fail "the rollback told $rolled players, not 2"
in_file "$M/game.yaml" "continental to-place: {leaders: [Elbert, Huger, Howe, Lincoln, Moultrie]"
expect 0 "$WW_BIN" verify "$M" --replay
say continental "place 9 regulars, Elbert, Huger, Lincoln, Moultrie, 6 trains at V28"
expect 0 "$WW_BIN" verify "$M" --replay

# remind: the side asked (the Continental, setting up), and nobody while
# the game is paused
touch -d '3 hours ago' "$M"/log/*.yaml "$M/game.yaml"
expect 75 "$WW_BIN" remind --config "$C"
in_file "$T/out" "reminded the Continental player (co@example.org)"
grep -q "^The Continental: set up your pieces (17.0)" "$M"/outbox/new/*remind-continental* ||
	fail "the reminder does not say what the Continental is asked"
expect 0 "$WW_BIN" pause "$M" --config "$C"
touch -d '30 hours ago' "$M"/log/*.yaml "$M/game.yaml"
expect 0 "$WW_BIN" remind --config "$C" --dry-run
in_file "$T/out" "no reminder: the game is paused"
expect 0 "$WW_BIN" resume "$M" --config "$C"

# resign by mail: the Continental concedes, the game is over, the seed out
reply=$(sed -n 's/^Reply-To: <\(judge+[^>]*\)>.*/\1/p' \
	"$(ls "$M"/outbox/new/*.continental | tail -1)" | tr -d '\r')
printf 'From: <co@example.org>\r\nTo: %s\r\nSubject: I concede\r\nMessage-ID: <resign@example.org>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#orders\r\npassword: liberty\r\nresign\r\n#end\r\n' \
	"$reply" >"$T/resign.eml"
expect 0 "$WW_BIN" process --config "$C" <"$T/resign.eml"
in_file "$T/out" "the Continental orders are accepted"
in_file "$M/game.yaml" "seed_revealed: true"
last=$(ls "$M"/outbox/new/*.british | tail -1)
in_file "$last" "The secret seed, revealed now that the game is over:"
in_file "$last" "The game is over: British victory (the Continental player"
not_in_file "$last" "What you can do now" # nothing is asked of a game that is over

# the ended game's export: what a player needs to check it, verified
expect 0 "$WW_BIN" export "$M" "$T/export"
[ -e "$T/export/secret/seed" ] || fail "the ended game's export holds no seed"
[ ! -e "$T/export/secret/mail.yaml" ] || fail "the export holds the password hashes"
expect 0 "$WW_BIN" verify --replay "$T/export" --data "$TQ_DATA"
in_file "$T/out" "the record adds up"
echo ok
