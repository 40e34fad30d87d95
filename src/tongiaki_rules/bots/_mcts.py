"""Monte-Carlo tree search with explicit chance nodes.

:class:`MCTSBot` grows a search tree from the position it must decide in.
Each node keeps a reward vector (one share of a win per seat) and its visit
count; at a decision node the child is chosen by UCT on the reward of the
seat deciding there (max^n), and at a tile draw the outcome is sampled by
its probability, each drawn tile leading to its own child. A new node is
rated by the shared heuristic
(:func:`~tongiaki_rules.bots._heuristic.win_chances`), after a short random
playout if ``rollout`` asks for one; a finished game gives its winners an
equal share of 1.

Wide decisions (dozens of expansions, a hundred free placements) are
searched best-first: the heuristic rates every option once, as the greedy
bot does (:mod:`.options`); the options enter the tree in that order as the
node gets visits (progressive widening), and each starts with the
heuristic's rating as a few virtual visits.

>>> from tongiaki_rules import new_game
>>> state = new_game(2)
>>> MCTSBot(seed=0, iterations=20).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from .._state import GameState
from ..actions import Action, Draw
from ..errors import SettingsError
from ._checks import (
    MAX_ITERATIONS,
    MAX_PATIENCE,
    MAX_SAMPLE,
    MAX_TIME_LIMIT,
    real_option,
    seed_option,
    weights_option,
    whole_option,
)
from ._heuristic import DEFAULT_WEIGHTS, Evaluation, Weights, win_chances
from ._options import best_options, rate_options, urge_to_draw
from ._pacing import Pacing

__all__ = ["MCTSBot"]

Rewards = tuple[float, ...]


CHANCES_LIMIT = 100_000
"""A bot forgets the win chances it computed when it holds more than this many."""


class _Chances(dict[tuple[float, ...], Rewards]):
    """:func:`.heuristic.win_chances` of the values met, remembered (options often tie)."""

    def __init__(self, weights: Weights) -> None:
        super().__init__()
        self.weights = weights

    def __missing__(self, values: tuple[float, ...]) -> Rewards:
        if len(self) >= CHANCES_LIMIT:
            self.clear()
        chances = win_chances(values, self.weights)
        self[values] = chances
        return chances


def _rewards(state: GameState, chances: _Chances) -> Rewards:
    """Shares of one win per seat: exact at the end, from the heuristic before."""
    if state.is_terminal:
        outcome = state.outcome()
        assert outcome is not None
        share = 1.0 / len(outcome.winners)
        return tuple(share if s in outcome.winners else 0.0 for s in range(state.num_players))
    return chances[Evaluation(state, chances.weights).values()]


class _Node:
    """A position in the tree, with the statistics of the playouts through it."""

    __slots__ = ("children", "draws", "options", "player", "state", "totals", "visits")

    def __init__(self, state: GameState, totals: list[float], visits: float) -> None:
        self.state = state
        self.player = state.current_player
        self.totals = totals
        self.visits = visits
        self.children: dict[Action, _Node] = {}
        self.options: list[tuple[Action, GameState | None, Rewards]] | None = None
        """Decision nodes: every option with its result (if known) and rating, best first."""
        self.draws: list[tuple[Draw, float]] | None = None
        """Chance nodes: the outcomes and their cumulative probabilities."""


class MCTSBot:
    """UCT search over the game tree, with chance nodes for tile draws.

    * ``seed``: seeds the bot's ``random.Random`` (draws sampled in the
      tree, playouts, ties).
    * ``iterations``: playouts per decision (default 50). With a seed, a
      bot limited by iterations alone always makes the same choices.
    * ``time_limit``: seconds per decision; the search stops at whichever
      limit comes first. A time limit makes the choices depend on the
      machine's speed, so they are no longer reproducible.
    * ``exploration``: the UCT constant (rewards are shares of a win in [0, 1]).
    * ``rollout``: random decisions played from a new node before the
      heuristic rates the position (0: rate the node itself).
    * ``prior``: virtual visits that give each option the heuristic's
      rating to start with.
    * ``widening``: options a node may have per square root of its visits.
    * ``sample``: at most this many options of a decision that must be
      applied to be rated (free tile placements) enter the tree.
    * ``patience``: as for :class:`~tongiaki_rules.bots.GreedyBot`. The
      root's options are rated and paced exactly as the greedy bot rates
      them (:func:`~tongiaki_rules.bots._options.rate_options`); once the
      bot is impatient and the greedy choice would draw a tile, the search
      only considers options that draw one.

    Every option is checked when the bot is built: ``iterations`` is a whole
    number from 1 to :data:`~tongiaki_rules.bots._checks.MAX_ITERATIONS`
    (100,000), ``time_limit`` a number of seconds above 0 and at most an
    hour, ``exploration`` and ``prior`` finite and not negative, ``widening``
    above 0, ``rollout`` a whole number from 0 to 1000; anything else (a
    bool, NaN, infinity, text) raises
    :class:`~tongiaki_rules.errors.SettingsError` naming the option.

    With ``iterations=1`` the bot makes the greedy bot's choice (ties
    apart); each further iteration lets the search look past it.

    A decision with a single legal action is returned without search.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(2)
    >>> MCTSBot(seed=3, iterations=30).choose(state) == MCTSBot(seed=3, iterations=30).choose(state)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 50,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: int = 0,
        prior: float = 2.0,
        widening: float = 2.0,
        sample: int = 24,
        patience: int = 4,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        if iterations is None and time_limit is None:
            raise SettingsError("mcts: needs iterations or a time_limit")
        self._rng = random.Random(seed_option("mcts", seed))
        self.iterations = (
            None
            if iterations is None
            else whole_option("mcts", "iterations", iterations, low=1, high=MAX_ITERATIONS)
        )
        self.time_limit = (
            None
            if time_limit is None
            else real_option(
                "mcts", "time_limit", time_limit, low=0.0, high=MAX_TIME_LIMIT, above_low=True
            )
        )
        self.exploration = real_option("mcts", "exploration", exploration, low=0.0, high=100.0)
        self.rollout = whole_option("mcts", "rollout", rollout, low=0, high=1000)
        self.prior = real_option("mcts", "prior", prior, low=0.0, high=1000.0)
        self.widening = real_option(
            "mcts", "widening", widening, low=0.0, high=1000.0, above_low=True
        )
        self.sample = whole_option("mcts", "sample", sample, low=1, high=MAX_SAMPLE)
        self.weights = weights_option("mcts", weights)
        self._chances = _Chances(self.weights)
        self._pacing = Pacing(whole_option("mcts", "patience", patience, low=0, high=MAX_PATIENCE))

    @property
    def name(self) -> str:
        """Always ``"mcts"``."""
        return "mcts"

    # ------------------------------------------------------------------ the decision
    def choose(self, state: GameState) -> Action:
        """The most visited option at the root after the search."""
        self._pacing.start(state)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self._chances.weights is not self.weights:
            self._chances = _Chances(self.weights)
        root = _Node(state, [0.0] * state.num_players, 0.0)
        self._expand_options(root, root_filter=True)
        assert root.options is not None
        if len(root.options) == 1:
            return root.options[0][0]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while self.iterations is None or done < self.iterations:
            self._iterate(root)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return self._best(root)

    def _best(self, root: _Node) -> Action:
        seat = root.player
        assert seat is not None and root.options is not None
        best: Action | None = None
        best_key = (-1.0, -1.0)
        for action, _result, rating in root.options:
            child = root.children.get(action)
            if child is None:
                key = (0.0, rating[seat])
            else:
                key = (child.visits, child.totals[seat] / child.visits)
            if key > best_key:
                best, best_key = action, key
        assert best is not None
        return best

    # ------------------------------------------------------------------ one playout
    def _iterate(self, root: _Node) -> None:
        node = root
        path = [root]
        while True:
            state = node.state
            if state.is_terminal:
                rewards = _rewards(state, self._chances)
                break
            if state.is_chance_node:
                draw = self._sample_draw(node)
                child = node.children.get(draw)
                if child is None:
                    after = state.apply(draw)
                    rewards = self._playout(after)
                    child = _Node(after, [0.0] * len(rewards), 0.0)
                    node.children[draw] = child
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            if node.options is None:
                self._expand_options(node, root_filter=False)
            assert node.options is not None
            opened = len(node.children)
            if opened < len(node.options) and opened < self.widening * math.sqrt(node.visits + 1):
                action, known, rating = node.options[opened]
                result = state.apply(action) if known is None else known
                rewards = self._playout(result) if self.rollout else rating
                child = _Node(result, [r * self.prior for r in rating], self.prior)
                node.children[action] = child
                path.append(child)
                break
            node = self._select(node)
            path.append(node)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for k, r in enumerate(rewards):
                totals[k] += r

    def _select(self, node: _Node) -> _Node:
        seat = node.player
        assert seat is not None
        log_n = math.log(node.visits + 1)
        c = self.exploration
        best: _Node | None = None
        best_score = -math.inf
        for child in node.children.values():
            score = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _sample_draw(self, node: _Node) -> Draw:
        if node.draws is None:
            cumulative = 0.0
            node.draws = []
            for draw, p in node.state.chance_outcomes():
                cumulative += p
                node.draws.append((draw, cumulative))
        x = self._rng.random() * node.draws[-1][1]
        for draw, upto in node.draws:
            if x < upto:
                return draw
        return node.draws[-1][0]

    def _playout(self, state: GameState) -> Rewards:
        rng = self._rng
        for _ in range(self.rollout):
            if state.is_terminal:
                break
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(state.sample_action(rng))
        return _rewards(state, self._chances)

    # ------------------------------------------------------------------ options
    def _expand_options(self, node: _Node, root_filter: bool) -> None:
        """Rate every option of a decision node with the heuristic, best first.

        At the root the options are paced as the greedy bot paces them
        (no circles within the turn, see :func:`.options.rate_options`), and
        once the bot is impatient and a tile draw is the greedy choice, only
        options that draw are searched.
        """
        state = node.state
        seat = node.player
        assert seat is not None
        evaluation = Evaluation(state, self.weights)
        pacing = self._pacing if root_filter else None
        rated = rate_options(state, evaluation, pacing, self._rng, self.sample, previews=True)
        if (
            pacing is not None
            and urge_to_draw(pacing, evaluation, seat)
            and any(o[3] for o in best_options(rated, seat, evaluation))
        ):
            rated = [o for o in rated if o[3]]
        self._rng.shuffle(rated)  # ties in any order
        chances = self._chances
        options = [(action, result, chances[values]) for action, result, values, _draws in rated]
        options.sort(key=lambda option: -option[2][seat])
        node.options = options
