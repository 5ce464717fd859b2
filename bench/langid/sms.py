#!/usr/bin/env python3
"""Short SMS language identification: msgsift-langid on hand-written messages.

bench/langid/sms/dev.txt and test.txt hold `LABEL | text` lines: 30 realistic
SMS per supported Latin-script language (en fr de it pt es tr), mostly 2-8
words, and 70 in other Latin-script languages (`xx`: Dutch, Swedish, Polish,
Catalan, Galician, Romanian, …), where the right answer is undetermined.
dev.txt guided the choice of WordTable.onlyOneLanguage; test.txt was held out.
scripts.txt holds 1,077 SMS in all 14 languages and 13 others (Ukrainian,
Bulgarian, Galician, Catalan, Korean, Hindi, …), written by hand; it guided
changes (capitalized Latin words against another script, more words Russian
does not write), so it is dev data.
latin.txt holds 1,265 SMS in the seven Latin-script languages, realistic and
informal (OTP codes, deliveries, chat slang, brands, English loanwords), and 14
strings Spanish and Portuguese write alike (`Pedido confirmado`), labelled `xx`,
written by hand; it guided changes (camel-case brands and borrowed English
words not scored, heavier one-language words), so it is dev data too.
scripts2.txt holds 760 SMS written by hand in he, ar (five dialects), fa, ru,
zh-Hans, zh-Hant (Taiwan, Hong Kong, Cantonese), ja, and as `xx` their
neighbours (Ukrainian, Bulgarian, Serbian, Mongolian, Kyrgyz, Urdu, Pashto,
Kurdish, Uyghur, Yiddish, Korean); dev data as well.
heldout.txt holds 420 SMS (25 in each of the 14 languages, 70 in others)
written and frozen before the detector ran on them, by a writer who had read
neither these files nor its source: held out, as test.txt is; keep it so (do
not tune on it).
heldout2.txt holds 430 SMS (120 Turkish, 80 of them typed without ç ğ ı ö ş ü; 60
Portuguese, half without accents; 30 in each other Latin-script language; 100 in
others: Azerbaijani, Indonesian, Swahili, Tagalog, Dutch, Polish, Romanian, …),
written and frozen by someone who had read neither these files nor the detector's
source, to measure the Latin model's Turkish typed without marks. Its Azerbaijani
wrong answers then led to the rule on letters none of the seven languages writes: for
that rule it is not held out (bench/RESULTS.md says which figures are which).
dev3.txt holds 560 short chat lines (1 to 5 words: 60 in each of the seven Latin-script
languages, heavy in their SMS abbreviations, and 140 in 20 other Latin-script languages),
written blind to measure the classes' SMS spellings (chatwords.py's `SPEAK`): dev data.
dev4.txt holds 420 short chat lines (1 to 4 words) in Arabic script: 240 Arabic in five
dialects, 120 Persian (some typed with ي and ك), 60 Urdu, Pashto, Kurdish and Uyghur (`xx`),
written blind to measure spoken Arabic's words (arabicwords.py's `ARABIC_DIALECT`): dev data.
heldout3.txt holds 670 SMS and chat lines, held out: 220 Arabic (Egyptian, Levantine,
Gulf, Iraqi and Maghrebi dialects in Arabic script, and Modern Standard Arabic notices),
130 Hebrew, 140 Russian, 80 French (SMS spelling, Quebec, West Africa) and 100 in
neighbouring languages (`xx`: Urdu, Pashto, Sorani Kurdish, Uyghur, Yiddish, Ukrainian,
Belarusian, Bulgarian, Serbian, Kazakh, Catalan, Occitan, Haitian Creole, Romanian),
written and frozen by two writers who had read neither these files nor the detector's
source, so that each of the 14 languages has at least 200 held-out chat-register lines.
heldout4.txt holds 720 short everyday sentences of a phrase book's kind (2 to 9 words,
written as the standard language writes them, a third with a name or a place: `I am
baking a cake.`), 45 in each of the 14 languages and 90 in 18 others, written blind and
held out: a shape of text none of the other sets has.
heldout5.txt holds 760 short chat lines (most of 1 to 5 words, a third of 1 to 3: replies,
plans, notices, codes; abbreviations, missing accents, emoji, names and brands as texters
write them), 70 in each of the seven Latin-script languages and 270 in 14 neighbouring ones
(`xx`: Dutch, Swiss German, Catalan, Galician, Romanian, Indonesian, Tagalog, Swedish,
Danish and Norwegian, Polish, Azerbaijani, Swahili, Haitian Creole, Vietnamese typed without
its marks, and a few of Arabizi, Hinglish and Finglish), written blind and held out.
Prints, per file and label, right / undetermined / wrong, and every wrong
answer (a wrong language is what junks a message under a blocked language).
Usage: sms.py BINARY [FILE…] (default: all twelve files). Needs only python3.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    binary = sys.argv[1]
    files = sys.argv[2:] or [os.path.join(HERE, "sms", name) for name in ("dev.txt", "test.txt", "scripts.txt", "latin.txt", "scripts2.txt", "dev3.txt", "dev4.txt", "heldout.txt", "heldout2.txt", "heldout3.txt", "heldout4.txt", "heldout5.txt")]
    for path in files:
        with open(path, encoding="utf-8") as f:
            rows = [line.rstrip("\n").split(" | ", 1) for line in f if line.strip()]
        texts = [text for _, text in rows]
        out = subprocess.run([binary], input="\n".join(texts) + "\n", capture_output=True, text=True, check=True).stdout
        answers = [line.split("\t")[0] for line in out.splitlines()]
        assert len(answers) == len(texts), (len(answers), len(texts))
        per = {}
        wrong = []
        for (label, text), got in zip(rows, answers):
            got = "xx" if got == "und" and label == "xx" else got
            counts = per.setdefault(label, [0, 0, 0])
            if got == label:
                counts[0] += 1
            elif got == "und":
                counts[1] += 1
            else:
                counts[2] += 1
                wrong.append((label, got, text))
        right = sum(c[0] for c in per.values())
        und = sum(c[1] for c in per.values())
        print(f"{os.path.basename(path)}: right {right}/{len(rows)}, undetermined {und}, wrong {len(wrong)}")
        print("  per label (right/undetermined/wrong): " + " ".join(f"{k} {v[0]}/{v[1]}/{v[2]}" for k, v in per.items()))
        for label, got, text in wrong:
            print(f"  wrong: {label} read as {got}: {text}")


if __name__ == "__main__":
    main()
