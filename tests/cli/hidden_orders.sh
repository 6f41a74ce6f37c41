# Issue 20, point 3: an order the other side may not see (a standing
# order, Skirmish's order of skirmishes, given out of turn; Tarleton's
# Quarter!'s standing orders) sends him nothing and leaves his token
# valid. The same game is played with and
# without such an order given while the other side is asked: the other
# side's mails and token are the same, and his order written with the
# token he had is accepted, not refused as stale.
. "$(dirname "$0")/lib.bash"
SK_DATA="$(cd "$(dirname "$0")/../../data/skirmish" && pwd)"
TQ_DATA="$(cd "$(dirname "$0")/../../data/tarletons-quarter" && pwd)"
export WW_PWHASH=test
printf 'liberty\n' >"$T/am.pw"
printf 'crown\n' >"$T/br.pw"
printf 'games = games\njudge = judge@example.org\nboard = none\n' >"$T/wwjudge.conf"
mkdir -p "$T/games"
cd "$T"

# game NAME [new's options]: a game played by mail by washington@ and
# north@, announced
game() {
	local name=$1; shift
	expect 0 "$WW_BIN" new "$T/games/$name" --american washington@example.org \
		--british north@example.org --seed "$SEED" \
		--american-password-file "$T/am.pw" --british-password-file "$T/br.pw" "$@"
	expect 0 "$WW_BIN" announce "$T/games/$name" --config "$T/wwjudge.conf"
}
# token NAME SIDE: the side's token, from the Reply-To of its latest mail
token() {
	local last
	last=$(ls "$T/games/$1/outbox/new/"*[.-]"$2" | sort | tail -1)
	sed -n "s/^Reply-To: .*judge+$1-$2-\([0-9a-f]*\)@.*/\1/p" "$last" | head -1
}
# send NAME SIDE ID ORDER: an order mail with the side's token
send() {
	local from pw tok
	case $2 in american|continental) from=washington pw=liberty ;; *) from=north pw=crown ;; esac
	tok=$(token "$1" "$2")
	printf 'From: <%s@example.org>\r\nTo: judge+%s-%s-%s@example.org\r\nSubject: orders\r\nMessage-ID: <%s@example.org>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#orders\r\npassword: %s\r\n%s\r\n#end\r\n' \
		"$from" "$1" "$2" "$tok" "$3" "$pw" "$4" >"$T/m.eml"
	expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m.eml"
}
# mails NAME SIDE: the mails to the side as the player reads them, the
# game's name, ids and tokens (which name log entries) left out
mails() {
	local f
	for f in $(ls "$T/games/$1/outbox/new/" | grep "[.-]$2\$" | sort); do
		grep -v -e '^Date:' -e '^Message-ID:' -e '^In-Reply-To:' -e '^References:' -e '^Reply-To:' \
			"$T/games/$1/outbox/new/$f" | sed -e "s/$1/GAME/g" -e 's/[0-9a-f]\{16\}/TOKEN/g'
	done
}
# same_for A B SIDE: the side's mails in game A (with the hidden order)
# and B (without) are the same
same_for() {
	[ "$(mails "$1" "$3")" = "$(mails "$2" "$3")" ] ||
		{ diff <(mails "$1" "$3") <(mails "$2" "$3") || true
		  fail "the $3 mails differ with a hidden order"; }
}

# Washington's War: the British 'standing never-battle-card' (9.45) while
# the American places his Committees of Correspondence.
game ww-a
game ww-b
tok=$(token ww-a american)
send ww-a british s1 "standing never-battle-card"
in_file "$T/out" "the British orders are accepted"
ls "$T/games/ww-a/outbox/new/" | grep -q '^000002\.british$' || fail "the British got no report"
ls "$T/games/ww-a/outbox/new/" | grep -q '^000002\.american$' &&
	fail "the American was mailed of a standing order he may not see"
in_file "$T/games/ww-a/secret/mail.yaml" "token_entry_american: 1"
same_for ww-a ww-b american
[ "$(token ww-a american)" = "$tok" ] || fail "the American's token changed"
# what the American is shown since his last report: not that the British
# gave an order (the log's entry tells him nothing)
shown() { "$WW_BIN" show "$T/games/$1" --as "$2" | sed "s/$1/GAME/g"; }
[ "$(shown ww-a american)" = "$(shown ww-b american)" ] ||
	{ diff <(shown ww-a american) <(shown ww-b american) || true
	  fail "show --as american tells of the hidden order"; }
send ww-a american c1 "$COMMITTEES"
in_file "$T/out" "the American orders are accepted"
send ww-b american c1 "$COMMITTEES"
in_file "$T/out" "the American orders are accepted"
same_for ww-a ww-b american
not_in_file "$T/games/ww-a/secret/mail.yaml" "token_entry_"
expect 0 "$WW_BIN" verify "$T/games/ww-a" --replay

# Skirmish: the American's 'skirmishes' and 'standing' (III.3, III.2.B,
# IV.5) while the British declares (I.B).
game sk-a --game skirmish --data "$SK_DATA"
game sk-b --game skirmish --data "$SK_DATA"
tok=$(token sk-a british)
send sk-a american k1 "skirmishes Boston"
in_file "$T/out" "the American orders are accepted"
send sk-a american k2 "standing away"
in_file "$T/out" "the American orders are accepted"
ls "$T/games/sk-a/outbox/new/" | grep -q '^00000[23]\.british$' &&
	fail "the British was mailed of an order he may not see"
[ "$(token sk-a british)" = "$tok" ] || fail "the British token changed"
[ "$(shown sk-a british)" = "$(shown sk-b british)" ] ||
	{ diff <(shown sk-a british) <(shown sk-b british) || true
	  fail "show --as british tells of the hidden orders"; }
same_for sk-a sk-b british
send sk-a british d1 "declare Boston"
in_file "$T/out" "the British orders are accepted"
send sk-b british d1 "declare Boston"
in_file "$T/out" "the British orders are accepted"
same_for sk-a sk-b british
expect 0 "$WW_BIN" verify "$T/games/sk-a" --replay

# Tarleton's Quarter! (issue 24): the British standing orders ("stand",
# "done logistics") while the Continental places December 1778's militia
# (17.1.3 A): the Continental's mails are the same bytes, and his token.
tq_game() {
	expect 0 "$WW_BIN" new "$T/games/$1" --game tarletons-quarter --scenario 17.1 \
		--data "$TQ_DATA" --continental washington@example.org \
		--british north@example.org --seed "$SEED" \
		--continental-password-file "$T/am.pw" --british-password-file "$T/br.pw"
	expect 0 "$WW_BIN" announce "$T/games/$1" --config "$T/wwjudge.conf"
}
tq_game tq-a
tq_game tq-b
tok=$(token tq-a continental)
send tq-a british t1 "standing stand"
in_file "$T/out" "the British orders are accepted"
send tq-a british t2 "standing done logistics"
in_file "$T/out" "the British orders are accepted"
ls "$T/games/tq-a/outbox/new/" | grep -q '^00000[23]\.continental$' &&
	fail "the Continental was mailed of an order he may not see"
[ "$(token tq-a continental)" = "$tok" ] || fail "the Continental token changed"
[ "$(shown tq-a continental)" = "$(shown tq-b continental)" ] ||
	{ diff <(shown tq-a continental) <(shown tq-b continental) || true
	  fail "show --as continental tells of the hidden orders"; }
same_for tq-a tq-b continental
place=$(sed -n '/^token: /{n;p;q}' "$T/games/tq-a/outbox/new/000001.announce-continental")
[ -n "$place" ] || fail "the Continental's announcement offers no order"
send tq-a continental p1 "$place"
in_file "$T/out" "the Continental orders are accepted"
send tq-b continental p1 "$place"
in_file "$T/out" "the Continental orders are accepted"
same_for tq-a tq-b continental
expect 0 "$WW_BIN" verify "$T/games/tq-a" --replay
