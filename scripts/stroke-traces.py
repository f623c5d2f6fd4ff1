#!/usr/bin/env python3
"""Writes the one-kind traces the engine's per-stroke and per-move costs are measured on
(docs/benchmarks.md): taps only (a tap is down, one small move, up, one a second) and drags only
(100 moves each), deterministic, through any scene (the Hammer-like one: recordings/bench).

    python3 scripts/stroke-traces.py OUT_DIR [TAPS] [DRAGS]
    gesturelab bench OUT_DIR/taps.jsonl --engine-only --recognizers 7 --repeats 5
"""
import json
import os
import sys

HEADER = {"format": "gesturelab-trace", "version": 1, "viewport": {"width": 390, "height": 844},
          "scale": 3, "clock": {"source": "synthetic"}, "devices": ["touch"]}


def line(t, kind, x, y):
    return json.dumps({"t": t, "type": kind, "id": 1, "x": x, "y": y, "device": "touch"}, separators=(",", ":"))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    taps = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    drags = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "taps.jsonl"), "w") as f:
        f.write(json.dumps(HEADER, separators=(",", ":")) + "\n")
        for k in range(taps):
            t, x, y = k * 1000, 100 + k % 50, 300 + k % 37
            f.write(line(t, "down", x, y) + "\n")
            f.write(line(t + 40, "move", x + 0.5, round(y + 0.3, 1)) + "\n")
            f.write(line(t + 80, "up", x + 0.5, round(y + 0.3, 1)) + "\n")
    with open(os.path.join(out, "drags.jsonl"), "w") as f:
        f.write(json.dumps(HEADER, separators=(",", ":")) + "\n")
        t = 0
        for s in range(drags):
            x, y = 50.0 + s % 10, 300.0
            f.write(line(t, "down", x, y) + "\n")
            for _ in range(99):
                t += 8
                x += 2.5
                f.write(line(t, "move", round(x, 2), y) + "\n")
            t += 8
            f.write(line(t, "up", round(x, 2), y) + "\n")
            t += 1000
    print(f"{out}/taps.jsonl: {taps} taps; {out}/drags.jsonl: {drags} drags of 100 moves")


if __name__ == "__main__":
    main()
