"""Self-play through the PettingZoo environment: one shared policy plays every seat and learns.

Needs the pettingzoo extra and PyTorch (on Linux its CPU build,
``pip install torch --index-url https://download.pytorch.org/whl/cpu``; see
docs/how-to/gymnasium.md). Run it with

    python examples/pettingzoo_self_play.py [--players 2] [--seconds 300] [--seed 1]
        [--eval-games 200] [--against random,greedy]

Every agent of ``tongiaki_rules.adapters.pettingzoo.env`` (compact actions,
``reward="zero_sum"``) is played by the same small network: a multilayer
perceptron over the agent's observation vector with two heads, a score for
each action index and an estimate of the agent's final reward. The scores of
the actions the mask forbids are set to minus infinity before the softmax,
so the policy only ever samples legal actions.

Training is an actor-critic update in the manner of PPO. A batch of games is
played by the policy against itself; every decision of a seat is credited
with that seat's own final return (its zero-sum reward, plus ``--margin``
times its lead in points over the best other seat, divided by 20), the value
head's estimate is the baseline, and a few passes over the batch raise the
probability of the decisions that did better than expected (the ratio to the
old probability clipped, as PPO does). The training budget is ``--seconds``
of this process's CPU time, so a busy machine slows the run without
shortening it.

Before and after training the policy (its most likely legal action) plays
``--eval-games`` games against each bot of ``--against`` (the policy in one
seat, that bot in the others) through the library's own harness: wrapped as
a ``PolicyBot`` and played by ``tongiaki_rules.simulation.simulate`` in
paired deals (each deal played once in every rotation of the seats), its win
share given with the 95 % Wilson interval; a bot as strong as its opponents
wins ``1 / --players`` of the games. The evaluation deals are the same before
and after training, and their seeds are not the training games'.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import torch
from torch import nn

from tongiaki_rules.adapters.gymnasium import PolicyBot
from tongiaki_rules.adapters.pettingzoo import env
from tongiaki_rules.simulation import simulate, wilson_interval


class SharedPolicy(nn.Module):
    """Action scores and a value from one observation vector, for any seat."""

    def __init__(self, observation_size: int, action_count: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(observation_size, hidden),
            nn.Tanh(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
        )
        self.scores = nn.Linear(hidden, action_count)
        self.value = nn.Linear(hidden, 1)
        nn.init.zeros_(self.scores.bias)
        self.scores.weight.data.mul_(0.01)  # near-uniform choices at the start

    def forward(self, observations: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.body(observations)
        return self.scores(features), self.value(features).squeeze(-1)


def masked_log_softmax(scores: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    """Log-probabilities over the legal actions only (the others get minus infinity)."""
    return torch.log_softmax(scores.masked_fill(~masks, float("-inf")), dim=-1)


class Batch:
    """The decisions of a batch of self-play games, each with its seat and final return."""

    def __init__(self) -> None:
        self.observations: list[np.ndarray] = []
        self.masks: list[np.ndarray] = []
        self.actions: list[int] = []
        self.log_probs: list[float] = []
        self.seats: list[int] = []
        self.returns: list[float] = []


def play_self_play_game(
    game: Any,
    policy: SharedPolicy,
    seed: int,
    rng: np.random.Generator,
    margin: float,
    batch: Batch,
) -> int:
    """Play one game with ``policy`` in every seat, adding its decisions to ``batch``.

    Returns the number of decisions. Each seat's decisions get that seat's
    own return once the game is over.
    """
    game.reset(seed=seed)
    agents = list(game.possible_agents)
    rewards = dict.fromkeys(agents, 0.0)
    taken: dict[str, list[int]] = {agent: [] for agent in agents}  # rows of the batch
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _info = game.last()
        rewards[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        vector = observation["observation"]
        mask = observation["action_mask"].view(np.bool_)
        legal = np.flatnonzero(mask)
        with torch.no_grad():
            scores, _value = policy(torch.from_numpy(vector)[None])
        legal_scores = scores[0].numpy()[legal].astype(np.float64)
        # Gumbel-max: a sample of the masked softmax, drawn by our own generator
        pick = int(np.argmax(legal_scores + rng.gumbel(size=legal.size)))
        log_prob = legal_scores[pick] - np.logaddexp.reduce(legal_scores)
        taken[agent].append(len(batch.actions))
        batch.observations.append(vector.copy())
        batch.masks.append(mask.copy())
        batch.actions.append(int(legal[pick]))
        batch.log_probs.append(float(log_prob))
        batch.seats.append(agents.index(agent))
        batch.returns.append(0.0)
        game.step(int(legal[pick]))
    state = game.unwrapped.game_state
    scores_at_end = state.scores()
    truncated_game = not state.is_terminal
    for seat, agent in enumerate(agents):
        others = max(s for k, s in enumerate(scores_at_end) if k != seat)
        lead = 0.0 if truncated_game else margin * (scores_at_end[seat] - others) / 20
        for row in taken[agent]:
            batch.returns[row] = rewards[agent] + lead
    return sum(len(rows) for rows in taken.values())


def update(
    policy: SharedPolicy,
    optimiser: torch.optim.Optimizer,
    batch: Batch,
    rng: np.random.Generator,
    *,
    epochs: int,
    minibatch: int,
    clip: float = 0.2,
    entropy_weight: float = 0.01,
) -> dict[str, float]:
    """A few clipped actor-critic passes over ``batch``; returns the last pass's mean losses."""
    observations = torch.from_numpy(np.stack(batch.observations))
    masks = torch.from_numpy(np.stack(batch.masks))
    actions = torch.tensor(batch.actions)
    old_log_probs = torch.tensor(batch.log_probs, dtype=torch.float32)
    returns = torch.tensor(batch.returns, dtype=torch.float32)
    with torch.no_grad():
        _scores, values = policy(observations)
    advantages = returns - values  # the value head is the baseline
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    size = len(batch.actions)
    totals = {"policy": 0.0, "value": 0.0, "entropy": 0.0}
    for _ in range(epochs):
        totals = dict.fromkeys(totals, 0.0)
        order = torch.from_numpy(rng.permutation(size))
        for start in range(0, size, minibatch):
            rows = order[start : start + minibatch]
            scores, values = policy(observations[rows])
            log_probs = masked_log_softmax(scores, masks[rows])
            chosen = log_probs.gather(1, actions[rows, None]).squeeze(1)
            ratio = torch.exp(chosen - old_log_probs[rows])
            gain = advantages[rows]
            policy_loss = -torch.min(ratio * gain, ratio.clamp(1 - clip, 1 + clip) * gain).mean()
            value_loss = (values - returns[rows]).pow(2).mean()
            probabilities = log_probs.exp()
            entropy = -(probabilities * log_probs.masked_fill(~masks[rows], 0.0)).sum(-1).mean()
            loss = policy_loss + 0.5 * value_loss - entropy_weight * entropy
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()
            share = len(rows) / size
            totals["policy"] += policy_loss.item() * share
            totals["value"] += value_loss.item() * share
            totals["entropy"] += entropy.item() * share
    return totals


def as_bot(policy: SharedPolicy, name: str) -> PolicyBot:
    """The policy's most likely legal action, as a bot of the library."""

    def most_likely(observation: dict[str, np.ndarray], mask: np.ndarray) -> int:
        with torch.no_grad():
            scores, _value = policy(torch.from_numpy(observation["observation"])[None])
        scores = scores[0].masked_fill(~torch.from_numpy(mask), float("-inf"))
        return int(torch.argmax(scores))

    return PolicyBot(most_likely, actions="compact", name=name)


def evaluate(
    policy: SharedPolicy, label: str, opponent: str, players: int, games: int, seed: int
) -> float:
    """Print and return the policy's win share against ``opponent`` (paired deals)."""
    policy.eval()
    started = time.process_time()
    lineup = [as_bot(policy, "policy")] + [opponent] * (players - 1)  # one seat each game
    summary = simulate(lineup, games=games, players=players, seed=seed, paired=True)
    result = next(r for r in summary.bot_results() if r.bot == "policy")
    low, high = wilson_interval(result.wins, result.seats)
    print(
        f"{label} policy against {opponent}: win share {result.win_rate:.3f} "
        f"[{low:.3f}, {high:.3f}] (95 % Wilson interval, {result.seats} seat-games, "
        f"{games // players} paired deals; {time.process_time() - started:.0f} s)",
        flush=True,
    )
    policy.train()
    return result.win_rate


def main(argv: list[str] | None = None) -> None:
    """Evaluate the untrained policy, train it by self-play, evaluate it again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=300.0, help="training budget, CPU s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument(
        "--against", default="random,greedy", help="bots to evaluate against, comma-separated"
    )
    parser.add_argument("--batch-games", type=int, default=16, help="games per update")
    parser.add_argument("--epochs", type=int, default=3, help="passes over each batch")
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument(
        "--margin", type=float, default=0.5, help="weight of the points lead in the returns"
    )
    args = parser.parse_args(argv)
    if args.eval_games % args.players:
        parser.error("--eval-games must be a multiple of --players (paired deals)")

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    game = env(args.players, seed=args.seed, actions="compact", reward="zero_sum")
    game.reset()
    first = game.possible_agents[0]
    observation_size = game.observation_space(first)["observation"].shape[0]
    action_count = int(game.action_space(first).n)
    policy = SharedPolicy(observation_size, action_count, args.hidden)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    parameters = sum(p.numel() for p in policy.parameters())
    print(
        f"one policy for all {args.players} seats: {parameters:,} parameters, "
        f"{observation_size} inputs, {action_count} actions; budget {args.seconds:g} CPU s",
        flush=True,
    )
    opponents = [name.strip() for name in args.against.split(",") if name.strip()]
    eval_seed = 1_000_000 + args.seed  # simulate hashes it into its deals; training does not
    for opponent in opponents:
        evaluate(policy, "untrained", opponent, args.players, args.eval_games, eval_seed)

    per_seat = dict.fromkeys(game.possible_agents, 0)
    games = decisions = updates = 0
    started = time.process_time()
    last_report = started
    while time.process_time() - started < args.seconds:
        batch = Batch()
        for _ in range(args.batch_games):
            decisions += play_self_play_game(
                game, policy, args.seed * 100_000 + games, rng, args.margin, batch
            )
            games += 1
        losses = update(policy, optimiser, batch, rng, epochs=args.epochs, minibatch=args.minibatch)
        updates += 1
        for seat in batch.seats:
            per_seat[game.possible_agents[seat]] += 1
        now = time.process_time()
        if now - last_report >= 15 or now - started >= args.seconds:
            last_report = now
            print(
                f"{now - started:6.0f} CPU s: {games} games, {decisions} decisions, "
                f"{updates} updates; entropy {losses['entropy']:.2f}, "
                f"value loss {losses['value']:.3f}",
                flush=True,
            )
    shown = ", ".join(f"{agent} {count}" for agent, count in per_seat.items())
    print(f"decisions used in updates, by seat: {shown}", flush=True)
    for opponent in opponents:
        evaluate(policy, "trained", opponent, args.players, args.eval_games, eval_seed)


if __name__ == "__main__":
    main()
