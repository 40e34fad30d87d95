"""The float32 observations the PettingZoo environment builds bit for bit as the layout's list.

The environment keeps one array per seat and rewrites only the islands that
changed since the last state it saw: whatever order states come in (game
after game, jumping back and forth, seats seldom asked), the values must be
those of ``numpy.array(layout.observe(state, seat), numpy.float32)``.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="needs the pettingzoo extra")
pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")

from tongiaki_rules import GameState, Rules, new_game  # noqa: E402
from tongiaki_rules.adapters._arrays import ObservationArrays  # noqa: E402
from tongiaki_rules.adapters.pettingzoo import raw_env  # noqa: E402
from tongiaki_rules.observation import ObservationLayout  # noqa: E402

GAMES = [
    (4, Rules()),
    (3, Rules(variant_rody=True)),
    (2, Rules(variant_two_player_double_colour=True)),
    (5, Rules(variant_rody=True, bounce_counts_as_closed_route=False)),
]


def random_game(players: int, rules: Rules, rng: random.Random) -> list[GameState]:
    """Every state of one random game, chance nodes and the end included."""
    state = new_game(players, rules)
    states = [state]
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def expected(layout: ObservationLayout, state: GameState, seat: int) -> object:
    return np.array(layout.observe(state, seat), np.float32)


@pytest.mark.parametrize(("players", "rules"), GAMES)
def test_game_after_game_with_seats_seldom_asked_the_arrays_are_the_layout_list(
    players: int, rules: Rules
) -> None:
    rng = random.Random(players)
    layout = ObservationLayout.for_game(players, rules)
    arrays = ObservationArrays(layout)
    for _game in range(4):
        for state in random_game(players, rules, rng):
            if rng.random() < 0.3:
                seat = rng.randrange(players)
                assert np.array_equal(arrays.build(state, seat), expected(layout, state, seat))


@pytest.mark.parametrize(("players", "rules"), GAMES)
def test_states_in_any_order_give_the_layout_list(players: int, rules: Rules) -> None:
    rng = random.Random(10 + players)
    layout = ObservationLayout.for_game(players, rules)
    arrays = ObservationArrays(layout)
    states = random_game(players, rules, rng) + random_game(players, rules, rng)
    for state in rng.sample(states, min(300, len(states))):
        seat = rng.randrange(players)
        assert np.array_equal(arrays.build(state, seat), expected(layout, state, seat))


def test_the_array_handed_out_is_a_copy_the_next_observation_leaves_alone() -> None:
    layout = ObservationLayout.for_game(3)
    arrays = ObservationArrays(layout)
    states = random_game(3, Rules(), random.Random(2))
    first = arrays.build(states[40], 1)
    kept = first.copy()
    arrays.build(states[41], 1)
    first[:] = 5.0
    assert np.array_equal(arrays.build(states[40], 1), kept)


def test_an_environment_reset_many_times_observes_like_the_layout() -> None:
    game = raw_env(3, Rules(variant_rody=True), seed=5)
    layout = ObservationLayout.for_game(3, Rules(variant_rody=True))
    rng = random.Random(5)
    for _game in range(3):
        game.reset()
        for agent in game.agent_iter():
            observation, _reward, terminated, truncated, _info = game.last()
            assert np.array_equal(
                observation["observation"],
                expected(layout, game.game_state, game.possible_agents.index(agent)),
            )
            mask = observation["action_mask"]
            game.step(
                None if terminated or truncated else rng.choice(np.flatnonzero(mask).tolist())
            )
