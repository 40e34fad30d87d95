// The game page: the board (the library's SVG), clicks on it, the legal list, the history
// slider, the narration and live updates over the WebSocket.
import {
  api, el, forgetSeat, heldSeats, inviteLink, invitesOf, saveSeat, showMessage,
} from "/static/api.js";
import { _, currentLanguage, loadLanguage, ngettext } from "/static/i18n.js";
import { pollWhenSilent } from "/static/fallback.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const apiBase = `/api/games/${encodeURIComponent(gameId)}`;

const board = document.getElementById("board");
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
const fallback = pollWhenSilent(async () => accept(await api("GET", apiBase, { token })));

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
    const body = invite && Number(hash.get("seat")) === seat ? { invite } : {};
    const claimed = await api("POST", `${apiBase}/seats/${seat}`, { body });
    saveSeat(gameId, claimed.seat, claimed.token);
    token = claimed.token;
    mySeat = claimed.seat;
    history.replaceState(null, "", `${location.pathname}#seat=${claimed.seat}`);
    await load();
    restartSocket();
  } catch (err) {
    showMessage(_("Could not take seat {seat}: {error}", { seat, error: err.message }));
  }
}

async function leaveSeat() {
  if (mySeat === null || !token) return;
  showMessage("");
  try {
    await api("DELETE", `${apiBase}/seats/${mySeat}`, { token });
    const left = mySeat;
    forgetToken();
    history.replaceState(null, "", `${location.pathname}#watch`);
    showMessage(_("You left seat {seat}; it is free again. You are watching.", { seat: left }), "info");
    latest = null;
    await load();
    restartSocket();
  } catch (err) {
    showMessage(_("Could not leave the seat: {error}", { error: err.message }));
  }
}

// ------------------------------------------------------------------ views
function sameView(a, b) {
  return a.moves === b.moves && a.code === b.code && a.you === b.you
    && JSON.stringify(a.seats) === JSON.stringify(b.seats)
    && JSON.stringify(a.legal ?? null) === JSON.stringify(b.legal ?? null);
}

function accept(view) {
  if (latest && view.moves < latest.moves) return; // an older view arriving late
  if (latest && viewing === null && sameView(latest, view)) {
    latest = view; // the same game (the answer to a move, then its echo on the socket)
    return;
  }
  latest = view;
  if (viewing !== null && viewing >= view.moves) viewing = null;
  if (viewing === null) render(view);
  else renderSlider();
}

async function load() {
  try {
    accept(await api("GET", apiBase, { token }));
  } catch (err) {
    if (err.status === 401 && token) {
      forgetToken();
      showMessage(_("This browser's seat token is not valid for this game; you are watching."));
      return load();
    }
    if (latest) {
      showMessage(_("Cannot reach game {game}: {error}", { game: gameId, error: err.message }));
      document.getElementById("message").dataset.reach = "lost";
    }
    else statusLine.textContent = _("Cannot load game {game}: {error}", { game: gameId, error: err.message });
    throw err;
  }
}

async function showHistory(k) {
  try {
    const view = await api("GET", `${apiBase}?at=${k}`, { token });
    if (viewing === k) render(view);
  } catch (err) {
    showMessage(_("Cannot show move {move}: {error}", { move: k, error: err.message }));
  }
}

// ------------------------------------------------------------------ rendering
function render(view) {
  shown = view;
  document.getElementById("game-id").textContent = view.id;
  document.title = `Tongiaki — ${view.id}`;
  renderBoard(view);
  renderStatus(view);
  renderLegal(view);
  renderSeats(view);
  document.getElementById("code").textContent = view.code ?? "";
  renderNarration(view);
  renderSlider();
}

function renderBoard(view) {
  const markup = String(view.svg ?? "").replace(/^<\?xml[^>]*\?>\s*/, "").replace(/<!DOCTYPE[^>]*>\s*/i, "");
  board.innerHTML = markup;
  const svg = board.querySelector("svg");
  if (svg) {
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", _("Board after move {move}", { move: view.at }));
    svg.removeAttribute("height");
    svg.setAttribute("width", "100%");
  }
  board.dataset.at = String(view.at);
  board.classList.toggle("actionable", isActionable(view));
  if (isActionable(view)) makeMarksFocusable();
}

/** Highlighted places take the keyboard focus too: Tab to one, Enter or Space to choose it. */
function makeMarksFocusable() {
  for (const mark of board.querySelectorAll(".highlight")) {
    const info = clickInfo(mark);
    const where = [
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
  if (seat === view.you) return _("seat {seat} (you)", { seat });
  if (info?.kind === "bot") return _("seat {seat} (bot {bot})", { seat, bot: info.bot ?? "" }).replace(" )", ")");
  return _("seat {seat}", { seat });
}

function renderStatus(view) {
  const parts = [];
  if (!isLive(view)) {
    parts.push(_("History: after move {move} of {total}.", { move: view.at, total: latest?.moves ?? view.moves }));
  }
  if (view.outcome) {
    const scores = view.outcome.scores.map((s, i) => _("seat {seat}", { seat: i }) + ": " + s).join(", ");
    const names = view.outcome.winners.map((w) => seatName(view, w));
    const winners = names.length > 1
      ? _("{items} and {last}", { items: names.slice(0, -1).join(", "), last: names[names.length - 1] })
      : names.join("");
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
      : _("Click a highlighted beach, jetty or hex on the board, or pick from the list.");
  }
  legalList.replaceChildren(
    ...legal
      .filter((choice) => !only || only.includes(choice.index))
      .map((choice) =>
        el("li", { dataset: { index: String(choice.index), type: choice.action?.type ?? "" } },
          el("button", {
            type: "button",
            dataset: { index: String(choice.index) },
            onclick: () => play(choice.index),
          }, choice.notation)),
      ),
  );
  showAll.hidden = !only;
  renderRotations(legal, only);
}

function renderRotations(legal, only) {
  const places = legal.filter((c) => c.action?.type === "PlaceTile" && (!only || only.includes(c.index)));
  const byPosition = new Map();
  for (const choice of places) {
    const key = choice.action.position.join(",");
    if (!byPosition.has(key)) byPosition.set(key, []);
    byPosition.get(key).push(choice);
  }
  rotations.hidden = places.length === 0;
  if (byPosition.size !== 1) {
    // several hexes: the player picks one on the board first, then turns the tile
    rotations.replaceChildren(places.length ? el("p", { className: "small" },
      ngettext("The tile can go on {count} hex: click it on the board, then turn the tile.",
        "The tile can go on {count} hexes: click one on the board, then turn the tile.", byPosition.size)) : "");
    return;
  }
  const [[pos, choices]] = byPosition;
  rotations.replaceChildren(
    el("div", { className: "rotation-group", role: "group", "aria-label": _("Turn the tile at {position}", { position: pos }) },
      el("span", { className: "small" }, _("Place the tile at {position}, its red marker towards:", { position: pos })),
      choices.map((choice) =>
        el("button", {
          type: "button",
          className: "rotation",
          title: choice.notation,
          "aria-label": _("Place the tile at {position} turned {rotation} steps ({notation})",
            { position: pos, rotation: choice.action.rotation, notation: choice.notation }),
          dataset: { index: String(choice.index), rotation: String(choice.action.rotation), pos },
          onclick: () => play(choice.index),
        },
        el("span", { className: "rot-icon", "aria-hidden": "true",
          style: `transform: rotate(${choice.action.rotation * 60}deg)` }, "▼"),
        ` ${choice.action.rotation}`)),
    ),
  );
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
      }, _("Seat {seat}: {kind}", { seat: seat.seat, kind }), tags.length ? el("strong", {}, ` — ${tags.join(", ")}`) : null,
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

function renderNarration(view) {
  const pane = document.getElementById("narration");
  const lines = view.narration ?? [];
  pane.replaceChildren(...lines.map((line) => el("li", {}, line)));
  pane.scrollTop = pane.scrollHeight;
}

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
  if (busy || !latest) return;
  busy = true;
  document.body.classList.add("busy");
  showMessage("");
  try {
    const view = await api("POST", `${apiBase}/actions`, {
      token,
      body: { action: index, expect_move: latest.moves },
    });
    viewing = null;
    accept(view);
  } catch (err) {
    const clause = err.clause ? " (" + _("clause {clause}", { clause: err.clause }) + ")" : "";
    if (err.status === 409) showMessage(_("Too late: {error}. The board now shows the current game.", { error: err.message }));
    else showMessage(_("Not accepted: {error}", { error: err.message }) + clause);
    if (err.status === 409 || err.status === 403) await load().catch(() => {});
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

/** What a click on the board points at: hex, beach, jetty direction, the group's boats. */
function clickInfo(target) {
  const info = {};
  const inBoard = (node) => (node && board.contains(node) ? node : null);
  const pos = inBoard(target.closest("[data-pos]"));
  if (pos) info.pos = pos.dataset.pos;
  const beach = inBoard(target.closest("[data-beach]"));
  if (beach) info.beach = Number(beach.dataset.beach);
  const jetty = inBoard(target.closest("[data-direction]"));
  if (jetty) info.direction = Number(jetty.dataset.direction);
  const group = inBoard(target.closest(".group"));
  if (group) {
    info.group = true;
    const boat = inBoard(target.closest("[data-colour]"));
    if (boat) info.colour = boat.dataset.colour;
  }
  return info;
}

const hex = (h) => `${h[0]},${h[1]}`;

/** The places on the board an action can be chosen by. */
function targets(action, state) {
  switch (action.type) {
    case "SetupPlace": {
      const start = state?.table?.find((t) => t.tile === "tonga");
      return [start ? { pos: hex(start.at), beach: action.beach } : { beach: action.beach }];
    }
    case "Expand":
    case "PlaceNewBoats":
      return [{ pos: hex(action.island) }, ...action.beaches.map((b) => ({ pos: hex(action.island), beach: b }))];
    case "ExpandFromBoard":
      return [
        { pos: hex(action.island), beach: action.beach },
        { pos: hex(action.source), beach: action.source_beach },
      ];
    case "FoundRoyal":
      return [{ pos: hex(action.island) }];
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

function fits(target, click) {
  const shared = Object.keys(target).filter((key) => key in click);
  return shared.length > 0 && shared.every((key) => target[key] === click[key]);
}

function onBoardClick(event) {
  if (!shown || !isActionable(shown) || busy) return;
  const click = clickInfo(event.target);
  if (Object.keys(click).length === 0) return;
  const matches = shown.legal.filter((choice) =>
    targets(choice.action ?? {}, shown.state).some((t) => fits(t, click)));
  if (matches.length === 1) {
    play(matches[0].index);
  } else if (matches.length > 1) {
    showMessage("");
    renderLegal(shown, matches.map((m) => m.index));
    legalList.querySelector("button")?.focus();
  } else {
    showMessage(_("Nothing to do there: click a highlighted place, or pick from the list."), "info");
  }
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
    if (message?.type === "view" && message.view) accept(message.view);
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
board.addEventListener("click", onBoardClick);
board.addEventListener("keydown", (event) => {
  if ((event.key === "Enter" || event.key === " ") && event.target.classList?.contains("highlight")) {
    event.preventDefault();
    onBoardClick(event);
  }
});
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
