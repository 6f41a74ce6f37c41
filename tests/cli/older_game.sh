# Issue 13: a game directory made before game.yaml named its game (no
# `game:` in meta) is Washington's War: it shows, takes orders, verifies
# and replays, and its game.yaml stays without the line. A game.yaml that
# names a game this judge does not play is refused by name.
. "$(dirname "$0")/lib.bash"
G="$T/g"
new_game "$G"
in_file "$G/game.yaml" "  game: washingtons-war"
expect 0 "$WW_BIN" order "$G" --as american "$COMMITTEES"
sed -i '/^  game: washingtons-war$/d' "$G/game.yaml"
expect 0 "$WW_BIN" verify "$G" --replay
expect 0 "$WW_BIN" show "$G" --as british
in_file "$T/out" "Move 1, the American player:"
expect 0 "$WW_BIN" order "$G" --as british "for-the-king New York NY"
not_in_file "$G/game.yaml" "game:"
in_file "$G/log/000003.yaml" "side: british"
expect 0 "$WW_BIN" verify "$G" --replay

sed -i 's/^meta:$/meta:\n  game: chess/' "$G/game.yaml"
expect 65 "$WW_BIN" show "$G"
in_file "$T/err" "game.yaml: line 3: game: chess is not a game this judge plays (it plays: washingtons-war, skirmish, tarletons-quarter)"
expect 65 "$WW_BIN" order "$G" --as american "pass"
[ ! -e "$G/log/000004.yaml" ] || fail "an order was logged for a game this judge does not play"
