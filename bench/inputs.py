#!/usr/bin/env python3
"""make bench-inputs: what the progress line and the JSON-array reader cost.

On the bench corpus (msgsift-bench corpus --seed 1) with the samples' rules,
in interleaved rounds (medians), `classify` of:
  ndjson           the corpus, stderr /dev/null (no progress line: not a terminal)
  ndjson+progress  the same, stderr a pseudo-terminal: the progress line drawn
  ndjson+tty-off   stderr a pseudo-terminal, --no-progress
  array            the same records as one JSON array (`[` rec `,` … `]`, one per line)
  array-gb         (with --array-mb) a larger array, for peak memory against its size
Wall seconds, records/s and peak RSS (wait4) of each, ratios against `ndjson`.
Every run's verdicts are checksummed: all must agree.

usage: bench/inputs.py [--records N] [--rounds R] [--array-mb MB]
"""
import argparse
import hashlib
import os
import pty
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
BIN = os.path.join(ROOT, ".build", "release")
RULES = ["--no-db", "--filters", "samples/rules.sfsfilters", "--lists", "samples/lists.json", "--lists-languages", "he,en",
         "--rule", "links", "--rule", "short-sender=5", "--rule", "email", "--rule", "emojis", "--rule", "country-allowlist=+972,+1,+44"]


def corpus(records):
    path = os.path.join(OUT, f"corpus-{records}-1.ndjson")
    if not os.path.exists(path):
        with open(path + ".tmp", "wb") as f:
            subprocess.run([os.path.join(BIN, "msgsift-bench"), "corpus", "--records", str(records), "--seed", "1"], stdout=f, check=True)
        os.rename(path + ".tmp", path)
    return path


def as_array(ndjson, path, repeat=1):
    if not os.path.exists(path):
        with open(ndjson, "rb") as src, open(path + ".tmp", "wb") as out:
            out.write(b"[\n")
            first = True
            for _ in range(repeat):
                src.seek(0)
                for line in src:
                    line = line.rstrip(b"\r\n")
                    if not line:
                        continue
                    out.write(line if first else b",\n" + line)
                    first = False
            out.write(b"\n]\n")
        os.rename(path + ".tmp", path)
    return path


def run(cmd, stderr_tty=False):
    """Wall seconds, CPU seconds (user + system), peak RSS (KiB), md5 of stdout and bytes
    written to the terminal."""
    out_path = os.path.join(OUT, "inputs-out.tmp")
    drained = [0]
    with open(out_path, "wb") as out:
        if stderr_tty:
            master, slave = pty.openpty()
            def drain():
                while True:
                    try:
                        d = os.read(master, 65536)
                    except OSError:
                        return
                    if not d:
                        return
                    drained[0] += len(d)
            t = threading.Thread(target=drain)
            t.start()
            start = time.perf_counter()
            p = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=slave, stdin=subprocess.DEVNULL)
            os.close(slave)
        else:
            start = time.perf_counter()
            p = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        if stderr_tty:
            t.join()
            os.close(master)
    assert status == 0, (cmd, status)
    h = hashlib.md5()
    with open(out_path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    os.remove(out_path)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, h.hexdigest(), drained[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--array-mb", type=int, default=0)
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    msgsift = os.path.join(BIN, "msgsift")
    data = corpus(a.records)
    array = as_array(data, os.path.join(OUT, f"corpus-{a.records}-1.json"))
    size = os.path.getsize(data)
    runs = {
        "ndjson": ([msgsift, "classify"] + RULES + [data], False),
        "ndjson+progress": ([msgsift, "classify"] + RULES + [data], True),
        "ndjson+tty-off": ([msgsift, "classify", "--no-progress"] + RULES + [data], True),
        "array": ([msgsift, "classify"] + RULES + [array], False),
    }
    times = {k: [] for k in runs}
    cpu = {k: [] for k in runs}
    rss = {k: [] for k in runs}
    sums, tty = {}, {}
    for _ in range(a.rounds):
        for name, (cmd, on_tty) in runs.items():
            wall, used, peak, digest, drawn = run(cmd, on_tty)
            times[name].append(wall)
            cpu[name].append(used)
            rss[name].append(peak)
            tty[name] = drawn
            sums.setdefault(name, digest)
    print(f"corpus: {a.records:,} records, {size / 1e6:.0f} MB NDJSON, {os.path.getsize(array) / 1e6:.0f} MB as an array;"
          f" medians of {a.rounds} interleaved rounds; {os.cpu_count()} cores\n")
    base = statistics.median(times["ndjson"])
    base_cpu = statistics.median(cpu["ndjson"])
    print("| run | wall | records/s | vs ndjson | CPU (user+sys) | vs ndjson | peak RSS | bytes on the terminal (last round) |")
    print("|---|---|---|---|---|---|---|---|")
    for name in runs:
        m, c = statistics.median(times[name]), statistics.median(cpu[name])
        print(f"| {name} | {m:.2f} s | {a.records / m / 1000:,.0f}k | {m / base:.3f}× | {c:.2f} s | {c / base_cpu:.3f}× | {max(rss[name]) / 1024:.0f} MiB | {tty[name]:,} |")
    assert len(set(sums.values())) == 1, f"verdicts differ: {sums}"
    print(f"\nverdicts identical in every run (md5 {next(iter(sums.values()))})")
    if a.array_mb:
        repeat = max(1, a.array_mb * 1_000_000 // os.path.getsize(array))
        big = as_array(data, os.path.join(OUT, f"corpus-{a.records}-1-x{repeat}.json"), repeat)
        wall, _, peak, _, _ = run([msgsift, "classify"] + RULES + [big])
        n = a.records * repeat
        print(f"\narray of {n:,} records, {os.path.getsize(big) / 1e9:.2f} GB: {wall:.2f} s, {n / wall / 1000:,.0f}k records/s, peak RSS {peak / 1024:.0f} MiB")


if __name__ == "__main__":
    sys.exit(main())
