#!/usr/bin/env bash
# A short scripted game: usage tests/example.sh [path/to/wwjudge]
#
# Creates a game in a temporary directory with a fixed seed, places the
# Committees of Correspondence and For The King markers, plays the 1775
# opening and a few impulses of PC plays and event discards, then prints
# both players' reports. Cards are chosen from the hand that
# `show --as SIDE --format yaml` lists, so it works whatever the deck
# order; a refused PC placement falls back to the next candidate space.
set -euo pipefail
cd "$(dirname "$0")/.."
WW=${1:-build/wwjudge}
case $WW in /*) ;; *) WW="$PWD/$WW" ;; esac
export WW_DATA=${WW_DATA:-$PWD/data/washingtons-war}
SEED=5eed000000000000000000000000000000000000000000000000000000001775
IMPULSES=${IMPULSES:-8}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
game="$tmp/game"

say() { printf '\n>>> %s\n' "$*"; }

# order SIDE ORDER...: prints the order and the first lines of the answer.
order() {
	local side=$1; shift
	say "$side: $*"
	"$WW" order "$game" --as "$side" "$@" >"$tmp/out" 2>"$tmp/err" || {
		local rc=$?
		sed 's/^/    /' "$tmp/err"
		return $rc
	}
	sed '/^$/q' "$tmp/out" | sed '/^$/d'
}

field() { "$WW" show "$game" --format yaml | sed -n "s/^$1: //p"; }

# The hand of SIDE as lines "card ops flag must_play".
hand() {
	"$WW" show "$game" --as "$1" --format yaml |
		sed -n 's/^  - {card: \([0-9]*\), ops: \([0-9]*\), flag: \([a-z]*\), must_play: \([a-z]*\).*/\1 \2 \3 \4/p'
}

# Spaces named on the public board (they hold a PC or CUs).
occupied() { "$WW" show "$game" --format yaml | sed -n '/^board:/,/^[a-z]/s/^  "\{0,1\}\([^":]*\)"\{0,1\}: {.*/\1/p'; }

# Candidate spaces for a PC play: empty ones, ports first for the British
# (every port is adjacent to every other for them, 10.11.B).
AMERICAN_SPACES=("Concord NH" "Springfield MA" "New London CT" "Kingston NY"
	"Morristown NJ" "Reading PA" "Frederick Town MD" "Richmond VA"
	"Hillsborough NC" "Georgetown SC" "Sunbury GA" "Easton PA" "Winchester VA")
BRITISH_SPACES=("Long Island NY" "New Haven CT" "Falmouth MA" "Barnstable MA"
	"Wilmington DE" "Alexandria VA" "Yorktown VA" "New Bern NC" "St. Mary's GA")

free_spaces() {
	local side=$1 taken s
	taken=$(occupied)
	if [ "$side" = american ]; then set -- "${AMERICAN_SPACES[@]}"; else set -- "${BRITISH_SPACES[@]}"; fi
	for s in "$@"; do
		grep -qxF "$s" <<<"$taken" || echo "$s"
	done
}

# One impulse for whoever is to move: a PC play with an OPS card, else an
# event discarded (6.32.B.i), else a card that must be played as an event.
impulse() {
	local side card ops flag must spaces
	side=$(field to_move)
	mapfile -t cards < <(hand "$side")
	for line in "${cards[@]}"; do
		read -r card ops flag must <<<"$line"
		[ "$ops" -gt 0 ] || continue
		mapfile -t spaces < <(free_spaces "$side")
		for s in "${spaces[@]}"; do
			order "$side" "play $card pc $s" && return 0
		done
	done
	for line in "${cards[@]}"; do
		read -r card ops flag must <<<"$line"
		[ "$ops" -eq 0 ] && [ "$must" = false ] || continue
		order "$side" "discard $card" && return 0
	done
	for line in "${cards[@]}"; do
		read -r card ops flag must <<<"$line"
		[ "$must" = true ] && order "$side" "play $card event" && return 0
	done
	echo "example: no card of the $side hand could be played" >&2
	return 1
}

say "wwjudge new (seed fixed for the example)"
"$WW" new "$game" --american washington@example.org --british north@example.org \
	--seed "$SEED" | sed -n '1,4p'

# 4.0: one PC in each of the thirteen colonies, where no British piece is
order american "committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, Halifax NC, Camden SC, Augusta GA"
# 4.0: three British PCs within 10.11.B (ports are adjacent to each other)
order british "for-the-king New York, Savannah, Baltimore"

# 5.3.a: the British may open with a campaign card; here they do not
if [ "$(field prompt)" = opening ]; then
	order british "pass"
fi
# 5.3.c: the American chooses who plays first
if [ "$(field prompt)" = first-player ]; then
	order "$(field to_move)" "first american"
fi

for _ in $(seq "$IMPULSES"); do
	[ "$(field prompt)" = impulse ] || break
	impulse
done

for side in american british; do
	printf '\n==================== the %s report ====================\n' "$side"
	"$WW" show "$game" --as "$side"
done
say "wwjudge verify"
"$WW" verify "$game"
