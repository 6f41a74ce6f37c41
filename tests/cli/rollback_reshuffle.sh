# Issue 20, point 4: a rollback never replays a known card. The cards
# the undone moves drew are back in the deck, and whoever drew them knows
# it; the rollback puts the cards no side has seen in a new order with
# the seed's next shuffle (logged `reshuffle: N`), so the next draws are
# not the ones the undone moves showed, and `verify --replay` makes the
# same shuffle again. Washington's War's deck, and Skirmish's skirmish
# cards.
. "$(dirname "$0")/lib.bash"
SK_DATA="$(cd "$(dirname "$0")/../../data/skirmish" && pwd)"

# a YAML block of secret/state.yaml: the lines after KEY up to the next key
block() { awk -v k="$2" '$0 ~ "^"k":" {on=1; next} on && /^[a-z]/ {exit} on' "$1"; }

# Washington's War: For The King (4.0) leads to the deal (5.2), whose
# cards the British player reads in his report. Rolled back, and For The
# King given again, the hands are dealt from a deck in a new order.
G="$T/ww"
new_game "$G"
expect 0 "$WW_BIN" order "$G" --as american "$COMMITTEES"
cp "$G/secret/state.yaml" "$T/ww-1.yaml"
expect 0 "$WW_BIN" order "$G" --as british "for-the-king Falmouth MA, Yorktown VA, Charlotte NC"
block "$G/secret/state.yaml" hands >"$T/hands-before"
[ -s "$T/hands-before" ] || fail "no hands dealt after For The King"
expect 0 "$WW_BIN" rollback "$G" --to 1
in_file "$G/log/000004.yaml" "  next_shuffle: 1
  reshuffle: 1"
# the position is move 1's, but for the deck's order and the counters
[ "$(block "$G/secret/state.yaml" deck | sort)" = "$(block "$T/ww-1.yaml" deck | sort)" ] ||
	fail "the rollback changed which cards are in the deck"
[ "$(block "$G/secret/state.yaml" deck)" != "$(block "$T/ww-1.yaml" deck)" ] ||
	fail "the rollback left the deck in its old order: the undone deal comes again"
expect 0 "$WW_BIN" order "$G" --as british "for-the-king Falmouth MA, Yorktown VA, Charlotte NC"
block "$G/secret/state.yaml" hands >"$T/hands-after"
cmp -s "$T/hands-before" "$T/hands-after" &&
	fail "the same hands were dealt again after the rollback"
expect 0 "$WW_BIN" verify "$G" --replay
in_file "$T/out" "every roll, every shuffle and the final position agree"
# a rollback's reshuffle that is not the seed's shows in the replay
cp "$G/log/000004.yaml" "$T/rb.yaml"
sed -i 's/^  reshuffle: 1$//' "$G/log/000004.yaml"
expect 65 "$WW_BIN" verify "$G" --replay
cp "$T/rb.yaml" "$G/log/000004.yaml"
expect 0 "$WW_BIN" verify "$G" --replay

# Skirmish: a skirmish card drawn in an undone move is not the next
# card after the rollback; the cards drawn before stay as they were.
G="$T/sk"
expect 0 "$WW_BIN" new "$G" --game skirmish --american us@example.org \
	--british uk@example.org --seed "$SEED" --data "$SK_DATA"
n=1
turn() {
	expect 0 "$WW_BIN" order "$G" --as "$1" "$2"
	n=$((n + 1))
	cp "$G/secret/state.yaml" "$T/sk-$n.yaml"
}
turn british "declare Boston"
turn american "move Saratoga - Albany - West Point - Morristown"
turn british "move Boston - Worcester"
turn british "declare Worcester"
turn american "move Ticonderoga - Bennington - Saratoga - Albany"
turn american "move Hartford - Providence - Boston"
expect 0 "$WW_BIN" rollback "$G" --to 1
rb=$(ls "$G/log" | tail -1)
target=$(sed -n 's/^  target: //p' "$G/log/$rb")
in_file "$G/log/$rb" "  reshuffle: "
was="$T/sk-$target.yaml"
[ "$(block "$G/secret/state.yaml" drawn)" = "$(block "$was" drawn)" ] ||
	fail "the rollback changed the cards drawn before its target"
[ "$(block "$G/secret/state.yaml" rest | sort)" = "$(block "$was" rest | sort)" ] ||
	fail "the rollback changed which cards are left in the deck"
# the undrawn cards are in a new order: the ones the undone moves drew
# (the first of the target's rest) are no longer the next ones; with
# this seed's few kinds of card the next happens to be of the same kind,
# so the whole order is compared
[ "$(block "$G/secret/state.yaml" rest)" != "$(block "$was" rest)" ] ||
	fail "after the rollback the skirmish cards are in their old order"
expect 0 "$WW_BIN" verify "$G" --replay
in_file "$T/out" "every roll, every shuffle and the final position agree"
