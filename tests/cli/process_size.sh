# Issue 11, "big mail": through the pipe, a mail over the limit exits 65
# with a line that the MTA bounces to the sender, naming the limit and the
# mail's real size (not the 2097153 bytes the judge stopped reading at);
# nothing is written.
. "$(dirname "$0")/lib.bash"
mkdir -p "$T/games"
new_game "$T/games/g"
cat >"$T/wwjudge.conf" <<CONF
games = games
judge = judge@example.org
CONF
{
	printf 'From: <us@example.org>\r\nTo: judge+g@example.org\r\nSubject: a photo\r\n'
	printf 'Message-ID: <photo@example.org>\r\n\r\n'
	head -c 3000000 /dev/zero | tr '\0' 'x' | fold -w 76 | sed 's/$/\r/'
} >"$T/photo.eml"
size=$(stat -c %s "$T/photo.eml")
before=$(snapshot "$T/games/g")
expect 65 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/photo.eml"
in_file "$T/err" "the mail is $size bytes; the judge reads mails of at most 2097152 bytes"
not_in_file "$T/err" "2097153"
[ "$(snapshot "$T/games/g")" = "$before" ] || fail "a mail over the limit changed the game"
