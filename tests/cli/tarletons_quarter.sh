# A game of Tarleton's Quarter! kept by the record and played on the
# command line (issue 23): data-check, `new --game tarletons-quarter
# --scenario 17.4`, the set-up's orders and the first turn by `order`,
# refusals with the rules' reason and nothing changed, `show`, standing
# orders only in secret/, the board by `show --png`, `verify --replay`.
. "$(dirname "$0")/lib.bash"
TQ_DATA="$(cd "$(dirname "$0")/../../data/tarletons-quarter" && pwd)"
G="$T/g"

expect 0 "$WW_BIN" data-check "$TQ_DATA"
in_file "$T/out" "Tarleton's Quarter!, tarletons-quarter-reconstructed-1 (reconstructed where the seed is silent), 104 areas"

expect 64 "$WW_BIN" new "$G" --game tarletons-quarter --scenario 17.9 --british uk@example.org \
	--continental us@example.org --data "$TQ_DATA"
in_file "$T/err" "--scenario 17.9: Tarleton's Quarter! has no scenario of that name"
[ ! -e "$G" ] || fail "a refused scenario made a game"

# issue 24: "american" also names the Continental, but one side once
expect 64 "$WW_BIN" new "$G" --game tarletons-quarter --scenario 17.4 --british uk@example.org \
	--continental us@example.org --american us2@example.org --data "$TQ_DATA"
in_file "$T/err" "the continental side is given twice"
[ ! -e "$G" ] || fail "a refused new made a game"
expect 0 "$WW_BIN" new "$T/g-am" --game tarletons-quarter --scenario 17.4 --british uk@example.org \
	--american us@example.org --seed "$SEED" --data "$TQ_DATA"
in_file "$T/g-am/game.yaml" '  continental: "us@example.org"'
expect 0 "$WW_BIN" new "$G" --game tarletons-quarter --scenario 17.4 --british uk@example.org \
	--continental us@example.org --seed "$SEED" --data "$TQ_DATA"
in_file "$T/out" "Data: tarletons-quarter-reconstructed-1"
in_file "$G/game.yaml" "  game: tarletons-quarter"
in_file "$T/out" "Waiting for the British to declare the colonies it may invade."

turn() { expect 0 "$WW_BIN" order "$G" --as "$1" "$2"; in_file "$T/out" "Accepted: $3"; }
# 17.4.1: the British declares first; the Continental may not set up before.
before=$(snapshot "$G")
expect 65 "$WW_BIN" order "$G" --as continental "place 9 regulars at V28"
in_file "$T/err" "nothing is asked of the Continental now"
[ "$(snapshot "$G")" = "$before" ] || fail "a refused order changed the game"
expect 65 "$WW_BIN" order "$G" --as british "declare Georgia"
in_file "$T/err" "17.4.1: declare 2 colonies, not 1"
[ "$(snapshot "$G")" = "$before" ] || fail "a refused declaration changed the game"
turn british "declare Georgia and Virginia" "declare Georgia, Virginia"

# A standing order is kept in secret/ only, told to its side alone.
turn continental "standing retreat before combat to V27" "standing retreat before combat to V27"
in_file "$G/secret/state.yaml" "retreat before combat to V27"
not_in_file "$G/game.yaml" "retreat before combat"

# 17.4.2: the Continental sets up, then says done; the first turn begins.
turn continental "place 9 regulars, Elbert, Huger, Lincoln, Moultrie, 6 trains at V28" \
	"place 9 regulars, 6 trains, Elbert, Huger, Lincoln, Moultrie"
expect 65 "$WW_BIN" order "$G" --as continental "done"
in_file "$T/err" "Howe"
turn continental "place Howe at V12" "place Howe at V12"
turn continental "done" "done"

expect 0 "$WW_BIN" show "$G" --as british
in_file "$T/out" "Tarleton's Quarter!"
not_in_file "$T/out" "retreat before combat to V27"
expect 0 "$WW_BIN" show "$G" --as continental
in_file "$T/out" "Your standing order (the other side does not see it):"
in_file "$T/out" "combat to V27"
# The board (issue 24): a PNG of the reconstructed map, at most 150 KB.
expect 0 "$WW_BIN" show "$G" --as british --png "$T/board.png"
[ "$(head -c 8 "$T/board.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
	fail "show --png did not write a PNG"
size=$(wc -c <"$T/board.png")
[ "$size" -gt 20000 ] && [ "$size" -le 150000 ] || fail "the board's PNG is $size bytes"
[ "$(od -An -tu1 -j16 -N8 "$T/board.png" | tr -s ' ')" = " 0 0 3 232 0 0 5 120" ] ||
	fail "the board is not map.yaml's 1000 x 1400"
expect 0 "$WW_BIN" verify "$G" --replay
in_file "$T/out" "$G: the record adds up."
echo ok
