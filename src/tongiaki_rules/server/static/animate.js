// See what happened (issue 27): the moves since the position on screen, played step by step from
// the events the server reports for each (GET /api/games/{id}/steps): boats placed, the group
// sailing tile by tile, the draw, landings and removals. Each move starts on the board as it
// was before it; its narration lines appear as it starts. A speed control (instant, fast,
// normal, slow; kept in localStorage) and a skip button; "instant" plays nothing.

import { BoardView } from "/static/board.js";
import { _ } from "/static/i18n.js";

const SPEEDS = { instant: 0, fast: 120, normal: 320, slow: 800 };
const STORE = "tongiaki:speed";
const QUIET = new Set(["TurnEnded", "TileDrawn", "BeachFilled"]); // shown briefly

export function speedName() {
  try {
    const kept = localStorage.getItem(STORE);
    if (kept && kept in SPEEDS) return kept;
  } catch {
    // no storage: the default
  }
  return "normal";
}

export function setSpeed(name) {
  try {
    localStorage.setItem(STORE, name);
  } catch {
    // kept for this page only
  }
}

export class Animator {
  /**
   * ``board`` is the BoardView, ``boardUrl(at)`` the URL of the board after ``at`` moves,
   * ``onStep(step)`` is told each move as it starts (its narration lines),
   * ``caption(text)`` shows what one event did.
   */
  constructor(board, boardUrl, onStep, caption) {
    this.board = board;
    this.boardUrl = boardUrl;
    this.onStep = onStep;
    this.caption = caption;
    this.skipping = false;
    this.running = false;
    this.events = 0; // events animated so far on this page (the browser test counts them)
    this.moves = 0;
  }

  skip() {
    this.skipping = true;
  }

  /** Plays ``steps`` (moves in order); resolves when done or skipped. */
  async play(steps, label) {
    const delay = SPEEDS[speedName()];
    if (delay === 0 || steps.length === 0) {
      for (const step of steps) this.onStep(step);
      return;
    }
    this.running = true;
    this.skipping = false;
    document.body.classList.add("animating");
    try {
      for (const step of steps) {
        if (this.skipping) {
          this.onStep(step);
          continue;
        }
        const markup = await this.board.fetchSvg(this.boardUrl(step.move - 1));
        this.board.show(markup, label(step.move - 1));
        this.onStep(step);
        this.moves += 1;
        const layer = BoardView.make("g", { class: "anim", "aria-hidden": "true" });
        this.board.svg?.append(layer);
        let marker = null;
        for (const event of step.events) {
          if (this.skipping) break;
          this.events += 1;
          document.body.dataset.animatedEvents = String(this.events);
          marker = this.draw(layer, event, marker);
          this.caption(describe(event, this.board.svg));
          await sleep(QUIET.has(event.type) ? delay / 3 : delay);
        }
      }
    } finally {
      this.running = false;
      this.skipping = false;
      this.caption("");
      document.body.classList.remove("animating");
      document.body.dataset.animatedMoves = String(this.moves);
    }
  }

  /** Draws one event on ``layer``; returns the marker of the boats under way (moved along). */
  draw(layer, event, marker) {
    const b = this.board;
    const at = (h) => (Array.isArray(h) ? b.hexCentre(`${h[0]},${h[1]}`) : null);
    const beachAt = (h, beach) => {
      const node = b.svg?.querySelector(`[data-pos="${h[0]},${h[1]}"] .beach[data-beach="${beach}"]`);
      if (!node) return at(h);
      const box = node.getBBox();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const ring = (p, cls, r = 16) => {
      if (!p) return;
      layer.append(BoardView.make("circle", { cx: p.x, cy: p.y, r, class: `anim-ring ${cls}` }));
    };
    const label = (p, text, cls = "") => {
      if (!p) return;
      const node = BoardView.make("text", { x: p.x, y: p.y - 22, class: `anim-label ${cls}`, "text-anchor": "middle" });
      node.textContent = text;
      layer.append(node);
    };
    const boats = (list) => (list ?? []).join("");
    switch (event.type) {
      case "BoatsPlaced":
        for (const beach of event.beaches) ring(beachAt(event.island, beach), "placed");
        label(beachAt(event.island, event.beaches[0]), `+${event.colour}`);
        return marker;
      case "BoatMoved":
        ring(beachAt(event.source, event.source_beach), "removed");
        ring(beachAt(event.island, event.beach), "placed");
        return marker;
      case "BeachFilled":
        ring(beachAt(event.island, event.beach), "filled", 20);
        return marker;
      case "Departed": {
        const p = beachAt(event.island, event.beach);
        ring(p, "departed", 20);
        return this.moveMarker(layer, marker, p, boats(event.boats));
      }
      case "TilePlaced":
        ring(at(event.position), "tile", 52);
        return marker;
      case "RoutePassed":
      case "Landed":
        return this.moveMarker(layer, marker, at(event.position ?? event.island), marker?.dataset.boats ?? boats(event.boats));
      case "Bounced":
        ring(at(event.royal_island), "bounced", 40);
        return this.moveMarker(layer, marker, at(event.back_to), marker?.dataset.boats ?? "");
      case "VoyageFailed":
        label(at(event.position), "✕", "failed");
        return marker;
      case "Berthed":
        ring(beachAt(event.island, event.beach), "placed");
        label(beachAt(event.island, event.beach), event.colour);
        return marker;
      case "RoyalIslandFounded":
        label(at(event.island), "♛", "royal");
        return marker;
      case "IslandRemoved":
        label(at(event.island), "✕", "failed");
        ring(at(event.island), "removed", 52);
        return marker;
      case "BoatsReturned":
        marker?.remove();
        return null;
      default:
        return marker;
    }
  }

  /** The boats under way, as a labelled disc that glides to ``p``. */
  moveMarker(layer, marker, p, letters) {
    if (!p) return marker;
    let node = marker;
    if (!node || !node.isConnected) {
      node = BoardView.make("g", { class: "anim-group" });
      node.append(BoardView.make("rect", { x: -22, y: -11, width: 44, height: 22, rx: 11 }));
      const text = BoardView.make("text", { x: 0, y: 5, "text-anchor": "middle" });
      text.textContent = letters;
      node.append(text);
      layer.append(node);
    }
    node.dataset.boats = letters;
    node.setAttribute("transform", `translate(${p.x} ${p.y})`);
    return node;
  }
}

/**
 * A short caption of one event (the narration line says it in full): islands by the names the
 * board shows, never coordinates (issue 39).
 */
function describe(event, svg) {
  const where = (h) => {
    if (!Array.isArray(h)) return "";
    const name = svg?.querySelector(`[data-pos="${h[0]},${h[1]}"] text.island-name`);
    return name ? name.textContent : "";
  };
  const tile = (id) => (String(id).startsWith("ocean") ? _("an ocean tile") : _("an island tile"));
  const parts = (...items) => items.filter((item) => item !== "" && item !== undefined).join(" ");
  switch (event.type) {
    case "BoatsPlaced": return parts(event.colour, `+${event.beaches.length}`, where(event.island));
    case "Departed": return parts(event.boats.join(""), "→", where(event.island));
    case "TileDrawn": return parts("▣", _("a tile is drawn"));
    case "TilePlaced": return parts("▣", tile(event.tile));
    case "RoutePassed": return "→";
    case "VoyageFailed": return "✕";
    case "Landed": return parts("⚓", where(event.island));
    case "Berthed": return parts("⚓", event.colour, where(event.island), event.beach);
    case "BoatsReturned": return parts("⌂", event.boats.join(""));
    case "RoyalIslandFounded": return parts("♛", where(event.island));
    case "IslandRemoved": return parts("✕", where(event.island));
    case "BoatMoved": return parts(event.colour, where(event.source), "→", where(event.island));
    case "BeachFilled": return parts("●", where(event.island), event.beach);
    case "Bounced": return parts("♛", where(event.royal_island), "↩", where(event.back_to));
    case "Recolonized": return parts(event.colour, `−${event.removed}`);
    default: return ""; // the end of a turn or of the game: the narration says it in words
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
