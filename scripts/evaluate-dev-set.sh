#!/usr/bin/env bash
# Measures every stroke recognizer on the $1 development set (../shared/datasets/dollar-unistroke),
# as the README's evaluation table shows. The dataset is read from ../shared and converted into
# .build/ (never into the repository).
set -euo pipefail
cd "$(dirname "$0")/.."
dataset=${DATASET:-../shared/datasets/dollar-unistroke}
out=.build/dev-set
swift build -c release >/dev/null
bin=$(swift build -c release --show-bin-path)/gesturelab
rm -rf "$out" && mkdir -p "$out"
"$bin" import dollar-xml "$dataset" -o "$out/traces"
"$bin" train "$out/traces" --per-label 10 -o .build/dev-set-templates.json
"$bin" evaluate "$out/traces" --scene recordings/evaluation/stroke-recognizers.yaml --jobs 1 \
    --expect strictCheck=check --expect angleCheck=check --expect appleCheck=check --expect directionCheck=check \
    --expect cookbookCircle=circle --expect betterCheck=check --expect betterCircle=circle \
    --expect templateCheck=check --expect templateCircle=circle --expect templateCheckOneClass=check \
    --format "${FORMAT:-markdown}" -o "$out/report.${FORMAT:-md}"
cat "$out/report.${FORMAT:-md}"
"$bin" train "$out/traces" --leave-one-out subject
