"""Tongiaki as the single-agent Gymnasium environment tongiaki/Tongiaki-v0: its checker, vectors."""

from __future__ import annotations

import pickle

import pytest

gymnasium = pytest.importorskip(
    "gymnasium", reason="needs the gymnasium extra: pip install -e '.[gymnasium]'"
)
np = pytest.importorskip("numpy", reason="needs the gymnasium extra")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tongiaki_rules import IllegalActionError, SettingsError, new_game  # noqa: E402
from tongiaki_rules.adapters.gymnasium import ENV_ID, PolicyBot, TongiakiGymEnv  # noqa: E402
from tongiaki_rules.bots import RandomBot, play_match  # noqa: E402
from tongiaki_rules.encoding import ActionEncoding  # noqa: E402
from tongiaki_rules.observation import ObservationLayout  # noqa: E402


def play_episode(env, rng: np.random.Generator):
    """Play legal random actions to the end of the episode; return the last step's values."""
    observation, info = env.reset(seed=int(rng.integers(1000)))
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            return observation, reward, terminated, truncated, info


@pytest.mark.parametrize("actions", ["full", "compact"])
def test_gymnasium_check_env_passes(actions: str) -> None:
    env = gymnasium.make(ENV_ID, num_players=3, seat="random", actions=actions)
    check_env(env.unwrapped, skip_render_check=True)


def test_the_agent_plays_whole_games_against_greedy_and_gets_its_win_share() -> None:
    env = gymnasium.make(ENV_ID, num_players=2, opponents="greedy")
    rng = np.random.default_rng(3)
    for _ in range(3):
        _, reward, terminated, truncated, info = play_episode(env, rng)
        state = env.unwrapped.game_state
        assert terminated and not truncated and state.is_terminal
        winners = state.outcome().winners
        assert reward == (1 / len(winners) if info["seat"] in winners else 0.0)


def test_zero_sum_rewards_are_plus_or_minus_one_for_two_players() -> None:
    env = TongiakiGymEnv(2, reward="zero_sum", opponents="random", seat=1)
    _, reward, _, _, info = play_episode(env, np.random.default_rng(1))
    winners = env.game_state.outcome().winners
    assert info["seat"] == 1
    assert reward == (0.0 if len(winners) == 2 else (1.0 if 1 in winners else -1.0))


def test_observations_are_the_layout_vector_and_the_mask_of_the_agents_seat() -> None:
    env = TongiakiGymEnv(4, seat="random", opponents="random", actions="compact")
    encoding = ActionEncoding.for_game(4, actions="compact")
    layout = ObservationLayout.for_game(4)
    observation, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(40):
        state = env.game_state
        assert state.current_player == info["seat"] == env.seat
        assert observation["observation"].tolist() == pytest.approx(layout.observe(state, env.seat))
        assert observation["action_mask"].tolist() == list(encoding.legal_mask(state))
        assert (env.action_masks() == observation["action_mask"].astype(bool)).all()
        legal = np.flatnonzero(env.action_masks())
        observation, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            break


def test_a_random_seat_changes_between_episodes_and_the_same_seed_replays() -> None:
    env = TongiakiGymEnv(4, seat="random", opponents="greedy")
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert len(seats) > 1
    first = play_episode(env, np.random.default_rng(5))
    history = env.game_state
    again = play_episode(env, np.random.default_rng(5))
    assert first[1:] == again[1:] and env.game_state == history


def test_an_illegal_action_loses_the_episode_or_raises() -> None:
    env = TongiakiGymEnv(2)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(7)  # an Expand during the setup
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = TongiakiGymEnv(2, illegal="raise")
    strict.reset(seed=0)
    before = strict.game_state
    with pytest.raises(IllegalActionError, match="action index 7"):
        strict.step(7)
    assert strict.game_state is before
    for bad in (True, 1.5, -1, 10**9, "3"):
        with pytest.raises(IllegalActionError):
            strict.step(bad)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 2}, "seat must be 'random' or a seat 0..1"),
        ({"seat": True}, "seat must be"),
        ({"opponents": "genius"}, "unknown bot 'genius'"),
        ({"opponents": ["random", "random"]}, "1 other seat"),
        ({"opponents": [3]}, r"opponents\[0\]"),
        ({"reward": "money"}, "reward must be"),
        ({"actions": "tiny"}, "actions must be 'full' or 'compact'"),
        ({"illegal": "ignore"}, "illegal must be"),
        ({"max_game_length": 0}, "max_game_length"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        TongiakiGymEnv(2, **kwargs)


def test_bot_objects_play_the_other_seats() -> None:
    env = TongiakiGymEnv(3, opponents=[RandomBot(seed=1), "greedy"])
    _, _, terminated, truncated, _ = play_episode(env, np.random.default_rng(2))
    assert terminated or truncated


def test_the_environment_pickles() -> None:
    env = TongiakiGymEnv(2, actions="compact")
    env.reset(seed=1)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game_state == env.game_state


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_step_batches(mode: str) -> None:
    envs = gymnasium.make_vec(
        ENV_ID,
        num_envs=3,
        vectorization_mode=mode,
        num_players=2,
        actions="compact",
        opponents="random",
    )
    size = ActionEncoding.for_game(2, actions="compact").size
    observations, _ = envs.reset(seed=11)
    assert observations["action_mask"].shape == (3, size)
    assert observations["observation"].shape == (3, ObservationLayout.for_game(2).size)
    rng = np.random.default_rng(11)
    ended = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, rewards, terminated, truncated, _ = envs.step(actions)
        assert rewards.shape == (3,)
        ended += int(terminated.sum() + truncated.sum())
        # the next-step autoreset leaves one step with an empty mask: take any action then
        observations["action_mask"][observations["action_mask"].sum(axis=1) == 0, 0] = 1
    envs.close()
    assert ended > 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": True}, "seed must be a non-negative int or None, not True"),
        ({"seed": -1}, "seed must be"),
        ({"seed": 1.5}, "seed must be"),
        ({"options": [1]}, "options must be None or a dict"),
    ],
)
def test_bad_reset_arguments_are_refused_and_change_nothing(
    kwargs: dict[str, object], message: str
) -> None:
    env = TongiakiGymEnv(2)
    env.reset(seed=3)
    before = env.game_state
    with pytest.raises(SettingsError, match=message):
        env.reset(**kwargs)
    assert env.game_state is before


def test_a_step_before_reset_or_after_the_end_raises() -> None:
    env = TongiakiGymEnv(2, opponents="random")
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(0)
    play_episode(env, np.random.default_rng(4))
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(0)
    assert not env.action_masks().any()


@pytest.mark.parametrize("illegal", ["lose", "raise"])
def test_an_index_out_of_range_raises_whatever_illegal_says(illegal: str) -> None:
    """Issue 40: out of range is not an illegal move to lose by, it is no index at all."""
    env = TongiakiGymEnv(2, illegal=illegal)
    env.reset(seed=0)
    n = int(env.action_space.n)
    before = env.game_state
    for bad in (n, n + 5, -1):
        with pytest.raises(IllegalActionError, match=f"outside 0..{n - 1}"):
            env.step(bad)
    assert env.game_state is before


def test_a_numpy_index_out_of_range_is_told_as_out_of_range() -> None:
    """Issue 40: an np.int64 is an int; the message gives the range, not "is not an int"."""
    env = TongiakiGymEnv(2, actions="compact")
    env.reset(seed=0)
    n = int(env.action_space.n)
    with pytest.raises(IllegalActionError, match=rf"action index {n + 5} is outside 0\.\.{n - 1}"):
        env.step(np.int64(n + 5))


def test_reset_seed_reseeds_the_bots_built_from_specs() -> None:
    """Issue 40: the random bot in seat 0 places first; its choice follows the reset seed."""
    env = TongiakiGymEnv(2, seat=1, opponents="random")
    placed = []
    for seed in range(10):
        env.reset(seed=seed)
        placed.append(env.game_state.to_position_code())  # the bot's first placement, no draw yet
    assert len(set(placed)) > 2
    env.reset(seed=3)
    assert env.game_state.to_position_code() == placed[3]


def test_reset_options_change_the_opponents_from_that_episode_on() -> None:
    """Issue 40: self-play swaps the opponents at reset, as a league of past selves needs."""
    env = TongiakiGymEnv(3, opponents="greedy")
    env.reset(seed=1)
    assert [bot.name for bot in env.opponents] == ["greedy", "greedy"]
    env.reset(seed=1, options={"opponents": ["random", RandomBot(seed=3)]})
    assert [bot.name for bot in env.opponents] == ["random", "random"]
    env.reset(seed=2)  # they stay until the next change
    assert [bot.name for bot in env.opponents] == ["random", "random"]
    with pytest.raises(SettingsError, match="2 other seat"):
        env.reset(seed=2, options={"opponents": ["greedy"]})
    env.reset(seed=2, options={"other": 1})
    assert [bot.name for bot in env.opponents] == ["random", "random"]


def test_a_policy_bot_plays_the_moves_its_policy_picks_from_the_agents_view() -> None:
    seen: list[tuple[int, int]] = []

    def first_legal(observation: dict[str, np.ndarray], mask: np.ndarray) -> np.ndarray:
        assert (observation["action_mask"] == mask).all()
        seen.append((observation["observation"].size, int(mask.sum())))
        return np.array([mask.nonzero()[0][0]])  # as model.predict gives it

    bot = PolicyBot(first_legal, actions="compact", name="first")
    env = TongiakiGymEnv(2, actions="compact", opponents=bot)
    _, _, terminated, truncated, _ = play_episode(env, np.random.default_rng(4))
    assert terminated or truncated
    assert seen and all(legal >= 1 for _, legal in seen)
    record = play_match([bot, RandomBot(seed=1)], seed=2)
    assert record.metadata["seat0"] == "first"


def test_a_policy_bot_refuses_an_index_that_is_not_a_legal_action() -> None:
    state = new_game(2)
    with pytest.raises(IllegalActionError, match="outside"):
        PolicyBot(lambda obs, mask: mask.size + 1).choose(state)
    with pytest.raises(IllegalActionError):
        PolicyBot(lambda obs, mask: int((~mask).nonzero()[0][0])).choose(state)
    with pytest.raises(SettingsError, match="policy must be"):
        PolicyBot("greedy")  # type: ignore[arg-type]
