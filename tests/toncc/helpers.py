"""Helpers of the Tóncc tests: boards dealt to order, mid-game positions, the invariants."""

from __future__ import annotations

import attrs

from tongiaki_rules.toncc import MIND, King, TonccRules, TonccState, new_game
from tongiaki_rules.toncc._turn import OFF
from tongiaki_rules.toncc.board import REGION_CELLS, cell

FIXED = TonccRules(colour_draw="fixed")
"""Rules with the fixed seating (seat = colour): tests that deal boards to order use them."""


def dealt(rules: TonccRules | None = None, **placed: int) -> TonccState:
    """A first challenge dealt with ``placed`` regions on the named cells, the rest in order.

    ``dealt(I1=6)`` puts region 6 (B0, yellow) on I1 and the other regions in
    id order on the other cells.
    """
    layout: list[int | None] = [None] * REGION_CELLS
    for label, region in placed.items():
        layout[cell(label)] = region
    rest = iter(r for r in range(REGION_CELLS) if r not in placed.values())
    full = tuple(next(rest) if r is None else r for r in layout)
    fixed = attrs.evolve(rules or FIXED, colour_draw="fixed")
    return new_game(fixed).dealt(full)


def midgame(
    state: TonccState, owners: dict[int, King], positions: tuple[str, str, str]
) -> TonccState:
    """``state`` with seals on the Map pictures of ``owners`` (regions turned face down).

    ``positions`` names each King's cell ("off" once he has left); seals in
    hand and face-up cells follow from ``owners``, so the position is one
    play can reach.
    """
    owned = [-1] * REGION_CELLS
    for region, king in owners.items():
        owned[region] = king.value
    face_up = sum(1 << c for c in range(REGION_CELLS) if owned[state.layout[c]] < 0)
    seals = tuple(6 - owned.count(k.value) for k in King)
    where = tuple(OFF if p == "off" else MIND if p == "Mind" else cell(p) for p in positions)
    return attrs.evolve(
        state,
        owners=tuple(owned),
        face_up=face_up,
        seals=seals,
        positions=where,
        turn=5,
    )


def invariants(state: TonccState) -> None:
    """What holds in every state of every game."""
    assert len(state.face_up_cells()) == (0 if state.is_chance else sum(state.seals))
    if not state.is_chance:
        assert sorted(state.layout) == list(range(REGION_CELLS))
        owned = sum(1 for o in state.owners if o >= 0)
        assert owned + sum(state.seals) == 18
        for king in King:
            assert state.owners.count(king.value) + state.seals[king.value] == 6
    assert 0 <= state.quiet_turns < 3 or state.is_terminal
    assert len(state.results) == min(state.challenge, 3)
    for king in state.active_kings:
        destinations = {state.destination(king, m) for m in state.legal_actions(king)}
        assert len(destinations) == 6
        assert state.seals[king.value] > 0
