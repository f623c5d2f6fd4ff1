#!/usr/bin/env bash
# Sets up and runs the main job on an included recording: a single tap on a card whose
# single-tap recognizer requires its double-tap recognizer to fail. The timeline shows the
# single tap waiting 350 ms for the double tap to give up, then being recognized.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
bash scripts/bootstrap.sh
bin=$(swift build --show-bin-path)
"$bin/gesturelab" replay recordings/traces/single-tap.jsonl --scene recordings/scenes/tap-requires-double-tap.yaml
