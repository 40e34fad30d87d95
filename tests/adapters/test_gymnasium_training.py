"""A few hundred steps of sb3-contrib's MaskablePPO on tongiaki/Tongiaki-v0: the shapes line up.

Skipped without torch and sb3-contrib (not extras of the package; CI installs
them). The full training run is ``examples/train_maskable_ppo.py``, a
benchmark.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="needs the gymnasium extra")
pytest.importorskip("torch", reason="needs torch (pip install torch) for MaskablePPO")
sb3_contrib = pytest.importorskip("sb3_contrib", reason="needs sb3-contrib for MaskablePPO")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from stable_baselines3.common.logger import Logger  # noqa: E402

from tongiaki_rules.adapters.gymnasium import ENV_ID  # noqa: E402
from tongiaki_rules.encoding import ActionEncoding  # noqa: E402
from tongiaki_rules.observation import ObservationLayout  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def one_torch_thread() -> Iterator[None]:
    """Torch on one thread, as the training example runs it: under pytest-xdist every core
    already has a worker, and torch's own threads beside them spin against each other (on two
    busy cores the test took three times as long)."""
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.mark.usefixtures("one_torch_thread")
def test_maskable_ppo_trains_a_few_hundred_steps_and_picks_legal_actions() -> None:
    from sb3_contrib.common.wrappers import ActionMasker

    env = gymnasium.make(ENV_ID, num_players=2, opponents="random", actions="compact")
    env = gymnasium.wrappers.TransformObservation(
        env, lambda o: o["observation"], env.observation_space["observation"]
    )
    env = ActionMasker(env, lambda e: e.unwrapped.action_masks())
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, seed=0)
    model.set_logger(Logger(folder=None, output_formats=[]))  # no SB3-... folder in /tmp
    model.learn(256)
    size = ActionEncoding.for_game(2, actions="compact").size
    assert model.policy.action_net.out_features == size == env.action_space.n
    assert model.observation_space.shape == (ObservationLayout.for_game(2).size,)
    observation, _ = env.reset(seed=5)
    for _ in range(30):
        mask = env.unwrapped.action_masks()
        action, _ = model.predict(observation, action_masks=mask)
        assert mask[int(action)]
        observation, _, terminated, truncated, _ = env.step(int(action))
        if terminated or truncated:
            observation, _ = env.reset()
    assert np.isfinite(observation).all()


def test_the_training_example_prints_a_curve_and_saves_the_plot_and_leaves_no_files(
    tmp_path: Path,
) -> None:
    plot = tmp_path / "curve.png"
    scratch = tmp_path / "tmp"  # the run's temporary directory: SB3 logs nothing there
    scratch.mkdir()
    result = subprocess.run(
        [
            sys.executable,
            "examples/train_maskable_ppo.py",
            "--random-steps=128",
            "--greedy-steps=128",
            "--every=128",
            "--games=2",
            "--n-steps=64",
            f"--plot={plot}",
        ],
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(scratch)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert not [p.name for p in scratch.iterdir() if p.name.startswith("SB3-")]
    lines = result.stdout.splitlines()
    assert lines[0].startswith("policy: ") and "parameters" in lines[0]
    assert any(line.startswith("    128 steps, against random: win share ") for line in lines)
    assert any(line.startswith("    256 steps, against greedy: win share ") for line in lines)
    assert plot.read_bytes().startswith(b"\x89PNG")
