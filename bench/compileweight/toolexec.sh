#!/bin/sh
# toolexec.sh TOOL ARGS...: go build's -toolexec hook for compileweight.sh.
# It runs every compile under /usr/bin/time and appends one line to
# $COMPILEWEIGHT_LOG: "maxRSS_KiB user_s sys_s import/path". Other tools run as they are.
case "$(basename "$1")" in
compile) ;;
*) exec "$@" ;;
esac
pkg=?
prev=
for a in "$@"; do
	if [ "$prev" = "-p" ]; then pkg=$a; fi
	prev=$a
done
exec /usr/bin/time -a -o "$COMPILEWEIGHT_LOG" -f "%M %U %S $pkg" "$@"
