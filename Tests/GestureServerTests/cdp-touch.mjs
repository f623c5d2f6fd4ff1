// Drives a page in headless Chromium through the DevTools protocol with real touch input
// (Input.dispatchTouchEvent), for the recorder page's tests. Loopback only.
//
//   node --experimental-websocket cdp-touch.mjs DEVTOOLS_PORT PAGE_URL STEPS_JSON|@FILE
//
// STEPS_JSON is a list of steps; places are in scene points, turned into CSS pixels with the
// page's own mapping (window.gesturelab.mapping):
//   {"touch": "touchStart"|"touchMove"|"touchEnd", "points": [{"id": 1, "x": 10, "y": 20}, ...]}
//   {"wait": MS}        {"acked": true}  (until the page has seen every touch and the server
//                                         has acknowledged every batch)
//   {"save": true}      (presses Save take and waits for the server's answer)
//   {"close": true}     (closes the page, as a person closing the tab)
//   {"screenshot": "PATH.png"}  (the page as it is now, for the docs)
// Prints one JSON object: the mapping, every touch point dispatched (CSS pixels), the page's
// counters and latencies, and how long the steps took.
const [port, url, stepsText] = process.argv.slice(2);
import {readFileSync, writeFileSync} from "node:fs";
import {connect} from "../GestureTestSupport/cdp.mjs";
// STEPS_JSON, or @FILE holding it (long step lists do not fit on a command line).
const steps = JSON.parse(stepsText.startsWith("@") ? readFileSync(stepsText.slice(1), "utf8") : stepsText);
const deadline = Date.now() + 60000;

const {ws, send, evaluate} = await connect(port, deadline);
async function until(expression, what) {
  while (!(await evaluate(expression))) {
    if (Date.now() > deadline) throw new Error("timed out waiting for " + what + ": " + await evaluate("(() => { const g = window.gesturelab; return g ? JSON.stringify({state: g.state, seen: g.seen, sent: g.sent, pending: g.pending, events: g.events, errors: g.errors}) : 'no page state'; })()"));
    await new Promise(r => setTimeout(r, 20));
  }
}

await send("Page.enable");
await send("Runtime.enable");
await send("Emulation.setTouchEmulationEnabled", {enabled: true, maxTouchPoints: 5});
await send("Page.navigate", {url});
await until("window.gesturelab && window.gesturelab.state === 'recording'", "the take to start");
const mapping = await evaluate("window.gesturelab.mapping");
const dispatched = [];
// Samples the page should have seen: one per point of a start or a move, one per finger lifted.
let expected = 0, active = 0;
const started = Date.now();
for (const step of steps) {
  if (step.touch) {
    const touchPoints = step.points.map(p => ({id: p.id, x: mapping.originX + p.x * mapping.cssPixelsPerPoint,
                                               y: mapping.originY + p.y * mapping.cssPixelsPerPoint, radiusX: 10, radiusY: 8, force: 0.5}));
    for (const p of touchPoints) dispatched.push({type: step.touch, id: p.id, x: p.x, y: p.y});
    if (step.touch === "touchEnd") { expected += active; active = 0; } else { expected += touchPoints.length; active = touchPoints.length; }
    await send("Input.dispatchTouchEvent", {type: step.touch, touchPoints: step.touch === "touchEnd" ? touchPoints.filter(p => step.points.find(q => q.id === p.id && q.stay)) : touchPoints});
  } else if (step.wait) {
    await new Promise(r => setTimeout(r, step.wait));
  } else if (step.acked) {
    await until(`(() => { const g = window.gesturelab; return g.seen >= ${expected} && g.pending === 0 && g.events >= g.sent; })()`, "acknowledgements");
  } else if (step.save) {
    await evaluate("document.getElementById('save').click()");
    await until("window.gesturelab.saved !== null", "the take to be saved");
  } else if (step.screenshot) {
    const shot = await send("Page.captureScreenshot", {format: "png"});
    writeFileSync(step.screenshot, Buffer.from(shot.data, "base64"));
  } else if (step.close) {
    await send("Page.navigate", {url: "about:blank"});
  }
}
const elapsed = Date.now() - started;
const state = steps.some(s => s.close) ? null : await evaluate("JSON.parse(JSON.stringify(window.gesturelab))");
console.log(JSON.stringify({mapping, dispatched, state, elapsedMs: elapsed}));
ws.close();
process.exit(0);
