// The Tóncc board and Map as SVG, drawn from the view: the Mind and its 18 regions, the Kings
// standing on them, the seat's six moves as marks to click or reach by keyboard, and the Map's
// 18 pictures with the seals on them. Colours are never the only sign: every region carries its
// colours' letters, every King his letter and his own outline (solid, dashed, dotted).
import { colourLetter, colourName, kingName, KINGS, pictureOn, pictureWords } from "/static/toncc_words.js";
import { _ } from "/static/i18n.js";

const NS = "http://www.w3.org/2000/svg";
// the Okabe–Ito colours of the server's own Tóncc picture, with the ink that reads on each
export const FILL = { red: "#d55e00", yellow: "#f0e442", blue: "#0072b2" };
const INK = { red: "#ffffff", yellow: "#000000", blue: "#ffffff" };
const OUTLINE = { red: "", yellow: "6 3", blue: "2 2" };
const FACE_DOWN = "#b7dcb7"; // the regions' green back
// axial (q, r) of the cells I1..I6, O1..O12 and the Mind, as the rules' board module numbers them
const AXIAL = {
  I1: [1, 0], I2: [1, -1], I3: [0, -1], I4: [-1, 0], I5: [-1, 1], I6: [0, 1],
  O1: [2, 0], O2: [2, -1], O3: [2, -2], O4: [1, -2], O5: [0, -2], O6: [-1, -1],
  O7: [-2, 0], O8: [-2, 1], O9: [-2, 2], O10: [-1, 2], O11: [0, 2], O12: [1, 1],
  Mind: [0, 0],
};
const STEP = 94;
const R = 44;
const KING_SPOTS = [[-27, 0], [27, 0], [0, 44]];
const MIND_SPOTS = [[-24, 17], [24, 17], [0, 29]];

function make(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

function text(x, y, words, attrs = {}) {
  return make("text", { x, y, "text-anchor": "middle", class: "toncc-label", ...attrs }, words);
}

/** The centre of a cell ("I1".."O12", "Mind") in the board's coordinates. */
export function cellCentre(cell) {
  const [q, r] = AXIAL[cell];
  return { x: STEP * (q + r / 2), y: STEP * 0.866 * r };
}

function symbol(shape, x, y, colour) {
  const attrs = { fill: FILL[colour], stroke: "#000000", "stroke-width": 1.5 };
  if (shape === "square") return make("rect", { x: x - 8, y: y - 8, width: 16, height: 16, ...attrs });
  if (shape === "triangle") return make("polygon", { points: `${x},${y - 10} ${x + 10},${y + 8} ${x - 10},${y + 8}`, ...attrs });
  return make("circle", { cx: x, cy: y, r: 9, ...attrs });
}

function colourCode(picture) {
  return colourLetter(picture.background) + colourLetter(picture.symbol).toLowerCase();
}

function region(view, cell) {
  const { x, y } = cellCentre(cell);
  const picture = pictureOn(view, cell);
  const group = make("g", { class: "toncc-cell", "data-cell": cell });
  if (!picture) {
    group.append(make("circle", { cx: x, cy: y, r: R, fill: "#ffffff", stroke: "#8a8a8a", "stroke-dasharray": "4 4" }),
      text(x, y + 5, "?"));
    return group;
  }
  const up = view.state.face_up.includes(cell);
  if (up) {
    const ink = INK[picture.background];
    group.dataset.faceUp = "true";
    group.append(
      make("title", {}, `${cell} (${picture.name}): ${pictureWords(picture)}`),
      make("circle", { cx: x, cy: y, r: R, fill: FILL[picture.background], stroke: "#1a1a1a", "stroke-width": 1.5 }),
      text(x, y - 20, cell, { fill: ink, "font-weight": 700 }),
      symbol(picture.shape, x, y - 1, picture.symbol),
      text(x, y + 26, `${picture.name} ${colourCode(picture)}`, { fill: ink }),
    );
    return group;
  }
  const owner = view.state.owners[picture.region];
  group.append(
    make("title", {}, owner
      ? _("{cell}: conquered by {king}", { cell, king: kingName(owner) })
      : _("{cell}: face down", { cell })),
    make("circle", { cx: x, cy: y, r: R, fill: FACE_DOWN, stroke: "#2f6b2f", "stroke-width": 1.5, "stroke-dasharray": "6 3" }),
    text(x, y - 20, cell, { "font-weight": 700 }),
  );
  if (owner) group.append(seal(x, y + 2, owner));
  return group;
}

function seal(x, y, king) {
  return make("g", { class: "toncc-seal", "data-king": king },
    make("rect", { x: x - 11, y: y - 11, width: 22, height: 22, rx: 4, fill: FILL[king], stroke: "#000000", "stroke-width": 1.5 }),
    text(x, y + 5, colourLetter(king), { fill: INK[king], "font-weight": 700 }));
}

function king(x, y, name) {
  return make("g", { class: "toncc-king", "data-king": name },
    make("title", {}, kingName(name)),
    make("circle", { cx: x, cy: y, r: 12, fill: FILL[name], stroke: "#000000", "stroke-width": 2.5, "stroke-dasharray": OUTLINE[name] || null }),
    text(x, y + 5, colourLetter(name), { fill: INK[name], "font-weight": 700 }));
}

/** A mark for one of the seat's moves: the ring around its landing cell and the move's number. */
function mark(entry, view, staged) {
  const { x, y } = cellCentre(entry.to);
  const picture = pictureOn(view, entry.to);
  const what = picture && view.state.face_up.includes(entry.to)
    ? _("{cell}, {picture}", { cell: entry.to, picture: pictureWords(picture) })
    : _("{cell}, face down", { cell: entry.to });
  const chosen = staged === entry.index;
  return make("g", {
    class: chosen ? "toncc-mark staged" : "toncc-mark",
    role: "button",
    tabindex: "-1",
    "aria-pressed": chosen ? "true" : "false",
    "aria-label": _("Move {number} to {where}", { number: entry.action.number, where: what }),
    "data-index": entry.index,
    "data-cell": entry.to,
  },
  make("circle", { cx: x, cy: y, r: R + 4, class: "toncc-ring" }),
  make("circle", { cx: x + 33, cy: y - 33, r: 13, class: "toncc-badge" }),
  text(x + 33, y - 28, entry.action.number, { class: "toncc-label toncc-badge-number" }));
}

/** The board: regions, the Mind, the Kings, and (for the seat choosing) its six marks. */
export function drawBoard(view, legal, staged) {
  const svg = make("svg", {
    viewBox: "-246 -212 492 424", class: "toncc-board", role: "group",
    "aria-label": _("The board: the Mind and the 18 regions"),
  });
  const { x, y } = cellCentre("Mind");
  svg.append(make("g", { class: "toncc-cell", "data-cell": "Mind" },
    make("circle", { cx: x, cy: y, r: R, fill: "#ffffff", stroke: "#1a1a1a", "stroke-width": 2 }),
    text(x, y - 6, _("Mind"), { "font-weight": 700 })));
  for (const cell of view.state.cells) svg.append(region(view, cell));
  const spots = {};
  for (const name of KINGS) {
    const where = view.state.kings[name].cell;
    if (!where) continue;
    const k = spots[where] = (spots[where] ?? -1) + 1;
    const centre = cellCentre(where);
    const [dx, dy] = (where === "Mind" ? MIND_SPOTS : KING_SPOTS)[k];
    svg.append(king(centre.x + dx, centre.y + dy, name));
  }
  for (const entry of legal) svg.append(mark(entry, view, staged));
  return svg;
}

const MAP_CORNERS = [[40, 300], [340, 300], [190, 40]];
const MAP_CENTRE = [190, 640 / 3];

/** The Map: the triangle of the 18 pictures, each with its name, colours and seal. */
export function drawMap(view) {
  const corners = MAP_CORNERS;
  const svg = make("svg", {
    viewBox: "0 0 380 340", class: "toncc-map", role: "group",
    "aria-label": _("The Map: three seals of one King in a row on a side make a Kingdom"),
  });
  const seals = [];
  view.pictures.forEach((picture, id) => {
    const side = Math.floor(id / 6);
    const k = id % 6;
    const [x0, y0] = corners[side];
    const [x1, y1] = corners[(side + 1) % 3];
    const x = x0 + ((x1 - x0) * k) / 6;
    const y = y0 + ((y1 - y0) * k) / 6;
    const owner = view.state.owners[id];
    const ink = INK[picture.background];
    const group = make("g", { class: "toncc-picture", "data-region": picture.name },
      make("title", {}, owner
        ? _("{picture}: {words}, sealed by {king}", { picture: picture.name, words: pictureWords(picture), king: kingName(owner) })
        : `${picture.name}: ${pictureWords(picture)}`),
      make("circle", { cx: x, cy: y, r: 24, fill: FILL[picture.background], stroke: "#1a1a1a", "stroke-width": 1.5 }),
      text(x, y - 3, picture.name, { fill: ink, "font-weight": 700 }),
      text(x, y + 13, colourCode(picture), { fill: ink }));
    svg.append(group);
    // the seal sits on the picture's inner side, where the triangle is empty, drawn over every disc
    if (owner) {
      const length = Math.hypot(MAP_CENTRE[0] - x, MAP_CENTRE[1] - y);
      seals.push(seal(x + ((MAP_CENTRE[0] - x) * 31) / length, y + ((MAP_CENTRE[1] - y) * 31) / length, owner));
    }
  });
  svg.append(...seals);
  return svg;
}

/** The colours and their letters, for the legend. */
export function colourKey() {
  return ["red", "yellow", "blue"].map((colour) => `${colourLetter(colour)} ${colourName(colour)}`).join(", ");
}
