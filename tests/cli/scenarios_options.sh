# Issue 21.2 and 21.3: named scenarios and optional rules as words, the
# same for every game. `games` lists each game's sides, options and
# scenarios; --option WORD (and --WORD) is checked against the game's
# list, kept in game.yaml as a list, shown in the report's header and
# replayed; --scenario NAME is the data's scenarios/NAME.yaml, listed by
# `scenarios`, and the record keeps the name and replays from it.
. "$(dirname "$0")/lib.bash"
src="$(dirname "$0")/../.."

expect 0 "$WW_BIN" games
in_file "$T/out" "washingtons-war: Washington's War (the default)"
in_file "$T/out" "skirmish: Skirmish"
in_file "$T/out" "sides: american (also america, blue), british (also britain, red)"
in_file "$T/out" "tournament: 6.34"

# 6.34's optional tournament rule, by its word; --tournament says the same.
expect 0 "$WW_BIN" new "$T/t" --option tournament --american a@example.org \
	--british b@example.org --seed "$SEED"
in_file "$T/t/game.yaml" "  options: [tournament]"
in_file "$T/out" "Optional rules: the tournament rule of 6.34."
expect 0 "$WW_BIN" show "$T/t" --as british
in_file "$T/out" "Optional rules: the tournament rule of 6.34."
expect 0 "$WW_BIN" verify "$T/t" --replay
expect 0 "$WW_BIN" new "$T/t2" --tournament --american a@example.org \
	--british b@example.org --seed "$SEED"
cmp -s "$T/t/game.yaml" "$T/t2/game.yaml" || fail "--tournament is not --option tournament"
new_game "$T/plain"
not_in_file "$T/out" "Optional rules"
not_in_file "$T/plain/game.yaml" "options:"

# Checked against the game's own list.
expect 64 "$WW_BIN" new "$T/x" --option fast --american a@x --british b@x
in_file "$T/err" "'fast' is not an optional rule of Washington's War (its options: tournament)"
expect 64 "$WW_BIN" new "$T/x" --game skirmish --option tournament --american a@x --british b@x
in_file "$T/err" "'tournament': Skirmish has no optional rules"
[ ! -e "$T/x" ] || fail "a refused new left $T/x"

# A record of before the list, "tournament_rule: true", still reads as the
# option; a word the game does not have is a corrupt record.
sed -i 's/^  options: \[tournament\]$/  tournament_rule: true/' "$T/t2/game.yaml"
expect 0 "$WW_BIN" show "$T/t2"
in_file "$T/out" "Optional rules: the tournament rule of 6.34."
sed -i 's/^  tournament_rule: true$/  options: [fast]/' "$T/t2/game.yaml"
expect 65 "$WW_BIN" show "$T/t2"
in_file "$T/err" "options: 'fast' is not an optional rule of Washington's War"

# Named scenarios are the data's scenarios/NAME.yaml.
cp -r "$src/data/washingtons-war" "$T/data"
mkdir "$T/data/scenarios"
cat >"$T/data/scenarios/test-1778.yaml" <<'YAML'
# A test of names: 1778, the French in the war (not the printed game's)
year: 1778
french_in_war: true
YAML
expect 0 "$WW_BIN" scenarios --game washingtons-war --data "$T/data"
in_file "$T/out" "  test-1778 A test of names: 1778, the French in the war"
expect 0 "$WW_BIN" new "$T/s" --scenario test-1778 --data "$T/data" \
	--american a@example.org --british b@example.org --seed "$SEED"
in_file "$T/s/game.yaml" '  scenario: "test-1778"'
in_file "$T/out" "1778"
expect 0 "$WW_BIN" verify "$T/s" --replay --data "$T/data"
expect 64 "$WW_BIN" new "$T/x" --scenario 17.1 --data "$T/data" --american a@x --british b@x
in_file "$T/err" "--scenario 17.1: Washington's War has no scenario of that name"
in_file "$T/err" "its scenarios: test-1778"
expect 0 "$WW_BIN" scenarios --game skirmish
in_file "$T/out" "none: a new game starts from the rule book's set-up"
expect 64 "$WW_BIN" new "$T/x" --game skirmish --scenario 17.1 --american a@x --british b@x
in_file "$T/err" "Skirmish has no scenario of that name"
in_file "$T/err" "it has none"
echo ok
