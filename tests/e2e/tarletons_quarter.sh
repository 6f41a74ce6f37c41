# Tarleton's Quarter! played by mail through the same servers and the
# same judge as the other games (issue 24): Postfix takes the players'
# mail, Dovecot serves it, `wwjudge poll` adjudicates and `send` mails
# the reports, each with its board. Scenario 17.1's first two months,
# December 1778 and January 1779, mail by mail: each player gives the
# order his own mail offers (the guide's first, legal for him now) but
# where the story needs another (Howe's attack, the passes), which is
# written out. The seed is one whose dice leave prisoners on both tracks
# in December (4 British, 3 Continental SPs), so January's exchange
# (15.4) is offered to both sides at once and accepted by mail; the
# Continental's standing order ("stand", 11.3) answers Campbell's attack
# (17.1.3 A) with no mail, the British answer Howe's attack by mail, and
# theirs ("done logistics") January's Logistics Phase.
# Sourced by tests/cli/e2e_tarletons_quarter.sh after servers.sh, with
# $T, $WW_BIN and the helpers of tests/cli/lib.bash.

J=judge@example.test CO=co@example.test UK=uk@example.test
GAMES="$T/games" G="$T/games/g1" CF="$T/wwjudge.conf"
DATE="Mon, 2 Mar 2026 10:00:00 +0000"
TQ_SEED=00000000000000000000000000000000000000000000000000000000c0ffee26

e2e_judge_conf "$GAMES" "$J" >"$CF"
# as in skirmish.sh: LeakSanitizer misreads a dynamic TLS block at a
# later poll's exit (google/sanitizers#1322)
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}intercept_tls_get_addr=0"

. "$E2E/mail_helpers.sh"


mkdir -p "$GAMES"
expect 0 "$WW_BIN" new "$G" --game tarletons-quarter --scenario 17.1 --british "$UK" \
	--continental "$CO" --seed "$TQ_SEED"
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

round=0
# mail WHO ORDER...: WHO's mail (to the token of the last mail he read)
# with the orders, polled; both players' new mails in $T/co and $T/uk
# (and $T/co-N, $T/uk-N), the one to WHO accepting them, with its board.
mail() {
	local who=$1 side pw from
	shift
	case $who in
	co) side=continental pw=liberty from=$CO ;;
	uk) side=british pw=crown from=$UK ;;
	esac
	round=$((round + 1))
	local nj nco nuk tok
	nj=$(count judge) nco=$(count co) nuk=$(count uk) tok=$(token_of "$T/$who")
	order "$from" "$side" "$tok" "m$round" "$pw" "$@"
	wait_mail judge $((nj + 1))
	poll
	wait_mail co $((nco + 1))
	wait_mail uk $((nuk + 1))
	last_mail co "$T/co"
	last_mail uk "$T/uk"
	in_file "$T/$who" "your orders were accepted:"
	in_file "$T/$who" "Content-Type: image/png"
	cp "$T/co" "$T/co-$round"
	cp "$T/uk" "$T/uk-$round"
	last_from=$from last_to=judge+g1-$side-$tok@example.test
}
# guided WHO [ORDER...]: WHO, who must be asked, gives his mail's own
# example (and the orders given after it).
guided() {
	local who=$1 ex
	shift
	asked_of "$T/$who" || fail "round $((round + 1)): $who is not asked"
	ex=$(example_of "$T/$who")
	[ -n "$ex" ] || fail "round $((round + 1)): $who's mail offers no order"
	mail "$who" "$ex" "$@"
}
# asks WHO TEXT: whether WHO's last mail asks him, in words holding TEXT;
# ask WHO TEXT: it must.
asks() { asked_of "$T/$1" && holds "$T/$1" "$2"; }
ask() { asks "$1" "$2" || { cat "$T/$1"; fail "$1 is not asked '$2'"; }; }
not_asked() { ! asked_of "$T/$1" || { cat "$T/$1"; fail "$1 is asked"; }; }

# December 1778 (17.1.3 A): the Continental places the militia
# generated, colony by colony, the first mail also keeping his standing
# order for the retreat before combat (11.3)
guided co "standing stand"
while asks co "place the militia generated"; do guided co; done
in_file "$T/co-1" "Standing order kept, hidden from your opponent: stand"
# the first British endeavour attacks the invasion's Continentals at
# Savannah (17.1.3 A): the standing order answers the Continental's
# question (11.3), the British are asked about their bayonets (11.2.1);
# their mail also keeps a standing order for January's logistics (3.0 D)
ask uk "your endeavour"
guided uk "standing done logistics"
in_file "$T/co" "Your standing order answers: stand"
in_file "$T/uk" "The Continental stand in G1 (11.3)"
ask uk "charge with the bayonet?"
guided uk
in_file "$T/uk" "Battle of G1"
# 11.2.5, 15.1: half the lower roller's regular casualties (7, the
# British) rounded up are prisoners
in_file "$T/co" "British regulars held prisoner by the Continental (15.1): 4"
while asks co "retreat (11.4)"; do guided co; done
# Howe's force attacks Savannah: an interruption of the Continental's
# endeavour, answered by the British, by mail (11.3)
ask co "your endeavour"
mail co "activate Howe with all; move G1"
ask uk "retreat before combat?"
not_asked co
mail uk "stand"
in_file "$T/co" "The British stand in G1 (11.3)"
in_file "$T/co" "Continental regulars held prisoner by the British (15.1): 3"
while asks co "retreat (11.4)"; do guided co; done
ask uk "your endeavour"
mail uk "pass"
ask co "your endeavour"
mail co "pass"
# January 1779: the Attrition Phase (15.3 takes a POW SP from each
# track, 4 to 3 and 3 to 2)
in_file "$T/co" "January 1779"
while asks uk "choose the SPs attrition takes"; do guided uk; done
# 5.4: the supply step asks both at once; the British mail gives two
# orders
ask co "supply your forces"
ask uk "supply your forces"
mail co "done"
guided uk "done"
# 15.4, issue 24: the exchange is asked of both sides at once, and
# either answers first: the Continental accepts, is not asked again,
# and the British, still asked, propose; 2 SP for 2 SP (15.4.1)
ask co "exchange prisoners?"
ask uk "exchange prisoners?"
in_file "$T/co" "Continental regulars held prisoner by the British (15.1): 2"
in_file "$T/co" "British regulars held prisoner by the Continental (15.1): 3"
mail co "accept"
not_asked co
ask uk "exchange prisoners?"
in_file "$T/uk" "The Continental agree to a prisoner exchange"
mail uk "propose"
in_file "$T/co" "The POWs are exchanged one for one: 2 SP each (15.4.1)"
in_file "$T/co" "Continental regulars held prisoner by the British (15.1): 0"
in_file "$T/co" "British regulars held prisoner by the Continental (15.1): 1"
# 15.4.2: the returning SPs at each Base of Operations
in_file "$T/co" "2 British SP arrive at G1 (6.2)"
in_file "$T/co" "2 Continental SP arrive at V28 (6.2)"
# the rest of January: the militia leaders placed (6.2), the logistics
# (3.0 D) done, the British by their standing order, and both pass:
# February 1779 begins
while asks co "place the militia generated"; do guided co; done
ask co "logistics"
not_asked uk
in_file "$T/uk" "Your standing order answers: done logistics"
mail co "done"
ask uk "your endeavour"
mail uk "pass"
ask co "your endeavour"
mail co "pass"
in_file "$T/co" "February 1779"
# each side's standing orders, told to that side alone
! grep -l "Your standing order answers: stand" "$T"/uk-* >/dev/null ||
	fail "the British read the Continental's standing order"
! grep -l "Your standing order answers: done logistics" "$T"/co-* >/dev/null ||
	fail "the Continental read the British standing order"

# The same mail delivered twice is adjudicated once.
nj=$(count judge) before=$(entries)
send_file "$last_from" "$last_to" "$T/mail-m$round.eml"
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
