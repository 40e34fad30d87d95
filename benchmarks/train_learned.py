"""Benchmark: train the weights of the ``learned`` bot by self-play and imitation of MCTS.

The ``learned`` bot is the greedy bot's one-ply search (every option of a
decision rated by the evaluation of :mod:`tongiaki_rules.bots`, the best
taken) under fitted weights. The recipe:

1. **Self-play.** Play ``--games`` two-player games between greedy bots
   (under the current weights, with ``--epsilon`` of the decisions made at
   random so that the positions vary). Keep every ``--every``-th decision of
   each game with the game's result for seat 0 (1 a win, 0 a loss, 0.5 a
   shared win).
2. **Imitation** (``--teacher mcts``, the default). Put ``--choices`` of the
   kept decisions, drawn at random, to the teacher (MCTS at its default 50
   iterations). Fit nine weights (``spread``, ``royal``, ``boat``,
   ``alone``, ``at_sea``, ``landing``, ``reserve``, ``endgame`` and
   ``temperature``; ``presence`` stays, the unit of the scale) so that the
   softmax of the options' one-ply advantages (the seat's value minus its
   rival's, over ``temperature``; at most ``--width`` options a decision,
   the teacher's among them) gives the teacher's choices the greatest
   likelihood, plus ``--prior`` times the squared logarithms of each
   weight's ratio to its hand-set default. The loss is minimised by a local
   search (each weight up and down by a step, kept when the loss falls; the
   steps halve when no move helps).
3. **Repeat** for ``--rounds`` rounds, each playing with the weights of the
   last and fitting on every position kept so far.

With ``--teacher ''`` the fit is Texel tuning instead, as chess engines
tune their evaluations: the weights under which ``win_chances`` best
predicts each kept position's result (the mean log loss of
``1 / (1 + exp(-(v0 - v1) / temperature))``, with the same prior). That
recipe was tried first and plays worse than greedy (see
docs/how-to/evaluate.md, "The learned bot"): what predicts the result of a
position best is not what tells a good move from a bad one.

It writes the weights file the ``learned`` bot loads
(``src/tongiaki_rules/bots/learned_weights.json``, or ``--out``), with the
command, the seed, the counts and the losses, and prints its progress;
``--cache`` keeps the positions of each round in a pickle, so a refit skips
the games. The shipped file is the defaults' run (``--seed 1``, about 3
minutes of CPU), see docs/how-to/evaluate.md, "The learned bot".

    python benchmarks/train_learned.py [--rounds R] [--games N] [--every K] [--epsilon E]
                                       [--teacher SPEC] [--choices C] [--width W]
                                       [--passes P] [--prior L] [--seed S] [--out PATH]
                                       [--cache PATH]
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import math
import os
import pickle
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from tongiaki_rules import GameState, replay_states
from tongiaki_rules.actions import Action
from tongiaki_rules.bots import (
    DEFAULT_WEIGHTS,
    GreedyBot,
    Weights,
    make_bot,
    play_match,
    seat_values,
)

OUT = Path(__file__).resolve().parents[1] / "src/tongiaki_rules/bots/learned_weights.json"
TUNED = (
    "spread",
    "royal",
    "boat",
    "alone",
    "at_sea",
    "landing",
    "reserve",
    "endgame",
    "temperature",
)
"""The weights the regression fits. ``presence`` stays at its default: it is the unit of the
evaluation's scale (in mid-game every term can shrink at once while ``temperature`` shrinks
with them, a ridge of equal losses along which the fit would drift), ``reserve_cap`` is a
count and ``rivalry`` does not matter with two players."""
WRITTEN = ("presence", *TUNED)
"""The weights the file gives (what the learned bot reads)."""


class Exploring:
    """A greedy bot under ``weights`` that makes a share ``epsilon`` of its decisions at random."""

    def __init__(self, weights: Weights, epsilon: float, seed: int) -> None:
        self.bot = GreedyBot(seed=seed, weights=weights)
        self.rng = random.Random(seed + 1)
        self.epsilon = epsilon

    @property
    def name(self) -> str:
        return "exploring"

    def choose(self, state: GameState) -> Action:
        if self.rng.random() < self.epsilon:
            # the greedy bot still sees the decision, so its pacing keeps count
            self.bot.choose(state)
            return state.sample_action(self.rng)
        return self.bot.choose(state)


def self_play(
    weights: Weights, games: int, every: int, epsilon: float, seed: int
) -> list[tuple[GameState, float]]:
    """The kept positions of ``games`` games, each with seat 0's result."""
    kept: list[tuple[GameState, float]] = []
    for g in range(games):
        game_seed = seed + g
        bots = [Exploring(weights, epsilon, 2 * game_seed + s) for s in (0, 1)]
        record = play_match(bots, seed=game_seed)
        states = list(replay_states(record))
        outcome = states[-1].outcome()
        assert outcome is not None
        winners = outcome.winners
        result = 0.5 if len(winners) > 1 else (1.0 if winners == (0,) else 0.0)
        decisions = [s for s in states if not s.is_chance_node and not s.is_terminal]
        kept += [(s, result) for s in decisions[g % every :: every]]
    return kept


def prior(weights: Weights, strength: float) -> float:
    """The penalty for straying from the hand-set weights: ``strength`` times the sum of the
    squared logarithms of each fitted weight's ratio to its default (``temperature`` is free)."""
    return strength * sum(
        math.log(getattr(weights, name) / getattr(DEFAULT_WEIGHTS, name)) ** 2
        for name in TUNED
        if name != "temperature"
    )


def log_loss(positions: list[tuple[GameState, float]], weights: Weights) -> float:
    """The mean log loss of the logistic prediction of each position's result."""
    total = 0.0
    scale = weights.temperature
    for state, result in positions:
        v0, v1 = seat_values(state, weights)
        z = (v0 - v1) / scale
        # log(1 + exp(-z)) and log(1 + exp(z)), computed without overflow
        loss_win = max(-z, 0.0) + math.log1p(math.exp(-abs(z)))
        loss_lose = max(z, 0.0) + math.log1p(math.exp(-abs(z)))
        total += result * loss_win + (1.0 - result) * loss_lose
    return total / len(positions)


Choice = tuple[int, list[GameState], int]
"""A decision to imitate: the seat to move, the positions its options lead to, the teacher's."""


def teacher_choices(
    positions: list[tuple[GameState, float]], teacher: str, count: int, width: int, seed: int
) -> list[Choice]:
    """``count`` decisions of the kept positions, each with what ``teacher`` chose there.

    Of a decision with more than ``width`` options, the teacher's and ``width - 1`` others
    drawn at random are kept.
    """
    rng = random.Random(seed)
    pool = [s for s, _ in positions if len(s.legal_actions()) > 1]
    chosen: list[Choice] = []
    for k, state in enumerate(rng.sample(pool, min(count, len(pool)))):
        actions = list(state.legal_actions())
        best = make_bot(teacher, seed=seed + k).choose(state)
        others = [a for a in actions if a != best]
        if len(others) >= width:
            others = rng.sample(others, width - 1)
        seat = state.current_player
        assert seat is not None
        chosen.append((seat, [state.apply(a) for a in [best, *others]], 0))
    return chosen


def imitation_loss(choices: list[Choice], weights: Weights) -> float:
    """The mean cross-entropy of the teacher's choices under the softmax of the options'
    advantages (the seat's value minus its rival's), ``temperature`` the softmax's scale."""
    total = 0.0
    scale = weights.temperature
    for seat, results, best in choices:
        scores = []
        for result in results:
            values = seat_values(result, weights)
            scores.append((values[seat] - values[1 - seat]) / scale)
        top = max(scores)
        total += top + math.log(sum(math.exp(x - top) for x in scores)) - scores[best]
    return total / len(choices)


def fit(
    loss_of: Callable[[Weights], float], start: Weights, passes: int, strength: float
) -> tuple[Weights, float, float]:
    """The local search from ``start``: the fitted weights, the loss before and after.

    The loss is ``loss_of(weights)`` plus the :func:`prior`'s penalty.
    """
    best = start
    best_loss = first = loss_of(best) + prior(best, strength)
    steps = dict.fromkeys(TUNED, 0.25)
    for n in range(passes):
        improved = False
        for name in TUNED:
            for sign in (1.0, -1.0):
                value = getattr(best, name) * (1.0 + sign * steps[name])
                if name == "endgame":
                    value = max(value, 1.0)
                trial = attrs.evolve(best, **{name: value})
                loss = loss_of(trial) + prior(trial, strength)
                if loss < best_loss - 1e-6:
                    best, best_loss, improved = trial, loss, True
                    print(f"  pass {n + 1}: {name} {value:.4f} loss {loss:.5f}", flush=True)
                    break
        if not improved:
            steps = {k: v / 2 for k, v in steps.items()}
            if max(steps.values()) < 0.01:
                break
    return best, first, best_loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--games", type=int, default=100, help="self-play games per round")
    parser.add_argument("--every", type=int, default=4, help="keep every K-th decision")
    parser.add_argument("--epsilon", type=float, default=0.03, help="share of random decisions")
    parser.add_argument("--passes", type=int, default=8, help="local-search passes per fit")
    parser.add_argument(
        "--prior", type=float, default=0.002, help="pull towards the hand-set weights"
    )
    parser.add_argument(
        "--teacher", default="mcts", help="imitate this bot's choices ('': fit the results)"
    )
    parser.add_argument("--choices", type=int, default=800, help="decisions to imitate")
    parser.add_argument("--width", type=int, default=24, help="options kept per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--cache", type=Path, default=None, help="keep the self-play positions in this pickle"
    )
    args = parser.parse_args()

    started = time.process_time()
    weights = DEFAULT_WEIGHTS
    positions: list[tuple[GameState, float]] = []
    history = []
    for r in range(args.rounds):
        round_seed = args.seed * 1_000_000 + r * 10_000
        t = time.process_time()
        cached = args.cache.with_suffix(f".{r + 1}.pickle") if args.cache else None
        if cached is not None and cached.exists():
            positions += pickle.loads(cached.read_bytes())
        else:
            found = self_play(weights, args.games, args.every, args.epsilon, round_seed)
            if cached is not None:
                cached.write_bytes(pickle.dumps(found))
            positions += found
        played = time.process_time() - t
        print(f"round {r + 1}: {args.games} games, {len(positions)} positions, {played:.0f} s")
        taught = 0.0
        if args.teacher:
            t = time.process_time()
            choices = teacher_choices(
                positions, args.teacher, args.choices, args.width, round_seed + 5000
            )
            taught = time.process_time() - t
            print(f"round {r + 1}: {len(choices)} choices of {args.teacher}, {taught:.0f} s")
            loss_of = functools.partial(imitation_loss, choices)
        else:
            loss_of = functools.partial(log_loss, list(positions))
        t = time.process_time()
        weights, before, after = fit(loss_of, weights, args.passes, args.prior)
        fitted = time.process_time() - t
        print(f"round {r + 1}: loss {before:.5f} -> {after:.5f}, fit {fitted:.0f} s", flush=True)
        history.append(
            {
                "round": r + 1,
                "positions": len(positions),
                "loss_before": round(before, 6),
                "loss_after": round(after, 6),
                "play_cpu_s": round(played),
                "teacher_cpu_s": round(taught),
                "fit_cpu_s": round(fitted),
            }
        )
    cpu = time.process_time() - started
    document = {
        "format": "tongiaki-learned-weights",
        "version": 1,
        "players": 2,
        "weights": {name: round(getattr(weights, name), 6) for name in WRITTEN},
        "training": {
            "recipe": (
                f"self-play of one-ply bots; the evaluation's weights fitted to {args.teacher}'s "
                "choices (imitation)"
                if args.teacher
                else "self-play of one-ply bots; Texel tuning of the evaluation's weights"
            ),
            "command": "python benchmarks/train_learned.py " + " ".join(sys.argv[1:]),
            "seed": args.seed,
            "rounds": args.rounds,
            "games_per_round": args.games,
            "every": args.every,
            "epsilon": args.epsilon,
            "prior": args.prior,
            "teacher": args.teacher,
            "history": history,
            "cpu_seconds": round(cpu),
            "date": datetime.date.today().isoformat(),
        },
    }
    text = json.dumps(document, indent=2) + "\n"
    temporary = args.out.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, args.out)
    print(f"wrote {args.out} ({cpu:.0f} s of CPU)")
    print(json.dumps(document["weights"]))


if __name__ == "__main__":
    main()
