# Issue 11, "free looks at the dice": no one sees a die that is not
# committed. A batch refused on the stand-in gives the same refusal
# whatever the secret seed, and changes nothing, not even the dice
# counter; an order after a battle is judged on the game's own dice, which
# are then committed (issue 21.7); a preview shows stand-in dice only.
. "$(dirname "$0")/lib.bash"
cat >"$T/battle.yaml" <<'YAML'
year: 1776
to_move: british
impulse: british
regulars: false
board:
  Boston MA: {pc: british, british: 2}
  Lexington and Concord MA: {american: 4}
  Philadelphia PA: {pc: american, american: 3}
generals: {Howe: Boston MA, Washington: Philadelphia PA}
standing_orders:
  british: {never_battle_card: true}
hands: {british: [50, 51], american: []}
YAML
ATTACK="play 50 move Howe to Lexington and Concord MA"
for n in 1 2; do
	seed=$(printf '%064x' "$n")
	expect 0 "$WW_BIN" new "$T/g$n" --american us@example.org --british uk@example.org \
		--seed "$seed" --scenario "$T/battle.yaml"
done

before=$(snapshot "$T/g1")
for n in 1 2; do
	expect 65 "$WW_BIN" order "$T/g$n" --as british pass "$ATTACK"
	cp "$T/err" "$T/refusal$n"
done
in_file "$T/refusal1" 'order 1 of 2 ("pass") refused'
in_file "$T/refusal1" "nothing was changed"
cmp "$T/refusal1" "$T/refusal2" || fail "the refusal depends on the secret seed"
[ "$(snapshot "$T/g1")" = "$before" ] || fail "a refused batch changed the game"

# The order after the battle waits for the game's dice, and what the
# player sees of them is committed: the attack stands with its rolls in
# the log, the pass is not carried out, and the replay agrees.
for n in 1 2; do
	cp -a "$T/g$n" "$T/after$n"
	expect 65 "$WW_BIN" order "$T/after$n" --as british "$ATTACK" pass
	in_file "$T/err" 'order 2 of 2 ("pass") not carried out'
	last="$T/after$n/log/$(ls "$T/after$n/log" | tail -1)"
	in_file "$last" "roll:"
	in_file "$last" "not_carried_out:"
	expect 0 "$WW_BIN" verify "$T/after$n" --replay
done

# The preview: stand-in dice, labelled; only the commitment differs.
for n in 1 2; do
	expect 0 "$WW_BIN" order "$T/g$n" --as british --preview "$ATTACK"
	grep -v '^Seed commitment' "$T/out" | sed 's/[0-9a-f]\{64\}/HASH/g' >"$T/preview$n"
done
in_file "$T/preview1" "preview with stand-in dice and cards, nothing"
in_file "$T/preview1" "(stand-in, not the game's)"
not_in_file "$T/preview1" "(from the seed)"
cmp "$T/preview1" "$T/preview2" || { diff "$T/preview1" "$T/preview2"; fail "the preview depends on the secret seed"; }
[ "$(snapshot "$T/g1")" = "$before" ] || fail "a preview changed the game"
