#!/usr/bin/env bash
# Replays every shipped trace through every shipped scene with two gesturelab binaries and
# compares the JSON Lines logs byte for byte (and the exit statuses). For engine changes that
# must not change behaviour (speed work, refactors): build the old commit into a worktree, then
#   git worktree add /tmp/gl-old <commit> && (cd /tmp/gl-old && swift build -c release --product gesturelab)
#   bash scripts/compare-replays.sh /tmp/gl-old/.build/release/gesturelab .build/release/gesturelab [EXTRA_TRACE...]
# Extra traces (for example the first lines of `gesturelab bench --generate` output) are replayed
# through every scene too. Both output formats are compared (FORMATS="jsonl text" by default).
# COMMAND=explain FORMATS="text json" compares another command the same way (ARGS: more options,
# for example ARGS="--platform flutter").
# Exits 1 and names the pairs that differ.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [EXTRA_TRACE...]" >&2; exit 2; }
old=$1 new=$2
shift 2
for b in "$old" "$new"; do [ -x "$b" ] || { echo "compare-replays: $b is not an executable" >&2; exit 2; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pairs=0 differ=0
for scene in recordings/scenes/*.yaml recordings/bench/*.yaml recordings/evaluation/*.yaml; do
  for trace in recordings/traces/*.jsonl "$@"; do
    pairs=$((pairs + 1))
    for format in ${FORMATS:-jsonl text}; do
      set +e
      "$old" ${COMMAND:-replay} "$trace" --scene "$scene" --format "$format" ${ARGS:-} > "$work/old" 2>&1; old_status=$?
      "$new" ${COMMAND:-replay} "$trace" --scene "$scene" --format "$format" ${ARGS:-} > "$work/new" 2>&1; new_status=$?
      set -e
      if [ "$old_status" != "$new_status" ] || ! cmp -s "$work/old" "$work/new"; then
        differ=$((differ + 1))
        echo "differs ($format): $trace through $scene (exit $old_status vs $new_status)"
      fi
    done
  done
done
echo "compare-replays: $pairs scene-trace pairs, ${COMMAND:-replay} ${ARGS:+$ARGS }in ${FORMATS:-jsonl text}, $differ outputs differ"
[ "$differ" -eq 0 ]
