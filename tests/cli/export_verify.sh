# Issue 22.5: a record players can verify. The export of an ended game
# holds what `verify --replay` needs (the log, the revealed seed, the
# data's name and hash) and verify accepts it; a tampered export fails.
# A running game's export holds none of it (files_public.sh checks the
# rest of what it holds).
. "$(dirname "$0")/lib.bash"
new_game "$T/g"
expect 0 "$WW_BIN" order "$T/g" --as american "$COMMITTEES"
expect 0 "$WW_BIN" export "$T/g" "$T/running"
for f in game.yaml log secret export.yaml; do
	[ ! -e "$T/running/$f" ] || fail "a running game's export holds $f"
done
expect 0 "$WW_BIN" order "$T/g" --as british resign
expect 0 "$WW_BIN" export "$T/g" "$T/ended"
[ ! -e "$T/ended/secret/mail.yaml" ] || fail "the export holds secret/mail.yaml"
[ -z "$(find "$T/ended" ! -perm -o=r)" ] || fail "some of the export is not readable by all"
in_file "$T/ended/export.yaml" "data_id: "
in_file "$T/ended/export.yaml" "data_hash: "
in_file "$T/ended/game.yaml" "seed_revealed: true"

# the export verifies, as a player would run it (a copy of his own, no --data)
cp -a "$T/ended" "$T/e"
expect 0 "$WW_BIN" verify --replay "$T/e"
in_file "$T/out" "an export of an ended game"
in_file "$T/out" "replayed from the set-up with the revealed seed"

# a read-only copy verifies, and verify writes nothing into it (not even
# the lock): as root the mode bits stop no write, so the files are compared
cp -a "$T/ended" "$T/ro"
chmod -R a-w "$T/ro"
(cd "$T/ro" && find . -printf '%p %s %T@\n' | sort) >"$T/ro.before"
expect 0 "$WW_BIN" verify --replay "$T/ro"
in_file "$T/out" "replayed from the set-up with the revealed seed"
(cd "$T/ro" && find . -printf '%p %s %T@\n' | sort) >"$T/ro.after"
chmod -R u+w "$T/ro"
diff "$T/ro.before" "$T/ro.after" || fail "verify changed the export it verified"

# a log entry changed: the replay finds it
cp -a "$T/ended" "$T/t1"
sed -i 's/Portsmouth NH/Concord NH/' "$T/t1/log/000002.yaml"
expect 65 "$WW_BIN" verify --replay "$T/t1"
in_file "$T/out" "but replaying the log"

# other data than the game's: named by its hash
cp -a "$T/ended" "$T/t2"
sed -i "s/^data_hash: .*/data_hash: $(printf '%064d' 0)/" "$T/t2/export.yaml"
expect 65 "$WW_BIN" verify --replay "$T/t2"
in_file "$T/out" "but the data in"

# another seed than the one committed to
cp -a "$T/ended" "$T/t3"
sed -i 's/^  seed: 0/  seed: 1/' "$T/t3/game.yaml"
expect 65 "$WW_BIN" verify --replay "$T/t3"
