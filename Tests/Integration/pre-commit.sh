#!/usr/bin/env bash
# Installs the real pre-commit from PyPI into a virtualenv, makes a throwaway git repo with a
# broken and a good paywall and a .pre-commit-config.yaml that names this repository at its HEAD,
# and runs the hook the way a team would (`pre-commit run --files`): the broken paywall must fail
# with the expected rule IDs, the good one pass, an excluded one be skipped.
# The hook is built once (swift build -c release, a few minutes) and kept in PRE_COMMIT_HOME for the
# later runs. (`pre-commit try-repo` would build it again on every call: it uses a fresh store.)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
export PRE_COMMIT_HOME="$work/cache"
precommit="$work/venv/bin/pre-commit"
rev="$(git -C "$repo" rev-parse HEAD)"
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "pre-commit test: note: uncommitted changes in $repo are not part of the hook (it is built from $rev)"
fi

mkdir -p "$work/project/excluded"
cd "$work/project"
git init --quiet
cp "$repo/Examples/sketchy/weekly.yaml" good.yaml
cp "$repo/Examples/sketchy/weekly-broken.yaml" broken.yaml
cp "$repo/Examples/sketchy/weekly-broken.yaml" excluded/old.yaml
printf 'exclude: ["excluded/**"]\n' > .paywall-lint.yml
cat > .pre-commit-config.yaml <<CONFIG
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: paywall-lint
CONFIG
git add .

fail() { echo "pre-commit test: $*"; exit 1; }

set +e
"$precommit" run paywall-lint --files broken.yaml > broken.out 2>&1
status=$?
set -e
tail -n 20 broken.out
[ "$status" -ne 0 ] || fail "the broken paywall passed"
for rule in recommended/full-screen apple/close-delay apple/hardcoded-price apple/restore-button; do
    grep -q "\[$rule\]" broken.out || fail "the broken paywall did not report $rule"
done

"$precommit" run paywall-lint --files good.yaml > good.out 2>&1 || { cat good.out; fail "the good paywall failed"; }
grep -q "Passed" good.out || { cat good.out; fail "the hook did not run on the good paywall"; }
"$precommit" run paywall-lint --files excluded/old.yaml > excluded.out 2>&1 \
    || { cat excluded.out; fail "an excluded file was linted"; }
echo "pre-commit test: 3 passed, 0 failed"
