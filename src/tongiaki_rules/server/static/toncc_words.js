// Tóncc in words, in the page's language: the Kings and colours, a seat as players call it, and
// what the last round did (the moves revealed, conquests, contests, Kings leaving, a stall, a
// challenge's points). The server sends the facts (view.last_round); the sentences are made here.
import { _ } from "/static/i18n.js";
import { seatLabel } from "/static/players.js";

export const KINGS = ["red", "yellow", "blue"];

/** "Red", "Yellow", "Blue" (a King, by his colour). */
export function kingName(king) {
  return { red: _("Red"), yellow: _("Yellow"), blue: _("Blue") }[king] ?? king;
}

/** "red", "yellow", "blue" (a region's colour). */
export function colourName(colour) {
  return { red: _("red"), yellow: _("yellow"), blue: _("blue") }[colour] ?? colour;
}

/** The one letter a colour is written with on the board (the legend says which). */
export function colourLetter(colour) {
  return { red: _("R"), yellow: _("Y"), blue: _("B") }[colour] ?? "?";
}

/** The seat of a King (null before the colours are drawn). */
export function seatOfKing(view, king) {
  const seating = view.state?.seating;
  if (!seating) return null;
  const seat = seating.indexOf(king);
  return seat < 0 ? null : seat;
}

/** "Red: Ana (seat 1)" or "Red: seat 1": a King with who plays him. */
export function kingWithPlayer(view, king) {
  const seat = seatOfKing(view, king);
  if (seat === null) return kingName(king);
  const name = view.seats?.[seat]?.name;
  return _("{king}: {player}", { king: kingName(king), player: seatLabel(seat, name) });
}

/** A region's picture in words: "blue with a yellow triangle". */
export function pictureWords(picture) {
  const shape = { circle: _("circle"), square: _("square"), triangle: _("triangle") }[picture.shape] ?? _("sign");
  return _("{background} with a {symbol} {shape}", {
    background: colourName(picture.background), symbol: colourName(picture.symbol), shape,
  });
}

/** The picture on a board cell of the view ("I3"), or null before the shuffle reached it. */
export function pictureOn(view, cell) {
  const k = view.state.cells.indexOf(cell);
  const region = view.state.layout[k];
  return region === undefined ? null : { region, ...view.pictures[region] };
}

/** The last round in sentences: one line for the moves, then each conquest, exit and end. */
export function roundLines(view) {
  const round = view.last_round;
  if (!round) return [];
  const lines = [];
  const moved = KINGS.filter((king) => round.kings[king].move !== null)
    .map((king) => _("{king} played move {number} to {cell}", {
      king: kingWithPlayer(view, king), number: round.kings[king].move, cell: round.kings[king].landing,
    }));
  lines.push(_("Challenge {challenge}, turn {turn}: {moves}.", {
    challenge: round.challenge + 1, turn: round.turn + 1, moves: moved.join("; "),
  }));
  for (const conquest of round.conquests) {
    const picture = view.pictures[conquest.region];
    const values = {
      king: kingName(conquest.king),
      cell: conquest.cell,
      picture: picture.name,
      colour: colourName(picture.background),
    };
    if (conquest.contenders.length > 1) {
      values.others = conquest.contenders.map(kingName).join(", ");
      lines.push(_("Contest on {cell} ({others}): {king} is strongest in {colour}, conquers it and seals {picture} on the Map.", values));
    } else {
      lines.push(_("{king} conquers {cell} and seals {picture} on the Map.", values));
    }
  }
  if (round.conquests.length === 0) lines.push(_("No region was conquered."));
  for (const king of round.finished) {
    lines.push(_("{king} placed his last seal and leaves the challenge.", { king: kingName(king) }));
  }
  if (round.stalled) lines.push(_("Three moves without a conquest: the challenge ends."));
  if (round.result) {
    const scores = KINGS.map((king) => _("{king} {kingdoms} + {points} = {score}", {
      king: kingName(king),
      kingdoms: round.result[king].kingdom_points,
      points: round.result[king].king_points,
      score: round.result[king].score,
    })).join(", ");
    const toncc = KINGS.map((king) => `${kingName(king)} ${round.result[king].toncc_points}`).join(", ");
    lines.push(_("Challenge {challenge} is over. Kingdoms + king points: {scores}. Tóncc points: {toncc}.", {
      challenge: round.challenge + 1, scores, toncc,
    }));
  }
  return lines;
}
