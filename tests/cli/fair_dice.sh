# Issue 11, "free looks at the dice": no one sees a die that is not
# committed. Two games that differ only in their secret seed give the same
# refusal for a batch refused after a battle, and the same preview; the
# refusal changes nothing, not even the dice counter.
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
	expect 65 "$WW_BIN" order "$T/g$n" --as british "$ATTACK" pass
	cp "$T/err" "$T/refusal$n"
done
in_file "$T/refusal1" 'order 2 of 2 ("pass") refused'
in_file "$T/refusal1" "stand-in dice"
in_file "$T/refusal1" "nothing was changed"
cmp "$T/refusal1" "$T/refusal2" || fail "the refusal depends on the secret seed"
[ "$(snapshot "$T/g1")" = "$before" ] || fail "a refused batch changed the game"

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
