# Issue 14: the board plugin draws Skirmish's board too. The wwjudge
# binary reaches it through its trampoline sk_board_png (cli/plugin.c),
# so the plugin must export sk_board_png, the binary must hold that
# trampoline without drawing anything itself (no cairo in the binary),
# and every function of the binary the plugin calls (ww_*, sk_*) must be
# exported by the binary, or loading the plugin fails with an undefined
# symbol.
. "$(dirname "$0")/lib.bash"
command -v nm >/dev/null || fail "nm is missing (binutils, which tools/deps.sh installs with build-essential)"
plugin="$(dirname "$WW_BIN")/wwjudge-png.so"
nm -D --defined-only "$plugin" | awk '{print $3}' | sort >"$T/plugin"
nm -D --defined-only "$WW_BIN" | awk '{print $3}' | sort >"$T/binary"
grep -qx sk_board_png "$T/plugin" || fail "$plugin does not export sk_board_png"
grep -qx ww_report_png "$T/plugin" || fail "$plugin does not export ww_report_png"
grep -qx sk_board_png "$T/binary" || fail "$WW_BIN has no trampoline sk_board_png"
! ldd "$WW_BIN" | grep -q libcairo || fail "$WW_BIN links cairo: the drawing belongs in the plugin"
nm -D --undefined-only "$plugin" | awk '$2 ~ /^(ww|sk)_/ {print $2}' | sort >"$T/needs"
missing=$(comm -23 "$T/needs" "$T/binary")
[ -z "$missing" ] || fail "the plugin calls functions the binary does not export: $missing"
