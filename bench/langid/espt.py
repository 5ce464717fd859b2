#!/usr/bin/env python3
"""Train the Spanish-against-Portuguese table, with their neighbours, and emit it as Swift.

Writes Sources/SiftText/Tables/SpanishPortugueseModel.swift. When the Latin
model's two best languages are Spanish and Portuguese, LanguageDetector reads
the body a second time with this table and lets it decide between the two
(LanguageDetector.swift, rule 2). The two are close enough that the
eight-class table, whose 2^17 buckets every class's n-grams share and whose
penalties stop at 7.5 nats, leaves many pairs to chance: `segundo valor mas
grande` came out Portuguese by 21 nats, `O número a ser convertido.` Spanish.
The same reading (made also when one of the two is the best and another language
second) weighs the two against their neighbours Galician, Asturian and Catalan
(NEIGHBOURS), a class each, which the eight-class table's one class for twenty other
languages reads as Spanish or Portuguese: when one of them fits
LanguageDetector.neighbourMargin nats better than both, the body is another language.

Features are the Latin model's (train.py `feature_keys`: character 1- to
4-grams of each folded word with its boundaries, and the whole word) and
every two words in a row (`pair_keys`: `o número`, `el número`, `o sea`,
which the words alone do not tell apart), hashed into 2^BITS buckets. Per bucket the
table holds Spanish's and Portuguese's penalties below the better of the two (their
log-likelihood ratio, naive Bayes, add-ALPHA smoothing, in 1/STEP nats, up to CAP),
so the distinctive spellings (-ción/-ção, ñ/nh, ll/lh, `no`/`não`, `en`/`em`,
`el`/`o`) weigh what real text says they weigh; each neighbour's penalty below the
best of the five; and how far that best is above the better of Spanish and Portuguese
(`fit`).

Training text, per language (never the held-out halves bench.py and chat.py
report):
  * the catalogs' training sentences (extract.py `data/train/{es,pt}.txt`);
  * wordfreq's WF_TOP most frequent words (subtitles, Twitter, Reddit, news,
    Wikipedia, books; CC BY-SA 4.0), weighted by frequency, as WF_SHARE of
    the catalogs' feature mass: the chat register;
  * Debian's fortune cookies, `fortunes-es` (Spanish) and `fortunes-br`
    (Brazilian Portuguese), fetched with `apt-get download` into
    data/fortunes (git-ignored), as FORT_SHARE of the catalogs' mass:
    everyday sentences;
  * for the neighbours, Thunderbird's and LibreOffice's catalogs and Firefox's
    training part (NEIGHBOUR_PACKAGES), and wordfreq's words for Catalan (it has no
    Galician or Asturian).
The neighbours' classes and the detector's margin were chosen on the same dev parts
(bench/RESULTS.md).
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
# Spanish's and Portuguese's neighbours, which the Latin model's `xx` class (twenty languages in
# one) reads as one of the two: Galician (`Engadir novo rexistro`), Asturian (`Nun ye posible
# importar`), Catalan (`Imprimeix la selecció`). Each is a class of the table of its own.
NEIGHBOURS = ["gl", "ast", "ca"]
# The Latin model's class index (LatinModel.classes) whose lane each class's penalty takes: the
# table's rows are read by the same tally as the Latin model's.
LANES = {"gl": 0, "ast": 1, "ca": 2, "pt": 4, "es": 5}
OFFSET_LANE = 3
# The neighbours' training text: Thunderbird's and LibreOffice's catalogs (and LibreOffice's help
# where Debian ships it), all of it, and Firefox's training part only (extract.py's split: its
# other part is bench.py's held-out `xx`), cached in data/train/espt-*.txt (which django.py and
# gnome.py leave out of their held-out sets).
NEIGHBOUR_PACKAGES = {
    "gl": ["thunderbird-l10n-gl", "libreoffice-l10n-gl", "libreoffice-help-gl"],
    "ast": ["thunderbird-l10n-ast", "libreoffice-l10n-ast"],
    "ca": ["thunderbird-l10n-ca", "libreoffice-l10n-ca", "libreoffice-help-ca"],
}
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


def neighbour_sentences(lang):
    """The neighbour's training sentences (NEIGHBOUR_PACKAGES), cached in data/train/espt-LANG.txt."""
    path = os.path.join(HERE, "data", "train", f"espt-{lang}.txt")
    if not os.path.exists(path):
        held_out = set(train.load("eval", "xx"))
        firefox = f"firefox-esr-l10n-{lang}"
        wanted = NEIGHBOUR_PACKAGES[lang] + [firefox]
        roots = extract.fetch([(p, None) for p in wanted], os.path.join(HERE, "data"))
        out = set()
        for package in wanted:
            root = roots[package]
            raws = []
            for xpi in glob.glob(os.path.join(root, "usr/lib/**/*.xpi"), recursive=True):
                raws += extract.xpi_strings(xpi)
            for mo in glob.glob(os.path.join(root, "usr/lib/libreoffice/program/resource/*/LC_MESSAGES/*.mo")):
                raws += extract.mo_strings(mo)
            for h in glob.glob(os.path.join(root, "usr/share/libreoffice/help/*/text/**/*.html"), recursive=True):
                raws += extract.help_strings(h)
            for raw in raws:
                for sentence in extract.sentences(raw):
                    if not extract.fits_script(sentence, "xx") or sentence in held_out:
                        continue
                    if package == firefox and int(extract.key(sentence)[:8], 16) % 10 < 2:
                        continue    # Firefox's held-out part (extract.py)
                    out.add(sentence)
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(sentence + "\n" for sentence in sorted(out, key=extract.key))
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def counts(lang, bits):
    catalog = np.zeros(1 << bits)
    sentences = neighbour_sentences(lang) if lang in NEIGHBOURS else train.load("train", lang)
    for s in sentences:
        keys = sentence_keys(s)
        if keys:
            np.add.at(catalog, train.bucket(keys, bits), 1)
    total = catalog.sum()
    out = catalog.copy()
    if WF_SHARE > 0 and lang not in ("gl", "ast"):    # wordfreq has neither
        from wordfreq import top_n_list, word_frequency
        words = top_n_list(lang, WF_TOP)
        freqs = np.array([word_frequency(w, lang) for w in words])
        part = np.zeros(1 << bits)
        for w, fq in zip(words, freqs / freqs.sum()):
            keys = train.feature_keys(w)
            if keys:
                np.add.at(part, train.bucket(keys, bits), fq)
        out += part / part.sum() * total * WF_SHARE
    if FORT_SHARE > 0 and lang in FORTUNES:
        part = np.zeros(1 << bits)
        for s in fortunes(lang):
            keys = sentence_keys(s)
            if keys:
                np.add.at(part, train.bucket(keys, bits), 1)
        out += part / part.sum() * total * FORT_SHARE
    return out


def fit(bits=BITS):
    """Per bucket, the classes' penalties in 1/STEP nats, 0...CAP, each in its lane's four bits
    (LANES), as the Latin model's table holds them: Spanish's and Portuguese's below the better
    of the two (their log-likelihood ratio: one of the two is 0, whatever the neighbours); the
    neighbours' below the best of all five; and in lane OFFSET_LANE how far the best of all five
    is above the better of Spanish and Portuguese, so that a body's sums compare the two with
    their neighbours (LanguageEvidence+Decision.swift `neighboursOverPair`)."""
    classes = LANGS + NEIGHBOURS
    c = np.stack([counts(l, bits) for l in classes])
    logp = np.log(c + ALPHA) - np.log(c.sum(axis=1, keepdims=True) + ALPHA * (1 << bits))
    quantize = lambda nats: np.clip(np.rint(nats * STEP), 0, CAP).astype(np.uint32)
    pair_best = logp[:2].max(axis=0)
    best = logp.max(axis=0)
    pen = np.concatenate([quantize(pair_best - logp[:2]), quantize(best - logp[2:])])
    offset = quantize(best - pair_best)
    pen[:2, c[:2].sum(axis=0) == 0] = 0
    pen[:, c.sum(axis=0) == 0] = 0
    offset[c.sum(axis=0) == 0] = 0
    packed = offset << np.uint32(4 * OFFSET_LANE)
    for k, lang in enumerate(classes):
        packed |= pen[k] << np.uint32(4 * LANES[lang])
    return packed


def emit(q, path):
    b64 = base64.b64encode(q.astype("<u4").tobytes()).decode()
    lines = [b64[i:i + 120] for i in range(0, len(b64), 120)]
    with open(path, "w") as f:
        f.write("// GENERATED by bench/langid/espt.py; do not edit by hand.\n")
        f.write("// Regenerate: bench/langid/.venv/bin/python bench/langid/espt.py (after extract.py)\n")
        f.write("//\n")
        f.write("// Spanish against Portuguese, and against their neighbours Galician, Asturian and\n")
        f.write("// Catalan (LanguageDetector.swift, rule 2): for each of 2^" + str(BITS) + " hashed feature buckets\n")
        f.write("// (the Latin model's features" + (" and two words in a row" if PAIRS else "") + ") one UInt32 holding each\n")
        f.write("// class's penalty in the four bits of its LatinModel lane (gl 0, ast 1, ca 2, pt 4, es 5),\n")
        f.write(f"// in 1/{STEP} nats, capped at {CAP}: es's and pt's below the better of the two, the\n")
        f.write("// neighbours' below the best of the five; lane 3 holds how far the best of the five is\n")
        f.write("// above the better of es and pt.\n")
        f.write("// Trained on the catalogs' training sentences (bench/langid/extract.py; the neighbours'\n")
        f.write("// from Thunderbird, LibreOffice and Firefox's training part), wordfreq's\n")
        f.write(f"// {WF_TOP} most frequent words (CC BY-SA 4.0; not Galician's or Asturian's, which it lacks)\n")
        f.write(f"// as {WF_SHARE} of their mass, and Debian's fortunes-es and fortunes-br as {FORT_SHARE}.\n")
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
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
