"""The learned bot: the one-ply search of the greedy bot under weights fitted to MCTS's choices.

:class:`LearnedBot` rates every option of a decision as
:class:`~tongiaki_rules.bots.GreedyBot` does, with the evaluation of
:mod:`.heuristic`, but under the :class:`~tongiaki_rules.bots.Weights` that
``benchmarks/train_learned.py`` fitted: decisions of self-play games put to
the MCTS bot, and the weights under which the one-ply ratings of each
decision's options make MCTS's choices likeliest (imitation of the search by
the evaluation). The weights ship as a small JSON file of the package,
``learned_weights.json``, read with the standard library: playing needs
neither numpy nor torch. :func:`load_weights` reads such a file (the shipped
one, or one of your own training) and refuses a malformed one with a
:class:`~tongiaki_rules.errors.SettingsError` naming the file and the field.

The weights were fitted on two-player games; the bot plays any number of
players with them.

>>> from tongiaki_rules import new_game
>>> state = new_game(2)
>>> bot = LearnedBot(seed=0)
>>> bot.name, bot.choose(state) in state.legal_actions()
('learned', True)
"""

from __future__ import annotations

import functools
import json
import math
import os
from importlib import resources
from typing import Any

from .._state import GameState
from ..actions import Action
from ..errors import SettingsError
from ._checks import MAX_PATIENCE, MAX_SAMPLE, seed_option, weights_option, whole_option
from ._greedy import GreedyBot
from ._heuristic import Weights

__all__ = [
    "WEIGHTS_FORMAT",
    "WEIGHTS_RESOURCE",
    "LearnedBot",
    "learned_weights",
    "load_weights",
    "read_weights",
]

WEIGHTS_FORMAT = "tongiaki-learned-weights"
"""The ``format`` a weights file names, with ``version`` 1."""

WEIGHTS_RESOURCE = "learned_weights.json"
"""The shipped weights: a data file of the package ``tongiaki_rules.bots``."""

_FITTED = (
    "presence",
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
"""The weights a file gives; the others keep their defaults."""

_MAX_WEIGHT = 1000.0
_MAX_FILE_BYTES = 1 << 20


def read_weights(document: Any, where: str = "weights") -> Weights:
    """The :class:`~tongiaki_rules.bots.Weights` of a parsed weights file.

    ``where`` names the file in messages. Every fitted weight must be there,
    a finite number from 0 to 1000 (``endgame`` and ``temperature`` above 0),
    and nothing else.

    >>> read_weights({"format": WEIGHTS_FORMAT, "version": 1, "weights": {"boat": 0.4}})
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: weights: weights.presence is missing
    """
    if not isinstance(document, dict):
        raise SettingsError(f"{where}: a weights file is a JSON object, not {_kind(document)}")
    if document.get("format") != WEIGHTS_FORMAT:
        raise SettingsError(f"{where}: format is not {WEIGHTS_FORMAT!r}")
    version = document.get("version")
    if type(version) is not int or version != 1:
        raise SettingsError(f"{where}: version {version!r} is not 1, the version this reads")
    found = document.get("weights")
    if not isinstance(found, dict):
        raise SettingsError(f"{where}: weights is a JSON object, not {_kind(found)}")
    unknown = sorted(str(k) for k in found if k not in _FITTED)
    if unknown:
        raise SettingsError(f"{where}: weights.{unknown[0]} is not a weight ({', '.join(_FITTED)})")
    values: dict[str, float] = {}
    for name in _FITTED:
        if name not in found:
            raise SettingsError(f"{where}: weights.{name} is missing")
        value = found[name]
        if type(value) not in (int, float) or not math.isfinite(value):
            raise SettingsError(f"{where}: weights.{name} is not a finite number: {value!r}")
        positive = name in ("endgame", "temperature")
        low_ok = value > 0.0 if positive else value >= 0.0
        if not low_ok or value > _MAX_WEIGHT:
            low = "above 0" if positive else "from 0"
            raise SettingsError(
                f"{where}: weights.{name} is {value!r}, not a number {low} to {_MAX_WEIGHT:g}"
            )
        values[name] = float(value)
    return Weights(
        presence=values["presence"],
        spread=values["spread"],
        royal=values["royal"],
        boat=values["boat"],
        alone=values["alone"],
        at_sea=values["at_sea"],
        landing=values["landing"],
        reserve=values["reserve"],
        endgame=values["endgame"],
        temperature=values["temperature"],
    )


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def load_weights(path: str | os.PathLike[str]) -> Weights:
    """The weights of the file at ``path`` (one that ``benchmarks/train_learned.py`` wrote).

    A file that cannot be read, is not JSON, or whose weights are not as
    :func:`read_weights` asks raises :class:`~tongiaki_rules.errors.SettingsError`.

    >>> load_weights("no-such-file.json")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: weights file 'no-such-file.json': cannot be read \
(FileNotFoundError)
    """
    where = f"weights file {os.fspath(path)!r}"
    try:
        with open(path, "rb") as file:
            data = file.read(_MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SettingsError(f"{where}: cannot be read ({type(exc).__name__})") from None
    return _parse(data, where)


def _parse(data: bytes, where: str) -> Weights:
    if len(data) > _MAX_FILE_BYTES:
        raise SettingsError(f"{where}: larger than {_MAX_FILE_BYTES} bytes")
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise SettingsError(f"{where}: not JSON ({type(exc).__name__})") from None
    return read_weights(document, where)


@functools.cache
def learned_weights() -> Weights:
    """The shipped weights (read once; every learned bot shares the one object).

    >>> learned_weights() is learned_weights()
    True
    """
    data = resources.files(__package__).joinpath(WEIGHTS_RESOURCE).read_bytes()
    return _parse(data, f"the shipped {WEIGHTS_RESOURCE}")


class LearnedBot:
    """The greedy bot's one-ply search under the learned weights.

    * ``seed``, ``sample``, ``patience``: as for
      :class:`~tongiaki_rules.bots.GreedyBot` (ties, options rated when
      there are many, the urge to draw a tile in a stalled game).
    * ``weights``: the weights to play with, by default the shipped ones
      (:func:`learned_weights`); :func:`load_weights` reads another file.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> LearnedBot(seed=5).choose(state) == LearnedBot(seed=5).choose(state)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        sample: int = 24,
        patience: int = 4,
        weights: Weights | None = None,
    ) -> None:
        chosen = learned_weights() if weights is None else weights_option("learned", weights)
        self._greedy = GreedyBot(
            seed=seed_option("learned", seed),
            sample=whole_option("learned", "sample", sample, low=1, high=MAX_SAMPLE),
            patience=whole_option("learned", "patience", patience, low=0, high=MAX_PATIENCE),
            weights=chosen,
        )
        self.weights = self._greedy.weights

    @property
    def name(self) -> str:
        """Always ``"learned"``."""
        return "learned"

    def choose(self, state: GameState) -> Action:
        """The legal action whose result the learned evaluation rates best; ties at random."""
        return self._greedy.choose(state)
