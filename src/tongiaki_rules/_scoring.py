"""Scores, tie-breaks and the final outcome (SCORE-1..6).

>>> from tongiaki_rules import play_random_game
>>> final = play_random_game(3, seed=2)[-1]
>>> outcome = final.outcome()
>>> outcome.scores == final.scores()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .errors import QueryError, shown
from .rules import NamedStrEnum
from .views import NO_KING

if TYPE_CHECKING:
    from ._state import GameState


class TieBreak(NamedStrEnum):
    """What decided the winner."""

    NONE = "none"
    """The highest score alone (SCORE-4)."""
    ISLANDS = "islands"
    """Tie-break 1: present on the most islands (SCORE-5)."""
    BOATS = "boats"
    """Tie-break 2: the fewest boats on the board (SCORE-6)."""
    SHARED = "shared"
    """Still tied after both tie-breaks: a shared victory (AMB-32)."""


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game.

    ``ranking`` groups seats from best to worst; seats in one group are tied
    on score and both tie-breaks.
    """

    scores: tuple[int, ...]
    islands: tuple[int, ...]
    """Islands each seat is present on, as counted for tie-break 1."""
    boats: tuple[int, ...]
    """Boats each seat has on the board, as counted for tie-break 2."""
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    tiebreak: TieBreak


def _presence(state: GameState) -> list[tuple[int, set[int]]]:
    """For each island on the table: its tile index and the colours on it.

    A colour is present with a boat on a beach or on the statue (ROYAL-8).
    """
    view = state.compact
    agents = len(view.reserve)
    found = []
    for (_pos, t, _r), beaches, king in zip(view.tiles, view.boats, view.kings, strict=True):
        if not beaches:
            continue  # an ocean tile
        present = {c for beach in beaches for c in beach}
        if king != NO_KING and 0 <= king < agents:
            present.add(king)
        found.append((t, present))
    return found


def _check_state(state: object) -> None:
    from ._state import GameState

    if not isinstance(state, GameState):
        raise QueryError(f"state must be a GameState, not {shown(state)}")


def colour_scores(state: GameState) -> tuple[int, ...]:
    """Points of each colour in play: the value of every island it is on (SCORE-1/2)."""
    _check_state(state)
    values = state.config.tiles.values
    scores = [0] * len(state.colours)
    for t, present in _presence(state):
        for c in present:
            scores[c] += values[t]
    return tuple(scores)


def _by_seat(state: GameState, per_colour: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    seats = [0] * state.config.num_players
    for colour, value in enumerate(per_colour):
        seats[state.config.agent_seats[colour]] += value  # AMB-40: sum of both colours
    return tuple(seats)


def seat_scores(state: GameState) -> tuple[int, ...]:
    """Points of each seat, in seat order."""
    return _by_seat(state, colour_scores(state))


def outcome(state: GameState) -> Outcome:
    """Rank the seats: score, then islands present on, then fewest boats (SCORE-4..6)."""
    _check_state(state)
    agents = len(state.colours)
    include_tonga = state.config.rules.tiebreak_islands_include_tonga
    islands = [0] * agents
    for t, present in _presence(state):
        if t == 0 and not include_tonga:  # AMB-32
            continue
        for c in present:
            islands[c] += 1
    boats = [state.boats_on_board(c) for c in range(agents)]  # a king is one boat (AMB-33)
    scores = seat_scores(state)
    seat_islands = _by_seat(state, islands)
    seat_boats = _by_seat(state, boats)
    seats = range(state.config.num_players)

    def key(s: int) -> tuple[int, int, int]:
        return (scores[s], seat_islands[s], -seat_boats[s])

    ordered = sorted(seats, key=lambda s: (tuple(-x for x in key(s)), s))
    ranking: list[tuple[int, ...]] = []
    for s in ordered:
        if ranking and key(ranking[-1][0]) == key(s):
            ranking[-1] = (*ranking[-1], s)
        else:
            ranking.append((s,))
    best = max(scores)
    tied = [s for s in seats if scores[s] == best]
    if len(tied) == 1:
        tiebreak = TieBreak.NONE
    else:
        most = max(seat_islands[s] for s in tied)
        tied = [s for s in tied if seat_islands[s] == most]
        if len(tied) == 1:
            tiebreak = TieBreak.ISLANDS
        else:
            fewest = min(seat_boats[s] for s in tied)
            tied = [s for s in tied if seat_boats[s] == fewest]
            tiebreak = TieBreak.BOATS if len(tied) == 1 else TieBreak.SHARED
    return Outcome(scores, seat_islands, seat_boats, tuple(ranking), tuple(tied), tiebreak)
