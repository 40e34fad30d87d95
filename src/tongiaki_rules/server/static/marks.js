// The marks of the decision at hand as one stop of the Tab order (issue 39): a roving tabindex.
// Tab reaches the board once; the arrow keys then move among its marks in reading order (top to
// bottom, left to right), Home and End go to the first and the last. The mark last reached keeps
// the stop, so the focus comes back to it.

const ROW_PX = 24; // marks whose centres lie this close in height count as one row

export class RovingMarks {
  /** The marks in ``box``; ``onReach(mark)`` hears each mark an arrow key moves to. */
  constructor(box, onReach = () => {}) {
    this.box = box;
    this.onReach = onReach;
    this.current = null;
    box.addEventListener("focusin", (event) => {
      if (this.marks().includes(event.target)) this.take(event.target);
    });
  }

  /** The focusable marks of the board now, in reading order on screen. */
  marks() {
    const found = [...this.box.querySelectorAll("svg [role='button'][tabindex]")];
    const at = new Map(found.map((mark) => {
      const r = mark.getBoundingClientRect();
      return [mark, { x: r.left + r.width / 2, y: r.top + r.height / 2 }];
    }));
    return found.sort((a, b) => {
      const p = at.get(a), q = at.get(b);
      const rows = Math.round(p.y / ROW_PX) - Math.round(q.y / ROW_PX);
      return rows !== 0 ? rows : p.x - q.x;
    });
  }

  /** Gives the tab stop to ``mark`` (every other mark leaves the Tab order). */
  take(mark) {
    for (const other of this.box.querySelectorAll("svg [tabindex]")) {
      if (other !== mark) other.setAttribute("tabindex", "-1");
    }
    mark.setAttribute("tabindex", "0");
    this.current = mark;
  }

  /** After a new board: the first mark in reading order holds the stop (null if none). */
  reset() {
    const [first] = this.marks();
    this.current = null;
    if (first) this.take(first);
    return first ?? null;
  }

  /** Focuses the mark holding the stop, else the board itself. */
  focus() {
    const mark = this.current && this.box.contains(this.current) ? this.current : this.reset();
    (mark ?? this.box).focus({ preventScroll: true });
  }

  /** Handles an arrow, Home or End key; whether it did. */
  onKey(event) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined && event.key !== "Home" && event.key !== "End") return false;
    const marks = this.marks();
    if (marks.length === 0) return false;
    event.preventDefault();
    const k = marks.indexOf(document.activeElement);
    let next;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = marks.length - 1;
    else if (k < 0) next = step > 0 ? 0 : marks.length - 1;
    else next = (k + step + marks.length) % marks.length;
    this.take(marks[next]);
    marks[next].focus({ preventScroll: true });
    this.onReach(marks[next]);
    return true;
  }
}
