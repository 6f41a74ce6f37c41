# Issue 22.4: `replay --archive` goes to the end of a game played by mail
# in which the moderator paused, resumed, changed an address and rolled
# back on the command line. Those entries are in no mail: the replay
# applies them from the log (the moderator's, as they were given), says
# so in its summary, and compares every entry and mail byte for byte.
. "$(dirname "$0")/lib.bash"
mail_game 1776177617761776177617761776177617761776177617761776177617761776 'board = none'
C="$T/wwjudge.conf"
expect 0 "$WW_BIN" announce "$G" --config "$C"
: >"$T/archive.mbox"
n=0

# mail SIDE FROM PASSWORD ORDER: an order mail to the side's last Reply-To,
# processed and kept in the archive
mail() {
	local side=$1 from=$2 pw=$3 order=$4 reply
	n=$((n + 1))
	reply=$(sed -n "s/^Reply-To: <\(judge+g-$side-[0-9a-f]*@example.org\)>.*/\1/p" \
		$(ls "$G"/outbox/new/*"$side" | sort | tail -1) | tr -d '\r')
	[ -n "$reply" ] || fail "no Reply-To for the $side player"
	printf 'From: <%s>\nTo: %s\nSubject: move\nMessage-ID: <m%d@example.org>\nDate: Tue, 3 Mar 2026 10:%02d:00 +0000\n\n#orders\npassword: %s\n%s\n#end\n' \
		"$from" "$reply" "$n" "$n" "$pw" "$order" >"$T/m$n"
	expect 0 "$WW_BIN" process --config "$C" <"$T/m$n"
	{ echo "From $from Tue Mar  3 10:00:00 2026"; cat "$T/m$n"; echo; } >>"$T/archive.mbox"
}

mail american washington@example.org liberty "committees Concord NH, Barnstable MA, Providence RI, New London CT, New York NY, Trenton NJ, Bassett Town PA, Wilmington DE, Annapolis MD, Petersburg VA, New Bern NC, Georgetown SC, St. Mary's GA"
mail british north@example.org crown "for-the-king Falmouth MA, Yorktown VA, Charlotte NC"
expect 0 "$WW_BIN" pause "$G" --config "$C"
mail british north@example.org crown "pass"          # refused: paused
in_file "$T/out" "paused"
expect 0 "$WW_BIN" resume "$G" --config "$C"
expect 0 "$WW_BIN" address "$G" --side british howe@example.org --config "$C"
mail british howe@example.org crown "pass"
mail american washington@example.org liberty "first american"
expect 0 "$WW_BIN" rollback "$G" --to 3 --config "$C"
expect 0 "$WW_BIN" order "$G" --as american --config "$C" "first american"
mail american washington@example.org liberty "play 57 pc Sunbury GA, Long Island NY, Augusta GA"
in_file "$G/log/000012.yaml" "play 57"

expect 0 "$WW_BIN" replay "$G" --archive "$T/archive.mbox" --config "$C"
in_file "$T/out" "the record is what the archive gives"
in_file "$T/out" "log/000004.yaml: from the command line (# moderator: the game is paused)"
in_file "$T/out" "log/000006.yaml: from the command line (# moderator: the game is resumed)"
in_file "$T/out" "log/000007.yaml: from the command line (# moderator: the British address is now howe@example.org (was north@example.org))"
in_file "$T/out" "log/000010.yaml: from the command line (# rollback from move 4 to move 3 by command line)"
in_file "$T/out" "log/000011.yaml: from the command line (first american)"
in_file "$T/out" "5 entries given on the command line"

# What makes a replay impossible says so when it is given: a password
# changed once the game has begun (no entry logs it), a pause without a
# config (nor that)
printf 'rule britannia\n' | expect 0 "$WW_BIN" passwd "$G" --side british
in_file "$T/out" "cannot replay the British mails written before this change"
expect 0 "$WW_BIN" pause "$G"
in_file "$T/out" "Without a config it is not logged"
true
