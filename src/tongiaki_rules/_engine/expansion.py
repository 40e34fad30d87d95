"""Expansion, the turn's choice: EXPAND-1..7, FEWBOATS-1, EMPTYRESERVE-1/2, NOBOATS-1/2.

The legal actions at the start of a turn (TURN-1): expanding an island with
own boats (EXPAND-2/3/4, FEWBOATS-1; AMB-01/AMB-37: only beaches with a free
slot), moving one own boat when the reserve is empty (EMPTYRESERVE-1/2,
AMB-04), placing new boats when none is in play (NOBOATS-1, AMB-19), and,
instead, founding a royal island (ROYAL-1, ROYAL-2; see :mod:`.royal`) or
recolonising (see :mod:`.colonisation`). Then the transitions of the
placements: new boats, then any full beach departs (EXPAND-7, NOBOATS-2).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Final

from .. import events as ev
from ..actions import Action, ExpandFromBoard
from ..colours import COLOURS
from ..hexgrid import Hex
from ..rules import EmptyReserveSource
from .board import (
    _EXPANSIONS,
    _FOUNDS,
    _FROM_BOARD,
    _NEW_BOATS,
    _RECOLONIZE,
    NO_KING,
    _Interned,
)
from .voyage import VoyagePhase


def _eligible(slots: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    """The beaches with a free slot, given the slots and the boats on each beach."""
    return tuple([b for b, n in enumerate(slots) if taken[b] < n])


_ELIGIBLE: _Interned[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = _Interned(
    _eligible
)


def _own(beaches: tuple[tuple[int, ...], ...], a: int) -> tuple[int, bool]:
    """Colour ``a``'s boats on an island's beaches, and whether no other colour is there."""
    n = 0
    total = 0
    for beach in beaches:
        if beach:
            n += beach.count(a)
            total += len(beach)
    return n, n == total


def _moves_to(
    pos: Hex, eligible: tuple[int, ...], sources: tuple[tuple[Hex, int], ...]
) -> tuple[ExpandFromBoard, ...]:
    """The moves of a boat from ``sources`` (hex, beach) to the beaches ``eligible`` of ``pos``."""
    return tuple(
        [
            _FROM_BOARD[pos, b, source, sb]
            for b in eligible
            for source, sb in sources
            if source != pos or sb != b
        ]
    )


_MOVES_TO: dict[tuple[Hex, tuple[int, ...], tuple[tuple[Hex, int], ...]], tuple[Action, ...]] = {}
""":func:`_moves_to`, kept: a search (MCTS) meets the same moves again and again."""

_MOVES_KEPT: Final = 4096
"""How many lists of moves :data:`_MOVES_TO` keeps before it forgets them all."""


def expansion_cap(own: int, eligible: tuple[int, ...], reserve: int) -> int:
    """How many boats an expansion places (EXPAND-2, EXPAND-3, FEWBOATS-1)."""
    return min(own, len(eligible), reserve)


class ExpansionPhase(VoyagePhase):
    """EXPAND-*, EMPTYRESERVE-*, NOBOATS-*: the turn's choices and the placements."""

    __slots__ = ()

    def legal_turn(self) -> list[Action]:
        cfg = self.cfg
        slots = cfg.tiles.slots
        a = self.agent
        reserve = self.reserve[a]
        fewer = cfg.rules.expand_allow_fewer
        acts: list[Action] = []
        royal: list[Action] = []
        sources: tuple[tuple[Hex, int], ...] | None = None
        any_own = False
        expansions = _EXPANSIONS
        for (pos, t, _r), beaches, king in zip(self.tiles, self.boats, self.kings, strict=True):
            if not beaches or king != NO_KING:
                continue
            n, alone = _own(beaches, a)
            if not n:
                continue
            any_own = True
            if alone and t != 0:  # ROYAL-1 (alone there), ROYAL-2 (never Tonga)
                royal.append(_FOUNDS[(pos,)])
            eligible = _ELIGIBLE[slots[t], tuple(map(len, beaches))]
            if not eligible:
                continue  # AMB-01/AMB-37: no beach with a free slot
            if reserve == 0:
                if sources is None:
                    tiles = self.tiles
                    sources = tuple([(tiles[j][0], sb) for j, sb in self._board_sources(None)])
                acts.extend(self._legal_from_board(self.where[pos], eligible, sources))
                continue
            acts.extend(expansions[pos, eligible, expansion_cap(n, eligible, reserve), fewer])
        if not any_own:
            if self.no_boats(a):
                acts.extend(self._legal_no_boats(reserve))
        elif royal and self._may_found(a):
            acts.extend(royal)
        if self.pile_has_island():
            acts.append(_RECOLONIZE)
        return acts

    def island_terms(self, i: int) -> tuple[int, bool, tuple[int, ...]]:
        """Island ``i`` at the player's turn: own boats, alone there, beaches with room.

        The terms :meth:`legal_turn` offers expansions and royal islands by.
        """
        beaches = self.boats[i]
        n, alone = _own(beaches, self.agent)
        return n, alone, _ELIGIBLE[self.cfg.tiles.slots[self.tiles[i][1]], tuple(map(len, beaches))]

    def _legal_no_boats(self, reserve: int) -> list[Action]:
        """NOBOATS-1: two boats on Tonga, or one boat on another island (AMB-19)."""
        rules = self.cfg.rules
        acts: list[Action] = []
        tonga = self.tonga_index()
        if tonga is not None and reserve >= 2:
            nb = len(self.boats[tonga])
            free = [self.free(tonga, b) for b in range(nb)]
            pairs = (
                combinations(range(nb), 2)
                if rules.noboats_tonga_one_per_beach
                else combinations_with_replacement(range(nb), 2)
            )
            for b1, b2 in pairs:
                if free[b1] and free[b2] and (b1 != b2 or free[b1] >= 2):
                    acts.append(_NEW_BOATS[self.tiles[tonga][0], (b1, b2)])
        if reserve >= 1:
            for i, beaches in enumerate(self.boats):
                if not beaches or self.kings[i] != NO_KING:
                    continue
                if i == tonga and rules.noboats_single_excludes_tonga:
                    continue
                pos = self.tiles[i][0]
                for b in range(len(beaches)):
                    if self.free(i, b):
                        acts.append(_NEW_BOATS[pos, (b,)])
        return acts

    def _board_sources(self, target: int | None) -> list[tuple[int, int]]:
        """Own boats an empty-reserve expansion may move: ``(tile index, beach)`` (AMB-04)."""
        a = self.agent
        other_only = self.cfg.rules.empty_reserve_source is EmptyReserveSource.OTHER_ISLAND_ONLY
        sources = []
        for j, beaches in enumerate(self.boats):
            if not beaches or self.kings[j] != NO_KING or (other_only and j == target):
                continue
            for sb, beach in enumerate(beaches):
                if a in beach:
                    sources.append((j, sb))
        return sources

    def _legal_from_board(
        self, target: int, eligible: tuple[int, ...], sources: tuple[tuple[Hex, int], ...]
    ) -> tuple[Action, ...]:
        """EMPTYRESERVE-1/2: move exactly one own boat, never from a royal island (AMB-04).

        ``sources`` are the player's boats on the table (hex, beach). The moves to an island's
        beaches are kept by island, beaches and sources (:data:`_MOVES_TO`).
        """
        pos = self.tiles[target][0]
        if self.cfg.rules.empty_reserve_source is EmptyReserveSource.OTHER_ISLAND_ONLY:
            sources = tuple([(source, sb) for source, sb in sources if source != pos])
        key = (pos, eligible, sources)
        moves = _MOVES_TO.get(key)
        if moves is None:
            if len(_MOVES_TO) >= _MOVES_KEPT:
                _MOVES_TO.clear()
            moves = _MOVES_TO[key] = _moves_to(pos, eligible, sources)
        return moves

    def place_from_reserve(self, island: Hex, beaches: tuple[int, ...]) -> None:
        """Expand (EXPAND-4/5) or no-boats placement (NOBOATS-1/2): new boats, then go on."""
        i = self.where[island]
        a = self.agent
        if self.log is not None:
            self.log.append(ev.BoatsPlaced(island, beaches, COLOURS[a]))
        for b in beaches:
            self.add_boat(i, b, a)
        self.reserve[a] -= len(beaches)
        self.turn_origin = island
        self.continue_turn()  # EXPAND-7, NOBOATS-2

    def expand_from_board(self, action: ExpandFromBoard) -> None:
        a = self.agent
        if self.log is not None:
            self.log.append(
                ev.BoatMoved(
                    action.source, action.source_beach, action.island, action.beach, COLOURS[a]
                )
            )
        self.remove_boat(self.where[action.source], action.source_beach, a)
        self.add_boat(self.where[action.island], action.beach, a)
        self.turn_origin = action.island
        self.continue_turn()
