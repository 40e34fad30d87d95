// The game's clock on each seat (issue 39): a game created with a clock, or a server run with
// --turn-timeout, gives every seat so many seconds a move. The view says the seconds a move,
// the seats the clock runs for now and the seconds they had left when the view was made; the
// page counts down from there (its own clock, never the server's time of day). A seat out of
// time has that move made by the server's greedy bot: the next view shows it.
import { _ } from "/static/i18n.js";

let clock = null; // the last view's clock
let received = 0; // when it came (performance.now(), in ms)
let ticking = null;

/** "0:42", "12:05", "1:02:03": the seconds as players read a clock. */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function secondsLeft() {
  if (!clock || clock.left === null || clock.left === undefined) return null;
  return clock.left - (performance.now() - received) / 1000;
}

function paint() {
  const left = secondsLeft();
  for (const node of document.querySelectorAll(".seat-clock")) {
    const seat = Number(node.dataset.seat);
    if (!clock) {
      node.textContent = "";
      continue;
    }
    const running = clock.seats.includes(seat) && left !== null;
    node.classList.toggle("running", running);
    node.classList.toggle("low", running && left <= 10);
    let text;
    if (!running) text = _("{time} a move", { time: clockText(clock.seconds) });
    else if (left > 0) text = _("{time} left", { time: clockText(left) });
    else text = _("time is up: the server's bot moves");
    node.textContent = text;
  }
}

/** Shows the view's clock on every seat (nothing if the game has none), ticking each second. */
export function renderClocks(view) {
  clock = view.clock ?? null;
  received = performance.now();
  document.body.dataset.clock = clock ? String(clock.seconds) : "";
  paint();
  if (clock && clock.left !== null && ticking === null) {
    ticking = setInterval(paint, 1000);
  } else if ((!clock || clock.left === null) && ticking !== null) {
    clearInterval(ticking);
    ticking = null;
  }
}

/** The clock's place on a human seat, filled by renderClocks. */
export function seatClock(el, seat) {
  return el("span", { className: "seat-clock", role: "timer", dataset: { seat: String(seat) } });
}
