# Issue 22.8: the words of the judge's mails. The announce mail gives
# the initial state's hash. A refusal during a pause
# says the game is paused and to send again once it resumes; after the
# game is over no refusal invites orders; a stale token's "what has
# happened since" leaves out what tells the side nothing and says an
# undone move is undone, and a report's "What happened" leaves out both;
# `pause` says plainly which mails it queued.
. "$(dirname "$0")/lib.bash"
mail_game 1776177617761776177617761776177617761776177617761776177617761776 'board = none'
C="$T/wwjudge.conf"
expect 0 "$WW_BIN" announce "$G" --config "$C"
n=0

# the first mail each player gets holds the initial state's hash, with
# how to check it
IS=$(sed -n 's/^  initial_state: //p' "$G/game.yaml")
[ -n "$IS" ] || fail "game.yaml has no initial_state"
for side in american british; do
	in_file "$(ls "$G"/outbox/new/*"$side" | sort | head -1)" "$IS"
	in_file "$(ls "$G"/outbox/new/*"$side" | sort | head -1)" "wwjudge verify --replay DIR"
done

# mail SIDE FROM PASSWORD ORDER [REPLY]: an order mail to the side's last
# Reply-To (or REPLY), processed; the judge's answer to it is $T/answer
mail() {
	local side=$1 from=$2 pw=$3 order=$4 reply=${5:-}
	n=$((n + 1))
	[ -n "$reply" ] || reply=$(last_reply "$side")
	printf 'From: <%s>\nTo: %s\nSubject: move\nMessage-ID: <m%d@example.org>\nDate: Tue, 3 Mar 2026 10:%02d:00 +0000\n\n#orders\npassword: %s\n%s\n#end\n' \
		"$from" "$reply" "$n" "$n" "$pw" "$order" >"$T/m$n"
	expect 0 "$WW_BIN" process --config "$C" <"$T/m$n"
	tr -d '\r' <"$(ls "$G"/outbox/new/*"$side" | sort | tail -1)" >"$T/answer"
}
last_reply() {
	sed -n "s/^Reply-To: <\(judge+g-$1-[0-9a-f]*@example.org\)>.*/\1/p" \
		$(ls "$G"/outbox/new/*"$1" | sort | tail -1) | tr -d '\r'
}

mail american washington@example.org liberty "committees Concord NH, Barnstable MA, Providence RI, New London CT, New York NY, Trenton NJ, Bassett Town PA, Wilmington DE, Annapolis MD, Petersburg VA, New Bern NC, Georgetown SC, St. Mary's GA"
OLD_BR=$(last_reply british)
mail british north@example.org crown "for-the-king Falmouth MA, Yorktown VA, Charlotte NC"

# a pause: `pause` says which mails it queued, and a refusal says what
# happens to orders sent now
expect 0 "$WW_BIN" pause "$G" --config "$C"
not_in_file "$T/out" "The players' mails are queued"
in_file "$T/out" "A mail to each player saying so is queued in outbox/new"
mail british north@example.org crown "pass"
in_file "$T/answer" "the game is paused"
not_in_file "$T/answer" "one you may give now"
not_in_file "$T/answer" "Standing orders may be given"
in_file "$T/answer" "When it resumes you get a mail saying so: send your orders again"
not_in_file "$T/answer" "What you can do now"
expect 0 "$WW_BIN" resume "$G" --config "$C"
in_file "$(ls "$G"/outbox/new/*british | sort | tail -1)" "resumed"

# a stale token after a moderator's entries and a rollback: the pause and
# resume (which told the side nothing in the log) are left out, the undone
# move is said to be undone
mail british north@example.org crown "pass"
mail american washington@example.org liberty "first american"
expect 0 "$WW_BIN" rollback "$G" --to 3 --config "$C"
mail british north@example.org crown "pass" "$OLD_BR"
in_file "$T/answer" "What has happened since"
in_file "$T/answer" "(undone since by the moderator's rollback)"
# and, as the report does, every order that would be taken now
in_file "$T/answer" "What you can do now"
sed -n '/What has happened since/,/What is asked/p' "$T/answer" >"$T/since"
# each heading ("  move N, WHO:") has a line under it
awk '/^  move /{h=$0; next} h && !/^    /{print h; exit 1} {h=""}' "$T/since" ||
	{ cat "$T/since"; fail "an entry with nothing under it"; }

# the report's "What happened" after the rollback: neither the undone
# move, as if it stood, nor the pause and resume, which say nothing
expect 0 "$WW_BIN" pause "$G" --config "$C"
expect 0 "$WW_BIN" resume "$G" --config "$C"
mail american washington@example.org liberty "first british"
expect 0 "$WW_BIN" show "$G" --as british
sed -n '/^What happened/,/^The board/p' "$T/out" >"$T/happened"
in_file "$T/happened" "The moderator rolled the game back"
in_file "$T/happened" "chooses the British player to play first"
not_in_file "$T/happened" "chooses the American player to play first"
not_in_file "$T/happened" "Nothing you can see"

# after the game is over, a refusal invites no orders
mail british north@example.org crown "resign"
mail american washington@example.org liberty "pass"
in_file "$T/answer" "refused"
in_file "$T/answer" "The game is over"
not_in_file "$T/answer" "Standing orders may be given"
not_in_file "$T/answer" "#orders"
not_in_file "$T/answer" "What you can do now"
true
