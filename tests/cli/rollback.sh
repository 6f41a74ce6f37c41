# wwjudge rollback (docs/mail.md, docs/record.md): the game goes back to
# the position after an accepted move by replaying the log; one new entry
# records it and the entries it undoes; the tokens move on and both
# players are mailed in the same commit; verify --replay still passes;
# undone orders never come back. Also: new --american-password-file, and
# `order` with a config queuing the players' reports like a mail would.
. "$(dirname "$0")/lib.bash"
GOLD="$(cd "$(dirname "$0")/../golden/1776" && pwd)"
mail_game 1776177617761776177617761776177617761776177617761776177617761776
in_file "$T/out" "Passwords set for: American British"
in_file "$G/secret/mail.yaml" 'password_american: $argon2id$'
in_file "$G/secret/mail.yaml" 'password_british: $argon2id$'
grep -rqF liberty "$G" && fail "the American password is stored in clear"
expect 66 "$WW_BIN" new "$T/nopw" --american a@x.org --british b@x.org --american-password-file "$T/none"
[ -e "$T/nopw" ] && fail "a game was created without its password file"

# the first 12 orders of the scripted 1776 game, without mail
n=0
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	who=${line%%:*} order=${line#*: } side=${who%% *}
	n=$((n + 1))
	expect 0 "$WW_BIN" order "$G" --as "$side" "$order"
	[ "$n" -lt 12 ] || break
done <"$GOLD/orders"
[ -z "$(ls "$G/outbox/new")" ] || fail "order without a config queued mail"
in_file "$G/game.yaml" "move: 12"
cp "$G/log/000009.yaml" "$T/entry9"     # the British "exchange 42" (move 8)

# refused: beyond the current move, the current move, not a number
snapshot "$G" >"$T/before"
expect 64 "$WW_BIN" rollback "$G" --to 13
in_file "$T/err" "move 13 is beyond the current move 12; nothing was changed"
expect 64 "$WW_BIN" rollback "$G" --to 12
in_file "$T/err" "nothing to undo"
expect 64 "$WW_BIN" rollback "$G" --to -1
snapshot "$G" | diff "$T/before" - >/dev/null || fail "a refused rollback changed the game"
[ -e "$G/log/000014.yaml" ] && fail "a refused rollback was logged"

# back to move 7: the American has discarded, the British is asked about
# the exchange (a pending question)
expect 0 "$WW_BIN" rollback "$G" --to 7 --config "$T/wwjudge.conf"
in_file "$T/out" "rolled back from move 12 to move 7; moves 8 to 12 are undone (log entries 9 to 13; entry 14 records it)"
in_file "$G/log/000014.yaml" "undone: {first: 9, last: 13}"
in_file "$G/log/000014.yaml" "from_move: 12"
in_file "$G/log/000014.yaml" "to_move: 7"
in_file "$G/log/000014.yaml" 'sender: "command line"'
in_file "$G/game.yaml" "move: 7"
in_file "$G/game.yaml" "to_move: british"
in_file "$G/game.yaml" "exchange_for: british"
cmp -s "$G/log/000009.yaml" "$T/entry9" || fail "the rollback rewrote an undone entry"
in_file "$G/secret/mail.yaml" "token_entry: 14"
for side in american british; do
	m="$G/outbox/new/000014.$side"
	[ -f "$m" ] || fail "no rollback mail for the $side player"
	in_file "$m" "Subject: [wwjudge g] 1775 move 7: the moderator rolled the game back to move 7"
	in_file "$m" "moves 8 to 12 are undone"
	in_file "$m" "Reply-To: <judge+g-$side-"
done
in_file "$G/outbox/new/000014.american" "To: <washington@example.org>"
in_file "$G/outbox/new/000014.british" "To: <north@example.org>"
expect 0 "$WW_BIN" verify "$G" --replay
in_file "$T/out" "every roll, every shuffle and the final position agree"

# the undone orders are played again: the replay applies each once
expect 0 "$WW_BIN" order "$G" --as british "exchange 42"
expect 0 "$WW_BIN" order "$G" --as british "play 24 pc Salisbury NC, St. Johns"
expect 0 "$WW_BIN" verify "$G" --replay

# with a config, `order` moves the tokens on and mails both players
expect 0 "$WW_BIN" order "$G" --config "$T/wwjudge.conf" --as american "discard 91 pc Newport RI"
in_file "$G/secret/mail.yaml" "token_entry: 17"
in_file "$G/outbox/new/000017.american" "your orders were accepted"
in_file "$G/outbox/new/000017.british" "the American player has moved"
in_file "$G/outbox/new/000017.british" "In-Reply-To: <ww.g.000014.british@example.org>"
expect 0 "$WW_BIN" verify "$G" --replay

# a second rollback over the first: back to move 5 (before the rollback)
expect 0 "$WW_BIN" rollback "$G" --to 5
in_file "$T/out" "(log entries 7 to 17;"
in_file "$G/game.yaml" "move: 5"
expect 0 "$WW_BIN" verify "$G" --replay
# no die is rolled again after a rollback: next_roll never goes back
in_file "$G/log/000018.yaml" "next_roll:"
# the same rollback again, with only a refused order since, undoes
# nothing: refused, not "moves 6 to 5 are undone"
expect 65 "$WW_BIN" order "$G" --as british "play 99 event"
expect 64 "$WW_BIN" rollback "$G" --to 5
in_file "$T/err" "the game is at move 5 already: nothing to undo"
[ ! -e "$G/log/000020.yaml" ] || fail "a rollback that undid nothing was logged"

# a scenario starting at move 5: move 3 is before the set-up
cat >"$T/s.yaml" <<'SC'
year: 1783
phase: strategy
prompt: impulse
to_move: american
impulse: american
move: 5
board:
  Boston MA: {pc: british, british: 5}
  Lexington and Concord MA: {pc: american, american: 5}
generals:
  Howe: Boston MA
  Washington: Lexington and Concord MA
congress: Lexington and Concord MA
hands:
  american: [1, 3]
  british: [2, 4]
SC
expect 0 "$WW_BIN" new "$T/s" --american a@x.org --british b@x.org --seed "$SEED" --scenario "$T/s.yaml"
expect 0 "$WW_BIN" order "$T/s" --as american "discard 1"
expect 64 "$WW_BIN" rollback "$T/s" --to 3
in_file "$T/err" "move 3 is before the set-up (move 5)"
expect 0 "$WW_BIN" rollback "$T/s" --to 5
expect 0 "$WW_BIN" verify "$T/s" --replay
echo ok
