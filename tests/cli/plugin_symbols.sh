# The board plugin draws every game's board (issue 14, issue 21): each
# game names its board function in its own folder (game.h's `board`), and
# the binary finds it in the plugin by that name. So the plugin must
# export each game's board function, the binary must draw nothing itself
# (no cairo in it), and every function of the binary the plugin calls
# must be exported by the binary, or loading the plugin fails with an
# undefined symbol.
. "$(dirname "$0")/lib.bash"
command -v nm >/dev/null || fail "nm is missing (binutils, which tools/deps.sh installs with build-essential)"
src="$(dirname "$0")/../../adjudicator"
objs="$(dirname "$WW_BIN")"
plugin="$objs/wwjudge-png.so"
nm -D --defined-only "$plugin" | awk '{print $3}' | sort >"$T/plugin"
nm -D --defined-only "$WW_BIN" | awk '{print $3}' | sort >"$T/binary"
boards=$(grep -ho '\.board = "[a-z_]*"' "$src"/games/*/*.c | cut -d'"' -f2)
[ "$(echo "$boards" | wc -w)" -ge 3 ] || fail "fewer than three games name a board: $boards"
for fn in $boards; do
	grep -qx "$fn" "$T/plugin" || fail "$plugin does not export $fn"
	! grep -qx "$fn" "$T/binary" || fail "$WW_BIN defines $fn: the drawing belongs in the plugin"
done
! ldd "$WW_BIN" | grep -q libcairo || fail "$WW_BIN links cairo: the drawing belongs in the plugin"
find "$objs" -path "$objs/pic" -prune -o -name '*.o' -print | xargs nm --defined-only 2>/dev/null |
	awk '$2 ~ /^[TDRB]$/ {print $3}' | sort -u >"$T/ours"
nm -D --undefined-only "$plugin" | awk '{print $2}' | sort >"$T/needs"
missing=$(comm -12 "$T/needs" "$T/ours" | comm -23 - "$T/binary")
[ -z "$missing" ] || fail "the plugin calls functions the binary does not export: $missing"
# and the boards are drawn through it, for every game the judge plays:
# each has one (Tarleton's Quarter!'s since issue 24)
"$WW_BIN" games >"$T/games" || fail "wwjudge games failed"
for name in $(sed -n 's/^\([a-z-]*\): .*/\1/p' "$T/games"); do
	sides=$(sed -n "/^$name: /,/^\$/s/^  sides: //p" "$T/games" | sed 's/ ([^)]*)//g; s/,//g')
	args=()
	for s in $sides; do args+=("--$s" "$s@example.org"); done
	"$WW_BIN" new "$T/g-$name" --game "$name" "${args[@]}" >/dev/null || fail "new --game $name"
	grep -q '\.board = "' "$src/games/$name"/*.c || fail "$name names no board (game.h's board)"
	"$WW_BIN" show "$T/g-$name" --png "$T/$name.png" >/dev/null || fail "show --png of $name"
	head -c 8 "$T/$name.png" | od -An -tx1 | grep -q '89 50 4e 47' || fail "$name: no PNG"
done
echo ok
