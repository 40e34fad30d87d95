"""What a bot is, the random bot, and building bots by name.

A bot is any object with a ``name`` and a ``choose(state)`` method that
returns one of ``state.legal_actions()`` (the one bot protocol, :class:`Bot`;
:mod:`.specs` turns your classes, factories and ``choose(state, rng)``
functions into bots). Bots are only ever asked at a
decision (never at a chance node or at the end). Every bot of this package
draws its randomness from its own ``random.Random(seed)``, so a bot built
with the same seed makes the same choices in the same positions.

>>> from tongiaki_rules import new_game
>>> bot = make_bot("random", seed=1)
>>> bot.name
'random'
>>> bot.choose(new_game(2)) in new_game(2).legal_actions()
True
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Collection, Mapping
from typing import Protocol, runtime_checkable

from .._state import GameState
from ..actions import Action
from ..errors import SettingsError
from ._checks import seed_option

__all__ = [
    "BOT_NAMES",
    "MAX_SPEC_LENGTH",
    "Bot",
    "BotFactory",
    "RandomBot",
    "make_bot",
    "parse_bot_spec",
    "parse_options",
]

MAX_SPEC_LENGTH = 500
"""The longest bot spec :func:`parse_bot_spec` reads, in characters."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the seat that must decide.

    >>> isinstance(RandomBot(seed=0), Bot)
    True
    """

    @property
    def name(self) -> str:
        """A short name for tables and records (``"random"``, ``"greedy"``, ...)."""
        ...

    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``; ``state`` is a decision, not a chance node."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> from tongiaki_rules import new_game
    >>> state = new_game(3)
    >>> RandomBot(seed=4).choose(state) == RandomBot(seed=4).choose(state)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed_option("random", seed))

    @property
    def name(self) -> str:
        """Always ``"random"``."""
        return "random"

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action (:meth:`~tongiaki_rules.GameState.sample_action`)."""
        return state.sample_action(self._rng)


BotFactory = Callable[..., Bot]
"""Builds a bot from ``seed=`` and the bot's own keyword options."""


def _factories() -> Mapping[str, BotFactory]:
    from ._greedy import GreedyBot
    from ._learned import LearnedBot
    from ._mcts import MCTSBot

    return {"random": RandomBot, "greedy": GreedyBot, "learned": LearnedBot, "mcts": MCTSBot}


BOT_NAMES: tuple[str, ...] = ("random", "greedy", "mcts", "learned")
"""The bots :func:`make_bot` knows by name, and a game server offers.

``"learned"`` (:class:`~tongiaki_rules.bots.LearnedBot`) plays with a data
file of the package: the greedy bot's one-ply choice under fitted weights,
as quick as greedy, and in measured games stronger than MCTS at its
default budget (see the evaluation how-to).
"""


def _option_value(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _check_spec_text(spec: object) -> str:
    if not isinstance(spec, str):
        raise SettingsError(
            f"a bot spec is text such as 'mcts:iterations=50', not {type(spec).__name__}"
        )
    if len(spec) > MAX_SPEC_LENGTH:
        raise SettingsError(
            f"bot spec {spec[:20]!r}... is longer than {MAX_SPEC_LENGTH} characters"
        )
    if not spec.isprintable():
        raise SettingsError(f"bot spec {spec!r} holds a character that cannot be printed")
    try:
        spec.encode("utf-8")
    except UnicodeEncodeError:
        raise SettingsError(f"bot spec {spec!r} is not valid text (a lone surrogate)") from None
    return spec


def parse_bot_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """Split ``"name:key=value:key=value"`` into the name and its options.

    Values that read as whole numbers become ``int``, other numbers
    ``float``, the rest stay text (the bot then refuses them). A spec that is
    not text, is longer than :data:`MAX_SPEC_LENGTH`, holds unprintable
    characters or names an option twice raises
    :class:`~tongiaki_rules.errors.SettingsError`.

    >>> parse_bot_spec("mcts:iterations=200:exploration=1.2")
    ('mcts', {'iterations': 200, 'exploration': 1.2})
    >>> parse_bot_spec("mybots:Careful:depth=2")
    ('mybots:Careful', {'depth': 2})
    >>> parse_bot_spec("mcts:200")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: bot option '200' of 'mcts:200' is not key=value
    >>> parse_bot_spec("mcts:iterations=5:iterations=6")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: bot option 'iterations' is given twice in \
'mcts:iterations=5:iterations=6'
    """
    from ._specs import is_module_spec

    name, *parts = _check_spec_text(spec).strip().split(":")
    if is_module_spec(spec):  # module:attribute, then the options
        return f"{name.strip()}:{parts[0].strip()}", parse_options(spec, parts[1:])
    return name.strip().lower(), parse_options(spec, parts)


def parse_options(spec: str, parts: list[str]) -> dict[str, int | float | str]:
    """The ``key=value`` options ``parts`` of ``spec``, as :func:`parse_bot_spec` reads them.

    >>> parse_options("x:depth=2", ["depth=2"])
    {'depth': 2}
    """
    options: dict[str, int | float | str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise SettingsError(f"bot option {part!r} of {spec!r} is not key=value")
        if key in options:
            raise SettingsError(f"bot option {key!r} is given twice in {spec!r}")
        options[key] = _option_value(value.strip())
    return options


def make_bot(spec: str, seed: int | None = None, *, modules: bool | Collection[str] = True) -> Bot:
    """Build a bot from its spec: ``"random"``, ``"greedy"``, ``"mcts:iterations=400"``,
    or your own as ``"module:attribute"`` (see :mod:`.specs`).

    Unknown names and options, and option values the bot refuses (see
    :mod:`.checks`: ``mcts:iterations=0``, ``mcts:iterations=1e9``,
    ``mcts:exploration=nan``), raise :class:`~tongiaki_rules.errors.SettingsError`
    naming the bot and the option. ``modules`` says which modules a
    ``module:attribute`` spec may import: any (``True``), none (``False``),
    or those named (and their submodules); a spec that comes from someone
    else should never import what they like.

    >>> make_bot("greedy", seed=0).name
    'greedy'
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: unknown bot 'genius'; choose from random, greedy, \
learned, mcts, or name your own as module:attribute
    >>> make_bot("tongiaki_rules.bots:first_choice", modules=False)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: bot spec 'tongiaki_rules.bots:first_choice': \
bots from modules are not allowed here
    """
    from ._specs import is_module_spec, load_module_spec

    if is_module_spec(_check_spec_text(spec)):
        return load_module_spec(spec, seed, modules=modules)
    name, options = parse_bot_spec(spec)
    factories = _factories()
    if name not in factories:
        raise SettingsError(
            f"unknown bot {name!r}; choose from {', '.join(factories)}, "
            "or name your own as module:attribute"
        )
    if "seed" in options:
        raise SettingsError(
            f"{spec!r}: a bot's seed is not an option of its spec; it comes from the caller"
        )
    accepted = _option_names(factories[name])
    for key in options:
        if key not in accepted:
            known = ", ".join(sorted(accepted)) or "none"
            raise SettingsError(f"{name}: unknown option {key!r} in {spec!r}; options: {known}")
    return factories[name](seed=seed, **options)


@functools.lru_cache(maxsize=64)
def _option_names(factory: BotFactory) -> frozenset[str]:
    """The keyword options a bot class takes in a spec (all but ``seed`` and ``weights``);
    remembered per class (a game server makes a bot for every move)."""
    parameters = inspect.signature(factory).parameters
    return frozenset(parameters) - {"seed", "weights"}
