# contrib/: each example is exercised as far as this machine allows: the
# sample config loads, every wwjudge command line in them runs, the
# procmail recipe's command processes a mail, the Postfix entries parse
# with postconf/postmap, the systemd units pass systemd-analyze verify.
. "$(dirname "$0")/lib.bash"
C="$(cd "$(dirname "$0")/../../contrib" && pwd)"
PATH="$PATH:/usr/sbin:/sbin"

# The sample config loads (an empty games directory: nothing to send).
mkdir -p "$T/games"
expect 0 "$WW_BIN" send --config "$C/wwjudge.conf" --games "$T/games"
expect 0 "$WW_BIN" remind --config "$C/wwjudge.conf" --games "$T/games"

# Every "wwjudge SUBCOMMAND" in contrib/ names a real subcommand, and the
# options given to it are accepted (--help stops before any work).
grep -rhoE '/usr/local/bin/wwjudge [a-z-]+' "$C" | sort -u | while read -r _ sub; do
	expect 0 "$WW_BIN" "$sub" --help
done

# The procmail recipe's command: a mail for no game is dropped with exit 0
# (an MTA would otherwise bounce it), with the config from contrib.
sed -e "s|^games = .*|games = $T/games|" "$C/wwjudge.conf" >"$T/conf"
cmd=$(sed -n 's/^| //p' "$C/procmailrc")
[ -n "$cmd" ] || fail "no command in contrib/procmailrc"
cmd=${cmd//\/usr\/local\/bin\/wwjudge/$WW_BIN}
cmd=${cmd//\/etc\/wwjudge\/wwjudge.conf/$T/conf}
printf 'From: a@example.org\nTo: judge+nogame-american-00@example.org\nSubject: x\nMessage-ID: <x@y>\n\n#orders\n#end\n' |
	expect 0 bash -c "$cmd"
in_file "$T/err" "no game 'nogame'"

# The cron lines: five time fields, then the command.
grep -v '^#' "$C/crontab" | grep -E '^[0-9*]' | while read -r m h dom mon dow cmd; do
	[ -n "$cmd" ] || fail "crontab line without a command"
	case "$cmd" in /usr/local/bin/wwjudge\ *) ;; *) fail "crontab runs '$cmd'" ;; esac
done

# Postfix: the pipe entry and the transport map parse.
if command -v postconf >/dev/null && command -v postmap >/dev/null; then
	mkdir -p "$T/pf"
	printf 'compatibility_level = 3.6\n' >"$T/pf/main.cf"
	grep -v '^#' "$C/postfix/master.cf" >"$T/pf/master.cf"
	postconf -c "$T/pf" -M wwjudge/unix >"$T/out" 2>"$T/err" || fail "postconf: $(cat "$T/err")"
	in_file "$T/out" "argv=/usr/local/bin/wwjudge process --config"
	[ "$(postmap -c "$T/pf" -q judge@example.org "texthash:$C/postfix/transport")" = "wwjudge:" ] ||
		fail "the transport map does not route judge@example.org to wwjudge:"
else
	echo "postfix checks skipped: postconf is not installed"
fi

# systemd: the units verify (with a binary that exists here).
if command -v systemd-analyze >/dev/null; then
	mkdir -p "$T/sd"
	for u in "$C"/systemd/*; do
		sed "s|/usr/local/bin/wwjudge|$WW_BIN|" "$u" >"$T/sd/$(basename "$u")"
	done
	systemd-analyze verify "$T/sd/wwjudge-poll.service" "$T/sd/wwjudge-poll.timer" \
		>"$T/out" 2>&1 || { cat "$T/out"; fail "systemd-analyze verify"; }
else
	echo "systemd checks skipped: systemd-analyze is not installed"
fi
