"""Tongiaki as the PettingZoo AEC environment tongiaki_v0: PettingZoo's checks and whole games."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="needs the pettingzoo extra: pip install -e '.[pettingzoo]'"
)
np = pytest.importorskip("numpy", reason="needs the pettingzoo extra")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tongiaki_rules import IllegalActionError, Rules, SettingsError  # noqa: E402
from tongiaki_rules.adapters.pettingzoo import TongiakiEnv, env, raw_env  # noqa: E402
from tongiaki_rules.encoding import ActionEncoding  # noqa: E402
from tongiaki_rules.observation import ObservationLayout  # noqa: E402

# PettingZoo's checker prefers a plain Box observation; a dict with an action mask is
# what its own board games use, so these two remarks are expected.
DICT_OBSERVATION_REMARKS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def random_masked_agent(observation: dict[str, object], rng: random.Random) -> int:
    """Pick uniformly among the actions the mask allows."""
    return rng.choice(np.flatnonzero(observation["action_mask"]).tolist())


def play(game, rng: random.Random, upto: int | None = None) -> dict[str, float]:
    """Play until every agent is done (or ``upto`` steps); return the rewards collected."""
    collected = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter(2**63 if upto is None else upto):
        observation, reward, terminated, truncated, _info = game.last()
        collected[agent] += reward
        action = None if terminated or truncated else random_masked_agent(observation, rng)
        game.step(action)
    return collected


@pytest.mark.filterwarnings(*DICT_OBSERVATION_REMARKS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_pettingzoo_api_test_passes(players: int) -> None:
    api_test(env(players, seed=players), num_cycles=1000)


@pytest.mark.filterwarnings(*DICT_OBSERVATION_REMARKS)
def test_pettingzoo_api_test_passes_for_the_raw_environment() -> None:
    api_test(raw_env(3, Rules(variant_rody=True), seed=1), num_cycles=1000)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: env(3), num_cycles=200)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_masked_agents_play_whole_games(players: int) -> None:
    game = env(players, seed=10 + players)
    game.reset()
    collected = play(game, random.Random(players))
    state = game.unwrapped.game_state
    assert state.is_terminal and game.agents == []
    outcome = state.outcome()
    share = 1 / len(outcome.winners)
    assert collected == {
        f"player_{seat}": share if seat in outcome.winners else 0.0 for seat in range(players)
    }


def test_score_rewards_are_the_final_points() -> None:
    game = env(3, seed=5, reward="score")
    game.reset()
    collected = play(game, random.Random(5))
    scores = game.unwrapped.game_state.scores()
    assert collected == {f"player_{seat}": float(s) for seat, s in enumerate(scores)}


def test_observations_are_the_layout_vector_and_the_legal_mask() -> None:
    game = env(4, seed=2)
    game.reset()
    play(game, random.Random(2), upto=30)
    state = game.unwrapped.game_state
    layout = ObservationLayout.for_game(4)
    encoding = ActionEncoding.for_game(4)
    for seat, agent in enumerate(game.possible_agents):
        observation = game.observe(agent)
        assert observation["observation"].tolist() == pytest.approx(layout.observe(state, seat))
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (encoding.size,)
        if agent == game.agent_selection:
            assert np.flatnonzero(mask).tolist() == encoding.legal_indices(state)
        else:
            assert not mask.any()
        assert game.observation_space(agent).contains(observation)


def test_the_same_seed_gives_the_same_game() -> None:
    def final_state(seed: int):
        game = env(3, seed=seed)
        game.reset()
        play(game, random.Random(0))
        return game.unwrapped.game_state

    assert final_state(1) == final_state(1)
    assert final_state(1) != final_state(2)


def test_reset_with_a_seed_replays_the_draws() -> None:
    game = env(2, seed=1)
    game.reset(seed=42)
    play(game, random.Random(0))
    first = game.unwrapped.game_state
    game.reset(seed=42)
    play(game, random.Random(0))
    assert game.unwrapped.game_state == first


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))])
def test_a_copied_environment_goes_on_exactly_like_the_original(duplicate) -> None:
    game = env(4, seed=3)
    game.reset()
    play(game, random.Random(1), upto=80)
    twin = duplicate(game)
    assert twin.unwrapped.game_state == game.unwrapped.game_state
    assert play(twin, random.Random(9)) == play(game, random.Random(9))
    assert twin.unwrapped.game_state == game.unwrapped.game_state


def test_render_gives_the_text_view() -> None:
    game = env(2, seed=1, render_mode="ansi")
    game.reset()
    assert game.render().startswith("Tongiaki, 2 players;")


def test_human_render_prints_the_text_view(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env(2, render_mode="human")
    game.reset()
    game.render()
    assert capsys.readouterr().out.startswith("Tongiaki, 2 players;")


def test_an_illegal_action_raises_in_the_raw_environment_and_changes_nothing() -> None:
    game = raw_env(2, seed=1)
    game.reset()
    before = game.game_state
    with pytest.raises(IllegalActionError, match=r"action index 7 .* not legal"):
        game.step(7)
    assert game.game_state == before and game.agent_selection == "player_0"


@pytest.mark.filterwarnings("ignore:.*illegal move.*:UserWarning")
def test_an_illegal_action_ends_the_wrapped_game_with_a_penalty() -> None:
    game = env(2, seed=1)
    game.reset()
    game.last()
    game.step(7)
    assert all(game.terminations.values())
    assert game.rewards == {"player_0": -1, "player_1": 0}


def test_a_game_reaching_max_game_length_is_truncated_without_rewards() -> None:
    game = env(3, seed=1, max_game_length=25)
    game.reset()
    collected = play(game, random.Random(1))
    assert game.agents == []
    assert collected == {"player_0": 0.0, "player_1": 0.0, "player_2": 0.0}
    assert not game.unwrapped.game_state.is_terminal


def test_rules_flags_reach_the_game() -> None:
    game = env(2, Rules(variant_two_player_double_colour=True), seed=1)
    game.reset()
    assert len(game.unwrapped.game_state.colours) == 4
    assert game.possible_agents == ["player_0", "player_1"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 7}, "Tongiaki is for 2 to 6 players, not 7"),
        ({"render_mode": "rgb"}, "render_mode must be None, 'ansi', 'human', 'rgb_array', not"),
        ({"reward": "money"}, "reward must be 'win', 'score' or 'zero_sum', not 'money'"),
        ({"max_game_length": 0}, "max_game_length must be from 1 to 2147483647"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        TongiakiEnv(**kwargs)


def test_every_observation_of_a_whole_game_is_the_layout_vector_for_every_agent() -> None:
    game = raw_env(3, seed=11)
    game.reset()
    layout = ObservationLayout.for_game(3)
    rng = random.Random(11)
    for agent in game.agent_iter():
        state = game.game_state
        for seat, other in enumerate(game.possible_agents):
            expected = np.array(layout.observe(state, seat), np.float32)
            assert np.array_equal(game.observe(other)["observation"], expected)
        observation, _reward, terminated, truncated, _info = game.last()
        game.step(None if terminated or truncated else random_masked_agent(observation, rng))
        del agent


def test_asking_twice_gives_equal_observations_that_do_not_share_memory() -> None:
    game = env(2, seed=4)
    game.reset()
    first, *_ = game.last()
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    second, *_ = game.last()
    assert second["observation"].max() <= 1.0
    assert int(second["action_mask"].sum()) == 6


def test_the_wrapped_environment_refuses_its_attributes_before_reset() -> None:
    game = env(2)
    for name in ("agent_selection", "terminations", "agents", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(game, name)
    game.reset()
    assert game.agent_selection == "player_0"
    assert str(game) == str(game.unwrapped)


def test_zero_sum_rewards_add_up_to_nothing() -> None:
    game = env(3, seed=6, reward="zero_sum")
    game.reset()
    collected = play(game, random.Random(6))
    winners = game.unwrapped.game_state.outcome().winners
    assert sum(collected.values()) == pytest.approx(0.0)
    for seat in range(3):
        assert (collected[f"player_{seat}"] > 0) == (seat in winners)


def test_the_compact_action_space_passes_the_api_test_and_plays_whole_games() -> None:
    from tongiaki_rules.encoding import ActionEncoding

    compact = ActionEncoding.for_game(3, actions="compact")
    api_test(env(3, seed=2, actions="compact"), num_cycles=1000)
    game = env(3, seed=4, actions="compact")
    assert game.action_space("player_0").n == compact.size == 3706
    game.reset()
    play(game, random.Random(4))
    assert game.unwrapped.game_state.is_terminal
    with pytest.raises(SettingsError, match="actions must be 'full' or 'compact'"):
        env(2, actions="tiny")
