"""Random playouts and :func:`reachable_states`, the Hypothesis strategy of states play reaches.

Every game ends (END-1): a playout that does not raises :class:`InvariantError`.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import TYPE_CHECKING

from .._state import DecisionKind, GameState, new_game
from .._validity import InvariantError, check_invariants
from ..rules import Rules

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy


_UNTIL_LIMIT = 10_000


def random_playout(
    state: GameState,
    rng: random.Random,
    *,
    max_steps: int = 100_000,
    check: bool = False,
) -> list[GameState]:
    """Play on from ``state`` with uniformly random decisions and draws until the end.

    Returns every state passed through, ``state`` first and the terminal state
    last. Draws follow the pile's composition (copies left / tiles left).
    With ``check=True`` every state is passed to :func:`check_invariants`. A
    game that is not over after ``max_steps`` steps raises
    :class:`InvariantError` (END-1: every game ends).

    >>> import random
    >>> from tongiaki_rules import new_game
    >>> states = random_playout(new_game(2), random.Random(0), check=True)
    >>> states[0] == new_game(2), states[-1].outcome() is not None
    (True, True)
    """
    states = [state]
    if check:
        check_invariants(state)
    steps = 0
    while not state.is_terminal:
        if steps >= max_steps:
            raise InvariantError(f"the game is not over after {max_steps} steps [END-1]: {state!r}")
        state = _random_step(state, rng)
        if check:
            check_invariants(state)
        states.append(state)
        steps += 1
    return states


def _random_step(state: GameState, rng: random.Random) -> GameState:
    if state.is_chance_node:
        return state.apply(state.sample_chance(rng))
    return state.apply(rng.choice(state.legal_actions()))


def _random_prefix(
    num_players: int,
    rules: Rules,
    start_player: int,
    seed: int,
    steps: int,
    until: frozenset[DecisionKind],
) -> GameState:
    rng = random.Random(seed)
    state = new_game(num_players, rules, start_player=start_player)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = _random_step(state, rng)
    if until:
        # bounded: the decision kinds asked for may never come
        for _ in range(_UNTIL_LIMIT):
            if state.is_terminal or state.pending.kind in until:
                break
            state = _random_step(state, rng)
    return state


def reachable_states(
    num_players: int | SearchStrategy[int] | None = None,
    rules: Rules | SearchStrategy[Rules] | None = None,
    *,
    max_steps: int = 200,
    until: DecisionKind | Collection[DecisionKind] | None = None,
) -> SearchStrategy[GameState]:
    """A Hypothesis strategy for states reachable from a new game by random play.

    Each example draws a player count (``num_players``: an int or a strategy,
    by default 2 to 6), the rules (a :class:`Rules` or a strategy, by default
    ``Rules()``), the start player, a seed and a number of steps up to
    ``max_steps``, then plays that many random decisions and draws with
    ``random.Random(seed)``, stopping early at the end of the game. With
    ``until``, play then goes on at random to the next decision of that kind
    (or kinds; ``DecisionKind.DRAW`` for a chance node), or to the end of the
    game (giving up after 10,000 further steps). Shrinking makes failures short. With
    ``variant_two_player_double_colour`` the game always has 2 players. Needs
    Hypothesis.

    >>> from hypothesis import given, settings
    >>> from tongiaki_rules import DecisionKind
    >>> from tongiaki_rules.testing import check_invariants, reachable_states
    >>> @settings(max_examples=5, deadline=None)
    ... @given(reachable_states(num_players=3, until=DecisionKind.BERTH))
    ... def test_landing(state):
    ...     check_invariants(state)
    ...     assert state.is_terminal or state.pending.kind is DecisionKind.BERTH
    >>> test_landing()
    """
    from hypothesis import strategies as st

    players: SearchStrategy[int] = (
        st.integers(2, 6)
        if num_players is None
        else st.just(num_players)
        if isinstance(num_players, int)
        else num_players
    )
    rules_st: SearchStrategy[Rules] = (
        st.just(Rules()) if rules is None else st.just(rules) if isinstance(rules, Rules) else rules
    )
    stop_at = (
        frozenset()
        if until is None
        else frozenset((until,))
        if isinstance(until, DecisionKind)
        else frozenset(until)
    )

    def build(draw: DrawFn) -> GameState:
        chosen_rules = draw(rules_st)
        n = draw(players)
        if chosen_rules.variant_two_player_double_colour:
            n = 2
        start = draw(st.integers(0, n - 1))
        seed = draw(st.integers(0, 2**32 - 1))
        # Hypothesis favours small integers; offsetting by the seed spreads the
        # step counts over the whole game (and still shrinks to 0 steps).
        steps = (draw(st.integers(0, max_steps)) + seed) % (max_steps + 1)
        return _random_prefix(n, chosen_rules, start, seed, steps, stop_at)

    return st.composite(build)()
