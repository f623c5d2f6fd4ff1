#!/usr/bin/env bash
# The studio keeps up: (1) playing a 5,000-point trace over a scene with 8 recognizers, how long
# each frame takes to draw (60 frames/s needs under 16.7 ms); (2) recording 5,000 moves sent by
# xdotool into a real window under Xvfb, whether every one is saved.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
GESTURELAB_APT_PACKAGES="xvfb xdotool" bash scripts/bootstrap.sh >/dev/null
swift build -c release >/dev/null
bin=$(swift build -c release --show-bin-path)/gesturelab
work=$(mktemp -d)
trap 'kill -9 ${xvfb_pid:-0} ${rec_pid:-0} 2>/dev/null || true; rm -rf "$work"' EXIT
python3 - "$work/long.jsonl" <<'PY'
import json, math, sys
lines = [json.dumps({"format": "gesturelab-trace", "version": 1, "viewport": {"width": 400, "height": 500},
                     "clock": {"source": "synthetic"}, "origin": "scripts/studio-bench.sh: a 5,000-point spiral"})]
lines.append(json.dumps({"t": 0, "type": "down", "id": 1, "x": 200, "y": 250}))
for i in range(1, 4999):
    a = i / 40.0; r = 20 + i / 40.0
    lines.append(json.dumps({"t": i * 8, "type": "move", "id": 1, "x": round(200 + r * math.cos(a), 2), "y": round(250 + r * math.sin(a), 2)}))
lines.append(json.dumps({"t": 4999 * 8, "type": "up", "id": 1, "x": 200, "y": 250}))
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
Xvfb -displayfd 1 -noreset -screen 0 1280x1024x24 > "$work/display" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(head -1 "$work/display")" SDL_VIDEODRIVER=x11
echo "== play: 5,000-point trace, 8 recognizers, 600 frames at 40x speed (the whole trace is drawn by the end)"
"$bin" play "$work/long.jsonl" --scene recordings/bench/eight-recognizers.yaml --speed 40 --benchmark-frames 600
echo "== record: 5,000 moves sent by xdotool"
"$bin" record --scene recordings/bench/eight-recognizers.yaml -o "$work/rec.jsonl" --ready-file "$work/ready" >/dev/null 2>&1 &
rec_pid=$!
for _ in $(seq 100); do [ -f "$work/ready" ] && break; sleep 0.1; done
wid=$(timeout 10 xdotool search --sync --onlyvisible --name "GestureLab record" | head -1)
args=(mousemove --window "$wid" 100 100 mousedown 1)
for i in $(seq 1 5000); do args+=(mousemove --window "$wid" $((100 + i % 300)) $((100 + (i / 300) * 20 % 400))); done
args+=(mouseup 1)
start=$(date +%s.%N)
xdotool "${args[@]}"
end=$(date +%s.%N)
sleep 0.5
kill -TERM "$rec_pid"; wait "$rec_pid" || true
moves=$(grep -c '"type":"move"' "$work/rec.jsonl" || true)
echo "sent 5000 moves in $(python3 -c "print(round($end - $start, 2))") s; recorded $moves moves"
