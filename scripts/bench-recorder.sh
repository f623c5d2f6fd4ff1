#!/usr/bin/env bash
# How fast the recorder page records: a headless Chromium sends real touches (the DevTools
# protocol's Input.dispatchTouchEvent) as fast as it can to `gesturelab serve` on loopback, and
# the page reports, for each batch, the time from the touch's own time stamp to the server's
# acknowledgement that it is in the trace on disk. Prints events per second and the latencies.
#
#   scripts/bench-recorder.sh [MOVES] [FINGERS]     (default 1500 moves of 2 fingers)
#
# Uses the release gesturelab when built (swift build -c release), else the debug one; says which.
set -euo pipefail
cd "$(dirname "$0")/.."
moves=${1:-1500}
fingers=${2:-2}
bin=.build/release/gesturelab
[ -x "$bin" ] || bin=.build/debug/gesturelab
[ -x "$bin" ] || { echo "build gesturelab first (swift build -c release)" >&2; exit 1; }
work="$(mktemp -d /tmp/gesturelab-bench-recorder.XXXXXX)"
cleanup() { kill "${server:-}" "${browser:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
"$bin" serve --port 0 --recordings "$work/rec" > "$work/serve.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "open http" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
port=$(grep -o '127.0.0.1:[0-9]*' "$work/serve.out" | cut -d: -f2)
chromium --headless --no-sandbox --disable-gpu --remote-debugging-address=127.0.0.1 --remote-debugging-port=0 \
    --user-data-dir="$work/profile" --window-size=390,950 about:blank > /dev/null 2>&1 &
browser=$!
for _ in $(seq 100); do [ -s "$work/profile/DevToolsActivePort" ] && break; sleep 0.1; done
devtools=$(head -1 "$work/profile/DevToolsActivePort")
python3 - "$moves" "$fingers" > "$work/steps.json" <<'PY'
import json, sys
moves, fingers = int(sys.argv[1]), int(sys.argv[2])
def points(k):
    return [{"id": f + 1, "x": 40 + 60 * f + 30 * ((k % 40) / 40), "y": 300 + 100 * ((k % 60) / 60)} for f in range(fingers)]
steps = [{"touch": "touchStart", "points": points(0)}]
steps += [{"touch": "touchMove", "points": points(k)} for k in range(1, moves + 1)]
steps += [{"touch": "touchEnd", "points": []}, {"acked": True}, {"save": True}]
print(json.dumps(steps))
PY
node --experimental-websocket --no-warnings Tests/GestureServerTests/cdp-touch.mjs "$devtools" "http://127.0.0.1:$port/record?scene=pinch-and-rotate&name=bench" "@$work/steps.json" > "$work/result.json"
python3 - "$work/result.json" "$bin" "$moves" "$fingers" <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[1]))
s = r["state"]
lat = sorted(s["latencies"])
q = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))]
events = s["events"]
print(f"recorder page ({sys.argv[2]}): {sys.argv[3]} moves of {sys.argv[4]} fingers by the DevTools protocol, as fast as it dispatches")
print(f"  {events} events on disk in {r['elapsedMs'] / 1000:.2f} s: {events / (r['elapsedMs'] / 1000):.0f} events/s sustained")
print(f"  touch to trace on disk (per batch, {len(lat)} batches): median {statistics.median(lat):.1f} ms, p95 {q(0.95):.1f} ms, max {lat[-1]:.1f} ms")
trips = sorted(s["roundTrips"])
delivery = sorted(s["delivery"])
print(f"  of which the browser, from the touch's time stamp to the page's handler: median {statistics.median(delivery):.1f} ms")
print(f"  of which page to server to page (send, write, acknowledge): median {statistics.median(trips):.1f} ms, max {trips[-1]:.1f} ms")
print(f"  saved: {s['saved']}")
PY
# The server alone, without a browser's frame pacing: a WebSocket client sends the same records in
# batches of 32 (a phone sending coalesced samples of several fingers), up to 8 batches unacknowledged.
node --experimental-websocket --no-warnings --input-type=module - "$port" <<'JS'
const port = process.argv[2], batches = 2000, size = 32;
const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/record?scene=pinch-and-rotate&name=server-bench`);
await new Promise(r => ws.onopen = r);
let acked = 0, sent = 0, t = 0, started = 0, done;
const finished = new Promise(r => done = r);
function batch(k) {
  const events = [];
  for (let i = 0; i < size; i++) {
    const f = i % 2 + 1;
    t += 1;
    events.push({type: k === 0 && i < 2 ? "pointerdown" : "pointermove", pointerId: f, pointerType: "touch", timeStamp: t,
                 clientX: 100 + f * 80 + (t % 50), clientY: 400 + (t % 70), pressure: 0.5, width: 20, height: 18});
  }
  return JSON.stringify({kind: "events", seq: k + 1, events});
}
ws.onmessage = m => {
  const r = JSON.parse(m.data);
  if (r.kind === "started") { started = performance.now(); for (let k = 0; k < 8; k++) ws.send(batch(sent++)); }
  else if (r.kind === "ack") {
    acked = r.seq;
    if (sent < batches) ws.send(batch(sent++));
    else if (acked === batches) { const s = (performance.now() - started) / 1000; console.log(`  server alone: ${r.events} events in ${s.toFixed(2)} s: ${(r.events / s).toFixed(0)} events/s written, recognized and acknowledged`); ws.send(JSON.stringify({kind: "stop"})); }
  } else if (r.kind === "saved") { done(); }
};
ws.send(JSON.stringify({kind: "start", devices: ["touch"]}));
await finished;
process.exit(0);
JS
