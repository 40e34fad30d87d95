// The board on screen (issue 27): the library's SVG in a box that fills its space, with zoom and
// pan (wheel, pinch, drag, buttons, "fit"), kept across moves, and labels that never shrink
// below a readable size. The SVG comes from GET /api/games/{id}/board.svg, cached by the browser.

const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_LABEL_PX = { "island-name": 12, value: 11, "route-number": 11 };
const MIN_BOAT_LETTER_PX = 11; // a decision's view shows the boats' letters at least this big
const MIN_TARGET_PX = 32; // the smallest tap target the default zoom allows
const MAX_ZOOM = 8; // at most this many times the fitted scale

export class BoardView {
  /** The board in ``box``: ``onChange`` hears every change of the view (zoom, pan, new board). */
  constructor(box, onChange = () => {}) {
    this.box = box;
    this.onChange = onChange;
    this.svg = null;
    this.full = null; // the whole board's viewBox {x, y, w, h}
    this.view = null; // the part shown
    this.mode = "auto"; // "auto": fit, or the choices when there are some; "fit"; "manual"
    this.pointers = new Map();
    this.dragged = false;
    this.cache = new Map(); // board.svg text by URL (the browser caches it too)
    box.addEventListener("wheel", (event) => this.onWheel(event), { passive: false });
    box.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    box.addEventListener("pointermove", (event) => this.onPointerMove(event));
    for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
      box.addEventListener(end, (event) => this.onPointerUp(event));
    }
    // a drag or a pinch is not a click on what lies under it
    box.addEventListener("click", (event) => {
      if (this.dragged) {
        event.stopPropagation();
        event.preventDefault();
        this.dragged = false;
      }
    }, true);
    // a box resized (a phone's sheet opened or closed): the choices' zoom is made again for it
    // a view zoomed by hand is kept unless the resize hides a mark of the decision (issue 39)
    new ResizeObserver(() => {
      if (this.mode === "auto" || (this.mode === "manual" && this.marksHidden())) this.zoomToChoices(false);
      this.applyView();
    }).observe(box);
    // the whole board in small beside a zoomed view: the part shown framed, a click shows a part
    this.overview = document.createElement("div");
    this.overview.id = "overview";
    this.overview.className = "overview";
    this.overview.hidden = true;
    this.overview.setAttribute("aria-hidden", "true");
    this.overview.addEventListener("click", (event) => this.onOverviewClick(event));
    box.after(this.overview);
  }

  /** The SVG text at ``url``, from memory or the server. */
  async fetchSvg(url) {
    if (this.cache.has(url)) return this.cache.get(url);
    const answer = await fetch(url, { headers: { Accept: "image/svg+xml" } });
    if (!answer.ok) throw new Error(`${answer.status} ${answer.statusText}`);
    const text = await answer.text();
    this.cache.set(url, text);
    if (this.cache.size > 64) this.cache.delete(this.cache.keys().next().value);
    return text;
  }

  /** Shows a board (SVG text); keeps the zoom unless the view is "auto". */
  show(markup, label) {
    const parsed = new DOMParser().parseFromString(markup, "image/svg+xml");
    const svg = document.importNode(parsed.documentElement, true);
    if (svg.nodeName !== "svg") return;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    const [x, y, w, h] = (svg.getAttribute("viewBox") ?? "0 0 720 720").split(/[\s,]+/).map(Number);
    const grown = !this.full || this.full.w !== w || this.full.h !== h;
    this.full = { x, y, w, h };
    if (!this.view || this.mode === "fit" || (grown && this.mode !== "manual")) this.view = { ...this.full };
    this.box.replaceChildren(svg);
    this.svg = svg;
    this.drawOverview();
    if (this.mode === "auto") this.zoomToChoices(false);
    this.applyView();
  }

  /** CSS px per SVG unit, as shown now. */
  scale() {
    const ctm = this.svg?.getScreenCTM();
    return ctm ? Math.hypot(ctm.a, ctm.b) : 1;
  }

  applyView() {
    if (!this.svg || !this.view) return;
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.keepLabelsReadable();
    this.keepMarksTappable();
    this.frameOverview();
    this.onChange(this);
  }

  /** Whether a mark of the decision lies (partly) outside the board's box. */
  marksHidden() {
    if (!this.svg) return false;
    const box = this.box.getBoundingClientRect();
    return [...this.svg.querySelectorAll(".highlight")].some((m) => {
      const r = m.getBoundingClientRect();
      return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
        || r.bottom > box.bottom + 1);
    });
  }

  /** The overview's picture: a copy of the board (marks too) that no one can focus or read out. */
  drawOverview() {
    const copy = this.svg.cloneNode(true);
    for (const node of copy.querySelectorAll("[tabindex], [role], [aria-label], title")) {
      if (node.tagName === "title") node.remove();
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
      node.removeAttribute("aria-label");
    }
    copy.removeAttribute("role");
    copy.removeAttribute("aria-label");
    copy.setAttribute("focusable", "false");
    const { x, y, w, h } = this.full;
    copy.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    this.frame = BoardView.make("rect", { class: "overview-frame", fill: "none", stroke: "#d97706",
      "stroke-width": Math.max(w, h) / 90, "vector-effect": "none" });
    copy.append(this.frame);
    this.overview.replaceChildren(copy);
  }

  /** Shows the overview, with the view's frame, while the view holds less than the board. */
  frameOverview() {
    if (!this.frame || !this.full) return;
    const v = this.view, f = this.full;
    const zoomed = v.w < f.w * 0.9 && v.h < f.h * 0.9;
    this.overview.hidden = !zoomed;
    if (!zoomed) return;
    // the overview is as wide as a fifth of the board's box (at most 260 px), the board's shape
    const rect = this.box.getBoundingClientRect();
    const width = Math.max(80, Math.min(260, rect.width / 5));
    this.overview.style.width = `${width}px`;
    const height = (width * f.h) / f.w;
    this.overview.style.height = `${height}px`;
    // in a corner of the board with no mark of the decision under it (the card is positioned);
    // none on a phone, whose small board it would cover too much of
    const marks = [...this.svg.querySelectorAll(".highlight")].map((m) => m.getBoundingClientRect())
      .filter((r) => r.width > 0);
    const corners = [[8, rect.height - height - 8], [rect.width - width - 8, rect.height - height - 8],
      [rect.width - width - 8, 8], [8, 8]];
    const free = corners.find(([dx, dy]) => !marks.some((r) => r.right > rect.left + dx - 4
      && r.left < rect.left + dx + width + 4 && r.bottom > rect.top + dy - 4 && r.top < rect.top + dy + height + 4));
    if (!free || rect.width < 600) {
      this.overview.hidden = true;
      return;
    }
    this.overview.style.left = `${this.box.offsetLeft + free[0]}px`;
    this.overview.style.top = `${this.box.offsetTop + free[1]}px`;
    // the view as the box shows it (xMidYMid meet: the box's shape, around the viewBox)
    const s = Math.min(rect.width / v.w, rect.height / v.h);
    const w = rect.width / s, h = rect.height / s;
    const x = v.x + (v.w - w) / 2, y = v.y + (v.h - h) / 2;
    for (const [k, value] of Object.entries({ x, y, width: w, height: h })) this.frame.setAttribute(k, value.toFixed(1));
  }

  /** A click on the overview centres the view on that point of the board. */
  onOverviewClick(event) {
    const svg = this.overview.querySelector("svg");
    const ctm = svg?.getScreenCTM();
    if (!ctm || !this.view) return;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    this.view = { ...this.view, x: p.x - this.view.w / 2, y: p.y - this.view.h / 2 };
    this.mode = "manual";
    this.applyView();
  }

  /** Island names, values and route numbers stay at least MIN_LABEL_PX CSS px high; the discs
   * behind values and route numbers grow with their numbers, so each still sits on its disc. */
  keepLabelsReadable() {
    const scale = this.scale();
    if (!(scale > 0)) return;
    for (const [cls, px] of Object.entries(MIN_LABEL_PX)) {
      let grown = 1;
      for (const text of this.svg.querySelectorAll(`text.${cls}`)) {
        const base = Number(text.dataset.baseSize ?? text.getAttribute("font-size") ?? 12);
        text.dataset.baseSize = String(base);
        const size = Math.max(base, (px + 0.5) / scale);
        grown = size / base;
        text.setAttribute("font-size", String(size.toFixed(2)));
      }
      for (const disc of this.svg.querySelectorAll(`circle.${cls}`)) {
        const base = Number(disc.dataset.baseR ?? disc.getAttribute("r") ?? 0);
        disc.dataset.baseR = String(base);
        disc.setAttribute("r", String((base * grown).toFixed(2)));
      }
    }
  }

  /** On a small screen (a phone), where the view holding every mark of a decision is too wide
   * for them to be tapped (two islands far apart), each mark's outline, which takes the tap,
   * widens until the mark is MIN_TARGET_PX across; back to its own width when it is big enough. */
  keepMarksTappable() {
    const scale = this.scale();
    if (!(scale > 0) || this.box.getBoundingClientRect().width >= 600) return;
    const wanted = (MIN_TARGET_PX + 1) / scale;
    for (const mark of this.svg.querySelectorAll(".highlight:not(.island):not(.group-box)")) {
      const base = Number(mark.dataset.baseStroke ?? mark.getAttribute("stroke-width") ?? 0);
      mark.dataset.baseStroke = String(base);
      const box = mark.getBBox();
      const width = Math.max(base, wanted - Math.min(box.width, box.height));
      mark.setAttribute("stroke-width", width.toFixed(2));
    }
    for (const hit of this.svg.querySelectorAll(".jetty-hit")) {
      const base = Number(hit.dataset.baseR ?? hit.getAttribute("r") ?? 0);
      hit.dataset.baseR = String(base);
      hit.setAttribute("r", Math.max(base, wanted / 2).toFixed(2));
    }
    // boats under way during a decision (a landing: a tap on one chooses it to berth): the row of
    // them and its box grow around the row's middle until the smallest boat is MIN_TARGET_PX
    // across, spaced as before, none covering another
    const deciding = this.svg.querySelector(".highlight") !== null;
    const row = deciding ? this.svg.querySelector(".group .group-box") : null;
    const pieces = row ? [...row.parentElement.querySelectorAll(".piece")] : [];
    if (pieces.length) {
      const sizes = pieces.map((p) => {
        const shape = p.querySelector(".boat-shape") ?? p.querySelector("circle");
        const b = shape.getBBox();
        return Math.min(b.width, b.height); // its stroke not counted: the shape as seen
      });
      const k = Math.max(1, wanted / Math.min(...sizes));
      const cx = pieces.reduce((sum, p) => sum + Number(p.dataset.x), 0) / pieces.length;
      const cy = pieces.reduce((sum, p) => sum + Number(p.dataset.y), 0) / pieces.length;
      const grow = k > 1 ? `translate(${cx.toFixed(2)} ${cy.toFixed(2)}) scale(${k.toFixed(3)}) `
        + `translate(${(-cx).toFixed(2)} ${(-cy).toFixed(2)})` : "";
      for (const node of [row, ...pieces]) {
        const base = node.dataset.baseTransform ?? node.getAttribute("transform") ?? "";
        node.dataset.baseTransform = base;
        node.setAttribute("transform", `${grow} ${base}`.trim());
      }
    }
  }

  /** Shows the whole board. */
  fit() {
    this.mode = "fit";
    if (this.full) this.view = { ...this.full };
    this.applyView();
  }

  /** Zooms to the marked choices, so each is at least MIN_TARGET_PX; else shows the whole board.
   * On a small screen (a phone) every mark of the decision stays in the view: the view is the
   * smallest one holding them all, grown to make the marks big enough to tap where it can. */
  zoomToChoices(apply = true) {
    this.mode = "auto";
    const marks = this.svg ? [...this.svg.querySelectorAll(".highlight")] : [];
    if (!this.full) return;
    if (marks.length === 0) {
      this.view = { ...this.full };
    } else {
      const rect = this.box.getBoundingClientRect();
      const small = rect.width < 600;
      const margin = small ? 24 : 70;
      const boxes = marks.map((m) => m.getBBox());
      const x0 = Math.min(...boxes.map((b) => b.x)) - margin;
      const y0 = Math.min(...boxes.map((b) => b.y)) - margin;
      const x1 = Math.max(...boxes.map((b) => b.x + b.width)) + margin;
      const y1 = Math.max(...boxes.map((b) => b.y + b.height)) + margin;
      // the smallest mark a finger takes (its stroke counted; a jetty by its round target)
      // must come out at MIN_TARGET_PX at least
      const fitted = Math.min(rect.width / this.full.w, rect.height / this.full.h);
      const taps = small ? marks.filter((m) => !m.matches(".island, .group-box, .jetty-arrow")) : marks;
      // the boats under way, when they are to be chosen, are tapped too (each by its shape)
      const boats = small ? [...this.svg.querySelectorAll(".group .group-box ~ .piece")]
        .map((p) => p.querySelector(".boat-shape") ?? p.querySelector("circle")) : [];
      const sizes = [...(taps.length ? taps : marks), ...boats].map((m) => (small && m.matches("line.jetty") ? 30
        : Math.min(m.getBBox().width, m.getBBox().height) + Number(m.getAttribute("stroke-width") ?? 0)));
      // a boat's letter in the view at MIN_BOAT_LETTER_PX at least (a crowded board: its part)
      const letters = [...this.svg.querySelectorAll("text.boat-letter")]
        .map((t) => Number(t.getAttribute("font-size")) || 0).filter((size) => size > 0);
      const readable = letters.length ? (MIN_BOAT_LETTER_PX + 0.5) / Math.min(...letters) : 0;
      const needed = Math.max((MIN_TARGET_PX + 1) / Math.max(12, Math.min(...sizes)), readable);
      let w = Math.max(x1 - x0, 200);
      let h = Math.max(y1 - y0, 200);
      const shown = Math.min(rect.width / w, rect.height / h);
      if (fitted >= needed && shown > fitted) {
        this.view = { ...this.full }; // the whole board already shows the choices big enough
      } else if (small && shown > needed) {
        // a phone: all the marks, no larger than needed to tap them (the rest of the board around)
        const scale = Math.max(needed, Math.min(shown, 2 * needed, fitted * MAX_ZOOM));
        w = rect.width / scale;
        h = rect.height / scale;
        this.view = { x: (x0 + x1 - w) / 2, y: (y0 + y1 - h) / 2, w, h };
      } else if (!small && shown < needed) {
        // marks too far apart to show all at a readable size: the part around the mark nearest
        // their middle, readable, kept on the board (the overview shows the rest and the marks)
        const scale = Math.min(needed, fitted * MAX_ZOOM);
        w = rect.width / scale;
        h = rect.height / scale;
        const centres = boxes.map((b) => [b.x + b.width / 2, b.y + b.height / 2]);
        const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
        const [cx, cy] = centres.reduce((best, c) => (Math.hypot(c[0] - mx, c[1] - my)
          < Math.hypot(best[0] - mx, best[1] - my) ? c : best));
        const keep = (c, size, from, length) => (size >= length ? from + length / 2
          : Math.min(Math.max(c, from + size / 2), from + length - size / 2));
        this.view = { x: keep(cx, w, this.full.x, this.full.w) - w / 2,
          y: keep(cy, h, this.full.y, this.full.h) - h / 2, w, h };
      } else {
        this.view = { x: (x0 + x1 - w) / 2, y: (y0 + y1 - h) / 2, w, h };
      }
    }
    if (apply) this.applyView();
  }

  /** Brings ``mark`` (a mark of the decision, reached by the keyboard) into view: the choices'
   * view, and where a crowded board shows only a part of them, that view moved to the mark. */
  reveal(mark) {
    this.zoomToChoices(false);
    const b = mark.getBBox();
    const v = this.view;
    const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
    if (v && (cx < v.x || cx > v.x + v.w || cy < v.y || cy > v.y + v.h)) {
      this.view = { ...v, x: cx - v.w / 2, y: cy - v.h / 2 };
    }
    this.applyView();
  }

  /** Zooms by ``factor`` (> 1 in) around the SVG point ``at`` (the centre by default). */
  zoomBy(factor, at = null) {
    if (!this.view || !this.full) return;
    const v = this.view;
    const rect = this.box.getBoundingClientRect();
    const fitted = Math.min(rect.width / this.full.w, rect.height / this.full.h);
    const current = Math.min(rect.width / v.w, rect.height / v.h);
    const target = Math.min(Math.max(current * factor, fitted * 0.8), fitted * MAX_ZOOM);
    const k = current / target;
    const cx = at ? at.x : v.x + v.w / 2;
    const cy = at ? at.y : v.y + v.h / 2;
    this.view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w: v.w * k, h: v.h * k };
    this.mode = "manual";
    this.applyView();
  }

  panBy(dxPx, dyPx) {
    if (!this.view) return;
    const s = this.scale();
    this.view = { ...this.view, x: this.view.x - dxPx / s, y: this.view.y - dyPx / s };
    this.mode = "manual";
    this.applyView();
  }

  /** The SVG point under a client point. */
  svgPoint(clientX, clientY) {
    const ctm = this.svg?.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  onWheel(event) {
    if (!this.svg) return;
    event.preventDefault();
    this.zoomBy(Math.exp(-event.deltaY / 400), this.svgPoint(event.clientX, event.clientY));
  }

  onPointerDown(event) {
    if (!this.svg) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, start: [event.clientX, event.clientY] });
    this.moved = 0;
  }

  onPointerMove(event) {
    const last = this.pointers.get(event.pointerId);
    if (!last) return;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      last.x = event.clientX;
      last.y = event.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      if (before > 0) {
        const mid = this.svgPoint((a.x + b.x) / 2, (a.y + b.y) / 2);
        this.zoomBy(after / before, mid);
      }
      this.dragged = true;
      return;
    }
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    last.x = event.clientX;
    last.y = event.clientY;
    const far = Math.hypot(event.clientX - last.start[0], event.clientY - last.start[1]);
    if (far > 6 || this.dragged) {
      if (!this.dragged) this.box.setPointerCapture?.(event.pointerId);
      this.dragged = true;
      this.panBy(dx, dy);
    }
  }

  onPointerUp(event) {
    this.pointers.delete(event.pointerId);
    if (this.dragged && this.pointers.size === 0) {
      // the click that ends a drag is swallowed; a later one is a click again
      setTimeout(() => { this.dragged = false; }, 0);
    }
  }

  /** A new element in the SVG namespace. */
  static make(tag, attrs = {}) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    return node;
  }

  /** The centre of hex "q,r" in SVG units: its tile or highlight, else computed from a neighbour. */
  hexCentre(pos) {
    if (!this.svg) return null;
    const node = this.svg.querySelector(`[data-pos="${pos}"] polygon, polygon[data-pos="${pos}"]`)
      ?? this.svg.querySelector(`[data-pos="${pos}"]`);
    if (node) {
      const box = node.getBBox();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    // a hex not drawn: from any drawn tile and the axial layout (flat-topped, 60 units)
    const any = this.svg.querySelector("g.tile[data-pos]");
    if (!any) return null;
    const [q0, r0] = any.dataset.pos.split(",").map(Number);
    const [q, r] = pos.split(",").map(Number);
    const base = any.querySelector("polygon").getBBox();
    const size = base.width / 2;
    const cx = base.x + base.width / 2 + 1.5 * size * (q - q0);
    const cy = base.y + base.height / 2 + Math.sqrt(3) * size * (r - r0 + (q - q0) / 2);
    return { x: cx, y: cy };
  }
}
