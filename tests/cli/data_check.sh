# wwjudge data-check: the shipped data passes; a broken copy is reported
# as file:line: message.
. "$(dirname "$0")/lib.bash"
expect 0 "$WW_BIN" data-check "$WW_DATA"
in_file "$T/out" "no problems"
expect 0 "$WW_BIN" data-check
expect 66 "$WW_BIN" data-check "$T/none"
expect 64 "$WW_BIN" data-check a b

cp -r "$WW_DATA" "$T/data"
printf -- '- name: [unclosed\n' >>"$T/data/spaces.yaml"
expect 65 "$WW_BIN" data-check "$T/data"
grep -Eq '^spaces\.yaml:[0-9]+: ' "$T/out" || { cat "$T/out"; fail "no 'spaces.yaml:LINE: message'"; }
echo ok
