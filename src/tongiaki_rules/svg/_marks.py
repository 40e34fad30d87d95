"""Highlighted actions: which islands, beaches, jetties and hexes the given actions mark."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from ..actions import (
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from ..hexgrid import ORIGIN, Hex

if TYPE_CHECKING:
    from .._state import GameState

NEW_COLONISATION: Final = "new colonisation"
"""The note a highlighted :class:`~tongiaki_rules.actions.Recolonize` adds (no place to mark)."""
SEND_HOME: Final = "send a boat home"
"""The note a highlighted :class:`~tongiaki_rules.actions.ReturnBoat` adds."""


@attrs.define
class _Marks:
    """What to highlight, gathered from actions."""

    islands: set[Hex] = attrs.field(factory=set)
    beaches: set[tuple[Hex, int]] = attrs.field(factory=set)
    jetties: set[tuple[Hex, int]] = attrs.field(factory=set)
    hexes: set[Hex] = attrs.field(factory=set)
    group: bool = False
    notes: list[str] = attrs.field(factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.islands or self.beaches or self.jetties or self.hexes or self.group or self.notes
        )


def _start_position(state: GameState) -> Hex:
    for view in state.islands:
        if view.tile.is_start:
            return view.position
    return ORIGIN


def _marks(state: GameState, actions: Iterable[Action]) -> _Marks:
    marks = _Marks()
    group = state.group
    landing = state.pending.island if state.pending.island is not None else None
    if landing is None and group is not None:
        landing = group.position
    for action in actions:
        if isinstance(action, SetupPlace):
            marks.beaches.add((_start_position(state), action.beach))
        elif isinstance(action, (Expand, PlaceNewBoats)):
            marks.islands.add(action.island)
            marks.beaches.update((action.island, b) for b in action.beaches)
        elif isinstance(action, ExpandFromBoard):
            marks.islands.add(action.island)
            marks.beaches.add((action.island, action.beach))
            marks.beaches.add((action.source, action.source_beach))
        elif isinstance(action, FoundRoyal):
            marks.islands.add(action.island)
        elif isinstance(action, Recolonize):
            if NEW_COLONISATION not in marks.notes:
                marks.notes.append(NEW_COLONISATION)
        elif isinstance(action, Depart):
            marks.beaches.add((action.island, action.beach))
            marks.jetties.add((action.island, action.jetty))
        elif isinstance(action, PlaceTile):
            marks.hexes.add(action.position)
        elif isinstance(action, Berth):
            if landing is not None:
                marks.beaches.add((landing, action.beach))
        elif isinstance(action, ReturnBoat):
            marks.group = True
            if SEND_HOME not in marks.notes:
                marks.notes.append(SEND_HOME)
        elif isinstance(action, Draw):
            if group is not None:
                marks.hexes.add(group.position)
            marks.group = marks.group or group is not None
    return marks
