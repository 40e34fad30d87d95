"""The Tóncc clause catalogue: every rule the engine implements, as data.

Each entry has an id (``TC-AREA-n``), the section of the Italian rule sheet
it comes from (the sheet has headings, no numbers), a one-line summary and a
status: ``stated`` in the text, ``derived`` from stated facts, ``interpreted``
where the wording is ambiguous (a :class:`~.rules.TonccRules` flag decides),
or ``reconstructed`` from a lost figure (replaceable data or a flag).

>>> CLAUSES["TC-CONQ-3"].status
'stated'
>>> sorted({c.status for c in CLAUSES.values()})
['derived', 'interpreted', 'reconstructed', 'stated']
"""

from __future__ import annotations

import types
from collections.abc import Mapping

import attrs

STATUSES = ("stated", "derived", "interpreted", "reconstructed")


@attrs.frozen(slots=True)
class Clause:
    """One rule: id, rule-sheet section, summary, status (one of :data:`STATUSES`)."""

    id: str
    section: str
    summary: str
    status: str


_C = Clause
_ENTRIES = (
    _C("TC-SETUP-1", "La creazione", "The Mind in the middle and the 18 regions packed around it "
       "form a 19-cell hexagon: an inner ring of 6 and an outer ring of 12.", "derived"),
    _C("TC-SETUP-2", "La creazione; Il vincitore", "The regions are shuffled onto the board at "
       "the start of every challenge and turned face up (a chance node).", "stated"),
    _C("TC-SETUP-3", "La creazione", "Three players, red, yellow and blue, each with a King "
       "and 6 seals; the Kings start in the Mind.", "stated"),
    _C("TC-SETUP-4", "La creazione", "Each player draws a colour, red, yellow or blue, and "
       "plays that King for the whole game (a chance event at the start; flag colour_draw).",
       "stated"),
    _C("TC-KING-1", "La creazione; Regni e Re", "Strong colour = body (own), medium = hair "
       "(Blue yellow, Yellow red, Red blue), weak = feet (the colour left).", "derived"),
    _C("TC-MAP-1", "Regni e Re", "Three regions sharing colour (background+symbol), shape, "
       "number of lines or number of dots form a Kingdom.", "stated"),
    _C("TC-MAP-2", "Regni e Re; Il vincitore", "The Map is a closed triangle of 18 pictures, 7 "
       "per side sharing the corners; its 15 Kingdoms are the windows of three on a side.",
       "derived"),
    _C("TC-MAP-3", "Regni e Re (figure lost)", "Which picture stands where on the Map, and "
       "the pictures themselves: replaceable data.", "reconstructed"),
    _C("TC-MOVE-1", "La sfida", "All Kings on the board choose a move in secret and move "
       "together; the first move steps out of the Mind onto an adjacent region.", "stated"),
    _C("TC-MOVE-2", "La sfida", "A King must move one step a turn; he always has 6 moves, the "
       "Compass translated onto his region.", "stated"),
    _C("TC-MOVE-3", "La sfida", "A move from an inner region onto the Mind jumps over it to "
       "the next region of the line.", "stated"),
    _C("TC-MOVE-4", "La sfida", "A move off the board reverses and runs back along the same "
       "line to the last region met (the far end of the line).", "stated"),
    _C("TC-MOVE-5", "La sfida (figure lost)", "Which Compass number is which direction.",
       "reconstructed"),
    _C("TC-CONQ-1", "La sfida", "A King on a face-up region puts a seal on its Map picture; "
       "the region turns face down and the Kings stay on it.", "stated"),
    _C("TC-CONQ-2", "La sfida", "A face-down region cannot be conquered again.", "stated"),
    _C("TC-CONQ-3", "La sfida", "Kings entering the same face-up region contest it: the King "
       "strongest in its background colour wins and alone places a seal.", "stated"),
    _C("TC-CONQ-4", "La sfida; Termine della sfida", "Face-up regions always equal the seals "
       "in hand.", "derived"),
    _C("TC-END-1", "Termine della sfida", "A King placing his last seal scores king points equal "
       "to the Kings on the board at that moment, then leaves.", "stated"),
    _C("TC-END-2", "Termine della sfida", "The other Kings go on until they have placed all "
       "their seals; the challenge ends when no King is left.", "stated"),
    _C("TC-END-3", "Termine della sfida", "A challenge also ends after three consecutive moves "
       "without a conquest; regions left face up go to nobody.", "stated"),
    _C("TC-END-4", "Termine della sfida", "How many king points the Kings still on the board "
       "get after a stall (flag stall_king_points).", "interpreted"),
    _C("TC-SCORE-1", "Il vincitore", "Three seals in a row on one side of the Map make a "
       "Kingdom, four make two, and so on; other seals do not score.", "stated"),
    _C("TC-SCORE-2", "Il vincitore", "Each Kingdom region scores 1, 2 or 3 as its background "
       "is the King's strong, medium or weak colour: 3 to 9 a Kingdom.", "stated"),
    _C("TC-SCORE-3", "Il vincitore", "A King's challenge score is his kingdom points plus his "
       "king points.", "stated"),
    _C("TC-SCORE-4", "Il vincitore", "Each challenge gives 2 tóncc points to the best score and "
       "1 to the middle one; 1 each on a three-way tie.", "stated"),
    _C("TC-SCORE-5", "Il vincitore", "Of two Kings tied, the one weaker in two of three colours "
       "wins: Blue beats Yellow, Yellow beats Red, Red beats Blue.", "stated"),
    _C("TC-SCORE-6", "Il vincitore", "The tóncc points of two Kings tied for the best score "
       "(flag top_tie).", "interpreted"),
    _C("TC-GAME-1", "Il vincitore", "A game is three challenges with the same Kings, the "
       "regions reshuffled each time.", "stated"),
    _C("TC-GAME-2", "Il vincitore", "The most tóncc points wins; two Kings tied: the weaker "
       "King wins.", "stated"),
    _C("TC-GAME-3", "Il vincitore", "The winner of a game ending 3-3-3 (flag "
       "final_three_way_tie).", "interpreted"),
)  # fmt: skip

CLAUSES: Mapping[str, Clause] = types.MappingProxyType({entry.id: entry for entry in _ENTRIES})
"""The catalogue by id, in rule-sheet order (read-only: a rule cannot be changed at run time)."""
