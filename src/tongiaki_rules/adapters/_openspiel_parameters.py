"""The parameters of the OpenSpiel game: their names and defaults, and their checking.

:class:`GameSettings` turns the parameters ``pyspiel.load_game`` is given into
the settings of a game (COMP-1 for the player count; AMB-25 for why
``max_game_length`` is a true bound), and back. Needs neither OpenSpiel nor
numpy; :mod:`tongiaki_rules.adapters.openspiel` exports every public name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from .._state import new_game
from ..encoding_compact import ACTION_SPACES
from ..errors import SettingsError, shown
from ..rules import Rules

GAME_NAME: Final = "python_tongiaki"
"""The short name ``pyspiel.load_game`` knows the game by."""

RETURNS: Final = ("win", "score", "zero_sum")
"""Values of the ``returns`` parameter.

``"win"`` (the default): each winner gets ``1/k`` when ``k`` seats share the
victory (after the tie-breaks), everyone else 0, so returns lie in ``[0, 1]``
and add up to 1, the scale UCT constants and CFR expect (a constant-sum
game). ``"score"``: each seat's final points, to maximise points rather than
the chance of winning (general-sum). ``"zero_sum"``: the ``k`` winners share
+1 and the other seats share -1, so the returns add up to 0 (+1 and -1 for two
players; 0 for everyone when all seats share the win): a zero-sum game.
"""

DEFAULT_MAX_GAME_LENGTH: Final = 3000
"""Default bound on the decisions (chance outcomes not counted) of one game.

No rule bounds a whole game of Tongiaki (players can in principle keep
sailing into voyages that fail without ever drawing), so the adapter ends a
game after ``max_game_length`` decisions, scored as it stands (the seats
with the most points share the win). Since every turn ends (an endless
chain is settled, AMB-25), every decision returns, and ``max_game_length``
is a true bound: no game has more decisions, and none has more chance
outcomes than the pile has tiles. Random play never comes near it: over
87,000 random games (2 to 6 players; the standard rules, the Rody and
two-colour variants and other flags) the longest took 1,341 decisions, and
half of them took at most about 140.
"""

MAX_GAME_LENGTH_LIMIT: Final = 2**31 - 1
"""The largest ``max_game_length`` accepted (OpenSpiel keeps it in a C ``int``)."""

_RULE_FIELDS: Final[tuple[attrs.Attribute[Any], ...]] = tuple(attrs.fields(Rules))


def _flag_defaults() -> dict[str, bool | str]:
    defaults = Rules()
    flags: dict[str, bool | str] = {}
    for field in _RULE_FIELDS:
        value = getattr(defaults, field.name)
        flags[field.name] = value if isinstance(value, bool) else str(value.value)
    return flags


PARAMETERS: Final[Mapping[str, int | bool | str]] = {
    "players": 4,
    "returns": "win",
    "max_game_length": DEFAULT_MAX_GAME_LENGTH,
    "start_player": 0,
    "actions": "full",
    **_flag_defaults(),
}
"""Every game parameter with its default (the rules flags after the first five).

``actions`` is ``"full"`` or ``"compact"``: the action indices of
:meth:`ActionEncoding.for_game <tongiaki_rules.encoding.ActionEncoding.for_game>`.
"""


def _bad(name: str, message: str) -> SettingsError:
    return SettingsError(f"{GAME_NAME} parameter {name}: {message}")


def _plain(name: object) -> str:
    """A parameter name as written if it is plain text, else its ``repr``."""
    if type(name) is str and name.isascii() and name.isprintable():
        return name
    return shown(name)


@attrs.frozen(slots=True)
class GameSettings:
    """The game parameters, checked and converted.

    >>> GameSettings.from_parameters({"players": 2, "variant_rody": True}).rules.variant_rody
    True
    >>> try:
    ...     GameSettings.from_parameters({"returns": "money"})
    ... except SettingsError as error:
    ...     print(error)
    python_tongiaki parameter returns: 'money' is not one of 'win', 'score', 'zero_sum'
    """

    players: int
    rules: Rules
    returns: str
    max_game_length: int
    start_player: int
    actions: str = "full"

    @classmethod
    def from_parameters(cls, params: Mapping[str, object]) -> GameSettings:
        """Check ``params`` (missing ones take their defaults).

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming the
        parameter for an unknown name, a wrong type (a bool is not an int) or
        an impossible value, and naming ``params`` if it is not a mapping.
        """
        if not isinstance(params, Mapping):
            raise SettingsError(
                f"{GAME_NAME} params: expected a mapping of parameter names to values, "
                f"not {shown(params)}"
            )
        unknown = sorted(_plain(name) for name in params if name not in PARAMETERS)
        if unknown:
            raise _bad(unknown[0], f"no such parameter; known: {', '.join(PARAMETERS)}")
        values = {**PARAMETERS, **params}
        for name, default in PARAMETERS.items():
            value = values[name]
            if type(value) is not type(default):
                kind = type(default).__name__
                article = "an" if kind == "int" else "a"
                raise _bad(name, f"expected {article} {kind}, not {shown(value)}")
        flags: dict[str, Any] = {field.name: values[field.name] for field in _RULE_FIELDS}
        for name, value in flags.items():
            try:
                Rules(**{name: value})
            except SettingsError as error:
                raise _bad(name, str(error)) from None
        rules = Rules(**flags)
        players = values["players"]
        returns = values["returns"]
        if returns not in RETURNS:
            raise _bad("returns", f"{returns!r} is not one of {', '.join(map(repr, RETURNS))}")
        longest = values["max_game_length"]
        if not isinstance(longest, int) or not 1 <= longest <= MAX_GAME_LENGTH_LIMIT:
            raise _bad(
                "max_game_length",
                f"must be from 1 to {MAX_GAME_LENGTH_LIMIT}, not {shown(longest)}",
            )
        start = values["start_player"]
        actions = values["actions"]
        if actions not in ACTION_SPACES:
            raise _bad("actions", f"{actions!r} is not one of 'full', 'compact'")
        assert isinstance(players, int) and isinstance(start, int)
        if not 2 <= players <= 6:
            raise _bad("players", f"Tongiaki is for 2 to 6 players, not {shown(players)} [COMP-1]")
        if not 0 <= start < players:
            raise _bad("start_player", f"must be a seat 0..{players - 1}, not {shown(start)}")
        try:
            new_game(players, rules, start_player=start)
        except SettingsError as error:  # rules that do not fit the player count
            raise SettingsError(f"{GAME_NAME}: {error}") from None
        return cls(players, rules, str(returns), longest, start, str(actions))

    def parameters(self) -> dict[str, int | bool | str]:
        """All parameters as OpenSpiel takes them.

        >>> GameSettings.from_parameters({"players": 5}).parameters()["players"]
        5
        """
        params: dict[str, int | bool | str] = {
            "players": self.players,
            "returns": self.returns,
            "max_game_length": self.max_game_length,
            "start_player": self.start_player,
            "actions": self.actions,
        }
        for field in _RULE_FIELDS:
            value = getattr(self.rules, field.name)
            params[field.name] = value if isinstance(value, bool) else str(value.value)
        return params
