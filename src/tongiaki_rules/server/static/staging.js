// The move waiting for Confirm, drawn on the board (issue 39): a ghost boat in the player's colour
// on each beach it would fill, the statue of a royal island lit; and the statue mark itself, put
// above the island's name so that it hides neither the name nor the value.

import { BoardView } from "/static/board.js";

const PALETTE = { B: "#0072b2", R: "#d55e00", G: "#009e73", Y: "#f0e442", O: "#e69f00", P: "#cc79a7" };
const DARK = new Set(["B"]); // colours whose letter is written in white
const STATUE_R = 10; // the statue mark's radius, in board units (a hex is 60 across its corners)

const hex = (h) => `${h[0]},${h[1]}`;

/** The statue mark of an island that may become royal, added to its tile and placed. */
export function placeStatue(tile) {
  const statue = BoardView.make("g", { class: "statue-target highlight" });
  statue.append(BoardView.make("circle", { r: STATUE_R }));
  const crown = BoardView.make("text", { "text-anchor": "middle", "font-size": STATUE_R * 1.6 });
  crown.textContent = "♛";
  statue.append(crown);
  tile.append(statue);
  fitStatue(statue);
}

/** Puts every statue mark above its island's name (again after a zoom resized the name). */
export function fitStatues(svg) {
  for (const statue of svg?.querySelectorAll(".statue-target") ?? []) fitStatue(statue);
}

function fitStatue(statue) {
  const tile = statue.closest("[data-pos]");
  const land = tile?.querySelector(".land")?.getBBox();
  if (!land) return;
  const cx = land.x + land.width / 2;
  const name = tile.querySelector("text.island-name")?.getBBox();
  const top = name && name.height > 0 ? name.y : land.y + land.height / 2;
  const cy = top - 2.5 - STATUE_R;
  const [circle, crown] = statue.children;
  circle.setAttribute("cx", String(cx));
  circle.setAttribute("cy", String(cy));
  crown.setAttribute("x", String(cx));
  crown.setAttribute("y", String(cy + STATUE_R * 0.55));
}

/** Draws ``action`` (a legal action's JSON) on the board as it would be played. */
export function drawStaged(svg, action, state) {
  const colour = action.colour ?? state?.turn_colour;
  const ghost = (pos, beach) => {
    const group = svg.querySelector(`[data-pos="${pos}"] .beach[data-beach="${beach}"]`);
    const slot = group?.querySelector(".slot");
    if (!slot) return;
    const cx = Number(slot.getAttribute("cx"));
    const cy = Number(slot.getAttribute("cy"));
    const r = Number(slot.getAttribute("r")) / 0.8;
    const boat = BoardView.make("g", { class: "staged-mark staged-boat", "aria-hidden": "true" });
    boat.append(BoardView.make("circle", { cx, cy, r, fill: PALETTE[colour] ?? "#888888" }));
    const letter = BoardView.make("text", {
      x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": r * 1.2,
      fill: DARK.has(colour) ? "#ffffff" : "#000000",
    });
    letter.textContent = colour ?? "";
    boat.append(letter);
    group.append(boat);
  };
  switch (action.type) {
    case "SetupPlace": {
      const tonga = state?.table?.find((t) => t.tile === "tonga");
      if (tonga) ghost(hex(tonga.at), action.beach);
      break;
    }
    case "Expand":
    case "PlaceNewBoats":
      for (const beach of action.beaches) ghost(hex(action.island), beach);
      break;
    case "ExpandFromBoard":
      ghost(hex(action.island), action.beach);
      break;
    case "Berth":
      if (Array.isArray(state?.at)) ghost(hex(state.at), action.beach);
      break;
    case "FoundRoyal":
      svg.querySelector(`[data-pos="${hex(action.island)}"] .statue-target`)?.classList.add("selected");
      break;
    default:
      break; // a departure's jetty, a boat sent home: their own marks are lit
  }
}
