# Tarleton's Quarter! played by mail through the same servers and the
# same judge as the other games (issue 24): Postfix takes the players'
# mail, Dovecot serves it, `wwjudge poll` adjudicates and `send` mails
# the reports, each with its board. Each player gives the order his own
# mail offers (the guide's first, legal for him now); the Continental's
# first mail also sets a standing order ("stand", 11.3), which answers
# the question Campbell's attack puts to him (17.1.3 A) with no mail.
# Sourced by tests/cli/e2e_tarletons_quarter.sh after servers.sh, with
# $T, $WW_BIN, $SEED and the helpers of tests/cli/lib.bash.

J=judge@example.test CO=co@example.test UK=uk@example.test
GAMES="$T/games" G="$T/games/g1" CF="$T/wwjudge.conf"
DATE="Mon, 2 Mar 2026 10:00:00 +0000"

e2e_judge_conf "$GAMES" "$J" >"$CF"
# as in skirmish.sh: LeakSanitizer misreads a dynamic TLS block at a
# later poll's exit (google/sanitizers#1322)
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}intercept_tls_get_addr=0"

. "$E2E/mail_helpers.sh"


mkdir -p "$GAMES"
expect 0 "$WW_BIN" new "$G" --game tarletons-quarter --scenario 17.1 --british "$UK" \
	--continental "$CO" --seed "$SEED"
in_file "$G/game.yaml" "game: tarletons-quarter"
echo liberty | expect 0 "$WW_BIN" passwd "$G" --side continental
echo crown | expect 0 "$WW_BIN" passwd "$G" --side british
expect 0 "$WW_BIN" announce "$G" --config "$CF"
expect 0 "$WW_BIN" send --config "$CF"
wait_mail co 1
wait_mail uk 1
last_mail co "$T/co"
last_mail uk "$T/uk"
in_file "$T/uk" "you play the British side"
in_file "$T/co" "you play the Continental side"
# 17.1.3 A: the Continental places December's militia first
asked_of "$T/co" || fail "the Continental is not asked to place his militia first"
in_file "$T/co" "militia may be placed at:"
in_file "$T/co" "Content-Type: image/png"
in_file "$T/uk" "Content-Type: image/png"

n=0 standing=
for round in $(seq 1 10); do
	if asked_of "$T/co"; then who=co side=continental pw=liberty from=$CO
	elif asked_of "$T/uk"; then who=uk side=british pw=crown from=$UK
	else break; fi
	ex=$(example_of "$T/$who")
	[ -n "$ex" ] || fail "round $round: the $side's mail offers no order"
	tok=$(token_of "$T/$who")
	extra=()
	if [ "$side" = continental ] && [ -z "$standing" ]; then
		extra=("standing stand") standing=1
	fi
	nj=$(count judge) nco=$(count co) nuk=$(count uk)
	order "$from" "$side" "$tok" "r$round" "$pw" "$ex" "${extra[@]}"
	wait_mail judge $((nj + 1))
	poll
	wait_mail co $((nco + 1))
	wait_mail uk $((nuk + 1))
	last_mail co "$T/co"
	last_mail uk "$T/uk"
	last_mail "$who" "$T/mine"
	in_file "$T/mine" "your orders were accepted:"
	in_file "$T/mine" "Content-Type: image/png"
	n=$((n + 1))
	cp "$T/co" "$T/co-$round"
	cp "$T/uk" "$T/uk-$round"
done
[ "$n" -ge 5 ] || fail "only $n rounds were played"
# the standing order answered Campbell's attack, told to the Continental
# alone
grep -l "Your standing order answers: stand" "$T"/co-* >/dev/null ||
	fail "the Continental's standing order never answered"
! grep -l "Your standing order" "$T"/uk-* >/dev/null ||
	fail "the British read the Continental's standing order"

# The same mail delivered twice is adjudicated once.
nj=$(count judge) before=$(entries)
send_file "$from" "judge+g1-$side-$tok@example.test" "$T/mail-r$round.eml"
wait_mail judge $((nj + 1))
poll
in_file "$T/out" "already processed; nothing done"
[ "$(entries)" -eq "$before" ] || fail "a duplicate mail was adjudicated again"

# the standing order is in the secret state, not the public game.yaml
grep -q 'standing continental' "$G/secret/state.yaml" || fail "secret/state.yaml lacks it"
! grep -q 'standing continental' "$G/game.yaml" || fail "game.yaml shows the standing order"

expect 0 "$WW_BIN" verify "$G" --replay
expect 0 "$WW_BIN" replay "$G" --archive "$E2E_DIR/mail/example.test/judge" --config "$CF"
in_file "$T/out" "the record is what the archive gives"
