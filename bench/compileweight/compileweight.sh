#!/bin/sh
# compileweight.sh: the compile cost and binary size of the README's bot
# ("A bot in 30 lines") on a generated package, against the same bot on
# telego (bench/compileweight/telegobot, built in the bench module).
#
#   bench/compileweight/compileweight.sh [PAGE...]   # from the repository's root (make compile-weight)
#
# Each PAGE (default: the newest shared published page, and "seed" for the
# embedded 5.0 document) is generated with every Go backend into botapi/ of a
# temporary module beside the README's program. Every build starts from an
# empty build cache (the standard library compiles too, for both), and
# prints: the largest compile's max RSS and its package, the whole build's
# user CPU (every compile and link) and the binary's size. The per-package
# figures come from the -toolexec hook toolexec.sh. ROUNDS=N repeats every
# build N times, interleaved (default 1).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/bench/compileweight
rounds=${ROUNDS:-1}
if [ $# -eq 0 ]; then
	set -- "$root/../shared/spec/published/bot-api-9.0.html.gz" seed
fi
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/apigen" ./cmd/apigen)

# The README's bot: the first Go fence that starts with "package main".
awk '/^```go$/ {f=1; buf=""; next} /^```$/ {if (f && buf ~ /^package main/) {printf "%s", buf; exit} f=0; next} f {buf = buf $0 "\n"}' \
	"$root/README.md" >"$work/main.go"
grep -q '^package main' "$work/main.go" || { echo "compileweight: no 'package main' Go fence in README.md" >&2; exit 1; }

# build NAME DIR PKG: build PKG in module DIR from an empty cache and print one row.
build() {
	name=$1 dir=$2 pkg=$3
	cache=$(mktemp -d "$work/cache.XXXXXX")
	log=$work/$name.compiles
	: >"$log"
	(cd "$dir" && GOCACHE=$cache GOFLAGS=-mod=mod COMPILEWEIGHT_LOG=$log \
		/usr/bin/time -o "$work/$name.time" -f "%M %U %S %e" \
		go build -toolexec "$here/toolexec.sh" -o "$work/$name.bin" "$pkg")
	chmod -R u+w "$cache"; rm -rf "$cache"
	read -r maxrss user sys wall <"$work/$name.time"
	top=$(grep -v '^Command' "$log" | sort -n | tail -1)
	size=$(stat -c %s "$work/$name.bin")
	printf '%-22s peak compile %5.0f MB (%s)  build user %6.1f s  sys %5.1f s  wall %6.1f s  binary %5.2f MB\n' \
		"$name" "$(echo "$top" | awk '{print $1/1024}')" "$(echo "$top" | awk '{print $4}')" \
		"$user" "$sys" "$wall" "$(echo "$size" | awk '{print $1/1e6}')"
	printf '%-22s   heaviest compiles: %s\n' "" "$(grep -v '^Command' "$log" | sort -n | tail -3 | awk '{printf "%s %.0f MB %.1f s; ", $4, $1/1024, $2}')"
}

bots=
for page in "$@"; do
	if [ "$page" = seed ]; then
		name=seed-5.0 spec=
	else
		name=$(basename "$page" .gz); name=${name%.html}
		spec=$work/$(basename "$page" .gz)
		case "$page" in *.gz) gzip -dc "$page" >"$spec" ;; *) cp "$page" "$spec" ;; esac
	fi
	mod=$work/$name
	mkdir -p "$mod"
	printf 'module example.com/bot\n\ngo 1.24\n' >"$mod/go.mod"
	cp "$work/main.go" "$mod/main.go"
	(cd "$mod" && "$work/apigen" generate ${spec:+--spec "$spec" --overlay none} \
		--out botapi --docs none --openapi none --schema-out none) >"$work/generate.log" 2>&1 ||
		{ cat "$work/generate.log" >&2; exit 1; }
	printf '%-22s %s lines of Go in botapi/\n' "$name" "$(cat "$mod"/botapi/*.go | wc -l)"
	bots="$bots $name"
done
# telego: the bench module already requires it; fetch it now, not inside a timed build.
(cd "$root/bench" && go mod download github.com/mymmrac/telego)

i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	for name in $bots; do
		build "$name" "$work/$name" .
	done
	build telego "$root/bench" ./compileweight/telegobot
done
