#!/usr/bin/env python3
"""Latency of `paywall-lint server`: how long after a one-character edit the diagnostics for it
arrive, for a 5 KB YAML paywall (budget 5 ms) and a 100 KB RevenueCat V2 paywall (budget 30 ms).

The server runs with --debounce-ms 0, so the time is the server's own (framing, applying the edit,
linting, building and writing the diagnostics) plus two pipe hops and this script's JSON: an upper
bound of the server time. Prints the median and 95th percentile of each; --check exits 1 when a
median is over its budget. Usage: lsp_latency.py [BINARY] [--runs N] [--check]
(default binary: .build/release/paywall-lint, else .build/debug/paywall-lint)."""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[2]


class Client:
    def __init__(self, binary: str, cwd: str):
        self.process = subprocess.Popen(
            [binary, "server", "--debounce-ms", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd
        )
        self.next_id = 1

    def send(self, message: dict) -> None:
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict:
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("lsp latency: the server ended")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def diagnostics(self, version: int) -> list:
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                if message["params"].get("version") == version:
                    return message["params"]["diagnostics"]

    def close(self) -> None:
        self.request("shutdown", {})
        self.send({"method": "exit"})
        self.process.wait(timeout=10)


def five_kb_yaml() -> str:
    text = (REPO / "Examples/sketchy/weekly.yaml").read_text()
    extra = "".join(f"  - Feature number {i} for every drawing you make\n" for i in range(200))
    text = text.replace("bullets:\n", "bullets:\n" + extra, 1)
    while len(text.encode()) > 5 * 1024:
        extra = extra[: extra.rfind("  - ")]
        text = (REPO / "Examples/sketchy/weekly.yaml").read_text().replace("bullets:\n", "bullets:\n" + extra, 1)
    return text


def hundred_kb_v2() -> str:
    paywall = json.loads((REPO / "Examples/revenuecat-v2/paywall.json").read_text())
    components = paywall["components_config"]["base"]["stack"]["components"]
    original = list(components)
    while len(json.dumps(paywall, indent=2).encode()) < 100 * 1024:
        components.extend(json.loads(json.dumps(original)))
    return json.dumps(paywall, indent=2) + "\n"


def measure(binary: str, name: str, text: str, runs: int) -> list:
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / name
        path.write_text(text)
        uri = path.as_uri()
        client = Client(binary, folder)
        client.request("initialize", {"capabilities": {}})
        client.send({"method": "initialized", "params": {}})
        language = "json" if name.endswith(".json") else "yaml"
        client.send(
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}},
            }
        )
        client.diagnostics(1)
        # The edit: a character at the end of the first line, put in and taken out in turn.
        first_line = text.split("\n", 1)[0]
        end = len(first_line.encode("utf-16-le")) // 2
        times = []
        for version in range(2, runs + 2):
            if version % 2 == 0:
                change = {"range": {"start": {"line": 0, "character": end}, "end": {"line": 0, "character": end}}, "text": " "}
            else:
                change = {"range": {"start": {"line": 0, "character": end}, "end": {"line": 0, "character": end + 1}}, "text": ""}
            started = time.perf_counter()
            client.send(
                {
                    "method": "textDocument/didChange",
                    "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
                }
            )
            client.diagnostics(version)
            times.append((time.perf_counter() - started) * 1000)
        client.close()
        return times


def main() -> int:
    arguments = sys.argv[1:]
    check = "--check" in arguments
    runs = 50
    if "--runs" in arguments:
        runs = int(arguments[arguments.index("--runs") + 1])
    positional = [a for i, a in enumerate(arguments) if not a.startswith("--") and (i == 0 or arguments[i - 1] != "--runs")]
    binary = positional[0] if positional else None
    if binary is None:
        for candidate in (".build/release/paywall-lint", ".build/debug/paywall-lint"):
            if os.access(REPO / candidate, os.X_OK):
                binary = str(REPO / candidate)
                break
    if binary is None:
        raise SystemExit("lsp latency: no paywall-lint binary; build first or name one")
    failed = False
    for name, text, budget in (
        ("paywall.yaml", five_kb_yaml(), 5.0),
        ("paywall.json", hundred_kb_v2(), 30.0),
    ):
        times = sorted(measure(binary, name, text, runs))
        median = statistics.median(times)
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        verdict = "ok" if median <= budget else "OVER BUDGET"
        failed |= median > budget
        print(
            f"lsp latency: {len(text.encode()) / 1024:.0f} KB {name}: edit -> diagnostics median {median:.2f} ms, "
            f"p95 {p95:.2f} ms (budget {budget:.0f} ms: {verdict})"
        )
    return 1 if failed and check else 0


if __name__ == "__main__":
    sys.exit(main())
