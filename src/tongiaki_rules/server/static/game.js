// The game page: the board (board.svg, zoom and pan), decisions by clicks or keys on it, each staged
// and sent by Confirm or Enter (the legal list as a fallback), the score and end panels, the animation of what happened, the history slider, the
// narration with its rule links, and live updates over the WebSocket (receiveView).
import {
  api, el, forgetSeat, heldSeats, inviteLink, invitesOf, saveInvites, saveSeat, showMessage,
} from "/static/api.js";
import { Animator, setSpeed, speedName } from "/static/animate.js";
import { BoardView } from "/static/board.js";
import { Chooser, clickInfo, elementsOf, targets } from "/static/choices.js";
import { _, currentLanguage, loadLanguage, ngettext } from "/static/i18n.js";
import { playerError } from "/static/errors.js";
import { pollWhenSilent } from "/static/fallback.js";
import { RovingMarks } from "/static/marks.js";
import { drawStaged, fitStatues, placeStatue } from "/static/staging.js";
import { renderClocks, seatClock } from "/static/clock.js";
import { announceTurn, bindNameField, bindSoundToggle, playerName, seatLabel } from "/static/players.js";
import { playAgain, renderEndPanel, renderScoreboard } from "/static/panels.js";
import { PhoneLayout } from "/static/phone.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const apiBase = `/api/games/${encodeURIComponent(gameId)}`;

const boardBox = document.getElementById("board");
const legalList = document.getElementById("legal");
const rotations = document.getElementById("rotations");
const showAll = document.getElementById("show-all");
const slider = document.getElementById("slider");
const sliderLabel = document.getElementById("slider-label");
const statusLine = document.getElementById("status");
const connection = document.getElementById("connection");

const hash = new URLSearchParams(location.hash.slice(1));
const invite = hash.get("invite"); // an invitation link to a seat of an unlisted game
let mySeat = null; // the seat this page plays, if any
let token = readToken();
let latest = null; // the newest live view
let viewing = null; // null = live, else the move number shown
let shown = null; // the view on screen
let busy = false;
let socket = null;
let reconnectDelay = 500;
let historyTimer = null;
let drawing = Promise.resolve(); // views are drawn one after the other (animations take time)
let seen = null; // the moves this page has shown live: later ones are animated
let animated = 0; // the moves this page has animated: never animated twice (a move's answer and
// its echo on the socket can both be on their way while an animation runs)
let ownMove = null; // the move this page is making (not animated: the player saw it)
let pending = 0; // views waiting to be drawn (an animation runs, or its steps are on the way)

const board = new BoardView(boardBox, () => {
  fitStatues(board.svg); // a zoom resizes the island names: the statues stay clear of them
  markSelection();
});
const chooser = new Chooser();
const phone = new PhoneLayout(boardBox, document.getElementById("choices"), document.getElementById("sheet-toggle"));
const roving = new RovingMarks(boardBox, (mark) => revealMark(mark));
const animator = new Animator(
  board,
  (at) => boardUrl(at, null),
  (step) => appendNarration(step.lines),
  (text) => { document.getElementById("anim-caption").textContent = text; },
);
const fallback = pollWhenSilent(async () => receiveView(await api("GET", apiBase, { token })));

// ------------------------------------------------------------------ the seat's token
// Tokens are kept in localStorage per game and seat, never in the address bar:
// "#seat=k" picks seat k's token, "#watch" none, no hash the first seat held here.
function readToken() {
  if (hash.has("watch")) return null;
  const held = heldSeats(gameId);
  const wanted = hash.has("seat") ? Number(hash.get("seat")) : null;
  const found = held.find(([seat]) => wanted === null || seat === wanted);
  if (!found) return null;
  mySeat = found[0];
  return found[1];
}

function forgetToken() {
  if (mySeat !== null) forgetSeat(gameId, mySeat);
  token = null;
  mySeat = null;
}

function restartSocket() {
  if (socket) socket.close(); // its close handler opens a new one, with the new token
}

async function claimSeat(seat) {
  showMessage("");
  try {
    // the link's invitation, or the one this browser kept (a seat it left may be taken again)
    const code = invite && Number(hash.get("seat")) === seat ? invite : invitesOf(gameId)[String(seat)];
    const body = { invite: code, name: playerName() };
    const claimed = await api("POST", `${apiBase}/seats/${seat}`, { body });
    if (code) saveInvites(gameId, { ...invitesOf(gameId), [String(seat)]: code });
    saveSeat(gameId, claimed.seat, claimed.token);
    token = claimed.token;
    mySeat = claimed.seat;
    history.replaceState(null, "", `${location.pathname}#seat=${claimed.seat}`);
    latest = null;
    await load();
    restartSocket();
  } catch (err) {
    showMessage(_("Could not take seat {seat}: {error}", { seat, error: playerError(err, { seat }) }));
  }
}

async function leaveSeat() {
  if (mySeat === null || !token) return;
  const left = mySeat; // read now: the socket closing with the revoked token forgets it meanwhile
  showMessage("");
  try {
    await api("DELETE", `${apiBase}/seats/${left}`, { token });
    forgetSeat(gameId, left);
    forgetToken();
    history.replaceState(null, "", `${location.pathname}#watch`);
    showMessage(_("You left seat {seat}; it is free again. You are watching.", { seat: left }), "info");
    latest = null;
    await load();
    restartSocket();
  } catch (err) {
    showMessage(_("Could not leave the seat: {error}", { error: playerError(err, { seat: left }) }));
  }
}

// ------------------------------------------------------------------ views
function boardUrl(at, seat) {
  const params = new URLSearchParams({ at: String(at), lang: currentLanguage() });
  if (seat !== null && seat !== undefined) params.set("for", String(seat));
  return `${apiBase}/board.svg?${params}`;
}

function sameView(a, b) {
  return a.moves === b.moves && a.code === b.code && a.you === b.you
    && JSON.stringify(a.seats) === JSON.stringify(b.seats)
    && JSON.stringify(a.legal ?? null) === JSON.stringify(b.legal ?? null);
}

/** Every live view, from a move's answer, the socket or a poll, comes in here. */
export function receiveView(view) {
  if (latest && view.moves < latest.moves) return; // an older view arriving late
  if (latest && viewing === null && sameView(latest, view)) {
    latest = view; // the same game (the answer to a move, then its echo on the socket)
    return;
  }
  const before = latest;
  latest = view;
  if (viewing !== null && viewing >= view.moves) viewing = null;
  if (viewing !== null) {
    renderSlider();
    return;
  }
  pending += 1;
  document.body.classList.add("drawing");
  drawing = drawing.then(() => showLive(before)).catch(() => {}).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.classList.remove("drawing");
  });
}
window.tongiakiReceiveView = receiveView; // for a polling fallback living in its own file

/** Animates the moves since the position on screen, then draws the newest view. */
async function showLive(before) {
  const view = latest;
  if (!view || viewing !== null) return;
  let from = before ? seen : null;
  if (from !== null && ownMove === from && view.moves > from) from += 1;
  if (from !== null && animated > from && animated <= view.moves) from = animated;
  if (from !== null && view.moves > from && view.moves - from <= 80) {
    animated = view.moves;
    try {
      const told = await api("GET", `${apiBase}/steps?from=${from}&to=${view.moves}`);
      showWatching(told.steps);
      document.getElementById("skip").hidden = false;
      await animator.play(told.steps, (at) => _("Board after move {move}", { move: at }));
    } catch {
      // the animation is a nicety: the view is drawn anyway
    } finally {
      document.getElementById("skip").hidden = true;
    }
  }
  // a newer view arrived meanwhile: it is animated in its own turn; else draw the newest
  if (viewing === null && latest && latest.moves === view.moves) await render(latest);
}

/** While moves are animated, the status says so: nothing is to be chosen until they end. */
function showWatching(steps) {
  if (!steps.length || speedName() === "instant") return;
  const voyage = steps.some((step) => step.events.some((e) => e.type === "Departed"));
  statusLine.textContent = voyage
    ? _("Watching the voyage… (Skip shows the board as it is now.)")
    : _("Watching the moves since your last look… (Skip shows the board as it is now.)");
  statusLine.dataset.watching = voyage ? "voyage" : "moves";
}

async function load() {
  try {
    receiveView(await api("GET", apiBase, { token }));
  } catch (err) {
    if (err.status === 401 && token) {
      forgetToken();
      showMessage(_("This browser's seat token is not valid for this game; you are watching."));
      return load();
    }
    if (latest) {
      showMessage(_("Cannot reach game {game}: {error}", { game: gameId, error: playerError(err) }));
      document.getElementById("message").dataset.reach = "lost";
    }
    else statusLine.textContent = _("Cannot load game {game}: {error}", { game: gameId, error: playerError(err) });
    throw err;
  }
}

async function showHistory(k) {
  try {
    const view = await api("GET", `${apiBase}?at=${k}`, { token });
    if (viewing === k) await render(view);
  } catch (err) {
    showMessage(_("Cannot show move {move}: {error}", { move: k, error: playerError(err) }));
  }
}

// ------------------------------------------------------------------ rendering
async function render(view) {
  const markup = await board.fetchSvg(boardUrl(view.at, isActionable(view) ? view.you : null));
  shown = view;
  chooser.reset();
  const keepFocus = focusIsOnTheBoard();
  document.getElementById("colour-pick").hidden = true;
  document.getElementById("game-id").textContent = view.id;
  announceTurn(view.id, isActionable(view) && view.to_move === view.you);
  board.show(markup, _("Board after move {move}", { move: view.at }));
  decorateBoard(view);
  roving.reset();
  if (keepFocus) roving.focus();
  phone.newDecision();
  renderStatus(view);
  renderLegal(view);
  renderSeats(view);
  renderScoreboard(view, seatName);
  renderClocks(view);
  renderEndPanel(view, seatName, () => view.outcome?.rule, `${apiBase}/record`);
  document.getElementById("code").textContent = view.code ?? "";
  renderNarration(view);
  renderSlider();
  boardBox.dataset.at = String(view.at);
  document.body.dataset.shown = String(view.at);
  if (isLive(view)) {
    seen = view.moves;
    if (ownMove !== null && ownMove < seen) ownMove = null;
  }
}

/**
 * Whether the player's focus belongs to the board: on it, on the page itself, or on the controls
 * of the choice just made (Confirm hides as the move goes). A new board then takes it back.
 */
function focusIsOnTheBoard() {
  const active = document.activeElement;
  return !active || active === document.body || boardBox.contains(active)
    || !!active.closest?.("#selection, #extra-actions, #legal");
}

/** A mark reached by an arrow key but out of the board's view: zoom to the choices. */
function revealMark(mark) {
  const r = mark.getBoundingClientRect();
  const box = boardBox.getBoundingClientRect();
  if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
    board.reveal(mark);
  }
}

/** Marks on top of the library's board: beach numbers, statues to click, focusable choices. */
function decorateBoard(view) {
  const svg = board.svg;
  if (!svg) return;
  boardBox.classList.toggle("actionable", isActionable(view));
  if (!isActionable(view)) return;
  // the number of every beach a choice names, as the list names it
  for (const beach of svg.querySelectorAll(".highlight.beach")) {
    const group = beach.closest("[data-beach]");
    if (!group) continue;
    const box = beach.getBBox();
    const tag = BoardView.make("text", {
      x: box.x + box.width / 2, y: box.y + box.height / 2 + 4, class: "beach-number", "text-anchor": "middle",
    });
    tag.textContent = group.dataset.beach;
    group.append(tag);
  }
  // a departure's mark and arrow name their jetty and its beach, as the jetty itself does
  for (const mark of svg.querySelectorAll(".highlight.jetty, .highlight.jetty-arrow")) {
    let line = mark;
    while (line && !line.matches(".highlight.jetty")) line = line.previousElementSibling;
    const direction = line?.dataset.direction;
    if (direction === undefined) continue;
    mark.dataset.direction = direction;
    const jetty = mark.closest("[data-pos]")?.querySelector(`.jetty[data-direction="${direction}"][data-beach]`);
    if (jetty) mark.dataset.beach = jetty.dataset.beach;
    if (mark.matches("line")) {
      // a jetty is a short line: a round target at its end takes the click (or the tap)
      const x1 = Number(mark.getAttribute("x1")), y1 = Number(mark.getAttribute("y1"));
      const x2 = Number(mark.getAttribute("x2")), y2 = Number(mark.getAttribute("y2"));
      const hit = BoardView.make("circle", {
        class: "jetty-hit", cx: (x1 + 3 * x2) / 4, cy: (y1 + 3 * y2) / 4, r: 15,
        "data-direction": direction, "data-beach": mark.dataset.beach ?? "",
      });
      if (!jetty) hit.removeAttribute("data-beach");
      mark.closest("[data-pos]")?.append(hit);
    }
  }
  // the statue of each island that may become royal
  for (const choice of view.legal.filter((c) => c.action?.type === "FoundRoyal")) {
    const pos = `${choice.action.island[0]},${choice.action.island[1]}`;
    const tile = svg.querySelector(`[data-pos="${pos}"]`);
    if (tile?.querySelector(".land")) placeStatue(tile);
  }
  makeMarksFocusable();
  board.keepMarksTappable(); // the jetties' round targets, just added, big enough on a phone
}

/** Highlighted places take the keyboard focus too: Tab to one, Enter or Space to choose it. */
function makeMarksFocusable() {
  for (const mark of board.svg.querySelectorAll(".highlight")) {
    if (mark.closest(".highlight") !== mark && mark.parentElement.closest(".highlight")) continue;
    const info = clickInfo(mark, boardBox);
    const where = [
      info.statue ? _("the statue") : "",
      info.direction !== undefined ? _("jetty {jetty}", { jetty: info.direction }) : "",
      info.beach !== undefined ? _("beach {beach}", { beach: info.beach }) : "",
      info.group ? _("the boats under way") : "",
      info.pos !== undefined ? _("at {position}", { position: info.pos }) : "",
    ].filter(Boolean).join(" ");
    if (!where) continue;
    mark.setAttribute("tabindex", "0");
    mark.setAttribute("role", "button");
    mark.setAttribute("aria-label", _("Choose {place}", { place: where }));
  }
}

function isLive(view) {
  return view.at === view.moves && viewing === null;
}

function isActionable(view) {
  return isLive(view) && Array.isArray(view.legal) && view.legal.length > 0;
}

function seatName(view, seat) {
  const info = view.seats?.find((s) => s.seat === seat);
  if (seat === view.you) {
    return info?.name ? _("{name} (seat {seat}, you)", { name: info.name, seat }) : _("seat {seat} (you)", { seat });
  }
  if (info?.kind === "bot") return _("seat {seat} (bot {bot})", { seat, bot: info.bot ?? "" }).replace(" )", ")");
  return seatLabel(seat, info?.name);
}

function renderStatus(view) {
  const parts = [];
  if (!isLive(view)) {
    parts.push(_("History: after move {move} of {total}.", { move: view.at, total: latest?.moves ?? view.moves }));
  }
  if (view.outcome) {
    const names = view.outcome.winners.map((w) => seatName(view, w));
    const winners = names.length > 1
      ? _("{items} and {last}", { items: names.slice(0, -1).join(", "), last: names[names.length - 1] })
      : names.join("");
    const scores = view.outcome.scores.map((s, i) => seatLabel(i, view.seats?.[i]?.name) + ": " + s).join(", ");
    parts.push(_("Game over. Scores {scores}. Winner: {winners}.", { scores, winners }));
  } else if (view.to_move === null || view.to_move === undefined) {
    parts.push(_("A tile is being drawn."));
  } else if (view.to_move === view.you) {
    parts.push(_("Your turn ({decision}).", { decision: phaseName(view.phase) }));
  } else {
    const who = seatName(view, view.to_move);
    parts.push(capital(_("{who} to move ({decision}).", { who, decision: phaseName(view.phase) })));
  }
  parts.push(view.you === null || view.you === undefined
    ? _("You are watching.") : _("You play seat {seat}.", { seat: view.you }));
  parts.push(_("Moves: {count}.", { count: view.moves }));
  statusLine.textContent = parts.join(" ");
  statusLine.dataset.watching = "";
  statusLine.dataset.moves = String(view.moves);
  statusLine.dataset.at = String(view.at);
  statusLine.dataset.you = view.you === null || view.you === undefined ? "" : String(view.you);
  statusLine.dataset.toMove = view.to_move === null || view.to_move === undefined ? "" : String(view.to_move);
  statusLine.dataset.over = view.outcome ? "true" : "false";
}

function phaseName(phase) {
  const phases = {
    setup: _("set-up: put a boat on a beach of Tonga"),
    turn: _("expand, found a royal island, recolonise or depart"),
    departure: _("choose a beach and jetty to sail from"),
    draw: _("a tile is drawn"),
    place_tile: _("place the drawn tile"),
    berth: _("berth the boats on a beach"),
    game_over: _("game over"),
  };
  return phases[phase] ?? String(phase ?? "").replaceAll("_", " ");
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function renderLegal(view, only = null) {
  const legal = isLive(view) && Array.isArray(view.legal) ? view.legal : [];
  const hint = document.getElementById("decision-hint");
  if (legal.length === 0) {
    if (!isLive(view)) hint.textContent = _("You are looking at the past: slide to the end (or press Live) to play.");
    else if (view.outcome) hint.textContent = _("The game is over.");
    else if (view.you === null || view.you === undefined) hint.textContent = _("You are watching this game.");
    else hint.textContent = _("Waiting for the other seats.");
  } else {
    hint.textContent = only
      ? _("Several choices fit that click: pick one.")
      : boardHint(legal);
    if (!only && legal.some((c) => c.action?.type === "PlaceTile")) showDrawnTile(view, hint);
  }
  legalList.replaceChildren(
    ...legal
      .filter((choice) => !only || only.includes(choice.index))
      .map((choice) =>
        el("li", { dataset: { index: String(choice.index), type: choice.action?.type ?? "" } },
          el("button", {
            type: "button",
            dataset: { index: String(choice.index) },
            onclick: () => stageChoice(choice.index),
            onmouseenter: () => markChoice(choice),
            onmouseleave: () => markChoice(null),
            onfocus: () => markChoice(choice),
            onblur: () => markChoice(null),
          }, choice.notation)),
      ),
  );
  if (only) document.getElementById("legal-box").open = true;
  showAll.hidden = !only;
  renderExtraActions(legal);
  renderRotations(legal, only);
  markSelection();
}

/** The drawn tile, beside the hint, from the moment it is to be placed (tile.svg, unturned). */
async function showDrawnTile(view, hint) {
  let markup;
  try {
    markup = await board.fetchSvg(`${apiBase}/tile.svg?at=${view.at}&rotation=0&lang=${currentLanguage()}`);
  } catch {
    return;
  }
  if (shown !== view || hint.querySelector(".drawn-tile")) return;
  const picture = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
  if (picture.nodeName !== "svg") return;
  const tile = document.importNode(picture, true);
  tile.setAttribute("width", "96");
  tile.setAttribute("height", "96");
  tile.setAttribute("role", "img");
  tile.setAttribute("aria-label", _("the drawn tile"));
  tile.classList.add("drawn-tile");
  hint.append(" ", tile);
}

/** What to click on the board for the decision at hand. */
function boardHint(legal) {
  const types = new Set(legal.map((c) => c.action?.type));
  if (types.has("SetupPlace")) return _("Click a numbered beach of Tonga to put a boat there, then confirm.");
  if (types.has("PlaceTile")) {
    const hexes = new Set(legal.filter((c) => c.action?.type === "PlaceTile").map((c) => c.action.position.join(",")));
    if (hexes.size === 1) return _("Place the drawn tile (shown here): click the marked hex, turn the tile (R), then confirm.");
    return ngettext("Place the drawn tile (shown here): click one of the {count} marked hex, turn the tile (R), then confirm.",
      "Place the drawn tile (shown here): click one of the {count} marked hexes, turn the tile (R), then confirm.", hexes.size);
  }
  if (types.has("ExpandFromBoard")) {
    return _("Your reserve is empty: click a beach with one of your boats, then the beach to move it to, then confirm.");
  }
  if (types.has("PlaceNewBoats")) {
    return _("You have no boats in play: click two beaches of Tonga, or one beach of another island, then confirm. Two boats on one beach: pick it from the list.");
  }
  if (types.has("Berth")) return _("Click a marked beach to berth a boat there (click a boat under way first to choose which), then confirm.");
  if (types.has("Depart")) return _("Click the jetty to sail from, then confirm.");
  if (types.has("Expand") || types.has("PlaceNewBoats")) {
    return _("Click beaches of an island to add a boat to each, or its crown to found a royal island; then confirm.");
  }
  return _("Click a highlighted beach, jetty or hex on the board, or pick from the list.");
}

/** Choices with no place on the board: New Colonisation, sending a boat home. */
function renderExtraActions(legal) {
  const box = document.getElementById("extra-actions");
  const extra = legal.filter((c) => c.action?.type === "Recolonize");
  box.replaceChildren(...extra.map((choice) => el("button", {
    type: "button", className: "extra", dataset: { index: String(choice.index), type: choice.action.type },
    onclick: () => stageChoice(choice.index),
  }, _("New Colonisation"))));
}

function renderRotations(legal, only) {
  // a single hex to place on: its rotations as buttons (the board's preview turns too)
  const places = legal.filter((c) => c.action?.type === "PlaceTile" && (!only || only.includes(c.index)));
  const byPosition = new Set(places.map((c) => c.action.position.join(",")));
  rotations.hidden = places.length === 0 || byPosition.size > 1;
  rotations.replaceChildren(places.length && byPosition.size > 1 ? el("p", { className: "small" },
    ngettext("The tile can go on {count} hex: click it on the board, then turn the tile.",
      "The tile can go on {count} hexes: click one on the board, then turn the tile.", byPosition.size)) : "");
  if (places.length && byPosition.size > 1) rotations.hidden = false;
  if (places.length && byPosition.size === 1 && !chooser.selection) {
    chooser.click({ pos: [...byPosition][0] }, shown);
  }
}

/** Marks the board elements of a list entry while it is hovered or focused. */
function markChoice(choice) {
  for (const node of boardBox.querySelectorAll(".list-mark")) node.classList.remove("list-mark");
  if (!choice || !board.svg) return;
  for (const target of targets(choice.action ?? {}, shown?.state)) {
    for (const node of elementsOf(target, board.svg)) node.classList.add("list-mark");
  }
}

/** Shows the choice being put together: beaches toggled, the tile previewed, the boat chosen. */
function markSelection() {
  const box = document.getElementById("selection");
  const text = document.getElementById("selection-text");
  const confirm = document.getElementById("confirm");
  const s = chooser.selection;
  for (const node of boardBox.querySelectorAll(".selected")) node.classList.remove("selected");
  for (const node of boardBox.querySelectorAll(".staged-mark")) node.remove();
  boardBox.querySelector(".tile-preview")?.remove();
  document.getElementById("rotate-left").hidden = s?.kind !== "place";
  document.getElementById("rotate-right").hidden = s?.kind !== "place";
  // a boat's colour still to pick (pickColour): a redraw of the board (a zoom, the phone's sheet
  // opening) keeps the question on screen
  const picking = !s && !document.getElementById("colour-pick").hidden;
  box.hidden = !s && !picking;
  // on a phone the sheet opens for what only it offers: Confirm, a list to pick from, no mark at all
  phone.need(!!s || picking || !showAll.hidden
    || (!!shown && isActionable(shown) && !board.svg?.querySelector(".highlight")));
  if (picking) return;
  box.dataset.kind = s?.kind ?? "";
  box.dataset.island = s?.island ?? s?.pos ?? "";
  confirm.disabled = true;
  if (!s || !shown || !board.svg) return;
  const ready = chooser.confirmable(shown.legal ?? []);
  confirm.disabled = !ready;
  confirm.dataset.index = ready ? String(ready.index) : "";
  if (s.kind === "expand") {
    for (const beach of s.beaches) {
      for (const node of board.svg.querySelectorAll(`[data-pos="${s.island}"] .beach[data-beach="${beach}"]`)) node.classList.add("selected");
    }
    drawStaged(board.svg, { type: "Expand", island: s.island.split(",").map(Number), beaches: [...s.beaches] }, shown.state);
    const list = [...s.beaches].sort((a, b) => a - b).join(", ") || "–";
    const more = beachesStillNeeded(s, shown.legal ?? []);
    text.textContent = ready
      ? _("Expand on ({island}), beaches {beaches}.", { island: s.island, beaches: list })
      : more > 0
        ? ngettext("Beaches chosen on ({island}): {beaches}. Choose {count} more beach.",
          "Beaches chosen on ({island}): {beaches}. Choose {count} more beaches.", more, { island: s.island, beaches: list })
        : _("Beaches chosen on ({island}): {beaches}. Add or remove beaches.", { island: s.island, beaches: list });
    box.dataset.more = String(more);
  } else if (s.kind === "place") {
    text.textContent = _("The tile at ({position}), turned {rotation}: R turns it, Enter confirms.", { position: s.pos, rotation: s.rotation });
    previewTile(s);
  } else if (s.kind === "berth") {
    for (const node of board.svg.querySelectorAll(`.group [data-colour="${s.colour}"]`)) node.classList.add("selected");
    text.textContent = _("Boat {colour} chosen: click a marked beach.", { colour: s.colour });
    confirm.disabled = true;
  } else if (s.kind === "move") {
    for (const node of board.svg.querySelectorAll(`[data-pos="${s.source}"] .beach[data-beach="${s.sourceBeach}"]`)) node.classList.add("selected");
    text.textContent = _("Boat picked up: click the beach to move it to.");
  } else if (s.kind === "staged") {
    for (const target of targets(ready?.action ?? {}, shown.state)) {
      for (const node of elementsOf(target, board.svg)) node.classList.add("selected");
    }
    if (ready) drawStaged(board.svg, ready.action, shown.state);
    text.textContent = _("Your move: {move}. Confirm (Enter) sends it; Cancel (Esc) takes it back.", { move: ready?.notation ?? "" });
  } else if (s.kind === "move-to") {
    for (const node of board.svg.querySelectorAll(`[data-pos="${s.island}"] .beach[data-beach="${s.beach}"]`)) node.classList.add("selected");
    text.textContent = _("Beach chosen: click the boat to move there.");
  }
}

/** How many beaches the chosen ones lack for the nearest legal expansion of that island (0: none
 * fits them, a beach must go). */
function beachesStillNeeded(s, legal) {
  const sizes = legal
    .filter((c) => (c.action?.type === "Expand" || c.action?.type === "PlaceNewBoats")
      && c.action.island.join(",") === s.island
      && [...s.beaches].every((b) => c.action.beaches.includes(b)))
    .map((c) => new Set(c.action.beaches).size - s.beaches.size);
  return sizes.length ? Math.min(...sizes) : 0;
}

/** The drawn tile (tile.svg) drawn on the chosen hex, as it would lie. */
async function previewTile(s) {
  const at = shown.at;
  const url = `${apiBase}/tile.svg?at=${at}&rotation=${s.rotation}&lang=${currentLanguage()}`;
  let markup;
  try {
    markup = await board.fetchSvg(url);
  } catch {
    return;
  }
  if (chooser.selection !== s || shown?.at !== at || !board.svg) return;
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const tile = doc.querySelector('g.tile[data-pos="0,0"]');
  const centre = board.hexCentre(s.pos);
  if (!tile || !centre) return;
  const points = tile.querySelector("polygon").getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  const ox = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const oy = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  boardBox.querySelector(".tile-preview")?.remove();
  const preview = BoardView.make("g", { class: "tile-preview", transform: `translate(${centre.x - ox} ${centre.y - oy})`, "aria-hidden": "true" });
  preview.append(document.importNode(tile, true));
  board.svg.querySelector(".board")?.append(preview) ?? board.svg.append(preview);
}

function renderSeats(view) {
  const seats = view.seats ?? [];
  document.getElementById("seats").replaceChildren(
    ...seats.map((seat) => {
      const tags = [];
      if (seat.seat === view.you) tags.push(_("you"));
      if (seat.seat === view.to_move && !view.outcome) tags.push(_("to move"));
      const kind = seat.kind === "bot" ? _("bot {bot}", { bot: seat.bot ?? "" }).trim()
        : seat.free ? _("human (free)") : _("human");
      return el("li", {
        dataset: { seat: String(seat.seat) },
        className: seat.seat === view.to_move && !view.outcome ? "to-move" : "",
      }, seat.name ? _("Seat {seat}:", { seat: seat.seat }) + " " : _("Seat {seat}: {kind}", { seat: seat.seat, kind }),
      seat.name ? el("bdi", { className: "seat-name" }, seat.name) : null,
      tags.length ? el("strong", {}, ` — ${tags.join(", ")}`) : null,
      seat.kind === "human" ? seatClock(el, seat.seat) : null,
      seatControls(view, seat));
    }),
  );
}

/** Leave your seat; take a free one (with the link's invitation); share a free seat's link. */
function seatControls(view, seat) {
  if (seat.kind !== "human") return null;
  if (seat.seat === view.you) {
    return el("button", { type: "button", className: "leave-seat", onclick: leaveSeat }, _("Leave seat"));
  }
  if (!seat.free || view.outcome) return null;
  const code = invitesOf(gameId)[String(seat.seat)];
  if (view.you !== null && view.you !== undefined) {
    if (!code) return null;
    const link = inviteLink(gameId, seat.seat, code);
    return el("div", { className: "invite" },
      el("label", { for: `invite-${seat.seat}`, className: "small" }, _("Invitation link:")),
      el("input", {
        id: `invite-${seat.seat}`, className: "invite-link", readonly: true, value: link,
        onfocus: (event) => event.target.select(),
      }));
  }
  return el("button", {
    type: "button", className: "take-seat", dataset: { seat: String(seat.seat) },
    onclick: () => claimSeat(seat.seat),
  }, _("Take seat {seat}", { seat: seat.seat }));
}

// The narration speaks as players do (issue 39): islands by name, places by direction, seats
// by their players' names. The same line with coordinates is there on demand: as the line's
// tooltip, or for every line with the "Show coordinates" box. Lines are written as text only.
const coordinatesBox = document.getElementById("narration-coordinates");

function showLine(span) {
  const coordinates = coordinatesBox?.checked && span.dataset.coordinates;
  span.textContent = coordinates ? span.dataset.coordinates : span.dataset.words;
  if (span.dataset.coordinates !== span.dataset.words) span.title = span.dataset.coordinates;
}

/** A narration line, linked to the rule clause that explains it ("why?" is one click). */
function narrationItem(words, coordinates, rule) {
  const line = el("span", { className: "line" });
  line.dataset.words = words ?? coordinates;
  line.dataset.coordinates = coordinates ?? words;
  showLine(line);
  return el("li", {}, line, rule
    ? el("a", { className: "why", href: rule, target: "_blank", rel: "noopener", title: _("the rule behind this line") }, _("why?"))
    : null);
}

function renderNarration(view) {
  const pane = document.getElementById("narration");
  const lines = view.narration ?? [];
  const words = view.narration_words ?? [];
  const rules = view.narration_rules ?? [];
  pane.replaceChildren(...lines.map((line, k) => narrationItem(words[k], line, rules[k])));
  pane.scrollTop = pane.scrollHeight;
}

function appendNarration(lines) {
  const pane = document.getElementById("narration");
  pane.append(...lines.map((line) => narrationItem(line.words, line.text, line.rule)));
  pane.scrollTop = pane.scrollHeight;
}

coordinatesBox?.addEventListener("change", () => {
  for (const span of document.querySelectorAll("#narration .line")) showLine(span);
});

function renderSlider() {
  const max = latest ? latest.moves : 0;
  slider.max = String(max);
  slider.value = String(viewing ?? max);
  sliderLabel.textContent = viewing === null
    ? _("{move} (live)", { move: max }) : _("{move} of {total}", { move: viewing, total: max });
  document.getElementById("live").disabled = viewing === null;
}

// ------------------------------------------------------------------ acting
async function play(index) {
  if (busy || !latest || animator.running || pending > 0) return;
  busy = true;
  ownMove = latest.moves;
  document.body.classList.add("busy");
  showMessage("");
  try {
    const view = await api("POST", `${apiBase}/actions`, {
      token,
      body: { action: index, expect_move: latest.moves },
    });
    viewing = null;
    receiveView(view); // my own move is not animated: what follows it (chance, bots, the chain) is
  } catch (err) {
    ownMove = null;
    const clause = err.clause ? " (" + _("clause {clause}", { clause: err.clause }) + ")" : "";
    if (err.status === 409) showMessage(_("Too late: {error}", { error: playerError(err) }));
    else showMessage(_("Not accepted: {error}", { error: playerError(err) }) + clause);
    if (err.status === 409 || err.status === 403) await load().catch(() => {});
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

function onBoardClick(event) {
  if (!shown || !isActionable(shown) || busy || animator.running || pending > 0) return;
  const info = clickInfo(event.target, boardBox);
  if (Object.keys(info).length === 0) return;
  const answer = chooser.click(info, shown);
  document.getElementById("colour-pick").hidden = true;
  if (answer.select) {
    showMessage("");
    markSelection();
  } else if (answer.colours) {
    pickColour(answer.colours);
  } else if (answer.list) {
    showMessage("");
    renderLegal(shown, answer.list);
    legalList.querySelector("button")?.focus();
  } else {
    showMessage(_("Nothing to do there: click a highlighted place, or pick from the list."), "info");
  }
}

/** Several boats could berth on that beach: one button per colour, by the board. */
function pickColour(options) {
  const box = document.getElementById("colour-pick");
  document.getElementById("selection").hidden = false;
  document.getElementById("selection").dataset.kind = "colour";
  document.getElementById("selection-text").textContent = _("Which boat berths there?");
  document.getElementById("confirm").disabled = true;
  box.replaceChildren(...options.map((o) => el("button", {
    type: "button", className: `boat-badge big c-${o.colour}`, dataset: { index: String(o.index), colour: o.colour },
    "aria-label": _("Berth boat {colour}", { colour: o.colour }), onclick: () => stageChoice(o.index),
  }, o.colour)));
  box.hidden = false;
  phone.need(true);
  box.querySelector("button")?.focus();
}

/** A choice from the panel (a boat's colour, New Colonisation, the list): staged, then Confirm. */
function stageChoice(index) {
  if (!shown || !isActionable(shown) || busy) return;
  chooser.stage(index);
  document.getElementById("colour-pick").hidden = true;
  showMessage("");
  markSelection();
  document.getElementById("confirm").focus();
}

function confirmSelection() {
  const ready = shown && chooser.confirmable(shown.legal ?? []);
  if (ready) play(ready.index);
}

// ------------------------------------------------------------------ live updates
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the token goes in the first message, never in the URL (where proxies would log it)
  const params = new URLSearchParams({ lang: currentLanguage() });
  socket = new WebSocket(`${scheme}://${location.host}${apiBase}/ws?${params}`);
  const mine = socket;
  let opened = false;
  let pinger = null;
  connection.dataset.state = "connecting";
  connection.textContent = _("connecting…");
  socket.addEventListener("open", () => {
    fallback.heard();
    mine.send(JSON.stringify({ type: "hello", token }));
    // the server closes a socket silent for minutes: a ping keeps this one open
    pinger = setInterval(() => mine.send(JSON.stringify({ type: "ping" })), 60000);
    opened = true;
    reconnectDelay = 500;
    if (document.getElementById("message").dataset.reach === "lost") showMessage("");
    connection.dataset.state = "live";
    connection.textContent = _("live");
  });
  socket.addEventListener("message", (event) => {
    fallback.heard();
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message?.type === "view" && message.view) receiveView(message.view);
  });
  socket.addEventListener("close", (event) => {
    fallback.closed();
    clearInterval(pinger);
    connection.dataset.state = "offline";
    connection.textContent = _("reconnecting…");
    if (event.code === 4404) {
      connection.textContent = _("no such game");
      return;
    }
    if (event.code === 4401 && token) forgetToken();
    setTimeout(() => {
      // a refused handshake: ask over HTTP why (an unknown token is dropped, a missing game stops)
      const check = opened ? Promise.resolve() : load();
      check.then(connect, (err) => {
        if (err.status === 404) connection.textContent = _("no such game");
        else connect();
      });
    }, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 10000);
  });
}

// ------------------------------------------------------------------ wiring
document.getElementById("record-link").href = `${apiBase}/record`;
bindNameField(document.getElementById("player-name"));
bindSoundToggle(document.getElementById("turn-sound"));
boardBox.addEventListener("click", onBoardClick);
// the keyboard on the board: arrows move among the marks, Space chooses the focused one, Enter
// chooses it too, or confirms the move when the mark is already part of it (or the board has the focus)
boardBox.addEventListener("keydown", (event) => {
  if (roving.onKey(event)) return;
  if (event.key !== "Enter" && event.key !== " ") return;
  const onMark = event.target !== boardBox && event.target.getAttribute?.("role") === "button";
  event.preventDefault();
  event.stopPropagation();
  if (!onMark) {
    if (event.key === "Enter") confirmSelection();
    return;
  }
  const held = shown && chooser.holds(clickInfo(event.target, boardBox), shown);
  if (event.key === "Enter" && held && chooser.confirmable(shown.legal ?? [])) confirmSelection();
  else onBoardClick(event);
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.key === "Enter" && (event.target === document.body || event.target === document.documentElement)) {
    confirmSelection(); // Enter confirms from anywhere that is not a control of its own
  } else if (event.key === "r" || event.key === "R") {
    if (chooser.rotate(event.shiftKey ? -1 : 1)) markSelection();
  } else if (event.key === "+" || event.key === "=") {
    board.zoomBy(1.25);
  } else if (event.key === "-") {
    board.zoomBy(0.8);
  } else if (event.key === "0") {
    board.fit();
  } else if (event.key === "Escape") {
    chooser.reset();
    document.getElementById("colour-pick").hidden = true;
    markSelection();
  }
});
document.getElementById("zoom-in").addEventListener("click", () => board.zoomBy(1.25));
document.getElementById("zoom-out").addEventListener("click", () => board.zoomBy(0.8));
document.getElementById("zoom-fit").addEventListener("click", () => board.fit());
document.getElementById("zoom-choices").addEventListener("click", () => board.zoomToChoices());
// the legend opens from the board's toolbar too, and takes the focus there (issue 39)
document.getElementById("show-legend").addEventListener("click", () => {
  const legend = document.getElementById("legend");
  legend.open = true;
  legend.scrollIntoView({ block: "nearest" });
  legend.querySelector("summary").focus();
});
document.getElementById("rotate-left").addEventListener("click", () => { if (chooser.rotate(-1)) markSelection(); });
document.getElementById("rotate-right").addEventListener("click", () => { if (chooser.rotate(1)) markSelection(); });
document.getElementById("confirm").addEventListener("click", confirmSelection);
document.getElementById("cancel").addEventListener("click", () => {
  chooser.reset();
  document.getElementById("colour-pick").hidden = true;
  markSelection();
});
document.getElementById("skip").addEventListener("click", () => animator.skip());
document.getElementById("play-again").addEventListener("click", () => latest && playAgain(latest));
const speed = document.getElementById("speed");
speed.value = speedName();
speed.addEventListener("change", () => setSpeed(speed.value));
showAll.addEventListener("click", () => {
  if (shown) renderLegal(shown);
});
slider.addEventListener("input", () => {
  if (!latest) return;
  const k = Number(slider.value);
  clearTimeout(historyTimer);
  if (k >= latest.moves) {
    viewing = null;
    render(latest);
    return;
  }
  viewing = k;
  renderSlider();
  historyTimer = setTimeout(() => showHistory(k), 120);
});
document.getElementById("live").addEventListener("click", () => {
  viewing = null;
  if (latest) render(latest);
});

loadLanguage().then(load).then(connect, () => {});
