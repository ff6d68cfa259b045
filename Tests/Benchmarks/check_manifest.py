#!/usr/bin/env python3
"""Check paywall-lint's JSON findings on a realistic corpus against its MANIFEST.tsv.

    check_manifest.py CORPUS_DIR FINDINGS.json

Every file with a planted violation must have a finding of the rule the manifest names, and
every clean file must have none: a finding there is a false positive of the linter (or of the
generator, which is meant to write clean files). Prints the counts, and up to 20 mismatches;
exits 1 on any.
"""

import collections
import json
import os
import sys


def main() -> int:
    corpus, findings_path = sys.argv[1], sys.argv[2]
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(corpus, "MANIFEST.tsv"), encoding="utf-8")]
    expected = {rel: rule for rel, rule, *_ in rows}
    formats = {rel: (rest[0] if rest else "?") for rel, _, *rest in rows}
    found = collections.defaultdict(set)
    with open(findings_path, encoding="utf-8") as f:
        report = json.load(f)
    root = os.path.abspath(corpus)
    for finding in report["findings"]:
        path = os.path.abspath(finding["file"])
        rel = os.path.relpath(path, root)
        found[rel].add(finding["rule"])
    problems = []
    for rel, rule in expected.items():
        rules = found.get(rel, set())
        if rule == "clean" and rules:
            problems.append(f"false positive in {rel} ({formats[rel]}): {', '.join(sorted(rules))}")
        elif rule != "clean" and rule not in rules:
            problems.append(f"missed {rule} in {rel} ({formats[rel]}); found: {', '.join(sorted(rules)) or 'nothing'}")
    planted = sum(1 for rule in expected.values() if rule != "clean")
    print(f"{len(expected)} files, {planted} with a planted violation; {len(problems)} mismatches")
    for problem in problems[:20]:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
