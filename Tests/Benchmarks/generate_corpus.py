#!/usr/bin/env python3
"""Generate a deterministic benchmark corpus of canonical `paywall/v1` files.

Usage:
    generate_corpus.py --out DIR --count N [--seed 1] [--reuse]
    generate_corpus.py --out DIR --big [--big-bytes 5000000] [--seed 1] [--reuse]

Corpus mode writes N paywall definitions (see shared/spec/FORMAT.md), half
YAML (`.yaml`, even indices) and half JSON (`.json`, odd indices), in
subfolders `part-000/`, `part-001/`, ... of at most 500 files each. Every
third file (index % 3 == 2) carries exactly one violation, its kind picked
deterministically from VIOLATIONS; all the others are meant to be clean under
the `recommended` preset. File `i` depends only on (seed, i), so the corpus of
100 files is a prefix of the corpus of 10,000.

Big mode writes one YAML document, `big-paywall.yaml`, of about --big-bytes
bytes: a single paywall whose `localizations` holds thousands of synthetic
private-use locales (`x-0001`, `x-0002`, ...), each with a full set of copy.
Every 1,000th locale carries a hard-coded price, so a linter has a few findings
to report.

Besides the paywall files the generator writes:
  MANIFEST.tsv  one line per file: relative path, then `clean` or the violation
                kind (ground truth for checking the alternative linters);
  PARAMS        the generation parameters and the generator's own SHA-256.
                run.sh reuses an existing corpus only when PARAMS matches, and
                PARAMS is written last, so a half-written corpus is never reused.
Neither name ends in .yaml/.yml/.json, so linters walking the folder skip them.

Only the Python standard library is used. Output is byte-for-byte
deterministic for a given seed (no dict-order, hash-seed or clock dependence).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import sys
import tempfile

FILES_PER_FOLDER = 500

# The violation kinds injected into one file in three (see FORMAT.md / RULES.md
# for the rules they trip).
VIOLATIONS = [
    "hardcoded-price",     # apple/hardcoded-price: "Start for $3.99" in the CTA
    "hardcoded-savings",   # apple/hardcoded-savings: "Save 40%" badge
    "sheet",               # recommended/full-screen: presentation: sheet
    "close-delay",         # apple/close-delay: close.delay_seconds: 3
    "missing-restore",     # apple/restore-button: no restore control
    "missing-terms",       # apple/terms-link: links.terms left out
    "free-cta",            # apple/trial-terms, sketchy/cta-no-free: "free" in the CTA
]

# ---------------------------------------------------------------------------
# Vocabulary. Fictional apps, each with a reverse-DNS prefix and a domain.
# ---------------------------------------------------------------------------

APPS = [
    ("Sketchy", "com.sketchy", "sketchy.app", "drawing"),
    ("Lumen Notes", "io.lumen.notes", "lumennotes.io", "note"),
    ("Pace Run", "com.pacerun.ios", "pacerun.com", "run"),
    ("Mealwise", "app.mealwise", "mealwise.app", "recipe"),
    ("Glyph Scan", "com.glyphscan", "glyphscan.com", "scan"),
    ("Tempo Habits", "com.tempohabits", "tempohabits.com", "habit"),
    ("Orbit Sleep", "co.orbitsleep", "orbitsleep.co", "sleep session"),
    ("Chord Coach", "com.chordcoach.app", "chordcoach.app", "lesson"),
    ("Fathom Budget", "com.fathombudget", "fathombudget.com", "budget"),
    ("Pixel Forge", "dev.pixelforge", "pixelforge.dev", "export"),
    ("Kinetic Yoga", "com.kineticyoga", "kineticyoga.com", "class"),
    ("Wordsmith", "io.wordsmith.ios", "wordsmith.io", "draft"),
]

HEADLINES = [
    "Enjoying your {noun}?",
    "Unlock everything in {app}",
    "Get more out of {app}",
    "Go further with {app} Pro",
    "Make every {noun} count",
    "Your next {noun} is waiting",
    "Keep your streak going",
    "Do more, every day",
]

SUBHEADS = [
    "You have used today's {noun}. Subscribe to keep going.",
    "Pro members get unlimited access to every feature.",
    "Join thousands of people who use {app} every day.",
    "Everything you need, in one subscription.",
    "Upgrade to remove limits and sync across devices.",
]

BULLETS = [
    "Unlimited {noun}s every day",
    "Full access to all templates",
    "Sync across iPhone, iPad and Mac",
    "Export in high resolution",
    "No ads, ever",
    "Priority support from our team",
    "Offline mode",
    "Advanced statistics and history",
    "Custom themes and icons",
    "Early access to new features",
    "Share with up to five family members",
    "Backup to iCloud",
]

CTAS = [
    "Continue",
    "Subscribe",
    "Unlock {app} Pro",
    "Subscribe for {{{{ price_per_period }}}}",
    "Start my subscription",
    "Upgrade now",
    "Get {app} Pro",
]

CLOSE_LABELS = ["Not now", "Maybe later", "Close", "Continue with limits"]
RESTORE_LABELS = ["Restore Purchases", "Restore", "Already subscribed? Restore"]
DESTINATIONS = ["home", "template_gallery", "previous"]
TRIGGERS = [
    "session_closed",
    "session_start_blocked",
    "feature_limit",
    "app_launch",
    "onboarding_complete",
    "settings",
]
BADGES = [None, "Best value", "Most popular", "Recommended"]

# Light and dark themes; every disclosure colour has a contrast of >= 4.5:1
# against its background (WCAG), so clean files stay clean.
THEMES = [
    {"background": "#FFFFFF", "text": "#111827", "muted": "#4B5563"},
    {"background": "#F9FAFB", "text": "#1F2937", "muted": "#374151"},
    {"background": "#0B0B0F", "text": "#F9FAFB", "muted": "#9CA3AF"},
    {"background": "#111827", "text": "#FFFFFF", "muted": "#D1D5DB"},
]

# Plans: (product id suffix, store period word, kind).
PLANS = [
    ("weekly", "week", "auto_renewable"),
    ("monthly", "month", "auto_renewable"),
    ("annual", "year", "auto_renewable"),
    ("lifetime", None, "non_consumable"),
]

DISCLOSURES = [
    "{{ price }} per {{ period }}. Auto-renewing subscription. Cancel anytime.",
    "{{ intro_price }} for the first {{ intro_period }}, then {{ price }} per {{ period }}. "
    "Auto-renewing subscription. Cancel anytime.",
    "Billed {{ price }} every {{ period }}. Your subscription renews automatically "
    "unless cancelled at least 24 hours before the end of the period. "
    "Manage or cancel anytime in your App Store account settings.",
]

# Translated copy for `localizations` (de, fr, ja), full sets so that
# recommended/localizations-complete stays quiet.
L10N = {
    "de": {
        "headline": "Mehr aus {app} herausholen",
        "subhead": "Pro-Mitglieder erhalten unbegrenzten Zugriff auf alle Funktionen.",
        "bullets": ["Unbegrenzt nutzen", "Alle Vorlagen", "Auf allen Geräten synchron",
                    "Export in hoher Auflösung"],
        "cta": "Abonnieren",
        "close": "Nicht jetzt",
        "restore": "Käufe wiederherstellen",
        "disclosure": "{{ price }} pro {{ period }}. Verlängert sich automatisch. "
                      "Jederzeit kündbar.",
        "price": "{{ price }} / {{ period }}",
        "badge": "Bester Wert",
        "price_cta": "3,99 € pro Woche",
    },
    "fr": {
        "headline": "Profitez pleinement de {app}",
        "subhead": "Les membres Pro ont un accès illimité à toutes les fonctions.",
        "bullets": ["Utilisation illimitée", "Tous les modèles", "Synchronisation sur tous vos appareils",
                    "Export en haute résolution"],
        "cta": "S'abonner",
        "close": "Plus tard",
        "restore": "Restaurer les achats",
        "disclosure": "{{ price }} par {{ period }}. Renouvellement automatique. "
                      "Résiliable à tout moment.",
        "price": "{{ price }} / {{ period }}",
        "badge": "Meilleure offre",
        "price_cta": "Commencer pour 3,99 €",
    },
    "ja": {
        "headline": "{app}をもっと活用しよう",
        "subhead": "Proメンバーはすべての機能を無制限に利用できます。",
        "bullets": ["無制限に利用", "すべてのテンプレート", "すべてのデバイスで同期",
                    "高解像度で書き出し"],
        "cta": "登録する",
        "close": "今はしない",
        "restore": "購入を復元",
        "disclosure": "{{ period }}ごとに{{ price }}。自動更新のサブスクリプションです。"
                      "いつでも解約できます。",
        "price": "{{ price }} / {{ period }}",
        "badge": "おすすめ",
        "price_cta": "週480円で始める",
    },
}

# Where a file's top-level locale is German, a hard-coded price looks German.
TOP_LOCALES = ["en", "en", "en", "en-US", "en-GB", "de"]
DE_TOP = {
    "headline": "Gefällt dir {app}?",
    "subhead": "Mit Pro nutzt du {app} ohne Grenzen.",
    "bullets": ["Unbegrenzt nutzen", "Alle Vorlagen", "Ohne Werbung"],
    "cta": "Jetzt abonnieren",
    "close": "Nicht jetzt",
    "restore": "Käufe wiederherstellen",
    "disclosure": "{{ price }} pro {{ period }}. Verlängert sich automatisch. "
                  "Jederzeit kündbar.",
    "badge": "Beliebt",
}


# ---------------------------------------------------------------------------
# Building one paywall (as an ordered dict: key order is part of the output).
# ---------------------------------------------------------------------------

def make_paywall(seed: int, index: int) -> tuple[dict, str]:
    """Return (paywall mapping, violation kind or 'clean') for file `index`."""
    # str seeds are hashed with SHA-512 by `random`: stable across runs and
    # independent of PYTHONHASHSEED.
    rng = random.Random(f"paywall:{seed}:{index}")
    violation = rng.choice(VIOLATIONS) if index % 3 == 2 else "clean"

    app, prefix, domain, noun = rng.choice(APPS)
    slug = re.sub(r"[^a-z0-9]+", "-", app.lower()).strip("-")
    locale = rng.choice(TOP_LOCALES)
    german = locale == "de"
    fmt = {"app": app, "noun": noun}

    # Products: one to three plans, the subscription ones first.
    n_products = rng.choice([1, 1, 2, 2, 3])
    plans = rng.sample(PLANS[:3], k=min(n_products, 3))
    if n_products >= 2 and rng.random() < 0.3:
        plans[-1] = PLANS[3]  # a lifetime unlock instead of the last plan
    with_labels = rng.random() < 0.5
    products = []
    for suffix, _period, kind in plans:
        product = {"id": f"{prefix}.pro.{suffix}", "kind": kind}
        if with_labels:
            product["label"] = "{{ product_name }}"
        products.append(product)
    # The highlighted product may carry a badge ("Best value"), never a savings figure.
    highlighted_product = rng.choice(products)
    highlighted = highlighted_product["id"]
    badge = rng.choice(BADGES)
    if badge is not None and len(products) > 1:
        highlighted_product["badge"] = DE_TOP["badge"] if german else badge
    theme = rng.choice(THEMES)

    pw: dict = {}
    pw["paywall"] = 1
    pw["id"] = f"{slug}-{plans[0][0]}-{'abcd'[index % 4]}-{index:05d}"
    pw["app"] = app
    pw["locale"] = locale
    pw["presentation"] = rng.choice(["full_screen"] * 5 + ["push"])
    if german:
        pw["headline"] = DE_TOP["headline"].format(**fmt)
        pw["subhead"] = DE_TOP["subhead"].format(**fmt)
        pw["bullets"] = list(DE_TOP["bullets"])
        pw["cta"] = DE_TOP["cta"]
    else:
        pw["headline"] = rng.choice(HEADLINES).format(**fmt)
        pw["subhead"] = rng.choice(SUBHEADS).format(**fmt)
        pw["bullets"] = [b.format(**fmt) for b in rng.sample(BULLETS, k=rng.randint(2, 5))]
        pw["cta"] = rng.choice(CTAS).format(**fmt)
    if rng.random() < 0.3:  # the {text:, font_size:} form of the CTA
        pw["cta"] = {"text": pw["cta"], "font_size": rng.choice([17, 18, 20])}
    pw["products"] = products
    pw["highlighted_product"] = highlighted
    pw["close"] = {
        "visible": True,
        "delay_seconds": 0,
        "label": DE_TOP["close"] if german else rng.choice(CLOSE_LABELS),
        "destination": rng.choice(DESTINATIONS),
    }
    pw["restore"] = {
        "visible": True,
        "above_fold": True,
        "label": DE_TOP["restore"] if german else rng.choice(RESTORE_LABELS),
    }
    pw["links"] = {
        "terms": f"https://{domain}/terms",
        "privacy": f"https://{domain}/privacy",
    }
    pw["disclosure"] = {
        "text": DE_TOP["disclosure"] if german else rng.choice(DISCLOSURES),
        "placement": rng.choice(["footer", "footer", "below_cta"]),
        "font_size": rng.choice([12, 13, 14]),
        "color": theme["muted"],
    }
    pw["price"] = {"text": "{{ price }} / {{ period }}", "font_size": rng.choice([16, 17, 18])}
    if rng.random() < 0.25:
        pw["elements"] = [{"type": "image", "name": f"{slug}-hero"}]
    pw["triggers"] = [{"event": e} for e in rng.sample(TRIGGERS, k=rng.randint(1, 2))]
    if rng.random() < 0.4:
        pw["gate"] = {"free_uses": rng.choice([1, 3, 5]), "period_hours": 24, "carry_over": False}
    pw["theme"] = {"background": theme["background"], "text": theme["text"]}

    # About 30% of files carry translations (only of English top-level copy).
    if not german and rng.random() < 0.3:
        locales = rng.choice([["de"], ["fr"], ["ja"], ["de", "fr"], ["de", "fr", "ja"]])
        pw["localizations"] = {loc: make_localization(loc, fmt, products) for loc in locales}

    inject_violation(pw, violation, rng, german)
    return pw, violation


def make_localization(loc: str, fmt: dict, products: list[dict]) -> dict:
    """Full translated copy for one locale, mirroring the top-level copy fields."""
    t = L10N[loc]
    entry: dict = {
        "headline": t["headline"].format(**fmt),
        "subhead": t["subhead"],
        "bullets": list(t["bullets"]),
        "cta": t["cta"],
        "close": {"label": t["close"]},
        "restore": {"label": t["restore"]},
        "disclosure": t["disclosure"],
        "price": {"text": t["price"]},
    }
    overrides = {}
    for p in products:
        o = {}
        if "label" in p:
            o["label"] = "{{ product_name }}"
        if "badge" in p:
            o["badge"] = t["badge"]
        if o:
            overrides[p["id"]] = o
    if overrides:
        entry["products"] = overrides
    return entry


def set_cta(pw: dict, text: str) -> None:
    """Replace the CTA text, keeping its form (string or {text:, font_size:})."""
    if isinstance(pw["cta"], dict):
        pw["cta"]["text"] = text
    else:
        pw["cta"] = text


def inject_violation(pw: dict, violation: str, rng: random.Random, german: bool) -> None:
    if violation == "clean":
        return
    if violation == "hardcoded-price":
        l10n = pw.get("localizations")
        if l10n and rng.random() < 0.5:
            # In a translation: copy rules run on every locale.
            loc = rng.choice(sorted(l10n))
            l10n[loc]["cta"] = L10N[loc]["price_cta"]
        elif german:
            set_cta(pw, "3,99 € pro Woche")
        else:
            set_cta(pw, rng.choice(["Start for $3.99", "Subscribe for $3.99/week",
                                    "Unlock for £2.49 a week"]))
    elif violation == "hardcoded-savings":
        target = rng.choice(pw["products"])
        target["badge"] = rng.choice(["Save 40%", "Save 17%", "50% off"])
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
        set_cta(pw, "Jetzt kostenlos testen" if german else
                rng.choice(["Start your free week", "Try it free", "Start free trial"]))
    else:  # pragma: no cover
        raise ValueError(violation)


def make_big_paywall(seed: int, target_bytes: int) -> dict:
    """One paywall whose `localizations` has enough synthetic locales to reach target_bytes."""
    pw, _ = make_paywall(seed, 0)  # index 0 is always clean
    pw["id"] = "big-localized-paywall"
    pw.pop("localizations", None)
    pw["localizations"] = {}
    size = len(yaml_dump(pw).encode("utf-8"))
    n = 0
    while size < target_bytes:  # add locales until the file reaches the target size
        n += 1
        key, entry = f"x-{n:04d}", big_locale(seed, n, pw)
        pw["localizations"][key] = entry
        size += len(yaml_dump({"localizations": {key: entry}}).encode("utf-8")) - len("localizations:\n")
    return pw


def big_locale(seed: int, n: int, pw: dict) -> dict:
    """Full copy for synthetic locale number n (a hard-coded price every 1,000th)."""
    rng = random.Random(f"big:{seed}:{n}")
    fmt = {"app": pw["app"], "noun": "item"}
    products = {}
    for p in pw["products"]:
        products[p["id"]] = {"label": f"{{{{ product_name }}}} ({n})", "badge": f"Pick {n}"}
    return {
        "headline": f"{rng.choice(HEADLINES).format(**fmt)} [{n}]",
        "subhead": rng.choice(SUBHEADS).format(**fmt),
        "bullets": [f"{b.format(**fmt)} ({n})" for b in rng.sample(BULLETS, k=5)],
        "cta": "Start for $3.99" if n % 1000 == 0 else f"{rng.choice(CTAS).format(**fmt)} ({n})",
        "close": {"label": f"{rng.choice(CLOSE_LABELS)} ({n})"},
        "restore": {"label": f"{rng.choice(RESTORE_LABELS)} ({n})"},
        "disclosure": {"text": rng.choice(DISCLOSURES)},
        "price": {"text": "{{ price }} / {{ period }}"},
        "products": products,
    }


# ---------------------------------------------------------------------------
# A small YAML emitter: block style, with flow style for short leaf mappings
# inside `localizations` (as in FORMAT.md's example). Strings stay plain only
# when that is unambiguous under both YAML 1.1 and 1.2; otherwise they are
# double-quoted, using JSON string syntax (valid YAML double-quoted scalars).
# ---------------------------------------------------------------------------

# YAML 1.1 plain scalars that resolve to something other than a string.
_AMBIGUOUS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}
_PLAIN_BLOCK = re.compile(r"^[^\W\d_][\w .,'()/?!&-]*$", re.UNICODE)
# In flow context ({...}, [...]) a plain scalar also excludes "," and, for
# PyYAML's pure-Python parser (YAML 1.1), "?": "Restore? Yes" would not parse
# there, though libyaml takes it. Such strings are quoted instead.
_PLAIN_FLOW = re.compile(r"^[^\W\d_][\w .'()/-]*$", re.UNICODE)
_URL = re.compile(r"^https?://[A-Za-z0-9./_-]+$")


def yaml_scalar(value, flow: bool = False) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    s = str(value)
    if _URL.match(s):
        return s  # "https://x.app/terms" is a plain scalar (no ": " or " #" inside)
    pattern = _PLAIN_FLOW if flow else _PLAIN_BLOCK
    if pattern.match(s) and not s.endswith(" ") and s.lower() not in _AMBIGUOUS:
        return s
    return json.dumps(s, ensure_ascii=False)


def is_flow_leaf(value) -> bool:
    """Small mappings of scalars are written in flow style ({label: Nicht jetzt})."""
    return (isinstance(value, dict) and 0 < len(value) <= 2
            and all(not isinstance(v, (dict, list)) for v in value.values()))


def yaml_lines(value, indent: int, in_l10n: bool, out: list[str]) -> None:
    pad = "  " * indent
    if isinstance(value, dict):
        for key, v in value.items():
            k = yaml_scalar(key)
            if isinstance(v, dict) and v:
                if in_l10n and is_flow_leaf(v):
                    inner = ", ".join(f"{yaml_scalar(a, True)}: {yaml_scalar(b, True)}"
                                      for a, b in v.items())
                    out.append(f"{pad}{k}: {{{inner}}}")
                else:
                    out.append(f"{pad}{k}:")
                    yaml_lines(v, indent + 1, in_l10n or key == "localizations", out)
            elif isinstance(v, list) and v:
                if in_l10n and all(isinstance(x, str) for x in v):
                    items = ", ".join(yaml_scalar(x, True) for x in v)
                    out.append(f"{pad}{k}: [{items}]")
                else:
                    out.append(f"{pad}{k}:")
                    yaml_lines(v, indent + 1, in_l10n, out)
            else:
                out.append(f"{pad}{k}: {yaml_scalar(v)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                # "- first: x" then the other keys aligned under "first".
                sub: list[str] = []
                yaml_lines(item, indent + 1, in_l10n, sub)
                first = sub[0].lstrip()
                out.append(f"{pad}- {first}")
                out.extend(sub[1:])
            else:
                out.append(f"{pad}- {yaml_scalar(item)}")
    else:  # pragma: no cover
        raise TypeError(type(value))


def yaml_dump(value: dict, header: str | None = None) -> str:
    out: list[str] = []
    if header:
        out.append(f"# {header}")
    yaml_lines(value, 0, False, out)
    return "\n".join(out) + "\n"


def json_dump(value: dict) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# Main.
# ---------------------------------------------------------------------------

def generator_digest() -> str:
    with open(__file__, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write_text(path: str, text: str) -> None:
    # newline="\n": the same bytes on every platform.
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def generate_corpus(out: str, count: int, seed: int) -> list[str]:
    manifest = []
    for i in range(count):
        pw, violation = make_paywall(seed, i)
        folder = f"part-{i // FILES_PER_FOLDER:03d}"
        os.makedirs(os.path.join(out, folder), exist_ok=True)
        if i % 2 == 0:
            rel = f"{folder}/paywall-{i:05d}.yaml"
            text = yaml_dump(pw, header=f"Paywall variant {pw['id']} for {pw['app']}")
        else:
            rel = f"{folder}/paywall-{i:05d}.json"
            text = json_dump(pw)
        write_text(os.path.join(out, rel), text)
        manifest.append(f"{rel}\t{violation}")
    return manifest


def generate_big(out: str, seed: int, target_bytes: int) -> list[str]:
    pw = make_big_paywall(seed, target_bytes)
    text = yaml_dump(pw, header="One paywall with thousands of synthetic locales (benchmark input)")
    write_text(os.path.join(out, "big-paywall.yaml"), text)
    return ["big-paywall.yaml\thardcoded-price"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="output folder (replaced if it exists)")
    ap.add_argument("--count", type=int, help="number of paywall files (corpus mode)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--big", action="store_true", help="write one big YAML file instead")
    ap.add_argument("--big-bytes", type=int, default=5_000_000,
                    help="approximate size of the big file (default 5,000,000)")
    ap.add_argument("--reuse", action="store_true",
                    help="keep --out as it is if it was generated with the same parameters")
    args = ap.parse_args(argv)
    if args.big == (args.count is not None):
        ap.error("give exactly one of --count N or --big")
    if args.count is not None and args.count < 1:
        ap.error("--count must be at least 1")

    params = (f"generator-sha256={generator_digest()}\nseed={args.seed}\n"
              + (f"mode=big\nbig-bytes={args.big_bytes}\n" if args.big
                 else f"mode=corpus\ncount={args.count}\n"))

    out = os.path.abspath(args.out)
    if args.reuse:
        try:
            with open(os.path.join(out, "PARAMS"), encoding="utf-8") as f:
                if f.read() == params:
                    print(f"reusing {args.out} (same parameters)", file=sys.stderr)
                    return 0
        except FileNotFoundError:
            pass

    # Write into a temporary sibling folder, then swap it in: an interrupted
    # run never leaves a corpus that looks complete.
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".tmp-corpus-", dir=parent)
    try:
        if args.big:
            manifest = generate_big(tmp, args.seed, args.big_bytes)
        else:
            manifest = generate_corpus(tmp, args.count, args.seed)
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
