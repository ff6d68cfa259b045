#!/usr/bin/env python3
"""Build the Markdown benchmark report from run.sh's raw measurements.

Usage: report.py --results Tests/Benchmarks/out/results > results.md

The results folder holds env.txt and one folder per benchmark group
(corpus-N, big, small), each with:
  meta.txt         label=..., files=N
  commands.tsv     slug, display name, accepted exit codes, command line
  hyperfine*.json  hyperfine --export-json output (wall, user, system per run)
  time-SLUG.txt    /usr/bin/time -v output of one run of each command

Columns: median wall time (hyperfine), files per second, user+sys CPU (the
mean over hyperfine's runs, microsecond resolution), the same from the one
/usr/bin/time -v run (10 ms resolution), peak RSS (/usr/bin/time -v) and the
wall-time ratio to the floor. Standard library only.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import sys
from dataclasses import dataclass, field

# The targets of the performance issue (see README.md).
TARGET_WALL_VS_FLOOR = 1.0
TARGET_CPU_VS_FLOOR = 2.0
TARGET_VS_PYTHON = 8.0
TARGET_VS_SCHEMA = 100.0
TARGET_SMALL_FILE_S = 0.010
TARGET_BIG_VS_FLOOR = 3.0
TARGET_PEAK_MB = 100.0
TARGET_FIREBASE_S = 0.020
TARGET_OFFERINGS_VS_FLOOR = 3.0
TARGET_V2_EXTRA_S = 0.005
TARGET_LSP_MS = 5.0
TARGET_SWIFT_S = 0.100


@dataclass
class Command:
    slug: str
    name: str
    accepted_exits: set[int]
    command: str
    runs: int = 0
    median: float | None = None
    cpu: float | None = None           # mean user+sys over hyperfine's runs
    exit_codes: set[int] = field(default_factory=set)
    separate_call: bool = False        # timed in its own hyperfine call
    time_cpu: float | None = None      # user+sys from /usr/bin/time -v
    peak_mb: float | None = None       # max RSS from /usr/bin/time -v, in MB (10^6 bytes)


@dataclass
class Group:
    key: str
    label: str
    files: int
    commands: dict[str, Command]
    path: str = ""
    manifest: str = ""
    input: str = ""

    def get(self, slug: str) -> Command | None:
        command = self.commands.get(slug)
        return command if command and command.median is not None else None


def read_kv(path: str) -> dict[str, str]:
    values = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                key, sep, value = line.rstrip("\n").partition("=")
                if sep:
                    values[key] = value
    return values


def parse_time_v(path: str) -> tuple[float | None, float | None]:
    """(user+sys seconds, peak RSS in MB) from a /usr/bin/time -v output."""
    if not os.path.exists(path):
        return None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()

    def number(label: str) -> float | None:
        m = re.search(rf"^\s*{re.escape(label)}:\s*([\d.]+)\s*$", text, re.MULTILINE)
        return float(m.group(1)) if m else None

    user, system = number("User time (seconds)"), number("System time (seconds)")
    rss_kb = number("Maximum resident set size (kbytes)")
    cpu = user + system if user is not None and system is not None else None
    return cpu, (rss_kb * 1024 / 1e6 if rss_kb is not None else None)


def load_group(path: str) -> Group:
    meta = read_kv(os.path.join(path, "meta.txt"))
    commands: dict[str, Command] = {}
    with open(os.path.join(path, "commands.tsv"), encoding="utf-8") as f:
        for line in f:
            slug, name, exits, command = line.rstrip("\n").split("\t", 3)
            commands[slug] = Command(slug, name, {int(c) for c in exits.split(",")}, command)
    by_name = {c.name: c for c in commands.values()}
    json_files = sorted(glob.glob(os.path.join(path, "hyperfine*.json")))
    for json_path in json_files:
        with open(json_path, encoding="utf-8") as f:
            results = json.load(f)["results"]
        for r in results:
            c = by_name.get(r["command"])
            if c is None:
                continue
            c.runs = len(r.get("times") or [])
            c.median = r["median"]
            if r.get("user") is not None and r.get("system") is not None:
                c.cpu = r["user"] + r["system"]
            c.exit_codes = set(r.get("exit_codes") or [])
            c.separate_call = len(json_files) > 1 and os.path.basename(json_path) != "hyperfine.json"
    for c in commands.values():
        c.time_cpu, c.peak_mb = parse_time_v(os.path.join(path, f"time-{c.slug}.txt"))
    return Group(os.path.basename(path), meta.get("label", path), int(meta.get("files", "1")), commands,
                 path, meta.get("manifest", ""), meta.get("input", ""))


# --------------------------------------------------------------------------- formatting

def secs(x: float | None) -> str:
    if x is None:
        return "—"
    if x < 0.1:
        return f"{x:.4f}"
    if x < 10:
        return f"{x:.3f}"
    return f"{x:.2f}"


def secs_coarse(x: float | None) -> str:
    """/usr/bin/time -v reports CPU in 10 ms steps: show no more digits than that."""
    return "—" if x is None else f"{x:.2f}"


def ratio(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:.2f}×" if x < 10 else f"{x:.0f}×"


def num(x: float | None, digits: int = 0) -> str:
    return "—" if x is None else f"{x:,.{digits}f}"


def div(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def group_table(g: Group) -> list[str]:
    floor = g.get("floor")
    lines = [
        f"## {g.label}",
        "",
        *([f"Input: `{g.input}`", ""] if g.input else []),
        "| command | runs | median wall (s) | files/s | user+sys CPU (s) | CPU, time -v (s) "
        "| peak RSS (MB) | ratio to floor (wall) | exit |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    notes = []
    for c in g.commands.values():
        exits = ",".join(str(e) for e in sorted(c.exit_codes)) or "—"
        unexpected = sorted(c.exit_codes - c.accepted_exits)
        if unexpected:
            exits += " ⚠"
            why = ("it reported no problems where some were injected, so it may not be doing "
                   "all of its work" if unexpected == [0] else "its times may not be meaningful")
            notes.append(f"⚠ `{c.name}` exited with {', '.join(map(str, unexpected))} "
                         f"(expected {', '.join(map(str, sorted(c.accepted_exits)))}): {why}.")
        runs = f"{c.runs}" + (" †" if c.separate_call else "")
        files_per_s = num(div(g.files, c.median)) if g.files > 1 else "—"
        lines.append(
            f"| {c.name} | {runs} | {secs(c.median)} | {files_per_s} | {secs(c.cpu)} "
            f"| {secs_coarse(c.time_cpu)} | {num(c.peak_mb, 1)} "
            f"| {ratio(div(c.median, floor.median)) if floor else '—'} | {exits} |"
        )
    if any(c.separate_call for c in g.commands.values()):
        notes.append("† timed in a separate hyperfine call with `--runs 1` (too slow for the "
                     "run count of the others); a single run, so noisier.")
    lint, alt, schema = g.get("lint-text"), g.get("alt"), g.get("schema")
    if lint and (alt or schema):
        parts = []
        if alt:
            parts.append(f"**{ratio(alt.median / lint.median)}** faster than alt_lint.py")
        if schema:
            parts.append(f"**{ratio(schema.median / lint.median)}** faster than check-jsonschema")
        notes.insert(0, "paywall-lint (text) is " + " and ".join(parts) + " (median wall).")
    notes += drift_note(g)
    notes += sarif_check(g)
    return lines + ([""] + [f"- {n}" for n in notes] if notes else []) + [""]


# How far the floor may wander between its two timings before a table's ratios are flagged.
DRIFT_WARNING = 0.10


def drift(g: Group) -> float | None:
    """The floor timed last over the floor timed first, minus one: how much the machine's speed
    changed while the group's commands were timed one block after another."""
    first, again = g.get("floor"), g.get("floor-again")
    return again.median / first.median - 1 if first and again else None


def drift_note(g: Group) -> list[str]:
    change = drift(g)
    if change is None:
        return []
    note = (f"The floor, timed again after the others: {secs(g.get('floor-again').median)} s, "
            f"{change:+.0%} against its first timing.")
    if abs(change) > DRIFT_WARNING:
        note += (" ⚠ The machine's speed changed by more than "
                 f"{DRIFT_WARNING:.0%} while this table was timed: its ratios are uncertain by "
                 "about as much.")
    return [note]


def against_floor_again(g: Group, command: Command | None) -> str:
    """'; N× against the floor timed last', or '' without a second floor timing."""
    again = g.get("floor-again")
    if not again or not command:
        return ""
    return f"; {ratio(command.median / again.median)} against the floor timed last"


# The rule each injected violation kind of generate_corpus.py must trip.
EXPECTED_RULE = {
    "hardcoded-price": "apple/hardcoded-price",
    "hardcoded-savings": "apple/hardcoded-savings",
    "sheet": "recommended/full-screen",
    "close-delay": "apple/close-delay",
    "missing-restore": "apple/restore-button",
    "missing-terms": "apple/terms-link",
    "free-cta": "apple/trial-terms",
}


def sarif_check(g: Group) -> list[str]:
    """Compare paywall-lint's SARIF output with the corpus manifest (ground truth).

    Every file with an injected violation must have a result of the rule that
    violation trips; the linter may report more (its rules are broader than the
    injected ones).
    """
    if not g.manifest or not os.path.exists(g.manifest):
        return []
    path = os.path.join(g.path, "lint.sarif")
    if not os.path.exists(path):
        return ["⚠ SARIF check: paywall-lint wrote no SARIF file."]
    try:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        results = [r for run in log.get("runs", []) for r in run.get("results", [])]
        # The rules reported in each file, by its manifest path (`part-NNN/paywall-NNNNN.ext`:
        # the last two parts of a result's URI).
        rules_by_path: dict[str, set[str]] = {}
        for r in results:
            for loc in r.get("locations", []):
                uri = loc.get("physicalLocation", {}).get("artifactLocation", {}).get("uri")
                if uri:
                    path = "/".join(uri.split("/")[-2:])
                    rules_by_path.setdefault(path, set()).add(r.get("ruleId", ""))
    except (ValueError, AttributeError, TypeError) as e:
        return [f"⚠ SARIF check: the SARIF output is not a SARIF log ({e})."]
    with open(g.manifest, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    def rules_of(rel: str) -> set[str]:
        return rules_by_path.get(rel, set())

    violating = [(rel, kind) for rel, kind in rows if kind != "clean"]
    missed = [rel for rel, kind in violating if EXPECTED_RULE.get(kind) not in rules_of(rel)]
    clean_hit = sum(1 for rel, kind in rows if kind == "clean" and rules_of(rel))
    line = (f"SARIF check: {len(results):,} results in {len(rules_by_path):,} files; "
            f"{len(violating) - len(missed):,} of the {len(violating):,} files with an injected "
            f"violation have a result of the rule it trips; {clean_hit:,} of the "
            f"{len(rows) - len(violating):,} clean files have a result (the linter's rules are "
            "broader than the injected violations).")
    if missed:
        line = f"⚠ {line} Missed, e.g.: {', '.join(missed[:3])}."
    return [line]


def scaling_table(corpora: list[Group]) -> list[str]:
    rows = [g for g in corpora if g.get("lint-text")]
    if not rows:
        return []
    base = rows[0].get("lint-text").median / rows[0].files
    lines = [
        "## Scaling: paywall-lint time per file",
        "",
        "| files | paywall-lint wall (s) | µs per file | vs smallest corpus | floor µs per file "
        "| paywall-lint / floor |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for g in rows:
        lint, floor = g.get("lint-text"), g.get("floor")
        per_file = lint.median / g.files
        floor_per_file = floor.median / g.files if floor else None
        lines.append(
            f"| {g.files:,} | {secs(lint.median)} | {num(per_file * 1e6, 1)} | {ratio(per_file / base)} "
            f"| {num(floor_per_file * 1e6 if floor_per_file else None, 1)} "
            f"| {ratio(div(lint.median, floor.median if floor else None))} |"
        )
    lines += ["", "Linear scaling keeps µs per file flat; at small sizes the process start "
              "dominates, so per-file time there is higher.", ""]
    return lines


def load_paired(results: str) -> dict[str, dict]:
    """paired.py's results by input: realistic-N, big, small, v2, swift, offerings."""
    paired = {}
    for path in glob.glob(os.path.join(results, "paired", "*.json")):
        with open(path, encoding="utf-8") as f:
            paired[os.path.basename(path)[:-5]] = json.load(f)
    return paired


def lsp_median_ms(results: str) -> float | None:
    """The 5 KB file's median edit -> diagnostics latency from lsp.md."""
    try:
        text = open(os.path.join(results, "lsp.md"), encoding="utf-8").read()
    except FileNotFoundError:
        return None
    match = re.search(r"KB paywall\.yaml: edit -> diagnostics median ([0-9.]+) ms", text)
    return float(match.group(1)) if match else None


def targets_table(corpora: list[Group], groups: list[Group], paired: dict[str, dict],
                  lsp_ms: float | None) -> list[str]:
    def verdict(ok: bool | None) -> str:
        return "—" if ok is None else ("PASS" if ok else "**FAIL**")

    def rounds(entry: dict) -> str:
        return f"{entry['rounds']} rounds"

    rows = []
    realistic = sorted((k for k in paired if k.startswith("realistic-")), key=lambda k: int(k.split("-")[1]))
    if realistic:
        key = realistic[-1]
        files = int(key.split("-")[1])
        lint = paired[key]["lint"]
        at = f"realistic corpus of {files:,} files, {rounds(lint)}"
        rows.append((f"whole lint: wall ≤ {TARGET_WALL_VS_FLOOR}× floor ({at})",
                     f"{lint['wall_ratio']:.2f}× ({lint['wall']:.3f} s)", verdict(lint["wall_ratio"] <= TARGET_WALL_VS_FLOOR)))
        rows.append((f"CPU (user+sys) ≤ {TARGET_CPU_VS_FLOOR:g}× floor ({at})",
                     f"{lint['cpu_ratio']:.2f}× ({lint['cpu']:.3f} s)", verdict(lint["cpu_ratio"] <= TARGET_CPU_VS_FLOOR)))
    if "small" in paired:
        lint = paired["small"]["lint"]
        rows.append((f"single small file < {TARGET_SMALL_FILE_S * 1000:g} ms wall ({rounds(lint)})",
                     f"{lint['wall'] * 1000:.1f} ms", verdict(lint["wall"] < TARGET_SMALL_FILE_S)))
    if "big" in paired:
        lint = paired["big"]["lint"]
        rows.append((f"5 MB YAML ≤ {TARGET_BIG_VS_FLOOR:g}× floor ({rounds(lint)})", f"{lint['wall_ratio']:.2f}×",
                     verdict(lint["wall_ratio"] <= TARGET_BIG_VS_FLOOR)))
    if "v2" in paired:
        lint, one = paired["v2"]["lint"], paired["v2"]["one-line"]
        extra = lint["wall"] - one["wall"]
        rows.append((f"100 KB V2 paywall < {TARGET_V2_EXTRA_S * 1000:g} ms more than a one-line file ({rounds(lint)})",
                     f"+{extra * 1000:.1f} ms ({lint['wall'] * 1000:.1f} against {one['wall'] * 1000:.1f} ms)",
                     verdict(extra < TARGET_V2_EXTRA_S)))
    if "swift" in paired:
        lint = paired["swift"]["lint"]
        rows.append((f"5,000-line Swift file < {TARGET_SWIFT_S * 1000:g} ms wall ({rounds(lint)})",
                     f"{lint['wall'] * 1000:.1f} ms (a one-line file: {paired['swift']['one-line']['wall'] * 1000:.1f} ms)",
                     verdict(lint["wall"] < TARGET_SWIFT_S)))
    if "offerings" in paired:
        lint = paired["offerings"]["lint"]
        rows.append((f"1.4 MB offerings response ≤ {TARGET_OFFERINGS_VS_FLOOR:g}× floor ({rounds(lint)})",
                     f"{lint['wall_ratio']:.2f}×", verdict(lint["wall_ratio"] <= TARGET_OFFERINGS_VS_FLOOR)))
    if lsp_ms is not None:
        rows.append((f"language server re-lint of a 5 KB file < {TARGET_LSP_MS:g} ms (median)", f"{lsp_ms:.2f} ms",
                     verdict(lsp_ms < TARGET_LSP_MS)))
    peaks = [(entry["peak_mb"], name) for name, group in paired.items()
             for command, entry in group.items() if command == "lint"]
    peaks += [(c.peak_mb, g.label) for g in groups for c in g.commands.values()
              if c.slug.startswith("lint") and c.peak_mb is not None]
    if peaks:
        peak, where = max(peaks)
        rows.append((f"peak memory < {TARGET_PEAK_MB:g} MB", f"{peak:.1f} MB ({where})", verdict(peak < TARGET_PEAK_MB)))
    largest = max((g for g in corpora if g.get("lint-text")), key=lambda g: g.files, default=None)
    if largest:
        at = f" (canonical corpus of {largest.files:,} files)"
        lint, alt, schema = largest.get("lint-text"), largest.get("alt"), largest.get("schema")
        speedup = div(alt.median, lint.median) if alt else None
        rows.append((f"≥ {TARGET_VS_PYTHON:g}× faster than the Python script{at}", ratio(speedup),
                     verdict(speedup >= TARGET_VS_PYTHON if speedup is not None else None)))
        speedup = div(schema.median, lint.median) if schema else None
        rows.append((f"≥ {TARGET_VS_SCHEMA:g}× faster than check-jsonschema{at}", ratio(speedup),
                     verdict(speedup >= TARGET_VS_SCHEMA if speedup is not None else None)))
    if not rows:
        return []
    lines = ["## Targets", "",
             "Each input timed side by side with the floor in alternated rounds (`paired.py`, medians); "
             "the speed-ups over the other tools come from the canonical corpus's hyperfine table.", "",
             "| target | measured | result |", "| --- | --- | --- |"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return lines + [""]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build results.md from run.sh's measurements.")
    ap.add_argument("--results", required=True, help="the out/results folder of run.sh")
    args = ap.parse_args(argv)

    env = read_kv(os.path.join(args.results, "env.txt"))
    groups = [load_group(os.path.dirname(p))
              for p in glob.glob(os.path.join(args.results, "*", "commands.tsv"))]
    corpora = sorted((g for g in groups if g.key.startswith("corpus-")), key=lambda g: g.files)
    big = next((g for g in groups if g.key == "big"), None)
    small = next((g for g in groups if g.key == "small"), None)
    v2 = next((g for g in groups if g.key == "v2"), None)
    firebase = next((g for g in groups if g.key == "firebase"), None)
    offerings = next((g for g in groups if g.key == "offerings"), None)
    ordered = corpora + [g for g in (big, small, v2, firebase, offerings) if g]

    out = ["# paywall-lint benchmark", ""]
    if env:
        mode = "quick (fewer runs)" if env.get("quick") == "1" else "full"
        out += [
            f"{env.get('date', '')} · {env.get('cpu', '?')}, {env.get('cores', '?')} cores · "
            f"commit {env.get('commit', '?')} · mode: {mode}",
            "",
            f"hyperfine {env.get('hyperfine', '?')} · Python {env.get('python', '?')}, "
            f"PyYAML {env.get('pyyaml', '?')} (C loader) · check-jsonschema {env.get('check_jsonschema', '?')}",
            "",
            f"paywall-lint binary: `{env.get('paywall_lint', '?')}`",
            "",
        ]
        if env.get("paywall_lint_from_env") == "yes":
            out += ["> Binary given with `PAYWALL_LINT`, not built by run.sh: check that it is a "
                    "release build of the commit above.", ""]
    out += ["Median wall time from hyperfine; all commands of a table were timed in one hyperfine call "
            "unless marked †. `user+sys CPU` is hyperfine's mean over the runs; `CPU, time -v` and "
            "`peak RSS` come from one `/usr/bin/time -v` run. The floor is libyaml's event parser over "
            "every file, single-threaded (floor.c); each table times it first and again last, and ratios "
            "are to the first timing: the second shows how far the machine's speed wandered meanwhile.", ""]
    for g in ordered:
        out += group_table(g)
    out += scaling_table(corpora)
    out += targets_table(corpora, ordered, load_paired(args.results), lsp_median_ms(args.results))
    sys.stdout.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
