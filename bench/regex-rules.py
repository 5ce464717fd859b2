#!/usr/bin/env python3
"""Writes the realistic regex rule set (bench/regex-rules.sfsfilters) from the list below.

The regexes SMS filter users write: one-time codes, links and shorteners, money
amounts, phone numbers, keyword alternations in several languages, capitals,
a date, a backreference and a lookbehind. Each is (type, target, pattern).
"""
import json
import os

REGEXES = [
    # one-time codes
    ("allow", "body", r"\b\d{6}\b"),
    ("allow", "body", r"(?i)\b(verification|security|confirmation|login) code\b"),
    ("allow", "body", r"(?i)\b\d{4,8} is your (\w+ )?(code|OTP|PIN)\b"),
    ("allow", "body", r"(?i)(code|código|kod|код|codice|Code)\s*(de vérification|de verificación|de verificação|di verifica|подтверждения)?\s*[:：]?\s*\d{4,8}"),
    ("allow", "body", r"验证码[:：]?\s*\d{4,6}|驗證碼[:：]?\s*\d{4,6}"),
    ("allow", "body", r"(認証|確認)コード[:：]?\s*\d{4,8}"),
    ("allow", "body", r"קוד (ה)?אימות"),
    ("allow", "body", r"رمز (التحقق|التفعيل)|كود الدخول"),
    ("allow", "body", r"کد (تایید|ورود)|رمز یکبار مصرف"),
    ("allow", "body", r"(?i)doğrulama kodu|tek kullanımlık şifre"),
    # links and shorteners
    ("deny", "body", r"(?i)https?://\S+\.(xyz|top|click|buzz|icu|live|shop)\b"),
    ("deny", "body", r"(?i)\b(bit\.ly|tinyurl\.com|goo\.gl|is\.gd|cutt\.ly|rb\.gy)/\w+"),
    ("deny", "body", r"(?i)\b(verify|secure|pay|post|bank|gift)-(id|update|check|info)\d*\."),
    ("deny", "body", r"(?i)\bwa\.me/\+?\d{8,}"),
    ("deny", "body", r"(?i)\bt\.me/\w+"),
    ("deny", "all", r"(?i)\bwww\.[a-z0-9-]+\.(ru|cn|tk|ml|ga)\b"),
    # money
    ("deny", "body", r"[$£€₪¥]\s?\d{1,3}([,.]\d{3})*([.,]\d{2})?"),
    ("deny", "body", r"(?i)\d+([.,]\d{2})?\s?(USD|EUR|TL|руб|€|₽|ريال|درهم)"),
    ("deny", "body", r"(?i)\b(won|win|winner|prize|gewonnen|gagné|ganado|vinto|kazandınız|выиграли)\b"),
    ("deny", "body", r"(?i)\b(loan|credit|kredi|кредит|prêt|préstamo|prestito|empréstimo|kredit)\b"),
    ("deny", "body", r"(?i)\d{1,2}\s?%\s?(off|rabatt|sconto|de descuento|de desconto|indirim|скидка)"),
    ("deny", "body", r"(?i)%\d{1,2} indirim|скидка \d{1,2}%|-\d{1,2}%"),
    # phone numbers
    ("deny", "body", r"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"),
    ("deny", "body", r"\+(234|92|233|62|84|880|225)\d{6,}"),
    ("deny", "sender", r"^\+(234|92|233|62|84|880|225)"),
    ("allow", "sender", r"^\d{4,6}$"),
    ("deny", "sender", r"^\d{11,}$"),
    ("deny", "sender", r"(?i)^(info|noreply|alert|support)\d*@"),
    # keyword alternations
    ("deny", "all", r"(?i)verify (your )?account"),
    ("deny", "body", r"(?i)\b(urgent|urgente|dringend|срочно|acil)\b"),
    ("deny", "body", r"(?i)\b(suspended|blocked|gesperrt|bloqueada|suspendu|sospeso|заблокирована|askıya)\b"),
    ("deny", "body", r"(?i)(parcel|package|colis|paket|pacco|paquete|посылка|kargo)\b.*\b(hold|customs|douane|zoll|aduana|таможн|gümrük)"),
    ("deny", "body", r"(?i)\b(casino|jackpot|free ?spins?|bonus)\b"),
    ("deny", "body", r"(?i)\b(bitcoin|btc|crypto|usdt|forex)\b"),
    ("allow", "body", r"(?i)\b(appointment|rendez-vous|Termin|cita|appuntamento|consulta|randevu|запись)\b"),
    ("deny", "body", r"(?i)\b(reply|txt|text) STOP\b|\bSTOP au \d+"),
    ("deny", "body", r"中奖|中獎|当選|贷款|貸款"),
    ("deny", "body", r"(?i)unsubscribe|désabonner|abmelden|להסרה"),
    # shapes
    ("deny", "body", r"[A-Z]{5,}"),
    ("allow", "body", r"\b\d{1,2}/\d{1,2}/\d{2,4}\b"),
    ("deny", "body", r"(?i)\b(free|gratis|gratuit)\W+\1\b"),
    ("deny", "body", r"(?<=\$)\d{3,}"),
    ("allow", "body", r"(?i)\border\s?#?\d{5,}"),
    ("deny", "body", r"(?i)\b[\w.+-]+@[\w-]+\.(com|net|xyz)\b"),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    filters = [{"text": p, "type": t, "folder": "junk", "target": tg, "matching": "regex", "case": "insensitive"}
               for (t, tg, p) in REGEXES]
    doc = {"format": "simply-filter-sms-filters", "version": 1, "exportedAt": "2026-12-01T00:00:00Z",
           "appVersion": "bench", "filters": filters}
    with open(os.path.join(here, "regex-rules.sfsfilters"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=0)
        f.write("\n")
    print(f"{len(filters)} regexes")


if __name__ == "__main__":
    main()
