"""Round trips: every action of real games and of reachable states, written and read back.

``parse_action(format_action(a)) == a`` for every action, and
``format_action(parse_action(s)) == s`` for every canonical string ``s``.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_games import GAMES, VARIANTS, game, options, sample

import tongiaki_rules
from tongiaki_rules import (
    Action,
    Berth,
    Colour,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameState,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
    format_action,
    match_action,
    parse_action,
)
from tongiaki_rules.actions import ACTION_TYPES
from tongiaki_rules.notation import WORDS
from tongiaki_rules.testing import reachable_states

PUBLIC_NAMES: dict[str, Any] = {
    name: getattr(tongiaki_rules, name) for name in tongiaki_rules.__all__
}


def check_round_trip(action: Action) -> str:
    text = format_action(action)
    again = parse_action(text)
    assert again == action, (action, text, again)
    assert type(again) is type(action)
    assert format_action(again) == text
    return text


# ------------------------------------------------------------------ full random games


def test_the_games_cover_every_action_type_in_every_variant() -> None:
    assert {type(a) for a in sample()} == set(ACTION_TYPES)
    for name in VARIANTS:
        kinds = {type(a) for a in sample(name)}
        # every variant brings the common types; ExpandFromBoard and ReturnBoat are rarer
        assert kinds >= set(ACTION_TYPES) - {ExpandFromBoard, ReturnBoat}, name
    assert ReturnBoat in {type(a) for a in sample("rody")}


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=lambda kind: kind.__name__)
def test_every_action_of_the_games_round_trips(kind: type) -> None:
    actions = [a for a in sample() if type(a) is kind]
    assert actions
    texts = {check_round_trip(a) for a in actions}
    assert len(texts) == len(actions)  # distinct actions, distinct strings


def test_each_action_type_has_its_own_word() -> None:
    first_words = {type(a): format_action(a).split()[0] for a in sample()}
    assert [first_words[kind] for kind in ACTION_TYPES] == list(WORDS)


@pytest.mark.parametrize("case", GAMES, ids=lambda case: "-".join(map(str, case)))
def test_a_game_replays_from_its_notation(case: tuple[str, int, int]) -> None:
    """Write down every step of a game, then replay it from the text alone."""
    states = game(*case)
    lines = []
    for before, after in itertools.pairwise(states):
        chosen = next(a for a in options(before) if before.apply(a) == after)
        lines.append(format_action(chosen))
    state = states[0]
    for line in lines:
        state = state.apply(match_action(line, state))
    assert state == states[-1]


# ------------------------------------------------------------------ reachable states


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reachable_states(rules=st.sampled_from(list(VARIANTS.values())), max_steps=250))
def test_every_option_of_a_reachable_state_round_trips_and_matches(state: GameState) -> None:
    for k, action in enumerate(options(state)):
        text = check_round_trip(action)
        assert match_action(text, state) == action
        assert match_action(f" {k + 1} ", state) == action


# ------------------------------------------------------------------ any well-formed action

beach = st.integers(0, 30)
sixth = st.integers(0, 5)
hexes = st.tuples(st.integers(-40, 40), st.integers(-40, 40))
colours = st.sampled_from(list(Colour))
beach_lists = st.lists(beach, min_size=1, max_size=5).map(lambda bs: tuple(sorted(bs)))
tile_ids = st.one_of(
    st.sampled_from(list(tongiaki_rules.STANDARD_TILES.index)),
    st.from_regex(r"[a-z0-9_.-]{1,12}", fullmatch=True),
    st.text(max_size=12),
)

any_action: st.SearchStrategy[Action] = st.one_of(
    st.builds(SetupPlace, beach),
    st.builds(Expand, hexes, beach_lists),
    st.builds(ExpandFromBoard, hexes, beach, hexes, beach),
    st.builds(FoundRoyal, hexes),
    st.just(Recolonize()),
    st.builds(PlaceNewBoats, hexes, beach_lists),
    st.builds(Depart, hexes, beach, sixth),
    st.builds(PlaceTile, hexes, sixth),
    st.builds(Berth, colours, beach),
    st.builds(ReturnBoat, colours),
    st.builds(Draw, tile_ids),
)


@settings(max_examples=300, deadline=None)
@given(any_action)
def test_any_well_formed_action_round_trips(action: Action) -> None:
    text = check_round_trip(action)
    assert text == text.strip()
    assert "\n" not in text  # one line each; a quoted tile id escapes its line breaks


def test_odd_tile_ids_are_quoted() -> None:
    assert format_action(Draw("hawaii")) == "draw hawaii"
    assert format_action(Draw("Hawaii")) == 'draw "Hawaii"'
    assert format_action(Draw("two words")) == 'draw "two words"'
    assert format_action(Draw("")) == 'draw ""'
    assert format_action(Draw('say "hi"\n')) == 'draw "say \\"hi\\"\\n"'
    assert format_action(Draw("île")) == 'draw "île"'
    for tile in ("Hawaii", "two words", "", 'say "hi"\n', "île"):
        assert parse_action(format_action(Draw(tile))) == Draw(tile)


# ------------------------------------------------------------------ repr


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=lambda kind: kind.__name__)
def test_the_repr_of_every_action_evaluates_back_to_it(kind: type) -> None:
    for action in (a for a in sample() if type(a) is kind):
        again = eval(repr(action), dict(PUBLIC_NAMES))
        assert again == action
        assert type(again) is kind


@settings(max_examples=100, deadline=None)
@given(any_action)
def test_the_repr_of_any_well_formed_action_evaluates_back_to_it(action: Action) -> None:
    assert eval(repr(action), dict(PUBLIC_NAMES)) == action
