#!/usr/bin/env bash
# The folders holding the C module maps a debug build of the package at ROOT was compiled with
# (its own C targets, its dependencies' checkouts, the module maps SwiftPM wrote), one per line:
# what a compiler reading that build's Swift modules from outside SwiftPM needs as -I, beside
# ROOT/.build/debug/Modules (scripts/api-breakage.sh, scripts/check-uikit-sources.sh).
#   bash scripts/module-search-paths.sh ROOT
set -euo pipefail
root=${1:?usage: $0 ROOT}
{ find "$root/.build/checkouts" "$root/Sources" -name module.modulemap -not -path "*/Benchmarks/*" 2>/dev/null
  find "$root/.build/debug/" -maxdepth 2 -name module.modulemap 2>/dev/null; } | xargs -r -n1 dirname | sort -u
