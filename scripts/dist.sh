#!/usr/bin/env bash
# Packs a release binary built with the static Swift runtime as
#   dist/msgsift-VERSION-linux-ARCH.tar.gz
# holding msgsift-VERSION/{bin/msgsift, README.md, GUIDE.md, docs/, LICENSE if any}
# and whatever `make install` puts under its PREFIX when the Makefile has that target.
#
# Then checks what it packed, and fails (removing the tarball) on any difference:
#   - ldd: the binary needs no library of the Swift toolchain (libswift*, Foundation,
#     _FoundationICU, libdispatch, libBlocksRuntime, anything under the toolchain's
#     directory), only the system's (libc, libm, ICU, SQLite, zlib, libxml2, ...; libcurl is
#     opened with dlopen by the commands that make requests, not linked);
#   - a copy extracted from the tarball, run with an empty environment (PATH=/usr/bin:/bin,
#     LD_LIBRARY_PATH empty: no toolchain in reach), judges the samples exactly as the
#     reference binary (the debug build) does: NDJSON, CSV, gzip input, eval, a rule store
#     written by import and read by classify (SQLite), a regex rule (ICU).
#
# usage: scripts/dist.sh STATIC_BINARY REFERENCE_BINARY
#   MAKE (default make) runs the install step; SAMPLE_RULES are the samples' rule flags.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1
reference=$2
MAKE=${MAKE:-make}
SAMPLE_RULES=${SAMPLE_RULES:---no-db --filters samples/rules.sfsfilters --lists samples/lists.json --lists-languages he,en --rule links --rule short-sender=5 --rule email --rule emojis --rule country-allowlist=+972,+1,+44}

version=$("$bin" --version | awk '{print $2}')
[ -n "$version" ] || { echo "dist: $bin --version printed no version" >&2; exit 1; }
arch=$(uname -m)
name=msgsift-$version
tarball=dist/$name-linux-$arch.tar.gz
stage=$PWD/.build/dist-stage
rm -rf "$stage" && mkdir -p "$stage/$name" dist

# Staging: the install tree first (man page, completions) when the Makefile can make one,
# then the static binary over whatever binary it installed, then the documents.
if grep -q '^install:' Makefile; then
    "$MAKE" --no-print-directory install DESTDIR="$stage" PREFIX="/$name" MSGSIFT_BIN="$PWD/$bin" BIN="$PWD/$bin"
fi
install -D -m 755 "$bin" "$stage/$name/bin/msgsift"
# Without its debug information (a fifth of its size); the symbols stay, for backtraces.
strip --strip-debug "$stage/$name/bin/msgsift"
cp README.md GUIDE.md "$stage/$name/"
cp -R docs "$stage/$name/docs"
[ ! -f LICENSE ] || cp LICENSE "$stage/$name/"

# The toolchain's libraries, by name and by place.
toolchain=$(dirname "$(dirname "$(dirname "$(command -v "${SWIFT:-swift}" 2>/dev/null || echo /opt/swift/usr/bin/swift)")")")
libs=$(env -u LD_LIBRARY_PATH ldd "$stage/$name/bin/msgsift")
bad=$(printf '%s\n' "$libs" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found|'"$toolchain/" || true)
if [ -n "$bad" ]; then
    echo "dist: $name/bin/msgsift needs libraries of the Swift toolchain (or missing ones):" >&2
    printf '%s\n' "$bad" >&2
    exit 1
fi
needed=$(readelf -d "$stage/$name/bin/msgsift" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')

# Reproducible bytes: sorted names, one owner, the commit's time.
mtime=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -cf - "$name" | gzip -9n > "$tarball.tmp"
mv "$tarball.tmp" "$tarball"

# The packed copy, out of reach of the toolchain, against the reference binary.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
tar -C "$check" -xzf "$tarball"
packed=$check/$name/bin/msgsift
gzip -c samples/messages.ndjson > "$check/messages.ndjson.gz"
fail=0
compare() { # compare LABEL ARGS…: same stdout and exit status from both binaries
    local label=$1; shift
    local a b sa sb
    a=$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$check" XDG_DATA_HOME="$check/ref" "$reference" "$@" 2>/dev/null) && sa=0 || sa=$?
    b=$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$check" XDG_DATA_HOME="$check/packed" "$packed" "$@" 2>/dev/null) && sb=0 || sb=$?
    if [ "$a" != "$b" ] || [ "$sa" != "$sb" ]; then
        echo "dist: $label: the packed binary differs from $reference (status $sb vs $sa)" >&2
        diff <(printf '%s\n' "$a") <(printf '%s\n' "$b") | head -5 >&2 || true
        fail=1
    elif [ -z "$a" ]; then
        echo "dist: $label: no output" >&2
        fail=1
    fi
}
# shellcheck disable=SC2086
{
compare "classify samples" classify $SAMPLE_RULES samples/messages.ndjson samples/messages.csv samples/all-unknown.ndjson samples/numbers-only.ndjson
compare "classify csv output" classify $SAMPLE_RULES -o csv --explain samples/messages.ndjson
compare "classify gzip" classify $SAMPLE_RULES "$check/messages.ndjson.gz"
compare "eval" eval $SAMPLE_RULES --label label samples/labelled.ndjson
}
# A store each binary writes and reads (SQLite): filenames differ, so run them apart.
for who in reference packed; do
    exe=$reference; [ $who = packed ] && exe=$packed
    env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$check" "$exe" --db "$check/$who.db" import samples/rules.sfsfilters >/dev/null 2>&1 || { echo "dist: $who: import into a store failed" >&2; fail=1; }
    env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$check" "$exe" --db "$check/$who.db" classify samples/messages.ndjson > "$check/$who.store.ndjson" 2>/dev/null || true
done
cmp -s "$check/reference.store.ndjson" "$check/packed.store.ndjson" && [ -s "$check/packed.store.ndjson" ] || { echo "dist: classify from a store: the packed binary differs" >&2; fail=1; }
# Where a mount namespace may be made (root), once more with the toolchain's directory
# hidden under an empty tmpfs, as on a machine that never had it.
hidden=""
if [ -d "$toolchain" ] && unshare -m true 2>/dev/null; then
    # shellcheck disable=SC2086
    unshare -m sh -c 'mount -t tmpfs none "$1" && shift && exec env -i PATH=/usr/bin:/bin "$@"' sh "$toolchain" \
        "$packed" classify $SAMPLE_RULES samples/messages.ndjson > "$check/hidden.ndjson" 2>/dev/null || true
    # shellcheck disable=SC2086
    env -i PATH=/usr/bin:/bin "$reference" classify $SAMPLE_RULES samples/messages.ndjson > "$check/reference.ndjson" 2>/dev/null || true
    if cmp -s "$check/hidden.ndjson" "$check/reference.ndjson" && [ -s "$check/hidden.ndjson" ]; then
        hidden="; ran with $toolchain hidden"
    else
        echo "dist: with $toolchain hidden, the packed binary does not judge the samples as $reference does" >&2
        fail=1
    fi
fi
if [ $fail -ne 0 ]; then rm -f "$tarball"; exit 1; fi

printf 'dist: %s (%s bytes; binary %s bytes; needs only %s%s)\n' "$tarball" "$(stat -c %s "$tarball")" "$(stat -c %s "$packed")" "${needed% }" "$hidden"
