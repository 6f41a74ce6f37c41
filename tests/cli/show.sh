# wwjudge show: text and YAML, for each side and for the public.
. "$(dirname "$0")/lib.bash"
new_game "$T/g"

expect 0 "$WW_BIN" show "$T/g"
in_file "$T/out" "Public report"
in_file "$T/out" "The board"
in_file "$T/out" "French Alliance: 0 of 9"
in_file "$T/out" "Seed commitment"
not_in_file "$T/out" "Your hand"
[ -z "$(too_wide "$T/out")" ] || fail "lines over 72 columns: $(too_wide "$T/out")"

expect 0 "$WW_BIN" show "$T/g" --as american
in_file "$T/out" "Report for the American player."
in_file "$T/out" "Your hand"
[ -z "$(too_wide "$T/out")" ] || fail "lines over 72 columns: $(too_wide "$T/out")"

expect 0 "$WW_BIN" show "$T/g" --format yaml
in_file "$T/out" "year: 1775"
in_file "$T/out" "prompt: committees"
not_in_file "$T/out" "your_hand"
expect 0 "$WW_BIN" show "$T/g" --as british --format yaml
in_file "$T/out" "viewer: british"
in_file "$T/out" "your_hand"

expect 64 "$WW_BIN" show "$T/g" --as french
in_file "$T/err" "--as american or --as british"
expect 64 "$WW_BIN" show "$T/g" --format html
in_file "$T/err" "--format text or --format yaml"
expect 64 "$WW_BIN" show
expect 66 "$WW_BIN" show "$T/none"
in_file "$T/err" "no game"
mkdir "$T/empty"
expect 66 "$WW_BIN" show "$T/empty"
echo ok
