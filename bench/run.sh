#!/usr/bin/env bash
# make bench: the table of docs/robustness.md and README "Benchmarks".
# bench/bench does the engine and the PNG; this script times one order
# end to end with the optimised build (`wwjudge order`: parse, adjudicate,
# commit; the password hash and the PNG are not in it) against a floor
# process that reads the same game and writes the same files (cp -a of
# the game directory plus a sync of its files), and the peak memory of the
# order (GNU time's maximum resident set size).
set -euo pipefail
cd "$(dirname "$0")/.."
export WW_DATA="$PWD/data/washingtons-war" WW_TEMPLATES="$PWD/templates"
BIN=build/wwjudge GAMES=${GAMES:-200} RUNS=${RUNS:-21}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
SEED=00000000000000000000000000000000000000000000000000000000c0ffee01
$BIN new "$T/g" --american a@example.org --british b@example.org --seed $SEED >/dev/null
$BIN order "$T/g" --as american "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, Halifax NC, Camden SC, Augusta GA" >/dev/null
ms() { echo $(( ($2 - $1) / 1000000 )).$(( ($2 - $1) / 10000 % 100 )); }
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
order=() floor=()
for i in $(seq "$RUNS"); do
	rm -rf "$T/o" "$T/f"; cp -a "$T/g" "$T/o"
	a=$(date +%s%N); $BIN order "$T/o" --as british "for-the-king Oswego" >/dev/null; b=$(date +%s%N)
	order+=("$(( b - a ))")
	a=$(date +%s%N); cp -a "$T/g" "$T/f" && sync -d "$T"/f/*.yaml "$T"/f/secret/* "$T"/f/log/*; b=$(date +%s%N)
	floor+=("$(( b - a ))")
done
mo=$(printf '%s\n' "${order[@]}" | median) mf=$(printf '%s\n' "${floor[@]}" | median)
echo "| Benchmark | Measured | Result | Target |"
echo "|---|---|---|---|"
printf '| one order end to end (wwjudge order) | median of %d | %.1f ms | |\n' "$RUNS" "$(echo "$mo/1000000" | bc -l)"
printf '| floor: read and write the same files | median of %d | %.1f ms | |\n' "$RUNS" "$(echo "$mf/1000000" | bc -l)"
printf '| order / floor | | %.2fx | target <= 3x |\n' "$(echo "$mo/$mf" | bc -l)"
rm -rf "$T/o"; cp -a "$T/g" "$T/o"
kb=$(/usr/bin/time -f %M $BIN order "$T/o" --as british "for-the-king Oswego" 2>&1 >/dev/null | tail -1)
printf '| peak memory of one order | max RSS | %.1f MB | target <= 16 MB |\n' "$(echo "$kb/1024" | bc -l)"
bench/bench engine "$GAMES"
bench/bench png 15
echo
echo "$(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
