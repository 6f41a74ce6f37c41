# wwjudge verify: a clean record passes, a tampered one does not.
. "$(dirname "$0")/lib.bash"
new_game "$T/g"
expect 0 "$WW_BIN" order "$T/g" --as american "$COMMITTEES"
expect 0 "$WW_BIN" verify "$T/g"
in_file "$T/out" "adds up"
expect 64 "$WW_BIN" verify
expect 66 "$WW_BIN" verify "$T/none"

# The published commitment no longer matches the secret seed.
sed -i 's/\(commitment: "\{0,1\}\)\(.\)/\1\2/; s/\(commitment: "\{0,1\}\)[0-9a-f]/\1x/' "$T/g/game.yaml"
grep -q 'commitment: "\{0,1\}x' "$T/g/game.yaml" || fail "could not tamper with game.yaml"
expect 65 "$WW_BIN" verify "$T/g"
[ -s "$T/err" ] || fail "no message for a tampered record"
echo ok
