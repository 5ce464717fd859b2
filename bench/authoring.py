#!/usr/bin/env python3
"""make bench-authoring: eval and diff beside classify, on make bench's corpus and rules.

eval and diff are classify's pipeline counting instead of writing, so their goal is
classify's speed class: at least 80% of its records/s. The corpus (msgsift-bench
corpus, labelled here spam or ham at random, seeded) and the F500/P5k/R10 rule set
are make bench's. diff compares that rule set with itself minus every tenth filter.
Commands run in interleaved rounds; medians and ratios are printed. Each run's
result is checked: eval counts every record, diff's changed count is the same in
every round.

usage: bench/authoring.py [--records N] [--rounds R]
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import BIN, OUT, corpus, rules  # noqa: E402


def labelled(path):
    out = path.replace(".ndjson", "-labelled.ndjson")
    if not os.path.exists(out):
        rng = random.Random(1)
        with open(path, "rb") as src, open(out + ".tmp", "wb") as dst:
            for line in src:
                line = line.rstrip(b"\n")
                label = b"spam" if rng.random() < 0.3 else b"ham"
                dst.write(line[:-1] + b',"label":"' + label + b'"}\n')
        os.rename(out + ".tmp", out)
    return out


def thinned(sfsfilters):
    out = sfsfilters.replace(".sfsfilters", "-thinned.sfsfilters")
    if not os.path.exists(out):
        doc = json.load(open(sfsfilters))
        doc["filters"] = [f for i, f in enumerate(doc["filters"]) if i % 10 != 9]
        json.dump(doc, open(out, "w"))
    return out


def run(cmd):
    start = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed with status {p.returncode}")
    return elapsed, p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    msgsift = os.path.join(BIN, "msgsift")
    data = labelled(corpus(a.records))
    r5k, args = rules(500, 5000, 10)
    sfs = args[args.index("--filters") + 1]
    # diff takes the filter files as --before/--after, and reads no store either way.
    shared = [x for i, x in enumerate(args) if x != "--no-db" and not (x == "--filters" or (i > 0 and args[i - 1] == "--filters"))]
    commands = {
        "classify --jobs 2": [msgsift, "classify"] + args + ["--jobs", "2", data],
        "eval --jobs 2": [msgsift, "eval"] + args + ["--label", "label", "--json", "--jobs", "2", data],
        "diff --jobs 2": [msgsift, "diff", "--before", sfs, "--after", thinned(sfs)] + shared + ["--json", "--jobs", "2", data],
    }
    times = {k: [] for k in commands}
    outputs = {k: set() for k in commands}
    for rnd in range(a.rounds):
        for name, cmd in commands.items():
            t, out = run(cmd)
            times[name].append(t)
            if name.startswith("eval"):
                o = json.loads(out)
                assert o["records"] == a.records and o["labelled"] == a.records, o
                outputs[name].add((o["tp"], o["fp"], o["tn"], o["fn"]))
            elif name.startswith("diff"):
                o = json.loads(out)
                assert o["records"] == a.records, o
                outputs[name].add(o["changed"])
            else:
                outputs[name].add(out.count(b"\n"))
        print(f"round {rnd + 1}/{a.rounds} done", file=sys.stderr)
    for name, got in outputs.items():
        if len(got) != 1:
            sys.exit(f"bench: {name}: runs disagree: {got}")
    med = {k: statistics.median(v) for k, v in times.items()}
    base = a.records / med["classify --jobs 2"]
    print(f"corpus: {a.records:,} records ({os.path.getsize(data) / 1e6:.0f} MB, labelled), rules F500/P5k/R10; medians of {a.rounds} interleaved rounds")
    for name in commands:
        rate = a.records / med[name]
        print(f"  {name:20s} {med[name]:7.2f} s  {rate:12,.0f} records/s  {rate / base:5.2f}x classify")
    print(f"  eval: tp fp tn fn = {next(iter(outputs['eval --jobs 2']))}; diff: {next(iter(outputs['diff --jobs 2'])):,} records change")


if __name__ == "__main__":
    main()
