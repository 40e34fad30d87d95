"""The sections of an observation from ``colour_in_play`` on, written value by value.

:func:`write_tail` writes them for :meth:`ObservationLayout.observe
<tongiaki_rules.observation.ObservationLayout.observe>`, into a list, and for
the adapters' float32 arrays, into a memoryview: the same code, so the same
values.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Final

from ..colours import BOATS_PER_COLOUR
from ..hexgrid import Hex
from ..state import GameState
from ..views import Phase, Purpose

if TYPE_CHECKING:
    from . import ObservationLayout

_PURPOSE_PHASES: Final = (Phase.DRAW, Phase.PLACE, Phase.LAND)


def write_tail(
    layout: ObservationLayout,
    obs: MutableSequence[float],
    state: GameState,
    player: int,
    rel: tuple[int, ...],
    island_slot: dict[Hex, int],
    on_board_count: list[int],
    scores: list[int],
) -> None:
    """Write the values of the sections from ``colour_in_play`` on into ``obs``.

    ``obs`` holds the values after the tile sections (index 0 is the
    first of ``beach_boats``), zeros where these sections are: only
    values that are not 0 are written, each once. ``on_board_count``
    and ``scores`` are, per colour, the boats on beaches and statues and
    the value of the islands it is on.
    """
    (
        in_play,
        mine,
        reserve,
        on_board,
        out,
        founded,
        score,
        turn_colour,
        pile,
        end_triggered,
        decision,
        observer_decides,
        place_tile,
        purpose,
        voyage_drawn,
        group_colours,
        group_position,
        group_entry,
        landing_island,
        landing_served,
        expedition_origin,
        turn_origin,
        setup_first_beach,
    ) = layout._tail_at
    agents = len(rel)

    # colours --------------------------------------------------------
    seats = state.config.agent_seats
    scale = layout._score_scale
    now = state.compact
    reserves = now.reserve
    outs = now.out
    founds = now.founded
    for c in range(agents):
        k = rel[c]
        obs[in_play + k] = 1.0
        if seats[c] == player:
            obs[mine + k] = 1.0
        obs[reserve + k] = reserves[c] / BOATS_PER_COLOUR
        obs[on_board + k] = on_board_count[c] / BOATS_PER_COLOUR
        obs[out + k] = outs[c] / BOATS_PER_COLOUR
        obs[founded + k] = min(1.0, founds[c] / 2)
        obs[score + k] = scores[c] / scale
    agent = now.agent
    obs[turn_colour + rel[agent]] = 1.0

    # pile and end ---------------------------------------------------
    ts = layout.tiles
    islands_left = layout._islands_left(state)
    obs[pile] = islands_left / max(1, ts.island_total - 1)
    obs[pile + 1] = (len(now.pile) - islands_left) / max(1, ts.ocean_total)
    if now.ended:
        obs[end_triggered] = 1.0

    # the pending decision -----------------------------------------------
    phase = now.phase
    obs[decision + phase] = 1.0
    if phase != Phase.DRAW and phase != Phase.OVER and seats[agent] == player:
        obs[observer_decides] = 1.0  # the observer is the current player
    if phase == Phase.PLACE and now.tile >= 1:
        obs[place_tile + now.tile - 1] = 1.0
    if phase in _PURPOSE_PHASES:
        obs[purpose + now.purpose] = 1.0
    if now.drawn and now.purpose == Purpose.VOYAGE and phase != Phase.TURN:
        obs[voyage_drawn] = 1.0
    if now.group:
        group = [0.0] * agents
        for c in now.group:
            group[rel[c]] += 1.0 / layout._max_slots
        for k, value in enumerate(group):
            if value:
                obs[group_colours + k] = value
    at = now.at
    if at is not None:
        radius = float(layout.radius)
        obs[group_position] = clamp(at[0] / radius)
        obs[group_position + 1] = clamp(at[1] / radius)
        obs[group_entry + now.entry] = 1.0
        if phase == Phase.LAND:
            landed = island_slot.get(at)
            if landed is not None:
                obs[landing_island + landed] = 1.0
            served = now.served
            for b in range(layout._max_beaches):
                if served >> b & 1:
                    obs[landing_served + b] = 1.0
    where = now.origin
    origin = island_slot.get(where) if where is not None else None
    if origin is not None:
        obs[expedition_origin + origin] = 1.0
    where = now.turn_origin
    origin = island_slot.get(where) if where is not None else None
    if origin is not None:
        obs[turn_origin + origin] = 1.0
    if phase == Phase.SETUP:
        width = len(ts.slots[0])
        for c, b in enumerate(now.setup_firsts):
            if b >= 0:
                obs[setup_first_beach + width * rel[c] + b] = 1.0


def clamp(x: float) -> float:
    """``x`` within ``[-1, 1]``."""
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x
