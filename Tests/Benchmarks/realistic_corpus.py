#!/usr/bin/env python3
"""Generate a deterministic corpus shaped like a real repository of paywalls.

Usage:
    realistic_corpus.py --out DIR --count N [--seed 1] [--reuse]

Every format paywall-lint reads, in the shares a subscription app's repository
might hold them:

    canonical paywall/v1, YAML    30 %     remote-config JSON      15 %
    canonical paywall/v1, JSON    20 %     RevenueCat V1           10 %
    RevenueCat V2 (components)    12 %     Firebase template        8 %
    RevenueCat offerings response  5 %

Copy is composed per file from pools of phrases (an app name, a headline, a
subhead, bullets and labels, each combined from parts), so that almost no text
repeats across files; canonical and V2 files carry 0-4 translations (de, fr,
es, it, pt-BR, ja, ko, zh-Hans, nl, sv) with full-length disclosures. About one
file in five has exactly one violation; every other file is meant to lint clean
under the default rules. MANIFEST.tsv lists each file's format and violation
(`clean` or the rule it must trip); PARAMS is written last, as in
generate_corpus.py, so a half-written corpus is never reused.

Only the Python standard library is used; file `i` depends only on (seed, i).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sys
import tempfile

from generate_corpus import json_dump, yaml_dump

FILES_PER_FOLDER = 500

# (format, share in percent, file extension)
FORMATS = [
    ("canonical-yaml", 30, "yaml"),
    ("canonical-json", 20, "json"),
    ("remote-config", 15, "json"),
    ("revenuecat-v1", 10, "json"),
    ("revenuecat-v2", 12, "json"),
    ("firebase", 8, "json"),
    ("offerings", 5, "json"),
]

# One file in five carries one violation; the rule each kind must trip.
VIOLATION_RULES = {
    "hardcoded-price": "apple/hardcoded-price",
    "hardcoded-savings": "apple/hardcoded-savings",
    "sheet": "recommended/full-screen",
    "close-delay": "apple/close-delay",
    "missing-restore": "apple/restore-button",
    "missing-terms": "apple/terms-link",
    "free-cta": "apple/trial-terms",
    "urgency": "apple/fake-urgency",
}
# The kinds each format can express.
FORMAT_VIOLATIONS = {
    "canonical-yaml": list(VIOLATION_RULES),
    "canonical-json": list(VIOLATION_RULES),
    "remote-config": ["hardcoded-price", "hardcoded-savings", "free-cta", "urgency"],
    "revenuecat-v1": ["hardcoded-price", "hardcoded-savings", "missing-restore", "missing-terms"],
    "revenuecat-v2": ["hardcoded-price", "hardcoded-savings", "missing-restore", "urgency"],
    "firebase": ["hardcoded-price", "hardcoded-savings", "free-cta"],
    "offerings": ["hardcoded-price", "missing-restore"],
}

# ---------------------------------------------------------------------------
# Pools of parts; a text is one pick from each part it combines.
# ---------------------------------------------------------------------------

NAME_STARTS = ["Lumen", "Pace", "Meal", "Glyph", "Tempo", "Orbit", "Chord", "Fathom", "Pixel", "Kinetic",
               "Word", "Sprout", "Echo", "Nimbus", "Quill", "Drift", "Ember", "Harbor", "Atlas", "Cobalt",
               "Vivid", "Hollow", "Juniper", "Marble", "Nova", "Otter", "Prism", "Ripple", "Summit", "Tidal"]
NAME_ENDS = ["ly", " Notes", " Run", "wise", " Scan", " Habits", " Sleep", " Coach", " Budget", " Forge",
             " Yoga", "smith", " Garden", " Journal", " Studio", " Lab", " Pal", "io", " Go", " Daily"]
NOUNS = ["drawing", "note", "run", "recipe", "scan", "habit", "session", "lesson", "budget", "export",
         "class", "draft", "plant", "entry", "track", "workout", "story", "map", "photo", "song"]

HEAD_A = ["Unlock", "Discover", "Get", "Enjoy", "Explore", "Open up", "Go beyond", "Try out the best of",
          "Make the most of", "Step up with", "Grow with", "Create more with", "Build a routine with",
          "Take control with", "Find your flow with", "Level up with", "Keep going with", "Dive into"]
HEAD_B = ["every {noun}", "{app} Pro", "all of {app}", "your best {noun} yet", "unlimited {noun}s",
          "the full {app} library", "{app} without limits", "your daily {noun}", "the complete toolkit",
          "every feature", "all premium tools", "your {noun} archive", "the whole collection"]
SUB_A = ["Pro members get", "With Pro you get", "Members enjoy", "Upgrade and get", "Subscribers unlock",
         "Your plan includes", "One subscription brings", "Premium gives you", "Go Pro for"]
SUB_B = ["unlimited access to every feature", "every template and tool", "sync across all your devices",
         "smart insights on each {noun}", "offline access wherever you are", "priority support from our team",
         "early access to what we build next", "a calmer, ad-less experience", "backups of every {noun}",
         "custom themes and icons", "advanced statistics and history", "exports in full resolution"]
SUB_C = ["", " Cancel anytime in Settings.", " Made by a small independent team.", " Loved by {k} thousand people.",
         " Your support keeps {app} independent.", " New features every month.", " Works on iPhone and iPad."]
BULLET_A = ["Unlimited", "Smart", "Custom", "Advanced", "Offline", "Shared", "Private", "Instant", "Guided",
            "Detailed", "Automatic", "Beautiful", "Weekly", "Personal", "Cloud"]
BULLET_B = ["{noun}s", "templates", "reminders", "statistics", "backups", "themes", "widgets", "exports",
            "insights", "playlists", "collections", "folders", "filters", "tags", "reports", "goals"]
BULLET_C = ["", " for every day", " on all devices", " in one tap", " with iCloud sync", " for your family",
            " at any size", " without ads", " you can share", " that adapt to you", " in dark mode"]
CTAS = ["Continue", "Subscribe", "Unlock {app} Pro", "Subscribe for {{{{ price_per_period }}}}",
        "Start my subscription", "Upgrade now", "Get {app} Pro", "Join {app} Pro", "Go Pro",
        "Unlock everything", "Subscribe to {app}"]
CLOSE_LABELS = ["Not now", "Maybe later", "Close", "Continue with limits", "No thanks", "Skip for now",
                "Back to {app}", "Keep the free version", "Later"]
RESTORE_LABELS = ["Restore Purchases", "Restore", "Already subscribed? Restore", "Restore purchase"]
BADGES = [None, None, "Best value", "Most popular", "Recommended", "Popular"]
DISCLOSURES = [
    "{{{{ price }}}} per {{{{ period }}}}. Your subscription renews automatically unless cancelled at least "
    "24 hours before the end of the current period. Payment is charged to your Apple ID account at "
    "confirmation of purchase. Manage or cancel anytime in your App Store account settings.",
    "{{{{ intro_price }}}} for the first {{{{ intro_period }}}}, then {{{{ price }}}} per {{{{ period }}}}. "
    "Auto-renewing subscription; it renews unless you cancel at least 24 hours before the period ends. "
    "Cancel anytime in Settings > Apple ID > Subscriptions.",
    "Billed {{{{ price }}}} every {{{{ period }}}}. Renews automatically until cancelled. Your account is "
    "charged within 24 hours before the end of each period. Cancel anytime in your account settings; "
    "{app} keeps your {noun}s either way.",
]

# Translations: parts per locale. Disclosures are full-length; labels are whole.
L10N = {
    "de": {
        "terms": "Nutzungsbedingungen", "privacy": "Datenschutz",
        "head_a": ["Entdecke", "Hol dir", "Erlebe", "Nutze", "Mehr aus"], "head_b": ["{app} Pro", "alle Funktionen",
        "die ganze Bibliothek", "jede Vorlage", "{app} ohne Grenzen"],
        "sub": ["Mit Pro bekommst du unbegrenzten Zugriff auf alle Funktionen.", "Synchronisiert auf allen Geräten.",
                "Neue Funktionen jeden Monat.", "Von einem kleinen unabhängigen Team."],
        "bullets": ["Unbegrenzt nutzen", "Alle Vorlagen", "Auf allen Geräten synchron", "Export in hoher Auflösung",
                    "Eigene Themen", "Statistiken und Verlauf", "Offline verfügbar", "Ohne Werbung"],
        "cta": ["Abonnieren", "Weiter", "Pro freischalten", "Jetzt abonnieren"],
        "close": ["Nicht jetzt", "Später", "Schließen"], "restore": ["Käufe wiederherstellen", "Wiederherstellen"],
        "disclosure": "{{{{ price }}}} pro {{{{ period }}}}. Das Abonnement verlängert sich automatisch, wenn du "
                      "es nicht mindestens 24 Stunden vor Ende des Zeitraums kündigst. Die Zahlung wird bei "
                      "Bestätigung deinem Apple-Account belastet. Jederzeit in den Einstellungen kündbar.",
        "price_cta": "3,99 € pro Woche", "badge": "Bester Wert",
    },
    "fr": {
        "terms": "Conditions d'utilisation", "privacy": "Confidentialité",
        "head_a": ["Découvrez", "Profitez de", "Explorez", "Débloquez"], "head_b": ["{app} Pro", "toutes les fonctions",
        "toute la bibliothèque", "chaque modèle"],
        "sub": ["Les membres Pro ont un accès illimité à toutes les fonctions.", "Synchronisé sur tous vos appareils.",
                "De nouvelles fonctions chaque mois.", "Créé par une petite équipe indépendante."],
        "bullets": ["Utilisation illimitée", "Tous les modèles", "Synchronisation sur tous vos appareils",
                    "Export en haute résolution", "Thèmes personnalisés", "Statistiques détaillées", "Mode hors ligne"],
        "cta": ["S'abonner", "Continuer", "Passer à Pro"],
        "close": ["Plus tard", "Pas maintenant", "Fermer"], "restore": ["Restaurer les achats", "Restaurer"],
        "disclosure": "{{{{ price }}}} par {{{{ period }}}}. L'abonnement se renouvelle automatiquement sauf "
                      "résiliation au moins 24 heures avant la fin de la période. Le paiement est débité de "
                      "votre compte Apple à la confirmation. Résiliable à tout moment dans les réglages.",
        "price_cta": "Commencer pour 3,99 €", "badge": "Meilleure offre",
    },
    "es": {
        "terms": "Términos de uso", "privacy": "Privacidad",
        "head_a": ["Descubre", "Disfruta", "Desbloquea", "Explora"], "head_b": ["{app} Pro", "todas las funciones",
        "toda la biblioteca", "cada plantilla"],
        "sub": ["Los miembros Pro tienen acceso ilimitado a todo.", "Sincroniza en todos tus dispositivos.",
                "Funciones nuevas cada mes.", "Hecho por un pequeño equipo independiente."],
        "bullets": ["Uso ilimitado", "Todas las plantillas", "Sincronización en todos tus dispositivos",
                    "Exportación en alta resolución", "Temas personalizados", "Estadísticas detalladas"],
        "cta": ["Suscribirme", "Continuar", "Hazte Pro"],
        "close": ["Ahora no", "Más tarde", "Cerrar"], "restore": ["Restaurar compras", "Restaurar"],
        "disclosure": "{{{{ price }}}} por {{{{ period }}}}. La suscripción se renueva automáticamente salvo que "
                      "la canceles al menos 24 horas antes del final del periodo. El pago se carga a tu cuenta "
                      "de Apple al confirmar la compra. Cancela cuando quieras en Ajustes.",
        "price_cta": "Empieza por 3,99 €", "badge": "Mejor opción",
    },
    "it": {
        "terms": "Termini d'uso", "privacy": "Privacy",
        "head_a": ["Scopri", "Sblocca", "Esplora"], "head_b": ["{app} Pro", "tutte le funzioni", "ogni modello"],
        "sub": ["I membri Pro hanno accesso illimitato a tutto.", "Sincronizzato su tutti i dispositivi.",
                "Nuove funzioni ogni mese."],
        "bullets": ["Uso illimitato", "Tutti i modelli", "Sincronizzazione su ogni dispositivo",
                    "Esportazione in alta risoluzione", "Temi personalizzati"],
        "cta": ["Abbonati", "Continua"], "close": ["Non ora", "Più tardi", "Chiudi"],
        "restore": ["Ripristina acquisti"],
        "disclosure": "{{{{ price }}}} ogni {{{{ period }}}}. L'abbonamento si rinnova automaticamente se non lo "
                      "disdici almeno 24 ore prima della fine del periodo. Il pagamento viene addebitato sul tuo "
                      "account Apple alla conferma. Annullabile in qualsiasi momento nelle Impostazioni.",
        "price_cta": "Inizia a 3,99 €", "badge": "Più conveniente",
    },
    "pt-BR": {
        "terms": "Termos de uso", "privacy": "Privacidade",
        "head_a": ["Descubra", "Desbloqueie", "Aproveite"], "head_b": ["o {app} Pro", "todos os recursos",
        "a biblioteca completa"],
        "sub": ["Membros Pro têm acesso ilimitado a tudo.", "Sincronize em todos os seus aparelhos.",
                "Recursos novos todo mês."],
        "bullets": ["Uso ilimitado", "Todos os modelos", "Sincronização em todos os aparelhos",
                    "Exportação em alta resolução", "Temas personalizados"],
        "cta": ["Assinar", "Continuar"], "close": ["Agora não", "Mais tarde", "Fechar"],
        "restore": ["Restaurar compras"],
        "disclosure": "{{{{ price }}}} por {{{{ period }}}}. A assinatura é renovada automaticamente, a menos que "
                      "seja cancelada pelo menos 24 horas antes do fim do período. O pagamento é cobrado na sua "
                      "conta Apple na confirmação. Cancele quando quiser nos Ajustes.",
        "price_cta": "Comece por R$ 9,90", "badge": "Melhor opção",
    },
    "ja": {
        "terms": "利用規約", "privacy": "プライバシーポリシー",
        "head_a": ["{app}で", "もっと", "毎日の"], "head_b": ["すべての機能を", "テンプレートを", "記録を"],
        "head_c": ["使いこなそう", "楽しもう", "活用しよう"],
        "sub": ["Proメンバーはすべての機能を無制限に利用できます。", "すべてのデバイスで同期できます。",
                "毎月新しい機能が追加されます。"],
        "bullets": ["無制限に利用", "すべてのテンプレート", "すべてのデバイスで同期", "高解像度で書き出し",
                    "カスタムテーマ", "詳しい統計"],
        "cta": ["登録する", "続ける"], "close": ["今はしない", "あとで", "閉じる"], "restore": ["購入を復元"],
        "disclosure": "{{{{ period }}}}ごとに{{{{ price }}}}。期間終了の24時間以上前に解約しない限り、"
                      "サブスクリプションは自動更新されます。お支払いは購入確定時にApple IDに請求されます。"
                      "いつでも設定から解約できます。",
        "price_cta": "週480円で始める", "badge": "おすすめ",
    },
    "ko": {
        "terms": "이용약관", "privacy": "개인정보 처리방침",
        "head_a": ["{app} Pro로", "매일", "더 많이"], "head_b": ["모든 기능을", "모든 템플릿을"],
        "head_c": ["누려 보세요", "사용해 보세요"],
        "sub": ["Pro 회원은 모든 기능을 무제한으로 이용할 수 있어요.", "모든 기기에서 동기화됩니다.",
                "매달 새로운 기능이 추가됩니다."],
        "bullets": ["무제한 이용", "모든 템플릿", "모든 기기에서 동기화", "고해상도 내보내기", "맞춤 테마"],
        "cta": ["구독하기", "계속"], "close": ["나중에", "닫기"], "restore": ["구매 복원"],
        "disclosure": "{{{{ period }}}}마다 {{{{ price }}}}. 기간 종료 24시간 전까지 해지하지 않으면 구독이 "
                      "자동으로 갱신됩니다. 결제는 구매 확인 시 Apple 계정으로 청구됩니다. 설정에서 언제든지 "
                      "해지할 수 있습니다.",
        "price_cta": "주 5,900원으로 시작", "badge": "추천",
    },
    "zh-Hans": {
        "terms": "使用条款", "privacy": "隐私政策",
        "head_a": ["用{app}", "每天", "尽享"], "head_b": ["全部功能", "所有模板"], "head_c": ["", "，随心创作"],
        "sub": ["Pro 会员可无限使用全部功能。", "在所有设备间同步。", "每月都有新功能。"],
        "bullets": ["无限使用", "全部模板", "多设备同步", "高清导出", "自定义主题"],
        "cta": ["订阅", "继续"], "close": ["以后再说", "关闭"], "restore": ["恢复购买"],
        "disclosure": "每{{{{ period }}}} {{{{ price }}}}。除非在当前周期结束前至少 24 小时取消，订阅将自动续订。"
                      "确认购买时将从你的 Apple 账户扣款。可随时在设置中取消。",
        "price_cta": "每周 ¥18 开始", "badge": "超值之选",
    },
    "nl": {
        "terms": "Gebruiksvoorwaarden", "privacy": "Privacy",
        "head_a": ["Ontdek", "Ontgrendel", "Haal meer uit"], "head_b": ["{app} Pro", "alle functies"],
        "sub": ["Pro-leden krijgen onbeperkt toegang tot alles.", "Gesynchroniseerd op al je apparaten."],
        "bullets": ["Onbeperkt gebruik", "Alle sjablonen", "Synchronisatie op al je apparaten", "Eigen thema's"],
        "cta": ["Abonneren", "Doorgaan"], "close": ["Niet nu", "Later", "Sluiten"], "restore": ["Aankopen herstellen"],
        "disclosure": "{{{{ price }}}} per {{{{ period }}}}. Het abonnement wordt automatisch verlengd tenzij je "
                      "het minstens 24 uur voor het einde van de periode opzegt. De betaling wordt bij bevestiging "
                      "van je Apple-account afgeschreven. Altijd opzegbaar via Instellingen.",
        "price_cta": "Start voor € 3,99", "badge": "Beste keuze",
    },
    "sv": {
        "terms": "Användarvillkor", "privacy": "Integritetspolicy",
        "head_a": ["Upptäck", "Lås upp", "Få ut mer av"], "head_b": ["{app} Pro", "alla funktioner"],
        "sub": ["Pro-medlemmar får obegränsad tillgång till allt.", "Synkas mellan alla dina enheter."],
        "bullets": ["Obegränsad användning", "Alla mallar", "Synk på alla enheter", "Egna teman"],
        "cta": ["Prenumerera", "Fortsätt"], "close": ["Inte nu", "Senare", "Stäng"], "restore": ["Återställ köp"],
        "disclosure": "{{{{ price }}}} per {{{{ period }}}}. Prenumerationen förnyas automatiskt om du inte säger "
                      "upp den minst 24 timmar innan perioden slutar. Betalningen debiteras ditt Apple-konto vid "
                      "bekräftelse. Avsluta när du vill i Inställningar.",
        "price_cta": "Börja för 39 kr", "badge": "Bäst värde",
    },
}
LOCALES = sorted(L10N)
RC_LOCALE = {"de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt-BR": "pt_BR", "ja": "ja_JP",
             "ko": "ko_KR", "zh-Hans": "zh_Hans", "nl": "nl_NL", "sv": "sv_SE"}

PLANS = [("weekly", "auto_renewable"), ("monthly", "auto_renewable"), ("annual", "auto_renewable"),
         ("lifetime", "non_consumable")]
THEMES = [("#FFFFFF", "#111827", "#4B5563"), ("#F9FAFB", "#1F2937", "#374151"),
          ("#0B0B0F", "#F9FAFB", "#9CA3AF"), ("#111827", "#FFFFFF", "#D1D5DB")]


class Copy:
    """The copy of one paywall, composed from the pools."""

    def __init__(self, rng: random.Random, index: int):
        self.rng = rng
        self.app = f"{rng.choice(NAME_STARTS)}{rng.choice(NAME_ENDS)}"
        self.noun = rng.choice(NOUNS)
        self.domain = self.app.lower().replace(" ", "") + rng.choice([".app", ".io", ".com", ".co"])
        self.prefix = "com." + self.app.lower().replace(" ", "")
        self.fmt = {"app": self.app, "noun": self.noun, "k": rng.randint(2, 900)}
        self.index = index

    def pick(self, pool: list[str]) -> str:
        return self.rng.choice(pool).format(**self.fmt)

    def headline(self) -> str:
        return f"{self.pick(HEAD_A)} {self.pick(HEAD_B)}"

    def subhead(self) -> str:
        return f"{self.pick(SUB_A)} {self.pick(SUB_B)}.{self.pick(SUB_C)}"

    def bullets(self, n: int) -> list[str]:
        seen: list[str] = []
        while len(seen) < n:
            text = f"{self.pick(BULLET_A)} {self.pick(BULLET_B)}{self.pick(BULLET_C)}"
            if text not in seen:
                seen.append(text)
        return seen

    def localized(self, loc: str, bullets: int = 4) -> dict:
        """The copy in `loc`, with as many bullets as the English copy has."""
        t, rng = L10N[loc], self.rng
        headline = (rng.choice(t["head_a"]) + " " + rng.choice(t["head_b"])).format(**self.fmt)
        if "head_c" in t:
            headline = (rng.choice(t["head_a"]) + rng.choice(t["head_b"]) + rng.choice(t["head_c"])).format(**self.fmt)
        start = rng.randrange(len(t["bullets"]))
        return {
            "headline": headline,
            "subhead": " ".join(rng.sample(t["sub"], k=2)).format(**self.fmt),
            "bullets": [t["bullets"][(start + k) % len(t["bullets"])] for k in range(bullets)],
            "cta": rng.choice(t["cta"]), "close": rng.choice(t["close"]), "restore": rng.choice(t["restore"]),
            "disclosure": t["disclosure"].format(**self.fmt),
        }


def violation_for(rng: random.Random, fmt: str) -> str:
    return rng.choice(FORMAT_VIOLATIONS[fmt]) if rng.random() < 0.2 else "clean"


def hard_price(rng: random.Random) -> str:
    return rng.choice(["Start for $3.99", "Subscribe for $3.99/week", "Unlock for £2.49 a week",
                       "Only $29.99 a year", "Annual plan: 39,99 €"])


def savings_text(rng: random.Random) -> str:
    return rng.choice(["Save 40%", "Save 17%", "50% off", "2 months free with yearly"])


def urgency_text(rng: random.Random) -> str:
    return rng.choice(["Offer ends tonight", "Only 3 spots left at this price", "Last chance: ends in 2 hours"])


def free_cta(rng: random.Random) -> str:
    return rng.choice(["Start your free week", "Try it free", "Start free trial"])


# ---------------------------------------------------------------------------
# Canonical paywall/v1.
# ---------------------------------------------------------------------------

def canonical(copy: Copy, violation: str, locales: list[str]) -> dict:
    rng = copy.rng
    plans = rng.sample(PLANS[:3], k=rng.choice([1, 2, 2, 3]))
    if len(plans) >= 2 and rng.random() < 0.3:
        plans[-1] = PLANS[3]
    products = [{"id": f"{copy.prefix}.pro.{suffix}", "kind": kind, "label": "{{ product_name }}"}
                for suffix, kind in plans]
    highlighted = rng.choice(products)
    badge = rng.choice(BADGES)
    if badge and len(products) > 1:
        highlighted["badge"] = badge
    background, text, muted = rng.choice(THEMES)
    pw: dict = {
        "paywall": 1,
        "id": f"{copy.app.lower().replace(' ', '-')}-{plans[0][0]}-{copy.index:05d}",
        "app": copy.app, "locale": "en",
        "presentation": "full_screen",
        "headline": copy.headline(), "subhead": copy.subhead(),
        "bullets": copy.bullets(rng.randint(3, 6)),
        "products": products, "highlighted_product": highlighted["id"],
        "cta": copy.pick(CTAS),
        "close": {"visible": True, "delay_seconds": 0, "label": copy.pick(CLOSE_LABELS),
                  "destination": rng.choice(["home", "previous", "template_gallery"])},
        "restore": {"visible": True, "above_fold": True, "label": copy.pick(RESTORE_LABELS)},
        "links": {"terms": f"https://{copy.domain}/terms", "privacy": f"https://{copy.domain}/privacy"},
        "disclosure": {"text": copy.pick(DISCLOSURES), "placement": rng.choice(["footer", "below_cta"]),
                       "font_size": rng.choice([12, 13, 14]), "color": muted},
        "price": {"text": "{{ price }} / {{ period }}", "font_size": rng.choice([16, 17, 18])},
        "triggers": [{"event": e} for e in rng.sample(["session_closed", "feature_limit", "app_launch",
                                                       "onboarding_complete", "settings"], k=rng.randint(1, 2))],
        "theme": {"background": background, "text": text},
    }
    if rng.random() < 0.4:
        pw["gate"] = {"free_uses": rng.choice([1, 3, 5]), "period_hours": 24, "carry_over": False}
    if locales:
        pw["localizations"] = {}
        for loc in locales:
            t = copy.localized(loc, len(pw["bullets"]))
            entry = {"headline": t["headline"], "subhead": t["subhead"], "bullets": t["bullets"],
                     "cta": t["cta"], "close": {"label": t["close"]}, "restore": {"label": t["restore"]},
                     "disclosure": t["disclosure"], "price": {"text": "{{ price }} / {{ period }}"}}
            overrides = {}
            for p in products:
                o = {"label": "{{ product_name }}"}
                if "badge" in p:
                    o["badge"] = L10N[loc]["badge"]
                overrides[p["id"]] = o
            entry["products"] = overrides
            pw["localizations"][loc] = entry

    def set_cta(text: str) -> None:
        pw["cta"] = text

    if violation == "hardcoded-price":
        if locales and rng.random() < 0.5:
            loc = rng.choice(locales)
            pw["localizations"][loc]["cta"] = L10N[loc]["price_cta"]
        else:
            set_cta(hard_price(rng))
    elif violation == "hardcoded-savings":
        rng.choice(products)["badge"] = savings_text(rng)
    elif violation == "sheet":
        pw["presentation"] = "sheet"
    elif violation == "close-delay":
        pw["close"]["delay_seconds"] = 3
    elif violation == "missing-restore":
        del pw["restore"]
        for entry in pw.get("localizations", {}).values():
            entry.pop("restore", None)
    elif violation == "missing-terms":
        del pw["links"]["terms"]
    elif violation == "free-cta":
        set_cta(free_cta(rng))
    elif violation == "urgency":
        pw["subhead"] = urgency_text(rng)
    return pw


# ---------------------------------------------------------------------------
# remote-config (the PaywallConfig struct), alone or inside a Firebase template.
# ---------------------------------------------------------------------------

def remote_config(copy: Copy, violation: str, suffix: str = "") -> dict:
    rng = copy.rng
    products = [f"{copy.prefix}.pro.{p}" for p in rng.sample(["yearly", "monthly", "weekly"], k=rng.randint(1, 3))]
    config = {
        "id": f"{copy.app.lower().replace(' ', '-')}-{copy.index:05d}{suffix}",
        "headline": copy.headline(), "subhead": copy.subhead(), "bullets": copy.bullets(rng.randint(3, 5)),
        "productIDs": products, "highlightedProductID": rng.choice(products),
        "ctaTitle": copy.pick(CTAS), "footnote": copy.pick(DISCLOSURES),
    }
    if violation == "hardcoded-price":
        config["ctaTitle"] = hard_price(rng)
    elif violation == "hardcoded-savings":
        config["bullets"][0] = savings_text(rng)
    elif violation == "free-cta":
        config["ctaTitle"] = free_cta(rng)
    elif violation == "urgency":
        config["subhead"] = urgency_text(rng)
    return config


def firebase(copy: Copy, violation: str) -> dict:
    rng = copy.rng
    arms = rng.randint(1, 4)
    bad = rng.randrange(arms + 1) if violation != "clean" else -1
    conditions, values = [], {}
    for k in range(arms):
        name = rng.choice(["exp_cta", "exp_headline", "french_speakers", "holiday", "beta", "returning"]) + f"_{k}"
        conditions.append({"name": name, "expression": f"percent('paywall_{copy.index}') between {k * 10} and {k * 10 + 10}",
                           "tagColor": rng.choice(["BLUE", "GREEN", "ORANGE", "PURPLE"])})
        arm = remote_config(copy, violation if k + 1 == bad else "clean", f"-{name}")
        values[name] = {"value": json.dumps(arm, ensure_ascii=False)}
    default = remote_config(copy, violation if bad == 0 else "clean")
    return {
        "conditions": conditions,
        "parameters": {
            "paywall_enabled": {"defaultValue": {"value": "true"}, "valueType": "BOOLEAN"},
            "onboarding_steps": {"defaultValue": {"value": str(rng.randint(2, 6))}, "valueType": "NUMBER"},
            "feature_flags": {"defaultValue": {"value": json.dumps({"newEditor": rng.random() < 0.5,
                                                                      "maxItems": rng.randint(5, 50)})},
                              "valueType": "JSON"},
        },
        "parameterGroups": {
            "Paywall": {
                "description": "The paywall the app shows; each condition is an experiment arm",
                "parameters": {"paywall_config": {"defaultValue": {"value": json.dumps(default, ensure_ascii=False)},
                                                  "conditionalValues": values, "valueType": "JSON"}},
            }
        },
        "version": {"versionNumber": str(rng.randint(10, 400)), "updateOrigin": "CONSOLE", "updateType": "INCREMENTAL_UPDATE"},
    }


# ---------------------------------------------------------------------------
# RevenueCat V1 and V2, alone or in an offerings response.
# ---------------------------------------------------------------------------

def revenuecat_v1(copy: Copy, violation: str, locales: list[str]) -> dict:
    rng = copy.rng
    packages = rng.sample(["$rc_annual", "$rc_monthly", "$rc_weekly"], k=rng.randint(1, 3))
    strings = {"en_US": {
        "title": copy.headline(), "subtitle": copy.subhead(),
        "call_to_action": copy.pick(CTAS).replace("{{ price_per_period }}", "{{ sub_price_per_month }}"),
        "offer_details": "{{ total_price_and_per_month }}",
        "offer_name": "{{ sub_period }}",
        "features": [{"title": b, "icon_id": rng.choice(["tick", "star", "lock", "sync"])}
                     for b in copy.bullets(rng.randint(2, 5))],
    }}
    for loc in locales:
        t = copy.localized(loc, len(strings["en_US"]["features"]))
        strings[RC_LOCALE[loc]] = {"title": t["headline"], "subtitle": t["subhead"], "call_to_action": t["cta"],
                                   "offer_details": "{{ total_price_and_per_month }}",
                                   "offer_name": "{{ sub_period }}",
                                   "features": [{"title": b, "icon_id": "tick"} for b in t["bullets"]]}
    config = {"packages": packages, "default_package": rng.choice(packages), "display_restore_purchases": True,
              "tos_url": f"https://{copy.domain}/terms", "privacy_url": f"https://{copy.domain}/privacy"}
    if violation == "hardcoded-price":
        strings["en_US"]["offer_details"] = rng.choice(["Just $4.99 a month", "$29.99 per year, billed annually"])
    elif violation == "hardcoded-savings":
        strings["en_US"]["subtitle"] = savings_text(rng) + " on the annual plan"
    elif violation == "missing-restore":
        config["display_restore_purchases"] = False
    elif violation == "missing-terms":
        del config["tos_url"]
    return {"template_name": rng.choice(["1", "2", "3", "4", "5"]), "default_locale": "en_US",
            "localized_strings": strings, "config": config}


def v2_text(tid: str, lid: str, size: str) -> dict:
    return {"type": "text", "id": tid, "text_lid": lid, "font_size": size,
            "color": {"light": {"type": "hex", "value": "#111111"}}}


def revenuecat_v2(copy: Copy, violation: str, locales: list[str]) -> dict:
    rng = copy.rng
    bullets = copy.bullets(rng.randint(3, 6))
    packages = rng.sample(["$rc_annual", "$rc_monthly", "$rc_weekly"], k=rng.randint(1, 3))
    package_label = "{{ product.period_with_unit }}: {{ product.price_per_period }}"
    en = {"title": copy.headline(), "subtitle": copy.subhead(),
          "cta": copy.pick(CTAS).replace("{{ price_per_period }}", "{{ product.price_per_period }}"),
          "restore": copy.pick(RESTORE_LABELS), "close": copy.pick(CLOSE_LABELS), "terms": "Terms of Use",
          "privacy": "Privacy Policy", "terms_url": f"https://{copy.domain}/terms",
          "privacy_url": f"https://{copy.domain}/privacy",
          "disclosure": copy.pick(DISCLOSURES).replace("{{ price }}", "{{ product.price }}")
          .replace("{{ period }}", "{{ product.period }}")
          .replace("{{ intro_price }}", "{{ product.offer_price }}")
          .replace("{{ intro_period }}", "{{ product.offer_period }}")}
    for k, b in enumerate(bullets):
        en[f"feature_{k}"] = b
    for p in packages:
        en[f"pkg_{p[4:]}"] = package_label
    localizations = {"en_US": en}
    for loc in locales:
        t = copy.localized(loc, len(bullets))
        table = {"title": t["headline"], "subtitle": t["subhead"], "cta": t["cta"], "restore": t["restore"],
                 "close": t["close"], "terms": L10N[loc]["terms"], "privacy": L10N[loc]["privacy"],
                 "disclosure": t["disclosure"].replace("{{ price }}", "{{ product.price }}")
                 .replace("{{ period }}", "{{ product.period }}")}
        for k in range(len(bullets)):
            table[f"feature_{k}"] = t["bullets"][k]
        for p in packages:
            table[f"pkg_{p[4:]}"] = package_label
        localizations[RC_LOCALE[loc]] = table

    features = [v2_text(f"feature-{k}", f"feature_{k}", "body_m") for k in range(len(bullets))]
    package_nodes = [{"type": "package", "id": f"pkg-{p[4:]}", "package_id": p,
                      "is_selected_by_default": p == packages[0],
                      "stack": {"type": "stack", "components": [v2_text(f"pkg-{p[4:]}-label", f"pkg_{p[4:]}", "body_l")]}}
                     for p in packages]
    footer = [
        {"type": "purchase_button", "id": "buy",
         "stack": {"type": "stack", "components": [v2_text("cta-label", "cta", "heading_s")]}},
        {"type": "button", "id": "restore", "action": {"type": "restore_purchases"},
         "stack": {"type": "stack", "components": [v2_text("restore-label", "restore", "body_m")]}},
        {"type": "button", "id": "terms",
         "action": {"type": "navigate_to", "destination": "terms", "url": {"url_lid": "terms_url", "method": "in_app_browser"}},
         "stack": {"type": "stack", "components": [v2_text("terms-label", "terms", "body_m")]}},
        {"type": "button", "id": "privacy",
         "action": {"type": "navigate_to", "destination": "privacy_policy", "url": {"url_lid": "privacy_url", "method": "in_app_browser"}},
         "stack": {"type": "stack", "components": [v2_text("privacy-label", "privacy", "body_m")]}},
        v2_text("disclosure", "disclosure", "body_s"),
    ]
    if violation == "hardcoded-price":
        en[f"pkg_{packages[0][4:]}"] = rng.choice(["Annual: $29.99", "Monthly: $4.99", "Weekly: $2.99"])
    elif violation == "hardcoded-savings":
        en["subtitle"] = savings_text(rng)
    elif violation == "missing-restore":
        footer.pop(1)
    elif violation == "urgency":
        en["subtitle"] = urgency_text(rng)
    root = [
        {"type": "button", "id": "close", "action": {"type": "navigate_back"},
         "stack": {"type": "stack", "components": [v2_text("close-label", "close", "body_s")]}},
        v2_text("headline", "title", "heading_l"), v2_text("subtitle", "subtitle", "body_m"),
        {"type": "stack", "id": "features", "components": features},
        {"type": "stack", "id": "packages", "components": package_nodes},
    ]
    return {
        "template_name": "components", "default_locale": "en_US", "revision": rng.randint(1, 40),
        "components_localizations": localizations,
        "components_config": {"base": {
            "background": {"type": "color", "value": {"light": {"type": "hex", "value": "#ffffff"}}},
            "stack": {"type": "stack", "id": "root", "components": root},
            "sticky_footer": {"stack": {"type": "stack", "components": footer}},
        }},
    }


def offerings(copy: Copy, violation: str) -> dict:
    rng = copy.rng
    count = rng.randint(2, 4)
    bad = rng.randrange(count) if violation != "clean" else -1
    items = []
    for k in range(count):
        identifier = ["default", "onboarding", "winback", "settings"][k]
        kind = violation if k == bad else "clean"
        locales = rng.sample(LOCALES, k=rng.randint(0, 2))
        item = {"identifier": identifier, "description": f"{identifier} offering",
                "packages": [{"identifier": "$rc_annual", "platform_product_identifier": f"{copy.prefix}.annual"}]}
        # A V1 paywall hides Restore with RevenueCat's own flag (another rule): leave it out in V2.
        if rng.random() < 0.5 or kind == "missing-restore":
            item["paywall_components"] = revenuecat_v2(copy, kind, locales)
        else:
            item["paywall"] = revenuecat_v1(copy, kind, locales)
        items.append(item)
    return {"current_offering_id": "default", "offerings": items}


# ---------------------------------------------------------------------------
# Main.
# ---------------------------------------------------------------------------

def pick_format(rng: random.Random) -> tuple[str, str]:
    roll = rng.randrange(100)
    for name, share, ext in FORMATS:
        if roll < share:
            return name, ext
        roll -= share
    raise AssertionError


def make_file(seed: int, index: int) -> tuple[str, str, str, str]:
    """(format, extension, text, violation) for file `index`."""
    rng = random.Random(f"realistic:{seed}:{index}")
    fmt, ext = pick_format(rng)
    violation = violation_for(rng, fmt)
    copy = Copy(rng, index)
    locales = rng.sample(LOCALES, k=rng.choice([0, 0, 1, 1, 2, 3, 4]))
    if fmt.startswith("canonical"):
        value = canonical(copy, violation, locales)
        if ext == "yaml":
            return fmt, ext, yaml_dump(value, header=f"Paywall {value['id']} for {copy.app}"), violation
    elif fmt == "remote-config":
        value = remote_config(copy, violation)
    elif fmt == "revenuecat-v1":
        value = revenuecat_v1(copy, violation, locales)
    elif fmt == "revenuecat-v2":
        value = revenuecat_v2(copy, violation, locales)
    elif fmt == "firebase":
        value = firebase(copy, violation)
    else:
        value = offerings(copy, violation)
    return fmt, ext, json_dump(value), violation


def generator_digest() -> str:
    digest = hashlib.sha256()
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("realistic_corpus.py", "generate_corpus.py"):
        with open(os.path.join(here, name), "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reuse", action="store_true")
    args = ap.parse_args(argv)
    if args.count < 1:
        ap.error("--count must be at least 1")
    params = f"generator-sha256={generator_digest()}\nseed={args.seed}\nmode=realistic\ncount={args.count}\n"
    out = os.path.abspath(args.out)
    if args.reuse:
        try:
            with open(os.path.join(out, "PARAMS"), encoding="utf-8") as f:
                if f.read() == params:
                    print(f"reusing {args.out} (same parameters)", file=sys.stderr)
                    return 0
        except FileNotFoundError:
            pass
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".tmp-corpus-", dir=parent)
    try:
        manifest = []
        for i in range(args.count):
            fmt, ext, text, violation = make_file(args.seed, i)
            folder = f"part-{i // FILES_PER_FOLDER:03d}"
            os.makedirs(os.path.join(tmp, folder), exist_ok=True)
            rel = f"{folder}/paywall-{i:05d}.{ext}"
            write_text(os.path.join(tmp, rel), text)
            rule = "clean" if violation == "clean" else VIOLATION_RULES[violation]
            if violation == "missing-restore" and fmt == "revenuecat-v1":
                rule = "revenuecat/restore-hidden"  # RevenueCat's own flag hides the button
            manifest.append(f"{rel}\t{rule}\t{fmt}")
        write_text(os.path.join(tmp, "MANIFEST.tsv"), "\n".join(manifest) + "\n")
        write_text(os.path.join(tmp, "PARAMS"), params)
        if os.path.exists(out):
            shutil.rmtree(out)
        os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
