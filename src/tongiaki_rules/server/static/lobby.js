// The lobby: list games, create a game (Tongiaki or Tóncc; seats, rule flags, seed), join a free
// seat, watch a game.
import { api, el, saveInvites, saveSeat, showMessage } from "/static/api.js";
import { playerError } from "/static/errors.js";
import { clockText } from "/static/clock.js";
import { _, loadLanguage } from "/static/i18n.js";
import { bindNameField, playerName } from "/static/players.js";

// MCTS in the lobby: this many iterations a move, or fewer if the server caps them lower
const LOBBY_MCTS_ITERATIONS = 200;
// the server's bots (GET /api/bots); until they are read, the ones every server offers
let offeredBots = { tongiaki: [{ name: "random" }, { name: "greedy" }], toncc: [{ name: "random" }, { name: "greedy" }] };
// the players each game is for: Tóncc is played by 3, each with one of the three Kings
const PLAYER_COUNTS = { tongiaki: [2, 3, 4, 5, 6], toncc: [3] };
const gameKind = document.getElementById("game-kind");

function seatKinds() {
  const kinds = [["human", _("Human")]];
  for (const bot of offeredBots[gameKind.value] ?? []) {
    if (bot.name === "mcts") {
      const iterations = Math.min(LOBBY_MCTS_ITERATIONS, bot.max_iterations ?? LOBBY_MCTS_ITERATIONS);
      kinds.push([`mcts:iterations=${iterations}`, _("Bot: {bot}", { bot: "MCTS" })]);
    } else {
      kinds.push([bot.name, _("Bot: {bot}", { bot: bot.name })]);
    }
  }
  return kinds;
}

/** The bots this server offers a seat of each game, with their caps (MCTS's iterations). */
async function loadBots() {
  try {
    const { games } = await api("GET", "/api/bots");
    for (const name of Object.keys(offeredBots)) {
      if (Array.isArray(games?.[name]) && games[name].length > 0) offeredBots[name] = games[name];
    }
  } catch {
    // a server that cannot answer this cannot list its games either, and says so there;
    // the seats keep the bots every server offers
  }
}
// the game's clock (issue 39): seconds a move, offered within the server's bounds
const CLOCKS = [30, 60, 120, 300, 600, 3600, 86400];

/** The clocks this server lets a game have (GET /api/clock), and its own limit if any. */
async function loadClocks() {
  const select = document.getElementById("clock");
  let settings = null;
  try {
    settings = await api("GET", "/api/clock");
  } catch {
    return; // "No clock" stays the only choice
  }
  const choices = [...new Set([settings.min, ...CLOCKS])]
    .filter((seconds) => seconds >= settings.min && seconds <= settings.max)
    .sort((a, b) => a - b);
  const none = settings.turn_timeout
    ? _("The server's limit: {time} a move", { time: clockText(settings.turn_timeout) })
    : _("No clock");
  select.replaceChildren(el("option", { value: "" }, none),
    ...choices.map((seconds) => el("option", { value: String(seconds) }, _("{time} a move", { time: clockText(seconds) }))));
}
const RULE_SELECTS = ["end_trigger", "closed_route_mode"];
const RULE_CHECKS = ["variant_rody", "expand_allow_fewer", "setup_distinct_beaches", "variant_two_player_double_colour"];

const playersSelect = document.getElementById("players");
const seatChoices = document.getElementById("seat-choices");
const mySeat = document.getElementById("my-seat");

/** The form for the chosen game: its player counts, its notes, and Tongiaki's rules only for it;
 * the two-colour variant only for 2 players. */
function renderGameKind() {
  const kind = gameKind.value;
  const counts = PLAYER_COUNTS[kind];
  const before = Number(playersSelect.value);
  playersSelect.replaceChildren(...counts.map((n) => el("option", { value: String(n) }, String(n))));
  playersSelect.value = String(counts.includes(before) ? before : counts[0]);
  for (const note of document.querySelectorAll("[data-game-note]")) note.hidden = note.dataset.gameNote !== kind;
  document.getElementById("game-kind-note").removeAttribute("id");
  document.querySelector(`[data-game-note="${kind}"]`).id = "game-kind-note";
  document.getElementById("tongiaki-rules").hidden = kind !== "tongiaki";
  renderSeatChoices();
}

function renderTwoColour() {
  const offered = gameKind.value === "tongiaki" && Number(playersSelect.value) === 2;
  document.getElementById("two-colour-choice").hidden = !offered;
  if (!offered) document.getElementById("variant_two_player_double_colour").checked = false;
}

function renderSeatChoices() {
  renderTwoColour();
  const players = Number(playersSelect.value);
  const previous = [...seatChoices.querySelectorAll("select")].map((s) => s.value);
  seatChoices.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const id = `seat-${seat}`;
    const select = el("select", { id, name: id, dataset: { seat: String(seat) } },
      seatKinds().map(([value, label]) => el("option", { value }, label)));
    const kept = previous[seat];
    const offered = [...select.options].some((o) => o.value === kept);
    select.value = offered ? kept : seat === 0 ? "human" : "greedy";
    select.addEventListener("change", renderMySeat);
    seatChoices.append(el("div", { className: "field" }, el("label", { for: id }, _("Seat {seat}", { seat })), select));
  }
  renderMySeat();
}

function humanSeats() {
  return [...seatChoices.querySelectorAll("select")]
    .filter((s) => s.value === "human")
    .map((s) => Number(s.dataset.seat));
}

function renderMySeat() {
  const before = mySeat.value;
  const humans = humanSeats();
  mySeat.replaceChildren(
    ...humans.map((seat) => el("option", { value: String(seat) }, _("Seat {seat}", { seat }))),
    el("option", { value: "watch" }, _("none — watch the bots")),
  );
  mySeat.value = [...mySeat.options].some((o) => o.value === before) ? before : mySeat.options[0].value;
}

function createBody() {
  const body = { players: Number(playersSelect.value) };
  if (gameKind.value !== "tongiaki") body.game = gameKind.value;
  const seats = {};
  for (const select of seatChoices.querySelectorAll("select")) {
    if (select.value !== "human") seats[select.dataset.seat] = select.value;
  }
  body.seats = seats;
  const rules = {};
  for (const name of gameKind.value === "tongiaki" ? RULE_SELECTS : []) {
    const select = document.getElementById(name);
    if (select.value !== select.options[0].value) rules[name] = select.value;
  }
  for (const name of gameKind.value === "tongiaki" ? RULE_CHECKS : []) {
    if (document.getElementById(name).checked) rules[name] = true;
  }
  body.rules = rules;
  if (mySeat.value !== "watch") {
    body.seat = Number(mySeat.value);
    body.name = playerName();
  }
  if (document.getElementById("unlisted").checked) body.unlisted = true;
  const clock = document.getElementById("clock").value;
  if (clock !== "") body.clock = Number(clock);
  const seed = document.getElementById("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) throw new Error(_("the seed must be a whole number (or empty)"));
    body.seed = Number(seed);
  }
  return body;
}

function enterGame(gameId, seat, token) {
  if (token) {
    saveSeat(gameId, seat, token);
    location.assign(`/games/${encodeURIComponent(gameId)}#seat=${seat}`);
  } else {
    location.assign(`/games/${encodeURIComponent(gameId)}#watch`);
  }
}

async function createGame(event) {
  event.preventDefault();
  const button = document.getElementById("create");
  button.disabled = true;
  showMessage("");
  try {
    const created = await api("POST", "/api/games", { body: createBody() });
    if (created.invites) saveInvites(created.id, created.invites);
    // the answer holds the token of the creator's seat only; the other seats stay free
    enterGame(created.id, created.seat, created.token);
  } catch (err) {
    showMessage(_("Could not create the game: {error}", { error: err.status === undefined ? err.message : playerError(err) }));
  } finally {
    button.disabled = false;
  }
}

async function joinSeat(gameId, seat) {
  showMessage("");
  try {
    const claimed = await api("POST", `/api/games/${encodeURIComponent(gameId)}/seats/${seat}`, { body: { name: playerName() } });
    enterGame(gameId, claimed.seat, claimed.token);
  } catch (err) {
    showMessage(_("Could not join seat {seat}: {error}", { seat, error: playerError(err, { seat }) }));
    refreshGames();
  }
}

function seatCell(game) {
  const list = el("ul", { className: "seat-list" });
  for (const seat of game.seats) {
    let content;
    if (seat.kind === "bot") {
      content = el("span", { className: "seat-bot" }, `${seat.seat}: ${seat.bot ?? "bot"}`);
    } else if (seat.free && !game.over) {
      content = el("button", {
        type: "button",
        className: "join",
        dataset: { game: game.id, seat: String(seat.seat) },
        onclick: () => joinSeat(game.id, seat.seat),
      }, _("Join seat {seat}", { seat: seat.seat }));
    } else {
      const human = seat.free ? _("human") : _("human (taken)");
      content = el("span", { className: "seat-taken" }, `${seat.seat}: `,
        seat.name ? el("bdi", { className: "seat-name" }, seat.name) : human);
    }
    list.append(el("li", {}, content));
  }
  return list;
}

function gameRow(game) {
  const created = new Date(game.created * 1000);
  return el("tr", { dataset: { game: game.id } },
    el("td", {}, el("code", {}, game.id), el("div", { className: "game-name" }, game.game === "toncc" ? "Tóncc" : "Tongiaki"),
      el("div", { className: "muted small" }, created.toLocaleString())),
    el("td", { dataset: { label: _("Players") } }, String(game.players)),
    el("td", { dataset: { label: _("Moves") } }, game.over ? _("{count} (over)", { count: game.moves }) : String(game.moves)),
    el("td", { dataset: { label: _("Seats") } }, seatCell(game)),
    el("td", {}, el("a", {
      className: "watch button",
      href: `/games/${encodeURIComponent(game.id)}#watch`,
      dataset: { game: game.id },
    }, _("Watch"))),
  );
}

async function refreshGames() {
  try {
    const { games } = await api("GET", "/api/games");
    document.querySelector("#games tbody").replaceChildren(...games.map(gameRow));
    document.getElementById("games-empty").hidden = games.length > 0;
  } catch (err) {
    showMessage(_("Could not list the games: {error}", { error: playerError(err) }));
  }
}

playersSelect.addEventListener("change", renderSeatChoices);
gameKind.addEventListener("change", renderGameKind);
document.getElementById("create-form").addEventListener("submit", createGame);
document.getElementById("refresh").addEventListener("click", refreshGames);
bindNameField(document.getElementById("player-name"));
Promise.all([loadLanguage(), loadBots()]).then(async () => {
  await loadClocks();
  renderGameKind();
  refreshGames();
});
// keep the list fresh while the lobby is on screen
setInterval(() => {
  if (document.visibilityState === "visible") refreshGames();
}, 15000);
