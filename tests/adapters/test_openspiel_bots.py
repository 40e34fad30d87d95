"""SpielBot: OpenSpiel's bots (MCTS, AlphaZero's search) playing in the library's harness.

Needs the openspiel extra only. examples/openspiel_alpha_zero.py, which
trains OpenSpiel's AlphaZero, also needs JAX, Flax, Optax, Orbax and chex
(not extras of the package, and not in CI): its parts that do not are
tested here; a short whole run is a slow test that needs them, and the
20-minute run is a figure of docs/how-to/openspiel.md.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install -e '.[openspiel]'")
np = pytest.importorskip("numpy", reason="needs the openspiel extra")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from tongiaki_rules import (  # noqa: E402
    IllegalActionError,
    InvalidPositionError,
    SettingsError,
    new_game,
)
from tongiaki_rules.adapters.openspiel import SpielBot, load_game  # noqa: E402
from tongiaki_rules.bots import play_match  # noqa: E402
from tongiaki_rules.simulation import simulate  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "openspiel_alpha_zero.py"
ALPHA_ZERO_NEEDS = ("jax", "flax", "optax", "orbax.checkpoint", "chex")


class Recorder:
    """An OpenSpiel bot that notes the states it is given and plays a fixed choice."""

    def __init__(self, pick: Any = None) -> None:
        self.seen: list[Any] = []
        self.pick = pick

    def step(self, state: Any) -> Any:
        self.seen.append(state)
        return state.legal_actions()[-1] if self.pick is None else self.pick


def test_the_openspiel_state_is_at_the_position_it_is_given() -> None:
    game = load_game(2, actions="compact")
    recorder = Recorder()
    bot = SpielBot(game, recorder)
    state = new_game(2)
    for _ in range(3):  # the four setups are decisions without draws
        state = state.apply(state.legal_actions()[0])
    action = bot.choose(state)
    (seen,) = recorder.seen
    assert seen.game_state == state and seen.current_player() == state.current_player
    assert seen.history() == [] and not seen.is_chance_node()
    assert action == game.encoding.decode(state, seen.legal_actions()[-1])
    assert seen.observation_tensor() == seen.clone().observation_tensor()


def test_openspiel_mcts_plays_whole_games_in_the_harness() -> None:
    game = load_game(2, returns="zero_sum", actions="compact")
    rng = np.random.RandomState(3)
    search = mcts.MCTSBot(
        game,
        2.0,
        2,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
        solve=False,
        dont_return_chance_node=True,
    )
    summary = simulate(
        [SpielBot(game, search, name="mcts2"), "random"], games=2, players=2, seed=4, paired=True
    )
    assert summary.games == 2 and not summary.failures
    result = next(r for r in summary.bot_results() if r.bot == "mcts2")
    assert result.seats == 2


def test_a_uniform_bot_plays_a_whole_match() -> None:
    game = load_game(2)
    bots = [
        SpielBot(game, uniform_random.UniformRandomBot(seat, np.random.RandomState(seat)))
        for seat in range(2)
    ]
    record = play_match(bots, seed=5)
    assert record.metadata["seat0"] == "openspiel" and len(record.actions) > 20


def test_numpy_indices_are_taken_and_illegal_ones_refused() -> None:
    game = load_game(2)
    state = new_game(2)
    index = game.new_initial_state().legal_actions()[2]
    assert SpielBot(game, Recorder(np.int64(index))).choose(state) == state.legal_actions()[2]
    with pytest.raises(IllegalActionError):
        SpielBot(game, Recorder(10**6)).choose(state)
    with pytest.raises(IllegalActionError):
        SpielBot(game, Recorder(1.0)).choose(state)


def test_positions_of_another_game_and_non_decisions_are_refused() -> None:
    bot = SpielBot(load_game(2), Recorder())
    with pytest.raises(InvalidPositionError, match="another player count"):
        bot.choose(new_game(3))
    with pytest.raises(InvalidPositionError, match="another player count"):
        bot.choose(new_game(2, start_player=1))
    with pytest.raises(InvalidPositionError, match="must be a GameState"):
        bot.choose("a state")  # type: ignore[arg-type]
    state = new_game(2)
    while not state.is_chance_node:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(InvalidPositionError, match="chance node"):
        bot.choose(state)


def test_bad_arguments_are_refused() -> None:
    game = load_game(2)
    with pytest.raises(SettingsError, match="TongiakiGame"):
        SpielBot("python_tongiaki", Recorder())  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="step"):
        SpielBot(game, object())
    with pytest.raises(SettingsError, match="name"):
        SpielBot(game, Recorder(), name="")


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("openspiel_alpha_zero", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports pyspiel and the adapter, not JAX
    return module


def test_the_alpha_zero_example_loads_the_last_whole_step(tmp_path: Path) -> None:
    example = load_example()
    assert example.last_logged_step(tmp_path) is None
    lines = [json.dumps({"step": step, "loss": {}}) for step in (1, 2)]
    (tmp_path / "learner.jsonl").write_text("\n".join(lines) + '\n{"step": 3, "lo')
    assert example.last_logged_step(tmp_path)["step"] == 2


def test_the_alpha_zero_example_trains_a_zero_sum_game() -> None:
    game = load_game(2)  # registers the game under its name
    import pyspiel

    example = load_example()
    az_game = pyspiel.load_game(example.GAME)
    assert az_game.num_players() == 2 and az_game.utility_sum() == 0.0
    assert az_game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert az_game.num_distinct_actions() == 3706 < game.num_distinct_actions()


@pytest.mark.slow
def test_the_alpha_zero_example_trains_and_plays_in_a_short_run(tmp_path: Path) -> None:
    missing = [m for m in ALPHA_ZERO_NEEDS if importlib.util.find_spec(m.split(".")[0]) is None]
    if missing:
        pytest.skip(f"OpenSpiel's AlphaZero needs {missing[0]} (see docs/how-to/openspiel.md)")
    short = ["--seconds", "30", "--simulations", "2", "--eval-games", "2", "--against", "random"]
    result = subprocess.run(
        [sys.executable, str(SCRIPT), *short, "--buffer", "64", "--path", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,  # a guard against a hang, not a measure of speed
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "learning steps" in result.stdout
    assert "alpha_zero against random: win share " in result.stdout
    assert (tmp_path / "checkpoint-0").is_dir() and (tmp_path / "learner.jsonl").exists()
