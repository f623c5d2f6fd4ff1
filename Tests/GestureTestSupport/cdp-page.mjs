// Drives a page in headless Chromium through the DevTools protocol with real mouse and keyboard
// input, for the timeline page's tests and benchmark. Loopback only.
//
//   node --experimental-websocket cdp-page.mjs DEVTOOLS_PORT PAGE_URL STEPS_JSON|@FILE
//
// Waits until the page sets document.body.dataset.ready, then runs the steps. Places are CSS
// pixels from the top left of the element STEPS_JSON names first ({"element": "#lanes"}):
//   {"wheel": [x, y, deltaY], "shift": true?}   {"drag": [x0, y0, x1, y1]}
//   {"key": "+"}   {"move": [x, y]}   {"click": [x, y]}
//   {"eval": "JS expression"}   (its value is added to the printed list)
//   {"screenshot": "PATH.png"}
// Prints one JSON object: how long the page took to be ready (from navigation, as the driver saw
// it and as the page measured it) and the values of the eval steps, in order.
import {readFileSync, writeFileSync} from "node:fs";
import {connect} from "./cdp.mjs";
const [port, url, stepsText] = process.argv.slice(2);
const steps = JSON.parse(stepsText.startsWith("@") ? readFileSync(stepsText.slice(1), "utf8") : stepsText);
const deadline = Date.now() + 120000;

const errors = [];
const {ws, send, evaluate} = await connect(port, deadline, r => {
  if (r.method === "Runtime.exceptionThrown") errors.push(r.params.exceptionDetails.exception?.description ?? r.params.exceptionDetails.text);
});
const frame = () => evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))");

await send("Page.enable");
await send("Runtime.enable");
const navigated = Date.now();
await send("Page.navigate", {url});
while (!(await evaluate("document.body && document.body.dataset.ready === 'true'").catch(() => false))) {
  if (errors.length) throw new Error("page error: " + errors.join("; "));
  if (Date.now() > deadline) throw new Error("the page never became ready");
  await new Promise(r => setTimeout(r, 10));
}
const readyMs = Date.now() - navigated;
const pageReadyMs = await evaluate("window.timeline ? window.timeline.loadMs : performance.now()");
let origin = {x: 0, y: 0};
const values = [];
const mouse = (type, x, y, extra = {}) => send("Input.dispatchMouseEvent", {type, x: origin.x + x, y: origin.y + y, ...extra});
for (const step of steps) {
  if (step.element) {
    origin = await evaluate(`(() => { const r = document.querySelector(${JSON.stringify(step.element)}).getBoundingClientRect(); return {x: r.left, y: r.top}; })()`);
  } else if (step.wheel) {
    const [x, y, dy] = step.wheel;
    await mouse("mouseWheel", x, y, {deltaX: 0, deltaY: dy, modifiers: step.shift ? 8 : 0});
  } else if (step.drag) {
    const [x0, y0, x1, y1] = step.drag;
    await mouse("mouseMoved", x0, y0);
    await mouse("mousePressed", x0, y0, {button: "left", clickCount: 1});
    for (let k = 1; k <= 8; k++) await mouse("mouseMoved", x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8, {button: "left", buttons: 1});
    await mouse("mouseReleased", x1, y1, {button: "left", clickCount: 1});
  } else if (step.move) {
    await mouse("mouseMoved", step.move[0], step.move[1]);
  } else if (step.click) {
    await mouse("mouseMoved", step.click[0], step.click[1]);
    await mouse("mousePressed", step.click[0], step.click[1], {button: "left", clickCount: 1});
    await mouse("mouseReleased", step.click[0], step.click[1], {button: "left", clickCount: 1});
  } else if (step.key) {
    await send("Input.dispatchKeyEvent", {type: "keyDown", key: step.key, text: step.key.length === 1 ? step.key : undefined});
    await send("Input.dispatchKeyEvent", {type: "keyUp", key: step.key});
  } else if (step.eval) {
    await frame();
    values.push(await evaluate(step.eval));
  } else if (step.screenshot) {
    await frame();
    const shot = await send("Page.captureScreenshot", {format: "png"});
    writeFileSync(step.screenshot, Buffer.from(shot.data, "base64"));
  }
  if (errors.length) throw new Error("page error: " + errors.join("; "));
}
console.log(JSON.stringify({readyMs, pageReadyMs, values}));
ws.close();
process.exit(0);
