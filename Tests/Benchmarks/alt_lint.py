#!/usr/bin/env python3
"""alt_lint.py: the paywall linter a team would write in an afternoon.

Usage: alt_lint.py PATH...

The comparison point for paywall-lint's speed: walk the folders, load each
file, run regex checks on the copy and a handful of structure checks on the
canonical `paywall/v1` format. It prints one line per finding
("path: check: message") and exits 1 if there was any, 0 if none, 2 if a file
could not be read or parsed.

Loading: `.yaml`/`.yml` files with PyYAML's C loader
(`yaml.load(f, Loader=yaml.CSafeLoader)`, libyaml underneath); `.json` files
with the standard library's `json.load` (also C-accelerated, and what a team
would reach for). Both are the fastest loaders such a script would use, so the
comparison with paywall-lint is not flattered by a slow baseline.

Deliberately simple: no source positions, no dialects other than canonical,
no Unicode normalisation, no rule packs.

Requires PyYAML built with libyaml (yaml.__with_libyaml__).
"""

from __future__ import annotations

import json
import os
import re
import sys

import yaml

if not getattr(yaml, "__with_libyaml__", False):
    sys.exit("alt_lint.py: PyYAML was built without libyaml (no CSafeLoader)")

EXTENSIONS = (".yaml", ".yml", ".json")
VARIABLE = re.compile(r"\{\{\s*\w+\s*\}\}")

# A literal price: a currency symbol or code next to a number, either side.
PRICE = re.compile(
    r"(?:[$€£¥₹₩]|R\$|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\b)\s?\d"
    r"|\d(?:[\d.,\s]*\d)?\s?(?:[€£¥₹₩円]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|kr|zł)\b)",
    re.IGNORECASE,
)
# A literal saving: "Save 40%", "-50%", "50% off", "2 months free", "半額".
SAVINGS = re.compile(
    r"\b(?:save|saving|spare|sparen|économisez|economiza)\b\D{0,12}\d+\s?%"
    r"|(?:^|\s)-\s?\d+\s?%"
    r"|\d+\s?%\s?(?:off|rabatt|de réduction|de descuento|オフ|割引)"
    r"|\b\d+\s+(?:months?|weeks?)\s+free\b"
    r"|半額",
    re.IGNORECASE,
)
# "free" in a CTA, in a few languages; "ad-free" is not "free".
FREE = re.compile(r"(?<![\w-])(?:free|gratis|kostenlos|gratuit|gratuite|無料)(?![\w-])", re.IGNORECASE)
PRODUCT_ID = re.compile(r"^[A-Za-z0-9-]+(?:\.[A-Za-z0-9_-]+)+$")


def text_of(value) -> str | None:
    """A copy field is a string, or a mapping with `text` (cta, disclosure, price)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return value["text"]
    return None


def copy_fields(doc: dict):
    """Yield (field path, text, is_cta) for every copy field of every locale."""
    def of(scope: dict, prefix: str, products: dict | list):
        for key in ("headline", "subhead", "cta"):
            text = text_of(scope.get(key))
            if text is not None:
                yield f"{prefix}{key}", text, key == "cta"
        for i, bullet in enumerate(scope.get("bullets") or []):
            if isinstance(bullet, str):
                yield f"{prefix}bullets[{i}]", bullet, False
        for key, sub in (("close", "label"), ("restore", "label"), ("disclosure", "text"), ("price", "text")):
            value = scope.get(key)
            text = value if key == "disclosure" and isinstance(value, str) else (
                value.get(sub) if isinstance(value, dict) else None)
            if isinstance(text, str):
                yield f"{prefix}{key}.{sub}", text, False
        entries = products.items() if isinstance(products, dict) else enumerate(products)
        for pid, product in entries:
            if isinstance(product, dict):
                for sub in ("label", "badge"):
                    if isinstance(product.get(sub), str):
                        yield f"{prefix}products[{pid}].{sub}", product[sub], False
        for i, element in enumerate(scope.get("elements") or []):
            if isinstance(element, dict) and isinstance(element.get("text"), str):
                yield f"{prefix}elements[{i}].text", element["text"], False

    yield from of(doc, "", doc.get("products") or [])
    for locale, scope in (doc.get("localizations") or {}).items():
        if isinstance(scope, dict):
            yield from of(scope, f"localizations.{locale}.", scope.get("products") or {})


def check(doc) -> list[tuple[str, str]]:
    """Return (check, message) pairs for one loaded document."""
    if not isinstance(doc, dict):
        return [("structure", "top level is not a mapping")]
    findings = []

    # Copy checks, on text with {{ variables }} taken out.
    for field, text, is_cta in copy_fields(doc):
        plain = VARIABLE.sub(" ", text)
        if PRICE.search(plain):
            findings.append(("hardcoded-price", f"{field}: literal price in {text!r}"))
        if SAVINGS.search(plain):
            findings.append(("hardcoded-savings", f"{field}: literal savings in {text!r}"))
        if is_cta and FREE.search(plain):
            findings.append(("cta-free", f"{field}: the CTA says free: {text!r}"))

    # Structure checks.
    if doc.get("presentation") in ("sheet",):
        findings.append(("presentation", "presentation is sheet (swipe-to-dismiss); use full_screen"))
    close = doc.get("close")
    if not isinstance(close, dict) or close.get("visible") is False:
        findings.append(("close", "no visible close control"))
    elif close.get("delay_seconds", 0) != 0:
        findings.append(("close-delay", f"close.delay_seconds is {close.get('delay_seconds')!r}, not 0"))
    if not isinstance(doc.get("restore"), dict):
        findings.append(("restore", "no restore control"))
    links = doc.get("links") if isinstance(doc.get("links"), dict) else {}
    for key in ("terms", "privacy"):
        url = links.get(key)
        if url is None:
            findings.append((f"links.{key}", f"links.{key} is missing"))
        elif not (isinstance(url, str) and url.startswith("https://")):
            findings.append((f"links.{key}", f"links.{key} is not an https URL: {url!r}"))
    products = doc.get("products")
    ids = [p.get("id") for p in products if isinstance(p, dict)] if isinstance(products, list) else []
    if not ids:
        findings.append(("products", "no products"))
    for pid in ids:
        if not (isinstance(pid, str) and PRODUCT_ID.match(pid)):
            findings.append(("products", f"product id {pid!r} is not a store product id"))
    if doc.get("highlighted_product") not in ids:
        findings.append(("highlighted-product", f"highlighted_product {doc.get('highlighted_product')!r} "
                                                "is not one of the products"))
    return findings


def walk(paths: list[str]):
    """Files named on the command line, and *.yaml/*.yml/*.json under folders."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(EXTENSIONS):
                        yield os.path.join(root, name)
        else:
            yield path


def load(path: str):
    with open(path, "rb") as f:
        if path.endswith(".json"):
            return json.load(f)
        return yaml.load(f, Loader=yaml.CSafeLoader)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: alt_lint.py PATH...", file=sys.stderr)
        return 2
    out = sys.stdout
    found = errors = files = 0
    for path in walk(argv):
        files += 1
        try:
            doc = load(path)
        except (OSError, ValueError, yaml.YAMLError) as e:
            print(f"{path}: error: {e}", file=sys.stderr)
            errors += 1
            continue
        for name, message in check(doc):
            out.write(f"{path}: {name}: {message}\n")
            found += 1
    print(f"{files} files, {found} findings, {errors} errors", file=sys.stderr)
    return 2 if errors else (1 if found else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
