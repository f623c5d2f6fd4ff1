// The DevTools protocol connection both page drivers use (cdp-page.mjs, and the recorder's
// cdp-touch.mjs): the page target of a headless Chromium on loopback, commands with replies,
// and page-side evaluation. Events are passed to `onEvent`.
export async function connect(port, deadline, onEvent = () => {}) {
  let page;
  for (;;) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      page = list.find(t => t.type === "page");
      if (page) break;
    } catch (_) {}
    if (Date.now() > deadline) throw new Error("no page target");
    await new Promise(r => setTimeout(r, 100));
  }
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  let nextId = 1;
  const waiting = new Map();
  ws.onmessage = m => {
    const r = JSON.parse(m.data);
    if (r.id && waiting.has(r.id)) { waiting.get(r.id)(r); waiting.delete(r.id); } else if (r.method) onEvent(r);
  };
  function send(method, params = {}) {
    const id = nextId++;
    ws.send(JSON.stringify({id, method, params}));
    return new Promise((resolve, reject) => waiting.set(id, r => r.error ? reject(new Error(method + ": " + JSON.stringify(r.error))) : resolve(r.result)));
  }
  async function evaluate(expression) {
    const r = await send("Runtime.evaluate", {expression, returnByValue: true, awaitPromise: true});
    if (r.exceptionDetails) throw new Error("page: " + JSON.stringify(r.exceptionDetails));
    return r.result.value;
  }
  return {ws, send, evaluate};
}
