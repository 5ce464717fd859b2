#!/usr/bin/env python3
"""make bench: msgsift's throughput beside what a user would otherwise reach for.

Builds nothing (the Makefile builds release first). Generates a deterministic
corpus and rule sets with msgsift-bench, then runs every command in
interleaved rounds and reports medians, so the ratios compare runs made side
by side under the same load. Every msgsift run's verdicts are checksummed: all
runs of one rule set must agree (any --jobs), and must match the checksum
recorded in bench/checksums.txt for that corpus and rule set.

usage: bench/run.py [--records N] [--rounds R] [--quick]

--quick leaves out the input-size scaling (100 MB vs 1 GB, which writes a
1 GB corpus to bench/out/ on first use).
"""
import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
BIN = os.path.join(ROOT, ".build", "release")
CHECKSUMS = os.path.join(ROOT, "bench", "checksums.txt")


def sh(cmd, stdout=None, stdin=None):
    return subprocess.run(cmd, stdout=stdout or subprocess.DEVNULL, stdin=stdin, stderr=subprocess.PIPE, check=True)


def timed(cmd, stdin_path=None, checksum=False):
    """Wall seconds of the child, and the md5 of its stdout when asked.

    A checksummed run writes its stdout to a file, hashed after the clock stops: hashing
    it from a pipe as it came took a core's share of time from a `--jobs 2` run (and not
    from a `--jobs 1` run, which leaves a core free), which made `--jobs 2` look slower."""
    stdin = open(stdin_path, "rb") if stdin_path else None
    out_path = os.path.join(OUT, "timed-output.tmp")
    out = open(out_path, "wb") if checksum else subprocess.DEVNULL
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=out, stdin=stdin, stderr=subprocess.DEVNULL)
    status = p.wait()
    elapsed = time.perf_counter() - start
    if status not in (0, 1):  # rg -c exits 1 when nothing matched
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status}")
    digest = None
    if checksum:
        out.close()
        h = hashlib.md5()
        with open(out_path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        os.remove(out_path)
        digest = h.hexdigest()
    return elapsed, digest


def peak_rss(cmd):
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(r.stderr.strip().splitlines()[-1])


def corpus(records, seed=1):
    path = os.path.join(OUT, f"corpus-{records}-{seed}.ndjson")
    if not os.path.exists(path):
        with open(path + ".tmp", "wb") as f:
            sh([os.path.join(BIN, "msgsift-bench"), "corpus", "--records", str(records), "--seed", str(seed)], stdout=f)
        os.rename(path + ".tmp", path)
    return path


def realistic(records, seed=1):
    """The realistic multilingual archive (bench/realistic.py), made once and kept."""
    path = os.path.join(OUT, f"realistic-{records}-{seed}.ndjson")
    if not os.path.exists(path):
        with open(path + ".tmp", "wb") as f:
            sh([sys.executable, os.path.join(ROOT, "bench", "realistic.py"), "--records", str(records), "--seed", str(seed)], stdout=f)
        os.rename(path + ".tmp", path)
    return path


def rules(f, p, r, seed=1):
    d = os.path.join(OUT, f"rules-F{f}-P{p}-R{r}-{seed}")
    if not os.path.exists(os.path.join(d, "args.txt")):
        sh([os.path.join(BIN, "msgsift-bench"), "rules", "--filters", str(f), "--phrases", str(p), "--regexes", str(r), "--seed", str(seed), "--dir", d])
    return d, open(os.path.join(d, "args.txt")).read().split()


def regex_count(path):
    import json
    return sum(1 for f in json.load(open(path, encoding="utf-8"))["filters"] if f["matching"] == "regex")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="leave out the 100 MB vs 1 GB inputs")
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    msgsift = os.path.join(BIN, "msgsift")
    data = corpus(a.records)
    size = os.path.getsize(data)
    r5k, args5k = rules(500, 5000, 10)
    r50k, args50k = rules(500, 50000, 10)
    phrases = os.path.join(r5k, "phrases.txt")
    # The realistic archive, with the bench's phrases and lists and no regex (R0), and with
    # the realistic regexes (bench/regex-rules.sfsfilters) as the oldest filters on top.
    real = realistic(a.records)
    _, args_plain = rules(500, 5000, 0)
    regex_rules = os.path.join(ROOT, "bench", "regex-rules.sfsfilters")
    args_regex = ["--filters", regex_rules] + args_plain
    # Five more sets of everyday regexes, written apart from the layers' design: dev1, dev2
    # and dev3 were written before changes the layers then made for them; test1 after those
    # of dev1 and dev2, and test2 after every change, both measured as they are
    # (bench/RESULTS.md says which came after which).
    other_sets = {name: os.path.join(ROOT, "bench", f"regex-rules-{name}.sfsfilters") for name in ("dev1", "dev2", "dev3", "test1", "test2")}

    commands = {
        "cat >/dev/null": (["cat", data], False),
        "wc -l": (["wc", "-l", data], False),
        "rg -c -F -f phrases": (["rg", "-c", "-F", "-f", phrases, data], False),
        "msgsift, no rules": ([msgsift, "classify", "--no-db", data], True),
        "msgsift F500/P5k/R10 --jobs 2": ([msgsift, "classify"] + args5k + ["--jobs", "2", data], True),
        "msgsift F500/P5k/R10 --jobs 1": ([msgsift, "classify"] + args5k + ["--jobs", "1", data], True),
        "msgsift F500/P50k/R10 --jobs 2": ([msgsift, "classify"] + args50k + ["--jobs", "2", data], True),
        "realistic, F500/P5k, no regex": ([msgsift, "classify"] + args_plain + ["--jobs", "2", real], True),
        "realistic, F500/P5k + 44 regexes": ([msgsift, "classify"] + args_regex + ["--jobs", "2", real], True),
    }
    for name, path in other_sets.items():
        commands[f"realistic, F500/P5k + {name}"] = ([msgsift, "classify", "--filters", path] + args_plain + ["--jobs", "2", real], True)
    times = {k: [] for k in commands}
    sums = {k: set() for k in commands}
    for rnd in range(a.rounds):
        for name, (cmd, check) in commands.items():
            t, digest = timed(cmd, checksum=check)
            times[name].append(t)
            if digest:
                sums[name].add(digest)
        print(f"round {rnd + 1}/{a.rounds} done", file=sys.stderr)

    # Checksums: one per rule set, whatever --jobs, and the recorded one if any.
    recorded = {}
    if os.path.exists(CHECKSUMS):
        for line in open(CHECKSUMS):
            if line.strip() and not line.startswith("#"):
                key, value = line.split()
                recorded[key] = value
    failures = []
    keyed = {
        f"{a.records}:none": sums["msgsift, no rules"],
        f"{a.records}:F500-P5000-R10": sums["msgsift F500/P5k/R10 --jobs 2"] | sums["msgsift F500/P5k/R10 --jobs 1"],
        f"{a.records}:F500-P50000-R10": sums["msgsift F500/P50k/R10 --jobs 2"],
        f"realistic-{a.records}:F500-P5000-R0": sums["realistic, F500/P5k, no regex"],
        f"realistic-{a.records}:F500-P5000-R0+regex-rules": sums["realistic, F500/P5k + 44 regexes"],
    }
    for name in other_sets:
        keyed[f"realistic-{a.records}:F500-P5000-R0+regex-rules-{name}"] = sums[f"realistic, F500/P5k + {name}"]
    for key, got in keyed.items():
        if len(got) != 1:
            failures.append(f"{key}: runs disagree: {sorted(got)}")
        elif key in recorded and recorded[key] not in got:
            failures.append(f"{key}: checksum {got.pop()} differs from the recorded {recorded[key]}")
        elif key not in recorded:
            with open(CHECKSUMS, "a") as f:
                f.write(f"{key} {next(iter(got))}\n")

    # Python baseline on a slice (it is slow); its rate is per record.
    base_n = min(a.records, 20_000)
    head = os.path.join(OUT, f"head-{base_n}.ndjson")
    if not os.path.exists(head):
        with open(data, "rb") as src, open(head, "wb") as dst:
            for i, line in enumerate(src):
                if i >= base_n:
                    break
                dst.write(line)
    langs = "en,he,ar,zh-Hans,zh-Hant,fr,de,it,ja,fa,pt,ru,es,tr"
    t_base, _ = timed([sys.executable, os.path.join(ROOT, "bench", "baseline.py"), os.path.join(r5k, "rules.sfsfilters"),
                       os.path.join(r5k, "lists.json"), langs, os.path.join(r5k, "args.txt")], stdin_path=head)
    base_rate = base_n / t_base

    # rg -i with thousands of phrases (some non-ASCII) goes through its regex engine and runs
    # about 40x slower than msgsift: measured once, on the same slice as the Python baseline.
    t_rgi, _ = timed(["rg", "-c", "-F", "-i", "-f", phrases, head])
    rgi_rate = base_n / t_rgi

    rss = {name: peak_rss(commands[name][0]) for name in ["msgsift F500/P5k/R10 --jobs 2", "msgsift F500/P50k/R10 --jobs 2"]}

    med = {k: statistics.median(v) for k, v in times.items()}
    full = med["msgsift F500/P5k/R10 --jobs 2"]
    cpu = open("/proc/cpuinfo").read().split("model name")[1].split(":")[1].split("\n")[0].strip()
    print(f"\nmsgsift bench — {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {cpu}")
    print(f"corpus: {a.records:,} records, {size / 1e6:.0f} MB (msgsift-bench corpus --seed 1); medians of {a.rounds} interleaved rounds\n")
    print(f"{'command':34} {'seconds':>8} {'records/s':>11} {'MB/s':>7} {'vs full msgsift':>16}")
    for name in commands:
        s = med[name]
        print(f"{name:34} {s:8.2f} {a.records / s:11,.0f} {size / 1e6 / s:7.0f} {s / full:15.2f}x")
    print(f"{'rg -c -F -i -f (' + str(base_n) + ' records)':34} {t_rgi:8.2f} {rgi_rate:11,.0f} {'':>7} {(a.records / rgi_rate) / full:15.2f}x")
    print(f"{'python baseline (' + str(base_n) + ' records)':34} {t_base:8.2f} {base_rate:11,.0f} {'':>7} {(a.records / base_rate) / full:15.2f}x")
    print()
    print(f"msgsift F500/P5k/R10 --jobs 2: {a.records / full:,.0f} records/s, {size / 1e6 / full:.0f} MB/s, peak RSS {rss['msgsift F500/P5k/R10 --jobs 2'] / 1024:.0f} MiB")
    print(f"  vs rg -c -F -i -f: {(a.records / rgi_rate) / full:.1f}x faster (rate on the slice); vs rg -c -F -f: {med['rg -c -F -f phrases'] / full:.2f}")
    print(f"  vs python baseline: {(a.records / full) / base_rate:.0f}x")
    print(f"  --jobs 2 vs --jobs 1: {med['msgsift F500/P5k/R10 --jobs 1'] / full:.2f}x")
    print(f"  P=50,000 vs P=5,000: {med['msgsift F500/P50k/R10 --jobs 2'] / full:.2f}x time, peak RSS {rss['msgsift F500/P50k/R10 --jobs 2'] / 1024:.0f} MiB")
    print(f"  I/O floor (no rules) vs full: {med['msgsift, no rules'] / full:.2f}")

    plain, withre = med["realistic, F500/P5k, no regex"], med["realistic, F500/P5k + 44 regexes"]
    rsize = os.path.getsize(real)
    print(f"\nrealistic archive ({a.records:,} records, {rsize / 1e6:.0f} MB, bench/realistic.py --seed 1), F500/P5k --jobs 2:")
    print(f"  no regex: {a.records / plain:,.0f} records/s; with the {regex_count(regex_rules)} regexes of bench/regex-rules.sfsfilters: "
          f"{a.records / withre:,.0f} records/s; {withre / plain:.2f}x the time")
    # Per regex, alone: how many messages reached ICU, and the same verdicts without the prefilter.
    n_check = min(a.records, 200_000)
    r = subprocess.run([os.path.join(BIN, "msgsift-bench"), "regex-check", "--filters", regex_rules, "--corpus", real,
                        "--records", str(n_check)], stdout=subprocess.PIPE, text=True)
    print("\n" + r.stdout.rstrip())
    if r.returncode != 0:
        failures.append("regex-check: the prefilter changed a verdict")
    print("\nthe other regex sets, on the same archive and rules:")
    for name, path in other_sets.items():
        t = med[f"realistic, F500/P5k + {name}"]
        r = subprocess.run([os.path.join(BIN, "msgsift-bench"), "regex-check", "--filters", path, "--corpus", real,
                            "--records", str(n_check)], stdout=subprocess.PIPE, text=True)
        icu = next((l.strip() for l in r.stdout.splitlines() if l.startswith("ICU ran")), "regex-check said nothing")
        print(f"  {name} ({regex_count(path)} regexes): {a.records / t:,.0f} records/s; {t / plain:.2f}x the time; {icu}")
        if r.returncode != 0:
            failures.append(f"regex-check ({name}): the prefilter changed a verdict")

    if not a.quick:
        # Input size: ~100 MB vs ~1 GB, once each (time and peak RSS of the same run). The time
        # should grow with the input and the peak RSS not at all (bounded memory).
        sized = []
        for n in (550_000, 5_500_000):
            path = corpus(n)
            r = subprocess.run(["/usr/bin/time", "-f", "%e %M", msgsift, "classify"] + args5k + ["--jobs", "2", path],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
            seconds, kib = r.stderr.strip().splitlines()[-1].split()
            sized.append((os.path.getsize(path), float(seconds), int(kib)))
        (s1, t1, m1), (s2, t2, m2) = sized
        print(f"  input {s1 / 1e6:,.0f} MB vs {s2 / 1e6:,.0f} MB: {t1:.2f} s vs {t2:.2f} s ({t2 / t1:.1f}x time for {s2 / s1:.1f}x input), "
              f"peak RSS {m1 / 1024:.0f} vs {m2 / 1024:.0f} MiB")

    if failures:
        print("\nCHECKSUM FAILURES:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print("\nchecksums: all msgsift runs of each rule set agree" + (" and match bench/checksums.txt" if recorded else " (recorded in bench/checksums.txt)"))


if __name__ == "__main__":
    main()
