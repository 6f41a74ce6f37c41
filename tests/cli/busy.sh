# Issue 27.4: a busy game does not stall the others. With contrib's
# `maxproc 1` Postfix delivers one judge mail at a time, so `process`
# waiting for a held lock would hold every other game's mail behind it.
# On the delivery path it exits 75 at once (Postfix tries again later),
# and the mail of another game goes through meanwhile.
. "$(dirname "$0")/lib.bash"
mail_game "$SEED" 'board = none'
expect 0 "$WW_BIN" new "$T/games/h" --american washington@example.org \
	--british north@example.org --seed "$SEED" \
	--american-password-file "$T/am.pw" --british-password-file "$T/br.pw"
for g in g h; do
	expect 0 "$WW_BIN" announce "$T/games/$g" --config "$T/wwjudge.conf"
	reply=$(sed -n "s/^Reply-To: <\(judge+$g-american-[0-9a-f]*@example.org\)>.*/\1/p" \
		"$T/games/$g"/outbox/new/*.announce-american | tr -d '\r')
	printf 'From: washington@example.org\nTo: %s\nSubject: x\nDate: Tue, 24 Nov 2026 10:00:00 +0000\nMessage-ID: <%s1@y>\n\n#orders\npassword: liberty\n%s\n#end\n' \
		"$reply" "$g" "$COMMITTEES" >"$T/$g.eml"
done

exec 9>"$G/lock"
flock 9
start=$(date +%s%N)
expect 75 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/g.eml"
ms=$((($(date +%s%N) - start) / 1000000))
in_file "$T/err" "the game is busy"
[ "$ms" -lt 2000 ] || fail "process waited ${ms} ms for a held lock before its 75"
# the other game is not held up
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/h.eml"
in_file "$T/out" "accepted"
exec 9>&-
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/g.eml"
in_file "$T/out" "accepted"
