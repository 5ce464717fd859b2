#!/usr/bin/env python3
"""Instructions per record (callgrind): msgsift classify --jobs 1 on the first N1 and N2
records of an archive, (I(N2) - I(N1)) / (N2 - N1), so start-up cancels out.

usage: bench/instructions.py ARCHIVE N1 N2 -- MSGSIFT [classify flags...]
"""
import os
import subprocess
import sys
import tempfile


def instructions(cmd, data, n):
    with tempfile.TemporaryDirectory() as d:
        head = os.path.join(d, "head.ndjson")
        with open(data, "rb") as src, open(head, "wb") as dst:
            for i, line in enumerate(src):
                if i >= n:
                    break
                dst.write(line)
        out = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd + ["--jobs", "1", head],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        for line in open(out):
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit("no totals in callgrind output")


def main():
    sep = sys.argv.index("--")
    data, n1, n2 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    cmd = sys.argv[sep + 1:]
    cmd = [cmd[0], "classify"] + cmd[1:]
    i1, i2 = instructions(cmd, data, n1), instructions(cmd, data, n2)
    print(f"{(i2 - i1) / (n2 - n1):,.0f} instructions per record ({n1:,} and {n2:,} records: {i1:,} and {i2:,})")


if __name__ == "__main__":
    main()
