#!/usr/bin/env python3
"""Train the Spanish-against-Portuguese table and emit it as Swift.

Writes Sources/SiftText/Tables/SpanishPortugueseModel.swift. When the Latin
model's two best languages are Spanish and Portuguese, LanguageDetector reads
the body a second time with this table and lets it decide between the two
(LanguageDetector.swift, rule 2). The two are close enough that the
eight-class table, whose 2^17 buckets every class's n-grams share and whose
penalties stop at 7.5 nats, leaves many pairs to chance: `segundo valor mas
grande` came out Portuguese by 21 nats, `O número a ser convertido.` Spanish.

Features are the Latin model's (train.py `feature_keys`: character 1- to
4-grams of each folded word with its boundaries, and the whole word) and
every two words in a row (`pair_keys`: `o número`, `el número`, `o sea`,
which the words alone do not tell apart), hashed into 2^BITS buckets. Per bucket the table holds the log-likelihood ratio of
Spanish over Portuguese (naive Bayes, add-ALPHA smoothing), in 1/STEP nats,
clipped to ±CAP. So the distinctive spellings (-ción/-ção, ñ/nh, ll/lh, `no`/
`não`, `en`/`em`, `el`/`o`) weigh what real text says they weigh.

Training text, per language (never the held-out halves bench.py and chat.py
report):
  * the catalogs' training sentences (extract.py `data/train/{es,pt}.txt`);
  * wordfreq's WF_TOP most frequent words (subtitles, Twitter, Reddit, news,
    Wikipedia, books; CC BY-SA 4.0), weighted by frequency, as WF_SHARE of
    the catalogs' feature mass: the chat register;
  * Debian's fortune cookies, `fortunes-es` (Spanish) and `fortunes-br`
    (Brazilian Portuguese), fetched with `apt-get download` into
    data/fortunes (git-ignored), as FORT_SHARE of the catalogs' mass:
    everyday sentences.
BITS, STEP, the shares, the word pairs and the detector's use of the table were
chosen on the dev halves (bench.py --part dev, chat.py --part tune, sms/dev.txt,
latin.txt). The pairs with 2^18 buckets: news dev 8,418 / 29 / 19 → 8,420 / 29 / 17
right / undetermined / wrong, latin.txt 1,099 / 162 / 18 → 1,104 / 157 / 18 (with 2^17
buckets one more wrong on news dev, three fewer right and two more wrong on latin.txt).

Usage: espt.py [--out PATH]   (bench/langid/.venv/bin/python: needs numpy, wordfreq)
"""
import argparse
import base64
import glob
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train  # noqa: E402  (feature_keys, bucket, load)
import extract  # noqa: E402  (fetch: Debian's fortune packages, into data/fortunes/)

HERE = train.HERE
ROOT = train.ROOT
BITS = 18
STEP = 2
CAP = 15
ALPHA = 0.5
WF_TOP = 50000
WF_SHARE = 0.5
FORT_SHARE = 0.25
PAIRS = True
LANGS = ["es", "pt"]
FORTUNES = {"es": ("fortunes-es", "usr/share/games/fortunes/es/*.fortunes"),
            "pt": ("fortunes-br", "usr/share/games/fortunes/brasil")}


def fortunes(lang):
    """Sentences of the language's fortune cookies (attributions dropped)."""
    package, pattern = FORTUNES[lang]
    out = []
    unpacked = extract.fetch([(package, None)], os.path.join(HERE, "data", "fortunes"))[package]
    for path in sorted(glob.glob(os.path.join(unpacked, pattern))):
        with open(path, encoding="utf-8", errors="replace") as f:
            for cookie in f.read().split("\n%\n"):
                lines = [l for l in cookie.splitlines() if not l.strip().startswith("--")]
                text = re.sub(r"\s+", " ", " ".join(lines)).strip()
                if text:
                    out.append(text)
    return out


M47 = (1 << 47) - 1
M64 = (1 << 64) - 1


def pair_keys(text):
    """Two words in a row, each by the hash of its folded letters (Evidence.pairKey)."""
    keys, previous = [], 0
    for w in train.words(text):
        h = train.FNV_BASIS
        for c in w:
            h = ((h ^ c) * train.FNV_PRIME) & M64
        if previous:
            keys.append(((((previous * 0x9E3779B97F4A7C15) & M64) ^ h) & M47) | (1 << 48))
        previous = h
    return keys


def sentence_keys(s):
    return train.feature_keys(s) + (pair_keys(s) if PAIRS else [])


def counts(lang, bits):
    catalog = np.zeros(1 << bits)
    for s in train.load("train", lang):
        keys = sentence_keys(s)
        if keys:
            np.add.at(catalog, train.bucket(keys, bits), 1)
    total = catalog.sum()
    out = catalog.copy()
    if WF_SHARE > 0:
        from wordfreq import top_n_list, word_frequency
        words = top_n_list(lang, WF_TOP)
        freqs = np.array([word_frequency(w, lang) for w in words])
        part = np.zeros(1 << bits)
        for w, fq in zip(words, freqs / freqs.sum()):
            keys = train.feature_keys(w)
            if keys:
                np.add.at(part, train.bucket(keys, bits), fq)
        out += part / part.sum() * total * WF_SHARE
    if FORT_SHARE > 0:
        part = np.zeros(1 << bits)
        for s in fortunes(lang):
            keys = sentence_keys(s)
            if keys:
                np.add.at(part, train.bucket(keys, bits), 1)
        out += part / part.sum() * total * FORT_SHARE
    return out


def fit(bits=BITS):
    c = np.stack([counts(l, bits) for l in LANGS])
    logp = np.log(c + ALPHA) - np.log(c.sum(axis=1, keepdims=True) + ALPHA * (1 << bits))
    q = np.clip(np.rint((logp[0] - logp[1]) * STEP), -CAP, CAP).astype(np.int8)
    q[c.sum(axis=0) == 0] = 0
    return q


def emit(q, path):
    b64 = base64.b64encode(q.astype(np.int8).tobytes()).decode()
    lines = [b64[i:i + 120] for i in range(0, len(b64), 120)]
    with open(path, "w") as f:
        f.write("// GENERATED by bench/langid/espt.py; do not edit by hand.\n")
        f.write("// Regenerate: bench/langid/.venv/bin/python bench/langid/espt.py (after extract.py)\n")
        f.write("//\n")
        f.write("// Spanish against Portuguese (LanguageDetector.swift, rule 2): for each of\n")
        if PAIRS:
            f.write(f"// 2^{BITS} hashed feature buckets (the Latin model's features and two words\n")
            f.write("// in a row) one signed byte,\n")
        else:
            f.write(f"// 2^{BITS} hashed feature buckets (the Latin model's features) one signed byte,\n")
        f.write(f"// log P(es) - log P(pt) in 1/{STEP} nats, clipped to ±{CAP}. Trained on the\n")
        f.write("// catalogs' training sentences (bench/langid/extract.py), wordfreq's\n")
        f.write(f"// {WF_TOP} most frequent words per language (CC BY-SA 4.0) as {WF_SHARE} of their\n")
        f.write(f"// mass, and Debian's fortunes-es and fortunes-br as {FORT_SHARE}.\n")
        f.write("\nenum SpanishPortugueseModel {\n")
        f.write("    /// log2 of the number of buckets.\n")
        f.write(f"    static let bucketBits = {BITS}\n")
        f.write("    /// Units per nat.\n")
        f.write(f"    static let unitsPerNat = {STEP}.0\n")
        f.write("    /// The table, base64 (decoded once by `SpanishPortugueseTable`).\n")
        f.write("    static let base64 = \"\"\"\n")
        for l in lines:
            f.write("        " + l + "\n")
        f.write("        \"\"\"\n}\n")


def main():
    global BITS, STEP, WF_SHARE, FORT_SHARE, PAIRS
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "Sources/SiftText/Tables/SpanishPortugueseModel.swift"))
    ap.add_argument("--bits", type=int, default=BITS)
    ap.add_argument("--step", type=int, default=STEP)
    ap.add_argument("--wf-share", type=float, default=WF_SHARE)
    ap.add_argument("--fortune-share", type=float, default=FORT_SHARE)
    ap.add_argument("--no-pairs", action="store_true")
    args = ap.parse_args()
    BITS, STEP, WF_SHARE, FORT_SHARE = args.bits, args.step, args.wf_share, args.fortune_share
    PAIRS = not args.no_pairs
    q = fit(BITS)
    emit(q, args.out)
    nz = int((q != 0).sum())
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes; {nz} of {len(q)} buckets set)", file=sys.stderr)


if __name__ == "__main__":
    main()
