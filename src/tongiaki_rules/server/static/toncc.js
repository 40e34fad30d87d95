// The Tóncc game page: the board and the Map, the seat's six moves staged on the board and sent
// by Confirm (nothing is final in one click), the choices kept secret until every King has
// chosen, each round told in words, the seats with names and clocks, and live updates over the
// WebSocket (polling over HTTP when it fails), as on the Tongiaki page.
import { api, el, heldSeats, showMessage } from "/static/api.js";
import { renderClocks } from "/static/clock.js";
import { playerError } from "/static/errors.js";
import { pollWhenSilent } from "/static/fallback.js";
import { _, currentLanguage, loadLanguage } from "/static/i18n.js";
import { announceTurn, bindNameField, bindSoundToggle, seatLabel } from "/static/players.js";
import { colourKey, drawBoard, drawMap } from "/static/toncc_board.js";
import { claim, leave, renderSeats } from "/static/toncc_seats.js";
import { KINGS, kingName, kingWithPlayer, roundLines } from "/static/toncc_words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const apiBase = `/api/games/${encodeURIComponent(gameId)}`;
const hash = new URLSearchParams(location.hash.slice(1));
const boardBox = document.getElementById("board");
const statusLine = document.getElementById("status");
const connection = document.getElementById("connection");

let mySeat = null;
let token = readToken();
let latest = null; // the newest view
let staged = null; // the index of the move staged on the board, sent by Confirm
let busy = false;
let told = null; // the round the narration has told last (its "after")
let socket = null;
let reconnectDelay = 500;
const fallback = pollWhenSilent(async () => receive(await api("GET", apiBase, { token })));

function readToken() {
  if (hash.has("watch")) return null;
  const wanted = hash.has("seat") && !hash.has("invite") ? Number(hash.get("seat")) : null;
  const found = heldSeats(gameId).find(([seat]) => wanted === null || seat === wanted);
  if (!found) return null;
  mySeat = found[0];
  return found[1];
}

// ------------------------------------------------------------------ views
function receive(view) {
  if (!view || (latest && view.moves < latest.moves)) return;
  if (latest && view.moves === latest.moves && JSON.stringify(view) === JSON.stringify(latest)) return;
  if (!latest || view.moves !== latest.moves) staged = null;
  latest = view;
  render(view);
}

async function load() {
  receive(await api("GET", apiBase, { token }));
}

function choosing(view) {
  return Array.isArray(view.legal) && view.legal.length > 0 && !view.outcome;
}

function render(view) {
  const focused = document.activeElement?.closest?.(".toncc-mark");
  const hadFocus = Boolean(focused) || document.activeElement === boardBox.querySelector("svg");
  document.getElementById("game-id").textContent = gameId;
  const legal = choosing(view) ? view.legal : [];
  boardBox.replaceChildren(drawBoard(view, legal, staged));
  document.getElementById("map").replaceChildren(drawMap(view));
  bindMarks(hadFocus ? Number(focused?.dataset.index ?? staged ?? 0) : null);
  renderStatus(view);
  renderChoices(view, legal);
  renderKings(view);
  renderNarration(view);
  renderSeats(view, { gameId, take: takeSeat, leave: leaveSeat });
  renderClocks(view);
  renderEnd(view);
  announceTurn(gameId, choosing(view), { mine: _("● Your turn — Tóncc"), idle: `Tóncc — ${gameId}` });
}

function renderStatus(view) {
  let words;
  const waiting = (view.deciders ?? []).filter((seat) => !(view.chosen ?? []).includes(seat));
  const names = waiting.map((seat) => seatLabel(seat, view.seats?.[seat]?.name)).join(", ");
  if (view.outcome) {
    words = _("The game is over.");
  } else if (view.phase !== "choose") {
    words = _("The regions are being shuffled…");
  } else if (choosing(view)) {
    words = _("Your turn: choose your King's move in secret. The others do not see it until every King has chosen.");
    const done = (view.chosen ?? []).map((seat) => seatLabel(seat, view.seats?.[seat]?.name));
    if (done.length) words += " " + _("Chosen already: {names}.", { names: done.join(", ") });
  } else if (view.choice) {
    words = _("You chose move {number}; it stays secret until every King has chosen. Waiting for: {names}.", { number: view.choice.number, names });
  } else {
    words = _("The Kings choose in secret. Waiting for: {names}.", { names });
  }
  statusLine.textContent = words;
  Object.assign(statusLine.dataset, {
    moves: String(view.moves),
    you: view.you === null || view.you === undefined ? "" : String(view.you),
    over: String(Boolean(view.outcome)),
    choosing: String(choosing(view)),
    chosen: (view.chosen ?? []).join(","),
    challenge: String(view.state.challenge),
  });
}

function renderChoices(view, legal) {
  const hint = document.getElementById("decision-hint");
  const list = document.getElementById("moves");
  const selection = document.getElementById("selection");
  document.getElementById("choices").hidden = view.you === null || view.you === undefined || Boolean(view.outcome);
  const mine = view.state.seating && view.you !== null && view.you !== undefined ? view.state.seating[view.you] : null;
  document.getElementById("you-are").textContent = mine ? _("You play King {king}.", { king: kingName(mine) }) : "";
  if (!legal.length) {
    hint.textContent = view.choice
      ? _("Your move {number} is sent. It shows when every King has chosen.", { number: view.choice.number })
      : _("Nothing to choose now.");
    list.replaceChildren();
    selection.hidden = true;
    return;
  }
  hint.textContent = staged === null
    ? _("Choose one of the six rings on the board (or a move below), then Confirm. Arrow keys move between the rings.")
    : _("Confirm sends your move; Cancel or another ring changes it.");
  list.replaceChildren(...legal.map((entry) => el("li", {}, el("button", {
    type: "button",
    className: staged === entry.index ? "toncc-move staged" : "toncc-move",
    "aria-pressed": String(staged === entry.index),
    dataset: { index: String(entry.index) },
    onclick: () => stage(entry.index),
  }, _("Move {number} to {cell}", { number: entry.action.number, cell: entry.to })))));
  selection.hidden = staged === null;
  if (staged !== null) {
    const entry = legal[staged];
    document.getElementById("selection-text").textContent = _("Your move: {number}, to {cell}.", { number: entry.action.number, cell: entry.to });
  }
}

function renderKings(view) {
  const head = el("tr", {}, el("th", { scope: "col" }, _("King")), el("th", { scope: "col" }, _("Seals left")),
    el("th", { scope: "col" }, _("King points")), el("th", { scope: "col" }, _("Tóncc points")));
  const rows = KINGS.map((king) => {
    const data = view.state.kings[king];
    return el("tr", { dataset: { king } },
      el("th", { scope: "row" }, kingWithPlayer(view, king)),
      el("td", {}, String(data.seals)), el("td", {}, String(data.king_points)), el("td", {}, String(data.toncc_points)));
  });
  const caption = el("caption", { className: "small muted" },
    _("Challenge {challenge} of 3, turn {turn}", { challenge: Math.min(view.state.challenge + 1, 3), turn: view.state.turn + 1 }));
  document.getElementById("kings").replaceChildren(caption, el("thead", {}, head), el("tbody", {}, rows));
}

function renderNarration(view) {
  const pane = document.getElementById("narration");
  const round = view.last_round;
  if (!round || round.after === told) return;
  told = round.after;
  pane.append(...roundLines(view).map((line) => el("li", {}, line)));
  while (pane.children.length > 60) pane.firstElementChild.remove();
  pane.scrollTop = pane.scrollHeight;
}

function renderEnd(view) {
  const panel = document.getElementById("end-panel");
  panel.hidden = !view.outcome;
  if (!view.outcome) return;
  const winners = view.outcome.winners.map((seat) => kingWithPlayer(view, view.state.seating[seat])).join(", ");
  const points = KINGS.map((king) => `${kingName(king)} ${view.state.kings[king].toncc_points}`).join(", ");
  document.getElementById("end-text").textContent = _("Winner: {winners}. Tóncc points: {points}.", { winners, points });
}

// ------------------------------------------------------------------ choosing
function marks() {
  return [...boardBox.querySelectorAll(".toncc-mark")];
}

/** The marks take the focus one at a time (a roving tab index): Tab reaches the board once. */
function bindMarks(focusIndex) {
  const all = marks();
  if (!all.length) return;
  const current = all.find((m) => Number(m.dataset.index) === (focusIndex ?? staged ?? -1)) ?? all[0];
  current.setAttribute("tabindex", "0");
  for (const m of all) {
    m.addEventListener("click", () => stage(Number(m.dataset.index)));
  }
  if (focusIndex !== null) current.focus();
}

function stage(index) {
  if (!latest || !choosing(latest) || busy) return;
  staged = index;
  render(latest);
  const mark = marks().find((m) => Number(m.dataset.index) === index);
  if (mark && !document.activeElement?.closest?.("#moves")) mark.focus();
}

function cancel() {
  staged = null;
  if (latest) render(latest);
}

async function confirmMove() {
  if (staged === null || !latest || busy || !choosing(latest)) return;
  busy = true;
  showMessage("");
  try {
    const view = await api("POST", `${apiBase}/actions`, {
      token, body: { action: staged, expect_move: latest.moves },
    });
    staged = null;
    receive(view);
  } catch (err) {
    showMessage(playerError(err));
    staged = null;
    await load().catch(() => {});
  } finally {
    busy = false;
  }
}

boardBox.addEventListener("keydown", (event) => {
  const all = marks();
  const here = event.target.closest?.(".toncc-mark");
  if (!here || !all.length) return;
  const k = all.indexOf(here);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    event.preventDefault();
    const next = all[(k + step + all.length) % all.length];
    for (const m of all) m.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const index = Number(here.dataset.index);
    if (event.key === "Enter" && staged === index) confirmMove();
    else stage(index);
  } else if (event.key === "Escape") {
    cancel();
  }
});

// ------------------------------------------------------------------ seats
async function takeSeat(seat) {
  showMessage("");
  try {
    const invite = hash.get("invite") && Number(hash.get("seat")) === seat ? hash.get("invite") : undefined;
    const claimed = await claim(gameId, seat, invite);
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
  const left = mySeat;
  try {
    await leave(gameId, left, token);
    token = null;
    mySeat = null;
    history.replaceState(null, "", `${location.pathname}#watch`);
    showMessage(_("You left seat {seat}; it is free again. You are watching.", { seat: left }), "info");
    latest = null;
    await load();
    restartSocket();
  } catch (err) {
    showMessage(_("Could not leave the seat: {error}", { error: playerError(err, { seat: left }) }));
  }
}

// ------------------------------------------------------------------ live updates
function restartSocket() {
  if (socket) socket.close();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const params = new URLSearchParams({ lang: currentLanguage() });
  socket = new WebSocket(`${scheme}://${location.host}${apiBase}/ws?${params}`);
  const mine = socket;
  let pinger = null;
  connection.dataset.state = "connecting";
  connection.textContent = _("connecting…");
  socket.addEventListener("open", () => {
    fallback.heard();
    mine.send(JSON.stringify({ type: "hello", token }));
    pinger = setInterval(() => mine.send(JSON.stringify({ type: "ping" })), 60000);
    reconnectDelay = 500;
    connection.dataset.state = "live";
    connection.textContent = _("live");
  });
  socket.addEventListener("message", (event) => {
    fallback.heard();
    try {
      const message = JSON.parse(event.data);
      if (message?.type === "view" && message.view) receive(message.view);
    } catch {
      // not a message of the server's
    }
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
    if (event.code === 4401 && token) {
      token = null;
      mySeat = null;
    }
    setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 10000);
  });
}

// ------------------------------------------------------------------ wiring
document.getElementById("record-link").href = `${apiBase}/record`;
document.getElementById("confirm").addEventListener("click", confirmMove);
document.getElementById("cancel").addEventListener("click", cancel);
bindNameField(document.getElementById("player-name"));
bindSoundToggle(document.getElementById("turn-sound"));

loadLanguage().then(async () => {
  document.getElementById("legend-colours").textContent = _("Letters of the colours: {key}.", { key: colourKey() });
  try {
    await load();
  } catch (err) {
    showMessage(playerError(err));
  }
  if (hash.has("invite") && token === null && latest && !latest.outcome) {
    const seat = Number(hash.get("seat"));
    if (latest.seats?.[seat]?.free) showMessage(_("Type your name below, then take seat {seat} with the button in the seat list.", { seat }), "info");
  }
  connect();
});
