"""OpenSpiel's own AlphaZero on two-player Tongiaki: train it for a time budget, then measure it.

OpenSpiel's AlphaZero (``open_spiel.python.algorithms.alpha_zero``, JAX and
Flax since OpenSpiel 2.0) needs JAX, Flax, Optax, Orbax and chex, which
OpenSpiel itself does not install; keep them out of the project's own
environment and put them in a venv of their own::

    python3.11 -m venv venv-az
    venv-az/bin/pip install -e '.[openspiel]' jax flax optax orbax-checkpoint chex
    venv-az/bin/python examples/openspiel_alpha_zero.py --seconds 60 --seed 1

It trains on ``python_tongiaki(players=2,returns=zero_sum,actions=compact)``:
AlphaZero's evaluator gives the two seats ``v`` and ``-v``, so the returns
must be zero-sum (+1 for the win, -1 for the loss), and the compact action
layout makes the policy head 3,706 wide instead of 20,452. The draws from
the pile are chance nodes, which OpenSpiel's AlphaZero samples in self-play
and in its search. OpenSpiel's learner runs until ``max_steps``; here it
runs until ``--seconds`` of wall-clock time have passed, then stops the way
OpenSpiel's own script stops on Ctrl-C, and the last checkpoint whose step
was logged is loaded. The trained agent (AlphaZero's MCTS with the network
as evaluator, no exploration noise) then plays ``--eval-games`` games
against the library's ``random`` and ``greedy`` bots through
:class:`~tongiaki_rules.adapters.openspiel.SpielBot` and
:func:`~tongiaki_rules.simulation.simulate` (paired deals, each seat in
turn), and its win share is printed with its 95 % Wilson interval.

``--seed`` seeds the evaluation (the deals and the search's random
generator). The training is not reproducible: OpenSpiel's actors draw from
unseeded generators in processes of their own.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import signal
import tempfile
import time
from pathlib import Path
from types import FrameType
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tongiaki_rules.adapters.openspiel import SpielBot
from tongiaki_rules.simulation import simulate, wilson_interval

GAME = "python_tongiaki(players=2,returns=zero_sum,actions=compact)"
"""The game AlphaZero trains on and plays (the name registers on import of the adapter)."""


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the actors)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def last_logged_step(folder: Path) -> dict[str, Any] | None:
    """The learner's last whole line of ``learner.jsonl``: its checkpoint was saved before it."""
    path = folder / "learner.jsonl"
    if not path.exists():
        return None
    last = None
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            last = json.loads(line)
        except json.JSONDecodeError:  # a line cut short when the budget ran out
            break
    return last


def train(config: Any, seconds: float) -> None:
    """Run OpenSpiel's AlphaZero with ``config`` until ``seconds`` of wall-clock time pass."""
    from open_spiel.python.algorithms.alpha_zero import alpha_zero

    def out_of_time(signum: int, frame: FrameType | None) -> None:
        # OpenSpiel's learner loop has no time limit; it treats KeyboardInterrupt as
        # "stop early": it tells the actors to finish and waits for them.
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, out_of_time)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        alpha_zero.alpha_zero(config)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def trained_bot(config: Any, step: int, game: Any, seed: int) -> SpielBot:
    """AlphaZero's MCTS over the network of checkpoint ``step``, as a bot of the library."""
    from open_spiel.python.algorithms.alpha_zero import evaluator, utils

    model = utils.api_selector(config.nn_api_version).Model.build_model(
        config.nn_model,
        game.observation_tensor_shape(),
        game.num_distinct_actions(),
        config.nn_width,
        config.nn_depth,
        config.weight_decay,
        config.learning_rate,
        config.path,
    )
    model.load_checkpoint(step)
    search = mcts.MCTSBot(  # as AlphaZero's own evaluation games build it: no noise
        game,
        config.uct_c,
        config.max_simulations,
        evaluator.AlphaZeroEvaluator(game, model),
        solve=False,
        random_state=np.random.RandomState(seed),
        child_selection_fn=mcts.SearchNode.puct_value,
        dont_return_chance_node=True,
    )
    return SpielBot(game, search, name="alpha_zero")


def evaluate(bot: SpielBot, opponent: str, games: int, seed: int) -> None:
    """Print the bot's win share against ``opponent`` over ``games`` two-player games."""
    started, clock = cpu_seconds(), time.monotonic()
    summary = simulate([bot, opponent], games=games, players=2, seed=seed, paired=True)
    result = next(r for r in summary.bot_results() if r.bot == bot.name)
    low, high = wilson_interval(result.wins, result.seats)
    print(
        f"alpha_zero against {opponent}: win share {result.win_rate:.3f} "
        f"[{low:.3f}, {high:.3f}] (95 % Wilson interval, {result.seats} games, "
        f"{games // 2} paired deals; {cpu_seconds() - started:.0f} CPU s, "
        f"{time.monotonic() - clock:.0f} s)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    """Train OpenSpiel's AlphaZero for ``--seconds``, then play it against random and greedy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="training, wall-clock s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations a move")
    parser.add_argument("--eval-games", type=int, default=40, help="games against each bot")
    parser.add_argument("--against", default="random,greedy", help="bots, comma-separated")
    parser.add_argument("--actors", type=int, default=1, help="self-play processes")
    parser.add_argument("--width", type=int, default=128, help="the MLP's width")
    parser.add_argument("--depth", type=int, default=2, help="the MLP's hidden layers")
    parser.add_argument("--buffer", type=int, default=2048, help="replay buffer, states")
    parser.add_argument("--reuse", type=int, default=4, help="learning passes a state gets")
    parser.add_argument("--path", default="", help="checkpoints and logs (default: a new one)")
    args = parser.parse_args(argv)
    if args.eval_games % 2:
        parser.error("--eval-games must be even (paired deals, each seat in turn)")

    from open_spiel.python.algorithms.alpha_zero import alpha_zero

    np.random.seed(args.seed)
    path = Path(args.path or tempfile.mkdtemp(prefix="az-tongiaki-")).resolve()
    config = alpha_zero.Config(
        game=GAME,
        path=str(path),
        learning_rate=1e-3,
        weight_decay=1e-4,
        decouple_weight_decay=False,
        train_batch_size=128,
        replay_buffer_size=args.buffer,
        replay_buffer_reuse=args.reuse,
        max_steps=0,  # no step limit: the time budget stops it
        checkpoint_freq=1,  # every step keeps its checkpoint, so the last logged one loads
        actors=args.actors,
        evaluators=0,  # the evaluation is the library's own, after training
        evaluation_window=50,
        eval_levels=7,
        uct_c=2.0,
        max_simulations=args.simulations,
        policy_alpha=1.0,
        policy_epsilon=0.25,
        temperature=1.0,
        temperature_drop=20,  # the first 20 moves by visit counts, then the best
        nn_model="mlp",
        nn_width=args.width,
        nn_depth=args.depth,
        observation_shape=None,  # OpenSpiel fills these in from the game
        output_size=None,
        quiet=True,
        verbose=False,
    )
    print(
        f"{GAME}: AlphaZero, {args.simulations} simulations a move, MLP {args.width}x"
        f"{args.depth}, {args.actors} actor(s); budget {args.seconds:g} s wall-clock; "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; logs in {path}",
        flush=True,
    )
    started, clock = cpu_seconds(), time.monotonic()
    train(config, args.seconds)
    logged = last_logged_step(path)
    step = 0 if logged is None else int(logged["step"])
    print(
        f"trained {time.monotonic() - clock:.0f} s wall-clock, {cpu_seconds() - started:.0f} "
        f"CPU s (learner and actors): {step} learning steps",
        flush=True,
    )
    if logged is None:
        print("no learning step finished in the budget: the agent below is untrained")
    else:
        loss = logged["loss"]
        print(
            f"step {step}: {logged['total_trajectories']} self-play games, "
            f"{logged['total_states']} states seen; last loss: policy {loss['policy']:.3f}, "
            f"value {loss['value']:.3f}",
            flush=True,
        )

    game = pyspiel.load_game(GAME)
    bot = trained_bot(config, step, game, args.seed)
    eval_seed = 1_000_000 + args.seed
    for opponent in (name.strip() for name in args.against.split(",") if name.strip()):
        evaluate(bot, opponent, args.eval_games, eval_seed)


if __name__ == "__main__":  # AlphaZero's actors are spawned processes: they import this file
    main()
