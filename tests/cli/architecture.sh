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

# The command line reaches every game through game.h (issue 13): every
# file of cli/ is compiled without any game's folder, so an include of a
# game's header there does not build; the games it plays are a line each
# of cli/games_played.c (issue 21).
root="$(dirname "$0")/../.."
for c in "$src"/cli/*.c; do
	f=$(basename "$c" .c)
	cmd=$(make -s -C "$root" --no-print-directory -n -W "adjudicator/cli/$f.c" "build/cli/$f.o")
	echo "$cmd" | grep -qF -- "-o build/cli/$f.o" || fail "make -n does not compile cli/$f.c: $cmd"
	! echo "$cmd" | grep -q -- "-Iadjudicator/games/" || fail "cli/$f.c sees a game's folder: $cmd"
done
# A game's folder sees no other game's.
for dir in "$src"/games/*/; do
	name=$(basename "$dir")
	c=$(ls "$dir"*.c | head -1)
	obj="build/games/$name/$(basename "$c" .c).o"
	cmd=$(make -s -C "$root" --no-print-directory -n -W "adjudicator/games/$name/$(basename "$c")" "$obj")
	echo "$cmd" | grep -qF -- "-Iadjudicator/games/$name " || fail "$obj does not see its own folder: $cmd"
	[ "$(echo "$cmd" | grep -o -- "-Iadjudicator/games/" | wc -l)" -eq 1 ] ||
		fail "$obj sees another game's folder: $cmd"
done
# The judge's layers name no game (issue 21): no game's name, title, side
# word or option word, as `wwjudge games` lists them, in the code (not
# the comments) of core/, game/, record/, play/, mail/ and cli/, but the
# registry's line of each game in cli/games_played.c.
command -v cc >/dev/null || fail "cc is missing (build-essential)"
"$WW_BIN" games >"$T/games" || fail "wwjudge games failed"
words=$(sed -n -e 's/^\([a-z-]*\): \(.*\)$/\1\n\2/p' \
	-e 's/^  sides: //p' -e 's/^    \([^:]*\):.*/\1/p' "$T/games" |
	sed -e 's/ (the default)$//' -e 's/[(),]/ /g' -e 's/\balso\b/ /g' | tr ' ' '\n' |
	sed -e '/^$/d' | sort -u)
[ "$(echo "$words" | grep -c .)" -ge 8 ] || fail "too few game words from 'wwjudge games': $words"
for f in "$src"/core/*.[ch] "$src"/game/*.[ch] "$src"/record/*.[ch] "$src"/play/*.[ch] \
	"$src"/mail/*.[ch] "$src"/cli/*.[ch]; do
	[ "$(basename "$f")" = games_played.c ] && continue
	cc -fpreprocessed -dD -E -P "$f" >"$T/code" 2>/dev/null || fail "cannot read $f's code"
	for w in $words; do
		hit=$(grep -n -i -w -F -- "$w" "$T/code" | head -1 || true)
		[ -z "$hit" ] || fail "$f names a game's word '$w' in its code: $hit"
	done
	# names that say their layer (issue 21.10): ww_ is Washington's War's,
	# the judge's are wj_ (strings, such as the WW_DATA of getenv, aside)
	hit=$(sed 's/"[^"]*"//g' "$T/code" | grep -n -E '\b(ww|WW)_[A-Za-z0-9_]+' | head -1 || true)
	[ -z "$hit" ] || fail "$f names something ww_, Washington's War's prefix: $hit"
done
echo ok
