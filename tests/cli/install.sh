# make install: the installed tree works on its own, with no WW_DATA or
# WW_TEMPLATES and far from the source tree. The binary finds its data in
# ../share/wwjudge/data, its templates beside the data, and its plugins
# in ../lib/wwjudge (plugin.h); a missing plugin is named in the error.
. "$(dirname "$0")/lib.bash"
root="$(cd "$(dirname "$0")/../.." && pwd)"
make -s -C "$root" install BUILD=san DESTDIR="$T/dest" PREFIX=/opt/ww >"$T/make.out" 2>&1 ||
	{ cat "$T/make.out"; fail "make install"; }
B="$T/dest/opt/ww/bin/wwjudge"
for f in bin/wwjudge lib/wwjudge/wwjudge-png.so lib/wwjudge/wwjudge-net.so \
	share/wwjudge/data/washingtons-war/cards.yaml share/wwjudge/data/skirmish/spots.yaml \
	share/wwjudge/templates/report.txt; do
	[ -f "$T/dest/opt/ww/$f" ] || fail "make install did not install $f"
done
unset WW_DATA WW_TEMPLATES
cd "$T"
# Skirmish's data is installed whole: data-check passes on it (issue 14).
expect 0 "$B" data-check "$T/dest/opt/ww/share/wwjudge/data/skirmish"
expect 0 "$B" new "$T/g" --american us@example.org --british uk@example.org --seed "$SEED"
in_file "$T/g/game.yaml" "data_dir: \"$T/dest/opt/ww/share/wwjudge/data/washingtons-war\""
expect 0 "$B" show "$T/g" --as american --png "$T/board.png"
in_file "$T/out" "Report for the American player."
[ "$(head -c 8 "$T/board.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
	fail "show --png did not write a PNG"
mv "$T/dest/opt/ww/lib/wwjudge/wwjudge-png.so" "$T/png.so"
expect 70 "$B" show "$T/g" --as american --png "$T/board2.png"
in_file "$T/err" "wwjudge-png.so is missing: looked in $T/dest/opt/ww/bin, $T/dest/opt/ww/bin/../lib/wwjudge"
WW_PLUGINS="$T" expect 70 "$B" show "$T/g" --as american --png "$T/board2.png"
mv "$T/png.so" "$T/wwjudge-png.so"
WW_PLUGINS="$T" expect 0 "$B" show "$T/g" --as american --png "$T/board2.png"
cmp -s "$T/board.png" "$T/board2.png" || fail "the board from WW_PLUGINS differs"

