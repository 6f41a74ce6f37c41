#!/usr/bin/env bash
# Load and faults (issue 27): GAMES games played by mail, MAILS mails each
# (orders, the same mail delivered twice, wrong passwords, stale tokens),
# delivered CONC at a time through contrib/postfix/wwjudge-deliver as
# Postfix would: exit 75 is tried again, 0 is done, anything else is a
# bounce. A delivery is killed with SIGKILL at a random moment (1 in
# KILL_EVERY), or its run has a random file of the game fail to open with
# EIO, EMFILE or ENFILE (1 in FAULT_EVERY); only its first two tries are. At the end each distinct
# mail is in its game's log exactly once (lost: none; doubled: more than
# once), nothing bounced, and every game verifies. Prints one line of
# figures. tests/cli/load.sh runs a small one (make test), `make soak`
# the full one. Needs WW_BIN and WW_DATA (tests/run sets them).
set -euo pipefail
: "${WW_BIN:?}" "${WW_DATA:?}"
GAMES=${GAMES:-4} MAILS=${MAILS:-6} CONC=${CONC:-4}
KILL_EVERY=${KILL_EVERY:-4} FAULT_EVERY=${FAULT_EVERY:-5} LOAD_SEED=${LOAD_SEED:-1}
R="$(cd "$(dirname "$0")/.." && pwd)"
T=$(mktemp -d)
trap 'if [ -n "${KEEP:-}" ]; then echo "kept $T" >&2; else rm -rf "$T"; fi' EXIT
export WW_PWHASH=test
RANDOM=$LOAD_SEED
cc -shared -fPIC -O2 -o "$T/fault.so" "$R/tests/faults/open_fault.c" -ldl
PRE="$(cc -print-file-name=libasan.so):$T/fault.so"
[ -e "${PRE%%:*}" ] || PRE="$T/fault.so"
COMMITTEES="committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, Halifax NC, Camden SC, Augusta GA"
mkdir -p "$T/games" "$T/mails" "$T/runs"
printf 'liberty\n' >"$T/am.pw"
printf 'crown\n' >"$T/br.pw"
printf 'games = games\njudge = judge@example.org\nboard = none\n' >"$T/wwjudge.conf"

n=0
for g in $(seq 1 "$GAMES"); do
	G="$T/games/g$g"
	seed=$(printf '%064x' $((g * 7919 + LOAD_SEED)))
	"$WW_BIN" new "$G" --american washington@example.org --british north@example.org \
		--seed "$seed" --american-password-file "$T/am.pw" \
		--british-password-file "$T/br.pw" >/dev/null 2>&1
	"$WW_BIN" announce "$G" --config "$T/wwjudge.conf" >/dev/null 2>&1
	am=$(sed -n 's/^Reply-To: <\(.*\)>.*/\1/p' "$G"/outbox/new/*.announce-american | tr -d '\r')
	br=$(sed -n 's/^Reply-To: <\(.*\)>.*/\1/p' "$G"/outbox/new/*.announce-british | tr -d '\r')
	for m in $(seq 1 "$MAILS"); do
		case $((m % 4)) in
		1) from=washington@example.org to=$am pw=liberty order=$COMMITTEES ;;
		2) from=north@example.org to=$br pw=crown order="for-the-king Oswego" ;;
		3) from=washington@example.org to=$am pw=wrong order=pass ;;
		0) from=north@example.org to=$br pw=crown order=pass ;;
		esac
		n=$((n + 1))
		printf 'From: %s\nTo: %s\nSubject: orders\nDate: Tue, 24 Nov 2026 10:%02d:00 +0000\nMessage-ID: <load.g%d.m%d@example.org>\n\n#orders\npassword: %s\n%s\n#end\n' \
			"$from" "$to" $((m % 60)) "$g" "$m" "$pw" "$order" >"$T/mails/g$g.m$m"
	done
done

# The deliveries: every mail once, and one in three of them twice.
ls "$T/mails" >"$T/list"
awk 'NR % 3 == 0' "$T/list" >>"$T/list"
shuf --random-source=<(yes "$LOAD_SEED") "$T/list" >"$T/order"

# deliver MAIL: as Postfix would, until it is done or bounced.
deliver() {
	local mail=$1 tries=0 rc how
	while :; do
		tries=$((tries + 1))
		how=plain
		if [ "$tries" -le 2 ] && [ $((RANDOM % KILL_EVERY)) -eq 0 ]; then
			how=kill
		elif [ "$tries" -le 2 ] && [ $((RANDOM % FAULT_EVERY)) -eq 0 ]; then
			how=fault
		fi
		rc=0
		case $how in
		kill)
			"$R/contrib/postfix/wwjudge-deliver" "$T/archive" timeout -s KILL \
				"0.$((RANDOM % 4))$((RANDOM % 10))" "$WW_BIN" process --config "$T/wwjudge.conf" \
				<"$T/mails/$mail" >/dev/null 2>>"$T/runs/$mail.err" || rc=$?
			;;
		fault)
			local files=(game.yaml secret/state.yaml secret/seed secret/mail.yaml lock index seen.d/0 journal)
			local errs=(EIO EMFILE ENFILE)
			LD_PRELOAD=$PRE WW_FAULT_PATH="/${files[RANDOM % ${#files[@]}]}" \
				WW_FAULT_ERRNO="${errs[RANDOM % 3]}" \
				"$R/contrib/postfix/wwjudge-deliver" "$T/archive" "$WW_BIN" process \
				--config "$T/wwjudge.conf" <"$T/mails/$mail" >/dev/null 2>>"$T/runs/$mail.err" || rc=$?
			;;
		plain)
			"$R/contrib/postfix/wwjudge-deliver" "$T/archive" "$WW_BIN" process \
				--config "$T/wwjudge.conf" <"$T/mails/$mail" >/dev/null 2>>"$T/runs/$mail.err" || rc=$?
			;;
		esac
		echo "$how $rc" >>"$T/runs/$mail.tries"
		case $rc in
		0) return 0 ;;
		75) [ "$tries" -lt 200 ] || { echo "never taken" >>"$T/runs/$mail.bounced"; return 0; }
			sleep 0.0$((RANDOM % 10)) ;;
		*) echo "bounced $rc" >>"$T/runs/$mail.bounced"; return 0 ;;
		esac
	done
}
export -f deliver
export T R WW_BIN PRE KILL_EVERY FAULT_EVERY
start=$(date +%s)
i=0
while read -r mail; do
	i=$((i + 1))
	RANDOM=$((LOAD_SEED * 1000 + i)) deliver "$mail" &
	while [ "$(jobs -rp | wc -l)" -ge "$CONC" ]; do wait -n || :; done
done <"$T/order"
wait
secs=$(($(date +%s) - start))

lost=0 doubled=0 bad=0
for f in "$T"/mails/*; do
	m=${f##*/}
	g=${m%%.*}
	id="<load.$m@example.org>"
	c=$(grep -lF "message_id: \"$id\"" "$T/games/$g"/log/*.yaml 2>/dev/null | wc -l)
	if [ "$c" -eq 0 ]; then
		lost=$((lost + 1))
		echo "lost: $id: $(cat "$T/runs/$m.tries" "$T/runs/$m.bounced" 2>/dev/null | tr '\n' ' ')" >&2
		cat "$T/runs/$m.err" >&2
	fi
	if [ "$c" -gt 1 ]; then
		doubled=$((doubled + 1))
		echo "doubled: $id ($c entries)" >&2
	fi
done
for g in "$T"/games/*; do
	"$WW_BIN" verify "$g" >"$T/verify.out" 2>&1 || { bad=$((bad + 1)); cat "$T/verify.out" >&2; }
done
cat "$T"/runs/*.tries >"$T/tries"
runs=$(wc -l <"$T/tries")
kills=$(grep -c '^kill ' "$T/tries" || :)
faults=$(grep -c '^fault ' "$T/tries" || :)
deferred=$(grep -c ' 75$' "$T/tries" || :)
bounced=$(find "$T/runs" -name '*.bounced' -exec cat {} + | wc -l)
echo "load: $GAMES games, $(ls "$T/mails" | wc -l) mails in $(wc -l <"$T/order") deliveries," \
	"$runs runs, concurrency $CONC, $kills kills, $faults faults, $deferred deferred (75)," \
	"$lost lost, $doubled doubled, $bounced bounced, $bad games not verifying, ${secs}s"
[ "$lost" -eq 0 ] && [ "$doubled" -eq 0 ] && [ "$bounced" -eq 0 ] && [ "$bad" -eq 0 ]
