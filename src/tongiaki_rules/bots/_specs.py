"""Bots by spec: built-in names, your own bots as ``module:attribute``, objects and factories.

A *bot spec* says which bot plays a seat. It is one of:

* the name of a bot of this package, with options: ``"random"``,
  ``"greedy"``, ``"mcts:iterations=400"`` (:func:`~tongiaki_rules.bots.make_bot`);
* ``"module:attribute"`` (options may follow: ``"mybots:Careful:depth=2"``):
  the attribute of an importable module, which is either a class or a
  factory called with ``seed=`` (if it takes it) and the options, and
  returning a bot; or a plain function ``choose(state, rng)`` returning one
  of ``state.legal_actions()``, which :class:`FunctionBot` turns into a bot
  with its own ``random.Random(seed)``;
* in Python, the bot object itself or a factory (a class, or any callable
  taking ``seed=``) (:func:`build_bot`).

There is one bot protocol, :class:`~tongiaki_rules.bots.Bot`: an object with
a ``name`` and a ``choose(state)`` method. Everything above ends as one.

Importing a module runs its code, so a spec that names a module is for the
person running the program: :func:`make_bot` takes ``modules=False`` (no
imports at all) or a collection of allowed module names, for specs that come
from someone else (a game server's clients).

>>> bot = build_bot("tongiaki_rules.bots:first_choice", seed=1)
>>> bot.name
'tongiaki_rules.bots:first_choice'
>>> from tongiaki_rules import new_game
>>> bot.choose(new_game(2)) == new_game(2).legal_actions()[0]
True
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import sys
from collections.abc import Callable, Collection
from typing import Any, TypeGuard

from .._state import GameState
from ..actions import Action
from ..errors import SettingsError
from ._base import Bot, BotFactory, parse_options

__all__ = [
    "MODULES_VARIABLE",
    "BotSpec",
    "FunctionBot",
    "allowed_modules",
    "build_bot",
    "first_choice",
    "is_bot_object",
    "is_module_spec",
    "load_module_spec",
    "spec_name",
]

BotSpec = str | Bot | BotFactory
"""A bot spec: text (a name with options, or ``module:attribute``), a bot, or a factory."""

ChooseFunction = Callable[[GameState, random.Random], Action]
"""A plain function ``choose(state, rng)`` returning one of ``state.legal_actions()``."""


def first_choice(state: GameState, rng: random.Random) -> Action:
    """A plain-function bot: always the first legal action (an example of the shape).

    >>> from tongiaki_rules import new_game
    >>> first_choice(new_game(2), random.Random(0))
    SetupPlace(beach=0)
    """
    return state.legal_actions()[0]


class FunctionBot:
    """A plain function ``choose(state, rng)`` as a :class:`~tongiaki_rules.bots.Bot`.

    The function gets the bot's own ``random.Random(seed)``; the bot can be
    pickled (for worker processes) when the function can, that is when it
    is defined at the top level of a module.

    >>> from tongiaki_rules import new_game
    >>> bot = FunctionBot(first_choice, "first", seed=3)
    >>> bot.name, bot.choose(new_game(2))
    ('first', SetupPlace(beach=0))
    """

    def __init__(self, function: ChooseFunction, name: str, seed: int | None = None) -> None:
        self.function = function
        self._name = name
        self.rng = random.Random(seed)

    @property
    def name(self) -> str:
        """The name given (for a spec, the spec's ``module:attribute``)."""
        return self._name

    def choose(self, state: GameState) -> Action:
        """What the function chooses in ``state``, with the bot's random generator."""
        return self.function(state, self.rng)


def is_module_spec(spec: str) -> bool:
    """Whether the text spec names ``module:attribute`` rather than a bot of this package.

    >>> is_module_spec("mybots:Careful"), is_module_spec("mcts:iterations=5")
    (True, False)
    """
    from ._base import _factories

    name, sep, rest = spec.strip().partition(":")
    first = rest.split(":", 1)[0]
    return bool(sep) and name.lower() not in _factories() and bool(first) and "=" not in first


def _allowed(module: str, modules: bool | Collection[str]) -> bool:
    if isinstance(modules, bool):
        return modules
    return any(module == m or module.startswith(m + ".") for m in modules)


def load_module_spec(
    spec: str, seed: int | None = None, *, modules: bool | Collection[str] = True
) -> Bot:
    """The bot of a ``module:attribute[:key=value...]`` spec; problems are :class:`SettingsError`.

    >>> load_module_spec("tongiaki_rules.bots._specs:nothing_here")
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: bot spec 'tongiaki_rules.bots._specs:nothing_here': \
the module tongiaki_rules.bots._specs has no attribute 'nothing_here'
    """
    module_name, _, rest = spec.strip().partition(":")
    attribute, *parts = rest.split(":")
    options = parse_options(spec, parts)
    shown = repr(spec)
    if not _allowed(module_name, modules):
        raise SettingsError(
            f"bot spec {shown}: bots from modules are not allowed here"
            + ("" if isinstance(modules, bool) else f" (allowed: {', '.join(sorted(modules))})")
        )
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a missing module, or one whose code fails: told, not raised
        raise SettingsError(
            f"bot spec {shown}: cannot import {module_name} ({type(exc).__name__}: {exc})"
        ) from None
    target = getattr(module, attribute, None)
    if target is None:
        raise SettingsError(
            f"bot spec {shown}: the module {module_name} has no attribute {attribute!r}"
        )
    return _from_callable(target, f"{module_name}:{attribute}", seed, options, shown)


def _is_choose_function(target: object) -> bool:
    """A plain function taking (state, rng): not a class, two required positional parameters."""
    if inspect.isclass(target) or not callable(target):
        return False
    try:
        parameters = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return False
    required = [
        p
        for p in parameters
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return len(required) == 2 and "seed" not in {p.name for p in parameters}


def _from_callable(
    target: object, name: str, seed: int | None, options: dict[str, Any], shown: str
) -> Bot:
    """A bot from a class, a factory or a ``choose(state, rng)`` function."""
    if _is_choose_function(target):
        if options:
            raise SettingsError(f"bot spec {shown}: a choose(state, rng) function takes no options")
        return FunctionBot(target, name, seed)  # type: ignore[arg-type]
    if not callable(target):
        raise SettingsError(
            f"bot spec {shown}: {name} is neither a class, a factory nor a choose(state, rng) "
            f"function, but a {type(target).__name__}"
        )
    try:
        takes_seed = "seed" in inspect.signature(target).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        bot = target(seed=seed, **options) if takes_seed else target(**options)
    except SettingsError as exc:
        raise SettingsError(f"bot spec {shown}: {exc}") from None
    except Exception as exc:  # the user's factory failing: told with the spec
        raise SettingsError(
            f"bot spec {shown}: building the bot failed ({type(exc).__name__}: {exc})"
        ) from None
    if not isinstance(bot, Bot) or not isinstance(bot.name, str):
        raise SettingsError(
            f"bot spec {shown}: {name} did not give a bot (an object with a name and a "
            f"choose(state) method) but a {type(bot).__name__}"
        )
    return bot


def build_bot(spec: object, seed: int | None = None) -> Bot:
    """The bot of any spec: text (:func:`~tongiaki_rules.bots.make_bot`), a bot, or a factory.

    A bot object is used as it is (``seed`` does not reach it); a factory
    (a class, or a callable taking ``seed=``) is called with ``seed``.

    >>> from tongiaki_rules.bots import RandomBot
    >>> build_bot(RandomBot, seed=1).name, build_bot(RandomBot(seed=2)).name
    ('random', 'random')
    >>> build_bot(42)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: a bot spec is text ('greedy', 'mymodule:MyBot'), a bot \
or a factory of bots, not int
    """
    from ._base import make_bot

    if isinstance(spec, str):
        return make_bot(spec, seed=seed)
    if is_bot_object(spec):
        return spec
    if callable(spec):
        return _from_callable(spec, spec_name(spec), seed, {}, repr(spec_name(spec)))
    raise SettingsError(
        "a bot spec is text ('greedy', 'mymodule:MyBot'), a bot or a factory of bots, "
        f"not {type(spec).__name__}"
    )


MODULES_VARIABLE = "TONGIAKI_BOT_MODULES"
"""The environment variable naming the modules a game server may import bots from."""


def allowed_modules() -> tuple[str, ...]:
    """The modules named in ``$TONGIAKI_BOT_MODULES`` (comma-separated; none when unset).

    The game server builds its bot seats with ``make_bot(spec, modules=allowed_modules())``:
    its clients can seat the bots of the modules its operator named, and import nothing else.

    >>> import os
    >>> os.environ[MODULES_VARIABLE] = "mybots, club.bots"
    >>> allowed_modules()
    ('mybots', 'club.bots')
    >>> del os.environ[MODULES_VARIABLE]
    >>> allowed_modules()
    ()
    """
    text = os.environ.get(MODULES_VARIABLE, "")
    return tuple(part.strip() for part in text.split(",") if part.strip())


def is_bot_object(spec: object) -> TypeGuard[Bot]:
    """Whether ``spec`` is a bot itself, not a class of bots (whose ``name`` may be set too).

    >>> from tongiaki_rules.bots import RandomBot
    >>> is_bot_object(RandomBot(seed=1)), is_bot_object(RandomBot)
    (True, False)
    """
    return (
        not inspect.isclass(spec)
        and isinstance(spec, Bot)
        and isinstance(getattr(spec, "name", None), str)
    )


def spec_name(spec: object) -> str:
    """How a spec is named in tables and records: the text, the bot's name, or the factory's.

    >>> from tongiaki_rules.bots import RandomBot
    >>> spec_name("greedy"), spec_name(RandomBot(seed=1)), spec_name(first_choice)
    ('greedy', 'random', 'tongiaki_rules.bots:first_choice')
    """
    if isinstance(spec, str):
        return spec.strip()
    name = getattr(spec, "name", None)
    if isinstance(name, str) and not inspect.isclass(spec):
        return name
    module = getattr(spec, "__module__", None) or "?"
    qualname = getattr(spec, "__qualname__", None) or type(spec).__name__
    return f"{_public_home(module, qualname, spec)}:{qualname}"


def _public_home(module: str, qualname: str, spec: object) -> str:
    """The public module that exports ``spec``: a private module's facade, where it is there.

    ``tongiaki_rules.bots._specs`` defines :func:`first_choice` and
    ``tongiaki_rules.bots`` exports it, so the spec reads as the public path.
    """
    parts = module.split(".")
    while len(parts) > 1 and parts[-1].startswith("_"):
        parent = sys.modules.get(".".join(parts[:-1]))
        if parent is None or getattr(parent, qualname, None) is not spec:
            break
        parts.pop()
    return ".".join(parts)
