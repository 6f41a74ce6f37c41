# wwjudge verify replays a finished game: the seed is revealed by the order
# that ends it (13.2, the end of 1783), verify recomputes every roll and
# the final position from it, and a tampered roll or deck is found.
. "$(dirname "$0")/lib.bash"
cat >"$T/end.yaml" <<'EOF'
# The last impulses of 1783 (5.7): two cards in each hand; two lone
# American CUs outside winter quarters roll for attrition (11.2).
year: 1783
phase: strategy
prompt: impulse
to_move: american
impulse: american
board:
  Boston MA: {pc: british, british: 5}
  Lexington and Concord MA: {pc: american, american: 5}
  Trenton NJ: {pc: american, american: 1}
  Morristown NJ: {pc: american, american: 1}
generals:
  Howe: Boston MA
  Washington: Lexington and Concord MA
congress: Lexington and Concord MA
hands:
  american: [1, 3]
  british: [2, 4]
next_roll: 100
EOF
G="$T/g"
expect 0 "$WW_BIN" new "$G" --american us@example.org --british uk@example.org \
	--seed "$SEED" --scenario "$T/end.yaml"
in_file "$G/game.yaml" 'scenario: "end.yaml"'
[ -f "$G/secret/initial-state.yaml" ] || fail "no secret/initial-state.yaml for a scenario game"
in_file "$G/game.yaml" "seed_revealed: false"
not_in_file "$G/game.yaml" "$SEED"

# issue 11, decks nobody shuffled: every card the scenario does not place
# is shuffled from the seed, so the deck is not in number order and
# another seed gives another deck
deck_of() { awk '/^deck:/ { f = 1; next } f && /^  - / { print $2; next } { f = 0 }' "$1"; }
deck_of "$G/secret/state.yaml" >"$T/deck1"
[ "$(wc -l <"$T/deck1")" -eq 106 ] || fail "the deck should hold the 106 unplaced cards"
sort -n "$T/deck1" | cmp -s - "$T/deck1" && fail "the scenario's deck is in number order"
expect 0 "$WW_BIN" new "$T/g2" --american us@example.org --british uk@example.org \
	--seed "${SEED%01}02" --scenario "$T/end.yaml"
deck_of "$T/g2/secret/state.yaml" >"$T/deck2"
cmp -s "$T/deck1" "$T/deck2" && fail "two seeds gave the same deck"
tail -n +2 "$G/secret/state.yaml" | cmp -s - <(tail -n +2 "$G/secret/initial-state.yaml") ||
	fail "secret/initial-state.yaml is not the shuffled starting position"
# the initial state's hash is published beside the commitment, by new too
hash=$(sed -n 's/^  initial_state: \([0-9a-f]\{64\}\)$/\1/p' "$T/g2/game.yaml")
[ -n "$hash" ] || { cat "$T/g2/game.yaml"; fail "no initial_state: hash in game.yaml"; }
in_file "$T/out" "$hash"

# two deck cards swapped in the initial state (and in the state, so the
# end still agrees): the deck is not the seed's shuffle of the scenario
# (secret/scenario.yaml, kept by new), verify says so
cp -a "$G" "$T/stacked"
for f in initial-state.yaml state.yaml; do
	awk '/^deck:/ { print; getline a; getline b; print b; print a; next } { print }' \
		"$G/secret/$f" >"$T/stacked/secret/$f"
done
expect 65 "$WW_BIN" verify "$T/stacked" --replay
in_file "$T/out" "secret/initial-state.yaml line 37: \"  - 32  # 2 OPS\", but setting up secret/scenario.yaml with the seed gives \"  - 85  # Hessian Mercenaries Arrive\""
# a scenario game made before secret/scenario.yaml was kept starts from
# secret/initial-state.yaml as written, checked by its published hash
cp -a "$G" "$T/older"
rm "$T/older/secret/scenario.yaml"
expect 0 "$WW_BIN" verify "$T/older" --replay
cp -a "$T/stacked" "$T/older-stacked"
rm "$T/older-stacked/secret/scenario.yaml"
expect 65 "$WW_BIN" verify "$T/older-stacked" --replay
in_file "$T/out" "secret/initial-state.yaml: the initial state hashes to"
# a moderator can replay before the end, with the seed from secret/
expect 0 "$WW_BIN" verify "$G" --replay
in_file "$T/out" "with the secret seed"

expect 0 "$WW_BIN" order "$G" --as american "discard 1"
expect 0 "$WW_BIN" order "$G" --as british "discard 2"
expect 0 "$WW_BIN" order "$G" --as american "discard 3"
not_in_file "$G/game.yaml" "$SEED"
# the last card of 1783: winter attrition (the first roll forced), the end
expect 0 "$WW_BIN" order "$G" --as british --dice 6 "discard 4"
in_file "$T/out" "The game is over"
in_file "$T/out" "$SEED"
in_file "$G/game.yaml" "phase: game-over"
in_file "$G/game.yaml" "seed_revealed: true"
in_file "$G/game.yaml" "seed: $SEED"
in_file "$G/log/000005.yaml" "roll: {index: 100, value: 6, forced: true}"
in_file "$G/log/000005.yaml" "roll: {index: 101, value: "
expect 0 "$WW_BIN" show "$G"
in_file "$T/out" "revealed now that the game is over"
in_file "$T/out" "$SEED"

# once revealed, verify replays without being asked
expect 0 "$WW_BIN" verify "$G"
in_file "$T/out" "adds up"
in_file "$T/out" "replayed from the scenario's position with the revealed seed"
# issue 11: how many rolls each side had forced by the moderator
in_file "$T/out" "forced rolls: american 0, british 1"

# the unforced roll 101 logged as another value
cp -a "$G" "$T/roll"
value=$(sed -n 's/.*roll: {index: 101, value: \([1-6]\), forced: false}.*/\1/p' "$G/log/000005.yaml")
[ -n "$value" ] || fail "roll 101 is not logged as unforced"
sed -i "s/index: 101, value: $value/index: 101, value: $((value % 6 + 1))/" "$T/roll/log/000005.yaml"
expect 65 "$WW_BIN" verify "$T/roll"
in_file "$T/out" "log/000005.yaml: entry 5, the British order \"discard 4\": roll 101 is logged as $((value % 6 + 1)), the replay rolls $value"

# two cards of the deck swapped in the secret state: the file still reads,
# the public record still adds up, only the replay sees it
cp -a "$G" "$T/deck"
awk '/^deck:/ { print; getline a; getline b; print b; print a; next } { print }' \
	"$G/secret/state.yaml" >"$T/deck/secret/state.yaml"
cmp -s "$G/secret/state.yaml" "$T/deck/secret/state.yaml" && fail "could not swap two deck cards"
expect 65 "$WW_BIN" verify "$T/deck"
in_file "$T/out" "secret/state.yaml line "
in_file "$T/out" "but replaying the log to entry 5 gives"
grep -qv "secret/state.yaml line " "$T/out" && { cat "$T/out"; fail "more than the deck was reported"; }

# a new game replays from the set-up's shuffle (shuffle 0)
new_game "$T/new"
expect 0 "$WW_BIN" order "$T/new" --as american "$COMMITTEES"
expect 0 "$WW_BIN" verify "$T/new" --replay
in_file "$T/out" "replayed from the set-up with the secret seed"
echo ok
