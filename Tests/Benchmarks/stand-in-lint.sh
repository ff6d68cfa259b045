#!/usr/bin/env bash
# stand-in-lint.sh: a fake paywall-lint for testing the benchmark harness
# without building the real CLI:
#
#   PAYWALL_LINT=Tests/Benchmarks/stand-in-lint.sh bash Tests/Benchmarks/run.sh --quick
#
# It accepts the same command line as paywall-lint (paths, --format text|sarif,
# --output FILE, --quiet), reads every *.yml/*.yaml/*.json file under the
# given paths (cat > /dev/null), writes a minimal SARIF log when asked, and
# exits like the real CLI: 1 ("findings") when it read any file, 0 when none,
# 2 on a usage error. Its timings mean nothing: it does not parse anything.
set -euo pipefail

format=text output=/dev/stdout paths=()
while (($#)); do
  case "$1" in
    --format) format=${2:?}; shift 2 ;;
    --output) output=${2:?}; shift 2 ;;
    --quiet) shift ;;
    -*) echo "stand-in-lint: unknown option $1" >&2; exit 2 ;;
    *) paths+=("$1"); shift ;;
  esac
done
[[ $format == text || $format == sarif ]] || { echo "stand-in-lint: bad --format $format" >&2; exit 2; }
((${#paths[@]})) || { echo "stand-in-lint: no paths" >&2; exit 2; }

# Read every file once; count them.
count=$(find "${paths[@]}" -type f \( -name '*.yml' -o -name '*.yaml' -o -name '*.json' \) \
          -exec cat {} + | wc -c)
files=$(find "${paths[@]}" -type f \( -name '*.yml' -o -name '*.yaml' -o -name '*.json' \) | wc -l)

if [[ $format == sarif ]]; then
  printf '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"stand-in-lint"}},"results":[]}]}\n' > "$output"
else
  echo "stand-in-lint: read $files files ($count bytes)" > "$output"
fi
((files > 0)) && exit 1
exit 0
