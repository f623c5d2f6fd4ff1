#!/usr/bin/env bash
# Checks that Package.swift's target dependencies are the modules each target imports (issue 36):
# a module imported but not declared builds only by luck (through another dependency), and one
# declared but never imported costs every user its build. Reads `swift package dump-package` and
# every `import` in each target's sources; prints the differences and fails on any.
#   bash scripts/check-manifest.sh        (in scripts/test.sh, so in CI)
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-package 2>/dev/null > .build/package-dump.json
python3 - <<'PY'
import json, os, re, sys
pkg = json.load(open(".build/package-dump.json"))
targets = {t["name"]: t for t in pkg["targets"]}
# Modules that are not targets of this package: the toolchain's and the dependencies' products.
system = {"Foundation", "FoundationEssentials", "FoundationXML", "Dispatch", "Glibc", "Darwin", "Synchronization", "Testing", "XCTest",
          "os", "CoreFoundation", "_Concurrency", "Observation", "Musl"}
problems = []
for name, t in targets.items():
    if t["type"] in ("system", "binary", "plugin", "macro"):
        continue
    path = t.get("path") or ("Tests/" + name if t["type"] == "test" else "Sources/" + name)
    if not os.path.isdir(path):
        continue
    declared = set()
    for d in t.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in d:
                declared.add(d[kind][0])
    imported = set()
    for root, _, files in os.walk(path):
        for f in files:
            if not f.endswith(".swift"):
                continue
            text = open(os.path.join(root, f), encoding="utf-8").read()
            # Modules imported only where they exist (`#if canImport(UIKit)`) are optional.
            optional = set(re.findall(r"canImport\((\w+)\)", text))
            for line in text.splitlines():
                # Imports start a line; an indented "import" is text (a template's, a string's).
                m = re.match(r"(?:@[\w]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][\w]*)", line)
                if m and m.group(1) not in optional:
                    imported.add(m.group(1))
    imported -= system
    # A C module a target reaches through its module map (CSDL2's loader, CZlib) counts by name.
    missing = sorted(m for m in imported if m not in declared)
    unused = sorted(d for d in declared if d not in imported and d in targets)
    for m in missing:
        problems.append(f"{name}: imports {m} without declaring it")
    for d in unused:
        problems.append(f"{name}: declares {d} but never imports it")
if problems:
    print("check-manifest.sh: Package.swift's dependencies differ from the imports:")
    for p in problems:
        print("  " + p)
    sys.exit(1)
print("check-manifest.sh: every target declares exactly the modules of this package it imports")
PY
