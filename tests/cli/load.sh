# Issue 27: the load and fault test, small (make soak runs the full one):
# mails through the delivery wrapper, some killed and some with a file
# failing to open; none lost, none applied twice, none bounced.
. "$(dirname "$0")/lib.bash"
GAMES=2 MAILS=4 CONC=3 bash "$(dirname "$0")/../load.sh"
