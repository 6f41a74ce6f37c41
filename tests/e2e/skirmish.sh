# Skirmish played by mail through the same servers and the same judge as
# Washington's War (issue 14): Postfix takes the players' mail, Dovecot
# serves it, `wwjudge poll` adjudicates and `send` mails the reports.
# Each player gives the example order his own mail offers (the guide's,
# legal for him now), so the game goes where the seed's dice take it.
# Sourced by tests/cli/e2e_skirmish.sh after servers.sh, with $T,
# $WW_BIN, $SEED and the helpers of tests/cli/lib.bash.

J=judge@example.test US=us@example.test UK=uk@example.test
GAMES="$T/games" G="$T/games/g1" CF="$T/wwjudge.conf"
DATE="Mon, 2 Mar 2026 10:00:00 +0000"

e2e_judge_conf "$GAMES" "$J" >"$CF"

# From the fifth poll on, LeakSanitizer (up to GCC 13) crashes at the
# poll's exit scanning a dynamic TLS block it misreads ("DTLS ...",
# "Tracer caught signal 11"), as in tls.sh (google/sanitizers#1322);
# this keeps the leak check and stops that misreading.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}intercept_tls_get_addr=0"

. "$E2E/mail_helpers.sh"

mkdir -p "$GAMES"
expect 0 "$WW_BIN" new "$G" --game skirmish --american "$US" --british "$UK" --seed "$SEED"
in_file "$G/game.yaml" "game: skirmish"
echo liberty | expect 0 "$WW_BIN" passwd "$G" --side american
echo crown | expect 0 "$WW_BIN" passwd "$G" --side british
expect 0 "$WW_BIN" announce "$G" --config "$CF"
expect 0 "$WW_BIN" send --config "$CF"
wait_mail us 1
wait_mail uk 1
last_mail us "$T/us"
last_mail uk "$T/uk"
in_file "$T/uk" "you play the British side"
in_file "$T/us" "you play the American side"
# I.A, I.B: the British is asked first, and each sees only his own throw
asked_of "$T/uk" || fail "the British is not asked to declare first"
in_file "$T/uk" "American's throw: hidden"
in_file "$T/us" "British's throw: hidden"
not_in_file "$T/us" "Your throw"
in_file "$T/us" "Content-Type: image/png"

# The players answer their own mails, each with the order it offers.
n=0 seen_reveal=
for round in $(seq 1 8); do
	if asked_of "$T/uk"; then who=uk side=british pw=crown from=$UK
	elif asked_of "$T/us"; then who=us side=american pw=liberty from=$US
	else fail "round $round: neither mail says it is the reader's move"; fi
	ex=$(example_of "$T/$who")
	[ -n "$ex" ] || fail "round $round: the $side's mail offers no order"
	tok=$(token_of "$T/$who")
	nj=$(count judge) nus=$(count us) nuk=$(count uk)
	order "$from" "$side" "$tok" "r$round" "$pw" "$ex"
	wait_mail judge $((nj + 1))
	poll
	wait_mail us $((nus + 1))
	wait_mail uk $((nuk + 1))
	last_mail us "$T/us"
	last_mail uk "$T/uk"
	last_mail "$who" "$T/mine"
	in_file "$T/mine" "your orders were accepted:
  $ex"
	in_file "$T/mine" "Content-Type: image/png"
	n=$((n + 1))
	# I.C: the American's throw is shown to the British once he moves
	case "$ex" in move*|pass*)
		if [ "$side" = american ]; then
			grep -q "^American's throw: [0-9]" "$T/uk" ||
				fail "round $round: the American moved and the British does not see his throw"
			seen_reveal=1
		fi ;;
	esac
done
[ "$(entries)" -ge $((n + 1)) ] || fail "$n orders made $(entries) log entries"
[ -n "$seen_reveal" ] || fail "the British never saw the American's throw revealed (I.C)"

# The same mail delivered twice (the last round's, to the same address)
# is adjudicated once.
nj=$(count judge) before=$(entries)
send_file "$from" "judge+g1-$side-$tok@example.test" "$T/mail-r$round.eml"
wait_mail judge $((nj + 1))
poll
in_file "$T/out" "already processed; nothing done"
[ "$(entries)" -eq "$before" ] || fail "a duplicate mail was adjudicated again"

# Hidden information in files: the secret state holds the throws, the
# public game.yaml an unrevealed one as hidden (I.A).
grep -q "throw: hidden" "$G/game.yaml" || fail "game.yaml does not hide the throws"
grep -q "throw: \[" "$G/secret/state.yaml" || fail "secret/state.yaml does not hold the throws"

expect 0 "$WW_BIN" verify "$G" --replay
expect 0 "$WW_BIN" replay "$G" --archive "$E2E_DIR/mail/example.test/judge" --config "$CF"
in_file "$T/out" "the record is what the archive gives"
