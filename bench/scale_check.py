#!/usr/bin/env python3
"""Spark's RDD.pipe over a partitioned archive gives the verdicts of one run.

usage: bench/scale_check.py --binary PATH [--tarball PATH] [--records N] [--partitions P]

Writes a realistic archive (bench/realistic.py) as P part files under
.build/scale/archive/, ships the dist tarball (SparkContext.addArchive) and the rule
files (addFile) as a cluster job would, and runs `msgsift classify` with `--no-db` and
those files through RDD.pipe on Spark in local mode, one msgsift per partition. The same
binary then judges the whole archive in one run. Every record's verdict, keyed by its
`id`, must be the same; no id may be missing, repeated or new. Prints one line, pass or
FAIL, and exits 1 on any difference (0 on pass).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULE_FILES = ["samples/rules.sfsfilters", "samples/lists.json"]


def rule_flags(rules, lists):
    return ["--no-db", "--filters", rules, "--lists", lists, "--lists-languages", "he,en",
            "--rule", "links", "--rule", "short-sender=5", "--rule", "email", "--rule", "emojis",
            "--rule", "country-allowlist=+972,+1,+44", "--jobs", "1"]


def verdicts(lines, where):
    """id -> (action, stage, reason, warning), and the ids seen more than once."""
    out, repeated = {}, []
    for line in lines:
        v = json.loads(line)
        if "error" in v:
            raise SystemExit(f"scale-check: FAIL: {where}: an error record: {v['error']}")
        key = json.dumps(v.get("id"))
        if key in out:
            repeated.append(key)
        out[key] = (v.get("action"), v.get("stage"), v.get("reason"), v.get("warning"))
    return out, repeated


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True, help="the msgsift binary of the dist build")
    ap.add_argument("--tarball", help="the dist tarball (default: the only one in dist/)")
    ap.add_argument("--records", type=int, default=40000)
    ap.add_argument("--partitions", type=int, default=8)
    args = ap.parse_args()
    os.chdir(ROOT)

    tarball = args.tarball or (sorted(glob.glob("dist/msgsift-*-linux-*.tar.gz")) or [None])[-1]
    if not tarball:
        raise SystemExit("scale-check: FAIL: no dist/msgsift-*.tar.gz (run make dist)")
    version = subprocess.run([args.binary, "--version"], capture_output=True, text=True, check=True).stdout.split()[1]

    work = os.path.join(ROOT, ".build", "scale")
    archive = os.path.join(work, "archive")
    os.makedirs(archive, exist_ok=True)
    for old in glob.glob(os.path.join(archive, "*")):
        os.remove(old)
    lines = subprocess.run([sys.executable, "bench/realistic.py", "--records", str(args.records)],
                           capture_output=True, check=True).stdout.splitlines(keepends=True)
    size = -(-len(lines) // args.partitions)
    for p in range(args.partitions):
        with open(os.path.join(archive, f"part-{p:05d}.ndjson"), "wb") as f:
            f.writelines(lines[p * size:(p + 1) * size])
    parts = sorted(glob.glob(os.path.join(archive, "part-*.ndjson")))

    # One run over the whole archive, the reference.
    single = subprocess.run([args.binary, "classify", *rule_flags(*RULE_FILES), *parts],
                            capture_output=True, check=False)
    if single.returncode != 0:
        raise SystemExit(f"scale-check: FAIL: the single run exited {single.returncode}: {single.stderr.decode()[:300]}")
    expected, _ = verdicts(single.stdout.decode().splitlines(), "single run")

    from pyspark import SparkConf, SparkContext, SparkFiles
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    conf = (SparkConf().setMaster("local[2]").setAppName("msgsift-scale-check")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
    # Spark's own chatter (the JVM writes to this process's stderr) goes to a log file.
    log = os.path.join(work, "spark.log")
    saved = os.dup(2)
    with open(log, "wb") as f:
        os.dup2(f.fileno(), 2)
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    started = time.monotonic()
    try:
        # Shipped as a job ships them: the tarball unpacked beside each executor, the rules as files.
        sc.addArchive(os.path.abspath(tarball))
        for f in RULE_FILES:
            sc.addFile(os.path.abspath(f))
        shipped = os.path.join(SparkFiles.get(os.path.basename(tarball)), f"msgsift-{version}", "bin", "msgsift")
        rules = [SparkFiles.get(os.path.basename(f)) for f in RULE_FILES]
        command = " ".join([shipped, "classify", *rule_flags(*rules)])
        rdd = sc.textFile(archive, minPartitions=args.partitions)
        piped = rdd.pipe(command, checkCode=True).collect()
        partitions = rdd.getNumPartitions()
        spark = sc.version
    except Exception as e:
        os.dup2(saved, 2)
        raise SystemExit(f"scale-check: FAIL: Spark: {str(e).splitlines()[0] if str(e) else e!r} (see {log})")
    finally:
        sc.stop()
        os.dup2(saved, 2)
    seconds = time.monotonic() - started

    got, repeated = verdicts(piped, "RDD.pipe")
    missing = expected.keys() - got.keys()
    extra = got.keys() - expected.keys()
    differ = [k for k in expected.keys() & got.keys() if expected[k] != got[k]]
    if missing or extra or repeated or differ or len(piped) != len(lines):
        first = (differ or sorted(missing) or sorted(extra) or repeated)[:1]
        print(f"scale-check: FAIL: {len(lines)} records, {len(piped)} verdicts from RDD.pipe: "
              f"{len(differ)} differ, {len(missing)} missing, {len(extra)} unknown ids, {len(repeated)} repeated"
              f" (first: {first})")
        return 1
    print(f"scale-check: pass: {len(lines)} records in {partitions} partitions through RDD.pipe "
          f"(Spark {spark}, local[2], {seconds:.1f} s): every verdict equals one run's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
