"""Small helpers shared by the scenario tests.

Geometry used throughout (from ``shared/tiles.md`` and the API brief):

* Tonga lies at ``(0, 0)``; its beach ``b`` has a single jetty pointing in board
  direction ``b``.
* Board directions: 0 bottom ``(0, +1)``, 1 lower-left ``(-1, +1)``, 2 upper-left
  ``(-1, 0)``, 3 top ``(0, -1)``, 4 upper-right ``(+1, -1)``, 5 lower-right ``(+1, 0)``.
* A tile drawn against a jetty or route end pointing in direction ``d`` goes in the
  neighbouring hex that way, with rotation ``(d + 3) % 6`` (its red marker faces back).
* A group that enters a tile across board edge ``e`` follows the route from local edge
  ``(e - rotation) % 6`` and leaves by board edge ``(other end + rotation) % 6``.

The step table is written out here on purpose instead of being imported from the
engine, so that the scenarios check the engine's geometry rather than reuse it.
"""

from __future__ import annotations

from typing import TypeVar

import pytest

from tongiaki_rules import Action, Colour, GameState, IllegalActionError

Hex = tuple[int, int]
T = TypeVar("T")

TONGA: Hex = (0, 0)

STEPS: dict[int, Hex] = {
    0: (0, 1),
    1: (-1, 1),
    2: (-1, 0),
    3: (0, -1),
    4: (1, -1),
    5: (1, 0),
}


def beyond(position: Hex, direction: int) -> Hex:
    """The hex across edge ``direction`` of ``position``."""
    dq, dr = STEPS[direction]
    return (position[0] + dq, position[1] + dr)


def marker_rotation(direction: int) -> int:
    """Rotation of a tile drawn against a jetty/route end that points in ``direction``."""
    return (direction + 3) % 6


def play(state: GameState, *steps: Action) -> GameState:
    """Apply decisions and ``Draw`` outcomes one after the other."""
    for step in steps:
        state = state.apply(step)
    return state


def legal(state: GameState, kind: type[T]) -> list[T]:
    """The legal actions of one type, in the engine's order."""
    return [a for a in state.legal_actions() if isinstance(a, kind)]


def boats(state: GameState, island: Hex, beach: int) -> str:
    """Colour letters of the boats on a beach, e.g. ``"BRR"`` (slots fill in colour order)."""
    return "".join(c.letter for c in state.beach(island, beach).boats)


def all_boats(state: GameState, island: Hex) -> list[str]:
    """Colour letters on every beach of an island, beach by beach."""
    view = state.island_at(island)
    assert view is not None, f"no island at {island}"
    return ["".join(c.letter for c in beach.boats) for beach in view.beaches]


def reserves(state: GameState) -> dict[str, int]:
    """Reserve of every colour in play, by colour letter."""
    return {c.letter: state.reserve(c) for c in Colour if c < state.num_players}


def assert_illegal(state: GameState, action: Action, *clauses: str) -> IllegalActionError:
    """``action`` is refused with one of ``clauses`` named, and ``state`` is unchanged."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.clause in clauses, (info.value.clause, str(info.value))
    assert state == before
    return info.value


def finish_landing(state: GameState) -> GameState:
    """Complete a landing by always taking the first legal option (when the details do not
    matter to the test)."""
    while state.pending.kind.value == "berth":
        state = state.apply(state.legal_actions()[0])
    return state
