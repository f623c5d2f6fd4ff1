/// The timeline page's script: decodes `TimelineData` into typed arrays once, then draws only
/// what is in view on a canvas, so a million events cost one pass over the visible marks per
/// frame, not a DOM element each. Where more marks fall in a pixel column than can be told
/// apart, the column shows the most telling one (failed, then recognized, then the rest): the
/// level of detail follows the zoom. `window.timeline` exposes the view for tests.
enum TimelinePageScript {
    static let source = #"""
    (() => {
    const started = performance.now();
    const D = JSON.parse(document.getElementById('data').textContent);
    const labelW = 190, laneH = 26, top = 30, minSpanMs = 0.05;
    const endMs = D.endUs / 1000;
    // Times inside the page count from the first drawn event (small numbers keep the arithmetic
    // exact); every time shown is trace time, as replay and explain print it, unless the reader
    // asks for the relative axis, whose labels then carry a "+".
    let relative = false;
    function shownTime(t) { return relative ? t : t + D.startMs; }
    // Decoding: differences back into times (ms from the first drawn event).
    function undelta(list, stride, fields) {
      const n = list.length / stride, out = fields.map(() => new Float64Array(n));
      let acc = 0;
      for (let i = 0; i < n; i++) {
        acc += list[i * stride];
        out[0][i] = acc / 1000;
        for (let f = 1; f < fields.length; f++) out[f][i] = list[i * stride + f];
      }
      return out;
    }
    let markBase = 0;
    const lanes = D.lanes.map(l => {
      const [ss, sl, sst] = undelta(l.spans, 3, [0, 1, 2]);
      const [mt, ms, ml, mc] = undelta(l.marks, 4, [0, 1, 2, 3]);
      const lane = {id: l.id, kind: l.kind, spanStart: ss, spanEnd: ss.map((s, i) => s + sl[i] / 1000), spanState: sst,
                    markT: mt, markStyle: ms, markLabel: ml, markCause: mc, base: markBase, visible: true};
      markBase += mt.length;
      return lane;
    });
    // Each lane's marks split by priority (the styles' fourth field), for the zoomed-out drawing.
    lanes.forEach(l => {
      const top = Math.max(0, ...D.styles.map(st => st[3]));
      const counts = new Int32Array(top + 1);
      for (let k = 0; k < l.markT.length; k++) counts[D.styles[l.markStyle[k]][3]]++;
      l.byPriority = Array.from(counts, n => ({t: new Float64Array(n), idx: new Int32Array(n), n: 0}));
      for (let k = 0; k < l.markT.length; k++) { const q = l.byPriority[D.styles[l.markStyle[k]][3]]; q.t[q.n] = l.markT[k]; q.idx[q.n++] = k; }
    });
    const links = [];
    for (let i = 0, from = 0; i < D.links.length; i += 2) { from += D.links[i]; links.push([from, from + D.links[i + 1]]); }
    const strokes = D.strokes.map(s => {
      const n = s.points.length / 3, t = new Float64Array(n), x = new Float64Array(n), y = new Float64Array(n);
      let a = 0, b = 0, c = 0;
      for (let i = 0; i < n; i++) { a += s.points[3 * i]; b += s.points[3 * i + 1]; c += s.points[3 * i + 2]; t[i] = a / 1000; x[i] = b / 10; y[i] = c / 10; }
      return {pointer: s.pointer, t, x, y};
    });
    const sequences = [];
    for (let i = 0, at = 0; i < D.sequences.length; i += 3) {
      at += D.sequences[i];
      sequences.push({start: at / 1000, end: (at + D.sequences[i + 1]) / 1000, touches: D.sequences[i + 2]});
    }
    const sequenceEnds = Float64Array.from(sequences, q => q.end);
    // Each recognizer's state over time, from its lane's marks.
    const stateChanges = {};
    lanes.forEach(l => {
      if (l.kind !== 'recognizer') return;
      const ts = [], ss = [];
      for (let i = 0; i < l.markT.length; i++) {
        const kind = D.styles[l.markStyle[i]][0], label = D.labels[l.markLabel[i]];
        const s = kind === 'transition' ? label.split('→ ').pop() : kind === 'pending' ? 'waiting' : kind === 'reset' ? 'possible' : null;
        if (s) { ts.push(l.markT[i]); ss.push(s); }
      }
      stateChanges[l.id] = {t: ts, s: ss};
    });
    // First index whose value is >= v in a sorted array.
    function lower(a, v) { let lo = 0, hi = a.length; while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] < v) lo = m + 1; else hi = m; } return lo; }

    const canvas = document.getElementById('lanes'), ctx = canvas.getContext('2d');
    const scrub = document.getElementById('scrub'), nowLabel = document.getElementById('now'), tip = document.getElementById('tip');
    const pad = Math.max(endMs * 0.02, 1);
    const full = [-pad, endMs + pad];
    let view = full.slice(), now = endMs, sequence = -1, stats = {};
    function plotW() { return canvas.clientWidth - labelW - 10; }
    function xOf(t) { return labelW + (t - view[0]) / (view[1] - view[0]) * plotW(); }
    function tOf(x) { return view[0] + (x - labelW) / plotW() * (view[1] - view[0]); }
    function shownLanes() { return lanes.filter(l => l.visible); }

    // Round ticks: 1, 2 or 5 times a power of ten, round in the time shown.
    function tickStep(spanMs, px) {
      const raw = spanMs / Math.max(2, px / 110), p = Math.pow(10, Math.floor(Math.log10(raw)));
      for (const k of [1, 2, 5, 10]) if (k * p >= raw) return k * p;
      return 10 * p;
    }
    function tickText(t, step) {
      const sign = relative && t > 1e-9 ? '+' : '';
      return sign + plainTickText(t, step);
    }
    function plainTickText(t, step) {
      if (Math.abs(t) < 1e-9) return '0';
      if (step >= 1000) return (t / 1000).toFixed(step >= 1000 && Number.isInteger(step / 1000) ? 0 : 1) + ' s';
      const d = step >= 1 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)));
      return t.toFixed(d) + ' ms';
    }

    function draw() {
      const shown = shownLanes();
      const h = top + shown.length * laneH + 8, dpr = window.devicePixelRatio || 1;
      canvas.style.height = h + 'px';
      canvas.width = Math.round(canvas.clientWidth * dpr); canvas.height = Math.round(h * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, canvas.clientWidth, h);
      ctx.font = '11px system-ui, Helvetica, Arial, sans-serif';
      const step = tickStep(view[1] - view[0], plotW()), ticks = [], base = shownTime(0);
      // Positions in the shown clock, each a whole number of steps from its zero.
      for (let k = Math.ceil((view[0] + base) / step); k * step - base <= view[1]; k++) ticks.push(k * step);
      ctx.textAlign = 'center';
      for (const t of ticks) {
        const x = xOf(t - base);
        ctx.fillStyle = '#eee'; ctx.fillRect(Math.round(x), top - 6, 1, h - top);
        ctx.fillStyle = '#777'; ctx.fillText(tickText(t, step), x, top - 12);
      }
      stats = {ticks: ticks.map(t => tickText(t, step)), drawnMarks: 0, visibleMarks: 0, dense: false, arrows: 0, lanes: shown.length, firstMark: null};
      const seq = sequence >= 0 ? sequences[sequence] : null;
      const where = new Map();
      shown.forEach((l, row) => {
        const y = top + row * laneH, mid = y + laneH / 2;
        ctx.fillStyle = l.kind === 'recognizer' ? '#fbfbfb' : l.kind === 'view' ? '#f6f8fb' : '#faf6fb';
        ctx.fillRect(0, y, canvas.clientWidth, laneH);
        ctx.save(); ctx.beginPath(); ctx.rect(labelW, y, plotW(), laneH); ctx.clip();
        // Spans: what falls within a pixel already painted is skipped by a search, not a walk.
        let i = Math.max(0, lower(l.spanEnd, view[0]) - 1), lastX = -1e9;
        while (i < l.spanStart.length && l.spanStart[i] <= view[1]) {
          if (l.spanEnd[i] >= view[0]) {
            const x0 = xOf(l.spanStart[i]), x1 = Math.max(xOf(l.spanEnd[i]), x0 + 1);
            if (x1 >= lastX + 0.5) {
              const state = D.labels[l.spanState[i]];
              ctx.fillStyle = state === 'waiting' ? '#f2c46d' : state === 'began' ? '#8cc5ad' : '#a9d4c2';
              ctx.fillRect(Math.max(x0, lastX), y + 6, x1 - Math.max(x0, lastX), laneH - 12);
              lastX = x1;
            }
          }
          i = Math.max(i + 1, lower(l.spanEnd, tOf(lastX + 0.5)));
        }
        // Marks: one per pixel column at most; shapes when there is room for them.
        const a = lower(l.markT, view[0] - (view[1] - view[0]) * 0.01), b = lower(l.markT, view[1] + (view[1] - view[0]) * 0.01);
        stats.visibleMarks += b - a;
        const dense = (b - a) > plotW() / 4;
        if (dense) stats.dense = true;
        const draw1 = k => {
          const st = D.styles[l.markStyle[k]], x = xOf(l.markT[k]);
          const dim = seq && (l.markT[k] < seq.start || l.markT[k] > seq.end);
          ctx.globalAlpha = (l.markT[k] > now || dim) ? 0.25 : 1;
          ctx.fillStyle = st[1];
          if (dense) ctx.fillRect(Math.round(x), y + 5, 1, laneH - 10);
          else if (st[2] === 'd') { ctx.beginPath(); ctx.moveTo(x, mid - 7); ctx.lineTo(x + 6, mid); ctx.lineTo(x, mid + 7); ctx.lineTo(x - 6, mid); ctx.closePath(); ctx.fill(); }
          else if (st[2] === 'c') { ctx.beginPath(); ctx.arc(x, mid, 3.5, 0, 2 * Math.PI); ctx.fill(); }
          else ctx.fillRect(x - 1.5, mid - 8, 3, 16);
          ctx.globalAlpha = 1;
          stats.drawnMarks++;
          if (!dense) where.set(l.base + k, [x, mid]);
          if (!stats.firstMark && x > labelW + 10) stats.firstMark = {t: l.markT[k], y: mid};
        };
        if (dense) {
          // Each pixel column shows its most telling mark: per priority, the first mark in the
          // column's time range, found by a search in that priority's own times.
          const left = Math.max(labelW, Math.floor(xOf(l.markT[a] ?? view[0]))), right = Math.min(labelW + plotW(), Math.ceil(xOf(l.markT[Math.max(a, b - 1)] ?? view[1])) + 1);
          for (let c = left; c <= right; c++) {
            const t0 = tOf(c - 0.5), t1 = tOf(c + 0.5);
            for (let p = l.byPriority.length - 1; p >= 0; p--) {
              const q = l.byPriority[p], k = lower(q.t, t0);
              if (k < q.t.length && q.t[k] < t1) { draw1(q.idx[k]); break; }
            }
          }
        } else {
          let col = -1e9, best = -1;
          for (let k = a; k < b; k++) {
            const c = Math.round(xOf(l.markT[k]) * 0.25);
            if (c !== col) { if (best >= 0) draw1(best); best = -1; col = c; }
            if (best < 0 || D.styles[l.markStyle[k]][3] > D.styles[l.markStyle[best]][3]) best = k;
          }
          if (best >= 0) draw1(best);
        }
        ctx.restore();
        ctx.fillStyle = '#fff'; ctx.fillRect(0, y, labelW, laneH);
        ctx.fillStyle = '#333'; ctx.textAlign = 'left';
        ctx.fillText((l.kind === 'recognizer' ? '' : l.kind + ' ') + l.id, 8, mid + 4);
      });
      // Arrows from cause to effect, when the marks are few enough to follow them.
      if (where.size > 0 && where.size < 3000) {
        ctx.strokeStyle = 'rgba(107,127,163,0.6)'; ctx.lineWidth = 1.2;
        for (const [f, t] of links) {
          const p = where.get(f), q = where.get(t);
          if (!p || !q) continue;
          const dx = Math.max(20, Math.abs(q[0] - p[0]) / 2);
          ctx.beginPath(); ctx.moveTo(p[0], p[1]); ctx.bezierCurveTo(p[0] + dx, p[1], q[0] - dx, q[1], q[0], q[1]); ctx.stroke();
          stats.arrows++;
        }
      }
      const cx = xOf(now);
      if (cx >= labelW) { ctx.fillStyle = '#d33'; ctx.fillRect(Math.round(cx), top - 4, 1.5, h - top); }
      drawScene();
      states();
    }

    // The scene: the strokes of the touch sequence at the current time, drawn up to it.
    function drawScene() {
      const g = document.getElementById('strokes');
      // The sequence in progress at the current time, or the last one before it.
      let s = lower(sequenceEnds, now - 1e-9);
      if (s >= sequences.length || sequences[s].start > now + 1e-9) s -= 1;
      const q = s >= 0 ? sequences[s] : null;
      let html = '';
      strokes.forEach((st, i) => {
        if (!q || st.t.length === 0 || st.t[0] > q.end + 1e-9 || st.t[st.t.length - 1] < q.start - 1e-9) return;
        const n = lower(st.t, now + 1e-9);
        const all = Array.from(st.x, (x, k) => x + ',' + st.y[k]).join(' '), done = all.split(' ').slice(0, n).join(' ');
        const colour = ['#3b6ea5', '#c85f5f', '#3f8f63', '#8a5aa8', '#dd8d4c', '#2f8f9d'][i % 6];
        html += '<polyline class="stroke" points="' + all + '" fill="none" stroke="' + colour + '" stroke-opacity="0.25" stroke-width="3"/>';
        html += '<polyline class="stroke-done" data-i="' + i + '" points="' + done + '" fill="none" stroke="' + colour + '" stroke-width="3"/>';
        if (n > 0 && n < st.t.length) html += '<circle class="finger" cx="' + st.x[n - 1] + '" cy="' + st.y[n - 1] + '" r="9" fill="' + colour + '" fill-opacity="0.35"/>';
      });
      g.innerHTML = html;
    }
    function states() {
      document.querySelectorAll('.st').forEach(td => {
        const c = stateChanges[td.dataset.r];
        const k = c ? lower(c.t, now + 1e-9) - 1 : -1;
        td.textContent = k >= 0 ? c.s[k] : 'possible';
      });
      nowLabel.textContent = tickText(shownTime(now), 0.1);
      scrub.value = now;
    }

    let pending = false;
    function redraw() { if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; draw(); }); } }
    function setView(a, b) {
      const minSpan = minSpanMs, span = Math.max(b - a, minSpan);
      const c = (a + b) / 2;
      a = c - span / 2; b = c + span / 2;
      const fullSpan = full[1] - full[0];
      if (b - a > fullSpan) { a = full[0]; b = full[1]; }
      if (a < full[0]) { b += full[0] - a; a = full[0]; }
      if (b > full[1]) { a -= b - full[1]; b = full[1]; }
      view = [a, b];
      redraw();
    }
    function zoom(factor, atT) {
      const t = atT === undefined ? (view[0] + view[1]) / 2 : atT;
      setView(t - (t - view[0]) * factor, t + (view[1] - t) * factor);
    }
    function pan(ms) { setView(view[0] + ms, view[1] + ms); }
    function setNow(t) { now = Math.min(Math.max(t, 0), endMs); if (now < view[0] || now > view[1]) pan(now - (view[0] + view[1]) / 2); redraw(); }
    function labelSequence() {
      const k = sequence;
      document.getElementById('seqlabel').textContent = k < 0 ? 'all' : (k + 1) + ' of ' + sequences.length + ': ' + tickText(shownTime(sequences[k].start), 0.1) + ' to ' + tickText(shownTime(sequences[k].end), 0.1) + ', ' + sequences[k].touches + (sequences[k].touches === 1 ? ' touch' : ' touches');
    }
    function showSequence(k) {
      sequence = k;
      labelSequence();
      if (k >= 0) { const q = sequences[k], m = Math.max((q.end - q.start) * 0.15, 5); setView(q.start - m, q.end + m); setNow(q.end); }
      else setView(full[0], full[1]);
    }

    canvas.addEventListener('wheel', e => {
      e.preventDefault();
      const t = tOf(e.offsetX);
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) pan((e.deltaX || e.deltaY) / plotW() * (view[1] - view[0]));
      else zoom(Math.pow(1.0015, e.deltaY), t);
    }, {passive: false});
    let drag = null;
    canvas.addEventListener('mousedown', e => { drag = {x: e.clientX, view: view.slice(), moved: false}; });
    window.addEventListener('mousemove', e => {
      if (drag) {
        const dx = e.clientX - drag.x;
        if (Math.abs(dx) > 3) drag.moved = true;
        if (drag.moved) { const ms = -dx / plotW() * (drag.view[1] - drag.view[0]); setView(drag.view[0] + ms, drag.view[1] + ms); }
      }
    });
    window.addEventListener('mouseup', e => {
      if (drag && !drag.moved && e.target === canvas && e.offsetX > labelW) {
        const hit = markAt(e.offsetX, e.offsetY);
        setNow(hit ? hit.t : tOf(e.offsetX));
      }
      drag = null;
    });
    function markAt(x, y) {
      const row = Math.floor((y - top) / laneH), shown = shownLanes();
      if (row < 0 || row >= shown.length || x < labelW) return null;
      const l = shown[row], t = tOf(x), tol = 5 / plotW() * (view[1] - view[0]);
      let k = lower(l.markT, t - tol), best = -1;
      for (; k < l.markT.length && l.markT[k] <= t + tol; k++) if (best < 0 || Math.abs(l.markT[k] - t) < Math.abs(l.markT[best] - t)) best = k;
      if (best < 0) return null;
      return {lane: l.id, t: l.markT[best], label: D.labels[l.markLabel[best]], cause: D.causes[l.markCause[best]]};
    }
    canvas.addEventListener('mousemove', e => {
      const hit = drag && drag.moved ? null : markAt(e.offsetX, e.offsetY);
      if (!hit) { tip.style.display = 'none'; return; }
      tip.textContent = tickText(shownTime(hit.t), 0.001) + ' · ' + hit.lane + ' · ' + hit.label + ': ' + hit.cause;
      tip.style.display = 'block'; tip.style.left = (e.clientX + 12) + 'px'; tip.style.top = (e.clientY + 12) + 'px';
    });
    canvas.addEventListener('mouseleave', () => { tip.style.display = 'none'; });
    window.addEventListener('keydown', e => {
      if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
      const span = view[1] - view[0];
      if (e.key === '+' || e.key === '=') zoom(0.5);
      else if (e.key === '-' || e.key === '_') zoom(2);
      else if (e.key === 'ArrowLeft') pan(-span * 0.2);
      else if (e.key === 'ArrowRight') pan(span * 0.2);
      else if (e.key === '0' || e.key === 'Home') showSequence(-1);
      else if (e.key === 'n' || e.key === ']') showSequence(Math.min(sequence + 1, sequences.length - 1));
      else if (e.key === 'p' || e.key === '[') showSequence(Math.max(sequence - 1, 0));
      else return;
      e.preventDefault();
    });
    scrub.min = 0; scrub.max = endMs; scrub.step = 'any';
    scrub.addEventListener('input', () => setNow(parseFloat(scrub.value)));
    document.getElementById('next').addEventListener('click', () => showSequence(Math.min(sequence + 1, sequences.length - 1)));
    document.getElementById('prev').addEventListener('click', () => showSequence(Math.max(sequence - 1, 0)));
    document.getElementById('all').addEventListener('click', () => showSequence(-1));
    document.getElementById('relative').addEventListener('change', e => { relative = e.target.checked; labelSequence(); states(); redraw(); });
    const filters = document.getElementById('filters');
    lanes.forEach(l => {
      const label = document.createElement('label'), box = document.createElement('input');
      box.type = 'checkbox'; box.checked = true; box.dataset.lane = l.id;
      box.addEventListener('change', () => { l.visible = box.checked; redraw(); });
      label.appendChild(box); label.appendChild(document.createTextNode(' ' + (l.kind === 'recognizer' ? '' : l.kind + ' ') + l.id));
      filters.appendChild(label);
    });
    window.addEventListener('resize', redraw);
    draw();
    window.timeline = {
      get view() { return view.slice(); }, get now() { return now; }, get stats() { return stats; }, get sequence() { return sequence; },
      sequences: sequences.length, marks: markBase, lanes: lanes.map(l => l.id),
      zoom, pan, setNow, showSequence, draw, markAt, xOf, tOf, shownTime,
      setRelative(on) { const box = document.getElementById('relative'); box.checked = on; box.dispatchEvent(new Event('change')); },
      loadMs: performance.now(), decodeMs: performance.now() - started,
    };
    document.body.dataset.ready = 'true';
    })();
    """#
}
