"""Tóncc (Davide Bassanelli), the second game of the source documents.

Three Kings step out of the Mind onto a 19-cell hexagon of regions, all
moving at once in secret, conquer regions and seal their pictures on the Map,
where three seals in a row on a side make a Kingdom. A game is three
challenges.

Design (public API):

- **Vocabulary**: :class:`King` (Red, Yellow, Blue; by value 0, 1, 2) with its
  strong/medium/weak colours, :class:`Colour`; :mod:`.board` (cells 0..17
  ``I1..I6, O1..O12``, ``MIND``; ``DESTINATIONS[cell][direction]``, the move
  function with the jump over the Mind and the reversal at the edge);
  :class:`Region`, :class:`TonccMap` and :data:`STANDARD_MAP` (replaceable
  data, validated when built); :class:`TonccRules` (one flag per gap of the
  rule sheet); :data:`CLAUSES` (the catalogue every rule test names).
- **State** (:class:`TonccState`, from :func:`new_game`, or mid-challenge
  from :func:`position`): immutable, hashable, ``==``. A chance node for the
  colour draw at the start of the game (``apply_chance(DrawColours(seating))``:
  each player draws his King, ``king_of(player)``; flag ``colour_draw``) and
  while the board is shuffled
  (``is_chance``, ``chance_outcomes``, ``apply_chance(PlaceRegion(r))``,
  ``sample_chance(rng)``, ``resolve_chance(rng)``, ``dealt(layout)``); a
  simultaneous node during a challenge (``active_kings``,
  ``legal_actions(king)``, ``apply_joint({king: move})`` or
  ``apply_joint_with_report``); terminal after three challenges
  (``winners()``, ``returns()``). Choices are never stored: a joint action
  moves every King at once, so no King sees another's choice; ``observe``
  gives one King's view.
- **Play and show**: records (:class:`TonccRecord`, :class:`TonccRecorder`),
  bots (:func:`make_bot`), text (:func:`render_text`, :func:`board_text`,
  :func:`destinations_text`) and SVG (:func:`render_toncc_svg`).
- **Errors**: an illegal joint action raises :class:`TonccIllegalActionError`
  (an ``IllegalActionError``) whose message starts with the clause id and
  names the King and the move; bad Map data raises :class:`TonccMapError`;
  bad flags ``SettingsError``; a bad query ``QueryError``; a position that
  play cannot reach ``InvalidPositionError``. The state never changes.

>>> import random
>>> from tongiaki_rules.toncc import new_game
>>> state = new_game().resolve_chance(random.Random(7))
>>> rng = random.Random(7)
>>> while not state.is_terminal:
...     choice = {k: rng.choice(state.legal_actions(k)) for k in state.active_kings}
...     state = state.apply_joint(choice)
...     state = state.resolve_chance(rng)
>>> sum(state.toncc_totals)
9
"""

from __future__ import annotations

from ._actions import MOVES, SEATINGS, DrawColours, JointAction, Move, PlaceRegion
from ._bots import BOT_NAMES, GreedyBot, RandomBot, make_bot
from ._builder import HAS_LEFT, NO_SEAL, position
from ._clauses import CLAUSES, Clause
from ._errors import TonccIllegalActionError, TonccMapError
from ._kings import KINGS, Colour, King, strongest_in, weaker_king
from ._record import RECORD_SCHEMA, RECORD_VERSION, ChallengeLog, TonccRecord, TonccRecorder
from ._rules import ColourDraw, Compass, FinalThreeWayTie, StallKingPoints, TonccRules, TopTie
from ._scoring import ChallengeResult, kingdom_value, ranking, toncc_points
from ._state import MAX_TURNS_PER_CHALLENGE, TonccState, new_game
from ._svg import render_toncc_svg
from ._textview import (
    LEGEND,
    board_text,
    destinations_text,
    map_text,
    picture_text,
    render_text,
    scores_text,
)
from ._turn import Conquest, TurnReport
from ._view import KingView, observe
from .board import DESTINATIONS, LABELS, MIND, destination
from .regions import (
    KINGDOM_WINDOWS,
    STANDARD_MAP,
    Region,
    Shape,
    TonccMap,
    position_name,
    shared_feature,
)

__all__ = [
    "BOT_NAMES",
    "CLAUSES",
    "DESTINATIONS",
    "HAS_LEFT",
    "KINGDOM_WINDOWS",
    "KINGS",
    "LABELS",
    "LEGEND",
    "MAX_TURNS_PER_CHALLENGE",
    "MIND",
    "MOVES",
    "NO_SEAL",
    "RECORD_SCHEMA",
    "RECORD_VERSION",
    "SEATINGS",
    "STANDARD_MAP",
    "ChallengeLog",
    "ChallengeResult",
    "Clause",
    "Colour",
    "ColourDraw",
    "Compass",
    "Conquest",
    "DrawColours",
    "FinalThreeWayTie",
    "GreedyBot",
    "JointAction",
    "King",
    "KingView",
    "Move",
    "PlaceRegion",
    "RandomBot",
    "Region",
    "Shape",
    "StallKingPoints",
    "TonccIllegalActionError",
    "TonccMap",
    "TonccMapError",
    "TonccRecord",
    "TonccRecorder",
    "TonccRules",
    "TonccState",
    "TopTie",
    "TurnReport",
    "board_text",
    "destination",
    "destinations_text",
    "kingdom_value",
    "make_bot",
    "map_text",
    "new_game",
    "observe",
    "picture_text",
    "position",
    "position_name",
    "ranking",
    "render_text",
    "render_toncc_svg",
    "scores_text",
    "shared_feature",
    "strongest_in",
    "toncc_points",
    "weaker_king",
]
