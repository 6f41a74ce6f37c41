# wwjudge show: the text report with what happened since the side's last
# order, the board as a PNG (--png), and the wording from templates.
. "$(dirname "$0")/lib.bash"
G="$T/g"
new_game "$G"
expect 0 "$WW_BIN" order "$G" --as american "$COMMITTEES"

# the British see the American's committees as the last step
expect 0 "$WW_BIN" show "$G" --as british
in_file "$T/out" "What happened"
in_file "$T/out" "Move 1, the American player:"
in_file "$T/out" "American PC placed in Portsmouth NH"
in_file "$T/out" "What you can do now"
in_file "$T/out" "e.g.  for-the-king "
[ -z "$(too_wide "$T/out")" ] || fail "lines over 72 columns: $(too_wide "$T/out")"
# the American, whose order it was, sees it too; nothing is asked of them
expect 0 "$WW_BIN" show "$G" --as american
in_file "$T/out" "Move 1, the American player:"
in_file "$T/out" "Nothing until the British player has given an order."

# the board: a PNG, the same bytes every time
expect 0 "$WW_BIN" show "$G" --as british --png "$T/a.png"
expect 0 "$WW_BIN" show "$G" --as british --png "$T/b.png"
cmp -s "$T/a.png" "$T/b.png" || fail "two drawings of one position differ"
[ "$(head -c 8 "$T/a.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
	fail "$T/a.png is not a PNG"
expect 0 "$WW_BIN" show "$G" --png - --as british
cmp -s "$T/out" "$T/a.png" || fail "--png - does not write the same PNG to stdout"
expect 73 "$WW_BIN" show "$G" --png "$T/none/x.png"
in_file "$T/err" "cannot write $T/none/x.png"

# the wording comes from templates/report.txt, or --templates DIR
mkdir "$T/tpl"
sed 's/^#What happened$/#Since your last order/' "$(dirname "$0")/../../templates/report.txt" \
	>"$T/tpl/report.txt"
expect 0 "$WW_BIN" show "$G" --as british --templates "$T/tpl"
in_file "$T/out" "Since your last order"
not_in_file "$T/out" "What happened"
rc=0; WW_TEMPLATES="$T/tpl" "$WW_BIN" show "$G" --as british >"$T/out" 2>"$T/err" || rc=$?
[ "$rc" -eq 0 ] || fail "WW_TEMPLATES: exit $rc"
in_file "$T/out" "Since your last order"
# a block left open is named with its file and line
TPL="$(dirname "$0")/../../templates/report.txt"
line=$(grep -n '^{{#has_recent}}$' "$TPL" | cut -d: -f1)
grep -v '^{{/has_recent}}$' "$TPL" >"$T/tpl/report.txt"
expect 78 "$WW_BIN" show "$G" --as british --templates "$T/tpl"
in_file "$T/err" "$T/tpl/report.txt:$line: {{#has_recent}} is never closed"
expect 78 "$WW_BIN" show "$G" --templates "$T/nowhere"
in_file "$T/err" "$T/nowhere/report.txt"
echo ok
