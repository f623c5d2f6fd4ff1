#!/usr/bin/env bash
# Does the code still keep the last release's promise to users? Compares the API of the modules
# users import (GestureEngine, GestureLabUIKit, GestureLabTesting, GestureLabCLI) with the
# release's, using the toolchain's swift-api-digester: the tool behind
# `swift package diagnose-api-breaking-changes`, which reports removed or renamed declarations,
# changed types and signatures, protocol requirements added, inheritance changed.
#
#   bash scripts/api-breakage.sh --check          (scripts/test.sh, so CI; needs the debug build)
#   bash scripts/api-breakage.sh --baseline TAG   (once per release, after `git tag TAG`)
#
# The release's API is committed in docs/api-baseline/ (VERSION names the tag; one gzipped dump
# per module) instead of being rebuilt in each run: building the tag takes about two minutes on
# a 2-core machine, CI's budget is ten, and a clone need not carry tags. `--baseline TAG` builds
# the tag in a git worktree of its own and writes those files.
#
# `package` declarations (shared between GestureLab's own modules, invisible to users) are left
# out of both sides. A break is allowed only as a decision: the version in
# Sources/GestureLabCLI/GestureLabVersion.swift is past the baseline's and its CHANGELOG.md
# section says "Breaking"; or the exact line is in docs/api-baseline/allowlist.txt with a comment
# saying why users are not broken.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
modules=(GestureEngine GestureLabUIKit GestureLabTesting GestureLabCLI)
baseline=docs/api-baseline
triple=$(uname -m)-unknown-linux-gnu
command -v swift-api-digester >/dev/null || { echo "api-breakage.sh: swift-api-digester is not on PATH (it ships with the Swift toolchain)" >&2; exit 2; }

# The import paths a module's dump needs: the built modules and every C module map (a Swift
# module that imports a C one, as Atomics does, cannot be loaded without it).
search_paths() {
    local root=$1
    echo "-I $root/.build/debug/Modules"
    bash "$here/module-search-paths.sh" "$root" | sed 's/^/-I /'
}

dump() {  # root module output
    local root=$1 module=$2 out=$3
    [ -e "$root/.build/debug/Modules/$module.swiftmodule" ] || { echo "api-breakage.sh: $module is not built in $root/.build/debug (swift build first)" >&2; exit 2; }
    # shellcheck disable=SC2046
    swift-api-digester -dump-sdk -module "$module" $(search_paths "$root") -target "$triple" -o "$out.raw" 2>"$out.err" \
        || { cat "$out.err" >&2; echo "api-breakage.sh: could not read the API of $module" >&2; exit 2; }
    [ -s "$out.raw" ] || { cat "$out.err" >&2; echo "api-breakage.sh: empty API dump of $module" >&2; exit 2; }
    # Users never see package declarations (the digester marks them isInternal); the tool's
    # arguments name this machine's folders.
    if python3 - "$out.raw" "$out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
def prune(node):
    node["children"] = [prune(c) for c in node.get("children", []) if not c.get("isInternal")]
    return node
root = d["ABIRoot"]
if root.get("name") == "NO_MODULE":
    sys.exit(1)
root.pop("tool_arguments", None)
prune(root)
json.dump(d, open(sys.argv[2], "w"), indent=1, sort_keys=True)
PY
    then :; else cat "$out.err" >&2; echo "api-breakage.sh: the digester could not load $module (above)" >&2; exit 2; fi
    rm -f "$out.raw" "$out.err"
}

version_of() { sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$1/Sources/GestureLabCLI/GestureLabVersion.swift"; }

case "${1:-}" in
--baseline)
    tag=${2:?usage: $0 --baseline TAG}
    git rev-parse -q --verify "refs/tags/$tag" >/dev/null || { echo "api-breakage.sh: no tag $tag (git tag $tag COMMIT first)" >&2; exit 2; }
    work=.build-api-baseline
    rm -rf "$work"
    git worktree prune
    git worktree add -q --detach "$work" "$tag"
    trap 'git worktree remove --force "$work" 2>/dev/null || rm -rf "$work"' EXIT
    for m in "${modules[@]}"; do (cd "$work" && swift build --target "$m" >/dev/null); done
    [ "$(version_of "$work")" = "$tag" ] || echo "api-breakage.sh: warning: $tag says it is version $(version_of "$work")" >&2
    rm -f "$baseline"/*.json.gz
    mkdir -p "$baseline"
    for m in "${modules[@]}"; do
        dump "$(cd "$work" && pwd)" "$m" "$baseline/$m.json"
        gzip -9nf "$baseline/$m.json"
    done
    echo "$tag" > "$baseline/VERSION"
    echo "api-breakage.sh: the API of $tag is in $baseline ($(du -ch "$baseline"/*.json.gz | tail -1 | cut -f1)); commit it"
    ;;
--check)
    [ -f "$baseline/VERSION" ] || { echo "api-breakage.sh: no $baseline/VERSION: make one with --baseline TAG" >&2; exit 2; }
    released=$(cat "$baseline/VERSION")
    current=$(version_of .)
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    : > "$scratch/breaks"
    for m in "${modules[@]}"; do
        [ -f "$baseline/$m.json.gz" ] || { echo "api-breakage.sh: $baseline/$m.json.gz is missing" >&2; exit 2; }
        gunzip -c "$baseline/$m.json.gz" > "$scratch/old-$m.json"
        dump "$(pwd)" "$m" "$scratch/new-$m.json"
        # The report is a list of section headings (/* ... */) with a line per breaking change.
        swift-api-digester -diagnose-sdk -input-paths "$scratch/old-$m.json" -input-paths "$scratch/new-$m.json" 2>&1 \
            | grep -v '^\s*$' | grep -v '^/\*' | sed "s/^/$m: /" >> "$scratch/breaks" || true
    done
    allow=$baseline/allowlist.txt
    if [ -f "$allow" ]; then
        grep -v '^\s*#' "$allow" | grep -v '^\s*$' > "$scratch/allowed" || true
        grep -vxF -f "$scratch/allowed" "$scratch/breaks" > "$scratch/left" || true
    else
        cp "$scratch/breaks" "$scratch/left"
    fi
    if [ ! -s "$scratch/left" ]; then
        echo "api-breakage.sh: no breaking change to the API of ${modules[*]} since $released"
        exit 0
    fi
    section=$(awk -v v="## $current" '$0 == v { on = 1; next } /^## / { on = 0 } on' CHANGELOG.md)
    if [ "$current" != "$released" ] && grep -q "Breaking" <<<"$section"; then
        echo "api-breakage.sh: $(wc -l < "$scratch/left") breaking change(s) since $released, announced by version $current's Breaking entry in CHANGELOG.md:"
        sed 's/^/  /' "$scratch/left"
        exit 0
    fi
    echo "api-breakage.sh: these changes break users' code written against $released:" >&2
    sed 's/^/  /' "$scratch/left" >&2
    echo "api-breakage.sh: keep the old declarations (deprecate them), or make the break a decision: a new version in Sources/GestureLabCLI/GestureLabVersion.swift whose CHANGELOG.md section says \"Breaking\" and how to migrate" >&2
    exit 1
    ;;
*)
    echo "usage: $0 --check | --baseline TAG" >&2
    exit 2
    ;;
esac
