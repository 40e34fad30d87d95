// The score panel beside the board and the end-of-game panel (issue 27), as HTML from the view's
// "scoreboard" and "outcome" (the server counts them with the library: nothing is counted here).

import { api, el, saveSeat, showMessage } from "/static/api.js";
import { playerError } from "/static/errors.js";
import { seatClock } from "/static/clock.js";
import { _, ngettext } from "/static/i18n.js";

function boatBadge(letter) {
  return el("span", { className: `boat-badge c-${letter}`, "aria-hidden": "true" }, letter);
}

/** The score table: a row per colour (seat, reserve, board, at sea, royal islands, score). */
export function renderScoreboard(view, seatName) {
  const board = view.scoreboard;
  const table = document.getElementById("score-table");
  const pile = document.getElementById("pile");
  if (!board) {
    table.replaceChildren();
    pile.textContent = "";
    return;
  }
  const head = el("tr", {},
    el("th", { scope: "col" }, _("Seat")),
    el("th", { scope: "col", title: _("boats in reserve") }, _("Reserve")),
    el("th", { scope: "col", title: _("boats on the board") }, _("Board")),
    el("th", { scope: "col", title: _("boats under way") }, _("At sea")),
    el("th", { scope: "col", title: _("royal islands founded") }, _("Royal")),
    el("th", { scope: "col" }, _("Score")));
  const rows = board.colours.map((row) => el("tr", {
    className: row.colour === board.turn ? "turn" : "",
    dataset: { colour: row.colour, seat: String(row.seat) },
  },
  el("th", { scope: "row", title: seatName(view, row.seat) }, boatBadge(row.colour), " ", String(row.seat),
    view.seats?.[row.seat]?.name ? el("bdi", { className: "seat-name" }, " ", view.seats[row.seat].name) : null,
    row.seat === view.you ? el("span", { className: "turn-mark" }, ` ${_("you")}`) : null,
    row.colour === board.turn ? el("span", { className: "turn-mark" }, " ◀", el("span", { className: "sr-only" }, _("to move"))) : null,
    view.clock && view.seats?.[row.seat]?.kind === "human" ? seatClock(el, row.seat) : null),
  el("td", {}, String(row.reserve)),
  el("td", {}, String(row.board)),
  el("td", {}, String(row.sea)),
  el("td", {}, String(row.royal)),
  el("td", { className: "score" }, String(board.scores[row.seat] ?? ""))));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
  const islands = ngettext("{count} island", "{count} islands", board.pile.islands);
  const oceans = ngettext("{count} ocean tile", "{count} ocean tiles", board.pile.oceans);
  const parts = [_("Pile: {islands}, {oceans} left", { islands, oceans })];
  if (board.end_triggered && !view.outcome) parts.push(_("End triggered: this turn is the last"));
  pile.textContent = parts.join(" · ");
}

const TIEBREAKS = {
  none: () => _("Decided by the scores alone (no tie-break needed)."),
  islands: () => _("Tied on points: won on tie-break 1, present on the most islands."),
  boats: () => _("Tied on points and islands: won on tie-break 2, fewest boats on the board."),
  shared: () => _("Still tied after both tie-breaks: the victory is shared."),
};

/** The end-of-game panel: ranking, scores, the tie-break that decided, islands and boats. */
export function renderEndPanel(view, seatName, ruleUrl, recordUrl) {
  const panel = document.getElementById("end-panel");
  const outcome = view.outcome;
  const live = view.at === view.moves;
  panel.hidden = !(outcome && live);
  if (!outcome || !live) return;
  const place = new Map();
  outcome.ranking.forEach((group, k) => group.forEach((seat) => place.set(seat, k + 1)));
  const order = outcome.ranking.flat();
  const rows = order.map((seat) => el("tr", { dataset: { seat: String(seat) }, className: outcome.winners.includes(seat) ? "winner" : "" },
    el("td", { className: "rank" }, String(place.get(seat))),
    el("th", { scope: "row" }, seatName(view, seat), outcome.winners.includes(seat) ? " ★ " + _("winner") : ""),
    el("td", { className: "score" }, String(outcome.scores[seat])),
    el("td", { className: "islands" }, String(outcome.islands[seat])),
    el("td", { className: "boats" }, String(outcome.boats[seat]))));
  const tie = (TIEBREAKS[outcome.tiebreak] ?? TIEBREAKS.none)();
  const rule = ruleUrl(outcome.clause);
  document.getElementById("end-table").replaceChildren(
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, _("Place")),
      el("th", { scope: "col" }, _("Seat")),
      el("th", { scope: "col" }, _("Score")),
      el("th", { scope: "col" }, _("Islands")),
      el("th", { scope: "col" }, _("Boats on the board")))),
    el("tbody", {}, rows));
  document.getElementById("end-tiebreak").replaceChildren(
    tie, " ", rule ? el("a", { href: rule, target: "_blank", rel: "noopener" }, _("Rule {clause}", { clause: outcome.clause })) : "");
  document.getElementById("end-record").href = recordUrl;
  document.getElementById("end-title").dataset.winners = outcome.winners.join(",");
}

/** A new game with the same players, bots and rules; the player keeps their seat number. */
export async function playAgain(view) {
  const bots = {};
  for (const seat of view.seats ?? []) if (seat.kind === "bot") bots[String(seat.seat)] = seat.bot;
  const body = { players: view.seats.length, seats: bots, rules: view.state?.rules ?? {} };
  if (view.you !== null && view.you !== undefined) body.seat = view.you;
  try {
    const game = await api("POST", "/api/games", { body });
    if (game.token) saveSeat(game.id, game.seat, game.token);
    location.assign(`/games/${encodeURIComponent(game.id)}${game.token ? `#seat=${game.seat}` : "#watch"}`);
  } catch (err) {
    showMessage(_("Could not start a new game: {error}", { error: playerError(err) }));
  }
}
