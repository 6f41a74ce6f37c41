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
