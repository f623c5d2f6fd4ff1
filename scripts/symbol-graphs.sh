#!/usr/bin/env bash
# Prints the folder of the package's public symbol graphs, dumping them first unless they are
# newer than every source file and the manifest: scripts/public-api.sh and scripts/docs.sh both
# read them, and test.sh runs both, so the second finds them fresh instead of dumping again.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/$(uname -m)-unknown-linux-gnu/symbolgraph
stamp="$graphs/.dumped"
if [ -f "$stamp" ] && [ -z "$(find Sources Package.swift -newer "$stamp" -print -quit)" ]; then
    echo "$graphs"
    exit 0
fi
log=$(mktemp)
swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; exit 1; }
rm -f "$log"
[ -d "$graphs" ] || { echo "symbol-graphs.sh: no symbol graphs at $graphs after dumping" >&2; exit 1; }
touch "$stamp"
echo "$graphs"
