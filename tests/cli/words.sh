# Issue 27.5: what the judge says of a failure is said once, and true.
. "$(dirname "$0")/lib.bash"
R="$(cd "$(dirname "$0")/../.." && pwd)"
cc -shared -fPIC -O2 -o "$T/fault.so" "$R/tests/faults/open_fault.c" -ldl
PRE="$(cc -print-file-name=libasan.so):$T/fault.so"
[ -e "${PRE%%:*}" ] || PRE="$T/fault.so"
new_game "$T/g0"
expect 0 "$WW_BIN" order "$T/g0" --as american "$COMMITTEES"

# A commit that cannot write says "nothing was changed" once.
rm -rf "$T/g"; cp -a "$T/g0" "$T/g"
expect 74 env LD_PRELOAD="$PRE" WW_FAULT_PATH=/.txn/0 "$WW_BIN" order "$T/g" --as british "for-the-king Oswego"
in_file "$T/err" "nothing was changed"
[ "$(grep -o 'nothing was changed' "$T/err" | wc -l)" -eq 1 ] || { cat "$T/err"; fail "'nothing was changed' said twice"; }

# verify only reads: a file it cannot read is named, and nothing is said
# of changes.
expect 74 env LD_PRELOAD="$PRE" WW_FAULT_PATH=/secret/state.yaml "$WW_BIN" verify "$T/g"
in_file "$T/err" "secret/state.yaml"
not_in_file "$T/err" "nothing was changed"

# verify --replay names a log entry that does not parse once, at the line
# of the bad bytes.
rm -rf "$T/g"; cp -a "$T/g0" "$T/g"
sed -i '3s/$/\x01/' "$T/g/log/000002.yaml"
expect 65 "$WW_BIN" verify "$T/g" --replay
[ "$(grep -c 'log/000002.yaml' "$T/out")" -eq 1 ] || { cat "$T/out"; fail "one bad entry reported more than once"; }
in_file "$T/out" "log/000002.yaml: line 3: not YAML"
in_file "$T/err" "1 problem found"

# An order after one that ends the game on the stand-in (a resignation)
# is refused for that reason: the game is not over, nothing changed.
rm -rf "$T/g"; cp -a "$T/g0" "$T/g"
expect 65 "$WW_BIN" order "$T/g" --as british resign "for-the-king Oswego"
not_in_file "$T/err" "The game is over"
in_file "$T/err" "order 2 of 2 (\"for-the-king Oswego\") refused: the orders before it end the game, so no order may follow them"
expect 0 "$WW_BIN" verify "$T/g"
not_in_file "$T/g/game.yaml" "game-over"
