"""A reliability kit: sampled game settings, custom tile sets, checked random games, garbage.

Use it to soak the engine with games far from the defaults, or to fuzz a
front end with input no sane caller would send:

>>> import random
>>> from tongiaki_rules.fuzzing import play_checked_game, sample_settings
>>> settings = sample_settings(random.Random(3))
>>> run = play_checked_game(settings, seed=3)
>>> run.failure is None, run.decisions > 0
(True, True)

Every value of every :class:`~tongiaki_rules.rules.Rules` flag is sampled
(the list comes from ``attrs.fields(Rules)``, so a flag added later is
sampled too), 2 to 6 players, the two-colour variant (2 players), and valid
custom tile sets from one-slot beaches to rings of ocean tiles. The same
choices are available as a seeded sampler (:func:`sample_settings`, plain
``random``) and as Hypothesis strategies (:func:`game_settings`,
:func:`rules_strategy`, :func:`tile_sets`, :func:`garbage`, ...), which
shrink a failure to a small example. Hypothesis (the ``test`` extra) is
imported only when a strategy is built, so this module works without it.

The same kit for Tóncc is :mod:`tongiaki_rules.fuzzing._toncc`.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from .._state import DecisionKind, GameState
from .._validity import invariant_violations
from ..actions import Action

# the API reference lists these in import order, kept as the old module's source order
# isort: off
from ._samplers import (
    ROUTE_NUMBERS,
    GameSettings,
    rules_flag_values,
    sample_rules,
    sample_tile_set,
    setup_room,
    describe_tiles,
    sample_settings,
    settings_for_seed,
    rules_strategy,
    tile_sets,
    game_settings,
)
from ._hostile import (
    hostile_ints,
    hostile_text,
    garbage,
    garbage_actions,
    plausible_actions,
    json_mutations,
    call_safely,
)
# isort: on

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_TIME_LIMIT",
    "ROUTE_NUMBERS",
    "GameRun",
    "GameSettings",
    "call_safely",
    "describe_tiles",
    "game_settings",
    "garbage",
    "garbage_actions",
    "hostile_ints",
    "hostile_text",
    "json_mutations",
    "plausible_actions",
    "play_checked_game",
    "rules_flag_values",
    "rules_strategy",
    "run_seed",
    "sample_rules",
    "sample_settings",
    "sample_tile_set",
    "settings_for_seed",
    "setup_room",
    "tile_sets",
]

DEFAULT_MAX_DECISIONS = 5_000
"""Decisions after which a random game counts as endless (a random game takes a few hundred)."""

DEFAULT_TIME_LIMIT = 20.0
"""Seconds of wall-clock time after which a game counts as hung (it takes a few milliseconds)."""


# --------------------------------------------------------------------------- checked games
# (here, not in a module of their own: ``fuzzing.invariant_violations`` is what they call)


@attrs.frozen(slots=True)
class GameRun:
    """The result of :func:`play_checked_game`.

    ``failure`` is ``None`` for a game that ended with every invariant kept;
    otherwise it says what went wrong (an invariant, an exception, a game
    that did not end). ``actions`` is every action applied, draws included.
    """

    settings: GameSettings
    seed: int
    decisions: int
    actions: tuple[Action, ...]
    failure: str | None
    seconds: float

    def report(self) -> str:
        """A failure report: the seed, the settings and the action history."""
        history = "\n".join(f"  {k}: {a!r}" for k, a in enumerate(self.actions))
        return (
            f"seed {self.seed}: {self.failure}\n{self.settings.describe()}"
            f"actions ({len(self.actions)}):\n{history}\n"
        )


class _Hang(BaseException):
    """Raised by the wall-clock alarm (a BaseException, so no ``except Exception`` eats it)."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise :class:`_Hang` after ``seconds`` of wall-clock time (main thread, POSIX only)."""
    usable = (
        seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(_signum: int, _frame: object) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def play_checked_game(
    settings: GameSettings,
    seed: int,
    *,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> GameRun:
    """Play one uniformly random game, checking every invariant after every action.

    ``random.Random(seed)`` picks every decision and draw. The game fails when
    a state breaks an invariant (:func:`~tongiaki_rules._validity.invariant_violations`),
    when the engine raises, when a turn comes back to a state it was already
    in (the players could go round that loop for ever), when it takes more
    than ``max_decisions`` decisions, or when it runs longer than
    ``time_limit`` seconds (a wall-clock alarm, which also catches a loop
    inside a single ``apply``; in the main thread on POSIX systems only).

    >>> run = play_checked_game(GameSettings(2), seed=1)
    >>> run.failure, len(run.actions) > run.decisions  # the draws are actions too
    (None, True)
    """
    rng = random.Random(seed)
    actions: list[Action] = []
    counter = [0]
    began = time.perf_counter()
    failure: str | None
    try:
        with _alarm(time_limit):
            failure = _play(settings.new_game(), rng, actions, counter, max_decisions)
    except _Hang:
        failure = f"game did not end: still running after {time_limit:g} s (a hang) [END-1]"
    except Exception as exc:
        failure = f"{type(exc).__name__} raised: {exc}"
    seconds = time.perf_counter() - began
    return GameRun(settings, seed, counter[0], tuple(actions), failure, seconds)


def _play(
    state: GameState,
    rng: random.Random,
    actions: list[Action],
    counter: list[int],
    max_decisions: int,
) -> str | None:
    problems = invariant_violations(state)
    if problems:
        return f"the new game breaks invariants: {'; '.join(problems)}"
    this_turn: dict[GameState, int] = {}
    while not state.is_terminal:
        if state.is_chance_node:
            action: Action = state.sample_chance(rng)
        else:
            if counter[0] >= max_decisions:
                return f"game did not end: more than {max_decisions} decisions [END-1]"
            counter[0] += 1
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
        k = len(actions) - 1
        problems = invariant_violations(state)
        if problems:
            return f"invariants broken after action {k}: {'; '.join(problems)}"
        if state.pending.kind is DecisionKind.TURN:
            this_turn.clear()
        elif state in this_turn:
            return _loop(this_turn[state], k)
        this_turn[state] = k
    return None


def _loop(first: int, again: int) -> str:
    """A turn that comes back to a state it was in can be played round that loop for ever."""
    return (
        f"game did not end: a turn can loop for ever: the state after action {again} is the "
        f"state after action {first} (a cycle of {again - first} actions) [END-1]"
    )


def run_seed(seed: int, **limits: Any) -> GameRun:
    """Play the checked game of ``seed`` with :func:`settings_for_seed` (for the soak script).

    >>> run_seed(4).seed
    4
    """
    return play_checked_game(settings_for_seed(seed), seed, **limits)
