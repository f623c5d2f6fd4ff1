#!/usr/bin/env bash
# Lists the public and open symbols of the modules users import (the engine, GestureLabUIKit,
# GestureLabTesting, GestureLabCLI), one per line, into
# docs/public-api/MODULE.txt: what a user's package can see. Run it after changing a module's
# surface and read the diff (git diff docs/public-api): the surface is a promise.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(swift build --show-bin-path)/../symbolgraph
[ -d "$graphs" ] || graphs=.build/$(uname -m)-unknown-linux-gnu/symbolgraph
mkdir -p docs/public-api
for module in ${MODULES:-GestureEngine GestureLabUIKit GestureLabTesting GestureLabCLI}; do
    python3 - "$graphs" "$module" > "docs/public-api/$module.txt" <<'PY'
import glob, json, sys
graphs, module = sys.argv[1], sys.argv[2]
rows = set()
for f in glob.glob(f"{graphs}/{module}.symbols.json") + glob.glob(f"{graphs}/{module}@*.symbols.json"):
    for s in json.load(open(f))["symbols"]:
        if s["accessLevel"] in ("public", "open"):
            rows.add(f"{'.'.join(s['pathComponents'])}  {s['kind']['identifier'].split('.')[-1]}  {s['accessLevel']}")
print("\n".join(sorted(rows)))
PY
    echo "docs/public-api/$module.txt: $(wc -l < "docs/public-api/$module.txt") symbols"
done
