"""Every turn ends, whatever the players choose (CLOSED-1..3, AMB-10, AMB-25).

The proof is a bounded depth-first search (see ``turn_search``) from many
positions: built loops that the rule texts leave open, random games under
sampled flags, and custom tile sets. It must find neither a state that comes
back on a path nor a path longer than any finite turn needs.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from tests.termination.turn_search import SearchResult, search_turn

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    Berth,
    DecisionKind,
    Depart,
    EndlessChain,
    Expand,
    GameState,
    Rules,
    TileSet,
    new_game,
    position,
)
from tongiaki_rules._standard_tiles import island
from tongiaki_rules.fuzzing import GameSettings, sample_settings, sample_tile_set, setup_room

TUBUAI = (0, -1)
LEFT_PAIR = [((-1, 0), "ocean-p", 0), ((-1, -1), "ocean-l", 0)]
"""Ocean tiles that lead the jetties on Tubuai's printed edges 1 and 2 into each other."""

SOLO = island("solo", "Solo", 2, "1:12 2:45")
"""A custom island: a one-slot beach (jetties 1, 2) and a two-slot beach (jetties 4, 5)."""
SOLO_TILES = TileSet.of(
    STANDARD_TILES.start, [SOLO, *(t for t in STANDARD_TILES.pile if t.id != "tubuai")]
)

EVERY_LOOP_FLAG = [
    Rules(),
    Rules(closed_route_force_other_exit=False),
    Rules(endless_chain=EndlessChain.RETURN_GROUP),
    Rules(closed_route_force_other_exit=False, endless_chain=EndlessChain.RETURN_GROUP),
    Rules(bounce_counts_as_closed_route=False),
    Rules(closed_route_mode="infinite_only", closed_route_force_other_exit=False),
    Rules(royal_owner_may_land=True, closed_route_force_other_exit=False),
    Rules(failure_ends_turn=True, closed_route_force_other_exit=False),
]


def assert_turn_ends(state: GameState, budget: int = 4000) -> SearchResult:
    result = search_turn(state, budget=budget)
    assert result.cycle is None, f"a cycle of {len(result.cycle) - 1} choices from {state!r}"
    assert result.too_deep is None, f"a turn longer than {len(result.too_deep)} decisions"
    return result


def solo_ring(rules: Rules) -> GameState:
    """A lone blue boat can fill Solo's one-slot beach, sail round and land there again."""
    return position(
        2,
        tiles=[(TUBUAI, "solo", 0), *LEFT_PAIR],
        boats={(TUBUAI, 1): "B", (ORIGIN, 5): "B"},
        tile_set=SOLO_TILES,
        rules=rules,
    )


def looping_beach_beside_an_open_one(rules: Rules) -> GameState:
    """Tonga: beach 3 (BRG) leads straight back to Tonga, beach 0 (RRR) faces open sea."""
    return position(
        3,
        tiles=[((0, -1), "ocean-l", 0), ((1, -1), "ocean-p", 0)],
        boats={(ORIGIN, 0): "RRR", (ORIGIN, 3): "BRG", (ORIGIN, 5): "BB"},
        to_move=0,
        rules=rules,
    )


def two_full_beaches(rules: Rules) -> GameState:
    """Tubuai: full beach 0 leads straight back (both jetties), full beach 1 faces open sea.

    A group from beach 0 comes back to Tubuai, where only beach 0 has room: it
    refills the same beach, and the position repeats.
    """
    return position(
        3,
        tiles=[(TUBUAI, "tubuai", 0), *LEFT_PAIR],
        boats={(TUBUAI, 0): "BRG", (TUBUAI, 1): "BRR", (ORIGIN, 5): "B"},
        to_move=0,
        rules=rules,
    )


def keep_looping(state: GameState) -> GameState:
    """Play the turn on, always berthing on the first beach and taking the first jetty."""
    for _ in range(200):
        if state.pending.kind not in (DecisionKind.DEPARTURE, DecisionKind.BERTH):
            return state
        actions = state.legal_actions()
        state = state.apply(next((a for a in actions if isinstance(a, Berth)), actions[0]))
    raise AssertionError("the turn went on for 200 decisions")


# ------------------------------------------------------------ built loops


@pytest.mark.clause("CLOSED-3", "AMB-25", "LAND-2")
@pytest.mark.parametrize(
    "rules", [Rules(), Rules(endless_chain=EndlessChain.RETURN_GROUP)], ids=["remove", "return"]
)
def test_a_lone_boat_sent_round_a_ring_may_not_refill_its_beach(rules: Rules) -> None:
    state = solo_ring(rules).apply(Expand(TUBUAI, (0,)))
    assert list(state.legal_actions()) == [Depart(TUBUAI, 0, 1), Depart(TUBUAI, 0, 2)]
    state = state.apply(Depart(TUBUAI, 0, 1))  # round the ring and back to Solo
    # refilling the one-slot beach would bring back the position it left: only the
    # two-slot beach may take the boat, so the berth is forced and that beach sails
    solo = state.island_at(TUBUAI)
    assert solo is not None and [len(b.boats) for b in solo.beaches] == [0, 2]
    assert state.pending.kind is DecisionKind.DEPARTURE
    assert state.removed_tiles == ()


@pytest.mark.clause("CLOSED-2", "AMB-25")
def test_either_jetty_of_the_looping_beach_may_be_taken_once() -> None:
    for jetty in (1, 2):
        state = solo_ring(Rules()).apply(Expand(TUBUAI, (0,)))
        state = state.apply(Depart(TUBUAI, 0, jetty))
        assert state.removed_tiles == ()
        assert state.pending.kind is DecisionKind.DEPARTURE


@pytest.mark.clause("CLOSED-2", "AMB-25")
@pytest.mark.flag("closed_route_force_other_exit", True)
def test_a_beach_that_loops_back_may_not_sail_while_another_full_beach_can_sail_away() -> None:
    state = two_full_beaches(Rules())
    # FR-R: "doit choisir un départ en mer différent" applies across the island's beaches
    assert set(state.legal_actions()) == {Depart(TUBUAI, 1, 4), Depart(TUBUAI, 1, 5)}


@pytest.mark.clause("CLOSED-2", "AMB-25")
@pytest.mark.flag("closed_route_force_other_exit", False)
def test_without_the_duty_to_sail_elsewhere_a_beach_that_can_only_refill_itself_stays() -> None:
    state = two_full_beaches(Rules(closed_route_force_other_exit=False))
    # beach 0's group could only come back and refill beach 0, the position it left
    assert set(state.legal_actions()) == {Depart(TUBUAI, 1, 4), Depart(TUBUAI, 1, 5)}
    assert state.removed_tiles == ()


@pytest.mark.clause("CLOSED-1", "CLOSED-2", "CLOSED-3", "AMB-25")
@pytest.mark.parametrize("rules", EVERY_LOOP_FLAG, ids=lambda r: repr(r.changed()))
def test_two_full_beaches_one_looping_cannot_keep_a_turn_going(rules: Rules) -> None:
    result = assert_turn_ends(two_full_beaches(rules))
    assert result.complete


@pytest.mark.clause("CLOSED-1", "CLOSED-2", "CLOSED-3", "AMB-10", "AMB-25")
@pytest.mark.parametrize("rules", EVERY_LOOP_FLAG, ids=lambda r: repr(r.changed()))
def test_the_one_slot_ring_cannot_keep_a_turn_going(rules: Rules) -> None:
    result = assert_turn_ends(solo_ring(rules))
    assert result.complete


@pytest.mark.clause("CLOSED-2", "AMB-25")
@pytest.mark.parametrize("rules", EVERY_LOOP_FLAG, ids=lambda r: repr(r.changed()))
def test_a_looping_beach_beside_an_open_one_cannot_keep_a_turn_going(rules: Rules) -> None:
    # the open beach sails first (or, without the duty to sail elsewhere, either may)
    result = assert_turn_ends(looping_beach_beside_an_open_one(rules))
    assert result.complete


@pytest.mark.clause("CLOSED-1", "ROYAL-7", "AMB-10", "AMB-25")
@pytest.mark.flag("bounce_counts_as_closed_route", False)
def test_bounces_off_a_royal_island_cannot_keep_a_turn_going() -> None:
    # Tubuai's beach 1 faces a royal Rarotonga with both jetties: every departure bounces home
    state = position(
        2,
        tiles=[(TUBUAI, "tubuai", 0), ((1, -1), "rarotonga", 0), ((1, -2), "ocean-o", 0)],
        kings={(1, -1): "R"},
        boats={(TUBUAI, 1): "BB", (ORIGIN, 5): "B"},
        rules=Rules(bounce_counts_as_closed_route=False, closed_route_force_other_exit=False),
    )
    result = assert_turn_ends(state)
    assert result.complete and result.longest >= 3


# ------------------------------------------------------------ random games


def sampled_rules(rng: random.Random, players: int) -> Rules:
    """Every flag drawn at random (the two-colour variant only for two players)."""
    values: dict[str, object] = {}
    for field in attrs.fields(Rules):
        default = field.default
        if isinstance(default, bool):
            values[field.name] = rng.random() < 0.5
        else:
            values[field.name] = rng.choice(list(type(default)))
    if players != 2:
        values["variant_two_player_double_colour"] = False
    return Rules(**values)  # type: ignore[arg-type]


def decision_points(state: GameState, seed: int, every: int = 7) -> Iterator[GameState]:
    """Every departure decision, and every ``every``-th turn decision, of a random game."""
    rng = random.Random(seed)
    turns = 0
    while not state.is_terminal:
        state = state.resolve_chance(rng)
        if state.is_terminal:
            return
        kind = state.pending.kind
        if kind is DecisionKind.DEPARTURE:
            yield state
        elif kind is DecisionKind.TURN:
            turns += 1
            if turns % every == 0:
                yield state
        state = state.apply(rng.choice(state.legal_actions()))


def random_game(seed: int) -> GameState:
    """A new game of 2 to 6 players, with every flag sampled for two seeds in three."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    return new_game(players, sampled_rules(rng, players) if seed % 3 else Rules())


@pytest.mark.clause("CLOSED-1", "CLOSED-2", "CLOSED-3", "AMB-10", "AMB-25")
@pytest.mark.parametrize("seed", range(24))
def test_no_turn_of_a_random_game_can_last_for_ever(seed: int) -> None:
    for state in decision_points(random_game(seed), seed):
        assert_turn_ends(state, budget=600)


@pytest.mark.clause("CLOSED-1", "CLOSED-2", "CLOSED-3", "AMB-10", "AMB-25")
@pytest.mark.parametrize("seed", range(40))
def test_no_turn_can_last_for_ever_with_a_generated_tile_set(seed: int) -> None:
    # custom tile sets with one-slot beaches, rings of ocean tiles and every flag sampled
    settings = sample_settings(random.Random(f"termination-{seed}"))
    settings = attrs.evolve(settings, tiles=sample_tile_set(random.Random(f"tiles-{seed}")))
    settings = _seated(settings)
    for state in decision_points(settings.new_game(), seed, every=5):
        assert_turn_ends(state, budget=600)


def _seated(settings: GameSettings) -> GameSettings:
    """The settings with a player count and flags the custom start island can seat."""
    rules = settings.rules
    seats = min(6, setup_room(settings.tiles, distinct_beaches=rules.setup_distinct_beaches))
    if seats < 2:
        rules = attrs.evolve(rules, setup_distinct_beaches=False)
        seats = min(6, setup_room(settings.tiles))
    if seats < 4:
        rules = attrs.evolve(rules, variant_two_player_double_colour=False)
    players = 2 if rules.variant_two_player_double_colour else min(settings.num_players, seats)
    return GameSettings(players, rules, settings.tiles, min(settings.start_player, players - 1))


def test_the_issue_example_seed_56_has_no_endless_departure() -> None:
    # rng = Random(56), new_game(rng.randint(2, 6)), random choices: a departure whose jetty
    # leads straight back used to be repeatable for ever (7 steps round)
    rng = random.Random(56)
    state = new_game(rng.randint(2, 6))
    searched = 0
    while not state.is_terminal and searched < 40:
        state = state.resolve_chance(rng)
        if state.is_terminal:
            break
        if state.pending.kind is DecisionKind.DEPARTURE:
            assert_turn_ends(state)
            searched += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert searched > 0
