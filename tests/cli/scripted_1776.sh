# A scripted game from set-up to the end of 1776 with forced dice (issue 2):
# the final record must equal the expected one in tests/golden/1776/, byte
# for byte but for the data directory's path. WW_REGEN=1 rewrites the
# expected files (read the diff before committing it).
. "$(dirname "$0")/lib.bash"
GOLD="$(cd "$(dirname "$0")/../golden/1776" && pwd)"
G="$T/g"
expect 0 "$WW_BIN" new "$G" --american washington@example.org --british north@example.org \
	--seed 1776177617761776177617761776177617761776177617761776177617761776
n=0
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	who=${line%%:*} order=${line#*: }
	side=${who%% *} dice=()
	case "$who" in *" dice "*) dice=(--dice "${who##* dice }") ;; esac
	n=$((n + 1))
	expect 0 "$WW_BIN" order "$G" --as "$side" "${dice[@]}" "$order"
done <"$GOLD/orders"
[ "$n" -gt 40 ] || fail "only $n orders in the script"

# what a record file says, with this machine's paths taken out
norm() { sed -e "s|$WW_DATA|DATA|g" "$1"; }
files=(game.yaml secret/state.yaml secret/ledger-american.yaml secret/ledger-british.yaml)
for f in "$G"/log/*.yaml; do files+=("log/${f##*/}"); done
if [ "${WW_REGEN:-}" = 1 ]; then
	rm -rf "$GOLD/expected"
	for f in "${files[@]}"; do
		mkdir -p "$(dirname "$GOLD/expected/$f")"
		norm "$G/$f" >"$GOLD/expected/$f"
	done
	echo "rewrote $GOLD/expected"
	exit 0
fi
for f in "${files[@]}"; do
	[ -f "$GOLD/expected/$f" ] || fail "unexpected record file $f"
	norm "$G/$f" | diff -u "$GOLD/expected/$f" - || fail "$f differs from the expected record"
done
[ "$(find "$GOLD/expected/log" -type f | wc -l)" -eq "$(find "$G/log" -type f | wc -l)" ] ||
	fail "the number of log entries differs"
# the game stands at the opening of 1777, and verify agrees
in_file "$G/game.yaml" "year: 1777"
expect 0 "$WW_BIN" verify "$G"
