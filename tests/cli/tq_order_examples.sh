# docs/tarletons-quarter-orders.md as a moderator and a player read it
# (issue 24: "how to start a game of each scenario, its order language
# with an example of every order"): the commands of its "sh tq-start"
# blocks run, and each scenario asks first what the doc says (17.0);
# every line of its "text tq-orders" blocks is read by the judge's order
# reader, and those legal where a scenario starts are taken there; every
# order word of the reader (tq_order.c, tq_order_answer.c, tq_standing.c)
# and every kind of SP has an example; every standing order's example is
# kept.
. "$(dirname "$0")/lib.bash"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DOC="$ROOT/docs/tarletons-quarter-orders.md"
SRC="$ROOT/adjudicator/games/tarletons-quarter"
export WW_PWHASH=test

# blocks TAG: the lines of the doc's blocks fenced "```TAG"
blocks() { awk -v open='```'"$1" '$0 == open { on = 1; next } on && /^```/ { on = 0 } on' "$DOC"; }

# ---- Starting a game: the doc's commands, on this machine ----
printf 'games = %s/games\njudge = judge@example.org\n' "$T" >"$T/wwjudge.conf"
mkdir -p "$T/games"
{
	printf 'wwjudge() { "$WW_BIN" "$@"; }\n'
	blocks "sh tq-start" | sed -e "s|/var/lib/wwjudge/games|$T/games|g" \
		-e "s|/etc/wwjudge/wwjudge.conf|$T/wwjudge.conf|g"
} >"$T/start.sh"
grep -q 'scenario 17.4' "$T/start.sh" || fail "$DOC has no 'sh tq-start' block starting 17.4"
expect 0 bash -e "$T/start.sh"
for s in 17.1 17.2 17.3 17.4; do
	grep -q -- "--scenario $s " "$T/start.sh" || fail "$DOC does not start scenario $s"
done

# asked_first GAME SIDE LINE: the side's report says it; a question
# ("The British: ...") is quoted in the doc.
asked_first() {
	expect 0 "$WW_BIN" show "$T/games/$1" --as "$2"
	in_file "$T/out" "$3"
	case $3 in "The "*) in_file "$DOC" "${3#The * }";; esac
}
# 17.1.3 A and 17.2.2: the Continental militia generation comes first.
asked_first tq1 continental "The Continental: place the militia generated (6.5)"
asked_first tq1 british "Waiting for the Continental to place its militia."
asked_first tq2 continental "The Continental: place the militia generated (6.5)"
# 17.4.1: "First, the British player declares which two colonies"
asked_first tq4 british "The British: declare the colonies you may invade"
# 17.3: set up at once, the first turn's Attrition Phase asks what its
# dice leave (the doc's game has no --seed: any of the phase's questions)
expect 0 "$WW_BIN" show "$T/games/tq3"
in_file "$T/out" "March 1781, the "
holds "$T/out" "to choose attrition's losses" || holds "$T/out" "to supply its forces" ||
	holds "$T/out" "to finish its logistics" ||
	fail "17.3 does not begin by attrition (5.3) or supply (5.4): $(grep Waiting "$T/out")"
in_file "$T/games/tq5/game.yaml" "options: [morgan, sumter, sequestered-estates, russia-merchant]"
for side in british continental; do
	[ -f "$T/games/tq1/outbox/new/000001.announce-$side" ] ||
		fail "the doc's announce queued no first mail for the $side"
done

# ---- Every example is read as an order ----
# Every order of a line is read before any is applied (play.c's
# parse_all), so an example followed by a line that is no order is
# refused for that second line exactly when the example was read.
G="$T/g"
expect 0 "$WW_BIN" new "$G" --game tarletons-quarter --scenario 17.1 --british uk@example.org \
	--continental us@example.org --seed "$SEED"
NOT_AN_ORDER="not-an-order"
is_read() {
	expect 65 "$WW_BIN" order "$G" --as british --preview "$1" "$NOT_AN_ORDER"
	holds "$T/err" "order 2 of 2 (\"$NOT_AN_ORDER\") refused: '$NOT_AN_ORDER' is no order"
}
! is_read "activate Nobody; move N29" || fail "an unknown leader was read as an order"
in_file "$T/err" "order 1 of 2 (\"activate Nobody; move N29\") refused: unknown leader 'Nobody'"

blocks "text tq-orders" >"$T/examples"
n=0
while IFS= read -r example <&3; do
	n=$((n + 1))
	is_read "$example" || { cat "$T/err"; fail "$DOC: '$example' is not read as an order"; }
	case $example in
	standing*) # its answer is read when it is given: kept, at any time
		expect 0 "$WW_BIN" order "$G" --as continental --preview "$example"
		in_file "$T/out" "Would be accepted";;
	esac
done 3<"$T/examples"
[ "$n" -ge 80 ] || fail "$DOC has $n examples in its 'text tq-orders' blocks"

# ---- The examples legal where a scenario starts are taken there ----
taken() {
	grep -qxF -- "$3" "$T/examples" || fail "$DOC has no example '$3'"
	expect 0 "$WW_BIN" order "$1" --as "$2" --preview "$3"
	in_file "$T/out" "Would be accepted"
}
# 6.5, 17.1.3 A: the test's seed raises 4 Ga, 3 SC, 7 NC and 16 Va militia
taken "$G" continental "place 2 Ga militia at Savannah"
for m in "4 Ga militia at G1" "3 SC militia at S5" "7 NC militia at N16" "16 Va militia at V12"; do
	expect 0 "$WW_BIN" order "$G" --as continental "place $m"
done
taken "$G" british "activate Campbell with all"
# 17.4.1, 17.4.2: the British declares, then the Continental sets up
G4="$T/games/tq4"
taken "$G4" british "declare Georgia, Virginia"
taken "$G4" british "declare Ga and SC"
expect 0 "$WW_BIN" order "$G4" --as british "declare Georgia, Virginia"
taken "$G4" continental "place 9 regulars, Elbert, Huger, Lincoln, Moultrie, 6 trains at V28"
taken "$G4" continental "place 2 magazines at N32"

# ---- Every word of the reader has an example ----
example_begins() { grep -qiE "^$1( |$)" "$T/examples" || fail "$DOC has no example of '$1'"; }
words=$(sed -n '/ORDER_WORDS\[TQ_PASS + 1\] = {/,/};/p' "$SRC/tq_order.c" | grep -o '= "[a-z-]*"' |
	tr -d '="')
[ "$(echo "$words" | wc -l)" -eq 7 ] || fail "the endeavours' words are not found in tq_order.c"
answers=$(sed -n '/^} WORDS\[\] = {/,/^};/p' "$SRC/tq_order_answer.c" | grep -o '{ "[^"]*"' |
	cut -d'"' -f2)
[ "$(echo "$answers" | wc -l)" -ge 29 ] || fail "the answers' words are not found in tq_order_answer.c"
for w in $words $answers "place governor"; do example_begins "$w"; done
for w in $(sed -n '/BUILD_WORDS\[\] = {/,/};/p' "$SRC/tq_order_answer.c" | grep -o '"[a-z]*"' |
	tr -d '"'); do
	example_begins "build $w at"
done
grep -o '{ "[^"]*", TQ_[A-Z_]*, TQ_ASK_' "$SRC/tq_standing.c" | cut -d'"' -f2 >"$T/standing"
[ "$(wc -l <"$T/standing")" -ge 16 ] || fail "the standing orders' words are not found in tq_standing.c"
while IFS= read -r w; do
	grep -qix "standing $w" "$T/examples" || fail "$DOC has no example of 'standing $w'"
done <"$T/standing"
# the answers a standing order may give in full (tq_standing.c's standing_read)
for w in "standing retreat before combat to" "standing retreat to" "standing c-in-c" \
	"standing rise at" "standing outside" "standing place all at" "standing clear"; do
	example_begins "$w"
done
# each kind of SP a force names (tq_order.c's KIND_WORDS), after a number
sed -n '/KIND_WORDS\[NKINDS\]\[5\] = {/,/};/p' "$SRC/tq_order.c" | grep '^	\[K_' |
	sed -e 's/.*= { *//' -e 's/, NULL.*//' -e 's/"//g' -e 's/, /|/g' >"$T/kinds"
[ "$(wc -l <"$T/kinds")" -eq 8 ] || fail "the kinds of SP are not found in tq_order.c"
while IFS= read -r kind; do
	grep -qiE "[0-9] ((Ga|SC|NC|Va) )?($kind)([ ,;]|$)" "$T/examples" ||
		fail "$DOC has no example naming SPs of a kind ($kind)"
done <"$T/kinds"
echo ok
