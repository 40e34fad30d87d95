// The seats of a Tóncc game as its page lists them: who plays which King, their name and clock,
// who has chosen this round (never what), and the seat's controls: take a free seat (with an
// invitation link's code), leave one's own, share a free seat's link. The same rules as the
// Tongiaki page: tokens per game and seat in localStorage, names written as text only.
import { api, el, forgetSeat, inviteLink, invitesOf, saveInvites, saveSeat } from "/static/api.js";
import { seatClock } from "/static/clock.js";
import { _ } from "/static/i18n.js";
import { playerName } from "/static/players.js";
import { kingName } from "/static/toncc_words.js";

/** The seat list of ``view``; ``page`` holds the game's id and the take/leave callbacks. */
export function renderSeats(view, page) {
  const seating = view.state?.seating;
  const chosen = new Set(view.chosen ?? []);
  const deciders = new Set(view.deciders ?? []);
  document.getElementById("seats").replaceChildren(...(view.seats ?? []).map((seat) => {
    const tags = [];
    if (seat.seat === view.you) tags.push(_("you"));
    if (seat.kind === "human" && deciders.has(seat.seat) && !view.outcome) tags.push(chosen.has(seat.seat) ? _("has chosen") : _("choosing"));
    const kind = seat.kind === "bot" ? _("bot {bot}", { bot: seat.bot ?? "" }).trim()
      : seat.free ? _("human (free)") : _("human");
    const king = seating ? _("King {king}", { king: kingName(seating[seat.seat]) }) : null;
    return el("li", { dataset: { seat: String(seat.seat), chosen: String(chosen.has(seat.seat)) } },
      seat.name ? _("Seat {seat}:", { seat: seat.seat }) + " " : _("Seat {seat}: {kind}", { seat: seat.seat, kind }),
      seat.name ? el("bdi", { className: "seat-name" }, seat.name) : null,
      king ? ` — ${king}` : null,
      tags.length ? el("strong", {}, ` — ${tags.join(", ")}`) : null,
      seat.kind === "human" ? seatClock(el, seat.seat) : null,
      controls(view, seat, page));
  }));
}

function controls(view, seat, page) {
  if (seat.kind !== "human") return null;
  if (seat.seat === view.you) {
    return el("button", { type: "button", className: "leave-seat", onclick: () => page.leave() }, _("Leave seat"));
  }
  if (!seat.free || view.outcome) return null;
  const code = invitesOf(page.gameId)[String(seat.seat)];
  if (view.you !== null && view.you !== undefined) {
    if (!code) return null;
    return el("div", { className: "invite" },
      el("label", { for: `invite-${seat.seat}`, className: "small" }, _("Invitation link:")),
      el("input", {
        id: `invite-${seat.seat}`, className: "invite-link", readonly: true,
        value: inviteLink(page.gameId, seat.seat, code), onfocus: (event) => event.target.select(),
      }));
  }
  return el("button", {
    type: "button", className: "take-seat", dataset: { seat: String(seat.seat) },
    onclick: () => page.take(seat.seat),
  }, _("Take seat {seat}", { seat: seat.seat }));
}

/** Claims ``seat`` with this browser's name (and the invitation's code, if any); its token. */
export async function claim(gameId, seat, invite) {
  const code = invite ?? invitesOf(gameId)[String(seat)];
  const claimed = await api("POST", `/api/games/${encodeURIComponent(gameId)}/seats/${seat}`,
    { body: { invite: code, name: playerName() } });
  if (code) saveInvites(gameId, { ...invitesOf(gameId), [String(seat)]: code });
  saveSeat(gameId, claimed.seat, claimed.token);
  return claimed;
}

/** Leaves ``seat`` (this browser forgets its token). */
export async function leave(gameId, seat, token) {
  await api("DELETE", `/api/games/${encodeURIComponent(gameId)}/seats/${seat}`, { token });
  forgetSeat(gameId, seat);
}
