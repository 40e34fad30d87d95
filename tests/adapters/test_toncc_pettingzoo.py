"""Tóncc for PettingZoo (toncc_v1), parallel and AEC: PettingZoo's checks, games, bad input."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import warnings

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="needs the pettingzoo extra: pip install -e '.[pettingzoo]'"
)
np = pytest.importorskip("numpy", reason="needs the pettingzoo extra")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402
from pettingzoo.test.seed_test import parallel_seed_test  # noqa: E402

from tongiaki_rules import IllegalActionError, SettingsError  # noqa: E402
from tongiaki_rules.adapters._toncc_observation import (  # noqa: E402
    OBSERVATION_SIZE,
    SECTIONS,
    board_text,
    observation_vector,
)
from tongiaki_rules.adapters.toncc_pettingzoo import (  # noqa: E402
    AGENTS,
    MAX_CYCLES,
    TonccParallelEnv,
    env,
    parallel_env,
)
from tongiaki_rules.toncc import MOVES, King, TonccRules, TopTie  # noqa: E402
from tongiaki_rules.toncc._textview import render_text  # noqa: E402

pytestmark = pytest.mark.topic("adapters")

P0, P1, P2 = AGENTS
FIXED = TonccRules(colour_draw="fixed")


def random_actions(game, observations, rng: random.Random) -> dict[str, int]:
    """A uniform legal move for every King on the board."""
    return {
        agent: rng.choice(np.flatnonzero(observations[agent]["action_mask"]).tolist())
        for agent in game.agents
        if observations[agent]["action_mask"].any()
    }


def play(game, seed: int) -> tuple[dict[str, float], int, list]:
    """A whole random game: rewards collected, steps taken, every step's results."""
    observations, _infos = game.reset(seed=seed)
    rng = random.Random(seed)
    collected = dict.fromkeys(AGENTS, 0.0)
    steps = []
    while game.agents:
        results = game.step(random_actions(game, observations, rng))
        observations = results[0]
        for agent, reward in results[1].items():
            collected[agent] += reward
        steps.append(results)
    return collected, len(steps), steps


def test_pettingzoo_parallel_api_test_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no remark either
        parallel_api_test(parallel_env(seed=0), num_cycles=1000)
        parallel_api_test(parallel_env(TonccRules(compass="d6"), seed=5), num_cycles=1000)


def test_pettingzoo_parallel_seed_test_passes() -> None:
    # it samples every agent's action without the mask: a King off the board is ignored
    parallel_seed_test(lambda: parallel_env(), num_cycles=500)


def test_reset_with_a_seed_replays_the_same_game() -> None:
    first = play(parallel_env(), seed=9)
    again = play(parallel_env(seed=123), seed=9)
    assert first[:2] == again[:2]
    a, b = parallel_env(), parallel_env()
    a.reset(seed=1)
    b.reset(seed=1)
    assert a.toncc_state == b.toncc_state
    b.reset(seed=2)
    assert a.toncc_state.layout != b.toncc_state.layout


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_the_zero_sum_returns_and_every_king_terminated(seed: int) -> None:
    game = parallel_env()
    collected, steps, results = play(game, seed)
    state = game.toncc_state
    assert state.is_terminal and game.agents == []
    by_player = [state.returns()[state.king_of(p).value] for p in range(3)]
    assert collected == dict(zip(AGENTS, by_player, strict=True))
    assert sum(collected.values()) == pytest.approx(0.0)
    assert steps <= MAX_CYCLES
    *playing, last = results
    assert all(not any(r[1].values()) and not any(r[2].values()) for r in playing)
    assert last[2] == dict.fromkeys(AGENTS, True)
    assert last[3] == dict.fromkeys(AGENTS, False)
    assert last[4]["player_0"]["challenge"] == 3


def test_a_game_longer_than_max_cycles_is_truncated_without_rewards() -> None:
    game = parallel_env(max_cycles=5)
    observations, _ = game.reset(seed=3)
    rng = random.Random(3)
    for _ in range(4):
        game.step(random_actions(game, observations, rng))
    _, rewards, terminations, truncations, _ = game.step(random_actions(game, observations, rng))
    assert truncations == dict.fromkeys(AGENTS, True)
    assert terminations == dict.fromkeys(AGENTS, False)
    assert rewards == dict.fromkeys(AGENTS, 0.0)
    assert game.agents == []


def test_observations_are_the_encoder_vector_and_the_mask_of_the_kings_on_the_board() -> None:
    game = parallel_env(seed=4)
    observations, infos = game.reset()
    rng = random.Random(4)
    seen_off = False
    while game.agents:
        state = game.toncc_state
        for agent in AGENTS:
            king = state.king_of(AGENTS.index(agent))
            assert infos[agent]["king"] == king.name.lower() == game.king_of(agent)
            observation = observations[agent]
            assert game.observation_space(agent).contains(observation)
            assert observation["observation"].tolist() == pytest.approx(
                observation_vector(state, king)
            )
            on_board = bool(state.legal_actions(king))
            assert observation["action_mask"].tolist() == [int(on_board)] * 6
            assert infos[agent]["on_board"] is on_board
            seen_off |= not on_board
        observations, _, _, _, infos = game.step(random_actions(game, observations, rng))
    assert seen_off


def test_a_step_moves_the_kings_as_the_core_does_and_ignores_a_king_off_the_board() -> None:
    game = parallel_env(seed=6)
    observations, _ = game.reset()
    rng = random.Random(6)
    while all(game.toncc_state.legal_actions(k) for k in King):
        observations, *_ = game.step(random_actions(game, observations, rng))
    before = game.toncc_state
    actions = {agent: 2 for agent in AGENTS}  # a move for the King off the board too
    joint = {k: MOVES[2] for k in before.active_kings}
    expected = before.apply_joint(joint)
    game.step(actions)
    if not expected.is_chance:  # a new challenge reshuffles with the environment's generator
        assert game.toncc_state == expected


def refused(game, actions: object) -> str:
    before = game.toncc_state
    agents = list(game.agents)
    with pytest.raises(IllegalActionError) as caught:
        game.step(actions)
    assert game.toncc_state == before and game.agents == agents
    return str(caught.value)


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([0, 1, 2], "actions: expected a dict agent -> action, not [0, 1, 2]"),
        ({P0: 0, P1: 0}, "agent 'player_2': King BLUE must move"),
        ({P0: 0, P1: 0, P2: 0, "red": 1}, "'red' is not an agent"),
        ({P0: True, P1: 0, P2: 0}, "agent 'player_0': action True is not an int"),
        ({P0: 0, P1: 1.0, P2: 0}, "agent 'player_1': action 1.0 is not an int"),
        ({P0: 0, P1: 0, P2: "1"}, "agent 'player_2': action '1' is not an int"),
        ({P0: 6, P1: 0, P2: 0}, "agent 'player_0': action 6 is outside 0..5"),
        ({P0: -1, P1: 0, P2: 0}, "agent 'player_0': action -1 is outside 0..5"),
    ],
)
def test_bad_actions_are_refused_naming_the_agent_and_change_nothing(
    actions: object, message: str
) -> None:
    game = parallel_env(FIXED, seed=0)
    game.reset()
    assert message in refused(game, actions)


def test_a_numpy_integer_is_an_action() -> None:
    game = parallel_env(seed=0)
    game.reset()
    game.step({agent: np.int64(1) for agent in AGENTS})
    assert game.toncc_state.turn == 1


def test_steps_before_reset_and_after_the_end_are_refused() -> None:
    game = parallel_env(seed=0)
    assert "call reset() before step()" in refused(game, {P0: 0})
    play(game, seed=0)
    assert "the game is over" in refused(game, {})


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.one_of(st.sampled_from(AGENTS), st.text(max_size=3), st.integers()),
        st.one_of(st.integers(), st.booleans(), st.floats(), st.text(max_size=3), st.none()),
        max_size=4,
    )
)
def test_arbitrary_actions_are_applied_or_refused_with_illegal_action_error(
    actions: dict[object, object],
) -> None:
    game = parallel_env(seed=1)
    game.reset()
    try:
        game.step(actions)
    except IllegalActionError:
        assert game.toncc_state.turn == 0
    else:
        assert set(actions) == set(AGENTS)
        assert all(type(a) is int and 0 <= a < 6 for a in actions.values())


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"render_mode": "rgb_array"}, "render_mode must be None, 'ansi' or 'human'"),
        ({"max_cycles": True}, "max_cycles must be an int from 1"),
        ({"max_cycles": 0}, "max_cycles must be an int from 1"),
        ({"seed": 1.5}, "seed must be an int or None, not 1.5"),
        ({"rules": "d6"}, "rules: expected TonccRules"),
        ({"toncc_map": {}}, "toncc_map: expected a TonccMap"),
    ],
)
def test_bad_settings_are_refused_naming_the_argument(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        parallel_env(**kwargs)


def test_bad_seeds_options_and_agent_names_are_refused() -> None:
    game = parallel_env()
    with pytest.raises(SettingsError, match="seed must be an int or None, not True"):
        game.reset(seed=True)
    with pytest.raises(SettingsError, match="options must be None or a dict"):
        game.reset(options=[1])
    with pytest.raises(SettingsError, match="agent must be one of"):
        game.action_space("red")
    with pytest.raises(SettingsError, match="agent must be one of"):
        game.observe(0)


def test_rules_flags_reach_the_game() -> None:
    game = parallel_env(TonccRules(top_tie=TopTie.WINNER_TAKES_BOTH), seed=0)
    game.reset()
    assert game.toncc_state.rules.top_tie is TopTie.WINNER_TAKES_BOTH
    assert isinstance(game, TonccParallelEnv)


def test_render_shows_the_board_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    game = parallel_env(seed=2, render_mode="ansi")
    game.reset()
    text = game.render()
    state = game.toncc_state
    assert text == board_text(state).splitlines()[0] + "\n" + render_text(state)
    assert text.splitlines()[0] == "challenge 1, turn 0"
    assert "(  Mind  RYB)" in text and "Map (position, picture, seal, the cell" in text
    human = parallel_env(seed=2, render_mode="human")
    human.reset()
    assert human.render() is None
    assert text in capsys.readouterr().out
    with pytest.warns(UserWarning, match="render\\(\\) needs render_mode"):
        assert parallel_env().render() is None


def test_the_observation_sections_fill_the_vector() -> None:
    assert sum(size for _, size in SECTIONS) == OBSERVATION_SIZE == 473
    game = parallel_env(seed=8)
    play(game, seed=8)
    for king in King:
        vector = observation_vector(game.toncc_state, king)
        assert len(vector) == OBSERVATION_SIZE and all(0.0 <= v <= 1.0 for v in vector)


@pytest.mark.parametrize("module", ["toncc_openspiel", "toncc_pettingzoo"])
def test_a_toncc_adapter_without_its_framework_names_the_extra_to_install(module: str) -> None:
    code = f"""
        import sys

        class NotInstalled:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium"):
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, NotInstalled())
        try:
            import tongiaki_rules.adapters.{module}
        except ModuleNotFoundError as error:
            print(error)
        """
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert f"tongiaki_rules.adapters.{module} needs" in result.stdout
    assert "pip install 'tongiaki_rules[" in result.stdout


def test_pettingzoo_aec_api_test_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # two remarks on every dict observation with an action mask, made for any game not on
        # PettingZoo's own list (its classic games are on it); everything else is an error
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(env(seed=0), num_cycles=1000)
        api_test(env(TonccRules(compass="d6"), seed=3), num_cycles=1000)


def test_an_aec_game_plays_to_the_end_moving_nobody_until_every_player_has_chosen() -> None:
    game = env(seed=7)
    game.reset(seed=7)
    rng = random.Random(7)
    parallel = game.unwrapped
    turns = 0
    while game.agents:
        agent = game.agent_selection
        observation, _reward, termination, truncation, _info = game.last()
        if termination or truncation:
            game.step(None)
            continue
        before = parallel.toncc_state
        mask = observation["action_mask"]
        choices = np.flatnonzero(mask).tolist() or [0]
        game.step(rng.choice(choices))
        if agent != AGENTS[-1]:
            assert parallel.toncc_state == before  # a choice is hidden until the last one
        else:
            turns += 1
    assert parallel.toncc_state.is_terminal and turns == parallel._steps


@pytest.mark.clause("TC-SETUP-4")
def test_each_agent_draws_his_king_at_reset_and_keeps_it() -> None:
    seen = set()
    for seed in range(12):
        game = parallel_env(seed=seed)
        _, infos = game.reset()
        kings = tuple(infos[agent]["king"] for agent in AGENTS)
        assert sorted(kings) == ["blue", "red", "yellow"]
        seen.add(kings)
        _, _, _, _, infos = game.step({agent: 0 for agent in AGENTS})
        assert tuple(infos[agent]["king"] for agent in AGENTS) == kings
    assert len(seen) > 2  # the draw is not fixed
    fixed = parallel_env(FIXED, seed=1)
    _, infos = fixed.reset()
    assert [infos[agent]["king"] for agent in AGENTS] == ["red", "yellow", "blue"]
    with pytest.raises(SettingsError, match="call reset"):
        parallel_env().king_of(P0)
