"""End of game: the trigger (END-1, with AMB-11) and the final scores.

END-2 (the active player finishes the turn, then the game ends) is in
:mod:`.turn` (``end_turn``); END-3 and END-4 (the group at sea when the last
tile is drawn, AMB-12) are in :mod:`.voyage` (``voyage_tile``). The scoring
itself (SCORE-*) is :mod:`tongiaki_rules._scoring`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .. import events as ev
from ..rules import EndTrigger
from .board import Board

if TYPE_CHECKING:
    from .work import Work


class EndOfGame(Board):
    """END-1: when the game is over, and the scores it ends with."""

    __slots__ = ()

    def end_check(self, t: int) -> None:
        """END-1 (AMB-11): has the last tile of a type been drawn and placed?"""
        if self.ended:
            return
        ts = self.cfg.tiles
        island = ts.is_island[t]
        if self.cfg.rules.end_trigger is EndTrigger.TYPE_EXHAUSTED:
            self.ended = not (self.pile_has_island() if island else self.pile_has_ocean())
        else:
            on_table = sum(1 for _p, k, _r in self.tiles if ts.is_island[k] == island)
            self.ended = on_table == (ts.island_total if island else ts.ocean_total)
        if self.ended and self.log is not None:
            self.log.append(ev.EndTriggered(ts.kinds[t].id))

    def final_scores(self) -> tuple[int, ...]:
        from .freeze import freeze

        return freeze(cast("Work", self), [], None).scores()  # a phase is part of a Work
