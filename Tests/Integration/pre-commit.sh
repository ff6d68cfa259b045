#!/usr/bin/env bash
# Installs the real pre-commit from PyPI into a virtualenv, makes a throwaway git repo with a
# broken and a good paywall and a .pre-commit-config.yaml that names this repository at its HEAD,
# and runs the hook the way a team would (`pre-commit run --files`): the broken paywall must fail
# with the expected rule IDs, the good one pass, an excluded one be skipped. Then a second repo,
# as a newcomer has it: a paywall beside a GitHub workflow, a package.json and the pre-commit
# config (YAML and JSON that are no paywalls): `pre-commit run --all-files` must pass with one
# summary while the paywall is clean and fail once it is broken, and so must `pre-commit try-repo`.
# The hook is built once (swift build -c release, a few minutes) and kept in PRE_COMMIT_HOME for the
# later runs. (`pre-commit try-repo` builds it again: it uses a fresh store. It runs once, on the
# clean repo; PAYWALL_LINT_SKIP_TRY_REPO=1 leaves it out.)
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

# A newcomer's repository: one paywall among YAML and JSON that are no paywalls.
mkdir -p "$work/newcomer/.github/workflows" "$work/newcomer/paywalls"
cd "$work/newcomer"
git init --quiet
cp "$repo/Examples/sketchy/weekly.yaml" paywalls/weekly.yaml
cat > .github/workflows/ci.yml <<'WORKFLOW'
name: ci
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm test
WORKFLOW
printf '{\n  "name": "sketchy-app",\n  "version": "1.0.0",\n  "scripts": {"test": "jest"}\n}\n' > package.json
# As README.md and docs/integrations.md give it, then `pre-commit autoupdate` pins the commit.
cat > .pre-commit-config.yaml <<CONFIG
repos:
  - repo: $repo
    rev: <commit-sha>  # no release tags yet: \`pre-commit autoupdate\` pins the newest commit
    hooks:
      - id: paywall-lint
CONFIG
"$precommit" autoupdate > autoupdate.out 2>&1 || { cat autoupdate.out; fail "pre-commit autoupdate failed"; }
# (The newest commit: another may have landed since $rev.)
grep -Eq "^    rev: [0-9a-f]{40}( |$)" .pre-commit-config.yaml \
    || { cat autoupdate.out .pre-commit-config.yaml; fail "autoupdate did not pin a commit"; }
rm autoupdate.out
git add .

"$precommit" run --all-files > clean.out 2>&1 || { cat clean.out; fail "run --all-files failed on a clean repo"; }
grep -q "Passed" clean.out || { cat clean.out; fail "the hook did not run on the clean repo"; }
"$precommit" run --all-files --verbose > verbose.out 2>&1 || { cat verbose.out; fail "run --all-files --verbose failed"; }
summaries="$(grep -c "files* checked" verbose.out || true)"
[ "$summaries" -eq 1 ] || { cat verbose.out; fail "the hook printed $summaries summaries, not one"; }
grep -q "1 file checked, 3 skipped" verbose.out || { cat verbose.out; fail "the non-paywalls were not skipped"; }
if grep -q "core/unknown-dialect" verbose.out; then cat verbose.out; fail "a non-paywall was reported"; fi

try_repo="checked"
if [ "${PAYWALL_LINT_SKIP_TRY_REPO:-0}" = 1 ]; then
    try_repo="skipped (PAYWALL_LINT_SKIP_TRY_REPO=1)"
else
    "$precommit" try-repo "$repo" paywall-lint --ref "$rev" --all-files > try-clean.out 2>&1 \
        || { tail -n 30 try-clean.out; fail "try-repo failed on a clean repo"; }
fi

cp "$repo/Examples/sketchy/weekly-broken.yaml" paywalls/weekly.yaml
git add paywalls/weekly.yaml
set +e
"$precommit" run --all-files > broken-all.out 2>&1
status=$?
set -e
[ "$status" -ne 0 ] || { cat broken-all.out; fail "run --all-files passed a broken paywall"; }
grep -q "\[apple/close-delay\]" broken-all.out || { cat broken-all.out; fail "the broken paywall's findings are missing"; }
if grep -q "core/unknown-dialect" broken-all.out; then cat broken-all.out; fail "a non-paywall was reported"; fi
echo "pre-commit test: passed: broken, good and excluded files; a newcomer's repository clean and broken; try-repo $try_repo"
