#!/usr/bin/env bash
# Installs the real pre-commit from PyPI into a virtualenv, makes a throwaway git repo with a
# broken and a good paywall, and runs this repository's hook on them with `pre-commit try-repo`:
# the broken one must fail with the expected rule IDs, the good one pass, an excluded one be skipped.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
export PRE_COMMIT_HOME="$work/cache"
precommit="$work/venv/bin/pre-commit"

mkdir -p "$work/project/excluded"
cd "$work/project"
git init --quiet
cp "$repo/Examples/sketchy/weekly.yaml" good.yaml
cp "$repo/Examples/sketchy/weekly-broken.yaml" broken.yaml
cp "$repo/Examples/sketchy/weekly-broken.yaml" excluded/old.yaml
printf 'exclude: ["excluded/**"]\n' > .paywall-lint.yml
git add .

fail() { echo "pre-commit test: $*"; exit 1; }

# The first run builds the hook (swift build -c release), which takes a few minutes.
set +e
"$precommit" try-repo "$repo" paywall-lint --files broken.yaml > broken.out 2>&1
status=$?
set -e
cat broken.out | tail -n 20
[ "$status" -ne 0 ] || fail "the broken paywall passed"
for rule in recommended/full-screen apple/close-delay apple/hardcoded-price apple/restore-button; do
    grep -q "\[$rule\]" broken.out || fail "the broken paywall did not report $rule"
done

"$precommit" try-repo "$repo" paywall-lint --files good.yaml > good.out 2>&1 || { cat good.out; fail "the good paywall failed"; }
"$precommit" try-repo "$repo" paywall-lint --files excluded/old.yaml > excluded.out 2>&1 \
    || { cat excluded.out; fail "an excluded file was linted"; }
echo "pre-commit test: 3 passed, 0 failed"
