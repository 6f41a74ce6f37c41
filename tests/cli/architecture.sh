# docs/architecture.md, "Where a rule's code lives": every function the
# table names is defined in the file it names, and that file cites the
# rule's section, so the table cannot drift from the code unnoticed.
. "$(dirname "$0")/lib.bash"
src="$(dirname "$0")/../../adjudicator"
doc="$(dirname "$0")/../../docs/architecture.md"
rows=0
while IFS='|' read -r _ section file func _; do
	file=$(echo "$file" | tr -d ' ') func=$(echo "$func" | tr -d ' `')
	case "$file" in *.c) ;; *) continue ;; esac
	rows=$((rows + 1))
	grep -qE "^[a-z].*[ *]$func\(" "$src/$file" || fail "docs/architecture.md: $func is not defined in $file"
	num=$(echo "$section" | grep -oE '^ *[0-9]+(\.[0-9]+)*' | tr -d ' ' || true)
	[ -z "$num" ] || grep -qF "$num" "$src/$file" ||
		fail "docs/architecture.md: $file never cites $num"
done <"$doc"
[ "$rows" -ge 30 ] || fail "docs/architecture.md: only $rows rows in the rule table"

# The rules engines' private headers are their rules files' alone: the
# reports, the guide and the adapter ask the engine through its public
# header (issue 13: report_guide.c included rules_internal.h).
for private in rules_internal.h sk_internal.h; do
	for f in $(grep -rl "#include \"$private\"" "$src" || true); do
		case "$(basename "$f")" in rules_*.c | sk_battle.c | sk_move.c | sk_reinforce.c | \
			sk_skirmish.c | sk_standing.c | sk_turn.c | sk_util.c | sk_view.c) ;;
		*) fail "$f includes the engine's private $private" ;;
		esac
	done
done

# The command line reaches every game through game.h (issue 13):
# cli/wwjudge.c, cli.c, cli_net.c and cli_mail.c are compiled without any
# game's folder, so an include of a game's header there does not build.
root="$(dirname "$0")/../.."
for f in wwjudge cli cli_net cli_mail; do
	cmd=$(make -s -C "$root" --no-print-directory -n -W "adjudicator/cli/$f.c" "build/cli/$f.o")
	echo "$cmd" | grep -qF -- "-o build/cli/$f.o" || fail "make -n does not compile cli/$f.c: $cmd"
	! echo "$cmd" | grep -q -- "-Iadjudicator/games/" || fail "cli/$f.c sees a game's folder: $cmd"
done
grep -nE '#include "(data|order|rules|state|ww_[a-z_]+|sk_[a-z_]+)\.h"' "$src/cli/wwjudge.c" &&
	fail "cli/wwjudge.c includes a game's header"
echo ok
