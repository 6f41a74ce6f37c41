# Issue 20.1, "a note can never rewrite the other side's mail", as the
# hostile player tried it through `wwjudge process`: a note holding the
# report's MIME boundaries (the game's name and the move are known), an
# HTML part of its own, a fake order block with a token and a fake
# resignation; then a note of one line of 3,000 octets (1,000 CJK
# characters). In Skirmish and in Washington's War alike, an independent
# MIME parser (python3's email) reads the opponent's mail: one text part
# and the judge's own HTML part and board, every line of the note behind
# "    | ", no line longer than 998 octets.
. "$(dirname "$0")/lib.bash"
SK_DATA="$(cd "$(dirname "$0")/../../data/skirmish" && pwd)"
export WW_PWHASH=test
mkdir -p "$T/games"
printf 'liberty\n' >"$T/am.pw"
printf 'crown\n' >"$T/br.pw"
printf 'games = %s/games\njudge = judge@example.org\n' "$T" >"$T/wwjudge.conf"

# reply_to MAIL: the token address of the judge's mail
reply_to() { sed -n 's/^Reply-To: <\(judge+[^>]*\)>.*/\1/p' "$1" | tr -d '\r'; }

# mail FROM TO ID PASSWORD ORDER NOTE-LINE...: an order mail with a note
mail() {
	local from=$1 to=$2 id=$3 pw=$4 order=$5; shift 5
	printf 'From: <%s>\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <%s@players.test>\r\n' \
		"$from" "$to" "$id"
	printf 'Date: Tue, 3 Mar 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n'
	printf '#note\r\n'
	printf '%s\r\n' "$@"
	printf '#end\r\n#orders\r\npassword: %s\r\n%s\r\n#end\r\n' "$pw" "$order"
}

# longest GAME MOVE: the text part's boundary as the judge lengthened it
# once the text held it ("=_wa.GAME.MOVE_=_=..."), at its longest, 70
# characters: a line holding it holds every shorter one too.
longest() {
	local b="=_wa.$1.$2"
	while [ $((${#b} + 2)) -le 70 ]; do b="${b}_="; done
	printf '%s' "$b"
}

# hostile GAME SIDE-NAME: the note's lines. Every boundary the next
# report could have (the moves to come), the sender's own HTML, a fake
# order block ('#<TAB>orders' is no marker, so it stays in the note) and
# the judge's words.
hostile() {
	local m
	for m in 3 2 1; do printf -- '--%s\n' "$(longest "$1" "$m")"; done
	printf 'Content-Type: text/html; charset=utf-8\n\n'
	printf '<html><body><p>Mail me your password</p><img src="http://evil.example/t.png"></body></html>\n'
	printf -- '--%s--\n' "$(longest "$1" 1)"
	printf '#\torders\ntoken: 0123456789abcdef\nresign\n#\tend\n'
	printf 'Game %s: the %s player has resigned.\n' "$1" "$2"
}

cjk() { python3 -c 'print("\u6f22" * 1000, end="")'; }

cat >"$T/check.py" <<'EOF'
# check.py MAIL: the judge's mail as an independent MIME parser reads it.
import email, email.policy, sys, unicodedata
raw = open(sys.argv[1], "rb").read()
bad = [n for n, l in enumerate(raw.split(b"\r\n"), 1) if len(l) > 998]
assert not bad, "lines longer than 998 octets: %s" % bad[:5]
msg = email.message_from_bytes(raw, policy=email.policy.default)
assert msg.get_content_type() == "multipart/mixed", msg.get_content_type()
assert not msg.defects, msg.defects
parts = [(p.get_content_type(), p) for p in msg.walk()]
kinds = [k for k, _ in parts]
assert kinds == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html",
                 "image/png"], kinds
for _, p in parts:
    assert not p.defects, p.defects
text = parts[2][1].get_content()
html = parts[3][1].get_content()
png = parts[4][1].get_content()
assert png[:8] == b"\x89PNG\r\n\x1a\n", "the board is not the judge's PNG"
# the judge's page: the board by its Content-ID, the note as escaped text
assert 'src="cid:board.' in html, "the HTML part is not the judge's page"
assert "evil.example/t.png\">" not in html and "<img src=\"http" not in html, html
assert "<p>Mail me" not in html
assert "Mail me" not in text or "&lt;p&gt;Mail me your password&lt;/p&gt;" in html
# every line that holds a word of the note is behind "    | "
lines = text.splitlines()
heading = [l for l in lines if l.endswith(" player writes:") or
           l.startswith("  Your note to the ")]
assert len(heading) == 1, "no one heading names the note's writer"
marks = ("=_w", "Mail me", "0123456789abcdef", "\u6f22", "evil.example", "has resigned",
         "Content-Type", "# orders", "# end")
for l in lines:
    assert l.startswith("    |") or not any(m in l for m in marks), \
        "a line of the note is not framed: %r" % l
framed = [l for l in lines if l.startswith("    |")]
width = lambda l: sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l)
assert all(width(l) <= 72 for l in framed), "a note line wider than 72 columns"
print(len(framed))
EOF

# check MAIL MIN: the mail passes check.py with at least MIN framed lines
check() {
	local n
	n=$(python3 "$T/check.py" "$1") || { cat "$1"; fail "$1 does not read as the judge's mail"; }
	[ "$n" -ge "$2" ] || fail "$1: $n framed lines, expected at least $2"
}

# Skirmish: the British declares (I.B) with the hostile note, the American
# moves (I.C) with the 3,000-octet line; each opponent's report is read.
S="$T/games/s"
expect 0 "$WW_BIN" new "$S" --game skirmish --american us@example.org \
	--british uk@example.org --american-password-file "$T/am.pw" \
	--british-password-file "$T/br.pw" --seed "$SEED" --data "$SK_DATA"
expect 0 "$WW_BIN" announce "$S" --config "$T/wwjudge.conf"
mapfile -t note < <(hostile s British)
mail uk@example.org "$(reply_to "$S/outbox/new/000001.announce-british")" s1 crown \
	"declare Boston" "${note[@]}" >"$T/s1.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/s1.eml"
in_file "$T/out" "the British orders are accepted"
in_file "$S/outbox/new/000002.american" "  The British player writes:"
check "$S/outbox/new/000002.american" 14
check "$S/outbox/new/000002.british" 14
mail us@example.org "$(reply_to "$S/outbox/new/000002.american")" s2 liberty \
	"move Saratoga - Albany - West Point - Morristown" "$(cjk)" >"$T/s2.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/s2.eml"
in_file "$T/out" "the American orders are accepted"
check "$S/outbox/new/000003.british" 16

# Washington's War: the American's Committees of Correspondence with the
# hostile note, the British's For The King with the 3,000-octet line.
W="$T/games/w"
expect 0 "$WW_BIN" new "$W" --american us@example.org --british uk@example.org \
	--american-password-file "$T/am.pw" --british-password-file "$T/br.pw" --seed "$SEED"
expect 0 "$WW_BIN" announce "$W" --config "$T/wwjudge.conf"
mapfile -t note < <(hostile w American)
mail us@example.org "$(reply_to "$W/outbox/new/000001.announce-american")" w1 liberty \
	"$COMMITTEES" "${note[@]}" >"$T/w1.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/w1.eml"
in_file "$T/out" "the American orders are accepted"
check "$W/outbox/new/000002.british" 14
british=$(ls "$W/outbox/new" | grep '^[0-9]*\.british$' | tail -1)
mail uk@example.org "$(reply_to "$W/outbox/new/$british")" w2 crown \
	"for-the-king New York, Savannah, Baltimore" "$(cjk)" >"$T/w2.eml"
expect 0 "$WW_BIN" process --config "$T/wwjudge.conf" <"$T/w2.eml"
in_file "$T/out" "the British orders are accepted"
check "$(ls "$W"/outbox/new/*.american | tail -1)" 16
