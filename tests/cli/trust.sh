# Issue 20, points 2, 6, 7 and 8, as the hostile player did them through
# `wwjudge process`: a "# moderator" line in a player's answer (his
# opponent's note put it there) no longer drops his orders; a password
# typed on the token:, side: or a "password crown" line, or given to the
# moderator's "password GAME NEWPW" without the side, is written nowhere;
# twenty forged From addresses get one answer, and a flood of wrong
# passwords costs at most ten Argon2id hashes an hour; one side's
# Message-ID does not make the other's mail "already processed", and a
# real duplicate is answered. TRUST_POINTS="2 8" runs some of them only.
. "$(dirname "$0")/lib.bash"
SEED=1776177617761776177617761776177617761776177617761776177617761776
export WW_PWHASH=test
NOW=1900000000
COMMITTEES_1776="committees Concord NH, Barnstable MA, Providence RI, New London CT, New York NY, Trenton NJ, Bassett Town PA, Wilmington DE, Annapolis MD, Petersburg VA, New Bern NC, Georgetown SC, St. Mary's GA"

# A new game g with a moderator (umpire@example.org, password "umpire"),
# announced: $AM and $BR are the players' Reply-To addresses.
fresh() {
	rm -rf "$T/games"
	printf 'umpire\n' | expect 0 "$WW_BIN" passwd --moderator
	mail_game "$SEED" "board = none
moderator = umpire@example.org
$(grep moderator_password_hash "$T/out")"
	expect 0 "$WW_BIN" announce "$G" --config "$T/wwjudge.conf"
	AM=$(reply_to american announce-american) BR=$(reply_to british announce-british)
}

# The Reply-To of the last outbox mail whose name ends in .SUFFIX.
reply_to() {
	local f
	f=$(ls "$G"/outbox/new/*."$2" | tail -1)
	sed -n "s/^Reply-To: <\(judge+g-$1-[0-9a-f]*@example.org\)>.*/\1/p" "$f" | tr -d '\r'
}

# mail FROM TO ID BODY-LINE...: the mail, CRLF, in $T/mail.eml; processed
# at $NOW.
mail() {
	local from=$1 to=$2 id=$3
	shift 3
	{
		printf 'From: <%s>\r\nTo: <%s>\r\nSubject: orders\r\nMessage-ID: <%s>\r\n' \
			"$from" "$to" "$id"
		printf 'Date: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n'
		printf '%s\r\n' "$@"
	} >"$T/mail.eml"
	WW_NOW=$NOW expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/mail.eml"
}

# The password "crown" is in no file of the game, nor on stderr.
nowhere() {
	if grep -rqF -- "$1" "$G"; then
		grep -rlF -- "$1" "$G"
		fail "'$1' was written into the game"
	fi
	grep -qF -- "$1" "$T/err" && fail "'$1' was written on stderr"
	grep -qF -- "$1" "$T/out" && fail "'$1' was written on stdout (the status line)"
	true
}

# 2: the American answers the British report without quoting it, and a
# line of the British note in it reads "# moderator": his orders are read.
point2() {
	fresh
	mail washington@example.org "$AM" am1@players.example "#orders" "password: liberty" \
		"$COMMITTEES_1776" "#end" "" "Your note said:" "# moderator" "pause g" "#end"
	in_file "$T/out" "the American orders are accepted"
	in_file "$G/game.yaml" "move: 1"
	not_in_file "$G/secret/mail.yaml" "paused: true"
	in_file "$(ls "$G"/outbox/new/*.american | tail -1)" "The mail's '#moderator' block was not read"
	not_in_file "$(ls "$G"/outbox/new/*.british | tail -1)" "#moderator"
	# the moderator's own block still works
	mail umpire@example.org judge@example.org mod1@umpire.example "#moderator" \
		"password: umpire" "pause g" "#end"
	in_file "$G/secret/mail.yaml" "paused: true"
}

# 6: a password where it does not belong is refused, and written nowhere.
point6() {
	fresh
	NOW=$((NOW + 3600))
	mail north@example.org judge@example.org s1@players.example "#orders" "game: g" \
		"side: crown" "password: crown" "pass" "#end"
	nowhere crown
	in_file "$(ls "$G"/outbox/new/*.reply-british | tail -1)" "the 'side:' line names no side"
	mail washington@example.org "$AM" t1@players.example "#orders" "password: liberty" \
		"token: liberty" "$COMMITTEES_1776" "#end"
	nowhere liberty
	in_file "$(ls "$G"/outbox/new/*.reply-american | tail -1)" "the token given is not a token"
	NOW=$((NOW + 3600))
	mail washington@example.org "$AM" p1@players.example "#orders" "password liberty" \
		"$COMMITTEES_1776" "#end"
	nowhere liberty
	in_file "$(ls "$G"/outbox/new/*.reply-american | tail -1)" "begins like a password line"
	mail washington@example.org "$AM" p2@players.example "#orders" "password: liberty" \
		"$COMMITTEES_1776 liberty" "#end"
	nowhere liberty
	in_file "$(ls "$G"/outbox/new/*.reply-american | tail -1)" "a line of the orders holds your password"
	mail umpire@example.org judge@example.org mod2@umpire.example "#moderator" \
		"password: umpire" "password g hunter2" "#end"
	nowhere hunter2
	in_file "$(ls "$G"/outbox/new/mod-*.refused | tail -1)" "names no side of this game"
}

# 7: twenty forged From addresses, one answer; a flood of wrong passwords
# from the player's own address, ten hashes; the player, with his token,
# still plays; a forged Message-ID's escapes reach neither stderr nor a mail.
point7() {
	fresh
	NOW=$((NOW + 7200))
	local before i
	before=$(ls "$G"/outbox/new | wc -l)
	for i in $(seq 1 20); do
		mail "forger$i@evil.example" "$AM" "f$i@evil.example" "#orders" "password: guess" \
			"pass" "#end"
	done
	[ "$(ls "$G"/outbox/new | wc -l)" -eq $((before + 1)) ] ||
		fail "20 forged senders got $(($(ls "$G"/outbox/new | wc -l) - before)) answers"
	for i in $(seq 1 14); do
		mail washington@example.org judge@example.org "h$i@evil.example" "#orders" \
			"game: g" "side: american" "password: guess$i" "pass" "#end"
	done
	[ "$(grep -c ' hash ' "$G/answered")" -eq 10 ] || { cat "$G/answered"; fail "not 10 hashes"; }
	in_file "$T/out" "the password was not checked"
	# without the token, the player is asked for it; with it, he plays
	mail washington@example.org judge@example.org own1@players.example "#orders" \
		"game: g" "side: american" "password: liberty" "$COMMITTEES_1776" "#end"
	in_file "$T/out" "the password was not checked"
	mail washington@example.org "$AM" own2@players.example "#orders" "password: liberty" \
		"$COMMITTEES_1776" "#end"
	in_file "$T/out" "the American orders are accepted"
	NOW=$((NOW + 3600))
	printf 'From: <x@evil.example>\r\nTo: <%s>\r\nSubject: x\r\nMessage-ID: <a\033[31mb\033]0;owned\007@evil.example>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#orders\r\npassword: x\r\npass\r\n#end\r\n' \
		"$BR" >"$T/esc.eml"
	WW_NOW=$NOW expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/esc.eml"
	grep -q $'\033\|\007' "$T/err" "$T/out" && fail "a control character of the Message-ID reached stderr or stdout"
	grep -lq $'\033\|\007' "$G"/outbox/new/* && fail "a control character of the Message-ID reached a mail"
	in_file "$(ls "$G"/outbox/new/*.reply-british | tail -1)" "In-Reply-To: <a_[31mb_]0;owned_@evil.example>"
}

# 8: the British mail with the Message-ID of the American's accepted one
# is read; the same British Message-ID again is answered "already
# processed", once.
point8() {
	fresh
	mail washington@example.org "$AM" same@players.example "#orders" "password: liberty" \
		"$COMMITTEES_1776" "#end"
	in_file "$T/out" "the American orders are accepted"
	BR=$(reply_to british british)
	mail north@example.org "$BR" same@players.example "#orders" "password: crown" \
		"for-the-king Falmouth MA, Yorktown VA, Charlotte NC" "#end"
	in_file "$T/out" "the British orders are accepted"
	local entries
	entries=$(ls "$G/log" | wc -l)
	mail north@example.org "$BR" same@players.example "#orders" "password: crown" \
		"for-the-king Falmouth MA, Yorktown VA, Charlotte NC" "#end" "again"
	in_file "$T/out" "already processed"
	[ "$(ls "$G/log" | wc -l)" -eq "$entries" ] || fail "a duplicate was logged"
	in_file "$(ls "$G"/outbox/new/dup-*.british)" "was processed before"
	# the same bytes again: the player had his answer
	WW_NOW=$NOW expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/mail.eml"
	[ "$(ls "$G"/outbox/new/dup-*.british | wc -l)" -eq 1 ] || fail "a duplicate answered twice"
	expect 0 "$WW_BIN" verify "$G" --replay
}

for p in ${TRUST_POINTS:-2 6 7 8}; do
	"point$p"
done
