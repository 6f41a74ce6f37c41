# A game of Skirmish kept by the record and played on the command line
# (issue 13): `new --game skirmish`, three turns by `order`, `verify
# --replay`; the unrevealed throws (I.A) only in secret/, a refused order
# with the game's reason and nothing changed.
. "$(dirname "$0")/lib.bash"
SK_DATA="$(cd "$(dirname "$0")/../../data/skirmish" && pwd)"
G="$T/g"

# --game names a game of the judge; another is refused with the list.
expect 64 "$WW_BIN" new "$G" --game chess --american us@example.org --british uk@example.org
in_file "$T/err" "--game: 'chess' is not a game this judge plays (it plays: washingtons-war, skirmish, tarletons-quarter)"
[ ! -e "$G" ] || fail "a refused --game made a game"
expect 64 "$WW_BIN" new "$G" --game skirmish --tournament --american us@example.org \
	--british uk@example.org --data "$SK_DATA"
in_file "$T/err" "--option 'tournament': Skirmish has no optional rules"
[ ! -e "$G" ] || fail "a refused option made a game"

expect 0 "$WW_BIN" new "$G" --game skirmish --american us@example.org \
	--british uk@example.org --seed "$SEED" --data "$SK_DATA"
in_file "$T/out" "Data: skirmish-reconstructed-1"
in_file "$G/game.yaml" "  game: skirmish"
# I.A: both throws are made at the turn's start and kept secret: the
# secret state holds them, the public file and the public report do not.
in_file "$G/secret/state.yaml" "american: {dice: 2, throw: [3, 0],"
in_file "$G/game.yaml" "american: {dice: 2, throw: hidden,"
in_file "$G/game.yaml" "british: {dice: 1, throw: hidden,"
not_in_file "$G/game.yaml" "throw: ["
in_file "$T/out" "American's throw: hidden (2 dice)"
# the log tells each throw to its thrower only
in_file "$G/log/000001.yaml" "text: \"You throw 3 and 0.\"
    to: american"

turn() { expect 0 "$WW_BIN" order "$G" --as "$1" "$2"; in_file "$T/out" "Accepted: $2"; }
# Turn 1: I.B the British declares, I.C the American moves (3 and 0: the
# 0 moves nothing), I.D the British moves his declared piece (1).
turn british "declare Boston"
in_file "$T/out" "The American shows his throw: 3 and 0."
turn american "move Saratoga - Albany - West Point - Morristown"
turn british "move Boston - Worcester"
in_file "$T/out" "Turn 2."

# Turn 2, I.C: a die moves a piece exactly its number of spots (II.1):
# refused with the rules' reason, logged, and nothing else changed.
turn british "declare Worcester"
before=$(snapshot "$G")
entries=$(find "$G/log" -type f | wc -l)
expect 65 "$WW_BIN" order "$G" --as american "move Fort Stanwix - Fort Niagara"
in_file "$T/err" "refused: II.1: a die moves a piece exactly its number of spots; this path has 1, the American's dice are 2 and 3"
in_file "$T/err" "nothing was changed"
[ "$(snapshot "$G")" = "$before" ] || fail "a refused order changed the game"
[ "$(find "$G/log" -type f | wc -l)" -eq $((entries + 1)) ] || fail "the refusal was not logged"
expect 65 "$WW_BIN" order "$G" --as american "march Albany - Saratoga"
in_file "$T/err" "'march' is no order"
[ "$(snapshot "$G")" = "$before" ] || fail "an order not understood changed the game"
turn american "move Ticonderoga - Bennington - Saratoga - Albany"
turn american "move Hartford - Providence - Boston"
in_file "$T/out" "The piece at Worcester moves exactly 2 spots."
turn british "card move Worcester - Springfield - Hartford"
in_file "$T/out" "Turn 3."
in_file "$G/secret/state.yaml" "american: {dice: 2, throw: [1, 3],"
not_in_file "$G/game.yaml" "throw: ["

# Turn 3, I.B: the British declares while the American throw is hidden.
turn british "declare Hartford"
turn american "move Albany - Saratoga"
turn american "move Charlottesville - Frederick - Lancaster - Valley Forge"
# I.D ends the turn and I.A throws again; Skirmish's events do not say
# which die each throw used, so forced dice could not be replayed: refused
before=$(snapshot "$G")
expect 65 "$WW_BIN" order "$G" --as british --dice 1,1,1 "move Hartford - Springfield"
in_file "$T/err" "Skirmish does not tell which die each order rolled, so the log could not replay forced dice"
[ "$(snapshot "$G")" = "$before" ] || fail "refused forced dice changed the game"
turn british "move Hartford - Springfield"
in_file "$T/out" "Turn 4."

expect 0 "$WW_BIN" verify "$G" --replay
in_file "$T/out" "forced rolls: american 0, british 0"
in_file "$T/out" "$G: the record adds up."
in_file "$T/out" "every roll, every shuffle and the final position agree"
# a hidden throw that is not the seed's: the public file cannot show it,
# the replay finds it
in_file "$G/secret/state.yaml" "american: {dice: 2, throw: [1, 1], done: [false, false], revealed: false}"
sed -i 's/american: {dice: 2, throw: \[1, 1\],/american: {dice: 2, throw: [1, 2],/' \
	"$G/secret/state.yaml"
expect 65 "$WW_BIN" verify "$G" --replay
not_in_file "$T/out" "game.yaml"
in_file "$T/out" "secret/state.yaml line 9: \"american: {dice: 2, throw: [1, 2],"
in_file "$T/out" "gives \"american: {dice: 2, throw: [1, 1],"

# show and export: the game's own report through game.h, each side's
# view only (I.A: the public sees no throw), the board as a PNG, the
# state for scripts (docs/skirmish-state.md): the public text, then the
# viewer's own throw and standing order.
before=$(snapshot "$G")
expect 0 "$WW_BIN" show "$G"
in_file "$T/out" "Skirmish"
not_in_file "$T/out" "Your throw"
expect 0 "$WW_BIN" show "$G" --as british --png "$T/board.png"
[ "$(head -c 8 "$T/board.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
	fail "show --png did not write a PNG"
expect 0 "$WW_BIN" show "$G" --format yaml
in_file "$T/out" "skirmish-state: 1"
not_in_file "$T/out" "viewer:"
cp "$T/out" "$T/public.yaml"
for side in american british; do
	expect 0 "$WW_BIN" show "$G" --as "$side" --format yaml
	in_file "$T/out" "viewer: $side"
	in_file "$T/out" "your-throw: ["
	in_file "$T/out" "your-standing: "
	head -c "$(wc -c <"$T/public.yaml")" "$T/out" | cmp -s - "$T/public.yaml" ||
		fail "show --as $side --format yaml does not start with the public text"
done
# --as takes the game's words, the set-up's colours too ("the American
# (Blue) or British (Red) side"); another word is refused naming them.
expect 0 "$WW_BIN" show "$G" --as blue --format yaml
in_file "$T/out" "viewer: american"
expect 64 "$WW_BIN" show "$G" --as continental
in_file "$T/err" "--as continental: this game of Skirmish has the sides american or british"
expect 64 "$WW_BIN" order "$G" --as french "pass"
in_file "$T/err" "--as french: this game of Skirmish has the sides american or british"
expect 0 "$WW_BIN" export "$G" "$T/export"
in_file "$T/export/state.yaml" "throw: hidden"
not_in_file "$T/export/state.yaml" "throw: ["
[ "$(snapshot "$G")" = "$before" ] || fail "show or export changed the game"

# Issue 14: a game of Skirmish is played by mail as Washington's War is:
# new takes the password files, announce queues both players' reports,
# order with a config queues both players' mails with the orders in the
# game's own words (order_format).
M="$T/games/mailed"
mkdir -p "$T/games"
printf 'liberty\n' >"$T/pw"
printf 'games = %s/games\njudge = judge@example.org\n' "$T" >"$T/wwjudge.conf"
expect 0 "$WW_BIN" new "$M" --game skirmish --american us@example.org \
	--british uk@example.org --american-password-file "$T/pw" \
	--british-password-file "$T/pw" --seed "$SEED" --data "$SK_DATA"
in_file "$M/secret/mail.yaml" 'password_british: $argon2id'
expect 0 "$WW_BIN" announce "$M" --config "$T/wwjudge.conf"
in_file "$M/outbox/new/000001.announce-british" "The order in it is one you may give now"
in_file "$M/outbox/new/000001.announce-american" "American's throw: 3, 0 (no move); you alone see it"
not_in_file "$M/outbox/new/000001.announce-american" "not shown yet"
not_in_file "$M/outbox/new/000001.announce-british" "American's throw: 3"
expect 0 "$WW_BIN" order "$M" --as british --config "$T/wwjudge.conf" "declare boston"
in_file "$M/outbox/new/000002.british" "your orders were accepted:
  declare Boston"
in_file "$M/outbox/new/000002.american" "the British player has moved."
# A rollback (docs/record.md) to turn 1: the position after the last
# entry of turn 1 (the American's move), the British asked again, both
# players told, the turn-2 throws never thrown again (the dice go on
# past them: dice_next, dice_skip), and the record replays clean.
expect 0 "$WW_BIN" order "$M" --as american --config "$T/wwjudge.conf" \
	"move Saratoga - Albany - West Point - Morristown"
expect 0 "$WW_BIN" order "$M" --as british --config "$T/wwjudge.conf" "move Boston - Worcester"
in_file "$M/secret/state.yaml" "turn: 2"
expect 0 "$WW_BIN" rollback "$M" --to 1 --config "$T/wwjudge.conf"
in_file "$M/secret/state.yaml" "turn: 1"
rolled=$(ls "$M/outbox/new" | grep -c "^000005\\.")
[ "$rolled" -eq 2 ] || fail "the rollback told $rolled players, not 2"
grep -q "to: both" "$M/log/000005.yaml" || fail "the rollback's entry tells nobody"
expect 0 "$WW_BIN" verify "$M" --replay
expect 0 "$WW_BIN" order "$M" --as british --config "$T/wwjudge.conf" "move Boston - Worcester"
expect 0 "$WW_BIN" verify "$M" --replay

# A reminder (docs/mail.md) goes to the side asked: turn 2's British
# declaration (I.B). No SMTP server here: it waits in the outbox (75).
printf 'games = %s/games\njudge = judge@example.org\nremind_hours = 1\n' "$T" >"$T/remind.conf"
touch -d '3 hours ago' "$M"/log/*.yaml "$M/game.yaml"
expect 75 "$WW_BIN" remind --config "$T/remind.conf"
in_file "$T/out" "reminded the British player (uk@example.org)"
# its subject short (issue 22.8), what is asked in its body
grep -q "^Subject: .*move [0-9]*: reminder: your move is waiting.\?$" "$M"/outbox/new/*remind-british* ||
	fail "no reminder's subject says the move is waiting"
grep -q "^The British is asked to declare" "$M"/outbox/new/*remind-british* ||
	fail "no reminder asks the British to declare"
# The side a mail names is read in the game's words (issue 13): the
# set-up's "the American (Blue) or British (Red) side" makes red the
# British; a word that is no side of Skirmish is refused, to the sender's
# side, with the words it has.
mailto() { # FROM TO ID BLOCK...
	local from=$1 to=$2 id=$3; shift 3
	printf 'From: <%s>\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <%s@players.test>\r\n' \
		"$from" "$to" "$id"
	printf 'Date: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#orders\r\n'
	printf '%s\r\n' "$@" '#end'
}
last=$(ls "$M/outbox/new" | grep '^[0-9]*\.british$' | tail -1)
token=$(sed -n 's/^Reply-To: <judge+mailed-british-\([0-9a-f]*\)@.*/\1/p' "$M/outbox/new/$last")
[ -n "$token" ] || fail "no token in $last"
# from no player's address: refused as the British's (not dropped as no side's)
mailto stranger@example.org "judge+mailed-red-$token@example.org" red0 "password: liberty" \
	"declare Worcester" >"$T/red0.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/red0.eml"
in_file "$T/out" "refused (a mail from stranger@example.org gave orders for the British side"
mailto uk@example.org "judge+mailed-red-$token@example.org" red1 "password: liberty" \
	"declare Worcester" >"$T/red.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/red.eml"
in_file "$T/out" "the British orders are accepted"
accepted=$(ls "$M/outbox/new" | grep '^[0-9]*\.british$' | tail -1)
in_file "$M/outbox/new/$accepted" "your orders were accepted:
  declare Worcester"
kept() { (cd "$1" && sha256sum game.yaml secret/state.yaml secret/mail.yaml); }
before=$(kept "$M")
mailto uk@example.org judge@example.org french1 "game: mailed" "side: french" \
	"password: liberty" "move Worcester - Springfield" >"$T/french.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/french.eml"
refusal=$(ls "$M/outbox/new" | grep '^[0-9]*\.reply-british$' | tail -1)
[ -n "$refusal" ] || fail "the sender's side was not answered"
in_file "$M/outbox/new/$refusal" "the 'side:' line names no side of this game of Skirmish (it is not"
not_in_file "$M/outbox/new/$refusal" "'french'" # what a player typed may be his password
[ "$(kept "$M")" = "$before" ] || fail "a refused side word changed the game"

# A refusal lists every order that would be taken, as the report's "What
# you can do now" does (issue 22.1, 22.8), not one example alone: for
# the American's die, the pieces that may move and where each may end.
last=$(ls "$M/outbox/new" | grep '^[0-9]*\.american$' | tail -1)
token=$(sed -n 's/^Reply-To: <judge+mailed-american-\([0-9a-f]*\)@.*/\1/p' "$M/outbox/new/$last")
[ -n "$token" ] || fail "no token in $last"
mailto us@example.org "judge+mailed-american-$token@example.org" badmove "password: liberty" \
	"move Boston - Providence" >"$T/bad.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/bad.eml"
refusal=$(ls "$M/outbox/new" | grep '^[0-9]*\.reply-american$' | tail -1)
[ -n "$refusal" ] || fail "the bad move was not answered"
in_file "$M/outbox/new/$refusal" "was refused; nothing was changed"
in_file "$M/outbox/new/$refusal" "What you can do now"
in_file "$M/outbox/new/$refusal" "may end on"
tr -d '\r' <"$M/outbox/new/$refusal" >"$T/refusal.txt"
[ -z "$(too_wide "$T/refusal.txt")" ] || { too_wide "$T/refusal.txt"; fail "a refusal's lines over 72 columns"; }

# passwd and address take the game's words for --side, and refuse
# another with them.
old=$(grep password_british "$M/secret/mail.yaml")
printf 'redcoat\n' | expect 0 "$WW_BIN" passwd "$M" --side red
in_file "$T/out" "The British password of $M is set."
[ "$(grep password_british "$M/secret/mail.yaml")" != "$old" ] || fail "red's password was not set"
printf 'redcoat\n' | expect 64 "$WW_BIN" passwd "$M" --side french
in_file "$T/err" "--side: 'french' is not a side of this game of Skirmish: write american or british"
expect 0 "$WW_BIN" address "$M" --side Blue w@example.org
in_file "$M/game.yaml" 'american: "w@example.org"'
expect 64 "$WW_BIN" address "$M" --side hessian h@example.org
in_file "$T/err" "--side: 'hessian' is not a side of this game of Skirmish: write american or british"

# A log entry of a side the game does not have is named with the game's
# own sides.
cp -a "$M" "$T/m2"
sed -i 's/^side: british$/side: hessian/' "$T/m2/log/000002.yaml"
expect 65 "$WW_BIN" verify "$T/m2" --replay
in_file "$T/out" "log/000002.yaml: an entry needs side: (nobody, american or british)"
echo ok
