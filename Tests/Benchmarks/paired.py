#!/usr/bin/env python3
"""Time commands side by side in alternated rounds; print medians and ratios to the first.

    paired.py [--rounds 11] [--warmup 1] [--json OUT] NAME=COMMAND... 

Each round runs every command once, in an order that rotates from round to round, so a
machine whose speed wanders over minutes slows every command alike. Per command: the median
wall time, the median CPU time (user + system, from wait4), the largest peak resident size,
and the median over rounds of its ratio to the first command in the same round. Commands are
split into words with shlex and run without a shell, output to /dev/null; an exit status
above 1 stops the run.
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time


def run(argv):
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(argv, stdout=null, stderr=null)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"paired.py: {shlex.join(argv)} exited with {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--json")
    ap.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    args = ap.parse_args()
    names, argvs = [], []
    for spec in args.commands:
        name, _, command = spec.partition("=")
        names.append(name)
        argvs.append(shlex.split(command))
    for _ in range(args.warmup):
        for argv in argvs:
            run(argv)
    samples = {name: [] for name in names}
    for round_number in range(args.rounds):
        shift = round_number % len(names)
        for k in list(range(shift, len(names))) + list(range(shift)):
            samples[names[k]].append(run(argvs[k]))
    base = samples[names[0]]
    result = {}
    for name in names:
        rows = samples[name]
        result[name] = {
            "wall": statistics.median(r[0] for r in rows),
            "cpu": statistics.median(r[1] for r in rows),
            "peak_mb": max(r[2] for r in rows),
            "wall_ratio": statistics.median(r[0] / b[0] for r, b in zip(rows, base)),
            "cpu_ratio": statistics.median(r[1] / b[1] for r, b in zip(rows, base)),
            "rounds": args.rounds,
        }
        r = result[name]
        print(f"{name}: wall {r['wall'] * 1000:.1f} ms ({r['wall_ratio']:.2f}x), "
              f"cpu {r['cpu'] * 1000:.1f} ms ({r['cpu_ratio']:.2f}x), peak {r['peak_mb']:.1f} MB")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
