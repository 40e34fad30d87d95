"""The options of a decision as the heuristic bots see them: rated, and paced.

:func:`rate_options` is the one-ply look the greedy bot decides by and the
MCTS bot starts its search from, so that a search with no time to spare
plays like the greedy bot (ties apart). Each option is a tuple
``(action, result, values, draws)``:

* ``result`` is the position the action leads to, or ``None`` when the
  action was rated without being applied (a turn action that fills no
  beach, see :meth:`.heuristic.Evaluation.predict`);
* ``values`` is the evaluation of that position per seat, with the pacing
  adjustments for the deciding seat (below);
* ``draws`` says whether the action draws a tile at once.

With a :class:`.pacing.Pacing`, options that lead back to a position
already met this turn are left out (unless every option does), and once the
bot is impatient (see :meth:`.pacing.Pacing.impatience`) every option that
draws gains ``URGE`` points per turn of impatience.

>>> import random
>>> from tongiaki_rules import new_game
>>> state = new_game(2)
>>> options = rate_options(state, Evaluation(state), None, random.Random(0), 24)
>>> [o[0] for o in options] == list(state.legal_actions())
True
"""

from __future__ import annotations

import random

from .._state import GameState
from ..actions import Action
from ..errors import SettingsError
from ._checks import shown
from ._heuristic import Evaluation, advantage
from ._pacing import Pacing

__all__ = ["URGE", "Option", "best_options", "rate_options", "urge_to_draw"]

Option = tuple[Action, GameState | None, tuple[float, ...], bool]
"""``(action, result or None, values per seat, draws a tile at once)``."""

URGE = 0.5
"""Bonus, in points per turn of impatience, for an action that draws a tile."""


def rate_options(
    state: GameState,
    evaluation: Evaluation,
    pacing: Pacing | None,
    rng: random.Random,
    sample: int,
    *,
    previews: bool = False,
) -> list[Option]:
    """Every option of the decision in ``state``, rated (see the module docstring).

    Options that must be applied to be rated (they fill a beach, or are not
    turn actions) are limited to ``sample`` of them, drawn with ``rng``.
    With ``previews`` they are rated by a preview of the step instead
    (``GameState._preview``: the same position but where AMB-25's look-ahead
    would play the only choice of the next decision that can still end the
    turn), which saves that look-ahead, and come without their result
    (``None``): a caller that goes on from an option applies it then, as the
    MCTS bot does for the few options its search opens. A ``previews`` that
    is not a bool raises :class:`~tongiaki_rules.errors.SettingsError`.

    >>> import random
    >>> from tongiaki_rules import new_game
    >>> state = new_game(2)
    >>> quick = rate_options(state, Evaluation(state), None, random.Random(0), 24, previews=True)
    >>> slow = rate_options(state, Evaluation(state), None, random.Random(0), 24)
    >>> [(o[0], o[2]) for o in quick] == [(o[0], o[2]) for o in slow]
    True
    """
    if type(previews) is not bool:
        raise SettingsError(f"previews must be True or False, not {shown(previews)}")
    seat = state.current_player
    assert seat is not None
    rated: list[Option] = []
    others: list[Action] = []
    for action in state.legal_actions():
        values = evaluation.predict(action)
        if values is None:
            others.append(action)
        else:
            rated.append((action, None, values, False))
    if len(others) > sample:
        others = rng.sample(others, sample)
    urge = 0.0 if pacing is None else urge_to_draw(pacing, evaluation, seat)
    circles: list[Option] = []
    for action in others:
        result = state._preview(action) if previews else state.apply(action)
        values = evaluation.applied(result)  # predict gave None
        draws = Pacing.draws(state, result)
        if urge and draws:
            values = tuple(v + urge if k == seat else v for k, v in enumerate(values))
        kept = None if previews else result
        if pacing is not None and pacing.repeats(result):
            circles.append((action, kept, values, draws))
        else:
            rated.append((action, kept, values, draws))
    return rated or circles


def urge_to_draw(pacing: Pacing, evaluation: Evaluation, seat: int) -> float:
    """The bonus, in points, an option that draws a tile gets now (0 while patient).

    A seat that is behind grows impatient after ``pacing.patience`` idle
    turns, a seat that is ahead only after three times as many.
    """
    if pacing.impatience(ahead=True) or (
        pacing.impatience() and advantage(evaluation.values(), seat, evaluation.weights) <= 0
    ):
        return URGE * pacing.impatience()
    return 0.0


def best_options(options: list[Option], seat: int, evaluation: Evaluation) -> list[Option]:
    """The options whose values give ``seat`` the greatest advantage (all of them on a tie)."""
    weights = evaluation.weights
    best: list[Option] = []
    best_value = float("-inf")
    for option in options:
        value = advantage(option[2], seat, weights)
        if value > best_value + 1e-9:
            best, best_value = [option], value
        elif value >= best_value - 1e-9:
            best.append(option)
    return best
