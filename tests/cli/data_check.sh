# wwjudge data-check: the shipped data passes; a broken copy is reported
# as file:line: message.
. "$(dirname "$0")/lib.bash"
expect 0 "$WW_BIN" data-check "$WW_DATA"
in_file "$T/out" "no problems"
expect 0 "$WW_BIN" data-check
expect 66 "$WW_BIN" data-check "$T/none"
expect 64 "$WW_BIN" data-check a b

cp -r "$WW_DATA" "$T/data"
printf -- '- name: [unclosed\n' >>"$T/data/spaces.yaml"
expect 65 "$WW_BIN" data-check "$T/data"
grep -Eq '^spaces\.yaml:[0-9]+: ' "$T/out" || { cat "$T/out"; fail "no 'spaces.yaml:LINE: message'"; }

# Skirmish's data (dataset.yaml says `game: Skirmish`) is checked as
# Skirmish's: its spots and pieces, and its problems as file:line.
SK_DATA=$(dirname "$WW_DATA")/skirmish
expect 0 "$WW_BIN" data-check "$SK_DATA"
in_file "$T/out" "Skirmish, skirmish-reconstructed-1"
in_file "$T/out" "no problems"
cp -r "$SK_DATA" "$T/sk"
sed -i 's/^army_max_units: 6/army_max_units: x/' "$T/sk/dataset.yaml"
expect 65 "$WW_BIN" data-check "$T/sk"
grep -Eq '^dataset\.yaml:[0-9]+: ' "$T/out" || { cat "$T/out"; fail "no 'dataset.yaml:LINE: message'"; }
# new says every problem of data that does not load, as data-check does.
expect 78 "$WW_BIN" new "$T/g" --game skirmish --american a@x --british b@x --data "$T/sk"
grep -Eq '^dataset\.yaml:[0-9]+: ' "$T/err" || { cat "$T/err"; fail "new: no 'dataset.yaml:LINE: message'"; }
[ ! -e "$T/g" ] || fail "a game was made with data that does not load"

# The game is the one dataset.yaml's `game:` names (docs/data.md); a game
# the judge does not play is refused, naming those it does.
sed -i 's/^game: Skirmish/game: Chess/' "$T/sk/dataset.yaml"
expect 65 "$WW_BIN" data-check "$T/sk"
in_file "$T/err" "dataset.yaml: game: 'Chess' is not a game this judge plays (it plays: washingtons-war, skirmish, tarletons-quarter)"
echo ok
