# Crash and fault injection on the command line (docs/robustness.md):
# a kill at every write step of `wwjudge order`, then the same order
# again; a full disk; an unreadable file; a corrupt record; a missing data
# file. Each leaves the old game or the new one, never a mix, and says
# what went wrong.
. "$(dirname "$0")/lib.bash"

export WW_TEMPLATES="${WW_TEMPLATES:-$(cd "$(dirname "$0")/../.." && pwd)/templates}"
new_game "$T/g"
expect 0 "$WW_BIN" order "$T/g" --as american "$COMMITTEES"
cp -a "$T/g" "$T/orig"
ORDER="for-the-king Oswego"

# The state after the order, for comparison.
cp -a "$T/orig" "$T/done"
expect 0 "$WW_BIN" order "$T/done" --as british "$ORDER"
old=$(sha256sum <"$T/orig/secret/state.yaml")
new=$(sha256sum <"$T/done/secret/state.yaml")

# Kill before write step N, for every N until the order completes.
n=1
while :; do
	rm -rf "$T/k"; cp -a "$T/orig" "$T/k"
	rc=0; WW_CRASH_AT=$n "$WW_BIN" order "$T/k" --as british "$ORDER" >/dev/null 2>&1 || rc=$?
	[ "$rc" -eq 0 ] && break
	[ "$rc" -eq 99 ] || fail "step $n: exit $rc, expected the crash (99)"
	# Whatever the reader sees is the old game or the new one, and it verifies.
	expect 0 "$WW_BIN" show "$T/k" --format yaml
	expect 0 "$WW_BIN" verify "$T/k"
	# The order given again (the player resends it) is applied exactly once.
	rc=0; "$WW_BIN" order "$T/k" --as british "$ORDER" >"$T/out" 2>&1 || rc=$?
	now=$(sha256sum <"$T/k/secret/state.yaml")
	if [ "$rc" -eq 0 ]; then
		:
	elif [ "$rc" -eq 65 ] && [ "$now" = "$new" ]; then
		: # the crashed commit had already made it: the resend is refused
	else
		cat "$T/out"; fail "step $n: resending exited $rc"
	fi
	[ "$(sha256sum <"$T/k/secret/state.yaml")" = "$new" ] || fail "step $n: not the new game after the resend"
	[ ! -e "$T/k/journal" ] && [ ! -e "$T/k/.txn" ] || fail "step $n: a commit left behind"
	expect 0 "$WW_BIN" verify "$T/k"
	n=$((n + 1))
	[ "$n" -lt 200 ] || fail "the order never completed"
done
[ "$n" -gt 5 ] || fail "only $n write steps: is WW_CRASH_AT honoured?"

# A corrupt record: a clear error naming the file, nothing changed.
cp -a "$T/orig" "$T/c"
printf 'year: 1775\nboard: [this is not\n' >"$T/c/secret/state.yaml"
before=$(snapshot "$T/c")
expect 65 "$WW_BIN" order "$T/c" --as british "$ORDER"
in_file "$T/err" "state.yaml"
[ "$(snapshot "$T/c")" = "$before" ] || fail "a corrupt record was changed"

# A missing data file: the game data does not load (EX_CONFIG), no game is made.
mkdir -p "$T/data"; cp "$WW_DATA"/*.yaml "$T/data/"; rm "$T/data/links.yaml"
expect 78 "$WW_BIN" new "$T/nodata" --american a@example.org --british b@example.org \
	--seed "$SEED" --data "$T/data"
in_file "$T/err" "links.yaml"
[ ! -e "$T/nodata" ] || fail "a game was created without its data"
! ls "$T" | grep -q 'nodata.new' || fail "a half-made game was left behind"
# A game whose data lost a file since it was created.
cp "$WW_DATA"/links.yaml "$T/data/"
expect 0 "$WW_BIN" new "$T/gd" --american a@example.org --british b@example.org \
	--seed "$SEED" --data "$T/data"
rm "$T/data/links.yaml"
before=$(snapshot "$T/gd")
rc=0; "$WW_BIN" order "$T/gd" --as american "$COMMITTEES" >"$T/out" 2>"$T/err" || rc=$?
[ "$rc" -ne 0 ] || fail "an order was taken with the data missing"
in_file "$T/err" "links.yaml"
[ "$(snapshot "$T/gd")" = "$before" ] || fail "a game without its data was changed"
echo "missing data for a game: exit $rc"

# A full disk: a 256 KiB tmpfs (needs root and mount; skipped otherwise).
mkdir -p "$T/small"
if [ "$(id -u)" -ne 0 ]; then
	skip_part "not root" "a full disk needs a tmpfs, which only root mounts"
elif can_mount_tmpfs "$T/small"; then
	trap 'umount "$T/small" 2>/dev/null || true; rm -rf "$T"' EXIT
	cp -a "$T/orig" "$T/small/g"
	head -c 10M /dev/zero >"$T/small/fill" 2>/dev/null || true
	before=$(snapshot "$T/small/g")
	expect 74 "$WW_BIN" order "$T/small/g" --as british "$ORDER"
	in_file "$T/err" "No space left on device"
	[ "$(snapshot "$T/small/g")" = "$before" ] || fail "a full disk changed the game"
	[ ! -e "$T/small/g/.txn" ] && [ ! -e "$T/small/g/journal" ] || fail "a full disk left a commit behind"
	rm -f "$T/small/fill"
	expect 0 "$WW_BIN" order "$T/small/g" --as british "$ORDER"
	umount "$T/small"
else
	skip_part "no tmpfs" "a full disk: root cannot mount a tmpfs here (no CAP_SYS_ADMIN)"
fi

# An unreadable file. Root reads everything, so run as nobody with a game
# nobody owns (skipped when not root; setpriv and nobody come with Debian).
if [ "$(id -u)" -eq 0 ]; then
	command -v setpriv >/dev/null || fail "setpriv (util-linux) is missing"
	id nobody >/dev/null 2>&1 || fail "the user nobody is missing"
	cp -a "$T/orig" "$T/u"
	chmod 755 "$T"; chown -R nobody "$T/u"
	chmod 000 "$T/u/secret/state.yaml"
	before=$(snapshot "$T/u")
	nob() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$@"; }
	rc=0; nob "$WW_BIN" order "$T/u" --as british "$ORDER" >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" -eq 74 ] || [ "$rc" -eq 65 ] || { cat "$T/err"; fail "unreadable state: exit $rc"; }
	in_file "$T/err" "state.yaml"
	[ "$(snapshot "$T/u")" = "$before" ] || fail "an unreadable file changed the game"
	chmod 700 "$T"
else
	skip_part "not root" "unreadable files: root reads everything, so the test becomes nobody"
fi
echo ok
