#!/usr/bin/env bash
# Compiles Swift files written for iOS against GestureLabUIKit, changing nothing but their UIKit
# imports (`import UIKit` and `import UIKit.UIGestureRecognizerSubclass` become
# `import GestureLabUIKit`), in a scratch package outside the repository, in Swift 6 and in
# Swift 5 language mode. For checking real-world recognizers and delegates that must not be
# copied into the repository.
#
#   scripts/check-uikit-sources.sh [--keep] [--register NAME=EXPRESSION]... FILE.swift... [-- GESTURELAB ARGUMENTS]
#
# With --register, the Swift 6 target is also an executable calling GestureLabCLI.main with
# those recognizers (NAME becomes a scene type, EXPRESSION makes one, e.g.
# 'vpan=VerticalPanGestureRecognizer()'), and the arguments after -- are run with it
# (`-- replay trace.jsonl --scene scene.yaml`): the files' recognizers replayed as gesturelab's.
#
# Exit status: 0 when every file compiles in both modes (and the run succeeds), 1 otherwise (the
# compiler's errors are shown). --keep leaves the scratch package and prints where it is.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
keep=0
registrations=()
files=()
run=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) keep=1; shift ;;
        --register) registrations+=("$2"); shift 2 ;;
        --) shift; run=("$@"); break ;;
        *) files+=("$1"); shift ;;
    esac
done
if [[ ${#files[@]} -eq 0 ]]; then echo "usage: $0 [--keep] [--register NAME=EXPRESSION]... FILE.swift... [-- GESTURELAB ARGUMENTS]" >&2; exit 64; fi
for f in "${files[@]}"; do
    [[ -f "$f" ]] || { echo "$f: no such file" >&2; exit 64; }
done
set -- "${files[@]}"
scratch="$(mktemp -d /tmp/gesturelab-uikit-check.XXXXXX)"
[[ $keep == 1 ]] || trap 'rm -rf "$scratch"' EXIT
identity="$(basename "$repo" | tr '[:upper:]' '[:lower:]')"
status=0
# One package with a target per language mode, built once: GestureLabUIKit and everything under
# it are compiled once for both (two packages built them twice, a minute of CI).
pkg="$scratch/check"
kind=target
cli=""
if [[ ${#registrations[@]} -gt 0 ]]; then kind=executableTarget; cli=', .product(name: "GestureLabCLI", package: "'"$identity"'")'; fi
mkdir -p "$pkg/Sources/Checked" "$pkg/Sources/CheckedSwift5"
cat > "$pkg/Package.swift" <<PKG
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "UIKitSourceCheck",
    dependencies: [.package(path: "$repo")],
    targets: [
        .$kind(name: "Checked", dependencies: [.product(name: "GestureLabUIKit", package: "$identity")$cli],
               swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "CheckedSwift5", dependencies: [.product(name: "GestureLabUIKit", package: "$identity")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
PKG
if [[ $kind == executableTarget ]]; then
    {
        echo "import GestureLabCLI"
        echo "import GestureLabUIKit"
        echo "GestureLabCLI.main(recognizers: ["
        for r in "${registrations[@]}"; do echo "    \"${r%%=*}\": { ${r#*=} },"; done
        echo "])"
    } > "$pkg/Sources/Checked/main.swift"
fi
for f in "$@"; do
    for target in Checked CheckedSwift5; do
        sed -E 's/^import UIKit(\.UIGestureRecognizerSubclass)?[[:space:]]*$/import GestureLabUIKit/' "$f" > "$pkg/Sources/$target/$(basename "$f")"
    done
done
echo "== Swift 6 language mode (target Checked) and Swift 5 language mode (target CheckedSwift5): $# file(s)"
if (cd "$pkg" && swift build --scratch-path "$scratch/build" 2>&1 | grep -E "error:|warning:|Compiling Checked|Build complete" ); then :; fi
if ! (cd "$pkg" && swift build --scratch-path "$scratch/build" >/dev/null 2>&1); then status=1; fi
if [[ $status == 0 && ${#registrations[@]} -gt 0 ]]; then
    echo "== gesturelab ${run[*]}"
    (cd "$repo" && "$scratch/build/debug/Checked" "${run[@]}") || status=1
fi
[[ $keep == 1 ]] && echo "scratch package: $scratch"
if [[ $status == 0 ]]; then echo "all files compile unchanged against GestureLabUIKit (Swift 6 and Swift 5 modes)"; fi
exit $status
