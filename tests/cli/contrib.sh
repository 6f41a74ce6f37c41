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
in_file "$T/out" "no game 'nogame'"

# The cron lines: five time fields, then the command.
grep -v '^#' "$C/crontab" | grep -E '^[0-9*]' | while read -r m h dom mon dow cmd; do
	[ -n "$cmd" ] || fail "crontab line without a command"
	case "$cmd" in /usr/local/bin/wwjudge\ *) ;; *) fail "crontab runs '$cmd'" ;; esac
done

# Postfix: the pipe entry and the transport map parse.
command -v postconf >/dev/null && command -v postmap >/dev/null ||
	fail "postconf and postmap are missing (tools/deps.sh installs postfix)"
mkdir -p "$T/pf"
printf 'compatibility_level = 3.6\n' >"$T/pf/main.cf"
grep -v '^#' "$C/postfix/master.cf" >"$T/pf/master.cf"
postconf -c "$T/pf" -M wwjudge/unix >"$T/out" 2>"$T/err" || fail "postconf: $(cat "$T/err")"
in_file "$T/out" "argv=/usr/local/bin/wwjudge-deliver /var/lib/wwjudge/archive /usr/local/bin/wwjudge process --config"
[ "$(postmap -c "$T/pf" -q judge@example.org "texthash:$C/postfix/transport")" = "wwjudge:" ] ||
	fail "the transport map does not route judge@example.org to wwjudge:"

# systemd: the units verify (with a binary that exists here).
command -v systemd-analyze >/dev/null ||
	fail "systemd-analyze is missing (tools/deps.sh installs systemd)"
mkdir -p "$T/sd"
for u in "$C"/systemd/*; do
	sed "s|/usr/local/bin/wwjudge|$WW_BIN|" "$u" >"$T/sd/$(basename "$u")"
done
systemd-analyze verify "$T/sd/wwjudge-poll.service" "$T/sd/wwjudge-poll.timer" \
	>"$T/out" 2>&1 || { cat "$T/out"; fail "systemd-analyze verify"; }

# Issue 12: every cron line works in the pipe set-up (a config without
# imap_url): `send` is there, so the reports go out, and nothing exits
# 78 as `poll` does there. Each runs as cron would, from sh, with its
# stderr appended to its log file.
mkdir -p "$T/cron-games" "$T/cron-log"
printf 'games = %s\njudge = judge@example.org\nsmtp_url = smtp://127.0.0.1:1\nsmtp_tls = none\n' \
	"$T/cron-games" >"$T/pipe.conf"
grep -qE '^[^#].* /usr/local/bin/wwjudge send ' "$C/crontab" ||
	fail "contrib/crontab does not run 'wwjudge send': with a pipe no report goes out"
grep -v '^#' "$C/crontab" | grep -E '^[0-9*]' | while read -r _ _ _ _ _ cmd; do
	cmd=${cmd//\/usr\/local\/bin\/wwjudge/$WW_BIN}
	cmd=${cmd//\/etc\/wwjudge\/wwjudge.conf/$T/pipe.conf}
	cmd=${cmd//\/var\/log\/wwjudge/$T/cron-log}
	expect 0 sh -c "$cmd"
done

# The log directory the cron lines write to is made by a step of the
# walkthrough (docs/walkthrough.md); cron skips a line whose file cannot
# be opened, and says so to no one.
W="$C/../docs/walkthrough.md"
for dir in $(grep -v '^#' "$C/crontab" | grep -oE '2>>[^ ]+' | sed 's|^2>>||' | xargs -n1 dirname | sort -u); do
	awk '/^```sh walkthrough/ { on = 1; next } /^```/ { on = 0 } on' "$W" |
		grep -E "^(install -d|mkdir)( .*)? $dir( |$)" >/dev/null ||
		fail "no step of docs/walkthrough.md makes $dir, where contrib/crontab logs"
done

# The Postfix recipe keeps an archive for `wwjudge replay`: its command
# copies each mail the judge took (exit 0) into a Maildir, in the order
# processed, and nothing the judge did not take (75: try again later).
argv=$(sed -n 's/.*argv=//p' "$C/postfix/master.cf")
argv=${argv//\/usr\/local\/bin\/wwjudge-deliver/$C/postfix/wwjudge-deliver}
argv=${argv//\/usr\/local\/bin\/wwjudge/$WW_BIN}
argv=${argv//\/etc\/wwjudge\/wwjudge.conf/$T/pipe.conf}
argv=${argv//\/var\/lib\/wwjudge\/archive/$T/archive}
[ "$argv" != "${argv/$T\/archive/}" ] || fail "master.cf keeps no archive: $argv"
mkdir -p "$T/cron-games"
expect 0 "$WW_BIN" new "$T/cron-games/g1" --american us@example.org --british uk@example.org --seed "$SEED"
printf 'From: us@example.org\nTo: judge+g1-american-00@example.org\nSubject: x\nDate: Tue, 24 Nov 2026 10:00:00 +0000\nMessage-ID: <a1@y>\n\n#orders\npassword: x\n%s\n#end\n' \
	"$COMMITTEES" >"$T/m1"
expect 0 bash -c "$argv <'$T/m1'"
[ "$(ls "$T/archive/new")" ] && cmp -s "$T/m1" "$T/archive/new/$(ls "$T/archive/new")" ||
	fail "the mail the judge took is not in the archive"
expect 0 "$WW_BIN" replay "$T/cron-games/g1" --archive "$T/archive" --config "$T/pipe.conf"
in_file "$T/out" "the record is what the archive gives"
exec 9>"$T/cron-games/g1/lock" && flock 9
sed 's/a1@y/a2@y/' "$T/m1" >"$T/m2"
expect 75 bash -c "$argv <'$T/m2'"
exec 9>&-
[ "$(ls "$T/archive/new" | wc -l)" -eq 1 ] && [ -z "$(ls "$T/archive/tmp")" ] ||
	fail "a mail the judge did not take is in the archive"
