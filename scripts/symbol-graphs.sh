#!/usr/bin/env bash
# Prints the folder of the public symbol graphs of the modules users import (GestureEngine,
# GestureLabUIKit, GestureLabTesting, GestureLabCLI), extracting them first unless they are newer
# than every source file and the manifest: scripts/public-api.sh and scripts/docs.sh both read
# them, and test.sh runs both, so the second finds them fresh.
#
# The graphs are extracted from the debug build's modules with swift-symbolgraph-extract, as
# `swift package dump-symbol-graph --minimum-access-level public` does (the same JSON, compared
# file by file, session 26), but for these four modules only and without its own build: its
# build plan differs from `swift build --build-tests`, so in CI it rebuilt and relinked a large
# part of the package (57 s of the run) and the next `swift build --build-tests` did it back.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
modules=(GestureEngine GestureLabUIKit GestureLabTesting GestureLabCLI)
graphs=.build/$(uname -m)-unknown-linux-gnu/symbolgraph
stamp="$graphs/.dumped"
if [ -f "$stamp" ] && [ -z "$(find Sources Package.swift -newer "$stamp" -print -quit)" ]; then
    echo "$graphs"
    exit 0
fi
command -v swift-symbolgraph-extract >/dev/null || { echo "symbol-graphs.sh: swift-symbolgraph-extract is not on PATH (it ships with the Swift toolchain)" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Up to date with the sources (nothing to do right after test.sh's build).
swift build --build-tests >"$log" 2>&1 || { cat "$log" >&2; echo "symbol-graphs.sh: the debug build failed (above)" >&2; exit 1; }
rm -rf "$graphs"
mkdir -p "$graphs"
# The built modules, and every C module map a module's imports need to load it.
search=(-I .build/debug/Modules)
while IFS= read -r dir; do search+=(-I "$dir"); done < <(bash scripts/module-search-paths.sh "$(pwd)")
for m in "${modules[@]}"; do
    swift-symbolgraph-extract -module-name "$m" "${search[@]}" -target "$(uname -m)-unknown-linux-gnu" \
        -minimum-access-level public -output-dir "$graphs" >"$log" 2>&1 \
        || { cat "$log" >&2; echo "symbol-graphs.sh: could not extract the symbol graph of $m (above)" >&2; exit 1; }
    [ -s "$graphs/$m.symbols.json" ] || { cat "$log" >&2; echo "symbol-graphs.sh: no symbol graph for $m" >&2; exit 1; }
done
touch "$stamp"
echo "$graphs"
