#!/usr/bin/env bash
# Benchmark paywall-lint against a libyaml floor, a Python linter and
# check-jsonschema. See Tests/Benchmarks/README.md.
#
#   bash Tests/Benchmarks/run.sh [--sizes 100,1000,10000] [--quick]
#
# Environment:
#   PAYWALL_LINT=/path/to/binary   skip the build and benchmark this binary
#   SLOW_SPLIT=2000                corpora larger than this time check-jsonschema
#                                  in a separate hyperfine call with --runs 1
#
# Everything it makes goes to Tests/Benchmarks/out/ (gitignored): the venv,
# the floor binary, the corpora (reused while their parameters match), the raw
# measurements (out/results/) and the report (out/results.md).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$HERE/out
RESULTS=$OUT/results
VENV=$OUT/venv
SEED=1

SIZES=100,1000,10000
QUICK=0
SLOW_SPLIT=${SLOW_SPLIT:-2000}

usage() { sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while (($#)); do
  case "$1" in
    --sizes) SIZES=${2:?--sizes needs a value, e.g. 100,1000}; shift 2 ;;
    --sizes=*) SIZES=${1#--sizes=}; shift ;;
    --quick) QUICK=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "run.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
IFS=, read -r -a SIZE_LIST <<< "$SIZES"
for n in "${SIZE_LIST[@]}"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: bad size '$n' in --sizes" >&2; exit 2; }
done

# Run counts. Hyperfine applies one run count to every command of a call.
if ((QUICK)); then
  CORPUS_RUNS=(--warmup 1 --runs 3)
  SINGLE_RUNS=(--warmup 3 --runs 10)
else
  CORPUS_RUNS=(--warmup 1 --min-runs 10)
  SINGLE_RUNS=(--warmup 5 --min-runs 30)
fi
SLOW_RUNS=(--runs 1)
# The targets: alternated rounds (paired.py), medians of at least 11.
if ((QUICK)); then PAIRED_RUNS=(--warmup 1 --rounds 3); else PAIRED_RUNS=(--warmup 2 --rounds 11); fi

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

mkdir -p "$OUT"

# ---------------------------------------------------------------------------
# 1. The paywall-lint binary.
# ---------------------------------------------------------------------------
if [[ -n ${PAYWALL_LINT:-} ]]; then
  LINT=$(command -v "$PAYWALL_LINT" || true)
  [[ -n $LINT && -x $LINT ]] || die "PAYWALL_LINT=$PAYWALL_LINT is not an executable"
  LINT=$(cd "$(dirname "$LINT")" && pwd)/$(basename "$LINT")
  log "Using PAYWALL_LINT=$LINT (no build)"
else
  log "Building paywall-lint (release, scratch path .build-bench)"
  # Build output goes to stderr: stdout is kept for the report.
  (cd "$ROOT" && swift build -c release --traits SwiftSource --scratch-path .build-bench --product paywall-lint) >&2 ||
    die "swift build failed (see above)"
  LINT=$(cd "$ROOT" && swift build -c release --traits SwiftSource --scratch-path .build-bench --show-bin-path)/paywall-lint
  [[ -x $LINT ]] || die "build finished but $LINT is missing"
fi

# ---------------------------------------------------------------------------
# 2. Tools: hyperfine, /usr/bin/time, a C compiler with libyaml, the venv.
# ---------------------------------------------------------------------------
apt_install() {
  local sudo=()
  ((EUID == 0)) || sudo=(sudo)
  log "Installing $* with apt-get"
  # apt and dpkg talk on stdout; keep stdout for the report.
  "${sudo[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >&2
}
command -v hyperfine > /dev/null || apt_install hyperfine
[[ -x /usr/bin/time ]] || apt_install time
command -v cc > /dev/null || apt_install gcc
pkg-config --exists yaml-0.1 2> /dev/null || apt_install pkg-config libyaml-dev

# Does this hyperfine have --shell=none (-N, hyperfine >= 1.13)? Without a
# shell, millisecond timings need no shell-spawn correction.
if hyperfine --help | grep -q -- '--shell'; then NO_SHELL=(-N); else NO_SHELL=(); fi

venv_ok() {
  "$VENV/bin/python" -c 'import sys, yaml; sys.exit(0 if yaml.__with_libyaml__ else 1)' 2> /dev/null &&
    "$VENV/bin/check-jsonschema" --version > /dev/null 2>&1
}
if ! venv_ok; then
  log "Setting up the Python venv at ${VENV#"$ROOT"/}"
  [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --upgrade pip
  "$VENV/bin/pip" install --quiet check-jsonschema PyYAML
  if ! "$VENV/bin/python" -c 'import sys, yaml; sys.exit(0 if yaml.__with_libyaml__ else 1)'; then
    # No wheel with libyaml for this platform: build PyYAML against libyaml-dev.
    "$VENV/bin/pip" install --quiet --force-reinstall --no-binary PyYAML PyYAML
  fi
  venv_ok || die "the venv has no PyYAML with libyaml (yaml.__with_libyaml__) or no check-jsonschema"
fi
PY=$VENV/bin/python

# ---------------------------------------------------------------------------
# 3. The floor: libyaml's event parser over every file, single-threaded.
# ---------------------------------------------------------------------------
log "Compiling the floor (floor.c)"
# shellcheck disable=SC2046  # pkg-config prints several words on purpose
cc -O2 "$HERE/floor.c" $(pkg-config --cflags --libs yaml-0.1) -o "$OUT/floor"
FLOOR=$OUT/floor

# ---------------------------------------------------------------------------
# 4. Corpora (reused when generate_corpus.py and its parameters are unchanged).
# ---------------------------------------------------------------------------
for n in "${SIZE_LIST[@]}"; do
  log "Corpus of $n files"
  python3 "$HERE/generate_corpus.py" --out "$OUT/corpus-$n" --count "$n" --seed "$SEED" --reuse
  # The floor must see every file, and every file must parse.
  seen=$("$FLOOR" "$OUT/corpus-$n") || die "the floor failed on corpus-$n"
  [[ $seen == "files=$n "* ]] || die "the floor saw '$seen' in corpus-$n, expected $n files"
done
for n in "${SIZE_LIST[@]}"; do
  log "Realistic corpus of $n files"
  python3 "$HERE/realistic_corpus.py" --out "$OUT/realistic-$n" --count "$n" --seed "$SEED" --reuse
  seen=$("$FLOOR" "$OUT/realistic-$n") || die "the floor failed on realistic-$n"
  [[ $seen == "files=$n "* ]] || die "the floor saw '$seen' in realistic-$n, expected $n files"
done
log "The ~5 MB single-file paywall"
python3 "$HERE/generate_corpus.py" --out "$OUT/big" --big --seed "$SEED" --reuse
BIG=$OUT/big/big-paywall.yaml
# One small clean YAML file (no localizations) for the process-start benchmark.
SMALL_CORPUS=$OUT/corpus-${SIZE_LIST[0]}
SMALL=$(python3 - "$SMALL_CORPUS" << 'PY'
import os, sys
root = sys.argv[1]
yaml_rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(root, "MANIFEST.tsv"))
             if line.split("\t")[0].endswith(".yaml")]
def small_and_clean(rel, kind):
    text = open(os.path.join(root, rel), encoding="utf-8").read()
    return kind == "clean" and "\nlocalizations:" not in text
picked = [rel for rel, kind in yaml_rows if small_and_clean(rel, kind)] or [yaml_rows[0][0]]
print(os.path.join(root, picked[0]))
PY
)

# ---------------------------------------------------------------------------
# 5. Measuring.
# ---------------------------------------------------------------------------
rm -rf "$RESULTS"
mkdir -p "$RESULTS"

# A benchmark group is a folder under out/results with:
#   meta.txt       label=..., files=N, input=PATH, manifest=PATH (ground truth)
#   lint.sarif     paywall-lint's SARIF output (checked against the manifest)
#   commands.tsv   slug, display name, accepted exit codes, command line
#   time-SLUG.txt  /usr/bin/time -v of one run of each command
#   hyperfine*.json
GROUP_DIR='' GROUP_SLUGS=() GROUP_NAMES=() GROUP_CMDS=()

begin_group() { # DIR LABEL FILES INPUT [MANIFEST]
  GROUP_DIR=$RESULTS/$1 GROUP_SLUGS=() GROUP_NAMES=() GROUP_CMDS=()
  mkdir -p "$GROUP_DIR"
  printf 'label=%s\nfiles=%s\ninput=%s\nmanifest=%s\n' "$2" "$3" "${4#"$ROOT"/}" "${5:-}" \
    > "$GROUP_DIR/meta.txt"
  : > "$GROUP_DIR/commands.tsv"
}

# add_command SLUG NAME EXIT_CODES COMMAND: COMMAND is one shell-words string.
# It is run once under /usr/bin/time -v first (peak RSS, CPU); that run is also
# the preflight, since hyperfine -i would time a failing command happily:
#  - an exit status other than 0 or 1 (a crash, 2 for a usage error) stops the
#    benchmark, and so does any failure of the floor;
#  - 0 where 1 was expected (no findings in a corpus with injected violations:
#    an unfinished linter) is a warning, repeated in the report.
add_command() {
  local slug=$1 name=$2 codes=$3 cmd=$4 status=0
  GROUP_SLUGS+=("$slug") GROUP_NAMES+=("$name") GROUP_CMDS+=("$cmd")
  printf '%s\t%s\t%s\t%s\n' "$slug" "$name" "$codes" "$cmd" >> "$GROUP_DIR/commands.tsv"
  eval "/usr/bin/time -v -o \"\$GROUP_DIR/time-$slug.txt\" $cmd" > "$GROUP_DIR/out-$slug.txt" 2>&1 || status=$?
  [[ ",$codes," == *",$status,"* ]] && return 0
  tail -n 20 "$GROUP_DIR/out-$slug.txt" >&2
  if [[ $slug == floor* ]] || ((status > 1)); then
    die "'$name' exited with $status (expected $codes): $cmd"
  fi
  printf 'run.sh: warning: %s exited with %s (expected %s): it found nothing to report?\n' \
    "$name" "$status" "$codes" >&2
}

# add_floor_again COMMAND: the floor once more, timed last in the group's hyperfine call.
# hyperfine times each command's runs in one block, and this machine's speed wanders by 10-30 %
# over minutes: the floor before and after the others shows how far it wandered meanwhile.
add_floor_again() {
  add_command floor-again "floor, timed again last" 0 "$1"
}

# hyperfine_group JSON RUN-OPTIONS... -- SLUG...: times the named commands of
# the current group in ONE hyperfine call, so their numbers are comparable.
hyperfine_group() {
  local json=$1 opts=() args=() slug i
  shift
  while [[ $1 != -- ]]; do opts+=("$1"); shift; done
  shift
  for slug in "$@"; do
    for i in "${!GROUP_SLUGS[@]}"; do
      [[ ${GROUP_SLUGS[$i]} == "$slug" ]] && args+=(-n "${GROUP_NAMES[$i]}" "${GROUP_CMDS[$i]}")
    done
  done
  # -i: linters exit 1 when they find problems (the corpora have some on purpose).
  hyperfine --style basic -i "${NO_SHELL[@]}" "${opts[@]}" \
    --export-json "$GROUP_DIR/$json" "${args[@]}" >&2
}

q() { printf '%q' "$1"; } # quote a path for a shell-words command line

# Copy of the environment for the report.
{
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "cores=$(nproc)"
  echo "paywall_lint=${LINT#"$ROOT"/}"
  echo "paywall_lint_from_env=$([[ -n ${PAYWALL_LINT:-} ]] && echo yes || echo no)"
  echo "commit=$(git -C "$ROOT" rev-parse --short HEAD 2> /dev/null || echo unknown)$(
    git -C "$ROOT" diff --quiet HEAD -- Sources Package.swift 2> /dev/null || echo ' (Sources modified)')"
  echo "hyperfine=$(hyperfine --version | awk '{print $2}')"
  echo "python=$("$PY" -c 'import platform; print(platform.python_version())')"
  echo "pyyaml=$("$PY" -c 'import yaml; print(yaml.__version__)')"
  echo "check_jsonschema=$("$VENV/bin/check-jsonschema" --version | awk '{print $NF}')"
  echo "quick=$QUICK"
  echo "sizes=$SIZES"
  echo "slow_split=$SLOW_SPLIT"
} > "$RESULTS/env.txt"

SCHEMA=$HERE/paywall-structure.schema.json
CJ=$VENV/bin/check-jsonschema

for n in "${SIZE_LIST[@]}"; do
  dir=$OUT/corpus-$n
  log "Benchmark: corpus of $n files"
  begin_group "corpus-$n" "Corpus of $n files" "$n" "$dir" "$dir/MANIFEST.tsv"
  # A third of the files carry a violation: every linter must exit 1.
  add_command floor "floor (libyaml, 1 thread)" 0 "$(q "$FLOOR") $(q "$dir")"
  add_command lint-text "paywall-lint --format text" 1 "$(q "$LINT") --format text $(q "$dir")"
  # SARIF goes to a real file, as in CI, rather than /dev/null: the report
  # checks it against the corpus manifest, and a CLI that writes --output
  # atomically (temp file + rename) cannot clobber /dev/null when run as root.
  add_command lint-sarif "paywall-lint --format sarif" 1 \
    "$(q "$LINT") --format sarif --output $(q "$GROUP_DIR/lint.sarif") $(q "$dir")"
  add_command alt "alt_lint.py (PyYAML C loader)" 1 "$(q "$PY") $(q "$HERE/alt_lint.py") $(q "$dir")"
  # check-jsonschema takes files, not folders: let sh expand the globs
  # (part-NNN/*.yaml and *.json; one process, as ARG_MAX allows ~2 MB of names).
  add_command schema "check-jsonschema" 1 \
    "sh -c $(q "exec $(q "$CJ") --schemafile $(q "$SCHEMA") $(q "$dir")/*/*.yaml $(q "$dir")/*/*.json")"
  add_floor_again "$(q "$FLOOR") $(q "$dir")"

  if ((n > SLOW_SPLIT)); then
    hyperfine_group hyperfine.json "${CORPUS_RUNS[@]}" -- floor lint-text lint-sarif alt floor-again
    hyperfine_group hyperfine-slow.json "${SLOW_RUNS[@]}" -- schema
  else
    hyperfine_group hyperfine.json "${CORPUS_RUNS[@]}" -- floor lint-text lint-sarif alt schema floor-again
  fi
done

log "Benchmark: one ~5 MB YAML file"
begin_group big "One $(($(stat -c %s "$BIG") / 1000)) kB YAML file" 1 "$BIG"
add_command floor "floor (libyaml, 1 thread)" 0 "$(q "$FLOOR") $(q "$BIG")"
# Five of its locales have a hard-coded price: exit 1.
add_command lint-text "paywall-lint --format text" 1 "$(q "$LINT") --format text $(q "$BIG")"
add_floor_again "$(q "$FLOOR") $(q "$BIG")"
hyperfine_group hyperfine.json "${CORPUS_RUNS[@]}" -- floor lint-text floor-again

log "Benchmark: one small file (process start included)"
begin_group small "One small file of $(stat -c %s "$SMALL") bytes" 1 "$SMALL"
add_command floor "floor (libyaml, 1 thread)" 0 "$(q "$FLOOR") $(q "$SMALL")"
# A clean file: 0 expected, 1 tolerated (the linter's rules are broader than the corpus's).
add_command lint-text "paywall-lint --format text" 0,1 "$(q "$LINT") --format text $(q "$SMALL")"
add_floor_again "$(q "$FLOOR") $(q "$SMALL")"
hyperfine_group hyperfine.json "${SINGLE_RUNS[@]}" -- floor lint-text floor-again

log "Benchmark: one ~100 kB RevenueCat V2 paywall against a one-line file"
V2=$OUT/v2-paywall.json
ONE_LINE=$OUT/one-line.yaml
printf 'paywall: 1\n' > "$ONE_LINE"
python3 - "$ROOT/Examples/revenuecat-v2/paywall.json" "$V2" << 'PY'
import copy, json, sys
# The example's component tree and strings, repeated with their own IDs until ~100 kB.
base = json.load(open(sys.argv[1], encoding="utf-8"))
stack = base["components_config"]["base"]["stack"]
# Without the example's planted problems: a clean paywall, as most files in a repository are.
strings = base["components_localizations"]
strings["en_US"]["monthly"] = "Monthly: {{ product.price_per_period }}"
strings["en_US"]["savings"] = "Save {{ product.relative_discount }}"
stack["components"] = [c for c in stack["components"] if c.get("text_lid") != "subtitle" and c["type"] != "countdown"]
for table in strings.values():
    for lid, text in strings["en_US"].items():
        table.setdefault(lid, text)
template = copy.deepcopy(stack["components"])
strings = base["components_localizations"]
k = 0
while len(json.dumps(base, indent=2)) < 100_000:
    k += 1
    for component in copy.deepcopy(template):
        def renumber(node):
            if isinstance(node, dict):
                for key in ("text_lid", "id"):
                    if key in node:
                        node[key] = f"{node[key]}-{k}"
                for value in node.values():
                    renumber(value)
            elif isinstance(node, list):
                for value in node:
                    renumber(value)
        renumber(component)
        stack["components"].append(component)
    for locale, table in strings.items():
        for lid, text in list(table.items()):
            if "-" not in lid:
                table[f"{lid}-{k}"] = f"{text} ({k})"
json.dump(base, open(sys.argv[2], "w", encoding="utf-8"), indent=2, ensure_ascii=False)
PY
begin_group v2 "One $(($(stat -c %s "$V2") / 1000)) kB RevenueCat V2 paywall" 1 "$V2"
add_command floor "floor (libyaml, 1 thread)" 0 "$(q "$FLOOR") $(q "$V2")"
add_command one-line "paywall-lint on a one-line file" 1 "$(q "$LINT") --format text $(q "$ONE_LINE")"
# Clean but for the close button the example leaves out: exit 1.
add_command lint-text "paywall-lint --format text" 1 "$(q "$LINT") --format text $(q "$V2")"
add_floor_again "$(q "$FLOOR") $(q "$V2")"
hyperfine_group hyperfine.json "${SINGLE_RUNS[@]}" -- floor one-line lint-text floor-again

log "Benchmark: a Firebase Remote Config template with 50 paywall variants"
FIREBASE=$OUT/firebase-50.json
python3 - "$ROOT/Examples/firebase/remoteconfig.template.json" "$FIREBASE" << 'PY'
import json, sys
# The example's clean default paywall, as 50 conditional values with their own headlines.
template = json.load(open(sys.argv[1], encoding="utf-8"))
parameter = template["parameterGroups"]["Paywall"]["parameters"]["paywall_config"]
default = json.loads(parameter["defaultValue"]["value"])
values = {}
for k in range(49):
    variant = dict(default, id=f"arm-{k}", headline=f"Sketch without limits, arm {k}")
    values[f"arm_{k}"] = {"value": json.dumps(variant, ensure_ascii=False)}
parameter["conditionalValues"] = values
template["conditions"] = [{"name": f"arm_{k}", "expression": f"percent('exp') between {k} and {k + 1}"}
                          for k in range(49)]
json.dump(template, open(sys.argv[2], "w", encoding="utf-8"), indent=2, ensure_ascii=False)
PY
begin_group firebase "A Firebase template of $(($(stat -c %s "$FIREBASE") / 1000)) kB, 50 paywall variants" 1 "$FIREBASE"
add_command floor "floor (libyaml, 1 thread)" 0 "$(q "$FLOOR") $(q "$FIREBASE")"
add_command one-line "paywall-lint on a one-line file" 1 "$(q "$LINT") --format text $(q "$ONE_LINE")"
add_command lint-text "paywall-lint --format text" 0 "$(q "$LINT") --format text $(q "$FIREBASE")"
add_floor_again "$(q "$FLOOR") $(q "$FIREBASE")"
hyperfine_group hyperfine.json "${SINGLE_RUNS[@]}" -- floor one-line lint-text floor-again

OFFERINGS=$ROOT/../shared/fixtures/revenuecat-v2/offerings-v2-templates-subset.json
if [ -f "$OFFERINGS" ]; then
  log "Benchmark: a 1.4 MB RevenueCat offerings response"
  begin_group offerings "A RevenueCat offerings response of $(($(stat -c %s "$OFFERINGS") / 1000)) kB" 1 "$OFFERINGS"
  add_command floor "floor (libyaml, 1 thread)" 0 "$(q "$FLOOR") $(q "$OFFERINGS")"
  # Its templates leave out close buttons and restore: exit 1.
  add_command lint-text "paywall-lint --format text" 0,1 "$(q "$LINT") --format text $(q "$OFFERINGS")"
  add_floor_again "$(q "$FLOOR") $(q "$OFFERINGS")"
  hyperfine_group hyperfine.json "${SINGLE_RUNS[@]}" -- floor lint-text floor-again
fi

log "Targets: each input side by side with the floor, in alternated rounds"
PAIRED=$RESULTS/paired
mkdir -p "$PAIRED"
paired() { # NAME NAME=COMMAND...
  local name=$1
  shift
  python3 "$HERE/paired.py" "${PAIRED_RUNS[@]}" --json "$PAIRED/$name.json" "$@" >&2
}
for n in "${SIZE_LIST[@]}"; do
  dir=$OUT/realistic-$n
  # Every planted violation found, no finding in a clean file: else the timing means nothing.
  "$LINT" --format json "$dir" > "$RESULTS/realistic-$n.json" || true
  python3 "$HERE/check_manifest.py" "$dir" "$RESULTS/realistic-$n.json" > "$RESULTS/realistic-$n-check.txt" ||
    { cat "$RESULTS/realistic-$n-check.txt" >&2; die "paywall-lint's findings on realistic-$n differ from its manifest"; }
  paired "realistic-$n" "floor=$FLOOR $dir" "lint=$LINT --format text $dir"
done
paired big "floor=$FLOOR $BIG" "lint=$LINT --format text $BIG"
paired small "floor=$FLOOR $SMALL" "lint=$LINT --format text $SMALL"
paired v2 "floor=$FLOOR $V2" "one-line=$LINT --format text $ONE_LINE" "lint=$LINT --format text $V2"
SWIFT_BIG=$OUT/swift-5000.swift
SWIFT_ONE=$OUT/one-line.swift
python3 "$HERE/swift_file.py" --lines 5000 --out "$SWIFT_BIG"
printf 'let answer = 42\n' > "$SWIFT_ONE"
# A binary built without the SwiftSource trait reads no Swift (exit 2 on --swift).
if "$LINT" --swift --quiet "$SWIFT_ONE" > /dev/null 2>&1; then
  paired swift "one-line=$LINT --format text $SWIFT_ONE" "lint=$LINT --format text $SWIFT_BIG"
else
  log "skipped the Swift file: $LINT was built without the SwiftSource trait"
fi
if [ -f "$OFFERINGS" ]; then
  paired offerings "floor=$FLOOR $OFFERINGS" "lint=$LINT --format text $OFFERINGS"
fi

log "Benchmark: the in-app validator (Examples/InAppValidation, release)"
(cd "$ROOT/Examples/InAppValidation" && swift build -c release -q) >&2
{
  echo "## In-app validation"
  echo
  echo "The core library in an app's loader (\`Examples/InAppValidation --measure\`, release):"
  echo
  "$ROOT/Examples/InAppValidation/.build/release/InAppValidation" --measure \
    "$ROOT/Examples/InAppValidation/configs/two-kilobytes.json" | sed 's/^/- /'
} > "$RESULTS/in-app.md"

log "Benchmark: the language server's edit -> diagnostics latency"
{
  echo "## Language server"
  echo
  python3 "$HERE/lsp_latency.py" "$LINT" --runs 50 | sed 's/^lsp latency: /- /'
} > "$RESULTS/lsp.md"

log "Benchmark: hostile inputs at 1x, 2x, 4x and 8x"
python3 "$HERE/hostile.py" "$LINT" "$OUT/hostile" > "$RESULTS/hostile.md"

# ---------------------------------------------------------------------------
# 6. The report.
# ---------------------------------------------------------------------------
{ python3 "$HERE/report.py" --results "$RESULTS"; echo; echo; cat "$RESULTS/hostile.md"; echo; cat "$RESULTS/in-app.md"; echo; cat "$RESULTS/lsp.md"; } > "$OUT/results.md"
log "Report written to ${OUT#"$ROOT"/}/results.md"
cat "$OUT/results.md"
