"""What one King sees: the public state (TC-MOVE-1).

Tóncc hides nothing but the choices of a turn, and a state never holds a
choice (the joint action is applied whole), so a King's view is the public
position plus who he is and what he may do. Adapters build observations on it.

>>> import random
>>> from tongiaki_rules.toncc import MOVES, new_game
>>> view = observe(new_game().resolve_chance(random.Random(0)), King.BLUE)
>>> view.king, view.moves == MOVES, view.positions
(<King.BLUE: 2>, True, (18, 18, 18))
"""

from __future__ import annotations

import attrs

from ..errors import QueryError, shown
from ._actions import Move
from ._kings import King, as_king
from ._state import TonccState


@attrs.frozen(slots=True)
class KingView:
    """One King's observation of a state: everything public, by seat, cell and region."""

    king: King
    challenge: int
    turn: int
    layout: tuple[int, ...]
    face_up_cells: tuple[int, ...]
    positions: tuple[int, int, int]
    seals: tuple[int, int, int]
    owners: tuple[int, ...]
    king_points: tuple[int, int, int]
    quiet_turns: int
    toncc_totals: tuple[int, int, int]
    moves: tuple[Move, ...]


def observe(state: TonccState, king: King) -> KingView:
    """``king``'s view of ``state``."""
    if type(state) is not TonccState:
        raise QueryError(f"state: expected a TonccState, got {shown(state)}")
    king = as_king(king)
    return KingView(
        king=king,
        challenge=state.challenge,
        turn=state.turn,
        layout=state.layout,
        face_up_cells=state.face_up_cells(),
        positions=state.positions,
        seals=state.seals,
        owners=state.owners,
        king_points=state.king_points,
        quiet_turns=state.quiet_turns,
        toncc_totals=state.toncc_totals,
        moves=state.legal_actions(king),
    )
