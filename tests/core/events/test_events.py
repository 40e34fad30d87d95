"""Events: apply_with_events tells a front end what happened, in order."""

from __future__ import annotations

import random

import pytest

from tongiaki_rules import (
    ORIGIN,
    Colour,
    Draw,
    Expand,
    FoundRoyal,
    GameState,
    new_game,
    position,
)
from tongiaki_rules.events import (
    EVENT_TYPES,
    BeachFilled,
    Berthed,
    BoatsPlaced,
    BoatsReturned,
    Bounced,
    Departed,
    EndTriggered,
    GameEnded,
    IslandRemoved,
    Landed,
    RoutePassed,
    RoyalIslandFounded,
    TileDrawn,
    TilePlaced,
    TurnEnded,
    VoyageFailed,
)

B, R, G = Colour.BLUE, Colour.RED, Colour.GREEN
ABOVE = (0, -1)


def names(events: tuple[object, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


@pytest.mark.clause("EXPAND-7", "DEPART-1", "DEPART-4", "VOYAGE-4", "LAND-1")
def test_an_expansion_that_fills_a_beach_reports_the_whole_expedition() -> None:
    state = position(
        3,
        boats={(ORIGIN, 3): "BR", (ORIGIN, 0): "G"},
        pile=["hawaii", "samoa", "ocean-p", "ocean-o"],
    )
    state, events = state.apply_with_events(Expand(ORIGIN, (3,)))
    assert names(events) == ["BoatsPlaced", "BeachFilled", "Departed"]
    assert events[0] == BoatsPlaced(ORIGIN, (3,), B)
    assert events[1] == BeachFilled(ORIGIN, 3)
    assert events[2] == Departed(ORIGIN, 3, 3, (B, B, R))
    assert state.is_chance_node
    state, events = state.apply_with_events(Draw("ocean-p"))
    # ocean p, placed with its marker down, sends a group entering at the bottom out
    # by the lower-right edge (route 0-5, no number)
    assert events[:3] == (
        TileDrawn("ocean-p"),
        TilePlaced("ocean-p", ABOVE, 0, False),
        RoutePassed(ABOVE, 0, 5, 0, 2),
    )
    state, events = state.apply_with_events(Draw("hawaii"))
    assert names(events)[:3] == ["TileDrawn", "TilePlaced", "Landed"]
    assert events[2] == Landed((1, -1), (B, B, R))


@pytest.mark.clause("VOYAGE-3")
def test_a_failed_voyage_reports_the_route_and_the_boats_sent_home() -> None:
    # a lone colour meets ocean a (every route needs 4 colours)
    state = position(3, boats={(ORIGIN, 3): "BBB"}, pile=["hawaii", "ocean-a", "ocean-o"])
    state, events = state.apply_with_events(Draw("ocean-a"))
    assert VoyageFailed(ABOVE, 0, 4, 1) in events
    assert BoatsReturned((B, B, B), "voyage failed") in events
    assert isinstance(events[-1], TurnEnded)
    assert events[-1] == TurnEnded(B, R)


@pytest.mark.clause("ROYAL-7")
def test_a_bounce_off_a_royal_island_is_reported_before_the_landing() -> None:
    # Tonga's top beach fills; its only jetty faces royal Hawaii
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], kings={ABOVE: "G"}, boats={(ORIGIN, 3): "BR"})
    state, events = state.apply_with_events(Expand(ORIGIN, (3,)))
    assert Bounced(ABOVE, ORIGIN) in events
    assert events.index(Bounced(ABOVE, ORIGIN)) < events.index(Landed(ORIGIN, (B, B, R)))


@pytest.mark.clause("ROYAL-4")
def test_founding_a_royal_island_reports_the_boats_sent_home() -> None:
    state = position(3, tiles=[(ABOVE, "hawaii", 0)], boats={(ABOVE, 0): "BB", (ABOVE, 1): "B"})
    _state, events = state.apply_with_events(FoundRoyal(ABOVE))
    assert events == (
        RoyalIslandFounded(ABOVE, B),
        BoatsReturned((B, B), "royal island"),
        TurnEnded(B, R),
    )


def test_apply_with_events_gives_the_same_state_as_apply() -> None:
    rng = random.Random(3)
    state = new_game(4)
    while not state.is_terminal:
        if state.is_chance_node:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        after, events = state.apply_with_events(action)
        assert after == state.apply(action)
        assert all(isinstance(e, EVENT_TYPES) for e in events)
        state = after


def play_with_events(
    players: int, seed: int
) -> list[tuple[GameState, object, GameState, tuple[object, ...]]]:
    rng = random.Random(seed)
    state = new_game(players)
    steps = []
    while not state.is_terminal:
        action = (
            state.sample_chance(rng) if state.is_chance_node else rng.choice(state.legal_actions())
        )
        after, events = state.apply_with_events(action)
        steps.append((state, action, after, events))
        state = after
    return steps


@pytest.mark.topic("events")
@pytest.mark.parametrize("seed", range(12))
def test_events_account_for_tiles_turns_and_the_end(seed: int) -> None:
    steps = play_with_events(2 + seed % 5, seed)
    events = [e for _s, _a, _t, evs in steps for e in evs]
    final = steps[-1][2]
    placed = [e for e in events if isinstance(e, TilePlaced)]
    assert len(placed) == len(final.tiles_) - 1 + len(final.removed_)
    assert (
        sum(isinstance(e, TileDrawn) for e in events)
        == len(final.config.tiles.pile) - final.pile.size
    )
    assert sum(isinstance(e, EndTriggered) for e in events) == 1
    assert isinstance(events[-1], GameEnded) and events[-1].scores == final.scores()
    assert [e.tile for e in events if isinstance(e, IslandRemoved)] == list(final.removed_tiles)
    for before, _action, after, evs in steps:
        for e in evs:
            if isinstance(e, Berthed | BeachFilled):
                assert after.island_at(e.island) is not None or e.island not in {
                    p.position for p in after.placed_tiles
                }
        turns = [e for e in evs if isinstance(e, TurnEnded)]
        if turns:
            assert turns[-1].next_colour == after.turn_colour
            assert turns[0].colour == before.turn_colour
