"""examples/pettingzoo_self_play.py: one policy trains every seat, and the harness evaluates it.

Skipped without the pettingzoo extra or torch (not an extra of the package;
CI installs it). A few CPU seconds of training, a few evaluation games: the
real run, minutes long, is a benchmark (docs/how-to/pettingzoo.md).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
pytest.importorskip("torch", reason="needs torch (pip install torch) for the self-play example")

import numpy as np
import torch

from tongiaki_rules.adapters.pettingzoo import env

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "pettingzoo_self_play.py"
EVALUATION = re.compile(
    r"^(untrained|trained) policy against random: win share (\d\.\d{3}) "
    r"\[(\d\.\d{3}), (\d\.\d{3})\] \(95 % Wilson interval, 4 seat-games, 2 paired deals; "
)


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("pettingzoo_self_play", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_seat_gets_its_own_final_return() -> None:
    example = load_example()
    game = env(2, seed=3, actions="compact", reward="zero_sum")
    game.reset()
    first = game.possible_agents[0]
    policy = example.SharedPolicy(
        game.observation_space(first)["observation"].shape[0], game.action_space(first).n, 16
    )
    batch = example.Batch()
    rng = np.random.default_rng(0)
    decisions = example.play_self_play_game(game, policy, 5, rng, 0.0, batch)
    assert decisions == len(batch.actions) > 0
    assert set(batch.seats) == {0, 1}  # the one policy decided for both seats
    returns = {
        seat: {r for s, r in zip(batch.seats, batch.returns, strict=True) if s == seat}
        for seat in (0, 1)
    }
    assert all(len(values) == 1 for values in returns.values())  # one return per seat's game
    (mine,), (theirs,) = returns[0], returns[1]
    assert mine == -theirs  # zero-sum, margin 0: what one seat wins the other loses
    outcome = game.unwrapped.game_state.outcome()
    assert outcome is not None
    expected = {(0,): 1.0, (1,): -1.0, (0, 1): 0.0}[tuple(sorted(outcome.winners))]
    assert mine == expected
    for mask, action in zip(batch.masks, batch.actions, strict=True):
        assert mask[action]  # only legal actions are sampled
    losses = example.update(
        policy, torch.optim.Adam(policy.parameters()), batch, rng, epochs=1, minibatch=64
    )
    assert all(np.isfinite(value) for value in losses.values())


def test_the_example_trains_every_seat_and_reports_the_win_share_with_an_interval() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--seconds=2",
            "--eval-games=4",
            "--batch-games=2",
            "--hidden=32",
            "--seed=2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,  # a guard against a hang, not a measure of speed
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("one policy for all 2 seats: ")
    found = [EVALUATION.match(line) for line in lines]
    labels = [match.group(1) for match in found if match]
    assert labels == ["untrained", "trained"], result.stdout
    for match in filter(None, found):
        share, low, high = (float(match.group(k)) for k in (2, 3, 4))
        assert low <= share <= high
    progress = [line for line in lines if " CPU s: " in line and " updates; " in line]
    assert progress, result.stdout
    decisions = int(re.search(r" (\d+) decisions, ", progress[-1]).group(1))  # type: ignore[union-attr]
    used = re.search(
        r"^decisions used in updates, by seat: player_0 (\d+), player_1 (\d+)$", result.stdout, re.M
    )
    assert used, result.stdout
    by_seat = [int(used.group(1)), int(used.group(2))]
    assert min(by_seat) > 0  # both seats' decisions went into the updates
    assert sum(by_seat) == decisions  # and every decision played did
