# wwjudge order: accepted orders, every refusal, all-or-nothing, dice,
# the lock, and the exit codes.
. "$(dirname "$0")/lib.bash"
G="$T/g"
new_game "$G"
logs() { find "$G/log" -type f | wc -l; }

# Usage errors: nothing is read or written.
expect 64 "$WW_BIN" order "$G" "$COMMITTEES"
in_file "$T/err" "--as american or --as british"
expect 64 "$WW_BIN" order "$G" --as french "$COMMITTEES"
expect 64 "$WW_BIN" order "$G" --as american
in_file "$T/err" "no orders given"
expect 64 "$WW_BIN" order --as american
in_file "$T/err" "GAME_DIR is missing"
expect 64 "$WW_BIN" order "$G" --as american --dice 7 "$COMMITTEES"
in_file "$T/err" "1 to 6"
expect 64 "$WW_BIN" order "$G" --as american --dice 1,x "$COMMITTEES"
expect 66 "$WW_BIN" order "$T/none" --as american "$COMMITTEES"
in_file "$T/err" "no game"

# A refused order changes nothing but the log, which records the refusal.
before=$(snapshot "$G"); nlog=$(logs)
expect 65 "$WW_BIN" order "$G" --as american "committees Bostn"
in_file "$T/err" "order 1 of 1 (\"committees Bostn\") refused"
in_file "$T/err" "did you mean Boston MA?"
in_file "$T/err" "nothing was changed"
[ "$(snapshot "$G")" = "$before" ] || fail "a refused order changed the record"
[ "$(logs)" -gt "$nlog" ] || fail "the refusal was not logged"

# Not this side's move (4.0: the American places first).
expect 65 "$WW_BIN" order "$G" --as british "for-the-king New York"
in_file "$T/err" "order 1 of 1"
[ "$(snapshot "$G")" = "$before" ] || fail "an order out of turn changed the record"

# All or nothing: the first order is good, the second is refused.
expect 65 "$WW_BIN" order "$G" --as american "$COMMITTEES" "discard 5 remove Atlantis"
in_file "$T/err" "order 2 of 2"
in_file "$T/err" "unknown space 'Atlantis'"
[ "$(snapshot "$G")" = "$before" ] || fail "half of a refused batch was committed"

# A forced die that no order rolls is refused, and nothing changes.
expect 65 "$WW_BIN" order "$G" --as american --dice 4 "$COMMITTEES"
in_file "$T/err" "1 forced dice were given but the orders rolled only 0"
[ "$(snapshot "$G")" = "$before" ] || fail "unused --dice still committed"

# The lock: a second writer is told to try again later (EX_TEMPFAIL).
if command -v flock >/dev/null; then
	flock "$G/lock" sleep 2 &
	holder=$!
	sleep 0.5
	expect 75 "$WW_BIN" order "$G" --as american "$COMMITTEES"
	wait "$holder"
	[ "$(snapshot "$G")" = "$before" ] || fail "a locked-out order changed the record"
fi

# Accepted.
expect 0 "$WW_BIN" order "$G" --as american "$COMMITTEES"
in_file "$T/out" "Accepted: committees Portsmouth NH, Worcester MA"
in_file "$T/out" "Report for the American player."
[ "$(snapshot "$G")" != "$before" ] || fail "an accepted order changed nothing"
"$WW_BIN" show "$G" --format yaml >"$T/y"
in_file "$T/y" "move: 1"
in_file "$T/y" "prompt: for-the-king"

# Orders from stdin, with comments and blank lines.
printf '# For The King (4.0)\n\nfor-the-king New York, Savannah, Baltimore\n' >"$T/in"
expect 0 "$WW_BIN" order "$G" --as british - <"$T/in"
in_file "$T/out" "Accepted: for-the-king New York NY, Savannah GA, Baltimore MD"

# Hands are dealt now (5.2): neither side's view shows the other's cards.
"$WW_BIN" show "$G" --as american --format yaml >"$T/us.yaml"
"$WW_BIN" show "$G" --as british --format yaml >"$T/uk.yaml"
us=$(sed -n 's/^  - {card: \([0-9]*\),.*/\1/p' "$T/us.yaml")
[ -n "$us" ] || fail "the American hand is empty after the deal"
for c in $us; do
	grep -q "^  - {card: $c," "$T/uk.yaml" && fail "American card $c shows in the British view"
done
"$WW_BIN" show "$G" --as british >"$T/uk.txt"
for c in $us; do
	grep -q "^  #$c " "$T/uk.txt" && fail "American card $c shows in the British report"
done

expect 0 "$WW_BIN" verify "$G"
echo ok
