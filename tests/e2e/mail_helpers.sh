# The players' side of the mail, for the end-to-end tests (sourced by
# play.sh, tls.sh): reading mailboxes over IMAP, sending order mails by
# SMTP, and the game's log. Needs $T, $G, $CF, $DATE, $IMAP_PORT,
# $SMTP_PORT, $WW_BIN, e2e_password (servers.sh) and tests/cli/lib.bash.

# imap USER URL-SUFFIX [COMMAND]: one IMAP exchange as USER@example.test.
imap() {
	local u=$1 path=$2
	shift 2
	curl -sS --max-time 20 --url "imap://127.0.0.1:$IMAP_PORT/$path" \
		--user "$u@$E2E_DOMAIN:$(e2e_password "$u")" ${1:+-X "$1"}
}

uids() { imap "$1" INBOX "UID SEARCH ALL" | tr -d '\r' | sed -n 's/^\* SEARCH//p' | tr ' ' '\n' | sed '/^$/d'; }
count() { uids "$1" | wc -l; }

# wait_mail USER N: until USER's mailbox holds N messages (20 s at most).
wait_mail() {
	local i n=0
	for i in $(seq 1 200); do
		n=$(count "$1")
		[ "$n" -ge "$2" ] && return 0
		sleep 0.1
	done
	tail -n 20 "$E2E_DIR/postfix.log" >&2
	fail "$1@$E2E_DOMAIN has $n messages after 20 s, expected $2"
}

# last_mail USER FILE: USER's newest message into FILE, CRs removed.
last_mail() {
	local u
	u=$(uids "$1" | tail -n 1)
	imap "$1" "INBOX;UID=$u" | tr -d '\r' >"$2"
}

# token_of FILE: the token in the Reply-To (judge+g1-SIDE-TOKEN@...).
token_of() { sed -n 's/^Reply-To:.*judge+g1-[a-z]*-\([0-9a-f]*\)@.*/\1/p' "$1"; }

# order_mail FROM TO-SIDE TOKEN MSGID PASSWORD ORDER...: one order mail
# into $T/mail-MSGID.eml.
order_mail() {
	local from=$1 side=$2 token=$3 id=$4 pw=$5
	shift 5
	{
		printf 'From: Player <%s>\r\nTo: judge+g1-%s-%s@example.test\r\n' "$from" "$side" "$token"
		printf 'Subject: Re: g1\r\nMessage-ID: <%s@example.test>\r\nDate: %s\r\n' "$id" "$DATE"
		printf 'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n'
		printf 'Here are my orders.\r\n\r\n#orders\r\npassword: %s\r\n' "$pw"
		printf '%s\r\n' "$@"
		printf '#end\r\n\r\n-- \r\nsent from a test\r\n'
	} >"$T/mail-$id.eml"
}

# order FROM TO-SIDE TOKEN MSGID PASSWORD ORDER...: that mail, sent by SMTP.
order() {
	order_mail "$@"
	send_file "$1" "judge+g1-$2-$3@example.test" "$T/mail-$4.eml"
}

send_file() {
	curl -sS --max-time 20 --url "smtp://127.0.0.1:$SMTP_PORT" --mail-from "$1" \
		--mail-rcpt "$2" --upload-file "$3" || fail "SMTP to 127.0.0.1:$SMTP_PORT refused $3"
}

entries() { find "$G/log" -name '*.yaml' | wc -l; }
# later: the judge's clock (WW_NOW) an hour on, as if the players wrote
# no faster than the cap on the judge's answers (one an hour per sender).
E2E_HOURS=0
later() { E2E_HOURS=$((E2E_HOURS + 1)); export WW_NOW=$(($(date +%s) + E2E_HOURS * 3601)); }
poll() { later; expect "${1:-0}" "$WW_BIN" poll --config "$CF"; }

# example_of FILE: the order the mail's own order block offers.
example_of() { sed -n '/^token: /{n;p;q}' "$1"; }
# asked_of FILE: whether the mail asks its reader for an order now (the
# announcement's subject is "the game as it stands" for both sides, so the
# text part's own words are read).
asked_of() { grep -q 'The order in it is one you may give now' "$1"; }
