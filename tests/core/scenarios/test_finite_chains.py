"""A chain is endless only when no finite continuation exists (AMB-25, CLOSED-2, CLOSED-3).

The three positions of issue 24, where the old reading ("a departure met twice
ends the chain by removing the island") let a player destroy an island on
purpose while other choices were open. Sources, by section:

- BSW help (``001``), *Infinite chain hoist*: a chain is endless only if no
  finite combination resolves it; on a group of islands it never is.
- French online help (``002``), *Recommencement perpétuel*: never on a group of islands.
- French rules (``003``), *Réaction en chaîne sans fin (très rare)*: the player
  must choose a different departure.
- Italian rules (``000``), *Percorsi chiusi*: an island goes only when all its
  routes lead straight back to it; a way back through other islands is not closed.

Under the engine's reading a choice is offered only if the turn can still end
after it without coming back to a position the chain has reached since the
last draw; ``endless_chain`` applies only where no choice can.
"""

from __future__ import annotations

import pytest
from tests.core.scenarios.helpers_special import tubuai_among_royal_islands

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    Berth,
    Colour,
    DecisionKind,
    Depart,
    EndlessChain,
    GameState,
    IllegalActionError,
    Rules,
    TileSet,
    position,
)
from tongiaki_rules._standard_tiles import island

HIVA_OA = (0, -2)
MURUROA = (0, -3)

FLAGS = [
    Rules(),
    Rules(closed_route_force_other_exit=False),
    Rules(closed_route_mode="infinite_only"),
    Rules(closed_route_mode="infinite_only", closed_route_force_other_exit=False),
]


def facing_pairs(rules: Rules) -> GameState:
    """Hiva Oa's 2-slot beach 1 (jetty 3) faces Muroroa's 2-slot beach 0 (jetty 1, turned 5).

    Every other beach on both islands is full, so the pair that sails across
    can only fill the empty beach opposite and sail back: seven other
    departures are open at every step.
    """
    return position(
        3,
        tiles=[(HIVA_OA, "hiva-oa", 0), (MURUROA, "muroroa", 5)],
        boats={
            (HIVA_OA, 0): "GR",
            (HIVA_OA, 1): "BB",
            (HIVA_OA, 2): "RRRRG",
            (MURUROA, 1): "RG",
            (MURUROA, 2): "GGR",
            (ORIGIN, 0): "B",
        },
        to_move=0,
        rules=rules,
    )


def bounces_home(rules: Rules) -> GameState:
    """Muroroa's two 2-slot beaches face royal islands; its 3-slot beach faces open sea.

    The green pair on beach 0 bounces off a royal island (ROYAL-7) and comes
    home; a scheming player would refill beach 0 and beach 1 in turn.
    """
    return position(
        3,
        tiles=[(MURUROA, "muroroa", 0), ((-1, -2), "tubuai", 0), ((-1, -3), "nauru", 0)],
        kings={(-1, -2): "R", (-1, -3): "R"},
        boats={(MURUROA, 0): "GG", (MURUROA, 1): "G"},
        to_move=2,
        rules=rules,
    )


def refusal(state: GameState, action: object) -> tuple[str, str | None]:
    """The message and clause of the error that applying ``action`` raises."""
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    return str(refused.value), refused.value.clause


def scheme(state: GameState, prefer: tuple[int, ...]) -> GameState:
    """Play the turn on as a scheming player: berth on ``prefer`` beaches, sail the first jetty."""
    for _ in range(100):
        if state.pending.kind not in (DecisionKind.DEPARTURE, DecisionKind.BERTH):
            return state
        acts = state.legal_actions()
        wanted = [a for a in acts if isinstance(a, Berth) and a.beach in prefer]
        state = state.apply(wanted[0] if wanted else acts[0])
    raise AssertionError("the turn went on for 100 decisions")


@pytest.mark.clause("AMB-25", "CLOSED-2", "CLOSED-3")
@pytest.mark.parametrize("rules", FLAGS, ids=lambda r: repr(r.changed()))
def test_a_pair_sent_across_may_not_sail_back_to_where_it_was(rules: Rules) -> None:
    state = facing_pairs(rules)
    assert Depart(HIVA_OA, 1, 3) in state.legal_actions()
    assert len(state.legal_actions()) == 8
    state = state.apply(Depart(HIVA_OA, 1, 3))
    # the pair fills Muroroa's beach 0; sailing it back would rebuild the first position
    mur = state.island_at(MURUROA)
    assert mur is not None and mur.beaches[0].boats == (Colour.BLUE, Colour.BLUE)
    acts = state.legal_actions()
    assert not any(isinstance(a, Depart) and a.island == MURUROA and a.beach == 0 for a in acts)
    assert len(acts) == 7  # every other departure stays open
    back = Depart(MURUROA, 0, 0)  # beach 0's jetty 1, turned 5, points down (direction 0)
    reason, clause = refusal(state, back)
    assert clause == "AMB-25" and "position already reached" in reason
    assert state.removed_tiles == ()


@pytest.mark.clause("AMB-25", "AMB-16", "ROYAL-7", "LAND-2")
@pytest.mark.parametrize("rules", FLAGS[:2], ids=lambda r: repr(r.changed()))
def test_a_bounced_pair_may_not_refill_beaches_in_turn_for_ever(rules: Rules) -> None:
    state = scheme(bounces_home(rules), prefer=(0, 1))
    assert state.removed_tiles == ()
    assert state.pending.kind is DecisionKind.TURN
    mur = state.island_at(MURUROA)
    # at the last landing the refill was refused, so a boat had to go to the open beach
    assert mur is not None and [len(b.boats) for b in mur.beaches] == [1, 1, 1]
    assert state.reserve(Colour.GREEN) == 12


@pytest.mark.clause("AMB-25", "CLOSED-2")
@pytest.mark.flag("closed_route_force_other_exit", False)
def test_one_loop_sent_round_twice_does_not_remove_tubuai() -> None:
    tubuai = (0, -1)
    state = position(
        3,
        tiles=[(tubuai, "tubuai", 0), ((-1, 0), "ocean-p", 0), ((-1, -1), "ocean-l", 0)],
        boats={(tubuai, 0): "BRG", (tubuai, 1): "BRR", (ORIGIN, 5): "B"},
        to_move=0,
        rules=Rules(closed_route_force_other_exit=False),
    )
    # beach 0 may only come back to refill itself: that departure is not offered,
    # while beach 1 sails towards Hawaii's side of the sea
    assert set(state.legal_actions()) == {Depart(tubuai, 1, 4), Depart(tubuai, 1, 5)}
    _reason, clause = refusal(state, Depart(tubuai, 0, 1))
    assert clause == "AMB-25"


@pytest.mark.clause("AMB-25", "AMB-10")
@pytest.mark.flag("bounce_counts_as_closed_route", False)
@pytest.mark.parametrize(
    ("endless", "removed", "green_home"),
    [
        pytest.param(
            EndlessChain.REMOVE_ISLAND,
            ("tubuai",),
            15,
            marks=pytest.mark.flag("endless_chain", "remove_island"),
        ),
        pytest.param(
            EndlessChain.RETURN_GROUP,
            (),
            13,
            marks=pytest.mark.flag("endless_chain", "return_group"),
        ),
    ],
)
def test_only_a_chain_no_choice_can_end_meets_the_endless_chain_flag(
    endless: EndlessChain, removed: tuple[str, ...], green_home: int
) -> None:
    # Tubuai's four jetties all face royal islands: every group bounces home, and with
    # bounces not counted as closed routes no choice can ever end the chain
    rules = Rules(bounce_counts_as_closed_route=False, endless_chain=endless)
    state = tubuai_among_royal_islands(rules)
    state = scheme(state, prefer=(0, 1))
    assert state.removed_tiles == removed
    assert state.reserve(Colour.GREEN) == green_home


MONO = island("mono", "Mono", 2, "2:3")
"""A custom island with one two-slot beach and one jetty, on its top edge (AMB-10's example)."""
MONO_TILES = TileSet.of(STANDARD_TILES.start, [MONO, *STANDARD_TILES.pile])


def mono_under_a_royal_island(rules: Rules) -> GameState:
    """Mono's only jetty faces a royal Tubuai: its full beach can only sail into a bounce."""
    return position(
        2,
        tiles=[((0, -2), "mono", 0), ((0, -3), "tubuai", 0)],
        kings={(0, -3): "R"},
        boats={((0, -2), 0): "BB", (ORIGIN, 5): "B"},
        tile_set=MONO_TILES,
        rules=rules,
    )


@pytest.mark.clause("AMB-10", "AMB-25", "CLOSED-1", "ROYAL-7")
@pytest.mark.flag("bounce_counts_as_closed_route", True)
def test_amb10_example_by_default_the_island_is_closed_and_removed() -> None:
    # a jetty that leads to a royal island counts as leading back (AMB-10): Mono is closed
    state = mono_under_a_royal_island(Rules())
    assert state.removed_tiles == ("mono",)
    assert state.reserve(Colour.BLUE) == 14


@pytest.mark.clause("AMB-10", "AMB-25", "ROYAL-7")
@pytest.mark.flag("bounce_counts_as_closed_route", False)
@pytest.mark.parametrize(
    ("endless", "removed"),
    [
        pytest.param(
            EndlessChain.REMOVE_ISLAND,
            ("mono",),
            marks=pytest.mark.flag("endless_chain", "remove_island"),
        ),
        pytest.param(
            EndlessChain.RETURN_GROUP, (), marks=pytest.mark.flag("endless_chain", "return_group")
        ),
    ],
)
def test_amb10_example_when_bounces_do_not_count_the_chain_is_endless(
    endless: EndlessChain, removed: tuple[str, ...]
) -> None:
    # the pair bounces home and must refill the one beach: no choice at all can end the
    # chain, so it comes round and endless_chain settles it
    state = mono_under_a_royal_island(
        Rules(bounce_counts_as_closed_route=False, endless_chain=endless)
    )
    assert state.removed_tiles == removed
    assert state.reserve(Colour.BLUE) == 14
    assert state.pending.kind is DecisionKind.TURN
