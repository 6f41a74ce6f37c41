# Shared by tests/cli/*.sh: sourced, not run. tests/run exports WW_BIN
# (the sanitized wwjudge) and WW_DATA.
set -euo pipefail
: "${WW_BIN:?tests/run sets WW_BIN}" "${WW_DATA:?tests/run sets WW_DATA}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SEED=00000000000000000000000000000000000000000000000000000000c0ffee01
COMMITTEES="committees Portsmouth NH, Worcester MA, Providence RI, Hartford CT, Albany NY, Trenton NJ, Lancaster PA, Dover DE, Annapolis MD, Williamsburg VA, Halifax NC, Camden SC, Augusta GA"

fail() { echo "FAIL: $*" >&2; exit 1; }

# skip_part WHY TEXT and skip_test WHY TEXT: a part of this test, or the
# whole of it, cannot run here. WHY is "not root" or "no tmpfs", the only
# reasons tests/run accepts (it checks this machine really lacks it);
# skip_test exits 77.
skip_part() { echo "skipped ($1): $2"; }
skip_test() { skip_part "$1" "$2"; exit 77; }

# can_mount_tmpfs DIR: mounts a 256 KiB tmpfs on DIR if root can here.
can_mount_tmpfs() {
	[ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=256k tmpfs "$1" 2>/dev/null
}

# expect CODE CMD...: runs CMD, output in $T/out and $T/err, and checks
# the exit status.
expect() {
	local want=$1; shift
	local rc=0
	"$@" >"$T/out" 2>"$T/err" || rc=$?
	if [ "$rc" -ne "$want" ]; then
		echo "--- stdout"; cat "$T/out"; echo "--- stderr"; cat "$T/err"
		fail "'$*' exited $rc, expected $want"
	fi
}

# holds FILE TEXT: FILE contains TEXT, a fixed string, lines and all
# (grep -F alone would take each line of a text of several lines as a
# pattern of its own); a mail's CRLF line ends count as LF.
holds() {
	case "$2" in
	*$'\n'*) [[ "$(tr -d '\r' <"$1")" == *"$2"* ]] ;;
	*) grep -qF -- "$2" "$1" ;;
	esac
}
in_file() { holds "$1" "$2" || { cat "$1"; fail "$1 lacks '$2'"; }; }
not_in_file() { ! holds "$1" "$2" || { cat "$1"; fail "$1 has '$2'"; }; }

new_game() {
	expect 0 "$WW_BIN" new "$1" --american us@example.org --british uk@example.org --seed "$SEED"
}

# A fingerprint of every record file but the append-only log and its index.
snapshot() {
	(cd "$1" && find . -path ./log -prune -o -path ./lock -prune -o -path ./index -prune -o -type f -print0 |
		sort -z | xargs -0 sha256sum)
}

# Lines wider than 72 columns (characters, not bytes).
too_wide() { LC_ALL=C.UTF-8 awk 'length($0) > 72' "$1"; }

# mail_game SEED [CONFIG LINE]: game g in $T/games ($G), played by mail
# by washington@example.org (password liberty) and north@example.org
# (crown), and the judge's config $T/wwjudge.conf with the lines given.
mail_game() {
	export WW_PWHASH=test
	G="$T/games/g"
	mkdir -p "$T/games"
	printf 'liberty\n' >"$T/am.pw"
	printf 'crown\n' >"$T/br.pw"
	printf 'games = games\njudge = judge@example.org\n%s\n' "${2:-}" >"$T/wwjudge.conf"
	expect 0 "$WW_BIN" new "$G" --american washington@example.org \
		--british north@example.org --seed "$1" \
		--american-password-file "$T/am.pw" --british-password-file "$T/br.pw"
}
