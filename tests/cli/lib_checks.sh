# tests/cli/lib.bash's own checks: in_file and not_in_file match a text of
# several lines as a whole, in a mail's CRLF lines too, not line by line.
. "$(dirname "$0")/lib.bash"
printf 'your orders were accepted:\r\n  declare Boston\r\nthe end\r\n' >"$T/mail"
holds "$T/mail" "your orders were accepted:
  declare Boston" || fail "two lines in order, CRLF ends: not found"
! holds "$T/mail" "your orders were accepted:
  declare Worcester" || fail "the first line alone was taken for the two"
! holds "$T/mail" "the end
your orders were accepted:" || fail "two lines out of order were found"
holds "$T/mail" "declare Boston" || fail "one line: not found"
! holds "$T/mail" "declare Worcester" || fail "one line that is not there was found"
echo ok
