// The game page on a phone (issue 39, point 5): the board takes the screen from the toolbar down
// to the top of the choices sheet, and the sheet stays one line (the hint and a Show button) until
// the player opens it or the move needs it (a selection to confirm, several choices to pick from).
// The board never lies under the sheet: when the sheet grows, the board shrinks and zooms again to
// the marks of the decision. Nothing of this applies on a wide screen.

import { _ } from "/static/i18n.js";

export const NARROW = window.matchMedia("(max-width: 52rem)");
const MIN_BOARD_PX = 224; // the board never gets smaller than this (14rem), even with the sheet open

export class PhoneLayout {
  constructor(boardBox, sheet, toggle) {
    this.boardBox = boardBox;
    this.sheet = sheet;
    this.toggle = toggle;
    this.opened = false; // the player opened the sheet with its button
    this.needed = false; // the move needs the sheet (a selection, a list to pick from)
    toggle.addEventListener("click", () => {
      this.opened = this.toggle.getAttribute("aria-expanded") !== "true";
      this.needed = false;
      this.apply();
    });
    const again = () => this.fitBoard();
    new ResizeObserver(again).observe(sheet);
    for (const id of ["status", "message"]) {
      const node = document.getElementById(id);
      if (node) new ResizeObserver(again).observe(node);
    }
    window.addEventListener("resize", again);
    NARROW.addEventListener("change", () => this.apply());
    this.apply();
  }

  /** A new decision: the sheet folds back to its one line unless the move needs it. */
  newDecision() {
    this.opened = false;
    this.needed = false;
    this.apply();
  }

  /** Whether the decision at hand needs the whole sheet (its Confirm, its list, its buttons). */
  need(needed) {
    if (needed === this.needed) return;
    this.needed = needed;
    this.apply();
  }

  apply() {
    const open = !NARROW.matches || this.opened || this.needed;
    this.sheet.classList.toggle("collapsed", !open);
    this.toggle.setAttribute("aria-expanded", String(open));
    this.toggle.textContent = open ? _("Hide") : _("Show");
    this.fitBoard();
  }

  /** On a phone, the board's height: from where it starts to the top of the sheet. */
  fitBoard() {
    const root = document.documentElement;
    if (!NARROW.matches) {
      this.boardBox.style.removeProperty("--board-h");
      root.style.removeProperty("--sheet-h");
      return;
    }
    const sheet = this.sheet.getBoundingClientRect().height;
    const top = this.boardBox.getBoundingClientRect().top + window.scrollY;
    const height = Math.max(MIN_BOARD_PX, Math.floor(window.innerHeight - top - sheet - 6));
    this.boardBox.style.setProperty("--board-h", `${height}px`);
    root.style.setProperty("--sheet-h", `${Math.ceil(sheet)}px`);
  }
}
