// Every decision by the board (issue 27): what a click (or Enter on a focused mark) on the board
// means for the legal actions of the view, and the choice being put together: the beaches of an
// expansion toggled one by one, a tile turned on its hex, the colour of a boat to berth.
// The list of legal actions stays as the fallback; this module never plays by itself, it tells
// game.js what to do: {select: ...}, {colours: [...]} or {list: [indices]}. Nothing is final in
// one click (issue 39): a choice that names one legal action is staged, drawn on the board, and
// sent only by Confirm (or Enter); Cancel (or Escape) takes it back.

const hex = (h) => `${h[0]},${h[1]}`;

/** What a click on the board points at: hex, beach, jetty, the island's statue, a boat under way. */
export function clickInfo(target, board) {
  const info = {};
  const inBoard = (node) => (node && board.contains(node) ? node : null);
  const pos = inBoard(target.closest("[data-pos]"));
  if (pos) info.pos = pos.dataset.pos;
  const beach = inBoard(target.closest("[data-beach]"));
  if (beach) info.beach = Number(beach.dataset.beach);
  const jetty = inBoard(target.closest("[data-direction]"));
  if (jetty) info.direction = Number(jetty.dataset.direction);
  // only the crown mark founds a royal island: a click on the green land is no royal by mistake
  if (inBoard(target.closest(".statue-target"))) info.statue = true;
  const group = inBoard(target.closest(".group"));
  if (group) {
    info.group = true;
    const boat = inBoard(target.closest("[data-colour]"));
    if (boat) info.colour = boat.dataset.colour;
  }
  return info;
}

/** The legal choices of one kind: [{index, action, notation}]. */
function ofType(legal, ...types) {
  return legal.filter((c) => types.includes(c.action?.type));
}

const sameSet = (a, b) => a.length === b.size && a.every((x) => b.has(x));

/**
 * The choice under construction, and what a click adds to it.
 * ``selection`` is null or one of:
 *   {kind: "expand", island, beaches: Set}      beaches toggled, confirmed with Confirm
 *   {kind: "place", pos, rotation, rotations}    the tile previewed on a hex, turned with R
 *   {kind: "berth", colour}                      the boat under way chosen to berth next
 *   {kind: "move", source, sourceBeach}          a boat picked up to move (empty reserve)
 *   {kind: "staged", index, before}              one legal action, waiting for Confirm
 */
export class Chooser {
  constructor() {
    this.selection = null;
  }

  reset() {
    this.selection = null;
  }

  /** Stages the legal action ``index``: drawn on the board, sent only when confirmed. */
  stage(index) {
    this.selection = { kind: "staged", index, before: this.partial() };
    return { select: true };
  }

  /** The choice being put together under a staged action (a boat chosen to berth, say). */
  partial() {
    const s = this.selection;
    return s?.kind === "staged" ? s.before : s;
  }

  /** Whether a mark the player points at (clickInfo) is part of the choice made so far. */
  holds(info, view) {
    const s = this.selection;
    if (!s) return false;
    if (s.kind === "expand") {
      return info.pos === s.island && (info.beach === undefined || s.beaches.has(info.beach));
    }
    if (s.kind === "place") return info.pos === s.pos;
    if (s.kind !== "staged") return false;
    const choice = (view.legal ?? []).find((c) => c.index === s.index);
    return !!choice && targets(choice.action ?? {}, view.state).some((t) => fits(t, info));
  }

  /** The legal action the selection names now (null if none yet). */
  confirmable(legal) {
    const s = this.selection;
    if (!s) return null;
    if (s.kind === "expand") {
      return ofType(legal, "Expand", "PlaceNewBoats").find(
        (c) => hex(c.action.island) === s.island && sameSet(c.action.beaches, s.beaches)) ?? null;
    }
    if (s.kind === "place") {
      return ofType(legal, "PlaceTile").find(
        (c) => hex(c.action.position) === s.pos && c.action.rotation === s.rotation) ?? null;
    }
    if (s.kind === "staged") return legal.find((c) => c.index === s.index) ?? null;
    return null;
  }

  /** Turns the previewed tile to its next (step 1) or previous (-1) legal rotation. */
  rotate(step) {
    const s = this.selection;
    if (s?.kind !== "place" || s.rotations.length === 0) return false;
    const k = s.rotations.indexOf(s.rotation);
    s.rotation = s.rotations[(k + step + s.rotations.length) % s.rotations.length];
    return true;
  }

  /** What a click means: {select} (staged or under way), {colours}, {list}, or {none}. */
  click(info, view) {
    const kept = this.selection;
    this.selection = this.partial(); // a click on the board re-chooses what is staged
    const answer = this.understand(info, view);
    if (answer.play !== undefined) return this.stage(answer.play);
    if (answer.none) this.selection = kept; // a click on nothing keeps the staged move
    return answer;
  }

  understand(info, view) {
    const legal = view.legal ?? [];
    const state = view.state ?? {};
    // a boat under way: send it home, or choose it to berth next
    if (info.group && info.colour) {
      const home = ofType(legal, "ReturnBoat").filter((c) => c.action.colour === info.colour);
      if (home.length === 1 && !ofType(legal, "Berth").length) return { play: home[0].index };
      if (ofType(legal, "Berth").some((c) => c.action.colour === info.colour)) {
        this.selection = { kind: "berth", colour: info.colour };
        return { select: true };
      }
      if (home.length === 1) return { play: home[0].index };
    }
    // the statue of an island: found a royal island there
    if (info.statue && info.pos !== undefined && info.beach === undefined) {
      const royal = ofType(legal, "FoundRoyal").filter((c) => hex(c.action.island) === info.pos);
      if (royal.length === 1) return { play: royal[0].index };
    }
    // a hex where the drawn tile may go: preview it there
    const places = ofType(legal, "PlaceTile").filter((c) => hex(c.action.position) === info.pos);
    if (places.length) {
      const rotations = places.map((c) => c.action.rotation);
      const keep = this.selection?.kind === "place" && this.selection.pos === info.pos;
      this.selection = {
        kind: "place", pos: info.pos, rotations,
        rotation: keep && rotations.includes(this.selection.rotation) ? this.selection.rotation : rotations[0],
      };
      return { select: true };
    }
    if (info.beach !== undefined) {
      const answer = this.beachClick(info, legal, state);
      if (answer) return answer;
    } else if (info.pos !== undefined && !info.group) {
      // an island that may be expanded: start choosing its beaches
      const expands = ofType(legal, "Expand", "PlaceNewBoats").filter((c) => hex(c.action.island) === info.pos);
      if (expands.length === 1) {
        this.selection = { kind: "expand", island: info.pos, beaches: new Set(expands[0].action.beaches) };
        return { select: true };
      }
      if (expands.length) {
        if (this.selection?.kind !== "expand" || this.selection.island !== info.pos) {
          this.selection = { kind: "expand", island: info.pos, beaches: new Set() };
        }
        return { select: true };
      }
      // an island that may only become royal: its land names the royal too
      const royal = ofType(legal, "FoundRoyal").filter((c) => hex(c.action.island) === info.pos);
      if (royal.length === 1) return { play: royal[0].index };
    }
    // whatever else the click fits: one choice is played, several are listed
    const matches = legal.filter((c) => targets(c.action ?? {}, state).some((t) => fits(t, info)));
    if (matches.length === 1) return { play: matches[0].index };
    if (matches.length > 1) return { list: matches.map((m) => m.index) };
    return { none: true };
  }

  beachClick(info, legal, state) {
    const setup = ofType(legal, "SetupPlace").filter((c) => c.action.beach === info.beach);
    if (setup.length === 1) return { play: setup[0].index };
    // an expansion: toggle the beach in the set being chosen on that island
    const expands = ofType(legal, "Expand", "PlaceNewBoats").filter(
      (c) => hex(c.action.island) === info.pos && c.action.beaches.includes(info.beach));
    if (expands.length && info.direction === undefined) {
      if (this.selection?.kind !== "expand" || this.selection.island !== info.pos) {
        this.selection = { kind: "expand", island: info.pos, beaches: new Set() };
      }
      const chosen = this.selection.beaches;
      if (chosen.has(info.beach)) chosen.delete(info.beach);
      else chosen.add(info.beach);
      return { select: true };
    }
    // a departure from that beach by the jetty clicked (or its only jetty)
    const departs = ofType(legal, "Depart").filter((c) => hex(c.action.island) === info.pos
      && c.action.beach === info.beach && (info.direction === undefined || c.action.jetty === info.direction));
    if (departs.length === 1) return { play: departs[0].index };
    // a berth on that beach, for the boat chosen (or the only colour that can go there)
    let berths = ofType(legal, "Berth").filter((c) => c.action.beach === info.beach);
    if (berths.length) {
      if (this.selection?.kind === "berth") {
        const mine = berths.filter((c) => c.action.colour === this.selection.colour);
        if (mine.length) berths = mine;
      }
      if (berths.length === 1) return { play: berths[0].index };
      return { colours: berths.map((c) => ({ index: c.index, colour: c.action.colour })) };
    }
    // an empty reserve: a boat moves from one beach to another; click both, in either order
    const moves = ofType(legal, "ExpandFromBoard");
    if (moves.length) {
      const from = (c) => hex(c.action.source) === info.pos && c.action.source_beach === info.beach;
      const to = (c) => hex(c.action.island) === info.pos && c.action.beach === info.beach;
      const s = this.selection;
      if (s?.kind === "move") {
        const put = moves.filter((c) => hex(c.action.source) === s.source && c.action.source_beach === s.sourceBeach && to(c));
        if (put.length === 1) return { play: put[0].index };
      }
      if (s?.kind === "move-to") {
        const take = moves.filter((c) => hex(c.action.island) === s.island && c.action.beach === s.beach && from(c));
        if (take.length === 1) return { play: take[0].index };
      }
      const sources = moves.filter(from);
      const targets = moves.filter(to);
      if (sources.length === 1 && !targets.length) return { play: sources[0].index };
      if (targets.length === 1 && !sources.length) return { play: targets[0].index };
      if (sources.length) {
        this.selection = { kind: "move", source: info.pos, sourceBeach: info.beach };
        return { select: true };
      }
      if (targets.length) {
        this.selection = { kind: "move-to", island: info.pos, beach: info.beach };
        return { select: true };
      }
    }
    return null;
  }
}

/** The places on the board an action can be chosen by (for the list's hover marks, and clicks). */
export function targets(action, state) {
  switch (action.type) {
    case "SetupPlace": {
      const start = state?.table?.find((t) => t.tile === "tonga");
      return [start ? { pos: hex(start.at), beach: action.beach } : { beach: action.beach }];
    }
    case "Expand":
    case "PlaceNewBoats":
      return action.beaches.map((b) => ({ pos: hex(action.island), beach: b }));
    case "ExpandFromBoard":
      return [
        { pos: hex(action.island), beach: action.beach },
        { pos: hex(action.source), beach: action.source_beach },
      ];
    case "FoundRoyal":
      return [{ pos: hex(action.island), statue: true }];
    case "Depart":
      return [{ pos: hex(action.island), beach: action.beach, direction: action.jetty }];
    case "PlaceTile":
      return [{ pos: hex(action.position) }];
    case "Berth": {
      const landing = Array.isArray(state?.at) ? { pos: hex(state.at) } : {};
      return [{ ...landing, beach: action.beach }];
    }
    case "ReturnBoat":
      return [{ group: true, colour: action.colour }];
    default:
      return [];
  }
}

/** Whether a click names everything a target needs (a beach click fits a beach, not its island). */
export function fits(target, click) {
  const keys = Object.keys(target);
  return keys.length > 0 && keys.every((key) => key in click && target[key] === click[key]);
}

/** The board elements a target names (to mark them while a list entry is hovered or focused). */
export function elementsOf(target, board) {
  const found = [];
  const scope = target.pos !== undefined
    ? [...board.querySelectorAll(`[data-pos="${target.pos}"]`)] : [board];
  for (const root of scope) {
    if (target.group) {
      found.push(...board.querySelectorAll(`.group [data-colour="${target.colour}"]`));
    } else if (target.direction !== undefined) {
      found.push(...root.querySelectorAll(`.jetty[data-direction="${target.direction}"]`));
    } else if (target.beach !== undefined) {
      found.push(...root.querySelectorAll(`.beach[data-beach="${target.beach}"]`));
    } else {
      found.push(root.querySelector("polygon") ?? root);
    }
  }
  return found.filter(Boolean);
}
