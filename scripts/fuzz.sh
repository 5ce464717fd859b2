#!/usr/bin/env bash
# Builds the libFuzzer harnesses of Tests/Fuzz/Harnesses and runs each for FUZZ_SECONDS
# (or until FUZZ_RUNS executions, if sooner), printing one line per harness:
#   fuzz NAME: N execs, no crash
# A crash, leak or time-out stops with exit status 1 and the reproducer saved in
# .build/fuzz/crashes/ (run the harness binary on it to see the failure again).
#
# The libraries are built by SwiftPM with AddressSanitizer and libFuzzer's coverage
# instrumentation (in .build/fuzz, apart from the normal build); each harness is then
# compiled by swiftc and linked with their objects and libFuzzer. (SwiftPM cannot link a
# libFuzzer executable itself: it names an executable's entry point after its module.)
# Optimised (-c release, as msgsift ships; -enable-testing for the harnesses that reach
# internal API): unoptimised Swift ran the harnesses 2-8 times slower, and `precondition`,
# bounds and overflow checks stay on. A harness with Tests/Fuzz/Dictionaries/NAME.dict is
# given it (its format's tokens). Runs are capped at 4 KiB inputs (-max_len). An input that
# runs longer than FUZZ_TIMEOUT seconds (default 10) stops the run as a hang; on a loaded
# shared machine, where a whole fuzzer process can stall for half a minute, a larger one
# keeps those stalls from ending runs (a stalled process reports its time-out only when
# it runs again, well past the limit, on an input that then runs in milliseconds).
#
# usage: scripts/fuzz.sh [NAME…]   (default: every harness)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
RUNS=${FUZZ_RUNS:-}
TIMEOUT=${FUZZ_TIMEOUT:-10}
out=.build/fuzz
mkdir -p "$out"   # (and .build, in a clean clone: the build log goes beside it)
triple=$($SWIFT -print-target-info 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
# FUZZ_BUILD=0 takes the libraries as last built (for runs while the sources change).
[ "${FUZZ_BUILD:-1}" = 0 ] || $SWIFT build -c release --build-path "$out" --product msgsift -Xswiftc -enable-testing \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xcc -fsanitize=address,fuzzer-no-link >"$out.log" 2>&1 || { cat "$out.log"; exit 1; }
lib="$out/$triple/release"
objects=()
for module in SiftText SiftRules SiftEngine SiftStore SiftInput SiftOutput SiftStream CTextScan CICUShim CRuntime CXMLShim; do
    objects+=("$lib/$module.build/"*.o)
done
maps=()
for module in CICUShim CTextScan CRuntime CXMLShim; do
    maps+=(-Xcc "-fmodule-map-file=$lib/$module.build/module.modulemap")
done
for module in CSQLite CLibXML2 CZlib; do
    maps+=(-Xcc "-fmodule-map-file=Sources/$module/module.modulemap")
done
maps+=(-Xcc "$(pkg-config --cflags-only-I libxml-2.0)")
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in Tests/Fuzz/Harnesses/*.swift; do names+=("$(basename "$f" .swift)"); done
fi
mkdir -p "$out/bin" "$out/crashes"
status=0
for name in "${names[@]}"; do
    src="Tests/Fuzz/Harnesses/$name.swift"
    [ -f "$src" ] || { echo "msgsift fuzz: no harness $src" >&2; exit 2; }
    swiftc=$(dirname "$(command -v "$SWIFT")")/swiftc
    "$swiftc" -O -g -parse-as-library -sanitize=fuzzer,address -I "$lib/Modules" "${maps[@]}" "$src" "${objects[@]}" \
        -licui18n -licuuc -licudata -lsqlite3 -lxml2 -lz -o "$out/bin/$name" 2>"$out/bin/$name.log" || { cat "$out/bin/$name.log"; exit 1; }
    # The committed seeds stay as they are: new inputs go to a corpus of this run.
    corpus="$out/corpus/$name"
    mkdir -p "$corpus"
    seeds="Tests/Fuzz/Corpus/$name"
    limit=(-max_total_time="$SECONDS_EACH")
    [ -n "$RUNS" ] && limit+=(-runs="$RUNS")
    # The format's tokens, where the harness has a dictionary.
    dict="Tests/Fuzz/Dictionaries/$name.dict"
    [ -f "$dict" ] && limit+=(-dict="$dict")
    log="$out/$name.log"
    if SWIFT_BACKTRACE=enable=no "$out/bin/$name" "${limit[@]}" -timeout="$TIMEOUT" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$out/crashes/$name-" "$corpus" ${seeds:+$( [ -d "$seeds" ] && echo "$seeds")} >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        echo "fuzz $name: ${execs:-?} execs, no crash"
    else
        echo "fuzz $name: FAILED (log: $log; reproducer in $out/crashes/)"
        # What failed, and where (a failed precondition of -O code says no message: its line does).
        grep -E -A1 "ERROR|Fatal error|runtime failure|SUMMARY" "$log" | grep -v "^--" | head -8
        status=1
    fi
done
exit $status
