"""New colonisation and free placement (RECOLONIZE-1..5, AMB-07, AMB-21, AMB-22, AMB-27).

Recolonising takes the player's boats off the beaches (RECOLONIZE-2, AMB-21,
AMB-22), then tiles are drawn and placed freely next to the table
(RECOLONIZE-3, AMB-07) until an island turns up (RECOLONIZE-4), which gets one
boat (RECOLONIZE-5). The same free placement serves the colonisation forced by
a closed route (CLOSED-4, CLOSED-5, AMB-27) and the later tiles of an
exploration with the Rody variant (VARIANT-RODY-1, AMB-39). Drawing and
placing a tile (``on_draw``, ``on_place``) are in :mod:`.voyage`; the boat
landing on the new island is in :mod:`.landing`.
"""

from __future__ import annotations

from .. import events as ev
from ..actions import Action
from ..colours import COLOURS
from ..hexgrid import ORIGIN, STEPS, Hex
from ..rules import RodyFreeScope
from .board import _INTERN_LIMIT, _PLACE_ROWS, COLONIZE, DRAW, FORCED_COLONIZE, VACANT_KING, VOYAGE
from .royal import RoyalPhase


class _Around(dict[Hex, tuple[Hex, ...]]):
    """The six neighbours of each hex met, made once (a bounded table)."""

    def __missing__(self, pos: Hex) -> tuple[Hex, ...]:
        q, r = pos
        around = tuple([(q + dq, r + dr) for dq, dr in STEPS])
        if len(self) < _INTERN_LIMIT:
            self[pos] = around
        return around


_AROUND = _Around()


class ColonisationPhase(RoyalPhase):
    """RECOLONIZE-*: recolonise, draw until an island, where a free tile may go."""

    __slots__ = ()

    def legal_place(self) -> list[Action]:
        rules = self.cfg.rules
        if self.purpose == VOYAGE and rules.rody_free_scope is RodyFreeScope.ROTATION:
            assert self.at is not None
            return list(_PLACE_ROWS[(self.at,)])
        acts: list[Action] = []
        rows = _PLACE_ROWS
        for p in self.placement_hexes():
            acts.extend(rows[(p,)])
        return acts

    def placement_hexes(self) -> list[Hex]:
        """Empty hexes where a freely placed tile may go (RECOLONIZE-3, AMB-07)."""
        where = self.where
        if not where:
            return [ORIGIN]
        around = _AROUND
        found: set[Hex] = set()
        for p in where:
            found.update(around[p])
        if not self.cfg.rules.recolonize_requires_adjacency:
            # without adjacency, allow a gap of one hex (a bounded, finite choice)
            for p in list(found):
                found.update(around[p])
        found.difference_update(where)
        return sorted(found)

    def recolonize(self) -> None:
        rules = self.cfg.rules
        a = self.agent
        taken = 0
        for i, beaches in enumerate(self.boats):
            # RECOLONIZE-2 / AMB-21: every boat on a beach goes, royal islands' beaches
            # included (AMB-34); only a king on a statue may stay
            if any(a in beach for beach in beaches):
                self.boats[i] = tuple(tuple(c for c in beach if c != a) for beach in beaches)
                for b, beach in enumerate(beaches):
                    if a in beach:
                        self.unfull(self.tiles[i][0], b)
                taken += sum(beach.count(a) for beach in beaches)
        if not rules.recolonize_keeps_royal and a in self.kings:  # AMB-21 (IT literal)
            kings = list(self.kings)
            for i, k in enumerate(kings):
                if k == a:
                    kings[i] = VACANT_KING
                    taken += 1
            self.kings = tuple(kings)
        if self.log is not None:
            self.log.append(ev.Recolonized(COLOURS[a], taken))
        if rules.recolonize_removed_to_reserve:  # AMB-22
            self.reserve[a] += taken
        else:
            out = list(self.out)
            out[a] += taken
            self.out = tuple(out)
        self.purpose = COLONIZE
        self.colonize_draw()

    def colonize_draw(self) -> None:
        if self.pile_has_island():
            self.phase = DRAW
        else:
            self.finish_colonize()

    def finish_colonize(self) -> None:
        if (
            self.purpose == FORCED_COLONIZE
            and self.cfg.rules.closed_forced_colonize_ends_turn_immediately
        ):
            self.end_turn()  # AMB-27 / CLOSED-5 (FR-R literal)
        else:
            self.continue_turn()
