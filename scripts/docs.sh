#!/usr/bin/env bash
# Builds the DocC documentation of the modules users import (GestureLabUIKit, GestureLabTesting,
# GestureLabCLI) from their catalogs (Sources/MODULE/MODULE.docc) and public symbol graphs, into
# .build/docs/MODULE, with DocC's warnings as errors (a broken link or an unknown symbol in an
# article fails). Then lists the public symbols without a documentation comment and fails if
# there are more than docs/undocumented-symbols.txt allows (the count may only go down).
#   bash scripts/docs.sh           build; open .build/docs/MODULE/index.html (static hosting)
#   bash scripts/docs.sh --check   the same, for CI (scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(bash scripts/symbol-graphs.sh)
out=.build/docs
mkdir -p "$out"
for module in GestureLabUIKit GestureLabTesting GestureLabCLI; do
    own=$(mktemp -d)
    cp "$graphs/$module.symbols.json" "$own/"
    cp "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
    rm -rf "${out:?}/$module"
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$own" --output-path "$out/$module" \
            --fallback-display-name "$module" --fallback-bundle-identifier "gesturelab.$module" \
            --transform-for-static-hosting --warnings-as-errors >"$own/docc.log" 2>&1; then
        grep -E "warning|error" "$own/docc.log" | head -40 >&2
        echo "docs.sh: DocC failed for $module (full output above)" >&2
        rm -rf "$own"
        exit 1
    fi
    rm -rf "$own"
    echo "docs.sh: $module -> $out/$module"
done
# Public symbols without a documentation comment, module by module.
python3 - "$graphs" > "$out/undocumented.txt" <<'PY'
import glob, json, sys
graphs = sys.argv[1]
# What the compiler writes for conformances (Equatable, Hashable, OptionSet...) has nothing to say.
synthesized = {"hash(into:)", "hashValue", "!=(_:_:)", "==(_:_:)", "init(rawValue:)", "rawValue", "insert(_:)"}
for module in ["GestureLabUIKit", "GestureLabTesting", "GestureLabCLI"]:
    # A path is documented when any declaration at it is (a protocol's default implementation
    # shares the path of the declaration that replaces it).
    seen, documented = set(), set()
    for f in glob.glob(f"{graphs}/{module}.symbols.json") + glob.glob(f"{graphs}/{module}@*.symbols.json"):
        for s in json.load(open(f))["symbols"]:
            if s.get("accessLevel") not in ("public", "open") or s["pathComponents"][-1] in synthesized:
                continue
            path = module + " " + ".".join(s["pathComponents"])
            seen.add(path)
            if s.get("docComment"):
                documented.add(path)
    for r in sorted(seen - documented):
        print(r)
PY
count=$(wc -l < "$out/undocumented.txt")
allowed=$(grep -v '^#' docs/undocumented-symbols.txt | head -1)
echo "docs.sh: $count public symbols without a documentation comment (at most $allowed; list in $out/undocumented.txt)"
if [ "$count" -gt "$allowed" ]; then
    echo "docs.sh: document the new public symbols (see $out/undocumented.txt)" >&2
    exit 1
fi
