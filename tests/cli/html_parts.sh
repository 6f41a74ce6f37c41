# Issue 22.2: the HTML part of a report mail has the text part's
# headings, in the same order, and its lines. Real mails of every game,
# as `order --config` and `process` write them (with events, with a
# note, with the guide, once the game is over), read by an independent
# MIME and HTML parser (python3's email and html.parser): every heading
# of the page is one whole line of the text at the margin, every other
# block of the page whole lines of the text, in order, nothing left
# over; the headings are the game's sections; in Skirmish's board no
# heading swallows a piece or stops mid-sentence.
. "$(dirname "$0")/lib.bash"
SK_DATA="$(cd "$(dirname "$0")/../../data/skirmish" && pwd)"
export WW_PWHASH=test
mkdir -p "$T/games"
printf 'liberty\n' >"$T/am.pw"
printf 'games = %s/games\njudge = judge@example.org\n' "$T" >"$T/wwjudge.conf"
C="$T/wwjudge.conf"

cat >"$T/check.py" <<'EOF'
import sys, email, re
from email import policy
from html.parser import HTMLParser

BLOCKS = {"h2", "p", "div", "tr", "pre"}

class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks, self.buf, self.cells, self.inpre, self.body = [], "", 0, False, False
    def handle_starttag(self, tag, attrs):
        self.body |= tag == "body"
        if tag == "tr":
            self.cells = 0
        if tag == "td":
            self.cells += 1
            if self.cells > 1:
                self.buf += ": "
        self.inpre |= tag == "pre"
    def handle_endtag(self, tag):
        if tag in BLOCKS:
            self.add(tag == "h2")
        self.inpre &= tag != "pre"
    def handle_data(self, data):
        if not self.body:
            return
        if self.inpre and "\n" in data:
            parts = data.split("\n")
            for part in parts[:-1]:
                self.buf += part
                self.add(False)
            self.buf += parts[-1]
        else:
            self.buf += data
    def add(self, heading):
        line = norm(self.buf.replace("\u2022\u00a0", "- "))
        self.buf = ""
        if line:
            self.blocks.append((heading, line))

def norm(s):
    return re.sub(r" +", " ", s.replace("\r", "")).strip()

def check(path, sections):
    m = email.message_from_binary_file(open(path, "rb"), policy=policy.default)
    parts = {p.get_content_type(): p.get_content() for p in m.walk()
             if p.get_content_type() in ("text/plain", "text/html")}
    text = [(len(l) - len(l.lstrip(" ")), norm(l)) for l in parts["text/plain"].split("\n")]
    text = [(i, l) for i, l in text if l]
    page = Page()
    page.feed(parts["text/html"])
    t = 0
    for heading, want in page.blocks:
        first, got = t, ""
        while t < len(text) and want.startswith((got + " " if got else "") + text[t][1]):
            got = (got + " " if got else "") + text[t][1]
            t += 1
            if got == want:
                break
        if got != want:
            sys.exit("%s: the HTML's %s %r is not whole lines of the text, which has %r there"
                     % (path, "heading" if heading else "line", want,
                        text[first][1] if first < len(text) else None))
        if heading and (t != first + 1 or text[first][0]):
            sys.exit("%s: the heading %r is not one line of the text at the margin" % (path, want))
    if t != len(text):
        sys.exit("%s: the text's line %r is not in the HTML" % (path, text[t][1]))
    headings = [l for h, l in page.blocks if h]
    k = 0
    for h in headings:
        while k < len(sections) and not h.startswith(sections[k]):
            k += 1
        if k == len(sections):
            sys.exit("%s: a heading that is no section, or out of order: %r" % (path, h))
    return headings

game, want = sys.argv[1], sys.argv[2]
sections = {"skirmish": ["What happened", "The board", "The lines from the spots held",
                         "What you can do now"],
            "ww": ["What happened", "The board", "Tracks", "Boxes", "Cards", "Your hand (",
                   "What you can do now", "Your standing orders"],
            "tq": ["What happened", "British forces", "Continental forces", "Boxes and tracks",
                   "What you can do now"]}[game]
for path in sys.argv[3:]:
    got = check(path, sections)
    if want and got != want.split("|"):
        sys.exit("%s: headings %r, not %r" % (path, got, want.split("|")))
print("ok")
EOF

# check GAME HEADINGS MAIL...: HEADINGS "A|B|..." exactly, or "" for any
# of the game's sections in order.
check() { python3 "$T/check.py" "$@" >"$T/out" 2>&1 || { cat "$T/out"; fail "$3: the parts differ"; }; }
outbox() { ls "$T/games/$1/outbox/new/"*."$2" | tail -1; }
# by_mail GAME SIDE ID NOTE ORDER: us@example.org's mail to the side's
# Reply-To with a note (CRLF-separated lines) and one order, processed.
by_mail() {
	local reply rc=0
	reply=$(sed -n 's/^Reply-To: <\(judge+[^>]*\)>.*/\1/p' "$(outbox "$1" "$2")" | tr -d '\r')
	printf 'From: <us@example.org>\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <%s@players.test>\r\nDate: Tue, 3 Mar 2026 10:00:00 +0000\r\n\r\n#note\r\n%b\r\n#end\r\n#orders\r\npassword: liberty\r\n%s\r\n#end\r\n' \
		"$reply" "$3" "$4" "$5" >"$T/mail-$3"
	"$WW_BIN" process --config "$C" <"$T/mail-$3" >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" -eq 0 ] || { cat "$T/out" "$T/err"; fail "process: exit $rc"; }
}

# Skirmish: the declaration's events to both sides, the American asked.
expect 0 "$WW_BIN" new "$T/games/s" --game skirmish --american us@example.org \
	--british uk@example.org --seed "$SEED" --data "$SK_DATA" \
	--american-password-file "$T/am.pw"
expect 0 "$WW_BIN" order "$T/games/s" --as british --config "$C" "declare Boston"
SK="What happened|The board|The lines from the spots held|What you can do now"
check skirmish "$SK" "$(outbox s american)" "$(outbox s british)"
# with a note, by mail
by_mail s american n1 'Hold Boston - all of it.\r\n\r\n# and the harbour' \
	"move Saratoga - Albany - West Point - Morristown"
in_file "$(outbox s british)" "    | Hold Boston - all of it."
check skirmish "$SK" "$(outbox s american)" "$(outbox s british)"

# Tarleton's Quarter!: 17.1's militia placed (6.5), then a note and the
# next placement by mail.
expect 0 "$WW_BIN" new "$T/games/t" --game tarletons-quarter --scenario 17.1 \
	--british uk@example.org --continental us@example.org --seed "$SEED" \
	--continental-password-file "$T/am.pw"
expect 0 "$WW_BIN" order "$T/games/t" --as continental --config "$C" "place 1 Ga militia at G1"
TQ="What happened|British forces|Continental forces|Boxes and tracks|What you can do now"
check tq "$TQ" "$(outbox t continental)" "$(outbox t british)"
by_mail t continental t1 'The Carolinas rise.' "place 2 SC militia at S5"
in_file "$(outbox t british)" "    | The Carolinas rise."
check tq "$TQ" "$(outbox t continental)" "$(outbox t british)"

# Washington's War: the Committees, then the opening, then a resignation.
expect 0 "$WW_BIN" new "$T/games/w" --american us@example.org --british uk@example.org \
	--seed "$SEED"
expect 0 "$WW_BIN" order "$T/games/w" --as american --config "$C" "$COMMITTEES"
check ww "" "$(outbox w american)" "$(outbox w british)"
expect 0 "$WW_BIN" order "$T/games/w" --as british --config "$C" "for-the-king"
check ww "" "$(outbox w american)" "$(outbox w british)"
expect 0 "$WW_BIN" order "$T/games/w" --as british --config "$C" "resign"
check ww "What happened|The board|Tracks|Boxes|Cards|Your hand (7)|What you can do now" \
	"$(outbox w american)"
check ww "" "$(outbox w british)"
in_file "$(outbox w american)" "The secret seed, revealed now that the game is over:"
echo ok
