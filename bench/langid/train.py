#!/usr/bin/env python3
"""Train msgsift's Latin-script language model and emit it as Swift.

Reads bench/langid/data/train/{en,fr,de,it,pt,es,tr,xx}.txt (made by
extract.py) and writes Sources/SiftText/Tables/LatinModel.swift.

The model is multinomial naive Bayes over hashed features of each Latin
word, exactly as LanguageDetector.swift computes them:
  * the word is folded (ASCII lowercased; Latin-1/Extended-A by
    Evidence.foldLatin; İ → i) and padded with a boundary on each side;
  * each character n-gram of length 1...ORDER of the padded word (except a lone
    boundary) is packed into an integer: 11 bits per scalar (scalars above
    0x7FE become 0x7FF), the length in bits 44...46;
  * words of 3 or more letters also give a whole-word feature (FNV-1a of the
    scalars, bit 47 set);
  * a feature's bucket is the top BITS bits of key * 0x9E3779B97F4A7C15.
Per bucket, each class gets a penalty: how many half nats its log-probability
is below the best class's (0...15, four bits), so a detector only adds small
integers. Class 7
(`xx`) stands for Latin-script languages msgsift does not support.

Usage:
  train.py                 train on all training data and write the Swift table
  train.py --experiment    hold part of the training data out and compare settings
  train.py --bits N        2^N buckets instead of 2^17 (with --out, to compare tables)
"""
import argparse
import base64
import hashlib
import math
import os
import sys

import numpy as np

CLASSES = ["en", "fr", "de", "it", "pt", "es", "tr", "xx"]
BITS = 17
ORDER = 4
ALPHA = 0.5
STEP = 2           # penalty units per nat (4-bit penalties: at most 7.5 nats)
OTHER_PRIOR = 6    # the `xx` class starts 3 nats behind
MULT = 0x9E3779B97F4A7C15
M64 = (1 << 64) - 1
FNV_BASIS = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def fold_latin(c):
    """Evidence.foldLatin, for scalars of Latin letters."""
    if c < 0x80:
        return c | 0x20
    if c == 0x130:
        return 0x69
    if 0xC0 <= c <= 0xDE and c != 0xD7:
        return c + 0x20
    if 0x100 <= c <= 0x137 or 0x14A <= c <= 0x177:
        return c | 1
    if 0x139 <= c <= 0x148 or 0x179 <= c <= 0x17E:
        return c + 1 if c & 1 else c
    if c == 0x178:
        return 0xFF
    return c


_latin = {}


def is_latin_letter(ch):
    r = _latin.get(ch)
    if r is None:
        import unicodedata
        o = ord(ch)
        if o < 0x80:
            r = ch.isascii() and ch.isalpha()
        else:
            r = unicodedata.category(ch).startswith("L") and (
                "LATIN" in unicodedata.name(ch, "") or o in (0xAA, 0xBA))
        _latin[ch] = r
    return r


SKIP = set(range(0x300, 0x370))   # combining marks stay inside a word


def words(text):
    """Runs of Latin letters, folded, as lists of scalars (LanguageDetector's word split)."""
    out, cur = [], []
    for ch in text:
        o = ord(ch)
        if o in SKIP:
            continue
        if is_latin_letter(ch):
            c = fold_latin(o)
            if len(cur) < 2 or cur[-1] != c or cur[-2] != c:   # a third `e` of `sooo` is emphasis
                cur.append(c)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def feature_keys(text, order=ORDER, whole=True):
    keys = []
    for w in words(text):
        s = [0x20] + [c if c < 0x7FF else 0x7FF for c in w] + [0x20]
        win = 0x20
        for i in range(1, len(s)):
            win = ((win << 11) | s[i]) & ((1 << 44) - 1)
            for n in range(1, min(order, i + 1) + 1):
                if n == 1 and s[i] == 0x20:
                    continue
                keys.append((win & ((1 << (11 * n)) - 1)) | (n << 44))
        if whole and len(w) >= 3:
            h = FNV_BASIS
            for c in w:
                h = ((h ^ c) * FNV_PRIME) & M64
            keys.append((h & ((1 << 47) - 1)) | (1 << 47))
    return keys


def bucket(keys, bits):
    a = np.array(keys, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return ((a * np.uint64(MULT)) >> np.uint64(64 - bits)).astype(np.int64)


def load(part, lang):
    path = os.path.join(HERE, "data", part, f"{lang}.txt")
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def featurize(sentences, bits, order, whole):
    return [bucket(feature_keys(s, order, whole), bits) for s in sentences]


# Chat register: every class also learns the words wordfreq (subtitles, Twitter, Reddit,
# news, Wikipedia) finds frequent in its language(s), weighted by frequency, as CHAT_SHARE
# of its catalog text's feature mass; `xx` from the languages chatwords.py compares with.
CHAT_TOP = 25000
CHAT_SHARE = 0.25
CHAT_LANGS = {"en": ["en"], "fr": ["fr"], "de": ["de"], "it": ["it"], "pt": ["pt"], "es": ["es"], "tr": ["tr"],
              "xx": ["nl", "sv", "da", "nb", "pl", "ro", "ca", "cs", "hu", "fi", "id", "vi", "sk", "sl", "sh",
                     "lt", "lv", "is"]}


# Turkish SMS is often typed without its letters' marks (`cok guzel`, `tesekkurler`): the
# class also learns its chat words so, as this share of the words. Chosen on dev data
# (sms/latin.txt's Turkish 121 → 139 of 155 named, chat.py's tune part, bench.py's dev part);
# for Portuguese (`nao sei`) it named no more of latin.txt's Portuguese and was left out.
BARE_SHARE = {"tr": 0.5}


def bare(word):
    """The word typed without marks: ş → s, ã → a, ı → i."""
    import unicodedata
    out = "".join(c for c in unicodedata.normalize("NFD", word.replace("ı", "i")) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", out)


def chat_counts(bits):
    """Per class, feature counts of wordfreq's frequent words, frequency-weighted, summing to 1."""
    from wordfreq import top_n_list, word_frequency
    out = np.zeros((len(CLASSES), 1 << bits), dtype=np.float64)
    for ci, cls in enumerate(CLASSES):
        for lang in CHAT_LANGS[cls]:
            words = top_n_list(lang, CHAT_TOP)
            freqs = np.array([word_frequency(w, lang) for w in words])
            share = BARE_SHARE.get(cls, 0.0)
            part = np.zeros(1 << bits, dtype=np.float64)
            for w, fq in zip(words, freqs / freqs.sum()):
                for form, weight in ((w, 1 - share), (bare(w), share)):
                    if weight > 0 and feature_keys(form):
                        np.add.at(part, bucket(feature_keys(form), bits), fq * weight)
            out[ci] += part / part.sum() / len(CHAT_LANGS[cls])
    return out


def fit(feats_by_class, bits=BITS, alpha=ALPHA):
    """Penalties [class, bucket] in 1/STEP nats below the best class, 0...15."""
    counts = np.zeros((len(CLASSES), 1 << bits), dtype=np.float64)
    for ci, feats in enumerate(feats_by_class):
        counts[ci] = np.bincount(np.concatenate(feats), minlength=1 << bits)
    if CHAT_SHARE > 0:
        counts += chat_counts(bits) * counts.sum(axis=1, keepdims=True) * CHAT_SHARE
    logp = np.log(counts + alpha) - np.log(counts.sum(axis=1, keepdims=True) + alpha * (1 << bits))
    pen = np.clip(np.rint((logp.max(axis=0, keepdims=True) - logp) * STEP), 0, 15).astype(np.uint32)
    pen[:, counts.sum(axis=0) == 0] = 0
    return pen


def predict(pen, f):
    """(best class, runner-up − best in nats), as LanguageDetector decides."""
    if len(f) == 0:
        return None, 0.0
    s = pen[:, f].sum(axis=1).astype(np.int64)
    s[CLASSES.index("xx")] += OTHER_PRIOR
    order = np.argsort(s, kind="stable")
    return order[0], (s[order[1]] - s[order[0]]) / STEP


def experiment():
    """Train on 9/10 of the training part, report on the other tenth (≥ 20 characters)."""
    dev_key = lambda s: int(hashlib.sha1(("dev" + s).encode()).hexdigest()[:8], 16) % 10
    train, dev = {}, {}
    for lang in CLASSES:
        ss = load("train", lang)
        train[lang] = [s for s in ss if dev_key(s) != 0]
        dev[lang] = [s for s in ss if dev_key(s) == 0 and len(s) >= 20]
    pen = fit([featurize(train[l], BITS, ORDER, True) for l in CLASSES], BITS)
    preds = {l: [predict(pen, f) for f in featurize(dev[l], BITS, ORDER, True)] for l in CLASSES}
    for margin in (0.0, 1.0, 2.0, 3.0):
        ok = tot = und = 0
        per = []
        for ci, lang in enumerate(CLASSES[:-1]):
            good = sum(p == ci and m >= margin for p, m in preds[lang])
            u = sum(p is None or p == len(CLASSES) - 1 or m < margin for p, m in preds[lang])
            ok, und, tot = ok + good, und + u, tot + len(preds[lang])
            per.append(f"{lang} {100 * good / len(preds[lang]):.2f}")
        xx_und = sum(p == len(CLASSES) - 1 or m < margin for p, m in preds["xx"]) / len(preds["xx"])
        print(f"margin {margin}: accuracy {100 * ok / tot:.2f} undetermined {100 * und / tot:.2f}  "
              + " ".join(per) + f"  | other languages left undetermined {100 * xx_und:.1f}")


def emit(pen, path, counts):
    # One little-endian UInt32 per bucket: class k's penalty in bits 4k...4k+3.
    packed = np.zeros(pen.shape[1], dtype=np.uint32)
    for k in range(len(CLASSES)):
        packed |= pen[k].astype(np.uint32) << np.uint32(4 * k)
    b64 = base64.b64encode(packed.astype("<u4").tobytes()).decode()
    lines = [b64[i:i + 120] for i in range(0, len(b64), 120)]
    with open(path, "w") as f:
        f.write("// GENERATED by bench/langid/train.py; do not edit by hand.\n")
        f.write("// Regenerate: python3 bench/langid/extract.py && bench/langid/.venv/bin/python bench/langid/train.py (needs numpy; make bench-langid makes the venv)\n")
        f.write("//\n")
        f.write("// Naive-Bayes penalties for Latin-script words (LanguageDetector.swift, DESIGN.md):\n")
        f.write(f"// for each of 2^{BITS} hashed feature buckets one UInt32 holding 8 four-bit penalties,\n")
        f.write(f"// class k ({' '.join(CLASSES)}) in bits 4k...4k+3: how far the class's\n")
        f.write(f"// log-probability is below the best class's, in 1/{STEP} nats, capped at 15.\n")
        f.write("// Trained on sentences from Debian's translated Firefox, Thunderbird and\n")
        f.write("// LibreOffice packages (bench/langid/extract.py), per class:\n")
        f.write("// " + ", ".join(f"{k} {v}" for k, v in counts.items()) + ";\n")
        f.write(f"// and wordfreq's {CHAT_TOP} most frequent words per language (CC BY-SA 4.0), weighted by\n")
        f.write(f"// frequency, as {CHAT_SHARE} of each class's catalog feature mass; of the Turkish words,\n")
        f.write(f"// {BARE_SHARE['tr']} of their weight typed without marks (`cok`, `tesekkurler`).\n")
        f.write("\nenum LatinModel {\n")
        f.write("    /// log2 of the number of buckets.\n")
        f.write(f"    static let bucketBits = {BITS}\n")
        f.write("    /// Penalty units per nat.\n")
        f.write(f"    static let unitsPerNat = {STEP}.0\n")
        f.write("    /// Prior penalty of the last class, \"another Latin-script language\", in units.\n")
        f.write(f"    static let otherPrior: UInt32 = {OTHER_PRIOR}\n")
        f.write("    /// The table, base64 (decoded once by `LatinModelTable`).\n")
        f.write("    static let base64 = \"\"\"\n")
        for l in lines:
            f.write("        " + l + "\n")
        f.write("        \"\"\"\n}\n")


def main():
    global BITS
    ap = argparse.ArgumentParser()
    ap.add_argument("--experiment", action="store_true")
    ap.add_argument("--bits", type=int, default=BITS, help="log2 of the number of buckets")
    ap.add_argument("--out", default=os.path.join(ROOT, "Sources/SiftText/Tables/LatinModel.swift"))
    args = ap.parse_args()
    BITS = args.bits
    if args.experiment:
        experiment()
        return
    data = {l: load("train", l) for l in CLASSES}
    pen = fit([featurize(data[l], BITS, ORDER, True) for l in CLASSES], BITS)
    emit(pen, args.out, {l: len(v) for l, v in data.items()})
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
