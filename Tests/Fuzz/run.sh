#!/usr/bin/env bash
# Builds the libFuzzer target (the library's sources plus FuzzTarget.swift, with address
# sanitizer) and runs it, seeded from Examples/ and ../shared/fixtures.
# Usage: bash Tests/Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]   (default 60 s)
# Crashing inputs land in .build-fuzz/artifacts/; copy each into Tests/PaywallLintTests/Fixtures/fuzz/
# so the regression test replays it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build-fuzz"
seconds="${1:-60}"
shift || true
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"

# The core and its YAML reader are compiled as one module; swift-atomics comes from the
# package's own debug build.
(cd "$root" && swift build --target PaywallLintYAML -q)
bin="$(cd "$root" && swift build --show-bin-path)"
atomics="$root/.build/checkouts/swift-atomics/Sources/_AtomicsShims/include/module.modulemap"
rm -rf "$out/yaml" && mkdir -p "$out/yaml"
for file in "$root"/Sources/PaywallLintYAML/*.swift; do
    grep -v '^import PaywallLint$' "$file" > "$out/yaml/$(basename "$file")"
done

# FUZZ_OPT=-Onone builds in a quarter of the time at half the executions per second: what CI's
# 60-second run wants. Long sessions keep the default, -O.
opt="${FUZZ_OPT:--O}"
if [ ! -x "$out/fuzz" ] || [ "$(cat "$out/fuzz.opt" 2>/dev/null)" != "$opt" ] \
    || [ -n "$(find "$root/Sources/PaywallLint" "$root/Sources/PaywallLintYAML" "$root/Tests/Fuzz/FuzzTarget.swift" -newer "$out/fuzz" -print -quit)" ]; then
    echo "building the fuzz target ($opt)" >&2
    # -package-name: the library's `package` declarations build as under SwiftPM.
    swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library "$opt" -g -module-name PaywallLint \
        -package-name paywall_lint \
        -Xcc -fmodule-map-file="$root/Sources/CYAML/module.modulemap" -I "$root/Sources/CYAML" \
        -I "$bin/Modules" -Xcc -fmodule-map-file="$atomics" \
        $(find "$root/Sources/PaywallLint" -name '*.swift' | sort) "$out"/yaml/*.swift \
        "$root/Tests/Fuzz/FuzzTarget.swift" "$bin"/Atomics.build/*.swift.o "$bin"/_AtomicsShims.build/src/*.o \
        -lyaml -o "$out/fuzz"
    echo "$opt" > "$out/fuzz.opt"
fi

# Seeds: every example and fixture, under both names' first-byte conventions.
find "$root/Examples" "$root/../shared/fixtures" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) \
    -exec cp {} "$out/seeds/" \;
cp "$root"/Tests/PaywallLintTests/Fixtures/fuzz/* "$root"/Tests/Fuzz/seeds/* "$out/seeds/" 2>/dev/null || true

# Leak detection is off: Swift stores enum tags in the spare bits of payload pointers, so
# LeakSanitizer cannot see that the compiled packs (held by a global) are still referenced and
# reports them as leaked. Address errors, crashes, hangs (-timeout) and memory blow-ups
# (-rss_limit_mb) are all still caught.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Swift's own crash backtracer reads the crashed process's memory, which the address sanitizer
# reports as an error of its own; libFuzzer prints the stack and writes the input.
export SWIFT_BACKTRACE="enable=no"
"$out/fuzz" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$@" "$out/corpus" "$out/seeds"
