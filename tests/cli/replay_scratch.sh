# Issue 20.5: scratch space is the judge's own. `wwjudge replay` makes its
# scratch game in a directory only the judge's user may enter
# ($XDG_RUNTIME_DIR/wwjudge, else .replay/ beside the game, mode 0700),
# never in TMPDIR, a directory others may write to. Its sweep of scratch
# directories left by killed replays removes through descriptors without
# following a symbolic link, and only directories of the judge's own uid.
. "$(dirname "$0")/lib.bash"
unset XDG_RUNTIME_DIR
mail_game "$SEED"
mkdir -p "$T/archive/cur" "$T/archive/new" "$T/archive/tmp"
dead=2147483000 # no process has this number

# TMPDIR, world-writable, with what another user left there: a replay
# directory of theirs, and a link named like one to a victim directory.
mkdir -p "$T/tmp" "$T/victim"
chmod 1777 "$T/tmp"
mkdir "$T/tmp/wwjudge-replay-$dead-theirs"
echo keep >"$T/tmp/wwjudge-replay-$dead-theirs/file"
echo keep >"$T/victim/file"
ln -s "$T/victim" "$T/tmp/wwjudge-replay-$((dead + 1))-link"
if [ "$(id -u)" -eq 0 ]; then
	chown -R nobody "$T/tmp/wwjudge-replay-$dead-theirs"
fi

expect 0 env TMPDIR="$T/tmp" "$WW_BIN" replay "$G" --archive "$T/archive" --config "$T/wwjudge.conf"
in_file "$T/out" "the record is what the archive gives"
[ -e "$T/tmp/wwjudge-replay-$dead-theirs/file" ] || fail "replay removed another user's directory in TMPDIR"
[ -e "$T/victim/file" ] || fail "replay removed a file through a link in TMPDIR"
[ "$(ls "$T/tmp" | wc -l)" -eq 2 ] || { ls -l "$T/tmp"; fail "replay wrote to TMPDIR"; }
S="$T/games/.replay"
[ "$(stat -c %a "$S")" = 700 ] || fail "$S is not mode 0700"
[ -z "$(ls "$S")" ] || { ls -l "$S"; fail "replay left its scratch game in $S"; }

# In its own directory: a killed replay's scratch is removed whole; a link
# put in its place is removed, not followed; a directory of another uid
# is left.
mkdir -p "$S/wwjudge-replay-$dead-old/g/log" "$T/victim2"
echo x >"$S/wwjudge-replay-$dead-old/g/log/000001.yaml"
echo keep >"$T/victim2/file"
ln -s "$T/victim2" "$S/wwjudge-replay-$((dead + 1))-link"
mkdir -p "$S/wwjudge-replay-$((dead + 2))-inner"
ln -s "$T/victim2" "$S/wwjudge-replay-$((dead + 2))-inner/g"
if [ "$(id -u)" -eq 0 ]; then
	mkdir "$S/wwjudge-replay-$((dead + 3))-theirs"
	echo keep >"$S/wwjudge-replay-$((dead + 3))-theirs/file"
	chown -R nobody "$S/wwjudge-replay-$((dead + 3))-theirs"
fi
expect 0 env TMPDIR="$T/tmp" "$WW_BIN" replay "$G" --archive "$T/archive" --config "$T/wwjudge.conf"
[ ! -e "$S/wwjudge-replay-$dead-old" ] || fail "a killed replay's scratch directory was left"
[ ! -L "$S/wwjudge-replay-$((dead + 1))-link" ] || fail "a link in the scratch directory was left"
[ ! -e "$S/wwjudge-replay-$((dead + 2))-inner" ] || fail "a scratch directory holding a link was left"
[ -e "$T/victim2/file" ] || fail "the sweep followed a link and removed what it names"
if [ "$(id -u)" -eq 0 ]; then
	[ -e "$S/wwjudge-replay-$((dead + 3))-theirs/file" ] ||
		fail "the sweep removed a directory of another uid"
else
	echo "skipped the other uid's directory: not root"
fi

# $XDG_RUNTIME_DIR of the judge's own, when there is one, is used instead.
mkdir -m 700 "$T/run" "$T/run/wwjudge"
mkdir "$T/run/wwjudge/wwjudge-replay-$dead-old"
expect 0 env XDG_RUNTIME_DIR="$T/run" TMPDIR="$T/tmp" "$WW_BIN" replay "$G" \
	--archive "$T/archive" --config "$T/wwjudge.conf"
[ ! -e "$T/run/wwjudge/wwjudge-replay-$dead-old" ] || fail "XDG_RUNTIME_DIR/wwjudge was not used"
