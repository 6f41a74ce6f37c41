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
# bench/bench does the engine and the PNG.
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
WW_PWHASH=test $BIN new "$T/games/g" --american a@example.org --british b@example.org \
	--seed $SEED --american-password-file "$T/am.pw" --british-password-file "$T/br.pw" >/dev/null
$BIN order "$T/games/g" --as american --config "$T/text.conf" "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, Halifax NC, Camden SC, Augusta GA" >/dev/null
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
cp -a "$T/base" "$T/check"
(cd "$T" && $BIN process --config text.conf <mail 2>&1 | grep -q "orders are accepted") || {
	echo "bench: the benchmark's order mail is not accepted" >&2; exit 1; }
rm -rf "$T/check" "$T/games/g"
declare -A text png
while read -r k v; do text[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" "$RUNS" "$T/base" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" -- $BIN process --config text.conf)
while read -r k v; do png[$k]=$v; done < <(cd "$T" && "$OLDPWD/bench/e2e" 5 "$T/base" "$T/games/g" "$T/mail" "$OLDPWD/bench/floor" -- $BIN process --config png.conf)
echo "| Benchmark | Measured | Result | Target |"
echo "|---|---|---|---|"
printf '| one order mail end to end (wwjudge process, no PNG) | median of %d | %s ms | |\n' "$RUNS" "${text[process_ms]}"
printf '| floor: read the mail, write the same %s files | median of %d | %s ms | |\n' "${text[files]}" "$RUNS" "${text[floor_ms]}"
printf '| process / floor | | %sx | target <= 3x |\n' "${text[ratio]}"
printf '| peak memory of one process run, both PNG boards attached | max RSS of 5 | %.1f MiB | target <= 16 MB |\n' "$(echo "${png[maxrss_kb]}/1024" | bc -l)"
printf '| peak memory of one process run, no PNG | max RSS of %d | %.1f MiB | target <= 16 MB |\n' "$RUNS" "$(echo "${text[maxrss_kb]}/1024" | bc -l)"
bench/bench engine "$GAMES"
bench/bench png 15
# the first board after a change of data or program paints the land itself
WW_CACHE=off bench/bench png 15 | sed -n -e 's/^| PNG board \([^|]*\)|/| PNG board, no cache: the first after a change of map or program |/p' \
	-e 's/^| PNG \/ floor | |\([^|]*\)| target <= 2x |/| no-cache PNG \/ its floor (measured alike) | |\1| (information) |/p'
echo
echo "$(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
