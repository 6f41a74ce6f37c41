# Issue 11, "the game directory gives secrets away": whatever a user other
# than the judge's own can read holds public information only. Two games
# differ only in the cards dealt to the American; the same orders are
# played in both; every byte readable by another user, and the public
# export, must be the same. The lock cannot be taken by another user.
. "$(dirname "$0")/lib.bash"
# The game is called g in both: a report names its game.
mkdir "$T/a" "$T/b"
for g in a/g b/g; do
	new_game "$T/$g"
	expect 0 "$WW_BIN" order "$T/$g" --as american "$COMMITTEES"
done
# In b, the top of the deck (dealt first, to the American) changes place
# with the bottom card before the deal.
state="$T/b/g/secret/state.yaml"
deck=$(awk '/^deck:/{on=1; next} on && /^  - /{print $2; next} on{exit}' "$state")
bottom=$(sed -n 1p <<<"$deck"); top=$(sed -n '$p' <<<"$deck")
awk -v b="$bottom" -v t="$top" '
	/^deck:/ {on = 1; print; next}
	on && /^  - / { if ($2 == b) sub("- " b " ", "- " t " "); else if ($2 == t) sub("- " t " ", "- " b " ") }
	on && !/^  - / {on = 0}
	{print}' "$state" >"$T/state" && cat "$T/state" >"$state"
for g in a b; do
	expect 0 "$WW_BIN" order "$T/$g/g" --as british "for-the-king New York NY"
	"$WW_BIN" show "$T/$g/g" --as american >"$T/american-$g"
	"$WW_BIN" show "$T/$g/g" --as british >"$T/british-$g"
done
! cmp -s "$T/american-a" "$T/american-b" || fail "the two games' American hands do not differ"
cmp "$T/british-a" "$T/british-b" || fail "the British report depends on the American hand"

# Every file another user could read: the file readable by others and
# every directory above it, up to the game's, searchable by others.
readable_by_others() {
	local game=$1
	find "$game" -type f | sort | while read -r f; do
		local d ok=1
		[ -n "$(find "$f" -maxdepth 0 -perm -o=r)" ] || ok=0
		d=$(dirname "$f")
		while [ "$ok" = 1 ]; do
			[ -n "$(find "$d" -maxdepth 0 -perm -o=x)" ] || ok=0
			[ "$d" = "$game" ] && break
			d=$(dirname "$d")
		done
		[ "$ok" = 0 ] || echo "${f#"$game"/} $(sha256sum <"$f")"
	done
}
readable_by_others "$T/a/g" >"$T/open-a"
readable_by_others "$T/b/g" >"$T/open-b"
cmp "$T/open-a" "$T/open-b" || { diff "$T/open-a" "$T/open-b"; fail "files other users can read differ with the American hand"; }

# The deliberate public export: readable by all, the same for both games.
for g in a b; do
	expect 0 "$WW_BIN" export "$T/$g/g" "$T/public-$g"
	[ -n "$(find "$T/public-$g/report.txt" -perm -o=r)" ] || fail "the export is not readable by all"
done
in_file "$T/public-a/report.txt" "British PC placed in New York NY"
in_file "$T/public-a/state.yaml" "deck: {size:"
diff -r "$T/public-a" "$T/public-b" || fail "the public export depends on the American hand"
expect 73 "$WW_BIN" export "$T/a/g" "$T/public-a"
in_file "$T/err" "already exists"

# Another user can neither read the log nor hold the lock (which would stop
# every game: EX_TEMPFAIL).
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && command -v flock >/dev/null; then
	nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
	chmod 0755 "$T" "$T/a"
	! nobody cat "$T/a/g/log/000003.yaml" >/dev/null 2>&1 || fail "another user reads the log"
	! nobody flock -n "$T/a/g/lock" true 2>/dev/null || fail "another user takes the lock"
fi

# A game made before its directory was closed is closed at its next lock.
chmod 0755 "$T/a/g" "$T/a/g/log"; chmod 0644 "$T/a/g/lock" "$T/a/g/log/"*
expect 0 "$WW_BIN" show "$T/a/g"
[ -z "$(readable_by_others "$T/a/g")" ] || fail "an old game stays open to others after a lock"
expect 0 "$WW_BIN" verify "$T/a/g"
