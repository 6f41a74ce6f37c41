# Issue 27.2, 27.3: the judge's own trouble is never a mail's permanent
# failure. A read error (EIO, EMFILE, ENFILE) on any file of the game or
# on the config, a config that does not load, and a game damaged on disk
# (secret/mail.yaml or game.yaml missing) make `process` exit 75 with a
# line naming the file, and change nothing: the MTA keeps the mail and
# tries again. `verify` names a missing secret/mail.yaml and a damaged
# file of seen.d/. Faults are injected by tests/faults/open_fault.c,
# preloaded: opening a file whose path ends so fails with the errno given.
. "$(dirname "$0")/lib.bash"
R="$(cd "$(dirname "$0")/../.." && pwd)"
cc -shared -fPIC -O2 -o "$T/fault.so" "$R/tests/faults/open_fault.c" -ldl
PRE="$(cc -print-file-name=libasan.so):$T/fault.so"
[ -e "${PRE%%:*}" ] || PRE="$T/fault.so"

mail_game "$SEED" 'board = none'
expect 0 "$WW_BIN" announce "$G" --config "$T/wwjudge.conf"
reply=$(sed -n 's/^Reply-To: <\(judge+g-american-[0-9a-f]*@example.org\)>.*/\1/p' \
	"$G"/outbox/new/*.announce-american | tr -d '\r')
cat >"$T/m1" <<MAIL
From: washington@example.org
To: $reply
Subject: orders
Date: Tue, 24 Nov 2026 10:00:00 +0000
Message-ID: <m1@example.org>

#orders
password: liberty
$COMMITTEES
#end
MAIL
cp -a "$G" "$T/g0"

# process with the open of the file ending in $1 failing with $2
faulty() {
	local rc=0
	LD_PRELOAD=$PRE WW_FAULT_PATH=$1 WW_FAULT_ERRNO=$2 \
		"$WW_BIN" process --config "$T/wwjudge.conf" <"${3:-$T/m1}" >"$T/out" 2>"$T/err" || rc=$?
	echo "$rc"
}
fresh() { rm -rf "$G"; cp -a "$T/g0" "$G"; }

for e in EIO EMFILE ENFILE; do
	for f in /wwjudge.conf /game.yaml /secret/state.yaml /secret/seed /secret/mail.yaml /g/lock; do
		fresh
		before=$(snapshot "$G")
		rc=$(faulty "$f" "$e")
		[ "$rc" -eq 75 ] || { cat "$T/err"; fail "$e on $f: exit $rc, not 75"; }
		in_file "$T/err" "${f##*/}"
		[ "$(snapshot "$G")" = "$before" ] && [ "$(ls "$G/log")" = "$(ls "$T/g0/log")" ] ||
			fail "$e on $f: the game changed"
	done
done
# the same mail, once the fault is gone, is applied
fresh
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m1"
in_file "$T/out" "accepted"
cp -a "$G" "$T/g1"

# A file of seen.d/ that cannot be read: the mail sent again must wait,
# not be taken as new (it would be answered, or applied, twice). Not the
# same bytes, which are known by their hash first: the same Message-ID,
# which the side's file of seen.d/ holds (issue 20.8).
seen=$(grep -l 'm1@example.org' "$G"/seen.d/* | head -1)
[ -n "$seen" ] || fail "the accepted mail is in no file of seen.d/"
{ cat "$T/m1"; printf 'sent again\r\n'; } >"$T/m1-again"
rc=$(faulty "/seen.d/${seen##*/}" EIO "$T/m1-again")
[ "$rc" -eq 75 ] || { cat "$T/err"; fail "EIO on $seen: exit $rc, not 75"; }
in_file "$T/err" "seen.d/${seen##*/}"
[ "$(ls "$G/log")" = "$(ls "$T/g1/log")" ] || fail "EIO on seen.d/: a log entry was written"

# A committed journal that cannot be read: the files as they stand may be
# half a commit, so nothing is read past it.
sed 's/m1@/m2@/' "$T/m1" >"$T/m2"
rm -rf "$G"; cp -a "$T/g1" "$G"
n=1
while :; do
	rm -rf "$G"; cp -a "$T/g1" "$G"
	WW_CRASH_AT=$n "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m2" >/dev/null 2>&1 || :
	[ -e "$G/journal" ] && break
	n=$((n + 1))
	[ "$n" -lt 100 ] || fail "no step of the commit leaves GAME/journal"
done
cp -a "$G" "$T/gj"
rc=$(faulty /g/journal EIO)
[ "$rc" -eq 75 ] || { cat "$T/err"; fail "EIO on the journal: exit $rc, not 75"; }
in_file "$T/err" "journal"
[ -e "$G/journal" ] || fail "EIO on the journal: the journal went"

# A config that does not load (a typo) keeps the mail for a later try.
fresh
cp "$T/wwjudge.conf" "$T/good.conf"
printf 'smtp_pass = x\n' >>"$T/wwjudge.conf"
expect 75 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m1"
in_file "$T/err" "wwjudge.conf"
cp "$T/good.conf" "$T/wwjudge.conf"

# secret/mail.yaml lost from a game played by mail: refused, never reset
# (no passwords, entry 1's tokens, not paused), and verify names it.
rm -rf "$G"; cp -a "$T/g1" "$G"
in_file "$G/game.yaml" "mail_secrets: true"
rm "$G/secret/mail.yaml"
before=$(snapshot "$G")
expect 75 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m2"
in_file "$T/err" "game damaged: secret/mail.yaml is missing"
[ "$(snapshot "$G")" = "$before" ] && [ "$(ls "$G/log")" = "$(ls "$T/g1/log")" ] ||
	fail "a game without its secret/mail.yaml was changed"
expect 65 "$WW_BIN" verify "$G"
in_file "$T/out" "secret/mail.yaml is missing"
expect 74 "$WW_BIN" passwd "$G" --side american <"$T/am.pw"
in_file "$T/err" "secret/mail.yaml is missing"
[ ! -e "$G/secret/mail.yaml" ] || fail "passwd wrote a new secret/mail.yaml over the lost one"
# A game made before mail_secrets is known by its log: an accepted order
# that came by mail.
sed -i '/mail_secrets: true/d' "$G/game.yaml"
expect 75 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m2"
in_file "$T/err" "game damaged: secret/mail.yaml is missing"
# A game made without passwords and never played by mail has none.
expect 0 "$WW_BIN" new "$T/plain" --american a@example.org --british b@example.org --seed "$SEED"
expect 0 "$WW_BIN" verify "$T/plain"
not_in_file "$T/plain/game.yaml" "mail_secrets"

# game.yaml lost from a game's directory: the mail waits (before, it was
# dropped as a mail for no game).
rm -rf "$G"; cp -a "$T/g1" "$G"
rm "$G/game.yaml"
expect 75 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/m2"
in_file "$T/err" "game.yaml is missing"

# A damaged file of seen.d/ is named by verify, and so is a mail of the
# log that no file of seen.d/ holds any more.
rm -rf "$G"; cp -a "$T/g1" "$G"
expect 0 "$WW_BIN" verify "$G"
printf 'garbage\000line' >>"$seen"
expect 65 "$WW_BIN" verify "$G"
in_file "$T/out" "seen.d/${seen##*/} line"
rm "$seen"
expect 65 "$WW_BIN" verify "$G"
in_file "$T/out" "<m1@example.org> is not in seen.d/"

# The moderator's path too: a command done before is known by its line of
# seen.d/; when that file cannot be read the mail waits (75) rather than
# doing the command twice or saying it was done.
rm -rf "$G"; cp -a "$T/g1" "$G"
echo 'mod pass' | expect 0 "$WW_BIN" passwd --moderator
{ cat "$T/out"; echo 'moderator = mod@example.org'; } >>"$T/wwjudge.conf"
printf 'From: <mod@example.org>\nTo: judge@example.org\nSubject: m\nMessage-ID: <mod1@example.org>\nDate: Tue, 24 Nov 2026 11:00:00 +0000\n\n#moderator\npassword: mod pass\npause g\n#end\n' >"$T/mod1"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/mod1"
modseen=$(grep -l 'mod1@example.org' "$G"/seen.d/* | head -1)
[ -n "$modseen" ] || fail "the moderator's command is in no file of seen.d/"
before=$(snapshot "$G")
rc=$(faulty "/seen.d/${modseen##*/}" EIO "$T/mod1")
[ "$rc" -eq 75 ] || { cat "$T/out" "$T/err"; fail "EIO on the moderator's seen.d/ file: exit $rc, not 75"; }
in_file "$T/err" "seen.d/${modseen##*/}"
[ "$(snapshot "$G")" = "$before" ] || fail "EIO on the moderator's seen.d/ file changed the game"
