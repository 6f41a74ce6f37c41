#!/usr/bin/env bash
# make bench: the table of docs/robustness.md and README "Benchmarks".
#
# End to end: one order mail through `wwjudge process` (intake, password,
# token, adjudication, commit, both reports in the outbox), with the
# optimised build, against a floor process (bench/floor.c) that reads the
# same mail and writes the same files. As the target says, the PNG board
# and the password hash are left out: the judge's config says board =
# none, and the passwords are hashed at libsodium's minimum cost
# (WW_PWHASH=test), so checking one costs microseconds. bench/e2e.c times
# the two in turn on fresh copies of the game. Peak memory is measured
# for a process run with the board attached as well.
#
# The table leads with the mail a player gets by default, per game: the
# board attached, the production Argon2id check, against its floor
# (bench/floor.c): the same files written, the same Argon2id check, and
# libpng writing the same boards from their palette pixels
# (bench/palette_pixels.py), in paired runs (issue 25).
#
# bench/bench does the engine and the PNG boards (Washington's War's and
# Skirmish's).
set -euo pipefail
cd "$(dirname "$0")/.."
export WW_DATA="$PWD/data/washingtons-war" WW_TEMPLATES="$PWD/templates"
BIN=$PWD/build/wwjudge GAMES=${GAMES:-200} RUNS=${RUNS:-31}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
SEED=00000000000000000000000000000000000000000000000000000000c0ffee01
mkdir "$T/games"
printf 'games = games\njudge = judge@example.org\nboard = none\n' >"$T/text.conf"
printf 'games = games\njudge = judge@example.org\nboard = png\n' >"$T/png.conf"
echo liberty >"$T/am.pw"; echo crown >"$T/br.pw"
# the game g after the American's first order; $1 = the password hash's cost
# (test: libsodium's minimum; else production Argon2id)
start_game() {
	rm -rf "$T/games/g"
	WW_PWHASH=$1 $BIN new "$T/games/g" --american a@example.org --british b@example.org \
		--seed $SEED --american-password-file "$T/am.pw" --british-password-file "$T/br.pw" >/dev/null
	$BIN order "$T/games/g" --as american --config "$T/text.conf" "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, Halifax NC, Camden SC, Augusta GA" >/dev/null
}
start_game production
cp -a "$T/games/g" "$T/real"
start_game test
token=$(sed -n 's/^Reply-To: <judge+g-british-\([0-9a-f]*\)@.*/\1/p' "$T"/games/g/outbox/new/*.british | tail -1)
cat >"$T/mail" <<MAIL
From: Lord North <b@example.org>
To: judge+g-british-$token@example.org
Subject: Re: [wwjudge g] orders
Date: Sun, 22 Nov 2026 10:00:00 +0000
Message-ID: <bench-order@example.org>
Content-Type: text/plain; charset=utf-8

My orders.

#orders
password: crown
for-the-king Oswego
#end
MAIL
cp -a "$T/games/g" "$T/base"
# the mail must be accepted, or the benchmark measures a refusal
(cd "$T" && $BIN process --config text.conf <mail 2>&1 | grep -q "orders are accepted") || {
	echo "bench: the benchmark's order mail is not accepted" >&2; exit 1; }
mv "$T/games/g" "$T/check" # the record's size per order, below
# The default mail of game $1 (in $T/games/$1 by the command, from
# $T/$2, the mail $T/$3), against its floor: the rows of the table.
default_mail() {
	local g=$1 base=$T/$2 mail=$T/$3 title=$4 n k v
	declare -A r
	cp -a "$base" "$T/games/$g"
	(cd "$T" && $BIN process --config png.conf <"$mail" 2>&1 | grep -q "orders are accepted") || {
		echo "bench: the $title default mail is not accepted" >&2; exit 1; }
	n=$(bench/palette_pixels.py "$T/$g-board" $(cd "$T/games/$g/outbox/new" &&
		for f in *; do [ -e "$base/outbox/new/$f" ] || echo "$T/games/$g/outbox/new/$f"; done))
	rm -rf "$T/games/$g"
	while read -r k v; do r[$k]=$v; done < <(cd "$T" &&
		WW_FLOOR_HASH=$(sed -n 's/^password_british: //p' "$base/secret/mail.yaml") \
		WW_FLOOR_PASSWORD=crown WW_FLOOR_BOARDS="$T/$g-board $n" \
		"$OLDPWD/bench/e2e" "$PAIRS" "$base" "$T/games/$g" "$mail" "$OLDPWD/bench/floor" -- \
		$BIN process --config png.conf)
	printf '| %s: the default mail (process, production Argon2id, PNG board) | median of %d | %s ms | |\n' \
		"$title" "$PAIRS" "${r[process_ms]}"
	printf '| its floor: the same %s files, the same Argon2id check, libpng writing the same %d board(s) | median of %d | %s ms | |\n' \
		"${r[files]}" "$n" "$PAIRS" "${r[floor_ms]}"
	printf '| default mail / floor | median of %d paired runs (least-most) | %sx (%s-%s) | %s |\n' \
		"$PAIRS" "${r[pair_ratio]}" "${r[pair_min]}" "${r[pair_max]}" "$(met "${r[pair_ratio]}" 2)"
}
# Skirmish's game s, with production Argon2id, announced (the first
# mails give the tokens): the British declares first (I.B).
$BIN new "$T/games/s" --game skirmish --data "$PWD/data/skirmish" --american a@example.org \
	--british b@example.org --seed $SEED --american-password-file "$T/am.pw" \
	--british-password-file "$T/br.pw" >/dev/null
(cd "$T" && $BIN announce games/s --config text.conf >/dev/null)
mv "$T/games/s" "$T/sk-real"
sk_token=$(sed -n 's/^Reply-To: <judge+s-british-\([0-9a-f]*\)@.*/\1/p' "$T"/sk-real/outbox/new/*british | tail -1)
sed -e "s/^To: judge+g-british-[0-9a-f]*@/To: judge+s-british-$sk_token@/" \
	-e 's/^for-the-king Oswego$/declare Boston/' "$T/mail" >"$T/sk-mail"
PAIRS=${PAIRS:-11}

declare -A text png
while read -r k v; do text[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" "$RUNS" "$T/base" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" -- $BIN process --config text.conf)
while read -r k v; do png[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" 5 "$T/base" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" -- $BIN process --config png.conf)
# the real default path: production Argon2id, the PNG board; and the hash alone
declare -A real hash
while read -r k v; do real[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" 5 "$T/real" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" -- $BIN process --config png.conf)
while read -r k v; do hash[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" 5 "$T/real" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" -- $BIN process --config text.conf)

# the long log: the same order at 10 and at 10,000 log entries (issue 13)
CURVE=${CURVE:-11}
declare -A short long
for n in 10 10000; do
	cp -a "$T/base" "$T/log$n"
	bench/grow.py log "$T/log$n" $n
done
# e2e --vs: the two in turn, the ratio decided pair by pair (issue 25.4)
declare -A curve
while read -r k v; do curve[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" "$CURVE" "$T/log10" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" --vs "$T/log10000" -- $BIN process --config text.conf)
# a mail with a token the game never mailed: refused, the token looked for
# among the entries GAME/index keeps, at 10 and at 10,000 entries
sed 's/^To: judge+g-british-[0-9a-f]*@/To: judge+g-british-0123456789abcdef@/' "$T/mail" >"$T/stale"
declare -A stale
while read -r k v; do stale[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" "$CURVE" "$T/log10" "$T/games/g" "$T/stale" "$OLDPWD/bench/floor" --vs "$T/log10000" -- $BIN process --config text.conf)
# in_turn N CMD...: the commands (each one string) run one after another,
# N rounds; each round's wall clocks in ms on one line
in_turn() {
	local n=$1 i c t0 line
	shift
	for i in $(seq "$n"); do
		line=
		for c in "$@"; do
			t0=$EPOCHREALTIME
			eval "$c" >/dev/null
			line+=" $(echo "($EPOCHREALTIME - $t0) * 1000" | bc -l)"
		done
		echo "$line"
	done
}
# rounds EXPR: of in_turn's lines on stdin (columns a, b, c, ...), the
# medians of each column and of EXPR computed round by round, with its
# least and greatest: "a b ... expr least most"
rounds() {
	python3 -c '
import statistics, sys
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
cols = list(zip(*rows))
vals = sorted(eval(sys.argv[1], {}, dict(zip("abcdefgh", r))) for r in rows)
print(*["%.2f" % statistics.median(c) for c in cols],
      "%.2f %.2f %.2f" % (statistics.median(vals), vals[0], vals[-1]))' "$1"
}
PAIRS_RO=${PAIRS_RO:-11}
read -r show10 show10000 show_r show_min show_max < <(in_turn "$PAIRS_RO" \
	"$BIN show $T/log10 --as british" "$BIN show $T/log10000 --as british" | rounds 'b / a')
# many games: remind and send over 100 and 10,000 games, nothing due; the
# fixed start-up is a run over no game, taken off each before the per-game
# ratio
rm -rf "$T/base/outbox/new"/*
mkdir "$T/many0"
for n in 100 10000; do mkdir "$T/many$n"; bench/grow.py games "$T/base" "$T/many$n" $n; done
for cmd in remind send; do
	read -r a b c r lo hi < <(in_turn "$PAIRS_RO" "$BIN $cmd --config $T/text.conf --games $T/many0" \
		"$BIN $cmd --config $T/text.conf --games $T/many100" \
		"$BIN $cmd --config $T/text.conf --games $T/many10000" |
		rounds '((c - a) / 10000) / ((b - a) / 100)')
	declare "${cmd}0=$a" "${cmd}100=$b" "${cmd}10000=$c" "${cmd}_r=$r" "${cmd}_min=$lo" "${cmd}_max=$hi"
done
# the record's size per order, in bytes and in disk blocks (du): the
# bench's own order (entry 3 of $T/check: the British mail, the deal, the
# two reports) grown to 10,000 entries against 10, as the judge keeps them
bytes_of() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }'; }
blocks_of() { du -sk "$1" | cut -f1; }
for n in 10 10000; do cp -a "$T/check" "$T/size$n"; bench/grow.py log "$T/size$n" $n 3; done
per_order_bytes=$(echo "($(bytes_of "$T/size10000") - $(bytes_of "$T/size10")) / 9990" | bc -l)
per_order_kib=$(echo "($(blocks_of "$T/size10000") - $(blocks_of "$T/size10")) / 9990" | bc -l)
ratio() { echo "($1) / ($2)" | bc -l; }
# "target <= 1.1x: met" or "...: **not met**", the ratio as printed (two decimals)
met() { printf 'target <= %sx: %s' "$2" "$(echo "$(printf '%.2f' "$1") <= $2" | bc -l | sed 's/^1$/met/; s/^0$/**not met**/')"; }
echo "| Benchmark | Measured | Result | Target |"
echo "|---|---|---|---|"
default_mail g real mail "Washington's War"
default_mail s sk-real sk-mail Skirmish
printf '| one order mail end to end (wwjudge process, no PNG) | median of %d | %s ms | |\n' "$RUNS" "${text[process_ms]}"
printf '| floor: read the mail, write the same %s files | median of %d | %s ms | |\n' "${text[files]}" "$RUNS" "${text[floor_ms]}"
printf '| process / floor | median of %d paired runs (least-most) | %sx (%s-%s) | %s |\n' "$RUNS" \
	"${text[pair_ratio]}" "${text[pair_min]}" "${text[pair_max]}" "$(met "${text[pair_ratio]}" 3)"
printf '| peak memory of one process run, both PNG boards attached | max RSS of 5 | %.1f MiB | target <= 16 MB |\n' "$(echo "${png[maxrss_kb]}/1024" | bc -l)"
printf '| peak memory of one process run, no PNG | max RSS of %d | %.1f MiB | target <= 16 MB |\n' "$RUNS" "$(echo "${text[maxrss_kb]}/1024" | bc -l)"
printf '| the real default path: one order mail, production Argon2id, PNG board | median of 5 | %s ms | (information) |\n' "${real[process_ms]}"
printf '| the same, no PNG: production Argon2id alone | median of 5 | %s ms | (information) |\n' "${hash[process_ms]}"
printf '| the password hash'"'"'s share (production no PNG - test hash no PNG) | | %.1f ms | (information) |\n' "$(echo "${hash[process_ms]} - ${text[process_ms]}" | bc -l)"
printf '| peak memory, the real default path | max RSS of 5 | %.1f MiB | (information) |\n' "$(echo "${real[maxrss_kb]}/1024" | bc -l)"
printf '| of which the password hash (production - test hash, no PNG) | | %.1f MiB | (information) |\n' "$(echo "(${hash[maxrss_kb]} - ${text[maxrss_kb]})/1024" | bc -l)"
printf '| per order at 10 log entries (process, no PNG) | median of %d | %s ms | |\n' "$CURVE" "${curve[process_ms]}"
printf '| per order at 10,000 log entries | median of %d | %s ms | |\n' "$CURVE" "${curve[vs_process_ms]}"
printf '| 10,000 / 10 entries | median of %d paired runs (least-most) | %sx (%s-%s) | %s |\n' \
	"$CURVE" "${curve[vs_ratio]}" "${curve[vs_min]}" "${curve[vs_max]}" "$(met "${curve[vs_ratio]}" 1.1)"
printf '| its floor (the same files written), 10,000 / 10 entries | | %.2fx | (information) |\n' "$(ratio "${curve[vs_floor_ms]}" "${curve[floor_ms]}")"
printf '| the game record per order (the timed order: its log entry of %s bytes, the records of its 2 reports, 2 ledger items, 2 seen lines; packed) | 10,000 - 10 entries | %.0f bytes, %.2f KiB on disk | target <= 2 KiB: %s |\n' \
	"$(stat -c %s "$T/size10/log/000003.yaml")" "$per_order_bytes" "$per_order_kib" \
	"$(echo "$(printf '%.2f' "$per_order_kib") <= 2" | bc -l | sed 's/^1$/met/; s/^0$/**not met**/')"
printf '| a wrong move token refused, at 10 entries | median of %d | %s ms | |\n' "$CURVE" "${stale[process_ms]}"
printf '| the same at 10,000 entries | median of %d | %s ms | |\n' "$CURVE" "${stale[vs_process_ms]}"
printf '| 10,000 / 10 entries | median of %d paired runs (least-most) | %sx (%s-%s) | (information: flat) |\n' \
	"$CURVE" "${stale[vs_ratio]}" "${stale[vs_min]}" "${stale[vs_max]}"
printf '| show --as british at 10 entries | median of %d | %s ms | |\n' "$PAIRS_RO" "$show10"
printf '| show at 10,000 entries | median of %d | %s ms | |\n' "$PAIRS_RO" "$show10000"
printf '| 10,000 / 10 entries | median of %d paired runs (least-most) | %sx (%s-%s) | %s |\n' \
	"$PAIRS_RO" "$show_r" "$show_min" "$show_max" "$(met "$show_r" 1.5)"
for cmd in remind send; do
	z=${cmd}0 a=${cmd}100 b=${cmd}10000 r=${cmd}_r lo=${cmd}_min hi=${cmd}_max
	printf '| %s, no game: the fixed start-up | median of %d | %s ms | |\n' "$cmd" "$PAIRS_RO" "${!z}"
	printf '| %s, 100 games, nothing due | median of %d | %s ms | |\n' "$cmd" "$PAIRS_RO" "${!a}"
	printf '| %s, 10,000 games | median of %d | %s ms | |\n' "$cmd" "$PAIRS_RO" "${!b}"
	printf '| %s per game less the start-up, 10,000 / 100 games | median of %d paired runs (least-most) | %sx (%s-%s) | %s |\n' \
		"$cmd" "$PAIRS_RO" "${!r}" "${!lo}" "${!hi}" "$(met "${!r}" 2)"
done
bench/bench engine "$GAMES"
bench/tq_engine "${TQ_BENCH_GAMES:-20}"
bench/bench png 15
bench/bench sk-png 15
# the first board after a change of data or program paints the land itself
WW_CACHE=off bench/bench png 15 | sed -n -e 's/^| PNG board \([^|]*\)|/| PNG board, no cache: the first after a change of map or program |/p' \
	-e 's/^| PNG \/ floor | |\([^|]*\)| target <= 2x |/| no-cache PNG \/ its floor (measured alike) | |\1| (information) |/p'
echo
echo "$(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
