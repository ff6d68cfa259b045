#!/usr/bin/env python3
"""Hostile inputs at 1x, 2x, 4x and 8x their base size: wall time and peak memory of one
paywall-lint run each (median of three). Costs that grow linearly double with each step.

    python3 Tests/Benchmarks/hostile.py PAYWALL_LINT OUT_DIR  > hostile.md
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

SCALES = (1, 2, 4, 8)


def one_line_products(k):
    products = [{"id": f"p{i}", "label": f"Plan {i} for $3.99"} for i in range(3000 * k)]
    text = json.dumps({"paywall": 1, "id": "x", "headline": "Pro", "products": products}, separators=(",", ":"))
    return {"min.json": text}, ["min.json"]


def unclosed_placeholders(k):
    bullets = ["{{ " * (1365 * k) for _ in range(16)]
    return {"braces.json": json.dumps({"paywall": 1, "bullets": bullets}, separators=(",", ":"))}, ["braces.json"]


def backtracking_pattern(k):
    headline = "abcdefghij " * (200 * k) + "!"
    return {"p.yaml": f'paywall: 1\nid: x\nheadline: "{headline}"\n'}, ["p.yaml"]


def many_documents(k):
    return {"many.yaml": "".join(f"---\na: {i}\n" for i in range(12_500 * k))}, ["--max-documents", "100000", "many.yaml"]


def unknown_keys(k):
    # Each key is a near miss of a paywall key, so each asks for a "did you mean" suggestion.
    keys = "".join(f"headlin{i}: x\n" for i in range(10_000 * k))
    return {"keys.yaml": "paywall: 1\nid: x\n" + keys}, ["keys.yaml"]


def deep_nesting(k):
    depth = 125 * k
    return {"deep.json": "[" * depth + "]" * depth}, ["--max-depth", "1000", "deep.json"]


def glob_bombs(k):
    # Every walked path is matched against the excludes; the names grow with k.
    excludes = ["{a,b}" * 24, "*a*a*a*a*a*a*a*b", "**/**/**/**/**/**/c"]
    files = {f"walk/{'a' * (20 * k)}{i}.yaml": "paywall: 1\n" for i in range(50)}
    files[".paywall-lint.yml"] = "extends: [recommended]\nexclude: " + json.dumps(excludes) + "\n"
    return files, ["walk"]


CASES = [
    ("one-line JSON, 3,000 findings × k, text output", one_line_products),
    ("16 texts of 1,365 × k unclosed `{{ `", unclosed_placeholders),
    ("`(\\w+\\s?)*` pack pattern on a 2,200 × k character headline", backtracking_pattern),
    ("YAML stream of 12,500 × k documents", many_documents),
    ("10,000 × k unknown keys, each with a nearest-key suggestion", unknown_keys),
    ("JSON arrays nested 125 × k deep", deep_nesting),
    ("50 files of 20 × k character names against three glob bombs", glob_bombs),
]

PACK = """pack: hostile
extends: [core]
rules:
  - id: hostile/headline-words
    severity: error
    summary: headline words
    check: pattern
    field: headline
    with: {require: '(\\\\w+\\\\s?)*'}
"""


def measure(lint, folder, args):
    """Median wall time and largest peak RSS (MB) of three runs, each from its own wait4."""
    walls, peaks = [], []
    for _ in range(3):
        start = time.perf_counter()
        child = subprocess.Popen([lint, "--format", "text"] + args, cwd=folder,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        walls.append(time.perf_counter() - start)
        peaks.append(usage.ru_maxrss / 1024)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode not in (0, 1):
            sys.exit(f"hostile.py: {args} exited {child.returncode} in {folder}")
    return statistics.median(walls), max(peaks)


def main():
    lint, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    rows = []
    for title, make in CASES:
        cells = []
        for k in SCALES:
            folder = tempfile.mkdtemp(dir=out)
            files, args = make(k)
            files = {"hostile.yml": PACK, ".paywall-lint.yml": "extends: [recommended, ./hostile.yml]\n", **files}
            for name, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
                with open(os.path.join(folder, name), "w") as f:
                    f.write(text)
            wall, peak = measure(lint, folder, args)
            cells.append((wall, peak))
        rows.append((title, cells))
    lines = ["## Hostile inputs", "",
             "One run's wall time and peak RSS at 1×, 2×, 4× and 8× the base size (median of 3). "
             "Linear costs double with each step; the process start (a few ms) is included.", "",
             "| input | 1× | 2× | 4× | 8× | 8× / 1× time |", "| --- | --- | --- | --- | --- | --- |"]
    for title, cells in rows:
        shown = [f"{w * 1000:.1f} ms, {p:.0f} MB" for w, p in cells]
        ratio = cells[-1][0] / max(cells[0][0], 0.001)
        lines.append(f"| {title} | " + " | ".join(shown) + f" | {ratio:.1f} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
