// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
/// The recorder page: the scene drawn to fit the screen, every pointer recorded with Pointer Events
/// and streamed to the server over a WebSocket, the recognizers' lanes shown as the server answers.
///
/// What the page sends is W3C Pointer Events records (`PointerEventRecord`) whose `clientX`,
/// `clientY`, `width` and `height` it has already turned into scene points, so a resized or
/// rotated screen mid-take still records true places. Records are sent as they come (a browser
/// delivers moves once per frame, the samples between coalesced); the server acknowledges each batch once it is written
/// to the trace on disk, and the page shows the time from the touch to that acknowledgement.
enum RecorderPage {
    static func html(title: String, configuration: String) -> String {
        // A JSON text inside a script element must not close it.
        let safe = configuration.replacingOccurrences(of: "</", with: "<\\/")
        return """
        <!doctype html><html lang=en><head><meta charset=utf-8>
        <meta name=viewport content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">
        <title>GestureLab recorder: \(BrowsePages.escape(title))</title>
        <style>
        html,body{margin:0;height:100%;overflow:hidden;background:#1b1d21;color:#e8e8e8;font:14px system-ui,sans-serif;overscroll-behavior:none}
        #bar{position:fixed;top:0;left:0;right:0;height:40px;display:flex;gap:10px;align-items:center;padding:0 10px;background:#2a2d33;z-index:3;white-space:nowrap;overflow:hidden}
        #bar button{font:inherit;padding:4px 10px}
        #status{opacity:.85;overflow:hidden;text-overflow:ellipsis}
        #scene{position:absolute;background:#fbfbfb;touch-action:none;user-select:none;-webkit-user-select:none;overflow:hidden}
        .view{position:absolute;box-sizing:border-box;border:1px solid #7a93b8;background:rgba(110,150,210,.10);color:#3d5270;font-size:11px;padding:2px;pointer-events:none}
        #ink{position:absolute;left:0;top:0;pointer-events:none}
        #lanes{position:fixed;left:0;right:0;bottom:0;background:#24272c;z-index:3;font:12px ui-monospace,monospace;padding:4px 10px;pointer-events:none}
        .lane{display:flex;gap:10px;height:18px;align-items:center}
        .lane b{display:inline-block;min-width:8em;font-weight:normal;opacity:.8}
        .s{padding:0 6px;border-radius:3px;background:#444}
        .s-began,.s-changed{background:#2f8f4e}.s-recognized,.s-ended{background:#2d6fb8}.s-failed{background:#a33}
        .s-cancelled{background:#b8742d}.s-waiting{background:#9a8a22}
        #decision{opacity:.85;height:18px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        </style></head><body>
        <div id=bar><a href="/" style="color:#9cf">GestureLab</a><span id=title></span>
        <button id=save disabled>Save take</button><span id=status>connecting…</span></div>
        <div id=scene><canvas id=ink></canvas></div>
        <div id=lanes></div>
        <script type="application/json" id=cfg>\(safe)</script>
        <script>
        "use strict";
        const cfg = JSON.parse(document.getElementById("cfg").textContent);
        const sceneEl = document.getElementById("scene"), ink = document.getElementById("ink");
        const statusEl = document.getElementById("status"), saveEl = document.getElementById("save"), lanesEl = document.getElementById("lanes");
        document.getElementById("title").textContent = cfg.scene;
        const lat = [], trips = [], delivery = [];
        const gl = window.gesturelab = {mapping: null, seen: 0, sent: 0, pending: 0, acked: 0, events: 0, file: null, state: "connecting",
                                        latencies: lat, roundTrips: trips, delivery, saved: null, lanes: {}, errors: []};
        let ws = null, seq = 0, pending = [], timer = null, tick = null;
        const down = new Map(), inflight = new Map(), strokes = new Map();

        for (const v of cfg.views) {
          const d = document.createElement("div");
          d.className = "view";
          d.dataset.x = v.x; d.dataset.y = v.y; d.dataset.w = v.width; d.dataset.h = v.height;
          d.textContent = v.id + (v.recognizers.length ? " (" + v.recognizers.join(", ") + ")" : "");
          sceneEl.appendChild(d);
        }
        lanesEl.innerHTML = cfg.recognizers.map(id => '<div class=lane><b></b><span class="s s-possible">possible</span></div>').join("") + "<div id=decision></div>";
        cfg.recognizers.forEach((id, k) => { lanesEl.children[k].firstChild.textContent = id; });

        function layout() {
          const top = 40, bottom = lanesEl.offsetHeight;
          const W = innerWidth, H = innerHeight - top - bottom;
          const k = Math.min(W / cfg.width, H / cfg.height);
          const left = Math.floor((W - cfg.width * k) / 2), y = top + Math.floor((H - cfg.height * k) / 2);
          Object.assign(sceneEl.style, {left: left + "px", top: y + "px", width: cfg.width * k + "px", height: cfg.height * k + "px"});
          for (const d of sceneEl.querySelectorAll(".view")) {
            Object.assign(d.style, {left: d.dataset.x * k + "px", top: d.dataset.y * k + "px", width: d.dataset.w * k + "px", height: d.dataset.h * k + "px"});
          }
          ink.width = cfg.width * k; ink.height = cfg.height * k;
          gl.mapping = {originX: left, originY: y, cssPixelsPerPoint: k};
          redraw();
        }
        addEventListener("resize", layout);

        // A Pointer Events record with the place and contact size in scene points.
        function sample(e) {
          const m = gl.mapping, k = m.cssPixelsPerPoint;
          return {timeStamp: e.timeStamp, clientX: (e.clientX - m.originX) / k, clientY: (e.clientY - m.originY) / k,
                  pressure: e.pressure, width: e.width / k, height: e.height / k};
        }
        function record(e, withCoalesced) {
          const r = Object.assign({type: e.type, pointerId: e.pointerId, pointerType: e.pointerType || "touch"}, sample(e));
          if (withCoalesced && e.getCoalescedEvents) {
            const c = e.getCoalescedEvents();
            if (c.length > 1) r.coalesced = c.map(sample);
          }
          return r;
        }
        function push(r, now) {
          pending.push(r);
          gl.pending = pending.length;
          const s = strokes.get(r.pointerId) || [];
          for (const p of (r.coalesced || [r])) s.push([p.clientX, p.clientY]);
          gl.seen += r.coalesced ? r.coalesced.length : 1;
          strokes.set(r.pointerId, s);
          // Browsers already deliver moves once per frame (with the samples between as coalesced
          // events), so each is sent as it comes; the timer only gathers what arrives in one task.
          if (now) flush(); else if (!timer) timer = setTimeout(flush, 0);
          redraw();
        }
        function flush() {
          if (timer) { clearTimeout(timer); timer = null; }
          if (!pending.length || !ws || ws.readyState !== 1 || gl.state !== "recording") return;
          seq += 1;
          const newest = pending.reduce((t, r) => Math.max(t, r.timeStamp), 0);
          inflight.set(seq, [newest, performance.now()]);
          gl.sent += pending.length;
          ws.send(JSON.stringify({kind: "events", seq, events: pending}));
          pending = [];
          gl.pending = 0;
        }
        function onPointer(e) {
          if (gl.state !== "recording") return;
          if (delivery.length < 100000) delivery.push(performance.now() - e.timeStamp);
          if (e.type === "pointerdown") {
            try { sceneEl.setPointerCapture(e.pointerId); } catch (_) {}
            down.set(e.pointerId, true);
            if (!tick) tick = setInterval(() => ws && ws.readyState === 1 && ws.send(JSON.stringify({kind: "tick", timeStamp: performance.now()})), 50);
            push(record(e, false), true);
          } else if (e.type === "pointermove") {
            if (!down.has(e.pointerId)) return;
            push(record(e, true), false);
          } else {
            if (!down.has(e.pointerId)) return;
            down.delete(e.pointerId);
            if (!down.size && tick) { clearInterval(tick); tick = null; }
            push(record(e, false), true);
          }
          e.preventDefault();
        }
        for (const t of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) sceneEl.addEventListener(t, onPointer, {passive: false});
        sceneEl.addEventListener("contextmenu", e => e.preventDefault());

        function redraw() {
          const g = ink.getContext("2d"), k = gl.mapping ? gl.mapping.cssPixelsPerPoint : 1;
          g.clearRect(0, 0, ink.width, ink.height);
          g.lineWidth = 2; g.strokeStyle = "#d2452f";
          for (const s of strokes.values()) {
            g.beginPath();
            s.forEach(([x, y], i) => i ? g.lineTo(x * k, y * k) : g.moveTo(x * k, y * k));
            g.stroke();
          }
        }
        function showLanes(lanes, decision) {
          gl.lanes = lanes;
          cfg.recognizers.forEach((id, k) => {
            const s = lanesEl.children[k].lastChild, state = lanes[id] || "possible";
            s.textContent = state; s.className = "s s-" + state;
          });
          if (decision) document.getElementById("decision").textContent = decision;
        }
        function median(a) { const s = a.slice().sort((x, y) => x - y); return s.length ? s[Math.floor(s.length / 2)] : 0; }
        function showStatus() {
          statusEl.textContent = (gl.file || "") + ": " + gl.events + " events on disk" +
            (lat.length ? ", touch to disk " + median(lat).toFixed(1) + " ms (median of " + lat.length + ")" : "");
        }

        function connect() {
          const q = new URLSearchParams({scene: cfg.file});
          if (cfg.name) q.set("name", cfg.name);
          ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/record?" + q);
          gl.state = "connecting";
          ws.onopen = () => {
            const devices = [];
            if (navigator.maxTouchPoints > 0) devices.push("touch");
            if (matchMedia("(any-pointer: fine)").matches) devices.push("mouse");
            ws.send(JSON.stringify({kind: "start", originX: 0, originY: 0, cssPixelsPerPoint: 1, scale: devicePixelRatio * gl.mapping.cssPixelsPerPoint,
                                    devices, userAgent: navigator.userAgent}));
          };
          ws.onmessage = m => {
            const r = JSON.parse(m.data);
            if (r.kind === "started") {
              gl.file = r.file; gl.state = "recording"; saveEl.disabled = false; showStatus();
            } else if (r.kind === "ack") {
              const t = inflight.get(r.seq);
              if (t !== undefined) { const now = performance.now(); lat.push(now - t[0]); trips.push(now - t[1]); inflight.delete(r.seq); }
              gl.acked = r.seq; gl.events = r.events;
              showLanes(r.lanes, r.decision); showStatus();
              if (r.warnings) gl.errors.push(...r.warnings);
            } else if (r.kind === "tick") {
              showLanes(r.lanes, r.decision);
            } else if (r.kind === "saved") {
              gl.saved = r.message; gl.state = "saved"; statusEl.textContent = r.message;
              strokes.clear(); redraw(); seq = 0; inflight.clear();
              setTimeout(connect, 300);
            } else if (r.kind === "error") {
              gl.errors.push(r.message); statusEl.textContent = "error: " + r.message;
            }
          };
          ws.onclose = () => { if (gl.state === "recording") { gl.state = "closed"; statusEl.textContent = "disconnected: the take is saved on the server"; saveEl.disabled = true; } };
        }
        saveEl.onclick = () => {
          flush();
          if (ws && ws.readyState === 1) { gl.state = "saving"; saveEl.disabled = true; ws.send(JSON.stringify({kind: "stop"})); }
        };
        layout();
        connect();
        </script></body></html>
        """
    }
}
#endif
