#!/usr/bin/env bash
# Measures every stroke recognizer on the $1 development set, as the README's tables show: the
# cross-validated figures of GestureLab's own detectors (last), and every recognizer scored on
# all strokes (the seed ports are not fitted to anything, so theirs are honest as they are). The set is read where it is (GESTURELAB_DOLLAR_DATASET, default
# ../shared/datasets/dollar-unistroke) and converted into .build/ (never into the repository).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
dataset=${GESTURELAB_DOLLAR_DATASET:-${DATASET:-../shared/datasets/dollar-unistroke}}
if [ ! -d "$dataset/s01" ]; then
    cat >&2 <<MSG
evaluate-dev-set.sh: the \$1 Unistroke development set is not at $dataset.
It is the set published with Wobbrock, Wilson and Li, "Gestures without libraries, toolkits or
training" (UIST 2007): the XML logs sNN/SPEED/NAMEkk.xml of its subjects, redistributed in the
Apache-2.0 repository SkxPhan/dollar (folder test/testdata/). Put them in a folder and run
    GESTURELAB_DOLLAR_DATASET=/path/to/that/folder bash scripts/evaluate-dev-set.sh
MSG
    exit 2
fi
out=.build/dev-set
swift build -c release >/dev/null
bin=$(swift build -c release --show-bin-path)/gesturelab
rm -rf "$out" && mkdir -p "$out"
"$bin" import dollar-xml "$dataset" -o "$out/traces"
"$bin" train "$out/traces" --per-label 10 -o .build/dev-set-templates.json
"$bin" evaluate "$out/traces" --scene recordings/evaluation/stroke-recognizers.yaml --jobs 1 \
    --expect strictCheck=check --expect angleCheck=check --expect appleCheck=check --expect directionCheck=check \
    --expect cookbookCircle=circle --expect betterCheck=check --expect betterCheckPointedTurn=check --expect betterCircle=circle \
    --expect templateCheck=check --expect templateCircle=circle --expect templateCheckOneClass=check \
    --format "${FORMAT:-markdown}" -o "$out/report.${FORMAT:-md}"
cat "$out/report.${FORMAT:-md}"
"$bin" train "$out/traces" --leave-one-out subject
# The headline figures: every choice made on five writers, scored on the sixth (nested).
"$bin" crossval "$dataset" --nested
