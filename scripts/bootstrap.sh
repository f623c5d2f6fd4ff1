#!/usr/bin/env bash
# Installs what GestureLab needs on a fresh Debian machine of this kind, then builds.
# Idempotent: packages already present are not reinstalled, the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh

need=()
# libsdl2-dev: the studio's window (the only part that needs it); zlib1g-dev: its PNG screenshots.
for pkg in libsdl2-dev zlib1g-dev pkg-config ${GESTURELAB_APT_PACKAGES:-}; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "installing: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "swift is not on PATH (expected Swift 6.3 at /opt/swift)" >&2; exit 1; }
[ -n "${GESTURELAB_SKIP_BUILD:-}" ] || swift build ${GESTURELAB_BUILD_FLAGS:-}
