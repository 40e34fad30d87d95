// The players of a game (issue 39): the name this browser plays under (kept in localStorage,
// sent when a seat is taken), how a seat is called on screen ("Ana (seat 1)"), and the alert
// that it is this page's turn: the tab's title, and a short tone if the player turned it on.
// Names are the players' own text: they are only ever written with textContent.
import { _ } from "/static/i18n.js";

const NAME = "tongiaki:name";
const SOUND = "tongiaki:turn-sound";

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // a browser without storage keeps it for this page only
  }
}

/** Fills a name field from this browser's kept name, and keeps what the player types. */
export function bindNameField(input) {
  if (!input) return;
  input.value = stored(NAME) ?? "";
  input.addEventListener("change", () => store(NAME, input.value.trim()));
}

/** The name to send when a seat is taken (undefined: none given). */
export function playerName() {
  const field = document.getElementById("player-name");
  const name = (field ? field.value : stored(NAME) ?? "").trim();
  if (field) store(NAME, name);
  return name || undefined;
}

/** A seat as players read it: its holder's name and number, or its number alone. */
export function seatLabel(seat, name) {
  return name ? _("{name} (seat {seat})", { name, seat }) : _("seat {seat}", { seat });
}

/** Binds the "sound on my turn" checkbox (off unless the player turned it on). */
export function bindSoundToggle(box) {
  if (!box) return;
  box.checked = stored(SOUND) === "on";
  box.addEventListener("change", () => store(SOUND, box.checked ? "on" : ""));
}

let wasMine = false;
let audio = null;

function tone() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.setValueAtTime(660, now);
    osc.frequency.setValueAtTime(880, now + 0.12);
    gain.gain.setValueAtTime(0.15, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.36);
    document.body.dataset.turnSounds = String(Number(document.body.dataset.turnSounds ?? 0) + 1);
  } catch {
    // no audio here: the title still tells
  }
}

/** The tab's title for the game on screen; a tone when this page's turn has just begun.
 * ``titles`` ({mine, idle}) names another game's page (Tóncc's); the default is Tongiaki's. */
export function announceTurn(gameId, mine, titles = null) {
  const idle = titles ? titles.idle : `Tongiaki — ${gameId}`;
  document.title = mine ? titles?.mine ?? _("● Your turn — Tongiaki") : idle;
  if (mine && !wasMine && stored(SOUND) === "on") tone();
  wasMine = mine;
}
