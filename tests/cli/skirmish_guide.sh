# Skirmish tells a player what he can do (issue 22.1, 22.8): each report
# has a "What you can do now" with, for each die, the pieces that may
# move and the spots each may end on, every one the engine takes; the
# lines from every spot a piece holds; a refused path names the lines
# from the spot where it went wrong; a throw of 0 is explained where it
# happens (seed I.B, I NOTE); every line within 72 columns; the sample
# config's sign-off names no single game.
. "$(dirname "$0")/lib.bash"
SK_DATA="$(cd "$(dirname "$0")/../../data/skirmish" && pwd)"
G="$T/g"

narrow() { [ -z "$(too_wide "$1")" ] || { too_wide "$1"; fail "$2: lines over 72 columns"; }; }

expect 0 "$WW_BIN" new "$G" --game skirmish --american us@example.org \
	--british uk@example.org --seed "$SEED" --data "$SK_DATA"
for side in british american public; do
	if [ $side = public ]; then expect 0 "$WW_BIN" show "$G"
	else expect 0 "$WW_BIN" show "$G" --as $side; fi
	narrow "$T/out" "the $side report"
	in_file "$T/out" "The lines from the spots held"
	in_file "$T/out" "  Boston: black lines to Portsmouth, Worcester and Providence; red
    coastal lines to New York City."
done
not_in_file "$T/out" "What you can do now"

# I.B: the British is asked to declare, and told which pieces he may.
expect 0 "$WW_BIN" show "$G" --as british
in_file "$T/out" "What you can do now
  Declare the piece you will move, by its spot (I.B): Boston, Boston
    Harbor, Montreal, New York City, New York Harbor, Yorktown and
    Yorktown Harbor.
    e.g.  declare Boston"
in_file "$T/out" "British's throw: 1; you alone see it until you move (I.D)"
not_in_file "$T/out" "not shown yet"
# the American, not asked, is told whom the game waits for
expect 0 "$WW_BIN" show "$G" --as american
in_file "$T/out" "What you can do now
  Nothing until the British has given his order."
in_file "$T/out" "e.g.  standing toward"

# I.C: the American's throw is 3 and 0. The 0 is explained in the
# question and the guide; the 3 lists each piece and where it may end.
expect 0 "$WW_BIN" order "$G" --as british "declare Boston"
expect 0 "$WW_BIN" show "$G" --as american
narrow "$T/out" "the American's report in I.C"
in_file "$T/out" "The 0 moves nothing (I, NOTE)."
in_file "$T/out" "What you can do now
  The die of 3 moves one piece exactly 3 spots (II.1):"
in_file "$T/out" "  Your die of 0 moves nothing (I, NOTE).
  A standing order"
in_file "$T/out" "  - the American army (1 unit) at Saratoga may end on"
in_file "$T/out" "    e.g.  move Saratoga - "
# every spot the guide names for Saratoga's army is one the engine takes
ends=$(tr '\n' ' ' <"$T/out" | sed 's/  */ /g' |
	sed -n 's/.*at Saratoga may end on \([^.]*\)\. .*/\1/p' | sed 's/ and /, /')
[ -n "$ends" ] || fail "no spots for the army at Saratoga"
echo "$ends" | grep -q "Morristown" || fail "Morristown is not among Saratoga's ends: $ends"

# II.2: a refused path names the lines from the spot where it went wrong
expect 65 "$WW_BIN" order "$G" --as american "move Saratoga - Albany - Boston - Worcester"
in_file "$T/err" "II.2: no line from Albany to Boston"
in_file "$T/err" "from Albany the black lines go to"
expect 65 "$WW_BIN" order "$G" --as american "move Hartford - Boston - Worcester - Springfield"
in_file "$T/err" "from Hartford the black lines go to Springfield, Providence and New Haven"
expect 65 "$WW_BIN" order "$G" --as american "move Philadelphia Harbor - Boston Harbor - New York Harbor - Philadelphia Harbor"
in_file "$T/err" "from Philadelphia Harbor the sea lines go to the harbours New York Harbor and Yorktown Harbor"

# I.B, I NOTE: a British throw of 0 is explained where he declares
G0="$T/g0"
expect 0 "$WW_BIN" new "$G0" --game skirmish --american us@example.org \
	--british uk@example.org --data "$SK_DATA" \
	--seed 00000000000000000000000000000000000000000000000000000000c0ffee04
in_file "$G0/secret/state.yaml" "british: {dice: 1, throw: [0],"
expect 0 "$WW_BIN" show "$G0" --as british
narrow "$T/out" "the British report on a 0"
in_file "$T/out" "throw: 0. A 0 moves nothing (I, NOTE), but you declare a piece anyway,
  so as not to reveal your throw (I.B)."
in_file "$T/out" "Your throw is 0: a 0 moves nothing (I, NOTE). Declare a piece"
in_file "$T/out" "British's throw: 0 (no move); you alone see it until you move (I.D)"

# 22.8: a Skirmish mail sent with the sample config (contrib/wwjudge.conf,
# as the walkthrough writes it) is not signed by Washington's War's judge
C="$(cd "$(dirname "$0")/../../contrib" && pwd)"
W="$(cd "$(dirname "$0")/../../docs" && pwd)/walkthrough.md"
mkdir -p "$T/games"
sed -e "s|^games = .*|games = $T/games|" "$C/wwjudge.conf" >"$T/conf"
grep -qF 'from_name = "wwjudge"' "$W" || fail "the walkthrough's config names a game in from_name"
printf 'liberty\n' >"$T/pw"
expect 0 "$WW_BIN" new "$T/games/mailed" --game skirmish --american us@example.org \
	--british uk@example.org --american-password-file "$T/pw" \
	--british-password-file "$T/pw" --seed "$SEED" --data "$SK_DATA"
expect 0 "$WW_BIN" announce "$T/games/mailed" --config "$T/conf"
for f in "$T"/games/mailed/outbox/new/*; do
	in_file "$f" 'From: "wwjudge" <judge@example.org>'
	not_in_file "$f" "Washington's War"
	[ -z "$(tr -d '\r' <"$f" | sed -n '/^Content-Type: text\/plain/,/^--=_/p' |
		too_wide /dev/stdin)" ] ||
		fail "$f: text lines over 72 columns"
done
