#!/usr/bin/env bash
# End to end with real LSP clients against the built `paywall-lint server`:
# (a) pytest-lsp (PyPI, in a virtualenv made here) opens Examples/sketchy/weekly-broken.yaml, gets
#     its diagnostics, changes it, applies code actions' edits and hovers a diagnostic
#     (Tests/Integration/lsp/test_server.py);
# (b) Neovim, headless, with its built-in LSP client (Debian's `neovim`, installed with apt-get when
#     missing) opens the same paywall and writes the diagnostics it received to a file, compared
#     with what `paywall-lint --format json` reports for the file (same rules, positions, severities).
# Needs the debug build (`swift build`); PAYWALL_LINT_BIN names another binary.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${PAYWALL_LINT_BIN:-$repo/.build/debug/paywall-lint}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
started=$SECONDS
fail() { echo "lsp test: FAILED: $*"; exit 1; }
[ -x "$bin" ] || fail "no binary at $bin (run swift build first)"
export PAYWALL_LINT_BIN="$bin"
cd "$repo"

# (a) pytest-lsp
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pytest-lsp
if ! "$work/venv/bin/pytest" -q -p no:cacheprovider -c Tests/Integration/lsp/pytest.ini \
    Tests/Integration/lsp/test_server.py > "$work/pytest.out" 2>&1; then
    cat "$work/pytest.out"
    fail "pytest-lsp"
fi
pytest_summary="$(tail -n 1 "$work/pytest.out")"

# (b) Neovim's built-in client
if ! command -v nvim > /dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    # A fresh machine has no package lists yet: without them apt-get knows no candidate for neovim.
    { $sudo apt-get update -q && $sudo apt-get install -y -q neovim; } > "$work/apt.out" 2>&1 \
        || { cat "$work/apt.out"; fail "cannot install neovim"; }
fi
paywall=Examples/sketchy/weekly-broken.yaml
expected="$work/cli.expected"
set +e
"$bin" --format json "$paywall" > "$work/cli.json"
set -e
python3 - "$work/cli.json" > "$expected" <<'PY'
import json, sys
findings = json.load(open(sys.argv[1]))["findings"]
lines = sorted(f'{f["start"]["line"]}:{f["start"]["column"]} {f["severity"]} {f["rule"]}' for f in findings)
print("\n".join(lines))
PY
for rule in apple/hardcoded-price apple/restore-button apple/close-delay; do
    grep -q " $rule\$" "$expected" || fail "the CLI no longer reports $rule for $paywall"
done
LSP_TEST_FILE="$paywall" LSP_TEST_OUT="$work/nvim.out" \
    timeout 60 nvim --headless --clean -u NONE -c "luafile Tests/Integration/lsp/neovim.lua" \
    > "$work/nvim.log" 2>&1 || { cat "$work/nvim.log"; fail "neovim exited with $?"; }
diff -u "$expected" "$work/nvim.out" || fail "the diagnostics Neovim received differ from the CLI's findings"

echo "lsp test: pytest-lsp: $pytest_summary"
echo "lsp test: $(nvim --version | head -n 1): $(wc -l < "$work/nvim.out") diagnostics, the same as the CLI's findings"
echo "lsp test: passed in $((SECONDS - started)) s"
