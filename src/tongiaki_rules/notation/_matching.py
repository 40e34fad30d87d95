"""Matching text against a state: :func:`match_action` picks the legal action the text names."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ..actions import Action
from ..errors import IllegalActionError, NotationError
from ._reading import _checked_text, parse_action
from ._words import _SHOWN, _kind
from ._writing import format_action

if TYPE_CHECKING:
    from .._state import GameState

_INDEX: Final = re.compile(r"[0-9]+", re.ASCII)


# ------------------------------------------------------------------ against a state


def match_action(text: str, state: GameState) -> Action:
    """The legal action of ``state`` that ``text`` names, for a terminal front end.

    ``text`` is an action in the notation, or a plain number ``n`` picking the
    ``n``-th (from 1) of ``state.legal_actions()`` (at a chance node: of the
    draws of ``state.chance_outcomes()``). Raises :class:`NotationError` if
    the text is not in the notation, if the number is out of range, or if the
    action is not legal in ``state``; the message then gives the reason and the
    rule it breaks, which is also in the error's ``clause``; and if ``text``
    is not a string (see :func:`parse_action`) or ``state`` is not a
    :class:`~tongiaki_rules.GameState`.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> match_action("2", state)
    SetupPlace(beach=1)
    >>> match_action("setup 4", state)
    SetupPlace(beach=4)
    >>> match_action("setup 9", state)
    Traceback (most recent call last):
      ...
    tongiaki_rules.errors.NotationError: 'setup 9' is not legal here: Tonga has no beach 9 [SETUP-4]
    >>> match_action("7", state)
    Traceback (most recent call last):
      ...
    tongiaki_rules.errors.NotationError: there is no action 7 here; expected a number from 1 to 6
    """
    from .._state import GameState

    if not isinstance(state, GameState):
        raise NotationError(f"state must be a GameState, not {_kind(state)}")
    text = _checked_text(text)
    options: list[Action] = (
        [draw for draw, _ in state.chance_outcomes()]
        if state.is_chance_node
        else list(state.legal_actions())
    )
    stripped = text.strip()
    if _INDEX.fullmatch(stripped):
        if not options:
            raise NotationError("no action can be chosen: the game is over")
        n = int(stripped) if len(stripped) <= 9 else 0
        if not 1 <= n <= len(options):
            shown = stripped if len(stripped) <= _SHOWN else stripped[: _SHOWN - 3] + "..."
            raise NotationError(
                f"there is no action {shown} here; expected a number from 1 to {len(options)}",
                column=text.index(stripped[0]),
            )
        return options[n - 1]
    action = parse_action(text)
    if action in options:
        return options[options.index(action)]
    written = format_action(action)
    if state.is_terminal:
        raise NotationError(f"'{written}' is not legal here: the game is over")
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise NotationError(f"'{written}' is not legal here: {exc}", clause=exc.clause) from exc
    return action  # pragma: no cover - apply accepts exactly the legal actions
