#!/usr/bin/env bash
# Compiles Swift files written for iOS against GestureLabUIKit, changing nothing but their UIKit
# imports (`import UIKit` and `import UIKit.UIGestureRecognizerSubclass` become
# `import GestureLabUIKit`), in Swift 6 and in Swift 5 language mode, outside the repository.
# For checking real-world recognizers and delegates that must not be copied into the repository.
#
#   scripts/check-uikit-sources.sh [--keep] [--register NAME=EXPRESSION]... FILE.swift... [-- GESTURELAB ARGUMENTS]
#
# With --register, the Swift 6 target is also an executable calling GestureLabCLI.main with
# those recognizers (NAME becomes a scene type, EXPRESSION makes one, e.g.
# 'vpan=VerticalPanGestureRecognizer()'), and the arguments after -- are run with it
# (`-- replay trace.jsonl --scene scene.yaml`): the files' recognizers replayed as gesturelab's.
#
# Without --register (a compile check only), the files are compiled with swiftc straight against
# the modules of this repository's debug build (brought up to date first with `swift build
# --target GestureLabUIKit`), as a separate module that sees GestureLabUIKit's public API only, as
# a package depending on it would: a second build of GestureLab in a scratch package took about
# 90 s of CI's ten minutes for what takes 3 s this way. --keep and --register use the package.
#
# Exit status: 0 when every file compiles in both modes (and the run succeeds), 1 otherwise (the
# compiler's errors are shown). --keep leaves the scratch package and prints where it is.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$repo/scripts/stable-build-plan.sh"
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
# A file as GestureLab compiles it: its UIKit imports become GestureLabUIKit, one line for one.
ported() { sed -E 's/^import UIKit(\.UIGestureRecognizerSubclass)?[[:space:]]*$/import GestureLabUIKit/' "$1"; }
# The compile check alone: the files against the debug build's modules, each mode a module of its own.
if [[ ${#registrations[@]} -eq 0 && $keep == 0 ]] && (cd "$repo" && swift build --target GestureLabUIKit >"$scratch/build.log" 2>&1) \
    && [[ -e "$repo/.build/debug/Modules/GestureLabUIKit.swiftmodule" ]]; then
    mkdir -p "$scratch/files"
    for f in "$@"; do
        ported "$f" > "$scratch/files/$(basename "$f")"
    done
    # The C modules the engine's modules were built with (their module maps).
    includes=(-I "$repo/.build/debug/Modules")
    while read -r dir; do includes+=(-I "$dir"); done < <(bash "$repo/scripts/module-search-paths.sh" "$repo")
    echo "== Swift 6 language mode and Swift 5 language mode: $# file(s)"
    for mode in 6 5; do
        # Diagnostics name the files given (the import lines are replaced one for one, so lines match).
        if ! swiftc -swift-version "$mode" -parse-as-library -wmo -module-name "CheckedSwift$mode" "${includes[@]}" \
                -c "$scratch"/files/*.swift -o "$scratch/checked$mode.o" >"$scratch/swift$mode.log" 2>&1; then
            status=1
        fi
        for f in "$@"; do
            sed -i "s|$scratch/files/$(basename "$f")|$f|g" "$scratch/swift$mode.log"
        done
        grep -E "^[^ ].*(error|warning):" "$scratch/swift$mode.log" | sed "s/^/Swift $mode mode: /" || true
    done
    if [[ $status == 0 ]]; then echo "all files compile unchanged against GestureLabUIKit (Swift 6 and Swift 5 modes)"; fi
    exit $status
fi
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
        ported "$f" > "$pkg/Sources/$target/$(basename "$f")"
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
