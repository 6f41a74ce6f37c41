# wwjudge new, and the usage errors of the command line as a whole.
. "$(dirname "$0")/lib.bash"

expect 0 "$WW_BIN" --help
in_file "$T/out" "usage: wwjudge COMMAND"
expect 64 "$WW_BIN"
expect 64 "$WW_BIN" frobnicate
in_file "$T/err" "'frobnicate' is not a command"
for c in new order show verify data-check; do
	expect 0 "$WW_BIN" "$c" --help
	in_file "$T/out" "usage: wwjudge $c"
done

new_game "$T/g"
in_file "$T/out" "Created the game in $T/g"
in_file "$T/out" "Seed commitment"
in_file "$T/out" "American to move"
[ -f "$T/g/game.yaml" ] || fail "no game.yaml"
tail -n +2 "$T/out" >"$T/report"   # the first line holds the (long) temporary path
[ -z "$(too_wide "$T/report")" ] || fail "new: lines over 72 columns: $(too_wide "$T/report")"

# The commitment is the seed's hash: the same seed gives the same one.
commit1=$(grep -A1 "Seed commitment" "$T/out" | tail -1)
new_game "$T/g2"
commit2=$(grep -A1 "Seed commitment" "$T/out" | tail -1)
[ "$commit1" = "$commit2" ] || fail "same seed, different commitments"
grep -qF "$SEED" "$T/g/game.yaml" && fail "the seed is in the public game.yaml"

# A game is never overwritten.
expect 73 "$WW_BIN" new "$T/g" --american a@x --british b@x --seed "$SEED"
[ -s "$T/err" ] || fail "no message for an existing game"

expect 64 "$WW_BIN" new "$T/g3" --british b@x
in_file "$T/err" "--american and --british are required"
# Every side of the game must be given, by the game's own words.
expect 64 "$WW_BIN" new "$T/g3" --game skirmish --american a@x
in_file "$T/err" "--american and --british are required"
expect 64 "$WW_BIN" new "$T/g3" --american a@x --british b@x --seed 12345
in_file "$T/err" "64 hex digits"
expect 64 "$WW_BIN" new --american a@x --british b@x
in_file "$T/err" "exactly one GAME_DIR"
expect 64 "$WW_BIN" new "$T/g3" --american a@x --british b@x --bogus
[ ! -e "$T/g3" ] || fail "a refused 'new' left $T/g3 behind"

expect 66 "$WW_BIN" new "$T/g5" --american a@x --british b@x --scenario "$T/nothing.yaml"
in_file "$T/err" "scenario $T/nothing.yaml"
[ ! -e "$T/g5/game.yaml" ] || fail "a game was made without its scenario"

# Issue 11: a display name is taken off, the addr-spec kept; an address
# with a line break, or not one address, is refused and no game is made.
expect 0 "$WW_BIN" new "$T/named" --american 'Martha Washington <american@pbem.test>' \
	--british '"North, Frederick" <north@pbem.test>' --seed "$SEED"
registered() {   # the side's address in game.yaml, quoted or not
	grep -qE "^ *$2: \"?$3\"?\$" "$1/game.yaml" ||
		fail "$2 is not registered as $3: $(grep -E "^ *$2: \"?[^ {]*@" "$1/game.yaml")"
}
registered "$T/named" american american@pbem.test
registered "$T/named" british north@pbem.test
in_file "$T/out" "American: american@pbem.test"
expect 64 "$WW_BIN" new "$T/nl" --american "$(printf 'us@example.org\nBcc: x@evil.test')" \
	--british uk@example.org --seed "$SEED"
in_file "$T/err" "--american: the address holds a line break; give one address, user@host or Name <user@host>"
[ ! -e "$T/nl" ] || fail "an address with a line break made a game"
expect 64 "$WW_BIN" new "$T/two" --american us@example.org --british 'a@x.test, b@x.test'
in_file "$T/err" "--british: 'a@x.test, b@x.test' is not one mail address"
expect 64 "$WW_BIN" new "$T/two" --american '<us@example.org' --british uk@example.org
in_file "$T/err" "is not one mail address"
[ ! -e "$T/two" ] || fail "a refused address made a game"

# The same for `address`: the addr-spec is kept, a line break refused.
expect 0 "$WW_BIN" address "$T/named" --side american 'Abigail Adams <abigail@pbem.test>'
registered "$T/named" american abigail@pbem.test
expect 64 "$WW_BIN" address "$T/named" --side british "$(printf 'n@pbem.test\r\nX: y')"
in_file "$T/err" "the address holds a line break"
registered "$T/named" british north@pbem.test

# Data that is not there.
rc=0; WW_DATA="$T/nowhere" "$WW_BIN" new "$T/g4" --american a@x --british b@x \
	>"$T/out" 2>"$T/err" || rc=$?
[ "$rc" -eq 78 ] || fail "missing data: exit $rc, expected 78"
in_file "$T/err" "does not load"
[ ! -e "$T/g4/game.yaml" ] || fail "a game was made without data"
echo ok
