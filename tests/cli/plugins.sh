# Issue 11, plugins: a plugin is loaded only from a directory named by an
# absolute path, owned by the user or root and writable by no one else,
# only if the plugin file is owned and kept the same way, and only once
# its compatibility stamp, read from the file, matches the binary's. A
# refused plugin's code never runs: the stand-in below has a constructor
# that leaves a marker file the moment the plugin is loaded.
. "$(dirname "$0")/lib.bash"
command -v cc >/dev/null || fail "cc is missing (tools/deps.sh installs build-essential)"
unset WW_PLUGINS
real="$(dirname "$WW_BIN")"
new_game "$T/g"
cd "$T"

# stand_in DIR: DIR/wwjudge-png.so, from another build, whose constructor
# writes $T/ran.
stand_in() {
	mkdir -p "$1"
	cat >"$T/p.c" <<EOF
#include <stdio.h>
const unsigned long wj_png_abi = 1;
int ww_report_png(void) { return 0; }
__attribute__((constructor)) static void ran(void)
{
	FILE *f = fopen("$T/ran", "w");
	if (f)
		fclose(f);
}
EOF
	cc -shared -fPIC -o "$1/wwjudge-png.so" "$T/p.c" || fail "cc cannot build the stand-in plugin"
}

# refused TEXT [VAR=VALUE...]: show --png fails with TEXT on stderr, no
# board drawn and none of the plugin's code run.
refused() {
	local text=$1; shift
	rm -f "$T/ran" "$T/board.png"
	expect 70 env "$@" "$WW_BIN" show "$T/g" --as american --png "$T/board.png"
	in_file "$T/err" "$text"
	[ ! -e "$T/ran" ] || fail "the refused plugin's constructor ran ($text)"
	[ ! -s "$T/board.png" ] || fail "a board was drawn by a refused plugin ($text)"
}

# A relative WW_PLUGINS is refused, not looked up from the current directory.
stand_in "$T/evil"
refused "WW_PLUGINS is evil, not an absolute path: name the plugin directory from /" \
	WW_PLUGINS=evil

# ... nor cut short into another directory.
refused "WW_PLUGINS is longer than 4095 bytes" WW_PLUGINS="$T/$(printf 'x%.0s' $(seq 5000))"

# A plugin from another build is refused before it is loaded.
refused "$T/evil/wwjudge-png.so is from another build of wwjudge: build or install" \
	WW_PLUGINS="$T/evil"

# ... and so is one with no stamp at all, or a file that is no shared object.
printf 'int ww_report_png(void) { return 0; }\n' >"$T/p.c"
mkdir -p "$T/unstamped" && cc -shared -fPIC -o "$T/unstamped/wwjudge-png.so" "$T/p.c"
refused "$T/unstamped/wwjudge-png.so is from another build of wwjudge" WW_PLUGINS="$T/unstamped"
mkdir -p "$T/text" && echo "not a plugin" >"$T/text/wwjudge-png.so"
refused "$T/text/wwjudge-png.so is not a shared object for this machine" WW_PLUGINS="$T/text"

# A directory others may write to is refused, whatever is in it.
chmod 777 "$T/evil"
refused "plugin directory $T/evil is writable by group or others (mode 0777): a plugin directory must be writable only by its owner" \
	WW_PLUGINS="$T/evil"
chmod 775 "$T/evil"
refused "plugin directory $T/evil is writable by group or others (mode 0775)" WW_PLUGINS="$T/evil"
chmod 755 "$T/evil"

# So is a plugin file others may write to, or a symbolic link.
chmod 646 "$T/evil/wwjudge-png.so"
refused "plugin $T/evil/wwjudge-png.so is writable by group or others (mode 0646)" \
	WW_PLUGINS="$T/evil"
chmod 755 "$T/evil/wwjudge-png.so"
mkdir -p "$T/link" && ln -s "$T/evil/wwjudge-png.so" "$T/link/wwjudge-png.so"
refused "plugin $T/link/wwjudge-png.so is a symbolic link: a plugin must be a regular file" \
	WW_PLUGINS="$T/link"

# A directory or plugin owned by another user (only root can make one).
if [ "$(id -u)" = 0 ] && nobody=$(id -u nobody 2>/dev/null); then
	chown nobody "$T/evil"
	refused "plugin directory $T/evil is owned by uid $nobody: a plugin directory must be owned by you (uid 0) or root" \
		WW_PLUGINS="$T/evil"
	chown root "$T/evil"
	chown nobody "$T/evil/wwjudge-png.so"
	refused "plugin $T/evil/wwjudge-png.so is owned by uid $nobody" WW_PLUGINS="$T/evil"
	chown root "$T/evil/wwjudge-png.so"
fi

# The same rules hold beside the binary, where it looks when WW_PLUGINS
# is not set.
mkdir -p "$T/bin"
cp "$WW_BIN" "$T/bin/wwjudge"
cp "$T/evil/wwjudge-png.so" "$T/bin/"
chmod 777 "$T/bin"
WW_BIN="$T/bin/wwjudge" refused "plugin directory $T/bin is writable by group or others (mode 0777)"
chmod 755 "$T/bin"
WW_BIN="$T/bin/wwjudge" refused "$T/bin/wwjudge-png.so is from another build of wwjudge"

# The real plugins still load, from WW_PLUGINS and beside the binary.
mkdir -p "$T/good"
cp "$real/wwjudge-png.so" "$real/wwjudge-net.so" "$T/good/"
WW_PLUGINS="$T/good" expect 0 "$WW_BIN" show "$T/g" --as american --png "$T/board.png"
[ "$(head -c 8 "$T/board.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
	fail "show --png did not write a PNG from WW_PLUGINS=$T/good"
cp "$real/wwjudge-png.so" "$T/bin/"
rm -f "$T/board.png"
expect 0 "$T/bin/wwjudge" show "$T/g" --as american --png "$T/board.png"
[ -s "$T/board.png" ] || fail "show --png did not draw with the plugin beside the binary"
