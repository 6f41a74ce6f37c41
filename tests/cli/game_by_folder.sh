# Issue 21.1, its proof: "adding a game touches its own folder and one
# line". A copy of the source tree is given a small made-up game, the
# Race (tests/fixtures/made-up-game/: two runners, the fox and the hound,
# `run` or `rest` in turn), by exactly its folder, its data folder and
# the line GAME(race) in cli/games_played.c; the copy builds warning-free
# and its judge lists the Race, starts one, plays it by mail to its end
# from both sides, refuses a wrong order in the Race's own words,
# replays it from the seed and draws its board.
. "$(dirname "$0")/lib.bash"
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixture="$root/tests/fixtures/made-up-game"
registry=adjudicator/cli/games_played.c
orig="$T/orig" src="$T/src"

# The source tree as a checkout holds it (the files git tracks; without
# git, the folders `make build/wwjudge` reads), left as it is in orig.
mkdir -p "$orig"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
	git -C "$root" ls-files -z | (cd "$root" && tar --null -T - -cf -) | tar -xf - -C "$orig" ||
		fail "cannot copy the source tree git tracks"
else
	(cd "$root" && cp -R Makefile adjudicator data templates tools tests "$orig/") ||
		fail "cannot copy the source tree"
fi
cp -R "$orig" "$src"

# The Race joins: its folder, its data, and its line after the first
# game's, so that the first game stays the default.
cp -R "$fixture/adjudicator/games/race" "$src/adjudicator/games/race"
cp -R "$fixture/data/race" "$src/data/race"
sed -i '0,/^\tGAME([a-z_]*) \\$/s//&\n\tGAME(race) \\/' "$src/$registry"

# Nothing else of the judge was touched: the trees differ by the game's
# folder, its data folder and the registry, and the registry by one line.
(cd "$T" && { LC_ALL=C diff -rq orig src || true; } | LC_ALL=C sort) >"$T/changed"
printf '%s\n' "Files orig/$registry and src/$registry differ" \
	"Only in src/adjudicator/games: race" "Only in src/data: race" | LC_ALL=C sort >"$T/want"
diff "$T/want" "$T/changed" || fail "the Race joined by more than its folders and one line"
diff "$orig/$registry" "$src/$registry" | grep '^[<>]' >"$T/lines" || true
[ "$(cat "$T/lines")" = "$(printf '> \tGAME(race) \\')" ] ||
	fail "the registry changed by more than GAME(race): $(cat "$T/lines")"

# The Makefile finds the game by its folder: the copy builds under
# -Werror, the Race's files with its own folder, game/ and core/ only,
# and its race_png.c goes into the board plugin.
make -C "$src" -j2 build/wwjudge >"$T/build.log" 2>&1 ||
	{ tail -40 "$T/build.log"; fail "the tree with the Race does not build"; }
grep -- "-o build/games/race/race_rules.o" "$T/build.log" >"$T/race_cc" ||
	fail "the Makefile did not compile the Race's folder"
in_file "$T/race_cc" "-Iadjudicator/games/race -Iadjudicator/game -Iadjudicator/core -D"
not_in_file "$T/race_cc" "-Iadjudicator/record"
grep -- "-o build/wwjudge-png.so" "$T/build.log" >"$T/png_ld" || fail "no board plugin was linked"
in_file "$T/png_ld" "build/pic/games/race/race_png.o"
J="$src/build/wwjudge"

# The judge lists the Race with its side words and its option, all the
# game's own; its data is checked as the Race's (dataset.yaml: game: race).
expect 0 "$J" games
in_file "$T/out" "washingtons-war: Washington's War (the default)"
in_file "$T/out" "race: The Race
  sides: fox (also reynard), hound
  options (--option WORD):
    downhill: "
expect 0 "$J" data-check "$src/data/race"
in_file "$T/out" "The Race, race-made-up-1, a track of 12 steps: no problems."

# `new` takes the Race's side words for addresses and password files, and
# finds its data beside the binary by the game's name.
export WW_PWHASH=test
mkdir -p "$T/games"
printf 'tally-ho\n' >"$T/fox.pw"
printf 'halloo\n' >"$T/hound.pw"
printf 'games = %s/games\njudge = judge@example.org\nremind_hours = 1\n' "$T" >"$T/wwjudge.conf"
G="$T/games/r1"
expect 64 "$J" new "$G" --game race --fox fox@example.org --american us@example.org
in_file "$T/err" "--american: this game of The Race has the sides fox or hound"
expect 0 "$J" new "$G" --game race --fox fox@example.org --hound hound@example.org \
	--fox-password-file "$T/fox.pw" --hound-password-file "$T/hound.pw" --seed "$SEED"
in_file "$G/game.yaml" "data_dir: \"$src/data/race\""
in_file "$G/game.yaml" "to_run: fox"
in_file "$G/secret/mail.yaml" 'password_hound: $argon2id'

# board_png MAIL: the PNG attached to the judge's mail, as an independent
# MIME parser (python3's email) reads it, into $T/board.png.
board_png() {
	python3 - "$1" "$T/board.png" <<'EOF' || fail "$1 has no PNG board attached"
import email, email.policy, sys
msg = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.default)
png = [p.get_content() for p in msg.walk() if p.get_content_type() == "image/png"]
assert len(png) == 1, "%d PNG parts" % len(png)
open(sys.argv[2], "wb").write(png[0])
EOF
}
# is_race_board FILE: a PNG of the Race's own size (race_png.c, 720 x 220),
# so drawn by the Race's board function, found in the plugin by its name.
is_race_board() {
	[ "$(head -c 24 "$1" | od -An -tx1 | tr -d ' \n')" = \
		89504e470d0a1a0a0000000d49484452000002d0000000dc ] ||
		fail "$1 is not the Race's 720x220 PNG board"
}

# The announcement: each side reads the Race's report, the example order
# from its guide, and its board attached.
expect 0 "$J" announce "$G" --config "$T/wwjudge.conf"
for side in fox hound; do
	in_file "$G/outbox/new/000001.announce-$side" "The Race
Move 0. A track of 12 steps.
The Fox: step 0 of 12.
The Hound: step 0 of 12."
	board_png "$G/outbox/new/000001.announce-$side"
	is_race_board "$T/board.png"
	# the judge's own words around it name nothing of another game's
	in_file "$G/outbox/new/000001.announce-$side" "The initial state (the starting position"
	not_in_file "$G/outbox/new/000001.announce-$side" "deck"
done
in_file "$G/outbox/new/000001.announce-fox" "Your turn, Fox: run (one die), rest or offer (rule 5)."
in_file "$G/outbox/new/000001.announce-fox" "token: "
in_file "$G/outbox/new/000001.announce-hound" "The Fox is asked to run (one die), rest or offer (rule 5)."

# last_mail SIDE: the newest mail of the outbox to SIDE; token SIDE: the
# move token of its Reply-To.
last_mail() { ls "$G/outbox/new" | grep -E "^[0-9]+\.((announce|reply)-)?$1\$" | tail -1; }
token() {
	sed -n "s/^Reply-To: <judge+${G##*/}-$1-\([0-9a-f]*\)@.*/\1/p" "$G/outbox/new/$(last_mail "$1")" |
		tr -d '\r'
}
# order SIDE ORDER: a mail from SIDE's player to the judge with an order
# block (docs/mail.md): password, token, game and side lines, the order.
n=0
order() {
	local side=$1 pw
	pw=$(cat "$T/$side.pw")
	n=$((n + 1))
	printf 'From: <%s@example.org>\r\nTo: judge@example.org\r\nSubject: my run\r\n' "$side" \
		>"$T/mail.eml"
	printf 'Message-ID: <m%d@players.test>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n' \
		"$n" >>"$T/mail.eml"
	printf '%s\r\n' "#orders" "password: $pw" "token: $(token "$side")" "game: ${G##*/}" \
		"side: $side" "$2" "#end" >>"$T/mail.eml"
	expect 0 "$J" process --config "$T/wwjudge.conf" <"$T/mail.eml"
}
accepted() { in_file "$T/out" "${G##*/}: the $1 orders are accepted"; }
# refused SIDE WORDS: the mail was refused with WORDS, the game unchanged,
# and the side's player told why.
refused() {
	in_file "$T/out" "${G##*/}: refused ("
	in_file "$T/out" "$2"
	[ "$(kept)" = "$before" ] || fail "a refused order changed the game"
	in_file "$G/outbox/new/$(last_mail "reply-$1")" "What was wrong:"
}
kept() { (cd "$G" && sha256sum game.yaml secret/state.yaml); }

# Orders the Race does not take are refused in the Race's own words: a
# word that is no order of it (order_parse), a side out of its turn (rule
# 1) and a second rest running (rule 3) (its apply).
before=$(kept)
order fox "fly"
refused fox "'fly' is no order of the Race: write run, rest, ready, offer, accept or decline"
order hound "run"
refused hound "rule 1: it is the Fox's turn to run or rest, not the Hound's"

# Issue 21.6, an offer the other side answers (the Race's rule 5): the
# Fox offers that both rest; both read the offer, the Hound alone is
# asked, with a clear question and the guide's two answers; the Fox may
# not play on until the Hound has answered.
order fox "offer"
accepted Fox
for to in fox hound; do
	in_file "$G/outbox/new/$(last_mail "$to")" "The Fox offers that both rest (rule 5)."
done
in_file "$G/outbox/new/$(last_mail hound)" "Accept or decline, Hound: the Fox offers that both rest (rule 5)."
in_file "$G/outbox/new/$(last_mail hound)" "decline"
in_file "$G/outbox/new/$(last_mail fox)" "The Hound is asked to accept or decline the Fox's offer (rule 5)."
[ "$(sed -n 's/^offered_by: //p' "$G/game.yaml")" = fox ] || fail "the offer is not in the record"
before=$(kept)
order fox "run"
refused fox "rule 5: the Hound is to answer the Fox's offer first"
order hound "decline"
accepted Hound
in_file "$G/outbox/new/$(last_mail fox)" "The Hound declines the Fox's offer (rule 5)."
in_file "$G/outbox/new/$(last_mail fox)" "Your turn, Fox: run (one die) or rest."
before=$(kept)
order fox "offer"
refused fox "rule 5: the Hound declined the Fox's offer this turn; write run or rest"
order fox "run"
accepted Fox
# the Hound offers in turn, and the Fox accepts: both rest, and the turn
# passes as after the Hound's rest
order hound "offer"
accepted Hound
order fox "accept"
accepted Fox
for to in fox hound; do
	in_file "$G/outbox/new/$(last_mail "$to")" "The Fox accepts the Hound's offer: both rest (rule 5)."
done
in_file "$G/outbox/new/$(last_mail fox)" "Your turn, Fox: run (two dice after the rest) or rest (not twice"
before=$(kept)
order fox "rest"
refused fox "rule 3: the Fox rested last turn and may not rest two turns running; write run"

# Both sides run in turn, by mail, until one reaches the end of the track;
# each accepted mail gives both players the Race's report and its board.
for turn in $(seq 1 30); do
	side=$(sed -n 's/^to_run: //p' "$G/game.yaml")
	[ "$side" = nobody ] && break
	order "$side" "run"
	accepted "${side^}"
	for to in fox hound; do
		mail=$(last_mail "$to")
		in_file "$G/outbox/new/$mail" "The ${side^} rolls"
		board_png "$G/outbox/new/$mail"
		is_race_board "$T/board.png"
	done
done
[ "$side" = nobody ] || fail "the race did not end in 30 runs"
winner=$(sed -n 's/^winner: //p' "$G/game.yaml")
for to in fox hound; do
	in_file "$G/outbox/new/$(last_mail "$to")" "reaches the end of the track and wins (rule 4)."
	in_file "$G/outbox/new/$(last_mail "$to")" "The race is over: the ${winner^} reached the end"
	in_file "$G/outbox/new/$(last_mail "$to")" "The secret seed, revealed now that the game is over:
  $SEED"
done

# The record replays from the seed through the Race's game.h alone: every
# roll and the final position agree; the forced rolls are counted by the
# Race's side words.
expect 0 "$J" verify "$G" --replay
in_file "$T/out" "$G: the record adds up."
in_file "$T/out" "every roll, every shuffle and the final position agree"
in_file "$T/out" "forced rolls: fox 0, hound 0"

# show reads the Race's report, within 72 columns, and --png draws the
# Race's board from the board plugin.
expect 0 "$J" show "$G" --as reynard --png "$T/shown.png"
in_file "$T/out" "The Race: r1"
[ -z "$(too_wide "$T/out")" ] || fail "the Race's report is wider than 72 columns"
is_race_board "$T/shown.png"

# Issue 21.5: several sides asked at once. With the option ready, both
# sides are asked to say ready and may answer by mail in either order:
# the second answers with the token of the announcement, which the first
# answer left as it was (what it was asked had not changed), so it is not
# refused as stale. The index keeps both sides asked, a reminder would go
# to both, and each reads what the other is asked.
for first in fox hound; do
	second=$([ "$first" = fox ] && echo hound || echo fox)
	G="$T/games/ready-$first"
	expect 0 "$J" new "$G" --game race --option ready --fox fox@example.org \
		--hound hound@example.org --fox-password-file "$T/fox.pw" \
		--hound-password-file "$T/hound.pw" --seed "$SEED"
	in_file "$G/index" "waiting: fox hound"
	expect 0 "$J" announce "$G" --config "$T/wwjudge.conf"
	in_file "$G/outbox/new/000001.announce-$first" "Say ready, ${first^}: the race starts"
	in_file "$G/outbox/new/000001.announce-$first" "The ${second^} is asked to say ready"
	in_file "$G/outbox/new/000001.announce-$first" "both saying ready first (rule 0)"
	expect 0 "$J" remind --config "$T/wwjudge.conf" --dry-run --at +2h
	in_file "$T/out" "${G##*/}: would remind the Fox player"
	in_file "$T/out" "${G##*/}: would remind the Hound player"
	token_second=$(token "$second")
	order "$first" "ready"
	accepted "${first^}"
	in_file "$G/index" "waiting: $second"
	[ "$(token "$second")" = "$token_second" ] ||
		fail "the $first's answer moved the $second's token, who was asked the same"
	order "$second" "ready"
	accepted "${second^}"
	in_file "$G/outbox/new/$(last_mail fox)" "Both are ready: the race starts"
	in_file "$G/index" "waiting: fox"
	order fox "run"
	accepted Fox
	expect 0 "$J" verify "$G" --replay
done
echo ok
