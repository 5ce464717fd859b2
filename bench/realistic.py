#!/usr/bin/env python3
"""A realistic multilingual SMS archive, deterministic (same seed, same bytes).

usage: bench/realistic.py --records N [--seed S] > archive.ndjson

Messages are built from templates of the kinds an SMS inbox holds, in the 14
languages msgsift knows: one-time codes, bank and card notices, deliveries,
appointments, promotions, loan and prize spam, phishing, and personal chat of
one to four sentences, with amounts in local formats, links (full URLs and
shorteners), phone numbers, dates, times and emoji. Senders are of every kind:
short codes, brand names, local and international numbers, e-mail addresses.
Lengths follow SMS: mostly one 160-character segment, chat often much shorter,
some notices two or three segments long.
"""
import argparse
import json
import random
import sys

# Languages weighted towards the ones most archives hold.
WEIGHTS = {"en": 24, "he": 10, "ar": 8, "ru": 8, "es": 8, "fr": 6, "de": 6, "it": 4, "pt": 5,
           "tr": 5, "fa": 4, "zh-Hans": 5, "zh-Hant": 3, "ja": 4}

BRANDS = {
    "en": ["AMAZON", "PayPal", "DHL", "FedEx", "Chase", "HSBC", "Uber", "Netflix", "Vodafone", "Tesco", "BarclaysUK", "Royal Mail"],
    "he": ["IL-Leumi", "Hapoalim", "PayBox", "Bezeq", "Clalit", "Maccabi", "Partner", "Cellcom", "Wolt", "IsraelPost"],
    "ar": ["STC", "AlRajhi", "Etisalat", "du", "Aramex", "NBE", "QNB", "Careem", "Talabat"],
    "ru": ["Sberbank", "Tinkoff", "MTS", "Beeline", "Ozon", "Wildberries", "Yandex", "Gosuslugi"],
    "es": ["Santander", "BBVA", "Movistar", "Correos", "CaixaBank", "Glovo", "MercadoPago", "Rappi"],
    "fr": ["LaPoste", "Orange", "SFR", "Colissimo", "BNP", "SG", "Ameli", "Free", "Chronopost"],
    "de": ["DHL-Paket", "Sparkasse", "Telekom", "Hermes", "N26", "Commerzbank", "Otto", "Lieferando"],
    "it": ["PosteInfo", "Intesa", "UniCredit", "TIM", "BRT", "Satispay", "Enel"],
    "pt": ["CTT", "Millennium", "MBWay", "NOS", "Nubank", "Itau", "Bradesco", "iFood"],
    "tr": ["Garanti", "Akbank", "Turkcell", "Yurtici", "Trendyol", "Getir", "ZiraatBank", "PTT"],
    "fa": ["Mellat", "Saman", "Irancell", "Digikala", "Snapp", "Tapsi", "BankMelli"],
    "zh-Hans": ["ICBC", "CMB", "Alipay", "JD", "Taobao", "SFExpress", "ChinaMobile", "Meituan"],
    "zh-Hant": ["HSBCHK", "Cathay", "FET", "ChungHwa", "PChome", "7-ELEVEN", "LINEPay"],
    "ja": ["SMBC", "Rakuten", "docomo", "au", "SoftBank", "Yamato", "Sagawa", "Amazon.co.jp"],
}
CODES = {"en": ["1", "44"], "he": ["972"], "ar": ["971", "966", "20"], "ru": ["7"], "es": ["34", "52", "54"],
         "fr": ["33", "32"], "de": ["49", "41"], "it": ["39"], "pt": ["351", "55"], "tr": ["90"], "fa": ["98"],
         "zh-Hans": ["86"], "zh-Hant": ["886", "852"], "ja": ["81"]}
SPAM_CODES = ["234", "92", "233", "62", "84", "880", "225"]
CURRENCY = {"en": ["${a}", "£{a}", "USD {a}"], "he": ["{a} ₪", "₪{a}", "{a} ש\"ח"], "ar": ["{a} درهم", "{a} ريال", "AED {a}"],
            "ru": ["{a} ₽", "{a} руб."], "es": ["{a} €", "${a} MXN"], "fr": ["{a} €", "{a} EUR"], "de": ["{a} €", "EUR {a}"],
            "it": ["€ {a}", "{a} euro"], "pt": ["R$ {a}", "{a} €"], "tr": ["{a} TL", "₺{a}"], "fa": ["{a} ریال", "{a} تومان"],
            "zh-Hans": ["¥{a}", "{a}元", "人民币{a}元"], "zh-Hant": ["NT${a}", "HK${a}", "{a}元"], "ja": ["{a}円", "¥{a}"]}
DECIMAL_COMMA = {"ru", "es", "fr", "de", "it", "pt", "tr"}
SHORTENERS = ["bit.ly", "tinyurl.com", "t.co", "goo.gl", "is.gd", "cutt.ly", "rb.gy", "t.me", "wa.me"]
TLDS = {"en": ["com", "co.uk", "net"], "he": ["co.il", "org.il", "com"], "ar": ["ae", "sa", "com"], "ru": ["ru", "рф", "com"],
        "es": ["es", "com.mx", "com"], "fr": ["fr", "com"], "de": ["de", "com"], "it": ["it", "com"], "pt": ["pt", "com.br"],
        "tr": ["com.tr", "com"], "fa": ["ir", "com"], "zh-Hans": ["cn", "com.cn", "com"], "zh-Hant": ["com.tw", "hk"], "ja": ["jp", "co.jp"]}
SPAM_TLDS = ["xyz", "top", "click", "info", "buzz", "shop", "live", "icu"]
EMOJI = ["😀", "😂", "🙏", "❤️", "👍", "👍🏽", "🎉", "🔥", "📦", "✅", "⚠️", "💰", "🎁", "😘", "🥳", "😢", "🙂", "👋", "🇮🇱", "🇫🇷", "1️⃣", "☎️", "👨‍👩‍👧"]
NAMES = {"en": ["John", "Emma", "Mike", "Sarah", "Dave"], "he": ["דני", "מיכל", "יוסי", "נועה", "אבא"], "ar": ["أحمد", "فاطمة", "محمد", "سارة"],
         "ru": ["Саша", "Маша", "Дима", "Оля"], "es": ["Carlos", "Lucía", "Javi", "Marta"], "fr": ["Julien", "Camille", "Léa", "Hugo"],
         "de": ["Jonas", "Lena", "Felix", "Anna"], "it": ["Marco", "Giulia", "Luca", "Sara"], "pt": ["João", "Ana", "Pedro", "Inês"],
         "tr": ["Mehmet", "Ayşe", "Emre", "Zeynep"], "fa": ["علی", "مریم", "رضا", "سارا"], "zh-Hans": ["小王", "李明", "张伟", "妈妈"],
         "zh-Hant": ["小明", "陳先生", "阿華", "媽媽"], "ja": ["田中", "さくら", "健太", "お母さん"]}

# Templates per language and kind. Slots: {code} {amt} {link} {short} {phone} {date} {time} {name} {brand} {card} {track} {pct}
T = {
"en": {
 "otp": ["{code} is your {brand} verification code. Do not share it with anyone.", "Your OTP is {code}. It expires in 10 minutes.",
         "Use code {code} to sign in to your account. If you didn't request this, ignore this message.", "{brand}: your security code is {code}"],
 "bank": ["{brand}: A charge of {amt} at {shop} was approved on your card ending {card}.", "Your account balance is {amt} as of {date}.",
          "Payment received: {amt}. Thank you for banking with {brand}.", "Alert: withdrawal of {amt} from account ***{card} on {date} {time}."],
 "delivery": ["Your package {track} is out for delivery today between {time} and 18:00. Track: {link}", "{brand}: your parcel is on hold due to unpaid customs fee of {amt}. Pay now: {spamlink}",
              "Your order #{order} has shipped and will arrive on {date}.", "Delivery attempt failed. Reschedule at {short}"],
 "appt": ["Reminder: your appointment with Dr. {name} is on {date} at {time}. Reply C to confirm.", "Your table for 4 is booked for {date} at {time}. Call {phone} to change."],
 "promo": ["FLASH SALE! {pct}% OFF everything this weekend only. Shop now {link} Reply STOP to unsubscribe", "Get a FREE gift with your next order. Use code SAVE{pct} at checkout {short}",
           "Last chance: {pct}% off all shoes. Offer ends {date}. Txt STOP to opt out"],
 "spam": ["Congratulations! You have won a {amt} gift card. Claim your prize now: {spamlink}", "URGENT: your account has been suspended. Verify your account at {spamlink}",
          "Need cash fast? Get a loan of up to {amt} with no credit check! Apply: {spamlink}", "You are pre-approved for a credit line of {amt}. Call {phone} now", "Free free free! Win an iPhone 15 today {spamlink}",
          "Earn {amt} a day from home with crypto. WhatsApp me: wa.me/{intl}", "Your Netflix payment failed. Update your billing details: {spamlink}"],
 "chat": ["Hey, are you coming tonight?", "ok", "Running 10 min late, sorry!", "Can you pick up milk on the way home?", "Happy birthday {name}!!",
          "lol that's hilarious", "Call me when you get a chance", "Did you see the game last night?", "I'll be there at {time}", "Thanks so much for yesterday",
          "Where are you?", "Love you, see you soon", "Can we move the meeting to Friday?", "Sure, no problem", "My new number is {phone}"],
},
"he": {
 "otp": ["קוד האימות שלך הוא {code}. אין למסור את הקוד לאיש.", "{brand}: קוד אימות לכניסה לחשבון: {code}", "הקוד החד פעמי שלך: {code}. תוקף 5 דקות."],
 "bank": ["{brand}: חיוב בסך {amt} בכרטיס המסתיים ב-{card} אושר.", "יתרת החשבון שלך נכון ל-{date}: {amt}", "התקבל תשלום בסך {amt}. תודה!"],
 "delivery": ["החבילה שלך {track} תגיע היום בין {time} ל-18:00. למעקב: {link}", "דואר ישראל: חבילה ממתינה לך. יש לשלם דמי משלוח {amt} בקישור {spamlink}",
              "ההזמנה שלך נשלחה ותגיע עד {date}."],
 "appt": ["תזכורת: תור לד\"ר {name} ב-{date} בשעה {time}. לאישור השב 1", "שלום, נקבע לך תור במכבי ב-{date} {time}."],
 "promo": ["מבצע! {pct}% הנחה על כל החנות רק היום {link} להסרה השב הסר", "רק השבוע: מתנה בכל קנייה מעל {amt}! {short}"],
 "spam": ["זכית בפרס של {amt}! לקבלת הפרס היכנס: {spamlink}", "הלוואה עד {amt} ללא בדיקת אשראי! התקשר {phone}", "החשבון שלך נחסם. לאימות החשבון: {spamlink}"],
 "chat": ["מה קורה?", "אני בדרך", "תתקשר אליי כשאתה יכול", "מזל טוב {name}!!", "סבבה", "תודה רבה על אתמול", "איפה אתה?", "נתראה ב-{time}", "אוהבת אותך", "אפשר להזיז את הפגישה למחר?"],
},
"ar": {
 "otp": ["رمز التحقق الخاص بك هو {code}. لا تشاركه مع أحد.", "{brand}: رمز التفعيل {code} صالح لمدة 5 دقائق", "كود الدخول: {code}"],
 "bank": ["{brand}: تم خصم {amt} من بطاقتك المنتهية بـ {card} بتاريخ {date}", "رصيد حسابك الحالي {amt}", "تم استلام دفعة بقيمة {amt}. شكرا لك"],
 "delivery": ["شحنتك {track} في الطريق وستصل اليوم. تتبع الشحنة: {link}", "أرامكس: شحنتك معلقة بسبب رسوم جمركية {amt}. ادفع الآن {spamlink}"],
 "appt": ["تذكير: موعدك مع الدكتور {name} يوم {date} الساعة {time}", "تم تأكيد حجزك ليوم {date}."],
 "promo": ["عرض خاص! خصم {pct}% على جميع المنتجات اليوم فقط {link}", "تخفيضات نهاية الموسم حتى {pct}% {short}"],
 "spam": ["مبروك! لقد ربحت جائزة بقيمة {amt}. اضغط هنا للمطالبة: {spamlink}", "قرض فوري حتى {amt} بدون كفيل. اتصل {phone}", "تم إيقاف حسابك. يرجى التحقق من حسابك عبر {spamlink}"],
 "chat": ["السلام عليكم", "كيف حالك؟", "أنا في الطريق", "اتصل بي لما تفضى", "شكرا جزيلا", "تمام", "وين انت؟", "نشوفك الساعة {time}", "كل عام وانت بخير {name}", "إن شاء الله"],
},
"ru": {
 "otp": ["Код подтверждения: {code}. Никому не сообщайте его.", "{brand}: ваш код для входа {code}", "Никому не говорите код {code}! Его спрашивают только мошенники."],
 "bank": ["{brand}: покупка {amt} по карте *{card}, {shop}. Баланс: {amt2}", "Зачисление {amt} на счёт *{card}. Баланс {amt2}", "Списание {amt}, {date} {time}"],
 "delivery": ["Ваш заказ {track} доставлен в пункт выдачи. Срок хранения до {date}.", "Посылка задержана на таможне. Оплатите пошлину {amt}: {spamlink}"],
 "appt": ["Напоминаем о записи к врачу {name} {date} в {time}.", "Вы записаны на {date} {time}. Отменить: {short}"],
 "promo": ["Скидка {pct}% на всё до {date}! {link}", "Только сегодня: бесплатная доставка от {amt} {short}"],
 "spam": ["Вы выиграли {amt}! Для получения приза перейдите {spamlink}", "Одобрен кредит до {amt} без справок! Звоните {phone}", "Ваша карта заблокирована. Срочно позвоните {phone}"],
 "chat": ["Привет, как дела?", "Я уже еду", "Перезвони мне", "С днём рождения, {name}!", "Ок", "Спасибо большое!", "Где ты?", "Буду в {time}", "Люблю тебя", "Давай завтра встретимся"],
},
"es": {
 "otp": ["Tu código de verificación es {code}. No lo compartas con nadie.", "{brand}: {code} es tu código de acceso", "Código de seguridad: {code}"],
 "bank": ["{brand}: compra de {amt} con tu tarjeta terminada en {card} en {shop}.", "Tu saldo disponible es {amt}.", "Has recibido una transferencia de {amt}."],
 "delivery": ["Tu pedido {track} llegará hoy entre las {time} y las 18:00. Sigue tu envío: {link}", "Correos: su paquete está retenido. Pague {amt} de aduana en {spamlink}"],
 "appt": ["Recordatorio: cita con el Dr. {name} el {date} a las {time}.", "Su reserva para el {date} está confirmada."],
 "promo": ["¡Rebajas! Hasta {pct}% de descuento en toda la tienda {link}", "Solo hoy: envío gratis en pedidos de más de {amt} {short}"],
 "spam": ["¡Felicidades! Has ganado un premio de {amt}. Reclámalo: {spamlink}", "Préstamo rápido hasta {amt} sin papeleo. Llama al {phone}", "Su cuenta ha sido bloqueada. Verifique su cuenta en {spamlink}"],
 "chat": ["Hola, ¿qué tal?", "Ya voy", "Llámame cuando puedas", "¡Feliz cumpleaños {name}!", "Vale", "Muchas gracias", "¿Dónde estás?", "Nos vemos a las {time}", "Te quiero", "¿Quedamos mañana?"],
},
"fr": {
 "otp": ["Votre code de vérification est {code}. Ne le communiquez à personne.", "{brand} : {code} est votre code de connexion", "Code de sécurité : {code}"],
 "bank": ["{brand} : paiement de {amt} par carte {card} chez {shop}.", "Le solde de votre compte est de {amt} au {date}.", "Virement reçu : {amt}."],
 "delivery": ["Votre colis {track} sera livré aujourd'hui entre {time} et 18h. Suivi : {link}", "Colissimo : votre colis est en attente, frais de {amt} à régler sur {spamlink}"],
 "appt": ["Rappel : rendez-vous avec le Dr {name} le {date} à {time}.", "Votre réservation du {date} est confirmée."],
 "promo": ["SOLDES : jusqu'à -{pct}% sur tout le site {link} STOP au 36111", "Aujourd'hui seulement : livraison offerte dès {amt} {short}"],
 "spam": ["Félicitations ! Vous avez gagné {amt}. Réclamez votre prix : {spamlink}", "Prêt rapide jusqu'à {amt} sans justificatif. Appelez le {phone}", "Votre compte a été suspendu. Vérifiez votre compte : {spamlink}"],
 "chat": ["Salut, ça va ?", "J'arrive", "Rappelle-moi quand tu peux", "Joyeux anniversaire {name} !", "D'accord", "Merci beaucoup", "Tu es où ?", "On se voit à {time}", "Je t'aime", "On se retrouve demain ?"],
},
"de": {
 "otp": ["Ihr Bestätigungscode lautet {code}. Geben Sie ihn an niemanden weiter.", "{brand}: {code} ist Ihr Anmeldecode", "Sicherheitscode: {code}"],
 "bank": ["{brand}: Kartenzahlung {amt} bei {shop} mit Karte *{card}.", "Ihr Kontostand beträgt {amt} (Stand {date}).", "Zahlungseingang: {amt}."],
 "delivery": ["Ihr Paket {track} wird heute zwischen {time} und 18 Uhr zugestellt. Sendungsverfolgung: {link}", "DHL: Ihr Paket wartet auf Zahlung von {amt} Zollgebühr: {spamlink}"],
 "appt": ["Erinnerung: Termin bei Dr. {name} am {date} um {time} Uhr.", "Ihre Reservierung für den {date} ist bestätigt."],
 "promo": ["SALE: bis zu {pct}% Rabatt auf alles {link} Abmelden: STOP", "Nur heute: kostenloser Versand ab {amt} {short}"],
 "spam": ["Glückwunsch! Sie haben {amt} gewonnen. Gewinn abholen: {spamlink}", "Kredit bis {amt} ohne Schufa! Rufen Sie {phone} an", "Ihr Konto wurde gesperrt. Bestätigen Sie Ihr Konto: {spamlink}"],
 "chat": ["Hallo, wie geht's?", "Bin unterwegs", "Ruf mich bitte zurück", "Alles Gute zum Geburtstag {name}!", "Okay", "Danke dir!", "Wo bist du?", "Bis {time}", "Hab dich lieb", "Treffen wir uns morgen?"],
},
"it": {
 "otp": ["Il tuo codice di verifica è {code}. Non condividerlo con nessuno.", "{brand}: {code} è il tuo codice di accesso", "Codice di sicurezza: {code}"],
 "bank": ["{brand}: pagamento di {amt} con carta {card} presso {shop}.", "Il saldo del tuo conto è {amt}.", "Bonifico ricevuto: {amt}."],
 "delivery": ["Il tuo pacco {track} sarà consegnato oggi tra le {time} e le 18. Traccia: {link}", "Poste: il tuo pacco è in giacenza. Paga {amt} su {spamlink}"],
 "appt": ["Promemoria: appuntamento con il Dott. {name} il {date} alle {time}.", "La tua prenotazione del {date} è confermata."],
 "promo": ["Saldi: fino al {pct}% di sconto su tutto {link}", "Solo oggi: spedizione gratuita da {amt} {short}"],
 "spam": ["Complimenti! Hai vinto {amt}. Ritira il premio: {spamlink}", "Prestito fino a {amt} senza garanzie. Chiama {phone}", "Il tuo conto è stato sospeso. Verifica il tuo account: {spamlink}"],
 "chat": ["Ciao, come stai?", "Sto arrivando", "Chiamami quando puoi", "Buon compleanno {name}!", "Va bene", "Grazie mille", "Dove sei?", "Ci vediamo alle {time}", "Ti voglio bene", "Ci vediamo domani?"],
},
"pt": {
 "otp": ["O seu código de verificação é {code}. Não o partilhe com ninguém.", "{brand}: {code} é o seu código de acesso", "Código de segurança: {code}"],
 "bank": ["{brand}: compra de {amt} no cartão final {card} em {shop}.", "O saldo da sua conta é {amt}.", "Você recebeu um Pix de {amt}."],
 "delivery": ["A sua encomenda {track} será entregue hoje entre as {time} e as 18h. Siga: {link}", "CTT: a sua encomenda aguarda pagamento de {amt}. Pague em {spamlink}"],
 "appt": ["Lembrete: consulta com o Dr. {name} no dia {date} às {time}.", "A sua reserva para {date} está confirmada."],
 "promo": ["Promoção: até {pct}% de desconto em tudo {link}", "Só hoje: portes grátis acima de {amt} {short}"],
 "spam": ["Parabéns! Ganhou {amt}. Resgate o prémio: {spamlink}", "Empréstimo até {amt} sem consulta ao SPC. Ligue {phone}", "A sua conta foi bloqueada. Verifique a sua conta em {spamlink}"],
 "chat": ["Olá, tudo bem?", "Estou a caminho", "Liga-me quando puderes", "Parabéns {name}!", "Ok", "Muito obrigado", "Onde estás?", "Até às {time}", "Beijinhos", "Vamos jantar amanhã?"],
},
"tr": {
 "otp": ["Doğrulama kodunuz {code}. Kimseyle paylaşmayınız.", "{brand}: giriş şifreniz {code}", "Tek kullanımlık şifre: {code}"],
 "bank": ["{brand}: {card} ile biten kartınızdan {shop} işyerinde {amt} harcama yapıldı.", "Hesap bakiyeniz {amt}.", "Hesabınıza {amt} yatırıldı."],
 "delivery": ["{track} numaralı kargonuz bugün {time} ile 18:00 arasında teslim edilecek. Takip: {link}", "PTT: kargonuz gümrükte bekliyor. {amt} ödeme için {spamlink}"],
 "appt": ["Hatırlatma: Dr. {name} ile randevunuz {date} saat {time}.", "{date} tarihli rezervasyonunuz onaylandı."],
 "promo": ["Büyük indirim! Tüm ürünlerde %{pct} indirim {link}", "Sadece bugün: {amt} üzeri ücretsiz kargo {short}"],
 "spam": ["Tebrikler! {amt} kazandınız. Ödülünüzü alın: {spamlink}", "Kefilsiz {amt} kredi fırsatı! Hemen arayın {phone}", "Hesabınız askıya alındı. Hesabınızı doğrulayın: {spamlink}"],
 "chat": ["Merhaba, nasılsın?", "Yoldayım", "Müsait olunca ara", "İyi ki doğdun {name}!", "Tamam", "Çok teşekkürler", "Neredesin?", "Saat {time} görüşürüz", "Seni seviyorum", "Yarın buluşalım mı?"],
},
"fa": {
 "otp": ["کد تایید شما: {code}. این کد را در اختیار دیگران قرار ندهید.", "{brand}: رمز یکبار مصرف {code}", "کد ورود شما {code} است"],
 "bank": ["{brand}: برداشت {amt} از کارت {card} در تاریخ {date}", "مانده حساب شما {amt}", "واریز {amt} به حساب شما"],
 "delivery": ["سفارش {track} شما امروز تحویل می‌شود. پیگیری: {link}", "مرسوله شما در گمرک است. پرداخت {amt}: {spamlink}"],
 "appt": ["یادآوری: نوبت شما با دکتر {name} در {date} ساعت {time}", "رزرو شما برای {date} تایید شد."],
 "promo": ["تخفیف ویژه {pct}% فقط امروز {link}", "ارسال رایگان برای خرید بالای {amt} {short}"],
 "spam": ["تبریک! شما برنده {amt} شدید. دریافت جایزه: {spamlink}", "وام فوری تا {amt} بدون ضامن. تماس {phone}"],
 "chat": ["سلام خوبی؟", "دارم میام", "هر وقت تونستی زنگ بزن", "تولدت مبارک {name}!", "باشه", "خیلی ممنون", "کجایی؟", "ساعت {time} می‌بینمت", "دوستت دارم", "فردا همدیگه رو ببینیم؟"],
},
"zh-Hans": {
 "otp": ["【{brand}】您的验证码是{code}，5分钟内有效，请勿泄露给他人。", "验证码：{code}，您正在登录，如非本人操作请忽略。", "您的动态密码为{code}"],
 "bank": ["【{brand}】您尾号{card}的账户于{date} {time}消费{amt}，余额{amt2}。", "您的账户收到转账{amt}。", "您本月账单金额{amt}，请按时还款。"],
 "delivery": ["【{brand}】您的快递{track}已到达驿站，请凭取件码{code4}取件。", "您的包裹因地址不详被退回，请点击{spamlink}更新地址"],
 "appt": ["提醒：您预约的{date} {time}门诊，请准时就诊。", "您的预订已确认，日期{date}。"],
 "promo": ["双十一大促！全场{pct}折起，领取优惠券：{link} 回T退订", "限时红包{amt}已到账，立即使用{short}"],
 "spam": ["恭喜您中奖{amt}！请点击{spamlink}领取", "无抵押贷款最高{amt}，当天到账，详询{phone}", "您的账户存在异常，请立即验证：{spamlink}"],
 "chat": ["你好，在吗？", "我马上到", "有空给我回个电话", "生日快乐{name}！", "好的", "谢谢你", "你在哪儿？", "{time}见", "晚上一起吃饭吧", "明天见"],
},
"zh-Hant": {
 "otp": ["【{brand}】您的驗證碼是{code}，5分鐘內有效，請勿提供給他人。", "驗證碼：{code}，如非本人操作請忽略。"],
 "bank": ["【{brand}】您尾號{card}的信用卡於{date}消費{amt}。", "您的帳戶收到轉帳{amt}。"],
 "delivery": ["您的包裹{track}已送達門市，請於{date}前取件。", "您的包裹因地址錯誤無法配送，請至{spamlink}更新資料"],
 "appt": ["提醒您：{date} {time}門診預約，請準時報到。", "您的訂位已確認，日期{date}。"],
 "promo": ["週年慶全館{pct}折起！{link}", "限時優惠，滿{amt}免運{short}"],
 "spam": ["恭喜您中獎{amt}！請點擊{spamlink}領取", "免保人貸款最高{amt}，請洽{phone}"],
 "chat": ["你好，在嗎？", "我快到了", "有空回個電話", "生日快樂{name}！", "好喔", "謝謝你", "你在哪裡？", "{time}見", "晚上一起吃飯", "明天見"],
},
"ja": {
 "otp": ["【{brand}】認証コード：{code} このコードを他人に教えないでください。", "確認コードは{code}です。有効期限は10分です。"],
 "bank": ["【{brand}】{date} {time} カード末尾{card}で{amt}のご利用がありました。", "お振込み{amt}が入金されました。"],
 "delivery": ["{brand}です。お荷物{track}は本日{time}〜18時にお届け予定です。{link}", "お荷物のお届けにあがりましたが不在の為持ち帰りました。確認はこちら {spamlink}"],
 "appt": ["{date} {time}のご予約を承りました。", "明日{time}から{name}様のご予約です。"],
 "promo": ["期間限定！全品{pct}%OFF {link}", "{amt}以上のお買い物で送料無料 {short}"],
 "spam": ["おめでとうございます！{amt}が当選しました。受け取りはこちら {spamlink}", "お客様のアカウントが一時停止されました。確認してください {spamlink}"],
 "chat": ["お疲れさま！", "今向かってます", "後で電話して", "お誕生日おめでとう{name}！", "了解", "ありがとう！", "どこにいる？", "{time}に会おう", "また明日ね", "今日は楽しかった"],
},
}
SHOPS = ["GreenMart", "Shell", "Starbucks", "IKEA", "Zara", "Carrefour", "Lidl", "McDonald's", "Apple.com", "SuperPharm", "Migros", "7-Eleven"]
KIND_WEIGHTS = [("chat", 34), ("otp", 14), ("bank", 12), ("delivery", 10), ("appt", 5), ("promo", 12), ("spam", 13)]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.langs = [l for l, w in WEIGHTS.items() for _ in range(w)]
        self.kinds = [k for k, w in KIND_WEIGHTS for _ in range(w)]

    def amount(self, lang):
        r = self.r
        v = r.choice([r.randint(1, 99), r.randint(10, 999), r.randint(100, 9999), r.randint(1000, 250000)])
        s = f"{v:,}"
        if r.random() < 0.6:
            s += f".{r.randint(0, 99):02d}"
        if lang in DECIMAL_COMMA:
            s = s.replace(",", "\0").replace(".", ",").replace("\0", ".")
        return r.choice(CURRENCY[lang]).format(a=s)

    def link(self, lang, spam=False):
        r = self.r
        word = r.choice(["track", "order", "login", "secure", "my", "account", "shop", "promo", "info", "app"])
        if spam:
            host = f"{r.choice(['secure', 'verify', 'pay', 'post', 'bank', 'gift'])}-{r.choice(['id', 'update', 'check', 'info'])}{r.randint(1, 99)}.{r.choice(SPAM_TLDS)}"
            return r.choice(["http://", "https://", ""]) + host + r.choice(["", "/", f"/{word}?id={r.randint(1000, 99999)}"])
        host = f"{word}.{r.choice(BRANDS[lang]).lower().replace(' ', '')}.{r.choice(TLDS[lang])}"
        return r.choice(["https://", "https://www.", "www.", ""]) + host + r.choice(["", f"/{r.randint(100, 99999)}", f"/p?id={r.randint(1000, 999999)}"])

    def short(self):
        r = self.r
        return f"{r.choice(['', 'https://'])}{r.choice(SHORTENERS)}/{''.join(r.choice('abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789') for _ in range(r.randint(5, 8)))}"

    def phone(self, lang):
        r = self.r
        cc = r.choice(CODES[lang] + SPAM_CODES[:1])
        n = str(r.randint(100_000_000, 999_999_999))
        return r.choice([f"+{cc} {n[:3]} {n[3:6]} {n[6:]}", f"+{cc}{n}", f"0{n[:2]}-{n[2:5]}-{n[5:]}", f"({n[:3]}) {n[3:6]}-{n[6:]}", f"{n[:3]}.{n[3:6]}.{n[6:]}0"])

    def date(self):
        r = self.r
        d, m = r.randint(1, 28), r.randint(1, 12)
        return r.choice([f"{d:02d}/{m:02d}/2026", f"{d}.{m}.", f"2026-{m:02d}-{d:02d}", f"{d}/{m}", f"{m}/{d}/26"])

    def time_(self):
        return f"{self.r.randint(7, 21)}:{self.r.choice(['00', '15', '30', '45'])}"

    def sender(self, lang, kind):
        r = self.r
        if kind == "chat":
            choice = r.choice(["local", "intl", "intl", "local"])
        elif kind == "spam":
            choice = r.choice(["intl", "spamintl", "local", "email", "brand", "long"])
        else:
            choice = r.choice(["brand", "brand", "short", "short", "intl"])
        if choice == "brand":
            return r.choice(BRANDS[lang])
        if choice == "short":
            return str(r.randint(1000, 999999))
        if choice == "local":
            return f"0{r.randint(50, 59)}{r.choice(['-', ''])}{r.randint(1_000_000, 9_999_999)}"
        if choice == "intl":
            return f"+{r.choice(CODES[lang])}{r.randint(100_000_000, 9_999_999_999)}"
        if choice == "spamintl":
            return f"+{r.choice(SPAM_CODES)}{r.randint(100_000_000, 9_999_999_999)}"
        if choice == "long":
            return str(r.randint(10**11, 10**13))
        return f"{r.choice(['info', 'noreply', 'alert', 'support'])}{r.randint(1, 999)}@{r.choice(['mail', 'secure', 'notice'])}{r.randint(1, 99)}.{r.choice(['com', 'net', 'xyz'])}"

    def fill(self, t, lang):
        r = self.r
        slots = {
            "code": lambda: str(r.randint(0, 999999)).zfill(r.choice([4, 6, 6, 6, 8])),
            "code4": lambda: f"{r.randint(1, 99)}-{r.randint(1, 9)}-{r.randint(1000, 9999)}",
            "amt": lambda: self.amount(lang), "amt2": lambda: self.amount(lang),
            "link": lambda: self.link(lang), "spamlink": lambda: r.choice([self.link(lang, True), self.short()]),
            "short": self.short, "phone": lambda: self.phone(lang), "date": self.date, "time": self.time_,
            "name": lambda: r.choice(NAMES[lang]), "brand": lambda: r.choice(BRANDS[lang]), "shop": lambda: r.choice(SHOPS),
            "card": lambda: f"{r.randint(0, 9999):04d}", "track": lambda: r.choice(["1Z", "JD", "SF", "RR", "LX", "CP"]) + str(r.randint(10**8, 10**12)),
            "order": lambda: str(r.randint(10000, 9999999)), "pct": lambda: str(r.choice([10, 15, 20, 25, 30, 40, 50, 70])),
            "intl": lambda: r.choice(SPAM_CODES) + str(r.randint(10**8, 10**9)),
        }
        out, i = [], 0
        while True:
            j = t.find("{", i)
            if j < 0:
                out.append(t[i:])
                break
            k = t.index("}", j)
            out.append(t[i:j])
            out.append(slots[t[j + 1:k]]())
            i = k + 1
        return "".join(out)

    def body(self, lang, kind):
        r = self.r
        tpl = T[lang][kind]
        if kind == "chat":
            n = r.choice([1, 1, 1, 2, 2, 3, 4])
            parts = [self.fill(r.choice(tpl), lang) for _ in range(n)]
            if r.random() < 0.08:
                parts.append(self.fill(r.choice(T["en"]["chat"]), "en"))   # code-switching
            text = " ".join(parts)
            if r.random() < 0.3:
                text += " " + "".join(r.choice(EMOJI) for _ in range(r.randint(1, 3)))
            if r.random() < 0.04:
                text += " " + self.link(lang)
            if r.random() < 0.02:
                text = text.upper()
            return text
        text = self.fill(r.choice(tpl), lang)
        if kind in ("promo", "spam") and r.random() < 0.35:
            text = r.choice(EMOJI) + " " + text
        if kind == "spam" and r.random() < 0.15:
            text = text.upper()
        if kind in ("bank", "delivery", "promo") and r.random() < 0.15:
            text += " " + self.fill(r.choice(tpl), lang)              # a second segment
        return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    g = Gen(a.seed)
    out = sys.stdout
    buf = []
    for i in range(a.records):
        lang = g.r.choice(g.langs)
        kind = g.r.choice(g.kinds)
        rec = {"id": f"r-{i + 1}", "sender": g.sender(lang, kind), "body": g.body(lang, kind),
               "date": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z"}
        buf.append(json.dumps(rec, ensure_ascii=False))
        if len(buf) >= 10000:
            out.write("\n".join(buf) + "\n")
            buf = []
    if buf:
        out.write("\n".join(buf) + "\n")


if __name__ == "__main__":
    main()
