"""Positions play cannot reach are refused alike by position(), the state reader and the kit."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tongiaki_rules import (
    ORIGIN,
    DecisionKind,
    GameState,
    InvalidPositionError,
    RecordError,
    Rules,
    position,
    state_from_json,
    state_to_json,
)
from tongiaki_rules.record import state_to_dict
from tongiaki_rules.testing import invariant_violations, reachability_problems

HAWAII = (0, -1)
OWNER_LANDS = Rules(royal_owner_may_land=True)


def royal_hawaii(rules: Rules = OWNER_LANDS, **kwargs: Any) -> GameState:
    """Red is king of Hawaii, above Tonga."""
    return position(3, tiles=[(HAWAII, "hawaii", 0)], kings={HAWAII: "R"}, rules=rules, **kwargs)


def refused_json(doc: dict[str, Any], path: str, *fragments: str) -> None:
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(doc))
    assert info.value.path == path, str(info.value)
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)


# ---------------------------------------------------------------- royal islands
@pytest.mark.topic("positions")
def test_the_owners_boats_on_their_own_royal_island_are_a_reachable_position() -> None:
    state = royal_hawaii(boats={(HAWAII, 0): "RR"})
    assert state.island_at(HAWAII) is not None
    assert invariant_violations(state, exact_tiles=False) == []
    assert state_from_json(state_to_json(state)) == state


@pytest.mark.topic("positions")
def test_boats_on_a_royal_island_are_refused_without_the_flag_or_of_another_colour() -> None:
    with pytest.raises(InvalidPositionError, match=r"boats at \(0, -1\).*\[ROYAL-6\]"):
        royal_hawaii(Rules(), boats={(HAWAII, 0): "RR"})
    with pytest.raises(InvalidPositionError, match=r"only the king's own boats.*\[AMB-34\]"):
        royal_hawaii(boats={(HAWAII, 0): "RB"})
    doc = state_to_dict(royal_hawaii(boats={(HAWAII, 0): "RR"}))
    doc["table"][1]["beaches"][0] = "BR"
    doc["colours"]["B"]["reserve"] -= 1
    doc["colours"]["R"]["reserve"] += 1
    refused_json(doc, "table[1].beaches", "only the king's own boats", "[AMB-34]")


@pytest.mark.topic("positions")
def test_a_group_lands_on_a_royal_island_only_as_the_kings_own_boats() -> None:
    with pytest.raises(InvalidPositionError, match=r"group_at: no group lands.*\[ROYAL-7\]"):
        royal_hawaii(group="BR", group_at=HAWAII, origin=ORIGIN)
    with pytest.raises(InvalidPositionError, match=r"\[ROYAL-7\]"):
        royal_hawaii(Rules(), group="R", group_at=HAWAII, origin=ORIGIN)
    landed = royal_hawaii(group="RR", group_at=HAWAII, origin=ORIGIN)
    assert invariant_violations(landed, exact_tiles=False) == []
    doc = state_to_dict(position(3, tiles=[(HAWAII, "hawaii", 0)], group="B", group_at=HAWAII))
    doc["table"][1]["king"] = "R"
    doc["colours"]["R"].update(reserve=14, royal_islands_founded=1)
    refused_json(doc, "at", "no group lands on a royal island", "[ROYAL-7]")


@pytest.mark.topic("positions")
def test_a_king_needs_a_founded_royal_island() -> None:
    for founded in (0, -1, 3, True, 1.0):
        with pytest.raises(InvalidPositionError, match=r"royal_founded\[red\]"):
            royal_hawaii(royal_founded={"R": founded})
    assert royal_hawaii(royal_founded={"R": 2}).royal_islands_founded(1) == 2
    doc = state_to_dict(royal_hawaii())
    doc["colours"]["R"]["royal_islands_founded"] = 0
    refused_json(doc, "colours.R.royal_islands_founded", "king of 1 royal islands", "[ROYAL-3]")


@pytest.mark.topic("positions")
def test_the_two_colour_variant_counts_royal_islands_per_seat_or_per_colour() -> None:
    per_seat = Rules(variant_two_player_double_colour=True, two_player_royal_limit_per="seat")
    with pytest.raises(InvalidPositionError, match=r"seat 0 founded 3 royal islands"):
        position(2, rules=per_seat, royal_founded={"B": 2, "G": 1})
    per_colour = Rules(variant_two_player_double_colour=True)
    state = position(2, rules=per_colour, royal_founded={"B": 2, "G": 1})
    assert (state.royal_islands_founded(0), state.royal_islands_founded(2)) == (2, 1)


# ---------------------------------------------------------------- a group at sea
@pytest.mark.topic("positions")
def test_a_group_at_sea_enters_from_a_jetty_or_route_that_leads_there() -> None:
    assert position(3, group="BR", group_at=(0, 1), entry=3, origin=ORIGIN).is_chance_node
    # facing an empty hex: the hex behind it is empty too
    with pytest.raises(InvalidPositionError, match=r"entry: .*an empty hex \[DEPART-4\]"):
        position(3, group="BR", group_at=(0, 3), entry=3, origin=ORIGIN)
    # Hawaii turned half round has no jetty on its top edge
    with pytest.raises(InvalidPositionError, match=r"no jetty towards \[0, -2\]"):
        position(3, tiles=[(HAWAII, "hawaii", 3)], group="B", group_at=(0, -2), entry=0,
                 origin=ORIGIN)  # fmt: skip
    # far from every tile
    with pytest.raises(InvalidPositionError, match=r"group_at: \[80, 0\] is far from every tile"):
        position(3, group="B", group_at=(80, 0), entry=2, origin=ORIGIN)


@pytest.mark.topic("positions")
def test_a_group_at_sea_has_enough_colours_for_the_route_it_came_by() -> None:
    ocean = [((0, 1), "ocean-a", 0)]  # route 0-3 is a 4
    with pytest.raises(InvalidPositionError, match="needs 4 colours; the group has 2"):
        position(4, tiles=ocean, group="BR", group_at=(0, 2), entry=3, origin=ORIGIN)
    state = position(4, tiles=ocean, group="BRGY", group_at=(0, 2), entry=3, origin=ORIGIN)
    assert state.pending.kind is DecisionKind.DRAW


def test_the_state_reader_refuses_a_group_at_sea_that_no_tile_leads_to() -> None:
    doc = state_to_dict(position(3, group="BR", group_at=(0, 1), entry=3, origin=ORIGIN))
    doc["at"] = [0, 3]
    refused_json(doc, "entry", "an empty hex", "[DEPART-4]")
    doc["at"] = [10**9, 0]
    refused_json(doc, "at", "far from every tile")
    doc["at"] = [10**30, 0]  # beyond the schema's range for a coordinate
    refused_json(doc, "at[0]", "is not in -2147483647..2147483647")
    doc["at"], doc["entry"] = [0, 1], 4  # beside Tonga, but entering from an empty hex
    refused_json(doc, "entry", "an empty hex")


def test_tiles_lie_within_reach_of_tonga() -> None:
    with pytest.raises(InvalidPositionError, match=r"tiles: \[70, 0\] is 70 hexes from Tonga"):
        position(3, tiles=[((70, 0), "hawaii", 0)])
    doc = state_to_dict(position(3, tiles=[(HAWAII, "hawaii", 0)]))
    doc["table"][1]["at"] = [0, -(2**30)]
    refused_json(doc, "table[1].at", "hexes from Tonga")
    doc["table"][1]["at"] = [0, -(2**70)]  # beyond the schema's range for a coordinate
    refused_json(doc, "table[1].at[1]", "is not in -2147483647..2147483647")


# ---------------------------------------------------------------- the invariant kit
def test_the_kit_reports_every_refused_position_instead_of_crashing() -> None:
    import attrs

    at_sea = position(3, group="BR", group_at=(0, 1), entry=3, origin=ORIGIN)
    cases = {
        "far": attrs.evolve(at_sea, at_=(0, 9)),
        "empty behind": attrs.evolve(at_sea, entry_=4),
        "huge": attrs.evolve(at_sea, at_=(2**80, 0)),
        "founded": attrs.evolve(royal_hawaii(), founded_=(0, 0, 0)),
        "beaches": attrs.evolve(royal_hawaii(Rules()), boats_=(((),) * 6, ((1,), (), ()))),
        "garbage": attrs.evolve(at_sea, tiles_=((ORIGIN, 0, "x"),)),
    }
    for name, state in cases.items():
        assert invariant_violations(state, exact_tiles=False), name
    assert reachability_problems(at_sea) == []
