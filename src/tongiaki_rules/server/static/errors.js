// What a player reads when the server refuses something (issue 39): a sentence in the page's
// language, chosen by the refusal's "reason" (or its HTTP status), never the API's English,
// JSON or field names. The API's own words stay on the error for the console and the tests.
import { _ } from "/static/i18n.js";

const BY_REASON = {
  invite_needed: (v) => _("Seat {seat} is kept for an invited player: open the invitation link you were given to take it.", v),
  invite_wrong: (v) => _("That invitation link is not the one for seat {seat}: ask the game's creator for its link.", v),
  seat_taken: (v) => _("Seat {seat} was taken by someone else just now.", v),
  seat_bot: (v) => _("Seat {seat} is played by a bot.", v),
  stale_move: () => _("The game moved on before your click arrived; the board now shows where it is."),
  not_your_move: () => _("It is not your turn."),
  name_long: () => _("That name is too long: at most 24 letters."),
  name_bad: () => _("That name cannot be shown: use letters, digits and spaces."),
  name_label: () => _("That name reads like a seat's label: choose another."),
  name_taken: () => _("Another seat already has that name: choose another."),
};

const BY_STATUS = {
  0: () => _("The server cannot be reached: check the connection; the page tries again."),
  401: () => _("This browser no longer holds that seat."),
  403: () => _("That is not allowed from this seat."),
  404: () => _("There is no such game or seat."),
  409: () => _("Something changed meanwhile; the page shows the game as it is now."),
  422: () => _("The server did not accept that."),
  429: () => _("Too many requests from here: wait a minute, then try again."),
  503: () => _("The server cannot take this now: try again in a moment."),
};

/** The sentence a player reads for an ApiError (or any error) of ``api()``. */
export function playerError(err, values = {}) {
  const said = BY_REASON[err?.reason];
  if (said) return said(values);
  if (err?.clause) return _("That move is not allowed by the rules.");
  const status = BY_STATUS[err?.status];
  if (status) return status();
  return _("The server could not do that; try again.");
}
