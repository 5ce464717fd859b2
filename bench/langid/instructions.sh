#!/bin/sh
# instructions.sh BINARY FILE: instructions per text inside LanguageDetector.detect, start-up
# left out, counted by callgrind (valgrind; `apt-get install valgrind`). BINARY is a
# msgsift-langid build, FILE one text a line. `--time 0` detects each line twice; the count
# over FILE is taken from the count over FILE twice, so the tables built at the first
# detection drop out. Counts hold on a busy machine, where texts per second do not
# (bench/RESULTS.md).
set -eu
[ $# -eq 2 ] || { echo "usage: instructions.sh BINARY FILE" >&2; exit 2; }
twice=$(mktemp)
trap 'rm -f "$twice"' EXIT
cat "$2" "$2" > "$twice"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
        '--toggle-collect=$s8SiftText16LanguageDetectorO6detectyAA0C9DetectionVSSFZ' \
        "$1" --time 0 < "$2" 2>&1 >/dev/null | awk '/Collected/ { print $4 }'
}
once=$(count "$1" "$2")
both=$(count "$1" "$twice")
lines=$(wc -l < "$2")
[ -n "$once" ] && [ -n "$both" ] && [ "$both" -gt 0 ] || {
    echo "instructions.sh: callgrind counted nothing in LanguageDetector.detect(_:)" >&2; exit 1; }
echo "$(basename "$2"): $(( (both - once) / (2 * lines) )) instructions per text"
