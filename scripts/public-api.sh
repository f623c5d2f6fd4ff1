#!/usr/bin/env bash
# Lists the public and open symbols of the modules users import (the engine, GestureLabUIKit,
# GestureLabTesting, GestureLabCLI), one per line, into
# docs/public-api/MODULE.txt: what a user's package can see. Run it after changing a module's
# surface and read the diff (git diff docs/public-api): the surface is a promise.
#   bash scripts/public-api.sh --check   (in scripts/test.sh, so in CI)
# lists them into a scratch folder instead and fails when they differ from the committed lists:
# a change to what users import is then always a deliberate, reviewed one. A removal or a change
# of a symbol breaks users: it needs a new version (Sources/GestureLabCLI/GestureLabVersion.swift)
# with a "Breaking" entry in CHANGELOG.md, which the check asks for when a line was removed.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = "--check" ] && check=1
out=docs/public-api
if [ $check = 1 ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
graphs=$(bash scripts/symbol-graphs.sh)
mkdir -p "$out"
for module in GestureEngine GestureLabUIKit GestureLabTesting GestureLabCLI; do
    python3 - "$graphs" "$module" > "$out/$module.txt" <<'PY'
import glob, json, sys
graphs, module = sys.argv[1], sys.argv[2]
rows = set()
for f in glob.glob(f"{graphs}/{module}.symbols.json") + glob.glob(f"{graphs}/{module}@*.symbols.json"):
    for s in json.load(open(f))["symbols"]:
        if s["accessLevel"] in ("public", "open"):
            rows.add(f"{'.'.join(s['pathComponents'])}  {s['kind']['identifier'].split('.')[-1]}  {s['accessLevel']}")
print("\n".join(sorted(rows)))
PY
    [ $check = 1 ] || echo "docs/public-api/$module.txt: $(wc -l < "$out/$module.txt") symbols"
done
if [ $check = 1 ]; then
    status=0
    for f in "$out"/*.txt; do
        committed=docs/public-api/$(basename "$f")
        if ! cmp -s "$f" "$committed"; then
            status=1
            echo "public-api.sh: the public surface of $(basename "$f" .txt) differs from $committed:" >&2
            diff "$committed" "$f" | grep '^[<>]' | sed 's/^</  removed:/; s/^>/  added:  /' >&2 || true
            if diff "$committed" "$f" | grep -q '^<'; then
                version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/GestureLabCLI/GestureLabVersion.swift)
                awk -v v="## $version" '$0 == v { on = 1; next } /^## / { on = 0 } on' CHANGELOG.md | grep -q "Breaking" \
                    || echo "public-api.sh: a symbol was removed or changed: that breaks users; it needs a new version with a Breaking entry in CHANGELOG.md (## $version has none)" >&2
            fi
        fi
    done
    [ $status = 0 ] || { echo "public-api.sh: run bash scripts/public-api.sh and commit docs/public-api with the change" >&2; exit 1; }
    echo "public-api.sh: the public surface matches docs/public-api"
fi
