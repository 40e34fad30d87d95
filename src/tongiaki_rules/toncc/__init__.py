"""Tóncc (Davide Bassanelli), the second game of the source documents.

Three Kings step out of the Mind onto a 19-cell hexagon of regions, all
moving at once in secret, conquer regions and seal their pictures on the Map,
where three seals in a row on a side make a Kingdom. A game is three
challenges.

Design (public API):

- **Vocabulary**: :class:`King` (Red, Yellow, Blue = seats 0, 1, 2) with its
  strong/medium/weak colours, :class:`Colour`; :mod:`.board` (cells 0..17
  ``I1..I6, O1..O12``, ``MIND``; ``DESTINATIONS[cell][direction]``, the move
  function with the jump over the Mind and the reversal at the edge);
  :class:`Region`, :class:`TonccMap` and :data:`STANDARD_MAP` (replaceable
  data, validated when built); :class:`TonccRules` (one flag per gap of the
  rule sheet); :data:`CLAUSES` (the catalogue every rule test names).
- **State** (:class:`TonccState`, from :func:`new_game`): immutable,
  hashable, ``==``. A chance node while the board is shuffled
  (``is_chance``, ``chance_outcomes``, ``apply_chance(PlaceRegion(r))``,
  ``sample_chance(rng)``, ``resolve_chance(rng)``, ``dealt(layout)``); a
  simultaneous node during a challenge (``active_kings``,
  ``legal_actions(king)``, ``apply_joint({king: move})`` or
  ``apply_joint_with_report``); terminal after three challenges
  (``winners()``, ``returns()``). Choices are never stored: a joint action
  moves every King at once, so no King sees another's choice; ``observe``
  gives one King's view.
- **Errors**: an illegal joint action raises :class:`TonccIllegalActionError`
  (an ``IllegalActionError``) whose message starts with the clause id and
  names the King and the move; bad Map data raises :class:`TonccMapError`;
  bad flags ``SettingsError``; a bad query ``QueryError``. The state never
  changes.

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

from .actions import MOVES, SEATINGS, DrawColours, JointAction, Move, PlaceRegion
from .board import DESTINATIONS, LABELS, MIND, destination
from .clauses import CLAUSES, Clause
from .errors import TonccIllegalActionError, TonccMapError
from .kings import KINGS, Colour, King, strongest_in, weaker_king
from .regions import KINGDOM_WINDOWS, STANDARD_MAP, Region, Shape, TonccMap, shared_feature
from .rules import ColourDraw, Compass, FinalThreeWayTie, StallKingPoints, TonccRules, TopTie
from .scoring import ChallengeResult, kingdom_value, ranking, toncc_points
from .state import MAX_TURNS_PER_CHALLENGE, TonccState, new_game
from .turn import Conquest, TurnReport
from .view import KingView, observe

__all__ = [
    "CLAUSES",
    "DESTINATIONS",
    "KINGDOM_WINDOWS",
    "KINGS",
    "LABELS",
    "MAX_TURNS_PER_CHALLENGE",
    "MIND",
    "MOVES",
    "SEATINGS",
    "STANDARD_MAP",
    "ChallengeResult",
    "Clause",
    "Colour",
    "ColourDraw",
    "Compass",
    "Conquest",
    "DrawColours",
    "FinalThreeWayTie",
    "JointAction",
    "King",
    "KingView",
    "Move",
    "PlaceRegion",
    "Region",
    "Shape",
    "StallKingPoints",
    "TonccIllegalActionError",
    "TonccMap",
    "TonccMapError",
    "TonccRules",
    "TonccState",
    "TopTie",
    "TurnReport",
    "destination",
    "kingdom_value",
    "new_game",
    "observe",
    "ranking",
    "shared_feature",
    "strongest_in",
    "toncc_points",
    "weaker_king",
]
