# A docs page run as a test, its blocks marked "```sh TAG NAME" run as
# they stand (tests/e2e/walkthrough.sh, tests/e2e/trial.sh). Sourced after
# the page's runner sets ROOT (the source tree), DOC (the page), DOC_TAG
# (TAG), R (the machine's root under $T), WJ_USER (the judge's user) and
# subst (the page's text as this test must run it), with $T and
# tests/cli/lib.bash.

# doc_source_tree: $T/src, links to the real tree with contrib/ a
# substituted copy; and $T/shim/crontab, a stand-in for
# `crontab -u USER FILE|-` that keeps the crontab for cron_tick.
doc_source_tree() {
	mkdir -p "$T/src" "$T/shim"
	for f in "$ROOT"/*; do ln -s "$f" "$T/src/"; done
	rm "$T/src/contrib"
	cp -a "$ROOT/contrib" "$T/src/contrib"
	find "$T/src/contrib" -type f | while read -r f; do
		subst <"$f" >"$T/subst" && cat "$T/subst" >"$f"
	done
	cat >"$T/shim/crontab" <<SH
#!/bin/sh
# crontab -u USER FILE|-, for tests/e2e/doc_steps.sh: the crontab is kept for its cron_tick
[ "\$1" = -u ] && [ \$# -eq 3 ] || { echo "crontab stand-in: crontab -u USER FILE, not \$*" >&2; exit 1; }
if [ "\$3" = - ]; then cat >"$T/crontab.\$2"; else cp "\$3" "$T/crontab.\$2"; fi
SH
	chmod 755 "$T/shim/crontab"
}

# blocks "INFO": the names of the doc's blocks marked "```INFO NAME".
blocks() { sed -n "s/^\`\`\`$1 \([a-z-]*\)\$/\1/p" "$DOC"; }
# block "INFO NAME": that block's lines, substituted.
block() {
	awk -v want="\`\`\`$1" '$0 == want { on = 1; next } /^```/ { on = 0 } on' "$DOC" | subst
}

# step NAME: runs the block "sh DOC_TAG NAME" from the source tree.
STEPS_RUN=
step() {
	block "sh $DOC_TAG $1" >"$T/step-$1.sh"
	[ -s "$T/step-$1.sh" ] || fail "${DOC#"$ROOT"/} has no block 'sh $DOC_TAG $1'"
	(cd "$T/src" && PATH="$T/shim:$PATH" MAIL_CONFIG=$PF BUILD=san \
		expect 0 bash -euo pipefail "$T/step-$1.sh") ||
		fail "step '$1' of ${DOC#"$ROOT"/} failed: $(cat "$T/step-$1.sh")"
	STEPS_RUN="$STEPS_RUN $1"
}

# cron_tick: every line of the judge user's crontab, run as cron would
# (sh, the user's home, a bare environment and the crontab's variables);
# each must exit 0.
cron_tick() {
	local line cmd envs=(HOME="$R/var/lib/wwjudge" LOGNAME=$WJ_USER SHELL=/bin/sh PATH=/usr/bin:/bin)
	while read -r line; do
		case $line in
		'' | '#'*) continue ;;
		[A-Za-z_]*=*) envs+=("$line"); continue ;;
		esac
		read -r _ _ _ _ _ cmd <<<"$line"
		(cd "$R/var/lib/wwjudge" && runuser -u "$WJ_USER" -- env -i "${envs[@]}" /bin/sh -c "$cmd") ||
			fail "the cron line '$cmd' exited $?: $(tail -n 5 "$R"/var/log/wwjudge/*.log)"
	done <"$T/crontab.$WJ_USER"
}
