"""The index of a legal action within its block of the action encoding.

The blocks, one per action type, are described in
:mod:`tongiaki_rules.encoding`. Each of the functions below gives the index of
one action of a state: its block's offset plus its place within the block
(``_pair_rank`` ranks the pairs of start-island beaches of the PlaceNewBoats
block). :class:`_Context` finds the island slot of each position of the state
once, at the first lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final, cast

from .actions import (
    Action,
    Berth,
    Depart,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from .colours import COLOURS
from .errors import IllegalActionError, InvalidPositionError, shown
from .hexgrid import Hex

if TYPE_CHECKING:
    from ._state import GameState
    from .encoding import ActionEncoding


def _pair_rank(n: int) -> dict[tuple[int, ...], int]:
    return {pair: k for k, pair in enumerate(combinations_with_replacement(range(n), 2))}


def _equal_legal_action(state: GameState, legal: Sequence[Action], action: object) -> int:
    """Place of ``action`` among ``legal`` by equality; its fields must be typed as the legal one's.

    ``SetupPlace(True) == SetupPlace(1)`` in Python; the encoding refuses it.
    """
    try:
        k = legal.index(cast("Action", action))
    except (ValueError, TypeError):
        from ._explain import explain

        message, clause = explain(state, action)
        raise IllegalActionError(message, clause) from None
    found = legal[k]
    if type(found) is not type(action) or repr(found) != repr(action):
        raise IllegalActionError(
            f"action {shown(action)} is not legal: only {found!r}, with exactly these types, is"
        )
    return k


class _Slots(dict[Hex, int]):
    """Island slot by position, filled from the state at the first lookup."""

    __slots__ = ("enc", "state")

    def __init__(self, enc: ActionEncoding, state: GameState) -> None:
        super().__init__()
        self.enc = enc
        self.state = state

    def __missing__(self, pos: Hex) -> int:
        if self:
            raise KeyError(pos)
        self.update(self.enc._island_slots_of(self.state))
        if pos in self:
            return self[pos]
        raise KeyError(pos)


class _Context:
    """What encoding the actions of one state needs: the island slot of each position."""

    __slots__ = ("enc", "offsets", "slots", "state")

    def __init__(self, enc: ActionEncoding, state: GameState) -> None:
        self.enc = enc
        self.state = state
        self.offsets = enc.offsets
        self.slots = _Slots(enc, state)

    def cell(self, pos: Hex) -> int:
        cell = self.enc._cell_of.get(pos)
        if cell is None:
            raise InvalidPositionError(
                f"the hex {pos} lies outside the encoded disc of radius {self.enc.radius}; "
                "no game played under these rules reaches it"
            )
        return cell


_SUBSET_RANK: Final[dict[tuple[int, ...], int]] = {
    beaches: sum(1 << b for b in beaches) - 1
    for k in range(1, 7)
    for beaches in combinations(range(6), k)
}
"""Place of each set of beaches (of an island with up to six) in the Expand block of an island."""


def _setup(c: _Context, a: SetupPlace) -> int:
    return c.offsets["SetupPlace"] + a.beach


def _expand(c: _Context, a: Expand) -> int:
    rank = _SUBSET_RANK.get(a.beaches)
    if rank is None:
        rank = sum(1 << b for b in a.beaches) - 1
    return c.offsets["Expand"] + c.enc._expand_base[c.slots[a.island]] + rank


def _from_board(c: _Context, a: ExpandFromBoard) -> int:
    base = c.enc.beach_offsets
    target = base[c.slots[a.island]] + a.beach
    source = base[c.slots[a.source]] + a.source_beach
    return c.offsets["ExpandFromBoard"] + target * c.enc._beach_count + source


def _found(c: _Context, a: FoundRoyal) -> int:
    return c.offsets["FoundRoyal"] + c.slots[a.island]


def _recolonize(c: _Context, a: Recolonize) -> int:
    return c.offsets["Recolonize"]


def _new_boats(c: _Context, a: PlaceNewBoats) -> int:
    if len(a.beaches) == 1:
        return c.offsets["PlaceNewBoats"] + c.enc.beach_offsets[c.slots[a.island]] + a.beaches[0]
    return c.offsets["PlaceNewBoats"] + c.enc._beach_count + c.enc._pairs[a.beaches]


def _depart(c: _Context, a: Depart) -> int:
    view = c.state.compact
    rotation = view.tiles[view.where[a.island]][2]
    return c.offsets["Depart"] + 6 * c.slots[a.island] + (a.jetty - rotation) % 6


def _berth(c: _Context, a: Berth) -> int:
    return c.offsets["Berth"] + int(a.colour) * c.enc._max_beaches + a.beach


def _return(c: _Context, a: ReturnBoat) -> int:
    return c.offsets["ReturnBoat"] + int(a.colour)


def _place(c: _Context, a: PlaceTile) -> int:
    return c.offsets["PlaceTile"] + 6 * c.cell(a.position) + a.rotation


_ENCODERS: Final[dict[type, Callable[[_Context, Any], int]]] = {
    SetupPlace: _setup,
    Expand: _expand,
    ExpandFromBoard: _from_board,
    FoundRoyal: _found,
    Recolonize: _recolonize,
    PlaceNewBoats: _new_boats,
    Depart: _depart,
    Berth: _berth,
    ReturnBoat: _return,
    PlaceTile: _place,
}


def _island_name(enc: ActionEncoding, slot: int) -> str:
    t, copy = enc.island_slots[slot]
    name = enc.tiles.kinds[t].name
    return f"{name} (copy {copy + 1})" if enc._copies[t] > 1 else name


def _beach_slot(enc: ActionEncoding, slot: int) -> tuple[int, int]:
    """(island slot, beach) of a beach slot."""
    bases = enc.beach_offsets
    s = len(bases) - 1
    while bases[s] > slot:
        s -= 1
    return s, slot - bases[s]


def describe_index(enc: ActionEncoding, name: str, k: int) -> str:
    """What place ``k`` of block ``name`` of the full encoding ``enc`` means."""
    if name == "SetupPlace":
        return f"SetupPlace on {enc.tiles.start.name} beach {k}"
    if name == "Expand":
        s = len(enc._expand_base) - 1
        while enc._expand_base[s] > k:
            s -= 1
        mask = k - enc._expand_base[s] + 1
        beaches = "+".join(str(b) for b in range(6 * 8) if mask >> b & 1)
        return f"Expand on {_island_name(enc, s)}, beaches {beaches}"
    if name == "ExpandFromBoard":
        target, source = divmod(k, enc._beach_count)
        ts, tb = _beach_slot(enc, target)
        ss, sb = _beach_slot(enc, source)
        return (
            f"ExpandFromBoard to {_island_name(enc, ts)} beach {tb} "
            f"from {_island_name(enc, ss)} beach {sb}"
        )
    if name == "FoundRoyal":
        return f"FoundRoyal on {_island_name(enc, k)}"
    if name == "Recolonize":
        return "Recolonize"
    if name == "PlaceNewBoats":
        if k < enc._beach_count:
            s, b = _beach_slot(enc, k)
            return f"PlaceNewBoats on {_island_name(enc, s)}, beach {b}"
        b1, b2 = enc._pair_list[k - enc._beach_count]
        return f"PlaceNewBoats on {enc.tiles.start.name}, beaches {b1}+{b2}"
    if name == "Depart":
        s, edge = divmod(k, 6)
        t = enc.island_slots[s][0]
        beach = enc.tiles.edge_beach[t][edge]
        what = f"beach {beach}" if beach >= 0 else "no jetty there"
        return f"Depart from {_island_name(enc, s)} by the jetty on printed edge {edge} ({what})"
    if name == "Berth":
        c, b = divmod(k, enc._max_beaches)
        return f"Berth a {COLOURS[c]} boat on beach {b}"
    if name == "ReturnBoat":
        return f"ReturnBoat of a {COLOURS[k]} boat"
    cell, rotation = divmod(k, 6)
    return f"PlaceTile at {enc.cells[cell]}, rotation {rotation}"
